"""The baseline of bench/serve.py: a minimal Textual app, spawned afresh for each session.

A title, one line that → and ← change (the key the bench times), and the key bar.
"""

from textual.app import App
from textual.binding import Binding
from textual.widgets import Footer, Static


class Bare(App):
    BINDINGS = [Binding("right", "move(1)", "Next"), Binding("left", "move(-1)", "Previous"),
                Binding("q", "quit", "Quit")]

    def __init__(self):
        super().__init__()
        self.place = 0

    def compose(self):
        yield Static("Bare Textual app", id="title")
        yield Static("card 1 of 5", id="card")
        yield Footer()

    def action_move(self, step: int) -> None:
        self.place = (self.place + step) % 5
        self.query_one("#card", Static).update(f"card {self.place + 1} of 5")


if __name__ == "__main__":
    Bare().run()
