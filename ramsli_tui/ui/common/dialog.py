"""What the app's dialogs share: a bordered box in the middle of the screen, over the table."""

from __future__ import annotations

from textual.containers import Vertical
from textual.screen import ModalScreen, ScreenResultType


class Dialog(ModalScreen[ScreenResultType]):
    DEFAULT_CSS = """
    Dialog {
        align: center middle;
        .box {
            width: 64; max-width: 100%; height: auto; max-height: 100%;
            border: thick $primary; background: $surface; padding: 0 2;
        }
    }
    """

    @staticmethod
    def box(title: str = "", *, id: str | None = None) -> Vertical:
        """The dialog's box, to compose its content in: ``with self.box("Settings"): …``."""
        box = Vertical(classes="box", id=id)
        box.border_title = title
        return box
