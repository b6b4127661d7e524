"""A replayed Rami record told for a person: the deal, each turn, the going-out and the scores."""

from __future__ import annotations

from typing import Any

from ...languages import N_, _, ngettext
from ..records import record_stops_here
from .engine.events import CardsDealt, Discarded, Drew, TalonCardDrawn, TalonReshuffled, TournanteBuried, WentOut
from .records import Replayed

# Where a card is taken from, by the record's word for the place.
TAKEN_FROM = {"jetee": N_("seat {seat} takes {card} from the jetée"),
              "tournante": N_("seat {seat} takes {card} from the tournante")}
# TRANSLATORS: who plays against whom, in "Rami Simple (simple rules), 4 players, {table}; seat 0 deals."
TABLES = {2: N_("one against one"), 4: N_("two against two, seats 0 and 2 against 1 and 3")}


def describe_hand(replayed: Replayed, result: dict[str, Any]) -> str:
    hand = replayed.hand
    lines = [
        _("Rami Simple ({ruleset} rules), {count} players, {table}; seat {dealer} deals.").format(
            ruleset=hand.rules.name, count=hand.players, table=_(TABLES[hand.players]), dealer=hand.dealer),
        _("Scores before this hand: side 0 {first}, side 1 {second}.").format(first=hand.start_scores[0],
                                                                              second=hand.start_scores[1]),
        "",
        _("The deal:"),
    ]
    # TRANSLATORS: a seat's cards as dealt, indented by two spaces.
    lines += [_("  seat {seat}: {cards}").format(seat=event.seat, cards=" ".join(card.code for card in event.cards))
              for event in replayed.events if isinstance(event, CardsDealt)]
    lines.append("")
    lines += [line for event in replayed.events if (line := _told(event))]
    lines.append("")
    if not result["complete"]:
        lines.append(record_stops_here(result["next"], result["next"]["phase"]))
        return "\n".join(lines)
    scored = hand.scored
    lines.append(ngettext("Side {side} gets {count} point: scores now {first} (side 0), {second} (side 1).",
                          "Side {side} gets {count} points: scores now {first} (side 0), {second} (side 1).",
                          scored.points).format(side=scored.losing_side, count=scored.points,
                                                first=result["scores"][0], second=result["scores"][1]))
    if result["game_over"]:
        lines.append(_("Side {side} has reached {points} and loses the game.").format(
            side=result["loser"], points=hand.rules.lost_at(hand.players)))
    return "\n".join(lines)


def _told(event) -> str | None:
    """One line for each thing that happened at the table; None for what is told elsewhere."""
    if isinstance(event, Drew) and event.card is not None:
        return _(TAKEN_FROM[event.source]).format(seat=event.seat, card=event.card.code)
    if isinstance(event, TalonCardDrawn):
        return _("seat {seat} draws {card} from the talon").format(seat=event.seat, card=event.card.code)
    if isinstance(event, Discarded) and event.tournante:
        return _("seat {seat} discards {card}, set apart as the tournante").format(seat=event.seat,
                                                                                 card=event.card.code)
    if isinstance(event, Discarded):
        return _("seat {seat} discards {card}").format(seat=event.seat, card=event.card.code)
    if isinstance(event, TournanteBuried):
        return _("nobody took the tournante: {card} goes under the jetée").format(card=event.card.code)
    if isinstance(event, TalonReshuffled):
        return ngettext("the talon is empty: the jetée under its top card is reshuffled into a talon of {count}",
                        "the talon is empty: the jetée under its top card is reshuffled into a talon of {count}",
                        event.cards).format(count=event.cards)
    if isinstance(event, WentOut):
        melds = " ".join("[" + " ".join(card.code for card in meld) + "]" for meld in event.melds)
        return _("seat {seat} goes out: {melds}, and discards {card}").format(seat=event.seat, melds=melds,
                                                                            card=event.discard.code)
    return None
