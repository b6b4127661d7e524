"""Rami Simple in the person's words: seats by name ("You" where a sentence is about the
person), cards in the faces chosen, what happened at the table (a line under the piles,
a fuller one in the log), and whose turn it is."""

from __future__ import annotations

from typing import NamedTuple

from ...cards import Card
from ...games.rami.engine.events import (
    Discarded, Drew, Event, HandScored, HandStarted, TalonCardDrawn, TalonReshuffled, TournanteBuried, WentOut,
)
from ...games.rami.engine import Phase, RamiView
from ...languages import N_, _, ngettext, npgettext, pgettext
from ...languages.lists import and_joined

DRAW_KEYS = {"talon": "p", "jetee": "j", "tournante": "r"}

# What a seat took, by the place it took from and whether it is the person's own seat;
# from the talon the others' card is never named, and the person's own is told apart.
TOOK = {
    ("talon", False): N_("{name} took a card from the talon."),
    # TRANSLATORS: {card} is a card's name, as "7♥" or "a joker", in every line of the table and its log.
    ("jetee", True): N_("You took {card} from the jetée."),
    ("jetee", False): N_("{name} took {card} from the jetée."),
    ("tournante", True): N_("You took {card} from the tournante."),
    ("tournante", False): N_("{name} took {card} from the tournante."),
}
# The person's turn to draw, by the places they may draw from (the talon always), each with its key.
DRAW_FROM = {
    ("talon",): N_("Your turn: draw from the talon (p)."),
    ("talon", "jetee"): N_("Your turn: draw from the talon (p) or the jetée (j)."),
    ("talon", "tournante"): N_("Your turn: draw from the talon (p) or the tournante (r)."),
    ("talon", "jetee", "tournante"): N_("Your turn: draw from the talon (p), the jetée (j) or the tournante (r)."),
}


