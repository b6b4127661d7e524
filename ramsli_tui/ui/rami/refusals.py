"""The refusals of Rami Simple's rules said to the player, in their language.

The engine refuses an action with a message id and its parameters (``Refusal``), and
keeps its English for records, ``--json`` and the table's wire.  Here each id (with the
parameter that changes the sentence, where one does) is a whole sentence said to "you",
marked for the catalogue: ``said_to_you`` says a refusal in them.  In English each is,
word for word, what the engine's template says to "you".

A reshuffle is the session's own action, never a person's: its refusals are only said
of a hand record being replayed (``record_refusal``, for ``ramsli replay``).
They are in ``RECORD_ONLY`` for it, but ``reshuffle_has_no_seat``, which never reaches the
engine from a record (its reading refuses a reshuffle's seat first).
"""

from __future__ import annotations

from ...games.protocol import IllegalAction
from ...games.rami.engine.hand import NO_TOURNANTE_AFTER_FIRST_ROUND, NO_TOURNANTE_THIS_HAND
from ...languages import N_, _

SENTENCES: dict[str | tuple[str, object], str] = {
    # TRANSLATORS: a refusal, said in the banner when the rules refuse what the player
    # tried; the table raises its first letter and adds the full stop, so write it with
    # neither, as every refusal here. {turn}: the name of the player whose turn it is.
    "not_your_turn": N_("you cannot act now: it is {turn}'s turn"),
    "hand_over": N_("the hand is over"),
    "game_over": N_("the game is over"),
    "discard_first": N_("you must discard now (the dealer's first turn has no draw; "
                        "a drawn card comes before the discard)"),
    "draw_first": N_("you must draw first: from the talon, the jetée or the tournante"),
    "name_the_discard": N_("you must name the card to discard"),
    # TRANSLATORS: {card} is a card's name, as "7♥" or "a joker" (the same in every refusal).
    "not_held": N_("you cannot discard {card}: you hold no {card}"),
    "jetee_empty": N_("you cannot take from the jetée: it is empty"),
    "joker_on_jetee": N_("you cannot take the joker on the jetée: a joker thrown is never taken back"),
    ("no_tournante", NO_TOURNANTE_AFTER_FIRST_ROUND):
        N_("you cannot take the tournante: it is only there during the first round"),
    ("no_tournante", NO_TOURNANTE_THIS_HAND):
        N_("you cannot take the tournante: there is none this hand: the dealer's first discard was a joker"),
    # TRANSLATORS: {taker}: the name of the player who took the tournante.
    "tournante_taken": N_("you cannot take the tournante: {taker} took it"),
    "keep_jetee_card": N_("you may not discard {card} this turn: it was taken from the jetée"),
    "first_round": N_("you cannot go out in the first round: the turn must come back to the dealer first"),
    "thirteen_in_melds": N_("you must lay 13 cards in melds to go out, not {count}"),
    # TRANSLATORS: {cards}: the cards laid down that the player does not hold, as "J♠, J♥".
    "not_held_out": N_("you cannot lay down {cards}: the melds and the discard must be the 14 cards you hold"),
    # TRANSLATORS: a Suivi is a run (one suit in sequence), a Tria a set (one rank, different suits): French
    # Rami's words, which French keeps; say them as your rummy players do (German Rommé: Folge, Satz;
    # Spanish: escalera, trío), here and in every text of Rami.
    ("needs_suivi_and_tria", "Suivi"):
        N_("you cannot go out without a Suivi: at least one Suivi and one Tria are needed"),
    ("needs_suivi_and_tria", "Tria"):
        N_("you cannot go out without a Tria: at least one Suivi and one Tria are needed"),
    # TRANSLATORS: a meld refused: {cards} lists its cards ("J♠, J♥, J♠"), in the brackets, as in every one below.
    "meld_too_short": N_("[{cards}]: a meld needs at least 3 cards"),
    "meld_two_jokers": N_("[{cards}]: a meld may hold one joker at most"),
    "tria_suit_twice": N_("[{cards}]: a Tria may not hold a suit twice"),
    "tria_too_long": N_("[{cards}]: a Tria holds 3 or 4 cards"),
    "suivi_rank_twice": N_("[{cards}]: a Suivi may not hold a rank twice"),
    "suivi_too_long": N_("[{cards}]: a Suivi holds 13 cards at most"),
    "ace_in_middle": N_("[{cards}]: the ace is low (A-2-3) or high (Q-K-A), never in the middle (K-A-2)"),
    "suivi_gap": N_("[{cards}]: the cards of a Suivi must follow each other, a joker standing for one missing card"),
    "not_a_meld": N_("[{cards}]: neither a Suivi (one suit in sequence) nor a Tria (one rank, different suits)"),
}
# The refusals only a hand record meets: a reshuffle's, the session's own action.
RECORD_ONLY = {
    # TRANSLATORS: the talon is empty: a replayed record must reshuffle the jetée before anyone draws
    "reshuffle_first": N_("the talon is empty: the jetée must be reshuffled into a new talon first"),
    "no_reshuffle": N_("the talon is not empty: there is nothing to reshuffle"),
    # TRANSLATORS: a record's reshuffle whose new talon is not the jetée less its top card: {count} the
    # cards it must hold; {lacking} the codes of those it lacks, {extra} of those it has too many ("7H, QC")
    ("reshuffle_cards", "lacking"): N_("the new talon must be the jetée less its top card ({count} cards): "
                                       "it lacks {lacking}"),
    ("reshuffle_cards", "extra"): N_("the new talon must be the jetée less its top card ({count} cards): "
                                     "it has {extra} too many"),
    ("reshuffle_cards", "both"): N_("the new talon must be the jetée less its top card ({count} cards): "
                                    "it lacks {lacking}; it has {extra} too many"),
}
SAID_BY = {"no_tournante": "why", "needs_suivi_and_tria": "missing"}  # the parameter that picks the sentence


