"""The table in words: every sentence agrees with who it is about — you, another player, or several."""

from __future__ import annotations

from ramsli_tui.engine.events import FirstDealerChosen, HandStarted, Passed, Payment, SeatsLeft
from ramsli_tui.ui.screens.hand_summary import payment_line
from ramsli_tui.ui.words import Words

WORDS = Words(("Mia", "Anna", "Bertl"))


def test_the_dealer_deals_and_you_deal():
    assert WORDS.event(HandStarted(number=7, dealer=0, antes=(1, 1, 1), pot=3)) == "Hand 7: You deal; the pot holds 3 chips."
    assert WORDS.event(HandStarted(number=8, dealer=1, antes=(1, 1, 1), pot=3)).startswith("Hand 8: Anna deals;")
    assert WORDS.event(FirstDealerChosen(draws=(), dealer=0)) == "You cut the highest card and deal first."


def test_one_player_passes_and_several_leave():
    assert WORDS.event(Passed(seat=2)) == "Bertl passes."
    assert WORDS.event(SeatsLeft(seats=(1,))) == "Anna leaves the table, short of the ante."
    assert WORDS.event(SeatsLeft(seats=(0, 2))) == "You and Bertl leave the table, short of the ante."


def test_payments_agree_with_their_payer():
    assert payment_line(Payment(payer=0, payee=None, chips=5, reason="bete"), WORDS) == "You are bete: 5 chips into the next pot."
    assert payment_line(Payment(payer=None, payee=1, chips=1, reason="pot"), WORDS) == "Anna takes 1 chip from the pot."
