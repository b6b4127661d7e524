"""The table in words: names, cards, suits, events and results as a player reads them.

Every sentence the app shows about the game is made here, so the screens agree on how
a card, a seat or an outcome is called, in French or German faces.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from textual.content import Content

from ...cards import ALL_CARDS, FRENCH_SYMBOLS, SUIT_NAMES, Card, Suit
from ...games.ramsli.engine import Action, IllegalAction, RamsliView
from ...games.ramsli.engine.actions import Refusal
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
from ...languages import N_, _, ngettext, pgettext
from ...languages.lists import and_joined

SUIT_CYCLE = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # black and red alternate
SESSION_END_REASONS = {
    # TRANSLATORS: why a session ended, in brackets in "The session is over ({reason}): …"
    "target": N_("reached the target"),
    "bust": N_("a player could not pay the ante"),
    "too_few_players": N_("too few players were left"),
    "max_hands": N_("the last hand was played"),
    "time": N_("the table rose"),
}


class Forms(NamedTuple):
    """One sentence in each form its subject takes: about you ("You take trick 2."),
    about another player ("{name} takes trick 2."), and about several: others
    ("{names} share…") or you among them ("{you_and_names} share…": the verb agrees with
    "you and Anna" apart in French, German and Spanish).  Each is an ``N_()`` text,
    translated where it is said."""

    you: str
    one: str
    many: str = ""
    many_with_you: str = ""


def listed(names: Sequence[str]) -> str:
    """Names as a list in a sentence: "Anna", "Anna and Bertl", "Mia, Anna and Bertl"; "nobody"."""
    if not names:
        # TRANSLATORS: who a sentence is about when it is about no player at all
        return _("nobody")
    if len(names) == 1:
        return names[0]
    return and_joined(", ".join(names[:-1]), names[-1]).said()


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

    def seat(self, seat: int, you: str | None = None) -> str:
        """Who a sentence is about: a seat's name, or "You" (or ``you``) for the human."""
        if seat != self.you:
            return self.names[seat]
        # TRANSLATORS: you, at the start of a sentence or of a list of players ("You and Bertl leave…")
        return _("You") if you is None else you

    def name(self, seat: int) -> str:
        """A seat's own name, the human's included: for the labels, columns and lists
        where every player is named, and where the other people at the table read it too."""
        return self.names[seat]

    def seats(self, seats: Sequence[int], you: str | None = None) -> str:
        """Who a sentence is about, several of them: "You, Anna and Bertl"."""
        return listed([self.seat(seat, you) for seat in seats])

    def named(self, seats: Sequence[int]) -> str:
        """Players listed by name, the human's included: "Mia, Anna and Bertl"."""
        return listed([self.name(seat) for seat in seats])

    def about(self, seats: int | Sequence[int], forms: Forms, **values: object) -> str:
        """The sentence of ``forms`` that agrees with the seat or seats it is about, filled
        in with ``values`` and the player's ``{name}`` or the players' ``{names}``."""
        seats = (seats,) if isinstance(seats, int) else tuple(seats)
        if len(seats) == 1 and seats[0] == self.you:
            return _(forms.you).format(**values)
        if len(seats) == 1:
            return _(forms.one).format(name=self.names[seats[0]], **values)
        if self.you not in seats:
            return _(forms.many).format(names=self.seats(seats), **values)
        sentence = _(forms.many_with_you)
        # TRANSLATORS: you, among several players listed ("You and Bertl", "Anna, You and Bertl")
        listed_you = self.seats(seats, you=pgettext("one of several players", "You"))
        if seats[0] == self.you and sentence.startswith("{you_and_names}"):
            listed_you = listed_you[:1].upper() + listed_you[1:]
        return sentence.format(you_and_names=listed_you, **values)

    def card(self, card: Card) -> str:
        return card.label(self.faces)

    def cards(self, cards: Sequence[Card]) -> str:
        return ", ".join(self.card(card) for card in cards)

    def suit(self, suit: Suit) -> str:
        """A suit's name, with its symbol in French faces: "♥ hearts", or "Schellen"."""
        if suit is Suit.JOKER:
            return _("jokers")
        name = _(SUIT_NAMES[self.faces][suit])  # the suits' names are cards.py's
        if self.faces != "french":
            return name
        return f"{FRENCH_SYMBOLS[suit]} {name}"

    def chips(self, chips: int) -> str:
        return ngettext("{count} chip", "{count} chips", chips).format(count=chips)

    # --- what happened --------------------------------------------------------------------

    def event(self, event: Event) -> str | None:
        """One line for the game log, or None for events the log leaves out."""
        match event:
            case FirstDealerChosen(dealer=dealer):
                return self.about(dealer, CUT_FIRST)
            case HandStarted(number=number, dealer=dealer, pot=pot):
                return self.about(dealer, DEALS, number=number, chips=self.chips(pot))
            case TrumpTurned(card=card):
                # TRANSLATORS: {card} the card turned up, {suit} its suit ("♥ hearts", or "Herz")
                return _("{card} is turned up: {suit} are trumps.").format(card=self.card(card), suit=self.suit(card.suit))
            case Declared(seat=seat, forced=True):
                return self.about(seat, MUST_PLAY)
            case Declared(seat=seat, playing=playing):
                return self.about(seat, IS_IN if playing else IS_OUT)
            case Announced(seat=seat, kind="general_rams"):
                return self.about(seat, ANNOUNCES_GENERAL_RAMS)
            case Announced(seat=seat, target=target):
                return self.about(seat, BIDS_NAP, target=target)
            case Passed(seat=seat):
                return self.about(seat, PASSES)
            case PlayStarted(leader=leader):
                return self.about(leader, LEADS_FIRST)
            case CardPlayed(seat=seat, card=card):
                return self.about(seat, PLAYS, card=self.card(card))
            case TrickWon(seat=seat, trick=number):
                return self.about(seat, TAKES_TRICK, number=number)
            case HandSettled():
                return self.outcome(event)
            case SeatsLeft(seats=seats):
                return self.about(seats, LEAVE)
            case SessionEnded():
                return self.session_result(event)
        return None

    def led(self, leader: int, card: Card, trump: Suit) -> str:
        """What the trick's first card asks for: "Anna led ♦ diamonds.", "… ♥ hearts, trumps."."""
        if card.is_joker:
            return self.about(leader, LED_JOKER, card=self.card(card))
        return self.about(leader, LED_TRUMPS if card.suit == trump else LED, suit=self.suit(card.suit))

    def outcome(self, settled: HandSettled) -> str:
        """The hand's result in one sentence."""
        winners = settled.winners
        won = self.chips(sum(payment.chips for payment in settled.payments
                             if payment.payer is None and payment.payee is not None))
        number = settled.number
        match settled.outcome:
            case "nobody":
                return _("Hand {number}: everyone is out; the pot of {chips} carries over.").format(
                    number=number, chips=self.chips(settled.pot))
            case "lone":
                return self.about(winners, ALONE_IN, number=number, chips=won)
            case "general_rams_made":
                return self.about(winners, MAKES_GENERAL_RAMS, number=number, chips=won)
            case "general_rams_failed":
                return self.about(winners, GENERAL_RAMS_FAILED, number=number, chips=won)
        if len(winners) > 1:
            return self.about(winners, TIE, number=number, chips=won)
        return self.about(winners, TAKES_POT, number=number, chips=won)

    def session_result(self, ended: SessionEnded) -> str:
        best = max(ended.stacks[seat] for seat in ended.winners)
        reason = SESSION_END_REASONS.get(ended.reason)
        reason = _(reason) if reason else ended.reason
        return self.about(ended.winners, WINS_SESSION, reason=reason, chips=self.chips(best))

    # --- whose turn, and what to do -------------------------------------------------------------

    def turn(self, view: RamsliView) -> str:
        """The banner: whose turn it is and, when it is yours, what you may do."""
        if view.phase is Phase.SETTLED or view.current_seat < 0:
            return _("The hand is over.")
        if not view.my_turn:
            return _("{name} is thinking…").format(name=self.seat(view.current_seat))
        if view.phase is Phase.DECLARE:
            if view.legal == (Action("in"),):
                return _("Your turn: you must be in — everyone before you is out.")
            return _("Your turn: are you in (i) or out (o)?")
        if view.phase is Phase.ANNOUNCE:
            if view.rules.general_rams:
                return _("Your turn: announce General Rams (g) — all five tricks — or pass (p).")
            targets = " ".join(str(action.target) for action in view.legal if action.kind == "nap")
            # TRANSLATORS: {targets} the Nap targets that may be bid, such as "3 4 5"; one line at 60 columns: 56 at most
            return _("Your turn: bid a Nap target ({targets}) or pass (p).").format(targets=targets)
        # TRANSLATORS: {hint} what you may play and why ("follow ♦ diamonds: play one of K♦, 7♦.")
        return _("Your turn: {hint}").format(hint=self.play_hint(view))

    def play_hint(self, view: RamsliView) -> str:
        """What you may play and the rule that says so: "follow ♦ diamonds: play one of
        K♦, 7♦.", "you have no ♦ diamonds, so over-trump Q♥: you must play A♥."."""
        legal = sort_hand(tuple(action.card for action in view.legal), view.trump)
        rule = view.play_rule
        if len(view.hand) == 1:
            return _("play your last card, {card}.").format(card=self.card(legal[0]))
        if rule.name == "lead":
            return _("lead any card.")
        reason, kind = self.rule_reason(rule, view.current_trick.plays[0][1])
        if len(legal) == 1:
            # TRANSLATORS: {reason} the rule of following that decided it ("follow ♠ spades")
            return _("{reason}: you must play {card}.").format(reason=reason, card=self.card(legal[0]))
        if len(legal) < len(view.hand):
            return _("{reason}: play one of {cards}.").format(reason=reason, cards=self.cards(legal))
        if kind is None:
            return _("{reason}: play any card.").format(reason=reason)
        if kind == "trumps":
            return _("{reason}: all your cards are trumps, so any will do.").format(reason=reason)
        return _("{reason}: all your cards are {suit}, so any will do.").format(reason=reason, suit=self.suit(kind))

    def rule_reason(self, rule: PlayRule, led: Card) -> tuple[str, Suit | str | None]:
        """The rule that decided your legal plays to a trick ``led`` began, in words, and
        the kind of card it asks for ("trumps", the suit led; None when any card will do)."""
        reason, kind = RULE_REASONS[rule.name]
        best = self.card(ALL_CARDS[rule.best]) if rule.best >= 0 else ""
        return _(reason).format(suit=self.suit(led.suit), best=best), led.suit if kind == "suit" else kind

    # --- the refusals -----------------------------------------------------------------------------

    def refusal(self, refusal: IllegalAction) -> str:
        """A refusal of the rules (the engine's message id and its parameters) as one
        sentence in the reader's language: about you, or about the seat it refuses."""
        forms = REFUSALS[refusal.message]
        values = {key: self.refusal_value(key, value) for key, value in refusal.parameters.items()}
        seat = self.you if refusal.seat is None else refusal.seat
        return self.about(seat, forms, cards=self.cards(refusal.cards), **values)

    def refusal_value(self, key: str, value: object) -> object:
        """One parameter of a refusal as its sentence says it: a seat by its player's
        name, a card by its face, an announcement by its name."""
        if key in Refusal.SEATS:
            return self.names[value]
        if isinstance(value, Card):
            return self.card(value)
        if key == "what":
            return _(ANNOUNCEMENT_WORDS.get(value, value))
        return value


