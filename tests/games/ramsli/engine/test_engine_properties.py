"""Properties over every bundled ruleset and every allowed player count, with random
(seeded, derandomized) deals and random legal play:

- chips are conserved (sum of stacks + pot) after every action, in hands and sessions
  (R25), and nobody's stack goes below zero;
- every card is dealt at most once, and hands + set-aside + turn-up + the rest are the
  deck; every card played was held by its player and is played once;
- every action accepted is in legal_actions(); every well-formed action not in it
  raises IllegalAction and leaves the state exactly as it was;
- the same seed gives the same session (the same events);
- view(seat) never holds another seat's unplayed cards, in any field (a spectator's view: nobody's);
- clone() is independent of the original (hands and sessions).
"""

import dataclasses
from dataclasses import replace
import random
from collections.abc import Mapping
from enum import Enum

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.kits.engine import ALL_ACTIONS, snapshot

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.cards import Card
from ramsli_tui.games.ramsli.engine import Hand, IllegalAction, RamsliSession
from ramsli_tui.games.protocol import events_for
from ramsli_tui.games.ramsli.engine.events import CardsDealt, HandSettled
from ramsli_tui.games.ramsli.house_rules import PlayerLimits

RULES = {name: house_rules.load(name) for name in sorted(house_rules.available())}
# a few house-rule mixes beyond the bundled files, so every key's other value is exercised too
VARIANTS = {
    "no-force/2-3/must-head": replace(RULES["classic"], dealer_forced=False, packets=(2, 3), must_head=True),
    "rams-triple-pot/bete-pot-x2": replace(RULES["general-rams"], general_rams_failure="triple_pot",
                                           bete="pot", bete_multiplier=2),
    "jokers-52/must-head/ante-2": replace(RULES["jokers"], deck="standard52", must_head=True, ante=2),
    "nap/eliminate/short": replace(RULES["nap"], on_bust="eliminate", starting_chips=5, dealer_forced=False),
    "two-players/target-25": replace(RULES["classic"], players=PlayerLimits(2, 6), target=25, max_hands=6),
}
assert set(RULES) >= {"classic", "bete-pot", "double-penalty", "general-rams", "jokers", "modern-52",
                      "nap", "obligatory", "rounce", "scored-30", "scored-50"}
RULES.update(VARIANTS)
NAMES = list(RULES)


def stable(examples):
    return settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tables(draw):
    """(rules, players, seed) over every bundled ruleset (and the variants) and allowed player count."""
    name = draw(st.sampled_from(NAMES))
    rules = RULES[name]
    players = draw(st.integers(rules.players.min, rules.players.max))
    seed = draw(st.integers(0, 2**32 - 1))
    return rules, players, seed


def random_hand(rules, players, rng, short_stacks=True) -> Hand:
    deck = rules.cards()
    rng.shuffle(deck)
    if short_stacks:
        stacks = [rng.choice([0, 1, 2, 3, 6, 12, 20, 40]) for _ in range(players)]
    else:
        stacks = [20] * players
    return Hand(rules, stacks, rng.randrange(players), rng.choice([0, 0, 1, 5, 17]), deck)


def step(state, rng):
    return state.apply(rng.choice(list(state.legal_actions())))


# --- chips ---------------------------------------------------------------------------------

@stable(300)
@given(tables())
def test_chips_are_conserved_in_every_hand(table):
    rules, players, seed = table
    rng = random.Random(seed)
    hand = random_hand(rules, players, rng)
    total = sum(hand.start_stacks) + hand.start_pot
    assert sum(hand.stacks) + hand.pot == total
    while not hand.is_over:
        step(hand, rng)
        assert sum(hand.stacks) + hand.pot == total
        assert min(hand.stacks) >= 0 and hand.pot >= 0
    settled = hand.settlement
    assert sum(settled.stacks) + settled.pot == total
    assert settled.changes == tuple(now - before for now, before in zip(hand.stacks, hand.start_stacks))


