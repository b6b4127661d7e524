"""The end of the session: the result, the final stacks, and what next."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from ....games.ramsli.engine.events import SessionEnded
from .chronicle import Chronicle
from .words import Words, join_lines
from ..common.dialog import Dialog


def place(stacks: tuple[int, ...], seat: int) -> int:
    """The seat's place by its stack; equal stacks share a place (1, 2, 2, 4)."""
    return 1 + sum(stack > stacks[seat] for stack in stacks)


class SessionOverScreen(Dialog[None]):
    DEFAULT_CSS = """
    SessionOverScreen {
        #result { width: 100%; margin-bottom: 1; }
        #buttons { height: auto; align-horizontal: center; }
        Button { margin: 0 1; }
    }
    """

    BINDINGS = [
        Binding("s", "scoreboard", "Scores", id="over.scoreboard"),
        Binding("n", "new_game", "New game", id="over.new_game"),
        Binding("q,escape", "quit", "Quit", id="over.quit"),
    ]

    def __init__(self, ended: SessionEnded, chronicle: Chronicle, words: Words) -> None:
        super().__init__()
        self.ended = ended
        self.chronicle = chronicle
        self.words = words

    def compose(self) -> ComposeResult:
        words = self.words
        stacks = self.ended.stacks
        ranking = sorted(range(len(stacks)), key=lambda seat: -stacks[seat])
        lines: list[str | Content] = [Content.styled(words.session_result(self.ended), "bold"), ""]
        lines += [
            f"{place(stacks, seat)}. {words.seat(seat):<14} {words.chips(stacks[seat])}" for seat in ranking
        ]
        played = len(self.chronicle.settled_hands)
        lines += ["", f"{played} hand{'' if played == 1 else 's'} played."]
        with self.box("Session over"):
            yield Static(join_lines(lines), id="result")
            with Horizontal(id="buttons"):
                yield Button("Scores (s)", id="scoreboard", compact=True)
                yield Button("New game (n)", id="new_game", variant="primary", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)

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
        self.app.session_result_read()
        self.app.exit()
