"""Nothing a visitor types takes the tutor down: bad input is exit 2 with one short line.

Each class of hostile input is pinned by what the command line answers: its exit
status and its one-line message (short, with look-alike characters escaped).
"""

from __future__ import annotations

import io
import json
import os
import sys
import threading
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.errors import TutorError
from tutor.puzzles import cli as puzzles_cli
from tutor.puzzles.format import (Puzzle, PuzzleError, append, check_record, checksum, read_file, read_lines, rehash,
                                  write_atomic, write_file)
from tutor.rules import MAX_EXTENDS, load_variant

ROOT = Path(__file__).resolve().parent.parent
BANK = ROOT / "puzzles" / "classic.jsonl"
SPOT = {"variant": "classic", "score": 1600, "hand": "KS KH 7D 7C 2C JK",
        "melds": ["QS QH QD 2H", "7S 7H 7C"], "discard": "5H 9C 3C 7S", "red_threes": "3H", "phase": "drawn"}
GOOD_LINE = json.dumps({"question": "score", "spot": {"variant": "classic", "hand": "KS", "melds": ["QS QH QD"]}})


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv, words: str = "") -> str:
    """Run, and check the answer is exit 2 with one line on standard error holding ``words``."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert words in err, err
    assert len(err) < 400, err
    return err


@pytest.fixture
def write(tmp_path):
    def write(name: str, data) -> str:
        path = tmp_path / name
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)
    return write


def house(write, name: str, body: str, extends: str = "classic") -> str:
    return write(name, f'extends = "{extends}"\n{body}\n')


def stdin_bytes(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


# -- 1. only regular files, and never more than the cap ---------------------------------

def test_a_device_is_refused_as_a_spot_file(capsys):
    refused(capsys, "show", "/dev/zero", words="not a regular file")


def test_a_fifo_is_refused_without_blocking(capsys, tmp_path):
    fifo = tmp_path / "spot.json"
    os.mkfifo(fifo)
    refused(capsys, "show", str(fifo), words="not a regular file")


def test_a_folder_is_refused_as_a_spot_file(capsys, tmp_path):
    refused(capsys, "show", str(tmp_path), words="is a folder")


def test_a_device_is_refused_as_a_spots_variant(capsys, write):
    refused(capsys, "show", write("s.json", {"variant": "/dev/zero", "hand": ""}), words="not a regular file")


def test_a_device_is_refused_as_a_batch_file(capsys):
    refused(capsys, "check", "--batch", "/dev/zero", words="not a regular file")


def test_a_device_is_refused_as_a_puzzle_file(capsys):
    assert puzzles_cli.main(["verify", "/dev/zero", "--no-progress"]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_standard_input_is_read_only_up_to_the_cap(capsys, monkeypatch):
    stdin_bytes(monkeypatch, b"\0" * (3 * 1024 * 1024))
    refused(capsys, "show", "-", words="larger than 1 MiB")


def test_a_good_spot_on_standard_input_is_still_read(capsys, monkeypatch):
    stdin_bytes(monkeypatch, json.dumps(SPOT).encode())
    code, out, _ = run(capsys, "show", "-", "--json")
    assert code == 0 and json.loads(out)["hand"] == "KS KH 7D 7C 2C JK"


def test_a_spot_file_over_the_cap_is_refused(capsys, write):
    refused(capsys, "show", write("big.json", " " * (1024 * 1024 + 1)), words="larger than 1 MiB")


def test_a_nul_in_a_variant_path_is_refused(capsys, write):
    refused(capsys, "show", write("s.json", {"variant": "a\u0000b.toml", "hand": ""}), words="NUL")


# -- 3. house-rules TOML: shape before parsing, every number in range ------------------------

def test_a_long_dotted_key_is_refused_before_parsing(capsys, write):
    path = house(write, "dotted.toml", "a" + ".a" * 20_000 + " = 1")
    refused(capsys, "rules", path, words="dotted parts")


def test_a_deep_table_header_is_refused(capsys, write):
    path = house(write, "header.toml", "[" + ".".join("abcdefghij") + "]\nx = 1")
    refused(capsys, "rules", path, words="dotted parts")


def test_deep_inline_nesting_is_refused(capsys, write):
    path = house(write, "inline.toml", "x = " + "[" * 3000 + "]" * 3000)
    refused(capsys, "rules", path, words="nests brackets")


def test_an_over_long_integer_in_toml_is_bad_input(capsys, write):
    path = house(write, "long.toml", "[pack]\ndecks = " + "9" * 5000)
    refused(capsys, "rules", path)


@pytest.mark.parametrize("body, key", [
    ("[pack]\ndecks = 1000000", "pack.decks"),
    ("[pack]\ndecks = 0", "pack.decks"),
    ("[pack]\njokers_per_deck = 1000000000000", "pack.jokers_per_deck"),
    ("[meld]\nmin_cards = -5", "meld.min_cards"),
    ("[meld]\nmin_naturals = -1", "meld.min_naturals"),
    ("[meld]\nmax_wilds = 1000000000000000000", "meld.max_wilds"),
    ("[canasta]\nmin_cards = 2", "canasta.min_cards"),
    ("[canasta]\nnatural_bonus = 99999999", "canasta.natural_bonus"),
    ("[initial]\nbands = [{ from = 0, need = -50 }]", "bands[1].need"),
    ("[cards]\nvalues = { K = 100000 }", "values.K"),
    ("[[layouts]]\nplayers = 100\nhand = 11\ncanastas = 1", "layouts[1].players"),
    ("[[layouts]]\nplayers = 4\nhand = 5000\ncanastas = 1", "layouts[1].hand"),
])
def test_house_rules_numbers_beyond_a_real_table_name_their_key(capsys, write, body, key):
    err = refused(capsys, "rules", house(write, "h.toml", body), words=key)
    assert "must be from" in err


def test_house_rules_within_the_bounds_still_load(write):
    variant = load_variant(house(write, "ok.toml", "[pack]\ndecks = 3\n[meld]\nmin_cards = 3"))
    assert variant.data["pack"]["decks"] == 3


def test_a_spot_under_a_huge_joker_count_is_refused_not_built(capsys, write):
    path = house(write, "jk.toml", "[pack]\njokers_per_deck = 1000000000")
    refused(capsys, "show", write("s.json", {"variant": path, "hand": ""}), words="pack.jokers_per_deck")


def test_an_extends_chain_is_capped(capsys, tmp_path):
    (tmp_path / "h0.toml").write_text('extends = "classic"\n')
    for i in range(1, 1000):
        (tmp_path / f"h{i}.toml").write_text(f'extends = "h{i - 1}.toml"\n')
    refused(capsys, "rules", str(tmp_path / "h999.toml"), words=f"more than {MAX_EXTENDS} deep")
    assert load_variant(str(tmp_path / f"h{MAX_EXTENDS - 1}.toml")).base == "classic"


# -- 6. a batch: every line judged alone -----------------------------------------------------

def test_a_batch_line_that_is_not_utf8_gets_its_own_error_and_the_rest_are_answered(capsys, write):
    lines = [GOOD_LINE.encode()] * 401
    lines[200] = b'{"question": "score", \xff}'
    code, out, _ = run(capsys, "check", "--batch", write("b.jsonl", b"\n".join(lines) + b"\n"))
    answers = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(answers) == 401
    assert "not UTF-8" in answers[200]["error"] and "bug" not in answers[200]
    assert all(a["total"] == 20 for i, a in enumerate(answers) if i != 200)


def test_an_over_long_batch_line_is_its_own_error(capsys, write):
    from tutor.batch import MAX_LINE_BYTES

    lines = [GOOD_LINE, "x" * (MAX_LINE_BYTES + 10), GOOD_LINE]
    code, out, _ = run(capsys, "check", "--batch", write("b.jsonl", "\n".join(lines)))
    answers = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(answers) == 3 and "longer than" in answers[1]["error"]
    assert answers[2]["total"] == 20


@pytest.mark.parametrize("line, words", [
    ("[" * 100_000 + "]" * 100_000, "nests"),
    (GOOD_LINE.replace('"KS"', '"KS", "score": ' + "9" * 5000), "digits"),
    (GOOD_LINE.replace('"score"', '"score", "question": "melds"'), "twice"),
    (GOOD_LINE.replace('"KS"', '"K\u017f"'), "\\u017f"),
])
def test_bad_input_on_a_batch_line_is_that_lines_error_not_a_bug(capsys, write, line, words):
    code, out, _ = run(capsys, "check", "--batch", write("b.jsonl", "\n".join([GOOD_LINE, line, GOOD_LINE])))
    answers = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(answers) == 3
    assert words in answers[1]["error"] and "bug" not in answers[1]


# -- 7. puzzle files: locked, whole, never glued ------------------------------------------------

def _bank(n: int) -> list[Puzzle]:
    return read_file(BANK)[:n]


def test_an_append_after_a_line_without_newline_keeps_both_puzzles(tmp_path):
    first, second = _bank(2)
    path = tmp_path / "mine.jsonl"
    path.write_text(first.to_line())  # no final newline
    append(path, second)
    assert [p.id for p in read_file(path)] == [first.id, second.id]


def test_concurrent_adds_of_one_puzzle_write_it_once(tmp_path):
    (puzzle,) = _bank(1)
    path = tmp_path / "mine.jsonl"
    errors: list[Exception] = []

    def add():
        try:
            append(path, puzzle)
        except PuzzleError as e:
            errors.append(e)

    threads = [threading.Thread(target=add) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [p.id for p in read_file(path)] == [puzzle.id]
    assert len(errors) == 3 and all("already holds" in str(e) for e in errors)


def test_concurrent_adds_of_different_puzzles_keep_every_one_on_its_own_line(tmp_path):
    puzzles = _bank(6)
    path = tmp_path / "mine.jsonl"
    threads = [threading.Thread(target=append, args=(path, p)) for p in puzzles]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(p.id for p in read_file(path)) == sorted(p.id for p in puzzles)


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "mine.jsonl"
    write_file(path, _bank(2))
    before = path.read_bytes()

    def broken(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_file(path, _bank(5))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".mine.jsonl.lock", "mine.jsonl"]  # no temporary left


def test_write_atomic_refuses_a_device(tmp_path):
    with pytest.raises(PuzzleError):
        write_atomic("/dev/null", "x")


# -- 9. the checksum covers what a learner is shown ----------------------------------------------

def _record() -> dict:
    return json.loads(BANK.read_text().splitlines()[0])


@pytest.mark.parametrize("edit", [
    lambda r: r["proof"]["reasons"][0].__setitem__("text", "Trust me."),
    lambda r: r["proof"]["reasons"][0].__setitem__("source", "Somewhere else"),
    lambda r: r.__setitem__("id", "classic-go-out-00000000"),
    lambda r: r.__setitem__("themes", ["going-out"]),
    lambda r: r.__setitem__("generator", "manual"),
])
def test_an_edited_field_breaks_the_checksum(edit):
    record = _record()
    assert not record["answer"] and check_record(record) == []
    edit(record)
    assert any("checksum does not match" in p for p in check_record(record))


def test_a_first_version_checksum_asks_for_rehash_and_rehash_restores_it(tmp_path):
    from tutor.puzzles.format import _first_checksum  # noqa: PLC2701 - the old format is the subject here

    record = _record()
    record["checksum"] = _first_checksum(record["spot"], record["question"], record["play"], record["answer"])
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps(record) + "\n")
    (line,) = read_lines(path)
    assert "version 1" in line.problems[0] and "puzzles rehash" in line.problems[0]
    assert rehash(path) == (1, 1)
    assert read_file(path)[0].checksum == checksum(_record())


def test_rehash_refuses_a_file_with_another_problem(tmp_path):
    record = _record()
    record["grade"] = 9
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n")
    with pytest.raises(PuzzleError, match="grade"):
        rehash(path)
    assert json.loads(path.read_text())["grade"] == 9


def test_the_rehash_command_reports_what_it_did(tmp_path, capsys):
    path = tmp_path / "mine.jsonl"
    write_file(path, _bank(3))
    assert puzzles_cli.main(["rehash", str(path)]) == 0
    assert "3 puzzles, 0 checksums recomputed" in capsys.readouterr().out


# -- 8. bad input is exit 2, never an internal error -------------------------------------------

def test_a_deeply_nested_spot_is_bad_input(capsys, write):
    refused(capsys, "show", write("deep.json", "[" * 100_000 + "]" * 100_000), words="nests")


def test_a_huge_integer_in_a_spot_is_bad_input(capsys, write):
    text = json.dumps(SPOT)[:-1] + ', "score": ' + "9" * 5000 + "}"
    refused(capsys, "show", write("big.json", text), words="digits")


@pytest.mark.parametrize("index", ["\u00b2", "\u0662", "9" * 5000])
def test_a_play_index_is_ascii_digits_only(capsys, write, index):
    refused(capsys, "check", "play", write("s.json", SPOT), "--play", f"layoff 2C to {index}; discard 7S",
            words="needs a whole number")


def test_a_huge_seed_is_bad_input(capsys):
    assert puzzles_cli.main(["generate", "--variant", "classic", "--count", "1", "--seed", "9" * 5000]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "--seed" in err


def test_deep_options_are_bad_input(capsys):
    assert puzzles_cli.main(["generate", "--variant", "classic", "--count", "1",
                             "--options", "[" * 20_000 + "]" * 20_000]) == 2
    assert "--options nests" in capsys.readouterr().err


def test_verify_reports_every_bad_puzzle_line_and_goes_on(capsys, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"[" * 20_000 + b"]" * 20_000 + b"\n" + b"9" * 5000 + b"\n\xff\xfe\n")
    assert puzzles_cli.main(["verify", str(path), "--no-progress", "--workers", "1"]) == 1
    out = capsys.readouterr().out
    assert "nests" in out and "digits" in out and "not UTF-8" in out and "3 problems" in out


# -- 10, 11. look-alikes, long tokens, duplicate keys, absurd numbers ----------------------------

@pytest.mark.parametrize("hand, shown", [
    ("K\u017f", "K\\u017f"),  # long s upper-cases to S
    ("\u0662H", "\\u0662H"),  # Arabic-Indic two
    ("\uff2bS", "\\uff2bS"),  # full-width K
    ("KS\u00a0KH", "KS\\xa0KH"),  # a no-break space is no separator
])
def test_a_look_alike_card_is_refused_and_shown_escaped(capsys, write, hand, shown):
    refused(capsys, "show", write("s.json", dict(SPOT, hand=hand)), words=shown)


def test_a_huge_token_is_shown_as_a_short_excerpt(capsys, write):
    err = refused(capsys, "show", write("s.json", dict(SPOT, hand="K" * 900_000)), words="900000 characters")
    assert len(err) < 300


def test_a_duplicate_key_in_a_spot_is_refused(capsys, write):
    refused(capsys, "show", write("s.json", '{"variant": "classic", "hand": "KS", "hand": "KH"}'), words="twice")


@pytest.mark.parametrize("changes, words", [
    ({"stock": 10 ** 400}, "digits"),
    ({"stock": 1000}, "cannot exceed 108"),
    ({"score": 10 ** 9}, "'score' must be a score from"),
    ({"stock": -1}, "cannot be negative"),
])
def test_spot_numbers_beyond_a_real_table_are_refused(capsys, write, changes, words):
    refused(capsys, "show", write("s.json", dict(SPOT, **changes)), words=words)


def test_the_notation_still_reads_every_form_the_contract_lists(capsys, write):
    hand = "ks 10h T\u2665 * jk 2c"
    code, out, _ = run(capsys, "show", write("s.json", dict(SPOT, hand=hand, melds=[], red_threes="")), "--json")
    assert code == 0 and json.loads(out)["hand"] == "KS TH TH JK JK 2C"


def test_excerpts_escape_control_and_look_alike_characters():
    from tutor.inputs import excerpt

    assert excerpt("K\u017f\x1b[2J") == "'K\\u017f\\x1b[2J'"
    assert excerpt("x" * 100).endswith("... (100 characters)") and len(excerpt("x" * 100)) < 70


def test_a_tutor_error_is_what_every_refusal_raises():
    from tutor.inputs import loads

    for text in ("[" * 50 + "]" * 50, '{"a": 1, "a": 2}', "1" * 50, "NaN"):
        with pytest.raises(TutorError):
            loads(text, "the spot")


def test_every_whole_number_of_the_house_rules_schema_has_bounds():
    from tutor import rules

    numbers = [f"{section}.{key}" for section, table in rules.SCHEMA.items() if table
               for key, kind in table.items() if kind in (int, (int, str))]
    numbers += [f"layouts.{key}" for key in ("players", "partnerships", "hand", "decks", "canastas")]
    assert [n for n in numbers if n not in rules.BOUNDS] == []
