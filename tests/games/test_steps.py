"""A finished hand told step by step for the hand viewer (``kind.steps``): step 0 the
deal, then one step per action of the record, each holding the hand after the record's
first actions, and the last one the hand ``ramsli replay`` gives; a record's ``names``."""

from __future__ import annotations

import json
import random

import pytest

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import play_out

TABLES = [("ramsli", "classic", 3), ("ramsli", "classic", 6), ("ramsli", "nap", 4), ("ramsli", "jokers", 5), ("rami", "simple", 2),
          ("rami", "simple", 4)]
SEEDS = range(6)


def finished_records(game: str, ruleset: str, players: int, seed: int, hands: int = 3) -> list[dict]:
    """The records of the first ``hands`` hands that computer players finish (random at
    Ramsli; normal at Rami, where random ones draw until a record is too long to read)."""
    kind = game_named(game)
    strength = "random" if game == "ramsli" else "normal"
    session = kind.new_game(kind.load_rules(ruleset), players, seed)
    play_out(session, {seat: kind.computer_player(strength) for seat in range(players)},
             {seat: random.Random(seed * 10 + seat) for seat in range(players)},
             until=lambda game: game.is_over or game.rounds_finished >= hands)
    return [kind.records.record_of(hand) for hand in session.finished]


@pytest.mark.parametrize("game, ruleset, players", TABLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_each_action_is_a_step_after_the_deal_and_the_last_is_the_replayed_hand(game, ruleset, players, seed):
    kind = game_named(game)
    records = finished_records(game, ruleset, players, seed)
    assert records
    for record in records:
        text = json.dumps(record)
        steps = kind.steps.shown_hand(text).steps
        assert len(steps) == len(record["actions"]) + 1
        assert steps[0].index is None and steps[0].seat is None and steps[0].hand.actions == []
        for number, step in enumerate(steps[1:], start=1):
            assert step.index == number - 1
            assert kind.records.record_of(step.hand)["actions"] == record["actions"][:number]
            assert step.seat == record["actions"][number - 1].get("seat")
        result, _ = kind.records.replay_text(text)
        assert steps[-1].hand.is_over
        assert kind.records.result_of(steps[-1].hand) == result


@pytest.mark.parametrize("game, ruleset, players", [TABLES[0], TABLES[3]])
def test_each_step_says_what_it_made_happen(game, ruleset, players):
    kind = game_named(game)
    record = finished_records(game, ruleset, players, seed=1, hands=1)[0]
    steps = kind.steps.shown_hand(json.dumps(record)).steps
    assert steps[0].events and all(step.events for step in steps[1:])
    assert type(steps[0].events[0]).__name__ == "HandStarted"


@pytest.mark.parametrize("game, ruleset, players", [TABLES[0], TABLES[4]])
def test_a_record_may_name_its_players_and_names_unfit_to_show_are_left_out(game, ruleset, players):
    kind = game_named(game)
    record = finished_records(game, ruleset, players, seed=2, hands=1)[0]
    named = ["Anna", "Bertl", "Carlo", "Dora"][:players]
    assert kind.steps.shown_hand(json.dumps({**record, "names": named})).names == tuple(named)
    assert kind.steps.shown_hand(json.dumps(record)).names is None
    for unfit in (named[:-1], [*named[:-1], "\x1b[31mred"], [*named[:-1], 7], [*named[:-1], "x" * 15]):
        assert kind.steps.shown_hand(json.dumps({**record, "names": unfit})).names is None
