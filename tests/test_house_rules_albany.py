"""Albany under a table's own house rules: every number the rules data declares is the one decided.

Each test pins a rule on a spot that once got a wrong answer: a house file's canasta length, jokers
alone wild, the order of the moves on the table and the draw (A-DRAW, A-COMBINE), lay-offs onto a
sequence, Deluxe option 3's pickup named by the hand's cards, an empty listing of melds.
"""

from __future__ import annotations

import pytest

from tutor.errors import SolverLimitError, TutorError
from tutor.play import parse_play
from tutor.questions import ask
from tutor.spot import Spot
from tutor.turn import play_turn

DECIDERS = ("z3", "reference")


def house(tmp_path, text: str, name: str = "table") -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    return str(path)


def spot(variant, hand, *, melds=(), discard="", phase="drawn", **options):
    data = {"variant": variant, "hand": hand, "melds": list(melds), "discard": discard, "phase": phase}
    if options:
        data["options"] = options
    return Spot.from_dict(data)


# -- A-SCORE: the canasta's length is the house file's ------------------------------------------------
@pytest.mark.parametrize("decider", DECIDERS)
def test_a_score_a_house_canasta_of_six_cards_lets_a_lay_off_go_out(tmp_path, decider):
    variant = house(tmp_path, 'extends = "albany"\n[canasta]\nmin_cards = 6\n')
    s = spot(variant, "KS 9C", melds=["QS QH QD QC QS QH QD", "KH KD KC KH KD"])
    verdict = ask("go-out", s, decider=decider)
    assert verdict.answer, verdict.reasons
    assert play_turn(s, parse_play(verdict.witness["play"])).went_out
    assert ask("play", s, play="layoff KS to 2; discard 9C").answer


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_score_a_house_canasta_of_eight_cards_is_not_reached_by_seven(tmp_path, decider):
    variant = house(tmp_path, 'extends = "albany"\n[canasta]\nmin_cards = 8\n')
    s = spot(variant, "KS 9C", melds=["QS QH QD QC QS QH QD QC", "KH KD KC KH KD KC"])
    assert not ask("go-out", s, decider=decider).answer
    assert not ask("play", s, play="layoff KS to 2; discard 9C").answer


# -- A-DECK / A-SET: jokers alone wild, 2s natural --------------------------------------------------------
JOKERS_ONLY = 'extends = "albany"\n[cards]\nwild = ["JK"]\n[meld]\nnatural_ranks = "A K Q J T 9 8 7 6 5 4 2"\n'


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_set_with_jokers_alone_wild_a_group_of_2s_takes_two_jokers(tmp_path, decider):
    variant = house(tmp_path, JOKERS_ONLY)
    # the table's sets hold their two wilds each: the jokers can only join the 2s
    s = spot(variant, "2C 2D 2H JK JK 5H", melds=["QS QH QD QC QS JK JK", "9S 9H 9D 9C 9S JK JK"])
    verdict = ask("go-out", s, decider=decider)
    assert verdict.answer
    assert sorted(verdict.witness["melds"][0].split()) == ["2C", "2D", "2H", "JK", "JK"]


# -- variants the deciders do not play: a clear message, never a crash ------------------------------------
@pytest.mark.parametrize("text", ['extends = "classic"\n[meld]\nsequences = true\n',
                                  'extends = "albany"\n[pile]\nstyle = "whole"\n'])
@pytest.mark.parametrize("question", ["go-out", "initial-meld", "melds", "pickup"])
@pytest.mark.parametrize("decider", DECIDERS)
def test_a_set_a_variant_no_decider_plays_gets_a_clear_message(tmp_path, text, question, decider):
    variant = house(tmp_path, text)
    s = spot(variant, "KS KH KD 9C 9D", discard="5H KC", phase="before-draw")
    with pytest.raises((SolverLimitError, TutorError)) as caught:
        ask(question, s, decider=decider)
    message = str(caught.value)
    assert "cannot be decided" in message and "z3" not in message and "encod" not in message


# -- A-DRAW, A-COMBINE: no move on the table comes before the draw or pickup ------------------------------
EXCHANGE_FIRST = {"variant": "albany", "hand": "KC 5H 9D 8S", "melds": ["JC QC JK AC"], "discard": "4D KC",
                  "phase": "before-draw"}


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_draw_an_exchange_never_comes_before_the_pickup_so_a_refused_pickup_stays_refused(decider):
    s = Spot.from_dict(EXCHANGE_FIRST)
    verdict = ask("pickup", s, play="depth 1", decider=decider)
    assert not verdict.answer and verdict.reasons


