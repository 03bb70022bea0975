"""A bounded run of the coverage-guided fuzzer over every input a user can give."""

import subprocess
import sys
from pathlib import Path

import pytest

FUZZER = Path(__file__).resolve().parents[1] / "fuzz" / "fuzz_inputs.py"


@pytest.mark.slow
def test_coverage_guided_fuzzing_finds_no_crash(tmp_path):
    proc = subprocess.run([sys.executable, str(FUZZER), "-runs=20000", "-seed=1", f"-artifact_prefix={tmp_path}/"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Done 20000 runs" in proc.stderr
    assert not list(tmp_path.glob("crash-*"))
