"""Each game's codec for the wire, keyed by the game's name: the one place the table
protocol learns how a game's views and events are written in JSON.

A game's codec is a module (or any object) with ``VIEW``, the class of its views;
``view_json(view, names, seat)``, the view told from ``seat``; and
``event_json(event)``, one event.  Each bundled game's is imported when first wanted;
``register_codec`` adds a game's.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

WIRE_CODECS: dict[str, Callable[[], Any]] = {
    "ramsli": lambda: import_module(".ramsli_codec", __package__),
    "rami": lambda: import_module(".rami_codec", __package__),
}


def register_codec(game: str, codec: Any) -> None:
    """``game``'s views and events are written by ``codec`` from now on."""
    WIRE_CODECS[game] = lambda: codec


def codec_for(game: str) -> Any:
    """The codec of ``game``; ValueError, in one sentence, for a game with none."""
    if game not in WIRE_CODECS:
        raise ValueError(f"the table protocol has no codec for the game '{game}'")
    return WIRE_CODECS[game]()


def codec_for_view(view: Any) -> Any:
    """The codec of the game whose view ``view`` is."""
    for game in WIRE_CODECS:
        codec = codec_for(game)
        if isinstance(view, codec.VIEW):
            return codec
    raise ValueError(f"the table protocol has no codec for a {type(view).__name__}")
