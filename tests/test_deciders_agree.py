"""The z3 checker and the exhaustive reference decider agree on random spots.

They are written separately; every witness either returns is replayed by the
turn engine (``play_turn``) inside them, and here their yes/no answers and
their lists of legal melds are compared, variant by variant.
"""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from strategies import VARIANTS, albany_goals, albany_spots, goals, spot_dicts, spots
from tutor import checker, reference
from tutor.checker import Found
from tutor.crosscheck import check_range
from tutor.errors import SolverLimitError
from tutor.goals import ANY, Goal
from tutor.questions import ask
from tutor.play import parse_play
from tutor.spot import Spot
from tutor.turn import play_turn

AGREE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("variant", VARIANTS)
@AGREE
@given(data=st.data())
def test_deciders_agree_on_random_goals(variant, data):
    spot = data.draw(spots(variant))
    goal = data.draw(goals(spot))
    z3_found = isinstance(checker.find(spot, goal), Found)
    ref_found = reference.find(spot, goal) is not None
    assert z3_found == ref_found, f"{goal}\n{spot.to_json()}"


@pytest.mark.parametrize("variant", VARIANTS)
@AGREE
@given(data=st.data())
def test_deciders_list_the_same_legal_melds(variant, data):
    spot = data.draw(spots(variant, hand=(1, 14)))
    unknown = spot.phase == "before-draw"
    assert checker.legal_choices(spot, unknown_draw=unknown) == reference.legal_choices(spot, unknown_draw=unknown)


@pytest.mark.parametrize("question", ["go-out", "pickup", "initial-meld"])
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_contract_question_gets_the_same_answer(variant, question, data):
    spot = data.draw(spots(variant))
    z3_answer, ref_answer = ask(question, spot), ask(question, spot, decider="reference")
    assert z3_answer.answer == ref_answer.answer, spot.to_json()
    if not z3_answer.answer:
        assert z3_answer.reasons, "a no must name the rules that block it"


@pytest.mark.parametrize("question", ["pickup", "initial-meld"])
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_c_initial_y_down_both_deciders_judge_pickups_before_the_first_meld_alike(variant, question, data):
    """Pickups whose pile holds cards below the top that a first meld could use (C-INITIAL, Y-DOWN)."""
    spot = data.draw(spots(variant, hand=(3, 14), pile=(1, 8), first_meld=True))
    z3_answer, ref_answer = ask(question, spot), ask(question, spot, decider="reference")
    assert z3_answer.answer == ref_answer.answer, spot.to_json()


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_c_initial_y_down_both_deciders_find_the_same_best_first_meld_after_a_pickup(variant, data):
    spot = data.draw(spots(variant, hand=(3, 14), pile=(1, 8), first_meld=True))
    goal = Goal(pickup=ANY, take_pile=True, must_meld=True, best=True)
    z3_found, ref_found = checker.find(spot, goal), reference.search(spot, goal)
    assert isinstance(z3_found, Found) == (ref_found is not None), spot.to_json()
    if ref_found is not None and z3_found.best_proven:
        assert z3_found.points == ref_found.points, spot.to_json()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_shuffling_the_hand_never_changes_an_answer(data):
    d = data.draw(spot_dicts())
    cards = d["hand"].split()
    shuffled = dict(d, hand=" ".join(data.draw(st.permutations(cards))))
    a, b = Spot.from_dict(d), Spot.from_dict(shuffled)
    for question in ("go-out", "pickup", "initial-meld"):
        assert ask(question, a).answer == ask(question, b).answer


@pytest.mark.parametrize("variant", VARIANTS)
def test_crosscheck_slice_finds_no_disagreement(variant):
    tally = check_range(variant, seed=7, start=0, stop=40)
    assert tally.comparisons >= 150
    assert not tally.disagreements and not tally.bugs, (tally.disagreements + tally.bugs)[:1]


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_crosscheck_many_spots_finds_no_disagreement(variant):
    tally = check_range(variant, seed=11, start=0, stop=2000)
    assert tally.comparisons >= 7000
    assert not tally.disagreements and not tally.bugs, (tally.disagreements + tally.bugs)[:1]


# -- albany (A-*): sequences, stoppers, the fanned pile; every table and Deluxe option ---------------
def _z3_found(spot, goal) -> bool:
    try:
        return isinstance(checker.find(spot, goal), Found)
    except (NotImplementedError, SolverLimitError):
        assume(False)  # a case the z3 encoding leaves out, or gave up on (it says so): nothing to compare


@AGREE
@given(data=st.data())
def test_deciders_agree_on_random_albany_goals(data):
    spot = data.draw(albany_spots())
    goal = data.draw(albany_goals(spot))
    ref_found = reference.find(spot, goal) is not None
    assert _z3_found(spot, goal) == ref_found, f"{goal}\n{spot.to_json()}"


@AGREE
@given(data=st.data())
def test_deciders_list_the_same_legal_albany_melds(data):
    spot = data.draw(albany_spots(hand=(1, 14)))
    unknown = spot.phase == "before-draw"
    try:
        z3_choices = checker.legal_choices(spot, unknown_draw=unknown)
    except (NotImplementedError, SolverLimitError):
        assume(False)
    assert z3_choices == reference.legal_choices(spot, unknown_draw=unknown), spot.to_json()


@pytest.mark.parametrize("question", ["go-out", "pickup", "initial-meld"])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_contract_question_gets_the_same_albany_answer(question, data):
    spot = data.draw(albany_spots())
    ref_answer = ask(question, spot, decider="reference")
    try:
        z3_answer = ask(question, spot)
    except SolverLimitError:
        assume(False)
    assert z3_answer.answer == ref_answer.answer, spot.to_json()


@pytest.mark.slow
def test_albany_crosscheck_many_spots_finds_no_disagreement():
    tally = check_range("albany", seed=11, start=0, stop=150)
    assert tally.comparisons >= 500
    assert not tally.disagreements and not tally.bugs, (tally.disagreements + tally.bugs)[:1]


@pytest.mark.slow
def test_a_combine_crosscheck_of_spots_whose_table_moves_reach_other_tables_finds_no_disagreement():
    tally = check_range("albany", seed=5, start=0, stop=400, questions=("go-out",), table_moves=True)
    assert tally.spots + tally.passed_over == 400 and tally.comparisons >= 60
    assert not tally.disagreements and not tally.bugs, (tally.disagreements + tally.bugs)[:1]


def test_albany_crosscheck_slice_finds_no_disagreement():
    tally = check_range("albany", seed=7, start=0, stop=12)
    assert tally.comparisons >= 40
    assert not tally.disagreements and not tally.bugs, (tally.disagreements + tally.bugs)[:1]


def test_c_initial_the_hand_s_joker_and_its_twin_from_the_pile_go_onto_different_melds():
    # the pile holds a second joker below its top: a first meld that counts takes only the hand's
    # one, with the hand's 2S (J♦ J♣ 🃏 2♠ = 90), and the pile's joker goes onto a meld that counts nothing
    spot = Spot.from_dict({"variant": "house", "options": {"players": 2}, "score": 2500,
                           "hand": "8D KC 7S QS JD 6D 4H 2S JK JC 7C",
                           "discard": "4H 6S TC 5C JK QS 7H 8C TC 9S 7D", "stock": 1, "phase": "before-draw"})
    for question in ("pickup", "initial-meld"):
        answers = {d: ask(question, spot, decider=d) for d in ("z3", "reference")}
        assert answers["z3"].answer == answers["reference"].answer
        if answers["z3"].answer:
            play_turn(spot, parse_play(answers["z3"].witness["play"]))
