"""Every problem of a file people write by hand (a ruleset of either game, a theme, the
settings, a saved game) is a whole sentence said in the reader's language: in the
pseudo-language nothing of it is left unmarked but the file's own words (its path, keys
and values, which the person must type as they are) and the YAML reader's own English;
``ramsli rules check`` says it in French, German and Spanish, and ``--json`` keeps it
English for programs."""

from __future__ import annotations

import json
import os

import pytest

from ramsli_tui import cli
from ramsli_tui.games import game_named
from ramsli_tui.games.rami import house_rules as rami_rules
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.languages import PSEUDO, use_language
from ramsli_tui.languages.pseudo import LETTERS, unmarked_words
from ramsli_tui.languages.words import error_said
from ramsli_tui.net.hub import HubRefusal
from ramsli_tui.storage import SavedGame, Storage, StorageError, shown_path
from ramsli_tui.table.table import ReplayError, Table
from ramsli_tui.ui.themes import ThemeError, load_theme, load_themes
from ramsli_tui.yamlfile import FileProblem

from tests.games.rami.test_rulesets import MISTAKES as RAMI_MISTAKES
from tests.games.ramsli.rules.test_ruleset_bad_input import BAD_RULESETS, BILLION_LAUGHS
from tests.storage.test_saves_never_crash import FOUND_BY_FUZZING, READ_BUT_NOT_REBUILT
from tests.test_yaml_tags import MISFITS
from tests.ui.test_theme_bad_input import BAD_THEMES

# Words that are not the file's and not translated, on purpose: the YAML reader's own
# English in "this is not valid YAML (…)", and the full name of a tag that is not YAML's.
LIBRARY_WORDS = {"but", "found", "another", "document", "expected", "or", "got", "stream", "end", "tag", "yaml", "org"}

MORE_RULESETS = [  # shapes the lists of the other tests leave out
    "extends: nowhere\n", "extends: 3\n", "extends: /etc/passwd.yaml\n", "extends: ../up.yaml\n",
    "extends: notes.txt/x\n", "extends: missing.yaml\n", "- ante\n", "bete: lots\n", "jokers: 3\n",
    "deck: tarot\n", "on_bust: never\n", "players: {min: 1}\n", "players: 4\n", "packets: [4, 4]\n",
    "nap_bonus: 3\n", "nap_bonus: {7: 1}\n", "nap_penalty: {3: -1}\n", "target: 0\n", "ante: -1\n",
    "starting_chips: 0\n", "bete_multiplier: x\n", "name: [1]\n", "nap: true\ngeneral_rams: true\n",
    "ante: 1\nante: 2\n", "description: " + "a " * 10 + "\n" + "x: 1\n" * 30, "a: *b\n",
    "x" * 1_100_000,
] + [f"ante: {tagged}\n" for tagged in MISFITS]


def beyond_the_file(said: str, *own: str) -> list[str]:
    """The words of ``said`` left unmarked in the pseudo-language that are not the words
    of ``own`` (the file's path and text) nor the YAML reader's."""
    allowed = set(LETTERS.findall(" ".join(own))) | LIBRARY_WORDS
    return [word for word in unmarked_words(said) if word not in allowed]


def write(folder, text: str, name: str = "bad.yaml"):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text", [text for text, _ in BAD_RULESETS] + MORE_RULESETS)
def test_every_problem_of_a_ramsli_ruleset_is_said_in_the_readers_language(tmp_path, text):
    (tmp_path / "notes.txt").mkdir()
    path = write(tmp_path, text)
    with pytest.raises(FileProblem) as raised:
        house_rules.load_file(path)
    use_language(PSEUDO)
    for said in [raised.value.said(), *raised.value.said_problems()]:
        assert beyond_the_file(said, str(path), text, "classic wild nap-night rounce short") == [], said


