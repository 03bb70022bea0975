"""The practice of lesson 16 (play a hand): taking the pile, a whole turn, the hints' melds, the first meld, and
the pile before the draw, each answered on the cards of a turn the bots dealt.

Every right answer is the checker's or the referee's (``tutor.questions.ask``, ``referee``) on the exact spot
shown, never the generator's; each exercise is answered right and wrong, and its check cell marks progress only
on the right answer.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

import pytest

from tutor.cards import format_cards, parse_cards
from tutor.play import PICKUP, parse_play
from tutor.questions import ask, referee

LESSON = "16_play_a_hand"


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
    return load_lesson(LESSON)


def _pickup_cards(verdict):
    """The cards from the hand that the checker's witness takes the pile with."""
    return next(a.cards for a in parse_play(verdict.witness["play"]) if a.kind == PICKUP)


def _hand(kit, spot, **kw):
    return kit.hand_widget(spot.rules, format_cards(spot.hand), melds=spot.melds, discard=spot.discard, **kw)


def _no_seats_no_codes(text, spot):
    """Feedback names players, never seats, and shows cards as symbols, never as codes."""
    assert not any(f"seat {k}" in text.lower() for k in range(4))
    codes = {str(c) for c in spot.hand if len(str(c)) == 2 and not str(c).startswith(("2", "3"))}
    assert not any(f" {code} " in f" {text} " for code in codes), text


def _marks(cell, kit, lesson, exercise, right_inputs, wrong_inputs, text_of):
    """The check cell marks the exercise for a right answer and leaves progress alone for a wrong one."""
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = cell.run(tracker=tracker, **right_inputs)
    assert "Right" in text_of(out) and tracker.widget.solved == [exercise]
    lost = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = cell.run(tracker=lost, **wrong_inputs)
    assert "Right" not in text_of(out) and lost.widget.solved == []


# -- how to play: take the pile ----------------------------------------------------------------


@pytest.mark.parametrize("n", range(8))
def test_c_pickup_take_with_the_cards_the_checker_takes_the_pile_with(lesson, kit, text_of, n):
    q = lesson.take_with_question(n)
    spot, rules = q["spot"], q["spot"].rules
    top = spot.discard[-1]
    assert q["state"].to_act == lesson.ME and spot.phase == "before-draw" and spot.melds
    assert q["step"] == lesson.ladder_step(n, lesson.TAKE_WITH_STEPS)
    naturals = [c for c in spot.hand if c.rank == top.rank and rules.is_natural(c)]
    assert len(naturals) >= 2 if q["step"] == "pair" else len(naturals) == 1
    verdict = ask("pickup", spot)
    assert verdict.answer
    right = _pickup_cards(verdict)
    ok, text = lesson.pickup_feedback(q, right, False)
    assert ok is True and text.startswith("Right") and top.symbol() in text
    other = next(c for c in spot.hand if rules.is_natural(c) and c.rank != top.rank)
    bad, text = lesson.pickup_feedback(q, (other,), False)
    assert bad is False and "its own rank" in text
    _no_seats_no_codes(text, spot)
    assert lesson.pickup_feedback(q, (), False)[0] is None
    _marks(lesson.take_with_check, kit, lesson, "take-with",
           {"take_with_ask": q, "take_with_hand": _hand(kit, spot, selected=format_cards(right))},
           {"take_with_ask": q, "take_with_hand": _hand(kit, spot, selected=str(other))}, text_of)


# -- how to play: a whole turn ---------------------------------------------------------------


def _legal_turn(spot, entry):
    """A group the checker lists, and a discard the referee accepts with it."""
    group = parse_cards(entry["cards"])
    rest = list((Counter(spot.hand) - Counter(group)).elements())
    for card in rest:
        play = (f"layoff {entry['cards']} to {entry['to']}" if entry["to"] else f"meld {entry['cards']}") + \
            f"; discard {card}"
        if referee(spot, play).answer:
            return group, card
    return None


