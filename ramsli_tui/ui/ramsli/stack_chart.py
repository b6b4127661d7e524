"""A chart of the stacks over the session: one line per player across the whole width,
the start and then each hand across, chips up, drawn by plotext through textual-plotext.

Each line is drawn in a colour of the theme and marked at the hands with the player's
letter, the letter the scoreboard writes where a name does not fit, so that the lines
are told apart without colour as well (the monochrome theme); the legend under the chart
names each letter.  Each line's end is named too, right of it, and lines that end on one
row are named together ("Anna, Carlo"), so that a line lying under another is still
told of.  Only the scoreboard imports this module, so plotext is loaded when
the scoreboard first opens and costs the start of the app nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from textual.app import ComposeResult, RenderResult
from textual.color import Color
from textual.containers import Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static
from textual_plotext import PlotextPlot

from ...languages import _, pgettext

PLAYER_COLOURS = ("primary", "secondary", "error", "success", "foreground", "accent")  # theme variables
MARK_SPACING = 3  # the fewest columns between two of one player's letters
TICK_SPACING = 7  # the fewest columns between two numbers on the axis of hands
ROWS_PER_TICK = 2  # the fewest rows between two numbers on the axis of chips
AXES = (4, 2)  # the columns of the chips' numbers and the rows of the hands'
LABEL_SHARE = 4  # the names at the lines' ends take at most a quarter of the plot's columns, else letters do


def markers(names: Sequence[str]) -> list[str]:
    """One distinct character per player: the initial if free, else a digit."""
    chosen: list[str] = []
    for seat, name in enumerate(names):
        initial = (name[:1] or "?").upper()
        chosen.append(initial if initial not in chosen else str(seat + 1))
    return chosen


@dataclass(frozen=True)
class Series:
    """One player's line: their name, their letter and their chips at the start and after each hand."""

    name: str
    letter: str
    colour: str  # the theme variable it is drawn in
    chips: tuple[int, ...]


def series(names: Sequence[str], history: Sequence[tuple[int, ...]]) -> list[Series]:
    """A line per player from ``history``, the stacks at the start and after each hand."""
    return [
        Series(name, letter, PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], tuple(stacks[seat] for stacks in history))
        for seat, (name, letter) in enumerate(zip(names, markers(names)))
    ]


def tick_step(span: int, room: float) -> int:
    """The first of 1, 2, 5, 10, 20, 25, 50, 100, … that cuts ``span`` into at most ``room`` steps."""
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale // 2, 5 * scale):
            if span <= step * max(room, 1):
                return step
        scale *= 10


def ticks(span: int, room: float) -> list[int]:
    """Whole numbers from 0 to ``span``, as many as ``room`` allows, evenly apart."""
    return list(range(0, span + 1, tick_step(span, room)))


def end_labels(lines: Sequence[Series], rows: int, top: int, room: int) -> list[tuple[str, int, list[Series]]]:
    """The names at the lines' ends: (label, chips, lines) for each of the ``rows`` of a
    chart of ``top`` chips that a line ends on, the names of every line ending there
    (their letters, where the names would take more than ``room`` columns)."""
    ending: dict[int, list[Series]] = {}
    for line in sorted(lines, key=lambda line: -line.chips[-1]):
        ending.setdefault(round(line.chips[-1] * (rows - 1) / max(top, 1)), []).append(line)
    labels = [(", ".join(line.name for line in together), together[0].chips[-1], together)
              for together in ending.values()]
    if max(len(label) for label, *_rest in labels) <= room:
        return labels
    return [(", ".join(line.letter for line in together), chips, together) for _label, chips, together in labels]


def marked_hands(hands: int, columns: int) -> list[int]:
    """The hands a line is marked at with its letter: every one where the ``columns`` of the
    plot leave room, else every few, and always the last.  Not the start, where every line
    begins at the same height and only the last letter drawn would show."""
    every = max(1, -(-MARK_SPACING * hands // max(columns, 1)))
    return sorted({*range(every, hands + 1, every), hands} - {0})


class StackPlot(PlotextPlot):
    """The lines of the chart, redrawn for the size and the theme each time it is drawn."""

    theme = reactive("clear")  # no colours of plotext's own: the widget's background and text show

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[Series] = []

    def render(self) -> RenderResult:
        self.draw(self.size.width, self.size.height)
        return super().render()

    def draw(self, width: int, height: int) -> None:
        """Every line, marked with its letter, on axes numbered to fit ``width`` and ``height``."""
        plt = self.plt
        plt.clear_data()
        if not self.lines:
            return
        hands = len(self.lines[0].chips) - 1
        marked = marked_hands(hands, width - AXES[0])
        for line in self.lines:
            colour = self.colour(line.colour)
            plt.plot(range(hands + 1), line.chips, marker="braille", color=colour)
            plt.scatter(marked, [line.chips[hand] for hand in marked], marker=line.letter, color=colour, style="bold")
        top = max(1, *(max(line.chips) for line in self.lines))
        labels = end_labels(self.lines, height - AXES[1] - 1, top, (width - AXES[0]) // LABEL_SHARE)
        right = self.name_the_ends(labels, max(1, hands), width - AXES[0])
        self.number_axes(max(1, hands), right, top, width, height)

    def colour(self, variable: str) -> tuple[int, int, int]:
        return Color.parse(self.app.theme_variables[variable]).rgb

    def name_the_ends(self, labels: list[tuple[str, int, list[Series]]], hands: int, columns: int) -> float:
        """Each label right of the lines' end, in its line's colour (the text's where it
        names several); the right end of the axis of hands that leaves room for them."""
        widest = max(len(label) for label, *_rest in labels) + 1
        right = hands * columns / max(columns - widest, 1)
        for label, chips, together in labels:
            colour = self.colour(together[0].colour if len(together) == 1 else "foreground")
            self.plt.text(" " + label, hands, chips, color=colour, alignment="left")
        return right

    def number_axes(self, hands: int, right: float, chips: int, width: int, height: int) -> None:
        """The hands along the bottom from the start to ``right``, the chips up the left from none."""
        plt = self.plt
        plt.xaxes(True, False)
        plt.yaxes(True, False)
        plt.xlim(0, right)
        plt.ylim(0, chips)
        across = ticks(hands, (width - AXES[0]) // TICK_SPACING)
        plt.xticks(across, [pgettext("scoreboard", "start") if hand == 0 else str(hand) for hand in across])
        plt.yticks(ticks(chips, (height - AXES[1] - 1) / ROWS_PER_TICK))


def legend(lines: Sequence[Series]) -> Content:
    """Each letter, in its line's colour, with the player's name; kept together when the legend wraps."""
    return Content("   ").join(
        Content.assemble((line.letter, f"bold ${line.colour}"), f"\u00a0{line.name}".replace(" ", "\u00a0"))
        for line in lines
    )


class StackChart(Vertical):
    """``show(names, history)``: ``history`` holds the stacks at the start and after each hand."""

    DEFAULT_CSS = """
    StackChart {
        height: 1fr;
        min-height: 8;
        border: round $table-edge;
        border-title-color: $text-muted;
        padding: 0 1;
        #legend { height: auto; color: $text-muted; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = _("Chips after each hand")
        self.lines: list[Series] = []

    def compose(self) -> ComposeResult:
        yield StackPlot()
        yield Static(id="legend")

    def show(self, names: Sequence[str], history: Sequence[tuple[int, ...]]) -> None:
        self.lines = series(names, history)
        plot = self.query_one(StackPlot)
        plot.lines = self.lines
        plot.refresh()
        self.query_one("#legend", Static).update(legend(self.lines))
