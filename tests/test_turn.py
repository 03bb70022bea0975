"""The turn engine and the referee: one whole play judged step by step."""

import pytest

from tutor.cards import Card, parse_cards
from tutor.play import parse_play
from tutor.questions import referee
from tutor.spot import Spot
from tutor.turn import TurnError, play_turn


def spot(**kw):
    base = {"variant": "classic", "hand": "KH KD 7D 9C 2C", "melds": ["7S 7H 7C"],
            "discard": "5H 9C KS", "phase": "before-draw"}
    base.update(kw)
    return Spot.from_dict(base)


def error(s, play):
    with pytest.raises(TurnError) as e:
        play_turn(s, parse_play(play))
    return e.value


def test_contract_example_play_is_legal_C_PICKUP():
    turn = play_turn(spot(), parse_play("pickup KH KD; meld KS KH KD 2C; layoff 7D; discard 9C"))
    assert [str(c) for c in turn.table[1]] == ["KS", "KH", "KD", "2C"] and str(turn.discard) == "9C"
    assert len(turn.hand) and not turn.went_out


def test_pickup_melds_the_top_card_at_once_even_when_not_written_C_PICKUP():
    turn = play_turn(spot(), parse_play("pickup KH KD; discard 9C"))
    assert sorted(map(str, turn.table[1])) == ["KD", "KH", "KS"]


def test_unfrozen_pile_needs_a_pair_or_natural_and_wild_C_PICKUP():
    assert error(spot(), "pickup KH; discard 9C").rule == "C-PICKUP"
    play_turn(spot(), parse_play("pickup KH 2C; discard 9C"))


def test_unfrozen_pile_taken_by_laying_the_top_card_off_C_PICKUP():
    s = spot(discard="5H 9C 7S")
    turn = play_turn(s, parse_play("pickup; discard 9C"))
    assert len(turn.table[0]) == 4


def test_frozen_pile_for_an_unmelded_side_needs_a_natural_pair_C_FROZEN():
    e = error(spot(melds=[]), "pickup KH 2C; discard 9C")
    assert e.rule == "C-FROZEN" and "not melded" in str(e)


def test_pile_frozen_by_a_wild_inside_C_FROZEN():
    e = error(spot(discard="5H 2D KS"), "pickup KH 2C; discard 9C")
    assert e.rule == "C-FROZEN" and "2D" in str(e)


@pytest.mark.parametrize("top, rule", [("2D", "C-PICKUP"), ("3C", "C-BLACK3"), ("JK", "C-PICKUP")])
def test_wild_or_black_three_on_top_blocks_the_pile(top, rule):
    assert error(spot(discard=f"5H {top}"), "pickup KH KD; discard 9C").rule == rule


def test_first_meld_below_the_minimum_is_illegal_C_INITIAL():
    s = spot(melds=[], phase="drawn", hand="7D 7C 7H 9C 4S", score=1600)
    e = error(s, "meld 7D 7C 7H; discard 9C")
    assert e.rule == "C-INITIAL" and "totals 15" in str(e) and "need 90" in str(e)


def test_c_initial_meld_with_a_card_from_below_the_top_counts_nothing():
    s = spot(melds=[], hand="AH AD 9C 5S", discard="AC QH AS")
    e = error(s, "pickup AH AD; meld AS AH AD AC; discard 9C")  # AC lies below the top: the meld counts nothing
    assert e.rule == "C-INITIAL" and "totals 0" in str(e)
    assert "the meld A♠ A♥ A♦ A♣ holds cards from below the top of the pile" in str(e)
    turn = play_turn(s, parse_play("pickup AH AD; meld AS AH AD; discard 9C"))  # the top and the hand's cards
    assert turn.initial_points == 60 and turn.uncounted == ()


def test_c_initial_a_pile_card_laid_off_onto_a_meld_of_the_hand_makes_it_count_nothing():
    s = spot(melds=[], hand="AH AD 9C 5S", discard="AC QH AS")
    e = error(s, "pickup AH AD; meld AS AH AD; layoff AC; discard 9C")
    assert e.rule == "C-INITIAL" and "totals 0" in str(e)


def test_c_initial_other_melds_add_up_while_the_one_holding_a_pile_card_counts_nothing():
    s = spot(melds=[], hand="8S 8H KS KH QS QH QC 5C 4D", discard="KD 9C 8D")
    turn = play_turn(s, parse_play("pickup 8S 8H; meld 8D 8S 8H; meld KS KH KD; meld QS QH QC; discard 5C"))
    assert turn.initial_points == 60 and [turn.table[i] for i in turn.uncounted] == [parse_cards("KS KH KD")]
    e = error(spot(melds=[], hand="8S 8H KS KH 5C 6D 7H", discard="KD 9C 8D"),
              "pickup 8S 8H; meld 8D 8S 8H; meld KS KH KD; discard 5C")  # the old reading counted 50
    assert e.rule == "C-INITIAL" and "totals 30" in str(e)


