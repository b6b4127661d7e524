"""The one boundary for outside text (``text.for_terminal``): whatever it is given, what
it gives back holds no character a terminal obeys, is never longer than its limit, and is
the text itself when that was plain and short enough."""

from __future__ import annotations

from hypothesis import given, strategies as st

from ramsli_tui.text import LINE_LENGTH, NO_BREAK_SPACES, for_terminal, lines_for_terminal
from ramsli_tui.yamlfile import escaped

C0 = [chr(code) for code in range(0x20)]
C1 = [chr(code) for code in range(0x80, 0xA0)]
BIDI = [chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)]
OBEYED = frozenset(C0 + ["\x7f"] + C1 + BIDI)
ATTACKS = ["\x1b[2J", "\x1b]0;title\x07", "\x07", "\x9b2J", "\x9d0;title\x9c", "\u202eevil", "\x1b\\", "\r\n"]

hostile = st.text(st.one_of(st.characters(codec=None), st.sampled_from(sorted(OBEYED))), max_size=400)
plain = st.text(st.characters(codec="utf-8").filter(str.isprintable), max_size=LINE_LENGTH)


def obeyed(text: str, printed: frozenset[str] = NO_BREAK_SPACES) -> set[str]:
    """The characters in ``text`` a terminal would act on (or turn the line around for),
    or that would not show: every one that does not print but the ``printed`` spaces."""
    return {character for character in text
            if character in OBEYED or not (character.isprintable() or character in printed)}


@given(hostile, st.one_of(st.none(), st.integers(min_value=0, max_value=500)))
def test_what_it_gives_holds_no_control_escape_c1_del_or_bidi_character_and_fits_its_limit(text, limit):
    safe = for_terminal(text, limit)
    assert obeyed(safe) == set()
    if limit is not None:
        assert len(safe) <= limit


@given(plain)
def test_plain_printable_text_under_the_limit_is_given_back_unchanged(text):
    assert for_terminal(text) == text
    assert for_terminal(text, limit=None) == text


@given(hostile)
def test_a_cut_text_ends_in_an_ellipsis_and_begins_as_the_whole_escaped_text_does(text):
    whole, cut = for_terminal(text, limit=None), for_terminal(text, limit=40)
    if len(whole) <= 40:
        assert cut == whole
    else:
        assert cut.endswith("…") and whole.startswith(cut[:-1])


def test_each_attack_is_shown_as_its_escapes():
    assert [for_terminal(attack) for attack in ATTACKS] == [
        "\\x1b[2J", "\\x1b]0;title\\x07", "\\x07", "\\x9b2J", "\\x9d0;title\\x9c", "\\u202eevil", "\\x1b\\", "\\r\\n"]
    assert for_terminal("Zoë \ud800") == "Zoë \\ud800"  # a lone surrogate too


def test_a_huge_text_is_cut_to_a_line_and_never_has_an_escape_cut_in_half():
    assert len(for_terminal("x" * 200_000)) == LINE_LENGTH
    cut = for_terminal("\x1b" * 100_000)
    assert len(cut) <= LINE_LENGTH and cut == "\\x1b" * ((LINE_LENGTH - 1) // 4) + "…"


@given(hostile)
def test_text_of_several_lines_keeps_its_line_breaks_and_nothing_else_that_is_obeyed(text):
    safe = lines_for_terminal(text)
    assert obeyed(safe) <= {"\n"}
    assert safe.count("\n") == text.count("\n")
    assert all(len(line) <= LINE_LENGTH for line in safe.split("\n"))


def test_a_line_keeps_frenchs_no_break_spaces_and_a_value_shows_them_as_escapes():
    french = "Pot\u00a0: 3 jetons\u202f; «\u00a0dedans\u00a0»"
    assert for_terminal(french) == french
    assert escaped("pot\u00a0") == "pot\\xa0"
    assert for_terminal("pot\u202f", spaces_as_they_are=False) == "pot\\u202f"


@given(hostile)
def test_a_value_shown_on_its_own_holds_no_character_that_does_not_print(text):
    assert obeyed(escaped(text, limit=None), printed=frozenset()) == set()
