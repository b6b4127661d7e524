"""The table: runs one session of a game for every seat round it.

The table owns the game (anything that speaks games/protocol.py) and is the only thing
that moves it.  It asks the seat to act — a person through their client, a computer
player in a worker thread, with a short delay so that people can follow every card —
applies the action, and hands each seat its own stream of updates: its view and the
events it may see, numbered in order.  After a round is settled it waits until every
person has read the result ("has read" is a gate per seat).  A seat may have a time
limit, after which a computer player acts for it; local play has none.  What the table
waits for, and the time left for it, is ``waiting()``; ``on_waiting`` hears each time
that changes without an update (a wait begins, a person reads a result).

Observers (the autosave now; the history and the network later) are told of every
action; one that fails is reported and the table goes on without stopping.
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable, ClassVar, NamedTuple, Protocol, Sequence

from ..games import game_named
from ..games.protocol import Action, ComputerPlayer, Event, Game, IllegalAction, decide, events_for
from ..languages import N_
from ..languages.words import Words, words_of
from ..languages.lists import names_and_words
from .seats import Seat, seats_for
from .spec import GameSpec
from .updates import Clock, Reading, Update, Waiting



class Moved(NamedTuple):
    """What an observer is told after each action, and when everyone has read a round's
    result: every action so far, as strings, and how many rounds' results were read."""

    actions: tuple[str, ...]
    results_read: int
    over: bool


class Observer(Protocol):
    def table_moved(self, moved: Moved) -> None: ...


class TableRefusal(IllegalAction):
    """An action the table cannot take now, whatever the game's rules say."""

    TEMPLATES: ClassVar = {
        "wait_for": "{who} must wait for {name}",
        "read_first": "{who} must read the hand's result first",
        "no_seat": "there is no seat {seat} at this table",
        "watching": "a spectator cannot act or read a result for a seat",
        "closed": "the table is closed: nothing more is played at it",
    }


class Wait(NamedTuple):
    """A wait of the table's run: for ``seats`` to read a result or for ``turn`` to act,
    until ``deadline`` on the table's clock (None: no limit)."""

    seats: tuple[int, ...]
    turn: int | None
    deadline: float | None


class ReplayError(ValueError):
    """A saved game that does not replay (its ruleset changed or went away)."""


class SeatChannel:
    """One seat's side of the table (or the spectators', ``seat`` None): the events it
    may see so far, its update counter, whether it has a round's result still to read,
    and who listens."""

    def __init__(self, seat: int | None):
        self.seat = seat
        self.backlog: list[Event] = []
        self.seq = 0
        self.result_unread = False
        self.needed = asyncio.Event()
        self.listener: Callable[[Update], None] = lambda update: None
        self.on_notice: Callable[[str], None] = lambda message: None

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq


