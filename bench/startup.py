"""Cold start to the first drawn frame: ``ramsli`` against a bare Textual app with one Static.

Each run is a fresh Python process that starts the app headless; the time counted is
from spawning the process to the moment Textual hands the terminal the first frame of
the app's first real screen (the table, or the setup screen), so interpreter start,
imports and building the screen count.  How long the process then takes to wind down
does not: it is no part of starting, and it swings by tens of milliseconds with
whatever the garbage collector happens to hold at exit.  Every contender caches its
bytecode in the warm-up run, as an installed package has it, even where
``PYTHONDONTWRITEBYTECODE`` is set.

The runs of the contenders alternate, and the median of each is compared.  Target:
ramsli within 1.2× the bare app.  Two more bare apps show where ramsli's time goes:
one that first imports what ``ramsli play`` imports (the engine, rulesets, computer
players, storage, the app's modules), and one that shows as many plain Statics as the
table screen has widgets.

    python bench/startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

# Every contender reports the moment Textual hands the first frame of the screen named
# ``shown`` to the terminal (headless, nothing is written), and leaves.
FIRST_FRAME = """
import time
from textual.app import App

display = App._display
reported = []

def display_and_report(app, screen, renderable):
    display(app, screen, renderable)
    if renderable is not None and type(screen).__name__ == "{shown}" and not reported:
        reported.append(screen)
        print(time.time(), flush=True)
        app.exit()

App._display = display_and_report
"""

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("Ramsli")

Bare().run(headless=True, size=(80, 24))
"""
BARE = FIRST_FRAME.format(shown="Screen") + BARE_APP

# What ``ramsli play`` imports, then the bare app.
IMPORTS_ONLY = FIRST_FRAME.format(shown="Screen") + """
import ramsli_tui.cli, ramsli_tui.games.ramsli.engine, ramsli_tui.games.ramsli.bots, ramsli_tui.storage, ramsli_tui.table.table, ramsli_tui.ui.app
""" + BARE_APP

# As many widgets as the table screen at 80×24 (36): plain Statics in six rows.
WIDGETS_ONLY = FIRST_FRAME.format(shown="Screen") + """
from textual.app import App
from textual.containers import Horizontal
from textual.widgets import Static

class Busy(App):
    def compose(self):
        for row in range(6):
            with Horizontal():
                for column in range(5):
                    yield Static(f"{row}{column}")

Busy().run(headless=True, size=(80, 24))
"""

# The real entry point, run headless at 80×24.
RAMSLI = """
import sys
from ramsli_tui.ui import app as ui_app

run_app = ui_app.RamsliApp.run
ui_app.RamsliApp.run = lambda app, **options: run_app(app, headless=True, size=(80, 24))

from ramsli_tui.cli import main
sys.exit(main({argv}))
"""

CONTENDERS = {
    "bare Textual app": BARE,
    "bare + our imports": IMPORTS_ONLY,
    "bare + 36 widgets": WIDGETS_ONLY,
    # ``ramsli`` with a session to resume starts the same way as ``ramsli play``.
    "ramsli play": FIRST_FRAME.format(shown="RamsliTableScreen") + RAMSLI.format(argv=["play", "--seed", "1", "--bot-delay", "0"]),
    "ramsli (setup)": FIRST_FRAME.format(shown="SetupScreen") + RAMSLI.format(argv=[]),
}


def time_once(script: str, env: dict[str, str]) -> float:
    """Seconds from spawning ``script`` to its first frame."""
    started = time.time()
    done = subprocess.run([sys.executable, "-c", script], env=env, check=True, capture_output=True, text=True, timeout=60)
    return float(done.stdout.split()[-1]) - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        # Each contender has its own folders: the setup screen shows only while no game is saved.
        envs = {}
        for place, name in enumerate(CONTENDERS):
            env = {**os.environ, "XDG_CONFIG_HOME": f"{home}/{place}/config", "XDG_DATA_HOME": f"{home}/{place}/data",
                   "PYTHONPYCACHEPREFIX": f"{home}/bytecode"}
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            envs[name] = env
        for name, script in CONTENDERS.items():  # warm the file cache and the bytecode
            time_once(script, envs[name])
        times: dict[str, list[float]] = {name: [] for name in CONTENDERS}
        for _ in range(args.runs):
            for name, script in CONTENDERS.items():
                times[name].append(time_once(script, envs[name]))
    bare = statistics.median(times["bare Textual app"])
    print(f"cold start to first frame, median of {args.runs} runs each")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"  {name:18} {median * 1000:6.0f} ms  ({median / bare:.2f}× the bare app)")
    worst = max(statistics.median(runs) for name, runs in times.items() if name.startswith("ramsli")) / bare
    print("target ≤ 1.20×:", "met" if worst <= 1.2 else "NOT met")
    return 0 if worst <= 1.2 else 1


if __name__ == "__main__":
    sys.exit(main())
