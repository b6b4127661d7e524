"""Properties of the Rami engine over random (seeded, derandomized) games, one against one
and two against two:

- the 108 cards are always all there: hands, talon, jetée, tournante and the melds laid;
- a going-out is accepted exactly when the plain reading of S12-S13 says it is valid;
- a listed action is accepted; every other draw and discard is refused, nothing changed;
- the same seed gives the same game;
- a view holds only what its seat may know: all of it follows from the events that seat saw;
- bad text for ``parse_action`` and bad actions for ``check`` are refused in words, never
  with another exception.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramsli_tui.cards import ALL_CARDS, Card
from ramsli_tui.games.protocol import IllegalAction, events_for
from ramsli_tui.games.rami.deck import FULL_DECK
from ramsli_tui.games.rami.engine import Action, RamiSession, RamiView
from ramsli_tui.games.rami.engine.actions import DISCARD, DRAW
from ramsli_tui.games.rami.engine.events import (
    CardsDealt, Discarded, Drew, HandStarted, TalonCardDrawn, TalonReshuffled, TournanteBuried, WentOut,
)
from ramsli_tui.games.rami.house_rules import SIMPLE

from tests.games.rami.kit import new_hand, reference_kind
from tests.games.rami.test_solver import near_ready

LISTABLE = (*DRAW.values(), *DISCARD)


def stable(examples):
    return settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def next_action(session: RamiSession, rng: random.Random, talon_bias: float) -> Action:
    """A random player: out when it can (mostly), else a listed action, the talon drawn
    more often when ``talon_bias`` is high (so that the talon runs out)."""
    view = session.view(session.current_seat)
    if view.may_go_out and rng.random() < 0.8:
        way = view.going_out()
        if way is not None:
            return Action.out(way.melds, way.discard)
    legal = session.legal_actions()
    if DRAW["talon"] in legal and rng.random() < talon_bias:
        return DRAW["talon"]
    return rng.choice(legal)


def all_cards(session: RamiSession) -> Counter:
    hand = session.hand
    counted = Counter(c for cards in hand.holdings for c in cards) + Counter(hand.talon) + Counter(hand.jetee)
    if hand.tournante is not None:
        counted[hand.tournante] += 1
    if hand.out is not None:
        counted += Counter(c for meld in hand.out.melds for c in meld)
    return counted


GAMES = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from([2, 4]), st.sampled_from([0.0, 0.6, 1.0]))


@stable(25)
@given(GAMES)
def test_the_108_cards_are_always_all_there(game):
    seed, players, bias = game
    session = RamiSession(SIMPLE, players, random.Random(seed))
    rng = random.Random(seed)
    reshuffles = 0
    for _ in range(260):
        events = session.apply(next_action(session, rng, bias))
        reshuffles += any(isinstance(event, TalonReshuffled) for event in events)
        assert all_cards(session) == Counter(FULL_DECK)
        if session.is_over:
            break
    assert bias < 1.0 or players == 4 or reshuffles, "drawing only from the talon empties it within 260 actions"


# --- going out ------------------------------------------------------------------------------

def fourteen_in_hand(cards14, from_jetee: bool):
    """A hand in which seat 0, the dealer, holds ``cards14`` after drawing, the first round
    over; its 14th card drawn from the talon, or taken from the jetée after seat 1 threw it."""
    from_jetee = from_jetee and not cards14[13].is_joker  # S9: a joker thrown is never taken
    spare = [c for c in FULL_DECK if (Counter(FULL_DECK) - Counter(cards14))[c] > 0]
    junk_first, junk_second = spare[0], spare[-1]
    codes = " ".join(c.code for c in cards14[:13])
    seat_1_draws, seat_0_draws = (cards14[13], junk_second) if from_jetee else (junk_second, cards14[13])
    hand = new_hand(hands={0: f"{codes} {junk_first.code}"}, talon=f"{seat_1_draws.code} {seat_0_draws.code}")
    hand.apply(Action.discard(junk_first))
    hand.apply(DRAW["talon"])
    hand.apply(Action.discard(seat_1_draws))
    hand.apply(DRAW["jetee" if from_jetee else "talon"])
    return hand


def plainly_valid(held, action: Action, taken_from_jetee) -> bool:
    """S13 read literally: the melds are melds, with a Suivi and a Tria, 13 cards, with
    the discard exactly the cards held (a joker in a meld named either way), and the
    discard not the card taken from the jetée."""
    kinds = [reference_kind(meld) for meld in action.melds]
    if None in kinds or {"suivi", "tria"} - set(kinds) or sum(map(len, action.melds)) != 13:
        return False
    rest = Counter(held)
    if not rest[action.card] or action.card == taken_from_jetee:
        return False
    rest[action.card] -= 1
    laid = Counter("X" if c.is_joker else c.code for meld in action.melds for c in meld)
    held_named = Counter("X" if c.is_joker else c.code for c in rest.elements())
    return laid == held_named


@st.composite
def going_outs(draw):
    """A hand with 14 cards to go out from, and an attempt: the solver's way (its jokers
    perhaps renamed), as it is or spoilt (the discard swapped with a laid card or with the
    card taken from the jetée, a card not held thrown, a meld dropped), or the cards cut
    at random into melds."""
    cards14 = near_ready(random.Random(draw(st.integers(0, 2**32 - 1))), changes=1)
    hand = fourteen_in_hand(cards14, from_jetee=draw(st.booleans()))
    way = hand.going_out()
    if way is not None and draw(st.integers(0, 2)):
        jokers = {Card.from_code("X1"): Card.from_code("X2"), Card.from_code("X2"): Card.from_code("X1")}
        melds = [[jokers[c] if c.is_joker and draw(st.booleans()) else c for c in meld] for meld in way.melds]
        discard, spoil = way.discard, draw(st.sampled_from(["none", "none", "swap", "foreign", "drop", "jetee"]))
        taken = hand.taken_from_jetee
        if spoil == "jetee" and taken is not None:  # close with the card taken from the jetée
            meld = next(meld for meld in melds if taken in meld)
            meld[meld.index(taken)], discard = discard, taken
        elif spoil == "swap":
            meld = draw(st.sampled_from(melds))
            at = draw(st.integers(0, len(meld) - 1))
            meld[at], discard = discard, meld[at]
        elif spoil == "foreign":
            discard = draw(st.sampled_from([c for c in ALL_CARDS if c not in cards14]))
        elif spoil == "drop":
            melds.pop(draw(st.integers(0, len(melds) - 1)))
        return hand, Action.out(melds, discard)
    order = draw(st.permutations(cards14))
    cuts = sorted(draw(st.lists(st.integers(1, 12), max_size=5, unique=True)))
    melds = [list(order[a:b]) for a, b in zip([0, *cuts], [*cuts, 13])]
    if draw(st.booleans()):
        melds[0][0] = draw(st.sampled_from(ALL_CARDS))
    return hand, Action.out(melds, order[13])


@stable(180)
@given(going_outs())
def test_a_going_out_is_accepted_exactly_when_it_is_valid(attempt):
    hand, action = attempt
    held = list(hand.holdings[0])
    before = (held, list(hand.jetee), hand.phase)
    valid = plainly_valid(held, action, hand.taken_from_jetee)
    try:
        hand.apply(action)
    except IllegalAction:
        assert not valid, action
        assert (list(hand.holdings[0]), list(hand.jetee), hand.phase) == before
    else:
        assert valid, action
        assert hand.is_over and hand.holdings[0] == [] and hand.jetee[-1] == action.card


# --- only listed actions ----------------------------------------------------------------------

def snapshot(session: RamiSession):
    hand = session.hand
    return (tuple(map(tuple, hand.holdings)), tuple(hand.talon), tuple(hand.jetee), hand.tournante, hand.phase,
            hand.current_seat, hand.taken_from_jetee, hand.first_round, len(hand.actions), session.scores)


@stable(40)
@given(GAMES, st.integers(0, 150))
def test_listed_actions_are_accepted_and_every_other_draw_or_discard_refused(game, steps):
    seed, players, bias = game
    session = RamiSession(SIMPLE, players, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        session.apply(next_action(session, rng, bias))
        if session.is_over:
            return
    legal = set(session.legal_actions())
    before = snapshot(session)
    for action in LISTABLE:
        if action in legal:
            session.clone().apply(action, session.current_seat)
        else:
            try:
                session.apply(action, session.current_seat)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} was taken though not listed in {sorted(map(str, legal))}")
        assert snapshot(session) == before


# --- the same seed, the same game ---------------------------------------------------------------

@stable(15)
@given(GAMES)
def test_the_same_seed_gives_the_same_game(game):
    seed, players, bias = game
    played = []
    for _ in range(2):
        session = RamiSession(SIMPLE, players, random.Random(seed))
        rng, events = random.Random(seed + 1), list(session.opening_events)
        for _ in range(200):
            events += session.apply(next_action(session, rng, bias))
            if session.is_over:
                break
        played.append((events, [session.view(seat) for seat in range(players)]))
    assert played[0] == played[1]


# --- a view holds only what its seat may know ------------------------------------------------------

VIEW_FIELDS = {
    "seat", "rules", "number", "players", "dealer", "phase", "current_seat", "hand", "counts", "talon", "jetee",
    "tournante", "first_round", "taken_from_jetee", "taken", "discards", "scores", "out", "legal",
}


class SeenBy:
    """What one seat knows of the hand, from the events it was shown and nothing else."""

    def __init__(self, seat: int):
        self.seat = seat
        self.hand: Counter = Counter()
        self.jetee: list[Card] = []  # top last
        self.tournante: Card | None = None
        self.taken: list = []
        self.discards: list = []

    def saw(self, event) -> None:
        if isinstance(event, HandStarted):
            self.__init__(self.seat)
        elif isinstance(event, CardsDealt | TalonCardDrawn):
            assert event.seat == self.seat, "another seat's cards were shown"
            self.hand.update(event.cards if isinstance(event, CardsDealt) else [event.card])
        elif isinstance(event, Drew) and event.card is not None:
            if event.source == "jetee":
                assert self.jetee.pop() == event.card
            else:
                self.tournante = None
            self.taken.append((event.seat, event.source, event.card))
            if event.seat == self.seat:
                self.hand[event.card] += 1
        elif isinstance(event, Discarded):
            self._thrown(event.seat, event.card)
            if event.tournante:  # S10: set apart, not on the jetée
                self.tournante = self.jetee.pop()
        elif isinstance(event, TournanteBuried):
            self.jetee.insert(0, event.card)
            self.tournante = None
        elif isinstance(event, TalonReshuffled):
            self.jetee = self.jetee[-1:]
        elif isinstance(event, WentOut):
            self._thrown(event.seat, event.discard)
            if event.seat == self.seat:
                self.hand = Counter()

    def _thrown(self, seat: int, card: Card) -> None:
        self.jetee.append(card)
        self.discards.append((seat, card))
        if seat == self.seat:
            self.hand[card] -= 1

    def matches(self, view: RamiView) -> None:
        assert Counter(view.hand) == +self.hand and view.jetee == tuple(reversed(self.jetee))
        assert view.tournante == self.tournante and list(view.taken) == self.taken
        assert list(view.discards) == self.discards


@stable(25)
@given(GAMES)
def test_a_view_holds_only_what_follows_from_the_events_its_seat_saw(game):
    seed, players, bias = game
    session = RamiSession(SIMPLE, players, random.Random(seed))
    rng = random.Random(seed)
    seen = [SeenBy(seat) for seat in [*range(players), None]]  # None: a spectator
    events = list(session.opening_events)
    for _ in range(200):
        for knower in seen:
            for event in events_for(events, knower.seat):
                knower.saw(event)
            view = session.view(knower.seat)
            assert {field.name for field in dataclasses.fields(view)} == VIEW_FIELDS
            knower.matches(view)
            assert view.counts == tuple(map(len, session.hand.holdings)) and view.talon == len(session.hand.talon)
            assert view.legal == (session.legal_actions() if view.my_turn else ())
        if session.is_over:
            break
        events = session.apply(next_action(session, rng, bias))


# --- bad input is refused in words -----------------------------------------------------------------

@stable(250)
@given(st.one_of(
    st.text(max_size=60),
    st.from_regex(r"(draw|discard|out|reshuffle):[ -~]{0,40}", fullmatch=True),
    st.from_regex(r"out:([2-9TJQKAX][SHDC12]? ?){0,6}(\|([2-9TJQKAX][SHDC12]? ?){0,6}){0,4}(/[ -~]{0,4})?", fullmatch=True),
))
def test_parse_action_refuses_bad_text_with_a_value_error_only(text):
    session = RamiSession(SIMPLE, 2, random.Random(1))
    try:
        action = session.parse_action(text)
    except ValueError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert session.parse_action(session.format_action(action)) == action


card_lists = st.lists(st.sampled_from(ALL_CARDS), max_size=8)
actions = st.builds(
    Action,
    st.sampled_from(["draw", "discard", "out", "reshuffle", "play", ""]),
    st.none() | st.sampled_from(ALL_CARDS),
    st.none() | st.sampled_from(["talon", "jetee", "tournante", "attic"]),
    st.lists(card_lists, max_size=6).map(lambda melds: tuple(map(tuple, melds))),
    card_lists.map(tuple),
)


@stable(250)
@given(GAMES, st.integers(0, 40), actions, st.integers(-1, 4))
def test_check_refuses_any_bad_action_with_an_illegal_action_only(game, steps, action, seat):
    seed, players, bias = game
    session = RamiSession(SIMPLE, players, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        session.apply(next_action(session, rng, bias))
    before = snapshot(session)
    try:
        session.check(action, seat)
    except IllegalAction as error:
        assert str(error) and error.for_you()
    assert snapshot(session) == before


def test_every_listable_action_round_trips_through_its_string():
    session = RamiSession(SIMPLE, 2, random.Random(1))
    out = Action.out([[Card.from_code(c) for c in "5H 6H 7H".split()]], Card.from_code("X2"))
    for action in (*LISTABLE, out, Action.reshuffle(FULL_DECK[:5])):
        assert session.parse_action(session.format_action(action)) == action
    assert session.format_action(out) == "out:5H 6H 7H/X2"
