"""A Rami hand record told step by step, for the hand viewer: the deal, then each
draw, discard, reshuffle of the talon and the going out, each with the events it made
(the tournante buried, the hand scored) and the hand as it stood after it."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..steps import ShownHand, Step, record_shown, steps_from
from . import records
from .records import RamiRecord, dealt, parse_action


def steps_of(record: RamiRecord) -> list[Step]:
    """Step 0 the deal, then one step per action of ``record`` (a record ``ramsli
    replay`` has replayed without a refusal)."""
    return steps_from(dealt(record), (parse_action(entry, index, record.players) for index, entry in enumerate(record.actions)))


def shown_hand(text: str, source: str = "<record>", base_dir: Path | None = None,
               also_from: Sequence[Path] = (), first_line: int = 1) -> ShownHand:
    """The record in ``text`` as the viewer shows it (RecordError if it cannot be read)."""
    return record_shown(records, steps_of, text, source, base_dir, also_from, first_line)
