"""Judging a five-card hand the way the source texts advise ("Conseils et stratégies").

These are the normal player's reasons for going in, folding and announcing, written
on bitmasks so that the search player can also use them, thousands of times a second,
as its model of what the other seats do:

- go in only with a realistic path to a trick: an ace, a high trump, or trump length
  with a second-rank honour; a hand of low cards and a small trump folds;
- count the players already in: with three in, a mediocre hand folds (two when the
  bete outweighs the pot);
- when everyone before you is out and only the forced dealer is left, folding hands
  the dealer the pot unopposed, so any chance is worth taking;
- General Rams only with the ace of trumps, another high trump and three side aces
  or kings; a Nap target only as high as the tricks the hand can count on.

Each decision also names its ``Reason`` (``reasons``), which a hint puts in words.
"Ace" and "king" are read relative to the cards still unseen, so a king whose ace is
the turned-up card counts as an ace, and with jokers the Big Joker is the top trump.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import IN, NAP, OUT, PASS, Action, Phase
from ..engine.actions import GENERAL_RAMS
from ..house_rules import Ruleset
from .inference import SUIT_MASK_OF, above, cards_of
from .reasons import Reason, Why


@dataclass(frozen=True, slots=True)
class Assessment:
    """The trick-taking assets of a hand.

    ``sure_trumps`` no unseen trump beats; ``high_trumps`` at most one does (so the
    sure ones are counted again); ``side_aces`` are side cards no unseen card of their
    suit beats; ``second_honours`` are side cards exactly one does (a king) and trumps
    exactly two do (a queen).  ``high_trump_cards`` and ``side_ace_cards`` are the
    masks of those cards, so that a hint can name them."""

    trumps: int
    sure_trumps: int
    high_trumps: int
    side_aces: int
    side_kings: int
    second_honours: int
    high_trump_cards: int
    side_ace_cards: int

    @property
    def length_with_honour(self) -> bool:
        """Two trumps or more and a second-rank honour."""
        return self.trumps >= 2 and self.second_honours > 0

    @property
    def trick_sources(self) -> int:
        """Realistic paths to a trick: high trumps, side aces, and trump length with a
        second-rank honour (counted once)."""
        return self.high_trumps + self.side_aces + self.length_with_honour

    @property
    def mediocre(self) -> bool:
        """One uncertain path to a trick, and nothing sure."""
        return self.trick_sources <= 1 and self.sure_trumps == 0

    @property
    def likely_tricks(self) -> int:
        """The tricks the hand can count on, for a Nap target: sure trumps, side aces
        once there are trumps to protect them, and one more for long trumps."""
        aces = self.side_aces if self.trumps >= 2 else self.side_aces // 2
        return self.sure_trumps + aces + (1 if self.trumps >= 3 else 0)


def assess(holding: int, trump_mask: int, unseen: int) -> Assessment:
    """Judge ``holding`` against the cards its owner cannot see (``unseen``)."""
    trumps = sure = high = aces = kings = honours = 0
    for card in cards_of(holding):
        if (trump_mask >> card) & 1:
            beaten_by = (unseen & trump_mask & above(card)).bit_count()
            trumps += 1
            sure += beaten_by == 0
            high |= (beaten_by <= 1) << card
            honours += beaten_by == 2
        else:
            beaten_by = (unseen & SUIT_MASK_OF[card] & above(card)).bit_count()
            aces |= (beaten_by == 0) << card
            kings += beaten_by == 1
            honours += beaten_by == 1
    return Assessment(trumps, sure, high.bit_count(), aces.bit_count(), kings, honours, high, aces)


def declaration(
    assessment: Assessment, rules: Ruleset, ins_before: int, facing_forced_dealer: bool, pot: int
) -> tuple[bool, Reason]:
    """The in/out declaration the texts advise (True for in), and why.

    ``ins_before`` is how many have declared in so far; ``facing_forced_dealer`` is
    true for the last seat before the dealer when everyone before it is out."""
    if assessment.trick_sources == 0:
        if facing_forced_dealer and (assessment.trumps >= 1 or assessment.side_kings >= 1):
            return True, Reason.SPOIL_THE_DEALER
        return False, Reason.NO_PATH
    if assessment.mediocre:
        crowd = 3 if rules.bete_in_force(pot) <= pot else 2
        return (True, Reason.ONE_CHANCE_FEW_IN) if ins_before < crowd else (False, Reason.ONE_CHANCE_CROWDED)
    return True, Reason.GOOD_HAND


def wants_in(assessment: Assessment, rules: Ruleset, ins_before: int, facing_forced_dealer: bool, pot: int) -> bool:
    """The in/out declaration the texts advise: True for in."""
    return declaration(assessment, rules, ins_before, facing_forced_dealer, pot)[0]


def general_rams_hand(holding: int, trump_mask: int, unseen: int) -> bool:
    """The ace of trumps, another high trump and three side aces or kings, and nothing else."""
    top_trumps = second_trumps = side_honours = 0
    for card in cards_of(holding):
        if (trump_mask >> card) & 1:
            beaten_by = (unseen & trump_mask & above(card)).bit_count()
            top_trumps += beaten_by == 0
            second_trumps += 1 <= beaten_by <= 2
        elif (unseen & SUIT_MASK_OF[card] & above(card)).bit_count() <= 1:
            side_honours += 1
    return top_trumps >= 1 and top_trumps + second_trumps >= 2 and top_trumps + second_trumps + side_honours == 5


def nap_bid(assessment: Assessment, general_rams: bool, floor: int) -> tuple[int | None, Why]:
    """The highest Nap target above ``floor`` the hand can count on (None to pass), and
    why.  Five tricks only with a General Rams hand."""
    target = 5 if general_rams else min(assessment.likely_tricks, 4)
    if target < 2:
        return None, Why(Reason.NAP_TOO_FEW)
    if target <= floor:
        return None, Why(Reason.NAP_OUTBID, numbers={"target": target, "floor": floor})
    return target, Why(Reason.NAP_FIVE if general_rams else Reason.NAP_TARGET, numbers={"target": target})


def nap_target(assessment: Assessment, general_rams: bool, floor: int) -> int | None:
    """The highest Nap target above ``floor`` the hand can count on, or None to pass."""
    return nap_bid(assessment, general_rams, floor)[0]


def ins_before(declarations, order) -> int:
    """How many seats have declared in so far."""
    return sum(1 for seat in order if declarations[seat])


def facing_forced_dealer(rules: Ruleset, declarations, order, seat: int) -> bool:
    """Is ``seat`` the last before a dealer who must be in, with everyone before it out?"""
    return (
        rules.dealer_forced and len(order) >= 2 and seat == order[-2] and ins_before(declarations, order) == 0
    )


def standing_nap_floor(legal) -> int:
    """The Nap target already named (1 if none), read from the targets still allowed."""
    targets = [action.target for action in legal if action.kind == "nap"]
    return min(targets) - 1 if targets else 1


def advised_action(
    phase: Phase, legal, holding: int, trump_mask: int, unseen: int, rules: Ruleset, declarations, order, seat: int, pot: int
) -> tuple[Action, Why]:
    """The declaration or announcement the texts advise for ``holding``, and why."""
    if phase is Phase.DECLARE:
        assessment = assess(holding, trump_mask, unseen)
        players_in = ins_before(declarations, order)
        playing, reason = declaration(
            assessment, rules, players_in, facing_forced_dealer(rules, declarations, order, seat), pot
        )
        return (IN if playing else OUT), _declaration_why(reason, assessment, players_in)
    rams = general_rams_hand(holding, trump_mask, unseen)
    if rules.general_rams:
        return (GENERAL_RAMS, Why(Reason.GENERAL_RAMS)) if rams else (PASS, Why(Reason.NO_GENERAL_RAMS))
    target, why = nap_bid(assess(holding, trump_mask, unseen), rams, standing_nap_floor(legal))
    return (PASS if target is None else NAP[target]), why


def _declaration_why(reason: Reason, assessment: Assessment, players_in: int) -> Why:
    """A declaration's reason with the hand's paths to a trick: the side aces, then the
    high trumps from the highest, and how many of each."""
    cards = (*cards_of(assessment.side_ace_cards), *reversed(cards_of(assessment.high_trump_cards)))
    numbers = {
        "aces": assessment.side_aces,
        "high_trumps": assessment.high_trumps,
        "length": int(assessment.length_with_honour),
        "players_in": players_in,
    }
    return Why(reason, cards, numbers)
