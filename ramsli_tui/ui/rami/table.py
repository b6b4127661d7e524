"""The Rami Simple table: the others round the piles, your hand below, kept your way.

Seats sit as at a card table (``seating.sides``): one against one the other across, two
against two your partner across and the opponents at your left and right.  In the
middle lie the talon (its count), the jetée's top card and, during the first round, the
tournante.  The screen draws only what the table hands it — this seat's view and the
events it may see, through its client — and sends the person's choices back the same
way; a refusal is said in the banner in the engine's own words.

The hand is the person's to arrange (``RamiHand``): sorted by suit (u) or rank (k),
a card moved with shift+←/→, ``[``/``]`` or the mouse, laid out in melds on request (m).
"Go out" (g or o) is offered only when the solver finds a way, and sends that way.  When
a hand ends, the going-out's melds are laid on the table in the round's result, and the
screen holds on that hand until it is read.  Below 100×30 the seats shrink and the
cards close up (``-compact``); below 80 columns the cards narrow to four columns, the
seats and piles too (``-narrow``); from 120×36 the cards are large (``-tall``), from
160×45 larger still (``-huge``), each only where it still fits beside the log; below
60×20 a line asks for a larger window.  The banner takes a second line for a long
sentence, what happened under the piles shows the newest lines that fit whole, and the
title leaves out the ruleset and the dealer where the scores would not fit.  From 130
columns the log (``game_log``) stands beside the table; in any window ``h`` shows it on
its own screen.  When the settings offer hints and nobody else at the table is a
person, ``t`` says what the normal computer player would do, and why.  What every
game's table does alike (the sizes, the
queue of updates, the pace at the table, the turn's signal, the palette) is
``TableScreenBase``'s.
"""

from __future__ import annotations

import textwrap
from collections import deque

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from ...games.protocol import IllegalAction
from ...games.rami.engine import Action, Phase, RamiView, Refusal
from ...languages import N_, _, ngettext
from ...games.rami.engine.events import Event, HandScored
from ...table.client import TableClient
from ...text import for_terminal
from ..messages import CardChosen
from ..widgets.banner import TurnBanner
from ..common.table_base import NO_HINT_BINDING, PACE_BINDINGS, TALK_BINDING, TableScreenBase, as_sentence
from ..widgets.game_log import LOG_WIDTH
from .arrangement import best_melds, by_rank, by_suit
from .game_log import RamiLog, RamiLogScreen
from .card import NARROW_BELOW
from .hand import RamiHand
from .piles import Pile, Piles
from .refusals import said_to_you
from .rules_help import rules_markdown
from .seat import RamiSeat, RamiSeatState
from .words import RamiWords

# TRANSLATORS: the buttons under the Rami hand, side by side in one row: keep them short.
BUTTONS = ((N_("By suit"), "sort-suit"), (N_("By rank"), "sort-rank"), (N_("◀ Move"), "move-left"),
           (N_("Move ▶"), "move-right"), (N_("Melds"), "melds"), (N_("Go out"), "go-out"))
SAID_LINES = 3  # the rows for the last things that happened, under the piles (two in a smaller window)
WIDE_FROM = 130  # the log beside the table from this width (the hand keeps 96 columns)
HUGE_FROM = (160, 45)  # larger cards still from this size (beside the log, from 160 columns more)