@pytest.mark.parametrize("n", range(8))
def test_c_meld_a_whole_turn_is_the_referee_s_to_judge(lesson, kit, text_of, n):
    q = lesson.whole_turn_question(n)
    spot = q["spot"]
    assert spot.phase == "drawn" and spot.melds and q["step"] == lesson.ladder_step(n, lesson.TURN_STEPS)
    entries = [e for e in ask("melds", spot).extra["melds"] if e["kind"] == q["step"]]
    assert entries
    group, discard = next(t for t in map(lambda e: _legal_turn(spot, e), entries) if t)
    ok, text = lesson.whole_turn_feedback(q, [group], (discard,))
    assert ok is True and text.startswith("Right") and discard.symbol() in text
    bad, text = lesson.whole_turn_feedback(q, [group], ())
    if not referee(spot, lesson.play_text(spot, [group], ())).answer:
        assert bad is False and "discard" in text
    bad, text = lesson.whole_turn_feedback(q, [], (discard,))
    assert bad is False and "Group" in text
    two = tuple((Counter(spot.hand) - Counter(group)).elements())[:2]
    if len(two) == 2:
        bad, text = lesson.whole_turn_feedback(q, [group], two)
        assert bad is False and "one" in text
    assert lesson.whole_turn_feedback(q, [], ())[0] is None
    _marks(lesson.whole_turn_check, kit, lesson, "whole-turn",
           {"whole_turn_ask": q, "whole_turn_hand": _hand(kit, spot, groups=[format_cards(group)],
                                                          selected=str(discard))},
           {"whole_turn_ask": q, "whole_turn_hand": _hand(kit, spot, selected=str(discard))}, text_of)


def test_c_meld_a_group_that_is_no_meld_is_named_for_what_it_lacks(lesson):
    # every dealt turn whose hand holds two naturals of ranks off the table: a pair of them is no meld
    asked = 0
    for n in range(8):
        q = lesson.whole_turn_question(n)
        spot, rules = q["spot"], q["spot"].rules
        table = {c.rank for m in spot.melds for c in m}
        odd = [c for c in spot.hand if rules.is_natural(c) and c.rank not in table]
        if len(odd) < 2:
            continue
        asked += 1
        group = tuple(odd[:2])
        rest = [c for c in spot.hand if c not in group]
        bad, text = lesson.whole_turn_feedback(q, [group], rest[:1])
        assert bad is False and "is no meld" in text
        assert not referee(spot, lesson.play_text(spot, [group], rest[:1])).answer
    assert asked >= 2, "too few dealt turns hold two naturals off the table to test this"


# -- hints: every card that joins a meld --------------------------------------------------------


@pytest.mark.parametrize("n", range(8))
def test_c_meld_every_card_the_checker_lays_off_and_no_other(lesson, kit, text_of, n):
    q = lesson.lay_off_question(n)
    spot, rules = q["spot"], q["spot"].rules
    assert spot.phase == "drawn" and spot.melds
    assert any(rules.is_wild(c) for c in spot.hand) == (q["step"] == "with-wild")
    right = Counter()
    for entry in ask("melds", spot).extra["melds"]:
        if entry["kind"] == "layoff":
            right |= Counter(parse_cards(entry["cards"]))
    assert right
    picked = list(right.elements())
    ok, text = lesson.lay_off_feedback(q, picked)
    assert ok is True and text.startswith("Right")
    if len(picked) > 1:
        bad, text = lesson.lay_off_feedback(q, picked[1:])
        assert bad is False and "more" in text
    stray = [c for c in spot.hand if not right[c]]
    if stray:
        bad, text = lesson.lay_off_feedback(q, picked + stray[:1])
        assert bad is False and stray[0].symbol() in text
        _no_seats_no_codes(text, spot)
    assert lesson.lay_off_feedback(q, [])[0] is None
    wrong = picked + stray[:1] if stray else picked[1:]
    _marks(lesson.lay_off_check, kit, lesson, "lay-off-every",
           {"lay_off_ask": q, "lay_off_hand": _hand(kit, spot, selected=format_cards(picked))},
           {"lay_off_ask": q, "lay_off_hand": _hand(kit, spot, selected=format_cards(wrong))}, text_of)


# -- hints: the first meld with the fewest cards ----------------------------------------------


def _first_melds(spot):
    """Every first meld of up to three of the checker's listed melds that the checker accepts, fewest cards first."""
    listed = [e["cards"] for e in ask("melds", spot).extra["melds"] if e["kind"] == "meld"]
    found = []
    for size in (1, 2, 3):
        for combo in combinations(listed, size):
            cards = [c for text in combo for c in parse_cards(text)]
            if not Counter(cards) - Counter(spot.hand) and ask("initial-meld", spot, play=" | ".join(combo)).answer:
                found.append((len(cards), combo))
    return sorted(found)


