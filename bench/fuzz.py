"""Outside in: generated files, records, options and file shapes through the installed
``ramsli`` commands and the app's start-up, each in a process of its own under a time
and memory limit, counting what a person or an attacker must never see (issue 18).

Every kind of input ramsli reads is generated from valid examples (the bundled
rulesets and themes, the default settings, a save of a new session, hand records of
Ramsli and Rami played by random legal moves, a hand history of them) by mutating the
shapes people and attackers write: explicit YAML tags on some or every node
(``!!int "two"``, ``!!python/object``…), anchors, aliases and billion laughs, keys
given twice, deleted or renamed, wrong types and list lengths, deep nesting, huge and
odd numbers, control, escape, C1 and bidi characters in names and values, ``../``
paths to a secret file, BOM, CRLF, latin-1 and UTF-16, truncation and byte flips; or
the file is replaced by a FIFO, a link to /dev/zero, a folder, nothing, or a file over
the bounds.  A tenth of the commands run with ``PYTHONIOENCODING=ascii``.

The kinds, and what each input runs (cwd and HOME are a fresh folder per input, XDG
folders inside it, stdin /dev/null unless fed):

    rules-check   ramsli rules check FILE          rules-show   ramsli rules show FILE
    rules-list    ramsli rules list, a generated ruleset in the user's rulesets folder
    replay        ramsli replay FILE               replay-json  ramsli replay --json FILE
    replay-stdin  ramsli replay [--json] -, the record on stdin
    history       ramsli history export --data DIR [--json] [--table ID], a generated database
    saves         ramsli saves, a generated save in the data folder
    options       any command with an option value that must be refused (never a server that
                  listens: one still running at its time limit is killed and counted)
    app-theme, app-settings, app-save
                  ``ramsli`` in a pseudo-terminal (100×30) with a generated theme (and the
                  settings choosing it), settings file or save; it must show its first
                  screen (the key bar) or leave with one clean line, then leave on ctrl+q

Each input counts in a column when its run shows it:

    traceback   "Traceback (most recent call last)" in what it printed (or in the app's
                error.log)
    hang        still running at the wall limit (10 s; 20 s for the app), or out of CPU time
    memory      MemoryError, killed by the memory limit (1 GiB of address space), or a
                peak over 400 MB
    raw         a raw control character on stdout or stderr: C0 but newline and tab, DEL,
                C1 (as a character or a lone byte), ESC, bidi controls.  For the app, whose
                own drawing is escapes, one of the generated sequences verbatim (the
                exact bytes put in the input), or a terminal title set to the input's
    long        a message on stderr of more than three lines (a message starts at a line
                beginning ``ramsli:``, the input's name, or another file's name and line)
    not-1-line  a message on stderr of more than one line (argparse's ``usage:`` lines)
    secret      the secret file's contents (a token in it) shown anywhere
    status      a wrong exit status or output: any status but 0 and 2, 2 with nothing
                on stderr, ``--json`` not printing one JSON
                object with status 2 exactly for an error, ``rules list`` not listing
                every bundled ruleset, an option that must be refused taken (``--hand N`` of
                a stream without record N is one line on stderr, as cli.md says), the app
                not starting (or crashing, status 1) or not leaving on ctrl+q

The first few failing inputs of each kind are written to ``--keep DIR`` (the case's
folder as it was before the run, and ``case.txt``: the command, its environment and what
it printed); ``--case N`` reruns input N of ``--only KIND`` and prints all of it.

    python bench/fuzz.py                       # every kind, about 2,700 inputs, minutes
    python bench/fuzz.py --only saves --count 50 --keep /tmp/fuzz-kept
    python bench/fuzz.py --only replay-json --case 17

``tests/fuzz/test_fuzz_sample.py`` runs a few of the nastiest inputs of each kind in the
suite, with the same generators and judge.
"""

from __future__ import annotations

import argparse
import base64
import copy
import json
import os
import pty
import random
import re
import resource
import select
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import get_context
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import yaml

MEMORY_LIMIT = 1 << 30  # address space of each run
CPU_SECONDS = 30
WALL_SECONDS = 10
APP_WALL_SECONDS = 20  # to the first screen, and again to leave after ctrl+q
PEAK_BOUND = 400 << 20  # a peak resident size above this is a memory bomb
KEPT_OUTPUT = 1 << 20  # bytes of each stream kept for judging; the rest is read and dropped
KEY_BAR_MARKS = ("palette", "f2 Settings")  # the app's key bar is drawn: the first is cut off when the keys fill the line
COLUMNS = ("traceback", "hang", "memory", "raw", "long", "not-1-line", "secret", "status")
RAMSLI = shutil.which("ramsli") or "ramsli"

# --- what is put in names and values ---------------------------------------------------------

# Each sequence ends in "fz" so that the app's check can find it verbatim.
ESCAPES = (
    "\x1b]2;fz-title\x07", "\x1b]0;fz-title\x1b\\", "\x1b[2J\x1b[Hfz", "\x1b[31mfz", "\x9d2;fz-title\x9c",
    "\x9b2Jfz", "\x07fz", "\x00fz", "\rfz", "\x08fz", "\x7ffz", "\u202efz", "\u2066fz", "\u200ffz",
    "\x1bPfz\x1b\\", "\x1b]8;;http://fz.invalid\x07fz",
)
RAW_CHARACTER = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\udc80-\udc9f]")
TAGS = (
    "!!int", "!!bool", "!!float", "!!timestamp", "!!set", "!!binary", "!!null", "!!str", "!!seq", "!!map",
    "!!omap", "!!pairs", "!!python/object:object", "!!python/object/apply:os.getcwd", "!!python/name:os.system",
    "!custom", "!!merge", "!!value", "!!yaml",
)
ODD_VALUES = (
    "9" * 5000, str(2**64), str(-2**63 - 1), "-1", "0", "1e400", ".nan", "-.inf", "~", "true", "maybe", "'x'",
    "[]", "{}", "[3, 2]", "{a: 1}", "[[[[1]]]]", "!!int \"two\"", "!!bool \"maybe\"", "!!float x",
    "!!timestamp 2024-13-45", "!!binary '!!!'", "!!set {a, b}", "!!python/object/apply:os.system ['true']",
    "\"\\ud800\"", "\"\\uDFFF x\"", "'" + "x" * 70_000 + "'", "*nowhere", "&a [*a]", "| \n  block", "@x", "%x",
    "2024-02-30", "0x1F", "0o17", "1_000", "+12", "12:30:00", "\"\\0\\e\\a\"",
)


