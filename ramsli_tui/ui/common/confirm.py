"""A yes-or-no question over the current screen (leaving the table during a session)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Label

from ...languages import N_, _
from .dialog import Dialog


class ConfirmScreen(Dialog[bool]):
    DEFAULT_CSS = """
    ConfirmScreen {
        .box { width: 60; padding: 1 2; }
        #question { width: 100%; margin-bottom: 1; }
        #buttons { height: auto; align-horizontal: right; }
        Button { margin-left: 2; }
    }
    """

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), show=False, id="confirm.yes"),
        Binding("n,escape", "answer(False)", N_("No"), show=False, id="confirm.no"),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None) -> None:
        """``question`` and the two answers' words, in the language spoken ("Yes" and "No" unless told)."""
        super().__init__()
        self.question = question
        self.yes = _("Yes") if yes is None else yes
        self.no = _("No") if no is None else no

    def compose(self) -> ComposeResult:
        with self.box():
            yield Label(self.question, id="question")
            with Horizontal(id="buttons"):
                yield Button(f"{self.no} (n)", id="no", variant="primary")
                yield Button(f"{self.yes} (y)", id="yes", variant="error")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