@pytest.mark.parametrize("n", range(6))
def test_c_initial_the_fewest_cards_that_reach_the_minimum(lesson, kit, text_of, n):
    q = lesson.first_meld_question(n)
    spot = q["spot"]
    assert spot.phase == "drawn" and not spot.melds and q["step"] == lesson.ladder_step(n, lesson.FIRST_MELD_STEPS)
    found = _first_melds(spot)
    fewest, best = found[0]
    assert q["fewest"] == fewest
    groups = [parse_cards(text) for text in best]
    ok, text = lesson.first_meld_feedback(q, groups)
    need = spot.rules.initial_need(spot.score)
    assert ok is True and text.startswith("Right") and str(need) in text
    longer = next((combo for size, combo in found if size > fewest), None)
    if longer is not None:
        more, text = lesson.first_meld_feedback(q, [parse_cards(t) for t in longer])
        assert more is (q["step"] == "reach") and str(fewest) in text
    short = [g for g in (parse_cards(e["cards"]) for e in ask("melds", spot).extra["melds"] if e["kind"] == "meld")
             if not ask("initial-meld", spot, play=format_cards(g)).answer]
    if short:
        bad, text = lesson.first_meld_feedback(q, [short[0]])
        assert bad is False and str(need) in text
    bad, text = lesson.first_meld_feedback(q, [spot.hand[:2]])
    assert bad is False and "is no meld" in text
    _no_seats_no_codes(text, spot)
    assert lesson.first_meld_feedback(q, [])[0] is None
    _marks(lesson.first_meld_check, kit, lesson, "first-meld-fewest",
           {"first_meld_ask": q, "first_meld_hand": _hand(kit, spot, groups=[format_cards(g) for g in groups])},
           {"first_meld_ask": q, "first_meld_hand": _hand(kit, spot, groups=[format_cards(spot.hand[:2])])}, text_of)


# -- before you draw: may you take it now? -----------------------------------------------------


@pytest.mark.parametrize("n", range(9))
def test_c_black3_c_frozen_may_you_take_it_now_is_the_checker_s_answer(lesson, kit, text_of, n):
    q = lesson.pile_open_question(n)
    spot, rules = q["spot"], q["spot"].rules
    top = spot.discard[-1]
    assert spot.phase == "before-draw" and spot.melds
    step = lesson.ladder_step(n, lesson.OPEN_STEPS)
    assert q["kind"] == step or step == "any"
    verdict = ask("pickup", spot)
    if q["kind"] == "black-three":
        assert rules.role(top) == "blocker" and verdict.answer is False
    if q["kind"] == "frozen":
        assert any(rules.is_wild(c) or rules.role(c) == "bonus" for c in spot.discard)
    if verdict.answer:
        right = _pickup_cards(verdict)
        ok, text = lesson.pickup_feedback(q, right, False)
        assert ok is True and text.startswith("Right")
        bad, text = lesson.pickup_feedback(q, (), True)
        assert bad is False and "the pile is yours" in text
        if q["kind"] == "frozen":
            assert "frozen pile is not closed" in text
        right_in = {"pile_open_hand": _hand(kit, spot, selected=format_cards(right)), "pile_open_draws": Value(False)}
        wrong_in = {"pile_open_hand": _hand(kit, spot), "pile_open_draws": Value(True)}
    else:
        ok, text = lesson.pickup_feedback(q, (), True)
        assert ok is True and text.startswith("Right") and "draw" in text
        offer = tuple(spot.hand[:2])
        bad, text = lesson.pickup_feedback(q, offer, False)
        assert bad is False and "so you draw" in text
        if q["kind"] == "black-three":
            assert "black three on top blocks" in text
        right_in = {"pile_open_hand": _hand(kit, spot), "pile_open_draws": Value(True)}
        wrong_in = {"pile_open_hand": _hand(kit, spot, selected=format_cards(offer)), "pile_open_draws": Value(False)}
    _no_seats_no_codes(text, spot)
    both, text = lesson.pickup_feedback(q, spot.hand[:1], True)
    assert both is False and "not both" in text
    _marks(lesson.pile_open_check, kit, lesson, "pile-open-now", {"pile_open_ask": q, **right_in},
           {"pile_open_ask": q, **wrong_in}, text_of)


