"""The talk line of a served table: the last lines said there, and one to say.

``c`` at a table with other people opens it; Enter says the line to everyone at the
table, Escape closes it unsaid.  The server escapes and limits every line
(net/hub.py); the input stops at that length (``SAY_LENGTH``), so nothing typed is
cut off by the server.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Label

from ...table.spec import SAY_LENGTH
from ...languages import N_, _
from .dialog import Dialog

SHOWN_LINES = 6  # lines said before, shown above the input


class TalkScreen(Dialog[str | None]):
    DEFAULT_CSS = """
    TalkScreen {
        .box { width: 72; padding: 1 2; }
        #talked { width: 100%; color: $text-muted; margin-bottom: 1; }
        #nothing-said { color: $text-muted; margin-bottom: 1; }
    }
    """

    BINDINGS = [Binding("escape", "dismiss(None)", N_("Close"), id="talk.close")]

    def __init__(self, talked: Sequence[str]) -> None:
        """``talked``: the lines said at the table so far, each "name: text"."""
        super().__init__()
        self.talked = list(talked)[-SHOWN_LINES:]

    def compose(self) -> ComposeResult:
        with self.box(_("Say to the table")):
            if self.talked:
                yield Label("\n".join(self.talked), id="talked", markup=False)
            else:
                yield Label(_("Nothing has been said at this table yet."), id="nothing-said")
            yield Input(placeholder=_("Enter says it to everyone here; Escape closes"), max_length=SAY_LENGTH,
                        id="line")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def say(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)
