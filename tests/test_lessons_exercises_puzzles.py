"""The practice of lesson 13 (puzzles) and lesson 15 (the instructor's workbench).

Lesson 13: reading the fact a puzzle turns on (the first-meld minimum, the canastas going out needs), playing a
hand out and finishing a canasta on the cards (the referee), and being the witness of a first meld (the
checker). Lesson 15: the card that makes a spot impossible (``Spot.from_dict``), a spot arranged so that its
pile may be taken (the checker), the frozen-pile puzzle (the proof), and the theme of a bank puzzle (the
tutor's grading).

Every right answer here comes from the product on the exact spot shown (the rules data through ``Spot``,
``tutor.questions.ask``, ``referee``, ``Spot.from_dict``, ``tutor.puzzles.grading``), never from the generator;
each exercise is answered right and wrong, and its check cell marks progress only on the right answer.
"""

from __future__ import annotations

import pytest

from tutor.cards import format_cards, parse_cards
from tutor.errors import TutorError
from tutor.play import parse_play
from tutor.questions import ask, referee
from tutor.spot import Spot

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
def puzzles(load_lesson):
    return load_lesson("13_puzzles")


@pytest.fixture(scope="module")
def workbench(load_lesson):
    return load_lesson("15_workbench")


def _marks(kit, lesson, cell, exercise, text_of, right_inputs, wrong_inputs):
    """The check cell marks the exercise for a right answer, and leaves progress alone for a wrong one."""
    tracker = kit.progress_widget(lesson.LESSON, lesson.EXERCISES)
    out, _ = cell.run(tracker=tracker, **wrong_inputs)
    assert "Right" not in text_of(out) and tracker.widget.solved == []
    out, _ = cell.run(tracker=tracker, **right_inputs)
    assert "Right" in text_of(out) and tracker.widget.solved == [exercise]


def _no_codes(text, cards):
    """Feedback shows cards as symbols, never as codes."""
    codes = {str(c) for c in cards if str(c)[0] not in "23"}
    assert not any(f" {code} " in f" {text} ".replace(",", " ").replace(":", " ") for code in codes), text


def _turn_of(witness_play: str):
    """A witness turn as the card widget builds it: a group per meld or lay-off, and the discard selected."""
    groups, discard = [], ()
    for action in parse_play(witness_play):
        if action.kind == "discard":
            discard = tuple(action.cards)
        else:
            groups.append(tuple(action.cards))
    return groups, discard


# -- 13: read the puzzle -------------------------------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_initial_read_the_minimum_is_the_spots_own(puzzles, n):
    q = puzzles.minimum_question(n)
    spot = q["spot"]
    need = Spot.from_dict(spot.to_dict()).initial_need  # the product's reading of its rules data
    assert not spot.down and need in q["choices"]
    right, text = puzzles.minimum_feedback(q, str(need))
    assert right is True and text.startswith("Right") and str(spot.score) in text
    for other in q["choices"]:
        if other != need:
            wrong, text = puzzles.minimum_feedback(q, str(other))
            assert wrong is False and text.startswith(f"Not {other}") and f"{need} is the minimum" in text
    assert puzzles.minimum_feedback(q, None) == (None, "")


def test_c_initial_read_the_minimum_climbs_through_the_bands(puzzles):
    needs = [puzzles.minimum_question(n)["spot"].initial_need for n in range(5)]
    assert needs[:4] == [50, 90, 120, 15]
    assert puzzles.minimum_question(4)["spot"].rules.base == "canasty"
    wrong, text = puzzles.minimum_feedback(puzzles.minimum_question(3), "50")
    assert wrong is False and "below zero" in text


def test_c_initial_read_the_minimum_check_marks_progress(puzzles, kit, text_of):
    q = puzzles.minimum_question(0)
    need = q["spot"].initial_need
    _marks(kit, puzzles, puzzles.minimum_check, "read-the-minimum", text_of,
           dict(minimum_ask=q, minimum_answer=Value(str(need))),
           dict(minimum_ask=q, minimum_answer=Value(str(next(c for c in q["choices"] if c != need)))))


