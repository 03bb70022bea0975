"""The z3 checker on albany (A-*): sequences, the fanned pile, stoppers, going out by table size."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from strategies import albany_spots

from tutor import reference
from tutor.reference import albany as reference_turn
from tutor.cards import parse_cards
from tutor.checker import smt
from tutor.checker.albany import Albany, Solver
from tutor.checker.albany_play import find
from tutor.checker.solve import Budget
from tutor.errors import IllegalPlayError, SolverLimitError
from tutor.goals import ANY, NONE, Goal
from tutor.play import DISCARD, LAYOFF, MELD, Action
from tutor.sampling import random_spot
from tutor.spot import Spot
from tutor.turn import play_turn


def spot(hand, *, melds="", discard="", phase="drawn", **options):
    data = {"variant": "albany", "hand": hand, "phase": phase}
    if melds:
        data["melds"] = [m.strip() for m in melds.split(";")]
    if discard:
        data["discard"] = discard
    if options:
        data["options"] = options
    return Spot.from_dict(data)


def found(s, goal):
    answer = find(s, goal)
    assert hasattr(answer, "play"), f"expected a turn, got {answer}"
    play_turn(s, answer.play)  # every witness re-checks with the turn engine
    return answer


def blocked(s, goal):
    answer = find(s, goal)
    assert hasattr(answer, "reasons"), f"expected no turn, got {answer}"
    return answer


def melded(answer):
    return [a.cards for a in answer.play if a.kind == MELD]


CANASTAS = "QS QH QD QC QS QH QD; 9S 9H 9D 9C 9S 9H 9D"


# -- A-SET: sequences ----------------------------------------------------------------
def test_a_set_sequence_with_a_wild_in_a_gap():
    a = found(spot("5S 7S 2H 9C 8D"), Goal(must_meld=True))
    assert sorted(map(str, melded(a)[0])) == ["2H", "5S", "7S"]


def test_a_set_sequence_with_wilds_at_the_ends():
    # going out, QH KH take both wilds (J and A) and 8D is discarded
    full = "QS QH QD QC QS 2H 2S; 9S 9H 9D 9C 9S JK JK"  # mixed canastas with no room for a wild
    a = found(spot("QH KH JK 2C 8D", melds=full), Goal(go_out=True))
    assert [len(m) for m in melded(a)] == [4]


def test_a_set_aces_are_high_only():
    blocked(spot("AS 4S 2H 9D"), Goal(must_meld=True))
    found(spot("KS AS 2H 9D 8C"), Goal(must_meld=True))


def test_a_set_a_sequence_is_one_suit():
    answer = blocked(spot("5S 6H 7S 9D"), Goal(must_meld=True))
    assert "A-SET" in answer.rules


def test_a_set_three_wilds_in_a_sequence_are_rejected():
    # 5S 9S needs three wilds between them; three wilds alone are a wild set, leaving 5S 9S
    answer = blocked(spot("5S 9S 2H 2D 2C"), Goal(go_out=True, pickup="none"))
    text = str(answer)
    assert "A-SET" in answer.rules or "A-GOOUT" in answer.rules
    a = found(spot("5S 9S 2H 2D 2C KD"), Goal(must_meld=True))
    for cards in melded(a):
        assert not (parse_cards("5S")[0] in cards and parse_cards("9S")[0] in cards)
    assert text


def test_a_set_several_sets_of_one_rank():
    a = found(spot("7S 7S 7H 7H 7D 7D 9C"), Goal(must_meld=True))
    play_turn(a and spot("7S 7S 7H 7H 7D 7D 9C"), a.play)


# -- A-DRAW: the fanned pile ------------------------------------------------------------
def test_a_draw_a_top_card_alone_when_it_cannot_be_laid_off():
    s = spot("5S 6S 9D", discard="KC 8H", phase="before-draw")
    a = found(s, Goal(pickup=ANY, take_pile=True))
    assert a.play[0].depth in (1, 2)
    t = play_turn(s, a.play)
    assert t.pickup_kind in ("a", "c")


def test_a_draw_b_whole_pile_when_the_top_card_is_laid_off():
    s = spot("9D 4C", melds="KS KH KD", discard="7C 8H KC", phase="before-draw")
    a = found(s, Goal(pickup=ANY, take_pile=True, must_meld=False))
    t = play_turn(s, a.play)
    assert t.pickup_kind == "b" and len(t.picked_up) == 3


def test_a_draw_c_deep_card_melded_with_two_naturals_from_the_hand():
    s = spot("QS QH 5D", discard="QC 8H 9C", phase="before-draw")
    a = found(s, Goal(pickup=ANY, take_pile=True, must_meld=True))
    t = play_turn(s, a.play)
    assert t.pickup_kind == "c" and a.play[0].depth == 3


def test_a_draw_c_needs_two_naturals_from_the_hand_without_option_3():
    s = spot("QS 5D 6C", discard="QC QH 9C", phase="before-draw")
    answer = find(s, Goal(pickup=Action("pickup", parse_cards("QS QH"), depth=3)))
    assert hasattr(answer, "reasons")


# QC QH from the hand take up the QC at depth 16; the pile's top QC is the rank's fourth natural,
# too few for a second set of queens beside the three-natural one (found by the cross-check: the
# witness was "meld QC QC QH; meld QC 2C 2S")
DEEP_QUEENS = dict(hand="QC QH 3D 4D JK 8S 6D JK 5S JD 9S 4S 6C 4H 2C AD 2S KD 3D 4D", players=5,
                   melds="QS KS AS 2H 2S; 9D 9H 9S 9D 9C 2S", phase="before-draw",
                   discard="KC QC JS 7S 7C JK AS 6S 6C TH 9C TD 2D AC 2C TH QC")


def test_a_draw_c_a_natural_lowest_card_takes_three_naturals_of_its_rank():
    s = spot(**DEEP_QUEENS)
    enc = Albany(s, goal=Goal(pickup=ANY, take_pile=True))
    nat, _, sets, _ = enc.group["Q"]
    into_queens = next(b for b, what in enc.deep_choice if what == ("group", "Q"))
    two_sets_of_four = [enc.d == 16, into_queens, sets == 2, smt.Sum(nat.values()) == 4]
    ok, _ = Solver(enc, Budget(10**8)).check(two_sets_of_four)
    assert not ok
    one_set_of_four = two_sets_of_four[:2] + [sets == 1, two_sets_of_four[3]]
    ok, _ = Solver(enc, Budget(10**8)).check(one_set_of_four)
    assert ok


def test_a_draw_c_the_deep_queens_witness_rechecks():
    s = spot(**DEEP_QUEENS)
    a = found(s, Goal(pickup=ANY, take_pile=True))
    assert play_turn(s, a.play).pickup_kind == "c"


def test_a_deluxe_option_3_takes_up_with_cards_from_the_pile():
    s = spot("QS 5D 6C", discard="QC QH 9C", phase="before-draw", deluxe=[3])
    a = found(s, Goal(pickup=ANY, take_pile=True, must_meld=True))
    assert play_turn(s, a.play).pickup_kind == "c"


def test_a_stopper_on_top_is_never_taken():
    s = spot("5S 6S 9D", discard="8H 3C", phase="before-draw")
    answer = blocked(s, Goal(pickup=Action("pickup", (), depth=1)))
    assert "the 3C on top is a stopper" in str(answer)


def test_a_stopper_two_stoppers_held_block_going_out():
    # with Deluxe option 1 the two red 3s could be laid off, but holding them still blocks going out
    s = spot("3D 3H KD KD", melds=CANASTAS + "; KS KH 2C; 3H 3D 3H", deluxe=[1])
    answer = blocked(s, Goal(go_out=True))
    assert "A-STOPPER" in answer.rules
    assert "holding 2 stoppers after the draw prevents going out" in str(answer)


def test_a_stopper_one_stopper_may_be_discarded_going_out():
    s = spot("3C KD KD", melds="QS QH QD QC QS QH QD; 9S 9H 9D 9C 9S 9H 9D; KS KH 2C")
    a = found(s, Goal(go_out=True))
    assert a.play[-1] == Action(DISCARD, parse_cards("3C"))


# -- A-GOOUT / A-DEAL -----------------------------------------------------------------------
def test_a_goout_with_the_final_discard():
    a = found(spot("KD KD 8C", melds=CANASTAS + "; KS KH 2C"), Goal(go_out=True))
    assert a.play[-1].kind == DISCARD


def test_a_goout_without_the_final_discard():
    a = found(spot("KD KD", melds=CANASTAS + "; KS KH 2C"), Goal(go_out=True))
    assert all(x.kind != DISCARD for x in a.play)
    assert play_turn(spot("KD KD", melds=CANASTAS + "; KS KH 2C"), a.play).went_out


def test_a_goout_needs_the_tables_canastas():
    answer = blocked(spot("KD KD 8C", melds="QS QH QD QC QS QH QD; KS KH 2C"), Goal(go_out=True))
    assert "going out needs 2 canastas; the best you can reach is 1" in str(answer)


@pytest.mark.parametrize("players,partnerships,need", [(2, 0, 4), (3, 0, 3), (4, 0, 2), (5, 0, 2),
                                                        (4, 2, 5), (6, 2, 5), (6, 3, 3)])
def test_a_deal_canastas_to_go_out_per_table(players, partnerships, need):
    melds = "; ".join([f"{r}S {r}H {r}D {r}C {r}S {r}H {r}D" for r in "Q9765"[:need - 1]] + ["KS KH 2C"])
    s = spot("KD KD 8C", melds=melds, players=players, partnerships=partnerships)
    answer = blocked(s, Goal(go_out=True))
    assert f"going out needs {need} canastas; the best you can reach is {need - 1}" in str(answer)
    s = spot("KD KD KC KC 8C", melds=melds, players=players, partnerships=partnerships)
    found(s, Goal(go_out=True))



def test_a_goout_a_search_without_reasons_stops_at_the_quick_conditions():
    s = spot("KD KD 8C", melds="QS QH QD QC QS QH QD; KS KH 2C")  # 2 canastas needed, 1 within reach
    quiet = Goal(go_out=True, reasons=False)
    enc = Albany(s, goal=quiet)
    assert enc.depths == [] and enc.excluded == {"out": [0]}  # nothing left to encode
    assert blocked(s, quiet).reasons == ()
    assert Albany(s, goal=Goal(go_out=True)).depths == [0]  # with reasons the search gives them


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(albany_spots(hand=(1, 14), pile=(0, 2), phase="drawn"))
@example(Spot.from_dict({"variant": "albany", "score": -1200, "hand": "AS", "stock": 0, "phase": "drawn",
                         "melds": ["4H 5H 6H 7H 8H 9H 2S", "5H 6H 2H", "7H 8H 9H TH"]}))  # out only by combining
def test_a_goout_the_quick_conditions_rule_out_no_hand_that_goes_out(s):
    quiet = Goal(go_out=True, reasons=False)
    assume(not Albany(s, goal=quiet).depths)
    # the quick conditions judge the turn itself; moves on the table before it are searched apart
    assert reference_turn.search(s, Goal(go_out=True), NONE) is None

def test_a_deluxe_option_5_needs_one_canasta_fewer():
    s = spot("KD KD 8C", melds="QS QH QD QC QS QH QD; KS KH 2C", deluxe=[5])
    found(s, Goal(go_out=True))


# -- every witness re-checks; a brute force agrees -------------------------------------------
def test_every_albany_witness_rechecks_on_random_spots():
    goals = [Goal(go_out=True), Goal(must_meld=True), Goal(pickup=ANY, take_pile=True)]
    answered = 0
    for i in range(25):
        s = random_spot(random.Random(i), "albany")
        for g in goals:
            a = find(s, g)
            if hasattr(a, "play"):
                play_turn(s, a.play)
                answered += 1
            else:
                assert a.reasons and all(r.rule.startswith("A-") for r in a.reasons)
    assert answered > 10


def _deep_pair_spot(rng: random.Random) -> Spot:
    """A before-draw spot whose pile hides copies of a rank the hand holds twice: deep pick-ups (c)
    that put three or more naturals of one rank into play, beside wild cards and the side's sets."""
    ranks = "456789TJQKA"
    pack = [r + x for r in ranks + "2" for x in "SHDC" for _ in range(3)] + ["JK"] * 6
    rng.shuffle(pack)

    def draw(want=lambda c: True) -> str:
        return pack.pop(next(i for i, c in enumerate(pack) if want(c)))

    rank = rng.choice(ranks)
    of = lambda r: lambda c: c != "JK" and c[0] == r  # noqa: E731
    natural = lambda c: c != "JK" and c[0] in ranks and c[0] != rank  # noqa: E731
    wild = lambda c: c in ("2C", "2D", "JK")  # noqa: E731
    hand = [draw(of(rank)) for _ in range(2)] + [draw(wild) for _ in range(rng.randint(0, 4))] + \
           [draw(natural) for _ in range(rng.randint(2, 10))]
    pile = [draw(natural) for _ in range(rng.randint(3, 14))]
    for _ in range(rng.randint(1, 3)):
        pile.insert(rng.randrange(len(pile)), draw(of(rank)))
    melds = [" ".join(draw(of(r)) for _ in range(3))
             for r in rng.sample([r for r in ranks if r != rank], rng.randint(0, 2))]
    return Spot.from_dict({"variant": "albany", "hand": " ".join(hand), "discard": " ".join(pile), "melds": melds,
                           "phase": "before-draw", "options": {"players": rng.choice([2, 3, 4])}})


