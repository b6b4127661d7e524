"""A panel of declaring styles, for measurement only: opponents nobody tuned the search against.

Each plays its cards, and announces, as the normal player does; only its in/out
declaration differs from the texts' advice:

- ``aggressive``: in on any ace (a side ace or the top trump) or two trumps;
- ``timid``: in only with two sure tricks (trumps nobody can beat, side aces);
- ``random-in``: in or out at random, one chance in two.

A dealer who must be in is in whatever the style.  None of them is offered in the app;
``ramsli tournament`` seats them by name beside the others.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..engine import IN, OUT, Action, Phase, RamsliView
from .inference import read
from .judgement import Assessment, assess
from .normal import NormalBot


class DeclaringStyle(NormalBot):
    """The normal player, with its own rule for going in."""

    def choose(self, view: RamsliView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase is not Phase.DECLARE or len(legal) == 1:
            return super().choose(view, legal, rng)
        reading = read(view)
        assessment = assess(reading.hand, reading.trump_mask, reading.in_play & ~reading.hand)
        return IN if self.goes_in(assessment, rng) else OUT

    def goes_in(self, assessment: Assessment, rng: random.Random) -> bool:
        raise NotImplementedError


class AggressiveBot(DeclaringStyle):
    name = "aggressive"

    def goes_in(self, assessment: Assessment, rng: random.Random) -> bool:
        return assessment.side_aces > 0 or assessment.sure_trumps > 0 or assessment.trumps >= 2


class TimidBot(DeclaringStyle):
    name = "timid"

    def goes_in(self, assessment: Assessment, rng: random.Random) -> bool:
        return assessment.sure_trumps + assessment.side_aces >= 2


class RandomInBot(DeclaringStyle):
    name = "random-in"

    def goes_in(self, assessment: Assessment, rng: random.Random) -> bool:
        return rng.random() < 0.5
