"""How fast the history answers a player's statistics over a long life of evenings.

Makes a history of ``--hands`` hands (100,000 by default) in sessions of ``--per`` hands,
one person (Mia) at every one against computer players of three strengths, through the
history's own writing path for a few real sessions and, for the rest, rows of the same
shape written straight into its tables (playing 100,000 hands would take the bench an
hour and measure the bots).  Then it times what the Statistics screen and
``ramsli history stats`` ask: a player's figures at a game (over all rulesets, and one),
their session-by-session series for a chart, their sessions listed and the leaderboard,
each the best of ``--repeat`` runs.  Target: each at most 200 ms on a 2-core machine.

    python bench/history.py [--hands 100000] [--per 20] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ramsli_tui.games import game_named  # noqa: E402
from ramsli_tui.games.protocol import play_out  # noqa: E402
from ramsli_tui.storage.history import HandHistory, player_statistics  # noqa: E402
from ramsli_tui.games.facts import WON_FACT  # noqa: E402
from ramsli_tui.table.spec import GameSpec  # noqa: E402

STRENGTHS = ("random", "normal", "hard")


def real_sessions(history: HandHistory, count: int) -> dict:
    """``count`` real Ramsli sessions kept as the app keeps them; one of their records, to copy."""
    kind = game_named("ramsli")
    record = None
    for number in range(count):
        spec = GameSpec.one_person("ramsli", "classic", number, ("Mia", "Anna", "Bertl", "Carlo"),
                                   ["normal", "random", "hard"])
        played = kind.new_game(kind.load_rules("classic"), 4, number)
        players = {seat: kind.computer_player("normal") for seat in range(4)}
        play_out(played, players, {seat: random.Random(seat) for seat in range(4)},
                 until=lambda game: game.is_over or game.rounds_finished >= 5)
        history.keep_finished(f"real.{number}.json", spec, played.finished, played.is_over, 0)
        record = kind.records.record_of(played.finished[0])
    return record


def synthetic_sessions(history: HandHistory, hands: int, per: int, record: dict) -> None:
    """The rest of the hands as rows of the same shape, in one transaction."""
    facts = [fact.name for fact in game_named("ramsli").facts.FACTS]
    rng = random.Random(1)
    text = json.dumps(record)
    connection = history.connection
    connection.execute("BEGIN")
    for session in range(hands // per):
        started = f"2026-{1 + session % 12:02d}-{1 + session % 28:02d}T20:00:00+00:00"
        standing = [rng.randint(0, 60) for _ in range(4)]
        session_id = connection.execute(
            "INSERT INTO sessions (save, game, ruleset, started_at, ended_at, standing) VALUES (?, 'ramsli', ?, ?, ?, ?)",
            (f"synthetic.{session}.json", rng.choice(["classic", "nap", "jokers"]), started, started,
             json.dumps(standing))).lastrowid
        whos = ["person:Mia", *(f"computer:{strength}" for strength in STRENGTHS)]
        connection.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", [
            (session_id, seat, who.split(":")[1], None if seat == 0 else STRENGTHS[seat - 1], who)
            for seat, who in enumerate(whos)])
        connection.executemany("INSERT INTO hands VALUES (?, 'ramsli', ?, ?, ?)",
                               [(session_id, number, started, text) for number in range(1, per + 1)])
        ruleset = connection.execute("SELECT ruleset FROM sessions WHERE id = ?", (session_id,)).fetchone()[0]
        connection.executemany("INSERT INTO session_facts VALUES (?, ?, 'ramsli', ?, ?, ?)", [
            (session_id, who, ruleset, fact, rng.randint(-20, per)) for who in whos for fact in facts])
        connection.executemany("INSERT INTO session_facts VALUES (?, ?, 'ramsli', ?, ?, ?)", [
            (session_id, who, ruleset, WON_FACT, int(stood == max(standing))) for who, stood in zip(whos, standing)])
    connection.execute("COMMIT")


def best_of(repeat: int, ask) -> float:
    """The fastest of ``repeat`` runs of ``ask()``, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        ask()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--per", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        history = HandHistory.open(Path(folder))
        record = real_sessions(history, 3)
        synthetic_sessions(history, args.hands, args.per, record)
        total = history.connection.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
        size = (Path(folder) / "history.sqlite3").stat().st_size + (Path(folder) / "history.sqlite3-wal").stat().st_size
        print(f"history: {total:,} hands in {total // args.per:,} sessions, {size / 2**20:.0f} MiB")
        asks = {
            "figures at a game, every ruleset": lambda: player_statistics(history, "person:Mia", "ramsli"),
            "figures at a game, one ruleset": lambda: player_statistics(history, "person:Mia", "ramsli", "classic"),
            "chips session by session": lambda: history.series("person:Mia", "ramsli", ["chips_won"]),
            "in-rate session by session": lambda: history.series("person:Mia", "ramsli", ["went_in", "hands"]),
            "a computer strength's figures": lambda: player_statistics(history, "computer:hard", "ramsli"),
            "the leaderboard": lambda: history.leaderboard("ramsli"),
            "the leaderboard of one ruleset": lambda: history.leaderboard("ramsli", "classic"),
            "the sessions listed": lambda: history.sessions("person:Mia"),
        }
        worst = 0.0
        for name, ask in asks.items():
            milliseconds = best_of(args.repeat, ask)
            worst = max(worst, milliseconds)
            print(f"  {name:<36} {milliseconds:8.1f} ms")
        history.close()
    print(f"slowest: {worst:.1f} ms (target: at most 200 ms)")
    return 0 if worst <= 200 else 1


if __name__ == "__main__":
    sys.exit(main())
