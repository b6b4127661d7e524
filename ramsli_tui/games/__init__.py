"""The games played at a ramsli table, each behind the one protocol of ``protocol``.

``GAMES`` is the registry, as OpenSpiel's ``register_game`` keeps one: each game by its
name, the one way every other part of the house knows a game (its ``GameKind`` says the
rest: its title, rulesets, records and the words of its saves).  Ramsli (``ramsli``,
the house's own game) and Rami Simple (``rami``) are each in their own package,
imported when first asked for, so that starting a table of one game does not load the
other; ``register_game`` adds one from elsewhere (a game written for the tests).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from pathlib import Path

from ..languages import N_
from ..languages.words import Words
from .protocol import GameKind

HOUSE_GAME = "ramsli"  # the game of a record, a ruleset file or a save that names none


def _bundled(package: str, attribute: str) -> Callable[[], GameKind]:
    return lambda: getattr(import_module(f".{package}", __name__), attribute)


GAMES: dict[str, Callable[[], GameKind]] = {
    "ramsli": _bundled("ramsli", "RAMSLI"),
    "rami": _bundled("rami", "RAMI"),
}


def register_game(kind: GameKind) -> None:
    """Add ``kind`` to the games, under its name (a second one of that name replaces it)."""
    GAMES[kind.name] = lambda: kind


def game_named(name: str) -> GameKind:
    """The game called ``name``; ValueError, in one sentence, if there is none."""
    if name not in GAMES:
        # TRANSLATORS: {name} the game asked for, {games} the games' names (ramsli, rami), by commas
        raise ValueError(Words(N_("there is no game called '{name}'; the games are {games}"), {"name": name, "games": ", ".join(GAMES)}))
    return GAMES[name]()


def every_game() -> list[GameKind]:
    """Every game, the house's first."""
    return [game_named(name) for name in GAMES]


def game_of_record(text: str) -> GameKind:
    """The game whose record ``text`` is: the one that claims it, else the house game's."""
    claiming = [kind for kind in every_game() if kind.name != HOUSE_GAME and kind.claims_record(text)]
    return claiming[0] if claiming else game_named(HOUSE_GAME)


def game_of_ruleset(name: str) -> GameKind:
    """The game whose ruleset ``name`` (or file) is: a file's own game, else a name only
    one other game has, else the house game."""
    path = Path(name).expanduser()
    others = [kind for kind in every_game() if kind.name != HOUSE_GAME]
    house = game_named(HOUSE_GAME)
    if path.is_file():
        claiming = [kind for kind in others if kind.claims_ruleset(path)]
    else:
        claiming = [kind for kind in others if name in kind.rulesets() and name not in house.rulesets()]
    return claiming[0] if claiming else house


class _Offered(Mapping):
    """Each game's rulesets on offer (name to file), asked for afresh each time."""

    def __getitem__(self, name: str) -> Callable[[], dict[str, Path]]:
        if name not in GAMES:
            raise KeyError(name)
        return game_named(name).rulesets

    def __iter__(self) -> Iterator[str]:
        return iter(list(GAMES))

    def __len__(self) -> int:
        return len(GAMES)


RULESETS: Mapping[str, Callable[[], dict[str, Path]]] = _Offered()  # each game's ``rulesets()``, by its name
