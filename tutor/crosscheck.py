"""The big cross-check: the z3 checker and the reference decider on random spots.

    canasta-tutor crosscheck --variant classic --count 100000 --seed 1
    canasta-tutor crosscheck --variant ours.toml --count 1000

Every question of the contract (except the referee's and the score, which
have one implementation by design) is asked of both deciders; any answer
that differs is a disagreement, printed with its spot, and so is a decider
that fails (a ``CheckerBug``, or any other error); the run goes on past
both. Spots come from ``tutor.sampling`` and are deterministic for a seed:
spot i of a seed is the same in every run, so a long check splits into
slices (``--start``), and one stopped by Ctrl-C reports the spots it
finished and where to resume. ``--table-moves`` keeps only the spots where
albany's moves on the table (A-COMBINE) reach another table, the ones
where go-out (and from before-draw, pickup) asks the deciders more than
once.
"""

from __future__ import annotations

import json
import random
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from .errors import SolverLimitError, TutorError, internal_error
from .pickup_moves import table_moves_for
from .progress import Progress
from .questions import ask
from .rules import BUILTIN
from .sampling import random_spot

QUESTIONS = ("go-out", "pickup", "initial-meld", "melds")


@dataclass
class Tally:
    spots: int = 0
    comparisons: int = 0
    gave_up: int = 0
    passed_over: int = 0  # spots drawn and not asked (``--table-moves``)
    disagreements: list = field(default_factory=list)
    bugs: list = field(default_factory=list)
    interrupted: bool = False

    def add(self, other: "Tally") -> None:
        self.spots += other.spots
        self.comparisons += other.comparisons
        self.gave_up += other.gave_up
        self.passed_over += other.passed_over
        self.disagreements += other.disagreements
        self.bugs += other.bugs


def _answer(question, spot, decider):
    verdict = ask(question, spot, decider=decider)
    if question == "melds":
        return [m["cards"] + (f" to {m['to']}" if m["to"] else "") for m in verdict.extra["melds"]]
    return verdict.answer


def check_range(variant: str | None, seed: int, start: int, stop: int, questions=QUESTIONS,
                table_moves: bool = False) -> Tally:
    tally = Tally()
    for i in range(start, stop):
        rng = random.Random(f"{seed}:{variant}:{i}")
        spot = random_spot(rng, variant)
        if table_moves and not _moves_reach_another_table(spot):
            tally.passed_over += 1
            continue
        tally.spots += 1
        for q in questions:
            try:
                a, b = _answer(q, spot, "z3"), _answer(q, spot, "reference")
            except SolverLimitError:
                tally.gave_up += 1
                continue
            except Exception as e:  # a decider's bug (``CheckerBug`` or a crash): recorded with its spot
                tally.bugs.append({"question": q, "error": internal_error(e), "spot": spot.to_dict(), "index": i})
                continue
            tally.comparisons += 1
            if a != b:
                tally.disagreements.append({"question": q, "z3": a, "reference": b, "spot": spot.to_dict(), "index": i})
    return tally


def _moves_reach_another_table(spot) -> bool:
    try:
        return bool(table_moves_for(spot))
    except SolverLimitError:
        return True  # too many to search: go-out gives up on it, which the tally counts


