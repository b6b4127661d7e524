"""A file's problem is English where programs read it (``str()``: ``--json``, the log,
the table protocol) and said in a person's language where a person reads it: its
``Words`` keep their template, and the values and clauses inside them (``nothing``,
"(did you mean 'bete'?)") are said in the same language as the sentence around them."""

from __future__ import annotations

import pytest

from ramsli_tui.languages import N_, use_language
from ramsli_tui.languages.words import Words, error_said, words_of
from ramsli_tui.net.hub import HubRefusal
from ramsli_tui.yamlfile import FileProblem, did_you_mean, shown_value


def test_a_field_that_is_words_is_said_in_the_language_of_its_sentence():
    sentence = Words("{value}", {"value": shown_value(None)}, translated=False)
    assert str(sentence) == "nothing"
    assert sentence.said_in("de") == "nichts"
    use_language("es")
    assert sentence.said() == "nada"


def test_the_did_you_mean_clause_is_said_in_the_readers_language_and_stays_english_as_text():
    clause = did_you_mean("bette", ["bete", "ante"])
    assert str(clause) == " (did you mean 'bete'?)"
    assert clause.said_in("fr") == " (vouliez-vous dire «\u00a0bete\u00a0»\u00a0?)"
    assert clause.said_in("de") == " (meintest du „bete“?)"
    assert did_you_mean("zzzzzz", ["bete", "ante"]) == ""


@pytest.mark.parametrize("code, more_than_one, just_one", [
    ("fr", "rien\u00a0; et 2 autres", "rien\u00a0; et 1 autre"),
    ("de", "nichts; und 2 weitere", "nichts; und 1 weiteres"),
    ("es", "nada; y 2 más", "nada; y 1 más"),
])
def test_a_file_with_several_problems_counts_the_others_in_the_readers_language(code, more_than_one, just_one):
    nothing = shown_value(None)
    use_language(code)
    assert FileProblem(nothing, "b", "c").said() == more_than_one
    assert FileProblem(nothing, "b").said() == just_one
    assert str(FileProblem(nothing, "b", "c")) == "nothing; and 2 more"
    assert FileProblem(nothing, "b").said_problems()[1] == "b"


def test_an_error_raised_with_words_is_said_and_one_without_is_shown_as_it_is():
    use_language("fr")
    assert error_said(ValueError(Words(N_("binary data")))) == "des données binaires"
    assert error_said(ValueError("as it came")) == "as it came"
    assert error_said(FileProblem(Words(N_("binary data")))) == "des données binaires"


def test_the_hub_passes_on_a_rulesets_words_for_each_app_to_say_in_its_language():
    refusal = HubRefusal.passed_on(FileProblem(Words(N_("binary data"))))
    assert str(refusal.words) == "binary data"
    assert refusal.words.said_in("es") == "datos binarios"
    several = words_of(FileProblem(Words(N_("binary data")), "another"))
    assert str(several) == "binary data; and 1 more"


def test_a_counted_text_takes_each_languages_form_for_its_number_and_crosses_a_socket_whole():
    import pickle

    one = Words.counted("{problem}; and {count} more", "{problem}; and {count} more", 1, {"problem": shown_value(None)})
    two = Words.counted("{problem}; and {count} more", "{problem}; and {count} more", 2, {"problem": "x"})
    assert (str(one), str(two)) == ("nothing; and 1 more", "x; and 2 more")
    assert (one.said_in("fr"), two.said_in("fr")) == ("rien\u00a0; et 1 autre", "x\u00a0; et 2 autres")
    assert pickle.loads(pickle.dumps(two)).said_in("de") == "x; und 2 weitere"
