"""Re-rating: themes, features, grade and rating rebuilt from a stored proof, with no decider asked."""

import json
import shutil

import pytest

from tutor.puzzles.format import PuzzleError, check_record, read_lines
from tutor.puzzles.rerate import rerate, rerate_record
from tutor.puzzles.verify import bank_files
from tutor.resources import bank_dir


def _lines(name):
    return [line.data for line in read_lines(bank_dir() / name)]


def test_the_bank_is_rated_by_the_current_model():
    # after a change of the difficulty model or of the theme tags, `puzzles rerate` brings the bank up to date
    for path in bank_files():
        for data in (line.data for line in read_lines(path)):
            assert rerate_record(data) == data, f"{path.name} {data['id']}: run 'canasta-tutor puzzles rerate'"


@pytest.mark.parametrize("name", ["classic.jsonl", "albany.jsonl", "canasty.jsonl"])
def test_rerate_restores_a_line_rated_by_an_older_model(name):
    for data in _lines(name)[:12]:
        old = dict(data, features={k: v for k, v in data["features"].items() if k not in ("glance", "depth")},
                   grade=1 if data["grade"] != 1 else 2, rating=1500.0, themes=data["themes"][:1],
                   checksum="0" * 64)
        fresh = rerate_record(old)
        assert fresh == data and check_record(fresh) == []


def test_rerate_keeps_an_authors_own_tags():
    data = _lines("house.jsonl")[0]
    fresh = rerate_record(dict(data, themes=[*data["themes"], "my-club"]))
    assert fresh["themes"][-1] == "my-club" and check_record(fresh) == []


def test_rerate_rewrites_a_file_whole(tmp_path):
    target = tmp_path / "albany.jsonl"
    shutil.copy(bank_dir() / "albany.jsonl", target)
    lines = target.read_text().splitlines()
    stale = json.loads(lines[0])
    stale["grade"], stale["rating"] = 1 + stale["grade"] % 5, 1500.0
    target.write_text("\n".join([json.dumps(stale), *lines[1:]]) + "\n")
    assert rerate(target) == (len(lines), 1)
    assert target.read_text() == (bank_dir() / "albany.jsonl").read_text()


def test_rerate_refuses_a_line_that_is_not_a_puzzle(tmp_path):
    target = tmp_path / "bad.jsonl"
    target.write_text('{"id": "x"}\n')
    with pytest.raises(PuzzleError, match=r":1: missing fields"):  # the path itself may be shortened
        rerate(target)


def test_a_freshly_generated_puzzle_is_already_rated_as_rerate_rates_it():
    from tutor.puzzles.generate import generate_report

    for p in generate_report("classic", 3, seed=4, workers=1, progress=False).puzzles:
        assert rerate_record(p.to_dict()) == p.to_dict(), p.id


def test_the_rerate_command_names_each_file_and_what_changed(tmp_path, capsys):
    from tutor.cli import main

    target = tmp_path / "house.jsonl"
    shutil.copy(bank_dir() / "house.jsonl", target)
    assert main(["puzzles", "rerate", str(target)]) == 0
    assert f"{target}: {len(_lines('house.jsonl'))} puzzles, 0 re-rated" in capsys.readouterr().out
    assert target.read_text() == (bank_dir() / "house.jsonl").read_text()
