"""Absurd but well-formed spots (a 100-card hand, a 150-card pile, the whole pack in play).

Every question answers or gives up within its resource limit, and memory stays
bounded. Seconds are printed by ``bench/absurd_bench.py``; here each variant
runs in its own process, guarded against a hang.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.rules import BUILTIN
from tutor.sampling import absurd_spots

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def test_absurd_spots_are_well_formed_spots_of_their_variant():
    for variant in BUILTIN:
        spots = absurd_spots(variant)
        assert len(spots["100-card hand"].hand) == 100
        assert all(s.rules.id == variant for s in spots.values())
    assert len(absurd_spots("albany")["150-card pile"].discard) == 150


@pytest.mark.parametrize("variant", BUILTIN)
def test_every_question_on_an_absurd_spot_answers_or_gives_up_in_bounded_memory(variant):
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "absurd_bench.py"), variant, "--json"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode in (0, 1), run.stderr  # 1: a question took longer than the bench's budget
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(rows) == 4 * len(absurd_spots(variant))
    assert {r["outcome"] for r in rows} <= {"yes", "no", "gave up"}
    assert max(r["peak_mb"] for r in rows) < 1024
    assert not run.stderr
