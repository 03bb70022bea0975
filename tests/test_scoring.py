"""Scoring a finished hand: every item, its points and the rule that grants it.

Totals are worked out by hand from the variants' rules (the rule book,
docs/rules.md); each test is named after the rule it pins.
"""

from __future__ import annotations

import pytest

from tutor import scoring
from tutor.errors import SolverLimitError, SpotError
from tutor.scoring import HandScore, Line, score_hand
from tutor.spot import Spot


def score(spot: dict, **kw) -> HandScore:
    return score_hand(Spot.from_dict(spot), **kw)


def items(result: HandScore) -> list[tuple[str, str, int]]:
    return [(line.rule, line.item, line.points) for line in result.breakdown]


def adds_up(result: HandScore) -> None:
    assert sum(line.points for line in result.breakdown) == result.total


SEVEN_QUEENS = "QS QH QD QC QS QH QD"  # 7 x 10 = 70


# -- classic --------------------------------------------------------------------------

def test_classic_natural_canasta_earns_500_C_CANASTA():
    result = score({"variant": "classic", "hand": "", "melds": [SEVEN_QUEENS]})
    assert items(result) == [
        ("C-VALUES", "melded cards", 70),
        ("C-CANASTA", "natural canasta", 500),
    ]
    assert result.total == 570


def test_classic_mixed_canasta_earns_300_C_CANASTA():
    # KS KH KD KC (40) + 2S 2H (40) + JK (50) = 130; 7S 7H 7D = 15; 9C in hand -10
    result = score({"variant": "classic", "hand": "9C",
                    "melds": ["KS KH KD KC 2S 2H JK", "7S 7H 7D"]})
    assert items(result) == [
        ("C-VALUES", "melded cards", 145),
        ("C-CANASTA", "mixed canasta", 300),
        ("C-VALUES", "cards in hand: 9C", -10),
    ]
    assert result.total == 435


def test_classic_wild_canasta_earns_2000_on_top_of_its_cards_C_WILDCANASTA():
    # four jokers (200) and three 2s (60)
    result = score({"variant": "classic", "hand": "", "melds": ["JK JK JK JK 2S 2H 2D"]})
    assert items(result) == [
        ("C-VALUES", "melded cards", 260),
        ("C-WILDCANASTA", "wild canasta", 2000),
    ]
    assert result.total == 2260


def test_classic_red_threes_earn_100_each_for_a_side_that_has_melded_C_RED3():
    result = score({"variant": "classic", "hand": "", "melds": ["8S 8H 8D"], "red_threes": "3H 3D"})
    assert items(result) == [
        ("C-VALUES", "melded cards", 30),
        ("C-RED3", "bonus cards: 3H 3D", 200),
    ]
    assert result.total == 230


def test_classic_red_threes_count_minus_for_a_side_that_has_not_melded_C_RED3():
    # K 10 + 9 10 + 4 5 = 25 in hand, three red 3s -300
    result = score({"variant": "classic", "hand": "KS 9H 4C", "red_threes": "3H 3D 3H"})
    assert items(result) == [
        ("C-RED3", "bonus cards: 3H 3D 3H (side not down: minus)", -300),
        ("C-VALUES", "cards in hand: KS 9H 4C", -25),
    ]
    assert result.total == -325


def test_classic_all_four_red_threes_earn_800_C_RED3():
    result = score({"variant": "classic", "hand": "", "melds": ["8S 8H 8D"],
                    "red_threes": "3H 3H 3D 3D"})
    assert items(result) == [
        ("C-VALUES", "melded cards", 30),
        ("C-RED3", "all 4 bonus cards: 3H 3H 3D 3D", 800),
    ]
    assert result.total == 830


def test_classic_all_four_red_threes_cost_800_without_a_meld_C_RED3():
    result = score({"variant": "classic", "hand": "5S", "red_threes": "3H 3H 3D 3D"})
    assert result.total == -805
    assert ("C-RED3", "all 4 bonus cards: 3H 3H 3D 3D (side not down: minus)", -800) in items(result)


