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


@pytest.mark.slow
@pytest.mark.parametrize("base", HOUSE_BASES)
@SLOW
@given(data=st.data())
def test_house_rules_many_spots_every_question_agrees(base, data):
    _agree(data.draw(house_rules_spots(FILES, base, hand=(1, 14), pile=(0, 8))))


# -- pinned albany house files: each shape the file sets, read by both deciders -------------------
def _albany_house(name: str, sections: str):
    path = FILES / f"{name}.toml"
    path.write_text('extends = "albany"\n' + sections)
    return str(path)


def _spot(variant: str, hand: str, melds=(), phase="drawn"):
    from tutor.spot import Spot

    return Spot.from_dict({"variant": variant, "options": {"players": 4}, "hand": hand, "melds": list(melds),
                           "discard": "", "stock": 20, "phase": phase})


BOTH = ("z3", "reference")
TWO_CANASTAS = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD"]
TWO_FULL_OF_WILDS = ["KS KH KD KC KS 2H 2S", "QS QH QD QC QS JK 2H"]   # no room for a wild card


@pytest.mark.parametrize("decider", BOTH)
def test_a_set_house_file_without_sequences_gets_no_sequence(decider):
    house = _albany_house("groups_only", "[meld]\nsequences = false\n")
    spot = _spot(house, "8H 9H TH 2C 5S 5D 5C")
    listed = [m["cards"] for m in ask("melds", spot, decider=decider).extra["melds"]]
    assert "8H 9H TH" not in listed and "5S 5D 5C" in listed
    # going out would need the run: with only groups the hand cannot be emptied
    out = ask("go-out", _spot(house, "8H 9H TH 5S", TWO_CANASTAS), decider=decider)
    assert not out.answer and out.reasons


@pytest.mark.parametrize("decider", BOTH)
def test_a_set_house_file_without_wild_card_sets_gets_none(decider):
    house = _albany_house("no_wild_sets", "[wild_meld]\nallowed = false\n")
    spot = _spot(house, "2C 2D JK 5S 6D 9C")
    assert not [m for m in ask("melds", spot, decider=decider).extra["melds"] if m["cards"] == "2C 2D JK"]
    assert not ask("go-out", _spot(house, "2C 2D JK 9C", TWO_FULL_OF_WILDS), decider=decider).answer
    # the rule as given: the same cards make a wild-card set where the file allows it
    assert ask("go-out", _spot(_albany_house("wild_sets", ""), "2C 2D JK 9C", TWO_FULL_OF_WILDS),
               decider=decider).answer


@pytest.mark.parametrize("decider", BOTH)
def test_a_goout_house_file_with_a_required_final_discard_keeps_one_card(decider):
    house = _albany_house("discard_required", '[go_out]\nfinal_discard = "required"\n')
    # melding every card was the way out; the file wants a discard after it
    assert not ask("go-out", _spot(house, "9S 9H 9D", TWO_CANASTAS), decider=decider).answer
    out = ask("go-out", _spot(house, "9S 9H 9D 4C", TWO_CANASTAS), decider=decider)
    assert out.answer and out.witness["discard"] == "4C", out.witness
    assert ask("go-out", _spot(_albany_house("discard_optional", ""), "9S 9H 9D", TWO_CANASTAS),
               decider=decider).answer


@pytest.mark.parametrize("decider", BOTH)
def test_a_set_house_file_with_longer_wild_card_sets_is_decided_by_both(decider):
    # the reference searched only three-card wild sets; a file asking four is read from its data
    house = _albany_house("wild_sets_of_four", "[wild_meld]\nmin_cards = 4\n")
    assert not ask("go-out", _spot(house, "2C 2D JK 9C", TWO_FULL_OF_WILDS), decider=decider).answer
    out = ask("go-out", _spot(house, "2C 2D JK JK 9C", TWO_FULL_OF_WILDS), decider=decider)
    assert out.answer and sorted(out.witness["melds"][0].split()) == ["2C", "2D", "JK", "JK"]


def test_a_deluxe_house_file_with_longer_stopper_sets_lists_the_same_for_both():
    from tutor.spot import Spot

    house = _albany_house("stopper_sets_of_four", "[stopper_meld]\nmin_cards = 4\n")
    listed = {}
    for hand in ("3H 3D 3H 9C 9D 9S KS", "3H 3D 3H 3D 9C 9D 9S KS"):
        spot = Spot.from_dict({"variant": house, "options": {"players": 4, "deluxe": [1]}, "hand": hand,
                               "melds": [], "discard": "", "stock": 20, "phase": "drawn"})
        listed[hand] = [_answer("melds", spot, d) for d in BOTH]
        assert listed[hand][0] == listed[hand][1], listed
    assert not any(m[1].startswith("3") for m in listed["3H 3D 3H 9C 9D 9S KS"][0])
    assert ("meld", "3D 3D 3H 3H", None) in listed["3H 3D 3H 3D 9C 9D 9S KS"][0]


@pytest.mark.parametrize("decider", BOTH)
def test_a_cards_house_file_whose_jokers_are_not_wild_melds_no_joker(decider):
    house = _albany_house("jokers_not_wild", '[cards]\nwild = ["2"]\n')
    # a joker that is neither wild nor a natural rank joins no set, and the no still names its rule
    spot = _spot(house, "JK")
    out = ask("go-out", spot, decider=decider)
    assert not out.answer and "canastas" in out.reasons[0].text
    listed = [m["cards"] for m in ask("melds", _spot(house, "JK JK 5S 5D 5C"), decider=decider).extra["melds"]]
    assert "5S 5D 5C" in listed and not [cards for cards in listed if "JK" in cards]


@pytest.mark.parametrize("decider", BOTH)
def test_a_cards_house_file_may_make_the_joker_a_stopper_and_it_lists_the_red_sets_only(decider):
    house = _albany_house("joker_stopper", '[cards]\nwild = ["2"]\nstopper = ["3S", "3H", "3D", "3C", "JK"]\n'
                                           '[stopper_meld]\nallowed = true\n')
    listed = [m["cards"] for m in ask("melds", _spot(house, "JK JK JK 3H 3D 3H"), decider=decider).extra["melds"]]
    assert "3D 3H 3H" in listed and not [cards for cards in listed if "JK" in cards]
