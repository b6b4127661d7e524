"""Why the normal player chose what it chose, in the words of the source texts' advice.

Each rule of thumb of ``judgement`` and ``normal`` that decides also names its
``Reason``; a ``Why`` is that reason with the cards and numbers its sentence names.
The sentences are the texts' advice ("Conseils et stratégies", "Tipps und
Strategien", "Consejos y estrategias") said plainly, to be shown as a hint
(``advice``).  Each is an English template marked for the catalogue, said in the
reader's language where the hint is made (``advice``): ``{card}`` and ``{other_card}``
are cards, named in the reader's faces; other names are numbers of the ``Why``;
``{assets}`` is the hand's paths to a trick ("an ace and a high trump (A♥, K♠)"), from
a declaration's cards and its numbers ``aces``, ``high_trumps`` and ``length`` (1 for
trump length with a second-rank honour).  A sentence names at most two cards, so that
it stays within 80 characters in any face and language.
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Mapping, NamedTuple

from ....languages import N_


class Reason(Enum):
    # --- a single legal action
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    ONLY_CARD = N_("The {card} is your only legal card.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; the hand of a dealer everyone else left alone.
    MUST_BE_IN = N_("Everyone else is out: you must be in.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; the one action the rules leave.
    ONLY_ACTION = N_("The rules leave you nothing else to do.")
    # --- in or out
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {assets}: the hand's ways to a trick, as "an ace and a high trump (A♥, K♠)".
    GOOD_HAND = N_("{assets}: go in.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {assets}: the hand's one way to a trick, as "an ace (A♥)".
    ONE_CHANCE_FEW_IN = N_("{assets}; few are in: go in.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {players_in}: how many players are in before you (2 or more).
    ONE_CHANCE_CROWDED = N_("With {players_in} in, each a threat to your one trick: stay out.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names.
    SPOIL_THE_DEALER = N_("Folding would hand the dealer the pot unopposed: go in.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names.
    NO_PATH = N_("No ace, no high trump: no path to a trick, stay out.")
    # --- General Rams and Nap
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names.
    GENERAL_RAMS = N_("The ace of trumps, a high trump, three aces or kings: announce.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names.
    NO_GENERAL_RAMS = N_("Not five sure tricks, and failing triples the bete: pass.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names.
    NAP_FIVE = N_("A General Rams hand: bid all five tricks.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {target}: a number of tricks, 2 to 4; "Nap 3" is the bid.
    NAP_TARGET = N_("You can count on {target} tricks: bid Nap {target}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names.
    NAP_TOO_FEW = N_("You cannot count on two tricks: pass.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {target}: the tricks you count on; {floor}: the Nap bid standing.
    NAP_OUTBID = N_("You count on {target} tricks, no more than the Nap {floor} bid: pass.")
    # --- leading
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    LEAD_LONG_TRUMPS = N_("Long in trumps: lead the {card} and draw the others' trumps.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    CASH_TOP_TRUMP = N_("The {card} is the best trump left: lead it and draw theirs.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    CASH_MASTER_NO_TRUMPS = N_("Nobody else can hold a trump: cash the {card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    CASH_MASTER_MID_HAND = N_("Mid-hand, some trumps gone: cash the {card}, the best left.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    LEAD_LOW_TRUMP = N_("Only trumps in hand: lead the lowest, the {card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    LEAD_SINGLETON = N_("Lead the lone {card}: then you can trump that suit.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    LEAD_CHEAPEST_MASTER = N_("Your side cards are all the best left: lead the {card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the low card to lead; {other_card}: a card none can beat, kept for later.
    KEEP_FOR_MID_HAND = N_("Keep the {other_card} for trick 3 or 4: lead low, the {card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the low card to lead; {other_card}: a card none can beat, kept back.
    KEEP_FROM_TRUMPS = N_("The {other_card} could be trumped: lead low, the {card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    LEAD_LOW = N_("Nothing sure to lead: lead low, the {card}.")
    # --- following
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    WIN_SAFE = N_("The {card} wins, and no later player should beat it.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    WIN_LAST = N_("You play last: the {card} is the cheapest card that wins.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    TRY_BEFORE_BETE = N_("No trick yet and the bete looms: try with the {card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    TRY_CHEAP = N_("Try with the {card}: it may be beaten, but it costs little.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    EVERY_CARD_WINS = N_("Every card you may play wins for now: the cheapest, the {card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the low card to play; {other_card}: the cheapest card that would win.
    FOLLOW_LOW = N_("Follow low with the {card}: a later player may beat the {other_card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    THROW_SINGLETON = N_("You cannot win it: throw the lone {card}, to trump its suit later.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    THROW_CHEAPEST = N_("You cannot win it: throw the cheapest card, the {card}.")
    # TRANSLATORS: a hint, 80 columns at most with 17-column card names; {card}: the card to play, as "K♥" or "Schellen-König".
    THROW_LEAST_GOOD = N_("You cannot win it: give up the {card}, your least valuable.")


NO_NUMBERS: Mapping[str, int] = MappingProxyType({})


class Why(NamedTuple):
    """A reason with what its sentence names: card indices and numbers by name."""

    reason: Reason
    cards: tuple[int, ...] = ()
    numbers: Mapping[str, int] = NO_NUMBERS