def record_refusal(refusal: IllegalAction, names: Sequence[str]) -> str:
    """A refusal of an action of a hand record being replayed, in the reader's language:
    as the table says it of another player, the seats by ``names`` ("seat 2"), the cards
    by their faces."""
    said = RamsliWords(names, you=-1).refusal(refusal)
    return said[:1].upper() + said[1:]


# What each rule of following (engine/follow.py) says, and the kind of card it asks for:
# trumps, the suit led, or None when any card will do.
# TRANSLATORS: the rules of following, each a clause before a colon ("follow ♠ spades: play one
# of K♠, 7♠."); {suit} the suit led ("♠ spades", or "Laub"), {best} the card to beat
RULE_REASONS = {
    "over_trump": (N_("trumps were led, so over-trump {best}"), "trumps"),
    "follow_trumps": (N_("trumps were led and you cannot beat {best}"), "trumps"),
    "no_trumps": (N_("trumps were led and you have none"), None),
    "head_the_trick": (N_("follow {suit} and beat {best}"), "suit"),
    "cannot_head": (N_("follow {suit} and you cannot beat {best}"), "suit"),
    "follow_suit": (N_("follow {suit}"), "suit"),
    "trump": (N_("you have no {suit}, so trump"), "trumps"),
    "over_trump_void": (N_("you have no {suit}, so over-trump {best}"), "trumps"),
    "trump_below": (N_("you have no {suit} and cannot beat {best}, but must still trump"), "trumps"),
    "discard": (N_("you have no {suit} and no trumps"), None),
}

