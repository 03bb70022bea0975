"""A classroom on one lesson server: 30 learners open a lesson at once and click through its cards.

    python bench/classroom.py                       # 30 sessions over the verdict lessons, 8 clicks each
    python bench/classroom.py --sessions 10 --clicks 4 --lesson 02_melds_and_wild_cards
    python bench/classroom.py --warm                    # a lesson opened before the class arrives
    python bench/classroom.py --pause-min 0.5 --pause-max 2    # brisk learners
    python bench/classroom.py --server-python /path/to/python3.12  # a venv with the project's dependencies

Starts ``marimo run lessons/`` bound to 127.0.0.1 (as a teacher would, plus
``--headless --no-token``), then opens every session in its own browser
context of one headless system Chromium (``/usr/bin/chromium``, driven by
Playwright). Each session loads a lesson whose card widget drives a verdict
cell, waits until the lesson has run and drawn, and then, once every session
is up and the learners have read for a moment, clicks cards in the widget,
pausing 2 to 5 seconds before each click to read the last verdict, and times
each click until the verdict under the widget has changed on screen.

It prints, against four budgets:

* how many sessions rendered (budget: all of them);
* click to verdict, median and p95 over every click of every session
  (budget: p95 <= 1 s);
* the server's peak resident memory, its child processes included, sampled
  every 100 ms with psutil, or from /proc when psutil is missing
  (budget: 1 GB);
* errors and tracebacks in the server's log, and cells that raised in a
  page (budget: none). Warnings are counted and shown, not budgeted.

The class meets a freshly started server, as on the morning of a lesson;
``--warm`` has one lesson opened before the class arrives. On a cold server
every session's kernel starts while the first ones are still importing the
libraries the lessons use, and marimo 0.25.2 registers its output formatters
at each kernel's start for any library already in ``sys.modules``, even one
another thread has only half imported (IPython, which the card widget pulls
in through ipywidgets): sessions then fail with import deadlocks or
half-made modules, and the server may stay broken until restarted.

``marimo run`` gives every session a kernel thread in the server's own
process, so the class shares one Python: memory grows by a few megabytes a
learner, and on Python 3.11 two sessions compiling cells at the same moment
can, rarely, make one of them fail (a CPython 3.11 race in building syntax
trees from several threads, gone in 3.12): ``--server-python`` runs the
server on another interpreter to compare.

Exit status 1 if a budget is broken. All 30 pages share the machine with the
server, so a click's time includes the browser's own share of the CPU: on a
small machine the figures are an upper bound on what a class of real
learners, each on their own computer, would see.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from lessons_bench import CHROMIUM, CHROMIUM_ARGS, CLICK_TO_VERDICT_JS, LESSONS, VERDICT_LESSONS  # noqa: E402

from tutor import serve  # noqa: E402

CLICK_BUDGET_MS = 1000
MEMORY_BUDGET = 1024**3
RENDER_TIMEOUT_S = 300
COMPLETED_RUN = re.compile(r'"op"\s*:\s*"completed-run"')
MARIMO_ERROR_MIMETYPE = "application/vnd.marimo+error"
# What counts as an error in marimo's log: its error lines ("[E ...]"), Python tracebacks, and
# uvicorn's "Exception in ASGI application".
LOG_ERROR = re.compile(r"^\[E |Traceback \(most recent call last\)|^Exception in |^ERROR[: ]", re.M)
LOG_WARNING = re.compile(r"^\[W [^\]]*\] (.*)$", re.M)


def tree_rss(pid: int) -> int:
    """Resident memory of a process and all its descendants, in bytes."""
    try:
        import psutil
    except ImportError:
        return _proc_tree_rss(pid)
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total


def _proc_tree_rss(pid: int) -> int:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    total, todo = 0, [pid]
    page = os.sysconf("SC_PAGE_SIZE")
    while todo:
        p = todo.pop()
        try:
            total += int(Path(f"/proc/{p}/statm").read_text().split()[1]) * page
        except (OSError, IndexError, ValueError):
            pass
        todo += children.get(p, [])
    return total


def tree_cpu(pid: int, *, without: int | None = None) -> float:
    """CPU seconds (user and system) used so far by a process and its descendants, ``without`` one subtree."""
    try:
        import psutil
    except ImportError:
        return float("nan")
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    skip = set()
    if without is not None:
        try:
            skip = {without, *(c.pid for c in psutil.Process(without).children(recursive=True))}
        except psutil.NoSuchProcess:
            skip = {without}
    total = 0.0
    for p in procs:
        if p.pid in skip:
            continue
        try:
            times = p.cpu_times()
            total += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return total


class Phases:
    """Wall time and CPU seconds of the server and of the browsers, phase by phase."""

    def __init__(self, server_pid: int):
        self.server_pid = server_pid
        self.marks: list[tuple[str, float, float, float]] = []

    def mark(self, name: str) -> None:
        server = tree_cpu(self.server_pid)
        browsers = tree_cpu(os.getpid(), without=self.server_pid)
        self.marks.append((name, time.perf_counter(), server, browsers))

    def report(self) -> list[str]:
        lines = []
        for (_, t0, s0, b0), (name, t1, s1, b1) in zip(self.marks, self.marks[1:]):
            lines.append(f"  {name:28} {t1 - t0:6.1f} s wall, CPU: server {s1 - s0:6.1f} s, browsers {b1 - b0:6.1f} s")
        return lines


class MemorySampler(threading.Thread):
    """Samples the server's memory (with its children) until stopped; keeps the peak."""

    def __init__(self, pid: int, every: float = 0.1):
        super().__init__(daemon=True)
        self.pid, self.every = pid, every
        self.peak = self.first = 0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            rss = tree_rss(self.pid)
            self.first = self.first or rss
            self.peak = max(self.peak, rss)
            self.stopped.wait(self.every)


