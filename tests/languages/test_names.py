"""Names in any script (issue 21, item 6): a name may hold letters of any language, is
told apart from others once normalised and case-folded, and one that looks like a name
already taken (Unicode's confusable skeletons, UTS #39) is refused."""

from __future__ import annotations

import pytest

from ramsli_tui.languages import use_language
from ramsli_tui.names import CONFUSABLES, folded, is_a_name, look_alike, looks_taken, name_rule, normalised, skeleton

CYRILLIC_A, GREEK_ALPHA, COMBINING_DIAERESIS = "\u0430", "\u0391", "\u0308"


@pytest.mark.parametrize("name", [
    "Zoë", "Jürgen", "Núria", "Łukasz", "Ἀχιλλεύς", "李小龙", "Ольга", "नमस्ते", "mia", "x-1", "a.b_c", "7even", "a" * 24,
    "Zoe" + COMBINING_DIAERESIS, "ﬁx",
])
def test_a_name_may_hold_the_letters_and_marks_of_any_script(name):
    assert is_a_name(name)


@pytest.mark.parametrize("name", [
    "", "a" * 25, "a b", "-x", ".x", "_x", COMBINING_DIAERESIS + "e", "x\u200dy", "x\u202ey", "x\x1b[2J", "x/y",
    "x:y", "x@y", "♠", "Zoë\n", "\u3000x",
])
def test_a_name_is_refused_with_a_space_a_sign_an_invisible_or_a_control_character(name):
    assert not is_a_name(name)


def test_the_length_is_counted_once_normalised():
    """24 letters written with combining accents are 24 letters."""
    assert is_a_name(("e" + "\u0301") * 24)
    assert not is_a_name(("e" + "\u0301") * 25)


@pytest.mark.parametrize("written, kept", [
    ("Zoe" + COMBINING_DIAERESIS, "Zoë"), ("ﬁx", "fix"), ("ＭＩＡ", "MIA"), ("Zoë", "Zoë"),
])
def test_a_name_is_kept_in_nfkc(written, kept):
    assert normalised(written) == kept


@pytest.mark.parametrize("one, other", [
    ("Mia", "mia"), ("Straße", "STRASSE"), ("Zoë", "ZOE" + COMBINING_DIAERESIS), ("ＭＩＡ", "mia"), ("ǅemal", "džemal"),
])
def test_names_are_told_apart_without_regard_to_case_or_way_of_writing(one, other):
    assert folded(one) == folded(other)
    assert look_alike(one, [other]) == other


@pytest.mark.parametrize("asked, taken", [
    ("P" + CYRILLIC_A + "ul", "Paul"),  # a Cyrillic а
    (GREEK_ALPHA + "lex", "Alex"),  # a Greek Α
    ("PauI", "Paul"),  # a capital I for the l
    ("pauI", "Paul"),
    ("Sarn", "Sam"),  # r and n for the m
    ("B0B", "BOB"),  # a zero for the O
    ("ℙaul", "Paul"),  # a mathematical letter (NFKC makes it P)
])
def test_a_look_alike_of_a_name_taken_is_found(asked, taken):
    assert look_alike(asked, ["Anna", taken, "Emil"]) == taken


@pytest.mark.parametrize("asked, taken", [
    ("Zoë", "Zoe"), ("Łukasz", "Lukasz"), ("Jürgen", "Jurgen"), ("Núria", "Nuria"), ("Anna", "Anne"), ("Mia", "Mio"),
])
def test_names_with_distinct_letters_stay_distinct(asked, taken):
    assert look_alike(asked, [taken]) is None


def test_no_name_is_taken_among_none():
    assert look_alike("Paul", []) is None


def test_the_skeleton_is_uts_39_s():
    """The examples of UTS #39 and a few more: NFD, each character's prototype, NFD."""
    assert skeleton("paypal") == skeleton("p" + CYRILLIC_A + "yp" + CYRILLIC_A + "l") == "paypal"
    assert skeleton("ℝ") == "R"
    assert skeleton("m") == "rn"
    assert skeleton("1") == skeleton("I") == skeleton("l") == "l"
    assert skeleton("Zoë") == "Zoe" + COMBINING_DIAERESIS


def test_the_confusables_are_unicode_s_own_file():
    head = CONFUSABLES.read_text(encoding="utf-8-sig")[:400]
    assert "Unicode Security Mechanisms for UTS #39" in head and "Version: 15.0.0" in head
    assert (CONFUSABLES.parent / "LICENSE-Unicode.txt").read_text(encoding="utf-8").startswith("UNICODE, INC. LICENSE")


def test_the_rule_and_the_refusal_are_said_in_the_person_s_language():
    assert name_rule() == "a name is 1 to 24 letters, digits, '.', '_' or '-', starting with a letter or digit"
    assert looks_taken("P" + CYRILLIC_A + "ul", "Paul") == (
        "the name P" + CYRILLIC_A + "ul looks too much like Paul, the name of another player")
    use_language("es")
    assert name_rule().startswith("un nombre tiene de 1 a 24 letras")
    assert looks_taken("Sarn", "Sam") == "el nombre Sarn se parece demasiado a Sam, el nombre de otro jugador"