def _leave_interrupts_to_the_parent() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def crosscheck(variant: str | None, count: int, seed: int = 0, workers: int = 2, questions=QUESTIONS,
               progress=None, start: int = 0, table_moves: bool = False) -> Tally:
    """Compare the deciders on ``count`` spots from index ``start``; ``progress(done, total)`` is called
    as chunks finish. Interrupted (Ctrl-C), it returns what it has: the first ``spots`` of its range,
    with ``interrupted`` set."""
    chunk = max(1, min(200, count // (workers * 4) or 1))
    ranges = [(s, min(start + count, s + chunk)) for s in range(start, start + count, chunk)]
    total = Tally()

    def take(part: Tally) -> None:
        total.add(part)
        if progress:
            progress(total.spots + total.passed_over, count)

    if workers <= 1:
        try:
            for first, stop in ranges:
                take(check_range(variant, seed, first, stop, questions, table_moves))
        except KeyboardInterrupt:
            total.interrupted = True
        return total
    pool = ProcessPoolExecutor(workers, initializer=_leave_interrupts_to_the_parent)
    try:
        futures = [pool.submit(check_range, variant, seed, a, b, questions, table_moves) for a, b in ranges]
        for f in futures:
            take(f.result())
    except KeyboardInterrupt:
        total.interrupted = True
        # the chunks under way are dropped: the report covers a prefix of the range, so it can be resumed
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return total


EXAMPLES = """examples:
  canasta-tutor crosscheck --variant classic --count 1000 --seed 1
  canasta-tutor crosscheck --count 200 --questions go-out,pickup --json
  canasta-tutor crosscheck --variant albany --table-moves --count 500 --start 500
  canasta-tutor crosscheck --variant ours.toml --count 100 --no-progress

Exit status: 0 the deciders agree, 1 a disagreement or an internal error was found,
2 invalid input, 130 interrupted (the report says where to resume)."""


def add_arguments(p) -> None:
    from .arguments import add_progress, add_variant, add_workers, positive_int

    add_variant(p, default="all", extra=", or all (default)")
    p.add_argument("--count", type=positive_int, default=1000, help="random spots per variant (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="which random spots (default 0)")
    p.add_argument("--start", type=int, default=0,
                   help="index of the first spot (spot i of a seed is the same in every run, so a long check "
                        "can be split into slices or resumed)")
    add_workers(p, "processes, one per core")
    p.add_argument("--questions", default=",".join(QUESTIONS), help="comma-separated subset of " + ",".join(QUESTIONS))
    p.add_argument("--table-moves", action="store_true",
                   help="only the spots where albany's moves on the table (A-COMBINE) reach another table "
                        "(--count still counts every spot drawn)")
    p.add_argument("--json", action="store_true", help="one JSON object per run on standard output")
    add_progress(p)


def run(args) -> int:
    from .arguments import show_progress
    from .rules import load_variant

    variants = BUILTIN if args.variant == "all" else (args.variant,)
    for v in variants:
        load_variant(v)  # an unknown variant or a bad house-rules file is refused before any work
    questions = tuple(q for q in args.questions.split(",") if q)
    bad = [q for q in questions if q not in QUESTIONS]
    if bad or not questions:
        raise TutorError(f"--questions takes a comma-separated subset of {','.join(QUESTIONS)}"
                         + (f", not {bad[0]!r}" if bad else ""))
    if args.start < 0:
        raise TutorError(f"--start must be at least 0, not {args.start}")
    shown = show_progress(args)
    report = {}
    failed = interrupted = False
    for v in variants:
        began = time.perf_counter()
        bar = Progress(args.count, f"{v} spots", enabled=shown)
        tally = crosscheck(v, args.count, args.seed, args.workers, questions, bar,
                           start=args.start, table_moves=args.table_moves)
        seconds = time.perf_counter() - began
        report[v] = {"spots": tally.spots, "comparisons": tally.comparisons, "disagreements": len(tally.disagreements),
                     "gave_up": tally.gave_up, "bugs": len(tally.bugs), "seconds": round(seconds, 1),
                     "passed_over": tally.passed_over,
                     "first": args.start, "examples": tally.disagreements[:3], "bug_examples": tally.bugs[:3]}
        failed |= bool(tally.disagreements or tally.bugs)
        if not args.json:
            over = f" ({tally.passed_over} more passed over)" if tally.passed_over else ""
            print(f"{v}: {tally.spots} spots{over}, {tally.comparisons} comparisons, "
                  f"{len(tally.disagreements)} disagreements, {len(tally.bugs)} internal errors, "
                  f"{tally.gave_up} gave up, {seconds:.1f} s")
            for d in tally.disagreements[:3]:
                print(f"  {d['question']}: z3 {d['z3']} vs reference {d['reference']}\n    {json.dumps(d['spot'])}")
            for d in tally.bugs[:3]:
                print(f"  {d['question']}: {d['error']}")
        if tally.interrupted:
            report[v]["interrupted"] = interrupted = True
            print(f"{v}: interrupted after {tally.spots} spots; the rest of the range starts at "
                  f"--start {args.start + tally.spots + tally.passed_over}", file=sys.stderr)
            break
    if args.json:
        print(json.dumps(report))
    return 1 if failed else 130 if interrupted else 0
