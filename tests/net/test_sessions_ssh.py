"""The full-screen app with the real OpenSSH client, ``ssh -tt`` in tmux (a tmux server
of the test's own): two people with their own keys at one table with two computer
players, a line one of them says shown to everyone there, a third person watching, a
dropped connection back at its seat; a window change lays the table out again; no app
process is left after.  A session played to its end (a player busts) shows both people
and the spectator the last hand's result, then the standings, then the lobby."""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import time

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
            await tmux.until_shown("first", "Computer players")  # the dialog, not the key bar
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


BROKEN = ("Traceback", "unexpected error", "Exception")  # words no screen may ever show
PLAY_STEPS = 600  # looks at the screens, 0.1 s apart, before the session must be over
PRESS_AGAIN = 20  # seconds a screen stays unchanged since it was answered before it is answered again
# (a loaded machine can take seconds to draw an answer; pressed again too soon, a second Enter
# on a last result would land on the standings' Lobby button)


def standings_shown(screen: str) -> bool:
    """The session-over dialog with its first place: "█  1. Anna  8 chips ▲6" (the table
    drawn around the dialog on either side)."""
    return "Session over" in screen and re.search(r"█  1\. \S", screen) is not None


def question(screen: str) -> str:
    """The screen as a person reads what it asks: without its numbers, which change while
    it asks the same (the running clock, "next hand in 82 s"; a result's chips counting
    across)."""
    return re.sub(r"\d", "", screen)


def answer(screen: str) -> tuple[str, ...]:
    """The keys a person presses at what their screen asks: Enter on a result, out when
    asked in or out, in when they must be, a card when it is theirs to play."""
    if standings_shown(screen):
        return ()
    if "(Enter)" in screen:
        return ("Enter",)
    if "Your turn: are you in (i) or out (o)?" in screen:
        return ("o",)
    if "Your turn: you must be in" in screen:
        return ("i",)
    if "Your turn:" in screen:
        return tuple("12345")  # the cards it may not play are refused, one line each
    return ()


async def test_a_served_session_played_to_its_end_over_ssh_shows_everyone_the_standings_then_the_lobby(
        tmp_path, thinkers, own_rulesets):
    """Two chips each and an ante of two: after the first hand a player who was out has
    none left, and the session ends (``on_bust: end``); two people and a spectator."""
    (own_rulesets / "bust-fast.yaml").write_text("starting_chips: 2\nante: 2\non_bust: end\n")
    tmux = Tmux(tmp_path)
    seen: dict[str, list[str]] = {"first": [], "second": [], "third": []}

    async def screen(window: str) -> str:
        shown = await asyncio.to_thread(tmux.screen, window)
        seen[window].append(shown)
        return shown

    async with served_apps(tmp_path / "data", thinkers) as server:
        try:
            tmux.ssh("first", server.port, "mia", key_file(tmp_path, "mia"))
            await tmux.until_shown("first", "you are mia")
            tmux.press("first", "n")
            await tmux.until_shown("first", "Computer players")  # the dialog, not the key bar
            tmux.press("first", "Tab", "Tab", "Enter")  # from Make to the ruleset's list
            await tmux.until_shown("first", "one-hand")
            tmux.press("first", "b", "u", "s", "t", "Enter")  # typed, it is chosen
            await tmux.until_shown("first", "bust-fast                      ▼")  # and the list closed
            tmux.press("first", "Tab", "Tab", "Tab", "Tab", "Tab", "Enter")  # on to Make
            await tmux.until_shown("first", "You sit at table 1")
            tmux.ssh("second", server.port, "zora", key_file(tmp_path, "zora"))
            await tmux.until_shown("second", "bust-fa")  # the list's columns may be drawn narrow
            tmux.press("second", "j")
            await tmux.until_shown("second", "Anna")
            tmux.ssh("third", server.port, "otto", key_file(tmp_path, "otto"))
            await tmux.until_shown("third", "bust-fa")
            tmux.press("third", "w")
            await tmux.until_shown("third", "Watching:")

            over: set[str] = set()
            # A screen is answered once it has stayed the same for two looks (a screen caught
            # half drawn is not read), and once, as a person would: what each last answered, and when.
            answered = dict.fromkeys(seen, ("", 0.0))
            for step in range(PLAY_STEPS):
                for window in seen.keys() - over:
                    shown = await screen(window)
                    steady = len(seen[window]) > 1 and question(seen[window][-2]) == question(shown)
                    if standings_shown(shown):
                        over.add(window)
                    elif steady and answer(shown) and (question(shown) != answered[window][0]
                                                       or time.monotonic() - answered[window][1] > PRESS_AGAIN):
                        answered[window] = (question(shown), time.monotonic())
                        tmux.press(window, *answer(shown))
                if len(over) == 3:
                    break
                await asyncio.sleep(0.1)
            assert len(over) == 3, f"the standings on every screen; only on {sorted(over)}; the screens:\n" + \
                "\n".join(seen[window][-1] for window in seen.keys() - over)
            last_results = {window: [shown for shown in seen[window] if "The result (Enter)" in shown] for window in seen}
            # The spectator sees it only while the people read it (here, at once): it may come and go unseen.
            assert last_results["first"] and last_results["second"], "both people were shown the last hand's result"
            assert not any("Next hand" in shown for shown in sum(last_results.values(), [])), \
                "no key bar offers a next hand after the last"
            for window in seen:
                assert "(a player could not pay the ante)" in seen[window][-1] and "Lobby (q)" in seen[window][-1]

            for window, name in (("first", "mia"), ("second", "zora"), ("third", "otto")):
                tmux.press(window, "q")
                await tmux.until_shown(window, f"Ramsli tables — you are {name}")
                await tmux.until_shown(window, "There is no table yet")  # the table that closed is gone
                seen[window].append(await screen(window))
            assert "table closed table=1 reason=finished" in server.log.getvalue()
            assert len(server.apps.running) == 3, "every app runs on, in its lobby"
        finally:
            tmux.close()
    for window, screens in seen.items():
        for shown in screens:
            assert not any(word in shown for word in BROKEN), f"{window} showed:\n{shown}"
