"""The ``melds`` listing for albany (A-SET) against a brute force over every turn of a small hand.

The brute force knows nothing of either decider: it enumerates every sequence of steps a turn from
``drawn`` can make with the hand's cards (a new set or a lay-off of any sub-multiset, a combine),
ends each with every discard (or none), and keeps the steps of the turns the referee accepts
(``tutor.turn.play_turn``). Every such step, in the listing's canonical form, must be listed, and
nothing else.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from strategies import albany_spots

from tutor.errors import IllegalPlayError
from tutor.melds import GROUP, judge
from tutor.play import COMBINE, DISCARD, LAYOFF, MELD, Action
from tutor.questions import ask
from tutor.spot import Spot
from tutor.turn import TurnError, after_steps, play_turn


def _sub_multisets(cards: Counter):
    items = sorted(cards.elements(), key=str)
    seen = set()
    for k in range(1, len(items) + 1):
        for combo in combinations(items, k):
            if combo not in seen:
                seen.add(combo)
                yield combo


def _key(rules, kind: str, cards, to, table) -> tuple:
    """A choice as the listing names it: naturals of a group by rank, of a sequence by card; wilds by kind."""
    shape = judge(rules, tuple(table[to - 1]) + tuple(cards) if to else tuple(cards), going_out=True).kind
    naturals = sorted(c.rank if shape == GROUP else str(c) for c in cards if not rules.is_wild(c))
    wilds = sorted(c.rank for c in cards if rules.is_wild(c))
    return kind, to, tuple(naturals), tuple(wilds)


def brute_force(spot) -> set:
    rules, found = spot.rules, set()
    first_table = [tuple(m) for m in spot.melds]

    def ends(steps) -> bool:
        replay = after_steps(spot, steps)
        ok = False
        for card in [None] + sorted(replay.hand, key=str):
            play = steps + ((Action(DISCARD, (card,)),) if card else ())
            try:
                play_turn(spot, play)
            except TurnError:
                continue
            ok = True
            break
        return ok

    def walk(steps) -> None:
        replay = after_steps(spot, steps)
        if ends(steps):
            for step in steps:
                if step.kind in (MELD, LAYOFF):
                    # lay-offs name sets of the table as it stood: a set made this turn is a new meld there
                    if step.kind == LAYOFF and step.to > len(first_table):
                        continue
                    found.add(_key(rules, step.kind, step.cards, step.to, first_table))
        for cards in _sub_multisets(replay.hand):
            options = [Action(MELD, cards)] + [Action(LAYOFF, cards, to=i) for i in range(1, len(replay.table) + 1)]
            for action in options:
                try:
                    after_steps(spot, steps + (action,))
                except (TurnError, IllegalPlayError):
                    continue
                walk(steps + (action,))
        for i in range(1, len(replay.table) + 1):
            for j in range(i + 1, len(replay.table) + 1):
                action = Action(COMBINE, sets=(i, j))
                try:
                    after_steps(spot, steps + (action,))
                except (TurnError, IllegalPlayError):
                    continue
                walk(steps + (action,))

    walk(())
    return found


def listed(spot, decider) -> set:
    verdict = ask("melds", spot, decider=decider)
    table = [tuple(m) for m in spot.melds]
    out = set()
    for m in verdict.extra["melds"]:
        from tutor.cards import parse_cards

        out.add(_key(spot.rules, m["kind"], parse_cards(m["cards"]), m["to"], table))
    return out


# A known bug, left open: the z3 checker's witness for a lay-off that needs a natural and a wild card
# together onto a sequence (9H TH 2H, hand KH 2D) lays them off one by one, and the first step alone
# is refused. Marked so the suite shows it (XFAIL while it stands, XPASS once it is fixed).
Z3_LAYOFF_BUG = pytest.mark.xfail(reason="z3 witness lays off a natural and the wild it needs as two steps",
                                  strict=False)


@pytest.mark.parametrize("decider", [pytest.param("z3", marks=Z3_LAYOFF_BUG), "reference"])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(spot=albany_spots(hand=(1, 5), pile=(0, 2), phase="drawn"))
@example(spot=Spot.from_dict({"variant": "albany", "hand": "4H 8H 2C 9S 5H", "melds": ["5H 6H 7H"]}))  # both ends
def test_a_set_melds_lists_exactly_the_sets_and_lay_offs_some_legal_turn_makes(decider, spot):
    # exchanges of a table joker are moves of their own (A-COMBINE), left to their own tests
    assume(not any(c.is_joker for m in spot.melds for c in m) and len(spot.melds) <= 4)
    assert listed(spot, decider) == brute_force(spot), spot.to_json()