@stable(80)
@given(tables())
def test_chips_are_conserved_in_every_session(table):
    rules, players, seed = table
    rng = random.Random(seed)
    session = RamsliSession(rules, players, random.Random(seed))
    total = players * rules.starting_chips
    for _ in range(250):
        if session.is_over:
            break
        legal = list(session.legal_actions())
        wrong = rng.choice([action for action in ALL_ACTIONS if action not in legal])
        before = (snapshot(session.hand), list(session.stacks), session.pot, session.dealer)
        try:
            session.apply(wrong)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{wrong} is not legal but the session accepted it")
        assert (snapshot(session.hand), list(session.stacks), session.pot, session.dealer) == before
        for event in step(session, rng):
            if isinstance(event, HandSettled):
                assert sum(event.stacks) + event.pot == total
        assert sum(session.hand.stacks) + session.hand.pot == total
        assert min(session.hand.stacks) >= 0


# --- cards --------------------------------------------------------------------------------

@stable(200)
@given(tables())
def test_every_card_is_dealt_once_and_the_deck_is_accounted_for(table):
    rules, players, seed = table
    rng = random.Random(seed)
    hand = random_hand(rules, players, rng)
    deck = list(hand.deck)
    assert sorted(deck) == sorted(rules.cards())
    dealt = [card for cards in hand.dealt for card in cards]
    assert all(len(cards) == 5 for cards in hand.dealt)
    assert len(set(dealt)) == len(dealt) == 5 * players
    n = len(dealt)
    assert set(dealt) == set(deck[:n])
    k = len(hand.set_aside)
    assert list(hand.set_aside) == deck[n:n + k] and all(card.is_joker for card in hand.set_aside)
    assert hand.turn_up == deck[n + k] and not hand.turn_up.is_joker
    assert hand.trump == hand.turn_up.suit
    rest = deck[n + k + 1:]
    assert sorted(dealt + list(hand.set_aside) + [hand.turn_up] + rest) == sorted(deck)
    played_by = {seat: [] for seat in range(players)}
    while not hand.is_over:
        step(hand, rng)
        played = [(seat, card) for trick in hand.tricks for seat, card in trick.plays]
        assert len({card for _, card in played}) == len(played)
        for seat in range(players):
            played_by[seat] = [card for s, card in played if s == seat]
            assert set(played_by[seat]) <= set(hand.dealt[seat])
            assert set(hand.hand_of(seat)) == set(hand.dealt[seat]) - set(played_by[seat])


# --- legal and illegal actions ------------------------------------------------------------

@stable(100)
@given(tables())
def test_legal_actions_are_accepted_and_everything_else_refused_without_change(table):
    rules, players, seed = table
    rng = random.Random(seed)
    hand = random_hand(rules, players, rng)
    while True:
        legal = list(hand.legal_actions())
        before = snapshot(hand)
        if hand.is_over:
            assert legal == []
        for action in ALL_ACTIONS:
            if action in legal:
                twin = hand.clone()
                twin.apply(action, hand.current_seat)            # accepted
                assert twin.actions[-1] == (hand.current_seat, action)
            else:
                try:
                    hand.apply(action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action} is not legal but was accepted")
                assert snapshot(hand) == before, f"refusing {action} changed the hand"
        for seat in range(players):
            if seat != hand.current_seat and legal:
                try:
                    hand.apply(legal[0], seat)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"seat {seat} acted out of turn")
                assert snapshot(hand) == before
        if hand.is_over:
            break
        choice = rng.choice(legal)
        hand.apply(choice)
        assert hand.actions[-1][1] == choice


# --- determinism ------------------------------------------------------------------------------

def play_session(rules, players, seed, actions=200):
    session = RamsliSession(rules, players, random.Random(seed))
    rng = random.Random(seed + 1)
    events = list(session.opening_events)
    for _ in range(actions):
        if session.is_over:
            break
        events += step(session, rng)
    return events, session


@stable(60)
@given(tables())
def test_the_same_seed_gives_the_same_session(table):
    rules, players, seed = table
    first, one = play_session(rules, players, seed)
    again, two = play_session(rules, players, seed)
    assert first == again
    assert one.stacks == two.stacks and one.pot == two.pot
    assert snapshot(one.hand) == snapshot(two.hand)


