"""Saved sessions as a player reads them in setup and in ``ramsli saves``:
"classic, hand 7, Zora 23 chips, 2 days ago"; a game of Rami Simple by its sides'
points: "Rami Simple, simple, hand 3, Zora 100 – Anna 200 points, just now" (each
game's ``save_label`` says its part).  The session is replayed to be told, so this
knows the table; the app and the command line both ask it."""

from __future__ import annotations

import time

from ..games import game_named
from ..table.table import ReplayError, Table
from ..text import for_terminal
from ..yamlfile import FileProblem
from .folders import SaveSlot


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
    label = game_named(spec.game).save_label(spec.names, spec.ruleset, progress, view, seat)
    return f"{label}, {ago(slot.modified, now)}"


def ago(moment: float, now: float | None = None) -> str:
    """How long ago ``moment`` was, in the largest unit that fits: "just now", "5 minutes
    ago", "2 days ago"."""
    seconds = max(0, (time.time() if now is None else now) - moment)
    for unit, length in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= length:
            count = int(seconds // length)
            return f"{count} {unit}{'' if count == 1 else 's'} ago"
    return "just now"
