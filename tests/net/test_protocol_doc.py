"""docs/table-protocol.md held to the code of ``ramsli-table/1``: the doc's tables and
paragraphs, read from the markdown, against what the server takes and sends.

- Requests: the ops of the doc's request table are the ops ``protocol.OPS`` takes and
  ``JsonSession._do`` carries out, no more and no fewer; each op's fields in the doc
  are the fields ``OPS`` checks and ``_do`` reads, and each is in **Field types**.
- Messages: the types of the doc's message table are the types ``protocol.py`` writes
  and the types a real session sends, no more and no fewer; every field a real message
  holds (and every key ``protocol.py`` writes into one), nested keys too, is named in
  its row or in the paragraph about it.
- Views and events, at each game of ``wire_codecs``: every key of a view told by the
  game's codec is named in the doc's part on that game's ``view`` (a nested key in its
  row, or in the result's row of hand-records.md when the row says "as in a result");
  the events of the game's table in the doc are the events its codec writes, and every
  field of each (nested keys too) is in its row; ``table_closed`` has its paragraph,
  with the reasons of ``hub.CLOSED_BECAUSE``.
- The strengths the doc names are those the games offer.

The code's side comes from the code: its tables (``OPS``, the codecs' ``EVENT_JSON``,
``CLOSED_BECAUSE``), the source of ``protocol.py`` and ``json_session.py``, and
messages really made: a session of four programs at the hub, in this process (no
network), and games of both kinds played out by computer players through
``protocol.update``.
"""

from __future__ import annotations

import ast
import asyncio
import io
import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from ramsli_tui.games import RULESETS, game_named
from ramsli_tui.net import hub as hub_module
from ramsli_tui.net import json_session, protocol, wire_codecs
from ramsli_tui.storage.history import HandHistory
from ramsli_tui.net.hub import Hub, Player
from ramsli_tui.net.journal import Journal
from ramsli_tui.net.json_session import JsonSession
from ramsli_tui.net.store import ServerFolder

from tests.net.kit import QUICK

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "table-protocol.md"
RECORDS_DOC = ROOT / "docs" / "hand-records.md"


# --- the doc's side: its markdown ---------------------------------------------------------------

SPAN = re.compile(r"`([^`]+)`")
NAME = re.compile(r"[a-z][a-z0-9_]*")
NAMED_VALUE = re.compile(r"([a-z][a-z0-9_]*): ")  # `seat: null`, `game: "rami"`
KEY = re.compile(r'(?:^|[{,])\s*"([a-z][a-z0-9_]*)"\s*(?=[:,}])')  # {"seat": S, …} and {"seat", "melds"}


def names_in(text: str, written_out: bool = True) -> set[str]:
    """The field names ``text`` gives in backticks: a bare name (`seat`), a name given
    a value (`seat: null`), and (``written_out``) the keys of a mapping written out
    (`{"seat": S}`, `{"payer", "payee"}`; not its values)."""
    names = set()
    for span in SPAN.findall(text):
        if NAME.fullmatch(span):
            names.add(span)
        elif match := NAMED_VALUE.match(span):
            names.add(match[1])
        if written_out:
            names.update(KEY.findall(span))
    return names


def first_name(cell: str) -> str:
    [name] = SPAN.findall(cell)[:1]
    return name


def cells(line: str) -> list[str]:
    """A table row's cells; a | inside backticks is no border."""
    found, cell, in_code = [], "", False
    for char in line.strip().strip("|"):
        if char == "`":
            in_code = not in_code
        if char == "|" and not in_code:
            found.append(cell.strip())
            cell = ""
        else:
            cell += char
    return found + [cell.strip()]


def blocks(text: str) -> dict[str, list]:
    """Each heading's text and what follows it up to the next heading: paragraphs and
    list items (as one line each) and tables (as rows of cells, the header first)."""
    sections: dict[str, list] = {}
    current: list = sections.setdefault("", [])
    lines: list[str] = []

    def close() -> None:
        if not lines:
            return
        if all(line.startswith("|") for line in lines):
            current.append([cells(line) for line in lines if not re.fullmatch(r"[|\s:-]+", line)])
        else:
            current.append(" ".join(lines))
        lines.clear()

    in_fence = False
    for line in text.splitlines():
        if line.startswith("```"):
            close()
            in_fence = not in_fence
        elif in_fence:
            continue
        elif line.startswith("#"):
            close()
            current = sections.setdefault(line.lstrip("#").strip(), [])
        elif not line.strip():
            close()
        elif line.startswith("- ") and lines:
            close()
            lines.append(line.strip())
        else:
            lines.append(line.strip())
    close()
    return sections


