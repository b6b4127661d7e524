"""A list of points, each wrapped under its own first word rather than under the bullet."""

from __future__ import annotations

import textwrap
from typing import Sequence

from textual.content import Content
from textual.widget import Widget


class Bullets(Widget):
    DEFAULT_CSS = """
    Bullets { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.points: tuple[str, ...] = ()

    def show(self, points: Sequence[str]) -> None:
        self.points = tuple(points)
        self.refresh(layout=True)

    def render(self) -> Content:
        width = max(self.content_size.width, 10)
        return Content("\n".join(
            textwrap.fill(point, width, initial_indent="• ", subsequent_indent="  ") for point in self.points
        ))