class RamiTableScreen(TableScreenBase):
    """One game of Rami Simple, for the person at the client's seat."""

    PALETTE = (
        (N_("Log"), N_("Every draw and discard you have seen, and what the others hold for sure"), "log"),
        (N_("Score sheet"), N_("Each hand's points and the sides' scores"), "score_sheet"),
        (N_("Rules help"), N_("The rules as played at this table"), "rules"),
    )
    SMALLEST = (60, 20)  # fourteen narrow cards in a row
    COMPACT_BELOW = (100, 30)  # two-line seats and no room between the cards below this
    TALL_FROM = (120, 36)  # large cards from this size
    RESULT_EVENT = HandScored
    HAND = RamiHand
    SEAT = RamiSeat
    WORDS = RamiWords
    WATCHER_ACTIONS = frozenset({"log", "score_sheet", "rules", "quit_table"})
    TELLS_THE_END = True  # the banner says how the game ended

    DEFAULT_CSS = """
    RamiTableScreen {
        background: $background;
        #felt { height: 1fr; align: center middle; }
        #across, #middle, #mine, #buttons { height: auto; width: 100%; align-horizontal: center; }
        #middle { align-vertical: middle; }
        .side { width: auto; height: auto; margin: 0 2; }
        #said { width: 100%; height: 2; text-align: center; color: $text-muted; margin-top: 1; }
        #buttons Button { margin: 0 1; min-width: 8; }
        RamiLog { dock: right; height: 100%; display: none; }
        &.-wide RamiLog { display: block; }
        TurnBanner { height: auto; max-height: 2; }
        &.-tall {
            Pile CardWidget, Pile .back, Pile .none { width: 7; height: 5; }
            RamiHand CardWidget { width: 7; height: 5; margin: 1 0 0 0; }
            RamiHand CardWidget.-group-end { margin: 1 2 0 0; }
            #said { height: 3; }
        }
        &.-huge {
            Pile CardWidget, Pile .back, Pile .none { width: 9; height: 7; }
            RamiHand CardWidget { width: 9; height: 7; }
        }
        &.-compact {
            RamiSeat { height: 2; border: none; background: $panel; }
            .side RamiSeat { width: 16; }
            RamiSeat.-turn { border: none; text-style: reverse; }
            .side { margin: 0 1; }
            Pile { width: 13; }
            #said { margin-top: 0; }
            RamiHand CardWidget { margin: 1 0 0 0; }
            RamiHand CardWidget.-group-end { margin: 1 1 0 0; }
            #buttons Button { margin: 0 0 0 1; }
        }
        &.-narrow {
            .side RamiSeat { width: 13; }
            .side { margin: 0; }
            Pile { width: 11; }
            RamiHand CardWidget, RamiHand CardWidget.-selected, RamiHand CardWidget.-illegal,
            RamiHand CardWidget.-legal:hover, RamiHand CardWidget.-selected:hover, RamiHand CardWidget.-drop {
                width: 4; border-right: none;
            }
        }
        &.-watching #buttons { display: none; }
    }
    """

    BINDINGS = [
        # TRANSLATORS: the key bar's words at the Rami table, as short as they can be (a window 60 columns wide
        # shows the first few): the places to draw from, then what the keys do.
        Binding("p", "draw('talon')", N_("Talon"), id="rami.draw_talon"),
        Binding("j", "draw('jetee')", N_("Jetée"), id="rami.draw_jetee"),
        Binding("r", "draw('tournante')", N_("Tournante"), id="rami.draw_tournante"),
        Binding("d", "discard", N_("Discard"), id="rami.discard"),
        Binding("g,o", "go_out", N_("Go out"), id="rami.go_out"),
        Binding("m", "melds", N_("Melds"), id="rami.melds"),
        Binding("q", "quit_table", N_("Quit"), id="rami.quit"),  # before the keys that have buttons, or help
        Binding("u", "sort('suit')", N_("By suit"), id="rami.sort_suit"),
        Binding("k", "sort('rank')", N_("By rank"), id="rami.sort_rank"),
        Binding("t", "hint", N_("Hint"), id="rami.hint"),
        NO_HINT_BINDING,
        TALK_BINDING,
        Binding("h", "log", N_("Log"), id="rami.log"),
        Binding("s", "score_sheet", N_("Scores"), id="rami.scores"),
        Binding("question_mark", "rules", N_("Rules"), key_display="?", id="rami.rules"),
        Binding("n", "new_game", N_("New game"), id="rami.new_game"),
        *PACE_BINDINGS,
    ]  # the most needed first: a narrow window's key bar leaves out the last

    def __init__(self, client: TableClient) -> None:
        super().__init__(client)
        self.view_: RamiView | None = None
        self.scored: list[HandScored] = []  # every hand's result so far, for the score sheet
        self.said: deque[str] = deque(maxlen=SAID_LINES)

    # --- building ---------------------------------------------------------------------------

    def compose_felt(self) -> ComposeResult:
        left, across, right = self.sides
        with Vertical(id="felt", classes="felt-body"):
            yield RamiLog(id="log")
            with Horizontal(id="across"):
                yield from self.seat_widgets(across)
            with Horizontal(id="middle"):
                with Vertical(classes="side"):
                    yield from self.seat_widgets(left)
                yield Piles()
                with Vertical(classes="side"):
                    yield from self.seat_widgets(right)
            yield Static(id="said")
            with Horizontal(id="mine"):
                if self.watching:
                    yield from self.seat_widgets([self.chair])
                else:
                    yield RamiHand(id="hand")
            with Horizontal(id="buttons"):
                for label, action in BUTTONS:
                    yield Button(_(label), id=action, compact=True)

    def record(self, events: tuple[Event, ...]) -> None:
        """Keep each hand's result for the score sheet, the last things said under the
        piles, and everything in the log."""
        words = self.words
        for event in events:
            if isinstance(event, HandScored):
                self.scored.append(event)
            line = words.event(event)
            if line is not None:
                self.said.append(line)
        self.query_one(RamiLog).tell(events, words)

    def said_at_table(self, name: str, text: str) -> None:
        self.query_one(RamiLog).said(name, text)

    def lay_out(self, width: int, height: int) -> None:
        """The log beside the table in a wide window, the cards large (and larger still in a
        large window) only where they still fit beside it; in a narrow window, the table
        drawn again without the piles' keys."""
        wide = width >= WIDE_FROM
        self.set_class(wide, "-wide")
        room = width - LOG_WIDTH if wide else width  # the columns the table has beside the log
        if wide:
            self.set_class(self.has_class("-tall") and room >= self.TALL_FROM[0], "-tall")
        self.set_class(room >= HUGE_FROM[0] and height >= HUGE_FROM[1], "-huge")
        narrow = width < NARROW_BELOW
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self.redraw()
        elif self.view_ is not None:
            self.draw_title(self.view_, width)

    def draw(self, view: RamiView) -> None:
        words = self.words
        faces = self.app.settings.faces
        self.draw_title(view, self.app.size.width)
        for seat in range(view.players):
            if seat != self.seat:
                self.seat_widget(seat).state = RamiSeatState(
                    name=self.client.names[seat],
                    role=self.role(view, seat),
                    cards=view.counts[seat],
                    dealer=seat == view.dealer,
                    turn=seat == view.current_seat and not self.holding,
                )
        my_turn = view.my_turn and not self.holding
        sources = frozenset(action.source for action in view.legal if action.kind == "draw") if my_turn else frozenset()
        self.query_one(RamiLog).follow(words)
        self.query_one(Piles).show(view.talon, view.jetee[0] if view.jetee else None, view.tournante,
                                   view.first_round, sources, faces, keyed=not self.has_class("-narrow"))
        self.query_one("#said", Static).update(Content("\n".join(self.said_that_fits())))
        if not self.watching:
            discards = frozenset(action.card for action in view.legal if action.kind == "discard")
            self.query_one(RamiHand).show(view.hand, discards, my_turn and view.phase is Phase.DISCARD, faces)
        can_go_out = self.can_go_out()
        self.query_one("#go-out", Button).disabled = not can_go_out
        banner = self.query_one(TurnBanner)
        if self.holding:
            banner.say(self.result_text(view.number), yours=False)
        elif self.client.is_over:
            banner.say(self.game_over_text(view, words), yours=False)
        else:
            banner.say(self.turn_text(words.turn(view)), yours=my_turn)
        self.turn_shown(my_turn)
        self.offer((my_turn, self.holding, view.phase, sources, can_go_out, self.client.is_over))

    def said_that_fits(self) -> list[str]:
        """The newest things said that fit whole in the rows under the piles, a long one
        taking two rows in a narrow window."""
        rows, width = SAID_LINES if self.has_class("-tall") else SAID_LINES - 1, self.app.size.width
        fitting: list[str] = []
        for line in reversed(self.said):
            rows -= len(textwrap.wrap(line, width))
            if rows < 0:
                break
            fitting.insert(0, line)
        return fitting

    def role(self, view: RamiView, seat: int) -> str:
        """A seat's side, said on it: your partner or an opponent; to a spectator, its partner's name."""
        if not self.watching:
            # TRANSLATORS: a seat's side, on its box beside its card count (a box of 13 to 22 columns).
            return _("partner") if seat == view.partner else _("opponent")
        # TRANSLATORS: shown to a spectator on a seat's box: {name} is the seat's partner.
        return _("with {name}").format(name=self.client.names[(seat + 2) % 4]) if view.players == 4 else ""

    def draw_title(self, view: RamiView, width: int) -> None:
        self.query_one("#title", Label).update(Content(for_terminal(self.title_text(view, self.words, width - 2))))

    def title_text(self, view: RamiView, words: RamiWords, room: int) -> str:
        """The game, its ruleset, the hand, its dealer and the scores; in a narrow window
        the dealer (marked on their seat) and then the game and ruleset are left out, so
        that the scores stay whole."""
        scores = f"{words.scores(view.scores, ' & ', ' – ')} / {view.rules.lost_at(view.players)}"
        # TRANSLATORS: pieces of the Rami table's title, "Rami · classic · hand 3 · dealer Anna · Mia 100 – Anna 0 / 300".
        hand = _("hand {number}").format(number=view.number)
        dealer = _("dealer {name}").format(name=self.client.names[view.dealer])
        forms = ((f"Rami · {view.rules.name}", hand, dealer, scores), (f"Rami · {view.rules.name}", hand, scores),
                 (hand, scores))
        return next((" · ".join(form) for form in forms if len(" · ".join(form)) <= room), scores)

    def game_over_text(self, view: RamiView, words: RamiWords) -> str:
        loser = max((0, 1), key=lambda side: view.scores[side])
        if self.app.served:
            keys = _("q: back to the lobby.")
        else:
            keys = _("q leaves.") if self.watching else _("n: a new game; q leaves.")
        return f"{words.side_lost_at(loser, view.scores[loser])} {keys}"

    def can_go_out(self) -> bool:
        view = self.view_
        return view is not None and not self.holding and view.going_out() is not None

    # --- the person's choices ----------------------------------------------------------------

    def check_player_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each draw shows when the person may draw from that pile now, the discard when
        they are to discard, "go out" only when their cards go out now; the other keys
        always work."""
        view = self.view_
        to_act = view is not None and view.my_turn and not self.holding
        if action == "draw":
            return to_act and any(legal.kind == "draw" and legal.source == parameters[0] for legal in view.legal)
        if action == "discard":
            return to_act and view.phase is Phase.DISCARD
        if action == "go_out":
            return self.can_go_out()
        if action == "hint":
            return to_act and self.hints_offered()
        if action == "new_game":  # at a server, the lobby is where the next game is made
            return self.client.is_over and not self.holding and not self.app.served
        return True

    def action_draw(self, source: str) -> None:
        self.submit(Action.draw(source))

    @on(Pile.Chosen)
    def pile_clicked(self, message: Pile.Chosen) -> None:
        self.action_draw(message.source)

    def action_discard(self) -> None:
        self.query_one(RamiHand).action_discard_selected()

    @on(CardChosen)
    def discard(self, message: CardChosen) -> None:
        self.submit(Action.discard(message.card))

    def action_go_out(self) -> None:
        going_out = self.view_.going_out() if self.view_ is not None and not self.holding else None
        if going_out is None:
            self.query_one(TurnBanner).refuse(_("Your cards do not go out now: m shows how far your melds go."))
            return
        self.query_one(RamiHand).reorder(lambda arrangement: arrangement.lay_out([*going_out.melds,
                                                                                    (going_out.discard,)]))
        self.submit(Action.out(going_out.melds, going_out.discard))

    def action_hint(self) -> None:
        """The normal computer player's choice in this seat, and why, in the banner; the card it would throw chosen."""
        view = self.view_
        if view is None or not view.my_turn or self.holding or not self.hints_offered():
            return
        from ...games.rami import RAMI

        advice = RAMI.advice(view, view.legal, self.words.card)
        # TRANSLATORS: {reason}: the computer player's advice, in one sentence.
        self.query_one(TurnBanner).say(_("Hint: {reason}").format(reason=advice.reason), yours=True)
        if advice.action.kind == "discard":
            self.query_one(RamiHand).select_card(advice.action.card)

    def action_sort(self, order: str) -> None:
        key = by_suit if order == "suit" else by_rank
        self.query_one(RamiHand).reorder(lambda arrangement: arrangement.sort(key))

    def action_melds(self) -> None:
        """Lay the hand out in melds as far as they go, and say what is missing."""
        view = self.view_
        if view is None:
            return
        hand = self.query_one(RamiHand)
        forbidden = view.taken_from_jetee if view.my_turn else None
        found = best_melds(hand.cards, forbidden)
        banner = self.query_one(TurnBanner)
        if found is None:
            hand.reorder(lambda arrangement: arrangement.sort(by_suit))
            banner.say(_("No melds yet that hold a Suivi and a Tria together: sorted by suit to look for them."),
                       yours=False)
        else:
            groups, missing = found
            hand.reorder(lambda arrangement: arrangement.lay_out(groups))
            banner.say(self.melds_text(view, missing), yours=self.can_go_out())

    def melds_text(self, view: RamiView, missing: int) -> str:
        if missing:
            return ngettext("Your melds, left; the last group is left over: {count} more card does not fit yet.",
                            "Your melds, left; the last group is left over: {count} more cards do not fit yet.",
                            missing).format(count=missing)
        if self.can_go_out():
            return _("These melds go out: g lays them down and throws the last card.")
        if len(view.hand) > 13:
            return _("These melds would go out, but not now (nobody goes out in the first round).")
        return _("All 13 cards in melds: you can go out after your next draw.")

    @on(Button.Pressed, "#buttons Button")
    def button_pressed(self, event: Button.Pressed) -> None:
        hand = self.query_one(RamiHand)
        actions = {
            "sort-suit": lambda: self.action_sort("suit"), "sort-rank": lambda: self.action_sort("rank"),
            "move-left": lambda: hand.action_shift(-1), "move-right": lambda: hand.action_shift(1),
            "melds": self.action_melds, "go-out": self.action_go_out,
        }
        actions[event.button.id]()
        hand.focus()

    # --- other screens ---------------------------------------------------------------------

    def show_result(self, scored: HandScored, view: RamiView, last: bool) -> RoundOverScreen:
        """The hand's result, its going-out's melds laid on the table."""
        from .round_over import RoundOverScreen

        result = RoundOverScreen(scored, view, self.words, last)
        self.app.push_screen(result, self.result_seen)
        return result

    def action_log(self) -> None:
        log = self.query_one(RamiLog)
        log.follow(self.words)
        self.app.push_screen(RamiLogScreen(self.view_, log.lines(), self.words))

    def action_score_sheet(self) -> None:
        from .score_sheet import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(self.scored, self.rules, len(self.client.names), self.words))

    def refusal_words(self, refusal: IllegalAction) -> str:
        """A refusal of Rami's rules in the reader's language; the table's own as every game's."""
        said = said_to_you(refusal, self.app.settings.faces, self.client.names) if isinstance(refusal, Refusal) else None
        return as_sentence(said) if said is not None else super().refusal_words(refusal)

    def rules_markdown(self) -> str:
        return rules_markdown(self.rules)

    def action_new_game(self) -> None:
        """After the game's end: its result has been read; set up the next one."""
        self.app.session_result_read()
        self.app.leave_table()
        self.app.new_game()
