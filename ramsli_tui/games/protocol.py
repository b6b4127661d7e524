"""What every game offers the table: the seam between a game's rules and everything else.

The table, the saves, the seats and the app's common parts speak only this protocol,
so a second game (Rami Simple) needs its own rules, computer players and screen, and
nothing else.  It follows the best game libraries (OpenSpiel's State, python-chess's
Board): the game is pure and deterministic, changes only through ``apply``, and says
what each seat may know through ``view(seat)``.

- ``Game``: one session of a game in progress.  ``legal_actions()`` lists the choices
  where they can be listed; ``check`` judges one that cannot (a Rami going-out names
  thirteen cards in melds); ``apply`` returns the events that happened.
- Events say who may see them: ``private_to`` is None for everyone, or the one seat
  that may (the cards dealt to it), so the table filters them for any seat without
  knowing the game.  ``CardsDealt``, the same in every game, is defined here once.
- ``IllegalAction`` carries a message id and its parameters, so a refusal can be told
  in any words: to the table ("seat 2 must follow suit: it holds KS") or to the player
  ("you must follow suit: you hold K♠").
- ``GameKind``: a game by name, all the house knows of it — its title, rulesets,
  records and their facts, how many may play, a new session from a seed, its computer
  players, the words of its saves, and optionally a hint (``advice``); ``games.register_game`` adds one.
- ``ComputerPlayer``, and ``decide`` and ``play_out``: the one way computer players are
  asked to act, by the table, ``simulate`` and ``tournament`` alike.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, NamedTuple, Protocol, Sequence

from ..cards import Card

if TYPE_CHECKING:  # a game's files are named in its description; the engines that share this module read none
    from pathlib import Path

Action = Any  # each game's own action type; its string form is ``format_action``
View = Any  # each game's own view of one seat


class Event(Protocol):
    @property
    def private_to(self) -> int | None:
        """None when every seat may see the event, else the one seat that may."""


class CardsDealt(NamedTuple):
    """The cards dealt to ``seat``, for that seat's eyes only."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def private_to(self) -> int:
        return self.seat


def visible_to(event: Event, seat: int | None) -> bool:
    """May ``seat`` (None: a spectator) see ``event``?"""
    private = event.private_to
    return private is None or private == seat


def events_for(events: Sequence[Event], seat: int | None) -> list[Event]:
    return [event for event in events if visible_to(event, seat)]


class IllegalAction(ValueError):
    """An action the rules refuse, with nothing changed.

    ``message`` is an id in the ``TEMPLATES`` of the refusing game's subclass;
    ``cards`` and ``parameters`` fill it in, those named in ``SEATS`` being seats.
    ``str()`` names the seats by number ("seat 2 must follow suit: it holds KS, 7S");
    ``for_you(faces, names)`` says the same to the player at that seat, the other
    seats by their players' names ("you must follow suit: you hold K♠, 7♠"); and
    ``said_in(sentence, …)`` fills in the same said in a person's language, which their
    interface holds: the engine itself reads no catalogue, and its English stays that
    of ``TEMPLATES``."""

    TEMPLATES: ClassVar[Mapping[str, str]] = {}
    SEATS: ClassVar[frozenset[str]] = frozenset({"turn", "taker"})  # the parameters that are seats

    def __init__(self, seat: int | None, message: str, cards: tuple[Card, ...] = (), **parameters: object):
        self.seat = seat
        self.message = message
        self.cards = cards
        self.parameters = parameters
        super().__init__(self._render(f"seat {seat}", "does", "it holds", lambda card: card.code))

    def _render(self, who: str, does: str, holds: str, name: Callable[[Card], str],
                seat_named: Callable[[int], str] = lambda seat: f"seat {seat}") -> str:
        return self._filled(self.TEMPLATES[self.message], name, seat_named, who=who, does=does, holds=holds)

    def _filled(self, template: str, name: Callable[[Card], str], seat_named: Callable[[int], str],
                **persons: str) -> str:
        """``template`` filled in: ``{cards}`` listed, the parameters named (seats by
        ``seat_named``, cards by ``name``), and the ``persons`` (who, does, holds)."""
        listed = ", ".join(name(card) for card in self.cards)
        words = {key: seat_named(value) if key in self.SEATS else name(value) if isinstance(value, Card) else value
                 for key, value in self.parameters.items()}
        return template.format(cards=listed, **persons, **words)

    def for_you(self, faces: str = "french", names: Sequence[str] | None = None) -> str:
        """The refusal said to the player in English, cards in ``faces``, other seats by
        ``names`` when given."""
        return self.said_in(self.TEMPLATES[self.message], faces, names, who="you", does="do", holds="you hold")

    def said_in(self, sentence: str, faces: str = "french", names: Sequence[str] | None = None,
                **persons: str) -> str:
        """``sentence``, the refusal said in a person's language (a game's interface holds
        those, so that the engine reads no catalogue), filled in as ``for_you`` fills the
        English: the cards in ``faces``, the other seats by ``names`` when given."""
        seat_named = (lambda seat: names[seat]) if names is not None else (lambda seat: f"seat {seat}")
        return self._filled(sentence, lambda card: card.label(faces), seat_named, **persons)

    def for_you_in_codes(self) -> str:
        """The same said to the player, with cards in their codes ("you must follow suit:
        you hold KS"): for programs, as the table protocol words a refusal."""
        return self._render("you", "do", "you hold", lambda card: card.code)


