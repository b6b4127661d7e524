"""What the motion on the felt costs a terminal session: bytes written and frames drawn.

The same seeded game of Ramsli (four seats, three computer players) is played in a
PTY of 100×30 twice, once with ``TEXTUAL_ANIMATIONS=full`` (cards slide in, tricks
sweep, the result's chips count across) and once with ``none``, each on a fresh home
folder, the same keys sent at the same pace.  Everything the app writes is counted:
its bytes, and its frames (the bench answers Textual's question as a terminal with
synchronized output does, and Textual then begins each frame with ``ESC [ ? 2026 h``).  A served session pays what a PTY is written, so the difference
per card played is what motion costs a person over SSH.

    python bench/motion.py [--hands 3] [--pace 0.4]
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import fcntl
import time
from pathlib import Path

FRAME_START = b"\x1b[?2026h"
SYNC_QUESTION, SYNC_ANSWER = b"\x1b[?2026$p", b"\x1b[?2026;2$y"  # as a terminal that has synchronized output
COLUMNS, ROWS = 100, 30


def play(level: str, hands: int, pace: float) -> tuple[int, int, float]:
    """Bytes and frames written while ``hands`` hands are played, and the seconds it took."""
    home = Path(tempfile.mkdtemp(prefix="ramsli-motion-"))
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    environment = {**os.environ, "HOME": str(home), "TEXTUAL_ANIMATIONS": level, "TERM": "xterm-256color",
                   "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}
    command = [sys.executable, "-m", "ramsli_tui", "play", "--players", "4", "--name", "Mia", "--seed", "7",
               "--chips", "30", "--bot-delay", "0.05"]
    app = subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, env=environment,
                           start_new_session=True)
    os.close(follower)
    written = bytearray()
    started = time.monotonic()
    try:
        read_for(leader, written, 3.0)
        keys = b"i" + b"12345" * 2 + b"\r"  # in, every card tried in turn (the legal ones play), the result read
        for _ in range(hands):
            for key in keys:
                os.write(leader, bytes([key]))
                read_for(leader, written, pace)
    finally:
        os.killpg(app.pid, signal.SIGTERM)
        app.wait(timeout=10)
        os.close(leader)
        shutil.rmtree(home, ignore_errors=True)
    return len(written), written.count(FRAME_START), time.monotonic() - started


def read_for(leader: int, into: bytearray, seconds: float) -> None:
    """Everything the app writes for ``seconds``."""
    until = time.monotonic() + seconds
    while (left := until - time.monotonic()) > 0:
        ready, _, _ = select.select([leader], [], [], left)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                return
            if SYNC_QUESTION in chunk:
                os.write(leader, SYNC_ANSWER)
            into += chunk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--pace", type=float, default=0.4, help="seconds between two keys")
    options = parser.parse_args()
    results = {level: play(level, options.hands, options.pace) for level in ("none", "full")}
    print(f"| animations | bytes | frames | seconds |\n|---|---:|---:|---:|")
    for level, (size, frames, seconds) in results.items():
        print(f"| {level} | {size:,} | {frames:,} | {seconds:.1f} |")


if __name__ == "__main__":
    main()
