"""Helpers for the app's tests: an app on a temporary storage, and the drivers' ways of
playing and waiting for the table."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ramsli_tui.storage import Storage
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.table.client import LocalClient
from ramsli_tui.table.table import Table
from ramsli_tui.table.updates import Update
from ramsli_tui.ui.app import RamsliApp

from tests.kits.drivers import first_legal_place, play_until, played_without_the_app, settle, table_screen
from tests.kits.scenes import NAMES

__all__ = [
    "first_legal_place", "make_app", "play_to_end", "play_until", "resumed_app", "settle", "spec_for", "storage_in",
    "table_screen",
]


def storage_in(folder: Path) -> Storage:
    return Storage.in_folder(folder)


def spec_for(players: int = 4, seed: int = 1, ruleset: str = "classic", **extra) -> GameSpec:
    return GameSpec.one_person("ramsli", ruleset, seed, NAMES[:players], ["random"] * (players - 1), **extra)


def make_app(folder: Path, spec: GameSpec | None = None) -> RamsliApp:
    """An app on its own storage, computer players without delay, animations off."""
    app = RamsliApp(storage_in(folder), spec=spec, bot_delay=0.0)
    app.animation_level = "none"
    return app


def resumed_app(folder: Path, spec: GameSpec, done) -> RamsliApp:
    """An app, as ``make_app``'s, that goes on with the session of ``spec`` played without
    it until ``done(client)`` (``played_without_the_app``): a long way to a moment, quick."""
    played_without_the_app(storage_in(folder), spec, done)
    return make_app(folder)


async def play_to_end(table: Table, seat: int = 0, notices: list[str] | None = None) -> list[Update]:
    """The table played to its end without the app, the person at ``seat`` always taking
    the first legal action; every update that seat was sent (and every notice of the
    table, into ``notices``).  A table that stops on an error raises it."""
    updates: list[Update] = []
    client = LocalClient(table, seat)
    client.subscribe(updates.append, (notices if notices is not None else []).append)
    runner = asyncio.create_task(table.run())
    while not table.game.is_over:
        waiting = asyncio.ensure_future(client.until_needed())
        await asyncio.wait({waiting, runner}, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if runner.done():
            break  # the table stopped: its error is raised below
        if client.result_unread:
            client.result_read()
        elif not table.game.is_over:
            await client.send(client.view.legal[0])
    await runner
    return updates


async def settled(pilot) -> None:
    """Once the app has done what it was doing: each worker it started finished, and what they changed drawn."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def opened_by(pilot, key: str, screen_type):
    """The screen ``key`` opens, once it is the one on top (an AssertionError if another is)
    and has read what it shows."""
    await pilot.pause()
    await pilot.press(key)
    await settled(pilot)
    assert isinstance(pilot.app.screen, screen_type), pilot.app.screen
    return pilot.app.screen