def test_a_draw_c_every_deep_witness_rechecks_when_the_rank_is_held_twice():
    goals = [Goal(pickup=ANY, take_pile=True), Goal(pickup=ANY, take_pile=True, go_out=True),
             Goal(pickup=ANY, take_pile=True, must_meld=True, best=True)]
    deep = gave_up = 0
    for i in range(25):
        s = _deep_pair_spot(random.Random(f"deep pair {i}"))
        for g in goals:
            try:
                a = find(s, g)  # a witness the turn engine rejects raises CheckerBug here
            except SolverLimitError:
                gave_up += 1
                continue
            if hasattr(a, "play"):
                deep += play_turn(s, a.play).pickup_kind == "c"
    assert deep > 12 and gave_up < 8


def _brute(s: Spot, goal: Goal, accept=None) -> bool:
    """Every assignment of the hand's cards to keep, discard, two new sets or a table set, judged by play_turn."""
    hand = list(s.hand)
    where = ["keep", "discard", "new1", "new2"] + [f"to{i}" for i in range(1, len(s.melds) + 1)]
    seen = set()
    for choice in product(where, repeat=len(hand)):
        if choice.count("discard") > 1:
            continue
        key = tuple(sorted(zip(map(str, hand), choice)))
        if key in seen:
            continue
        seen.add(key)
        play = []
        for dest in where[2:]:
            cards = tuple(c for c, d in zip(hand, choice) if d == dest)
            if cards:
                play.append(Action(MELD, cards) if dest.startswith("new") else Action(LAYOFF, cards, to=int(dest[2:])))
        play += [Action(DISCARD, (c,)) for c, d in zip(hand, choice) if d == "discard"]
        try:
            t = play_turn(s, tuple(play))
        except IllegalPlayError:
            continue
        if (not goal.go_out or t.went_out) and (not goal.must_meld or t.new_melds) and (accept is None or accept(t)):
            return True
    return False


