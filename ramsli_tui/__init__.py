"""Ramsli, the 19th-century tavern trick-taking stakes game, for the terminal."""

__version__ = "0.1.0"
