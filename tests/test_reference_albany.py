"""The reference decider on albany (A-*): hand-made spots, one rule each.

Every witness the decider returns has been replayed by the turn engine
(``play_turn``) before it comes back; these tests check the answers.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from strategies import albany_goals, albany_spots
from tutor.cards import parse_cards
from tutor.goals import ANY, NONE, Goal, MeldChoice
from tutor.melds import judge
from tutor.play import DISCARD, LAYOFF, MELD, PICKUP, Action, format_play, parse_action, parse_play
from tutor.reference import legal_choices, search
from tutor.spot import Spot
from tutor.turn import TurnError, play_turn

CANASTAS = ["KS KS KH KH KD KD KC", "QS QS QH QH QD QD QC", "JS JS JH JH JD JD JC", "TS TS TH TH TD TD TC",
            "9S 9S 9H 9H 9D 9D 9C"]


def spot(hand, *, melds=(), discard="", phase="drawn", **options) -> Spot:
    data = {"variant": "albany", "hand": hand, "melds": list(melds), "discard": discard, "phase": phase}
    if options:
        data["options"] = options
    return Spot.from_dict(data)


def meld(text: str) -> MeldChoice:
    return MeldChoice("meld", parse_cards(text))


def layoff(text: str, to: int) -> MeldChoice:
    return MeldChoice("layoff", parse_cards(text), to)


def can(s: Spot, goal: Goal) -> bool:
    return search(s, goal) is not None


MELD_NOW = Goal(must_meld=True)
OUT = Goal(go_out=True)
TAKE = Goal(pickup=ANY, take_pile=True)


# -- A-SET: sequences with undeclared wilds, groups, wild-card sets ----------------------------------
def test_A_SET_sequence_with_a_wild_in_the_gap():
    s = spot("5S 7S JK 9C 4D")
    assert can(s, Goal(include=meld("5S 7S JK")))


@pytest.mark.parametrize("cards", ["QH KH JK", "KH AH JK", "4H 5H 2C", "5H 6H JK 2C"])
def test_A_SET_sequence_with_wilds_at_either_end(cards):
    s = spot(cards + " 9C 8D")
    assert can(s, Goal(include=meld(cards)))


def test_A_SET_aces_are_high_only():
    assert not can(spot("AH 4H 5H 9C 8D"), MELD_NOW)       # no A-4-5
    assert can(spot("QH KH AH 9C 8D"), MELD_NOW)           # Q-K-A


def test_A_SET_a_wild_never_stands_above_the_ace():
    # 4 up to A is eleven cards; a twelfth place would have to lie beyond a bound
    run = "4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    s = spot("JK 9C 8D", melds=[run])
    assert not can(s, Goal(include=layoff("JK", 1)))
    assert can(spot("JK 9C 8D", melds=["5S 6S 7S 8S 9S TS JS QS KS AS"]), Goal(include=layoff("JK", 1)))


def test_A_SET_a_sequence_is_one_suit():
    assert not can(spot("5S 6H 7S 9C 8D"), MELD_NOW)


def test_A_SET_three_wilds_in_a_natural_set_are_too_many():
    s = spot("5S 6S JK JK 2C 9D 8H")
    assert not can(s, Goal(include=meld("5S 6S JK JK 2C")))
    assert can(s, Goal(include=meld("5S 6S JK 2C")))
    assert not can(spot("9S 9H JK JK 2C 5D 8H"), Goal(include=meld("9S 9H JK JK 2C")))


def test_A_SET_at_most_two_wilds_anywhere_in_a_sequence_on_the_table():
    s = spot("8S JK 9D 4H", melds=["5S 6S JK 2C"])
    assert can(s, Goal(include=layoff("8S", 1)))            # 5 6 (7) 8 with the two wilds placed
    assert not can(s, Goal(include=layoff("JK", 1)))


def test_A_SET_wild_card_set_of_three_or_more():
    assert can(spot("JK JK 2C 9D 4S"), Goal(include=meld("JK JK 2C")))
    assert not can(spot("JK 2C 9D 4S"), MELD_NOW)


def test_A_SET_several_sets_of_one_rank_per_side():
    s = spot("KS KS KH 9C 4D", melds=["KH KD KC"])
    found = search(s, Goal(include=meld("KS KS KH")))
    assert found is not None and len(found.turn.new_melds) == 1


def test_A_SET_several_sequences_of_one_suit():
    s = spot("5H 6H 7H 9C 4D", melds=["JH QH KH"])
    assert can(s, Goal(include=meld("5H 6H 7H")))


# -- A-STOPPER -----------------------------------------------------------------------------------
def test_A_STOPPER_threes_are_never_melded():
    assert not can(spot("3H 3D 3S 9C 4D"), MELD_NOW)


def test_A_STOPPER_option_1_red_threes_may_be_melded_and_fours_are_stoppers():
    assert can(spot("3H 3D 3H 9C 5D", deluxe=[1]), Goal(include=meld("3H 3D 3H")))
    assert not can(spot("3H 3D 3S 9C 5D", deluxe=[1]), MELD_NOW)     # a black 3 is never melded
    assert not can(spot("4H 4D 4S 9C 5D", deluxe=[1]), MELD_NOW)     # 4s are stoppers
    assert not can(spot("5H 6H 4H 9C 8D", deluxe=[1]), MELD_NOW)     # sequences run from 5
    assert can(spot("5H 6H 7H 9C 8D", deluxe=[1]), MELD_NOW)


def test_A_STOPPER_one_stopper_may_be_the_last_discard():
    s = spot("5S 6S 7S 3C", melds=CANASTAS[:2])
    found = search(s, OUT)
    assert found is not None and found.turn.discard == parse_cards("3C")[0]


def test_A_STOPPER_two_stoppers_held_after_the_draw_block_going_out():
    assert not can(spot("5S 6S 7S 3C 3D", melds=CANASTAS[:2]), OUT)
    # melding red 3s (option 1) does not help: they were held after the draw
    assert not can(spot("5S 6S 7S 3H 3D 3H", melds=CANASTAS[:2], deluxe=[1]), OUT)
    assert can(spot("5S 6S 7S 9H 9D 9H", melds=CANASTAS[:2], deluxe=[1]), OUT)


def test_A_STOPPER_never_taken_from_the_top_only_inside_a_deeper_pickup():
    s = spot("9C 9D 4S", discard="9H 3S", phase="before-draw")
    found = search(s, TAKE)
    assert found is not None and found.actions[0].depth == 2       # (c): the 9H with the 3S above it
    assert not can(spot("9C 8D 4S", discard="9H 3S", phase="before-draw"), TAKE)


# -- A-DRAW: the fanned pile ---------------------------------------------------------------------
def test_A_DRAW_a_top_card_that_cannot_be_laid_off_is_taken_alone():
    s = spot("9C 8D 4S", discard="KH QS", phase="before-draw")
    found = search(s, TAKE)
    assert found is not None and found.turn.picked_up == parse_cards("QS")
    assert can(s, Goal(pickup=parse_action("pickup depth 1")))


def test_A_DRAW_a_the_card_taken_alone_may_be_discarded():
    s = spot("9C 8D", discard="KH QS", phase="before-draw")
    found = search(s, Goal(pickup=parse_action("pickup depth 1")))
    assert found is not None


def test_A_DRAW_b_a_top_card_that_can_be_laid_off_takes_the_whole_pile():
    s = spot("9C 8D 4S", melds=["QH QD QC"], discard="KH 5D QS", phase="before-draw")
    found = search(s, TAKE)
    assert found is not None and found.turn.picked_up == parse_cards("KH 5D QS")
    assert found.actions[1].kind in ("layoff", "meld") and parse_cards("QS")[0] in found.actions[1].cards
    assert not can(s, Goal(pickup=parse_action("pickup depth 1")))   # not alone


def test_A_DRAW_b_the_top_card_goes_down_with_hand_cards_only():
    # melding KS with the pile's KD KC would need cards that join the hand only after it
    s = spot("9C 4D 5S", melds=["KH KD KC"], discard="KD KC KS", phase="before-draw")
    assert can(s, TAKE)
    assert not can(s, Goal(pickup=ANY, take_pile=True, must_meld=True))
    with pytest.raises(TurnError) as e:
        play_turn(s, parse_play("pickup; meld KS KD KC; discard 9C"))
    assert e.value.rule == "A-DRAW"
    # laid off, the top card leaves the pile's KD KC free for a new set with the hand's KH
    assert can(spot("9C 4D KH", melds=["KH KD KC"], discard="KD KC KS", phase="before-draw"),
               Goal(pickup=ANY, take_pile=True, must_meld=True))


def test_A_DRAW_c_a_deeper_card_melded_at_once_with_two_naturals_from_the_hand():
    s = spot("8H 8S 4C 5D", discard="8D KC JH", phase="before-draw")
    found = search(s, Goal(pickup=ANY, take_pile=True, must_meld=True))
    assert found is not None and found.actions[0].depth == 3
    assert not can(spot("8H 2C 4C 5D", discard="8D KC JH", phase="before-draw"),
                   Goal(pickup=ANY, take_pile=True, must_meld=True))   # one natural and a wild: not enough


def test_A_DRAW_c_a_wild_may_be_the_lowest_card_taken():
    s = spot("8H 8S 4C 5D", discard="JK KC JH", phase="before-draw")
    assert can(s, Goal(pickup=Action(PICKUP, parse_cards("8H 8S"), None, 3)))


def test_A_DRAW_c_option_3_completes_the_set_from_the_pile_too():
    goal = Goal(pickup=ANY, take_pile=True, must_meld=True)
    assert not can(spot("8H 4C 5D", discard="8D 8C JH", phase="before-draw"), goal)
    s = spot("8H 4C 5D", discard="8D 8C JH", phase="before-draw", deluxe=[3])
    found = search(s, goal)
    assert found is not None and found.actions[0].depth == 3


# -- A-GOOUT and A-DEAL ----------------------------------------------------------------------------
def test_A_GOOUT_the_final_discard_is_optional():
    without = search(spot("5S 6S 7S", melds=CANASTAS[:2]), OUT)
    assert without is not None and without.turn.discard is None
    with_one = search(spot("5S 6S 7S 9D", melds=CANASTAS[:2]), OUT)
    assert with_one is not None and with_one.turn.discard is not None


def test_A_GOOUT_without_the_canastas_a_turn_keeps_two_cards_before_its_discard():
    s = spot("5S 6S 7S 9D", melds=CANASTAS[:1])
    assert not can(s, OUT)
    assert not can(s, Goal(include=meld("5S 6S 7S")))      # it would leave one card
    assert can(spot("5S 6S 7S 9D 4C", melds=CANASTAS[:1]), Goal(include=meld("5S 6S 7S")))


LAYOUTS = [({"players": 2}, 4), ({"players": 3}, 3), ({"players": 4}, 2), ({"players": 5}, 2),
           ({"players": 4, "partnerships": True}, 5), ({"players": 6, "partnerships": 2}, 5),
           ({"players": 6, "partnerships": 3}, 3)]


@pytest.mark.parametrize("options, need", LAYOUTS)
def test_A_DEAL_canastas_needed_to_go_out_by_table(options, need):
    run = "5S 6S 7S 8S 9S TS JS 4D"  # a natural canasta, then the discard
    assert can(spot(run, melds=CANASTAS[:need - 1], **options), OUT)
    assert not can(spot(run, melds=CANASTAS[:need - 2], **options), OUT)


@pytest.mark.parametrize("options, need", LAYOUTS)
def test_A_DELUXE_option_5_needs_one_canasta_fewer(options, need):
    run = "5S 6S 7S 8S 9S TS JS 4D"
    assert can(spot(run, melds=CANASTAS[:need - 2], deluxe=[5], **options), OUT)


def test_A_GOOUT_canastas_of_every_kind_count():
    wild = "JK JK 2C 2D 2H 2S JK"
    assert can(spot("5S 6S 7S", melds=[wild, CANASTAS[0]]), OUT)
    assert can(spot("2S 2D 2C 2H 2S 2D 2C 5S 6S 7S", melds=[CANASTAS[0]]), OUT)   # a new wild canasta


# -- the questions through the reference ------------------------------------------------------------
def test_A_SET_legal_choices_list_groups_and_sequences():
    s = spot("5S 6S 7S 9C 9D JK 4H")
    shown = {format_play([Action(c.kind, c.cards)]) for c in legal_choices(s)}
    assert "meld 5S 6S 7S" in shown and "meld 9C 9D JK" in shown


def test_A_SET_best_first_meld_takes_the_most_points():
    s = spot("5S 7S JK 9C 9D 4H")
    found = search(s, Goal(must_meld=True, best=True))
    assert found.points == 70                                 # 9C 9D JK, not 5S 7S JK


def test_A_DRAW_every_named_pickup_the_reference_accepts_replays():
    s = spot("8H 8S KH 4C", melds=["KD KC KS"], discard="8D 2C KH", phase="before-draw")
    for text in ("pickup", "pickup depth 1", "pickup 8H 8S depth 3", "pickup KH", "pickup 8H depth 3"):
        found = search(s, Goal(pickup=parse_action(text)))
        expected = text not in ("pickup depth 1", "pickup 8H depth 3")
        assert (found is not None) is expected, text


def test_A_DRAW_b_a_layable_top_card_is_laid_off_even_when_the_hand_holds_its_rank():
    s = spot("9S 4H", melds=["9D 9C 9C 9H 9S"], discard="9D", phase="before-draw")
    found = search(s, TAKE)
    assert found is not None and format_play(found.actions[:2]) == "pickup; layoff 9D to 1"


# -- a slow oracle for tiny spots: every concrete play, judged by the turn engine -----------------
def _subs(pool: Counter, most: int):
    """Every non-empty sub-multiset of ``pool`` with at most ``most`` cards."""
    items = sorted(pool.items(), key=lambda kv: str(kv[0]))

    def rec(i, acc):
        if i == len(items):
            if acc:
                yield tuple(acc)
            return
        card, n = items[i]
        for k in range(0, n + 1):
            if len(acc) + k <= most:
                yield from rec(i + 1, acc + [card] * k)

    yield from rec(0, [])


def _oracle_pickups(s: Spot, goal: Goal):
    if goal.unknown_draw or s.phase == "drawn":
        return [None] if goal.pickup in (ANY, NONE) else []
    if isinstance(goal.pickup, Action):
        return [goal.pickup]
    if goal.pickup != ANY or not s.discard:
        return []
    held = Counter(s.hand) + (Counter(s.discard) if s.rules["pile"].get("take_up_option") else Counter())
    named = [()] + list(_subs(held, 3))  # from the hand; with Deluxe option 3 the pile's cards too
    return [Action(PICKUP, n, None, d) for d in [None] + list(range(1, len(s.discard) + 1)) for n in named]


def _oracle_plays(s: Spot, goal: Goal):
    """Every play of the tiny spot: the engine's own pickup step, then sets and lay-offs."""
    from tutor.goals import draw_unknown
    from tutor.turn import _Replay

    if goal.unknown_draw:
        s = draw_unknown(s)
    for pickup in _oracle_pickups(s, goal):
        replay = _Replay(s, (pickup,) if pickup else ())
        if pickup is not None:
            try:
                replay.pickup(pickup, 1)
            except TurnError:
                continue
        pool = +replay.hand
        lead = (replay.top,) + tuple(replay.pending) if replay.pending is not None else None
        start = (pickup,) if pickup else ()
        if lead is not None:
            pool -= Counter(lead[1:])
            targets = [None] + ([] if replay.deep_meld else list(range(1, len(s.melds) + 1)))
            for to in targets:
                for more in [()] + list(_subs(pool, 4)):
                    first = Action(MELD if to is None else LAYOFF, lead + more, to)
                    index = to if to is not None else len(s.melds) + 1
                    yield from _rest(s, start + (first,), pool - Counter(more), index, first.cards)
        else:
            yield from _rest(s, start, pool, None, ())


