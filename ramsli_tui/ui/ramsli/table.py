"""The table: the other players seated round the felt, the trick in the middle, your hand below.

Seats sit as at a card table (``seating.sides``): the player after you at your left,
the others across, the last at your right, each played card in front of the seat
that played it.  The screen draws only what the table hands it — this seat's view and
the events it may see, through its client — and sends the person's choices back the
same way.  Whose turn it is shows three ways at once: the ``▶`` and double border on
that seat, the banner line, and (when it is yours) legal cards marked in your hand.  A
refused card is explained in the banner in the engine's own words.

It lays itself out for the window: ``-compact`` seats and cards below 80×24,
``-tall`` large cards from 34 rows, the table talk beside it from 110 columns,
``-huge`` from 160×45 larger cards still, wider seats and talk, and the table no wider
than it needs, in the middle of the room beside the talk; below 60×20 a line asking for
a larger window instead of a table cut in half.

What a player at a card table expects: the last trick shown again on request (``l``,
or a click on the trick), a pause after each trick until space or Enter when the settings
ask for it, the rest of a hand played out at once when out of it (``f``), the pace changed
at the table (``+``/``-``), a hint when playing alone (``t``, if the settings offer it),
and the bell or a flash when it becomes your turn.  What every game's table does alike
(the sizes, the queue of updates, the pace, the turn's signal, the palette) is
``TableScreenBase``'s; this screen draws Ramsli's felt and plays Ramsli.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.content import Content
from textual.events import Key
from textual.widgets import Label, Static

from ...cards import Card
from ...games.ramsli.engine import (
    CARDS_PER_HAND,
    GENERAL_RAMS,
    IN,
    NAP,
    OUT,
    PASS,
    TRICKS_PER_HAND,
    Action,
    Event,
    Phase,
    RamsliView,
)
from ...games.ramsli.engine.events import CardPlayed, HandSettled, HandStarted, SeatsLeft, SessionEnded, TrickWon
from ...table.client import TableClient
from ...text import for_terminal
from ...table.updates import Update
from ..common.table_base import NO_HINT_BINDING, PACE_BINDINGS, TALK_BINDING, TableScreenBase
from .chronicle import Chronicle
from ..messages import ActionChosen, CardChosen, CardRaised
from .actions import ActionBar
from ..widgets.banner import TurnBanner
from ..widgets.game_log import LOG_WIDTH, GameLog
from .hand import HandView
from .pot import PotPanel
from .seat import RamsliSeat, RamsliSeatState
from .trick import TrickArea
from .rules_help import rules_markdown
from .words import Forms, RamsliWords, sort_hand
from ...languages import N_, _, ngettext, pgettext
from ...games.ramsli.engine.actions import Refusal
from ...games.protocol import IllegalAction

PLAY_KEYS = Binding.Group(N_("Play"), compact=True)
PLAY_CARD = (N_("Play card 1"), N_("Play card 2"), N_("Play card 3"), N_("Play card 4"), N_("Play card 5"))
MIN_WIDTH, MIN_HEIGHT = 60, 20  # the smallest window the table is laid out for
WIDE_FROM = 110  # the table talk beside the table from this width
HUGE_FROM = (160, 45)  # the largest cards, wider seats and talk, from this size
SIDE_WIDTH, COMPACT_SIDE_WIDTH, HUGE_SIDE_WIDTH = 22, 14, 28  # the felt's side columns
ACROSS_SEAT_WIDTH = 26  # the most columns a seat across the table takes
GO_ON_KEYS = ("space", "enter")  # the keys that end the pause after a trick
HUGE_LOG_WIDTH = 48  # the table talk's columns in a huge window
TRICK_WIDTH = 56  # the middle of the felt's columns, for the trick, where the seats across need fewer


class RamsliTableScreen(TableScreenBase):
    """One session of Ramsli at the table, for the person at the client's seat."""

    PALETTE = (
        (N_("Trick history"), N_("Every trick of this hand and the earlier ones"), "history"),
        (N_("Scoreboard"), N_("Hand by hand results and the stacks over the session"), "scoreboard"),
        (N_("Rules help"), N_("The rules as played at this table"), "rules"),
    )
    SMALLEST = (MIN_WIDTH, MIN_HEIGHT)
    COMPACT_BELOW = (80, 24)  # two-line seats and no pot card in a window narrower or lower than this
    TALL_FROM = (100, 34)  # large cards from this size
    RESULT_EVENT = HandSettled
    HAND = HandView
    SEAT = RamsliSeat
    WORDS = RamsliWords
    WATCHER_ACTIONS = frozenset({"last_trick", "history", "scoreboard", "rules", "quit_table"})

    DEFAULT_CSS = """
    RamsliTableScreen {
        background: $background;
        #title { color: $text; }
        #room { height: 1fr; }
        #play { width: 1fr; }
        #felt-room { height: 1fr; align: center middle; }
        #felt { layout: grid; grid-size: 3 2; grid-rows: auto auto; height: auto; }  /* columns: fit_to */
        #across { height: auto; align-horizontal: center; }
        #corner { height: auto; padding: 0 1; }
        .side { height: auto; }
        #trick-place { height: auto; align-horizontal: center; }
        #across RamsliSeat { min-width: 10; }
        PotPanel { width: 100%; }
        #mine { height: auto; }
        #mine RamsliSeat { margin-top: 1; }
        GameLog { display: none; }
        &.-wide GameLog { display: block; }
        &.-tall {
            CardWidget { width: 7; height: 5; }
        }
        &.-huge {
            CardWidget { width: 9; height: 7; }
            #trick-caption { height: 7; }
        }
        &.-compact {
            RamsliSeat { height: 2; border: none; background: $panel; }
            RamsliSeat.-turn { border: none; text-style: reverse; }  /* told apart in every colour system */
            PotPanel { border: none; padding: 0; }
            PotPanel #turn-up-label { display: none; }
            #corner { visibility: hidden; }  /* it keeps its grid cell */
            #mine RamsliSeat { margin-top: 0; }
            HandView CardWidget { margin: 0 1 0 0; }
            HandView CardWidget.-selected { offset: 0 0; }
            ActionBar { padding: 0 0 0 1; }
            ActionBar Button { width: auto; min-width: 9; }
        }
        &.-watching {
            HandView, ActionBar { display: none; }
        }
    }
    """

    BINDINGS = [
        # TRANSLATORS: the key bar's words for declaring in («dedans», „rein“, «entro») and out; keep them short
        Binding("i", "act('in')", N_("In"), id="table.in"),
        Binding("o", "act('out')", N_("Out"), id="table.out"),
        # TRANSLATORS: the key bar's word for announcing General Rams; keep it short
        Binding("g", "act('general_rams')", N_("Rams"), id="table.general_rams"),
        Binding("p", "act('pass')", N_("Pass"), id="table.pass"),
        *(
            Binding(str(n), f"number({n})", PLAY_CARD[n - 1], group=PLAY_KEYS, id=f"table.card_{n}")
            for n in range(1, CARDS_PER_HAND + 1)
        ),
        Binding("space", "go_on", N_("Go on"), id="table.go_on"),
        Binding("f", "finish_hand", N_("Finish hand"), id="table.finish_hand"),
        Binding("t", "hint", N_("Hint"), id="table.hint"),
        NO_HINT_BINDING,
        TALK_BINDING,
        Binding("q", "quit_table", N_("Quit"), id="table.quit"),
        Binding("l", "last_trick", N_("Last trick"), id="table.last_trick"),
        Binding("h", "history", N_("History"), id="table.history"),
        Binding("s", "scoreboard", N_("Scores"), id="table.scoreboard"),
        Binding("question_mark", "rules", N_("Rules"), key_display="?", id="table.rules"),
        *PACE_BINDINGS,
    ]

    def __init__(self, client: TableClient, raised: str | None = None) -> None:
        """``raised``: the code of the card the person had raised when the session was left."""
        super().__init__(client)
        self.raised = raised
        self.chronicle = Chronicle(tuple([self.rules.starting_chips] * len(client.names)))
        self.view_: RamsliView | None = None
        self.trick_on_table: TrickWon | None = None  # the finished trick left in view until the next card
        self.showing_last_trick = False  # the person asked to see the last trick again

    # --- building ---------------------------------------------------------------------------

    def compose_felt(self) -> ComposeResult:
        left, across, right = self.sides
        with Horizontal(id="room", classes="felt-body"):
            with Vertical(id="play"):
                with Container(id="felt-room"), Container(id="felt"):
                    yield PotPanel()
                    with Horizontal(id="across"):
                        yield from self.seat_widgets(across)
                    yield Static(id="corner")
                    with Vertical(classes="side"):
                        yield from self.seat_widgets(left)
                    with Container(id="trick-place"):
                        yield TrickArea(self.sides, self.chair)
                    with Vertical(classes="side"):
                        yield from self.seat_widgets(right)
                with Horizontal(id="mine"):
                    yield from self.seat_widgets([self.chair])
                    yield HandView(CARDS_PER_HAND, id="hand")
                    yield ActionBar(self.rules)
            yield GameLog(id="log")

    def size_across(self, felt: int) -> None:
        """The seats across the table and their places in the trick share the middle of the
        felt (``felt`` columns wide) evenly, up to a seat's usual width, so that each card
        lies below its seat."""
        across = self.sides.across
        if not across:
            return
        middle = felt - 2 * self.side_width()
        each = max(min(ACROSS_SEAT_WIDTH, middle // len(across)), 8)
        for seat in across:
            self.seat_widget(seat).styles.width = each
        for place in self.query_one(TrickArea).query(".place"):
            place.styles.width = each

    def lower_the_sides(self) -> None:
        """The seats at your left and right level with the middle row of the trick, where
        their cards lie: below the row of cards of the seats across, if there are any."""
        compact, tall = self.has_class("-compact"), self.has_class("-tall")
        card, seat = (7 if self.has_class("-huge") else 5 if tall else 3), (2 if compact else 5)
        above = card if self.sides.across else 0
        for side in self.query(".side"):
            side.styles.margin = (max(above + (card - seat) // 2, 0), 0, 0, 0)

    def side_width(self) -> int:
        """The columns of the felt at each side: the seats at your left and right, the pot."""
        if self.has_class("-huge"):
            return HUGE_SIDE_WIDTH
        return COMPACT_SIDE_WIDTH if self.has_class("-compact") else SIDE_WIDTH

    def felt_width(self, room: int) -> int:
        """The felt's columns in ``room`` columns: all of them, but no more than its sides,
        the seats across at their usual width and the trick need."""
        needed = 2 * self.side_width() + max(len(self.sides.across) * ACROSS_SEAT_WIDTH, TRICK_WIDTH)
        return min(room, needed)

    def log_width(self) -> int:
        """The table talk's columns beside the table."""
        return HUGE_LOG_WIDTH if self.has_class("-huge") else LOG_WIDTH

    def lay_out(self, width: int, height: int) -> None:
        """The table talk beside the table in a wide window, the largest cards in a huge
        one; the felt's columns for this width, in the middle of its room, and your seat
        and hand below its left edge."""
        self.set_class(width >= WIDE_FROM, "-wide")
        self.set_class(width >= HUGE_FROM[0] and height >= HUGE_FROM[1], "-huge")
        side = self.side_width()
        room = width - (self.log_width() if self.has_class("-wide") else 0)
        felt = self.felt_width(room)
        self.query_one("#felt").styles.grid_columns = f"{side} 1fr {side}"
        self.query_one("#felt").styles.width = felt
        self.query_one("#mine").styles.padding = (0, 0, 0, (room - felt) // 2)  # under the felt, centred
        self.seat_widget(self.chair).styles.width = side
        self.query_one(GameLog).styles.width = self.log_width()
        self.size_across(felt)
        self.lower_the_sides()

    def opened(self) -> None:
        """The card the person had raised when the session was left, raised again."""
        if self.raised is not None:
            self.query_one(HandView).raise_card(Card.from_code(self.raised))

    # --- what the table tells us ---------------------------------------------------------------

    def hold_for(self, events: tuple[Event, ...]) -> str | None:
        """When the person asked to look at each finished trick until a key, a trick they played to."""
        if self.app.settings.trick_pause == "until_key" and self.took_part_in_a_trick(events):
            return "trick"
        return None

    def shown(self, update: Update) -> None:
        """The session's result, once the update that ends it is on the table."""
        ended = next((event for event in update.events if isinstance(event, SessionEnded)), None)
        if ended is not None:
            self.show_session_over(ended)

    def took_part_in_a_trick(self, events: tuple[Event, ...]) -> bool:
        """Was a trick finished that this seat played a card to?"""
        return any(isinstance(event, TrickWon) and any(seat == self.seat for seat, _card in event.plays)
                   for event in events)

    def record(self, events: tuple[Event, ...]) -> None:
        """Log the events, keep the chronicle, and keep the last finished trick on the table.
        Players leaving the table are told in a notice too: narrow screens show no log."""
        words = self.words
        for event in events:
            if isinstance(event, (CardPlayed, HandStarted)):  # a new card, or a new hand, covers it
                self.trick_on_table = None
            elif isinstance(event, TrickWon):
                self.trick_on_table = event
            elif isinstance(event, SeatsLeft):
                self.notify(words.event(event), timeout=8, markup=False)
        self.query_one(GameLog).tell(events, words)
        self.chronicle.record(events)

    def said_at_table(self, name: str, text: str) -> None:
        self.query_one(GameLog).said(name, text)

    def draw(self, view: RamsliView) -> None:
        words = self.words
        faces = self.app.settings.faces
        dealer = self.client.names[view.dealer]
        # TRANSLATORS: the table's title line; {rules} the ruleset's name, {dealer} a player's name
        title = _("Ramsli · {rules} · hand {number} · dealer {dealer} · trump {suit}").format(
            rules=view.rules.name, number=view.number, dealer=dealer, suit=words.suit(view.trump))
        self.query_one("#title", Label).update(Content(for_terminal(title)))
        over = self.holding == "result"
        for seat in range(view.players):
            self.seat_widget(seat).state = self.seat_state(view, seat, over)
        self.draw_trick(view, words)
        self.query_one(GameLog).follow(words)
        self.draw_pot(view, words)
        my_turn = view.my_turn and not self.holding
        legal_cards = frozenset(action.card for action in view.legal if action.kind == "play")
        hand = view.hand
        if over:  # the view is from before the last card: leave out what has been played since
            played = {card for trick in self.chronicle.hands[-1].tricks for _, card in trick.plays}
            hand = tuple(card for card in hand if card not in played)
        hand_view = self.query_one(HandView)
        hand_view.second_click = self.app.settings.second_click
        hand_view.show(sort_hand(hand, view.trump), legal_cards, my_turn and view.phase is Phase.PLAY, faces)
        hand_view.set_class(not self.watching and view.declarations[self.seat] is False, "-sitting-out")
        self.query_one(ActionBar).show(view.legal if my_turn else ())
        self.query_one(TurnBanner).say(self.banner_text(view, words), yours=my_turn)
        self.turn_shown(my_turn)
        self.offer((my_turn, self.holding, view.phase, self.sitting_out(view),
                    frozenset(action.kind for action in view.legal)))

    def banner_text(self, view: RamsliView, words: RamsliWords) -> str:
        if self.holding == "result":
            return self.result_text(view.number)
        if self.client.is_over:
            return self.end_text()
        if self.holding == "trick":
            # TRANSLATORS: {trick} who took the trick ("Anna takes trick 2.")
            return _("{trick} Press space to go on.").format(trick=words.event(self.trick_on_table))
        if self.sitting_out(view) and not view.my_turn:
            # TRANSLATORS: {turn} whose turn it is ("Anna is thinking…")
            return _("You sit this hand out: {turn} (f finishes the hand at once)").format(turn=words.turn(view))
        return self.turn_text(words.turn(view))

    def draw_pot(self, view: RamsliView, words: RamsliWords) -> None:
        undealt = len(view.rules.cards()) - CARDS_PER_HAND * len(view.seated) - 1 - len(view.set_aside)
        pot = self.query_one(PotPanel)
        pot.border_title = _("Hand {number}").format(number=view.number)
        pot.tooltip = ngettext(
            "The turned-up card names trumps. The pot goes to whoever takes the most tricks. "
            "{count} card is not dealt this hand; nobody plays it.",
            "The turned-up card names trumps. The pot goes to whoever takes the most tricks. "
            "{count} cards are not dealt this hand; nobody plays them.", undealt).format(count=undealt)
        # TRANSLATORS: the pot panel's lines, beside the card turned up: 14 columns at most
        lines = [_("Pot {chips}").format(chips=view.pot),
                 ngettext("{count} undealt", "{count} undealt", undealt).format(count=undealt)]
        pot.show(view.turn_up, self.app.settings.faces, lines)
        announcement = self.announcement_text(view, words)
        self.query_one("#corner", Static).update(Content.styled(announcement, "bold $accent"))

    def seat_state(self, view: RamsliView, seat: int, over: bool) -> RamsliSeatState:
        return seat_state(view, seat, self.client.names[seat], over)

    @staticmethod
    def seat_status(view: RamsliView, seat: int) -> str:
        """What a seat's line says of it: left, its announcement, deciding, in or out
        (TRANSLATORS: a seat's status, 9 columns at most)."""
        if seat not in view.seated:
            return pgettext("seat", "left")
        if view.announcement and view.announcement[0] == seat:
            kind, target = view.announcement[1:]
            return pgettext("seat", "G.Rams!") if kind == "general_rams" else _("Nap {target}").format(target=target)
        declared = view.declarations[seat]
        if declared is None:
            return pgettext("seat", "deciding…") if seat == view.current_seat else ""
        return pgettext("seat", "in") if declared else pgettext("seat", "out")

    @staticmethod
    def cards_left(view: RamsliView, seat: int) -> int:
        if seat not in view.seated or view.declarations[seat] is False:
            return 0
        played = sum(1 for trick in view.tricks for player, _ in trick.plays if player == seat)
        return CARDS_PER_HAND - played

    def sitting_out(self, view: RamsliView) -> bool:
        """Is this seat out of a hand still being played?"""
        return not self.watching and view.declarations[self.seat] is False and view.phase is not Phase.SETTLED

    def last_trick(self) -> TrickWon | None:
        """The last finished trick of the session, as this seat saw it."""
        return next((hand.tricks[-1] for hand in reversed(self.chronicle.hands) if hand.tricks), None)

    def draw_trick(self, view: RamsliView, words: RamsliWords) -> None:
        area = self.query_one(TrickArea)
        faces = self.app.settings.faces
        trick = view.current_trick
        number = len(view.tricks)
        last = self.last_trick()
        if self.showing_last_trick and last is not None:
            # TRANSLATORS: {trick} who took the last trick ("Anna takes trick 2.")
            caption = _("Last trick: {trick} (l hides it)").format(trick=words.event(last))
            area.show(last.plays, last.seat, caption, faces, finished=True)
        elif self.trick_on_table is not None:
            done = self.trick_on_table
            # TRANSLATORS: {what} who took it ("Anna takes trick 2.")
            caption = _("Trick {number} of {tricks}: {what}").format(
                number=done.trick, tricks=TRICKS_PER_HAND, what=words.event(done))
            area.show(done.plays, done.seat, caption, faces, finished=True)
        elif trick is not None and trick.plays:
            # TRANSLATORS: {what} what was led ("Anna led ♦ diamonds.")
            caption = _("Trick {number} of {tricks}: {what}").format(
                number=number, tricks=TRICKS_PER_HAND, what=words.led(trick.leader, trick.plays[0][1], view.trump))
            area.show(trick.plays, view.winning_seat, caption, faces)
        else:
            area.show([], None, self.empty_trick_caption(view, words, number), faces)

    @staticmethod
    def empty_trick_caption(view: RamsliView, words: RamsliWords, number: int) -> str:
        """What the middle of the table says before a trick's first card."""
        if view.phase is Phase.DECLARE:
            return _("Each player in turn says in or out.")
        if view.phase is Phase.ANNOUNCE:
            return _("Announcements before the first lead.")
        if view.current_seat < 0:
            return ""
        return words.about(view.current_seat, TO_LEAD, number=number)

    @staticmethod
    def announcement_text(view: RamsliView, words: RamsliWords) -> str:
        if not view.announcement:
            return ""
        seat, kind, target = view.announcement
        if kind == "general_rams":
            return _("{name}: General Rams").format(name=words.name(seat))
        return _("{name}: Nap {target}").format(name=words.name(seat), target=target)

    # --- the human's choices ---------------------------------------------------------------

    @on(CardRaised)
    def card_raised(self, message: CardRaised) -> None:
        """The raised card is remembered; a legal one raised takes back a refusal."""
        self.app.card_raised(message.card.code)
        hand = self.query_one(HandView)
        if hand.to_play and message.card in hand.legal:
            self.refusal_withdrawn()

    def refusal_withdrawn(self) -> None:
        """A refusal on the banner gives way to the turn's words again."""
        banner = self.query_one(TurnBanner)
        if banner.has_class("-refused") and self.view_ is not None:
            banner.say(self.banner_text(self.view_, self.words), yours=True)

    @on(CardChosen)
    def play_card(self, message: CardChosen) -> None:
        self.submit(Action.play(message.card))

    @on(ActionChosen)
    def take_action(self, message: ActionChosen) -> None:
        self.submit(message.action)

    def submit(self, action: Action) -> None:
        """An action goes back from the last trick to the trick in play."""
        self.showing_last_trick = False
        super().submit(action)

    def check_player_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the declaring and announcing keys only when the rules offer them now, and the
        other keys of the table only when they can do something.  The card keys always
        work, so that a card pressed at the wrong time is answered in words."""
        view = self.view_
        if view is None:
            return action not in ("act", "go_on", "finish_hand", "hint")
        if action == "act":
            kind = parameters[0]
            return view.my_turn and not self.holding and any(legal.kind == kind for legal in view.legal)
        if action == "number":
            return None if self.holding == "result" else True
        if action == "go_on":
            return self.holding == "trick"
        if action == "finish_hand":
            return self.sitting_out(view) and not self.holding
        if action == "hint":
            return self.hints_offered() and view.my_turn and not self.holding
        return True

    def on_key(self, event: Key) -> None:
        """While the screen holds on a finished trick, space or Enter goes on (Enter plays
        no card then); every other key does what it always does."""
        if self.holding == "trick" and event.key in GO_ON_KEYS:
            event.stop()
            event.prevent_default()
            self.go_on()

    def action_go_on(self) -> None:
        self.go_on()

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

    def action_finish_hand(self) -> None:
        """Out of this hand: see it played out at once, its result shown as usual."""
        self.client.hurry()
        self.query_one(TurnBanner).say(_("The others play the hand out…"), yours=False)

    def action_hint(self) -> None:
        view = self.view_
        if view is None or not view.my_turn or not self.hints_offered():
            return
        from ...games.ramsli import RAMSLI

        advice = RAMSLI.advice(view, view.legal, self.words.card)
        # TRANSLATORS: {reason}: the computer player's advice, in one sentence.
        self.query_one(TurnBanner).say(_("Hint: {reason}").format(reason=advice.reason), yours=True)
        if advice.action.kind == "play":
            self.query_one(HandView).raise_card(advice.action.card)

    def action_last_trick(self) -> None:
        """Show the last finished trick in the middle of the table, or stop showing it."""
        if self.last_trick() is None:
            self.query_one(TurnBanner).say(_("No trick has been played yet."), yours=False)
            return
        self.showing_last_trick = not self.showing_last_trick
        self.redraw()

    @on(TrickArea.Clicked)
    def trick_clicked(self) -> None:
        self.action_last_trick()

    # --- other screens ---------------------------------------------------------------------

    def show_result(self, settled: HandSettled, view: RamsliView, last: bool) -> HandSummaryScreen:
        """The hand's summary; ``last``: the hand ended the session, whose result comes after it."""
        from .hand_summary import HandSummaryScreen

        summary = HandSummaryScreen(settled, self.chronicle, self.words, last)
        self.app.push_screen(summary, self.result_seen)
        return summary

    def result_seen(self, result: object = None) -> None:
        """The summary read, its hand's last trick leaves the table."""
        self.trick_on_table = None
        super().result_seen()

    def show_session_over(self, ended: SessionEnded) -> None:
        from .session_over import SessionOverScreen

        self.app.push_screen(SessionOverScreen(ended, self.chronicle, self.words))

    def action_history(self) -> None:
        from .history import TrickHistoryScreen

        self.app.push_screen(TrickHistoryScreen(self.chronicle, self.words))

    def action_scoreboard(self) -> None:
        from .scoreboard import ScoreboardScreen

        self.app.push_screen(ScoreboardScreen(self.chronicle, self.words))

    def rules_markdown(self) -> str:
        return rules_markdown(self.rules)

    def refusal_words(self, refusal: IllegalAction) -> str:
        """A refusal of Ramsli's rules in the reader's language; the table's own as every game's."""
        if isinstance(refusal, Refusal):
            return self.words.refusal(refusal)
        return super().refusal_words(refusal)


def seat_state(view: RamsliView, seat: int, name: str, over: bool) -> RamsliSeatState:
    """What ``seat``'s box shows, the player called ``name`` (the hand viewer's too);
    ``over``: the hand is over, nobody's turn."""
    declared = view.declarations[seat]
    seated = seat in view.seated
    return RamsliSeatState(
        name=name,
        stack=view.stacks[seat],
        status=RamsliTableScreen.seat_status(view, seat),
        tricks=view.tricks_won[seat],
        cards=RamsliTableScreen.cards_left(view, seat),
        dealer=seat == view.dealer,
        turn=seat == view.current_seat and not over,
        playing=seated and bool(declared),
        out=not seated or declared is False,
    )


TO_LEAD = Forms(N_("You to lead trick {number}."), N_("{name} to lead trick {number}."))
