"""Why the normal player chose what it chose, in the words of the source texts' advice.

Each rule of thumb of ``judgement`` and ``normal`` that decides also names its
``Reason``; a ``Why`` is that reason with the cards and numbers its sentence names.
The sentences are the texts' advice ("Conseils et stratégies", "Tipps und
Strategien", "Consejos y estrategias") said plainly, to be shown as a hint
(``advice``).  ``{c[0]}`` and ``{c[1]}`` are cards, named by the face the player
chose; other names are numbers of the ``Why``; ``{assets}`` is the hand's paths to a
trick ("an ace and a high trump (A♥, K♠)"), from a declaration's cards and its
numbers ``aces``, ``high_trumps`` and ``length`` (1 for trump length with a
second-rank honour).  A
sentence names at most two cards, so that it stays within 80 characters in any face.
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Mapping, NamedTuple


class Reason(Enum):
    # --- a single legal action
    ONLY_CARD = "The {c[0]} is your only legal card."
    MUST_BE_IN = "Everyone else is out: you must be in."
    ONLY_ACTION = "The rules leave you nothing else to do."
    # --- in or out
    GOOD_HAND = "{assets}: go in."
    ONE_CHANCE_FEW_IN = "{assets}; few are in: go in."
    ONE_CHANCE_CROWDED = "With {players_in} in, each a threat to your one trick: stay out."
    SPOIL_THE_DEALER = "Folding would hand the dealer the pot unopposed: go in."
    NO_PATH = "No ace, no high trump: no path to a trick, stay out."
    # --- General Rams and Nap
    GENERAL_RAMS = "The ace of trumps, a high trump, three aces or kings: announce."
    NO_GENERAL_RAMS = "Not five sure tricks, and failing triples the bete: pass."
    NAP_FIVE = "A General Rams hand: bid all five tricks."
    NAP_TARGET = "You can count on {target} tricks: bid Nap {target}."
    NAP_TOO_FEW = "You cannot count on two tricks: pass."
    NAP_OUTBID = "You count on {target} tricks, no more than the Nap {floor} bid: pass."
    # --- leading
    LEAD_LONG_TRUMPS = "Long in trumps: lead the {c[0]} and draw the others' trumps."
    CASH_TOP_TRUMP = "The {c[0]} is the best trump left: lead it and draw theirs."
    CASH_MASTER_NO_TRUMPS = "Nobody else can hold a trump: cash the {c[0]}."
    CASH_MASTER_MID_HAND = "Mid-hand, some trumps gone: cash the {c[0]}, the best left."
    LEAD_LOW_TRUMP = "Only trumps in hand: lead the lowest, the {c[0]}."
    LEAD_SINGLETON = "Lead the lone {c[0]}: then you can trump that suit."
    LEAD_CHEAPEST_MASTER = "Your side cards are all the best left: lead the {c[0]}."
    KEEP_FOR_MID_HAND = "Keep the {c[1]} for trick 3 or 4: lead low, the {c[0]}."
    KEEP_FROM_TRUMPS = "The {c[1]} could be trumped: lead low, the {c[0]}."
    LEAD_LOW = "Nothing sure to lead: lead low, the {c[0]}."
    # --- following
    WIN_SAFE = "The {c[0]} wins, and no later player should beat it."
    WIN_LAST = "You play last: the {c[0]} is the cheapest card that wins."
    TRY_BEFORE_BETE = "No trick yet and the bete looms: try with the {c[0]}."
    TRY_CHEAP = "Try with the {c[0]}: it may be beaten, but it costs little."
    EVERY_CARD_WINS = "Every card you may play wins for now: the cheapest, the {c[0]}."
    FOLLOW_LOW = "Follow low with the {c[0]}: a later player may beat the {c[1]}."
    THROW_SINGLETON = "You cannot win it: throw the lone {c[0]}, to trump its suit later."
    THROW_CHEAPEST = "You cannot win it: throw the cheapest card, the {c[0]}."
    THROW_LEAST_GOOD = "You cannot win it: give up the {c[0]}, your least valuable."


NO_NUMBERS: Mapping[str, int] = MappingProxyType({})


class Why(NamedTuple):
    """A reason with what its sentence names: card indices and numbers by name."""

    reason: Reason
    cards: tuple[int, ...] = ()
    numbers: Mapping[str, int] = NO_NUMBERS
