"""The card turned up for trumps, with the pot and the undealt cards beside it.

The card lies there at every size, since it says which suit is trumps; where the
screen is small only its "Turned up" label (``#turn-up-label``) is left out.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from ...cards import Card
from ..widgets.card import CardWidget
from ...languages import _


class PotPanel(Widget):
    DEFAULT_CSS = """
    PotPanel {
        height: auto;
        width: 30;
        layout: horizontal;
        border: round $table-edge;
        border-title-color: $text-muted;
        padding: 0 1;
        #pot-text { width: 1fr; height: auto; padding-left: 1; }
    }
    """

    def compose(self) -> ComposeResult:
        yield CardWidget(id="turn-up")
        with Vertical(id="pot-text"):
            # TRANSLATORS: beside the card turned up for trumps
            yield Static(_("Turned up"), id="turn-up-label")
            yield Static(id="pot-lines")

    def show(self, turn_up: Card, faces: str, lines: list[str | Content]) -> None:
        card = self.query_one("#turn-up", CardWidget)
        card.card = turn_up
        card.faces = faces
        self.query_one("#pot-lines", Static).update(Content("\n").join(Content(line) if isinstance(line, str) else line
                                                                        for line in lines))
