"""Cards named in each language and face (issue 21 item 3): French faces by their corner
letters in the language ("V♥" in French) and in full ("Valet de cœur"), German faces in
German words in every language, the ace a Sau in German; and the compact faces, in
every language, never alike."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from ramsli_tui.cards import GERMAN_RANK_LETTERS, GERMAN_SUIT_LETTERS, SUIT_NAMES, Card, Suit, deck_cards
from ramsli_tui.languages import PSEUDO, use_language
from ramsli_tui.languages.pseudo import unmarked_words
from ramsli_tui.ui.widgets.card import huge_face, large_face, small_face

DECK = deck_cards("standard52", jokers=True)


@pytest.mark.parametrize("language, jack_of_hearts, jack_face, ace", [
    ("en", "Jack of hearts", "J♥", "A♦"),
    ("fr", "Valet de cœur", "V♥", "A♦"),
    ("de", "Herz-Bube", "B♥", "A♦"),
    ("es", "Jota de corazones", "J♥", "A♦"),
])
def test_french_faces_are_named_in_the_language(language, jack_of_hearts, jack_face, ace):
    use_language(language)
    assert Card.from_code("JH").name() == jack_of_hearts
    assert Card.from_code("JH").label() == jack_face
    assert Card.from_code("AD").label() == ace


@pytest.mark.parametrize("language, ober, ace, suit", [
    ("en", "Schellen-Ober", "Laub-Ass", "Schellen"),
    ("fr", "Ober de Schellen", "As de Laub", "Schellen"),
    ("de", "Schellen-Ober", "Laub-Sau", "Schellen"),
    ("es", "Ober de Schellen", "As de Laub", "Schellen"),
])
def test_german_faces_keep_their_german_names(language, ober, ace, suit):
    use_language(language)
    assert Card.from_code("QD").label("german") == ober
    assert Card.from_code("AS").label("german") == ace
    assert SUIT_NAMES["german"][Suit.DIAMONDS] == suit


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
@pytest.mark.parametrize("faces", ["french", "german"])
def test_no_two_cards_look_alike_in_any_language(language, faces):
    use_language(language)
    small = [small_face(card, faces) for card in DECK]
    assert len(set(small)) == len(DECK) and all(cell_len(face) <= 3 for face in small)
    assert len({tuple(large_face(card, faces)) for card in DECK}) == len(DECK)
    assert all(cell_len(line) <= 5 for card in DECK for line in large_face(card, faces))
    assert all(cell_len(line) <= 7 for card in DECK for line in huge_face(card, faces))
    assert len({card.label(faces) for card in DECK}) == len({card.name(faces) for card in DECK}) == len(DECK)


def test_german_suit_letters_are_never_rank_letters():
    assert set(GERMAN_SUIT_LETTERS.values()).isdisjoint(GERMAN_RANK_LETTERS.values())


def test_a_card_named_in_a_sentence_is_marked_in_the_pseudo_language():
    use_language(PSEUDO)
    for card in DECK:
        assert unmarked_words(card.name()) == [] and unmarked_words(card.name("german")) == [], card
        assert all(unmarked_words(SUIT_NAMES[faces][suit]) == [] for faces in SUIT_NAMES for suit in SUIT_NAMES[faces])
