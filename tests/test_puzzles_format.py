"""The puzzle file format: schema, checksum, ids and the canonical layout (no decider needed)."""

import copy
import json

import pytest

from tutor.puzzles.format import (FIELDS, Puzzle, PuzzleError, check_record, checksum, checksum_text, dumps,
                                  puzzle_id, read_file, read_lines)
from tutor.errors import TutorError
from tutor.puzzles.grading import grade_of

SPOT = {"variant": "classic", "score": 200, "hand": "KH KD KC 9S 9H 9D 4C",
        "melds": ["7S 7H 7D 7C 7S 2C 2D"], "discard": "", "red_threes": "", "stock": 40, "phase": "drawn"}
FEATURES = {"cards": 7, "candidates": 6, "traps": 2, "rules": 2, "steps": 3, "ways": 1, "queries": 6, "glance": 0,
            "depth": 2}


def record(**changes):
    """A well-formed yes puzzle (its proof is not re-proved here)."""
    d = {
        "id": puzzle_id("classic", "go-out", SPOT, None), "variant": "classic", "question": "go-out",
        "spot": SPOT, "play": None, "answer": True,
        "proof": {"witness": {"play": "meld KH KD KC; meld 9S 9H 9D; discard 4C", "melds": ["KH KD KC", "9S 9H 9D"],
                              "layoffs": [], "discard": "4C", "went_out": True, "points": 60}},
        "ways": 1, "unique": True, "themes": ["going-out", "canasta-requirement"], "grade": grade_of(FEATURES),
        "features": dict(FEATURES), "generator": "manual", "seed": "-",
        "checksum": "",
    }
    d.update(changes)
    if "checksum" not in changes:
        try:
            d["checksum"] = checksum(d)
        except TutorError:  # a spot that cannot occur has no checksum; check_record names the spot
            d["checksum"] = "0" * 64
    return d


def no_record():
    d = record(answer=False, ways=None, unique=None,
               proof={"rules": ["C-GOOUT"], "reasons": [{"rule": "C-GOOUT", "text": "no canasta",
                                                          "source": "Classic Canasta, 'Goal of the game'"}]})
    d["checksum"] = checksum(d)
    return d


def test_a_well_formed_puzzle_has_no_problems():
    assert check_record(record()) == []
    assert check_record(no_record()) == []


def test_a_flipped_answer_breaks_the_checksum():
    d = no_record()
    d["checksum"] = record()["checksum"]  # the yes checksum on a no puzzle
    problems = check_record(d)
    assert len(problems) == 1 and "checksum does not match" in problems[0]


def test_an_edited_spot_breaks_the_checksum():
    d = record()
    d["spot"] = dict(SPOT, hand="KH KD KC 9S 9H 9D 4D")
    assert any("checksum does not match" in p for p in check_record(d))


def test_notation_variants_of_the_same_spot_share_the_checksum():
    same = dict(SPOT, hand="kh kd kc 9s 9h 9d 4c", stock=40)
    assert checksum(dict(record(), spot=same)) == record()["checksum"]


@pytest.mark.parametrize("field", FIELDS)
def test_a_missing_field_is_named(field):
    d = record()
    del d[field]
    problems = check_record(d)
    assert problems and f"missing field {field}" in problems[0]


def test_an_unknown_field_is_named():
    assert "unknown field hint" in check_record(record(hint="look at the 9s"))[0]


@pytest.mark.parametrize("changes, words", [
    ({"grade": 6}, "grade must be"),
    ({"grade": True}, "grade must be"),
    ({"question": "score"}, "question must be one of"),
    ({"answer": "yes"}, "answer must be true or false"),
    ({"ways": 0}, "ways"),
    ({"unique": False}, "unique is false but ways is 1"),
    ({"themes": []}, "themes"),
    ({"themes": ["Frozen Pile"]}, "themes"),
    ({"id": "Bad Id"}, "id must be"),
    ({"variant": "house"}, "variant must be a string equal to spot.variant"),
    ({"features": {"cards": 1}}, "features must hold"),
    ({"checksum": "abc"}, "checksum must be 64"),
    ({"play": "meld KH KD KC"}, "a go-out puzzle takes no play"),
])
def test_schema_problems_are_named(changes, words):
    problems = check_record(record(**changes))
    assert problems and any(words in p for p in problems), problems


def test_a_yes_needs_a_witness_and_a_no_needs_reasons():
    d = record(proof={"rules": ["C-GOOUT"], "reasons": []})
    assert any("witness" in p for p in check_record(d))
    d = no_record()
    d["proof"] = {"rules": [], "reasons": []}
    assert any("proof.rules" in p for p in check_record(d))


def test_a_cheat_puzzle_needs_its_play_letters_and_honest_answer():
    spot = {"variant": "canasty", "score": 0, "hand": "5S KD 2C 9C 8C", "melds": [], "discard": "", "red_threes": "",
            "stock": 40, "first_round": False, "scores": [0], "phase": "drawn"}
    play = "meld 5S KD 2C; discard 9C"
    d = record(id=puzzle_id("canasty", "cheat", spot, play), variant="canasty", question="cheat", spot=spot,
               play=play, answer=False, ways=None, unique=None,
               proof={"rules": ["Y-SET", "Y-CHEATS.A"],
                      "reasons": [{"rule": "Y-SET", "text": "one natural", "source": "x"},
                                  {"rule": "Y-CHEATS.A", "text": "cheat A", "source": "x"}],
                      "cheats": ["A"], "honest": {"question": "initial-meld", "answer": False}})
    assert check_record(d) == []
    bad = copy.deepcopy(d)
    del bad["proof"]["cheats"]
    assert any("proof.cheats" in p for p in check_record(bad))
    bad = copy.deepcopy(d)
    bad["play"] = None
    assert any("needs the disputed play" in p for p in check_record(bad))


def test_an_impossible_spot_is_refused_by_name():
    d = record(spot=dict(SPOT, hand="KH KH KH 9S 9H 9D 4C"))
    problems = check_record(d)
    assert problems and "spot cannot occur" in problems[0] and "KH" in problems[0]


def test_the_checksum_covers_every_field_under_a_version_line():
    head, body = checksum_text(record()).split("\n")
    assert head == "canasta-tutor puzzle 2"
    assert set(json.loads(body)) == set(FIELDS) - {"checksum"}
    assert json.loads(body)["spot"]["hand"] == "KH KD KC 9S 9H 9D 4C"


def test_ids_are_stable_and_ignore_the_answer():
    a = puzzle_id("classic", "go-out", SPOT, None)
    assert a == puzzle_id("classic", "go-out", dict(SPOT), None)
    assert a.startswith("classic-go-out-") and len(a) == len("classic-go-out-") + 8
    assert a != puzzle_id("classic", "go-out", dict(SPOT, score=1600), None)


def test_a_puzzle_round_trips_through_its_line(tmp_path):
    p = Puzzle.from_dict(record())
    assert Puzzle.from_dict(json.loads(p.to_line())) == p
    path = tmp_path / "one.jsonl"
    path.write_text(dumps([p]))
    assert read_file(path) == [p]
    assert list(json.loads(p.to_line())) == list(FIELDS)


def test_reading_names_the_bad_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record()) + "\n{not json\n")
    lines = list(read_lines(path))
    assert lines[0].problems == [] and "not valid JSON" in lines[1].problems[0]
    with pytest.raises(PuzzleError, match=r"bad.jsonl:2"):
        read_file(path)


def test_a_missing_file_is_a_puzzle_error(tmp_path):
    with pytest.raises(PuzzleError, match="no such puzzle file"):
        read_file(tmp_path / "nope.jsonl")
