"""A hint: what the normal player would do in your seat, and why, in one sentence.

``advise(view, legal)`` asks the normal player (``normal.decide``) and puts the reason
its rule of thumb gave (``reasons``) in words: "An ace and a high trump (A♥, K♠): go
in."  Cards are named by ``name_card``, so a table with German faces passes its own
way of naming them; by default they are named with French glyphs.  The sentence is said
in the language spoken (``languages``), every piece of it a whole phrase of the catalogue.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ....cards import ALL_CARDS, Card, Rank
from ....languages import N_, _, pgettext
from ..engine import Action, RamsliView
from .normal import decide
from .reasons import Why

NAMED_PATHS_AT_MOST = 2  # a declaration names the cards of its paths to a trick up to this many

# A declaration's paths to a trick, each a whole phrase by its count (a hand of five holds
# five at most): side aces, side top cards (a king whose ace is turned up or held), high
# trumps; and trump length with a second-rank honour.
# TRANSLATORS: the hand's ways to a trick, one phrase each: said alone, or joined ("an ace and a
# high trump"), at the start of a hint ("An ace and a high trump (A♥, K♠): go in.").
ACES = {1: N_("an ace"), 2: N_("two aces"), 3: N_("three aces"), 4: N_("four aces"), 5: N_("five aces")}
# TRANSLATORS: a top card: a side card no card unseen beats, as a king whose ace is turned up or held.
TOP_CARDS = {1: N_("a top card"), 2: N_("two top cards"), 3: N_("three top cards"), 4: N_("four top cards"),
             5: N_("five top cards")}
# TRANSLATORS: a high trump: a trump that at most one card unseen can beat.
HIGH_TRUMPS = {1: N_("a high trump"), 2: N_("two high trumps"), 3: N_("three high trumps"),
               4: N_("four high trumps"), 5: N_("five high trumps")}
# TRANSLATORS: trump length with a second-rank honour, counted as a way to a trick.
TRUMP_LENGTH = N_("trumps with an honour")


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
    """``why`` as one sentence in the language spoken, its cards named by ``name_card``."""
    names = [name_card(ALL_CARDS[card]) for card in why.cards]
    template = _(why.reason.value)
    assets = paths_to_a_trick(why, names) if "{assets}" in why.reason.value else ""
    cards = dict(zip(("card", "other_card"), names))
    text = template.format(**cards, assets=assets, **why.numbers)
    return text[:1].upper() + text[1:]


def paths_to_a_trick(why: Why, names: Sequence[str]) -> str:
    """A declaration's paths to a trick: "an ace and a high trump (A♥, K♠)".  A side
    card that no unseen card beats is an ace, or else a top card (a king whose ace is
    turned up or held); the cards are named when there are at most two of them and
    trump length is not counted besides."""
    aces = why.numbers["aces"]
    all_aces = all(ALL_CARDS[card].rank is Rank.ACE for card in why.cards[:aces])
    paths = [_(phrases[count]) for phrases, count in ((ACES if all_aces else TOP_CARDS, aces),
                                                       (HIGH_TRUMPS, why.numbers["high_trumps"])) if count]
    if why.numbers["length"]:
        paths.append(_(TRUMP_LENGTH))
    words = listed(paths)
    if names and len(names) <= NAMED_PATHS_AT_MOST and not why.numbers["length"]:
        words += f" ({', '.join(names)})"  # the cards in brackets, as every language here writes them
    return words


def listed(paths: Sequence[str]) -> str:
    """One, two or three paths to a trick as one phrase: "an ace, a high trump and trumps with an honour"."""
    if len(paths) == 1:
        return paths[0]
    if len(paths) == 2:
        # TRANSLATORS: two of the hand's ways to a trick, as "an ace" and "a high trump".
        return pgettext("ways to a trick", "{first} and {second}").format(first=paths[0], second=paths[1])
    # TRANSLATORS: three of the hand's ways to a trick, as "an ace", "a high trump" and "trumps with an honour".
    return pgettext("ways to a trick", "{first}, {second} and {third}").format(
        first=paths[0], second=paths[1], third=paths[2])
