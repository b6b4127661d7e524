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

from ..table.spec import SEAT_KINDS, GameSpec, SeatSpec

SAVE_FORMAT = "ramsli-save/2"
FIRST_SAVE_FORMAT = "ramsli-save/1"
MAX_SAVE_BYTES = 4_000_000  # far more than any session played needs


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
        """Parse a save of either format; ValueError saying what is wrong."""
        try:
            data = json.loads(text)
        except RecursionError:
            raise ValueError("it is nested too deep to be a save") from None
        if not isinstance(data, dict) or data.get("format") not in (SAVE_FORMAT, FIRST_SAVE_FORMAT):
            raise ValueError(f"it is not a {SAVE_FORMAT} save")
        try:
            seats = _seats(data) if data["format"] == SAVE_FORMAT else _first_format_seats(data)
            spec = GameSpec(
                game=str(data.get("game", "ramsli")),
                ruleset=str(data["ruleset"]),
                seed=whole(data, "seed"),
                seats=seats,
                starting_chips=None if data.get("starting_chips") is None else whole(data, "starting_chips"),
            )
            actions = tuple(str(action) for action in data["actions"])
            results_read = None if data.get("results_read") is None else whole(data, "results_read")
            raised = data.get("raised")
            if raised is not None and not isinstance(raised, str):
                raise ValueError("raised")
        except SeatsMismatch as error:
            raise ValueError(str(error)) from None
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"it is missing or has a wrong '{error.args[0] if error.args else error}'") from None
        return cls(spec, actions, results_read, raised)


def whole(data: dict[str, Any], key: str) -> int:
    """``data[key]``, a whole number; ValueError naming the key if it is anything else
    (a seed of 3.9 is not cut to 3)."""
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(key)
    return value


def _seats(data: dict[str, Any]) -> tuple[SeatSpec, ...]:
    seats = []
    for entry in data["seats"]:
        kind = str(entry["kind"])
        if kind not in SEAT_KINDS:
            raise ValueError("seats")
        strength = entry.get("strength")
        seats.append(SeatSpec(str(entry["name"]), kind, None if strength is None else str(strength)))
    return tuple(seats)


def _first_format_seats(data: dict[str, Any]) -> tuple[SeatSpec, ...]:
    """``ramsli-save/1``: ``players``, ``names`` and ``strengths``, None for the person at seat 0."""
    names, strengths = list(data["names"]), list(data["strengths"])
    if len(names) != whole(data, "players") or len(strengths) != len(names):
        raise SeatsMismatch("its names and computer players do not match its number of players")
    return tuple(
        SeatSpec.person(str(name)) if strength is None else SeatSpec.computer(str(name), str(strength))
        for name, strength in zip(names, strengths)
    )
