"""The table in words: names, cards, suits, events and results as a player reads them.

Every sentence the app shows about the game is made here, so the screens agree on how
a card, a seat or an outcome is called, in French or German faces.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from textual.content import Content

from ...cards import ALL_CARDS, FRENCH_SYMBOLS, SUIT_NAMES, Card, Suit
from ...games.ramsli.engine import Action, RamsliView
from ...games.ramsli.engine.events import (
    Announced,
    CardPlayed,
    Declared,
    Event,
    FirstDealerChosen,
    HandSettled,
    HandStarted,
    Passed,
    PlayStarted,
    SeatsLeft,
    SessionEnded,
    TrickWon,
    TrumpTurned,
)
from ...games.ramsli.engine.follow import PlayRule
from ...games.ramsli.engine.phase import Phase

SUIT_CYCLE = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # black and red alternate
IRREGULAR_VERBS = {"are": "is", "have": "has"}
SESSION_END_REASONS = {
    "target": "reached the target",
    "bust": "a player could not pay the ante",
    "too_few_players": "too few players were left",
    "max_hands": "the last hand was played",
    "time": "the table rose",
}


def listed(names: Sequence[str]) -> str:
    """Names as a list in a sentence: "Anna", "Anna and Bertl", "Mia, Anna and Bertl"; "nobody"."""
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def join_lines(lines: Iterable[str | Content]) -> Content:
    """Lines as one text to show; plain strings stay plain, whatever brackets a name holds."""
    return Content("\n").join(Content(line) if isinstance(line, str) else line for line in lines)


def sort_hand(cards: tuple[Card, ...], trump: Suit) -> tuple[Card, ...]:
    """Cards as a player holds them: trumps first (jokers, then the trump suit, high to
    low), then the other suits in an order that alternates black and red, high to low."""
    start = SUIT_CYCLE.index(trump) + 1 if trump in SUIT_CYCLE else 0
    others = [suit for suit in SUIT_CYCLE[start:] + SUIT_CYCLE[:start] if suit != trump]
    order = {Suit.JOKER: 0, trump: 1} | {suit: 2 + place for place, suit in enumerate(others)}
    return tuple(sorted(cards, key=lambda card: (order[card.suit], -card.rank)))


class RamsliWords:
    """Names and card faces for one table: ``words.card(card)``, ``words.event(event)``."""

    def __init__(self, names: Sequence[str], faces: str = "french", you: int = 0):
        self.names = tuple(names)
        self.faces = faces
        self.you = you

    def with_faces(self, faces: str) -> RamsliWords:
        """The same table's words with other card faces."""
        return RamsliWords(self.names, faces, self.you)

    # --- things ----------------------------------------------------------------------------

    # One habit for this seat: "You" where it is the one a sentence is about, with the
    # verb agreeing ("You take trick 2."); its name wherever players are labelled or
    # listed — seats, titles, columns, the plays of a trick ("Mia Q♣ · Dora 8♣").

    def seat(self, seat: int, you: str = "You") -> str:
        """Who a sentence is about: a seat's name, or "You" (or ``you``) for the human."""
        return you if seat == self.you else self.names[seat]

    def name(self, seat: int) -> str:
        """A seat's own name, the human's included: for the labels, columns and lists
        where every player is named, and where the other people at the table read it too."""
        return self.names[seat]

    def seats(self, seats: Sequence[int], you: str = "You") -> str:
        """Who a sentence is about, several of them: "You, Anna and Bertl"."""
        return listed([self.seat(seat, you) for seat in seats])

    def named(self, seats: Sequence[int]) -> str:
        """Players listed by name, the human's included: "Mia, Anna and Bertl"."""
        return listed([self.name(seat) for seat in seats])

    def verb(self, seats: int | Sequence[int], verb: str) -> str:
        """``verb`` (as said to "you") agreeing with the seat or seats: "take" for you or for
        several players, "takes" for one other; "are" becomes "is" and "have" "has"."""
        seats = (seats,) if isinstance(seats, int) else tuple(seats)
        if len(seats) != 1 or seats[0] == self.you:
            return verb
        if verb in IRREGULAR_VERBS:
            return IRREGULAR_VERBS[verb]
        return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")

    def does(self, seats: int | Sequence[int], verb: str) -> str:
        """Who and what they do: "You play", "Anna plays", "Anna and Bertl share"."""
        return f"{self.seats((seats,) if isinstance(seats, int) else seats)} {self.verb(seats, verb)}"

    def card(self, card: Card) -> str:
        return card.label(self.faces)

    def cards(self, cards: Sequence[Card]) -> str:
        return ", ".join(self.card(card) for card in cards)

    def suit(self, suit: Suit) -> str:
        """A suit's name, with its symbol in French faces: "♥ hearts", or "Schellen"."""
        if suit is Suit.JOKER:
            return "jokers"
        name = SUIT_NAMES[self.faces][suit]
        return f"{FRENCH_SYMBOLS[suit]} {name}" if self.faces == "french" else name

    def chips(self, chips: int) -> str:
        return f"{chips} chip" if chips == 1 else f"{chips} chips"

    # --- what happened --------------------------------------------------------------------

    def event(self, event: Event) -> str | None:
        """One line for the game log, or None for events the log leaves out."""
        match event:
            case FirstDealerChosen(dealer=dealer):
                return f"{self.does(dealer, 'cut')} the highest card and {self.verb(dealer, 'deal')} first."
            case HandStarted(number=number, dealer=dealer, pot=pot):
                return f"Hand {number}: {self.does(dealer, 'deal')}; the pot holds {self.chips(pot)}."
            case TrumpTurned(card=card):
                return f"{self.card(card)} is turned up: {self.suit(card.suit)} are trumps."
            case Declared(seat=seat, playing=playing, forced=forced):
                if forced:
                    return f"{self.seat(seat)} must play: everyone else is out."
                return f"{self.does(seat, 'are')} {'in' if playing else 'out'}."
            case Announced(seat=seat, kind="general_rams"):
                return f"{self.does(seat, 'announce')} General Rams!"
            case Announced(seat=seat, target=target):
                return f"{self.does(seat, 'bid')} Nap {target}."
            case Passed(seat=seat):
                return f"{self.does(seat, 'pass')}."
            case PlayStarted(leader=leader):
                return f"{self.does(leader, 'lead')} the first trick."
            case CardPlayed(seat=seat, card=card):
                return f"{self.does(seat, 'play')} {self.card(card)}."
            case TrickWon(seat=seat, trick=number):
                return f"{self.does(seat, 'take')} trick {number}."
            case HandSettled():
                return self.outcome(event)
            case SeatsLeft(seats=seats):
                return f"{self.does(seats, 'leave')} the table, short of the ante."
            case SessionEnded():
                return self.session_result(event)
        return None

    def led(self, leader: int, card: Card, trump: Suit) -> str:
        """What the trick's first card asks for: "Anna led ♦ diamonds.", "… ♥ hearts, trumps."."""
        if card.is_joker:
            return f"{self.seat(leader)} led the {self.card(card)}, a trump."
        trumps = ", trumps" if card.suit == trump else ""
        return f"{self.seat(leader)} led {self.suit(card.suit)}{trumps}."

    def outcome(self, settled: HandSettled) -> str:
        """The hand's result in one sentence."""
        winners = settled.winners
        won = self.chips(sum(payment.chips for payment in settled.payments
                             if payment.payer is None and payment.payee is not None))
        hand = f"Hand {settled.number}:"
        match settled.outcome:
            case "nobody":
                return f"{hand} everyone is out; the pot of {self.chips(settled.pot)} carries over."
            case "lone":
                return f"{hand} {self.seats(winners)} alone {self.verb(winners, 'are')} in and {self.verb(winners, 'take')} the pot of {won}."
            case "general_rams_made":
                return f"{hand} {self.does(winners, 'make')} General Rams and {self.verb(winners, 'take')} {won}!"
            case "general_rams_failed":
                return f"{hand} General Rams failed; {self.does(winners, 'take')} {won}."
        if len(winners) > 1:
            return f"{hand} {self.seats(winners)} tie and share {won}."
        return f"{hand} {self.does(winners, 'take')} the pot of {won}."

    def session_result(self, ended: SessionEnded) -> str:
        best = max(ended.stacks[seat] for seat in ended.winners)
        reason = SESSION_END_REASONS.get(ended.reason, ended.reason)
        return f"The session is over ({reason}): {self.does(ended.winners, 'win')} with {self.chips(best)}."

    # --- whose turn, and what to do -------------------------------------------------------------

    def turn(self, view: RamsliView) -> str:
        """The banner: whose turn it is and, when it is yours, what you may do."""
        if view.phase is Phase.SETTLED or view.current_seat < 0:
            return "The hand is over."
        if not view.my_turn:
            return f"{self.seat(view.current_seat)} is thinking…"
        if view.phase is Phase.DECLARE:
            if view.legal == (Action("in"),):
                return "Your turn: you must be in — everyone before you is out."
            return "Your turn: are you in (i) or out (o)?"
        if view.phase is Phase.ANNOUNCE:
            if view.rules.general_rams:
                return "Your turn: announce General Rams (g) — all five tricks — or pass (p)."
            targets = " ".join(str(action.target) for action in view.legal if action.kind == "nap")
            return f"Your turn: bid a Nap target ({targets}) or pass (p)."
        return "Your turn: " + self.play_hint(view)

    def play_hint(self, view: RamsliView) -> str:
        """What you may play and the rule that says so: "follow ♦ diamonds: play one of
        K♦, 7♦.", "you have no ♦ diamonds, so over-trump Q♥: you must play A♥."."""
        legal = sort_hand(tuple(action.card for action in view.legal), view.trump)
        rule = view.play_rule
        if len(view.hand) == 1:
            return f"play your last card, {self.card(legal[0])}."
        if rule.name == "lead":
            return "lead any card."
        reason, kind = self.rule_reason(rule, view.current_trick.plays[0][1])
        if len(legal) == 1:
            return f"{reason}: you must play {self.card(legal[0])}."
        if len(legal) < len(view.hand):
            return f"{reason}: play one of {self.cards(legal)}."
        if kind is None:
            return f"{reason}: play any card."
        return f"{reason}: all your cards are {kind}, so any will do."

    def rule_reason(self, rule: PlayRule, led: Card) -> tuple[str, str | None]:
        """The rule that decided your legal plays to a trick ``led`` began, in words, and
        the kind of card it asks for ("trumps", "♦ diamonds"; None when any card will do)."""
        reason, kind = RULE_REASONS[rule.name]
        suit = self.suit(led.suit)
        best = self.card(ALL_CARDS[rule.best]) if rule.best >= 0 else ""
        return reason.format(suit=suit, best=best), kind and kind.format(suit=suit)


# What each rule of following (engine/follow.py) says, and the kind of card it asks for.
RULE_REASONS = {
    "over_trump": ("trumps were led, so over-trump {best}", "trumps"),
    "follow_trumps": ("trumps were led and you cannot beat {best}", "trumps"),
    "no_trumps": ("trumps were led and you have none", None),
    "head_the_trick": ("follow {suit} and beat {best}", "{suit}"),
    "cannot_head": ("follow {suit} and you cannot beat {best}", "{suit}"),
    "follow_suit": ("follow {suit}", "{suit}"),
    "trump": ("you have no {suit}, so trump", "trumps"),
    "over_trump_void": ("you have no {suit}, so over-trump {best}", "trumps"),
    "trump_below": ("you have no {suit} and cannot beat {best}, but must still trump", "trumps"),
    "discard": ("you have no {suit} and no trumps", None),
}
