"""Ramsli's own words in every language: the bottom line, the log, the results, the
refusals, the rules help and the screens of the table, in the pseudo-language (every
word marked, but for names, card faces and numbers) and as a French, German or Spanish
player reads them."""

from __future__ import annotations

import pytest

from ramsli_tui.cards import BIG_JOKER, Card, Rank, Suit
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.engine import Phase
from ramsli_tui.games.ramsli.engine.actions import Refusal
from ramsli_tui.games.ramsli.engine.events import (
    Announced,
    CardPlayed,
    Declared,
    FirstDealerChosen,
    HandSettled,
    HandStarted,
    Passed,
    Payment,
    PlayStarted,
    SeatsLeft,
    SessionEnded,
    TrickWon,
    TrumpTurned,
)
from ramsli_tui.languages import PSEUDO, pgettext, use_language
from ramsli_tui.languages.pseudo import unmarked_words
from ramsli_tui.ui.ramsli.hand_summary import HandSummaryScreen, transfer_line, transfers
from ramsli_tui.ui.ramsli.rules_help import rules_markdown
from ramsli_tui.ui.ramsli.words import REFUSALS, RamsliWords
from ramsli_tui.ui.widgets.banner import TurnBanner

from tests.kits.ui import make_app, play_until, settle, spec_for, table_screen

NAMES = ("Mia", "Anna", "Bertl", "Carlo", "Dora", "Emil")
WORDS = RamsliWords(NAMES[:3])
KING, QUEEN = Card.of(Rank.KING, Suit.SPADES), Card.of(Rank.QUEEN, Suit.HEARTS)
# What is never translated: the players' names, the cards' rank letters (K♠, Q♥), the
# rulesets' names; and what other parts of the app say: the jokers' labels (cards.py)
# and the dealer's mark on a seat (widgets/seat.py)
NOT_TRANSLATED = {*NAMES, "A", "K", "Q", "J", "classic", "Big", "Little", "Joker", "D"}


