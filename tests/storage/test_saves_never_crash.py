"""A saved session that reads but cannot be rebuilt never stops ramsli from starting: the
file is set aside, byte for byte, the player is told, and the app starts.  Found by
fuzzing: players 0, 2, 9 or 1e999, a strength "evil", JSON nested 100,000 deep."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramsli_tui.cards import Card
from ramsli_tui.storage import SavedGame
from ramsli_tui.table.table import ReplayError, Table
from ramsli_tui.ui.common.setup import SetupScreen
from ramsli_tui.yamlfile import FileProblem

from tests.kits.ui import make_app, spec_for, storage_in

GOOD = json.loads(SavedGame(spec_for(seed=3), ("in",)).to_json())
FIRST_FORMAT = {"format": "ramsli-save/1", "ruleset": "classic", "players": 4, "seed": 1,
                "names": ["a", "b", "c", "d"], "strengths": [None, "random", "random", "random"], "actions": []}

FOUND_BY_FUZZING = {
    "no players": json.dumps({**FIRST_FORMAT, "players": 0, "names": [], "strengths": []}),
    "two players": json.dumps({**FIRST_FORMAT, "players": 2, "names": ["a", "b"], "strengths": [None, "random"]}),
    "nine players": json.dumps({**FIRST_FORMAT, "players": 9, "names": list("abcdefghi"),
                                "strengths": [None] + ["random"] * 8}),
    "players beyond any number": json.dumps(FIRST_FORMAT).replace('"players": 4', '"players": 1e999'),
    "an evil strength": json.dumps({**FIRST_FORMAT, "strengths": [None, "evil", "random", "random"]}),
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "an unknown game": json.dumps({**GOOD, "game": "chess"}),
    "a seed of 3.9": json.dumps({**GOOD, "seed": 3.9}),
    "starting chips of -5": json.dumps({**GOOD, "starting_chips": -5}),
}
PERSON_SEAT = GOOD["seats"][0]
COMPUTER_SEAT = GOOD["seats"][1]
READ_BUT_NOT_REBUILT = {  # issue 18: each of these stopped the app at every start
    "a raised card that is no card": json.dumps({**GOOD, "raised": "ZZ"}),
    "a raised card of 60,000 characters": json.dumps({**GOOD, "raised": "A" * 60_000}),
    "no person's seat": json.dumps({**GOOD, "seats": [COMPUTER_SEAT] * 4}),
    "a first-format save with no person": json.dumps({**FIRST_FORMAT, "strengths": ["random"] * 4}),
    "a key no save has": json.dumps({**GOOD, "cheat": True}),
    "a key missing": json.dumps({key: value for key, value in GOOD.items() if key != "actions"}),
    "a seat with a key no seat has": json.dumps({**GOOD, "seats": [{**PERSON_SEAT, "chips": 9}, *GOOD["seats"][1:]]}),
    "a person with a strength": json.dumps({**GOOD, "seats": [{**PERSON_SEAT, "strength": "random"},
                                                             *GOOD["seats"][1:]]}),
    "a computer without one": json.dumps({**GOOD, "seats": [PERSON_SEAT, {**COMPUTER_SEAT, "strength": None},
                                                           *GOOD["seats"][2:]]}),
    "a name of control characters": json.dumps({**GOOD, "seats": [{**PERSON_SEAT, "name": "\x1b]0;pwned\x07"},
                                                                 *GOOD["seats"][1:]]}),
    "a name of 60 MB's sort": json.dumps({**GOOD, "seats": [{**PERSON_SEAT, "name": "n" * 100_000},
                                                           *GOOD["seats"][1:]]}),
    "actions that are not text": json.dumps({**GOOD, "actions": ["in", 7, None]}),
    "actions that are no list": json.dumps({**GOOD, "actions": "in"}),
    "results read below none": json.dumps({**GOOD, "results_read": -1}),
    "an action that ends in the middle of a word": json.dumps({**GOOD, "actions": ["in", "ou"]}),
}

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def replayed_or_refused(saved: SavedGame) -> None:
    """What the app does with a save that reads: replay it, or get one of the errors it answers."""
    try:
        Table.for_spec(saved.spec, actions=saved.actions, results_read=saved.results_read)
    except (ReplayError, FileProblem, ValueError):
        pass


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(sorted(GOOD)), value=JSON_VALUES)
def test_any_value_in_any_field_is_read_or_set_aside_and_never_crashes(tmp_path_factory, key, value):
    storage = storage_in(tmp_path_factory.mktemp("saves"))
    path = storage.saves_dir / "session.json"
    path.parent.mkdir(parents=True)
    text = json.dumps({**GOOD, key: value})
    path.write_text(text)
    slots, problems = storage.saved_games()
    if slots:
        replayed_or_refused(slots[0].saved)
    else:
        [kept] = storage.saves_dir.glob("session.unreadable-*.json")
        assert kept.read_text() == text and len(problems) == 1 and "\n" not in problems[0]


@pytest.mark.parametrize("text", [*FOUND_BY_FUZZING.values(), *READ_BUT_NOT_REBUILT.values()],
                         ids=[*FOUND_BY_FUZZING, *READ_BUT_NOT_REBUILT])
async def test_the_app_starts_and_says_what_it_set_aside(tmp_path, text):
    storage = storage_in(tmp_path)
    path = storage.saves_dir / "session.20261201-090000.json"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        messages = [notification.message for notification in app._notifications]
        assert any("kept as" in message for message in messages), messages
    [kept] = storage.saves_dir.glob("session.20261201-090000.unreadable-*.json")
    assert kept.read_text() == text and not path.exists()


async def test_settings_that_name_a_broken_ruleset_of_ones_own_do_not_stop_the_app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    own = tmp_path / "xdg" / "ramsli" / "rulesets"
    own.mkdir(parents=True)
    (own / "mine.yaml").write_text("ante: lots\n")
    storage = storage_in(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("ruleset: mine\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "ante must be" in str(app.screen.query_one("#description").render())


def shapes_of_a_save() -> st.SearchStrategy[dict]:
    """Saves changed in their structure: a key deleted, renamed or added, a list made
    shorter or longer, a seat's kind, strength or keys changed, the actions cut anywhere."""
    def without(key):
        return {name: value for name, value in GOOD.items() if name != key}

    keys = st.sampled_from(sorted(GOOD))
    seat_changes = st.fixed_dictionaries({}, optional={
        "kind": st.sampled_from(["person", "computer", "robot", None]),
        "strength": st.sampled_from([None, "random", "evil", 3]),
        "name": st.sampled_from(["", "Zora", "\x1b[2J", "\u202e", "n" * 101, None]),
        "extra": st.just(1),
    })
    return st.one_of(
        keys.map(without),
        st.tuples(keys, st.text(max_size=8)).map(lambda pair: {**without(pair[0]), pair[1]: GOOD[pair[0]]}),
        st.tuples(st.text(max_size=8), JSON_VALUES).map(lambda pair: {**GOOD, pair[0]: pair[1]}),
        st.lists(st.sampled_from(GOOD["seats"]), max_size=7).map(lambda seats: {**GOOD, "seats": seats}),
        st.tuples(st.integers(0, 3), seat_changes).map(lambda change: {**GOOD, "seats": [
            {**seat, **change[1]} if number == change[0] else seat for number, seat in enumerate(GOOD["seats"])]}),
        st.lists(st.sampled_from(["in", "out", "pass", "play:AS", "play:7H", "i", "", "nap:3"]), max_size=8).map(
            lambda actions: {**GOOD, "actions": actions}),
        st.sampled_from([None, "AS", "X1", "ZZ", "", 3, "10H", " as "]).map(lambda raised: {**GOOD, "raised": raised}),
    )


@settings(max_examples=150, deadline=None)
@given(data=shapes_of_a_save())
def test_a_save_of_any_shape_is_refused_in_words_or_gives_what_the_app_sits_at(data):
    """What the app does with a save before its first screen: read it, rebuild its table,
    take the first person's seat and raise the raised card."""
    try:
        saved = SavedGame.from_json(json.dumps(data))
    except ValueError as error:
        assert "\n" not in str(error) and str(error).startswith("it ")
        return
    replayed_or_refused(saved)
    assert saved.spec.people, "a save read has a person's seat"
    if saved.raised is not None:
        Card.from_code(saved.raised)
