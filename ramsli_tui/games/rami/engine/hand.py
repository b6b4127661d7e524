"""One hand of Rami Simple: the deal, the turns, the tournante, the talon running out, going out.

Rules S3 and S7-S14 of docs/rules.md, with the points
docs/hand-records.md settles.  A ``Hand`` is pure and deterministic: it is given the deck
already shuffled and the scores so far, and changes only through ``apply``.  Even the
reshuffle of S11 is an action (made by the session, written in records), so a hand
replays exactly from its deck and its actions.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ....cards import Card
from ..deck import DECK_SIZE, codes, plain_order
from ..melds import SUIVI, TRIA, BadMeld, meld_kind
from ..house_rules import RamiRules, side_of
from ..solver import GoingOut, going_out
from .actions import DISCARD, DRAW, SOURCES, Action, Refusal
from .events import (
    CardsDealt, Discarded, Drew, Event, HandScored, HandStarted, TalonCardDrawn, TalonReshuffled,
    TournanteBuried, WentOut,
)
from .phase import Phase
from .view import RamiView

CARDS_EACH = 13  # S3; the dealer gets a 14th
IN_MELDS = 13  # S13
# Why there is no tournante to take, the parameter ``why`` of the refusal "no_tournante"
# (a person's interface tells the two apart to say each in its own sentence):
NO_TOURNANTE_AFTER_FIRST_ROUND = "it is only there during the first round"
NO_TOURNANTE_THIS_HAND = "there is none this hand: the dealer's first discard was a joker"


class Hand:
    """The state of one hand; seats 0..players-1 clockwise, sides seat % 2."""

    __slots__ = (
        "rules", "players", "dealer", "number", "deck", "order", "dealt", "holdings", "talon", "jetee",
        "tournante", "tournante_taker", "first_round", "phase", "current_seat", "taken_from_jetee",
        "taken", "discards", "actions", "start_scores", "scores", "out", "scored", "opening_events",
    )

    def __init__(self, rules: RamiRules, players: int, dealer: int, scores: Sequence[int], deck: Sequence[Card],
                 number: int = 1):
        rules.check_players(players)
        if len(deck) != DECK_SIZE:
            raise ValueError(f"a Rami deck has {DECK_SIZE} cards, not {len(deck)}")
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.number = number
        self.deck = tuple(deck)
        self.order = tuple((dealer + step) % players for step in range(1, players + 1))  # dealer's left first
        self.start_scores = (scores[0], scores[1])
        self.scores = self.start_scores
        self.tournante: Card | None = None
        self.tournante_taker: int | None = None
        self.first_round = True
        self.taken_from_jetee: Card | None = None
        self.taken: list[tuple[int, str, Card]] = []
        self.discards: list[tuple[int, Card]] = []
        self.actions: list[tuple[int | None, Action]] = []
        self.out: WentOut | None = None
        self.scored: HandScored | None = None
        self.jetee: list[Card] = []  # top card last
        self.phase = Phase.DISCARD  # S7: the dealer begins by discarding
        self.current_seat = dealer
        self.opening_events: list[Event] = [HandStarted(number, dealer, self.start_scores), *self._deal()]

    # --- S3: the deal --------------------------------------------------------------------------

    def _deal(self) -> list[Event]:
        dealt: list[list[Card]] = [[] for _ in range(self.players)]
        for position in range(CARDS_EACH * self.players):
            dealt[self.order[position % self.players]].append(self.deck[position])
        dealt[self.dealer].append(self.deck[CARDS_EACH * self.players])
        self.dealt = tuple(tuple(cards) for cards in dealt)
        self.holdings = [list(cards) for cards in dealt]
        self.talon = list(reversed(self.deck[CARDS_EACH * self.players + 1:]))  # top card last
        return [CardsDealt(seat, self.dealt[seat]) for seat in self.order]

    # --- S8-S10: drawing -----------------------------------------------------------------------

    def _draw(self, seat: int, action: Action) -> list[Event]:
        if self.phase is not Phase.DRAW:
            raise Refusal(seat, "discard_first")
        source = action.source
        if source == "jetee":
            card = self._take_from_jetee(seat)
        elif source == "tournante":
            card = self._take_tournante(seat)
        else:
            card = self.talon.pop()
        self.holdings[seat].append(card)
        self.phase = Phase.DISCARD
        if source == "talon":
            return [Drew(seat, source, None), TalonCardDrawn(seat, card)]
        self.taken.append((seat, source, card))
        return [Drew(seat, source, card)]

    def _take_from_jetee(self, seat: int) -> Card:
        if not self.jetee:
            raise Refusal(seat, "jetee_empty")
        if self.jetee[-1].is_joker:
            raise Refusal(seat, "joker_on_jetee")
        self.taken_from_jetee = self.jetee.pop()
        return self.taken_from_jetee

    def _take_tournante(self, seat: int) -> Card:
        if self.tournante_taker is not None:
            raise Refusal(seat, "tournante_taken", taker=self.tournante_taker)
        if self.tournante is None:
            raise Refusal(seat, "no_tournante", why=self._why_no_tournante())
        card, self.tournante, self.tournante_taker = self.tournante, None, seat
        return card

    def _why_no_tournante(self) -> str:
        return NO_TOURNANTE_AFTER_FIRST_ROUND if not self.first_round else NO_TOURNANTE_THIS_HAND

    # --- discarding and the end of a turn -----------------------------------------------------------

    def _discard(self, seat: int, action: Action) -> list[Event]:
        if self.phase is not Phase.DISCARD:
            raise Refusal(seat, "draw_first")
        card = action.card
        if card not in self.holdings[seat]:
            raise Refusal(seat, "not_held", card=card)
        if card == self.taken_from_jetee:
            raise Refusal(seat, "keep_jetee_card", card=card)
        self.holdings[seat].remove(card)
        self.discards.append((seat, card))
        set_apart = not self.actions and not card.is_joker  # S10: the dealer's first discard
        if set_apart:
            self.tournante = card
        else:
            self.jetee.append(card)
        return [Discarded(seat, card, set_apart), *self._end_turn(seat)]

    def _end_turn(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if self.first_round and seat == self.order[-2]:  # the seat on the dealer's right: the round is done
            self.first_round = False
            if self.tournante is not None:
                self.jetee.insert(0, self.tournante)
                events.append(TournanteBuried(self.tournante))
                self.tournante = None
        self.current_seat = (seat + 1) % self.players
        self.taken_from_jetee = None
        self.phase = Phase.DRAW if self.talon else Phase.RESHUFFLE
        return events

    # --- S11: the talon runs out -----------------------------------------------------------------

    def under_the_top(self) -> list[Card]:
        """The jetée less its top card, top first: what a reshuffle turns into the talon."""
        return list(reversed(self.jetee[:-1]))

    def _reshuffle(self, action: Action) -> list[Event]:
        if self.phase is not Phase.RESHUFFLE:
            raise Refusal(None, "no_reshuffle")
        expected = self.under_the_top()
        if Counter(action.talon) != Counter(expected):
            lacking, extra = _lacking_and_extra(action.talon, expected)
            raise Refusal(None, "reshuffle_cards", count=len(expected), difference=_difference(lacking, extra),
                          lacking=", ".join(codes(lacking)), extra=", ".join(codes(extra)))
        self.talon = list(reversed(action.talon))
        self.jetee = self.jetee[-1:]
        self.phase = Phase.DRAW
        return [TalonReshuffled(len(self.talon))]

    # --- S12-S14: going out ------------------------------------------------------------------

    def _go_out(self, seat: int, action: Action) -> list[Event]:
        self._judge_going_out(seat, action)
        self.holdings[seat] = []
        self.jetee.append(action.card)
        self.discards.append((seat, action.card))
        self.out = WentOut(seat, action.melds, action.card)
        self.phase = Phase.OVER
        self.current_seat = -1
        return [self.out, self._score(seat)]

    def _judge_going_out(self, seat: int, action: Action) -> None:
        """Refusal naming the first thing wrong, in the order docs/hand-records.md gives."""
        if self.first_round:
            raise Refusal(seat, "first_round")
        if self.phase is not Phase.DISCARD:
            raise Refusal(seat, "draw_first")
        kinds = set()
        for meld in action.melds:
            try:
                kinds.add(meld_kind(meld))
            except BadMeld as bad:
                raise Refusal(seat, bad.problem, tuple(meld)) from None
        laid = sum(len(meld) for meld in action.melds)
        if laid != IN_MELDS:
            raise Refusal(seat, "thirteen_in_melds", count=laid)
        not_held = _not_held(self.holdings[seat], action.melds, action.card)
        if not_held:
            raise Refusal(seat, "not_held_out", tuple(not_held))
        for kind, word in ((SUIVI, "Suivi"), (TRIA, "Tria")):
            if kind not in kinds:
                raise Refusal(seat, "needs_suivi_and_tria", missing=word)
        if action.card == self.taken_from_jetee:
            raise Refusal(seat, "keep_jetee_card", card=action.card)

    def _score(self, seat: int) -> HandScored:
        losing_side = 1 - side_of(seat)
        points = self.rules.points_for_losing_side(self.players)
        scores = list(self.scores)
        scores[losing_side] += points
        self.scores = (scores[0], scores[1])
        self.scored = HandScored(self.number, seat, losing_side, points, self.scores)
        return self.scored

    # --- the public protocol ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """The draws or the discards of the seat to act; going out is checked, not listed."""
        if self.phase is Phase.DRAW:
            return tuple(DRAW[source] for source in self._draw_sources())
        if self.phase is Phase.DISCARD:
            held = {card.code: card for card in self.holdings[self.current_seat] if card != self.taken_from_jetee}
            return tuple(DISCARD[held[code]] for code in sorted(held))
        return ()

    def _draw_sources(self) -> list[str]:
        sources = ["talon"]
        if self.jetee and not self.jetee[-1].is_joker:
            sources.append("jetee")
        if self.tournante is not None:
            sources.append("tournante")
        return sources

    def going_out(self) -> GoingOut | None:
        """A way for the seat to act to go out now (S12, S13), or None."""
        if self.phase is not Phase.DISCARD or self.first_round:
            return None
        return going_out(self.holdings[self.current_seat], self.taken_from_jetee)

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Take ``action`` for the seat to act (checked against ``seat`` when given); a
        reshuffle is nobody's and takes no seat."""
        if self.phase is Phase.OVER:
            raise Refusal(seat, "hand_over")
        if action.kind == "reshuffle":
            if seat is not None:
                raise Refusal(seat, "reshuffle_has_no_seat")
            events = self._reshuffle(action)
            self.actions.append((None, action))
            return events
        actor = self.current_seat
        if seat is not None and seat != actor:
            raise Refusal(seat, "not_your_turn", turn=actor)
        if self.phase is Phase.RESHUFFLE:
            raise Refusal(actor, "reshuffle_first")
        if action.kind in ("out", "discard") and not isinstance(action.card, Card):
            raise Refusal(actor, "name_the_discard")
        if action.kind == "out":
            events = self._go_out(actor, action)
        elif action.kind == "draw" and action.source in SOURCES:
            events = self._draw(actor, action)
        elif action.kind == "discard":
            events = self._discard(actor, action)
        else:
            raise Refusal(actor, "draw_first" if self.phase is Phase.DRAW else "discard_first")
        self.actions.append((actor, action))
        return events

    def clone(self) -> Hand:
        twin = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.holdings = [cards[:] for cards in self.holdings]
        twin.talon = self.talon[:]
        twin.jetee = self.jetee[:]
        twin.taken = self.taken[:]
        twin.discards = self.discards[:]
        twin.actions = self.actions[:]
        return twin

    def view(self, seat: int | None) -> RamiView:
        """What ``seat`` may know: its own cards and everything public (a spectator,
        ``seat`` None, no cards of any hand)."""
        return RamiView(
            seat=seat,
            rules=self.rules,
            number=self.number,
            players=self.players,
            dealer=self.dealer,
            phase=self.phase,
            current_seat=self.current_seat,
            hand=() if seat is None else tuple(sorted(self.holdings[seat], key=lambda card: (card.suit, card.rank))),
            counts=tuple(len(cards) for cards in self.holdings),
            talon=len(self.talon),
            jetee=tuple(reversed(self.jetee)),
            tournante=self.tournante,
            first_round=self.first_round,
            taken_from_jetee=self.taken_from_jetee,
            taken=tuple(self.taken),
            discards=tuple(self.discards),
            scores=self.scores,
            out=self.out,
            legal=self.legal_actions() if seat == self.current_seat else (),
        )

    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, in plain string order."""
        return plain_order(self.holdings[seat])


def _not_held(held: Sequence[Card], melds: Sequence[Sequence[Card]], discard: Card) -> list[Card]:
    """The cards named in ``melds`` and ``discard`` beyond those ``held``.  The discard is
    the card it names; in a meld every joker is the same card, so a joker there may be
    named X1 or X2 whichever the seat holds."""
    left = Counter(held)
    missing = []
    if left[discard]:
        left[discard] -= 1
    else:
        missing.append(discard)
    jokers_held = sum(count for card, count in left.items() if card.is_joker)
    for card in (card for meld in melds for card in meld):
        if card.is_joker:
            if jokers_held:
                jokers_held -= 1
            else:
                missing.append(card)
        elif left[card]:
            left[card] -= 1
        else:
            missing.append(card)
    return missing


def _lacking_and_extra(given: Sequence[Card], expected: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """What a reshuffle's talon lacks and has too many of, each in plain order."""
    extra = Counter(given) - Counter(expected)
    lacking = Counter(expected) - Counter(given)
    return plain_order(lacking.elements()), plain_order(extra.elements())


def _difference(lacking: Sequence[Card], extra: Sequence[Card]) -> str:
    """What a reshuffle's talon lacks and has too many of, in words."""
    parts = []
    if lacking:
        parts.append("it lacks " + ", ".join(codes(lacking)))
    if extra:
        parts.append("it has " + ", ".join(codes(extra)) + " too many")
    return ": " + "; ".join(parts)
