"""A-COMBINE in the questions: going out after exchanging a table joker or combining sets.

Every spot here goes out only through a move on the table, so each test
also asks the deciders about the spot as it stands and needs a "no" there.
"""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from strategies import albany_spots

from tutor import checker, reference
from tutor.cards import Card
from tutor.errors import SolverLimitError
from tutor.goals import ANY, NONE, Goal
from tutor.play import parse_play
from tutor.questions import ask
from tutor.spot import Spot
from tutor.pickup_moves import StandIn, moves_around_pickup, pickups
from tutor.table_moves import MAX_TABLES, rearrangements, stranded
from tutor.turn import play_turn
from tutor.reference.albany import search as albany_search
from tutor.reference import combine

CANASTAS = ["QC QC QH QH QS 2C 2D", "KC KC KH KH KS KS 2H"]

#: name: (phase, hand, the side's sets, pile, the move the going out needs)
NEEDS = {
    "exchange": ("drawn", "6H 9S 9D", ["5H JK 7H"] + CANASTAS, "KS", "exchange 6H on 1"),
    "combine": ("drawn", "JH 4D 4S 4C", ["5H 6H 7H", "8H 9H TH", CANASTAS[0]], "KS", "combine 1 2"),
    "bridge": ("drawn", "7H 4D 4S 4C", ["4H 5H 6H", "8H 9H TH", CANASTAS[0]], "KS", "layoff 7H to 1; combine 1 2"),
    # no move on the table comes before the pickup (A-DRAW): the hand's own 6H is exchanged after it
    "exchange with the hand's card after the pickup": ("before-draw", "6H 9S 9D", ["5H JK 7H"] + CANASTAS,
                                                       "4C 8S 8D", "pickup depth 1; exchange 6H on 1"),
    # A-DRAW and A-COMBINE together: a card from the pile used in a move after the pickup
    "exchange with the top card taken alone": ("before-draw", "9S 9D", ["4H JK 6H 7H 8H 9H TH JH QH KH AH",
                                               CANASTAS[0]], "4C 5H", "pickup depth 1; exchange 5H on 1"),
    "exchange with a card from a deep pick-up": ("before-draw", "8S 8C 9S 9D", ["5H JK 7H"] + CANASTAS, "4C 8D 6H",
                                                 "pickup 8C 8S depth 2; meld 8D 8C 8S; exchange 6H on 1"),
    "bridge after taking the whole pile": ("before-draw", "4D 4S 4C", ["4H 5H 6H", "8H 9H TH", CANASTAS[0]], "KS 7H",
                                           "pickup; layoff 7H to 1; combine 1 2"),
    # the pickup's own set, TH JH QH, joined to 6H 7H 8H 9H: the second canasta (the 3S on top is never taken alone)
    "the pickup's set joined to a set on the table": ("before-draw", "JH QH 9S 9D 9C", ["6H 7H 8H 9H", CANASTAS[0]],
                                                      "4C TH 3S", "pickup JH QH depth 2; meld TH JH QH; combine 1 3"),
}


def needs(name):
    phase, hand, melds, pile, move = NEEDS[name]
    return Spot.from_dict({"variant": "albany", "phase": phase, "hand": hand, "melds": melds, "discard": pile}), move


def goal_of(spot):
    return Goal(pickup=NONE, go_out=True) if spot.phase == "drawn" else Goal(pickup=ANY, take_pile=True, go_out=True)


@pytest.mark.parametrize("name", list(NEEDS))
@pytest.mark.parametrize("decider", ["z3", "reference"])
def test_a_combine_going_out_may_start_with_a_move_on_the_table(name, decider):
    spot, move = needs(name)
    goal = goal_of(spot)
    assert not hasattr(checker.find(spot, goal), "play")      # as the table stands: no
    assert albany_search(spot, goal, goal.pickup) is None    # the reference's search before its moves
    verdict = ask("go-out", spot, decider=decider)
    moves = [step for step in move.split("; ") if step.split()[0] in ("exchange", "combine")]
    assert verdict.answer and all(step in verdict.witness["play"].split("; ") for step in moves)
    assert play_turn(spot, parse_play(verdict.witness["play"])).went_out


def test_a_combine_a_no_says_that_no_move_on_the_table_helps_either():
    spot, _ = needs("exchange")
    spot = spot.replace(hand=tuple(Card.parse(c) for c in ("6H", "9S", "8D")))  # 9S 8D JK is no set
    verdict = ask("go-out", spot)
    assert not verdict.answer and verdict.reasons[-1].rule == "A-COMBINE"
    assert "(1 way to do so, each tried)" in verdict.reasons[-1].text


def test_a_combine_lists_each_table_once_with_its_moves():
    spot, _ = needs("bridge")
    ways = {"; ".join(map(str, w.moves)) for w in rearrangements(spot, bridges=True)}
    assert ways == {"layoff 7H to 1; combine 1 2"}  # 4D 4S 4C fit no set; 7H bridges the gap
    for way in rearrangements(spot, bridges=True):
        assert sorted(map(str, way.spot.hand)) == ["4C", "4D", "4S"] and len(way.spot.melds) == 2


