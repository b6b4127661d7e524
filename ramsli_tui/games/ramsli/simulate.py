"""``ramsli simulate``: many hands between computer players, and what came of them.

Each seat is played by a computer player named in ``bots`` (random ones by default);
they all draw on one ``random.Random`` seeded by ``seed``, so a run is repeatable.
``advance`` is called after each hand, for a progress bar.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from ..protocol import play_out
from .bots import make_measurement_player
from .engine import RamsliSession
from .house_rules import Ruleset


def simulate(rules: Ruleset, players: int, hands: int, seed: int, bots: Sequence[str] | None = None,
             advance: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """Play ``hands`` hands in as many sessions as it takes; count pots, betes and chips."""
    names = list(bots) if bots else ["random"] * players
    if len(names) != players:
        raise ValueError(f"name one computer player per seat: {players} players but {len(names)} names")
    seats = dict(enumerate(make_measurement_player(name) for name in names))
    pots_won = [0] * players
    betes = [0] * players
    net_chips = [0] * players
    conserved = True
    played = sessions = 0
    choice_rng = random.Random(seed)
    rngs = dict.fromkeys(seats, choice_rng)
    while played < hands:
        session = RamsliSession(rules, players, random.Random(f"{seed}/{sessions}"))
        sessions += 1
        total = sum(session.stacks) + session.pot
        while played < hands and not session.is_over:
            before = session.rounds_finished
            play_out(session, seats, rngs, until=lambda game: game.is_over or game.rounds_finished > before)
            played += 1
            settled = session.finished[-1].settlement
            for seat in settled.winners:
                pots_won[seat] += 1
            for seat in settled.betes:
                betes[seat] += 1
            for seat, change in enumerate(settled.changes):
                net_chips[seat] += change
            conserved &= sum(settled.stacks) + settled.pot == total
            advance()
    return {
        "ruleset": rules.name,
        "players": players,
        "bots": names,
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
        f"{'seat':>6} {'player':>10} {'pots':>6} {'betes':>6} {'chips':>7}",
    ]
    for seat in range(summary["players"]):
        lines.append(
            f"{seat:>6} {summary['bots'][seat]:>10} {summary['pots_won'][seat]:>6} {summary['betes'][seat]:>6} "
            f"{summary['net_chips'][seat]:>+7}"
        )
    lines.append("Chips conserved in every hand: " + ("yes" if summary["chips_conserved"] else "NO"))
    return "\n".join(lines)
