"""The server's log: one line per event, its details as key=value, nothing that could
break a line or be read as another key."""

from __future__ import annotations

import io
import re

from ramsli_tui.net.journal import Journal


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
    assert lines[2].endswith(' refused name=evil\\nname=root reason=""')
