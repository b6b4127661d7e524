"""High Card, a two-card trick game written only for the tests: the proof that a game is
one plug-in.  Two players are dealt two cards each from a shuffled 52; the leader plays
one, the other answers, the higher card in its suit's order takes the trick (a tie goes to the leader) and
leads the next; a hand is two tricks, a session ``hands`` hands.  Everything the house
needs of it is here: its ``GameKind`` (``TOY``), a random computer player, its view,
events with ``private_to``, records, and its codec on the wire (``wire``); ``register``
adds it to the house's registries, from the tests, without a change anywhere else."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ramsli_tui.cards import Card
from ramsli_tui.games import GAMES, register_game
from ramsli_tui.games.protocol import ComputerPlayer, IllegalAction
from ramsli_tui.games.records import dump_record
from ramsli_tui.net import wire_codecs

NAME = "high-card"
RULESETS = {"two-hands": 2, "one-hand": 1}  # each ruleset: how many hands a session has


@dataclass(frozen=True)
class Dealt:
    seat: int
    cards: tuple[Card, ...]

    @property
    def private_to(self) -> int | None:
        return self.seat


@dataclass(frozen=True)
class Played:
    seat: int
    card: Card
    private_to: None = None


@dataclass(frozen=True)
class TrickTaken:
    seat: int
    private_to: None = None


@dataclass(frozen=True)
class ToyView:
    """What one seat may know: its own hand only (none to a spectator)."""

    number: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    scores: tuple[int, ...]
    current_seat: int
    legal: tuple[Card, ...]


class Refused(IllegalAction):
    TEMPLATES = {"not yours": "{who} cannot play {card}: it is not in the hand", "not your turn": "{who} {does} not act now"}


@dataclass
class FinishedHand:
    """A hand as its record keeps it: the cards dealt and what was played."""

    dealt: list[tuple[Card, ...]]
    plays: list[tuple[int, Card]] = field(default_factory=list)


class ToyGame:
    """One session of High Card, seats 0 and 1."""

    def __init__(self, hands: int, players: int, rng: random.Random):
        self.hands, self.players, self.rng = hands, players, rng
        self.scores = [0] * players
        self.finished: list[FinishedHand] = []
        self.leader = 0
        self.opening_events = self._deal()

    def _deal(self) -> list[Any]:
        deck = [Card(code) for code in range(52)]
        self.rng.shuffle(deck)
        self.held = [sorted(deck[2 * seat: 2 * seat + 2], key=lambda card: card.code) for seat in range(self.players)]
        self.hand = FinishedHand([tuple(cards) for cards in self.held])
        self.trick: list[tuple[int, Card]] = []
        return [Dealt(seat, tuple(cards)) for seat, cards in enumerate(self.held)]

    @property
    def current_seat(self) -> int:
        if self.is_over:
            return -1
        return (self.leader + len(self.trick)) % self.players

    @property
    def is_over(self) -> bool:
        return len(self.finished) == self.hands

    @property
    def rounds_finished(self) -> int:
        return len(self.finished)

    def legal_actions(self) -> Sequence[Card]:
        return [] if self.is_over else list(self.held[self.current_seat])

    def check(self, action: Card, seat: int) -> None:
        if seat != self.current_seat:
            raise Refused(seat, "not your turn")
        if action not in self.held[seat]:
            raise Refused(seat, "not yours", card=action)

    def apply(self, action: Card, seat: int | None = None) -> list[Any]:
        seat = self.current_seat if seat is None else seat
        self.check(action, seat)
        self.held[seat].remove(action)
        self.trick.append((seat, action))
        self.hand.plays.append((seat, action))
        events: list[Any] = [Played(seat, action)]
        if len(self.trick) == self.players:
            events += self._take_trick()
        return events

    def _take_trick(self) -> list[Any]:
        winner = max(self.trick, key=lambda play: (int(play[1]) % 13, play[0] == self.leader))[0]
        self.scores[winner] += 1
        self.leader, self.trick = winner, []
        events: list[Any] = [TrickTaken(winner)]
        if not any(self.held):
            self.finished.append(self.hand)
            if not self.is_over:
                events += self._deal()
        return events

    def clone(self) -> ToyGame:
        raise NotImplementedError("High Card has no computer player that looks ahead")

    def view(self, seat: int | None) -> ToyView:
        mine = () if seat is None or self.is_over else tuple(self.held[seat])
        legal = tuple(self.legal_actions()) if seat == self.current_seat else ()
        return ToyView(len(self.finished) + (0 if self.is_over else 1), mine,
                       tuple(len(cards) for cards in self.held), tuple(self.trick), tuple(self.scores),
                       self.current_seat, legal)

    def last_round_view(self, seat: int | None) -> ToyView:
        return self.view(seat)

    def pause_after(self, events: Sequence[Any]) -> float:
        return 0

    def parse_action(self, text: str) -> Card:
        try:
            return Card.from_code(text)
        except (KeyError, ValueError):
            raise ValueError(f"'{text}' is not a card") from None

    def format_action(self, action: Card) -> str:
        return action.code


class RandomPlayer(ComputerPlayer):
    name = "random"

    def choose(self, view: ToyView, legal: Sequence[Card], rng: random.Random) -> Card:
        return rng.choice(list(legal))


class ToyRecords:
    """A hand's record, as every game's is: its ``deck`` (the cards dealt, seat 0's
    first) and its ``actions``, one mapping each; written as every game's are."""

    dump_record = staticmethod(dump_record)

    @staticmethod
    def record_of(hand: FinishedHand) -> dict[str, Any]:
        return {"game": NAME, "deck": [card.code for cards in hand.dealt for card in cards],
                "actions": [{"seat": seat, "card": card.code} for seat, card in hand.plays]}


