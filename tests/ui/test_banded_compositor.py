"""The table's compositor (ui/common/bands.py) draws what Textual's own would: every
frame it sends, played on a terminal one after the other, leaves the screen as a
whole redraw shows it; a frame that changes two far-apart lines asks no widget
between them for its lines, a change asks only the widgets it meets, and the seconds at
a seat's foot draw that line alone."""

from __future__ import annotations

import contextlib
import io

import pyte
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual.app import App
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.widgets import Static

from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.ui.common import table_base
from ramsli_tui.ui.common.bands import BandedCompositor, bands_of
from ramsli_tui.ui.ramsli.hand import CardKeys, HandView
from tests.kits.ui import make_app, play_until, spec_for, table_screen

WIDTH, HEIGHT = 60, 24
COLUMNS, ROWS = 3, 3
CELLS = [f"cell-{column}-{row}" for column in range(COLUMNS) for row in range(ROWS)]
PLACES = ["title", *CELLS, "foot"]


class Recording(BandedCompositor):
    """The compositor, keeping every frame it made."""

    def __init__(self) -> None:
        super().__init__()
        self.frames = []

    def render_update(self, full=False, screen_stack=None, simplify=False):
        update = super().render_update(full, screen_stack, simplify)
        if update is not None:
            self.frames.append(update)
        return update


class Board(Screen):
    """A title line, a grid of boxes in nested containers, and a box at the foot with a
    subtitle: a table's shape, in small."""

    DEFAULT_CSS = """
    Board {
        #title { height: 1; background: $panel; }
        #grid { height: 1fr; }
        #grid Vertical { width: 1fr; }
        #grid Static { height: 1fr; border: round $accent; }
        #foot { height: 4; border: round $accent; }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._compositor = Recording()

    def compose(self):
        yield Static("the title", id="title")
        with Horizontal(id="grid"):
            for column in range(COLUMNS):
                with Vertical():
                    for row in range(ROWS):
                        yield Static(f"{column}{row}", id=f"cell-{column}-{row}")
        yield Static("the foot", id="foot")


class BoardApp(App):
    def on_mount(self) -> None:
        self.push_screen(Board())


def played(frames, size=Size(WIDTH, HEIGHT)) -> list[list[tuple]]:
    """The terminal's cells, line by line, once ``frames`` are written to it in turn:
    each cell's character, colours, and whether it is bold and reversed."""
    console = Console(file=io.StringIO(), width=size.width, height=size.height, force_terminal=True,
                      color_system="truecolor", legacy_windows=False)
    terminal = pyte.Screen(size.width, size.height)
    stream = pyte.Stream(terminal)
    for frame in frames:
        stream.feed(frame.render_segments(console))
    return [[(cell.data, cell.fg, cell.bg, cell.bold, cell.reverse)
             for cell in (terminal.buffer[y][x] for x in range(size.width))] for y in range(size.height)]


def redrawn(screen: Screen) -> list[list[tuple]]:
    """The cells of the screen drawn whole, as a new terminal would show them."""
    return [[cell for segment in strip for cell in cells_of(segment)] for strip in screen._compositor.render_strips()]


def cells_of(segment) -> list[tuple]:
    style = segment.style
    return [(character, colour_of(style.color), colour_of(style.bgcolor), bool(style.bold), bool(style.reverse))
            for character in segment.text]


def colour_of(colour) -> str:
    return "default" if colour is None else colour.get_truecolor().hex[1:]


def text_of(line: list[tuple]) -> str:
    return "".join(cell[0] for cell in line)


def change(screen: Screen, place: str, words: str) -> None:
    """A new text where ``place`` is, or (the foot) a new subtitle on its border."""
    widget = screen.query_one(f"#{place}", Static)
    if place == "foot":
        widget.border_subtitle = words
    else:
        widget.update(words)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.tuples(st.sampled_from(PLACES), st.text("abcxyz 0123", max_size=12)), min_size=1, max_size=4),
                min_size=1, max_size=6))
