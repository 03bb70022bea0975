"""What the lessons keep between learners is safe to keep: the same answers, each learner with a copy.

The lesson server runs every learner's kernel in one process, so the rule book
keeps seeded questions (``kept``), the checker's answers (``ask_kept``) and the
lessons' headers (``lesson_catalogue``) for the next learner. These tests pin
that a kept answer is exactly the answer computed afresh, that no learner can
change what another is given, and that nothing is kept across what differs
(another lesson, other arguments, a changed file).
"""

from __future__ import annotations

import re

import pytest

from tutor.questions import ask
from tutor.spot import Spot

KEPT_QUESTIONS = [
    ("02_melds_and_wild_cards", "pick_a_meld_question"),
    ("03_the_first_meld", "band_question"),
    ("03_the_first_meld", "fewest_question"),
    ("03_the_first_meld", "pile_enough_question"),
    ("03_the_first_meld", "keep_apart_question"),
    ("04_the_pile", "take_question"),
    ("06_going_out_and_scoring", "canasta_question"),
    ("06_going_out_and_scoring", "concealed_question"),
    ("11_albany_sets_and_stoppers", "extend_question"),
    ("11_albany_sets_and_stoppers", "pick_sequence_question"),
    ("11_albany_sets_and_stoppers", "stoppers_out_question"),
    ("12_albany_pile_and_scoring", "deep_question"),
    ("12_albany_pile_and_scoring", "deepest_question"),
    ("12_albany_pile_and_scoring", "deluxe_out_question"),
    ("12_albany_pile_and_scoring", "empty_hand_question"),
    ("12_albany_pile_and_scoring", "exchange_first_question"),
]


def plain(value) -> str:
    """A question as text, without the checker's running time (the only part that may differ)."""
    return re.sub(r"elapsed_ms=[0-9.e+-]+", "", repr(value))


@pytest.fixture(scope="module")
def kit(load_lesson):
    load_lesson("00_welcome")  # puts lessons/ on the path
    import rulebook

    return rulebook


@pytest.mark.parametrize("stem, name", KEPT_QUESTIONS)
def test_a_kept_question_is_the_question_dealt_afresh(load_lesson, stem, name):
    maker = getattr(load_lesson(stem), name)
    for n in range(3):
        fresh = maker.__wrapped__(n)
        first, again = maker(n), maker(n)
        assert plain(first) == plain(fresh) == plain(again)


def test_each_learner_gets_a_copy_that_only_they_change(load_lesson):
    lesson = load_lesson("03_the_first_meld")
    first = lesson.band_question(5)
    shown = plain(first)
    first["score"] = -1
    first["extra"] = "a learner's own note"
    assert plain(lesson.band_question(5)) == shown


def test_kept_answers_differ_by_lesson_and_by_argument(kit):
    calls: list = []
    source = "def made(n):\n    calls.append(n)\n    return {'n': n, 'cards': [n]}\n"

    def in_lesson(name):
        space = {"LESSON": name, "calls": calls}
        exec(source, space)
        return kit.kept(space["made"])

    one, two = in_lesson("a lesson of this test"), in_lesson("another lesson of this test")
    assert one(1) == one(1) == {"n": 1, "cards": [1]} and calls == [1]
    assert one(2) == {"n": 2, "cards": [2]} and calls == [1, 2]
    assert two(1) == {"n": 1, "cards": [1]} and calls == [1, 2, 1]


def test_a_function_outside_a_lesson_is_not_kept(kit):
    def made(n):
        return [n]

    assert kit.kept(made) is made


def test_the_checker_is_asked_once_and_its_answer_is_the_same(kit, monkeypatch):
    from tutor import questions

    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH KD 9C 9D 9H 4S", "score": 1500})
    calls = []
    real = questions.ask
    monkeypatch.setattr(questions, "ask", lambda *a, **kw: calls.append(a[0]) or real(*a, **kw))
    first = kit.ask_kept("initial-meld", spot, play="KS KH KD | 9C 9D 9H")
    again = kit.ask_kept("initial-meld", spot, play="KS KH KD | 9C 9D 9H")
    assert calls == ["initial-meld"]
    assert plain(first) == plain(again) == plain(ask("initial-meld", spot, play="KS KH KD | 9C 9D 9H"))


def test_a_bad_question_is_refused_every_time(kit):
    from tutor.errors import TutorError

    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH KD 9C", "score": 0})
    for _ in range(2):
        with pytest.raises(TutorError):
            kit.ask_kept("initial-meld", spot, play="XX YY")


def test_the_catalogue_reads_a_changed_header_again(kit, tmp_path):
    lesson = tmp_path / "01_a_lesson.py"
    header = '# /// script\n#\n# [tool.marimo.opengraph]\n# title = "{}"\n# description = "One line."\n# ///\n'
    lesson.write_text(header.format("First title"), encoding="utf-8")
    rows = kit.lesson_catalogue(tmp_path)
    assert [r["title"] for r in rows] == ["First title"]
    rows[0]["title"] = "changed by a caller"
    assert kit.lesson_catalogue(tmp_path)[0]["title"] == "First title"
    lesson.write_text(header.format("A longer second title"), encoding="utf-8")
    assert kit.lesson_catalogue(tmp_path)[0]["title"] == "A longer second title"
