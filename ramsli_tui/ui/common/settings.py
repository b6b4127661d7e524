"""Settings: the theme, the card faces, the computer players' pace and how the table plays
(a pause after each trick, a second click to play a card, a signal when it is your turn,
hints), applied at once and remembered.

Each option is one line, down to 60×20; the values offered are the ones the settings
file allows, each with its words here.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Label, Select, Static

from ...storage import shown_path
from ...storage.settings import FACES, TRICK_PAUSES, TURN_ALERTS
from .dialog import Dialog

PACES = ((0.0, "no pause"), (0.3, "quick"), (0.6, "normal"), (1.2, "slow"), (2.0, "very slow"))
YES_NO = (False, True)


def worded(values: Sequence[Any], words: Sequence[str]) -> list[tuple[str, Any]]:
    """A drop-down's options: each value allowed with its words (ValueError if they do not pair up)."""
    return list(zip(words, values, strict=True))


FACE_OPTIONS = worded(FACES, ("French ♠ ♥ ♦ ♣", "German (Laub, Schellen, Eichel)"))
PLAY_SETTINGS = (  # (label, setting, options): what the table reads of the settings as it plays
    ("After a trick", "trick_pause", worded(TRICK_PAUSES, ("pause briefly", "wait for space or Enter"))),
    ("Play a card", "second_click", worded(YES_NO, ("on the first click", "on a second click or Enter"))),
    ("Your turn", "turn_alert", worded(TURN_ALERTS, ("no signal", "ring the bell", "flash the screen"))),
    ("Hints", "hints", worded(YES_NO, ("off", "on request, against computers"))),
)


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

    BINDINGS = [Binding("escape", "dismiss", "Close", id="settings.close")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    def compose(self) -> ComposeResult:
        app = self.app
        settings = app.settings
        themes = sorted(app.table_theme_names())
        self.pace = min(PACES, key=lambda choice: abs(choice[0] - app.pace))[0]  # the nearest offered
        choices = (
            ("Theme", "theme", [(name, name) for name in themes], app.theme if app.theme in themes else themes[0]),
            ("Card faces", "faces", FACE_OPTIONS, settings.faces),
            ("Computer pace", "pace", [(label, value) for value, label in PACES], self.pace),
            *((label, name, options, getattr(settings, name)) for label, name, options in PLAY_SETTINGS),
        )
        with self.box("Settings"):
            for label, id, options, value in choices:
                with Horizontal(classes="row"):
                    yield Label(label)
                    yield Select(options, value=value, allow_blank=False, compact=True, id=id)
            yield Static(Content(
                f"Settings are kept in {shown_path(app.storage.settings_path)}.\n"
                f"Your own themes: copy a theme file into {shown_path(app.storage.themes_dir)} and edit it."
            ), id="where")
            yield Button("Done (Esc)", id="done", variant="primary", compact=True)

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

    @on(Select.Changed, ", ".join(f"#{name}" for _, name, _ in PLAY_SETTINGS))
    def play_setting_changed(self, event: Select.Changed) -> None:
        """Kept at once, for the table to read as it plays."""
        settings, name = self.app.settings, event.select.id
        if getattr(settings, name) != event.value:
            setattr(settings, name, event.value)
            self.app.remember_settings()

    @on(Button.Pressed, "#done")
    def done(self) -> None:
        self.dismiss()
