"""Fitting the difficulty model's weights: the calibration set's order, the bank's quintiles.

    python bench/grade_fit.py            # the current weights' figures, then the best of the grid

Every calibration puzzle is proved and every bank puzzle's features are read
from its stored proof (``tutor.puzzles.rerate``). For each weighting of the
grid, the thresholds are put at the quintiles of the bank's scores, and the
weighting is kept only if four cuts near the quintiles of the bank's scores
grade the calibration set monotonically in its hand grades (each cut the allowed
score nearest its quintile) and leave every grade at least a tenth of the bank;
among those, the one whose worst per-variant Spearman correlation (hand grade
against score) is highest wins, then the one with the highest correlation over
all calibration puzzles, then the one weighing more kinds of reasoning, then the
one with the most even grades.
"""

from __future__ import annotations

import itertools
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibration_bench import spearman  # noqa: E402

from tutor.puzzles.format import read_lines  # noqa: E402
from tutor.puzzles.grading import THRESHOLDS, WEIGHTS, difficulty, features_of  # noqa: E402
from tutor.puzzles.prove import prove  # noqa: E402
from tutor.puzzles.rerate import stored_proven  # noqa: E402
from tutor.puzzles.verify import bank_files  # noqa: E402
from tutor.resources import bank_dir  # noqa: E402
from tutor.spot import Spot  # noqa: E402

GRID = {
    "candidates": (0.8, 1.0, 1.3),
    "traps": (0.0, 0.15, 0.4),
    "rules": (0.9, 1.2),
    "steps": (0.1, 0.2, 0.3),
    "cards": (0.05, 0.1),
    "queries": (0.0, 0.1),
    "ways": (0.0, 0.3, 0.6),
    "glance": (0.0, 0.5, 1.0, 1.5),
    "depth": (0.0, 0.4, 0.8),
}
MIN_SHARE = 0.1  # every grade holds at least this share of the bank


def calibration() -> list[tuple[str, int, dict]]:
    import json

    rows = []
    for line in (bank_dir() / "calibration.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        spot = Spot.from_dict(d["spot"])
        rows.append((d["spot"]["variant"], d["hand_grade"], features_of(spot, prove(spot, d["question"], d["play"]), d["play"])))
    return rows


def bank() -> list[dict]:
    out = []
    for path in bank_files():
        for line in read_lines(path):
            data = line.data
            out.append(features_of(Spot.from_dict(data["spot"]), stored_proven(data), data["play"]))
    return out


def thresholds(scores: list[float], graded: list[tuple[int, float]]) -> tuple[float, ...] | None:
    """Four cuts, each the allowed score nearest a quintile of the bank's scores: a cut is allowed
    where it puts no calibration puzzle graded harder by hand below one graded easier. None when
    the cuts would leave a grade with less than ``MIN_SHARE`` of the bank."""
    forbidden = [(s2, s1) for h1, s1 in graded for h2, s2 in graded if h1 < h2 and s2 < s1]
    points = sorted({round(s, 2) for s in scores} | {round(s, 2) + 0.005 for _, s in graded})

    def allowed(c: float) -> bool:
        return not any(lo < c <= hi for lo, hi in forbidden)

    cuts: list[float] = []
    for q in statistics.quantiles(scores, n=5):
        options = [c for c in points if allowed(c) and (not cuts or c > cuts[-1])]
        if not options:
            return None
        cuts.append(round(min(options, key=lambda c: abs(c - q)), 3))
    grades = [1 + sum(s >= c for c in cuts) for s in scores]
    if min(grades.count(g) for g in range(1, 6)) < MIN_SHARE * len(scores):
        return None
    return tuple(cuts)


def evaluate(weights: dict, calib, features) -> tuple[bool, dict, tuple]:
    scores = sorted(difficulty(f, weights) for f in features)
    graded = [(v, h, difficulty(f, weights)) for v, h, f in calib]
    cuts = thresholds(scores, [(h, s) for _, h, s in graded])
    rho = {}
    for v in sorted({v for v, _, _ in graded}) + ["all"]:
        rows = [(h, s) for w, h, s in graded if v in ("all", w)]
        if len(rows) >= 3:
            rho[v] = spearman([h for h, _ in rows], [s for _, s in rows])
    return cuts is not None, rho, cuts or ()


def main() -> int:
    calib, features = calibration(), bank()
    fits, rho, cuts = evaluate(WEIGHTS, calib, features)
    print(f"current weights: {'fit' if fits else 'no monotone cuts'}, thresholds {THRESHOLDS} "
          f"(nearest the quintiles: {cuts}), "
          + ", ".join(f"{v} {r:.3f}" for v, r in rho.items()))
    best = None
    keys = list(GRID)
    for values in itertools.product(*(GRID[k] for k in keys)):
        w = dict(zip(keys, values))
        fits, rho, cuts = evaluate(w, calib, features)
        if not fits:
            continue
        # the worst variant's order first, then the whole set's; among fits as good, the one that
        # weighs more of the measured kinds of reasoning, then the one whose grades are most even
        per_variant = [r for v, r in rho.items() if v not in ("all", "house")]
        scores = [difficulty(f, w) for f in features]
        shares = [sum(1 + sum(s >= c for c in cuts) == g for s in scores) for g in range(1, 6)]
        key = (round(min(per_variant), 2), round(rho["all"], 2), sum(x > 0 for x in values),
               -sum(abs(n - len(scores) / 5) for n in shares))
        if best is None or key > best[0]:
            best = (key, w, rho, cuts)
    if best is None:
        print("no weighting of the grid grades the calibration set monotonically")
        return 1
    _, w, rho, cuts = best
    print(f"best: {w}\n  thresholds {cuts}, " + ", ".join(f"{v} {r:.3f}" for v, r in rho.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
