"""The lesson gallery in a real Chromium: every lesson is listed, renders without an error, and reacts.

Uses the ``marimo_server``, ``page`` and ``marimo_runs`` fixtures from
``conftest.py``. A full-height screenshot of every lesson is kept in
``tests/artifacts/`` for a person to look at.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
NOTEBOOKS = sorted(LESSONS_DIR.glob("[0-9][0-9]_*.py")) + [LESSONS_DIR / "rulebook.py"]
CARD = '[data-testid="hand-card"]'


def open_lesson(page, server: str, name: str, runs):
    """Open a lesson of the gallery and wait until its cells have all run."""
    before = runs.count(page)
    page.goto(f"{server}/?file={name}")
    runs.wait(page, before, timeout=60)
    expect(page.locator("h1").first).to_be_visible()
    return page


def screenshot(tab, path: Path) -> None:
    """The whole lesson, not just the window: marimo scrolls inside the page, so grow the window first."""
    height = tab.evaluate("""() => {
        const all = [...document.querySelectorAll('*')];
        all.forEach((e) => { if (e.scrollTop) e.scrollTop = 0; });
        return Math.max(...all.map((e) => e.scrollHeight));
    }""")
    size = tab.viewport_size
    tab.set_viewport_size({"width": size["width"], "height": min(height + 40, 16_000)})
    tab.wait_for_timeout(300)
    tab.screenshot(path=path, full_page=True)
    tab.set_viewport_size(size)


def hand_tokens(tab, widget: int = 0) -> list[str]:
    hand = tab.locator('[data-testid="hand"]').nth(widget)
    return [c.get_attribute("data-card") for c in hand.locator(CARD).all()]


def click_and_wait(tab, runs, locator) -> None:
    before = runs.count(tab)
    locator.click()
    runs.wait(tab, before)


def test_gallery_lists_every_lesson_with_its_title_and_description(marimo_server, page, no_marimo_errors,
                                                                     artifacts):
    from marimo._metadata.opengraph import read_opengraph_from_file

    page.goto(marimo_server + "/")
    for notebook in NOTEBOOKS:
        declared = read_opengraph_from_file(str(notebook))
        assert declared and declared.title and declared.description, f"{notebook.name}: no gallery card in its header"
        card = page.locator(f'a[href*="file={notebook.name}"]').first
        expect(card).to_be_visible()
        expect(card).to_contain_text(declared.title)
        expect(card).to_contain_text(declared.description)
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

    cards = lesson.locator("marimo-text input").first
    # marimo's text box sends its value on Enter (it is debounced until then).
    cards.fill("KS kh 10c")
    cards.press("Enter")
    expect(lesson.get_by_text("KS KH TC", exact=True)).to_be_visible()
    no_marimo_errors(lesson)

    cards.fill("KS XX 2C")
    cards.press("Enter")
    expect(lesson.get_by_text("bad card 'XX' at position 2")).to_be_visible()
    lesson.screenshot(path=artifacts / "welcome-bad-card.png", full_page=True)
    no_marimo_errors(lesson)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_lesson_renders_without_errors(marimo_server, page, marimo_runs, no_marimo_errors, artifacts, notebook):
    open_lesson(page, marimo_server, notebook.name, marimo_runs)
    if notebook.name != "rulebook.py":
        expect(page.get_by_text("You will learn").first).to_be_visible()
        expect(page.locator('[data-testid="hand-widget"]').first).to_be_visible()
    screenshot(page, artifacts / f"lesson-{notebook.stem}.png")
    no_marimo_errors()


def _meld_in(tokens: list[str]) -> list[int] | None:
    """Positions of two naturals of one rank and a wild card (classic), if the hand has them."""
    ranks = Counter(t[0] for t in tokens if t != "JK" and t[0] not in "23")
    wild = next((i for i, t in enumerate(tokens) if t == "JK" or t[0] == "2"), None)
    pair = next((r for r, n in ranks.items() if n >= 2), None)
    if wild is None or pair is None:
        return None
    first = [i for i, t in enumerate(tokens) if t[0] == pair and t != "JK"][:2]
    return [*first, wild]


def test_selecting_cards_changes_the_verdict(marimo_server, page, marimo_runs, no_marimo_errors, artifacts):
    open_lesson(page, marimo_server, "02_melds_and_wild_cards.py", marimo_runs)
    deal_again = page.get_by_role("button", name="Deal again")
    while (meld := _meld_in(hand_tokens(page))) is None:
        click_and_wait(page, marimo_runs, deal_again)
    cards = page.locator(CARD)
    click_and_wait(page, marimo_runs, cards.nth(meld[0]))
    expect(page.locator('[data-verdict="no"]').first).to_contain_text("Not a legal meld")
    expect(page.get_by_text("a meld needs at least 3").first).to_be_visible()
    for i in meld[1:]:
        click_and_wait(page, marimo_runs, cards.nth(i))
    expect(page.locator('[data-verdict="yes"]').first).to_contain_text("A legal meld")
    screenshot(page, artifacts / "interaction-select-cards.png")
    no_marimo_errors()


def test_deal_again_deals_a_new_hand(marimo_server, page, marimo_runs, no_marimo_errors):
    open_lesson(page, marimo_server, "02_melds_and_wild_cards.py", marimo_runs)
    first = hand_tokens(page)
    click_and_wait(page, marimo_runs, page.get_by_role("button", name="Deal again"))
    expect(page.locator(CARD).first).to_be_visible()
    assert hand_tokens(page) != first
    no_marimo_errors()


def test_reveal_a_puzzle_proof(marimo_server, page, marimo_runs, no_marimo_errors, artifacts):
    open_lesson(page, marimo_server, "13_puzzles.py", marimo_runs)
    expect(page.get_by_text("puzzles match").first).to_be_visible()
    proof = page.locator("text=Answer: >> visible=true")
    expect(proof).to_have_count(0)
    page.get_by_text("Reveal the proof").click()
    expect(proof.first).to_be_visible()
    screenshot(page, artifacts / "interaction-puzzle-proof.png")
    no_marimo_errors()


def test_the_referee_gives_its_verdict(marimo_server, page, marimo_runs, no_marimo_errors, artifacts):
    open_lesson(page, marimo_server, "14_the_referee.py", marimo_runs)
    expect(page.get_by_text("The play judged: meld KS KH KD; discard 9S").first).to_be_visible()
    box = page.locator("marimo-text input").filter(has_not=page.locator("[disabled]"))
    play = page.get_by_role("textbox", name="Play")
    if play.count() != 1:
        play = box.nth(box.count() - 1)
    before = marimo_runs.count(page)
    play.fill("meld 7C 7D; discard 9S")
    play.press("Enter")
    marimo_runs.wait(page, before)
    expect(page.get_by_text("Illegal (step 1").first).to_be_visible()
    expect(page.locator('[data-rule="C-MELD"]', has_text="a meld needs at least 3").first).to_be_visible()
    screenshot(page, artifacts / "interaction-referee.png")
    no_marimo_errors()


def test_albany_joker_exchange_is_judged_as_the_learner_types_A_COMBINE(marimo_server, page, marimo_runs,
                                                                      no_marimo_errors, artifacts):
    open_lesson(page, marimo_server, "11_albany_sets_and_stoppers.py", marimo_runs)
    expect(page.get_by_text("is yours to meld").first).to_be_visible()
    natural = page.get_by_role("textbox", name="A natural from your hand")
    before = marimo_runs.count(page)
    natural.fill("9S")
    natural.press("Enter")
    marimo_runs.wait(page, before)
    expect(page.locator('[data-rule="A-COMBINE"]', has_text="cannot take the joker's place").first).to_be_visible()
    screenshot(page, artifacts / "interaction-joker-exchange.png")
    no_marimo_errors()


def test_saving_an_exercise_to_a_collection(marimo_server, page, marimo_runs, no_marimo_errors, artifacts):
    open_lesson(page, marimo_server, "15_workbench.py", marimo_runs)
    page.get_by_role("tab", name="Type JSON").click()
    spot = {"variant": "classic", "hand": "9S 2C KC 7H 4S", "melds": ["AS AH AD"], "discard": "5C JK 8D 9H",
            "phase": "before-draw"}
    area = page.locator("marimo-text-area textarea").first
    before = marimo_runs.count(page)
    area.fill(json.dumps(spot))
    area.blur()
    marimo_runs.wait(page, before)
    page.locator("marimo-dropdown select").nth(1).select_option(label="May the player take the pile?")
    play = page.get_by_role("textbox", name="Play (optional)")
    play.fill("9S 2C")
    play.press("Enter")
    click_and_wait(page, marimo_runs, page.get_by_role("button", name="Prove"))
    expect(page.get_by_text("Answer: no").first).to_be_visible(timeout=60_000)
    tags = page.get_by_role("textbox", name="Tags")
    tags.fill("week-3")
    tags.press("Enter")
    name_box = page.get_by_role("textbox", name="Collection name")
    name_box.fill("Week 3")
    name_box.press("Enter")
    click_and_wait(page, marimo_runs, page.get_by_role("button", name="Save to the collection"))
    expect(page.get_by_text("Saved").first).to_be_visible()
    with page.expect_download() as download:  # the learner's own copy, never a file on the server
        page.get_by_text("Download the collection").first.click()
    assert download.value.suggested_filename == "week-3.jsonl"
    lines = Path(download.value.path()).read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["question"] == "pickup"
    expect(page.get_by_text("That is the puzzle").first).to_be_visible()
    expect(page.get_by_text("Download the worksheet").first).to_be_visible()
    screenshot(page, artifacts / "interaction-workbench-saved.png")
    no_marimo_errors()


def test_play_a_hand_draw_then_discard(marimo_server, page, marimo_runs, no_marimo_errors, artifacts):
    open_lesson(page, marimo_server, "16_play_a_hand.py", marimo_runs)
    expect(page.get_by_text("Your turn: draw.").first).to_be_visible()
    click_and_wait(page, marimo_runs, page.get_by_role("button", name="Draw from the stock"))
    expect(page.get_by_text("Your turn: meld and discard.").first).to_be_visible()
    assert page.get_by_text("You: drew from the stock").count() == 1, "one click, one draw"
    expect(page.get_by_text("Refused:", exact=True)).to_have_count(0)
    # the game's hand is the page's first; the practice spots further down have hands of their own
    cards = page.locator('[data-testid="hand"]').first.locator(CARD)
    click_and_wait(page, marimo_runs, cards.nth(cards.count() - 1))
    click_and_wait(page, marimo_runs, page.get_by_role("button", name="Play", exact=True))
    expect(page.get_by_text("You: discard").first).to_be_visible()
    expect(page.get_by_text("Refused:", exact=True)).to_have_count(0)
    screenshot(page, artifacts / "interaction-play-a-hand.png")
    no_marimo_errors()


# -- a phone, and progress kept in the browser ------------------------------------------------

PHONE = {"width": 390, "height": 844}
NO_PAGE_SCROLL = """() => {
    const root = document.scrollingElement || document.documentElement;
    return {scroll: root.scrollWidth, body: document.body.scrollWidth, width: window.innerWidth};
}"""


def test_phone_a_long_hand_stays_on_the_table_and_a_selected_card_in_view(marimo_server, page, marimo_runs,
                                                                          no_marimo_errors, artifacts):
    page.set_viewport_size(PHONE)
    open_lesson(page, marimo_server, "01_cards_and_values.py", marimo_runs)
    hand = page.locator('[data-testid="hand"]').first
    hand.scroll_into_view_if_needed()
    cards = hand.locator(CARD)
    assert cards.count() >= 11
    sizes = page.evaluate(NO_PAGE_SCROLL)
    assert sizes["scroll"] <= sizes["width"] and sizes["body"] <= sizes["width"], sizes
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, f"card {i} is off the table: {box}"
    last = cards.nth(cards.count() - 1)
    click_and_wait(page, marimo_runs, last)
    expect(last).to_have_attribute("aria-selected", "true")
    expect(last).to_be_in_viewport()
    box = last.bounding_box()
    assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"] + 0.5
    for name in ("Group", "Clear"):
        button = page.locator(f'[data-testid="{name.lower()}-button"]').first
        b = button.bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] + 0.5, f"{name} does not fit: {b}"
    screenshot(page, artifacts / "phone-01-cards-and-values.png")
    no_marimo_errors()


def test_desktop_and_phone_melds_are_numbered_as_the_verdicts_number_them(marimo_server, page, marimo_runs,
                                                                          no_marimo_errors):
    for size in ({"width": 1280, "height": 900}, PHONE):
        page.set_viewport_size(size)
        open_lesson(page, marimo_server, "06_going_out_and_scoring.py", marimo_runs)
        melds = page.locator('[data-testid="melds"]').first
        expect(melds.locator(".ct-meld-number").first).to_have_text("1")
        expect(melds.locator(".ct-meld-number").nth(1)).to_have_text("2")
        sizes = page.evaluate(NO_PAGE_SCROLL)
        assert sizes["scroll"] <= sizes["width"], (size, sizes)
    no_marimo_errors()


def test_progress_is_kept_in_the_browser_and_ticked_in_the_welcome(marimo_server, page, marimo_runs,
                                                                   no_marimo_errors, artifacts):
    open_lesson(page, marimo_server, "00_start_here.py", marimo_runs)
    click_and_wait(page, marimo_runs, page.get_by_role("radio", name="seven"))
    expect(page.get_by_text("Right: a canasta is a meld of at least seven cards")).to_be_visible()
    page.wait_for_function("""() => {
        const p = JSON.parse(localStorage.getItem("canasta-tutor:progress") || "{}");
        return p.exercises && p.exercises["00_start_here/canasta-size"] === true;
    }""")
    stored = json.loads(page.evaluate('() => localStorage.getItem("canasta-tutor:progress")'))
    assert set(stored) == {"lessons", "exercises"} and "00_start_here" not in stored["lessons"]
    # A lesson the static index (or an earlier visit) recorded as done is ticked on the welcome page.
    page.evaluate("""() => {
        const p = JSON.parse(localStorage.getItem("canasta-tutor:progress"));
        p.lessons["02_melds_and_wild_cards"] = "done";
        localStorage.setItem("canasta-tutor:progress", JSON.stringify(p));
    }""")
    open_lesson(page, marimo_server, "00_welcome.py", marimo_runs)
    expect(page.get_by_text("✓ Classic 2: melds and wild cards").first).to_be_visible(timeout=30_000)
    expect(page.get_by_text("○ Classic 3: the first meld").first).to_be_visible()
    screenshot(page, artifacts / "welcome-progress.png")
    no_marimo_errors()


def test_phone_first_turn_with_the_coach(marimo_server, page, marimo_runs, no_marimo_errors, artifacts):
    page.set_viewport_size(PHONE)
    open_lesson(page, marimo_server, "00_start_here.py", marimo_runs)
    # the third hand on the page: the whose-melds practice and the quick check on ending a turn come first
    hand = page.locator('[data-testid="hand"]').nth(2)
    hand.scroll_into_view_if_needed()
    expect(page.get_by_text("Step 1 of 2, meld").first).to_be_visible()
    for token in ("AS", "AH", "AD"):
        click_and_wait(page, marimo_runs, hand.locator(f'{CARD}[data-card="{token}"]'))
    click_and_wait(page, marimo_runs, page.locator('[data-testid="group-button"]').nth(2))
    expect(page.get_by_text("Step 2 of 2, discard").first).to_be_visible()
    click_and_wait(page, marimo_runs, hand.locator(f'{CARD}[data-card="4C"]'))
    expect(page.get_by_text("Your turn is complete").first).to_be_visible()
    sizes = page.evaluate(NO_PAGE_SCROLL)
    assert sizes["scroll"] <= sizes["width"], sizes
    screenshot(page, artifacts / "phone-start-here.png")


def test_play_a_hand_coach_on_a_phone(marimo_server, page, marimo_runs, no_marimo_errors, artifacts):
    page.set_viewport_size({"width": 390, "height": 844})
    open_lesson(page, marimo_server, "16_play_a_hand.py", marimo_runs)
    expect(page.get_by_text("Your turn: draw.").first).to_be_visible()
    for name in ("Draw from the stock", "Take the pile", "Play", "Next hand", "Coach"):
        box = page.get_by_role("button", name=name, exact=True).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, f"{name} is off the screen"
    click_and_wait(page, marimo_runs, page.get_by_role("button", name="Coach", exact=True))
    expect(page.get_by_text("The search bot would").first).to_be_visible(timeout=30_000)
    text = page.locator("body").inner_text()
    assert "seat 0" not in text.lower() and "side 1" not in text.lower()
    screenshot(page, artifacts / "interaction-play-a-hand-coach-phone.png")
    no_marimo_errors()


# -- exercises answered on cards, at a desktop's width and a phone's --------------------------

WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": PHONE}
# lesson, the card widget of an exercise (its place among the lesson's hands), what one card clicked there shows
CARD_EXERCISES = [
    ("00_start_here.py", 0, "meld first"),
    ("00_start_here.py", 1, "Right: the draw came first"),
    ("01_cards_and_values.py", 0, "Select exactly two cards"),
    ("02_melds_and_wild_cards.py", 5, "Not a legal meld"),
    ("04_the_pile.py", 0, "Select exactly two cards"),
    ("05_red_and_black_threes.py", 1, "Only black threes"),
    ("06_going_out_and_scoring.py", 0, "you are not out"),
    ("06_going_out_and_scoring.py", 1, "whole hand down in this one turn"),
    ("08_canasty_cards_and_sets.py", 2, "not one of the bonus cards"),
    ("08_canasty_cards_and_sets.py", 4, "a meld needs at least three"),
    ("09_canasty_down_and_pile.py", 0, "is not a legal set"),
    ("09_canasty_down_and_pile.py", 2, "Select exactly two cards"),
    ("10_canasty_going_out_and_cheats.py", 1, "you are not out"),
    ("11_albany_sets_and_stoppers.py", 4, "Not a set"),
    ("11_albany_sets_and_stoppers.py", 6, "not one of the stoppers"),
    ("11_albany_sets_and_stoppers.py", 7, "you could have gone out"),
    ("12_albany_pile_and_scoring.py", 1, "at least two naturals"),
    ("12_albany_pile_and_scoring.py", 3, "That is the top card"),
    ("12_albany_pile_and_scoring.py", 4, "Not the"),
    ("12_albany_pile_and_scoring.py", 7, "Not a set"),
    ("12_albany_pile_and_scoring.py", 9, "Not a set"),
]


def fits_the_width(tab, hand, width: int) -> None:
    sizes = tab.evaluate(NO_PAGE_SCROLL)
    assert sizes["scroll"] <= sizes["width"], sizes
    cards = hand.locator(CARD)
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"card {i} is off the table: {box}"


@pytest.mark.parametrize("width", WIDTHS, ids=str)
@pytest.mark.parametrize("name, widget, shows", CARD_EXERCISES, ids=lambda v: str(v).split(".")[0])
def test_an_exercise_is_answered_on_cards_at_both_widths(marimo_server, page, marimo_runs, no_marimo_errors,
                                                         artifacts, name, widget, shows, width):
    page.set_viewport_size(WIDTHS[width])
    open_lesson(page, marimo_server, name, marimo_runs)
    hand = page.locator('[data-testid="hand"]').nth(widget)
    hand.scroll_into_view_if_needed()
    fits_the_width(page, hand, WIDTHS[width]["width"])
    click_and_wait(page, marimo_runs, hand.locator(CARD).first)
    expect(page.get_by_text(shows).first).to_be_visible()
    screenshot(page, artifacts / f"exercise-{name.split('.')[0]}-{widget}-{width}.png")
    no_marimo_errors()


@pytest.mark.parametrize("width", WIDTHS, ids=str)
def test_every_legal_meld_is_listed_as_numbered_cards_at_both_widths(marimo_server, page, marimo_runs,
                                                                     no_marimo_errors, artifacts, width):
    page.set_viewport_size(WIDTHS[width])
    open_lesson(page, marimo_server, "02_melds_and_wild_cards.py", marimo_runs)
    click_and_wait(page, marimo_runs, page.get_by_role("button", name="List every meld this hand could put down"))
    listing = page.locator("ol.meld-list").first
    expect(listing).to_be_visible(timeout=30_000)
    items = listing.locator("li")
    assert items.count() >= 1
    for i in range(items.count()):
        item = items.nth(i)
        assert item.locator(".tutor-card").count() >= 1
        words = item.inner_text()
        assert ("put down" in words or "to meld 1 on the table" in words) and item.get_attribute("data-cards")
        box = item.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTHS[width]["width"] + 0.5, box
    sizes = page.evaluate(NO_PAGE_SCROLL)
    assert sizes["scroll"] <= sizes["width"], sizes
    screenshot(page, artifacts / f"every-meld-02-{width}.png")
    no_marimo_errors()


def test_play_a_hand_a_practice_spot_is_dealt_and_the_coach_s_reasons_follow_the_answer(
        marimo_server, page, marimo_runs, no_marimo_errors, artifacts):
    open_lesson(page, marimo_server, "16_play_a_hand.py", marimo_runs)
    expect(page.get_by_text("What the others did since your last turn")).to_have_count(0)
    click_and_wait(page, marimo_runs, page.get_by_role("button", name="Deal a spot").first)
    expect(page.get_by_text("What the others did since your last turn").first).to_be_visible(timeout=30_000)
    click_and_wait(page, marimo_runs, page.get_by_role("radio", name="Draw from the stock"))
    expect(page.get_by_text("The search bot would").first).to_be_visible()
    text = page.locator("body").inner_text()
    assert "seat 0" not in text.lower() and "seat 1" not in text.lower()
    screenshot(page, artifacts / "interaction-play-a-hand-practice.png")
    no_marimo_errors()
