"""The player's hand: five cards sorted by suit and rank, trumps together on the left.

Played by mouse (click a card) or keyboard (←/→ to choose, Enter to play; the screen
maps 1–5 to the n-th card).  With ``second_click`` (no misclicks), a click or a number
only raises a card, and a second one on the raised card, or Enter, plays it.  When it is the player's turn to play, the cards they may
play are marked ``-legal`` and the others ``-illegal``; the hand never decides what is
legal itself, it only shows what the view says and posts ``CardChosen``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.events import Click
from textual.geometry import Region
from textual.reactive import reactive
from textual.widget import Widget

from ...cards import Card
from ..messages import CardChosen, CardRaised
from ..widgets.card import CardWidget


class CardKeys(Widget):
    """The keys under the cards: each card's number, the selected one marked."""

    DEFAULT_CSS = """
    CardKeys { height: 1; width: 100%; color: $text-muted; }
    """

    def render(self) -> Content:
        hand = self.parent
        cards = [widget for widget in hand.card_widgets if widget.card is not None]
        parts: list[str | tuple[str, str]] = []
        column = self.region.x
        for place, widget in enumerate(cards):
            middle = widget.region.x + widget.region.width // 2
            parts.append(" " * max(middle - column, 0))
            chosen = hand.to_play and place == hand.selected
            parts.append((str(place + 1), "bold reverse $seat-turn" if chosen else ""))
            column = middle + 1
        return Content.assemble(*parts)

    def refresh_under(self, card: CardWidget) -> None:
        """Draw again only the part of the line under ``card`` (its number, marked or not):
        the frame then spans that card alone, not the whole hand."""
        self.refresh(Region(card.region.x - self.region.x, 0, card.region.width, 1))


class HandView(Widget, can_focus=True):
    """The human's cards.  ``show(cards, trump, legal, to_play, faces)`` redraws them in
    place, with the key that plays each card under it; ``-sitting-out`` dims them while
    the player sits a hand out."""

    DEFAULT_CSS = """
    HandView {
        width: auto;
        height: auto;
        padding: 0 1;
        #cards { width: auto; height: auto; }
        CardWidget { margin: 1 1 0 0; }
        &.-sitting-out CardWidget { text-style: dim; }
    }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Previous card", show=False, id="hand.previous"),
        Binding("right", "move(1)", "Next card", show=False, id="hand.next"),
        Binding("enter", "play_selected", "Play card", show=False, id="hand.play"),
    ]

    selected: reactive[int] = reactive(0, repaint=False)  # the cards' classes show it

    def __init__(self, size: int, *, id: str | None = None) -> None:
        """``size``: the most cards the hand holds (it has a place for each)."""
        super().__init__(id=id)
        self.places = size
        self.cards: tuple[Card, ...] = ()
        self.legal: frozenset[Card] = frozenset()
        self.to_play = False
        self.second_click = False
        self.card_widgets = tuple(CardWidget() for _ in range(size))  # a place for each card, left to right
        self.keys = CardKeys()

    def compose(self) -> ComposeResult:
        with Horizontal(id="cards"):
            yield from self.card_widgets
        yield self.keys

    def show(self, cards: tuple[Card, ...], legal: frozenset[Card], to_play: bool, faces: str) -> None:
        """Show these cards, in this order; ``to_play`` marks the legal ones and moves the
        selection to one."""
        became_turn = to_play and not self.to_play
        self.cards = cards
        self.legal = legal
        self.to_play = to_play
        for place, widget in enumerate(self.card_widgets):
            card = self.cards[place] if place < len(self.cards) else None
            widget.card = card
            widget.faces = faces
            widget.set_class(to_play and card in legal, "-legal")
            widget.set_class(to_play and card is not None and card not in legal, "-illegal")
        if became_turn:
            self.selected = next((i for i, card in enumerate(self.cards) if card in legal), 0)
        else:
            self.selected = min(self.selected, max(len(self.cards) - 1, 0))
        self._mark_selection()
        self.keys.refresh()

    def watch_selected(self) -> None:
        self._mark_selection()

    def _mark_selection(self) -> None:
        """The raised card's double border, and its number marked under it; only the
        cards that change are drawn again."""
        for place, widget in enumerate(self.card_widgets):
            raised = self.to_play and place == self.selected
            if widget.has_class("-selected") != raised:
                widget.set_class(raised, "-selected", update=False)
                widget.update_node_styles(animate=False)
                self.keys.refresh_under(widget)

    def action_move(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)
            self.post_message(CardRaised(self.cards[self.selected]))

    def raise_card(self, card: Card) -> None:
        """Raise ``card``, if the hand holds it (a resumed session's raised card)."""
        if card in self.cards:
            self.selected = self.cards.index(card)

    def choose(self, place: int) -> None:
        """Play the card at ``place`` (0 is the leftmost), if there is one; with
        ``second_click``, only raise it unless it is raised already."""
        if not 0 <= place < len(self.cards):
            return
        if self.second_click and self.to_play and place != self.selected:
            self.selected = place
            self.post_message(CardRaised(self.cards[place]))
            return
        self.selected = place
        self.post_message(CardChosen(self.cards[place]))

    def action_play_selected(self) -> None:
        """Enter plays the raised card, whatever ``second_click`` says."""
        if 0 <= self.selected < len(self.cards):
            self.post_message(CardChosen(self.cards[self.selected]))

    def on_click(self, event: Click) -> None:
        """A click on a card plays it."""
        if isinstance(event.widget, CardWidget) and event.widget.card is not None:
            self.focus()
            self.choose(self.card_widgets.index(event.widget))
