"""Following to a trick (R13-R16): where a trick stands, and the rule that decides what a seat may play.

One place for both, so that the engine's legal plays and refusals, the banner's reason
for them and the mark on the card winning a trick so far cannot disagree.  Cards are
ints and holdings bitmasks, as in hand.py.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from ....cards import ALL_CARDS, JOKERS_MASK, SUIT_MASKS, Suit

SUIT_MASK_OF = tuple(SUIT_MASKS[card.suit] for card in ALL_CARDS)

# The rules that can decide a seat's legal plays, each with the refusal the engine gives
# for a card they forbid (a message id of actions.Refusal).
REFUSAL_OF_RULE = {
    "lead": None,                  # the trick's first card: any card
    "over_trump": "over_trump",    # trumps led: beat the best trump
    "follow_trumps": "follow_trumps",  # trumps led, none of yours beats the best: any trump
    "no_trumps": None,             # trumps led and you hold none: any card
    "head_the_trick": "head_the_trick",  # must_head: beat the best card of the suit led
    "cannot_head": "follow_suit",  # must_head, none of yours beats it: any card of the suit
    "follow_suit": "follow_suit",  # any card of the suit led
    "trump": "trump",              # none of the suit led, no trump played yet: any trump
    "over_trump_void": "over_trump",  # none of the suit led: beat the trump played
    "trump_below": "trump",        # none of the suit led, none of your trumps beats the one played: any trump
    "discard": None,               # neither the suit led nor trumps: any card
}


class Standing(NamedTuple):
    """Where a trick stands after its cards so far."""

    lead_mask: int   # the cards that follow the lead: every trump on a trump lead, else the suit led
    best_trump: int  # the highest trump played, or -1
    best_led: int    # the highest card of the lead played
    best_seat: int   # the seat whose card wins the trick so far


class PlayRule(NamedTuple):
    """The rule that decides a seat's legal plays: its name (a key of ``REFUSAL_OF_RULE``),
    the legal cards as a mask, and the card the rule measures them against (or -1)."""

    name: str
    legal: int
    best: int


def trump_mask_of(trump: Suit, jokers: bool) -> int:
    """Every trump: the cards of the trump suit, and the jokers when the rules use them."""
    return SUIT_MASKS[trump] | (JOKERS_MASK if jokers else 0)


def above(mask: int, card: int) -> int:
    """The cards of ``mask`` higher than ``card``."""
    return mask >> (card + 1) << (card + 1)


def after_play(standing: Standing | None, seat: int, card: int, trump_mask: int) -> Standing:
    """The trick's standing once ``seat`` has played ``card`` (``standing`` None: it leads)."""
    bit = 1 << card
    if standing is None:
        if bit & trump_mask:
            return Standing(trump_mask, card, card, seat)
        return Standing(SUIT_MASK_OF[card], -1, card, seat)
    lead_mask, best_trump, best_led, best_seat = standing
    if bit & trump_mask:
        return Standing(lead_mask, card, best_led, seat) if card > best_trump else standing
    if bit & lead_mask and card > best_led:
        return Standing(lead_mask, best_trump, card, seat if best_trump < 0 else best_seat)
    return standing


def standing_of(plays: Iterable[tuple[int, int]], trump_mask: int) -> Standing | None:
    """Where a trick stands after ``plays`` as (seat, card); None before its first card."""
    standing = None
    for seat, card in plays:
        standing = after_play(standing, seat, card, trump_mask)
    return standing


def play_rule(holding: int, standing: Standing | None, trump_mask: int, must_head: bool) -> PlayRule:
    """The rule that decides which cards of ``holding`` may be played to a trick standing so."""
    if standing is None:
        return PlayRule("lead", holding, -1)
    following = holding & standing.lead_mask
    if following:
        return following_rule(following, standing, trump_mask, must_head)
    if standing.lead_mask == trump_mask:
        return PlayRule("no_trumps", holding, -1)
    trumps = holding & trump_mask
    if not trumps:
        return PlayRule("discard", holding, -1)
    if standing.best_trump < 0:
        return PlayRule("trump", trumps, -1)
    return beating_rule(trumps, standing.best_trump, "over_trump_void", "trump_below")


def following_rule(following: int, standing: Standing, trump_mask: int, must_head: bool) -> PlayRule:
    """The rule for a seat holding cards of the lead (``following``): follow, beating the
    best of them where the rules ask it (always on a trump lead; with ``must_head`` on any)."""
    if standing.lead_mask == trump_mask:
        return beating_rule(following, standing.best_trump, "over_trump", "follow_trumps")
    if must_head:
        return beating_rule(following, standing.best_led, "head_the_trick", "cannot_head")
    return PlayRule("follow_suit", following, standing.best_led)


def beating_rule(cards: int, best: int, beating: str, below: str) -> PlayRule:
    """Those of ``cards`` that beat ``best`` (rule ``beating``), or all of them when none
    does (rule ``below``)."""
    higher = above(cards, best)
    return PlayRule(beating, higher, best) if higher else PlayRule(below, cards, best)
