"""Absurd but well-formed spots: every question answers or gives up within its limit.

    python bench/absurd_bench.py                  # every variant
    python bench/absurd_bench.py albany --json    # one variant, one JSON line a question

The spots are ``tutor.sampling.absurd_spots``: a 100-card hand (drawn and
before the draw), a 150-card pile where the pack allows, the whole pack in
play. Each contract question (melds, go-out, pickup, initial-meld) is asked
in-process with the default resource limit; the answer is yes, no or "gave
up" (exit 3 on the command line). Prints the seconds each took and the
process's peak memory. Budgets: 5 s a question, 1 GB of memory; exit
status 1 when one is broken.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.errors import SolverLimitError  # noqa: E402
from tutor.questions import ask  # noqa: E402
from tutor.rules import BUILTIN  # noqa: E402
from tutor.sampling import absurd_spots  # noqa: E402

QUESTIONS = ("melds", "go-out", "pickup", "initial-meld")
SECONDS_BUDGET = 5.0
MEMORY_BUDGET_MB = 1024


def peak_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def run(variant: str):
    """One row per (spot, question): name, question, outcome, seconds."""
    for name, spot in absurd_spots(variant).items():
        for question in QUESTIONS:
            start = time.perf_counter()
            try:
                outcome = "yes" if ask(question, spot).answer else "no"
            except SolverLimitError:
                outcome = "gave up"
            yield name, question, outcome, time.perf_counter() - start


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variants", nargs="*", default=list(BUILTIN), help="variants to run (default: all four)")
    p.add_argument("--json", action="store_true", help="one JSON object a question instead of the table")
    args = p.parse_args(argv)
    worst = 0.0
    for variant in args.variants:
        for name, question, outcome, seconds in run(variant):
            worst = max(worst, seconds)
            if args.json:
                print(json.dumps({"variant": variant, "spot": name, "question": question, "outcome": outcome,
                                  "seconds": round(seconds, 3), "peak_mb": peak_mb()}), flush=True)
            else:
                print(f"{variant:8} {name:30} {question:13} {outcome:8} {seconds:6.2f} s", flush=True)
    peak = peak_mb()
    if not args.json:
        print(f"slowest {worst:.2f} s (budget {SECONDS_BUDGET:.0f} s); peak memory {peak} MB (budget {MEMORY_BUDGET_MB} MB)")
    return 1 if worst > SECONDS_BUDGET or peak > MEMORY_BUDGET_MB else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
