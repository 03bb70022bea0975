"""C-INITIAL in the bots' planner: it counts a first meld as the judge does."""

from collections import Counter

from tutor.cards import parse_cards
from tutor.engine.plan import Plan, kit_for
from tutor.rules import rules_for

HAND, TOP, BELOW = parse_cards("KS KH AS AH"), parse_cards("AD"), parse_cards("KD AC")


def plan(variant: str) -> Plan:
    return Plan(kit_for(rules_for(variant)), HAND + TOP + BELOW, [], need=50, own=Counter(HAND + TOP))


def value(p: Plan, cards: str) -> int:
    return sum(p.kit.value(c) for c in parse_cards(cards))


def test_c_initial_the_planner_counts_nothing_for_a_meld_holding_a_card_from_below_the_top():
    p = plan("classic")
    p.meld(parse_cards("KS KH KD"))  # KD came from below the top
    assert p.points == 0
    p.meld(parse_cards("AS AH AD"))  # the top card and the hand's cards
    assert p.points == value(p, "AS AH AD")


def test_c_initial_a_card_from_below_the_top_laid_off_onto_a_meld_of_the_turn_voids_it():
    p = plan("classic")
    p.meld(parse_cards("AS AH AD"))
    p.layoff(0, parse_cards("AC"))
    assert p.points == 0


def test_y_down_canasty_still_counts_the_hand_cards_of_such_a_meld():
    p = plan("canasty")
    p.meld(parse_cards("KS KH KD"))
    assert p.points == value(p, "KS KH")
