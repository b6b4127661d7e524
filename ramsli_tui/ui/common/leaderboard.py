"""The server's leaderboard, from its lobby: every rated player of a game, the highest
first (people by name, each computer strength as one player: where "hard" stands), with
their sessions and how many they won; under it the person's own figures at that game,
read from the server's history of the hands they sat at, and no one else's.

Ratings are OpenSkill's, one per game, moved once by each session that ends
(docs/history.md).  The game and the ruleset are chosen in two drop-downs: with one
ruleset, the players who ended a session of it, with those sessions and their wins.
Escape goes back to the lobby.
"""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Select, Static

from ...games import every_game
from ...languages import N_, _, ngettext
from ...storage.history import Statistics, facts_told
from ...table.lobby import LobbyRefusal
from ...text import for_terminal
from .dialog import Dialog
from .history_source import EVERY_RULESET, player_said, ruleset_choices, ruleset_chosen


def board_rows(board: list[dict[str, Any]]) -> list[tuple[str, ...]]:
    """The leaderboard's rows: place, player, rating, sessions, the share of them won."""
    rows = []
    for place, player in enumerate(board, 1):
        name = player_said(player["name"], player["computer"])
        won = f"{player['wins'] / player['sessions']:.0%}" if player["sessions"] else "–"
        rows.append((f"{place}.", for_terminal(name, 20), str(player["rating"]), str(player["sessions"]), won))
    return rows


def own_figures(told: Statistics) -> str:
    """The person's own figures, a line each, as the server's history has them."""
    if not told.sessions:
        return _("You have played no session of this game here yet.")
    lines = [ngettext("Your figures over {count} session:", "Your figures over {count} sessions:",
                      told.sessions).format(count=told.sessions)]
    for fact in facts_told(told.game):
        lines.append(f"  {_(fact.label):<32} {told.figures.get(fact.name, 0):>8}")
    return "\n".join(lines)


class LeaderboardScreen(Dialog[None]):
    DEFAULT_CSS = """
    LeaderboardScreen {
        .box { width: 72; }
        #choices { height: auto; margin: 1 0; }
        #choices Select { width: 1fr; margin-right: 1; }
        #board { height: auto; max-height: 12; }
        #own { margin: 1 0 0 0; color: $text-muted; }
    }
    """

    BINDINGS = [Binding("escape,q", "dismiss", N_("Back to the lobby"), id="leaderboard.back")]

    def __init__(self, lobby) -> None:
        super().__init__()
        self.lobby = lobby
        self.rulesets: dict[str, list[str]] = {}  # each game's, as the server offers them

    def compose(self) -> ComposeResult:
        games = [(kind.title, kind.name) for kind in every_game()]
        with self.box(_("Leaderboard")):
            with Horizontal(id="choices"):
                yield Select(games, value=games[0][1], allow_blank=False, compact=True, id="game")
                yield Select(ruleset_choices([]), value=EVERY_RULESET, allow_blank=False,
                             compact=True, id="ruleset")
            yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
            yield Static(id="own")

    def on_mount(self) -> None:
        # TRANSLATORS: the leaderboard's column heads after the place: the player, the rating, sessions rated, and the share won
        self.query_one(DataTable).add_columns("#", _("Player"), _("Rating"), _("Sessions"), _("Won"))
        self.read_rulesets()

    @work(group="leaderboard-rulesets")
    async def read_rulesets(self) -> None:
        """The rulesets the server offers, for the ruleset drop-down."""
        try:
            self.rulesets = {game: offered["rulesets"] for game, offered in (await self.lobby.offer()).items()}
        except LobbyRefusal:
            self.rulesets = {}
        self.game_chosen()

    @on(Select.Changed, "#game")
    def game_chosen(self) -> None:
        ruleset = self.query_one("#ruleset", Select)
        with self.prevent(Select.Changed):
            ruleset.set_options(ruleset_choices(self.rulesets.get(self.chosen()[0], [])))
            ruleset.value = EVERY_RULESET
        self.show()

    @on(Select.Changed, "#ruleset")
    def ruleset_chosen(self) -> None:
        self.show()

    def chosen(self) -> tuple[str, str | None]:
        game, ruleset = self.query_one("#game", Select).value, self.query_one("#ruleset", Select).value
        return str(game), ruleset_chosen(ruleset)

    @work(group="leaderboard", exclusive=True)
    async def show(self) -> None:
        game, ruleset = self.chosen()
        table, own = self.query_one(DataTable), self.query_one("#own", Static)
        try:
            board = await self.lobby.leaderboard(game, ruleset)
            told = await self.lobby.statistics(game, ruleset)
        except LobbyRefusal as refusal:
            own.update(str(refusal))
            return
        table.clear()
        table.add_rows(board_rows(board))
        if not board:
            table.display = False
            own.update(_("Nobody is rated at this game yet: a session rates its players when it ends.") + "\n\n"
                       + own_figures(told))
            return
        table.display = True
        own.update(own_figures(told))
