"""The table laid out as a card table, at every size it supports: each seat round the
felt, each card of the trick in front of the seat that played it, every seat and
control on screen, the trumps, the whole turn's sentence and every key always in
view, a large window's room used, and a plain request for a larger window below the
smallest size."""

from __future__ import annotations

import pytest

from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.languages import _
from ramsli_tui.storage import Settings
from ramsli_tui.ui.widgets.game_log import GameLog
from ramsli_tui.ui.ramsli.table import MIN_HEIGHT, MIN_WIDTH
from ramsli_tui.ui.seating import sides
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.card import CardWidget
from ramsli_tui.ui.ramsli.hand import HandView
from ramsli_tui.ui.widgets.key_bar import KeyBar
from ramsli_tui.ui.ramsli.trick import TrickArea

from tests.kits.drivers import my_turn_to_play
from tests.ui.test_ui_key_bar_languages import lines_in_english
from tests.kits.ui import make_app, play_until, settle, spec_for, storage_in, table_screen

SIZES = ((MIN_WIDTH, MIN_HEIGHT), (80, 24), (120, 40), (200, 50))
FACES = ("french", "german")


def test_seats_go_clockwise_from_your_left_across_the_table_to_your_right():
    assert sides(3, 0) == ((1,), (), (2,))
    assert sides(4, 0) == ((1,), (2,), (3,))
    assert sides(6, 0) == ((1,), (2, 3, 4), (5,))
    assert sides(4, 2) == ((3,), (0,), (1,)), "seen from another seat"
    assert sides(2, 1) == ((), (0,), ()), "one other player sits across"


def inside(region, screen_size) -> bool:
    width, height = screen_size
    return region.width > 0 and region.height > 0 and region.right <= width and region.bottom <= height


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("players", (3, 4, 6))
async def test_every_seat_and_control_is_on_screen_and_nothing_overlaps(tmp_path, players, size, language):
    app = make_app(tmp_path, spec_for(players=players, seed=1))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        seats = [screen.seat_widget(seat).region for seat in range(players)]
        assert all(inside(region, size) for region in seats), seats
        for first, region in enumerate(seats):
            assert not any(region.overlaps(other) for other in seats[first + 1:]), seats
        hand = screen.query_one(HandView).region
        trick = screen.query_one(TrickArea).region
        banner, keys = screen.query_one(TurnBanner).region, screen.query_one(KeyBar).region
        assert all(inside(region, size) for region in (hand, trick, banner, keys))
        assert not any(hand.overlaps(seat) for seat in seats)
        buttons = [button.region for button in screen.query("ActionBar Button") if button.display and
                   not button.has_class("-hidden")]
        assert buttons and all(inside(region, size) for region in buttons), "In and Out are offered, whole"
        assert all(region.bottom <= banner.y for region in buttons + [hand])
        assert f"q {_('Quit')}" in str(screen.query_one(KeyBar).render())


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("players", (3, 4, 6))
async def test_the_seats_sit_left_across_and_right_of_the_trick(tmp_path, players, size):
    app = make_app(tmp_path, spec_for(players=players, seed=1))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        left, across, right = screen.sides
        trick = screen.query_one(TrickArea).region
        for seat in left:
            assert screen.seat_widget(seat).region.right <= trick.x
        for seat in right:
            assert screen.seat_widget(seat).region.x >= trick.right
        for seat in across:
            assert screen.seat_widget(seat).region.bottom <= trick.y
        assert screen.seat_widget(0).region.y >= trick.bottom, "you sit below the trick"


