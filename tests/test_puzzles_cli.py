"""``canasta-tutor puzzles``: generate, verify, solve, add and export, and bad input."""

import io
import json
import re
import sys

import pytest

from tutor.cli import main as top_main
from tutor.puzzles.cli import main
from tutor.puzzles.format import checksum, read_file


@pytest.fixture(scope="module")
def small_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("puzzles") / "small.jsonl"
    assert main(["generate", "--variant", "classic", "--count", "6", "--seed", "21", "--workers", "1",
                 "--no-progress", "--out", str(path)]) == 0
    return path


@pytest.fixture
def copy_of(small_file, tmp_path):
    def make() -> "Path":  # noqa: F821
        p = tmp_path / "copy.jsonl"
        p.write_text(small_file.read_text())
        return p
    return make


def _lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def test_generate_writes_the_puzzles_asked_for(small_file):
    assert len(read_file(small_file)) == 6


def test_the_top_level_command_forwards_to_puzzles(small_file, capsys):
    assert top_main(["puzzles", "verify", str(small_file), "--workers", "1", "--no-progress"]) == 0
    assert "all hold" in capsys.readouterr().out


def test_verify_passes_a_good_file(small_file, capsys):
    assert main(["verify", str(small_file), "--workers", "1", "--no-progress"]) == 0
    assert "verified 6 puzzles in 1 file: all hold" in capsys.readouterr().out


def test_deep_verify_recounts_ways_and_regrades(small_file, copy_of, capsys):
    assert main(["verify", str(small_file), "--deep", "--workers", "1", "--no-progress"]) == 0
    path = copy_of()
    records = _lines(path)
    yes = next(r for r in records if r["answer"])
    yes["features"]["candidates"] += 7  # a grade that no longer follows from the proof
    _write(path, records)
    assert main(["verify", str(path), "--deep", "--workers", "1", "--no-progress"]) == 1
    assert f"{yes['id']}: " in capsys.readouterr().out


