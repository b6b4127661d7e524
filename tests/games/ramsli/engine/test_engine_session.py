"""The session: R5 (first dealer by cut, ties redrawn; the deal passes clockwise),
R26 (starting chips), R27 (every end condition: target with a unique leader or tied
leaders, on_bust end or eliminate, max_hands, a time limit)."""

import random

import pytest

from tests.kits.engine import StackedRandom, ruleset, stacked_deck

from ramsli_tui.games.ramsli.engine import Action, IllegalAction, Phase, RamsliSession
from ramsli_tui.games.ramsli.engine.events import FirstDealerChosen, HandStarted, SeatsLeft, SessionEnded

SWEEP = ["AC KC QC JC TC", "AS KS QS JS TS", "9S 8S 7S AD KD"]            # seat 1 all five
SWEEP_PLAY = "1:in 2:in 0:in 1:AS 2:9S 0:AC 1:KS 2:8S 0:KC 1:QS 2:7S 0:QC 1:JS 2:AD 0:JC 1:TS 2:KD 0:TC"
TIE = ["AC KC 9D TS 9C", "AS KS 7D 8D 7C", "AD KD 8S 9S 8C"]              # 1: 2 tricks, 2: 2, 0: 1
TIE_PLAY = "1:in 2:in 0:in 1:AS 2:8S 0:TS 1:KS 2:9S 0:9C 1:7D 2:AD 0:9D 2:KD 0:KC 1:8D 2:8C 0:AC 1:7C"
FOUR_ONE_BETE = ["AC KC QC JC TC", "AS KS QS JS 7D", "9S 8S 7S AD KD", "QD JD TD 9D 8D"]
FOUR_ONE_BETE_PLAY = ("1:in 2:in 3:out 0:in 1:AS 2:9S 0:TC 1:KS 2:8S 0:JC 1:QS 2:7S 0:QC "
                      "1:JS 2:KD 0:KC 1:7D 2:AD 0:AC")


def drive(session, script):
    events = []
    for step in script.split():
        seat, _, word = step.partition(":")
        events += session.apply(Action.parse(word), int(seat))
    return events


def session_with(rules, hands, dealer=0, seed=1):
    decks = [stacked_deck(rules, dealer, hands, "7H")]
    return RamsliSession(rules, len(hands), StackedRandom(seed, decks), dealer=dealer)


def all_out_but_the_dealer(session):
    """Play one hand in which everyone passes and the forced dealer takes the pot."""
    hand = session.hand
    events = []
    for seat in hand.order[:-1]:
        events += session.apply(Action.parse("out"), seat)
    return events + session.apply(Action.parse("in"), hand.dealer)


def of(kind, events):
    return [event for event in events if isinstance(event, kind)]


# --- R5 ------------------------------------------------------------------------------------

def check_cut(session, players):
    cut = session.opening_events[0]
    assert isinstance(cut, FirstDealerChosen)
    rounds = cut.draws
    assert [seat for seat, _ in rounds[0]] == list(range(players))
    for number, draws in enumerate(rounds):
        drawn = [card for _, card in draws]
        assert len(set(drawn)) == len(drawn)
        top = max(card.rank for card in drawn)
        leaders = [seat for seat, card in draws if card.rank == top]
        if number + 1 < len(rounds):
            assert len(leaders) >= 2                      # a tie for the highest: redraw
            assert [seat for seat, _ in rounds[number + 1]] == leaders   # only the tied redraw
        else:
            assert leaders == [cut.dealer]                # the highest card deals
    assert session.dealer == cut.dealer
    assert of(HandStarted, session.opening_events)[0].dealer == cut.dealer
    assert session.hand.dealer == cut.dealer
    return len(rounds)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r5_the_first_dealer_is_the_highest_card_of_the_cut(players):
    rounds = [check_cut(RamsliSession(ruleset("classic"), players, random.Random(seed)), players) for seed in range(60)]
    assert max(rounds) >= 2, "no seed among 60 gave a tie to redraw"
    assert len({RamsliSession(ruleset("classic"), players, random.Random(seed)).dealer for seed in range(60)}) == players


