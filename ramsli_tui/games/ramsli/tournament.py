"""``ramsli tournament``: computer players measured against each other, duplicate style.

Every deal is one hand from a fresh table: each seat holds the ruleset's starting
chips, the pot is empty, the dealer is seat ``deal mod players`` and the deck is
shuffled from the seed and the deal's number.  The deal is played once per rotation
of the seats, so that each bot sits in each seat on the same cards; a seat's
randomness is seeded by the deal and the seat, whoever sits there.  Luck of the cards
cancels out; skill remains.

A bot's result for a hand is the chips it won or lost, plus an equal share of what the
pot gained for the next hand (betes are not lost, they are won later by someone);
the results of a hand therefore add up to zero, and a bot that wins chips beats the
table's average.  Its score for a deal is the mean over the rotations, and the 95 %
interval is that of the mean score over the deals (normal approximation).

A decision is a choice among at least two legal actions: a lone legal action is
played for the bot without asking it, and without timing it.

Without a lineup, the hard player meets the normal ones: the strongest player the app
offers against its default.  ``advance`` is called after each deal, for a progress bar.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any, Callable, Iterator, Sequence

from ...cards import Card
from ...languages import ngettext, pgettext
from ..parallel import outcomes_in_order
from ..protocol import ComputerPlayer, play_out
from .bots import make_measurement_player
from .bots.value import utilities
from .engine import Hand
from .house_rules import Ruleset
from .simulate import chips_conserved_said

Z95 = 1.959964


@dataclass(frozen=True)
class BotResult:
    name: str
    chips_per_deal: float
    ci95: tuple[float, float]
    pots_won: int
    betes: int
    in_rate: float
    decision_ms_median: float
    decision_ms_p95: float


@dataclass(frozen=True)
class TournamentResult:
    ruleset: str
    players: int
    deals: int
    seed: int
    bots: tuple[BotResult, ...]
    hands_played: int
    chips_conserved: bool

    def as_json(self) -> dict[str, Any]:
        """The report of ``ramsli tournament --json``."""
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "deals": self.deals,
            "seed": self.seed,
            "bots": [{**asdict(bot), "ci95": list(bot.ci95)} for bot in self.bots],
        }


class _Tally:
    """What one bot (one entry of the lineup) did over the tournament."""

    def __init__(self, name: str):
        self.name = name
        self.scores: list[float] = []
        self.pots_won = self.betes = self.hands_in = self.hands = 0
        self.decision_ms: list[float] = []

    def add(self, outcome: DealOutcome, entry: int) -> None:
        """What deal ``outcome`` gave this bot, the lineup's entry ``entry``."""
        self.scores.append(outcome.scores[entry])
        self.hands += outcome.hands
        self.hands_in += outcome.hands_in[entry]
        self.pots_won += outcome.pots_won[entry]
        self.betes += outcome.betes[entry]
        self.decision_ms += outcome.decision_ms[entry]

    def result(self) -> BotResult:
        mean, low, high = mean_and_interval(self.scores)
        return BotResult(
            name=self.name,
            chips_per_deal=round(mean, 4),
            ci95=(round(low, 4), round(high, 4)),
            pots_won=self.pots_won,
            betes=self.betes,
            in_rate=round(self.hands_in / self.hands, 4),
            decision_ms_median=round(statistics.median(self.decision_ms), 3) if self.decision_ms else 0.0,
            decision_ms_p95=round(percentile(self.decision_ms, 0.95), 3) if self.decision_ms else 0.0,
        )


@dataclass(frozen=True)
class DealOutcome:
    """What one deal, played once per rotation of the seats, gave each entry of the
    lineup: its score (the mean of its hands' values), how many of its hands it went
    in, won a share of the pot or paid a bete, and its decisions' times in ms."""

    hands: int
    scores: tuple[float, ...]
    hands_in: tuple[int, ...]
    pots_won: tuple[int, ...]
    betes: tuple[int, ...]
    decision_ms: tuple[list[float], ...]
    conserved: bool


def default_lineup(players: int) -> list[str]:
    """The lineup of a tournament that names none: hard in the first seat, normal in the others."""
    return ["hard"] + ["normal"] * (players - 1)


def tournament(rules: Ruleset, players: int, bots: Sequence[str] | None, deals: int, seed: int,
               advance: Callable[[], None] = lambda: None, jobs: int = 1) -> TournamentResult:
    """Play ``deals`` deals, each once per rotation of the seats, and tally every bot;
    ``jobs`` processes play them at once (``parallel``), with the same report."""
    bots = list(bots) if bots else default_lineup(players)
    if len(bots) != players:
        raise ValueError(f"name one bot per seat: {players} players but {len(bots)} bots")
    if deals < 1:
        raise ValueError("a tournament needs at least one deal")
    for name in bots:
        make_measurement_player(name)  # an unknown name is refused before any deal is played
    tallies = [_Tally(name) for name in bots]
    conserved = True
    for outcome in outcomes_in_order(partial(measured_deal, rules, tuple(bots), seed), deals, jobs):
        conserved &= outcome.conserved
        for entry, tally in enumerate(tallies):
            tally.add(outcome, entry)
        advance()
    return TournamentResult(
        ruleset=rules.name,
        players=players,
        deals=deals,
        seed=seed,
        bots=tuple(tally.result() for tally in tallies),
        hands_played=deals * players,
        chips_conserved=conserved,
    )


