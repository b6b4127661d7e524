"""What a settled hand is worth to each seat, for the searches.

A seat's value is the chips it won or lost, plus an equal share of what the pot gained
for the next hand: betes paid by others are not lost, someone wins them later.  The
values of a hand add up to zero.
"""

from __future__ import annotations

from ..engine import Hand
from ..engine.events import HandSettled


def utilities(hand: Hand, settlement: HandSettled) -> tuple[float, ...]:
    """Every seat's value of ``hand`` settled as ``settlement``."""
    pot_share = (settlement.pot - hand.start_pot) / len(hand.seated)
    return tuple(change + pot_share for change in settlement.changes)


def utility(hand: Hand, seat: int) -> float:
    """What a settled hand was worth to ``seat``."""
    return utilities(hand, hand.settlement)[seat]
