"""The app's face of each game, keyed by the game's name: the one place the app learns
which screen plays a game at the table (each game's own folder, ``ui/GAME``).

A screen is made from the person's client and the code of the card a Ramsli player had
raised when the session was left (a game with nothing raised ignores it); each game's
screen module is imported when first asked for.  ``register_table_screen`` adds one.
The hand viewer shows a finished hand of each game on that game's felt (``viewer_felt``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

from textual.screen import Screen
from textual.widget import Widget

from ..table.client import TableClient

MakeScreen = Callable[[TableClient, "str | None"], Screen]


def _ramsli(client: TableClient, raised: str | None) -> Screen:
    from .ramsli.table import RamsliTableScreen

    return RamsliTableScreen(client, raised=raised)


def _rami(client: TableClient, raised: str | None) -> Screen:
    from .rami.table import RamiTableScreen

    return RamiTableScreen(client)


TABLE_SCREENS: dict[str, MakeScreen] = {"ramsli": _ramsli, "rami": _rami}
SCREEN_MODULES = ("ramsli_tui.ui.ramsli.table", "ramsli_tui.ui.rami.table")  # to import ahead


def register_table_screen(game: str, make: MakeScreen) -> None:
    """The screen of ``game`` is made by ``make`` from now on."""
    TABLE_SCREENS[game] = make


def table_screen(game: str, client: TableClient, raised: str | None = None) -> Screen:
    """The screen at which the person plays ``game`` through ``client``; ValueError, in
    one sentence, for a game the app has no screen for."""
    if game not in TABLE_SCREENS:
        raise ValueError(f"the app has no screen for the game '{game}'")
    return TABLE_SCREENS[game](client, raised)


def import_screens() -> None:
    """Import every bundled game's screen now (the fork server does, once for every child)."""
    for module in SCREEN_MODULES:
        import_module(module)


def _ramsli_felt(players: int, names: tuple[str, ...]) -> Widget:
    from .ramsli.viewer import RamsliViewerFelt

    return RamsliViewerFelt(players, names)


def _rami_felt(players: int, names: tuple[str, ...]) -> Widget:
    from .rami.viewer import RamiViewerFelt

    return RamiViewerFelt(players, names)


VIEWER_FELTS: dict[str, Callable[[int, tuple[str, ...]], Widget]] = {"ramsli": _ramsli_felt, "rami": _rami_felt}


def viewer_felt(game: str, players: int, names: tuple[str, ...]) -> Widget:
    """The felt on which the hand viewer shows a hand of ``game`` (``ui.common.hand_viewer``)."""
    return VIEWER_FELTS[game](players, names)