def test_classic_black_three_left_in_hand_costs_100_each_C_BLACK3():
    result = score({"variant": "classic", "hand": "3S 3C 5D", "melds": ["8S 8H 8D"]})
    assert items(result) == [
        ("C-VALUES", "melded cards", 30),
        ("C-VALUES", "cards in hand: 5D", -5),
        ("C-BLACK3", "black 3s in hand: 3S 3C", -200),
    ]
    assert result.total == -175


def test_classic_melded_black_threes_count_their_value_5_C_BLACK3():
    result = score({"variant": "classic", "hand": "", "melds": [SEVEN_QUEENS, "3S 3C 3S"]},
                   went_out=True)
    # 70 + 15 on the table, natural canasta 500, going out 100
    assert result.total == 685


def test_classic_going_out_earns_100_C_GOOUT():
    # four players: the partner still holds 7D and JK
    result = score({"variant": "classic", "hand": "7D JK", "melds": [SEVEN_QUEENS]}, went_out=True)
    assert items(result) == [
        ("C-VALUES", "melded cards", 70),
        ("C-CANASTA", "natural canasta", 500),
        ("C-GOOUT", "going out", 100),
        ("C-VALUES", "cards in hand: 7D JK", -55),
    ]
    assert result.total == 615


def test_classic_going_out_concealed_earns_200_in_total_C_CONCEALED():
    result = score({"variant": "classic", "hand": "", "melds": [SEVEN_QUEENS, "9S 9H 2C"]},
                   concealed=True)
    assert items(result) == [
        ("C-VALUES", "melded cards", 110),
        ("C-CANASTA", "natural canasta", 500),
        ("C-CONCEALED", "going out concealed", 200),
    ]
    assert result.total == 810


def test_classic_going_out_needs_the_canastas_C_GOOUT():
    with pytest.raises(SpotError, match="canasta"):
        score({"variant": "classic", "hand": "", "melds": ["8S 8H 8D"]}, went_out=True)
    # two players need two canastas
    with pytest.raises(SpotError, match="2 canastas"):
        score({"variant": "classic", "options": {"players": 2}, "hand": "",
               "melds": [SEVEN_QUEENS]}, went_out=True)


def test_classic_a_lone_player_who_went_out_holds_no_card_C_GOOUT():
    with pytest.raises(SpotError, match="at most 0 cards"):
        score({"variant": "classic", "options": {"players": 2}, "hand": "5D",
               "melds": [SEVEN_QUEENS, "KS KH KD KC KS KH KD"]}, went_out=True)


# -- house -----------------------------------------------------------------------------

def test_house_black_three_left_in_hand_costs_5_each_H_BLACK3():
    result = score({"variant": "house", "hand": "3S 3C", "melds": ["8S 8H 8D"]})
    assert items(result) == [
        ("C-VALUES", "melded cards", 30),
        ("H-BLACK3", "black 3s in hand: 3S 3C", -10),
    ]
    assert result.total == 20


def test_house_all_four_red_threes_only_with_two_packs_H_RED3():
    two_packs = score({"variant": "house", "hand": "", "melds": ["8S 8H 8D"],
                       "red_threes": "3H 3H 3D 3D"})
    assert items(two_packs)[-1] == ("H-RED3", "all 4 bonus cards: 3H 3H 3D 3D", 800)
    assert two_packs.total == 830
    # six players use three packs: four red 3s are simply 100 each ...
    three_packs = score({"variant": "house", "options": {"players": 6}, "hand": "",
                         "melds": ["8S 8H 8D"], "red_threes": "3H 3H 3D 3D"})
    assert items(three_packs)[-1] == ("H-RED3", "bonus cards: 3H 3H 3D 3D", 400)
    assert three_packs.total == 430
    # ... and so are all six of them
    all_six = score({"variant": "house", "options": {"players": 6}, "hand": "",
                     "melds": ["8S 8H 8D"], "red_threes": "3H 3H 3H 3D 3D 3D"})
    assert all_six.total == 630