@pytest.mark.parametrize("n", SEEDS)
def test_c_goout_read_the_canastas_is_the_rules_own(puzzles, n):
    q = puzzles.canasta_question(n)
    rules = q["spot"].rules
    need = rules.canastas_to_go_out
    right, text = puzzles.canasta_feedback(q, str(need))
    assert right is True and text.startswith("Right") and f"{rules.layout.players} players" in text
    wrong, text = puzzles.canasta_feedback(q, str(need % 4 + 1))
    assert wrong is False and "nor for every number of players" in text


def test_a_goout_read_the_canastas_changes_with_the_players(puzzles):
    asked = [(puzzles.canasta_question(n)["spot"].rules.id, puzzles.canasta_question(n)["spot"].rules.layout.players,
              puzzles.canasta_question(n)["spot"].rules.canastas_to_go_out) for n in range(5)]
    assert asked == [("classic", 4, 1), ("classic", 2, 2), ("albany", 4, 2), ("albany", 3, 3), ("albany", 2, 4)]


def test_c_goout_read_the_canastas_check_marks_progress(puzzles, kit, text_of):
    q = puzzles.canasta_question(1)
    need = q["spot"].rules.canastas_to_go_out
    _marks(kit, puzzles, puzzles.canasta_check, "read-the-canastas", text_of,
           dict(canasta_ask=q, canasta_answer=Value(str(need))),
           dict(canasta_ask=q, canasta_answer=Value(str(need + 1))))


# -- 13: check your way out ------------------------------------------------------------------


@pytest.mark.parametrize("finish", [False, True], ids=["play-it-out", "finish-the-canasta"])
@pytest.mark.parametrize("n", SEEDS)
def test_c_goout_the_checkers_turn_built_on_the_cards_goes_out(puzzles, n, finish):
    q = puzzles.out_question(n, finish=finish)
    spot = q["spot"]
    verdict = ask("go-out", spot)
    assert verdict.answer, verdict.reasons
    groups, discard = _turn_of(verdict.witness["play"])
    right, text = puzzles.out_feedback(q, groups, discard)
    assert right is True and text.startswith("Right"), text
    _no_codes(text, spot.hand)
    # one group short: legal, but the hand is not empty
    wrong, text = puzzles.out_feedback(q, groups[1:], discard)
    assert wrong is False and "still hold" in text
    assert referee(spot, puzzles.play_text(spot, groups[1:], discard)).answer
    wrong, text = puzzles.out_feedback(q, groups, discard + (next(c for c in spot.hand if c not in discard),))
    assert wrong is False and "Select one card only" in text
    assert puzzles.out_feedback(q, [], ()) == (None, "")


@pytest.mark.parametrize("n", SEEDS)
def test_c_goout_finish_the_canasta_names_the_missing_canasta(puzzles, n):
    q = puzzles.out_question(n, finish=True)
    spot = q["spot"]
    rank = spot.melds[0][0].rank
    assert len(spot.melds[0]) < spot.rules["canasta"]["min_cards"]
    groups, discard = _turn_of(ask("go-out", spot).witness["play"])
    kept = [g for g in groups if not all(c.rank == rank for c in g)]
    wrong, text = puzzles.out_feedback(q, kept, discard)
    assert wrong is False and "no canasta yet" in text and "going out needs one" in text


def test_c_goout_the_referee_s_refusal_is_told(puzzles):
    q = puzzles.out_question(0)
    spot = q["spot"]
    bad = (spot.hand[0], spot.hand[1])  # two cards of different ranks are no meld
    assert not referee(spot, puzzles.play_text(spot, [bad], (spot.hand[-1],))).answer
    wrong, text = puzzles.out_feedback(q, [bad], (spot.hand[-1],))
    assert wrong is False and text.startswith("The referee stops this turn")


@pytest.mark.parametrize("finish, cell, exercise", [(False, "out_check", "play-it-out"),
                                                    (True, "finish_check", "finish-the-canasta")])
