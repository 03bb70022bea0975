"""The lessons' verdict cells, run with chosen inputs: what a learner sees for a given selection.

Each lesson is imported as a module (``load_lesson``) and one named cell is run
with the widget or UI element it reads replaced by one whose value the test
chooses (``cell.run(hand_view=...)``, marimo's own way to test a cell). The
test then reads the cell's output as the learner would (``text_of``), or its
HTML (``html_of``) for the ``data-verdict`` marker every verdict carries.
"""

from __future__ import annotations

import json

import pytest

from tutor.questions import ask
from tutor.spot import Spot


class Value:
    """A stand-in for a marimo UI element: only its ``value`` is read by a cell."""

    def __init__(self, value):
        self.value = value


@pytest.fixture(scope="module")
def kit(load_lesson):
    load_lesson("00_welcome")  # puts lessons/ on the path
    import rulebook

    return rulebook


def widget(kit, variant, hand, **kw):
    return kit.hand_widget(variant, hand, **kw)


# -- 00 welcome ------------------------------------------------------------------------


def test_welcome_bad_notation_shows_the_message_not_a_traceback(load_lesson, text_of, html_of):
    lesson = load_lesson("00_welcome")
    out, _ = lesson.notation_check.run(cards_input=Value("KS XX 2C"))
    assert "bad card 'XX' at position 2" in text_of(out)
    assert 'data-verdict="error"' in html_of(out)


def test_welcome_widget_echoes_the_selection(load_lesson, kit, text_of):
    lesson = load_lesson("00_welcome")
    out, _ = lesson.demo_echo.run(demo=widget(kit, "classic", "KS KH KD 9C", selected="KS KD", groups=[]))
    assert "Selected: KS KD" in text_of(out)


def test_welcome_lists_every_numbered_lesson_with_a_description(load_lesson, kit, text_of):
    lesson = load_lesson("00_welcome")
    rows = lesson.lesson_catalogue(lesson.LESSONS_DIR)
    assert len(rows) >= 18
    assert all(r["title"] and r["description"] for r in rows)
    # the path through the course names every lesson once, start-here first
    path = [stem for _, stems in lesson.PATH for stem in stems]
    assert sorted(path) == sorted(r["stem"] for r in rows if r["stem"] != "00_welcome") and path[0] == "00_start_here"


def test_welcome_ticks_the_lessons_the_browser_holds_done(load_lesson, kit, text_of):
    lesson = load_lesson("00_welcome")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    tracker.widget.progress = json.dumps({"lessons": {"02_melds_and_wild_cards": "done"}, "exercises": {}})
    out, _ = lesson.course_list.run(course_progress=tracker)
    text = text_of(out)
    assert "✓ Classic 2: melds and wild cards" in text and "○ Classic 3: the first meld" in text
    assert "?file=02_melds_and_wild_cards.py" in lesson.course_path({"02_melds_and_wild_cards"})


def test_start_here_coach_walks_the_first_turn(load_lesson):
    lesson = load_lesson("00_start_here")
    assert lesson.coach("", []) == (False, lesson.coach("", [])[1]) and "Step 1" in lesson.coach("", [])[1]
    assert "Group" in lesson.coach("AS AH AD", [])[1]
    assert "Step 2" in lesson.coach("", ["AS AH AD"])[1]
    done, text = lesson.coach("4C", ["AS AH AD"])
    assert done and "discarded 4C" in text
    short, text = lesson.coach("4C", ["9C 9D 2D"])
    assert not short and "totals 40" in text and "need 50" in text


# -- classic ---------------------------------------------------------------------------


def test_classic_values_of_a_selection_and_its_meld(load_lesson, kit, text_of):
    lesson = load_lesson("01_cards_and_values")
    out, _ = lesson.selection_value.run(hand_view=widget(kit, "classic", "KS KH 2C 7D", selected="KS KH 2C"))
    text = text_of(out)
    assert "Total: 40 points" in text
    assert "A legal meld" in text and "C-MELD" in text


def test_classic_value_exercise_checks_the_total(load_lesson, kit, text_of):
    lesson = load_lesson("01_cards_and_values")
    cards = tuple(Spot.from_dict({"variant": "classic", "hand": "JK AS 9D 7C 4H 2S"}).hand)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    right, _ = lesson.exercise_feedback.run(answer_box=Value("110"), question_cards=cards, tracker=tracker)
    assert tracker.widget.solved == ["add-them-up"]
    wrong, _ = lesson.exercise_feedback.run(answer_box=Value("100"), question_cards=cards, tracker=tracker)
    typo, _ = lesson.exercise_feedback.run(answer_box=Value("ten"), question_cards=cards, tracker=tracker)
    assert "Right" in text_of(right)
    assert "Not yet" in text_of(wrong)
    assert "is not a whole number" in text_of(typo)


@pytest.mark.parametrize("selected, verdict, words", [
    ("KS KH 2C", "yes", "a group of Ks"),
    ("KS 2H 2C", "no", "has 1 natural card"),
    ("KS KH", "no", "a meld needs at least 3"),
    ("3S 3C 3S", "no", "only in the turn the player goes out"),
])
def test_classic_meld_verdict_for_a_selection(load_lesson, kit, text_of, html_of, selected, verdict, words):
    lesson = load_lesson("02_melds_and_wild_cards")
    hand = widget(kit, "classic", "KS KH KD 3S 3C 3S 2H 2C", selected=selected)
    out, _ = lesson.meld_check.run(hand_view=hand)
    assert f'data-verdict="{verdict}"' in html_of(out)
    assert words in text_of(out)


