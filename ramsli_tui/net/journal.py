r"""What ``ramsli serve`` tells its operator: one line per event on standard error.

Connections, logins, tables, refusals and errors each get one line: the time, a word
for what happened, and its details as ``key=value`` pairs, so that the log reads as
text and greps as data::

    2025-06-01T20:15:02 login name=mia key=SHA256:q3… address=127.0.0.1
    2025-06-01T20:15:04 key refused name="mia\" address=6.6.6.6" address=10.0.0.7 keys=1

Much of what is logged comes from outside (a user name, a command, an address), so no
value may end its field: one that is empty or holds a space, a quote, ``=``, a
backslash or any character that does not print is quoted, with the quote and the
backslash escaped and every character that does not print written as ``\n``,
``\t``, ``\x1b``, ``\u202e``….
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from ..text import for_terminal


class Journal:
    """Writes the server's events, one line each, to ``stream`` (standard error)."""

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream

    def __call__(self, what: str, **details: object) -> None:
        stream = self.stream or sys.stderr
        pairs = "".join(f" {key}={_value(value)}" for key, value in details.items())
        stream.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {what}{pairs}\n")
        stream.flush()


PLAIN_BREAKERS = frozenset(' "=\\')  # what a bare value may not hold, besides what does not print
ESCAPES = {'"': '\\"', "\\": "\\\\"}  # inside quotes; what does not print is escaped by for_terminal


def _value(value: object) -> str:
    """A value that cannot end its field: bare if it is plain, else quoted and escaped."""
    text = str(value)
    if text and text.isprintable() and PLAIN_BREAKERS.isdisjoint(text):
        return text
    return '"' + "".join(map(_escaped, text)) + '"'


def _escaped(character: str) -> str:
    """One character inside quotes: the quote, the backslash and whatever does not print escaped."""
    return ESCAPES.get(character) or for_terminal(character, limit=None, spaces_as_they_are=False)
