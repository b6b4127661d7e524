"""The hard computer player of Rami Simple: it counts the live cards over sampled worlds.

Before each choice it draws ``worlds`` (``worlds.sample_worlds``): guesses at the other
seats' hidden cards and the talon that agree with what they took face up and threw.
A hand is judged by its distance from going out (``Judge``): the cards still missing
(``shape``), and among hands missing as many, the copies expected in the talon of the
cards that would leave one fewer missing (its ``outs``): the more, the closer.

- drawing: the card face up (the jetée's top, the tournante), judged after its best
  discard, against the hand as it is less the chance that the talon's top is an out;
- discarding: each card worth weighing (``Shape.worth_throwing``: in no meld begun, or
  in one still short), the hand without it judged.  It does not weigh
  feeding the seat on the left: over 120 hands against the normal player, a cost for a
  card beside those that seat took made it win less (61 to 59 hands, against 73 to 47
  without), for the race to go out is won by speed.

Going out comes first, as for every player.  The same ``random.Random`` gives the same
worlds, so the same choice.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from ....cards import Card
from ...protocol import ComputerPlayer
from ..engine import Action, Phase, RamiView
from .normal import face_up_cards
from .reading import read
from .shape import Shape, shape
from .worlds import in_talon, sample_worlds

WORLDS = 12


class HardPlayer(ComputerPlayer):
    name = "hard"

    def __init__(self, worlds: int = WORLDS):
        self.worlds = worlds

    def choose(self, view: RamiView, legal: Sequence[Action], rng: random.Random) -> Action:
        way = view.going_out()
        if way is not None:
            return Action.out(way.melds, way.discard)
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.DRAW:
            helpful = helpful_face_up(view, legal)
            if not helpful:
                return Action.draw("talon")
            return Action.draw(best_draw(view, helpful, self.judge(view, rng)))
        return Action.discard(best_discard(view, [action.card for action in legal], self.judge(view, rng)))

    def judge(self, view: RamiView, rng: random.Random) -> Judge:
        return Judge(in_talon(sample_worlds(view, read(view), rng, self.worlds)))


class HardV1Player(HardPlayer):
    """The hard player as issue 23 found it, frozen as a yardstick for measurement (never
    offered in the app).  A test pins its choices on fixed hands, so that a change to
    what it shares with a newer hard player (the worlds, the shapes, the reading) cannot
    move it."""

    name = "hard-v1"


class Judge:
    """How far a hand is from going out: the cards still missing, and among hands missing
    as many, the more copies of its outs expected in the talon the better.  One number,
    from ``missing`` (every out in the talon) to just under ``missing + 1`` (none)."""

    def __init__(self, talon_expected: Counter):
        self.expected = talon_expected

    def outs(self, arranged: Shape) -> float:
        """The copies of the hand's outs expected in the talon."""
        return sum(self.expected[card] for card in arranged.outs)

    def distance(self, arranged: Shape) -> float:
        if not arranged.missing:
            return 0.0
        return arranged.missing + 1 / (1 + self.outs(arranged))


def helpful_face_up(view: RamiView, legal: Sequence[Action]) -> dict[str, Shape]:
    """The hand with each card face up that it would keep, by source."""
    helpful = {}
    for source, card in face_up_cards(view, legal).items():
        after = shape([*view.hand, card])
        if card not in after.loose:
            helpful[source] = after
    return helpful


def best_draw(view: RamiView, helpful: dict[str, Shape], judge: Judge) -> str:
    """The card face up, if taking it leaves the hand closer than a draw from the talon
    should: the hand's distance less the chance that the talon's top is one of its outs."""
    options = {source: judge.distance(after) for source, after in helpful.items()}
    now = shape(view.hand)
    options["talon"] = judge.distance(now) - judge.outs(now) / max(1, view.talon)
    return min(options, key=lambda source: (options[source], source != "talon"))


def best_discard(view: RamiView, choices: Sequence[Card], judge: Judge) -> Card:
    weighed = sorted(set(shape(view.hand).worth_throwing(choices)))

    def distance_without(card: Card) -> tuple[float, str]:
        rest = list(view.hand)
        rest.remove(card)
        return judge.distance(shape(rest)), card.code
    return min(weighed, key=distance_without)