def test_r5_ties_are_redrawn_and_the_same_seed_gives_the_same_cut():
    seed = next(seed for seed in range(500)
                if len(RamsliSession(ruleset("classic"), 4, random.Random(seed)).opening_events[0].draws) >= 2)
    first = RamsliSession(ruleset("classic"), 4, random.Random(seed))
    again = RamsliSession(ruleset("classic"), 4, random.Random(seed))
    assert first.opening_events == again.opening_events
    assert check_cut(first, 4) >= 2


def test_r5_the_deal_passes_one_seat_clockwise_each_hand():
    session = RamsliSession(ruleset("classic"), 4, random.Random(3), dealer=2)
    events = list(session.opening_events)
    for _ in range(5):
        events += all_out_but_the_dealer(session)
    assert [event.dealer for event in of(HandStarted, events)] == [2, 3, 0, 1, 2, 3]
    assert [event.number for event in of(HandStarted, events)] == [1, 2, 3, 4, 5, 6]


# --- R26 -------------------------------------------------------------------------------

def test_r26_every_player_starts_with_the_starting_chips():
    session = RamsliSession(ruleset("classic"), 5, random.Random(1), dealer=0)
    assert session.hand.start_stacks == (20,) * 5
    session = RamsliSession(ruleset("classic", starting_chips=35), 3, random.Random(1), dealer=0)
    assert session.hand.start_stacks == (35, 35, 35)
    assert session.hand.stacks == [34, 34, 34]
    assert session.hand.pot == 3


# --- R27: target -----------------------------------------------------------------------------

def test_r27_scored_rulesets_have_their_targets():
    assert ruleset("scored-30").target == 30
    assert ruleset("scored-50").target == 50
    assert ruleset("classic").target is None


def test_r27_reaching_the_target_with_a_unique_leader_ends_the_session():
    session = session_with(ruleset("classic", target=22), SWEEP)
    events = drive(session, SWEEP_PLAY)
    assert session.is_over and session.phase is Phase.OVER
    assert events[-1] == SessionEnded("target", (1,), (14, 22, 14))
    assert not of(HandStarted, events)                    # no next hand is dealt
    assert list(session.legal_actions()) == []
    with pytest.raises(IllegalAction, match="the session is over"):
        session.apply(Action.parse("in"))


def test_r27_below_the_target_play_goes_on():
    session = session_with(ruleset("classic", target=23), SWEEP)
    drive(session, SWEEP_PLAY)
    assert not session.is_over and session.hand.number == 2


def test_r27_tied_leaders_at_the_target_play_on_until_one_leads():
    session = session_with(ruleset("classic", target=20), TIE)
    events = drive(session, TIE_PLAY)
    assert not session.is_over                           # 19, 20, 20: two share the largest stack
    assert of(HandStarted, events) == [HandStarted(2, 1, (1, 1, 1), 1 + 3)]
    events = all_out_but_the_dealer(session)             # dealer 1 is forced in and takes 4
    assert session.is_over
    assert events[-1] == SessionEnded("target", (1,), (18, 23, 19))



def test_r27_at_the_target_only_the_largest_stack_wins_not_everyone_past_it():
    session = session_with(ruleset("classic", target=19), TIE)
    drive(session, TIE_PLAY)
    assert not session.is_over                           # 19, 20, 20: the largest is shared
    events = all_out_but_the_dealer(session)             # dealer 1 is forced in and takes 4
    assert session.is_over
    # seats 1 (23) and 2 (19) are both at or past 19, but only the largest stack wins
    assert events[-1] == SessionEnded("target", (1,), (18, 23, 19))

# --- R27: bust ----------------------------------------------------------------------------

def test_r27_a_player_who_cannot_pay_the_next_ante_ends_the_session():
    session = session_with(ruleset("classic", starting_chips=6), SWEEP)
    events = drive(session, SWEEP_PLAY)
    assert session.is_over
    assert events[-1] == SessionEnded("bust", (1,), (0, 8, 0))


def test_r27_a_player_who_can_still_pay_the_ante_keeps_playing():
    session = session_with(ruleset("classic", starting_chips=7), SWEEP)
    drive(session, SWEEP_PLAY)                           # seats 2 and 0 keep 1 chip each
    assert not session.is_over
    assert session.hand.antes == [1, 1, 1]
    assert session.hand.stacks == [0, 9 - 1, 0]



