"""The hint (what the normal player would do, and why) in every language: at both games,
over many positions, said in the pseudo-language with every word marked but the cards'
faces and numbers; as a French, German and Spanish player reads it; within the room a
hint has with the longest card names of each language; and on the table in French."""

from __future__ import annotations

import itertools
import textwrap

import pytest
from babel.messages.pofile import read_po
from rich.cells import cell_len

from ramsli_tui.cards import ALL_CARDS, Card
from ramsli_tui.games import game_named
from ramsli_tui.games.rami import RAMI
from ramsli_tui.games.rami.bots import advice as rami_advice
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import advice as ramsli_advice
from ramsli_tui.games.ramsli.bots.reasons import Reason, Why
from ramsli_tui.games.ramsli.engine import IN
from ramsli_tui.languages import LANGUAGES, PSEUDO, _, ngettext, pgettext, use_language
from ramsli_tui.languages import catalogue
from ramsli_tui.languages.pseudo import unmarked_words
from ramsli_tui.ui.common.table_base import TableScreenBase
from ramsli_tui.ui.rami.words import RamiWords
from ramsli_tui.ui.widgets.banner import TurnBanner

from tests.games.rami.bots.kit import decisions, lineup, session
from tests.games.rami.bots.test_normal import seat_0_to_draw
from tests.games.ramsli.bots.test_advice import advice_at
from tests.kits.bots import bundled_rulesets, random_positions
from tests.kits.tables import kit_for
from tests.kits.ui import make_app

FACES = ("french", "german")
HINT_COLUMNS = 80  # a Ramsli hint is one line of an 80-column terminal
BANNER_COLUMNS, BANNER_LINES = 78, 2  # a Rami hint wraps on the banner: 80 columns less its padding
TWO_OF_A_KIND = ["AH AD 7C 8C 9D", "8H 9H TH JH QH", "KC QC JC TC 7D", "KD 9C TD JD QD"]


def card_faces(faces: str):
    """How the table names a card in ``faces``, in the language spoken."""
    return lambda card: card.label(faces)


def escaped(text: str) -> list[str]:
    """The words of a hint outside the pseudo-language's marks, but for the cards' corner
    letters (K♠, Q♥), which are the faces' and not words."""
    letters = set(pgettext("card letters", "JQKA").strip("⟦⟧"))
    return [word for word in unmarked_words(text) if word not in letters]


def longest_card_name() -> str:
    """The longest name a card has in the language spoken, in either face ("Unter de Schellen")."""
    return max((card.label(faces) for card in ALL_CARDS for faces in FACES), key=cell_len)


def template():
    """The catalogue's template: every text marked in the code."""
    with open(catalogue.CHECKOUT / catalogue.TEMPLATE, encoding="utf-8") as file:
        return [message for message in read_po(file) if message.id]


def rami_hints(**values: str) -> list[str]:
    """Every sentence of a Rami hint, in the language spoken, filled in with ``values``;
    a count's forms for one and for four."""
    hints = []
    for message in template():
        if any(path.endswith("rami/bots/advice.py") for path, _line in message.locations):
            counted = [(ngettext(*message.id, count), count) for count in (1, 4)] if message.pluralizable \
                else [(_(message.id), 0)]
            hints += [text.format(count=count, **values) for text, count in counted]
    return hints


def every_why():
    """Every reason with cards and numbers it may name: each declaration with every mix
    of paths to a trick a hand of five may hold (side aces or top cards, high trumps,
    trump length; one path alone where few are in), the others with two cards and their
    largest numbers."""
    numbers = {"players_in": 5, "target": 4, "floor": 4}
    for reason in Reason:
        if "{assets}" not in reason.value:
            yield Why(reason, (Card.from_code("KD"), Card.from_code("JD")), {"aces": 0, "high_trumps": 0, "length": 0, **numbers})
            continue
        for side, aces, high, length in itertools.product(("AH AD AC", "KH KD KC QH QD"), range(6), range(6), (0, 1)):
            sides, paths = side.split(), aces + high + length
            if aces > len(sides) or aces + high > 5 - 2 * length or not paths or (
                    reason is Reason.ONE_CHANCE_FEW_IN and paths > 1):  # length takes two trumps, one not high
                continue
            cards = tuple(Card.from_code(code) for code in [*sides[:aces], *["KS", "QS", "JS", "TS", "9S"][:high]])
            yield Why(reason, cards, {"aces": aces, "high_trumps": high, "length": length, **numbers})


# --- every text in the catalogue, every word marked --------------------------------------------

def test_every_reason_and_every_path_to_a_trick_is_a_text_of_the_catalogue():
    ids = {message.id for message in template()}
    texts = [*(reason.value for reason in Reason), *ramsli_advice.ACES.values(), *ramsli_advice.TOP_CARDS.values(),
             *ramsli_advice.HIGH_TRUMPS.values(), ramsli_advice.TRUMP_LENGTH, *rami_advice.TAKE.values()]
    assert [text for text in texts if text not in ids] == []


@pytest.mark.parametrize("faces", FACES)
def test_a_ramsli_hint_in_the_pseudo_language_marks_every_word_but_the_cards_faces(faces):
    use_language(PSEUDO)
    said = set()
    for name in bundled_rulesets():
        for seed in range(6):
            for hand in random_positions(house_rules.load(name), seed):
                reason = ramsli_advice.advise(hand.view(hand.current_seat), hand.legal_actions(), card_faces(faces)).reason
                assert reason.startswith("⟦") and escaped(reason) == [], reason
                said.add(reason)
    for why in every_why():
        reason = ramsli_advice.reason_text(why, card_faces(faces))
        assert reason.startswith("⟦") and escaped(reason) == [], reason
    assert len(said) > 50, "many positions, many hints"


