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
from ...languages import N_, _, ngettext
from .words import RamiWords


def sheet_lines(scored: Sequence[HandScored], words: RamiWords) -> list[str]:
    """The sheet as lines of text: a heading, a line a hand, the totals."""
    sides = [words.side(side, " & ") for side in (0, 1)]
    width = max(12, *(len(side) for side in sides))
    # TRANSLATORS: the score sheet's headings: "Hand" takes 5 columns, "Went out" 14, "Total" 20.
    hand, went_out, total = _("Hand"), _("Went out"), _("Total")
    lines = [f"{hand:<5} {went_out:<14} {sides[0]:>{width}} {sides[1]:>{width}}"]
    for hand in scored:
        points = [hand.points if side == hand.losing_side else 0 for side in (0, 1)]
        lines.append(f"{hand.number:<5} {words.names[hand.winner]:<14} {points[0]:>{width}} {points[1]:>{width}}")
    totals = scored[-1].scores if scored else (0, 0)
    lines.append(f"{total:<20} {totals[0]:>{width}} {totals[1]:>{width}}")
    return lines


class ScoreSheetScreen(Dialog[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="score_sheet.back"),
        Binding("s,q,enter", "app.pop_screen", N_("Back"), show=False, id="score_sheet.close"),
    ]

    def __init__(self, scored: Sequence[HandScored], rules: RamiRules, players: int, words: RamiWords) -> None:
        super().__init__()
        self.scored, self.rules, self.players, self.words = tuple(scored), rules, players, words

    def compose(self) -> ComposeResult:
        with self.box(_("Score sheet")):
            yield Static(Content("\n".join(sheet_lines(self.scored, self.words))), id="sheet")
            lost_at = self.rules.lost_at(self.players)
            per_hand = self.rules.points_for_losing_side(self.players)
            rule = ngettext("The losing side gets {count} point a hand; a side at {lost_at} loses the game.",
                            "The losing side gets {count} points a hand; a side at {lost_at} loses the game.",
                            per_hand).format(count=per_hand, lost_at=lost_at)
            back = _("Esc goes back.")
            yield Static(Content(f"\n{rule}\n{back}"))
