"""Setup: choose the ruleset, the players and their names, the computer players, the chips and
a seed, then deal.  The last choices are remembered for next time."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from ....games.ramsli import rules as rulesets
from ....games.ramsli.rules import Ruleset, RulesetError
from ....storage import Opponent, SaveSlot, Settings
from ...specs import default_strength, game_spec, strengths
from ...widgets.bullets import Bullets
from .confirm import ConfirmScreen
from ...widgets.choice import Choice
from ...widgets.key_bar import KeyBar

MOST_OPPONENTS = 5


def player_counts(counts: range) -> list[tuple[str, int]]:
    return [(f"{count} players", count) for count in counts]


class SetupScreen(Screen):
    DEFAULT_CSS = """
    SetupScreen {
        #heading { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
        #columns { height: 1fr; }
        #form-scroll { width: 46; padding: 1 1 0 1; }
        #form {
            /* rows of one line: an auto row would keep the height of a drop-down once opened */
            layout: grid; grid-size: 3; grid-columns: 14 1fr 13; grid-rows: 1; grid-gutter: 1 0;
            height: auto;
        }
        &.-short #form { grid-gutter: 0 0; }  /* six players and the button fit in 24 lines */
        #form Label { color: $text-muted; }
        #ruleset, #players, #name, #chips, #seed { column-span: 2; }
        #players { width: auto; }
        .opponent-strength { width: 100%; margin-left: 1; }
        .-unused { display: none; }
        #start, #back { width: 100%; margin-top: 1; }
        #saved-sessions { height: auto; margin-top: 1; }
        .saved-heading { color: $text-muted; }
        .saved-session { height: auto; }
        .saved-session Button { width: 1fr; }
        .saved-session Button.-error { width: auto; margin-left: 1; }
        #about { width: 1fr; padding: 1 1 0 1; border-left: vkey $panel-lighten-2; }
        #description { text-style: italic; margin-bottom: 1; }
    }
    """

    BINDINGS = [
        Binding("ctrl+s", "start", "Start the session", id="setup.start"),
        Binding("escape", "back", "Back to the table", id="setup.back"),
    ]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    def __init__(self, settings: Settings, can_go_back: bool = False) -> None:
        """``can_go_back``: a session is at the table, to go back to with Escape."""
        super().__init__()
        self.settings = settings
        self.can_go_back = can_go_back
        self.names = self.ruleset_names()
        self.slots: list[SaveSlot] = []

    @staticmethod
    def ruleset_names() -> list[str]:
        return list(rulesets.available())

    def compose(self) -> ComposeResult:
        settings = self.settings
        ruleset = settings.ruleset if settings.ruleset in self.names else "classic"
        yield Label("Ramsli — a new session at the table", id="heading")
        with Horizontal(id="columns"):
            with VerticalScroll(id="form-scroll"):
                with Grid(id="form"):
                    yield Label("Ruleset")
                    yield Select([(name, name) for name in self.names], value=ruleset, allow_blank=False, compact=True,
                                 id="ruleset")
                    yield Label("Players")
                    players = min(max(settings.players, 3), MOST_OPPONENTS + 1)
                    yield Choice(player_counts(range(3, MOST_OPPONENTS + 2)), players, id="players")
                    yield Label("Your name")
                    yield Input(settings.name, max_length=14, compact=True, id="name")
                    for seat, opponent in enumerate(settings.opponents[:MOST_OPPONENTS], 1):
                        row = f"opponent-{seat}" + (" -unused" if seat >= players else "")
                        yield Label(f"Computer {seat}", classes=row)
                        yield Input(opponent.name, max_length=14, compact=True, id=f"opponent-name-{seat}", classes=row)
                        yield Choice([(strength, strength) for strength in strengths()], default_strength(opponent.strength),
                                     id=f"opponent-strength-{seat}", classes=f"{row} opponent-strength")
                    for label, id, number, empty in (("Chips each", "chips", settings.starting_chips, "as the ruleset says"),
                                                     ("Seed", "seed", None, "random")):
                        yield Label(label)
                        yield Input("" if number is None else str(number), placeholder=empty, type="integer",
                                    compact=True, id=id)
                yield Button("Deal the cards (ctrl+s)", variant="primary", id="start")
                if self.can_go_back:
                    yield Button("Back to the table (Esc)", id="back")
                yield Vertical(id="saved-sessions")
            with VerticalScroll(id="about"):
                yield Static(id="description")
                yield Bullets(id="house-rules")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_ruleset(self.query_one("#ruleset", Select).value)
        self.query_one("#start", Button).focus()
        self.show_saved_sessions()

    # --- the saved sessions: continue one, or delete it on purpose ------------------------------

    def show_saved_sessions(self) -> None:
        self.slots = self.app.saved_sessions()
        box = self.query_one("#saved-sessions", Vertical)
        box.remove_children()
        if not self.slots:
            return
        rows = [Label("Continue a saved session", classes="saved-heading")]
        for number, slot in enumerate(self.slots):
            rows.append(Horizontal(
                Button(self.app.session_label(slot), id=f"continue-{number}", compact=True),
                Button("Delete", id=f"delete-{number}", compact=True, variant="error"),
                classes="saved-session",
            ))
        box.mount_all(rows)

    @on(Button.Pressed, ".saved-session Button")
    def saved_session_chosen(self, event: Button.Pressed) -> None:
        what, _, number = event.button.id.partition("-")
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

        question = f"Delete the session {self.app.session_label(slot)}? It cannot be continued afterwards."
        self.app.push_screen(ConfirmScreen(question, yes="Delete", no="Keep"), answered)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        if self.can_go_back:
            self.app.back_to_table()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_go_back if action == "back" else True

    @on(Select.Changed, "#ruleset")
    def ruleset_changed(self, event: Select.Changed) -> None:
        self.show_ruleset(event.value)

    @on(Choice.Changed, "#players")
    def players_changed(self, event: Choice.Changed) -> None:
        for seat in range(1, MOST_OPPONENTS + 1):
            for widget in self.query(f".opponent-{seat}"):
                widget.set_class(seat >= event.value, "-unused")

    def show_ruleset(self, name: str) -> None:
        """Describe the ruleset and offer the numbers of players it allows."""
        try:
            ruleset = rulesets.load(name)
        except RulesetError as error:
            self.query_one("#description", Static).update(Content(f"This ruleset cannot be used:\n{error}"))
            self.query_one("#house-rules", Bullets).show(())
            return
        self.query_one("#description", Static).update(Content(ruleset.description or ruleset.name))
        self.query_one("#house-rules", Bullets).show(ruleset.house_rules())
        players = self.query_one("#players", Choice)
        counts = range(ruleset.players.min, ruleset.players.max + 1)
        players.set_options(player_counts(counts), min(max(players.value, counts.start), counts.stop - 1))

    def chosen_ruleset(self) -> Ruleset | None:
        try:
            return rulesets.load(self.query_one("#ruleset", Select).value)
        except RulesetError as error:
            self.notify(str(error), title="This ruleset cannot be used", severity="error", markup=False)
            return None

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Check the choices, remember them, and go to the table."""
        ruleset = self.chosen_ruleset()
        if ruleset is None:
            return
        chips_text = self.query_one("#chips", Input).value.strip()
        seed_text = self.query_one("#seed", Input).value.strip()
        chips = int(chips_text) if chips_text.lstrip("-").isdigit() else None
        if chips is not None and chips < 1:
            self.notify("Each player needs at least 1 chip.", severity="error")
            self.query_one("#chips", Input).focus()
            return
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        players = self.query_one("#players", Choice).value
        name = self.query_one("#name", Input).value.strip() or "You"
        opponents = [
            Opponent(
                self.query_one(f"#opponent-name-{seat}", Input).value.strip() or f"Player {seat + 1}",
                self.query_one(f"#opponent-strength-{seat}", Choice).value,
            )
            for seat in range(1, MOST_OPPONENTS + 1)
        ]
        settings = self.settings
        settings.ruleset = self.query_one("#ruleset", Select).value
        settings.players, settings.name, settings.opponents = players, name, opponents
        settings.starting_chips, settings.seed = chips, None  # a seed is for this session only
        self.app.remember_settings()
        self.app.start_table(game_spec(settings, seed))