class Game(Protocol):
    """One session of a game, seats 0..players-1."""

    players: int
    opening_events: list[Event]  # what happened before the first action (the cut, the deal)

    @property
    def current_seat(self) -> int:
        """The seat to act, or -1 when nobody is (the session is over)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def rounds_finished(self) -> int:
        """How many rounds (hands, deals) have been settled so far."""

    @property
    def finished(self) -> Sequence[Any]:
        """Each round settled so far, oldest first (``rounds_finished`` of them), as the
        game's records module makes a hand's record from it (``record_of``)."""

    def legal_actions(self) -> Sequence[Action]:
        """The choices of the seat to act, where they can be listed."""

    def check(self, action: Action, seat: int) -> None:
        """IllegalAction if ``seat`` may not take ``action`` now; nothing changes."""

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Take the action for the seat to act (checked against ``seat`` when given)."""

    def clone(self) -> Game: ...

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know, and nothing more; ``None``: a spectator, who may know
        only what is public (no card of any hand)."""

    def last_round_view(self, seat: int | None) -> View:
        """``seat``'s view of the last settled round as it stood at its end."""

    def pause_after(self, events: Sequence[Event]) -> float:
        """How many beats the table should let people look at what ``events`` did
        before a computer player acts (1; 2 after a finished trick)."""

    def parse_action(self, text: str) -> Action:
        """An action from its string form; ValueError naming what is wrong."""

    def format_action(self, action: Action) -> str: ...


class ComputerPlayer:
    """A computer player: it sees one seat's view and the legal actions, and chooses
    one of them, the same for the same ``random.Random``."""

    name = "computer"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def watch(self, game: Game) -> None:
        """Shown the whole game before each choice; only a player made for measuring
        (the omniscient one) looks."""


class Measured(NamedTuple):
    """A match of computer players measured (``ramsli simulate`` or ``tournament``): its
    report as JSON and in words, and whether its check (chips conserved) passed."""

    json: Any
    text: str
    passed: bool


