"""The reference decider: hand-worked spots per rule, then properties on random spots.

Every witness the decider returns has already been replayed by the turn
engine (a refusal raises ``ReferenceMismatch``); the tests below also check
the answers themselves, against hand-worked spots and against a brute-force
oracle that tries every concrete play of a tiny spot.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from strategies import goals, spot_dicts, spots
from tutor.cards import parse_cards
from tutor.choices import candidates
from tutor.goals import ANY, NONE, UNKNOWN, Goal, MeldChoice, draw_unknown, stock_draw
from tutor.melds import judge
from tutor.play import DISCARD, LAYOFF, MELD, PICKUP, Action, parse_action
from tutor.reference import UnsupportedVariant, find, includes, legal_choices, search
from tutor.spot import Spot
from tutor.turn import TurnError, play_turn

QUICK = settings(deadline=None, max_examples=120, suppress_health_check=[HealthCheck.too_slow])
SWEEP = settings(deadline=None, max_examples=500, suppress_health_check=[HealthCheck.too_slow])
ORACLE_SWEEP = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])


def spot(variant="classic", **kw) -> Spot:
    return Spot.from_dict({"variant": variant, **kw})


def pickup(text: str) -> Action:
    return parse_action(f"pickup {text}")


def meld(text: str) -> MeldChoice:
    return MeldChoice("meld", parse_cards(text))


TAKE = Goal(pickup=ANY, take_pile=True)
MELD_NOW = Goal(must_meld=True)
OUT = Goal(go_out=True)


# -- C-INITIAL: the first-meld minimum by score ------------------------------------------
@pytest.mark.parametrize("score, need_met", [(-5, True), (0, False), (1495, False)])
def test_classic_initial_fifteen_only_below_zero(score, need_met):
    s = spot(score=score, hand="7S 7H 7D 9C 4D")  # three 7s: 15
    assert (find(s, MELD_NOW) is not None) is need_met


@pytest.mark.parametrize("score, need_met", [(1495, True), (1500, True), (2995, True), (3000, False)])
def test_classic_initial_ninety_from_1500_and_120_from_3000(score, need_met):
    s = spot(score=score, hand="AS AH AD KS KH KD 9C 4D")  # 60 + 30 = 90
    found = search(s, Goal(must_meld=True, best=True))
    assert (found is not None) is need_met
    if found:
        assert found.points == 90


def test_classic_initial_counts_only_the_piles_top_card():
    # KD on top counts; the aces below it do not, so 30 is short of 50
    s = spot(score=0, hand="KS KH 4C 5D", discard="AS AH AD QC KD", phase="before-draw")
    assert find(s, TAKE) is None


def test_c_initial_meld_with_a_card_from_below_the_top_counts_nothing():
    # two aces of its own and AD from below the top: the aces' meld counts nothing, its AS AH
    # included, so 30 is short of 50 (the old reading counted 40 + 30)
    s = spot(score=0, hand="KS KH AS AH 4C 5D", discard="AD QC KD", phase="before-draw")
    assert find(s, TAKE) is None
    # with three aces of its own the side reaches 30 + 60, AD kept
    s = spot(score=0, hand="KS KH AS AH AC 4C 5D", discard="AD QC KD", phase="before-draw")
    found = search(s, Goal(pickup=ANY, take_pile=True, best=True))
    assert found is not None and found.points == 90


def test_y_down_a_set_holding_a_pile_card_still_counts_the_hands_cards():
    # canasty: of the pile only the top card counts, but the hand's aces count in a set with AD:
    # 9D 9S 9H make 15, short of 25; with AS AH AD the down is 45
    s = spot("canasty", score=0, hand="9S 9H AS AH 4C 5D", discard="AD QC 9D", phase="before-draw")
    found = search(s, Goal(pickup=ANY, take_pile=True, best=True))
    assert found is not None and found.points == 45


def test_classic_initial_melds_of_one_turn_add_up():
    s = spot(score=0, hand="KS KH KD 8S 8H 8D 9C 4C")  # 30 + 30 = 60
    found = search(s, Goal(must_meld=True, best=True))
    assert found.points == 60 and len(found.turn.new_melds) == 2


# -- C-FROZEN, C-PICKUP: taking the pile -------------------------------------------------
def test_classic_frozen_pile_needs_natural_pair_for_a_side_not_down():
    base = dict(score=0, hand="KS KH 2C AS AH AD 4C", discard="5H 9D KC", phase="before-draw")
    assert find(spot(**base), Goal(pickup=pickup("KS 2C"), take_pile=True)) is None
    assert find(spot(**base), Goal(pickup=pickup("KS KH"), take_pile=True)) is not None


def test_classic_wild_card_in_the_pile_freezes_it_for_everyone():
    down = dict(score=0, hand="KS 2C 6S 6H 4C", melds=["7S 7H 7D"], phase="before-draw")
    assert find(spot(**down, discard="5H 9D KC"), Goal(pickup=pickup("KS 2C"), take_pile=True)) is not None
    assert find(spot(**down, discard="5H 2D 9D KC"), Goal(pickup=pickup("KS 2C"), take_pile=True)) is None
    assert find(spot(**down, discard="5H 3D 9D KC"), Goal(pickup=pickup("KS 2C"), take_pile=True)) is None


def test_classic_top_card_laid_off_onto_own_meld_takes_unfrozen_pile():
    s = spot(score=0, hand="4C 6S 8H", melds=["KS KH KD"], discard="5H 9D KC", phase="before-draw")
    found = find(s, Goal(pickup=pickup(""), take_pile=True))
    assert found is not None and found[0] == Action(PICKUP, ())


def test_classic_single_card_may_not_take_a_single_card_pile():
    table = ["9S 9H 9D 9C 9S 9H 2C"]
    one = spot(hand="9C", melds=table, discard="9D", phase="before-draw")
    assert find(one, TAKE) is None
    two = spot(hand="9C", melds=table, discard="4S 9D", phase="before-draw")
    assert find(two, Goal(pickup=ANY, take_pile=True, go_out=True)) is not None


def test_classic_pile_never_taken_with_a_wild_card_on_top():
    s = spot(hand="2S 2H KS KH 4C", melds=["7S 7H 7D"], discard="5H 9D 2C", phase="before-draw")
    assert find(s, TAKE) is None


def test_before_draw_turn_starts_with_the_pile_or_an_unknown_stock_card():
    s = spot(score=0, hand="KS KH KD AS AH 2C 9C", discard="4D", phase="before-draw")
    assert find(s, Goal(pickup=NONE, must_meld=True)) is None  # from before-draw, only the pile is known
    found = search(s, Goal(must_meld=True, unknown_draw=True))
    assert found is not None and UNKNOWN not in [c for a in found.actions if a.kind != DISCARD for c in a.cards]



def test_h_draw_two_unknown_cards_are_drawn_and_the_witness_keeps_one_of_them():
    # with nine aces and nine 2s only one canasta can be made, so the best first meld
    # must leave a card in hand: on a table that draws two, that card can be a drawn one
    s = spot("house", hand="AS 2S AH 2H AD 2D AC 2C " * 2 + "AS 2S", options={"players": 5, "draw": 2},
             score=-1200, stock=30, phase="before-draw")
    drawn = draw_unknown(s)
    assert drawn.hand.count(UNKNOWN) == 2
    found = find(s, Goal(pickup=NONE, unknown_draw=True, best=True))
    assert found is not None
    turn = play_turn(drawn, found)
    assert not turn.went_out and sum(turn.hand.values()) == 1  # all 18 melded, one drawn card kept

# -- C-BLACK3, H-BLACK3 ------------------------------------------------------------------
def test_classic_black_three_on_top_blocks_the_pile():
    s = spot(hand="KS KH 4C 5D", melds=["7S 7H 7D"], discard="KD 3S", phase="before-draw")
    assert find(s, TAKE) is None


def test_classic_black_three_on_top_taken_only_to_go_out_with_black_threes():
    table = ["7S 7H 7D 7C 7S 7H 7D"]  # a canasta: four players may go out
    s = spot(hand="3C 3S", melds=table, discard="9D 3S", phase="before-draw")
    found = search(s, Goal(pickup=ANY, take_pile=True, go_out=True))
    assert found is not None and found.turn.went_out
    assert find(s, Goal(pickup=ANY, take_pile=True, go_out=False)) is not None  # any take goes out
    no_canasta = spot(hand="3C 3S", melds=["7S 7H 7D"], discard="9D 3S", phase="before-draw")
    assert find(no_canasta, TAKE) is None


def test_house_black_threes_never_take_the_pile():
    s = spot("house", hand="3C 3S", melds=["7S 7H 7D 7C 7S 7H 7D"], discard="9D 3S", phase="before-draw")
    assert find(s, TAKE) is None


def test_classic_black_threes_melded_only_when_going_out():
    keep = spot(hand="3C 3S 3C 9D 4H", melds=["7S 7H 7D 7C 7S 7H 7D"])
    assert find(keep, Goal(include=meld("3C 3S 3C"))) is None  # two cards would stay
    out = spot(hand="3C 3S 3C 9D", melds=["7S 7H 7D 7C 7S 7H 7D"])
    found = find(out, Goal(include=meld("3C 3S 3C")))
    assert found is not None and play_turn(out, found).went_out


# -- C-CONCEALED, C-GOOUT ----------------------------------------------------------------
def test_classic_concealed_going_out_needs_no_minimum():
    s = spot(score=3000, hand="5S 5H 5D 5C 5S 5H 5D 9C")  # a canasta of fives: 35 < 120
    found = search(s, Goal(go_out=True))
    assert found is not None and found.turn.concealed


def test_classic_minimum_applies_when_not_going_out():
    s = spot(score=3000, hand="5S 5H 5D 5C 5S 5H 5D 9C 4D")
    assert find(s, MELD_NOW) is None


def test_classic_concealed_going_out_never_discards_a_card_from_the_pile():
    s = spot(hand="8S 8H 8D 8C 8S 8H", discard="QD 8D", phase="before-draw")
    assert find(s, Goal(pickup=ANY, take_pile=True, go_out=True)) is None
    s = spot(hand="8S 8H 8D 8C 8S 8H QS", discard="8D", phase="before-draw")
    found = find(s, Goal(pickup=ANY, take_pile=True, go_out=True))
    assert found is not None and found[-1] == Action(DISCARD, parse_cards("QS"))


@pytest.mark.parametrize("players, can_go_out", [(2, False), (4, True)])
def test_classic_two_canastas_to_go_out_with_two_players(players, can_go_out):
    s = spot(options={"players": players}, hand="9C 9D 9H 4S", melds=["7S 7H 7D 7C 7S 7H 7D"])
    assert (find(s, OUT) is not None) is can_go_out


def test_classic_going_out_without_the_canastas_keeps_a_card():
    s = spot(options={"players": 2}, hand="9C 9D 9H 4S 5S", melds=["7S 7H 7D"])
    found = find(s, MELD_NOW)
    assert found is not None and not play_turn(s, found).went_out


def test_classic_last_card_cannot_be_discarded_without_canastas():
    assert find(spot(hand="9C", melds=["7S 7H 7D"]), Goal()) is None


# -- C-MELD, H-MELD, C-WILDCANASTA -------------------------------------------------------
def test_house_three_wilds_on_four_naturals_but_never_more_wilds_than_naturals():
    down = ["KS KH KD"]
    ok = spot("house", hand="6S 6H 6D 6C 2S 2H JK 9D", melds=down)
    assert find(ok, Goal(include=meld("6S 6H 6D 6C 2S 2H JK"))) is not None
    bad = spot("house", hand="6S 6H 6D 2S 2H JK 2C 9D", melds=down)
    assert find(bad, Goal(include=meld("6S 6H 6D 2S 2H JK 2C"))) is None
    assert find(bad, Goal(include=meld("6S 6H 6D 2S 2H JK"))) is not None


def test_classic_at_most_three_wilds_in_a_meld():
    s = spot(hand="6S 6H 6D 6C 2S 2H JK 2C 9D", melds=["KS KH KD"])
    assert find(s, Goal(include=meld("6S 6H 6D 6C 2S 2H JK"))) is not None
    assert find(s, Goal(include=meld("6S 6H 6D 6C 2S 2H JK 2C"))) is None


def test_wild_canasta_in_classic_only():
    hand = "JK 2S 2H 2D 2C JK 2S 9D 4C"
    assert find(spot(hand=hand, melds=["KS KH KD"]), Goal(include=meld("JK JK 2S 2S 2H 2D 2C"))) is not None
    assert find(spot("house", hand=hand, melds=["KS KH KD"]), Goal(include=meld("JK JK 2S 2S 2H 2D 2C"))) is None


def test_one_meld_per_rank_later_naturals_are_laid_off():
    s = spot(hand="KC KS KH 9D 4C", melds=["KS KH KD"])
    assert find(s, Goal(include=meld("KC KS KH"))) is None
    assert find(s, Goal(include=MeldChoice("layoff", parse_cards("KC KS KH"), 1))) is not None


# -- Y-PICKUP, Y-DOWN, Y-GOOUT (canasty) --------------------------------------------------
def test_canasty_black_three_in_the_pile_needs_a_natural_pair():
    hand = "QS QH 2C 4D 6S 8H"
    plain = spot("canasty", hand=hand, discard="9D 5C QC", phase="before-draw")
    assert find(plain, Goal(pickup=pickup("QS 2C"), take_pile=True)) is not None
    buried = spot("canasty", hand=hand, discard="3S 9D QC", phase="before-draw")
    assert find(buried, Goal(pickup=pickup("QS 2C"), take_pile=True)) is None
    assert find(buried, Goal(pickup=pickup("QS QH"), take_pile=True)) is not None


def test_canasty_top_card_laid_off_alone_does_not_take_the_pile():
    s = spot("canasty", hand="4S 5S 6H", melds=["9S 9H 9C"], discard="5H 9D", phase="before-draw")
    assert find(s, Goal(pickup=pickup(""), take_pile=True)) is None
    classic = spot(hand="4S 5S 6H", melds=["9S 9H 9C"], discard="5H 9D", phase="before-draw")
    assert find(classic, Goal(pickup=pickup(""), take_pile=True)) is not None


@pytest.mark.parametrize("score, extended, need", [
    (-300, False, 25), (495, False, 25), (500, False, 50), (1999, False, 100),
    (2000, False, 125), (2600, False, 125), (2600, True, 150), (4600, True, 250)])
def test_canasty_down_table(score, extended, need):
    # three aces and three queens: 45 + 30 = 75, with a king worth 50 to reach 125
    hand = "AS AH AD QS QH QD KS 4C"
    s = spot("canasty", options={"extended": extended}, score=score, hand=hand)
    found = search(s, Goal(must_meld=True, best=True))
    best = 125
    assert (found is not None) is (best >= need)
    if found:
        assert found.points == best
    plain = spot("canasty", options={"extended": extended}, score=score, hand="AS AH AD 4C 5D")
    assert (find(plain, MELD_NOW) is not None) is (45 >= need)


def test_canasty_goes_out_keeping_two_unmatched_cards():
    s = spot("canasty", hand="9S 9H 9D 4C 7D 8H", melds=["QS QH QD"])
    found = search(s, OUT)
    assert found is not None and sum(found.turn.hand.values()) == 2
    three_left = spot("canasty", hand="9S 9H 9D 4C 7D 8H 6S", melds=["QS QH QD"])
    assert find(three_left, OUT) is None


def test_canasty_goes_out_only_with_a_discard_and_once_down():
    s = spot("canasty", hand="9S 9H 9D", melds=["QS QH QD"])
    found = find(s, OUT)
    assert found is not None and found[-1].kind == DISCARD
    not_down = spot("canasty", score=0, hand="9S 9H 9D 4C")  # melding 9s (15) is short of 25
    assert find(not_down, OUT) is None
    goes_down = spot("canasty", score=0, hand="AS AH AD 4C")
    assert find(goes_down, OUT) is not None


@pytest.mark.parametrize("scores, first_round, wimp, can_go_out", [
    ([0, 500], True, True, False),
    ([0, 1200], True, True, True),
    ([1200, 0], True, True, False),
    ([0, 500], False, True, True),
    ([0, 500], True, False, True)])
def test_canasty_wimp_rule(scores, first_round, wimp, can_go_out):
    s = spot("canasty", options={"wimp_rule": wimp}, score=scores[0], scores=scores, first_round=first_round,
             hand="9S 9H 9D 4C", melds=["QS QH QD"])
    assert (find(s, OUT) is not None) is can_go_out


# -- goals ---------------------------------------------------------------------------------
def test_include_asks_for_those_very_cards():
    s = spot(hand="KS KH KD 2C JK AS AH AD 9C", melds=["7S 7H 7D"])
    for choice in (meld("KS KH KD 2C"), meld("KS KH JK"), MeldChoice("layoff", parse_cards("2C"), 1)):
        found = search(s, Goal(include=choice))
        assert found is not None and includes(s, found.turn, choice)


def test_fixed_pickup_starts_the_witness():
    s = spot(hand="KS KH KD 4C 6H", melds=["7S 7H 7D"], discard="9D KC", phase="before-draw")
    step = pickup("KH KD")
    found = find(s, Goal(pickup=step, take_pile=True))
    assert found[0] == step


def test_module_examples_run():
    import doctest

    import tutor.reference

    result = doctest.testmod(tutor.reference)
    assert result.attempted and not result.failed


def test_a_house_file_mixing_sequences_into_a_whole_pile_game_is_refused_not_answered(tmp_path):
    # albany's search holds sequences together with its fanned pile; a table that adds
    # sequences to classic's whole pile has neither search, and gets a clear refusal
    path = tmp_path / "runs.toml"
    path.write_text('extends = "classic"\n[meld]\nrule = "T-RUNS"\nsequences = true\n'
                    '[rules.T-RUNS]\ntext = "Runs of one suit may be melded."\nsection = "our table"\n')
    s = Spot.from_dict({"variant": str(path), "hand": "4S 5S 6S 9D", "phase": "drawn"})
    with pytest.raises(UnsupportedVariant, match="does not search"):
        find(s, Goal())


# -- properties on random spots ----------------------------------------------------------------
def _played_on(s: Spot, goal: Goal) -> Spot:
    return draw_unknown(s) if goal.unknown_draw else s


@QUICK
@given(st.data())
def test_every_witness_replays_and_meets_its_goal(data):
    s = data.draw(spots())
    goal = data.draw(goals(s))
    found = find(s, goal)
    if found is None:
        return
    turn = play_turn(_played_on(s, goal), found)
    assert not goal.go_out or turn.went_out
    assert not goal.must_meld or turn.new_melds
    assert not goal.take_pile or turn.picked_up
    assert goal.include is None or includes(_played_on(s, goal), turn, goal.include)
    if isinstance(goal.pickup, Action):
        assert found[0] == goal.pickup


@QUICK
@given(st.data())
def test_shuffling_the_hand_never_changes_an_answer(data):
    s = data.draw(spots())
    goal = data.draw(goals(s))
    shuffled = s.replace(hand=tuple(data.draw(st.permutations(s.hand))))
    a, b = search(s, goal), search(shuffled, goal)
    assert (a is None) == (b is None)
    if a is not None and goal.best:
        assert a.points == b.points


def _naturals_needed(s: Spot) -> float:
    """The fewest natural cards of the top's rank, from the hand, with which the pile is taken."""
    rules, top = s.rules, s.top
    nats = [c for c in dict.fromkeys(s.hand) if rules.role(c) == "natural" and c.rank == top.rank]
    wilds = [c for c in dict.fromkeys(s.hand) if rules.role(c) == "wild"]
    tries = [(0, ())] + [(1, (n, w)) for n in nats for w in wilds]
    tries += [(2, (n, m)) for n in nats for m in nats if n != m or Counter(s.hand)[n] > 1]
    for count, cards in tries:
        if find(s, Goal(pickup=Action(PICKUP, cards), take_pile=True)) is not None:
            return count
    return float("inf")


