"""What the trick history and the scoreboard share: a full screen over the table that tells
the story of the session so far (its ``Chronicle``, in the table's ``RamsliWords``), under a
heading, with the keys at the bottom and a key back to the table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Label

from .chronicle import Chronicle
from ..widgets.key_bar import KeyBar
from .words import RamsliWords
from ...languages import _


class ChronicleScreen(Screen):
    DEFAULT_CSS = """
    ChronicleScreen {
        #heading { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
    }
    """

    HEADING = ""

    def __init__(self, chronicle: Chronicle, words: RamsliWords) -> None:
        super().__init__()
        self.chronicle = chronicle
        self.words = words

    def compose(self) -> ComposeResult:
        yield Label(_(self.HEADING) if self.HEADING else "", id="heading")
        yield from self.compose_story()
        yield KeyBar()

    def compose_story(self) -> ComposeResult:
        """The widgets between the heading and the keys."""
        raise NotImplementedError