# What the log says happened, about you, another player or several.
CUT_FIRST = Forms(N_("You cut the highest card and deal first."),
                  N_("{name} cuts the highest card and deals first."))
# TRANSLATORS: {chips} a number of chips ("3 chips")
DEALS = Forms(N_("Hand {number}: You deal; the pot holds {chips}."),
              N_("Hand {number}: {name} deals; the pot holds {chips}."))
MUST_PLAY = Forms(N_("You must play: everyone else is out."), N_("{name} must play: everyone else is out."))
# TRANSLATORS: a declaration: in the hand (fr «dedans», de „rein“, es «entro»)
IS_IN = Forms(N_("You are in."), N_("{name} is in."))
# TRANSLATORS: a declaration: out of the hand (fr «dehors», de „raus“, es «paso»)
IS_OUT = Forms(N_("You are out."), N_("{name} is out."))
ANNOUNCES_GENERAL_RAMS = Forms(N_("You announce General Rams!"), N_("{name} announces General Rams!"))
BIDS_NAP = Forms(N_("You bid Nap {target}."), N_("{name} bids Nap {target}."))
# TRANSLATORS: passing instead of an announcement (General Rams, a Nap target)
PASSES = Forms(N_("You pass."), N_("{name} passes."))
LEADS_FIRST = Forms(N_("You lead the first trick."), N_("{name} leads the first trick."))
PLAYS = Forms(N_("You play {card}."), N_("{name} plays {card}."))
TAKES_TRICK = Forms(N_("You take trick {number}."), N_("{name} takes trick {number}."))
LEAVE = Forms(N_("You leave the table, short of the ante."), N_("{name} leaves the table, short of the ante."),
              N_("{names} leave the table, short of the ante."), N_("{you_and_names} leave the table, short of the ante."))
