"""Engine speed: whole random hands and clone-then-playout, against OpenSpiel's oh_hell.

Run by hand: ``python bench/engine.py [--seconds S] [--json] [--floor]``.  Both engines
are driven the same way from Python: random legal actions chosen with ``random.Random``.
OpenSpiel figures are ``null`` when ``open-spiel`` is not installed (``pip install .[bench]``).

``--floor`` also drives an engine that does no work at all through the same loop, with as
many steps per hand as Ramsli's own hands take: the fastest figures any Python engine
could show here, and so how much time the targets leave for the engine's own work.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.engine import Hand

PLAYERS = 5


def rate(step, seconds: float) -> float:
    """How many times per second ``step()`` runs, over about ``seconds``."""
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            step()
        done += 50
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def ramsli_figures(seconds: float) -> tuple[float, float]:
    classic = house_rules.load("classic")
    rng = random.Random(1)
    deck = classic.cards()
    stacks = [20] * PLAYERS

    def whole_hand():
        rng.shuffle(deck)
        hand = Hand(classic, stacks, 0, 0, deck)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])

    position = Hand(classic, stacks, 0, 0, deck)  # just dealt: declarations, then play

    def playout():
        hand = position.clone()
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])

    return rate(whole_hand, seconds), rate(playout, seconds)


class IdleHand:
    """An engine that does nothing: it replays the legal actions of a real hand, one
    step per ``apply``, and returns no events."""

    __slots__ = ("steps", "at")

    def __init__(self, steps: tuple[tuple, ...], at: int = 0):
        self.steps = steps
        self.at = at

    @property
    def is_over(self) -> bool:
        return self.at == len(self.steps)

    def legal_actions(self) -> tuple:
        return self.steps[self.at]

    def apply(self, action) -> list:
        self.at += 1
        return []

    def clone(self) -> IdleHand:
        return IdleHand(self.steps, self.at)


def recorded_hands(count: int) -> list[tuple[tuple, ...]]:
    """The legal actions at every step of ``count`` random classic hands."""
    classic = house_rules.load("classic")
    rng = random.Random(2)
    deck = classic.cards()
    hands = []
    for _ in range(count):
        rng.shuffle(deck)
        hand = Hand(classic, [20] * PLAYERS, 0, 0, deck)
        steps = []
        while not hand.is_over:
            legal = hand.legal_actions()
            steps.append(legal)
            hand.apply(legal[rng.randrange(len(legal))])
        hands.append(tuple(steps))
    return hands


def floor_figures(seconds: float) -> tuple[float, float]:
    """The same two loops as ``ramsli_figures`` around an ``IdleHand``."""
    rng = random.Random(1)
    deck = house_rules.load("classic").cards()
    recorded = recorded_hands(1000)
    played = 0

    def whole_hand():
        nonlocal played
        rng.shuffle(deck)
        hand = IdleHand(recorded[played % len(recorded)])
        played += 1
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])

    def playout():
        nonlocal played
        hand = IdleHand(recorded[played % len(recorded)]).clone()
        played += 1
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])

    return rate(whole_hand, seconds), rate(playout, seconds)


def openspiel_figures(seconds: float) -> tuple[float | None, float | None]:
    try:
        import pyspiel
    except ImportError:
        return None, None
    game = pyspiel.load_game(
        "oh_hell", {"players": PLAYERS, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 5}
    )
    rng = random.Random(1)

    def play_out(state):
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])

    def whole_game():
        play_out(game.new_initial_state())

    position = game.new_initial_state()
    while position.is_chance_node():  # the deal and the trump card
        outcomes = position.chance_outcomes()
        position.apply_action(outcomes[rng.randrange(len(outcomes))][0])

    def playout():
        play_out(position.clone())

    return rate(whole_game, seconds), rate(playout, seconds)


def best_of_rounds(rounds: int, seconds: float) -> tuple[tuple[float, float], tuple[float | None, float | None]]:
    """Alternate the two engines ``rounds`` times and keep each figure's best round, so
    that a busy moment on the machine does not favour either of them."""
    ramsli_runs = []
    spiel_runs = []
    for _ in range(rounds):
        ramsli_runs.append(ramsli_figures(seconds))
        spiel_runs.append(openspiel_figures(seconds))
    ramsli_best = (max(run[0] for run in ramsli_runs), max(run[1] for run in ramsli_runs))
    if spiel_runs[0][0] is None:
        return ramsli_best, (None, None)
    return ramsli_best, (max(run[0] for run in spiel_runs), max(run[1] for run in spiel_runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time for each figure in each round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds to alternate the engines (best kept)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--floor", action="store_true", help="also time the loop around an engine that does nothing")
    args = parser.parse_args()
    (hands, playouts), (spiel_hands, spiel_playouts) = best_of_rounds(args.rounds, args.seconds)
    figures = {
        "ramsli_hands_per_s": round(hands),
        "ramsli_playouts_per_s": round(playouts),
        "openspiel_hands_per_s": spiel_hands and round(spiel_hands),
        "openspiel_playouts_per_s": spiel_playouts and round(spiel_playouts),
        "hands_ratio": spiel_hands and round(hands / spiel_hands, 2),
        "playouts_ratio": spiel_playouts and round(playouts / spiel_playouts, 2),
    }
    if args.floor:
        figures.update(floor_report(args.seconds, figures))
    if args.json:
        print(json.dumps(figures))
        return
    for name, value in figures.items():
        print(f"{name:26} {value}")


def floor_report(seconds: float, figures: dict) -> dict:
    """The idle engine's rates, and what the targets (3× and 2× OpenSpiel) leave per hand
    and per playout for an engine's own work beyond the loop that drives it."""
    hands, playouts = floor_figures(seconds)
    report = {"floor_hands_per_s": round(hands), "floor_playouts_per_s": round(playouts)}
    if figures["openspiel_hands_per_s"]:
        hand_budget = 1e6 / (3 * figures["openspiel_hands_per_s"]) - 1e6 / hands
        playout_budget = 1e6 / (2 * figures["openspiel_playouts_per_s"]) - 1e6 / playouts
        report["target_leaves_us_per_hand"] = round(hand_budget, 1)
        report["target_leaves_us_per_playout"] = round(playout_budget, 1)
        report["ramsli_uses_us_per_hand"] = round(1e6 / figures["ramsli_hands_per_s"] - 1e6 / hands, 1)
        report["ramsli_uses_us_per_playout"] = round(1e6 / figures["ramsli_playouts_per_s"] - 1e6 / playouts, 1)
    return report


if __name__ == "__main__":
    main()
