"""The pseudo-language: every translated text, generated from its English source, is
wrapped in ``⟦…⟧`` and its letters accented (``⟦Ýöû ṁûšţ ḟöļļöŵ šûîţ.⟧``), so that any
text a person would read without the marks is one that escaped the catalogue.

What the code fills in or reads stays as it is: ``{placeholders}`` (with their format
specs and conversions, and the doubled braces that stand for one) and Textual markup in
square brackets.  Every accented letter takes one column on any terminal, as its plain
letter does, so a layout holds as it does in English.
"""

from __future__ import annotations

import gettext
import re

OPEN, CLOSE = "⟦", "⟧"
ACCENTED = str.maketrans("abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ",
                         "åḃçḋëḟĝĥîĵķļṁñöṗŕšţûṽŵẋýžÅḂÇḊËḞĜĤÎĴĶĻṀÑÖṖŔŠŢÛṼŴẊÝŽ")
# What the code reads: placeholders, markup, and argparse's %-placeholders (its own texts).
KEPT = re.compile(r"\{\{|\}\}|\{[^{}]*\}|\[[^\[\]]*\]|%\([^()]*\)[sdr]|%[sdr%]")
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
LETTERS = re.compile(r"[^\W\d_]+")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: marked, its letters accented, its placeholders
    and markup kept."""
    pieces, start = [], 0
    for kept in KEPT.finditer(text):
        pieces += [text[start:kept.start()].translate(ACCENTED), kept.group()]
        start = kept.end()
    pieces.append(text[start:].translate(ACCENTED))
    return OPEN + "".join(pieces) + CLOSE


def unmarked_words(shown: str) -> list[str]:
    """The words of ``shown`` (a screen's text, a command's output) that stand outside
    every ``⟦…⟧``: texts that escaped the catalogue, or that were never meant for it
    (a player's name, a number).  A text filled into another (a card's name into a
    sentence) is marked inside its marks."""
    unmarked = MARKED.sub(" ", shown)
    while unmarked != shown:  # the innermost marks first, then those around them
        shown, unmarked = unmarked, MARKED.sub(" ", unmarked)
    return LETTERS.findall(unmarked)


class PseudoTranslations(gettext.NullTranslations):
    """Translations into the pseudo-language, made as each text is asked for; a count
    chooses its form as English does."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
