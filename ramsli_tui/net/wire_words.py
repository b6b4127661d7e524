"""Each game's words on the wire, keyed by the game's name: the one place the table
protocol learns how a game's views and events are told in JSON.

A game's words are a module (or any object) with ``VIEW``, the class of its views;
``view_words(view, names, seat)``, the view told from ``seat``; and
``event_words(event)``, one event.  Each bundled game's are imported when first wanted;
``register_words`` adds a game's.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

WIRE_WORDS: dict[str, Callable[[], Any]] = {
    "ramsli": lambda: import_module(".ramsli_words", __package__),
    "rami": lambda: import_module(".rami_words", __package__),
}


def register_words(game: str, words: Any) -> None:
    """``game``'s views and events are told in ``words`` from now on."""
    WIRE_WORDS[game] = lambda: words


def words_for(game: str) -> Any:
    """The words of ``game``; ValueError, in one sentence, for a game with none."""
    if game not in WIRE_WORDS:
        raise ValueError(f"the table protocol has no words for the game '{game}'")
    return WIRE_WORDS[game]()


def words_for_view(view: Any) -> Any:
    """The words of the game whose view ``view`` is."""
    for game in WIRE_WORDS:
        words = words_for(game)
        if isinstance(view, words.VIEW):
            return words
    raise ValueError(f"the table protocol has no words for a {type(view).__name__}")
