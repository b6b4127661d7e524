"""The middle of the table: the cards of the current trick, each with its player's name.

A finished trick stays on the table, its winning card marked ``-winner`` and the
caption saying who took it, until the next card is led, so a person can see it.
"""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Label

from ...cards import Card
from .card import CardWidget

PLACE_WIDTH = 8  # cells for each card and the name under it, small or large (see TableScreen)


class TrickArea(Widget):
    DEFAULT_CSS = """
    TrickArea {
        height: auto;
        width: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        padding: 0 1;
        #trick-caption { width: 100%; }
        #trick-cards { height: auto; width: auto; min-height: 3; }
        #trick-cards CardWidget { margin-right: 3; }
        #trick-names { width: 100%; color: $text-muted; }
    }
    """

    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players

    def compose(self) -> ComposeResult:
        yield Label(id="trick-caption")
        with Horizontal(id="trick-cards"):
            for _ in range(self.players):
                yield CardWidget()
        yield Label(id="trick-names")

    def show(self, plays: Sequence[tuple[str, Card]], winner: int | None, caption: str, faces: str) -> None:
        """Show ``plays`` as (name, card) in order; ``winner`` is the index of the winning play."""
        self.query_one("#trick-caption", Label).update(Content(caption))
        for place, widget in enumerate(self.query(CardWidget)):
            widget.card = plays[place][1] if place < len(plays) else None
            widget.faces = faces
            widget.set_class(place == winner, "-winner")
        names = "".join(
            (f"▲{name}" if place == winner else name)[: PLACE_WIDTH - 1].ljust(PLACE_WIDTH)
            for place, (name, _) in enumerate(plays)
        )
        self.query_one("#trick-names", Label).update(Content(names))
