"""The hand viewer: a finished hand watched again, step by step, every hand face up.

It shows a game's felt (``ui/GAME/viewer.py``, found through ``ui.table_screens``) at
one step of the hand (``games.steps``: step 0 the deal, then one per action), what
that step made happen in words under it, and the list of every step beside it: ← and
→ go a step back and on, Home and End to the deal and the last step, a click (or ↑/↓)
on a step's line goes there, PageUp and PageDown scroll the felt where the window is
too low for every seat, q or Escape leaves.  Below 80 columns the list stands under
the felt; from 110 it is wider.  The hand is over, so nothing in it is secret any more.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label, OptionList, Static

from ...games.steps import Step
from ...languages import N_, _
from ...text import for_terminal
from ..widgets.key_bar import KeyBar

NARROW_BELOW = 80  # the list of steps under the felt in a window narrower than this
WIDE_FROM = 110  # a wider list of steps from this width


class ViewerFelt(Protocol):
    """A game's felt in the viewer: a widget that shows the hand at a step, and says
    what each step made happen."""

    def show(self, step: Step, faces: str) -> None:
        """Every seat, its cards face up, and the middle of the table, as they stood after ``step``."""

    def said(self, step: Step, faces: str) -> list[str]:
        """What ``step`` made happen, a sentence for each event worth telling."""


def seat_names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """The players' names a record gives, else each seat by its number: "Seat 1"…"""
    if names is not None:
        return tuple(names)
    # TRANSLATORS: a player of a replayed hand whose record names nobody, by the seat's number from 1
    return tuple(_("Seat {number}").format(number=seat + 1) for seat in range(players))


class HandViewerScreen(Screen[None]):
    """One finished hand, ``steps`` of it, shown on ``felt`` under ``title``."""

    DEFAULT_CSS = """
    HandViewerScreen {
        #title { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
        #room { height: 1fr; }
        #felt-room { width: 1fr; height: 1fr; }
        #steps { width: 24; height: 1fr; }
        #caption { height: auto; min-height: 2; padding: 0 1; background: $panel; }
        &.-wide #steps { width: 40; }
        &.-narrow {
            #room { layout: vertical; }
            #steps { width: 100%; height: 5; }
        }
    }
    """

    BINDINGS = [
        # TRANSLATORS: the hand viewer's keys: a step back, a step on, to the deal, to the last step; keep them short
        Binding("left", "step(-1)", N_("Previous"), priority=True, id="viewer.back"),  # before the list's own scrolling
        Binding("right", "step(1)", N_("Next"), priority=True, id="viewer.on"),
        Binding("home", "first", N_("Deal"), priority=True, id="viewer.first"),
        Binding("end", "last", N_("Last"), priority=True, id="viewer.last"),
        Binding("q,escape", "leave", N_("Leave"), id="viewer.leave"),
        Binding("pageup", "scroll_felt(-1)", N_("Scroll up"), show=False, priority=True, id="viewer.scroll_up"),
        Binding("pagedown", "scroll_felt(1)", N_("Scroll down"), show=False, priority=True, id="viewer.scroll_down"),
    ]

    def __init__(self, felt: Widget, steps: Sequence[Step], title: str) -> None:
        super().__init__()
        self.felt = felt
        self.steps = tuple(steps)
        self.title_text = title
        self.shown = 0  # the step on screen

    def compose(self) -> ComposeResult:
        yield Label(Content(for_terminal(self.title_text)), id="title")
        with Horizontal(id="room"):
            with VerticalScroll(id="felt-room"):
                yield self.felt
            yield OptionList(id="steps")
        yield Static(id="caption")
        yield KeyBar()

    def on_mount(self) -> None:
        self.list_steps()
        self.show(0)

    def list_steps(self) -> None:
        """Every step's line in the list, in the card faces and language now chosen."""
        steps = self.query_one(OptionList)
        steps.clear_options()
        steps.add_options(self.step_line(number) for number in range(len(self.steps)))

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_BELOW, "-narrow")
        self.set_class(event.size.width >= WIDE_FROM, "-wide")

    def step_line(self, number: int) -> str:
        """A step's line in the list: its number and the first thing it made happen."""
        said = self.felt.said(self.steps[number], self.app.settings.faces)
        return for_terminal(f"{number}. {said[0] if said else ''}")

    def show(self, number: int) -> None:
        """Step ``number`` on the felt, what it made happen under it, its line marked."""
        self.shown = max(0, min(number, len(self.steps) - 1))
        step, faces = self.steps[self.shown], self.app.settings.faces
        self.felt.show(step, faces)
        # TRANSLATORS: the hand viewer's caption: "Step 7 of 31: Anna plays K♠." (step 0 is the deal)
        heading = _("Step {number} of {count}:").format(number=self.shown, count=len(self.steps) - 1)
        told = " ".join(self.felt.said(step, faces))
        self.query_one("#caption", Static).update(Content(for_terminal(f"{heading} {told}", None)))
        steps = self.query_one(OptionList)
        if steps.highlighted != self.shown:
            steps.highlighted = self.shown

    @on(OptionList.OptionHighlighted, "#steps")
    def step_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != self.shown:
            self.show(event.option_index)

    def action_step(self, by: int) -> None:
        self.show(self.shown + by)

    def action_first(self) -> None:
        self.show(0)

    def action_last(self) -> None:
        self.show(len(self.steps) - 1)

    def action_scroll_felt(self, by: int) -> None:
        """The felt a page up or down, where the window is too low for every seat."""
        felt = self.query_one("#felt-room", VerticalScroll)
        felt.scroll_page_up() if by < 0 else felt.scroll_page_down()

    def action_leave(self) -> None:
        self.dismiss(None)

    def redraw(self) -> None:
        """The steps' lines and the step again, in the card faces and language now chosen."""
        self.list_steps()
        self.show(self.shown)
