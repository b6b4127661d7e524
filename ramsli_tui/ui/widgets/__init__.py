"""Widgets both games draw, one module each: a card, the turn banner and the key bar; and
the choice and bullet list of the shared setup screen. A widget only one game draws lives
in that game's folder (``ui/ramsli``, ``ui/rami``)."""
