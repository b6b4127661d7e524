"""The rating arithmetic of the history's leaderboard (issue 22): one finished session in,
every seated player's new rating out, for any game and any number of seats.

Pure and game-neutral: players are keys ("person:Mia", "computer:hard"), a session is who
sat where, how each seat stood at the end (higher is better: chips, or minus the losing
side's points) and, for a team game, which seats played together.  The storage keeps the
ratings and calls ``rated`` once for each session that ends; nothing here reads a clock,
a file or a game.

The model is OpenSkill's Plackett-Luce (the Weng-Lin Bayesian rating, ``openskill``): it
rates a finishing order of any number of entrants and entrants made of teams in one
update, which Ramsli's three to six seats and Rami's two against two need; Elo and Glicko
are for two players at a time, and TrueSkill, the nearest, is patented and heavier.  A
rating is a belief about the player's skill, a mean ``mu`` and an uncertainty ``sigma``;
sigma is never let grow by a session (the model's ``limit_sigma``), so playing only ever
makes a rating surer.

What a person reads is ``Rating.shown``: 1500 + 48 × (mu − 3·sigma), rounded.  mu − 3·sigma
is OpenSkill's ordinal, the skill the player is almost surely above: 0 for a newcomer
(25 − 3 × 25/3), so a newcomer reads exactly 1500, the familiar start of chess ratings, and
it rises as wins raise mu and play shrinks sigma.  48 points to one unit of mu is Elo's
scale: the model's beta (25/6) is the skill gap at which the stronger wins about three
times in four, as 200 Elo points are, and 200 / (25/6) = 48.  Being a lower bound, it
also rises a little with mere play: four newcomers finishing in order read 1644, 1597,
1521 and 1342 after it, the third above 1500 though beaten twice.  A proven loser ends
well below 1500, a proven winner far above it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from openskill.models import PlackettLuce

MODEL = PlackettLuce(limit_sigma=True)  # the defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
SHOWN_NEWCOMER = 1500  # what a newcomer reads
SHOWN_PER_MU = 200 / MODEL.beta  # 48: Elo's 200 points between players three to one apart
SURE = 3  # how many sigmas below mu the shown value stands (OpenSkill's ordinal)


class Rating(NamedTuple):
    """What the history keeps of a player: the mean and the uncertainty of their skill.
    ``Rating.NEW`` is a newcomer's (the model's defaults)."""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The number a person reads on a leaderboard: 1500 for a newcomer, rising as the
        player proves strong (the module's docstring says why 1500 + 48 × (mu − 3·sigma))."""
        return round(SHOWN_NEWCOMER + SHOWN_PER_MU * (self.mu - SURE * self.sigma))


NEW = Rating(MODEL.mu, MODEL.sigma)
Rating.NEW = NEW  # set after the class: a NamedTuple's body takes no ClassVar


def rated(before: Mapping[str, Rating], seats: Sequence[str], standing: Sequence[float],
          sides: Sequence[Sequence[int]] | None = None) -> dict[str, Rating]:
    """The new rating of every key that sat in one finished session, from ``before`` (a
    key missing there starts as ``NEW``; keys that did not sit are left out).

    ``seats[i]`` is the key at seat i and ``standing[i]`` how that seat ended, higher
    better; equal standings share a place.  ``sides`` groups the seats that played
    together (Rami: ``[[0, 2], [1, 3]]``), each seat in exactly one; None: each seat on its
    own.  A side's standing is its seats' (they agree; if not, their mean).

    A key at several seats (two "computer:hard") is rated fairly by letting each seat be
    an entrant of its own, all starting from the key's rating and rated together as
    anyone else would be; the key's new mu and sigma are then the mean of its seats'
    (one session moves it once, by what its seats did on average; what its seats did to
    each other about cancels out, as a game against oneself should).  A session with a single side,
    or whose every seat is the same key, says nothing about anyone's skill: its keys keep
    their ratings.  Deterministic: the same arguments give the same ratings.

    Raises ValueError for arguments that do not describe a session: standings not one per
    seat or not finite, sides that do not share out the seats exactly, a rating in
    ``before`` that is not finite or whose sigma is not above 0.
    """
    if len(standing) != len(seats):
        raise ValueError(f"{len(standing)} standings for {len(seats)} seats")
    if not all(math.isfinite(value) for value in standing):
        raise ValueError(f"a standing is not a finite number: {list(standing)}")
    groups = [list(side) for side in sides] if sides is not None else [[seat] for seat in range(len(seats))]
    shared = sorted(seat for side in groups for seat in side)
    if shared != list(range(len(seats))) or not all(groups):
        raise ValueError(f"the sides {groups} do not share out the {len(seats)} seats, each seat on one side")
    start = {key: _checked(key, before.get(key, NEW)) for key in seats}
    if len(groups) < 2 or len(start) < 2:
        return start
    entrants = [[MODEL.rating(*start[seats[seat]]) for seat in side] for side in groups]
    places = _places([_side_standing([standing[seat] for seat in side]) for side in groups])
    outcome = MODEL.rate(entrants, ranks=places)
    results: dict[str, list[Rating]] = {key: [] for key in start}
    for side, players in zip(groups, outcome):
        for seat, player in zip(side, players):
            results[seats[seat]].append(Rating(player.mu, player.sigma))
    return {key: _mean_move(start[key], results[key]) for key in start}


def _checked(key: str, rating: Rating) -> Rating:
    mu, sigma = rating
    if not (math.isfinite(mu) and math.isfinite(sigma) and sigma > 0):
        raise ValueError(f"the rating of {key!r} is no rating: {rating!r}")
    return Rating(float(mu), float(sigma))


def _side_standing(values: list[float]) -> float:
    if all(value == values[0] for value in values):
        return values[0]  # exactly: a mean of equal numbers may not be the number
    return math.fsum(values) / len(values)


def _places(standings: list[float]) -> list[int]:
    """Each side's place, 1 the best: one more than the sides that stood higher, so equal
    standings share a place."""
    return [1 + sum(other > mine for other in standings) for mine in standings]


def _mean_move(start: Rating, seats: list[Rating]) -> Rating:
    """The key's rating moved by the mean of its seats' moves.  Taken as moves from the
    start so that rounding cannot turn seats that all rose (or all grew surer) into a key
    that fell (or grew less sure)."""
    if len(seats) == 1:
        return seats[0]
    mu = start.mu + math.fsum(seat.mu - start.mu for seat in seats) / len(seats)
    sigma = start.sigma - math.fsum(start.sigma - seat.sigma for seat in seats) / len(seats)
    return Rating(mu, sigma)
