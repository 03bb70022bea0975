"""The lessons as a set: every rule taught somewhere, marimo's checks clean, every lesson built the same way.

These read the notebooks as files (and run ``marimo check``); what the cells
show is tested in ``test_lessons_cells.py`` and in the browser tests.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.rules import BUILTIN, load_variant

ROOT = Path(__file__).resolve().parent.parent
LESSONS_DIR = ROOT / "lessons"
NUMBERED = sorted(LESSONS_DIR.glob("[0-9][0-9]_*.py"))
# rulebook.py lists every rule by construction, so it does not count as teaching one.
TEACHING_TEXT = "\n".join(p.read_text(encoding="utf-8") for p in NUMBERED)


def test_there_are_lessons():
    assert len(NUMBERED) >= 17, f"expected the full set of lessons in {LESSONS_DIR}, found {len(NUMBERED)}"


def test_every_rule_id_of_every_variant_is_taught_in_some_lesson():
    missing = []
    for variant in BUILTIN:
        for rule_id in load_variant(variant).rules:
            if not re.search(re.escape(rule_id) + r"(?![A-Z0-9-])", TEACHING_TEXT):
                missing.append(f"{variant}: {rule_id}")
    checked = sum(len(load_variant(v).rules) for v in BUILTIN)
    assert checked > 40, "found too few rules to check: is tutor/variants/ empty?"
    assert not missing, "rule IDs no lesson mentions:\n" + "\n".join(missing)


# marimo 0.25.2 reads a notebook's gallery title and description from ``[tool.marimo.opengraph]`` in
# its PEP 723 header, and nowhere else; its notebook-config reader, which reads the same header, does
# not list that table among the keys it accepts and logs this line for it. Nothing else may be said.
KNOWN_MARIMO_WARNING = re.compile(r"^\[W [^\]]*\] tool\.marimo\.opengraph in script metadata is ignored for security reasons$")


def test_marimo_check_is_clean():
    run = subprocess.run([sys.executable, "-m", "marimo", "check", "--strict", "lessons/"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    lines = (run.stdout + run.stderr).strip().splitlines()
    output = "\n".join(line for line in lines if not KNOWN_MARIMO_WARNING.match(line))
    assert run.returncode == 0 and not output, f"marimo check lessons/ is not clean:\n{output}"


def test_start_here_comes_first_in_the_gallery_then_the_welcome():
    # The gallery of ``marimo run lessons/`` lists notebooks by file name.
    assert [p.stem for p in NUMBERED[:2]] == ["00_start_here", "00_welcome"]


def test_lessons_are_numbered_in_order_without_gaps():
    # "Start here" shares number 00 with the welcome, so that no other lesson is renumbered.
    numbers = [int(p.name[:2]) for p in NUMBERED if p.stem != "00_start_here"]
    assert numbers == list(range(len(numbers))), f"lesson numbers: {numbers}"
    for p in NUMBERED:
        assert re.fullmatch(r"\d\d_[a-z0-9_]+\.py", p.name), f"{p.name}: name lessons NN_words.py"


def _app_title(tree: ast.Module) -> str | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "app_title" and isinstance(node.value, ast.Constant):
            return node.value.value
    return None


@pytest.mark.parametrize("lesson", NUMBERED, ids=lambda p: p.stem)
def test_lesson_has_a_title_a_description_and_the_parts_of_a_lesson(lesson):
    text = lesson.read_text(encoding="utf-8")
    tree = ast.parse(text)
    assert _app_title(tree), f"{lesson.name}: give marimo.App an app_title (the page's title)"
    assert (ast.get_docstring(tree) or "").strip(), f"{lesson.name}: the module docstring is its description"
    assert re.search(r'mo\.md\(r?f?"""\s*\n\s*# \S', text), f"{lesson.name}: the first prose cell starts with an H1"
    assert "learn(" in text, f"{lesson.name}: a 'You will learn' list"
    assert "hide_code=True" in text, f"{lesson.name}: prose cells hide their code"
    assert "check(" in text or "practise(" in text, f"{lesson.name}: an exercise with instant feedback"
    assert "solution(" in text or "mo.accordion(" in text, f"{lesson.name}: a folded solution"
    assert "hand_widget(" in text, f"{lesson.name}: cards to pick in the card widget"
    assert "recap(" in text, f"{lesson.name}: a recap card that ends the lesson, with a link to the next"


@pytest.mark.parametrize("notebook", [*NUMBERED, LESSONS_DIR / "rulebook.py"], ids=lambda p: p.stem)
def test_gallery_card_has_a_title_and_a_one_sentence_description(notebook):
    # The very function the gallery of ``marimo run lessons/`` calls for each notebook it lists.
    from marimo._metadata.opengraph import derive_title_from_path, resolve_opengraph_metadata

    card = resolve_opengraph_metadata(str(notebook))
    assert card.title and card.title != derive_title_from_path(str(notebook)), \
        f"{notebook.name}: give it a gallery title in its header ([tool.marimo.opengraph] title)"
    assert card.description and re.fullmatch(r"[A-Z][^.!?]*\.", card.description), \
        f"{notebook.name}: its gallery description should be one sentence: {card.description!r}"


@pytest.mark.parametrize("lesson", NUMBERED[1:], ids=lambda p: p.stem)
def test_lesson_quotes_rules_with_their_source(lesson):
    text = lesson.read_text(encoding="utf-8")
    assert re.search(r"\b(quote|rule_html|meld_verdict|ask_verdict|verdict_view|puzzle_proof)\(", text), \
        f"{lesson.name}: state the rules it teaches with their IDs and sources"


def test_no_cell_is_giant():
    for lesson in [*NUMBERED, LESSONS_DIR / "rulebook.py"]:
        tree = ast.parse(lesson.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                size = node.end_lineno - node.lineno + 1
                assert size <= 60, f"{lesson.name}: {node.name} (line {node.lineno}) is {size} lines; split it"
