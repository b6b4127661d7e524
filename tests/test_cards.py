"""Cards named in words: French cards by glyph, German-suited ones in German (issue 10:
"Leaf Ober" named a German card in English words)."""

from __future__ import annotations

from ramsli_tui.cards import (
    GERMAN_RANK_LETTERS, GERMAN_SUIT_LETTERS, PLAIN_SUITS, SUIT_NAMES, Card, Rank, Suit, deck_cards,
)


def test_german_cards_are_named_in_german_suit_first():
    assert [Card.from_code(code).label("german") for code in ("QD", "JC", "AS", "KH", "TH", "7D")] == [
        "Schellen-Ober", "Eichel-Unter", "Laub-Ass", "Herz-König", "Herz-10", "Schellen-7"]


def test_german_suits_are_named_in_german():
    assert [SUIT_NAMES["german"][suit] for suit in PLAIN_SUITS] == ["Laub", "Herz", "Schellen", "Eichel"]


def test_every_card_has_a_name_of_its_own_in_either_face():
    cards = deck_cards("standard52", jokers=True)
    for faces in ("french", "german"):
        assert len({card.label(faces) for card in cards}) == len(cards), faces


def test_no_german_suit_letter_is_also_a_rank_letter():
    """So that a compact face reads one way only: "AE" is the Eichel-Ass."""
    rank_letters = set(GERMAN_RANK_LETTERS.values()) | {Rank(rank).letter for rank in range(2, 10)}
    assert set(GERMAN_SUIT_LETTERS.values()).isdisjoint(rank_letters)
    assert len(set(GERMAN_SUIT_LETTERS.values())) == 4
    assert GERMAN_SUIT_LETTERS[Suit.DIAMONDS] != GERMAN_SUIT_LETTERS[Suit.CLUBS]  # bells and acorns
