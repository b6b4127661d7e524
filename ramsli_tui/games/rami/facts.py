"""The facts of a finished hand of Rami Simple, seat by seat, for the history's statistics.

Each is read from what the engine said of the hand (``WentOut``, ``HandScored``, the
``Drew`` events) after replaying the record through ``records``: nothing of the rules
is told again here.  A side is the seats of one parity (0 and 2 against 1 and 3); in
Rami points are bad, and the side that reaches the losing total loses the game.

- ``hands``: 1, the seat played the hand.
- ``hands_won``: 1 if its side went out (itself or its partner), so that the other side took the points.
- ``went_out``: 1 for the seat that went out.
- ``points_taken``: the points charged to its side in this hand (0 if its side went out).
- ``tournante_taken``: 1 if it took the tournante.
- ``jetee_taken``: the cards it took from the jetée.

``WON``, added when a game ends: 1 for each player of the side that did not reach the losing total.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...languages import N_
from ..facts import WON_FACT, Chart, Fact, Ratio, finished_hand, row
from . import records
from .engine.events import Drew
from .house_rules import side_of
from .records import Replayed

FACTS: tuple[Fact, ...] = (
    # TRANSLATORS: the labels of a person's statistics over the hands of Rami they played
    Fact("hands", N_("Hands played"), "sum", ("session",)),
    # TRANSLATORS: hands a person's side won: they or their partner went out
    Fact("hands_won", N_("Hands won"), "sum"),
    Fact("went_out", N_("Times gone out"), "sum"),
    # TRANSLATORS: the points a person's side got in the hands it lost (in Rami points are bad)
    Fact("points_taken", N_("Points taken"), "sum", ("hand", "session")),
    Fact("tournante_taken", N_("Tournantes taken"), "sum"),
    Fact("jetee_taken", N_("Cards taken from the jetée"), "sum"),
)
# TRANSLATORS: the games (sessions) of Rami a person's side won: the other side reached the losing total
WON = Fact(WON_FACT, N_("Games won"), "sum", ("session",))
RATIOS: tuple[Ratio, ...] = ()  # every share Rami's players ask for is one of a hand or of a game
CHARTS: tuple[Chart, ...] = (
    Chart(N_("Points taken, session by session"), "points_taken"),
    # TRANSLATORS: a chart's title: in each game, how many of every hundred hands a person's side won
    Chart(N_("Hands won, of every hundred, session by session"), "hands_won", of="hands"),
)


def replayed(record: dict[str, Any]) -> Replayed:
    """The record's hand replayed to its going-out; RecordError (a ValueError) if it cannot be."""
    return finished_hand(record, records.read_record, records.replay, lambda replayed: replayed.hand)


def facts_of(record: dict[str, Any]) -> list[dict[str, int]]:
    """Every fact of ``FACTS`` for each seat of the hand ``record`` keeps, seat 0 first."""
    done = replayed(record)
    hand, scored = done.hand, done.hand.scored
    return [row(FACTS, {
        "hands": 1,
        "hands_won": side_of(seat) != scored.losing_side,
        "went_out": seat == hand.out.seat,
        "points_taken": scored.points if side_of(seat) == scored.losing_side else 0,
        "tournante_taken": hand.tournante_taker == seat,
        "jetee_taken": sum(1 for event in done.events
                           if isinstance(event, Drew) and event.seat == seat and event.source == "jetee"),
    }) for seat in range(hand.players)]


def standing_after(record: dict[str, Any]) -> tuple[int, ...]:
    """Each seat's standing once the hand is scored: minus its side's points, higher better."""
    hand = replayed(record).hand
    return tuple(-hand.scores[side_of(seat)] for seat in range(hand.players))


def sides(players: int) -> list[list[int]] | None:
    """The seats that play together (S2: partners opposite, at four), for ratings; None when each plays alone."""
    if players < 4:
        return None
    return [[seat for seat in range(players) if side_of(seat) == side] for side in (0, 1)]


def shown_standing(standing: Sequence[int]) -> tuple[int, ...]:
    """A standing as Rami's players read it: each seat's side's points (the standing is
    minus them, higher better), as the table's title shows the scores."""
    return tuple(-stood for stood in standing)