def _frozen(s: Spot) -> bool:
    """C-FROZEN (a wild card or red 3 in the pile, or a side not down); Y-PICKUP (a black 3 below the top)."""
    rules = s.rules
    if rules.id == "canasty":
        return any(rules.role(c) == "blocker" for c in s.discard[:-1])
    return not s.down or any(rules.role(c) in ("wild", "bonus") for c in s.discard)


@QUICK
@given(st.data())
def test_adding_a_card_never_makes_a_frozen_pile_takable_by_fewer_naturals(data):
    d = data.draw(spot_dicts(hand=(2, 12), pile=(1, 12), phase="before-draw"))
    s = Spot.from_dict(d)
    assume(s.rules.role(s.top) == "natural")
    rules = s.rules
    used = Counter(s.hand) + Counter(s.discard) + Counter(s.red_threes) + sum((Counter(m) for m in s.melds), Counter())
    spare = [c for c in rules.pack if used[c] < rules.pack[c]]
    assume(spare)
    card = data.draw(st.sampled_from(spare))
    where = data.draw(st.integers(0, len(s.discard) - 1))
    bigger = s.replace(discard=s.discard[:where] + (card,) + s.discard[where:])
    if _frozen(s):
        assert _frozen(bigger)
        assert _naturals_needed(s) >= 2
    if _frozen(bigger):
        assert _naturals_needed(bigger) >= 2


@settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(spots(hand=(1, 14), pile=(0, 12)))
def test_every_listed_meld_appears_in_the_witness_found_with_include(s):
    unknown = s.phase == "before-draw"
    listed = legal_choices(s, unknown_draw=unknown)
    played = _played_on(s, Goal(unknown_draw=unknown))
    for choice in listed:
        found = search(s, Goal(pickup=ANY, include=choice, unknown_draw=unknown))
        assert found is not None and includes(played, found.turn, choice)
    assert listed == [c for c in candidates(s) if c in listed]  # the candidates' own order


# -- a slow oracle for tiny spots: every concrete play, judged by the turn engine -----------
# Every card (by identity) goes to the meld of its rank, an all-wild meld, a black-3 meld, a
# lay-off onto an old meld, or stays in the hand; every kept card may be the discard; every set
# of up to four hand cards may be named in the pickup. Exponential: only for a few cards, where
# it checks that the decider's search misses nothing.
def _spread(count: int, places: int):
    """Every way to share ``count`` cards among ``places`` places."""
    for cut in combinations_with_replacement(range(places), count):
        shares = [0] * places
        for p in cut:
            shares[p] += 1
        yield shares


def _sub_multisets(hand: Counter, most: int):
    kinds = sorted(hand, key=str)
    for counts in product(*(range(min(hand[k], most) + 1) for k in kinds)):
        if sum(counts) <= most:
            yield tuple(k for k, n in zip(kinds, counts) for _ in range(n))


