"""The course as a static site, run in a real Chromium: each lesson's Python runs in the browser (Pyodide).

The site is built once per test session by ``tools.site_build`` (the Pyodide
index it needs is cached, so only the first build on a machine downloads it),
then served from a thread on 127.0.0.1. Every request the pages make to any
other host is aborted and fails the test: a shared folder must be all a
learner needs. The z3 checker's answers in the browser are compared with the
native checker's on the same spot. Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import hashlib
import json
import sys
import warnings
import zipfile
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the site builder lives in tools/
from tools import bytecode, site_build  # noqa: E402
from test_lessons_browser import screenshot  # noqa: E402  (the whole lesson, not just the window)
from tutor.cards import format_cards, parse_cards  # noqa: E402
from tutor.errors import IllegalPlayError  # noqa: E402
from tutor.melds import judge  # noqa: E402
from tutor.questions import ask  # noqa: E402
from tutor.rules import rules_for  # noqa: E402
from tutor.spot import Spot  # noqa: E402

pytestmark = pytest.mark.browser

# The lessons the quick run builds and opens: the card widget with the z3
# checker, the puzzle bank read from package resources, and the referee.
QUICK = ("02_melds_and_wild_cards", "13_puzzles", "14_the_referee")
CARD = '[data-testid="hand-card"]'
# Under Pyodide a lesson first downloads and starts Python, marimo and z3: 6-8 s
# here at idle, several times that when the other test worker loads both cores.
FIRST_OUTPUT_MS = 120_000
RUN_MS = 60_000


def _wants_every_lesson(session) -> bool:
    return any(item.get_closest_marker("slow") and item.module.__name__.endswith("test_site")
               for item in session.items)


@pytest.fixture(scope="session")
def built_site(request, tmp_path_factory) -> Path:
    """The folder the site is built into, once per session."""
    out = tmp_path_factory.mktemp("site")
    only = None if _wants_every_lesson(request.session) else list(QUICK)
    try:
        site_build.build(out, only, log=lambda *_: None)
    except (site_build.SiteBuildError, bytecode.BytecodeError) as e:
        pytest.fail(f"the site did not build: {e}")
    return out


@pytest.fixture(scope="session")
def site(built_site):
    """The built site, served on 127.0.0.1; yields its base URL (no trailing slash)."""
    with site_build.StaticServer(built_site) as url:
        yield url.rstrip("/")


@pytest.fixture
def offline_page(browser, site, artifacts, request):
    """A page on which any request off the site's origin is aborted and recorded in ``page.off_origin``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    origin = urlparse(site).netloc
    off_origin: list[str] = []
    errors: list[str] = []

    def guard(route):
        url = route.request.url
        if urlparse(url).scheme in ("http", "https", "ws", "wss") and urlparse(url).netloc != origin:
            off_origin.append(url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", guard)
    page = context.new_page()
    console: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.off_origin = off_origin
    page.errors = errors
    page.console = console
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        page.screenshot(path=artifacts / f"FAILED-{request.node.name}.png", full_page=True)
    context.close()


def _first_output(page, stem: str) -> None:
    expect(page.locator("h1").first).to_be_visible(timeout=FIRST_OUTPUT_MS)
    if stem != "rulebook":
        expect(page.get_by_text("You will learn").first).to_be_visible(timeout=FIRST_OUTPUT_MS)
        expect(page.locator('[data-testid="hand-widget"]').first).to_be_visible(timeout=FIRST_OUTPUT_MS)


def _what_the_page_said(page) -> str:
    return ("page errors: " + (" | ".join(page.errors[-5:]) or "none") + "\nlast console lines:\n  "
            + ("\n  ".join(page.console[-15:]) or "none"))


def open_lesson(page, site: str, stem: str):
    """Opens a lesson and waits for its Python's first output.

    A page whose Python never starts is opened once more, as a learner would
    reload it; the first stall is reported as a warning with what the page
    said, and a second one fails the test with both accounts."""
    page.goto(f"{site}/lessons/{stem}.html")
    try:
        _first_output(page, stem)
        return page
    except AssertionError:
        first = _what_the_page_said(page)
    page.console.clear()
    page.reload()
    try:
        _first_output(page, stem)
    except AssertionError as e:
        raise AssertionError(f"{stem} never showed its first output, twice.\nFirst load: {first}\n"
                             f"Reload: {_what_the_page_said(page)}") from e
    warnings.warn(f"{stem} showed no output within {FIRST_OUTPUT_MS // 1000} s until reloaded; "
                  f"the first load said: {first}")
    return page


def assert_offline_and_clean(page) -> None:
    assert page.off_origin == [], f"the page asked other hosts: {page.off_origin[:5]}"
    body = page.locator("body").inner_text()
    for text in ("An internal error occurred", "This cell wasn't run because it has errors",
                 "Ancestor prevented from running"):
        assert text not in body, f"{page.url} shows: {text}"


def hand_tokens(page) -> list[str]:
    hand = page.locator('[data-testid="hand"]').first
    return [card.get_attribute("data-card") for card in hand.locator(CARD).all()]


def native_meld_verdict(tokens: list[str]) -> str:
    """What the native library says of these cards as a meld in an ordinary turn: "yes" or "no"."""
    try:
        judge(rules_for("classic", {"players": 2}), parse_cards(" ".join(tokens)), going_out=False)
    except IllegalPlayError:
        return "no"
    return "yes"


def native_meld_listing(tokens: list[str]) -> list[str]:
    """Lesson 02's "every legal meld" list, asked of the native z3 checker on the same spot."""
    rules = rules_for("classic", {"players": 2})
    hand = parse_cards(" ".join(tokens))
    held = {card.rank for card in hand}
    rank = next(r for r in rules.natural_ranks if r not in held)
    spot = Spot.from_dict({"variant": "classic", "options": {"players": 2}, "hand": format_cards(hand),
                           "melds": [f"{rank}S {rank}H {rank}D"]})
    verdict = ask("melds", spot)
    return [(m["cards"], str(m["to"] or ""), f"{m['points']} points") for m in verdict.extra["melds"]]


def test_the_site_ships_its_python_compiled_for_the_browser_and_each_lock_file_hash_fits_its_wheel(built_site):
    lessons = built_site / "lessons"
    locks = sorted((lessons / "lockfile").glob("*.json"))
    assert locks
    for lock in locks:
        data = json.loads(lock.read_text(encoding="utf-8"))
        tag = "cpython-" + "".join(data["info"]["python"].split(".")[:2])
        for name, entry in data["packages"].items():
            wheel = (lock.parent / entry["file_name"]).resolve()
            assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        project = (lock.parent / data["packages"]["canasta-tutor"]["file_name"]).resolve()
        with zipfile.ZipFile(project) as wheel:
            names = set(wheel.namelist())
        modules = [n for n in names if n.startswith("tutor/") and n.endswith(".py")]
        assert "tutor/questions.py" in modules
        for module in modules:
            folder, _, file = module.rpartition("/")
            assert f"{folder}/__pycache__/{file[:-3]}.{tag}.pyc" in names, module
    with zipfile.ZipFile(lessons / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    assert {"json/__init__.pyc", "asyncio/__init__.pyc", "zipfile/__init__.pyc"} <= names


def test_index_lists_every_built_lesson_in_order_with_its_title_and_description(offline_page, site, artifacts):
    page = offline_page
    page.goto(site + "/")
    cards = page.locator("li.lesson")
    stems = [cards.nth(i).get_attribute("data-lesson") for i in range(cards.count())]
    assert [lesson.stem for lesson in site_build.course() if lesson.stem in stems] == stems
    assert set(QUICK) <= set(stems)
    for lesson in site_build.course():
        if lesson.stem in stems:
            card = page.locator(f'li[data-lesson="{lesson.stem}"]')
            expect(card).to_contain_text(lesson.title)
            expect(card).to_contain_text(lesson.description)
            assert card.locator("a").get_attribute("href") == lesson.page
    screenshot(page, artifacts / "site-index.png")
    assert_offline_and_clean(page)


def test_index_marks_the_lessons_the_browser_recorded_as_done(offline_page, site):
    page = offline_page
    page.goto(site + "/")
    expect(page.locator("li.lesson.is-done")).to_have_count(0)
    page.evaluate("""([key, lesson]) => localStorage.setItem(key, JSON.stringify(
        {lessons: {[lesson]: "done"}, exercises: {}}))""", [site_build.PROGRESS_KEY, QUICK[0]])
    page.reload()
    expect(page.locator("li.lesson.is-done")).to_have_count(1)
    expect(page.locator(f'li[data-lesson="{QUICK[0]}"] .done')).to_be_visible()
    expect(page.locator("#summary")).to_contain_text("1 of")


def test_a_link_between_lessons_as_the_lesson_server_names_them_opens_the_lesson_page(offline_page, site):
    page = offline_page
    page.goto(f"{site}/lessons/{QUICK[0]}.html?file={QUICK[1]}.py")
    page.wait_for_url(f"{site}/lessons/{QUICK[1]}.html")


def test_melds_lesson_runs_the_z3_checker_in_the_browser_and_agrees_with_the_native_one(offline_page, site,
                                                                                        artifacts):
    page = open_lesson(offline_page, site, "02_melds_and_wild_cards")
    tokens = hand_tokens(page)
    assert len(tokens) >= 3
    cards = page.locator('[data-testid="hand"]').first.locator(CARD)
    for i in range(3):
        cards.nth(i).click()
    expected = native_meld_verdict(tokens[:3])
    verdict = page.locator("[data-verdict]").first
    expect(verdict).to_have_attribute("data-verdict", expected, timeout=RUN_MS)

    page.get_by_role("button", name="List every meld this hand could put down").click()
    listing = page.locator("marimo-cell-output, .output", has_text="on the table:").last
    expect(listing).to_be_visible(timeout=RUN_MS)
    native = native_meld_listing(tokens)
    # each listed meld is drawn as cards; its notation is kept out of sight, in the item's attributes
    shown = [(item.get_attribute("data-cards"), item.get_attribute("data-to"),
              item.inner_text().split(", ")[-1].rstrip(")").strip()) for item in listing.locator("li").all()]
    assert Counter(shown) == Counter(native), f"browser: {shown}\nnative: {native}"
    screenshot(page, artifacts / "site-02-every-meld.png")
    assert_offline_and_clean(page)


def test_puzzles_lesson_reads_the_bank_from_the_package_and_reveals_a_proof(offline_page, site, artifacts):
    page = open_lesson(offline_page, site, "13_puzzles")
    expect(page.get_by_text("puzzles match").first).to_be_visible(timeout=RUN_MS)
    page.get_by_text("Reveal the proof").first.click()
    expect(page.locator("text=Answer: >> visible=true").first).to_be_visible(timeout=RUN_MS)
    screenshot(page, artifacts / "site-13-puzzle-proof.png")
    assert_offline_and_clean(page)


def test_referee_lesson_judges_a_typed_play_in_the_browser_C_MELD(offline_page, site, artifacts):
    page = open_lesson(offline_page, site, "14_the_referee")
    expect(page.get_by_text("The play judged: meld KS KH KD; discard 9S").first).to_be_visible(timeout=RUN_MS)
    play = page.get_by_role("textbox", name="Play")
    if play.count() != 1:
        boxes = page.locator("marimo-text input").filter(has_not=page.locator("[disabled]"))
        play = boxes.nth(boxes.count() - 1)
    play.fill("meld 7C 7D; discard 9S")
    play.press("Enter")
    expect(page.get_by_text("Illegal (step 1").first).to_be_visible(timeout=RUN_MS)
    expect(page.locator('[data-rule="C-MELD"]', has_text="a meld needs at least 3").first).to_be_visible()
    screenshot(page, artifacts / "site-14-referee.png")
    assert_offline_and_clean(page)


@pytest.mark.slow
@pytest.mark.parametrize("lesson", site_build.course(), ids=lambda lesson: lesson.stem)
def test_every_lesson_runs_from_the_site(offline_page, site, artifacts, lesson):
    page = open_lesson(offline_page, site, lesson.stem)
    screenshot(page, artifacts / f"site-lesson-{lesson.stem}.png")
    assert_offline_and_clean(page)
