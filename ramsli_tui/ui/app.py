"""The Ramsli app: setup, the table and its screens, themes and settings, save and resume.

``ramsli`` opens the setup screen, or goes straight back to the table when a session
was left unfinished; ``ramsli play …`` deals at once.  Served (``ramsli serve``, one app
process per SSH session) it opens a ``Lobby`` instead, and sits at a table of the
server's through the client that lobby gives it; ``ramsli replay FILE --view`` shows
a finished hand in the hand viewer, and nothing else.  The app holds the player's
settings and the storage; the table holds the game.  An unexpected error never shows a
traceback: it is written to a log and reported in one sentence, and the game, saved
after every action, resumes on the next start.
"""

from __future__ import annotations

import gc
import os
import traceback
from pathlib import Path
from typing import Callable, Iterable, Mapping, NamedTuple

from rich.align import Align
from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from ..games import HOUSE_GAME, game_named, game_of_record
from ..games.steps import ShownHand
from ..languages import N_, _, current_language, use_language
from ..languages.choice import choose_language
from ..languages.words import error_said, words_of
from ..storage import Autosave, SavedGame, SaveSlot, Settings, Storage, StorageError, shown_path
from ..storage.history import HISTORY_FILE, HandHistory, KeptAtTheTable
from ..table.client import LocalClient, TableClient
from ..table.spec import GameSpec
from ..table.table import ReplayError, Table
from ..text import NOTICE_LENGTH, for_terminal
from ..yamlfile import FileProblem
from .common.history_source import HistorySource, OwnHistory, ServedHistory
from .themes import DEFAULT_THEME, TABLE_VARIABLES, load_themes

CRASH_LENGTH = 200  # what an unexpected error says, in the one line the person reads as ramsli stops


class Viewing(NamedTuple):
    """A hand the app shows in the hand viewer, and nothing else: its game, and the hand."""

    game: str
    shown: ShownHand


