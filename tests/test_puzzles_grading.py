"""Grades and themes: monotone on the hand-graded calibration set, themes read off the proof."""

import json

import pytest

from tutor.puzzles.format import FEATURES
from tutor.puzzles.grading import THEMES, THRESHOLDS, difficulty, features_of, grade_of, themes_of
from tutor.puzzles.prove import prove
from tutor.resources import bank_dir
from tutor.spot import Spot


def _calibration():
    rows = []
    for line in (bank_dir() / "calibration.jsonl").read_text().splitlines():
        d = json.loads(line)
        spot = Spot.from_dict(d["spot"])
        proven = prove(spot, d["question"], d["play"])
        features = features_of(spot, proven, d["play"])
        rows.append((d["hand_grade"], grade_of(features), difficulty(features), d["why"]))
    return rows


@pytest.fixture(scope="module")
def calibration():
    return _calibration()


def test_the_calibration_set_covers_every_hand_grade(calibration):
    assert {h for h, *_ in calibration} == {1, 2, 3, 4, 5}
    assert len(calibration) >= 10


def test_the_grade_is_monotone_on_the_calibration_set(calibration):
    for h, g, score, why in calibration:
        for h2, g2, score2, why2 in calibration:
            if h < h2:
                assert g <= g2, f"hand grade {h} got {g} ({why}) but hand grade {h2} got {g2} ({why2})"


def test_the_computed_grades_spread_over_the_scale(calibration):
    grades = {g for _, g, _, _ in calibration}
    assert min(grades) == 1 and max(grades) == 5 and len(grades) >= 3


def test_grade_thresholds_cut_the_score():
    base = {k: 0 for k in FEATURES}
    assert grade_of(base) == 1 + sum(difficulty(base) >= t for t in THRESHOLDS)
    harder = dict(base, candidates=30, traps=0, rules=5, cards=14, ways=1, steps=6)
    assert grade_of(harder) == 5
    assert list(THRESHOLDS) == sorted(THRESHOLDS)


def test_more_candidates_never_lower_the_grade():
    f = {"cards": 8, "candidates": 3, "traps": 1, "rules": 1, "steps": 3, "ways": 1, "queries": 3, "glance": 0,
         "depth": 2}
    grades = [grade_of(dict(f, candidates=n)) for n in range(0, 40)]
    assert grades == sorted(grades)


def test_more_ways_to_a_yes_never_raise_the_score():
    # any way that works is a solve: with more of them there are fewer plays per way to rule out
    f = {"cards": 9, "candidates": 12, "traps": 2, "rules": 2, "steps": 4, "ways": 1, "queries": 12, "glance": 0,
         "depth": 2}
    scores = [difficulty(dict(f, ways=n)) for n in range(1, 6)]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[-1]


def test_a_deeper_rule_or_a_glance_moves_the_score():
    f = {"cards": 6, "candidates": 2, "traps": 2, "rules": 1, "steps": 0, "ways": 0, "queries": 0, "glance": 0,
         "depth": 1}
    assert difficulty(dict(f, depth=3)) > difficulty(dict(f, depth=2)) > difficulty(f)
    assert difficulty(dict(f, glance=1)) <= difficulty(f)


def _themes(data, question="go-out", play=None):
    spot = Spot.from_dict(data)
    return themes_of(spot, prove(spot, question, play))


def test_themes_of_a_frozen_pile_C_FROZEN():
    themes = _themes({"variant": "classic", "hand": "JS 2H 9C 6D 4S", "melds": ["KS KH KD"],
                      "discard": "5C 2D 7S JD", "phase": "before-draw"}, "pickup")
    assert "frozen-pile" in themes and "taking-the-pile" in themes


def test_themes_of_black_threes_melded_going_out_C_BLACK3():
    themes = _themes({"variant": "classic", "hand": "8S 8H 8D 3S 3C 3S 6D",
                      "melds": ["TS TH TD TC TS 2H JK"], "phase": "drawn"})
    assert {"going-out", "black-threes", "canasta-requirement"} <= set(themes)


def test_themes_of_a_concealed_going_out_C_CONCEALED():
    themes = _themes({"variant": "classic", "hand": "TS TD TC 7S 7H 7D 7C 2S JK JK", "phase": "drawn"})
    assert "concealed-going-out" in themes


def test_themes_of_a_cheat_name_the_cheat_Y_CHEATS():
    themes = _themes({"variant": "canasty", "hand": "5S 5H 5D 9C 8C", "phase": "drawn", "score": 600}, "cheat",
                     "meld 5S 5H 5D; discard 9C")
    assert {"legal-cheats", "first-meld-minimum"} <= set(themes)


def test_a_wild_card_on_top_is_decided_at_a_glance_C_PICKUP():
    spot = Spot.from_dict({"variant": "classic", "hand": "KH KD 7C 5S", "melds": ["9S 9H 9D 9C"],
                           "discard": "4C KS 2D", "phase": "before-draw"})
    proven = prove(spot, "pickup")
    assert features_of(spot, proven)["glance"] == 1


def test_a_frozen_pile_is_not_decided_at_a_glance_C_FROZEN():
    spot = Spot.from_dict({"variant": "classic", "hand": "JS 2H 9C 6D 4S", "melds": ["KS KH KD"],
                           "discard": "5C 2D 7S JD", "phase": "before-draw"})
    features = features_of(spot, prove(spot, "pickup"))
    assert features["glance"] == 0 and features["depth"] == 2


def test_themes_of_two_stoppers_held_name_only_the_stoppers_A_STOPPER():
    # the stoppers alone decide it: the hand's sets (or its wild card) are not what blocks going out
    themes = _themes({"variant": "albany", "hand": "TS TH JK 3S 3H",
                      "melds": ["8S 8H 8D 8C 8S 8H 2C", "KS KH KD KC KS KH KD"], "phase": "drawn"})
    assert themes == ["going-out", "stoppers"]


def test_themes_of_a_concealed_no_name_the_concealed_going_out_C_CONCEALED():
    # a side that has not melded could only go out concealed: the canasta must come from the hand
    themes = _themes({"variant": "classic", "hand": "KH 9S 9H 9D 2D 2C 2C", "phase": "drawn"})
    assert {"going-out", "canasta-requirement", "concealed-going-out"} <= set(themes)


def test_every_theme_in_the_bank_is_known():
    for path in bank_dir().glob("*.jsonl"):
        if path.name == "calibration.jsonl":
            continue
        for line in path.read_text().splitlines():
            for t in json.loads(line)["themes"]:
                assert t in THEMES, (path.name, t)


def test_themes_for_follow_the_rules_data():
    from tutor.puzzles.grading import themes_for
    from tutor.rules import rules_for

    albany, classic = themes_for(rules_for("albany", {})), themes_for(rules_for("classic", {}))
    assert "stoppers" in albany and "deep-pick-up" in albany and "black-threes" not in albany
    assert "black-threes" in classic and "stoppers" not in classic and "concealed-going-out" in classic
