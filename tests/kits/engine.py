"""Helpers shared by the engine tests: stacked decks, scripted play, state snapshots.

``stacked_deck`` builds a deck so that ``Hand`` deals exactly the cards a test names
(R7: packets clockwise from the dealer's left, then the set-aside jokers and the
turn-up), so every rule test uses a hand-built deal rather than a random one.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.cards import Card, parse_cards
from ramsli_tui.games.ramsli.engine import GENERAL_RAMS, IN, NAP, OUT, PASS, Action, Hand, IllegalAction
from ramsli_tui.games.ramsli.engine.actions import PLAY

#: Every well-formed action there is: anything not legal must be refused.
ALL_ACTIONS: tuple[Action, ...] = (IN, OUT, PASS, GENERAL_RAMS, *NAP.values(), *PLAY)


def ruleset(name: str = "classic", **changes):
    """A bundled ruleset, optionally with some keys changed."""
    base = house_rules.load(name)
    return replace(base, **changes) if changes else base


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def codes(items) -> list[str]:
    return [card.code for card in items]


def clockwise_from_left(dealer: int, seated) -> list[int]:
    seated = list(seated)
    at = seated.index(dealer)
    return seated[at + 1:] + seated[: at + 1]


def stacked_deck(rules, dealer: int, hands, turn_up: str, set_aside: str = "", seated=None) -> list[Card]:
    """A full deck (top card first) that deals ``hands[seat]`` (a string of five codes,
    in dealt order; None for a seat not at the table) to each seat, then turns up
    ``set_aside`` (jokers) and ``turn_up``; the rest follow in the ruleset's order."""
    seated = [seat for seat in range(len(hands)) if hands[seat] is not None] if seated is None else list(seated)
    held = {seat: cards(hands[seat]) for seat in seated}
    for seat, cs in held.items():
        assert len(cs) == 5, f"seat {seat} must be given 5 cards, not {codes(cs)}"
    deck: list[Card] = []
    taken = dict.fromkeys(seated, 0)
    for packet in rules.packets:
        for seat in clockwise_from_left(dealer, seated):
            deck += held[seat][taken[seat]: taken[seat] + packet]
            taken[seat] += packet
    deck += cards(set_aside) + cards(turn_up)
    assert len(set(deck)) == len(deck), f"a card is named twice: {codes(deck)}"
    full = rules.cards()
    assert set(deck) <= set(full), "a card that is not in this ruleset's deck"
    deck += [card for card in full if card not in deck]
    return deck


def new_hand(rules, hands, turn_up: str = "7H", dealer: int = 0, stacks=None, pot: int = 0,
             set_aside: str = "", seated=None) -> Hand:
    players = len(hands)
    stacks = [20] * players if stacks is None else list(stacks)
    deck = stacked_deck(rules, dealer, hands, turn_up, set_aside, seated)
    return Hand(rules, stacks, dealer, pot, deck, seated)


def parse_step(step: str) -> tuple[int, Action]:
    seat, _, word = step.partition(":")
    return int(seat), Action.parse(word)


def run(hand, script: str) -> list:
    """Apply ``"1:in 2:out 0:in 1:AS ..."`` in order, each checked against its seat;
    returns every event."""
    events = []
    for step in script.split():
        seat, action = parse_step(step)
        events += hand.apply(action, seat)
    return events


def legal(state) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def refusal(hand, step: str) -> str:
    """The message of the IllegalAction that ``step`` must raise (and the state must
    not change)."""
    seat, action = parse_step(step)
    before = snapshot(hand)
    try:
        hand.apply(action, seat)
    except IllegalAction as error:
        assert snapshot(hand) == before, "a refused action changed the hand"
        return str(error)
    raise AssertionError(f"{step} was accepted but should have been refused")


def snapshot(hand: Hand):
    """Everything in a hand's state, as comparable plain values (``legal_now`` is only the
    legal cards remembered once asked for: they are compared as ``legal``)."""
    out = {}
    for name in Hand.__slots__:
        if name == "legal_now":
            continue
        value = getattr(hand, name, None)
        if name == "tricks":
            value = tuple((t.leader, tuple(t.plays), t.winner) for t in value)
        elif isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, dict):
            value = tuple(sorted(value.items()))
        out[name] = value
    out["legal"] = tuple(hand.legal_actions())
    return out


class StackedRandom(random.Random):
    """A ``random.Random`` whose shuffles deal the queued decks first (for sessions
    whose hands a test writes out), then shuffle normally."""

    def __init__(self, seed=0, decks=()):
        super().__init__(seed)
        self.decks = [list(deck) for deck in decks]

    def shuffle(self, x):  # noqa: D401 - same contract as random.Random.shuffle
        if self.decks:
            deck = self.decks.pop(0)
            assert sorted(deck) == sorted(x), "a queued deck must hold exactly the ruleset's cards"
            x[:] = deck
        else:
            super().shuffle(x)


def play_randomly(state, rng: random.Random, steps: int | None = None) -> list:
    """Apply random legal actions (all of them, or ``steps``) and return the events."""
    events = []
    done = 0
    while not state.is_over and (steps is None or done < steps):
        events += state.apply(rng.choice(state.legal_actions()))
        done += 1
    return events