class RamsliApp(App[None]):
    """One person at a Ramsli table with computer players."""

    TITLE = "Ramsli"
    CSS = """
    /* an open drop-down stands apart from the text under it, in light themes too; a
       compact one (a line per option) edged at its sides only, to stay as high */
    Select > SelectOverlay { border: round $primary; background: $panel; }
    Select.-textual-compact > SelectOverlay { border: none; border-left: tall $primary; border-right: tall $primary; }
    """
    BINDINGS = [
        Binding("n", "new_game", N_("New game"), id="app.new_game"),
        Binding("f2", "settings", N_("Settings"), id="app.settings"),
        Binding("f3", "hand_history", N_("Your history"), show=False, id="app.history"),  # and in the palette
    ]

    def __init__(self, storage: Storage, *, spec: GameSpec | None = None, bot_delay: float | None = None,
                 resume: Path | None = None, lobby=None, language: str | None = None,
                 environment: Mapping[str, str] | None = None, viewing: Viewing | None = None) -> None:
        """``spec`` deals that session at once; ``resume`` goes on with the session saved
        there (else the one played last); ``bot_delay`` overrides the remembered pace for
        this run only; ``lobby`` (a ui.common.lobby.Lobby): served, starting there.
        ``environment`` given (the process's, at start-up; the one an SSH client sent), the
        app speaks the language ``language`` names (the command line's), else the Language
        setting's, else the one ``environment`` names; without it, the language spoken
        stays (tests choose it), and "as the system says" is English.  ``viewing``: the app
        shows that hand in the hand viewer, and ends when the person leaves it."""
        super().__init__()
        self.viewing = viewing
        self.storage = storage
        self.resume = resume
        self.spec = spec
        self.environment = environment
        self.settings, self.problems = self.read_settings()
        self.settings_told = self.settings.personal()  # served: what the server keeps of them, as last told
        if environment is not None:
            spoken = current_language()
            use_language(choose_language(language, self.settings.language, environment=environment))
            if self.problems and current_language() != spoken:
                self.settings, self.problems = self.read_settings()  # to tell its problems in the language chosen
        self.pace = self.settings.bot_delay if bot_delay is None else bot_delay
        themes, theme_problems = load_themes(storage.themes_dir)
        self.problems += theme_problems
        self.offer_only(themes)
        self.theme = self.theme_chosen_in_settings()
        self.table: Table | None = None  # the table in this process, run by the app
        self.client: TableClient | None = None  # how the screens talk to it
        self.lobby = lobby
        self.remote_game: str | None = None  # the game at a served table
        self.table_worker: Worker | None = None
        self.autosave: Autosave | None = None
        self.history: HandHistory | None = None  # the person's, opened at the first table played here

    def read_settings(self) -> tuple[Settings, list[str]]:
        """The settings kept, and what could not be used of them (the defaults where the
        file cannot be read at all)."""
        try:
            return self.storage.read_settings()
        except StorageError as error:
            return Settings(), [str(error)]

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notice, the app's and its screens' (theirs come here): what it says may come
        from outside (a file, a name, the server), so it is shown through ``for_terminal``,
        cut to a notice's length."""
        super().notify(for_terminal(message, NOTICE_LENGTH), title=for_terminal(title), severity=severity,
                       timeout=timeout, markup=markup)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return TABLE_VARIABLES

    def offer_only(self, themes: Iterable[Theme]) -> None:
        """Make ``themes`` the app's only ones, in place of Textual's own (dracula, nord…):
        the palette's Theme command, the settings and the saved setting then name the
        same themes."""
        for name in list(self.available_themes):
            self.unregister_theme(name)
        for theme in themes:
            self.register_theme(theme)

    def table_theme_names(self) -> list[str]:
        """The themes made for the table: bundled and the player's own."""
        return list(self.available_themes)

    # --- the first screen ----------------------------------------------------------------------

    def on_mount(self) -> None:
        self.call_after_refresh(collect_from_now_on)
        self.theme_changed_signal.subscribe(self, self.theme_chosen)
        for problem in self.problems:
            self.notify(problem, severity="warning", timeout=10, markup=False)
        if self.served:
            self.to_lobby(back_to_seat=True)
            return
        if self.viewing is not None:
            self.view_hand(self.viewing)
            return
        if self.spec is not None:
            self.start_table(self.spec)
            return
        slots = self.saved_sessions()
        if self.resume is not None:  # the one asked for, or none: never another one quietly
            slots = [slot for slot in slots if slot.path == self.resume]
        for slot in slots:
            if self.continue_session(slot, quietly=self.resume is None):
                self.notify(_("Welcome back: your {ruleset} session goes on.").format(ruleset=slot.saved.spec.ruleset),
                            timeout=4, markup=False)
                return
        self.new_game()

    def view_hand(self, viewing: Viewing) -> None:
        """The hand viewer on ``viewing``'s hand; leaving it ends the app."""
        self.push_screen(self.viewer_screen(viewing.game, viewing.shown), lambda _left: self.exit())

    def viewer_screen(self, game: str, shown: ShownHand) -> Screen:
        """The hand viewer's screen on ``shown``, a hand of ``game`` (``ramsli replay --view``, the history)."""
        from .common.hand_viewer import HandViewerScreen, seat_names
        from .table_screens import viewer_felt

        steps = shown.steps
        dealt = steps[0].hand
        felt = viewer_felt(game, dealt.players, seat_names(shown.names, dealt.players))
        # TRANSLATORS: the hand viewer's title: "Ramsli · classic · a hand replayed"
        title = _("{game} · {ruleset} · a hand replayed").format(game=game_named(game).title,
                                                                 ruleset=dealt.rules.name)
        return HandViewerScreen(felt, steps, title)

    # --- sessions: each saved in its own file ---------------------------------------------------

    @property
    def save_path(self) -> Path | None:
        """Where the session at the table is saved."""
        return self.autosave.path if self.autosave is not None else None

    def saved_sessions(self) -> list[SaveSlot]:
        """Every saved session, the last played first (files that cannot be read are set
        aside, and the player told)."""
        slots, problems = self.storage.saved_games()
        for problem in problems:
            self.notify(problem, title=_("Saved game"), severity="error", timeout=12, markup=False)
        return slots

    def continue_session(self, slot: SaveSlot, quietly: bool = False) -> bool:
        """Sit at the session saved in ``slot``; False if it cannot be replayed (it is then
        set aside, and the player told)."""
        saved = slot.saved
        try:
            table = Table.for_spec(saved.spec, delay=self.pace, actions=saved.actions, results_read=saved.results_read)
        except (ReplayError, FileProblem, ValueError) as error:
            problem = self.storage.set_game_aside(slot.path, error_said(error))
            self.notify(str(problem), title=_("Saved game"), severity="error", timeout=12, markup=False)
            return False
        if quietly and table.game.is_over and saved.results_read is None:
            return False  # an old save of a finished session: nothing to come back to
        self.sit_at(table, saved, slot.path)
        return True

    @staticmethod
    def session_label(slot: SaveSlot) -> str:
        from ..storage.save_labels import described

        return described(slot)

    def delete_session(self, slot: SaveSlot) -> None:
        if self.table is not None and self.save_path == slot.path:
            self.leave_table()
        self.storage.discard_game(slot.path)

    def session_result_read(self) -> None:
        """The person has read how the session ended: its file is no longer needed."""
        if self.save_path is not None:
            self.storage.discard_game(self.save_path)

    @property
    def served(self) -> bool:
        """Is this app a session of ``ramsli serve``, its tables the server's?"""
        return self.lobby is not None

    def meet(self, lobby) -> None:
        """Served by ``lobby`` from now on (a spare app, made before its person came,
        given its person: net/forks.py): the lobby shown meets it."""
        from .common.lobby import LobbyScreen

        self.lobby = lobby
        if isinstance(self.screen, LobbyScreen):
            self.screen.meet(lobby)
        else:
            self.to_lobby(back_to_seat=True)

    def to_lobby(self, back_to_seat: bool = False) -> None:
        """Served: the lobby, leaving the table sat at (the seat is kept at the server);
        ``back_to_seat``: straight on to a table the person sits at, if one is played."""
        from .common.lobby import LobbyScreen

        self.leave_table()
        self.switch_to(LobbyScreen(self.lobby, back_to_seat))

    def new_game(self) -> None:
        """Go to the setup screen; the session at the table stays, saved, to go back to.
        Served: back to the lobby."""
        if self.served:
            self.to_lobby()
            return
        from .common.setup import SetupScreen

        self.switch_to(SetupScreen(self.settings, can_go_back=self.client is not None))

    def action_new_game(self) -> None:
        self.new_game()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``n`` sets up a new game from a table played here, as the palette's "New game"
        does (at a server, the lobby is where tables are made; a screen's own ``n`` comes first)."""
        if action == "new_game":
            from .common.table_base import TableScreenBase

            screen = self.screen
            return not self.served and isinstance(screen, TableScreenBase) and not screen.watching
        return True

    def back_to_table(self) -> None:
        if self.client is not None:
            self.switch_to(self.table_screen(self.autosave.saved.raised if self.autosave else None))

    def table_screen(self, raised: str | None) -> Screen:
        """The screen of the game at the table, for the person's client; ``raised``: the
        code of the card a Ramsli player had raised when the session was left."""
        from .table_screens import table_screen

        game = self.remote_game if self.table is None else self.table.spec and self.table.spec.game
        return table_screen(game or HOUSE_GAME, self.client, raised)

    def start_table(self, spec: GameSpec) -> None:
        """Deal a new session for ``spec``, in a file of its own."""
        try:
            table = Table.for_spec(spec, delay=self.pace)
        except (FileProblem, ValueError) as error:
            self.notify(error_said(error), title=_("This ruleset cannot be used"), severity="error", markup=False)
            return
        self.sit_at(table, SavedGame(spec), self.storage.new_save_path())

    def sit_at(self, table: Table, saved: SavedGame, save_path: Path) -> None:
        """Take the person's seat at ``table`` (the session ``saved`` as it stands), saved
        to ``save_path`` after every action."""
        self.leave_table()
        self.autosave = Autosave(self.storage, save_path, saved)
        try:
            self.autosave.save()  # a new session has its file at once: listed, and its name taken
        except StorageError as error:
            self.notify(str(error), severity="error", timeout=8, markup=False)
        table.observe(self.autosave)
        self.keep_hands_of(table, save_path.name)
        self.table = table
        self.client = LocalClient(table, table.people[0])
        self.switch_to(self.table_screen(saved.raised))

    def keep_hands_of(self, table: Table, place: str) -> None:
        """Each hand of ``table`` kept in the person's history as it finishes (the server
        keeps those of its tables): a history that cannot be read is set aside, and a hand
        that cannot be kept never stops play; each said once."""
        if table.spec is None:
            return
        if self.opened_history(made=True) is not None:
            table.observe(KeptAtTheTable(self.history, place, table.spec, lambda: table.game,
                                         lambda error: self.tell_of_history(words_of(error).said())))

    def tell_of_history(self, problem: str) -> None:
        self.notify(problem, title=_("Hand history"), severity="warning", timeout=12, markup=False)

    def sit_remote(self, client: TableClient, game: str) -> None:
        """Served: take the seat ``client`` holds at a table of ``game`` on the server."""
        self.leave_table()
        self.client, self.remote_game = client, game
        self.switch_to(self.table_screen(None))

    def card_raised(self, code: str) -> None:
        """The person raised another card: kept, so that a crash does not lower it."""
        if self.autosave is not None:
            try:
                self.autosave.card_raised(code)
            except StorageError:
                pass  # the next action's save says what is wrong

    def run_table(self) -> None:
        """Let the session go on (once its screen is up; once only, whatever screen comes back)."""
        if self.table is not None and (self.table_worker is None or self.table_worker.is_finished):
            self.table_worker = self.run_worker(self.table.run, name="table", group="table", exit_on_error=False)

    def leave_table(self) -> None:
        if self.client is not None:
            self.client.leave()
        self.workers.cancel_group(self, "table")
        self.table = self.client = self.table_worker = self.autosave = self.remote_game = None

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == "table" and event.state is WorkerState.ERROR:
            self.report_error(event.worker.error, _("The game stopped"))

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
        """The settings kept: in the settings file, and served, at the server too (a
        session's own folder goes with it)."""
        if self.served:
            self.tell_changed_settings()
        try:
            self.storage.save_settings(self.settings)
        except OSError as error:
            self.notify(_("Your settings could not be saved ({reason}).").format(reason=error.strerror or error),
                        severity="warning", markup=False)

    def tell_changed_settings(self) -> None:
        """Tell the server the settings changed since it was last told (only those: another
        session of the person's may have changed others meanwhile)."""
        now = self.settings.personal()
        changed = {name: value for name, value in now.items() if self.settings_told.get(name) != value}
        if changed:
            self.lobby.settings_chosen(changed)
            self.settings_told = now

    def take_settings(self) -> None:
        """The settings of the storage now given (a spare app's person's, net/forks.py)."""
        self.settings, self.problems = self.read_settings()
        self.settings_told = self.settings.personal()
        self.pace = self.settings.bot_delay
        self.theme = self.theme_chosen_in_settings()

    def theme_chosen_in_settings(self) -> str:
        """The settings' theme, if the app has it, else the default."""
        return self.settings.theme if self.settings.theme in self.available_themes else DEFAULT_THEME

    def theme_chosen(self, theme) -> None:
        if self.settings.theme != theme.name:
            self.settings.theme = theme.name
            self.remember_settings()

    def set_faces(self, faces: str) -> None:
        if faces == self.settings.faces:
            return
        self.settings.faces = faces
        self.remember_settings()
        self.redraw_screens()

    def set_language(self, language: str | None) -> None:
        """Speak ``language`` (None: the one the environment names) from now on, and keep
        it: the settings, the key bars and what the screens redraw speak it at once, the
        texts a screen wrote when it opened from the next screen on."""
        if language == self.settings.language:
            return
        self.settings.language = language
        self.remember_settings()
        if self.served:
            self.lobby.language_chosen(language)  # the server keeps it apart: it chooses the app's before it starts
        use_language(choose_language(language, environment=self.environment or {}))
        self.redraw_screens()

    def redraw_screens(self) -> None:
        """Every screen draws its table again (in the card faces and language now chosen),
        and its key bar."""
        from .widgets.key_bar import KeyBar

        for screen in self.screen_stack:
            redraw = getattr(screen, "redraw", None)
            if redraw is not None:
                redraw()
            for bar in screen.query(KeyBar):
                bar.keys_changed()

    def set_pace(self, seconds: float) -> None:
        self.settings.bot_delay = self.pace = seconds
        self.remember_settings()
        if self.table is not None:
            self.table.delay = seconds

    def action_command_palette(self) -> None:
        """The command palette, in the language spoken."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette())

    def action_settings(self) -> None:
        from .common.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def opened_history(self, made: bool = False) -> HandHistory | None:
        """The person's history, opened if it is not yet, and ``made`` if there is none
        (None if none is kept yet and none is made, or it cannot be had: said)."""
        if self.history is None and (made or (self.storage.data_dir / HISTORY_FILE).exists()):
            self.history, problem = self.storage.open_history()
            if problem is not None:
                self.tell_of_history(str(problem))
        return self.history

    def history_source(self) -> HistorySource:
        """The history the History and Statistics screens read: at a server the server's,
        of the person's own sessions; here the person's own."""
        return ServedHistory(self.lobby) if self.served else OwnHistory(self.opened_history(), self.settings.name)

    def action_hand_history(self) -> None:
        """The person's past sessions and hands."""
        from .common.history_screen import HistoryScreen

        if not isinstance(self.screen, HistoryScreen):
            self.push_screen(HistoryScreen(self.history_source()))

    def action_statistics(self) -> None:
        from .common.statistics_screen import StatisticsScreen

        if not isinstance(self.screen, StatisticsScreen):
            self.push_screen(StatisticsScreen(self.history_source()))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The app's own entries of the palette, none of Textual's (its Quit would leave
        without the table's question, its Theme around the settings)."""
        yield SystemCommand(_("Settings"), _("Theme, card faces, pace, and how the table plays"), self.action_settings)
        if self.settings.faces == "french":
            yield SystemCommand(_("Card faces: german"), _("Show the cards with german faces"), lambda: self.set_faces("german"))
        else:
            yield SystemCommand(_("Card faces: french"), _("Show the cards with french faces"), lambda: self.set_faces("french"))
        yield SystemCommand(_("New game"), _("Leave this session (it stays saved) and set up a new one"), self.new_game)
        yield SystemCommand(_("Your history"), _("Your past sessions and their hands, each to watch again (f3)"),
                            self.action_hand_history)
        whose = (_("Your own figures at this server, game by game") if self.served
                 else _("Your figures and your opponents', game by game"))
        yield SystemCommand(_("Statistics"), whose, self.action_statistics)

    # --- errors ----------------------------------------------------------------------------

    def report_error(self, error: BaseException | None, title: str) -> None:
        """Write the details to the error log and tell the player in one sentence."""
        where = self.log_error(error)
        self.notify(
            _("{error}. The game is saved; start ramsli again to go on. Details: {where}").format(error=error, where=where),
            title=title, severity="error", timeout=30, markup=False,
        )

    def log_error(self, error: BaseException | None) -> str:
        """Write ``error``'s traceback to the error log; where the log is, as it may be shown."""
        path = self.storage.crash_log_path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write("".join(traceback.format_exception(error)) + "\n")
        except OSError:
            return _("(the error log could not be written)")
        return shown_path(path)

    def _handle_exception(self, error: Exception) -> None:
        """Never a traceback on screen: log it, say so in one sentence, and leave cleanly."""
        if self._exception is None:
            self._exception = error  # so that tests still see it
            self._exception_event.set()
        where = self.log_error(error)
        said = for_terminal(f"{type(error).__name__}: {error}", CRASH_LENGTH)
        self.exit(return_code=1, message=Text(  # Text: shown as it is, never read as markup
            _("ramsli stopped on an unexpected error ({error}).\n"
              "A game in progress is saved after every move: run ramsli again to go on. Details are in {where}"
              ).format(error=said, where=where)))


class Palette(CommandPalette):
    """Textual's command palette, its own words in the language spoken."""

    def __init__(self) -> None:
        super().__init__(id="--command-palette", placeholder=_("Search for commands…"))

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's own (textual 8.2.8), saying that nothing matches in the language spoken."""
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(_("No matches found"), style="not bold")), disabled=True, id=self._NO_MATCHES))
            self._list_visible = bool(search_value)

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)


