"""Which language a person reads, from what they chose and what their environment says.

Locally: ``--lang``, else the Language setting, else the environment as gettext reads it,
else English.  Over SSH: the language the person chose last on that server, else the
environment their ``ssh`` sent (``LANG`` and ``LC_*`` with OpenSSH's ``SendEnv``), else the
server's default (``ramsli serve --lang``).  Both are ``choose_language`` with different
inputs.  Over SSH a ``C`` or ``POSIX`` locale says nothing of the person: it is what a
bare system or a container sends (Debian's ``ssh`` sends ``LANG=C.UTF-8`` from one), so
``naming_a_language`` leaves it out and the next variable, else the server's default,
speaks.

The environment is read as gettext reads it: ``LANGUAGE`` (a colon-separated list of
languages in order of preference), then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (a
locale each).  ``C`` and ``POSIX`` mean English; ``de_AT.UTF-8`` means German.  Where
gettext stops at the first variable set, a language ramsli does not speak here falls to
the next one, then to the next variable, so that ``LANGUAGE=nl:de`` or
``LANGUAGE=nl LANG=de_DE.UTF-8`` gives German, not English.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ..text import for_terminal
from . import LANGUAGES, N_, SOURCE, SPOKEN, _

VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order
ENGLISH_LOCALES = ("C", "POSIX")
ASKED_LENGTH = 40  # of a language asked for, when it is repeated
NOT_SPOKEN = N_("ramsli speaks no language {asked}: it speaks {languages}")


def choose_language(*chosen: str | None, environment: Mapping[str, str] = {}, default: str = SOURCE) -> str:
    """The language to speak: the first of ``chosen`` that ramsli speaks (a command
    line's ``--lang``, the setting; over SSH the person's last choice), else the first one
    ``environment`` names (the process's, or the one an SSH client sent), else ``default``
    (English, or the server's default)."""
    for code in (*map(language_code, chosen), *languages_of(environment)):
        if code is not None:
            return code
    return default


def languages_of(environment: Mapping[str, str]) -> Iterable[str | None]:
    """The language of each entry of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` in turn (None for one ramsli does not speak)."""
    for variable in VARIABLES:
        for entry in (environment.get(variable) or "").split(":"):
            yield language_code(entry)


def languages_accepted(header: str) -> list[str]:
    """The languages a browser's ``Accept-Language`` asks for, the most wanted first:
    ``"de-AT,fr;q=0.9,en;q=0.8"`` is ``["de-AT", "fr", "en"]`` (a tag of weight 0, or of
    a weight that cannot be read, is left out; so is ``*``)."""
    weighed = []
    for entry in header[:1000].split(","):
        tag, _, weight = entry.partition(";")
        weight = weight.strip()
        try:
            quality = float(weight.removeprefix("q=")) if weight else 1.0
        except ValueError:
            continue
        if tag.strip() not in ("", "*") and quality > 0:
            weighed.append((-quality, len(weighed), tag.strip()))
    return [tag for _, _, tag in sorted(weighed)]


def language_code(name: str | None) -> str | None:
    """The code of the language that a language or locale name means, if ramsli speaks
    it: ``de``, ``de_AT.UTF-8``, ``de-AT``, ``DE`` and ``de_CH@euro`` mean ``de``; ``C``,
    ``C.UTF-8`` and ``POSIX`` mean English; anything else None."""
    if not name:
        return None
    locale = locale_of(name)
    if locale in ENGLISH_LOCALES:
        return SOURCE
    code = locale.replace("-", "_").partition("_")[0].lower()
    return code if code in SPOKEN else None


def naming_a_language(environment: Mapping[str, str]) -> dict[str, str]:
    """``environment`` without the variables set to the ``C`` or ``POSIX`` locale, which
    name no language: what an SSH client sent, read for its person's language."""
    return {variable: value for variable, value in environment.items() if locale_of(value) not in ENGLISH_LOCALES}


def locale_of(name: str) -> str:
    """A locale's name without its encoding and modifier: ``de_CH.UTF-8@euro`` is ``de_CH``."""
    return name.strip().partition("@")[0].partition(".")[0]


def not_spoken(asked: str) -> str:
    """What a person is told who asked for a language ramsli does not speak (``--lang``):
    the languages it offers (the pseudo-language is for tests, and not offered)."""
    return _(NOT_SPOKEN).format(asked=for_terminal(asked, ASKED_LENGTH), languages=", ".join(LANGUAGES))
