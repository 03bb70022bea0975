"""Meld legality per variant, including the seed texts' own examples."""

import pytest

from tutor.errors import IllegalPlayError
from tutor.melds import judge, is_legal
from tutor.rules import rules_for


def _rule_of(variant, cards, **kw):
    with pytest.raises(IllegalPlayError) as e:
        judge(rules_for(variant, kw.pop("options", None)), cards, **kw)
    return e.value.rule


@pytest.mark.parametrize("cards, legal", [
    ("KS KH KD", True),
    ("KS KH 2C", True),
    ("KS KH JK 2C 2D", False),           # three wilds on two naturals
    ("KS KH KD JK 2C 2D", True),
    ("KS KH KD KC JK 2C 2D 2H", False),  # four wilds: at most three
    ("KS 2C 2D", False),                 # one natural
    ("KS KH", False),                    # two cards
    ("KS QS JS", False),                 # no sequences
    ("KS KH 7C", False),                 # mixed ranks
])
def test_classic_meld_shapes_C_MELD(cards, legal):
    assert is_legal(rules_for("classic"), cards) is legal


def test_classic_wilds_never_outnumber_naturals_C_MELD():
    assert _rule_of("classic", "KS KH 2C 2D JK") == "C-MELD"


def test_classic_red_three_is_never_melded_C_RED3():
    assert _rule_of("classic", "3H 3D 3H") == "C-RED3"


def test_classic_wild_canasta_needs_seven_wilds_C_WILDCANASTA():
    assert is_legal(rules_for("classic"), "2C 2D 2H 2S JK JK 2C")
    assert _rule_of("classic", "2C 2D JK") == "C-WILDCANASTA"


def test_classic_black_threes_three_or_four_without_wilds_C_BLACK3():
    r = rules_for("classic")
    assert is_legal(r, "3S 3C 3S", going_out=True)
    assert is_legal(r, "3S 3C 3S 3C", going_out=True)
    assert not is_legal(r, "3S 3C 3S", going_out=False)
    assert _rule_of("classic", "3S 3C 2D") == "C-BLACK3"
    assert _rule_of("classic", "3S 3C") == "C-BLACK3"


def test_house_three_wilds_on_four_sixes_is_legal_H_MELD():
    assert is_legal(rules_for("house"), "6S 6H 6D 6C 2C 2D JK")


def test_house_four_wilds_on_three_sixes_is_not_H_MELD():
    assert _rule_of("house", "6S 6H 6D 2C 2D JK JK") == "H-MELD"


def test_house_has_no_wild_canasta_H_MELD():
    assert not is_legal(rules_for("house"), "2C 2D 2H 2S JK JK 2C")


def test_house_black_threes_any_number_when_going_out_H_BLACK3():
    assert is_legal(rules_for("house"), "3S 3C 3S 3C 3S", going_out=True)


def test_canasty_one_natural_and_two_wilds_is_not_a_set_Y_SET():
    assert _rule_of("canasty", "5S 2C KD") == "Y-SET"


def test_canasty_kings_and_deuces_are_wild_Y_WILD():
    r = rules_for("canasty")
    assert is_legal(r, "QS QH KD")
    assert judge(r, "QS QH KD 2C").wilds == 2


def test_canasty_set_of_seven_may_carry_any_number_of_wilds_Y_SET():
    assert is_legal(rules_for("canasty"), "9S 9H KS KD KC 2C 2D")


def test_canasty_kings_are_not_a_rank_to_meld_Y_SET():
    assert not is_legal(rules_for("canasty"), "KS KH KD")  # three wilds and no natural


def test_canasty_jokers_are_bonus_cards_Y_WILD():
    assert not is_legal(rules_for("canasty"), "QS QH JK")


def test_canasty_threes_are_never_melded_Y_SET():
    assert not is_legal(rules_for("canasty"), "3S 3C 3S")


@pytest.mark.parametrize("cards, legal", [
    ("7S 2C 9S", True),            # a wild in the gap
    ("7S 8S 2C", True),            # a wild at an end
    ("2C 7S 8S JK", True),         # wilds at both ends
    ("QS KS AS", True),            # aces high
    ("AS 2C 4S", False),           # aces are not low
    ("KS AS 2C 2D", True),         # wilds below, since nothing lies above the ace
    ("4S 5S 6S", True),
    ("7S 8H 9S", False),           # mixed suits
    ("7S 8S 2C 2D JK", False),     # three wilds
    ("7S 7S 8S", False),           # a card twice
    ("7S 2C JK TS", True),         # 7 8 9 10: the two wilds stand for 8 and 9
    ("4S 5S 6S 7S 8S 9S TS JS QS KS AS", True),  # eleven cards, 4 to A
    ("2C JK 2D", True),            # a wild-card set
    ("7S 7H 7D 2C 2D", True),      # a group with two wilds
    ("7S 7H 7D 7C JK 2C 2D", False),
])
def test_albany_sets_A_SET(cards, legal):
    assert is_legal(rules_for("albany"), cards) is legal


def test_albany_sequence_with_a_gap_too_wide_A_SET():
    assert _rule_of("albany", "7S 2C JS") == "A-SET"


def test_albany_stoppers_are_never_melded_A_STOPPER():
    assert _rule_of("albany", "3H 3D 3H") == "A-STOPPER"


def test_albany_option_1_red_threes_melded_without_wilds_A_DELUXE():
    r = rules_for("albany", {"deluxe": [1]})
    assert is_legal(r, "3H 3D 3H")
    assert not is_legal(r, "3H 3D 2C")
    assert not is_legal(r, "3S 3C 3S")
    assert not is_legal(r, "4S 5S 6S")  # sequences start at 5 and 4s are stoppers
    assert is_legal(r, "5S 6S 7S")


def test_canasta_flag_at_seven_cards_C_CANASTA():
    r = rules_for("classic")
    assert judge(r, "KS KH KD KC KS KH KD").canasta
    assert not judge(r, "KS KH KD KC KS KH").canasta
    assert judge(r, "KS KH KD KC KS KH 2D").natural is False
