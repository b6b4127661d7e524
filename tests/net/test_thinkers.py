"""Computer players thinking in worker processes choose exactly as they would in the
hub's own process, below the people's apps, and a worker that dies is replaced."""

from __future__ import annotations

import os
import random
import signal

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import decide
from ramsli_tui.net.thinkers import WORKER_NICENESS


def test_a_choice_made_in_a_worker_is_the_one_made_here_and_moves_the_seat_s_random_numbers_alike(thinkers):
    kind = game_named("ramsli")
    game = kind.new_game(kind.load_rules("classic"), 4, 8)
    here, there = random.Random(5), random.Random(5)
    pooled = thinkers.player("ramsli", "normal")
    for _ in range(12):
        seat = game.current_seat
        expected = decide(kind.computer_player("normal"), game, seat, here)
        assert decide(pooled, game, seat, there) == expected
        assert there.getstate() == here.getstate()
        game.apply(expected, seat)
    assert os.getpid() not in {process.pid for process in thinkers.pool._processes.values()}


def test_a_worker_that_dies_is_replaced_and_the_choice_is_made_all_the_same(thinkers):
    kind = game_named("ramsli")
    game = kind.new_game(kind.load_rules("classic"), 3, 2)
    pooled = thinkers.player("ramsli", "random")
    decide(pooled, game, game.current_seat, random.Random(1))
    for process in list(thinkers.pool._processes.values()):
        os.kill(process.pid, signal.SIGKILL)
    action = decide(pooled, game, game.current_seat, random.Random(1))
    assert action in game.legal_actions()


def test_the_workers_yield_the_cores_to_everything_else_of_the_server(thinkers):
    niceness = {thinkers.pool.submit(os.nice, 0).result() for _ in range(8)}
    assert niceness == {min(os.nice(0) + WORKER_NICENESS, 19)}
