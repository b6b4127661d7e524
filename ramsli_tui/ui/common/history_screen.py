"""The person's history: every session kept, the latest first, then the hands of one, then
one hand in the hand viewer.  It reads a ``HistorySource``: the person's own hand history
on this machine, or at a server the sessions they sat there (history_source.py).

A list of sessions (when it began, its game and ruleset, who sat at it, its hands, and
each player's standing once it was over); Enter lists a session's hands (number, when
it was finished, each player's standing after it); Enter on a hand shows it in the hand
viewer, the app's own (``RamsliApp.viewer_screen``); Escape goes back one level, and from
the sessions back to where the person was.  ``s`` opens the statistics.  With no history,
or none kept yet, one line says so; one that cannot be read now says why.  The screen knows no game: it asks each game for its
steps (``kind.steps.shown_hand``) and the history for its facts.
"""

from __future__ import annotations

import json
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from ...games import GAMES, game_named
from ...games.records import RecordError
from ...languages import N_, _
from ...languages.words import error_said
from ...storage.history import (HistoryError, KeptHand, KeptSession, seat_names, shown_time, standing_after,
                                standing_words)
from ...text import for_terminal
from ..widgets.key_bar import KeyBar
from .history_source import NOTHING_KEPT, HistorySource


def game_title(game: str) -> str:
    return game_named(game).title if game in GAMES else game


def session_row(session: KeptSession) -> tuple[str, ...]:
    names = seat_names(session)
    # TRANSLATORS: the history's Result column for a session not played to its end
    result = standing_words(session.game, names, session.standing) if session.standing is not None else _("goes on")
    return (shown_time(session.started_at), game_title(session.game), session.ruleset, ", ".join(names),
            str(session.hands), result)


class HistoryScreen(Screen[None]):
    """The sessions of ``source``, then a session's hands."""

    DEFAULT_CSS = """
    HistoryScreen {
        #heading { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
        #kept { height: 1fr; }
        #detail { height: auto; padding: 0 1; background: $panel; color: $text-muted; }
        #empty { padding: 1 2; color: $text-muted; }
    }
    """

    BINDINGS = [
        Binding("escape", "back", N_("Back"), id="history.back"),
        Binding("s", "statistics", N_("Statistics"), id="history.statistics"),
    ]

    def __init__(self, source: HistorySource) -> None:
        super().__init__()
        self.source = source
        self.sessions: list[KeptSession] = []
        self.hands: list[KeptHand] = []
        self.session: KeptSession | None = None  # the session whose hands are listed; None: the sessions

    def compose(self) -> ComposeResult:
        yield Static(id="heading")
        yield DataTable(id="kept", cursor_type="row", zebra_stripes=True)
        yield Static(id="detail")  # the row chosen whole, wrapped, where the window is too narrow for its columns
        yield Label(_(NOTHING_KEPT), id="empty")
        yield KeyBar()

    def on_mount(self) -> None:
        self.read_sessions()

    @work(group="history", exclusive=True)
    async def read_sessions(self) -> None:
        try:
            self.sessions = await self.source.sessions()
        except HistoryError as error:
            self.tell(error)
        self.list_sessions()

    def tell(self, error: HistoryError) -> None:
        self.notify(error_said(error), title=_("Hand history"), severity="error", markup=False)

    def list_sessions(self, at: int = 0) -> None:
        self.session = None
        self.query_one("#heading", Static).update(Content(_("Your history: every session kept, the latest first")))
        table = self.query_one(DataTable)
        table.clear(columns=True)
        # TRANSLATORS: the columns of the history's list of sessions
        table.add_columns(_("Date"), _("Game"), _("Ruleset"), _("Players"), _("Hands"), _("Result"))
        for session in self.sessions:
            table.add_row(*(for_terminal(cell) for cell in session_row(session)))
        self.show_empty(not self.sessions)
        if self.sessions:
            table.move_cursor(row=at)
        table.focus()

    @work(group="history", exclusive=True)
    async def list_hands(self, session: KeptSession) -> None:
        try:
            self.hands = await self.source.hands(session)
        except HistoryError as error:
            self.tell(error)
            return
        self.session = session
        names = seat_names(session)
        heading = f"{game_title(session.game)} · {session.ruleset} · {shown_time(session.started_at)}"  # over its hands
        self.query_one("#heading", Static).update(Content(for_terminal(heading)))
        table = self.query_one(DataTable)
        table.clear(columns=True)
        # TRANSLATORS: the columns of a session's hands in the history: its number, when it was finished, the standing after it
        table.add_columns(_("Hand"), _("Time"), _("Standing after it"))
        for kept in self.hands:
            table.add_row(str(kept.number), kept.finished_at[11:16], for_terminal(standing_words(kept.game, names, standing_after(kept))))
        self.show_empty(False)
        table.move_cursor(row=0)
        table.focus()

    def show_empty(self, empty: bool) -> None:
        self.query_one("#empty").display = empty
        self.query_one(DataTable).display = self.query_one("#detail").display = not empty

    @on(DataTable.RowHighlighted, "#kept")
    def highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The row under the cursor in full under the list: its players and result, or its standing."""
        row, detail = event.cursor_row, ""
        if self.session is None and 0 <= row < len(self.sessions):
            *_rest, players, hands, result = session_row(self.sessions[row])
            detail = f"{players} — {result}"  # under the list, the session chosen: who sat at it, and its result
        elif self.session is not None and 0 <= row < len(self.hands):
            detail = str(event.data_table.get_row_at(row)[2])
        self.query_one("#detail", Static).update(Content(for_terminal(detail, None)))

    @on(DataTable.RowSelected, "#kept")
    def chosen(self, event: DataTable.RowSelected) -> None:
        row = event.cursor_row
        if self.session is None:
            if 0 <= row < len(self.sessions):
                self.list_hands(self.sessions[row])
        elif 0 <= row < len(self.hands):
            self.view(self.hands[row])

    def view(self, kept: KeptHand) -> None:
        """``kept``'s hand in the app's hand viewer, back here when the person leaves it."""
        kind = game_named(kept.game)
        where = _("session {session}, hand {number}").format(session=kept.session, number=kept.number)
        try:
            shown = kind.steps.shown_hand(json.dumps(kept.record), where, Path.cwd())
        except (RecordError, ValueError) as error:  # a record that cannot be replayed now (its ruleset file gone): said, not shown
            self.notify(error_said(error), title=_("This hand cannot be shown"), severity="error", markup=False)
            return
        self.app.push_screen(self.app.viewer_screen(kind.name, shown))

    def action_back(self) -> None:
        if self.session is not None:
            self.list_sessions(at=self.sessions.index(self.session))
        else:
            self.dismiss(None)

    def action_statistics(self) -> None:
        from .statistics_screen import StatisticsScreen

        self.app.push_screen(StatisticsScreen(self.source))
