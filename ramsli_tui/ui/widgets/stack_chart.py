"""The stacks over the session: one row of bars per player, hand by hand."""

from __future__ import annotations

from typing import Sequence

from textual.content import Content
from textual.widget import Widget

BARS = " ▁▂▃▄▅▆▇█"


def bars(values: Sequence[int], top: int) -> str:
    """One bar per value, scaled so that ``top`` is a full block."""
    scale = (len(BARS) - 1) / max(top, 1)
    return "".join(BARS[max(round(value * scale), 1 if value else 0)] for value in values)


class StackChart(Widget):
    """``show(names, history)`` with ``history`` the stacks at the start and after each hand."""

    DEFAULT_CSS = """
    StackChart {
        height: auto;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Stacks over the session"
        self.names: tuple[str, ...] = ()
        self.history: list[tuple[int, ...]] = []

    def show(self, names: Sequence[str], history: list[tuple[int, ...]]) -> None:
        self.names = tuple(names)
        self.history = history
        self.refresh(layout=True)

    def render(self) -> Content:
        if not self.history:
            return Content("")
        top = max(max(stacks) for stacks in self.history)
        width = max(len(name) for name in self.names) + 1
        room = max(self.content_size.width - width - 6, 8)
        recent = self.history[-room:]
        rows = [
            Content.assemble(name.ljust(width), (bars([stacks[seat] for stacks in recent], top), "$accent"), f" {recent[-1][seat]:>4}")
            for seat, name in enumerate(self.names)
        ]
        return Content("\n").join(rows)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.names)
