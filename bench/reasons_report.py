"""Do the verdicts teach? Reasons measured on random spots of every variant.

    python bench/reasons_report.py                    # 60 spots per variant, seed 1
    python bench/reasons_report.py --count 200 --seed 3 --variants classic,albany

Spots come from ``tutor.sampling`` (options drawn at random, spot i of a seed
the same in every run). Each spot is asked every question a learner asks of
it: melds, initial-meld (sides not yet down), pickup (from before-draw, the
spot turned to before-draw when it was drawn), go-out, and the referee's
play (a turn built from the hand: a meld of its first three cards and a
discard). Every question but the referee's is asked of both deciders, the
z3 checker and the exhaustive reference decider.

Printed per variant and decider:

* ``yes`` / ``no`` and ``reasoned``: how many answers, and the share whose
  ``reasons`` are not empty (the contract asks it of every no; a yes names
  the rules its witness meets; a yes to ``melds`` is a listing, without
  reasons, and is not counted);
* ``generic first``: the share of no's whose first reason is a sentence that
  names no deciding rule ("no legal turn does this", "no legal turn reaches
  this goal", ...), with the texts found;
* ``contradictions``: reasons whose numbers disagree with the verdict or with
  the spot, each recomputed here from the variant's data alone (the
  first-meld minimum from the score bands, the canastas a table needs from
  its layout and options): a no that says the best reachable meets the need,
  a yes whose first meld counts less than the minimum, and so on;
* ``same deciding rule``: on questions both deciders answer no, the share
  whose first reasons name the same rule ID, with the pairs that differ; and
  where the rule is the same, how often the two sentences state other
  figures for the reach or the need (each decider computes its own).

Progress on standard error, figures on standard output.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from tutor.errors import SolverLimitError, TutorError  # noqa: E402
from tutor.progress import Progress  # noqa: E402
from tutor.questions import ask  # noqa: E402
from tutor.sampling import random_spot  # noqa: E402
from reason_numbers import contradictions, generic  # noqa: E402  (the tests' oracle: tests/reason_numbers.py)

VARIANTS = ("classic", "house", "canasty", "albany")
DECIDED = ("melds", "initial-meld", "pickup", "go-out")
DECIDERS = ("z3", "reference")

# -- the questions --------------------------------------------------------------------------------
def questions(spot):
    """(question, spot, play) for every question worth asking of this spot."""
    out = [("melds", spot, None), ("go-out", spot, None)]
    if not spot.melds:
        out.append(("initial-meld", spot, None))
    if spot.discard:
        out.append(("pickup", spot.replace(phase="before-draw"), None))
    hand = [str(c) for c in spot.hand]
    if len(hand) >= 4:
        play = f"meld {' '.join(hand[:3])}; discard {hand[-1]}"
        if spot.phase == "before-draw" and spot.discard:
            play = f"pickup {' '.join(hand[:2])}; discard {hand[-1]}"
        out.append(("play", spot, play))
    return out


class Tally:
    def __init__(self):
        self.n = Counter()           # (decider, question, yes/no) -> answers
        self.reasoned = Counter()    # the same, with at least one reason
        self.generic = Counter()     # (decider, question) -> no's with a generic first reason
        self.generic_texts = Counter()
        self.contradictions: list[str] = []
        self.gave_up = Counter()
        self.both_no = 0
        self.same_rule = 0
        self.differences = Counter()
        self.other_numbers: list[str] = []  # same deciding rule, other figures in the two sentences
        self.examples = {}


def _figures(text: str) -> tuple:
    """The figures that state a reach or a need: "best you can reach is N", "at most N", "you need N"."""
    found = re.findall(r"(?:reach is|at most|you need|needs) (\d+|none)", text)
    return tuple("0" if f == "none" else f for f in found)


def survey(variant: str, count: int, seed: int, bar: Progress, tally: Tally) -> None:
    for i in range(count):
        spot = random_spot(random.Random(f"{seed}:{variant}:{i}"), variant)
        for question, asked, play in questions(spot):
            firsts = {}
            for decider in (DECIDERS if question in DECIDED else ("z3",)):
                try:
                    v = ask(question, asked, play=play, decider=decider)
                except SolverLimitError:
                    tally.gave_up[decider] += 1
                    continue
                except TutorError:
                    tally.gave_up[decider] += 1  # a table the reference decider does not search
                    continue
                yes = "yes" if v.answer else "no"
                key = (decider, question, yes)
                if not (question == "melds" and v.answer):  # a listing's yes has no reasons, by the contract
                    tally.n[key] += 1
                    tally.reasoned[key] += bool(v.reasons)
                for c in contradictions(asked, v.answer, v.reasons):
                    tally.contradictions.append(f"{decider} {question} #{i}: {c}")
                if not v.answer and v.reasons:
                    first = v.reasons[0]
                    if generic(first.text):
                        tally.generic[(decider, question)] += 1
                        tally.generic_texts[(decider, re.sub(r": you hold .*| from .*", "", first.text))] += 1
                    firsts[decider] = first
            if len(firsts) == 2:
                tally.both_no += 1
                a, b = firsts["z3"].rule, firsts["reference"].rule
                if a == b:
                    tally.same_rule += 1
                    if _figures(firsts["z3"].text) != _figures(firsts["reference"].text):
                        tally.other_numbers.append(f"{question} #{i}: z3 {firsts['z3'].text} / reference "
                                                   f"{firsts['reference'].text}")
                else:
                    tally.differences[(question, a, b)] += 1
                    tally.examples.setdefault((question, a, b), (i, firsts["z3"].text, firsts["reference"].text))
        bar.update(i + 1)


def pct(part: int, whole: int) -> str:
    return "   -  " if not whole else f"{100 * part / whole:5.1f}%"


def report(variant: str, tally: Tally, seconds: float) -> None:
    print(f"\n## {variant} ({seconds:.0f} s)")
    print(f"{'decider':<10} {'question':<13} {'yes':>5} {'reasoned':>8} {'no':>5} {'reasoned':>8} {'generic first':>13}")
    for decider in DECIDERS:
        for q in (*DECIDED, "play"):
            yes, no = tally.n[(decider, q, "yes")], tally.n[(decider, q, "no")]
            if not yes and not no:
                continue
            print(f"{decider:<10} {q:<13} {yes:>5} {pct(tally.reasoned[(decider, q, 'yes')], yes):>8} {no:>5} "
                  f"{pct(tally.reasoned[(decider, q, 'no')], no):>8} {pct(tally.generic[(decider, q)], no):>13}")
        yes = sum(n for (d, _, a), n in tally.n.items() if d == decider and a == "yes")
        no = sum(n for (d, _, a), n in tally.n.items() if d == decider and a == "no")
        ry = sum(n for (d, _, a), n in tally.reasoned.items() if d == decider and a == "yes")
        rn = sum(n for (d, _, a), n in tally.reasoned.items() if d == decider and a == "no")
        gen = sum(n for (d, _), n in tally.generic.items() if d == decider)
        print(f"{decider:<10} {'all':<13} {yes:>5} {pct(ry, yes):>8} {no:>5} {pct(rn, no):>8} {pct(gen, no):>13}"
              f"   gave up {tally.gave_up[decider]}")
    for (decider, text), n in tally.generic_texts.most_common():
        print(f"  generic ({decider}) x{n}: {text}")
    print(f"contradictions: {len(tally.contradictions)}")
    for c in tally.contradictions[:8]:
        print(f"  {c[:300]}")
    print(f"same deciding rule on both no's: {tally.same_rule}/{tally.both_no} {pct(tally.same_rule, tally.both_no)}")
    print(f"same rule, other figures (reach, need): {len(tally.other_numbers)}")
    for line in tally.other_numbers[:5]:
        print(f"  {line[:300]}")
    for (q, a, b), n in tally.differences.most_common():
        i, ta, tb = tally.examples[(q, a, b)]
        print(f"  x{n} {q}: z3 {a} / reference {b}  (spot #{i})\n      z3: {ta[:160]}\n      reference: {tb[:160]}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--count", type=int, default=60, help="random spots per variant (default 60)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variants", default=",".join(VARIANTS))
    args = p.parse_args(argv)
    print(f"reasons report: {args.count} spots per variant, seed {args.seed}")
    for variant in args.variants.split(","):
        tally, began = Tally(), time.perf_counter()
        survey(variant, args.count, args.seed, Progress(args.count, f"{variant} spots"), tally)
        report(variant, tally, time.perf_counter() - began)
    return 0


if __name__ == "__main__":
    sys.exit(main())
