"""Timing of the z3 checker on a seeded corpus of realistic spots, in-process.

    python bench/checker_bench.py                 # 300 spots per variant, seed 2024
    python bench/checker_bench.py --spots 50 --seed 7

Spots are dealt from each variant's shuffled pack with ``random.Random(seed)``
(``tutor.sampling``): 15-card hands, piles of 0 to 30 cards, some legal melds
on the table, scores across every first-meld band, both phases.

Albany (three packs, a fanned pile taken from any depth) is timed on go-out,
pickup and initial-meld, with one row per phase: from ``drawn`` the hand as it is,
from ``before-draw`` every legal pick-up, deep ones included (A-DRAW), may
start the turn, so up to 45 cards may be held. ``gave up`` is the share of
calls that reached the resource limit (``SolverLimitError``, exit status 3);
``best open`` the share of first melds found before the limit ran out on the
search for a better one (a yes whose witness is not proven the best).

Go-out is timed as the whole question (``tutor.questions.ask``): in albany
it also tries each move on the table a turn may start with (A-COMBINE), and
its witness is re-checked by the rules engine; so is albany's pickup (every
spot turned to before-draw), which tries the moves after the pick-up. The other questions are put
to ``tutor.checker.find`` with the goal each uses, and every call is one
sample: pickup (from before-draw, or with the spot turned to before-draw when
it was drawn), initial-meld (sides that have not melded: from drawn the hand,
from before-draw the pile and the unknown stock card, two calls); melds is one
``legal_choices`` call. Prints the median, p95 and p99 of wall-clock time in
milliseconds per question and variant, and the median and p99 of the
thread's CPU time, which stay steadier on a busy machine.

Then, in the same run, each question is asked whole (``tutor.questions.ask``)
of both deciders on the same spots: the z3 checker's median and p99 beside
the reference decider's, and how many questions each gave up on (the z3
checker at its resource limit, the reference where it does not search the
table's rules or its search is cut off). ``--no-reference`` leaves it out.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.checker import Found, find, legal_choices  # noqa: E402
from tutor.errors import SolverLimitError, TutorError  # noqa: E402
from tutor.goals import ANY, NONE, Goal  # noqa: E402
from tutor.questions import ask  # noqa: E402
from tutor.sampling import random_spot  # noqa: E402

VARIANTS = ("classic", "house", "canasty", "albany")
QUESTIONS = ("go-out", "pickup", "initial-meld", "melds")
#: albany's rows: go-out and initial-meld, once per phase
ALBANY = (("go-out", "drawn"), ("go-out", "before-draw"), ("pickup", None), ("initial-meld", "drawn"),
          ("initial-meld", "before-draw"))


def corpus(seed: int, variant: str, count: int):
    rng = random.Random(f"{seed}/{variant}")
    return [random_spot(rng, variant, hand_size=(15, 15), pile_size=(0, 30)) for _ in range(count)]


def calls(question: str, spot):
    """The checker calls a question makes about this spot: (spot, goal) pairs, or None for melds."""
    if question == "pickup":
        return [(spot.replace(phase="before-draw"), Goal(pickup=ANY, take_pile=True))] if spot.discard else []
    if question == "initial-meld":
        if spot.down:
            return []
        if spot.phase == "drawn":
            return [(spot, Goal(pickup=NONE, must_meld=True, best=True))]
        out = [(spot, Goal(pickup=NONE, must_meld=True, best=True, unknown_draw=True))]
        if spot.discard:
            out.insert(0, (spot, Goal(pickup=ANY, take_pile=True, must_meld=True, best=True)))
        return out
    return None


def percentile(sorted_ms: list[float], p: float) -> float:
    if not sorted_ms:
        return float("nan")
    return sorted_ms[min(len(sorted_ms) - 1, max(0, round(p / 100 * (len(sorted_ms) - 1))))]


def timed(fn):
    """The answer and the call's wall-clock and CPU milliseconds; a ``SolverLimitError`` carries them too."""
    start, start_cpu = time.perf_counter(), time.thread_time()
    try:
        answer = fn()
    except SolverLimitError as e:
        e.args = (e.args[0] if e.args else "", (time.perf_counter() - start) * 1000,
                  (time.thread_time() - start_cpu) * 1000)
        raise
    return answer, (time.perf_counter() - start) * 1000, (time.thread_time() - start_cpu) * 1000


