"""Computer players that think in worker processes, so that no search holds the hub.

The hub runs many tables in one event loop.  A ``hard`` player searches for tens of
milliseconds per decision (80 ms median, 135 ms at the 95th percentile on this
2-core machine while it was shared); in a thread, that time would hold the
interpreter lock the event loop and every connection need.  So each decision is sent,
with the seat's view, its legal actions and the state of the seat's
``random.Random``, to a pool of worker processes (one per core), and the state comes
back with the choice: a seat chooses exactly as it would in this process.

The pool's processes are forked from a server that has already imported the
computer players (``forkserver``), so a worker starts in a fraction of a second and
nothing of the hub's threads or sockets is copied into it.  The workers run below
everything else in the scheduler's eyes (niceness 10): when the cores are full, a
person's key is drawn first and a search waits, which the computer players' pace of
about half a second hides.  A round trip costs about
a millisecond, which even a ``normal`` player (a few microseconds of thought) spends
gladly for one rule for all.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Sequence

from ..games import game_named
from ..games.protocol import ComputerPlayer, GameKind

PRELOADED = ["ramsli_tui.games"]  # imported once by the fork server, shared by every worker
WORKER_NICENESS = 10  # how far below the hub and the apps a worker runs (os.nice)


class Thinkers:
    """The worker processes, and computer players that think in them."""

    def __init__(self, workers: int | None = None):
        self.workers = workers or os.cpu_count() or 1
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(PRELOADED)
        # Only this process holds ``self.lifeline``'s sending end: when it ends, even by
        # kill -9, every worker reads the end of the pipe and ends too.
        self.lifeline_end, self.lifeline = self.context.Pipe(duplex=False)
        self.pool = self._new_pool()
        self.renewing = threading.Lock()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, mp_context=self.context, initializer=start_worker,
                                   initargs=(self.lifeline_end,))

    def player(self, game: str, strength: str) -> ComputerPlayer:
        """A computer player of ``game`` and ``strength`` (checked here, before any thinking)."""
        game_named(game).computer_player(strength)
        return PooledPlayer(self, game, strength)

    def choose(self, game: str, strength: str, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The choice, made in a worker; a pool whose worker died is made again once.  The
        worker is sent the game itself (its ``GameKind``, pickled by reference), not only
        its name, so that a game registered after the pool was forked plays there too."""
        kind = game_named(game)
        for attempt in (1, 2):
            pool = self.pool
            try:
                action, state = pool.submit(choose_in_worker, kind, strength, view, tuple(legal), rng.getstate()).result()
            except BrokenProcessPool:
                if attempt == 2:
                    raise
                self._renew(pool)
                continue
            rng.setstate(state)
            return action

    def _renew(self, broken: ProcessPoolExecutor) -> None:
        with self.renewing:  # several tables may find the pool broken at once: one new pool
            if self.pool is broken:
                self.pool = self._new_pool()
                broken.shutdown(wait=False)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class PooledPlayer(ComputerPlayer):
    """A computer player whose every choice is made in a worker process."""

    def __init__(self, thinkers: Thinkers, game: str, strength: str):
        self.thinkers = thinkers
        self.game = game
        self.strength = strength
        self.name = strength

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return self.thinkers.choose(self.game, self.strength, view, legal, rng)


def start_worker(lifeline) -> None:
    """In a worker, before its first decision: below the people's apps, and ended with the server."""
    os.nice(WORKER_NICENESS)
    end_with_server(lifeline)


def end_with_server(lifeline) -> None:
    """In a worker: end when the server has gone (a worker waiting for work would not)."""
    def watch() -> None:
        try:
            lifeline.recv_bytes()
        except (EOFError, OSError):
            pass
        os._exit(0)

    threading.Thread(target=watch, name="lifeline", daemon=True).start()


_PLAYERS: dict[tuple[str, str], ComputerPlayer] = {}  # in a worker: one of each (they keep no state)


def choose_in_worker(kind: GameKind, strength: str, view: Any, legal: tuple[Any, ...], state: object) -> tuple[Any, object]:
    player = _PLAYERS.get((kind.name, strength))
    if player is None:
        player = _PLAYERS[kind.name, strength] = kind.computer_player(strength)
    rng = random.Random()
    rng.setstate(state)
    return player.choose(view, legal, rng), rng.getstate()
