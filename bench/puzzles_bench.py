"""How fast doubly proved puzzles are made.

    python bench/puzzles_bench.py                 # 100 classic puzzles, then 30 of each other variant
    python bench/puzzles_bench.py --count 40      # 40 classic puzzles
    python bench/puzzles_bench.py --workers 1

Every puzzle is proved by both deciders (the z3 checker and the exhaustive
reference), its witness replayed, and its ways counted; candidates that are
dropped (trivial, unbalanced, or a recipe that could not build) count in
the time too. The target is 100 classic puzzles in at most 60 seconds on a
two-core machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.errors import TutorError  # noqa: E402
from tutor.puzzles.generate import generate_report  # noqa: E402

TARGET_SECONDS = 60.0
OTHERS = ("house", "canasty", "albany")


def run(variant: str, count: int, workers: int, seed: int) -> dict:
    start = time.perf_counter()
    try:
        report = generate_report(variant, count, seed=seed, workers=workers, progress=False)
    except TutorError as e:
        return {"variant": variant, "error": str(e)}
    seconds = time.perf_counter() - start  # includes starting the worker processes
    made = len(report.puzzles)
    failed = sum(n for why, n in report.dropped.items() if why.startswith("a decider failed"))
    return {"variant": variant, "puzzles": made, "tried": report.tried, "seconds": seconds,
            "per_second": made / seconds if seconds else 0.0, "candidates_per_second": report.tried / seconds,
            "yes": sum(p.answer for p in report.puzzles), "failed": failed,
            "disagreements": sum(1 for d in report.disagreements if "disagree" in d["problem"].lower())}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=100, help="classic puzzles to generate (default 100)")
    p.add_argument("--others", type=int, default=30, help="puzzles for each other variant (default 30; 0 skips)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=2024)
    args = p.parse_args(argv[1:])
    print(f"cores: {os.cpu_count()}, workers: {args.workers}, seed {args.seed}")
    rows = [run("classic", args.count, args.workers, args.seed)]
    if args.others:
        rows += [run(v, args.others, args.workers, args.seed) for v in OTHERS]
    print(f"{'variant':<9} {'puzzles':>7} {'yes':>4} {'tried':>6} {'seconds':>8} {'puzzles/s':>10} {'cand/s':>8}")
    for r in rows:
        if "error" in r:
            print(f"{r['variant']:<9} cannot generate: {r['error']}")
            continue
        note = ""
        if r["puzzles"] == 0 and r["failed"]:
            note = f"  (the deciders cannot answer {r['variant']} yet: {r['failed']} candidates failed)"
        print(f"{r['variant']:<9} {r['puzzles']:>7} {r['yes']:>4} {r['tried']:>6} {r['seconds']:>8.1f} "
              f"{r['per_second']:>10.2f} {r['candidates_per_second']:>8.1f}{note}")
    first = rows[0]
    if "error" in first or first["puzzles"] < args.count:
        print(f"classic: only {first.get('puzzles', 0)} of {args.count} puzzles")
        return 1
    scaled = first["seconds"] * 100 / args.count
    verdict = "within" if scaled <= TARGET_SECONDS else "OVER"
    print(f"100 classic puzzles, doubly proved: {scaled:.1f} s ({verdict} the {TARGET_SECONDS:.0f} s target)")
    return 0 if scaled <= TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
