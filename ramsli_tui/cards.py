"""Cards, suits, ranks and decks, with the two-character codes of hand records.

A card is a small int (its index, 0..53) so that the engine can keep a hand as an
integer bitmask: bit ``card`` is set when the hand holds that card.  Within a suit a
higher index means a higher rank, and the two jokers sit above every suit card, so
"the highest trump" of a mask of trumps is simply its highest set bit.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Callable, Iterator

from .languages import N_, pgettext
from .languages.words import Words


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    JOKER = 4

    @property
    def letter(self) -> str:
        return "SHDCX"[self]

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        try:
            return cls("SHDC".index(letter.upper()))
        except ValueError:
            # TRANSLATORS: {letter} what was written for a suit; S, H, D and C are the letters to write: keep them
            raise ValueError(Words(N_("{letter} is not a suit (S, H, D or C)"), {"letter": repr(letter)})) from None


PLAIN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    LITTLE_JOKER = 15
    BIG_JOKER = 16

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]


_RANK_LETTERS = {rank: letter for rank, letter in zip(range(2, 15), "23456789TJQKA")}
_LETTER_RANKS = {letter: Rank(rank) for rank, letter in _RANK_LETTERS.items()}

# Display glyphs and words, by suit style, in the language spoken.  French faces show a
# suit by its glyph and a face card by its letter in that language (the Jack is "J♥" in
# English, "V♥" in French, "B♥" in German), and are named in full as each language says
# it ("Jack of hearts", "Valet de cœur", "Herz-Bube", "Jota de corazones").
# German-suited packs have no glyphs: a German card is named in German words in every
# language, suit first as German players say it ("Schellen-Ober" for the Q♦), with Ass
# and König as the source texts call them (the German catalogue may name the ace "Sau",
# as Bavaria and Austria do).  Its compact face is a rank letter and a suit letter from
# two sets that share no letter ("OS", "AE", "10E"), the same in every language, so no
# face reads two ways.
FRENCH_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.JOKER: "★"}
GERMAN_SUIT_LETTERS = {Suit.SPADES: "L", Suit.HEARTS: "H", Suit.DIAMONDS: "S", Suit.CLUBS: "E"}
GERMAN_RANK_LETTERS = {Rank.JACK: "U", Rank.QUEEN: "O", Rank.KING: "K", Rank.ACE: "A"}
FACE_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)  # the ranks a French face marks with a letter


def french_suit_name(suit: Suit) -> str:
    """A French suit's name in the language spoken: "hearts", "cœur", "Herz", "corazones"."""
    return {
        Suit.SPADES: pgettext("French suit", "spades"),
        Suit.HEARTS: pgettext("French suit", "hearts"),
        Suit.DIAMONDS: pgettext("French suit", "diamonds"),
        Suit.CLUBS: pgettext("French suit", "clubs"),
    }[suit]


def german_suit_name(suit: Suit) -> str:
    """A German suit's name: "Laub", "Herz", "Schellen", "Eichel" (German words, which a
    language may keep as they are)."""
    return {
        # TRANSLATORS: the suits of German-suited cards keep their German names in most languages.
        Suit.SPADES: pgettext("German suit", "Laub"),
        Suit.HEARTS: pgettext("German suit", "Herz"),
        Suit.DIAMONDS: pgettext("German suit", "Schellen"),
        Suit.CLUBS: pgettext("German suit", "Eichel"),
    }[suit]


def french_rank_letter(rank: Rank) -> str:
    """The index in the corner of a French-faced card, in the language spoken: "10",
    "7", and a letter for a face card ("J", "Q", "K", "A" in English)."""
    if rank == Rank.TEN:
        return "10"
    if rank not in FACE_RANKS:
        return rank.letter
    # TRANSLATORS: the letters on the corners of French-faced cards: Jack, Queen, King and Ace, in this
    # order, four letters, no two alike (French "VDRA", German "BDKA").
    letters = pgettext("card letters", "JQKA")
    if len(letters) != len(FACE_RANKS):  # the pseudo-language's marks around them
        letters = letters.strip("⟦⟧")
    return letters[FACE_RANKS.index(rank)]


def french_rank_name(rank: Rank) -> str:
    """A French-faced card's rank in words: "Jack", "Valet", "Bube", "Jota"; a number as it is."""
    return {
        Rank.JACK: pgettext("card", "Jack"), Rank.QUEEN: pgettext("card", "Queen"),
        Rank.KING: pgettext("card", "King"), Rank.ACE: pgettext("card", "Ace"),
    }.get(rank, str(int(rank)))


def german_rank_name(rank: Rank) -> str:
    """A German-suited card's rank in words: "Unter", "Ober", "König", "Ass"; a number as it is."""
    return {
        Rank.JACK: pgettext("German card", "Unter"), Rank.QUEEN: pgettext("German card", "Ober"),
        # TRANSLATORS: the King and the Ace of German-suited cards; German may call the Ace "Sau".
        Rank.KING: pgettext("German card", "König"), Rank.ACE: pgettext("German card", "Ass"),
    }.get(rank, str(int(rank)))


def german_card_name(suit: Suit) -> str:
    """A German-suited card of ``suit``, its rank to fill in: "Schellen-{rank}"."""
    return {
        # TRANSLATORS: a German-suited card, suit then rank: "Laub-Ober"; French "{rank} de Laub".
        Suit.SPADES: pgettext("German card", "Laub-{rank}"),
        Suit.HEARTS: pgettext("German card", "Herz-{rank}"),
        Suit.DIAMONDS: pgettext("German card", "Schellen-{rank}"),
        Suit.CLUBS: pgettext("German card", "Eichel-{rank}"),
    }[suit]


