"""Ramsli's table, for the tests that hold for every game."""

from __future__ import annotations

from ramsli_tui.games.ramsli.engine.actions import Refusal
from ramsli_tui.ui.common.rules_help import RulesScreen
from ramsli_tui.ui.ramsli.hand_summary import HandSummaryScreen
from ramsli_tui.ui.ramsli.history import TrickHistoryScreen
from ramsli_tui.ui.ramsli.rules_help import rules_markdown
from ramsli_tui.ui.ramsli.scoreboard import ScoreboardScreen
from ramsli_tui.ui.ramsli.table import RamsliTableScreen

from tests.kits.drivers import play_turn, play_until
from tests.kits.tables.kit import TableKit

RAMSLI_TABLE = TableKit(
    game="ramsli",
    screen=RamsliTableScreen,
    players=4,
    strength="random",
    smallest=(60, 20),
    palette=(("Trick history", TrickHistoryScreen), ("Scoreboard", ScoreboardScreen), ("Rules help", RulesScreen)),
    result_screen=HandSummaryScreen,
    result_keys="Enter Next hand",
    play_until=play_until,
    play_turn=play_turn,
    rules_markdown=rules_markdown,
    refusals=lambda: (Refusal(0, "not_your_turn", turn=2),),
)
