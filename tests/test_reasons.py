"""Every verdict teaches: it names its rule first, and its numbers agree with the spot.

The numbers are recomputed apart from the deciders (``reason_numbers``): the
first-meld minimum from the score bands, the canastas from the table's layout.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from reason_numbers import canastas_needed, contradictions, first_meld_need, generic
from strategies import VARIANTS, albany_spots, spots
from tutor.errors import SolverLimitError
from tutor.goals import ANY, Goal
from tutor.questions import ask
from tutor.sampling import random_spot
from tutor.spot import Spot

GROUPS = [v for v in VARIANTS if v != "albany"]
QUICK = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALBANY = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _questions(spot: Spot):
    out = [("go-out", spot), ("melds", spot)]
    if not spot.melds:
        out.append(("initial-meld", spot))
    if spot.discard:
        out.append(("pickup", spot.replace(phase="before-draw")))
    return out


def _verdicts(spot: Spot, decider: str = "z3"):
    for question, asked in _questions(spot):
        try:
            yield question, asked, ask(question, asked, decider=decider)
        except SolverLimitError:
            continue


def _check_teaches(spot: Spot, decider: str) -> None:
    for question, asked, v in _verdicts(spot, decider):
        if question == "melds" and v.answer:
            assert v.reasons == ()  # a listing, not a verdict with reasons
            continue
        assert v.reasons, f"{question} answered {v.answer} without a reason: {asked.to_json()}"
        if not v.answer:
            assert not generic(v.reasons[0].text), f"{question}: {v.reasons[0]} ({asked.to_json()})"
        assert not contradictions(asked, v.answer, v.reasons), (question, asked.to_json(), v.reasons)


def _group_test(decider: str):
    @pytest.mark.parametrize("variant", GROUPS)
    @QUICK
    @given(data=st.data())
    def test(variant, data):
        _check_teaches(data.draw(spots(variant)), decider)
    return test


test_c_every_no_names_its_deciding_rule_with_the_spots_numbers = _group_test("z3")
test_c_the_reference_decider_names_the_deciding_rule_with_the_spots_numbers = _group_test("reference")


@ALBANY
@given(spot=albany_spots())
def test_a_every_no_names_its_deciding_rule_with_the_spots_numbers(spot):
    _check_teaches(spot, "z3")
    _check_teaches(spot, "reference")


# -- the oracle itself: it must be able to fail ---------------------------------------------
def test_c_initial_need_comes_from_the_score_bands():
    for score, need in ((-5, 15), (0, 50), (1499, 50), (1500, 90), (3000, 120)):
        assert first_meld_need(Spot.from_dict({"variant": "classic", "score": score, "hand": "KS"})) == need
    assert first_meld_need(Spot.from_dict({"variant": "classic", "score": 3000, "hand": "KS",
                                            "melds": ["QS QH QD"]})) == 0


def test_a_canastas_needed_come_from_the_layout_and_the_dead_card_option():
    four = Spot.from_dict({"variant": "albany", "options": {"players": 4}, "hand": "KS"})
    dead = Spot.from_dict({"variant": "albany", "options": {"players": 4, "deluxe": [5]}, "hand": "KS"})
    assert (canastas_needed(four), canastas_needed(dead)) == (2, 1)


def test_c_goout_a_no_whose_best_meets_the_need_is_caught():
    from tutor.verdict import Reason

    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH"})
    bad = (Reason("C-GOOUT", "Going out needs 1 canasta; the best you can reach is 1."),)
    good = (Reason("C-GOOUT", "Going out needs 1 canasta; the best you can reach is none."),)
    assert contradictions(spot, False, bad) and not contradictions(spot, False, good)
    wrong_need = (Reason("C-INITIAL", "your melds total at most 40; with 0 points you need 90"),)
    assert contradictions(spot, False, wrong_need)


# -- the two deciders agree on the deciding rule ---------------------------------------------
def _figures(text: str) -> tuple:
    """The reach and need a sentence states ("the best you can reach is none", "at most 40", "you need 50")."""
    return tuple("0" if f == "none" else f for f in re.findall(r"(?:reach is|at most|you need|needs) (\d+|none)", text))


def _agreement(variant: str, count: int, seed: int) -> tuple[int, int, list]:
    """(same first rule, both no, the differences): a same rule stating other figures counts as a difference."""
    same = both = 0
    differ = []
    for i in range(count):
        spot = random_spot(random.Random(f"{seed}:{variant}:{i}"), variant)
        for question, asked in _questions(spot):
            try:
                a, b = ask(question, asked), ask(question, asked, decider="reference")
            except SolverLimitError:
                continue
            if a.answer or b.answer:
                continue
            both += 1
            if a.reasons[0].rule == b.reasons[0].rule and _figures(a.reasons[0].text) == _figures(b.reasons[0].text):
                same += 1
            else:
                differ.append((question, a.reasons[0], b.reasons[0], asked.to_json()))
    return same, both, differ


@pytest.mark.parametrize("variant", GROUPS)
def test_c_both_deciders_name_the_same_deciding_rule(variant):
    same, both, differ = _agreement(variant, 15, 5)
    assert both >= 25
    assert same >= 0.95 * both, differ


@pytest.mark.slow
@pytest.mark.parametrize("variant", GROUPS)
def test_c_both_deciders_name_the_same_deciding_rule_sweep(variant):
    same, both, differ = _agreement(variant, 150, 11)
    assert same >= 0.95 * both, differ


def test_c_reference_no_to_a_frozen_pile_names_the_natural_pair():
    spot = Spot.from_dict({"variant": "classic", "hand": "8C JK 5S", "discard": "KD TD", "phase": "before-draw"})
    v = ask("pickup", spot, decider="reference")
    assert not v.answer
    assert v.reasons[0].rule == "C-FROZEN" and "two natural Ts" in v.reasons[0].text
    assert "you hold 0 natural Ts" in v.reasons[0].text


def test_c_initial_reference_no_gives_the_best_total_and_the_need():
    spot = Spot.from_dict({"variant": "classic", "score": 1500, "hand": "KS KH KD AC AD 9C 4D"})
    for decider in ("z3", "reference"):  # K K K: 30; the two aces make no meld without a wild card
        v = ask("initial-meld", spot, decider=decider)
        assert not v.answer and v.reasons[0].rule == "C-INITIAL"
        assert v.reasons[0].text.startswith("your melds total at most 30; with 1500 points you need 90")


def test_c_goout_reference_no_gives_the_canastas_within_reach():
    spot = Spot.from_dict({"variant": "classic", "options": {"players": 2}, "hand": "KS KH KD 9C",
                           "melds": ["QS QH QD QC QS QH QD"]})
    v = ask("go-out", spot, decider="reference")
    assert not v.answer and v.reasons[0].rule == "C-GOOUT"
    assert v.reasons[0].text == "Going out needs 2 canastas; the best you can reach is 1."


def test_a_goout_reference_no_counts_the_canastas_its_sets_can_really_hold():
    # fifteen cards could fill two more canastas by count, but no rank or suit holds enough of them:
    # the deciding rule is the canastas going out needs, with the one the side already has
    spot = Spot.from_dict({"variant": "albany", "options": {"players": 3, "deluxe": [2, 7, 8]}, "score": 3000,
                           "hand": "8H TC JH 4C 5C KC JD JK QC 7C AD 3D 9H 4D 9S",
                           "melds": ["5D 5H 5C 5H", "6D 6C 6H 6C 2C 2S", "6S 6D 6H 6D 6H 6S 6S 6C 2H", "KC AC JK 2S"],
                           "discard": "TD KS", "stock": 43, "phase": "before-draw"})
    for decider in ("z3", "reference"):
        v = ask("go-out", spot, decider=decider)
        assert not v.answer and v.reasons[0].rule == "A-GOOUT", (decider, v.reasons)
    assert "at most 1 could be made" in v.reasons[0].text


def test_y_goout_wimp_rule_decides_in_the_first_round():
    spot = Spot.from_dict({"variant": "canasty", "options": {"players": 2}, "hand": "KS KH KD 9C",
                           "melds": ["QS QH QD"], "first_round": True, "scores": [0, 0]})
    for decider in ("z3", "reference"):
        v = ask("go-out", spot, decider=decider)
        assert not v.answer and "wimp rule" in v.reasons[0].text, (decider, v.reasons)


def test_c_no_first_meld_from_the_pile_names_the_pile_rule_for_both_deciders():
    spot = Spot.from_dict({"variant": "classic", "score": 1495, "hand": "8C JK",
                           "discard": "KD KH 3S 8D AD TD", "phase": "before-draw"})
    firsts = [ask("initial-meld", spot, decider=d).reasons[0] for d in ("z3", "reference")]
    assert [r.rule for r in firsts] == ["C-FROZEN", "C-FROZEN"]


def test_c_an_empty_listing_names_why_nothing_goes_down():
    spot = Spot.from_dict({"variant": "classic", "score": 0, "hand": "KS 7H 4D"})
    for decider in ("z3", "reference"):
        v = ask("melds", spot, decider=decider)
        assert not v.answer and v.reasons[0].rule == "C-MELD" and not generic(v.reasons[0].text)


def test_c_goal_rules_a_take_pile_goal_without_a_way_reads_the_pile():
    from tutor import reference

    spot = Spot.from_dict({"variant": "classic", "hand": "8C 5S", "discard": "KD 2C", "phase": "before-draw",
                           "melds": ["QS QH QD"]})
    reasons = reference.explain(spot, Goal(pickup=ANY, take_pile=True))
    assert reasons[0].rule == "C-PICKUP" and "wild card" in reasons[0].text


def test_y_down_the_best_total_is_of_melds_a_legal_turn_makes():
    """Going out is out of reach, and the first-meld total is what a legal turn could meld: 5 5 5 only."""
    spot = Spot.from_dict({"variant": "canasty", "options": {"players": 5, "extended": True, "wimp_rule": False},
                           "score": 2995, "hand": "4H 5S QH TH 5D 5D 4H", "discard": "7D 9D", "stock": 3,
                           "scores": [2995, -5, 1000, 1995, 1495]})
    for decider in ("z3", "reference"):
        first = ask("go-out", spot, decider=decider).reasons[0]
        assert (first.rule, first.text) == ("Y-DOWN", "your melds total at most 15; with 2995 points you need 150")
