"""The rulesets in words, in every language: each game's house rules (the bullets of the
setup and the rules help) and the bundled rulesets' descriptions come from the catalogue,
while a person's own ruleset's description is shown exactly as they wrote it, even
when it happens to read like a bundled one's; ``rules list`` says both so."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ramsli_tui.games.rami import house_rules as rami_rules
from ramsli_tui.games.ramsli import house_rules as ramsli_rules
from ramsli_tui.games.ramsli.house_rules import ChipsByTarget, PlayerLimits
from ramsli_tui.languages import PSEUDO, use_language
from ramsli_tui.languages.catalogue import TEMPLATE
from ramsli_tui.languages.pseudo import unmarked_words
from ramsli_tui.ui.rami.rules_help import rules_markdown as rami_markdown
from ramsli_tui.ui.ramsli.rules_help import rules_markdown as ramsli_markdown

from .test_cli_languages import escaped, home, run  # noqa: F401 - home is a fixture

RAMSLI_BUNDLED = sorted(ramsli_rules.available())
RAMI_BUNDLED = sorted(rami_rules.available())
CLASSIC = ramsli_rules.CLASSIC
# Every branch of Ramsli's house rules, beyond those the bundled rulesets take.
RAMSLI_VARIANTS = [
    replace(CLASSIC, deck="standard52", jokers=True, bete="pot", bete_multiplier=3, must_head=True,
            general_rams=True, general_rams_failure="triple_pot", on_bust="eliminate", max_hands=1, target=1),
    replace(CLASSIC, jokers=True, bete=1, bete_multiplier=2, dealer_forced=False, max_hands=2, starting_chips=1,
            nap=True, nap_bonus=ChipsByTarget({2: 1, 3: 3, 4: 4, 5: 10}), players=PlayerLimits(4, 4)),
]


@pytest.fixture
def pseudo_language():
    """The pseudo-language for one test (conftest.py speaks English again after it)."""
    use_language(PSEUDO)


def not_a_name(text: str, *names: str) -> list[str]:
    """The words of ``text`` outside the pseudo-language's marks, but the ``names`` (the
    ruleset's and the game's), which are shown as they are."""
    for name in names:
        text = text.replace(name, " ")
    return unmarked_words(text)


# --- the pseudo-language ----------------------------------------------------------------

@pytest.mark.parametrize("name", RAMSLI_BUNDLED)
def test_each_bundled_ramsli_rulesets_rules_help_is_marked_its_description_and_house_rules_too(pseudo_language, name):
    rules = ramsli_rules.load(name)
    assert not_a_name(ramsli_markdown(rules), rules.name, "Ramsli") == []


@pytest.mark.parametrize("name", RAMI_BUNDLED)
def test_each_bundled_rami_rulesets_rules_help_is_marked_its_description_and_house_rules_too(pseudo_language, name):
    rules = rami_rules.load(name)
    assert not_a_name(rami_markdown(rules), rules.name, "Rami Simple") == []


@pytest.mark.parametrize("rules", [*RAMSLI_VARIANTS, rami_rules.SIMPLE, CLASSIC], ids=lambda rules: rules.name)
def test_every_house_rule_and_the_base_rules_description_are_marked(pseudo_language, rules):
    from ramsli_tui.games.rulesets import said_description

    for line in [*rules.house_rules(), said_description(rules)]:
        assert line.startswith("⟦") and not_a_name(line) == [], line


def test_rules_list_is_marked_in_the_pseudo_language(home, capsys):  # noqa: F811 - the fixture
    status, out, err = run(capsys, "--lang", "qps", "rules", "list")
    assert status == 0 and not err
    names = {*RAMSLI_BUNDLED, *RAMI_BUNDLED}
    lines = out.splitlines()
    listed = [line.split(maxsplit=1) for line in lines if line.split(maxsplit=1)[:1] and line.split()[0] in names]
    assert sorted(name for name, _ in listed) == sorted(names)
    others = [line for line in lines if line.split()[:1] and line.split()[0] not in names]
    assert escaped("\n".join(description for _, description in listed)) == [], out
    assert escaped("\n".join(others)) == [], out


# --- a person's own rulesets -------------------------------------------------------------

def test_a_persons_own_ruleset_is_described_as_they_wrote_it_even_when_a_bundled_one_says_the_same(home, capsys):  # noqa: F811
    """Their own ``classic`` (which wins over the bundled one by name) and a Rami ruleset of
    theirs say a bundled ruleset's very words: those stay English in French, while the
    bundled rulesets' descriptions are French."""
    own = home / "config" / "ramsli" / "rulesets"
    (own / "rami").mkdir(parents=True)
    classic = ramsli_rules.load_file(ramsli_rules.bundled_dir() / "classic.yaml").description
    modern = ramsli_rules.load("modern-52").description
    (own / "classic.yaml").write_text(f"description: {classic}\n", encoding="utf-8")
    (own / "mine.yaml").write_text(f"description: {modern}\ndeck: standard52\n", encoding="utf-8")
    short = rami_rules.load("short").description
    (own / "rami" / "mine.yaml").write_text(f'game: rami\ndescription: "{short}"\n', encoding="utf-8")

    status, out, err = run(capsys, "--lang", "fr", "rules", "list")

    lines = {line.split(maxsplit=1)[0]: line for line in out.splitlines() if line and not line.startswith(" ")}
    assert status == 0 and not err
    assert lines["modern-52"].split(maxsplit=1)[1] == "Les règles classiques avec un jeu complet de 52 cartes."
    assert f"mine             {modern}  [" in out and f"classic          {classic}  [" in out
    assert f"mine             {short}  [" in out
    assert "rami/short.yaml" not in out and "Parties courtes\u00a0: 100 points à chaque perdant" in out


