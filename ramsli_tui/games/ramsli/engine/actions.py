"""The actions a seat can take, their string forms, and the refusal of illegal ones.

String forms are those of hand records: ``in``, ``out``, ``pass``, ``general_rams``,
``nap:3`` and card codes such as ``AS``.
"""

from __future__ import annotations

from typing import NamedTuple

from ....cards import ALL_CARDS, Card
from ....languages import N_
from ....languages.words import Words
from ...protocol import IllegalAction


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
            # TRANSLATORS: {target} the number of tricks asked for, not a Nap target
            raise ValueError(Words(N_("a nap target must be 2, 3, 4 or 5, not {target}"), {"target": target}))
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
                # TRANSLATORS: {text} an action as written (in a record, a saved game); nap:2 to nap:5 as typed
                raise ValueError(Words(N_("'{text}' is not a nap target (nap:2 to nap:5)"), {"text": text})) from None
        return PLAY[Card.from_code(text)]


IN = Action("in")
OUT = Action("out")
PASS = Action("pass")
GENERAL_RAMS = Action("general_rams")
SIMPLE = {action.kind: action for action in (IN, OUT, PASS, GENERAL_RAMS)}
NAP = {target: Action("nap", None, target) for target in (2, 3, 4, 5)}
PLAY = tuple(Action("play", card) for card in ALL_CARDS)


class Refusal(IllegalAction):
    """An action the rules of Ramsli refuse; ``message`` is one of these."""

    TEMPLATES = {
        "declare_first": "{who} must declare in or out first",
        "dealer_must_play": "{who} must be in: everyone before the dealer is out",
        "nap_above": "{who} must name a target above {floor} or pass",
        "announcement_not_allowed": "{who} cannot announce {what} under these rules",
        "announce_or_pass": "{who} must announce or pass before the first lead",
        "play_a_card": "{who} must play a card now",
        "not_held": "{who} {does} not hold {card}",
        "over_trump": "{who} must over-trump {best}: {holds} {cards}",
        "follow_trumps": "{who} must follow trumps: {holds} {cards}",
        "head_the_trick": "{who} must play higher than {best}: {holds} {cards}",
        "follow_suit": "{who} must follow suit: {holds} {cards}",
        "trump": "{who} must trump: {holds} {cards}",
        "hand_over": "the hand is over",
        "session_over": "the session is over",
        "not_your_turn": "{who} cannot act now: it is {turn}'s turn",
    }