def test_house_has_no_cap_of_three_wilds_and_scores_a_mixed_canasta_300_H_CANASTA():
    # four 6s (20) + 2S 2H (40) + JK (50)
    result = score({"variant": "house", "hand": "", "melds": ["6S 6H 6D 6C 2S 2H JK"]})
    assert items(result) == [
        ("C-VALUES", "melded cards", 110),
        ("H-CANASTA", "mixed canasta", 300),
    ]


# -- canasty ---------------------------------------------------------------------------

def test_canasty_king_is_worth_50_melded_Y_VALUES():
    # QS QH 20 + KD 50; went out with nothing kept
    result = score({"variant": "canasty", "hand": "", "melds": ["QS QH KD"]}, went_out=True)
    assert items(result) == [
        ("Y-VALUES", "melded cards", 70),
        ("Y-GOOUT", "going out", 100),
    ]
    assert result.total == 170


def test_canasty_king_costs_50_in_the_hand_of_a_player_not_down_Y_END():
    result = score({"variant": "canasty", "hand": "KS 9H 4D"})
    assert items(result) == [("Y-END", "cards in hand: KS 9H 4D", -60)]


def test_canasty_set_of_seven_lowered_50_per_extra_deck_Y_SEVEN():
    melds = [SEVEN_QUEENS, "7S 7H 7D 7C 7S 2H KD"]  # 70, and 25 + 25 + 50 = 100
    two_decks = score({"variant": "canasty", "hand": "", "melds": melds})
    assert items(two_decks) == [
        ("Y-VALUES", "melded cards", 170),
        ("Y-SEVEN", "natural canasta", 500),
        ("Y-SEVEN", "mixed canasta", 300),
    ]
    three_decks = score({"variant": "canasty", "options": {"players": 6}, "hand": "", "melds": melds})
    assert items(three_decks) == [
        ("Y-VALUES", "melded cards", 170),
        ("Y-SEVEN", "natural canasta", 450),
        ("Y-SEVEN", "mixed canasta", 250),
    ]
    assert three_decks.total == 870
    four_decks = score({"variant": "canasty", "options": {"players": 9}, "hand": "", "melds": melds})
    assert four_decks.total == 170 + 400 + 200


def test_canasty_bonus_cards_count_minus_for_a_player_not_down_Y_END():
    # hand QS 9H = 15, black 3 -25, red 3 100 + joker 50 against
    result = score({"variant": "canasty", "hand": "QS 9H 3S", "red_threes": "3H JK"})
    assert items(result) == [
        ("Y-END", "bonus cards: 3H JK (side not down: minus)", -150),
        ("Y-END", "cards in hand: QS 9H", -15),
        ("Y-VALUES", "black 3s in hand: 3S", -25),
    ]
    assert result.total == -190


def test_canasty_bonus_cards_count_plus_for_a_player_down_Y_VALUES():
    result = score({"variant": "canasty", "hand": "", "melds": ["9S 9D 9C"], "red_threes": "3H JK"})
    assert items(result) == [
        ("Y-VALUES", "melded cards", 15),
        ("Y-VALUES", "bonus cards: 3H JK", 150),
    ]


def test_canasty_end_layoff_of_matching_cards_and_wilds_to_best_advantage_Y_END():
    # QH QD complete a natural set of seven; the 2 goes on the 7s, not on the queens
    # (there it would turn the 500 into 300). 9S and the black 3 match nothing.
    result = score({"variant": "canasty", "hand": "QH QD 2C 9S 3C",
                    "melds": ["QS QH QD QC QS", "7S 7H 7C"]})
    assert items(result) == [
        ("Y-VALUES", "melded cards", 65),
        ("Y-END", "cards laid off at the end: QH QD 2C", 45),
        ("Y-SEVEN", "natural canasta", 500),
        ("Y-END", "cards in hand: 9S", -5),
        ("Y-VALUES", "black 3s in hand: 3C", -25),
    ]
    assert result.total == 580


