"""The game engine: deal, draw, turns judged by play_turn, information, undo, JSON, scoring, game end."""

import json

import pytest

from tutor.cards import Card, format_cards, parse_cards
from tutor.engine import (BEFORE_DRAW, DRAWN, GAME_OVER, HAND_OVER, ODD_MAN, EngineError, Game, GreedyBot,
                          State, bots_for, new_game, parse_move, play_bots, play_game, play_hand, step)
from tutor.engine.cli import main as simulate_main
from tutor.engine.state import sort_cards
from tutor.errors import IllegalPlayError, TutorError
from tutor.spot import Spot
from tutor.turn import TurnError

C = Card.parse


# -- arranging a state: cards are moved, never made, so the pack is still whole --------------
def _take(d: dict, card: Card, rules) -> None:
    """Remove one ``card`` from the stock, or from a hand (which gets a natural from the stock instead)."""
    stock = list(parse_cards(d["stock"]))
    if card in stock:
        stock.remove(card)
        d["stock"] = format_cards(stock)
        return
    for seat, text in enumerate(d["hands"]):
        hand = list(parse_cards(text))
        if card in hand:
            k = next(i for i, c in enumerate(stock) if rules.role(c) == "natural")
            hand[hand.index(card)] = stock.pop(k)
            d["hands"][seat] = format_cards(sort_cards(hand))
            d["stock"] = format_cards(stock)
            return
    raise AssertionError(f"{card} is neither in the stock nor in a hand")


def arrange(state: State, *, top=(), hands=None, melds=None, pile=None, **fields) -> State:
    """A copy of ``state`` with these cards in these places; every card moved comes from the stock or a hand.

    ``top`` are the stock's next cards, first drawn first; ``hands`` {seat: cards} replace hands
    (the old cards go back to the stock); ``melds`` {side: [cards, ...]}; ``pile`` the pile, bottom first.
    """
    rules = state.rules
    d = state.to_dict()
    for seat, text in (hands or {}).items():
        d["stock"] = format_cards(list(parse_cards(d["hands"][seat])) + list(parse_cards(d["stock"])))
        d["hands"][seat] = ""
    if pile is not None:
        d["stock"] = format_cards(list(parse_cards(d["pile"])) + list(parse_cards(d["stock"])))
        d["pile"] = ""
    wanted = [c for cards in (hands or {}).values() for c in parse_cards(cards)]
    wanted += [c for side in (melds or {}).values() for m in side for c in parse_cards(m)]
    wanted += list(parse_cards(pile or "")) + list(parse_cards(" ".join(top)))
    for card in wanted:
        _take(d, card, rules)
    for seat, text in (hands or {}).items():
        d["hands"][seat] = format_cards(sort_cards(parse_cards(text)))
    for side, ms in (melds or {}).items():
        d["melds"][side] = list(ms)
    if pile is not None:
        d["pile"] = pile
    d["stock"] = format_cards(list(parse_cards(d["stock"])) + list(reversed(parse_cards(" ".join(top)))))
    d.update(fields)
    arranged = State.from_dict(d)
    assert arranged.cards_conserved()
    return arranged


def last_event(state, kind):
    return [e for e in state.events if e["event"] == kind][-1]


# -- the deal --------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant, options, hand, sides", [
    ("classic", {}, 11, 2), ("classic", {"players": 2}, 15, 2),
    ("house", {"players": 3}, 11, 3), ("house", {"players": 6}, 11, 3),
    ("canasty", {}, 11, 4), ("canasty", {"players": 12}, 11, 12),
    ("albany", {"players": 2}, 15, 2), ("albany", {"players": 3}, 13, 3), ("albany", {}, 11, 4),
    ("albany", {"players": 5}, 9, 5), ("albany", {"players": 4, "partnerships": True}, 11, 2),
    ("albany", {"players": 6, "partnerships": 2}, 7, 2), ("albany", {"players": 6, "partnerships": 3}, 7, 3),
])
def test_deal_follows_the_variant_layout_C_DECK_A_DEAL(variant, options, hand, sides):
    state = new_game(variant, options, seed=5)
    extra = [0] * state.players  # canasty: a batch's first red 3 draws two (Y-BONUSDRAW)
    for e in state.events:
        if e["event"] == "bonus":
            extra[e["seat"]] += len(e["replaced"].split()) - len(e["cards"].split())
    assert state.sides == sides and [len(h) for h in state.hands] == [hand + x for x in extra]
    assert len(state.pile) == 1 and state.cards_conserved()
    assert sum(state.rules.pack.values()) == sum(state.count_cards().values())
    assert state.phase == BEFORE_DRAW and state.to_act == 0


