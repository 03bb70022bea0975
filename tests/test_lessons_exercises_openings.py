"""The practice of the lessons' opening sections, drawn many times (seeded) and answered right and wrong.

The right answer comes from the variant's rules data (``rules_for``) or the meld
judge (``tutor.melds.judge``) on the very cards shown, never from the
generator's bookkeeping; a named check cell is then run to see that progress is
marked on a right answer only.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tutor.cards import format_cards
from tutor.errors import IllegalPlayError
from tutor.melds import judge
from tutor.rules import rules_for

SEEDS = range(12)


@pytest.fixture(scope="module")
def kit(load_lesson):
    load_lesson("00_welcome")
    import rulebook

    return rulebook


# -- 08 canasty: a party game, and what counts minus -------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_y_deck_one_card_too_many_is_the_packs_copies_plus_one(load_lesson, kit, text_of, n):
    lesson = load_lesson("08_canasty_cards_and_sets")
    q = lesson.too_many_question(n)
    table = rules_for("canasty", {"players": q["players"]})
    counts = Counter(q["row"])
    over = [c for c, k in counts.items() if k > table.copies(c)]
    assert len(over) == 1 and counts[over[0]] == table.copies(over[0]) + 1
    ok, text = lesson.too_many_feedback(q, format_cards(over))
    assert ok is True and text.startswith("Right") and "packs" in text
    fine = next(c for c in counts if c not in over)
    bad, text = lesson.too_many_feedback(q, format_cards([fine]))
    assert bad is False and f"{q['players']} players play with" in text
    bad, text = lesson.too_many_feedback(q, format_cards(over * 2))
    assert bad is False and "single card" in text
    assert lesson.too_many_feedback(q, "") == (None, "")
    # the check cell marks progress on the right card only
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.too_many_check.run(many_ask=q, many_pick=kit.hand_widget(lesson.rules, q["row"],
                                       selected=format_cards([fine])), tracker=tracker)
    assert "may well be there" in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.too_many_check.run(many_ask=q, many_pick=kit.hand_widget(lesson.rules, q["row"],
                                       selected=format_cards(over)), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["one-too-many"]


def test_y_deck_one_too_many_tables_grow_with_their_packs(load_lesson):
    lesson = load_lesson("08_canasty_cards_and_sets")
    decks = [rules_for("canasty", {"players": lesson.too_many_question(n)["players"]}).layout.decks
             for n in range(len(lesson.PACK_STEPS))]
    assert decks == sorted(decks) and len(set(decks)) == len(decks)


@pytest.mark.parametrize("n", SEEDS)
def test_y_values_black_threes_always_and_bonus_cards_count_minus_when_not_down(load_lesson, kit, text_of, n):
    lesson = load_lesson("08_canasty_cards_and_sets")
    rules = rules_for("canasty")
    hand = lesson.minus_question(n)
    # from the data: a minus value, or a bonus card (plus only for a player who is down)
    minus = [c for c in hand if rules.value(c) < 0 or rules.role(c) == "bonus"]
    assert minus and any(rules.is_wild(c) for c in hand)
    ok, text = lesson.minus_feedback(hand, format_cards(minus))
    assert ok is True and text.startswith("Right")
    king = next(c for c in hand if rules.is_wild(c))
    bad, text = lesson.minus_feedback(hand, format_cards(minus + [king]))
    assert bad is False and "wild card" in text and "plus" in text
    bonus = [c for c in minus if rules.role(c) == "bonus"]
    if bonus:
        bad, text = lesson.minus_feedback(hand, format_cards([c for c in minus if c not in bonus]))
        assert bad is False and "minus for one who is not" in text
    black = [c for c in minus if rules.role(c) == "blocker"]
    if bonus:
        bad, text = lesson.minus_feedback(hand, format_cards(bonus))
        assert bad is False and "a black three counts minus wherever it ends" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.minus_check.run(minus_hand=hand, minus_pick=kit.hand_widget(rules, hand, selected=format_cards(
        minus + [king])), tracker=tracker)
    assert "Not" in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.minus_check.run(minus_hand=hand, minus_pick=kit.hand_widget(rules, hand, selected=format_cards(
        minus)), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["counts-minus"]


def test_y_values_counts_minus_climbs_to_a_joker_and_a_red_three(load_lesson):
    lesson = load_lesson("08_canasty_cards_and_sets")
    rules = rules_for("canasty")
    kinds = [{rules.role(c) for c in lesson.minus_question(n) if rules.value(c) < 0 or rules.role(c) == "bonus"}
             for n in range(3)]
    assert kinds[0] == {"blocker"} and kinds[-1] == {"blocker", "bonus"}


# -- 11 albany: a bigger game, groups and sequences ------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_a_deck_the_wild_cards_are_the_variant_s(load_lesson, kit, text_of, n):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    rules = rules_for("albany")
    hand = lesson.albany_wilds_question(n)
    wild = [c for c in hand if rules.role(c) == "wild"]
    assert wild and len(hand) == lesson.ladder_step(n, lesson.WILD_PICK_STEPS)
    ok, text = lesson.albany_wilds_feedback(hand, format_cards(wild))
    assert ok is True and text.startswith("Right")
    stray = next(c for c in hand if not rules.is_wild(c))
    bad, text = lesson.albany_wilds_feedback(hand, format_cards(wild + [stray]))
    assert bad is False and "not one of the wild cards" in text
    if len(wild) > 1:
        bad, text = lesson.albany_wilds_feedback(hand, format_cards(wild[:1]))
        assert bad is False and "more" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.albany_wilds_check.run(wilds_hand=hand, wilds_pick=kit.hand_widget(
        rules, hand, selected=format_cards([stray])), tracker=tracker)
    assert "Not" in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.albany_wilds_check.run(wilds_hand=hand, wilds_pick=kit.hand_widget(
        rules, hand, selected=format_cards(wild)), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["albany-wilds"]


def test_a_deck_a_canasty_king_is_named_as_not_wild_here(load_lesson):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    hand = tuple(lesson.parse_cards("KS 2H JK 9D 9C"))
    bad, text = lesson.albany_wilds_feedback(hand, "2H JK KS")
    assert bad is False and "wild in Canasty, not in Albany" in text


def kind(rules, cards):
    try:
        return judge(rules, tuple(cards), going_out=False).kind
    except IllegalPlayError:
        return None


@pytest.mark.parametrize("n", SEEDS)
def test_a_set_every_group_the_judge_finds_is_marked_right_and_sequences_wrong(load_lesson, kit, text_of, n):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    rules = rules_for("albany")
    q = lesson.pick_group_question(n)
    hand = q["hand"]
    # the judge, on the cards shown, over every three- to five-card choice
    choices = {size: [c for c in dict.fromkeys(combinations(hand, size))] for size in (3, 4, 5)}
    groups = [c for cs in choices.values() for c in cs if kind(rules, c) == "group"]
    sequences = [c for cs in choices.values() for c in cs if kind(rules, c) == "sequence"]
    assert groups
    for cards in groups:
        ok, text = lesson.pick_group_feedback(format_cards(cards))
        assert ok is True and text.startswith("Right")
    for cards in sequences:
        bad, text = lesson.pick_group_feedback(format_cards(cards))
        assert bad is False and "a sequence" in text and "one rank" in text
    if q["step"] != "plain":
        assert sequences or any(kind(rules, c) == "wild" for c in choices[3])
    bad, text = lesson.pick_group_feedback(format_cards(hand[:2]))
    assert bad is False and text.startswith("Not a set")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.group_check.run(grp_hand=kit.hand_widget(rules, hand, selected=format_cards(hand[:2])),
                                    tracker=tracker)
    assert "Not a set" in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.group_check.run(grp_hand=kit.hand_widget(rules, hand, selected=format_cards(groups[0])),
                                    tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["pick-a-group"]


def test_a_set_a_pair_with_three_wild_cards_is_named_as_too_many(load_lesson):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    q = lesson.pick_group_question(1)
    rules = rules_for("albany")
    wild = [c for c in q["hand"] if rules.is_wild(c)]
    pair = [c for c in q["example"] if rules.is_natural(c)]
    assert len(wild) > rules.max_wilds()
    bad, text = lesson.pick_group_feedback(format_cards(pair + wild))
    assert bad is False and "at most" in text
    bad, text = lesson.pick_group_feedback(format_cards(wild))
    assert bad is False and "wild cards only" in text


@pytest.mark.parametrize("n", SEEDS)
def test_a_set_the_card_that_spoils_a_sequence_is_the_one_the_judge_needs_out(load_lesson, kit, text_of, n):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    rules = rules_for("albany")
    q = lesson.spoil_question(n)
    row = list(q["row"])
    assert kind(rules, row) is None
    # every card whose removal leaves a sequence, by the judge on the very cards shown
    spoilers = []
    for card in dict.fromkeys(row):
        rest = list(row)
        rest.remove(card)
        ok, text = lesson.spoil_feedback(q, format_cards([card]))
        if kind(rules, rest) == "sequence":
            spoilers.append(card)
            assert ok is True and text.startswith("Right")
        else:
            assert ok is False and text.startswith("Without")
    assert spoilers and len(spoilers) < len(set(row))
    bad, text = lesson.spoil_feedback(q, format_cards(row[:2]))
    assert bad is False and "single card" in text
    keeper = next(c for c in row if c not in spoilers)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.spoil_check.run(spl_ask=q, spl_row=kit.hand_widget(rules, row, selected=format_cards([keeper])),
                                    tracker=tracker)
    assert "Without" in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.spoil_check.run(spl_ask=q, spl_row=kit.hand_widget(rules, row, selected=format_cards(
        spoilers[:1])), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["spoiled-sequence"]


# -- 07 house rules: one game, a few changes; the same cards, two verdicts ---------------------


def scored_left(variant, cards):
    from tutor.scoring import score_hand
    from tutor.spot import Spot

    return score_hand(Spot.from_dict({"variant": variant, "options": {"players": 2},
                                      "hand": format_cards(cards)})).total


@pytest.mark.parametrize("n", SEEDS)
def test_h_black3_a_black_three_left_in_hand_costs_less_at_the_house(load_lesson, kit, text_of, n):
    lesson = load_lesson("07_house_rules")
    hand = lesson.cost_question(n)
    # each card scored alone, left in hand, by each game's scoring
    less = [c for c in hand if scored_left("house", [c]) > scored_left("classic", [c])]
    assert len(less) >= lesson.ladder_step(n, lesson.COST_STEPS)
    ok, text = lesson.cost_feedback(hand, format_cards(less))
    assert ok is True and text.startswith("Right") and str(scored_left("house", hand)) in text
    wild = next(c for c in hand if rules_for("house").is_wild(c))
    bad, text = lesson.cost_feedback(hand, format_cards(less + [wild]))
    assert bad is False and "not what a wild card left in hand costs" in text
    if len(less) > 1:
        bad, text = lesson.cost_feedback(hand, format_cards(less[:1]))
        assert bad is False and "more" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.cost_check.run(cost_hand=hand, cost_pick=kit.hand_widget(lesson.house, hand, selected=format_cards(
        [wild])), tracker=tracker)
    assert "Not" in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.cost_check.run(cost_hand=hand, cost_pick=kit.hand_widget(lesson.house, hand, selected=format_cards(
        less)), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["costs-less"]


def legal(variant, cards):
    try:
        judge(rules_for(variant), tuple(cards), going_out=False)
        return True
    except IllegalPlayError:
        return False


@pytest.mark.parametrize("n", SEEDS)
def test_h_meld_keep_back_the_fewest_wild_cards_classic_refuses(load_lesson, kit, text_of, n):
    lesson = load_lesson("07_house_rules")
    meld = lesson.keep_question(n)
    assert legal("house", meld) and not legal("classic", meld)
    wilds = [c for c in meld if rules_for("house").is_wild(c)]
    naturals = [c for c in meld if rules_for("house").is_natural(c)]
    # the judge decides how many wild cards classic keeps: the most it still accepts
    kept = max(k for k in range(len(wilds) + 1) if legal("classic", naturals + wilds[:k]))
    back = wilds[kept:]
    assert len(back) == n + 1 if n < len(lesson.KEEP_STEPS) else back
    ok, text = lesson.keep_feedback(meld, format_cards(back))
    assert ok is True and text.startswith("Right")
    bad, text = lesson.keep_feedback(meld, format_cards(wilds))
    assert bad is False and "keep back fewer" in text
    if len(back) > 1:
        bad, text = lesson.keep_feedback(meld, format_cards(back[1:]))
        assert bad is False and "Classic still refuses" in text
    bad, text = lesson.keep_feedback(meld, format_cards(naturals[:1] + back))
    assert bad is False and "Keep" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.keep_check.run(keep_meld=meld, keep_pick=kit.hand_widget(lesson.house, meld, selected=format_cards(
        wilds)), tracker=tracker)
    assert "fewer" in text_of(out) and tracker.widget.solved == []
    out, _ = lesson.keep_check.run(keep_meld=meld, keep_pick=kit.hand_widget(lesson.house, meld, selected=format_cards(
        back)), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["keep-back"]
