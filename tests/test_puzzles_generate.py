"""The generator: deterministic for a seed, doubly proved, balanced, filtered for interest."""

import random

import pytest

from tutor.errors import TutorError
from tutor.puzzles.construct import RECIPES, Builder, Skip, recipes_for
from tutor.puzzles.format import check_record, dumps
from tutor.puzzles.generate import boring, build_candidate, generate, generate_report
from tutor.puzzles.prove import prove
from tutor.rules import rules_for
from tutor.spot import Spot


@pytest.fixture(scope="module")
def classic_dozen():
    return generate("classic", 12, seed=11, workers=1, progress=False)


def test_same_seed_gives_byte_identical_puzzles(classic_dozen):
    again = generate("classic", 12, seed=11, workers=1, progress=False)
    assert dumps(again) == dumps(classic_dozen)


def test_parallel_generation_matches_the_serial_one(classic_dozen):
    assert dumps(generate("classic", 12, seed=11, workers=2, progress=False)) == dumps(classic_dozen)


def test_another_seed_gives_other_puzzles(classic_dozen):
    other = generate("classic", 12, seed=12, workers=1, progress=False)
    assert {p.id for p in other} != {p.id for p in classic_dozen}


def test_generated_puzzles_are_well_formed_and_balanced(classic_dozen):
    assert len(classic_dozen) == 12
    for p in classic_dozen:
        assert check_record(p.to_dict()) == [], p.id
    yes = sum(p.answer for p in classic_dozen)
    assert 4 <= yes <= 8
    assert len({p.grade for p in classic_dozen}) >= 3
    assert len({p.generator for p in classic_dozen}) >= 4


def test_every_yes_carries_a_witness_and_ways(classic_dozen):
    for p in classic_dozen:
        if p.answer:
            assert p.proof["witness"]["play"] and 1 <= p.ways <= 5 and p.unique == (p.ways == 1)
        else:
            assert p.proof["rules"] and p.ways is None


def test_a_theme_filter_keeps_only_that_theme():
    puzzles = generate("classic", 3, theme="frozen-pile", seed=3, workers=1, progress=False)
    assert puzzles and all("frozen-pile" in p.themes for p in puzzles)


def test_a_difficulty_filter_keeps_only_that_grade():
    puzzles = generate("house", 2, difficulty=2, seed=5, workers=1, progress=False)
    assert puzzles and all(p.grade == 2 for p in puzzles)


def test_bad_arguments_are_refused_before_any_work():
    with pytest.raises(TutorError, match="unknown theme"):
        generate("classic", 1, theme="no-such-theme", progress=False)
    with pytest.raises(TutorError):
        generate("whist", 1, progress=False)
    with pytest.raises(TutorError, match="difficulty"):
        generate("classic", 1, difficulty=9, progress=False)
    with pytest.raises(TutorError, match="at least 1"):
        generate("classic", 0, progress=False)


@pytest.mark.parametrize("variant", ["classic", "house", "canasty", "albany"])
def test_every_recipe_builds_spots_that_can_occur(variant):
    rules = rules_for(variant, {})
    for name, fn, _ in recipes_for(rules):
        built = 0
        for i in range(12):
            b = Builder(rules, random.Random(f"t:{name}:{i}"), variant, {})
            try:
                cand = fn(b, i % 2 == 0, i % 3)
            except Skip:
                continue
            Spot.from_dict(cand.spot)  # raises if the spot cannot occur
            assert cand.recipe.split("/")[0] in ("construct", "engine")
            built += 1
        assert built, f"{name} never built a {variant} spot"


def test_recipes_apply_where_their_rule_exists():
    names = {v: {n for n, _, _ in recipes_for(rules_for(v, {}))} for v in ("classic", "canasty", "albany")}
    assert "cheat" in names["canasty"] and "cheat" not in names["classic"]
    assert "stoppers" in names["albany"] and "stoppers" not in names["classic"]
    assert "concealed" in names["classic"] and "concealed" not in names["canasty"]
    assert set(RECIPES) >= names["classic"]


def test_candidates_are_deterministic_for_an_index():
    a = build_candidate("canasty", {}, 4, 17)
    assert a == build_candidate("canasty", {}, 4, 17)


def test_trivial_puzzles_are_dropped():
    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH KD 9C", "melds": ["7S 7H 7D 7C 7S 7H 2C"]})
    from tutor.puzzles.generate import puzzle_from

    puzzle = puzzle_from(spot, "go-out", None, prove(spot, "go-out"), "manual", "-")
    assert puzzle.answer and "trivial yes" in boring(puzzle)
    spot = Spot.from_dict({"variant": "classic", "hand": "KS QH 9D 4C", "melds": ["7S 7H 7D 7C 7S 7H 2C"]})
    puzzle = puzzle_from(spot, "go-out", None, prove(spot, "go-out"), "manual", "-")
    assert not puzzle.answer and "trivial no" in boring(puzzle)


def test_the_report_counts_what_was_dropped():
    report = generate_report("canasty", 4, seed=2, workers=1, progress=False)
    assert len(report.puzzles) == 4 and report.tried >= 4
    assert all(n > 0 for n in report.dropped.values()) and report.seconds > 0


def test_a_witness_after_drawing_two_unknown_cards_is_replayed_with_both_A_DRAW():
    # albany draws two from the stock ("drawn": "? ?"); the witness replays on the hand with both
    spot = Spot.from_dict({"variant": "albany", "options": {"players": 3, "deluxe": [3, 4, 6]}, "score": 2495,
                           "hand": "2C 3C AH 8D 5D 4H 3H 6S 9C AD 8S QD 9C 2S", "stock": 57,
                           "phase": "before-draw"})
    proven = prove(spot, "initial-meld", count=False)
    assert proven.answer and proven.proof["witness"]["drawn"] == "? ?"


def test_a_deluxe_3_deep_pickup_completed_from_the_pile_is_a_way_to_take_it_A_DRAW():
    # the 3 on top is a stopper and no 7 pair is in the hand: only option 3 takes the pile,
    # 7H melded with the 7S held and the 7D taken above it
    spot = Spot.from_dict({"variant": "albany", "options": {"deluxe": [3]}, "hand": "7S 4C 5D 9H",
                           "discard": "KH 7H 7D 3C", "phase": "before-draw", "score": 0})
    proven = prove(spot, "pickup")
    assert proven.answer and proven.ways == 1
    assert proven.proof["witness"]["play"].startswith("pickup 7D 7S depth 3")
