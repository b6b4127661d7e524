"""The app's face of each game, keyed by the game's name: the one place the app learns
which screen plays a game at the table (each game's own folder, ``ui/GAME``).

A screen is made from the person's client and the code of the card a Ramsli player had
raised when the session was left (a game with nothing raised ignores it); each game's
screen module is imported when first asked for.  ``register_table_screen`` adds one.
A game's table also says the refusals of a hand record's actions for ``ramsli replay``
(``record_refusal_said``), in the words it says its own.
The hand viewer shows a finished hand of each game on that game's felt (``viewer_felt``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

from textual.screen import Screen
from textual.widget import Widget

from ..games.protocol import IllegalAction
from ..languages import SOURCE, _, current_language
from ..table.client import TableClient

MakeScreen = Callable[[TableClient, "str | None"], Screen]


def _ramsli(client: TableClient, raised: str | None) -> Screen:
    from .ramsli.table import RamsliTableScreen

    return RamsliTableScreen(client, raised=raised)


def _rami(client: TableClient, raised: str | None) -> Screen:
    from .rami.table import RamiTableScreen

    return RamiTableScreen(client)


def _ramsli_refusal(refusal: IllegalAction, names: list[str]) -> str | None:
    from .ramsli.words import record_refusal

    return record_refusal(refusal, names)


def _rami_refusal(refusal: IllegalAction, names: list[str]) -> str | None:
    from .rami.refusals import record_refusal

    return record_refusal(refusal, names)


TABLE_SCREENS: dict[str, MakeScreen] = {"ramsli": _ramsli, "rami": _rami}
RECORD_REFUSALS: dict[str, Callable[[IllegalAction, list[str]], "str | None"]] = {"ramsli": _ramsli_refusal, "rami": _rami_refusal}
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


def record_refusal_said(game: str, refusal: IllegalAction) -> str | None:
    """A refusal of an action of ``game``'s hand record, said as its table says refusals,
    in the reader's language; None where the record's own English is what is said (in
    English, the engine's words, as ``--json`` has them; a game with no such sentence)."""
    if current_language() == SOURCE or game not in RECORD_REFUSALS:
        return None
    return RECORD_REFUSALS[game](refusal, record_seats(refusal))


def record_seats(refusal: IllegalAction) -> list[str]:
    """The seats a record's refusal names, by their numbers ("seat 2"), up to the highest."""
    seats = [seat for seat in (refusal.seat, *(refusal.parameters[key] for key in refusal.SEATS
                                               if key in refusal.parameters)) if seat is not None]
    # TRANSLATORS: a seat of a replayed hand record, named by its number where a sentence names a player
    # ("seat 2 must follow suit…", "it is seat 1's turn"); the sentence's first letter is raised for it
    return [_("seat {seat}").format(seat=seat) for seat in range(max(seats, default=0) + 1)]


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