def test_c_frozen_a_frozen_pile_is_sometimes_yours_and_sometimes_not(lesson):
    answers = {}
    for n in range(12):
        q = lesson.pile_open_question(n)
        answers.setdefault(q["kind"], set()).add(ask("pickup", q["spot"]).answer)
    assert set(answers) == set(lesson.OPEN_KINDS)
    assert answers["black-three"] == {False} and answers["open"] == {True}
    assert True in answers["frozen"]


# -- before you draw: the pile as the first meld -------------------------------------------------


@pytest.mark.parametrize("n", range(6))
def test_c_initial_taking_the_pile_as_the_first_meld_is_the_checker_s_answer(lesson, kit, text_of, n):
    q = lesson.pile_first_question(n)
    spot, rules = q["spot"], q["spot"].rules
    top = spot.discard[-1]
    assert spot.phase == "before-draw" and not spot.melds
    verdict = ask("pickup", spot)
    step = lesson.ladder_step(n, lesson.FIRST_PILE_STEPS)
    assert verdict.answer == {"enough": True, "short": False}.get(step, n % 2 == 0)
    need = rules.initial_need(spot.score)
    naturals = [c for c in spot.hand if c.rank == top.rank and rules.is_natural(c)]
    if verdict.answer:
        right = _pickup_cards(verdict)
        ok, text = lesson.pickup_feedback(q, right, False)
        taken = ask("pickup", spot, play=format_cards(right))
        assert ok is True and text.startswith("Right") and f"{taken.witness['points']} points" in text
        bad, text = lesson.pickup_feedback(q, (), True)
        assert bad is False and f"needs {need}" in text
        right_in = {"pile_first_hand": _hand(kit, spot, selected=format_cards(right)), "pile_first_draws": Value(False)}
        wrong_in = {"pile_first_hand": _hand(kit, spot), "pile_first_draws": Value(True)}
    else:
        ok, text = lesson.pickup_feedback(q, (), True)
        assert ok is True and text.startswith("Right")
        bad, text = lesson.pickup_feedback(q, tuple(naturals[:2]), False)
        assert bad is False and "so you draw" in text
        right_in = {"pile_first_hand": _hand(kit, spot), "pile_first_draws": Value(True)}
        wrong_in = {"pile_first_hand": _hand(kit, spot, selected=format_cards(naturals[:2])),
                    "pile_first_draws": Value(False)}
    _no_seats_no_codes(text, spot)
    _marks(lesson.pile_first_check, kit, lesson, "pile-first-meld", {"pile_first_ask": q, **right_in},
           {"pile_first_ask": q, **wrong_in}, text_of)


# -- every practice turn is dealt only when asked for ------------------------------------------


def test_c_pickup_a_practice_turn_is_dealt_only_when_asked_for(lesson, kit, text_of):
    for question in (lesson.take_with_question, lesson.whole_turn_question, lesson.lay_off_question,
                     lesson.first_meld_question, lesson.pile_open_question, lesson.pile_first_question):
        assert lesson.dealt(Value(0), question) is None
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    for cell, inputs in ((lesson.take_with_check, {"take_with_ask": None, "take_with_hand": None}),
                         (lesson.whole_turn_check, {"whole_turn_ask": None, "whole_turn_hand": None}),
                         (lesson.lay_off_check, {"lay_off_ask": None, "lay_off_hand": None}),
                         (lesson.first_meld_check, {"first_meld_ask": None, "first_meld_hand": None}),
                         (lesson.pile_open_check, {"pile_open_ask": None, "pile_open_hand": None,
                                                   "pile_open_draws": Value(False)}),
                         (lesson.pile_first_check, {"pile_first_ask": None, "pile_first_hand": None,
                                                    "pile_first_draws": Value(False)})):
        out, _ = cell.run(tracker=tracker, **inputs)
        assert "Deal a turn first" in text_of(out)
    assert tracker.widget.solved == []
    assert set(lesson.EXERCISES) >= {"take-with", "whole-turn", "lay-off-every", "first-meld-fewest",
                                     "pile-open-now", "pile-first-meld"}


