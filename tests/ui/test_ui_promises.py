"""The app's promises that no snapshot shows: keys and their timing, the table's pace and
saving, what a computer player or a failing disk may do, and what stays on the table
between moves.  Each test here was written against a deliberate break of the app that
the other tests let through."""

from __future__ import annotations



from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.games.ramsli.house_rules import load as load_ruleset
from ramsli_tui.storage import Settings
from ramsli_tui.table.table import Table
from ramsli_tui.ui.app import RamsliApp
from ramsli_tui.ui.common.confirm import ConfirmScreen
from ramsli_tui.ui.ramsli.rules_help import rules_markdown
from ramsli_tui.ui.ramsli.table import RamsliTableScreen
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.card import CardWidget
from ramsli_tui.ui.ramsli.hand import HandView
from ramsli_tui.ui.ramsli.trick import TrickArea

from tests.kits.ui import make_app, play_until, settle, spec_for, storage_in, table_screen


# --- the table screen ----------------------------------------------------------------------------

def my_turn_to_lead(view) -> bool:
    trick = view.current_trick
    return view.my_turn and view.phase is Phase.PLAY and (trick is None or not trick.plays)


async def test_arrows_move_the_selection_round_the_hand_and_enter_plays_the_card_selected(tmp_path):
    app = make_app(tmp_path, spec_for(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:

        def to_lead(app):
            view = app.client.view
            return my_turn_to_lead(view) and len(view.hand) >= 3

        await play_until(pilot, to_lead)
        hand = table_screen(app).query_one(HandView)
        assert hand.legal == set(hand.cards), "any card may lead"
        count = len(hand.cards)
        await pilot.press(*["left"] * hand.selected)
        assert hand.selected == 0
        await pilot.press("left")
        assert hand.selected == count - 1, "left from the first card goes round to the last"
        await pilot.press("right")
        assert hand.selected == 0, "right from the last card goes round to the first"
        await pilot.press("right", "right")
        assert hand.selected == 2
        await pilot.press("left")
        assert hand.selected == 1
        chosen = hand.cards[1]
        await pilot.press("enter")
        await settle(pilot)
        trick = next(trick for trick in reversed(app.client.view.tricks) if trick.plays)
        assert (0, chosen) in trick.plays


async def test_the_selection_starts_on_the_first_card_that_may_be_played(tmp_path):
    app = make_app(tmp_path, spec_for(seed=2))
    async with app.run_test(size=(80, 24)) as pilot:

        def first_card_illegal(app):
            view = app.client.view
            hand = table_screen(app).query_one(HandView)
            return view.my_turn and view.phase is Phase.PLAY and hand.cards and hand.cards[0] not in hand.legal

        await play_until(pilot, first_card_illegal)
        hand = table_screen(app).query_one(HandView)
        first_legal = next(place for place, card in enumerate(hand.cards) if card in hand.legal)
        assert hand.selected == first_legal
        assert hand.query(CardWidget)[first_legal].has_class("-selected")
        card = hand.cards[first_legal]
        await pilot.press("enter")
        await pilot.pause()
        assert not table_screen(app).query_one(TurnBanner).has_class("-refused")
        assert card in app.client.view.played_cards


async def test_naming_a_nap_target_plays_no_card(tmp_path):
    app = make_app(tmp_path, spec_for(seed=4, ruleset="nap"))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.ANNOUNCE and app.client.view.my_turn)
        target = max(action.target for action in app.client.view.legal if action.kind == "nap")
        await pilot.press(str(target))
        await settle(pilot)
        await pilot.pause()
        assert app.client.view.announcement[:2] == (0, "nap")
        assert not any(seat == 0 for trick in app.client.view.tricks for seat, _ in trick.plays)
        assert not table_screen(app).query_one(TurnBanner).has_class("-refused")


async def test_only_the_nap_targets_above_the_highest_bid_are_offered(tmp_path):
    app = make_app(tmp_path, spec_for(players=6, seed=1, ruleset="nap"))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.ANNOUNCE and app.client.view.my_turn)
        view = app.client.view
        assert view.announcement is not None and view.announcement[2] == 3, "another player has bid Nap 3"
        screen = table_screen(app)
        shown = {target for target in (2, 3, 4, 5)
                 if not screen.query_one(f"#act-nap-{target}").has_class("-hidden")}
        assert shown == {action.target for action in view.legal if action.kind == "nap"} == {4, 5}