def test_classic_two_groups_of_one_rank_are_refused(load_lesson, kit, text_of):
    lesson = load_lesson("02_melds_and_wild_cards")
    hand = widget(kit, "classic", "KS KH KD KC KS 2C 9D", groups=["KS KH KD", "KC KS 2C"])
    out, _ = lesson.meld_check.run(hand_view=hand)
    assert "both Ks" in text_of(out)


def test_classic_four_wild_cards_break_the_cap(load_lesson, text_of):
    lesson = load_lesson("02_melds_and_wild_cards")
    out, _ = lesson.typed_verdict.run(typed_meld=Value("9S 9H 9D 9C 2C 2D JK 2S"))
    assert "may hold at most 3" in text_of(out)
    bad, _ = lesson.typed_verdict.run(typed_meld=Value("9S 9H 1D"))
    assert "bad card '1D'" in text_of(bad)


def test_classic_natural_canasta_bonus(load_lesson, text_of):
    lesson = load_lesson("02_melds_and_wild_cards")
    out, _ = lesson.canasta_verdict.run(canasta_text=Value("QS QH QD QC QS QH QD"))
    assert "natural canasta" in text_of(out) and "500" in text_of(out)


def test_classic_melds_exercise(load_lesson, kit, text_of):
    lesson = load_lesson("02_melds_and_wild_cards")
    candidates = ["KS KH 2C", "KS 2H 2C", "9S 9H 9D", "4S 4H", "QS QH QD 2C 2D JK"]
    right = [lesson.legal_now(c) for c in candidates]
    assert right == [True, False, True, False, True]
    answers = ["legal" if r else "not legal" for r in right]
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.exercise_feedback.run(candidates=candidates, ticks=Value(answers), tracker=tracker)
    assert "All right" in text_of(out) and tracker.widget.solved == ["legal-or-not"]
    out, _ = lesson.exercise_feedback.run(candidates=candidates, ticks=Value(["legal"] * 5),
                                          tracker=kit.progress_widget(lesson.LESSON, lesson.EXERCISES))
    text = text_of(out)
    assert "meld 2: one natural only" in text and "meld 4: two cards: a meld needs at least three" in text


@pytest.mark.parametrize("score, verdict, words", [
    (1600, "no", "your first meld totals 60; with 1600 points you need 90"),
    (0, "yes", "Enough"),
])
def test_classic_first_meld_against_the_score(load_lesson, kit, text_of, html_of, score, verdict, words):
    lesson = load_lesson("03_the_first_meld")
    hand = widget(kit, "classic", "KS KH KD QS 8D 5C 5D 2S 7C", groups=["KS KH KD", "5C 5D 2S"])
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.first_meld_verdict.run(hand_view=hand, score_slider=Value(score), tracker=tracker)
    assert tracker.widget.solved == (["make-it"] if verdict == "yes" else [])
    assert f'data-verdict="{verdict}"' in html_of(out)
    assert words in text_of(out)
    if verdict == "no":
        assert "C-INITIAL" in text_of(out)


PILE = {"variant": "classic", "hand": "KS KH 9C 9D 2C 5S 7H", "melds": ["AS AH AD"], "discard": "4C 7D KD",
        "phase": "before-draw"}


@pytest.mark.parametrize("pile, selected, verdict, rule", [
    ("4C 7D KD", "KS KH", "yes", None),
    ("4C 7D KD", "KS 2C", "yes", None),
    ("4C JK 7D KD", "KS 2C", "no", "C-FROZEN"),
    ("4C 7D KD 3S", "KS KH", "no", "C-BLACK3"),
])
def test_classic_taking_the_pile_with_the_selection(load_lesson, kit, text_of, html_of, pile, selected, verdict, rule):
    lesson = load_lesson("04_the_pile")
    table = Spot.from_dict({**PILE, "discard": pile})
    hand = widget(kit, "classic", table.hand, melds=table.melds, discard=table.discard, selected=selected)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.pickup_verdict.run(hand_view=hand, layoff_switch=Value(False), table=table, tracker=tracker)
    assert tracker.widget.solved == (["take-frozen"] if verdict == "yes" and "JK" in pile else [])
    assert f'data-verdict="{verdict}"' in html_of(out)
    if rule:
        assert rule in text_of(out)


def test_classic_laying_the_top_card_off_takes_the_pile(load_lesson, kit, html_of):
    lesson = load_lesson("04_the_pile")
    table = Spot.from_dict({**PILE, "discard": "4C 7D AC"})
    hand = widget(kit, "classic", table.hand, melds=table.melds, discard=table.discard)
    out, _ = lesson.pickup_verdict.run(hand_view=hand, layoff_switch=Value(True), table=table,
                                       tracker=kit.progress_widget(lesson.LESSON, lesson.EXERCISES))
    assert 'data-verdict="yes"' in html_of(out)


def test_classic_every_meld_on_request(load_lesson, text_of, html_of):
    lesson = load_lesson("02_melds_and_wild_cards")
    dealt = {"hand": Spot.from_dict({"variant": "classic", "hand": "KS KH 9C 9D 2C 5S"}).hand}
    waiting, _ = lesson.every_meld.run(dealt=dealt, list_button=Value(False))
    assert "when you ask" in text_of(waiting)
    out, _ = lesson.every_meld.run(dealt=dealt, list_button=Value(True))
    # cards drawn and told with their symbols, never as notation; the lay-off names the table meld's number
    assert "put down K♠ K♥ 2♣ as a new meld (3 cards, 40 points)" in text_of(out)
    assert "add 2♣ to meld 1 on the table" in text_of(out)
    assert "KS KH 2C" not in text_of(out) and 'data-card="KS"' in html_of(out)


