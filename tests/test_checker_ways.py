"""The z3 checker's enumeration of ways (``tutor.checker.ways``), checked against brute force over plays."""

from __future__ import annotations

import random
from itertools import product

import pytest

from tutor.arrangements import arrangement
from tutor.checker import find, ways
from tutor.choices import candidates
from tutor.errors import SolverLimitError, TutorError
from tutor.goals import NONE, Goal
from tutor.play import DISCARD, LAYOFF, MELD, Action
from tutor.puzzles.prove import prove
from tutor.spot import Spot
from tutor.turn import TurnError, play_turn

SEVENS = "7S 7H 7D 7C 7S 7H 7D"  # a natural canasta: going out is open
GO_OUT = Goal(pickup=NONE, go_out=True)
FIRST_MELD = Goal(pickup=NONE, must_meld=True)


def spot(hand: str, melds=(SEVENS,), variant: str = "classic", **kw) -> Spot:
    return Spot.from_dict({"variant": variant, "hand": hand, "melds": list(melds), "phase": "drawn", **kw})


def brute_force(s: Spot, *, go_out: bool) -> set:
    """Every arrangement of a drawn hand's turns: each card into one of two new melds, onto a meld, thrown or kept.

    Going out keeps no card, except where the variant lets a player go out with unmatched cards (canasty).
    """
    keep = not go_out or s.rules["go_out"].get("max_unmatched", 0) > 0
    dests = ["a", "b", "discard"] + [f"to{i}" for i in range(1, len(s.melds) + 1)] + (["keep"] if keep else [])
    found = set()
    for choice in product(dests, repeat=len(s.hand)):
        if choice.count("discard") > 1 or ("b" in choice and "a" not in choice):
            continue
        where = {d: tuple(c for c, x in zip(s.hand, choice) if x == d) for d in dests}
        play = [Action(MELD, where[m]) for m in ("a", "b") if where[m]]
        play += [Action(LAYOFF, where[f"to{i}"], to=i) for i in range(1, len(s.melds) + 1) if where[f"to{i}"]]
        play += [Action(DISCARD, where["discard"])] if where["discard"] else []
        try:
            turn = play_turn(s, tuple(play))
        except TurnError:
            continue
        if turn.went_out or (not go_out and turn.new_melds):
            found.add(arrangement(s, turn))
    return found


def witnessed(w) -> set:
    """The arrangements of the enumerated witnesses, each replayed by the turn engine."""
    return {arrangement(w_spot, play_turn(w_spot, f.play)) for w_spot, f in w}


def test_a_spot_with_exactly_one_way_out_counts_one_and_is_unique_C_GOOUT():
    s = spot("KS KH KD 5C")  # meld the kings, throw the 5
    w = ways(s, GO_OUT)
    assert (w.count, w.complete, w.unique) == (1, True, True)
    assert set(w.arrangements) == brute_force(s, go_out=True)
    proven = prove(s, "go-out")
    assert (proven.ways, proven.unique) == (1, True)


def test_a_spot_with_exactly_two_ways_out_counts_two_C_GOOUT():
    # the 2 goes on the new kings or onto the canasta of 7s; the 5 is thrown either way
    s = spot("KS KH KD 2C 5C")
    truth = brute_force(s, go_out=True)
    assert len(truth) == 2
    w = ways(s, GO_OUT)
    assert (w.count, w.complete, w.unique) == (2, True, False)
    assert set(w.arrangements) == truth == witnessed((s, f) for _, f in w.found)
    proven = prove(s, "go-out")
    assert (proven.ways, proven.unique) == (2, False)


def test_wild_cards_of_two_kinds_on_two_melds_are_four_ways_C_MELD():
    # the joker and the 2 each go onto the kings or the 7s: the kind of wild card on a meld makes another way
    s = spot("KS KH KD 2C JK 5C")
    truth = brute_force(s, go_out=True)
    w = ways(s, GO_OUT)
    assert len(truth) == 4 and set(w.arrangements) == truth and w.complete


