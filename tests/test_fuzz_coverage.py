"""A bounded run of the coverage-guided fuzzer over every input a user can give.

It needs atheris, which ``make fuzz`` installs (its own dependency group; Linux wheels
only); without it this test is skipped and says so. ``tests/test_fuzz_hostile.py`` checks
the same kinds of input through hypothesis on every run. The long run is
``make fuzz FUZZ_SECONDS=3600``.
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("atheris", reason="atheris (the coverage-guided fuzzer) is not installed; "
                                      "`make fuzz` installs it and runs the long fuzzing budget")

FUZZ = Path(__file__).resolve().parents[1] / "fuzz"
sys.path.insert(0, str(FUZZ))

import hostile  # noqa: E402

RUNS, SECONDS = 3000, 40  # whichever comes first: the suite's run stays under a minute


def test_coverage_guided_fuzzing_finds_no_crash(tmp_path):
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, str(FUZZ / "fuzz_inputs.py"), f"-runs={RUNS}",
                           f"-max_total_time={SECONDS}", "-timeout=20", "-seed=1", f"-artifact_prefix={tmp_path}/"],
                          capture_output=True, text=True, timeout=SECONDS + 120, cwd=tmp_path, env=env,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert re.search(r"Done \d+ runs", proc.stderr)
    assert not list(tmp_path.glob("crash-*")) and not list(tmp_path.glob("timeout-*"))