def _plays(spot: Spot, goal: Goal):
    """Every concrete play the oracle tries for ``goal`` (from the spot the goal plays on)."""
    rules = spot.rules
    if goal.unknown_draw:
        if goal.pickup not in (ANY, NONE) or not stock_draw(spot):
            return  # the pile is gone once the stock is drawn from; an empty stock ends the hand (C-END)
        spot = draw_unknown(spot)
        pickups = [None]
    elif spot.phase == "drawn":
        pickups = [None] if goal.pickup in (ANY, NONE) else []
    elif isinstance(goal.pickup, Action):
        pickups = [goal.pickup] if spot.discard else []
    elif goal.pickup == ANY and spot.discard:
        pickups = [Action(PICKUP, cards) for cards in _sub_multisets(Counter(spot.hand), 4)]
    else:
        pickups = []
    table = [judge(rules, m, going_out=True) for m in spot.melds]
    for pickup in pickups:
        cards = Counter(spot.hand)
        if pickup is not None:
            cards.update(c for c in spot.discard if rules.role(c) != "bonus")
        ranks = sorted({c.rank for c in cards if rules.role(c) == "natural" and c.rank in rules.natural_ranks}
                       | {m.key for m in table if m.kind == "group"})
        places = [("group", r) for r in ranks] + [("wild", None), ("blockers", None)]
        places += [("onto", i) for i, m in enumerate(table) if m.kind == "wild"]
        keep = len(places)

        def allowed(card):
            role = rules.role(card)
            if role == "natural" and card.rank in ranks:
                return [places.index(("group", card.rank))]
            if role == "wild":
                return [i for i, p in enumerate(places) if p[0] != "blockers"]
            if role == "blocker":
                return [places.index(("blockers", None))]
            return []

        kinds = sorted(cards, key=str)
        options = []
        for card in kinds:
            spots_for = allowed(card) + [keep]
            options.append([(card, dict(zip(spots_for, shares))) for shares in _spread(cards[card], len(spots_for))])
        for assignment in product(*options):
            where: dict[int, list] = {}
            for card, shares in assignment:
                for place, n in shares.items():
                    where.setdefault(place, []).extend([card] * n)
            steps = []
            for i, place in enumerate(places):
                got = tuple(where.get(i, ()))
                if not got:
                    continue
                kind, key = place
                group = next((j for j, m in enumerate(table) if m.kind == "group" and m.key == key), None) \
                    if kind == "group" else None
                if kind == "onto":
                    step = Action(LAYOFF, got, key + 1)
                elif group is not None:
                    step = Action(LAYOFF, got, group + 1)
                else:
                    step = Action(MELD, got)
                first = pickup is not None and spot.discard[-1] in got
                steps.insert(0, step) if first else steps.append(step)
            start = (pickup,) if pickup is not None else ()
            kept = where.get(keep, [])
            yield spot, start + tuple(steps)
            for card in sorted(set(kept), key=str):
                yield spot, start + tuple(steps) + (Action(DISCARD, (card,)),)