def test_albany_checker_agrees_with_a_brute_force_on_small_hands():
    rng = random.Random(7)
    compared = agreed_yes = 0
    tables = ["", "QS QH QD QC QS QH; 6H 7H 8H 9H TH JH", "KS KH 2C"]
    for n in range(60):
        k = rng.randint(3, 6)
        deck = parse_cards("4S 5S 6S 7S 8S 9S 4H 5H 6H 7H 9H QH QD QC KD KC 2C 2D JK 3C 3S AS")
        hand = " ".join(str(c) for c in rng.sample(list(deck), k))
        s = spot(hand, melds=rng.choice(tables))
        for goal in (Goal(must_meld=True), Goal(go_out=True)):
            want = _brute(s, goal)
            got = find(s, goal)
            assert hasattr(got, "play") == want, f"{s.to_json()} {goal}: brute {want}, checker {got}"
            compared += 1
            agreed_yes += want
    assert compared == 120 and agreed_yes > 10


# -- the melds question ---------------------------------------------------------------------
def test_a_set_legal_choices_are_each_put_down_by_a_checked_turn():
    from tutor.checker.albany_play import legal_choices
    from tutor.checker.api import _includes

    s = spot("5S 6S 7S 2H KD KC 9C", melds="KS KH 2C; 8H 9H TH")
    choices = legal_choices(s)
    assert any(c.kind == "meld" and len(c.cards) == 4 for c in choices)  # 5S 6S 7S 2H
    assert any(c.kind == "layoff" and c.to == 1 for c in choices)
    for c in choices:
        a = found(s, Goal(include=c))
        assert _includes(s.rules, play_turn(s, a.play), c), f"{c} not in {a}"


