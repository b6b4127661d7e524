"""The running commentary of the session: who dealt, declared, played and won.

A scrolling column of plain lines, newest at the bottom, that wraps to its width.  (A
``RichLog`` would do, but importing it alone adds some 10 ms to every start.)
"""

from __future__ import annotations

from collections import deque

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

KEPT_LINES = 300


class GameLog(VerticalScroll, can_focus=False):
    DEFAULT_CSS = """
    GameLog {
        width: 34;
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        scrollbar-size-vertical: 1;
        #log-lines { width: 1fr; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Table talk"
        self.lines: deque[str] = deque(maxlen=KEPT_LINES)

    def compose(self) -> ComposeResult:
        yield Static(id="log-lines")

    def write(self, line: str) -> None:
        self.lines.append(line)
        self.query_one("#log-lines", Static).update(Content("\n".join(self.lines)))
        self.scroll_end(animate=False, immediate=False)
