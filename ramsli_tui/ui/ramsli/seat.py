"""One seat at the table: name, stack, in/out, tricks this hand, the dealer button, whose turn.

Three lines in a box; two lines on a tinted ground where the screen is small (the
table screen's ``-compact``).  The seat to act has a ``▶`` before its name and a
double border in the ``$seat-turn`` colour (``-turn``); a seat that is out of the
hand, or has left the table, is dimmed (``-out``).  A name too long for its seat is
shortened with an ellipsis, the whole of it in the seat's tooltip (``fitted_name``).
"""

from __future__ import annotations

from typing import NamedTuple

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ..widgets.seat import fitted_name


class RamsliSeatState(NamedTuple):
    name: str
    stack: int
    status: str  # "in", "out", "left", "deciding…", an announcement such as "Nap 3", or ""
    tricks: int
    cards: int  # cards still in hand (never which ones)
    dealer: bool
    turn: bool
    playing: bool  # in the hand, so that its tricks count
    out: bool  # out of the hand, or gone from the table


class RamsliSeat(Widget):
    DEFAULT_CSS = """
    RamsliSeat {
        height: 5;
        width: 1fr;
        min-width: 14;
        border: round $table-edge;
        padding: 0 1;
        &.-turn { border: double $seat-turn; }
        &.-out { color: $text-muted; }
    }
    """

    state: reactive[RamsliSeatState | None] = reactive(None, layout=False)

    def watch_state(self, state: RamsliSeatState | None) -> None:
        if state is not None:
            self.set_class(state.turn, "-turn")
            self.set_class(state.out, "-out")

    def render(self) -> Content:
        state = self.state
        if state is None:
            return Content("")
        width = self.content_size.width
        marker = "▶ " if state.turn else ""
        dealer = " D " if state.dealer else ""
        room = width - len(marker) - len(dealer) - (1 if dealer else 0)
        name = fitted_name(self, state.name, room)
        top = Content.assemble(
            (marker, "bold $seat-turn"),
            (name, "bold"),
            " " * max(width - len(marker) - len(name) - len(dealer), 1 if dealer else 0),
            (dealer, "reverse bold"),
        )
        if self.content_size.height < 3:
            status = " ".join(part for part in (state.status, self.tricks_text(state, 0)) if part)
            return Content("\n").join([top, self.spread(f"{state.stack}", (status, "italic"), width)])
        return Content("\n").join([top, self.spread(f"{state.stack} chips", ("▮" * state.cards, "dim"), width),
                                   self.spread((state.status, "italic"), self.tricks_text(state, width), width)])

    @staticmethod
    def tricks_text(state: RamsliSeatState, width: int) -> str:
        """The tricks taken, as dots, with the word "tricks" where there is room; nothing for
        a player who is not in the hand (yet)."""
        if not state.playing:
            return ""
        dots = "●" * state.tricks
        worded = f"tricks {dots or '–'}"
        return worded if len(state.status) + 1 + len(worded) <= width else dots

    @staticmethod
    def spread(left: str | tuple[str, str], right: str | tuple[str, str], width: int) -> Content:
        """``left`` and ``right`` at the two ends of a line; ``right`` left out if both do not fit."""
        left_text = left if isinstance(left, str) else left[0]
        right_text = right if isinstance(right, str) else right[0]
        gap = width - len(left_text) - len(right_text)
        if gap < 1:
            return Content.assemble(left)
        return Content.assemble(left, " " * gap, right)
