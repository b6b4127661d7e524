"""Rami Simple's own face in every language: its table, its hand's result, its score sheet
and its log say nothing that escaped the catalogue (run in the pseudo-language), and its
refusals reach the player as whole sentences in French, German and Spanish while the
engine's English stays the same for records and the wire."""

from __future__ import annotations

import pytest

from ramsli_tui.cards import Card
from ramsli_tui.games.rami.engine import Refusal
from ramsli_tui.games.rami.engine.actions import Refusal as EngineRefusal
from ramsli_tui.games.rami.engine.hand import NO_TOURNANTE_AFTER_FIRST_ROUND, NO_TOURNANTE_THIS_HAND
from ramsli_tui.languages import PSEUDO, SOURCE, use_language
from ramsli_tui.languages.pseudo import unmarked_words
from tests.kits.drivers import play_rami_until, settle
from tests.kits.scenes import NAMES
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.ui.rami.refusals import SENTENCES, said_to_you

from tests.kits.ui import make_app

NOT_A_PERSONS = frozenset({"reshuffle_first", "no_reshuffle", "reshuffle_has_no_seat", "reshuffle_cards"})
# What may stand outside the marks on Rami's own widgets: the players' names, the game's
# name and its ruleset's in the title, the jokers' printed face, and the keys named on the
# piles ("Talon 42 (p)").
NAMES_AND_FACES = frozenset({*NAMES, "Rami", "simple", "JOKER", "p", "j", "r"})


@pytest.fixture
def in_language():
    """Switch the process's language for a test, and English again after it."""
    yield use_language
    use_language(SOURCE)


def spec(players: int = 2, seed: int = 1) -> GameSpec:
    return GameSpec.one_person("rami", "simple", seed, NAMES[:players], ["normal"] * (players - 1))


def escaped(*texts: object) -> list[str]:
    """The words of ``texts`` outside every mark, less the names and faces allowed."""
    return [word for text in texts for word in unmarked_words(str(text)) if word not in NAMES_AND_FACES]


def table_texts(table) -> list[object]:
    """What Rami's own widgets of the table show: the piles, the seats, the lines under the
    piles, the banner, the buttons, the log beside the table and the title."""
    from textual.widgets import Button, Label, Static

    from ramsli_tui.ui.rami.game_log import RamiLog
    from ramsli_tui.ui.rami.piles import Pile
    from ramsli_tui.ui.rami.seat import RamiSeat

    return [*(label.render() for pile in table.query(Pile) for label in pile.query(Label)),
            *(seat.render() for seat in table.query(RamiSeat)),
            table.query_one("#said", Static).render(), table.query_one("#banner").render(),
            *(button.label for button in table.query(Button)), *table.query_one(RamiLog).lines(),
            table.query_one("#title", Label).render()]


def jetee_offered(app) -> bool:
    return app.client.view.my_turn and any(action.kind == "draw" and action.source == "jetee"
                                           for action in app.client.view.legal)


# --- the refusals ------------------------------------------------------------------------------

def sample(key) -> Refusal:
    """A refusal of the engine for each sentence, its parameters filled in."""
    message, told = (key, None) if isinstance(key, str) else key
    parameters = {"turn": 1, "taker": 1, "card": Card.from_code("7H"), "count": 12}
    if message == "no_tournante":
        parameters["why"] = told
    if message == "needs_suivi_and_tria":
        parameters["missing"] = told
    cards = tuple(Card.from_code(code) for code in ("JS", "JH", "JS"))
    return Refusal(0, message, cards, **parameters)


def test_every_refusal_a_person_can_meet_has_its_sentence_and_none_for_a_record_only():
    said = {key if isinstance(key, str) else key[0] for key in SENTENCES}
    assert said == set(EngineRefusal.TEMPLATES) - NOT_A_PERSONS
    assert ("no_tournante", NO_TOURNANTE_AFTER_FIRST_ROUND) in SENTENCES
    assert ("no_tournante", NO_TOURNANTE_THIS_HAND) in SENTENCES


@pytest.mark.parametrize("key", list(SENTENCES), ids=str)
def test_each_sentence_says_in_english_exactly_what_the_engine_says_to_you(key):
    refusal = sample(key)
    assert said_to_you(refusal, "german", ("Mia", "Anna")) == refusal.for_you("german", ("Mia", "Anna"))


def test_a_refusal_is_said_in_the_persons_language_and_stays_english_for_records_and_the_wire(in_language):
    in_language("fr")
    refusal = Refusal(1, "tournante_taken", taker=0)
    assert said_to_you(refusal, "french", ("Mia", "Anna")) == "vous ne pouvez pas prendre la tournante\u00a0: Mia l’a déjà prise"
    assert refusal.for_you(names=("Mia", "Anna")) == "you cannot take the tournante: Mia took it"
    assert str(refusal) == "seat 1 cannot take the tournante: seat 0 took it"
    assert refusal.for_you_in_codes() == "you cannot take the tournante: seat 0 took it"


def test_the_engine_reads_no_catalogue():
    """Rami's engine imports no language module (its package's records and replay text
    may: they speak to people): the words a person reads are the interface's."""
    from tests.test_architecture import GRAPH

    engine = [module for module in GRAPH if module.startswith("ramsli_tui.games.rami.engine")]
    assert engine and not [(module, used) for module in engine for used in GRAPH[module]
                           if used.startswith("ramsli_tui.languages")]


# --- the screens in the pseudo-language ---------------------------------------------------------

