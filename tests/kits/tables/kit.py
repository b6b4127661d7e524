"""What a test that holds for every game needs to know of one game's table (``TableKit``):
how to start a table of it, how to play it by keys, and what its screen offers of its
own.  Each game's kit is in the module named for the game, beside this one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from textual.pilot import Pilot
from textual.screen import Screen

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import IllegalAction
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.ui.app import RamsliApp

from tests.kits.scenes import NAMES


@dataclass(frozen=True)
class TableKit:
    """One game's table, as the shared tests drive it (as Harlequin's adapters are, one
    fixture running every test for each)."""

    game: str  # the game's name in the registries
    screen: type[Screen]  # its table screen
    players: int  # how many sit at the tests' usual table: the person and computer players
    strength: str  # the computer players' strength there
    smallest: tuple[int, int]  # the smallest window it plays in
    palette: tuple[tuple[str, type[Screen]], ...]  # its own entries in the command palette, each with the screen it opens
    result_screen: type[Screen]  # the screen of a round's result
    result_keys: str  # what the key bar offers under that result: Enter, named as on its button
    play_until: Callable[[Pilot, Callable[[RamsliApp], bool]], Awaitable[None]]  # play by keys until done(app)
    play_turn: Callable[[Pilot], Awaitable[None]]  # one thing the person does by keys, when it is theirs to do
    rules_markdown: Callable[[Any], str]  # the rules help for a table's rules
    refusals: Callable[[], tuple[IllegalAction, ...]]  # refusals to seat 0, each naming one other seat by number

    def spec(self, seed: int = 1, players: int | None = None, names: tuple[str, ...] = NAMES) -> GameSpec:
        """A table of the game's default ruleset for one person (``names[0]``) against
        computer players, dealt from ``seed``."""
        count = players or self.players
        ruleset = game_named(self.game).default_ruleset
        return GameSpec.one_person(self.game, ruleset, seed, names[:count], [self.strength] * (count - 1))
