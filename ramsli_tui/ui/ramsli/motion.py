"""Short moves on the felt: a card played slides in from its seat's side, a finished
trick sweeps to the seat that took it, chips count across in a hand's result.

A move is a few whole-cell steps on a timer, never Textual's animator at sixty frames
a second: each change of a widget's offset lays the screen out again and sends its
changed cells over SSH, so a move of ``STEPS`` steps costs a served session that many
small frames (bench/motion.py measures them: README.md, "Speed").  Moves happen only with
the Motion setting on (F2, the default) and at the app's ``full`` animation level
(``TEXTUAL_ANIMATIONS``); otherwise, and so in the tests, everything is at once where it ends.
"""

from __future__ import annotations

from typing import Callable, Sequence

from textual.geometry import Offset
from textual.widget import Widget

STEPS = 3  # steps of a move
STEP_SECONDS = 0.06  # between two steps: a move takes under a fifth of a second


def moves_shown(widget: Widget) -> bool:
    """Does the app show moves: the Motion setting on, and the app's animation level ``full``?"""
    return widget.app.settings.motion and widget.app.animation_level == "full"


def between(start: Offset, end: Offset, step: int) -> Offset:
    """Where a move from ``start`` to ``end`` is after ``step`` of its ``STEPS`` steps, in whole cells."""
    def part(first: int, last: int) -> int:
        return round(first + (last - first) * step / STEPS)

    return Offset(part(start.x, end.x), part(start.y, end.y))


def glide(owner: Widget, moves: Sequence[tuple[Widget, Offset, Offset]], then: Callable[[], None] | None = None) -> None:
    """Move each widget from its start offset to its end offset in ``STEPS`` steps, on a
    timer of ``owner`` (so that the move stops with it); ``then`` once all are there."""
    for widget, start, _ in moves:
        widget.styles.offset = start
    step = 0

    def advance() -> None:
        nonlocal step
        if step == STEPS:
            return  # a tick already on its way when the timer was stopped
        step += 1
        for widget, start, end in moves:
            widget.styles.offset = between(start, end, step)
        if step == STEPS:
            timer.stop()
            if then is not None:
                then()

    timer = owner.set_interval(STEP_SECONDS, advance)


def count(owner: Widget, draw: Callable[[float], None]) -> None:
    """Draw a change in ``STEPS`` steps: ``draw(share)`` with the share of it done, from
    0 to 1 (a hand's chips going to their owners); at once ``draw(1)`` when moves are not shown."""
    if not moves_shown(owner):
        draw(1)
        return
    step = 0
    draw(0)

    def advance() -> None:
        nonlocal step
        if step == STEPS:
            return
        step += 1
        draw(step / STEPS)
        if step == STEPS:
            timer.stop()

    timer = owner.set_interval(STEP_SECONDS * 2, advance)
