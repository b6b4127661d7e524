"""The command line in every language: ``--lang`` (to ramsli or to its command), else
the environment as gettext reads it, else English; an unknown code is one line.  In the
pseudo-language every word of the help, the messages, ``saves``, ``rules check``,
``replay`` as text and argparse's own words is marked, so none escaped the catalogue;
and in French, German and Spanish a player reads real sentences."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ramsli_tui.cli import main
from ramsli_tui.languages.pseudo import unmarked_words

EXAMPLES = Path(__file__).resolve().parents[1] / "kits" / "data" / "hand-examples"
# What is shown as it is in every language: the program's and the commands' names, the
# options and their metavars, codes, file names and the variables' names.
KEPT_AS_THEY_ARE = re.compile(
    r"--?[\w-]+|\b[A-Z_]{2,}\b|\bramsli\b|\brami\b|\bRamsli\b|\bRami\b|\bSimple\b|\bCOMMAND\b|\bACTION\b|"
    r"\b(play|saves|replay|rules|simulate|tournament|serve|history|export|list|show|check)\b|"
    r"\b(en|fr|de|es|qps)\b|\b(classic|simple|hard|normal|random)\b|\bjson\b|\bYAML\b|\bJSON\b|\bSSH\b|\bHOST\b|"
    r"[\w./-]*\.(yaml|md|json)\b|/[\w./-]+|\bCODE\b|\bN\b|\bS\b|\bK\b|\bID\b|\bDIR\b|\bFILE\b|\bNAME\b|\bSTRENGTHS\b"
    r"|\b\d[\w:]*\b|\b[2-9TJQKA][SHDC]\b|\bssh\b|\bauthorized_keys\b|\b(files|file|ruleset)\b|\bstdin\b|\bMB\b|\b[hkmNS]\b")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home of the test's own, its environment saying no language."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def run(capsys, *args: str) -> tuple[int, str, str]:
    """``ramsli ARGS`` in this process: its status, standard output and standard error."""
    try:
        status = main(list(args))
    except SystemExit as done:  # --help, and argparse's mistakes
        status = done.code
    out, err = capsys.readouterr()
    return status, out, err


def escaped(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-language's marks, but those shown as they
    are in every language."""
    return unmarked_words(KEPT_AS_THEY_ARE.sub(" ", text))


@pytest.mark.parametrize("args", [
    ("--help",), ("play", "--help"), ("saves", "--help"), ("replay", "--help"), ("rules", "--help"),
    ("rules", "check", "--help"), ("simulate", "--help"), ("tournament", "--help"), ("serve", "--help"),
    ("history", "export", "--help"),
])
def test_every_help_is_marked_in_the_pseudo_language(home, capsys, args):
    status, out, err = run(capsys, "--lang", "qps", *args)
    assert status == 0 and out and not err
    assert escaped(out) == [], out


@pytest.mark.parametrize("args", [
    ("saves",),
    ("saves", "--delete", "3"),
    ("play", "--bots", "clever"),
    ("play", "--players", "4", "--bots", "hard,hard"),
    ("simulate", "--players", "4", "--bots", "hard,hard"),
    ("play", "--bot-delay", "11"),
    ("play", "--chips", "0"),
    ("play", "--continue", "--seed", "3"),
    ("play", "--game", "rami", "--chips", "5"),
    ("simulate", "--hands", "0"),
    ("serve", "--port", "99999", "--open"),
    ("serve", "--open", "--allow", "x"),
    ("rules", "bogus"),
    ("replay", str(EXAMPLES / "bete-fixed.yaml"), "--hand", "2"),
    ("replay", str(EXAMPLES / "bete-fixed.yaml")),
    ("replay", str(EXAMPLES / "incomplete-next-lead.yaml")),
    ("replay", str(EXAMPLES / "general-rams-success.yaml")),
    ("replay", str(EXAMPLES / "nap-open-round.yaml")),
    ("replay", str(EXAMPLES / "lone-player-takes-pot.yaml")),
    ("rules", "check", "classic"),
    ("no-such-command",),
])
def test_every_message_and_every_text_told_in_words_is_marked_in_the_pseudo_language(home, capsys, args):
    status, out, err = run(capsys, *args[:1], "--lang", "qps", *args[1:]) if args[0] != "no-such-command" else \
        run(capsys, "--lang", "qps", *args)
    assert out or err
    assert escaped(out) == [] and escaped(err) == [], out + err


def test_a_stream_of_records_is_told_under_marked_headings(home, capsys, tmp_path):
    stream = tmp_path / "stream.yaml"
    stream.write_text("---\n".join((EXAMPLES / name).read_text() for name in ("bete-fixed.yaml", "nap-open-round.yaml")))
    status, out, err = run(capsys, "--lang", "qps", "replay", str(stream))
    assert status == 0 and "⟦" in out.splitlines()[0]
    assert escaped(out) == [], out


