"""The table: the seats around it, the trick and the pot in the middle, your hand below.

The screen draws only what the table hands it — the human seat's view and the events
that seat may see, through its client — and sends the person's choices back the same way.  Whose turn
it is shows three ways at once: the ``▶`` and double border on that seat, the banner
line, and (when it is yours) legal cards marked in your hand.  A refused card is
explained in the banner in the engine's own words.
"""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Label

from ....cards import Card
from ....games.ramsli.engine import (
    CARDS_PER_HAND,
    GENERAL_RAMS,
    IN,
    NAP,
    OUT,
    PASS,
    TRICKS_PER_HAND,
    Action,
    Event,
    IllegalAction,
    Phase,
    PlayerView,
)
from ....games.ramsli.engine.events import CardPlayed, HandSettled, HandStarted, SeatsLeft, SessionEnded, TrickWon
from ....table.client import TableClient
from ....table.updates import Update
from .chronicle import Chronicle
from ...messages import ActionChosen, CardChosen, CardRaised
from .actions import ActionBar
from ...widgets.banner import TurnBanner
from .game_log import GameLog
from ...widgets.hand import HandView
from ...widgets.key_bar import KeyBar
from ...widgets.pot import PotPanel
from ...widgets.seat import SeatPanel, SeatState
from ...widgets.trick import TrickArea
from .words import Words, sort_hand

PLAY_KEYS = Binding.Group("Play", compact=True)


class TableCommands(Provider):
    """The table's entries in the command palette."""

    COMMANDS = (
        ("Trick history", "Every trick of this hand and the earlier ones", "history"),
        ("Scoreboard", "Hand by hand results and the stacks over the session", "scoreboard"),
        ("Rules help", "The rules as played at this table", "rules"),
        ("Leave the table", "Quit; the game is saved and resumes next time", "quit_table"),
    )

    async def discover(self) -> Hits:
        for title, help_text, action in self.COMMANDS:
            yield DiscoveryHit(title, self._runner(action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, action in self.COMMANDS:
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), self._runner(action), help=help_text)

    def _runner(self, action: str):
        return lambda: self.screen.run_action(action)


