"""Help for a first game of Rami, issue 19: the full log beside the table in a wide window
and on its own screen (h) in any, telling only what this seat may see; the hint (t) when
the settings offer hints; the easy computer player offered in the setup screen."""

from __future__ import annotations

import random

from ramsli_tui.games.rami import RAMI
from ramsli_tui.games.rami.bots.reading import read
from ramsli_tui.ui.rami.game_log import RamiLog, RamiLogScreen
from ramsli_tui.ui.rami.hand import RamiHand
from ramsli_tui.ui.widgets.banner import TurnBanner
from ramsli_tui.ui.widgets.key_bar import KeyBar

from tests.kits.drivers import play_rami_until, rami_to_discard, settle
from tests.kits.ui import make_app
from tests.ui.rami.test_ui_rami import rami_spec, shown_text, table_of


def log_of(app) -> RamiLog:
    return table_of(app).query_one(RamiLog)


def banner(app) -> str:
    return str(table_of(app).query_one(TurnBanner).render())


def keys(app) -> str:
    return str(table_of(app).query_one(KeyBar).render())


def subject(words, seat: int) -> str:
    """Who a line of the log is about: "You" for the person's own seat."""
    return "You" if seat == words.me else words.names[seat]


# --- the log -------------------------------------------------------------------------------------

async def test_a_wide_window_shows_the_whole_hand_in_the_log_and_a_narrow_one_does_not(tmp_path):
    """Every draw (the card when it was face up, or drawn by this seat), every discard,
    the tournante, the going-out with its melds and the points; an opponent's card drawn
    from the talon is never named."""
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(140, 40)) as pilot:
        await play_rami_until(pilot, lambda app: app.client.result_unread)
        log = log_of(app)
        assert log.display and log.region.width > 0, "the log stands beside the table"
        lines = log.lines()
        words = table_of(app).words
        view = table_of(app).view_  # the table as the hand ended, under its result
        anna_from_talon = sum(1 for line in lines if line == "Anna took a card from the talon.")
        anna_face_up = sum(1 for seat, _, _ in view.taken if seat == 1)
        anna_turns = sum(1 for seat, _ in view.discards if seat == 1)  # each of Anna's turns ends in a discard
        assert anna_from_talon + anna_face_up == anna_turns > 0, "each draw of Anna's told, the talon's card unnamed"
        for seat, source, card in view.taken:
            assert f"{subject(words, seat)} took {words.card(card)} from the {'jetée' if source == 'jetee' else source}." in lines
        for seat, card in view.discards[:-1]:  # the last is the going-out's
            assert any(line.startswith(f"{subject(words, seat)} threw {words.card(card)}") for line in lines)
        assert any(line.startswith("You drew ") for line in lines)
        assert any(": the tournante, to take instead of drawing this round." in line for line in lines)
        out = view.out
        melds = " · ".join(" ".join(words.card(card) for card in meld) for meld in out.melds)
        assert f"{subject(words, out.seat)} went out: {melds}, and threw {words.card(out.discard)}." in lines
        assert any("100 points" in line for line in lines)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not log.display or log.region.width == 0, "no room for it beside a narrow table"


async def test_h_opens_the_log_in_any_window_with_what_the_others_hold_for_sure(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_rami_until(pilot, lambda app: app.client.view.my_turn and read(app.client.view).held_by[1])
        assert "h Log" in keys(app)
        view, words = app.client.view, table_of(app).words
        held = " ".join(words.card(card) for card in read(view).held_by[1])
        lines = log_of(app).lines()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, RamiLogScreen)
        text = shown_text(app)
        assert f"Anna: took face up and still holds {held}; threw " in text
        assert "Both copies in sight:" in text
        assert lines[-1] in text, "the newest line of the log is in view"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table_of(app)


# --- the hint ------------------------------------------------------------------------------------

async def test_after_the_draw_the_hint_chooses_the_card_the_normal_player_would_throw(tmp_path):
    """(The hint itself, at every game's table: tests/ui/common/test_ui_table_base.py.)"""
    app = make_app(tmp_path, rami_spec(2, seed=1))
    app.settings.hints = True
    async with app.run_test(size=(100, 30)) as pilot:
        await play_rami_until(pilot, rami_to_discard)
        view = app.client.view
        advice = RAMI.advice(view, view.legal, table_of(app).words.card)
        assert advice.action.kind == "discard"
        await pilot.press("t")
        assert f"Hint: {advice.reason}" in banner(app)
        hand = table_of(app).query_one(RamiHand)
        assert hand.cards[hand.selected] == advice.action.card, "the card to throw is chosen: Enter throws it"


# --- the easy player -----------------------------------------------------------------------------

async def test_the_setup_screen_offers_the_easy_player_at_rami_and_it_plays(tmp_path):
    from ramsli_tui.ui.widgets.choice import Choice

    from tests.ui.common.test_ui_setup import setup_screen

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await setup_screen(pilot)
        await pilot.click("#game")
        await pilot.pause()
        strength = screen.query_one("#opponent-strength-1", Choice)
        assert [value for _, value in strength.options] == ["random", "easy", "normal", "hard"]
        strength.value = "easy"
        await pilot.click("#players")
        await pilot.click("#start")
        await settle(pilot)
        assert app.table.spec.strengths[1] == "easy"
        player, rng = RAMI.computer_player("normal"), random.Random(0)
        for _ in range(3):
            view = app.client.view
            await app.client.send(player.choose(view, view.legal, rng))
            await settle(pilot)
        assert len(app.client.view.discards) >= 2, "the easy player has played its turn"


async def test_the_log_keeps_the_whole_game_for_its_screen_and_shows_the_newest_beside_the_table(tmp_path):
    app = make_app(tmp_path, rami_spec(2, seed=1))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        log = log_of(app)
        first = log.lines()[0]
        for number in range(log.SHOWN + 50):
            log.said("Anna", f"line {number}")
        assert log.lines()[0] == first and len(log.lines()) > log.SHOWN + 50, "the screen gets the whole game"
        shown = str(log.query_one("#log-lines").render()).splitlines()
        assert len(shown) == log.SHOWN and shown[-1] == f"Anna: line {log.SHOWN + 49}"
