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


def _choices(rules, steps, first_table) -> set:
    """The steps of a turn that put cards down onto the table as it stood, in the listing's form.

    A lay-off names a set of the table as it stood: one made this turn is a new meld there, and a
    set already changed this turn (laid off onto, combined) is no longer the one the listing names,
    so a later lay-off onto it is part of a larger choice (the cards laid off together) instead.
    """
    origin = list(range(1, len(first_table) + 1))   # each current set: its place on the table, or None
    touched: set[int] = set()
    out = set()
    for step in steps:
        if step.kind == MELD:
            out.add(_key(rules, MELD, step.cards, None, first_table))
            origin.append(None)
        elif step.kind == LAYOFF:
            was = origin[step.to - 1]
            if was is not None and was not in touched:
                out.add(_key(rules, LAYOFF, step.cards, was, first_table))
            touched.add(was)
        elif step.kind == COMBINE:
            keep, drop = sorted(i - 1 for i in step.sets)
            touched.update((origin[keep], origin[drop]))
            origin[keep] = origin[keep] or origin[drop]
            origin.pop(drop)
    return out


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
            found.update(_choices(rules, steps, first_table))
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


@pytest.mark.parametrize("decider", ["z3", "reference"])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(spot=albany_spots(hand=(1, 5), pile=(0, 2), phase="drawn"))
@example(spot=Spot.from_dict({"variant": "albany", "hand": "4H 8H 2C 9S 5H", "melds": ["5H 6H 7H"]}))  # both ends
# a natural and the wild it needs laid off together; a second lay-off onto the same set is part of a larger one
@example(spot=Spot.from_dict({"variant": "albany", "hand": "KC KH KS 2D", "melds": ["9H TH 2H"]}))
# a new sequence legal only when combined with the table's 8S 9S TS (the second canasta, A-COMBINE)
@example(spot=Spot.from_dict({"variant": "albany", "hand": "JS QS KS AS 7S", "melds": ["AH AC AD AC AD AD AS",
                                                                                     "8S 9S TS"]}))
# red 3s differ by suit (a set of one suit counts double, Deluxe option 1)
@example(spot=Spot.from_dict({"variant": "albany", "options": {"partnerships": True, "deluxe": [1, 4, 5]},
                              "hand": "4C 3H 3D 3H 3D", "melds": [], "discard": "TD JH", "stock": 0}))
def test_a_set_melds_lists_exactly_the_sets_and_lay_offs_some_legal_turn_makes(decider, spot):
    # exchanges of a table joker are moves of their own (A-COMBINE), left to their own tests
    assume(not any(c.is_joker for m in spot.melds for c in m) and len(spot.melds) <= 4)
    assert listed(spot, decider) == brute_force(spot), spot.to_json()
