"""The lobby of ``ramsli serve``, with a fake server: the tables listed, a table made,
joined (at once, or once it starts) and refused, all from the keyboard; a table joined
is played on the usual table screen through the client the lobby gave.  The new table's
dialog offers the seats its game and ruleset allow, and keeps every choice when the
server refuses the table, saying why."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from textual.widgets import DataTable, Label, Select

from ramsli_tui.languages import use_language
from ramsli_tui.storage.history import Statistics
from ramsli_tui.table.client import LocalClient
from ramsli_tui.table.spec import GameSpec, SeatSpec
from ramsli_tui.table.table import Table
from ramsli_tui.ui.app import RamsliApp
from ramsli_tui.ui.common.confirm import ConfirmScreen
from ramsli_tui.ui.common.lobby import LobbyRefusal, LobbyScreen, NewTableScreen
from ramsli_tui.ui.ramsli.table import RamsliTableScreen
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.kits.ui import storage_in


def listed(number: int, hand: int, *seats: tuple[str | None, str]) -> dict:
    return {"table": number, "game": "ramsli", "ruleset": "classic", "players": len(seats), "hand": hand,
            "seats": [{"seat": seat, "name": name, "kind": kind} for seat, (name, kind) in enumerate(seats)]}


class FakeLobby:
    """A server of two tables: table 1 playing, table 2 waiting for a seat (each answer awaited, as a server's)."""

    name = "mia"

    def __init__(self):
        self.listing = [
            listed(1, 3, ("otto", "person"), ("Anna", "bot"), ("zora", "person")),
            listed(2, 0, ("lena", "person"), (None, "open"), ("Bert", "bot")),
        ]
        self.asked: list[tuple] = []
        self.last: int | None = None  # the table being played where mia acted last
        self.refusing: str | None = None  # why the server refuses to make a table now, if it does

    async def tables(self):
        return self.listing

    async def offer(self):
        return {"ramsli": {"rulesets": ["short", "classic"], "strengths": ["easy", "normal", "hard"]}}

    async def create(self, game, ruleset, players, bots):
        self.asked.append(("create", game, ruleset, players, bots))
        if self.refusing:
            raise LobbyRefusal(self.refusing)
        self.listing.append(listed(3, 0, ("mia", "person"), *[(None, "open")] * (players - 1 - len(bots)),
                                   *[("Bot", "bot")] * len(bots)))
        return 3

    async def join(self, table):
        self.asked.append(("join", table))
        if table == 1:
            raise LobbyRefusal("table 1 has started and has no open seat; watch it instead")
        started = next(entry for entry in self.listing if entry["table"] == table)["hand"]
        return self.client() if started else None

    async def last_table(self):
        return self.last

    def language_chosen(self, code):
        self.asked.append(("language", code))

    def settings_chosen(self, values):
        self.asked.append(("settings", values))

    async def leaderboard(self, game, ruleset=None):
        self.asked.append(("leaderboard", game, ruleset))
        if game == "rami" or ruleset == "short":
            return []
        return [{"name": "otto", "computer": False, "rating": 1610, "sessions": 4, "wins": 3},
                {"name": "hard", "computer": True, "rating": 1544, "sessions": 9, "wins": 3},
                {"name": "mia", "computer": False, "rating": 1480, "sessions": 5, "wins": 1}]

    async def statistics(self, game, ruleset=None):
        sessions = 5 if game == "ramsli" and ruleset is None else 0
        return Statistics("person:mia", game, ruleset, sessions,
                          {"hands": 60, "tricks": 71, "chips_won": -12} if sessions else {}, None)

    async def watch(self, table):
        self.asked.append(("watch", table))
        raise LobbyRefusal("you watch table 1 already")

    async def start(self, table):
        self.asked.append(("start", table))
        if table != 3:
            raise LobbyRefusal(f"only the person who made table {table} can start it")
        self.listing[-1]["hand"] = 1
        return self.client()

    @staticmethod
    def client() -> LocalClient:
        """A seat at a table of two people and two computer players."""
        seats = (SeatSpec.person("mia"), SeatSpec.person("zora"), SeatSpec.computer("Anna", "random"),
                 SeatSpec.computer("Bert", "random"))
        table = Table.for_spec(GameSpec("ramsli", "classic", 7, seats), delay=0.0)
        return LocalClient(table, 0)


def served_app(tmp_path, lobby) -> RamsliApp:
    app = RamsliApp(storage_in(tmp_path), lobby=lobby, bot_delay=0.0)
    app.animation_level = "none"
    return app


def rows(screen: LobbyScreen) -> list[list[str]]:
    view = screen.query_one(DataTable)
    return [[str(cell) for cell in view.get_row_at(index)] for index in range(view.row_count)]


async def test_the_lobby_lists_each_table_with_who_sits_where_and_the_hand(tmp_path):
    app = served_app(tmp_path, FakeLobby())
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert rows(app.screen) == [
            ["1", "ramsli", "classic", "otto, Anna (computer), zora", "hand 3"],
            ["2", "ramsli", "classic", "lena, (open), Bert (computer)", "waiting"],
        ]


async def test_each_column_is_as_wide_as_its_widest_cell_from_the_first_frame(tmp_path):
    """Not left to the DataTable, which widens a column only once it is idle: a busy app
    would show a new row cut to the headings' widths ("mia," under Seats, "wai" under Now)."""
    lobby = FakeLobby()
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        lobby.listing = [*lobby.listing, listed(3, 0, ("mia", "person"), (None, "open"), ("Ottokar", "bot"))]
        app.screen.action_refresh()
        await pilot.pause()
        view = app.screen.query_one(DataTable)
        widest = [max(cell_len(column.label.plain), *(cell_len(line[index]) for line in rows(app.screen)))
                  for index, column in enumerate(view.ordered_columns)]
        assert [column.width for column in view.ordered_columns] == widest
        assert not any(column.auto_width for column in view.ordered_columns)


async def test_a_refusal_is_said_in_one_line_and_the_lobby_stays(tmp_path):
    lobby = FakeLobby()
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.press("w")
        await pilot.pause()
        assert lobby.asked == [("join", 1), ("watch", 1)]
        assert isinstance(app.screen, LobbyScreen)
        said = [notification.message for notification in app._notifications]
        assert "table 1 has started and has no open seat; watch it instead" in said
        assert "you watch table 1 already" in said


async def test_a_table_is_made_from_the_keyboard_and_sat_at_once_it_starts(tmp_path):
    lobby = FakeLobby()
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        assert app.screen.choice() == ("ramsli", "classic", 4, ["normal", "normal"]), "the usual ruleset and strength"
        app.screen.query_one("#bots", Select).value = 1
        app.screen.query_one("#strength", Select).value = "hard"
        await pilot.press("enter")  # on Make
        await pilot.pause()
        assert lobby.asked == [("create", "ramsli", "classic", 4, ["hard"]), ("join", 3)]
        assert isinstance(app.screen, LobbyScreen) and app.screen.waiting == {3}
        lobby.listing[-1]["hand"] = 1  # the others came: it starts
        app.screen.action_refresh()
        await pilot.pause()
        assert isinstance(app.screen, RamsliTableScreen)
        assert app.client.alone is False and app.screen.client is app.client


async def test_enter_on_a_waiting_table_joins_it(tmp_path):
    lobby = FakeLobby()
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert lobby.asked == [("join", 2)]
        assert app.screen.waiting == {2}


async def test_the_maker_starts_a_waiting_table_at_once_with_s(tmp_path):
    lobby = FakeLobby()
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down", "s")  # table 2 is lena's
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        said = [notification.message for notification in app._notifications]
        assert "only the person who made table 2 can start it" in said
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")  # on Make: table 3, hers, waits for its open seat
        await pilot.pause()
        assert app.screen.waiting == {3}
        app.screen.query_one(DataTable).move_cursor(row=2)
        await pilot.press("s")
        await pilot.pause()
        assert lobby.asked[-1] == ("start", 3)
        assert isinstance(app.screen, RamsliTableScreen) and app.screen.client is app.client


async def test_the_list_is_drawn_again_only_when_it_changed(tmp_path):
    lobby = FakeLobby()
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(DataTable)
        cleared = []
        drawn = view.clear
        view.clear = lambda *args, **kwargs: (cleared.append(True), drawn(*args, **kwargs))[1]
        lobby.listing = [dict(table) for table in lobby.listing]  # the same tables, read anew
        app.screen.action_refresh()
        assert cleared == [], "nothing changed: nothing drawn"
        lobby.listing = [*lobby.listing, listed(3, 0, ("lena", "person"), (None, "open"))]
        app.screen.action_refresh()
        await pilot.pause()
        assert cleared == [True] and rows(app.screen)[-1][0] == "3"


async def test_q_at_a_servers_table_goes_back_to_the_lobby_asking_a_player_first(tmp_path):
    app = served_app(tmp_path, FakeLobby())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.sit_remote(FakeLobby.client(), "ramsli")
        await pilot.pause()
        keys = str(app.screen.query_one(KeyBar).render())
        assert "q Lobby" in keys and "q Quit" not in keys
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Your seat is kept" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and app.is_running, "the lobby, not the end of the session"


async def test_q_while_watching_goes_back_to_the_lobby_at_once_and_stops_watching(tmp_path):
    app = served_app(tmp_path, FakeLobby())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        watcher = LocalClient(FakeLobby.client().table, None)
        left = []
        watcher.leave = lambda: left.append(True)
        app.sit_remote(watcher, "ramsli")
        await pilot.pause()
        assert isinstance(app.screen, RamsliTableScreen) and app.screen.watching
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and left == [True]


async def test_someone_who_comes_back_is_taken_straight_to_their_seat(tmp_path):
    lobby = FakeLobby()
    lobby.listing[1]["hand"] = 4  # table 2 is being played, and she sits at it
    lobby.listing[1]["seats"][1] = {"seat": 1, "name": "mia", "kind": "person"}
    lobby.last = 2
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert lobby.asked == [("join", 2)] and isinstance(app.screen, RamsliTableScreen)
        assert "Back at table 2: your seat waited for you." in [note.message for note in app._notifications]


async def test_the_lobby_gone_back_to_does_not_send_one_back_to_the_table(tmp_path):
    lobby = FakeLobby()
    lobby.listing[1]["hand"] = 2  # lena's table 2 is played; mia sits at none
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert lobby.asked == [] and isinstance(app.screen, LobbyScreen)
        app.sit_remote(FakeLobby.client(), "ramsli")
        lobby.listing[1]["seats"][1] = {"seat": 1, "name": "mia", "kind": "person"}
        await pilot.pause()
        app.new_game()  # back to the lobby, as q does
        await pilot.pause()
        assert lobby.asked == [] and isinstance(app.screen, LobbyScreen)


class TwoGamesLobby(FakeLobby):
    """A server of both games, with one ruleset of the operator's own for three or four."""

    async def offer(self):
        strengths = ["random", "normal", "hard"]
        return {"ramsli": {"rulesets": ["classic", "trio"], "strengths": strengths},
                "rami": {"rulesets": ["long", "simple"], "strengths": strengths}}


def offered(screen: NewTableScreen, name: str) -> list:
    """The values the dialog's drop-down ``name`` offers."""
    return [value for _, value in screen.query_one(f"#{name}", Select)._options]


async def pressable_again(pilot, button) -> None:
    """Wait (boundedly) until ``button`` has ended the flash of its last press, during which
    it takes no other."""
    for _ in range(400):
        if not button.has_class("-active"):
            return
        await pilot.pause(0.05)
    raise AssertionError(f"{button} stays pressed")


async def choose(pilot, screen: NewTableScreen, name: str, value) -> None:
    screen.query_one(f"#{name}", Select).value = value
    await pilot.pause()


async def test_the_new_table_dialog_offers_only_the_seats_the_game_and_ruleset_allow(tmp_path, monkeypatch):
    config = tmp_path / "config"
    (config / "ramsli" / "rulesets").mkdir(parents=True)
    (config / "ramsli" / "rulesets" / "trio.yaml").write_text("players: {min: 3, max: 4}\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    app = served_app(tmp_path, TwoGamesLobby())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert offered(dialog, "players") == [3, 4, 5, 6] and dialog.chosen("players") == 4
        await choose(pilot, dialog, "players", 6)
        await choose(pilot, dialog, "ruleset", "trio")
        assert offered(dialog, "players") == [3, 4] and dialog.chosen("players") == 4, "the nearest it allows"
        await choose(pilot, dialog, "game", "rami")
        assert dialog.chosen("ruleset") == "simple"
        assert offered(dialog, "players") == [2, 4] and dialog.chosen("players") == 4
        assert offered(dialog, "bots") == [0, 1, 2, 3] and dialog.chosen("bots") == 2
        await choose(pilot, dialog, "players", 2)
        assert offered(dialog, "bots") == [0, 1] and dialog.chosen("bots") == 1, "one seat beside one's own"
        await choose(pilot, dialog, "game", "ramsli")
        assert offered(dialog, "players") == [3, 4, 5, 6] and dialog.chosen("players") == 3


async def test_a_refused_table_keeps_the_dialog_open_saying_why_with_every_choice_kept(tmp_path):
    lobby = TwoGamesLobby()
    lobby.refusing = "you sit at 3 tables, as many as one person may; leave one first"
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        await choose(pilot, dialog, "game", "rami")
        await choose(pilot, dialog, "ruleset", "long")
        await choose(pilot, dialog, "players", 2)
        await choose(pilot, dialog, "strength", "hard")
        chosen = dialog.choice()
        assert chosen == ("rami", "long", 2, ["hard"])
        await pilot.press("enter")  # on Make
        await pilot.pause()
        assert lobby.asked == [("create", *chosen)]
        assert app.screen is dialog and dialog.choice() == chosen, "the dialog stays, every choice kept"
        said = dialog.query_one("#refusal", Label)
        assert said.display and str(said.render()) == lobby.refusing
        lobby.refusing = None  # the person left a table: the server makes it now
        await pressable_again(pilot, dialog.query_one("#make"))
        await pilot.press("enter")
        await pilot.pause()
        assert lobby.asked == [("create", *chosen), ("create", *chosen), ("join", 3)]
        assert isinstance(app.screen, LobbyScreen) and app.screen.waiting == {3}


@pytest.mark.parametrize("size", [(60, 20), (100, 30)], ids=["60x20", "100x30"])
async def test_the_new_tables_labels_are_whole_and_apart_from_their_fields_in_every_language(tmp_path, size, language):
    app = served_app(tmp_path, FakeLobby())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        grid = list(app.screen.query_one("#choices").children)  # a label, then its field, on each row
        assert len(grid) >= 8
        for label, field in zip(grid[::2], grid[1::2]):
            words = str(label.render())
            assert label.region.x + cell_len(words) < field.region.x, f"{words!r} runs into its field"


@pytest.mark.parametrize("size", [(60, 20), (100, 30)], ids=["60x20", "100x30"])
async def test_the_leaderboard_ranks_the_rated_players_and_shows_your_own_figures(tmp_path, size):
    from ramsli_tui.ui.common.leaderboard import LeaderboardScreen

    lobby = FakeLobby()
    lobby.listing[0]["seats"][0]["rating"] = 1610
    app = served_app(tmp_path, lobby)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "otto 1610" in str(app.screen.query_one("#tables", DataTable).get_row_at(0)), "a rating beside a name"
        assert "b Leaderboard" in str(app.screen.query_one(KeyBar).render())
        await pilot.press("b")
        await pilot.pause()
        await pilot.pause()
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        table = board.query_one("#board", DataTable)
        rows = [table.get_row_at(row) for row in range(table.row_count)]
        assert [row[1] for row in rows] == ["otto", "computer: hard", "mia"] and rows[0][2:] == ["1610", "4", "75%"]
        own = str(board.query_one("#own").render())
        assert "Your figures over 5 sessions:" in own and "Tricks taken" in own and "71" in own
        assert board.query_one(".box").region.bottom <= size[1], "the dialog inside the window"
        ruleset = board.query_one("#ruleset", Select)
        assert [value for _label, value in ruleset._options] == ["", "classic", "short"], "the server's rulesets"
        ruleset.value = "short"
        await pilot.pause()
        await pilot.pause()
        assert lobby.asked[-1] == ("leaderboard", "ramsli", "short")
        assert "Nobody is rated" in str(board.query_one("#own").render())
        assert "You have played no session of this game here yet." in str(board.query_one("#own").render())
        board.query_one("#game", Select).value = "rami"
        await pilot.pause()
        await pilot.pause()
        assert "Nobody is rated at this game yet" in str(board.query_one("#own").render())
        assert ruleset.value == "" and lobby.asked[-1] == ("leaderboard", "rami", None), "a new game: every ruleset"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_a_lobby_made_for_nobody_meets_its_person_their_name_tables_and_seat(tmp_path):
    """A spare app (net/forks.py) is made with nobody's lobby and meets its person's later."""
    from ramsli_tui.net.warm_up import NobodysLobby

    app = served_app(tmp_path, NobodysLobby())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        heading = screen.query_one("#heading")
        assert isinstance(screen, LobbyScreen) and rows(screen) == [] and "mia" not in str(heading.render())
        lobby = FakeLobby()
        lobby.last = 1  # mia sits at table 1, being played
        app.meet(lobby)
        await pilot.pause()
        await pilot.pause()
        assert app.lobby is lobby
        assert ("join", 1) in lobby.asked, "back at her seat"
        assert "Ramsli tables — you are mia" in str(heading.render())
        assert rows(screen)[0][:2] == ["1", "ramsli"], "her server's tables"


async def test_the_language_and_the_settings_chosen_are_told_to_the_server_to_keep(tmp_path):
    lobby = FakeLobby()
    app = served_app(tmp_path, lobby)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            where = str(app.screen.query_one("#where").render())
            assert where == "The server keeps your settings for your next sessions there.", "not its own folder's path"
            for setting, value in (("language", "de"), ("language", ""), ("faces", "german")):  # "": as the system says
                app.screen.query_one(f"#{setting}", Select).value = value
                await pilot.pause()
    finally:
        use_language("en")
    assert [asked for asked in lobby.asked if asked[0] == "language"] == [("language", "de"), ("language", None)]
    told = [values for asked, values in (entry[:2] for entry in lobby.asked) if asked == "settings"]
    assert told == [{"faces": "german"}], "only what changed: another session may have changed the rest"