def test_canasty_end_layoff_wild_completes_a_set_of_seven_Y_END():
    result = score({"variant": "canasty", "hand": "KD 5S", "melds": ["JS JH JD JC JS JH"]})
    assert items(result) == [
        ("Y-VALUES", "melded cards", 60),
        ("Y-END", "cards laid off at the end: KD", 50),
        ("Y-SEVEN", "mixed canasta", 300),
        ("Y-END", "cards in hand: 5S", -5),
    ]
    assert result.total == 405


def test_canasty_no_layoff_for_a_player_not_down_Y_END():
    # the not-down player's QH and 2C count against him however well they match
    result = score({"variant": "canasty", "hand": "QH QD 2C"})
    assert result.total == -45


def test_canasty_player_who_went_out_counts_unmatched_cards_minus_Y_GOOUT():
    result = score({"variant": "canasty", "hand": "9S 3C", "melds": ["QS QH QD", "7S 7H 7C"]},
                   went_out=True)
    assert items(result) == [
        ("Y-VALUES", "melded cards", 45),
        ("Y-GOOUT", "going out", 100),
        ("Y-GOOUT", "unmatched cards of the player who went out: 9S", -5),
        ("Y-VALUES", "black 3s in hand: 3C", -25),
    ]
    assert result.total == 115


def test_canasty_going_out_keeps_at_most_two_cards_Y_GOOUT():
    with pytest.raises(SpotError, match="at most 2 cards"):
        score({"variant": "canasty", "hand": "9S 4C 5D", "melds": ["QS QH QD"]}, went_out=True)


def test_canasty_concealed_scores_as_plain_going_out_Y_GOOUT():
    result = score({"variant": "canasty", "hand": "", "melds": ["QS QH QD"]}, concealed=True)
    assert items(result) == [
        ("Y-VALUES", "melded cards", 30),
        ("Y-GOOUT", "going out", 100),
    ]


# -- albany ----------------------------------------------------------------------------

FIVES = ["5S", "5H", "5D", "5C"] * 3  # twelve 5s in three packs, 5 points each


@pytest.mark.parametrize("length, bonus", [(7, 200), (8, 200), (9, 300), (10, 300), (11, 400), (12, 500)])
def test_albany_natural_canasta_bonus_by_length_A_SCORE(length, bonus):
    result = score({"variant": "albany", "hand": "", "melds": [" ".join(FIVES[:length])]})
    assert items(result) == [
        ("A-SCORE", "melded cards", 5 * length),
        ("A-SCORE", "natural canasta", bonus),
    ]
    assert result.total == 5 * length + bonus


def test_albany_natural_sequence_of_eleven_earns_400_A_SCORE():
    # 4-7: 20, 8 9 10: 30, J Q K: 45, A: 20
    result = score({"variant": "albany", "hand": "", "melds": ["4S 5S 6S 7S 8S 9S TS JS QS KS AS"]})
    assert result.total == 115 + 400


def test_albany_mixed_canasta_earns_100_A_SCORE():
    # five 9s 50, a 2 20, a joker 50
    result = score({"variant": "albany", "hand": "", "melds": ["9S 9H 9D 9C 9S 2H JK"]})
    assert items(result) == [
        ("A-SCORE", "melded cards", 120),
        ("A-SCORE", "mixed canasta", 100),
    ]
    assert result.total == 220


