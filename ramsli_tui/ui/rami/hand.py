"""The person's Rami hand: up to 14 cards in the order they keep them, in groups.

←/→ choose a card, shift+←/→ (or ``[``/``]``) move it, Enter discards it; a click
chooses a card and a second click on the chosen one discards it; a card dragged onto
another goes to its place (the hand holds the mouse from the press to the release, and
finds the cards by where the mouse is: a terminal's mouse events name no widget).  The
card under the mouse has a heavy border, the chosen one a double border.  The order is
the person's (``Arrangement``): the screen sorts it or lays it out in melds
(``reorder``), the chosen card staying chosen, and the hand keeps it while cards come
and go.  When the person is to discard, the cards they may throw are ``-legal`` and a
card taken from the jetée, which they may not, ``-illegal``; the hand never decides
that itself.
A card drawn comes at the right end, chosen; a new deal comes sorted by suit.
"""

from __future__ import annotations

from typing import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.errors import NoWidget
from textual.events import Click, MouseDown, MouseEvent, MouseMove, MouseUp
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...cards import Card
from ...languages import N_
from ..messages import CardChosen
from ..widgets.card import CardWidget
from .arrangement import Arrangement
from .card import RamiCard

MOST_CARDS = 14  # the dealer's hand, and everyone's after drawing


class RamiHand(Widget, can_focus=True):
    DEFAULT_CSS = """
    RamiHand {
        width: auto;
        height: auto;
        #cards { width: auto; height: auto; }
        CardWidget { margin: 1 1 0 0; }
        CardWidget.-group-end { margin: 1 3 0 0; }
        CardWidget.-legal:hover, CardWidget.-drop { border: heavy $card-edge; }
        CardWidget.-selected, CardWidget.-selected:hover { border: double $card-highlight; }
    }
    """

    BINDINGS = [
        Binding("left", "select(-1)", N_("Previous card"), show=False, id="rami.hand.previous"),
        Binding("right", "select(1)", N_("Next card"), show=False, id="rami.hand.next"),
        Binding("shift+left,left_square_bracket", "shift(-1)", N_("Move left"), show=False, id="rami.hand.move_left"),
        Binding("shift+right,right_square_bracket", "shift(1)", N_("Move right"), show=False,
                id="rami.hand.move_right"),
        Binding("enter", "discard_selected", N_("Discard"), show=False, id="rami.hand.discard"),
    ]

    selected: reactive[int] = reactive(0)

    class Rearranged(Message):
        """The person changed the order of their cards."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.arrangement = Arrangement()
        self.legal: frozenset[Card] = frozenset()
        self.to_discard = False
        self.faces = "french"
        self.dragged: int | None = None  # the place of the card the mouse went down on

    def compose(self) -> ComposeResult:
        with Horizontal(id="cards"):
            for _ in range(MOST_CARDS):
                yield RamiCard()

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.arrangement.cards

    def show(self, hand: Sequence[Card], legal: frozenset[Card], to_discard: bool, faces: str) -> None:
        """These cards, kept in the person's order; ``to_discard`` marks those they may throw.
        A card drawn is chosen, ready to be thrown or moved."""
        came = self.arrangement.follow(hand)
        self.legal, self.to_discard, self.faces = legal, to_discard, faces
        if came == 1:
            self.selected = len(self.cards) - 1
        self.redraw()

    def redraw(self) -> None:
        cards = self.cards
        ends = self.arrangement.gaps_after()
        for place, widget in enumerate(self.query(CardWidget)):
            card = cards[place] if place < len(cards) else None
            widget.card = card
            widget.faces = self.faces
            widget.set_class(place in ends, "-group-end")
            widget.set_class(self.to_discard and card in self.legal, "-legal")
            widget.set_class(self.to_discard and card is not None and card not in self.legal, "-illegal")
        self.selected = min(self.selected, max(len(cards) - 1, 0))
        self._mark_selection()

    def watch_selected(self) -> None:
        self._mark_selection()

    def _mark_selection(self) -> None:
        chosen = self.selected if self.cards else -1
        for place, widget in enumerate(self.query(CardWidget)):
            widget.set_class(place == chosen, "-selected")

    def select_card(self, card: Card) -> None:
        if card in self.cards:
            self.selected = self.cards.index(card)

    def reorder(self, change: Callable[[Arrangement], object]) -> None:
        """Put the cards in another order (``change`` on the arrangement), the chosen card
        still chosen wherever it goes."""
        chosen = self.cards[self.selected] if 0 <= self.selected < len(self.cards) else None
        change(self.arrangement)
        self.redraw()
        if chosen is not None:
            self.select_card(chosen)

    # --- the person's keys and clicks --------------------------------------------------------

    def action_select(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)

    def action_shift(self, step: int) -> None:
        """Move the chosen card a step, keeping it chosen."""
        if self.cards:
            self.selected = self.arrangement.move(self.selected, step)
            self.redraw()
            self.post_message(self.Rearranged())

    def move_card(self, place: int, to: int) -> None:
        """Move the card at ``place`` to the place of the card at ``to``, into its group."""
        self.selected = self.arrangement.move_to(place, to)
        self.redraw()
        self.post_message(self.Rearranged())

    def action_discard_selected(self) -> None:
        if 0 <= self.selected < len(self.cards):
            self.post_message(CardChosen(self.cards[self.selected]))

    def on_click(self, event: Click) -> None:
        """A click chooses a card; a second click on the chosen card discards it."""
        place = self._place_of(event.widget)
        if place is None:
            return
        self.focus()
        if place == self.selected:
            self.action_discard_selected()
        else:
            self.selected = place

    def on_mouse_down(self, event: MouseDown) -> None:
        """A press on a card may start a drag: the hand holds the mouse until the release."""
        self.dragged = self._place_under(event)
        if self.dragged is not None:
            self.capture_mouse()

    def on_mouse_move(self, event: MouseMove) -> None:
        """While a card is dragged, the card it would go to is marked."""
        if self.dragged is not None:
            target = self._place_under(event)
            for place, widget in enumerate(self.query(CardWidget)):
                widget.set_class(place == target and target != self.dragged, "-drop")

    def on_mouse_up(self, event: MouseUp) -> None:
        """A card dragged onto another goes to that card's place.  The mouse is let go on
        any release (a release outside the window may never have come)."""
        place, self.dragged = self.dragged, None
        self.release_mouse()
        self.query(CardWidget).remove_class("-drop")
        target = self._place_under(event)
        if place is not None and target is not None and target != place:
            self.move_card(place, target)

    def _place_under(self, event: MouseEvent) -> int | None:
        """The place of the card under the mouse, if one is."""
        try:
            widget, _ = self.screen.get_widget_at(event.screen_x, event.screen_y)
        except NoWidget:
            return None
        return self._place_of(widget)

    def _place_of(self, widget) -> int | None:
        if isinstance(widget, CardWidget) and widget.card is not None and widget in self.query(CardWidget):
            return list(self.query(CardWidget)).index(widget)
        return None