def test_partners_sit_opposite_and_share_melds_C_DECK():
    state = arrange(new_game("classic", {}, seed=1), melds={0: ["KS KH KD"]})
    assert state.seating == (0, 1, 0, 1)
    assert state.view(2).melds == state.view(0).melds == state.view(1).tables[0] == (parse_cards("KS KH KD"),)
    assert state.spot_for(2).melds == state.spot_for(0).melds and state.spot_for(1).melds == ()


def test_the_deal_is_seeded_and_the_next_hand_is_dealt_by_the_next_dealer():
    a, b = new_game("classic", {}, seed=9), new_game("classic", {}, seed=9)
    assert a.to_dict() == b.to_dict() and a.to_dict() != new_game("classic", {}, seed=10).to_dict()
    play_hand(a, bots_for(a))
    a.apply("deal")
    assert a.hand_no == 2 and a.dealer == 0 and a.to_act == 1


@pytest.mark.parametrize("seed, top", [(1, "3H"), (39, "2C"), (12, "3C")])
def test_classic_turned_up_wild_red_or_black_three_stays_on_the_pile_C_FROZEN(seed, top):
    state = new_game("classic", {}, seed=seed)
    assert state.pile == [C(top)]
    nats = [c for c in state.hands[0] if c.rank not in "23" and c.rank != "JK"][:2]
    with pytest.raises(TurnError):
        state.apply(f"play pickup {format_cards(nats)}; discard {state.hands[0][-1]}")
    assert state.pile == [C(top)]


def test_canasty_dealer_burns_a_bonus_or_wild_starter_to_the_bottom_of_the_stock():
    state = new_game("canasty", {}, seed=1)
    deal = state.events[0]
    assert deal["burned"] == "3H" and deal["pile"] == "QC" and state.stock[0] == C("3H")


def test_canasty_dealt_batch_first_red_three_draws_two_others_one_Y_BONUSDRAW():
    state = new_game("canasty", {}, seed=3)
    batch = [e for e in state.events if e["event"] == "bonus" and e["seat"] == 3][0]
    assert sorted(batch["cards"].split()) == ["3D", "3D", "JK"]
    assert len(batch["replaced"].split()) == 4


def test_canasty_red_three_whose_replacements_are_red_threes_draws_three_more_Y_BONUSDRAW():
    state = arrange(new_game("canasty", {}, seed=0), top=("3H", "3D", "3H", "5C", "6C", "7C"))
    state.apply("draw")
    bonus = [e for e in state.events if e["event"] == "bonus"][-2:]
    assert (bonus[0]["cards"], bonus[0]["replaced"]) == ("3H", "3D 3H")
    assert (bonus[1]["cards"], bonus[1]["replaced"]) == ("3D 3H", "5C 6C 7C")
    assert len(state.hands[0]) == 14 and state.bonus[0][-3:] == [C("3H"), C("3D"), C("3H")]
    assert state.phase == DRAWN and state.cards_conserved()


def test_classic_drawn_red_three_is_laid_out_and_replaced_C_RED3():
    state = arrange(new_game("classic", {}, seed=0), top=("3H", "5C"))
    state.apply("draw")
    assert state.bonus[0] == [C("3H")] and C("5C") in state.hands[0] and len(state.hands[0]) == 12
    assert state.spot_for().red_threes == (C("3H"),)


def test_a_red_three_drawn_as_the_last_card_ends_the_hand_C_END():
    state = arrange(new_game("classic", {}, seed=0), top=("3H",))
    d = state.to_dict()
    d["stock"] = "3H"
    d["hands"][1] = format_cards(list(parse_cards(d["hands"][1])) + list(parse_cards(state.to_dict()["stock"]))[:-1])
    state = State.from_dict(d)
    assert state.cards_conserved()
    state.apply("draw")
    assert state.phase == HAND_OVER and state.results[-1]["reason"] == "stock"


@pytest.mark.parametrize("variant, options, drawn", [
    ("classic", {}, 1), ("house", {"draw": 2}, 2), ("canasty", {}, 1), ("albany", {}, 2)])
