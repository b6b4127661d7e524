"""A hint at Rami Simple: what the normal player would do in your seat, and why, in one sentence.

``advise(view, legal)`` asks the normal player (``normal.decide``) and puts the rule of
thumb it followed in words about this hand: "Take 7♥ from the jetée: it brings your hand
closer to going out (then 2 cards are missing)."  Cards are named by ``name_card``, so a
table with German faces passes its own way of naming them; by default they are named
with French glyphs.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ....cards import Card
from ..engine import Action, RamiView
from .normal import Rule, decide, face_up_cards
from .reading import next_seat, read
from .shape import missing

PLACES = {"talon": "the talon", "jetee": "the jetée", "tournante": "the tournante"}


class Advice(NamedTuple):
    action: Action
    reason: str


def advise(view: RamiView, legal: Sequence[Action], name_card: Callable[[Card], str] = Card.label) -> Advice:
    """What the normal player would choose in ``view``'s seat (from ``legal``, or going out), and why."""
    if not legal:
        raise ValueError("there is nothing to advise: this seat has no action to take now")
    action, rule = decide(view, legal)
    return Advice(action, reason_text(view, legal, action, rule, name_card))


def reason_text(view: RamiView, legal: Sequence[Action], action: Action, rule: Rule,
                name_card: Callable[[Card], str] = Card.label) -> str:
    """Why ``action`` (chosen by ``rule``) in ``view``'s seat, as one sentence."""
    if rule is Rule.GO_OUT:
        return f"Your cards go out: lay down your {len(action.melds)} melds and throw {name_card(action.card)}."
    if action.kind == "draw":
        return _draw_reason(view, legal, action, rule, name_card)
    return _discard_reason(view, action, rule, name_card)


def _draw_reason(view: RamiView, legal: Sequence[Action], action: Action, rule: Rule,
                 name_card: Callable[[Card], str]) -> str:
    face_up = face_up_cards(view, legal)
    if rule is Rule.TAKE_FACE_UP:
        card = face_up[action.source]
        return (f"Take {name_card(card)} from {PLACES[action.source]}: it brings your hand closer to going out "
                f"({missing_words(missing([*view.hand, card]))}).")
    if not face_up:
        return "Draw from the talon: there is no card face up that you may take."
    names = " or ".join(name_card(card) for card in face_up.values())
    return f"Draw from the talon: {names} would not bring your hand closer to going out."


def _discard_reason(view: RamiView, action: Action, rule: Rule, name_card: Callable[[Card], str]) -> str:
    card = name_card(action.card)
    if rule is Rule.ONLY_ACTION:
        return f"Throw {card}: it is the only card you may throw."
    if rule is Rule.DONT_FEED:
        taken = read(view).last_pick[next_seat(view)]
        return (f"Throw {card}: the next player has just taken {name_card(taken)}, "
                "so keep back the cards that would go with it.")
    if rule is Rule.THROW_NEVER_HELPS:
        return f"Throw {card}: it is in no meld you have begun."
    rest = list(view.hand)
    rest.remove(action.card)
    return f"Throw {card}: every card helps a meld, and this one leaves the fewest missing ({missing_words(missing(rest))})."


def missing_words(count: int) -> str:
    """How far the hand is then: "then your hand goes out", "then 1 card is missing"."""
    if not count:
        return "then your hand goes out"
    return f"then {count} card{' is' if count == 1 else 's are'} missing"
