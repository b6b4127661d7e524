"""The running commentary of the session: who dealt, declared, played and won.

A scrolling column of plain lines, newest at the bottom, each wrapped to the column's
fixed width as it is written.  Hidden on narrow screens, it keeps what is written
meanwhile and shows it when there is room.
"""

from __future__ import annotations

from textual.widgets import RichLog

KEPT_LINES = 300


class GameLog(RichLog, can_focus=False):
    DEFAULT_CSS = """
    GameLog {
        width: 34;
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        background: $background;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, max_lines=KEPT_LINES, min_width=1, wrap=True)
        self.border_title = "Table talk"
