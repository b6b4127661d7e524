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
from ...languages import N_, _, pgettext
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
        Binding("enter", "go_on", N_("Go on"), key_display="Enter", priority=True, id="round_over.go_on"),
        Binding("escape", "go_on", N_("Go on"), show=False, id="round_over.go_on_escape"),
    ]

    def __init__(self, scored: HandScored, view: RamiView, words: RamiWords, last: bool) -> None:
        super().__init__()
        self.scored, self.view, self.words, self.last = scored, view, words, last

    def compose(self) -> ComposeResult:
        words, scored, out = self.words, self.scored, self.view.out
        mine = scored.winner == words.me
        if mine:
            title = _("Hand {number}: You went out").format(number=scored.number)
        else:
            title = _("Hand {number}: {name} went out").format(number=scored.number, name=words.names[scored.winner])
        with self.box(title):
            if out is not None:
                with Horizontal(id="melds"):
                    for meld in out.melds:
                        with Horizontal(classes="meld"):
                            for card in meld:
                                widget = RamiCard(card)
                                widget.faces = words.faces
                                yield widget
                # TRANSLATORS: under the melds laid down: {card} is the last card thrown.
                threw = pgettext("you went out", "… and threw {card}.") if mine else pgettext(
                    "another player went out", "… and threw {card}.")
                yield Static(Content(threw.format(card=words.card(out.discard))))
            yield Static(Content(self.points_text()), id="points")
            yield Button(_("Go on (Enter)"), variant="primary", id="go-on")

    def on_mount(self) -> None:
        self.set_class(self.app.size.width < NARROW_BELOW, "-narrow")

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_BELOW, "-narrow")

    def points_text(self) -> str:
        words, scored, view = self.words, self.scored, self.view
        lines = [words.side_gets(scored.losing_side, view.rules.points_per_loser),
                 # TRANSLATORS: {scores}: both sides' scores, "you 100 – Anna 0"; {lost_at}: the score that loses the game.
                 _("Scores: {scores} (the game is lost at {lost_at}).").format(
                     scores=words.scores(scored.scores, between=" – "), lost_at=view.rules.lost_at(view.players))]
        if self.last:
            lines.append(words.side_loses(scored.losing_side))
        return "\n".join(lines)

    def on_button_pressed(self) -> None:
        self.action_go_on()

    def action_go_on(self) -> None:
        self.dismiss(None)
