"""Shared fixtures for lesson tests: a running lesson server and a real Chromium page.

Browser tests use the system's Chromium (Debian's ``chromium`` package) and never
download a browser, so they run the same on a laptop and on a fresh CI machine.
``marimo_runs`` waits for the kernel to finish the cells a page load or a click set
off. ``load_lesson`` imports a notebook so one of its cells can be run with chosen
inputs; ``html_of`` and ``text_of`` read what such a cell shows.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tutor import serve

# A lesson's first run can import z3 and friends; give pages time before failing.
expect.set_options(timeout=20_000)


from hypothesis import HealthCheck, settings

# Examples are checked for what they find, not for how fast they come: the suite
# runs on two shared cores, where generation speed says nothing about the code.
settings.register_profile("tutor", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# On CI the examples come from a fixed seed, so a red run replays exactly on any machine;
# a developer's run draws fresh examples each time and keeps exploring.
settings.register_profile("ci", settings.get_profile("tutor"), derandomize=True, database=None)
settings.load_profile("ci" if os.environ.get("CI") else "tutor")

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

CHROMIUM = Path("/usr/bin/chromium")
# Keep Chromium quiet and offline: no sandbox (CI runs as root), no GPU, and none
# of the background traffic a first run would start.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

SERVER_START_TIMEOUT = 60  # seconds; a cold start imports marimo and z3
# What marimo sends over its websocket when a cell raises. In read-only mode the
# failing cell is hidden and only a toast says so, so the wire is the surest place.
MARIMO_ERROR_MIMETYPE = "application/vnd.marimo+error"
# The kernel says so on the websocket each time a run of cells (the first render,
# or the cells an interaction triggered) has finished.
COMPLETED_RUN = re.compile(r'"op"\s*:\s*"completed-run"')
# Completed runs seen so far, per browser tab (see ``marimo_runs``).
completed_runs: dict = {}
MARIMO_ERROR_TEXTS = (
    "An internal error occurred",
    "This cell wasn't run because it has errors",
    "Ancestor prevented from running",
)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where tests leave screenshots and logs for a person to look at (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def marimo_server(artifacts, request):
    """Serve the lesson gallery as ``make lessons`` does (``tutor.serve``); yields the base URL.

    The server's output is kept in ``tests/artifacts/`` for when a page misbehaves.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    log = artifacts / f"marimo-server-{request.module.__name__}-{worker}.log"
    try:
        proc, url = serve.launch(log, timeout=SERVER_START_TIMEOUT)
    except serve.ServerDidNotStart as e:
        pytest.fail(str(e))
    try:
        yield url
    finally:
        serve.stop(proc)


@pytest.fixture(scope="session")
def browser():
    """One headless system Chromium for the whole run."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} not found: browser tests need Debian's chromium package "
            "(apt-get install -y chromium, or run `make test`, which installs it)."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    # Let fixtures see whether the test body failed (for the failure screenshot).
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def marimo_errors() -> list[str]:
    """Errors seen by the ``page`` so far: cells that raised, and page script errors."""
    return []


@pytest.fixture
def page(browser, marimo_errors, artifacts, request):
    """A fresh browser page; cell errors on it, or on any tab it opens, go to ``marimo_errors``.

    On a failed test a screenshot of every open tab is saved to ``tests/artifacts/``.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)

    def on_frame(tab, payload):
        text = payload if isinstance(payload, str) else payload.decode(errors="replace")
        if MARIMO_ERROR_MIMETYPE in text:
            marimo_errors.append(f"cell error: {text[:2000]}")
        if COMPLETED_RUN.search(text):
            completed_runs[tab] = completed_runs.get(tab, 0) + 1

    def watch(new_page):
        new_page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: on_frame(new_page, payload)))
        new_page.on("pageerror", lambda error: marimo_errors.append(f"page error: {error}"))

    # The gallery opens lessons in a new tab, so watch every page of the context.
    context.on("page", watch)
    page = context.new_page()
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        for i, tab in enumerate(context.pages):
            tab.screenshot(path=artifacts / f"FAILED-{request.node.name}-{i}.png", full_page=True)
    context.close()


@pytest.fixture
def no_marimo_errors(page, marimo_errors):
    """A check to call at any point: no cell has raised, and the tab shows no error."""

    def check(tab=None) -> None:
        tab = tab or page
        assert marimo_errors == [], "\n".join(marimo_errors)
        body = tab.locator("body").inner_text()
        shown = [t for t in MARIMO_ERROR_TEXTS if t in body]
        assert not shown, f"marimo shows an error on {tab.url}: {shown}"

    return check


@pytest.fixture
def marimo_runs(page):
    """Wait for the kernel to finish a run of cells on a tab (the first render, or what a click set off).

    ``before = marimo_runs.count(tab)``, interact, then ``marimo_runs.wait(tab, before)``.
    """

    class Runs:
        @staticmethod
        def count(tab=None) -> int:
            return completed_runs.get(tab or page, 0)

        @staticmethod
        def wait(tab=None, before: int = 0, timeout: float = 30.0) -> None:
            tab = tab or page
            deadline = time.monotonic() + timeout
            while completed_runs.get(tab, 0) <= before:
                if time.monotonic() > deadline:
                    pytest.fail(f"marimo did not finish a run of cells on {tab.url} within {timeout}s")
                tab.wait_for_timeout(20)

    return Runs()


# -- lessons as Python modules ---------------------------------------------------------


@pytest.fixture(scope="session")
def load_lesson():
    """Import a lesson notebook as a module, so its named cells can be run with chosen inputs.

    ``load_lesson("02_melds_and_wild_cards").meld_check.run(hand_view=...)`` runs one
    cell, computing any input not given from the cells above it (marimo's own API).
    """
    import importlib.util

    if str(LESSONS) not in sys.path:
        sys.path.insert(0, str(LESSONS))  # the lessons import their shared helpers (rulebook.py)
    cache: dict = {}

    def load(stem: str):
        if stem not in cache:
            path = LESSONS / f"{stem}.py"
            spec = importlib.util.spec_from_file_location(f"lesson_{stem}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            cache[stem] = module
        return cache[stem]

    return load


def _expand(text: str) -> str:
    """Inline the HTML marimo keeps in attributes, recursively.

    Callouts and stacks keep their content in ``data-html``; accordions, buttons and
    downloads keep their labels in ``data-label(s)``, which are put before the element.
    """
    import html
    import json

    def inline(match):
        return _expand(json.loads(html.unescape(match.group(1))))

    def with_labels(match):
        tag, attrs, raw = match.groups()
        value = json.loads(html.unescape(raw))
        words = " ".join(_expand(v) for v in (value if isinstance(value, list) else [value]) if isinstance(v, str))
        return f"{words} <{tag} {attrs}"

    text = re.sub(r"<marimo-[\w-]+ [^>]*?data-html='([^']*)'[^>]*>", inline, text)
    return re.sub(r"<(marimo-[\w-]+) ([^>]*?)data-labels?='([^']*)'", with_labels, text)


@pytest.fixture(scope="session")
def html_of():
    """A cell's output as plain HTML, with marimo's nested outputs inlined."""

    def convert(output) -> str:
        if output is None:
            return ""
        return _expand(output.text if hasattr(output, "text") else str(output))

    return convert


@pytest.fixture(scope="session")
def text_of(html_of):
    """A cell's output as the words a learner reads (tags removed, spaces collapsed)."""
    import html

    def convert(output) -> str:
        words = re.sub(r"<[^>]+>", " ", html_of(output))
        return " ".join(html.unescape(words).split())

    return convert
