"""After each hand: who won the pot, the betes, the carry-over and every player's chips,
with what they won or lost in the hand ("14 ▼6"), and the pot under them; with motion,
the chips count across from before the hand to after it, out of the pot and into it.

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
from .words import Forms, RamsliWords, join_lines
from ...languages import N_, _, ngettext, pgettext
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
    # TRANSLATORS: what the rules asked, in brackets after a payment of less ("(the bete is 5 chips)")
    match transfer.reason, settled.outcome:
        case "bete", _:
            return _("the bete is {asked}").format(asked=asked)
        case "general_rams", "general_rams_failed":
            return _("a failed General Rams costs {asked}").format(asked=asked)
        case "general_rams", _:
            return _("General Rams costs the others twice the pot, {chips} between them").format(
                chips=words.chips(2 * hand.pot))
        case "nap", "nap_made":
            return _("Nap {target} earns {asked} from each player").format(
                target=hand.announcement.target, asked=asked)
        case "nap", _:
            return _("a missed Nap {target} costs {asked} to each player").format(
                target=hand.announcement.target, asked=asked)
        case _:  # the pot is shared out, never owed
            return _("{asked} were asked").format(asked=asked)


def transfer_line(transfer: Transfer, words: RamsliWords, asked: str = "", outcome: str = "") -> str:
    """One line of the summary: who paid whom (or the pot), how much, and why; and, when
    they paid less than was ``asked`` (the rule in words), that it was all they had.
    ``outcome`` is the hand's: a failed General Rams pays into the next hand's pot."""
    reason, payers, payees = transfer.reason, transfer.payers, transfer.payees
    paid = "" if None in payees else paid_players(payees, words)
    if transfer.short and not transfer.chips:
        return words.about(payers, NOTHING_LEFT.get(reason, NOTHING_LEFT["nap"]), payees=paid, asked=asked)
    if len(payers) > 1 or len(payees) > 1:
        chips = ngettext("{count} chip each", "{count} chips each", transfer.chips).format(count=transfer.chips)
    else:
        chips = words.chips(transfer.chips)
    if reason == "pot":
        return words.about(payees, TAKE_FROM_THE_POT, chips=chips)
    kind = "general_rams_next" if reason == "general_rams" and outcome == "general_rams_failed" else reason
    in_full, all_they_had = PAID[kind]
    return words.about(payers, all_they_had if transfer.short else in_full, chips=chips, payees=paid, asked=asked)


def paid_players(payees: tuple[int, ...], words: RamsliWords) -> str:
    """The players paid, "you" among them: "Anna and you"."""
    # TRANSLATORS: you, among the players paid ("Anna and Bertl pay you 10 chips each for the Nap.")
    return words.seats(payees, you=pgettext("paid", "you"))


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
    lines.append(_("Carried over to the next pot: {chips}.").format(chips=words.chips(settled.pot)))
    if hand.tricks:
        last = hand.tricks[-1]
        plays = " · ".join(f"{words.name(seat)} {words.card(card)}" for seat, card in last.plays)
        # TRANSLATORS: {plays} each player's card ("Mia Q♣ · Dora 8♣"), {name} who took the trick
        lines.append(_("Last trick: {plays} → {name}.").format(plays=plays, name=words.name(last.seat)))
    # TRANSLATORS: the heads of the summary's columns: 12, 7, 6 and 6 columns wide
    player, played_head, tricks_head, chips_head = _("Player"), _("Played"), _("Tricks"), _("Chips")
    heads = f"{player:<12} {played_head:<7} {tricks_head:>6} {chips_head:>6}"
    lines += ["", Content.styled(heads, "bold")]
    stacks = stacks_on_the_way(settled, share)
    for seat, stack in enumerate(stacks):
        played = {True: pgettext("played the hand", "in"), False: pgettext("played the hand", "out")}.get(
            hand.was_in(seat), "–")
        chips = stack_and_change(stack, settled.changes[seat], width=6)
        lines.append(f"{for_terminal(words.name(seat), 12):<12} {played:<7} {tricks.get(seat, 0):>6} {chips}")
    pot, pot_chips = _("Pot"), stack_and_change(pot_on_the_way(settled, stacks), -sum(settled.changes), width=6)
    lines.append(Content.styled(f"{pot:<12} {'':<7} {'':>6} {pot_chips}", "italic"))
    return join_lines(lines)


def stacks_on_the_way(settled: HandSettled, share: float) -> list[int]:
    """Every player's chips ``share`` of the way from before the hand was settled to after."""
    return [stack - round(change * (1 - share)) for stack, change in zip(settled.stacks, settled.changes)]


def pot_on_the_way(settled: HandSettled, stacks: Sequence[int]) -> int:
    """The pot as the players' chips stand at ``stacks``, from the pot carried into the
    hand (before its antes) to the one carried out of it: what they have not yet taken
    from it, or what has already gone into it, so that no chip is counted twice or lost
    on the way."""
    return settled.pot + sum(settled.stacks) - sum(stacks)


