"""Determinized worlds: whole ``Hand`` objects built from a view and a guess at the
hidden cards, and the quick perfect-information play that finishes them.

A world is built by dealing a deck arranged so that every seat receives its guessed
cards (plus the cards it has already played), then replaying the public history of
the view: declarations, announcements, tricks.  Further guesses clone that world and
overwrite the other seats' holdings (``with_holdings``), which keeps every rule of the
engine in force at the cost of a clone.

``Playout.finish`` plays a world to its end.  Declarations and announcements follow
the advice of the texts (``judgement``); cards follow a greedy player that sees every
hand: lead a card nobody can beat if there is one (trumps first, while others hold
trumps), else a low side card; follow with the cheapest card that wins and stays
winning, else throw the cheapest card.
"""

from __future__ import annotations

import random

from ....cards import ALL_CARDS, SUIT_MASKS
from ..engine import CARDS_PER_HAND, IN, NAP, OUT, PASS, Hand, Phase, RamsliView
from ..engine.actions import GENERAL_RAMS, PLAY, Action
from ..house_rules import Ruleset
from .inference import Reading, above, cards_of
from .endgame import Endgame, solvable
from .judgement import advised_action
from .value import utility

EXPLORATION = 0.1  # how often the playout player picks any legal card instead
RANK_IN_SUIT = tuple(13 + card if card >= 52 else card % 13 for card in range(54))


# --- building a world from a view ---------------------------------------------------------

def build_world(view: RamsliView, reading: Reading, holdings: dict[int, int]) -> Hand:
    """The hand as it would stand now had the other seats been dealt ``holdings``.

    Seats whose cards no longer matter (out, or not dealt a guess) get spare unseen
    cards."""
    rules = view.rules
    spare = reading.unseen
    for mask in holdings.values():
        spare &= ~mask
    spare_cards = list(cards_of(spare))
    dealt = {}
    for seat in view.seated:
        if seat == view.seat:
            mask = reading.hand | reading.played_by[seat]
        else:
            mask = holdings.get(seat, 0) | reading.played_by[seat]
        cards = list(cards_of(mask))
        while len(cards) < CARDS_PER_HAND:
            cards.append(spare_cards.pop())
        dealt[seat] = cards
    deck: list[int] = []
    taken = dict.fromkeys(view.seated, 0)
    for packet in rules.packets:
        for seat in view.declaring_order:
            deck += dealt[seat][taken[seat]: taken[seat] + packet]
            taken[seat] += packet
    deck += [*view.set_aside, view.turn_up, *spare_cards]
    start_stacks = list(view.stacks)
    for seat in view.seated:
        start_stacks[seat] += rules.ante
    start_pot = max(view.pot - rules.ante * len(view.seated), 0)
    hand = Hand(rules, start_stacks, view.dealer, start_pot, [ALL_CARDS[card] for card in deck], view.seated, view.number)
    _replay(hand, view)
    return hand


def with_holdings(world: Hand, holdings: dict[int, int]) -> Hand:
    """A copy of ``world`` in which the given seats hold other cards."""
    twin = world.clone()
    for seat, mask in holdings.items():
        twin.holdings[seat] = mask
    return twin


def _replay(hand: Hand, view: RamsliView) -> None:
    if hand.phase is Phase.DECLARE:
        for seat in view.declaring_order:
            playing = view.declarations[seat]
            if playing is None:
                break
            hand.apply(IN if playing else OUT)
    if hand.phase is Phase.ANNOUNCE:
        _replay_announcements(hand, view)
    for trick in view.tricks:
        for _, card in trick.plays:
            hand.apply(PLAY[card])


def _replay_announcements(hand: Hand, view: RamsliView) -> None:
    bidders = hand.active_in_order()
    if view.phase is Phase.ANNOUNCE:
        bidder, _, target = view.announcement or (None, None, None)
        for seat in bidders[: bidders.index(view.seat)]:
            hand.apply(NAP[target] if seat == bidder else PASS)
        return
    announcer, kind, target = view.announcement or (None, None, None)
    for seat in bidders:
        if hand.phase is not Phase.ANNOUNCE:
            break
        if seat != announcer:
            hand.apply(PASS)
        else:
            hand.apply(GENERAL_RAMS if kind == "general_rams" else NAP[target])


# --- finishing a world ---------------------------------------------------------------------

