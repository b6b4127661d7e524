"""Names in any script over SSH (docs/serving.md, "Who comes in"; issue 21 item 6): real
asyncssh clients log in as Zoë, Jürgen, Łukasz or Ольга and are those names; a name is
kept normalised (NFKC), so one typed decomposed is the same name; one that looks like a
name already taken (``Pаul`` with a Cyrillic ``а``, ``PauI`` with a capital ``I``) is
refused, and told why in the banner; distinct letters stay distinct (``Zoë`` and ``Zoe``)."""

from __future__ import annotations

import json
import unicodedata

import asyncssh
import pytest

from tests.net.kit import WAIT, Peer, new_key, served

CYRILLIC_A = "\u0430"


async def banner_of_a_refused_login(server, name: str) -> str:
    """What a client that asks for ``name`` with a new key is told, as it is refused."""
    told: list[str] = []

    class Listening(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            told.append(msg)

    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.port, username=name, client_keys=[new_key()], known_hosts=None,
                               agent_path=None, config=None, connect_timeout=WAIT, client_factory=Listening)
    return "".join(told)


@pytest.mark.parametrize("name", ["Zoë", "Jürgen", "Núria", "Łukasz", "Ольга", "李小龙"])
async def test_a_name_in_any_script_logs_in_and_is_that_name(tmp_path, thinkers, name):
    key = new_key()
    async with served(tmp_path / "data", thinkers) as server:
        peer = await Peer.connect(server, name, key)
        assert (await peer.next("welcome"))["player"] == name
        await peer.close()
        again = await Peer.connect(server, name, key)
        assert (await again.next("welcome"))["player"] == name, "the key is that name the next time too"
        await again.close()
    kept = json.loads((tmp_path / "data" / "names.json").read_text(encoding="utf-8"))["names"]
    assert list(kept) == [name]


async def test_a_name_typed_decomposed_is_kept_composed_and_is_the_same_name(tmp_path, thinkers):
    decomposed = unicodedata.normalize("NFD", "Zoë")
    assert decomposed != "Zoë"
    key = new_key()
    async with served(tmp_path / "data", thinkers) as server:
        zoe = await Peer.connect(server, decomposed, key)
        assert (await zoe.next("welcome"))["player"] == "Zoë", "shown as it is kept: NFKC"
        await zoe.close()
        banner = await banner_of_a_refused_login(server, "Zoë")
    assert "the name Zoë belongs to another key" in banner
    assert list(json.loads((tmp_path / "data" / "names.json").read_text(encoding="utf-8"))["names"]) == ["Zoë"]


@pytest.mark.parametrize("look_alike", [f"P{CYRILLIC_A}ul", "PauI", "PAUL"])
async def test_a_name_that_looks_like_a_name_taken_is_refused_and_told_why(tmp_path, thinkers, look_alike):
    async with served(tmp_path / "data", thinkers) as server:
        paul = await Peer.connect(server, "Paul", new_key())
        await paul.next("welcome")
        banner = await banner_of_a_refused_login(server, look_alike)
        await paul.close()
    if look_alike == "PAUL":
        assert "the name PAUL belongs to another key" in banner
    else:
        assert f"the name {look_alike} looks too much like Paul, the name of another player" in banner
    assert "reason=" in server.log.getvalue() and "Paul" in server.log.getvalue()
    assert list(json.loads((tmp_path / "data" / "names.json").read_text(encoding="utf-8"))["names"]) == ["Paul"]


async def test_distinct_letters_stay_distinct_names(tmp_path, thinkers):
    async with served(tmp_path / "data", thinkers) as server:
        zoe_with_marks, zoe_without = await Peer.connect(server, "Zoë", new_key()), None
        await zoe_with_marks.next("welcome")
        zoe_without = await Peer.connect(server, "Zoe", new_key())
        assert (await zoe_without.next("welcome"))["player"] == "Zoe"
        for peer in (zoe_with_marks, zoe_without):
            await peer.close()


async def test_the_same_key_may_come_back_under_a_look_alike_of_its_own_name(tmp_path, thinkers):
    key = new_key()
    async with served(tmp_path / "data", thinkers) as server:
        paul = await Peer.connect(server, "Paul", key)
        await paul.next("welcome")
        again = await Peer.connect(server, f"P{CYRILLIC_A}ul", key)
        assert (await again.next("welcome"))["player"] == "Paul", "a known key is its name, whatever it asks for"
        for peer in (paul, again):
            await peer.close()
