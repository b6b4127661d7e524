"""The leaderboard's rating arithmetic (storage/ratings.py): who wins rises, who loses
falls, ties pull nobody apart, a side rises together, the same key at two seats is rated
as the mean of its seats, and for any session the ratings stay finite, never grow less
sure, and never lower the one who finished alone on top."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.storage.ratings import NEW, Rating, rated

MIA, BOB, ANNA, HARD = "person:Mia", "person:Bob", "person:Anna", "computer:hard"


def test_a_newcomer_reads_a_round_1500_and_is_the_model_s_default():
    assert Rating.NEW is NEW
    assert NEW == Rating(25.0, 25.0 / 3.0)
    assert NEW.shown == 1500
    assert isinstance(NEW.shown, int)


def test_the_shown_value_rises_with_mu_and_with_certainty():
    assert Rating(30.0, NEW.sigma).shown > NEW.shown
    assert Rating(NEW.mu, 2.0).shown > NEW.shown
    assert Rating(NEW.mu + 1, NEW.sigma).shown - NEW.shown == 48, "Elo's scale: 200 points to beta (25/6)"


def test_a_winner_rises_and_a_loser_falls():
    after = rated({}, [MIA, BOB], [12, 3])
    assert after[MIA].mu > NEW.mu > after[BOB].mu
    assert after[MIA].shown > NEW.shown > after[BOB].shown
    assert after[MIA].sigma < NEW.sigma and after[BOB].sigma < NEW.sigma


def test_who_was_missing_starts_new_and_who_did_not_sit_is_left_out():
    before = {MIA: Rating(30.0, 4.0), ANNA: Rating(20.0, 3.0)}
    after = rated(before, [MIA, BOB], [1, 0])
    assert set(after) == {MIA, BOB}
    assert after == rated({MIA: before[MIA], BOB: NEW}, [MIA, BOB], [1, 0])


def test_a_tie_among_equals_moves_nobody():
    after = rated({}, [MIA, BOB, ANNA], [5, 5, 5])
    assert all(rating.mu == pytest.approx(NEW.mu) for rating in after.values())
    assert len({rating for rating in after.values()}) == 1


def test_a_tie_pulls_a_strong_and_a_weak_player_together_and_not_apart():
    before = {MIA: Rating(32.0, 4.0), BOB: Rating(18.0, 4.0)}
    after = rated(before, [MIA, BOB], [7, 7])
    gap = after[MIA].mu - after[BOB].mu
    assert 0 < gap < 32.0 - 18.0
    assert after[MIA].mu <= 32.0 and after[BOB].mu >= 18.0


def test_who_keeps_winning_ends_far_above_who_keeps_losing():
    ratings: dict[str, Rating] = {}
    for _ in range(20):
        ratings |= rated(ratings, [MIA, ANNA, BOB], [30, 15, 0])
    assert ratings[MIA].shown > ratings[ANNA].shown > ratings[BOB].shown
    assert ratings[MIA].mu > NEW.mu > ratings[BOB].mu
    assert ratings[MIA].shown > 2000 and ratings[BOB].shown < ratings[MIA].shown - 1000


def test_a_side_of_two_that_wins_rises_together_and_the_other_falls_together():
    seats = [MIA, BOB, ANNA, HARD]
    after = rated({}, seats, [100, -40, 100, -40], sides=[[0, 2], [1, 3]])
    assert after[MIA] == after[ANNA] and after[BOB] == after[HARD]
    assert after[MIA].mu > NEW.mu > after[BOB].mu


def test_the_weaker_partner_of_a_winning_side_rises_too():
    before = {MIA: Rating(35.0, 3.0), ANNA: NEW}
    after = rated(before, [MIA, BOB, ANNA, HARD], [1, 0, 1, 0], sides=[[0, 2], [1, 3]])
    assert after[MIA].mu > 35.0 and after[ANNA].mu > NEW.mu
    assert after[ANNA].mu - NEW.mu > after[MIA].mu - 35.0, "the less sure moves more"


def test_the_same_key_at_two_seats_is_each_seat_rated_from_its_rating_and_then_their_mean():
    before = {HARD: Rating(28.0, 5.0), MIA: Rating(24.0, 6.0)}
    together = rated(before, [MIA, HARD, HARD], [3, 2, 1])
    apart = rated({**before, "hard#1": before[HARD], "hard#2": before[HARD]}, [MIA, "hard#1", "hard#2"], [3, 2, 1])
    assert set(together) == {MIA, HARD}
    assert together[MIA] == apart[MIA], "the others are rated as against two players"
    assert together[HARD].mu == pytest.approx((apart["hard#1"].mu + apart["hard#2"].mu) / 2)
    assert together[HARD].sigma == pytest.approx((apart["hard#1"].sigma + apart["hard#2"].sigma) / 2)


def test_a_key_that_only_played_itself_keeps_its_rating():
    before = {HARD: Rating(28.0, 5.0)}
    assert rated(before, [HARD] * 3, [9, 4, 1]) == before
    assert rated(before, [HARD] * 4, [1, 0, 1, 0], sides=[[0, 2], [1, 3]]) == before
    assert rated({}, [HARD, HARD], [1, 0]) == {HARD: NEW}


def test_a_session_of_one_side_or_one_seat_moves_nobody():
    assert rated({}, [MIA], [4]) == {MIA: NEW}
    assert rated({}, [MIA, BOB], [4, 1], sides=[[0, 1]]) == {MIA: NEW, BOB: NEW}
    assert rated({}, [], []) == {}


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_a_session_of_three_to_six_seats_orders_newcomers_by_their_places(count):
    seats = [f"person:{number}" for number in range(count)]
    after = rated({}, seats, [count - place for place in range(count)])
    mus = [after[seat].mu for seat in seats]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == count
    assert after[seats[0]].shown > NEW.shown > after[seats[-1]].shown
    assert after[seats[0]].mu > NEW.mu > after[seats[-1]].mu


def test_the_same_session_gives_the_same_ratings():
    before = {MIA: Rating(26.0, 7.0)}
    args = (before, [MIA, HARD, BOB, HARD], [10, 0, 5, 5])
    assert rated(*args) == rated(*args)


@pytest.mark.parametrize("seats, standing, sides", [
    ([MIA, BOB], [1], None),
    ([MIA, BOB], [1, math.nan], None),
    ([MIA, BOB], [1, math.inf], None),
    ([MIA, BOB, ANNA, HARD], [1, 0, 1, 0], [[0, 2], [1]]),
    ([MIA, BOB, ANNA, HARD], [1, 0, 1, 0], [[0, 2], [1, 3, 2]]),
    ([MIA, BOB, ANNA, HARD], [1, 0, 1, 0], [[0, 2], [1, 4]]),
    ([MIA, BOB], [1, 0], [[0, 1], []]),
], ids=["a standing short", "NaN", "infinity", "a seat on no side", "a seat on two sides", "no such seat", "an empty side"])
def test_what_describes_no_session_is_refused_by_name(seats, standing, sides):
    with pytest.raises(ValueError):
        rated({}, seats, standing, sides)


@pytest.mark.parametrize("rating", [Rating(math.nan, 3.0), Rating(25.0, 0.0), Rating(25.0, -1.0), Rating(math.inf, 1.0)])
def test_a_rating_that_is_no_rating_is_refused(rating):
    with pytest.raises(ValueError, match="Mia"):
        rated({MIA: rating}, [MIA, BOB], [1, 0])


# --- any session ----------------------------------------------------------------------------------

KEYS = ["person:Mia", "person:Bob", "person:Anna", "computer:easy", "computer:hard"]
RATINGS = st.builds(Rating, st.floats(-20.0, 70.0), st.floats(0.05, NEW.sigma))


@st.composite
def sessions(draw):
    """A session of two to six seats from a few keys (so keys repeat), with or without
    sides, its standings small numbers (so ties are common), and some keys rated before."""
    count = draw(st.integers(2, 6))
    seats = draw(st.lists(st.sampled_from(KEYS), min_size=count, max_size=count))
    if draw(st.booleans()):
        labels = draw(st.lists(st.integers(0, count - 1), min_size=count, max_size=count))
        sides = [[seat for seat in range(count) if labels[seat] == label] for label in sorted(set(labels))]
        side_standing = draw(st.lists(st.integers(-3, 3), min_size=len(sides), max_size=len(sides)))
        standing = [0.0] * count
        for side, value in zip(sides, side_standing):
            for seat in side:
                standing[seat] = float(value)
    else:
        sides = None
        standing = draw(st.lists(st.integers(-3, 3).map(float), min_size=count, max_size=count))
    before = draw(st.dictionaries(st.sampled_from(KEYS), RATINGS, max_size=len(KEYS)))
    return before, seats, standing, sides


@settings(max_examples=100, deadline=None)
@given(sessions())
def test_any_session_rates_who_sat_finitely_never_less_surely_and_never_lowers_who_was_alone_on_top(session):
    """Alone on top: one side above every other.  (Sharing the top place is a tie, which
    may rightly lower the stronger of those tied; and a key whose other seat finished
    lower takes the mean of both.)"""
    before, seats, standing, sides = session
    after = rated(before, seats, standing, sides)
    assert set(after) == set(seats)
    for key, rating in after.items():
        assert isinstance(rating, Rating)
        assert math.isfinite(rating.mu) and math.isfinite(rating.sigma) and rating.sigma > 0
        assert rating.sigma <= before.get(key, NEW).sigma, "sigma never grows for who played"
        assert isinstance(rating.shown, int)
    groups = sides if sides is not None else [[seat] for seat in range(len(seats))]
    best = max(standing)
    top = [side for side in groups if standing[side[0]] == best]
    if len(top) == 1:
        for key in {seats[seat] for seat in top[0]}:
            if all(standing[seat] == best for seat, sat in enumerate(seats) if sat == key):
                assert after[key].mu >= before.get(key, NEW).mu, "who finished alone on top never falls"
