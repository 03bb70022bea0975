"""Build the course as a static site: ``make site`` writes ``site/``.

    python -m tools.site_build                  # every lesson into site/
    python -m tools.site_build --out DIR 02 13  # some lessons only (by number or file stem)

Every lesson is exported with ``marimo export html-wasm --offline``: the page
runs the lesson in the learner's own browser (Pyodide), with the project's
wheel (the rules, the z3 checker, the puzzle bank, the card widget's static
files), z3 5.3.3.0's browser wheel, and marimo, all copied into the site, so
the page needs nothing but its own folder and asks no other host for anything.

What the build needs (and takes only from the package registries):

* a Pyodide index for marimo's Pyodide version, assembled once from npm and
  PyPI and cached (``tools/pyodide_index.py``), served to the export on
  127.0.0.1 while it runs;
* ``uv`` on PATH (marimo reads a lesson's local imports, such as
  ``rulebook``, with ``uv tool run ruff``) and Debian's Chromium, which the
  export drives through Playwright (``tools/marimo_export.py``);
* Node.js, in which Pyodide itself compiles the site's Python to bytecode, so
  that a page does not compile marimo and the rest each time it opens
  (``tools/bytecode.py``).

Resolving a lesson's packages in a browser takes marimo a minute or two, and
every lesson imports the same packages (the standard library, the project,
``rulebook``, marimo), so the first lesson of each set of imports is
resolved and bundled, and the others reuse that bundle: their requirements are
pinned against its lock file, and the build fails if any is missing there.

``site/index.html`` lists the lessons in the gallery's order with the title and
description each one declares in its header, and marks those the learner has
done, read from the browser's localStorage under ``PROGRESS_KEY``.
"""

from __future__ import annotations

import argparse
import ast
import functools
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

from tools import bytecode, pyodide_index

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
DEFAULT_OUT = ROOT / "site"
# Where the lessons keep the learner's progress in the browser (localStorage), as JSON:
#   {"lessons": {"02_melds_and_wild_cards": "done", ...}, "exercises": {"<lesson>/<exercise>": "done", ...}}
# Lessons write it as the learner finishes them; the index page reads it.
PROGRESS_KEY = "canasta-tutor:progress"
# The imports a lesson may have and still share the first lesson's bundle.
PROJECT_IMPORTS = {"tutor", "rulebook", "marimo"}
SCRIPT_BLOCK = re.compile(r"(?m)^# /// script$\s(?P<content>(^#(| .*)$\s)+)^# ///$")
# Lessons link to each other as the lesson server names them (``?file=02_melds.py``);
# on the site each lesson is its own page, so such a link is forwarded to it.
LESSON_LINKS = """<script data-canasta-links>
  (() => {
    const file = new URLSearchParams(location.search).get("file");
    if (file && /^[\\w-]+\\.py$/.test(file)) location.replace(file.replace(/\\.py$/, ".html"));
  })();
</script>
"""


class SiteBuildError(RuntimeError):
    """The site could not be built; the message says which step and why."""


@dataclass(frozen=True)
class Lesson:
    path: Path
    title: str
    description: str

    @property
    def stem(self) -> str:
        return self.path.stem

    @property
    def page(self) -> str:
        return f"lessons/{self.stem}.html"


def script_header(text: str) -> dict:
    """A notebook's PEP 723 ``script`` block as TOML data ({} if it has none)."""
    match = SCRIPT_BLOCK.search(text)
    if match is None:
        return {}
    content = "".join(line[2:] if line.startswith("# ") else line[1:]
                      for line in match.group("content").splitlines(keepends=True))
    return tomllib.loads(content)


def course(lessons_dir: Path = LESSONS) -> list[Lesson]:
    """The lessons in the gallery's order: the numbered lessons, then the rule book."""
    paths = sorted(lessons_dir.glob("[0-9][0-9]_*.py")) + [lessons_dir / "rulebook.py"]
    lessons = []
    for path in paths:
        card = script_header(path.read_text(encoding="utf-8")).get("tool", {}).get("marimo", {}).get("opengraph", {})
        lessons.append(Lesson(path, card.get("title", path.stem), card.get("description", "")))
    return lessons