def test_a_set_legal_choices_leave_out_what_no_turn_allows():
    from tutor.checker.albany_play import legal_choices

    # melding 5S 6S 7S would leave one card: no discard and no going out without canastas
    s = spot("5S 6S 7S 9C")
    assert legal_choices(s) == []


def test_albany_legal_choices_agree_with_a_brute_force_on_small_hands():
    from tutor.checker.albany_play import legal_choices
    from tutor.checker.api import _includes
    from tutor.choices import candidates

    rng = random.Random(11)
    compared = legal = 0
    tables = ["", "KS KH 2C; 6H 7H 8H 9H", "QS QH QD QC QS QH QD; 5S 6S 7S 8S 9S TS JS"]
    deck = parse_cards("4S 5S 6S 7S 8S 9S 4H 5H 6H 7H TH JH KD KC 2C 2D JK 3C")
    for n in range(25):
        s = spot(" ".join(str(c) for c in rng.sample(list(deck), rng.randint(4, 6))), melds=rng.choice(tables))
        got = set(legal_choices(s))
        for c in candidates(s):
            want = _brute(s, Goal(), accept=lambda t, c=c: _includes(s.rules, t, c))
            assert (c in got) == want, f"{s.to_json()}: {c}: brute {want}"
            compared += 1
            legal += want
    assert compared > 50 and legal > 10


