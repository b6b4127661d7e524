"""The normal computer player of Rami Simple: the source's own advice, as rules of thumb.

- go out as soon as the solver lays the hand out (``GO_OUT``);
- use the jetée: take the card face up (the jetée's top, or the tournante) when it
  brings the hand closer to going out, a card for a Tria first, since the Tria is the
  hardest meld to finish (``TAKE_FACE_UP``); else draw from the talon (``DRAW_TALON``);
- throw what will never help: the discard leaves the fewest cards missing (``shape``),
  a card in no meld begun first, for a loss costs 100 whatever is held;
- watch what the others pick up: never throw a card that could share a meld with the
  card the next seat has just taken, when another will do (``DONT_FEED``), and prefer
  cards that help none of those it still holds;
- among cards that help alike, keep the Tria begun (secure the Tria early) and the cards
  of two uses, with both a rank and a suit partner (a 7♥ beside 7♠ and 6♥);
- never throw a joker: it is never taken back, and fits any meld.

Two against two, the discard goes to the seat on the left, always an opponent: the
partner cannot be fed, only the opponents starved, so each partner plays for the side
by going out fast and feeding neither opponent.

``decide`` returns the choice and the ``Rule`` that made it.
"""

from __future__ import annotations

import random
from enum import Enum
from typing import Sequence

from ....cards import Card
from ...protocol import ComputerPlayer
from ..engine import Action, Phase, RamiView
from .reading import Reading, helps, helps_any, next_seat, read
from .shape import TRIA, Shape, missing, shape


class Rule(Enum):
    GO_OUT = "the solver lays the hand out: go out"
    ONLY_ACTION = "nothing else to do"
    TAKE_FACE_UP = "the card face up brings the hand closer to going out: take it"
    DRAW_TALON = "no card face up helps: draw from the talon"
    THROW_NEVER_HELPS = "a card in no meld begun: throw it"
    THROW_LEAST_USEFUL = "every card helps; this one leaves the fewest missing"
    DONT_FEED = "the next player has just taken a card this one would help: throw another"


class NormalPlayer(ComputerPlayer):
    name = "normal"

    def choose(self, view: RamiView, legal: Sequence[Action], rng: random.Random) -> Action:
        return decide(view, legal)[0]


def decide(view: RamiView, legal: Sequence[Action], reading: Reading | None = None) -> tuple[Action, Rule]:
    """The normal player's choice among ``legal`` (or going out), and why; ``reading``:
    what it makes of the others (by default, what the view shows)."""
    way = view.going_out()
    if way is not None:
        return Action.out(way.melds, way.discard), Rule.GO_OUT
    if len(legal) == 1:
        return legal[0], Rule.ONLY_ACTION
    if view.phase is Phase.DRAW:
        return choose_draw(view, legal)
    card, rule = choose_discard(view, [action.card for action in legal], reading or read(view))
    return Action.discard(card), rule


# --- drawing -------------------------------------------------------------------------------------

def face_up_cards(view: RamiView, legal: Sequence[Action]) -> dict[str, Card]:
    """The cards that may be taken face up now, by source: the jetée's top, the tournante."""
    sources = {action.source for action in legal}
    cards = {}
    if "tournante" in sources:
        cards["tournante"] = view.tournante
    if "jetee" in sources:
        cards["jetee"] = view.jetee[0]
    return cards


def choose_draw(view: RamiView, legal: Sequence[Action]) -> tuple[Action, Rule]:
    now = missing(view.hand)
    best: tuple | None = None
    for source, card in face_up_cards(view, legal).items():
        after = shape([*view.hand, card])
        if after.missing < now and card not in after.loose:
            key = (after.missing, not _in_tria(after, card), source != "tournante")
            if best is None or key < best[0]:
                best = (key, source)
    if best is None:
        return Action.draw("talon"), Rule.DRAW_TALON
    return Action.draw(best[1]), Rule.TAKE_FACE_UP


# --- discarding ----------------------------------------------------------------------------------

def choose_discard(view: RamiView, choices: Sequence[Card], reading: Reading) -> tuple[Card, Rule]:
    """The card to throw among ``choices``, and why."""
    arranged = shape(view.hand)
    naturals = [card for card in choices if not card.is_joker] or list(choices)
    watched = next_seat(view)
    just_taken = reading.last_pick.get(watched)
    held = reading.held_by.get(watched, ())
    best = _least_useful(view.hand, arranged.worth_throwing(naturals), arranged, held)
    if just_taken is not None and helps(best, just_taken):
        safe = [card for card in naturals if not helps(card, just_taken)]
        if safe:
            return _least_useful(view.hand, arranged.worth_throwing(safe), arranged, held), Rule.DONT_FEED
    return best, Rule.THROW_NEVER_HELPS if best in arranged.loose else Rule.THROW_LEAST_USEFUL


def _least_useful(hand: Sequence[Card], choices: Sequence[Card], arranged: Shape, watched_holds) -> Card:
    """The card whose loss leaves the fewest missing; among equals, one that helps no card
    the next seat holds, then one in no meld begun, then not in a Tria begun, then one of
    a single use."""
    def cost(card: Card) -> tuple:
        rest = list(hand)
        rest.remove(card)
        return (missing(rest), helps_any(card, watched_holds), card not in arranged.loose,
                _in_tria(arranged, card), two_uses(hand, card), card.code)
    return min(choices, key=cost)


def _in_tria(arranged: Shape, card: Card) -> bool:
    return any(group.kind == TRIA and card in group.cards for group in arranged.groups)


def two_uses(hand: Sequence[Card], card: Card) -> bool:
    """Has ``card`` both a partner of its rank (a Tria) and one of its suit (a Suivi) in ``hand``?"""
    others = [other for other in hand if not other.is_joker and other != card]
    return (any(other.rank == card.rank for other in others)
            and any(other.suit == card.suit and helps(card, other) for other in others))
