"""A hand record's problems, `simulate` and `tournament` reports and `--help`'s placeholders
in the reader's language: `ramsli replay` as text says why a record cannot be replayed in
the person's language (a refusal of the rules as the game's table says it), while
`--json` keeps the English of the public contract byte for byte; the reports' sentences
and columns are said too, their JSON stays English; and no placeholder of `--help` is
argparse's English."""

from __future__ import annotations

import json
import re

import pytest

from ramsli_tui.cli import main
from ramsli_tui.languages import use_language
from ramsli_tui.languages.pseudo import unmarked_words
from ramsli_tui.languages.words import error_said
from ramsli_tui.table.table import ReplayError, Table

from tests.cli.test_cli_history_unprintable import GOOD as GOOD_KEPT, UNPRINTABLE, history_of
from tests.games.rami import test_records as rami_records
from tests.games.ramsli.records.test_records_errors import ACTS, CASES, GOOD, with_actions
from tests.table.test_table import spec_for

# The problems other modules tell (a file that is not YAML, a ruleset's own mistakes):
# their words are the file readers' and the rulesets', said where those are converted.
NOT_THE_RECORDS_OWN = {"not-yaml", "unknown-ruleset", "ruleset-file-missing", "inline-unknown-key",
                       "inline-bad-value", "not YAML", "an unknown ruleset", "a bad inline ruleset"}
# What a record's problem shows as the file has it: the command's name, the file, values
# quoted from it, card codes and faces, numbers, the rulesets' and computer players' names.
THE_FILES_OWN = re.compile(r"\bramsli\b|\br\.yaml\b|'[^']*'|\b(?:[2-9TJQKA]|10)[SHDC]\b|\bX[12]\b|\b\d+\b|"
                           r"\b(classic|nap|simple|hard|normal|random)\b")

RAMSLI_CASES = {name: case[0] for name, case in CASES.items() if name not in NOT_THE_RECORDS_OWN}
RAMI_CASES = {
    **{f"rami {name}": rec for name, (rec, _) in rami_records.BAD_RECORDS.items() if name not in NOT_THE_RECORDS_OWN},
    **{f"rami action {name}": rami_records.record(actions=actions)
       for name, (actions, _, _) in rami_records.BAD_ACTIONS.items()},
}
FOLLOW_SUIT_REFUSED = with_actions(ACTS[:4] + [{"seat": 2, "act": "play", "card": "KD"}])