def test_classic_pile_lesson_deals_valid_spots(load_lesson, kit):
    lesson = load_lesson("04_the_pile")
    for seed in range(20):
        dealt = kit.deal_until(lesson.rules, 404 + seed, lambda d: kit.pairs(lesson.rules, d["hand"]) >= 2, pile=8)
        for melded in (False, True):
            for black in (False, True):
                lesson.pile_spot(dealt, melded=melded, frozen=True, black_three=black)


@pytest.mark.parametrize("count, melded, points", [(2, True, "+200"), (4, True, "+800"), (4, False, "-800")])
def test_classic_red_threes_score(load_lesson, text_of, count, melded, points):
    lesson = load_lesson("05_red_and_black_threes")
    out, _ = lesson.red_three_verdict.run(threes_slider=Value(count), melded_switch=Value(melded))
    assert f"Red threes score {points}" in text_of(out)


@pytest.mark.parametrize("going_out, verdict", [(False, "no"), (True, "yes")])
def test_classic_black_threes_melded_only_going_out(load_lesson, kit, html_of, going_out, verdict):
    lesson = load_lesson("05_red_and_black_threes")
    hand = widget(kit, "classic", "3S 3C 3S 3C 2D KH", selected="3S 3C 3S")
    out, _ = lesson.black_three_verdict.run(threes_view=hand, going_out_switch=Value(going_out))
    assert f'data-verdict="{verdict}"' in html_of(out)


GOING_OUT = {"variant": "classic", "melds": ["KS KH KD KC KS KH 2D", "9S 9H 9D"], "hand": "7S 7H 7D 9C JK 4H"}


def test_classic_going_out_built_in_the_widget(load_lesson, kit, text_of):
    lesson = load_lesson("06_going_out_and_scoring")
    table = Spot.from_dict(GOING_OUT)
    hand = widget(kit, "classic", table.hand, melds=table.melds, groups=["7S 7H 7D", "9C JK"], selected="4H")
    out, _ = lesson.going_out_verdict.run(hand_view=hand, table=table,
                                          tracker=kit.progress_widget(lesson.LESSON, lesson.EXERCISES))
    text = text_of(out)
    assert "layoff 9C JK to 2" in text and "You are out" in text


def test_classic_going_out_needs_one_discard(load_lesson, kit, text_of):
    lesson = load_lesson("06_going_out_and_scoring")
    table = Spot.from_dict(GOING_OUT)
    hand = widget(kit, "classic", table.hand, melds=table.melds, selected="9C 4H")
    out, _ = lesson.going_out_verdict.run(hand_view=hand, table=table,
                                          tracker=kit.progress_widget(lesson.LESSON, lesson.EXERCISES))
    assert "select exactly one card to discard" in text_of(out)


def test_classic_going_out_without_a_canasta_is_refused(load_lesson, kit, text_of):
    lesson = load_lesson("06_going_out_and_scoring")
    table = Spot.from_dict({"variant": "classic", "melds": ["9S 9H 9D"], "hand": "7S 7H 7D 4H"})
    hand = widget(kit, "classic", table.hand, melds=table.melds, groups=["7S 7H 7D"], selected="4H")
    out, _ = lesson.going_out_verdict.run(hand_view=hand, table=table,
                                          tracker=kit.progress_widget(lesson.LESSON, lesson.EXERCISES))
    assert "C-GOOUT" in text_of(out)


def test_classic_hand_score_breakdown(load_lesson, text_of):
    lesson = load_lesson("06_going_out_and_scoring")
    spot = Spot.from_dict({"variant": "classic", "melds": ["QS QH QD QC QS QH QD"], "hand": "3S", "red_threes": "3H"})
    out, _ = lesson.score_view.run(ending=Value("we went out concealed"), scored=spot)
    text = text_of(out)
    assert "natural canasta" in text and "going out concealed" in text and "total" in text
    assert "+70 | " not in text  # a table, not raw markdown
    total = 70 + 500 + 100 + 200 - 100
    assert f"+{total}" in text


# -- house -----------------------------------------------------------------------------


def test_house_four_wilds_on_five_sixes(load_lesson, kit, text_of, html_of):
    lesson = load_lesson("07_house_rules")
    hand = widget(kit, "house", "6S 6H 6D 6C 6S 2S 2H JK JK 9D", selected="6S 6H 6D 6C 6S 2S 2H JK JK")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.both_verdicts.run(hand_view=hand, tracker=tracker)
    assert tracker.widget.solved == ["house-meld"]
    html = html_of(out)
    assert html.count('data-verdict="no"') == 1 and html.count('data-verdict="yes"') == 1
    assert "at most 3" in text_of(out)


def test_house_exercise_knows_which_variant_accepts_a_meld(load_lesson):
    lesson = load_lesson("07_house_rules")
    assert lesson.accepted_by("6S 6H 6D 6C 6S 2S 2H JK JK") == "house only"
    assert lesson.accepted_by("6S 6H 6D 6C 2S 2H JK") == "both"
    assert lesson.accepted_by("6S 6H 6D 2S 2H JK JK") == "neither"
    assert lesson.accepted_by("JK JK 2S 2H 2D 2C 2S") == "classic only"
    assert lesson.accepted_by("9S 9H 2C") == "both"


def test_house_differences_come_from_the_rules_diff(load_lesson, text_of):
    lesson = load_lesson("07_house_rules")
    _, defs = lesson.app.run()
    sections = {d.section for d in defs["differences"]}
    assert {"meld", "wild_meld", "blocker_meld", "bonus_cards", "layouts"} <= sections