class TableScreen(Screen):
    """One session at the table, for the human at seat 0."""

    COMMANDS = {TableCommands}
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    DEFAULT_CSS = """
    TableScreen {
        background: $background;
        #title { width: 1fr; height: 1; padding: 0 1; background: $panel; color: $text; text-style: bold; }
        #opponents { height: auto; }
        #middle { height: 1fr; align-vertical: middle; }
        #mine { height: auto; }
        #seat-0 { width: 24; margin-top: 1; }
        #middle.-round {
            .side { width: 24; }
            #centre { width: 1fr; }
            .side, #centre { height: 100%; align-vertical: middle; }
            PotPanel { width: 1fr; }
        }
        #left { width: 1fr; }
        GameLog { display: none; }
        &.-wide GameLog { display: block; }
        &.-tall CardWidget { width: 7; height: 5; }
        &.-tall TrickArea {
            #trick-cards { min-height: 5; }
            #trick-cards CardWidget { margin-right: 1; }
        }
    }
    """

    BINDINGS = [
        Binding("i", "act('in')", "In", id="table.in"),
        Binding("o", "act('out')", "Out", id="table.out"),
        Binding("g", "act('general_rams')", "Rams", id="table.general_rams"),
        Binding("p", "act('pass')", "Pass", id="table.pass"),
        *(
            Binding(str(n), f"number({n})", f"Play card {n}", group=PLAY_KEYS, id=f"table.card_{n}")
            for n in range(1, CARDS_PER_HAND + 1)
        ),
        Binding("h", "history", "History", id="table.history"),
        Binding("s", "scoreboard", "Scores", id="table.scoreboard"),
        Binding("question_mark", "rules", "Rules", key_display="?", id="table.rules"),
        Binding("q", "quit_table", "Quit", id="table.quit"),
    ]

    class Updated(Message):
        """The table moved on: the human seat's new view and the events it may see."""

        def __init__(self, update: Update) -> None:
            super().__init__()
            self.update = update

    def __init__(self, client: TableClient, raised: str | None = None) -> None:
        """``raised``: the code of the card the person had raised when the session was left."""
        super().__init__()
        self.client = client
        self.raised = raised
        self.rules = client.view.rules
        self.chronicle = Chronicle(tuple([self.rules.starting_chips] * len(client.names)))
        self.view_: PlayerView | None = None
        self.last_trick: TrickWon | None = None
        self.held_back: Update | None = None
        self.offered: tuple = ()

    # --- building ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Three players sit as round a table: the other two at your left and right, the pot
        and the trick between them.  Four to six have the others in a row across the top,
        above the trick and the pot; seats go clockwise from your left either way."""
        players = len(self.client.names)
        yield Label(id="title")
        with Horizontal():
            with Vertical(id="left"):
                if players == 3:
                    with Horizontal(id="middle", classes="-round"):
                        with Vertical(classes="side"):
                            yield SeatPanel(id="seat-1")
                        with Vertical(id="centre"):
                            yield PotPanel()
                            yield TrickArea(players)
                        with Vertical(classes="side"):
                            yield SeatPanel(id="seat-2")
                else:
                    with Horizontal(id="opponents"):
                        for seat in range(1, players):
                            yield SeatPanel(id=f"seat-{seat}")
                    with Horizontal(id="middle"):
                        yield TrickArea(players)
                        yield PotPanel()
                with Horizontal(id="mine"):
                    yield SeatPanel(id="seat-0")
                    yield HandView(CARDS_PER_HAND, id="hand")
                    yield ActionBar(self.rules)
            yield GameLog(id="log")
        yield TurnBanner(id="banner")
        yield KeyBar()

    @property
    def words(self) -> Words:
        return Words(self.client.names, self.app.settings.faces)

    def on_mount(self) -> None:
        self.client.subscribe(
            lambda update: self.post_message(self.Updated(update)),
            lambda message: self.notify(message, severity="error", timeout=8, markup=False),
        )
        self.query_one(HandView).focus()
        self.show_update(self.client.opening())
        if self.raised is not None:
            self.query_one(HandView).raise_card(Card.from_code(self.raised))
        self.call_after_refresh(self.app.run_table)  # the session goes on once the table is on screen

    # --- what the table tells us ---------------------------------------------------------------

    @on(Updated)
    def take_update(self, message: Updated) -> None:
        self.show_update(message.update)

    def show_update(self, update: Update) -> None:
        """Show what happened.  When a hand has just been settled, the table stays as it
        was at the end of that hand, under its summary, until the summary is read; then
        the next hand goes on, or the session's result is shown."""
        if update.round_end is not None:
            settled_at = max(at for at, event in enumerate(update.events) if isinstance(event, HandSettled))
            self.record(update.events[: settled_at + 1])
            self.held_back = update._replace(events=update.events[settled_at + 1:], round_end=None)
            self.view_ = update.round_end
            self.redraw()
            self.show_hand_summary(update.events[settled_at], last=update.over)
            return
        self.record(update.events)
        self.view_ = update.view
        self.redraw()
        ended = next((event for event in update.events if isinstance(event, SessionEnded)), None)
        if ended is not None:
            self.show_session_over(ended)

    def record(self, events: tuple[Event, ...]) -> None:
        """Log the events, keep the chronicle, and keep the last finished trick on the table.
        Players leaving the table are told in a notice too: narrow screens show no log."""
        words = self.words
        for event in events:
            if isinstance(event, (CardPlayed, HandStarted)):  # a new card, or a new hand, covers it
                self.last_trick = None
            elif isinstance(event, TrickWon):
                self.last_trick = event
            elif isinstance(event, SeatsLeft):
                self.notify(words.event(event), timeout=8, markup=False)
        self.query_one(GameLog).tell(events, words)
        self.chronicle.record(events)

    def redraw(self) -> None:
        """Draw everything from the last view; called after each update and on a change of faces."""
        view = self.view_
        if view is None:
            return
        words = self.words
        faces = self.app.settings.faces
        dealer = words.seat(view.dealer)
        self.query_one("#title", Label).update(Content(
            f"Ramsli · {view.rules.name} · hand {view.number} · dealer {dealer} · trump {words.suit(view.trump)}"
        ))
        over = self.held_back is not None
        for seat in range(view.players):
            self.query_one(f"#seat-{seat}", SeatPanel).state = self.seat_state(view, seat, over)
        self.draw_trick(view, words)
        self.query_one(GameLog).follow(words)
        talon = len(view.rules.cards()) - CARDS_PER_HAND * len(view.seated) - 1 - len(view.set_aside)
        pot = self.query_one(PotPanel)
        pot.border_title = f"Hand {view.number}"
        announcement = self.announcement_text(view, words)
        pot.show(view.turn_up, faces, [
            f"Trump {words.suit(view.trump)}",
            f"Pot {words.chips(view.pot)}",
            f"Talon {talon} card{'' if talon == 1 else 's'}",
            *([Content.styled(announcement, "bold $accent")] if announcement else []),
        ])
        my_turn = view.my_turn and not over
        legal_cards = frozenset(action.card for action in view.legal if action.kind == "play")
        hand = view.hand
        if over:  # the view is from before the last card: leave out what has been played since
            played = {card for trick in self.chronicle.hands[-1].tricks for _, card in trick.plays}
            hand = tuple(card for card in hand if card not in played)
        hand_view = self.query_one(HandView)
        hand_view.show(sort_hand(hand, view.trump), legal_cards, my_turn and view.phase is Phase.PLAY, faces)
        hand_view.set_class(view.declarations[self.client.seat] is False, "-sitting-out")
        self.query_one(ActionBar).show(view.legal if my_turn else ())
        banner = f"Hand {view.number} is over: read the result, then Enter." if over else words.turn(view)
        self.query_one(TurnBanner).say(banner, yours=my_turn)
        offered = (my_turn, view.phase, frozenset(action.kind for action in view.legal))
        if offered != self.offered:  # the footer is redrawn only when its keys change
            self.offered = offered
            self.refresh_bindings()

    def seat_state(self, view: PlayerView, seat: int, over: bool) -> SeatState:
        name = "You" if seat == self.client.seat else self.client.names[seat]
        return SeatState(
            name=name,
            stack=view.stacks[seat],
            status=self.seat_status(view, seat),
            tricks=view.tricks_won[seat],
            cards=self.cards_left(view, seat),
            dealer=seat == view.dealer,
            turn=seat == view.current_seat and not over,
        )

    @staticmethod
    def seat_status(view: PlayerView, seat: int) -> str:
        if seat not in view.seated:
            return "left"
        if view.announcement and view.announcement[0] == seat:
            _, kind, target = view.announcement
            return "G.Rams!" if kind == "general_rams" else f"Nap {target}"
        declared = view.declarations[seat]
        if declared is None:
            return "waiting"
        return "in" if declared else "out"

    @staticmethod
    def cards_left(view: PlayerView, seat: int) -> int:
        if seat not in view.seated or view.declarations[seat] is False:
            return 0
        played = sum(1 for trick in view.tricks for player, _ in trick.plays if player == seat)
        return CARDS_PER_HAND - played

    def draw_trick(self, view: PlayerView, words: Words) -> None:
        area = self.query_one(TrickArea)
        faces = self.app.settings.faces
        trick = view.current_trick
        number = len(view.tricks)
        if self.last_trick is not None:
            done = self.last_trick
            plays = [(words.seat(seat), card) for seat, card in done.plays]
            winner = [seat for seat, _ in done.plays].index(done.seat)
            area.border_title = f"Trick {done.trick} of {TRICKS_PER_HAND}"
            area.show(plays, winner, f"{words.event(done)}", faces)
        elif trick is not None and trick.plays:
            plays = [(words.seat(seat), card) for seat, card in trick.plays]
            area.border_title = f"Trick {number} of {TRICKS_PER_HAND}"
            area.show(plays, None, words.led(trick.leader, trick.plays[0][1], view.trump), faces)
        else:
            area.border_title = "The trick"
            caption = {
                Phase.DECLARE: "Each player in turn says in or out.",
                Phase.ANNOUNCE: "Announcements before the first lead.",
            }.get(view.phase, f"{words.seat(view.current_seat)} to lead trick {number}." if view.current_seat >= 0 else "")
            area.show([], None, caption, faces)

    @staticmethod
    def announcement_text(view: PlayerView, words: Words) -> str:
        if not view.announcement:
            return ""
        seat, kind, target = view.announcement
        return f"{words.seat(seat)}: General Rams" if kind == "general_rams" else f"{words.seat(seat)}: Nap {target}"

    # --- the human's choices ---------------------------------------------------------------

    @on(CardRaised)
    def card_raised(self, message: CardRaised) -> None:
        self.app.card_raised(message.card.code)

    @on(CardChosen)
    def play_card(self, message: CardChosen) -> None:
        self.submit(Action.play(message.card))

    @on(ActionChosen)
    def take_action(self, message: ActionChosen) -> None:
        self.submit(message.action)

    def submit(self, action: Action) -> None:
        try:
            self.client.send(action)
        except IllegalAction as refusal:
            reason = refusal.for_you(self.app.settings.faces)
            self.query_one(TurnBanner).refuse(reason[:1].upper() + reason[1:] + ".")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the declaring and announcing keys only when the rules offer them now.  The
        card keys always work, so that a card pressed at the wrong time is answered in words."""
        view = self.view_
        if action == "act":
            kind = parameters[0]
            return view is not None and view.my_turn and any(legal.kind == kind for legal in view.legal) \
                and self.held_back is None
        return True

    def action_act(self, kind: str) -> None:
        actions = {"in": IN, "out": OUT, "general_rams": GENERAL_RAMS, "pass": PASS}
        self.submit(actions[kind])

    def action_number(self, number: int) -> None:
        """1–5 play the n-th card from the left; while bidding Nap, 2–5 name the target."""
        view = self.view_
        if view is not None and view.phase is Phase.ANNOUNCE:
            if number in NAP:
                self.submit(NAP[number])
            return
        self.query_one(HandView).choose(number - 1)

    # --- other screens ---------------------------------------------------------------------

    def show_hand_summary(self, settled: HandSettled, last: bool) -> None:
        """``last``: the hand ended the session, whose result comes after the summary."""
        from .hand_summary import HandSummaryScreen

        def seen(_: object = None) -> None:
            held, self.held_back = self.held_back, None
            self.last_trick = None
            self.show_update(held)
            self.client.result_read()

        self.app.push_screen(HandSummaryScreen(settled, self.chronicle, self.words, last), seen)

    def show_session_over(self, ended: SessionEnded) -> None:
        from .session_over import SessionOverScreen

        self.app.push_screen(SessionOverScreen(ended, self.chronicle, self.words))

    def action_history(self) -> None:
        from .history import TrickHistoryScreen

        self.app.push_screen(TrickHistoryScreen(self.chronicle, self.words))

    def action_scoreboard(self) -> None:
        from .scoreboard import ScoreboardScreen

        self.app.push_screen(ScoreboardScreen(self.chronicle, self.words))

    def action_rules(self) -> None:
        from .rules_help import RulesHelpScreen

        self.app.push_screen(RulesHelpScreen(self.rules))

    @work
    async def action_quit_table(self) -> None:
        if self.client.is_over:
            self.app.exit()
            return
        from ..common.confirm import ConfirmScreen

        question = "Leave the table? The game is saved: start ramsli again to go on where you left off."
        if await self.app.push_screen_wait(ConfirmScreen(question, yes="Leave", no="Stay")):
            self.app.exit()
