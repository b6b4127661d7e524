"""The log of a game of Rami Simple, as this seat saw it: every draw (from where, and the
card when it was face up, or the card this seat drew), every discard, the tournante,
each going-out with its melds, each hand's points; at a server's table what people say.

Beside the table in a wide window (``RamiLog``, Ramsli's table talk telling Rami's
events), and on its own screen on request (``RamiLogScreen``, ``h``) in any window,
under what the table has seen of the others (``seen_lines``): the cards each took face
up and still holds, what each threw, and the cards of which both copies are in sight,
which is what the computer players read (``bots.reading``).  All of it comes from the
events and the view this seat is sent, so it never tells another seat's hidden cards.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label, Static

from ...games.rami.bots.reading import NATURALS, read
from ...games.rami.engine import RamiView
from ...games.rami.engine.events import Event
from ..widgets.key_bar import KeyBar
from ..ramsli.game_log import GameLog
from .words import RamiWords


class RamiLog(GameLog):
    """The table talk beside the Rami table, telling each event in the log's fuller words.
    It keeps a whole game's lines (a hand is some 100 to 200 of them) for the log's
    screen, and shows the newest as Ramsli's does."""

    KEPT = 5000

    def line(self, event: Event, words: RamiWords) -> str | None:
        return words.logged(event)

    def lines(self) -> list[str]:
        return [line for _, line in self.told]


def seen_lines(view: RamiView, words: RamiWords) -> list[str]:
    """What the table has shown of the other seats this hand, a line each, and the cards
    whose both copies are in sight (in this seat's hand, on the jetée, held by the others)."""
    reading = read(view)
    lines = [f"Hand {view.number} so far:"]
    for seat, held in reading.held_by.items():
        holds = " ".join(words.card(card) for card in held) or "nothing"
        thrown = " ".join(words.card(card) for card in reading.thrown[seat]) or "nothing yet"
        lines.append(f"{words.subject(seat)}: took face up and still holds {holds}; threw {thrown}.")
    gone = [words.card(card) for card in NATURALS if not reading.unseen[card]]
    lines.append(f"Both copies in sight: {' '.join(gone) if gone else 'none yet'}.")
    return lines


class RamiLogScreen(Screen):
    """The log on a screen of its own: what the others are known to hold above, and every
    line of the log below it, scrolled to the newest at the bottom."""

    DEFAULT_CSS = """
    RamiLogScreen {
        #heading { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
        #seen { padding: 0 1; margin-bottom: 1; background: $panel; }
        #lines { padding: 0 1; }
    }
    """

    BINDINGS = [Binding("escape,h,q", "app.pop_screen", "Back to the table", id="rami_log.back")]

    def __init__(self, view: RamiView, lines: list[str], words: RamiWords) -> None:
        super().__init__()
        self.view_, self.lines, self.words = view, lines, words

    def compose(self) -> ComposeResult:
        yield Label("The log — what you have seen this game, the newest at the bottom", id="heading")
        yield Static(Content("\n".join(seen_lines(self.view_, self.words))), id="seen")
        with VerticalScroll(id="story"):
            yield Static(Content("\n".join(self.lines) or "Nothing has happened yet."), id="lines")
        yield KeyBar()

    def on_mount(self) -> None:
        self.call_after_refresh(self.query_one("#story", VerticalScroll).scroll_end, animate=False)