def test_the_stock_draw_takes_the_variants_count_H_DRAW_A_DRAW(variant, options, drawn):
    state = arrange(new_game(variant, options, seed=2), top=("9C", "8C"))
    before = len(state.hands[0])
    state.apply("draw")
    assert len(state.hands[0]) == before + drawn and len(state.drawn) == drawn
    assert state.view(0).drawn == tuple(state.drawn) and state.view(1).drawn == ()


# -- information -------------------------------------------------------------------------------------
def test_spot_for_exports_a_valid_contract_spot():
    state = new_game("classic", {}, seed=4)
    spot = state.spot_for()
    assert spot.phase == "before-draw" and spot.hand == tuple(state.hands[0]) and spot.melds == ()
    assert Spot.from_dict(spot.to_dict()) == spot
    state.apply("draw")
    spot = state.spot_for()
    assert spot.phase == "drawn" and len(spot.hand) == 12 and spot.stock == len(state.stock)
    assert state.spot_for(1).phase == "before-draw"


def test_spot_carries_the_sides_score_for_the_first_meld_minimum_C_INITIAL():
    state = arrange(new_game("classic", {}, seed=4), scores=[1600, -20, 1600, -20])
    assert state.spot_for(0).initial_need == 90 and state.spot_for(1).initial_need == 15


def test_canasty_spot_knows_the_first_round_and_every_score_Y_GOOUT():
    state = arrange(new_game("canasty", {}, seed=4), scores=[100, 2000, 300, 400])
    spot = state.spot_for(0)
    assert spot.first_round and spot.scores == (100, 2000, 300, 400)
    assert state.spot_for(2).scores == (300, 400, 100, 2000)
    state = arrange(state, turns=4)
    assert not state.spot_for(0).first_round


def test_a_view_holds_the_seats_own_hand_and_the_pile_as_it_lies():
    state = new_game("classic", {}, seed=4)
    view = state.view(1)
    assert view.hand == tuple(state.hands[1]) and view.hand_sizes == (11, 11, 11, 11)
    assert view.pile_visible == (state.pile[-1],) and view.pile_size == 1
    assert "hands" not in str(view) and format_cards(state.hands[0]) not in str(view)
    albany = new_game("albany", {}, seed=4)
    for seat in range(4):
        albany.apply("draw")
        albany.apply(f"play discard {albany.hands[seat][-1]}")
    assert albany.view(0).pile_visible == tuple(albany.pile)  # a fanned pile shows every card


# -- turns are judged by play_turn ---------------------------------------------------------------------
def test_an_illegal_play_is_refused_and_changes_nothing():
    state = new_game("classic", {}, seed=4)
    state.apply("draw")
    before = state.to_dict()
    with pytest.raises(TurnError) as e:
        state.apply("play meld KS KH 2C 2D JK; discard 9C")
    assert e.value.rule
    assert state.to_dict() == before


def test_a_turn_from_before_draw_must_take_the_pile():
    state = new_game("classic", {}, seed=4)
    with pytest.raises(TurnError):
        state.apply(f"play discard {state.hands[0][0]}")


def test_moves_out_of_turn_or_phase_are_refused():
    state = new_game("classic", {}, seed=4)
    with pytest.raises(EngineError):
        state.apply("draw", seat=1)
    with pytest.raises(EngineError):
        state.apply("offer 9C")  # Deluxe 6 is albany's
    with pytest.raises(EngineError):
        state.apply("combine 1 2")  # classic has no combining
    with pytest.raises(EngineError):
        state.apply("deal")
    with pytest.raises(TutorError):
        state.apply("shuffle")


def test_check_answers_without_changing_the_state():
    state = new_game("classic", {}, seed=4)
    state.apply("draw")
    before = state.to_dict()
    turn = state.check(f"play discard {state.hands[0][0]}")
    assert turn.discard == state.hands[0][0] and state.to_dict() == before


# -- undo, JSON, replay ------------------------------------------------------------------------------------
def test_undo_takes_back_the_last_turn():
    state = new_game("house", {"draw": 2}, seed=6)
    bots = bots_for(state)
    for _ in range(5):
        step(state, bots)
    history = list(state.history)
    undone = state.undo()
    assert undone.to_dict() == State.replay(state.game, history[: state.turn_starts[-1]]).to_dict()
    assert len(undone.history) < len(history)