def test_albany_all_twos_wild_canasta_doubles_cards_and_bonus_A_SCORE():
    result = score({"variant": "albany", "hand": "", "melds": ["2S 2H 2D 2C 2S 2H 2D"]})
    assert items(result) == [
        ("A-SCORE", "melded cards", 140),
        ("A-SCORE", "wild-card set of only 2s: cards count double (2S 2H 2D 2C 2S 2H 2D)", 140),
        ("A-SCORE", "wild canasta of only 2s (bonus doubled)", 200),
    ]
    assert result.total == 480


def test_albany_mixed_wild_canasta_earns_100_undoubled_A_SCORE():
    result = score({"variant": "albany", "hand": "", "melds": ["JK JK 2S 2H 2D 2C 2S"]})
    assert items(result) == [
        ("A-SCORE", "melded cards", 200),
        ("A-SCORE", "wild canasta", 100),
    ]


def test_albany_all_jokers_set_counts_its_cards_double_A_SCORE():
    result = score({"variant": "albany", "hand": "", "melds": ["JK JK JK", "JK 2S 2H"]})
    assert items(result) == [
        ("A-SCORE", "melded cards", 240),
        ("A-SCORE", "wild-card set of only jokers: cards count double (JK JK JK)", 150),
    ]
    assert result.total == 390


def test_albany_stoppers_in_hand_count_minus_50_A_SCORE():
    result = score({"variant": "albany", "hand": "3S 3H 7D", "melds": ["9S 9H 9D"]})
    assert items(result) == [
        ("A-SCORE", "melded cards", 30),
        ("A-SCORE", "cards in hand: 7D", -5),
        ("A-SCORE", "stoppers in hand: 3S 3H", -100),
    ]
    assert result.total == -75


def test_albany_seven_card_set_left_in_hand_counts_minus_at_its_best_value_A_SCORE():
    # seven 6s natural: 35 + 200; as a mixed eight with the 2 it would count only 155
    result = score({"variant": "albany", "hand": "6S 6H 6D 6C 6S 6H 6D 2C KD", "melds": ["9S 9H 9D"]})
    assert items(result) == [
        ("A-SCORE", "melded cards", 30),
        ("A-SCORE", "natural canasta still in hand: 6C 6D 6D 6H 6H 6S 6S", -235),
        ("A-SCORE", "cards in hand: 2C KD", -35),
    ]
    assert result.total == -240


def test_albany_sequence_left_in_hand_counts_minus_as_a_canasta_A_SCORE():
    # 5H-JH natural: 15 + 30 + 15 = 60, plus 200
    result = score({"variant": "albany", "hand": "5H 6H 7H 8H 9H TH JH 2C", "melds": ["9S 9H 9D"]})
    assert items(result)[1:] == [
        ("A-SCORE", "natural canasta still in hand: 5H 6H 7H 8H 9H TH JH", -260),
        ("A-SCORE", "cards in hand: 2C", -20),
    ]
    assert result.total == -250


def test_albany_canastas_in_hand_arranged_for_the_highest_value_A_SCORE():
    # Eight 7s as one natural group earn one bonus (200); seven of them plus a
    # 4H-TH run that keeps the eighth (7H) earn two (400).
    result = score({"variant": "albany", "hand": "7S 7H 7D 7C 7S 7H 7D 7C 4H 5H 6H 8H 9H TH"})
    assert sorted(items(result)) == sorted([
        ("A-SCORE", "natural canasta still in hand: 4H 5H 6H 7H 8H 9H TH", -(50 + 200)),
        ("A-SCORE", "natural canasta still in hand: 7C 7C 7D 7D 7H 7S 7S", -(35 + 200)),
    ])
    assert result.total == -485


def test_albany_all_twos_set_left_in_hand_counts_doubled_A_SCORE():
    # seven 2s: 140 doubled, bonus 200 doubled; the joker on its own, 50
    result = score({"variant": "albany", "hand": "2S 2H 2D 2C 2S 2H 2D JK", "melds": ["4S 5S 6S"]})
    assert result.total == 15 - (280 + 200) - 50


