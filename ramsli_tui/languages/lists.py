"""Lists in a sentence, in the language spoken: "Anna and Bertl", "Mia, Anna and Bertl",
"'off' or 'bell'".

What the lists join, and so which words the conjunction stands before:

- "and" joins players: the names people chose (any script, a letter or a digit first)
  and "you" in the reader's language.  These are read as words, and Spanish says its
  «y» as «e» before a word that starts with the sound of i ("Anna e Inés", "Mia e
  Hilda"), but not where that i begins a diphthong ("Anna y Yolanda", "Mia y Hiara",
  "Anna y Iosu"): ``and_joined`` asks the catalogue for the form meant before that
  sound, which the Spanish translation writes with «e» and every other language as its
  plain "and".  No number is said with the sound of i in Spanish, so a name written
  with a digit first never takes «e».
- "or" joins only the values a setting may take, written as the person types them, in
  quotes ("'timed' or 'until_key'"): codes, not words of the sentence, so Spanish keeps
  its «o» before them (no setting's values but the first begins with an o anyway).  No
  list joins cards or numbers, which is where «u» would stand in Spanish ("8 u 11").
"""

from __future__ import annotations

from typing import Sequence

from . import N_, _
from .words import Words

VOWELS = "aeiouáéíóúü"


def names_and(names: Sequence[str]) -> str:
    """Names in a sentence a person reads: "Anna", "Anna and Bertl", "Anna and Bertl and
    Carlo"; nothing for none."""
    return names_and_words(names).said()


def names_and_words(names: Sequence[str]) -> Words:
    """``names_and`` to be said later in any language (``Words``): for the hub, which
    tells people of every language at once."""
    said = Words.as_it_is(names[0] if names else "")
    for name in names[1:]:
        said = and_joined(said, name)
    return said


def and_joined(first: str, last: str) -> Words:
    """``first`` and ``last`` in a sentence, ``last`` one player's name (or "you") and
    ``first`` one or more: "Anna and Bertl", "Mia, Anna and Bertl"."""
    if starts_with_the_sound_of_i(last):
        # TRANSLATORS: as "{first} and {last}", where {last} starts with the sound of i ("Anna e Inés"): Spanish «e».
        return Words.in_context("before the sound of i", "{first} and {last}", {"first": first, "last": last})
    # TRANSLATORS: the last two of a list of players; {first} may be several names joined by ", ".
    return Words(N_("{first} and {last}"), {"first": first, "last": last})


def starts_with_the_sound_of_i(word: str) -> bool:
    """Whether ``word``, read as Spanish spells it, begins with the vowel sound of i: an i,
    or an h and an i, not followed by another vowel (that i is then the start of a
    diphthong, as in "hielo" or "Iosu", said as a y) unless the i bears an accent
    ("Íñigo", "Híades")."""
    word = word.casefold()
    if word.startswith("h"):
        word = word[1:]
    if not word or word[0] not in "ií":
        return False
    return word[0] == "í" or len(word) == 1 or word[1] not in VOWELS


def either(choices: Sequence[str]) -> str:
    """A setting's values as a sentence offers them: "'a' or 'b'", "'a' or 'b' or 'c'"
    (codes, in quotes: every language's plain "or" stands before them)."""
    said = choices[0]
    for choice in choices[1:]:
        # TRANSLATORS: two choices, or a list of them and one more: "'off' or 'bell'".
        said = _("{choices} or {choice}").format(choices=said, choice=choice)
    return said
