"""The catalogues (issue 21): ``messages.pot`` holds every text marked in the code; each
language's ``.po`` translates every one of them, none fuzzy, with the placeholders and
markup of the source and gettext's plural forms for the language; each compiled ``.mo``
says what its ``.po`` says; and the pseudo-language marks every text.  A text added to
the code without its translations fails here.

Each check is a function that lists what it finds wrong, run on the real catalogues
(nothing may be found) and on broken ones (it must find the break)."""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from ramsli_tui.languages import DOMAIN, LANGUAGES, LOCALE_FOLDER, PSEUDO, SOURCE, _, ngettext, use_language
from ramsli_tui.languages import catalogue
from ramsli_tui.languages.pseudo import unmarked_words

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
PLURAL_FORMS = {  # what each language's count calls for: French "0 jeton", German "0 Chips", Spanish "0 fichas"
    "fr": ("nplurals=2; plural=(n > 1);", lambda n: int(n > 1)),
    "de": ("nplurals=2; plural=(n != 1);", lambda n: int(n != 1)),
    "es": ("nplurals=2; plural=(n != 1);", lambda n: int(n != 1)),
}
MARKUP = re.compile(r"\[/?[@$a-z][^\[\]]*\]|\[/\]")


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def po_path(code: str) -> Path:
    return LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.po"


TEMPLATE = read(catalogue.CHECKOUT / catalogue.TEMPLATE)
CATALOGUES = {code: read(po_path(code)) for code in TRANSLATED}


def messages(catalog: Catalog) -> list[Message]:
    """Every message but the header."""
    return [message for message in catalog if message.id]


def key(message: Message) -> tuple:
    return message.context, message.id


def sources(message: Message) -> list[str]:
    return list(message.id) if message.pluralizable else [message.id]


def translations(message: Message) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def placeholders(text: str) -> list[str]:
    """The fields of a ``str.format`` template, in order, as written (name, conversion, spec)."""
    return sorted(f"{name}!{conversion}:{spec}" for _, name, spec, conversion in string.Formatter().parse(text)
                  if name is not None)


# --- the checks ---------------------------------------------------------------------------

def missing(po: Catalog, template: Catalog) -> list[str]:
    """Texts of the template the catalogue lacks or leaves untranslated (any form)."""
    found = {key(message): message for message in messages(po)}
    return [str(message.id) for message in messages(template)
            if key(message) not in found or not all(translations(found[key(message)]))]


def left_over(po: Catalog, template: Catalog) -> list[str]:
    """Texts the catalogue translates that the template no longer has."""
    wanted = {key(message) for message in messages(template)}
    return [str(message.id) for message in messages(po) if key(message) not in wanted]


def fuzzy(po: Catalog) -> list[str]:
    """Texts marked fuzzy (a guess that nobody checked): the app would not show them."""
    return ["the header"] * po.fuzzy + [str(message.id) for message in messages(po) if message.fuzzy]


def unlike_placeholders(po: Catalog) -> list[str]:
    """Translations whose placeholders or markup differ from their source's."""
    return [f"{message.id}: {text}" for message in messages(po) for text in translations(message)
            if text and (_format_fields(text) != _format_fields(sources(message)[0])
                         or sorted(MARKUP.findall(text)) != sorted(MARKUP.findall(sources(message)[0])))]


def _format_fields(text: str) -> list[str] | str:
    try:
        return placeholders(text)
    except ValueError as error:  # a brace left open
        return f"not a template: {error}"


def source_problems(template: Catalog) -> list[str]:
    """Sources whose placeholders are not all named (a joined piece cannot be reordered by
    a translator), or whose two English forms of a count differ in placeholders."""
    problems = []
    for message in messages(template):
        fields = [placeholders(text) for text in sources(message)]
        if any(field.split("!")[0].isdigit() or field.startswith("!") for field in fields[0]):
            problems.append(f"{message.id}: a placeholder without a name")
        if any(other != fields[0] for other in fields[1:]):
            problems.append(f"{message.id}: the forms of the count differ in placeholders")
    return problems


def wrong_plural_forms(po: Catalog, code: str) -> list[str]:
    """The plural forms, if they are not gettext's for ``code``, or a count's translation
    with another number of forms."""
    forms, choose = PLURAL_FORMS[code]
    problems = [f"Plural-Forms: {po.plural_forms}"] if po.plural_forms != forms else []
    chooser = gettext.c2py(po.plural_expr)
    if [chooser(n) for n in range(200)] != [choose(n) for n in range(200)]:
        problems.append(f"plural={po.plural_expr} chooses other forms")
    return problems + [str(message.id) for message in messages(po)
                       if message.pluralizable and len(message.string) != po.num_plurals]


