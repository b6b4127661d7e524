"""What ``ramsli serve`` tells its operator: one line per event on standard error.

Connections, logins, tables, refusals and errors each get one line: the time, a word
for what happened, and its details as ``key=value`` pairs (values quoted when they
hold a space), so that the log reads as text and greps as data::

    2025-06-01T20:15:02 login name=mia key=SHA256:q3… address=127.0.0.1
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Journal:
    """Writes the server's events, one line each, to ``stream`` (standard error)."""

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream

    def __call__(self, what: str, **details: object) -> None:
        stream = self.stream or sys.stderr
        pairs = "".join(f" {key}={_value(value)}" for key, value in details.items())
        stream.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {what}{pairs}\n")
        stream.flush()


def _value(value: object) -> str:
    """A value on one line: control characters escaped, quoted if it holds a space."""
    text = str(value).encode("unicode_escape").decode("ascii") if not str(value).isprintable() else str(value)
    return f'"{text}"' if " " in text or not text else text
