"""The hub without SSH: tables made, joined, started, watched, left; people away and
back; saved and taken back; every attendee told only what its seat may see."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest

from ramsli_tui.games.protocol import IllegalAction
from ramsli_tui.games.ramsli.engine.events import CardsDealt, HandSettled
from ramsli_tui.net import protocol
from ramsli_tui.storage.history import HandHistory
from ramsli_tui.net.hub import Hub, HubRefusal, Player, Policy
from ramsli_tui.net.journal import Journal
from ramsli_tui.net.json_session import JsonSession
from ramsli_tui.net.store import ServerFolder
from ramsli_tui.table.updates import Clock, Reading, Waiting

from tests.net.kit import QUICK


class Listener:
    """An attendee that keeps all it is told."""

    reads_results = False

    def __init__(self, name: str):
        self.player = Player(name, f"SHA256:{name}-key")
        self.seats: list[tuple[int, int | None]] = []
        self.updates: list[tuple[int, int | None, object]] = []
        self.notices: list[str] = []
        self.talk: list[tuple[int, str, str]] = []
        self.closings: list[tuple[int, int | None, str]] = []
        self.waits: list[tuple[int, int | None, object]] = []

    def seated(self, table, seat):
        self.seats.append((table, seat))

    def updated(self, table, seat, update, names):
        self.updates.append((table, seat, update))

    def noticed(self, table, message):
        self.notices.append(message)

    def said(self, table, name, text):
        self.talk.append((table, name, text))

    def closed(self, table, seat, reason, view, names):
        self.closings.append((table, seat, reason))

    def waiting(self, table, seat, waiting):
        self.waits.append((table, seat, waiting))

    @property
    def last(self):
        return self.updates[-1][2]


class Lines:
    """An outbox that keeps each message a program is sent, read back from its line."""

    def __init__(self, into: list[dict]):
        self.into = into

    def send(self, data: bytes) -> None:
        self.into.append(json.loads(data))


def new_hub(folder, thinkers, policy: Policy = QUICK) -> Hub:
    return Hub(ServerFolder(folder), HandHistory.open(folder), thinkers, policy, Journal(open("/dev/null", "w")))


async def until(condition, timeout: float = 30.0, what: str = "the condition") -> None:
    for _ in range(int(timeout / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} did not come within {timeout} s")


def act_if_asked(hub: Hub, listener: Listener, table: int) -> bool:
    """The listener's seat takes its first legal action if the table waits for it."""
    if not listener.updates:
        return False
    _, seat, update = listener.updates[-1]
    view = update.view
    if seat is None or view.current_seat != seat or not view.legal:
        return False
    try:
        hub.act(listener, table, str(sorted(map(str, view.legal))[0]))
    except IllegalAction:
        return False  # the table is not waiting for it yet
    return True


async def play_until(hub: Hub, people: list[Listener], table: int, done, timeout: float = 60.0) -> None:
    for _ in range(int(timeout / 0.005)):
        if done():
            return
        for person in people:
            act_if_asked(hub, person, table)
        await asyncio.sleep(0.005)
    raise AssertionError("the table did not get there")


def two_at_a_table(hub: Hub, ruleset: str = "classic") -> tuple[Listener, Listener, int]:
    mia, zora = Listener("mia"), Listener("zora")
    number = hub.create(mia, "ramsli", ruleset, 4, ["normal", "normal"])
    hub.join(zora, number, None)
    return mia, zora, number


# --- making and starting tables -------------------------------------------------------------

