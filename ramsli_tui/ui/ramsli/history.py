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
from ...languages import N_, _


def hand_text(hand: HandLog, words: RamsliWords) -> Content:
    # TRANSLATORS: {suit} the suit of trumps, {card} the card turned up
    trump = _("trump {suit} ({card} turned)").format(suit=words.suit(hand.turn_up.suit), card=words.card(hand.turn_up)) \
        if hand.turn_up else ""
    # TRANSLATORS: after "Hand 3" in the trick history; {dealer} a name, {trump} the trump ("trump ♥ hearts (7♥ turned)")
    about = _(" · dealer {dealer} · {trump} · pot {pot}").format(dealer=words.name(hand.dealer), trump=trump, pot=hand.pot)
    lines: list[str | Content] = [Content.assemble((_("Hand {number}").format(number=hand.number), "bold"), about)]
    if hand.active:
        # TRANSLATORS: the players who were in the hand («dedans», „rein“, «entro»)
        lines.append(_("  In: {names}").format(names=words.named(hand.active)))
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
        lines.append(_("  No trick played yet."))
    return join_lines(lines)


class TrickHistoryScreen(ChronicleScreen):
    DEFAULT_CSS = """
    TrickHistoryScreen {
        #hands { padding: 0 1; }
        .hand { margin-bottom: 1; }
    }
    """

    HEADING = N_("Trick history — the latest hand first; the winning card in bold")
    BINDINGS = [Binding("escape,h,q", "app.pop_screen", N_("Back to the table"), id="history.back")]

    def compose_story(self) -> ComposeResult:
        self.texts = [
            (hand, Static(hand_text(hand, self.words), classes="hand")) for hand in reversed(self.chronicle.hands)
        ]
        with VerticalScroll(id="hands"):
            for _hand, text in self.texts:
                yield text

    def redraw(self) -> None:
        """Tell the hands again with the card faces now chosen."""
        self.words = self.words.with_faces(self.app.settings.faces)
        for hand, text in self.texts:
            text.update(hand_text(hand, self.words))
