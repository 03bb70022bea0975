"""A-STOPPER decides going out for a hand holding two stoppers: it is the reason given, first and alone."""

from __future__ import annotations

import pytest

from tutor import Spot, ask

TABLE = ["9S 9H 9D 9C 9S 9H 9D", "5H 6H 7H 8H 9H TH JH"]


@pytest.mark.parametrize("decider", ["z3", "reference"])
@pytest.mark.parametrize("phase, discard", [("drawn", ""), ("before-draw", "KC KD")])
def test_a_stopper_two_stoppers_held_decide_going_out_with_their_rule(decider, phase, discard):
    spot = Spot.from_dict({"variant": "albany", "hand": "3S 3H KS KH KD", "melds": TABLE, "discard": discard,
                           "phase": phase})
    verdict = ask("go-out", spot, decider=decider)
    assert not verdict.answer
    assert [r.rule for r in verdict.reasons] == ["A-STOPPER"]
    assert "2 stoppers (3♠ 3♥)" in verdict.reasons[0].text


def test_a_stopper_one_stopper_leaves_going_out_to_the_rest_of_the_hand():
    spot = Spot.from_dict({"variant": "albany", "hand": "3S QS QH QD", "melds": TABLE, "phase": "drawn"})
    verdict = ask("go-out", spot)
    assert verdict.answer and verdict.witness["discard"] == "3S"
