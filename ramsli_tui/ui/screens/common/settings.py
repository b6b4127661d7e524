"""Settings: the theme, the card faces and the computer players' pace, applied at once and
remembered."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Label, Select, Static

from ....storage import shown
from .dialog import Dialog

PACES = ((0.0, "no pause"), (0.3, "quick"), (0.6, "normal"), (1.2, "slow"), (2.0, "very slow"))
FACES = (("french", "French ♠ ♥ ♦ ♣"), ("german", "German: leaves, hearts, bells, acorns; Ober, Unter"))


class SettingsScreen(Dialog[None]):
    DEFAULT_CSS = """
    SettingsScreen {
        .box { width: 72; padding: 1 2; }
        .row { height: auto; margin-bottom: 1; }
        .row Label { width: 16; color: $text-muted; }
        .row Select { width: 1fr; }
        #where { color: $text-muted; margin-bottom: 1; }
        #done { width: 100%; }
    }
    """

    BINDINGS = [Binding("escape", "dismiss", "Close", id="settings.close")]

    def compose(self) -> ComposeResult:
        app = self.app
        settings = app.settings
        themes = sorted(app.table_theme_names())
        self.pace = min(PACES, key=lambda choice: abs(choice[0] - app.pace))[0]  # the nearest offered
        choices = (
            ("Theme", "theme", [(name, name) for name in themes], app.theme if app.theme in themes else themes[0]),
            ("Card faces", "faces", [(label, value) for value, label in FACES], settings.faces),
            ("Computer pace", "pace", [(label, value) for value, label in PACES], self.pace),
        )
        with self.box("Settings"):
            for label, id, options, value in choices:
                with Horizontal(classes="row"):
                    yield Label(label)
                    yield Select(options, value=value, allow_blank=False, compact=True, id=id)
            yield Static(Content(
                f"Settings are kept in {shown(app.storage.settings_path)}.\n"
                f"Your own themes: copy a theme file into {shown(app.storage.themes_dir)} and edit it."
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

    @on(Button.Pressed, "#done")
    def done(self) -> None:
        self.dismiss()
