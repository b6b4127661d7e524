"""The middle of the table: each card of the trick in front of the seat that played it.

The places follow ``seating.sides``: the cards of the players across the table in a
row at the top, under their seats; the cards of the players at your left and right at
the two ends of the middle row, with the caption between them; your card at the
bottom.  A place keeps its room when empty, so that no card moves when another is
played.  The card winning the trick so far is marked ``-winning`` (a dashed border)
while the trick is played, and the card that took a finished trick ``-winner`` (a
double one), both in the theme's ``$card-highlight``; clicking the trick posts
``TrickArea.Clicked`` (the table shows the last trick).

Where the app shows moves (``motion``), a card played slides in from its seat's side of
the table, and a finished trick, when it leaves the table, first sweeps onto the card
that took it.
"""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.events import Click
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Label

from ...cards import Card
from ..seating import Sides
from ..widgets.card import CardWidget
from .motion import glide, moves_shown

SLIDE_FROM = {"across": Offset(0, -2), "left": Offset(-4, 0), "right": Offset(4, 0), "mine": Offset(0, 2)}


class TrickArea(Widget):
    DEFAULT_CSS = """
    TrickArea {
        height: auto;
        width: 1fr;
        padding: 0 1;
        CardWidget.-empty { display: block; visibility: hidden; }
        CardWidget.-winning { border: dashed $card-highlight; }
        #trick-across { height: auto; }
        #trick-across { align-horizontal: center; }
        #trick-across > .place { width: 1fr; height: auto; align-horizontal: center; }
        #trick-middle { height: auto; }
        #trick-caption { width: 1fr; height: 3; content-align: center middle; text-align: center; padding: 0 1; }
        #trick-mine { height: auto; align-horizontal: center; }
    }
    """

    class Clicked(Message):
        """The person clicked the trick."""

    def __init__(self, seats: Sides, me: int) -> None:
        super().__init__()
        self.seats = seats
        self.me = me
        self.on_table: dict[int, Card] = {}  # the cards shown, by seat
        self.taken_by: int | None = None  # the seat that took the trick shown, once it is finished
        self.after_sweep: tuple | None = None  # what to show once the sweep under way is over
        self.moves = True  # cards slide and sweep where the app shows moves (the hand viewer's stand still)

    def compose(self) -> ComposeResult:
        left, across, right = self.seats
        with Horizontal(id="trick-across"):
            for seat in across:
                with Horizontal(classes="place"):
                    yield CardWidget(id=f"trick-{seat}")
        with Horizontal(id="trick-middle"):
            for seat in left:
                yield CardWidget(id=f"trick-{seat}")
            yield Label(id="trick-caption")
            for seat in right:
                yield CardWidget(id=f"trick-{seat}")
        with Horizontal(id="trick-mine"):
            yield CardWidget(id=f"trick-{self.me}")

    def show(self, plays: Sequence[tuple[int, Card]], winner: int | None, caption: str, faces: str,
             finished: bool = False) -> None:
        """Show ``plays`` as (seat, card), each in front of its seat; ``winner`` is the seat
        whose card took the trick (``finished``) or wins it so far.  A finished trick that
        leaves for cards of another first sweeps to its winner, where moves are shown."""
        shown = (plays, winner, caption, faces, finished)
        if self.after_sweep is not None:
            self.after_sweep = shown
            return
        if self.sweeps_away(dict(plays)) and self.moves and moves_shown(self):
            self.after_sweep = shown
            self.sweep()
            return
        self.lay(*shown)

    def sweeps_away(self, played: dict[int, Card]) -> bool:
        """Does a finished trick leave the table for cards of another?"""
        return self.taken_by is not None and bool(played) and not played.items() >= self.on_table.items()

    def lay(self, plays: Sequence[tuple[int, Card]], winner: int | None, caption: str, faces: str,
            finished: bool) -> None:
        """Put the cards in their places; those new in the trick shown slide in, where moves are shown."""
        self.query_one("#trick-caption", Label).update(Content(caption))
        played = dict(plays)
        same_trick = played.items() >= self.on_table.items()
        arriving = []
        for widget in self.query(CardWidget):
            seat = self.seat_of(widget)
            widget.card = played.get(seat)
            widget.faces = faces
            widget.set_class(seat == winner and finished, "-winner")
            widget.set_class(seat == winner and not finished, "-winning")
            if same_trick and seat in played and seat not in self.on_table:
                arriving.append((widget, SLIDE_FROM[self.side_of(seat)], Offset(0, 0)))
        self.on_table, self.taken_by = played, winner if finished else None
        if arriving and self.moves and moves_shown(self):
            glide(self, arriving)

    def sweep(self) -> None:
        """Every card of the finished trick onto the winner's, then what came meanwhile."""
        target = self.query_one(f"#trick-{self.taken_by}", CardWidget).region.offset
        moves = [(widget, Offset(0, 0), target - widget.region.offset)
                 for widget in self.query(CardWidget) if self.seat_of(widget) in self.on_table]
        glide(self, moves, then=self.swept)

    def swept(self) -> None:
        for widget in self.query(CardWidget):
            widget.styles.offset = (0, 0)
        shown, self.after_sweep = self.after_sweep, None
        self.on_table, self.taken_by = {}, None  # the table is clear: the next trick's cards slide in
        self.lay(*shown)

    @staticmethod
    def seat_of(widget: CardWidget) -> int:
        return int(widget.id.removeprefix("trick-"))

    def side_of(self, seat: int) -> str:
        """Where the seat sits, seen from this chair: "across", "left", "right" or "mine"."""
        left, across, _ = self.seats
        if seat == self.me:
            return "mine"
        return "left" if seat in left else "across" if seat in across else "right"

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked())