def test_c_goout_out_checks_mark_progress(puzzles, kit, text_of, finish, cell, exercise):
    q = puzzles.out_question(1, finish=finish)
    spot = q["spot"]
    groups, discard = _turn_of(ask("go-out", spot).witness["play"])
    prefix = "finish" if finish else "out"

    def hand(gs):
        return kit.hand_widget(spot.rules, format_cards(spot.hand), melds=spot.melds,
                               groups=[format_cards(g) for g in gs], selected=format_cards(discard))

    _marks(kit, puzzles, getattr(puzzles, cell), exercise, text_of,
           {f"{prefix}_ask": q, f"{prefix}_hand": hand(groups)}, {f"{prefix}_ask": q, f"{prefix}_hand": hand(groups[1:])})


# -- 13: the proof ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_initial_be_the_witness_of_the_checkers_first_meld(puzzles, n):
    q = puzzles.witness_question(n)
    spot = q["spot"]
    verdict = ask("initial-meld", spot)
    assert verdict.answer and not spot.down
    groups = [tuple(parse_cards(m)) for m in verdict.witness["melds"]]
    right, text = puzzles.witness_feedback(q, groups)
    assert right is True and text.startswith("Right") and str(spot.initial_need) in text
    _no_codes(text, spot.hand)
    short = [g for g in groups if ask("initial-meld", spot, play=format_cards(g)).answer is False][:1]
    if short:
        wrong, text = puzzles.witness_feedback(q, short)
        assert wrong is False and "Not enough" in text and f"needs {spot.initial_need}" in text
    wrong, text = puzzles.witness_feedback(q, [spot.hand[:2]])
    assert wrong is False
    assert puzzles.witness_feedback(q, []) == (None, "")


def test_c_initial_be_the_witness_climbs_with_the_score(puzzles):
    assert [puzzles.witness_question(n)["spot"].initial_need for n in range(3)] == [50, 90, 120]


def test_c_initial_be_the_witness_check_marks_progress(puzzles, kit, text_of):
    q = puzzles.witness_question(0)
    spot = q["spot"]
    melds = ask("initial-meld", spot).witness["melds"]

    def hand(gs):
        return kit.hand_widget(spot.rules, format_cards(spot.hand), groups=gs)

    _marks(kit, puzzles, puzzles.witness_check, "be-the-witness", text_of,
           dict(witness_ask=q, witness_hand=hand(melds)), dict(witness_ask=q, witness_hand=hand([format_cards(spot.hand[:2])])))


@pytest.mark.parametrize("n", SEEDS)
def test_c_pickup_the_witness_s_first_step_takes_the_pile(puzzles, n):
    q = puzzles.take_question(n)
    spot = q["spot"]
    verdict = ask("pickup", spot)
    assert verdict.answer and spot.phase == "before-draw"
    taken = parse_play(verdict.witness["play"])[0].cards
    right, text = puzzles.take_feedback(q, taken)
    assert right is True and text.startswith("Right")
    _no_codes(text, spot.hand)
    top = spot.discard[-1]
    natural = next(c for c in spot.hand if c.rank == top.rank)
    wild = next(c for c in spot.hand if spot.rules.is_wild(c))
    with_wild = ask("pickup", spot, play=format_cards((natural, wild))).answer
    said, text = puzzles.take_feedback(q, (natural, wild))
    assert said is with_wild
    if not with_wild:
        assert "frozen" in text and "natural pair" in text
    wrong, text = puzzles.take_feedback(q, taken[:1])
    assert wrong is False and "Select two cards" in text
    assert puzzles.take_feedback(q, ()) == (None, "")


def test_c_frozen_the_first_step_ladder_freezes_the_pile(puzzles):
    steps = [puzzles.take_question(n) for n in range(3)]
    assert [q["step"] for q in steps] == ["open", "frozen", "not-down"]
    for q in steps:
        spot = q["spot"]
        natural = next(c for c in spot.hand if c.rank == spot.discard[-1].rank)
        wild = next(c for c in spot.hand if spot.rules.is_wild(c))
        # open: a natural and a wild card take it; frozen either way: only a natural pair does
        assert ask("pickup", spot, play=format_cards((natural, wild))).answer is (q["step"] == "open")


