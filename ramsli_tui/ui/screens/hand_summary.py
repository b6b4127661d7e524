"""After each hand: who won the pot, the betes, the carry-over and every player's chips."""

from __future__ import annotations

from collections import Counter

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine.events import HandSettled, Payment
from ..chronicle import Chronicle
from ..words import Words


def payment_line(payment: Payment, words: Words) -> str:
    chips = words.chips(payment.chips)
    payer, payee = payment.payer, payment.payee
    match payment.reason:
        case "pot":
            return f"{words.does(payee, 'take')} {chips} from the pot."
        case "bete":
            return f"{words.does(payer, 'are')} bete: {chips} into the next pot."
        case "general_rams":
            return f"{words.does(payer, 'pay')} {chips} into the pot for General Rams."
        case "nap":
            return f"{words.does(payer, 'pay')} {words.seat(payee)} {chips} for the Nap."
    giver = "The pot" if payer is None else words.seat(payer)
    return f"{giver} → {'the pot' if payee is None else words.seat(payee)}: {chips}."


def summary_text(settled: HandSettled, chronicle: Chronicle, words: Words) -> str:
    hand = next(log for log in reversed(chronicle.hands) if log.number == settled.number)
    tricks = Counter(trick.seat for trick in hand.tricks)
    lines = [f"[b]{words.outcome(settled)}[/b]", ""]
    lines += [payment_line(payment, words) for payment in settled.payments if payment.chips]
    lines.append(f"Carried over to the next pot: {words.chips(settled.pot)}.")
    if hand.tricks:
        last = hand.tricks[-1]
        plays = " · ".join(f"{words.seat(seat)} {words.card(card)}" for seat, card in last.plays)
        lines.append(f"Last trick: {plays} → {words.seat(last.seat)}.")
    lines += ["", f"[b]{'Player':<12} {'Played':<7} {'Tricks':>6} {'Change':>7} {'Stack':>6}[/b]"]
    for seat, stack in enumerate(settled.stacks):
        played = {True: "in", False: "out"}.get(hand.was_in(seat), "–")
        change = settled.changes[seat]
        lines.append(
            f"{words.seat(seat)[:12]:<12} {played:<7} {tricks.get(seat, 0):>6} {change:>+7} {stack:>6}"
        )
    return "\n".join(lines)


class HandSummaryScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HandSummaryScreen {
        align: center middle;
        #summary { width: 64; max-width: 100%; height: auto; max-height: 100%; border: thick $primary;
                   background: $surface; padding: 0 2; }
        #text { width: 100%; margin-bottom: 1; }
        Button { width: 100%; }
    }
    """

    BINDINGS = [Binding("enter,space,escape", "dismiss", "Next hand", id="summary.next")]

    def __init__(self, settled: HandSettled, chronicle: Chronicle, words: Words) -> None:
        super().__init__()
        self.settled = settled
        self.chronicle = chronicle
        self.words = words

    def compose(self) -> ComposeResult:
        with Vertical(id="summary") as box:
            box.border_title = f"Hand {self.settled.number}"
            yield Static(summary_text(self.settled, self.chronicle, self.words), id="text")
            yield Button("Next hand (Enter)", id="next", variant="primary", compact=True)

    def on_button_pressed(self) -> None:
        self.dismiss()