def test_the_per_candidate_count_undercounted_a_first_meld_that_differs_in_the_discard_C_INITIAL():
    # house: three jacks go down, then either the 9 or the 8 is thrown: two ways. Asking for a turn
    # that includes each candidate meld finds only one of them, since no candidate names the discard.
    s = spot("JS JH JD 9C 8D", melds=(), variant="house", score=-400)
    truth = brute_force(s, go_out=False)
    assert len(truth) == 2
    by_candidate = set()
    for choice in candidates(s):
        answer = find(s, Goal(pickup=NONE, must_meld=True, include=choice))
        if hasattr(answer, "play"):
            by_candidate.add(arrangement(s, play_turn(s, answer.play)))
    assert len(by_candidate) == 1
    assert set(ways(s, FIRST_MELD).arrangements) == truth
    proven = prove(s, "initial-meld")
    assert (proven.ways, proven.unique) == (2, False)


def test_blocking_stops_at_the_cap():
    s = spot("KS KH KD QS QH QD 2C JK 5C")  # each wild card onto the kings, the queens or the 7s: nine ways
    assert (ways(s, GO_OUT, cap=20).count, ways(s, GO_OUT, cap=20).complete) == (9, True)
    w = ways(s, GO_OUT, cap=3)
    assert (w.count, w.complete, w.unique) == (3, False, False)
    assert w.models == 3 and w.checks == 3  # no check after the cap is reached
    proven = prove(s, "go-out")
    assert (proven.ways, proven.unique) == (5, False)


def _small_spots(seed: int, count: int):
    """Random drawn spots of three to five cards, down or not, in the three group variants."""
    rng = random.Random(seed)
    ranks = {"classic": "K Q 7 5 3 2 JK", "house": "K Q 7 5 3 2 JK", "canasty": "Q J 7 5 3 2 K"}
    made = 0
    while made < count:
        variant = rng.choice(sorted(ranks))
        hand = []
        for _ in range(rng.randint(3, 5)):
            r = rng.choice(ranks[variant].split())
            hand.append("JK" if r == "JK" else r + rng.choice("SC" if r == "3" else "SHDC"))
        melds = []
        if rng.random() < 0.6:
            melds = [SEVENS] if rng.random() < 0.7 else ["JS JH JD" if variant == "canasty" else "QS QH QD"]
        try:
            s = spot(" ".join(hand), melds, variant, score=-400)
        except TutorError:
            continue
        made += 1
        yield s


@pytest.mark.parametrize("seed", [1, 2])
def test_ways_are_every_arrangement_brute_force_finds_on_random_small_hands(seed):
    checked = 0
    for s in _small_spots(seed, 30):
        for goal, go_out in ((GO_OUT, True), (FIRST_MELD, False)):
            if not go_out and s.down:
                continue
            w = ways(s, goal, cap=100)
            assert w.complete and set(w.arrangements) == brute_force(s, go_out=go_out), s.to_json()
            checked += w.count
    assert checked > 20  # the spots do have ways to count


def test_too_many_models_give_up_rather_than_guess():
    with pytest.raises(SolverLimitError):
        ways(spot("KS KH KD 2C 5C"), GO_OUT, max_models=1)


def test_the_resource_limit_covers_the_whole_enumeration():
    with pytest.raises(SolverLimitError):
        ways(spot("KS KH KD QS QH QD 2C JK 5C"), GO_OUT, cap=20, rlimit=2_000)


def test_ways_from_before_draw_search_each_canonical_pickup_C_PICKUP():
    # KS on top: taken with the pair (the joker then goes on the kings or the 7s) or with a king and the
    # joker; the 7C taken with it goes onto the 7s and the 5 is thrown: three ways
    s = Spot.from_dict({"variant": "classic", "hand": "KH KD JK 5C", "melds": [SEVENS], "discard": "7C KS",
                        "phase": "before-draw"})
    w = ways(s, Goal(take_pile=True, go_out=True, pickup="any"))
    pickups = sorted(a[0][0] for a in w.arrangements)
    assert pickups == [("JK", "K"), ("K", "K"), ("K", "K")] and w.complete
    for key, f in w.found:
        assert play_turn(s, f.play).went_out and arrangement(s, play_turn(s, f.play)) == key


def test_albany_is_counted_through_the_same_entry_point_A_GOOUT():
    # three nines go down and either the 5 or the 4 is thrown: two ways (tests/test_albany_ways.py has more)
    s = Spot.from_dict({"variant": "albany", "hand": "9S 9H 9D 5C 4D", "melds": [], "phase": "drawn"})
    w = ways(s, FIRST_MELD)
    assert (w.count, w.complete) == (2, True)
    assert sorted(key[3] for key in w.arrangements) == ["4", "5"]
    assert witnessed((s, f) for _, f in w.found) == set(w.arrangements)
