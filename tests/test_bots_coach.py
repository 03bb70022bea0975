"""The coach and the moves told in words: what a learner reads beside the table."""

from __future__ import annotations

from tutor.cards import parse_cards
from tutor.engine import GreedyBot, new_game
from tutor.engine.coach import advise, event_words, move_words, play_words, rank_words
from tutor.engine.ismcts import observe
from tutor.engine.moves import Draw, Play
from tutor.play import parse_play

from test_bots_search import position_with_pickup, reshuffle_hidden

NAMES = ["You", "West", "North", "East"]


def test_cards_of_one_rank_are_counted_in_words():
    assert rank_words(parse_cards("KH KD")) == "two kings"
    assert rank_words(parse_cards("6S 6H 6D")) == "three sixes"
    assert rank_words(parse_cards("AS")) == "an ace"
    assert rank_words(parse_cards("KS 2C")) == "K♠ 2♣"


def test_a_pile_pickup_is_told_with_the_cards_that_took_it():
    actions = parse_play("pickup KH KD; meld KS KH KD 2C; discard 9C")
    text = play_words(actions, parse_cards("4D 7S KS"))
    assert text == "took the pile (3 cards) with two kings, melded K♠ K♥ K♦ 2♣ and discarded 9♣"


def test_an_albany_pickup_from_the_top_says_how_deep():
    assert play_words(parse_play("pickup depth 1; discard 9C"), parse_cards("5H")).startswith(
        "took the top card of the pile")


def test_advice_reads_as_an_instruction():
    assert move_words(Draw()) == "draw from the stock"
    assert move_words(Play(parse_play("meld 7S 7H 7C; discard 9C"))) == "meld 7♠ 7♥ 7♣ and discard 9♣"


def test_bot_moves_are_told_by_name_without_seat_numbers():
    state = new_game("classic", {}, seed=2)
    greedy = GreedyBot()
    for _ in range(12):
        state.apply(greedy.choose(state.view(state.to_act)), state.to_act)
    lines = [line for line in (event_words(e, NAMES) for e in state.events) if line]
    assert lines and all(line.split(":")[0] in NAMES for line in lines if ":" in line)
    assert not any("seat" in line.lower() for line in lines)


def test_the_coach_gives_the_same_advice_whatever_the_hidden_cards():
    # the coach sees what the learner sees: dealing the unseen cards again changes nothing it says
    state = position_with_pickup("classic")
    seat = state.to_act
    first = advise(observe(state, seat), iterations=2, seconds=60)
    other = reshuffle_hidden(state, seat, seed=1)
    again = advise(observe(other, seat), iterations=2, seconds=60)
    assert first.lines == again.lines and str(first.move) == str(again.move)


def test_the_coach_names_the_first_meld_minimum_before_the_side_is_down():
    state = new_game("classic", {}, seed=1600)
    greedy = GreedyBot()
    while state.to_act != 0 or state.phase != "drawn":
        state.apply(greedy.choose(state.view(state.to_act)), state.to_act)
    advice = advise(observe(state, 0), iterations=2, seconds=60)
    text = " ".join(advice.lines)
    assert "first meld needs 50 points" in text and "The search bot would" in text


def test_the_coach_s_lines_end_with_one_full_stop_each():
    # reasons quoted from the deciders end in a full stop of their own
    for seed in (1600, 1601, 1602):
        state = new_game("classic", {}, seed=seed)
        greedy = GreedyBot()
        while state.to_act != 0 or state.phase != "drawn":
            state.apply(greedy.choose(state.view(state.to_act)), state.to_act)
        for line in advise(observe(state, 0), iterations=2, seconds=60).lines:
            assert line.endswith(".") and ".." not in line, line
