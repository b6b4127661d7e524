"""A text for a person kept as an English template and its fields, said in a language
only when a person reads it.

Some texts are read by people of every language and by programs at once: the server
has no language (it serves people of every one), so what it says crosses to each
person's app as it is, and the app says it in its own language; the door says its
refusals in the language of the one it turns away (``said_in``); a ruleset's or a
record's problem is printed to a person in their language, while ``--json`` and the
table protocol (whose ``error`` text is for programs) and the server's log read the
English.  A ``Words`` is a ``str`` of its English, so all of those read it unchanged.

    Words(N_("table {number} has started already"), {"number": 3})

A field may itself be ``Words`` (a value said in words, "nothing", or a clause such as
"(did you mean 'bete'?)"): it is said in the same language as the text around it.
A text that counts has both English forms, and each language chooses its own form
for the count (``ngettext``):

    Words.counted("{count} problem", "{count} problems", 3)

(the catalogue's extraction knows ``counted`` as it knows ``ngettext``: no ``N_`` there).

A text meant in a context (``pgettext``) is ``Words.in_context(context, template, fields)``.
A text that is not translated (a library's message, passed on) is
``Words.as_it_is(text)``: shown as it came.
"""

from __future__ import annotations

import gettext
from typing import Any

from . import current_language, translations


class Words(str):
    """A text for a person: its English, as a ``str``, that keeps its ``template``
    (marked with ``N_`` where it is written) and ``fields``, so that it is said in any
    language; ``translated`` False for a text passed on as it came."""

    template: str
    fields: dict[str, Any]
    translated: bool
    plural: tuple[str, int] | None  # the English plural form and the count that chooses
    context: str | None  # what a translator is told the text means (pgettext)

    def __new__(cls, template: str, fields: dict[str, Any] | None = None, translated: bool = True,
                plural: tuple[str, int] | None = None, context: str | None = None) -> Words:
        fields = dict(fields or {})
        english = template if plural is None or plural[1] == 1 else plural[0]
        words = super().__new__(cls, english.format(**fields))
        words.template, words.fields, words.translated = template, fields, translated
        words.plural, words.context = plural, context
        return words

    def __getnewargs__(self) -> tuple:
        """What pickle makes it again from, over the app's socket."""
        return self.template, self.fields, self.translated, self.plural, self.context

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, fields: dict[str, Any] | None = None) -> Words:
        """A text that counts ``count`` (its field ``count`` too), in the form each
        language has for that number."""
        return cls(singular, {"count": count, **(fields or {})}, plural=(plural, count))

    @classmethod
    def in_context(cls, context: str, template: str, fields: dict[str, Any] | None = None) -> Words:
        """A text as meant in ``context`` (``pgettext``'s; the extraction knows it too)."""
        return cls(template, fields, context=context)

    @classmethod
    def as_it_is(cls, text: str) -> Words:
        """A text shown as it came, in every language."""
        return cls("{text}", {"text": text}, translated=False)

    def said(self) -> str:
        """The words in the language spoken here (the app's, its person's)."""
        return self._said_with(translations(current_language()))

    def said_in(self, code: str) -> str:
        """The words in the language ``code``, whatever this process speaks: the server's,
        to one connection or session."""
        return self._said_with(translations(code))

    def _said_with(self, language: gettext.NullTranslations) -> str:
        if not self.translated:
            template = self.template
        elif self.plural is None:
            template = (language.gettext(self.template) if self.context is None
                        else language.pgettext(self.context, self.template))
        else:
            template = language.ngettext(self.template, *self.plural)
        return template.format(**{name: _field_said(value, language) for name, value in self.fields.items()})


def _field_said(value: Any, language: gettext.NullTranslations) -> Any:
    """A field as the text around it says it: ``Words`` in the same language."""
    return value._said_with(language) if isinstance(value, Words) else value


def said(message: str) -> str:
    """A text in the language spoken here: ``Words``, or a text as it is."""
    return message.said() if isinstance(message, Words) else message


def error_said(error: Exception) -> str:
    """An error's message in the language spoken here (``words_of``)."""
    return words_of(error).said()


def words_of(error: Exception) -> Words:
    """What an error says, to be said in someone's language: a file's problems
    (``FileProblem.words``), the ``Words`` it was raised with, or its text as it is."""
    own = getattr(error, "words", None)
    if callable(own):
        return own()
    if len(error.args) == 1 and isinstance(error.args[0], Words):
        return error.args[0]
    return Words.as_it_is(str(error))