def test_a_nomin_best_first_meld_puts_down_the_most_points():
    # KD KC 2H (50) and 7S 8S 9S (25) together, keeping 5C and discarding 4D: 75
    s = spot("7S 8S 9S KD KC 2H 5C 4D")
    a = found(s, Goal(must_meld=True, best=True))
    assert a.points == 75


# -- A-DRAW (b): a whole-pile pick-up that names hand cards ------------------------------------
KINGS = "KS KC 2H"


def test_a_draw_b_named_hand_cards_go_down_with_the_top_card():
    s = spot("KH KD 9C 4D", melds=KINGS, discard="7C 8H KC", phase="before-draw")
    a = found(s, Goal(pickup=Action("pickup", parse_cards("KH KD")), take_pile=True))
    t = play_turn(s, a.play)
    assert t.pickup_kind == "b" and a.play[0].cards == parse_cards("KH KD")
    first = a.play[1]
    assert first.kind in (MELD, LAYOFF) and {"KC", "KH", "KD"} <= set(map(str, first.cards))


def test_a_draw_b_named_with_the_depth_of_the_whole_pile():
    s = spot("KH KD 9C 4D", melds=KINGS, discard="7C 8H KC", phase="before-draw")
    a = found(s, Goal(pickup=Action("pickup", parse_cards("KH KD"), depth=3), take_pile=True))
    assert a.play[0].depth == 3 and play_turn(s, a.play).pickup_kind == "b"


def test_a_draw_b_named_cards_that_cannot_go_with_the_top_card_are_refused():
    s = spot("KH KD 9C 4D", melds=KINGS, discard="7C 8H KC", phase="before-draw")
    blocked(s, Goal(pickup=Action("pickup", parse_cards("9C 4D")), take_pile=True))
    blocked(s, Goal(pickup=Action("pickup", parse_cards("KH KH")), take_pile=True))  # one KH in the hand


