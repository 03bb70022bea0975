"""Every lesson runs top to bottom without a cell raising.

Each notebook is run the way the lesson server runs it, by marimo's own kernel,
through ``marimo export html``: it exits non-zero when any cell raised (including
marimo's static errors, such as a name defined in two cells). Each runs in its own
process, so one lesson's imports cannot hide another's missing ones.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("*.py"))
TIMEOUT = 300  # seconds per lesson; z3 work in a lesson should stay well below


@pytest.mark.parametrize(
    "lesson",
    LESSONS or [pytest.param(None, id="no-lessons-found")],
    ids=lambda p: p.stem if isinstance(p, Path) else None,
)
def test_lesson_runs_without_errors(lesson, tmp_path):
    assert lesson is not None, f"no lesson notebook found in {ROOT / 'lessons'}"
    out = tmp_path / f"{lesson.stem}.html"
    run = subprocess.run(
        [sys.executable, "-m", "marimo", "export", "html", str(lesson), "-o", str(out)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert run.returncode == 0, (
        f"{lesson.name}: a cell raised (marimo exit status {run.returncode})\n"
        f"{run.stdout}\n{run.stderr}"
    )
    assert out.stat().st_size > 0, f"{lesson.name}: marimo wrote no output"