LED_JOKER = Forms(N_("You led the {card}, a trump."), N_("{name} led the {card}, a trump."))
LED = Forms(N_("You led {suit}."), N_("{name} led {suit}."))
LED_TRUMPS = Forms(N_("You led {suit}, trumps."), N_("{name} led {suit}, trumps."))

# The hand's result; {chips} the chips won ("5 chips").
ALONE_IN = Forms(N_("Hand {number}: You alone are in and take the pot of {chips}."),
                 N_("Hand {number}: {name} alone is in and takes the pot of {chips}."))
MAKES_GENERAL_RAMS = Forms(N_("Hand {number}: You make General Rams and take {chips}!"),
                           N_("Hand {number}: {name} makes General Rams and takes {chips}!"))
GENERAL_RAMS_FAILED = Forms(N_("Hand {number}: General Rams failed; You take {chips}."),
                            N_("Hand {number}: General Rams failed; {name} takes {chips}."),
                            N_("Hand {number}: General Rams failed; {names} take {chips}."),
                            N_("Hand {number}: General Rams failed; {you_and_names} take {chips}."))
TIE = Forms("", "", N_("Hand {number}: {names} tie and share {chips}."),  # never one player alone
            N_("Hand {number}: {you_and_names} tie and share {chips}."))
TAKES_POT = Forms(N_("Hand {number}: You take the pot of {chips}."),
                  N_("Hand {number}: {name} takes the pot of {chips}."),
                  N_("Hand {number}: {names} take the pot of {chips}."),
                  N_("Hand {number}: {you_and_names} take the pot of {chips}."))
