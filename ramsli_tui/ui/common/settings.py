"""Settings: the language, the theme, the card faces, the computer players' pace and how
the table plays (a pause after each trick, a second click to play a card, a signal when
it is your turn, hints, motion), applied at once and remembered.

Each option is one line, down to 60×20; the values offered are the ones the settings
file allows, each with its words here.  A language chosen speaks at once in this dialog,
the key bars and what the screens redraw; the texts a screen wrote when it opened change
from the next screen on.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Label, Select, Static

from ...languages import LANGUAGES, N_, _
from ...storage import shown_path
from ...storage.settings import FACES, TRICK_PAUSES, TURN_ALERTS
from .dialog import Dialog

PACES = ((0.0, N_("no pause")), (0.3, N_("quick")), (0.6, N_("normal")), (1.2, N_("slow")), (2.0, N_("very slow")))
YES_NO = (False, True)
SYSTEM_LANGUAGE = ""  # the Language drop-down's value for "as the system says": no setting kept


def worded(values: Sequence[Any], words: Sequence[str]) -> list[tuple[str, Any]]:
    """A drop-down's options: each value allowed with its words (ValueError if they do not pair up)."""
    return list(zip(words, values, strict=True))


def translated(options: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """A drop-down's options with their words in the language spoken."""
    return [(_(words), value) for words, value in options]


# TRANSLATORS: the German-suited cards' option in the settings; German players may add Grün for Laub.
FACE_OPTIONS = worded(FACES, (N_("French ♠ ♥ ♦ ♣"), N_("German (Laub, Schellen, Eichel)")))
PLAY_SETTINGS = (  # (label, setting, options): what the table reads of the settings as it plays
    (N_("After a trick"), "trick_pause", worded(TRICK_PAUSES, (N_("pause briefly"), N_("wait for space or Enter")))),
    (N_("Play a card"), "second_click", worded(YES_NO, (N_("on the first click"), N_("on a second click or Enter")))),
    (N_("Your turn"), "turn_alert", worded(TURN_ALERTS, (N_("no signal"), N_("ring the bell"), N_("flash the screen")))),
    (N_("Hints"), "hints", worded(YES_NO, (N_("off"), N_("on request, against computers")))),
    (N_("Motion"), "motion", worded(YES_NO, (N_("off"), N_("cards glide, chips count across")))),
)


def language_options() -> list[tuple[str, str]]:
    """The Language drop-down's options: as the system says, then each language in itself."""
    # TRANSLATORS: the Language setting's first choice: the language the system's environment names.
    return [(_("as the system says"), SYSTEM_LANGUAGE), *((name, code) for code, name in LANGUAGES.items())]


class SettingsScreen(Dialog[None]):
    DEFAULT_CSS = """
    SettingsScreen {
        .box { width: 72; padding: 1 2; }
        .row { height: auto; margin-bottom: 1; }
        .row Label { width: 15; color: $text-muted; }
        .row Select { width: 1fr; }
        #where { color: $text-muted; margin-bottom: 1; }
        #done { width: 100%; }
        &.-short {  /* every option on a line of its own, without a line between */
            .box { padding: 0 2; }
            .row { margin-bottom: 0; }
            #where { margin: 1 0; }
        }
    }
    """

    BINDINGS = [Binding("escape", "dismiss", N_("Close"), id="settings.close")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    def compose(self) -> ComposeResult:
        app = self.app
        settings = app.settings
        themes = sorted(app.table_theme_names())
        self.pace = min(PACES, key=lambda choice: abs(choice[0] - app.pace))[0]  # the nearest offered
        choices = (
            (_("Language"), "language", language_options(), settings.language or SYSTEM_LANGUAGE),
            (_("Theme"), "theme", [(name, name) for name in themes], app.theme if app.theme in themes else themes[0]),
            (_("Card faces"), "faces", translated(FACE_OPTIONS), settings.faces),
            (_("Computer pace"), "pace", [(_(label), value) for value, label in PACES], self.pace),
            *((_(label), name, translated(options), getattr(settings, name)) for label, name, options in PLAY_SETTINGS),
        )
        # TRANSLATORS: the settings' labels take 14 columns at most.
        with self.box(_("Settings")):
            for label, id, options, value in choices:
                with Horizontal(classes="row"):
                    yield Label(label)
                    yield Select(options, value=value, allow_blank=False, compact=True, id=id)
            yield Static(Content(self.where_they_are_kept()), id="where")
            yield Button(_("Done (Esc)"), id="done", variant="primary", compact=True)

    def where_they_are_kept(self) -> str:
        """Where the settings are kept, and where the person's own themes go (a served
        session's folders are its own, and go with it: the server keeps the settings)."""
        storage = self.app.storage
        if self.app.served:
            return _("The server keeps your settings for your next sessions there.")
        return _(
            "Settings are kept in {settings}.\n"
            "Your own themes: copy a theme file into {themes} and edit it."
        ).format(settings=shown_path(storage.settings_path), themes=shown_path(storage.themes_dir))

    @on(Select.Changed, "#language")
    async def language_changed(self, event: Select.Changed) -> None:
        """Spoken at once: this dialog is written again in the language chosen."""
        language = event.value or None
        if language != self.app.settings.language:
            self.app.set_language(language)
            await self.recompose()
            self.query_one("#language", Select).focus()

    @on(Select.Changed, "#theme")
    def theme_changed(self, event: Select.Changed) -> None:
        self.app.theme = event.value

    @on(Select.Changed, "#faces")
    def faces_changed(self, event: Select.Changed) -> None:
        self.app.set_faces(event.value)

    @on(Select.Changed, "#pace")
    def pace_changed(self, event: Select.Changed) -> None:
        """A pace chosen (not the one shown on opening, which may be a nearest)."""
        if event.value != self.pace:
            self.pace = event.value
            self.app.set_pace(event.value)

    @on(Select.Changed, ", ".join(f"#{name}" for _label, name, _options in PLAY_SETTINGS))
    def play_setting_changed(self, event: Select.Changed) -> None:
        """Kept at once, for the table to read as it plays."""
        settings, name = self.app.settings, event.select.id
        if getattr(settings, name) != event.value:
            setattr(settings, name, event.value)
            self.app.remember_settings()

    @on(Button.Pressed, "#done")
    def done(self) -> None:
        self.dismiss()
