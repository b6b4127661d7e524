"""SVG screenshots of every screen, from seeded games: ``python -m tests.kits.scenes`` (from a checkout).

Each scene starts the app on a throw-away storage with seeded computer players and no
delay, plays by keyboard up to a moment worth showing (or, where that is a long way,
starts from the session played without the app, as the keys would play it, and
saved: ``Scene.played``), and saves the screen as
``screenshots/<scene>-<width>x<height>[-<theme>].svg``.  The snapshot tests replay
the same scenes, so the pictures in the README are the ones the tests pin.  The ways of
playing by keys that get there are the tests' drivers (``tests.kits.drivers``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable, Iterator

from textual.pilot import Pilot

from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.storage import Settings, Storage
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.ui.app import RamsliApp
from ramsli_tui.ui.ramsli.hand import HandView
from ramsli_tui.ui.ramsli.session_over import WAY_OUT_AFTER

from tests.kits.drivers import (my_turn_to_play, play_rami_until, play_until, played_without_the_app, rami_to_discard,
                                settle, table_screen, watch)

NAMES = ("Mia", "Anna", "Bertl", "Carlo", "Dora", "Emil")
SIZES = ((60, 20), (80, 24), (120, 40))  # the smallest the table is laid out for, the usual, a large one
SMALL_SIZES = SIZES[:2]
WIDE_SIZE = (140, 40)  # room for the Rami log beside the table
WITH_LARGE = (*SIZES, (200, 50))  # and a large window, where the table is centred beside the talk
SHORT_SESSION = "name: short-session\ndescription: Classic rules, two hands only.\nmax_hands: 2\n"
RAMI_ONE_HAND = "game: rami\nextends: simple\nname: one-hand\ndescription: Lost at the first hand.\n" \
    "losing_total: {2: 100, 4: 200}\n"


# --- the Rami scenes' tables and moments ------------------------------------------------------

def rami_seeded(players: int = 2, seed: int = 1) -> Callable[[Path], GameSpec]:
    def spec(folder: Path) -> GameSpec:
        return GameSpec.one_person("rami", "simple", seed, NAMES[:players], ["normal"] * (players - 1))
    return spec


def rami_one_hand(folder: Path) -> GameSpec:
    path = folder / "one-hand.yaml"
    path.write_text(RAMI_ONE_HAND)
    return GameSpec.one_person("rami", str(path), 1, NAMES[:2], ["normal"])


async def rami_discarding(pilot: Pilot) -> None:
    await play_rami_until(pilot, rami_to_discard)


async def rami_hand_over(pilot: Pilot) -> None:
    await play_rami_until(pilot, lambda app: app.client.result_unread)


async def rami_game_ended(pilot: Pilot) -> None:
    await play_rami_until(pilot, lambda app: app.client.is_over)


async def rami_second_hand(pilot: Pilot) -> None:
    await play_rami_until(pilot, lambda app: app.client.view.number == 2 and not app.client.result_unread)


# --- the scenes ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Scene:
    """A moment of play: the session to start (None: the setup screen) and how to get there."""

    name: str
    spec: Callable[[Path], GameSpec | None]
    steps: Callable[[Pilot], Awaitable[None]]
    faces: str = "french"
    sizes: tuple[tuple[int, int], ...] = SIZES  # the window sizes it is shot at
    # A long way to the moment: the session played without the app until this holds for
    # its person's client (as the keys of play_until would play it), and the app resuming it.
    played: Callable[[object], bool] | None = None


def seeded(players: int = 4, seed: int = 1, ruleset: str = "classic") -> Callable[[Path], GameSpec]:
    def spec(folder: Path) -> GameSpec:
        return GameSpec.one_person("ramsli", ruleset, seed, NAMES[:players], ["random"] * (players - 1))
    return spec


def short_session(folder: Path) -> GameSpec:
    path = folder / "short-session.yaml"
    path.write_text(SHORT_SESSION)
    return GameSpec.one_person("ramsli", str(path), 3, NAMES[:4], ["random"] * 3)


def setup_screen(folder: Path) -> None:
    return None


async def nothing(pilot: Pilot) -> None:
    await pilot.pause()


async def declaring(pilot: Pilot) -> None:
    await settle(pilot)


async def mid_trick(pilot: Pilot) -> None:
    """Your turn in the second trick, following a card already led."""
    await play_until(pilot, lambda app: my_turn_to_play(app) and len(app.client.view.tricks) >= 2
                     and bool(app.client.view.current_trick.plays))


async def refused(pilot: Pilot) -> None:
    """A card that may not be played, tried, and the reason shown."""

    def an_illegal_card(app: RamsliApp) -> bool:
        hand = table_screen(app).query_one(HandView)
        return my_turn_to_play(app) and len(hand.legal) < len(hand.cards)

    await play_until(pilot, an_illegal_card)
    hand = table_screen(pilot.app).query_one(HandView)
    place = next(place for place, card in enumerate(hand.cards, 1) if card not in hand.legal)
    await pilot.press(str(place))
    await pilot.pause()


async def announcing(pilot: Pilot) -> None:
    """Your turn to announce General Rams or pass."""
    await play_until(pilot, lambda app: app.client.view.phase is Phase.ANNOUNCE and app.client.view.my_turn)


async def hand_over(pilot: Pilot) -> None:
    await play_until(pilot, lambda app: app.client.result_unread)


def hand_dealt(number: int) -> Callable[[object], bool]:
    """Hand ``number`` dealt, the last result read: the moment for a person's client."""
    return lambda client: client.view.number == number and not client.result_unread