def _rest(s: Spot, done: tuple, pool: Counter, first_index, first_cards):
    """Lay-offs (onto each table set and the first step's set), new sets, then any discard."""
    sets = {i + 1: tuple(m) for i, m in enumerate(s.melds)}
    if first_index and first_index > len(s.melds):
        sets[first_index] = tuple(first_cards)
    targets = list(sets)

    def fits(base, cards) -> bool:  # what the engine would refuse is not worth trying
        try:
            before, after = judge(s.rules, base), judge(s.rules, base + cards)
        except Exception:
            return False
        return (before.kind, before.key) == (after.kind, after.key)

    def layoffs(i, acts, left):
        if i == len(targets):
            yield from news(acts, left, ())
            return
        yield from layoffs(i + 1, acts, left)
        for cards in _subs(left, 6):
            if fits(sets[targets[i]], cards):
                yield from layoffs(i + 1, acts + (Action(LAYOFF, cards, targets[i]),), left - Counter(cards))

    def news(acts, left, last):
        yield acts, left
        for cards in _subs(left, 9):
            if cards >= last:  # each collection of new sets once
                try:
                    judge(s.rules, cards)
                except Exception:
                    continue
                yield from news(acts + (Action(MELD, cards),), left - Counter(cards), cards)

    for acts, left in layoffs(0, (), pool):
        if not +left:
            yield done + acts
        for card in +left:
            yield done + acts + (Action(DISCARD, (card,)),)