def test_a_combine_from_before_draw_nothing_is_laid_off_before_the_pickup():
    spot, _ = needs("bridge")
    assert rearrangements(spot.replace(phase="before-draw", discard=spot.discard), bridges=False) == []


def test_a_combine_a_bridge_uses_the_fewest_cards_more_are_lay_offs_of_the_turn():
    spot = Spot.from_dict({"variant": "albany", "phase": "drawn", "hand": "7H 8H JK 2C",
                           "melds": ["5H 6H 7H", "9H TH JH"], "discard": "KS"})
    fills = sorted(str(w.moves[0]) for w in rearrangements(spot, bridges=True) if len(w.moves) == 2)
    assert fills == ["layoff 2C to 1", "layoff 8H to 1", "layoff JK to 1"]


def test_a_combine_other_variants_have_no_moves_on_the_table():
    spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": "7H 7D 9C",
                           "melds": ["7S 7C JK"], "discard": "KS"})
    assert rearrangements(spot, bridges=True) == []


def test_a_combine_too_many_tables_to_search_is_a_resource_limit_not_a_guess():
    # six groups with a joker each and two naturals of every rank to put in its place: 3**6 tables
    melds = [f"{r}H {r}D JK" for r in "56789T"]
    hand = " ".join(f"{r}S {r}C" for r in "56789T")
    spot = Spot.from_dict({"variant": "albany", "phase": "drawn", "hand": hand, "melds": melds, "discard": "KS"})
    with pytest.raises(SolverLimitError, match=f"more than {MAX_TABLES} tables"):
        rearrangements(spot, bridges=True)


def test_a_stopper_two_stoppers_in_the_hand_block_going_out_whatever_the_table_moves():
    spot, _ = needs("exchange")
    spot = spot.replace(hand=spot.hand + (Card.parse("3S"), Card.parse("3D")))
    for decider in ("z3", "reference"):
        verdict = ask("go-out", spot, decider=decider)
        assert not verdict.answer


def test_a_combine_the_tables_share_the_questions_resource_limit():
    """A "no" is never given with tables left unasked: out of limit, the question gives up instead."""
    spot, _ = needs("exchange")
    # after the exchange 9S 9D JK is a set and 8D 8C a pair that cannot go down: a "no" the checker must prove
    spot = spot.replace(hand=tuple(Card.parse(c) for c in ("6H", "9S", "9D", "8D", "8C")))
    messages = set()
    for rlimit in (2 ** k for k in range(10, 25)):
        try:
            verdict = ask("go-out", spot, rlimit=rlimit)
        except SolverLimitError as e:
            messages.add("A-COMBINE" in str(e))
            continue
        assert not verdict.answer and verdict.reasons[-1].rule == "A-COMBINE"
    assert messages == {False, True}  # some limits run out on the table as it stands, some after it


# -- A-DRAW with A-COMBINE: the moves after taking from the pile ---------------------------------------
def test_a_draw_the_whole_pile_by_a_lay_off_is_tried_on_each_set_the_top_card_fits():
    spot, _ = needs("bridge after taking the whole pile")
    lay_offs = {"; ".join(map(str, way.moves)) for way in pickups(spot) if way.moves[-1].kind == "layoff"}
    assert lay_offs == {"pickup; layoff 7H to 1", "pickup; layoff 7H to 2"}  # 4H 5H 6H 7H and 7H 8H 9H TH


def test_a_draw_a_side_that_has_not_melded_has_no_table_to_move_on_after_the_pickup():
    # the pickup's set 8D 8C 8S would be the side's first: a "drawn" spot after it would count the side
    # as melded before the turn and skip A-INITIAL
    spot = Spot.from_dict({"variant": "albany", "phase": "before-draw", "hand": "8S 8C JK 9S 9D",
                           "melds": [], "discard": "4C 8D 6H"})
    assert pickups(spot) and moves_around_pickup(spot) == []


def test_a_draw_no_move_on_the_table_comes_before_the_pickup():
    spot, _ = needs("exchange with the hand's card after the pickup")
    ways = ["; ".join(map(str, way.moves)) for way in moves_around_pickup(spot)]
    assert all(w.startswith("pickup") for w in ways)
    assert "pickup depth 1; exchange 6H on 1" in ways


