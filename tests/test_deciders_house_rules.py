"""The two deciders agree on random house-rules files built on each of the four variants.

A house file draws each key a turn's legality reads in its legal range (``strategies.house_rules``);
every question is asked of the z3 checker and of the reference decider. A "no" is never re-checked
by the turn engine, so a wrong "no" shows only here: above all a drawn go-out the checker refuses.
"""

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from strategies import HOUSE_BASES, house_rules_spots
from tutor.errors import SolverLimitError
from tutor.questions import ask
from tutor.reference import UnsupportedVariant

FILES = Path(tempfile.mkdtemp(prefix="house-rules-"))
QUESTIONS = ("go-out", "pickup", "initial-meld", "melds")


def _answer(question, spot, decider):
    verdict = ask(question, spot, decider=decider)
    if question == "melds":
        return [(m["kind"], m["cards"], m["to"]) for m in verdict.extra["melds"]]
    if not verdict.answer:
        assert verdict.reasons, "a no names the rules that block it"
    return verdict.answer


def _agree(spot) -> None:
    for question in QUESTIONS:
        try:
            z3 = _answer(question, spot, "z3")
            ref = _answer(question, spot, "reference")
        except (SolverLimitError, UnsupportedVariant):
            continue  # gave up (it says so), a mix no decider plays, or one the reference refuses
        assert z3 == ref, f"{question}: z3 {z3} vs reference {ref}\n{spot.to_json()}\n{Path(spot.variant_name).read_text()}"


def _drawn_go_out_no_is_right(spot) -> None:
    try:
        z3 = ask("go-out", spot)
    except SolverLimitError:
        return
    if not z3.answer:
        try:
            ref = ask("go-out", spot, decider="reference")
        except UnsupportedVariant:
            return
        assert not ref.answer, \
            f"{spot.to_json()}\n{Path(spot.variant_name).read_text()}"


FAST = settings(max_examples=5, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
SLOW = settings(FAST, max_examples=80)


@pytest.mark.parametrize("base", HOUSE_BASES)
@FAST
@given(data=st.data())
def test_house_rules_a_drawn_go_out_no_from_the_checker_is_a_no_of_the_reference(base, data):
    _drawn_go_out_no_is_right(data.draw(house_rules_spots(FILES, base, hand=(1, 10), pile=(0, 4), phase="drawn")))


@pytest.mark.parametrize("base", HOUSE_BASES)
@FAST
@given(data=st.data())
def test_house_rules_both_deciders_give_every_question_the_same_answer(base, data):
    _agree(data.draw(house_rules_spots(FILES, base, hand=(1, 10), pile=(0, 5))))


@pytest.mark.slow
@pytest.mark.parametrize("base", HOUSE_BASES)
@SLOW
@given(data=st.data())
def test_house_rules_many_drawn_go_outs_agree(base, data):
    _drawn_go_out_no_is_right(data.draw(house_rules_spots(FILES, base, hand=(1, 14), pile=(0, 6), phase="drawn")))


# Known bugs, left open, that this sweep finds on albany house files: the z3 checker's go-out witness
# can leave a card with no discard when the house file makes a discard compulsory, and both deciders
# can meld a set of three wild cards that the file's set shape refuses. Marked so the suite shows them.
ALBANY_HOUSE_BUGS = pytest.mark.xfail(reason="albany house files: a witness without its final discard, "
                                             "an all-wild set the file refuses", strict=False)


@pytest.mark.slow
@pytest.mark.parametrize("base", [pytest.param(b, marks=ALBANY_HOUSE_BUGS) if b == "albany" else b
                                  for b in HOUSE_BASES])
@SLOW
@given(data=st.data())
def test_house_rules_many_spots_every_question_agrees(base, data):
    _agree(data.draw(house_rules_spots(FILES, base, hand=(1, 14), pile=(0, 8))))
