"""The lobby of ``ramsli serve``: the server's tables, and a table to make, join or watch.

It knows no game: a ``Lobby`` backend lists the tables (game, ruleset, who sits where,
the hand being played), says what may be made (the rulesets and computer players of
each game) and makes, joins and watches tables.  Everything works from the keyboard:
the arrows choose a table, ``j`` (or Enter) joins it, ``w`` watches it, ``s`` starts
one you made at once (computer players take its open seats), ``n`` makes a new one,
``r`` reads the list again, ``b`` shows the leaderboard (each person's rating is beside
their name in the list).  The new table's dialog offers only the seats its game and
ruleset allow, and says there why the server refused a table, every choice kept.  A
table joined or made that waits for people is sat at as soon as it starts; the app then shows it (``app.sit_remote``).  Someone who comes back
(a dropped connection, another terminal) is taken straight back to a table they sit
at that is being played.  What the lobby asks of the server is awaited while every key
is handled; a slow answer is said under the heading ("Waiting for the server…").
"""

from __future__ import annotations

import copy
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, DataTable, Label, Select, Static

from ...languages import N_, _, ngettext
from ...table.lobby import Lobby, LobbyRefusal
from ...text import for_terminal
from ...yamlfile import FileProblem
from ...storage.new_session import MOST_PLAYERS, default_ruleset, player_counts, players_for, strength_words
from ..widgets.key_bar import KeyBar
from .dialog import Dialog
from .server_wait import WAITING_WORDS, ServerWaits

REFRESH_EVERY = 3.0  # seconds between two readings of the list of tables


def seat_label(seat: dict[str, Any]) -> str:
    if seat["kind"] == "open":
        # TRANSLATORS: a seat nobody has taken yet, in the lobby's list of tables.
        return _("(open)")
    if seat["kind"] == "bot":
        # TRANSLATORS: a computer player's seat in the lobby's list of tables: its name, then this.
        return _("{name} (computer)").format(name=seat["name"])
    rating = seat.get("rating")
    return seat["name"] if rating is None else f"{seat['name']} {rating}"  # a person, with their rating


def column_labels() -> tuple[str, ...]:
    # TRANSLATORS: the columns of the lobby's list of tables.
    return _("Table"), _("Game"), _("Ruleset"), _("Seats"), _("Now")


def row_cells(table: dict[str, Any]) -> tuple[str, ...]:
    """A table's line in the list, as the server described it (not yet made safe to show)."""
    seats = ", ".join(map(seat_label, table["seats"]))
    return str(table["table"]), table["game"], table["ruleset"], seats, hand_label(table)


def hand_label(table: dict[str, Any]) -> str:
    """What a table is doing now: the hand played, or waiting for its players."""
    # TRANSLATORS: the lobby's "Now" column: the number of the hand being played, or "waiting" (for players).
    return _("hand {number}").format(number=table["hand"]) if table["hand"] else _("waiting")


