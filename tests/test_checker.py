"""The z3 checker: witnesses the turn engine accepts, and "no" answers that name the rule with the spot's numbers."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, product

import pytest

from tutor.cards import format_cards, parse_cards
from tutor.checker import DEFAULT_RLIMIT, Blocked, Found, find, legal_choices
from tutor.choices import candidates
from tutor.errors import SolverLimitError
from tutor.goals import ANY, NONE, UNKNOWN, Goal, MeldChoice, draw_unknown, stock_draw
from tutor.melds import judge
from tutor.play import DISCARD, LAYOFF, MELD, PICKUP, Action, format_play, parse_action
from tutor.rules import rules_for
from tutor import reference
from tutor.questions import ask
from tutor.sampling import absurd_spots, random_spot
from tutor.spot import Spot
from tutor.turn import TurnError, play_turn


def spot(**kw) -> Spot:
    data = {"variant": "classic", "phase": "drawn"}
    data.update(kw)
    return Spot.from_dict(data)


def found(s: Spot, goal: Goal) -> Found:
    answer = find(s, goal)
    assert isinstance(answer, Found), f"expected a legal turn, got: {answer}"
    played = draw_unknown(s) if goal.unknown_draw else s
    turn = play_turn(played, answer.play)  # the witness is a real, legal turn
    assert turn.initial_points == answer.points
    return answer


def blocked(s: Spot, goal: Goal) -> Blocked:
    answer = find(s, goal)
    assert isinstance(answer, Blocked), f"expected no legal turn, got the play: {answer}"
    assert answer.reasons, "a 'no' carries at least one reason"
    return answer


def text(answer: Blocked) -> str:
    return " | ".join(r.text for r in answer.reasons)


def turn_of(s: Spot, answer: Found, unknown: bool = False):
    return play_turn(draw_unknown(s) if unknown else s, answer.play)


FIRST_MELD = Goal(must_meld=True, best=True)


# -- the first meld: classic's bands ------------------------------------------------
# (score, need, a hand whose best first meld is exactly `need`, a hand that falls short, its best)
BANDS = [
    (-5, 15, "7S 7H 7D 9C 4D", None, None),
    (0, 50, "KS KH KD 2C 9C 4D", "KS KH KD 7C 7D 7H 9C 4D", 45),
    (1495, 50, "KS KH KD 2C 9C 4D", "KS KH KD 7C 7D 7H 9C 4D", 45),
    (1500, 90, "AS AH AD KS KH KD 9C 4D", "AS AH AD 7C 7D 7H 9C 4D", 75),
    (2995, 90, "AS AH AD KS KH KD 9C 4D", "AS AH AD 7C 7D 7H 9C 4D", 75),
    (3000, 120, "AS AH AD 2C 2D 2H 9C 4D", "AS AH AD KS KH KD 9C 4D", 90),
]


@pytest.mark.parametrize("score, need, passing, failing, best", BANDS)
def test_classic_initial_meld_bands_C_INITIAL(score, need, passing, failing, best):
    answer = found(spot(score=score, hand=passing), FIRST_MELD)
    assert answer.points == need
    if failing is None:
        return
    no = blocked(spot(score=score, hand=failing), FIRST_MELD)
    assert no.reasons[0].rule == "C-INITIAL"
    assert f"your melds total at most {best}; with {score} points you need {need}" in text(no)


def test_classic_initial_meld_band_1500_needs_90_C_INITIAL():
    s = spot(score=1500, hand="AS AH AD 7C 7D 7H 9C 4D")
    no = blocked(s, FIRST_MELD)
    assert no.rules[0] == "C-INITIAL"
    assert no.reasons[0].text == "your melds total at most 75; with 1500 points you need 90"
    assert isinstance(find(s.replace(score=1495), FIRST_MELD), Found)


def test_classic_negative_score_accepts_any_first_meld_C_INITIAL():
    s = spot(score=-5, hand="4S 4H 4D 9C 8D")
    assert found(s, FIRST_MELD).points == 15


def test_classic_several_melds_add_up_to_the_minimum_C_INITIAL():
    s = spot(score=1500, hand="KS KH KD QS QH QD JS JH JD 9C 4D")
    answer = found(s, FIRST_MELD)
    assert answer.points == 90
    assert sum(1 for a in answer.play if a.kind == "meld") == 3


def test_classic_best_returns_the_highest_scoring_first_meld_C_INITIAL():
    s = spot(score=0, hand="AS AH AD KS KH KD 2C 9C 4D")
    assert found(s, FIRST_MELD).points == 110  # AAA2 (80) and KKK (30); 9C 4D stay
    assert found(s, Goal(must_meld=True)).points >= 50


def test_only_the_piles_top_card_counts_toward_the_minimum_C_INITIAL():
    s = spot(phase="before-draw", score=0, hand="AH AD 9C 5S 4D", discard="AC QH AS")
    goal = Goal(pickup=ANY, take_pile=True, must_meld=True, best=True)
    assert found(s, goal).points == 60  # AS from the top, AH AD from the hand; AC does not count
    no = blocked(s.replace(score=1500), goal)
    assert "C-INITIAL" in no.rules and "at most 60" in text(no) and "top card" in text(no)


# -- the pile ------------------------------------------------------------------------
def test_frozen_pile_with_a_single_matching_natural_C_FROZEN():
    s = spot(phase="before-draw", hand="KH 7D 9C 2C", melds=["7S 7H 7C"], discard="5H 2D KS")
    no = blocked(s, Goal(pickup=ANY, take_pile=True))
    assert no.rules == ("C-FROZEN",)
    assert "KS" in text(no) and "2D" in text(no) and "two natural Ks" in text(no) and "you hold 1" in text(no)


def test_frozen_pile_with_a_natural_pair_C_FROZEN():
    s = spot(phase="before-draw", hand="KH KD 9C 2C", melds=["7S 7H 7C"], discard="5H 2D KS")
    answer = found(s, Goal(pickup=ANY, take_pile=True))
    assert answer.play[0] == parse_action("pickup KH KD")


def test_pile_frozen_for_a_side_that_has_not_melded_C_FROZEN():
    s = spot(phase="before-draw", score=0, hand="KH 2C 2D 9C 8C", discard="5H KS")
    no = blocked(s, Goal(pickup=ANY, take_pile=True))
    assert no.rules == ("C-FROZEN",) and "not melded" in text(no)


def test_unfrozen_pile_taken_by_laying_the_top_card_off_C_PICKUP():
    s = spot(phase="before-draw", hand="KH QD 9C", melds=["7S 7H 7C"], discard="5H 9C 7D")
    answer = found(s, Goal(pickup=ANY, take_pile=True))
    assert answer.play[0] == parse_action("pickup")
    assert answer.play[1].kind == "layoff" and answer.play[1].to == 1 and str(answer.play[1].cards[0]) == "7D"


def test_unfrozen_pile_taken_with_a_natural_and_a_wild_C_PICKUP():
    s = spot(phase="before-draw", hand="KH 2C 9C 4D", melds=["7S 7H 7C"], discard="5H 9C KS")
    answer = found(s, Goal(pickup=ANY, take_pile=True))
    assert set(map(str, answer.play[0].cards)) == {"KH", "2C"}


def test_a_named_pickup_is_judged_as_given_C_PICKUP():
    s = spot(phase="before-draw", hand="KH KD 7D 9C 2C", melds=["7S 7H 7C"], discard="5H 9C KS")
    no = blocked(s, Goal(pickup=parse_action("pickup KH"), take_pile=True))
    assert no.rules == ("C-PICKUP",) and "KS" in text(no)
    answer = found(s, Goal(pickup=parse_action("pickup KH 2C"), take_pile=True))
    assert answer.play[0] == parse_action("pickup KH 2C")


@pytest.mark.parametrize("variant, top, rule", [
    ("classic", "2D", "C-PICKUP"), ("classic", "JK", "C-PICKUP"), ("classic", "3C", "C-BLACK3"),
    ("house", "3S", "H-BLACK3"), ("canasty", "KD", "Y-PICKUP"), ("canasty", "2D", "Y-PICKUP"),
    ("canasty", "3S", "Y-PICKUP"),
])
def test_a_wild_or_black_three_on_top_blocks_the_pile(variant, top, rule):
    s = spot(variant=variant, phase="before-draw", hand="QH QD 9C 4D 8S", melds=["7S 7H 7C"], discard=f"5H {top}")
    no = blocked(s, Goal(pickup=ANY, take_pile=True))
    assert no.rules == (rule,) and top in text(no)


def test_the_black_three_on_top_blocks_the_pile_C_BLACK3():
    s = spot(phase="before-draw", hand="KH KD 9C", melds=["7S 7H 7C"], discard="5H 3S")
    assert "the 3S on top blocks the pile" in text(blocked(s, Goal(pickup=ANY, take_pile=True)))


def test_canasty_buried_black_three_needs_a_natural_pair_Y_PICKUP():
    s = spot(variant="canasty", phase="before-draw", hand="QS KD 5C 9H", melds=["7S 7H 7C"], discard="3S 9C QH")
    no = blocked(s, Goal(pickup=ANY, take_pile=True))
    assert no.rules == ("Y-PICKUP",) and "3S" in text(no) and "two natural Qs" in text(no)
    pair = s.replace(hand=parse_cards("QS QD KD 5C 9H"))
    assert found(pair, Goal(pickup=ANY, take_pile=True)).play[0] == parse_action("pickup QS QD")


def test_canasty_natural_and_wild_take_a_pile_without_black_threes_Y_PICKUP():
    s = spot(variant="canasty", phase="before-draw", hand="QS KD 5C 9H", melds=["7S 7H 7C"], discard="9C QH")
    answer = found(s, Goal(pickup=ANY, take_pile=True))
    assert set(map(str, answer.play[0].cards)) == {"QS", "KD"}


def test_a_player_holding_one_card_may_not_take_a_single_card_pile_C_PICKUP():
    s = spot(phase="before-draw", hand="7D", melds=["7S 7H 7C"], discard="7S")
    no = blocked(s, Goal(pickup=ANY, take_pile=True))
    assert no.rules == ("C-PICKUP",) and "one card" in text(no)


def test_the_pile_cannot_be_taken_after_the_draw_C_PICKUP():
    s = spot(hand="KH KD 9C", melds=["7S 7H 7C"], discard="5H KS")
    no = blocked(s, Goal(pickup=ANY, take_pile=True))
    assert no.rules == ("C-PICKUP",) and "draw has been made" in text(no)


# -- going out -------------------------------------------------------------------------
def test_going_out_needs_one_canasta_with_four_players_C_GOOUT():
    no = blocked(spot(hand="KH KD 2C 9C", melds=["7S 7H 7C"]), Goal(go_out=True))
    assert no.rules == ("C-GOOUT",) and text(no) == "Going out needs 1 canasta; the best you can reach is none."


def test_completing_a_canasta_by_a_layoff_to_go_out_C_GOOUT():
    s = spot(hand="KS 9C", melds=["KD KH KC 2C 2D JK"])
    answer = found(s, Goal(go_out=True))
    assert [str(a) for a in answer.play] == ["layoff KS to 1", "discard 9C"]
    assert turn_of(s, answer).went_out


def test_two_players_need_two_canastas_C_GOOUT():
    s = spot(options={"players": 2}, hand="KS 9C", melds=["KD KH KC 2C 2D JK"])
    no = blocked(s, Goal(go_out=True))
    assert no.rules == ("C-GOOUT",) and "needs 2 canastas; the best you can reach is 1" in text(no)


def test_going_out_by_melding_every_card_without_a_discard_C_GOOUT():
    s = spot(hand="KS KH KD KC 2C 2D JK")
    answer = found(s, Goal(go_out=True))
    assert answer.play[-1].kind == "meld" and turn_of(s, answer).went_out


def test_concealed_going_out_needs_no_minimum_C_CONCEALED():
    s = spot(score=3000, hand="7S 7H 7D 7C 2C 2D 2H 5S 5H 5D 9C")
    answer = found(s, Goal(go_out=True))
    turn = turn_of(s, answer)
    assert turn.went_out and turn.concealed and answer.points == 95 < 120
    kept = s.replace(hand=s.hand + parse_cards("4D"))  # one card more: no going out, so the minimum applies
    no = blocked(kept, FIRST_MELD)
    assert no.rules[0] == "C-INITIAL" and "at most 95; with 3000 points you need 120" in text(no)


def test_two_black_threes_at_the_end_cannot_go_out_C_BLACK3():
    s = spot(hand="3S 3C 9D", melds=["7S 7H 7C 7D 7S 7H 7C"])
    no = blocked(s, Goal(go_out=True))
    assert no.rules == ("C-BLACK3",) and "you hold 2 black 3s" in text(no)


def test_three_black_threes_are_melded_to_go_out_C_BLACK3():
    s = spot(hand="3S 3C 3S 9D", melds=["7S 7H 7C 7D 7S 7H 7C"])
    answer = found(s, Goal(go_out=True))
    assert str(answer.play[0]) == "meld 3S 3C 3S" and turn_of(s, answer).went_out


def test_black_threes_are_never_melded_without_going_out_C_BLACK3():
    s = spot(hand="3S 3C 3S 9D 8D", melds=["7S 7H 7C"])
    no = blocked(s, Goal(include=MeldChoice("meld", parse_cards("3S 3C 3S"))))
    assert "C-BLACK3" in no.rules and "only in the turn the player goes out" in text(no)


def test_black_threes_from_the_hand_and_the_top_still_need_a_canasta_C_GOOUT():
    s = spot(phase="before-draw", hand="QH QD 3S 3C 9C", melds=["7S 7H 7C"], discard="5H 3C")
    no = blocked(s, Goal(pickup=ANY, take_pile=True))
    assert "C-GOOUT" in no.rules and "best you can reach is none" in text(no)


def test_a_black_three_from_the_top_of_the_pile_to_go_out_C_BLACK3():
    s = spot(phase="before-draw", hand="3S 3C", melds=["7S 7H 7C 7D 7S 7H 7C"], discard="5H 3S")
    answer = found(s, Goal(pickup=ANY, take_pile=True, go_out=True))
    assert answer.play[0] == parse_action("pickup 3S 3C")


def test_house_black_three_never_takes_the_pile_H_BLACK3():
    s = spot(variant="house", phase="before-draw", hand="3S 3C", melds=["7S 7H 7C 7D 7S 7H 7C"],
             discard="5H 3S")
    assert blocked(s, Goal(pickup=ANY, take_pile=True, go_out=True)).rules == ("H-BLACK3",)


# -- house --------------------------------------------------------------------------------
def test_house_three_wilds_on_four_sixes_H_MELD():
    s = spot(variant="house", hand="6S 6H 6D 6C 2C 2D JK 9C 4H")
    assert "meld 6S 6H 6D 6C JK 2C 2D" in [str(c) for c in legal_choices(s)]
    answer = found(s, Goal(include=MeldChoice("meld", parse_cards("6S 6H 6D 6C 2C 2D JK"))))
    assert sorted(map(str, answer.play[0].cards)) == sorted("6S 6H 6D 6C 2C 2D JK".split())


def test_house_four_wilds_on_three_sixes_is_not_a_meld_H_MELD():
    s = spot(variant="house", hand="6S 6H 6D 2C 2D JK JK 9C 4H")
    no = blocked(s, Goal(include=MeldChoice("meld", parse_cards("6S 6H 6D 2C 2D JK JK"))))
    assert no.rules == ("H-MELD",) and "never more wild cards than naturals" in text(no)


def test_classic_caps_a_meld_at_three_wilds_C_MELD():
    s = spot(hand="6S 6H 6D 6C 2C 2D JK 2H 9C 4H")
    no = blocked(s, Goal(include=MeldChoice("meld", parse_cards("6S 6H 6D 6C 2C 2D JK 2H"))))
    assert no.rules == ("C-MELD",) and "at most 3 wild cards" in text(no)


# -- canasty ----------------------------------------------------------------------------
CANASTY_HAND = "AS AH AD QS QH QD 9C 4D"  # best down: AAA (45) + QQQ (30) = 75
KINGS_HAND = "QS QH KS KD KH 9C 4D"        # kings are wild: QQKKK = 20 + 150 = 170


@pytest.mark.parametrize("score, options, hand, need, ok", [
    (0, {}, CANASTY_HAND, 25, True),
    (-300, {}, CANASTY_HAND, 25, True),
    (995, {}, CANASTY_HAND, 50, True),
    (1000, {}, CANASTY_HAND, 75, True),
    (1500, {}, CANASTY_HAND, 100, False),
    (2499, {}, CANASTY_HAND, 125, False),
    (2500, {}, KINGS_HAND, 125, True),
    (2500, {"extended": True}, KINGS_HAND, 150, True),
    (3000, {"extended": True}, KINGS_HAND, 175, False),
    (4999, {"extended": True}, KINGS_HAND, 250, False),
])
def test_canasty_down_table_by_score_Y_DOWN(score, options, hand, need, ok):
    s = spot(variant="canasty", options=options, score=score, hand=hand)
    assert s.initial_need == need
    answer = find(s, FIRST_MELD)
    if ok:
        assert isinstance(answer, Found) and answer.points >= need
    else:
        assert isinstance(answer, Blocked) and "Y-DOWN" in answer.rules
        best = 75 if hand == CANASTY_HAND else 170
        assert f"at most {best}; with {score} points you need {need}" in text(answer)


def test_canasty_goes_out_keeping_two_unmatched_cards_Y_GOOUT():
    s = spot(variant="canasty", hand="QS QH QD 5C 9D 4H", melds=["7S 7H 7C"])
    answer = found(s, Goal(go_out=True))
    turn = turn_of(s, answer)
    assert turn.went_out and sum(turn.hand.values()) == 2 and answer.play[-1].kind == "discard"


def test_canasty_three_unmatched_cards_are_too_many_Y_GOOUT():
    s = spot(variant="canasty", hand="QS QH QD 5C 9D 4H 8S", melds=["7S 7H 7C"])
    no = blocked(s, Goal(go_out=True))
    assert "Y-SET" in no.rules and "leaves 3 cards" in text(no) and "allows 2" in text(no)


def test_canasty_going_out_must_end_with_a_discard_Y_GOOUT():
    s = spot(variant="canasty", hand="QS QH QD", melds=["7S 7H 7C"])
    answer = found(s, Goal(go_out=True))
    assert answer.play[-1].kind == "discard"  # QS QH QD cannot all go down: one is the discard


def test_canasty_must_be_down_to_go_out_Y_GOOUT():
    s = spot(variant="canasty", score=1600, hand="QS QH QD 5C 9D 4H")
    no = blocked(s, Goal(go_out=True))
    assert "Y-DOWN" in no.rules or "Y-GOOUT" in no.rules
    assert "1600" in text(no) and "100" in text(no)


@pytest.mark.parametrize("scores, allowed", [([0, 500], False), ([0, 1500], True), ([1500, 0], False),
                                             ([0, 1000, 1000], True), ([200, 1100, 0], False)])
def test_canasty_wimp_rule_in_the_first_round_Y_GOOUT(scores, allowed):
    s = spot(variant="canasty", hand="QS QH QD 9D", melds=["7S 7H 7C"], first_round=True, scores=scores,
             score=scores[0])
    answer = find(s, Goal(go_out=True))
    if allowed:
        assert isinstance(answer, Found)
    else:
        assert isinstance(answer, Blocked) and answer.rules == ("Y-GOOUT",)
        assert "wimp rule" in text(answer) and f"leader has {max(scores)}" in text(answer)
        assert f"you have {scores[0]}" in text(answer)


def test_canasty_wimp_rule_off_and_outside_the_first_round_Y_GOOUT():
    hand = dict(variant="canasty", hand="QS QH QD 9D", melds=["7S 7H 7C"], scores=[0, 500])
    assert isinstance(find(spot(first_round=False, **hand), Goal(go_out=True)), Found)
    assert isinstance(find(spot(first_round=True, options={"wimp_rule": False}, **hand), Goal(go_out=True)), Found)


def test_canasty_wimp_rule_still_allows_a_turn_that_keeps_cards_Y_GOOUT():
    s = spot(variant="canasty", hand="QS QH QD 9D 4C", melds=["7S 7H 7C"], first_round=True, scores=[0, 500])
    answer = found(s, Goal(must_meld=True))  # QQQ down, discard one, keep one: not going out
    assert not turn_of(s, answer).went_out


# -- the unknown stock card -------------------------------------------------------------
def test_unknown_draw_is_kept_or_discarded_never_melded():
    s = spot(phase="before-draw", hand="KS KH KD KC 2C 2D JK", discard="5H 9C")
    answer = found(s, Goal(go_out=True, unknown_draw=True))
    assert answer.play[-1].kind == "discard" and answer.play[-1].cards[0] is UNKNOWN
    assert turn_of(s, answer, unknown=True).went_out


# Dealt spots where the solver's first model discards the card still to be drawn, though
# known cards stay in hand: the witness discards one of those, so it replays as written.
KNOWN_DISCARD_SPOTS = [
    {"variant": "classic", "score": 500, "hand": "4H 4D TH 6S 4D QS 2C AH QS AC QC 8C TC", "melds": [],
     "discard": "JH 6D 5H JK 8H TD KH 7C 7D 9S 2C TH JK TS 7H 9S JC JC JH 6C TS 7C QD 2D KH KS 6H AS 3C",
     "red_threes": "3D", "stock": 26, "phase": "before-draw"},
    {"variant": "albany", "options": {"players": 6, "partnerships": 3, "deluxe": [5, 6]}, "score": -5,
     "hand": "JC 5D 2S 6S 6H 7H 8C AD 3H 7S 7S QS 9H 2H", "stock": 56, "phase": "before-draw"},
]


@pytest.mark.parametrize("data", KNOWN_DISCARD_SPOTS, ids=lambda d: d["variant"])
def test_a_first_meld_witness_discards_a_known_card_while_one_is_kept(data):
    verdict = ask("initial-meld", Spot.from_dict(data), decider="z3")
    assert verdict.answer and verdict.witness["drawn"]
    assert "?" not in verdict.witness["play"], verdict.witness
    s = Spot.from_dict(data)
    play_turn(draw_unknown(s),
              tuple(parse_action(a) for a in verdict.witness["play"].split(";")))


def test_unknown_draw_alone_makes_no_meld_C_MELD():
    s = spot(phase="before-draw", hand="KS KH 9C", discard="5H 9D")
    no = blocked(s, Goal(must_meld=True, unknown_draw=True))
    assert no.rules == ("C-MELD",)


def test_before_draw_a_turn_without_the_pile_needs_the_draw_C_DECK():
    s = spot(phase="before-draw", hand="KS KH KD 9C", melds=["7S 7H 7C"], discard="5H 9D")
    no = blocked(s, Goal(pickup=NONE, must_meld=True))
    assert no.rules == (s.rules.cite("draw"),)
    assert isinstance(find(s, Goal(pickup=NONE, must_meld=True, unknown_draw=True)), Found)



# The pile here cannot be taken (no 5 in hand), so only a draw could start the turn.
EMPTY_STOCK = {"score": 0, "hand": "KS KH KD AS AH 2C 9C 4D", "discard": "5S", "phase": "before-draw"}


@pytest.mark.parametrize("decider", ["z3", "reference"])
@pytest.mark.parametrize("variant", ["classic", "house", "canasty"])
def test_c_end_an_empty_stock_starts_no_turn_by_drawing(variant, decider):
    s = spot(variant=variant, stock=0, **EMPTY_STOCK)
    first = ask("initial-meld", s, decider=decider)
    assert not first.answer and first.reasons[0].rule == s.rules.cite("draw", "end_rule")
    assert "stock is empty" in first.reasons[0].text  # then why the pile cannot be taken either
    assert ask("melds", s, decider=decider).extra["melds"] == []
    assert ask("initial-meld", s.replace(stock=1), decider=decider).answer  # one card left: the draw is made


def test_c_end_is_the_rule_an_empty_stock_cites_in_classic_and_house():
    assert {spot(variant=v, stock=0, **EMPTY_STOCK).rules.cite("draw", "end_rule") for v in ("classic", "house")} \
        == {"C-END"}


def test_c_end_a_proposed_first_meld_cannot_follow_a_draw_from_an_empty_stock():
    s = spot(stock=0, **EMPTY_STOCK)
    verdict = ask("initial-meld", s, play="AS AH 2C")
    assert not verdict.answer and verdict.reasons[0].rule == "C-END"



def test_c_end_holds_for_a_fanned_pile_too_when_a_table_ends_the_hand_on_an_empty_stock(tmp_path):
    path = tmp_path / "albany_ends.toml"
    path.write_text('extends = "albany"\n[draw]\nexhausted = "end"\n')
    s = Spot.from_dict({"variant": str(path), "hand": "KS KH KD 9C 8D 4H", "discard": "5H 9D", "stock": 0,
                        "phase": "before-draw"})
    goal = Goal(pickup=NONE, must_meld=True, unknown_draw=True)
    assert isinstance(find(s, goal), Blocked) and reference.find(s, goal) is None
    assert legal_choices(s, unknown_draw=True) == [] == reference.legal_choices(s, unknown_draw=True)
    assert isinstance(find(s.replace(stock=1), goal), Found)

@pytest.mark.parametrize("decider", ["z3", "reference"])
def test_h_draw_two_from_a_stock_of_one_draws_one_card(decider):
    s = spot(variant="house", options={"draw": 2}, stock=1, **EMPTY_STOCK)
    assert stock_draw(s) == 1 and stock_draw(s.replace(stock=2)) == 2
    verdict = ask("initial-meld", s, decider=decider)
    assert verdict.answer and verdict.witness["drawn"] == "?"


def test_a_draw_an_empty_albany_stock_is_rebuilt_from_the_pile_so_two_cards_are_drawn():
    s = Spot.from_dict({"variant": "albany", "hand": "KS KH KD 9C", "discard": "5H 9D", "stock": 0,
                        "phase": "before-draw"})
    assert draw_unknown(s).hand.count(UNKNOWN) == 2


# -- a best first meld when the resource limit runs out -------------------------------------------
# Nobody down, a first meld at once, and more checks to prove the best: limits from tiny to the
# default cross the point where a legal first meld is found but the climb to the best is not done.
CLIMBS = [
    {"variant": "classic", "score": -350, "hand": "4H 6C 2H JC TD 6C 7D QC 9S 3S 6D 4S QH", "stock": 18},
    {"variant": "house", "options": {"players": 2}, "score": 2495, "hand": "AS KC KD JK 3S 2D JC 9C AS 4D 2H 5H 7H",
     "red_threes": "3H"},
    {"variant": "canasty", "options": {"players": 11, "extended": True, "wimp_rule": False}, "score": 500,
     "hand": "2D 4D JC 5S 6S 4S AC QH 4D QS 6C 3S", "stock": 8, "first_round": False,
     "scores": [500, 2500, 500, 1495, -5, 2500, 1995, 995, 1995, -5, -5]},
    {"variant": "albany", "options": {"players": 5, "deluxe": [4, 7]}, "score": 2500,
     "hand": "3S 9S 8D 8D 9C AD 2C JD 2C JK 3H JS", "stock": 47},
]


@pytest.mark.parametrize("data", CLIMBS, ids=lambda d: d["variant"])
def test_a_first_meld_found_before_the_limit_runs_out_is_a_yes_whose_best_is_left_open(data):
    s = spot(**data)
    best = reference.search(s, Goal(must_meld=True, best=True)).points
    seen = set()
    for rlimit in (2_000 * 2 ** k for k in range(14)):
        try:
            verdict = ask("initial-meld", s, rlimit=rlimit)
        except SolverLimitError:
            continue  # not even a first meld yet: no verdict, never a guess
        proven = verdict.extra.get("best_proven", True)
        seen.add(proven)
        assert verdict.answer and verdict.witness["points"] <= best  # ask re-checks the witness
        assert not proven or verdict.witness["points"] == best
        if not proven:
            assert verdict.to_dict()["best_proven"] is False and "a better one may exist" in str(verdict)
    assert seen == {False, True}

# -- legal choices ---------------------------------------------------------------------------
def test_legal_choices_on_a_small_spot_equal_a_hand_worked_list():
    # KS KH 2C is a meld shape, but putting it down leaves 9C to discard and an empty hand
    # without a canasta: only the 2C lay-off onto the 7s is part of a legal turn.
    s = spot(hand="KS KH 2C 9C", melds=["7S 7H 7C"])
    assert [str(c) for c in candidates(s)] == ["meld KS KH 2C", "layoff 2C to 1"]
    assert [str(c) for c in legal_choices(s)] == ["layoff 2C to 1"]
    s5 = s.replace(hand=parse_cards("KS KH 2C 9C 4D"))
    assert [str(c) for c in legal_choices(s5)] == ["meld KS KH 2C", "layoff 2C to 1"]


def test_legal_choices_respect_the_first_meld_minimum_C_INITIAL():
    s = spot(score=1500, hand="AS AH AD KS KH KD 7S 7H 7D 9C 4D")
    legal = [str(c) for c in legal_choices(s)]
    assert "meld AS AH AD" in legal and "meld 7S 7H 7D" in legal  # with AAA KKK the minimum is met
    alone = s.replace(hand=parse_cards("AS AH AD 7S 7H 7D 9C 4D"))
    assert legal_choices(alone) == []  # 60 + 15 = 75 < 90: no first meld at all


def test_legal_choices_match_single_include_questions():
    rng = random.Random(5)
    for _ in range(12):
        s = random_spot(rng, rng.choice(["classic", "house", "canasty"]), hand_size=(4, 11), pile_size=(0, 8))
        unknown = s.phase == "before-draw"
        legal = legal_choices(s, unknown_draw=unknown)
        for choice in candidates(s):
            answer = find(s, Goal(include=choice, unknown_draw=unknown))
            assert isinstance(answer, Found) == (choice in legal), (s.to_json(), str(choice))


# -- every answer is a proof ------------------------------------------------------------------
GOALS = [Goal(go_out=True), Goal(must_meld=True, best=True), Goal(pickup=ANY, take_pile=True),
         Goal(pickup=ANY, take_pile=True, go_out=True), Goal(pickup=ANY, take_pile=True, must_meld=True, best=True),
         Goal(must_meld=True, unknown_draw=True), Goal(go_out=True, unknown_draw=True)]


@pytest.mark.parametrize("variant", ["classic", "house", "canasty"])
def test_every_witness_rechecks_and_every_no_names_a_rule(variant):
    rng = random.Random(f"witness/{variant}")
    answers = {"yes": 0, "no": 0}
    for _ in range(25):
        s = random_spot(rng, variant, hand_size=(5, 15), pile_size=(0, 20))
        for goal in GOALS:
            answer = find(s, goal)
            if isinstance(answer, Found):
                answers["yes"] += 1
                played = draw_unknown(s) if goal.unknown_draw else s
                turn = play_turn(played, answer.play)
                assert not goal.go_out or turn.went_out
                assert not goal.take_pile or turn.picked_up
                assert not goal.must_meld or turn.new_melds
            else:
                answers["no"] += 1
                assert answer.reasons and all(r.rule.split(".")[0] in s.rules.variant.rules for r in answer.reasons)
                assert all(r.text and r.source for r in answer.reasons)
    assert answers["yes"] >= 10 and answers["no"] >= 10, answers  # both kinds of answer were checked


def _spread(count: int, places: int):
    """Every way to share ``count`` identical cards among ``places`` places."""
    for cut in combinations_with_replacement(range(places), count):
        yield Counter(cut)


def _oracle(s: Spot, goal: Goal) -> tuple[bool, int | None]:
    """(some legal play meets the goal, the most first-meld points among those) for a tiny spot.

    Independent of the checker: every placement of every card (by face) onto
    the melds of its rank, an all-wild meld, a black-3 meld or the hand, every
    discard, every pair of hand cards named to take the pile; each play is
    judged by the turn engine alone.
    """
    rules = s.rules
    if goal.unknown_draw:
        starts = [(draw_unknown(s), False)] if stock_draw(s) else []  # C-END
    elif s.phase == "drawn":
        starts = [(s, False)] if goal.pickup in (ANY, NONE) else []
    else:
        starts = [(s, True)] if goal.pickup == ANY and s.discard else []
    table = [judge(rules, m, going_out=True) for m in s.melds]
    best = None
    for played, take in starts:
        cards = Counter(played.hand)
        if take:
            cards.update(c for c in s.discard[:-1] if rules.role(c) != "bonus")
        top = s.discard[-1] if take else None
        ranks = sorted({c.rank for c in list(cards) + [top] if c is not None and rules.role(c) == "natural"}
                       | {m.key for m in table if m.kind == "group"})
        places = [("group", r) for r in ranks] + [("wild", 0), ("black3", 0)]
        places += [("onto", i) for i, m in enumerate(table) if m.kind == "wild"]

        def allowed(card):
            role = rules.role(card)
            if role == "natural" and card.rank in ranks:
                return [places.index(("group", card.rank))]
            if role == "wild":
                return [i for i, p in enumerate(places) if p[0] != "black3"]
            return [places.index(("black3", 0))] if role == "blocker" else []

        faces = sorted(cards, key=str)
        options = [[(f, spread) for spread in _spread(cards[f], len(allowed(f)) + 1)] for f in faces]
        for assignment in product(*options):
            where: dict[int, list] = {}
            kept = []
            for face, spread in assignment:
                spots_for = allowed(face)
                for slot, n in spread.items():
                    (where.setdefault(spots_for[slot], []) if slot < len(spots_for) else kept).extend([face] * n)
            if top is not None:
                home = ("black3", 0) if rules.role(top) == "blocker" else ("group", top.rank) \
                    if rules.role(top) == "natural" else ("wild", 0)
                where.setdefault(places.index(home), []).insert(0, top)
            steps, first = [], None
            for i, got in where.items():
                kind, key = places[i]
                group = next((j for j, m in enumerate(table) if m.kind == "group" and m.key == key), None) \
                    if kind == "group" else None
                to = key + 1 if kind == "onto" else None if group is None else group + 1
                step = Action(LAYOFF if to else MELD, tuple(got), to)
                if top is not None and got[0] is top:
                    first = step
                else:
                    steps.append(step)
            heads = [()]
            if take:
                own = [c for c in first.cards[1:] if c in played.hand]
                heads = [(Action(PICKUP, ()),)] + [(Action(PICKUP, pair),) for pair in
                                                     set(combinations(sorted(own, key=str), 2))]
                heads = [h + (first,) for h in heads]
            for head in heads:
                for end in [()] + [(Action(DISCARD, (c,)),) for c in set(kept)]:
                    try:
                        turn = play_turn(played, head + tuple(steps) + end)
                    except TurnError:
                        continue
                    if goal.take_pile and not turn.picked_up or goal.go_out and not turn.went_out \
                            or goal.must_meld and not turn.new_melds:
                        continue
                    best = turn.initial_points if best is None else max(best, turn.initial_points)
    return best is not None, best


def _tiny_spot(rng: random.Random) -> Spot:
    """A small spot dealt from a few ranks, wild cards and threes, so melds and pickups are in reach."""
    variant = rng.choice(["classic", "house", "canasty"])
    rules = rules_for(variant)
    ranks = rng.sample(rules.natural_ranks, 3)
    pool = [c for c in rules.pack.elements() if c.rank in ranks[:2] or rules.role(c) in ("wild", "blocker", "bonus")]
    rng.shuffle(pool)
    melds = []
    if rng.random() < 0.5:
        same = [c for c in rules.pack.elements() if c.rank == ranks[2]][: rng.choice([3, 4, 6])]
        melds.append(format_cards(same + ([pool.pop()] if rules.role(pool[-1]) == "wild" else [])))
    hand = [c for c in (pool.pop() for _ in range(rng.randint(3, 6))) if rules.role(c) != "bonus"]
    pile = [pool.pop() for _ in range(rng.randint(0, 3))]
    data = {"variant": variant, "score": rng.choice([-10, -10, 0, 600, 3000]), "hand": format_cards(hand),
            "melds": melds, "discard": format_cards(pile), "phase": rng.choice(["drawn", "before-draw"])}
    if variant == "canasty":
        data.update(first_round=rng.random() < 0.3, scores=[data["score"], rng.choice([0, 1200, 2500])])
    return Spot.from_dict(data)


def test_tiny_spots_agree_with_a_brute_force_oracle():
    rng = random.Random(11)
    checked = yes = 0
    for _ in range(40):
        s = _tiny_spot(rng)
        for goal in (Goal(go_out=True, best=True), Goal(must_meld=True, best=True),
                     Goal(pickup=ANY, take_pile=True, best=True), Goal(must_meld=True, unknown_draw=True, best=True)):
            exists, best = _oracle(s, goal)
            answer = find(s, goal)
            assert isinstance(answer, Found) == exists, (s.to_json(), goal, answer)
            if exists:
                assert answer.points == best, (s.to_json(), goal)
            checked += 1
            yes += exists
    assert checked == 160 and 20 <= yes <= 140, (checked, yes)  # both answers were exercised


# -- the solver's resource limit ---------------------------------------------------------------
def test_a_tiny_resource_limit_gives_up_with_solver_limit_error():
    s = spot(hand="KS KH KD 2C 9C 4D 7S 7H 7C", melds=["QS QH QD"])
    with pytest.raises(SolverLimitError, match="rlimit 1"):
        find(s, Goal(go_out=True), rlimit=1)
    with pytest.raises(SolverLimitError):
        legal_choices(s, rlimit=1)
    assert isinstance(find(s, Goal(must_meld=True), rlimit=DEFAULT_RLIMIT), Found)


def test_a_witness_the_turn_engine_refuses_is_a_bug_never_an_answer(monkeypatch):
    from tutor.checker import CheckerBug, api

    s = spot(hand="KS KH KD 2C 9C 4D")
    assert isinstance(find(s, Goal(must_meld=True)), Found)
    monkeypatch.setattr(api.witness, "build", lambda enc, values, goal: (parse_action("meld KS KH"),
                                                                        parse_action("discard 9C")))
    with pytest.raises(CheckerBug, match="meld KS KH; discard 9C"):
        find(s, Goal(must_meld=True))


def test_the_same_question_gets_the_same_answer_whatever_came_before():
    rng = random.Random(3)
    spots = [random_spot(rng, "canasty", hand_size=(11, 15), pile_size=(0, 20)) for _ in range(6)]
    goals = [Goal(go_out=True), Goal(must_meld=True, best=True), Goal(pickup=ANY, take_pile=True)]
    first = [str(find(s, g)) for s in spots for g in goals]
    again = [str(find(s, g)) for s in reversed(spots) for g in reversed(goals)][::-1]
    assert first == again


def test_albany_goes_to_its_own_encoding_A_SET():
    s = Spot.from_dict({"variant": "albany", "hand": "5S 6S 7S 9C 9D"})
    found = find(s, Goal(must_meld=True))
    assert isinstance(found, Found) and "5S 6S 7S" in format_play(found.play)


@pytest.mark.parametrize("decider", ["z3", "reference"])
def test_h_draw_two_unknown_stock_cards_leave_one_to_keep(decider):
    # Three aces and a one-card draw: melding them leaves the drawn card to discard and an
    # empty hand, which is going out without a canasta. Drawing two (H-DRAW) leaves one to keep.
    def first_meld(draw):
        s = Spot.from_dict({"variant": "house", "options": {"draw": draw}, "phase": "before-draw",
                            "score": 0, "hand": "AS AH AD"})
        return ask("initial-meld", s, decider=decider)

    assert not first_meld(1).answer
    two = first_meld(2)
    assert two.answer and two.witness["drawn"] == "? ?" and two.witness["went_out"] is False


def test_one_resource_limit_covers_every_check_of_a_question():
    # Listing the legal melds of a 100-card hand takes a hundred checks, each well within
    # this limit; together they spend it, and the answer is "gave up", never a partial list.
    huge = absurd_spots("classic")["100-card hand"]
    assert isinstance(find(huge, Goal(pickup=NONE, go_out=True), rlimit=200_000), (Found, Blocked))
    with pytest.raises(SolverLimitError, match="resource limit"):
        legal_choices(huge, rlimit=200_000)
    assert legal_choices(huge)  # the default limit answers it