class GameKind(Protocol):
    """A game by name, the whole of what the house knows of it (as OpenSpiel's
    ``GameType``): the table, the saves, the command line, the server and the app's
    common parts ask it, never the game's own modules.

    A game may also offer ``advice(view, legal, name_card) -> (action, reason)``: what
    its normal computer player would do in that seat, and why in one sentence, its
    cards named by ``name_card`` (a hint, on request).  It is optional, so it is not a
    member of this protocol: ask ``getattr(kind, "advice", None)``; a game without it
    offers no hint."""

    name: str
    title: str  # as players call it: "Rami Simple"
    short_title: str  # in a sentence about its things: "Rami" ('s rulesets)
    default_ruleset: str
    played_for_chips: bool  # a table of it has chips each (else it is played for points)
    partner_label: str | None  # what setup calls the seat opposite the person, if a partner
    strengths: tuple[str, ...]
    stand_in_strength: str  # the strength that plays a person's seat while they are away or once they leave
    rules: Any  # its rulesets: available(), user_dir(), bundled_dir(), load_file(path), RulesetError
    # Its hand records: record_of(hand), a mapping with a ``deck`` of card codes and its
    # ``actions`` (mappings), as the server's history keeps them; dump_record(record), its
    # YAML; and for ``ramsli replay``, replay_text(...) and RESULT_FORMAT, its results' format.
    records: Any
    # A finished hand told step by step, for the hand viewer: steps.shown_hand(text, …), a games.steps.ShownHand.
    steps: Any
    # A finished hand's facts, for the history's statistics (games.facts): facts.FACTS, the facts of one
    # seat in one hand (each a Fact: name, label, kept "sum" or "max"); facts.facts_of(record), one mapping
    # of every fact to an int per seat, from a record as record_of makes it; and facts.standing_after(record),
    # each seat's standing once the hand is settled, higher better (for ratings); facts.sides(players), the
    # seats that play together (None: each alone); optionally facts.shown_standing(standing), a standing as the
    # players read it (Rami's points).  ValueError for a record that cannot be replayed to its
    # end.  Optional: a game without it has its hands kept, and no statistics.
    facts: Any

    def rulesets(self) -> dict[str, Path]:
        """The rulesets it offers, bundled and the player's own, each by name."""

    def claims_ruleset(self, path: Path) -> bool:
        """Is the ruleset file at ``path`` one of this game's (it says so)?"""

    def claims_record(self, text: str) -> bool:
        """Is the hand record ``text`` one of this game's (it says so)?"""

    def describe_hand(self, hand: Any, result: dict[str, Any]) -> str:
        """A replayed hand told in words, as ``ramsli replay`` prints it."""

    def save_label(self, names: Sequence[str], ruleset: str, progress: str, view: View, seat: int) -> str:
        """How a saved session reads in a list, after its ruleset and before when it was
        played: "classic, hand 7, Zora 23 chips" (``progress`` is "hand 7" or "finished")."""

    def load_rules(self, ruleset: str, starting_chips: int | None = None) -> Any:
        """The named (or file's) ruleset; a FileProblem naming file, line and key."""

    def check_players(self, rules: Any, players: int) -> None:
        """ValueError, in one sentence, if the rules do not allow ``players``."""

    def new_game(self, rules: Any, players: int, seed: int) -> Game: ...

    def computer_player(self, strength: str) -> ComputerPlayer: ...

    def measure(self, command: str, rules: Any, players: int, bots: str | None, count: int, seed: int,
                lineup: Callable[[Sequence[str]], list[str]], advance: Callable[[], None], jobs: int = 1) -> Measured:
        """``command`` ("simulate" or "tournament") played out by computer players: ``count``
        hands or deals from ``seed``, ``advance`` called after each; a tournament's deals
        played by ``jobs`` processes at once (``parallel``: the same report).  ``bots`` is what
        ``--bots`` said (None: the game's own choice); ``lineup(known)`` reads it as one
        strength per seat among ``known`` (ValueError, in one sentence, if it cannot be).
        ValueError, in one sentence, when the game cannot measure what ``bots`` asks."""


def decide(player: ComputerPlayer, game: Game, seat: int, rng: random.Random) -> Action:
    """What ``player``, sitting at ``seat``, chooses now."""
    player.watch(game)
    return player.choose(game.view(seat), game.legal_actions(), rng)


def play_out(game: Game, players: Mapping[int, ComputerPlayer], rngs: Mapping[int, random.Random],
             until: Callable[[Game], bool] = lambda game: game.is_over) -> None:
    """Let the computer players play ``game`` until ``until`` says stop (the end)."""
    while not until(game):
        seat = game.current_seat
        game.apply(decide(players[seat], game, seat, rngs[seat]), seat)
