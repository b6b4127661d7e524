"""A seat at a Rami table, seen from yours: its name, partner or opponent, its card
count (never its cards); the first line and the turn's marks are every seat's
(``widgets.seat.Seat``).  In a narrow seat the count is the number alone, and the role
is cut to fit."""

from __future__ import annotations

from typing import NamedTuple

from textual.content import Content
from textual.reactive import reactive

from ...languages import ngettext
from ..widgets.seat import Seat


class RamiSeatState(NamedTuple):
    name: str
    role: str  # "partner" or "opponent", in the person's words
    cards: int
    dealer: bool
    turn: bool


class RamiSeat(Seat):
    DEFAULT_CSS = """
    RamiSeat { height: 4; width: 22; }
    """

    state: reactive[RamiSeatState | None] = reactive(None, layout=False)

    def watch_state(self, state: RamiSeatState | None) -> None:
        self.show_turn(state is not None and state.turn)

    def lines_below(self, state: RamiSeatState, width: int) -> list[Content]:
        """The seat's side and its card count."""
        # TRANSLATORS: a seat's card count, at the right of its box's second line (13 to 22 columns, with the role).
        count = ngettext("{count} card", "{count} cards", state.cards).format(count=state.cards)
        if len(state.role) + 1 + len(count) > width:
            count = str(state.cards)  # a narrow seat: the count alone
        role = state.role[: max(width - len(count) - 1, 0)]
        return [Content.assemble((role, "italic"), " " * max(width - len(role) - len(count), 1), count)]