def test_undo_of_a_turn_in_progress_goes_back_to_its_start():
    state = new_game("classic", {}, seed=6)
    start = state.to_dict()
    state.apply("draw")
    assert state.undo().to_dict() == start
    with pytest.raises(EngineError):
        new_game("classic", {}, seed=6).undo()


def test_undo_after_going_out_unscores_the_hand():
    state = new_game("classic", {}, seed=2)
    play_hand(state, bots_for(state))
    assert state.results and state.phase in (HAND_OVER, GAME_OVER)
    back = state.undo()
    assert not back.results and back.scores == [0, 0, 0, 0] and back.phase in (BEFORE_DRAW, DRAWN)


def test_state_json_round_trip_is_exact():
    state = new_game("albany", {"players": 3, "deluxe": [4, 5, 6, 7, 9]}, seed=8)
    bots = bots_for(state, "random")
    for _ in range(40):
        step(state, bots)
        again = State.from_json(state.to_json())
        assert again.to_dict() == state.to_dict() and again == state


def test_the_history_replays_the_game_exactly():
    state = new_game("canasty", {"players": 5}, seed=8)
    play_game(state, bots_for(state))
    assert State.replay(state.game, state.history) == state
    assert all(isinstance(parse_move(text), object) for _, text in state.history)


@pytest.mark.parametrize("text", ["{", "[]", '{"format": "other"}', '{"format": "canasta-tutor-state/1"}'])
def test_a_damaged_saved_game_is_a_tutor_error(text):
    with pytest.raises(TutorError):
        State.from_json(text)


def test_moves_print_and_parse_back():
    for text in ["draw", "play pickup KH KD; meld KS KH KD 2C; discard 9C", "exchange 7H on 3", "combine 2 5",
                 "ask", "answer no", "offer 9C 4D", "bid 5S", "bid", "accept 2", "reject", "oddman yes", "deal",
                 "play pickup 5S 6S depth 4; meld 7S 5S 6S; layoff 9H to 2; discard 3C"]:
        assert str(parse_move(text)) == text


# -- a learner against the bots -------------------------------------------------------------------------------
def test_a_learner_plays_a_turn_against_the_bots():
    state = new_game("classic", {"players": 4}, seed=21)
    bots = [None, GreedyBot(), GreedyBot(), GreedyBot()]
    assert play_bots(state, bots) == 0
    view = state.view(0)
    assert view.to_act == 0 and view.phase == BEFORE_DRAW
    state.apply("draw", seat=0)
    with pytest.raises(TurnError):  # a two-pack game has only two 4S
        state.apply("play meld 4S 4S 4S; discard 9C", seat=0)
    card = state.view(0).hand[-1]
    state.apply(f"play discard {card}", seat=0)
    assert state.pile[-1] == card and state.to_act == 1
    waiting = play_bots(state, bots)
    assert waiting == 0 or state.hand_over
    if waiting == 0:
        assert len(state.history) > 2 and state.view(0).phase == BEFORE_DRAW


# -- albany: exchanging jokers and combining sets (A-COMBINE) ------------------------------------------------------------
def _albany(**kw):
    state = new_game("albany", {"players": 2}, seed=3)
    return arrange(state, **kw)


def test_albany_joker_exchanged_for_the_natural_it_stands_for_A_COMBINE():
    state = _albany(hands={0: "9H 5H QC 4S 6D"}, melds={0: ["7H 8H JK", "QS QD JK"]})
    state.apply("exchange 9H on 1")
    state.apply("exchange QC on 2")
    assert state.melds[0] == [parse_cards("7H 8H 9H"), parse_cards("QS QD QC")]
    assert state.hands[0].count(C("JK")) == 2 and state.cards_conserved()
    state.apply("draw")
    assert state.phase == DRAWN


@pytest.mark.parametrize("move", ["exchange 5H on 1", "exchange 4S on 2", "exchange 7D on 3", "exchange 9S on 1"])
def test_albany_exchange_that_breaks_or_changes_the_set_is_refused_A_COMBINE(move):
    state = _albany(hands={0: "9H 5H QC 4S 7D"}, melds={0: ["7H 8H JK", "QS QD 2C", "6S 6C 6H JK"]})
    with pytest.raises((IllegalPlayError, EngineError)):
        state.apply(move)


