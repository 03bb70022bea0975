"""What the shipped puzzle bank holds, variant by variant, against its quality goals.

    python bench/bank_report.py                 # every collection, and the calibration set's order
    python bench/bank_report.py --no-calibration

For each variant: how many puzzles; how many carry each theme its rules can raise
(a theme under ``THEME_GOAL`` is marked); yes and no within each question; the
spread of the puzzles' starting ratings (least, quartiles, greatest) and how many
fall in each grade's band; and Spearman's rank correlation between the hand
grades of the calibration puzzles of that variant and the difficulty score
(proved afresh, as ``calibration_bench.py`` does).
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibration_bench import calibration_rows, spearman  # noqa: E402

from tutor.puzzles.format import read_file  # noqa: E402
from tutor.puzzles.grading import themes_for  # noqa: E402
from tutor.puzzles.rating import GRADE_BANDS, band_of  # noqa: E402
from tutor.puzzles.verify import bank_files  # noqa: E402
from tutor.rules import rules_for  # noqa: E402

COUNT_GOAL = 150  # puzzles per variant
THEME_GOAL = 10   # puzzles per theme and variant


def quartiles(values: list[float]) -> tuple[float, float, float, float, float]:
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return min(values), q1, q2, q3, max(values)


def report(calibration: bool = True) -> list[str]:
    out: list[str] = []
    rho = {}
    if calibration:
        rows = calibration_rows()
        rho = {v: spearman([h for h, *_ in r], [s for _, s, *_ in r]) for v, r in rows.items() if len(r) >= 3}
    for path in bank_files():
        puzzles = read_file(path)
        variant = path.stem
        rules = rules_for(variant, {})
        mark = "" if len(puzzles) >= COUNT_GOAL else f"  (goal {COUNT_GOAL})"
        out.append(f"== {variant}: {len(puzzles)} puzzles{mark}")
        themes = collections.Counter(t for p in puzzles for t in p.themes)
        reachable = themes_for(rules)
        short = [t for t in reachable if themes[t] < THEME_GOAL]
        out.append("  themes: " + ", ".join(f"{t} {themes[t]}" + ("*" if t in short else "") for t in reachable))
        out.append(f"  themes under {THEME_GOAL} (*): {len(short)}" + (f" ({', '.join(short)})" if short else ""))
        kinds = collections.Counter((p.question, p.answer) for p in puzzles)
        out.append("  yes/no: " + ", ".join(f"{q} {kinds[q, True]}/{kinds[q, False]}"
                                            for q in sorted({q for q, _ in kinds})))
        ratings = [p.rating for p in puzzles if p.rating is not None]
        if ratings:
            lo, q1, q2, q3, hi = quartiles(ratings)
            bands = collections.Counter(band_of(r) for r in ratings)
            out.append(f"  rating: min {lo:.0f}  q1 {q1:.0f}  median {q2:.0f}  q3 {q3:.0f}  max {hi:.0f}"
                       f"  (stdev {statistics.pstdev(ratings):.0f})")
            out.append("  grade bands (" + " / ".join(f"{b:.0f}" for b in GRADE_BANDS) + "): "
                       + "  ".join(f"{g}:{bands[g]}" for g in range(1, len(GRADE_BANDS) + 2)))
        grades = collections.Counter(p.grade for p in puzzles)
        out.append("  grades: " + "  ".join(f"{g}:{grades[g]}" for g in range(1, 6)))
        if calibration:
            n = len(rows.get(variant, []))
            value = f"{rho[variant]:.3f}" if variant in rho else "n/a"
            out.append(f"  calibration: {n} hand-graded puzzles, spearman {value}")
    if calibration:
        out.append(f"== all calibration puzzles: {len(rows.get('all', []))}, spearman {rho.get('all', float('nan')):.3f}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-calibration", action="store_true", help="skip proving the calibration set")
    args = parser.parse_args()
    print("\n".join(report(not args.no_calibration)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
