"""How long, and in how much memory, the heaviest spots take to end: a verdict or a give-up.

    python bench/search_budget_bench.py

Each attack is a spot (some on a house-rules file with an absurd pack) asked through the
command line in a process of its own; the figures are that process's exit status, wall
and CPU time and peak memory. Exit 3 is "gave up within its resource limit" (the search
budget of ``tutor/search_budget.py``), 2 a spot refused as impossible.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ALL_WILDS = ["JK"] * 6 + ["2S", "2H", "2D", "2C"] * 3


def attacks(folder: Path) -> list[tuple[str, list[str], dict]]:
    big_albany = folder / "albany-1000-decks.toml"
    big_albany.write_text('extends = "albany"\n[pack]\ndecks = 1000\n')
    four = folder / "albany-4-decks.toml"
    four.write_text('extends = "albany"\n[pack]\ndecks = 4\n')
    table48 = [f"{a}{s} {b}{s} {c}{s}" for s in "SHDC" for a, b, c in ("456", "789", "TJQ") for _ in range(4)]
    big_house = folder / "house-20-decks.toml"
    big_house.write_text('extends = "house"\n[[layouts]]\nplayers = 4\npartnerships = 2\nhand = 11\ndecks = 20\n'
                         'canastas = 1\n')
    heavy = {"variant": "albany", "phase": "drawn",
             "hand": " ".join([f"{r}{s}" for s in "SH" for r in "789TJQKA"] * 2 + ALL_WILDS[:14]),
             "melds": [f"4{s} 5{s} 6{s}" for s in "SHDC" for _ in range(2)]}
    sixty = [f"{r}{s}" for s in "SHDC" for r in "456789TJQKA"] + ALL_WILDS
    hundreds = [f"{r}{s}" for s in "SHDC" for r in "AKQJT987654"] * 4 + ["JK"] * 30 + ["2S", "2H", "2D", "2C"] * 15
    return [
        ("990 sequences, 1,000-deck albany file: go-out, reference", ["check", "go-out", "--decider", "reference"],
         {"variant": str(big_albany), "hand": "4S 5S 6S 7S 8S 2C 2D JK JK 9H 9D", "melds": ["4S 5S 6S"] * 990}),
        ("48 sequences, 4-deck albany file, 24 wilds: go-out, reference",
         ["check", "go-out", "--decider", "reference"],
         {"variant": str(four), "hand": " ".join(["KS", "KH", "AS", "AH"] * 4 + ["JK"] * 8 + ["2S", "2H", "2D", "2C"] * 4),
          "melds": table48}),
        ("46 albany cards, 14 wilds, 8 sequences down: go-out, reference",
         ["check", "go-out", "--decider", "reference"], heavy),
        ("the same before the draw: melds, reference", ["melds", "--decider", "reference"],
         dict(heavy, phase="before-draw", discard="9D 9C 8D")),
        ("62 albany cards: melds, z3", ["melds"], {"variant": "albany", "hand": " ".join(sixty[:62])}),
        ("266 cards, 20-deck house file: melds, z3", ["melds"], {"variant": str(big_house), "hand": " ".join(hundreds)}),
    ]


def run(argv: list[str], spot: dict, folder: Path) -> tuple[int, float, float, float, str]:
    split = argv.index("--decider") if "--decider" in argv else len(argv)
    question, options = argv[:split], argv[split:]
    path = folder / "spot.json"
    path.write_text(json.dumps(spot))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", *question, str(path), "--json", *options],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().strip().splitlines()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, (err[-1] if err else "")


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="canasta-budget-"))
    print(f"{'attack':<64}{'exit':>5}{'wall s':>8}{'cpu s':>7}{'peak MB':>9}  message")
    for name, argv, spot in attacks(folder):
        code, wall, cpu, peak, message = run(argv, spot, folder)
        print(f"{name:<64}{code:>5}{wall:>8.1f}{cpu:>7.1f}{peak:>9.0f}  {message[:110]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
