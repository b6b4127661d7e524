"""The proof that a game is one plug-in: High Card, written only for the tests
(tests/kits/toy_game), is registered from here and then played, described and saved by
the house's own parts, none of which was changed for it."""

from __future__ import annotations

import asyncio

import pytest

from ramsli_tui.games import GAMES, RULESETS, game_named
from ramsli_tui.storage.save_labels import described
from ramsli_tui.storage import SaveSlot, SavedGame
from ramsli_tui.table.spec import GameSpec
from ramsli_tui.table.table import Table

from tests.kits import toy_game
from tests.kits.ui import play_to_end


@pytest.fixture
def high_card():
    toy_game.register()
    yield toy_game.TOY
    toy_game.unregister()


def test_a_registered_game_is_known_by_its_name_everywhere_the_registry_is_asked(high_card):
    assert "high-card" in GAMES and game_named("high-card") is high_card
    assert sorted(RULESETS["high-card"]()) == ["one-hand", "two-hands"]


def test_a_registered_game_plays_whole_hands_through_the_table_and_its_local_client(high_card):
    spec = GameSpec.one_person("high-card", "two-hands", 7, ("Mia", "Anna"), ("random",))
    table = Table.for_spec(spec)
    updates = asyncio.run(play_to_end(table))
    assert table.game.is_over and len(table.game.finished) == 2
    assert sum(updates[-1].view.scores) == 4, "two tricks in each of two hands"
    dealt_to_anna = {card for hand in table.game.finished for card in hand.dealt[1]}
    shown = {card for update in updates for event in update.events
             if isinstance(event, toy_game.Dealt) for card in event.cards}
    assert shown and not shown & dealt_to_anna, "the other seat's cards are never sent to seat 0"


def test_a_registered_game_s_save_is_described_in_its_own_words(high_card):
    spec = GameSpec.one_person("high-card", "one-hand", 3, ("Mia", "Anna"), ("random",))
    slot = SaveSlot(path=None, saved=SavedGame(spec), modified=0.0)
    assert described(slot, now=30.0) == "High Card, one-hand, hand 1, Mia 0 tricks, just now"