def test_a_goout_after_a_whole_pile_pickup_naming_cards():
    s = spot("KD KD 7S", melds=CANASTAS + "; " + KINGS, discard="7H 7D KC", phase="before-draw")
    for depth in (None, 3):
        a = found(s, Goal(pickup=Action("pickup", parse_cards("KD KD"), depth=depth), go_out=True))
        assert play_turn(s, a.play).went_out
    # with one KD named the other must still be played: 7S 7H 7D and the KD discarded, or laid off
    a = found(s, Goal(pickup=Action("pickup", parse_cards("KD"), depth=3), go_out=True))
    assert play_turn(s, a.play).went_out


def _brute_after_pickup(s: Spot, pickup: Action, goal: Goal) -> bool:
    """Every assignment of the cards held after ``pickup`` (the hand and the top card, or the hand
    and every card taken) to a discard, two new sets or a table set (or, when not going out,
    kept), each set tried first, the first one also split into its hand cards with the top card
    and then the rest; judged by play_turn."""
    depths = (1, len(s.discard)) if pickup.depth is None else (pickup.depth,)
    return any(_brute_holding(s, pickup, goal, list(s.hand) + list(s.discard[-k:])) for k in depths)


def _takes_any(s: Spot, meld, held) -> bool:
    from tutor.melds import judge

    try:
        old = judge(s.rules, meld)
    except IllegalPlayError:
        return False
    for c in set(held):
        try:
            new = judge(s.rules, tuple(meld) + (c,))
        except IllegalPlayError:
            continue
        if (new.kind, new.key) == (old.kind, old.key):
            return True
    return False


def _brute_holding(s: Spot, pickup: Action, goal: Goal, held: list) -> bool:
    where = ["discard", "new1", "new2"] + [f"to{i}" for i, meld in enumerate(s.melds, start=1)
                                           if _takes_any(s, meld, held)]
    if not goal.go_out:
        where.append("keep")
    own = Counter(s.hand) + Counter(s.discard[-1:])
    seen = set()
    for choice in product(where, repeat=len(held)):
        # at most one discard; a new set holds three cards at least; the second only after the first
        if choice.count("discard") > 1 or choice.count("new1") in (1, 2) or choice.count("new2") in (1, 2) \
                or ("new2" in choice and "new1" not in choice):
            continue
        key = tuple(sorted(zip(map(str, held), choice)))
        if key in seen:
            continue
        seen.add(key)
        steps = []
        for dest in where[1:]:
            cards = tuple(c for c, d in zip(held, choice) if d == dest)
            if cards and dest != "keep":
                steps.append(Action(MELD, cards) if dest.startswith("new") else Action(LAYOFF, cards, to=int(dest[2:])))
        ending = [Action(DISCARD, (c,)) for c, d in zip(held, choice) if d == "discard"]
        for i in range(len(steps) or 1):
            orders = [steps[i:i + 1] + steps[:i] + steps[i + 1:]]
            if steps:
                first = steps[i]
                opening = tuple((Counter(first.cards) & own).elements())
                rest = tuple((Counter(first.cards) - own).elements())
                if rest and opening:
                    to = first.to if first.kind == LAYOFF else len(s.melds) + 1
                    orders.append([Action(first.kind, opening, to=first.to), Action(LAYOFF, rest, to=to)] + orders[0][1:])
            for order in orders:
                try:
                    t = play_turn(s, (pickup, *order, *ending))
                except IllegalPlayError:
                    continue
                if not goal.go_out or t.went_out:
                    return True
    return False