async def test_each_card_of_the_trick_lies_in_front_of_the_seat_that_played_it(tmp_path):
    app = make_app(tmp_path, spec_for(players=6, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:

        def a_whole_round_but_mine(app):
            trick = app.client.view.current_trick
            return app.client.view.my_turn and trick is not None and len(trick.plays) >= 3

        await play_until(pilot, a_whole_round_but_mine)
        screen = table_screen(app)
        left, across, right = screen.sides
        middle = screen.query_one(TrickArea).region.center[0]
        plays = app.client.view.current_trick.plays
        assert {seat for seat, _ in plays} & set(across) and {seat for seat, _ in plays} & set(left + right)
        for seat, card in plays:
            place = screen.query_one(f"#trick-{seat}", CardWidget)
            assert place.card == card
            where, seat_region = place.region, screen.seat_widget(seat).region
            if seat in across:
                assert seat_region.x <= where.x and where.right <= seat_region.right, "under its seat"
                assert where.y >= seat_region.bottom
            else:
                assert (where.center[0] < middle) == (seat in left), "on its own side"
                assert seat_region.y <= where.center[1] < seat_region.bottom, "level with its seat"
        assert screen.query_one(f"#trick-{app.client.seat}", CardWidget).card is None, "your place is still empty"


async def test_an_empty_place_in_the_trick_keeps_its_room(tmp_path):
    app = make_app(tmp_path, spec_for(players=4, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        area = table_screen(app).query_one(TrickArea)
        assert not any(widget.card for widget in area.query(CardWidget)), "nothing played yet"
        rows = {row: area.query_one(f"#trick-{row}").region.height for row in ("across", "middle", "mine")}
        assert rows == {"across": 3, "middle": 3, "mine": 3}, "each row as high as a card, cards or not"


async def test_large_cards_on_a_tall_window_small_ones_on_a_compact_one(tmp_path):
    app = make_app(tmp_path, spec_for(players=4, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        hand = table_screen(app).query_one(HandView)
        assert {card.region.height for card in hand.query(CardWidget) if card.card} == {5}
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await pilot.pause()
        assert {card.region.height for card in hand.query(CardWidget) if card.card} == {3}
        assert table_screen(app).seat_widget(1).region.height == 2, "two-line seats"


def size_id(size) -> str:
    return f"{size[0]}x{size[1]}"


def app_with_faces(folder, faces: str, **spec):
    """The app at a seeded table, its cards shown with ``faces``."""
    storage_in(folder).save_settings(Settings(faces=faces, bot_delay=0.0))
    return make_app(folder, spec_for(**spec))


def rows_of(app, widget) -> str:
    """The text the screen shows on the rows of ``widget``, inside its columns, the rows
    joined by a space (a sentence wrapped to two lines reads as one)."""
    region = widget.region
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    return " ".join(line[region.x:region.right].strip() for line in lines[region.y:region.bottom])


@pytest.mark.parametrize("faces", FACES)
@pytest.mark.parametrize("size", SIZES, ids=size_id)
async def test_the_trumps_are_always_in_view(tmp_path, size, faces):
    """The title names trumps however long it is (it wraps rather than cut), and the
    turned-up card lies on the table at every size."""
    app = app_with_faces(tmp_path, faces, players=6, seed=1, ruleset="general-rams")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        trump = app.client.view.turn_up
        assert f"trump {screen.words.suit(trump.suit)}" in rows_of(app, screen.query_one("#title"))
        turned_up = screen.query_one("#turn-up", CardWidget)
        assert turned_up.card == trump and turned_up.faces == faces
        assert turned_up.display and inside(turned_up.region, size) and turned_up.region.height >= 3


@pytest.mark.parametrize("faces", FACES)
@pytest.mark.parametrize("size", SIZES, ids=size_id)
async def test_the_bottom_line_says_the_whole_sentence_and_every_card_you_may_play(tmp_path, size, faces, language):
    app = app_with_faces(tmp_path, faces, players=4, seed=1)
    async with app.run_test(size=size) as pilot:

        def some_cards_to_choose_from(app):
            view = app.client.view
            return my_turn_to_play(app) and 2 <= len(view.legal) < len(view.hand)

        await play_until(pilot, some_cards_to_choose_from)
        screen = table_screen(app)
        banner = screen.query_one(TurnBanner)
        shown = rows_of(app, banner)
        assert shown == str(banner.content), "the whole sentence, never cut"
        for action in app.client.view.legal:
            assert screen.words.card(action.card) in shown
        assert inside(banner.region, size)
        assert banner.region.bottom <= screen.query_one(KeyBar).region.y


@pytest.mark.parametrize("ruleset, phase", [("classic", Phase.DECLARE), ("nap", Phase.ANNOUNCE)])
async def test_a_turns_question_that_names_no_card_takes_one_line_at_the_smallest_size_in_every_language(
        tmp_path, ruleset, phase, language):
    """"Are you in or out?" and the Nap bid fit one line at 60×20 in English: so they do
    in every language, and the table keeps its rows."""
    app = make_app(tmp_path, spec_for(players=4, seed=3, ruleset=ruleset))
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        await play_until(pilot, lambda app: app.client.view.my_turn and app.client.view.phase is phase)
        banner = table_screen(app).query_one(TurnBanner)
        assert banner.region.height == 1, rows_of(app, banner)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
async def test_the_key_bar_keeps_every_key_at_every_size(tmp_path, size, language):
    """Where the keys do not fit on one line they take two: the rules, the settings and
    the palette are never left out, in every language, which takes no more lines than English."""
    app = make_app(tmp_path, spec_for(players=4, seed=1))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        keys = screen.query_one(KeyBar)
        shown = rows_of(app, keys)
        for key, words in (("i", "In"), ("o", "Out"), ("12345", "Play"), ("q", "Quit"), ("l", "Last trick"),
                           ("h", "History"), ("s", "Scores"), ("?", "Rules"), ("+-", "Pace"), ("f2", "Settings"),
                           ("^p", "palette")):
            assert f"{key} {_(words)}" in shown, (key, shown)
        # English's keys fit two lines at every size, and every language's in as many as English's
        assert inside(keys.region, size) and keys.region.height <= lines_in_english(keys) <= 2


async def test_a_large_window_centres_the_table_with_larger_cards_and_the_talk_beside_it(tmp_path):
    app = make_app(tmp_path, spec_for(players=5, seed=1))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        log = screen.query_one(GameLog).region
        assert log.x > 0 and log.right == 200, "the talk at the right"
        play_width = log.x
        hand = screen.query_one(HandView)
        cards = [card.region for card in hand.query(CardWidget) if card.card]
        assert {region.height for region in cards} == {7} and {region.width for region in cards} == {9}
        trick = screen.query_one(TrickArea).region
        felt = screen.query_one("#felt").region
        for part in (felt, trick):
            left, right = part.x, play_width - part.right
            assert abs(left - right) <= 1, ("centred between the left edge and the talk", part, left, right)
        assert screen.seat_widget(0).region.x == felt.x, "your seat below the felt's left column"
        assert felt.x <= hand.region.x and hand.region.right <= felt.right
        assert felt.width < play_width - 20, "the felt does not stretch over the whole window"
        assert not any(screen.seat_widget(seat).region.overlaps(log) for seat in range(5))
