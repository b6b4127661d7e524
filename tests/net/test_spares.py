"""Spare apps (net/forks.py): made ahead of the logins by the fork server, each given to
exactly one person, with that person's name, terminal size and type, folder and
language, and never to another; the pool refills once the logins stop, makes apps of
the kind the last person needed, and ends with the server, leaving no folder behind.
And the apps start in turn (net/sessions.py's ``Starts``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from ramsli_tui.net import sessions
from ramsli_tui.net.forks import kind_of
from ramsli_tui.net.sessions import Starts

from tests.net.kit import WAIT, new_key
from tests.net.test_sessions import SHOWN_WAIT, Terminal, drawn_rows, gone, served_apps


def parent_of(pid: int) -> int | None:
    try:
        state, parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
    except OSError:
        return None
    return None if state == "Z" else int(parent)


def spares(server) -> set[int]:
    """The fork server's children that serve nobody yet."""
    forks = server.apps.forks.process.pid
    children = {int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit()
                and parent_of(int(entry.name)) == forks}
    return children - set(server.apps.running)


def started_line(server, name: str) -> str:
    return next(line for line in server.log.getvalue().splitlines() if f"app started name={name} " in line)


def pid_of(server, name: str) -> int:
    return int(started_line(server, name).split(" pid=", 1)[1].split()[0])