# TRANSLATORS: {reason} why it ended ("reached the target"); {chips} the winner's chips
WINS_SESSION = Forms(N_("The session is over ({reason}): You win with {chips}."),
                     N_("The session is over ({reason}): {name} wins with {chips}."),
                     N_("The session is over ({reason}): {names} win with {chips}."),
                     N_("The session is over ({reason}): {you_and_names} win with {chips}."))

# The refusals of the rules (the engine's ``Refusal`` message ids), each a whole sentence
# about you or about the seat refused: {cards} the cards that may be played ("K♠, 7♠"),
# {card} and {best} a card, {turn} the name of the player whose turn it is.
REFUSALS = {
    "declare_first": Forms(N_("You must declare in or out first."), N_("{name} must declare in or out first.")),
    "dealer_must_play": Forms(N_("You must be in: everyone before the dealer is out."),
                              N_("{name} must be in: everyone before the dealer is out.")),
    # TRANSLATORS: {floor} the highest Nap target bid so far
    "nap_above": Forms(N_("You must name a target above {floor} or pass."),
                       N_("{name} must name a target above {floor} or pass.")),
    # TRANSLATORS: {what} "General Rams" or "a Nap target"
    "announcement_not_allowed": Forms(N_("You cannot announce {what} under these rules."),
                                      N_("{name} cannot announce {what} under these rules.")),
    "announce_or_pass": Forms(N_("You must announce or pass before the first lead."),
                              N_("{name} must announce or pass before the first lead.")),
    "play_a_card": Forms(N_("You must play a card now."), N_("{name} must play a card now.")),
    "not_held": Forms(N_("You do not hold {card}."), N_("{name} does not hold {card}.")),
    # TRANSLATORS: {best} the trump to beat, {cards} the cards that may be played ("K♠, 7♠")
    "over_trump": Forms(N_("You must over-trump {best}: you hold {cards}."),
                        N_("{name} must over-trump {best} and may play {cards}.")),
    "follow_trumps": Forms(N_("You must follow trumps: you hold {cards}."),
                           N_("{name} must follow trumps and may play {cards}.")),
    "head_the_trick": Forms(N_("You must play higher than {best}: you hold {cards}."),
                            N_("{name} must play higher than {best} and may play {cards}.")),
    "follow_suit": Forms(N_("You must follow suit: you hold {cards}."),
                         N_("{name} must follow suit and may play {cards}.")),
    "trump": Forms(N_("You must trump: you hold {cards}."), N_("{name} must trump and may play {cards}.")),
    "hand_over": Forms(N_("The hand is over."), N_("The hand is over.")),
    "session_over": Forms(N_("The session is over."), N_("The session is over.")),
    # TRANSLATORS: {turn} the name of the player whose turn it is
    "not_your_turn": Forms(N_("You cannot act now: it is {turn}'s turn."),
                           N_("{name} cannot act now: it is {turn}'s turn.")),
}
# The announcements a refusal names (the engine's ANNOUNCEMENT_NAMES), in words.
ANNOUNCEMENT_WORDS = {"General Rams": N_("General Rams"), "a Nap target": N_("a Nap target")}