def oracle(s: Spot, goal: Goal) -> bool:
    from tutor.goals import draw_unknown
    from tutor.reference import includes

    played = draw_unknown(s) if goal.unknown_draw else s
    for play in _oracle_plays(s, goal):
        try:
            turn = play_turn(played, play)
        except TurnError:
            continue
        if goal.take_pile and not turn.picked_up or goal.go_out and not turn.went_out:
            continue
        if goal.must_meld and not turn.new_melds:
            continue
        if goal.include is not None and not includes(played, turn, goal.include):
            continue
        return True
    return False


ORACLE = settings(deadline=None, max_examples=150, suppress_health_check=list(HealthCheck))


@ORACLE
@given(data=st.data())
def test_A_SET_A_DRAW_A_GOOUT_reference_agrees_with_every_play_of_a_tiny_spot(data):
    s = data.draw(albany_spots(hand=(1, 4), pile=(0, 3)))
    goal = data.draw(albany_goals(s))
    assume(len(s.melds) <= 2)
    assert (search(s, goal) is not None) == oracle(s, goal), f"{goal}\n{s.to_json()}"


@st.composite
def tiny_pickup_spots(draw) -> Spot:
    """A tiny before-draw spot around one rank and suit: pickups of every kind, and going out, in reach."""
    import random

    from strategies import albany_options
    from tutor.cards import RANK_ORDER, format_cards, full_deck
    from tutor.melds import is_legal
    from tutor.rules import rules_for

    opts = draw(albany_options())
    rules = rules_for("albany", opts)
    deck = full_deck(rules.layout.decks, rules["pack"]["jokers_per_deck"])
    random.Random(draw(st.integers(0, 10**6))).shuffle(deck)
    rank = draw(st.sampled_from(list(rules.natural_ranks)))
    suit = draw(st.sampled_from(list("SHDC")))
    role = rules.role

    def near(c):
        return (c.rank == rank or role(c) in ("wild", "stopper")
                or (c.suit == suit and role(c) == "natural" and abs(c.order - RANK_ORDER[rank]) <= 2))

    pool = [c for c in deck if near(c)][:40]
    picks = draw(st.permutations(pool))
    hand, pile, table = picks[:draw(st.integers(2, 4))], picks[4:4 + draw(st.integers(1, 3))], picks[8:12]
    melds = []
    for size in (3, 4):
        if draw(st.booleans()) and is_legal(rules, table[:size]):
            melds = [format_cards(table[:size])]
    others = [r for r in rules.natural_ranks if abs(RANK_ORDER[r] - RANK_ORDER[rank]) > 2]
    need = min(rules.canastas_to_go_out, 3 - len(melds))  # at most three sets: the oracle stays quick
    for r in others[:draw(st.integers(max(0, need - 1), need))]:
        melds.append(format_cards([c for c in deck if c.rank == r and role(c) == "natural"][:7]))  # never near
    return Spot.from_dict({"variant": "albany", "options": opts, "hand": format_cards(hand), "melds": melds,
                           "discard": format_cards(pile), "phase": "before-draw"})


