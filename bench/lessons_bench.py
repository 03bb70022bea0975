"""The lessons in a real browser: first render, and a click in the card widget to the verdict on screen.

    python bench/lessons_bench.py                   # every lesson, 60 clicks in each verdict lesson
    python bench/lessons_bench.py --clicks 20 02 04 # fewer clicks, some lessons only

Serves ``lessons/`` as ``make lessons`` does (``tutor.serve``) and drives the system Chromium
(``/usr/bin/chromium``) with Playwright. Two figures, against two budgets:

* **first render**: from starting to load a lesson to the kernel's end of its
  first run (every cell has run) and the next frame drawn; budget 3 s a lesson,
  for the median of ``--repeat`` loads (the slowest load is shown beside it);
* **click to verdict**: from a click on a card in the widget to the verdict
  cell's new text on screen, measured inside the page (the click, the trip to
  the kernel, the cells re-run, the output drawn); budget 250 ms at p95.

Exit status 1 if a budget is exceeded.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
sys.path.insert(0, str(ROOT))
from tutor import serve  # noqa: E402
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
RENDER_BUDGET_MS = 3000
CLICK_BUDGET_MS = 250
COMPLETED_RUN = re.compile(r'"op"\s*:\s*"completed-run"')
KERNEL_READY = re.compile(r'"op"\s*:\s*"kernel-ready"')
# Lessons whose card widget drives a verdict cell placed right under it.
VERDICT_LESSONS = ["01_cards_and_values", "02_melds_and_wild_cards", "03_the_first_meld", "04_the_pile",
                   "08_canasty_cards_and_sets", "09_canasty_down_and_pile", "11_albany_sets_and_stoppers"]

# In the page: click card ``nth`` of the first card widget, then wait frame by frame until the
# text of the output under the widget changes. Widgets and outputs live in shadow roots. The
# outputs are searched for the widget once, before the click, so that waiting costs the page
# next to nothing (30 pages wait at once in bench/classroom.py).
CLICK_TO_VERDICT_JS = """
async (nth) => {
  const deepAll = (root, sel, out = []) => {
    root.querySelectorAll(sel).forEach((e) => out.push(e));
    root.querySelectorAll("*").forEach((e) => { if (e.shadowRoot) deepAll(e.shadowRoot, sel, out); });
    return out;
  };
  const deepText = (node) => {
    let text = "";
    for (const child of node.childNodes) text += child.nodeType === 3 ? child.textContent : deepText(child);
    if (node.shadowRoot) text += deepText(node.shadowRoot);
    return text;
  };
  const areas = [...document.querySelectorAll(".output-area")];
  const i = areas.findIndex((a) => deepAll(a, '[data-testid="hand-card"]').length > 0);
  if (i < 0 || !areas[i + 1]) return -2;
  const cards = deepAll(areas[i], '[data-testid="hand-card"]');
  const verdictText = () => {
    const area = document.querySelectorAll(".output-area")[i + 1];
    return area ? deepText(area) : null;
  };
  const card = cards[nth % cards.length];
  const before = verdictText();
  const start = performance.now();
  card.click();
  while (verdictText() === before) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (performance.now() - start > 10000) return -1;
  }
  return performance.now() - start;
}
"""


class Runs:
    """Counts the kernel's completed runs per page, from the websocket."""

    def __init__(self, page):
        self.page = page
        self.count = 0
        self.kernel_ready: float | None = None  # perf_counter time of the kernel's first message
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        text = payload if isinstance(payload, str) else payload.decode(errors="replace")
        if self.kernel_ready is None and KERNEL_READY.search(text):
            self.kernel_ready = time.perf_counter()
        if COMPLETED_RUN.search(text):
            self.count += 1

    def wait(self, before: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.count <= before:
            if time.monotonic() > deadline:
                raise TimeoutError("the lesson's cells did not finish running")
            self.page.wait_for_timeout(5)


def first_render(context, url: str) -> tuple[float, float]:
    """Milliseconds from starting to load the lesson (a new tab) to its first run done and drawn.

    Also returns the part of it spent before the kernel was ready (loading marimo's page and
    starting a session), which is the same for any notebook; the rest is the lesson's own cells.
    """
    page = context.new_page()
    runs = Runs(page)
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    runs.wait(0)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    elapsed = (time.perf_counter() - start) * 1000
    page.close()
    return elapsed, ((runs.kernel_ready or start) - start) * 1000


def click_latencies(context, url: str, clicks: int) -> list[float]:
    page = context.new_page()
    runs = Runs(page)
    page.goto(url)
    runs.wait(0)
    page.wait_for_timeout(300)
    out = []
    for i in range(clicks):
        # select a card, then let it go again: every click changes the verdict
        ms = page.evaluate(CLICK_TO_VERDICT_JS, (i // 2) % 5)
        if ms == -2:
            raise LookupError(f"{url}: no card widget with an output under it")
        if ms < 0:
            raise TimeoutError(f"{url}: the verdict did not change within 10 s of a click")
        out.append(ms)
        page.wait_for_timeout(30)
    page.close()
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers or names to measure (default: all)")
    parser.add_argument("--clicks", type=int, default=60, help="clicks per verdict lesson (default 60)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="loads of each lesson; its figure is their median, so that a busy moment of a "
                             "shared machine does not decide it (default 3)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    names = sorted(p.stem for p in LESSONS.glob("[0-9][0-9]_*.py"))
    if args.lessons:
        names = [n for n in names if any(n.startswith(w) or w == n for w in args.lessons)]
    if not names:
        print("no lesson matches", file=sys.stderr)
        return 2
    log = Path(tempfile.gettempdir()) / "canasta-tutor-lessons-bench-server.log"
    try:
        server, base = serve.launch(log)
    except serve.ServerDidNotStart as e:
        raise SystemExit(str(e))
    failed = False
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # One browser profile, as a learner has: the gallery page loads marimo's scripts into the
            # cache, and every lesson opens in a new tab from there.
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            gallery = context.new_page()
            gallery.goto(f"{base}/")
            gallery.wait_for_selector('a[href*="file="]')
            lesson = f"{base}/?file="
            # The server's first session pays for importing the libraries once; say so apart.
            warm, _ = first_render(context, lesson + names[0] + ".py")
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            print(f"machine: {os.cpu_count()} CPUs, load average {load}")
            print(f"first render (ms), each lesson in a new tab, median of {args.repeat} loads; "
                  f"the server's very first lesson took {warm:.0f} ms")
            print(f"  {'lesson':40} {'total':>7} {'page and kernel start':>22} {'cells':>7} {'slowest load':>13}")
            renders = {}
            for name in names:
                loads = sorted((first_render(context, lesson + name + ".py") for _ in range(args.repeat)),
                               key=lambda load: load[0])
                renders[name], ready = loads[len(loads) // 2]
                print(f"  {name:40} {renders[name]:7.0f} {ready:22.0f} {renders[name] - ready:7.0f} "
                      f"{loads[-1][0]:13.0f}")
            worst = max(renders.values())
            ok = worst <= RENDER_BUDGET_MS
            failed |= not ok
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            print(f"  slowest lesson {worst:.0f} ms, budget {RENDER_BUDGET_MS} ms: {'ok' if ok else 'OVER BUDGET'} "
                  f"(load average now {load})\n")

            print(f"click in the widget to verdict on screen (ms), {args.clicks} clicks a lesson")
            print(f"  {'lesson':40} {'median':>7} {'p95':>7} {'max':>7}")
            everything = []
            for name in [n for n in VERDICT_LESSONS if n in names]:
                values = click_latencies(context, lesson + name + ".py", args.clicks)
                everything += values
                print(f"  {name:40} {statistics.median(values):7.0f} {p95(values):7.0f} {max(values):7.0f}")
            if everything:
                ok = p95(everything) <= CLICK_BUDGET_MS
                failed |= not ok
                print(f"  all {len(everything)} clicks: median {statistics.median(everything):.0f} ms, "
                      f"p95 {p95(everything):.0f} ms, budget {CLICK_BUDGET_MS} ms: {'ok' if ok else 'OVER BUDGET'}")
            browser.close()
    finally:
        serve.stop(server)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