async def test_each_frame_leaves_the_screen_as_a_whole_redraw_shows_it(changes_per_frame):
    app = BoardApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await pilot.pause()
        screen = app.screen
        for changes in changes_per_frame:
            for place, words in changes:
                change(screen, place, words)
            await pilot.pause()
            assert played(screen._compositor.frames) == redrawn(screen)


def watch_asking(screen: Screen, monkeypatch) -> list[str]:
    """The cells asked for their lines from now on, in the order asked."""
    asked: list[str] = []
    for cell in CELLS:
        widget = screen.query_one(f"#{cell}", Static)
        lines_of = widget.render_lines
        monkeypatch.setattr(widget, "render_lines",
                            lambda crop, lines_of=lines_of, cell=cell: asked.append(cell) or lines_of(crop))
    return asked


async def test_two_far_apart_changes_ask_nothing_between_them_for_its_lines(monkeypatch):
    app = BoardApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await pilot.pause()
        screen = app.screen
        asked = watch_asking(screen, monkeypatch)
        drawn_before = len(screen._compositor.frames)
        change(screen, "title", "a new title")
        change(screen, "foot", "12 s")
        await pilot.pause()
        assert len(screen._compositor.frames) == drawn_before + 1
        assert asked == []
        assert played(screen._compositor.frames) == redrawn(screen)
        assert "a new title" in text_of(redrawn(screen)[0]) and "12 s" in text_of(redrawn(screen)[-1])


async def test_a_change_asks_only_the_widgets_it_meets(monkeypatch):
    """Textual asks every widget whose parent's area meets the change: here the whole
    column of the cell changed."""
    app = BoardApp()
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await pilot.pause()
        screen = app.screen
        asked = watch_asking(screen, monkeypatch)
        change(screen, "cell-1-0", "changed")
        await pilot.pause()
        assert asked == ["cell-1-0"]
        assert played(screen._compositor.frames) == redrawn(screen)


def test_bands_gather_the_regions_whose_lines_overlap_or_touch():
    title, seat, keys, far = Region(70, 0, 30, 1), Region(0, 20, 20, 5), Region(10, 25, 40, 1), Region(0, 40, 5, 2)
    assert bands_of([seat, far, title, keys]) == [[title], [seat, keys], [far]]
    assert bands_of([]) == []


@contextlib.asynccontextmanager
async def at_my_turn_to_play(tmp_path, monkeypatch):
    """A local table drawn by the recording compositor, at its person's turn to play a card."""
    monkeypatch.setattr(table_base, "BandedCompositor", Recording)
    app = make_app(tmp_path, spec_for(seed=5))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and app.client.view.my_turn)
        yield pilot, table_screen(app)


async def test_at_a_table_each_arrow_leaves_the_terminal_as_a_whole_redraw_shows_it(tmp_path, monkeypatch):
    """The hand's arrows draw two cards and a part of the keys' line under them."""
    async with at_my_turn_to_play(tmp_path, monkeypatch) as (pilot, screen):
        keys = screen.query_one(CardKeys)
        for key in ("right", "right", "left", "right"):
            await pilot.press(key)
            await pilot.pause()
            lines = played(screen._compositor.frames, screen.size)
            assert lines == redrawn(screen)
            marked = [cell[0] for cell in lines[keys.region.y] if cell[4]]
            assert marked == [str(screen.query_one(HandView).selected + 1)]


async def test_the_seconds_at_a_seats_foot_draw_that_line_alone_and_as_a_whole_redraw_shows_it(tmp_path, monkeypatch):
    async with at_my_turn_to_play(tmp_path, monkeypatch) as (pilot, screen):
        seat = screen.seat_widget(1)
        rendered = []
        render = seat.render
        monkeypatch.setattr(seat, "render", lambda: rendered.append(1) or render())
        for seconds in ("12 s", "11 s", "9 s", ""):
            seat.show_seconds(seconds)
            await pilot.pause()
            lines = played(screen._compositor.frames, screen.size)
            assert lines == redrawn(screen)
            foot = text_of(lines[seat.region.bottom - 1][seat.region.x:seat.region.right])
            assert foot.rstrip("╯╝").endswith(f" {seconds} ─" if seconds else "──"), foot
            assert seat.border_subtitle == (seconds or None)
        assert rendered == [], "the seat's own lines were not made again"