def test_c_pickup_first_step_check_marks_progress(puzzles, kit, text_of):
    q = puzzles.take_question(1)
    spot = q["spot"]
    taken = parse_play(ask("pickup", spot).witness["play"])[0].cards
    wild = next(c for c in spot.hand if spot.rules.is_wild(c))

    def hand(selected):
        return kit.hand_widget(spot.rules, format_cards(spot.hand), melds=spot.melds, discard=spot.discard,
                               selected=format_cards(selected))

    _marks(kit, puzzles, puzzles.take_check, "first-step", text_of, dict(take_ask=q, take_hand=hand(taken)),
           dict(take_ask=q, take_hand=hand((taken[0], wild))))


# -- 15: spot the impossible spot ---------------------------------------------------------------


def _fixes(data):
    """The hand's cards whose removal lets ``Spot.from_dict`` accept the spot."""
    fixes = set()
    for card in set(parse_cards(data["hand"])):
        hand = list(parse_cards(data["hand"]))
        hand.remove(card)
        try:
            Spot.from_dict({**data, "hand": format_cards(hand)})
        except TutorError:
            continue
        fixes.add(card)
    return fixes


@pytest.mark.parametrize("n", SEEDS)
def test_c_pack_impossible_spot_is_refused_and_one_card_mends_it(workbench, n):
    q = workbench.impossible_question(n)
    data = q["data"]
    with pytest.raises(TutorError):
        Spot.from_dict(data)
    fixes = _fixes(data)
    assert len(fixes) == 1
    card = fixes.pop()
    right, text = workbench.impossible_feedback(q, str(card))
    assert right is True and text.startswith("Right") and "red_threes" not in text
    other = next(c for c in parse_cards(data["hand"]) if c != card)
    wrong, text = workbench.impossible_feedback(q, str(other))
    assert wrong is False and "so it can be there" in text
    _no_codes(text, parse_cards(data["hand"]))
    wrong, text = workbench.impossible_feedback(q, f"{card} {other}")
    assert wrong is False and "Select one card" in text


def test_c_red3_impossible_spots_climb_from_a_red_three_to_a_fifth_joker(workbench):
    kinds = [workbench.impossible_question(n)["kind"] for n in range(3)]
    assert kinds == ["red-three", "third-copy", "fifth-joker"]
    assert [_fixes(workbench.impossible_question(n)["data"]) for n in range(3)][2] == set(parse_cards("JK"))


def test_c_pack_impossible_check_marks_progress(workbench, kit, text_of):
    q = workbench.impossible_question(1)
    data = q["data"]
    card = next(iter(_fixes(data)))
    other = next(c for c in parse_cards(data["hand"]) if c != card)

    def hand(selected):
        return kit.hand_widget("classic", data["hand"], melds=data["melds"], discard=data["discard"], selected=selected)

    _marks(kit, workbench, workbench.impossible_check, "impossible-spot", text_of,
           dict(impossible_ask=q, impossible_hand=hand(str(card))),
           dict(impossible_ask=q, impossible_hand=hand(str(other))))


# -- 15: build a yes ----------------------------------------------------------------------------


def _arranged(workbench, q, groups, pile):
    return workbench.arranged_spot("classic", q["hand"], groups, pile, phase="before-draw")


@pytest.mark.parametrize("n", range(6))
def test_c_pickup_build_a_yes_the_checker_takes(workbench, n):
    q = workbench.build_question(n)
    groups, pile = q["model"]
    spot = _arranged(workbench, q, groups, pile)
    assert ask("pickup", spot).answer and spot.down == q["melded"]
    right, text = workbench.build_feedback(q, groups, pile)
    assert right is True and text.startswith("Right")
    _no_codes(text, q["hand"])
    wild = next((c for c in q["hand"] if spot.rules.is_wild(c)), None)
    if wild is not None:
        wrong, text = workbench.build_feedback(q, groups, (wild,))
        assert wrong is False and "stops the pile from being taken" in text
    some = groups or [tuple(c for c in q["hand"] if c not in pile)[:3]]
    wrong, text = workbench.build_feedback(q, some, ())
    assert wrong is False and "Select a card for the pile" in text
    assert workbench.build_feedback(q, [], ()) == (None, "")


