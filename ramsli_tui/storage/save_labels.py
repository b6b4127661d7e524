"""Saved sessions as a player reads them in setup and in ``ramsli saves``:
"classic, hand 7, Zora 23 chips, 2 days ago"; a game of Rami Simple by its sides'
points: "Rami Simple, simple, hand 3, Zora 100 – Anna 200 points, just now" (each
game's ``save_label`` says its part).  The session is replayed to be told, so this
knows the table; the app and the command line both ask it."""

from __future__ import annotations

import time

from ..games import game_named
from ..languages import _, ngettext
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
        return _("{ruleset}, cannot be replayed any more, {ago}").format(ruleset=spec.ruleset, ago=ago(slot.modified, now))
    seat = spec.people[0]  # a save read has one (SavedGame.from_json)
    view = table.game.last_round_view(seat) if table.channel(seat).result_unread else table.game.view(seat)
    # TRANSLATORS: how far a saved session has gone, in the list of saved sessions.
    progress = _("finished") if table.game.is_over else _("hand {number}").format(number=view.number)
    label = game_named(spec.game).save_label(spec.names, spec.ruleset, progress, view, seat)
    return f"{label}, {ago(slot.modified, now)}"  # a list, the same in every language


def ago(moment: float, now: float | None = None) -> str:
    """How long ago ``moment`` was, in the largest unit that fits: "just now", "5 minutes
    ago", "2 days ago"."""
    seconds = max(0, (time.time() if now is None else now) - moment)
    if seconds >= 86400:
        count = int(seconds // 86400)
        return ngettext("{count} day ago", "{count} days ago", count).format(count=count)
    if seconds >= 3600:
        count = int(seconds // 3600)
        return ngettext("{count} hour ago", "{count} hours ago", count).format(count=count)
    if seconds >= 60:
        count = int(seconds // 60)
        return ngettext("{count} minute ago", "{count} minutes ago", count).format(count=count)
    return _("just now")
