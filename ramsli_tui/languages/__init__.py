"""The words a person reads, in the language they chose: English (the source), French,
German or Spanish, and a generated pseudo-language for tests.

A text a person reads is written in English inside ``_()`` (``ngettext()`` for a
sentence with a count, ``pgettext()`` where one English word needs two translations),
as a whole sentence with named placeholders filled in afterwards::

    _("{name} takes the pot").format(name=name)
    ngettext("{count} chip", "{count} chips", count).format(count=count)

Babel reads these calls to make the catalogue (``messages.pot``); translators keep one
``.po`` file per language, compiled to the ``.mo`` file read here (docs/languages.md).
A text written where no language is known yet (a class's key bindings, a module's
table) is marked with ``N_()`` and translated with ``_()`` where it is shown.

The language is process-wide: each person has an app process of their own, locally and
over SSH, and ``use_language`` switches it.  Nothing is read before it is needed: no
catalogue while English is spoken, and a language's catalogue only at the first text
translated in it, so starting the app costs nothing more.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

SOURCE = "en"  # the language the code is written in
PSEUDO = "qps"  # the generated pseudo-language ("pseudo, localisable"), for tests
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}  # each named in itself
SPOKEN = (*LANGUAGES, PSEUDO)  # every language code ``use_language`` takes
DOMAIN = "ramsli"  # the catalogues' file name: locale/<language>/LC_MESSAGES/ramsli.mo
LOCALE_FOLDER = Path(__file__).resolve().parent / "locale"

_language = SOURCE
_translations: gettext.NullTranslations | None = None  # the current language's catalogue, once read


def use_language(code: str) -> None:
    """Speak ``code`` (one of ``SPOKEN``) from now on, in this whole process; its
    catalogue is read at the first text translated."""
    global _language, _translations
    if code not in SPOKEN:
        raise ValueError(f"{code!r} is not a language ramsli speaks ({', '.join(SPOKEN)})")
    if code != _language:
        _language, _translations = code, None


def current_language() -> str:
    """The code of the language spoken now."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _catalogue().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a sentence with a count that the current language uses for ``count``
    (both English forms carry the same placeholders, ``{count}`` among them)."""
    return _catalogue().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context`` (a short English note
    that tells a translator which sense of a word is meant: ``pgettext("card", "Jack")``)."""
    return _catalogue().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """``ngettext`` as meant in ``context``."""
    return _catalogue().npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """``message`` as it is, marked for the catalogue: translate it with ``_()`` where it
    is shown."""
    return message


def translations(code: str) -> gettext.NullTranslations:
    """The translations of ``code`` (one of ``SPOKEN``), whatever this process speaks: for
    the server, which speaks to each SSH session in its person's language before their
    app starts and after it ends.  Each is read once."""
    if code not in SPOKEN:
        raise ValueError(f"{code!r} is not a language ramsli speaks ({', '.join(SPOKEN)})")
    return _kept_translations(code)


@cache
def _kept_translations(code: str) -> gettext.NullTranslations:
    return _translations_of(code)


def _catalogue() -> gettext.NullTranslations:
    """The current language's translations, read the first time they are wanted."""
    global _translations
    if _translations is None:
        _translations = _translations_of(_language)
    return _translations


def _translations_of(code: str) -> gettext.NullTranslations:
    """The translations of ``code``: none for English, generated for the pseudo-language,
    the compiled catalogue for the others."""
    if code == SOURCE:
        return gettext.NullTranslations()
    if code == PSEUDO:
        from .pseudo import PseudoTranslations
        return PseudoTranslations()
    return gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[code])