# -- canasty ---------------------------------------------------------------------------


@pytest.mark.parametrize("selected, verdict", [("QS 2C KD", "no"), ("QS QH KD 2C 2D", "yes")])
def test_canasty_any_number_of_wilds_but_two_naturals(load_lesson, kit, html_of, selected, verdict):
    lesson = load_lesson("08_canasty_cards_and_sets")
    hand = widget(kit, "canasty", "QS QH KD 2C 2D 9S", selected=selected)
    out, _ = lesson.set_verdict.run(hand_view=hand)
    assert f'data-verdict="{verdict}"' in html_of(out)


def test_canasty_batch_rule_replacements(load_lesson):
    lesson = load_lesson("08_canasty_cards_and_sets")
    batch = Spot.from_dict({"variant": "classic", "hand": "", "red_threes": "3H 3D"}).red_threes
    assert lesson.replacements(batch) == 3
    assert lesson.replacements(batch[:1]) == 2


def test_canasty_seven_card_bonus_falls_with_more_packs(load_lesson, text_of):
    lesson = load_lesson("08_canasty_cards_and_sets")
    out, _ = lesson.seven_verdict.run(players_pick=Value(10), seven_text=Value("QS QH QD QC QS KH 2D"))
    assert "With 4 packs this mixed canasta earns 200" in text_of(out)


@pytest.mark.parametrize("pile, selected, verdict", [
    ("4C 8D QD", "QS KD", "yes"),
    ("4C 3S 8D QD", "QS KD", "no"),
    ("4C 3S 8D QD", "QS QH", "yes"),
])
def test_canasty_buried_black_three_needs_a_natural_pair(load_lesson, kit, html_of, text_of, pile, selected, verdict):
    lesson = load_lesson("09_canasty_down_and_pile")
    table = Spot.from_dict({"variant": "canasty", "hand": "QS QH 9C KD 5S 7H 8C", "melds": ["AS AH AD"],
                            "discard": pile, "phase": "before-draw"})
    hand = widget(kit, "canasty", table.hand, melds=table.melds, discard=table.discard, selected=selected)
    out, _ = lesson.pickup_verdict.run(hand_view=hand, table=table,
                                       tracker=kit.progress_widget(lesson.LESSON, lesson.EXERCISES))
    assert f'data-verdict="{verdict}"' in html_of(out)
    if verdict == "no":
        assert "Y-PICKUP" in text_of(out)


def test_canasty_extended_down_table(load_lesson, text_of):
    lesson = load_lesson("09_canasty_down_and_pile")
    out, _ = lesson.down_bands.run(extended_switch=Value(True))
    assert "4500 or more | 250" in lesson.down_table(True)
    assert "250" in text_of(out)


def test_canasty_spot_the_cheat(load_lesson, kit, text_of):
    lesson = load_lesson("10_canasty_going_out_and_cheats")
    question = lesson.cheat_question(1)
    assert question["kind"] == "A"
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    right, _ = lesson.exercise_feedback.run(answer=Value("A"), cheat_ask=question, tracker=tracker)
    assert tracker.widget.solved == ["name-the-cheat"]
    wrong, _ = lesson.exercise_feedback.run(answer=Value("legal"), cheat_ask=question, tracker=tracker)
    assert "cheat A" in text_of(right)
    assert "It looks fair, but it is not" in text_of(wrong)


def test_canasty_every_cheat_is_asked_from_a_dealt_hand_and_named_by_the_referee(load_lesson):
    lesson = load_lesson("10_canasty_going_out_and_cheats")
    named = set()
    for n in range(len(lesson.CHEAT_STEPS)):
        q = lesson.cheat_question(n)
        verdict = lesson.referee(q["spot"], q["play"])
        named.update(lesson.cheats_named(verdict) if not verdict.answer else ["legal"])
    assert named == {"A", "B", "C", "M", "N", "legal"}


def test_canasty_going_out_with_unmatched_cards(load_lesson, kit, text_of):
    lesson = load_lesson("10_canasty_going_out_and_cheats")
    table = Spot.from_dict({"variant": "canasty", "hand": "9C 9D 9H 5S 7H 4C", "melds": ["QS QH QD"]})
    hand = widget(kit, "canasty", table.hand, melds=table.melds, groups=["9C 9D 9H"], selected="5S")
    out, _ = lesson.going_out_verdict.run(hand_view=hand, table=table)
    assert "You are out" in text_of(out)


# -- albany ----------------------------------------------------------------------------


@pytest.mark.parametrize("selected, verdict, words", [
    ("5H 2C 7H", "yes", "a sequence in H"),
    ("3S 3H 3D", "no", "stopper"),
    ("9S 9H 9D 2C 2D JK", "no", "at most 2"),
    ("2C 2D JK", "yes", "wild cards only"),
])
def test_albany_sets(load_lesson, kit, html_of, text_of, selected, verdict, words):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    hand = widget(kit, "albany", "5H 7H 9S 9H 9D 3S 3H 3D 2C 2D JK", selected=selected)
    out, _ = lesson.set_verdict.run(hand_view=hand)
    assert f'data-verdict="{verdict}"' in html_of(out)
    assert words in text_of(out)


def test_albany_combining_two_sequences(load_lesson, text_of):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    out, _ = lesson.combine_verdict.run(first_set=Value("5H 6H 7H"), second_set=Value("8H 9H JK"))
    assert "A legal meld" in text_of(out)
    assert lesson.kind_of("AH 2C 3H") == "not a set"


