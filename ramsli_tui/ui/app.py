"""The Ramsli app: setup, the table and its screens, themes and settings, save and resume.

``ramsli`` opens the setup screen, or goes straight back to the table when a session
was left unfinished; ``ramsli play …`` deals at once.  The app holds the player's
settings and the storage; the table holds the game.  An unexpected error never shows a
traceback: it is written to a log and reported in one sentence, and the game, saved
after every action, resumes on the next start.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import traceback
from contextlib import ExitStack
from dataclasses import replace
from typing import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from .. import rules as rulesets
from ..bots import STRENGTHS
from ..rules import RulesetError
from ..storage import GameSpec, Opponent, Settings, Storage, StorageError
from ..table import ReplayError, Table, load_rules
from .themes import DEFAULT_THEME, TABLE_VARIABLES, load_themes


class RamsliApp(App[None]):
    """One person at a Ramsli table with computer players."""

    TITLE = "Ramsli"
    BINDINGS = [Binding("f2", "settings", "Settings", id="app.settings")]

    def __init__(self, storage: Storage, *, spec: GameSpec | None = None, bot_delay: float | None = None) -> None:
        """``spec`` deals that session at once; ``bot_delay`` overrides the remembered pace for
        this run only."""
        super().__init__()
        self.storage = storage
        self.spec = spec
        self.problems: list[str] = []
        try:
            self.settings, setting_problems = storage.read_settings()
            self.problems += setting_problems
        except StorageError as error:
            self.settings = Settings()
            self.problems.append(str(error))
        self.pace = self.settings.bot_delay if bot_delay is None else bot_delay
        themes, theme_problems = load_themes(storage.themes_dir)
        self.problems += theme_problems
        self.own_themes = [theme.name for theme in themes]
        for theme in themes:
            self.register_theme(theme)
        self.theme = self.settings.theme if self.settings.theme in self.available_themes else DEFAULT_THEME
        self.table: Table | None = None

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return TABLE_VARIABLES

    def table_theme_names(self) -> list[str]:
        """The themes made for the table: bundled and the player's own."""
        return self.own_themes

    # --- the first screen ----------------------------------------------------------------------

    def on_mount(self) -> None:
        self.call_after_refresh(collect_from_now_on)
        self.theme_changed_signal.subscribe(self, self.theme_chosen)
        for problem in self.problems:
            self.notify(problem, severity="warning", timeout=10, markup=False)
        if self.spec is not None:
            self.start_table(self.spec)
            return
        try:
            saved = self.storage.load_game()
        except StorageError as error:
            self.notify(str(error), title="Saved game", severity="error", timeout=12, markup=False)
            saved = None
        if saved is None:
            self.new_game()
            return
        try:
            table = Table.from_save(saved, delay=self.pace, saves=self.storage)
        except (ReplayError, RulesetError) as error:
            problem = self.storage.set_game_aside(str(error))
            self.notify(str(problem), title="Saved game", severity="error", timeout=12, markup=False)
            self.new_game()
            return
        self.notify(f"Welcome back: your {saved.spec.ruleset} session goes on.", timeout=4, markup=False)
        self.sit_at(table)

    def new_game(self) -> None:
        """Go to the setup screen, leaving any table."""
        from .screens.setup import SetupScreen

        self.table = None
        self.switch_to(SetupScreen(self.settings))

    def start_table(self, spec: GameSpec) -> None:
        """Deal a new session for ``spec``."""
        try:
            rules = load_rules(spec)
        except RulesetError as error:
            self.notify(str(error), title="This ruleset cannot be used", severity="error", markup=False)
            return
        self.sit_at(Table(spec, rules, delay=self.pace, saves=self.storage))

    def sit_at(self, table: Table) -> None:
        from .screens.table import TableScreen

        self.table = table
        self.switch_to(TableScreen(table))

    def switch_to(self, screen: Screen) -> None:
        """Make ``screen`` the one main screen, above the app's blank default screen: the
        table and the setup never stack on each other."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # --- settings --------------------------------------------------------------------------

    def remember_settings(self) -> None:
        try:
            self.storage.save_settings(self.settings)
        except OSError as error:
            self.notify(f"Your settings could not be saved ({error.strerror or error}).", severity="warning", markup=False)

    def theme_chosen(self, theme) -> None:
        if self.settings.theme != theme.name:
            self.settings.theme = theme.name
            self.remember_settings()

    def set_faces(self, faces: str) -> None:
        if faces == self.settings.faces:
            return
        self.settings.faces = faces
        self.remember_settings()
        for screen in self.screen_stack:
            redraw = getattr(screen, "redraw", None)
            if redraw is not None:
                redraw()

    def set_pace(self, seconds: float) -> None:
        self.settings.bot_delay = self.pace = seconds
        self.remember_settings()
        if self.table is not None:
            self.table.delay = seconds

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Settings", "Theme, card faces and the computer players' pace", self.action_settings)
        other = "german" if self.settings.faces == "french" else "french"
        yield SystemCommand(f"Card faces: {other}", f"Show the cards with {other} faces", lambda: self.set_faces(other))
        yield SystemCommand("New game", "Leave this session (it stays saved) and set up a new one", self.new_game)

    # --- errors ----------------------------------------------------------------------------

    def report_error(self, error: BaseException | None, title: str) -> None:
        """Write the details to the error log and tell the player in one sentence."""
        where = self.log_error(error)
        self.notify(
            f"{error}. The game is saved; start ramsli again to go on. Details: {where}",
            title=title, severity="error", timeout=30, markup=False,
        )

    def log_error(self, error: BaseException | None) -> str:
        path = self.storage.crash_log_path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write("".join(traceback.format_exception(error)) + "\n")
        except OSError:
            return "(the error log could not be written)"
        return str(path)

    def _handle_exception(self, error: Exception) -> None:
        """Never a traceback on screen: log it, say so in one sentence, and leave cleanly."""
        if self._exception is None:
            self._exception = error  # so that tests still see it
            self._exception_event.set()
        where = self.log_error(error)
        self.exit(
            return_code=1,
            message=f"ramsli stopped on an unexpected error ({type(error).__name__}: {error}).\n"
            f"A game in progress is saved after every move: run ramsli again to go on. Details are in {where}",
        )


def collect_from_now_on() -> None:
    """Start collecting garbage again, once the first screen is drawn (see ``run``); what
    was made to get there lives as long as the app, so the collector need not scan it."""
    gc.freeze()
    gc.enable()


def spec_from_args(args: argparse.Namespace, settings: Settings) -> GameSpec:
    """The session ``ramsli play`` asks for: its options, and the remembered names and
    strengths where they say nothing."""
    from ..cli import CliError

    ruleset = rulesets.load(args.ruleset)  # a RulesetError is the CLI's to report
    if not ruleset.players.min <= args.players <= ruleset.players.max:
        raise CliError(
            f"the {ruleset.name} rules are for {ruleset.players.min} to {ruleset.players.max} players, not {args.players}"
        )
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:
        raise CliError("--bot-delay must be between 0 and 10 seconds")
    if args.chips is not None and args.chips < 1:
        raise CliError(f"--chips must be a whole number of chips above 0, not {args.chips}")
    opponents = settings.opponents
    if args.bots is not None:
        opponents = with_strengths(opponents, args.bots.split(","), args.players - 1)
    chosen = replace(settings, ruleset=args.ruleset, players=args.players, name=args.name or settings.name,
                     opponents=opponents, seed=args.seed, starting_chips=args.chips)
    return game_spec(chosen)


def with_strengths(opponents: list[Opponent], strengths: list[str], wanted: int) -> list[Opponent]:
    """The computer players with the strengths ``--bots`` names: one for all of them, or
    one each for the first ``wanted``."""
    from ..cli import CliError

    if len(strengths) == 1:
        strengths = strengths * wanted
    if len(strengths) != wanted:
        raise CliError(f"--bots names {len(strengths)} computer players, but the table has {wanted}")
    for strength in strengths:
        if strength not in STRENGTHS:
            raise CliError(f"--bots names '{strength}'; choose each from {', '.join(STRENGTHS)}")
    chosen = [replace(opponent, strength=strength) for opponent, strength in zip(opponents, strengths)]
    return chosen + opponents[wanted:]


def game_spec(settings: Settings) -> GameSpec:
    """The session the settings ask for: their ruleset, players, names and chips, with the
    computer players' strengths (an unknown one gets the default), and a random seed
    unless they fix one."""
    opponents = settings.opponents[: settings.players - 1]
    return GameSpec(
        ruleset=settings.ruleset,
        players=settings.players,
        seed=settings.seed if settings.seed is not None else random.SystemRandom().randrange(1 << 31),
        names=(settings.name, *(opponent.name for opponent in opponents)),
        strengths=(None, *(default_strength(opponent.strength) for opponent in opponents)),
        starting_chips=settings.starting_chips,
    )


def default_strength(wanted: str) -> str:
    """The wanted strength if it exists, else "normal" if it exists, else the first there is."""
    if wanted in STRENGTHS:
        return wanted
    return "normal" if "normal" in STRENGTHS else next(iter(STRENGTHS))


def run(args: argparse.Namespace) -> int:
    """Run the app for ``ramsli`` (no command) or ``ramsli play``; the exit status."""
    storage = Storage.default()
    with ExitStack() as held:
        try:
            held.enter_context(storage.claimed())
        except StorageError as error:
            print(f"ramsli: {error}", file=sys.stderr)
            return 1
        return run_with(storage, args)


def run_with(storage: Storage, args: argparse.Namespace) -> int:
    """Run the app on ``storage``, which this process holds."""
    gc.disable()  # until the first frame: starting makes many objects and frees almost none
    app = RamsliApp(storage, bot_delay=getattr(args, "bot_delay", None))
    if args.command == "play":
        app.spec = spec_from_args(args, app.settings)
    app.run()
    return app.return_code or 0