def test_a_draw_b_named_pickups_agree_with_a_brute_force_on_small_hands():
    rng = random.Random(5)
    deck = parse_cards("KD KH KC 7S 7H 7D 8S 9S 2C JK 5H 4C")
    tables = [CANASTAS + "; KS KC 2H", "KS KC 2H", CANASTAS + "; 6S 7S 8S"]
    compared = yes = 0
    for n in range(12):
        cards = rng.sample(list(deck), rng.randint(3, 4))
        k = 1
        top = rng.choice(parse_cards("KS 5S"))
        s = spot(" ".join(map(str, cards[k:])), melds=rng.choice(tables),
                 discard=" ".join(map(str, cards[:k] + [top])), phase="before-draw")
        hand = list(s.hand)
        for size in (1, 2):
            named = tuple(rng.sample(hand, min(size, len(hand))))
            for depth in (None, len(s.discard)):
                pickup = Action("pickup", named, depth=depth)
                for goal in (Goal(pickup=pickup, take_pile=True), Goal(pickup=pickup, go_out=True)):
                    want = _brute_after_pickup(s, pickup, goal)
                    got = find(s, goal)
                    assert hasattr(got, "play") == want, f"{s.to_json()} {goal}: brute {want}, checker {got}"
                    if want:
                        play_turn(s, got.play)
                    compared += 1
                    yes += want
    assert compared >= 80 and yes >= 10


# -- regressions found by the reference decider ------------------------------------------------
def test_a_draw_b_the_top_card_goes_down_with_hand_cards_only():
    # KD KC lie in the pile: KS cannot be melded with them before the pile joins the hand
    s = spot("9C 4D 5S", melds="KH KD KC", discard="KD KC KS", phase="before-draw")
    blocked(s, Goal(pickup=ANY, take_pile=True, must_meld=True))
    a = found(s, Goal(pickup=ANY, take_pile=True))
    assert play_turn(s, a.play).pickup_kind == "b"


def test_a_draw_b_a_layable_top_card_is_taken_with_a_natural_of_its_rank_in_hand():
    s = spot("9S 4H", melds="9D 9C 9C 9H 9S", discard="9D", phase="before-draw")
    for goal in (Goal(pickup=ANY), Goal(pickup=ANY, take_pile=True)):
        a = found(s, goal)
        assert play_turn(s, a.play).pickup_kind == "b"


def test_a_draw_a_named_pickup_without_depth_keeps_its_own_step():
    from tutor.goals import MeldChoice

    s = Spot.from_dict({"variant": "albany", "options": {"players": 6, "partnerships": 3}, "score": 4600,
                        "hand": "JC JH 7D 5D JK KH JK 5D 6C 8H QH", "melds": ["TH TD TC TH TS TS TD"],
                        "discard": "AC JK 8D 4H", "phase": "before-draw"})
    a = found(s, Goal(pickup=Action("pickup", ()), include=MeldChoice("meld", parse_cards("JH QH JK JK"))))
    assert a.play[0] == Action("pickup", ())


# -- A-DRAW (c) and A-GOOUT: the depths ruled out before the search -----------------------------
def test_a_draw_c_deep_core_agrees_with_every_core_from_the_hand():
    from itertools import combinations

    from tutor.checker.albany import Albany
    from tutor.melds import is_legal

    rng = random.Random(3)
    deck = parse_cards("4S 5S 6S 7S 8S 9S TS 5H 6H 9H 9D 9C QD 2C 2D JK 3C AS KS")
    agreed = legal = 0
    for n in range(150):
        cards = rng.sample(list(deck), 7)
        s = spot(" ".join(map(str, cards[:4])), discard=" ".join(map(str, cards[4:])), phase="before-draw",
                 **({"deluxe": [3]} if n % 5 == 0 else {}))
        enc = Albany(s)
        for depth in (2, 3):
            lowest = s.discard[-depth]
            held = list(s.hand) + (list(s.discard[-depth:]) if n % 5 == 0 else [])
            if n % 5 == 0:
                held.remove(lowest)
            want = s.rules.role(lowest) != "stopper" and any(
                sum(s.rules.role(c) == "natural" for c in core) >= 2 and is_legal(s.rules, (lowest,) + core)
                for k in (2, 3, 4) for core in combinations(held, k))
            assert enc.deep_core(depth) == want, f"{s.to_json()} depth {depth}"
            agreed += 1
            legal += want
    assert agreed == 300 and legal > 20


