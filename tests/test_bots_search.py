"""The search bot (ISMCTS): it sees only its seat's view, deals the unseen cards consistently, plays legally."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.cards import format_cards, parse_cards
from tutor.engine import GreedyBot, State, make_bot, new_game
from tutor.engine.ismcts import ISMCTSBot, candidate_moves, determinize, known_holdings, observe, unseen_cards
from tutor.engine.state import sort_cards

VARIANTS = ("classic", "house", "canasty", "albany")


def advance(state: State, moves: int) -> State:
    """Let the greedy bot play ``moves`` moves (fewer if the hand ends)."""
    greedy = GreedyBot()
    for _ in range(moves):
        if state.hand_over:
            break
        state.apply(greedy.choose(state.view(state.to_act)), state.to_act)
    return state


def position_with_pickup(variant: str) -> State:
    """A position after some seat took the pile (so the table has seen cards go into a hand)."""
    for seed in range(40):
        state = new_game(variant, {}, seed=seed)
        greedy = GreedyBot()
        while not state.hand_over:
            seat = state.to_act
            state.apply(greedy.choose(state.view(seat)), seat)
            if state.events and state.events[-1]["event"] == "play" and state.events[-1]["taken"]:
                if not state.hand_over and any(known_holdings(state, state.to_act)):
                    return state
    raise AssertionError(f"no pile taken with cards kept in {variant} in 40 deals")


def reshuffle_hidden(state: State, seat: int, seed: int) -> State:
    """The same position as ``seat`` sees it, with every card it cannot see dealt again at random.

    Other seats keep the cards the table saw them take; the rest of their hands
    and the stock are shuffled together and dealt back in the same sizes.
    """
    d = state.to_dict()
    known = known_holdings(state, seat)
    hidden, keep = [], []
    for s, text in enumerate(d["hands"]):
        hand = Counter(parse_cards(text))
        kept = Counter(known[s]) if s != seat else hand
        keep.append(kept)
        hidden += list((hand - kept).elements())
    stock = list(parse_cards(d["stock"]))
    pool = hidden + stock
    random.Random(seed).shuffle(pool)
    for s, text in enumerate(d["hands"]):
        size = len(parse_cards(text))
        if s == seat:
            continue
        extra = size - sum(keep[s].values())
        d["hands"][s] = format_cards(sort_cards(list(keep[s].elements()) + pool[:extra]))
        del pool[:extra]
    d["stock"] = format_cards(pool)
    return State.from_dict(d)


@pytest.mark.parametrize("variant", VARIANTS)
def test_search_bot_move_does_not_depend_on_hidden_cards(variant):
    state = position_with_pickup(variant)
    seat = state.to_act
    bot = ISMCTSBot(iterations=2, seed=5, rollout_turns=2)
    seen = observe(state, seat)
    move = str(bot.choose(seen))
    for k in range(3):
        other = reshuffle_hidden(state, seat, seed=k)
        assert other.to_dict()["stock"] != state.to_dict()["stock"]  # the hidden cards really moved
        assert other.cards_conserved()
        assert observe(other, seat) == seen  # the seat cannot tell the two apart
        assert str(ISMCTSBot(iterations=2, seed=5, rollout_turns=2).choose(observe(other, seat))) == move


def test_search_bot_is_deterministic_at_a_fixed_seed_and_budget():
    state = advance(new_game("classic", {}, seed=3), 9)
    seen = observe(state)
    first = ISMCTSBot(iterations=3, seed=1, rollout_turns=2).evaluate(seen)
    again = ISMCTSBot(iterations=3, seed=1, rollout_turns=2).evaluate(seen)
    assert first.moves == again.moves and first.iterations == again.iterations == 3


@pytest.mark.parametrize("variant", VARIANTS)
def test_determinized_deal_is_consistent_with_the_view(variant):
    state = position_with_pickup(variant)
    seat = state.to_act
    seen = observe(state, seat)
    for k in range(3):
        deal = determinize(seen, random.Random(k))
        assert deal.cards_conserved()
        assert [len(h) for h in deal.hands] == [len(h) for h in state.hands]
        assert deal.hands[seat] == state.hands[seat] and deal.pile == state.pile and deal.melds == state.melds
        assert len(deal.stock) == len(state.stock)
        for s, cards in enumerate(seen.known):
            assert not Counter(cards) - Counter(deal.hands[s])  # cards seen taken stay where they went
        assert deal.view(seat) == seen.view


def test_cards_taken_with_the_pile_are_known_until_played():
    state = position_with_pickup("classic")
    event = next(e for e in reversed(state.events) if e["event"] == "play" and e["taken"])
    taker = event["seat"]
    onlooker = (taker + 1) % state.players
    known = known_holdings(state, onlooker)
    assert known[taker] and not Counter(known[taker]) - Counter(state.hands[taker])
    assert not Counter(known[taker]) - Counter(parse_cards(event["taken"]))
    assert known[onlooker] == ()  # a seat's own hand is not "known holdings"
    unseen = unseen_cards(observe(state, onlooker))
    others = sum(len(h) - len(known[s]) for s, h in enumerate(state.hands) if s != onlooker)
    assert len(unseen) == others + len(state.stock)  # the known cards are not dealt again

@pytest.mark.parametrize("variant", VARIANTS)
def test_search_candidates_are_accepted_by_the_judge(variant):
    state = advance(new_game(variant, {}, seed=2), 7)
    view = state.view(state.to_act)
    for move in candidate_moves(view, GreedyBot()):
        state.check(move, view.seat)


@pytest.mark.parametrize("variant", VARIANTS)
def test_search_bot_plays_a_whole_hand_without_a_refused_move(variant):
    state = new_game(variant, {}, seed=11)
    bots = [ISMCTSBot(iterations=1, seed=s, rollout_turns=1, tree_depth=1) if s % 2 == 0 else GreedyBot()
            for s in range(state.players)]
    while not state.hand_over:
        seat = state.to_act
        bot = bots[seat]
        view = observe(state, seat) if getattr(bot, "observes", False) else state.view(seat)
        state.apply(bot.choose(view), seat)  # raises if the judge refuses
    assert state.cards_conserved()


def test_search_bot_is_named_by_its_budget():
    assert make_bot("ismcts:12").iterations == 12
    assert make_bot("ismcts").iterations >= 1
    with pytest.raises(Exception, match="ismcts:x"):
        make_bot("ismcts:x")


def test_a_time_budget_cuts_the_search_short():
    state = advance(new_game("classic", {}, seed=3), 9)
    evaluation = ISMCTSBot(iterations=10_000, seed=1, seconds=0.05).evaluate(observe(state))
    assert 1 <= evaluation.iterations < 10_000


def test_a_deeper_tree_searches_the_next_moves_deterministically():
    state = advance(new_game("albany", {}, seed=6), 11)
    seen = observe(state)
    bot = ISMCTSBot(iterations=3, seed=2, tree_depth=3, rollout_turns=2)
    first, again = bot.evaluate(seen), ISMCTSBot(iterations=3, seed=2, tree_depth=3, rollout_turns=2).evaluate(seen)
    assert first.moves == again.moves
    assert all(visits == 3 for _, visits, _ in first.moves)  # every root move met every deal
