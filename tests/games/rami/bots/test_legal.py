"""Every computer player of Rami Simple only ever chooses a legal action (a listed one,
or a going-out the engine accepts), one against one and two against two."""

import pytest

from ramsli_tui.games.rami import RAMI

from tests.games.rami.bots.kit import decisions, is_legal, lineup, session

HANDS = 4


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("strength", [name for name in RAMI.strengths if name != "random"])
def test_every_decision_is_legal(strength, players):
    outs = 0
    for seed in range(HANDS):
        game = session(players, seed)
        for seat, view, legal, action in decisions(game, lineup([strength, "random"], players), seed):
            outs += action.kind == "out"  # decisions() has had the engine apply it
            assert is_legal(action, legal), f"{strength} chose {action} from {legal}"
    assert outs == HANDS
