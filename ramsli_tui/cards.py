"""Cards, suits, ranks and decks, with the two-character codes of hand records.

A card is a small int (its index, 0..53) so that the engine can keep a hand as an
integer bitmask: bit ``card`` is set when the hand holds that card.  Within a suit a
higher index means a higher rank, and the two jokers sit above every suit card, so
"the highest trump" of a mask of trumps is simply its highest set bit.
"""

from __future__ import annotations

from enum import IntEnum


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
            raise ValueError(f"{letter!r} is not a suit (S, H, D or C)") from None


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

# Display glyphs and words, by suit style.  German-suited packs have no glyphs, so a
# German card is named in German words, suit first as German players say it
# ("Schellen-Ober" for the Q♦), with Ass and König as the source texts call them.  Its
# compact face is a rank letter and a suit letter from two sets that share no letter
# ("OS", "AE", "10E"), so no face reads two ways.
FRENCH_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.JOKER: "★"}
GERMAN_SUIT_WORDS = {Suit.SPADES: "Laub", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Schellen", Suit.CLUBS: "Eichel"}
GERMAN_SUIT_LETTERS = {Suit.SPADES: "L", Suit.HEARTS: "H", Suit.DIAMONDS: "S", Suit.CLUBS: "E"}
GERMAN_RANK_WORDS = {Rank.JACK: "Unter", Rank.QUEEN: "Ober", Rank.KING: "König", Rank.ACE: "Ass"}
GERMAN_RANK_LETTERS = {Rank.JACK: "U", Rank.QUEEN: "O", Rank.KING: "K", Rank.ACE: "A"}
SUIT_NAMES = {
    "french": {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"},
    "german": GERMAN_SUIT_WORDS,
}

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
        """The card as a player reads it: ``10♠``, ``K♥``, or ``Schellen-Ober`` in the German style."""
        if self.is_joker:
            return "Big Joker" if self == BIG_JOKER_INDEX else "Little Joker"
        rank = self.rank
        if style == "german":
            return f"{GERMAN_SUIT_WORDS[self.suit]}-{GERMAN_RANK_WORDS.get(rank, str(int(rank)))}"
        rank_text = "10" if rank == Rank.TEN else rank.letter
        return f"{rank_text}{FRENCH_SYMBOLS[self.suit]}"

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit) -> Card:
        return ALL_CARDS[int(suit) * 13 + int(rank) - 2]

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Parse a hand-record code (``AS``, ``th``, ``10H``, ``X1``); ValueError if it is not one."""
        if not isinstance(code, str):
            raise ValueError(f"{code!r} is not a card code")
        text = code.strip().upper()
        if text in _CARDS_BY_CODE:
            return _CARDS_BY_CODE[text]
        if text.startswith("10") and len(text) == 3:
            return cls.from_code("T" + text[2])
        raise ValueError(f"{code!r} is not a card (codes look like AS, TD, 7H or X1)")

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
