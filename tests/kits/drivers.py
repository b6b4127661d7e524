"""Driving the app as a player would, for the tests and the screenshot scenes: waiting
until the table needs the person (``settle``), playing Ramsli by keys (``play_until``) and
Rami by keys as its normal computer player would (``play_rami_until``), and watching a
table as a spectator (``watch``)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

from textual.pilot import Pilot

from ramsli_tui.games.ramsli.engine import Action, Phase
from ramsli_tui.storage.folders import Autosave
from ramsli_tui.storage.saves import SavedGame
from ramsli_tui.table.client import LocalClient
from ramsli_tui.table.table import Table
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.ui.app import RamsliApp
from ramsli_tui.ui.rami.words import DRAW_KEYS as RAMI_DRAW_KEYS
from ramsli_tui.ui.ramsli.table import RamsliTableScreen
from ramsli_tui.ui.ramsli.hand import HandView
from ramsli_tui.ui.ramsli.words import sort_hand


# --- driving the app as a player would ----------------------------------------------------

async def settle(pilot: Pilot) -> None:
    """Wait until the table needs the human (or the session is over) and the screen shows it.
    If the app stops meanwhile (on an error), say so instead of waiting on."""
    app = pilot.app
    while True:
        await until_either(app.client.until_needed(), app_stopped(app))
        if app.return_code is not None:
            raise RuntimeError(f"the app stopped (exit status {app.return_code})")
        await pilot.pause()
        if app.client.needed:
            return


async def until_either(*waits) -> None:
    tasks = [asyncio.ensure_future(wait) for wait in waits]
    await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        task.cancel()


async def app_stopped(app: RamsliApp) -> None:
    """Return once the app has stopped (looking every so often)."""
    while app.return_code is None:
        await asyncio.sleep(0.05)


def table_screen(app: RamsliApp) -> RamsliTableScreen:
    return next(screen for screen in app.screen_stack if isinstance(screen, RamsliTableScreen))


def first_legal_place(app: RamsliApp) -> int:
    """The place in the hand, 1 for the leftmost card, of the first card the human may play."""
    hand = table_screen(app).query_one(HandView)
    return next(place for place, card in enumerate(hand.cards, 1) if card in hand.legal)


def my_turn_to_play(app: RamsliApp) -> bool:
    view = app.client.view
    return view.my_turn and view.phase is Phase.PLAY


async def play_until(pilot: Pilot, done: Callable[[RamsliApp], bool], limit: int = 600) -> None:
    """Play by keyboard — in, pass any announcement, the first legal card, Enter after each
    hand — until ``done(app)``."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        if done(app):
            return
        if app.client is None or app.client.is_over:
            raise RuntimeError("the session ended before the scene was reached")
        await play_turn(pilot)
    raise RuntimeError("the game never got there")


async def play_turn(pilot: Pilot) -> None:
    """One thing the person does by keyboard at a Ramsli table: Enter on a hand's result,
    else in when declaring, pass an announcement, or play the first legal card."""
    app = pilot.app
    view = app.client.view
    if app.client.result_unread:
        await pilot.press("enter")
    elif view.phase is Phase.DECLARE:
        await pilot.press("i")
    elif view.phase is Phase.ANNOUNCE:
        await pilot.press("p")
    else:
        await pilot.press(str(first_legal_place(app)))


def as_the_keys_play(view) -> Action:
    """What ``play_turn``'s keys choose at a Ramsli table: in, pass, the first legal card
    of the hand as the hand shows it."""
    kinds = {action.kind: action for action in view.legal}
    if view.phase is Phase.DECLARE:
        return kinds["in"]
    if view.phase is Phase.ANNOUNCE:
        return kinds["pass"]
    legal = {action.card for action in view.legal if action.kind == "play"}
    return Action.play(next(card for card in sort_hand(view.hand, view.trump) if card in legal))


