"""The pseudo-language: every translated text marked ``⟦…⟧`` with accented letters, its
placeholders and markup kept, so that a text without the marks is one that escaped the
catalogue."""

from __future__ import annotations

import unicodedata

import pytest

from ramsli_tui.languages import PSEUDO, _, ngettext, npgettext, pgettext, use_language
from ramsli_tui.languages.pseudo import ACCENTED, pseudo, unmarked_words


def test_every_translated_text_is_marked_and_accented():
    use_language(PSEUDO)
    assert _("You must follow suit.") == "⟦Ýöû ṁûšţ ḟöļļöŵ šûîţ.⟧"
    assert pgettext("card", "Jack") == "⟦Ĵåçķ⟧"


def test_a_count_chooses_its_form_as_in_english():
    use_language(PSEUDO)
    assert ngettext("{count} chip", "{count} chips", 1) == "⟦{count} çĥîṗ⟧"
    assert ngettext("{count} chip", "{count} chips", 0) == "⟦{count} çĥîṗš⟧"
    assert npgettext("pot", "{count} chip", "{count} chips", 2) == "⟦{count} çĥîṗš⟧"


@pytest.mark.parametrize("source, shown", [
    ("{name} takes the pot of {count} chips", "⟦Zoë ţåķëš ţĥë ṗöţ öḟ 7 çĥîṗš⟧"),
    ("{count:>3} left, {name!r} asked", "⟦  7 ļëḟţ, 'Zoë' åšķëḋ⟧"),
    ("[b]{name}[/b] leads [@click=app.help]rules[/]", "⟦[b]Zoë[/b] ļëåḋš [@click=app.help]ŕûļëš[/]⟧"),
    ("braces {{like these}} and {name}", "⟦ḃŕåçëš {ļîķë ţĥëšë} åñḋ Zoë⟧"),
])
def test_placeholders_and_markup_are_kept_and_still_fill_in(source, shown):
    assert pseudo(source).format(name="Zoë", count=7) == shown


def test_every_letter_is_accented_into_one_column():
    """Each accented letter is one character, narrow on every terminal (no East Asian
    ambiguous width), so a layout holds as in English."""
    accented = "".join(chr(code) for code in ACCENTED.values())
    assert len(accented) == 50
    assert all(unicodedata.east_asian_width(letter) == "N" and unicodedata.category(letter).startswith("L")
               for letter in accented)
    assert all(len(unicodedata.normalize("NFC", letter)) == 1 for letter in accented)
    assert unicodedata.east_asian_width("⟦") == unicodedata.east_asian_width("⟧") == "Na"


def test_unmarked_words_are_the_texts_that_escaped_the_catalogue():
    screen = f"{pseudo('Your turn')}  Zoë  12 ♠  {pseudo('{count} chips').format(count=3)}\nQuit the application"
    assert unmarked_words(screen) == ["Zoë", "Quit", "the", "application"]
    assert unmarked_words(pseudo("Deal")) == []


def test_a_text_filled_into_another_is_marked_inside_its_marks():
    sentence = pseudo("{name} plays {card}").format(name="Zoë", card=pseudo("Jack of hearts"))
    assert sentence == "⟦Zoë ṗļåýš ⟦Ĵåçķ öḟ ĥëåŕţš⟧⟧"
    assert unmarked_words(sentence) == []
    assert unmarked_words(pseudo("{card} wins").format(card="Jack") + " Quit") == ["Quit"]
    assert unmarked_words("⟦Ĵåçķ⟧ Jack ⟦öḟ") == ["Jack", "öḟ"]
