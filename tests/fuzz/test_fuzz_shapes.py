"""Shapes, not only values (issue 18, "how it stays closed"): every reader of a file people
write — rulesets of both games, hand records of both games (through ``ramsli replay
--json``), themes, settings and saves — is given a real file of its kind rewritten into
the shapes people and attackers write: an explicit tag on every node (fitting or not),
anchors and aliases, keys given twice, deleted, renamed or added, lists made shorter or
longer, nesting far too deep, huge and odd numbers, control and bidi characters; then
encoded with a BOM, CRLF, latin-1 or UTF-16, truncated or with bytes flipped.

Each test proves: no exception but the reader's own one-line error, every message one
printable line naming the file, and (for saves and settings) nothing set aside lost.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramsli_tui import cli
from ramsli_tui.games.rami import house_rules as rami_rules
from ramsli_tui.games.rami.deck import FULL_DECK, codes as rami_codes
from ramsli_tui.games.ramsli import house_rules as ramsli_rules
from ramsli_tui.storage import SavedGame, Settings, Storage, StorageError, shown_path
from ramsli_tui.ui.themes import ThemeError, bundled_dir, load_theme

from tests.fuzz.test_fuzz_readers import assert_one_line_each
from tests.kits.ui import spec_for

SHAPES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EXAMPLES = Path(__file__).resolve().parent.parent / "kits" / "data" / "hand-examples"

TAGS = ["!!str", "!!int", "!!float", "!!bool", "!!null", "!!timestamp", "!!binary", "!!set", "!!map", "!!seq",
        "!!omap", "!!pairs", "!!merge", "!thing", "!", "!!python/name:os.system"]
ODD_SCALARS = ["9" * 40, "0x1F", "0o17", "1_000", "+12", "-0", "1e999", ".nan", "-.inf", "2024-02-30", "12:30:00",
               "~", "yes", "maybe", "'two'", '"\\x1b]0;title\\x07"', '"\\u202eevil"', '"\\x85\\u2028"', "ab\u202ecd",
               '"\\x00"', "[" * 30 + "]" * 30, "{a: {a: {a: {a: 1}}}}", "''", "-", "? x"]


# --- writing a value as YAML, a shape at a time ---------------------------------------------

def plain(value) -> str:
    """A scalar as YAML writes it on one line."""
    return yaml.safe_dump(value, default_flow_style=True, width=10**6).removesuffix("\n...\n").strip()


@st.composite
def written(draw, value, aliases: bool, depth: int = 0) -> str:
    """``value`` as flow YAML, each node perhaps tagged or anchored, perhaps an alias
    (with ``aliases``: each refuses the whole file, so only in some files), a list
    perhaps cut short or grown, a mapping's keys perhaps given twice."""
    head = ""
    if draw(st.integers(0, 2)) == 0:
        head += draw(st.sampled_from(TAGS)) + " "
    if draw(st.integers(0, 8)) == 0:
        head += f"&a{draw(st.integers(0, 10**9))} "  # each anchor's name once, as YAML requires
    if aliases and draw(st.integers(0, 4)) == 0:
        return "*a"
    if isinstance(value, list) and depth < 6:
        items = list(value)
        if draw(st.integers(0, 3)) == 0:
            items = items[: draw(st.integers(0, len(items)))] + draw(st.lists(st.sampled_from(items or [0]), max_size=3))
        return head + "[" + ", ".join(draw(written(item, aliases, depth + 1)) for item in items) + "]"
    if isinstance(value, dict) and depth < 6:
        pairs = list(value.items())
        if pairs and draw(st.integers(0, 4)) == 0:
            pairs.append(draw(st.sampled_from(pairs)))
        return head + "{" + ", ".join(f"{plain(key)}: {draw(written(item, aliases, depth + 1))}" for key, item in pairs) + "}"
    if draw(st.integers(0, 4)) == 0:
        return head + draw(st.sampled_from(ODD_SCALARS))
    return head + plain(value)


