"""After each hand: who won the pot, the betes, the carry-over and every player's chips.

Nobody goes into debt (R25), so a player may pay less than the rules ask, or nothing at
all; the summary then says so, and what the rules asked: "Anna is bete: 3 chips into the
next pot, all Anna had left (the bete is 5 chips)."
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Button, Static

from ...engine.events import HandSettled, Payment
from ...rules import Ruleset
from ..chronicle import Chronicle, HandLog
from ..words import Words, join_lines
from .dialog import Dialog


class Transfer(NamedTuple):
    """Payments of one kind and size, from one payer to several payees or from several payers
    to one payee; None is the pot."""

    reason: str
    chips: int
    payers: tuple[int | None, ...]
    payees: tuple[int | None, ...]


class Due(NamedTuple):
    """What the rules ask of each payment of one kind this hand, and that rule in words.
    A payer who pays less had no more."""

    chips: int
    rule: str


def transfers(payments: Sequence[Payment]) -> list[Transfer]:
    """The payments taken together where one side is the same: the betes paying into the
    pot, a failed Nap's bidder paying every other player.  Payments of nothing are kept:
    a player with no chips left still owed them."""
    together: list[Transfer] = []
    for payment in payments:
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


def dues(settled: HandSettled, hand: HandLog, rules: Ruleset, words: Words) -> dict[str, Due]:
    """What the rules asked of each payer this hand, by the payments' reason (R21–R23).
    ``hand.pot`` is the pot when play started, the P of the rules."""
    pot = hand.pot
    bete = rules.bete_in_force(pot)
    owed = {"bete": Due(bete, f"the bete is {words.chips(bete)}")}
    match settled.outcome:
        case "general_rams_failed":
            forfeit = 3 * pot if rules.general_rams_failure == "triple_pot" else 3 * bete
            owed["general_rams"] = Due(forfeit, f"a failed General Rams costs {words.chips(forfeit)}")
        case "general_rams_made":  # shared as evenly as may be: nobody who could pay owed less than this
            payers = sum(1 for payment in settled.payments if payment.reason == "general_rams")
            owed["general_rams"] = Due(
                2 * pot // payers, f"General Rams costs the others twice the pot, {words.chips(2 * pot)} between them"
            )
        case "nap_made":
            target = hand.announcement.target
            bonus = rules.nap_bonus[target]
            owed["nap"] = Due(bonus, f"Nap {target} earns {words.chips(bonus)} from each player")
        case "nap_missed":
            target = hand.announcement.target
            penalty = rules.nap_penalty[target]
            owed["nap"] = Due(penalty, f"a missed Nap {target} costs {words.chips(penalty)} to each player")
    return owed


def transfer_line(transfer: Transfer, words: Words, due: Due | None = None) -> str:
    """One line of the summary: who paid whom (or the pot), how much, and why; and, when
    they paid less than ``due``, that it was all they had."""
    reason, payers, payees = transfer.reason, transfer.payers, transfer.payees
    short = due is not None and transfer.chips < due.chips
    if short and not transfer.chips:
        return f"{nothing_left(transfer, words)} ({due.rule})."
    chips = words.chips(transfer.chips) + (" each" if len(payers) > 1 or len(payees) > 1 else "")
    if reason == "pot":
        line = f"{words.does(payees, 'take')} {chips} from the pot"
    elif reason == "bete":
        line = f"{words.does(payers, 'are')} bete: {chips} into the next pot"
    elif reason == "general_rams":
        line = f"{words.does(payers, 'pay')} {chips} into the pot for General Rams"
    else:
        line = f"{words.does(payers, 'pay')} {words.seats(payees, you='you')} {chips} for the Nap"
    if short:
        who = "they" if len(payers) > 1 else words.seat(payers[0], you="you")
        line += f", all {who} had left ({due.rule})"
    return line + "."


def nothing_left(transfer: Transfer, words: Words) -> str:
    """The payers owed chips and had none left."""
    payers = transfer.payers
    if transfer.reason == "bete":
        return f"{words.does(payers, 'are')} bete but {words.verb(payers, 'have')} no chips left to pay"
    if transfer.reason == "general_rams":
        return f"{words.does(payers, 'have')} no chips left to pay for General Rams"
    return f"{words.does(payers, 'have')} no chips left to pay {words.seats(transfer.payees, you='you')} for the Nap"


def summary_text(settled: HandSettled, chronicle: Chronicle, words: Words, rules: Ruleset) -> Content:
    hand = next(log for log in reversed(chronicle.hands) if log.number == settled.number)
    tricks = Counter(trick.seat for trick in hand.tricks)
    owed = dues(settled, hand, rules, words)
    lines: list[str | Content] = [Content.styled(words.outcome(settled), "bold"), ""]
    for transfer in transfers(settled.payments):
        due = owed.get(transfer.reason)
        if transfer.reason == "pot" and len(transfer.payees) == 1:
            continue  # the pot won by one player is in the first line already
        if transfer.chips or (due is not None and due.chips):  # nothing paid is told only when something was owed
            lines.append(transfer_line(transfer, words, due))
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

    def __init__(self, settled: HandSettled, chronicle: Chronicle, words: Words, rules: Ruleset,
                 last: bool = False) -> None:
        """``last``: the hand ended the session, and the result comes next."""
        super().__init__()
        self.settled = settled
        self.chronicle = chronicle
        self.words = words
        self.rules = rules
        self.last = last

    def compose(self) -> ComposeResult:
        with self.box(f"Hand {self.settled.number}"):
            yield Static(summary_text(self.settled, self.chronicle, self.words, self.rules), id="text")
            yield Button("The result (Enter)" if self.last else "Next hand (Enter)", id="next", variant="primary",
                         compact=True)

    def on_button_pressed(self) -> None:
        self.dismiss()