def escape_in(rng: random.Random, around: str = "", in_a_name: bool = False) -> str:
    """A generated sequence in some text: at its start, end or middle (``in_a_name``: one
    a file name or a command line can hold, without NUL or "/")."""
    sequence = rng.choice([one for one in ESCAPES if not in_a_name or not ("\x00" in one or "/" in one)])
    cut = rng.randint(0, len(around))
    return around[:cut] + sequence + around[cut:]


# --- the files the inputs are written as ------------------------------------------------------

SHAPES = ("fifo", "zero", "folder", "missing", "loop", "empty", "huge", "urandom")


@dataclass
class Case:
    """One generated input: the files of its folder, the command, and what it must do."""

    kind: str
    number: int
    label: str  # what was generated, in a few words
    argv: list[str]
    files: dict[str, bytes | str] = field(default_factory=dict)  # relative path: bytes, or a shape
    stdin: bytes | None = None
    env: dict[str, str] = field(default_factory=dict)
    expect: str = "done-or-refused"
    secret: str = ""  # the token of the secret file, never to be shown
    source: str = ""  # the input's name as messages start with it
    wall: float = WALL_SECONDS


@dataclass
class Outcome:
    """What one run printed and how it ended."""

    status: int | None
    out: bytes
    err: bytes
    timed_out: bool
    peak: int  # bytes resident at most
    log: bytes = b""  # the app's error.log
    shown: str = ""  # the app's screen as drawn
    title: str = ""  # the terminal title the app left
    started: bool = False  # the app showed its first screen


def materialize(case: Case, folder: Path, huge_size: int = 0) -> None:
    """Write ``case``'s files, shapes and the secret into ``folder``."""
    for sub in ("home/.config", "home/.local/share", "work", "secret"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    if case.secret:
        (folder / "secret" / "secret.yaml").write_text(
            f"description: {case.secret}\nante: 3\n{case.secret}-key: {case.secret}\n")
    for name, content in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif content == "fifo":
            os.mkfifo(path)
        elif content in ("zero", "urandom"):
            path.symlink_to(f"/dev/{content}")
        elif content == "folder":
            path.mkdir()
        elif content == "loop":
            path.symlink_to(path.name)
        elif content == "empty":
            path.write_bytes(b"")
        elif content.startswith("huge:"):
            _write_huge(path, content)


def _write_huge(path: Path, content: str) -> None:
    """``huge:SIZE:PREFIX-in-base64``: the prefix, then a long value to SIZE bytes."""
    _, size, prefix = content.split(":", 2)
    head = base64.b64decode(prefix)
    with path.open("wb") as file:
        file.write(head)
        chunk = b"x" * (1 << 20)
        left = int(size) - len(head)
        while left > 0:
            file.write(chunk[:left])
            left -= len(chunk)
        file.write(b"\"}\n" if head.rstrip().endswith(b'"') else b"\n")


def huge(size: int, prefix: bytes) -> str:
    return f"huge:{size}:{base64.b64encode(prefix).decode()}"


# --- valid examples to start from --------------------------------------------------------------

def bundled_texts(folder: Path) -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.yaml"))]


def ramsli_record(rng: random.Random) -> dict:
    """A Ramsli hand record of random legal play, stopped anywhere."""
    from ramsli_tui.games.ramsli import house_rules
    from ramsli_tui.games.ramsli.engine import Hand
    from ramsli_tui.games.ramsli.records import record_of

    ruleset = house_rules.load(rng.choice(["classic", "nap", "jokers", "general-rams", "modern-52"]))
    players = rng.randint(ruleset.players.min, ruleset.players.max)
    deck = list(ruleset.cards())
    rng.shuffle(deck)
    hand = Hand(ruleset, [rng.randint(0, 30) for _ in range(players)], rng.randrange(players), rng.randint(0, 9), deck)
    for _ in range(rng.choice((0, 3, 10, 1000))):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return record_of(hand)


def rami_record(rng: random.Random) -> dict:
    """A Rami Simple hand record of random legal play, stopped anywhere."""
    from ramsli_tui.games.rami import house_rules
    from ramsli_tui.games.rami.deck import FULL_DECK
    from ramsli_tui.games.rami.engine.hand import Hand
    from ramsli_tui.games.rami.records import record_of

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    players = rng.choice((2, 4))
    hand = Hand(house_rules.SIMPLE, players, rng.randrange(players), [0] * players, deck)
    for _ in range(rng.choice((0, 5, 40, 400))):
        legal = () if hand.is_over else hand.legal_actions()
        if not legal:
            break
        hand.apply(rng.choice(legal))
    return record_of(hand)


def new_save(rng: random.Random) -> dict:
    """A ``ramsli-save/2`` of a session just dealt (or a few actions in)."""
    from ramsli_tui.storage.saves import SavedGame
    from ramsli_tui.table.spec import GameSpec

    game = rng.choice(("ramsli", "ramsli", "rami"))
    players = rng.choice((2, 4)) if game == "rami" else rng.randint(3, 5)
    spec = GameSpec.one_person(game, "simple" if game == "rami" else "classic", rng.randint(0, 10**6),
                               ["You", "Anna", "Bertl", "Carlo", "Dora"][:players], ["normal"] * (players - 1))
    actions = tuple(rng.choice(("in", "out", "AS", "7H", "pass", "draw:talon")) for _ in range(rng.choice((0, 0, 2))))
    return json.loads(SavedGame(spec, actions, 0, None).to_json())


def default_settings() -> str:
    from ramsli_tui.storage import Settings

    return Settings().to_yaml()


# --- mutations of YAML text --------------------------------------------------------------------

TOP_LINE = re.compile(r"^([A-Za-z_][\w-]*):(.*)$", re.M)


def tagged(rng: random.Random, text: str, every: bool) -> str:
    """``text`` with explicit tags on some (or every) node, fitting or not."""
    try:
        node = yaml.compose(text)
    except (yaml.YAMLError, RecursionError):
        return text
    if node is None:
        return text

    seen: set[int] = set()

    def walk(each):
        if id(each) in seen:  # an alias: its node is tagged once (a billion laughs is not walked)
            return
        seen.add(id(each))
        if every or rng.random() < 0.3:
            tag = rng.choice(TAGS)
            each.tag = tag.replace("!!", "tag:yaml.org,2002:") if tag.startswith("!!") else tag
        children = each.value if isinstance(each.value, list) else []
        for child in children:
            for part in (child if isinstance(child, tuple) else (child,)):
                walk(part)

    walk(node)
    try:
        return yaml.serialize(node, allow_unicode=True)
    except (yaml.YAMLError, RecursionError):
        return text


def with_value(rng: random.Random, text: str, value: str) -> str:
    """One top-level key of ``text`` given ``value`` (or a new key, if it has none)."""
    lines = list(TOP_LINE.finditer(text))
    if not lines:
        return text + f"\nfz: {value}\n"
    line = rng.choice(lines)
    return text[:line.start()] + f"{line.group(1)}: {value}" + text[line.end():]


def yaml_mutations(secret_ref: str) -> list[Callable[[random.Random, str], str]]:
    """Every way a YAML file is broken, each a function of a random source and the text."""
    return [
        lambda rng, text: tagged(rng, text, every=False),
        lambda rng, text: tagged(rng, text, every=True),
        lambda rng, text: with_value(rng, text, rng.choice(ODD_VALUES)),
        lambda rng, text: with_value(rng, text, json.dumps(escape_in(rng, "name"))),
        lambda rng, text: with_value(rng, text, escape_in(rng, "name")),  # raw, in the file
        lambda rng, text: text + f"\n{json.dumps(escape_in(rng, 'key'))}: 1\n",
        lambda rng, text: text + f"\n{escape_in(rng, 'key')}: {json.dumps(escape_in(rng))}\n",
        lambda rng, text: duplicated(rng, text),
        lambda rng, text: deleted(rng, text),
        lambda rng, text: renamed(rng, text),
        lambda rng, text: with_value(rng, text, "[" * rng.choice((25, 200, 5000)) + "]" * 25),
        lambda rng, text: with_value(rng, text, "{a: " * rng.choice((25, 300)) + "1" + "}" * 5),
        lambda rng, text: "fz: &a [1, 2, 3]\n" + with_value(rng, text, "*a"),
        lambda rng, text: "fz: &a {ante: 2}\n" + text + "\n<<: *a\n",
        lambda rng, text: laughs(rng.randint(4, 9)) + with_value(rng, text, f"*l{rng.randint(3, 8)}"),
        lambda rng, text: f"extends: {secret_ref}\n" + text,
        lambda rng, text: f"extends: {rng.choice([secret_ref, '/etc/passwd', '../../../../etc/hostname'])}\n",
        lambda rng, text: text.replace("\n", "\n  ", 1),  # an indentation mistake
        lambda rng, text: "--- !!python/object:object\n" + text,
        lambda rng, text: text + "\n---\nsecond: document\n",
        lambda rng, text: "- " + text.replace("\n", "\n  "),  # a list, not a mapping
        lambda rng, text: rng.choice(["", "~", "42", "just words", "[1, 2]", "\"\\ud800\"", "%YAML 9.9\n---\n"]),
    ]


def duplicated(rng: random.Random, text: str) -> str:
    lines = list(TOP_LINE.finditer(text))
    if not lines:
        return text + "\nfz: 1\nfz: 2\n"
    return text + f"\n{rng.choice(lines).group(1)}: {rng.choice(ODD_VALUES[:12])}\n"


def deleted(rng: random.Random, text: str) -> str:
    lines = list(TOP_LINE.finditer(text))
    if not lines:
        return text
    line = rng.choice(lines)
    return text[:line.start()] + text[line.end():]


def renamed(rng: random.Random, text: str) -> str:
    lines = list(TOP_LINE.finditer(text))
    if not lines:
        return text
    line = rng.choice(lines)
    name = rng.choice([line.group(1) + "s", line.group(1).upper(), escape_in(rng, line.group(1)), "x" * 300])
    return text[:line.start()] + f"{name}:{line.group(2)}" + text[line.end():]


def laughs(levels: int) -> str:
    lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]" for n in range(1, levels)]
    return "\n".join(lines) + "\n"


