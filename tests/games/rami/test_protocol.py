"""Rami Simple behind the game protocol (games/protocol.py): the game kind the table finds
by name, checks that change nothing, refusals by message id, events that say who may see
them, rounds, clones, and a computer player that goes out through its view."""

import random
from collections import Counter

import pytest

from ramsli_tui.games import GAMES, game_named
from ramsli_tui.games.protocol import ComputerPlayer, IllegalAction, events_for, play_out
from ramsli_tui.games.rami import RAMI
from ramsli_tui.games.rami.engine import Action, Phase, RamiSession
from ramsli_tui.games.rami.engine.events import CardsDealt, Drew, TalonCardDrawn, WentOut
from ramsli_tui.games.rami.house_rules import SIMPLE

from tests.games.rami.kit import GOING_OUT, READY_13, TALON, StackedSession, cards, out, play_until_out


def test_the_game_kind_is_found_by_name_and_makes_games():
    assert game_named("rami") is RAMI and "rami" in GAMES
    rules = RAMI.load_rules("simple")
    assert rules.points_per_loser == 100 and rules.lost_at(2) == 300 and rules.lost_at(4) == 600
    with pytest.raises(ValueError, match="played for points, not chips"):
        RAMI.load_rules("simple", starting_chips=20)
    with pytest.raises(ValueError, match="not 3"):
        RAMI.check_players(rules, 3)
    first, second = RAMI.new_game(rules, 4, seed=9), RAMI.new_game(rules, 4, seed=9)
    assert first.opening_events == second.opening_events and first.dealer == second.dealer
    assert RAMI.strengths[0] == "random", "weakest first, as for Ramsli"
    with pytest.raises(ValueError, match="unknown computer player 'genius'"):
        RAMI.computer_player("genius")


def test_check_judges_an_action_without_taking_it():
    session = RamiSession(SIMPLE, 2, random.Random(3))
    seat = session.current_seat
    before = (session.view(0), session.view(1), list(session.hand.actions))
    session.check(session.legal_actions()[0], seat)
    with pytest.raises(IllegalAction) as refused:
        session.check(TALON, 1 - seat)
    assert refused.value.message == "not_your_turn" and refused.value.parameters == {"turn": seat}
    with pytest.raises(IllegalAction) as refused:
        session.check(TALON, seat)
    assert refused.value.message == "discard_first"
    assert str(refused.value).startswith(f"seat {seat} must discard now")
    assert refused.value.for_you().startswith("you must discard now")
    assert (session.view(0), session.view(1), list(session.hand.actions)) == before


def test_only_a_seats_own_cards_are_private_to_it():
    session = RamiSession(SIMPLE, 4, random.Random(4))
    for seat in range(4):
        dealt = [event for event in events_for(session.opening_events, seat) if isinstance(event, CardsDealt)]
        assert [event.seat for event in dealt] == [seat]
    session.apply(Action.discard(session.view(session.current_seat).hand[0]))
    drawer = session.current_seat
    events = session.apply(TALON)
    private = [event for event in events if event.private_to is not None]
    assert private == [TalonCardDrawn(drawer, session.hand.holdings[drawer][-1])]
    assert Drew(drawer, "talon", None) in events_for(events, (drawer + 1) % 4)
    assert not any(isinstance(event, TalonCardDrawn) for event in events_for(events, None))


def test_rounds_are_counted_and_the_last_one_can_be_seen_as_it_ended():
    session = StackedSession(SIMPLE, 2, random.Random(1), dealer=0)
    events = play_until_out(session, winner=0)
    assert session.rounds_finished == 1 and session.pause_after(events) == 2.0
    assert session.pause_after([]) == 1.0
    ended = session.last_round_view(1)
    assert ended.phase is Phase.OVER and ended.out.seat == 0 and ended.scores == (0, 100)
    assert ended.hand and session.last_round_view(0).hand == ()
    assert session.view(1).number == 2 and session.view(1).scores == (0, 100)


def test_a_clone_goes_its_own_way():
    session = RamiSession(SIMPLE, 2, random.Random(6))
    twin = session.clone()
    twin.apply(twin.legal_actions()[0])
    assert session.hand.actions == [] and len(twin.hand.actions) == 1
    assert session.view(session.current_seat).hand != twin.view(session.current_seat).hand


def test_the_random_player_goes_out_through_its_view_when_it_can_and_else_takes_a_listed_action():
    session = StackedSession(SIMPLE, 2, random.Random(2), dealer=0)
    player = RAMI.computer_player("random")
    for seat in (0, 1):
        if seat == 1:
            session.apply(TALON, 1)
        session.apply(Action.discard(session.hand.holdings[seat][-1]), seat)
    session.apply(TALON, 0)
    view = session.view(0)
    assert view.going_out() is not None and view.legal
    choice = player.choose(view, session.legal_actions(), random.Random(5))
    assert choice.kind == "out"
    assert any(isinstance(event, WentOut) for event in session.apply(choice, 0))
    seat = session.current_seat
    assert player.choose(session.view(seat), session.legal_actions(), random.Random(5)) in session.legal_actions()


class Keeper(ComputerPlayer):
    """Goes out when it can; else draws from the talon and throws a card beyond READY_13."""

    def choose(self, view, legal, rng):
        way = view.going_out()
        if way is not None:
            return Action.out(way.melds, way.discard)
        if TALON in legal:
            return TALON
        beyond = list((Counter(view.hand) - Counter(cards(READY_13))).elements())
        return Action.discard(beyond[0]) if beyond else legal[0]


def test_computer_players_play_whole_games_through_the_protocol():
    session = StackedSession(SIMPLE, 4, random.Random(3))
    play_out(session, dict.fromkeys(range(4), Keeper()), {seat: random.Random(seat) for seat in range(4)})
    assert session.is_over and max(session.scores) == 600 and session.rounds_finished >= 3
    assert session.scores[session.ended.loser] == 600


def test_a_going_out_in_its_string_form_replays_like_the_action():
    session = StackedSession(SIMPLE, 2, random.Random(2), dealer=0)
    session.apply(Action.discard(session.hand.holdings[0][-1]))
    session.apply(TALON)
    session.apply(Action.discard(session.hand.holdings[1][-1]))
    session.apply(TALON)
    action = out(GOING_OUT, session.hand.holdings[0][-1].code)
    text = session.format_action(action)
    assert session.parse_action(text) == action
    events = session.apply(session.parse_action(text), 0)
    assert any(isinstance(event, WentOut) for event in events)
