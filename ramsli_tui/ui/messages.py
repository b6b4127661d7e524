"""The messages the table's widgets send up to the screen."""

from __future__ import annotations

from textual.message import Message

from ..cards import Card
from ..engine import Action


class CardChosen(Message):
    """The player chose a card to play (by click, Enter or its number)."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card


class ActionChosen(Message):
    """The player chose a declaration or an announcement (a button or its key)."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action