def unlike_compiled(po: Catalog, mo: Path) -> list[str]:
    """Texts the compiled catalogue says otherwise than the ``.po`` does, or has besides."""
    with mo.open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    problems = []
    for message in messages(po):
        if message.pluralizable:
            said = [compiled.npgettext(message.context, *message.id, n) if message.context
                    else compiled.ngettext(*message.id, n) for n in (1, 2)]
            wanted = [message.string[PLURAL_FORMS[po.locale.language][1](n)] for n in (1, 2)]
        else:
            said = [compiled.pgettext(message.context, message.id) if message.context else compiled.gettext(message.id)]
            wanted = [message.string]
        if said != wanted:
            problems.append(f"{message.id}: {said} in the .mo, {wanted} in the .po")
    compiled_texts = {text for text in compiled._catalog if text}  # noqa: SLF001 - its only list of texts
    compiled_ids = {text[0] if isinstance(text, tuple) else text for text in compiled_texts}
    po_ids = {(f"{message.context}\x04" if message.context else "") + sources(message)[0] for message in messages(po)}
    return problems + [f"{text}: only in the .mo" for text in sorted(compiled_ids - po_ids)]


# --- the real catalogues -------------------------------------------------------------------

def test_the_template_holds_every_text_marked_in_the_code_and_no_other(tmp_path, monkeypatch):
    """A text marked in the code and not yet in messages.pot (or gone from the code and
    still in it) fails: ``python -m ramsli_tui.languages.catalogue update`` mends it."""
    monkeypatch.chdir(catalogue.CHECKOUT)
    assert catalogue.extract(tmp_path / "fresh.pot") == 0
    fresh = read(tmp_path / "fresh.pot")
    assert sorted(map(key, messages(fresh)), key=str) == sorted(map(key, messages(TEMPLATE)), key=str)


def test_the_template_is_not_empty():
    """It holds texts of the game that the checks below read."""
    assert len(messages(TEMPLATE)) >= 3
    assert any(message.pluralizable for message in messages(TEMPLATE))


def test_every_placeholder_of_the_source_is_named_and_both_forms_of_a_count_carry_the_same():
    assert source_problems(TEMPLATE) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_translates_every_text_of_the_template(code):
    assert missing(CATALOGUES[code], TEMPLATE) == []
    assert left_over(CATALOGUES[code], TEMPLATE) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_is_fuzzy(code):
    assert fuzzy(CATALOGUES[code]) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_has_the_placeholders_and_markup_of_its_source(code):
    assert unlike_placeholders(CATALOGUES[code]) == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_has_gettext_s_plural_forms(code):
    assert wrong_plural_forms(CATALOGUES[code], code) == []


PLAIN_SPACE_IN_FRENCH = re.compile(r"\S [:;!?»](\s|$)|« ")  # where French typography puts a no-break space


def plain_spaces_in_french(catalogue) -> list[str]:
    """The French texts with a plain space where a no-break space belongs: before : ; ! ?
    and », after «."""
    return [text for message in catalogue if message.id
            for text in (message.string if isinstance(message.string, (list, tuple)) else (message.string,))
            if PLAIN_SPACE_IN_FRENCH.search(text)]


