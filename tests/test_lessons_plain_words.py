"""What a learner reads: plain words, and limits that agree with the rules.

Every lesson is run top to bottom in this process (``app.run()``, marimo's own
runner; buttons stay unpressed, so no long search starts) and each cell's
output is read as the learner reads it. No output may show a file name, a data
key (a ``snake_case`` word or a dotted key), a solver term or a seat number; and every claim
about a limit (wild cards, minimum cards, canasta bonuses) must agree with the
lesson's variant data.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.rules import load_variant, rules_for

ROOT = Path(__file__).resolve().parent.parent
MINE = sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]_*.py"))

FILE_NAME = re.compile(r"\b\w+\.(?:txt|py|toml|jsonl)\b")
DATA_KEY = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[a-z]+\.[a-z_]+\b")
SOLVER = re.compile(r"\b(?:z3|unsat\w*|core|rlimit)\b", re.IGNORECASE)
SEAT = re.compile(r"\b(?:seat|player) \d\b", re.IGNORECASE)
# A rule block's last line: where the rule comes from (the variant data's own wording).
SOURCE = re.compile(r"Source: [^<]*")
# The referee lesson teaches the public spot notation, whose field names a learner types.
SPOT_FIELDS = {"red_threes"}
NUMBER = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


@pytest.fixture(scope="module")
def shown(load_lesson, html_of):
    """Each lesson's outputs as plain text, one string per lesson (rule sources taken out)."""
    import html

    texts = {}

    def read(stem):
        if stem not in texts:
            outputs, _ = load_lesson(stem).app.run()
            parts = []
            for out in outputs:
                raw = html_of(out)
                words = re.sub(r"<[^>]+>", " ", raw)
                parts.append(" ".join(html.unescape(words).split()))
            texts[stem] = "\n".join(parts)
        return texts[stem]

    return read


@pytest.mark.parametrize("stem", MINE)
def test_learners_see_no_file_names_data_keys_or_solver_terms(shown, stem):
    text = shown(stem)
    assert len(text) > 500, f"{stem}: read too little of the lesson"
    found = {m.group(0) for pattern in (FILE_NAME, DATA_KEY, SOLVER, SEAT) for m in pattern.finditer(text)}
    found -= {"e.g"}  # an abbreviation, not a key
    found -= SPOT_FIELDS if stem == "14_the_referee" else set()
    assert not found, f"{stem} shows the learner: {sorted(found)}"


def _variant_of(load_lesson, stem):
    lesson = load_lesson(stem)
    rules = getattr(lesson, "rules", None) or rules_for("classic")
    return rules


CLAIMS = [
    # (pattern, what the data says for the captured words)
    (re.compile(r"at least (\w+) naturals"), lambda r, m: NUMBER.get(m[1], m[1]) == r["meld"]["min_naturals"]),
    (re.compile(r"holds at most (\w+) wild cards"), lambda r, m: NUMBER.get(m[1]) == r.max_wilds()),
    (re.compile(r"with (\w+) naturals, up to (\w+) wild cards"),
     lambda r, m: NUMBER[m[2]] == min(c for c in (r.max_wilds(), NUMBER[m[1]]) if c is not None)),
    (re.compile(r"(\w+) naturals may carry up to (\w+) wild cards"),
     lambda r, m: NUMBER[m[2]] == min(c for c in (r.max_wilds(), NUMBER[m[1]]) if c is not None)),
    (re.compile(r"natural canasta and earns a bonus of (\d+)|(\d+) for each natural canasta"),
     lambda r, m: int(m[1] or m[2]) == r["canasta"]["natural_bonus"]),
    (re.compile(r"mixed canasta and earns (\d+)|(\d+) for each mixed one"),
     lambda r, m: int(m[1] or m[2]) == r["canasta"]["mixed_bonus"]),
    (re.compile(r"(\d+) for a wild canasta"), lambda r, m: int(m[1]) == r["canasta"]["wild_bonus"]),
    (re.compile(r"bonus of (\d+)\. A player may not go out"), lambda r, m: int(m[1]) == r["go_out"]["bonus"]),
    (re.compile(r"worth (\d+) instead of (\d+)"),
     lambda r, m: (int(m[1]), int(m[2])) == (r["go_out"]["concealed_bonus"], r["go_out"]["bonus"])),
    (re.compile(r"a side reaches (\d+)"), lambda r, m: int(m[1]) == r["game"]["target"]),
    (re.compile(r"first side to (\d+) points"), lambda r, m: int(m[1]) == r["game"]["target"]),
    (re.compile(r"melds of (\w+) cards or more|A meld of (\w+) or more cards is a canasta"),
     lambda r, m: NUMBER.get(m[1] or m[2], m[1] or m[2]) in (r["canasta"]["min_cards"], str(r["canasta"]["min_cards"]))),
    (re.compile(r"(\w+) or more wild cards put down"),
     lambda r, m: NUMBER.get(m[1].lower()) == r["wild_meld"]["min_cards"]),
    (re.compile(r"wild canasta, worth (\d+)"), lambda r, m: int(m[1]) == r["canasta"]["wild_bonus"]),
]


@pytest.mark.parametrize("stem", [s for s in MINE if s[:2] in ("00", "01", "02", "03", "04", "05", "06")])
def test_classic_lessons_state_limits_as_the_rules_have_them(load_lesson, shown, stem):
    rules = _variant_of(load_lesson, stem)
    text = shown(stem)
    wrong, checked = [], 0
    for pattern, agrees in CLAIMS:
        for match in pattern.finditer(text):
            checked += 1
            if not agrees(rules, match):
                wrong.append(match.group(0))
    if stem in ("02_melds_and_wild_cards", "06_going_out_and_scoring"):
        assert checked >= 4, f"{stem}: only {checked} limit claims found; has the wording changed?"
    assert not wrong, f"{stem} states limits the rules do not have: {wrong}"


def test_the_wild_card_limit_is_stated_from_the_data_in_lesson_2(shown):
    text = shown("02_melds_and_wild_cards")
    assert "with two naturals, up to two wild cards" in text
    assert "at most three wild cards" in text


def test_rule_sources_name_no_file():
    named = [f"{v}: {rid}: {r.provenance}" for v in ("classic", "house", "canasty", "albany")
             for rid, r in load_variant(v).rules.items() if FILE_NAME.search(r.provenance)]
    assert not named, named[:5]


def test_albany_deluxe_options_are_told_in_words_not_data_keys_A_DELUXE(load_lesson, html_of):
    class Value:
        def __init__(self, value):
            self.value = value

    lesson = load_lesson("12_albany_pile_and_scoring")
    out, _ = lesson.deluxe_view.run(deluxe_pick=Value(list(range(1, 10))))
    text = re.sub(r"<[^>]+>", " ", SOURCE.sub(" ", html_of(out)))
    assert "Canastas needed with 4 players" in text
    found = {m.group(0) for pattern in (FILE_NAME, DATA_KEY, SOLVER) for m in pattern.finditer(text)}
    assert not found, sorted(found)
