"""The progress of a long `simulate` or `tournament`: a bar on standard error when that is
a terminal and the run has lasted a while, wiped at the end; nothing at all when
standard error is a file or a pipe, and never a character of it on standard output.
Ctrl-C in the middle ends the run with status 130 and no traceback."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from ramsli_tui import cli
from ramsli_tui.cli import main, shows_progress


class Terminal(io.StringIO):
    """A standard error that is a terminal."""

    def isatty(self) -> bool:
        return True

    def text(self) -> str:
        """What was written, without the terminal's control sequences."""
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", self.getvalue())

    def wiped(self) -> bool:
        """The last thing written erases the bar's line and shows the cursor again."""
        written = self.getvalue()
        return written.endswith("\x1b[2K") and "\x1b[?25h" in written


def test_a_bar_is_drawn_on_a_terminal_only():
    assert shows_progress(Terminal())
    assert not shows_progress(io.StringIO())
    assert not shows_progress(None)  # Python without a standard error (pythonw)


def test_a_long_simulate_shows_its_hands_on_the_terminal_and_leaves_standard_output_to_the_json(monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(cli, "PROGRESS_AFTER_SECONDS", 0.0)
    assert main(["simulate", "--players", "3", "--hands", "40", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands_played"] == 40
    assert "40/40 hands" in terminal.text() and terminal.wiped()


def test_a_long_tournament_counts_its_deals_on_the_terminal(monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(cli, "PROGRESS_AFTER_SECONDS", 0.0)
    assert main(["tournament", "--players", "3", "--bots", "random", "--deals", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 5
    assert "5/5 deals" in terminal.text() and terminal.wiped()


def test_a_run_that_ends_within_a_second_draws_nothing_even_on_a_terminal(monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli.PROGRESS_AFTER_SECONDS == 1.0
    assert main(["simulate", "--players", "3", "--hands", "5"]) == 0
    assert terminal.getvalue() == ""
    assert capsys.readouterr().out.splitlines()[-1] == "Chips conserved in every hand: yes"


def test_nothing_is_drawn_when_standard_error_is_not_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(cli, "PROGRESS_AFTER_SECONDS", 0.0)
    assert main(["tournament", "--players", "3", "--bots", "random", "--deals", "3", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert json.loads(captured.out)["deals"] == 3


# --- the real command, its standard error on a pseudo-terminal ---------------------------------

class WithTerminal:
    """``ramsli ARGS`` run with standard error on a pseudo-terminal, standard output on a pipe."""

    def __init__(self, *args: str):
        controller, terminal = pty.openpty()
        environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100"}
        self.process = subprocess.Popen([sys.executable, "-m", "ramsli_tui", *args], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=terminal, env=environment)
        os.close(terminal)
        self.controller = controller
        self.shown = bytearray()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.controller, 4096)
            except OSError:  # the command has ended and closed the terminal
                return
            if not chunk:
                return
            self.shown.extend(chunk)

    def wait_for(self, text: bytes, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.shown:
            assert time.monotonic() < deadline and self.process.poll() is None, bytes(self.shown)
            time.sleep(0.05)

    def finish(self) -> tuple[int, str, str]:
        """Exit status, standard output, and what the terminal was shown."""
        out, _ = self.process.communicate(timeout=120)
        self.reader.join(timeout=10)
        os.close(self.controller)
        return self.process.returncode, out.decode(), self.shown.decode(errors="replace")


def test_the_real_command_draws_on_a_terminal_and_its_json_stays_clean():
    # Long enough to outlast the bar's first second on any machine (6,000 hands took 1.3 s
    # on an idle one: a race with the bar's delay, lost now and then).
    run = WithTerminal("simulate", "--players", "3", "--hands", "40000", "--json")
    status, out, shown = run.finish()
    assert status == 0
    assert json.loads(out)["hands_played"] == 40000
    assert "hands" in shown and "/40000" in shown


def test_ctrl_c_stops_a_long_tournament_with_status_130_and_no_traceback():
    run = WithTerminal("tournament", "--players", "3", "--bots", "normal", "--deals", "100000", "--json")
    run.wait_for(b"deals")
    run.process.send_signal(signal.SIGINT)
    status, out, shown = run.finish()
    assert (status, out) == (130, "")
    assert "Traceback" not in shown and "KeyboardInterrupt" not in shown


def test_ctrl_c_while_the_bar_is_drawn_waits_for_the_drawing_then_stops_the_run(monkeypatch):
    """Raised inside the bar's drawing, Ctrl-C would leave its lock held, and stopping the
    bar would wait for its thread for ever: it is raised once the drawing is done."""
    monkeypatch.setattr(sys, "stderr", Terminal())
    monkeypatch.setattr(cli, "PROGRESS_AFTER_SECONDS", 0.0)
    progress = cli.StderrProgress("deals", 10)
    raised_while_drawing = []
    with pytest.raises(KeyboardInterrupt):
        with progress:
            progress.advance()  # the bar is drawn from now on
            drawn = progress.bar.update

            def update_then_ctrl_c(*args, **kwargs):
                drawn(*args, **kwargs)
                try:
                    signal.raise_signal(signal.SIGINT)  # in the middle of the drawing
                except KeyboardInterrupt:
                    raised_while_drawing.append(True)
                    raise

            progress.bar.update = update_then_ctrl_c
            progress.advance()
    assert raised_while_drawing == [] and progress.interrupted and progress.done == 2
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, "the usual Ctrl-C is back"
