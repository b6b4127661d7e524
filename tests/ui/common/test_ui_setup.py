"""The setup screen, issue 10: the house rules follow the players chosen and the chips typed,
the layout is clean at 60×20, 80×24 and 120×40 with every control reachable by keyboard,
and the name typed is the person's seat name at the table and in the save."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Input

from ramsli_tui import cli
from ramsli_tui.storage import Settings
from ramsli_tui.table.spec import SeatSpec
from ramsli_tui.ui.common.setup import SetupScreen
from ramsli_tui.storage.new_session import game_spec, person_name

from tests.kits.ui import make_app, settle, storage_in

SIZES = [(60, 20), (80, 24), (120, 40)]


def words(widget) -> str:
    """What a widget shows, its lines joined as one text."""
    return " ".join(str(widget.render()).split())


async def setup_screen(pilot) -> SetupScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    return pilot.app.screen


async def type_into(pilot, screen: SetupScreen, input_id: str, text: str) -> None:
    """Empty input ``input_id`` and type ``text`` into it, key by key."""
    typed_into = screen.query_one(f"#{input_id}", Input)
    typed_into.focus()
    typed_into.value = ""
    await pilot.press(*text)
    await pilot.pause()
    assert typed_into.value == text


def remember(tmp_path, settings: Settings) -> None:
    storage_in(tmp_path).save_settings(settings)


# --- the house rules as typed -------------------------------------------------------------------

async def test_the_house_rules_follow_the_chips_typed_and_the_players_chosen(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await setup_screen(pilot)
        this_table, house_rules = screen.query_one("#this-table"), screen.query_one("#house-rules")
        assert words(this_table) == "At this table: 4 players, 20 chips each"
        assert "Players: 3 to 6; 20 chips each" in words(house_rules)
        await type_into(pilot, screen, "chips", "12")
        assert words(this_table) == "At this table: 4 players, 12 chips each"
        assert "Players: 3 to 6; 12 chips each" in words(house_rules)
        assert "20 chips" not in words(house_rules)
        screen.query_one("#players").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert words(this_table) == "At this table: 5 players, 12 chips each"
        screen.query_one("#ruleset").value = "nap"
        await pilot.pause()
        assert words(this_table) == "At this table: 5 players, 12 chips each", "another ruleset keeps the chips typed"
        assert "Nap targets" in words(house_rules)
        screen.query_one("#chips").focus()
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert words(this_table) == "At this table: 5 players, 20 chips each", "the ruleset's own again"


async def test_chips_that_cannot_be_dealt_are_said_as_typed_and_refused_at_the_deal(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await setup_screen(pilot)
        this_table = screen.query_one("#this-table")
        await type_into(pilot, screen, "chips", "0")
        assert words(this_table) == "At this table: 4 players; starting chips must be from 1 to 1,000,000, not 0"
        assert this_table.has_class("-error")
        assert "Players: 3 to 6; 20 chips each" in words(screen.query_one("#house-rules")), "the ruleset's own meanwhile"
        screen.query_one("#start").focus()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and app.table is None
        [notice] = [notification.message for notification in app._notifications]
        assert notice == "Chips each: starting chips must be from 1 to 1,000,000, not 0."
        assert app.focused is screen.query_one("#chips")
        await type_into(pilot, screen, "chips", "7")
        assert not this_table.has_class("-error")


# --- the layout at each size ----------------------------------------------------------------------

async def tab_round(pilot) -> list:
    """Every widget Tab reaches, in order, once round; each checked to be in view when focused."""
    app = pilot.app
    width, height = app.size
    reached = []
    for _ in range(60):
        await pilot.press("tab")
        await pilot.pause()
        if app.focused in reached:
            return reached
        reached.append(app.focused)
        region = app.focused.region
        assert 1 <= region.y and region.bottom <= height - 1, f"#{app.focused.id} out of view at {width}x{height}"
    raise AssertionError("Tab never came round")


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_every_control_is_reached_by_tab_and_shown_when_it_is(tmp_path, size, players):
    remember(tmp_path, Settings(players=players))
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await setup_screen(pilot)
        reached = {widget.id for widget in await tab_round(pilot)}
    controls = {"ruleset", "players", "name", "chips", "seed", "start"}
    for seat in range(1, players):
        controls |= {f"opponent-name-{seat}", f"opponent-strength-{seat}"}
    assert controls <= reached


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_ruleset_is_described_in_lines_not_a_word_on_each(tmp_path, size):
    remember(tmp_path, Settings(players=6))
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await setup_screen(pilot)
        form, about = screen.query_one("#form-scroll"), screen.query_one("#about")
        for part in ("#description", "#this-table", "#house-rules"):
            assert screen.query_one(part).size.width >= 30, f"{part} is {screen.query_one(part).size.width} wide"
        if size[0] < 76:
            assert about.region.x == form.region.x and about.region.y >= screen.query_one("#start").region.bottom, \
                "below the form"
        else:
            assert about.region.x >= form.region.right and about.region.y == form.region.y, "beside the form"


async def test_at_60_by_20_the_house_rules_below_the_form_scroll_into_view_by_keyboard(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await setup_screen(pilot)
        house_rules = screen.query_one("#house-rules")
        assert house_rules.region.bottom > 19, "below the fold at first"
        screen.query_one("#about").focus()
        await pilot.press("end")
        await pilot.pause()
        assert 0 < house_rules.region.y and house_rules.region.bottom <= 19, "all of it shown, above the keys"
        await pilot.press("home")
        await pilot.pause()
        assert screen.query_one("#ruleset").region.y >= 1, "and back up to the first control"


# --- the person's name -------------------------------------------------------------------------------

def saved_seats(app) -> list[dict]:
    return json.loads(app.save_path.read_text())["seats"]


@pytest.mark.parametrize("typed, seated", [("Zora", "Zora"), ("  Zora  ", "Zora"), ("   ", "You"), ("", "You")])
async def test_the_name_typed_in_setup_is_the_persons_seat_at_the_table_and_in_the_save(tmp_path, typed, seated):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await setup_screen(pilot)
        await type_into(pilot, screen, "name", typed)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.table.spec.seats[0] == SeatSpec.person(seated)
        assert app.client.names[0] == seated
        assert saved_seats(app)[0] == {"name": seated, "kind": "person", "strength": None}
    assert storage_in(tmp_path).load_settings().name == seated


async def test_ramsli_play_with_a_name_seats_the_person_under_it_and_saves_it(tmp_path):
    args = cli.build_parser().parse_args(["play", "--name", "Zora", "--seed", "3"])
    app = make_app(tmp_path, cli.play_spec(args, Settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.client.names[0] == "Zora"
        assert saved_seats(app)[0] == {"name": "Zora", "kind": "person", "strength": None}


@pytest.mark.parametrize("given, seated", [("Zora", "Zora"), (" Zora ", "Zora"), ("  ", "You"), ("", "You")])
def test_a_blank_name_is_you_wherever_it_comes_from(given, seated):
    assert person_name(given) == seated
    assert game_spec(Settings(name=given), seed=1).seats[0] == SeatSpec.person(seated)
    args = cli.build_parser().parse_args(["play", "--name", given])
    assert cli.play_spec(args, Settings()).seats[0] == SeatSpec.person(seated)


# --- the game: Ramsli or Rami Simple ------------------------------------------------------------

async def test_choosing_rami_offers_its_rulesets_and_two_or_four_players_and_no_chips(tmp_path):
    from ramsli_tui.ui.rami.table import RamiTableScreen
    from ramsli_tui.ui.widgets.choice import Choice

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await setup_screen(pilot)
        await pilot.click("#game")
        await pilot.pause()
        assert screen.query_one("#game", Choice).value == "rami"
        assert "Rami Simple" in words(screen.query_one("#heading"))
        assert [value for _, value in screen.query_one("#ruleset")._options] == ["long", "short", "simple"]
        assert screen.query_one("#ruleset").value == "simple"
        players = screen.query_one("#players", Choice)
        assert ([value for _, value in players.options], players.value) == ([2, 4], 4)
        assert screen.query_one("#chips").has_class("-unused")
        assert words(screen.query_one("#this-table")) == "At this table: 4 players, two against two"
        assert "600" in words(screen.query_one("#house-rules"))
        assert words(screen.query_one("#opponent-label-2")) == "Your partner"
        await pilot.click("#players")
        await pilot.pause()
        assert words(screen.query_one("#this-table")) == "At this table: 2 players, one against one"
        await pilot.click("#start")
        await settle(pilot)
        assert isinstance(app.screen, RamiTableScreen)
        spec = app.table.spec
        assert (spec.game, spec.ruleset, spec.players, spec.starting_chips) == ("rami", "simple", 2, None)
    settings, _ = storage_in(tmp_path).read_settings()
    assert settings.game == "rami"
    again = make_app(tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, RamiTableScreen), "a saved Rami game resumes to its own screen"


async def test_going_back_to_ramsli_offers_its_rulesets_players_and_chips_again(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await setup_screen(pilot)
        await pilot.click("#game")
        await pilot.pause()
        await pilot.press("left")  # the choice before, by keyboard
        await pilot.pause()
        assert screen.query_one("#ruleset").value == "classic"
        assert [value for _, value in screen.query_one("#players").options] == [3, 4, 5, 6]
        assert not screen.query_one("#chips").has_class("-unused")
        assert words(screen.query_one("#this-table")) == "At this table: 4 players, 20 chips each"
        assert words(screen.query_one("#opponent-label-2")) == "Computer 2"
