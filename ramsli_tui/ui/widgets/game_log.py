"""The running commentary of the session: who dealt, declared, played and won."""

from __future__ import annotations

from textual.widgets import RichLog


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog {
        width: 34;
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        background: transparent;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, max_lines=500, min_width=20, wrap=True, markup=False)
        self.border_title = "Table talk"
