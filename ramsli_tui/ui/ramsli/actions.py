"""The buttons for what is not a card: in/out, General Rams, Nap targets and pass.

Only the buttons the ruleset can ever need are made, and of those only the actions the
view says are legal now are shown; each button's label names its key.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Button

from ...games.ramsli.engine import GENERAL_RAMS, IN, NAP, OUT, PASS, Action
from ...games.ramsli.house_rules import Ruleset
from ..messages import ActionChosen
from ...languages import N_, _

# TRANSLATORS: the buttons to declare in («dedans», „rein“, «entro») or out («dehors», „raus“,
# «paso»), to announce, and to pass instead; 20 columns at most, the key in brackets kept
BUTTONS: tuple[tuple[str, Action, str], ...] = (
    ("act-in", IN, N_("In [b](i)[/]")),
    ("act-out", OUT, N_("Out [b](o)[/]")),
    ("act-general-rams", GENERAL_RAMS, N_("General Rams [b](g)[/]")),
    *((f"act-nap-{target}", NAP[target], N_("Nap {target} [b]({target})[/]")) for target in (2, 3, 4, 5)),
    ("act-pass", PASS, N_("Pass [b](p)[/]")),
)
ACTION_OF = {button_id: action for button_id, action, _label in BUTTONS}


class ActionBar(Widget):
    DEFAULT_CSS = """
    ActionBar {
        layout: vertical;
        height: auto;
        width: 1fr;
        padding: 1 0 0 1;
        Button { width: 20; margin-bottom: 0; }
        Button.-hidden { display: none; }
    }
    """

    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules

    def possible(self, action: Action) -> bool:
        """Can this ruleset ever offer ``action``?"""
        rules = self.rules
        if action in (IN, OUT):
            return not rules.obligatory
        if action == GENERAL_RAMS:
            return rules.general_rams
        if action == PASS:
            return rules.general_rams or rules.nap
        return rules.nap

    def compose(self) -> ComposeResult:
        for button_id, action, label in BUTTONS:
            if self.possible(action):
                yield Button(_(label).format(target=action.target), id=button_id, compact=True, classes="-hidden")

    def show(self, legal: tuple[Action, ...]) -> None:
        for button in self.query(Button):
            button.set_class(ACTION_OF[button.id] not in legal, "-hidden")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(ActionChosen(ACTION_OF[event.button.id]))