def test_verify_catches_a_flipped_answer_by_its_checksum(copy_of, capsys):
    path = copy_of()
    records = _lines(path)
    records[0]["answer"] = not records[0]["answer"]
    records[0]["ways"], records[0]["unique"] = (1, True) if records[0]["answer"] else (None, None)
    records[0]["proof"] = ({"witness": {"play": "discard 4C"}} if records[0]["answer"]
                           else {"rules": ["C-GOOUT"], "reasons": [{"rule": "C-GOOUT", "text": "x", "source": "y"}]})
    _write(path, records)
    assert main(["verify", str(path), "--workers", "1", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert f"{records[0]['id']}: checksum does not match" in out


def test_verify_catches_a_flipped_answer_even_with_a_fresh_checksum(copy_of, capsys):
    path = copy_of()
    records = _lines(path)
    r = records[1]
    r["answer"] = not r["answer"]
    if r["answer"]:
        r["ways"], r["unique"] = 1, True
        r["proof"] = {"witness": {"play": "discard " + r["spot"]["hand"].split()[0]}}
    else:
        r["ways"], r["unique"] = None, None
        r["proof"] = {"rules": ["C-GOOUT"], "reasons": [{"rule": "C-GOOUT", "text": "made up", "source": "y"}]}
    r["checksum"] = checksum(r)
    _write(path, records)
    assert main(["verify", str(path), "--workers", "1", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert re.search(rf"{r['id']}: answer is stored as (yes|no) but both deciders prove (yes|no)", out), out


def test_verify_catches_an_edited_spot_and_a_missing_field(copy_of, capsys):
    path = copy_of()
    records = _lines(path)
    records[2]["spot"]["score"] = records[2]["spot"]["score"] + 5
    del records[3]["proof"]
    _write(path, records)
    assert main(["verify", str(path), "--workers", "1", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert f"{records[2]['id']}: checksum does not match" in out
    assert f"{records[3]['id']}: missing field proof" in out
    assert "2 problems" in out


def test_verify_refuses_an_empty_file(tmp_path, capsys):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    assert main(["verify", str(path), "--no-progress"]) == 1
    assert "holds no puzzles" in capsys.readouterr().out


def test_export_draws_every_puzzle_and_the_key_apart(small_file, tmp_path):
    out = tmp_path / "sheet.html"
    assert main(["export", str(small_file), "--format", "html", "--answers", "--out", str(out)]) == 0
    html = out.read_text()
    puzzles = read_file(small_file)
    assert html.count('<section class="puzzle"') == len(puzzles)
    for p in puzzles:
        assert f'id="{p.id}"' in html
    assert html.count('<div class="answer">') == len(puzzles)
    assert '<section class="key" id="answer-key">' in html and "break-before: page" in html
    assert html.count("<svg") >= sum(len(p.spot["hand"].split()) for p in puzzles)
    assert '<div class="page-break"></div>' in html


def test_export_without_answers_has_no_key(small_file, capsys):
    assert main(["export", str(small_file), "--format", "html"]) == 0
    html = capsys.readouterr().out
    assert "Answer key" not in html and html.startswith("<!DOCTYPE html>")


def _stdin(monkeypatch, text):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_solve_with_the_right_play(small_file, monkeypatch, capsys):
    p = next(p for p in read_file(small_file) if p.answer)
    _stdin(monkeypatch, f"yes\n{p.proof['witness']['play']}\n")
    assert main(["solve", str(small_file), p.id]) == 0
    out = capsys.readouterr().out
    assert "Your play works." in out and "Right!" in out
    assert ("only turn that does it" in out) == p.unique


def test_solve_with_the_wrong_answer_reveals_the_proof(small_file, monkeypatch, capsys):
    p = next(p for p in read_file(small_file) if not p.answer)
    _stdin(monkeypatch, "yes\ndiscard " + p.spot["hand"].split()[0] + "\n")
    assert main(["solve", str(small_file), p.id]) == 0
    out = capsys.readouterr().out
    assert "Not quite." in out and "Answer: NO" in out and p.proof["rules"][0] in out


def test_solve_without_input_is_a_clean_error(small_file, monkeypatch, capsys):
    _stdin(monkeypatch, "")
    assert main(["solve", str(small_file)]) == 2
    assert "no answer on standard input" in capsys.readouterr().err


SPOT = {"variant": "classic", "score": 0, "hand": "KS KH KD 9C 9D 9H 5C",
        "melds": ["7S 7H 7D 7C 7S 7H 2C"], "phase": "drawn"}


def test_add_proves_and_appends(tmp_path, capsys):
    spot = tmp_path / "spot.json"
    spot.write_text(json.dumps(SPOT))
    target = tmp_path / "mine.jsonl"
    assert main(["add", "--spot", str(spot), "--question", "go-out", "--tags", "lesson-2", "--to", str(target)]) == 0
    [p] = read_file(target)
    assert p.answer and "lesson-2" in p.themes and p.generator == "manual"
    assert "added" in capsys.readouterr().out
    assert main(["add", "--spot", str(spot), "--question", "go-out", "--to", str(target)]) == 2
    assert "already holds" in capsys.readouterr().err


def test_add_refuses_an_impossible_spot(tmp_path, capsys):
    spot = tmp_path / "spot.json"
    spot.write_text(json.dumps(dict(SPOT, hand="KS KS KS 9C 9D 9H 5C")))
    target = tmp_path / "mine.jsonl"
    assert main(["add", "--spot", str(spot), "--question", "go-out", "--to", str(target)]) == 2
    err = capsys.readouterr().err
    assert "refused: this spot cannot occur" in err and "KS" in err and len(err.strip().splitlines()) == 1
    assert not target.exists()


def test_add_a_cheat_needs_its_play(tmp_path, capsys):
    spot = tmp_path / "spot.json"
    spot.write_text(json.dumps({"variant": "canasty", "hand": "5S KD 2C 9C 8C", "phase": "drawn"}))
    target = tmp_path / "cheats.jsonl"
    assert main(["add", "--spot", str(spot), "--question", "cheat", "--to", str(target)]) == 2
    assert main(["add", "--spot", str(spot), "--question", "cheat", "--play", "meld 5S KD 2C; discard 9C",
                 "--to", str(target)]) == 0
    [p] = read_file(target)
    assert not p.answer and p.proof["cheats"] == ["A"] and "legal-cheats" in p.themes


@pytest.mark.parametrize("argv, words", [
    (["generate", "--variant", "classic", "--count", "2", "--options", "{oops"], "--options is not valid JSON"),
    (["generate", "--variant", "classic"], "required"),
    (["generate", "--variant", "nope", "--count", "1"], "nope"),
    (["solve", "/no/such/file.jsonl"], "no such puzzle file"),
    (["export", "/no/such/file.jsonl", "--format", "html"], "no such puzzle file"),
    (["export", "x.jsonl", "--format", "pdf"], "invalid choice"),
    (["verify", "/no/such/file.jsonl"], "no such puzzle file"),
    (["add", "--spot", "/no/spot.json", "--question", "go-out", "--to", "x.jsonl"], "no such spot file"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(argv, words, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert words in captured.err and len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err and captured.out == ""


def test_generate_short_of_the_count_writes_what_it_found_and_exits_4(small_file, tmp_path, monkeypatch, capsys):
    from types import SimpleNamespace

    from tutor.puzzles import generate
    from tutor.puzzles.cli import PARTIAL

    found = read_file(small_file)[:4]
    monkeypatch.setattr(generate, "generate_report", lambda *a, **kw: SimpleNamespace(
        puzzles=found, tried=50, seconds=1.0, dropped={}, disagreements=[]))
    out = tmp_path / "short.jsonl"
    code = top_main(["puzzles", "generate", "--variant", "classic", "--count", "5", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == PARTIAL == 4 and [p.id for p in read_file(out)] == [p.id for p in found]
    assert "found 4 of the 5 puzzles asked" in err


def test_generate_help_documents_the_partial_exit_status(capsys):
    with pytest.raises(SystemExit):
        top_main(["puzzles", "generate", "--help"])
    assert "4  generate found fewer puzzles than --count" in capsys.readouterr().out


def test_list_prints_one_line_per_puzzle_of_the_bank(capsys):
    from tutor.puzzles import bank_files

    assert top_main(["puzzles", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == sum(len(read_file(f)) for f in bank_files())
    assert all(re.match(r"^\S+ +(classic|house|canasty|albany) +\S+ +grade [1-5]  \S", line) for line in lines)


@pytest.mark.parametrize("flag, value", [("--variant", "albany"), ("--question", "cheat"), ("--grade", "3"),
                                         ("--theme", "frozen-pile")])
def test_list_filters_by_variant_question_grade_and_theme(capsys, flag, value):
    assert top_main(["puzzles", "list", flag, value, "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    key = flag[2:]
    assert rows and all(set(r) >= {"id", "variant", "question", "themes", "grade"} for r in rows)
    if key == "theme":
        assert all(value in r["themes"] for r in rows)
    else:
        assert all(str(r[key]) == value for r in rows)


def test_list_of_a_file_and_an_unknown_theme(small_file, capsys):
    assert top_main(["puzzles", "list", str(small_file)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 6
    assert top_main(["puzzles", "list", "--theme", "no-such-theme"]) == 2
    assert "unknown theme 'no-such-theme'" in capsys.readouterr().err