@pytest.mark.parametrize("language", ["fr", "de"])
def test_a_ruleset_read_from_a_path_is_described_as_written_in_the_rules_help(tmp_path, language):
    written = "Classic rules with a full 52-card deck."  # the bundled modern-52's very words
    path = tmp_path / "mine.yaml"
    path.write_text(f"description: {written}\nextends: modern-52\n", encoding="utf-8")
    use_language(language)
    help_text = ramsli_markdown(ramsli_rules.load(str(path)))
    assert help_text.split("\n\n")[1] == written
    assert ramsli_markdown(ramsli_rules.load("modern-52")).split("\n\n")[1] != written


# --- real sentences -------------------------------------------------------------------------

@pytest.mark.parametrize("language, one, two, rami_one, rami_two", [
    ("fr", "Joueurs\u00a0: de 3 à 6\u00a0; 1 jeton chacun", "Joueurs\u00a0: de 3 à 6\u00a0; 2 jetons chacun",
     "Chaque joueur du camp perdant marque 1 point, quelles que soient ses cartes",
     "Chaque joueur du camp perdant marque 2 points, quelles que soient ses cartes"),
    ("de", "Spieler: 3 bis 6; je 1 Chip", "Spieler: 3 bis 6; je 2 Chips",
     "Jeder Spieler der Verliererseite bekommt 1 Punkt, egal, was er auf der Hand hat",
     "Jeder Spieler der Verliererseite bekommt 2 Punkte, egal, was er auf der Hand hat"),
    ("es", "Jugadores: de 3 a 6; 1 ficha cada uno", "Jugadores: de 3 a 6; 2 fichas cada uno",
     "Cada jugador del bando perdedor se anota 1 punto, tenga lo que tenga",
     "Cada jugador del bando perdedor se anota 2 puntos, tenga lo que tenga"),
])
def test_a_house_rule_with_a_count_reads_as_a_player_of_the_language_says_it(language, one, two, rami_one, rami_two):
    use_language(language)
    assert replace(CLASSIC, starting_chips=1).house_rules()[1] == one
    assert replace(CLASSIC, starting_chips=2).house_rules()[1] == two
    assert replace(rami_rules.SIMPLE, points_per_loser=1).house_rules()[1] == rami_one
    assert replace(rami_rules.SIMPLE, points_per_loser=2).house_rules()[1] == rami_two


