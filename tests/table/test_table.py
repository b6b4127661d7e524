"""The table without the app: many seats, each with its own updates; pacing, time limits,
observers, and replay."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from ramsli_tui.games.protocol import ComputerPlayer, IllegalAction
from ramsli_tui.games.ramsli.engine import GENERAL_RAMS, IN, Phase
from ramsli_tui.games.ramsli.engine.events import CardsDealt
from ramsli_tui.storage import Autosave, SavedGame
from ramsli_tui.table.client import LocalClient
from ramsli_tui.table.spec import GameSpec, SeatSpec
from ramsli_tui.table.table import ReplayError, Table
from ramsli_tui.ui.ramsli.words import RamsliWords

from tests.kits.ui import play_to_end, spec_for, storage_in


class Recorder:
    """An observer that keeps every action it is told of."""

    def __init__(self):
        self.moves = []

    def table_moved(self, moved):
        self.moves.append(moved)


class FirstLegal(ComputerPlayer):
    """A computer player that notes the threads it thinks on."""

    def __init__(self):
        self.threads = set()

    def choose(self, view, legal, rng):
        self.threads.add(threading.current_thread())
        return legal[0]


@pytest.fixture
def three_hands(tmp_path):
    path = tmp_path / "three-hands.yaml"
    path.write_text("max_hands: 3\n")
    return str(path)


def two_people_two_computers(ruleset: str = "classic", seed: int = 6) -> GameSpec:
    return GameSpec("ramsli", ruleset, seed, (
        SeatSpec.person("Mia"), SeatSpec.computer("Anna", "normal"),
        SeatSpec.person("Zora"), SeatSpec.computer("Bertl", "random"),
    ))


async def play_people(table: Table, clients: list[LocalClient], within: float = 120.0) -> None:
    """Run the table, each person taking the first legal action and reading each result,
    until the session ends (``within`` seconds at most: generous, as a loaded machine is
    slow; the computer players think on other threads, so it is time that bounds it)."""
    runner = asyncio.create_task(table.run())
    deadline = asyncio.get_running_loop().time() + within
    while not runner.done():
        assert asyncio.get_running_loop().time() < deadline, "the session did not end"
        for client in clients:
            if client.result_unread:
                client.result_read()
            elif client.needed and not table.game.is_over:
                await client.send(client.view.legal[0])
        await asyncio.sleep(0.001)
    await runner


async def play_to_the_first_result(*clients: LocalClient, within: float = 120.0) -> None:
    """Each person takes the first legal action in their turn until a hand's result waits
    to be read."""
    deadline = asyncio.get_running_loop().time() + within
    while not clients[0].result_unread:
        assert asyncio.get_running_loop().time() < deadline, "no hand was settled"
        for client in clients:
            if client.needed and not client.result_unread:
                await client.send(client.view.legal[0])
        await asyncio.sleep(0.001)


# --- many seats ------------------------------------------------------------------------------

async def test_two_people_each_get_only_their_own_cards_and_their_own_updates_in_order(one_hand):
    spec = GameSpec("ramsli", one_hand, 6, two_people_two_computers().seats)
    table = Table.for_spec(spec)
    clients = [LocalClient(table, seat) for seat in spec.people]
    heard = {client.seat: [client.last] for client in clients}  # the opening update
    for client in clients:
        client.subscribe(heard[client.seat].append, lambda message: None)
    await play_people(table, clients)
    assert table.game.is_over
    for seat, updates in heard.items():
        assert [update.seq for update in updates] == list(range(1, len(updates) + 1))
        for update in updates:
            assert update.view.seat == seat
            assert all(event.seat == seat for event in update.events if isinstance(event, CardsDealt))
        dealt = [event for update in updates for event in update.events if isinstance(event, CardsDealt)]
        assert dealt and {event.seat for event in dealt} == {seat}
    assert len(heard[0]) == len(heard[2]), "both hear every action"


async def test_the_next_hand_waits_until_every_person_has_read_the_result():
    table = Table.for_spec(two_people_two_computers())
    mia, zora = LocalClient(table, 0), LocalClient(table, 2)
    runner = asyncio.create_task(table.run())
    try:
        await play_to_the_first_result(mia, zora)
        done = len(table.actions)
        mia.result_read()
        await asyncio.sleep(0.05)
        assert len(table.actions) == done, "Zora has not read it yet"
        zora.result_read()
        for _ in range(30_000):  # bounded generously: the computer players think on other threads
            if len(table.actions) > done or mia.needed or zora.needed:
                break
            await asyncio.sleep(0.001)
        assert len(table.actions) > done or mia.needed or zora.needed, "once both have read, play goes on"
    finally:
        runner.cancel()


async def test_a_person_whose_time_runs_out_is_played_by_a_computer_player(one_hand):
    spec = GameSpec("ramsli", one_hand, 3, (SeatSpec.person("Mia"), *two_people_two_computers().seats[1:2],
                                             SeatSpec.computer("Carlo", "normal")))
    table = Table.for_spec(spec)
    table.seats[0].time_limit = 0.01
    table.stand_in = FirstLegal
    notices = []
    client = LocalClient(table, 0)
    client.subscribe(lambda update: None, notices.append)
    await asyncio.wait_for(table.run(), 30)   # nobody at seat 0 ever acts or reads a result
    assert table.game.is_over
    assert any(seat == 0 for seat, _ in table.game.finished[-1].actions), "seat 0 was played for"
    assert "Mia took too long: a computer player acted for them." in notices


async def test_a_person_away_is_played_for_and_no_result_waits_for_them(three_hands):
    table = Table.for_spec(spec_for(seed=5, ruleset=three_hands))
    table.stand_in = FirstLegal
    table.set_away(0, True)
    await asyncio.wait_for(table.run(), 30)   # nobody at seat 0 acts or reads a result
    assert table.game.is_over and table.game.rounds_finished == 3
    assert any(seat == 0 for hand in table.game.finished for seat, _ in hand.actions)


async def test_a_result_nobody_reads_in_time_counts_as_read_and_play_goes_on(three_hands):
    table = Table.for_spec(spec_for(seed=5, ruleset=three_hands))
    table.seats[0].time_limit = 0.01
    table.stand_in = FirstLegal
    notices = []
    LocalClient(table, 0).subscribe(lambda update: None, notices.append)
    await asyncio.wait_for(table.run(), 30)
    assert table.game.is_over and table.game.rounds_finished == 3
    assert "Mia took too long over the result: the next hand goes on." in notices


async def test_a_person_who_has_read_may_not_play_on_while_another_still_reads():
    table = Table.for_spec(two_people_two_computers(seed=1))
    mia, zora = LocalClient(table, 0), LocalClient(table, 2)
    runner = asyncio.create_task(table.run())
    try:
        await play_to_the_first_result(mia, zora)
        with pytest.raises(IllegalAction) as refused:
            await mia.send(table.game.view(0).legal[0] if table.game.view(0).legal else IN)
        assert refused.value.for_you() == "you must read the hand's result first"
        mia.result_read()
        done = len(table.actions)
        for seat in (0, 1, 2, 3):
            view = table.game.view(seat)
            if view.legal and table.seats[seat].person:
                with pytest.raises(IllegalAction, match="must wait for Zora"):
                    table.act(seat, view.legal[0])
        assert len(table.actions) == done and zora.result_unread
    finally:
        runner.cancel()


async def test_a_client_that_reads_the_result_as_soon_as_it_comes_does_not_trip_the_table(three_hands):
    table = Table.for_spec(spec_for(seed=4, ruleset=three_hands))
    client = LocalClient(table, 0)
    client.subscribe(lambda update: update.round_end is not None and client.result_read(), lambda message: None)
    runner = asyncio.create_task(table.run())
    while not table.game.is_over:
        await asyncio.wait_for(client.until_needed(), 60)
        if not table.game.is_over and not client.result_unread:
            await client.send(client.view.legal[0])
    await runner
    assert table.game.rounds_finished == 3


async def test_an_observer_that_fails_is_reported_and_the_table_goes_on(one_hand, tmp_path):
    class FullDisk:
        def save_game(self, path, saved):
            raise OSError(28, "No space left on device")

    spec = spec_for(seed=4, ruleset=one_hand)
    table = Table.for_spec(spec)
    table.observe(Autosave(FullDisk(), tmp_path / "session.json", SavedGame(spec)))
    kept = Recorder()
    table.observe(kept)
    problems = []
    client = LocalClient(table, 0)
    client.subscribe(lambda update: None, problems.append)
    runner = asyncio.create_task(table.run())
    while not table.game.is_over:
        await client.until_needed()
        if client.result_unread:
            client.result_read()
        elif not table.game.is_over:
            await client.send(client.view.legal[0])
    await runner
    assert problems and set(problems) == {"The game could not be saved (No space left on device)."}
    assert [len(moved.actions) for moved in kept.moves][-1] == len(table.actions), "the observers after it are still told"


# --- one person, as in local play ----------------------------------------------------------------

async def test_the_person_sees_only_their_own_cards(one_hand):
    table = Table.for_spec(spec_for(players=5, seed=3, ruleset=one_hand))
    for update in await play_to_end(table):
        assert update.view.seat == 0
        assert all(event.seat == 0 for event in update.events if isinstance(event, CardsDealt))


async def test_every_action_is_saved_and_the_finished_session_kept_for_its_result(one_hand, tmp_path):
    spec = spec_for(seed=5, ruleset=one_hand)
    storage = storage_in(tmp_path)
    path = storage.new_save_path()
    saves = []
    real_save = storage.save_game
    storage.save_game = lambda path, saved: (saves.append(saved), real_save(path, saved))
    table = Table.for_spec(spec)
    table.observe(Autosave(storage, path, SavedGame(spec)))
    await play_to_end(table)
    assert [len(saved.actions) for saved in saves] == list(range(1, len(table.actions) + 1))
    assert table.game.is_over and storage.load_game(path).actions == tuple(table.actions)
    assert (path.stat().st_mode & 0o777, path.parent.stat().st_mode & 0o777) == (0o600, 0o700)


async def test_a_replayed_table_is_the_same_table():
    spec = spec_for(seed=8)
    table = Table.for_spec(spec)
    client = LocalClient(table, 0)
    runner = asyncio.create_task(table.run())
    for _ in range(12):
        await client.until_needed()
        if client.result_unread:
            client.result_read()
        else:
            await client.send(client.view.legal[-1])
    runner.cancel()
    again = Table.for_spec(spec, actions=table.actions)
    assert again.opening(0).view == table.opening(0).view
    assert again.channel(0).backlog == table.channel(0).backlog


def test_a_save_with_an_impossible_action_does_not_replay():
    with pytest.raises(ReplayError, match="action 1 .* no longer replays"):
        Table.for_spec(spec_for(seed=8), actions=["AS"])


async def test_acting_out_of_turn_changes_nothing():
    table = Table.for_spec(spec_for(seed=1))
    with pytest.raises(IllegalAction, match="must wait"):
        table.act(0, IN)
    assert table.actions == []


async def test_nothing_can_be_played_while_a_hands_result_is_unread():
    table = Table.for_spec(spec_for(seed=1))
    client = LocalClient(table, 0)
    runner = asyncio.create_task(table.run())
    try:
        await play_to_the_first_result(client)
        view = table.game.view(0)
        assert view.my_turn and view.legal, "the next hand waits for the person"
        done = len(table.actions)
        with pytest.raises(IllegalAction, match="must read the hand's result first"):
            await client.send(view.legal[0])
        assert len(table.actions) == done
        client.result_read()
        await client.until_needed()
        await client.send(table.game.view(0).legal[0])
        assert len(table.actions) == done + 1
    finally:
        runner.cancel()


async def test_computer_players_think_off_the_event_loop_thread(one_hand):
    table = Table.for_spec(spec_for(seed=2, ruleset=one_hand))
    watcher = FirstLegal()
    for seat in table.seats[1:]:
        seat.player = watcher
    await play_to_end(table)
    assert watcher.threads and threading.main_thread() not in watcher.threads


async def test_an_illegal_choice_of_a_computer_player_is_replaced_and_reported(one_hand):
    class Cheat(ComputerPlayer):
        def choose(self, view, legal, rng):
            return GENERAL_RAMS  # never legal under the classic rules

    spec = spec_for(seed=3, ruleset=one_hand)
    table = Table.for_spec(spec)
    table.seats[2].player = Cheat()
    problems = []
    await play_to_end(table, notices=problems)
    assert table.game.is_over
    assert problems and set(problems) == {
        f"{spec.names[2]}'s computer player chose an illegal move; it played the first legal one."
    }


# --- the pace ------------------------------------------------------------------------------------

async def test_the_pace_is_the_delay_injected(monkeypatch, one_hand):
    pauses = []

    async def no_sleep(seconds):
        pauses.append(seconds)

    monkeypatch.setattr("ramsli_tui.table.table.asyncio.sleep", no_sleep)
    await play_to_end(Table.for_spec(spec_for(seed=2, ruleset=one_hand), delay=5.0))
    assert pauses and all(0 < pause <= 10.0 for pause in pauses)
    assert any(pause > 5.0 for pause in pauses), "a longer look at each finished trick"


async def test_a_computer_players_thinking_counts_towards_its_delay(monkeypatch, one_hand):
    """The delay is the pace of the table, not a pause added to the thinking."""
    thinking, delay = 0.03, 0.2
    pauses = []
    real_sleep = asyncio.sleep

    async def recorded_sleep(seconds):
        pauses.append(seconds)
        await real_sleep(0)

    class Slow(ComputerPlayer):
        def choose(self, view, legal, rng):
            time.sleep(thinking)
            return legal[0]

    monkeypatch.setattr("ramsli_tui.table.table.asyncio.sleep", recorded_sleep)
    table = Table.for_spec(spec_for(seed=2, ruleset=one_hand), delay=delay)
    for seat in table.seats[1:]:
        seat.player = Slow()
    await play_to_end(table)
    assert pauses, "the delay is longer than the thinking: there is a pause"
    assert all(pause <= 2 * delay - thinking + 0.005 for pause in pauses), pauses
    assert any(pause > delay for pause in pauses), "a longer look at a finished trick"


async def test_a_finished_trick_gets_the_longer_look_whoever_played_its_last_card(monkeypatch, tmp_path):
    path = tmp_path / "three-hands.yaml"
    path.write_text("max_hands: 3\n")
    table = Table.for_spec(spec_for(seed=2, ruleset=str(path)), delay=5.0)
    looks = []  # (who played the last card of the trick just won, or None, the pause before the next card)

    async def recorded_sleep(seconds):
        hand = table.game.hand
        just_won = hand.phase is Phase.PLAY and not hand.plays and len(hand.tricks) > 1
        looks.append((hand.tricks[-2].plays[-1][0] if just_won else None, seconds))

    monkeypatch.setattr("ramsli_tui.table.table.asyncio.sleep", recorded_sleep)
    await play_to_end(table)
    after_a_trick = [(seat, pause) for seat, pause in looks if seat is not None]
    assert {seat == 0 for seat, _ in after_a_trick} == {True, False}, "tricks ended by you and by others"
    assert all(pause > 5.0 for _, pause in after_a_trick)
    assert all(pause <= 5.0 for seat, pause in looks if seat is None)


async def test_a_person_who_hurries_sees_the_rest_of_the_round_played_without_pauses(monkeypatch, three_hands):
    """Out of the hand and asking to skip ahead: no pause until that hand is settled, and
    the next hand is played at the table's pace again."""
    table = Table.for_spec(spec_for(seed=3, ruleset=three_hands), delay=5.0)
    pauses = []  # (hands settled so far, whether the person had asked to hurry, the pause)
    hurried_in = set()
    actions_at = {}  # how many actions had been taken when the person hurried, and at the result

    async def recorded_sleep(seconds):
        pauses.append((table.game.rounds_finished, bool(hurried_in), seconds))

    monkeypatch.setattr("ramsli_tui.table.table.asyncio.sleep", recorded_sleep)
    client = LocalClient(table, 0)
    runner = asyncio.create_task(table.run())
    while not table.game.is_over:
        waiting = asyncio.ensure_future(client.until_needed())
        await asyncio.wait({waiting, runner}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if runner.done():
            break
        if client.result_unread:
            actions_at.setdefault("settled", len(table.actions))
            client.result_read()
        elif client.needed:
            legal = client.view.legal
            went_out = next((action for action in legal if action.kind == "out"), None)
            await client.send(went_out or legal[0])
            if went_out is not None and table.game.rounds_finished == 0:
                client.hurry()
                hurried_in.add(0)
                actions_at["hurried"] = len(table.actions)
    await asyncio.wait_for(runner, 120)  # generous: a loaded machine is slow, never wrong
    assert hurried_in == {0}, "the person went out in the first hand and asked to hurry"
    assert actions_at["settled"] > actions_at["hurried"], "the others played the hand on"
    assert not [pause for hand, hurried, pause in pauses if hand == 0 and hurried and pause > 0], "no pause once hurried"
    assert [pause for hand, _, pause in pauses if hand == 1 and pause > 0.5], "the next hand at the table's pace"


async def test_the_banner_names_the_seat_to_act(one_hand):
    spec = spec_for(seed=1, ruleset=one_hand)
    words = RamsliWords(spec.names)
    views = [update.view for update in await play_to_end(Table.for_spec(spec))]
    others = [view for view in views if view.current_seat > 0]
    assert any(view.current_seat != view.dealer for view in others), "not always the dealer"
    for view in others:
        assert words.turn(view) == f"{spec.names[view.current_seat]} is thinking…"


async def test_a_result_once_read_is_not_shown_again_when_the_table_is_replayed():
    spec = spec_for(seed=1)
    table = Table.for_spec(spec)
    kept = Recorder()
    table.observe(kept)
    client = LocalClient(table, 0)
    runner = asyncio.create_task(table.run())
    try:
        await play_to_the_first_result(client)
        assert kept.moves[-1].results_read == 0
        unread = Table.for_spec(spec, actions=table.actions, results_read=kept.moves[-1].results_read)
        assert unread.channel(0).result_unread and unread.opening(0).round_end is not None
        client.result_read()
        assert kept.moves[-1].results_read == 1 and kept.moves[-1].actions == tuple(table.actions)
        read = Table.for_spec(spec, actions=table.actions, results_read=kept.moves[-1].results_read)
        assert not read.channel(0).result_unread and read.opening(0).round_end is None
    finally:
        runner.cancel()


def two_random_rami_players() -> Table:
    return Table.for_spec(GameSpec("rami", "simple", 14, (SeatSpec.computer("Anna", "random"),
                                                          SeatSpec.computer("Bertl", "random"))))


async def play_the_first_rami_hand(table: Table) -> None:
    """Run the table until its first hand is over (at most a minute: random players take
    a few hundred turns)."""
    runner = asyncio.create_task(table.run())
    for _ in range(6000):
        if table.game.rounds_finished or runner.done():
            break
        await asyncio.sleep(0.01)
    runner.cancel()


async def test_a_computer_players_action_that_cannot_be_listed_is_judged_by_the_games_check():
    """In Rami a going-out is never among the listed actions; a computer player's going-out
    is taken, not replaced by the first listed action."""
    table = two_random_rami_players()
    notices = []
    for channel in table.channels:
        channel.on_notice = notices.append
    await play_the_first_rami_hand(table)
    assert table.game.rounds_finished == 1, "the first hand ended"
    assert any(action.startswith("out:") for action in table.actions), "by going out"
    assert not [notice for notice in notices if "illegal" in notice]


# --- spectators ------------------------------------------------------------------------------

def watch(table: Table) -> tuple[LocalClient, list, list[str]]:
    """A spectator of ``table``, with what it hears: its updates (the opening first) and notices."""
    watcher = LocalClient(table, None)
    updates, notices = [watcher.last], []
    watcher.subscribe(updates.append, notices.append)
    return watcher, updates, notices


def assert_only_public(updates) -> None:
    for update in updates:
        assert update.view.seat is None and update.view.hand == () and update.view.legal == ()
        assert all(event.private_to is None for event in update.events)
        if update.round_end is not None:
            assert update.round_end.hand == ()


async def test_a_spectator_hears_every_action_and_sees_no_card_of_any_hand(one_hand):
    spec = GameSpec("ramsli", one_hand, 6, two_people_two_computers().seats)
    table = Table.for_spec(spec)
    clients = [LocalClient(table, seat) for seat in spec.people]
    mias = [clients[0].last]
    clients[0].subscribe(mias.append, lambda message: None)
    watcher, updates, notices = watch(table)
    table.tell_everyone("Zora is away.")
    await play_people(table, clients)
    assert table.game.is_over and updates[-1].over
    assert [update.seq for update in updates] == list(range(1, len(updates) + 1))
    assert len(updates) == len(mias), "the spectator hears every action, as every seat does"
    assert_only_public(updates)
    assert any(isinstance(event, CardsDealt) for event in mias[0].events), "a seat sees its deal"
    assert not any(isinstance(event, CardsDealt) for update in updates for event in update.events)
    assert updates[-1].view.played_cards == mias[-1].view.played_cards, "every card played is public"
    assert notices == ["Zora is away."]


async def test_a_spectator_may_not_act_and_holds_nobody_up():
    table = Table.for_spec(two_people_two_computers())
    mia, zora = LocalClient(table, 0), LocalClient(table, 2)
    watcher, _, _ = watch(table)
    runner = asyncio.create_task(table.run())
    try:
        await play_to_the_first_result(mia, zora)
        with pytest.raises(IllegalAction, match="a spectator cannot act"):
            await watcher.send(table.game.legal_actions()[0] if table.game.legal_actions() else "x")
        watcher.result_read()
        assert mia.result_unread and zora.result_unread, "a spectator's reading reads nothing for a seat"
        assert not watcher.needed and not watcher.result_unread
    finally:
        runner.cancel()


async def test_a_spectator_of_a_rami_table_sees_counts_and_discards_but_no_hand():
    table = two_random_rami_players()
    watcher, updates, _ = watch(table)
    await play_the_first_rami_hand(table)
    assert table.game.rounds_finished == 1 and len(updates) > 20
    assert_only_public(updates)
    ended = next(update.round_end for update in reversed(updates) if update.round_end is not None)
    assert ended.counts == tuple(len(cards) for cards in table.game.finished[-1].holdings)
    assert ended.discards and ended.out is not None, "the discards and the going-out are public"


class Held(ComputerPlayer):
    """A computer player that thinks until it is let go."""

    def __init__(self):
        self.thinking = threading.Event()
        self.let_go = threading.Event()

    def choose(self, view, legal, rng):
        self.thinking.set()
        self.let_go.wait(60)
        return legal[0]


async def test_a_stopped_table_takes_no_action_not_even_one_chosen_while_it_stopped():
    held = Held()
    table = Table.for_spec(GameSpec("ramsli", "classic", 3, (
        SeatSpec.computer("Anna", "random"), SeatSpec.computer("Bertl", "random"), SeatSpec.computer("Carlo", "random"))))
    for chair in table.seats:
        chair.player = held
    recorder = Recorder()
    table.observe(recorder)
    runner = asyncio.create_task(table.run())
    await asyncio.to_thread(held.thinking.wait, 60)
    table.stop()
    held.let_go.set()
    await asyncio.wait_for(runner, 60)
    assert table.actions == [] and recorder.moves == [], "the choice came after the stop: it is dropped"


async def test_a_table_stopped_just_as_its_wait_ends_stops_though_the_cancellation_is_lost():
    """asyncio.wait_for (3.11) swallows a cancellation that comes as what it waits for
    ends; the run must stop all the same (a closed table once played on for hands)."""
    table = Table.for_spec(two_people_two_computers())
    mia = LocalClient(table, 0)
    for chair in table.seats:
        chair.time_limit = 60.0
    runner = asyncio.create_task(table.run())
    for _ in range(60_000):
        if mia.needed or runner.done():
            break
        await asyncio.sleep(0.001)
    assert mia.needed, "the table waits for Mia"
    table.set_away(0, True)  # ends the wait (a computer player acts for her now)…
    table.stop()
    runner.cancel()  # …and the cancellation that comes with it is lost in wait_for
    await asyncio.wait([runner], timeout=60)
    done = len(table.actions)
    for _ in range(100):
        await asyncio.sleep(0)
    assert runner.done() and len(table.actions) == done


async def test_a_closed_table_refuses_every_action_and_tells_no_observer():
    table = Table.for_spec(two_people_two_computers())
    recorder = Recorder()
    table.observe(recorder)
    table.close()
    with pytest.raises(IllegalAction, match="the table is closed"):
        table.act(0, table.game.parse_action("in"))
    table.result_read(0)
    assert recorder.moves == [] and table.actions == []


# --- the clock --------------------------------------------------------------------------------

async def test_a_persons_clock_runs_down_while_they_are_asked_and_starts_full_at_each_turn():
    table = Table.for_spec(two_people_two_computers())
    now = [1000.0]
    table.now = lambda: now[0]
    for seat in (0, 2):
        table.seats[seat].time_limit = 60.0
    clients = {0: LocalClient(table, 0), 2: LocalClient(table, 2)}
    told = []
    table.on_waiting = told.append
    runner = asyncio.create_task(table.run())
    try:
        turns = again = 0
        for _ in range(60_000):  # bounded generously: the computer players think on other threads
            if turns >= 30 and again:
                break
            for seat, client in clients.items():
                if client.result_unread:
                    client.result_read()
                elif client.needed and table.game.current_seat == seat:
                    assert told[-1].clock == (seat, 60.0), "told as the wait began"
                    now[0] += 10
                    assert table.clock() == (seat, 50.0), "as it runs down"
                    await client.send(client.view.legal[0])
                    turns += 1
                    if table.game.current_seat == seat:
                        again += 1
                        assert table.clock() == (seat, 60.0), "the next turn's clock starts full"
                    elif table.game.current_seat in (1, 3):
                        assert table.clock() is None, "a computer player has no clock"
            await asyncio.sleep(0.001)
        assert turns >= 30 and again, "enough turns, one of them right after the same person's"
    finally:
        runner.cancel()