class Learner:
    """One learner: a browser context, a page on a lesson, the clicks they make."""

    def __init__(self, number: int, lesson: str):
        self.number, self.lesson = number, lesson
        self.render_ms: float | None = None
        self.clicks: list[float] = []
        self.errors: list[str] = []
        self.runs = 0

    def watch(self, page) -> None:
        def frame(payload):
            text = payload if isinstance(payload, str) else payload.decode(errors="replace")
            if COMPLETED_RUN.search(text):
                self.runs += 1
            if MARIMO_ERROR_MIMETYPE in text:
                self.errors.append(f"session {self.number} ({self.lesson}): a cell raised: {text[:300]}")

        page.on("websocket", lambda ws: ws.on("framereceived", frame))
        page.on("pageerror", lambda error: self.errors.append(f"session {self.number}: page error: {error}"))

    async def open(self, context, base: str) -> object:
        page = await context.new_page()
        self.watch(page)
        start = time.perf_counter()
        try:
            await page.goto(f"{base}/?file={self.lesson}.py", wait_until="commit", timeout=RENDER_TIMEOUT_S * 1000)
            deadline = time.monotonic() + RENDER_TIMEOUT_S
            while self.runs == 0:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"its cells did not finish running within {RENDER_TIMEOUT_S} s")
                await asyncio.sleep(0.02)
            await page.locator('[data-testid="hand-card"]').first.wait_for(timeout=RENDER_TIMEOUT_S * 1000)
            await page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            self.render_ms = (time.perf_counter() - start) * 1000
        except Exception as error:  # a session that fails to render is counted, not fatal
            self.errors.append(f"session {self.number} ({self.lesson}): did not render: {error}")
        return page

    async def click_through(self, page, clicks: int, pause: tuple[float, float], rng: random.Random) -> None:
        for i in range(clicks):
            await asyncio.sleep(rng.uniform(*pause))
            try:
                # select a card, then let it go again: every click changes the verdict
                ms = await page.evaluate(CLICK_TO_VERDICT_JS, (i // 2) % 5)
            except Exception as error:
                self.errors.append(f"session {self.number} ({self.lesson}): click {i + 1} failed: {error}")
                return
            if ms < 0:
                why = "no card widget with an output under it" if ms == -2 else "no verdict within 10 s"
                self.errors.append(f"session {self.number} ({self.lesson}): click {i + 1}: {why}")
                return
            self.clicks.append(ms)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def classroom(base: str, learners: list[Learner], args, phases: Phases) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        phases.mark("start")
        browsers = [await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    for _ in range(args.browsers)]
        # One context (a window with its own profile) per learner: pages sharing a window would be
        # background tabs, whose animation frames and timers the browser throttles to one a second.
        contexts = [await browsers[i % len(browsers)].new_context(viewport={"width": 1280, "height": 900})
                    for i in range(len(learners))]

        async def arrive(learner, context, delay):
            await asyncio.sleep(delay)
            return await learner.open(context, base)

        if args.warm:
            # Someone opens a lesson before the class arrives, so the server has imported what lessons use.
            warm = Learner(0, learners[0].lesson)
            warm_context = await browsers[0].new_context()
            await warm.open(warm_context, base)
            await warm_context.close()
            if warm.render_ms is None:
                learners[0].errors.extend(warm.errors)
            phases.mark("one lesson opened first")
        # The class arrives within ``--arrival`` seconds.
        pages = await asyncio.gather(*(arrive(lr, cx, args.arrival * i / max(1, len(learners)))
                                       for i, (lr, cx) in enumerate(zip(learners, contexts))))
        phases.mark("every session opened")
        await asyncio.sleep(args.settle)
        phases.mark("learners reading")
        rng = random.Random(args.seed)
        await asyncio.gather(*(lr.click_through(pg, args.clicks, (args.pause_min, args.pause_max),
                                                random.Random(rng.random()))
                               for lr, pg in zip(learners, pages) if lr.render_ms is not None))
        phases.mark("every click made")
        for browser in browsers:
            await browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30, help="learners, one browser session each (default 30)")
    parser.add_argument("--clicks", type=int, default=8, help="card clicks per session (default 8)")
    parser.add_argument("--lesson", action="append",
                        help="lesson to open (repeatable; default: the lessons with a verdict under the widget)")
    parser.add_argument("--arrival", type=float, default=10.0,
                        help="seconds over which the sessions open their lesson (default 10)")
    parser.add_argument("--pause-min", type=float, default=2.0,
                        help="shortest pause before a click, reading the last verdict, s (default 2)")
    parser.add_argument("--pause-max", type=float, default=5.0, help="longest pause before a click, s (default 5)")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds between the last session opening and the first clicks (default 5)")
    parser.add_argument("--browsers", type=int, default=1, help="Chromium processes to share the sessions (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the learners' pauses")
    parser.add_argument("--preload", action="store_true",
                        help="start the server as `make lessons` does (tutor.serve: the lessons' libraries "
                             "imported first); default: plain `marimo run lessons/`")
    parser.add_argument("--warm", action="store_true",
                        help="open one lesson before the class arrives (default: the class meets a cold server)")
    parser.add_argument("--server-python", default=sys.executable,
                        help="the Python that runs the lesson server (default: this one)")
    args = parser.parse_args(argv)

    lessons = args.lesson or VERDICT_LESSONS
    missing = [name for name in lessons if not (LESSONS / f"{name}.py").exists()]
    if missing:
        print(f"no such lesson: {', '.join(missing)}", file=sys.stderr)
        return 2
    learners = [Learner(i + 1, lessons[i % len(lessons)]) for i in range(args.sessions)]

    log = Path(tempfile.gettempdir()) / "canasta-tutor-classroom-server.log"
    try:
        server, base = serve.launch(log, preload=args.preload, python=args.server_python)
    except serve.ServerDidNotStart as e:
        raise SystemExit(str(e))
    sampler = MemorySampler(server.pid)
    sampler.start()
    phases = Phases(server.pid)
    load_before = os.getloadavg()
    started = time.perf_counter()
    try:
        asyncio.run(classroom(base, learners, args, phases))
    finally:
        wall = time.perf_counter() - started
        load_after = os.getloadavg()
        sampler.stopped.set()
        sampler.join()
        serve.stop(server)

    text = log.read_text(errors="replace")
    log_errors = [m.group(0) for m in LOG_ERROR.finditer(text)]
    warnings: dict[str, int] = {}
    for m in LOG_WARNING.finditer(text):
        warnings[m.group(1)] = warnings.get(m.group(1), 0) + 1
    page_errors = [e for lr in learners for e in lr.errors]
    rendered = [lr for lr in learners if lr.render_ms is not None]
    renders = [lr.render_ms for lr in rendered]
    clicks = [ms for lr in learners for ms in lr.clicks]

    print(f"machine: {os.cpu_count()} CPUs, load average {', '.join(f'{x:.1f}' for x in load_before)} before, "
          f"{', '.join(f'{x:.1f}' for x in load_after)} after; {wall:.0f} s in all")
    version = subprocess.run([args.server_python, "-c", "import sys, marimo; print(sys.version.split()[0], marimo.__version__)"],
                             capture_output=True, text=True).stdout.split()
    print(f"server: Python {version[0]}, marimo {version[1]}" if len(version) == 2 else "server: ?")
    print(f"classroom: {len(learners)} sessions, one browser context each, in {args.browsers} Chromium, over {', '.join(sorted({lr.lesson for lr in learners}))}; "
          f"arriving over {args.arrival:.0f} s, then {args.clicks} clicks each, "
          f"{args.pause_min:g}-{args.pause_max:g} s apart; {'server warmed first' if args.warm else 'cold server'}"
          f"{', libraries preloaded' if args.preload else ''}")
    print("where the time went:")
    print("\n".join(phases.report()))
    failed = False

    ok = len(rendered) == len(learners)
    failed |= not ok
    line = f"sessions rendered: {len(rendered)}/{len(learners)}"
    if renders:
        line += (f"; first render under load median {statistics.median(renders) / 1000:.1f} s, "
                 f"p95 {p95(renders) / 1000:.1f} s, max {max(renders) / 1000:.1f} s")
    print(f"{line}: {'ok' if ok else 'SOME FAILED'}")

    if clicks and len(phases.marks) >= 4:
        server_cpu = phases.marks[-1][2] - phases.marks[-2][2]
        print(f"server CPU per click: {server_cpu / len(clicks) * 1000:.0f} ms "
              f"({server_cpu:.1f} s for {len(clicks)} clicks)")
    if clicks:
        ok = p95(clicks) <= CLICK_BUDGET_MS and len(clicks) == len(rendered) * args.clicks
        print(f"click to verdict: {len(clicks)} clicks, median {statistics.median(clicks):.0f} ms, "
              f"p95 {p95(clicks):.0f} ms, max {max(clicks):.0f} ms, budget p95 {CLICK_BUDGET_MS} ms: "
              f"{'ok' if ok else 'OVER BUDGET'}")
    else:
        ok = False
        print("click to verdict: no click was timed: OVER BUDGET")
    failed |= not ok

    ok = sampler.peak <= MEMORY_BUDGET
    failed |= not ok
    print(f"server memory (with children): {sampler.first / 2**20:.0f} MB at start, peak {sampler.peak / 2**20:.0f} MB, "
          f"budget {MEMORY_BUDGET / 2**20:.0f} MB: {'ok' if ok else 'OVER BUDGET'}")

    errors = log_errors + page_errors
    ok = not errors
    failed |= not ok
    print(f"errors: {len(log_errors)} in the server log, {len(page_errors)} in the pages: {'ok' if ok else 'ERRORS'}")
    for error in errors[:20]:
        print(f"  {error}")
    if "AST constructor recursion depth mismatch" in text:
        print("  (that error is CPython 3.11's: two kernel threads building syntax trees at once can trip its\n"
              "   shared depth counter; Python 3.12 and later do not; try --server-python with one of them)")
    if warnings:
        print(f"warnings in the server log (not budgeted): {sum(warnings.values())}")
        for message, count in sorted(warnings.items(), key=lambda kv: -kv[1]):
            print(f"  {count} x {message}")
    print(f"server log: {log}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
