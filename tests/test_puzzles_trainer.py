"""The puzzle trainer: puzzles near the learner's rating, theme and variant choices, review of misses, a record kept."""

from __future__ import annotations

import doctest
import json

import pytest

from tutor.puzzles import trainer
from tutor.puzzles.rating import Rating, band_of
from tutor.puzzles.trainer import Record, choose, hint, initial_rating, next_puzzle


@pytest.fixture(scope="module")
def bank():
    return trainer.load_bank()


def test_a_puzzles_initial_rating_lies_in_its_grades_band(bank):
    for p in bank:
        assert band_of(initial_rating(p)) == p.grade, p.id


def test_the_next_puzzle_is_the_unsolved_one_nearest_the_learners_rating(bank):
    record = Record(learner=Rating(1700, 100))
    offered = next_puzzle(bank, record)
    gap = abs(initial_rating(offered) - 1700)
    assert all(abs(initial_rating(p) - 1700) >= gap for p in bank)


def test_a_solved_puzzle_is_not_offered_again_and_the_streak_counts(bank):
    record, seen = Record(), []
    for _ in range(5):
        p = next_puzzle(bank, record, variants=["classic"])
        assert p.id not in seen and p.variant == "classic"
        seen.append(p.id)
        record = record.answered(p, solved=True)
    assert record.streak == record.best_streak == 5 and record.learner.rating > 1500
    record = record.answered(next_puzzle(bank, record), solved=False)
    assert record.streak == 0 and record.best_streak == 5


def test_review_offers_only_missed_puzzles_and_a_solve_clears_the_miss(bank):
    first = next_puzzle(bank, Record())
    record = Record().answered(first, solved=False)
    assert next_puzzle(bank, record, review=True) == first
    record = record.answered(first, solved=True)
    assert next_puzzle(bank, record, review=True) is None


def test_several_variants_and_themes_may_be_chosen_at_once(bank):
    picked = choose(bank, variants=["classic", "albany"], themes=["stoppers", "frozen-pile"])
    assert picked and all(p.variant in ("classic", "albany") for p in picked)
    assert all({"stoppers", "frozen-pile"} & set(p.themes) for p in picked)
    assert {p.variant for p in picked} == {"classic", "albany"}


def test_per_theme_counts_add_up(bank):
    p = next_puzzle(bank, Record())
    record = Record().answered(p, solved=True)
    assert all(record.themes[t] == (1, 1) for t in p.themes)


def test_the_record_survives_its_json_form_and_garbage_starts_afresh(bank):
    p = next_puzzle(bank, Record())
    record = Record().answered(p, solved=False)
    again = Record.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again.missed == record.missed and again.learner.rating == pytest.approx(record.learner.rating, abs=0.01)
    for garbage in (None, [], {"learner": "x"}, {"learner": {"rating": "a", "deviation": 1, "volatility": 1}}):
        assert Record.from_dict(garbage) == Record()


def test_a_hint_points_at_a_theme_not_at_the_answer(bank):
    for p in bank[:50]:
        text = hint(p)
        assert text and "yes" not in text.lower().split() and "no" not in text.lower().split()


def test_the_trainer_examples_run():
    assert doctest.testmod(trainer).failed == 0
