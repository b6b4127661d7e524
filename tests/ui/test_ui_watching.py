"""A table watched (the client's seat None), in every game at 80×24: seen from seat 0's
chair with seat 0 a seat like the others, no hand and no hand's actions, the banner
saying it is watched, and only the keys that change nothing at the table."""

from __future__ import annotations

from ramsli_tui.games.rami.engine import Phase as RamiPhase
from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.ui.common.confirm import ConfirmScreen
from ramsli_tui.ui.rami.hand import RamiHand
from ramsli_tui.ui.rami.seat import RamiSeat
from ramsli_tui.ui.rami.table import RamiTableScreen
from ramsli_tui.ui.ramsli.actions import ActionBar
from ramsli_tui.ui.ramsli.table import RamsliTableScreen
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.card import CardWidget
from ramsli_tui.ui.ramsli.hand import HandView
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.kits.drivers import watch
from tests.kits.scenes import NAMES, rami_one_hand, rami_seeded, seeded, watching
from tests.kits.ui import make_app


def ramsli_mid_trick(view) -> bool:
    return view.phase is Phase.PLAY and len(view.tricks) >= 2 and bool(view.current_trick.plays)


def keys_and_banner(screen) -> tuple[str, str]:
    return str(screen.query_one(KeyBar).render()), str(screen.query_one(TurnBanner).render())


async def test_a_watched_ramsli_table_is_seen_from_seat_0s_chair_without_a_hand(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await watching(seeded(players=4, seed=4)(tmp_path), ramsli_mid_trick)(pilot)
        screen = app.screen
        assert isinstance(screen, RamsliTableScreen) and screen.watching
        mine = screen.seat_widget(0)
        assert mine.parent.id == "mine" and mine.state.name == NAMES[0], "the seat watched from, at the bottom"
        assert [panel.id for panel in screen.query(".side RamsliSeat")] == ["seat-1", "seat-3"], "Anna left, Carlo right"
        assert [panel.id for panel in screen.query("#across RamsliSeat")] == ["seat-2"]
        assert not screen.query_one(HandView).display and not screen.query_one(ActionBar).display
        assert screen.query_one("#trick-mine CardWidget", CardWidget).id == "trick-0", "seat 0's card at the bottom"
        assert screen.seat_widget(0).state.turn and screen.seat_widget(0).state.cards > 0
        keys, banner = keys_and_banner(screen)
        assert banner.startswith("Watching: ") and f"{NAMES[0]} is thinking" in banner
        for shown in ("l Last trick", "h History", "s Scores", "? Rules", "q Quit"):
            assert shown in keys
        for hidden in ("In", "Out", "Play", "Pace", "Hint", "Finish"):
            assert hidden not in keys, hidden
        view = app.client.view
        await pilot.press("i", "1", "minus")
        await pilot.pause()
        assert app.client.view == view and app.pace == 0.0, "a spectator's keys change nothing at the table"
        await pilot.press("l")
        assert screen.showing_last_trick


async def test_a_watched_rami_table_shows_seat_0_as_a_seat_and_no_cards(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await watching(rami_seeded(players=2)(tmp_path), lambda view: len(view.discards) >= 2)(pilot)
        screen = app.screen
        assert isinstance(screen, RamiTableScreen) and screen.watching
        assert not screen.query(RamiHand) and not screen.query_one("#buttons").display
        mine = screen.query_one("#mine RamiSeat", RamiSeat)
        assert mine.id == "seat-0" and mine.state.name == NAMES[0] and mine.state.cards >= 13
        assert mine.state.turn, "seat 0 is to act"
        assert [seat.id for seat in screen.query("#across RamiSeat")] == ["seat-1"]
        assert not [widget for widget in screen.query(CardWidget) if widget.card is not None and
                    widget.card not in (app.client.view.jetee[:1] + (app.client.view.tournante,))], "no card of a hand"
        keys, banner = keys_and_banner(screen)
        assert banner.startswith(f"Watching: {NAMES[0]} to ")
        for hidden in ("Talon", "Discard", "Melds", "By suit", "Pace", "Go out"):
            assert hidden not in keys, hidden
        assert "s Scores" in keys and "? Rules" in keys and "q Quit" in keys
        view = app.client.view
        await pilot.press("t", "d", "plus")
        await pilot.pause()
        assert app.client.view == view and view.phase in (RamiPhase.DRAW, RamiPhase.DISCARD)


async def test_a_spectator_leaves_at_once_without_being_asked(tmp_path):
    app = make_app(tmp_path)
    left = []
    async with app.run_test(size=(80, 24)) as pilot:
        await watching(seeded(players=3, seed=4)(tmp_path), ramsli_mid_trick)(pilot)
        assert app.screen.palette()[-1] == ("Leave the table", "Quit", "quit_table"), "nothing of theirs is saved"
        app.exit = lambda *args, **kwargs: left.append(True)
        await pilot.press("q")
        await pilot.pause()
        assert left == [True] and not isinstance(app.screen, ConfirmScreen)


async def watch_to_a_result(pilot, spec):
    """A spectator at a table of ``spec`` whose person (seat 0) plays the first legal action,
    until the first hand's result waits for that person to read it: the person's client."""
    person = await watch(pilot, spec)
    for _ in range(400):
        await person.until_needed()
        if person.result_unread:
            for _ in range(3):
                await pilot.pause()
            return person
        await person.send(person.view.legal[0])
    raise RuntimeError("no hand ended")


async def test_a_spectator_sees_each_result_while_the_players_read_it_and_is_never_asked_to(tmp_path, table_kit):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        person = await watch_to_a_result(pilot, table_kit.spec(seed=4))
        first = app.screen
        assert isinstance(first, table_kit.result_screen), "the hand's result, while its person reads it"
        table = app.screen_stack[-2]
        assert table.holding == "result" and table.view_.number == 1
        person.result_read()
        for _ in range(200):  # the table goes on: the spectator with it, without a key
            await pilot.pause()
            if first not in app.screen_stack:
                break
            if person.needed and person.view.current_seat == 0 and person.view.legal:
                await person.send(person.view.legal[0])
        assert first not in app.screen_stack and table.view_.number >= 2, "the result went when the table went on"
        assert str(table.query_one(TurnBanner).render()).startswith("Watching: ")


async def test_q_on_a_result_a_spectator_sees_leaves_at_once(tmp_path, table_kit):
    app = make_app(tmp_path)
    left = []
    async with app.run_test(size=(80, 24)) as pilot:
        await watch_to_a_result(pilot, table_kit.spec(seed=4))
        assert isinstance(app.screen, table_kit.result_screen)
        app.exit = lambda *args, **kwargs: left.append(True)
        await pilot.press("q")
        await pilot.pause()
        assert left == [True] and not isinstance(app.screen, ConfirmScreen)


async def test_a_spectator_is_told_the_rami_games_end_without_a_new_game_to_start(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await watching(rami_one_hand(tmp_path), lambda view: view.current_seat < 0)(pilot)
        await pilot.press("enter")  # the hand's result
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RamiTableScreen) and app.client.is_over
        keys, banner = keys_and_banner(screen)
        assert banner.startswith("The game is over: ") and banner.endswith("points. q leaves.")
        assert "New game" not in keys
