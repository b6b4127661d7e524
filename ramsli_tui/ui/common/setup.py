"""Setup: choose the game (Ramsli or Rami Simple), the ruleset, the players and their names,
the computer players, the chips (Ramsli only) and a seed, then deal.  The last choices are
remembered for next time.  The rulesets, the numbers of players and the house rules
offered follow the game chosen.

Beside the form (below it in a narrow terminal, where the two scroll together) the
ruleset is described, with its house rules as this table would play them: the players
and chips each follow what is chosen and typed.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from ...games import GAMES, game_named
from ...games.rulesets import said_description
from ...languages import N_, _, ngettext
from ...languages.words import error_said
from ...storage import Opponent, SaveSlot, Settings
from ...storage.settings import NO_NAME
from ...table.spec import NAME_LENGTH
from ...text import for_terminal, lines_for_terminal
from ...yamlfile import FileProblem
from ...storage.new_session import (
    default_strength, game_spec, person_name, played_for_chips, player_counts, players_for,
    ruleset_for, ruleset_names, strength_words, strengths, title_of,
)
from ..widgets.bullets import Bullets
from .confirm import ConfirmScreen
from ..widgets.choice import Choice
from ..widgets.key_bar import KeyBar

MOST_OPPONENTS = 5
PARTNER_SEAT = 2  # across the table from you: at Rami two against two, your partner
LONGEST_NUMBER = 40  # digits of chips or a seed (a 128-bit seed has 39)


def counted(counts) -> list[tuple[str, int]]:
    """The numbers of players offered, in words: "4 players"."""
    return [(ngettext("{count} player", "{count} players", count).format(count=count), count) for count in counts]


class SetupScreen(Screen):
    DEFAULT_CSS = """
    SetupScreen {
        #heading { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
        #columns { layout: horizontal; overflow: hidden hidden; }
        #form-scroll { width: 46; padding: 1 1 0 1; }
        #form {
            /* rows of one line: an auto row would keep the height of a drop-down once opened */
            layout: grid; grid-size: 3; grid-columns: 14 1fr 13; grid-rows: 1; grid-gutter: 1 0;
            height: auto;
        }
        &.-short #form { grid-gutter: 0 0; }  /* six players and the button fit in 24 lines */
        #form Label { color: $text-muted; }
        #game, #ruleset, #players, #name, #chips, #seed { column-span: 2; }
        #game, #players { width: auto; }
        .opponent-strength { width: 100%; margin-left: 1; }
        .-unused { display: none; }
        #start, #back { width: 100%; margin-top: 1; }
        #saved-sessions { height: auto; margin-top: 1; }
        .saved-heading { color: $text-muted; }
        .saved-session { height: auto; }
        .saved-session Button { width: 1fr; }
        .saved-session Button.-error { width: auto; margin-left: 1; }
        #about { width: 1fr; padding: 1 1 0 1; border-left: vkey $table-edge; }
        #description { text-style: italic; margin-bottom: 1; }
        #this-table { text-style: bold; }
        #this-table.-error { color: $text-error; }
        /* too narrow for two columns: the form, then the ruleset, scrolled together */
        &.-narrow {
            #columns { layout: vertical; overflow: hidden auto; }
            #form-scroll, #about { width: 1fr; height: auto; }
            #about { border-left: none; border-top: hkey $table-edge; }
        }
    }
    """

    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start the session"), id="setup.start"),
        Binding("escape", "back", N_("Back to the table"), id="setup.back"),
    ]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (76, "-wide")]  # the ruleset beside the form from 76 columns

    def __init__(self, settings: Settings, can_go_back: bool = False) -> None:
        """``can_go_back``: a session is at the table, to go back to with Escape."""
        super().__init__()
        self.settings = settings
        self.can_go_back = can_go_back
        self.game = settings.game
        self.ruleset_shown = ruleset_for(self.game, settings.ruleset)
        self.slots: list[SaveSlot] = []

    def compose(self) -> ComposeResult:
        settings = self.settings
        yield Label(id="heading")
        with ScrollableContainer(id="columns", can_focus=False):
            with VerticalScroll(id="form-scroll"):
                with Grid(id="form"):
                    # TRANSLATORS: the setup's labels take 13 columns at most.
                    yield Label(_("Game"))
                    yield Choice([(title_of(game), game) for game in GAMES], self.game, id="game")
                    yield Label(_("Ruleset"))
                    yield Select([(name, name) for name in ruleset_names(self.game)], value=self.ruleset_shown,
                                 allow_blank=False, compact=True, id="ruleset")
                    yield Label(_("Players"))
                    players = min(max(settings.players, 2), MOST_OPPONENTS + 1)
                    yield Choice(counted(range(2, MOST_OPPONENTS + 2)), players, id="players")
                    yield Label(_("Your name"))
                    given = "" if settings.name == NO_NAME else settings.name  # the default is said in the language
                    yield Input(given, placeholder=_(NO_NAME), max_length=NAME_LENGTH, compact=True, id="name")
                    for seat, opponent in enumerate(settings.opponents[:MOST_OPPONENTS], 1):
                        row = f"opponent-{seat}" + (" -unused" if seat >= players else "")
                        yield Label(computer_label(seat), id=f"opponent-label-{seat}", classes=row)
                        yield Input(opponent.name, max_length=NAME_LENGTH, compact=True, id=f"opponent-name-{seat}", classes=row)
                        yield Choice([(strength_words(strength), strength) for strength in strengths(self.game)],
                                     default_strength(opponent.strength, self.game),
                                     id=f"opponent-strength-{seat}", classes=f"{row} opponent-strength")
                    for label, id, number, empty in ((_("Chips each"), "chips", settings.starting_chips, _("as the ruleset says")),
                                                     (_("Seed"), "seed", None, _("random"))):
                        yield Label(label, classes=f"{id}-row")
                        yield Input("" if number is None else str(number), placeholder=empty, type="integer",
                                    max_length=LONGEST_NUMBER, compact=True, id=id, classes=f"{id}-row")
                yield Button(_("Deal the cards (ctrl+s)"), variant="primary", id="start")
                if self.can_go_back:
                    yield Button(_("Back to the table (Esc)"), id="back")
                yield Vertical(id="saved-sessions")
            with VerticalScroll(id="about"):
                yield Static(id="description")
                yield Static(id="this-table")
                yield Bullets(id="house-rules")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_game()
        self.show_ruleset(self.ruleset_shown)
        self.query_one("#start", Button).focus()
        self.show_saved_sessions()

    # --- the saved sessions: continue one, or delete it on purpose ------------------------------

    def show_saved_sessions(self) -> None:
        self.slots = self.app.saved_sessions()
        box = self.query_one("#saved-sessions", Vertical)
        box.remove_children()
        if not self.slots:
            return
        rows = [Label(_("Continue a saved session"), classes="saved-heading")]
        for number, slot in enumerate(self.slots):
            rows.append(Horizontal(
                Button(self.app.session_label(slot), id=f"continue-{number}", compact=True),
                Button(_("Delete"), id=f"delete-{number}", compact=True, variant="error"),
                classes="saved-session",
            ))
        box.mount_all(rows)

    @on(Button.Pressed, ".saved-session Button")
    def saved_session_chosen(self, event: Button.Pressed) -> None:
        what, _dash, number = event.button.id.partition("-")
        slot = self.slots[int(number)]
        if what == "continue":
            if not self.app.continue_session(slot):
                self.show_saved_sessions()  # it was set aside: the list says so
            return

        def answered(delete: bool | None) -> None:
            if delete:
                self.app.delete_session(slot)
                self.can_go_back = self.app.client is not None
                if not self.can_go_back:
                    self.query("#back").remove()
                    self.refresh_bindings()
                self.show_saved_sessions()

        question = _("Delete the session {session}? It cannot be continued afterwards.").format(
            session=self.app.session_label(slot))
        self.app.push_screen(ConfirmScreen(question, yes=_("Delete"), no=_("Keep")), answered)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        if self.can_go_back:
            self.app.back_to_table()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_go_back if action == "back" else True

    @on(Choice.Changed, "#game")
    def game_changed(self, event: Choice.Changed) -> None:
        if event.value == self.game:
            return
        self.game = event.value
        self.ruleset_shown = ruleset_for(self.game, self.ruleset_shown)
        self.query_one("#ruleset", Select).set_options([(name, name) for name in ruleset_names(self.game)])
        self.query_one("#ruleset", Select).value = self.ruleset_shown
        for seat in range(1, MOST_OPPONENTS + 1):
            choice = self.query_one(f"#opponent-strength-{seat}", Choice)
            choice.set_options([(strength_words(strength), strength) for strength in strengths(self.game)],
                               default_strength(choice.value, self.game))
        self.show_game()
        self.show_ruleset(self.ruleset_shown)

    def show_game(self) -> None:
        """The heading names the game; chips each only where the game is played for chips;
        at Rami the computer player opposite you is your partner (two against two)."""
        self.query_one("#heading", Label).update(_("{game} — a new session at the table").format(game=title_of(self.game)))
        for widget in self.query(".chips-row"):
            widget.set_class(not played_for_chips(self.game), "-unused")
        partner = game_named(self.game).partner_label
        self.query_one(f"#opponent-label-{PARTNER_SEAT}", Label).update(_(partner) if partner else computer_label(PARTNER_SEAT))

    @on(Select.Changed, "#ruleset")
    def ruleset_changed(self, event: Select.Changed) -> None:
        self.show_ruleset(event.value)

    @on(Choice.Changed, "#players")
    def players_changed(self, event: Choice.Changed) -> None:
        for seat in range(1, MOST_OPPONENTS + 1):
            for widget in self.query(f".opponent-{seat}"):
                widget.set_class(seat >= event.value, "-unused")
        self.show_house_rules()

    @on(Input.Changed, "#chips")
    def chips_typed(self) -> None:
        self.show_house_rules()

    def show_ruleset(self, name: str) -> None:
        """Describe ruleset ``name`` and offer the numbers of players it allows."""
        self.ruleset_shown = name
        try:
            counts = player_counts(self.game, name)
        except FileProblem:
            pass  # the house rules say why it cannot be used
        else:
            players = self.query_one("#players", Choice)
            players.set_options(counted(counts), players_for(counts, players.value))
        self.show_house_rules()

    def show_house_rules(self) -> None:
        """The ruleset shown, its house rules as this table would play them: with the
        players chosen and the chips typed, or what is wrong with them."""
        description = self.query_one("#description", Static)
        this_table = self.query_one("#this-table", Static)
        try:
            ruleset, chips_problem = self.table_rules(self.ruleset_shown), None
        except FileProblem as error:
            description.update(Content(_("This ruleset cannot be used:\n{problem}").format(problem=for_terminal(error_said(error)))))
            this_table.update("")
            self.query_one("#house-rules", Bullets).show(())
            return
        except ValueError as error:
            ruleset, chips_problem = game_named(self.game).load_rules(self.ruleset_shown), error_said(error)
        description.update(Content(lines_for_terminal(said_description(ruleset) or ruleset.name)))
        this_table.update(Content(self.at_this_table(self.query_one("#players", Choice).value, ruleset, chips_problem)))
        this_table.set_class(chips_problem is not None, "-error")
        self.query_one("#house-rules", Bullets).show(ruleset.house_rules())

    def at_this_table(self, count: int, ruleset, chips_problem: str | None) -> str:
        """The players chosen, and how they play (one against one, or the chips each), or
        what is wrong with the chips typed."""
        if not played_for_chips(self.game):
            if count == 2:
                return _("At this table: {count} players, one against one").format(count=count)
            return _("At this table: {count} players, two against two").format(count=count)
        if chips_problem:
            return ngettext("At this table: {count} player; {problem}", "At this table: {count} players; {problem}",
                            count).format(count=count, problem=chips_problem)
        return ngettext("At this table: {count} player, {chips} chips each", "At this table: {count} players, {chips} chips each",
                        count).format(count=count, chips=ruleset.starting_chips)

    def typed_chips(self) -> int | None:
        """The chips each typed, None for the ruleset's own (and at a game without chips)."""
        return whole_number(self.query_one("#chips", Input).value) if played_for_chips(self.game) else None

    def table_rules(self, name: str):
        """Ruleset ``name`` of the game chosen, with the chips typed: a FileProblem if the
        ruleset cannot be used, ValueError in one sentence if the chips cannot."""
        return game_named(self.game).load_rules(name, self.typed_chips())

    def chosen_rules(self):
        """The ruleset chosen, with the chips typed; None, and the player told why, if
        either cannot be used."""
        try:
            return self.table_rules(self.query_one("#ruleset", Select).value)
        except FileProblem as error:
            self.notify(error_said(error), title=_("This ruleset cannot be used"), severity="error", markup=False)
        except ValueError as error:
            self.notify(_("Chips each: {problem}.").format(problem=error_said(error)), severity="error", markup=False)
            self.query_one("#chips", Input).focus()
        return None

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Check the choices, remember them, and go to the table."""
        if self.chosen_rules() is None:
            return
        players = self.query_one("#players", Choice).value
        name = person_name(self.query_one("#name", Input).value)
        opponents = [
            Opponent(
                self.query_one(f"#opponent-name-{seat}", Input).value.strip() or _("Player {number}").format(number=seat + 1),
                self.query_one(f"#opponent-strength-{seat}", Choice).value,
            )
            for seat in range(1, MOST_OPPONENTS + 1)
        ]
        settings = self.settings
        settings.game = self.game
        settings.ruleset = self.query_one("#ruleset", Select).value
        settings.players, settings.name, settings.opponents = players, name, opponents
        settings.starting_chips, settings.seed = self.typed_chips(), None  # a seed is for this session only
        self.app.remember_settings()
        self.app.start_table(game_spec(settings, whole_number(self.query_one("#seed", Input).value)))


def computer_label(seat: int) -> str:
    """The label of a computer player's row: "Computer 2"."""
    return _("Computer {number}").format(number=seat)


def whole_number(typed: str) -> int | None:
    """The whole number typed, None if there is none."""
    typed = typed.strip()
    return int(typed) if typed.lstrip("-").isdecimal() else None
