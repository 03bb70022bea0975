"""Every exercise generator, drawn many times (seeded) and answered right and wrong.

The right answer comes from the checker or the meld rules (``tutor.questions``,
``tutor.melds``), never from the generator; the test then reads what the
lesson shows for it, as ``test_lessons_cells.py`` does. An exercise that can
be impossible, or that marks a right answer wrong, fails here.
"""

from __future__ import annotations

import pytest

from tutor.cards import format_cards, parse_cards
from tutor.melds import is_legal
from tutor.questions import ask, referee
from tutor.render import symbols_in
from tutor.spot import Spot

SEEDS = range(40)


class Value:
    def __init__(self, value):
        self.value = value


@pytest.fixture(scope="module")
def kit(load_lesson):
    load_lesson("00_welcome")
    import rulebook

    return rulebook


# -- 02 melds and wild cards ----------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_c_meld_pick_a_meld_always_has_an_answer_and_marks_it(load_lesson, seed):
    lesson = load_lesson("02_melds_and_wild_cards")
    q = lesson.pick_a_meld_question(seed)
    spot = Spot.from_dict({"variant": "classic", "options": {"players": 2}, "hand": format_cards(q["hand"])})
    melds = [m["cards"] for m in ask("melds", spot).extra["melds"] if m["kind"] == "meld"]
    assert melds
    right, text = lesson.pick_a_meld_feedback(melds[-1])
    assert right is True and text.startswith("Right")
    wrong, text = lesson.pick_a_meld_feedback(format_cards(q["hand"][:2]))
    assert wrong is False and "needs at least three" in text


@pytest.mark.parametrize("seed", SEEDS)
def test_c_meld_wild_limit_answer_is_the_rule_s_not_the_generator_s(load_lesson, seed):
    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    q = lesson.wild_limit_question(seed)
    naturals = [c for c in q["hand"] if c.rank == q["rank"]]
    wilds = [c for c in q["hand"] if rules.is_wild(c)]
    legal = [k for k in range(len(wilds) + 1) if lesson.legal_now(format_cards(naturals + wilds[:k]))]
    best = max(legal)
    right, text = lesson.wild_limit_feedback(q, format_cards(naturals + wilds[:best]))
    assert right is True, text
    if best < len(wilds):
        wrong, text = lesson.wild_limit_feedback(q, format_cards(naturals + wilds[:best + 1]))
        assert wrong is False
        assert "never outnumber" in text or "at most three" in text
    if best:
        short, text = lesson.wild_limit_feedback(q, format_cards(naturals + wilds[:best - 1]))
        assert short is False and "one more would still be allowed" in text


def test_c_meld_three_wilds_on_two_naturals_are_named_as_such(load_lesson):
    lesson = load_lesson("02_melds_and_wild_cards")
    q = {"rank": "7", "naturals": 2, "allowed": 2}
    wrong, text = lesson.wild_limit_feedback(q, "7D 7C 2C JK 2S")
    assert wrong is False and "three wild cards on two naturals: wild cards may never outnumber" in text
    right, _ = lesson.wild_limit_feedback(q, "7D 7C 2C JK")
    assert right is True


@pytest.mark.parametrize("seed", SEEDS)
def test_c_meld_legal_or_not_is_never_all_one_way(load_lesson, text_of, seed):
    lesson = load_lesson("02_melds_and_wild_cards")
    candidates = lesson.legal_or_not_question(seed)
    truth = []
    for c in candidates:
        cards = parse_cards(c)
        assert len(cards) == len(c.split())
        truth.append(lesson.meld_mistake(lesson.rules, cards) is None)
    assert True in truth and False in truth
    right = ["legal" if t else "not legal" for t in truth]
    ok, text = lesson.legal_or_not_feedback(candidates, right)
    assert ok is True and text.startswith("All right")
    flipped = ["not legal" if a == "legal" else "legal" for a in right]
    bad, text = lesson.legal_or_not_feedback(candidates, flipped)
    assert bad is False and "meld 1" in text
    waiting, _ = lesson.legal_or_not_feedback(candidates, [None] * len(candidates))
    assert waiting is None


# -- 03 the first meld ----------------------------------------------------------------------


@pytest.mark.parametrize("n", range(0, 90, 3))
def test_c_initial_enough_answers_agree_with_the_checker(load_lesson, n):
    lesson = load_lesson("03_the_first_meld")
    q = lesson.enough_question(n)
    spot = lesson.first_meld_spot(parse_cards(q["hand"]), q["score"])
    verdict = ask("initial-meld", spot, play=q["melds"])
    points = sum(lesson.rules.value(c) for c in parse_cards(q["melds"].replace("|", " ")))
    # the only thing the question is about is the minimum: never going out, never an illegal meld
    assert verdict.answer == (points >= lesson.rules.initial_need(q["score"])), verdict.reasons
    right = "enough" if verdict.answer else "not enough"
    wrong = "not enough" if verdict.answer else "enough"
    ok, text = lesson.enough_feedback(q, right, verdict)
    assert ok is True and text.startswith("Right") and str(points) in text
    bad, text = lesson.enough_feedback(q, wrong, verdict)
    assert bad is False and f"needs {lesson.rules.initial_need(q['score'])}" in text


def test_c_initial_questions_do_not_repeat_until_all_are_asked(load_lesson):
    lesson = load_lesson("03_the_first_meld")
    asked = [(q["score"], q["melds"]) for q in map(lesson.enough_question, range(90))]
    assert len(set(asked)) == 90


# -- 04 the pile ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(30))
def test_c_pickup_yours_or_not_shows_what_decides_and_agrees_with_the_checker(load_lesson, n):
    lesson = load_lesson("04_the_pile")
    q = lesson.pile_question(n)
    verdict = ask("pickup", q["spot"], play=q["play"])
    right = "may take it" if verdict.answer else "may not"
    wrong = "may not" if verdict.answer else "may take it"
    ok, text = lesson.pile_feedback(q, right, verdict)
    assert ok is True and text.startswith("Right")
    bad, text = lesson.pile_feedback(q, wrong, verdict)
    assert bad is False and text
    if any(lesson.rules.is_wild(c) for c in q["spot"].discard[:-1]):
        assert "a wild card lies in the pile" in text or "can never" in text or "top" in text


def test_c_pickup_situations_vary(load_lesson):
    lesson = load_lesson("04_the_pile")
    answers = [ask("pickup", q["spot"], play=q["play"]).answer for q in map(lesson.pile_question, range(20))]
    assert 4 <= sum(answers) <= 16
    shown = [str(lesson.pile_question(n)["spot"].discard) for n in range(12)]
    assert all(a != b for a, b in zip(shown, shown[1:]))


# -- 01 cards and values --------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(25))
def test_c_values_wild_cards_are_jokers_and_twos(load_lesson, seed):
    lesson = load_lesson("01_cards_and_values")
    hand = lesson.wild_question(seed)
    wild = [c for c in hand if lesson.rules.role(c) == "wild"]
    assert len(wild) >= 2
    ok, text = lesson.wild_feedback(hand, format_cards(wild))
    assert ok is True and text.startswith("Right")
    short, text = lesson.wild_feedback(hand, format_cards(wild[:1]))
    assert short is False and "more" in text
    other = next(c for c in hand if lesson.rules.role(c) != "wild")
    bad, text = lesson.wild_feedback(hand, format_cards(wild + [other]))
    assert bad is False and str(other) in text


def test_c_values_a_black_three_picked_as_wild_is_named(load_lesson):
    lesson = load_lesson("01_cards_and_values")
    hand = parse_cards("3S 2C JK KH")
    bad, text = lesson.wild_feedback(hand, "3S 2C JK")
    assert bad is False and "a three is never wild" in text


@pytest.mark.parametrize("seed", range(25))
def test_c_values_worth_exactly_can_always_be_made(load_lesson, seed):
    from itertools import combinations

    lesson = load_lesson("01_cards_and_values")
    q = lesson.worth_question(seed)
    value = lesson.rules.value
    answer = next(combo for k in range(1, len(q["hand"]) + 1) for combo in combinations(q["hand"], k)
                  if sum(map(value, combo)) == q["target"])
    ok, text = lesson.worth_feedback(q, format_cards(answer))
    assert ok is True and str(q["target"]) in text
    off = next(combo for combo in combinations(q["hand"], 2) if sum(map(value, combo)) != q["target"])
    bad, text = lesson.worth_feedback(q, format_cards(off))
    assert bad is False and f"not {q['target']}" in text


# -- 05 red and black threes ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(25))
def test_c_red3_only_red_threes_are_laid_out(load_lesson, seed):
    lesson = load_lesson("05_red_and_black_threes")
    hand = lesson.lay_out_question(seed)
    reds = [c for c in hand if lesson.rules.role(c) == "bonus"]
    assert reds
    ok, text = lesson.lay_out_feedback(hand, format_cards(reds))
    assert ok is True and text.startswith("Right")
    blacks = [c for c in hand if lesson.rules.role(c) == "blocker"]
    if blacks:
        bad, text = lesson.lay_out_feedback(hand, format_cards(reds + blacks[:1]))
        assert bad is False and "a black three stays in the hand" in text
    if len(reds) > 1:
        short, text = lesson.lay_out_feedback(hand, format_cards(reds[:1]))
        assert short is False and "still in the hand" in text


def test_c_red3_threes_score_exercise(load_lesson, kit, text_of):
    lesson = load_lesson("05_red_and_black_threes")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    question = {"reds": 4, "blacks": 1, "melded": True}
    out, _ = lesson.exercise_feedback.run(answer_box=Value("+700"), question=question, tracker=tracker)
    assert "Right: +700" in text_of(out) and tracker.widget.solved == ["threes-score"]
    out, _ = lesson.exercise_feedback.run(answer_box=Value("800"), question=question, tracker=tracker)
    assert "Not quite" in text_of(out) and "800 for all four" in text_of(out)


# -- 07 house rules -------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(12))
def test_h_meld_which_game_accepts_the_meld(load_lesson, n):
    import random as _random

    lesson = load_lesson("07_house_rules")
    meld = _random.Random(7000 + n).choice(["6S 6H 6D 6C 2S 2H JK", "6S 6H 6D 2S 2H JK JK", "9S 2H 2C",
                                              "KS KH KD KC KS 2C 2D 2H JK", "JK JK 2S 2H 2D 2C 2S"])
    legal = [name for name, r in (("classic", lesson.classic), ("house", lesson.house))
             if lesson.meld_mistake(r, meld) is None]
    truth = {2: "both", 0: "neither"}.get(len(legal)) or f"{legal[0]} only"
    ok, text = lesson.which_accepts_feedback(meld, truth)
    assert ok is True and text.startswith("Right")
    other = next(a for a in ("both", "classic only", "house only", "neither") if a != truth)
    bad, text = lesson.which_accepts_feedback(meld, other)
    assert bad is False and "classic:" in text and "house:" in text


# -- 08 canasty -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_y_values_kings_and_twos_are_wild_jokers_are_not(load_lesson, seed):
    lesson = load_lesson("08_canasty_cards_and_sets")
    hand = lesson.wild_question(seed)
    wild = [c for c in hand if lesson.rules.role(c) == "wild"]
    assert {c.rank for c in wild} <= {"K", "2"} and wild
    ok, text = lesson.wild_feedback(hand, format_cards(wild))
    assert ok is True and text.startswith("Right")
    bonus = next(c for c in hand if lesson.rules.role(c) == "bonus")
    bad, text = lesson.wild_feedback(hand, format_cards(wild + [bonus]))
    assert bad is False and "bonus cards" in text


# -- 11 albany ------------------------------------------------------------------------------


@pytest.mark.parametrize("cards", ["5H 6H 7H", "5H 2C 7H", "9S 9H 9D 2C", "9S 9H 9D 2C 2D JK", "2C 2D JK",
                                   "3S 3H 3D", "KH AH 2C", "QH KH AH 2C 2D", "AH 2C 3H", "4S 5S 6H", "TD JD QD KD",
                                   "6C 6C 6C JK"])
def test_a_meld_group_or_sequence_feedback(load_lesson, cards):
    from tutor.errors import IllegalPlayError
    from tutor.melds import judge

    lesson = load_lesson("11_albany_sets_and_stoppers")
    try:
        meld = judge(lesson.rules, parse_cards(cards), going_out=False)
        truth = {"wild": "wild-card set", "stoppers": "group"}.get(meld.kind, meld.kind)
    except IllegalPlayError:
        truth = "not a set"
    ok, text = lesson.kind_feedback(cards, truth)
    assert ok is True and text.startswith("Right")
    other = next(a for a in ("group", "sequence", "wild-card set", "not a set") if a != truth)
    bad, text = lesson.kind_feedback(cards, other)
    assert bad is False and truth in text.lower()


# -- a switch changes the table, never the hand (so the learner's selection stays) --------------


@pytest.mark.parametrize("stem, build, flags", [
    ("04_the_pile", "pile_spot", [dict(melded=m, frozen=f, black_three=b) for m in (0, 1) for f in (0, 1)
                                  for b in (0, 1)]),
    ("09_canasty_down_and_pile", "pile_table", [dict(down=d, buried=b) for d in (0, 1) for b in (0, 1)]),
])
def test_pile_switches_keep_the_hand(load_lesson, kit, stem, build, flags):
    lesson = load_lesson(stem)
    for seed in range(8):
        dealt = kit.deal_until(lesson.rules, 404 + seed, lambda d: kit.pairs(lesson.rules, d["hand"]) >= 2
                               and any(lesson.rules.is_wild(c) for c in d["hand"]), pile=8)
        widget = kit.hand_widget(lesson.rules, dealt["hand"]).widget
        widget.select(0, 1)
        for kw in flags:
            spot = getattr(lesson, build)(dealt, **{k: bool(v) for k, v in kw.items()})
            assert sorted(map(str, spot.hand)) == sorted(map(str, dealt["hand"]))
            widget.melds = [format_cards(m) for m in spot.melds]
            widget.discard = format_cards(spot.discard)
            assert len(widget.selected_cards()) == 2


# -- 09 canasty: the down and the pile (answered on cards) ------------------------------------


def test_y_down_questions_grow_harder(load_lesson):
    lesson = load_lesson("09_canasty_down_and_pile")
    needs = [lesson.down_question(n)["need"] for n in range(len(lesson.DOWN_SCORES))]
    assert needs == sorted(needs) and needs[0] < needs[-1]


@pytest.mark.parametrize("n", range(12))
def test_y_down_the_checker_s_down_is_marked_right_and_a_short_one_wrong(load_lesson, kit, text_of, n):
    lesson = load_lesson("09_canasty_down_and_pile")
    q = lesson.down_question(n)
    spot = q["spot"]
    # the right answer is the checker's own first meld, asked afresh (not the generator's example)
    witness = ask("initial-meld", spot).witness
    proposed = " | ".join(witness["melds"])
    ok, text = lesson.down_feedback(q, proposed)
    assert ok is True and text.startswith("Right") and str(q["need"]) in text
    # what the lesson shows, through the card widget and the progress record
    hand = kit.hand_widget(lesson.rules, spot.hand, groups=witness["melds"])
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.down_check.run(down_ask=q, down_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["make-the-down"]
    # a wrong answer: the smallest legal set of the hand alone, when it falls short, names the shortfall
    from itertools import combinations

    sets = [format_cards(c) for c in combinations(spot.hand, 3) if lesson.meld_mistake(lesson.rules, c) is None]
    short = [s for s in sets if sum(lesson.rules.value(c) for c in parse_cards(s)) < q["need"]]
    if short:
        bad, text = lesson.down_feedback(q, short[0])
        assert bad is False and text.startswith("Short") and f"must total {q['need']}" in text
    bad, text = lesson.down_feedback(q, format_cards(spot.hand[:1] + spot.hand[-2:]))
    assert bad is False
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, selected=format_cards(spot.hand[:2]))
    out, _ = lesson.down_check.run(down_ask=q, down_hand=hand, tracker=tracker)
    assert "not a legal set" in text_of(out) and tracker.widget.solved == []


def test_y_down_one_natural_and_two_wilds_is_named_as_such(load_lesson):
    lesson = load_lesson("09_canasty_down_and_pile")
    q = {"spot": Spot.from_dict({"variant": "canasty", "hand": "QS KD 2C 9H 9D 9S 5S", "score": 0}),
         "score": 0, "need": 25}
    bad, text = lesson.down_feedback(q, "QS KD 2C")
    assert bad is False and "one natural only" in text


