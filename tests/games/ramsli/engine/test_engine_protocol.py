"""Ramsli's ``RamsliSession`` as the game protocol's ``Game`` (games/protocol.py): the check of an
action without taking it, refusals by message id, events that say who may see them, and
the string forms that saves and records use."""

import random

import pytest

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import IllegalAction, events_for, visible_to
from ramsli_tui.games.ramsli.engine import IN, Action, Phase, RamsliSession
from ramsli_tui.games.ramsli.engine.events import CardsDealt, HandStarted, TrickWon

from tests.kits.engine import ruleset


def new_session(seed: int = 3, players: int = 4) -> RamsliSession:
    return RamsliSession(ruleset("classic"), players, random.Random(seed))


def test_check_judges_an_action_without_taking_it():
    session = new_session()
    seat = session.current_seat
    before = session.view(seat)
    session.check(IN, seat)                       # legal: no refusal
    with pytest.raises(IllegalAction) as refused:
        session.check(IN, (seat + 1) % 4)         # not that seat's turn
    assert refused.value.message == "not_your_turn" and refused.value.parameters == {"turn": seat}
    assert session.view(seat) == before and session.hand.actions == []


def test_a_refusal_is_told_to_the_table_and_to_the_player_from_one_message_id():
    session = new_session()
    seat = session.current_seat
    session.apply(IN, seat)
    while session.hand.phase.value == "declare":
        session.apply(session.legal_actions()[0])
    leader = session.current_seat
    card = session.view(leader).hand[0]
    session.apply(Action.play(card))
    follower = session.current_seat
    held = session.view(follower).hand
    illegal = [c for c in held if Action.play(c) not in session.legal_actions()]
    assert illegal, "this deal (seed 3) gives the follower a card it may not play"
    with pytest.raises(IllegalAction) as refused:
        session.check(Action.play(illegal[0]), follower)
    error = refused.value
    assert error.message in ("follow_suit", "follow_trumps", "over_trump", "trump")
    assert str(error).startswith(f"seat {follower} must ")
    assert error.for_you().startswith("you must ") and "you hold" in error.for_you()


def test_dealt_cards_are_private_to_their_seat_and_everything_else_public():
    session = new_session()
    for seat in range(4):
        dealt = [event for event in events_for(session.opening_events, seat) if isinstance(event, CardsDealt)]
        assert [event.seat for event in dealt] == [seat]
    started = next(event for event in session.opening_events if isinstance(event, HandStarted))
    assert started.private_to is None and visible_to(started, None)
    assert not any(visible_to(event, None) for event in session.opening_events if isinstance(event, CardsDealt))


def test_actions_round_trip_through_their_strings_and_rounds_are_counted():
    session = new_session(seed=5, players=3)
    while session.rounds_finished == 0:
        action = session.legal_actions()[-1]
        assert session.parse_action(session.format_action(action)) == action
        events = session.apply(action)
        assert session.pause_after(events) == (2.0 if any(isinstance(e, TrickWon) for e in events) else 1.0)
    assert session.last_round_view(0).number == 1 and session.view(0).number == 2
    with pytest.raises(ValueError):
        session.parse_action("nap:9")


def test_the_game_kind_makes_sessions_checks_tables_and_computer_players():
    kind = game_named("ramsli")
    rules = kind.load_rules("classic", starting_chips=12)
    assert rules.starting_chips == 12
    with pytest.raises(ValueError, match="the classic rules are for 3 to 6 players, not 9"):
        kind.check_players(rules, 9)
    game = kind.new_game(rules, 4, 1)
    assert game.players == 4 and game.view(0).stacks[0] <= 12
    assert {kind.computer_player(strength).name for strength in kind.strengths} == set(kind.strengths)
    with pytest.raises(ValueError, match="no game called 'chess'"):
        game_named("chess")


def test_a_card_not_held_is_refused_in_words_that_agree_with_who_is_told():
    session = new_session()
    while session.phase is not Phase.PLAY:
        session.apply(session.legal_actions()[0])
    seat = session.current_seat
    other = next(card for card in session.rules.cards() if card not in session.view(seat).hand)
    with pytest.raises(IllegalAction) as refused:
        session.check(Action.play(other), seat)
    assert str(refused.value) == f"seat {seat} does not hold {other.code}"
    assert refused.value.for_you() == f"you do not hold {other.label('french')}"