# --- views ---------------------------------------------------------------------------------

def cards_and_texts(value, found_cards, found_texts):
    """Every Card and every string anywhere inside a view."""
    if isinstance(value, Card):
        found_cards.add(value)
    elif isinstance(value, str):
        found_texts.add(value)
    elif isinstance(value, Enum) or value is None or isinstance(value, (int, float)):
        return
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            cards_and_texts(getattr(value, field.name), found_cards, found_texts)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            cards_and_texts(key, found_cards, found_texts)
            cards_and_texts(item, found_cards, found_texts)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            cards_and_texts(item, found_cards, found_texts)
    else:
        raise AssertionError(f"a view holds an unexpected {type(value).__name__}: {value!r}")


def check_views(hand, players):
    played = {card for trick in hand.tricks for _, card in trick.plays}
    for seat in [*range(players), None]:  # None: a spectator, who sees no hand
        view = hand.view(seat)
        found_cards, found_texts = set(), set()
        for field in dataclasses.fields(view):
            cards_and_texts(getattr(view, field.name), found_cards, found_texts)
        hidden = {card for other in range(players) if other != seat for card in hand.hand_of(other)}
        assert not found_cards & hidden, f"seat {seat} sees {sorted(c.code for c in found_cards & hidden)}"
        assert not found_texts & {card.code for card in hidden}
        own = set() if seat is None else set(hand.dealt[seat])
        assert found_cards <= own | {hand.turn_up} | set(hand.set_aside) | played
        assert set(view.hand) == (set() if seat is None else set(hand.hand_of(seat)))
        if seat == hand.current_seat:
            assert list(view.legal) == list(hand.legal_actions())
        else:
            assert list(view.legal) == []


@stable(120)
@given(tables())
def test_a_view_never_shows_another_seats_unplayed_cards(table):
    rules, players, seed = table
    rng = random.Random(seed)
    hand = random_hand(rules, players, rng, short_stacks=False)
    for seat in range(players):
        private = [event for event in events_for(hand.opening_events, seat) if isinstance(event, CardsDealt)]
        assert [event.seat for event in private] == [seat]
    check_views(hand, players)
    while not hand.is_over:
        step(hand, rng)
        check_views(hand, players)


# --- clones ----------------------------------------------------------------------------------

@stable(150)
@given(tables(), st.integers(0, 40))
def test_a_hand_clone_is_independent(table, steps):
    rules, players, seed = table
    rng = random.Random(seed)
    hand = random_hand(rules, players, rng)
    for _ in range(steps):
        if hand.is_over:
            break
        step(hand, rng)
    twin = hand.clone()
    assert snapshot(twin) == snapshot(hand)
    original = snapshot(hand)
    while not twin.is_over:
        step(twin, rng)
    assert snapshot(hand) == original
    copied = snapshot(twin)
    while not hand.is_over:
        step(hand, rng)
    assert snapshot(twin) == copied


@stable(50)
@given(tables(), st.integers(0, 60))
def test_a_session_clone_is_independent(table, steps):
    rules, players, seed = table
    rng = random.Random(seed)
    session = RamsliSession(rules, players, random.Random(seed))
    reference = RamsliSession(rules, players, random.Random(seed))
    for _ in range(steps):
        if session.is_over:
            break
        action = rng.choice(list(session.legal_actions()))
        session.apply(action)
        reference.apply(action)
    twin = session.clone()
    twin_rng = random.Random(seed + 7)
    for _ in range(80):                    # the clone plays on, through new deals
        if twin.is_over:
            break
        step(twin, twin_rng)
    # the original goes on exactly as a session that was never cloned
    for _ in range(60):
        if session.is_over:
            break
        action = rng.choice(list(session.legal_actions()))
        assert session.apply(action) == reference.apply(action)
    assert session.stacks == reference.stacks and session.pot == reference.pot
    assert snapshot(session.hand) == snapshot(reference.hand)
