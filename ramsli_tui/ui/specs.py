"""The session a player asks for: from the settings chosen in setup, or from the
options of ``ramsli play`` on top of them.

Seat 0 is the person at this terminal, under the name they gave ("You" if none); the
others are computer players, each with the name and strength remembered for that seat
(an unknown strength gets the default).
"""

from __future__ import annotations

import secrets
from dataclasses import replace

from ..games import game_named
from ..storage import Opponent, Settings
from ..storage.settings import NO_NAME
from ..table.spec import GameSpec, SeatSpec

GAME = "ramsli"


def person_name(given: str) -> str:
    """The person's seat name: the name given, without spaces around it, or "You"."""
    return given.strip() or NO_NAME


def strengths() -> tuple[str, ...]:
    return game_named(GAME).strengths


def default_strength(wanted: str) -> str:
    """The wanted strength if it exists, else "normal" if it exists, else the first there is."""
    offered = strengths()
    if wanted in offered:
        return wanted
    return "normal" if "normal" in offered else offered[0]


def game_spec(settings: Settings, seed: int | None = None) -> GameSpec:
    """The session the settings ask for: their ruleset, players, names and chips, with the
    computer players' strengths; dealt from ``seed``, or from a fresh 128-bit seed that
    nobody can find again from the cards they see."""
    opponents = settings.opponents[: settings.players - 1]
    return GameSpec(
        game=GAME,
        ruleset=settings.ruleset,
        seed=secrets.randbits(128) if seed is None else seed,
        seats=(
            SeatSpec.person(person_name(settings.name)),
            *(SeatSpec.computer(opponent.name, default_strength(opponent.strength)) for opponent in opponents),
        ),
        starting_chips=settings.starting_chips,
    )


def with_strengths(opponents: list[Opponent], chosen: list[str], wanted: int) -> list[Opponent]:
    """The computer players with the strengths ``chosen``: one for all of them, or one
    each for the first ``wanted``; ValueError, in one sentence, naming what is wrong."""
    if len(chosen) == 1:
        chosen = chosen * wanted
    if len(chosen) != wanted:
        raise ValueError(f"--bots names {len(chosen)} computer players, but the table has {wanted}")
    for strength in chosen:
        if strength not in strengths():
            raise ValueError(f"--bots names '{strength}'; choose each from {', '.join(strengths())}")
    return [replace(opponent, strength=strength) for opponent, strength in zip(opponents, chosen)] + opponents[wanted:]