def test_c_frozen_build_a_yes_first_melded_then_not(workbench):
    melded, unmelded = workbench.build_question(0), workbench.build_question(1)
    assert melded["melded"] and not unmelded["melded"]
    groups, pile = melded["model"]
    wrong, text = workbench.build_feedback(melded, [], pile)
    assert wrong is False and "group a meld" in text
    groups, pile = unmelded["model"]
    meld = [c for c in unmelded["hand"] if c not in pile]
    wrong, text = workbench.build_feedback(unmelded, [tuple(meld[:3])], pile)
    assert wrong is False


def test_c_frozen_unmelded_side_needs_the_minimum_with_the_top_card(workbench):
    q = workbench.build_question(1)
    spot = None
    for card in q["hand"]:
        if not workbench.rules_for("classic").is_natural(card):
            continue
        spot = _arranged(workbench, q, [], (card,))
        if not ask("pickup", spot).answer:
            break
    assert spot is not None and not ask("pickup", spot).answer
    wrong, text = workbench.build_feedback(q, [], (card,))
    assert wrong is False and ("frozen" in text or "Select" in text)


def test_c_pickup_build_a_yes_check_marks_progress(workbench, kit, text_of):
    q = workbench.build_question(0)
    groups, pile = q["model"]

    def hand(gs, selected):
        return kit.hand_widget("classic", q["hand"], groups=[format_cards(g) for g in gs], selected=format_cards(selected))

    _marks(kit, workbench, workbench.build_check, "build-a-yes", text_of,
           dict(build_ask=q, build_hand=hand(groups, pile)), dict(build_ask=q, build_hand=hand([], pile)))


def _naming(spot):
    """A natural of the top card's rank, a wild card, and a natural of another rank, all from the hand."""
    top = spot.discard[-1]
    natural = next(c for c in spot.hand if c.rank == top.rank)
    wild = next(c for c in spot.hand if spot.rules.is_wild(c))
    other = next(c for c in spot.hand if c.rank != top.rank and spot.rules.is_natural(c))
    return natural, wild, other


@pytest.mark.parametrize("n", SEEDS)
def test_c_frozen_name_the_play_the_freeze_refuses(workbench, n):
    q = workbench.name_question(n)
    spot = q["spot"]
    natural, wild, other = _naming(spot)
    verdict = ask("pickup", spot, play=format_cards((natural, wild)))
    assert not verdict.answer and spot.rules["pile"]["frozen_rule"] in [r.rule for r in verdict.reasons]
    right, text = workbench.name_feedback(q, (natural, wild))
    assert right is True and text.startswith("Right")
    _no_codes(text, spot.hand)
    pair = tuple(c for c in spot.hand if c.rank == natural.rank)[:2]
    said, text = workbench.name_feedback(q, pair)
    assert said is False
    if ask("pickup", spot, play=format_cards(pair)).answer:
        assert "a natural pair takes even a frozen pile" in text
    wrong, text = workbench.name_feedback(q, (other, wild))
    assert wrong is False and "not because of the freeze" in text
    wrong, text = workbench.name_feedback(q, (natural,))
    assert wrong is False and "Select two cards" in text


def test_c_frozen_name_the_play_freezes_three_ways(workbench):
    spots = [workbench.name_question(n) for n in range(3)]
    assert [q["step"] for q in spots] == ["wild", "not-down", "red-three"]
    assert spots[0]["spot"].down and not spots[1]["spot"].down
    assert any(spots[2]["spot"].rules.role(c) == "bonus" for c in spots[2]["spot"].discard)


