"""Rami Simple in the person's words: seats by name ("you" for their own), cards in the
faces chosen, what happened at the table (a line under the piles, a fuller one in the
log), and whose turn it is."""

from __future__ import annotations

from typing import NamedTuple

from ...cards import Card
from ...games.rami.engine.events import (
    Discarded, Drew, Event, HandScored, HandStarted, TalonCardDrawn, TalonReshuffled, TournanteBuried, WentOut,
)
from ...games.rami.engine import Phase, RamiView

PLACES = {"talon": "the talon", "jetee": "the jetée", "tournante": "the tournante"}
DRAW_KEYS = {"talon": "p", "jetee": "j", "tournante": "r"}


class RamiWords(NamedTuple):
    names: tuple[str, ...]
    faces: str
    me: int

    def seat(self, seat: int) -> str:
        return "you" if seat == self.me else self.names[seat]

    def subject(self, seat: int) -> str:
        """The seat at the start of a sentence: "You", "Anna"."""
        return capitalised(self.seat(seat))

    def card(self, card: Card) -> str:
        """A card in the faces chosen; a joker is "a joker" (Rami's four are one card, never big or little)."""
        return "a joker" if card.is_joker else card.label(self.faces)

    def side(self, side: int, joined: str = " and ") -> str:
        """A side by its players: "you", "Anna", "you and Carlo"."""
        return joined.join(self.seat(seat) for seat in range(side, len(self.names), 2))

    def side_does(self, side: int, verb: str) -> str:
        """A side and what it does, at the start of a sentence: "Anna gets", "You and Carlo get"."""
        players = self.side(side)
        one = players != "you" and " and " not in players
        return f"{capitalised(players)} {verb}{'s' if one else ''}"

    def event(self, event: Event) -> str | None:
        """One line for what happened, or None for what needs no line."""
        if isinstance(event, Drew):
            if event.card is None and event.seat == self.me:
                return None  # the card drawn is told by the next event, to this seat alone
            taken = f" {self.card(event.card)}" if event.card is not None else " a card"
            return f"{self.subject(event.seat)} took{taken} from {PLACES[event.source]}."
        if isinstance(event, TalonCardDrawn):
            return f"You drew {self.card(event.card)} from the talon."
        if isinstance(event, HandStarted):
            return f"Hand {event.number}: {self.seat(event.dealer)} deal{'' if event.dealer == self.me else 's'}."
        if isinstance(event, Discarded):
            thrown = f"{self.subject(event.seat)} threw {self.card(event.card)}"
            return f"{thrown}: the tournante, to take instead of drawing this round." if event.tournante else f"{thrown}."
        if isinstance(event, TournanteBuried):
            return f"Nobody took the tournante: {self.card(event.card)} goes under the jetée."
        if isinstance(event, TalonReshuffled):
            return f"The talon ran out: the jetée was shuffled into a new talon of {event.cards} cards."
        if isinstance(event, WentOut):
            return f"{self.subject(event.seat)} went out!"
        return None

    def logged(self, event: Event) -> str | None:
        """The log's line for what happened: a going-out with its melds, a hand's points,
        and the rest as under the piles."""
        if isinstance(event, WentOut):
            melds = " · ".join(" ".join(self.card(card) for card in meld) for meld in event.melds)
            return f"{self.subject(event.seat)} went out: {melds}, and threw {self.card(event.discard)}."
        if isinstance(event, HandScored):
            each = " each" if len(self.names) == 4 else ""
            return (f"{self.side_does(event.losing_side, 'get')} {event.points} points{each}: "
                    f"{self.side(0)} {event.scores[0]}, {self.side(1)} {event.scores[1]}.")
        return self.event(event)

    def turn(self, view: RamiView) -> str:
        """Whose turn it is and what they do; the person's keys when it is theirs."""
        if view.current_seat < 0:
            return "The hand is over."
        if not view.my_turn:
            what = "draw" if view.phase is Phase.DRAW else "discard"
            return f"{self.subject(view.current_seat)} to {what}."
        if view.phase is Phase.DRAW:
            places = [f"{PLACES[action.source]} ({DRAW_KEYS[action.source]})" for action in view.legal]
            return f"Your turn: draw from {_either(places)}."
        if view.going_out() is not None:
            return "Your turn: you can go out (g)! Or discard a card (Enter or d)."
        first = " (the dealer's first, no draw)" if not view.discards and view.seat == view.dealer else ""
        return f"Your turn{first}: discard a card (←/→ then Enter or d, or click it twice)."


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _either(places: list[str]) -> str:
    return places[0] if len(places) == 1 else ", ".join(places[:-1]) + " or " + places[-1]