def row(question: str, variant: str, spots, label: str | None = None) -> None:
    wall, cpu, yes, gave_up, open_best = [], [], 0, 0, 0
    for spot in spots:
        if question == "go-out" or (question == "pickup" and variant == "albany"):
            if question == "pickup":
                spot = spot.replace(phase="before-draw")
            if spot.phase == "before-draw" and not spot.discard:
                continue
            try:  # the whole question: in albany it also tries moves on the table (A-COMBINE)
                verdict, ms, cpu_ms = timed(lambda: ask(question, spot))
            except SolverLimitError as e:
                verdict, ms, cpu_ms = None, *e.args[1:]
                gave_up += 1
            wall.append(ms), cpu.append(cpu_ms)
            yes += bool(verdict and verdict.answer)
            continue
        if question == "melds":
            answer, ms, cpu_ms = timed(lambda: legal_choices(spot, unknown_draw=spot.phase == "before-draw"))
            wall.append(ms), cpu.append(cpu_ms)
            yes += bool(answer)
            continue
        for played, goal in calls(question, spot):
            try:
                answer, ms, cpu_ms = timed(lambda: find(played, goal))
            except SolverLimitError as e:
                answer, ms, cpu_ms = None, *e.args[1:]
                gave_up += 1
            wall.append(ms), cpu.append(cpu_ms)
            yes += isinstance(answer, Found)
            open_best += isinstance(answer, Found) and not answer.best_proven
    if not wall:
        return
    wall.sort()
    cpu.sort()
    print(f"{label or question:<26} {variant:<8} {len(wall):>5} {yes:>5} {statistics.median(wall):>8.2f} "
          f"{percentile(wall, 95):>8.2f} {percentile(wall, 99):>8.2f} {wall[-1]:>8.2f} "
          f"{statistics.median(cpu):>8.2f} {percentile(cpu, 99):>8.2f} {100 * gave_up / len(wall):>7.1f}% {100 * open_best / len(wall):>8.1f}%",
          flush=True)


def _asked(question: str, spot, decider: str):
    """Wall-clock ms of the whole question, or None when the decider gave up on it."""
    start = time.perf_counter()
    try:
        ask(question, spot, decider=decider)
    except (SolverLimitError, TutorError):
        return None
    return (time.perf_counter() - start) * 1000


def beside(question: str, variant: str, spots) -> None:
    """The question asked of both deciders on the same spots: median, p99 and give-ups of each."""
    times: dict[str, list[float]] = {"z3": [], "reference": []}
    gave_up = {"z3": 0, "reference": 0}
    for spot in spots:
        if question == "pickup":
            spot = spot.replace(phase="before-draw")
            if not spot.discard:
                continue
        for decider in times:
            ms = _asked(question, spot, decider)
            if ms is None:
                gave_up[decider] += 1
            else:
                times[decider].append(ms)
    cells = []
    for decider in ("z3", "reference"):
        got = sorted(times[decider])
        med = statistics.median(got) if got else float("nan")
        cells.append(f"{med:>8.2f} {percentile(got, 99):>8.2f} {gave_up[decider]:>7}")
    print(f"{question:<14} {variant:<8} {len(spots):>5}  " + "   ".join(cells), flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spots", type=int, default=300, help="spots per variant")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated, default all four")
    parser.add_argument("--no-reference", action="store_true", help="leave out the z3-beside-reference table")
    args = parser.parse_args(argv)
    print(f"{'question':<26} {'variant':<8} {'calls':>5} {'yes':>5} {'median':>8} {'p95':>8} {'p99':>8} "
          f"{'max':>8} {'cpu med':>8} {'cpu p99':>8} {'gave up':>8} {'best open':>9}  (ms)")
    for variant in args.variants.split(","):
        spots = corpus(args.seed, variant, args.spots)
        find(spots[0], Goal(go_out=True))  # load z3 and the rules before timing
        if variant == "albany":
            for question, phase in ALBANY:
                row(question, variant, [s for s in spots if phase in (None, s.phase)],
                    f"{question} ({phase})" if phase else question)
            continue
        for question in QUESTIONS:
            row(question, variant, spots)
    if args.no_reference:
        return 0
    print(f"\n{'question':<14} {'variant':<8} {'spots':>5}  {'z3 med':>8} {'z3 p99':>8} {'gave up':>7}   "
          f"{'ref med':>8} {'ref p99':>8} {'gave up':>7}  (ms, whole questions)")
    for variant in args.variants.split(","):
        spots = corpus(args.seed, variant, args.spots)
        for question in QUESTIONS:
            beside(question, variant, spots)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
