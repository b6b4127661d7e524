"""A replayed hand told for a person: the deal, each trick, the settlement."""

from __future__ import annotations

from typing import Any

from ...languages import N_, _, ngettext
from ..records import record_stops_here
from .engine import Hand

OUTCOMES = {
    "played": N_("The hand was played out."),
    "lone": N_("Only one player was in and takes the pot without play."),
    "nobody": N_("Everybody was out: the pot carries over."),
    "general_rams_made": N_("General Rams made: all five tricks."),
    "general_rams_failed": N_("General Rams failed."),
    "nap_made": N_("The Nap target was made."),
    "nap_missed": N_("The Nap target was missed."),
}


def describe_hand(hand: Hand, result: dict[str, Any]) -> str:
    lines = [
        ngettext("Ruleset {ruleset}, {count} player, seat {dealer} deals.",
                 "Ruleset {ruleset}, {count} players, seat {dealer} deals.",
                 hand.players).format(ruleset=hand.rules.name, count=hand.players, dealer=hand.dealer),
        _("Stacks before the ante: {stacks}; pot carried in: {pot}.").format(stacks=_stacks(hand.start_stacks),
                                                                             pot=hand.start_pot),
        "",
        _("The deal:"),
    ]
    for seat, cards in enumerate(hand.dealt):
        declared = result["declarations"][seat]
        declared = _(DECLARED[declared]) if declared in DECLARED else "-"
        # TRANSLATORS: a seat's cards as dealt, and what it declared (in, out or -), indented by two spaces.
        lines.append(_("  seat {seat}: {cards}   ({declared})").format(
            seat=seat, cards=" ".join(card.code for card in cards), declared=declared))
    lines.append(_turn_up(hand))
    if result["announcement"]:
        lines.append(_announced(result["announcement"]))
    for number, trick in enumerate(result["tricks"], start=1):
        plays = "  ".join(f"{seat}:{code}" for seat, code in trick["plays"])
        if trick["winner"] is None:
            lines.append(_("Trick {number}: {plays} (unfinished)").format(number=number, plays=plays))
        else:
            lines.append(_("Trick {number}: {plays} -> seat {winner}").format(number=number, plays=plays,
                                                                              winner=trick["winner"]))
    lines.append("")
    if not result["complete"]:
        lines.append(record_stops_here(result["next"], "act"))
        return "\n".join(lines)
    settled = hand.settlement
    lines.append(_(OUTCOMES[settled.outcome]))
    lines.append(_("Tricks: {tricks}").format(tricks=_stacks(hand.tricks_won)))
    if settled.winners:
        lines.append(ngettext("Pot to seat {seats}", "Pot to seats {seats}", len(settled.winners))
                     .format(seats=", ".join(map(str, settled.winners))))
    if settled.betes:
        lines.append(ngettext("Bete: seat {seats}", "Bete: seats {seats}", len(settled.betes))
                     .format(seats=", ".join(map(str, settled.betes))))
    changes = ", ".join(f"{seat}: {change:+d}" for seat, change in enumerate(settled.changes))
    lines.append(_("Chips: {changes}").format(changes=changes))
    lines.append(_("Stacks now: {stacks}; pot carried to the next hand: {pot}.").format(stacks=_stacks(hand.stacks),
                                                                                       pot=hand.pot))
    return "\n".join(lines)


def _turn_up(hand: Hand) -> str:
    """The line of the turned-up card, the trump suit, and the cards set aside if any."""
    turn_up, trumps = hand.turn_up.code, _(SUITS[hand.trump.name.lower()])
    if hand.set_aside:
        return _("  turn-up {card}: trumps are {suit} (set aside: {cards})").format(
            card=turn_up, suit=trumps, cards=" ".join(card.code for card in hand.set_aside))
    return _("  turn-up {card}: trumps are {suit}").format(card=turn_up, suit=trumps)


def _announced(announced: dict[str, Any]) -> str:
    """The line of what a seat announced: General Rams, or a Nap of so many tricks."""
    if announced["kind"] == "general_rams":
        return _("  seat {seat} announces General Rams").format(seat=announced["seat"])
    return _("  seat {seat} announces a Nap of {target}").format(seat=announced["seat"], target=announced["target"])


# TRANSLATORS: the trump suit, in "trumps are {suit}" of a replayed hand.
SUITS = {"hearts": N_("hearts"), "diamonds": N_("diamonds"), "clubs": N_("clubs"), "spades": N_("spades")}
# TRANSLATORS: what a seat declared, in brackets after its cards in a replayed hand.
DECLARED = {"in": N_("in"), "out": N_("out")}


def _stacks(values) -> str:
    return " ".join(f"{seat}:{value}" for seat, value in enumerate(values))