def test_a_rami_record_is_told_in_marked_words(home, capsys, tmp_path):
    from tests.games.rami.test_records import RECORD

    record = tmp_path / "rami.json"
    record.write_text(json.dumps(RECORD), encoding="utf-8")
    status, out, err = run(capsys, "--lang", "qps", "replay", str(record))
    assert status == 0 and "⟦" in out
    assert escaped(out) == [] and escaped(err) == [], out + err


@pytest.mark.parametrize("code, told", [
    ("fr", "Aucune partie sauvegardée\u00a0: «\u00a0ramsli\u00a0» en prépare une nouvelle."),
    ("de", "Keine gespeicherten Partien: „ramsli“ richtet eine neue ein."),
    ("es", "No hay partidas guardadas: «ramsli» prepara una nueva."),
])
def test_saves_speaks_the_language_asked_for_to_ramsli_or_to_the_command(home, capsys, code, told):
    assert run(capsys, "--lang", code, "saves")[1].strip() == told
    assert run(capsys, "saves", "--lang", code)[1].strip() == told
    assert run(capsys, "saves", f"--lang={code}")[1].strip() == told


@pytest.mark.parametrize("code, locale, told", [
    ("fr", "fr_CA.UTF-8", "ramsli: --bots nomme «\u00a0clever\u00a0»\u00a0; choisissez chacun parmi random, normal, hard, omniscient, hard-v1, hard-exact, aggressive, timid, random-in"),
    ("de", "de_AT.UTF-8", "ramsli: --bots nennt „clever“; wähle jeden aus random, normal, hard, omniscient, hard-v1, hard-exact, aggressive, timid, random-in"),
    ("es", "es_ES", "ramsli: --bots nombra «clever»; elige cada uno entre random, normal, hard, omniscient, hard-v1, hard-exact, aggressive, timid, random-in"),
])
def test_a_mistake_is_told_in_the_language_of_the_environment(home, capsys, monkeypatch, code, locale, told):
    monkeypatch.setenv("LANG", locale)
    status, out, err = run(capsys, "simulate", "--bots", "clever")
    assert (status, out, err) == (2, "", told + "\n")


@pytest.mark.parametrize("code, words", [
    ("fr", ["La donne\u00a0:", "Pli 1\u00a0:", "(dedans)", "Bete\u00a0: place 0", "Pot à la place 1"]),
    ("de", ["Die Gabe:", "Stich 1:", "(rein)", "Bete: Platz 0", "Pott an Platz 1"]),
    ("es", ["El reparto:", "Baza 1:", "(entro)", "Bete: asiento 0", "Bote para el asiento 1"]),
])
def test_a_hand_is_told_in_the_words_of_each_language(home, capsys, code, words):
    status, out, err = run(capsys, "replay", "--lang", code, str(EXAMPLES / "bete-fixed.yaml"))
    assert status == 0 and not err
    for word in words:
        assert word in out, out


def test_argparse_own_words_are_in_the_language_spoken(home, capsys):
    status, out, err = run(capsys, "--lang", "de", "serve", "--port", "99999", "--open")
    assert status == 2 and err.strip() == "ramsli: --port: 99999 ist größer als 65535 (siehe „ramsli serve --help“)"
    usage = run(capsys, "--lang", "fr", "--help")[1]
    assert usage.startswith("usage\u00a0: ramsli") and "afficher cette aide et sortir" in usage


def test_the_json_output_stays_english(home, capsys):
    english = run(capsys, "replay", "--json", str(EXAMPLES / "bete-fixed.yaml"))[1]
    assert run(capsys, "replay", "--lang", "de", "--json", str(EXAMPLES / "bete-fixed.yaml"))[1] == english


def test_a_language_ramsli_does_not_speak_is_one_line(home, capsys):
    status, out, err = run(capsys, "--lang", "nl", "saves")
    assert (status, out) == (2, "") and err == "ramsli: ramsli speaks no language nl: it speaks en, fr, de, es\n"
    status, out, err = run(capsys, "serve", "--lang", "klingon", "--open")
    assert status == 2 and len(err.splitlines()) == 1 and "klingon" in err


def test_ramsli_lang_before_serve_is_the_commands_own_and_serve_lang_the_players_default(home, capsys):
    from ramsli_tui.cli import build_parser
    from ramsli_tui.languages import use_language

    use_language("en")
    args = build_parser().parse_args(["--lang", "en", "serve", "--lang", "de_DE.UTF-8", "--open"])
    assert args.served_language == "de"
    status, out, err = run(capsys, "--lang", "en", "serve", "--lang", "de", "--port", "99999", "--open")
    assert err.strip() == "ramsli: --port: 99999 is more than 65535 (see 'ramsli serve --help')"
