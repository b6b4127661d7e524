"""The fast sample of ``bench/fuzz.py`` (issue 18): for each kind of input it generates, the
few nastiest shapes found, each through the installed ``ramsli`` command (or the app's
start-up in a pseudo-terminal) under its time and memory limit, judged exactly as the
bench judges: no traceback, no hang, no memory bomb, nothing raw on the terminal, no
message over one line, the secret file never shown, the right exit status and output.

The inputs, the runner and the judge are the bench's own (``bench`` is imported from the
project's root, which pytest puts on the path for the ``tests`` package).
"""

from __future__ import annotations

import json
import random

import pytest

from bench import fuzz

SECRET_RULESET = "../secret/secret.yaml"  # from work/, where every command runs
SECRET_FROM_DATA = "../../../../secret/secret.yaml"  # from the app's folders in home/
OSC_TITLE = "\x1b]2;fz-title\x07"


def record(game: str = "ramsli", **changes) -> dict:
    """A valid hand record of random legal play, with ``changes``."""
    rng = random.Random(f"sample:{game}")
    made = fuzz.ramsli_record(rng) if game == "ramsli" else fuzz.rami_record(rng)
    return made | changes


def save(**changes) -> dict:
    """A valid save of a new Ramsli session, with ``changes``."""
    made = fuzz.new_save(random.Random(2))
    made.update(game="ramsli", ruleset="classic")
    return made | changes


def command(kind: str, argv: list[str], files: dict, expect: str, source: str = "ramsli", **more) -> fuzz.Case:
    return fuzz.Case(kind, 0, " ".join(argv), argv, files, expect=expect, source=source, secret="s3cr3tsample", **more)


def ruleset(kind: str, text: str | bytes | None, shape: str = "", **more) -> fuzz.Case:
    data = text.encode() if isinstance(text, str) else text
    action = "check" if kind == "rules-check" else "show"
    name = more.pop("name", "rules.yaml")
    return command(kind, ["rules", action, name], {f"work/{name}": shape or data}, action, source=name, **more)


def own_rulesets(files: dict) -> fuzz.Case:
    return command("rules-list", ["rules", "list"],
                   {f"home/.config/ramsli/rulesets/{name}": content for name, content in files.items()}, "list")


def replay(kind: str, content, options: tuple[str, ...] = ()) -> fuzz.Case:
    data = json.dumps(content).encode() if isinstance(content, dict) else content
    expect = "json" if "--json" in options or kind == "replay-json" else "words"
    options = ("--json", *options) if kind == "replay-json" else options
    if kind == "replay-stdin":
        return command(kind, ["replay", *options, "-"], {}, expect, source="<stdin>", stdin=data)
    return command(kind, ["replay", *options, "hand.yaml"], {"work/hand.yaml": data}, expect, source="hand.yaml")


def history(game: str, record_text: str, options: tuple[str, ...] = ()) -> fuzz.Case:
    import sqlite3
    import tempfile
    from pathlib import Path

    from ramsli_tui.storage.history import make_schema

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite3"
        connection = sqlite3.connect(path)
        make_schema(connection)
        connection.execute("INSERT INTO sessions (id, table_number, game, ruleset, started_at) VALUES (1, 1, 'ramsli', 'classic', '2026-11-30T10:00:00+00:00')")
        connection.execute("INSERT INTO hands VALUES (1, ?, 1, '2024-01-01T00:00:00+00:00', ?)", (game, record_text))
        connection.commit()
        connection.close()
        data = path.read_bytes()
    return command("history", ["history", "export", "--data", "data", *options],
                   {"work/data/history.sqlite3": data}, "export")


def saved(content, name: str = "session.json", kind: str = "saves", **more) -> fuzz.Case:
    data = json.dumps(content).encode() if isinstance(content, dict) else content
    files = {f"home/.local/share/ramsli/saves/{name}": data}
    if kind == "saves":
        return command(kind, ["saves"], files, "saves", **more)
    return app(kind, files)


def refused(*argv: str, **more) -> fuzz.Case:
    files = {"work/zero": "zero", "work/fifo": "fifo", "work/hand.json": json.dumps(record()).encode()}
    return command("options", list(argv), files, "refused", wall=6 if argv[0] == "serve" else fuzz.WALL_SECONDS,
                   **more)


def app(kind: str, files: dict) -> fuzz.Case:
    return fuzz.Case(kind, 0, kind, [], files, expect="app", wall=fuzz.APP_WALL_SECONDS, secret="s3cr3tsample")


def theme(text: str) -> fuzz.Case:
    """A theme of ``text`` (or a shape), chosen in the settings."""
    return app("app-theme", {"home/.config/ramsli/themes/fz.yaml": text if text in fuzz.SHAPES else text.encode(),
                             "home/.config/ramsli/settings.yaml": b"theme: fz\n"})


def settings(text: str) -> fuzz.Case:
    return app("app-settings", {"home/.config/ramsli/settings.yaml": text.encode()})


