"""``ramsli simulate``: many hands between computer players, and what came of them.

Each seat is played by a computer player named in ``bots`` (random ones by default);
they all draw on one ``random.Random`` seeded by ``seed``, so a run is repeatable.
``advance`` is called after each hand, for a progress bar.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from ...languages import _, ngettext, pgettext
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
    """The summary as a person reads it, in their language: a heading, a line per seat
    under the columns' names, and whether every hand kept the chips."""
    # TRANSLATORS: the heading of `ramsli simulate`: {count} hands played under the ruleset {ruleset};
    # {sessions} how many sessions they took, written "session(s)" in English
    heading = ngettext("{count} hands of {ruleset} with {players} players (seed {seed}, {sessions} session(s))",
                       "{count} hands of {ruleset} with {players} players (seed {seed}, {sessions} session(s))",
                       summary["hands_played"])
    # TRANSLATORS: the columns of `ramsli simulate`'s table, right-aligned: a seat's number, its computer
    # player, the pots it won, the betes it paid, the chips it won or lost; short words (up to 6 letters)
    columns = (pgettext("simulate column", "seat"), pgettext("simulate column", "player"),
               pgettext("simulate column", "pots"), pgettext("simulate column", "betes"),
               pgettext("simulate column", "chips"))
    lines = [
        heading.format(count=summary["hands_played"], ruleset=summary["ruleset"], players=summary["players"],
                       seed=summary["seed"], sessions=summary["sessions"]),
        "{:>6} {:>10} {:>6} {:>6} {:>7}".format(*columns),
    ]
    for seat in range(summary["players"]):
        lines.append(
            f"{seat:>6} {summary['bots'][seat]:>10} {summary['pots_won'][seat]:>6} {summary['betes'][seat]:>6} "
            f"{summary['net_chips'][seat]:>+7}"
        )
    lines.append(chips_conserved_said(summary["chips_conserved"]))
    return "\n".join(lines)


def chips_conserved_said(conserved: bool) -> str:
    """The last line of a report of ``simulate`` or ``tournament``."""
    return _("Chips conserved in every hand: yes") if conserved else _("Chips conserved in every hand: NO")
