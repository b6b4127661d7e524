"""The translators' commands, run from a checkout of ramsli (docs/languages.md)::

    python -m ramsli_tui.languages.catalogue update     # messages.pot from the code, then each .po from it
    python -m ramsli_tui.languages.catalogue add it     # a .po for a new language
    python -m ramsli_tui.languages.catalogue compile    # each .po to the .mo the app reads

They are Babel's own (``pybabel extract``, ``update``, ``init``, ``compile``) with this
project's places and choices filled in: the texts of ``_()``, ``ngettext()``,
``pgettext()``, ``npgettext()``, ``N_()``, ``Words.counted()`` and ``Words.in_context()`` in ``ramsli_tui/``, and the
descriptions of the bundled rulesets in ``rulesets/``, as the mapping in ``pyproject.toml``
says, each with the ``# TRANSLATORS:`` comment above it, placed by
file only (a line number would change the catalogue at every edit); and the plural forms
of gettext's tradition, which Babel's own may not be.  Babel is needed only here and in
the tests (``pip install -e ".[test]"``); the app reads the compiled ``.mo`` files with
Python's own gettext.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .. import __version__
from . import DOMAIN, SOURCE

CHECKOUT = Path(__file__).resolve().parent.parent.parent  # the commands run here: the catalogue names files from here
CODE = Path("ramsli_tui")
RULESETS = Path("rulesets")  # the bundled rulesets, whose descriptions are in the catalogue
TEMPLATE = CODE / "languages" / "messages.pot"
LOCALE = CODE / "languages" / "locale"  # LOCALE_FOLDER, as named from the checkout
PYPROJECT = Path("pyproject.toml")
DATED = '"POT-Creation-Date:'
COMMENT_TAG = "TRANSLATORS:"
COUNTED = "counted:1,2"  # Words.counted(singular, plural, count): a text with plural forms (languages/words.py)
IN_CONTEXT = "in_context:1c,2"  # Words.in_context(context, template): a text meant in a context
PLURAL_FORMS = {  # gettext's: French says "0 jeton", German "0 Chips", Spanish "0 fichas"
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
}
USAGE = "usage: python -m ramsli_tui.languages.catalogue update | add LANGUAGE | compile"


def extract(to: Path = TEMPLATE) -> int:
    """Write ``messages.pot`` (or ``to``) from the texts marked in the code (its date left
    as it was when no text changed)."""
    before = to.read_text(encoding="utf-8") if to.exists() else ""
    done = _pybabel("extract", "--mapping-file", PYPROJECT, "--output-file", to, "--add-location", "file",
                    "--keyword", COUNTED, "--keyword", IN_CONTEXT,
                    "--add-comments", COMMENT_TAG, "--strip-comments", "--sort-by-file", "--no-wrap",
                    "--project", "ramsli", "--version", __version__, "--copyright-holder", "the ramsli authors", CODE,
                    RULESETS)
    if not done and _undated(to.read_text(encoding="utf-8")) == _undated(before):
        to.write_text(before, encoding="utf-8")
    return done


def _undated(text: str) -> list[str]:
    """The lines of a catalogue but its creation date."""
    return [line for line in text.splitlines() if not line.startswith(DATED)]


def update() -> int:
    """``messages.pot`` from the code, then every language's ``.po`` from it: a new text
    comes in untranslated, a changed one marked fuzzy with its old translation, a
    removed one goes."""
    return extract() or _pybabel("update", "--input-file", TEMPLATE, "--output-dir", LOCALE,
                                 "--domain", DOMAIN, "--ignore-obsolete", "--no-wrap")


def add(language: str) -> int:
    """A ``.po`` for ``language``, every text untranslated, with its plural forms."""
    if language == SOURCE or not language.isalpha():
        print(f"{language!r}: not a language to add (a code like 'it' or 'pt')", file=sys.stderr)
        return 2
    done = _pybabel("init", "--input-file", TEMPLATE, "--output-dir", LOCALE, "--domain", DOMAIN,
                    "--locale", language, "--no-wrap")
    if not done and language in PLURAL_FORMS:
        _set_plural_forms(LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po", PLURAL_FORMS[language])
    return done


def compile_catalogues() -> int:
    """Every language's ``.po`` compiled to its ``.mo`` (a fuzzy text is left out, and
    said in English)."""
    return _pybabel("compile", "--directory", LOCALE, "--domain", DOMAIN, "--statistics")


def _set_plural_forms(path: Path, forms: str) -> None:
    """The ``.po`` at ``path`` with the plural ``forms`` (as many translations of each
    sentence with a count as they have)."""
    from babel.messages.pofile import read_po, write_po
    with path.open("rb") as po:
        catalog = read_po(po)
    catalog.mime_headers = [("Plural-Forms", forms)]
    with path.open("wb") as po:
        write_po(po, catalog, width=None, include_lineno=False)


def _pybabel(*arguments: object) -> int:
    """Babel's command line, run here: 0 when it went well."""
    from babel.messages.frontend import CommandLineInterface
    return CommandLineInterface().run(["pybabel", *map(str, arguments)]) or 0


def main(arguments: list[str]) -> int:
    """Run the command ``arguments`` name, in the checkout."""
    match arguments:
        case ["update"]:
            command = update
        case ["add", language]:
            command = lambda: add(language)  # noqa: E731 - one command among the others
        case ["compile"]:
            command = compile_catalogues
        case _:
            print(USAGE, file=sys.stderr)
            return 2
    try:
        import babel  # noqa: F401 - only to say at once that it is missing
    except ImportError:
        print('the catalogue commands need Babel: pip install -e ".[test]"', file=sys.stderr)
        return 2
    if not (CHECKOUT / PYPROJECT).is_file():
        print(f"{CHECKOUT / PYPROJECT}: not found; the catalogue commands work in a checkout of ramsli", file=sys.stderr)
        return 2
    os.chdir(CHECKOUT)
    return command()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