def test_albany_a_sequence_and_a_group_do_not_combine_A_COMBINE(load_lesson, html_of, text_of):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    out, _ = lesson.combine_verdict.run(first_set=Value("5H 6H 7H"), second_set=Value("9S 9D 9C"))
    assert 'data-verdict="no"' in html_of(out) and "A-COMBINE" in text_of(out)


@pytest.mark.parametrize("table_set, card, verdict, words", [
    ("5H JK 7H 8H", "6H", "yes", "5H 6H 7H 8H"),      # the natural the joker stands for
    ("5H JK 7H 8H", "9S", "no", "A-COMBINE"),          # another suit
    ("5H 2C 7H 8H", "6H", "no", "never 2s"),           # 2s are never exchanged
    ("5H JK 7H 8H", "6H 7H", "error", "one natural"),  # two cards typed
])
def test_albany_joker_exchange_A_COMBINE(load_lesson, html_of, text_of, table_set, card, verdict, words):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    out, _ = lesson.exchange_verdict.run(table_set=Value(table_set), natural=Value(card))
    if verdict == "yes":
        assert "is yours to meld" in text_of(out) and 'data-verdict' not in html_of(out)
    else:
        assert f'data-verdict="{verdict}"' in html_of(out)
    assert words in text_of(out)


def test_albany_going_out_through_a_joker_exchange_A_COMBINE(load_lesson, html_of, text_of):
    out, _ = load_lesson("11_albany_sets_and_stoppers").exchange_example.run()
    assert 'data-verdict="yes"' in html_of(out) and "exchange 6H on 1" in text_of(out)


def test_albany_going_out_through_a_card_taken_for_a_table_joker_A_DRAW_A_COMBINE(load_lesson, html_of, text_of):
    out, _ = load_lesson("12_albany_pile_and_scoring").pickup_exchange_example.run()
    assert 'data-verdict="yes"' in html_of(out)
    assert "pickup 8C 8S depth 2; meld 8D 8C 8S; exchange 6H on 1" in text_of(out)



def test_albany_no_joker_is_freed_on_the_table_before_the_pickup_A_DRAW_A_COMBINE(load_lesson, html_of, text_of):
    out, _ = load_lesson("12_albany_pile_and_scoring").joker_freed_example.run()
    assert 'data-verdict="no"' in html_of(out)
    assert "A-DRAW" in text_of(out) and "exchange QH" not in text_of(out)

def test_albany_deep_pickup(load_lesson, kit, html_of, text_of):
    lesson = load_lesson("12_albany_pile_and_scoring")
    table = Spot.from_dict({"variant": "albany", "hand": "9S 9H 5D 6D 7C KS", "melds": ["QH QS QD"],
                            "discard": "4C 9D 8C 3S QC", "phase": "before-draw"})
    hand = widget(kit, "albany", table.hand, melds=table.melds, discard=table.discard, selected="9S 9H")
    no, _ = lesson.deep_pickup_verdict.run(hand_view=hand, depth_slider=Value(2), table=table)
    yes, _ = lesson.deep_pickup_verdict.run(hand_view=hand, depth_slider=Value(4), table=table)
    assert 'data-verdict="yes"' in html_of(yes)
    assert 'data-verdict="no"' in html_of(no) and "A-STOPPER" in text_of(no)


def test_albany_canasta_bonus_by_length(load_lesson, kit, text_of):
    lesson = load_lesson("12_albany_pile_and_scoring")
    hand = widget(kit, "albany", "4H 5H 6H 7H 8H 9H TH JH QH KH AH 2C JK", selected="4H 5H 6H 7H 8H 9H TH JH QH")
    out, _ = lesson.canasta_verdict.run(canasta_pick=hand)
    assert "natural canasta" in text_of(out) and "300" in text_of(out)


def test_albany_deluxe_dead_card_needs_one_canasta_fewer(load_lesson, text_of):
    lesson = load_lesson("12_albany_pile_and_scoring")
    out, _ = lesson.deluxe_view.run(deluxe_pick=Value([1, 5]))
    text = text_of(out)
    assert "Canastas needed with 4 players: 1" in text and "sequences start at 5" in text


# -- puzzles, referee, workbench, play ------------------------------------------------------


def test_puzzle_answer_attempt_and_proof(load_lesson, kit, text_of):
    lesson = load_lesson("13_puzzles")
    from tutor.puzzles.generate import puzzle_from
    from tutor.puzzles.prove import prove

    spot = Spot.from_dict(GOING_OUT)
    puzzle = puzzle_from(spot, "go-out", None, prove(spot, "go-out"), "manual", "-")
    right, _ = lesson.answer_feedback.run(answer=Value("yes"), puzzle=puzzle)
    assert "Right" in text_of(right)
    hand = widget(kit, "classic", spot.hand, melds=spot.melds, groups=["7S 7H 7D", "9C JK"], selected="4H")
    out, _ = lesson.attempt_feedback.run(attempt_text=Value(""), attempt_view=hand, puzzle=puzzle, puzzle_spot=spot)
    assert "answers the question" in text_of(out)
    proof, _ = lesson.proof_cell.run(puzzle=puzzle)
    assert "Reveal the proof" in text_of(proof)


class _State:
    """A stand-in for a marimo state pair, recording what the cell sets."""

    def __init__(self, value):
        self.value = value

    def get(self):
        return self.value

    def set(self, value):
        self.value = value


def _trainer_puzzle():
    from tutor.puzzles.generate import puzzle_from
    from tutor.puzzles.prove import prove

    spot = Spot.from_dict(GOING_OUT)
    return puzzle_from(spot, "go-out", None, prove(spot, "go-out"), "manual", "-")