@pytest.mark.parametrize("n", range(16))
def test_y_pickup_the_pile_question_is_answered_by_the_checker_both_ways(load_lesson, kit, text_of, n):
    from itertools import combinations

    lesson = load_lesson("09_canasty_down_and_pile")
    q = lesson.pile_question(n)
    spot = q["spot"]
    assert (q["down"], q["buried"]) == lesson.PILE_STEPS[min(n, len(lesson.PILE_STEPS) - 1)]
    pairs_ = [format_cards(p) for p in dict.fromkeys(combinations(spot.hand, 2))]
    truth = {p: ask("pickup", spot, play=p).answer for p in pairs_}
    right = next(p for p, yes in truth.items() if yes)
    wrong = next(p for p, yes in truth.items() if not yes)
    ok, text = lesson.pile_feedback(q, right)
    assert ok is True and text.startswith("Right")
    bad, text = lesson.pile_feedback(q, wrong)
    assert bad is False and text and not text.startswith("Right")
    top = spot.discard[-1]
    wild = next((c for c in spot.hand if lesson.rules.is_wild(c)), None)
    natural = next((c for c in spot.hand if c.rank == top.rank), None)
    if q["buried"] and wild is not None and natural is not None:
        bad, text = lesson.pile_feedback(q, format_cards([natural, wild]))
        assert bad is False and "only a natural pair" in text
    one, text = lesson.pile_feedback(q, str(spot.hand[0]))
    assert one is False and "exactly two" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, discard=spot.discard, selected=right)
    out, _ = lesson.pile_check.run(pile_ask=q, pile_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["pile-or-not"]


# -- 10 canasty: going out and the cheats (answered on cards) ----------------------------------


def _go_out_turn(lesson, table, witness_play):
    """The checker's way out, as the groups and discard a learner makes on the cards."""
    groups, discard = [], []
    for step in (s.strip() for s in witness_play.split(";")):
        word, _, rest = step.partition(" ")
        if word in ("meld", "layoff"):
            groups.append(parse_cards(rest.split(" to ")[0]))
        elif word == "discard":
            discard = list(parse_cards(rest))
    return groups, discard


@pytest.mark.parametrize("n", range(12))
def test_y_goout_the_checker_s_way_out_is_marked_right_and_a_short_turn_wrong(load_lesson, kit, text_of, n):
    lesson = load_lesson("10_canasty_going_out_and_cheats")
    table = lesson.go_out_question(n)
    assert table.first_round == lesson.GO_OUT_STEPS[min(n, len(lesson.GO_OUT_STEPS) - 1)]
    verdict = ask("go-out", table)
    assert verdict.answer
    groups, discard = _go_out_turn(lesson, table, verdict.witness["play"])
    ok, text = lesson.go_out_feedback(table, groups, discard)
    assert ok is True and text.startswith("Right: you are out")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, table.hand, melds=table.melds, groups=[format_cards(g) for g in groups],
                           selected=format_cards(discard))
    out, _ = lesson.go_out_check.run(go_hand=hand, go_table=table, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["go-out"]
    # the same sets without the discard: a Canasty player goes out with a discard
    if groups:
        bad, text = lesson.go_out_feedback(table, groups, [])
        assert bad is False and "with a discard" in text
    # only the discard: a legal turn, but too many cards stay
    alone, text = lesson.go_out_feedback(table, [], discard)
    assert alone is False and "not out" in text and "at most two" in text
    # two unrelated cards put down as a set
    odd = [c for c in table.hand if lesson.rules.is_natural(c)]
    pair = next(((a, b) for i, a in enumerate(odd) for b in odd[i + 1:] if a.rank != b.rank), None)
    if pair:
        left = [c for c in table.hand if c not in pair]
        bad, text = lesson.go_out_feedback(table, [pair], left[:1])
        assert bad is False and not text.startswith("Right")


@pytest.mark.parametrize("n", range(18))
def test_y_cheats_the_referee_names_the_cheat_of_each_dealt_play(load_lesson, kit, text_of, n):
    lesson = load_lesson("10_canasty_going_out_and_cheats")
    q = lesson.cheat_question(n)
    if n < len(lesson.CHEAT_STEPS):
        assert q["kind"] == lesson.CHEAT_STEPS[n]
    verdict = referee(q["spot"], q["play"])
    truth = "legal" if verdict.answer else lesson.cheats_named(verdict)[0]
    ok, text = lesson.cheat_feedback(q, truth)
    assert ok is True and text.startswith("Right")
    assert truth == ("legal" if q["kind"] == "legal" else q["kind"])
    other = "legal" if truth != "legal" else "A"
    bad, text = lesson.cheat_feedback(q, other)
    assert bad is False
    assert ("looks fair" in text) if other == "legal" else ("This one is fair" in text)
    # the play is shown as cards, never as its notation
    shown = text_of(lesson.play_in_cards(q["spot"], q["play"]))
    assert "meld" not in shown and "discard " not in shown and "discards" in shown


def test_y_cheats_come_harder_in_order(load_lesson):
    lesson = load_lesson("10_canasty_going_out_and_cheats")
    assert [lesson.cheat_question(n)["kind"] for n in range(len(lesson.CHEAT_STEPS))] == list(lesson.CHEAT_STEPS)


# -- 12 albany: the fanned pile, canastas to go out, the biggest bonus (answered on cards) ------


@pytest.mark.parametrize("n", range(10))
def test_a_draw_deep_pickup_is_answered_by_the_checker_both_ways(load_lesson, kit, text_of, n):
    from itertools import combinations

    lesson = load_lesson("12_albany_pile_and_scoring")
    q = lesson.deep_question(n)
    spot, depth = q["spot"], q["depth"]
    assert depth == lesson.DEPTHS[min(n, len(lesson.DEPTHS) - 1)] and spot.discard[-depth] == q["card"]
    offers = [format_cards(p) for p in dict.fromkeys(combinations(spot.hand, 2))]
    truth = {p: ask("pickup", spot, play=f"{p} depth {depth}").answer for p in offers}
    right = next(p for p, yes in truth.items() if yes)
    wrong = next(p for p, yes in truth.items() if not yes)
    ok, text = lesson.deep_feedback(q, right)
    assert ok is True and text.startswith("Right") and q["card"].symbol() in text
    bad, text = lesson.deep_feedback(q, wrong)
    assert bad is False and text and not text.startswith("Right")
    alone, text = lesson.deep_feedback(q, str(next(c for c in spot.hand if c.rank == q["card"].rank)))
    assert alone is False and "at least two naturals" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, discard=spot.discard, selected=right)
    out, _ = lesson.deep_check.run(deep_ask=q, deep_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["deep-pickup"]


@pytest.mark.parametrize("n", range(14))
def test_a_goout_empty_your_hand_only_with_the_table_s_canastas(load_lesson, kit, text_of, n):
    lesson = load_lesson("12_albany_pile_and_scoring")
    q = lesson.empty_hand_question(n)
    spot = q["spot"]
    may = ask("go-out", spot).answer
    assert may == q["may"] == (q["have"] >= spot.rules.canastas_to_go_out)
    set_of_three = [c for c in spot.hand if c.rank == spot.hand[0].rank][:3]
    odd = [c for c in spot.hand if c not in set_of_three]
    out_turn = ([tuple(set_of_three)], odd)     # every card played: out
    keep_turn = ([], odd)                        # a discard, three cards kept
    right, wrong = (out_turn, keep_turn) if may else (keep_turn, out_turn)
    ok, text = lesson.empty_hand_feedback(q, *right)
    assert ok is True and text.startswith("Right")
    assert number_word_in(text, spot.rules.canastas_to_go_out)
    bad, text = lesson.empty_hand_feedback(q, *wrong)
    assert bad is False
    assert ("could have gone out" in text) if may else ("may not empty your hand yet" in text)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, groups=[format_cards(g) for g in right[0]],
                           selected=format_cards(right[1]))
    out, _ = lesson.empty_check.run(empty_ask=q, empty_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["empty-hand"]


def number_word_in(text, n):
    from rulebook import number_word

    return f"needs {number_word(n)}" in text


def test_a_goout_both_answers_come_up(load_lesson):
    lesson = load_lesson("12_albany_pile_and_scoring")
    assert {lesson.empty_hand_question(n)["may"] for n in range(8)} == {True, False}


@pytest.mark.parametrize("n", range(8))
def test_a_score_the_biggest_bonus_is_the_longest_natural_run(load_lesson, kit, text_of, n):
    from itertools import combinations

    from tutor.errors import IllegalPlayError
    from tutor.melds import judge
    from tutor.scoring import canasta_bonus

    lesson = load_lesson("12_albany_pile_and_scoring")
    rules = lesson.rules
    q = lesson.canasta_question(n)
    hand = q["hand"]

    def bonus(cards):
        try:
            b = canasta_bonus(rules, judge(rules, cards, going_out=False))
        except IllegalPlayError:
            return None
        return b.points if b else None

    # the answer found here by the meld rules alone, over the canastas of the run and the wild card
    run = [c for c in hand if c.suit == parse_cards(q["run"])[0].suit and rules.is_natural(c)]
    best = max(b for k in range(7, len(run) + 1) for combo in combinations(run, k) if (b := bonus(combo)))
    assert best == q["best"]
    longest = max((combo for k in range(7, len(run) + 1) for combo in combinations(run, k) if bonus(combo) == best),
                  key=len)
    ok, text = lesson.canasta_feedback(q, format_cards(longest))
    assert ok is True and text.startswith("Right") and str(best) in text
    wild = next(c for c in hand if rules.is_wild(c))
    mixed = tuple(sorted(longest[:6], key=lambda c: c.order)) + (wild,)
    if bonus(mixed) is not None:
        bad, text = lesson.canasta_feedback(q, format_cards(mixed))
        assert bad is False and "mixed" in text
    short, text = lesson.canasta_feedback(q, format_cards(longest[:6]))
    assert short is False and "no canasta" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    view = kit.hand_widget(rules, hand, selected=format_cards(longest))
    out, _ = lesson.canasta_check.run(canasta_ask=q, canasta_hand=view, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["best-canasta"]


# -- 01 cards and values: the same card twice, red and black threes ---------------------------


@pytest.mark.parametrize("seed", range(20))
def test_c_deck_the_same_card_twice_is_two_copies_of_one_card(load_lesson, kit, text_of, seed):
    from collections import Counter

    lesson = load_lesson("01_cards_and_values")
    hand = lesson.twin_question(seed)
    twin = next(c for c, k in Counter(hand).items() if k >= 2 and not c.is_joker
                and any(o.rank == c.rank and o != c for o in hand))
    ok, text = lesson.twin_feedback(hand, format_cards([twin, twin]))
    assert ok is True and text.startswith("Right")
    cousin = next(c for c in hand if c.rank == twin.rank and c != twin)
    bad, text = lesson.twin_feedback(hand, format_cards([twin, cousin]))
    assert bad is False and "not a suit" in text
    one, text = lesson.twin_feedback(hand, str(twin))
    assert one is False and "exactly two" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.twin_check.run(tracker=tracker, twin_hand=hand,
                                   twin_pick=kit.hand_widget(lesson.rules, hand, selected=format_cards([twin, twin])))
    assert "Right" in text_of(out) and tracker.widget.solved == ["same-card"]


@pytest.mark.parametrize("seed", range(20))
def test_c_values_red_and_black_threes_are_picked_by_their_kind(load_lesson, kit, text_of, seed):
    lesson = load_lesson("01_cards_and_values")
    rules = lesson.rules
    red = kit.kind_question(rules, 1200 + seed, "bonus")
    black = kit.kind_question(rules, 1300 + seed, "blocker")
    reds = [c for c in red if rules.role(c) == "bonus"]
    blacks = [c for c in black if rules.role(c) == "blocker"]
    assert reds and blacks and all(c.rank == "3" and c.is_red for c in reds)
    ok, text = kit.kind_feedback(rules, red, format_cards(reds), "bonus", "red threes")
    assert ok is True and text.startswith("Right")
    other = next(c for c in red if rules.role(c) != "bonus")
    bad, text = kit.kind_feedback(rules, red, format_cards(reds + [other]), "bonus", "red threes")
    assert bad is False and f"Not {other.symbol()}" in text
    if len(blacks) > 1:
        short, text = kit.kind_feedback(rules, black, format_cards(blacks[:1]), "blocker", "black threes")
        assert short is False and "more" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.threes_check.run(black_hand=black, red_hand=red, tracker=tracker,
                                     red_pick=kit.hand_widget(rules, red, selected=format_cards(reds)),
                                     black_pick=kit.hand_widget(rules, black, selected=format_cards(blacks)))
    assert text_of(out).count("Right") == 2 and tracker.widget.solved == ["red-threes", "black-threes"]


@pytest.mark.parametrize("seed", range(20))
def test_c_black3_meld_going_out_is_black_threes_alone(load_lesson, kit, text_of, seed):
    from tutor.melds import judge

    lesson = load_lesson("05_red_and_black_threes")
    rules = lesson.rules
    hand = lesson.black_meld_question(seed)
    blacks = [c for c in hand if rules.role(c) == "blocker"]
    judge(rules, tuple(blacks), going_out=True)  # the meld rules accept the answer (raises otherwise)
    ok, text = lesson.black_meld_feedback(hand, format_cards(blacks))
    assert ok is True and text.startswith("Right")
    wild = next(c for c in hand if rules.is_wild(c))
    bad, text = lesson.black_meld_feedback(hand, format_cards(blacks + [wild]))
    assert bad is False and "No wild card" in text
    two, text = lesson.black_meld_feedback(hand, format_cards(blacks[:2]))
    assert two is False and "at least three" in text
    if len(blacks) == 4:
        short, text = lesson.black_meld_feedback(hand, format_cards(blacks[:3]))
        assert short is False and "every black three" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.black_meld_check.run(black_hand=hand, tracker=tracker,
                                         black_pick=kit.hand_widget(rules, hand, selected=format_cards(blacks)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["black-meld"]


@pytest.mark.parametrize("seed", range(20))
def test_c_canasta_a_natural_canasta_leaves_the_wild_cards_out(load_lesson, kit, text_of, seed):
    from collections import Counter

    from tutor.melds import judge
    from tutor.scoring import canasta_bonus

    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    hand = lesson.canasta_question(seed)
    rank = Counter(c.rank for c in hand if rules.is_natural(c)).most_common(1)[0][0]
    naturals = [c for c in hand if rules.is_natural(c) and c.rank == rank]
    bonus = canasta_bonus(rules, judge(rules, tuple(naturals), going_out=False))
    assert bonus is not None and bonus.points == rules["canasta"]["natural_bonus"]
    ok, text = lesson.canasta_feedback(hand, format_cards(naturals))
    assert ok is True and text.startswith("Right") and str(bonus.points) in text
    wild = next(c for c in hand if rules.is_wild(c))
    mixed, text = lesson.canasta_feedback(hand, format_cards(naturals[:6] + [wild]))
    assert mixed is False and "makes it mixed" in text
    short, text = lesson.canasta_feedback(hand, format_cards(naturals[:5]))
    assert short is False and "two more" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.natural_canasta_check.run(canasta_hand=hand, tracker=tracker,
                                              canasta_pick=kit.hand_widget(rules, hand, selected=format_cards(naturals)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["natural-canasta"]


@pytest.mark.parametrize("n", range(12))
def test_c_frozen_pile_taken_on_cards_is_answered_by_the_checker_both_ways(load_lesson, kit, text_of, n):
    from itertools import combinations

    lesson = load_lesson("04_the_pile")
    q = lesson.take_question(n)
    spot = q["spot"]
    assert (q["melded"], q["frozen"]) == lesson.TAKE_STEPS[min(n, len(lesson.TAKE_STEPS) - 1)]
    offers = [format_cards(p) for p in dict.fromkeys(combinations(spot.hand, 2))]
    truth = {p: ask("pickup", spot, play=p).answer for p in offers}
    right = next(p for p, yes in truth.items() if yes)
    wrong = next(p for p, yes in truth.items() if not yes)
    ok, text = lesson.take_feedback(q, right)
    assert ok is True and text.startswith("Right")
    bad, text = lesson.take_feedback(q, wrong)
    assert bad is False and text.startswith("Not with these")
    top = spot.discard[-1]
    wild = next(c for c in spot.hand if lesson.rules.is_wild(c))
    natural = next(c for c in spot.hand if c.rank == top.rank)
    if q["frozen"] or not q["melded"]:
        frozen, text = lesson.take_feedback(q, format_cards([natural, wild]))
        assert frozen is False and "frozen" in text and "natural pair" in text
    one, text = lesson.take_feedback(q, str(spot.hand[0]))
    assert one is False and "exactly two" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, discard=spot.discard, selected=right)
    out, _ = lesson.take_check.run(take_ask=q, take_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["take-it"]


# -- 00 start here: a turn ends with one discard (answered on cards) ---------------------------


@pytest.mark.parametrize("n", range(12))
def test_c_goout_a_turn_ends_with_one_discard_and_keeps_a_card_before_the_canasta(load_lesson, kit, text_of, n):
    lesson = load_lesson("00_start_here")
    spot = lesson.turn_question(n)
    step = lesson.TURN_STEPS[min(n, len(lesson.TURN_STEPS) - 1)]
    assert bool(spot.melds) == (step != "nothing-melded") and spot.phase == "drawn"
    # the right discards, found by the referee alone
    legal = [c for c in dict.fromkeys(spot.hand) if referee(spot, f"discard {c}").answer]
    assert legal, "every dealt hand can end its turn"
    ok, text = lesson.turn_feedback(spot, [], [legal[0]])
    assert ok is True and text.startswith("Right") and legal[0].symbol() in text
    none, text = lesson.turn_feedback(spot, [], [])
    assert none is None
    two, text = lesson.turn_feedback(spot, [], list(spot.hand[:2]))
    assert two is False and "one" in text and "discard" in text
    if step == "keep-a-card":
        # melding all but one card and discarding it would go out, which the referee refuses without a canasta
        meld = [c for c in spot.hand if c != spot.hand[-1]]
        play = f"meld {format_cards(meld)}; discard {spot.hand[-1]}"
        assert referee(spot, play).answer is False
        out, text = lesson.turn_feedback(spot, [tuple(meld)], [spot.hand[-1]])
        assert out is False and "canasta" in text and "Keep a card" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, selected=str(legal[0]))
    out, _ = lesson.turn_check.run(turn_spot=spot, turn_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["turn-order"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, selected=format_cards(spot.hand[:2]))
    out, _ = lesson.turn_check.run(turn_spot=spot, turn_hand=hand, tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


# -- 06 going out: the canastas first (answered on cards) --------------------------------------


@pytest.mark.parametrize("n", range(12))
def test_c_goout_the_checker_s_way_out_with_the_canastas_is_right_and_keeping_the_finisher_wrong(
        load_lesson, kit, text_of, n):
    lesson = load_lesson("06_going_out_and_scoring")
    spot = lesson.canasta_question(n)
    players, down = lesson.OUT_STEPS[min(n, len(lesson.OUT_STEPS) - 1)]
    assert spot.rules.layout.players == players
    need = spot.rules.canastas_to_go_out
    canastas = sum(len(m) >= lesson.CANASTA["min_cards"] for m in spot.melds)
    assert canastas == (need if down else need - 1)
    verdict = ask("go-out", spot)
    assert verdict.answer
    groups, discard = _go_out_turn(lesson, spot, verdict.witness["play"])
    ok, text = lesson.canasta_feedback(spot, groups, discard)
    assert ok is True and text.startswith("Right: you are out") and f"the {kit.number_word(need)} canasta" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, groups=[format_cards(g) for g in groups],
                           selected=format_cards(discard))
    out, _ = lesson.canasta_check.run(out_hand=hand, out_spot=spot, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["canasta-first"]
    # the melds from the hand alone, the lay-off left out: a card stays, and the referee says not out
    melds = [g for g in groups if len(g) >= 3 and not any(referee(spot, f"layoff {format_cards(g)} to {i}").answer
                                                        for i in range(1, len(spot.melds) + 1))]
    kept = [c for c in spot.hand if c not in [x for g in melds for x in g] + discard]
    assert bool(kept) == (not down), "the card that finishes the last canasta is in the hand"
    if kept:
        play = "; ".join([f"meld {format_cards(g)}" for g in melds] + [f"discard {discard[0]}"])
        assert referee(spot, play).witness.get("went_out") is not True
        short, text = lesson.canasta_feedback(spot, melds, discard)
        assert short is False and "not out" in text and "fit a meld" in text
        wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
        hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, groups=[format_cards(g) for g in melds],
                               selected=format_cards(discard))
        out, _ = lesson.canasta_check.run(out_hand=hand, out_spot=spot, tracker=wrong)
        assert "Right" not in text_of(out) and wrong.widget.solved == []
    two, text = lesson.canasta_feedback(spot, [], list(spot.hand[:2]))
    assert two is False and "exactly one" in text


# -- 08 canasty sets: every wild card in one set (answered on cards) ---------------------------


@pytest.mark.parametrize("n", range(12))
def test_y_set_two_naturals_carry_every_wild_card_even_to_a_set_of_seven(load_lesson, kit, text_of, n):
    from collections import Counter

    from tutor.errors import IllegalPlayError
    from tutor.melds import judge
    from tutor.scoring import canasta_bonus

    lesson = load_lesson("08_canasty_cards_and_sets")
    rules = lesson.rules
    hand = lesson.every_wild_question(n)
    wilds = [c for c in hand if rules.is_wild(c)]
    assert len(wilds) == lesson.WILD_STEPS[min(n, len(lesson.WILD_STEPS) - 1)]
    # the right answer, found by the set rules alone: a natural pair that, with every wild card, is a legal set
    counts = Counter(c.rank for c in hand if rules.is_natural(c))
    right = None
    for rank in (r for r, k in counts.items() if k >= 2):
        cards = tuple([c for c in hand if rules.is_natural(c) and c.rank == rank][:2] + wilds)
        try:
            meld = judge(rules, cards, going_out=False)
        except IllegalPlayError:
            continue
        right = cards
        break
    assert right is not None
    ok, text = lesson.every_wild_feedback(hand, format_cards(right))
    assert ok is True and text.startswith("Right")
    bonus = canasta_bonus(rules, meld)
    assert (bonus is not None) == (len(right) >= rules["canasta"]["min_cards"])
    if bonus is not None:
        assert f"{bonus.points} on top" in text
    # one wild card left out: legal, but not every wild card
    if len(wilds) >= 2:
        short, text = lesson.every_wild_feedback(hand, format_cards(right[:-1]))
        assert short is False and "stays in your hand" in text and right[-1].symbol() in text
        # the classic limit does not hold here: more wild cards than naturals is a legal set
        assert judge(rules, right, going_out=False).wilds > judge(rules, right, going_out=False).naturals
    alone, text = lesson.every_wild_feedback(hand, format_cards(wilds))
    assert alone is False and ("no natural" in text if len(wilds) >= 3 else "at least three" in text)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.every_wild_check.run(every_hand=hand, tracker=tracker,
                                         every_pick=kit.hand_widget(rules, hand, selected=format_cards(right)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["every-wild"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.every_wild_check.run(every_hand=hand, tracker=wrong,
                                         every_pick=kit.hand_widget(rules, hand, selected=format_cards(wilds)))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


# -- 06 going out concealed (answered on cards) -------------------------------------------------


@pytest.mark.parametrize("n", range(12))
def test_c_concealed_the_whole_hand_goes_down_whatever_the_first_meld_minimum(load_lesson, kit, text_of, n):
    lesson = load_lesson("06_going_out_and_scoring")
    rules = lesson.rules
    spot = lesson.concealed_question(n)
    step = lesson.CONCEALED_STEPS[min(n, len(lesson.CONCEALED_STEPS) - 1)]
    assert not spot.melds
    verdict = ask("go-out", spot)
    assert verdict.answer
    groups, discard = _go_out_turn(lesson, spot, verdict.witness["play"])
    assert (len(groups) > 1) == (step == "mixed")
    points = sum(rules.value(c) for g in groups for c in g)
    assert (points < rules.initial_need(0)) == (step == "under-minimum")
    ok, text = lesson.canasta_feedback(spot, groups, discard)
    assert ok is True and "out concealed" in text and str(rules["go_out"]["concealed_bonus"]) in text
    assert ("less than" in text) == (step == "under-minimum")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(rules, spot.hand, groups=[format_cards(g) for g in groups], selected=format_cards(discard))
    out, _ = lesson.concealed_check.run(concealed_hand=hand, concealed_spot=spot, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["concealed"]
    # the canasta alone, the rest kept: the referee says not out, and the lesson says the whole hand goes down
    canasta = max(groups, key=len)
    if len(groups) > 1:
        play = f"meld {format_cards(canasta)}; discard {discard[0]}"
        assert referee(spot, play).witness is None or not referee(spot, play).witness.get("went_out")
        part, text = lesson.canasta_feedback(spot, [canasta], discard)
        assert part is False and "whole hand" in text
        wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
        hand = kit.hand_widget(rules, spot.hand, groups=[format_cards(canasta)], selected=format_cards(discard))
        out, _ = lesson.concealed_check.run(concealed_hand=hand, concealed_spot=spot, tracker=wrong)
        assert "Right" not in text_of(out) and wrong.widget.solved == []
    # a discard only, nothing melded: seven or more cards stay
    alone, text = lesson.canasta_feedback(spot, [], discard)
    assert alone is False and "whole hand" in text


# -- 08 canasty: the bonus cards laid out, and their replacements (answered on cards) -----------


@pytest.mark.parametrize("n", range(12))
def test_y_bonusdraw_jokers_and_red_threes_are_laid_out_and_the_first_red_three_draws_two(
        load_lesson, kit, text_of, n):
    lesson = load_lesson("08_canasty_cards_and_sets")
    rules = lesson.rules
    hand = lesson.bonus_question(n)
    reds, jokers = lesson.BONUS_STEPS[min(n, len(lesson.BONUS_STEPS) - 1)]
    # the right answer from the variant's rules: what the rules call a bonus card, and how a batch is replaced
    bonus = [c for c in hand if rules.role(c) == "bonus"]
    assert sorted(c.rank for c in bonus) == sorted(["3"] * reds + ["JK"] * jokers)
    draws = len(bonus) + 1  # each bonus card draws one, the batch's first red three one more
    ok, text = lesson.bonus_feedback(hand, format_cards(bonus))
    assert ok is True and text.startswith("Right") and f"**{draws}** replacements" in text
    assert all(c.symbol() in text for c in bonus)
    wild = next(c for c in hand if rules.is_wild(c))
    king, text = lesson.bonus_feedback(hand, format_cards(bonus + [wild]))
    assert king is False and f"Not {wild.symbol()}" in text and "wild card" in text
    black = next((c for c in hand if rules.role(c) == "blocker"), None)
    if black is not None:
        three, text = lesson.bonus_feedback(hand, format_cards([black]))
        assert three is False and "black three" in text
    if len(bonus) > 1:
        short, text = lesson.bonus_feedback(hand, format_cards(bonus[:-1]))
        assert short is False and "more" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.bonus_check.run(bonus_hand=hand, tracker=tracker,
                                    bonus_pick=kit.hand_widget(rules, hand, selected=format_cards(bonus)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["lay-out"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.bonus_check.run(bonus_hand=hand, tracker=wrong,
                                    bonus_pick=kit.hand_widget(rules, hand, selected=format_cards([wild])))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


# -- 07 house rules: more practice --


def _plays_differently(classic, house, card) -> bool:
    """Does this card play differently at the house table? Read from the two rule sets' settings for its kind."""
    role = house.role(card)
    if (classic.value(card), classic.role(card)) != (house.value(card), role):
        return True
    if role == "wild":
        return (classic.max_wilds(), classic["wild_meld"]["allowed"], classic["canasta"]["wild_bonus"]) != (
            house.max_wilds(), house["wild_meld"]["allowed"], house["canasta"]["wild_bonus"])
    if role == "blocker":
        keys = (("scoring", "blocker_in_hand"), ("blocker_meld", "max_cards"),
                ("blocker_meld", "top_of_pile_for_going_out"))
        return any(classic[a][b] != house[a][b] for a, b in keys)
    return False


@pytest.mark.parametrize("n", range(12))
def test_h_meld_h_black3_the_cards_that_play_differently_are_picked_from_the_rule_sets(load_lesson, kit, text_of, n):
    lesson = load_lesson("07_house_rules")
    classic, house = lesson.classic, lesson.house
    hand = lesson.changed_question(n)
    step = lesson.CHANGED_STEPS[min(n, len(lesson.CHANGED_STEPS) - 1)]
    kinds = {house.role(c) for c in hand} & {"wild", "blocker"}
    assert kinds == ({"wild", "blocker"} if step == "both" else {step})
    right = [c for c in hand if _plays_differently(classic, house, c)]
    assert right and {house.role(c) for c in right} == kinds
    ok, text = lesson.changed_feedback(hand, right)
    assert ok is True and text.startswith("Right")
    natural = next(c for c in hand if house.role(c) == "natural")
    stray, text = lesson.changed_feedback(hand, right + [natural])
    assert stray is False and f"Not {natural.symbol()}" in text and "plays the same" in text
    short, text = lesson.changed_feedback(hand, right[:-1] or [natural])
    assert short is False
    if right[:-1]:
        assert "more" in text and right[-1].symbol() in text
    assert lesson.changed_feedback(hand, [])[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.changed_check.run(changed_hand=hand, tracker=tracker,
                                      changed_pick=kit.hand_widget(house, hand, selected=format_cards(right)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["what-changed"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.changed_check.run(changed_hand=hand, tracker=wrong,
                                      changed_pick=kit.hand_widget(house, hand, selected=str(natural)))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_h_draw_a_turn_that_draws_two_still_ends_with_one_discard(load_lesson, kit, text_of, n):
    lesson = load_lesson("07_house_rules")
    q = lesson.draw_question(n)
    spot = q["spot"]
    draws = spot.rules["draw"]["stock_cards"]
    assert draws == lesson.DRAW_STEPS[min(n, len(lesson.DRAW_STEPS) - 1)] and spot.phase == "drawn"
    size = spot.rules.layout.hand
    assert len(spot.hand) == size + draws and len(q["drawn"]) == draws
    legal = [c for c in dict.fromkeys(spot.hand) if referee(spot, f"discard {c}").answer]
    assert legal
    ok, text = lesson.draw_feedback(q, [], [legal[0]])
    after = size + draws - 1
    assert ok is True and text.startswith("Right")
    assert (f"from {size} to {after}" in text) if after != size else (f"stays at {size}" in text)
    a, b = spot.hand[:2]
    assert referee(spot, f"discard {a}; discard {b}").answer is False
    two, text = lesson.draw_feedback(q, [], [a, b])
    assert two is False and "one discard" in text and f"drew {kit.number_word(draws)}" in text
    assert lesson.draw_feedback(q, [], [])[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(spot.rules, spot.hand, discard=spot.discard, selected=str(legal[0]))
    out, _ = lesson.draw_check.run(draw_ask=q, draw_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["draw-two"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(spot.rules, spot.hand, discard=spot.discard, selected=format_cards([a, b]))
    out, _ = lesson.draw_check.run(draw_ask=q, draw_hand=hand, tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(16))
def test_h_black3_h_meld_the_pile_at_both_tables_is_answered_by_the_checker(load_lesson, kit, text_of, n):
    lesson = load_lesson("07_house_rules")
    q = lesson.pickup_question(n)
    spots = q["spots"]
    step = lesson.PICKUP_STEPS[min(n, len(lesson.PICKUP_STEPS) - 1)]
    assert q["kind"] == step or step == "any"
    one = {k: v for k, v in spots["classic"].to_dict().items() if k != "variant"}
    assert one == {k: v for k, v in spots["house"].to_dict().items() if k != "variant"}
    answers = (ask("pickup", spots["classic"]).answer, ask("pickup", spots["house"]).answer)
    if q["kind"] == "black-three":
        assert spots["house"].rules.role(spots["house"].discard[-1]) == "blocker" and answers == (True, False)
    elif q["kind"] == "wild-cap":
        assert not spots["house"].melds and answers == (False, True)
    else:
        assert answers[0] == answers[1]
    truth = {(True, True): "both", (True, False): "classic only", (False, True): "house only",
             (False, False): "neither"}[answers]
    ok, text = lesson.pickup_feedback(q, truth)
    assert ok is True and text.startswith("Right") and "Classic:" in text and "House:" in text
    for other in ("both", "classic only", "house only", "neither"):
        if other != truth:
            bad, text = lesson.pickup_feedback(q, other)
            assert bad is False and text.startswith("Not quite") and "table the answer is" in text
    assert lesson.pickup_feedback(q, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.pickup_check.run(pickup_answer=Value(truth), pickup_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["house-pickup"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    other = "neither" if truth != "neither" else "both"
    out, _ = lesson.pickup_check.run(pickup_answer=Value(other), pickup_ask=q, tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


def test_h_black3_h_meld_every_kind_of_pile_question_comes_up(load_lesson):
    lesson = load_lesson("07_house_rules")
    assert {lesson.pickup_question(n)["kind"] for n in range(12)} == set(lesson.PICKUP_STEPS[:-1])


# -- 14 the referee: more practice --


def _arrangements(hand):
    """Every way to put one card of the hand on top of the pile, nothing grouped, with the rest kept."""
    return [[c] for c in dict.fromkeys(hand)]


@pytest.mark.parametrize("n", range(12))
def test_c_pickup_a_spot_arranged_so_the_pile_may_be_taken_is_answered_by_the_checker(load_lesson, kit, text_of, n):
    lesson = load_lesson("14_the_referee")
    q = lesson.arrange_question(n)
    assert q["step"] == lesson.ARRANGE_STEPS[min(n, len(lesson.ARRANGE_STEPS) - 1)]
    if q["step"] == "frozen":
        assert any(lesson.classic.is_wild(c) for c in q["below"])
    # the right and wrong arrangements, found by the checker alone
    truth = {}
    for selected in _arrangements(q["hand"]):
        spot = lesson.arranged(q, [], selected)
        assert spot.discard[-1] == selected[0] and not spot.melds and spot.phase == "before-draw"
        truth[selected[0]] = ask("pickup", spot).answer
    right = next(c for c, yes in truth.items() if yes)
    wrong = next(c for c, yes in truth.items() if not yes)
    ok, text = lesson.arrange_feedback(q, [], [right])
    assert ok is True and text.startswith("Right")
    bad, text = lesson.arrange_feedback(q, [], [wrong])
    assert bad is False and "cannot be taken" in text
    two, text = lesson.arrange_feedback(q, [], [right, wrong])
    assert two is False and "exactly one card" in text
    assert lesson.arrange_feedback(q, [], [])[0] is None
    if q["step"] == "not-down":
        natural = [c for c in q["hand"] if c.rank == right.rank and c != right][:2]
        table, text = lesson.arrange_feedback(q, [tuple(natural + [right])], [wrong])
        assert table is False and "Leave the table empty" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget("classic", q["hand"], discard=format_cards(q["below"]), selected=str(right))
    out, _ = lesson.arrange_check.run(arrange_ask=q, arrange_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["arrange-the-spot"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget("classic", q["hand"], discard=format_cards(q["below"]), selected=str(wrong))
    out, _ = lesson.arrange_check.run(arrange_ask=q, arrange_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_pickup_a_meld_put_on_the_table_makes_the_side_down_in_the_arranged_spot(load_lesson):
    lesson = load_lesson("14_the_referee")
    q = lesson.arrange_question(0)
    rank = next(c.rank for c in q["hand"] if sum(d.rank == c.rank for d in q["hand"]) >= 3)
    meld = tuple(c for c in q["hand"] if c.rank == rank)[:3]
    other = next(c for c in q["hand"] if c.rank != rank and sum(d.rank == c.rank for d in q["hand"]) >= 3)
    spot = lesson.arranged(q, [meld], [other])
    assert spot.down and len(spot.hand) == len(q["hand"]) - 4
    ok, text = lesson.arrange_feedback(q, [meld], [other])
    assert ok is ask("pickup", spot).answer


@pytest.mark.parametrize("n", range(12))
def test_c_meld_c_goout_one_of_three_proposed_plays_is_legal_and_the_referee_names_the_others_faults(
        load_lesson, kit, text_of, n):
    lesson = load_lesson("14_the_referee")
    q = lesson.play_question(n)
    spot = q["spot"]
    assert q["step"] == lesson.PLAY_STEPS[min(n, len(lesson.PLAY_STEPS) - 1)] and spot.phase == "drawn"
    assert len(set(q["plays"])) == 3
    verdicts = {p: referee(spot, p) for p in q["plays"]}
    legal = [p for p, v in verdicts.items() if v.answer]
    assert len(legal) == 1
    ok, text = lesson.play_feedback(q, legal[0])
    assert ok is True and text.startswith("Right")
    for play, verdict in verdicts.items():
        if not verdict.answer:
            assert f"`{play}`" in text
            bad, why = lesson.play_feedback(q, play)
            assert bad is False and verdict.reasons[0].text in why
            assert lesson.PLAY_MISTAKES[q["mistakes"][play]] in why
    assert lesson.play_feedback(q, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.play_check.run(play_ask=q, play_pick=Value(legal[0]), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["which-play"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    illegal = next(p for p in q["plays"] if p != legal[0])
    out, _ = lesson.play_check.run(play_ask=q, play_pick=Value(illegal), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


def test_c_meld_the_wrong_plays_come_from_the_step_s_kinds_of_mistake(load_lesson):
    lesson = load_lesson("14_the_referee")
    for n in range(9):
        q = lesson.play_question(n)
        assert set(q["mistakes"].values()) <= set(lesson.PLAY_WRONGS[q["step"]])


@pytest.mark.parametrize("n", range(16))
def test_c_pickup_may_i_take_the_pile_is_answered_by_the_checker_both_ways(load_lesson, kit, text_of, n):
    lesson = load_lesson("14_the_referee")
    q = lesson.take_question(n)
    spot = q["spot"]
    step = lesson.TAKE_STEPS[min(n, len(lesson.TAKE_STEPS) - 1)]
    assert q["kind"] == step or step == "any"
    assert (spot.phase == "drawn") == (q["kind"] == "drawn") and bool(spot.melds) == (q["kind"] != "not-down")
    truth = ask("pickup", spot).answer
    right, wrong = ("yes", "no") if truth else ("no", "yes")
    ok, text = lesson.take_feedback(q, right)
    assert ok is True and text.startswith("Right") and ask("pickup", spot).reasons[0].text in text
    bad, text = lesson.take_feedback(q, wrong)
    assert bad is False and text.startswith(f"The checker says {right}")
    if q["kind"] == "drawn":
        assert truth is False and "instead of drawing" in text
    assert lesson.take_feedback(q, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.take_check.run(take_answer=Value(right), take_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["may-i-take"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.take_check.run(take_answer=Value(wrong), take_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_pickup_may_i_take_the_pile_answers_both_ways_in_each_kind_that_can(load_lesson):
    lesson = load_lesson("14_the_referee")
    seen = {(q["kind"], ask("pickup", q["spot"]).answer) for q in map(lesson.take_question, range(40))}
    for kind in ("down", "frozen", "not-down"):
        assert {(kind, True), (kind, False)} <= seen, kind
    assert ("drawn", False) in seen


# -- 03 the first meld: more practice --------------------------------------------------------


def _first_meld_groups(verdict):
    """The melds of a checker's witness, as the card widget's groups."""
    return [parse_cards(m) for m in verdict.witness["melds"]]


@pytest.mark.parametrize("n", range(14))
def test_c_initial_band_the_checker_s_first_meld_is_right_and_one_below_the_band_wrong(load_lesson, kit, text_of, n):
    lesson = load_lesson("03_the_first_meld")
    rules = lesson.rules
    q = lesson.band_question(n)
    bands = rules["initial"]["bands"]
    if n < len(bands):  # the bands climb, the lowest (a score below zero) first
        assert q["need"] == bands[n]["need"] and (n > 0 or q["score"] < bands[1]["from"])
    assert q["need"] == rules.initial_need(q["score"])
    spot = lesson.first_meld_spot(q["hand"], q["score"])
    verdict = ask("initial-meld", spot)
    assert verdict.answer, "every dealt hand can make its first meld"
    play = " | ".join(verdict.witness["melds"])
    ok, text = lesson.first_meld_feedback(q, play)
    assert ok is True and text.startswith("Right") and f"must total {q['need']}" in text
    assert f"total {verdict.witness['points']}" in text
    short = [m["cards"] for m in ask("melds", spot).extra["melds"]
             if m["kind"] == "meld" and not ask("initial-meld", spot, play=m["cards"]).answer]
    if short:
        bad, text = lesson.first_meld_feedback(q, short[0])
        assert bad is False and text.startswith("Not enough") and f"{q['score']} points is in the band" in text
    two, text = lesson.first_meld_feedback(q, format_cards(q["hand"][:2]))
    assert two is False and "not a legal meld" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(rules, q["hand"], groups=verdict.witness["melds"])
    out, _ = lesson.band_check.run(band_ask=q, band_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["band"]
    if short:
        wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
        out, _ = lesson.band_check.run(band_ask=q, band_hand=kit.hand_widget(rules, q["hand"], groups=[short[0]]),
                                       tracker=wrong)
        assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_initial_fewest_no_first_meld_of_fewer_cards_is_legal(load_lesson, kit, text_of, n):
    from itertools import combinations

    lesson = load_lesson("03_the_first_meld")
    rules = lesson.rules
    q = lesson.fewest_question(n)
    spot = lesson.first_meld_spot(q["hand"], q["score"])
    assert ask("initial-meld", spot, play=q["best"]).answer
    assert q["fewest"] == len(parse_cards(q["best"].replace("|", " ")))
    # fewer cards than two melds' worth can only be one meld: every such set is asked of the checker
    assert q["fewest"] <= 2 * rules["meld"]["min_cards"]
    for k in range(rules["meld"]["min_cards"], q["fewest"]):
        for cards in {tuple(sorted(map(str, c))) for c in combinations(q["hand"], k)}:
            assert not ask("initial-meld", spot, play=" ".join(cards)).answer, cards
    ok, text = lesson.first_meld_feedback(q, q["best"], fewest=q["fewest"])
    assert ok is True and text.startswith("Right") and f"must total {q['need']}" in text
    most = ask("initial-meld", spot)  # the checker's first meld worth most: more cards, as a rule
    play = " | ".join(most.witness["melds"])
    if len(parse_cards(play.replace("|", " "))) > q["fewest"]:
        more, text = lesson.first_meld_feedback(q, play, fewest=q["fewest"])
        assert more is False and "would do" in text and lesson.number_word(q["fewest"]) in text
        wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
        hand = kit.hand_widget(rules, q["hand"], groups=most.witness["melds"])
        out, _ = lesson.fewest_check.run(fewest_ask=q, fewest_hand=hand, tracker=wrong)
        assert "Right" not in text_of(out) and wrong.widget.solved == []
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(rules, q["hand"], groups=q["best"].split(" | "))
    out, _ = lesson.fewest_check.run(fewest_ask=q, fewest_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["fewest"]


@pytest.mark.parametrize("n", range(16))
def test_c_initial_what_counts_after_a_pickup_is_the_top_card_and_the_hand_s_clean_melds(
        load_lesson, kit, text_of, n):
    lesson = load_lesson("03_the_first_meld")
    rules = lesson.rules
    q = lesson.what_counts_question(n)
    spot = q["spot"]
    if n < len(lesson.WHAT_STEPS):
        assert q["kind"] == lesson.WHAT_STEPS[n]
    verdict = referee(spot, q["play"])
    assert verdict.answer
    initial = next(r for r in verdict.reasons if r.rule == "C-INITIAL")
    counted = lesson.counting_cards(q)
    # the lesson's cards that count add up to what the referee counts toward the minimum
    assert sum(rules.value(c) for c in counted) == verdict.witness["points"]
    below = [c for m in q["melds"] for c in m if c in spot.discard[:-1]]
    assert bool(below) == (q["kind"] != "top")
    assert ("below the top of the pile" in initial.text) == (q["kind"] != "top")
    ok, text = lesson.what_counts_feedback(q, format_cards(counted))
    assert ok is True and text.startswith("Right") and str(verdict.witness["points"]) in text and "C-INITIAL" in text
    if below:
        bad, text = lesson.what_counts_feedback(q, format_cards(counted + below[:1]))
        assert bad is False and "below the top of the pile" in text
    own = [c for m in q["melds"] if any(x in below for x in m) for c in m if c in spot.hand]
    if own:  # a card from the hand on a meld holding pile cards counts nothing either
        bad, text = lesson.what_counts_feedback(q, format_cards(counted + own[:1]))
        assert bad is False and "from your hand" in text and "counts nothing" in text
    top = spot.discard[-1]
    if top in counted:
        bad, text = lesson.what_counts_feedback(q, format_cards([c for c in counted if c != top]))
        assert bad is False and "top card" in text
    cards = [c for m in q["melds"] for c in m]
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.what_counts_check.run(what_ask=q, tracker=tracker,
                                          what_pick=kit.hand_widget(rules, cards, selected=format_cards(counted)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["what-counts"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    every = cards if below else cards[1:]  # every card put down, or one short when all of them count
    out, _ = lesson.what_counts_check.run(what_ask=q, tracker=wrong,
                                          what_pick=kit.hand_widget(rules, cards, selected=format_cards(every)))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(16))
def test_c_initial_pile_enough_is_the_checker_s_answer_both_ways(load_lesson, kit, text_of, n):
    lesson = load_lesson("03_the_first_meld")
    q = lesson.pile_enough_question(n)
    if n < len(lesson.ENOUGH_STEPS):
        assert q["kind"] == lesson.ENOUGH_STEPS[n]
    assert q["proposal"].startswith("pickup ") and "discard" not in q["proposal"]
    verdict = ask("initial-meld", q["spot"], play=q["proposal"])
    assert any(r.rule == "C-INITIAL" for r in verdict.reasons)
    right, wrong = ("enough", "not enough") if verdict.answer else ("not enough", "enough")
    ok, text = lesson.pile_enough_feedback(q, right, verdict)
    assert ok is True and text.startswith("Right") and "C-INITIAL" in text
    bad, text = lesson.pile_enough_feedback(q, wrong, verdict)
    assert bad is False and "C-INITIAL" in text
    if not verdict.answer and q["kind"] != "top":
        assert "below the top of the pile" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.pile_enough_check.run(pile_answer=Value(right), pile_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["pile-enough"]
    missed = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.pile_enough_check.run(pile_answer=Value(wrong), pile_ask=q, tracker=missed)
    assert "Right" not in text_of(out) and missed.widget.solved == []


def test_c_initial_pile_enough_comes_both_ways(load_lesson):
    lesson = load_lesson("03_the_first_meld")
    answers = {ask("initial-meld", q["spot"], play=q["proposal"]).answer
               for q in map(lesson.pile_enough_question, range(16))}
    assert answers == {True, False}


@pytest.mark.parametrize("n", range(12))
def test_c_initial_keep_apart_the_pile_s_lower_cards_stay_off_the_meld_that_counts(load_lesson, kit, text_of, n):
    lesson = load_lesson("03_the_first_meld")
    rules = lesson.rules
    q = lesson.keep_apart_question(n)
    spot = q["spot"]
    step = q["step"]
    if n < len(lesson.KEEP_STEPS):
        assert step == lesson.KEEP_STEPS[n]
    top, below = spot.discard[-1], list(spot.discard[:-1])
    verdict = ask("pickup", spot)  # the checker's own way to take the pile for the first meld
    assert verdict.answer
    groups, discard = _first_meld_groups(verdict), [parse_cards(verdict.witness["discard"])[0]]
    ok, text = lesson.keep_apart_feedback(spot, groups, discard)
    assert ok is True and text.startswith("Right") and "C-INITIAL" in text
    with_top = next(g for g in groups if top in g)
    twins = [c for c in below if c.rank == top.rank]
    assert bool(twins) == (step != "wild")
    if twins:  # the card of the top card's rank from lower in the pile, on the top card's meld
        spoiled = [g + tuple(twins) if g is with_top else g for g in groups]
        play = f"pickup {format_cards(c for c in with_top if c in spot.hand)}; " + \
            "; ".join(f"meld {format_cards(g)}" for g in spoiled) + f"; discard {discard[0]}"
        assert referee(spot, play).reasons[0].rule == "C-INITIAL"
        bad, text = lesson.keep_apart_feedback(spot, spoiled, discard)
        assert bad is False and "Leave" in text and "C-INITIAL" in text
    wilds = [c for c in with_top if rules.is_wild(c)]
    pile_pair = [c for c in below if c.rank != top.rank and sum(x.rank == c.rank for x in below) >= 2]
    assert bool(pile_pair) == (step != "same-rank")
    if pile_pair and wilds:  # the hand's wild card moved onto a meld with the pile's pair
        own = [c for c in spot.hand if c.rank == pile_pair[0].rank]
        moved = [tuple(c for c in with_top if c not in wilds), tuple(own + pile_pair + wilds)]
        play = f"pickup {format_cards(c for c in moved[0] if c in spot.hand)}; meld {format_cards(moved[0])}; " \
               f"meld {format_cards(moved[1])}; discard {discard[0]}"
        assert referee(spot, play).reasons[0].rule == "C-INITIAL"
        bad, text = lesson.keep_apart_feedback(spot, moved, discard)
        assert bad is False and "put it with the top card" in text
    alone, text = lesson.keep_apart_feedback(spot, [], discard)
    assert alone is False and "top card" in text
    taken = lesson.taken_hand(spot)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(rules, taken, groups=[format_cards(g) for g in groups], selected=str(discard[0]))
    out, _ = lesson.keep_apart_check.run(keep_ask=q, keep_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["keep-apart"]
    if twins:
        wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
        hand = kit.hand_widget(rules, taken, groups=[format_cards(g) for g in spoiled], selected=str(discard[0]))
        out, _ = lesson.keep_apart_check.run(keep_ask=q, keep_hand=hand, tracker=wrong)
        assert "Right" not in text_of(out) and wrong.widget.solved == []


# -- 11 albany sets and stoppers: more practice --------------------------------------------------


def _albany_sets(lesson, cards, least, kind):
    """Every selection of at least ``least`` cards that the meld judge calls a set of this kind, longest first."""
    from itertools import combinations

    from tutor.errors import IllegalPlayError
    from tutor.melds import judge

    found = []
    for size in range(len(cards), least - 1, -1):
        for combo in dict.fromkeys(combinations(cards, size)):
            try:
                if judge(lesson.rules, combo, going_out=False).kind == kind:
                    found.append(combo)
            except IllegalPlayError:
                pass
    return found


def test_a_set_the_practice_ladders_climb_in_order(load_lesson):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    assert [lesson.pick_sequence_question(n)["step"] for n in range(3)] == [s for s, _ in lesson.SEQUENCE_STEPS]
    assert [lesson.extend_question(n)["step"] for n in range(4)] == list(lesson.EXTEND_STEPS)
    assert [lesson.stoppers_question(n)["options"] for n in range(3)] == [o for _, o, _ in lesson.STOPPER_PICK_STEPS]
    assert [lesson.stoppers_out_question(n)["step"] for n in range(5)] == list(lesson.STOPPER_OUT_STEPS)
    assert [lesson.exchange_question(n)["step"] for n in range(4)] == list(lesson.EXCHANGE_STEPS)
    assert [lesson.combine_question(n)["step"] for n in range(7)] == list(lesson.COMBINE_STEPS)
    assert [lesson.bridge_question(n)["step"] for n in range(4)] == list(lesson.BRIDGE_STEPS)
    # the extension climbs: a longer sequence on the table to reach
    assert len(lesson.extend_question(0)["table"]) <= len(lesson.extend_question(3)["table"])


@pytest.mark.parametrize("n", range(15))
def test_a_set_a_sequence_picked_on_cards_is_the_judge_s_and_three_wild_cards_are_named(load_lesson, kit, text_of, n):
    lesson = load_lesson("11_albany_sets_and_stoppers")
    rules = lesson.rules
    q = lesson.pick_sequence_question(n)
    hand = q["hand"]
    step, least = lesson.SEQUENCE_STEPS[min(n, len(lesson.SEQUENCE_STEPS) - 1)]
    sequences = _albany_sets(lesson, hand, least, "sequence")
    assert sequences, "the hand holds no sequence the question asks for"
    if step != "plain":  # a wild card is needed: no sequence of naturals alone
        assert all(any(rules.is_wild(c) for c in s) for s in sequences)
    right = sequences[0]
    ok, text = lesson.pick_sequence_feedback(q, right)
    assert ok is True and text.startswith("Right")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.sequence_check.run(seq_ask=q, seq_hand=kit.hand_widget(rules, hand, selected=format_cards(right)),
                                       tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["pick-a-sequence"]
    # a group, if the hand holds one, is a legal set but no sequence
    groups = _albany_sets(lesson, hand, 3, "group")
    if groups:
        bad, text = lesson.pick_sequence_feedback(q, groups[0])
        assert bad is False and "a group" in text
    # every wild card of the hand on the sequence's naturals: too many, and said so
    wilds = [c for c in hand if rules.is_wild(c)]
    if len(wilds) > rules.max_wilds():
        too_many = tuple(c for c in right if rules.is_natural(c)) + tuple(wilds)
        assert lesson.meld_mistake(rules, too_many) is not None
        bad, text = lesson.pick_sequence_feedback(q, too_many)
        assert bad is False and f"{kit.number_word(len(wilds))} wild cards in one set: a set holds at most two" in text
    # a stopper in the selection: no set at all
    stopper = next(c for c in hand if rules.role(c) == "stopper")
    bad, text = lesson.pick_sequence_feedback(q, tuple(right[:2]) + (stopper,))
    assert bad is False and "stopper" in text
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.sequence_check.run(seq_ask=q, tracker=wrong,
                                       seq_hand=kit.hand_widget(rules, hand, selected=format_cards(right[:2])))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(16))
def test_a_set_the_sequence_on_the_table_grows_at_either_end_and_a_wild_fills_a_gap(load_lesson, kit, text_of, n):
    from itertools import combinations

    from tutor.melds import lays_off

    lesson = load_lesson("11_albany_sets_and_stoppers")
    rules = lesson.rules
    q = lesson.extend_question(n)
    table, hand = q["table"], q["hand"]
    step = lesson.EXTEND_STEPS[min(n, len(lesson.EXTEND_STEPS) - 1)]
    # the longest lay-off, found here by the meld rules over every selection of the hand
    fits = [c for k in range(1, len(hand) + 1) for c in dict.fromkeys(combinations(hand, k)) if lays_off(rules, table, c)]
    best = max(fits, key=len)
    assert len(table) + len(best) == q["best"] > len(table)
    if step in ("gap", "full"):
        assert all(any(rules.is_wild(c) for c in f) for f in fits if len(f) == len(best))
    if step == "both":
        ends = {c.order for c in best} - {c.order for c in table}
        assert min(ends) < min(c.order for c in table if rules.is_natural(c))
    ok, text = lesson.extend_feedback(q, best)
    assert ok is True and text.startswith("Right") and kit.number_word(q["best"]) in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=[format_cards(table)], selected=format_cards(best))
    out, _ = lesson.extend_check.run(ext_ask=q, ext_hand=shown, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["extend-sequence"]
    # a shorter legal lay-off: legal, but not the longest
    shorter = next(f for f in fits if len(f) < len(best))
    bad, text = lesson.extend_feedback(q, shorter)
    assert bad is False and "can grow to" in text
    # every wild card of the hand laid off with the best: too many for one set
    wilds = tuple(c for c in hand if rules.is_wild(c) and c not in best)
    if wilds and sum(rules.is_wild(c) for c in table + best + wilds) > rules.max_wilds():
        bad, text = lesson.extend_feedback(q, best + wilds)
        assert bad is False and "wild cards in one set: a set holds at most two" in text
    stopper = next(c for c in hand if rules.role(c) == "stopper")
    bad, text = lesson.extend_feedback(q, (stopper,))
    assert bad is False and "stopper" in text
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=[format_cards(table)], selected=format_cards(shorter))
    out, _ = lesson.extend_check.run(ext_ask=q, ext_hand=shown, tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_a_stopper_every_three_is_picked_and_the_deluxe_fours_too(load_lesson, kit, text_of, n):
    from tutor.rules import rules_for

    lesson = load_lesson("11_albany_sets_and_stoppers")
    q = lesson.stoppers_question(n)
    _, options, _ = lesson.STOPPER_PICK_STEPS[min(n, len(lesson.STOPPER_PICK_STEPS) - 1)]
    rules = rules_for("albany", {"deluxe": list(options)})
    hand = q["hand"]
    stoppers = [c for c in hand if rules.role(c) == "stopper"]
    assert stoppers
    ok, text = lesson.stoppers_feedback(q, format_cards(stoppers))
    assert ok is True and text.startswith("Right")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.stoppers_check.run(stp_ask=q, tracker=tracker,
                                       stp_hand=kit.hand_widget(rules, hand, selected=format_cards(stoppers)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["pick-stoppers"]
    plain = [c for c in stoppers if lesson.rules.role(c) == "stopper"]
    if options:
        assert len(plain) < len(stoppers)  # the option's own stoppers are there to find
        picked = plain or [next(c for c in hand if rules.role(c) != "stopper")]
        bad, text = lesson.stoppers_feedback(q, format_cards(picked))
        assert bad is False and "With this option the 4s are stoppers too" in text
    wild = next((c for c in hand if rules.is_wild(c)), None)
    if wild is not None:
        bad, text = lesson.stoppers_feedback(q, format_cards(stoppers + [wild]))
        assert bad is False and f"Not {wild.symbol()}" in text and "wild card" in text
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    other = next(c for c in hand if rules.role(c) != "stopper")
    out, _ = lesson.stoppers_check.run(stp_ask=q, tracker=wrong,
                                       stp_hand=kit.hand_widget(rules, hand, selected=str(other)))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(15))
def test_a_stopper_two_held_after_the_draw_keep_a_player_from_going_out(load_lesson, kit, text_of, n):
    from collections import Counter

    lesson = load_lesson("11_albany_sets_and_stoppers")
    q = lesson.stoppers_out_question(n)
    spot = q["spot"]
    rules = spot.rules
    step = lesson.STOPPER_OUT_STEPS[min(n, len(lesson.STOPPER_OUT_STEPS) - 1)]
    verdict = ask("go-out", spot)
    assert verdict.answer == q["may"] == (step in ("one", "layoff"))
    held = [c for c in spot.hand if rules.role(c) == "stopper"]
    block = rules["go_out"]["stoppers_block"]
    assert (len(held) >= block) == (step in ("two", "melded"))
    counts = Counter(c.rank for c in spot.hand if rules.is_natural(c))
    three = [c for c in spot.hand if counts[c.rank] >= 3][:3]
    if q["may"]:
        groups, discard = _go_out_turn(lesson, spot, verdict.witness["play"])
    else:
        # a turn that keeps cards: the set of three melded and a stopper discarded, legal by the referee
        groups, discard = [tuple(three)], [held[0]]
        assert referee(spot, f"meld {format_cards(three)}; discard {held[0]}").answer
    ok, text = lesson.stoppers_out_feedback(q, groups, discard)
    assert ok is True and text.startswith("Right")
    if step == "two":
        assert f"{kit.number_word(block)} or more keep you from going out" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, spot.hand, melds=spot.melds, groups=[format_cards(g) for g in groups],
                            selected=format_cards(discard))
    out, _ = lesson.stoppers_out_check.run(out_ask=q, out_hand=shown, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["stoppers-go-out"]
    if q["may"]:
        # the stopper discarded and the rest kept: legal, but the player could have gone out
        bad, text = lesson.stoppers_out_feedback(q, [], held[:1])
        assert bad is False and "could have gone out" in text
        wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
        shown = kit.hand_widget(rules, spot.hand, melds=spot.melds, selected=format_cards(held[:1]))
        out, _ = lesson.stoppers_out_check.run(out_ask=q, out_hand=shown, tracker=wrong)
        assert "Right" not in text_of(out) and wrong.widget.solved == []
    if step == "melded":
        # the red threes melded too, the last card discarded: the hand would be empty, but the stoppers were held
        stray = [c for c in spot.hand if c not in three and c not in held]
        play = f"meld {format_cards(three)}; meld {format_cards(held)}; discard {stray[0]}"
        assert not referee(spot, play).answer
        bad, text = lesson.stoppers_out_feedback(q, [tuple(three), tuple(held)], stray)
        assert bad is False and "even when you meld them" in text


@pytest.mark.parametrize("n", range(14))
def test_a_combine_a_natural_takes_a_joker_s_place_but_never_a_two_s(load_lesson, kit, text_of, n):
    from tutor.errors import IllegalPlayError
    from tutor.table_moves import exchange_joker

    lesson = load_lesson("11_albany_sets_and_stoppers")
    rules = lesson.rules
    q = lesson.exchange_question(n)
    table, hand = list(q["table"]), q["hand"]
    step = lesson.EXCHANGE_STEPS[min(n, len(lesson.EXCHANGE_STEPS) - 1)]

    def frees(card):
        places = []
        for number in range(1, len(table) + 1):
            try:
                exchange_joker(rules, table, number, card)
            except IllegalPlayError:
                continue
            places.append(number)
        return places

    right = [c for c in hand if frees(c)]
    wrong_cards = [c for c in hand if not frees(c)]
    assert right and wrong_cards
    ok, text = lesson.exchange_feedback(q, str(right[0]))
    assert ok is True and text.startswith("Right") and f"set {frees(right[0])[0]}" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=[format_cards(m) for m in table], selected=str(right[0]))
    out, _ = lesson.exchange_check.run(exc_ask=q, exc_hand=shown, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["exchange-joker"]
    for card in wrong_cards:
        bad, text = lesson.exchange_feedback(q, str(card))
        assert bad is False and not text.startswith("Right")
        if not rules.is_natural(card):
            assert "only for a natural" in text
    if step != "group":
        # a card of the rank of the group whose only wild card is a 2
        two_set = next(m for m in table if not any(c.is_joker for c in m))
        card = next(c for c in hand if rules.is_natural(c) and c.rank == two_set[0].rank)
        bad, text = lesson.exchange_feedback(q, str(card))
        assert bad is False and "a 2 is never exchanged" in text
    two, text = lesson.exchange_feedback(q, format_cards([right[0], wrong_cards[0]]))
    assert two is False and "Select one card" in text
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=[format_cards(m) for m in table], selected=str(wrong_cards[0]))
    out, _ = lesson.exchange_check.run(exc_ask=q, exc_hand=shown, tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(14))
def test_a_combine_two_sets_join_only_as_one_legal_set(load_lesson, kit, text_of, n):
    from tutor.errors import IllegalPlayError
    from tutor.table_moves import combine_sets

    lesson = load_lesson("11_albany_sets_and_stoppers")
    q = lesson.combine_question(n)
    first, second = q["sets"]
    step = lesson.COMBINE_STEPS[min(n, len(lesson.COMBINE_STEPS) - 1)]
    try:
        combine_sets(lesson.rules, [first, second], 1, 2)
        may = True
    except IllegalPlayError:
        may = False
    assert may == (step in ("groups", "runs-on", "wild-runs-on"))
    right, wrong_answer = lesson.COMBINE_ANSWERS if may else lesson.COMBINE_ANSWERS[::-1]
    ok, text = lesson.combine_feedback(q, right)
    assert ok is True and text.startswith("Right")
    bad, text = lesson.combine_feedback(q, wrong_answer)
    assert bad is False and text.startswith("They may combine" if may else "They may not")
    if step == "wilds":
        assert "three wild cards in one set: a set holds at most two" in text
    if step == "twice":
        assert "twice" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.combine_check.run(cmb_ask=q, cmb_answer=Value(right), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["combine-or-not"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.combine_check.run(cmb_ask=q, cmb_answer=Value(wrong_answer), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(14))
def test_a_combine_the_gap_between_two_sequences_filled_joins_them_within_the_wild_card_cap(
        load_lesson, kit, text_of, n):
    from itertools import combinations

    from tutor.errors import IllegalPlayError
    from tutor.melds import lays_off
    from tutor.table_moves import combine_sets

    lesson = load_lesson("11_albany_sets_and_stoppers")
    rules = lesson.rules
    q = lesson.bridge_question(n)
    first, second = q["sets"]
    hand = q["hand"]
    step = lesson.BRIDGE_STEPS[min(n, len(lesson.BRIDGE_STEPS) - 1)]
    assert q["step"] == step

    def joins(cards):  # laid off on the lower set, then the two combined, by the move rules
        if not lays_off(rules, first, cards):
            return False
        try:
            combine_sets(rules, [first + cards, second], 1, 2)
        except IllegalPlayError:
            return False
        return True

    fills = [c for k in range(1, 4) for c in dict.fromkeys(combinations(hand, k)) if joins(c)]
    assert fills
    right = min(fills, key=len)
    assert len(right) == (2 if step == "two-gap" else 1)
    if step in ("natural", "crowded"):
        assert all(rules.is_natural(c) for c in right)
    if step == "wild":
        assert all(rules.is_wild(c) for c in right)
    ok, text = lesson.bridge_feedback(q, right)
    assert ok is True and text.startswith("Right") and "one sequence" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=[format_cards(m) for m in q["sets"]], selected=format_cards(right))
    out, _ = lesson.bridge_check.run(brg_ask=q, brg_hand=shown, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["bridge-sets"]
    if step == "crowded":
        # both sets hold a wild card already: a third one in the gap is too many
        wild = next(c for c in hand if rules.is_wild(c))
        bad, text = lesson.bridge_feedback(q, (wild,))
        assert bad is False and "three wild cards in one set: a set holds at most two" in text
    if step == "two-gap":
        half = right[:1]
        bad, text = lesson.bridge_feedback(q, half)
        assert bad is False and "still do not make one set" in text
    stopper = next(c for c in hand if rules.role(c) == "stopper")
    bad, text = lesson.bridge_feedback(q, (stopper,))
    assert bad is False and "stopper" in text
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=[format_cards(m) for m in q["sets"]], selected=str(stopper))
    out, _ = lesson.bridge_check.run(brg_ask=q, brg_hand=shown, tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


# -- 08 canasty sets: more practice --


def _legal_sets_by_judge(rules, cards, sizes):
    """Every legal set among the cards, of these sizes, judged by the set rules alone (``tutor.melds``)."""
    from itertools import combinations

    from tutor.errors import IllegalPlayError
    from tutor.melds import judge

    found = []
    for size in sizes:
        for combo in dict.fromkeys(combinations(cards, size)):
            try:
                found.append((combo, judge(rules, combo, going_out=False)))
            except IllegalPlayError:
                continue
    return found


@pytest.mark.parametrize("n", range(12))
def test_y_set_a_legal_set_picked_from_the_dealt_hand_is_judged_by_the_set_rules(load_lesson, kit, text_of, n):
    lesson = load_lesson("08_canasty_cards_and_sets")
    rules = lesson.rules
    hand = lesson.pick_set_question(n)
    step = lesson.SET_STEPS[min(n, len(lesson.SET_STEPS) - 1)]
    sets = _legal_sets_by_judge(rules, hand, (3,))
    assert sets
    natural_sets = [s for s, meld in sets if meld.wilds == 0]
    assert bool(natural_sets) == (step == "three-naturals")
    right = format_cards(sets[0][0])
    ok, text = lesson.pick_set_feedback(hand, right)
    assert ok is True and text.startswith("Right")
    # one natural and two wild cards: named as too few naturals
    wilds = [c for c in hand if rules.is_wild(c)]
    naturals = [c for c in hand if rules.is_natural(c)]
    if len(wilds) >= 2:
        bad, text = lesson.pick_set_feedback(hand, format_cards(naturals[:1] + wilds[:2]))
        assert bad is False and "one natural only" in text and "two naturals" in text
    ranks = list({c.rank: c for c in naturals}.values())
    if len(ranks) >= 3:
        bad, text = lesson.pick_set_feedback(hand, format_cards(ranks[:3]))
        assert bad is False and "different ranks" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.pick_set_check.run(set_hand=hand, set_pick=kit.hand_widget(rules, hand, selected=right),
                                       tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["pick-a-set"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.pick_set_check.run(set_hand=hand, tracker=wrong,
                                       set_pick=kit.hand_widget(rules, hand, selected=format_cards(hand[:2])))
    assert "Not a legal set" in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(18))
def test_y_set_legal_or_not_is_answered_by_the_set_rules(load_lesson, kit, text_of, n):
    from tutor.errors import IllegalPlayError
    from tutor.melds import judge

    lesson = load_lesson("08_canasty_cards_and_sets")
    q = lesson.legal_set_question(n)
    if n < len(lesson.LEGAL_STEPS):
        assert q["kind"] == lesson.LEGAL_STEPS[n]
    try:
        judge(lesson.rules, q["cards"], going_out=False)
        truth = "legal"
    except IllegalPlayError:
        truth = "not legal"
    ok, text = lesson.legal_set_feedback(q, truth)
    assert ok is True and text.startswith("Right")
    other = "legal" if truth == "not legal" else "not legal"
    bad, text = lesson.legal_set_feedback(q, other)
    assert bad is False and ("Not a legal set" in text if truth == "not legal" else "It is a legal set" in text)
    if q["kind"] == "one-natural":
        assert truth == "not legal" and "one natural only" in text
    if q["kind"] == "wilds-outnumber":
        assert truth == "legal"
    if q["kind"] == "with-joker":
        assert "not a wild card" in text
    assert lesson.legal_set_feedback(q, None) == (None, "")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.legal_set_check.run(legal_ask=q, legal_answer=Value(truth), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["legal-set"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.legal_set_check.run(legal_ask=q, legal_answer=Value(other), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


def test_y_set_legal_or_not_answers_both_ways(load_lesson):
    lesson = load_lesson("08_canasty_cards_and_sets")
    answers = {lesson.legal_set_feedback(lesson.legal_set_question(n), "legal")[0] for n in range(12)}
    assert answers == {True, False}


@pytest.mark.parametrize("n", range(12))
def test_y_seven_the_set_of_seven_with_the_biggest_bonus_is_found_by_the_bonus_rules(load_lesson, kit, text_of, n):
    from tutor.rules import rules_for
    from tutor.scoring import canasta_bonus

    lesson = load_lesson("08_canasty_cards_and_sets")
    q = lesson.seven_question(n)
    players, _ = lesson.SEVEN_STEPS[min(n, len(lesson.SEVEN_STEPS) - 1)]
    assert q["players"] == players
    table = rules_for("canasty", {"players": players})
    hand = q["hand"]
    seven = table["canasta"]["min_cards"]
    scored = [(cards, canasta_bonus(table, meld)) for cards, meld in
              _legal_sets_by_judge(table, hand, range(seven, len(hand) + 1))]
    assert scored
    best = max(b.points for _, b in scored)
    right = next(cards for cards, b in scored if b.points == best)
    ok, text = lesson.seven_feedback(q, format_cards(right))
    assert ok is True and text.startswith("Right") and str(best) in text
    for cards, bonus in scored:
        if bonus.points < best:  # a set of seven holding a wild card when the naturals alone earn more
            bad, text = lesson.seven_feedback(q, format_cards(cards))
            assert bad is False and "Leave the wild cards" in text and str(best) in text
            break
    six = _legal_sets_by_judge(table, hand, (seven - 1,))
    if six:
        short, text = lesson.seven_feedback(q, format_cards(six[0][0]))
        assert short is False and "A legal set, but only" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.seven_check.run(seven_ask=q, tracker=tracker,
                                    seven_pick=kit.hand_widget(lesson.rules, hand, selected=format_cards(right)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["seven-bonus"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.seven_check.run(seven_ask=q, tracker=wrong,
                                    seven_pick=kit.hand_widget(lesson.rules, hand, selected=format_cards(right[:3])))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


# -- 09 canasty down and pile: more practice --


@pytest.mark.parametrize("n", range(12))
def test_y_down_enough_or_short_is_the_checker_s_verdict_on_the_down(load_lesson, kit, text_of, n):
    lesson = load_lesson("09_canasty_down_and_pile")
    rules = lesson.rules
    q = lesson.down_enough_question(n)
    assert q["score"] == lesson.DOWN_SCORES[min(n, len(lesson.DOWN_SCORES) - 1)]
    assert q["need"] == rules.initial_need(q["score"])
    assert len(q["sets"]) == (1 if n < 2 else 2)
    verdict = ask("initial-meld", q["spot"], play=" | ".join(q["sets"]))
    truth = "enough" if verdict.answer else "short"
    ok, text = lesson.down_enough_feedback(q, truth)
    assert ok is True and text.startswith("Right") and f"at least {q['need']}" in text
    other = "short" if truth == "enough" else "enough"
    bad, text = lesson.down_enough_feedback(q, other)
    assert bad is False and text.startswith("It is enough" if truth == "enough" else "Short")
    assert lesson.down_enough_feedback(q, None) == (None, "")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.enough_check.run(enough_ask=q, enough_answer=Value(truth), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["down-enough"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.enough_check.run(enough_ask=q, enough_answer=Value(other), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


def test_y_down_enough_and_short_downs_both_come_up(load_lesson):
    lesson = load_lesson("09_canasty_down_and_pile")
    assert {lesson.down_enough_question(n)["enough"] for n in range(4)} == {True, False}


@pytest.mark.parametrize("n", range(12))
def test_y_pickup_the_cards_that_take_the_pile_are_the_checker_s(load_lesson, kit, text_of, n):
    from collections import Counter
    from itertools import combinations

    lesson = load_lesson("09_canasty_down_and_pile")
    rules = lesson.rules
    q = lesson.takers_question(n)
    spot = q["spot"]
    assert (q["down"], q["buried"]) == lesson.PILE_STEPS[min(n, len(lesson.PILE_STEPS) - 1)]
    # the right answer, asked of the checker pair by pair: every card that takes the pile with another
    hand = list(spot.hand)
    taking = {i for pair in combinations(range(len(hand)), 2)
              if ask("pickup", spot, play=format_cards([hand[k] for k in pair])).answer for i in pair}
    right = [hand[i] for i in sorted(taking)]
    assert right
    ok, text = lesson.takers_feedback(q, format_cards(right))
    assert ok is True and text.startswith("Right")
    if len(right) > 1:
        short, text = lesson.takers_feedback(q, format_cards(right[:-1]))
        assert short is False and "more" in text
    others = [hand[i] for i in range(len(hand)) if i not in taking]
    if others:
        bad, text = lesson.takers_feedback(q, format_cards(right + others[:1]))
        assert bad is False and text.startswith(f"Not {others[0].symbol()}")
    wild = next((c for c in others if rules.is_wild(c)), None)
    if q["buried"] and wild is not None:
        bad, text = lesson.takers_feedback(q, format_cards(right + [wild]))
        assert bad is False and "No wild card helps" in text
    assert Counter(right) == q["takers"]
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    widget = kit.hand_widget(rules, spot.hand, melds=spot.melds, discard=spot.discard, selected=format_cards(right))
    out, _ = lesson.takers_check.run(takers_ask=q, takers_hand=widget, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["pile-cards"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    widget = kit.hand_widget(rules, spot.hand, melds=spot.melds, discard=spot.discard, selected=format_cards(hand))
    out, _ = lesson.takers_check.run(takers_ask=q, takers_hand=widget, tracker=wrong)
    assert ("Right" in text_of(out)) == (not others) and wrong.widget.solved == ([] if others else ["pile-cards"])


# -- 10 canasty going out: more practice --


@pytest.mark.parametrize("n", range(12))
def test_y_goout_may_you_go_out_under_the_wimp_rule_is_the_checker_s_verdict(load_lesson, kit, text_of, n):
    lesson = load_lesson("10_canasty_going_out_and_cheats")
    q = lesson.wimp_question(n)
    spot = q["spot"]
    if n < len(lesson.WIMP_STEPS):
        assert q["step"] == lesson.WIMP_STEPS[n]
    assert spot.first_round == (q["step"] != "later")
    # the cards allow a way out in a later round, so only the round and the scores decide
    assert ask("go-out", spot.replace(first_round=False)).answer
    truth = "yes" if ask("go-out", spot).answer else "no"
    assert (truth == "yes") == (q["step"] in ("later", "first-behind"))
    ok, text = lesson.wimp_feedback(q, truth)
    assert ok is True and text.startswith("Right")
    other = "no" if truth == "yes" else "yes"
    bad, text = lesson.wimp_feedback(q, other)
    assert bad is False and (text.startswith("You may go out") if truth == "yes" else "wimp rule" in text)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.wimp_check.run(wimp_ask=q, wimp_answer=Value(truth), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["may-go-out"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.wimp_check.run(wimp_ask=q, wimp_answer=Value(other), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


def _laid_off_by_scoring(spot):
    """The cards the scoring lays off at the end of the hand, read from its breakdown."""
    from collections import Counter

    from tutor.scoring import score_hand

    lines = [line for line in score_hand(spot).breakdown if line.rule == "Y-END" and "laid off" in line.item]
    return Counter(parse_cards(lines[0].item.split(":", 1)[1])) if lines else Counter()


@pytest.mark.parametrize("n", range(12))
def test_y_end_the_cards_laid_off_when_someone_goes_out_are_the_scoring_s(load_lesson, kit, text_of, n):
    from collections import Counter

    from tutor.scoring import score_hand

    lesson = load_lesson("10_canasty_going_out_and_cheats")
    rules = lesson.rules
    spot = lesson.layoff_question(n)
    extras = lesson.LAYOFF_STEPS[min(n, len(lesson.LAYOFF_STEPS) - 1)]
    laid = _laid_off_by_scoring(spot)
    assert laid and spot.melds
    assert any(rules.is_wild(c) for c in laid) == ("wild" in extras)
    # what is not laid off counts minus, card for card (a black three on a line of its own)
    left = Counter(spot.hand) - laid
    minus = sum(line.points for line in score_hand(spot).breakdown if line.item.startswith("cards in hand"))
    assert minus == -sum(rules.value(c) for c in left.elements() if rules.role(c) != "blocker")
    right = format_cards(list(laid.elements()))
    ok, text = lesson.layoff_feedback(spot, right)
    assert ok is True and text.startswith("Right") and f"{score_hand(spot).total:+d}" in text
    bad, text = lesson.layoff_feedback(spot, format_cards(spot.hand))
    assert bad is False and text.startswith("Not ")
    three = next((c for c in spot.hand if rules.role(c) == "blocker"), None)
    if three is not None:
        bad, text = lesson.layoff_feedback(spot, f"{right} {three}")
        assert bad is False and "black three never joins a set" in text
    wild = [c for c in laid if rules.is_wild(c)]
    if wild:
        short, text = lesson.layoff_feedback(spot, format_cards(list((laid - Counter(wild[:1])).elements())))
        assert short is False and "wild cards are laid off too" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.layoff_check.run(layoff_spot=spot, tracker=tracker,
                                     layoff_hand=kit.hand_widget(rules, spot.hand, melds=spot.melds, selected=right))
    assert "Right" in text_of(out) and tracker.widget.solved == ["lay-off"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.layoff_check.run(layoff_spot=spot, tracker=wrong, layoff_hand=kit.hand_widget(
        rules, spot.hand, melds=spot.melds, selected=format_cards(left.elements())))


# -- 02 melds: more practice --


def _without(cards, taken):
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left


@pytest.mark.parametrize("n", range(12))
def test_c_meld_the_most_a_table_meld_can_take_is_the_judge_s_and_one_wild_too_many_names_the_limit(
        load_lesson, kit, text_of, n):
    from itertools import combinations

    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    q = lesson.lay_off_question(n)
    step = lesson.LAYOFF_STEPS[min(n, len(lesson.LAYOFF_STEPS) - 1)]
    table, hand = list(parse_cards(q["table"])), list(q["hand"])
    # the right answer, by the meld judge alone: the biggest part of the hand that meld 1 can take
    fits = [c for k in range(len(hand), 0, -1) for c in combinations(hand, k)
            if is_legal(rules, tuple(table + list(c)), going_out=False)]
    right = list(max(fits, key=len))
    wilds_held = [c for c in hand if rules.is_wild(c)]
    assert (len([c for c in right if rules.is_wild(c)]) < len(wilds_held)) == (step != "naturals")
    ok, text = lesson.lay_off_feedback(q, format_cards(right))
    assert ok is True and text.startswith("Right"), text
    if len(right) > 1:
        short, text = lesson.lay_off_feedback(q, format_cards(right[:-1]))
        assert short is False and ("Every" in text or "one more wild card would still fit" in text)
    spare = [c for c in _without(hand, right) if rules.is_wild(c)]
    if spare:
        over = right + spare[:1]
        naturals = sum(1 for c in table + over if rules.is_natural(c))
        too, text = lesson.lay_off_feedback(q, format_cards(over))
        assert too is False and text.startswith("Too many")
        assert f"may hold {kit.number_word(kit.wild_limit(rules, naturals))} wild cards in all" in text
    stranger = next(c for c in hand if rules.is_natural(c) and c.rank != q["rank"])
    bad, text = lesson.lay_off_feedback(q, str(stranger))
    assert bad is False and "one rank" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=[q["table"]], selected=format_cards(right))
    out, _ = lesson.lay_off_check.run(layoff_question=q, layoff_pick=shown, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["lay-off"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=[q["table"]], selected=str(stranger))
    out, _ = lesson.lay_off_check.run(layoff_question=q, layoff_pick=shown, tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_y_end_the_hand_s_score_when_someone_goes_out_is_the_scoring_s_total(load_lesson, kit, text_of, n):
    from tutor.scoring import score_hand

    lesson = load_lesson("10_canasty_going_out_and_cheats")
    spot = lesson.end_score_question(n)
    down, _ = lesson.END_STEPS[min(n, len(lesson.END_STEPS) - 1)]
    assert bool(spot.melds) == down and spot.red_threes
    result = score_hand(spot)
    if not down:  # a player who is not down counts everything minus, his bonus cards too
        assert result.total < 0 and all(line.points < 0 for line in result.breakdown)
    ok, text = lesson.end_score_feedback(spot, result.total)
    assert ok is True and text.startswith("Right") and f"{result.total:+d}" in text
    bad, text = lesson.end_score_feedback(spot, result.total + 5)
    assert bad is False and text.startswith("Not quite")
    if result.total:
        bad, text = lesson.end_score_feedback(spot, -result.total)
        assert bad is False and "sign" in text
    hand_line = next(line for line in result.breakdown if line.item.startswith("cards in hand"))
    bad, text = lesson.end_score_feedback(spot, result.total - hand_line.points)
    assert bad is False and "left out" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.end_score_check.run(end_spot=spot, end_box=Value(str(result.total)), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["end-score"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.end_score_check.run(end_spot=spot, end_box=Value(str(result.total + 5)), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []
    out, _ = lesson.end_score_check.run(end_spot=spot, end_box=Value("lots"), tracker=wrong)
    assert "not a whole number" in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_meld_the_fewest_wild_cards_taken_back_leave_the_most_the_naturals_carry(load_lesson, kit, text_of, n):
    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    cards = list(lesson.too_many_question(n))
    assert not is_legal(rules, tuple(cards), going_out=False)
    wilds = [c for c in cards if rules.is_wild(c)]
    # the right answer, by the meld judge alone: the fewest wild cards whose going back leaves a legal meld
    k = next(k for k in range(1, len(wilds) + 1)
             if is_legal(rules, tuple(_without(cards, wilds[:k])), going_out=False))
    naturals = len(cards) - len(wilds)
    limit = kit.number_word(kit.wild_limit(rules, naturals))
    ok, text = lesson.too_many_feedback(cards, format_cards(wilds[:k]))
    assert ok is True and text.startswith("Right") and f"may carry up to {limit} wild cards" in text
    if k > 1:
        still, text = lesson.too_many_feedback(cards, format_cards(wilds[:k - 1]))
        assert still is False and text.startswith("Still too many")
    if k < len(wilds):
        more, text = lesson.too_many_feedback(cards, format_cards(wilds[:k + 1]))
        assert more is False and "more than you need" in text and f"up to {limit} wild cards" in text
    natural = next(c for c in cards if rules.is_natural(c))
    keep, text = lesson.too_many_feedback(cards, str(natural))
    assert keep is False and "Keep every natural" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.too_many_check.run(too_many_cards=cards, tracker=tracker,
                                       too_many_pick=kit.hand_widget(rules, cards, selected=format_cards(wilds[:k])))
    assert "Right" in text_of(out) and tracker.widget.solved == ["too-many-wilds"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.too_many_check.run(too_many_cards=cards, tracker=wrong,
                                       too_many_pick=kit.hand_widget(rules, cards, selected=str(natural)))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_wildcanasta_wild_cards_alone_and_enough_of_them_earn_the_wild_bonus(load_lesson, kit, text_of, n):
    from tutor.melds import judge
    from tutor.scoring import canasta_bonus

    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    hand = lesson.wild_canasta_question(n)
    wilds = [c for c in hand if rules.is_wild(c)]
    low = rules["wild_meld"]["min_cards"]
    assert len(wilds) >= low
    bonus = canasta_bonus(rules, judge(rules, tuple(wilds), going_out=False))
    assert bonus is not None and bonus.points == rules["canasta"]["wild_bonus"]
    ok, text = lesson.wild_canasta_feedback(format_cards(wilds))
    assert ok is True and text.startswith("Right") and f"{bonus.points} on top" in text
    few, text = lesson.wild_canasta_feedback(format_cards(wilds[:low - 1]))
    assert few is False and not is_legal(rules, tuple(wilds[:low - 1]), going_out=False)
    assert f"{kit.number_word(low)} or more" in text
    natural = next(c for c in hand if rules.is_natural(c))
    mixed, text = lesson.wild_canasta_feedback(format_cards(wilds + [natural]))
    assert mixed is False and "wild cards only" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.wild_canasta_check.run(tracker=tracker,
                                           wild_canasta_pick=kit.hand_widget(rules, hand, selected=format_cards(wilds)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["wild-canasta"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.wild_canasta_check.run(tracker=wrong, wild_canasta_pick=kit.hand_widget(
        rules, hand, selected=format_cards(wilds[:low - 1])))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_wildcanasta_sets_of_wild_cards_are_judged_and_the_legal_ones_scored(load_lesson, kit, text_of, n):
    from tutor.melds import judge
    from tutor.scoring import canasta_bonus

    lesson = load_lesson("02_melds_and_wild_cards")
    rules = lesson.rules
    sets = lesson.wild_set_question(n)
    assert all(rules.is_wild(c) for s in sets for c in parse_cards(s))
    truth = [is_legal(rules, tuple(parse_cards(s)), going_out=False) for s in sets]
    assert True in truth and False in truth
    right = ["legal" if t else "not legal" for t in truth]
    ok, text = lesson.wild_set_feedback(sets, right)
    assert ok is True and text.startswith("All right")
    for i, (s, legal) in enumerate(zip(sets, truth), start=1):
        cards = parse_cards(s)
        if legal:
            bonus = canasta_bonus(rules, judge(rules, cards, going_out=False))
            assert f"eld {i} scores {sum(rules.value(c) for c in cards)} for its cards and {bonus.points}" in text
    flipped = ["not legal" if a == "legal" else "legal" for a in right]
    bad, text = lesson.wild_set_feedback(sets, flipped)
    assert bad is False and "Look again" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.wild_set_check.run(wild_sets=sets, wild_ticks=Value(right), tracker=tracker)
    assert "All right" in text_of(out) and tracker.widget.solved == ["wild-or-not"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.wild_set_check.run(wild_sets=sets, wild_ticks=Value(flipped), tracker=wrong)
    assert "All right" not in text_of(out) and wrong.widget.solved == []


# -- 06 going out and scoring: more practice --


def _scored(lesson, spot, out: bool, concealed: bool):
    from tutor.scoring import score_hand

    return score_hand(spot, went_out=out, concealed=out and concealed)


def _hand_scores(lesson, q):
    """Both sides' hand scores, by ``tutor.scoring``, with the ending read from its words."""
    ending = q["ending"]
    concealed = "concealed" in ending
    return (_scored(lesson, q["ours"], ending.startswith("we "), concealed),
            _scored(lesson, q["theirs"], ending.startswith("they "), concealed))


@pytest.mark.parametrize("n", range(12))
def test_c_end_the_game_ends_after_the_hand_a_side_reaches_the_target_and_the_higher_side_wins(
        load_lesson, kit, text_of, n):
    lesson = load_lesson("06_going_out_and_scoring")
    target = lesson.rules["game"]["target"]
    q = lesson.game_question(n)
    step = lesson.GAME_STEPS[min(n, len(lesson.GAME_STEPS) - 1)]
    after = [b + r.total for b, r in zip(q["before"], _hand_scores(lesson, q))]
    assert all(b < target for b in q["before"])
    assert sum(a >= target for a in after) == {"one": 1, "nobody": 0, "both": 2}[step]
    win, lose, wait = lesson.GAME_ANSWERS
    truth = wait if max(after) < target else (win if after[0] > after[1] else lose)
    ok, text = lesson.game_feedback(q, truth)
    assert ok is True and text.startswith("Right") and f"= {after[0]}" in text and f"= {after[1]}" in text
    for other in (a for a in lesson.GAME_ANSWERS if a != truth):
        bad, text = lesson.game_feedback(q, other)
        assert bad is False and (str(target) in text or "more points" in text)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.game_check.run(game_end=q, game_pick=Value(truth), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["game-won"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.game_check.run(game_end=q, game_pick=Value(next(a for a in lesson.GAME_ANSWERS if a != truth)),
                                   tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_goout_c_concealed_the_going_out_bonus_goes_to_the_side_that_went_out(load_lesson, kit, text_of, n):
    lesson = load_lesson("06_going_out_and_scoring")
    go = lesson.rules["go_out"]
    q = lesson.out_bonus_question(n)
    step = lesson.OUT_BONUS_STEPS[min(n, len(lesson.OUT_BONUS_STEPS) - 1)]
    cited = {go["rule"], go["concealed_rule"]}
    lines = [(side, line) for side, result in zip(("our side", "their side"), _hand_scores(lesson, q))
             for line in result.breakdown if line.rule in cited]
    assert len(lines) == (0 if step == "stock" else 1)
    truth = f"{lines[0][0]}, {lines[0][1].points}" if lines else "neither side"
    assert truth in lesson.out_bonus_answers()
    if step == "concealed":
        assert lines[0][1].points == go["concealed_bonus"]
    ok, text = lesson.out_bonus_feedback(q, truth)
    assert ok is True and text.startswith("Right")
    for other in (a for a in lesson.out_bonus_answers() if a != truth):
        bad, text = lesson.out_bonus_feedback(q, other)
        assert bad is False
        if step == "partner" and other.startswith("their"):
            assert "Your partner plays on your side" in text
        if step == "stock":
            assert "no side scores the bonus" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.out_bonus_check.run(out_bonus=q, out_bonus_pick=Value(truth), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["out-bonus"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.out_bonus_check.run(out_bonus=q, out_bonus_pick=Value("neither side" if lines else "our side, "
                                                                          f"{go['bonus']}"), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_values_c_black3_each_item_of_the_hand_s_score_is_scoring_s(load_lesson, kit, text_of, n):
    lesson = load_lesson("06_going_out_and_scoring")
    rules = lesson.rules
    q = lesson.items_question(n)
    step = lesson.ITEM_STEPS[min(n, len(lesson.ITEM_STEPS) - 1)]
    spot = q["spot"]
    result = _scored(lesson, spot, step == "out", False)
    if step in ("held", "black-three"):
        blackthrees = sum(1 for c in spot.hand if rules.role(c) == "blocker")
        assert bool(blackthrees) == (step == "black-three")
        right = sum(line.points for line in result.breakdown if "in hand" in line.item)
        assert right < 0
    elif step == "bonuses":
        assert spot.red_threes
        right = result.points_for(rules["canasta"]["rule"]) + result.points_for(rules["bonus_cards"]["rule"])
    else:
        right = result.total
    ok, text = lesson.items_feedback(q, right)
    assert ok is True and text.startswith(f"Right: {right:+d}")
    off, text = lesson.items_feedback(q, right + 5)
    assert off is False and text.startswith(("Not quite", "Almost"))
    if step == "black-three":
        assert f"costs {-rules['scoring']['blocker_in_hand']}" in text
    sign, text = lesson.items_feedback(q, -right)
    assert sign is False and "sign" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.items_check.run(items=q, items_box=Value(str(right)), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["score-items"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.items_check.run(items=q, items_box=Value(str(right + 5)), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []
    typo, _ = lesson.items_check.run(items=q, items_box=Value("ten"), tracker=wrong)
    assert "not a whole number" in text_of(typo) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_deck_lesson_6_spots_hold_no_card_more_often_than_the_pack(load_lesson, n):
    from collections import Counter

    lesson = load_lesson("06_going_out_and_scoring")
    rules = lesson.rules
    spots = [lesson.canasta_question(n), lesson.concealed_question(n), lesson.finished_hand(660 + n),
             lesson.going_out_deal(606 + n, concealed=False), lesson.items_question(n)["spot"]]
    for spot in spots:
        held = Counter([*spot.hand, *(c for m in spot.melds for c in m), *spot.red_threes, *spot.discard])
        assert all(k <= spot.rules.copies(c) for c, k in held.items()), spot.to_dict()


# -- 04 the pile: more practice --


def _offers(hand):
    """Every two cards of a hand, as play text, each once."""
    from itertools import combinations

    return [format_cards(p) for p in dict.fromkeys(combinations(hand, 2))]


@pytest.mark.parametrize("n", range(12))
def test_c_pickup_the_top_card_goes_down_with_two_cards_of_its_rank(load_lesson, kit, text_of, n):
    lesson = load_lesson("04_the_pile")
    q = lesson.open_question(n)
    spot = q["spot"]
    assert q["step"] == lesson.OPEN_STEPS[min(n, len(lesson.OPEN_STEPS) - 1)]
    assert spot.melds and not any(lesson.rules.is_wild(c) for c in spot.discard)
    truth = {p: ask("pickup", spot, play=p).answer for p in _offers(spot.hand)}
    rights = [p for p, yes in truth.items() if yes]
    assert rights
    if q["step"] == "natural-and-wild":
        assert all(any(lesson.rules.is_wild(c) for c in parse_cards(p)) for p in rights)
    ok, text = lesson.take_feedback(q, rights[0])
    assert ok is True and text.startswith("Right")
    top = spot.discard[-1]
    other_pair = next(p for p, yes in truth.items()
                      if not yes and len({c.rank for c in parse_cards(p)}) == 1 and parse_cards(p)[0].rank != top.rank
                      and lesson.rules.is_natural(parse_cards(p)[0]))
    bad, text = lesson.take_feedback(q, other_pair)
    assert bad is False and "neither card has the rank of the top card" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, discard=spot.discard, selected=rights[0])
    out, _ = lesson.open_check.run(open_ask=q, open_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["match-the-top"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, discard=spot.discard, selected=other_pair)
    out, _ = lesson.open_check.run(open_ask=q, open_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_pickup_whoever_takes_the_pile_takes_all_of_it(load_lesson, kit, text_of, n):
    from tutor.play import parse_play
    from tutor.questions import play_turn_prefix

    lesson = load_lesson("04_the_pile")
    q = lesson.whole_pile_question(n)
    spot = q["spot"]
    assert len(spot.discard) == lesson.PILE_SIZES[min(n, len(lesson.PILE_SIZES) - 1)]
    play = f"pickup {q['pair']}"
    assert referee(spot, f"{play}; discard {spot.hand[-1]}").answer  # the pickup named is a legal turn
    held = sum(play_turn_prefix(spot, parse_play(play)).values())
    assert held == len(spot.hand) - 2 + len(spot.discard) - 1
    choices = lesson.whole_pile_choices(q)
    assert held in choices and len(choices) >= 3
    ok, text = lesson.whole_pile_feedback(q, str(held))
    assert ok is True and text.startswith(f"Right: {held}")
    for wrong, why in choices.items():
        if wrong != held:
            bad, text = lesson.whole_pile_feedback(q, str(wrong))
            assert bad is False and why in text
    assert lesson.whole_pile_feedback(q, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.whole_check.run(whole_answer=Value(str(held)), whole_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["whole-pile"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.whole_check.run(whole_answer=Value(str(held + 2)), whole_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


@pytest.mark.parametrize("n", range(16))
def test_c_frozen_a_wild_card_deep_in_the_pile_or_no_meld_yet_refuses_a_natural_and_a_wild(
        load_lesson, kit, text_of, n):
    lesson = load_lesson("04_the_pile")
    rules = lesson.rules
    q = lesson.frozen_question(n)
    spot = q["spot"]
    step = lesson.FROZEN_STEPS[min(n, len(lesson.FROZEN_STEPS) - 1)]
    assert q["kind"] == step or step == "any"
    offer = parse_cards(q["play"])
    assert sum(rules.is_wild(c) for c in offer) == 1 and any(c.rank == spot.discard[-1].rank for c in offer)
    if q["kind"].startswith("buried"):
        freezer = [i for i, c in enumerate(spot.discard) if rules.is_wild(c) or rules.role(c) == "bonus"]
        assert freezer and freezer[0] < len(spot.discard) - 3  # deep in the pile, and shown with it
    assert bool(spot.melds) == (q["kind"] != "not-down")
    verdict = ask("pickup", spot, play=q["play"])
    right, wrong = ("yes", "no") if verdict.answer else ("no", "yes")
    ok, text = lesson.frozen_feedback(q, right, verdict)
    assert ok is True and text.startswith("Right")
    bad, text = lesson.frozen_feedback(q, wrong, verdict)
    assert bad is False
    if q["kind"].startswith("buried"):
        assert verdict.answer is False and "lies deep in it" in text
    if q["kind"] == "not-down":
        assert verdict.answer is False and "has not melded yet" in text
    assert lesson.frozen_feedback(q, None, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.frozen_check.run(frozen_answer=Value(right), frozen_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["frozen-or-open"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.frozen_check.run(frozen_answer=Value(wrong), frozen_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_frozen_every_kind_of_pile_comes_up_and_both_answers(load_lesson):
    lesson = load_lesson("04_the_pile")
    asked = [lesson.frozen_question(n) for n in range(30)]
    assert {q["kind"] for q in asked} == set(lesson.FROZEN_KINDS)
    assert {ask("pickup", q["spot"], play=q["play"]).answer for q in asked} == {True, False}


@pytest.mark.parametrize("n", range(14))
def test_c_black3_a_black_three_blocks_the_pile_only_while_on_top(load_lesson, kit, text_of, n):
    lesson = load_lesson("04_the_pile")
    q = lesson.black_top_question(n)
    spot = q["spot"]
    step = lesson.BLACK_STEPS[min(n, len(lesson.BLACK_STEPS) - 1)]
    assert q["kind"] == step or step == "any"
    top, under = spot.discard[-1], spot.discard[-2]
    assert lesson.rules.role(under if q["kind"] == "covered" else top) == "blocker"
    verdict = ask("pickup", spot)
    right, wrong = ("yes", "no") if verdict.answer else ("no", "yes")
    ok, text = lesson.black_top_feedback(q, right, verdict)
    assert ok is True and text.startswith("Right")
    bad, text = lesson.black_top_feedback(q, wrong, verdict)
    assert bad is False
    if not verdict.answer:
        assert symbols_in(verdict.reasons[0].text).rstrip(".")[1:] in text
    if q["kind"] == "covered" and verdict.answer:
        assert "covered" in text
    assert lesson.black_top_feedback(q, None, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.black_top_check.run(black_answer=Value(right), black_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["black-on-top"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.black_top_check.run(black_answer=Value(wrong), black_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_black3_both_answers_come_up(load_lesson):
    lesson = load_lesson("04_the_pile")
    asked = [lesson.black_top_question(n) for n in range(20)]
    assert {q["kind"] for q in asked} == set(lesson.BLACK_STEPS[:-1])
    assert {ask("pickup", q["spot"]).answer for q in asked} == {True, False}


@pytest.mark.parametrize("n", range(12))
def test_c_black3_the_discard_that_keeps_the_pile_from_the_next_player(load_lesson, kit, text_of, n):
    lesson = load_lesson("04_the_pile")
    q = lesson.block_question(n)
    spot = q["spot"]
    assert spot.phase == "drawn" and q["step"] == lesson.BLOCK_STEPS[min(n, len(lesson.BLOCK_STEPS) - 1)]
    truth = {}
    for card in dict.fromkeys(spot.hand):
        assert referee(spot, f"discard {card}").answer
        truth[card] = not ask("pickup", lesson.next_player_spot(q, card)).answer
    blocks = [c for c, yes in truth.items() if yes]
    opens = [c for c, yes in truth.items() if not yes]
    assert blocks and opens
    ok, text = lesson.block_feedback(q, str(blocks[0]))
    assert ok is True and text.startswith("Right")
    bad, text = lesson.block_feedback(q, str(opens[0]))
    assert bad is False and "would take the pile with" in text
    if q["step"] == "frozen":
        assert "A frozen pile does not stop them" in text
    two, text = lesson.block_feedback(q, format_cards([blocks[0], opens[0]]))
    assert two is False and "Select one card" in text
    assert lesson.block_feedback(q, "")[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, discard=spot.discard, selected=str(blocks[0]))
    out, _ = lesson.block_check.run(block_ask=q, block_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["block-it"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, discard=spot.discard, selected=str(opens[0]))
    out, _ = lesson.block_check.run(block_ask=q, block_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


# -- 05 threes: more practice --


def _red_threes_score(count, melded):
    """What the scoring rules give a side's red threes alone (the side's meld, if any, taken out)."""
    from tutor.scoring import score_hand

    spot = Spot.from_dict({"variant": "classic", "hand": "", "red_threes": " ".join(["3H", "3D", "3H", "3D"][:count]),
                           "melds": ["KS KH KD"] if melded else []})
    meld = score_hand(Spot.from_dict({"variant": "classic", "hand": "", "melds": ["KS KH KD"]})).total if melded else 0
    return score_hand(spot).total - meld


@pytest.mark.parametrize("n", range(14))
def test_c_red3_each_scores_plus_if_the_side_melded_minus_if_not_and_all_four_more(load_lesson, kit, text_of, n):
    lesson = load_lesson("05_red_and_black_threes")
    rules = lesson.rules
    q = lesson.red_points_question(n)
    step = lesson.RED_STEPS[min(n, len(lesson.RED_STEPS) - 1)]
    assert step == "any" or (q["count"], q["melded"]) == step
    points = _red_threes_score(q["count"], q["melded"])
    assert (points > 0) == q["melded"]
    if q["count"] == 4:
        assert abs(points) == rules["bonus_cards"]["all_bonus"]
    choices = lesson.red_points_choices(q)
    assert points in choices and -points in choices and 0 in choices
    ok, text = lesson.red_points_feedback(q, f"{points:+d}")
    assert ok is True and text.startswith(f"Right: {points:+d}")
    bad, text = lesson.red_points_feedback(q, f"{-points:+d}")
    assert bad is False and "the sign is not" in text
    bad, text = lesson.red_points_feedback(q, "0")
    assert bad is False and "always count" in text
    if q["count"] == 4:
        each = rules["cards"]["values"]["3H"]
        bad, text = lesson.red_points_feedback(q, str(4 * each if q["melded"] else -4 * each))
        assert bad is False and f"worth {rules['bonus_cards']['all_bonus']}" in text
    assert lesson.red_points_feedback(q, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.red_points_check.run(red_answer=Value(f"{points:+d}"), red_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["red-points"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.red_points_check.run(red_answer=Value(f"{-points:+d}"), red_ask=q, tracker=lost)


# -- 00 start here: more practice --


@pytest.mark.parametrize("n", range(12))
def test_c_deck_partners_sit_across_and_the_turn_passes_to_the_left(load_lesson, kit, text_of, n):
    from tutor.engine import new_game

    lesson = load_lesson("00_start_here")
    q = lesson.seat_question(n)
    if n == 0:
        assert q["seat"] == "South" and q["kind"] == "partner"
    # the answer from the game's own seating, the seats named by the compass in playing order
    state = new_game("classic", {"players": 4}, seed=0)
    names = kit.COMPASS[4]
    me = names.index(q["seat"])
    partner = names[next(s for s in state.seats_of(state.side_of(me)) if s != me)]
    truth = partner if q["kind"] == "partner" else names[state.view(me).next_seat(1)]
    assert q["seat"] not in q["options"] and truth in q["options"] and len(q["options"]) == 3
    ok, text = lesson.seat_feedback(q, truth)
    assert ok is True and text.startswith("Right") and truth in text
    for other in (o for o in q["options"] if o != truth):
        bad, text = lesson.seat_feedback(q, other)
        assert bad is False and other in text
        if other == partner:
            assert "your partner" in text and "left" in text
    assert lesson.seat_feedback(q, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.seat_check.run(seat_answer=Value(truth), seat_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["partner-seat"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    wrong = next(o for o in q["options"] if o != truth)
    out, _ = lesson.seat_check.run(seat_answer=Value(wrong), seat_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_deck_both_seat_questions_come_up_from_every_seat(load_lesson):
    lesson = load_lesson("00_start_here")
    asked = [lesson.seat_question(n) for n in range(40)]
    assert {q["kind"] for q in asked} == {"partner", "next-player"}
    assert {q["seat"] for q in asked} == {"South", "West", "North", "East"}


@pytest.mark.parametrize("n", range(12))
def test_c_meld_a_card_joins_the_partner_s_meld_never_the_other_side_s(load_lesson, kit, text_of, n):
    lesson = load_lesson("00_start_here")
    q = lesson.lay_question(n)
    spot = q["spot"]
    assert q["ours"].rank != q["theirs"].rank and len(spot.melds) == 1
    # a discard after the lay-off that the referee accepts, found by the referee alone
    loose = [c for c in spot.hand if c not in (q["ours"], q["theirs"])]
    discard = next(c for c in loose if referee(spot, f"layoff {q['ours']} to 1; discard {c}").answer)
    assert not referee(spot, f"layoff {q['theirs']} to 1; discard {discard}").answer
    ok, text = lesson.lay_feedback(q, [(q["ours"],)], [discard])
    assert ok is True and text.startswith("Right") and q["partner"] in text
    bad, text = lesson.lay_feedback(q, [(q["theirs"],)], [discard])
    assert bad is False and q["opponent"] in text and "other side" in text
    none, text = lesson.lay_feedback(q, [], [discard])
    assert none is False and "Group" in text
    assert lesson.lay_feedback(q, [], [])[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, groups=[str(q["ours"])], selected=str(discard))
    out, _ = lesson.lay_check.run(lay_ask=q, lay_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["whose-melds"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, groups=[str(q["theirs"])], selected=str(discard))
    out, _ = lesson.lay_check.run(lay_ask=q, lay_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_goout_the_canastas_a_side_needs_are_the_table_s_own(load_lesson, kit, text_of, n):
    from tutor.rules import rules_for

    lesson = load_lesson("00_start_here")
    q = lesson.need_question(n)
    if n < len(lesson.GAME_STEPS):
        assert (q["variant"], q["players"]) == lesson.GAME_STEPS[n]
    need = rules_for(q["variant"], {"players": q["players"]}).canastas_to_go_out
    right = kit.number_word(need)
    ok, text = lesson.need_feedback(q, right)
    assert ok is True and text.startswith("Right") and right in text
    wrong = next(w for w in ("one", "two", "three") if w != right)
    bad, text = lesson.need_feedback(q, wrong)
    assert bad is False and f"ask for {right}" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.need_check.run(need_answer=Value(right), need_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["canastas-to-go-out"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.need_check.run(need_answer=Value(wrong), need_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_goout_tables_needing_one_and_two_canastas_both_come_up(load_lesson):
    lesson = load_lesson("00_start_here")
    assert {lesson.need_question(n)["answer"] for n in range(40)} == {1, 2}


@pytest.mark.parametrize("n", range(16))
def test_c_goout_a_proposed_turn_is_whole_only_when_the_referee_accepts_it(load_lesson, kit, text_of, n):
    lesson = load_lesson("00_start_here")
    q = lesson.proposal_question(n)
    if n < len(lesson.PROPOSAL_STEPS):
        assert q["kind"] == lesson.PROPOSAL_STEPS[n]
    verdict = referee(q["spot"], q["play"])
    right, wrong = ("yes", "no") if verdict.answer else ("no", "yes")
    ok, text = lesson.proposal_feedback(q, right)
    assert ok is True and text.startswith("Right") and verdict.reasons[0].text in text
    bad, text = lesson.proposal_feedback(q, wrong)
    assert bad is False and f"the referee says {right}" in text
    assert lesson.proposal_feedback(q, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.proposal_check.run(proposal_answer=Value(right), proposal_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["complete-turn"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.proposal_check.run(proposal_answer=Value(wrong), proposal_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_goout_every_kind_of_proposed_turn_comes_up_and_both_answers_with_melds(load_lesson):
    lesson = load_lesson("00_start_here")
    asked = [lesson.proposal_question(n) for n in range(40)]
    assert {q["kind"] for q in asked} == set(lesson.PROPOSAL_KINDS)
    melded = {referee(q["spot"], q["play"]).answer for q in asked if q["kind"] == "meld-and-discard"}
    assert melded == {True, False}


# -- 16 play a hand: more practice --


def _coach_move(state):
    """The coach's move for the learner's seat, asked afresh with the lesson's full search."""
    from tutor.engine.coach import advise
    from tutor.engine.ismcts import observe

    return advise(observe(state, 0), seconds=60).move


@pytest.mark.parametrize("n", range(12))
def test_c_pickup_draw_or_take_is_the_coach_s_choice_and_a_closed_pile_is_the_checker_s(load_lesson, kit, text_of, n):
    from tutor.engine.moves import Play

    lesson = load_lesson("16_play_a_hand")
    q = lesson.pile_question(n)
    state = q["state"]
    assert state.to_act == lesson.ME and state.phase == "before-draw" and state.rules.base == "classic"
    pickup = ask("pickup", state.spot_for(lesson.ME, "before-draw"))
    assert pickup.answer == (q["step"] == "pile-open")
    move = _coach_move(state)
    right = lesson.PILE_CHOICES[isinstance(move, Play) and move.takes_pile]
    wrong = next(c for c in lesson.PILE_CHOICES if c != right)
    ok, text = lesson.pile_feedback(q, right)
    assert ok is True and text.startswith("Right") and "**Coach**" in text
    bad, text = lesson.pile_feedback(q, wrong)
    assert bad is False and "**Coach**" in text
    if not pickup.answer:
        assert right == lesson.PILE_CHOICES[0] and "closed to you" in text
    assert not any(f"seat {k}" in text.lower() for k in range(4))
    assert q["told"] and all(not line.lower().startswith(("seat", "you")) for line in q["told"])
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.pile_check.run(pile_ask=q, pile_pick=Value(right), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["coach-draw-or-take"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.pile_check.run(pile_ask=q, pile_pick=Value(wrong), tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_pickup_the_coach_both_draws_and_takes_the_pile(load_lesson):
    lesson = load_lesson("16_play_a_hand")
    assert {lesson.pile_question(n)["answer"] for n in range(8)} == set(lesson.PILE_CHOICES)


@pytest.mark.parametrize("n", range(12))
def test_c_discard_the_coach_s_discard_is_right_and_another_card_wrong(load_lesson, kit, text_of, n):
    from collections import Counter

    from tutor.play import DISCARD

    lesson = load_lesson("16_play_a_hand")
    q = lesson.discard_question(n)
    state = q["state"]
    assert state.to_act == lesson.ME and state.phase == "drawn"
    move = _coach_move(state)
    best = next(a.cards[0] for a in move.actions if a.kind == DISCARD)
    used = Counter(c for a in move.actions if a.kind != DISCARD for c in a.cards)
    assert Counter(q["left"]) == Counter(state.hands[lesson.ME]) - used and best in q["left"]
    ok, text = lesson.discard_feedback(q, [best])
    assert ok is True and text.startswith("Right") and best.symbol() in text and "**Coach**" in text
    other = next(c for c in q["left"] if c != best)
    bad, text = lesson.discard_feedback(q, [other])
    assert bad is False and other.symbol() in text and "**Coach**" in text
    two, text = lesson.discard_feedback(q, [best, other])
    assert two is False and "one" in text
    assert lesson.discard_feedback(q, [])[0] is None
    spot = state.spot_for(lesson.ME)
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(state.rules, format_cards(q["left"]), melds=spot.melds, discard=spot.discard,
                           selected=str(best))
    out, _ = lesson.discard_check.run(discard_ask=q, discard_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["coach-discard"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(state.rules, format_cards(q["left"]), melds=spot.melds, discard=spot.discard,
                           selected=str(other))
    out, _ = lesson.discard_check.run(discard_ask=q, discard_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_c_red3_a_first_meld_turns_their_minus_into_plus(load_lesson, kit, text_of, n):
    lesson = load_lesson("05_red_and_black_threes")
    q = lesson.swing_question(n)
    step = lesson.SWING_COUNTS[min(n, len(lesson.SWING_COUNTS) - 1)]
    assert step == "any" or q["count"] == step
    change = _red_threes_score(q["count"], True) - _red_threes_score(q["count"], False)
    choices = lesson.swing_choices(q)
    assert change in choices and len(choices) >= 3
    ok, text = lesson.swing_feedback(q, str(change))
    assert ok is True and text.startswith(f"Right: {change}")
    for wrong, why in choices.items():
        if wrong != change:
            bad, text = lesson.swing_feedback(q, str(wrong))
            assert bad is False and why in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.swing_check.run(swing_answer=Value(str(change)), swing_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["meld-swing"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.swing_check.run(swing_answer=Value("0"), swing_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


@pytest.mark.parametrize("n", range(16))
def test_c_black3_black_threes_go_down_only_going_out_without_wild_cards(load_lesson, kit, text_of, n):
    lesson = load_lesson("05_red_and_black_threes")
    rules = lesson.rules
    q = lesson.when_question(n)
    spot = q["spot"]
    step = lesson.WHEN_STEPS[min(n, len(lesson.WHEN_STEPS) - 1)]
    assert q["kind"] == step or step == "any"
    assert spot.phase == "drawn" and any(rules.role(c) == "blocker" for c in parse_cards(q["meld"]))
    verdict = referee(spot, q["play"])
    right, wrong = ("yes", "no") if verdict.answer else ("no", "yes")
    ok, text = lesson.when_feedback(q, right, verdict)
    assert ok is True and text.startswith("Right")
    bad, text = lesson.when_feedback(q, wrong, verdict)
    assert bad is False and (verdict.reasons[0].text in text if verdict.reasons else True)
    if q["kind"] == "not-out":
        assert verdict.answer is False and "only in the turn you go out" in text
    if q["kind"] == "with-wild":
        assert verdict.answer is False and "No wild card" in text
    if q["kind"] == "no-canasta":
        assert verdict.answer is False and "canasta" in text and "on the table first" in text
    assert lesson.when_feedback(q, None, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.when_check.run(when_answer=Value(right), when_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["black-when"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.when_check.run(when_answer=Value(wrong), when_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_black3_every_kind_of_play_comes_up_and_both_answers(load_lesson):
    lesson = load_lesson("05_red_and_black_threes")
    asked = [lesson.when_question(n) for n in range(30)]
    assert {q["kind"] for q in asked} == set(lesson.WHEN_KINDS)
    assert {referee(q["spot"], q["play"]).answer for q in asked} == {True, False}


@pytest.mark.parametrize("n", range(12))
def test_c_goout_may_you_go_out_now_is_the_checker_s_answer_both_ways(load_lesson, kit, text_of, n):
    from tutor.melds import judge

    lesson = load_lesson("16_play_a_hand")
    q = lesson.out_question(n)
    state = q["state"]
    assert state.to_act == lesson.ME and state.phase == "drawn"
    spot = state.spot_for(lesson.ME)
    canastas = sum(judge(state.rules, m).canasta for m in spot.melds)
    assert spot.melds and (canastas == 0) == (q["step"] == "no-canasta")
    truth = ask("go-out", spot).answer
    if canastas < state.rules.canastas_to_go_out:
        assert truth is False
    right, wrong = ("yes", "no") if truth else ("no", "yes")
    ok, text = lesson.out_feedback(q, right)
    assert ok is True and text.startswith("Right")
    bad, text = lesson.out_feedback(q, wrong)
    assert bad is False
    if q["step"] == "no-canasta":
        assert "canasta" in text and "needs" in text
    assert lesson.out_feedback(q, None)[0] is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.out_check.run(out_answer=Value(right), out_ask=q, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["go-out-now"]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.out_check.run(out_answer=Value(wrong), out_ask=q, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_goout_both_answers_come_up_once_the_side_has_a_canasta(load_lesson):
    lesson = load_lesson("16_play_a_hand")
    assert {ask("go-out", lesson.out_question(n)["state"].spot_for(lesson.ME)).answer for n in range(1, 5)} == {
        True, False}


def test_c_pickup_a_practice_spot_is_dealt_only_when_asked_for(load_lesson, kit, text_of):
    lesson = load_lesson("16_play_a_hand")
    assert lesson.dealt(Value(0), lesson.out_question) is None
    assert lesson.dealt(Value(1), lesson.out_question)["step"] == lesson.OUT_STEPS[0]
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    for cell, inputs in ((lesson.pile_check, {"pile_ask": None, "pile_pick": Value(None)}),
                         (lesson.discard_check, {"discard_ask": None, "discard_hand": None}),
                         (lesson.out_check, {"out_ask": None, "out_answer": Value(None)})):
        out, _ = cell.run(tracker=tracker, **inputs)
        assert "Deal a spot first" in text_of(out)
    assert tracker.widget.solved == []


# -- 12 albany pile and scoring: more practice --


def _deep_offers(rules, spot, depth):
    """Every choice of hand cards the meld judge accepts with the card ``depth`` deep: two naturals, up to two wilds."""
    from itertools import combinations

    from tutor.errors import IllegalPlayError
    from tutor.melds import judge

    card = spot.discard[-depth]
    naturals = [c for c in dict.fromkeys(spot.hand) if rules.is_natural(c)]
    wilds = [c for c in spot.hand if rules.is_wild(c)]
    offers = []
    for pair in combinations(naturals, 2):
        for extra in dict.fromkeys(w for k in range(3) for w in combinations(wilds, k)):
            try:
                judge(rules, (card, *pair, *extra), going_out=False)
            except IllegalPlayError:
                continue
            offers.append(format_cards(pair + extra))
    return offers


def test_a_draw_the_practice_ladders_of_lesson_12_climb_in_order(load_lesson):
    lesson = load_lesson("12_albany_pile_and_scoring")
    assert [len(lesson.deepest_question(n)["pile"]) for n in range(4)] == [s for s, _ in lesson.DEEPEST_STEPS]
    assert [lesson.taken_exchange_question(n)["depth"] for n in range(3)] == list(lesson.TAKEN_STEPS)
    assert [lesson.exchange_first_question(n)["step"] for n in range(4)] == [s for s, _ in lesson.FIRST_STEPS]
    assert [lesson.deluxe_score_question(n)["step"] for n in range(3)] == list(lesson.SCORE_STEPS)
    assert {lesson.exchange_first_question(n)["verdict"].answer for n in range(4)} == {True, False}
    assert {lesson.deluxe_out_question(n)["may"] for n in range(4)} == {True, False}


@pytest.mark.parametrize("n", range(12))
def test_a_draw_the_deepest_card_of_the_fanned_pile_is_the_checker_s(load_lesson, kit, text_of, n):
    lesson = load_lesson("12_albany_pile_and_scoring")
    rules = lesson.rules
    q = lesson.deepest_question(n)
    spot, pile, deepest = q["spot"], q["pile"], q["deepest"]
    size, stopper = lesson.DEEPEST_STEPS[min(n, len(lesson.DEEPEST_STEPS) - 1)]
    assert len(pile) == size and len(set(pile)) == size and pile == tuple(reversed(spot.discard))
    assert stopper == any(rules.role(c) == "stopper" for c in pile)
    # the answer's own proof, re-checked, and no deeper card taken with any cards of the hand
    cards, _ = q["takes"][deepest]
    assert ask("pickup", spot, play=f"{cards} depth {deepest}").answer
    for depth in range(deepest + 1, size + 1):
        assert not any(ask("pickup", spot, play=f"{o} depth {depth}").answer for o in _deep_offers(rules, spot, depth))
    ok, text = lesson.deepest_feedback(q, str(pile[deepest - 1]))
    assert ok is True and text.startswith("Right") and pile[deepest - 1].symbol() in text
    deeper = pile[deepest]
    bad, text = lesson.deepest_feedback(q, str(deeper))
    assert bad is False and not text.startswith("Right")
    if rules.role(deeper) == "stopper":
        assert "is a stopper" in text
    top, text = lesson.deepest_feedback(q, str(pile[0]))
    assert top is False and "top card" in text
    shallower = [d for d in range(2, deepest) if any(ask("pickup", spot, play=f"{o} depth {d}").answer
                                                     for o in _deep_offers(rules, spot, d))]
    if shallower:
        bad, text = lesson.deepest_feedback(q, str(pile[shallower[0] - 1]))
        assert bad is False and "deeper in the pile" in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.deepest_check.run(deepest_ask=q, tracker=tracker,
                                      deepest_pile=kit.hand_widget(rules, pile, selected=str(pile[deepest - 1])))
    assert "Right" in text_of(out) and tracker.widget.solved == ["deepest-card"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.deepest_check.run(deepest_ask=q, tracker=wrong,
                                      deepest_pile=kit.hand_widget(rules, pile, selected=str(deeper)))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_a_combine_the_card_that_frees_the_joker_may_come_with_the_pick_up(load_lesson, kit, text_of, n):
    lesson = load_lesson("12_albany_pile_and_scoring")
    rules = lesson.rules
    q = lesson.taken_exchange_question(n)
    spot, depth, pair = q["spot"], q["depth"], format_cards(q["pair"])
    assert depth == lesson.TAKEN_STEPS[min(n, len(lesson.TAKEN_STEPS) - 1)]
    assert spot.discard[-depth] == q["deep"] and q["taken"] == spot.discard[-depth + 1:]
    hand = lesson.after_pickup_hand(q)

    def turn(card):  # the whole turn, judged by the referee
        discard = next(c for c in q["strangers"] if c != card)
        return referee(spot, f"pickup {pair} depth {depth}; exchange {card} on 1; discard {discard}")

    truth = {c: turn(c).answer for c in dict.fromkeys(hand)}
    rights = [c for c, yes in truth.items() if yes]
    assert rights and all(c in q["taken"] for c in rights), "only a card the pick-up brings frees the joker"
    ok, text = lesson.taken_exchange_feedback(q, str(rights[0]))
    assert ok is True and text.startswith("Right") and "came with the pick-up" in text
    for card in (c for c, yes in truth.items() if not yes):
        bad, text = lesson.taken_exchange_feedback(q, str(card))
        assert bad is False and text.startswith("Not the") and text != "Not the ."
    two, text = lesson.taken_exchange_feedback(q, format_cards(hand[:2]))
    assert two is False and "Select one card" in text
    melds = [*spot.melds, (q["deep"], *q["pair"])]
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    shown = kit.hand_widget(rules, hand, melds=melds, selected=str(rights[0]))
    out, _ = lesson.taken_check.run(taken_ask=q, taken_hand=shown, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["taken-exchange"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    decoy = next(c for c, yes in truth.items() if not yes)
    out, _ = lesson.taken_check.run(taken_ask=q, tracker=wrong,
                                    taken_hand=kit.hand_widget(rules, hand, melds=melds, selected=str(decoy)))
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_a_draw_no_table_move_comes_before_the_pick_up(load_lesson, kit, text_of, n):
    lesson = load_lesson("12_albany_pile_and_scoring")
    rules = lesson.rules
    q = lesson.exchange_first_question(n)
    spot, depth, card = q["spot"], q["depth"], q["card"]
    step, want_depth = lesson.FIRST_STEPS[min(n, len(lesson.FIRST_STEPS) - 1)]
    assert q["step"] == step and depth == want_depth and spot.discard[-depth] == card
    may = any(ask("pickup", spot, play=f"{o} depth {depth}").answer for o in _deep_offers(rules, spot, depth))
    assert may == (step != "exchange") == q["verdict"].answer
    if not may:
        # freeing the joker first is refused by the referee: the turn starts with the stock or the pile
        naturals = [c for c in spot.hand if c.suit == card.suit and rules.is_natural(c)]
        early = referee(spot, f"exchange {q['exchange']} on 1; pickup {format_cards(naturals)} JK depth {depth}; "
                              f"discard {spot.hand[-1]}")
        assert early.answer is False and "before the pickup" in early.reasons[0].text
    right, other = lesson.FIRST_ANSWERS if may else lesson.FIRST_ANSWERS[::-1]
    ok, text = lesson.exchange_first_feedback(q, right)
    assert ok is True and text.startswith("Right")
    if not may:
        assert "only after the turn's draw" in text
    bad, text = lesson.exchange_first_feedback(q, other)
    assert bad is False and not text.startswith("Right")
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.first_check.run(first_ask=q, first_answer=Value(right), tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["exchange-first"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.first_check.run(first_ask=q, first_answer=Value(other), tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_a_deluxe_the_dead_card_option_needs_one_canasta_fewer_to_go_out(load_lesson, kit, text_of, n):
    lesson = load_lesson("12_albany_pile_and_scoring")
    q = lesson.deluxe_out_question(n)
    spot = q["spot"]
    assert lesson.DEAD_CARD in spot.rules.options["deluxe"]
    plain = Spot.from_dict({**spot.to_dict(), "options": {k: v for k, v in spot.to_dict()["options"].items()
                                                          if k != "deluxe"}})
    may, plain_may = ask("go-out", spot).answer, ask("go-out", plain).answer
    assert may == q["may"] == (q["step"] == "thanks") and plain_may is False
    set_of_three = [c for c in spot.hand if c.rank == spot.hand[0].rank][:3]
    odd = [c for c in spot.hand if c not in set_of_three]
    out_turn, keep_turn = ([tuple(set_of_three)], odd), ([], odd)
    right, wrong_turn = (out_turn, keep_turn) if may else (keep_turn, out_turn)
    ok, text = lesson.empty_hand_feedback(q, *right)
    assert ok is True and text.startswith("Right") and number_word_in(text, spot.rules.canastas_to_go_out)
    assert f"without it, {kit.number_word(plain.rules.canastas_to_go_out)}" in text
    bad, text = lesson.empty_hand_feedback(q, *wrong_turn)
    assert bad is False and (("could have gone out" in text) if may else ("may not empty your hand yet" in text))
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds, groups=[format_cards(g) for g in right[0]],
                           selected=format_cards(right[1]))
    out, _ = lesson.dead_check.run(dead_ask=q, dead_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["deluxe-out"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    hand = kit.hand_widget(lesson.rules, spot.hand, melds=spot.melds,
                           groups=[format_cards(g) for g in wrong_turn[0]], selected=format_cards(wrong_turn[1]))
    out, _ = lesson.dead_check.run(dead_ask=q, dead_hand=hand, tracker=wrong)
    assert "Right" not in text_of(out) and wrong.widget.solved == []


@pytest.mark.parametrize("n", range(12))
def test_a_deluxe_three_of_a_kind_a_group_of_one_suit_without_wilds_scores_most(load_lesson, kit, text_of, n):
    from itertools import combinations

    from tutor.errors import IllegalPlayError
    from tutor.melds import judge

    lesson = load_lesson("12_albany_pile_and_scoring")
    rules = lesson.rules
    q = lesson.deluxe_score_question(n)
    hand = q["hand"]

    def scored(cards, deluxe):  # the checker's score of the set going down alone
        spot = Spot.from_dict({"variant": "albany", "options": {"deluxe": deluxe}, "hand": "",
                               "melds": [format_cards(cards)]})
        return ask("score", spot).extra["total"]

    sets = []
    for size in range(3, len(hand) + 1):
        for combo in dict.fromkeys(combinations(hand, size)):
            try:
                judge(rules, combo, going_out=False)
            except IllegalPlayError:
                continue
            sets.append(combo)
    best = max(scored(s, [lesson.THREE_OF_A_KIND]) for s in sets)
    assert best == q["best"]
    right = next(s for s in sets if scored(s, [lesson.THREE_OF_A_KIND]) == best)
    assert len({c.suit for c in right}) == 1 and not any(rules.is_wild(c) for c in right)
    assert scored(right, []) < best  # the option is what makes it the best
    ok, text = lesson.deluxe_score_feedback(q, format_cards(right))
    assert ok is True and text.startswith("Right") and str(best) in text and str(scored(right, [])) in text
    wild = next((c for c in hand if rules.is_wild(c)), None)
    if wild is not None:
        bad, text = lesson.deluxe_score_feedback(q, format_cards(right + (wild,)))
        assert bad is False and "A wild card spoils it" in text
    mixed = next(s for s in sets if len({c.suit for c in s}) > 1 and not any(rules.is_wild(c) for c in s))
    bad, text = lesson.deluxe_score_feedback(q, format_cards(mixed))
    assert bad is False and "another set" in text and str(scored(mixed, [])) in text
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.kind_check.run(kind_ask=q, tracker=tracker,
                                   kind_hand=kit.hand_widget(rules, hand, selected=format_cards(right)))
    assert "Right" in text_of(out) and tracker.widget.solved == ["deluxe-score"]
    wrong = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = lesson.kind_check.run(kind_ask=q, tracker=wrong,
                                   kind_hand=kit.hand_widget(rules, hand, selected=format_cards(mixed)))
    assert "Right" not in text_of(out) and wrong.widget.solved == []
