"""Text from outside never reaches the app's screen raw: saved sessions' names, rulesets
and games, set-aside files, notices of every kind and the message of an unexpected error
are shown with every control, escape, C1 and bidi character escaped, a notice cut to
``NOTICE_LENGTH``, the error's message to a line.  What is checked is what the app
would write to the terminal: every segment of the drawn screen, and every notice."""

from __future__ import annotations

import json

import pytest

from ramsli_tui.storage import SavedGame
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.text import LINE_LENGTH, NOTICE_LENGTH
from ramsli_tui.ui.common.setup import SetupScreen
from ramsli_tui.ui.ramsli.table import RamsliTableScreen

from tests.cli.test_cli_outside_text import HOSTILE
from tests.kits.ui import make_app, settle, spec_for, storage_in
from tests.test_text import OBEYED


def raw_in(text: str) -> set[str]:
    return {character for character in text if character in OBEYED}


def drawn_text(app) -> str:
    """Every character of the screen as the app would send it to the terminal (its own
    styling and cursor moves left out): the widgets' text and the notices' toasts."""
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(segment.text for strip in line for segment in strip if not segment.control)
                     for line in update.strips)


def assert_shown_safely(app) -> None:
    for notice in app._notifications:
        assert not raw_in(notice.message) and not raw_in(notice.title), notice
        assert len(notice.message) <= NOTICE_LENGTH and len(notice.title) <= LINE_LENGTH
    assert not any(raw_in(line) for line in drawn_text(app).split("\n"))


def saved_with(folder, **changes) -> None:
    """A saved session as written from outside: ``changes`` to its file's keys, ``name``
    the person's name."""
    storage = storage_in(folder)
    path = storage.saves_dir / "session.20261101-100000.json"
    storage.save_game(path, SavedGame(spec_for(seed=1)))
    data = json.loads(path.read_text())
    if "name" in changes:
        data["seats"][0]["name"] = changes.pop("name")
    path.write_text(json.dumps({**data, **changes}))


async def test_the_names_at_a_table_are_shown_escaped_on_their_seats(tmp_path):
    spec = GameSpec.one_person("ramsli", "classic", 1, (HOSTILE * 100, "Anna", "Bertl", "Carlo"), ["random"] * 3)
    app = make_app(tmp_path, spec)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RamsliTableScreen)
        assert "\\x1b[2J" in drawn_text(app)  # the person's name, on their seat
        assert_shown_safely(app)


@pytest.mark.parametrize("changes", [{"game": HOSTILE * 10_000}, {"name": HOSTILE * 100}, {"ruleset": HOSTILE}],
                         ids=["game", "name", "ruleset"])
async def test_a_save_holding_text_a_terminal_obeys_is_set_aside_and_told_escaped_and_cut(tmp_path, changes):
    saved_with(tmp_path, **changes)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not app.screen.slots, "set aside, not listed"
        assert any("session.20261101-100000" in notice.message for notice in app._notifications), "told"
        assert_shown_safely(app)


async def test_a_notice_of_two_hundred_kilobytes_is_cut_and_escaped(tmp_path):
    app = make_app(tmp_path, spec_for(seed=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.screen.notify(HOSTILE * 7_000, title=HOSTILE * 100, markup=False)
        await settle(pilot)
        assert_shown_safely(app)


async def test_an_unexpected_errors_message_is_escaped_and_cut_to_a_line(tmp_path, capsys):
    app = make_app(tmp_path, spec_for(seed=1))

    def fail():
        raise RuntimeError(HOSTILE * 4_000)

    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.call_later(fail)
            await pilot.pause()
    except RuntimeError:
        pass
    printed = capsys.readouterr().err.replace("\n", "")  # as wide as the terminal: the lines are rich's
    assert "unexpected error (RuntimeError: \\x1b[2J" in printed and "…)." in printed
    assert not raw_in(printed)
    assert len(printed) <= 2 * LINE_LENGTH + len(str(app.storage.crash_log_path))
