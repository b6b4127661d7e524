"""After each hand: who won the pot, the betes, the carry-over and every player's chips,
with what they won or lost in the hand ("14 ▼6"); with motion, the chips count across
from before the hand to after it.

Nobody goes into debt (R25), so a player may pay less than the rules ask, or nothing at
all: the engine's payment says how much less, and the summary says so, and what the rules
asked: "Anna is bete: 3 chips into the next pot, all Anna had left (the bete is 5 chips)."
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Button, Static

from ...games.ramsli.engine.events import HandSettled, Payment
from ...text import for_terminal
from .motion import count
from .chronicle import Chronicle, HandLog, stack_and_change
from .words import RamsliWords, join_lines
from ..common.table_base import ResultDialog


class Transfer(NamedTuple):
    """Payments of one kind and size, from one payer to several payees or from several payers
    to one payee; None is the pot.  ``short``: what each payer could not pay of what was asked."""

    reason: str
    chips: int
    short: int
    payers: tuple[int | None, ...]
    payees: tuple[int | None, ...]


def transfers(payments: Sequence[Payment]) -> list[Transfer]:
    """The payments taken together where one side is the same: the betes paying into the
    pot, a failed Nap's bidder paying every other player.  Payments of nothing are kept:
    a player with no chips left still owed them."""
    together: list[Transfer] = []
    for payment in payments:
        for place, transfer in enumerate(together):
            if (transfer.reason, transfer.chips, transfer.short) != (payment.reason, payment.chips, payment.short):
                continue
            if transfer.payers == (payment.payer,):
                together[place] = transfer._replace(payees=transfer.payees + (payment.payee,))
                break
            if transfer.payees == (payment.payee,):
                together[place] = transfer._replace(payers=transfer.payers + (payment.payer,))
                break
        else:
            together.append(Transfer(payment.reason, payment.chips, payment.short, (payment.payer,), (payment.payee,)))
    return together


def asked_in_words(transfer: Transfer, settled: HandSettled, hand: HandLog, words: RamsliWords) -> str:
    """What the rules asked of the payers of ``transfer`` (R21–R23), in words.
    ``hand.pot`` is the pot when play started, the P of the rules."""
    asked = words.chips(transfer.chips + transfer.short)
    match transfer.reason, settled.outcome:
        case "bete", _:
            return f"the bete is {asked}"
        case "general_rams", "general_rams_failed":
            return f"a failed General Rams costs {asked}"
        case "general_rams", _:
            return f"General Rams costs the others twice the pot, {words.chips(2 * hand.pot)} between them"
        case "nap", "nap_made":
            return f"Nap {hand.announcement.target} earns {asked} from each player"
        case "nap", _:
            return f"a missed Nap {hand.announcement.target} costs {asked} to each player"
        case _:  # the pot is shared out, never owed
            return f"{asked} were asked"


def transfer_line(transfer: Transfer, words: RamsliWords, asked: str = "", outcome: str = "") -> str:
    """One line of the summary: who paid whom (or the pot), how much, and why; and, when
    they paid less than was ``asked`` (the rule in words), that it was all they had.
    ``outcome`` is the hand's: a failed General Rams pays into the next hand's pot."""
    reason, payers, payees = transfer.reason, transfer.payers, transfer.payees
    if transfer.short and not transfer.chips:
        return f"{nothing_left(transfer, words)} ({asked})."
    chips = words.chips(transfer.chips) + (" each" if len(payers) > 1 or len(payees) > 1 else "")
    if reason == "pot":
        line = f"{words.does(payees, 'take')} {chips} from the pot"
    elif reason == "bete":
        line = f"{words.does(payers, 'are')} bete: {chips} into the next pot"
    elif reason == "general_rams":
        pot = "the next pot" if outcome == "general_rams_failed" else "the pot"
        line = f"{words.does(payers, 'pay')} {chips} into {pot} for General Rams"
    else:
        line = f"{words.does(payers, 'pay')} {words.seats(payees, you='you')} {chips} for the Nap"
    if transfer.short:
        who = "they" if len(payers) > 1 else words.seat(payers[0], you="you")
        line += f", all {who} had left ({asked})"
    return line + "."


def nothing_left(transfer: Transfer, words: RamsliWords) -> str:
    """The payers owed chips and had none left."""
    payers = transfer.payers
    if transfer.reason == "bete":
        return f"{words.does(payers, 'are')} bete but {words.verb(payers, 'have')} no chips left to pay"
    if transfer.reason == "general_rams":
        return f"{words.does(payers, 'have')} no chips left to pay for General Rams"
    return f"{words.does(payers, 'have')} no chips left to pay {words.seats(transfer.payees, you='you')} for the Nap"


def summary_text(settled: HandSettled, chronicle: Chronicle, words: RamsliWords, share: float = 1) -> Content:
    """The summary of the hand; each player's chips ``share`` of the way from where they
    were before it was settled to where they are now (as they count across, with motion)."""
    hand = next(log for log in reversed(chronicle.hands) if log.number == settled.number)
    tricks = Counter(trick.seat for trick in hand.tricks)
    lines: list[str | Content] = [Content.styled(words.outcome(settled), "bold"), ""]
    for transfer in transfers(settled.payments):
        if transfer.reason == "pot" and len(transfer.payees) == 1:
            continue  # the pot won by one player is in the first line already
        if transfer.short:
            lines.append(transfer_line(transfer, words, asked_in_words(transfer, settled, hand, words), settled.outcome))
        elif transfer.chips:  # nothing paid and nothing asked goes untold
            lines.append(transfer_line(transfer, words, outcome=settled.outcome))
    lines.append(f"Carried over to the next pot: {words.chips(settled.pot)}.")
    if hand.tricks:
        last = hand.tricks[-1]
        plays = " · ".join(f"{words.name(seat)} {words.card(card)}" for seat, card in last.plays)
        lines.append(f"Last trick: {plays} → {words.name(last.seat)}.")
    lines += ["", Content.styled(f"{'Player':<12} {'Played':<7} {'Tricks':>6} {'Chips':>6}", "bold")]
    for seat, stack in enumerate(settled.stacks):
        played = {True: "in", False: "out"}.get(hand.was_in(seat), "–")
        change = settled.changes[seat]
        chips = stack_and_change(stack - round(change * (1 - share)), change, width=6)
        lines.append(f"{for_terminal(words.name(seat), 12):<12} {played:<7} {tricks.get(seat, 0):>6} {chips}")
    return join_lines(lines)


class HandSummaryScreen(ResultDialog):
    DEFAULT_CSS = """
    HandSummaryScreen {
        #text { width: 100%; margin-bottom: 1; }
        Button { width: 100%; }
    }
    """

    BINDINGS = [  # Enter, as its button says, before the button's own Enter
        Binding("enter", "dismiss", "Next hand", key_display="Enter", priority=True, id="summary.next"),
        Binding("space,escape", "dismiss", "Next hand", show=False, id="summary.next_other"),
    ]

    def __init__(self, settled: HandSettled, chronicle: Chronicle, words: RamsliWords, last: bool = False) -> None:
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

    def on_mount(self) -> None:
        """The chips go to their owners: each stack counts from before the hand to after it."""
        text = self.query_one("#text", Static)
        count(self, lambda share: text.update(summary_text(self.settled, self.chronicle, self.words, share)))

    def on_button_pressed(self) -> None:
        self.dismiss()

    def binding_description(self, binding: Binding) -> str:
        """After the hand that ended the session, Enter leads to its result, not to a next hand."""
        return "The result" if self.last and binding.action == "dismiss" else binding.description
