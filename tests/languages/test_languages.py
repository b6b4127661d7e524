"""The language module: ``_()`` and ``ngettext()`` speak the language chosen for the whole
process, a catalogue is read only when a text is first translated in its language, and
the module stands below everything else of ramsli."""

from __future__ import annotations

import gettext
import subprocess
import sys

import pytest

from ramsli_tui import languages
from ramsli_tui.languages import N_, _, current_language, ngettext, npgettext, pgettext, use_language

RULE = "a name is 1 to {most} letters, digits, '.', '_' or '-', starting with a letter or digit"
RULE_SINGULAR = "a name is {most} letter or digit"
LOOKS = "the name {name} looks too much like {taken}, the name of another player"


def test_english_is_spoken_until_another_language_is_chosen():
    assert current_language() == "en"
    assert _(RULE) == RULE
    assert ngettext(RULE_SINGULAR, RULE, 1) == RULE_SINGULAR
    assert ngettext(RULE_SINGULAR, RULE, 0) == ngettext(RULE_SINGULAR, RULE, 2) == RULE


@pytest.mark.parametrize("code, starts", [("fr", "un nom"), ("de", "ein Name"), ("es", "un nombre")])
def test_use_language_switches_every_text_of_the_process(code, starts):
    use_language(code)
    assert current_language() == code
    assert ngettext(RULE_SINGULAR, RULE, 24).startswith(starts)
    use_language("en")
    assert ngettext(RULE_SINGULAR, RULE, 24) == RULE


@pytest.mark.parametrize("code, forms", [("fr", [0, 0, 1, 1]), ("de", [1, 0, 1, 1]), ("es", [1, 0, 1, 1])])
def test_each_language_chooses_the_form_of_a_count_by_its_own_rule(code, forms):
    """French says "0 jeton", German "0 Chips": 0 takes the singular in French only."""
    use_language(code)
    singular, plural = ngettext(RULE_SINGULAR, RULE, 1), ngettext(RULE_SINGULAR, RULE, 2)
    assert singular != plural
    assert [ngettext(RULE_SINGULAR, RULE, count) == plural for count in (0, 1, 2, 24)] == [bool(form) for form in forms]


def test_a_text_the_catalogue_lacks_is_said_in_english():
    use_language("de")
    assert _("a text no catalogue has") == "a text no catalogue has"
    assert pgettext("card", "a card no catalogue has") == "a card no catalogue has"
    assert npgettext("chips", "{count} chip", "{count} chips", 3) == "{count} chips"


def test_n_marks_a_text_and_leaves_it_as_it_is():
    use_language("fr")
    assert N_(LOOKS) == LOOKS
    assert _(N_(LOOKS)) == "le nom {name} ressemble trop à {taken}, le nom d’un autre joueur"


def test_an_unknown_language_is_refused_in_one_line():
    with pytest.raises(ValueError, match=r"^'nl' is not a language ramsli speaks \(en, fr, de, es, qps\)$"):
        use_language("nl")
    assert current_language() == "en"


def test_no_catalogue_is_read_while_english_is_spoken_nor_before_the_first_text(monkeypatch):
    read = []
    real = gettext.translation
    monkeypatch.setattr(languages.gettext, "translation", lambda *args, **options: read.append(args) or real(*args, **options))
    _(RULE)
    use_language("fr")
    assert read == []
    _(RULE)
    _(RULE_SINGULAR)
    assert [args[0] for args in read] == ["ramsli"]
    use_language("de")
    use_language("fr")  # back again: read again only when a text is wanted
    assert len(read) == 1
    _(RULE)
    assert len(read) == 2


def test_choosing_the_language_already_spoken_keeps_its_catalogue(monkeypatch):
    use_language("es")
    _(RULE)
    read = []
    monkeypatch.setattr(languages.gettext, "translation", lambda *args, **options: read.append(args))
    use_language("es")
    _(RULE)
    assert read == []


def test_the_language_module_imports_nothing_else_of_ramsli():
    """It stands at the bottom, so that any module (an engine's refusals among them) may
    mark its texts without pulling in the app."""
    code = "import sys, ramsli_tui.languages; print(sorted(m for m in sys.modules if m.startswith('ramsli_tui')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.strip() == "['ramsli_tui', 'ramsli_tui.languages']"
