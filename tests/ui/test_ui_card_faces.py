"""Card faces: small (three cells, at 80 columns and fewer) and large, French and German.

Issue 10 found "AA" (Acorn Ace) and "10A" at 80 columns, A being both Acorn and Ace.
Every small face now reads one way: no two cards share one, and no letter stands for
both a rank and a suit.
"""

from __future__ import annotations

import pytest

from ramsli_tui.cards import Card, deck_cards
from ramsli_tui.ui.widgets.card import large_face, small_face

CARDS = deck_cards("standard52", jokers=True)


@pytest.mark.parametrize("faces", ["french", "german"])
def test_no_two_cards_share_a_small_face_and_each_fits_three_cells(faces):
    shown = [small_face(card, faces) for card in CARDS]
    assert len(set(shown)) == len(CARDS)
    assert all(len(face) == 3 for face in shown)


def test_german_small_faces_name_rank_then_suit_letter():
    assert [small_face(Card.from_code(code), "german").strip() for code in ("AC", "TC", "QD", "JH", "KS", "7D")] == [
        "AE", "10E", "OS", "UH", "KL", "7S"]


def test_no_letter_on_a_german_face_is_both_a_rank_and_a_suit():
    """The old faces used A for Acorn and for Ace ("AA", "10A")."""
    faces = [small_face(card, "german").strip() for card in CARDS if not card.is_joker]
    assert set("".join(face[:-1] for face in faces)).isdisjoint(face[-1] for face in faces)


def test_large_faces_show_the_rank_in_two_corners_and_the_suit_in_the_middle():
    assert large_face(Card.from_code("QD"), "german") == ["O    ", "  S  ", "    O"]
    assert large_face(Card.from_code("TH"), "french") == ["10   ", "  ♥  ", "   10"]
