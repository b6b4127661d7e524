"""What makes a table, apart from what its players do: the game, its ruleset, the seed
and who sits in each seat.

A seat holds a person (at this terminal now; over the network with ``ramsli serve``)
or a computer player of some strength.  Specs are plain data: the table is built from
one, and a saved game is a spec and the actions taken so far.
"""

from __future__ import annotations

from dataclasses import dataclass

PERSON = "person"
COMPUTER = "computer"
SEAT_KINDS = (PERSON, COMPUTER)
NAME_LENGTH = 14  # the most characters of a seat's name: it is shown on the seat
SAY_LENGTH = 200  # characters in one line a person says at a served table


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a seat's name, or None: it is shown to everyone at
    the table, so it is one short line of printable characters."""
    if not name.strip():
        return "a name cannot be blank"
    if len(name) > NAME_LENGTH:
        return f"a name has at most {NAME_LENGTH} characters"
    if not name.isprintable():
        return "a name holds only printable characters"
    return None


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a person, or a computer player of ``strength``."""

    name: str
    kind: str = PERSON
    strength: str | None = None

    @classmethod
    def person(cls, name: str) -> SeatSpec:
        return cls(name, PERSON)

    @classmethod
    def computer(cls, name: str, strength: str) -> SeatSpec:
        return cls(name, COMPUTER, strength)

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON


@dataclass(frozen=True)
class GameSpec:
    """One table's session: ``game`` names the game (``ramsli``), ``ruleset`` its house
    rules, ``seats`` who sits where (seat 0 first); ``starting_chips`` overrides the
    ruleset's when set."""

    game: str
    ruleset: str
    seed: int
    seats: tuple[SeatSpec, ...]
    starting_chips: int | None = None

    @classmethod
    def one_person(cls, game: str, ruleset: str, seed: int, names, strengths, starting_chips: int | None = None) -> GameSpec:
        """A person at seat 0, called ``names[0]``; computer players of ``strengths`` in the
        others, one each."""
        seats = (SeatSpec.person(names[0]), *map(SeatSpec.computer, names[1:], strengths))
        return cls(game, ruleset, seed, seats, starting_chips)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def strengths(self) -> tuple[str | None, ...]:
        """Each seat's computer player, None where a person sits."""
        return tuple(seat.strength for seat in self.seats)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats where a person sits."""
        return tuple(number for number, seat in enumerate(self.seats) if seat.is_person)
