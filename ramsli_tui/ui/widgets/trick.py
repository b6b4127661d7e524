"""The middle of the table: each card of the trick in front of the seat that played it.

The places follow ``seating.sides``: the cards of the players across the table in a
row at the top, under their seats; the cards of the players at your left and right at
the two ends of the middle row, with the caption between them; your card at the
bottom.  A place keeps its room when empty, so that no card moves when another is
played.  The card winning the trick so far is marked ``-winning`` (a dashed border)
while the trick is played, and the card that took a finished trick ``-winner`` (a
double one), both in the theme's ``$card-highlight``; clicking the trick posts
``TrickArea.Clicked`` (the table shows the last trick).
"""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Label

from ...cards import Card
from ..seating import Sides
from .card import CardWidget


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
        whose card took the trick (``finished``) or wins it so far."""
        self.query_one("#trick-caption", Label).update(Content(caption))
        played = dict(plays)
        for widget in self.query(CardWidget):
            seat = int(widget.id.removeprefix("trick-"))
            widget.card = played.get(seat)
            widget.faces = faces
            widget.set_class(seat == winner and finished, "-winner")
            widget.set_class(seat == winner and not finished, "-winning")

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked())
