"""The opening practice of classic lessons 1 and 2, drawn many times (seeded) and answered right and wrong.

The right answer comes from the rules data (``rules.value``) or the meld judge
(``tutor.melds.is_legal``) on the very cards shown, never from the generator.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from tutor.cards import format_cards
from tutor.melds import is_legal

SEEDS = range(12)


@pytest.fixture(scope="module")
def kit(load_lesson):
    load_lesson("00_welcome")
    import rulebook

    return rulebook


def without(cards, card) -> list:
    left = list(cards)
    left.remove(card)
    return left


# -- 01 cards and values: worth the most, worth the least ---------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_values_every_card_worth_the_most_and_the_least_is_picked_by_its_value(load_lesson, kit, text_of, n):
    lesson = load_lesson("01_cards_and_values")
    rules = lesson.rules
    for hand, most, exercise in ((lesson.most_question(n), True, "most-points"),
                                 (lesson.fewest_question(n), False, "fewest-points")):
        assert not any(rules.role(c) == "bonus" for c in hand)  # red threes are laid out, as dealt
        edge = (max if most else min)(rules.value(c) for c in hand)
        wanted = [c for c in hand if rules.value(c) == edge]
        ok, text = lesson.extreme_feedback(hand, format_cards(wanted), most)
        assert ok is True and text.startswith("Right") and str(edge) in text
        stray = next(c for c in hand if rules.value(c) != edge)
        bad, text = lesson.extreme_feedback(hand, format_cards(wanted + [stray]), most)
        assert bad is False and f"Not {stray.symbol()}" in text and str(rules.value(stray)) in text
        if len(wanted) > 1:
            short, text = lesson.extreme_feedback(hand, format_cards(wanted[:1]), most)
            assert short is False and "more" in text
    assert lesson.extreme_feedback(hand, "", False) == (None, "")


def test_c_values_the_hands_climb_from_one_rank_to_several_and_to_a_black_three(load_lesson):
    lesson = load_lesson("01_cards_and_values")
    rules = lesson.rules

    def edge_cards(hand, best):
        edge = best(rules.value(c) for c in hand)
        return [c for c in hand if rules.value(c) == edge]

    assert len({c.rank for c in edge_cards(lesson.most_question(0), max)}) == 1
    assert all(len({c.rank for c in edge_cards(lesson.most_question(n), max)}) >= 2 for n in range(1, 6))
    assert not any(rules.role(c) == "blocker" for c in edge_cards(lesson.fewest_question(0), min))
    assert all(any(rules.role(c) == "blocker" for c in edge_cards(lesson.fewest_question(n), min))
               for n in range(1, 6))


def test_c_values_a_missed_black_three_is_named_as_worth_as_little(load_lesson):
    lesson = load_lesson("01_cards_and_values")
    rules = lesson.rules
    hand = lesson.fewest_question(1)
    low = min(rules.value(c) for c in hand)
    naturals = [c for c in hand if rules.value(c) == low and rules.role(c) != "blocker"]
    bad, text = lesson.extreme_feedback(hand, format_cards(naturals), False)
    assert bad is False and "a black three is worth" in text


@pytest.mark.parametrize("n", range(4))
def test_c_values_the_check_marks_both_only_when_right(load_lesson, kit, text_of, n):
    lesson = load_lesson("01_cards_and_values")
    rules = lesson.rules
    most, fewest = lesson.most_question(n), lesson.fewest_question(n)
    top = [c for c in most if rules.value(c) == max(rules.value(c) for c in most)]
    low = [c for c in fewest if rules.value(c) == min(rules.value(c) for c in fewest)]
    dear = [c for c in fewest if c not in low][:1]
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.most_check.run(most_hand=most, fewest_hand=fewest, tracker=tracker,
                                   most_pick=kit.hand_widget(rules, most, selected=format_cards(top)),
                                   fewest_pick=kit.hand_widget(rules, fewest, selected=format_cards(dear)))
    assert text_of(out).count("Right") == 1 and tracker.widget.solved == ["most-points"]
    out, _ = lesson.most_check.run(most_hand=most, fewest_hand=fewest, tracker=tracker,
                                   most_pick=kit.hand_widget(rules, most, selected=format_cards(top)),
                                   fewest_pick=kit.hand_widget(rules, fewest, selected=format_cards(low)))
    assert text_of(out).count("Right") == 2 and tracker.widget.solved == ["most-points", "fewest-points"]


# -- 02 melds and wild cards: the smallest meld, the card that spoils it ------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_meld_the_smallest_meld_is_judged_by_the_meld_rules(load_lesson, kit, text_of, n):
    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    hand = lesson.smallest_question(n)
    low = rules["meld"]["min_cards"]
    shapes = list(combinations(hand, low))
    legal = [c for c in shapes if is_legal(rules, c, going_out=False)]
    illegal = [c for c in shapes if not is_legal(rules, c, going_out=False)]
    assert legal and illegal
    for cards in legal[:5]:
        ok, text = lesson.smallest_feedback(format_cards(cards))
        assert ok is True and text.startswith("Right")
    for cards in illegal[:5]:
        bad, text = lesson.smallest_feedback(format_cards(cards))
        assert bad is False and text.startswith("Not a meld")
    few, text = lesson.smallest_feedback(format_cards(legal[0][:-1]))
    assert few is False and "exactly three" in text
    assert is_legal(rules, lesson.smallest_answer(hand), going_out=False)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.smallest_check.run(tracker=tracker,
                                       smallest_pick=kit.hand_widget(rules, hand, selected=format_cards(illegal[0])))
    assert "Right" not in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.smallest_check.run(tracker=tracker,
                                       smallest_pick=kit.hand_widget(rules, hand, selected=format_cards(legal[0])))
    assert "Right" in text_of(out) and tracker.widget.solved == ["smallest-meld"]


def test_c_meld_past_the_first_hand_no_rank_makes_a_meld_without_a_wild_card(load_lesson):
    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    for n in range(1, 6):
        hand = lesson.smallest_question(n)
        legal = [c for c in combinations(hand, 3) if is_legal(rules, c, going_out=False)]
        assert legal and all(any(rules.is_wild(x) for x in c) for c in legal)
        one_natural = [c for c in hand if rules.is_natural(c)][:1] + [c for c in hand if rules.is_wild(c)][:2]
        bad, text = lesson.smallest_feedback(format_cards(one_natural))
        assert bad is False and "one natural only" in text


@pytest.mark.parametrize("n", SEEDS)
def test_c_meld_the_card_that_spoils_a_meld_is_the_judge_s(load_lesson, kit, text_of, n):
    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    cards = lesson.spoil_question(n)
    assert not is_legal(rules, cards, going_out=False)
    spoilers = [c for c in set(cards) if is_legal(rules, without(cards, c), going_out=False)]
    keepers = [c for c in set(cards) if c not in spoilers]
    assert spoilers and keepers
    for card in spoilers:
        ok, text = lesson.spoil_feedback(cards, str(card))
        assert ok is True and text.startswith("Right") and card.symbol() in text
    for card in keepers:
        bad, text = lesson.spoil_feedback(cards, str(card))
        assert bad is False and "still no meld" in text
    two, text = lesson.spoil_feedback(cards, format_cards(cards[:2]))
    assert two is False and "one card only" in text
    assert set(lesson.spoil_answer(cards)) == set(spoilers)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.spoil_check.run(spoil_cards=cards, tracker=tracker,
                                    spoil_pick=kit.hand_widget(rules, cards, selected=str(keepers[0])))
    assert "Right" not in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.spoil_check.run(spoil_cards=cards, tracker=tracker,
                                    spoil_pick=kit.hand_widget(rules, cards, selected=str(spoilers[0])))
    assert "Right" in text_of(out) and tracker.widget.solved == ["spoils-the-meld"]


def test_c_meld_the_spoilers_climb_from_another_rank_to_a_black_three_to_too_many_wild_cards(load_lesson):
    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    spoilers = []
    for n in range(len(lesson.SPOIL_STEPS)):
        cards = lesson.spoil_question(n)
        spoilers.append({rules.role(c) for c in lesson.spoil_answer(cards)})
    assert spoilers == [{"natural"}, {"blocker"}, {"wild"}, {"wild"}]
    told = [lesson.spoil_feedback(c, str(lesson.spoil_answer(c)[0]))[1]
            for c in map(lesson.spoil_question, range(4))]
    assert "different ranks" in told[0] and "black 3s" in told[1]
    assert "outnumber" in told[2] and "at most three" in told[3]
