"""A hint: what the normal player would do in your seat, and why, in one sentence.

``advise(view, legal)`` asks the normal player (``normal.decide``) and puts the reason
its rule of thumb gave (``reasons``) in words: "An ace and a high trump (A♥, K♠): go
in."  Cards are named by ``name_card``, so a table with German faces passes its own
way of naming them; by default they are named with French glyphs.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ....cards import ALL_CARDS, Card, Rank
from ..engine import Action, RamsliView
from .normal import decide
from .reasons import Why

NAMED_PATHS_AT_MOST = 2  # a declaration names the cards of its paths to a trick up to this many
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


class Advice(NamedTuple):
    action: Action
    reason: str


def advise(view: RamsliView, legal: Sequence[Action], name_card: Callable[[Card], str] = Card.label) -> Advice:
    """What the normal player would choose from ``legal`` in ``view``'s seat, and why."""
    if not legal:
        raise ValueError("there is nothing to advise: this seat has no action to take now")
    action, why = decide(view, legal)
    return Advice(action, reason_text(why, name_card))


def reason_text(why: Why, name_card: Callable[[Card], str] = Card.label) -> str:
    """``why`` as one sentence, its cards named by ``name_card``."""
    names = [name_card(ALL_CARDS[card]) for card in why.cards]
    assets = paths_to_a_trick(why, names) if "{assets}" in why.reason.value else ""
    text = why.reason.value.format(c=names, assets=assets, **why.numbers)
    return text[:1].upper() + text[1:]


def paths_to_a_trick(why: Why, names: Sequence[str]) -> str:
    """A declaration's paths to a trick: "an ace and a high trump (A♥, K♠)".  A side
    card that no unseen card beats is an ace, or else a top card (a king whose ace is
    turned up or held); the cards are named when there are at most two of them and
    trump length is not counted besides."""
    aces = why.numbers["aces"]
    all_aces = all(ALL_CARDS[card].rank is Rank.ACE for card in why.cards[:aces])
    parts = [
        counted(aces, "an ace", "aces") if all_aces else counted(aces, "a top card", "top cards"),
        counted(why.numbers["high_trumps"], "a high trump", "high trumps"),
        "trumps with an honour" if why.numbers["length"] else "",
    ]
    parts = [part for part in parts if part]
    words = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    if names and len(names) <= NAMED_PATHS_AT_MOST and not why.numbers["length"]:
        words += f" ({', '.join(names)})"
    return words


def counted(number: int, one: str, many: str) -> str:
    """``one`` ("an ace") for one, "two aces" for two, "" for none."""
    if number <= 1:
        return one if number else ""
    return f"{NUMBER_WORDS[number]} {many}"