def test_albany_adjoining_sets_combine_A_COMBINE():
    state = _albany(hands={0: "9C 5H"}, melds={0: ["5S 6S 7S", "8S 9S TS", "QD QH QC", "QS QD 2H"]})
    state.apply("combine 1 2")
    state.apply("combine 2 3")
    assert state.melds[0] == [parse_cards("5S 6S 7S 8S 9S TS"), parse_cards("QD QH QC QS QD 2H")]
    for bad in ("combine 1 2", "combine 1 1", "combine 1 9"):
        with pytest.raises(IllegalPlayError):
            state.apply(bad)


# -- the stock runs out ------------------------------------------------------------------------------------------------
def test_classic_hand_ends_when_a_player_must_draw_from_an_empty_stock_C_END():
    state = new_game("classic", {}, seed=2)
    d = state.to_dict()
    stock = list(parse_cards(d["stock"]))
    d["hands"][1] = format_cards(sort_cards(list(parse_cards(d["hands"][1])) + stock))
    d["stock"] = ""
    state = State.from_dict(d)
    state.apply("draw")
    result = state.results[-1]
    assert state.phase == HAND_OVER and result["reason"] == "stock" and result["out"] is None
    for side in result["sides"]:
        assert sum(line["points"] for line in side["breakdown"]) == side["total"]
    assert state.scores == [sum(r["deltas"][s] for r in state.results) for s in range(4)]


def test_albany_turns_the_pile_into_a_new_stock():
    state = _albany(pile="9C 8D 7S 6H 5C KD", top=("4D",))
    d = state.to_dict()
    extra = list(parse_cards(d["stock"]))[:-1]
    d["hands"][1] = format_cards(sort_cards(list(parse_cards(d["hands"][1])) + extra))
    d["stock"] = "4D"
    state = State.from_dict(d)
    state.apply("draw")
    assert state.reshuffles == 1 and state.pile == [C("KD")] and len(state.stock) == 4
    assert C("4D") in state.drawn and last_event(state, "reshuffle")["cards"] == 5 and state.cards_conserved()


def test_albany_hand_ends_when_only_one_card_remains():
    state = _albany(pile="KD")
    d = state.to_dict()
    d["dead"] = d["stock"]  # out of play, as with Deluxe option 5
    d["stock"] = ""
    state = State.from_dict(d)
    state.apply("draw")
    assert state.phase == HAND_OVER and state.results[-1]["reason"] == "stock"


# -- the Deluxe options the engine honours (A-DELUXE) ------------------------------------------------------------------------
def test_deluxe_4_5_7_third_stock_card_dead_card_extra_discard():
    state = arrange(new_game("albany", {"players": 2, "deluxe": [4, 5, 7]}, seed=1), top=("9C", "8C", "7C", "6C", "5C"))
    state.apply("draw")
    assert state.pile[-1] == C("9C") and state.drawn == [C("8C"), C("7C")] and state.dead == [C("6C")]
    card = state.hands[0][0]
    state.apply(f"play discard {card}")
    assert state.pile[-2:] == [card, C("5C")] and state.cards_conserved()


def test_deluxe_5_needs_one_canasta_fewer():
    assert Game("albany", {"players": 2, "deluxe": [5]}).rules.canastas_to_go_out == 3


def test_deluxe_6_auction_offer_bids_and_exchange():
    state = arrange(new_game("albany", {"players": 4, "deluxe": [6]}, seed=1),
                    hands={0: "KS 9D 7C 5H 4S 6S 8H TD QD", 1: "KH KD 5S 6C 7D 8D 9S TH JC"})
    state.apply("draw")
    state.apply("offer KS")
    assert state.pending == "bidding" and state.to_act == 1
    state.apply("bid 5S", seat=1)
    state.apply("bid", seat=2)
    state.apply("bid", seat=3)
    assert state.pending == "choosing" and state.to_act == 0
    state.apply("accept 1", seat=0)
    assert C("KS") in state.hands[1] and C("5S") in state.hands[0] and state.pending is None
    assert state.cards_conserved()
    with pytest.raises(EngineError):
        state.apply("offer 9D")  # one offering a turn


