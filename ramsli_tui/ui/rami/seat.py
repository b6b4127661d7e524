"""A seat at a Rami table, seen from yours: its name, partner or opponent, its card
count (never its cards), the dealer's ``D``, and ``▶`` with a double border on its turn.
In a narrow seat the count is the number alone, and the name and role are cut to fit."""

from __future__ import annotations

from typing import NamedTuple

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ..widgets.seat import fitted_name


class RamiSeatState(NamedTuple):
    name: str
    role: str  # "partner" or "opponent"
    cards: int
    dealer: bool
    turn: bool


class RamiSeat(Widget):
    DEFAULT_CSS = """
    RamiSeat {
        height: 4; width: 22; border: round $table-edge; padding: 0 1;
        &.-turn { border: double $seat-turn; }
    }
    """

    state: reactive[RamiSeatState | None] = reactive(None, layout=False)

    def watch_state(self, state: RamiSeatState | None) -> None:
        self.set_class(state is not None and state.turn, "-turn")

    def render(self) -> Content:
        state = self.state
        if state is None:
            return Content("")
        width = self.content_size.width
        marker = "▶ " if state.turn else ""
        dealer = " D" if state.dealer else ""
        name = fitted_name(self, state.name, width - len(marker) - len(dealer))
        top = Content.assemble((marker, "bold $seat-turn"), (name, "bold"),
                               " " * max(width - len(marker) - len(name) - len(dealer), 0), (dealer, "reverse bold"))
        count = f"{state.cards} cards"
        if len(state.role) + 1 + len(count) > width:
            count = str(state.cards)  # a narrow seat: the count alone
        role = state.role[: max(width - len(count) - 1, 0)]
        bottom = Content.assemble((role, "italic"), " " * max(width - len(role) - len(count), 1), count)
        return Content("\n").join([top, bottom])
