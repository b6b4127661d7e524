"""Saved sessions as the app lists them: in the words of ``storage.saved``, where telling
a save (which replays its table) lives, below the faces."""

from ..storage.saved import ago, described

__all__ = ["ago", "described"]
