"""The seats round a table: who sits in each, and how each is asked to act.

A seat is a person (at this terminal, or later over the network) or a computer player.
Both are made outside the table, from a ``GameSpec``, by ``seats_for``; the table only
asks each in its turn.  A person's seat may have a stand-in: the computer player that
acts for them when their time runs out, or while they are away.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..games.protocol import ComputerPlayer, GameKind
from .spec import GameSpec


@dataclass
class Seat:
    """One seat: its name, and the computer player that plays it (always for a computer
    seat; for a person's seat, only when standing in for them)."""

    name: str
    player: ComputerPlayer | None = None
    rng: random.Random = field(default_factory=random.Random)
    person: bool = False
    away: bool = False
    time_limit: float | None = None  # seconds a person has to act or read, None for no limit

    @property
    def played_by_computer(self) -> bool:
        return not self.person or self.away


def seats_for(spec: GameSpec, kind: GameKind, actions_so_far: int = 0) -> list[Seat]:
    """The seats of ``spec``, with its computer players made and seeded (by the seed, the
    seat and how far a resumed session had gone, so that resuming does not replay the
    same choices)."""
    seats = []
    for number, seat in enumerate(spec.seats):
        rng = random.Random(f"{spec.seed}/{number}/{actions_so_far}")
        if seat.is_person:
            seats.append(Seat(seat.name, rng=rng, person=True))
        else:
            seats.append(Seat(seat.name, kind.computer_player(seat.strength), rng))
    return seats