@pytest.mark.parametrize("given,solved", [("yes", True), ("no", False)])
def test_puzzle_trainer_counts_the_first_answer_of_a_showing_once(load_lesson, given, solved):
    lesson = load_lesson("13_puzzles")
    from tutor.puzzles.trainer import Record

    puzzle = _trainer_puzzle()
    record, scored = _State(Record()), _State(frozenset())
    for again in (given, "yes", "no"):  # changing the answer afterwards changes nothing
        lesson.score_answer.run(answer=Value(again), get_record=record.get, set_record=record.set,
                                get_scored=scored.get, set_scored=scored.set, puzzle=puzzle,
                                showing=(puzzle.id, 1))
    assert (puzzle.id in record.value.solved) is solved and (puzzle.id in record.value.missed) is not solved
    assert record.value.streak == int(solved) and sum(t[1] for t in record.value.themes.values()) == len(puzzle.themes)
    # shown again later (a review), the puzzle is a new game
    lesson.score_answer.run(answer=Value("yes"), get_record=record.get, set_record=record.set,
                            get_scored=scored.get, set_scored=scored.set, puzzle=puzzle, showing=(puzzle.id, 2))
    assert puzzle.id in record.value.solved and puzzle.id not in record.value.missed


def test_puzzle_trainer_wrong_answer_gets_a_hint_before_the_proof(load_lesson, text_of):
    lesson = load_lesson("13_puzzles")
    from tutor.puzzles.trainer import hint

    puzzle = _trainer_puzzle()
    wrong, _ = lesson.answer_feedback.run(answer=Value("no"), puzzle=puzzle)
    assert "Not so" in text_of(wrong) and hint(puzzle) in text_of(wrong)
    waiting, _ = lesson.answer_feedback.run(answer=Value(None), puzzle=puzzle)
    assert "Choose your answer" in text_of(waiting)


def test_puzzle_trainer_restores_the_record_the_browser_kept(load_lesson):
    lesson = load_lesson("13_puzzles")
    from tutor.puzzles.trainer import Record
    from tutor.widget.store import BrowserStore

    kept = Record().answered(_trainer_puzzle(), solved=True)
    store = BrowserStore(key="canasta-tutor:puzzles")
    store.keep(kept.to_dict())
    store.loaded = True
    record, restored, current = _State(Record()), _State(False), _State(("x", 3))
    lesson.restore_record.run(store=_Store(store), get_restored=restored.get,
                              set_restored=restored.set, set_record=record.set, set_current=current.set)
    assert record.value.solved == kept.solved and restored.value is True and current.value is None


class _Store:
    """A stand-in for ``mo.ui.anywidget``: its value is the widget's traits, its widget the widget."""

    def __init__(self, widget):
        self.widget = widget
        self.value = {"loaded": widget.loaded, "value": widget.value}


def test_referee_names_the_step_and_the_rule(load_lesson, kit, text_of):
    lesson = load_lesson("14_the_referee")
    spot = Spot.from_dict(lesson.SAMPLE)
    hand = widget(kit, "classic", spot.hand, melds=spot.melds, discard=spot.discard)
    out, _ = lesson.referee_verdict.run(hand_view=hand, play_box=Value("meld KS 2C JK; discard 9S"),
                                        play_source=Value("the play typed here"), spot=spot)
    text = text_of(out)
    assert "Illegal (step 1" in text and "C-MELD" in text and "Source: Classic Canasta, 'Wild cards (2, joker)'" in text


def test_referee_every_meld_is_listed_as_cards_numbered_as_the_table_numbers_them(load_lesson, html_of, text_of):
    lesson = load_lesson("14_the_referee")
    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH 2C 7D 4C", "melds": ["AS AH AD", "7S 7H 7C"],
                           "score": 0})
    out, _ = lesson.checker_answer.run(ask_button=Value(True), question_pick=Value("melds"), spot=spot)
    text = text_of(out)
    assert "add 7♦ to meld 2 on the table" in text and "put down K♠ K♥ 2♣ as a new meld" in text
    assert "7D" not in text and "layoff" not in text and 'data-card="7D"' in html_of(out)
    listed = ask("melds", spot).extra["melds"]
    assert html_of(out).count("<li") == len(listed) and f"{len(listed)}. " in text


def test_referee_spot_errors_are_messages(load_lesson, text_of):
    lesson = load_lesson("14_the_referee")
    _, defs = lesson.spot_cell.run(arranging=None, source=Value("JSON"), spot_json=Value('{"variant": "classic", "hand": "KS KS KS"}'),
                                   discard_text=Value(""), hand_text=Value(""), melds_text=Value(""),
                                   phase_pick=Value("drawn"), score_text=Value("0"), variant_pick=Value("classic"))
    assert defs["spot"] is None
    assert "3 copies of KS" in text_of(defs["spot_problem"])


def test_referee_spot_arranged_in_the_widget(load_lesson, kit):
    lesson = load_lesson("14_the_referee")
    arranging = widget(kit, "classic", "KS KH KD 9C 9D 4C 7H", groups=["KS KH KD"], selected="4C")
    _, defs = lesson.spot_cell.run(arranging=arranging, source=Value("Arrange a classic deal"), spot_json=Value(""),
                                   discard_text=Value(""), hand_text=Value(""), melds_text=Value(""),
                                   phase_pick=Value("before-draw"), score_text=Value("120"),
                                   variant_pick=Value("classic"))
    spot = defs["spot"]
    assert [str(c) for c in spot.discard] == ["4C"] and len(spot.melds) == 1 and spot.score == 120