def section(sections: dict[str, list], starts: str) -> list:
    [found] = [body for heading, body in sections.items() if heading.startswith(starts)]
    return found


def paragraph(body: list, starts: str) -> str:
    found = [block for block in body if isinstance(block, str) and block.startswith(starts)]
    assert len(found) == 1, f"the doc has no one paragraph that starts {starts!r}"
    return found[0]


def table_after(body: list, lead) -> list[list[str]]:
    """The rows (header left out) of the table right after the paragraph ``lead(text)`` picks."""
    for before, block in zip(body, body[1:]):
        if isinstance(before, str) and lead(before) and isinstance(block, list):
            return block[1:]
    raise AssertionError("the doc has no such table")


def table_headed(body: list, first: str) -> list[list[str]]:
    [rows] = [block for block in body if isinstance(block, list) and block[0][0] == first]
    return rows[1:]


class Doc:
    """What docs/table-protocol.md says, read from its markdown."""

    def __init__(self, text: str, records: str):
        sections = blocks(text)
        requests = section(sections, "Requests")
        self.ops = {first_name(row[0]): names_in(row[1]) for row in table_headed(requests, "op")}
        self.field_types = paragraph(requests, "**Field types.**")
        messages = section(sections, "Messages")
        self.messages = messages
        self.types = {first_name(row[0]): row[1] for row in table_headed(messages, "type")}
        self.closed = paragraph(messages, "At both games, the last update")
        self.records = blocks(records)

    def message(self, kind: str) -> set[str]:
        """The names in the row of message ``kind`` and in the paragraph about it, if any."""
        about = [block for block in self.messages if isinstance(block, str) and block.startswith(f"**`{kind}`.**")]
        return names_in(self.types[kind] + " ".join(about))

    def view(self, title: str) -> tuple[str, dict[str, str]]:
        """The paragraph on a game's ``view``, and each of its keys with where it is told
        (its row of the table that follows, or else the paragraph itself)."""
        lead = paragraph(self.messages, f"**A {title} `view`**")
        index = self.messages.index(lead)
        following = self.messages[index + 1] if index + 1 < len(self.messages) else None
        if isinstance(following, list) and following[0][0] == "key":
            return lead, {name: " ".join(row) for row in following[1:] for name in SPAN.findall(row[0])}
        return lead, dict.fromkeys(names_in(lead, written_out=False), lead)  # its nested keys: written out

    def events(self, title: str) -> dict[str, str]:
        rows = table_after(self.messages, lambda text: text.endswith(f"{title}:"))
        return {first_name(row[0]): row[1] for row in rows}

    def result_row(self, format_name: str, key: str) -> str:
        """The row of ``key`` in hand-records.md's table of the result ``format_name``."""
        body = section(self.records, f"The result: `{format_name}`")
        rows = [row for block in body if isinstance(block, list) for row in block[1:]]
        return " ".join(next((row for row in rows if SPAN.findall(row[0])[:1] == [key]), []))


@pytest.fixture(scope="module")
def doc() -> Doc:
    return Doc(DOC.read_text(encoding="utf-8"), RECORDS_DOC.read_text(encoding="utf-8"))


# --- the code's side: its source ----------------------------------------------------------------

def source_of(module) -> ast.Module:
    return ast.parse(Path(module.__file__).read_text(encoding="utf-8"))


def ops_carried_out() -> dict[str, set[str]]:
    """Each op ``JsonSession._do`` carries out, with the fields it reads of the request."""
    [do] = [node for node in ast.walk(source_of(json_session))
            if isinstance(node, ast.FunctionDef) and node.name == "_do"]
    carried: dict[str, set[str]] = {}
    for branch in ast.walk(do):
        if not (isinstance(branch, ast.If) and isinstance(branch.test, ast.Compare)
                and ast.unparse(branch.test.left) == "request.op"):
            continue
        [op] = [value.value for value in branch.test.comparators]
        read = carried.setdefault(op, set())
        for node in (inner for statement in branch.body for inner in ast.walk(statement)):
            if isinstance(node, ast.Subscript) and ast.unparse(node.value) == "fields":
                read.add(node.slice.value)
            elif isinstance(node, ast.Call) and ast.unparse(node.func) == "fields.get":
                read.add(node.args[0].value)
    return carried


