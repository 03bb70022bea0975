"""The Python API a notebook user reads about: its page's examples run, spots stay immutable, views draw."""

import doctest
from pathlib import Path

import pytest

import tutor
from tutor import IllegalPlayError, Spot
from tutor.play import parse_action
from tutor.views import LegalMeld

ROOT = Path(__file__).resolve().parent.parent
SPOT = {"variant": "classic", "score": 1600, "hand": "KS KH 7D 7C 2C JK", "melds": ["QS QH QD 2H", "7S 7H 7C"],
        "discard": "5H 9C 3C 7S", "red_threes": "3H", "phase": "drawn"}


def test_the_python_api_page_runs_as_written():
    result = doctest.testfile(str(ROOT / "docs" / "python-api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20 and result.failed == 0


def test_the_package_doctest_runs():
    result = doctest.testmod(tutor)
    assert result.attempted >= 5 and result.failed == 0


def test_legal_melds_is_the_melds_answer_and_asks_once(monkeypatch):
    from tutor import questions

    spot = Spot.from_dict(SPOT)
    calls = []
    real = questions.ask
    monkeypatch.setattr(questions, "ask", lambda *a, **kw: calls.append(a[0]) or real(*a, **kw))
    view = spot.legal_melds
    assert calls == []  # nothing asked until looked at
    listed = [m for m in view]
    assert len(view) == len(listed) and "KS KH 2C" in view and calls == ["melds"]
    answer = real("melds", spot).extra["melds"]
    assert [{"kind": m.kind, "cards": " ".join(map(str, m.cards)), "to": m.to, "points": m.points}
            for m in listed] == answer
    assert spot.legal_melds is view and calls == ["melds"]


def test_every_listed_meld_is_in_the_view_by_its_step_its_cards_and_itself():
    view = Spot.from_dict(SPOT).legal_melds
    for m in view:
        assert isinstance(m, LegalMeld) and str(m) in view and m in view and m.step in view
        assert parse_action(str(m)) == m.step


def test_a_legal_meld_is_immutable():
    m = Spot.from_dict(SPOT).legal_melds[0]
    with pytest.raises(AttributeError):
        m.kind = "layoff"


@pytest.mark.parametrize("text, listed", [
    ("KH KS 2C", True),            # naturals of a group differ only by suit: the order does not matter
    ("meld KS KH 2C", True),
    ("layoff KS KH 2C", False),    # no meld of kings to lay off onto
    ("layoff 7D to 1", False),     # meld 1 is the queens
    ("layoff 7D", True),
    ("KD KH 2C", False),           # the hand holds no KD
    ("KS KH 7D", False),           # mixed ranks (C-MELD)
    ("", False),
])
def test_in_reads_steps_and_cards_as_the_contract_writes_them(text, listed):
    assert (text in Spot.from_dict(SPOT).legal_melds) is listed


def test_in_takes_cards_as_well_as_text():
    from tutor import parse_cards

    view = Spot.from_dict(SPOT).legal_melds
    assert parse_cards("KS KH 2C") in view and ["KS", "KH", "2C"] in view and ["KS", "KH"] not in view


def test_an_empty_view_is_false_and_keeps_the_answer():
    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH KD 9C", "melds": ["7S 7H 7C"]})
    assert not spot.legal_melds and len(spot.legal_melds) == 0 and spot.legal_melds.verdict.answer is False


def test_ask_answers_as_the_command_line_and_keeps_its_spot():
    from tutor.questions import ask

    spot = Spot.from_dict(SPOT)
    mine, theirs = spot.ask("go-out"), ask("go-out", spot)
    assert mine.to_dict() | {"elapsed_ms": 0} == theirs.to_dict() | {"elapsed_ms": 0}
    assert mine.spot is spot and theirs.spot is None


def test_play_returns_the_next_spot_and_leaves_this_one_alone():
    spot = Spot.from_dict({"variant": "classic", "hand": "KH KD 9C 4S", "melds": ["7S 7H 7C"],
                           "discard": "5H 3C KS", "phase": "before-draw"})
    before = spot.to_dict()
    after = spot.play("pickup KH KD; meld KS KH KD; discard 9C")
    assert spot.to_dict() == before
    assert after.to_dict() | {"hand": None} == before | {
        "hand": None, "melds": ["7S 7H 7C", "KS KH KD"], "discard": "9C", "phase": "before-draw"}
    assert sorted(map(str, after.hand)) == ["3C", "4S", "5H"]
    after.validate()  # the next spot is one that can occur


def test_play_keeps_the_pile_below_the_cards_taken_in_albany():
    spot = Spot.from_dict({"variant": "albany", "hand": "9S 9H 4C 5D", "melds": [], "discard": "KC 8D 9D",
                           "phase": "before-draw"})
    after = spot.play("pickup depth 1; meld 9S 9H 9D; discard 4C")  # A-DRAW (a): the top card alone
    assert after.to_dict()["discard"] == "KC 8D 4C" and after.to_dict()["melds"] == ["9S 9H 9D"]
    assert sorted(map(str, after.hand)) == ["5D"]


def test_an_illegal_play_raises_the_rule_it_breaks_C_MELD():
    with pytest.raises(IllegalPlayError) as e:
        Spot.from_dict(SPOT).play("meld KS KH 7D; discard 9C")
    assert e.value.rule == "C-MELD" and e.value.step == 1 and isinstance(e.value, tutor.TutorError)


def test_going_out_leaves_an_empty_hand_to_score():
    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH KD 9C", "melds": ["7S 7H 7C 7D 7S 7H 2C"]})
    after = spot.play("meld KS KH KD; discard 9C")
    assert after.hand == () and after.ask("score", went_out="out").extra["total"] > 0


@pytest.mark.parametrize("make", [
    lambda: Spot.from_dict(SPOT).ask("go-out"),
    lambda: Spot.from_dict(SPOT).ask("melds"),
    lambda: Spot.from_dict(SPOT).ask("score"),
    lambda: Spot.from_dict(SPOT).ask("play", play="meld KS KH JK; discard 7C"),
    lambda: tutor.load_variant("albany"),
    lambda: Spot.from_dict(SPOT).legal_melds,
])
def test_verdicts_variants_and_views_draw_themselves_in_a_notebook(make):
    html = make()._repr_html_()
    assert html.startswith("<div") and html.count("<div") == html.count("</div>")


def test_a_verdict_quotes_its_rules_and_draws_its_witness():
    spot = Spot.from_dict(SPOT)
    no = spot.ask("go-out")._repr_html_()
    assert 'data-verdict="no"' in no and 'data-rule="C-GOOUT"' in no and "Source:" in no
    yes = spot.ask("play", play="meld KS KH JK; discard 7C")._repr_html_()
    assert 'data-verdict="yes"' in yes and "meld KS KH JK" in yes and yes.count("<svg") >= 4


def test_a_puzzle_draws_its_table_and_folds_its_answer_away():
    from tutor.puzzles import bank_files, read_file

    puzzle = read_file(bank_files()[0])[0]
    html = puzzle._repr_html_()
    assert f'data-puzzle="{puzzle.id}"' in html and "<details>" in html and puzzle.prompt in html
    assert html.index("<details>") < html.index("data-verdict")


def test_the_lessons_verdict_view_is_the_librarys(monkeypatch):
    import sys

    from tutor import render

    sys.path.insert(0, str(ROOT / "lessons"))
    try:
        from rulebook import verdict_view
    finally:
        sys.path.remove(str(ROOT / "lessons"))
    seen = []
    monkeypatch.setattr(render, "verdict_html", lambda *a, **kw: seen.append((a, kw)) or "<b>drawn here</b>")
    spot = Spot.from_dict(SPOT)
    verdict = spot.ask("go-out")
    view = verdict_view(verdict, spot, no="Not this turn")
    assert "drawn here" in view.text and "danger" in view.text
    assert seen == [((verdict, spot), {"yes": "Yes", "no": "Not this turn", "framed": False})]
