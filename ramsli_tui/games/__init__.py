"""The games played at a ramsli table, each behind the one protocol of ``protocol``.

``GAMES`` names them for specs, saves and the command line: ``ramsli`` now; Rami
Simple comes next, in its own package beside ``ramsli``.
"""

from .protocol import GameKind
from .rami import RAMI
from .ramsli import RAMSLI

GAMES: dict[str, GameKind] = {RAMSLI.name: RAMSLI, RAMI.name: RAMI}


def game_named(name: str) -> GameKind:
    """The game called ``name``; ValueError, in one sentence, if there is none."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"there is no game called '{name}'; the games are {', '.join(GAMES)}") from None
