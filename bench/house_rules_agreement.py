"""Do the two deciders agree on random house-rules files? Counts per base variant and question.

    python bench/house_rules_agreement.py                         # 10,000 spots on each of the four bases
    python bench/house_rules_agreement.py --bases albany --count 1500 --seed 21

Each spot is drawn by the test suite's own strategy (``tests/strategies.house_rules_spots``):
a house file over the base with every key a turn's legality reads drawn in its legal range, and
a spot on it. Every contract question but ``score`` is asked of the z3 checker and of the
reference decider; the report counts agreements (apart: files that reshape sets, that is, change
the fewest cards or naturals of a set, its wild-card cap or the wilds-never-outnumber rule),
disagreements (each printed with its spot and file), give-ups and mixes no decider plays.
Exit status 1 if any answer differs.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, given, seed, settings, strategies as st  # noqa: E402

from strategies import HOUSE_BASES, house_rules_spots  # noqa: E402
from tutor.errors import SolverLimitError, TutorError  # noqa: E402
from tutor.questions import ask  # noqa: E402
from tutor.reference import UnsupportedVariant  # noqa: E402
from tutor.rules import load_variant  # noqa: E402

QUESTIONS = ("go-out", "pickup", "initial-meld", "melds")
SHAPE_KEYS = ("min_cards", "min_naturals", "max_wilds", "wilds_at_most_naturals")


def answer(question, spot, decider):
    verdict = ask(question, spot, decider=decider)
    if question == "melds":
        return [(m["kind"], m["cards"], m["to"]) for m in verdict.extra["melds"]]
    return verdict.answer


def reshaped(spot, base_meld: dict) -> bool:
    meld = spot.rules["meld"]
    return any(meld.get(k) != base_meld.get(k) for k in SHAPE_KEYS)


def show(difference) -> None:
    question, z3, ref, spot, text = difference
    print(f"  DIFFER {question}: z3 {str(z3)[:160]} | reference {str(ref)[:160]}\n    {spot}\n    "
          + text.replace("\n", "\n    "), flush=True)


def run_base(base: str, count: int, start: int, files: Path, progress: bool) -> tuple[collections.Counter, list]:
    counts: collections.Counter = collections.Counter()
    differ: list = []
    base_meld = dict(load_variant(base).with_options()["meld"])
    began = time.monotonic()

    @seed(start)
    @settings(max_examples=count, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one(data):
        spot = data.draw(house_rules_spots(files, base, hand=(1, 14), pile=(0, 7)))
        counts["spots"] += 1
        kind = "reshaped" if reshaped(spot, base_meld) else "same shape"
        for question in QUESTIONS:
            try:
                z3, ref = answer(question, spot, "z3"), answer(question, spot, "reference")
            except SolverLimitError:
                counts["gave up"] += 1
                continue
            except UnsupportedVariant:
                counts["no decider plays it"] += 1
                continue
            except (TutorError, AssertionError) as e:  # a decider's own fault (a witness the engine refuses)
                z3, ref = f"error: {e}", "-"
            counts[f"{question} {'agree' if z3 == ref else 'DIFFER'}"] += 1
            counts[f"{kind} {'agree' if z3 == ref else 'DIFFER'}"] += 1
            if z3 != ref:
                differ.append((question, z3, ref, spot.to_json(), Path(spot.variant_name).read_text()))
                show(differ[-1])  # at once: a long run stopped early still tells what it found
        if progress and counts["spots"] % 500 == 0:
            print(f"  {base}: {counts['spots']:,} spots, {len(differ)} differences, "
                  f"{time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)

    one()
    counts["seconds"] = round(time.monotonic() - began)
    return counts, differ


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bases", default=",".join(HOUSE_BASES), help="comma-separated base variants")
    parser.add_argument("--count", type=int, default=10_000, help="spots per base (default 10,000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    files = Path(tempfile.mkdtemp(prefix="house-rules-agreement-"))
    failed = False
    for base in args.bases.split(","):
        counts, differ = run_base(base, args.count, args.seed, files, not args.no_progress)
        print(f"{base}: " + ", ".join(f"{k} {v:,}" for k, v in sorted(counts.items())), flush=True)
        failed = failed or bool(differ)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
