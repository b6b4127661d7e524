"""Choosing the language: an explicit choice first, then the environment as gettext reads
it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then the default; locally and
over SSH, where the inputs are the person's last choice, what their ``ssh`` sent, and
the server's default."""

from __future__ import annotations

import pytest

from ramsli_tui.languages import use_language
from ramsli_tui.languages.choice import choose_language, language_code, not_spoken


@pytest.mark.parametrize("name, code", [
    ("de", "de"), ("de_AT.UTF-8", "de"), ("de_CH.UTF-8@euro", "de"), ("de-AT", "de"), ("DE", "de"),
    ("fr_CA", "fr"), ("es_AR.utf8", "es"), ("en_GB.UTF-8", "en"), ("qps", "qps"),
    ("C", "en"), ("C.UTF-8", "en"), ("POSIX", "en"), (" fr ", "fr"),
    ("nl_NL.UTF-8", None), ("", None), (None, None), ("c", None), ("deutsch", None), ("@euro", None),
])
def test_a_language_or_locale_name_means_the_language_ramsli_speaks(name, code):
    assert language_code(name) == code


def test_without_choice_or_environment_english_is_spoken():
    assert choose_language() == "en"
    assert choose_language(None, None, environment={}) == "en"


def test_an_explicit_choice_comes_before_the_environment():
    assert choose_language("fr", environment={"LANG": "de_DE.UTF-8"}) == "fr"


def test_the_first_choice_ramsli_speaks_wins_and_an_unknown_one_falls_to_the_next():
    """``--lang`` before the setting; a setting edited to a language ramsli lacks is passed over."""
    assert choose_language("es", "fr") == "es"
    assert choose_language(None, "fr") == "fr"
    assert choose_language("klingon", "fr", environment={"LANG": "de_DE.UTF-8"}) == "fr"
    assert choose_language("klingon", environment={"LANG": "de_DE.UTF-8"}) == "de"


@pytest.mark.parametrize("environment, code", [
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "de_AT.UTF-8"}, "es"),
    ({"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LANG": "de_AT.UTF-8"}, "fr"),
    ({"LANGUAGE": "es", "LC_ALL": "fr_FR.UTF-8"}, "es"),
])
def test_the_variables_are_read_in_gettext_s_order(environment, code):
    assert choose_language(environment=environment) == code


def test_language_is_a_list_in_order_of_preference():
    assert choose_language(environment={"LANGUAGE": "de:fr"}) == "de"
    assert choose_language(environment={"LANGUAGE": "nl:pt_BR:fr:de"}) == "fr"


def test_a_language_ramsli_lacks_falls_to_the_next_entry_then_the_next_variable():
    assert choose_language(environment={"LANGUAGE": "nl", "LANG": "de_DE.UTF-8"}) == "de"
    assert choose_language(environment={"LC_ALL": "nl_NL.UTF-8", "LANG": "es_ES.UTF-8"}) == "es"
    assert choose_language(environment={"LANGUAGE": "nl:sv", "LANG": "pt_PT.UTF-8"}) == "en"


def test_c_and_posix_mean_english_and_end_the_search():
    assert choose_language(environment={"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"
    assert choose_language(environment={"LANG": "C.UTF-8"}, default="fr") == "en"
    assert choose_language(environment={"LANGUAGE": "POSIX:de"}) == "en"


def test_an_empty_variable_is_as_if_unset():
    assert choose_language(environment={"LANGUAGE": "", "LC_ALL": "", "LANG": "es_MX.UTF-8"}) == "es"
    assert choose_language(environment={"LANGUAGE": "::de:"}) == "de"


def test_over_ssh_the_last_choice_then_the_client_s_lang_then_the_server_s_default():
    """The server passes what the person chose last there, what their ``ssh`` sent
    (OpenSSH's ``SendEnv LANG LC_*``) and its own ``--lang``."""
    sent = {"LANG": "es_ES.UTF-8", "LC_CTYPE": "es_ES.UTF-8"}
    assert choose_language("de", environment=sent, default="fr") == "de"
    assert choose_language(None, environment=sent, default="fr") == "es"
    assert choose_language(None, environment={}, default="fr") == "fr"
    assert choose_language(None, environment={"LANG": "sv_SE.UTF-8"}, default="fr") == "fr"


def test_only_the_gettext_variables_are_read():
    assert choose_language(environment={"LC_CTYPE": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8"}) == "en"


def test_one_who_asks_for_a_language_ramsli_lacks_is_told_which_it_speaks():
    assert not_spoken("nl") == "ramsli speaks no language nl: it speaks en, fr, de, es"
    use_language("de")
    assert not_spoken("nl") == "ramsli spricht nl nicht, nur en, fr, de, es"


def test_a_language_asked_for_is_shown_escaped_and_cut():
    said = not_spoken("\x1b[2J" + "x" * 100)
    assert "\x1b" not in said and "\\x1b[2J" in said and "x" * 40 not in said