class HandSummaryScreen(ResultDialog):
    DEFAULT_CSS = """
    HandSummaryScreen {
        #text { width: 100%; margin-bottom: 1; }
        Button { width: 100%; }
    }
    """

    BINDINGS = [  # Enter, as its button says, before the button's own Enter
        Binding("enter", "dismiss", N_("Next hand"), key_display="Enter", priority=True, id="summary.next"),
        Binding("space,escape", "dismiss", N_("Next hand"), show=False, id="summary.next_other"),
    ]

    def __init__(self, settled: HandSettled, chronicle: Chronicle, words: RamsliWords, last: bool = False) -> None:
        """``last``: the hand ended the session, and the result comes next."""
        super().__init__()
        self.settled = settled
        self.chronicle = chronicle
        self.words = words
        self.last = last

    def compose(self) -> ComposeResult:
        with self.box(_("Hand {number}").format(number=self.settled.number)):
            yield Static(summary_text(self.settled, self.chronicle, self.words), id="text")
            yield Button(_("The result (Enter)") if self.last else _("Next hand (Enter)"), id="next",
                         variant="primary", compact=True)

    def on_mount(self) -> None:
        """The chips go to their owners: each stack counts from before the hand to after it."""
        text = self.query_one("#text", Static)
        count(self, lambda share: text.update(summary_text(self.settled, self.chronicle, self.words, share)))

    def on_button_pressed(self) -> None:
        self.dismiss()

    def binding_description(self, binding: Binding) -> str:
        """After the hand that ended the session, Enter leads to its result, not to a next hand."""
        return _("The result") if self.last and binding.action == "dismiss" else _(binding.description)


# What each payment says, in full and when it was all the payers had; about the payers
# (the pot: its takers).  TRANSLATORS: {chips} the chips paid ("5 chips", "3 chips each"),
# {payees} the players paid, {asked} what the rules asked ("the bete is 5 chips").
TAKE_FROM_THE_POT = Forms(N_("You take {chips} from the pot."), N_("{name} takes {chips} from the pot."),
                          N_("{names} take {chips} from the pot."), N_("{you_and_names} take {chips} from the pot."))
PAID = {
    "bete": (
        Forms(N_("You are bete: {chips} into the next pot."), N_("{name} is bete: {chips} into the next pot."),
              N_("{names} are bete: {chips} into the next pot."),
              N_("{you_and_names} are bete: {chips} into the next pot.")),
        Forms(N_("You are bete: {chips} into the next pot, all you had left ({asked})."),
              N_("{name} is bete: {chips} into the next pot, all {name} had left ({asked})."),
              N_("{names} are bete: {chips} into the next pot, all they had left ({asked})."),
              N_("{you_and_names} are bete: {chips} into the next pot, all they had left ({asked}).")),
    ),
    "general_rams": (
        Forms(N_("You pay {chips} into the pot for General Rams."),
              N_("{name} pays {chips} into the pot for General Rams."),
              N_("{names} pay {chips} into the pot for General Rams."),
              N_("{you_and_names} pay {chips} into the pot for General Rams.")),
        Forms(N_("You pay {chips} into the pot for General Rams, all you had left ({asked})."),
              N_("{name} pays {chips} into the pot for General Rams, all {name} had left ({asked})."),
              N_("{names} pay {chips} into the pot for General Rams, all they had left ({asked})."),
              N_("{you_and_names} pay {chips} into the pot for General Rams, all they had left ({asked}).")),
    ),
    "general_rams_next": (
        Forms(N_("You pay {chips} into the next pot for General Rams."),
              N_("{name} pays {chips} into the next pot for General Rams."),
              N_("{names} pay {chips} into the next pot for General Rams."),
              N_("{you_and_names} pay {chips} into the next pot for General Rams.")),
        Forms(N_("You pay {chips} into the next pot for General Rams, all you had left ({asked})."),
              N_("{name} pays {chips} into the next pot for General Rams, all {name} had left ({asked})."),
              N_("{names} pay {chips} into the next pot for General Rams, all they had left ({asked})."),
              N_("{you_and_names} pay {chips} into the next pot for General Rams, all they had left ({asked}).")),
    ),
    "nap": (
        Forms(N_("You pay {payees} {chips} for the Nap."), N_("{name} pays {payees} {chips} for the Nap."),
              N_("{names} pay {payees} {chips} for the Nap."), N_("{you_and_names} pay {payees} {chips} for the Nap.")),
        Forms(N_("You pay {payees} {chips} for the Nap, all you had left ({asked})."),
              N_("{name} pays {payees} {chips} for the Nap, all {name} had left ({asked})."),
              N_("{names} pay {payees} {chips} for the Nap, all they had left ({asked})."),
              N_("{you_and_names} pay {payees} {chips} for the Nap, all they had left ({asked}).")),
    ),
}
# The payers owed chips and had none left.
NOTHING_LEFT = {
    "bete": Forms(N_("You are bete but have no chips left to pay ({asked})."),
                  N_("{name} is bete but has no chips left to pay ({asked})."),
                  N_("{names} are bete but have no chips left to pay ({asked})."),
                  N_("{you_and_names} are bete but have no chips left to pay ({asked}).")),
    "general_rams": Forms(N_("You have no chips left to pay for General Rams ({asked})."),
                          N_("{name} has no chips left to pay for General Rams ({asked})."),
                          N_("{names} have no chips left to pay for General Rams ({asked})."),
                          N_("{you_and_names} have no chips left to pay for General Rams ({asked}).")),
    "nap": Forms(N_("You have no chips left to pay {payees} for the Nap ({asked})."),
                 N_("{name} has no chips left to pay {payees} for the Nap ({asked})."),
                 N_("{names} have no chips left to pay {payees} for the Nap ({asked})."),
                 N_("{you_and_names} have no chips left to pay {payees} for the Nap ({asked}).")),
}
