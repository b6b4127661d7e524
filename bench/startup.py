"""Cold start to the first drawn frame: ``ramsli`` against a bare Textual app with one Static.

Each run is a fresh Python process that starts the app headless and exits right after
the first frame of its first screen is drawn; the time is the whole process, from
spawn to exit, so interpreter start and imports count.  The runs of the contenders
alternate, and the median of each is compared.  Target: ramsli within 1.2× the bare app.

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

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("Ramsli")

    def on_mount(self):
        self.call_after_refresh(self.exit)

Bare().run(headless=True, size=(80, 24))
"""

# The real entry point, ``ramsli play`` (``ramsli`` with a session to resume starts the same
# way), with one addition: leave as soon as the table screen has drawn its first frame.
RAMSLI_PLAY = """
import sys
from ramsli_tui.ui.screens.table import TableScreen
from ramsli_tui.ui import app as ui_app

mount = TableScreen.on_mount
def on_mount_then_leave(screen):
    mount(screen)
    screen.call_after_refresh(screen.app.exit)
TableScreen.on_mount = on_mount_then_leave

run_app = ui_app.RamsliApp.run
ui_app.RamsliApp.run = lambda app, **options: run_app(app, headless=True, size=(80, 24))

from ramsli_tui.cli import main
sys.exit(main(["play", "--seed", "1", "--bot-delay", "0"]))
"""

RAMSLI_SETUP = """
import sys
from ramsli_tui.ui.screens.setup import SetupScreen
from ramsli_tui.ui import app as ui_app

mount = SetupScreen.on_mount
def on_mount_then_leave(screen):
    mount(screen)
    screen.call_after_refresh(screen.app.exit)
SetupScreen.on_mount = on_mount_then_leave

run_app = ui_app.RamsliApp.run
ui_app.RamsliApp.run = lambda app, **options: run_app(app, headless=True, size=(80, 24))

from ramsli_tui.cli import main
sys.exit(main([]))
"""


def time_once(script: str, env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", script], env=env, check=True, stdout=subprocess.DEVNULL, timeout=60)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        # Each contender has its own folders: the setup screen shows only while no game is saved.
        contenders = {"bare Textual app": BARE, "ramsli play": RAMSLI_PLAY, "ramsli (setup)": RAMSLI_SETUP}
        envs = {
            name: {**os.environ, "XDG_CONFIG_HOME": f"{home}/{place}/config", "XDG_DATA_HOME": f"{home}/{place}/data"}
            for place, name in enumerate(contenders)
        }
        for name, script in contenders.items():  # warm the file cache and the bytecode
            time_once(script, envs[name])
        times: dict[str, list[float]] = {name: [] for name in contenders}
        for _ in range(args.runs):
            for name, script in contenders.items():
                times[name].append(time_once(script, envs[name]))
    bare = statistics.median(times["bare Textual app"])
    print(f"cold start to first frame, median of {args.runs} runs each")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"  {name:18} {median * 1000:6.0f} ms  ({median / bare:.2f}× the bare app)")
    worst = max(statistics.median(runs) for runs in times.values()) / bare
    print("target ≤ 1.20×:", "met" if worst <= 1.2 else "NOT met")
    return 0 if worst <= 1.2 else 1


if __name__ == "__main__":
    sys.exit(main())
