"""The talk line of a served table: a line typed and said, Escape closing it unsaid, the
input stopping at the server's length; at a server's table, c opens it, each line said
shows as a note and in the table talk, and a refusal is said; at home there is no talk."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App
from textual.widgets import Input, Label

from ramsli_tui.table.client import LocalClient, TalkRefused
from ramsli_tui.table.spec import SAY_LENGTH, SeatSpec
from ramsli_tui.table.table import Table
from ramsli_tui.ui.common.talk import SHOWN_LINES, TalkScreen
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.kits.ui import make_app, settle, spec_for
from tests.ui.common.test_ui_lobby import FakeLobby, served_app


class Talking(App):
    """An app that opens the talk line over nothing and keeps what it gave back."""

    def __init__(self, said):
        super().__init__()
        self.said = said
        self.answers = []

    def on_mount(self) -> None:
        self.push_screen(TalkScreen(self.said), self.answers.append)


async def test_a_line_typed_is_said_with_enter_and_the_last_lines_are_shown_above_it():
    said = [f"zora: line {number}" for number in range(1, 10)]
    app = Talking(said)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one("#talked", Label).render())
        assert shown.splitlines() == said[-SHOWN_LINES:]
        await pilot.press(*"good luck", "enter")
        await pilot.pause()
        assert app.answers == ["good luck"]


async def test_escape_closes_it_unsaid_and_an_empty_line_says_nothing():
    app = Talking([])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Nothing has been said" in str(app.screen.query_one("#nothing-said", Label).render())
        await pilot.press(*"never mind", "escape")
        await pilot.pause()
        app.push_screen(TalkScreen([]), app.answers.append)
        await pilot.pause()
        await pilot.press("space", "enter")
        await pilot.pause()
        assert app.answers == [None, None]


async def test_the_input_stops_at_the_length_the_server_takes():
    app = Talking([])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one(Input)
        line.insert_text_at_cursor("x" * (SAY_LENGTH - 3))
        await pilot.press(*"yyyyyy")  # three more fit
        assert line.value == "x" * (SAY_LENGTH - 3) + "yyy"


# --- at a server's table ------------------------------------------------------------------------

class TalkingClient(LocalClient):
    """A seat at a server's table, the server played by the test: a line said comes
    back to everyone, the sayer too; one the test refuses is refused in words."""

    talks = True

    def __init__(self, table, seat):
        super().__init__(table, seat)
        self.lines: list[str] = []
        self.on_said = lambda name, text: None

    def subscribe(self, listener, on_notice, on_said=lambda name, text: None, on_closed=lambda words: None,
                  on_waiting=lambda waiting: None):
        super().subscribe(listener, on_notice)
        self.on_said = on_said

    async def say(self, text: str) -> None:
        if text == "again":
            raise TalkRefused("you spoke a moment ago; say the next line in a second")
        self.lines.append(text)
        self.on_said("mia", text)


async def seated_at_a_server(pilot, kit) -> TalkingClient:
    """The app at a server's table of ``kit``'s game, mia at seat 0 and zora, another person,
    beside her; computer players in the other seats."""
    one_person = kit.spec(seed=7, names=("mia", "zora", "Anna", "Bert", "Carlo", "Dora"))
    spec = replace(one_person, seats=(one_person.seats[0], SeatSpec.person("zora"), *one_person.seats[2:]))
    client = TalkingClient(Table.for_spec(spec, delay=5.0), 0)
    pilot.app.sit_remote(client, spec.game)
    await pilot.pause()
    return client


async def test_c_at_a_servers_table_says_a_line_that_shows_as_a_note_and_in_the_talk_line(tmp_path, table_kit):
    app = served_app(tmp_path, FakeLobby())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        client = await seated_at_a_server(pilot, table_kit)
        keys = str(app.screen.query_one(KeyBar).render())
        assert "c Talk" in keys and "Faster" not in keys, "talk offered; the server sets the pace"
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TalkScreen)
        await pilot.press(*"good luck", "enter")
        await pilot.pause()
        assert client.lines == ["good luck"]
        notes = [(note.title, note.message) for note in app._notifications]
        assert ("mia", "good luck") in notes
        client.on_said("zora", "thanks \\x1b[2J")  # as the server sends it, escaped
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert str(app.screen.query_one("#talked", Label).render()).splitlines() == [
            "mia: good luck", "zora: thanks \\x1b[2J"]
        await pilot.press(*"again", "enter")
        await pilot.pause()
        assert "you spoke a moment ago; say the next line in a second" in [
            note.message for note in app._notifications]
        log = str(app.screen.query_one("#log-lines").render())
        assert "zora: thanks \\x1b[2J" in log, "the table talk, where the window has it"


async def test_no_talk_at_a_table_at_home(tmp_path):
    app = make_app(tmp_path, spec_for(players=4))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "Talk" not in str(app.screen.query_one(KeyBar).render())
        await pilot.press("c")
        await pilot.pause()
        assert not isinstance(app.screen, TalkScreen)
