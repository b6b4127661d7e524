"""Trick history: every trick of this hand and the earlier ones — leader, cards in order, winner."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from .chronicle import HandLog
from .words import RamsliWords, join_lines
from .chronicle_screen import ChronicleScreen


def hand_text(hand: HandLog, words: RamsliWords) -> Content:
    trump = f"trump {words.suit(hand.turn_up.suit)} ({words.card(hand.turn_up)} turned)" if hand.turn_up else ""
    lines: list[str | Content] = [Content.assemble(
        (f"Hand {hand.number}", "bold"), f" · dealer {words.name(hand.dealer)} · {trump} · pot {hand.pot}"
    )]
    if hand.active:
        lines.append(f"  In: {words.named(hand.active)}")
    if hand.announcement:
        lines.append(f"  {words.event(hand.announcement)}")
    for trick in hand.tricks:
        plays = Content(" · ").join(
            Content.styled(f"{words.name(seat)} {words.card(card)}", "bold" if seat == trick.seat else "")
            for seat, card in trick.plays
        )
        lines.append(Content.assemble(f"  {trick.trick}. ", plays, f"  → {words.name(trick.seat)}"))
    if hand.settled:
        lines.append(f"  {words.outcome(hand.settled)}")
    elif not hand.tricks:
        lines.append("  No trick played yet.")
    return join_lines(lines)


class TrickHistoryScreen(ChronicleScreen):
    DEFAULT_CSS = """
    TrickHistoryScreen {
        #hands { padding: 0 1; }
        .hand { margin-bottom: 1; }
    }
    """

    HEADING = "Trick history — the latest hand first; the winning card in bold"
    BINDINGS = [Binding("escape,h,q", "app.pop_screen", "Back to the table", id="history.back")]

    def compose_story(self) -> ComposeResult:
        self.texts = [
            (hand, Static(hand_text(hand, self.words), classes="hand")) for hand in reversed(self.chronicle.hands)
        ]
        with VerticalScroll(id="hands"):
            for _, text in self.texts:
                yield text

    def redraw(self) -> None:
        """Tell the hands again with the card faces now chosen."""
        self.words = self.words.with_faces(self.app.settings.faces)
        for hand, text in self.texts:
            text.update(hand_text(hand, self.words))
