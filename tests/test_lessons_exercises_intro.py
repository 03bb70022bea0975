"""The opening practice of classic lesson 1, drawn many times (seeded) and answered right and wrong.

The right answer comes from the rules data (``rules.value``) on the very cards shown, never from
the generator.
"""

from __future__ import annotations

import pytest

from tutor.cards import format_cards

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
