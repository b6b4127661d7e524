"""The Rami table at every size it is played at, from 60×20 to 200×50: every seat,
pile, card and control on screen, whole and apart; the banner's sentence and the
title's scores never cut; the table in the middle of a large window, with large
cards; and below the smallest size a plain request for a larger window."""

from __future__ import annotations

import textwrap

import pytest

from ramsli_tui.languages import _
from ramsli_tui.ui.rami.hand import RamiHand
from ramsli_tui.ui.widgets.game_log import LOG_WIDTH
from ramsli_tui.ui.rami.piles import Pile
from ramsli_tui.ui.rami.seat import RamiSeat
from ramsli_tui.ui.rami.table import RamiTableScreen
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.card import CardWidget
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.kits.drivers import settle
from tests.kits.ui import make_app
from tests.ui.rami.test_ui_rami import rami_spec, table_of

SIZES = ((60, 20), (80, 24), (120, 40), (200, 50))
SEEDS = {2: 1, 4: 1}  # 1v1: you deal (the longest turn's line); 2v2: the tournante lies beside the piles


def inside(region, size) -> bool:
    width, height = size
    return region.width > 0 and region.height > 0 and region.x >= 0 and region.y >= 0 \
        and region.right <= width and region.bottom <= height


def shown(widget) -> bool:
    return widget.display and all(ancestor.display for ancestor in widget.ancestors if hasattr(ancestor, "display"))


def cards_in_hand(screen: RamiTableScreen) -> list[CardWidget]:
    return [widget for widget in screen.query_one(RamiHand).query(CardWidget) if widget.card is not None]


def line_fits(widget, text: str) -> bool:
    """``text``, wrapped at the widget's width inside its padding, fits its height."""
    return len(textwrap.wrap(text, widget.content_region.width)) <= widget.content_region.height


def assert_laid_out(screen: RamiTableScreen, size) -> None:
    """Every part on screen and whole, no two on each other, nothing said cut short, the
    keys a player looks for (quit, rules, settings, palette) never left out of the key bar."""
    seats = [seat.region for seat in screen.query(RamiSeat)]
    piles = [pile.region for pile in screen.query(Pile) if shown(pile)]
    cards = [card.region for card in cards_in_hand(screen)]
    buttons = [button.region for button in screen.query("#buttons Button")]
    parts = seats + piles + cards + buttons + [screen.query_one("#said").region]
    assert all(inside(region, size) for region in parts), parts
    for first, region in enumerate(parts):
        assert not any(region.overlaps(other) for other in parts[first + 1:]), (region, parts)
    assert len(cards) == len(screen.client.view.hand), "the hand is whole"
    assert all(region.width >= 4 and region.height >= 3 for region in cards), "each card's face shown"
    banner, keys = screen.query_one(TurnBanner), screen.query_one(KeyBar)
    assert inside(banner.region, size) and inside(keys.region, size)
    assert all(region.bottom <= banner.region.y for region in parts), "the table above the banner"
    assert line_fits(banner, str(banner.render())), f"the banner cut: {banner.render()}"
    said = screen.query_one("#said")
    said_lines = str(said.render()).splitlines()
    assert said_lines and sum(len(textwrap.wrap(line, said.content_region.width)) for line in said_lines) \
        <= said.content_region.height, f"what happened, cut: {said_lines}"
    shown_keys = str(keys.render())
    for key, words in (("q", "Quit"), ("?", "Rules"), ("f2", "Settings"), ("^p", "palette")):
        assert f"{key} {_(words)}" in shown_keys, f"the key bar leaves out {key}: {shown_keys}"
    title = screen.query_one("#title")
    view = screen.client.view
    scores = f"{view.scores[0]} – "
    assert line_fits(title, str(title.render())) and scores in str(title.render()), title.render()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("players", (2, 4), ids=("1v1", "2v2"))
async def test_every_part_of_the_rami_table_is_on_screen_whole_and_apart(tmp_path, players, size, language):
    app = make_app(tmp_path, rami_spec(players, seed=SEEDS[players]))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table_of(app)
        assert not screen.has_class("-too-small")
        assert_laid_out(screen, size)
        if app.client.view.phase.name == "DRAW":
            await pilot.press("p")  # a card from the talon
            await settle(pilot)
        await pilot.press("m")  # the hand in melds: a gap between each group, the widest it gets
        await pilot.pause()
        assert len(screen.query_one(RamiHand).arrangement.groups()) > 1
        assert_laid_out(screen, size)


@pytest.mark.parametrize("size", ((120, 40), (200, 50)), ids=lambda size: f"{size[0]}x{size[1]}")
async def test_a_large_window_has_the_table_in_its_middle(tmp_path, size):
    app = make_app(tmp_path, rami_spec(4, seed=1))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table_of(app)
        room = size[0] - (LOG_WIDTH if screen.has_class("-wide") else 0)  # the log stands at the right
        middle = room // 2
        cards = [card.region for card in cards_in_hand(screen)]
        left, right = min(region.x for region in cards), max(region.right for region in cards)
        assert abs((left + right) // 2 - middle) <= 2, "the hand in the middle"
        piles = [pile.region for pile in screen.query(Pile) if shown(pile)]
        assert abs((min(r.x for r in piles) + max(r.right for r in piles)) // 2 - middle) <= 2, "the piles too"
        felt = screen.query_one("#felt").region
        top = screen.query_one("#across").region.y - felt.y
        bottom = felt.bottom - screen.query_one("#buttons").region.bottom
        assert abs(top - bottom) <= 2, "as much room above the table as below"


async def test_the_cards_grow_with_the_window(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_of(app)
        heights = []
        for size in ((60, 20), (80, 24), (120, 40), (200, 50)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            heights.append({card.region.height for card in cards_in_hand(screen)})
        assert heights == [{3}, {3}, {5}, {7}], "small, small, large, larger"
        larger = next(card for card in cards_in_hand(screen) if not card.card.is_joker)
        face = str(larger.render())
        assert face.count(larger.card.label()[-1]) >= 1 and len(face.splitlines()) == 5, face


async def test_at_60_by_20_the_hands_result_lays_every_card_of_the_going_out_whole(tmp_path):
    from ramsli_tui.ui.rami.round_over import RoundOverScreen

    from tests.kits.drivers import play_rami_until

    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(60, 20)) as pilot:
        await play_rami_until(pilot, lambda app: app.client.result_unread)
        result = app.screen
        assert isinstance(result, RoundOverScreen)
        box = result.query_one(".box").content_region
        laid = [widget.region for widget in result.query(CardWidget)]
        assert len(laid) == sum(len(meld) for meld in result.view.out.melds)
        assert all(box.contains_region(region) for region in laid), (box, laid)
