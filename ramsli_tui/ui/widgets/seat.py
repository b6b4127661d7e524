"""What every game's seat is: a box with the player's name on its first line, ``▶``
before it and a double border in the ``$seat-turn`` colour on its turn (``-turn``), the
dealer's ``D`` at the line's right end; at a served table, the seconds the seat to act
has left at the foot of its box (``-hurry`` near the end of the person's own).  A name
too long for its seat is shortened with an ellipsis, the whole of it in the seat's
tooltip.  Each game's seat says the rest."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Region
from textual.widget import Widget

from ...languages import pgettext
from ...text import for_terminal

TURN_MARK = "▶ "


class Seat(Widget):
    DEFAULT_CSS = """
    Seat {
        border: round $table-edge;
        padding: 0 1;
        &.-turn { border: double $seat-turn; }
        border-subtitle-align: right;
        &.-hurry { border-subtitle-color: $error; border-subtitle-style: bold reverse; }
    }
    """

    def show_turn(self, turn: bool) -> None:
        self.set_class(turn, "-turn")

    def show_seconds(self, seconds: str) -> None:
        """``seconds`` at the foot of the box (none: ``""``), drawn again alone: setting
        ``border_subtitle`` draws the whole seat, its lines and its name again, each second
        at a served table.  The subtitle is kept where Textual's own setter keeps it."""
        if (self.border_subtitle or "") == seconds:
            return
        self._border_subtitle = Content(seconds) if seconds else None
        offset = self.content_offset
        self.refresh(Region(-offset.x, self.outer_size.height - 1 - offset.y, self.outer_size.width, 1))

    def render(self) -> Content:
        """The first line, then the game's own lines below it; nothing before the seat has a state."""
        state = self.state
        if state is None:
            return Content("")
        top = self.header(state.name, state.turn, state.dealer)
        return Content("\n").join([top, *self.lines_below(state, self.content_size.width)])

    def lines_below(self, state, width: int) -> list[Content]:
        """The game's lines under the name line, ``width`` columns wide."""
        raise NotImplementedError

    def header(self, name: str, turn: bool, dealer: bool) -> Content:
        """The seat's first line: ``▶`` on its turn, the name fitted to what is left, and the
        dealer's ``D`` at the right, a column apart."""
        width = self.content_size.width
        marker = TURN_MARK if turn else ""
        # TRANSLATORS: the dealer's mark at the right of a seat's first line: one letter (French D for donneur, German G for Geber).
        mark = " " + pgettext("dealer mark", "D") + " " if dealer else ""
        name = self.fitted_name(name, width - len(marker) - len(mark) - (1 if dealer else 0))
        gap = max(width - len(marker) - len(name) - len(mark), 1 if dealer else 0)
        return Content.assemble((marker, "bold $seat-turn"), (name, "bold"), " " * gap, (mark, "reverse bold"))

    def fitted_name(self, name: str, room: int) -> str:
        """``name`` fitted to ``room`` columns: whole, or shortened with an ellipsis, and then
        the whole name is the seat's tooltip."""
        whole = for_terminal(name, None)
        fitted = for_terminal(name, max(room, 1))
        tooltip = Content(whole) if fitted != whole else None
        if self.tooltip != tooltip:
            self.tooltip = tooltip
        return fitted

    @staticmethod
    def spread(left: str | tuple[str, str], right: str | tuple[str, str], width: int) -> Content:
        """``left`` and ``right`` at the two ends of a line; ``right`` left out if both do not fit."""
        left_text = left if isinstance(left, str) else left[0]
        right_text = right if isinstance(right, str) else right[0]
        gap = width - len(left_text) - len(right_text)
        if gap < 1:
            return Content.assemble(left)
        return Content.assemble(left, " " * gap, right)