@pytest.mark.parametrize("text", [text for text, _ in RAMI_MISTAKES.values()] + [
    "game: rami\nlosing_total: {2: 0}\n", "game: rami\nextends: 5\n", "game: rami\n" + "x: 1\n" * 25,
])
def test_every_problem_of_a_rami_ruleset_is_said_in_the_readers_language(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(FileProblem) as raised:
        rami_rules.load_file(path)
    use_language(PSEUDO)
    for said in [raised.value.said(), *raised.value.said_problems()]:
        assert beyond_the_file(said, str(path), text, "simple short long") == [], said


@pytest.mark.parametrize("text", [text for text, _ in BAD_THEMES] + ["", "- a\n", "dark: true\n",
                                                                     "primary: '#123456'\nvariables: 3\n",
                                                                     "primary: '#123456'\ncolor: red\n"])
def test_every_problem_of_a_theme_is_said_in_the_readers_language(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(ThemeError) as raised:
        load_theme(path)
    use_language(PSEUDO)
    assert beyond_the_file(raised.value.said(), str(path), text) == [], raised.value.said()


def test_the_themes_that_do_not_load_are_told_in_the_readers_language(tmp_path):
    (tmp_path / "odd.yaml").write_text("primary: '#123456'\ndark: maybe\n", encoding="utf-8")
    (tmp_path / "twice.yaml").write_text("primary: '#123456'\nprimary: '#654321'\n", encoding="utf-8")
    use_language("de")
    themes, problems = load_themes(tmp_path)
    assert problems == [f"{tmp_path / 'odd.yaml'}:2: dark muss true oder false sein, nicht 'maybe'",
                        f"{tmp_path / 'twice.yaml'}:2: 'primary' steht zweimal da"]


@pytest.mark.parametrize("kind, french", [
    ("folder", ": c’est un dossier, pas un fichier ordinaire"),
    ("FIFO", ": c’est une FIFO (un tube nommé), pas un fichier ordinaire"),
    ("not text", ":2: ce n’est pas un fichier texte (UTF-8)"),
])
def test_a_file_that_is_not_a_text_file_is_said_so_in_the_readers_language(tmp_path, kind, french):
    path = tmp_path / "odd.yaml"
    if kind == "folder":
        path.mkdir()
    elif kind == "FIFO":
        os.mkfifo(path)
    else:
        path.write_bytes(b"ante: 1\n\xff\xfe: 2\n")
    with pytest.raises(FileProblem) as raised:
        house_rules.load_file(path)
    use_language(PSEUDO)
    assert beyond_the_file(raised.value.said(), str(path)) == []
    assert raised.value.words().said_in("fr") == f"{path}{french}"


SAVES = {**FOUND_BY_FUZZING, **READ_BUT_NOT_REBUILT}


@pytest.mark.parametrize("name", SAVES)
def test_why_a_saved_game_is_set_aside_is_said_in_the_readers_language(name):
    """As the app does: a save that does not read is set aside when read, one that reads
    but does not rebuild when it is sat at; either way the person is told why."""
    use_language(PSEUDO)
    try:
        saved = SavedGame.from_json(SAVES[name])
        Table.for_spec(saved.spec, actions=saved.actions, results_read=saved.results_read)
    except (ReplayError, FileProblem, ValueError) as error:
        why = error_said(error)
    else:
        pytest.skip("this save is sat at")
    assert beyond_the_file(why, SAVES[name]) == [], why


def test_a_saved_game_set_aside_is_told_in_french_with_why(tmp_path):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    path = storage.saves_dir / "session.json"
    path.parent.mkdir(parents=True)
    path.write_text(SAVES["a key missing"], encoding="utf-8")
    use_language("fr")
    with pytest.raises(StorageError) as raised:
        storage.load_game(path)
    assert str(raised.value).startswith("Votre partie sauvegardée n’a pas pu être lue («\u00a0actions\u00a0» y manque ou est faux)\u00a0;")


def test_a_broken_setting_and_a_settings_file_that_is_not_one_are_said_in_the_readers_language(tmp_path):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text("turn_alert: !!int two\n", encoding="utf-8")
    use_language("es")
    where = shown_path(storage.settings_path)
    assert storage.read_settings()[1] == [
        f"{where}:1: turn_alert: !!int no encaja con 'two': escribe el valor sin la etiqueta; se usa el valor por defecto"]
    storage.settings_path.write_text("- a list\n", encoding="utf-8")
    use_language("de")
    with pytest.raises(StorageError) as raised:
        storage.read_settings()
    assert "(sie ordnet keinen Einstellungen Werte zu)" in str(raised.value)


def test_the_players_a_ruleset_allows_and_the_starting_chips_are_said_in_the_readers_language():
    use_language(PSEUDO)
    for check in (lambda: house_rules.load("classic").check_players(9), lambda: rami_rules.load("simple").check_players(3),
                  lambda: game_named("ramsli").load_rules("classic", 0)):
        with pytest.raises(ValueError) as raised:
            check()
        assert beyond_the_file(error_said(raised.value), "classic Rami Simple") == [], error_said(raised.value)
    with pytest.raises(ValueError) as raised:
        house_rules.load("classic").check_players(9)
    refusal = HubRefusal.passed_on(raised.value)
    assert refusal.words.said_in("es") == "el reglamento classic es para 3 a 6 jugadores, no para 9"
    assert str(refusal) == "the classic rules are for 3 to 6 players, not 9"


@pytest.mark.parametrize("code, lines", [
    ("fr", [":1: bete doit être un nombre de jetons ou «\u00a0pot\u00a0», pas 'lots'",
            ":2: clé inconnue 'antee' (vouliez-vous dire «\u00a0ante\u00a0»\u00a0?)",
            ":3: players doit respecter 2 <= min <= max <= 6, pas {max: 9, min: 1}"]),
    ("de", [":1: bete muss eine Zahl von Chips oder „pot“ sein, nicht 'lots'",
            ":2: unbekannter Schlüssel 'antee' (meintest du „ante“?)",
            ":3: für players muss 2 <= min <= max <= 6 gelten, nicht {max: 9, min: 1}"]),
    ("es", [":1: bete debe ser un número de fichas o «pot», no 'lots'",
            ":2: clave desconocida 'antee' (¿quisiste decir «ante»?)",
            ":3: players debe cumplir 2 <= min <= max <= 6, no {max: 9, min: 1}"]),
])
def test_rules_check_tells_each_problem_as_a_player_of_that_language_reads_it(tmp_path, capsys, code, lines):
    path = write(tmp_path, "bete: lots\nantee: 2\nplayers: {min: 1, max: 9}\n")
    assert cli.main(["--lang", code, "rules", "check", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"{path}{line}" for line in lines]


@pytest.mark.parametrize("code, line", [
    ("fr", ":1: extends\u00a0: règles de Rami inconnues 'simpel' (vouliez-vous dire «\u00a0simple\u00a0»\u00a0?)\u00a0; règles de Rami connues\u00a0: "),
    ("de", ":1: extends: unbekanntes Rami-Regelwerk 'simpel' (meintest du „simple“?); bekannte Rami-Regelwerke: "),
    ("es", ":1: extends: reglamento de Rami desconocido 'simpel' (¿quisiste decir «simple»?); reglamentos de Rami conocidos: "),
])
def test_a_rami_ruleset_extending_an_unknown_one_is_told_in_that_language(tmp_path, capsys, code, line):
    path = write(tmp_path, "extends: simpel\ngame: rami\n")
    assert cli.main(["--lang", code, "rules", "check", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"{path}{line}")


def test_a_folder_given_to_rules_check_is_told_in_german_and_replay_json_keeps_it_english(tmp_path, capsys):
    assert cli.main(["--lang", "de", "rules", "check", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == f"{tmp_path}: ist ein Ordner, keine gewöhnliche Datei"
    assert cli.main(["--lang", "fr", "replay", "--json", str(tmp_path)]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["message"] == f"{tmp_path}: is a folder, not a regular file"


def test_an_alias_bomb_is_told_in_spanish(tmp_path, capsys):
    path = write(tmp_path, "description: x\n" + BILLION_LAUGHS.replace("a: &a", "name: &a"))
    assert cli.main(["--lang", "es", "rules", "check", str(path)]) == 2
    assert capsys.readouterr().err.strip() == \
        f"{path}:3: los alias de YAML (*a) no se leen aquí: escribe el valor entero"


async def test_setup_tells_why_a_players_own_ruleset_cannot_be_used_in_their_language(tmp_path, monkeypatch):
    from textual.widgets import Static

    from ramsli_tui.ui.common.setup import SetupScreen
    from tests.kits.ui import make_app

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    own = tmp_path / "xdg" / "ramsli" / "rulesets"
    own.mkdir(parents=True)
    (own / "mine.yaml").write_text("bete: lots\n", encoding="utf-8")
    use_language("de")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.show_ruleset("mine")
        await pilot.pause()
        shown = str(app.screen.query_one("#description", Static).render())
    assert shown == ("Dieses Regelwerk ist nicht verwendbar:\n"
                     f"{own / 'mine.yaml'}:1: bete muss eine Zahl von Chips oder „pot“ sein, nicht 'lots'"), shown
