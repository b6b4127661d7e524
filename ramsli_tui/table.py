"""The table: runs one session of Ramsli for one human and the computer players.

The table owns the engine's ``Session`` and is the only thing that moves it.  It asks
the seat to act — the human through the face (the app), a computer player in a worker
thread, with a short delay so that a person can follow every card — applies the action,
hands the face only the human seat's view and the events that seat may see, and
autosaves after every action.

A face talks to the table through a few calls: ``opening()`` for what the human may see
so far, ``run()`` (await it; it delivers every later ``Update`` to the listener),
``act(action)`` for the human, ``hand_seen()`` once the human has read a hand's
result, and ``until_human()`` to wait until the table needs the human (for tests and
scripts).
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Callable, NamedTuple, Protocol, Sequence

from . import rules as rulesets
from .bots import Bot, make_bot
from .engine import Action, Event, IllegalAction, PlayerView, Session, events_for
from .engine.events import HandSettled, TrickWon
from .rules import Ruleset
from .storage import HUMAN_SEAT, GameSpec, SavedGame


class Update(NamedTuple):
    """What the human seat may see after an action: its view and the new events, and,
    when a hand was just settled, its view of that hand as it stood at the end."""

    view: PlayerView
    events: tuple[Event, ...]
    hand_end: PlayerView | None = None


class Saves(Protocol):
    def save_game(self, saved: SavedGame) -> None: ...

    def discard_game(self) -> None: ...


class ReplayError(ValueError):
    """A saved game that does not replay (its ruleset changed or went away)."""


def load_rules(spec: GameSpec) -> Ruleset:
    """The spec's ruleset, with its starting chips if the spec overrides them."""
    ruleset = rulesets.load(spec.ruleset)
    if spec.starting_chips is not None:
        ruleset = replace(ruleset, starting_chips=spec.starting_chips)
    return ruleset