# -- stranded cards: a sure "no" without a decider ---------------------------------------------------------
def test_a_set_holds_two_naturals_so_a_card_with_no_partner_is_stranded():
    spot = Spot.from_dict({"variant": "albany", "phase": "drawn", "hand": "9S 8D 8C 4H JK 3S",
                           "melds": ["5H 6H 7H", "KC KD KS"], "discard": "QS"})
    # 9S: no other 9, no spade within three; 4H partners 5H on the table; 8D and 8C partner each other
    assert [str(c) for c in stranded(spot)] == ["9S", "3S"]  # and 3S is a stopper, never melded


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(albany_spots(hand=(1, 12), pile=(0, 4), phase="drawn"))
def test_a_hand_with_two_stranded_cards_never_goes_out_by_the_reference_decider(spot):
    assume(len(stranded(spot)) >= 2)
    assert reference.find(spot, Goal(pickup=NONE, go_out=True)) is None


def test_a_draw_a_stand_in_yes_is_no_witness_the_real_pickups_are_asked_instead():
    # taking 6H 3S, the 6H must make a set with two 6s from the hand at once (A-DRAW (c)), so it never
    # takes the joker's place in 5H JK 7H; the stand-in, with the 6H free, goes out that way
    spot = Spot.from_dict({"variant": "albany", "phase": "before-draw", "hand": "6C 6S 6D 9S 9D",
                           "melds": ["5H JK 7H"] + CANASTAS, "discard": "4C 6H 3S"})
    stand_ins = [way for way in moves_around_pickup(spot) if isinstance(way, StandIn)]
    assert any(hasattr(checker.find(way.spot, Goal(pickup=NONE, go_out=True)), "play") for way in stand_ins)
    for decider in ("z3", "reference"):
        assert not ask("go-out", spot, decider=decider).answer


def test_a_combine_other_variants_have_no_moves_around_the_pickup_either():
    spot = Spot.from_dict({"variant": "classic", "phase": "before-draw", "hand": "7H 7D 9C JK",
                           "melds": ["7S 7C JK"], "discard": "4C 9S"})
    assert moves_around_pickup(spot) == []


#: 9S under the 3C stopper, with 8S JS held: 8S 9S _ JS needs a wild the hand has not. QH could take the
#: joker's place in QH QD JK (A-COMBINE), but only after the pickup, and the deep card's set goes down at
#: once with the pickup (A-DRAW (c)): the freed joker comes too late for it
JOKER_FOR_A_DEEP_SET = {"variant": "albany", "phase": "before-draw", "hand": "8S JS QH 5D 6C",
                        "melds": ["QH QD JK"], "discard": "9S 3C"}


@pytest.mark.parametrize("decider", ["z3", "reference"])
def test_a_draw_a_combine_a_joker_freed_on_the_table_comes_too_late_for_the_pickup(decider):
    spot = Spot.from_dict(JOKER_FOR_A_DEEP_SET)
    verdict = ask("pickup", spot, decider=decider)
    assert not verdict.answer and verdict.reasons
    refused = ask("play", spot, play="exchange QH on 1; pickup 8S JS JK depth 2; discard 5D")
    assert not refused.answer and refused.reasons[0].rule == "A-COMBINE"


def test_a_draw_a_combine_a_named_pickup_is_never_judged_after_a_move_on_the_table():
    spot = Spot.from_dict(JOKER_FOR_A_DEEP_SET)
    assert not ask("pickup", spot, play="8S JS JK depth 2").answer  # the joker is on the table, not held
    assert not ask("pickup", spot, play="8S JS depth 2").answer  # without the joker the gap stays unfilled


def test_a_draw_a_side_not_down_has_no_table_to_free_a_joker_from():
    spot = Spot.from_dict({**JOKER_FOR_A_DEEP_SET, "melds": []})
    verdict = ask("pickup", spot)
    assert not verdict.answer and all(r.rule != "A-COMBINE" for r in verdict.reasons)


# -- the reference decider's own walk of the moves (``reference.combine``) -----------------------------
def test_a_combine_the_reference_walks_the_same_tables_its_own_way():
    spot, _ = needs("bridge")
    walked = {"; ".join(map(str, m.steps)) for m in combine.tables_after_moves(spot, NONE, take_pile=False)}
    assert walked == {"layoff 7H to 1; combine 1 2"}


def test_a_draw_the_reference_makes_no_move_on_the_table_before_the_pickup():
    spot = Spot.from_dict({"variant": "albany", "phase": "before-draw", "hand": "KC 5H 9D 8S",
                           "melds": ["JC QC JK AC"], "discard": "4D KC"})
    for moved in combine.tables_after_moves(spot, ANY, take_pile=True):
        assert moved.steps[0].kind == "pickup"
    for decider in ("z3", "reference"):  # exchanging KC first would make the top card free to take alone
        assert not ask("pickup", spot, play="depth 1", decider=decider).answer


def test_a_combine_the_reference_gives_up_past_its_table_limit():
    melds = [f"{r}H {r}D JK" for r in "56789T"]
    hand = " ".join(f"{r}S {r}C" for r in "56789T")
    spot = Spot.from_dict({"variant": "albany", "phase": "drawn", "hand": hand, "melds": melds, "discard": "KS"})
    with pytest.raises(SolverLimitError, match="tables"):
        combine.tables_after_moves(spot, NONE, take_pile=False)