def test_c_initial_a_face_both_in_the_hand_and_below_the_top_is_read_as_the_hands():
    s = spot(melds=[], hand="KH KD KS QS QH 9C 5S", discard="KS QC 8D 7C KC", score=-10)
    turn = play_turn(s, parse_play("pickup KH KD; meld KC KH KD KS; meld QS QH QC; discard 9C"))
    # one K♠ is the hand's and one the pile's: the kings read as the hand's count, the queens' meld does not
    assert turn.initial_points == 40 and len(turn.uncounted) == 1


def test_y_down_a_set_holding_a_pile_card_still_counts_the_hands_cards():
    s = Spot.from_dict({"variant": "canasty", "hand": "AH AD 9C 5S", "melds": [], "discard": "AC QH AS",
                        "phase": "before-draw"})
    turn = play_turn(s, parse_play("pickup AH AD; meld AS AH AD AC; discard 9C"))
    assert turn.initial_points == 45 and turn.uncounted == ()  # AS (top), AH, AD; AC from the pile does not


def test_a_turn_ends_with_one_discard_C_GOOUT():
    assert error(spot(phase="drawn"), "meld KH KD 2C").rule == "C-GOOUT"


def test_nothing_follows_the_discard():
    assert error(spot(phase="drawn"), "discard 9C; meld KH KD 2C").step == 2


def test_going_out_needs_a_canasta_C_GOOUT():
    e = error(spot(phase="drawn"), "meld KH KD 2C; layoff 7D; discard 9C")
    assert e.rule == "C-GOOUT" and "needs 1 canasta" in str(e)


def test_completing_a_canasta_by_a_layoff_to_go_out_C_GOOUT():
    s = spot(phase="drawn", melds=["7S 7H 7C 7D 2H JK"], hand="7S 9C")
    turn = play_turn(s, parse_play("layoff 7S; discard 9C"))
    assert turn.went_out and turn.canastas == 1


def test_two_players_need_two_canastas_C_GOOUT():
    s = spot(phase="drawn", options={"players": 2}, melds=["7S 7H 7C 7D 2H JK"], hand="7S 9C")
    assert "needs 2 canastas" in str(error(s, "layoff 7S; discard 9C"))


def test_concealed_going_out_needs_no_minimum_C_CONCEALED():
    s = spot(phase="drawn", melds=[], score=3000, discard="", hand="5S 5H 5D 5C 5S 5H 2C 4S 4H 4D 9C")
    turn = play_turn(s, parse_play("meld 5S 5H 5D 5C 5S 5H 2C; meld 4S 4H 4D; discard 9C"))
    assert turn.went_out and turn.concealed


def test_black_threes_melded_only_when_going_out_C_BLACK3():
    s = spot(phase="drawn", hand="3S 3C 3S 9C 8D")
    assert error(s, "meld 3S 3C 3S; discard 9C").rule == "C-BLACK3"


def test_one_meld_per_rank_C_MELD():
    s = spot(phase="drawn", hand="7D 7C 2C 9C 9H")
    assert "already has a meld of 7s" in str(error(s, "meld 7D 7C 2C; discard 9C"))


def test_cards_not_held_are_named():
    assert "do not hold QS" in str(error(spot(phase="drawn"), "meld QS QH QD; discard 9C"))


def test_before_draw_play_must_start_with_the_pile():
    assert error(spot(), "meld KH KD 2C; discard 9C").step == 1


def test_pickup_after_the_draw_is_illegal_C_PICKUP():
    assert error(spot(phase="drawn"), "pickup KH KD; discard 9C").rule == "C-PICKUP"


def test_single_card_may_not_take_a_single_card_pile_C_PICKUP():
    s = spot(hand="7D", discard="7S")
    assert "one card" in str(error(s, "pickup; discard 7D"))


def test_house_black_three_can_never_take_the_pile_H_BLACK3():
    s = Spot.from_dict({"variant": "house", "hand": "3S 3C 9D 4H", "melds": ["7S 7H 7C"],
                        "discard": "5H 3S", "phase": "before-draw"})
    assert error(s, "pickup 3S 3C; discard 9D").rule == "H-BLACK3"


def test_canasty_buried_black_three_needs_a_natural_pair_Y_PICKUP():
    s = Spot.from_dict({"variant": "canasty", "hand": "QH KD 9C 4S", "melds": ["7S 7H 7C"],
                        "discard": "5H 3S QS", "phase": "before-draw"})
    e = error(s, "pickup QH KD; discard 9C")
    assert e.rule == "Y-PICKUP" and "3S" in str(e)