@pytest.mark.parametrize("language, bete, described", [
    ("fr", "Bete\u00a0: le pot", "Un joueur dedans qui ne fait aucun pli paie tout le pot comme bete."),
    ("de", "Bete: der Pott", "Wer rein ist und keinen Stich macht, zahlt den ganzen Pott als Bete."),
    ("es", "Bete: el bote", "Quien entra y no gana ninguna baza paga todo el bote como bete."),
])
def test_a_bundled_rulesets_description_and_house_rules_read_in_the_language(language, bete, described):
    use_language(language)
    parts = ramsli_markdown(ramsli_rules.load("bete-pot")).split("\n\n")
    assert parts[1] == described and f"- {bete}" in parts


def test_the_english_house_rules_say_one_chip_one_point_and_one_hand():
    assert replace(CLASSIC, starting_chips=1, max_hands=1).house_rules()[1] == "Players: 3 to 6; 1 chip each"
    assert replace(CLASSIC, max_hands=1).house_rules()[-1] == "At most 1 hand"
    assert replace(rami_rules.SIMPLE, points_per_loser=1).house_rules()[1] == \
        "Each player of the losing side gets 1 point, whatever they hold"


# --- the catalogue ------------------------------------------------------------------------------

def test_the_template_holds_each_bundled_rulesets_description_with_a_comment_naming_it():
    from babel.messages.pofile import read_po

    with TEMPLATE.open("rb") as template:
        catalogue = read_po(template)
    for folder, names, rules in (("rulesets", RAMSLI_BUNDLED, ramsli_rules), ("rulesets/rami", RAMI_BUNDLED, rami_rules)):
        for name in names:
            message = catalogue.get(rules.load(name).description)
            assert message is not None, name
            named = f"the bundled ruleset '{name}' ({folder}/{name}.yaml)"
            assert named in " ".join(message.auto_comments), message.auto_comments


# --- setup --------------------------------------------------------------------------------------

def about_the_ruleset(screen) -> tuple[str, str]:
    """What setup says of the ruleset chosen: its description, and its house rules."""
    from ramsli_tui.ui.widgets.bullets import Bullets

    return str(screen.query_one("#description").render()), "\n".join(screen.query_one("#house-rules", Bullets).points)


async def choose_ruleset(pilot, name: str) -> None:
    from textual.widgets import Select

    pilot.app.screen.query_one("#ruleset", Select).value = name
    await pilot.pause()


async def test_setup_says_each_bundled_rulesets_description_and_house_rules_in_marked_words(tmp_path, monkeypatch):
    from tests.kits.ui import make_app

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    use_language(PSEUDO)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for name in RAMSLI_BUNDLED:
            await choose_ruleset(pilot, name)
            description, bullets = about_the_ruleset(app.screen)
            assert description.startswith("⟦") and not_a_name(description) == [], name
            assert bullets.count("⟦") >= 5 and not_a_name(bullets) == [], name


async def test_setup_says_a_bundled_description_in_french_and_a_persons_own_as_they_wrote_it(tmp_path, monkeypatch):
    from tests.kits.ui import make_app

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    own = tmp_path / "config" / "ramsli" / "rulesets"
    own.mkdir(parents=True)
    (own / "mine.yaml").write_text("description: Classic rules with a full 52-card deck.\ndeck: standard52\n",
                                   encoding="utf-8")
    use_language("fr")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await choose_ruleset(pilot, "modern-52")
        description, bullets = about_the_ruleset(app.screen)
        assert description == "Les règles classiques avec un jeu complet de 52 cartes."
        assert bullets.splitlines()[0] == "Jeu\u00a0: 52 cartes (du 2 à l’as)"
        await choose_ruleset(pilot, "mine")
        description, bullets = about_the_ruleset(app.screen)
        assert description == "Classic rules with a full 52-card deck."
        assert bullets.splitlines()[0] == "Jeu\u00a0: 52 cartes (du 2 à l’as)"
