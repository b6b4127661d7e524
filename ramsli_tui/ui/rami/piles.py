"""The middle of a Rami table: the talon (face down, its count), the jetée's top card,
and, during the first round, the tournante beside them.  A click on one draws from it;
those the person may draw from now show their key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.widgets import Label, Static

from ...cards import Card
from ...languages import _
from ..widgets.card import CardWidget
from .card import RamiCard
from .words import DRAW_KEYS


class Pile(Vertical):
    """One place to draw from: its name above, its card (or the talon's back) below."""

    DEFAULT_CSS = """
    Pile { width: 15; height: auto; align-horizontal: center; }
    Pile Label { width: 100%; text-align: center; color: $text-muted; }
    Pile .back, Pile .none {
        width: 5; height: 3; border: $card-border $card-edge; content-align: center middle;
    }
    Pile .back { background: $panel; }
    Pile .none { border: $card-border $panel; color: $text-muted; }
    Pile CardWidget { margin: 0; }
    Pile.-hidden { display: none; }
    Pile.-takes:hover .back, Pile.-takes:hover CardWidget { border: heavy $card-highlight; }
    """

    class Chosen(Message):
        def __init__(self, source: str) -> None:
            super().__init__()
            self.source = source

    def __init__(self, source: str, title: str) -> None:
        super().__init__(id=f"pile-{source}")
        self.source = source
        self.title = title

    def compose(self) -> ComposeResult:
        yield Label(self.title)
        if self.source == "talon":
            yield Static("▒▒▒", classes="back")
        else:
            yield RamiCard()
            yield Static("—", classes="none")

    def show(self, card: Card | None, faces: str, caption: str, may_take: bool) -> None:
        self.query_one(Label).update(Content(caption))
        self.set_class(may_take, "-takes")
        if self.source == "talon":
            return
        widget = self.query_one(CardWidget)
        widget.card, widget.faces = card, faces
        self.query_one(".none").display = card is None

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.source))


class Piles(Horizontal):
    DEFAULT_CSS = """
    Piles { width: auto; height: auto; }
    """

    def compose(self) -> ComposeResult:
        # TRANSLATORS: Rami Simple's places, as French Rami names them: the talon (the face-down draw pile),
        # the jetée (the discard pile) and the tournante (the dealer's first discard, set apart for the first
        # round). Say the first two as your rummy players do (German Rommé: Talon, Ablage; Spanish: mazo,
        # descarte). The tournante is French Rami's own (Rami 51 and 71 have it too); German Rommé and
        # Spanish rummy have no such card and so no word for it: keep "Tournante", as a Rami player learns it.
        # Each caption takes a pile's 11 to 15 columns, its key too.
        yield Pile("talon", _("Talon"))
        # TRANSLATORS: the jetée, the discard pile (see "Talon").
        yield Pile("jetee", _("Jetée"))
        # TRANSLATORS: the tournante, French Rami's own word: keep it (see "Talon").
        yield Pile("tournante", _("Tournante"))

    def show(self, talon: int, jetee: Card | None, tournante: Card | None, first_round: bool,
             sources: frozenset[str], faces: str, keyed: bool = True) -> None:
        """The piles as the view has them; ``sources``: where the person may draw now,
        their keys on them unless not ``keyed`` (a narrow window: the key bar has them)."""
        keyed = {source: f" ({key})" if keyed and source in sources else "" for source, key in DRAW_KEYS.items()}
        # TRANSLATORS: the talon's caption above it, {count} the cards left in it; a pile is 11 to 15 columns wide.
        talon_caption = _("Talon {count}").format(count=talon)
        self.query_one("#pile-talon", Pile).show(None, faces, talon_caption + keyed["talon"], "talon" in sources)
        self.query_one("#pile-jetee", Pile).show(jetee, faces, _("Jetée") + keyed["jetee"], "jetee" in sources)
        tournante_pile = self.query_one("#pile-tournante", Pile)
        tournante_pile.show(tournante, faces, _("Tournante") + keyed["tournante"], "tournante" in sources)
        tournante_pile.set_class(tournante is None or not first_round, "-hidden")
