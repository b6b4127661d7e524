"""How each person likes the table is kept by the server (net/store.py's ``SettingsBook``,
``settings.json``): the app tells the hub each change of its settings (storage/settings.py's
``PERSONAL``: theme, card faces, …), the hub keeps what may be kept by the person's name,
and their next session, an app forked for them or a spare made before they came, starts
with it.  A file or an entry that cannot be read is one log line, and the defaults."""

from __future__ import annotations

import asyncio
import json

import pytest

from ramsli_tui.net.hub import HubRefusal
from ramsli_tui.net.store import SettingsBook
from ramsli_tui.storage.settings import PERSONAL, Settings

from tests.net.test_languages_over_ssh import logged, mias_app_at_a_hub, until
from tests.net.test_sessions import Terminal, served_apps
from tests.net.test_spares import pool_of, started_line

GERMAN_AND_LIGHT = {"theme": "light", "faces": "german", "second_click": True}


def test_a_persons_settings_are_kept_by_name_atomically_and_read_again(tmp_path):
    lines: list = []
    book = SettingsBook(tmp_path / "settings.json", logged(lines))
    assert book.choice_of("mia") is None and book.settings_of("mia") == Settings()
    book.choose("mia", GERMAN_AND_LIGHT)
    again = SettingsBook(tmp_path / "settings.json", logged(lines))
    kept = again.settings_of("mia")
    assert (kept.theme, kept.faces, kept.second_click, kept.motion) == ("light", "german", True, True) and lines == []
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))["format"] == "ramsli-served-settings/1"
    book.choose("mia", None)
    assert SettingsBook(tmp_path / "settings.json", logged(lines)).choice_of("mia") is None


def test_what_may_not_be_a_setting_is_left_out_and_an_entry_with_nothing_usable_is_one_log_line(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "ramsli-served-settings/1", "settings": {
        "mia": {"faces": "german", "theme": 7, "motion": "yes", "name": "Mallory", "seed": 3},
        "otto": {"faces": "klingon"}, "zora": "light", "ann": []}}))
    lines: list = []
    book = SettingsBook(path, logged(lines))
    assert book.chosen == {"mia": {"faces": "german"}}, "a person's name and seed are never the server's to keep"
    assert sorted(details["name"] for what, details in lines if what == "settings ignored") == ["ann", "otto", "zora"]


@pytest.mark.parametrize("text", ["{not json", "[]", '{"format": "ramsli-served-languages/1"}', b"\xff\xfe"])
def test_a_settings_file_that_cannot_be_read_is_one_log_line_and_the_defaults(tmp_path, text):
    path = tmp_path / "settings.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    lines: list = []
    book = SettingsBook(path, logged(lines))
    assert book.chosen == {} and [what for what, _ in lines] == ["settings unreadable"]


async def test_the_app_tells_the_hub_its_settings_and_the_hub_keeps_them(tmp_path, thinkers):
    lines: list = []
    book = SettingsBook(tmp_path / "settings.json", logged(lines))
    async with mias_app_at_a_hub(tmp_path, thinkers, lines, settings=book) as (lobby, link):
        lobby.settings_chosen(Settings(faces="german", hints=True).personal())
        await until(lambda: book.choice_of("mia") is not None, what="the settings kept")
        assert set(book.choice_of("mia")) == set(PERSONAL)
        assert SettingsBook(tmp_path / "settings.json", logged(lines)).settings_of("mia").faces == "german"
        assert ("settings chosen", {"name": "mia"}) in lines
        lobby.settings_chosen({"theme": "light"})  # one setting changed, in another session say
        await until(lambda: book.choice_of("mia")["theme"] == "light", what="the change kept")
        assert book.choice_of("mia")["faces"] == "german", "what was chosen before of the others stays"
        with pytest.raises(HubRefusal):
            await link.request("settings", values={"theme": 7, "seed": 3})
        with pytest.raises(HubRefusal):
            await link.request("settings", values="light")
        assert book.settings_of("mia").faces == "german", "a request with nothing to keep wipes nothing"


async def background_of(terminal: Terminal) -> str:
    """The colour of the lobby's empty middle (its theme's background), once it is drawn."""
    for _ in range(200):
        colour = terminal.screen.buffer[terminal.screen.lines // 2][terminal.screen.columns // 2].bg
        if colour != "default":
            return colour
        await asyncio.sleep(0.05)
    raise AssertionError(f"the lobby's middle was never drawn:\n{terminal.text}")


@pytest.mark.parametrize("spare_apps", [0, 1])
async def test_a_persons_next_session_starts_with_their_settings_forked_or_spare(tmp_path, thinkers, spare_apps):
    data = tmp_path / "data"
    data.mkdir()
    for name in ("zoe", "ann"):  # chosen in an earlier session
        SettingsBook(data / "settings.json", print).choose(name, GERMAN_AND_LIGHT)
    async with served_apps(data, thinkers, spare_apps=spare_apps) as server:
        mia = await Terminal.open(server, "mia")
        await mia.until_shown("you are mia")
        if spare_apps:
            await pool_of(server, spare_apps)
        zoe = await Terminal.open(server, "zoe")
        await zoe.until_shown("you are zoe")
        assert f"spare={'yes' if spare_apps else 'no'}" in started_line(server, "zoe")
        ann = await Terminal.open(server, "ann")
        await ann.until_shown("you are ann")
        default = await background_of(mia)
        for _ in range(200):  # a theme may restyle the screen after the first frame
            light, zoes = await background_of(ann), await background_of(zoe)
            if light != default and zoes == light:
                break
            await asyncio.sleep(0.05)
        assert light != default, "ann's lobby in her light theme, mia's in the default"
        assert zoes == light, "zoe's too"
        for terminal in (mia, zoe, ann):
            await terminal.close()
