"""The Rami Simple table, issue 12: whole hands played by keys and by mouse at one against
one and two against two, the hand sorted and arranged by keys and mouse, the melds shown,
going out when the cards allow, and never another seat's cards on screen."""

from __future__ import annotations

import html
import random
import re
from collections import Counter

import pytest

from ramsli_tui.games.rami import RAMI
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.ui.rami.arrangement import best_melds, by_rank, by_suit
from ramsli_tui.ui.rami.hand import RamiHand
from ramsli_tui.ui.rami.round_over import RoundOverScreen
from ramsli_tui.ui.rami.table import RamiTableScreen
from ramsli_tui.ui.widgets.card import CardWidget

from tests.kits.drivers import play_rami_turn, play_rami_until, rami_to_discard, settle
from tests.kits.scenes import NAMES
from tests.kits.ui import make_app


def shown_text(app) -> str:
    """Every character on screen, read from its screenshot."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg[svg.index("<g class"):])).replace("\xa0", " ")


def rami_spec(players: int = 2, seed: int = 1, strength: str = "normal") -> GameSpec:
    return GameSpec.one_person("rami", "simple", seed, NAMES[:players], [strength] * (players - 1))


def table_of(app) -> RamiTableScreen:
    return next(screen for screen in app.screen_stack if isinstance(screen, RamiTableScreen))


def hand_of(app) -> RamiHand:
    return table_of(app).query_one(RamiHand)


# --- whole hands ------------------------------------------------------------------------------

@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)], ids=["1v1", "2v2"])
async def test_a_whole_hand_played_by_keys_ends_in_its_result_and_the_next_hand(tmp_path, players, seed):
    app = make_app(tmp_path, rami_spec(players, seed))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, lambda app: app.client.result_unread)
        result = app.screen
        assert isinstance(result, RoundOverScreen)
        out = result.view.out
        laid = Counter(widget.card for widget in result.query(CardWidget))
        assert laid == Counter(card for meld in out.melds for card in meld), "the going-out's melds are on the table"
        assert "100 points" in str(result.query_one("#points").render())
        await pilot.press("enter")
        await settle(pilot)
        assert app.client.view.number == 2
        assert sum(app.client.view.scores) == RAMI.load_rules("simple").points_for_losing_side(players)


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)], ids=["1v1", "2v2"])
async def test_a_whole_hand_played_by_mouse(tmp_path, players, seed):
    """The piles clicked to draw, a card clicked twice to throw it, the buttons to go out and go on."""
    app = make_app(tmp_path, rami_spec(players, seed))
    player, rng = RAMI.computer_player("normal"), random.Random(0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot)
            if app.client.result_unread:
                break
            view = app.client.view
            action = player.choose(view, view.legal, rng)
            if action.kind == "draw":
                await pilot.click(f"#pile-{action.source}")
            elif action.kind == "out":
                await pilot.click("#go-out")
            else:
                hand = hand_of(app)
                widget = list(hand.query(CardWidget))[hand.cards.index(action.card)]
                if not widget.has_class("-selected"):
                    await pilot.click(widget)
                await pilot.click(widget)
        assert app.client.result_unread
        await pilot.click("#go-on")
        await settle(pilot)
        assert app.client.view.number == 2


# --- the hand, the person's way -----------------------------------------------------------------

async def test_the_hand_is_sorted_by_suit_or_rank_and_arranged_by_keys_and_kept_through_a_turn(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        hand = hand_of(app)
        await pilot.press("k")
        assert list(hand.cards) == sorted(hand.cards, key=by_rank)
        await pilot.press("u")
        assert list(hand.cards) == sorted(hand.cards, key=by_suit)
        before = list(hand.cards)
        hand.selected = 0
        await pilot.press("shift+right", "right_square_bracket")
        assert hand.selected == 2
        assert list(hand.cards) == before[1:3] + before[:1] + before[3:]
        await pilot.press("left_square_bracket")
        assert list(hand.cards) == before[1:2] + before[:1] + before[2:]
        arranged = list(hand.cards)
        player, rng = RAMI.computer_player("normal"), random.Random(0)
        await play_rami_turn(pilot, player, rng)  # the discard
        await settle(pilot)
        thrown = Counter(arranged) - Counter(hand.cards)
        assert sum(thrown.values()) == 1
        kept = list(arranged)
        kept.remove(next(iter(thrown)))
        assert list(hand.cards) == kept, "the cards left keep the person's order"
        await play_rami_turn(pilot, player, rng)  # the draw
        await pilot.pause()
        assert list(hand.cards[:-1]) == kept, "a card drawn comes at the right end"


async def test_arrows_choose_the_card_round_the_hand_and_enter_discards_it(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        hand = hand_of(app)
        hand.selected = 0
        await pilot.press("right", "right")
        assert hand.selected == 2
        await pilot.press("left", "left", "left")
        assert hand.selected == len(hand.cards) - 1, "left of the first is the last"
        await pilot.press("right")
        assert hand.selected == 0, "right of the last is the first"
        chosen, held = hand.cards[0], list(hand.cards)
        await pilot.press("enter")
        await settle(pilot)
        assert Counter(held) - Counter(hand.cards) == Counter([chosen]), "Enter discards the chosen card"


async def test_a_card_is_moved_by_mouse_dragging_it_or_with_the_buttons(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        await pilot.click("#sort-rank")
        hand = hand_of(app)
        assert list(hand.cards) == sorted(hand.cards, key=by_rank)
        before = list(hand.cards)
        widgets = list(hand.query(CardWidget))
        await pilot.mouse_down(widgets[0])
        await pilot.mouse_up(widgets[3])
        await pilot.pause()
        assert list(hand.cards) == before[1:4] + before[:1] + before[4:]
        assert hand.selected == 3
        await pilot.click("#move-left")
        assert list(hand.cards) == before[1:3] + before[:1] + before[3:]
        assert app.client.view.my_turn and len(app.client.view.hand) == 14, "nothing was thrown meanwhile"


async def test_show_me_my_melds_lays_the_hand_out_in_its_melds(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        await pilot.press("m")
        hand = hand_of(app)
        groups, missing = best_melds(hand.cards, app.client.view.taken_from_jetee)
        assert hand.arrangement.groups() == [tuple(group) for group in groups]
        banner = str(table_of(app).query_one("#banner").render())
        assert f"{missing} more card" in banner if missing else "melds" in banner


async def test_going_out_is_offered_only_when_the_cards_go_out_and_ends_the_hand(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1, strength="random"))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table_of(app)

        def going_out_now(app) -> bool:
            return app.client.view.my_turn and app.client.view.going_out() is not None

        await play_rami_until(pilot, lambda app: assert_offered(screen, going_out_now(app)) or going_out_now(app))
        await pilot.press("o")
        await settle(pilot)
        assert app.client.result_unread
        assert app.screen.view.out.seat == 0
        assert "Anna gets 100 points" in str(app.screen.query_one("#points").render())


def assert_offered(screen: RamiTableScreen, can: bool) -> bool:
    """The go-out key and button are offered exactly when the cards go out now (and not
    while a hand's result is on screen)."""
    can = can and not screen.holding
    assert screen.check_action("go_out", ()) is can
    assert screen.query_one("#go-out").disabled is not can
    return False


# --- what a seat may see -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4])
async def test_the_screen_never_shows_another_seats_cards(tmp_path, players):
    app = make_app(tmp_path, rami_spec(players, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await play_rami_until(pilot, lambda app: app.client.view.my_turn)
            view = app.client.view
            shown = Counter(widget.card for widget in table_of(app).query(CardWidget)
                            if widget.card is not None and widget.display and widget.parent.display)
            seen = Counter(view.hand) + Counter([*view.jetee[:1], *([view.tournante] if view.tournante else [])])
            assert not shown - seen, "only the seat's own cards and the piles' face-up cards are on screen"
            hidden = app.table.game.hand.holdings
            others_only = Counter(card for seat in range(1, players) for card in hidden[seat]) - Counter(view.hand) \
                - Counter(card for _, card in view.discards) - Counter(card for _, _, card in view.taken)
            assert others_only, "the others hold cards nobody has seen"
            text = shown_text(app)
            assert view.hand[0].label() in text, "the text read is the screen's"
            for card in others_only:
                assert card.label() not in text
            await play_rami_turn(pilot, RAMI.computer_player("normal"), random.Random(0))


# --- sizes, themes and faces ---------------------------------------------------------------------

async def test_monochrome_and_german_faces_show_the_hand(tmp_path):
    from ramsli_tui.storage import Settings

    from tests.kits.ui import storage_in

    storage_in(tmp_path).save_settings(Settings(theme="monochrome", faces="german", bot_delay=0.0))
    app = make_app(tmp_path, rami_spec())
    async with app.run_test(size=(80, 24)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        hand = hand_of(app)
        assert app.theme == "monochrome"
        faces = {widget.faces for widget in hand.query(CardWidget) if widget.card is not None}
        assert faces == {"german"}
        selected = [widget for widget in hand.query(CardWidget) if widget.has_class("-selected")]
        assert len(selected) == 1


# --- refusals, the game's end, coming back ---------------------------------------------------------

async def test_a_refused_discard_is_said_in_words_and_nothing_is_thrown(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, lambda app: any(action.source == "jetee" for action in app.client.view.legal
                                                     if action.kind == "draw"))
        await pilot.press("j")
        await settle(pilot)
        taken = app.client.view.taken_from_jetee
        hand = hand_of(app)
        assert hand.cards[hand.selected] == taken, "the card drawn is chosen"
        await pilot.press("d")
        banner = str(table_of(app).query_one("#banner").render())
        assert banner == f"✗ You may not discard {taken.label()} this turn: it was taken from the jetée."
        assert len(app.client.view.hand) == 14


LOST_AT_ONCE = "game: rami\nextends: simple\nname: one-hand\nlosing_total: {2: 100, 4: 200}\n"


async def test_the_games_end_is_told_and_n_sets_up_a_new_one(tmp_path):
    from ramsli_tui.ui.common.setup import SetupScreen

    ruleset = tmp_path / "one-hand.yaml"
    ruleset.write_text(LOST_AT_ONCE)
    spec = GameSpec.one_person("rami", str(ruleset), 1, NAMES[:2], ["normal"])
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, lambda app: isinstance(app.screen, RoundOverScreen))
        assert "loses the game." in str(app.screen.query_one("#points").render())
        await pilot.press("enter")
        await pilot.pause()
        banner = str(table_of(app).query_one("#banner").render())
        assert banner.startswith("The game is over: ") and "lost at 100 points" in banner
        assert app.client.is_over
        save = app.save_path
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert not save.exists(), "a game whose end was read is no longer saved"


# --- issue 19: dragging, the chosen card kept, the jokers and the keys offered ------------------------

async def drag_as_a_terminal_does(pilot, source, target) -> None:
    """Mouse down on ``source``, a move onto ``target`` and up there, sent as a terminal's
    driver sends them: to the app, at screen positions, naming no widget."""
    from textual.events import MouseDown, MouseMove, MouseUp

    steps = ((MouseDown, source), (MouseMove, source), (MouseMove, target), (MouseUp, target))
    for event_class, widget in steps:
        x, y = widget.region.center
        pilot.app.post_message(event_class(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
        await pilot.pause()


async def test_a_card_dragged_as_a_terminal_sends_it_moves_and_selects_no_text(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        hand = hand_of(app)
        before = list(hand.cards)
        widgets = list(hand.query(CardWidget))
        await drag_as_a_terminal_does(pilot, widgets[1], widgets[4])
        assert list(hand.cards) == before[:1] + before[2:5] + before[1:2] + before[5:]
        assert hand.cards[hand.selected] == before[1], "the card moved is the chosen one"
        assert not app.screen.selections, "no text selected by the drag"
        assert len(app.client.view.hand) == 14, "nothing was thrown"


async def test_the_card_under_the_mouse_does_not_look_chosen(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        hand = hand_of(app)
        widgets = list(hand.query(CardWidget))
        chosen = widgets[hand.selected]
        under = next(widget for widget in widgets if widget.card is not None and widget is not chosen
                     and widget.has_class("-legal"))
        await pilot.hover(under)
        await pilot.pause()
        assert under.is_mouse_over
        assert under.styles.border_top[0] != chosen.styles.border_top[0], "hovered and chosen drawn unlike"


async def test_whatever_reorders_the_hand_keeps_the_chosen_card_chosen(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        hand = hand_of(app)
        forbidden = app.client.view.taken_from_jetee
        groups, _ = best_melds(hand.cards, forbidden)
        laid_out = [card for group in groups for card in group]
        orders = {"k": sorted(hand.cards, key=by_rank), "u": sorted(hand.cards, key=by_suit), "m": laid_out}
        for key, order in orders.items():
            moving = next(card for card in hand.cards if order.index(card) != hand.cards.index(card))
            hand.select_card(moving)
            await pilot.press(key)
            assert list(hand.cards) == order
            assert hand.cards[hand.selected] == moving, f"{key} kept the chosen card chosen"


async def test_a_rami_joker_is_drawn_as_a_joker_not_as_ramslis_big_or_little_one(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        joker = next(widget for widget in hand_of(app).query(CardWidget) if widget.card and widget.card.is_joker)
        small = str(joker.render())
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        large = str(joker.render())
        for face in (small, large):
            assert "★" in face and "B★" not in face and "L★" not in face and "BIG" not in face and "LIT" not in face


async def test_the_key_bar_offers_only_the_draws_that_can_be_made(tmp_path):
    from ramsli_tui.ui.widgets.key_bar import KeyBar

    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        def to_draw(app) -> bool:
            return app.client.view.my_turn and app.client.view.phase.name == "DRAW"

        await play_rami_until(pilot, to_draw)
        screen, view = table_of(app), app.client.view
        sources = {action.source for action in view.legal if action.kind == "draw"}
        keys = str(screen.query_one(KeyBar).render())
        for source, words in (("talon", "p Talon"), ("jetee", "j Jetée"), ("tournante", "r Tournante")):
            assert screen.check_action("draw", (source,)) is (source in sources)
            assert (words in keys) is (source in sources), keys
        assert "tournante" not in sources, "the case the issue saw: no tournante to take"


async def test_while_a_card_is_dragged_the_card_it_would_go_to_is_marked(tmp_path):
    from textual.events import MouseDown, MouseMove, MouseUp

    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        hand = hand_of(app)
        widgets = list(hand.query(CardWidget))

        async def send(event_class, widget) -> None:
            x, y = widget.region.center
            app.post_message(event_class(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
            await pilot.pause()

        await send(MouseDown, widgets[5])
        await send(MouseMove, widgets[2])
        assert [place for place, widget in enumerate(widgets) if widget.has_class("-drop")] == [2]
        assert hand.selected != 2
        assert widgets[2].styles.border_top[0] != widgets[hand.selected].styles.border_top[0], "not like chosen"
        await send(MouseUp, widgets[2])
        assert not any(widget.has_class("-drop") for widget in widgets), "the mark goes with the release"
        assert app.mouse_captured is None, "the mouse is let go"


async def test_a_drag_whose_release_never_came_lets_the_mouse_go_at_the_next_release(tmp_path):
    from textual.events import MouseDown, MouseUp

    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        before = list(hand_of(app).cards)
        card, talon = list(hand_of(app).query(CardWidget))[3], table_of(app).query_one("#pile-talon")
        for event_class, widget in ((MouseDown, card), (MouseDown, talon), (MouseUp, talon)):
            x, y = widget.region.center
            app.post_message(event_class(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
            await pilot.pause()
        assert app.mouse_captured is None, "the table's mouse is free again"
        assert list(hand_of(app).cards) == before
