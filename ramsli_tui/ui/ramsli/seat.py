"""One seat at the Ramsli table: name, stack, in/out, tricks this hand, the dealer button,
whose turn.

Three lines in a box; two lines on a tinted ground where the screen is small (the
table screen's ``-compact``).  The first line and the turn's marks are every seat's
(``widgets.seat.Seat``); a seat that is out of the hand, or has left the table, is
dimmed (``-out``).
"""

from __future__ import annotations

from typing import NamedTuple

from textual.content import Content
from textual.reactive import reactive

from ..widgets.seat import Seat
from ...languages import _, ngettext


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


class RamsliSeat(Seat):
    DEFAULT_CSS = """
    RamsliSeat {
        height: 5;
        width: 1fr;
        min-width: 14;
        &.-out { color: $text-muted; }
    }
    """

    state: reactive[RamsliSeatState | None] = reactive(None, layout=False)

    def watch_state(self, state: RamsliSeatState | None) -> None:
        if state is not None:
            self.show_turn(state.turn)
            self.set_class(state.out, "-out")

    def lines_below(self, state: RamsliSeatState, width: int) -> list[Content]:
        """The stack and cards, then the status and tricks; one line of both where the seat is compact."""
        if self.content_size.height < 3:
            status = " ".join(part for part in (state.status, self.tricks_text(state, 0)) if part)
            return [self.spread(f"{state.stack}", (status, "italic"), width)]
        chips = ngettext("{count} chip", "{count} chips", state.stack).format(count=state.stack)
        return [self.spread(chips, ("▮" * state.cards, "dim"), width),
                self.spread((state.status, "italic"), self.tricks_text(state, width), width)]

    @staticmethod
    def tricks_text(state: RamsliSeatState, width: int) -> str:
        """The tricks taken, as dots, with the word "tricks" where there is room; nothing for
        a player who is not in the hand (yet)."""
        if not state.playing:
            return ""
        dots = "●" * state.tricks
        # TRANSLATORS: the tricks a seat has taken, as dots ("tricks ●●"); short
        worded = _("tricks {dots}").format(dots=dots or "–")
        return worded if len(state.status) + 1 + len(worded) <= width else dots
