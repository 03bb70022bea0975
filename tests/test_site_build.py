"""The site builder's own pieces, without a browser: the course's order and cards, lesson headers, the index page."""

from __future__ import annotations

import html
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the site builder lives in tools/
from tools import bytecode, site_build  # noqa: E402
from tools.pyodide_index import _browser_tags, _emscripten_environment, required_specifiers  # noqa: E402

LOCK_INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.0"}


def test_course_lists_the_numbered_lessons_in_order_then_the_rule_book():
    stems = [lesson.stem for lesson in site_build.course()]
    numbered = sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]_*.py"))
    assert stems == [*numbered, "rulebook"]


def test_every_lesson_declares_the_title_and_description_the_index_shows():
    for lesson in site_build.course():
        assert lesson.title != lesson.stem and lesson.description, f"{lesson.path.name}: no card in its header"


def test_the_project_wheel_is_added_to_a_lesson_header_and_the_rest_of_the_lesson_is_untouched():
    source = (ROOT / "lessons" / "02_melds_and_wild_cards.py").read_text(encoding="utf-8")
    staged = site_build.with_dependency(source, "canasta-tutor @ ./wheels/canasta_tutor-0.2.0-py3-none-any.whl")
    header = site_build.script_header(staged)
    assert header["dependencies"] == ["canasta-tutor @ ./wheels/canasta_tutor-0.2.0-py3-none-any.whl"]
    assert header["tool"] == site_build.script_header(source)["tool"]
    assert staged.replace(staged.splitlines(keepends=True)[1], "", 1) == source


def test_a_lesson_without_a_header_gets_one():
    staged = site_build.with_dependency("import marimo\n", "canasta-tutor @ ./w.whl")
    assert site_build.script_header(staged)["dependencies"] == ["canasta-tutor @ ./w.whl"]
    assert staged.endswith("import marimo\n")


def test_a_lesson_with_its_own_dependencies_is_refused_rather_than_overwritten():
    source = '# /// script\n# dependencies = ["numpy"]\n# ///\nimport numpy\n'
    with pytest.raises(site_build.SiteBuildError, match="dependencies"):
        site_build.with_dependency(source, "canasta-tutor @ ./w.whl")


def test_lessons_import_nothing_beyond_the_standard_library_and_the_project():
    # What lets every lesson share the first one's bundle; a lesson that imports more gets its own.
    for lesson in site_build.course():
        assert site_build.third_party_imports(lesson.path) == frozenset(), lesson.path.name


def test_a_third_party_import_is_seen(tmp_path):
    notebook = tmp_path / "n.py"
    notebook.write_text("import json\nimport numpy as np\nfrom tutor.cards import Card\nfrom . import x\n")
    assert site_build.third_party_imports(notebook) == {"numpy"}


def test_index_page_links_every_lesson_and_reads_progress_under_the_documented_key():
    lessons = site_build.course()
    page = site_build.index_page(lessons)
    for lesson in lessons:
        assert f'href="{lesson.page}"' in page
        assert html.escape(lesson.title) in page and html.escape(lesson.description) in page
    assert page.index(lessons[0].page) < page.index(lessons[-1].page)
    assert f'"{site_build.PROGRESS_KEY}"' in page


def test_the_browser_runtime_takes_its_own_platform_and_pure_python_wheels():
    tags = {str(tag) for tag in _browser_tags(LOCK_INFO)}
    assert "cp314-cp314-pyemscripten_2026_0_wasm32" in tags and "py3-none-any" in tags
    assert not any("manylinux" in tag for tag in tags)


def test_requirements_are_read_as_the_browser_sees_them():
    env = _emscripten_environment(LOCK_INFO)
    assert env["sys_platform"] == "emscripten" and env["python_version"] == "3.14"
    lock = {name: {"depends": deps} for name, deps in
            {"micropip": [], "packaging": [], "docutils": [], "pygments": [], "jedi": ["parso"], "parso": [],
             "pyodide-http": [], "msgspec": [], "psutil": [], "numpy": []}.items()}
    chosen = required_specifiers(lock, LOCK_INFO)
    assert "parso" in chosen and "msgspec" in chosen  # through the lock file, and through marimo's requirements
    assert chosen["msgspec"].contains("0.23.0") and not chosen["msgspec"].contains("0.20.0")
    assert "psutil" not in chosen  # marimo needs it natively only
    assert "numpy" not in chosen


def test_a_folder_that_is_not_a_site_is_never_replaced(tmp_path):
    (tmp_path / "notes.txt").write_text("keep me")
    with pytest.raises(site_build.SiteBuildError, match="not a site built before"):
        site_build.build(tmp_path, ["02"], log=lambda *_: None)
    assert (tmp_path / "notes.txt").read_text() == "keep me"


def test_compiling_the_site_s_python_without_node_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    with pytest.raises(bytecode.BytecodeError, match="Node.js"):
        bytecode.compile_archives([(tmp_path / "a.whl", tmp_path / "b.whl", "site-packages")], tmp_path)
