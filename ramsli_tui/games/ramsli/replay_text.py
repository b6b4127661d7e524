"""A replayed hand told for a person: the deal, each trick, the settlement."""

from __future__ import annotations

from typing import Any

from ..records import record_stops_here
from .engine import Hand

OUTCOMES = {
    "played": "The hand was played out.",
    "lone": "Only one player was in and takes the pot without play.",
    "nobody": "Everybody was out: the pot carries over.",
    "general_rams_made": "General Rams made: all five tricks.",
    "general_rams_failed": "General Rams failed.",
    "nap_made": "The Nap target was made.",
    "nap_missed": "The Nap target was missed.",
}


def describe_hand(hand: Hand, result: dict[str, Any]) -> str:
    lines = [
        f"Ruleset {hand.rules.name}, {hand.players} players, seat {hand.dealer} deals.",
        f"Stacks before the ante: {_stacks(hand.start_stacks)}; pot carried in: {hand.start_pot}.",
        "",
        "The deal:",
    ]
    for seat, cards in enumerate(hand.dealt):
        declared = result["declarations"][seat] or "-"
        lines.append(f"  seat {seat}: {' '.join(card.code for card in cards)}   ({declared})")
    aside = f" (set aside: {' '.join(card.code for card in hand.set_aside)})" if hand.set_aside else ""
    lines.append(f"  turn-up {hand.turn_up.code}: trumps are {hand.trump.name.lower()}{aside}")
    if result["announcement"]:
        announced = result["announcement"]
        what = "General Rams" if announced["kind"] == "general_rams" else f"a Nap of {announced['target']}"
        lines.append(f"  seat {announced['seat']} announces {what}")
    for number, trick in enumerate(result["tricks"], start=1):
        plays = "  ".join(f"{seat}:{code}" for seat, code in trick["plays"])
        won = f" -> seat {trick['winner']}" if trick["winner"] is not None else " (unfinished)"
        lines.append(f"Trick {number}: {plays}{won}")
    lines.append("")
    if not result["complete"]:
        lines.append(record_stops_here(result["next"], "act"))
        return "\n".join(lines)
    settled = hand.settlement
    lines.append(OUTCOMES[settled.outcome])
    lines.append(f"Tricks: {_stacks(hand.tricks_won)}")
    if settled.winners:
        lines.append("Pot to seat" + ("s " if len(settled.winners) > 1 else " ") + ", ".join(map(str, settled.winners)))
    if settled.betes:
        lines.append("Bete: seat" + ("s " if len(settled.betes) > 1 else " ") + ", ".join(map(str, settled.betes)))
    changes = ", ".join(f"{seat}: {change:+d}" for seat, change in enumerate(settled.changes))
    lines.append(f"Chips: {changes}")
    lines.append(f"Stacks now: {_stacks(hand.stacks)}; pot carried to the next hand: {hand.pot}.")
    return "\n".join(lines)


def _stacks(values) -> str:
    return " ".join(f"{seat}:{value}" for seat, value in enumerate(values))
