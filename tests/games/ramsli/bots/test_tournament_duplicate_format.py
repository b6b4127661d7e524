"""The duplicate format of ``ramsli tournament`` and its numbers, exactly: each deal is a
fresh shuffle from the seed and the deal's number, its dealer rotates with the deal,
it is replayed once per rotation of the seats on the same cards, each seat's
randomness is seeded by the deal and the seat whoever sits there, a bot's score is its
chips plus a share of what the pot gained, and the 95 % interval is the mean's
(standard error times 1.96)."""

import math
import random
import statistics

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.bots import MEASUREMENT_PLAYERS, RandomBot
from ramsli_tui.games.ramsli.tournament import _Tally, summary_text, tournament


class Spy(RandomBot):
    """A random player that notes each hand it is seated at and its first random state per hand."""

    log: list = []

    def watch(self, hand):  # shown the hand before each of its choices: noted once per hand
        if getattr(self, "hand", None) is hand:
            return
        self.hand = hand
        self.first = True
        Spy.log.append(("hand", id(self), tuple(hand.deck), hand.dealer, tuple(hand.start_stacks), hand.start_pot))

    def choose(self, view, legal, rng):
        if self.first:
            Spy.log.append(("first", id(self), tuple(self.hand.deck), view.seat, rng.getstate()))
            self.first = False
        return super().choose(view, legal, rng)


@pytest.fixture
def spied(monkeypatch):
    Spy.log = []
    monkeypatch.setitem(MEASUREMENT_PLAYERS, "spy", Spy)
    return Spy.log


def test_every_deal_is_its_own_shuffle_played_from_a_fresh_table_with_the_dealer_rotating(spied):
    classic = house_rules.load("classic")
    tournament(classic, 3, ["spy"] * 3, deals=4, seed=9)
    hands = [entry for entry in spied if entry[0] == "hand"]
    decks = []
    for entry in hands:
        if entry[2] not in decks:
            decks.append(entry[2])
    assert len(decks) == 4  # four deals, four different decks
    for deal, deck in enumerate(decks):
        expected = classic.cards()
        random.Random(f"9/deal/{deal}").shuffle(expected)
        assert list(deck) == expected
        seated = [entry for entry in hands if entry[2] == deck]
        assert len(seated) == 3 * 3  # three rotations, three bots watching each
        assert {(entry[3], entry[4], entry[5]) for entry in seated} == {(deal % 3, (20, 20, 20), 0)}


def test_each_bot_sits_in_every_seat_of_every_deal_once(recorded):
    tournament(house_rules.load("classic"), 4, ["random"] * 4, deals=2, seed=3)
    assert len(recorded) == 2 * 4
    for deal in range(2):
        rotations = [bot_at for hand, bot_at in recorded if list(hand.deck) == shuffled(deal, seed=3)]
        assert len(rotations) == 4
        for bot in rotations[0].values():
            assert sorted(seat for bot_at in rotations for seat, sitting in bot_at.items() if sitting is bot) == [0, 1, 2, 3]


def test_a_seats_randomness_depends_on_the_deal_and_the_seat_not_on_who_sits_there(spied):
    tournament(house_rules.load("classic"), 3, ["spy"] * 3, deals=3, seed=7)
    firsts = [entry for entry in spied if entry[0] == "first"]
    by_deal_and_seat: dict = {}
    for _, bot, deck, seat, state in firsts:
        by_deal_and_seat.setdefault((deck, seat), []).append((bot, state))
    decks = sorted({deck for deck, _ in by_deal_and_seat})
    assert len(decks) == 3
    for (deck, seat), seen in by_deal_and_seat.items():
        assert len({bot for bot, _ in seen}) > 1 or len(seen) == 1
        assert len({state for _, state in seen}) == 1, "a seat's random numbers changed with its occupant"
        deal = next(d for d in range(3) if list(deck) == shuffled(d))
        assert seen[0][1] == random.Random(f"7/deal/{deal}/seat/{seat}").getstate()
    seats = {seat for _, seat in by_deal_and_seat}
    for seat in seats:
        states = {by_deal_and_seat[(deck, seat)][0][1] for deck in decks if (deck, seat) in by_deal_and_seat}
        assert len(states) == len([deck for deck in decks if (deck, seat) in by_deal_and_seat])