def messages_written() -> dict[str, set[str]]:
    """Each type of message ``protocol.py`` writes (a mapping with a "type"), with the
    keys its function puts in it."""
    written: dict[str, set[str]] = {}
    for function in ast.walk(source_of(protocol)):
        if not isinstance(function, ast.FunctionDef):
            continue
        for node in ast.walk(function):
            if not isinstance(node, ast.Dict):
                continue
            keys = {key.value: value for key, value in zip(node.keys, node.values) if isinstance(key, ast.Constant)}
            if isinstance(keys.get("type"), ast.Constant):
                added = {target.slice.value for assign in ast.walk(function) if isinstance(assign, ast.Assign)
                         for target in assign.targets
                         if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant)}
                written.setdefault(keys["type"].value, set()).update(set(keys) - {"type"}, added)
    return written


def keys_in(value) -> set[str]:
    """Every key of every mapping anywhere in ``value``."""
    if isinstance(value, dict):
        return set(value).union(*map(keys_in, value.values()))
    if isinstance(value, list):
        return set().union(*map(keys_in, value))
    return set()


# --- the code's side: messages really sent ------------------------------------------------------

class Program:
    """A program at the hub, in this process: what it sends is read by a real
    ``JsonSession`` (lines, checks, ops) and what it is sent is kept, line by line."""

    def __init__(self, hub: Hub, name: str):
        self.incoming: asyncio.Queue[bytes] = asyncio.Queue()
        self.messages: list[dict] = []
        self.acted: dict[int, dict] = {}  # the update of each table last acted on
        self.session = JsonSession(hub, Player(name, f"SHA256:{name}-key"), self, Journal(io.StringIO()))
        self.serving = asyncio.create_task(self.session.serve(self, idle_timeout=60.0))

    async def read(self, size: int) -> bytes:  # the session's reader
        return await self.incoming.get()

    def send(self, data: bytes) -> None:  # the session's outbox
        assert data.endswith(b"\n") and data.count(b"\n") == 1
        self.messages.append(json.loads(data))

    def says(self, request) -> None:
        self.incoming.put_nowait(request if isinstance(request, bytes) else json.dumps(request).encode() + b"\n")

    async def told(self, kind: str, count: int = 1) -> list[dict]:
        await until(lambda: len(self.of(kind)) >= count, f"{count} {kind} message(s)")
        return self.of(kind)

    def of(self, kind: str) -> list[dict]:
        return [message for message in self.messages if message["type"] == kind]

    def acts(self) -> None:
        """Takes the first legal action of the last update of each table that asks for one."""
        last = {message["table"]: message for message in self.of("update")}
        for table, message in last.items():
            if message["legal"] and self.acted.get(table) is not message:
                self.acted[table] = message
                self.says({"op": "act", "table": table, "action": message["legal"][0]})


async def until(condition, what: str, timeout: float = 10.0) -> None:
    try:
        async with asyncio.timeout(timeout):  # generous: a loaded machine is slow
            while not condition():
                await asyncio.sleep(0.002)
    except TimeoutError:
        raise AssertionError(f"{what} did not come within {timeout:g} s") from None


async def a_session(folder: Path, thinkers) -> tuple[list[dict], dict[int, str]]:
    """Every message four programs are sent: a Ramsli table of three people (one hand,
    under a clock) played to its end and closed, with a spectator; a Rami table dealt
    and played on meanwhile; the list of tables; lines refused.  With the game of each table, as listed."""
    hub = Hub(ServerFolder(folder), HandHistory.open(folder), thinkers, replace(QUICK, turn_limit=60.0),
              Journal(io.StringIO()))
    mia, zora, otto, lena = programs = [Program(hub, name) for name in ("mia", "zora", "otto", "lena")]
    for program in programs:
        await program.told("welcome")
    mia.says({"op": "create", "game": "ramsli", "ruleset": "one-hand", "players": 3, "bots": []})
    await mia.told("seated")
    zora.says({"op": "join", "table": 1})
    otto.says({"op": "join", "table": 1, "seat": 2})
    lena.says({"op": "watch", "table": 1})
    for program in programs:
        await program.told("update")
    mia.says({"op": "create", "game": "rami", "ruleset": "simple", "players": 2, "bots": []})
    await mia.told("seated", 2)
    zora.says({"op": "join", "table": 2})
    await zora.told("seated", 2)
    mia.says({"op": "list"})
    mia.says(b"not json\n")
    mia.says({"op": "dance"})
    mia.says(b"x" * (protocol.MAX_LINE + 1) + b"\n")
    [listing] = await mia.told("tables")
    await mia.told("error", 3)

    def closed() -> bool:
        for program in (mia, zora, otto):
            program.acts()
        return all(any(event["event"] == "table_closed" for message in program.of("update") if message["table"] == 1
                       for event in message["events"]) for program in programs)

    await until(closed, "the end of table 1")
    for program in programs:
        program.says(b"")  # the program closes its side
    await asyncio.gather(*(program.serving for program in programs))
    for program in programs:
        hub.disconnected(program.session)
    await hub.stop()
    return [message for program in programs for message in program.messages], \
        {entry["table"]: entry["game"] for entry in listing["tables"]}