def nested(value, depth: int):
    """``value`` inside ``depth`` lists, deeper than any reader reads."""
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def reshaped(draw, document: dict) -> str:
    """A document of top-level keys, one a line, with keys deleted, renamed, added or
    given twice, each value rewritten by ``written``."""
    pairs = list(document.items())
    for _ in range(draw(st.integers(0, 3))):
        if not pairs:
            break
        change = draw(st.sampled_from(["delete", "rename", "twice", "add", "nest"]))
        place = draw(st.integers(0, len(pairs) - 1))
        key, value = pairs[place]
        if change == "delete":
            del pairs[place]
        elif change == "rename":
            pairs[place] = (draw(st.sampled_from([key.upper(), key + "s", key[:-1] or "x", "\u202e" + key])), value)
        elif change == "twice":
            pairs.append((key, value))
        elif change == "add":
            pairs.append((draw(st.sampled_from(["extra", "format", "game", "0", "null"])), value))
        else:
            pairs[place] = (key, nested(value, 25))
    aliases = draw(st.integers(0, 5)) == 0
    lines = [f"{plain(key)}: {draw(written(value, aliases))}" for key, value in pairs]
    top = draw(st.sampled_from(["", "", "", "%YAML 1.1\n---\n", "--- !!map\n", "--- !!seq\n", "anchored: &a 1\n"]))
    return top + "\n".join(lines) + "\n"


@st.composite
def encoded(draw, text: str) -> bytes:
    """``text`` as bytes a file may hold: UTF-8 (with a BOM or not), CRLF, latin-1 or
    UTF-16; perhaps truncated, perhaps with a few bytes flipped."""
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    encoding = draw(st.sampled_from(["utf-8"] * 6 + ["utf-8-sig", "latin-1", "utf-16"]))
    data = bytearray(text.encode(encoding, errors="replace"))
    if draw(st.integers(0, 5)) == 0:
        del data[draw(st.integers(0, len(data))):]
    for _ in range(draw(st.integers(1, 3)) if draw(st.integers(0, 5)) == 0 else 0):
        if data:
            data[draw(st.integers(0, len(data) - 1))] ^= draw(st.integers(1, 255))
    return bytes(data)


def files_of(document: dict) -> st.SearchStrategy[bytes]:
    return reshaped(document).flatmap(encoded)


# --- the real files the shapes are made from -------------------------------------------------