def test_canasty_laying_the_top_card_off_alone_does_not_take_the_pile_Y_PICKUP():
    s = Spot.from_dict({"variant": "canasty", "hand": "9C 4S", "melds": ["7S 7H 7C"],
                        "discard": "5H 7D", "phase": "before-draw"})
    assert error(s, "pickup; discard 9C").rule == "Y-PICKUP"


def test_canasty_goes_out_with_two_unmatched_cards_Y_GOOUT():
    s = Spot.from_dict({"variant": "canasty", "hand": "9C 9D 9H 4S 6D 8H", "melds": ["7S 7H 7C"],
                        "phase": "drawn", "options": {"wimp_rule": False}})
    assert play_turn(s, parse_play("meld 9C 9D 9H; discard 4S")).went_out


def test_canasty_going_out_must_end_with_a_discard_Y_GOOUT():
    s = Spot.from_dict({"variant": "canasty", "hand": "9C 9D 9H", "melds": ["7S 7H 7C"],
                        "phase": "drawn", "options": {"wimp_rule": False}})
    assert error(s, "meld 9C 9D 9H").rule == "Y-GOOUT"


def test_canasty_wimp_rule_in_the_first_round_Y_GOOUT():
    s = Spot.from_dict({"variant": "canasty", "hand": "9C 9D 9H 4S", "melds": ["7S 7H 7C"],
                        "phase": "drawn", "first_round": True, "scores": [0, 500]})
    e = error(s, "meld 9C 9D 9H; discard 4S")
    assert e.rule == "Y-GOOUT" and "wimp" in str(e)
    behind = Spot.from_dict({**s.to_dict(), "scores": [0, 1500], "score": 0})
    assert play_turn(behind, parse_play("meld 9C 9D 9H; discard 4S")).went_out


@pytest.mark.parametrize("play, letter", [
    ("meld 5S KD 2C; discard 9C", "A"),
    ("meld QS QH 4D; discard 9C", "C"),
    ("meld TS JH 6D; discard 9C", "N"),
])
def test_referee_names_canasty_legal_cheats_Y_CHEATS(play, letter):
    s = Spot.from_dict({"variant": "canasty", "hand": "5S KD 2C QS QH 4D TS JH 6D 9C 8C", "phase": "drawn"})
    verdict = referee(s, play)
    assert not verdict.answer
    assert f"Y-CHEATS.{letter}" in [r.rule for r in verdict.reasons]


def test_referee_names_cheat_B_for_a_short_down_Y_CHEATS():
    s = Spot.from_dict({"variant": "canasty", "hand": "5S 5H 5D 9C 8C", "phase": "drawn", "score": 600})
    verdict = referee(s, "meld 5S 5H 5D; discard 9C")
    assert [r.rule for r in verdict.reasons] == ["Y-DOWN", "Y-CHEATS.B"]


def test_referee_names_cheat_M_for_a_pickup_without_a_set_Y_CHEATS():
    s = Spot.from_dict({"variant": "canasty", "hand": "AS KD 4C 9C 8C", "melds": ["7S 7H 7C"],
                        "discard": "5H AH", "phase": "before-draw"})
    verdict = referee(s, "pickup KD 4C; discard 9C")
    assert "Y-CHEATS.M" in [r.rule for r in verdict.reasons]


def test_referee_yes_carries_the_play_as_witness():
    verdict = referee(spot(), "pickup KH KD; meld KS KH KD 2C; layoff 7D; discard 9C")
    assert verdict.answer and verdict.witness["discard"] == "9C"
    assert verdict.witness["melds"] == ["KS KH KD 2C"]
    assert verdict.witness["layoffs"] == [{"cards": "7D", "to": 1}]


def test_frozen_pile_taken_onto_the_sides_meld_of_that_rank_C_FROZEN():
    s = spot(melds=["KS KH KD"], discard="5H 2D KC", hand="KS KH 9C 4D")
    turn = play_turn(s, parse_play("pickup KS KH; layoff KC KS KH to 1; discard 9C"))
    assert len(turn.table[0]) == 6


def test_canasty_pickup_goes_onto_the_players_set_of_that_rank_Y_PICKUP():
    s = Spot.from_dict({"variant": "canasty", "hand": "QH QD 9C 4S", "melds": ["QS QC QS"],
                        "discard": "5H 3S QC", "phase": "before-draw"})
    turn = play_turn(s, parse_play("pickup QH QD; discard 9C"))
    assert len(turn.table[0]) == 6


# -- A-COMBINE: albany's moves on the table as steps of a play ---------------------------------------
def albany(**kw):
    base = {"variant": "albany", "phase": "drawn", "hand": "7H 4H QS QD 9H",
            "melds": ["5H 6H JK", "9S 9D 9C JK 2C", "8H 9H TH"], "discard": "KS"}
    base.update(kw)
    return Spot.from_dict(base)


