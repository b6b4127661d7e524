"""The frozen Rami hard player (``hard-v1``) plays as Rami's hard player did when issue 23
began: every action of three whole hands (one against one twice, two against two),
every seat ``hard-v1``, recorded from it.  A yardstick is only one if it cannot move, so
a change to what it shares with a newer hard player must leave these as they were."""

import random

import pytest

from ramsli_tui.games.protocol import decide
from ramsli_tui.games.rami.bots import STRENGTHS, HardPlayer, make_rami_measurement_player
from ramsli_tui.games.rami.engine import RamiSession
from ramsli_tui.games.rami.house_rules import SIMPLE

RECORDED = {
    (2, 0): "discard:KS draw:talon discard:QC draw:talon discard:5D draw:jetee discard:2S draw:talon discard:2C draw:talon discard:5S draw:talon discard:TC draw:talon discard:5H draw:talon discard:TC draw:talon discard:4C draw:jetee discard:KS draw:talon discard:KD draw:talon discard:AS draw:talon discard:KH draw:talon discard:5C draw:talon discard:4S draw:jetee out:4S 4H 4D|4C 5C 6C 7C|9S 9D X1|JS JD JC/QD",
    (2, 1): "discard:7S draw:talon discard:4S draw:talon discard:8C draw:jetee discard:9S draw:talon discard:2D draw:jetee discard:KS draw:jetee discard:JS draw:talon discard:7H draw:talon discard:TD draw:talon discard:QS draw:jetee discard:JH draw:talon discard:2C draw:talon discard:3S draw:talon discard:6S draw:talon discard:JS draw:talon discard:6H draw:talon discard:3C draw:talon discard:AD draw:talon out:2C 3C 4C 5C|5S 5D 5C|QS QH QD|KS KH KC/6C",
    (4, 2): "discard:JS draw:talon discard:6C draw:jetee discard:8S draw:jetee discard:5S draw:talon discard:2S draw:jetee discard:6C draw:jetee discard:4S draw:jetee discard:6H draw:talon discard:KH draw:talon discard:8D draw:talon discard:2C draw:talon discard:KC draw:talon discard:5D draw:talon discard:9C draw:talon discard:7H draw:talon discard:3C draw:talon discard:5D draw:talon discard:9S draw:talon discard:5C draw:talon discard:3D draw:talon discard:5S draw:talon discard:AC draw:talon discard:TD draw:talon discard:7D draw:jetee out:AD 2D 3D|6S 6H 6D|7H 7D 7C|8D 9D X2 JD/AD",
}


def played_by_hard_v1(players: int, deal: int) -> list[str]:
    game = RamiSession(SIMPLE, players, random.Random(f"pin/{deal}"), dealer=deal % players)
    seats = [make_rami_measurement_player("hard-v1") for _ in range(players)]
    rngs = [random.Random(f"pin/{deal}/{seat}") for seat in range(players)]
    actions = []
    while not game.rounds_finished:
        seat = game.current_seat
        action = decide(seats[seat], game, seat, rngs[seat])
        actions.append(str(action))
        game.apply(action, seat)
    return actions


@pytest.mark.parametrize(("players", "deal"), list(RECORDED), ids=str)
def test_the_frozen_rami_hard_player_makes_the_recorded_choices(players, deal):
    assert " ".join(played_by_hard_v1(players, deal)) == RECORDED[players, deal]


def test_it_is_a_measurement_player_named_hard_v1_not_offered_in_the_app():
    player = make_rami_measurement_player("hard-v1")
    assert isinstance(player, HardPlayer) and player.name == "hard-v1" and "hard-v1" not in STRENGTHS
