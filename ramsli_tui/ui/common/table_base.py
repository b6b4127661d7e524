"""What every game's table screen does the same way, whatever the game.

``TableScreenBase`` holds it once, for the Ramsli table and the Rami table alike:

- the layout for the window's size: ``-compact`` below one size, ``-tall`` from
  another, and below the smallest a line asking for a larger window instead of a
  table cut in half (each game names its sizes); a title too long for the window
  wraps rather than lose its end (where Ramsli names trumps);
- the table's updates, heard through the client and shown in order; while the screen
  holds on something (a round's result until it is read, or a finished trick until a
  key) the updates wait in a queue, and are shown once it goes on;
- the computer players' pace changed at the table (``+``/``-``, kept in the settings),
  the bell or a flash when it becomes the person's turn, a refused action said in the
  banner, whether a hint is offered, the rules help, leaving the table, and the table's
  entries in the command palette;
- a table watched (the client's seat None): drawn from seat 0's chair, seat 0 a seat
  like the others where the hand would be (``-watching``), and only the keys that
  change nothing at the table (``WATCHER_ACTIONS``); a spectator is shown each round's
  result until the table goes on, never asked to read it;
- a server's table that closes: its session over, the result and the end are shown
  as at home, and the way out leads to the lobby; closed for another reason, the
  person is told why and taken back to the lobby;
- at a server's table, the clock at the end of the title line: the seconds the seat to
  act has left (a warning to its person near the end), and while a hand's result is
  read, who has read it and when the next hand starts (the result says so too); the
  seat given up from the palette, after asking; and the table's notes at the top
  right, the newest alone in sight, never over the banner, the hand or the keys.

A game's screen composes its felt, draws its views and names what differs: its
words, its hand widget, the event that ends a round and the screen that shows it.
"""

from __future__ import annotations

import math
import time
from collections import deque
from typing import ClassVar, Iterable, Iterator

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal
from textual.content import Content
from textual.events import Resize
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label, Static

from ...games.protocol import Event, IllegalAction
from ...table.client import TableClient, TalkRefused
from ...table.updates import Update, Waiting
from ..seating import sides
from ..widgets.banner import TurnBanner
from ..widgets.key_bar import KeyBar
from ..widgets.seat import Seat
from ...languages import N_, _
from ...languages.lists import names_and
from .bands import BandedCompositor
from .dialog import Dialog
from .server_wait import WAITING_WORDS, ServerWaits

# TRANSLATORS: the key bar's word for + and - together, which make the computer players faster or slower.
PACE_KEYS = Binding.Group(N_("Pace"), compact=True)
PACE_BINDINGS = [  # the last of a table's keys: each screen lists them at the end of its own
    Binding("plus", "pace(-1)", N_("Faster"), key_display="+", group=PACE_KEYS, id="table.faster"),
    Binding("minus", "pace(1)", N_("Slower"), key_display="-", group=PACE_KEYS, id="table.slower"),
]
FLASH_FOR = 0.3  # seconds the banner flashes when it becomes the person's turn
TALK_BINDING = Binding("c", "talk", N_("Talk"), id="table.talk")  # at a server's table with other people
# The hint's key when no hint is offered: it says why (each table lists it after its own Hint).
NO_HINT_BINDING = Binding("t", "no_hint", N_("Why no hint"), show=False, id="table.no_hint")
LEAVE_QUESTION = N_("Leave the table? The game is saved: start ramsli again to go on where you left off.")
# TRANSLATORS: "Give up your seat" is the palette's entry of that name.
LOBBY_QUESTION = N_("Back to the lobby? Your seat is kept: join the table again to go on "
                    "(after 30 s away, a computer player plays it until you are back). "
                    "To give the seat up for good: Ctrl+P, Give up your seat.")
NOTE_FOR = 8  # seconds a note of the table (someone away, back, too slow; a line said) stays
HURRY_AT = 10  # seconds left on a person's own clock from which it warns them
GIVE_UP_PALETTE = (N_("Give up your seat"), N_("Leave the table for good: a computer player takes your seat"), "give_up_seat")


