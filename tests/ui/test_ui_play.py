"""Playing at the table with the keyboard and the mouse, and what the table shows and hides."""

from __future__ import annotations

import re

from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.ui.common.confirm import ConfirmScreen
from ramsli_tui.ui.ramsli.hand_summary import HandSummaryScreen
from ramsli_tui.ui.ramsli.table import RamsliTableScreen
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.card import CardWidget
from ramsli_tui.ui.ramsli.hand import CardKeys, HandView
from ramsli_tui.ui.widgets.key_bar import KeyBar
from ramsli_tui.ui.ramsli.seat import RamsliSeat

from tests.kits.ui import first_legal_place, make_app, play_until, settle, spec_for, table_screen


def visible(screen, selector: str) -> bool:
    """Is there such a button, and is it shown?"""
    return any(not button.has_class("-hidden") for button in screen.query(selector))


def banner_text(app) -> str:
    return str(table_screen(app).query_one(TurnBanner).render())


async def test_a_whole_hand_by_keyboard(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.client.view.phase is Phase.DECLARE
        await play_until(pilot, lambda app: app.client.result_unread)
        assert isinstance(app.screen, HandSummaryScreen)
        summary = str(app.screen.query_one("#text").render())
        assert "Hand 1" in summary and "Carried over" in summary
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RamsliTableScreen)
        assert app.client.view.number == 2


async def test_the_seats_under_a_hand_summary_show_that_hand_as_it_ended(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread)
        ended = app.table.game.finished[-1]
        screen = table_screen(app)
        for seat in range(4):
            state = screen.seat_widget(seat).state
            assert (state.stack, state.tricks) == (ended.stacks[seat], ended.tricks_won[seat])