def test_c_frozen_name_the_play_check_marks_progress(workbench, kit, text_of):
    q = workbench.name_question(0)
    spot = q["spot"]
    natural, wild, other = _naming(spot)

    def hand(selected):
        return kit.hand_widget("classic", format_cards(spot.hand), melds=spot.melds, discard=spot.discard,
                               selected=format_cards(selected))

    _marks(kit, workbench, workbench.name_check, "name-the-play", text_of,
           dict(name_ask=q, name_hand=hand((natural, wild))), dict(name_ask=q, name_hand=hand((other, wild))))


# -- 15: the frozen-pile puzzle, proved ---------------------------------------------------------------


def test_c_frozen_puzzle_proof_marks_progress_only_for_a_frozen_no(workbench, kit, text_of):
    from tutor.puzzles.generate import puzzle_from
    from tutor.puzzles.prove import prove

    frozen = Spot.from_dict({"variant": "classic", "hand": "9S 2C KC 7H 4S", "melds": ["AS AH AD"],
                             "discard": "5C JK 8D 9H", "phase": "before-draw"})
    open_pile = Spot.from_dict({"variant": "classic", "hand": "9S 2C KC 7H 4S", "melds": ["AS AH AD"],
                                "discard": "5C 8D 9H", "phase": "before-draw"})
    no = puzzle_from(frozen, "pickup", "9S 2C", prove(frozen, "pickup", "9S 2C"), "manual", "-")
    yes = puzzle_from(open_pile, "pickup", "9S 2C", prove(open_pile, "pickup", "9S 2C"), "manual", "-")
    assert not no.answer and "C-FROZEN" in no.proof["rules"] and yes.answer
    _marks(kit, workbench, workbench.exercise_feedback, "frozen-puzzle", text_of, dict(proved=no), dict(proved=yes))
    out, _ = workbench.exercise_feedback.run(proved=None, tracker=kit.progress_widget(workbench.LESSON, ()))
    assert "Prove a pick-up question" in text_of(out)


# -- 15: the theme that fits ------------------------------------------------------------------------


@pytest.mark.parametrize("n", SEEDS)
def test_c_themes_the_theme_that_fits_is_the_gradings(workbench, n):
    from tutor.puzzles.grading import themes_of
    from tutor.puzzles.rerate import stored_proven

    q = workbench.theme_question(n)
    assert q is not None, "the shipped bank has classic puzzles"
    puzzle = q["puzzle"]
    found = themes_of(Spot.from_dict(puzzle.spot), stored_proven(puzzle.to_dict()))
    assert list(puzzle.themes) == found  # the bank's tags are the grading's on this very spot
    fitting = [t for t in q["choices"] if t in found]
    assert len(fitting) == 1 and len(q["choices"]) == 3
    right, text = workbench.theme_feedback(q, fitting[0])
    assert right is True and text.startswith("Right")
    for other in q["choices"]:
        if other != fitting[0]:
            wrong, text = workbench.theme_feedback(q, other)
            assert wrong is False and "nothing in this proof turns on it" in text
    assert workbench.theme_feedback(q, None) == (None, "")


def test_c_themes_the_puzzles_climb_in_grade(workbench):
    assert [workbench.theme_question(n)["puzzle"].grade for n in range(4)] == [1, 2, 3, 4]


def test_c_themes_check_marks_progress(workbench, kit, text_of):
    q = workbench.theme_question(0)
    found = workbench.graded_themes(q["puzzle"])
    right = next(t for t in q["choices"] if t in found)
    wrong = next(t for t in q["choices"] if t not in found)
    _marks(kit, workbench, workbench.theme_check, "pick-the-theme", text_of,
           dict(theme_ask=q, theme_answer=Value(right)), dict(theme_ask=q, theme_answer=Value(wrong)))


def _themes_proved(spot):
    from tutor.puzzles.grading import themes_of
    from tutor.puzzles.prove import prove

    return themes_of(spot, prove(spot, "pickup"))