def escaped(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-language's marks, but for what is never
    translated and the letters of the cards' faces as the language prints them."""
    letters = set(pgettext("card letters", "JQKA").strip("⟦⟧"))
    return [word for word in unmarked_words(text) if word not in NOT_TRANSLATED | letters]


def settled(outcome: str, winners: tuple[int, ...], payments: tuple[Payment, ...] = ()) -> HandSettled:
    return HandSettled(number=3, outcome=outcome, winners=winners, betes=(), payments=payments,
                       stacks=(20, 21, 19), changes=(0, 1, -1), pot=4)


EVENTS = [
    FirstDealerChosen(draws=(), dealer=0), FirstDealerChosen(draws=(), dealer=1),
    HandStarted(number=2, dealer=1, antes=(1, 1, 1), pot=3), TrumpTurned(card=QUEEN, set_aside=()),
    Declared(seat=0, playing=True, forced=False), Declared(seat=1, playing=False, forced=False),
    Declared(seat=2, playing=True, forced=True), Announced(seat=1, kind="general_rams"),
    Announced(seat=0, kind="nap", target=3), Passed(seat=2), PlayStarted(leader=1, active=(0, 1), pot=3),
    CardPlayed(seat=0, card=KING, trick=1), TrickWon(seat=2, trick=1, plays=((0, KING), (2, QUEEN))),
    SeatsLeft(seats=(0, 2)), SeatsLeft(seats=(1, 2)),
    settled("nobody", ()), settled("lone", (1,)), settled("general_rams_made", (0,)),
    settled("general_rams_failed", (1, 2)), settled("played", (0, 2)), settled("played", (1,)),
    SessionEnded(reason="target", winners=(0,), stacks=(30, 10, 5)),
    SessionEnded(reason="max_hands", winners=(1, 2), stacks=(5, 20, 20)),
]
PAYMENTS = [
    [Payment(None, 1, 3, "pot"), Payment(None, 2, 3, "pot")], [Payment(0, None, 5, "bete")],
    [Payment(1, None, 3, "bete", short=2)], [Payment(0, None, 0, "bete", short=5), Payment(2, None, 0, "bete", short=5)],
    [Payment(2, None, 15, "general_rams", short=3)], [Payment(1, 0, 10, "nap"), Payment(2, 0, 10, "nap")],
    [Payment(0, 1, 0, "nap", short=4)],
]


@pytest.fixture
def pseudo_language():
    """The pseudo-language for one test, English again after it."""
    use_language(PSEUDO)
    yield
    use_language("en")


def test_every_event_and_result_is_told_in_marked_words(pseudo_language):
    for words in (WORDS, WORDS.with_faces("german")):
        lines = [words.event(event) for event in EVENTS]
        lines += [words.led(1, KING, Suit.HEARTS), words.led(0, QUEEN, Suit.HEARTS), words.led(2, BIG_JOKER, Suit.HEARTS)]
        for payments in PAYMENTS:
            lines += [transfer_line(transfer, words, "asked", "general_rams_failed") for transfer in transfers(payments)]
        assert all(lines) and not escaped("\n".join(lines)), lines


def test_every_refusal_of_the_rules_is_a_marked_sentence_about_you_or_a_name(pseudo_language):
    parameters = {"floor": 3, "what": "General Rams", "card": KING, "best": QUEEN, "turn": 2}
    for message in REFUSALS:
        for seat in (0, 1):
            refusal = Refusal(seat, message, (KING, QUEEN), **parameters)
            said = WORDS.refusal(refusal)
            assert said.startswith("⟦") and not escaped(said), said


@pytest.mark.parametrize("ruleset", ["classic", "nap", "general-rams", "jokers", "obligatory", "scored-30", "bete-pot"])
def test_the_rules_help_is_written_in_marked_words(pseudo_language, ruleset):
    """Every paragraph but the ruleset's own description and house rules (games/ramsli/house_rules.py)."""
    rules = house_rules.load(ruleset)
    text = rules_markdown(rules).replace(rules.description or "\0", "")
    ours = [line for line in text.splitlines() if line.strip() and line.removeprefix("- ") not in rules.house_rules()]
    assert not escaped("\n".join(ours))


@pytest.mark.parametrize("language, refused, announced, bete", [
    ("fr", "Vous devez fournir\u00a0: vous avez R♠, 7♠.", "Anna annonce General Rams\u00a0!",
     "Vous et Bertl êtes bete\u00a0: 5 jetons chacun dans le pot suivant."),
    ("de", "Du musst bedienen: Du hast K♠, 7♠.", "Anna sagt General Rams an!",
     "Du und Bertl seid Bete: je 5 Chips in den nächsten Pott."),
    ("es", "Debes asistir: tienes K♠, 7♠.", "¡Anna anuncia General Rams!",
     "Tú y Bertl están bete: 5 fichas cada uno al próximo bote."),
])
def test_a_refusal_an_announcement_and_a_bete_read_as_a_player_of_the_language_says_them(
        language, refused, announced, bete):
    use_language(language)
    try:
        seven = Card.of(Rank.SEVEN, Suit.SPADES)
        assert WORDS.refusal(Refusal(0, "follow_suit", (KING, seven))) == refused
        assert WORDS.event(Announced(seat=1, kind="general_rams")) == announced
        [both] = transfers([Payment(0, None, 5, "bete"), Payment(2, None, 5, "bete")])
        assert transfer_line(both, WORDS) == bete
    finally:
        use_language("en")


@pytest.mark.parametrize("language, said_in", [("fr", "Dedans"), ("de", "Rein"), ("es", "Entro")])
def test_the_declarations_are_the_source_texts_words(language, said_in):
    use_language(language)
    try:
        assert WORDS.event(Declared(seat=1, playing=True, forced=False)).startswith("Anna ")
        from ramsli_tui.ui.ramsli.actions import BUTTONS
        from ramsli_tui.languages import _
        assert _(BUTTONS[0][2]).startswith(said_in)
    finally:
        use_language("en")


def shown(widget) -> str:
    """The text a widget shows."""
    return str(widget.render())


async def test_a_hand_at_the_table_and_its_summary_show_no_word_outside_the_catalogue(tmp_path, pseudo_language):
    """The table's words (title, seats, the trick's caption, the pot, the log, the
    buttons, the banner) while declaring and playing, and the hand's summary."""
    from ramsli_tui.ui.ramsli.actions import ActionBar
    from ramsli_tui.ui.widgets.game_log import GameLog
    from ramsli_tui.ui.ramsli.pot import PotPanel
    from ramsli_tui.ui.ramsli.seat import RamsliSeat

    app = make_app(tmp_path, spec_for(seed=2))
    seen: list[str] = []

    def look(app) -> None:
        screen = table_screen(app)
        seen.append(shown(screen.query_one("#title")))
        seen.extend(shown(seat) for seat in screen.query(RamsliSeat))
        seen.append(shown(screen.query_one("#trick-caption")))
        seen.append(shown(screen.query_one(TurnBanner)))
        pot = screen.query_one(PotPanel)
        seen.extend([pot.border_title, pot.tooltip, shown(pot.query_one("#pot-lines")), shown(pot.query_one("#turn-up-label"))])
        seen.append(screen.query_one(GameLog).border_title)
        seen.append(shown(screen.query_one(GameLog).query_one("#log-lines")))
        seen.extend(str(button.label) for button in screen.query_one(ActionBar).query("Button"))

    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        look(app)
        await pilot.press("1")  # a card while declaring: refused in words
        await pilot.pause()
        look(app)
        await play_until(pilot, lambda app: app.client.view.phase is Phase.PLAY and app.client.view.my_turn)
        look(app)
        await play_until(pilot, lambda app: app.client.result_unread)
        assert isinstance(app.screen, HandSummaryScreen)
        seen.append(shown(app.screen.query_one("#text")))
        seen.append(str(app.screen.query_one("#next").label))
    text = "\n".join(seen)
    assert "⟦" in text and not escaped(text), escaped(text)


async def test_the_history_scoreboard_and_session_over_show_no_word_outside_the_catalogue(tmp_path, pseudo_language):
    from textual.widgets import DataTable

    from ramsli_tui.ui.ramsli.session_over import SessionOverScreen
    from ramsli_tui.ui.ramsli.stack_chart import StackChart

    short = tmp_path / "one-hand.yaml"
    short.write_text("max_hands: 1\n")
    app = make_app(tmp_path, spec_for(seed=2, ruleset=str(short)))
    seen: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.is_over)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        over = app.screen
        assert isinstance(over, SessionOverScreen)
        seen.append(shown(over.query_one("#result")))
        seen.extend(str(button.label) for button in over.query("Button"))
        await pilot.press("s")
        await settle(pilot)
        seen.append(shown(app.screen.query_one("#heading")))
        table = app.screen.query_one(DataTable)
        seen.extend(str(column.label) for column in table.columns.values())
        seen.extend(str(cell) for row in range(table.row_count) for cell in table.get_row_at(row))
        seen.append(app.screen.query_one(StackChart).border_title)
        await pilot.press("escape")
        await settle(pilot)
    app = make_app(tmp_path / "history", spec_for(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread)
        await pilot.press("enter")
        await play_until(pilot, lambda app: len(app.client.view.tricks) >= 2)
        await pilot.press("h")
        await settle(pilot)
        seen.append(shown(app.screen.query_one("#heading")))
        seen.extend(shown(hand) for hand in app.screen.query(".hand"))
    text = "\n".join(seen)
    assert "⟦" in text and not escaped(text), escaped(text)


@pytest.mark.parametrize("language, refused", [
    ("fr", "Vous devez d’abord annoncer dedans ou dehors."),
    ("de", "Du musst zuerst rein oder raus sagen."),
    ("es", "Primero debes decir entro o paso."),
])
async def test_a_card_pressed_while_declaring_is_refused_in_the_players_language(tmp_path, language, refused):
    use_language(language)
    try:
        app = make_app(tmp_path, spec_for(seed=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("1")
            await pilot.pause()
            banner = table_screen(app).query_one(TurnBanner)
            assert banner.has_class("-refused") and refused in shown(banner)
    finally:
        use_language("en")
