"""After each hand: who won the pot, the betes, the carry-over and every player's chips."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Button, Static

from ...engine.events import HandSettled, Payment
from ..chronicle import Chronicle
from ..words import Words, join_lines
from .dialog import Dialog


class Transfer(NamedTuple):
    """Payments of one kind and size, from one payer to several payees or from several payers
    to one payee; None is the pot."""

    reason: str
    chips: int
    payers: tuple[int | None, ...]
    payees: tuple[int | None, ...]


def transfers(payments: Sequence[Payment]) -> list[Transfer]:
    """The payments taken together where one side is the same: the betes paying into the
    pot, a failed Nap's bidder paying every other player."""
    together: list[Transfer] = []
    for payment in payments:
        if not payment.chips:
            continue
        for place, transfer in enumerate(together):
            if (transfer.reason, transfer.chips) != (payment.reason, payment.chips):
                continue
            if transfer.payers == (payment.payer,):
                together[place] = transfer._replace(payees=transfer.payees + (payment.payee,))
                break
            if transfer.payees == (payment.payee,):
                together[place] = transfer._replace(payers=transfer.payers + (payment.payer,))
                break
        else:
            together.append(Transfer(payment.reason, payment.chips, (payment.payer,), (payment.payee,)))
    return together


def transfer_line(transfer: Transfer, words: Words) -> str:
    """One line of the summary: who paid whom (or the pot), how much, and why."""
    reason, payers, payees = transfer.reason, transfer.payers, transfer.payees
    chips = words.chips(transfer.chips) + (" each" if len(payers) > 1 or len(payees) > 1 else "")
    if reason == "pot":
        return f"{words.does(payees, 'take')} {chips} from the pot."
    if reason == "bete":
        return f"{words.does(payers, 'are')} bete: {chips} into the next pot."
    if reason == "general_rams":
        return f"{words.does(payers, 'pay')} {chips} into the pot for General Rams."
    return f"{words.does(payers, 'pay')} {words.seats(payees, you='you')} {chips} for the Nap."


def summary_text(settled: HandSettled, chronicle: Chronicle, words: Words) -> Content:
    hand = next(log for log in reversed(chronicle.hands) if log.number == settled.number)
    tricks = Counter(trick.seat for trick in hand.tricks)
    lines: list[str | Content] = [Content.styled(words.outcome(settled), "bold"), ""]
    lines += [  # the pot won by one player is in the first line already
        transfer_line(transfer, words) for transfer in transfers(settled.payments)
        if not (transfer.reason == "pot" and len(transfer.payees) == 1)
    ]
    lines.append(f"Carried over to the next pot: {words.chips(settled.pot)}.")
    if hand.tricks:
        last = hand.tricks[-1]
        plays = " · ".join(f"{words.seat(seat)} {words.card(card)}" for seat, card in last.plays)
        lines.append(f"Last trick: {plays} → {words.seat(last.seat)}.")
    lines += ["", Content.styled(f"{'Player':<12} {'Played':<7} {'Tricks':>6} {'Change':>7} {'Stack':>6}", "bold")]
    for seat, stack in enumerate(settled.stacks):
        played = {True: "in", False: "out"}.get(hand.was_in(seat), "–")
        change = settled.changes[seat]
        lines.append(
            f"{words.seat(seat)[:12]:<12} {played:<7} {tricks.get(seat, 0):>6} {change:>+7} {stack:>6}"
        )
    return join_lines(lines)


class HandSummaryScreen(Dialog[None]):
    DEFAULT_CSS = """
    HandSummaryScreen {
        #text { width: 100%; margin-bottom: 1; }
        Button { width: 100%; }
    }
    """

    BINDINGS = [Binding("enter,space,escape", "dismiss", "Next hand", id="summary.next")]

    def __init__(self, settled: HandSettled, chronicle: Chronicle, words: Words, last: bool = False) -> None:
        """``last``: the hand ended the session, and the result comes next."""
        super().__init__()
        self.settled = settled
        self.chronicle = chronicle
        self.words = words
        self.last = last

    def compose(self) -> ComposeResult:
        with self.box(f"Hand {self.settled.number}"):
            yield Static(summary_text(self.settled, self.chronicle, self.words), id="text")
            yield Button("The result (Enter)" if self.last else "Next hand (Enter)", id="next", variant="primary",
                         compact=True)

    def on_button_pressed(self) -> None:
        self.dismiss()