def test_referee_play_built_in_the_widget(load_lesson, kit, text_of):
    lesson = load_lesson("14_the_referee")
    spot = Spot.from_dict(lesson.SAMPLE)
    hand = widget(kit, "classic", spot.hand, melds=spot.melds, discard=spot.discard, groups=["7D 7C"], selected="9S")
    out, _ = lesson.referee_verdict.run(hand_view=hand, play_box=Value(""), spot=spot,
                                        play_source=Value("the play built with the cards"))
    assert "layoff 7D 7C to 2; discard 9S" in text_of(out) and "Legal" in text_of(out)


class Collection:
    """The workbench's per-learner collection (its ``mo.state``): a getter and a setter."""

    def __init__(self, puzzles=()):
        self.puzzles = list(puzzles)

    def get(self):
        return list(self.puzzles)

    def set(self, puzzles):
        self.puzzles = list(puzzles)


def _proved_frozen_pile(lesson):
    spot = Spot.from_dict({"variant": "classic", "hand": "9S 2C KC 7H 4S", "melds": ["AS AH AD"],
                           "discard": "5C JK 8D 9H", "phase": "before-draw"})
    shown, defs = lesson.proof_cell.run(play_box=Value("9S 2C"), prove_button=Value(True),
                                        question_pick=Value("pickup"), spot=spot)
    return shown, defs


def _save(lesson, defs, collection, name="week-3", tags="week-3, frozen-pile", press=True):
    out, _ = lesson.save_cell.run(get_collection=collection.get, set_collection=collection.set,
                                  name_box=Value(name), proved=defs["proved"], proven=defs["proven"],
                                  save_button=Value(press), tags_box=Value(tags))
    return out


def test_workbench_proves_saves_and_prints(load_lesson, monkeypatch, text_of, html_of):
    lesson = load_lesson("15_workbench")
    monkeypatch.delenv("CANASTA_TUTOR_WORKBENCH_DIR", raising=False)
    shown, defs = _proved_frozen_pile(lesson)
    assert "Answer: no" in text_of(shown) and "C-FROZEN" in text_of(shown)
    feedback, _ = lesson.exercise_feedback.run(proved=defs["proved"])
    assert "That is the puzzle" in text_of(feedback)

    collection = Collection()
    out = _save(lesson, defs, collection)
    assert "Saved" in text_of(out) and "download it" in text_of(out)
    assert len(collection.puzzles) == 1 and "week-3" in collection.puzzles[0].themes

    again = _save(lesson, defs, collection, tags="week-3")
    assert "already holds this puzzle" in text_of(again) and len(collection.puzzles) == 1
    bad_tag = _save(lesson, defs, collection, tags="Week 3!", press=False)
    assert "a tag is lower-case" in text_of(bad_tag)

    listing, defs_listing = lesson.collection_cell.run(get_collection=collection.get, name_box=Value("Week 3"))
    assert "Download the collection" in text_of(listing) and "week-3.jsonl" in html_of(listing)
    sheet, _ = lesson.worksheet_cell.run(collection=defs_listing["collection"], name_box=Value("Week 3"),
                                         sheet_title=Value("Week 3"), with_answers=Value(True))
    assert "Download the worksheet" in text_of(sheet)


def test_workbench_downloads_hold_the_learners_own_puzzles_and_load_back(load_lesson, monkeypatch):
    lesson = load_lesson("15_workbench")
    monkeypatch.delenv("CANASTA_TUTOR_WORKBENCH_DIR", raising=False)
    _, defs = _proved_frozen_pile(lesson)
    mine = Collection()
    _save(lesson, defs, mine)
    from tutor.puzzles.format import dumps

    assert [p.id for p in lesson.read_collection(dumps(mine.puzzles).encode())] == [mine.puzzles[0].id]
    with pytest.raises(lesson.TutorError, match="line 1 is not valid JSON"):
        lesson.read_collection(b"{not json")
    assert Collection().get() == []  # another learner's collection starts empty: no shared file


def test_workbench_proof_reports_a_search_that_gives_up_within_its_limit(load_lesson, monkeypatch, text_of):
    from tutor import search_budget

    lesson = load_lesson("15_workbench")
    monkeypatch.setattr(search_budget, "MAX_STEPS", 5)  # the reference decider's search, cut short
    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH KD QS QH 2C JK 9C 4D", "score": 200})
    shown, defs = lesson.proof_cell.run(play_box=Value(""), prove_button=Value(True),
                                        question_pick=Value("initial-meld"), spot=spot)
    assert "No proof" in text_of(shown) and "gave up within its resource limit" in text_of(shown)
    assert defs["proved"] is None


@pytest.mark.parametrize("typed, name", [("../../etc/passwd", "etc-passwd"), ("/root/.ssh/authorized_keys",
                                         "root-ssh-authorized-keys"), ("Week 3", "week-3"), ("", "collection"),
                                         ("ｗｅｅｋ３", "week3"), ("CON\x00", "con"), ("..", "collection")])
def test_workbench_collection_names_are_sanitised(load_lesson, typed, name):
    lesson = load_lesson("15_workbench")
    assert lesson.collection_name(typed) == name