def test_a_combine_a_joker_is_exchanged_for_the_natural_it_stands_for_and_may_be_melded_that_turn():
    turn = play_turn(albany(), parse_play("exchange 4H on 1; meld QS QD JK; discard 9H"))
    assert [" ".join(map(str, m)) for m in turn.table] == ["5H 6H 4H", "9S 9D 9C JK 2C", "8H 9H TH", "QS QD JK"]
    assert sorted(map(str, turn.hand.elements())) == ["7H"]
    assert turn.new_melds == [3]


def test_a_combine_exchange_without_a_set_number_finds_the_one_set_it_fits():
    turn = play_turn(albany(), parse_play("exchange 9H; discard 7H"))
    assert " ".join(map(str, turn.table[1])) == "9S 9D 9C 9H 2C"
    # once set 1's joker is gone, 4H fits no set that still holds one
    refused = error(albany(), "exchange 7H; exchange 4H; discard 9H")
    assert "set 2 holds a joker, but 4H cannot take its place" in refused.text


@pytest.mark.parametrize("play, says", [
    ("exchange QS on 1; discard 9H", "cannot take the joker's place"),      # a natural of another rank and suit
    ("exchange 7H on 3; discard 9H", "holds no joker"),                     # 2s and naturals never leave a set
    ("exchange 7H on 7; discard 9H", "there is no set 7"),
    ("exchange KS on 1; discard 9H", "you do not hold KS"),
    ("combine 1 2; discard 9H", "do not make one legal set"),               # a sequence and a group
    ("combine 2 2; discard 9H", "two different sets"),
])
def test_a_combine_refused_table_moves_name_the_rule_and_the_step(play, says):
    e = error(albany(), play)
    assert e.rule == "A-COMBINE" and e.step == 1 and says in e.text


def test_a_combine_adjoining_sequences_become_one_set_that_takes_lay_offs_and_counts_as_a_canasta():
    # 5H 6H JK and 8H 9H TH adjoin (the joker is the 7): joined, one more heart makes seven cards
    turn = play_turn(albany(melds=["5H 6H JK", "8H 9H TH"], hand="4H QS QD QC 9S 9D"),
                     parse_play("combine 1 2; layoff 4H to 1; meld QS QD QC; discard 9S"))
    assert [" ".join(map(str, m)) for m in turn.table] == ["5H 6H JK 8H 9H TH 4H", "QS QD QC"]
    assert turn.canastas == 1 and turn.new_melds == [1]
    assert turn.laid_off() == [(1, {Card.parse("4H"): 1})]


def test_a_combine_sequences_with_a_gap_do_not_combine():
    assert error(albany(), "exchange 4H on 1; combine 1 3; discard 9H").step == 2  # 4H 5H 6H and 8H 9H TH


def test_a_combine_a_set_made_this_turn_joined_to_an_older_one_is_laid_off_onto_it():
    turn = play_turn(albany(melds=["5H 6H 7H"], hand="8H 9H TH QS QD"),
                     parse_play("meld 8H 9H TH; combine 2 1; discard QS"))
    assert turn.table == [tuple(Card.parse(c) for c in "5H 6H 7H 8H 9H TH".split())]
    assert turn.new_melds == [] and turn.laid_off() == [(1, {Card.parse(c): 1 for c in ("8H", "9H", "TH")})]


def test_a_combine_no_table_move_comes_before_the_pickup():
    s = albany(phase="before-draw", hand="7H KH KD QS 9H", discard="KS 5C")
    e = error(s, "exchange 7H on 1; pickup KH KD depth 2; meld KS KH KD JK; discard 9H")
    assert e.rule == "A-COMBINE" and e.step == 1 and "never before" in e.text
    turn = play_turn(s, parse_play("pickup KH KD depth 2; meld KS KH KD; exchange 7H on 1; discard 9H"))
    assert turn.pickup_kind == "c" and "JK" in map(str, turn.hand)


def test_a_combine_other_variants_have_no_moves_on_the_table_C_MELD():
    e = error(spot(phase="drawn"), "exchange 7D on 1; discard 9C")
    assert e.rule == "C-MELD" and "no exchanging or combining" in e.text


def test_a_combine_the_referee_answers_with_the_exchange_in_its_witness():
    verdict = referee(albany(), "exchange 7H; discard 9H")
    assert verdict.answer and verdict.witness["play"] == "exchange 7H; discard 9H"
    assert verdict.witness["table_moves"] == ["exchange 7H"]
    assert verdict.witness["layoffs"] == []  # the natural takes the joker's place: nothing is laid off