def collect_from_now_on() -> None:
    """Start collecting garbage again, once the first screen is drawn (see ``run_with``); what
    was made to get there lives as long as the app, so the collector need not scan it."""
    gc.freeze()
    gc.enable()


def run_with(storage: Storage, spec_for: Callable[[Settings], GameSpec] | None = None,
             bot_delay: float | None = None, resume: Path | None = None, language: str | None = None) -> int:
    """Run the app on ``storage``, which this process holds, in ``language`` (the command
    line's), else the Language setting's, else the one the environment names."""
    gc.disable()  # until the first frame: starting makes many objects and frees almost none
    app = RamsliApp(storage, bot_delay=bot_delay, resume=resume, language=language, environment=os.environ)
    if spec_for is not None:
        app.spec = spec_for(app.settings)
    app.run()
    return app.return_code or 0


def run_viewer(storage: Storage, record: str, source: str, base_dir: Path, first_line: int = 1,
               language: str | None = None) -> int:
    """Show the hand record ``record`` (from ``source``, a ruleset it names by path found
    beside it in ``base_dir`` or where the command was typed) in the hand viewer, in the
    language chosen as ``run_with`` chooses it; RecordError, before the app starts, if it
    cannot be replayed.  It holds no saved session: any number may look at hands."""
    kind = game_of_record(record)
    shown = kind.steps.shown_hand(record, source, base_dir, also_from=[Path.cwd()], first_line=first_line)
    app = RamsliApp(storage, language=language, environment=os.environ, viewing=Viewing(kind.name, shown))
    app.run()
    return app.return_code or 0
