"""How the difficulty model orders the hand-graded calibration puzzles: a rank correlation per variant.

    python bench/calibration_bench.py

Every puzzle of ``puzzles/calibration.jsonl`` carries the grade a person gave
it; each is proved, its difficulty score computed as the generator computes
it, and Spearman's rank correlation between the two is printed, for every
variant with three or more such puzzles and for all of them together.
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.puzzles.grading import difficulty, features_of, grade_of  # noqa: E402
from tutor.puzzles.prove import prove  # noqa: E402
from tutor.resources import bank_dir  # noqa: E402
from tutor.spot import Spot  # noqa: E402


def ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    spread = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return cov / spread if spread else float("nan")


def calibration_rows() -> dict[str, list[tuple[int, float, int]]]:
    """``(hand grade, difficulty score, computed grade)`` of every calibration puzzle, by variant and "all"."""
    rows = defaultdict(list)
    for line in (bank_dir() / "calibration.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        spot = Spot.from_dict(d["spot"])
        proven = prove(spot, d["question"], d["play"])
        features = features_of(spot, proven, d["play"])
        row = (d["hand_grade"], difficulty(features), grade_of(features))
        rows[d["spot"]["variant"]].append(row)
        rows["all"].append(row)
    return rows


def main() -> int:
    rows = calibration_rows()
    print(f"{'variant':<9} {'puzzles':>7} {'spearman':>9}  (hand grade against the difficulty score)")
    for variant, found in sorted(rows.items(), key=lambda kv: (kv[0] == "all", kv[0])):
        rho = spearman([h for h, _, _ in found], [s for _, s, _ in found]) if len(found) >= 3 else float("nan")
        print(f"{variant:<9} {len(found):>7} {rho:>9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
