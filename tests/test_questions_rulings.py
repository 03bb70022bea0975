"""Rulings every question honours before any decider is asked."""

import pytest

from tutor.errors import SpotError
from tutor.questions import ask
from tutor.spot import Spot

BLACK_THREES = {"classic": ["3S 3C 3S"], "house": ["3S 3C 3C"]}


@pytest.mark.parametrize("variant", list(BLACK_THREES))
@pytest.mark.parametrize("question", ["melds", "initial-meld", "pickup", "go-out", "play"])
def test_c_black3_a_spot_with_a_black_3_meld_on_the_table_is_impossible_but_for_score(variant, question):
    spot = Spot.from_dict({"variant": variant, "hand": "KS KH 9C", "melds": BLACK_THREES[variant] + ["7S 7H 7D"],
                           "discard": "4D", "phase": "before-draw" if question == "pickup" else "drawn"})
    with pytest.raises(SpotError, match="black 3s"):
        ask(question, spot, play="discard 9C" if question == "play" else None)
    assert ask("score", spot).answer