def test_deluxe_6_partners_do_not_bid_and_rejected_offer_stays():
    state = new_game("albany", {"players": 4, "partnerships": True, "deluxe": [6]}, seed=1)
    state.apply("draw")
    hand = list(state.hands[0])
    state.apply(f"offer {hand[0]}")
    assert state.auction["queue"] == [1, 3]
    state.apply(f"bid {state.hands[1][0]}", seat=1)
    state.apply("bid", seat=3)
    state.apply("reject")
    assert state.hands[0] == hand and state.pending is None


def test_deluxe_8_odd_man_partners_share_half_the_score():
    state = new_game("albany", {"players": 3, "deluxe": [8]}, seed=11)
    bots = bots_for(state)
    play_hand(state, bots)
    state.apply("deal")
    assert state.phase == ODD_MAN and state.to_act == min(range(3), key=lambda s: (state.scores[s], s))
    leader = max(range(3), key=lambda s: (state.scores[s], -s))
    state.apply("oddman yes")
    assert state.seating[leader] == 0 and sorted(state.seating) == [0, 1, 1]
    assert state.rules.canastas_to_go_out == 5 and state.spot_for().rules.canastas_to_go_out == 5
    before = list(state.scores)
    play_hand(state, bots)
    result = state.results[-1]
    partners = result["sides"][1]
    for seat in partners["seats"]:
        assert state.scores[seat] - before[seat] == int(partners["total"] / 2)
    assert state.scores[leader] - before[leader] == result["sides"][0]["total"]
    assert State.from_json(state.to_json()) == state


def test_deluxe_9_money_settles_the_game():
    state = new_game("albany", {"players": 2, "deluxe": [9]}, seed=5)
    outcome = play_game(state, bots_for(state))
    best = max(outcome["scores"])
    assert outcome["money"] == [{"from": i, "to": outcome["winners"], "cents": best - s}
                                for i, s in enumerate(outcome["scores"]) if i not in outcome["winners"]]


# -- partners: may I go out? ---------------------------------------------------------------------------------------
def _ready_to_go_out():
    state = arrange(new_game("classic", {}, seed=3), hands={0: "5S 5H 5D"},
                    melds={0: ["KS KH KD KC KS KH KD"]}, top=("9C",))
    state.apply("draw")
    return state


def test_partner_answer_no_forbids_going_out_this_turn():
    state = _ready_to_go_out()
    state.apply("ask")
    assert state.to_act == 2
    state.apply("answer no", seat=2)
    with pytest.raises(IllegalPlayError) as e:
        state.apply("play meld 5S 5H 5D; discard 9C")
    assert e.value.rule == "C-GOOUT"
    state.apply("play discard 9C")
    assert state.phase == BEFORE_DRAW and state.to_act == 1


def test_partner_answer_yes_and_going_out_scores_the_hand_C_GOOUT():
    state = _ready_to_go_out()
    state.apply("ask")
    state.apply("answer yes")
    with pytest.raises(EngineError):
        state.apply("ask")
    state.apply("play meld 5S 5H 5D; discard 9C")
    result = state.results[-1]
    assert result["reason"] == "out" and result["out"] == 0
    assert any(line["item"] == "going out" for line in result["sides"][0]["breakdown"])
    assert state.scores[0] == state.scores[2] == result["sides"][0]["total"]


def test_asking_needs_a_partner():
    with pytest.raises(EngineError):
        new_game("classic", {"players": 2}, seed=1).apply("ask")


# -- the end of the game -------------------------------------------------------------------------------------------
def _hand_with_scores(variant, options, scores, seed=1, **fields):
    return arrange(new_game(variant, options, seed=seed), scores=scores, **fields)


def test_classic_game_ends_after_the_hand_a_side_reaches_5000_C_END():
    state = _hand_with_scores("classic", {}, [4990, 0, 4990, 0])
    play_hand(state, bots_for(state))
    over = max(state.scores) >= 5000
    assert state.is_over == over
    if over:
        assert state.outcome["winners"] == [max(range(2), key=lambda s: state.scores[s])]


@pytest.mark.parametrize("extended, target", [(False, 2500), (True, 5000)])
def test_canasty_game_to_2500_or_5000_extended_Y_DOWN(extended, target):
    state = _hand_with_scores("canasty", {"extended": extended}, [3000, 0, 0, 0])
    play_hand(state, bots_for(state))
    assert state.is_over == (max(state.scores) >= target)