async def until(condition, what: str, timeout: float = SHOWN_WAIT) -> None:
    for _ in range(int(timeout / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{what} did not happen in {timeout:g} s")


async def pool_of(server, count: int) -> set[int]:
    """The spares, once there are ``count`` of them (made after the last login, in the
    quiet that follows it)."""
    await until(lambda: len(spares(server)) == count, f"{count} spare apps made")
    return spares(server)


async def test_a_spare_serves_its_person_with_their_name_size_terminal_and_folder(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers, spare_apps=2) as server:
        mia = await Terminal.open(server, "mia")
        await mia.until_shown("you are mia")
        assert "spare=no" in started_line(server, "mia"), "no spare before a first login shows what to make"
        made = await pool_of(server, 2)
        spare_folders = sorted(path.name for path in server.folder.sessions_dir.glob("spare-*"))
        assert len(spare_folders) == 2, "each spare has a folder of its own"

        zoe = await Terminal.open(server, "zoe", 120, 40)
        await zoe.until_shown("you are zoe")
        await zoe.until_shown("^p palette")  # the right end of the key bar, on the last row
        assert "spare=yes" in started_line(server, "zoe") and pid_of(server, "zoe") in made
        assert drawn_rows(zoe)[-1] == 39 and max(len(line.rstrip()) for line in zoe.screen.display) > 100, \
            "laid out again for the terminal it was given"
        assert "you are mia" not in zoe.text

        home = Path(f"/proc/{pid_of(server, 'zoe')}/cwd").resolve()
        assert home.parent == server.folder.sessions_dir.resolve() and home.name.startswith("zoe-"), \
            "it works in zoe's own folder"
        await until(lambda: len(list(server.folder.sessions_dir.glob("spare-*"))) == len(spares(server)),
                    "the given spare's own folder removed")

        zoe.press("n")  # the keys reach it: the new table's dialog
        await zoe.until_shown("Computer players")
        await mia.close()
        await zoe.close()


async def test_each_spare_is_given_once_and_the_pool_refills_after_the_logins(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers, spare_apps=2) as server:
        mia = await Terminal.open(server, "mia")
        await mia.until_shown("you are mia")
        made = await pool_of(server, 2)
        people = await asyncio.gather(*(Terminal.open(server, name) for name in ("ann", "bob", "cy")))
        for terminal, name in zip(people, ("ann", "bob", "cy")):
            await terminal.until_shown(f"you are {name}")
        pids = {name: pid_of(server, name) for name in ("mia", "ann", "bob", "cy")}
        assert len(set(pids.values())) == 4, "an app of its own for each person"
        assert sum(pid in made for pid in pids.values()) == 2, "both spares given, the third person forked"

        refilled = await pool_of(server, 2)
        assert not refilled & set(pids.values()) and not refilled & made, "new spares, never one given before"
        ann = pids["ann"]
        await people[0].close()
        await until(lambda: gone(ann), "ann's app ended with her session")
        assert ann not in spares(server), "an app that served someone is never kept for another"
        for terminal in (mia, *people[1:]):
            await terminal.close()


async def login(server, name: str, term: str = "xterm-256color", env: dict | None = None):
    connection = await asyncssh.connect("127.0.0.1", server.port, username=name, client_keys=[new_key()],
                                        known_hosts=None, agent_path=None, config=None, connect_timeout=WAIT)
    await connection.create_process(term_type=term, term_size=(100, 30), env=env or {}, encoding=None)
    await until(lambda: f"app started name={name} " in server.log.getvalue(), f"{name}'s app started")
    return connection


async def test_another_terminal_type_or_language_gets_an_app_of_its_own_and_the_pool_follows(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers, spare_apps=1) as server:
        connections = [await login(server, "mia")]
        await pool_of(server, 1)
        for name, term, env, given in [("bob", "screen-256color", {}, "no"),  # another terminal type
                                       ("cy", "screen-256color", {}, "yes"),  # made for bob's, meanwhile
                                       ("eva", "screen-256color", {"LANG": "fr_FR.UTF-8"}, "no"),  # another language
                                       ("flo", "screen-256color", {"LANG": "fr_FR.UTF-8"}, "yes"),
                                       ("gil", "xterm-256color", {"LANG": "fr_FR.UTF-8"}, "no")]:
            old = spares(server)
            connections.append(await login(server, name, term, env))
            assert f"spare={given}" in started_line(server, name), name
            await until(lambda: len(spares(server)) == 1 and spares(server) != old, "the pool made again")
        assert "language=fr" in started_line(server, "flo")
        for connection in connections:
            connection.close()


async def test_the_spares_end_with_the_server_and_leave_no_folder(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers, spare_apps=2) as server:
        mia = await Terminal.open(server, "mia")
        await mia.until_shown("you are mia")
        made = await pool_of(server, 2)
        folder = server.folder.sessions_dir
        await mia.close()
    await until(lambda: all(map(gone, made)), "every spare ended", timeout=WAIT)
    assert not list(folder.glob("spare-*")), "no spare's folder is left"


async def test_no_spare_is_made_when_the_server_is_told_to_keep_none(tmp_path, thinkers):
    async with served_apps(tmp_path / "data", thinkers, spare_apps=0) as server:
        for name in ("mia", "zoe"):
            terminal = await Terminal.open(server, name)
            await terminal.until_shown(f"you are {name}")
            await asyncio.sleep(1.0)  # twice the quiet after which a spare would be made
            assert "spare=no" in started_line(server, name) and not spares(server)
            await terminal.close()


def test_a_spares_kind_is_its_face_and_environment_but_for_the_session_folders_and_a_tabs_size():
    mia = {"TERM": "xterm", "LANGUAGE": "de", "HOME": "/run/mia-1", "XDG_DATA_HOME": "/run/mia-1/xdg_data_home"}
    zoe = {**mia, "HOME": "/run/zoe-2", "XDG_DATA_HOME": "/run/zoe-2/xdg_data_home"}

    def kind(env, face="terminal"):
        return kind_of({"env": env, "face": face})

    assert kind(mia) == kind(zoe)
    assert kind(mia) != kind({**zoe, "LANGUAGE": "fr"}) != kind({**zoe, "COLORTERM": "truecolor"})
    assert kind(mia) != kind(mia, "web"), "a terminal's spare never serves a tab, nor a tab's a terminal"
    assert kind({**mia, "COLUMNS": "100", "ROWS": "30"}, "web") == kind({**zoe, "COLUMNS": "140", "ROWS": "45"}, "web")


async def test_apps_start_in_turn_at_most_so_many_at_once(monkeypatch):
    monkeypatch.setattr(sessions, "START_WAIT", 0.2)
    starts = Starts(2)
    first, second = await starts.turn(), await starts.turn()
    third = asyncio.create_task(starts.turn())
    await asyncio.sleep(0.05)
    assert not third.done(), "a third waits while two start"
    first()
    first()  # ending a turn twice frees one place, not two
    async with asyncio.timeout(WAIT):
        third_turn = await third
    fourth = asyncio.create_task(starts.turn())
    await asyncio.sleep(0.05)
    assert not fourth.done()
    async with asyncio.timeout(WAIT):
        await fourth  # the second turn was never ended: it ran out after START_WAIT
    second()
    third_turn()


@pytest.mark.parametrize("spare_apps", [0, 2])
async def test_many_logins_at_once_each_see_their_own_lobby(tmp_path, thinkers, spare_apps):
    """Spares and forks side by side: five people at the same moment, two spares."""
    async with served_apps(tmp_path / "data", thinkers, spare_apps=spare_apps) as server:
        mia = await Terminal.open(server, "mia")
        await mia.until_shown("you are mia")
        await pool_of(server, spare_apps)
        names = [f"p{number}" for number in range(5)]
        people = await asyncio.gather(*(Terminal.open(server, name) for name in names))
        for terminal, name in zip(people, names):
            await terminal.until_shown(f"you are {name}")
            assert all(f"you are {other}" not in terminal.text for other in names if other != name)
        for terminal in (mia, *people):
            await terminal.close()
