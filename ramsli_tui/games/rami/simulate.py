"""Rami Simple's computer players measured against each other, duplicate style.

``match([a, b], players, deals, seed)``: every deal is one hand from a fresh game, its
deck shuffled from the seed and the deal's number, the dealer seat ``deal mod players``.
Each deal is played twice, the strengths swapping seats: ``a`` at the even seats (one
side) and ``b`` at the odd ones, then the other way round, so both sides hold the same
cards; a seat's randomness is seeded by the deal and the seat, whoever sits there.  A
strength's score for a deal is the hands its side won less those it lost, over the two
(-1, 0 or 1); its margin is the mean over the deals, with the 95 % interval of that mean
(normal approximation).  A hand still going after ``MAX_ACTIONS`` actions is a draw.
Decisions are timed (median and 95th percentile, in milliseconds) by strength.

``summary_text`` puts a result in a few lines; ``MatchResult.as_json`` is the same for
programs.  ``ramsli simulate`` and ``ramsli tournament`` may print either.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any, Callable, Sequence

from ...languages import _, ngettext
from ..parallel import outcomes_in_order
from ..protocol import decide
from .bots import make_rami_measurement_player
from .engine import RamiSession
from .house_rules import SIMPLE, RamiRules

Z95 = 1.959964
MAX_ACTIONS = 3000


@dataclass(frozen=True)
class MatchResult:
    strengths: tuple[str, str]
    players: int
    deals: int
    seed: int
    hands: int
    wins: dict[str, int]
    draws: int
    margin: float  # the first strength's mean score per deal, -1 to 1
    ci95: tuple[float, float]
    decision_ms: dict[str, tuple[float, float]]  # by strength: median, 95th percentile

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "strengths": list(self.strengths), "ci95": list(self.ci95),
                "decision_ms": {name: list(times) for name, times in self.decision_ms.items()}}


def match(strengths: Sequence[str], players: int = 2, deals: int = 20, seed: int = 0, rules: RamiRules = SIMPLE,
          advance: Callable[[], None] = lambda: None, jobs: int = 1) -> MatchResult:
    """Two strengths on the same deals, each on both sides; ``advance`` after each deal;
    ``jobs`` processes play the deals at once (``parallel``), with the same result."""
    first, second = strengths
    if first == second:
        raise ValueError(f"a match needs two different strengths, not {first} twice")
    wins = {first: 0, second: 0}
    times: dict[str, list[float]] = {first: [], second: []}
    scores, draws = [], 0
    for winners, deal_times in outcomes_in_order(partial(_play_deal, rules, players, seed, (first, second)), deals, jobs):
        for winner in winners:
            if winner is None:
                draws += 1
            else:
                wins[winner] += 1
        scores.append(sum(1 if winner == first else -1 for winner in winners if winner is not None) / 2)
        for name, ms in deal_times.items():
            times[name] += ms
        advance()
    margin = statistics.fmean(scores)
    half = Z95 * statistics.stdev(scores) / math.sqrt(deals) if deals > 1 else math.inf
    return MatchResult((first, second), players, deals, seed, 2 * deals, wins, draws, margin,
                       (margin - half, margin + half), {name: _median_p95(ms) for name, ms in times.items()})


def _play_deal(rules: RamiRules, players: int, seed: int, strengths: tuple[str, str],
               deal: int) -> tuple[tuple[str | None, str | None], dict[str, list[float]]]:
    """The winning strength of each of ``deal``'s two hands (the sides swapped for the
    second; None, a draw), and each strength's decisions' times."""
    first, second = strengths
    times: dict[str, list[float]] = {first: [], second: []}
    winners = tuple(_play_hand(rules, players, seed, deal, seating, times) for seating in (strengths, (second, first)))
    return winners, times


def _play_hand(rules: RamiRules, players: int, seed: int, deal: int, seating: tuple[str, str],
               times: dict[str, list[float]]) -> str | None:
    """The strength whose side wins one hand of ``deal``, ``seating`` naming the even
    seats' strength and the odd seats'; None if nobody has gone out in time."""
    game = RamiSession(rules, players, random.Random(f"{seed}/{deal}"), dealer=deal % players)
    names = [seating[seat % 2] for seat in range(players)]
    bots = [make_rami_measurement_player(name) for name in names]
    rngs = [random.Random(f"{seed}/{deal}/{seat}") for seat in range(players)]
    for _ in range(MAX_ACTIONS):
        seat = game.current_seat
        started = time.perf_counter()
        action = decide(bots[seat], game, seat, rngs[seat])
        if len(game.legal_actions()) > 1:
            times[names[seat]].append((time.perf_counter() - started) * 1000)
        game.apply(action, seat)
        if game.rounds_finished:
            return names[game.finished[-1].scored.winner]
    return None


def _median_p95(ms: list[float]) -> tuple[float, float]:
    if not ms:
        return (0.0, 0.0)
    ordered = sorted(ms)
    return (round(statistics.median(ordered), 2), round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2))


def summary_text(result: MatchResult) -> str:
    """The match as a person reads it, in their language: who played whom, the hands each
    won, the first one's margin, and how long each took to decide."""
    first, second = result.strengths
    low, high = result.ci95
    # TRANSLATORS: the heading of `ramsli simulate --game rami`: {first} and {second} the two computer players'
    # strengths (hard, normal…), {count} the deals, each played twice with the sides swapped, {hands} hands in all
    heading = ngettext("Rami Simple, {players} players: {first} against {second}, {count} deals played on both sides "
                       "({hands} hands, seed {seed})",
                       "Rami Simple, {players} players: {first} against {second}, {count} deals played on both sides "
                       "({hands} hands, seed {seed})", result.deals)
    lines = [
        heading.format(players=result.players, first=first, second=second, count=result.deals, hands=result.hands,
                       seed=result.seed),
        # TRANSLATORS: indented by two spaces: the hands each computer player won, and those drawn
        _("  hands won: {first} {first_won}, {second} {second_won}, drawn {drawn}").format(
            first=first, first_won=result.wins[first], second=second, second_won=result.wins[second],
            drawn=result.draws),
        # TRANSLATORS: indented by two spaces: the points per deal {first} won over the other, with its
        # confidence interval ({confidence} is "95 %") from {low} to {high}
        _("  {first}'s margin per deal: {margin:+.3f} ({confidence} interval {low:+.3f} to {high:+.3f})").format(
            first=first, margin=result.margin, confidence="95 %", low=low, high=high),
    ]
    for name, (median, p95) in result.decision_ms.items():
        # TRANSLATORS: indented by two spaces: the milliseconds one decision of the computer player {name} takes
        lines.append(_("  {name}: a decision takes {median:.2f} ms (median), {p95:.2f} ms (95th percentile)").format(
            name=name, median=median, p95=p95))
    return "\n".join(lines)
