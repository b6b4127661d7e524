"""Small seeded matches, each deal played twice with the seats swapped: the normal player
beats the random one clearly.  The big measurements are in docs/rami.md."""

from ramsli_tui.games.rami.simulate import match


def test_normal_beats_random():
    result = match(["normal", "random"], players=2, deals=6, seed=1)
    assert result.hands == 12 and result.wins["normal"] >= 10
