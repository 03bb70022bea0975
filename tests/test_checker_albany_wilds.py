"""The albany checker counts wild cards as one face where no rule tells them apart (A-SET, A-DRAW).

A go-out question is asked with every wild held or in the pile as one face
(``Albany(one_wild=True)``); the witness gets the dealt wild cards back in
their places (``albany_play.real_wilds``) and is replayed by the turn
engine, and the reasons name the cards as dealt. Also: one question's
solvers share its encoding's z3 context, and each check is charged once.
"""

from __future__ import annotations

import z3

from tutor.cards import parse_cards
from tutor.checker.albany import Albany, Solver
from tutor.checker.albany_play import _depth_text, _text, find
from tutor.checker.solve import Budget, _rlimit_count
from tutor.goals import ANY, Goal
from tutor.play import MELD, PICKUP
from tutor.spot import Spot
from tutor.turn import play_turn

CANASTAS = ["QS QH QD QC QS QH QD", "9S 9H 9D 9C 9S 9H 9D"]
GO_OUT = Goal(pickup=ANY, take_pile=True, go_out=True)


def spot(hand, discard, melds=CANASTAS):
    return Spot.from_dict({"variant": "albany", "hand": hand, "phase": "before-draw", "discard": discard,
                           "melds": list(melds)})


def replayed(s, goal):
    answer = find(s, goal)
    assert hasattr(answer, "play"), f"expected a turn, got {answer}"
    play_turn(s, answer.play)
    return answer.play


def test_a_draw_c_a_wild_lowest_card_goes_down_as_itself():
    # the 2D below KS is the lowest card taken; the hand's joker goes into the same new set
    s = spot("KH KD JK 4S 4D", "9C 2D 4C KS")
    play = replayed(s, GO_OUT)
    assert play[0].kind == PICKUP and play[0].depth in (3, 4)
    deep_set = play[1]
    assert deep_set.kind == MELD and parse_cards("2D")[0] in deep_set.cards
    wilds = sorted(str(c) for a in play[1:] for c in a.cards if c.rank in ("2", "JK"))
    assert wilds == ["2D", "JK"]


def test_a_draw_b_a_wild_top_card_goes_down_at_once():
    # 2D on top can be laid off on KS KH 2S, so taking it takes the whole pile (b)
    s = spot("7D 4H 4C JK", "5D 6D 2D", CANASTAS + ["KS KH 2S"])
    play = replayed(s, GO_OUT)
    assert play[0].kind == PICKUP and play[0].depth is None
    assert parse_cards("2D")[0] in play[1].cards


def test_a_set_reasons_name_the_wild_cards_as_dealt():
    s = spot("2C JK 5S 9H", "2D 7C 8H", [])
    enc = Albany(s, goal=GO_OUT, one_wild=True)
    assert enc.canon is not None and set(enc.hand) >= {enc.canon}
    text = _text(enc, None, None, [], "A-SET")
    assert "2C" in text and "JK" in text
    assert "2D" in _depth_text(enc, "draw.deep", [3])


def test_budget_charges_each_check_of_a_shared_context_once():
    s = spot("KH KD JK 4S 4D 7S 8S", "9C 2D 4C KS")
    enc = Albany(s, goal=GO_OUT)
    budget = Budget(10**9)
    for _ in range(2):  # two solvers of one context, as an explanation builds a second
        Solver(enc, budget, base=enc.goal_terms(GO_OUT, None)).check()
    probe = z3.SimpleSolver(ctx=enc.ctx)
    # what the checks spent is at most the context's whole count and the building the budget counts
    built = 2 * 15 * len(enc.m.hard)
    assert budget.spent <= _rlimit_count(probe) + built
