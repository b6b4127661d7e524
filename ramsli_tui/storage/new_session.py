"""The session a player asks for: from the settings chosen in setup, or from the
options of ``ramsli play`` on top of them.

The settings name the game (Ramsli or Rami Simple).  Seat 0 is the person at this
terminal, under the name they gave ("You" if none); the others are computer players,
each with the name and strength remembered for that seat (an unknown strength gets the
default).  What the settings remember of one game that the other cannot use — a Ramsli
ruleset at a Rami table, three players at Rami, chips at a game played for points — gives
way to what the game chosen allows.  Setup, the lobby and ``ramsli play`` all ask it; it
knows each game only through the registry.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from ..games import GAMES, game_named
from ..languages import _, pgettext
from .settings import NO_NAME, Opponent, Settings
from ..table.spec import GameSpec, SeatSpec

MOST_PLAYERS = 6  # the most seats any game has at a table


def person_name(given: str) -> str:
    """The person's seat name: the name given, without spaces around it, or "You" in the
    language spoken (the settings' own default counts as no name given)."""
    name = given.strip()
    return name if name and name != NO_NAME else _(NO_NAME)


def title_of(game: str) -> str:
    """``game`` as players call it: "Rami Simple"."""
    return game_named(game).title


def default_ruleset(game: str) -> str | None:
    """``game``'s default ruleset; None for a game this app does not know (a server's own)."""
    return game_named(game).default_ruleset if game in GAMES else None


def played_for_chips(game: str) -> bool:
    """Has a table of ``game`` chips each (else it is played for points)?"""
    return game_named(game).played_for_chips


def ruleset_names(game: str) -> list[str]:
    return list(game_named(game).rulesets())


def ruleset_for(game: str, wanted: str) -> str:
    """``wanted`` if ``game`` has a ruleset of that name, else the game's default one."""
    kind = game_named(game)
    return wanted if wanted in kind.rulesets() else kind.default_ruleset


def player_counts(game: str, ruleset: str) -> tuple[int, ...]:
    """How many may sit at a table of ``game`` under ``ruleset``, as the game's rules say;
    a FileProblem if the ruleset cannot be read."""
    kind = game_named(game)
    rules = kind.load_rules(ruleset)
    return tuple(count for count in range(2, MOST_PLAYERS + 1) if _allows(kind, rules, count))


def _allows(kind, rules, players: int) -> bool:
    try:
        kind.check_players(rules, players)
    except ValueError:
        return False
    return True


def players_for(counts: tuple[int, ...], wanted: int) -> int:
    """``wanted`` if the table allows it, else the nearest count it allows (the smaller of two as near)."""
    return min(counts, key=lambda count: (abs(count - wanted), count))


def strengths(game: str) -> tuple[str, ...]:
    return game_named(game).strengths


def strength_words(strength: str) -> str:
    """A computer player's strength as a person reads it, in the language spoken (one
    the games do not name here, as it is)."""
    return {
        # TRANSLATORS: how strong a computer player is, in setup and the new table's dialog.
        "random": pgettext("strength", "random"), "easy": pgettext("strength", "easy"),
        "normal": pgettext("strength", "normal"), "hard": pgettext("strength", "hard"),
    }.get(strength, strength)


def default_strength(wanted: str, game: str) -> str:
    """The wanted strength if ``game`` has it, else "normal" if it exists, else the first there is."""
    offered = strengths(game)
    if wanted in offered:
        return wanted
    return "normal" if "normal" in offered else offered[0]


def game_spec(settings: Settings, seed: int | None = None) -> GameSpec:
    """The session the settings ask for: their game, ruleset, players, names and (for
    Ramsli) chips, with the computer players' strengths; dealt from ``seed``, or from a
    fresh 128-bit seed that nobody can find again from the cards they see."""
    game = settings.game
    opponents = settings.opponents[: settings.players - 1]
    return GameSpec(
        game=game,
        ruleset=settings.ruleset,
        seed=secrets.randbits(128) if seed is None else seed,
        seats=(
            SeatSpec.person(person_name(settings.name)),
            *(SeatSpec.computer(opponent.name, default_strength(opponent.strength, game)) for opponent in opponents),
        ),
        starting_chips=settings.starting_chips if played_for_chips(game) else None,
    )


def with_strengths(opponents: list[Opponent], chosen: list[str], wanted: int, game: str) -> list[Opponent]:
    """The computer players with the strengths ``chosen``: one for all of them, or one
    each for the first ``wanted``; ValueError, in one sentence, naming what is wrong."""
    if len(chosen) == 1:
        chosen = chosen * wanted
    if len(chosen) != wanted:
        raise ValueError(f"--bots names {len(chosen)} computer players, but the table has {wanted}")
    for strength in chosen:
        if strength not in strengths(game):
            raise ValueError(f"--bots names '{strength}'; choose each from {', '.join(strengths(game))}")
    return [replace(opponent, strength=strength) for opponent, strength in zip(opponents, chosen)] + opponents[wanted:]