async def session_ended(pilot: Pilot) -> None:
    await play_until(pilot, lambda app: app.client.is_over)


async def standings_up(pilot: Pilot) -> None:
    """The last hand's summary read, and the standings up long enough for Enter to take
    the way out."""
    await session_ended(pilot)
    await pilot.press("enter")
    await pilot.pause(WAY_OUT_AFTER + 0.1)


# --- watching a table ------------------------------------------------------------------------

def watching(spec: GameSpec, done: Callable[[object], bool]) -> Callable[[Pilot], Awaitable[None]]:
    """Steps that watch a table of ``spec`` (as a spectator: the client's seat None)
    while its person at seat 0 always takes the first legal action and reads each
    result, until ``done(view)`` holds for seat 0's view when it is to act."""
    async def steps(pilot: Pilot) -> None:
        person = await watch(pilot, spec)
        for _ in range(400):
            await person.until_needed()
            if person.result_unread:
                person.result_read()
            elif done(person.view):
                for _ in range(3):  # the spectator's screen takes the updates, then opens what they open
                    await pilot.pause()
                return
            else:
                await person.send(person.view.legal[0])
        raise RuntimeError("the game never got there")
    return steps


def then_press(key: str, before: Callable[[Pilot], Awaitable[None]]) -> Callable[[Pilot], Awaitable[None]]:
    """The steps ``before``, then ``key`` pressed: the screen it opens."""
    async def steps(pilot: Pilot) -> None:
        await before(pilot)
        await pilot.press(key)
        await pilot.pause()
    return steps