def test_albany_game_is_seven_hands_A_GAME():
    state = _hand_with_scores("albany", {}, [0, 0, 0, 0], hand=7, first_hand_best=10_000)
    play_hand(state, bots_for(state))
    assert state.is_over


def test_albany_game_ends_on_four_times_the_first_hands_best_plus_1000_A_GAME():
    state = _hand_with_scores("albany", {}, [1395, 1000, 1000, 1000], hand=2, first_hand_best=100)
    play_hand(state, bots_for(state))
    assert state.is_over == (max(state.scores) >= 1400 or
                             sorted(state.scores)[-1] - sorted(state.scores)[-2] >= 1000)


def test_albany_game_ends_on_a_lead_of_1000_A_GAME():
    state = _hand_with_scores("albany", {}, [5000, 0, 0, 0], hand=2, first_hand_best=10_000)
    play_hand(state, bots_for(state))
    s = sorted(state.scores)
    assert state.is_over == (s[-1] - s[-2] >= 1000) and state.is_over


def test_a_finished_game_takes_no_more_moves():
    state = _hand_with_scores("classic", {}, [6000, 0, 6000, 0])
    play_hand(state, bots_for(state))
    assert state.phase == GAME_OVER
    with pytest.raises(EngineError):
        state.apply("deal")


# -- scores add up ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant, options", [("classic", {}), ("house", {"players": 3}), ("canasty", {}),
                                              ("albany", {"players": 6, "partnerships": 3})])
def test_hand_scores_add_up(variant, options):
    state = new_game(variant, options, seed=13)
    play_game(state, bots_for(state))
    totals = [0] * state.players
    for result in state.results:
        for side in result["sides"]:
            assert sum(line["points"] for line in side["breakdown"]) == side["total"]
            assert all(line["rule"] for line in side["breakdown"])
        totals = [t + d for t, d in zip(totals, result["deltas"])]
        assert result["scores"] == totals
    assert state.scores == totals


# -- the command line -----------------------------------------------------------------------------------------------
def test_simulate_prints_statistics_as_json(capsys):
    assert simulate_main(["--variant", "classic", "--hands", "3", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 3 and out["errors"] == 0 and out["cards_conserved"] is True
    assert out["hands_per_second"] > 0


def test_simulate_prints_statistics_for_people(capsys):
    assert simulate_main(["--variant", "albany", "--players", "3", "--hands", "2", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "going-out rate" in out and "errors:                 0" in out


@pytest.mark.parametrize("argv", [["--variant", "nope"], ["--variant", "classic", "--players", "3"],
                                  ["--variant", "classic", "--options", "[1"], ["--variant", "classic", "--hands", "0"],
                                  ["--variant", "classic", "--bot", "clever"], []])
def test_simulate_bad_input_exits_2(argv, capsys):
    assert simulate_main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("canasta-tutor: ") and captured.err.count("\n") == 1


def test_a_move_that_fails_half_way_changes_nothing(monkeypatch):
    from tutor.engine import state as state_module
    from tutor.errors import SolverLimitError

    state = _ready_to_go_out()
    before = state.to_dict()

    def gives_up(*args, **kwargs):
        raise SolverLimitError("the scoring gave up")

    monkeypatch.setattr(state_module, "score_hand", gives_up)
    with pytest.raises(SolverLimitError):
        state.apply("play meld 5S 5H 5D; discard 9C")
    assert state.to_dict() == before
    monkeypatch.undo()
    state.apply("play meld 5S 5H 5D; discard 9C")
    assert state.results[-1]["reason"] == "out"


def test_checking_a_move_leaves_the_next_spot_untouched():
    state = new_game("classic", {}, seed=4)
    state.check("draw")
    state.apply("draw")
    assert state.spot_for().phase == "drawn" and len(state.spot_for().hand) == 12
    spot = state.spot_for()
    state.check(f"play discard {state.hands[0][0]}")
    card = state.hands[0][-1]
    state.apply(f"play discard {card}")
    assert state.spot_for(0).hand == tuple(state.hands[0]) and state.spot_for(0) != spot
    assert state.spot_for(1).discard[-1] == card


def test_a_state_draws_itself_as_the_seat_to_acts_view():
    state = new_game("albany", {}, seed=1)
    assert "tutor-spot" in state._repr_html_()
    assert str(state.view(0)).startswith("seat 0 (side 0), hand 1, before-draw")
