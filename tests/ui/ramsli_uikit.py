"""Helpers for the app's tests: an app on a temporary storage, and ways to wait for the table."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from ramsli_tui.engine import Phase
from ramsli_tui.storage import GameSpec, Storage
from ramsli_tui.ui.app import RamsliApp
from ramsli_tui.ui.screens.table import TableScreen
from ramsli_tui.ui.widgets.hand import HandView

NAMES = ("Mia", "Anna", "Bertl", "Carlo", "Dora", "Emil")


def storage_in(folder: Path) -> Storage:
    return Storage(folder / "config", folder / "data")


def spec_for(players: int = 4, seed: int = 1, ruleset: str = "classic", **extra) -> GameSpec:
    return GameSpec(
        ruleset=ruleset,
        players=players,
        seed=seed,
        names=NAMES[:players],
        strengths=(None, *["random"] * (players - 1)),
        **extra,
    )


def make_app(folder: Path, spec: GameSpec | None = None, theme: str | None = None) -> RamsliApp:
    """An app on its own storage, computer players without delay, animations off."""
    app = RamsliApp(storage_in(folder), spec=spec, bot_delay=0.0)
    app.animation_level = "none"
    if theme:
        app.theme = theme
    return app


async def settle(pilot: Pilot) -> None:
    """Wait until the table needs the human (or the session is over) and the screen has drawn it."""
    app = pilot.app
    while True:
        await app.table.until_human()
        await pilot.pause()
        if app.table.needs_human:
            return


def table_screen(app: RamsliApp) -> TableScreen:
    return next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))


def first_legal_place(app: RamsliApp) -> int:
    """The 1-based place in the hand, as shown, of the first card the human may play."""
    hand = table_screen(app).query_one(HandView)
    return next(place for place, card in enumerate(hand.cards, 1) if card in hand.legal)


async def play_until(pilot: Pilot, done, declare: str = "i", limit: int = 400) -> None:
    """Play by keyboard (declare with ``declare``, pass announcements, play the first legal
    card, dismiss summaries) until ``done(app)`` is true."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        if done(app):
            return
        view = app.table.view
        if app.table.hand_unseen:
            await pilot.press("enter")
        elif view.phase is Phase.DECLARE:
            await pilot.press(declare if any(a.kind == {"i": "in", "o": "out"}[declare] for a in view.legal) else "i")
        elif view.phase is Phase.ANNOUNCE:
            await pilot.press("p")
        else:
            await pilot.press(str(first_legal_place(app)))
    raise AssertionError("the game did not get there")