class Table:
    """One session at one table.  The human sits at seat 0."""

    human = HUMAN_SEAT

    def __init__(
        self,
        spec: GameSpec,
        rules: Ruleset,
        *,
        delay: float = 0.0,
        saves: Saves | None = None,
        actions: Sequence[str] = (),
    ):
        self.spec = spec
        self.rules = rules
        self.names = spec.names
        self.delay = delay
        self.saves = saves
        self.session = Session(rules, spec.players, random.Random(spec.seed))
        self.bots: dict[int, Bot] = {
            seat: make_bot(strength) for seat, strength in enumerate(spec.strengths) if strength is not None
        }
        self.bot_rngs = {seat: random.Random(f"{spec.seed}/{seat}/{len(actions)}") for seat in self.bots}
        self.actions: list[str] = []
        self.backlog: list[Event] = events_for(self.session.opening_events, self.human)
        self.listener: Callable[[Update], None] = lambda update: None
        self.on_problem: Callable[[str], None] = lambda message: None
        self._turn: asyncio.Future[None] | None = None
        self._hand_unseen = False
        self._needs_human = asyncio.Event()
        self._last_events: tuple[Event, ...] = ()  # what the last action did, for the pace
        for number, text in enumerate(actions, 1):
            try:
                events = self.session.apply(Action.parse(text))
            except ValueError as error:
                raise ReplayError(f"action {number} ({text}) no longer replays: {error}") from None
            self.actions.append(text)
            self.backlog += events_for(events, self.human)
            # A game left while a hand's result was on screen comes back to that result.
            self._hand_unseen = any(isinstance(event, HandSettled) for event in events) and not self.session.is_over

    @classmethod
    def from_save(cls, saved: SavedGame, *, delay: float = 0.0, saves: Saves | None = None) -> Table:
        """Rebuild a saved session; ReplayError (or RulesetError) if it no longer can be."""
        return cls(saved.spec, load_rules(saved.spec), delay=delay, saves=saves, actions=saved.actions)

    # --- what the face may read ---------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        return self.session.view(self.human)

    @property
    def saved(self) -> SavedGame:
        return SavedGame(self.spec, tuple(self.actions))

    def name(self, seat: int) -> str:
        return self.names[seat]

    # --- the face's calls ------------------------------------------------------------------

    def opening(self) -> Update:
        """Everything the human may see so far: the view, and every event since the cut
        (a resumed session's included); with the last hand as it ended, if its result is
        still to be read."""
        hand_end = self.session.finished[-1].view(self.human) if self._hand_unseen else None
        return Update(self.view, tuple(self.backlog), hand_end)

    async def run(self) -> None:
        """Run the session to its end, delivering every update to ``listener``.  After a
        trick is won, by anyone, the next computer player waits twice as long, so that the
        finished trick can be seen."""
        while not self.session.is_over:
            seat = self.session.current_seat
            if self._hand_unseen or seat == self.human:
                await self._wait_for_human()
            else:
                trick_won = any(isinstance(event, TrickWon) for event in self._last_events)
                self._apply(seat, await self._think(seat, slower=trick_won))
        self._needs_human.set()

    def act(self, action: Action) -> None:
        """The human's action.  IllegalAction, with nothing changed, if it cannot be taken now."""
        if self._turn is None or self._turn.done() or self._hand_unseen:
            current = self.session.current_seat
            waiting_for = self.names[current] if current >= 0 else "the next hand"
            raise IllegalAction(self.human, "{who} must wait for {name}", name=waiting_for)
        self._apply(self.human, action)
        self._needs_human.clear()
        self._turn.set_result(None)

    def hand_seen(self) -> None:
        """The human has read the last hand's result: the next hand may go on."""
        if self._hand_unseen:
            self._hand_unseen = False
            self._last_events = ()  # the summary was the look at the last trick
            if self._turn is not None and not self._turn.done():
                self._needs_human.clear()
                self._turn.set_result(None)

    async def until_human(self) -> None:
        """Wait until the table needs the human (to act or to read a result) or the session ends."""
        await self._needs_human.wait()

    @property
    def needs_human(self) -> bool:
        return self._needs_human.is_set()

    @property
    def hand_unseen(self) -> bool:
        """A hand has been settled and the table waits for the human to read its result."""
        return self._hand_unseen

    # --- inside the table -----------------------------------------------------------------

    async def _wait_for_human(self) -> None:
        self._turn = asyncio.get_running_loop().create_future()
        self._needs_human.set()
        try:
            await self._turn
        finally:
            self._needs_human.clear()

    async def _think(self, seat: int, slower: bool) -> Action:
        """A computer player's choice, made in a worker thread and shown at a human pace."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        view = self.session.view(seat)
        legal = view.legal
        try:
            action = await asyncio.to_thread(self.bots[seat].choose, view, legal, self.bot_rngs[seat])
        except Exception as error:  # a computer player's bug must not end the game
            self.on_problem(f"{self.names[seat]}'s computer player failed ({error}); it played the first legal move.")
            action = legal[0]
        if action not in legal:
            self.on_problem(f"{self.names[seat]}'s computer player chose an illegal move; it played the first legal one.")
            action = legal[0]
        pause = self.delay * (2 if slower else 1) - (loop.time() - started)
        if pause > 0:
            await asyncio.sleep(pause)
        return action

    def _apply(self, seat: int, action: Action) -> None:
        events = self.session.apply(action, seat)
        self.actions.append(str(action))
        settled = any(isinstance(event, HandSettled) for event in events)
        if settled and not self.session.is_over:
            self._hand_unseen = True
        self._autosave()
        visible = tuple(events_for(events, self.human))
        self._last_events = visible
        self.backlog += visible
        hand_end = self.session.finished[-1].view(self.human) if settled else None
        self.listener(Update(self.view, visible, hand_end))

    def _autosave(self) -> None:
        if self.saves is None:
            return
        try:
            if self.session.is_over:
                self.saves.discard_game()
            else:
                self.saves.save_game(self.saved)
        except OSError as error:
            self.on_problem(f"The game could not be saved ({error.strerror or error}).")
