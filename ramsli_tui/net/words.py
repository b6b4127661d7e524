"""What the server says to a person, kept as an English template and its fields: the
hub has no language (it serves people of every one), so the words cross to each
person's app as they are, and the app says them in its own language; the door says
its refusals in the language of the one it turns away (``said_in``).  They are a ``str`` of
their English, which the table protocol (whose ``error`` text is for programs) and the
server's log read.

    Words(N_("table {number} has started already"), {"number": 3})

A text that is not the hub's own (a game's or a ruleset's message, passed on) is
``Words.as_it_is(text)``: shown as it came.
"""

from __future__ import annotations

from typing import Any

from ..languages import _, translations


class Words(str):
    """A text for a person: its English, as a ``str`` (what the protocol, the log and
    the hub's other attendees read), that keeps its ``template`` (marked with ``N_``
    where it is written) and ``fields``, so that an app says it in its own language;
    ``translated`` False for a text passed on as it came."""

    template: str
    fields: dict[str, Any]
    translated: bool

    def __new__(cls, template: str, fields: dict[str, Any] | None = None, translated: bool = True) -> Words:
        fields = dict(fields or {})
        words = super().__new__(cls, template.format(**fields))
        words.template, words.fields, words.translated = template, fields, translated
        return words

    def __getnewargs__(self) -> tuple:
        """What pickle makes it again from, over the app's socket."""
        return self.template, self.fields, self.translated

    @classmethod
    def as_it_is(cls, text: str) -> Words:
        """A text shown as it came, in every language."""
        return cls("{text}", {"text": text}, translated=False)

    def said(self) -> str:
        """The words in the language spoken here (the app's, its person's)."""
        return (_(self.template) if self.translated else self.template).format(**self.fields)

    def said_in(self, code: str) -> str:
        """The words in the language ``code``, whatever this process speaks: the server's,
        to one connection or session."""
        return (translations(code).gettext(self.template) if self.translated else self.template).format(**self.fields)


def said(message: str) -> str:
    """A notice in the language spoken here: the hub's ``Words``, or a text as it is."""
    return message.said() if isinstance(message, Words) else message
