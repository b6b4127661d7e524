"""The games played at a ramsli table, each behind the one protocol of ``protocol``.

``GAMES`` names them for specs, saves and the command line: ``ramsli`` and Rami Simple
(``rami``), each in its own package.  A game is imported when it is first asked for,
so that starting a table of one game does not load the other.
"""

from importlib import import_module

from .protocol import GameKind

GAMES: dict[str, str] = {"ramsli": "RAMSLI", "rami": "RAMI"}  # each game's package, and its GameKind in it


def game_named(name: str) -> GameKind:
    """The game called ``name``; ValueError, in one sentence, if there is none."""
    if name not in GAMES:
        raise ValueError(f"there is no game called '{name}'; the games are {', '.join(GAMES)}")
    return getattr(import_module(f".{name}", __name__), GAMES[name])
