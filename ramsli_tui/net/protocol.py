"""The table protocol, ``ramsli-table/1``: JSON lines over ``ssh HOST json``.

The public contract is docs/table-protocol.md; this module is its codec and
knows nothing of connections or tables.

Reading: ``Lines`` cuts what a client sends into lines of at most ``MAX_LINE`` bytes (a
longer one is refused whole and reading goes on after it); ``request`` turns one line
into a checked ``Request``, or a ``BadRequest`` saying what is wrong and naming the op
(None for a line that is not a JSON object with an op).

Writing: ``welcome``, ``tables``, ``seated``, ``update`` and ``error`` make each message
the server sends, and ``encoded`` the line that carries it.  A view and its events are
written by their game's codec, found in ``wire_codecs`` (a Ramsli one in the terms of
``ramsli-result/1``, ``ramsli_codec``; a Rami Simple one in those of ``rami-result/1``,
``rami_codec``); ``refusal`` tells an ``IllegalAction`` to the player
who tried it, naming cards by code ("you must follow suit: you hold KS").
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable, NamedTuple, Sequence

from ..games.protocol import IllegalAction
from ..table.updates import Clock
from ..yamlfile import is_int, shown_value
from . import wire_codecs
from .ramsli_codec import EVENT_JSON, announcement, event_json, view_json  # noqa: F401  (the house game's, as ever)

PROTOCOL = "ramsli-table/1"
MAX_LINE = 4096  # bytes in one line from a client, its newline included
MAX_TEXT = 100  # characters in one text field of a request


class BadRequest(ValueError):
    """A line the server cannot take: ``op`` is the request's op, or None when the line
    is not a JSON object with an op."""

    def __init__(self, op: str | None, message: str):
        super().__init__(message)
        self.op = op


# --- reading ------------------------------------------------------------------------------

TOO_LONG = None  # what ``Lines.feed`` gives for a line over the limit


class Lines:
    """Cuts a client's bytes into lines.  A line longer than ``limit`` bytes is given as
    ``TOO_LONG`` (once) and what is left of it is skipped up to its newline, so that no
    line is ever held whole in memory and the next one is read as usual."""

    def __init__(self, limit: int = MAX_LINE):
        self.limit = limit
        self.pending = bytearray()
        self.skipping = False

    def feed(self, data: bytes) -> list[bytes | None]:
        lines: list[bytes | None] = []
        *ended, rest = data.split(b"\n")
        for piece in ended:
            if not self.skipping:
                fits = len(self.pending) + len(piece) < self.limit  # the newline takes a byte
                lines.append(bytes(self.pending + piece) if fits else TOO_LONG)
            self.pending.clear()
            self.skipping = False
        if not self.skipping:
            self.pending += rest
            if len(self.pending) >= self.limit:
                lines.append(TOO_LONG)
                self.pending.clear()
                self.skipping = True
        return lines


class Request(NamedTuple):
    op: str
    fields: dict[str, Any]


def _text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT


def _texts(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= 6 and all(_text(item) for item in value)


# For each op, its fields: (name, check, what it must be, whether it may be left out).
FieldRule = tuple[str, Callable[[Any], bool], str, bool]
OPS: dict[str, tuple[FieldRule, ...]] = {
    "list": (),
    "create": (
        ("game", _text, "a game's name", False),
        ("ruleset", _text, "a ruleset's name", False),
        ("players", is_int, "a whole number", False),
        ("bots", _texts, "a list of computer players' strengths", False),
    ),
    "join": (("table", is_int, "a table's number", False), ("seat", is_int, "a seat's number", True)),
    "start": (("table", is_int, "a table's number", False),),
    "watch": (("table", is_int, "a table's number", False),),
    "act": (("table", is_int, "a table's number", False), ("action", _text, "an action such as \"in\" or \"KS\"", False)),
    "leave": (("table", is_int, "a table's number", False),),
}


def request(line: bytes) -> Request | None:
    """The request on ``line``, None for a blank line; BadRequest saying what is wrong."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest(None, "a line must be UTF-8 text holding one JSON object") from None
    if not text.strip():
        return None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        reason = "it is nested too deep" if isinstance(error, RecursionError) else getattr(error, "msg", str(error))
        raise BadRequest(None, f"a line must hold one JSON object ({reason})") from None
    op = data.get("op") if isinstance(data, dict) else None
    if not isinstance(op, str):
        raise BadRequest(None, 'a request must be a JSON object with an "op", such as {"op": "list"}')
    if op not in OPS:
        raise BadRequest(op, f"there is no op {shown_value(op)}; the ops are {', '.join(OPS)}")
    fields = {}
    for name, check, what, optional in OPS[op]:
        value = data.get(name)
        if value is None and optional:
            continue
        if name not in data:
            raise BadRequest(op, f"{op} needs {shown_value(name)}: {what}")
        if not check(value):
            raise BadRequest(op, f"{op}: {shown_value(name)} must be {what}, not {shown_value(value)}")
        fields[name] = value
    return Request(op, fields)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


# --- writing ------------------------------------------------------------------------------

def encoded(message: dict[str, Any]) -> bytes:
    """The line that carries ``message``."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def welcome(player: str) -> dict[str, Any]:
    return {"type": "welcome", "protocol": PROTOCOL, "player": player}


def tables(listed: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "tables", "tables": list(listed)}


def seated(table: int, seat: int | None) -> dict[str, Any]:
    return {"type": "seated", "table": table, "seat": seat}


def error(op: str | None, message: str) -> dict[str, Any]:
    return {"type": "error", "op": op, "message": message}


def update(table: int, seq: int, view: Any, events: Sequence[Any], names: Sequence[str], seat: int | None,
           clock: Clock | None = None, asked: bool = True) -> dict[str, Any]:
    """An update for ``seat`` (None: a spectator, who is shown no cards of any hand);
    with the ``clock`` of the seat to act, when it has a time limit.  Not ``asked``
    (a hand's result is still being read), the seat to act is given no ``legal`` yet."""
    legal = (sorted(str(action) for action in view.legal)
             if asked and seat is not None and to_act(view) == seat and view.legal else None)
    message = {
        "type": "update",
        "table": table,
        "seq": seq,
        "view": codec_of(view).view_json(view, names, seat),
        "events": [codec_of(view).event_json(event) for event in events],
        "legal": legal,
    }
    if clock is not None:
        message["clock"] = clock_json(clock)
    return message


def clock_json(clock: Clock) -> dict[str, Any]:
    """The seat to act and its whole seconds left (rounded up: 0 only once the time is out)."""
    return {"seat": clock.seat, "seconds_left": math.ceil(clock.seconds_left)}


def table_closed(table: int, seq: int, view: Any, names: Sequence[str], seat: int | None, reason: str) -> dict[str, Any]:
    """The last update of a table that is over: the seat's view as it ended, nothing to
    do, and a ``table_closed`` event saying why (``reason``: finished, empty, abandoned,
    unplayable)."""
    message = update(table, seq, view, (), names, seat)
    message["events"] = [{"event": "table_closed", "reason": reason}]
    message["legal"] = None
    return message


def codec_of(view: Any):
    """The codec that writes the views and events of ``view``'s game."""
    return wire_codecs.codec_for_view(view)


def to_act(view: Any) -> int | None:
    return view.current_seat if view.current_seat >= 0 else None


def refusal(error: IllegalAction) -> str:
    """An action refused, told to the player who tried it, cards by code."""
    return error.for_you_in_codes()