def replayed(capsys, tmp_path, monkeypatch, record, *options: str, as_json: bool = False) -> tuple[int, str, str]:
    """``ramsli [OPTIONS] replay r.yaml [--json]`` of ``record`` (text, or a mapping written as JSON)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.yaml").write_text(record if isinstance(record, str) else json.dumps(record))
    status = main([*options, "replay", "r.yaml", *(["--json"] if as_json else [])])
    out, err = capsys.readouterr()
    return status, out, err


def escaped(text: str) -> list[str]:
    return unmarked_words(THE_FILES_OWN.sub(" ", text))


@pytest.mark.parametrize("record", [*RAMSLI_CASES.values(), *RAMI_CASES.values()],
                         ids=[*RAMSLI_CASES, *RAMI_CASES])
def test_every_problem_of_a_record_is_said_in_the_pseudo_language(capsys, tmp_path, monkeypatch, record):
    status, out, err = replayed(capsys, tmp_path, monkeypatch, record, "--lang", "qps")
    assert (status, out) == (2, "") and err.startswith("ramsli: ")
    assert escaped(err) == [], err


@pytest.mark.parametrize("code, told", [
    ("fr", "ramsli: r.yaml:5: dealer doit être une place de 0 à 2, pas 3\n"),
    ("de", "ramsli: r.yaml:5: dealer muss ein Platz von 0 bis 2 sein, nicht 3\n"),
    ("es", "ramsli: r.yaml:5: dealer debe ser un asiento del 0 al 2, no 3\n"),
])
def test_a_bad_record_is_told_in_the_readers_language_and_its_json_stays_english(
        capsys, tmp_path, monkeypatch, code, told):
    record = json.dumps({**GOOD, "dealer": 3}, indent=0)
    assert replayed(capsys, tmp_path, monkeypatch, record, "--lang", code)[2] == told
    status, out, _ = replayed(capsys, tmp_path, monkeypatch, record, "--lang", code, as_json=True)
    assert status == 2 and json.loads(out)["error"] == {"action": None,
                                                        "message": "r.yaml:5: dealer must be a seat from 0 to 2, not 3"}


@pytest.mark.parametrize("code, told", [
    ("fr", "La place 2 doit fournir et peut jouer 9♠, 7♠."),
    ("de", "Platz 2 muss bedienen und darf 9♠, 7♠ spielen."),
    ("es", "Asiento 2 debe asistir y puede jugar 9♠, 7♠."),
])
def test_a_refused_action_is_said_as_the_table_says_a_refusal_and_its_json_keeps_the_engines_english(
        capsys, tmp_path, monkeypatch, code, told):
    assert replayed(capsys, tmp_path, monkeypatch, FOLLOW_SUIT_REFUSED, "--lang", code)[2] == f"ramsli: {told}\n"
    status, out, _ = replayed(capsys, tmp_path, monkeypatch, FOLLOW_SUIT_REFUSED, "--lang", code, as_json=True)
    assert json.loads(out)["error"] == {"action": 4, "message": "seat 2 must follow suit: it holds 9S, 7S"}
    assert replayed(capsys, tmp_path, monkeypatch, FOLLOW_SUIT_REFUSED)[2] == (
        "ramsli: seat 2 must follow suit: it holds 9S, 7S\n"), "English is the record's own words"


def test_a_refused_rami_action_says_what_the_table_told_that_seat(capsys, tmp_path, monkeypatch):
    record = rami_records.record(actions=[{"seat": 0, "act": "discard", "card": "KH"}])
    told = replayed(capsys, tmp_path, monkeypatch, record, "--lang", "fr")[2]
    assert told == "ramsli: À la place 0, la table a répondu\u00a0: vous ne pouvez pas jeter R♥\u00a0: R♥ n’est pas dans votre main.\n"


def test_a_refused_reshuffle_or_a_draw_before_one_is_said_in_spanish(capsys, tmp_path, monkeypatch):
    record, _ = rami_records.talon_emptied()
    drawn = [{"seat": 0, "act": "draw", "from": "talon"}]
    draw_first = replayed(capsys, tmp_path, monkeypatch, rami_records.record(actions=record["actions"] + drawn),
                          "--lang", "es")[2]
    too_soon = replayed(capsys, tmp_path, monkeypatch,
                        rami_records.record(actions=[{"act": "reshuffle", "talon": ["2H"]}]), "--lang", "es")[2]
    assert draw_first.startswith("ramsli: Al asiento ") and draw_first.endswith(
        ": el mazo está vacío: primero hay que barajar el descarte para hacer un mazo nuevo.\n")
    assert too_soon == "ramsli: El mazo no está vacío: no hay nada que barajar.\n"


def test_a_saved_game_that_no_longer_replays_is_said_in_the_readers_language():
    with pytest.raises(ReplayError) as raised:
        Table.for_spec(spec_for(seed=8), actions=["AS"])
    assert str(raised.value).startswith("action 1 (AS) no longer replays: ")
    use_language("de")
    assert error_said(raised.value).startswith("Aktion 1 (AS) lässt sich nicht mehr nachspielen: ")


@pytest.mark.parametrize("args", [
    ("simulate", "--hands", "2"), ("tournament", "--deals", "1", "--players", "3"),
    ("simulate", "--game", "rami", "--hands", "2", "--players", "2"),
])
def test_the_reports_of_simulate_and_tournament_are_said_and_their_json_stays_english(capsys, args):
    assert main(["--lang", "qps", *args]) == 0
    report = capsys.readouterr().out
    assert escaped(report.replace("%", " ")) == [], report
    assert main(["--lang", "qps", *args, "--json"]) == 0
    assert "⟦" not in capsys.readouterr().out, "--json is for programs: English"


def test_a_simulation_is_reported_in_german():
    from ramsli_tui.games.ramsli.simulate import summary_text

    summary = {"hands_played": 12, "ruleset": "classic", "players": 3, "seed": 0, "sessions": 1,
               "bots": ["random"] * 3, "pots_won": [4, 4, 4], "betes": [1, 0, 2], "net_chips": [3, -1, -2],
               "chips_conserved": True}
    use_language("de")
    lines = summary_text(summary).splitlines()
    assert lines[0] == "12 Runden classic mit 3 Spielern (Seed 0, 1 Partie(n))"
    assert lines[1].split() == ["Platz", "Spieler", "Pötte", "Beten", "Chips"]
    assert lines[-1] == "Chips in jeder Runde erhalten: ja"


ENGLISH_PLACEHOLDERS = ("COMMAND", "ACTION", "NAME", "STRENGTHS", "BOT_DELAY", "CHIPS", "HOST", "PORT", "DIR", "FILE")


@pytest.mark.parametrize("args", [
    ("--help",), ("play", "--help"), ("replay", "--help"), ("rules", "--help"), ("rules", "show", "--help"),
    ("rules", "check", "--help"), ("simulate", "--help"), ("tournament", "--help"), ("serve", "--help"),
    ("history", "--help"), ("history", "export", "--help"),
])
def test_no_placeholder_of_help_is_left_in_english(capsys, args):
    with pytest.raises(SystemExit):
        main(["--lang", "qps", *args])
    shown = capsys.readouterr().out
    words = set(re.findall(r"\b[A-Z_]{2,}\b|(?<![-\w])(?:file|files|ruleset)\b", shown.split("\n\n")[0]))
    assert not words & {*ENGLISH_PLACEHOLDERS, "file", "files", "ruleset"}, shown


def test_the_placeholders_of_help_read_in_french(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "play", "--help"])
    usage = capsys.readouterr().out.split("\n\n")[0]
    for placeholder in ("--ruleset NOM", "--bots FORCES", "--name NOM", "--bot-delay SECONDES", "--chips JETONS",
                        "--players N", "--seed S", "--lang CODE"):
        assert placeholder in usage, usage



# --- `ramsli history export`: the hands it cannot print ----------------------------------------

# The JSON reader's own words, which a record that is not JSON passes on as they are.
NOT_OURS = {"not JSON"}


def history_refused(capsys, folder, code: str) -> str:
    """What ``ramsli --lang CODE history export --data FOLDER`` says, one line on standard error."""
    status = main(["--lang", code, "history", "export", "--data", str(folder)])
    out, err = capsys.readouterr()
    assert (status, out, err.count("\n")) == (2, "", 1), err
    return err.replace(str(folder), "DATA")


@pytest.mark.parametrize("case", [case for case in UNPRINTABLE if case not in NOT_OURS])
def test_every_kept_hand_history_cannot_print_is_said_in_the_pseudo_language(capsys, tmp_path, case):
    game, record, _ = UNPRINTABLE[case]
    history_of(tmp_path, [("ramsli", GOOD_KEPT), (game, record)])
    told = history_refused(capsys, tmp_path, "qps")
    assert escaped(told.replace("DATA/history.sqlite3", " ")) == [], told


def test_a_missing_history_is_said_in_french_and_a_bad_hand_in_german(capsys, tmp_path):
    assert history_refused(capsys, tmp_path, "fr") == (
        "ramsli: DATA/history.sqlite3: il n’y a pas d’historique des manches ici "
        "(ramsli serve le garde dans son dossier de données, l’application dans le vôtre)\n")
    history_of(tmp_path, [("ramsli", "[1, 2, 3]")])
    assert history_refused(capsys, tmp_path, "de") == (
        "ramsli: DATA/history.sqlite3: Tisch 1, Runde 1: ihre Aufzeichnung ist eine Liste, "
        "keine Zuordnung von Schlüsseln zu Werten\n")


def wrong_talons():
    """A hand whose talon ran out, and new talons its reshuffle refuses: one lacking a card,
    one with a card too many, one with both."""
    _, hand = rami_records.talon_emptied()
    under = hand.under_the_top()
    extra = next(card for card in under if card != under[0])  # one more of it, and the first one less
    return hand, {"lacking": under[1:], "extra": [*under, extra], "both": [*under[1:], extra]}


def test_the_refusals_only_a_record_meets_are_in_english_the_engines_own_words():
    from ramsli_tui.games.rami.engine import Action, IllegalAction
    from ramsli_tui.games.rami.engine.actions import Refusal
    from ramsli_tui.ui.rami.refusals import RECORD_ONLY

    assert all(RECORD_ONLY[message] == Refusal.TEMPLATES[message] for message in RECORD_ONLY if isinstance(message, str))
    hand, talons = wrong_talons()
    for shape, talon in talons.items():
        with pytest.raises(IllegalAction) as refused:
            hand.apply(Action.reshuffle(talon))
        assert refused.value.said_in(RECORD_ONLY["reshuffle_cards", shape]) == str(refused.value), shape


def test_a_reshuffle_of_the_wrong_cards_is_said_in_german(capsys, tmp_path, monkeypatch):
    record, _ = rami_records.talon_emptied()
    hand, talons = wrong_talons()
    reshuffle = {"act": "reshuffle", "talon": [card.code for card in talons["lacking"]][::-1]}
    told = replayed(capsys, tmp_path, monkeypatch, rami_records.record(actions=record["actions"] + [reshuffle]),
                    "--lang", "de")[2]
    lacking = hand.under_the_top()[0].code
    assert told == (f"ramsli: Der neue Talon muss die Ablage ohne ihre oberste Karte sein "
                    f"({len(hand.under_the_top())} Karten): es fehlt {lacking}.\n")