def said_to_you(refusal: IllegalAction, faces: str, names) -> str | None:
    """The refusal said to the player in their language, cards in ``faces`` and the other
    seats by ``names``; None for one that is not said to a person (a reshuffle's)."""
    told_by = SAID_BY.get(refusal.message)
    key = refusal.message if told_by is None else (refusal.message, refusal.parameters.get(told_by))
    sentence = SENTENCES.get(key)
    return refusal.said_in(_(sentence), faces, names) if sentence is not None else None


def record_refusal(refusal: IllegalAction, names) -> str | None:
    """A refusal of an action of a hand record being replayed, in the reader's language:
    what the table told the player at that seat, the seats by ``names`` ("seat 2"), the
    cards by their faces; None for a reshuffle's (said in the record's English)."""
    own = RECORD_ONLY.get(_record_only_key(refusal))
    said = refusal.said_in(_(own), "french", names) if own is not None else said_to_you(refusal, "french", names)
    if said is None or refusal.seat is None:
        return None if said is None else said[:1].upper() + said[1:] + "."
    # TRANSLATORS: a refused action of a replayed Rami record: {refusal} what the table told the player at
    # seat {seat}, said to them ("you cannot discard 7♥: you hold no 7♥")
    return _("Seat {seat} was told: {refusal}.").format(seat=refusal.seat, refusal=said)


def _record_only_key(refusal: IllegalAction) -> str | tuple[str, str]:
    """The key of a record's refusal in ``RECORD_ONLY``: its message, and for a reshuffle's
    wrong cards whether the talon lacks some, has some too many, or both."""
    if refusal.message != "reshuffle_cards":
        return refusal.message
    lacking, extra = refusal.parameters.get("lacking"), refusal.parameters.get("extra")
    return refusal.message, "both" if lacking and extra else "lacking" if lacking else "extra"
