"""A player's statistics, read from a ``HistorySource``: in the person's own hand history
the person or any opponent kept there (each person by name, each computer strength as
one player), at a server the person alone; at one game, over one ruleset or every one,
chosen with three drop-downs.

It shows the figures ``player_statistics`` reads (each with its label, a summed one with
its share of the hands or the sessions played), the rating, and a chart of one figure
session by session, drawn by plotext through textual-plotext: ``c`` shows the game's next
(``charts_of``: at Ramsli the chips won and the hands in of every hundred).  Escape goes
back.  The screen knows no game's rules: the facts, the charts and their labels are the
game's.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderResult
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Select, Static
from textual_plotext import PlotextPlot

from ...games import GAMES, HOUSE_GAME, game_named
from ...languages import N_, _
from ...languages.words import error_said
from ...storage.history import HistoryError, KeptSession, charts_of, facts_told
from ...text import for_terminal
from ..widgets.key_bar import KeyBar
from .history_source import (EVERY_RULESET, NOTHING_KEPT, HistorySource, ruleset_choices, ruleset_chosen,
                             who_said)



class SeriesPlot(PlotextPlot):
    """One figure of a player's, session by session, redrawn for its size and the theme."""

    theme = reactive("clear")  # no colours of plotext's own: the widget's background and text show

    def __init__(self) -> None:
        super().__init__(id="series")
        self.values: list[int] = []

    def render(self) -> RenderResult:
        plt = self.plt
        plt.clear_data()
        if self.values:
            sessions = list(range(1, len(self.values) + 1))
            colour = Color.parse(self.app.theme_variables["primary"]).rgb
            plt.plot(sessions, self.values, marker="braille", color=colour)
            plt.scatter(sessions, self.values, marker="●", color=colour)
            plt.xaxes(True, False)
            plt.yaxes(True, False)
            every = max(1, len(sessions) // max(1, (self.size.width - 6) // 6))
            plt.xticks(sessions[::every])
            plt.xlim(0.5, len(sessions) + 0.5)
            low, high = min(0, *self.values), max(0, *self.values)
            step = max(1, -(-(high - low) // max(1, (self.size.height - 3) // 2)))
            plt.yticks(sorted({*range(low, high + 1, step), high}))
            plt.ylim(low, max(high, low + 1))
        return super().render()


class StatisticsScreen(Screen[None]):
    """The statistics ``source`` tells."""

    DEFAULT_CSS = """
    StatisticsScreen {
        #heading { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
        #choices { height: auto; padding: 0 1; }
        #choices Select { width: 1fr; margin-right: 1; }
        #figures-room { height: 1fr; min-height: 4; padding: 0 1; }
        #chart { height: 1fr; min-height: 6; border: round $primary; border-title-color: $text-muted; }
        #empty { padding: 1 2; color: $text-muted; }
    }
    """

    BINDINGS = [
        Binding("c", "next_chart", N_("Next chart"), id="statistics.chart"),
        Binding("escape", "back", N_("Back"), id="statistics.back"),
    ]

    def __init__(self, source: HistorySource) -> None:
        super().__init__()
        self.source = source
        self.game = HOUSE_GAME
        self.person = source.person
        self.sessions: list[KeptSession] = []
        self.chart = 0  # which of the game's charts is drawn, counted round them

    def compose(self) -> ComposeResult:
        yield Static(Content(_("Statistics")), id="heading")
        yield Static(_(NOTHING_KEPT), id="empty")
        yield Horizontal(id="choices")
        with VerticalScroll(id="figures-room"):
            yield Static(id="figures")
        with Vertical(id="chart"):
            yield SeriesPlot()
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#empty").display = False
        self.read_choices()

    @work(group="statistics", exclusive=True)
    async def read_choices(self) -> None:
        """The drop-downs, from the sessions kept, the latest's game chosen; or the line
        that none is kept."""
        try:
            self.sessions = await self.source.sessions()
            if self.sessions and self.sessions[0].game in GAMES:
                self.game = self.sessions[0].game
            players = await self.source.players(self.game) if self.sessions else []
        except HistoryError as error:
            self.tell(error)
            return
        if not self.sessions:
            self.query_one("#empty").display = True
            for part in self.query("#choices, #figures-room, #chart"):
                part.display = False
            return
        player = Select(self.labelled(players), value=self.person, allow_blank=False, compact=True, id="player")
        await self.query_one("#choices").mount_all([
            player,
            Select([(game_named(name).title, name) for name in GAMES], value=self.game, allow_blank=False,
                   compact=True, id="game"),
            Select(self.ruleset_options(), value=EVERY_RULESET, allow_blank=False, compact=True, id="ruleset")])
        player.focus()
        self.show()

    def tell(self, error: HistoryError) -> None:
        self.notify(error_said(error), title=_("Statistics"), severity="error", markup=False)

    @staticmethod
    def labelled(players: list[str]) -> list[tuple[str, str]]:
        return [(for_terminal(who_said(who)), who) for who in players]

    def ruleset_options(self) -> list[tuple[str, str]]:
        return ruleset_choices({session.ruleset for session in self.sessions if session.game == self.game})

    def chosen(self) -> tuple[str, str | None]:
        who = self.query_one("#player", Select).value
        ruleset = self.query_one("#ruleset", Select).value
        return who if isinstance(who, str) else self.person, ruleset_chosen(ruleset)

    @on(Select.Changed, "#game")
    async def game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game or not isinstance(event.value, str):
            return
        self.game, self.chart = event.value, 0
        who, _ruleset = self.chosen()
        try:
            players = self.labelled(await self.source.players(self.game))
        except HistoryError as error:
            self.tell(error)
            return
        player = self.query_one("#player", Select)
        with self.prevent(Select.Changed):
            player.set_options(players)
            player.value = who if who in {value for _label, value in players} else self.person
            ruleset = self.query_one("#ruleset", Select)
            ruleset.set_options(self.ruleset_options())
            ruleset.value = EVERY_RULESET
        self.show()

    @on(Select.Changed, "#player, #ruleset")
    def choice_changed(self) -> None:
        self.show()

    def action_next_chart(self) -> None:
        if self.query("#player"):
            self.chart += 1
            self.show()

    @work(group="statistics-shown", exclusive=True)
    async def show(self) -> None:
        """The figures and the chart of the player, game and ruleset chosen."""
        who, ruleset = self.chosen()
        charts = charts_of(self.game)
        chart = charts[self.chart % len(charts)] if charts else None
        try:
            statistics = await self.source.statistics(who, self.game, ruleset)
            series = await self.source.series(who, self.game, chart.facts, ruleset) if chart else []
        except HistoryError as error:
            self.tell(error)
            return
        self.query_one("#figures", Static).update(Content("\n".join(
            for_terminal(line, None) for line in self.figures_said(statistics, who).splitlines())))
        box = self.query_one("#chart")
        box.border_title = _(chart.title) if chart else ""
        plot = self.query_one(SeriesPlot)
        plot.values = [chart.value(totals) for totals in series]
        plot.refresh()

    def figures_said(self, statistics: Any, who: str) -> str:
        if not statistics.sessions:
            # TRANSLATORS: {name} a player ("Mia", "computer: hard"), {game} "Ramsli"
            return _("No session of {game} is kept for {name}.").format(
                game=game_named(self.game).short_title, name=who_said(who))
        if not facts_told(self.game):
            return ""
        return statistics.said(who_said(who))

    def action_back(self) -> None:
        self.dismiss(None)
