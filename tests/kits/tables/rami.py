"""Rami Simple's table, for the tests that hold for every game."""

from __future__ import annotations

import random

from textual.pilot import Pilot

from ramsli_tui.games.rami import RAMI
from ramsli_tui.games.rami.engine.actions import Refusal
from ramsli_tui.ui.common.rules_help import RulesScreen
from ramsli_tui.ui.rami.game_log import RamiLogScreen
from ramsli_tui.ui.rami.round_over import RoundOverScreen
from ramsli_tui.ui.rami.rules_help import rules_markdown
from ramsli_tui.ui.rami.score_sheet import ScoreSheetScreen
from ramsli_tui.ui.rami.table import RamiTableScreen

from tests.kits.drivers import play_rami_turn, play_rami_until
from tests.kits.tables.kit import TableKit


async def play_turn(pilot: Pilot) -> None:
    """One action of the person's, by keys, as the normal computer player would choose it."""
    await play_rami_turn(pilot, RAMI.computer_player("normal"), random.Random(0))


RAMI_TABLE = TableKit(
    game="rami",
    screen=RamiTableScreen,
    players=2,
    strength="normal",
    smallest=(60, 20),
    palette=(("Log", RamiLogScreen), ("Score sheet", ScoreSheetScreen), ("Rules help", RulesScreen)),
    result_screen=RoundOverScreen,
    result_keys="Enter Go on",
    play_until=play_rami_until,
    play_turn=play_turn,
    rules_markdown=rules_markdown,
    refusals=lambda: (Refusal(0, "not_your_turn", turn=1), Refusal(0, "tournante_taken", taker=1)),
)
