"""One line that always says whose turn it is and what to do — or why a card was refused.

A sentence too long for the window wraps to a second line (a third at most) rather
than lose its end, where the cards you may play are named."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


class TurnBanner(Static):
    """``-yours`` when the human must act, ``-refused`` while it shows why a move was refused."""

    DEFAULT_CSS = """
    TurnBanner {
        height: auto;
        max-height: 3;
        width: 1fr;
        padding: 0 1;
        background: $panel;
        color: $text-muted;
        &.-yours { background: $seat-turn; color: $text; text-style: bold; }
        &.-refused { background: $error; color: $text; text-style: bold; }
    }
    """

    def say(self, text: str, yours: bool) -> None:
        self.update(Content(("▶ " if yours else "") + text))
        self.set_class(yours, "-yours")
        self.remove_class("-refused")

    def refuse(self, reason: str) -> None:
        self.update(Content(f"✗ {reason}"))
        self.add_class("-refused")
