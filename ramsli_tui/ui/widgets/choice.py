"""A button that steps through a few choices: click it or press Enter (or →) for the next
one, ← for the one before.

Lighter than a drop-down where the choices are few and short, such as a computer
player's strength or the number of players (a drop-down costs a start-up some 15 ms).
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button

from ...languages import N_


class Choice(Button):
    """``value`` is the current choice, of ``options`` given as (label, value) pairs."""

    DEFAULT_CSS = """
    Choice { min-width: 10; }
    """

    BINDINGS = [
        Binding("right", "step(1)", N_("Next"), show=False, id="choice.next"),
        Binding("left", "step(-1)", N_("Previous"), show=False, id="choice.previous"),
    ]

    value: reactive[Any] = reactive(None, init=False)

    class Changed(Message):
        """The choice changed (pressed, stepped or set)."""

        def __init__(self, choice: Choice, value: Any) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, options: Sequence[tuple[str, Any]], value: Any, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, compact=True)
        self.options = tuple(options)
        self.set_reactive(Choice.value, value)
        self.label = self.label_of(value)

    def label_of(self, value: Any) -> str:
        return next(label for label, option in self.options if option == value) + " ▸"

    def set_options(self, options: Sequence[tuple[str, Any]], value: Any) -> None:
        """Offer ``options`` instead, with ``value`` chosen."""
        self.options = tuple(options)
        self.value = value
        self.label = self.label_of(value)

    def watch_value(self, value: Any) -> None:
        self.label = self.label_of(value)
        self.post_message(self.Changed(self, value))

    def action_step(self, step: int) -> None:
        values = [option for _words, option in self.options]
        self.value = values[(values.index(self.value) + step) % len(values)]

    def press(self) -> Choice:
        self.action_step(1)
        return super().press()