def played_without_the_app(storage, spec: GameSpec, done: Callable[[LocalClient], bool], limit: int = 600) -> None:
    """The session of ``spec`` played without the app, its person choosing as
    ``play_until``'s keys do and reading each result, until ``done(client)`` holds where
    the person is needed: saved as the app saves it, for the app to go on with (only
    the last frame is drawn, where the keys would draw one after every card)."""
    async def play() -> None:
        table = Table.for_spec(spec, delay=0.0)
        autosave = Autosave(storage, storage.new_save_path(), SavedGame(spec))
        autosave.save()
        table.observe(autosave)
        client = LocalClient(table, table.people[0])
        client.subscribe(lambda update: None, lambda notice: None)
        runner = asyncio.create_task(table.run())
        try:
            for _ in range(limit):
                needed = asyncio.ensure_future(client.until_needed())
                await asyncio.wait({needed, runner}, return_when=asyncio.FIRST_COMPLETED)
                needed.cancel()
                if runner.done():
                    runner.result()  # the table stopped: its error is raised here
                if done(client):
                    return
                if client.result_unread:
                    client.result_read()
                else:
                    await client.send(as_the_keys_play(client.view))
            raise RuntimeError("the game never got there")
        finally:
            runner.cancel()

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whether or not the caller runs one
        thread.submit(asyncio.run, play()).result()


# --- playing Rami Simple by keys ------------------------------------------------------------

async def play_rami_turn(pilot: Pilot, player, rng) -> None:
    """One action of the person, chosen by ``player`` (a Rami computer player) and made by
    keys: p, j or r to draw; the card chosen and Enter to discard; g to go out.  The card
    is chosen as ←/→ choose it (they only move the hand's ``selected``; tests/ui/rami
    presses them), at once rather than a key and a frame per card passed."""
    from ramsli_tui.ui.rami.hand import RamiHand

    view = pilot.app.client.view
    action = player.choose(view, view.legal, rng)
    if action.kind == "out":  # the normal player goes out whenever it can; g lays the solver's way
        await pilot.press("g")
    elif action.kind == "draw":
        await pilot.press(RAMI_DRAW_KEYS[action.source])
    else:
        hand = pilot.app.screen.query_one(RamiHand)
        hand.selected = hand.cards.index(action.card)
        await pilot.press("enter")


async def play_rami_until(pilot: Pilot, done: Callable[[RamsliApp], bool], limit: int = 400) -> None:
    """Play Rami by keys as the normal computer player would, Enter after each hand, until ``done(app)``."""
    import random

    from ramsli_tui.games.rami import RAMI

    player, rng = RAMI.computer_player("normal"), random.Random(0)
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        if done(app):
            return
        if app.client.is_over:
            raise RuntimeError("the game ended before the scene was reached")
        if app.client.result_unread:
            await pilot.press("enter")
        else:
            await play_rami_turn(pilot, player, rng)
    raise RuntimeError("the game never got there")


def rami_to_discard(app: RamsliApp) -> bool:
    """The person's turn to discard, after drawing (not the dealer's first discard)."""
    view = app.client.view
    return view.my_turn and len(view.hand) == 14 and bool(view.discards)


# --- watching a table ------------------------------------------------------------------------

async def watch(pilot: Pilot, spec: GameSpec):
    """The app, a spectator (the client's seat None) at a new table of ``spec`` that it
    runs: the client of that table's person at seat 0, for the caller to play."""
    from ramsli_tui.table.client import LocalClient
    from ramsli_tui.table.table import Table

    app = pilot.app
    table = Table.for_spec(spec)
    person = LocalClient(table, 0)
    app.sit_remote(LocalClient(table, None), spec.game)
    for _ in range(100):  # until the spectator's screen is up and listening
        if getattr(app.screen, "view_", None) is not None:
            break
        await pilot.pause()
    app.run_worker(table.run, name="table", group="table", exit_on_error=False)
    return person
