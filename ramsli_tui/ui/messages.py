"""The messages the table's widgets send up to the screen."""

from __future__ import annotations

from textual.message import Message

from ..cards import Card


class CardChosen(Message):
    """The player chose a card to play (by click, Enter or its number)."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card


class CardRaised(Message):
    """The player moved the selection to another card of their hand (not yet played)."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card


class ActionChosen(Message):
    """The player chose an action other than a card: a declaration or an announcement
    (a button or its key), in the game's own terms."""

    def __init__(self, action: object) -> None:
        super().__init__()
        self.action = action
