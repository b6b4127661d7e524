"""A small tournament runs and its numbers add up (its strength is measured by hand:
see docs/bots.md)."""

import json

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import MEASUREMENT_PLAYERS, RandomBot
from ramsli_tui.cli import main
from ramsli_tui.games.ramsli.engine import RamsliView
from ramsli_tui.games.ramsli.tournament import percentile, tournament

LINEUP = ["hard", "normal", "random", "normal"]


@pytest.fixture(scope="module")
def result():
    return tournament(house_rules.load("classic"), 4, LINEUP, deals=3, seed=11)


def test_one_entry_per_bot_in_the_order_given(result):
    assert [bot.name for bot in result.bots] == LINEUP
    assert result.hands_played == 3 * 4


def test_chips_are_conserved_and_results_share_out_to_zero(result):
    assert result.chips_conserved
    assert sum(bot.chips_per_deal for bot in result.bots) == pytest.approx(0, abs=1e-3)


def test_each_bot_numbers_are_in_range(result):
    for bot in result.bots:
        low, high = bot.ci95
        assert low <= bot.chips_per_deal <= high
        assert 0 <= bot.in_rate <= 1
        assert 0 <= bot.pots_won <= result.hands_played
        assert 0 <= bot.betes <= result.hands_played
        assert 0 <= bot.decision_ms_median <= bot.decision_ms_p95


def test_the_same_seed_gives_the_same_results(result):
    again = tournament(house_rules.load("classic"), 4, LINEUP, deals=3, seed=11)
    strip = lambda bots: [(b.name, b.chips_per_deal, b.ci95, b.pots_won, b.betes, b.in_rate) for b in bots]
    assert strip(again.bots) == strip(result.bots)


def test_every_entry_of_a_lineup_of_equals_sits_in_every_seat_on_the_same_cards():
    equals = tournament(house_rules.load("obligatory"), 3, ["normal"] * 3, deals=4, seed=2)
    scores = {bot.chips_per_deal for bot in equals.bots}
    assert len(scores) == 1
    assert {bot.in_rate for bot in equals.bots} == {1.0}


def test_the_json_report_has_the_documented_shape(capsys):
    argv = ["tournament", "--ruleset", "classic", "--players", "3", "--bots", "normal,random,omniscient",
            "--deals", "2", "--seed", "5", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report) == ["ruleset", "players", "deals", "seed", "bots"]
    assert (report["ruleset"], report["players"], report["deals"], report["seed"]) == ("classic", 3, 2, 5)
    assert [bot["name"] for bot in report["bots"]] == ["normal", "random", "omniscient"]
    for bot in report["bots"]:
        assert list(bot) == ["name", "chips_per_deal", "ci95", "pots_won", "betes", "in_rate",
                             "decision_ms_median", "decision_ms_p95"]
        assert len(bot["ci95"]) == 2


@pytest.mark.parametrize("argv, message", [
    (["--bots", "normal,random"], "--bots names 2 computer players, but the table has 3"),
    (["--bots", "normal,random,expert"], "--bots names 'expert'; choose each from"),
    (["--bots", "normal,random,random", "--deals", "0"], "--deals must be at least 1"),
])
def test_mistakes_are_one_line_and_status_2(capsys, argv, message):
    assert main(["tournament", "--players", "3", *argv]) == 2
    assert message in capsys.readouterr().err


def test_simulate_seats_the_bots_it_is_given(capsys):
    assert main(["simulate", "--players", "3", "--bots", "normal,hard,random", "--hands", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["bots"] == ["normal", "hard", "random"]
    assert summary["hands_played"] == 4 and summary["chips_conserved"]


def test_percentiles_interpolate():
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.5) == 3.0
    assert percentile([0.0, 10.0], 0.95) == pytest.approx(9.5)


def test_the_tournament_hands_bots_their_own_view_only(monkeypatch):
    seen = []

    class Spy(RandomBot):
        def choose(self, view, legal, rng):
            seen.append((type(view), view.seat == view.current_seat, tuple(legal) == view.legal))
            return super().choose(view, legal, rng)

    monkeypatch.setitem(MEASUREMENT_PLAYERS, "spy", Spy)
    tournament(house_rules.load("classic"), 3, ["spy", "random", "spy"], deals=3, seed=4)
    assert seen and set(seen) == {(RamsliView, True, True)}


@pytest.mark.parametrize("command, option", [("simulate", "--hands"), ("tournament", "--deals")])
@pytest.mark.parametrize("game", ["ramsli", "rami"])
def test_every_measured_match_refuses_no_hand_or_deal_naming_its_option(capsys, game, command, option):
    players = "3" if game == "ramsli" else "2"
    assert main([command, "--game", game, "--players", players, option, "0"]) == 2
    assert f"{option} must be at least 1" in capsys.readouterr().err