def joker_name(rank: Rank) -> str:
    """"Big Joker" or "Little Joker", in the language spoken."""
    return pgettext("card", "Big Joker") if rank == Rank.BIG_JOKER else pgettext("card", "Little Joker")


class SuitNames(Mapping):
    """The four suits' names in one style, read in the language spoken when asked for:
    ``SUIT_NAMES["german"][Suit.DIAMONDS]`` is "Schellen"."""

    def __init__(self, name: Callable[[Suit], str]):
        self.name = name

    def __getitem__(self, suit: Suit) -> str:
        if suit not in PLAIN_SUITS:
            raise KeyError(suit)
        return self.name(suit)

    def __iter__(self) -> Iterator[Suit]:
        return iter(PLAIN_SUITS)

    def __len__(self) -> int:
        return len(PLAIN_SUITS)


SUIT_NAMES = {"french": SuitNames(french_suit_name), "german": SuitNames(german_suit_name)}

BIG_JOKER_INDEX = 53
LITTLE_JOKER_INDEX = 52


class Card(int):
    """One card.  An int (its index) with a suit, a rank and a two-character code."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return Suit.JOKER if self >= LITTLE_JOKER_INDEX else Suit(self // 13)

    @property
    def rank(self) -> Rank:
        if self == BIG_JOKER_INDEX:
            return Rank.BIG_JOKER
        if self == LITTLE_JOKER_INDEX:
            return Rank.LITTLE_JOKER
        return Rank(self % 13 + 2)

    @property
    def is_joker(self) -> bool:
        return self >= LITTLE_JOKER_INDEX

    @property
    def bit(self) -> int:
        return 1 << self

    @property
    def code(self) -> str:
        return _CODES[self]

    def label(self, style: str = "french") -> str:
        """The card as a player reads it in a sentence: ``10♠``, ``K♥`` (``R♥`` in French),
        or ``Schellen-Ober`` in the German style."""
        if self.is_joker:
            return joker_name(self.rank)
        if style == "german":
            return self.name(style)
        return f"{french_rank_letter(self.rank)}{FRENCH_SYMBOLS[self.suit]}"

    def name(self, style: str = "french") -> str:
        """The card's full name: "Jack of hearts" ("Valet de cœur", "Herz-Bube", "Jota de
        corazones"), or "Schellen-Ober" in the German style."""
        if self.is_joker:
            return joker_name(self.rank)
        if style == "german":
            return german_card_name(self.suit).format(rank=german_rank_name(self.rank))
        # TRANSLATORS: a French-faced card in full, as "Jack of hearts"; German "Herz-Bube".
        return pgettext("card", "{rank} of {suit}").format(
            rank=french_rank_name(self.rank), suit=french_suit_name(self.suit))

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit) -> Card:
        return ALL_CARDS[int(suit) * 13 + int(rank) - 2]

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Parse a hand-record code (``AS``, ``th``, ``10H``, ``X1``); ValueError if it is not one."""
        if not isinstance(code, str):
            # TRANSLATORS: {code} what was written for a card
            raise ValueError(Words(N_("{code} is not a card code"), {"code": repr(code)}))
        text = code.strip().upper()
        if text in _CARDS_BY_CODE:
            return _CARDS_BY_CODE[text]
        if text.startswith("10") and len(text) == 3:
            return cls.from_code("T" + text[2])
        # TRANSLATORS: {code} what was written for a card; AS, TD, 7H and X1 are codes to write: keep them
        raise ValueError(Words(N_("{code} is not a card (codes look like AS, TD, 7H or X1)"), {"code": repr(code)}))

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code


def _code(index: int) -> str:
    if index == BIG_JOKER_INDEX:
        return "X1"
    if index == LITTLE_JOKER_INDEX:
        return "X2"
    return _RANK_LETTERS[index % 13 + 2] + "SHDC"[index // 13]


_CODES = [_code(index) for index in range(54)]
ALL_CARDS: tuple[Card, ...] = tuple(Card(index) for index in range(54))
_CARDS_BY_CODE = {card.code: card for card in ALL_CARDS}
BIG_JOKER = ALL_CARDS[BIG_JOKER_INDEX]
LITTLE_JOKER = ALL_CARDS[LITTLE_JOKER_INDEX]
JOKERS_MASK = BIG_JOKER.bit | LITTLE_JOKER.bit
SUIT_MASKS = {suit: 0x1FFF << (13 * int(suit)) for suit in PLAIN_SUITS}
SUIT_MASKS[Suit.JOKER] = JOKERS_MASK

DECK_LOWEST_RANK = {"piquet32": Rank.SEVEN, "standard52": Rank.TWO}


def deck_cards(deck: str, jokers: bool = False) -> list[Card]:
    """The cards of a deck, spades first, each suit from its lowest rank up, jokers last."""
    lowest = DECK_LOWEST_RANK[deck]
    cards = [Card.of(rank, suit) for suit in PLAIN_SUITS for rank in range(lowest, 15)]
    if jokers:
        cards += [LITTLE_JOKER, BIG_JOKER]
    return cards


def cards_in(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest index first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


def mask_of(cards) -> int:
    """The mask with a bit set for each of ``cards`` (or of any small whole numbers: places)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def parse_cards(text: str) -> list[Card]:
    """Parse space- or comma-separated card codes: ``"AS KD 7H"``."""
    return [Card.from_code(code) for code in text.replace(",", " ").split()]