async def test_a_finished_trick_stays_on_the_table_with_its_winner_marked(tmp_path):
    app = make_app(tmp_path, spec_for(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:

        def to_lead_after_a_trick(app):
            view = app.client.view
            return my_turn_to_lead(view) and any(trick.winner is not None for trick in view.tricks)

        await play_until(pilot, to_lead_after_a_trick)
        finished = [trick for trick in app.client.view.tricks if trick.winner is not None]
        last = finished[-1]
        assert last.winner == 0, "you lead: you took the last trick"
        area = table_screen(app).query_one(TrickArea)
        cards = [widget for widget in area.query(CardWidget) if widget.card is not None]
        assert {int(widget.id.removeprefix("trick-")): widget.card for widget in cards} == dict(last.plays)
        winners = [widget.card for widget in cards if widget.has_class("-winner")]
        assert winners == [dict(last.plays)[last.winner]]
        caption = str(area.query_one("#trick-caption").render())
        assert caption.startswith(f"Trick {len(finished)} of 5") and f"You take trick {len(finished)}." in caption


async def test_escape_answers_no_to_leaving_the_table(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RamsliTableScreen)
    assert app.return_code is None


async def test_an_error_in_the_table_is_reported_in_words(tmp_path, monkeypatch):
    async def broken(self, seat, player, chair):
        raise RuntimeError("the table broke")

    monkeypatch.setattr(Table, "_think", broken)
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.01)
            if any(note.title == "The game stopped" for note in app._notifications):
                break
            view = app.client.view
            if app.client.needed and view.my_turn and view.phase is Phase.DECLARE:
                await pilot.press("i")
        notes = [note for note in app._notifications if note.title == "The game stopped"]
        assert len(notes) == 1 and notes[0].severity == "error"
        assert notes[0].message.startswith("the table broke. The game is saved; start ramsli again to go on.")
        assert "Traceback" not in app.export_screenshot()
    assert app.return_code is None
    assert "RuntimeError: the table broke" in app.storage.crash_log_path.read_text()


# --- the app -------------------------------------------------------------------------------------

async def test_a_pace_given_for_one_run_is_the_tables_pace(tmp_path):
    storage = storage_in(tmp_path)
    storage.save_settings(Settings(bot_delay=1.2))
    app = RamsliApp(storage, spec=spec_for(seed=1), bot_delay=0.0)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.table.delay == 0.0


async def test_a_resumed_session_keeps_the_pace_and_goes_on_saving(tmp_path):
    app = make_app(tmp_path, spec_for(seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and app.client.view.my_turn)
    again = RamsliApp(storage_in(tmp_path), bot_delay=0.01)
    again.animation_level = "none"
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.table.delay == 0.01
        before = len(again.table.actions)
        await play_until(pilot, lambda app: len(app.table.actions) >= before + 4 and app.client.needed)
        assert list(again.storage.load_game(again.save_path).actions) == again.table.actions


def test_the_rules_help_spells_out_the_nap_bonus_and_penalty():
    text = rules_markdown(load_ruleset("nap"))
    assert "Bonus / penalty per player: 2: +2 / −2, 3: +3 / −3, 4: +4 / −4, 5: +10 / −5." in text


async def test_a_change_of_card_faces_alone_is_remembered(tmp_path):
    from ramsli_tui.ui.common.settings import SettingsScreen

    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#faces").value = "german"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert storage_in(tmp_path).load_settings().faces == "german"
    assert storage_in(tmp_path).load_settings().faces == "german"


async def test_the_settings_open_once_however_often_asked_for(tmp_path):
    from ramsli_tui.ui.common.settings import SettingsScreen

    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("f2", "ctrl+p")
        await pilot.pause()
        await pilot.press(*"settings")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert sum(isinstance(screen, SettingsScreen) for screen in app.screen_stack) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RamsliTableScreen)