def third_party_imports(path: Path) -> frozenset[str]:
    """The top-level modules a notebook imports beyond the standard library and the project."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return frozenset(names - set(sys.stdlib_module_names) - PROJECT_IMPORTS)


def with_dependency(text: str, requirement: str) -> str:
    """The notebook with ``requirement`` added to its PEP 723 dependencies (a header is made if it has none)."""
    header = script_header(text)
    if "dependencies" in header:
        raise SiteBuildError("a lesson that lists its own dependencies needs them merged with the project's wheel")
    line = f"# dependencies = [{json.dumps(requirement)}]\n"
    if SCRIPT_BLOCK.search(text) is None:
        return f"# /// script\n{line}# ///\n{text}"
    return text.replace("# /// script\n", "# /// script\n" + line, 1)


def _tool(name: str) -> str:
    candidates = [os.environ.get("UV")] if name == "uv" else []
    candidates += [str(ROOT / ".tools" / "bin" / name), shutil.which(name)]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return candidate
    raise SiteBuildError(f"{name} not found: run `make site`, which installs it into .tools/")


def build_wheel(target: Path) -> Path:
    done = subprocess.run([_tool("uv"), "build", "--wheel", "--out-dir", str(target), str(ROOT)],
                          capture_output=True, text=True)
    if done.returncode:
        raise SiteBuildError(f"building the project's wheel failed: {done.stderr.strip()[-800:]}")
    wheels = sorted(target.glob("canasta_tutor-*.whl"))
    if len(wheels) != 1:
        raise SiteBuildError(f"expected one wheel of the project in {target}, found {len(wheels)}")
    return wheels[0]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


class StaticServer:
    """A folder served on 127.0.0.1 from a thread (``with StaticServer(folder) as url: ...``)."""

    def __init__(self, folder: Path):
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"

    def __enter__(self) -> str:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self.url

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _export(notebooks: list[Path], out: Path, index_url: str, reuse_lock: Path | None, log) -> None:
    """Lessons to ``out/lessons/<stem>.html`` through marimo's command line, in one child process."""
    command = [sys.executable, "-m", "tools.marimo_export"]
    if reuse_lock is not None:
        command += ["--reuse-lock", str(reuse_lock)]
    for i, notebook in enumerate(notebooks):
        command += ["--and"] if i else []
        command += ["export", "html-wasm", str(notebook), "-o", str(out / "lessons" / f"{notebook.stem}.html"),
                    "--mode", "run", "--no-sandbox", "--force", "--offline", "--pyodide-index-url", index_url]
    env = {**os.environ, "PATH": f"{Path(_tool('uv')).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=notebooks[0].parent)
    missing = [n.name for n in notebooks if not (out / "lessons" / f"{n.stem}.html").exists()]
    if done.returncode or missing:
        raise SiteBuildError(f"exporting {', '.join(missing) or 'the lessons'} failed:\n"
                             f"{(done.stdout + done.stderr).strip()[-2000:]}")
    how = "with the first one's packages" if reuse_lock else "packages resolved and bundled"
    log(f"  {', '.join(n.stem for n in notebooks)}: {time.monotonic() - started:.0f}s ({how})")


def lock_of(page: Path) -> Path:
    """The lock file an exported page loads its packages by."""
    match = re.search(r'data-pyodide-lockfile-url="\./(lockfile/[0-9a-f]+\.json)"', page.read_text(encoding="utf-8"))
    if match is None:
        raise SiteBuildError(f"{page.name} names no bundled lock file: was it exported with --offline?")
    return page.parent / match.group(1)


def index_page(lessons: list[Lesson]) -> str:
    """The course's front page: every lesson in order, those done marked from the browser's progress."""
    items = "\n".join(
        f'    <li class="lesson" data-lesson="{html.escape(lesson.stem)}">'
        f'<a href="{html.escape(lesson.page)}"><span class="title">{html.escape(lesson.title)}</span>'
        f'<span class="done" hidden>done</span></a>'
        f'<p>{html.escape(lesson.description)}</p></li>'
        for lesson in lessons)
    return INDEX_TEMPLATE.replace("{{items}}", items).replace("{{progress_key}}", json.dumps(PROGRESS_KEY))


INDEX_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canasta Tutor</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  h1 { margin-bottom: .2rem; }
  .lede { color: #555; margin-top: 0; }
  ol { list-style: none; padding: 0; }
  .lesson { border: 1px solid #ddd; border-radius: .5rem; padding: .7rem 1rem; margin: .6rem 0; }
  .lesson a { text-decoration: none; color: #1a4f8b; font-weight: 600; display: flex; justify-content: space-between; }
  .lesson p { margin: .3rem 0 0; color: #444; }
  .lesson.is-done { border-color: #3a8a3a; background: #f3faf3; }
  .done { color: #2d6e2d; font-size: .85rem; font-weight: 600; }
  #summary { color: #555; }
</style>
</head>
<body>
<h1>Canasta Tutor</h1>
<p class="lede">The rules of Canasta and its variants, one idea at a time. Every lesson runs in this
browser, the checker included: the first lesson you open fetches Python and the checker, so it takes a while
to start; the next ones start sooner.</p>
<p id="summary"></p>
<ol id="lessons">
{{items}}
</ol>
<script>
  // Progress is kept by the lessons in this browser only; nothing leaves it.
  const PROGRESS_KEY = {{progress_key}};
  function readProgress() {
    try { return JSON.parse(localStorage.getItem(PROGRESS_KEY) || "{}") || {}; } catch (e) { return {}; }
  }
  function showProgress() {
    const done = (readProgress().lessons) || {};
    const items = [...document.querySelectorAll(".lesson")];
    let count = 0;
    for (const item of items) {
      const isDone = done[item.dataset.lesson] === "done";
      item.classList.toggle("is-done", isDone);
      item.querySelector(".done").hidden = !isDone;
      count += isDone ? 1 : 0;
    }
    document.getElementById("summary").textContent = count ? `${count} of ${items.length} done` : "";
  }
  showProgress();
  window.addEventListener("storage", (event) => { if (event.key === PROGRESS_KEY) showProgress(); });
  window.addEventListener("pageshow", showProgress);
</script>
</body>
</html>
"""


def build(out: Path = DEFAULT_OUT, only: list[str] | None = None, log=print) -> list[Lesson]:
    """Build the site into ``out``; the lessons it holds, in order."""
    import marimo
    from marimo._pyodide.pyodide_constraints import PYODIDE_VERSION

    lessons = course()
    if only:
        lessons = [lesson for lesson in lessons if any(lesson.stem == o or lesson.stem.startswith(f"{o}_")
                                                        for o in only)]
        if not lessons:
            raise SiteBuildError(f"no lesson matches {' '.join(only)}")
    if not Path(os.environ.get("CHROMIUM", "/usr/bin/chromium")).exists():
        raise SiteBuildError("the export drives Debian's Chromium at /usr/bin/chromium: apt-get install chromium")
    if out.exists() and any(out.iterdir()) and not ((out / "index.html").is_file() and (out / "lessons").is_dir()):
        raise SiteBuildError(f"{out} is not empty and is not a site built before: choose another --out")
    index = pyodide_index.ensure_index(PYODIDE_VERSION, marimo.__version__, log=log)
    started = time.monotonic()
    if out.exists():
        shutil.rmtree(out)
    (out / "lessons").mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="canasta-site-") as tmp:
        stage = Path(tmp)
        wheel = build_wheel(stage / "wheels")
        for source in LESSONS.glob("*.py"):
            shutil.copy2(source, stage / source.name)
        requirement = f"canasta-tutor @ ./wheels/{wheel.name}"
        groups: dict[frozenset, list[Path]] = {}
        for lesson in lessons:
            staged = stage / lesson.path.name
            staged.write_text(with_dependency(lesson.path.read_text(encoding="utf-8"), requirement), encoding="utf-8")
            groups.setdefault(third_party_imports(lesson.path), []).append(staged)
        with StaticServer(index) as index_url:
            log(f"exporting {len(lessons)} lessons")
            for first, *rest in groups.values():
                _export([first], out, index_url, None, log)
                if rest:
                    _export(rest, out, index_url, lock_of(out / "lessons" / f"{first.stem}.html"), log)
    for lesson in lessons:
        page = out / lesson.page
        page.write_text(page.read_text(encoding="utf-8").replace("<head>", "<head>\n" + LESSON_LINKS, 1),
                        encoding="utf-8")
    bytecode.precompile_site(out / "lessons", index, log=log)
    for notes in (out / "lessons").glob("*.md"):  # marimo's notes for its own developers; no page reads them
        notes.unlink()
    (out / "index.html").write_text(index_page(lessons), encoding="utf-8")
    (out / ".nojekyll").touch()
    log(f"site built in {time.monotonic() - started:.0f}s: {out} ({folder_size(out) / 1e6:.0f} MB)")
    return lessons


def folder_size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.site_build", description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers or file stems (default: every lesson)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the folder to write (default: site/)")
    args = parser.parse_args(argv)
    try:
        build(args.out, args.lessons)
    except (SiteBuildError, pyodide_index.PyodideIndexError, bytecode.BytecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