def test_albany_going_out_earns_100_and_concealed_is_plain_A_GOOUT():
    melds = [" ".join(FIVES[:7]), "9S 9H 9D 9C 9S 2H JK"]
    plain = score({"variant": "albany", "hand": "", "melds": melds}, went_out=True)
    concealed = score({"variant": "albany", "hand": "", "melds": melds}, concealed=True)
    assert plain == concealed
    assert items(plain) == [
        ("A-SCORE", "melded cards", 155),
        ("A-SCORE", "natural canasta", 200),
        ("A-SCORE", "mixed canasta", 100),
        ("A-GOOUT", "going out", 100),
    ]
    assert plain.total == 555


def test_albany_option_2_same_suit_group_counts_50_a_card_A_DELUXE():
    melds = ["9D 9D 9D", "KS KH KC"]
    off = score({"variant": "albany", "hand": "", "melds": melds})
    assert off.total == 30 + 45
    on = score({"variant": "albany", "options": {"deluxe": [2]}, "hand": "", "melds": melds})
    assert items(on) == [
        ("A-SCORE", "melded cards", 75),
        ("A-DELUXE", "same-suit group at 50 a card (option 2, Three of a kind): 9D 9D 9D", 120),
    ]
    assert on.total == 195  # 150 for the diamonds, 45 for the kings


def test_albany_option_1_red_threes_and_fours_melded_and_in_hand_A_DELUXE():
    # red 3s melded +50 each; red 4s +100 each, all diamonds so doubled; 4S in hand -100
    result = score({"variant": "albany", "options": {"deluxe": [1]}, "hand": "4S",
                    "melds": ["3H 3D 3H", "4D 4D 4D"]})
    assert items(result) == [
        ("A-SCORE", "melded cards", 450),
        ("A-DELUXE", "stopper meld all of one suit counts double: 4D 4D 4D", 300),
        ("A-SCORE", "stoppers in hand: 4S", -100),
    ]
    assert result.total == 650


def test_albany_gives_up_rather_than_guess_on_a_huge_hand(monkeypatch):
    monkeypatch.setattr(scoring, "MAX_HAND_STATES", 3)
    with pytest.raises(SolverLimitError):
        score({"variant": "albany", "hand": "7S 7H 7D 7C 7S 7H 7D 7C 4H 5H 6H 8H 9H TH"})


# -- the result's shape ------------------------------------------------------------------

def test_to_dict_is_the_contract_json_and_adds_up():
    result = score({"variant": "classic", "hand": "3S KD", "melds": [SEVEN_QUEENS],
                    "red_threes": "3H"}, went_out=True)
    adds_up(result)
    assert result.to_dict() == {
        "total": 70 + 500 + 100 + 100 - 10 - 100,
        "breakdown": [
            {"rule": "C-VALUES", "item": "melded cards", "points": 70},
            {"rule": "C-CANASTA", "item": "natural canasta", "points": 500},
            {"rule": "C-RED3", "item": "bonus cards: 3H", "points": 100},
            {"rule": "C-GOOUT", "item": "going out", "points": 100},
            {"rule": "C-VALUES", "item": "cards in hand: KD", "points": -10},
            {"rule": "C-BLACK3", "item": "black 3s in hand: 3S", "points": -100},
        ],
    }


def test_str_lists_one_item_a_line_and_the_total_last():
    result = score({"variant": "classic", "hand": "", "melds": [SEVEN_QUEENS]})
    text = str(result).splitlines()
    assert len(text) == 3
    assert "natural canasta" in text[1] and "+500" in text[1] and "C-CANASTA" in text[1]
    assert text[-1].split() == ["+570", "total"]
    assert str(HandScore.of([])).splitlines()[-1].split() == ["+0", "total"]


def test_zero_lines_are_left_out():
    assert HandScore.of([Line("C-VALUES", "melded cards", 0), Line("C-GOOUT", "going out", 100)]) == \
        HandScore(100, (Line("C-GOOUT", "going out", 100),))