SCENES = {
    scene.name: scene
    for scene in (
        Scene("setup", setup_screen, nothing),
        Scene("table-declare", seeded(), declaring),
        Scene("table-play", seeded(seed=4), mid_trick, sizes=WITH_LARGE),
        Scene("table-refused", seeded(seed=2), refused),
        Scene("table-3-players", seeded(players=3, seed=4), mid_trick),
        Scene("table-6-players", seeded(players=6, seed=3), mid_trick, sizes=WITH_LARGE),
        Scene("table-german", seeded(seed=6), mid_trick, faces="german", sizes=WITH_LARGE),
        Scene("table-general-rams", seeded(seed=4, ruleset="general-rams"), announcing),
        Scene("hand-summary", seeded(seed=10), hand_over),
        Scene("trick-history", seeded(seed=10), then_press("h", settle),
              played=lambda client: client.view.number == 2 and len(client.view.tricks) >= 3),
        Scene("scoreboard", seeded(seed=10), then_press("s", settle), played=hand_dealt(3)),
        # the scoreboard where its columns are tight: with few players and with many, in small windows
        Scene("scoreboard-3-players", seeded(players=3, seed=10), then_press("s", settle), sizes=SMALL_SIZES,
              played=hand_dealt(5)),
        Scene("scoreboard-6-players", seeded(players=6, seed=10), then_press("s", settle), sizes=SMALL_SIZES,
              played=hand_dealt(5)),
        Scene("session-over", short_session, standings_up),
        Scene("rules-help", seeded(ruleset="general-rams"), then_press("question_mark", declaring)),
        Scene("settings", seeded(), then_press("f2", declaring)),
        Scene("confirm-quit", seeded(seed=4), then_press("q", mid_trick)),
        Scene("rami-discard", rami_seeded(), rami_discarding),
        Scene("rami-melds", rami_seeded(), then_press("m", rami_discarding)),
        Scene("rami-2-v-2", rami_seeded(players=4, seed=2), rami_discarding),
        Scene("rami-german", rami_seeded(seed=3), rami_discarding, faces="german"),
        Scene("rami-hand-over", rami_seeded(), rami_hand_over),
        Scene("rami-score-sheet", rami_seeded(), then_press("s", rami_second_hand)),
        Scene("rami-log", rami_seeded(), then_press("h", rami_second_hand)),
        Scene("rami-wide", rami_seeded(), rami_discarding, sizes=(WIDE_SIZE,)),  # the log beside the table
        Scene("rami-rules", rami_seeded(), then_press("question_mark", settle)),
        Scene("rami-game-over", rami_one_hand, then_press("enter", rami_game_ended)),
        Scene("watch-ramsli", setup_screen, watching(seeded(seed=4)(Path()), lambda view: len(view.tricks) >= 2
                                                     and bool(view.current_trick.plays)), sizes=((80, 24),)),
        Scene("watch-rami", setup_screen, watching(rami_seeded()(Path()), lambda view: len(view.discards) >= 6),
              sizes=((80, 24),)),
    )
}


def scene_app(scene: Scene, folder: Path, theme: str = "green-felt") -> RamsliApp:
    """The app for ``scene`` on a fresh storage in ``folder``, animations off."""
    storage = Storage(folder / "config", folder / "data")
    storage.save_settings(Settings(theme=theme, faces=scene.faces, bot_delay=0.0))
    if scene.played is None:
        app = RamsliApp(storage, spec=scene.spec(folder), bot_delay=0.0)
    else:
        played_without_the_app(storage, scene.spec(folder), scene.played)
        app = RamsliApp(storage, bot_delay=0.0)  # it goes on with the session saved
    app.animation_level = "none"
    return app


async def take(scene: Scene, size: tuple[int, int], theme: str = "green-felt") -> str:
    """The scene's screen, as SVG.  The throw-away folder stands in for the home folder,
    so that the paths shown are the same in every run."""
    with tempfile.TemporaryDirectory() as folder, home_in(folder):
        app = scene_app(scene, Path(folder), theme)
        async with app.run_test(size=size) as pilot:
            await scene.steps(pilot)
            app.clear_notifications()
            await pilot.pause()
            return app.export_screenshot(title=f"Ramsli — {scene.name}")


@contextmanager
def home_in(folder: str) -> Iterator[None]:
    before = os.environ.get("HOME")
    os.environ["HOME"] = folder
    try:
        yield
    finally:
        if before is None:
            del os.environ["HOME"]
        else:
            os.environ["HOME"] = before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.kits.scenes", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("screenshots"), help="folder for the SVGs (default: screenshots)")
    parser.add_argument("--theme", action="append", dest="themes",
                        help="a theme to shoot in; repeat for more (default: green-felt and monochrome)")
    parser.add_argument("scenes", nargs="*", help="scenes to shoot (default: all)")
    args = parser.parse_args(argv)
    unknown = set(args.scenes) - set(SCENES)
    if unknown:
        print(f"unknown scene(s): {', '.join(sorted(unknown))}; known: {', '.join(SCENES)}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.scenes or SCENES:
        for theme in args.themes or ["green-felt", "monochrome"]:
            for width, height in SCENES[name].sizes:
                suffix = "" if theme == "green-felt" else f"-{theme}"
                path = args.out / f"{name}-{width}x{height}{suffix}.svg"
                path.write_text(asyncio.run(take(SCENES[name], (width, height), theme)), encoding="utf-8")
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
