"""``ramsli simulate``: many hands between computer players, and what came of them."""

from __future__ import annotations

import random
from typing import Any

from .engine import Session
from .rules import Ruleset


def random_player(session: Session, rng: random.Random):
    return rng.choice(session.legal_actions())


def simulate(rules: Ruleset, players: int, hands: int, seed: int) -> dict[str, Any]:
    """Play ``hands`` hands in as many sessions as it takes; count pots, betes and chips."""
    pots_won = [0] * players
    betes = [0] * players
    net_chips = [0] * players
    conserved = True
    played = sessions = 0
    choice_rng = random.Random(seed)
    while played < hands:
        session = Session(rules, players, random.Random(f"{seed}/{sessions}"))
        sessions += 1
        total = sum(session.stacks) + session.pot
        while played < hands and not session.is_over:
            before = len(session.finished)
            session.apply(random_player(session, choice_rng))
            if len(session.finished) > before:
                played += 1
                settled = session.finished[-1].settlement
                for seat in settled.winners:
                    pots_won[seat] += 1
                for seat in settled.betes:
                    betes[seat] += 1
                for seat, change in enumerate(settled.changes):
                    net_chips[seat] += change
                conserved &= sum(settled.stacks) + settled.pot == total
    return {
        "ruleset": rules.name,
        "players": players,
        "seed": seed,
        "hands_played": played,
        "sessions": sessions,
        "pots_won": pots_won,
        "betes": betes,
        "net_chips": net_chips,
        "chips_conserved": conserved,
    }


def summary_text(summary: dict[str, Any]) -> str:
    lines = [
        f"{summary['hands_played']} hands of {summary['ruleset']} with {summary['players']} players "
        f"(seed {summary['seed']}, {summary['sessions']} session(s))",
        f"{'seat':>6} {'pots':>6} {'betes':>6} {'chips':>7}",
    ]
    for seat in range(summary["players"]):
        lines.append(
            f"{seat:>6} {summary['pots_won'][seat]:>6} {summary['betes'][seat]:>6} {summary['net_chips'][seat]:>+7}"
        )
    lines.append("Chips conserved in every hand: " + ("yes" if summary["chips_conserved"] else "NO"))
    return "\n".join(lines)
