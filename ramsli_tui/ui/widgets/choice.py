"""A button that steps through a few choices: click it or press Enter for the next one.

Lighter than a drop-down where the choices are few and short, such as a computer
player's strength.
"""

from __future__ import annotations

from typing import Sequence

from textual.reactive import reactive
from textual.widgets import Button


class Choice(Button):
    """``value`` is the current choice; pressing moves to the next, round to the first."""

    DEFAULT_CSS = """
    Choice { min-width: 10; }
    """

    value: reactive[str] = reactive("")

    def __init__(self, choices: Sequence[str], value: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(f"{value} ▸", id=id, classes=classes, compact=True)
        self.choices = tuple(choices)
        self.set_reactive(Choice.value, value)

    def watch_value(self, value: str) -> None:
        self.label = f"{value} ▸"

    def press(self) -> Choice:
        self.value = self.choices[(self.choices.index(self.value) + 1) % len(self.choices)]
        return super().press()
