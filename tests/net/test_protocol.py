"""The codec of ``ramsli-table/1``: lines cut and bounded, requests checked, and views,
events and refusals told in the words of the contract."""

from __future__ import annotations

import json
import random

import pytest

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import IllegalAction
from ramsli_tui.games.ramsli.engine import Action
from ramsli_tui.games.ramsli.engine import events as ramsli_events
from ramsli_tui.net import protocol
from ramsli_tui.net.protocol import TOO_LONG, BadRequest, Lines, Request
from ramsli_tui.table.updates import Clock


# --- lines ---------------------------------------------------------------------------------------

def test_lines_are_cut_at_newlines_whatever_the_pieces_they_come_in():
    lines = Lines()
    assert lines.feed(b'{"op": "li') == []
    assert lines.feed(b'st"}\n{"op"') == [b'{"op": "list"}']
    assert lines.feed(b': "list"}\r\n\n') == [b'{"op": "list"}\r', b""]


def test_a_line_over_the_limit_is_refused_once_and_the_next_line_is_read():
    lines = Lines(limit=10)
    assert lines.feed(b"123456789\n") == [b"123456789"], "nine bytes and the newline fit"
    assert lines.feed(b"1234567890") == [TOO_LONG]
    assert lines.feed(b"more of the same line") == [], "the rest of it is skipped, not kept"
    assert lines.pending == bytearray()
    assert lines.feed(b" end\nnext\n") == [b"next"]
    assert lines.feed(b"1234567890\nok\n") == [TOO_LONG, b"ok"]


# --- requests --------------------------------------------------------------------------------------

def test_a_request_is_checked_field_by_field():
    assert protocol.request(b'{"op": "list"}') == Request("list", {})
    assert protocol.request(b'{"op": "join", "table": 2}') == Request("join", {"table": 2})
    assert protocol.request(b'{"op": "join", "table": 2, "seat": null}') == Request("join", {"table": 2})
    assert protocol.request(b'{"op": "act", "table": 1, "action": "KS", "note": "hi"}') == \
        Request("act", {"table": 1, "action": "KS"}), "fields it does not know are left aside"
    create = b'{"op": "create", "game": "ramsli", "ruleset": "classic", "players": 4, "bots": ["hard"]}'
    assert protocol.request(create).fields["bots"] == ["hard"]
    assert protocol.request(b"   \r") is None, "a blank line is no request"


@pytest.mark.parametrize("line, op, words", [
    (b"hello", None, "a line must hold one JSON object (Expecting value)"),
    (b"\xff\xfe", None, "a line must be UTF-8 text holding one JSON object"),
    (b'{"op": NaN}', None, "a line must hold one JSON object (NaN is not JSON)"),
    (b"[" * 2000, None, "a line must hold one JSON object (it is nested too deep)"),
    (b'["list"]', None, 'a request must be a JSON object with an "op", such as {"op": "list"}'),
    (b'{"op": 3}', None, 'a request must be a JSON object with an "op"'),
    (b'{"op": "dance"}', "dance", "there is no op 'dance'; the ops are list, create, join, start, watch, act, leave"),
    (b'{"op": "join"}', "join", "join needs 'table': a table's number"),
    (b'{"op": "join", "table": "2"}', "join", "join: 'table' must be a table's number, not '2'"),
    (b'{"op": "join", "table": true}', "join", "join: 'table' must be a table's number, not true"),
    (b'{"op": "create", "game": "ramsli", "ruleset": "classic", "players": 4, "bots": "hard"}', "create",
     "create: 'bots' must be a list of computer players' strengths, not 'hard'"),
    (b'{"op": "act", "table": 1, "action": ""}', "act", "act: 'action' must be an action"),
])
def test_a_line_that_is_not_a_request_names_what_is_wrong_and_its_op(line, op, words):
    with pytest.raises(BadRequest) as refused:
        protocol.request(line)
    assert refused.value.op == op
    assert str(refused.value).startswith(words)


# --- what the server sends -------------------------------------------------------------------------

def a_game(seed: int = 4):
    kind = game_named("ramsli")
    return kind.new_game(kind.load_rules("classic"), 4, seed)


def test_an_update_tells_the_view_in_the_words_of_ramsli_result():
    game = a_game()
    seat = game.current_seat
    message = protocol.update(3, 7, game.view(seat), game.opening_events, ("a", "b", "c", "d"), seat)
    view = message["view"]
    assert message["type"] == "update" and message["table"] == 3 and message["seq"] == 7
    assert view == {
        "hand": [card.code for card in game.view(seat).hand], "seat": seat, "dealer": game.hand.dealer,
        "hand_number": 1, "trump": game.hand.trump.letter, "turn_up": game.hand.turn_up.code,
        "declarations": [None] * 4, "active": [], "announcement": None, "tricks": [], "tricks_won": [0] * 4,
        "stacks": list(game.hand.stacks), "pot": game.hand.pot, "to_act": seat, "names": ["a", "b", "c", "d"],
    }
    assert message["legal"] == ["in", "out"]
    other = (seat + 1) % 4
    assert protocol.update(3, 8, game.view(other), (), "abcd", other)["legal"] is None, "not its turn"
    json.dumps(message)