def shuffled(deal: int, seed: int = 7):
    deck = house_rules.load("classic").cards()
    random.Random(f"{seed}/deal/{deal}").shuffle(deck)
    return deck


def test_the_interval_is_the_mean_plus_or_minus_1_96_standard_errors():
    tally = _Tally("x")
    tally.scores = [1.0, 2.0, 3.0, 4.0, 5.0]
    tally.hands, tally.hands_in = 20, 5
    result = tally.result()
    spread = 1.959964 * statistics.stdev(tally.scores) / math.sqrt(5)
    assert result.chips_per_deal == 3.0
    assert result.ci95 == (round(3.0 - spread, 4), round(3.0 + spread, 4)) == (1.6141, 4.3859)
    assert result.in_rate == 0.25
    one = _Tally("y")
    one.scores, one.hands = [2.5], 4
    assert one.result().ci95 == (2.5, 2.5)


@pytest.fixture
def recorded(monkeypatch):
    """Every hand the tournament plays, with the bot sitting in each seat."""
    import ramsli_tui.games.ramsli.tournament as module

    played = []
    original = module.play_out

    def recording(hand, players, rngs):
        original(hand, players, rngs)
        played.append((hand, {seat: timed.bot for seat, timed in players.items()}))

    monkeypatch.setattr(module, "play_out", recording)
    return played


def lineup_of(recorded, deal: int):
    """The lineup's bot objects at deal ``deal`` (made afresh for each deal), in lineup
    order: in a deal's first rotation, entry i sits in seat i."""
    _, bot_at = recorded[deal * len(recorded[0][1])]
    return [bot_at[seat] for seat in sorted(bot_at)]


def test_scores_are_chips_won_plus_a_share_of_the_pot_gained_averaged_over_rotations(recorded):
    result = tournament(house_rules.load("classic"), 3, ["random", "normal", "random"], deals=2, seed=21)
    totals = [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]
    for number, (hand, bot_at) in enumerate(recorded):
        settled = hand.settlement
        lineup = lineup_of(recorded, number // 3)
        for seat, bot in bot_at.items():
            totals[lineup.index(bot)][number // 3] += settled.changes[seat] + (settled.pot - hand.start_pot) / 3
    expected = [round(statistics.fmean(total / 3 for total in deals), 4) for deals in totals]
    assert [bot.chips_per_deal for bot in result.bots] == expected


def test_pots_betes_and_ins_are_counted_for_the_bot_that_won_owed_or_declared_them(recorded):
    result = tournament(house_rules.load("classic"), 3, ["random"] * 3, deals=6, seed=4)
    pots, betes, ins = [0, 0, 0], [0, 0, 0], [0, 0, 0]
    for number, (hand, bot_at) in enumerate(recorded):
        for seat, bot in bot_at.items():
            entry = lineup_of(recorded, number // 3).index(bot)
            pots[entry] += seat in hand.settlement.winners
            betes[entry] += seat in hand.settlement.betes
            ins[entry] += bool(hand.declarations[seat])
    assert [bot.pots_won for bot in result.bots] == pots
    assert [bot.betes for bot in result.bots] == betes
    assert [bot.in_rate for bot in result.bots] == [round(n / 18, 4) for n in ins]
    assert sum(betes) > 0 and sum(pots) > 0 and 0 < sum(ins) < 54


def test_the_text_summary_says_whether_chips_were_conserved():
    result = tournament(house_rules.load("classic"), 3, ["random"] * 3, deals=2, seed=1)
    text = summary_text(result)
    assert text.splitlines()[0] == "2 deals of classic with 3 players, each played in 3 rotations (seed 1, 6 hands)"
    assert text.splitlines()[-1] == "Chips conserved in every hand: yes"


def test_a_bot_is_asked_and_timed_only_when_it_has_a_choice(monkeypatch):
    asked = []

    class Counting(RandomBot):
        def choose(self, view, legal, rng):
            asked.append(len(legal))
            return super().choose(view, legal, rng)

    monkeypatch.setitem(MEASUREMENT_PLAYERS, "counting", Counting)
    result = tournament(house_rules.load("obligatory"), 3, ["counting"] * 3, deals=3, seed=5)
    assert asked and min(asked) >= 2
    assert result.bots[0].decision_ms_p95 >= result.bots[0].decision_ms_median > 0