class LobbyScreen(Screen):
    DEFAULT_CSS = """
    LobbyScreen {
        #heading { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
        #tables { height: 1fr; }
        #empty { padding: 1 2; color: $text-muted; }
        #server-wait { display: none; padding: 0 1; color: $text-muted; }
    }
    """

    BINDINGS = [
        Binding("j", "join", N_("Join"), id="lobby.join"),
        Binding("w", "watch", N_("Watch"), id="lobby.watch"),
        Binding("s", "start", N_("Start now"), id="lobby.start"),
        Binding("n", "create", N_("New table"), id="lobby.create"),
        Binding("r", "refresh", N_("Refresh"), id="lobby.refresh"),
        Binding("b", "leaderboard", N_("Leaderboard"), id="lobby.leaderboard"),
        Binding("q", "app.quit", N_("Quit"), id="lobby.quit"),
    ]

    def __init__(self, lobby: Lobby, back_to_seat: bool = False) -> None:
        """``back_to_seat``: the session has just begun; sit again at once at a table being
        played where this person has a seat."""
        super().__init__()
        self.lobby = lobby
        self.back_to_seat = back_to_seat
        self.listed: list[dict[str, Any]] = []
        self.waiting: set[int] = set()  # tables sat at that wait for their other seats
        self.server = ServerWaits(self, self.say_server_waited)
        self.reading = False  # is the list being read now?
        self.sitting = False  # is a table being joined or watched now?

    def compose(self) -> ComposeResult:
        yield Static(self.heading(), id="heading")
        yield Label(_(WAITING_WORDS), id="server-wait")
        table = DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        table.add_columns(*column_labels())
        yield table
        yield Label(_("There is no table yet: n makes one."), id="empty")
        yield KeyBar()

    def heading(self) -> Content:
        return Content(for_terminal(_("Ramsli tables — you are {name}").format(name=self.lobby.name)))

    def on_mount(self) -> None:
        self.set_interval(REFRESH_EVERY, self.action_refresh)
        self.query_one(DataTable).focus()
        self.read_the_server()

    def read_the_server(self) -> None:
        """The tables read, and back to the person's seat if the screen is to go there."""
        self.action_refresh()
        if self.back_to_seat:
            self.back_at_last_table()

    def meet(self, lobby: Lobby) -> None:
        """Serve ``lobby`` from now on, in place of the one the screen was made with (a
        spare app's, made before its person came: net/forks.py): its person's name in
        the heading, its tables read, and back to their seat if the screen was to be."""
        self.lobby = lobby
        self.query_one("#heading", Static).update(self.heading())
        self.read_the_server()

    def say_server_waited(self, waited: bool) -> None:
        self.query_one("#server-wait").display = waited

    @work(group="lobby")
    async def back_at_last_table(self) -> None:
        """Sit again at the table being played where this person has a seat, if any."""
        number = await self.asked(self.lobby.last_table())
        if number is not None:
            self.notify(_("Back at table {number}: your seat waited for you.").format(number=number), markup=False)
            await self._sit(number, self.lobby.join)

    async def asked(self, request):
        """The server's answer to ``request``: awaited, said to be waited for when slow."""
        return await self.server.answer(request)

    @work(group="refresh")
    async def action_refresh(self) -> None:
        """Read the list again (unless it is being read); redrawn only when it changed (an
        idle lobby costs nothing)."""
        if self.reading:
            return
        self.reading = True
        try:
            listed = await self.asked(self.lobby.tables())
        finally:
            self.reading = False
        if listed != self.listed:
            self.listed = copy.deepcopy(listed)  # as drawn, whatever becomes of the backend's own
            self._draw_list()
        started = [table["table"] for table in self.listed if table["table"] in self.waiting and table["hand"]]
        if started:
            await self._sit(started[0], self.lobby.join)

    def _draw_list(self) -> None:
        """The list drawn again, each column as wide as its widest cell from the first frame
        on (a DataTable left to widen its columns itself does so only once it is idle, and
        until then shows the new rows cut to the width of the headings)."""
        view = self.query_one(DataTable)
        row = view.cursor_row
        rows = [tuple(for_terminal(cell) for cell in row_cells(table)) for table in self.listed]
        view.clear(columns=True)
        for label, *cells in zip(column_labels(), *rows):
            view.add_column(label, width=max(map(cell_len, (label, *cells))))
        for table, cells in zip(self.listed, rows):
            view.add_row(*map(Text, cells), key=str(table["table"]))
        if self.listed:
            view.move_cursor(row=min(row, len(self.listed) - 1))
        self.query_one("#empty").display = not self.listed

    async def _sit(self, number: int, request) -> None:
        """Ask to sit at (or watch) table ``number``; at the table when it has started.
        One asking at a time: a second would take the link's pushes from the first's client."""
        if self.sitting:
            return
        self.sitting = True
        try:
            client = await self.asked(request(number))
        except LobbyRefusal as refusal:
            self.waiting.discard(number)
            self.notify(str(refusal), severity="error", markup=False)
            return
        finally:
            self.sitting = False
        if client is None:
            self.waiting.add(number)
            self.notify(_("You sit at table {number}; it starts when its open seats are taken "
                          "(or at once, with computer players, when its maker presses s).").format(number=number),
                        markup=False)
            return
        self.waiting.discard(number)
        game = next(table["game"] for table in self.listed if table["table"] == number)
        self.app.sit_remote(client, game)

    def chosen(self) -> int | None:
        """The number of the table the cursor is on."""
        if not self.listed:
            return None
        return self.listed[self.query_one(DataTable).cursor_row]["table"]

    @on(DataTable.RowSelected)
    def action_join(self) -> None:
        self._ask(self.lobby.join)

    def action_watch(self) -> None:
        self._ask(self.lobby.watch)

    def action_start(self) -> None:
        self._ask(self.lobby.start)

    @work(group="lobby")
    async def _ask(self, request) -> None:
        number = self.chosen()
        if number is None:
            self.notify(_("There is no table to choose: n makes one."), markup=False)
            return
        await self._sit(number, request)

    def action_leaderboard(self) -> None:
        from .leaderboard import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen(self.lobby))

    @work(group="lobby")
    async def action_create(self) -> None:
        try:
            offer = await self.asked(self.lobby.offer())
        except LobbyRefusal as refusal:
            self.notify(str(refusal), severity="error", markup=False)
            return
        self.app.push_screen(NewTableScreen(offer, self.lobby.create), self._made)

    @work(group="lobby")
    async def _made(self, number: int | None) -> None:
        """Sit at the table just made (``None``: none was)."""
        if number is None:
            return
        self.action_refresh()
        await self._sit(number, self.lobby.join)


