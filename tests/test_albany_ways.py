"""Albany's ways (``tutor.checker.albany_ways``), checked against brute force over plays.

The brute force knows nothing of profiles or splits: it tries every way of
sending each card held to a new set, onto a set, to the discard or back to
the hand, after every pick-up the pile allows with every name, and keeps
what the turn engine accepts.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, product

import pytest

from tutor.arrangements import arrangement, pickup_options
from tutor.cards import Card
from tutor.checker import ways
from tutor.checker.albany_ways import loose
from tutor.errors import SolverLimitError, TutorError
from tutor.goals import ANY, NONE, Goal
from tutor.play import DISCARD, LAYOFF, MELD, PICKUP, Action
from tutor.puzzles.prove import prove
from tutor.spot import Spot
from tutor.turn import TurnError, play_turn

# two canastas on the table, each with its two wild cards: going out is open, and no wild card is laid off
SEVENS = "7S 7H 7D 7C 7S 2H 2D"
NINES = "9S 9H 9D 9C 9S JK JK"
GO_OUT = Goal(pickup=NONE, go_out=True)
FIRST_MELD = Goal(pickup=NONE, must_meld=True)
TAKE_AND_OUT = Goal(pickup=ANY, take_pile=True, go_out=True)
TAKE_AND_MELD = Goal(pickup=ANY, take_pile=True, must_meld=True)


def spot(hand: str, melds=(SEVENS, NINES), discard: str = "", phase: str = "drawn") -> Spot:
    return Spot.from_dict({"variant": "albany", "hand": hand, "melds": list(melds), "discard": discard,
                           "phase": phase})


def _meets(goal: Goal, turn) -> bool:
    if goal.go_out and not turn.went_out:
        return False
    if goal.must_meld and not turn.new_melds:
        return False
    return not goal.take_pile or (turn.actions and turn.actions[0].kind == PICKUP)


def _assign(s: Spot, start: tuple[Action, ...], held: list, opened: int | None, goal: Goal) -> set:
    """Every turn after ``start``: each held card to one of three new sets, the set ``start`` opened,
    a set of the side, the discard, or the hand."""
    dests = ["a", "b", "c", "discard"] + [f"to{i}" for i in range(1, len(s.melds) + 1)]
    dests += ["open"] if opened is not None else []
    dests += ["keep"] if not goal.go_out else []
    found = set()
    for choice in product(dests, repeat=len(held)):
        if choice.count("discard") > 1 or ("b" in choice and "a" not in choice) or \
                ("c" in choice and "b" not in choice):
            continue
        where = {d: tuple(c for c, x in zip(held, choice) if x == d) for d in dests}
        play = list(start)
        if where.get("open"):
            play.append(Action(LAYOFF, where["open"], to=opened))
        play += [Action(LAYOFF, where[f"to{i}"], to=i) for i in range(1, len(s.melds) + 1) if where[f"to{i}"]]
        play += [Action(MELD, where[m]) for m in ("a", "b", "c") if where[m]]
        play += [Action(DISCARD, where["discard"])] if where["discard"] else []
        try:
            turn = play_turn(s, tuple(play))
        except TurnError:
            continue
        if _meets(goal, turn):
            found.add(arrangement(s, turn))
    return found


def _names(hand) -> list[tuple]:
    """Every choice of up to four hand cards."""
    out = set()
    for size in range(0, 5):
        for combo in combinations_with_replacement(sorted(set(hand)), size):
            if not Counter(combo) - Counter(hand):
                out.add(combo)
    return sorted(out)


def brute_force(s: Spot, goal: Goal, names: str = "all") -> set:
    """Every arrangement of the turns that meet ``goal``; from before-draw, after every pick-up
    named with any hand cards (``names="all"``) or with the canonical ones (``"canonical"``)."""
    if s.phase == "drawn":
        return _assign(s, (), list(s.hand), None, goal)
    pile, hand = s.discard, list(s.hand)
    starts = []
    if names == "canonical":
        starts = pickup_options(s)
    else:
        for depth in [None] + list(range(1, len(pile) + 1)):
            starts += [Action(PICKUP, n, None, depth) for n in _names(hand)]
    found = set()
    for a in starts:
        for card in {pile[-1], pile[-(a.depth or 1)]}:
            taken = list(pile) if a.depth is None else list(pile[-a.depth:])
            rest = list((Counter(hand) - Counter(a.cards) + Counter(taken) - Counter([card])).elements())
            if a.depth == 1:  # the top card alone joins the hand
                found |= _assign(s, (a,), list((Counter(hand) + Counter([card])).elements()), None, goal)
                continue
            first = [(Action(MELD, (card,) + a.cards), len(s.melds) + 1)]
            first += [(Action(LAYOFF, (card,) + a.cards, to=i), i) for i in range(1, len(s.melds) + 1)]
            if names == "canonical":  # a canonical name is empty for a lay-off, the new set's hand cards else
                first = [(step, opened) for step, opened in first if (step.kind == LAYOFF) == (not a.cards)]
            for step, opened in first:
                found |= _assign(s, (a, step), rest, opened, goal)
    return found


def counted(s: Spot, goal: Goal, cap: int = 100):
    w = ways(s, goal, cap=cap)
    for key, f in w.found:  # every way replays, meets the goal, and is the arrangement it is filed under
        turn = play_turn(s, f.play)
        assert _meets(goal, turn) and arrangement(s, turn) == key
    return w


# -- small spots with known counts ---------------------------------------------------------

def test_a_spot_with_exactly_one_way_out_is_unique_A_GOOUT():
    s = spot("KS KH KD 5C")  # the kings go down, the 5 is thrown
    w = counted(s, GO_OUT)
    assert (w.count, w.complete, w.unique) == (1, True, True)
    assert set(w.arrangements) == brute_force(s, GO_OUT)
    assert (prove(s, "go-out").ways, prove(s, "go-out").unique) == (1, True)


def test_six_of_a_rank_go_down_as_one_set_or_as_two_A_SET():
    # A-SET: a side may hold several sets of one rank, so six queens are one set or two of three
    s = spot("QS QH QD QC QS QH 5C")
    truth = brute_force(s, GO_OUT)
    assert len(truth) == 2
    w = counted(s, GO_OUT)
    assert (w.count, w.complete) == (2, True) and set(w.arrangements) == truth
    assert {len(k[1]) for k in w.arrangements} == {1, 2}


def test_a_wild_card_on_the_sequence_or_on_the_group_is_two_ways_A_SET():
    # the 2 joins the three new kings or fills out the side's run 5-6-7 of hearts (as its 4 or its 8);
    # the stopper is the one card no set takes, so it is thrown
    s = spot("KS KD KC 2C 3C", melds=(SEVENS, NINES, "5H 6H 7H"))
    truth = brute_force(s, GO_OUT)
    assert len(truth) == 2
    w = counted(s, GO_OUT)
    assert (w.count, w.complete) == (2, True) and set(w.arrangements) == truth
    assert sorted(len(k[2]) for k in w.arrangements) == [0, 1]  # laid off onto the run, or not
    proven = prove(s, "go-out")
    assert (proven.ways, proven.unique) == (2, False)


def test_a_wild_card_on_a_new_sequence_or_a_new_group_is_two_ways_A_SET():
    # the 2 turns 5-6 of hearts into a run or joins the two kings: either way one pair is left short,
    # so only the joker settles it: the 2 and the joker go one on each, in either order of kind
    s = spot("5H 6H KS KD 2C JK")
    truth = brute_force(s, GO_OUT)
    w = counted(s, GO_OUT)
    assert (w.count, w.complete) == (len(truth), True) and set(w.arrangements) == truth
    assert w.count == 2  # the 2 on the run and the joker on the kings, or the other way round


def test_a_first_meld_that_differs_only_in_the_discard_is_another_way_A_GOOUT():
    # the candidate melds alone found one way; the card thrown makes two
    s = spot("AH JH TC 8C 2H", melds=())
    truth = brute_force(s, FIRST_MELD)
    w = counted(s, FIRST_MELD)
    assert len(truth) == 2 and set(w.arrangements) == truth and w.complete
    assert (prove(s, "initial-meld").ways, prove(s, "initial-meld").unique) == (2, False)


def test_the_count_stops_at_the_cap():
    s = spot("KS KH KD QS QH QD 2C JK 5C", melds=("7S 7H 7D 7C 7S 7H 7D", NINES))
    full = counted(s, GO_OUT, cap=100)
    assert full.complete and full.count > 5
    w = counted(s, GO_OUT, cap=3)
    assert (w.count, w.complete, w.unique) == (3, False, False)
    assert set(w.arrangements) <= set(full.arrangements)
    proven = prove(s, "go-out")
    assert (proven.ways, proven.unique) == (5, False)


def test_too_many_profiles_give_up_rather_than_guess():
    s = spot("KS KD KC 2C 3C", melds=(SEVENS, NINES, "5H 6H 7H"))  # the 2 laid off or not: two profiles
    assert ways(s, GO_OUT, cap=100).models == 2
    with pytest.raises(SolverLimitError):
        ways(s, GO_OUT, cap=100, max_models=1)


def test_the_resource_limit_covers_the_whole_enumeration():
    with pytest.raises(SolverLimitError):
        ways(spot("KS KH KD QS QH QD 2C JK 5C"), GO_OUT, cap=100, rlimit=20_000)


# -- taking the pile -----------------------------------------------------------------------

def test_a_deep_pick_up_counts_each_canonical_core_A_DRAW():
    # the 6 of hearts under the top is taken with 4H 5H or 5H 7H from the hand (the run 4-5-6-7 either
    # way); the jack on top joins the hand and is thrown. Each name of the pick-up that fits its set
    # is a way, as ``pickup_options`` names them
    s = spot("4H 5H 7H", discard="6H JD", phase="before-draw", melds=())
    truth = brute_force(s, TAKE_AND_MELD, names="canonical")
    w = counted(s, TAKE_AND_MELD)
    assert w.complete and truth == set(w.arrangements) and w.count >= 2
    assert {loose(k) for k in w.arrangements} == {loose(k) for k in brute_force(s, TAKE_AND_MELD)}


def test_a_top_card_laid_off_at_once_or_opening_a_set_takes_the_whole_pile_A_DRAW():
    # the 7C on top fits the side's sevens, so taking it takes the pile and it goes down at once:
    # laid off onto them (an empty name), or in a new set with the 7D and the 2 (named so). Then the
    # kings go down, with the 2 or without it, and the last card may be thrown or melded
    s = spot("KS KH KD 7D 2C", discard="7C", phase="before-draw")
    truth = brute_force(s, TAKE_AND_OUT, names="canonical")
    w = counted(s, TAKE_AND_OUT)
    assert w.complete and set(w.arrangements) == truth and w.count >= 3
    assert {k[0][0] for k in w.arrangements} == {(), ("2", "7")}


def test_a_deep_pick_up_no_canonical_name_starts_is_named_by_its_smallest_name_A_DELUXE():
    # Deluxe option 3: the 5H under the 5S may be melded with the 5S taken above it and the 5D held.
    # No canonical pickup names a card of the pile, so the turn is named by its smallest name; it
    # still counts, once per card thrown. Without the option the 5H cannot be taken at all (A-DRAW)
    def at(options):
        return Spot.from_dict({"variant": "albany", "options": options, "hand": "5D KS KH 9C", "melds": [],
                               "discard": "5H 5S JD", "phase": "before-draw"})

    w = counted(at({"deluxe": [3]}), TAKE_AND_MELD)
    assert w.complete and w.count == 3
    assert {k[0] for k in w.arrangements} == {(("5", "5"), 3, "c")}
    assert sorted(k[3] for k in w.arrangements) == ["9", "J", "K"]
    assert counted(at({}), TAKE_AND_MELD).count == 0


# -- random small spots --------------------------------------------------------------------

def _small_spots(seed: int, count: int, before: bool):
    rng = random.Random(seed)
    pool = "5H 6H 7H 8H 5S 5D KS KH KD KC 2C JK 3C 7D".split()
    tables = [(), (SEVENS, NINES), ("KS KH KD",), ("5H 6H 7H",), (SEVENS, "4D 5D 6D 7D 8D 9D TD")]
    made = 0
    while made < count:
        hand = rng.sample(pool, rng.randint(3, 3 if before else 5))
        melds = rng.choice(tables)
        discard = " ".join(rng.sample([c for c in pool if c not in hand], rng.randint(1, 2))) if before else ""
        try:
            s = spot(" ".join(hand), melds, discard, "before-draw" if before else "drawn")
        except TutorError:
            continue
        made += 1
        yield s


@pytest.mark.parametrize("seed", [1, 2])
def test_ways_are_every_arrangement_brute_force_finds_on_random_drawn_hands(seed):
    checked = 0
    for s in _small_spots(seed, 25, before=False):
        for goal in (GO_OUT, FIRST_MELD):
            w = counted(s, goal)
            assert w.complete and set(w.arrangements) == brute_force(s, goal), s.to_json()
            checked += w.count
    assert checked > 20  # the spots do have ways to count


@pytest.mark.parametrize("seed", [3])
def test_ways_after_a_pick_up_match_brute_force_over_every_name_on_random_piles(seed):
    checked = 0
    for s in _small_spots(seed, 12, before=True):
        for goal in (TAKE_AND_OUT, TAKE_AND_MELD):
            w = counted(s, goal)
            assert w.complete, s.to_json()
            mine = set(w.arrangements)
            assert brute_force(s, goal, names="canonical") <= mine, s.to_json()
            assert {loose(k) for k in mine} == {loose(k) for k in brute_force(s, goal)}, s.to_json()
            checked += w.count
    assert checked > 5


def test_the_albany_collection_s_ways_are_recounted_exactly():
    # --deep: every yes puzzle's ways and unique, features, grade and themes derived again
    from tutor.puzzles.verify import verify_paths
    from tutor.resources import bank_dir

    report = verify_paths([bank_dir() / "albany.jsonl"], deep=True, workers=2)
    assert report.checked >= 60 and report.ok, "\n".join(map(str, report.problems))


# -- A-COMBINE: a joker freed by an exchange after the draw or the pick-up (A-DRAW) -----------------
CANASTAS = ["QC QC QH QH QS 2C 2D", "KC KC KH KH KS KS 2H"]


def test_a_combine_a_way_that_uses_a_joker_freed_by_an_exchange_is_counted():
    # 6H takes the joker's place in 5H JK 7H; the joker makes 9S 9D a set: the only way out
    s = spot("6H 9S 9D", melds=["5H JK 7H"] + CANASTAS)
    w = ways(s, GO_OUT, cap=5)
    assert w.count == 1 and w.complete
    play = w.found[0][1].play
    assert play[0] == Action("exchange", (Card.parse("6H"),), to=1) and play_turn(s, play).went_out


def test_a_draw_a_combine_the_exchange_comes_after_the_pick_up():
    # the pile's top card is taken alone first; only then may 6H free the joker (never before the pick-up)
    s = spot("6H 9S 9D", melds=["5H JK 7H"] + CANASTAS, discard="4C 8S 8D", phase="before-draw")
    w = ways(s, TAKE_AND_OUT, cap=5)
    assert w.count >= 1
    for _, found in w.found:
        assert found.play[0].kind == PICKUP and play_turn(s, found.play).went_out
    assert any(a.kind == "exchange" for _, found in w.found for a in found.play)
