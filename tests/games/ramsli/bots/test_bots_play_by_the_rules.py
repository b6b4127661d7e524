"""Every computer player, in every bundled ruleset, only ever chooses a legal action,
sees nothing but its own view, and chooses the same way from the same seed."""

import random
from dataclasses import fields

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import STRENGTHS, MEASUREMENT_PLAYERS, HardBot, NormalBot, make_ramsli_player
from ramsli_tui.games.ramsli.engine import Hand, Phase, RamsliView

from tests.kits.bots import bundled_rulesets, quick_bots, seeded_hand

HANDS_PER_RULESET = 12


def play(hand, lineup, seed):
    """Play ``hand`` to its end with ``lineup[seat]``; every (seat, view, legal, action)."""
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(hand.players)]
    for bot in lineup:
        if hasattr(bot, "watch"):
            bot.watch(hand)
    decisions = []
    while not hand.is_over:
        seat = hand.current_seat
        view = hand.view(seat)
        legal = hand.legal_actions()
        action = lineup[seat].choose(view, legal, rngs[seat])
        decisions.append((seat, view, legal, action))
        hand.apply(action)
    return decisions


@pytest.mark.parametrize("name", bundled_rulesets())
def test_every_player_only_chooses_legal_actions(name):
    ruleset = house_rules.load(name)
    bots = quick_bots()
    kinds = list(bots)
    for seed in range(HANDS_PER_RULESET):
        players = ruleset.players.min + seed % (ruleset.players.max - ruleset.players.min + 1)
        lineup = [bots[kinds[(seed + seat) % len(kinds)]] for seat in range(players)]
        for seat, view, legal, action in play(seeded_hand(ruleset, players, seed), lineup, seed):
            assert action in legal, f"{lineup[seat].name} chose {action} from {legal} in {name}"


def test_the_app_offers_only_players_that_cannot_see_hidden_cards():
    assert list(STRENGTHS) == ["random", "normal", "hard"]
    assert set(MEASUREMENT_PLAYERS) - set(STRENGTHS) == {"omniscient", "hard-v1", "hard-exact", "aggressive", "timid", "random-in"}
    with pytest.raises(ValueError, match="unknown computer player 'omniscient'"):
        make_ramsli_player("omniscient")


def test_a_view_holds_no_other_seat_unplayed_cards(classic):
    hidden_fields = {"holdings", "deck", "dealt"}
    assert hidden_fields.isdisjoint(field.name for field in fields(RamsliView))
    hand = seeded_hand(classic, 4, 7)
    bots = quick_bots()
    for seat, view, legal, action in play(hand, [bots["hard"], bots["normal"], bots["random"], bots["normal"]], 7):
        visible = set(view.hand) | set(view.played_cards) | {view.turn_up} | set(view.set_aside)
        others_unplayed = {card for other in range(4) if other != seat for card in hand.dealt[other]} - set(view.played_cards)
        assert not visible & others_unplayed


@pytest.mark.parametrize("bot", [NormalBot(), HardBot(300)], ids=["normal", "hard"])
def test_choices_do_not_depend_on_cards_the_player_cannot_see(classic, bot):
    """Two deals that differ only in how the other seats' cards are shared out give
    the same view, so the same seed must give the same choice."""
    for seed in range(6):
        deck = classic.cards()
        random.Random(seed).shuffle(deck)
        dealer = 3  # seat 0 declares first and its cards are deck[0:3] + deck[12:14]
        mine = {0, 1, 2, 12, 13}
        others = [i for i in range(20) if i not in mine]
        shuffled = others[:]
        random.Random(seed + 100).shuffle(shuffled)
        twin = list(deck)
        for source, target in zip(others, shuffled):
            twin[target] = deck[source]
        views = [Hand(classic, [20] * 4, dealer, 0, cards).view(0) for cards in (deck, twin)]
        assert views[0] == views[1]
        legal = list(views[0].legal)
        assert bot.choose(views[0], legal, random.Random(seed)) == bot.choose(views[1], legal, random.Random(seed))


@pytest.mark.parametrize("kind", list(quick_bots()))
def test_the_same_seed_gives_the_same_choices(classic, kind):
    def actions(seed):
        lineup = [quick_bots()[kind] for _ in range(4)]
        return [str(action) for *_, action in play(seeded_hand(classic, 4, seed), lineup, seed)]

    for seed in range(4):
        assert actions(seed) == actions(seed)


def test_bots_are_asked_only_when_it_is_their_turn(classic):
    hand = seeded_hand(classic, 5, 3)
    for seat, view, legal, action in play(hand, [quick_bots()["hard"]] * 5, 3):
        assert view.seat == seat and view.current_seat == seat
        assert view.phase in (Phase.DECLARE, Phase.ANNOUNCE, Phase.PLAY)
