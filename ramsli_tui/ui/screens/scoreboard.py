"""The scoreboard: each hand's dealer, pot, winners, betes and carry-over, every stack after
it (bracketed for the players who were out), and a chart of the stacks over the session."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Label

from ..chronicle import Chronicle
from ..widgets.key_bar import KeyBar
from ..widgets.stack_chart import StackChart
from ..words import Words


def stack_cell(stack: int, change: int, was_in: bool) -> str:
    """A stack and its change, bracketed for a player who sat the hand out."""
    text = f"{stack}{change:+}"
    return text if was_in else f"({text})"


class ScoreboardScreen(Screen):
    DEFAULT_CSS = """
    ScoreboardScreen {
        #heading { width: 1fr; padding: 0 1; background: $panel; text-style: bold; }
        DataTable { height: auto; max-height: 50%; margin: 0 1; }
        StackChart { margin: 1 1 0 1; }
    }
    """

    BINDINGS = [Binding("escape,s,q", "app.pop_screen", "Back to the table", id="scoreboard.back")]

    def __init__(self, chronicle: Chronicle, words: Words) -> None:
        super().__init__()
        self.chronicle = chronicle
        self.words = words

    def compose(self) -> ComposeResult:
        yield Label("Scoreboard · stacks after each hand, with the change · (bracketed): sat out", id="heading")
        yield DataTable(zebra_stripes=True, cursor_type="row")
        yield StackChart()
        yield KeyBar()

    def on_mount(self) -> None:
        words = self.words
        players = len(self.chronicle.starting_stacks)
        names = [words.seat(seat) for seat in range(players)]
        table = self.query_one(DataTable)
        table.add_columns("Hand", "Dealer", "Pot", "Won by", "Bete", "Carry", *names)
        table.add_row("start", "", "", "", "", "", *map(str, self.chronicle.starting_stacks))
        for hand in self.chronicle.settled_hands:
            settled = hand.settled
            table.add_row(
                str(hand.number),
                words.seat(hand.dealer),
                str(hand.pot),
                "+".join(words.seat(seat) for seat in settled.winners) or "–",
                "+".join(words.seat(seat) for seat in settled.betes) or "–",
                str(settled.pot),
                *(stack_cell(stack, change, bool(hand.was_in(seat))) for seat, (stack, change)
                  in enumerate(zip(settled.stacks, settled.changes))),
            )
        table.move_cursor(row=table.row_count - 1)
        self.query_one(StackChart).show(names, self.chronicle.stack_history())
