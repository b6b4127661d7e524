"""The running commentary of the session, in both games: who dealt, declared, played
and won (each game's words tell its events: ``words.event(event)``).

A scrolling column of plain lines, newest at the bottom, that wraps to its width.  (A
``RichLog`` would do, but importing it alone adds some 10 ms to every start.)  It keeps
the events it tells of, so that when the player chooses other card faces the whole log
is told again with them, like every other card on the screen.  At a server's table it
shows what people say there too.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable, Protocol

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from ...games.protocol import Event
from ...languages import _

class EventWords(Protocol):
    """A game's words, as the log asks them: the cards' faces, and an event's line."""
    faces: str

    def event(self, event: Event) -> str | None: ...


KEPT_LINES = 300
LOG_WIDTH = 34


class GameLog(VerticalScroll, can_focus=False):
    KEPT = KEPT_LINES  # the newest lines kept; a game's log may keep more than it shows
    SHOWN = KEPT_LINES  # the newest lines shown in the column (each new line lays them all out again)

    DEFAULT_CSS = f"""
    GameLog {{
        width: {LOG_WIDTH};
        height: 1fr;
        border: round $table-edge;
        border-title-color: $text-muted;
        scrollbar-size-vertical: 1;
        #log-lines {{ width: 1fr; }}
    }}
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = _("Table talk")
        self.told: deque[tuple[Event | None, str]] = deque(maxlen=self.KEPT)  # None: a line said
        self.faces: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="log-lines")

    def tell(self, events: Iterable[Event], words: EventWords) -> None:
        """A line for each of ``events`` that the log tells of, in ``words``."""
        self.follow(words)
        self._add([(event, line) for event in events if (line := self.line(event, words))])

    def line(self, event: Event, words: EventWords) -> str | None:
        """The log's line for ``event`` (None: none); a game's log may tell more than its words' usual line."""
        return words.event(event)

    def said(self, name: str, text: str) -> None:
        """A line a person said at the table."""
        self._add([(None, f"{name}: {text}")])

    def _add(self, lines: list[tuple[Event | None, str]]) -> None:
        if lines:
            self.told.extend(lines)
            self.show_lines()
            self.call_after_refresh(self.scroll_end, animate=False)  # once the new lines are laid out

    def follow(self, words: EventWords) -> None:
        """Tell every kept event again if ``words`` show the cards with other faces."""
        if words.faces == self.faces:
            return
        self.faces = words.faces
        self.told = deque(((event, line if event is None else self.line(event, words)) for event, line in self.told),
                          maxlen=self.KEPT)
        self.show_lines()

    def show_lines(self) -> None:
        shown = list(self.told)[-self.SHOWN:]
        self.query_one("#log-lines", Static).update(Content("\n".join(line for _event, line in shown)))