# --- mutations of bytes -------------------------------------------------------------------------

def encoded(rng: random.Random, text: str) -> bytes:
    """``text`` as bytes, as people's editors and attackers write them."""
    way = rng.choice(["utf-8"] * 6 + ["bom", "crlf", "latin-1", "utf-16", "truncated", "flipped", "nul"])
    data = text.encode("utf-8", "surrogatepass")
    if way == "bom":
        return b"\xef\xbb\xbf" + data
    if way == "crlf":
        return data.replace(b"\n", b"\r\n")
    if way == "latin-1":
        return (text + "\n# caf\u00e9 \u00e0 la cr\u00e8me\n").encode("latin-1", "replace")
    if way == "utf-16":
        return text.encode("utf-16", "surrogatepass")
    if way == "truncated":
        return data[:rng.randint(0, len(data))]
    if way == "flipped":
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if flipped:
                flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        return bytes(flipped)
    if way == "nul":
        return data + b"\x00\xff\xfe" * rng.randint(1, 5)
    return data


def file_or_shape(rng: random.Random, data: bytes, bound: int, shapes: float = 0.12) -> bytes | str:
    """``data``, or now and then a FIFO, a link to /dev/zero, a folder… in its place."""
    if rng.random() >= shapes:
        return data
    shape = rng.choice(SHAPES)
    if shape == "huge":
        return huge(bound + rng.choice((1, 4096, bound // 2, 3 * bound)), data[: max(0, data.rfind(b"\n"))][:2000]
                    + b"\nfz: \"")
    return shape


# --- the generators, one per kind ------------------------------------------------------------------

RULESET_BOUND = 1 << 20
RECORD_BOUND = 1 << 20
SAVE_BOUND = 1 << 20
HISTORY_BOUND = 50 << 20


def secret_token(rng: random.Random) -> str:
    return f"s3cr3t{rng.randrange(16**8):08x}"


def ascii_now_and_then(rng: random.Random) -> dict[str, str]:
    return {"PYTHONIOENCODING": "ascii"} if rng.random() < 0.1 else {}


class Examples:
    """The valid inputs the generators start from, read once."""

    def __init__(self):
        from ramsli_tui.games.ramsli import house_rules
        from ramsli_tui.ui.themes import bundled_dir

        bundled = Path(house_rules.bundled_dir())
        self.rulesets = bundled_texts(bundled) + bundled_texts(bundled / "rami") + [
            "ante: 2\n", "extends: classic\nbete: 7\n", "game: rami\nextends: simple\n", "description: mine\n"]
        self.themes = bundled_texts(Path(bundled_dir()))
        self.settings = default_settings()


def mutated_yaml(rng: random.Random, text: str, secret_ref: str, most: int = 3) -> str:
    mutations = yaml_mutations(secret_ref)
    for _ in range(rng.randint(1, most)):
        text = rng.choice(mutations)(rng, text)
    return text


def ruleset_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    token = secret_token(rng)
    text = mutated_yaml(rng, rng.choice(examples.rulesets), "../secret/secret.yaml")
    name = rng.choice(["house_rules.yaml", "house_rules.yaml", "r\u00e9gles \u2603.yaml", escape_in(rng, "r", True) + ".yaml"])
    files = {f"work/{name}": file_or_shape(rng, encoded(rng, text), RULESET_BOUND)}
    action = "check" if kind == "rules-check" else "show"
    return Case(kind, number, f"ruleset {name!r}", ["rules", action, name], files, env=ascii_now_and_then(rng),
                expect=action, secret=token, source=name)


def rules_list_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    token = secret_token(rng)
    own = "home/.config/ramsli/rulesets"
    files = {}
    for index in range(rng.randint(1, 3)):
        text = mutated_yaml(rng, rng.choice(examples.rulesets), "../../../../secret/secret.yaml")
        folder = own + ("/rami" if rng.random() < 0.25 else "")
        name = rng.choice([f"mine{index}.yaml", escape_in(rng, f"m{index}", True) + ".yaml"])
        files[f"{folder}/{name}"] = file_or_shape(rng, encoded(rng, text), RULESET_BOUND, shapes=0.2)
    return Case(kind, number, "own rulesets", ["rules", "list"], files, env=ascii_now_and_then(rng),
                expect="list", secret=token)


def record_mutations(rng: random.Random, record: dict, secret_ref: str) -> dict:
    """The record with a few keys broken, deleted, added or given odd values."""
    record = copy.deepcopy(record)
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(list(record) or ["format"])
        way = rng.randrange(12)
        if way == 0:
            record.pop(key, None)
        elif way == 1:
            record[key] = rng.choice([None, True, -1, 2**70, 1.5, "x", [], {}, [[[]]], float("inf")])
        elif way == 2:
            record[key] = escape_in(rng, str(record.get(key))[:30])
        elif way == 3:
            record["ruleset"] = rng.choice([secret_ref, "/etc/passwd", "../../../secret/secret", "classic\x1b]2;fz\x07"])
        elif way == 4 and isinstance(record.get("deck"), list):
            record["deck"] = rng.choice([record["deck"][:-1], record["deck"] * 2, ["ZZ"] * 32, [escape_in(rng)] * 5])
        elif way == 5 and isinstance(record.get("actions"), list) and record["actions"]:
            actions = record["actions"]
            index = rng.randrange(len(actions))
            actions[index] = rng.choice([{}, [], None, {"seat": 99, "act": "in"}, {"seat": 0, "act": escape_in(rng)},
                                         {"seat": -1, "act": "play", "card": "AS"}, {"seat": "0", "act": "in"}])
            if rng.random() < 0.5:
                del actions[index + 1:]  # the record ends there, in the middle of the deal
        elif way == 6:
            record[key] = deep(rng.choice((25, 500, 3000)))
        elif way == 7:
            record[escape_in(rng, "extra")] = escape_in(rng, "value")
        elif way == 8 and isinstance(record.get("stacks"), list):
            record["stacks"] = rng.choice([record["stacks"][:-1], record["stacks"] + [1], [-5] * 3, [10**30] * 4])
        elif way == 9:
            record["players"] = rng.choice([0, 1, 7, 99, -2, 10**20, "4"])
        elif way == 10:
            record["format"] = rng.choice(["ramsli-hand/2", "rami-hand/1", "ramsli-hand/1", escape_in(rng)])
        else:
            record["dealer"] = rng.choice([-1, 99, 10**19, None])
    return record


DEEP = re.compile(r'"\\u0000deep(\d+)\\u0000"')


def deep(depth: int) -> str:
    """A value nested ``depth`` lists deep, once the record is JSON text (``as_json``)."""
    return f"\x00deep{depth}\x00"


def as_json(value: object, **options) -> str:
    """``json.dumps``, each ``deep`` value written out as its nesting."""
    return DEEP.sub(lambda found: "[" * int(found.group(1)) + "1" + "]" * int(found.group(1)),
                    json.dumps(value, **options))


def as_yaml(record: dict) -> str:
    """A record as the project writes records, or as plain YAML if it lost what that needs."""
    from ramsli_tui.games.records import dump_record

    try:
        return dump_record(record)
    except (KeyError, TypeError, ValueError, AttributeError):
        return yaml.safe_dump(record, allow_unicode=True)


def record_text(rng: random.Random, record: dict) -> str:
    """A record as JSON or YAML, one document or a stream, now and then broken as text."""
    form = rng.randrange(2) if "\\u0000deep" in json.dumps(record) else rng.randrange(5)
    if form == 0:
        text = as_json(record)
    elif form == 1:
        text = as_json([{"record": record}, {"record": record, "table": 1}])
    elif form == 2:
        text = as_yaml(record) + "---\n" + as_yaml(record)
    else:
        text = as_yaml(record)
    if rng.random() < 0.35:
        text = mutated_yaml(rng, text, "../secret/secret.yaml", most=1)
    return text


def record_input(rng: random.Random) -> tuple[str, dict]:
    record = ramsli_record(rng) if rng.random() < 0.6 else rami_record(rng)
    if rng.random() < 0.85:
        record = record_mutations(rng, record, rng.choice(["../secret/secret.yaml", "../secret/secret"]))
    return record_text(rng, record), record


def replay_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    token = secret_token(rng)
    text, _ = record_input(rng)
    data = encoded(rng, text)
    as_json = kind == "replay-json" or (kind == "replay-stdin" and rng.random() < 0.5)
    options = ["--json"] if as_json else []
    if rng.random() < 0.15:
        options += ["--hand", str(rng.choice([1, 2, 3]))]
    expect = "json" if as_json else "words"
    if kind == "replay-stdin":
        return Case(kind, number, "record on stdin", ["replay", *options, "-"], stdin=data,
                    env=ascii_now_and_then(rng), expect=expect, secret=token, source="<stdin>")
    name = rng.choice(["hand.yaml", "hand.json", escape_in(rng, "h", True) + ".yaml"])
    files = {f"work/{name}": file_or_shape(rng, data, RECORD_BOUND, shapes=0.15)}
    return Case(kind, number, f"record {name!r}", ["replay", *options, name], files, env=ascii_now_and_then(rng),
                expect=expect, secret=token, source=name)


def history_database(rng: random.Random, path: Path) -> None:
    """A hand history of a few hands, some of them broken in the ways a file is."""
    from ramsli_tui.storage.history import SCHEMA_VERSION, make_schema

    connection = sqlite3.connect(path)
    make_schema(connection)
    connection.execute("INSERT INTO sessions (id, table_number, game, ruleset, started_at) VALUES (1, 1, 'ramsli', 'classic', '2026-11-30T10:00:00+00:00')")
    connection.execute(f"PRAGMA user_version={rng.choice([SCHEMA_VERSION] * 8 + [0, SCHEMA_VERSION + 1, -1, 2**40])}")
    for hand in range(rng.randint(1, 4)):
        game = "ramsli" if rng.random() < 0.6 else "rami"
        record = ramsli_record(rng) if game == "ramsli" else rami_record(rng)
        if rng.random() < 0.6:
            record = record_mutations(rng, record, "../secret/secret.yaml")
        text = as_json(record)
        way = rng.randrange(9)
        if way == 0:
            game = rng.choice(["nope", "", escape_in(rng, "game"), "../../secret", "records", "__init__"])
        elif way == 1:
            text = as_json([record])
        elif way == 2:
            text = "[" * rng.choice((100, 5000, 100_000)) + "]" * 10
        elif way == 3:
            text = rng.choice(["", "{", "null", "42", "\"x\"", "{\"format\": \"ramsli-hand/1\"}", "NaN"])
        elif way == 4:
            record.pop("deck", None)
            text = as_json(record)
        table = rng.choice([1, 1, 2, 2**63 - 1, -2**63, 0, -1])
        finished = rng.choice(["2024-01-01T00:00:00+00:00", escape_in(rng, "2024"), "", "x" * 5000])
        connection.execute("INSERT OR IGNORE INTO hands VALUES (?, ?, ?, ?, ?)",
                           (table, game, rng.choice([hand + 1, -1, 2**63 - 1]), finished,
                            text if rng.random() < 0.9 else text.encode()))
    connection.commit()
    connection.close()


def history_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite3"
        history_database(rng, path)
        data = path.read_bytes()
    if rng.random() < 0.2:
        data = rng.choice([data[:rng.randint(0, len(data))], b"SQLite format 3\x00" + b"\xff" * 200,
                           encoded(rng, "not a database"), bytes(rng.randrange(256) for _ in range(4096))])
    options = ["--json"] if rng.random() < 0.5 else []
    if rng.random() < 0.3:
        options += ["--table", str(rng.choice([1, 2, 2**63, 2**64 + 1, -2**63 - 1, -1, 0]))]
    data_dir = "data" if rng.random() < 0.9 else rng.choice(["d" * 5000, escape_in(rng, "data", True), "x/" * 3000])
    files = {f"work/{data_dir}/history.sqlite3": file_or_shape(rng, data, HISTORY_BOUND, shapes=0.12)} \
        if len(data_dir) < 200 else {}
    return Case(kind, number, "history", ["history", "export", "--data", data_dir, *options], files,
                env=ascii_now_and_then(rng), expect="export", source="ramsli")


def save_mutations(rng: random.Random, save: dict, secret_ref: str) -> dict:
    """The save with fields broken, deleted or added, its seats and actions wrong."""
    save = copy.deepcopy(save)
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(list(save))
        way = rng.randrange(12)
        if way == 0:
            save.pop(key, None)
        elif way == 1:
            save[key] = rng.choice([None, True, -1, 2**70, 1.5, "x", [], {}, [[[]]], "\ud800"])
        elif way == 2:
            save["raised"] = rng.choice(["ZZ", "not a card", "", "AS" * 50, escape_in(rng, "AS"), "X1"])
        elif way == 3 and save.get("seats"):
            seats = save["seats"]
            save["seats"] = rng.choice([[seat | {"kind": "computer", "strength": "normal"} for seat in seats], [],
                                        seats[:1], seats * 3, [{}], [None], seats[::-1],
                                        [seat | {"kind": "person"} for seat in seats]])
        elif way == 4 and save.get("seats"):
            save["seats"][0]["name"] = rng.choice([escape_in(rng, "Name"), "x" * 200_000, "\u202eevil", ""])
        elif way == 5:
            save["actions"] = rng.choice([["in"] * 40, ["AS", "AS"], [escape_in(rng)], [[]], [{}], ["7H"] * 3,
                                          list(save.get("actions", [])) + ["in", "out", "in"]])
        elif way == 6:
            save["ruleset"] = rng.choice([secret_ref, "/etc/passwd", escape_in(rng, "classic"), "nope", ""])
        elif way == 7:
            save["game"] = rng.choice(["nope", escape_in(rng, "g"), "rami", "ramsli", None])
        elif way == 8:
            save[escape_in(rng, "extra")] = [1] * 3
        elif way == 9:
            save[key] = deep(rng.choice((25, 5000)))
        elif way == 10:
            save.update(format="ramsli-save/1", players=rng.choice([3, 4, 9]), names=["You", "A", "B"],
                        strengths=[None, "normal", rng.choice(["normal", None, "godlike"])])
        else:
            save[rng.choice(["seed", "starting_chips", "results_read"])] = rng.choice([-1, 2**80, 0, 1.5, "7"])
    return save


def save_files(rng: random.Random, shapes: float) -> dict[str, bytes | str]:
    save = new_save(rng)
    if rng.random() < 0.9:
        save = save_mutations(rng, save, "../../../../secret/secret.yaml")
    text = as_json(save, indent=1)
    if rng.random() < 0.15:
        text = rng.choice([text[:rng.randint(0, len(text))], "[" * 100_000, "{}", "null", text + text])
    name = rng.choice(["session.json", "20240101-000000.json", escape_in(rng, "s", True) + ".json"])
    where = "home/.local/share/ramsli/" + ("autosave.json" if rng.random() < 0.1 else f"saves/{name}")
    files = {where: file_or_shape(rng, encoded(rng, text), SAVE_BOUND, shapes=shapes)}
    if rng.random() < 0.1:
        files["home/.local/share/ramsli/saves/" + rng.choice(["a", "b"]) + ".json"] = "huge:" + str(
            rng.choice((2 << 20, 20 << 20))) + ":" + base64.b64encode(text[: text.find('"name": "') + 9].encode()).decode()
    return files


def saves_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    return Case(kind, number, "a save", ["saves"], save_files(rng, 0.1), env=ascii_now_and_then(rng),
                expect="saves", secret=secret_token(rng), source="ramsli")


# --- options that must be refused -------------------------------------------------------------------

BAD_NUMBERS = ["-1", "0", "99999", "65536", str(2**63), str(2**64), "1e3", "abc", "", " 3", "0x10", "\u0663",
               "nan", "inf", "-inf", "1" * 5000]


def bad_option(rng: random.Random) -> tuple[list[str], str]:
    """A command line that must be refused, and what it is."""
    escape = escape_in(rng, "x", in_a_name=True)
    choices = [
        (["serve", "--open", "--data", "serve", "--port", rng.choice(BAD_NUMBERS[:8] + ["-5", "abc", "1" * 50])],
         "serve --port"),
        (["serve", "--port", "0", "--data", "serve", "--allow", rng.choice(["/dev/zero", "fifo", "folder", "nope",
                                                                            "huge", "/dev/urandom", escape])],
         "serve --allow"),
        (["serve", "--port", "0", "--data", "serve", "--open", "--max-apps", rng.choice(["0", "-1", str(2**64), "x"])],
         "serve --max-apps"),
        (["serve", "--port", "0", "--data", "serve"], "serve without --open or --allow"),
        (["serve", "--port", "0", "--data", rng.choice(["zero/x", "fifo/x", "d" * 5000]), "--open"], "serve --data"),
        (["serve", "--port", "0", "--host", rng.choice(["999.1.1.1", escape, "-" * 300]), "--data", "serve", "--open",
          "--bogus"], "serve --bogus"),
        (["play", "--players", rng.choice(["0", "1", "2", "7", "99", str(2**70), "x"])], "play --players"),
        (["play", "--bot-delay", rng.choice(["-1", "11", "nan", "inf", "1e400", "x"])], "play --bot-delay"),
        (["play", "--chips", rng.choice(["0", "-1", "x", "1" * 5000])], "play --chips"),
        (["play", "--name", rng.choice([escape, "x" * 200, "\u202e" * 3])], "play --name"),
        (["play", "--bots", rng.choice(["hard,hard", escape, "godlike", "," * 50])], "play --bots"),
        (["play", "--ruleset", rng.choice(["nope", escape, "/dev/zero", "fifo", "folder", "../secret/secret"])],
         "play --ruleset"),
        (["play", "--game", rng.choice(["chess", escape])], "play --game"),
        (["play", "--continue", rng.choice(["0", "-1", "5", str(2**64), "x"])], "play --continue"),
        (["simulate", "--hands", rng.choice(["0", "-1", "x", "1.5"])], "simulate --hands"),
        (["simulate", "--players", rng.choice(["1", "99", str(2**64)])], "simulate --players"),
        (["simulate", "--bots", rng.choice(["omniscient,x", escape, "random,random"])], "simulate --bots"),
        (["tournament", "--deals", rng.choice(["0", "-3", "x"])], "tournament --deals"),
        (["replay", "--hand", rng.choice(["0", "-1", str(2**64), "x"]), "hand.json"], "replay --hand"),
        (["saves", "--delete", rng.choice(["0", "-1", "1", str(2**64), "x"])], "saves --delete"),
        (["history", "export", "--data", "data", "--table", rng.choice([str(2**63), str(2**64), "x", "1e3"])],
         "history --table"),
        ([rng.choice(["bogus", escape, "--bogus", "rules", "history", "rules nope"])], "unknown command"),
        (["rules", "check"], "rules check with no file"),
        (["replay"], "replay with no file"),
        ([rng.choice(["play", "saves", "simulate", "replay", "rules", "serve"]), "--" + rng.choice(["x", escape])],
         "unknown option"),
    ]
    return rng.choice(choices)


def options_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    argv, label = bad_option(rng)
    files: dict[str, bytes | str] = {"work/fifo": "fifo", "work/folder": "folder", "work/zero": "zero",
                                     "work/huge": huge(64 << 20, b"ssh-ed25519 AAAA"),
                                     "work/hand.json": json.dumps(ramsli_record(rng)).encode()}
    wall = 6 if argv[0] == "serve" else WALL_SECONDS
    return Case(kind, number, label, argv, files, env=ascii_now_and_then(rng), expect="refused", wall=wall,
                source="ramsli", secret=secret_token(rng))


# --- the app's start-up ----------------------------------------------------------------------------

def theme_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    text = rng.choice(examples.themes)
    text = re.sub(r"^name: .*$", "name: fz-theme", text, flags=re.M)
    text = mutated_yaml(rng, text, "../../../../secret/secret.yaml")
    files = {"home/.config/ramsli/themes/fz-theme.yaml": file_or_shape(rng, encoded(rng, text), RULESET_BOUND),
             "home/.config/ramsli/settings.yaml": b"theme: fz-theme\n"}
    return Case(kind, number, "a theme", [], files, expect="app", wall=APP_WALL_SECONDS, secret=secret_token(rng))


def settings_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    text = examples.settings
    if rng.random() < 0.3:
        text = with_value(rng, text, rng.choice(["../../../../secret/secret.yaml", "/etc/passwd"]))
        text = re.sub(r"^ruleset: .*$", "ruleset: ../../../../secret/secret.yaml", text, flags=re.M)
    text = mutated_yaml(rng, text, "../../../../secret/secret.yaml")
    files = {"home/.config/ramsli/settings.yaml": file_or_shape(rng, encoded(rng, text), RULESET_BOUND)}
    return Case(kind, number, "settings", [], files, expect="app", wall=APP_WALL_SECONDS, secret=secret_token(rng))


def app_save_case(examples: Examples, kind: str, number: int, rng: random.Random) -> Case:
    return Case(kind, number, "a save", [], save_files(rng, 0.1), expect="app", wall=APP_WALL_SECONDS,
                secret=secret_token(rng))


KINDS: dict[str, tuple[Callable[[Examples, str, int, random.Random], Case], int]] = {
    "rules-check": (ruleset_case, 350),
    "rules-show": (ruleset_case, 250),
    "rules-list": (rules_list_case, 150),
    "replay": (replay_case, 300),
    "replay-json": (replay_case, 300),
    "replay-stdin": (replay_case, 200),
    "history": (history_case, 250),
    "saves": (saves_case, 250),
    "options": (options_case, 350),
    "app-theme": (theme_case, 35),
    "app-settings": (settings_case, 35),
    "app-save": (app_save_case, 40),
}


def generated(examples: Examples, kind: str, number: int, seed: int) -> Case:
    """Input ``number`` of ``kind``: the same for the same seed, whatever else runs."""
    make, _ = KINDS[kind]
    return make(examples, kind, number, random.Random(f"{seed}:{kind}:{number}"))


# --- running ---------------------------------------------------------------------------------------

def limited() -> None:
    """In the child: the memory and CPU limits, a session of its own."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    os.setsid()


def environment(case: Case, folder: Path) -> dict[str, str]:
    home = folder / "home"
    env = {key: value for key, value in os.environ.items() if not key.startswith(("XDG_", "PYTHON", "COLUMNS", "LINES"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
               XDG_STATE_HOME=str(home / ".local/state"), XDG_CACHE_HOME=str(home / ".cache"), LANG="C.UTF-8")
    env.update(case.env)
    return env


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def _drain(stream, kept: list[bytes]) -> None:
    size = 0
    while chunk := stream.read(65536):
        if size < KEPT_OUTPUT:
            kept.append(chunk)
        size += len(chunk)


def run_command(case: Case, folder: Path) -> Outcome:
    """``ramsli ARGV`` in the case's folder, stdout and stderr piped, under the limits."""
    process = subprocess.Popen(
        [RAMSLI, *case.argv], cwd=folder / "work", env=environment(case, folder), preexec_fn=limited,
        stdin=subprocess.PIPE if case.stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    expired = threading.Event()
    timer = threading.Timer(case.wall, lambda: (expired.set(), _kill(process.pid)))
    timer.start()
    out: list[bytes] = []
    err: list[bytes] = []
    readers = [threading.Thread(target=_drain, args=(process.stdout, out)),
               threading.Thread(target=_drain, args=(process.stderr, err))]
    for reader in readers:
        reader.start()
    if case.stdin is not None:
        try:
            process.stdin.write(case.stdin)
            process.stdin.close()
        except OSError:
            pass
    _, status, usage = os.wait4(process.pid, 0)
    timer.cancel()
    timed_out = expired.is_set()
    _kill(process.pid)  # whatever it left behind in its session
    for reader in readers:
        reader.join()
    process.returncode = os.waitstatus_to_exitcode(status)
    return Outcome(process.returncode, b"".join(out), b"".join(err), timed_out, usage.ru_maxrss * 1024)


def run_app(case: Case, folder: Path) -> Outcome:
    """``ramsli`` in a pseudo-terminal: wait for its first screen (or its leaving), press
    ctrl+q, wait for it to leave; what it drew, through a ``pyte`` screen."""
    import fcntl
    import termios

    import pyte

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = environment(case, folder) | {"TERM": "xterm-256color"}
    process = subprocess.Popen([RAMSLI, *case.argv], cwd=folder / "work", env=env, preexec_fn=limited,
                               stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    drawn = bytearray()
    started = timed_out = False
    status = usage = None
    deadline = time.monotonic() + case.wall
    quit_sent_at = None
    while status is None:
        pid, raw_status, raw_usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            status, usage = raw_status, raw_usage
        readable, _, _ = select.select([master], [], [], 0.05)
        if readable:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            if chunk and len(drawn) < KEPT_OUTPUT * 8:
                drawn += chunk
                stream.feed(chunk)
        if not started and any(mark in screen.display[-1] for mark in KEY_BAR_MARKS):
            started = True
            time.sleep(0.3)  # the first frame's notices
        if started and quit_sent_at is None:
            os.write(master, b"\x11")  # ctrl+q
            quit_sent_at = time.monotonic()
            deadline = quit_sent_at + case.wall
        if status is None and time.monotonic() > deadline:
            timed_out = True
            _kill(process.pid)
            _, status, usage = os.wait4(process.pid, 0)
    _kill(process.pid)
    os.close(master)
    process.returncode = os.waitstatus_to_exitcode(status)
    log_path = folder / "home/.local/share/ramsli/error.log"
    log = log_path.read_bytes() if log_path.is_file() else b""
    return Outcome(process.returncode, bytes(drawn), b"", timed_out, usage.ru_maxrss * 1024, log,
                   "\n".join(screen.display), screen.title, started)


def run_case(case: Case, folder: Path) -> Outcome:
    """``case`` run in ``folder``, forked from a small process rather than from the caller:
    Linux counts what a child held before its ``exec`` in its peak, so the child of a large
    process (a test worker that has run many tests) would show that process's size as its own."""
    materialize(case, folder)
    return _small_parent().submit(_run_here, case, folder).result()


def _run_here(case: Case, folder: Path) -> Outcome:
    return run_app(case, folder) if case.expect == "app" else run_command(case, folder)


_SMALL_PARENTS: list[ProcessPoolExecutor] = []


def _small_parent() -> ProcessPoolExecutor:
    """The processes the runs are forked from: children of a forkserver, which starts
    afresh and so stays small whatever its caller has grown to."""
    if not _SMALL_PARENTS:
        _SMALL_PARENTS.append(ProcessPoolExecutor(max_workers=os.cpu_count() or 2, mp_context=get_context("forkserver")))
    return _SMALL_PARENTS[0]


# --- judging ---------------------------------------------------------------------------------------

def text_of(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


FILE_AND_LINE = re.compile(r"\S[^:]*:\d+: ")  # a message blaming a file another names (extends:)


def messages(err: str, source: str) -> list[list[str]]:
    """stderr cut into messages: each starts at a line naming ramsli, the input, or a file
    and line."""
    starts = tuple(start for start in ("ramsli:", f"{source}:" if source else "") if start)
    found: list[list[str]] = []
    for line in err.splitlines():
        if not line.strip():
            continue
        if not found or line.startswith(starts) or FILE_AND_LINE.match(line):
            found.append([line])
        else:
            found[-1].append(line)
    return found


def judge(case: Case, outcome: Outcome) -> set[str]:
    """The columns ``outcome`` counts in."""
    out, err = text_of(outcome.out), text_of(outcome.err)
    everything = out + err + text_of(outcome.log) + outcome.shown
    failed = set()
    if "Traceback (most recent call last)" in everything:
        failed.add("traceback")
    if outcome.timed_out or outcome.status == -signal.SIGXCPU:
        failed.add("hang")
    if ("MemoryError" in everything or outcome.peak > PEAK_BOUND
            or (outcome.status in (-signal.SIGKILL, -signal.SIGSEGV, -signal.SIGABRT) and not outcome.timed_out)):
        failed.add("memory")
    if case.secret and case.secret in everything:
        failed.add("secret")
    if case.expect == "app":
        return failed | judge_app(case, outcome)
    if RAW_CHARACTER.search(out) or RAW_CHARACTER.search(err):
        failed.add("raw")
    told = messages(err, case.source)
    if any(len(message) > 3 for message in told):
        failed.add("long")
    if any(len(message) > 1 for message in told):
        failed.add("not-1-line")
    if not outcome.timed_out and not right_status(case, outcome, out, err):
        failed.add("status")
    return failed


def right_status(case: Case, outcome: Outcome, out: str, err: str) -> bool:
    status = outcome.status
    if case.expect == "refused":
        return status == 2 and bool(err.strip()) and not out.strip()
    if case.expect == "json":
        return json_contract_kept(status, out) or no_such_hand(case, status, out, err)
    if status == 2:
        return bool(err.strip())
    if status != 0:
        return False
    if case.expect == "check":
        return re.fullmatch(r".+: ok \(.*\)\n", out) is not None and not err.strip()
    if case.expect == "list":
        return all(name in out for name in bundled_names())
    return True


def no_such_hand(case: Case, status: int | None, out: str, err: str) -> bool:
    """``--hand N`` of a stream without record N: one line on stderr, status 2 (cli.md)."""
    return "--hand" in case.argv and status == 2 and not out and err.startswith("ramsli: --hand ")


def json_contract_kept(status: int | None, out: str) -> bool:
    """``replay --json``: one JSON value on stdout, status 2 exactly when it holds an error."""
    try:
        result = json.loads(out)
    except ValueError:
        return False
    results = result if isinstance(result, list) else [result]
    if not all(isinstance(one, dict) for one in results):
        return False
    return status == (2 if any("error" in one for one in results) else 0)


def bundled_names() -> list[str]:
    from ramsli_tui.games.ramsli import house_rules

    return sorted(path.stem for path in Path(house_rules.bundled_dir()).glob("*.yaml"))


def judge_app(case: Case, outcome: Outcome) -> set[str]:
    failed = set()
    drawn = outcome.out
    sequences = {sequence for sequence in ESCAPES if sequence.encode("utf-8", "surrogatepass") in drawn}
    if sequences or "fz" in outcome.title:
        failed.add("raw")
    if outcome.timed_out:
        return failed
    lines = [line for line in outcome.shown.splitlines() if line.strip()]
    left_in_one_line = outcome.status == 2 and len(lines) == 1 and lines[0].startswith("ramsli:")
    if not (outcome.started and outcome.status == 0) and not left_in_one_line:
        failed.add("status")
    if len(lines) > 3 and not outcome.started:
        failed.add("long")
    return failed


# --- the whole run ------------------------------------------------------------------------------------

@dataclass
class Tally:
    runs: int = 0
    failed: int = 0
    columns: Counter = field(default_factory=Counter)
    kept: int = 0


def run_all(kinds: list[str], counts: dict[str, int], seed: int, jobs: int, keep: Path | None,
            keep_each: int = 5) -> dict[str, Tally]:
    examples = Examples()
    tallies = {kind: Tally() for kind in kinds}
    lock = threading.Lock()
    base = Path(tempfile.mkdtemp(prefix="ramsli-fuzz-"))

    def one(kind: str, number: int) -> None:
        case = generated(examples, kind, number, seed)
        folder = base / f"{kind}-{number}"
        try:
            outcome = run_case(case, folder)
            failed = judge(case, outcome)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        with lock:
            tally = tallies[kind]
            tally.runs += 1
            tally.columns.update(failed)
            if failed:
                tally.failed += 1
                if keep is not None and tally.kept < keep_each:
                    tally.kept += 1
                    kept_case(case, outcome, failed, keep / f"{kind}-{number}", seed)

    work = [(kind, number) for kind in kinds for number in range(counts[kind])]
    random.Random(seed).shuffle(work)  # the slow kinds spread over the run
    with ThreadPoolExecutor(jobs) as pool:
        for done, _ in enumerate(pool.map(lambda item: one(*item), work), 1):
            if done % 100 == 0:
                print(f"  {done}/{len(work)}", file=sys.stderr, flush=True)
    shutil.rmtree(base, ignore_errors=True)
    return tallies


def kept_case(case: Case, outcome: Outcome, failed: set[str], folder: Path, seed: int) -> None:
    """The case's folder as it was before the run, and what happened, for reproducing it."""
    shutil.rmtree(folder, ignore_errors=True)
    materialize(case, folder)
    (folder / "case.txt").write_text(describe(case, outcome, failed, seed), encoding="utf-8", errors="replace")


def describe(case: Case, outcome: Outcome, failed: set[str], seed: int) -> str:
    def shown(data: bytes | str, limit: int = 3000) -> str:
        text = data if isinstance(data, str) else text_of(data)
        return ascii(text[:limit])

    return "\n".join([
        f"kind {case.kind}, input {case.number} ({case.label}), seed {seed}: {', '.join(sorted(failed)) or 'passed'}",
        f"again: python bench/fuzz.py --only {case.kind} --seed {seed} --case {case.number}",
        f"command: ramsli {' '.join(map(ascii, case.argv))}  (in work/, HOME=home, XDG folders in home/)",
        f"environment: {case.env}",
        f"files: {', '.join(ascii(name) + (' (' + content.split(':')[0] + ')' if isinstance(content, str) else '') for name, content in case.files.items())}",
        f"stdin: {shown(case.stdin or b'', 500)}",
        f"status {outcome.status}, timed out {outcome.timed_out}, peak {outcome.peak >> 20} MB, "
        f"started {outcome.started}",
        f"stdout: {shown(outcome.out)}",
        f"stderr: {shown(outcome.err)}",
        f"screen:\n{outcome.shown}" if case.expect == "app" else "",
        f"error.log: {shown(outcome.log)}" if outcome.log else "",
    ]) + "\n"


def table(tallies: dict[str, Tally]) -> str:
    """The Markdown summary: one row per kind, one column per way of failing."""
    header = "| kind | inputs | failing | " + " | ".join(COLUMNS) + " |"
    rows = [header, "|" + "---|" * (len(COLUMNS) + 3)]
    total = Tally()
    for kind, tally in tallies.items():
        rows.append(f"| {kind} | {tally.runs} | {tally.failed} | "
                    + " | ".join(str(tally.columns[column]) for column in COLUMNS) + " |")
        total.runs += tally.runs
        total.failed += tally.failed
        total.columns.update(tally.columns)
    rows.append(f"| **all** | {total.runs} | {total.failed} | "
                + " | ".join(str(total.columns[column]) for column in COLUMNS) + " |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=None, help="inputs of each kind (default: each kind's own)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", choices=list(KINDS), action="append", help="only this kind (may be given again)")
    parser.add_argument("--keep", type=Path, default=None, help="write the first failing inputs of each kind here")
    parser.add_argument("--case", type=int, default=None, help="with one --only: rerun this input and print it")
    args = parser.parse_args()
    kinds = args.only or list(KINDS)
    if args.case is not None:
        return rerun(kinds[0], args.case, args.seed)
    counts = {kind: args.count or KINDS[kind][1] for kind in kinds}
    started = time.monotonic()
    tallies = run_all(kinds, counts, args.seed, args.jobs, args.keep)
    print(table(tallies))
    print(f"\n{sum(counts.values())} inputs, seed {args.seed}, in {time.monotonic() - started:.0f} s")
    return 0 if not any(tally.failed for tally in tallies.values()) else 1


def rerun(kind: str, number: int, seed: int) -> int:
    case = generated(Examples(), kind, number, seed)
    with tempfile.TemporaryDirectory(prefix="ramsli-fuzz-") as folder:
        outcome = run_case(case, Path(folder))
    failed = judge(case, outcome)
    print(describe(case, outcome, failed, seed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