class Table:
    """One session at one table, every seat with its own stream of updates."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        delay: float = 0.0,
        stand_in: Callable[[], ComputerPlayer] | None = None,
        actions: Sequence[str] = (),
        results_read: int | None = None,
    ):
        self.game = game
        self.spec: GameSpec | None = None  # what the table was made from, when it was
        self.seats = list(seats)
        self.delay = delay
        self.stand_in = stand_in
        self.actions: list[str] = []
        self.observers: list[Observer] = []
        self.channels = [SeatChannel(seat) for seat in range(len(self.seats))]
        self.watchers = SeatChannel(None)  # the spectators': only what is public
        self._turn: asyncio.Future[None] | None = None  # resolved when what the table waits for is done
        self._awaited_turn: int | None = None  # the seat whose action the table waits for, if any
        self._last_events: tuple[Event, ...] = ()  # what the last action did, for the pace
        self._hurried: set[int] = set()  # the people who asked to see this round played out at once
        self._run: object | None = None  # the token of the run that may act now (None: no run may)
        self.closed = False  # closed for good: nothing is played, nobody is told of an action
        self.now: Callable[[], float] = time.monotonic  # the clock time limits are read on
        self.on_waiting: Callable[[Waiting], None] = lambda waiting: None
        self._wait: Wait | None = None  # what the run waits for now, if anything
        self._readers: tuple[int, ...] = ()  # the people who had the last round's result to read
        self._deliver_to_backlogs(game.opening_events)
        settled = False
        for number, text in enumerate(actions, 1):
            rounds_before = game.rounds_finished
            try:
                events = game.apply(game.parse_action(text))
            except ValueError as error:
                # TRANSLATORS: a saved game that cannot be played again: {number} its action's number (1 the
                # first), {text} the action as saved ("nap:3", "AS"), {problem} why the rules refuse it now
                raise ReplayError(Words(N_("action {number} ({text}) no longer replays: {problem}"),
                                        {"number": number, "text": text, "problem": words_of(error)})) from None
            self.actions.append(text)
            self._deliver_to_backlogs(events)
            settled = game.rounds_finished > rounds_before
        # A game left while a round's result was on screen comes back to that result.
        if settled and not game.is_over and (results_read is None or game.rounds_finished > results_read):
            self._mark_results_unread()
        self.results_read = game.rounds_finished - 1 if self._results_unread() else game.rounds_finished

    @classmethod
    def for_spec(cls, spec: GameSpec, *, delay: float = 0.0, actions: Sequence[str] = (),
                 results_read: int | None = None, stand_in: Callable[[], ComputerPlayer] | None = None,
                 on_waiting: Callable[[Waiting], None] = lambda waiting: None) -> Table:
        """The table ``spec`` describes, with ``actions`` replayed (and ``results_read``
        rounds' results already read); ``stand_in`` makes the computer player that acts
        for a person away or out of time, and ``on_waiting`` hears what the table waits
        for, each time that changes.  A FileProblem if its ruleset cannot be read,
        ValueError if it does not allow the seats, ReplayError if an action no longer
        replays."""
        kind = game_named(spec.game)
        rules = kind.load_rules(spec.ruleset, spec.starting_chips)
        kind.check_players(rules, spec.players)
        game = kind.new_game(rules, spec.players, spec.seed)
        table = cls(game, seats_for(spec, kind, len(actions)), delay=delay, stand_in=stand_in, actions=actions,
                    results_read=results_read)
        table.spec = spec
        table.on_waiting = on_waiting
        return table

    # --- who sits where, and who listens ------------------------------------------------

    def listen(self, seat: int | None, listener: Callable[[Update], None], on_notice: Callable[[str], None]) -> None:
        """Every later update of ``seat`` (None: the spectators') goes to ``listener``,
        every notice of the table to ``on_notice``."""
        channel = self.stream(seat)
        channel.listener = listener
        channel.on_notice = on_notice

    def seat_computer(self, seat: int, player: ComputerPlayer) -> None:
        """``player`` plays ``seat``, a computer player's seat (a person's: while they are away)."""
        self.channel(seat)
        self.seats[seat].player = player

    def limit_time(self, seconds: float | None) -> None:
        """Each person's seat has ``seconds`` to act or to read a result (None: no limit)."""
        for chair in self.seats:
            if chair.person:
                chair.time_limit = seconds

    def hand_over(self, seat: int, name: str, player: ComputerPlayer) -> None:
        """``seat``'s person gives it up for good: ``player``, a computer player called
        ``name``, plays it from now on (at once, if the table waited for the person)."""
        self.set_away(seat, True)
        chair = self.seats[seat]
        chair.person, chair.name, chair.time_limit, chair.player = False, name, None, player

    def is_away(self, seat: int) -> bool:
        """Is ``seat``'s person away (a computer player playing for them)?"""
        self.channel(seat)
        return self.seats[seat].away

    def result_unread_by(self, seat: int) -> bool:
        """Has ``seat`` a round's result still to read?"""
        return self.channel(seat).result_unread

    def wants_nobody(self) -> None:
        """No seat is asked for anything: after a run stopped from outside (``stop``),
        which, as every run does when it ends, marks each seat as needed."""
        for channel in self.channels:
            channel.needed.clear()

    # --- what a seat may read -----------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(number for number, seat in enumerate(self.seats) if seat.person)

    def channel(self, seat: int | None) -> SeatChannel:
        """``seat``'s channel; TableRefusal for one that is not a seat (None: a spectator)."""
        if seat is None:
            raise TableRefusal(seat, "watching")
        if not 0 <= seat < len(self.channels):
            raise TableRefusal(seat, "no_seat", seat=seat)
        return self.channels[seat]

    def stream(self, seat: int | None) -> SeatChannel:
        """The channel whose updates ``seat`` hears: its own, or the spectators' (None)."""
        return self.watchers if seat is None else self.channel(seat)

    def _all_channels(self) -> list[SeatChannel]:
        return [*self.channels, self.watchers]

    def opening(self, seat: int | None) -> Update:
        """Everything ``seat`` may see so far (None: a spectator, only what is public):
        its view and every event since the start (a resumed session's included); with
        the last round as it ended, if its result is still to be read."""
        channel = self.stream(seat)
        round_end = self.game.last_round_view(seat) if channel.result_unread else None
        return Update(channel.next_seq(), self.game.view(seat), tuple(channel.backlog), round_end, self.game.is_over)

    def needs(self, seat: int) -> bool:
        """Does the table wait for ``seat``: to act, or to read a round's result?"""
        return self.channel(seat).needed.is_set()

    async def until_needed(self, seat: int) -> None:
        """Wait until the table needs ``seat`` or the session ends."""
        await self.channel(seat).needed.wait()

    def waiting(self) -> Waiting:
        """What the table waits for now, against which clock."""
        return Waiting(self.clock(), self.reading())

    def clock(self) -> Clock | None:
        """The time left to the seat to act, when it is a person's with a time limit and
        the table asks it now (or is about to, its update just sent); None otherwise."""
        seat = self.game.current_seat
        if self.closed or self.game.is_over or seat < 0 or self._results_unread():
            return None
        chair = self.seats[seat]
        if chair.played_by_computer or chair.time_limit is None:
            return None
        if self._wait is not None and self._wait.turn == seat and self._wait.deadline is not None:
            return Clock(seat, max(0.0, self._wait.deadline - self.now()))
        return Clock(seat, chair.time_limit)

    def reading(self) -> Reading | None:
        """Who has read the last round's result and who has not, while anyone has it to
        read; None otherwise."""
        unread = self._unread_people()
        if not unread:
            return None
        read = tuple(seat for seat in self._readers if seat not in unread)
        wait = self._wait
        if wait is not None and wait.turn is None:
            left = None if wait.deadline is None else max(0.0, wait.deadline - self.now())
        else:
            left = self._time_limit(unread)
        return Reading(read, unread, left)

    # --- what a seat may do ----------------------------------------------------------------

    def act(self, seat: int, action: Action) -> None:
        """A person's action.  IllegalAction, with nothing changed, if it cannot be taken now:
        only the seat whose turn the table waits for may act, once."""
        channel = self.channel(seat)
        if self.closed:
            raise TableRefusal(seat, "closed")
        if channel.result_unread:
            raise TableRefusal(seat, "read_first")
        if self._awaited_turn != seat or self._turn is None or self._turn.done():
            raise TableRefusal(seat, "wait_for", name=self._awaited_name())
        events, settled = self._take(seat, action)
        self._awaited_turn = self._wait = None
        channel.needed.clear()
        self._turn.set_result(None)
        self._deliver(events, settled)

    def _awaited_name(self) -> str:
        """Who the table waits for, in words: the people still to read a result, or the seat to act."""
        unread = self._unread_people()
        if unread:
            return self._names(unread)
        current = self.game.current_seat
        return self.seats[current].name if current >= 0 else "the next hand"

    def result_read(self, seat: int) -> None:
        """``seat`` has read the last round's result: once everyone has, play goes on."""
        channel = self.channel(seat)
        if channel.result_unread:
            channel.result_unread = False
            channel.needed.clear()
            self._last_events = ()  # the summary was the look at the last trick
            if self._results_unread():
                self.on_waiting(self.waiting())
            else:
                self.results_read = self.game.rounds_finished
                self._wait = None
                self._tell_observers(Moved(tuple(self.actions), self.results_read, self.game.is_over))
                if self._turn is not None and not self._turn.done():
                    self._turn.set_result(None)

    def set_away(self, seat: int, away: bool) -> None:
        """A person who left (or came back): while away, a computer player plays for them,
        and no result waits for them to read it."""
        self.channel(seat)
        chair = self.seats[seat]
        if not chair.person:
            return
        chair.away = away
        if not away:
            return
        if chair.player is None and self.stand_in is not None:
            chair.player = self.stand_in()
        self.result_read(seat)
        if self._awaited_turn == seat and self._turn is not None and not self._turn.done():
            self._awaited_turn = self._wait = None
            self._turn.set_result(None)  # stop waiting: the stand-in acts

    def hurry(self, seat: int) -> None:
        """``seat``'s person would rather not watch the rest of this round: once every
        person present has said so, the computer players play it out without pauses."""
        self.channel(seat)
        self._hurried.add(seat)

    def _hurrying(self) -> bool:
        present = {number for number, chair in enumerate(self.seats) if chair.person and not chair.away}
        return bool(self._hurried) and present <= self._hurried

    def observe(self, observer: Observer) -> None:
        self.observers.append(observer)

    def tell_everyone(self, message: str) -> None:
        """Say ``message`` to every seat, and to the spectators."""
        for channel in self._all_channels():
            channel.on_notice(message)

    # --- running ------------------------------------------------------------------------

    async def run(self) -> None:
        """Run the session to its end, delivering every update to each seat's listener;
        ``stop`` ends the run where it stands, whatever it was waiting for."""
        game = self.game
        token = self._run = object()
        try:
            while not game.is_over and self._run is token:
                unread = self._unread_people()
                if unread:
                    if not await self._wait_for_people(unread) and self._run is token:
                        self._read_for(unread)
                    continue
                seat = game.current_seat
                chair = self.seats[seat]
                if chair.played_by_computer and chair.player is not None:
                    action = await self._think(seat, chair.player, chair)
                elif not await self._wait_for_people((seat,), turn=seat) and self.stand_in is not None:
                    if self._run is not token:
                        break
                    chair.player = chair.player or self.stand_in()
                    self.tell_everyone(Words(N_("{name} took too long: a computer player acted for them."), {"name": chair.name}))
                    action = await self._think(seat, chair.player, chair)
                else:
                    continue
                if self._run is token:  # a stop while it thought: the choice is dropped
                    self._apply(seat, action)
        finally:
            if self._run is token:
                self._run = None
            for channel in self.channels:
                channel.needed.set()

    def stop(self) -> None:
        """End the run at once, in one step the run obeys wherever it waits: no action is
        taken after this call returns, even one a computer player has already chosen.
        The table may be run again later (the hub does, when its people come back)."""
        self._run = None
        if self._turn is not None and not self._turn.done():
            self._turn.set_result(None)

    def close(self) -> None:
        """Stop for good: no action is ever taken again, by a person or a computer player,
        and no observer is told of one."""
        self.closed = True
        self.stop()

    async def _wait_for_people(self, seats: Sequence[int], turn: int | None = None) -> bool:
        """Wait for ``seats`` to read a result, or for ``turn``'s action; False if the time ran out."""
        self._turn = asyncio.get_running_loop().create_future()
        self._awaited_turn = turn
        limit = self._time_limit(seats)
        self._wait = Wait(tuple(seats), turn, None if limit is None else self.now() + limit)
        for seat in seats:
            self.channels[seat].needed.set()
        self.on_waiting(self.waiting())
        try:
            await asyncio.wait_for(asyncio.shield(self._turn), limit)
            return True
        except asyncio.TimeoutError:
            return False
        finally:
            self._turn.cancel()  # a late answer finds the table no longer waiting
            self._awaited_turn = None
            self._wait = None
            for seat in seats:
                self.channels[seat].needed.clear()


    def _names(self, seats: Sequence[int]) -> str:
        """The names of ``seats``, as the table's refusals carry them on the wire (in English)."""
        return " and ".join(self.seats[seat].name for seat in seats)

    def _time_limit(self, seats: Sequence[int]) -> float | None:
        """How long the table waits for ``seats``: the longest of their limits, none if one has none."""
        limits = [self.seats[seat].time_limit for seat in seats]
        return None if None in limits else max(limits)

    def _read_for(self, seats: Sequence[int]) -> None:
        """Their time to read the result ran out: it counts as read, and play goes on."""
        names = [self.seats[seat].name for seat in seats]
        self.tell_everyone(Words.counted("{names} took too long over the result: the next hand goes on.",
                                         "{names} took too long over the result: the next hand goes on.",
                                         len(names), {"names": names_and_words(names)}))
        for seat in seats:
            self.result_read(seat)

    async def _think(self, seat: int, player: ComputerPlayer, chair: Seat) -> Action:
        """A computer player's choice, made in a worker thread and shown at a human pace:
        after a finished trick (the game says which events want a longer look) it waits longer."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        legal = self.game.legal_actions()
        try:
            action = await asyncio.to_thread(decide, player, self.game, seat, chair.rng)
        except Exception as error:  # a computer player's bug must not end the game
            self.tell_everyone(Words(N_("{name}'s computer player failed ({error}); it played the first legal move."),
                                     {"name": chair.name, "error": str(error)}))
            action = legal[0]
        if not self._allowed(action, seat, legal):
            self.tell_everyone(Words(N_("{name}'s computer player chose an illegal move; it played the first legal one."),
                                     {"name": chair.name}))
            action = legal[0]
        pause = self.delay * self.game.pause_after(self._last_events) - (loop.time() - started)
        if pause > 0 and not self._hurrying():
            await asyncio.sleep(pause)
        return action

    def _allowed(self, action: Action, seat: int, legal: Sequence[Action]) -> bool:
        """Is ``action`` one the rules allow ``seat`` now: listed, or (like a going-out in
        Rami, which cannot be listed) passed by the game's check?"""
        if action in legal:
            return True
        try:
            self.game.check(action, seat)
        except IllegalAction:
            return False
        return True

    # --- applying --------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        self._deliver(*self._take(seat, action))

    def _take(self, seat: int, action: Action) -> tuple[tuple[Event, ...], bool]:
        """Apply the action to the game (IllegalAction, with nothing changed, if it may not
        be taken) and tell the observers; the events, and whether a round was settled."""
        game = self.game
        rounds_before = game.rounds_finished
        events = tuple(game.apply(action, seat))
        self.actions.append(game.format_action(action))
        settled = game.rounds_finished > rounds_before
        if settled:
            self._hurried.clear()
        if settled and not game.is_over:
            self._mark_results_unread()
        if not self._results_unread():
            self.results_read = game.rounds_finished
        self._tell_observers(Moved(tuple(self.actions), self.results_read, game.is_over))
        self._last_events = events
        return events, settled

    def _deliver(self, events: tuple[Event, ...], settled: bool) -> None:
        """Each seat's update, and the spectators': its view, the events it may see, and
        the round just settled as it ended."""
        game = self.game
        for channel in self._all_channels():
            visible = tuple(events_for(events, channel.seat))
            channel.backlog += visible
            round_end = game.last_round_view(channel.seat) if settled else None
            channel.listener(Update(channel.next_seq(), game.view(channel.seat), visible, round_end, game.is_over))

    def _deliver_to_backlogs(self, events: Sequence[Event]) -> None:
        for channel in self._all_channels():
            channel.backlog += events_for(events, channel.seat)

    def _tell_observers(self, moved: Moved) -> None:
        if self.closed:
            return  # a closed table keeps nothing more
        for observer in self.observers:
            try:
                observer.table_moved(moved)
            except Exception as error:  # a full disk must not stop the game
                self.tell_everyone(str(error))

    def _mark_results_unread(self) -> None:
        """A round was just settled: every person at the table has its result to read."""
        for channel in self.channels:
            chair = self.seats[channel.seat]
            channel.result_unread = chair.person and not chair.away
        self._readers = self._unread_people()

    def _results_unread(self) -> bool:
        return any(channel.result_unread for channel in self.channels)

    def _unread_people(self) -> tuple[int, ...]:
        return tuple(channel.seat for channel in self.channels if channel.result_unread)
