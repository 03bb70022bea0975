"""Hostile input of every kind (spot JSON, house-rules TOML over the four variants, plays, batch
lines, puzzle lines) ends in an answer or in the tutor's own error: never a crash, never a hang.

The inputs come from ``fuzz/hostile.py``, the same generators the coverage-guided fuzzer and
``bench/fuzz_report.py`` use; here hypothesis draws their choices, so the suite checks these
kinds on every run (the coverage-guided fuzzer needs atheris, which the suite does not install).
Device paths whose read never ends are left out of the random inputs (a hang would stop the
suite) and checked apart, in a process of their own under a time limit.

Every fixed probe of every kind must end in an answer or the tutor's own error: a crash fails.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fuzz"))

import hostile  # noqa: E402

from tutor.errors import TutorError  # noqa: E402

FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.function_scoped_fixture, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("hostile")
    (path / "table.toml").write_text('extends = "albany"\n', encoding="utf-8")
    return path


def ends_cleanly(kind: str, argument: str) -> None:
    try:
        hostile.run_entry(kind, argument)
    except TutorError as e:
        assert str(e), "an error must say what is wrong"


@FUZZ
@given(st.randoms(use_true_random=False))
def test_fuzz_spot_json_of_the_four_variants(folder, rng):
    text = hostile.spot_json(rng, str(folder / "table.toml"))
    assume(not hostile.reads_endless(text))
    ends_cleanly("spot", text)


@FUZZ
@given(st.randoms(use_true_random=False), st.sampled_from(hostile.BASES))
def test_fuzz_house_rules_files_over_every_base_variant(folder, rng, base):
    text = hostile.house_toml(rng, base)
    assume(not hostile.reads_endless(text))
    path = folder / f"house-{base}.toml"
    path.write_text(text, encoding="utf-8")
    ends_cleanly("house", str(path))


@FUZZ
@given(st.randoms(use_true_random=False))
def test_fuzz_play_text(rng):
    text = hostile.play_text(rng)
    ends_cleanly("play", text)


@settings(FUZZ, max_examples=60)
@given(st.randoms(use_true_random=False))
def test_fuzz_batch_lines_are_answered_in_place(folder, rng):
    line = hostile.batch_line(rng, str(folder / "table.toml"))
    assume(not hostile.reads_endless(line))
    hostile.run_entry("batch", line)  # answer_line itself never raises; a crash answered in place fails here


@FUZZ
@given(st.randoms(use_true_random=False))
def test_fuzz_puzzle_lines(folder, rng):
    line = hostile.puzzle_line(rng)
    assume(not hostile.reads_endless(line))
    path = folder / "collection.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    ends_cleanly("puzzle", str(path))


CASES = [pytest.param(feature, what, kind, argument, id=f"{feature}-{i}")
         for feature, cases in hostile.probes(str(__import__("tempfile").mkdtemp(prefix="canasta-probes-"))).items()
         for i, (what, kind, argument) in enumerate(cases)]


@pytest.mark.parametrize("feature, what, kind, argument", CASES)
def test_each_kind_of_hostility_ends_in_the_tutors_own_error(feature, what, kind, argument):
    ends_cleanly(kind, argument)


def test_the_generators_cover_every_base_variant_and_kind():
    import random

    rng = random.Random(3)
    texts = [hostile.house_toml(rng, base) for base in hostile.BASES for _ in range(5)]
    assert all(any(f'extends = "{base}"' in t for t in texts) for base in hostile.BASES)
    assert set(hostile.KINDS) == {"spot", "house", "play", "batch", "puzzle"}
    with hostile.without("deep", "huge", "nul"):
        deep = hostile.nested(rng, 50000)
    assert deep.startswith("@@deep:50:")


def test_devices_that_never_end_are_refused_not_read(tmp_path):
    # in a process of its own, under a time limit: a read that never ends fails this test, not the suite
    import json
    import subprocess

    script = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(Path(hostile.__file__).parent)!r})\n"
        "import hostile\n"
        "from tutor.errors import TutorError\n"
        "ends = {}\n"
        "for path in sorted(hostile.ENDLESS):\n"
        "    for kind, argument in (('house', path), ('spot', json.dumps({'variant': path, 'hand': 'KS'}))):\n"
        "        try:\n"
        "            hostile.run_entry(kind, argument)\n"
        "            ends[path + ' ' + kind] = 'read'\n"
        "        except TutorError:\n"
        "            ends[path + ' ' + kind] = 'refused'\n"
        "print(json.dumps(ends))\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    ends = json.loads(proc.stdout)
    assert ends and set(ends.values()) == {"refused"}, ends
