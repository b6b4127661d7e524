"""The table in words: every sentence agrees with who it is about — you, another player, or several."""

from __future__ import annotations

from ramsli_tui.games.ramsli.engine.events import FirstDealerChosen, HandStarted, Passed, Payment, SeatsLeft
from ramsli_tui.ui.screens.ramsli.hand_summary import transfer_line, transfers
from ramsli_tui.ui.screens.ramsli.words import Words

WORDS = Words(("Mia", "Anna", "Bertl"))


def test_the_dealer_deals_and_you_deal():
    assert WORDS.event(HandStarted(number=7, dealer=0, antes=(1, 1, 1), pot=3)) == "Hand 7: You deal; the pot holds 3 chips."
    assert WORDS.event(HandStarted(number=8, dealer=1, antes=(1, 1, 1), pot=3)).startswith("Hand 8: Anna deals;")
    assert WORDS.event(FirstDealerChosen(draws=(), dealer=0)) == "You cut the highest card and deal first."


def test_one_player_passes_and_several_leave():
    assert WORDS.event(Passed(seat=2)) == "Bertl passes."
    assert WORDS.event(SeatsLeft(seats=(1,))) == "Anna leaves the table, short of the ante."
    assert WORDS.event(SeatsLeft(seats=(0, 2))) == "You and Bertl leave the table, short of the ante."


def summary_lines(*payments: Payment) -> list[str]:
    return [transfer_line(transfer, WORDS) for transfer in transfers(payments)]


def test_payments_agree_with_their_payer():
    assert summary_lines(Payment(0, None, 5, "bete")) == ["You are bete: 5 chips into the next pot."]
    assert summary_lines(Payment(None, 1, 1, "pot")) == ["Anna takes 1 chip from the pot."]


def test_payments_alike_are_one_line():
    assert summary_lines(Payment(None, 1, 3, "pot"), Payment(None, 2, 3, "pot"), Payment(0, None, 5, "bete"),
                         Payment(2, None, 5, "bete")) == [
        "Anna and Bertl take 3 chips each from the pot.",
        "You and Bertl are bete: 5 chips each into the next pot.",
    ]
    assert summary_lines(Payment(0, 1, 3, "nap"), Payment(0, 2, 3, "nap")) == ["You pay Anna and Bertl 3 chips each for the Nap."]
    assert summary_lines(Payment(1, 0, 10, "nap"), Payment(2, 0, 10, "nap")) == ["Anna and Bertl pay you 10 chips each for the Nap."]


def test_equal_stacks_share_a_place():
    from ramsli_tui.ui.screens.ramsli.session_over import place

    stacks = (18, 32, 18, 13, 26)
    assert [place(stacks, seat) for seat in (1, 4, 0, 2, 3)] == [1, 2, 3, 3, 5]


def test_the_lead_says_when_it_is_a_trump():
    from ramsli_tui.cards import BIG_JOKER, Card, Rank, Suit

    assert WORDS.led(1, Card.of(Rank.KING, Suit.DIAMONDS), Suit.HEARTS) == "Anna led ♦ diamonds."
    assert WORDS.led(0, Card.of(Rank.KING, Suit.HEARTS), Suit.HEARTS) == "You led ♥ hearts, trumps."
    assert WORDS.led(2, BIG_JOKER, Suit.HEARTS) == "Bertl led the Big Joker, a trump."


def test_the_rules_help_says_plainly_how_the_session_ends():
    from ramsli_tui.games.ramsli import rules
    from ramsli_tui.ui.screens.ramsli.rules_help import rules_markdown

    classic = rules_markdown(rules.load("classic"))
    assert "When a player cannot pay the ante, the session ends and the largest stack wins." in classic
    assert "reach 30 chips, alone in the lead, wins" in rules_markdown(rules.load("scored-30"))
    assert "g General Rams, p pass" in rules_markdown(rules.load("general-rams"))