def _brute_before_draw(s: Spot, goal: Goal) -> bool:
    """Every pickup (the top card alone, the whole pile, every deeper card with every core of two
    to three hand cards), then ``_brute_holding`` on what it leaves held."""
    from itertools import combinations

    pile, hand = list(s.discard), list(s.hand)
    tries = [(Action("pickup", (), depth=1), hand + pile[-1:]), (Action("pickup", ()), hand + pile)]
    for depth in range(2, len(pile) + 1):
        for k in (2, 3):
            for core in set(combinations(sorted(hand, key=str), k)):
                tries.append((Action("pickup", core, depth=depth), hand + pile[-depth:]))
    return any(_brute_holding(s, pickup, goal, held) for pickup, held in tries)


def test_a_goout_from_before_draw_agrees_with_a_brute_force_on_small_spots():
    rng = random.Random(13)
    deck = parse_cards("KD KH 7S 7H 7D 8S 9S 6S 2C JK 5H 3C QH")
    tables = [CANASTAS + "; KS KC 2H", CANASTAS, "QS QH QD QC QS QH QD; 6H 7H 8H 9H TH JH 2S"]
    compared = yes = 0
    for n in range(16):
        cards = rng.sample(list(deck), rng.randint(4, 5))
        s = spot(" ".join(map(str, cards[2:])), melds=rng.choice(tables), discard=" ".join(map(str, cards[:2])),
                 phase="before-draw")
        goal = Goal(pickup=ANY, take_pile=True, go_out=True)
        want = _brute_before_draw(s, goal)
        got = find(s, goal)
        assert hasattr(got, "play") == want, f"{s.to_json()}: brute {want}, checker {got}"
        if want:
            assert play_turn(s, got.play).went_out
        compared += 1
        yes += want
    assert compared == 16 and 3 <= yes < 16


def test_a_goout_canastas_cannot_share_their_naturals():
    from tutor.checker.albany import Albany

    # three players need three canastas: counted rank by rank and suit by suit five could be made,
    # but no three of them find their naturals without sharing a card
    s = Spot.from_dict({"variant": "albany", "options": {"players": 3}, "score": -350,
                        "hand": "8D KC 4C JK QS 7C 4S QS 9C 4H TD TD 6D KS 8D",
                        "discard": "5H 8C KS AC QD TS JD 9S AD 9C TC 8H 7S 6H QD 8C 4D JH 6H 7S 8C JK 3S 7D "
                                   "9H QH 2D TS JK", "phase": "before-draw"})
    enc = Albany(s)
    for depth in (23, 25, 28):
        assert enc.canasta_bound(depth) >= 3 and not enc.canastas_fit(depth)
    answer = blocked(s, Goal(pickup=ANY, take_pile=True, go_out=True))
    assert "A-GOOUT" in answer.rules


def test_a_goout_flow_of_naturals_into_canastas():
    from tutor.checker.albany import _flow

    supply = {"a": 2, "b": 1, "c": 3}
    assert _flow(supply, [({"a": 2, "b": 1}, 3), ({"a": 2, "c": 3}, 4)]) == 6
    assert _flow(supply, [({"a": 1}, 5), ({"b": 1}, 5)]) == 2
    assert _flow(supply, [({"a": 2, "b": 1}, 2), ({"a": 2}, 2)]) == 3


def test_a_draw_c_a_named_deep_pickup_uses_exactly_its_named_core():
    # no cards named: the lowest card (JK) cannot be melded with naturals from the hand at once
    s = Spot.from_dict({"variant": "albany", "options": {"players": 5}, "hand": "8D 2D 6S 6H KC JK",
                        "melds": ["JD JS JH JH JD JC JS"], "discard": "9D TD QC 3H 8S JK 7H 3D 5C",
                        "phase": "before-draw"})
    blocked(s, Goal(pickup=Action("pickup", (), depth=4), take_pile=True))
    blocked(s, Goal(pickup=Action("pickup", parse_cards("6S 2D"), depth=4), take_pile=True))  # one natural
    a = found(s, Goal(pickup=Action("pickup", parse_cards("6S 6H"), depth=4), take_pile=True))
    assert a.play[0].cards == parse_cards("6S 6H")

