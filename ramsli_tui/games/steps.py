"""What both games' hand viewers share: a finished hand told step by step.

Each game's ``steps`` module replays a record's actions on its engine, one ``Step`` per
action after the deal (step 0), each keeping the hand as it stood then; the viewer
(``ramsli replay FILE --view``) shows them one at a time.  A record may name its players
(``names``, docs/hand-records.md): ``names_of`` reads them, or gives None when it has
none fit to show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

NAME_LENGTH = 14  # the most characters of a player's name, as at a table


@dataclass(frozen=True)
class Step:
    """One step of a hand: ``index`` the record's action it took (None for the deal),
    ``seat`` whose it was (None for the deal or a reshuffle), the ``events`` it made and
    the ``hand`` as it stood after it."""

    index: int | None
    seat: int | None
    events: tuple[Any, ...]
    hand: Any


@dataclass(frozen=True)
class ShownHand:
    """A hand record as the viewer shows it: its steps, and its players' names if it gives them."""

    steps: tuple[Step, ...]
    names: tuple[str, ...] | None


def steps_from(hand: Any, moves: Iterable[tuple[int, Any]]) -> list[Step]:
    """Step 0 the ``hand`` as dealt, then one step per move (seat, action) applied to it,
    each with the events it made and a copy of the hand after it (the moves of a record
    ``ramsli replay`` has replayed without a refusal)."""
    steps = [Step(None, None, tuple(hand.opening_events), hand.clone())]
    for index, (seat, action) in enumerate(moves):
        events = hand.apply(action, seat)
        steps.append(Step(index, seat, tuple(events), hand.clone()))
    return steps


def record_shown(records: Any, steps_of: Callable[[Any], list[Step]], text: str, source: str, base_dir: Any,
                 also_from: Any, first_line: int) -> ShownHand:
    """The record in ``text`` as the viewer shows it, read by a game's ``records`` and
    told by its ``steps_of`` (RecordError if it cannot be read)."""
    record = records.read_record(text, source, base_dir, also_from, first_line)
    return ShownHand(tuple(steps_of(record)),
                     names_in(text, source, records.RECORD_FORMAT, records.SHAPE, first_line, record.players))


def names_of(raw: Any, players: int) -> tuple[str, ...] | None:
    """The players' names a record gives (``names``: one per seat), or None when it gives
    none, or not one fit to show for each seat."""
    if not isinstance(raw, list) or len(raw) != players:
        return None
    if not all(isinstance(name, str) and name.strip() and len(name) <= NAME_LENGTH and name.isprintable()
               for name in raw):
        return None
    return tuple(raw)


def names_in(text: str, source: str, record_format: str, shape: str, first_line: int, players: int
             ) -> tuple[str, ...] | None:
    """The ``names`` of the record in ``text`` (already read once: it is a record)."""
    from .records import RecordFields

    fields = RecordFields.read(text, source, record_format, shape, first_line)
    return names_of(fields.value("names"), players) if "names" in fields.entries else None

