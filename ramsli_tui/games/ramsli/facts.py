"""The facts of a finished hand of Ramsli, seat by seat, for the history's statistics.

Each is read from the hand as the engine settled it (``HandSettled`` and its
``Payment``s, the tricks it counted, the announcement that stood), after replaying the
record through ``records``: nothing of the rules is told again here.  A seat that had
left the table (``on_bust: eliminate``) sat the hand out: all its facts are 0.

- ``hands``: 1, the seat was dealt the hand.
- ``went_in``: 1 if it played the hand (declared in, or was in by ``obligatory``).
- ``tricks``: the tricks it took.
- ``pots_won``: 1 if it took the pot or a share of it (alone in, or the most tricks).
- ``pot_chips``: the chips it took from the pot.
- ``betes``: 1 if it was bete (in and no trick; a General Rams that failed is its announcer's bete).
- ``bete_chips``: the chips it paid into the pot for that bete (R22: a failed General Rams' penalty).
- ``rams_tried``, ``rams_made``: it announced General Rams; it took all five tricks.
- ``nap_tried``, ``nap_made``: its Nap target was the one that stood; it took that many tricks.
- ``chips_won``: its change of chips over the hand, its ante in it (negative when it lost chips).
- ``biggest_pot`` (kept as the highest): the chips it took from the pot in this hand.

``WON``, added when a session ends: 1 for each player who ended it with the most chips.
"""

from __future__ import annotations

from typing import Any

from ...languages import N_
from ..facts import WON_FACT, Chart, Fact, Ratio, finished_hand, row
from . import records
from .engine import Hand

FACTS: tuple[Fact, ...] = (
    # TRANSLATORS: the labels of a person's statistics over the hands of Ramsli they played
    Fact("hands", N_("Hands played"), "sum", ("session",)),
    Fact("went_in", N_("Hands in"), "sum"),
    Fact("tricks", N_("Tricks taken"), "sum"),
    Fact("pots_won", N_("Pots won"), "sum"),
    Fact("pot_chips", N_("Chips taken from the pot"), "sum"),
    # TRANSLATORS: a bete: a player who was in and took no trick, and pays into the next pot
    Fact("betes", N_("Betes"), "sum"),
    Fact("bete_chips", N_("Chips paid for betes"), "sum"),
    Fact("rams_tried", N_("General Rams announced"), "sum"),
    Fact("rams_made", N_("General Rams made"), "sum"),
    Fact("nap_tried", N_("Naps bid"), "sum"),
    Fact("nap_made", N_("Naps made"), "sum"),
    # TRANSLATORS: the chips a person won over their hands, less those they lost (negative when they lost more)
    Fact("chips_won", N_("Chips won"), "sum", ("hand", "session")),
    # TRANSLATORS: the most chips a person took from the pot in one hand
    Fact("biggest_pot", N_("Biggest pot"), "max"),
)
# TRANSLATORS: the sessions of Ramsli a person ended with the most chips
WON = Fact(WON_FACT, N_("Sessions won"), "sum", ("session",))
# TRANSLATORS: the tricks a person took over the hands they were in
RATIOS: tuple[Ratio, ...] = (Ratio(N_("Tricks a hand in"), "tricks", "went_in"),)
CHARTS: tuple[Chart, ...] = (
    Chart(N_("Chips won, session by session"), "chips_won"),
    # TRANSLATORS: a chart's title: in each session, how many of every hundred hands a person went in
    Chart(N_("Hands in, of every hundred, session by session"), "went_in", of="hands"),
)

BETE_REASONS = ("bete", "general_rams")  # a failed General Rams' penalty counts as its announcer's bete (R22)


def replayed(record: dict[str, Any]) -> Hand:
    """The record's hand replayed to its settlement; RecordError (a ValueError) if it cannot be."""
    return finished_hand(record, records.read_record, records.replay)


def facts_of(record: dict[str, Any]) -> list[dict[str, int]]:
    """Every fact of ``FACTS`` for each seat of the hand ``record`` keeps, seat 0 first."""
    hand = replayed(record)
    settled = hand.settlement
    announcer, announced, _ = hand.announcement or (None, None, None)
    rows = []
    for seat in range(hand.players):
        took = sum(payment.chips for payment in settled.payments
                   if payment.payee == seat and payment.payer is None and payment.reason == "pot")
        bete_paid = sum(payment.chips for payment in settled.payments
                        if payment.payer == seat and payment.payee is None and payment.reason in BETE_REASONS)
        bete = seat in settled.betes
        rows.append(row(FACTS, {
            "hands": seat in hand.seated,
            "went_in": hand.declarations[seat] is True,
            "tricks": hand.tricks_won[seat],
            "pots_won": seat in settled.winners,
            "pot_chips": took,
            "betes": bete,
            "bete_chips": bete_paid if bete else 0,  # who made a General Rams paid for it, and was not bete
            "rams_tried": announcer == seat and announced == "general_rams",
            "rams_made": announcer == seat and settled.outcome == "general_rams_made",
            "nap_tried": announcer == seat and announced == "nap",
            "nap_made": announcer == seat and settled.outcome == "nap_made",
            "chips_won": settled.changes[seat],
            "biggest_pot": took,
        }))
    return rows


def standing_after(record: dict[str, Any]) -> tuple[int, ...]:
    """Each seat's chips once the hand is settled (what the next hand's record starts from)."""
    return tuple(replayed(record).settlement.stacks)


def sides(players: int) -> None:
    """Every Ramsli player plays for themselves: no sides, for ratings."""
    return None
