"""Ramsli's rules as played under the current ruleset, its house rules spelled out, in
Markdown for the rules screen (``ui.common.rules_help``)."""

from __future__ import annotations

from ...games.ramsli.house_rules import NAP_TARGETS, Ruleset


def rules_markdown(rules: Ruleset) -> str:
    """The rules in a player's words, following the ruleset's choices."""
    bete = "the whole pot" if rules.bete == "pot" else f"{rules.bete} chips"
    if rules.bete_multiplier != 1:
        bete += f", times {rules.bete_multiplier}"
    deck = "32 cards, 7 up to ace" if rules.deck == "piquet32" else "52 cards, 2 up to ace"
    if rules.jokers:
        deck += ", and two jokers (Big above Little above the ace of trumps) that are always trumps"
    packets = " then ".join(str(size) for size in rules.packets)
    parts = [
        f"# Ramsli — {rules.name}",
        rules.description or "",
        "## This table's house rules",
        *(f"- {line}" for line in rules.house_rules()),
        "## The deal",
        f"The deck has {deck}. Aces are high and cards carry no points: only tricks count. "
        f"Before each hand everyone pays an ante of {rules.ante} into the pot. The dealer gives five "
        f"cards each, in packets of {packets}, and turns up the next card: its suit is **trump** for the "
        "hand. The turn-up stays on the table and is never played. The deal passes to the left each hand.",
        "## In or out",
    ]
    if rules.obligatory:
        parts.append("Nobody may go out: everyone plays every hand.")
    else:
        forced = (
            "If everyone before the dealer is out, the dealer must play."
            if rules.dealer_forced
            else "If everyone is out, nobody plays and the pot carries over."
        )
        parts.append(
            "Starting left of the dealer, each player says **in** (i) or **out** (o); the dealer speaks last. "
            f"{forced} A player who is alone in takes the whole pot without play."
        )
    if rules.general_rams:
        failure = "three times the bete" if rules.general_rams_failure == "triple_bete" else "three times the pot"
        parts += [
            "## General Rams",
            "After the declarations, the players who are in may each announce **General Rams** (g) — "
            "to take all five tricks — or pass (p). The announcer leads. Making it, the others together pay "
            f"twice the pot into it and the announcer takes it all; failing, the announcer pays {failure} "
            "into the next pot, and the others share this pot by tricks.",
        ]
    if rules.nap:
        table = ", ".join(
            f"{target}: +{rules.nap_bonus[target]} / −{rules.nap_penalty[target]}" for target in NAP_TARGETS
        )
        parts += [
            "## Nap targets",
            "After the declarations, the players who are in may each bid a **Nap target** of 2 to 5 tricks "
            "(keys 2–5), higher than any bid before, or pass (p). The highest bidder leads. Making the target "
            "collects the bonus from each other player; missing it pays the penalty to each. "
            f"Bonus / penalty per player: {table}.",
        ]
    parts += [
        "## Playing a trick",
        "- You **must follow suit** if you can.",
        "- If you cannot, you **must trump** if you can.",
        "- Whenever you play a trump, you **must beat** every trump already in the trick if you can.",
    ]
    if rules.must_head:
        parts.append("- Following a plain suit, you must play higher than the best card of that suit in the trick.")
    parts += [
        "- Otherwise play any card; it cannot win.",
        "- The highest trump wins the trick, or else the highest card of the suit led. The winner leads next.",
        "",
        "The app never lets you play a card against these rules: it marks the cards you may play and, if you "
        "try another, says why.",
        "## Settling",
        "The player with the most tricks takes the pot; players tied for most share it, and the odd chips "
        f"stay for the next hand. Every player who was in and took no trick is **bete** and pays {bete} into "
        "the next pot.",
        "## The end",
    ]
    if rules.target:
        parts.append(f"The first player to reach {rules.target} chips, alone in the lead, wins the session.")
    if rules.on_bust == "end":
        parts.append("When a player cannot pay the ante, the session ends and the largest stack wins.")
    else:
        parts.append("A player who cannot pay the ante leaves the table; play goes on while enough players remain, "
                     "and the largest stack wins.")
    if rules.max_hands:
        parts.append(f"The session stops after {rules.max_hands} hands; the largest stack wins.")
    keys = ["i/o in or out"] if not rules.obligatory else []
    if rules.general_rams:
        keys.append("g General Rams, p pass")
    if rules.nap:
        keys.append("2–5 a Nap target, p pass")
    keys += ["1–5 or ←/→ and Enter to play", "h history", "s scores", "? these rules", "f2 settings", "q quit"]
    parts.append("\n*Keys: " + " · ".join(keys) + ".*")
    return "\n\n".join(part for part in parts if part is not None)

