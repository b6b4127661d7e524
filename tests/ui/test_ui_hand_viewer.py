"""The hand viewer (``ramsli replay FILE --view``): → a step on, ← one back, Home the
deal, End the last step, a click on a step's line goes there, q leaves; each step shows
its caption and every seat's cards face up, of either game."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList, Static

from ramsli_tui.games import game_named
from ramsli_tui.ui.app import RamsliApp, Viewing
from ramsli_tui.ui.common.hand_viewer import HandViewerScreen
from ramsli_tui.ui.rami.hand import RamiHand
from ramsli_tui.ui.ramsli.hand import HandView
from ramsli_tui.ui.ramsli.words import sort_hand

from tests.games.test_steps import finished_records
from tests.kits.ui import storage_in

HANDS = {"ramsli": HandView, "rami": RamiHand}


def record_of(game: str) -> dict:
    ruleset, players = ("classic", 4) if game == "ramsli" else ("simple", 2)
    return finished_records(game, ruleset, players, seed=4, hands=1)[0]


def viewer_app(folder, record: dict, game: str) -> RamsliApp:
    """The app showing ``record`` in the hand viewer, animations off."""
    shown = game_named(game).steps.shown_hand(json.dumps(record))
    app = RamsliApp(storage_in(folder), viewing=Viewing(game, shown))
    app.animation_level = "none"
    return app


def caption(app) -> str:
    return str(app.screen.query_one("#caption", Static).render())


def cards_shown(app, game: str) -> list[tuple]:
    """Each seat's cards on screen: Ramsli's in the order a player holds them, Rami's by
    their codes (a Rami hand is kept in its own order)."""
    shown = [tuple(card for card in hand.cards if card is not None)
             for hand in sorted(app.screen.query(HANDS[game]), key=lambda hand: hand.id)]
    return shown if game == "ramsli" else [tuple(sorted(cards, key=str)) for cards in shown]


def cards_held(step, game: str) -> list[tuple]:
    hand = step.hand
    if game == "ramsli":
        trump = hand.view(None).trump
        return [sort_hand(tuple(hand.hand_of(seat)), trump) for seat in range(hand.players)]
    return [tuple(sorted(hand.hand_of(seat), key=str)) for seat in range(hand.players)]


@pytest.mark.parametrize("game", ["ramsli", "rami"])
async def test_right_k_times_shows_step_k_and_home_and_end_go_to_the_ends(tmp_path, game):
    record = record_of(game)
    app = viewer_app(tmp_path, record, game)
    last = len(record["actions"])
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandViewerScreen)
        assert caption(app).startswith(f"Step 0 of {last}:")
        for k in (1, 2, 3):
            await pilot.press("right")
            await pilot.pause()
            step = screen.steps[k]
            assert caption(app).startswith(f"Step {k} of {last}:")
            assert " ".join(screen.felt.said(step, "french")) in caption(app)
            assert cards_shown(app, game) == cards_held(step, game)
            assert screen.query_one(OptionList).highlighted == k
        await pilot.press("left")
        await pilot.pause()
        assert caption(app).startswith(f"Step 2 of {last}:")
        await pilot.press("end")
        await pilot.pause()
        assert caption(app).startswith(f"Step {last} of {last}:")
        assert cards_shown(app, game) == cards_held(screen.steps[-1], game)
        await pilot.press("right")  # no step after the last
        await pilot.pause()
        assert caption(app).startswith(f"Step {last} of {last}:")
        await pilot.press("home")
        await pilot.pause()
        assert caption(app).startswith(f"Step 0 of {last}:")
        assert cards_shown(app, game) == cards_held(screen.steps[0], game)


async def test_the_hand_is_over_so_every_seat_shows_its_cards(tmp_path):
    record = record_of("ramsli")
    app = viewer_app(tmp_path, record, "ramsli")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        dealt = cards_shown(app, "ramsli")
        assert len(dealt) == 4 and all(len(cards) == 5 for cards in dealt)


async def test_a_click_on_a_steps_line_shows_that_step(tmp_path):
    record = record_of("ramsli")
    app = viewer_app(tmp_path, record, "ramsli")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        steps = app.screen.query_one(OptionList)
        line = steps._index_to_line[4]
        await pilot.click(steps, offset=(4, line + 1))  # below the list's top edge
        await pilot.pause()
        assert caption(app).startswith(f"Step 4 of {len(record['actions'])}:")
        assert cards_shown(app, "ramsli") == cards_held(app.screen.steps[4], "ramsli")


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_q_or_escape_leaves_the_viewer_and_the_app(tmp_path, key):
    app = viewer_app(tmp_path, record_of("rami"), "rami")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert not app.is_running
        assert app.return_code == 0


async def test_seats_are_named_by_the_record_or_by_number(tmp_path):
    record = {**record_of("rami"), "names": ["Anna", "Bertl"]}
    app = viewer_app(tmp_path, record, "rami")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [seat.state.name for seat in app.screen.query("RamiSeat")] == ["Anna", "Bertl"]
    app = viewer_app(tmp_path, record_of("rami"), "rami")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [seat.state.name for seat in app.screen.query("RamiSeat")] == ["Seat 1", "Seat 2"]


async def test_card_faces_changed_redraw_the_step_and_its_list(tmp_path):
    app = viewer_app(tmp_path, record_of("ramsli"), "ramsli")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for _ in range(6):
            await pilot.press("right")
        await pilot.pause()
        app.set_faces("german")
        await pilot.pause()
        screen = app.screen
        step = screen.steps[6]
        assert screen.shown == 6 and " ".join(screen.felt.said(step, "german")) in caption(app)
        lines = [str(screen.query_one(OptionList).get_option_at_index(k).prompt) for k in range(len(screen.steps))]
        assert lines[6] == screen.step_line(6) and all(mark not in "".join(lines) for mark in "♠♥♦♣")


async def test_page_down_scrolls_the_felt_in_a_low_window(tmp_path):
    app = viewer_app(tmp_path, record_of("ramsli"), "ramsli")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        felt = app.screen.query_one("#felt-room")
        assert felt.max_scroll_y > 0 and felt.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert felt.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert felt.scroll_y == 0
