"""The hand summary: who paid what, and why a payment was less than the rules ask
(R21–R23, R25); the chips counting across, out of the pot and into it, none lost on the way."""

from __future__ import annotations

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.cards import deck_cards
from ramsli_tui.games.ramsli.engine import IN, NAP, PASS, Hand
from ramsli_tui.games.ramsli.engine.events import Payment
from ramsli_tui.ui.ramsli.chronicle import Chronicle
from ramsli_tui.ui.ramsli.hand_summary import summary_text, transfer_line, transfers
from ramsli_tui.ui.ramsli.motion import STEPS
from ramsli_tui.ui.ramsli.words import RamsliWords

from hypothesis import given, settings, strategies as st

from tests.kits.ui import make_app, play_until, spec_for

WORDS = RamsliWords(("Mia", "Anna", "Bertl"))
BETE = "the bete is 5 chips"


def line(payment: Payment, asked: str = "", outcome: str = "played") -> str:
    [transfer] = transfers([payment])
    return transfer_line(transfer, WORDS, asked, outcome)


def test_a_bete_paid_in_full_needs_no_reason():
    assert line(Payment(1, None, 5, "bete"), BETE) == "Anna is bete: 5 chips into the next pot."


def test_a_short_bete_says_it_was_all_the_player_had():
    assert line(Payment(1, None, 3, "bete", short=2), BETE) == \
        "Anna is bete: 3 chips into the next pot, all Anna had left (the bete is 5 chips)."
    assert line(Payment(0, None, 1, "bete", short=4), BETE) == \
        "You are bete: 1 chip into the next pot, all you had left (the bete is 5 chips)."


def test_a_bete_with_nothing_left_to_pay_is_still_told():
    assert line(Payment(1, None, 0, "bete", short=5), BETE) == \
        "Anna is bete but has no chips left to pay (the bete is 5 chips)."
    [both] = transfers([Payment(0, None, 0, "bete", short=5), Payment(2, None, 0, "bete", short=5)])
    assert transfer_line(both, WORDS, BETE) == \
        "You and Bertl are bete but have no chips left to pay (the bete is 5 chips)."


def test_general_rams_pays_into_this_pot_when_made_and_the_next_when_failed():
    assert line(Payment(2, None, 6, "general_rams"), outcome="general_rams_made") == \
        "Bertl pays 6 chips into the pot for General Rams."
    assert line(Payment(2, None, 15, "general_rams"), outcome="general_rams_failed") == \
        "Bertl pays 15 chips into the next pot for General Rams."


def test_short_general_rams_and_nap_payments_say_why():
    failed = "a failed General Rams costs 15 chips"
    assert line(Payment(0, None, 7, "general_rams", short=8), failed, "general_rams_failed") == \
        "You pay 7 chips into the next pot for General Rams, all you had left (a failed General Rams costs 15 chips)."
    missed = "a missed Nap 4 costs 4 chips to each player"
    assert line(Payment(1, 2, 2, "nap", short=2), missed) == \
        "Anna pays Bertl 2 chips for the Nap, all Anna had left (a missed Nap 4 costs 4 chips to each player)."
    assert line(Payment(1, 0, 0, "nap", short=4), missed) == \
        "Anna has no chips left to pay you for the Nap (a missed Nap 4 costs 4 chips to each player)."


def play_out(hand: Hand, chronicle: Chronicle, first=()):
    """The ``first`` actions, then everyone in, every announcement passed, the first legal
    card played; the settlement."""
    chronicle.record(hand.opening_events)
    for action in first:
        chronicle.record(hand.apply(action))
    while not hand.is_over:
        legal = hand.legal_actions()
        action = next((choice for choice in (IN, PASS) if choice in legal), legal[0])
        chronicle.record(hand.apply(action))
    return hand.settlement


