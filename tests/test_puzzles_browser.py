"""The puzzle trainer in a real Chromium: an answer moves the rating, and the record outlives a reload."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from test_lessons_browser import open_lesson, screenshot

pytestmark = pytest.mark.browser

KEY = "canasta-tutor:puzzles"


def _heading(page) -> str:
    return page.locator("h3").first.inner_text()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_trainer_keeps_the_learners_record_in_the_browser(width, marimo_server, page, marimo_runs,
                                                              no_marimo_errors, artifacts):
    page.set_viewport_size({"width": width, "height": 900})
    open_lesson(page, marimo_server, "13_puzzles.py", marimo_runs)
    expect(page.get_by_text("puzzles match").first).to_be_visible()
    expect(page.get_by_text("Your record is kept in this browser.")).to_be_visible()
    first = _heading(page)
    before = marimo_runs.count(page)
    page.get_by_role("radio", name="no").click()
    marimo_runs.wait(page, before)
    expect(page.get_by_text("of 1 tried", exact=False).first).to_be_visible()
    stored = json.loads(page.evaluate(f"window.localStorage.getItem({KEY!r})"))
    assert len(stored["solved"]) + len(stored["missed"]) == 1
    assert _heading(page).split(",")[0] == first.split(",")[0]  # the answered puzzle stays on show
    screenshot(page, artifacts / f"puzzle-trainer-{width}.png")
    page.reload()
    expect(page.get_by_text("puzzles match").first).to_be_visible()
    expect(page.get_by_text("of 1 tried", exact=False).first).to_be_visible(timeout=30_000)
    no_marimo_errors()
