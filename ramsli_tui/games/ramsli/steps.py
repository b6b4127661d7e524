"""A Ramsli hand record told step by step, for the hand viewer: the deal (the ante,
the cards, the turn-up), then each declaration, announcement and card played, each
with the events it made (a card that ends a trick, the trick taken; the last, the
settlement) and the hand as it stood after it."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..steps import ShownHand, Step, names_in
from .records import RECORD_FORMAT, SHAPE, HandRecord, dealt, parse_action, read_record


def steps_of(record: HandRecord) -> list[Step]:
    """Step 0 the deal, then one step per action of ``record`` (a record ``ramsli
    replay`` has replayed without a refusal)."""
    hand = dealt(record)
    steps = [Step(None, None, tuple(hand.opening_events), hand.clone())]
    for index, entry in enumerate(record.actions):
        seat, action = parse_action(entry, index)
        events = hand.apply(action, seat)
        steps.append(Step(index, seat, tuple(events), hand.clone()))
    return steps


def shown_hand(text: str, source: str = "<record>", base_dir: Path | None = None,
               also_from: Sequence[Path] = (), first_line: int = 1) -> ShownHand:
    """The record in ``text`` as the viewer shows it (RecordError if it cannot be read)."""
    record = read_record(text, source, base_dir, also_from, first_line)
    return ShownHand(tuple(steps_of(record)), names_in(text, source, RECORD_FORMAT, SHAPE, first_line, record.players))
