"""A replayed Rami record told for a person: the deal, each turn, the going-out and the scores."""

from __future__ import annotations

from typing import Any

from ..records import record_stops_here
from .engine.events import CardsDealt, Discarded, Drew, TalonCardDrawn, TalonReshuffled, TournanteBuried, WentOut
from .records import Replayed

TABLES = {2: "one against one", 4: "two against two, seats 0 and 2 against 1 and 3"}


def describe_hand(replayed: Replayed, result: dict[str, Any]) -> str:
    hand = replayed.hand
    lines = [
        f"Rami Simple ({hand.rules.name} rules), {hand.players} players, {TABLES[hand.players]}; seat {hand.dealer} deals.",
        f"Scores before this hand: side 0 {hand.start_scores[0]}, side 1 {hand.start_scores[1]}.",
        "",
        "The deal:",
    ]
    lines += [f"  seat {event.seat}: {' '.join(card.code for card in event.cards)}"
              for event in replayed.events if isinstance(event, CardsDealt)]
    lines.append("")
    lines += [line for event in replayed.events if (line := _told(event))]
    lines.append("")
    if not result["complete"]:
        lines.append(record_stops_here(result["next"], result["next"]["phase"]))
        return "\n".join(lines)
    scored = hand.scored
    lines.append(f"Side {scored.losing_side} gets {scored.points} points: scores now "
                 f"{result['scores'][0]} (side 0), {result['scores'][1]} (side 1).")
    if result["game_over"]:
        lines.append(f"Side {result['loser']} has reached {hand.rules.lost_at(hand.players)} and loses the game.")
    return "\n".join(lines)


def _told(event) -> str | None:
    """One line for each thing that happened at the table; None for what is told elsewhere."""
    if isinstance(event, Drew) and event.card is not None:
        return f"seat {event.seat} takes {event.card.code} from the {_place(event.source)}"
    if isinstance(event, TalonCardDrawn):
        return f"seat {event.seat} draws {event.card.code} from the talon"
    if isinstance(event, Discarded):
        return f"seat {event.seat} discards {event.card.code}" + (", set apart as the tournante" if event.tournante else "")
    if isinstance(event, TournanteBuried):
        return f"nobody took the tournante: {event.card.code} goes under the jetée"
    if isinstance(event, TalonReshuffled):
        return f"the talon is empty: the jetée under its top card is reshuffled into a talon of {event.cards}"
    if isinstance(event, WentOut):
        melds = " ".join("[" + " ".join(card.code for card in meld) + "]" for meld in event.melds)
        return f"seat {event.seat} goes out: {melds}, and discards {event.discard.code}"
    return None


def _place(source: str) -> str:
    return "jetée" if source == "jetee" else source