@pytest.mark.parametrize("players", [2, 4])
def test_a_rami_hint_in_the_pseudo_language_marks_every_word_but_the_cards_faces(players):
    use_language(PSEUDO)
    rules = set()
    for seed, faces in itertools.product(range(4), FACES):
        words = RamiWords(("Mia", "Anna", "Bertl", "Carlo")[:players], faces, 0)
        for _seat, view, legal, action in decisions(session(players, seed), lineup(["normal"], players), seed):
            reason = RAMI.advice(view, legal, words.card).reason
            assert reason.startswith("⟦") and escaped(reason) == [], reason
            rules.add(reason.split(" ")[0])
    assert len(rules) >= 3, "drawing, taking and throwing are all said"


# --- as a player reads it ----------------------------------------------------------------------

@pytest.mark.parametrize("code, lead, one_of_each, two_aces", [
    ("fr", "Atouts longs\u00a0: entamez R♠ et faites tomber les atouts adverses.",
     "Un as et un atout haut (A♥, R♠)\u00a0: entrez.", "Deux as (A♥, A♦)\u00a0: entrez."),
    ("de", "Viele Trümpfe: Spiel K♠ aus und zieh den anderen die Trümpfe.",
     "Ein Ass und ein hoher Trumpf (A♥, K♠): Geh rein.", "Zwei Asse (A♥, A♦): Geh rein."),
    ("es", "Muchos triunfos: sal con K♠ y arrastra los de los demás.",
     "Un as y un triunfo alto (A♥, K♠): entra.", "Dos ases (A♥, A♦): entra."),
])
def test_a_ramsli_hint_reads_as_a_player_of_the_language_says_it(code, lead, one_of_each, two_aces):
    use_language(code)
    leading = advice_at(["KS QS JS AH 7D", "8H 9H TH JH QH", "7C 8C 9C TC JC", "8D 9D TD JD QD"], "0:in 1:in 2:in 3:in")
    assert leading.reason == lead
    assert advice_at(["AH KS 7D 8D 9C", "8H 9H TH JH QH", "KC QC JC TC AC", "KD 9D TD JD QD"]) == (IN, one_of_each)
    assert advice_at(TWO_OF_A_KIND) == (IN, two_aces)


@pytest.mark.parametrize("code, take, one, two", [
    ("fr", "Prenez AH sur la jetée\u00a0: votre main se rapproche de la sortie (alors vous sortez).",
     "(il vous manque alors 1 carte)", "(il vous manque alors 2 cartes)"),
    ("de", "Nimm AH von der Ablage: Damit kommst du dem Auslegen näher (dann legst du aus).",
     "(dann fehlt dir 1 Karte)", "(dann fehlen dir 2 Karten)"),
    ("es", "Toma AH del descarte: te acerca a cerrar (entonces cierras).",
     "(entonces te falta 1 carta)", "(entonces te faltan 2 cartas)"),
])
def test_a_rami_hint_reads_as_a_player_of_the_language_says_it(code, take, one, two):
    use_language(code)
    hand = seat_0_to_draw("AH")
    assert RAMI.advice(hand.view(0), hand.legal_actions(), lambda card: card.code).reason == take
    assert f"({rami_advice.missing_words(1)})" == one and f"({rami_advice.missing_words(2)})" == two


# --- the room a hint has ------------------------------------------------------------------------

@pytest.mark.parametrize("code", LANGUAGES)
def test_every_ramsli_hint_fits_80_columns_with_the_longest_card_names(code):
    use_language(code)
    longest = longest_card_name()
    too_long = {text for why in every_why() if cell_len(text := ramsli_advice.reason_text(why, lambda card: longest)) > HINT_COLUMNS}
    assert sorted(too_long) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_rami_hint_fits_the_banner_with_the_longest_card_names(code):
    """A Rami hint is longer than a Ramsli one (the English too): with "Hint: " it wraps
    on the banner's lines at 80 columns, and takes two at most."""
    use_language(code)
    longest = longest_card_name()
    hints = [hint for then in (rami_advice.missing_words(0), rami_advice.missing_words(4))
             for hint in rami_hints(card=longest, other_card=longest, taken=longest, then=then)]
    assert len(hints) > 10
    too_long = [hint for hint in hints
                if len(textwrap.wrap("▶ " + _("Hint: {reason}").format(reason=hint), BANNER_COLUMNS)) > BANNER_LINES]
    assert too_long == []


# --- on the table --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["ramsli", "rami"])
async def test_the_hint_shows_in_french_on_the_table(tmp_path, game):
    kit = kit_for(game)
    use_language("fr")
    app = make_app(tmp_path, kit.spec())
    app.settings.hints = True
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.play_until(pilot, lambda app: app.client.view.my_turn and not app.client.result_unread)
        table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreenBase))
        view = app.client.view
        advice = game_named(game).advice(view, view.legal, table.words.card)
        await pilot.press("t")
        await pilot.pause()
        shown = str(table.query_one(TurnBanner).render())
        assert f"Conseil\u00a0: {advice.reason}" in shown
        use_language("en")
        english = game_named(game).advice(view, view.legal, table.words.card).reason
        assert english not in shown, "the hint is French, not English"
