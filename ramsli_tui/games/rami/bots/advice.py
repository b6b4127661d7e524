"""A hint at Rami Simple: what the normal player would do in your seat, and why, in one sentence.

``advise(view, legal)`` asks the normal player (``normal.decide``) and puts the rule of
thumb it followed in words about this hand: "Take 7♥ from the jetée: it brings your hand
closer to going out (then 2 cards are missing)."  Cards are named by ``name_card``, so a
table with German faces passes its own way of naming them; by default they are named
with French glyphs.  The sentence is said in the language spoken (``languages``).
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ....cards import Card
from ....languages import N_, _, ngettext
from ..engine import Action, RamiView
from .normal import Rule, decide, face_up_cards
from .reading import next_seat, read
from .shape import missing

# TRANSLATORS: a hint at Rami (as each "Take…", "Draw…", "Throw…" here): after "Hint: " it
# must wrap into two lines of 78 columns; {card}: the card face up, as "7♥" or "a joker";
# {then}: how far the hand is then, as "then 2 cards are missing".
TAKE = {"jetee": N_("Take {card} from the jetée: it brings your hand closer to going out ({then})."),
        "tournante": N_("Take {card} from the tournante: it brings your hand closer to going out ({then}).")}


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
    """Why ``action`` (chosen by ``rule``) in ``view``'s seat, as one sentence in the language spoken."""
    if rule is Rule.GO_OUT:
        melds = len(action.melds)
        # TRANSLATORS: {count}: the melds to lay down; {card}: the card to throw, as "7♥" or "a joker".
        return ngettext("Your cards go out: lay down your {count} meld and throw {card}.",
                        "Your cards go out: lay down your {count} melds and throw {card}.",
                        melds).format(count=melds, card=name_card(action.card))
    if action.kind == "draw":
        return _draw_reason(view, legal, action, rule, name_card)
    return _discard_reason(view, action, rule, name_card)


def _draw_reason(view: RamiView, legal: Sequence[Action], action: Action, rule: Rule,
                 name_card: Callable[[Card], str]) -> str:
    face_up = face_up_cards(view, legal)
    if rule is Rule.TAKE_FACE_UP:
        card = face_up[action.source]
        return _(TAKE[action.source]).format(card=name_card(card), then=missing_words(missing([*view.hand, card])))
    if not face_up:
        return _("Draw from the talon: there is no card face up that you may take.")
    names = [name_card(card) for card in face_up.values()]
    if len(names) == 1:
        # TRANSLATORS: {card}: the card face up on the jetée or the tournante, as "7♥" or "a joker".
        return _("Draw from the talon: {card} would not bring your hand closer to going out.").format(card=names[0])
    # TRANSLATORS: {card}: the tournante, {other_card}: the jetée's top card, as "7♥" or "a joker".
    return _("Draw from the talon: {card} or {other_card} would not bring your hand closer to going out.").format(
        card=names[0], other_card=names[1])


def _discard_reason(view: RamiView, action: Action, rule: Rule, name_card: Callable[[Card], str]) -> str:
    card = name_card(action.card)
    if rule is Rule.ONLY_ACTION:
        # TRANSLATORS: {card}: the card to throw, as "7♥" or "a joker".
        return _("Throw {card}: it is the only card you may throw.").format(card=card)
    if rule is Rule.DONT_FEED:
        taken = read(view).last_pick[next_seat(view)]
        # TRANSLATORS: {card}: the card to throw; {taken}: the card the next player took face up.
        return _("Throw {card}: the next player has just taken {taken}, so keep back the cards that would go with it."
                 ).format(card=card, taken=name_card(taken))
    if rule is Rule.THROW_NEVER_HELPS:
        # TRANSLATORS: {card}: the card to throw, as "7♥" or "a joker".
        return _("Throw {card}: it is in no meld you have begun.").format(card=card)
    rest = list(view.hand)
    rest.remove(action.card)
    # TRANSLATORS: {card}: the card to throw; {then}: how far the hand is then, as "then 2 cards are missing".
    return _("Throw {card}: every card helps a meld, and this one leaves the fewest missing ({then})."
             ).format(card=card, then=missing_words(missing(rest)))


def missing_words(count: int) -> str:
    """How far the hand is then: "then your hand goes out", "then 1 card is missing"."""
    if not count:
        # TRANSLATORS: how far the hand is after the card taken or thrown, in brackets at the end of a hint.
        return _("then your hand goes out")
    # TRANSLATORS: how far the hand is after the card taken or thrown, in brackets at the end of a hint.
    return ngettext("then {count} card is missing", "then {count} cards are missing", count).format(count=count)