def test_workbench_keeps_collections_only_in_the_owners_folder(load_lesson, monkeypatch, tmp_path, text_of):
    lesson = load_lesson("15_workbench")
    folder = tmp_path / "workbench"
    folder.mkdir()
    monkeypatch.setenv("CANASTA_TUTOR_WORKBENCH_DIR", str(folder))
    _, defs = _proved_frozen_pile(lesson)
    out = _save(lesson, defs, Collection(), name="../../outside")
    assert "kept on the server as outside.jsonl" in text_of(out)
    assert [p.name for p in folder.iterdir()] == ["outside.jsonl"] and not (tmp_path / "outside.jsonl").exists()
    record = json.loads((folder / "outside.jsonl").read_text().splitlines()[0])
    assert record["question"] == "pickup" and "week-3" in record["themes"]
    assert "already holds this puzzle" in text_of(_save(lesson, defs, Collection(), name="outside"))

    (folder / "linked.jsonl").symlink_to(tmp_path / "elsewhere.jsonl")
    assert "is a link" in text_of(_save(lesson, defs, Collection(), name="linked"))
    assert not (tmp_path / "elsewhere.jsonl").exists()

    monkeypatch.setenv("CANASTA_TUTOR_WORKBENCH_DIR", str(tmp_path / "missing" / "deeper"))
    assert "does not exist" in text_of(_save(lesson, defs, Collection()))
    assert not (tmp_path / "missing").exists()  # nothing made above the owner's folder


def test_play_a_hand_draw_and_refusal(load_lesson):
    lesson = load_lesson("16_play_a_hand")
    game = lesson.start_game("classic", 1600)
    state = game["state"]
    assert state.to_act == lesson.ME and state.phase == "before-draw"
    game = lesson.learner_move(game, "draw")
    # the draw is told, then any bonus card it brought and laid out
    assert "You: drew from the stock" in game["log"][-3:] and game["state"].phase == "drawn"
    refused = lesson.learner_move(game, "play meld AS AS AS; discard 2C")
    assert refused["note"] is not None and refused["state"].phase == "drawn"
    card = game["state"].hands[lesson.ME][-1]
    game = lesson.learner_move(game, f"play discard {card}")
    assert any(line.startswith("West") for line in game["log"])
    assert game["state"].to_act == lesson.ME or game["state"].hand_over


def test_play_a_hand_shows_no_seat_numbers(load_lesson):
    lesson = load_lesson("16_play_a_hand")
    game = lesson.start_game("classic", 1600)
    game = lesson.learner_move(game, "draw")
    card = game["state"].hands[lesson.ME][-1]
    game = lesson.learner_move(game, f"play discard {card}")
    refused = lesson.learner_move(game, "answer yes")  # not asked: the engine names the seat to move
    shown = [*game["log"], str(refused["note"])]
    assert shown and not any("seat" in line.lower() or "side 1" in line for line in shown)
    assert lesson.side_name(game["state"], 1) == "their side" and lesson.side_name(game["state"], 0) == "your side"


def test_play_a_hand_result_names_the_players_not_their_seats(load_lesson):
    from tutor.engine import GreedyBot

    lesson = load_lesson("16_play_a_hand")
    game = lesson.start_game("canasty", 1603)
    while not game["state"].hand_over:
        state = game["state"]
        game = lesson.learner_move(game, str(GreedyBot().choose(state.view(lesson.ME))))
        assert game["note"] is None
    text = lesson.hand_result(game["state"])
    assert "The hand is over" in text and "Scores: you:" in text and "West" in text
    assert "seat" not in text.lower() and "side 1" not in text


def test_play_a_hand_coach_says_what_to_do_and_why(load_lesson):
    lesson = load_lesson("16_play_a_hand")
    game = lesson.start_game("classic", 1600)
    text = lesson.coach_text(game["state"])
    assert "pile" in text and "The search bot would" in text and "seat" not in text.lower()
    game = lesson.learner_move(game, "draw")
    text = lesson.coach_text(game["state"])
    assert "first meld needs" in text and "discard" in text


def test_play_a_hand_against_the_search_bots(load_lesson):
    lesson = load_lesson("16_play_a_hand")
    game = lesson.start_game("canasty", 1602, "ismcts:1")
    assert game["state"].to_act == lesson.ME or game["state"].hand_over
    assert all(line.split(":")[0] in ("West", "East") for line in game["log"] if ":" in line)


def test_play_a_hand_hints(load_lesson, text_of):
    lesson = load_lesson("16_play_a_hand")
    game = lesson.start_game("classic", 1601)
    out, _ = lesson.hints_cell.run(hints_switch=Value(True), state=game["state"])
    assert "Which melds may I put down?" in text_of(out) and "Can I go out?" in text_of(out)


def test_referee_says_why_a_legal_dispute_is_legal_C_MELD(load_lesson, kit, text_of):
    lesson = load_lesson("14_the_referee")
    data, play = lesson.DISPUTES[0]
    spot = Spot.from_dict(data)
    out, _ = lesson.dispute_feedback.run(dispute_play=play, dispute_spot=spot, ruling=Value("legal"),
                                         tracker=kit.progress_widget(lesson.LESSON, lesson.EXERCISES))
    assert "two naturals and two wild cards; two naturals may carry up to two wild cards" in text_of(out)


def test_classic_taking_the_pile_says_why_C_FROZEN(load_lesson, kit, text_of):
    lesson = load_lesson("04_the_pile")
    table = Spot.from_dict({**PILE, "discard": "4C JK 7D KD"})
    for selected, words in [("KS KH", "a natural pair, which is what a frozen pile takes"),
                            ("KS 2C", "only a natural pair takes it, and K♠ 2♣ is not one")]:
        hand = widget(kit, "classic", table.hand, melds=table.melds, discard=table.discard, selected=selected)
        out, _ = lesson.pickup_verdict.run(hand_view=hand, layoff_switch=Value(False), table=table,
                                           tracker=kit.progress_widget(lesson.LESSON, lesson.EXERCISES))
        assert words in text_of(out)
