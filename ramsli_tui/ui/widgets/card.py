"""One playing card, face up: in the hand, in the trick, or turned up for trump.

Small (5×3), large (7×5) or huge (9×7) where a screen's CSS makes it so: it draws the
large face whenever it has three lines inside its border, the huge one from five.  Its suit, in the faces shown, gives it
a class (``-spades`` … ``-clubs``, ``-leaves`` … ``-acorns``) that colours it with the
theme's ``$suit-…`` or ``$german-…`` variable.  Its state is shown by classes the
parents set: ``-legal`` (its border), ``-illegal`` (no border, a dim face),
``-selected`` (a double border), ``-winner`` (the card taking the trick), both in the
theme's ``$card-highlight``, so that every state reads without colour as well as with
it.  The raised card is not lifted out of its row: an offset makes Textual lay the
whole screen out again on every key, which cost a third of each keypress over SSH
(bench/serve.py); its border, and its number marked under it, say which it is.  German faces mark their suit with a letter (``L`` Laub, ``H`` Herz, ``S``
Schellen, ``E`` Eichel) that is never a rank's letter.
"""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...cards import FRENCH_SYMBOLS, GERMAN_RANK_LETTERS, GERMAN_SUIT_LETTERS, Card, Rank, Suit, french_rank_letter
from ...languages import pgettext

SUIT_CLASSES = {
    "french": {Suit.SPADES: "-spades", Suit.HEARTS: "-hearts", Suit.DIAMONDS: "-diamonds", Suit.CLUBS: "-clubs"},
    "german": {Suit.SPADES: "-leaves", Suit.HEARTS: "-german-hearts", Suit.DIAMONDS: "-bells", Suit.CLUBS: "-acorns"},
}


def suit_class(card: Card | None, faces: str) -> str:
    if card is None:
        return "-empty"
    return "-joker" if card.is_joker else SUIT_CLASSES[faces][card.suit]


def rank_text(card: Card, faces: str) -> str:
    """``10``, ``7``, ``K`` (the letters of the language spoken: ``R`` in French); in German
    faces ``A``, ``K``, ``O``, ``U`` (Ass, König, Ober, Unter) in every language."""
    rank = card.rank
    if rank == Rank.TEN:
        return "10"
    if faces == "german":
        return GERMAN_RANK_LETTERS.get(rank, rank.letter)
    return french_rank_letter(rank)


def suit_mark(card: Card, faces: str) -> str:
    """The suit's glyph (``♥``), or in German faces its letter (``S`` for Schellen): no
    German suit letter is also a rank letter, so ``AE`` and ``10E`` read one way only."""
    return FRENCH_SYMBOLS[card.suit] if faces == "french" else GERMAN_SUIT_LETTERS[card.suit]


def small_face(card: Card, faces: str) -> str:
    """Three cells at most: ``10♥``, ``K♠``, ``OS``, ``10E``, ``B★``."""
    if card.is_joker:
        # TRANSLATORS: the small face of the Big and the Little Joker: one letter each, before the star.
        letter = pgettext("joker letter", "B") if card.rank == Rank.BIG_JOKER else pgettext("joker letter", "L")
        return f" {letter}★"
    return (rank_text(card, faces) + suit_mark(card, faces)).rjust(3)


def large_face(card: Card, faces: str) -> list[str]:
    """Three lines of five cells: the rank in two corners and the suit's mark in the middle."""
    if card.is_joker:
        # TRANSLATORS: the large face of a joker, three lines of 5 columns at most: "BIG", "★", "JOKER".
        big = pgettext("large joker face", "BIG") if card.rank == Rank.BIG_JOKER else pgettext("large joker face", "LIT")
        return [big, "★", pgettext("large joker face", "JOKER")]
    rank = rank_text(card, faces)
    return [rank.ljust(5), suit_mark(card, faces).center(5), rank.rjust(5)]


def huge_face(card: Card, faces: str) -> list[str]:
    """Five lines of seven cells: the rank in two corners and the suit's mark in the middle."""
    if card.is_joker:
        # TRANSLATORS: the huge face of a joker, lines of 7 columns at most: "BIG" or "LITTLE", "★", "JOKER".
        big = pgettext("huge joker face", "BIG") if card.rank == Rank.BIG_JOKER else pgettext("huge joker face", "LITTLE")
        return ["", big, "★", pgettext("huge joker face", "JOKER"), ""]
    rank = rank_text(card, faces)
    return [rank.ljust(7), "", suit_mark(card, faces).center(7), "", rank.rjust(7)]


class CardWidget(Widget):
    """A face-up card, or an empty place (``card`` None) that takes no room."""

    DEFAULT_CSS = """
    CardWidget {
        width: 5;
        height: 3;
        border: $card-border $card-edge;
        background: $card-face;
        content-align: center middle;
        text-style: bold;
        &.-spades { color: $suit-spades; }
        &.-hearts { color: $suit-hearts; }
        &.-diamonds { color: $suit-diamonds; }
        &.-clubs { color: $suit-clubs; }
        &.-leaves { color: $german-leaves; }
        &.-german-hearts { color: $german-hearts; }
        &.-bells { color: $german-bells; }
        &.-acorns { color: $german-acorns; }
        &.-joker { color: $suit-hearts; }
        &.-empty { display: none; }
        &.-illegal { border: blank; text-style: dim; }
        &.-legal:hover { border: double $card-edge; }
        &.-selected { border: double $card-highlight; }
        &.-winner { border: double $card-highlight; }
    }
    """

    card: reactive[Card | None] = reactive(None)
    faces: reactive[str] = reactive("french")

    def __init__(self, card: Card | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id, classes=suit_class(card, "french"))
        self.set_reactive(CardWidget.card, card)

    def watch_card(self, old: Card | None, new: Card | None) -> None:
        self._change_class(suit_class(old, self.faces), suit_class(new, self.faces))

    def watch_faces(self, old: str, new: str) -> None:
        self._change_class(suit_class(self.card, old), suit_class(self.card, new))

    def _change_class(self, before: str, after: str) -> None:
        """One style update for the change of suit class."""
        if before != after:
            self.remove_class(before, update=False)
            self.add_class(after)

    def render(self) -> Content:
        if self.card is None:
            return Content("")
        if self.content_size.height >= 5:
            return Content("\n".join(huge_face(self.card, self.faces)))
        if self.content_size.height >= 3:
            return Content("\n".join(large_face(self.card, self.faces)))
        return Content(small_face(self.card, self.faces))
