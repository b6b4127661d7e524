"""The actions of Rami Simple, their string forms, and the refusal of illegal ones.

- ``draw:talon``, ``draw:jetee``, ``draw:tournante``: take a card (S8);
- ``discard:4H``: throw a card onto the jetée;
- ``out:5H 6H 7H|JS JH JC|2C 3C X1 5C|AS AD AC/8H``: lay 13 cards in melds (``|``
  between melds) and discard the 14th (after ``/``) (S13);
- ``reshuffle:7S KH ...``: the jetée less its top card becomes the talon, top first
  (S11); nobody's action: the session makes it, a record writes it down.
"""

from __future__ import annotations

from typing import NamedTuple

from ....cards import ALL_CARDS, Card
from ...protocol import IllegalAction

SOURCES = ("talon", "jetee", "tournante")
MELD_SEPARATOR = "|"
DISCARD_SEPARATOR = "/"
CODE_LENGTH = 3  # the longest card code, 10H


class Action(NamedTuple):
    kind: str  # "draw", "discard", "out" or "reshuffle"
    card: Card | None = None  # the discard, of "discard" and "out"
    source: str | None = None  # where "draw" takes from
    melds: tuple[tuple[Card, ...], ...] = ()  # of "out", as the player gave them
    talon: tuple[Card, ...] = ()  # of "reshuffle", top first

    def __str__(self) -> str:
        if self.kind == "draw":
            return f"draw:{self.source}"
        if self.kind == "discard":
            return f"discard:{self.card.code}"
        if self.kind == "out":
            melds = MELD_SEPARATOR.join(_spaced(meld) for meld in self.melds)
            return f"out:{melds}{DISCARD_SEPARATOR}{self.card.code}"
        return f"reshuffle:{_spaced(self.talon)}"

    @staticmethod
    def draw(source: str) -> Action:
        if source not in DRAW:
            raise ValueError(f"{source!r} is not a place to draw from (talon, jetee or tournante)")
        return DRAW[source]

    @staticmethod
    def discard(card: Card) -> Action:
        return DISCARD[card]

    @staticmethod
    def out(melds, discard: Card) -> Action:
        return Action("out", discard, melds=tuple(tuple(meld) for meld in melds))

    @staticmethod
    def reshuffle(talon) -> Action:
        return Action("reshuffle", talon=tuple(talon))

    @staticmethod
    def parse(text: str) -> Action:
        """An action from its string form; ValueError saying what is wrong."""
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not an action")
        kind, colon, rest = text.strip().partition(":")
        kind = kind.strip().lower()
        if not colon or kind not in PARSERS:
            raise ValueError(f"'{_cut(text)}' is not an action (draw:talon, discard:4H, out:..., reshuffle:...)")
        return PARSERS[kind](rest.strip())


def _spaced(cards) -> str:
    return " ".join(card.code for card in cards)


def _cut(text: str, limit: int = 40) -> str:
    shown = "".join(char if char.isprintable() else "?" for char in text[:limit])
    return shown + ("…" if len(text) > limit else "")


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(_card(code) for code in text.replace(",", " ").split())


def _card(code: str) -> Card:
    if len(code) > CODE_LENGTH:
        raise ValueError(f"'{_cut(code, 8)}' is not a card (codes look like AS, TD, 7H or X1)")
    return Card.from_code(code)


def _parse_draw(rest: str) -> Action:
    return Action.draw(rest.lower())


def _parse_discard(rest: str) -> Action:
    cards = _cards(rest)
    if len(cards) != 1:
        raise ValueError(f"a discard names one card, like discard:4H, not '{_cut(rest)}'")
    return Action.discard(cards[0])


def _parse_out(rest: str) -> Action:
    melds_text, slash, discard_text = rest.rpartition(DISCARD_SEPARATOR)
    if not slash:
        raise ValueError("a going-out names its melds, then '/' and its discard: out:5H 6H 7H|JS JH JC|.../8H")
    discard = _cards(discard_text)
    if len(discard) != 1:
        raise ValueError(f"a going-out discards one card after the '/', not '{_cut(discard_text)}'")
    melds = tuple(_cards(meld) for meld in melds_text.split(MELD_SEPARATOR))
    return Action.out(melds, discard[0])


def _parse_reshuffle(rest: str) -> Action:
    return Action.reshuffle(_cards(rest))


PARSERS = {"draw": _parse_draw, "discard": _parse_discard, "out": _parse_out, "reshuffle": _parse_reshuffle}
DRAW = {source: Action("draw", source=source) for source in SOURCES}
DISCARD = tuple(Action("discard", card) for card in ALL_CARDS)


class Refusal(IllegalAction):
    """An action the rules of Rami Simple refuse; ``message`` is one of these.  The
    meld problems (``cards`` is the meld) are told as "[JS, JH, JS]: a Tria may not hold
    a suit twice", whoever lays it."""

    TEMPLATES = {
        "not_your_turn": "{who} cannot act now: it is {turn}'s turn",
        "hand_over": "the hand is over",
        "game_over": "the game is over",
        "discard_first": "{who} must discard now (the dealer's first turn has no draw; a drawn card comes before the discard)",
        "draw_first": "{who} must draw first: from the talon, the jetée or the tournante",
        "name_the_discard": "{who} must name the card to discard",
        "not_held": "{who} cannot discard {card}: {holds} no {card}",
        "jetee_empty": "{who} cannot take from the jetée: it is empty",
        "joker_on_jetee": "{who} cannot take the joker on the jetée: a joker thrown is never taken back",
        "no_tournante": "{who} cannot take the tournante: {why}",
        "tournante_taken": "{who} cannot take the tournante: {taker} took it",
        "reshuffle_first": "the talon is empty: the jetée must be reshuffled into a new talon first",
        "no_reshuffle": "the talon is not empty: there is nothing to reshuffle",
        "reshuffle_has_no_seat": "a reshuffle is nobody's action: it has no seat",
        "reshuffle_cards": "the new talon must be the jetée less its top card ({count} cards){difference}",
        "keep_jetee_card": "{who} may not discard {card} this turn: it was taken from the jetée",
        "first_round": "{who} cannot go out in the first round: the turn must come back to the dealer first",
        "thirteen_in_melds": "{who} must lay 13 cards in melds to go out, not {count}",
        "not_held_out": "{who} cannot lay down {cards}: the melds and the discard must be the 14 cards {holds}",
        "needs_suivi_and_tria": "{who} cannot go out without a {missing}: at least one Suivi and one Tria are needed",
        "meld_too_short": "[{cards}]: a meld needs at least 3 cards",
        "meld_two_jokers": "[{cards}]: a meld may hold one joker at most",
        "tria_suit_twice": "[{cards}]: a Tria may not hold a suit twice",
        "tria_too_long": "[{cards}]: a Tria holds 3 or 4 cards",
        "suivi_rank_twice": "[{cards}]: a Suivi may not hold a rank twice",
        "suivi_too_long": "[{cards}]: a Suivi holds 13 cards at most",
        "ace_in_middle": "[{cards}]: the ace is low (A-2-3) or high (Q-K-A), never in the middle (K-A-2)",
        "suivi_gap": "[{cards}]: the cards of a Suivi must follow each other, a joker standing for one missing card",
        "not_a_meld": "[{cards}]: neither a Suivi (one suit in sequence) nor a Tria (one rank, different suits)",
    }