# -- what the learner reads ----------------------------------------------------------------------

DATA_KEY = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[a-z]+\.[a-z_]+\b")
SOLVER_OR_SEAT = re.compile(r"\b(?:z3|unsat\w*|core|rlimit)\b|\b(?:seat|player) \d\b", re.IGNORECASE)
CARD_CODE = re.compile(r"(?<![\w-])(?:[2-9TJQKA][SHDC]|JK)(?![\w-])")


@pytest.mark.parametrize("n", range(3))
def test_c_pickup_the_practice_turns_read_in_plain_words(lesson, text_of, n):
    asked = {"pile": [lesson.take_with_question(n), lesson.pile_open_question(n), lesson.pile_first_question(n)],
             "drawn": [lesson.whole_turn_question(n), lesson.lay_off_question(n), lesson.first_meld_question(n)]}
    shown = []
    for q in asked["pile"]:
        # (the checker's verdict, shared by every lesson, writes its proof in the notation as well as in cards)
        proof = text_of(lesson.pile_solution(q))
        assert not {m.group(0) for p in (DATA_KEY, SOLVER_OR_SEAT) for m in p.finditer(proof)}, proof
        shown.append(lesson.pile_exercise(q, "a tip")[2])
        shown += [lesson.pickup_feedback(q, q["spot"].hand[:k], draws)[1] for k in (0, 1, 2) for draws in (False, True)]
    whole, lay, first = asked["drawn"]
    for q in asked["drawn"]:
        shown.append(lesson.drawn_exercise(q, "a tip")[1])
    shown += [lesson.whole_turn_solution(whole), lesson.first_meld_solution(first),
              lesson.whole_turn_feedback(whole, [whole["spot"].hand[:2]], whole["spot"].hand[2:3])[1],
              lesson.lay_off_feedback(lay, lay["spot"].hand)[1], lesson.lay_off_feedback(lay, lay["spot"].hand[:1])[1],
              lesson.first_meld_feedback(first, [first["spot"].hand[:3]])[1]]
    for out in shown:
        text = out if isinstance(out, str) else text_of(out)
        found = {m.group(0) for p in (DATA_KEY, SOLVER_OR_SEAT, CARD_CODE) for m in p.finditer(text)}
        assert not found, f"the learner reads {sorted(found)} in: {text}"


# -- in a real Chromium ------------------------------------------------------------------------------


@pytest.mark.browser
def test_c_pickup_take_with_is_dealt_answered_on_the_cards_and_ticked_in_a_browser(
        lesson, marimo_server, page, marimo_runs, no_marimo_errors):
    import json

    from playwright.sync_api import expect

    def wait_after(action):
        before = marimo_runs.count(page)
        action()
        marimo_runs.wait(page, before, timeout=60)

    wait_after(lambda: page.goto(f"{marimo_server}/?file={LESSON}.py"))
    expect(page.get_by_text("Your turn: draw.").first).to_be_visible()
    assert page.locator('[data-testid="hand"]').count() == 1, "no practice turn is dealt before it is asked for"
    wait_after(lambda: page.get_by_role("button", name=lesson.DEAL_TURN).first.click())
    # the same seeded turn the page dealt, and the checker's cards for it
    q = lesson.take_with_question(0)
    cards = [str(c) for c in _pickup_cards(ask("pickup", q["spot"]))]
    hand = page.locator('[data-testid="hand"]').nth(1)
    expect(hand).to_be_visible(timeout=30_000)
    assert [c.get_attribute("data-card") for c in hand.locator('[data-testid="hand-card"]').all()] == \
        [str(c) for c in q["spot"].hand]
    for code in cards:
        wait_after(lambda code=code: hand.locator(f'[data-testid="hand-card"][data-card="{code}"]').first.click())
    expect(page.get_by_text("and the whole pile is yours").first).to_be_visible()
    page.wait_for_function("""() => {
        const p = JSON.parse(localStorage.getItem("canasta-tutor:progress") || "{}");
        return p.exercises && p.exercises["16_play_a_hand/take-with"] === true;
    }""")
    stored = json.loads(page.evaluate('() => localStorage.getItem("canasta-tutor:progress")'))
    assert [k for k, done in stored["exercises"].items() if k.startswith(LESSON) and done] == [f"{LESSON}/take-with"]
    no_marimo_errors()
