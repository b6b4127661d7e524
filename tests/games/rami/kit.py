"""Helpers for the Rami tests: cards from codes, stacked decks that deal what a test
names, and hands played to a chosen moment.

``stacked_deck`` builds the 108 cards (top first) so that ``Hand`` deals each seat the
cards a test gives (S3: one at a time from the dealer's left, 13 each and a 14th to
the dealer) and the talon starts with the cards it names; the rest follow in a fixed
order.  Every rule test uses such a hand-built deal rather than a random one.
"""

from __future__ import annotations

from collections import Counter

from ramsli_tui.cards import Card, parse_cards
from ramsli_tui.games.rami.deck import FULL_DECK
from ramsli_tui.games.rami.engine import Action, Hand, Phase, RamiSession
from ramsli_tui.games.rami.house_rules import SIMPLE

TALON, JETEE, TOURNANTE = (Action.draw(source) for source in ("talon", "jetee", "tournante"))

READY_13 = "5H 6H 7H JS JH JC 2C 3C X1 5C AS AD AC"  # 13 cards in melds: goes out with any 14th
GOING_OUT = "5H 6H 7H | JS JH JC | 2C 3C X1 5C | AS AD AC"
NOTHING = "2S 4S 6S 8S TS QS 2D 4D 6D 8D TD QD KC"  # 13 cards, no meld anywhere


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def card(code: str) -> Card:
    return Card.from_code(code)


def discard(code: str) -> Action:
    return Action.discard(card(code))


def out(melds: str, discard_code: str) -> Action:
    """A going-out from ``"5H 6H 7H | JS JH JC | ..."`` and the discard's code."""
    return Action.out([cards(meld) for meld in melds.split("|")], card(discard_code))


def stacked_deck(players: int, dealer: int, hands: dict[int, str], talon: str = "") -> list[Card]:
    """A full deck (top first) dealing ``hands[seat]`` (13 codes, 14 for the dealer; a seat
    left out gets cards from the rest) and then ``talon`` from its top."""
    order = [(dealer + step) % players for step in range(1, players + 1)]
    given = {seat: cards(text) for seat, text in hands.items()}
    named = [c for cs in given.values() for c in cs] + cards(talon)
    assert not Counter(named) - Counter(FULL_DECK), "a card is named more often than the two decks hold it"
    spare = list((Counter(FULL_DECK) - Counter(named)).elements())
    for seat in order:
        size = 14 if seat == dealer else 13
        given.setdefault(seat, [])
        assert len(given[seat]) <= size, f"seat {seat} gets {size} cards"
        while len(given[seat]) < size:
            given[seat].append(spare.pop())
    deck = [given[order[i % players]][i // players] for i in range(13 * players)]
    deck.append(given[dealer][13])
    deck += cards(talon) + spare
    assert Counter(deck) == Counter(FULL_DECK)
    return deck


def new_hand(players: int = 2, dealer: int = 0, hands: dict[int, str] | None = None, talon: str = "",
             scores=(0, 0), rules=SIMPLE) -> Hand:
    return Hand(rules, players, dealer, scores, stacked_deck(players, dealer, hands or {}, talon))


def first_round_done(hand: Hand) -> Hand:
    """Play the first round by talon draws and the discard of each seat's last card drawn
    or dealt (the dealer its 14th), so that the dealer is to draw."""
    hand.apply(Action.discard(hand.holdings[hand.dealer][-1]))
    while hand.first_round:
        hand.apply(TALON)
        hand.apply(Action.discard(hand.holdings[hand.current_seat][-1]))
    return hand


def play_until_out(game, winner):
    """Talon draws, each seat throwing what it drew (the dealer its 14th card), until
    ``winner`` may go out; then it goes out as the solver says.  ``game`` is a hand or a session."""
    while True:
        hand = getattr(game, "hand", game)
        way = hand.going_out() if game.current_seat == winner else None
        if way is not None:
            return game.apply(Action.out(way.melds, way.discard))
        game.apply(TALON if hand.phase is Phase.DRAW else Action.discard(hand.holdings[game.current_seat][-1]))


class StackedSession(RamiSession):
    """A session whose every hand gives seat 0 a hand that goes out with any card."""

    def _shuffled(self):
        return stacked_deck(self.players, self.dealer, {0: READY_13})


# --- a reference for melds, written from the rules' words alone -----------------------------------

NATURALS = tuple(dict.fromkeys(c for c in FULL_DECK if not c.is_joker))


def reference_kind(meld) -> str | None:
    """"suivi", "tria" or None, by trying every card for the joker (S6) and reading S1, S4
    and S5 literally; slow and plain, to check the engine's and the solver's melds by."""
    meld = list(meld)
    jokers = [c for c in meld if c.is_joker]
    if len(meld) < 3 or len(jokers) > 1:
        return None
    naturals = [c for c in meld if not c.is_joker]
    suits, ranks = {c.suit for c in naturals}, {c.rank for c in naturals}  # any other card makes no meld
    stand_ins = [[]] if not jokers else [[c] for c in NATURALS if c.suit in suits or c.rank in ranks]
    kinds = {_natural_kind(naturals + stand_in) for stand_in in stand_ins}
    kinds.discard(None)
    assert len(kinds) <= 1, f"{meld} would be both a Suivi and a Tria"
    return kinds.pop() if kinds else None


def _natural_kind(meld) -> str | None:
    if len({c.rank for c in meld}) == 1:
        return "tria" if len(meld) <= 4 and len({c.suit for c in meld}) == len(meld) else None
    if len({c.suit for c in meld}) != 1:
        return None
    for ace in (1, 14):  # S1: the ace low or high
        ranks = sorted(ace if c.rank == 14 else int(c.rank) for c in meld)
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return "suivi"
    return None
