"""The score sheet of a game of Rami Simple: each hand, who went out and the points each
side got, the totals, and the total at which a side loses the game."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from ...games.rami.engine.events import HandScored
from ...games.rami.house_rules import RamiRules
from ..common.dialog import Dialog
from .words import RamiWords, capitalised


def sheet_lines(scored: Sequence[HandScored], words: RamiWords) -> list[str]:
    """The sheet as lines of text: a heading, a line a hand, the totals."""
    sides = [capitalised(words.side(side, " & ")) for side in (0, 1)]
    width = max(12, *(len(side) for side in sides))
    lines = [f"{'Hand':<5} {'Went out':<14} {sides[0]:>{width}} {sides[1]:>{width}}"]
    for hand in scored:
        points = [hand.points if side == hand.losing_side else 0 for side in (0, 1)]
        lines.append(f"{hand.number:<5} {words.subject(hand.winner):<14} {points[0]:>{width}} {points[1]:>{width}}")
    totals = scored[-1].scores if scored else (0, 0)
    lines.append(f"{'Total':<20} {totals[0]:>{width}} {totals[1]:>{width}}")
    return lines


class ScoreSheetScreen(Dialog[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="score_sheet.back"),
        Binding("s,q,enter", "app.pop_screen", "Back", show=False, id="score_sheet.close"),
    ]

    def __init__(self, scored: Sequence[HandScored], rules: RamiRules, players: int, words: RamiWords) -> None:
        super().__init__()
        self.scored, self.rules, self.players, self.words = tuple(scored), rules, players, words

    def compose(self) -> ComposeResult:
        with self.box("Score sheet"):
            yield Static(Content("\n".join(sheet_lines(self.scored, self.words))), id="sheet")
            lost_at = self.rules.lost_at(self.players)
            per_hand = self.rules.points_for_losing_side(self.players)
            yield Static(Content(f"\nThe losing side gets {per_hand} points a hand; a side at {lost_at} "
                                 "loses the game.\nEsc goes back."))
