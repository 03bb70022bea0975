"""The lesson gallery in a real Chromium: the welcome lesson is listed, opens, and reacts.

Uses the ``marimo_server`` and ``page`` fixtures from ``conftest.py``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_gallery_lists_the_welcome_lesson(marimo_server, page, no_marimo_errors, artifacts):
    page.goto(marimo_server + "/")
    link = page.locator('a[href*="file=00_welcome.py"]').first
    expect(link).to_be_visible()
    page.screenshot(path=artifacts / "gallery.png", full_page=True)
    no_marimo_errors()


def test_welcome_lesson_parses_cards_live(marimo_server, page, no_marimo_errors, artifacts):
    page.goto(marimo_server + "/")
    # The gallery opens a lesson in its own tab.
    with page.context.expect_page() as opened:
        page.locator('a[href*="file=00_welcome.py"]').first.click()
    lesson = opened.value
    expect(lesson.get_by_role("heading", name="Canasta Tutor", level=1)).to_be_visible()
    # The starting value has been parsed: every cell down to the output has run.
    expect(lesson.get_by_text("KS KH 2C JK", exact=True)).to_be_visible()

    cards = lesson.locator("marimo-text input")
    expect(cards).to_have_count(1)
    # marimo's text box sends its value on Enter (it is debounced until then).
    cards.fill("KS kh 10c")
    cards.press("Enter")
    expect(lesson.get_by_text("KS KH TC", exact=True)).to_be_visible()
    lesson.screenshot(path=artifacts / "welcome-parsed.png", full_page=True)
    no_marimo_errors(lesson)

    cards.fill("KS XX 2C")
    cards.press("Enter")
    expect(lesson.get_by_text("bad card 'XX' at position 2")).to_be_visible()
    lesson.screenshot(path=artifacts / "welcome-bad-card.png", full_page=True)
    no_marimo_errors(lesson)
