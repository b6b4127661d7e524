"""The table controller without the app: pacing, privacy, saving and replay."""

from __future__ import annotations

import asyncio
import threading

import pytest

from ramsli_tui.engine import IN, IllegalAction, Phase
from ramsli_tui.engine.events import CardsDealt
from ramsli_tui.table import ReplayError, Table, load_rules

from ramsli_uikit import play_to_end, spec_for


class Recorder:
    """A stand-in for the storage: keeps every save."""

    def __init__(self):
        self.saves = []
        self.discarded = False

    def save_game(self, saved):
        self.saves.append(saved)

    def discard_game(self):
        self.discarded = True


async def test_the_human_sees_only_their_own_cards(one_hand):
    spec = spec_for(players=5, seed=3, ruleset=one_hand)
    table = Table(spec, load_rules(spec))
    updates = await play_to_end(table)
    for update in updates:
        assert update.view.seat == 0
        for event in update.events:
            assert not isinstance(event, CardsDealt) or event.seat == 0


async def test_every_action_is_saved_and_the_finished_session_forgotten(one_hand):
    spec = spec_for(seed=5, ruleset=one_hand)
    saves = Recorder()
    table = Table(spec, load_rules(spec), saves=saves)
    await play_to_end(table)
    assert [len(saved.actions) for saved in saves.saves] == list(range(1, len(table.actions)))
    assert saves.discarded


async def test_a_replayed_table_is_the_same_table():
    spec = spec_for(seed=8)
    table = Table(spec, load_rules(spec))
    table.listener = lambda update: None
    runner = asyncio.create_task(table.run())
    for _ in range(12):
        await table.until_human()
        if table.hand_unseen:
            table.hand_seen()
        else:
            table.act(table.view.legal[-1])
    runner.cancel()
    again = Table.from_save(table.saved)
    assert again.view == table.view
    assert again.backlog == table.backlog


def test_a_save_with_an_impossible_action_does_not_replay():
    spec = spec_for(seed=8)
    with pytest.raises(ReplayError, match="action 1 .* no longer replays"):
        Table(spec, load_rules(spec), actions=["AS"])


async def test_acting_out_of_turn_changes_nothing():
    spec = spec_for(seed=1)
    table = Table(spec, load_rules(spec))
    with pytest.raises(IllegalAction, match="must wait"):
        table.act(IN)
    assert table.actions == []


async def test_computer_players_think_off_the_event_loop_thread(one_hand):
    threads = set()

    class Watcher:
        name = "watcher"

        def choose(self, view, legal, rng):
            threads.add(threading.current_thread())
            return legal[0]

    spec = spec_for(seed=2, ruleset=one_hand)
    table = Table(spec, load_rules(spec))
    table.bots = {seat: Watcher() for seat in table.bots}
    await play_to_end(table)
    assert threads and threading.main_thread() not in threads


async def test_the_pace_is_the_delay_injected(monkeypatch, one_hand):
    pauses = []

    async def no_sleep(seconds):
        pauses.append(seconds)

    monkeypatch.setattr("ramsli_tui.table.asyncio.sleep", no_sleep)
    spec = spec_for(seed=2, ruleset=one_hand)
    table = Table(spec, load_rules(spec), delay=5.0)
    await play_to_end(table)
    assert pauses and all(0 < pause <= 10.0 for pause in pauses)
    assert any(pause > 5.0 for pause in pauses), "a longer look at each finished trick"



async def test_a_finished_trick_gets_the_longer_look_whoever_played_its_last_card(monkeypatch, tmp_path):
    path = tmp_path / "three-hands.yaml"
    path.write_text("max_hands: 3\n")
    spec = spec_for(seed=2, ruleset=str(path))
    table = Table(spec, load_rules(spec), delay=5.0)
    looks = []  # (who played the last card of the trick just won, or None, the pause before the next card)

    async def recorded_sleep(seconds):
        hand = table.session.hand
        just_won = hand.phase is Phase.PLAY and not hand.plays and len(hand.tricks) > 1
        looks.append((hand.tricks[-2].plays[-1][0] if just_won else None, seconds))

    monkeypatch.setattr("ramsli_tui.table.asyncio.sleep", recorded_sleep)
    await play_to_end(table)
    after_a_trick = [(seat, pause) for seat, pause in looks if seat is not None]
    assert {seat == table.human for seat, _ in after_a_trick} == {True, False}, "tricks ended by you and by others"
    assert all(pause > 5.0 for _, pause in after_a_trick)
    assert all(pause <= 5.0 for seat, pause in looks if seat is None)