async def test_the_rami_table_and_a_refusal_say_nothing_that_escaped_the_catalogue(tmp_path, in_language):
    from ramsli_tui.ui.rami.table import RamiTableScreen

    in_language(PSEUDO)
    app = make_app(tmp_path, spec(4, seed=2))
    async with app.run_test(size=(140, 40)) as pilot:
        await play_rami_until(pilot, jetee_offered)
        table = next(screen for screen in app.screen_stack if isinstance(screen, RamiTableScreen))
        assert escaped(*table_texts(table)) == []
        await pilot.press("j")
        await settle(pilot)
        await pilot.press("d")  # the card just taken from the jetée: refused
        banner = str(table.query_one("#banner").render())
        assert banner.startswith("✗ ⟦") and escaped(banner) == []
        await pilot.press("m")
        assert escaped(*table_texts(table)) == []


async def test_a_hands_result_the_score_sheet_and_the_log_say_nothing_that_escaped(tmp_path, in_language):
    from textual.widgets import Button, Label, Static

    from ramsli_tui.ui.rami.round_over import RoundOverScreen

    in_language(PSEUDO)
    app = make_app(tmp_path, spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, lambda app: isinstance(app.screen, RoundOverScreen))
        result = app.screen
        shown = [result.query_one(".box").border_title, *(static.render() for static in result.query(Static)),
                 result.query_one(Button).label]
        assert escaped(*shown) == []
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        sheet = app.screen
        assert escaped(sheet.query_one(".box").border_title, *(static.render() for static in sheet.query(Static))) == []
        await pilot.press("escape")
        await pilot.press("h")
        await pilot.pause()
        log = app.screen
        assert escaped(log.query_one("#heading", Label).render(), log.query_one("#seen").render(),
                       log.query_one("#lines").render()) == []


# --- a player reads it --------------------------------------------------------------------------

REFUSED = {
    "fr": "✗ Vous ne pouvez pas rejeter {card} dans le même tour\u00a0: vous venez de la prendre sur la jetée.",
    "de": "✗ Du darfst {card} in diesem Zug nicht abwerfen: du hast die Karte von der Ablage genommen.",
    "es": "✗ No puedes descartar {card} en este turno: la has tomado del descarte.",
}
DRAW_FROM = {
    "fr": "▶ À vous\u00a0: piochez au talon (p) ou prenez sur la jetée (j).",
    "de": "▶ Du bist dran: zieh vom Talon (p) oder von der Ablage (j).",
    "es": "▶ Te toca: roba del mazo (p) o del descarte (j).",
}


@pytest.mark.parametrize("code", ["fr", "de", "es"])
async def test_a_player_reads_the_turn_and_a_refusal_in_their_own_language(tmp_path, in_language, code):
    from ramsli_tui.ui.rami.table import RamiTableScreen

    in_language(code)
    app = make_app(tmp_path, spec(2, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_rami_until(pilot, lambda app: jetee_offered(app) and not app.client.view.tournante)
        table = next(screen for screen in app.screen_stack if isinstance(screen, RamiTableScreen))
        assert str(table.query_one("#banner").render()) == DRAW_FROM[code]
        await pilot.press("j")
        await settle(pilot)
        taken = app.client.view.taken_from_jetee
        await pilot.press("d")
        assert str(table.query_one("#banner").render()) == REFUSED[code].format(card=taken.label())


# --- the rules help -----------------------------------------------------------------------------

def game_rules_only(markdown: str, rules) -> str:
    """The rules help less the ruleset's own lines (its description and house rules, which
    the ruleset's module words)."""
    theirs = {rules.description, *(f"- {line}" for line in rules.house_rules())}
    return "\n\n".join(part for part in markdown.split("\n\n") if part not in theirs)


def test_the_rules_help_says_nothing_that_escaped_the_catalogue(in_language):
    from ramsli_tui.games.rami import RAMI
    from ramsli_tui.ui.rami.rules_help import rules_markdown

    in_language(PSEUDO)
    rules = RAMI.load_rules("simple")
    assert escaped(game_rules_only(rules_markdown(rules), rules)) == []


@pytest.mark.parametrize("code, words", [
    ("fr", ("un **Suivi**", "une **Tria**", "la **tournante**", "la **jetée**", "100 points")),
    ("de", ("eine **Folge**", "ein **Satz**", "die **Tournante**", "die **Ablage**", "100 Punkte")),
    ("es", ("una **escalera**", "un **trío**", "la **tournante**", "al **descarte**", "100 puntos")),
], ids=["fr", "de", "es"])
def test_the_rules_help_is_written_in_the_terms_of_each_languages_players(in_language, code, words):
    from ramsli_tui.games.rami import RAMI
    from ramsli_tui.ui.rami.rules_help import rules_markdown

    in_language(code)
    markdown = rules_markdown(RAMI.load_rules("simple")).lower()
    assert all(word.lower() in markdown for word in words), [word for word in words if word.lower() not in markdown]


# --- the layout holds -----------------------------------------------------------------------------

@pytest.mark.parametrize("code", ["en", "fr", "de", "es"])
async def test_the_buttons_under_the_hand_fit_the_smallest_window_in_every_language(tmp_path, in_language, code):
    from textual.widgets import Button

    from ramsli_tui.ui.rami.table import RamiTableScreen

    in_language(code)
    app = make_app(tmp_path, spec(2, seed=1))
    async with app.run_test(size=RamiTableScreen.SMALLEST) as pilot:
        await settle(pilot)
        width = RamiTableScreen.SMALLEST[0]
        buttons = sorted((button.region for button in app.screen.query("#buttons Button")), key=lambda region: region.x)
        assert len(buttons) == 6 and all(region.right <= width for region in buttons), [str(b) for b in buttons]
        assert all(left.right <= right.x for left, right in zip(buttons, buttons[1:])), "none overlaps the next"
