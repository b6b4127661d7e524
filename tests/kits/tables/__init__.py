"""Each game's table for the tests that hold for every game: ``games_with_a_table``, every
game registered (``ramsli_tui.games``) that the app has a table screen for
(``ui.table_screens``), and ``kit_for``, the kit (``kit.TableKit``) of one of them.  The
``table_kit`` fixture (tests/conftest.py) runs a test once for each of those games; a game
registered with a screen and no kit here fails there, by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ramsli_tui.games import GAMES
from ramsli_tui.ui.table_screens import TABLE_SCREENS

if TYPE_CHECKING:
    from .kit import TableKit


def games_with_a_table() -> list[str]:
    """Every registered game that the app has a table screen for, the house's first."""
    return [name for name in GAMES if name in TABLE_SCREENS]


def kit_for(game: str) -> TableKit:
    """The kit of ``game``'s table; a game without one is a kit to write, said in a sentence.
    The kits are imported when first asked for, so that tests of no table load no screen."""
    from .rami import RAMI_TABLE
    from .ramsli import RAMSLI_TABLE

    kits = {kit.game: kit for kit in (RAMSLI_TABLE, RAMI_TABLE)}
    if game not in kits:
        raise LookupError(f"the game '{game}' has a table screen but no table kit: "
                          "write one in tests/kits/tables/ and name it in kit_for")
    return kits[game]