def test_an_update_carries_the_clock_of_the_seat_to_act_in_whole_seconds_only_when_it_has_one():
    game = a_game()
    seat = game.current_seat
    timed = protocol.update(3, 7, game.view(seat), (), "abcd", seat, Clock(seat, 41.2))
    assert timed["clock"] == {"seat": seat, "seconds_left": 42}, "rounded up: 0 only once the time is out"
    assert protocol.update(3, 7, game.view(seat), (), "abcd", None, Clock(seat, 0.0))["clock"]["seconds_left"] == 0
    assert "clock" not in protocol.update(3, 8, game.view(seat), (), "abcd", seat), "no limit, no clock"
    assert json.loads(protocol.encoded(timed))["clock"] == timed["clock"]


def test_a_spectator_is_shown_no_hand_and_no_choices():
    game = a_game()
    message = protocol.update(1, 1, game.view(game.current_seat), (), "abcd", None)
    assert message["view"]["hand"] == [] and message["view"]["seat"] is None and message["legal"] is None


def test_the_view_of_a_hand_in_play_names_declarations_tricks_and_announcements_as_the_results_do():
    game = a_game(seed=11)
    rng = random.Random(2)
    while not game.view(0).tricks or not game.view(0).tricks[0].plays:
        game.apply(rng.choice([action for action in game.legal_actions() if action.kind != "out"] or game.legal_actions()))
    view = protocol.view_json(game.view(0), "abcd", 0)
    assert set(view["declarations"]) <= {"in", "out"}
    [trick] = view["tricks"]
    assert trick["winner"] is None and all(isinstance(code, str) and len(code) == 2 for _, code in trick["plays"])
    assert protocol.announcement((2, "nap", 3)) == {"seat": 2, "kind": "nap", "target": 3}
    assert protocol.announcement((1, "general_rams", None)) == {"seat": 1, "kind": "general_rams"}


def test_every_event_of_a_session_is_told_with_public_fields_and_the_cut_as_the_contract_shows():
    game = a_game(seed=5)
    events = list(game.opening_events)
    rng = random.Random(1)
    while game.rounds_finished < 3:
        events += game.apply(rng.choice(game.legal_actions()))
    told = [protocol.event_json(event) for event in events]
    json.dumps(told)
    cut = told[0]
    draws = events[0].draws
    assert cut == {"event": "cut", "cards": [[seat, card.code] for draw in draws for seat, card in draw],
                   "dealer": events[0].dealer}
    names = {entry["event"] for entry in told}
    assert {"cut", "hand_started", "dealt", "trump_turned", "declared", "hand_settled"} <= names
    dealt = next(entry for entry in told if entry["event"] == "dealt")
    assert set(dealt) == {"event", "seat", "cards"} and len(dealt["cards"]) == 5
    settled = next(entry for entry in told if entry["event"] == "hand_settled")
    assert set(settled) == {"event", "hand_number", "outcome", "winners", "bete", "payments", "stacks", "pot", "changes"}


def test_every_kind_of_event_the_engine_has_can_be_told():
    kinds = {value for value in vars(ramsli_events).values()
             if isinstance(value, type) and hasattr(value, "_fields") and hasattr(value, "private_to")}
    assert kinds == set(protocol.EVENT_JSON)


def a_card_that_must_not_be_played():
    """A game where the seat to act holds a card the rules refuse, and that card."""
    for seed in range(50):
        game = a_game(seed)
        while not game.is_over and game.rounds_finished == 0:
            view = game.view(game.current_seat)
            refused = [card for card in view.hand if Action.play(card) not in view.legal]
            if view.current_trick and refused:
                return game, refused[0]
            game.apply(next((action for action in view.legal if action.kind == "in"), view.legal[0]))
    raise AssertionError("no deal of fifty had a card to refuse")


def test_a_refused_action_is_told_to_its_player_with_cards_by_code():
    game, card = a_card_that_must_not_be_played()
    seat = game.current_seat
    with pytest.raises(IllegalAction) as refused:
        game.apply(Action.play(card), seat)
    words = protocol.refusal(refused.value)
    assert words.startswith("you must ") and not set(words) & set("♠♥♦♣")
    assert str(refused.value).replace(f"seat {seat}", "you").replace("it holds", "you hold") == words


def test_messages_are_one_line_each_in_utf8():
    line = protocol.encoded(protocol.welcome("Zoë"))
    assert line == '{"type":"welcome","protocol":"ramsli-table/1","player":"Zoë"}\n'.encode()
    assert protocol.encoded(protocol.error(None, "a\nb")).count(b"\n") == 1
    assert protocol.seated(2, None) == {"type": "seated", "table": 2, "seat": None}
    assert protocol.tables([]) == {"type": "tables", "tables": []}