class Playout:
    """Plays worlds of one hand to their end, every seat seeing every card; with
    ``exact``, the last tricks are solved (``endgame``) instead of played greedily."""

    __slots__ = ("rules", "in_play", "exact")

    def __init__(self, rules: Ruleset, in_play: int, exact: bool = False):
        self.rules = rules
        self.in_play = in_play
        self.exact = exact

    def finish(self, hand: Hand, seat: int, rng: random.Random) -> tuple[float, int]:
        """Play ``hand`` to the end; return what it was worth to ``seat`` and what that
        cost (actions played, and cards tried by an exact search)."""
        steps = 0
        while not hand.is_over:
            if hand.phase is Phase.PLAY:
                if self.exact and solvable(hand):
                    endgame = Endgame(hand)
                    return endgame.values()[seat], steps + endgame.nodes
                hand.apply(PLAY[self.card(hand, hand.current_seat, rng)])
            else:
                hand.apply(self.declaration_or_announcement(hand))
            steps += 1
        return utility(hand, seat), steps

    def declaration_or_announcement(self, hand: Hand) -> Action:
        """What the texts advise the seat to act, holding what the world gives it."""
        legal = hand.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = hand.current_seat
        holding = hand.holdings[seat]
        action, _ = advised_action(
            hand.phase, legal, holding, hand.trump_mask, self.in_play & ~holding, self.rules,
            hand.declarations, hand.order, seat, hand.pot,
        )
        return action

    def card(self, hand: Hand, seat: int, rng: random.Random) -> int:
        """The greedy card for ``seat``, seeing every hand."""
        legal = hand.legal_mask(seat)
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        if rng.random() < EXPLORATION:
            return rng.choice(cards_of(legal))
        trump_mask = hand.trump_mask
        trick = hand.tricks[-1]
        if not trick.plays:
            return self._lead(hand, seat, legal, trump_mask)
        later = []
        follower = hand.next_active[seat]
        while follower != trick.leader:
            later.append(follower)
            follower = hand.next_active[follower]
        standing = hand.standing
        if standing.best_trump >= 0:
            winners = legal & trump_mask & above(standing.best_trump)
        else:
            winners = (legal & standing.lead_mask & above(standing.best_led)) | (legal & trump_mask)
        lead_mask = standing.lead_mask
        holdings = hand.holdings
        for card in cheapest_first(winners, trump_mask):
            if not any(can_beat(holdings[other], card, lead_mask, trump_mask) for other in later):
                return card
        return cheapest_first(legal, trump_mask)[0]

    def _lead(self, hand: Hand, seat: int, legal: int, trump_mask: int) -> int:
        holdings = hand.holdings
        others = [holdings[other] for other in hand.active if other != seat]
        sure = unbeatable_leads(legal, others, trump_mask)
        if sure:
            trumps_out = any(holding & trump_mask for holding in others)
            sure_trumps = sure & trump_mask
            return lowest(sure_trumps if sure_trumps and trumps_out else sure)
        return cheapest_first(legal, trump_mask)[0]


def unbeatable_leads(cards: int, others: list[int], trump_mask: int) -> int:
    """Those of ``cards`` that none of the holdings ``others`` could beat were they led:
    a trump above their trumps; a side card above their cards of its suit, or of a suit
    they lack and have no trump to take."""
    sure = cards
    for holding in others:
        trumps = holding & trump_mask
        for group in (trump_mask, *side_suits(trump_mask)):
            if not sure & group:
                continue
            theirs = holding & group
            if theirs:
                sure &= ~(group & ((2 << (theirs.bit_length() - 1)) - 1))  # their best and below
            elif trumps and group != trump_mask:
                sure &= ~group
    return sure


def side_suits(trump_mask: int) -> tuple[int, ...]:
    """The masks of the suits that are not trumps."""
    suits = _SIDE_SUITS.get(trump_mask)
    if suits is None:
        suits = _SIDE_SUITS[trump_mask] = tuple(mask for mask in SUIT_MASKS.values() if not mask & trump_mask)
    return suits


_SIDE_SUITS: dict[int, tuple[int, ...]] = {}


def lowest(mask: int) -> int:
    """The lowest card of a mask that holds one."""
    return (mask & -mask).bit_length() - 1


def can_beat(holding: int, card: int, lead_mask: int, trump_mask: int) -> bool:
    """Could a seat holding ``holding``, playing after ``card`` has become the best card
    of a trick led in ``lead_mask``, beat it?"""
    is_trump = (trump_mask >> card) & 1
    if lead_mask == trump_mask:
        return bool(holding & trump_mask & above(card))
    if holding & lead_mask:
        return not is_trump and bool(holding & lead_mask & above(card))
    if is_trump:
        return bool(holding & trump_mask & above(card))
    return bool(holding & trump_mask)


def cheapest_first(mask: int, trump_mask: int) -> list[int]:
    """The cards of ``mask`` from the least to the most valuable: side cards by rank,
    then trumps by rank."""
    return sorted(cards_of(mask), key=lambda card: (((trump_mask >> card) & 1) * 100 + RANK_IN_SUIT[card], card))