async def test_a_new_table_seats_its_creator_and_waits_for_its_open_seats(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia = Listener("mia")
    number = hub.create(mia, "ramsli", "classic", 4, ["hard", "normal"])
    assert mia.seats == [(number, 0)]
    assert mia.updates == [], "nothing is dealt before every seat is taken"
    [listed] = hub.listing()
    assert listed == {
        "table": number, "game": "ramsli", "ruleset": "classic", "players": 4, "hand": 0,
        "seats": [{"seat": 0, "name": "mia", "kind": "person", "rating": None},
                  {"seat": 1, "name": None, "kind": "open", "rating": None},
                  {"seat": 2, "name": "Anna", "kind": "bot", "rating": None},
                  {"seat": 3, "name": "Bertl", "kind": "bot", "rating": None}],
    }
    kept = json.loads((tmp_path / "tables" / f"{number}.json").read_text())
    assert kept["owners"] == [mia.player.key, None, None, None] and not kept["started"]


async def test_a_table_starts_when_its_last_open_seat_is_taken_and_everyone_gets_a_full_update(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, number = two_at_a_table(hub)
    assert zora.seats == [(number, 1)]
    for person, seat in ((mia, 0), (zora, 1)):
        table, at, update = person.updates[0]
        assert (table, at, update.view.seat) == (number, seat, seat)
        dealt = [event for event in update.events if isinstance(event, CardsDealt)]
        assert [event.seat for event in dealt] == [seat], "each is dealt only their own cards"
    assert hub.listing()[0]["hand"] == 1
    await hub.stop()


async def test_only_its_creator_starts_a_table_and_its_open_seats_get_normal_computer_players(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora = Listener("mia"), Listener("zora")
    number = hub.create(mia, "ramsli", "classic", 5, ["hard"])
    hub.join(zora, number, 2)
    with pytest.raises(HubRefusal, match="only the person who made table"):
        hub.start(zora, number)
    hub.start(mia, number)
    kinds = [(seat["kind"], seat["name"]) for seat in hub.listing()[0]["seats"]]
    assert kinds == [("person", "mia"), ("bot", "Bertl"), ("person", "zora"), ("bot", "Carlo"), ("bot", "Anna")]
    assert [seat.strength for seat in hub.tables[number].spec.seats] == [None, "normal", None, "normal", "hard"]
    with pytest.raises(HubRefusal, match="has started already"):
        hub.start(mia, number)
    await hub.stop()


@pytest.mark.parametrize("game, ruleset, players, bots, words", [
    ("chess", "classic", 4, [], "there is no game 'chess' here; the games are ramsli, rami"),
    ("ramsli", "/etc/passwd", 4, [], "no ruleset '/etc/passwd' here; the rulesets are bete-pot, classic"),
    ("ramsli", "../classic", 4, [], "no ruleset '../classic' here"),
    ("ramsli", "classic", 9, [], "the classic rules are for 3 to 6 players, not 9"),
    ("ramsli", "classic", 4, ["genius"], "no computer player 'genius'; choose from random, normal, hard"),
    ("ramsli", "classic", 3, ["normal", "normal", "normal"], "a table of 3 has room for 2 computer players beside you, not 3"),
])
async def test_a_table_that_cannot_be_made_is_refused_in_words(tmp_path, thinkers, game, ruleset, players, bots, words):
    hub = new_hub(tmp_path, thinkers)
    with pytest.raises(HubRefusal, match=words.replace("(", r"\(").replace(")", r"\)")):
        hub.create(Listener("mia"), game, ruleset, players, bots)
    assert hub.listing() == [] and not list((tmp_path / "tables").glob("*.json"))


async def test_the_hub_holds_so_many_tables_and_a_person_sits_at_so_many(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers, Policy(max_tables=3, tables_per_person=2, bot_delay=0))
    mia, zora = Listener("mia"), Listener("zora")
    for _ in range(2):
        hub.create(mia, "ramsli", "classic", 3, [])
    with pytest.raises(HubRefusal, match="you sit at 2 tables, as many as one person may; leave one first"):
        hub.create(mia, "ramsli", "classic", 3, [])
    with pytest.raises(HubRefusal, match="you sit at 2 tables, as many as one person may"):
        hub.join(mia, hub.create(zora, "ramsli", "classic", 3, []), None)
    with pytest.raises(HubRefusal, match="the server has 3 tables, as many as it holds; join one of them"):
        hub.create(zora, "ramsli", "classic", 3, [])
    await hub.stop()


async def test_a_seat_that_is_not_open_or_a_table_that_is_not_there_is_refused(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, nina = Listener("mia"), Listener("zora"), Listener("nina")
    number = hub.create(mia, "ramsli", "classic", 4, ["normal"])
    with pytest.raises(HubRefusal, match="seat 3 of table 1 is not open; the open seats are 1, 2"):
        hub.join(zora, number, 3)
    with pytest.raises(HubRefusal, match="there is no table 7"):
        hub.join(zora, 7, None)
    hub.join(mia, number, None)
    assert mia.seats == [(number, 0), (number, 0)], "asking for her own seat again is answered as the first time"
    with pytest.raises(HubRefusal, match="you sit at seat 0 of table 1, not 2"):
        hub.join(mia, number, 2)
    hub.join(zora, number, 2)
    hub.join(nina, number, None)
    with pytest.raises(HubRefusal, match="has started and has no open seat; watch it instead"):
        hub.join(Listener("otto"), number, None)
    await hub.stop()


# --- what each one sees ----------------------------------------------------------------------

async def test_a_spectator_sees_every_public_event_and_no_card_of_any_hand(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, number = two_at_a_table(hub)
    otto = Listener("otto")
    hub.watch(otto, number)
    assert otto.seats == [(number, None)]
    await play_until(hub, [mia, zora], number, lambda: hub.listing()[0]["hand"] >= 2)
    for _, seat, update in otto.updates:
        assert seat is None and update.view.seat is None and update.view.hand == ()
        assert update.round_end is None or update.round_end.hand == (), "the hand as it ended, public only"
        assert not [event for event in update.events if isinstance(event, CardsDealt)]
        message = protocol.update(number, 1, update.view, update.events, ("mia", "zora", "Anna", "Bertl"), seat)
        assert message["view"]["hand"] == [] and message["legal"] is None
    assert any(isinstance(event, HandSettled) for _, _, update in otto.updates for event in update.events)
    with pytest.raises(HubRefusal, match="you watch table 1 already"):
        hub.watch(otto, number)
    with pytest.raises(HubRefusal, match="you sit at table 1, at seat 0"):
        hub.watch(mia, number)
    await hub.stop()


async def test_programs_have_each_result_read_for_them_so_the_next_hand_comes(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, number = two_at_a_table(hub)
    await play_until(hub, [mia, zora], number, lambda: hub.listing()[0]["hand"] == 2)
    await until(lambda: mia.last.view.number == 2 and zora.last.view.number == 2, what="the second hand")
    await hub.stop()


async def test_a_face_that_shows_results_holds_the_next_hand_until_its_person_has_read_it(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora = Listener("mia"), Listener("zora")
    zora.reads_results = True  # as the full-screen app will, through the client seam
    number = hub.create(mia, "ramsli", "classic", 4, ["normal", "normal"])
    hub.join(zora, number, None)
    table = hub.tables[number].table
    await play_until(hub, [mia, zora], number, lambda: table.game.rounds_finished == 1)
    done = len(table.actions)
    await asyncio.sleep(0.2)
    assert len(table.actions) == done and table.needs(1), "the next hand waits for her"
    assert table.channel(1).result_unread and not table.channel(0).result_unread
    assert zora.last.round_end is not None, "she was sent the hand as it ended"
    hub.result_read(zora, number)
    await play_until(hub, [mia, zora], number, lambda: len(table.actions) > done)
    await hub.stop()


async def test_an_action_out_of_turn_or_not_an_action_is_refused_and_the_table_goes_on(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, number = two_at_a_table(hub)
    table = hub.tables[number].table
    await until(lambda: table.game.current_seat in (0, 1) and table._awaited_turn is not None, what="a person's turn")
    waiting, idle = (mia, zora) if table.game.current_seat == 0 else (zora, mia)
    with pytest.raises(IllegalAction) as refused:
        hub.act(idle, number, "in")
    assert protocol.refusal(refused.value) == f"you must wait for {waiting.player.name}"
    with pytest.raises(HubRefusal, match="is not a card"):
        hub.act(waiting, number, "dance")
    with pytest.raises(HubRefusal, match="you do not sit at table 1"):
        hub.act(Listener("otto"), number, "in")
    done = len(table.actions)
    await play_until(hub, [mia, zora], number, lambda: len(table.actions) > done + 4)
    await hub.stop()


# --- the clock and the results read ----------------------------------------------------------------

class FrozenClock:
    """A table's clock that moves only when a test moves it."""

    def __init__(self):
        self.at = 1000.0

    def __call__(self) -> float:
        return self.at


async def test_everyone_at_a_table_is_told_the_clock_of_the_seat_to_act_as_it_runs_down(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers, replace(QUICK, turn_limit=60.0))
    mia, zora, otto = Listener("mia"), Listener("zora"), Listener("otto")
    number = hub.create(mia, "ramsli", "classic", 3, ["normal"])
    hub.join(zora, number, None)
    table = hub.tables[number].table
    clock = table.now = FrozenClock()
    hub.watch(otto, number)
    await until(lambda: table._wait is not None and table._wait.turn in (0, 1), what="a person's turn")
    seat = table.game.current_seat
    for listener, at in ((mia, 0), (zora, 1), (otto, None)):
        _, told_at, waiting = listener.waits[-1]
        assert told_at == at and waiting.clock == Clock(seat, 60.0) and waiting.reading is None
    clock.at += 15.5
    assert hub.waiting(number).clock == Clock(seat, 44.5), "as it runs down"
    clock.at += 100
    assert hub.waiting(number).clock == Clock(seat, 0.0), "never below nothing"
    [person] = [listener for listener in (mia, zora) if listener.seats[0][1] == seat]
    hub.act(person, number, sorted(map(str, table.game.legal_actions()))[0])
    if table.game.current_seat == 2:
        assert hub.waiting(number).clock is None, "a computer player has no clock"
    await hub.stop()


async def test_a_program_is_sent_the_clock_in_its_updates_and_when_it_starts_after_a_result(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers, replace(QUICK, turn_limit=60.0))
    sent: list[dict] = []
    program = JsonSession(hub, Player("otto", "SHA256:otto-key"), Lines(sent), Journal(open("/dev/null", "w")))
    mia, zora = Listener("mia"), Listener("zora")
    mia.reads_results = True
    number = hub.create(mia, "ramsli", "classic", 3, [])
    hub.join(zora, number, None)
    program.handle(json.dumps({"op": "join", "table": number}).encode())
    table = hub.tables[number].table

    def settled() -> bool:
        act_if_asked(hub, mia, number)
        act_if_asked(hub, zora, number)
        last = [message for message in sent if message["type"] == "update"][-1]
        if last["legal"]:
            program.handle(json.dumps({"op": "act", "table": number, "action": last["legal"][0]}).encode())
        return table.game.rounds_finished == 1

    await until(settled, what="the first hand's end")
    updates = [message for message in sent if message["type"] == "update"]
    played = [message for message in updates if not any(event["event"] == "hand_settled" for event in message["events"])]
    assert all(message["clock"]["seat"] == message["view"]["to_act"] for message in played), "every seat is a person's"
    assert all(0 < message["clock"]["seconds_left"] <= 60 for message in played)
    assert "clock" not in updates[-1], "while mia reads the result, nobody's clock runs"
    assert updates[-1]["legal"] is None, "nor is anyone asked to act"
    seen = len(sent)
    hub.result_read(mia, number)
    await until(lambda: any(message["type"] == "update" for message in sent[seen:]), what="the next hand's first clock")
    [started] = [message for message in sent[seen:] if message["type"] == "update"]
    assert started["events"] == [] and started["clock"] == {"seat": table.game.current_seat, "seconds_left": 60}
    assert (started["legal"] is not None) == (table.game.current_seat == 2), "asked now, if it is the program's turn"
    assert started["seq"] == updates[-1]["seq"] + 1, "numbered with the others"
    await hub.stop()


async def test_who_has_read_a_result_is_told_to_everyone_until_the_next_hand_starts(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers, replace(QUICK, turn_limit=60.0))
    mia, zora = Listener("mia"), Listener("zora")
    mia.reads_results = zora.reads_results = True
    number = hub.create(mia, "ramsli", "classic", 3, ["normal"])
    hub.join(zora, number, None)
    table = hub.tables[number].table
    table.now = FrozenClock()
    await play_until(hub, [mia, zora], number, lambda: table.game.rounds_finished == 1)
    await until(lambda: table._wait is not None and table._wait.turn is None, what="the wait for the readers")
    assert mia.waits[-1][2] == Waiting(None, Reading((), (0, 1), 60.0))
    hub.result_read(zora, number)
    assert hub.waiting(number).reading.read == (1,) and hub.waiting(number).reading.unread == (0,)
    for listener in (mia, zora):
        assert listener.waits[-1][2].reading[:2] == ((1,), (0,)), "both are told zora has read it"
    done = len(table.actions)
    await asyncio.sleep(0.2)
    assert len(table.actions) == done, "the next hand waits for mia"
    hub.result_read(mia, number)
    assert hub.waiting(number).reading is None
    await play_until(hub, [mia, zora], number, lambda: len(table.actions) > done)
    await hub.stop()


# --- away, back, leaving -----------------------------------------------------------------------

async def test_a_person_here_who_does_not_act_in_time_has_a_computer_player_act_for_them(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers, Policy(away_after=30, turn_limit=0.05, bot_delay=0))
    mia = Listener("mia")
    number = hub.create(mia, "ramsli", "classic", 3, ["normal", "normal"])
    table = hub.tables[number].table
    await until(lambda: any(seat == 0 for seat, _ in table.game.current_hand.actions) or table.game.rounds_finished,
                what="an action for mia")
    assert "mia took too long: a computer player acted for them." in mia.notices
    assert table.seats[0].person and not table.seats[0].away, "she is still there, and plays her next turn"
    await hub.stop()


async def test_a_person_gone_a_while_is_played_for_until_they_come_back(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, number = two_at_a_table(hub)
    table = hub.tables[number].table
    hub.disconnected(zora)
    await until(lambda: any("zora is away" in notice for notice in mia.notices), what="the notice of zora away")
    assert table.seats[1].away
    await play_until(hub, [mia], number, lambda: any(seat == 1 for seat, _ in table.game.current_hand.actions)
                     or table.game.rounds_finished > 0)
    back = Listener("zora")
    hub.connected(back)
    assert back.seats == [(number, 1)] and back.updates[0][2].view.seat == 1
    assert not table.seats[1].away
    assert "zora is back." in mia.notices
    await hub.stop()


async def test_a_table_with_nobody_left_at_it_waits_for_them(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia = Listener("mia")
    number = hub.create(mia, "ramsli", "classic", 3, ["normal", "normal"])
    table = hub.tables[number].table
    hub.disconnected(mia)
    await until(lambda: hub.tables[number].runner is None, what="the table to wait")
    done = len(table.actions)
    await asyncio.sleep(0.3)
    assert len(table.actions) == done, "nothing is played while nobody is there"
    assert not any(channel.needed.is_set() for channel in table.channels), "it waits: nobody is wanted"
    again = Listener("mia")
    hub.connected(again)
    assert hub.tables[number].runner is not None
    await play_until(hub, [again], number, lambda: len(table.actions) > done)
    await hub.stop()


async def test_a_person_who_leaves_gives_the_seat_to_a_computer_player(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, number = two_at_a_table(hub)
    table = hub.tables[number].table
    hub.leave(zora, number)
    seat = hub.listing()[0]["seats"][1]
    assert seat == {"seat": 1, "name": "Carlo", "kind": "bot", "rating": None}
    assert not table.seats[1].person and table.names[1] == "Carlo"
    assert "zora left the table: Carlo, a computer player, plays the seat." in mia.notices
    with pytest.raises(HubRefusal, match="you do not sit at table 1"):
        hub.act(zora, number, "in")
    done = len(table.actions)
    await play_until(hub, [mia], number, lambda: len(table.actions) > done + 3)
    hub.leave(mia, number)
    assert hub.listing() == [], "a table nobody sits at is closed"
    assert (tmp_path / "tables" / "closed" / "1.json").exists() and not (tmp_path / "tables" / "1.json").exists()
    await hub.stop()


async def test_leaving_a_table_not_yet_started_opens_the_seat_again(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora = Listener("mia"), Listener("zora")
    number = hub.create(mia, "ramsli", "classic", 4, [])
    hub.join(zora, number, None)
    hub.leave(mia, number)
    assert [seat["kind"] for seat in hub.listing()[0]["seats"]] == ["open", "person", "open", "open"]
    hub.start(zora, number)  # the creator left: the next person may start it
    assert hub.listing()[0]["hand"] == 1
    await hub.stop()


# --- kept -------------------------------------------------------------------------------------------

async def test_a_hub_started_again_takes_back_every_table_where_it_was(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, number = two_at_a_table(hub)
    table = hub.tables[number].table
    await play_until(hub, [mia, zora], number, lambda: len(table.actions) >= 6)
    await hub.stop()
    actions, listing = list(table.actions), hub.listing()

    again = new_hub(tmp_path, thinkers)
    again.restore()
    assert again.listing() == listing
    back = Listener("mia")
    again.connected(back)
    view = back.updates[0][2].view
    assert back.seats == [(number, 0)]
    assert again.tables[number].table.actions[:len(actions)] == actions, "every action kept"
    assert view.hand == table.game.view(0).hand and view.tricks == table.game.view(0).tricks
    await again.stop()


# --- Rami Simple at the hub ------------------------------------------------------------------

async def test_a_rami_table_is_played_and_told_in_the_words_of_rami_result(tmp_path, thinkers):
    from ramsli_tui.games.rami.engine.events import HandScored

    hub = new_hub(tmp_path, thinkers)
    mia = Listener("mia")
    number = hub.create(mia, "rami", "simple", 2, ["normal"])
    assert hub.listing()[0]["game"] == "rami"

    def scored():
        return any(isinstance(event, HandScored) for _, _, update in mia.updates for event in update.events)

    await play_until(hub, [mia], number, scored, timeout=30.0)
    for table, seat, update in mia.updates:
        message = protocol.update(table, 1, update.view, update.events, ("mia", "Anna"), seat)
        json.dumps(message)
        view = message["view"]
        assert view["game"] == "rami" and view["seat"] == 0 and len(view["hand"]) == view["counts"][0]
        assert set(view) >= {"talon", "jetee", "tournante", "scores", "to_act", "out", "phase"}
        told = [event for event in message["events"] if event["event"] in ("dealt", "talon_card")]
        assert all(event["seat"] == 0 for event in told), "nobody is told another seat's cards"
        assert message["legal"] is None or all(isinstance(action, str) for action in message["legal"])
    last = protocol.update(number, 1, mia.updates[-1][2].view, (), ("mia", "Anna"), 0)["view"]
    assert last["out"] is not None or any(score for score in last["scores"]), "the hand was won and scored"
    await hub.stop()


async def test_people_at_a_table_talk_in_short_escaped_lines_that_everyone_there_hears(tmp_path, thinkers, monkeypatch):
    hub = new_hub(tmp_path, thinkers)
    mia, zora, number = two_at_a_table(hub)
    otto, lena = Listener("otto"), Listener("lena")
    hub.watch(otto, number)
    hub.create(lena, "ramsli", "classic", 3, ["normal", "normal"])  # at another table: hears nothing
    clock = iter(range(0, 1000, 2))
    monkeypatch.setattr("ramsli_tui.net.hub.time.monotonic", lambda: next(clock))
    hub.say(mia, number, "  good luck \x1b[2J all\u202e ")
    heard = (number, "mia", "good luck \\x1b[2J all\\u202e")
    assert mia.talk == zora.talk == otto.talk == [heard] and lena.talk == []
    for who, text, refusal in [
        (otto, "hello", "only the people who sit at table 1 may talk there"),
        (zora, "   ", "there is nothing to say in an empty line"),
        (zora, "x" * 201, "a line said at a table holds at most 200 characters, not 201"),
    ]:
        with pytest.raises(HubRefusal, match=refusal):
            hub.say(who, number, text)
    hub.say(zora, number, "x" * 200)
    assert otto.talk[-1] == (number, "zora", "x" * 200)
    monkeypatch.setattr("ramsli_tui.net.hub.time.monotonic", lambda: 500.5)
    hub.say(zora, number, "again")  # a second after her last line
    with pytest.raises(HubRefusal, match="you spoke a moment ago"):
        hub.say(zora, number, "and again")
    await hub.stop()


# --- tables that close ------------------------------------------------------------------------------

async def test_a_session_that_ends_closes_its_table_and_tells_everyone_at_it_spectators_too(tmp_path, thinkers,
                                                                                            own_rulesets):
    from ramsli_tui.net.hub import TableClosed

    hub = new_hub(tmp_path, thinkers)
    mia, zora, otto = Listener("mia"), Listener("zora"), Listener("otto")
    number = hub.create(mia, "ramsli", "one-hand", 3, ["normal"])
    hub.join(zora, number, None)
    hub.watch(otto, number)
    await play_until(hub, [mia, zora], number, lambda: number not in hub.tables)
    assert mia.closings == [(number, 0, "finished")] and zora.closings == [(number, 1, "finished")]
    assert otto.closings == [(number, None, "finished")], "the spectator is told too"
    assert mia.last.over, "the last update, with the session's end, came before"
    for request in (lambda: hub.result_read(mia, number), lambda: hub.act(mia, number, "in"),
                    lambda: hub.watch(otto, number), lambda: hub.opening(mia, number)):
        with pytest.raises(TableClosed, match=f"table {number} is over: its session is over"):
            request()
    with pytest.raises(HubRefusal, match="there is no table 99"):
        hub.act(mia, 99, "in")
    assert not hub.alone(mia.player, number), "a closed table has nobody alone at it"
    await hub.stop()


async def test_a_table_nobody_came_to_is_closed_after_a_while_and_not_taken_back_at_a_restart(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers, replace(QUICK, abandoned_after=0.2))
    mia, zora = Listener("mia"), Listener("zora")
    kept = hub.create(mia, "ramsli", "classic", 4, [])  # mia stays at this one
    gone = hub.create(zora, "ramsli", "classic", 4, [])
    hub.disconnected(zora)
    await until(lambda: gone not in hub.tables, what="the abandoned table's closing")
    assert zora.closings == [] and kept in hub.tables, "nobody was there to tell; mia's table stays"
    assert (tmp_path / "tables" / "closed" / f"{gone}.json").exists()

    back = hub.create(zora, "ramsli", "classic", 3, [])
    hub.disconnected(zora)
    hub.connected(zora)  # back in time: the table waits for her again
    await asyncio.sleep(0.4)
    assert back in hub.tables
    hub.disconnected(zora)
    hub.disconnected(mia)
    await hub.stop()
    await asyncio.sleep(0.3)  # longer than a while since they left: a restart finds them abandoned

    assert (tmp_path / "tables" / f"{back}.json").exists(), "the stopped hub closed nothing after its stop"
    again = new_hub(tmp_path, thinkers, replace(QUICK, abandoned_after=0.2))
    again.restore()
    assert again.listing() == [], "a table nobody came to is never taken back"
    assert (tmp_path / "tables" / "closed" / f"{back}.json").exists()
    await again.stop()


async def test_a_table_waiting_when_the_server_restarts_waits_a_while_for_its_people(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers, replace(QUICK, abandoned_after=60.0))
    mia = Listener("mia")
    number = hub.create(mia, "ramsli", "classic", 4, [])
    await hub.stop()
    again = new_hub(tmp_path, thinkers, replace(QUICK, abandoned_after=60.0))
    again.restore()
    assert [table["table"] for table in again.listing()] == [number]
    assert again.tables[number].abandon_timer is not None, "nobody is there after a restart: its while runs"
    again.connected(Listener("mia"))
    assert again.tables[number].abandon_timer is None and again.tables[number].record.deserted_at is None
    await again.stop()


async def test_one_key_and_one_address_make_so_many_tables_an_hour(tmp_path, thinkers, monkeypatch):
    hub = new_hub(tmp_path, thinkers, replace(QUICK, new_tables_per_hour=3, max_tables=100, tables_per_person=100))
    clock = [1000.0]
    monkeypatch.setattr("ramsli_tui.net.hub.time.monotonic", lambda: clock[0])

    def person(name: str, address: str) -> Listener:
        listener = Listener(name)
        listener.player = listener.player._replace(address=address)
        return listener

    mia, otto = person("mia", "10.0.0.7"), person("otto", "10.0.0.7")
    for maker in (mia, mia, otto):
        hub.create(maker, "ramsli", "classic", 3, ["normal"])
    with pytest.raises(HubRefusal, match=r"as many tables were made from your address in the last hour as may be "
                                         r"\(3\); join one, or make one in 60 minutes"):
        hub.create(otto, "ramsli", "classic", 3, ["normal"])  # another key, the same address
    travelling = person("mia", "10.0.0.9")
    hub.create(travelling, "ramsli", "classic", 3, ["normal"])
    with pytest.raises(HubRefusal, match="as many tables were made from your key in the last hour"):
        hub.create(travelling, "ramsli", "classic", 3, ["normal"])  # the same key, another address
    hub.create(person("lena", "10.0.0.8"), "ramsli", "classic", 3, ["normal"])
    clock[0] += 3600
    hub.create(otto, "ramsli", "classic", 3, ["normal"])  # an hour later
    await hub.stop()


async def act_once_at(hub: Hub, listener: Listener, number: int) -> None:
    """The listener's first legal action at table ``number``, once the table waits for it."""
    for _ in range(6000):
        view = next((update.view for table, _, update in reversed(listener.updates) if table == number), None)
        if view is not None and view.current_seat == 0 and view.legal:
            try:
                hub.act(listener, number, str(sorted(map(str, view.legal))[0]))
                return
            except IllegalAction:
                pass  # the table is not waiting for it yet
        await asyncio.sleep(0.01)
    raise AssertionError(f"table {number} never waited for {listener.player.name}")


async def test_someone_who_comes_back_goes_to_the_table_they_acted_at_last_even_after_a_restart(tmp_path, thinkers):
    hub = new_hub(tmp_path, thinkers, replace(QUICK, turn_limit=600.0))
    mia = Listener("mia")
    first = hub.create(mia, "ramsli", "classic", 3, ["normal", "normal"])
    second = hub.create(mia, "ramsli", "classic", 3, ["normal", "normal"])
    assert hub.last_table(mia.player) in (first, second) and hub.last_table(Listener("otto").player) is None
    for number in (second, first, second):
        await act_once_at(hub, mia, number)
        assert hub.last_table(mia.player) == number
    hub.disconnected(mia)
    await hub.stop()
    again = new_hub(tmp_path, thinkers)
    again.restore()
    assert again.last_table(mia.player) == second, "the lowest number is not what she played last"
    await again.stop()
