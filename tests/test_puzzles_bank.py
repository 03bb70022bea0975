"""The shipped puzzle bank: well formed, balanced, and re-proved by both deciders."""

import collections
import itertools
import json

import pytest

from tutor.errors import TutorError
from tutor.puzzles.format import check_record, read_file
from tutor.puzzles.verify import bank_files, verify_paths
from tutor.resources import bank_dir
from tutor.spot import Spot
from tutor.table_moves import combine_sets

BANK = bank_dir()
COLLECTIONS = ("classic", "house", "canasty", "albany")
MIN_PER_VARIANT = 60


def _collection(name):
    path = BANK / f"{name}.jsonl"
    if not path.exists():
        pytest.fail(f"the bank has no {path.name}")
    return read_file(path)


@pytest.mark.parametrize("name", COLLECTIONS)
def test_each_collection_is_big_balanced_and_spread(name):
    puzzles = _collection(name)
    assert len(puzzles) >= MIN_PER_VARIANT
    assert all(p.variant == name for p in puzzles)
    yes = sum(p.answer for p in puzzles)
    assert 0.4 <= yes / len(puzzles) <= 0.6, f"{yes} yes of {len(puzzles)}"
    grades = collections.Counter(p.grade for p in puzzles)
    assert set(grades) == {1, 2, 3, 4, 5} and min(grades.values()) >= 4, grades
    themes = collections.Counter(t for p in puzzles for t in p.themes)
    assert len(themes) >= 8, themes
    questions = {p.question for p in puzzles}
    assert {"go-out", "pickup", "initial-meld"} <= questions
    if name == "canasty":
        assert "cheat" in questions


def test_ids_are_unique_across_the_bank():
    ids = [p.id for f in bank_files() for p in read_file(f)]
    assert len(ids) == len(set(ids))


def test_every_line_passes_the_schema_and_checksum():
    files = bank_files()
    assert {f.stem for f in files} <= set(COLLECTIONS) and len(files) >= 3
    for f in files:
        for number, line in enumerate(f.read_text().splitlines(), start=1):
            assert check_record(json.loads(line)) == [], f"{f.name}:{number}"


def test_every_stored_reason_cites_its_rules_source_as_the_tutor_words_it():
    for f in bank_files():
        for p in read_file(f):
            rules = Spot.from_dict(p.spot).rules
            for r in p.proof.get("reasons", []):
                assert r["source"] == rules.source_of(r["rule"]), f"{f.name} {p.id} {r['rule']}: {r['source']}"


def test_the_whole_bank_is_reproved_by_both_deciders():
    # a few seconds per collection: fast enough to run every time, so no sample is needed
    report = verify_paths(workers=2)
    assert report.files == len(bank_files())
    assert report.checked >= MIN_PER_VARIANT * report.files
    assert report.ok, "\n".join(map(str, report.problems))


# -- A-COMBINE: the questions try the moves on the table after the draw or pick-up themselves;
# no albany puzzle hangs on combining the sets already on the table. --------------------------------
def test_a_combine_no_albany_puzzle_has_table_sets_that_could_be_combined():
    for p in _collection("albany"):
        spot = Spot.from_dict(p.spot)
        for a, b in itertools.combinations(range(1, len(spot.melds) + 1), 2):
            with pytest.raises(TutorError):
                combine_sets(spot.rules, list(spot.melds), a, b)