def loaded(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


RAMSLI_RULESET = {**ramsli_rules.CLASSIC.as_yaml_dict(), "extends": "classic"}
RAMI_RULESET = {"game": "rami", **loaded(rami_rules.bundled_dir() / "simple.yaml")}
RAMSLI_RECORD = loaded(EXAMPLES / "bete-fixed.yaml")
THEME = loaded(bundled_dir() / "green-felt.yaml")
SETTINGS = yaml.safe_load(Settings().to_yaml())


def told(path: Path, errors: tuple[type[Exception], ...], read) -> list[str]:
    """The problems ``read`` tells of the file at ``path``: none, or its error's lines."""
    try:
        read(path)
    except errors as error:
        return list(getattr(error, "problems", [str(error)]))
    return []


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("shapes")


@SHAPES
@given(data=files_of(RAMSLI_RULESET))
def test_a_ramsli_ruleset_of_any_shape_is_read_or_told_in_lines_naming_the_file(folder, data):
    path = folder / "ruleset.yaml"
    path.write_bytes(data)
    assert_one_line_each(told(path, (ramsli_rules.RulesetError,), ramsli_rules.load_file), str(path), with_line=False)


@SHAPES
@given(data=files_of(RAMI_RULESET))
def test_a_rami_ruleset_of_any_shape_is_read_or_told_in_lines_naming_the_file(folder, data):
    path = folder / "rami.yaml"
    path.write_bytes(data)
    assert_one_line_each(told(path, (rami_rules.RulesetError,), rami_rules.load_file), str(path), with_line=False)


def replayed_json(path: Path) -> tuple[int, object]:
    """``ramsli replay --json PATH`` in this process: its status and the JSON it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["replay", "--json", str(path)])
    assert err.getvalue() == "", err.getvalue()
    return status, json.loads(out.getvalue())


def assert_result_or_error_object(status: int, printed, source: str) -> None:
    """One result or error object (or a stream's array of them), exit 2 on an error."""
    objects = printed if isinstance(printed, list) else [printed]
    errors = [one["error"]["message"] for one in objects if "error" in one]
    assert status == (2 if errors else 0)
    assert_one_line_each(errors, source, naming=rf"({re.escape(source)}(:\d+)?|action \d+): ")


@SHAPES
@given(data=files_of(RAMSLI_RECORD))
def test_a_ramsli_record_of_any_shape_gives_a_result_or_the_error_object(folder, data):
    path = folder / "hand.yaml"
    path.write_bytes(data)
    assert_result_or_error_object(*replayed_json(path), str(path))


RAMI_RECORD = {"format": "rami-hand/1", "players": 2, "dealer": 0, "scores": [0, 0], "deck": rami_codes(FULL_DECK),
               "actions": [{"seat": 1, "act": "draw", "from": "talon"}]}


@SHAPES
@given(data=files_of(RAMI_RECORD))
def test_a_rami_record_of_any_shape_gives_a_result_or_the_error_object(folder, data):
    path = folder / "rami-hand.yaml"
    path.write_bytes(data)
    assert_result_or_error_object(*replayed_json(path), str(path))


@SHAPES
@given(data=files_of(THEME))
def test_a_theme_of_any_shape_is_read_or_one_line_naming_the_file(folder, data):
    path = folder / "theme.yaml"
    path.write_bytes(data)
    assert_one_line_each(told(path, (ThemeError,), load_theme), str(path), with_line=False)


@SHAPES
@given(data=files_of(SETTINGS))
def test_settings_of_any_shape_cost_only_their_bad_values_or_are_set_aside_whole(tmp_path_factory, data):
    storage = Storage(tmp_path_factory.mktemp("config"), tmp_path_factory.mktemp("data"))
    storage.settings_path.write_bytes(data)
    try:
        _, problems = storage.read_settings()
    except StorageError as error:
        [kept] = storage.config_dir.glob("settings.unreadable-*.yaml")
        assert "\n" not in str(error) and str(kept) in str(error)
        assert kept.read_bytes() == data
    else:
        assert_one_line_each(problems, shown_path(storage.settings_path))
        assert storage.settings_path.read_bytes() == data


SAVE = json.loads(SavedGame(spec_for(seed=3), ("in", "out"), raised="AS").to_json())


@st.composite
def saves(draw) -> bytes:
    """A save rewritten: as JSON with its keys deleted, renamed, added or given twice,
    its lists cut or grown; or as the YAML shapes (JSON's superset is not JSON)."""
    document = dict(SAVE)
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(sorted(document) or ["format"]))
        change = draw(st.sampled_from(["delete", "rename", "add", "cut", "grow", "odd"]))
        if change == "delete":
            document.pop(key, None)
        elif change == "rename":
            document[key.upper()] = document.pop(key, None)
        elif change == "add":
            document[draw(st.text(max_size=6))] = 1
        elif isinstance(document.get(key), list) and change in ("cut", "grow"):
            value = document[key]
            document[key] = value[: len(value) // 2] if change == "cut" else value + value[:2]
        else:
            document[key] = draw(st.sampled_from([None, -1, 2**70, 1.5, "", "\x1b[2J", [], {}, [[[]]], "ZZ"]))
    text = json.dumps(document, ensure_ascii=draw(st.booleans()))
    if draw(st.integers(0, 5)) == 0:
        text = text[:-1] + ', "format": "ramsli-save/2"}'  # a key given twice: JSON keeps the last
    if draw(st.integers(0, 5)) == 0:
        text = draw(reshaped(document))
    return draw(encoded(text))


@SHAPES
@given(data=saves())
def test_a_save_of_any_shape_is_listed_or_set_aside_byte_for_byte(tmp_path_factory, data):
    storage = Storage(tmp_path_factory.mktemp("config"), tmp_path_factory.mktemp("data"))
    storage.saves_dir.mkdir(parents=True)
    (storage.saves_dir / "session.json").write_bytes(data)
    slots, problems = storage.saved_games()
    if slots:
        from ramsli_tui.storage.save_labels import described

        assert slots[0].saved.spec.people and "\n" not in described(slots[0])
    else:
        [problem] = problems
        [kept] = storage.saves_dir.glob("session.unreadable-*.json")
        assert "\n" not in problem and str(kept) in problem
        assert kept.read_bytes() == data
