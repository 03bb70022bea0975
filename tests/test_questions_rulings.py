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


def test_h_deck_five_players_play_alone_with_three_packs_and_two_canastas_to_go_out():
    from tutor.rules import rules_for

    rules = rules_for("house", {"players": 5})
    assert rules.layout.decks == 3 and rules.canastas_to_go_out == 2 and rules.layout.hand == 11
    assert sum(rules.pack.values()) == 3 * 54


def test_a_deluxe_2_a_wild_card_set_is_never_a_one_suit_natural_group():
    from tutor.scoring import score_hand

    spot = Spot.from_dict({"variant": "albany", "options": {"deluxe": [2]}, "hand": "",
                           "melds": ["2H 2H 2H", "9H 9H 9H"]})
    items = [line["item"] for line in score_hand(spot, went_out=False).to_dict()["breakdown"]]
    same_suit = [item for item in items if "same-suit group" in item]
    assert len(same_suit) == 1 and "9H" in same_suit[0]