class RamiWords(NamedTuple):
    names: tuple[str, ...]
    faces: str
    me: int

    # One habit, as at the Ramsli table: "You" where it is the one a sentence is about,
    # with the verb agreeing ("You get 100 points."); every seat's name wherever players
    # are labelled or listed: the title's scores, the score sheet, the log's lists.

    def in_sentence(self, seat: int) -> str:
        """A seat among those a sentence is about: its name, or "you" for the person's own."""
        # TRANSLATORS: the person among the players a sentence is about, as "you and Carlo" (or "Mia and you").
        return pgettext("the person, among players named", "you") if seat == self.me else self.names[seat]

    def card(self, card: Card) -> str:
        """A card in the faces chosen; a joker is "a joker" (Rami's four are one card, never big or little)."""
        # TRANSLATORS: a joker named among cards ("You drew a joker from the talon.", "5♥ 6♥ a joker"), as "7♥" is.
        return _("a joker") if card.is_joker else card.label(self.faces)

    def side(self, side: int, joined: str = " and ") -> str:
        """A side by its players' names: "Anna", "Mia and Carlo" (joined by " & " where room is short)."""
        return self._joined([self.names[seat] for seat in self.seats_of(side)], joined)

    def seats_of(self, side: int) -> range:
        return range(side, len(self.names), 2)

    @staticmethod
    def _joined(players: list[str], joined: str) -> str:
        if len(players) == 1:
            return players[0]
        if joined == " & ":  # the same in every language
            return joined.join(players)
        return and_joined(players[0], players[1]).said()

    def _by_side(self, side: int, sentences: tuple[str, str, str, str], **values: object) -> str:
        """One of four sentences, as the side is the person alone, another player alone
        (``{name}``), the person and their partner, or two others (``{players}``, as
        ``side`` says them); filled in with the side's players and ``values``."""
        seats = self.seats_of(side)
        mine = self.me in seats
        if len(seats) == 1:
            sentence = sentences[0] if mine else sentences[1]
        else:
            sentence = sentences[2] if mine else sentences[3]
        players = capitalised(self._joined([self.in_sentence(seat) for seat in seats], " and "))
        return sentence.format(name=self.names[side], players=players, **values)

    def side_gets(self, side: int, points: int) -> str:
        """The side that gets the points, and how many (each, at four): "You get 100
        points.", "Anna and Carlo get 100 points each."."""
        return self._by_side(side, (
            ngettext("You get {count} point.", "You get {count} points.", points),
            ngettext("{name} gets {count} point.", "{name} gets {count} points.", points),
            # TRANSLATORS: {players}: the person and their partner, as "You and Carlo" (or "Mia and you").
            npgettext("the person and their partner", "{players} get {count} point each.",
                      "{players} get {count} points each.", points),
            # TRANSLATORS: {players}: the two players of the other side, "Anna and Bertl".
            npgettext("two other players", "{players} get {count} point each.", "{players} get {count} points each.",
                      points),
        ), count=points)

    def side_gets_to(self, side: int, points: int, scores: tuple[int, int]) -> str:
        """The same in the log, with the scores it makes: "You get 100 points: Mia 100, Anna 0."."""
        return self._by_side(side, (
            # TRANSLATORS: {scores}: both sides' scores after the hand, "Mia 100, Anna 0".
            ngettext("You get {count} point: {scores}.", "You get {count} points: {scores}.", points),
            ngettext("{name} gets {count} point: {scores}.", "{name} gets {count} points: {scores}.", points),
            npgettext("the person and their partner", "{players} get {count} point each: {scores}.",
                      "{players} get {count} points each: {scores}.", points),
            npgettext("two other players", "{players} get {count} point each: {scores}.",
                      "{players} get {count} points each: {scores}.", points),
        ), count=points, scores=self.scores(scores))

    def side_loses(self, side: int) -> str:
        """The side that loses the game: "You lose the game.", "Anna and Carlo lose the game."."""
        return self._by_side(side, (_("You lose the game."), _("{name} loses the game."),
                                    pgettext("the person and their partner", "{players} lose the game."),
                                    pgettext("two other players", "{players} lose the game.")))

    def side_lost_at(self, side: int, points: int) -> str:
        """The game's end: the side that lost it, and at how many points."""
        return self._by_side(side, (
            ngettext("The game is over: You lost at {count} point.", "The game is over: You lost at {count} points.",
                     points),
            ngettext("The game is over: {name} lost at {count} point.",
                     "The game is over: {name} lost at {count} points.", points),
            npgettext("the person and their partner", "The game is over: {players} lost at {count} point.",
                      "The game is over: {players} lost at {count} points.", points),
            npgettext("two other players", "The game is over: {players} lost at {count} point.",
                      "The game is over: {players} lost at {count} points.", points),
        ), count=points)

    def scores(self, scores: tuple[int, int], joined: str = " and ", between: str = ", ") -> str:
        """Both sides' scores, by their players' names: "Mia 100, Anna 0"."""
        return between.join(f"{self.side(side, joined)} {scores[side]}" for side in (0, 1))

    def event(self, event: Event) -> str | None:
        """One line for what happened, or None for what needs no line."""
        mine = isinstance(event, (Drew, Discarded, WentOut)) and event.seat == self.me
        if isinstance(event, Drew):
            if event.card is None and mine:
                return None  # the card drawn is told by the next event, to this seat alone
            card = self.card(event.card) if event.card is not None else None
            return _(TOOK[event.source, mine]).format(name=self.names[event.seat], card=card)
        if isinstance(event, TalonCardDrawn):
            return _("You drew {card} from the talon.").format(card=self.card(event.card))
        if isinstance(event, HandStarted):
            if event.dealer == self.me:
                return _("Hand {number}: you deal.").format(number=event.number)
            return _("Hand {number}: {name} deals.").format(number=event.number, name=self.names[event.dealer])
        if isinstance(event, Discarded):
            return self._thrown(event, mine).format(name=self.names[event.seat], card=self.card(event.card))
        if isinstance(event, TournanteBuried):
            return _("Nobody took the tournante: {card} goes under the jetée.").format(card=self.card(event.card))
        if isinstance(event, TalonReshuffled):
            return ngettext("The talon ran out: the jetée was shuffled into a new talon of {count} card.",
                            "The talon ran out: the jetée was shuffled into a new talon of {count} cards.",
                            event.cards).format(count=event.cards)
        if isinstance(event, WentOut):
            return _("You went out!") if mine else _("{name} went out!").format(name=self.names[event.seat])
        return None

    @staticmethod
    def _thrown(event: Discarded, mine: bool) -> str:
        if event.tournante:
            # TRANSLATORS: the dealer's first discard, set apart as the tournante (the turned card) for the first round.
            return (_("You threw {card}: the tournante, to take instead of drawing this round.") if mine
                    else _("{name} threw {card}: the tournante, to take instead of drawing this round."))
        return _("You threw {card}.") if mine else _("{name} threw {card}.")

    def logged(self, event: Event) -> str | None:
        """The log's line for what happened: a going-out with its melds, a hand's points,
        and the rest as under the piles."""
        if isinstance(event, WentOut):
            melds = " · ".join(" ".join(self.card(card) for card in meld) for meld in event.melds)
            # TRANSLATORS: {melds} lists the melds laid down, "5♥ 6♥ 7♥ · J♠ J♥ J♣"; {card} the last card thrown.
            sentence = (_("You went out: {melds}, and threw {card}.") if event.seat == self.me
                        else _("{name} went out: {melds}, and threw {card}."))
            return sentence.format(name=self.names[event.seat], melds=melds, card=self.card(event.discard))
        if isinstance(event, HandScored):
            return self.side_gets_to(event.losing_side, event.points, event.scores)
        return self.event(event)

    def turn(self, view: RamiView) -> str:
        """Whose turn it is and what they do; the person's keys when it is theirs."""
        if view.current_seat < 0:
            return _("The hand is over.")
        if not view.my_turn:
            name = self.names[view.current_seat]
            return (_("{name} to draw.") if view.phase is Phase.DRAW else _("{name} to discard.")).format(name=name)
        if view.phase is Phase.DRAW:
            return _(DRAW_FROM[tuple(action.source for action in view.legal)])
        if view.going_out() is not None:
            return _("Your turn: you can go out (g)! Or discard a card (Enter or d).")
        if not view.discards and view.seat == view.dealer:
            return _("Your turn (the dealer's first, no draw): discard a card (←/→ then Enter or d, or click it twice).")
        return _("Your turn: discard a card (←/→ then Enter or d, or click it twice).")


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
