"""The server's log: one line per event, its details as key=value, nothing that could
break a line or be read as another key."""

from __future__ import annotations

import io
import re

from hypothesis import given, strategies as st

from ramsli_tui.net.journal import Journal

VALUE = r'"(?:[^"\\]|\\.)*"|[^ "=\\]+'
LINE = re.compile(rf"(\d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\d) (.+?)((?: [a-z_]+=(?:{VALUE}))*)")
FIELD = re.compile(rf" ([a-z_]+)=({VALUE})")
ESCAPE = re.compile(r"\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|U([0-9a-f]{8})|(.))")
NAMED = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}


def unescaped(value: str) -> str:
    """A value as it was logged: its quotes taken off, its escapes undone."""
    if not value.startswith('"'):
        return value
    return ESCAPE.sub(lambda found: chr(int(next(filter(None, found.groups()[:3])), 16)) if found.group(4) is None
                      else NAMED[found.group(4)], value[1:-1])


def read_back(line: str) -> tuple[str, dict[str, str]]:
    """What a log line says: its event and its fields, as a program reading the log sees them."""
    whole = LINE.fullmatch(line)
    assert whole is not None, line
    return whole.group(2), {key: unescaped(value) for key, value in FIELD.findall(whole.group(3))}


def logged(what: str, **details: object) -> str:
    stream = io.StringIO()
    Journal(stream)(what, **details)
    [line] = stream.getvalue().split("\n")[:-1]
    return line


def test_each_event_is_one_line_with_its_details_as_key_value_pairs():
    stream = io.StringIO()
    journal = Journal(stream)
    journal("login", name="mia", address="127.0.0.1")
    journal("table says", table=1, message="mia took too long: a computer player acted for them.")
    journal("refused", name="evil\nname=root", reason="")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 3
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d login name=mia address=127\.0\.0\.1", lines[0])
    assert lines[1].endswith(' table says table=1 message="mia took too long: a computer player acted for them."')
    assert lines[2].endswith(' refused name="evil\\nname=root" reason=""')


FORGERIES = ['mia" address=6.6.6.6 key="SHA256:x', 'a=b', "a b", 'back\\" address=6.6.6.6', "line\nbreak",
             "\x1b[2Jwiped", "tab\there", "bidi\u202eoverride", "next\x85line", '"', "\\", "=", "", "zoë"]


def test_no_value_can_end_its_field_or_write_another():
    for forged in FORGERIES:
        line = logged("key refused", name=forged, key=forged, address=forged, comment=forged, client=forged)
        assert read_back(line) == ("key refused", dict.fromkeys(["name", "key", "address", "comment", "client"], forged))
        assert len(line.splitlines()) == 1 and "\x1b" not in line and "\u202e" not in line


def test_a_value_with_nothing_to_fear_is_written_as_it_is():
    assert logged("login", name="mia", key="SHA256:q3+/x", address="127.0.0.1").endswith(
        " login name=mia key=SHA256:q3+/x address=127.0.0.1")
    assert logged("login", name="zoë").endswith(" login name=zoë")


@given(st.dictionaries(st.sampled_from(["name", "key", "address", "reason", "client"]), st.text()))
def test_any_text_in_any_field_reads_back_exactly_as_it_was_logged(details):
    line = logged("refused", **details)
    assert len(line.splitlines()) == 1
    assert read_back(line) == ("refused", details)