def test_r27_with_an_ante_of_two_a_player_left_with_one_chip_cannot_pay_it():
    session = session_with(ruleset("classic", ante=2, starting_chips=8), SWEEP)
    events = drive(session, SWEEP_PLAY)                  # seats 2 and 0: 8 - 2 ante - 5 bete = 1
    assert session.is_over
    assert events[-1] == SessionEnded("bust", (1,), (1, 12, 1))


def test_r27_with_an_ante_of_two_a_player_left_with_two_chips_plays_on():
    session = session_with(ruleset("classic", ante=2, starting_chips=9), SWEEP)
    drive(session, SWEEP_PLAY)                           # seats 2 and 0 keep 2 chips each
    assert not session.is_over
    assert session.hand.antes == [2, 2, 2]

def test_r27_eliminate_the_busted_player_leaves_and_play_goes_on():
    rules = ruleset("classic", starting_chips=6, on_bust="eliminate")
    session = session_with(rules, FOUR_ONE_BETE)
    events = drive(session, FOUR_ONE_BETE_PLAY)
    assert of(SeatsLeft, events) == [SeatsLeft((0,))]
    assert not session.is_over
    hand = session.hand
    assert hand.dealer == 1 and hand.current_seat == 2
    assert hand.antes == [0, 1, 1, 1]
    assert hand.dealt[0] == () and all(len(hand.dealt[seat]) == 5 for seat in (1, 2, 3))
    assert hand.pot == 5 + 3
    assert of(HandStarted, events) == [HandStarted(2, 1, (0, 1, 1, 1), 8)]
    # the deal keeps passing clockwise, skipping the seat that left
    events = all_out_but_the_dealer(session) + all_out_but_the_dealer(session)
    assert session.hand.dealer == 3
    assert session.hand.current_seat == 1             # the dealer's left skips the empty seat 0
    assert session.hand.dealt[0] == ()
    events += all_out_but_the_dealer(session)
    assert [event.dealer for event in of(HandStarted, events)] == [2, 3, 1]
    assert all(event.antes[0] == 0 for event in of(HandStarted, events))



def test_r27_a_seat_that_has_left_is_not_reported_as_leaving_again():
    rules = ruleset("classic", starting_chips=6, on_bust="eliminate")
    session = session_with(rules, FOUR_ONE_BETE)
    events = drive(session, FOUR_ONE_BETE_PLAY)
    assert of(SeatsLeft, events) == [SeatsLeft((0,))]
    later = all_out_but_the_dealer(session) + all_out_but_the_dealer(session)
    assert of(SeatsLeft, later) == []                     # seat 0 left once, for good
    assert session.seated == (1, 2, 3) and not session.is_over

def test_r27_eliminate_ends_the_session_when_too_few_players_remain():
    rules = ruleset("classic", starting_chips=6, on_bust="eliminate")
    session = session_with(rules, ["AC KC QC JC TC", "AS KS QS JS 7D", "9S 8S 7S AD KD"])
    events = drive(session, "1:in 2:in 0:in 1:AS 2:9S 0:TC 1:KS 2:8S 0:JC 1:QS 2:7S 0:QC "
                            "1:JS 2:KD 0:KC 1:7D 2:AD 0:AC")
    assert SeatsLeft((0,)) in events
    assert session.is_over
    assert events[-1].winners == (1,)
    assert events[-1].stacks == (0, 8, 5)


# --- R27: max_hands and time -----------------------------------------------------------------

def test_r27_a_limit_on_hands_ends_the_session():
    session = RamsliSession(ruleset("classic", max_hands=2), 3, random.Random(2), dealer=0)
    all_out_but_the_dealer(session)
    assert not session.is_over
    events = all_out_but_the_dealer(session)
    assert session.is_over
    assert events[-1] == SessionEnded("max_hands", (0, 1), (21, 21, 18))


def test_r27_a_time_limit_ends_the_session_between_hands():
    session = RamsliSession(ruleset("classic"), 3, random.Random(2), dealer=0)
    all_out_but_the_dealer(session)
    events = session.stop("time")
    assert session.is_over
    assert events == [SessionEnded("time", (0,), (22, 19, 19))]
    assert session.stop("time") == []
