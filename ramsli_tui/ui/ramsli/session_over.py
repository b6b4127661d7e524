"""The end of the session: the result, the final stacks with what each player won or lost
over the session ("59 chips ▲39"), and what next: at home a new game or quitting, at a
server's table back to its lobby (where the next table is made)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from ...games.ramsli.engine.events import SessionEnded
from .chronicle import Chronicle, change_mark
from .words import RamsliWords, join_lines
from ..common.dialog import Dialog
from ...languages import N_, _, ngettext

WAY_OUT_AFTER = 0.6  # seconds before Enter takes the way out: an Enter typed ahead, meant
# for the last hand's result, must not skip the standings it opened



def place(stacks: tuple[int, ...], seat: int) -> int:
    """The seat's place by its stack; equal stacks share a place (1, 2, 2, 4)."""
    return 1 + sum(stack > stacks[seat] for stack in stacks)


def standings(stacks: tuple[int, ...], starts: tuple[int, ...], words: RamsliWords) -> list[str]:
    """A line for each player, the best first: the place, the name, the chips and what they
    won or lost since the start."""
    ranking = sorted(range(len(stacks)), key=lambda seat: -stacks[seat])
    return [
        f"{place(stacks, seat)}. {words.name(seat):<14} {words.chips(stacks[seat]):>10} "
        f"{change_mark(stacks[seat] - starts[seat])}".rstrip()
        for seat in ranking
    ]


class SessionOverScreen(Dialog[None]):
    DEFAULT_CSS = """
    SessionOverScreen {
        #result { width: 100%; margin-bottom: 1; }
        #buttons { height: auto; align-horizontal: center; }
        Button { margin: 0 1; }
    }
    """

    AUTO_FOCUS = ""  # nothing at first (None would be the app's "*"): the way out takes it after WAY_OUT_AFTER

    BINDINGS = [
        Binding("s", "scoreboard", N_("Scores"), id="over.scoreboard"),
        Binding("n", "new_game", N_("New game"), id="over.new_game"),
        Binding("q,escape", "quit", N_("Quit"), id="over.quit"),
    ]

    def __init__(self, ended: SessionEnded, chronicle: Chronicle, words: RamsliWords) -> None:
        super().__init__()
        self.ended = ended
        self.chronicle = chronicle
        self.words = words

    def compose(self) -> ComposeResult:
        words = self.words
        lines: list[str | Content] = [Content.styled(words.session_result(self.ended), "bold"), ""]
        lines += standings(self.ended.stacks, self.chronicle.starting_stacks, words)
        played = len(self.chronicle.settled_hands)
        lines += ["", ngettext("{count} hand played.", "{count} hands played.", played).format(count=played)]
        with self.box(_("Session over")):
            yield Static(join_lines(lines), id="result")
            with Horizontal(id="buttons"):
                yield Button(_("Scores (s)"), id="scoreboard", compact=True)
                if self.app.served:
                    yield Button(_("Lobby (q)"), id="quit", variant="primary", compact=True)
                else:
                    yield Button(_("New game (n)"), id="new_game", variant="primary", compact=True)
                    yield Button(_("Quit (q)"), id="quit", compact=True)

    def on_mount(self) -> None:
        """Enter takes the way out (the lobby, or a new game), not the scores, once the
        standings have been up for a moment."""
        self.set_timer(WAY_OUT_AFTER, self.focus_the_way_out)

    def focus_the_way_out(self) -> None:
        self.query_one("#quit" if self.app.served else "#new_game", Button).focus()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id)

    def action_scoreboard(self) -> None:
        from .scoreboard import ScoreboardScreen

        self.app.push_screen(ScoreboardScreen(self.chronicle, self.words))

    def action_new_game(self) -> None:
        self.app.session_result_read()
        self.app.leave_table()
        self.app.new_game()

    def action_quit(self) -> None:
        """Quit; at a server's table, back to the lobby."""
        if self.app.served:
            self.app.to_lobby()
            return
        self.app.session_result_read()
        self.app.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """At a server, the next game is made in the lobby: q leads there, n is not offered."""
        return not (action == "new_game" and self.app.served)

    def binding_description(self, binding: Binding) -> str:
        return _("Lobby") if binding.action == "quit" and self.app.served else _(binding.description)
