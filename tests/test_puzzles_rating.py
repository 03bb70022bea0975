"""Glicko-2 ratings: Glickman's own worked example, and what an attempt does to both sides."""

from __future__ import annotations

import doctest
import math

import pytest
from hypothesis import given, strategies as st

from tutor.puzzles import rating
from tutor.puzzles.rating import Rating, band_of, expected_score, play, update


def test_glicko2_reproduces_glickmans_worked_example():
    # "Example of the Glicko-2 system" (Glickman): a 1500/200/0.06 player beats a 1400/30,
    # loses to a 1550/100 and to a 1700/300, with tau 0.5.
    player = Rating(1500, 200, 0.06)
    after = update(player, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)], tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_grows_the_deviation():
    after = update(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.deviation > 100 and after.volatility == 0.06


@given(st.floats(800, 2400), st.floats(50, 350), st.floats(800, 2400), st.floats(50, 350), st.booleans())
def test_a_solve_raises_the_learner_and_lowers_the_puzzle_and_a_miss_the_reverse(lr, ld, pr, pd, solved):
    learner, puzzle = Rating(lr, ld), Rating(pr, pd)
    l2, p2 = play(learner, puzzle, solved)
    if solved:
        assert l2.rating > learner.rating and p2.rating < puzzle.rating
    else:
        assert l2.rating < learner.rating and p2.rating > puzzle.rating
    # a game never leaves more doubt than the period's own growth of the deviation, at the
    # volatility the game leaves (Glicko-2 step 6 grows the deviation by the new volatility)
    grown = math.hypot(learner.deviation, l2.volatility * rating.SCALE)
    assert rating.MIN_DEVIATION <= l2.deviation <= max(grown, rating.MIN_DEVIATION)


def test_a_stronger_learner_is_expected_to_solve_more_often():
    puzzle = Rating(1500, 60)
    assert expected_score(Rating(1800, 60), puzzle) > 0.5 > expected_score(Rating(1200, 60), puzzle)


def test_grades_are_bands_of_rating_in_order():
    ratings = [1000, 1300, 1500, 1700, 1900]
    assert [band_of(r) for r in ratings] == [1, 2, 3, 4, 5]
    assert [band_of(b) for b in rating.GRADE_BANDS] == [2, 3, 4, 5]


def test_a_rating_survives_its_json_form():
    r = Rating(1612.345678, 87.654321, 0.0612345)
    assert Rating.from_dict(r.to_dict()).rating == pytest.approx(r.rating, abs=0.01)


def test_the_rating_module_examples_run():
    assert doctest.testmod(rating).failed == 0