@settings(ORACLE, max_examples=100)
@given(data=st.data())
def test_A_DRAW_reference_agrees_with_every_pickup_of_a_tiny_spot(data):
    s = data.draw(tiny_pickup_spots())
    goal = Goal(pickup=ANY, take_pile=True, go_out=data.draw(st.booleans()), must_meld=data.draw(st.booleans()))
    assert (search(s, goal) is not None) == oracle(s, goal), f"{goal}\n{s.to_json()}"


def test_A_DRAW_b_a_wild_on_top_makes_a_wild_card_set_with_two_2s_of_different_suits():
    s = spot("2H 2D", melds=CANASTAS[:2], discard="JK", phase="before-draw")
    found = search(s, Goal(pickup=ANY, take_pile=True, go_out=True, must_meld=True))
    assert found is not None and format_play(found.actions) == "pickup 2H 2D; meld JK 2H 2D"


def test_A_DRAW_b_the_top_card_joins_a_sequence_across_a_gap_the_hand_bridges():
    # JH fits the Js alone; onto 5H 6H 7H it needs 8H 9H TH with it, and only that makes a second canasta
    s = spot("8H 9H TH", melds=["5H 6H 7H", "JS JD JC", CANASTAS[0]], discard="4C JH", phase="before-draw")
    found = search(s, Goal(pickup=ANY, take_pile=True, go_out=True))
    assert found is not None and format_play(found.actions[:2]) == "pickup 8H 9H TH; layoff JH 8H 9H TH to 1"


def test_the_reference_sweep_gives_up_at_its_state_limit_instead_of_filling_memory(monkeypatch):
    from tutor.errors import SolverLimitError
    from tutor.questions import ask
    from tutor.reference import sweep
    from tutor.spot import Spot

    s = Spot.from_dict({"variant": "albany", "phase": "drawn",
                        "hand": "4H 5H 6H 7H 8H 9H TH 4S 5S 6S 7S 8S 4D 5D 6D 7D 2C JK 2D KS KH"})
    assert ask("go-out", s, decider="reference").answer in (True, False)  # within the real limit
    monkeypatch.setattr(sweep, "MAX_STATES", 40)
    with pytest.raises(SolverLimitError, match="stops at 40 states"):
        ask("go-out", s, decider="reference")