def test_a_combine_the_referee_refuses_a_table_move_before_the_pickup():
    s = Spot.from_dict(EXCHANGE_FIRST)
    verdict = ask("play", s, play="exchange KC on 1; pickup depth 1; discard 5H")
    assert not verdict.answer and verdict.reasons[0].rule == "A-COMBINE"


# -- A-SET: the listing of melds holds every lay-off onto a sequence ---------------------------------------
@pytest.mark.parametrize("decider", DECIDERS)
def test_a_set_melds_lists_a_lay_off_at_both_ends_of_a_sequence(decider):
    s = spot("albany", "4H 8H 2C 9S 9D 5H", melds=["5H 6H 7H"])
    listed = {(m["kind"], m["cards"], m["to"]) for m in ask("melds", s, decider=decider).extra["melds"]}
    assert ("layoff", "4H 8H", 1) in listed
    assert ask("play", s, play="layoff 4H 8H to 1; discard 9S").answer


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_set_melds_lists_a_lay_off_that_shifts_the_sequences_wild(decider):
    # 5H 2C 7H: the 2 stands for 6H; with 6H laid off it moves to an end (4H or 8H)
    s = spot("albany", "6H 9S 9D KC", melds=["5H 2C 7H"])
    listed = {(m["kind"], m["cards"], m["to"]) for m in ask("melds", s, decider=decider).extra["melds"]}
    assert ("layoff", "6H", 1) in listed
    assert ask("play", s, play="layoff 6H to 1; discard KC").answer


@pytest.mark.parametrize("decider", DECIDERS)
def test_an_empty_listing_of_melds_answers_false_with_a_reason(decider):
    s = spot("albany", "4H 9S KD", melds=["5C 6C 7C"])
    verdict = ask("melds", s, decider=decider)
    assert verdict.extra["melds"] == [] and verdict.answer is False and verdict.reasons


# -- A-DELUXE 3: the pickup named by the hand's cards alone ---------------------------------------------
TAKE_UP = {"variant": "albany", "options": {"deluxe": [3]}, "hand": "7H KD QC 9S", "discard": "5D 7S 7D 4C",
           "phase": "before-draw"}


@pytest.mark.parametrize("decider", DECIDERS)
@pytest.mark.parametrize("named", ["7H depth 3", "7H 7D depth 3"])
def test_a_deluxe_3_the_new_set_is_completed_from_the_cards_taken_above(decider, named):
    s = Spot.from_dict(TAKE_UP)
    verdict = ask("pickup", s, play=named, decider=decider)
    assert verdict.answer, verdict.reasons
    assert ask("play", s, play=f"pickup {named}; discard KD").answer
    assert ask("play", s, play=f"pickup {named}; meld 7S 7H 7D; discard KD").answer


def test_a_draw_without_deluxe_3_the_hand_alone_must_hold_the_two_naturals():
    s = Spot.from_dict({**TAKE_UP, "options": {}})
    assert not ask("pickup", s, play="7H depth 3").answer
    assert not ask("play", s, play="pickup 7H depth 3; discard KD").answer