@pytest.fixture(scope="module")
def session(tmp_path_factory, thinkers) -> tuple[list[dict], dict[int, str]]:
    """``a_session``, once for the module, with an own ruleset ``one-hand``."""
    config = tmp_path_factory.mktemp("config")
    (config / "ramsli" / "rulesets").mkdir(parents=True)
    (config / "ramsli" / "rulesets" / "one-hand.yaml").write_text("max_hands: 1\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CONFIG_HOME", str(config))
        return asyncio.run(a_session(tmp_path_factory.mktemp("data"), thinkers))


# --- the code's side: games played out ---------------------------------------------------------

def by(strength: str):
    def choose(game, kind, rng):
        return kind.computer_player(strength).choose(game.view(game.current_seat), game.legal_actions(), rng)
    return choose


def emptying_the_talon(game, kind, rng):
    """Always from the talon, never out: the talon runs out and is made again."""
    legal = {str(action): action for action in game.legal_actions()}
    for first in ("draw:talon", "reshuffle"):
        if first in legal:
            return legal[first]
    return rng.choice(list(legal.values()))


def ramsli_rules(name: str, **changed):
    return replace(game_named("ramsli").load_rules(name), **changed)


# Each game of wire_codecs, played so that every kind of event its codec writes comes:
# (rules, players, how each seat chooses).
PLAYED = {
    "ramsli": [
        (lambda: ramsli_rules("nap"), 4, by("random")),
        (lambda: ramsli_rules("general-rams"), 4, by("random")),
        (lambda: ramsli_rules("classic", starting_chips=6, on_bust="eliminate"), 4, by("random")),  # seats leave
    ],
    "rami": [
        (lambda: game_named("rami").load_rules("short"), 2, by("easy")),
        (lambda: game_named("rami").load_rules("short"), 2, emptying_the_talon),
    ],
}


def updates_of(game_name: str) -> list[dict]:
    """Updates ``protocol.update`` writes, after each action of the games ``PLAYED`` for
    ``game_name``: to seat 0, with every event (private ones too), and to a spectator."""
    kind = game_named(game_name)
    made = []
    for seed, (rules, players, choose) in enumerate(PLAYED[game_name]):
        game = kind.new_game(rules(), players, seed)
        rng = random.Random(seed)
        names = tuple(f"p{seat}" for seat in range(players))
        events = list(game.opening_events)
        for seq in range(1, 400):
            made.append(protocol.update(1, seq, game.view(0), events, names, 0))
            made.append(protocol.update(1, seq, game.view(0), (), names, None))
            if game.is_over:
                break
            events = game.apply(choose(game, kind, rng))
    return made


@pytest.fixture(scope="module")
def updates(session) -> dict[str, list[dict]]:
    """Every update made, by game: the games played out and the session's."""
    messages, games = session
    return {game: updates_of(game) + [message for message in messages
                                       if message["type"] == "update" and games[message["table"]] == game]
            for game in wire_codecs.WIRE_CODECS}


# --- requests -------------------------------------------------------------------------------------

def test_the_doc_is_read_at_all(doc):
    assert {"list", "act"} <= set(doc.ops) and doc.ops["act"] == {"table", "action"}
    assert {"welcome", "update"} <= set(doc.types) and "seconds_left" in doc.message("update")
    assert "cut" in doc.events("Ramsli") and "went_out" in doc.events("Rami Simple")
    assert names_in('`{"seat": S, "name": NAME or null, "kind": "person", "bot" or "open"}`') == {"seat", "name", "kind"}


