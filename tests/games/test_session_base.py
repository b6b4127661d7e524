"""What both games' sessions answer the same way (``games.session_base``): once a session
is over it refuses every action in its own game's words and changes nothing, and a clone
plays on alone; and both deal the one ``CardsDealt`` of the game protocol."""

from __future__ import annotations

import random

import pytest

from ramsli_tui.games import game_named
from ramsli_tui.games.protocol import CardsDealt, events_for, play_out
from ramsli_tui.games.rami.engine import events as rami_events
from ramsli_tui.games.ramsli.engine import events as ramsli_events
from ramsli_tui.games.session_base import SessionBase

# Each game, a ruleset and a table of it, and the refusal's id once a session is over.
OVER = [("ramsli", "classic", 3, "session_over"), ("rami", "simple", 2, "game_over")]


def new_session(game: str, ruleset: str, players: int, seed: int):
    kind = game_named(game)
    return kind.new_game(kind.load_rules(ruleset), players, seed)


def played_out(session, game: str):
    kind = game_named(game)
    seats = range(session.players)
    play_out(session, {seat: kind.computer_player("random") for seat in seats},
             {seat: random.Random(seat) for seat in seats})
    return session


@pytest.mark.parametrize("game, ruleset, players, message", OVER)
def test_a_finished_session_refuses_in_its_games_words_and_changes_nothing(game, ruleset, players, message):
    action = new_session(game, ruleset, players, seed=3).legal_actions()[0]
    session = played_out(new_session(game, ruleset, players, seed=3), game)
    assert isinstance(session, SessionBase)
    assert session.is_over and session.current_seat == -1 and session.legal_actions() == ()
    rounds = session.rounds_finished
    for attempt in (lambda: session.check(action, 0), lambda: session.apply(action, 0)):
        with pytest.raises(type(session).refusal) as refused:
            attempt()
        assert refused.value.message == message
    assert session.rounds_finished == rounds and session.is_over


@pytest.mark.parametrize("game, ruleset, players, message", OVER)
def test_a_clone_plays_on_without_the_original(game, ruleset, players, message):
    session = new_session(game, ruleset, players, seed=5)
    twin = played_out(session.clone(), game)
    assert twin.is_over and not session.is_over
    assert session.rounds_finished == 0 and session.finished == []


def test_both_games_deal_the_one_cards_dealt_event_private_to_its_seat():
    assert rami_events.CardsDealt is ramsli_events.CardsDealt is CardsDealt
    for game, ruleset, players, _ in OVER:
        session = new_session(game, ruleset, players, seed=1)
        dealt = [event for event in session.opening_events if isinstance(event, CardsDealt)]
        assert sorted(event.seat for event in dealt) == list(range(players))
        assert not any(isinstance(event, CardsDealt) for event in events_for(session.opening_events, None))
