"""Saved sessions as a player reads them in setup and in ``ramsli saves``:
"classic, hand 7, Zora 23 chips, 2 days ago"; a game of Rami Simple by its sides'
points: "Rami Simple, simple, hand 3, Zora 100 – Anna 200 points, just now"."""

from __future__ import annotations

import time

from ..storage import SaveSlot
from ..table.table import ReplayError, Table
from ..text import for_terminal
from ..yamlfile import FileProblem


def described(slot: SaveSlot, now: float | None = None) -> str:
    """The session's ruleset, how far it has gone for the person, and when it was last
    played; one line, safe to show (its names come from the file: ``for_terminal``)."""
    return for_terminal(_progress(slot, now))


def _progress(slot: SaveSlot, now: float | None) -> str:
    spec = slot.saved.spec
    try:
        table = Table.for_spec(spec, actions=slot.saved.actions, results_read=slot.saved.results_read)
    except (ReplayError, FileProblem, ValueError):
        return f"{spec.ruleset}, cannot be replayed any more, {ago(slot.modified, now)}"
    seat = spec.people[0]  # a save read has one (SavedGame.from_json)
    view = table.game.last_round_view(seat) if table.channel(seat).result_unread else table.game.view(seat)
    progress = "finished" if table.game.is_over else f"hand {view.number}"
    if spec.game == "rami":
        return f"Rami Simple, {spec.ruleset}, {progress}, {points(spec.names, view.scores)}, {ago(slot.modified, now)}"
    return f"{spec.ruleset}, {progress}, {spec.names[seat]} {view.stacks[seat]} chips, {ago(slot.modified, now)}"


def points(names: tuple[str, ...], scores: tuple[int, int]) -> str:
    """Each side's points, its players named: "Zora 100 – Anna 200 points", two against
    two "Zora & Carlo 0 – Anna & Dora 200 points" (a side is every other seat)."""
    sides = [" & ".join(names[side::2]) for side in (0, 1)]
    return f"{sides[0]} {scores[0]} – {sides[1]} {scores[1]} points"


def ago(moment: float, now: float | None = None) -> str:
    """How long ago ``moment`` was, in the largest unit that fits: "just now", "5 minutes
    ago", "2 days ago"."""
    seconds = max(0, (time.time() if now is None else now) - moment)
    for unit, length in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= length:
            count = int(seconds // length)
            return f"{count} {unit}{'' if count == 1 else 's'} ago"
    return "just now"
