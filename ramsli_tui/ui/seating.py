"""Where each seat sits round the table, as the person at the bottom of the screen sees it.

Seats are numbered clockwise, so the seat after yours sits at your left; going on
clockwise, the others sit across the table, from its left end to its right, and the
last one at your right.  With one other player, they sit across; with two, one at
each side.  This is the one place that knows it: the table screen lays out the seats
and the trick from it, each card in front of the seat that played it.
"""

from __future__ import annotations

from typing import NamedTuple


class Sides(NamedTuple):
    """The other seats by where they sit: at your left, across (from left to right), at your right."""

    left: tuple[int, ...]
    across: tuple[int, ...]
    right: tuple[int, ...]


def sides(players: int, me: int) -> Sides:
    """Where the other ``players - 1`` seats sit, seen from seat ``me``."""
    others = tuple((me + step) % players for step in range(1, players))
    if len(others) < 2:
        return Sides((), others, ())
    return Sides(others[:1], others[1:-1], others[-1:])
