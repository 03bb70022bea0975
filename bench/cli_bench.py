"""How long a ``canasta-tutor`` command takes to start and answer: ``python bench/cli_bench.py [--runs N]``.

Each command runs as a fresh process (as a script or a shell calls it); the
command line builds only the options of the command named, so a quick
question never pays for importing the game engine or the puzzle tools.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SPOT = {"variant": "classic", "score": 1600, "hand": "KS KH 7D 7C 2C JK", "melds": ["QS QH QD 2H", "7S 7H 7C"],
        "discard": "5H 9C 3C 7S", "red_threes": "3H", "phase": "drawn"}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=7, help="runs of each command (default 7)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        spot = Path(folder) / "spot.json"
        spot.write_text(json.dumps(SPOT))
        commands = [["--version"], ["rules", "classic"], ["show", str(spot)], ["check", "go-out", str(spot)],
                    ["melds", str(spot)], ["simulate", "--help"], ["puzzles", "themes"]]
        print(f"{'command':28}  {'median ms':>9}  {'min ms':>7}")
        for command in commands:
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "tutor.cli", *command], capture_output=True, check=True,
                               cwd=Path(__file__).resolve().parent.parent)
                times.append((time.perf_counter() - start) * 1000)
            shown = " ".join(c if not c.endswith(".json") else "SPOT" for c in command)
            print(f"{shown:28}  {statistics.median(times):>9.0f}  {min(times):>7.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