GREEN_FELT = "name: fz\ndark: true\nprimary: '#e8b84a'\nbackground: '#123c22'\n"
SAMPLE = {
    # rulesets: a tag that does not fit its value, a climb out to the secret, a FIFO, ascii output
    "rules-check tag misfit": lambda: ruleset("rules-check", 'ante: !!int "two"\nbete: !!bool "maybe"\n'),
    "rules-check extends ../secret": lambda: ruleset("rules-check", f"extends: {SECRET_RULESET}\n"),
    "rules-check FIFO": lambda: ruleset("rules-check", None, "fifo"),
    "rules-check snowman name, ascii stdout": lambda: ruleset("rules-check", "ante: 2\n", name="\u2603.yaml",
                                                              env={"PYTHONIOENCODING": "ascii"}),
    "rules-show tags on every node": lambda: ruleset("rules-show", fuzz.tagged(
        random.Random(3), fuzz.Examples().rulesets[1], every=True)),
    "rules-show /dev/zero": lambda: ruleset("rules-show", None, "zero"),
    "rules-show escape in a key": lambda: ruleset("rules-show", f"ante: 2\n{json.dumps(OSC_TITLE)}: 1\n"),
    # rules list: one bad ruleset of the user's must not cut the list off
    "rules-list int of a list": lambda: own_rulesets({"mine.yaml": b"ante: !!int [3, 2]\n"}),
    "rules-list FIFO": lambda: own_rulesets({"mine.yaml": "fifo", "other.yaml": b"ante: 2\n"}),
    "rules-list escape in a file name": lambda: own_rulesets({f"m{OSC_TITLE}.yaml": b"ante: !!float x\n"}),
    # hand records
    "replay ruleset ../secret": lambda: replay("replay", record(ruleset=SECRET_RULESET)),
    "replay FIFO": lambda: replay("replay", "fifo"),
    "replay escape in a card": lambda: replay("replay", record(deck=[OSC_TITLE] * 32)),
    "replay-json tag misfit": lambda: replay("replay-json", b'format: ramsli-hand/1\nplayers: !!int "two"\n'),
    "replay-json rami timestamp": lambda: replay(
        "replay-json", b"format: rami-hand/1\nplayers: 2\ndealer: !!timestamp 2024-13-45\n"),
    "replay-json FIFO": lambda: replay("replay-json", "fifo"),
    "replay-stdin laughs": lambda: replay("replay-stdin", fuzz.laughs(9).encode() + b"players: *l8\n", ("--json",)),
    "replay-stdin utf-16": lambda: replay("replay-stdin", json.dumps(record()).encode("utf-16")),
    "replay-stdin stream with a tagged record": lambda: replay(
        "replay-stdin", json.dumps(record()).encode() + b"\n---\nformat: ramsli-hand/1\npot: !!int [1]\n"),
    # the hand history
    "history unknown game": lambda: history("nope", json.dumps(record())),
    "history record a list": lambda: history("ramsli", json.dumps([record()])),
    "history --table 2**64": lambda: history("ramsli", json.dumps(record()), ("--table", str(2**64))),
    # saves, listed
    "saves title in a name": lambda: saved(save(seats=[{"name": OSC_TITLE, "kind": "person", "strength": None},
                                                       {"name": "Anna", "kind": "computer", "strength": "normal"},
                                                       {"name": "Bertl", "kind": "computer", "strength": "normal"}])),
    "saves 20 MB": lambda: command("saves", ["saves"], {"home/.local/share/ramsli/saves/big.json": fuzz.huge(
        20 << 20, b'{"format": "ramsli-save/2", "ruleset": "classic", "seats": [{"name": "')}, "saves"),
    "saves snowman, ascii stdout": lambda: saved(save(ruleset="\u2603"), env={"PYTHONIOENCODING": "ascii"}),
    # options that must be refused in one line
    "options serve --port 99999": lambda: refused("serve", "--open", "--data", "serve", "--port", "99999"),
    "options serve --allow /dev/zero": lambda: refused("serve", "--port", "0", "--data", "serve", "--allow", "zero"),
    "options play --continue x": lambda: refused("play", "--continue", "x"),
    "options replay --hand 2**64": lambda: refused("replay", "--hand", str(2**64), "hand.json"),
    # the app's start-up
    "app-theme tag misfit": lambda: theme(GREEN_FELT.replace("dark: true", 'dark: !!bool "maybe"')),
    "app-theme FIFO": lambda: theme("fifo"),
    "app-settings int of a word": lambda: settings('players: !!int "two"\nname: Me\n'),
    "app-settings title in the name": lambda: settings(f"name: {json.dumps(OSC_TITLE)}\n"),
    "app-save raised not a card": lambda: saved(save(raised="ZZ"), kind="app-save"),
    "app-save no person's seat": lambda: saved(save(seats=[
        {"name": name, "kind": "computer", "strength": "normal"} for name in ("A", "B", "C")]), kind="app-save"),
    "app-save escape in its file name": lambda: saved(b"null\n", name="s\x1b[31mfz.json", kind="app-save"),
}


@pytest.mark.parametrize("name", list(SAMPLE))
def test_the_nastiest_inputs_of_each_kind_count_in_no_column(name, tmp_path):
    case = SAMPLE[name]()
    outcome = fuzz.run_case(case, tmp_path)
    failed = fuzz.judge(case, outcome)
    assert failed == set(), fuzz.describe(case, outcome, failed, seed=0)


def test_the_sample_holds_every_kind_of_the_bench():
    kinds = {SAMPLE[name]().kind for name in SAMPLE}
    assert kinds == set(fuzz.KINDS)
