"""A chart of the stacks over the session: hands across (0 is the start), chips up, one
letter per player.

Each player is drawn with their own letter (and their own colour where there is
colour), so the chart reads in monochrome as well; where two players meet, a ``*``.
"""

from __future__ import annotations

from typing import Sequence

from textual.content import Content
from textual.widget import Widget

PLAYER_STYLES = ("bold $primary", "bold $secondary", "bold $error", "bold $success", "bold $accent", "bold $warning")
COLUMNS = (3, 6)  # the fewest and the most cells per hand
AXIS = 5  # cells for the chip labels and the axis


def markers(names: Sequence[str]) -> list[str]:
    """One distinct character per player: the initial if free, else a digit."""
    chosen: list[str] = []
    for seat, name in enumerate(names):
        initial = (name[:1] or "?").upper()
        chosen.append(initial if initial not in chosen else str(seat + 1))
    return chosen


class StackChart(Widget):
    """``show(names, history)``: ``history`` holds the stacks at the start and after each hand."""

    DEFAULT_CSS = """
    StackChart {
        height: 1fr;
        min-height: 8;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Stacks over the session"
        self.names: tuple[str, ...] = ()
        self.history: list[tuple[int, ...]] = []

    def show(self, names: Sequence[str], history: list[tuple[int, ...]]) -> None:
        self.names = tuple(names)
        self.history = history
        self.refresh()

    def render(self) -> Content:
        if not self.history or not self.names:
            return Content("")
        width, height = self.content_size
        rows = max(height - 3, 2)  # the axis, the hand numbers and the legend take three
        shown = self.history[-max((width - AXIS) // COLUMNS[0], 2):]
        column_width = min(max((width - AXIS) // len(shown), COLUMNS[0]), COLUMNS[1])
        first_hand = len(self.history) - len(shown)
        top = max(max(stacks) for stacks in shown) + 1
        bottom = max(min(min(stacks) for stacks in shown) - 1, 0)
        span = top - bottom
        grid = [[(" ", "")] * (len(shown) * column_width) for _ in range(rows)]
        letters = markers(self.names)
        for column, stacks in enumerate(shown):
            for seat, stack in enumerate(stacks):
                row = rows - 1 - round((stack - bottom) * (rows - 1) / span)
                x = column * column_width + column_width // 2
                mark = (letters[seat], PLAYER_STYLES[seat % len(PLAYER_STYLES)])
                grid[row][x] = ("*", "bold") if grid[row][x][0] != " " else mark
        lines = []
        for row, cells in enumerate(grid):
            chips = bottom + round(span * (rows - 1 - row) / (rows - 1))
            label = f"{chips:>3} ┤" if row in (0, rows - 1) or row == (rows - 1) // 2 else "    │"
            lines.append(Content.assemble(label, *cells))
        lines.append(Content("    └" + "─" * (len(shown) * column_width)))
        numbers = "".join((" " * (column_width // 2) + str(first_hand + i)).ljust(column_width)[:column_width]
                          for i in range(len(shown)))
        lines.append(Content("hand " + numbers))
        legend = [Content.assemble((letters[seat], PLAYER_STYLES[seat % len(PLAYER_STYLES)]), f" {name}  ")
                  for seat, name in enumerate(self.names)]
        lines.append(Content.assemble("     ", *legend))
        return Content("\n").join(lines)
