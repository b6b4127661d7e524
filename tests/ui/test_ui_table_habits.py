"""What a player expects at a Ramsli table: their name on their seat, the last trick on
request, a pause after each trick when asked for, skipping ahead when out, why there is
no hint with another person at the table, no misclicks, and the card winning the trick marked.  (What every game's table
does alike, the pace, the hint (and why there is none) and the turn announced among it, is in
tests/ui/common/test_ui_table_base.py.)"""

from __future__ import annotations

from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.games.ramsli.engine.events import TrickWon
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.card import CardWidget
from ramsli_tui.ui.ramsli.hand import HandView
from ramsli_tui.ui.widgets.key_bar import KeyBar
from ramsli_tui.ui.ramsli.trick import TrickArea

from tests.kits.ui import first_legal_place, make_app, play_until, settle, spec_for, table_screen


def banner(app) -> str:
    return str(table_screen(app).query_one(TurnBanner).render())


def trick_cards(app) -> dict[int, object]:
    area = table_screen(app).query_one(TrickArea)
    return {int(widget.id.removeprefix("trick-")): widget.card for widget in area.query(CardWidget) if widget.card}


def my_turn_to_play(app) -> bool:
    view = app.client.view
    return view.my_turn and view.phase is Phase.PLAY


async def test_your_name_is_on_your_seat(tmp_path):
    spec = GameSpec.one_person("ramsli", "classic", 1, ("Zora", "Anna", "Bertl", "Carlo"), ["random"] * 3)
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        mine = str(table_screen(app).seat_widget(0).render())
        assert "Zora" in mine and "You" not in mine


async def test_where_players_are_listed_your_name_is_too_and_you_where_a_sentence_is_about_you(tmp_path):
    from ramsli_tui.ui.ramsli.history import TrickHistoryScreen

    spec = GameSpec.one_person("ramsli", "classic", 3, ("Zora", "Anna", "Bertl", "Carlo"), ["random"] * 3)
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: table_screen(app).last_trick() is not None and my_turn_to_play(app))
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, TrickHistoryScreen)
        lines = [line.strip() for _, text in app.screen.texts for line in str(text.render()).splitlines()]
        listed = [line for line in lines if line.startswith(("In:", "1. "))]
        assert len(listed) == 2 and all("Zora" in line and "You" not in line for line in listed), listed


async def test_a_name_too_long_for_its_seat_is_shortened_with_an_ellipsis_and_whole_in_its_tooltip(tmp_path):
    names = ("Zora", "Anna", "Bertl", "Maximilianusxy", "Carlo", "Dora")
    spec = GameSpec.one_person("ramsli", "classic", 1, names, ["random"] * 5)
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        seat = table_screen(app).seat_widget(3)
        top = str(seat.render()).splitlines()[0]
        assert "Maximilianusxy" not in top and "Maxim" in top and top.rstrip().endswith("…"), top
        assert str(seat.tooltip) == "Maximilianusxy"
        assert table_screen(app).seat_widget(1).tooltip is None, "a name that fits needs no tooltip"


async def test_one_trump_that_beats_the_trump_led_is_told_as_an_over_trump(tmp_path):
    spec = GameSpec.one_person("ramsli", "classic", 42, ("Mia", "Anna", "Bertl", "Carlo", "Dora"), ["hard"] * 4,
                               starting_chips=10)
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await play_until(pilot, my_turn_to_play)
        assert banner(app) == "▶ Your turn: trumps were led, so over-trump 8♣: you must play Q♣."


async def test_l_and_a_click_show_the_last_trick_and_hide_it_again(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:

        def second_trick_under_way(app):
            trick = app.client.view.current_trick
            return my_turn_to_play(app) and len(app.client.view.tricks) >= 2 and bool(trick.plays)

        await play_until(pilot, second_trick_under_way)
        screen = table_screen(app)
        now = dict(app.client.view.current_trick.plays)
        last = screen.last_trick()
        assert isinstance(last, TrickWon) and trick_cards(app) == now
        await pilot.press("l")
        assert trick_cards(app) == dict(last.plays)
        assert "Last trick" in str(screen.query_one("#trick-caption").render())
        await pilot.press("l")
        assert trick_cards(app) == now
        await pilot.click(TrickArea)
        assert trick_cards(app) == dict(last.plays), "a click shows it too"
        await pilot.press(str(first_legal_place(app)))
        await pilot.pause()
        assert not screen.showing_last_trick, "playing a card goes back to the trick in play"


async def test_with_the_pause_setting_each_trick_waits_for_a_key(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    app.settings.trick_pause = "until_key"
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: table_screen(app).holding == "trick")
        screen = table_screen(app)
        won = screen.trick_on_table
        assert isinstance(won, TrickWon) and any(seat == 0 for seat, _ in won.plays)
        assert trick_cards(app) == dict(won.plays), "the finished trick stays in view"
        assert "Press space to go on" in banner(app)
        assert "space Go on" in str(screen.query_one(KeyBar).render())
        tricks_before = len(app.client.view.tricks)
        await pilot.press("space")
        await pilot.pause()
        assert screen.holding is None, "space goes on"
        assert len(app.client.view.tricks) >= tricks_before


async def test_during_the_pause_after_a_trick_other_keys_do_what_they_always_do(tmp_path):
    from ramsli_tui.ui.common.confirm import ConfirmScreen
    from ramsli_tui.ui.ramsli.history import TrickHistoryScreen

    app = make_app(tmp_path, spec_for(seed=3))
    app.settings.trick_pause = "until_key"
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: table_screen(app).holding == "trick")
        screen = table_screen(app)
        hand = len(app.client.view.hand)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), "q asks whether to leave"
        assert screen.holding == "trick", "and the pause goes on behind it"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.holding == "trick"
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, TrickHistoryScreen) and screen.holding == "trick"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.holding == "trick"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.holding is None, "Enter goes on"
        assert len(app.client.view.hand) == hand, "and plays no card"


