"""A person's name in any script, and when two names are one.

A name may hold letters of any language (Zoë, Jürgen, Núria, Łukasz, 李雷), with the
marks that some scripts write letters with, digits, and ``.``, ``_`` or ``-`` inside.
Two names are the same name when they are once normalised (NFKC) and case-folded
(``Straße`` is ``STRASSE``, ``Zoë`` typed as ``e`` and a combining diaeresis is ``Zoë``).
Two names look alike when their confusable skeletons are equal (Unicode's UTS #39:
``Pаul`` with a Cyrillic ``а`` is ``Paul``, ``PauI`` with a capital ``I`` is too, and
``Sarn`` is ``Sam``); a name that looks like one already taken is refused, so that nobody
can pass for a friend with a look-alike letter.  Distinct letters stay distinct: ``Zoë``
is not ``Zoe``, nor ``Łukasz`` ``Lukasz``.

The skeletons come from Unicode's own data, ``confusables.txt`` beside this module (the
Unicode 15.0.0 file, shipped whole under the Unicode licence in ``LICENSE-Unicode.txt``),
read the first time a skeleton is wanted.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Iterable

from ..languages import _, ngettext

MOST_CHARACTERS = 24  # in a name, once normalised
INSIDE = "._-"  # what a name may hold besides letters, marks and digits (never first)
CONFUSABLES = Path(__file__).resolve().parent / "confusables.txt"
MAPPING = re.compile(r"(?m)^([0-9A-F]{4,6}) ;\t([0-9A-F]{4,6}(?: [0-9A-F]{4,6})*) ;\tMA\t")


def normalised(name: str) -> str:
    """``name`` as it is kept and shown: in NFKC, its compatibility forms (``ﬁ``,
    full-width letters) and its ways of writing one accented letter made one."""
    return unicodedata.normalize("NFKC", name)


def folded(name: str) -> str:
    """What ``name`` is told apart by: normalised and case-folded (Unicode's
    NFKC_Casefold, but for the default-ignorable characters that a name cannot hold)."""
    return unicodedata.normalize("NFKC", normalised(name).casefold())


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: decomposed (NFD), each character replaced by its
    prototype from ``confusables.txt``, decomposed again.  Two texts that look alike
    have the same skeleton."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(character, character) for character in decomposed))


def is_a_name(name: str) -> bool:
    """Whether ``name``, normalised, is 1 to ``MOST_CHARACTERS`` letters, marks, digits,
    ``.``, ``_`` or ``-``, the first a letter or a digit."""
    shown = normalised(name)
    return (0 < len(shown) <= MOST_CHARACTERS and _category(shown[0]) in "LN"
            and all(_category(character) in "LMN" or character in INSIDE for character in shown))


def name_rule() -> str:
    """The rule a name follows, in the current language (said to one whose name breaks it)."""
    return ngettext(
        "a name is {most} letter or digit",
        "a name is 1 to {most} letters, digits, '.', '_' or '-', starting with a letter or digit",
        MOST_CHARACTERS).format(most=MOST_CHARACTERS)


def look_alike(name: str, taken: Iterable[str]) -> str | None:
    """The first of the ``taken`` names that ``name`` is or looks like, if any."""
    mine = _skeletons(name)
    return next((other for other in taken if folded(other) == folded(name) or mine & _skeletons(other)), None)


def looks_taken(name: str, taken: str) -> str:
    """What one is told whose ``name`` looks like the ``taken`` name of another player,
    in the current language."""
    return _("the name {name} looks too much like {taken}, the name of another player").format(name=name, taken=taken)


def _skeletons(name: str) -> frozenset[str]:
    """The skeletons of ``name`` as shown and as case-folded: ``PauI`` looks like
    ``Paul`` as written, ``pauI`` like ``paul``, and ``PAUL`` is ``paul``."""
    return frozenset({skeleton(normalised(name)), skeleton(folded(name))})


def _category(character: str) -> str:
    """The major class of ``character``'s general category: ``L`` for a letter, ``M`` a
    mark, ``N`` a number, and so on."""
    return unicodedata.category(character)[0]


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character and its prototype, from ``confusables.txt``."""
    return {chr(int(source, 16)): "".join(chr(int(point, 16)) for point in target.split())
            for source, target in MAPPING.findall(CONFUSABLES.read_text(encoding="utf-8-sig"))}
