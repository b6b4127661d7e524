"""The hard computer player: determinized Monte Carlo search over the hidden cards.

For every choice with more than one legal action (declaring in or out, announcing,
and each card) it draws worlds: deals of the cards it cannot see that agree with all
its view reveals (``inference``: cards played, voids, failed over-trumps), favouring
those that explain how the others declared and announced (a seat that went in
without any of the assets the texts ask for is less likely, though not impossible).
Each legal action is then played out in every world (``search``) and the one worth
most chips on average is chosen.  ``budget`` is the number of simulated actions per
decision; the default keeps a decision well under a tenth of a second.
"""

from __future__ import annotations

import random
from typing import Sequence

from ...protocol import ComputerPlayer
from ..engine import Action, Hand, RamsliView
from .inference import Reading, read
from .judgement import assess, general_rams_hand, nap_target, wants_in
from .search import best_action
from .worlds import Playout, build_world, with_holdings

DEFAULT_BUDGET = 12000
SURPRISE = 0.05  # the chance given to a declaration or announcement the texts advise against


class HardBot(ComputerPlayer):
    name = "hard"
    exact_endgame = False  # solve the worlds' last tricks (``endgame``) rather than play them greedily

    def __init__(self, budget: int = DEFAULT_BUDGET):
        self.budget = budget

    def choose(self, view: RamsliView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        reading = read(view)
        worlds = Worlds(view, reading, rng)
        return best_action(legal, worlds.next, view.seat, Playout(view.rules, reading.in_play, self.exact_endgame),
                           self.budget, rng)


class HardV1Bot(HardBot):
    """The hard player as issue 23 found it, frozen as a yardstick for measurement (never
    offered in the app): its worlds are played greedily to the end.  Tests pin its
    choices on fixed hands, so that a change to the search it shares cannot move it."""

    name = "hard-v1"
    exact_endgame = False


class ExactHardBot(HardBot):
    """The hard player with its worlds' last tricks solved exactly: a candidate under
    measurement against ``hard-v1`` (docs/bots.md), not yet offered in the app."""

    name = "hard-exact"
    exact_endgame = True


class Worlds:
    """Worlds consistent with a view, drawn one after another: the first is built from
    the view, the others are copies of it with other guesses at the hidden cards."""

    def __init__(self, view: RamsliView, reading: Reading, rng: random.Random):
        self.view = view
        self.reading = reading
        self.rng = rng
        self.evidence: dict[int, list] = {}
        for seat, kind, detail in self._evidence():
            self.evidence.setdefault(seat, []).append((kind, detail))
        folded = tuple(seat for seat in view.seated if view.declarations[seat] is False)
        self.dealing_order = reading.dealing_order(folded)
        self.template: Hand | None = None

    def next(self) -> Hand:
        holdings = self.reading.deal_in_order(self.dealing_order, self.rng, self._likelihood if self.evidence else None)
        if self.template is None:
            self.template = build_world(self.view, self.reading, holdings)
            return self.template.clone()
        return with_holdings(self.template, holdings)

    def _evidence(self):
        """(seat, what it did, in what situation) for every voluntary declaration and
        every announcement so far, to compare with what the texts advise its hand to do."""
        view = self.view
        rules = view.rules
        order = view.declaring_order
        if not rules.obligatory:
            ins = 0
            for position, seat in enumerate(order):
                playing = view.declarations[seat]
                if playing is None:
                    break
                forced = position == len(order) - 1 and ins == 0 and rules.dealer_forced
                if not forced and seat != view.seat:
                    facing = rules.dealer_forced and position == len(order) - 2 and ins == 0
                    yield seat, "declared", (playing, ins, facing)
                ins += bool(playing)
        if view.announcement and view.announcement[0] != view.seat:
            announcer, kind, target = view.announcement
            yield announcer, kind, target

    def _likelihood(self, seat: int, holding: int) -> float:
        """The chance that ``seat``, dealt ``holding`` (plus what it has played), would
        have declared and announced as it did."""
        evidence = self.evidence.get(seat)
        if not evidence:
            return 1.0
        view = self.view
        trump_mask = self.reading.trump_mask
        dealt = holding | self.reading.played_by[seat]
        unseen = self.reading.in_play & ~dealt
        likelihood = 1.0
        for kind, detail in evidence:
            if kind == "declared":
                playing, ins, facing = detail
                expected = playing == wants_in(assess(dealt, trump_mask, unseen), view.rules, ins, facing, view.pot)
            elif kind == "general_rams":
                expected = general_rams_hand(dealt, trump_mask, unseen)
            else:
                rams = general_rams_hand(dealt, trump_mask, unseen)
                expected = (nap_target(assess(dealt, trump_mask, unseen), rams, 1) or 0) >= detail
            if not expected:
                likelihood *= SURPRISE
        return likelihood
