"""The app's face of each game, keyed by the game's name: the one place the app learns
which screen plays a game at the table (each game's own folder, ``ui/GAME``).

A screen is made from the person's client and the code of the card a Ramsli player had
raised when the session was left (a game with nothing raised ignores it); each game's
screen module is imported when first asked for.  ``register_table_screen`` adds one.
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

from textual.screen import Screen

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
