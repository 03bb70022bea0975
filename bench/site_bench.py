"""The static site in a real browser: each lesson's Python running in Pyodide, against the targets.

    python bench/site_bench.py                       # build the site into a temporary folder, every lesson
    python bench/site_bench.py --site site 02 13     # an already built site, some lessons only
    python bench/site_bench.py --clicks 20 --asks 5

Serves the site on 127.0.0.1 from a thread and drives the system Chromium
(``/usr/bin/chromium``); any request to another host is aborted and reported.
Figures, against their targets:

* **first output** per lesson: from starting to load the page to the lesson's
  first output drawn (its heading, "You will learn" and the card widget), with
  an empty browser cache (cold: the runtime and packages come from the site)
  and then again in the same browser profile (warm: from the HTTP cache);
  target 10 s;
* **click to verdict** in lesson 02: a click on a card in the widget to the
  verdict's new text on screen, measured inside the page; target p95 300 ms;
* **the heaviest checker question**, lesson 02's "every legal meld": button
  to list on screen, the first time and after, against the native checker's
  own time on the same spot; target 500 ms after the first;
* the site's size on disk.

Exit status 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from lessons_bench import CHROMIUM, CHROMIUM_ARGS, CLICK_TO_VERDICT_JS, p95  # noqa: E402
from tools import site_build  # noqa: E402

FIRST_OUTPUT_TARGET_MS = 10_000
CLICK_TARGET_MS = 300
HEAVY_TARGET_MS = 500
CHECKER_LESSON = "02_melds_and_wild_cards"
HEAVY_BUTTON = "List every meld this hand could put down"
LISTED = "with meld 1 on the table"
TIMEOUT_MS = 300_000

# In the page: press the "every legal meld" button and wait frame by frame until the list is
# in the output under it (outputs live in shadow roots, as in lessons_bench's click measure).
# The list must not be there yet: each ask is on a fresh deal.
HEAVY_ASK_JS = """
async ([label, listed]) => {
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
  const i = areas.findIndex((a) => deepAll(a, "button").some((b) => b.textContent.includes(label)));
  if (i < 0 || !areas[i + 1]) return -2;
  const button = deepAll(areas[i], "button").find((b) => b.textContent.includes(label));
  const listText = () => deepText(document.querySelectorAll(".output-area")[i + 1]);
  if (listText().includes(listed)) return -3;
  const start = performance.now();
  button.click();
  while (!listText().includes(listed)) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (performance.now() - start > 60000) return -1;
  }
  return performance.now() - start;
}
"""


def offline_context(browser, site_url: str, off_origin: list[str]):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    origin = urlparse(site_url).netloc

    def guard(route):
        url = urlparse(route.request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.netloc != origin:
            off_origin.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", guard)
    return context


def first_output(page, url: str, stem: str) -> float:
    """Milliseconds from starting to load a lesson to its first output drawn."""
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator("h1").first.wait_for(timeout=TIMEOUT_MS)
    if stem != "rulebook":
        page.get_by_text("You will learn").first.wait_for(timeout=TIMEOUT_MS)
        page.locator('[data-testid="hand-widget"]').first.wait_for(timeout=TIMEOUT_MS)
    return (time.perf_counter() - start) * 1000


def native_heavy(tokens: list[str]) -> float:
    """The native checker's milliseconds for lesson 02's "every legal meld" on the same hand."""
    from tutor.cards import format_cards, parse_cards
    from tutor.questions import ask
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("classic", {"players": 2})
    hand = parse_cards(" ".join(tokens))
    rank = next(r for r in rules.natural_ranks if r not in {c.rank for c in hand})
    spot = Spot.from_dict({"variant": "classic", "options": {"players": 2}, "hand": format_cards(hand),
                           "melds": [f"{rank}S {rank}H {rank}D"]})
    start = time.perf_counter()
    ask("melds", spot)
    return (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers or file stems (default: every lesson)")
    parser.add_argument("--site", type=Path, help="an already built site folder (default: build one now)")
    parser.add_argument("--clicks", type=int, default=40, help="card clicks in lesson 02 (default 40)")
    parser.add_argument("--asks", type=int, default=5, help="'every legal meld' asks in lesson 02 (default 5)")
    parser.add_argument("--no-loads", action="store_true", help="skip the first-output figures")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    tmp = None
    if args.site is None:
        tmp = tempfile.TemporaryDirectory(prefix="canasta-site-bench-")
        args.site = Path(tmp.name)
        start = time.perf_counter()
        site_build.build(args.site, args.lessons or None)
        print(f"site built in {time.perf_counter() - start:.0f} s")
    built = {p.stem for p in (args.site / "lessons").glob("*.html")}
    lessons = [lesson for lesson in site_build.course() if lesson.stem in built
               and (not args.lessons or any(lesson.stem == w or lesson.stem.startswith(f"{w}_")
                                            for w in args.lessons))]
    if not lessons:
        print("no built lesson matches", file=sys.stderr)
        return 2
    server = site_build.StaticServer(args.site)
    base = server.__enter__().rstrip("/")
    failed = False
    off_origin: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"machine: {os.cpu_count()} CPUs, load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
            print(f"site: {site_build.folder_size(args.site) / 1e6:.1f} MB in {args.site}")
            worst = 0.0
            if not args.no_loads:
                print("first output (ms): cold = empty browser cache, warm = the same profile again")
                print(f"  {'lesson':40} {'cold':>8} {'warm':>8}")
                for lesson in lessons:
                    url = f"{base}/{lesson.page}"
                    context = offline_context(browser, base, off_origin)
                    page = context.new_page()
                    cold = first_output(page, url, lesson.stem)
                    page.close()
                    page = context.new_page()
                    warm = first_output(page, url, lesson.stem)
                    context.close()
                    worst = max(worst, cold, warm)
                    print(f"  {lesson.stem:40} {cold:8.0f} {warm:8.0f}", flush=True)
                ok = worst <= FIRST_OUTPUT_TARGET_MS
                failed |= not ok
                print(f"  slowest {worst:.0f} ms, target {FIRST_OUTPUT_TARGET_MS} ms: {'ok' if ok else 'MISSED'}\n")

            if CHECKER_LESSON in built:
                context = offline_context(browser, base, off_origin)
                page = context.new_page()
                first_output(page, f"{base}/lessons/{CHECKER_LESSON}.html", CHECKER_LESSON)
                page.wait_for_timeout(500)
                clicks = []
                for i in range(args.clicks):
                    ms = page.evaluate(CLICK_TO_VERDICT_JS, (i // 2) % 5)
                    if ms < 0:
                        raise SystemExit(f"{CHECKER_LESSON}: the verdict did not follow a click ({ms})")
                    clicks.append(ms)
                    page.wait_for_timeout(30)
                ok = p95(clicks) <= CLICK_TARGET_MS
                failed |= not ok
                print(f"click to verdict ({CHECKER_LESSON}, {len(clicks)} clicks): p50 "
                      f"{statistics.median(clicks):.0f} ms, p95 {p95(clicks):.0f} ms, target p95 "
                      f"{CLICK_TARGET_MS} ms: {'ok' if ok else 'MISSED'}")

                asks, native = [], []
                for k in range(args.asks):
                    if k:  # a new deal takes the last list away, and asks about another hand
                        page.get_by_role("button", name="Deal again").first.click()
                        page.get_by_text("The list comes when you ask for it").first.wait_for(timeout=TIMEOUT_MS)
                    hand = page.locator('[data-testid="hand"]').first
                    tokens = [c.get_attribute("data-card") for c in hand.locator('[data-testid="hand-card"]').all()]
                    ms = page.evaluate(HEAVY_ASK_JS, [HEAVY_BUTTON, LISTED])
                    if ms < 0:
                        raise SystemExit(f"{CHECKER_LESSON}: the list of melds did not come ({ms})")
                    asks.append(ms)
                    native.append(native_heavy(tokens))
                context.close()
                after = statistics.median(asks[1:]) if len(asks) > 1 else asks[0]
                ok = after <= HEAVY_TARGET_MS
                failed |= not ok
                print(f"every legal meld ({len(asks)} deals): browser first {asks[0]:.0f} ms, then median "
                      f"{after:.0f} ms; native first {native[0]:.0f} ms, then median "
                      f"{statistics.median(native[1:] or native):.0f} ms; target after the first "
                      f"{HEAVY_TARGET_MS} ms: {'ok' if ok else 'MISSED'}")
            browser.close()
    finally:
        server.__exit__(None, None, None)
        if tmp is not None:
            tmp.cleanup()
    print(f"requests to other hosts: {len(off_origin)}" + (f" (first: {off_origin[0]})" if off_origin else ""))
    failed |= bool(off_origin)
    print(f"load average at the end {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
