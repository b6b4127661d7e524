"""A hand's result: the going-out's melds laid on the table, who gets the points, and
the scores; after the last hand, who lost the game.  Enter goes on.  Below 80 columns
the cards narrow as in the hand, so that thirteen of them fit in one row."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.events import Resize
from textual.widgets import Button, Static

from ...games.rami.engine import RamiView
from ...games.rami.engine.events import HandScored
from ..common.table_base import ResultDialog
from .card import NARROW_BELOW, RamiCard
from .words import RamiWords


class RoundOverScreen(ResultDialog):
    DEFAULT_CSS = """
    RoundOverScreen {
        .box { width: 100; }
        .meld { height: auto; width: auto; margin-right: 2; }
        .meld CardWidget { margin: 0; }
        #melds { height: auto; width: 100%; }
        #go-on { width: 100%; margin-top: 1; }
        &.-narrow {
            .box { padding: 0 1; }
            .meld { margin-right: 1; }
            .meld CardWidget { width: 4; border-right: none; }
        }
    }
    """

    BINDINGS = [  # Enter, as its button says, before the button's own Enter
        Binding("enter", "go_on", "Go on", key_display="Enter", priority=True, id="round_over.go_on"),
        Binding("escape", "go_on", "Go on", show=False, id="round_over.go_on_escape"),
    ]

    def __init__(self, scored: HandScored, view: RamiView, words: RamiWords, last: bool) -> None:
        super().__init__()
        self.scored, self.view, self.words, self.last = scored, view, words, last

    def compose(self) -> ComposeResult:
        words, scored, out = self.words, self.scored, self.view.out
        with self.box(f"Hand {scored.number}: {words.subject(scored.winner)} went out"):
            if out is not None:
                with Horizontal(id="melds"):
                    for meld in out.melds:
                        with Horizontal(classes="meld"):
                            for card in meld:
                                widget = RamiCard(card)
                                widget.faces = words.faces
                                yield widget
                yield Static(Content(f"… and threw {words.card(out.discard)}."))
            yield Static(Content(self.points_text()), id="points")
            yield Button("Go on (Enter)", variant="primary", id="go-on")

    def on_mount(self) -> None:
        self.set_class(self.app.size.width < NARROW_BELOW, "-narrow")

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_BELOW, "-narrow")

    def points_text(self) -> str:
        words, scored, view = self.words, self.scored, self.view
        each = " each" if view.players == 4 else ""
        lines = [f"{words.side_does(scored.losing_side, 'get')} {view.rules.points_per_loser} points{each}.",
                 "Scores: " + " – ".join(f"{words.side(side)} {scored.scores[side]}" for side in (0, 1))
                 + f" (the game is lost at {view.rules.lost_at(view.players)})."]
        if self.last:
            lines.append(f"{words.side_does(scored.losing_side, 'lose')} the game.")
        return "\n".join(lines)

    def on_button_pressed(self) -> None:
        self.action_go_on()

    def action_go_on(self) -> None:
        self.dismiss(None)
