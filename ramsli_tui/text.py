"""The one boundary for text that came from outside on its way to a person's screen.

A name, a ruleset, a file's path or value, an option, a line from the network: any of
them may hold characters a terminal obeys instead of showing (``\\x1b[2J`` clears the
screen, ``\\x1b]0;…\\x07`` sets the window's title, ``\\x9b`` is an escape of its own,
``\\u202e`` turns the rest of the line around) or be long enough to bury the screen.
``for_terminal`` is the only place that makes such text safe to show: every character
that does not print (C0 and C1 controls, DEL, bidi controls and the other invisible
formatting characters, lone surrogates) is written as its escape, and the text is cut
to a length, with an ellipsis.  Everything that shows outside text (messages, notices,
titles, labels, the command line's output, the server's log) goes through it.

The no-break spaces of a language's typography (French writes ``Pot\u00a0: 3`` and
``«\u00a0dedans\u00a0»``) print, so a line keeps them; a value from a file or a name
shown on its own (``spaces_as_they_are=False``) writes them as escapes too, so that a
value that hides one shows it.
"""

from __future__ import annotations

NOTICE_LENGTH = 500  # a notice in the app
LINE_LENGTH = 300  # one line of a message: on the command line, in a label, a crash's message
ELLIPSIS = "…"
NO_BREAK_SPACES = frozenset("\u00a0\u202f")  # the no-break space and the narrow one: French typography


def for_terminal(text: str, limit: int | None = LINE_LENGTH, spaces_as_they_are: bool = True) -> str:
    """``text`` as it may be shown on a terminal: one line, every character that does not
    print written as an escape (``\\x1b``, ``\\n``, ``\\x9b``, ``\\u202e``), and at most
    ``limit`` characters, the last of them an ellipsis when it had to be cut (``None``:
    not cut, for a part of a message that is cut as a whole).  No-break spaces are kept
    unless ``spaces_as_they_are`` is False (a value shown on its own)."""
    kept = NO_BREAK_SPACES if spaces_as_they_are else frozenset()
    pieces, length = [], 0
    for character in str(text):
        piece = character if character.isprintable() or character in kept else _escape(character)
        pieces.append(piece)
        length += len(piece)
        if limit is not None and length > limit:
            return _cut(pieces, length, limit)
    return "".join(pieces)


def lines_for_terminal(text: str, limit: int | None = LINE_LENGTH) -> str:
    """Text of several lines as it may be shown: each line through ``for_terminal``, the
    line breaks kept."""
    return "\n".join(for_terminal(line, limit) for line in str(text).split("\n"))


def _escape(character: str) -> str:
    """A character that does not print, as Python writes it: ``\\x1b``, ``\\t``, ``\\u202e``."""
    return character.encode("unicode_escape", "backslashreplace").decode("ascii")


def _cut(pieces: list[str], length: int, limit: int) -> str:
    """The first pieces that fit in ``limit`` with an ellipsis after them (an escape is
    never cut in half)."""
    while pieces and length > limit - len(ELLIPSIS):
        length -= len(pieces.pop())
    return "".join(pieces) + ELLIPSIS[:limit]
