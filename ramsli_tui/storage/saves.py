"""One saved session, as it is written after every action (each session has its own file).

A save is small because the games are deterministic: the spec (game, ruleset, seed,
seats) and the actions so far, in the strings of the hand records, replay the session
exactly.  ``ramsli-save/2`` names the game and what sits in each seat; a
``ramsli-save/1`` file, written before there was more than one game or more than one
person at a table, is still read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..languages import N_
from ..languages.words import Words
from ..table.spec import PERSON, SEAT_KINDS, GameSpec, SeatSpec
from ..yamlfile import shown_value
from .files import json_of_format
from .settings import MAX_TEXT

SAVE_FORMAT = "ramsli-save/2"
FIRST_SAVE_FORMAT = "ramsli-save/1"
MAX_SAVE_BYTES = 4_000_000  # far more than any session played needs
SHOWN_KEY = 20  # the most of an unknown key a message shows


class SeatsMismatch(ValueError):
    """A ``ramsli-save/1`` whose names, strengths and players disagree."""


@dataclass(frozen=True)
class SavedGame:
    """A session in progress: its spec and every action taken so far, as strings."""

    spec: GameSpec
    actions: tuple[str, ...] = ()
    results_read: int | None = None  # the rounds whose result was read (a ramsli-save/1 does not say)
    raised: str | None = None  # the card the person had raised in their hand, as its code

    def to_json(self) -> str:
        spec = self.spec
        return json.dumps({
            "format": SAVE_FORMAT,
            "game": spec.game,
            "ruleset": spec.ruleset,
            "seed": spec.seed,
            "starting_chips": spec.starting_chips,
            "seats": [{"name": seat.name, "kind": seat.kind, "strength": seat.strength} for seat in spec.seats],
            "actions": list(self.actions),
            "results_read": self.results_read,
            "raised": self.raised,
        }, indent=1)

    @classmethod
    def from_json(cls, text: str) -> SavedGame:
        """Parse a save of either format, every field checked, so that what it gives can be
        sat at: no key it does not know or lacks, lists as long as they must be, a person
        in some seat, the raised card a card; ValueError saying what is wrong."""
        data = json_of_format(text, "save", SAVE_FORMAT, FIRST_SAVE_FORMAT)
        try:
            first = data["format"] == FIRST_SAVE_FORMAT
            _only_keys(data, *(FIRST_SAVE_KEYS if first else SAVE_KEYS))
            seats = _first_format_seats(data) if first else _seats(data)
            if not any(seat.is_person for seat in seats):
                raise SeatsMismatch(Words(N_("it has no seat for a person")))
            spec = GameSpec(
                game=text_of(data["game"], "game") if "game" in data else "ramsli",
                ruleset=text_of(data["ruleset"], "ruleset"),
                seed=whole(data, "seed"),
                seats=seats,
                starting_chips=None if data.get("starting_chips") is None else whole(data, "starting_chips"),
            )
            actions = tuple(_listed(data, "actions", str))
            results_read = None if data.get("results_read") is None else whole(data, "results_read", least=0)
            raised = None if data.get("raised") is None else _card_code(data, "raised")
        except SeatsMismatch as error:
            raise ValueError(*error.args) from None
        except (KeyError, TypeError, ValueError) as error:
            # TRANSLATORS: "it" is a saved game's file; {key} a key of it, kept as it is
            raise ValueError(Words(N_("it is missing or has a wrong '{key}'"),
                                   {"key": error.args[0] if error.args else error})) from None
        return cls(spec, actions, results_read, raised)


SAVE_KEYS = (("format", "game", "ruleset", "seed", "seats", "actions"), ("starting_chips", "results_read", "raised"))
FIRST_SAVE_KEYS = (("format", "ruleset", "players", "seed", "names", "strengths", "actions"),
                   ("game", "starting_chips", "results_read", "raised"))
SEAT_KEYS = (("name", "kind"), ("strength",))


def _only_keys(data: dict[str, Any], needed: tuple[str, ...], optional: tuple[str, ...]) -> None:
    """KeyError naming a key of ``needed`` that ``data`` lacks, or one it has that is in neither."""
    for key in needed:
        if key not in data:
            raise KeyError(key)
    for key in data:
        if key not in needed and key not in optional:
            raise KeyError(shown_value(key, limit=SHOWN_KEY))


def whole(data: dict[str, Any], key: str, least: int | None = None) -> int:
    """``data[key]``, a whole number (at least ``least``); ValueError naming the key if it
    is anything else (a seed of 3.9 is not cut to 3)."""
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool) or (least is not None and value < least):
        raise ValueError(key)
    return value


def text_of(value: Any, key: str, blank: bool = False) -> str:
    """``value``, a line of printable text no longer than a setting may hold (empty only
    if ``blank``: a served table's empty seat); ValueError naming ``key`` if it is not."""
    if not isinstance(value, str) or not (value or blank) or len(value) > MAX_TEXT or not value.isprintable():
        raise ValueError(key)
    return value


def _listed(data: dict[str, Any], key: str, kind: type) -> list:
    """``data[key]``, a list of values of ``kind``; ValueError naming the key."""
    values = data[key]
    if not isinstance(values, list) or not all(isinstance(value, kind) for value in values):
        raise ValueError(key)
    return values


def _card_code(data: dict[str, Any], key: str) -> str:
    """``data[key]``, the code of a card; ValueError naming the key."""
    try:
        Card.from_code(data[key])
    except ValueError:
        raise ValueError(key) from None
    return data[key]


def _seats(data: dict[str, Any]) -> tuple[SeatSpec, ...]:
    seats = []
    for entry in _listed(data, "seats", dict):
        try:
            _only_keys(entry, *SEAT_KEYS)
            kind = entry["kind"]
            if kind not in SEAT_KINDS or (entry.get("strength") is None) != (kind == PERSON):
                raise ValueError("seats")
            strength = None if kind == PERSON else text_of(entry["strength"], "seats")
            seats.append(SeatSpec(text_of(entry["name"], "seats", blank=True), kind, strength))
        except (KeyError, ValueError):
            raise ValueError("seats") from None
    return tuple(seats)


def _first_format_seats(data: dict[str, Any]) -> tuple[SeatSpec, ...]:
    """``ramsli-save/1``: ``players``, ``names`` and ``strengths``, None for the person at seat 0."""
    names, strengths = _listed(data, "names", str), _listed(data, "strengths", (str, type(None)))
    if len(names) != whole(data, "players") or len(strengths) != len(names):
        raise SeatsMismatch(Words(N_("its names and computer players do not match its number of players")))
    return tuple(
        SeatSpec.person(text_of(name, "names")) if strength is None
        else SeatSpec.computer(text_of(name, "names"), text_of(strength, "strengths"))
        for name, strength in zip(names, strengths)
    )