@pytest.mark.parametrize("n", range(6))
def test_c_black3_a_spot_for_a_theme_is_tagged_by_the_grading(workbench, n):
    q = workbench.target_question(n)
    hand = q["hand"]
    black = next(c for c in hand if c.rank == "3" and c.suit in "SC")
    groups, pile = workbench.model_arrangement(hand, False)
    arrangements = {"black-threes": ([], (black,)), "top-card-counts": (groups, pile)}
    for theme, (gs, top) in arrangements.items():
        themes = _themes_proved(_arranged(workbench, q, gs, top))
        said, text = workbench.target_feedback(q, gs, top)
        assert said is (q["theme"] in themes), text
        if theme == q["theme"]:
            assert said is True and text.startswith("Right") and theme in themes
        else:
            assert said is False and text.startswith("Not yet")
    assert workbench.target_feedback(q, [], ()) == (None, "")
    wrong, text = workbench.target_feedback(q, [tuple(hand[:2])], ())
    assert wrong is False and "Select a card for the pile" in text


def test_c_black3_a_spot_for_a_theme_climbs_from_a_no_to_a_yes(workbench, kit, text_of):
    assert [workbench.target_question(n)["theme"] for n in range(2)] == ["black-threes", "top-card-counts"]
    q = workbench.target_question(0)
    black = next(c for c in q["hand"] if c.rank == "3" and c.suit in "SC")
    groups, pile = workbench.model_arrangement(q["hand"], False)

    def hand(gs, selected):
        return kit.hand_widget("classic", q["hand"], groups=[format_cards(g) for g in gs], selected=format_cards(selected))

    _marks(kit, workbench, workbench.target_check, "theme-on-cards", text_of,
           dict(target_ask=q, target_hand=hand([], (black,))), dict(target_ask=q, target_hand=hand(groups, pile)))


@pytest.mark.parametrize("n", range(6))
def test_c_grades_the_harder_puzzle_is_the_gradings(workbench, n):
    from tutor.puzzles.grading import features_of, grade_of
    from tutor.puzzles.rerate import stored_proven

    q = workbench.harder_question(n)
    assert q is not None, "the shipped bank has classic puzzles of several grades"
    grades = [grade_of(features_of(Spot.from_dict(p.spot), stored_proven(p.to_dict()), p.play)) for p in q["puzzles"]]
    assert grades == [p.grade for p in q["puzzles"]]  # the bank's grades are the grading's on these very spots
    assert abs(grades[0] - grades[1]) == workbench.ladder_step(n, workbench.HARDER_GAPS)
    harder = grades.index(max(grades))
    right, text = workbench.harder_feedback(q, str(harder))
    assert right is True and text.startswith("Right") and f"the first {grades[0]} and the second {grades[1]}" in text
    wrong, text = workbench.harder_feedback(q, str(1 - harder))
    assert wrong is False and text.startswith("Not so") and "The grade weighs" in text
    assert workbench.harder_feedback(q, None) == (None, "")


def test_c_grades_the_harder_puzzle_check_marks_progress(workbench, kit, text_of):
    q = workbench.harder_question(0)
    harder = max((0, 1), key=lambda i: q["puzzles"][i].grade)
    _marks(kit, workbench, workbench.harder_check, "harder-puzzle", text_of,
           dict(harder_ask=q, harder_answer=Value(str(harder))), dict(harder_ask=q, harder_answer=Value(str(1 - harder))))


def test_workbench_exercises_write_nothing(workbench, monkeypatch, tmp_path):
    # The practice reads the bank and builds spots in memory: no file is opened for writing.
    import builtins

    real_open = builtins.open

    def guarded(file, mode="r", *args, **kw):
        assert not any(m in mode for m in "wax+"), f"opened {file} for writing"
        return real_open(file, mode, *args, **kw)

    monkeypatch.setattr(builtins, "open", guarded)
    monkeypatch.chdir(tmp_path)
    for n in range(3):
        q = workbench.impossible_question(n)
        workbench.impossible_feedback(q, q["data"]["hand"].split()[-1])
        assert workbench.impossible_feedback(q, "3S")[0] is False  # never in these hands
        q = workbench.theme_question(n + 5)
        workbench.theme_feedback(q, q["choices"][0])
    assert list(tmp_path.iterdir()) == []
