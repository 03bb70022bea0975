"""Run every benchmark in this folder and print its figures.

    python bench/run.py              # all of them
    python bench/run.py checker      # only those whose name contains "checker"

Each benchmark is a plain script that prints its own table; this runner only
runs them one after another so their timings do not disturb each other.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    wanted = argv[1:]
    scripts = sorted(p for p in HERE.glob("*_bench.py") if not wanted or any(w in p.stem for w in wanted))
    if not scripts:
        print(f"no benchmark matches {' '.join(wanted)!r}", file=sys.stderr)
        return 2
    failed = 0
    for script in scripts:
        print(f"== {script.stem} ==", flush=True)
        start = time.perf_counter()
        code = subprocess.call([sys.executable, str(script)], cwd=HERE.parent)
        print(f"({script.stem}: {time.perf_counter() - start:.1f} s, exit {code})\n", flush=True)
        failed += code != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