def test_every_op_the_server_takes_is_in_the_doc_and_every_op_there_is_taken(doc):
    assert set(doc.ops) == set(protocol.OPS), "the doc's request table and protocol.OPS"
    assert set(ops_carried_out()) == set(protocol.OPS), "JsonSession._do carries out every op OPS takes"


def test_each_op_has_in_the_doc_the_fields_the_server_checks_and_reads(doc):
    carried = ops_carried_out()
    for op, rules in protocol.OPS.items():
        fields = {name for name, *_ in rules} | carried.get(op, set())
        assert doc.ops[op] == fields, f"the fields of {op!r}"
        assert fields <= names_in(doc.field_types), f"the fields of {op!r} in **Field types**"


def test_the_doc_names_the_strengths_the_games_offer(doc):
    [sentence] = [part for part in doc.field_types.split(". ") if part.startswith("Strengths are")]
    assert names_in(sentence) == {strength for game in RULESETS for strength in game_named(game).strengths}


# --- messages --------------------------------------------------------------------------------------

def test_every_type_of_message_the_server_sends_is_in_the_doc_and_every_type_there_is_sent(doc, session):
    messages, _ = session
    written = messages_written()
    assert set(doc.types) == set(written), "the doc's message table and the messages protocol.py writes"
    assert {message["type"] for message in messages} == set(written), "a session is sent every type"


def test_every_field_of_every_message_is_named_in_its_row_or_paragraph(doc, session):
    messages, _ = session
    fields = {kind: set(keys) for kind, keys in messages_written().items()}
    for message in messages:
        nested = {key: value for key, value in message.items() if key not in ("view", "events")}
        fields[message["type"]] |= keys_in(nested) - {"type"}
    assert "clock" in fields["update"] and "seats" in fields["tables"], "the session had a clock and a table listed"
    for kind, keys in fields.items():
        assert keys <= doc.message(kind), f"the fields of {kind!r} the doc does not name"


# --- views and events ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(wire_codecs.WIRE_CODECS))
def test_every_key_of_a_view_is_named_where_the_doc_tells_that_games_view(doc, updates, game):
    lead, told = doc.view(game_named(game).title)
    [result] = re.findall(r"`([a-z]+-result/\d+)`", lead)
    views = [message["view"] for message in updates[game]]
    assert set().union(*views) <= set(told), f"the keys of a {game} view the doc does not name"
    for key in set().union(*views):
        nested = keys_in([view[key] for view in views])
        where = told[key] + (" " + doc.result_row(result, key) if "as in a result" in told[key] else "")
        assert nested <= names_in(where), f"the keys in a {game} view's {key!r} the doc does not name"


@pytest.mark.parametrize("game", sorted(wire_codecs.WIRE_CODECS))
def test_every_event_a_game_tells_is_in_the_doc_with_its_fields_and_every_event_there_is_told(doc, updates, game):
    codec = wire_codecs.codec_for(game)
    assert set(PLAYED) == set(wire_codecs.WIRE_CODECS), "every game with a codec is played here"
    events = [event for message in updates[game] for event in message["events"] if event["event"] != "table_closed"]
    names = {event["event"] for event in events}
    assert len(names) == len(codec.EVENT_JSON), f"the games PLAYED tell only {sorted(names)} of {game}'s events"
    told = doc.events(game_named(game).title)
    assert set(told) == names, f"the doc's table of {game}'s events and its codec's"
    for event in events:
        assert keys_in(event) - {"event"} <= names_in(told[event["event"]]), f"the fields of {event} the doc does not name"


def test_a_table_closed_event_is_told_with_its_fields_and_the_reasons_a_table_closes(doc, session):
    messages, _ = session
    closings = [event for message in messages if message["type"] == "update" for event in message["events"]
                if event["event"] == "table_closed"]
    assert closings and all(event["reason"] == "finished" for event in closings)
    assert '"event": "table_closed"' in doc.closed
    assert set().union(*map(keys_in, closings)) <= names_in(doc.closed)
    [reasons] = re.findall(r'`\{"event": "table_closed"[^`]*`\s*\(([^)]*)\)', doc.closed)
    assert names_in(reasons) == set(hub_module.CLOSED_BECAUSE)
