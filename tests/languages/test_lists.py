"""Lists in a sentence in each language: players joined by "and" (Spanish «e» before the
sound of i, as "Anna e Inés", never before a diphthong), a setting's values by "or"
(codes in quotes, the plain «o»), and English, French and German as they always were."""

from __future__ import annotations

import pytest

from ramsli_tui import languages
from ramsli_tui.languages.lists import either, names_and, starts_with_the_sound_of_i
from ramsli_tui.storage.settings import CHOICES
from ramsli_tui.ui.rami.words import RamiWords
from ramsli_tui.ui.ramsli.words import listed


@pytest.mark.parametrize("word", ["Inés", "Isabel", "inma", "Íñigo", "Hilda", "Hipólito", "Híades", "Ignacio", "I"])
def test_a_word_that_starts_with_the_sound_of_i(word):
    assert starts_with_the_sound_of_i(word)


@pytest.mark.parametrize("word", ["Hielo", "Hiara", "Iosu", "Ian", "Yolanda", "Hugo", "Elena", "Olga", "8bit", "11", "tú", ""])
def test_a_word_that_does_not(word):
    """A diphthong (hie-, hia-, io-, ia-) is said with a y, and no Spanish number starts with an i."""
    assert not starts_with_the_sound_of_i(word)


def test_spanish_joins_players_with_e_before_the_sound_of_i_and_y_elsewhere():
    languages.use_language("es")
    assert names_and(["Anna", "Inés"]) == "Anna e Inés"
    assert names_and(["Anna", "Hilda", "Bertl"]) == "Anna e Hilda y Bertl"
    assert names_and(["Anna", "Hielo"]) == "Anna y Hielo", "a diphthong: y"
    assert names_and(["Inés", "Anna"]) == "Inés y Anna"
    assert listed(["Mia", "Anna", "Isabel"]) == "Mia, Anna e Isabel"
    assert listed(["Mia", "Anna", "Olga"]) == "Mia, Anna y Olga", "«u» is for «o», not «y»"
    side = RamiWords(("Carlo", "Anna", "Ignacio", "Bertl"), "french", 0).side(0)
    assert side == "Carlo e Ignacio"


@pytest.mark.parametrize("code, word", [("en", "and"), ("fr", "et"), ("de", "und")])
def test_english_french_and_german_join_players_as_before(code, word):
    languages.use_language(code)
    assert listed(["Mia", "Anna", "Isabel"]) == f"Mia, Anna {word} Isabel"
    assert names_and(["Anna", "Hilda", "Bertl"]) == f"Anna {word} Hilda {word} Bertl"
    assert names_and(["Anna", "Olga"]) == f"Anna {word} Olga"


def test_the_or_list_joins_only_setting_codes_and_spanish_keeps_its_o_before_them():
    """«u» stands before the sound of o ("8 u 11", "Ana u Olga"), but the only list
    joined by "or" is a setting's values, codes in quotes: none after the first begins
    with an o, and a code is joined by the plain «o» in any case."""
    languages.use_language("es")
    for values in CHOICES.values():
        later = [str(value).lstrip("'").casefold() for value in values[1:]]
        assert not any(value.startswith(("o", "ho", "8")) for value in later), values
    assert either(["'bell'", "'off'"]) == "'bell' o 'off'"
    assert either(["'off'", "'bell'", "'flash'"]) == "'off' o 'bell' o 'flash'"
