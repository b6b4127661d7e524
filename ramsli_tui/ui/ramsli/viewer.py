"""Ramsli's felt in the hand viewer (``ui.common.hand_viewer``): the card turned up and
the pot, the trick in the middle as the table lays it (each card in front of its seat,
seen from seat 0), and every seat, its box as at the table, with the cards it still
holds face up beside it.  A step that ends a trick shows that trick taken."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from ...games.ramsli.engine import CARDS_PER_HAND, TRICKS_PER_HAND, Hand, Phase, RamsliView
from ...games.ramsli.engine.events import TrickWon
from ...games.steps import Step
from ...languages import _
from ..seating import sides
from .hand import HandView
from .pot import PotPanel
from .seat import RamsliSeat
from .table import RamsliTableScreen, seat_state
from .trick import TrickArea
from .words import RamsliWords, sort_hand

NOBODY = -1  # the viewer's words say "you" to no seat: every player by name


class RamsliViewerFelt(Vertical):
    """The felt of a Ramsli hand of ``players`` seats, the players called ``names``."""

    DEFAULT_CSS = """
    RamsliViewerFelt {
        height: auto;
        #viewer-middle { height: auto; }
        PotPanel { width: 12; border: none; padding: 0; }
        PotPanel #turn-up-label { display: none; }
        .viewer-seat { height: auto; }
        RamsliSeat { width: 16; height: 2; border: none; background: $panel; }
        RamsliSeat.-turn { border: none; text-style: reverse; }
        HandView CardKeys { display: none; }
        HandView CardWidget { margin: 0 1 0 0; }
        HandView CardWidget.-selected { border: $card-border $card-edge; offset: 0 0; }
    }
    """

    def __init__(self, players: int, names: Sequence[str]) -> None:
        super().__init__()
        self.players = players
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        with Horizontal(id="viewer-middle"):
            yield PotPanel()
            trick = TrickArea(sides(self.players, 0), 0)
            trick.moves = False  # a step at a time, and any step at once: nothing slides
            yield trick
        for seat in range(self.players):
            with Horizontal(classes="viewer-seat"):
                yield RamsliSeat(id=f"viewer-seat-{seat}")
                hand = HandView(CARDS_PER_HAND, id=f"viewer-hand-{seat}")
                hand.can_focus = False  # shown, never played from
                yield hand

    def words(self, faces: str) -> RamsliWords:
        return RamsliWords(self.names, faces, NOBODY)

    def said(self, step: Step, faces: str) -> list[str]:
        words = self.words(faces)
        return [told for told in map(words.event, step.events) if told]

    def show(self, step: Step, faces: str) -> None:
        hand: Hand = step.hand
        view = hand.view(None)
        over = hand.is_over
        for seat in range(self.players):
            self.query_one(f"#viewer-seat-{seat}", RamsliSeat).state = seat_state(view, seat, self.names[seat], over)
            cards = sort_hand(tuple(hand.hand_of(seat)), view.trump) if seat in view.seated else ()
            held = self.query_one(f"#viewer-hand-{seat}", HandView)
            held.show(cards, frozenset(), False, faces)
            held.set_class(view.declarations[seat] is False, "-sitting-out")
        words = self.words(faces)
        pot = self.query_one(PotPanel)
        pot.border_title = _("Hand {number}").format(number=view.number)
        pot.show(view.turn_up, faces, [_("Pot {chips}").format(chips=view.pot)])
        self.show_trick(step, view, words, faces)

    def show_trick(self, step: Step, view: RamsliView, words: RamsliWords, faces: str) -> None:
        """The trick this step played to, taken if it ended it; else what the table awaits."""
        area = self.query_one(TrickArea)
        taken = next((event for event in step.events if isinstance(event, TrickWon)), None)
        trick = view.current_trick
        if taken is not None:
            caption = _("Trick {number} of {tricks}: {what}").format(
                number=taken.trick, tricks=TRICKS_PER_HAND, what=words.event(taken))
            area.show(taken.plays, taken.seat, caption, faces, finished=True)
        elif trick is not None and trick.plays:
            caption = _("Trick {number} of {tricks}: {what}").format(
                number=len(view.tricks), tricks=TRICKS_PER_HAND,
                what=words.led(trick.leader, trick.plays[0][1], view.trump))
            area.show(trick.plays, view.winning_seat, caption, faces)
        elif view.phase is Phase.SETTLED:
            area.show([], None, "", faces)
        else:
            area.show([], None, RamsliTableScreen.empty_trick_caption(view, words, len(view.tricks)), faces)
