"""Widgets both games draw, one module each: a card, the turn banner, the key bar and a
seat's name fitted to it; and the choice and bullet list of the shared setup screen. A
widget only one game draws lives in that game's folder (``ui/ramsli``, ``ui/rami``)."""
