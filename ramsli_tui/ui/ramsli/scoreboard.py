"""The scoreboard: each hand's dealer, pot, winners, betes and carry-over, every stack after
it with its change ("14 ▼6", bracketed for the players who were out), and a chart of the
stacks over the session.

The table fits the screen's width where it can.  Where the names and each stack's change
do not fit, the dealer, the winners and the betes are written with the players' letters
from the chart's legend; where that is not enough, the column heads keep only as much of
each name as its column holds; then the stacks go without their change (the chart shows
it).  Where even that is too wide, every player's stack comes straight after the hand's
number, and the rest of the hand's story scrolls sideways behind them, as the heading says.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Label

from .stack_chart import StackChart, markers
from .chronicle import stack_and_change
from .chronicle_screen import ChronicleScreen
from ...languages import N_, _, pgettext

CELL_PADDING = 1  # the table's blank cells on each side of a column
SCROLLBAR = 1
SHORTEST_NAME = 4
# TRANSLATORS: the scoreboard's column heads: the hand's dealer, its pot, who won it, who was
# bete, and the chips carried over to the next pot; short, as a column is as wide as its head
STORY_HEADS = (N_("Dealer"), N_("Pot"), N_("Won by"), N_("Bete"), N_("Carry"))


class Layout(NamedTuple):
    letters: bool  # the players' letters instead of their names, for dealer, winners and betes
    changes: bool  # each stack with its change
    short_heads: bool  # the players' names in the column heads cut to the width of their stacks
    players_first: bool = False  # the stacks straight after the hand's number, the hand's story after them


LAYOUTS = (
    Layout(letters=False, changes=True, short_heads=False),
    Layout(letters=True, changes=True, short_heads=False),
    Layout(letters=True, changes=True, short_heads=True),
    Layout(letters=True, changes=False, short_heads=True),
)
SCROLLING = Layout(letters=True, changes=False, short_heads=True, players_first=True)  # when none fits


def stack_cell(stack: int, change: int, was_in: bool, with_change: bool) -> str:
    """A stack (and its change), bracketed for a player who sat the hand out."""
    text = stack_and_change(stack, change) if with_change else str(stack)
    return text if was_in else f"({text})"


def table_width(rows: list[list[str]]) -> int:
    """The cells a table of these rows takes, its first row the column heads."""
    return sum(max(cell_len(cell) for cell in column) + 2 * CELL_PADDING for column in zip(*rows))


def heading(layout: Layout, scrolls: bool) -> str:
    """The line above the table: what its cells hold and, when it scrolls, the keys that turn it."""
    if scrolls:
        return _("Scoreboard · (bracketed): sat out · ← → more columns")
    if layout.changes:
        return _("Scoreboard · stacks after each hand, ▲▼ the change · (bracketed): sat out")
    return _("Scoreboard · stacks after each hand · (bracketed): sat out")


class ScoreTable(DataTable):
    """The scoreboard's table: ← and → turn sideways a page at a time through columns that
    do not fit, where a table with a row cursor moves a single cell."""

    def action_cursor_right(self) -> None:
        self.scroll_relative(x=self.page_width(), animate=False)

    def action_cursor_left(self) -> None:
        self.scroll_relative(x=-self.page_width(), animate=False)

    def page_width(self) -> int:
        """The cells that scroll: the table's width less its fixed columns."""
        fixed = sum(column.get_render_width(self) for column in self.ordered_columns[:self.fixed_columns])
        return max(1, self.scrollable_content_region.width - fixed)


class ScoreboardScreen(ChronicleScreen):
    DEFAULT_CSS = """
    ScoreboardScreen {
        DataTable { height: auto; max-height: 50%; scrollbar-size-vertical: 1; scrollbar-size-horizontal: 1; }
        StackChart { margin: 0 1; }
    }
    """

    BINDINGS = [Binding("escape,s,q", "app.pop_screen", N_("Back to the table"), id="scoreboard.back")]

    @property
    def names(self) -> list[str]:
        return [self.words.name(seat) for seat in range(len(self.chronicle.starting_stacks))]

    def compose_story(self) -> ComposeResult:
        yield ScoreTable(zebra_stripes=True, cursor_type="row", cell_padding=CELL_PADDING)
        yield StackChart()

    def on_mount(self) -> None:
        self.query_one(StackChart).show(self.names, self.chronicle.stack_history())

    def on_resize(self, event: events.Resize) -> None:
        self.show_table(event.size.width - SCROLLBAR)

    def layout_for(self, width: int) -> tuple[Layout, list[list[str]]]:
        """The first layout whose table fits ``width``, or else the one that scrolls; and its rows."""
        for layout in LAYOUTS:
            rows = self.rows(layout)
            if table_width(rows) <= width:
                return layout, rows
        return SCROLLING, self.rows(SCROLLING)

    def show_table(self, width: int) -> None:
        """Fill the table in the layout for ``width``."""
        layout, rows = self.layout_for(width)
        scrolls = table_width(rows) > width
        self.query_one("#heading", Label).update(heading(layout, scrolls))
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.fixed_columns = 1 if scrolls else 0  # the hand's number stays in view
        table.add_columns(*map(Text, rows[0]))  # Text, not markup: names may hold brackets
        table.add_rows([[Text(cell) for cell in row] for row in rows[1:]])
        table.move_cursor(row=table.row_count - 1)

    def rows(self, layout: Layout) -> list[list[str]]:
        """The column heads, the starting stacks, and a row for each settled hand."""
        names = self.names
        who = markers(names) if layout.letters else names

        def players(seats: tuple[int, ...]) -> str:
            return "+".join(who[seat] for seat in seats) or "–"

        # TRANSLATORS: the scoreboard's first row, the stacks at the start of the session
        lines = [(pgettext("scoreboard", "start"), ("",) * len(STORY_HEADS), tuple(map(str, self.chronicle.starting_stacks)))]
        for hand in self.chronicle.settled_hands:
            settled = hand.settled
            story = (who[hand.dealer], str(hand.pot), players(settled.winners), players(settled.betes), str(settled.pot))
            stacks = tuple(stack_cell(stack, change, bool(hand.was_in(seat)), layout.changes)
                           for seat, (stack, change) in enumerate(zip(settled.stacks, settled.changes)))
            lines.append((str(hand.number), story, stacks))
        if layout.short_heads:
            room = [max(SHORTEST_NAME, *(cell_len(stacks[seat]) for *_story, stacks in lines)) for seat in range(len(names))]
            names = [name[:width] for name, width in zip(names, room)]
        return [
            [number, *stacks, *story] if layout.players_first else [number, *story, *stacks]
            for number, story, stacks in [(pgettext("scoreboard", "Hand"), tuple(map(_, STORY_HEADS)), tuple(names)), *lines]
        ]
