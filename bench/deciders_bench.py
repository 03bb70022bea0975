"""The two deciders side by side, and the batch command's throughput.

    python bench/deciders_bench.py              # 150 spots per variant
    python bench/deciders_bench.py --spots 40

For each contract question and variant, the same seeded spots are asked of
the z3 checker and of the exhaustive reference decider (``tutor.questions.ask``,
in-process); prints median / p95 / p99 in milliseconds for each. Then writes
1,000 mixed questions to a file and times ``canasta-tutor check --batch`` on
it end to end (wall clock, start-up included).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.questions import ask  # noqa: E402
from tutor.sampling import random_spot  # noqa: E402

VARIANTS = ("classic", "house", "canasty")
QUESTIONS = ("go-out", "pickup", "initial-meld", "melds")


def _pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def side_by_side(count: int, seed: int) -> None:
    print(f"{'question':<13} {'variant':<8} {'z3 median':>10} {'p95':>7} {'p99':>7} {'ref median':>11} {'p95':>7} {'p99':>7}")
    for variant in VARIANTS:
        rng = random.Random(f"{seed}/{variant}")
        spots = [random_spot(rng, variant, hand_size=(15, 15)) for _ in range(count)]
        for question in QUESTIONS:
            times = {"z3": [], "reference": []}
            for spot in spots:
                for decider in times:
                    start = time.perf_counter()
                    ask(question, spot, decider=decider)
                    times[decider].append((time.perf_counter() - start) * 1000)
            z, r = times["z3"], times["reference"]
            print(f"{question:<13} {variant:<8} {statistics.median(z):>10.2f} {_pct(z, 95):>7.2f} {_pct(z, 99):>7.2f} "
                  f"{statistics.median(r):>11.2f} {_pct(r, 95):>7.2f} {_pct(r, 99):>7.2f}")


def batch_throughput(lines: int, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for i in range(lines):
            spot = random_spot(rng, rng.choice(VARIANTS), hand_size=(8, 15))
            f.write(json.dumps({"question": rng.choice(QUESTIONS + ("score",)), "spot": spot.to_dict()}) + "\n")
        path = f.name
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "tutor.cli", "check", "--batch", path], capture_output=True,
                          text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    answered = sum(1 for line in proc.stdout.splitlines() if line.strip())
    print(f"\ncheck --batch: {answered} answers to {lines} mixed questions in {wall:.1f} s wall "
          f"({answered / wall:.0f} per second, start-up included; exit {proc.returncode})")


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--spots", type=int, default=150)
    p.add_argument("--batch", type=int, default=1000)
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args()
    side_by_side(args.spots, args.seed)
    batch_throughput(args.batch, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