def measured_deal(rules: Ruleset, bots: Sequence[str], seed: int, deal: int) -> DealOutcome:
    """Deal ``deal`` played once per rotation of the seats by the players ``bots`` names,
    made afresh for it, and what it gave each of them."""
    players = len(bots)
    lineup = [make_measurement_player(name) for name in bots]
    times: tuple[list[float], ...] = tuple([] for _ in bots)
    scores = [0.0] * players
    hands_in, pots_won, betes = [0] * players, [0] * players, [0] * players
    conserved = True
    for hand, seat_of in play_deal(rules, lineup, deal, seed, times):
        settled = hand.settlement
        conserved &= sum(settled.changes) + settled.pot - hand.start_pot == 0
        values = utilities(hand, settled)
        for entry, seat in enumerate(seat_of):
            scores[entry] += values[seat]
            hands_in[entry] += bool(hand.declarations[seat])
            pots_won[entry] += seat in settled.winners
            betes[entry] += seat in settled.betes
    return DealOutcome(players, tuple(score / players for score in scores), tuple(hands_in), tuple(pots_won),
                       tuple(betes), times, conserved)


def deal_deck(rules: Ruleset, seed: int, deal: int) -> list[Card]:
    """The deck of deal number ``deal``, shuffled from the seed and the deal's number."""
    deck = rules.cards()
    random.Random(f"{seed}/deal/{deal}").shuffle(deck)
    return deck


def play_deal(rules: Ruleset, lineup: Sequence[ComputerPlayer], deal: int, seed: int,
              times: Sequence[list[float]]) -> Iterator[tuple[Hand, list[int]]]:
    """Deal ``deal`` played once per rotation of the seats, each from a fresh table: every
    settled hand, with the seat of each entry of ``lineup`` in it.  Each entry's real
    decisions are timed into its list of ``times``."""
    players = len(lineup)
    deck = deal_deck(rules, seed, deal)
    for rotation in range(players):
        seat_of = [(entry + rotation) % players for entry in range(players)]
        hand = Hand(rules, [rules.starting_chips] * players, deal % players, 0, deck)
        rngs = {seat: random.Random(f"{seed}/deal/{deal}/seat/{seat}") for seat in seat_of}
        play_out(hand, {seat_of[entry]: Timed(lineup[entry], times[entry]) for entry in range(players)}, rngs)
        yield hand, seat_of


def mean_and_interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``scores`` and the bounds of its 95 % interval (normal approximation)."""
    mean = statistics.fmean(scores)
    spread = Z95 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    return mean, mean - spread, mean + spread


class Timed(ComputerPlayer):
    """A bot asked only for real decisions (a lone legal action is played for it, and
    not timed), each timed in milliseconds into ``times``."""

    def __init__(self, bot: ComputerPlayer, times: list[float]):
        self.bot = bot
        self.times = times

    def watch(self, game) -> None:
        self.bot.watch(game)

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        action = self.bot.choose(view, legal, rng)
        self.times.append((time.perf_counter() - started) * 1000)
        return action


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values``, by linear interpolation."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summary_text(result: TournamentResult) -> str:
    """The report as a person reads it, in their language: a heading, a line per
    computer player under the columns' names, and whether every hand kept the chips."""
    # TRANSLATORS: the heading of `ramsli tournament`: {count} deals under the ruleset {ruleset}, each
    # played once in each of {players} rotations of the seats, {hands} hands in all
    heading = ngettext("{count} deals of {ruleset} with {players} players, each played in {players} rotations "
                       "(seed {seed}, {hands} hands)",
                       "{count} deals of {ruleset} with {players} players, each played in {players} rotations "
                       "(seed {seed}, {hands} hands)", result.deals)
    # TRANSLATORS: the columns of `ramsli tournament`'s table, right-aligned but the first: a computer player,
    # its chips won per deal, the 95% confidence interval of that ({confidence} is "95%"), the pots it won, the betes it paid, how
    # often it declared in, the milliseconds a decision took (median, 95th percentile); keep them short
    columns = (pgettext("tournament column", "bot"), pgettext("tournament column", "chips/deal"),
               pgettext("tournament column", "{confidence} interval").format(confidence="95%"),
               pgettext("tournament column", "pots"),
               pgettext("tournament column", "betes"), pgettext("tournament column", "in"),
               pgettext("tournament column", "ms median"), pgettext("tournament column", "ms p95"))
    lines = [
        heading.format(count=result.deals, ruleset=result.ruleset, players=result.players, seed=result.seed,
                       hands=result.hands_played),
        "{:<12} {:>10} {:>18} {:>6} {:>6} {:>6} {:>10} {:>8}".format(*columns),
    ]
    for bot in result.bots:
        low, high = bot.ci95
        lines.append(
            f"{bot.name:<12} {bot.chips_per_deal:>+10.3f} {f'[{low:+.3f}, {high:+.3f}]':>18} {bot.pots_won:>6} "
            f"{bot.betes:>6} {bot.in_rate:>6.0%} {bot.decision_ms_median:>10.1f} {bot.decision_ms_p95:>8.1f}"
        )
    lines.append(chips_conserved_said(result.chips_conserved))
    return "\n".join(lines)