async def test_arrows_and_enter_play_the_selected_card(tmp_path):
    app = make_app(tmp_path, spec_for(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and app.client.view.my_turn)
        hand = table_screen(app).query_one(HandView)
        target = first_legal_place(app) - 1
        for _ in range((target - hand.selected) % len(hand.cards)):
            await pilot.press("right")
        card = hand.cards[hand.selected]
        await pilot.press("enter")
        await settle(pilot)
        assert card in app.client.view.played_cards or card not in app.client.view.hand


async def test_an_arrow_draws_again_only_the_card_it_lowers_the_card_it_raises_and_the_keys_under_them(
        tmp_path, monkeypatch):
    app = make_app(tmp_path, spec_for(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and app.client.view.my_turn)
        hand = table_screen(app).query_one(HandView)
        cards = list(hand.query(CardWidget))
        drawn = []
        for widget in hand.query("*").results():
            monkeypatch.setattr(widget, "update_node_styles",
                                lambda *how, _widget=widget, _update=widget.update_node_styles, **more:
                                (drawn.append(_widget), _update(*how, **more))[1])
        for widget in (hand, *hand.query("*").results()):
            monkeypatch.setattr(widget, "refresh", lambda *regions, _widget=widget, _refresh=widget.refresh, **how:
                                (drawn.append(_widget), _refresh(*regions, **how))[1])
        lowered = hand.selected
        await pilot.press("right")
        await pilot.pause()
        raised = hand.selected
        assert cards[raised].has_class("-selected") and not cards[lowered].has_class("-selected")
        assert set(drawn) == {cards[lowered], cards[raised], hand.query_one(CardKeys)}, drawn


async def test_a_whole_hand_by_mouse(tmp_path):
    app = make_app(tmp_path, spec_for(seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await settle(pilot)
            view = app.client.view
            if app.client.result_unread:
                await pilot.click("#next")
                break
            if view.phase is Phase.DECLARE:
                await pilot.click("#act-in")
            elif view.phase is Phase.PLAY:
                hand = table_screen(app).query_one(HandView)
                place = first_legal_place(app) - 1
                await pilot.click(list(hand.query(CardWidget))[place])
        await settle(pilot)
        assert app.client.view.number == 2
        assert len(table_screen(app).chronicle.settled_hands) == 1


async def test_an_illegal_card_is_refused_and_the_reason_shown(tmp_path):
    app = make_app(tmp_path, spec_for(seed=2))
    async with app.run_test(size=(80, 24)) as pilot:

        def illegal_card_in_hand(app):
            view = app.client.view
            hand = table_screen(app).query_one(HandView)
            return view.my_turn and view.phase is Phase.PLAY and len(hand.legal) < len(hand.cards)

        await play_until(pilot, illegal_card_in_hand)
        hand = table_screen(app).query_one(HandView)
        place = next(place for place, card in enumerate(hand.cards, 1) if card not in hand.legal)
        before = app.client.view
        await pilot.press(str(place))
        await pilot.pause()
        assert app.client.view == before, "nothing changed"
        assert re.search(r"You must (follow suit|trump|over-trump|follow trumps)", banner_text(app))
        assert table_screen(app).query_one(TurnBanner).has_class("-refused")
        assert hand.query(CardWidget)[place - 1].has_class("-illegal")


async def test_acting_out_of_turn_is_refused_in_words(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")  # a card while declaring
        await pilot.pause()
        assert "You must declare in or out first" in banner_text(app)


async def test_no_other_seats_hidden_cards_are_ever_rendered(tmp_path):
    app = make_app(tmp_path, spec_for(players=6, seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        checks = 0

        def hidden_cards_not_shown(app):
            nonlocal checks
            if not app.client.result_unread:
                session = app.table.game
                hidden = {card for seat in range(1, 6) for card in session.hand.hand_of(seat)}
                shown = {widget.card for widget in app.screen.query(CardWidget) if widget.card is not None}
                assert not hidden & shown
                screen_text = app.export_screenshot()
                for card in hidden:
                    assert card.label("french") not in screen_text, f"{card.label()} of another seat is on screen"
                checks += 1
            return checks >= 12

        await play_until(pilot, hidden_cards_not_shown)


async def test_in_out_controls_only_while_declaring(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert visible(screen, "#act-in") and visible(screen, "#act-out")
        assert not visible(screen, "#act-general-rams") and not visible(screen, "#act-nap-2")
        assert not visible(screen, "#act-pass")
        assert screen.check_action("act", ("in",)) and not screen.check_action("act", ("general_rams",))
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and app.client.view.my_turn)
        assert not visible(screen, "#act-in") and not visible(screen, "#act-out")
        assert not screen.check_action("act", ("in",))


async def test_general_rams_is_offered_only_under_its_rules(tmp_path):
    app = make_app(tmp_path, spec_for(seed=4, ruleset="general-rams"))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.ANNOUNCE and app.client.view.my_turn)
        screen = table_screen(app)
        assert visible(screen, "#act-general-rams") and visible(screen, "#act-pass")
        assert not visible(screen, "#act-nap-3")
        await pilot.press("g")
        await settle(pilot)
        assert app.client.view.announcement == (0, "general_rams", None)


async def test_nap_targets_are_offered_only_under_their_rules(tmp_path):
    app = make_app(tmp_path, spec_for(seed=4, ruleset="nap"))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.ANNOUNCE and app.client.view.my_turn)
        screen = table_screen(app)
        offered = {target for target in (2, 3, 4, 5) if visible(screen, f"#act-nap-{target}")}
        assert offered == {action.target for action in app.client.view.legal if action.kind == "nap"}
        assert not visible(screen, "#act-general-rams")
        await pilot.press(str(max(offered)))
        await settle(pilot)
        assert app.client.view.announcement[:2] == (0, "nap")


async def test_obligatory_rules_never_ask_in_or_out(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1, ruleset="obligatory"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert app.client.view.phase is Phase.PLAY
        assert not visible(screen, "#act-in")


async def test_quitting_during_a_hand_asks_first(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, RamsliTableScreen)
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0
    assert app.storage.saved_games()[0]



async def test_the_key_bar_offers_the_keys_of_the_moment_and_a_click_presses_one(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = table_screen(app).query_one(KeyBar)
        line = str(bar.render())
        assert "i In" in line and "o Out" in line and "? Rules" in line
        assert "g " not in line, "no General Rams under the classic rules"
        await pilot.click(bar, offset=(line.index("i In"), 0))
        await settle(pilot)
        assert app.client.view.declarations[0] is True
        assert "i In" not in str(bar.render())


async def test_german_faces_are_coloured_leaves_green_hearts_red_bells_gold_acorns_brown(tmp_path):
    from textual.color import Color

    from ramsli_tui.cards import Suit

    variables = {Suit.SPADES: "german-leaves", Suit.HEARTS: "german-hearts", Suit.DIAMONDS: "german-bells",
                 Suit.CLUBS: "german-acorns"}
    app = make_app(tmp_path, spec_for(seed=6))
    app.settings.faces = "german"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        colours = {name: Color.parse(app.theme_variables[name]) for name in variables.values()}
        assert len(set(colours.values())) == 4, "four colours"
        assert colours["german-leaves"] != Color.parse(app.theme_variables["suit-spades"])
        for widget in table_screen(app).query(CardWidget):
            if widget.card is not None and not widget.card.is_joker:
                assert widget.styles.color == colours[variables[widget.card.suit]], widget.card


def test_every_bundled_theme_names_its_colours_for_german_faces():
    import yaml

    from ramsli_tui.ui.themes import bundled_dir

    for path in bundled_dir().glob("*.yaml"):
        variables = yaml.safe_load(path.read_text())["variables"]
        assert {"german-leaves", "german-hearts", "german-bells", "german-acorns"} <= set(variables), path.name


def test_a_seat_out_of_the_hand_shows_no_tricks():
    from ramsli_tui.ui.ramsli.seat import RamsliSeatState

    def state(status, playing):
        return RamsliSeatState(name="Anna", stack=19, status=status, tricks=0, cards=0, dealer=False, turn=False,
                         playing=playing, out=status in ("out", "left"))

    assert RamsliSeat.tricks_text(state("in", True), 20) == "tricks –"
    assert [RamsliSeat.tricks_text(state(status, False), 20) for status in ("out", "", "left")] == ["", "", ""]


async def test_your_cards_are_dimmed_while_you_sit_the_hand_out(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = table_screen(app).query_one(HandView)
        assert not hand.has_class("-sitting-out")
        await pilot.press("o")
        await pilot.pause()
        assert hand.has_class("-sitting-out")
        assert all(card.styles.text_style.dim for card in hand.query(CardWidget) if card.card is not None)


async def test_the_hand_summary_says_who_won_the_pot_once(tmp_path):
    app = make_app(tmp_path, spec_for(seed=10))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread)
        summary = str(app.screen.query_one("#text").render())
        assert "Bertl takes the pot of 4 chips" in summary
        assert "from the pot" not in summary


async def test_under_a_hand_summary_the_key_bar_offers_the_summarys_keys_not_the_tables(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread)
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        line = str(table_screen(app).query_one(KeyBar).render())
        assert "Next hand" in line and "Play" not in line and "o Out" not in line
        await pilot.press("enter")
        await settle(pilot)
        assert "Next hand" not in str(table_screen(app).query_one(KeyBar).render())
