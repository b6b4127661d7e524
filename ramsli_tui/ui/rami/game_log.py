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
from ...languages import N_, _
from ..widgets.key_bar import KeyBar
from ..widgets.game_log import GameLog
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
    lines = [_("Hand {number} so far:").format(number=view.number)]
    for seat, held in reading.held_by.items():
        # TRANSLATORS: "nothing" and "nothing yet" stand for {holds} and {thrown} in the sentence below.
        holds = " ".join(words.card(card) for card in held) or _("nothing")
        thrown = " ".join(words.card(card) for card in reading.thrown[seat]) or _("nothing yet")
        # TRANSLATORS: what the table saw of a player this hand: {name} ("Anna"), the cards they took
        # face up and still hold ({holds}, "7♥ J♠"), and those they threw ({thrown}).
        lines.append(_("{name}: took face up and still holds {holds}; threw {thrown}.").format(
            name=words.names[seat], holds=holds, thrown=thrown))
    gone = [words.card(card) for card in NATURALS if not reading.unseen[card]]
    # TRANSLATORS: {cards}: the cards of which both copies have been seen ("7♥ J♠"), or "none yet".
    lines.append(_("Both copies in sight: {cards}.").format(cards=" ".join(gone) if gone else _("none yet")))
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

    BINDINGS = [Binding("escape,h,q", "app.pop_screen", N_("Back to the table"), id="rami_log.back")]

    def __init__(self, view: RamiView, lines: list[str], words: RamiWords) -> None:
        super().__init__()
        self.view_, self.lines, self.words = view, lines, words

    def compose(self) -> ComposeResult:
        yield Label(_("The log — what you have seen this game, the newest at the bottom"), id="heading")
        yield Static(Content("\n".join(seen_lines(self.view_, self.words))), id="seen")
        with VerticalScroll(id="story"):
            yield Static(Content("\n".join(self.lines) or _("Nothing has happened yet.")), id="lines")
        yield KeyBar()

    def on_mount(self) -> None:
        self.call_after_refresh(self.query_one("#story", VerticalScroll).scroll_end, animate=False)
