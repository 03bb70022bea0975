"""How the tutor ends on hostile input: counts of answers, clean errors and crashes, per kind.

    python bench/fuzz_report.py                       # 100,000 inputs of each kind (tens of minutes)
    python bench/fuzz_report.py --count 2000          # a quick look
    python bench/fuzz_report.py --kinds spot,house --seed 7 --memory-mb 1024 --timeout 10

Each kind of input (spot JSON, house-rules TOML over the four variants, play text, batch
lines, puzzle lines) is drawn from ``fuzz/hostile.py`` and fed, in this process, to the
library's entry point for it: ``Spot.from_json`` (and, for every ``--answer-every``-th spot
that reads, a question answered by the reference decider), ``load_variant`` (and a spot on
the file), ``parse_play``, the batch command's ``answer_line``, the puzzle reader. The
process runs under an address-space limit (``--memory-mb``) and every input under a time
limit (``--timeout``, CPU seconds), so a runaway input is counted, not suffered. Every search runs on a
small step budget (``--steps``), as the tests do.

An input ends in one of: ``ok`` (an answer), ``clean`` (the tutor's own error: one line
saying what is wrong, or "gave up within its resource limit"), ``internal`` (anything else:
a crash, a memory error, an answer that reports an internal error), ``timeout``. The report
prints the counts, the kinds of crash with one example each, the time taken and the peak
memory.
"""

from __future__ import annotations

import argparse
import collections
import random
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fuzz"))

import hostile  # noqa: E402

from tutor.batch import answer_line  # noqa: E402
from tutor.errors import TutorError  # noqa: E402
from tutor.questions import QUESTIONS, ask  # noqa: E402
from tutor.search_budget import bounded  # noqa: E402
from tutor.spot import Spot  # noqa: E402


class TimedOut(BaseException):
    """One input ran past its time limit (a BaseException: no ``except Exception`` swallows it)."""


def _alarm(signum, frame):
    raise TimedOut()


class Feeder:
    """Turns one generated input into a call of the library's entry point for its kind."""

    def __init__(self, folder: Path, steps: int, answer_every: int):
        self.folder, self.steps, self.answer_every = folder, steps, answer_every
        self.house_base = folder / "table.toml"
        self.house_base.write_text('extends = "albany"\n', encoding="utf-8")
        self.read_spots = 0
        self.answered = 0

    def generate(self, kind: str, rng: random.Random) -> str:
        if kind in ("spot", "batch"):
            return hostile.KINDS[kind](rng, str(self.house_base))
        return hostile.KINDS[kind](rng)

    def feed(self, kind: str, text: str, rng: random.Random) -> str:
        """Feed one input; "ok" or "clean" (a ``TutorError`` raised or answered in place), or raises."""
        if kind == "batch":
            with bounded(self.steps):
                out = answer_line(text, decider="reference")
            if not isinstance(out, dict) or out.get("bug") or "internal error" in str(out.get("error", "")):
                raise AssertionError(f"the batch line was answered with a crash: {str(out)[:200]}")
            return "clean" if "error" in out else "ok"
        if kind == "spot":
            spot = Spot.from_json(text)
            self.read_spots += 1
            if self.read_spots % self.answer_every == 0:
                question = rng.choice([q for q in QUESTIONS if q != "play"])
                with bounded(self.steps):
                    try:
                        ask(question, spot, decider="reference")
                    finally:
                        self.answered += 1
        elif kind == "house":
            path = self.folder / "house.toml"
            path.write_text(text, encoding="utf-8")
            hostile.run_entry("house", str(path))
            Spot.from_dict({"variant": str(path), "hand": "KS KH KD 7C 7D"})
        elif kind == "puzzle":
            path = self.folder / "collection.jsonl"
            path.write_text(text + "\n", encoding="utf-8")
            hostile.run_entry("puzzle", str(path))
        else:
            hostile.run_entry(kind, text)
        return "ok"


def run_kind(feeder: Feeder, kind: str, count: int, seed: int, timeout: float) -> dict:
    rng = random.Random(f"{seed}:{kind}")
    outcomes: collections.Counter = collections.Counter()
    crashes: dict[str, tuple[int, str]] = {}
    start = time.perf_counter()
    slowest = 0.0
    for i in range(count):
        text = feeder.generate(kind, rng)
        began = time.process_time()
        try:
            signal.setitimer(signal.ITIMER_PROF, timeout)
            try:
                outcome = feeder.feed(kind, text, rng)
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)  # before any handler below runs
        except TutorError:
            outcome = "clean"
        except TimedOut:
            outcome = "timeout"
            crashes.setdefault("timeout", (0, text[:160]))
        except (Exception, RecursionError, MemoryError) as e:  # noqa: BLE001 - every other end is counted
            outcome = "internal"
            name = f"{type(e).__name__}: {str(e)[:90]}"
            key = type(e).__name__ if not isinstance(e, AssertionError) else name[:60]
            n, example = crashes.get(key, (0, text[:160]))
            crashes[key] = (n + 1, example)
        outcomes[outcome] += 1
        slowest = max(slowest, time.process_time() - began)
        if (i + 1) % 10_000 == 0:  # progress on standard error, for long runs
            print(f"  {kind}: {i + 1:,} inputs, {dict(outcomes)}, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    return {"outcomes": outcomes, "crashes": crashes, "seconds": time.perf_counter() - start, "slowest": slowest}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000, help="inputs of each kind (default 100,000)")
    parser.add_argument("--kinds", default=",".join(hostile.KINDS), help="comma-separated: " + ", ".join(hostile.KINDS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory-mb", type=int, default=768, help="address-space limit of this process")
    parser.add_argument("--timeout", type=float, default=3.0, help="CPU seconds one input may take (CPU, not wall time: a loaded machine does not count against an input)")
    parser.add_argument("--steps", type=int, default=20_000, help="search steps one question may take")
    parser.add_argument("--answer-every", type=int, default=20, help="answer a question on every N-th spot read")
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    unknown = set(kinds) - set(hostile.KINDS)
    if unknown:
        parser.error(f"unknown kinds: {', '.join(sorted(unknown))}")
    limit = args.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGPROF, _alarm)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    feeder = Feeder(Path(tempfile.mkdtemp(prefix="canasta-fuzz-report-")), args.steps, args.answer_every)
    print(f"fuzz report: {args.count:,} inputs of each kind, seed {args.seed}, address space {args.memory_mb} MiB, "
          f"{args.timeout:g} CPU s an input, {args.steps:,} search steps a question")
    print(f"{'kind':<8}{'ok':>9}{'clean':>9}{'internal':>10}{'timeout':>9}{'seconds':>9}{'slowest':>9}")
    totals: collections.Counter = collections.Counter()
    details = []
    for kind in kinds:
        got = run_kind(feeder, kind, args.count, args.seed, args.timeout)
        o = got["outcomes"]
        totals.update(o)
        print(f"{kind:<8}{o['ok']:>9,}{o['clean']:>9,}{o['internal']:>10,}{o['timeout']:>9,}{got['seconds']:>9.1f}"
              f"{got['slowest']:>8.2f}s",
              flush=True)
        details += [(kind, key, n, example) for key, (n, example) in sorted(got["crashes"].items())]
    print(f"{'all':<8}{totals['ok']:>9,}{totals['clean']:>9,}{totals['internal']:>10,}{totals['timeout']:>9,}")
    print(f"spots answered by the reference decider: {feeder.answered:,}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")
    if details:
        print("crashes (kind, what, count, first input):")
        for kind, key, n, example in details:
            print(f"  {kind}: {key} x{n}: {example!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
