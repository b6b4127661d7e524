"""The turn-up card with the trump suit, the talon, the pot and any announcement."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Label

from ...cards import Card
from .card import CardWidget


class PotPanel(Widget):
    DEFAULT_CSS = """
    PotPanel {
        height: auto;
        width: 30;
        layout: horizontal;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        padding: 0 1;
        #pot-lines { width: 1fr; height: auto; padding-left: 1; }
        #pot-lines Label { width: 100%; }
        #announcement { text-style: bold; color: $accent; }
    }
    """

    def compose(self) -> ComposeResult:
        yield CardWidget(id="turn-up")
        with Vertical(id="pot-lines"):
            yield Label(id="trump")
            yield Label(id="pot")
            yield Label(id="talon")
            yield Label(id="announcement")

    def show(self, turn_up: Card, faces: str, trump: str, pot: str, talon: str, announcement: str) -> None:
        card = self.query_one("#turn-up", CardWidget)
        card.card = turn_up
        card.faces = faces
        self.query_one("#trump", Label).update(trump)
        self.query_one("#pot", Label).update(pot)
        self.query_one("#talon", Label).update(talon)
        self.query_one("#announcement", Label).update(announcement)