async def test_f_has_the_hand_played_out_at_once_when_you_are_out(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        asked = []
        app.client.hurry = lambda: asked.append(True)
        screen = table_screen(app)
        assert "Finish hand" not in str(screen.query_one(KeyBar).render()), "not while you may still play"
        await pilot.press("f")
        assert asked == []
        app.table.delay = 5.0  # the others play at a pace a person would watch
        await pilot.press("o")
        await pilot.pause()
        assert app.client.view.declarations[0] is False and app.client.view.phase is not Phase.SETTLED
        assert "f Finish hand" in str(screen.query_one(KeyBar).render())
        assert "f finishes the hand" in banner(app)
        await pilot.press("f")
        assert asked == [True]


async def test_t_says_hints_are_only_for_a_game_alone_when_another_person_sits_at_the_table(tmp_path):
    from ramsli_tui.table.spec import SeatSpec

    seats = (SeatSpec.person("Mia"), SeatSpec.person("Anna"), SeatSpec.computer("Bertl", "random"))
    app = make_app(tmp_path, GameSpec("ramsli", "classic", 1, seats))
    app.settings.hints = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        assert banner(app) == "No hints here: they are only for a game alone against computer players."


async def test_with_second_click_a_first_click_only_raises_the_card(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    app.settings.second_click = True
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: my_turn_to_play(app) and len(table_screen(app).query_one(HandView).legal) >= 2)
        hand = table_screen(app).query_one(HandView)
        places = [place for place, card in enumerate(hand.cards) if card in hand.legal]
        other = next(place for place in places if place != hand.selected)
        widget = list(hand.query(CardWidget))[other]
        card, held = widget.card, len(app.client.view.hand)
        await pilot.click(widget)
        await pilot.pause()
        assert hand.selected == other and len(app.client.view.hand) == held, "raised, not played"
        await pilot.click(widget)
        await settle(pilot)
        assert card not in app.client.view.hand, "the second click played it"


async def test_with_second_click_raising_a_legal_card_takes_back_a_refusal(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    app.settings.second_click = True
    async with app.run_test(size=(80, 24)) as pilot:

        def holding_a_card_you_may_not_play(app):
            hand = table_screen(app).query_one(HandView)
            return my_turn_to_play(app) and hand.to_play and any(card not in hand.legal for card in hand.cards)

        await play_until(pilot, holding_a_card_you_may_not_play)
        hand = table_screen(app).query_one(HandView)
        wrong = next(place for place, card in enumerate(hand.cards) if card not in hand.legal)
        right = next(place for place, card in enumerate(hand.cards) if card in hand.legal)
        await pilot.press(str(wrong + 1), str(wrong + 1))
        await pilot.pause()
        assert banner(app).startswith("✗ You must"), "the second press is refused"
        await pilot.press(str(right + 1))
        await pilot.pause()
        assert hand.selected == right and "✗" not in banner(app), "a legal card raised, the refusal goes"
        assert banner(app).startswith("▶ Your turn")


def marked(app, mark: str) -> list[object]:
    area = table_screen(app).query_one(TrickArea)
    return [widget.card for widget in area.query(CardWidget) if widget.card and widget.has_class(mark)]


def best_so_far(plays, trump):
    """The test's own reckoning of the card winning a trick so far: the highest trump, else the highest of the suit led."""
    led = plays[0][1]
    trumps = [card for _, card in plays if card.is_joker or card.suit == trump]
    return max(trumps or [card for _, card in plays if card.suit == led.suit], key=lambda card: (card.is_joker, card.rank))


async def test_the_card_winning_the_trick_so_far_is_marked_and_the_winner_after_it(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:

        def two_cards_in_the_trick(app):
            trick = app.client.view.current_trick
            return my_turn_to_play(app) and trick is not None and len(trick.plays) >= 2

        await play_until(pilot, two_cards_in_the_trick)
        view = app.client.view
        assert marked(app, "-winning") == [best_so_far(view.current_trick.plays, view.trump)]
        assert marked(app, "-winner") == []
        screen = table_screen(app)
        await play_until(pilot, lambda app: screen.trick_on_table is not None)
        done = screen.trick_on_table
        assert marked(app, "-winner") == [dict(done.plays)[done.seat]], "the finished trick's winner, told apart"
        assert marked(app, "-winning") == []


async def test_your_name_heads_your_row_in_the_summary_and_your_column_in_the_scoreboard(tmp_path):
    spec = GameSpec.one_person("ramsli", "classic", 3, ("Zora", "Anna", "Bertl", "Carlo"), ["random"] * 3)
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread)
        await pilot.pause()
        summary = str(app.screen.query_one("#text").render())
        assert "Zora" in summary
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert "Zora" in app.screen.names
