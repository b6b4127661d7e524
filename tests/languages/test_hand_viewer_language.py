"""The hand viewer of both games in the pseudo-language: every word it shows comes from
the catalogue, at the deal, a step on and at the last step, but for card faces and keys."""

from __future__ import annotations

import pytest

from ramsli_tui.languages import PSEUDO, pgettext, use_language

from tests.languages.test_common_screens import ALLOWED, shown_text
from ramsli_tui.languages.pseudo import unmarked_words
from tests.ui.test_ui_hand_viewer import record_of, viewer_app

KEYS = {"home", "end"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    use_language("en")


@pytest.mark.parametrize("game", ["ramsli", "rami"])
async def test_the_hand_viewer_speaks_only_the_catalogue(tmp_path, game):
    use_language(PSEUDO)
    app = viewer_app(tmp_path, record_of(game), game)
    letters = set(pgettext("card letters", "JQKA").strip("⟦⟧"))  # the cards' faces, as the language prints them
    allowed = {word.lower() for word in ALLOWED | KEYS | letters}
    async with app.run_test(size=(76, 60)) as pilot:  # the list under the felt: no line of it beside another text
        for key in (None, "right", "end"):
            if key:
                await pilot.press(key)
            await pilot.pause()
            assert [word for word in unmarked_words(shown_text(app)) if word.lower() not in allowed] == []
