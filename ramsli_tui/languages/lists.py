"""Lists in a sentence, in the language spoken: "Anna and Bertl"."""

from __future__ import annotations

from typing import Sequence

from . import _


def names_and(names: Sequence[str]) -> str:
    """Names in a sentence a person reads: "Anna", "Anna and Bertl", "Anna and Bertl and
    Carlo"; nothing for none."""
    said = names[0] if names else ""
    for name in names[1:]:
        # TRANSLATORS: a list of the names of players, and one more name.
        said = _("{names} and {name}").format(names=said, name=name)
    return said
