"""Deals measured side by side (``ramsli tournament --jobs K``): the outcomes come back in
the deals' order, and a tournament or a Rami match reports the same whatever the
number of processes, but for the decisions' times; a count of processes below one is
refused, at the command line in one line."""

from __future__ import annotations

from functools import partial

import pytest

from ramsli_tui.cli import main
from ramsli_tui.games.parallel import outcomes_in_order
from ramsli_tui.games.rami.simulate import match
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.tournament import tournament


def test_outcomes_come_back_in_the_deals_order_from_one_process_or_two():
    square = partial(pow, exp=2)
    assert list(outcomes_in_order(square, 9, jobs=2)) == list(outcomes_in_order(square, 9)) == [n * n for n in range(9)]


def without_times(report: dict) -> dict:
    bots = [{key: value for key, value in bot.items() if not key.startswith("decision_ms")} for bot in report["bots"]]
    return {**report, "bots": bots}


def test_a_tournament_played_by_two_processes_reports_what_one_does():
    rules = house_rules.load("classic")
    one, two = (tournament(rules, 3, ["random", "normal", "timid"], deals=5, seed=8, jobs=jobs) for jobs in (1, 2))
    assert without_times(one.as_json()) == without_times(two.as_json())
    assert one.chips_conserved and two.chips_conserved and one.hands_played == two.hands_played == 15
    assert all(bot.decision_ms_median > 0 for bot in two.bots), "the workers' decisions are timed too"


def test_a_rami_match_played_by_two_processes_reports_what_one_does():
    one, two = (match(["normal", "random"], 2, deals=3, seed=4, jobs=jobs) for jobs in (1, 2))
    assert (one.wins, one.draws, one.margin, one.ci95) == (two.wins, two.draws, two.margin, two.ci95)
    assert sum(one.wins.values()) + one.draws == 6


def test_fewer_than_one_process_is_refused():
    with pytest.raises(ValueError):
        list(outcomes_in_order(abs, 3, jobs=0))


def test_the_command_refuses_fewer_than_one_process_in_one_line(capsys):
    assert main(["tournament", "--jobs", "0"]) == 2
    assert capsys.readouterr().err == "ramsli: --jobs must be at least 1\n"