def as_sentence(clause: str) -> str:
    """A refusal's clause ("you must follow suit: …") as the banner's sentence: its first
    letter raised and a full stop."""
    return clause[:1].upper() + clause[1:] + "."


class TableCommands(Provider):
    """The table's entries in the command palette: those of the screen it is opened on,
    in the language spoken."""

    async def discover(self) -> Hits:
        for title, help_text, action in self.entries():
            yield DiscoveryHit(title, self._runner(action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, action in self.entries():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), self._runner(action), help=help_text)

    def entries(self) -> list[tuple[str, str, str]]:
        """The screen's entries (``N_()`` texts), translated."""
        return [(_(title), _(help_text), action) for title, help_text, action in self.screen.palette()]

    def _runner(self, action: str):
        return lambda: self.screen.run_action(action)


class TableScreenBase(Screen):
    """One session at a table, for the person at the client's seat."""

    COMMANDS = {TableCommands}
    PALETTE: ClassVar[tuple[tuple[str, str, str], ...]]  # (title, help, action): the game's palette entries, N_() texts
    SMALLEST: ClassVar[tuple[int, int]]  # the smallest window the table is laid out for
    COMPACT_BELOW: ClassVar[tuple[int, int]]  # the compact layout in a window narrower or lower than this
    TALL_FROM: ClassVar[tuple[int, int]]  # large cards from this size
    RESULT_EVENT: ClassVar[type]  # the event that settles a round: the screen holds on its result
    HAND: ClassVar[type[Widget]]  # the widget of the person's hand, which has the focus
    SEAT: ClassVar[type[Seat]]  # the widget of one seat
    WORDS: ClassVar[type]  # the game's words, made for the names, the faces and this seat
    WATCHER_ACTIONS: ClassVar[frozenset[str]]  # what a spectator may do: look, never act
    TELLS_THE_END = False  # does the table itself say how the session ended (so leaving it after reads it)?

    DEFAULT_CSS = """
    TableScreenBase {
        #title-line { height: auto; background: $panel; }
        #title { width: 1fr; height: auto; padding: 0 1; background: $panel; text-style: bold; }
        #clock { width: auto; height: 1; padding: 0 1; background: $panel; }
        #clock.-hurry { background: $error; color: $text; text-style: bold; }
        /* The table's notes at the top right, below the title line, the newest alone in
           sight (a talkative table's lines are in its talk too): never over the banner,
           the hand or the keys at the bottom, however many come at once. */
        #textual-toastrack { dock: top; align: right top; margin-bottom: 0; margin-top: 1; max-height: 40%; }
        #textual-toastrack ToastHolder { display: none; }
        #textual-toastrack ToastHolder:last-child { display: block; }
        #too-small { display: none; width: 100%; height: 1fr; content-align: center middle; text-align: center; }
        &.-too-small {
            .felt-body, TurnBanner { display: none; }
            #too-small { display: block; }
        }
        &.-flash TurnBanner { background: $seat-turn; }
    }
    """

    class Updated(Message):
        """The table moved on: this seat's new view and the events it may see."""

        def __init__(self, update: Update) -> None:
            super().__init__()
            self.update = update

    class Waited(Message):
        """What the table waits for against a clock changed."""

        def __init__(self, waiting: Waiting) -> None:
            super().__init__()
            self.waiting = waiting

    class Closed(Message):
        """The server closed the table; ``words`` say why."""

        def __init__(self, words: str) -> None:
            super().__init__()
            self.words = words

    def __init__(self, client: TableClient) -> None:
        self.watching = client.seat is None  # a spectator: sees what is public, and may not act
        super().__init__(classes="-watching" if self.watching else None)
        self._compositor = BandedCompositor()  # a second of the clock draws two lines, not the table
        self.client = client
        self.seat = client.seat
        self.chair = 0 if self.watching else client.seat  # where the table is seen from: a spectator, seat 0's
        self.rules = client.view.rules
        self.sides = sides(len(client.names), self.chair)
        self.view_ = None  # the view last shown
        self.waiting: deque[Update] = deque()  # updates not shown yet, while the screen holds on
        self.holding: str | None = None  # what it holds on for: "result" (of a round), or what the game adds
        self.offered: tuple = ()  # what the key bar was last drawn for
        self.was_my_turn = False
        self.talked: list[str] = []  # the lines people said at the table, "name: text", for the talk line
        self.result_shown: Screen | None = None  # the round's result on screen, while it is
        self.waited = Waiting()  # what the table waits for against a clock, as last told
        self.waited_at = 0.0  # when that was told, on the app's clock
        self.hurried = False  # has this seat's own clock warned its person this turn?
        self.clock_seat: int | None = None  # the seat whose box shows the seconds left
        self.server = ServerWaits(self, self.say_server_waited)  # the table's answers to this seat, awaited

    def compose(self) -> ComposeResult:
        """The title, the game's felt (``compose_felt``, its outer parts of class
        ``felt-body``), the line for a window too small, the banner and the keys."""
        with Horizontal(id="title-line"):
            yield Label(id="title")
            yield Static(id="clock")
        yield from self.compose_felt()
        yield Static(id="too-small")
        yield TurnBanner(id="banner")
        yield KeyBar()

    def compose_felt(self) -> ComposeResult:
        raise NotImplementedError

    def seat_widgets(self, seats: Iterable[int]) -> Iterator[Seat]:
        """A seat widget for each of ``seats``, in their order, found again by ``seat_widget``."""
        for seat in seats:
            yield self.SEAT(id=f"seat-{seat}")

    def seat_widget(self, seat: int) -> Seat:
        return self.query_one(f"#seat-{seat}", self.SEAT)

    # --- the window's size ---------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self.fit_to(event.size.width, event.size.height)

    def fit_to(self, width: int, height: int) -> None:
        """The layout for a window of this size; below the smallest, a line asking for a larger one."""
        (least_width, least_height), compact, tall = self.SMALLEST, self.COMPACT_BELOW, self.TALL_FROM
        self.set_class(width < least_width or height < least_height, "-too-small")
        self.set_class(width < compact[0] or height < compact[1], "-compact")
        self.set_class(width >= tall[0] and height >= tall[1], "-tall")
        self.lay_out(width, height)
        self.query_one("#too-small", Static).update(Content(
            _("Make the window at least {least_width}×{least_height} to play: it is {width}×{height} now.").format(
                least_width=least_width, least_height=least_height, width=width, height=height)
            + "\n" + self.meanwhile_text()
        ))

    def meanwhile_text(self) -> str:
        """What happens at the table while the window is too small to play at."""
        if not self.app.served:
            return _("The game waits for you; q leaves it, saved.")
        if self.watching:
            return _("The table goes on; q goes back to the lobby.")
        return _("The table does not wait: when your time runs out, a computer player acts for you; "
                 "q goes back to the lobby, your seat kept.")

    def lay_out(self, width: int, height: int) -> None:
        """What else the game's layout needs for this size, once the size classes are set."""

    # --- what the table tells us ---------------------------------------------------------------

    def on_mount(self) -> None:
        self.client.subscribe(
            lambda update: self.post_message(self.Updated(update)),
            lambda message: self.notify(message, severity="error", timeout=NOTE_FOR, markup=False),
            self.heard_said,
            lambda words: self.post_message(self.Closed(words)),
            lambda waiting: self.post_message(self.Waited(waiting)),
        )
        self.wait_for(self.client.waiting)
        if self.app.served:
            self.set_interval(1.0, self.show_clock)
        self.fit_to(self.app.size.width, self.app.size.height)
        if not self.watching:
            self.query_one(self.HAND).focus()
        self.show_update(self.client.opening())
        self.opened()
        self.call_after_refresh(self.app.run_table)  # the session goes on once the table is on screen

    def opened(self) -> None:
        """What the game does once the table shows where the session stands."""

    @on(Updated)
    def take_update(self, message: Updated) -> None:
        if self.holding:
            self.waiting.append(message.update)
            if self.watching and self.holding == "result":
                self.close_result()  # the players have read it: the spectator goes on with them
        else:
            self.show_update(message.update)

    @on(Waited)
    def take_waiting(self, message: Waited) -> None:
        self.wait_for(message.waiting)

    def wait_for(self, waiting: Waiting) -> None:
        """What the table now waits for, shown from now on as its clock runs down."""
        clock = waiting.clock
        if clock is None or self.waited.clock is None or clock.seat != self.waited.clock.seat:
            self.hurried = False
        self.waited, self.waited_at = waiting, time.monotonic()
        self.show_clock()

    def show_clock(self) -> None:
        """The clock as it stands now: on the title line, and on a result being read."""
        text, hurry = self.clock_text(time.monotonic() - self.waited_at)
        line = self.query_one("#clock", Static)
        words = Content(text)
        # A second less mostly leaves the clock as wide as it was: then nothing moves, and
        # the screen is not laid out again (it was, every second at every served table).
        line.update(words, layout=words.cell_length != line.visual.cell_length)
        line.display = bool(text)  # no room taken from the title for nothing
        line.set_class(hurry, "-hurry")
        self.show_seat_clock(time.monotonic() - self.waited_at, hurry)
        if hurry and not self.hurried:
            self.hurried = True
            self.alert_turn()
        if isinstance(self.result_shown, ResultDialog):
            self.result_shown.show_readers(self.readers_text(time.monotonic() - self.waited_at))

    def show_seat_clock(self, since: float, hurry: bool) -> None:
        """The seconds left on the seat to act, at the foot of its box (in red on the
        person's own near the end); nothing on the others."""
        clock = self.waited.clock
        acting = None if clock is None else clock.seat
        if self.clock_seat is not None and self.clock_seat != acting:
            self.mark_seat_clock(self.clock_seat, "", False)
        if acting is not None:
            # TRANSLATORS: the seconds left to act, at the foot of a seat's box ("12 s")
            self.mark_seat_clock(acting, _("{seconds} s").format(seconds=self.seconds_left(since)), hurry)
        self.clock_seat = acting

    def mark_seat_clock(self, seat: int, subtitle: str, hurry: bool) -> None:
        widget = self.seat_widget(seat)
        widget.show_seconds(subtitle)
        widget.set_class(hurry, "-hurry")

    def seconds_left(self, since: float) -> int:
        """Whole seconds left on the clock of the seat to act, ``since`` seconds after it was told."""
        return max(0, math.ceil(self.waited.clock.seconds_left - since))

    def clock_text(self, since: float) -> tuple[str, bool]:
        """The clock's words ``since`` seconds after it was told, and whether it warns this seat's person."""
        clock, reading = self.waited
        if clock is not None:
            left = self.seconds_left(since)
            if clock.seat == self.seat:
                if left <= HURRY_AT:
                    return _("Your turn: {seconds} s, then a computer player acts for you").format(seconds=left), True
                return _("Your turn: {seconds} s left").format(seconds=left), False
            return _("{name}: {seconds} s to act").format(name=self.client.names[clock.seat], seconds=left), False
        if reading is not None:
            waiting_for = names_and([self.client.names[seat] for seat in reading.unread])
            seconds = self.next_hand_in(reading, since)
            if seconds is None:
                return _("Still reading the result: {names}").format(names=waiting_for), False
            return _("Still reading the result: {names} · next hand in {seconds} s").format(
                names=waiting_for, seconds=seconds), False
        return "", False

    def readers_text(self, since: float) -> str:
        """Who has read the result and who has not, and when the next hand starts."""
        reading = self.waited.reading
        if reading is None:
            return ""
        names = self.client.names
        # TRANSLATORS: who is ready when nobody is yet, after "Ready:".
        read = ", ".join(names[seat] for seat in reading.read) or _("nobody yet")
        unread = ", ".join(names[seat] for seat in reading.unread)
        seconds = self.next_hand_in(reading, since)
        if seconds is None:
            return _("Ready: {ready}. Still reading: {reading}.\n"
                     "The next hand starts when everyone is ready.").format(ready=read, reading=unread)
        return _("Ready: {ready}. Still reading: {reading}.\n"
                 "The next hand starts when everyone is ready, or in {seconds} s.").format(
                     ready=read, reading=unread, seconds=seconds)

    @staticmethod
    def next_hand_in(reading, since: float) -> int | None:
        """In how many seconds the next hand starts at the latest; None when it has no limit."""
        if reading.seconds_left is None:
            return None
        return max(0, math.ceil(reading.seconds_left - since))

    @on(Closed)
    def table_closed(self, message: Closed) -> None:
        """The table is over.  When its session ended, the result and the end are shown
        as they came (and leaving them leads to the lobby); otherwise the person is told
        why, and goes back to the lobby."""
        if self.client.is_over:
            return
        self.app.to_lobby()
        self.app.notify(message.words[:1].upper() + message.words[1:] + ".", severity="warning", timeout=10,
                        markup=False)

    def close_result(self) -> None:
        """Take the round's result off the screen, as if read (a spectator's, once the
        table goes on); left alone if the person has opened something over it."""
        shown, self.result_shown = self.result_shown, None
        if shown is not None and self.app.screen is shown:
            shown.dismiss()

    def show_update(self, update: Update) -> None:
        """Show what happened.  When a round has just been settled, the table stays as it
        was at its end, under its result, until the result is read; then the next round
        goes on.  The game may hold on other things likewise (``hold_for``)."""
        if update.round_end is not None:
            settled_at = max(at for at, event in enumerate(update.events) if isinstance(event, self.RESULT_EVENT))
            self.record(update.events[: settled_at + 1])
            self.waiting.appendleft(update._replace(events=update.events[settled_at + 1:], round_end=None))
            self.holding = "result"
            self.view_ = update.round_end
            self.redraw()
            self.result_shown = self.show_result(update.events[settled_at], update.round_end, last=update.over)
            return
        self.record(update.events)
        self.view_ = update.view
        self.holding = self.hold_for(update.events)
        self.redraw()
        self.shown(update)

    def hold_for(self, events: tuple[Event, ...]) -> str | None:
        """What, of these events just shown, the screen holds on until a key (None: nothing)."""
        return None

    def shown(self, update: Update) -> None:
        """What the game does once an update is on the table."""

    def go_on(self) -> None:
        """Stop holding on: show what came meanwhile, until the next thing to hold on for."""
        self.holding = None
        while self.waiting and not self.holding:
            self.show_update(self.waiting.popleft())
        self.redraw()

    def result_seen(self, _: object = None) -> None:
        """The round's result has been read: the table goes on."""
        self.result_shown = None
        self.go_on()
        self.client.result_read()

    def record(self, events: tuple[Event, ...]) -> None:
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw everything from the last view; called after each update and on a change of faces."""
        if self.view_ is not None:
            self.draw(self.view_)

    def draw(self, view: object) -> None:
        raise NotImplementedError

    def show_result(self, settled: Event, view: object, last: bool) -> ResultDialog:
        """Show a round's result (``settled``, the table as ``view`` at its end; ``last``:
        the session is over); ``result_seen`` once it is read.  The dialog shown."""
        raise NotImplementedError

    @property
    def words(self):
        """The game's words for this seat, in the card faces of the settings."""
        return self.WORDS(self.client.names, self.app.settings.faces, self.seat)

    # --- drawing what the games share ----------------------------------------------------------

    def turn_shown(self, my_turn: bool) -> None:
        """The turn as now drawn: the bell or a flash when it has just become this seat's."""
        if my_turn and not self.was_my_turn:
            self.alert_turn()
        self.was_my_turn = my_turn

    def alert_turn(self) -> None:
        """The bell, or a flash of the banner, when it becomes this seat's turn (as the settings say)."""
        alert = self.app.settings.turn_alert
        if alert == "bell":
            self.app.bell()
        elif alert == "flash":
            self.add_class("-flash")
            self.set_timer(FLASH_FOR, lambda: self.remove_class("-flash"))

    def result_text(self, number: int) -> str:
        """The banner's line while a round's result is shown: a spectator is not asked to read it."""
        if self.watching:
            return _("Watching: hand {number} is over; the players read its result.").format(number=number)
        return _("Hand {number} is over: read the result, then Enter.").format(number=number)

    def turn_text(self, turn: str) -> str:
        """The banner's line for whose turn it is, said as watched to a spectator
        ("Watching: the hand is over.", "Watching: Mia is thinking…")."""
        if not self.watching:
            return turn
        # TRANSLATORS: the banner's line to a spectator; {turn} is whose turn it is, as "Mia is thinking…".
        return _("Watching: {turn}").format(turn=turn[0].lower() + turn[1:] if turn.startswith("The ") else turn)

    def end_text(self) -> str:
        """The banner's line once the session is over: where q goes."""
        if self.app.served:
            return _("The session is over: q goes back to the lobby.")
        return _("The session is over: q leaves.")

    def offer(self, offered: tuple) -> None:
        """The key bar for what can be done now: redrawn only when that changes."""
        if offered != self.offered:
            self.offered = offered
            self.refresh_bindings()

    # --- the person's choices ------------------------------------------------------------------

    def palette(self) -> tuple[tuple[str, str, str], ...]:
        """The table's entries in the command palette (``N_()`` texts): the game's, then leaving."""
        if self.app.served:
            leaving = N_("Back to the lobby") if self.watching else N_("Back to the lobby; your seat is kept")
        else:
            leaving = N_("Quit") if self.watching else N_("Quit; the game is saved and resumes next time")
        giving_up = (GIVE_UP_PALETTE,) if self.app.served and not self.watching and not self.client.is_over else ()
        return (*self.PALETTE, (N_("Leave the table"), leaving, "quit_table"), *giving_up)

    def give_up_question(self) -> str:
        """What giving up the seat does, as the hub does it."""
        if self.client.alone:
            return _("Give up your seat? You are the only person at this table: it closes, "
                     "and you go back to the lobby.")
        return _("Give up your seat for good? A computer player takes it over for the rest of the "
                 "session, and you cannot sit down at this table again (you may watch it from the lobby).")

    @work
    async def action_give_up_seat(self) -> None:
        """Give the seat up at the server, after asking; then the lobby."""
        from .confirm import ConfirmScreen

        if await self.app.push_screen_wait(ConfirmScreen(self.give_up_question(), yes=_("Give it up"), no=_("Stay"))):
            self.client.give_up()
            self.app.to_lobby()

    def binding_description(self, binding: Binding) -> str:
        """The key bar's words for a key (an ``N_()`` text, translated by the key bar): at a
        server's table, q goes back to the lobby."""
        if binding.action == "quit_table" and self.app.served:
            return N_("Lobby")
        return binding.description

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A spectator's keys are only those that change nothing at the table; a player's,
        what the game offers now (``check_player_action``).  Talking is for a server's
        tables, and there the server sets the computer players' pace."""
        if action == "talk":
            return self.client.talks
        if action == "pace" and self.app.served:
            return False
        if action == "give_up_seat":
            return self.app.served and not self.watching
        if action == "no_hint":
            return not self.watching and not self.hints_offered()
        if self.watching:
            return action in self.WATCHER_ACTIONS
        return self.check_player_action(action, parameters)

    def check_player_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        raise NotImplementedError

    def hints_offered(self) -> bool:
        """Hints only when the settings ask for them and nobody else at the table is a person."""
        return self.app.settings.hints and self.client.alone

    def action_no_hint(self) -> None:
        """``t`` with no hints offered says why, and where they are turned on."""
        if not self.client.alone:
            reason = _("No hints here: they are only for a game alone against computer players.")
        else:
            reason = _("Hints are off: turn them on in the settings (F2 Settings, Hints).")
        self.query_one(TurnBanner).say(reason, yours=False)

    def submit(self, action: object) -> None:
        """Send the action; the table's answer is awaited apart, so that every key is
        handled meanwhile (``sent``)."""
        self.run_worker(self.sent(action), group="actions")

    async def sent(self, action: object) -> None:
        """The action, taken by the table; a refusal is said in the banner, in the engine's
        own words, the other seats by their players' names — unless the session ended while
        the action was on its way, when the banner keeps saying where q goes."""
        try:
            await self.server.answer(self.client.send(action))
        except IllegalAction as refusal:
            if not self.client.is_over:
                self.query_one(TurnBanner).refuse(self.refusal_words(refusal))

    def refusal_words(self, refusal: IllegalAction) -> str:
        """The refusal as the banner says it: a game's screen says its own refusals in the
        reader's language; the table's are said in English."""
        return as_sentence(refusal.for_you(self.app.settings.faces, self.client.names))

    def say_server_waited(self, waited: bool) -> None:
        """The banner says the table waits for the server while an answer is slow; then
        it says again what it said."""
        if waited:
            self.query_one(TurnBanner).say(_(WAITING_WORDS), yours=False)
        else:
            self.redraw()

    def action_pace(self, step: int) -> None:
        """The computer players' pace, a notch slower (+1) or faster (-1) among those the
        settings offer, kept in the settings."""
        from .settings import PACES  # the settings' screen loads only when asked for

        nearest = min(range(len(PACES)), key=lambda place: abs(PACES[place][0] - self.app.pace))
        seconds, label = PACES[max(0, min(len(PACES) - 1, nearest + step))]
        self.app.set_pace(seconds)
        self.notify(_("The computer players' pace: {pace} ({seconds} s a card).").format(pace=_(label), seconds=f"{seconds:g}"),
                    timeout=3, markup=False)

    # --- talking at a server's table --------------------------------------------------------------

    def heard_said(self, name: str, text: str) -> None:
        """A line said at the table (by anyone, oneself too): kept for the talk line, and
        shown as a note (the table talk, where the window has it, shows it too)."""
        self.talked.append(f"{name}: {text}")
        self.notify(text, title=name, timeout=NOTE_FOR, markup=False)
        self.said_at_table(name, text)

    def said_at_table(self, name: str, text: str) -> None:
        """What else the game's screen shows of a line said (its table talk)."""

    def action_talk(self) -> None:
        from .talk import TalkScreen

        self.app.push_screen(TalkScreen(self.talked), self._say)

    @work(group="talk")
    async def _say(self, line: str | None) -> None:
        if line is None:
            return
        try:
            await self.server.answer(self.client.say(line))
        except TalkRefused as refusal:
            self.notify(str(refusal), severity="warning", timeout=6, markup=False)

    def action_rules(self) -> None:
        from .rules_help import RulesScreen

        self.app.push_screen(RulesScreen(self.rules_markdown()))

    def rules_markdown(self) -> str:
        """The rules as played at this table, in Markdown."""
        raise NotImplementedError

    @work
    async def action_quit_table(self) -> None:
        """Leave, asking first while the session goes on (it is saved); a spectator at once.
        At a server's table: back to its lobby, the seat kept."""
        from .confirm import ConfirmScreen

        if self.app.served:
            if self.watching or self.client.is_over or await self.app.push_screen_wait(
                    ConfirmScreen(_(LOBBY_QUESTION), yes=_("Lobby"), no=_("Stay"))):
                self.app.to_lobby()
            return
        if self.watching:
            self.app.exit()
            return
        if self.client.is_over:
            if self.TELLS_THE_END:
                self.app.session_result_read()
            self.app.exit()
            return
        if await self.app.push_screen_wait(ConfirmScreen(_(LEAVE_QUESTION), yes=_("Leave"), no=_("Stay"))):
            self.app.exit()


class ResultDialog(Dialog[None]):
    """A round's result over the table: its own keys go on; ``q`` does what it does at the
    table (leave, asking a player first), so that nobody is kept at a result."""

    BINDINGS = [Binding("q", "leave_table", N_("Leave"), id="result.leave")]

    def on_mount(self) -> None:
        """At a server's table, a line under the result for who has read it."""
        if self.app.served:
            buttons = self.query(".box Button")
            self.query_one(".box").mount(Static(id="readers"), before=buttons.first() if buttons else None)

    def show_readers(self, text: str) -> None:
        """Who has read the result and who has not, and when the next hand starts."""
        for line in self.query("#readers").results(Static):
            line.update(Content(text))

    async def action_leave_table(self) -> None:
        table = next(screen for screen in reversed(self.app.screen_stack) if isinstance(screen, TableScreenBase))
        await table.run_action("quit_table")
