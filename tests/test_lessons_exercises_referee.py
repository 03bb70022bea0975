"""The referee lesson's practice, drawn many times (seeded) and answered right and wrong.

Every right answer is found here by the referee or the checker (``tutor.questions``)
on the very spot the lesson shows, never taken from the generator; the test then
runs the lesson's check cell and reads the learner's progress.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from tutor.cards import format_cards, parse_cards
from tutor.questions import ask, referee

SEEDS = range(12)


class Value:
    def __init__(self, value):
        self.value = value


@pytest.fixture(scope="module")
def kit(load_lesson):
    load_lesson("00_welcome")
    import rulebook

    return rulebook


@pytest.fixture(scope="module")
def lesson(load_lesson):
    return load_lesson("14_the_referee")


def tracker_of(kit, lesson):
    return kit.progress_widget(lesson.LESSON, lesson.EXERCISES)


def step_of(lesson, steps, n):
    return steps[min(n, len(steps) - 1)]


def triples(hand):
    """Every three cards of the hand, each set once."""
    return list(dict.fromkeys(tuple(sorted(c, key=str)) for c in combinations(hand, 3)))


# -- settling a dispute: read the play -------------------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_meld_the_cards_a_legal_play_puts_on_the_table_are_the_referee_s_melds_and_lay_offs(
        lesson, kit, text_of, n):
    q = lesson.read_question(n)
    spot, play = q["spot"], q["play"]
    assert q["step"] == step_of(lesson, lesson.READ_STEPS, n) and len(set(spot.hand)) == len(spot.hand)
    verdict = referee(spot, play)
    assert verdict.answer is True
    made = verdict.witness
    right = [c for cards in made["melds"] + [lay["cards"] for lay in made["layoffs"]] for c in parse_cards(cards)]
    discard = parse_cards(made["discard"])[0]
    kept = [c for c in spot.hand if c not in right and c != discard]
    assert kept
    if q["step"] != "meld":
        assert made["layoffs"]
    ok, text = lesson.read_feedback(q, right)
    assert ok is True and text.startswith("Right")
    piled, text = lesson.read_feedback(q, right + [discard])
    assert piled is False and "puts it on the pile" in text
    stray, text = lesson.read_feedback(q, right[:1] + kept[:1])
    assert stray is False and "no step of the play names it" in text
    short, text = lesson.read_feedback(q, right[:-1])
    assert short is False and f"{right[-1].symbol()} goes to the table too" in text
    assert lesson.read_feedback(q, [])[0] is None
    tracker = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard, selected=format_cards(right))
    out, _ = lesson.read_check.run(read_ask=q, read_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["read-the-play"]
    lost = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard, selected=str(discard))
    out, _ = lesson.read_check.run(read_ask=q, read_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


# -- settling a dispute: where does the referee stop? ----------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_meld_the_referee_stops_at_the_first_broken_step_and_a_card_of_it_is_the_answer(lesson, kit, text_of, n):
    q = lesson.stop_question(n)
    spot, play = q["spot"], q["play"]
    assert q["step"] == step_of(lesson, lesson.STOP_STEPS, n)
    verdict = referee(spot, play)
    stop = verdict.extra["step"]
    assert verdict.answer is False and stop >= 1
    steps = lesson.play_steps(play)
    # the answer: the referee's step; a card of an earlier (legal) step and of a later one are wrong
    ok, text = lesson.stop_feedback(q, list(steps[stop - 1][1][:1]))
    assert ok is True and text.startswith("Right") and f"step {stop}" in text
    if stop > 1:
        early, text = lesson.stop_feedback(q, list(steps[0][1][:1]))
        assert early is False and "goes on to the next step" in text
    later = [i for i, (word, _) in enumerate(steps, start=1) if i > stop and word != "discard"]
    if q["step"] == "two":
        assert later and not referee(spot, "; ".join(s for i, s in enumerate(play.split("; "), 1) if i != stop)).answer
    for i in later:
        bad, text = lesson.stop_feedback(q, list(steps[i - 1][1][:1]))
        assert bad is False and "never gets this far" in text
    if stop > 1:
        mixed, text = lesson.stop_feedback(q, [steps[0][1][0], steps[stop - 1][1][0]])
        assert mixed is False and "different steps" in text
    assert lesson.stop_feedback(q, [])[0] is None
    tracker = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard,
                           selected=str(steps[stop - 1][1][0]))
    out, _ = lesson.stop_check.run(stop_ask=q, stop_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["where-it-stops"]
    lost = tracker_of(kit, lesson)
    other = next(c for i, (w, cards) in enumerate(steps, start=1) if i != stop for c in cards)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard, selected=str(other))
    out, _ = lesson.stop_check.run(stop_ask=q, stop_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_meld_the_referee_stops_anywhere_in_the_play_not_only_at_its_first_step(lesson):
    stops = {referee(q["spot"], q["play"]).extra["step"] for q in map(lesson.stop_question, range(24))}
    assert len(stops) >= 3, stops


# -- the spot: put your side down ------------------------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_initial_a_meld_put_on_the_table_puts_the_side_down_as_the_checker_says(lesson, kit, text_of, n):
    q = lesson.side_question(n)
    assert q["step"] == step_of(lesson, lesson.SIDE_STEPS, n)
    rules = lesson.classic
    right, wrong = None, None
    for group in triples(q["hand"]):
        try:
            spot = kit.arranged_spot("classic", q["hand"], [group], ())
            verdict = ask("initial-meld", spot)
        except Exception:
            wrong = wrong or group
            continue
        if not verdict.answer and verdict.reasons[0].rule == rules.cite("initial"):
            right = right or group
    assert right is not None
    ok, text = lesson.side_feedback(q, [right], ())
    assert ok is True and text.startswith("Right") and "already melded" in text
    if q["step"] == "wild":
        assert any(rules.is_wild(c) for c in right)
    if q["step"] == "black-threes":
        blacks = tuple(c for c in q["hand"] if rules.role(c) == "blocker")
        bad, text = lesson.side_feedback(q, [blacks], ())
        assert bad is False and "black 3s are melded only by the player who goes out" in text
    ranks = [c.rank for c in q["hand"] if rules.is_natural(c)]
    pair = next(tuple(c for c in q["hand"] if c.rank == r)[:2] for r in dict.fromkeys(ranks) if ranks.count(r) >= 2)
    short, text = lesson.side_feedback(q, [pair], ())
    assert short is False and "a meld needs at least three" in text
    picked, text = lesson.side_feedback(q, [], right)
    assert picked is False and "Group the cards" in text
    assert lesson.side_feedback(q, [], ())[0] is None
    tracker = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", q["hand"], groups=[format_cards(right)])
    out, _ = lesson.side_check.run(side_ask=q, side_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["put-side-down"]
    lost = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", q["hand"], groups=[format_cards(pair)])
    out, _ = lesson.side_check.run(side_ask=q, side_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_black3_three_black_threes_on_the_table_end_the_hand_so_the_checker_refuses_the_spot(lesson, kit):
    q = lesson.side_question(2)
    blacks = tuple(c for c in q["hand"] if lesson.classic.role(c) == "blocker")
    assert len(blacks) == 3
    spot = kit.arranged_spot("classic", q["hand"], [blacks], ())
    with pytest.raises(Exception, match="black 3s"):
        ask("initial-meld", spot)


# -- the spot: open the pile -----------------------------------------------------------------


def _open_ways(lesson, q):
    """Every arrangement with one legal triple on the table and one card on top, with the checker's answer
    for the pickup with a natural of the top card's rank and the question's wild card."""
    ways = {}
    for group in triples(q["hand"]):
        if lesson.meld_mistake(lesson.classic, group) is not None:
            continue
        for top in dict.fromkeys(q["hand"]):
            if top in group:
                continue
            spot = lesson.arranged(q, [group], [top])
            naturals = [c for c in dict.fromkeys(spot.hand) if c.rank == top.rank and lesson.classic.is_natural(c)]
            if q["wild"] not in spot.hand or not naturals:
                ways[(group, top)] = False
                continue
            ways[(group, top)] = any(ask("pickup", spot, play=f"{c} {q['wild']}").answer for c in naturals)
    return ways


@pytest.mark.parametrize("n", range(6))
def test_c_pickup_c_frozen_a_side_put_down_opens_the_pile_to_a_natural_and_a_wild_card(lesson, kit, text_of, n):
    q = lesson.open_question(n)
    assert q["step"] == step_of(lesson, lesson.OPEN_STEPS, n) and q["wild"] in q["hand"]
    assert not any(lesson.classic.is_wild(c) for c in q["below"])
    ways = _open_ways(lesson, q)
    group, top = next(w for w, yes in ways.items() if yes)
    ok, text = lesson.open_feedback(q, [group], [top])
    assert ok is True and text.startswith("Right") and q["wild"].symbol() in text
    # the same top card with nothing on the table: the pile is frozen for a side not down
    frozen, text = lesson.open_feedback(q, [], [top])
    bare = lesson.arranged(q, [], [top])
    mate = next(c for c in bare.hand if c.rank == top.rank)
    assert frozen is False and "frozen" in text and not ask("pickup", bare, play=f"{mate} {q['wild']}").answer
    if q["step"] == "wild-meld":
        # the named wild card melded: it is no longer there to take the pile with
        rank = group[0].rank if lesson.classic.is_natural(group[0]) else group[1].rank
        melded = tuple(c for c in q["hand"] if c.rank == rank)[:2] + (q["wild"],)
        spent, text = lesson.open_feedback(q, [melded], [top])
        assert spent is False and "Keep" in text
    wrong = next((w for w, yes in ways.items() if not yes and w[0] == group), None)
    if wrong:
        bad, _ = lesson.open_feedback(q, [wrong[0]], [wrong[1]])
        assert bad is False
    odd = next(g for g in triples(q["hand"]) if lesson.meld_mistake(lesson.classic, g) is not None)
    illegal, text = lesson.open_feedback(q, [odd], [next(c for c in q["hand"] if c not in odd)])
    assert illegal is False and f"Not {lesson.cards_text(odd)} on the table" in text
    two, text = lesson.open_feedback(q, [group], [top, next(c for c in q["hand"] if c not in group and c != top)])
    assert two is False and "exactly one card" in text
    assert lesson.open_feedback(q, [], [])[0] is None
    tracker = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", q["hand"], discard=format_cards(q["below"]), groups=[format_cards(group)],
                           selected=str(top))
    out, _ = lesson.open_check.run(open_ask=q, open_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["open-the-pile"]
    lost = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", q["hand"], discard=format_cards(q["below"]), selected=str(top))
    out, _ = lesson.open_check.run(open_ask=q, open_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


# -- the play: fix the play ------------------------------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_meld_one_card_taken_back_makes_the_play_legal_as_the_referee_judges(lesson, kit, text_of, n):
    q = lesson.fix_question(n)
    spot, play = q["spot"], q["play"]
    assert q["step"] == step_of(lesson, lesson.FIX_STEPS, n) and spot.phase == "drawn"
    assert referee(spot, play).answer is False
    truth = {c: bool(lesson.taken_back(play, c)) and referee(spot, lesson.taken_back(play, c)).answer
             for c in dict.fromkeys(spot.hand)}
    right = [c for c, yes in truth.items() if yes]
    moved = [c for c in right + [c for c, yes in truth.items() if not yes] if lesson.taken_back(play, c)]
    assert right
    ok, text = lesson.fix_feedback(q, [right[0]])
    assert ok is True and text.startswith("Right") and right[0].symbol() in text
    for card in moved:
        if not truth[card]:
            bad, text = lesson.fix_feedback(q, [card])
            assert bad is False and "still illegal" in text
            now = referee(spot, lesson.taken_back(play, card)).extra["step"]
            if now < referee(spot, play).extra["step"]:
                assert f"Step {now} was legal as proposed" in text
    discard = lesson.play_steps(play)[-1][1][0]
    kept, text = lesson.fix_feedback(q, [discard])
    assert kept is False and "it is the discard" in text
    two, text = lesson.fix_feedback(q, right[:1] + [c for c in spot.hand if c != right[0]][:1])
    assert two is False and "one card only" in text
    assert lesson.fix_feedback(q, [])[0] is None
    tracker = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard, selected=str(right[0]))
    out, _ = lesson.fix_check.run(fix_ask=q, fix_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["fix-the-play"]
    lost = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard, selected=str(discard))
    out, _ = lesson.fix_check.run(fix_ask=q, fix_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_meld_the_card_to_take_back_is_not_always_the_last_of_its_step(lesson):
    # the stray card of a lay-off is shuffled in, so the answer is read, not found by position
    places = set()
    for n in range(2, 14):
        q = lesson.fix_question(n)
        for word, cards in lesson.play_steps(q["play"]):
            if word == "layoff":
                good = [i for i, c in enumerate(cards) if referee(q["spot"], lesson.taken_back(q["play"], c)).answer]
                places.update(good)
    assert places == {0, 1}


# -- the play: build a legal turn ------------------------------------------------------------


def _build_right(lesson, q):
    """A turn the referee accepts and that holds what the step asks for, searched on the cards."""
    spot = q["spot"]
    hand = spot.hand
    groups = [g for g in triples(hand) if lesson.meld_mistake(lesson.classic, g) is None]
    table = [tuple(c for c in hand if c.rank == spot.melds[0][0].rank)]
    options = {"meld": [[g] for g in groups], "layoff": [table], "both": [[g] + [table[0]] for g in groups]}
    for chosen in options[q["step"]]:
        grouped = [c for g in chosen for c in g]
        for discard in hand:
            if discard in grouped:
                continue
            play = lesson.play_text(spot, chosen, [discard])
            verdict = referee(spot, play)
            if verdict.answer and all(verdict.witness.get(k) for k in lesson.BUILD_NEEDS[q["step"]]):
                return chosen, discard
    raise AssertionError("no turn found")


@pytest.mark.parametrize("n", SEEDS)
def test_c_goout_a_turn_built_on_the_cards_ends_with_one_discard_and_the_referee_accepts_it(lesson, kit, text_of, n):
    q = lesson.build_question(n)
    spot = q["spot"]
    assert q["step"] == step_of(lesson, lesson.BUILD_STEPS, n) and spot.phase == "drawn" and spot.down
    groups, discard = _build_right(lesson, q)
    ok, text = lesson.build_feedback(q, groups, [discard])
    assert ok is True and text.startswith("Right")
    none, text = lesson.build_feedback(q, groups, [])
    assert none is False and "ends with a discard" in text
    assert referee(spot, lesson.play_text(spot, groups, [])).answer is False
    other = next(c for c in spot.hand if c != discard and not any(c in g for g in groups))
    two, text = lesson.build_feedback(q, groups, [discard, other])
    assert two is False and "never two" in text
    if q["step"] == "both":
        half, text = lesson.build_feedback(q, groups[:1], [discard])
        assert half is False and "lay-off onto your meld" in text and referee(
            spot, lesson.play_text(spot, groups[:1], [discard])).answer
    if q["step"] == "meld":
        short = (groups[0][:2],)
        bad, text = lesson.build_feedback(q, short, [discard])
        assert bad is False and "illegal" in text
    assert lesson.build_feedback(q, [], [])[0] is None
    tracker = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard,
                           groups=[format_cards(g) for g in groups], selected=str(discard))
    out, _ = lesson.build_check.run(build_ask=q, build_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["build-a-turn"]
    lost = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard,
                           groups=[format_cards(g) for g in groups])
    out, _ = lesson.build_check.run(build_ask=q, build_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


# -- other questions: which cards can go down? -----------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_meld_c_pickup_every_card_of_the_checker_s_list_and_no_other_is_selected(lesson, kit, text_of, n):
    q = lesson.down_question(n)
    spot = q["spot"]
    assert q["step"] == step_of(lesson, lesson.DOWN_STEPS, n) and spot.down and spot.phase == "drawn"
    listed = {c for m in ask("melds", spot).extra["melds"] for c in parse_cards(m["cards"])}
    right = [c for c in spot.hand if c in listed]
    left = [c for c in spot.hand if c not in listed]
    assert right and left
    ok, text = lesson.down_feedback(q, right)
    assert ok is True and text.startswith("Right")
    stray, text = lesson.down_feedback(q, right + left[:1])
    assert stray is False and f"Not {left[0].symbol()}" in text
    if len(right) > 1:
        short, text = lesson.down_feedback(q, right[1:])
        assert short is False and f"{right[0].symbol()} can go down too" in text
    if q["step"] == "layoff":
        assert any(c.rank == spot.melds[0][0].rank for c in right)
    if q["step"] == "wild":
        black = [c for c in spot.hand if lesson.classic.role(c) == "blocker"]
        assert black and black[0] in left
        bad, text = lesson.down_feedback(q, black)
        assert bad is False and "black 3s" in text
    assert lesson.down_feedback(q, [])[0] is None
    tracker = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard, selected=format_cards(right))
    out, _ = lesson.down_check.run(down_ask=q, down_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["cards-that-go-down"]
    lost = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, melds=spot.melds, discard=spot.discard, selected=format_cards(left))
    out, _ = lesson.down_check.run(down_ask=q, down_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


# -- other questions: the first meld ---------------------------------------------------------


def _first_right(lesson, q):
    """Melds the checker accepts as the first meld: its own best first meld, grouped as it made them."""
    verdict = ask("initial-meld", q["spot"])
    assert verdict.answer
    return verdict.witness["melds"]


@pytest.mark.parametrize("n", range(6))
def test_c_initial_a_first_meld_grouped_on_the_cards_reaches_the_score_s_minimum(lesson, kit, text_of, n):
    q = lesson.first_question(n)
    spot = q["spot"]
    assert q["score"] == step_of(lesson, lesson.FIRST_SCORES, n) and not spot.down
    need = lesson.classic.initial_need(spot.score)
    melds = _first_right(lesson, q)
    ok, text = lesson.first_feedback(q, " | ".join(melds))
    assert ok is True and text.startswith("Right")
    triple = next(r for r in dict.fromkeys(c.rank for c in spot.hand)
                  if sum(c.rank == r for c in spot.hand) == 3 and lesson.classic.is_natural(
                      next(c for c in spot.hand if c.rank == r)))
    natural = format_cards(c for c in spot.hand if c.rank == triple)
    assert ask("initial-meld", spot, play=natural).answer is False
    short, text = lesson.first_feedback(q, natural)
    assert short is False and "The checker says no" in text and f"needs {need} points" in text
    mixed = format_cards([c for c in spot.hand if c.rank == triple][:2] + [next(c for c in spot.hand if c.rank != triple
                                                                                and lesson.classic.is_natural(c))])
    bad, text = lesson.first_feedback(q, mixed)
    assert bad is False and "legal meld before its points count" in text
    assert lesson.first_feedback(q, "")[0] is None
    tracker = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, discard=spot.discard, groups=melds)
    out, _ = lesson.first_check.run(first_ask=q, first_hand=hand, tracker=tracker)
    assert "Right" in text_of(out) and tracker.widget.solved == ["first-meld"]
    lost = tracker_of(kit, lesson)
    hand = kit.hand_widget("classic", spot.hand, discard=spot.discard, groups=[natural])
    out, _ = lesson.first_check.run(first_ask=q, first_hand=hand, tracker=lost)
    assert "Right" not in text_of(out) and lost.widget.solved == []


def test_c_initial_the_need_climbs_with_the_score_as_the_rules_set_it(lesson):
    needs = [lesson.classic.initial_need(lesson.first_question(n)["spot"].score) for n in range(3)]
    assert needs == sorted(needs) and len(set(needs)) == 3


# -- the lesson as a whole -------------------------------------------------------------------


def test_every_exercise_of_the_lesson_is_listed_once_and_marked_by_its_own_check_cell(lesson):
    import re
    from pathlib import Path

    text = Path(lesson.__file__).read_text(encoding="utf-8")
    marked = re.findall(r'exercise="([a-z-]+)"', text)
    assert sorted(marked) == sorted(lesson.EXERCISES) and len(set(marked)) == len(marked)
