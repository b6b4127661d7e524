"""The middle of the table: the cards of the current trick, each with its player's name.

A finished trick stays on the table, its winning card marked ``-winner`` and the
caption saying who took it, until the next card is led, so a person can see it.
"""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Label

from ...cards import Card
from .card import CardWidget

MOST_PLAYERS = 6


class TrickArea(Widget):
    DEFAULT_CSS = """
    TrickArea {
        height: auto;
        width: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        padding: 0 1;
        #trick-caption { width: 100%; }
        #trick-cards { height: auto; width: auto; min-height: 4; }
        .play { width: 8; height: auto; align-horizontal: center; }
        .play.-empty { display: none; }
        .player { width: 100%; content-align: center top; color: $text-muted; }
        .play.-winner .player { color: $text; text-style: bold; }
    }
    Screen.-tall TrickArea {
        #trick-cards { min-height: 6; }
    }
    """

    def compose(self) -> ComposeResult:
        yield Label(id="trick-caption")
        with Horizontal(id="trick-cards"):
            for _ in range(MOST_PLAYERS):
                with Vertical(classes="play -empty"):
                    yield CardWidget()
                    yield Label(classes="player")

    def show(self, plays: Sequence[tuple[str, Card]], winner: int | None, caption: str, faces: str) -> None:
        """Show ``plays`` as (name, card) in order; ``winner`` is the index of the winning play."""
        self.query_one("#trick-caption", Label).update(caption)
        for place, slot in enumerate(self.query(".play")):
            name, card = plays[place] if place < len(plays) else ("", None)
            widget = slot.query_one(CardWidget)
            widget.card = card
            widget.faces = faces
            widget.set_class(place == winner, "-winner")
            slot.set_class(card is None, "-empty")
            slot.set_class(place == winner, "-winner")
            slot.query_one(".player", Label).update(name)
