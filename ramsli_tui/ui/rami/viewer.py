"""Rami's felt in the hand viewer (``ui.common.hand_viewer``): the talon, the jetée and
the tournante as at the table, the melds of the player who went out once they have,
and every seat, its box as at the table, with the cards it holds face up under it (in
narrow cards, fourteen fit in 56 columns)."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from ...games.rami.engine import Hand
from ...games.rami.engine.events import Drew, TalonCardDrawn
from ...games.steps import Step
from ...languages import _
from ...text import for_terminal
from .hand import RamiHand
from .piles import Piles
from .seat import RamiSeat, RamiSeatState
from .words import RamiWords

NOBODY = -1  # the viewer's words say "you" to no seat: every player by name


class RamiViewerFelt(Vertical):
    """The felt of a Rami hand of ``players`` seats, the players called ``names``."""

    DEFAULT_CSS = """
    RamiViewerFelt {
        height: auto;
        #viewer-middle { height: auto; }
        #viewer-out { width: 1fr; height: auto; padding: 1 1 0 1; }
        .viewer-seat { height: auto; }
        RamiSeat { height: 2; width: 100%; border: none; background: $panel; margin-top: 1; }
        RamiSeat.-turn { border: none; text-style: reverse; }
        RamiHand CardWidget, RamiHand CardWidget.-group-end, RamiHand CardWidget.-selected {
            width: 4; margin: 0; border-right: none;
        }
        RamiHand CardWidget.-selected { border: $card-border $card-edge; border-right: none; }
    }
    """

    def __init__(self, players: int, names: Sequence[str]) -> None:
        super().__init__()
        self.players = players
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        with Horizontal(id="viewer-middle"):
            yield Piles()
            yield Static(id="viewer-out")
        for seat in range(self.players):
            with Vertical(classes="viewer-seat"):
                yield RamiSeat(id=f"viewer-seat-{seat}")
                hand = RamiHand(id=f"viewer-hand-{seat}")
                hand.can_focus = False  # shown, never played from
                yield hand

    def words(self, faces: str) -> RamiWords:
        return RamiWords(self.names, faces, NOBODY)

    def said(self, step: Step, faces: str) -> list[str]:
        """What the step made happen; a card drawn from the talon is named, the hand being over."""
        words = self.words(faces)
        told = []
        for event in step.events:
            if isinstance(event, Drew) and event.source == "talon":
                continue  # the card drawn says it
            if isinstance(event, TalonCardDrawn):
                # TRANSLATORS: the hand viewer, where every card is shown: {card} as "7♥" or "a joker"
                told.append(_("{name} drew {card} from the talon.").format(name=self.names[event.seat],
                                                                           card=words.card(event.card)))
            else:
                told.append(words.logged(event))
        return [sentence for sentence in told if sentence]

    def show(self, step: Step, faces: str) -> None:
        hand: Hand = step.hand
        view = hand.view(None)
        words = self.words(faces)
        for seat in range(self.players):
            self.query_one(f"#viewer-seat-{seat}", RamiSeat).state = RamiSeatState(
                name=self.names[seat], role=self.role(seat), cards=view.counts[seat], dealer=seat == view.dealer,
                turn=seat == view.current_seat)
            self.query_one(f"#viewer-hand-{seat}", RamiHand).show(tuple(hand.hand_of(seat)), frozenset(), False, faces)
        self.query_one(Piles).show(view.talon, view.jetee[0] if view.jetee else None, view.tournante,
                                   view.first_round, frozenset(), faces, keyed=False)
        out = words.logged(view.out) if view.out is not None else ""
        self.query_one("#viewer-out", Static).update(Content(for_terminal(out or "", None)))

    def role(self, seat: int) -> str:
        """A seat's side, two against two: its partner's name."""
        if self.players != 4:
            return ""
        return _("with {name}").format(name=self.names[(seat + 2) % 4])
