"""The actions a seat can take, their string forms, and the refusal of illegal ones.

String forms are those of hand records: ``in``, ``out``, ``pass``, ``general_rams``,
``nap:3`` and card codes such as ``AS``.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import ALL_CARDS, Card


class Action(NamedTuple):
    kind: str  # "in", "out", "pass", "general_rams", "nap" or "play"
    card: Card | None = None
    target: int | None = None

    def __str__(self) -> str:
        if self.kind == "play":
            return self.card.code
        if self.kind == "nap":
            return f"nap:{self.target}"
        return self.kind

    @staticmethod
    def play(card: Card) -> Action:
        return PLAY[card]

    @staticmethod
    def nap(target: int) -> Action:
        if target not in NAP:
            raise ValueError(f"a nap target must be 2, 3, 4 or 5, not {target}")
        return NAP[target]

    @staticmethod
    def parse(text: str) -> Action:
        """An action from its string form; ValueError naming what is wrong."""
        word = text.strip().lower()
        if word in SIMPLE:
            return SIMPLE[word]
        if word.startswith("nap:"):
            try:
                return Action.nap(int(word[4:]))
            except ValueError:
                raise ValueError(f"'{text}' is not a nap target (nap:2 to nap:5)") from None
        return PLAY[Card.from_code(text)]


IN = Action("in")
OUT = Action("out")
PASS = Action("pass")
GENERAL_RAMS = Action("general_rams")
SIMPLE = {action.kind: action for action in (IN, OUT, PASS, GENERAL_RAMS)}
NAP = {target: Action("nap", None, target) for target in (2, 3, 4, 5)}
PLAY = tuple(Action("play", card) for card in ALL_CARDS)


class IllegalAction(ValueError):
    """An action the rules refuse.  ``str()`` names the seat ("seat 2 must follow
    suit: it holds KS, 7S"); ``for_you(style)`` says the same to the player at that
    seat ("you must follow suit: you hold K♠, 7♠")."""

    def __init__(self, seat: int | None, template: str, cards: tuple[Card, ...] = (), **words: object):
        self.seat = seat
        self.template = template
        self.cards = cards
        self.words = words
        super().__init__(self._render(f"seat {seat}", "it holds", lambda card: card.code))

    def _render(self, who: str, holds: str, name) -> str:
        listed = ", ".join(name(card) for card in self.cards)
        words = {key: name(value) if isinstance(value, Card) else value for key, value in self.words.items()}
        return self.template.format(who=who, holds=holds, cards=listed, **words)

    def for_you(self, style: str = "french") -> str:
        return self._render("you", "you hold", lambda card: card.label(style))