class HighCard:
    """The ``GameKind`` of High Card."""

    name = NAME
    title = "High Card"
    short_title = "High Card"
    default_ruleset = "two-hands"
    played_for_chips = False
    partner_label = None
    strengths = ("random",)
    stand_in_strength = "random"
    rules = None  # no ruleset files: its rulesets are named only
    records = ToyRecords()

    @staticmethod
    def rulesets() -> dict[str, Path]:
        return {name: Path(name) for name in RULESETS}

    @staticmethod
    def claims_ruleset(path: Path) -> bool:
        return False

    @staticmethod
    def claims_record(text: str) -> bool:
        return f"game: {NAME}" in text

    @staticmethod
    def describe_hand(hand: Any, result: dict[str, Any]) -> str:
        return f"a hand of {NAME}"

    @staticmethod
    def save_label(names: Sequence[str], ruleset: str, progress: str, view: ToyView, seat: int) -> str:
        return f"High Card, {ruleset}, {progress}, {names[seat]} {view.scores[seat]} tricks"

    @staticmethod
    def load_rules(ruleset: str, starting_chips: int | None = None) -> int:
        if ruleset not in RULESETS:
            raise ValueError(f"High Card has no ruleset '{ruleset}'")
        return RULESETS[ruleset]

    @staticmethod
    def check_players(rules: int, players: int) -> None:
        if players != 2:
            raise ValueError("High Card is for two players")

    @staticmethod
    def new_game(rules: int, players: int, seed: int) -> ToyGame:
        return ToyGame(rules, players, random.Random(seed))

    @staticmethod
    def computer_player(strength: str) -> ComputerPlayer:
        if strength != "random":
            raise ValueError(f"High Card has no '{strength}' computer player; it has random")
        return RandomPlayer()


TOY = HighCard()


class wire:
    """High Card's codec on the wire: a view and its events in JSON."""

    VIEW = ToyView

    @staticmethod
    def view_json(view: ToyView, names: Sequence[str], seat: int | None) -> dict[str, Any]:
        return {"game": NAME, "hand": [card.code for card in view.hand], "seat": seat, "hand_number": view.number,
                "counts": list(view.counts), "trick": [[at, card.code] for at, card in view.trick],
                "scores": list(view.scores), "to_act": view.current_seat if view.current_seat >= 0 else None,
                "names": list(names)}

    @staticmethod
    def event_json(event: Any) -> dict[str, Any]:
        if isinstance(event, Dealt):
            return {"event": "dealt", "seat": event.seat, "cards": [card.code for card in event.cards]}
        if isinstance(event, Played):
            return {"event": "played", "seat": event.seat, "card": event.card.code}
        return {"event": "trick_taken", "seat": event.seat}


def register() -> None:
    """Add High Card to the house's games and to the wire's codecs."""
    register_game(TOY)
    wire_codecs.register_codec(NAME, wire)


def unregister() -> None:
    """Take High Card out again, so that other tests see the house as it is."""
    GAMES.pop(NAME, None)
    wire_codecs.WIRE_CODECS.pop(NAME, None)
