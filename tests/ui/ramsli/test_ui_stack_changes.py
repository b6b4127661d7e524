"""A stack and its change, written the same way on the scoreboard, in the hand summary and
in the session's result, never like a score ("14-6"): "14 ▼6", "34 ▲15"."""

from __future__ import annotations

from ramsli_tui.cards import deck_cards
from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.engine import Hand
from ramsli_tui.ui.ramsli.chronicle import Chronicle, change_mark, stack_and_change
from ramsli_tui.ui.ramsli.hand_summary import summary_text
from ramsli_tui.ui.ramsli.session_over import standings
from ramsli_tui.ui.ramsli.words import RamsliWords

from tests.ui.ramsli.test_ui_hand_summary import play_out


def test_a_stack_and_its_change_do_not_read_like_a_score():
    assert stack_and_change(14, -6) == "14 ▼6"
    assert stack_and_change(34, 15) == "34 ▲15"
    assert stack_and_change(20, 0) == "20", "no change, no mark"
    assert stack_and_change(7, -3, width=4) == "   7 ▼3"
    assert change_mark(-1) == "▼1" and change_mark(2) == "▲2" and change_mark(0) == ""


def test_the_hand_summary_writes_each_stack_with_its_change():
    chronicle = Chronicle((20,) * 3)
    hand = Hand(house_rules.load("classic"), [20] * 3, dealer=0, pot=0, deck=deck_cards("piquet32"))
    settled = play_out(hand, chronicle)
    words = RamsliWords(("Mia", "Anna", "Bertl"))
    rows = str(summary_text(settled, chronicle, words)).splitlines()[-4:-1]  # the pot's row comes last
    for seat, row in enumerate(rows):  # a row per player, in the order of the seats
        assert row.endswith(stack_and_change(settled.stacks[seat], settled.changes[seat], width=6))
    assert any("▲" in row for row in rows) and any("▼" in row for row in rows)


def test_the_result_tells_each_players_chips_and_what_they_won_or_lost_since_the_start():
    lines = standings((18, 42, 0), (20, 20, 20), RamsliWords(("Mia", "Anna", "Bertl")))
    assert [line.split()[0] for line in lines] == ["1.", "2.", "3."]
    assert "Anna" in lines[0] and "Bertl" in lines[2]
    assert [line.split()[-3:] for line in lines] == [["42", "chips", "▲22"], ["18", "chips", "▼2"], ["0", "chips", "▼20"]]
    assert standings((20, 20), (20, 20), RamsliWords(("Mia", "Anna")))[0].endswith("20 chips"), "no change, no mark"
