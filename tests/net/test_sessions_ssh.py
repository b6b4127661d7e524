"""The full-screen app with the real OpenSSH client, ``ssh -tt`` in tmux (a tmux server
of the test's own): two people with their own keys at one table with two computer
players, a line one of them says shown to everyone there, a third person watching, a
dropped connection back at its seat; a window change lays the table out again; no app
process is left after."""

from __future__ import annotations

import asyncio
import shutil
import subprocess

import pytest

from tests.net.kit import new_key
from tests.net.test_sessions import gone, served_apps

pytestmark = pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux")),
                                reason="needs the OpenSSH client and tmux")

SHOWN_WAIT = 60.0  # generous: a loaded machine is slow, never wrong


class Tmux:
    """A tmux server of the test's own, a window per person."""

    def __init__(self, folder):
        self.socket = str(folder / "tmux.sock")

    def run(self, *arguments: str) -> str:
        done = subprocess.run(["tmux", "-S", self.socket, *arguments], capture_output=True, text=True, timeout=10)
        return done.stdout

    def ssh(self, window: str, port: int, name: str, key_file, width: int = 100, height: int = 30) -> None:
        command = (f"ssh -tt -p {port} -i {key_file} -F /dev/null -o IdentitiesOnly=yes -o BatchMode=yes "
                   f"-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR {name}@127.0.0.1")
        if window == "first":
            self.run("new-session", "-d", "-s", "ramsli", "-n", window, "-x", str(width), "-y", str(height), command)
        else:
            self.run("new-window", "-t", "ramsli", "-n", window, command)
        self.run("set-option", "-t", "ramsli", "window-size", "manual")

    def screen(self, window: str) -> str:
        return self.run("capture-pane", "-p", "-t", f"ramsli:{window}")

    def press(self, window: str, *keys: str) -> None:
        self.run("send-keys", "-t", f"ramsli:{window}", *keys)

    async def until_shown(self, window: str, words: str) -> None:
        for _ in range(int(SHOWN_WAIT / 0.1)):
            shown = await asyncio.to_thread(self.screen, window)
            if words in shown:
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"{words!r} did not come to {window}; the screen:\n{shown}")

    def close(self) -> None:
        self.run("kill-server")


def key_file(folder, name: str):
    path = folder / f"{name}_key"
    new_key().write_private_key(str(path))
    path.chmod(0o600)
    return path


async def test_two_people_over_ssh_in_tmux_make_join_talk_resize_one_watches_and_nothing_is_left(tmp_path, thinkers):
    tmux = Tmux(tmp_path)
    async with served_apps(tmp_path / "data", thinkers) as server:
        try:
            tmux.ssh("first", server.port, "mia", key_file(tmp_path, "mia"))
            await tmux.until_shown("first", "you are mia")
            tmux.press("first", "n")
            await tmux.until_shown("first", "New table")
            tmux.press("first", "Enter")
            await tmux.until_shown("first", "(open)")
            zoras_key = key_file(tmp_path, "zora")
            tmux.ssh("second", server.port, "zora", zoras_key)
            await tmux.until_shown("second", "mia, (open)")
            tmux.press("second", "j")
            await tmux.until_shown("second", "Anna")
            await tmux.until_shown("first", "zora")
            tmux.ssh("third", server.port, "otto", key_file(tmp_path, "otto"))
            await tmux.until_shown("third", "mia, zora")
            tmux.press("third", "w")
            await tmux.until_shown("third", "Watching:")
            tmux.press("first", "c")
            await tmux.until_shown("first", "Say to the table")
            tmux.press("first", "good luck all", "Enter")
            for window in ("first", "second", "third"):
                await tmux.until_shown(window, "good luck all")  # a note on every screen at the table
            tmux.run("kill-window", "-t", "ramsli:second")  # zora's connection drops
            tmux.ssh("again", server.port, "zora", zoras_key)
            await tmux.until_shown("again", "Back at table 1")  # straight back to her seat
            for _ in range(300):  # the dropped connection's app ends (SIGTERM, then SIGKILL after 2 s)
                if len(server.apps.running) == 3:
                    break
                await asyncio.sleep(0.1)
            pids = list(server.apps.running)
            assert len(pids) == 3, "mia's, otto's, and zora's new one"

            tmux.run("resize-window", "-t", "ramsli:again", "-x", "130", "-y", "40")
            for _ in range(300):
                lines = (await asyncio.to_thread(tmux.screen, "again")).splitlines()
                if len(lines) >= 40 and any(len(line.rstrip()) > 100 for line in lines):
                    break
                await asyncio.sleep(0.1)
            assert any(len(line.rstrip()) > 100 for line in lines), "the table fills the wider window"
        finally:
            tmux.close()
        for _ in range(600):
            if not server.apps.running and all(map(gone, pids)):
                break
            await asyncio.sleep(0.05)
        assert not server.apps.running and all(map(gone, pids)), "no app process is left"
