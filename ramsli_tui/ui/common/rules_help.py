"""Rules help: a game's rules as played at this table, a page of Markdown to scroll, and a key back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from ...languages import N_
from ..widgets.key_bar import KeyBar


class RulesScreen(Screen):
    """The rules written in ``markdown`` (each game's ``rules_markdown`` writes its own)."""

    DEFAULT_CSS = """
    RulesScreen Markdown { padding: 0 2; }
    """

    BINDINGS = [Binding("escape,question_mark,q", "app.pop_screen", N_("Back"), id="rules.back")]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self.markdown)
        yield KeyBar()
