"""A player's statistics, from the person's own hand history: the person, or any opponent
kept there (each person by name, each computer strength as one player), at one game,
over one ruleset or every one, chosen with three drop-downs.

It shows the figures ``player_statistics`` reads (each with its label, a summed one with
its share of the hands played), the rating, and a chart of one figure session by session,
drawn by plotext through textual-plotext: the chips won at Ramsli, the points taken at
Rami (the game's ``CHARTED`` fact).  Escape goes back.  The screen knows no game's rules:
the facts and their labels are the game's (``facts_told``).
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderResult
from textual import on
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
from ...storage.history import HandHistory, Sitter, facts_told, player_statistics
from ...text import for_terminal
from ..widgets.key_bar import KeyBar

CHARTED = {"ramsli": ("chips_won", N_("Chips won, session by session")),
           "rami": ("points_taken", N_("Points taken, session by session"))}
EVERY_RULESET = ""  # the ruleset drop-down's value for every ruleset at once


def who_said(who: str) -> str:
    """A player as statistics know them, in words: "Mia", "computer: hard"."""
    kind, _colon, name = who.partition(":")
    if kind == "computer":
        # TRANSLATORS: a computer player's strength as one player of the statistics: "computer: hard"
        return _("computer: {strength}").format(strength=name)
    return name


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
    """The statistics of ``history`` (None: there is none)."""

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

    BINDINGS = [Binding("escape", "back", N_("Back"), id="statistics.back")]

    def __init__(self, history: HandHistory | None) -> None:
        super().__init__()
        self.history = history
        self.game = HOUSE_GAME
        self.person = "person:"

    def compose(self) -> ComposeResult:
        self.person = Sitter(self.app.settings.name).who
        sessions = self.history.sessions() if self.history is not None else []
        if sessions:
            self.game = sessions[0].game if sessions[0].game in GAMES else HOUSE_GAME
        yield Static(Content(_("Statistics")), id="heading")
        if not sessions:
            yield Static(_("No hand is kept in your history yet: each hand you finish is kept."), id="empty")
        else:
            with Horizontal(id="choices"):
                yield Select(self.player_options(), value=self.person, allow_blank=False, compact=True, id="player")
                yield Select([(game_named(name).title, name) for name in GAMES], value=self.game, allow_blank=False,
                             compact=True, id="game")
                yield Select(self.ruleset_options(), value=EVERY_RULESET, allow_blank=False, compact=True, id="ruleset")
            with VerticalScroll(id="figures-room"):
                yield Static(id="figures")
            with Vertical(id="chart"):
                yield SeriesPlot()
        yield KeyBar()

    def on_mount(self) -> None:
        if self.history is not None and self.query("#figures"):
            self.show()
            self.query_one("#player", Select).focus()

    def player_options(self) -> list[tuple[str, str]]:
        """The person first, then everyone else kept at a seat of the game chosen."""
        others = [who for who in self.history.players(self.game) if who != self.person]
        return [(for_terminal(who_said(who)), who) for who in [self.person, *others]]

    def ruleset_options(self) -> list[tuple[str, str]]:
        rulesets = sorted({session.ruleset for session in self.history.sessions() if session.game == self.game})
        return [(_("every ruleset"), EVERY_RULESET), *((for_terminal(name), name) for name in rulesets)]

    def chosen(self) -> tuple[str, str | None]:
        who = self.query_one("#player", Select).value
        ruleset = self.query_one("#ruleset", Select).value
        return (who if isinstance(who, str) else self.person,
                ruleset if isinstance(ruleset, str) and ruleset != EVERY_RULESET else None)

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game or not isinstance(event.value, str):
            return
        self.game = event.value
        who, _ruleset = self.chosen()
        players = self.player_options()
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

    def show(self) -> None:
        """The figures and the chart of the player, game and ruleset chosen."""
        who, ruleset = self.chosen()
        statistics = player_statistics(self.history, who, self.game, ruleset)
        self.query_one("#figures", Static).update(Content("\n".join(
            for_terminal(line, None) for line in self.figures_said(statistics, who).splitlines())))
        fact, title = CHARTED.get(self.game, (None, ""))
        chart = self.query_one("#chart")
        chart.border_title = _(title) if title else ""
        plot = self.query_one(SeriesPlot)
        plot.values = [total for _started, total in self.history.series(who, self.game, fact, ruleset)] if fact else []
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