def test_french_puts_a_no_break_space_before_its_double_marks_and_inside_its_quotes():
    assert plain_spaces_in_french(CATALOGUES["fr"]) == []
    broken = read(po_path("fr"))
    next(message for message in broken if message.id).string = "Pot : 3"
    assert plain_spaces_in_french(broken) == ["Pot : 3"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_compiled_catalogue_says_what_its_po_says(code):
    """The .mo files are kept compiled beside the .po (so that ``pip install .`` needs no
    Babel): ``python -m ramsli_tui.languages.catalogue compile`` after each change."""
    assert unlike_compiled(CATALOGUES[code], po_path(code).with_suffix(".mo")) == []


def test_the_pseudo_language_marks_every_text_and_keeps_its_placeholders():
    use_language(PSEUDO)
    for message in messages(TEMPLATE):
        said = [ngettext(*message.id, n) for n in (1, 2)] if message.pluralizable else [_(message.id)]
        for text, source in zip(said, sources(message) if message.pluralizable else [message.id]):
            assert text.startswith("⟦") and text.endswith("⟧") and unmarked_words(text) == [], text
            assert placeholders(text) == placeholders(source)
            assert text != f"⟦{source}⟧", "its letters are accented"


# --- the checks find what they look for ----------------------------------------------------

def broken(code: str, **changes: str | tuple[str, ...] | bool) -> Catalog:
    """The catalogue of ``code`` with its first message changed."""
    po = read(po_path(code))
    first = messages(po)[0]
    for name, value in changes.items():
        if name == "fuzzy":
            first.flags.add("fuzzy")
        else:
            setattr(first, name, value)
    return po


def test_the_checks_find_a_text_missing_or_untranslated():
    po = read(po_path("fr"))
    first = messages(po)[0]
    po.delete(first.id, first.context)
    assert len(missing(po, TEMPLATE)) == 1
    assert len(missing(broken("de", string=""), TEMPLATE)) == 1
    plural = next(message for message in messages(read(po_path("es"))) if message.pluralizable)
    po = read(po_path("es"))
    po[plural.id].string = (plural.string[0], "")
    assert missing(po, TEMPLATE) == [str(plural.id)]


def test_the_checks_find_a_text_left_over():
    po = read(po_path("fr"))
    po.add("a text the code no longer has", "un texte que le code n’a plus")
    assert left_over(po, TEMPLATE) == ["a text the code no longer has"]


def test_the_checks_find_a_fuzzy_translation():
    assert len(fuzzy(broken("es", fuzzy=True))) == 1


@pytest.mark.parametrize("wrong", ["{nom} ressemble à {taken}", "{name} ressemble à {taken} {taken}", "{name} {taken:>3}",
                                   "{0} ressemble à {1}", "{name} ressemble à {taken", "[b]{name}[/b] {taken}"])
def test_the_checks_find_a_wrong_placeholder_or_markup(wrong):
    po = read(po_path("fr"))
    message = next(message for message in messages(po) if not message.pluralizable and "{taken}" in message.id)
    message.string = wrong
    assert len(unlike_placeholders(po)) == 1


def test_the_checks_find_a_source_that_joins_pieces_or_whose_forms_differ():
    template = Catalog()
    template.add("{} must follow suit")
    template.add(("{count} chip", "chips"))
    assert len(source_problems(template)) == 2


def test_the_checks_find_plural_forms_other_than_gettext_s():
    po = read(po_path("fr"))
    po.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    assert len(wrong_plural_forms(po, "fr")) == 2
    po = read(po_path("es"))
    po.mime_headers = [("Plural-Forms", "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);")]
    assert len(wrong_plural_forms(po, "es")) >= 3  # the header, its choice and each count's two forms


def test_the_checks_find_a_compiled_catalogue_unlike_its_po(tmp_path):
    stale = tmp_path / "stale.mo"
    po = read(po_path("de"))
    stale.write_bytes(po_path("de").with_suffix(".mo").read_bytes())
    first = messages(po)[0]
    first.string = tuple(text + "!" for text in first.string) if first.pluralizable else first.string + "!"
    assert len(unlike_compiled(po, stale)) == 1


# --- the translators' commands -------------------------------------------------------------

def test_a_language_added_has_every_text_to_translate_and_gettext_s_plural_forms(tmp_path, monkeypatch):
    """``add`` (where ``pybabel init`` would give French Unicode's three forms), then
    ``compile``, in a checkout of nothing but the template."""
    (tmp_path / catalogue.TEMPLATE).parent.mkdir(parents=True)
    (tmp_path / catalogue.TEMPLATE).write_bytes((catalogue.CHECKOUT / catalogue.TEMPLATE).read_bytes())
    monkeypatch.chdir(tmp_path)
    assert catalogue.add("fr") == 0
    added = tmp_path / catalogue.LOCALE / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
    po = read(added)
    assert wrong_plural_forms(po, "fr") == []
    assert len(missing(po, TEMPLATE)) == len(messages(TEMPLATE))
    assert catalogue.compile_catalogues() == 0
    assert added.with_suffix(".mo").stat().st_size > 0


@pytest.mark.parametrize("arguments", [[], ["translate"], ["add"], ["add", "fr", "de"]])
def test_the_commands_say_how_they_are_used(arguments, capsys):
    assert catalogue.main(arguments) == 2
    assert capsys.readouterr().err == catalogue.USAGE + "\n"