def counts_allowed(game: str, ruleset: str) -> tuple[int, ...]:
    """The numbers of seats ``game`` allows under ``ruleset``, as its rules say; every
    count there may be when the ruleset cannot be read here (the server says why not)."""
    try:
        return player_counts(game, ruleset)
    except FileProblem:
        return tuple(range(2, MOST_PLAYERS + 1))


class NewTableScreen(Dialog[int | None]):
    """The choices of a new table: game, ruleset, seats (those the game and ruleset
    allow), and how many computer players (fewer than the seats) and how strong.  Tab
    moves between them; Enter on Make asks the server for the table, Escape does not.
    A refusal is said in the dialog, every choice kept; the table made is its result."""

    DEFAULT_CSS = """
    NewTableScreen {
        #choices { grid-size: 2; grid-columns: 20 1fr; grid-rows: 3; height: auto; margin: 1 0; }
        #refusal { display: none; width: 1fr; height: auto; color: $error; }
        #refusal.-waiting { color: $text-muted; }
        #buttons { height: auto; align-horizontal: right; }
        Button { margin-left: 2; }
    }
    """

    BINDINGS = [Binding("escape", "dismiss(None)", N_("Cancel"), id="new-table.cancel")]
    AUTO_FOCUS = "#make"

    def __init__(self, offer: dict[str, dict[str, list[str]]], make) -> None:
        """``make(game, ruleset, players, bots)``: awaited, the number of the table the
        server made, or LobbyRefusal saying why not (``Lobby.create``)."""
        super().__init__()
        self.offer = offer
        self.make = make
        self.server = ServerWaits(self, self.say_server_waited)

    def compose(self) -> ComposeResult:
        game = next(iter(self.offer))
        ruleset = self.usual("rulesets", game, default_ruleset(game))
        counts = counts_allowed(game, ruleset)
        players = players_for(counts, 4)
        with self.box(_("New table")):
            with Grid(id="choices"):
                # TRANSLATORS: the new table's labels take 19 columns at most.
                yield Label(_("Game"))
                yield Select([(name, name) for name in self.offer], value=game, allow_blank=False, id="game")
                yield Label(_("Ruleset"))
                yield Select(self._rulesets(game), value=ruleset, allow_blank=False, id="ruleset")
                yield Label(_("Seats"))
                yield Select(seat_options(counts), value=players, allow_blank=False, id="players")
                yield Label(_("Computer players"))
                yield Select(bot_options(players), value=min(2, players - 1), allow_blank=False, id="bots")
                yield Label(_("How strong"))
                yield Select(self._strengths(game), value=self.usual("strengths", game, "normal"), allow_blank=False,
                             id="strength")
            yield Label("", id="refusal", markup=False)
            with Horizontal(id="buttons"):
                yield Button(_("Cancel"), id="cancel")
                yield Button(_("Make"), id="make", variant="primary")

    def usual(self, what: str, game: str, wanted: str | None) -> str:
        """``wanted`` if ``game`` offers it as one of its ``what``, else the first offered."""
        offered = self.offer[game][what]
        return wanted if wanted in offered else offered[0]

    def _rulesets(self, game: str) -> list[tuple[str, str]]:
        return [(name, name) for name in self.offer[game]["rulesets"]]

    def _strengths(self, game: str) -> list[tuple[str, str]]:
        return [(strength_words(name), name) for name in self.offer[game]["strengths"]]

    @on(Select.Changed, "#game")
    def game_chosen(self, event: Select.Changed) -> None:
        game = str(event.value)
        rulesets, strength = self.query_one("#ruleset", Select), self.query_one("#strength", Select)
        rulesets.set_options(self._rulesets(game))
        rulesets.value = self.usual("rulesets", game, default_ruleset(game))
        strength.set_options(self._strengths(game))
        strength.value = self.usual("strengths", game, "normal")
        self.show_seats()

    @on(Select.Changed, "#ruleset")
    def show_seats(self) -> None:
        """Offer the seats the game and ruleset chosen allow, the nearest to those chosen."""
        seats = self.query_one("#players", Select)
        counts = counts_allowed(self.chosen("game"), self.chosen("ruleset"))
        wanted = seats.value
        seats.set_options(seat_options(counts))
        seats.value = players_for(counts, wanted)
        self.show_bots()

    @on(Select.Changed, "#players")
    def show_bots(self) -> None:
        """Offer as many computer players as there are seats beside one's own, at most."""
        bots = self.query_one("#bots", Select)
        players, wanted = self.chosen("players"), bots.value
        bots.set_options(bot_options(players))
        bots.value = min(wanted, players - 1)

    def chosen(self, name: str):
        return self.query_one(f"#{name}", Select).value

    def choice(self) -> tuple[str, str, int, list[str]]:
        bots = [self.chosen("strength")] * self.chosen("bots")
        return self.chosen("game"), self.chosen("ruleset"), self.chosen("players"), bots

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "make":
            self.dismiss(None)
            return
        self.made()

    @work(group="make", exclusive=True)
    async def made(self) -> None:
        """Ask the server for the table chosen: the dialog's result, or its refusal said."""
        try:
            number = await self.server.answer(self.make(*self.choice()))
        except LobbyRefusal as refusal:
            self.say(str(refusal))
            return
        self.dismiss(number)

    def say(self, words: str) -> None:
        said = self.query_one("#refusal", Label)
        said.update(for_terminal(words))
        said.display = bool(words)

    def say_server_waited(self, waited: bool) -> None:
        self.say(_(WAITING_WORDS) if waited else "")
        self.query_one("#refusal").set_class(waited, "-waiting")


def seat_options(counts: tuple[int, ...]) -> list[tuple[str, int]]:
    return [(ngettext("{count} player", "{count} players", count).format(count=count), count) for count in counts]


def bot_options(players: int) -> list[tuple[str, int]]:
    return [(str(count), count) for count in range(players)]