# -- A-SET: a table's own set shape, decided alike by both deciders --------------------------------
def test_a_set_the_reference_decider_searches_a_house_file_that_reshapes_sets(tmp_path):
    variant = house(tmp_path, 'extends = "albany"\n[meld]\nmin_cards = 4\nmin_naturals = 3\nmax_wilds = 1\n')
    s = spot(variant, "9S 9H 9D 2C KS KH 4D", phase="drawn")
    z3, ref = ask("go-out", s), ask("go-out", s, decider="reference")
    assert z3.answer is ref.answer is False
    listing = [ask("melds", s, decider=d).extra["melds"] for d in DECIDERS]
    cards = [sorted(m["cards"] for m in melds) for melds in listing]
    assert cards[0] == cards[1] and "9S 9H 9D 2C" in " | ".join(cards[0])


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_draw_deluxe_3_a_deep_set_of_three_naturals_may_come_from_the_cards_taken(tmp_path, decider):
    # the lowest 5C goes down with 5C 5H taken above it: three naturals, as this table's sets need
    variant = house(tmp_path, 'extends = "albany"\n[cards]\nwild = ["JK"]\n[meld]\nmin_naturals = 3\n'
                              'wilds_at_most_naturals = true\nsequences = false\n[pile]\ntake_up_option = true\n')
    s = spot(variant, "6D AS 9H 2H 3S QD 6H 8C 2C 4H", discard="5C 5C 5H JS 7D 7S JK", phase="before-draw",
             players=6, partnerships=2)
    verdict = ask("initial-meld", s, decider=decider)
    assert verdict.answer, verdict.reasons
    assert verdict.witness["melds"][0] == "5C 5C 5H"


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_draw_a_wild_lowest_card_counts_against_no_cap_on_the_wild_cards_from_the_hand(tmp_path, decider):
    # A-DRAW: the lowest card taken may be wild; the house caps only the wild cards the hand adds (none)
    variant = house(tmp_path, 'extends = "albany"\n[cards]\nwild = ["JK", "2"]\n[meld]\nmax_wilds = 1\n'
                              '[pile]\ndeep_needs_naturals = 1\ndeep_max_wilds = 0\n[canasta]\nmin_cards = 5\n')
    s = spot(variant, "AS KS QS", discard="2H AD", phase="before-draw", players=2)
    verdict = ask("initial-meld", s, decider=decider)
    assert verdict.answer, verdict.reasons
    assert play_turn(s, parse_play(verdict.witness["play"])).new_melds


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_draw_the_deep_set_holds_the_naturals_the_house_asks_of_every_set(tmp_path, decider):
    # three naturals a set: a wild lowest card goes down with three jacks, never two
    variant = house(tmp_path, 'extends = "albany"\n[meld]\nmin_naturals = 3\n[pile]\ndeep_max_wilds = 0\n')
    s = spot(variant, "JS 7C JH QC JC 5C 2S 6D 8C", melds=["AH AC AS 2H"], discard="QS 6H QD AS AH 2S 5D",
             phase="before-draw", players=2)
    verdict = ask("pickup", s, decider=decider, play="JC JH JS depth 2")
    assert verdict.answer, verdict.reasons
    assert not ask("pickup", s, decider=decider, play="JC JH depth 2").answer


def test_a_draw_the_top_card_taken_alone_is_told_as_such():
    s = spot("albany", "JS 7C JH QC JC 5C 2S 6D 8C", melds=["AH AC AS 2H"], discard="QS 6H QD AS AH 2S 5D",
             phase="before-draw", players=2)
    first = ask("play", s, play="pickup; discard JS").reasons[0].text
    assert "cannot be laid off" in first and "alone" in first


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_draw_a_deep_sequence_holds_the_naturals_the_house_asks_of_every_set(tmp_path, decider):
    # KS with AS and a wild card is two naturals: short of this table's three, so no first meld comes of it
    variant = house(tmp_path, 'extends = "albany"\n[cards]\nwild = ["JK", "2"]\n[meld]\nmin_naturals = 3\n'
                              'max_wilds = "none"\n[pile]\ndeep_needs_naturals = 1\n[wild_meld]\nallowed = false\n')
    s = spot(variant, "AS AC 2S 2H", discard="KS QS", phase="before-draw", players=2)
    assert ask("initial-meld", s, decider=decider).answer is False


@pytest.mark.parametrize("decider", DECIDERS)
def test_a_deluxe_3_a_core_is_completed_with_as_many_cards_taken_as_the_house_sets_need(tmp_path, decider):
    # KS, AS and a wild card need QS, taken above KS, for this table's three naturals
    variant = house(tmp_path, 'extends = "albany"\n[cards]\nwild = ["JK", "2"]\n[meld]\nmin_naturals = 3\n'
                              'max_wilds = "none"\n[pile]\ndeep_needs_naturals = 1\ndeep_max_wilds = 1\n'
                              'take_up_option = true\n[wild_meld]\nallowed = false\n')
    s = spot(variant, "AS AD 2C 2H", discard="KS QS", phase="before-draw", players=2)
    verdict = ask("initial-meld", s, decider=decider)
    assert verdict.answer, verdict.reasons
    assert play_turn(s, parse_play(verdict.witness["play"])).new_melds
    assert ask("play", s, play="pickup AS 2H depth 2; meld KS QS AS 2H; discard AD").answer