def brute_force(spot: Spot, goal: Goal):
    """(some legal play meets the goal, the most first-meld points among them or None)."""
    best = None
    for played, actions in _plays(spot, goal):
        try:
            turn = play_turn(played, actions)
        except TurnError:
            continue
        if goal.take_pile and not turn.picked_up:
            continue
        if goal.go_out and not turn.went_out:
            continue
        if goal.must_meld and not turn.new_melds:
            continue
        if goal.include is not None and not includes(played, turn, goal.include):
            continue
        if not goal.best:
            return True, turn.initial_points
        best = turn.initial_points if best is None else max(best, turn.initial_points)
    return best is not None, best


def _agrees_with_brute_force(s: Spot, goal: Goal) -> None:
    found = search(s, goal)
    exists, best = brute_force(s, goal)
    assert (found is not None) == exists, f"reference {found}, brute force {exists}"
    if exists and goal.best:
        assert found.points == best


@settings(deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_agrees_with_trying_every_play_on_tiny_spots(data):
    s = Spot.from_dict(data.draw(spot_dicts(hand=(1, 5), pile=(0, 3))))
    _agrees_with_brute_force(s, data.draw(goals(s)))


@pytest.mark.slow
@ORACLE_SWEEP
@given(st.data())
def test_sweep_agrees_with_trying_every_play(data):
    d = data.draw(spot_dicts(hand=(2, 6), pile=(0, 4)))
    if data.draw(st.booleans()):
        d["score"] = -100  # a low minimum makes more turns legal
    s = Spot.from_dict(d)
    _agrees_with_brute_force(s, data.draw(goals(s)))


@pytest.mark.slow
@SWEEP
@given(st.data())
def test_sweep_witnesses_on_big_spots(data):
    s = data.draw(spots(hand=(10, 20), pile=(10, 30)))
    goal = data.draw(goals(s))
    found = find(s, goal)  # the decider replays every witness itself
    if found is not None:
        play_turn(_played_on(s, goal), found)