def test_the_summary_of_a_hand_explains_betes_paid_short():
    """Six short stacks all in: someone takes no trick, and after the ante has 2 chips of the 5 owed."""
    classic = house_rules.load("classic")
    chronicle = Chronicle((3,) * 6)
    hand = Hand(classic, [3] * 6, dealer=5, pot=0, deck=deck_cards("piquet32"))
    settled = play_out(hand, chronicle)
    assert settled.betes and all(payment.chips == 2 for payment in settled.payments if payment.reason == "bete")
    words = RamsliWords(("Mia", "Anna", "Bertl", "Carlo", "Dora", "Emil"))
    summary = str(summary_text(settled, chronicle, words))
    assert "into the next pot, all " in summary and "had left (the bete is 5 chips)." in summary


def test_the_summary_of_a_hand_explains_a_missed_nap_paid_short():
    """Anna bids Nap 5 on the lowest cards with 7 chips after the ante: the bete takes 5,
    Bertl gets the last 2 of the 5 owed to him, and you nothing."""
    nap = house_rules.load("nap")
    chronicle = Chronicle((3,) * 3)
    hand = Hand(nap, [20, 8, 20], dealer=0, pot=0, deck=deck_cards("piquet32"))
    settled = play_out(hand, chronicle, first=(IN, IN, IN, NAP[5]))  # all in; Anna, first to speak, bids 5
    assert settled.outcome == "nap_missed"
    summary = str(summary_text(settled, chronicle, WORDS))
    assert "Anna pays Bertl 2 chips for the Nap, all Anna had left (a missed Nap 5 costs 5 chips to each player)." in summary
    assert "Anna has no chips left to pay you for the Nap (a missed Nap 5 costs 5 chips to each player)." in summary


async def test_a_short_bete_is_explained_on_the_screen(tmp_path):
    app = make_app(tmp_path, spec_for(seed=2, starting_chips=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.client.result_unread or app.client.is_over)
        summary = str(app.screen.query_one("#text").render())
    assert "You are bete: 1 chip into the next pot, all you had left (the bete is 5 chips)." in summary


def test_a_name_too_long_for_the_summarys_column_is_shortened_with_an_ellipsis():
    classic = house_rules.load("classic")
    chronicle = Chronicle((20,) * 3)
    hand = Hand(classic, [20] * 3, dealer=0, pot=0, deck=deck_cards("piquet32"))
    settled = play_out(hand, chronicle)
    words = RamsliWords(("Mia", "Maximiliane-Josefine", "Bertl"))
    table = str(summary_text(settled, chronicle, words)).split("Chips\n")[1].splitlines()
    assert table[1].startswith("Maximiliane… "), "cut to its column with an ellipsis, the column kept"


def shown_chips(summary: str, players: int) -> tuple[list[int], int]:
    """The players' chips and the pot's as the summary's last rows show them."""
    rows = summary.splitlines()[-players - 1:]
    assert rows[-1].startswith("Pot"), rows
    return [int(row[28:34]) for row in rows[:-1]], int(rows[-1][28:34])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), stack=st.integers(0, 25), pot=st.integers(0, 20))
def test_the_chips_count_out_of_the_pot_and_into_it_and_none_is_lost_on_the_way(seed, players, stack, pot):
    """At every step of the count the players' chips and the pot add up to the same; it
    starts at the pot carried into the hand and ends at the one carried out of it."""
    import random

    deck = deck_cards("piquet32")
    random.Random(seed).shuffle(deck)
    stacks = [stack + seat for seat in range(players)]
    chronicle = Chronicle(tuple(stacks))
    settled = play_out(Hand(house_rules.load("classic"), list(stacks), dealer=seed % players, pot=pot, deck=deck),
                       chronicle)
    words = RamsliWords(("Mia", "Anna", "Bertl", "Carlo", "Dora", "Emil")[:players])
    steps = [shown_chips(str(summary_text(settled, chronicle, words, step / STEPS)), players)
             for step in range(STEPS + 1)]
    assert steps[0] == (stacks, pot), "before: the stacks and the pot carried in"
    assert steps[-1] == (list(settled.stacks), settled.pot), "after: the stacks and the pot carried out"
    assert {sum(chips) + in_pot for chips, in_pot in steps} == {sum(stacks) + pot}, "no chip lost or doubled"
