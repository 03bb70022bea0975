"""Ship the site's Python already compiled, so a lesson page does not compile it in the browser.

Wheels from PyPI and Pyodide's standard library hold source only, and Pyodide
never writes bytecode (its file system is gone when the page closes), so every
page load compiled marimo, IPython and the rest from source: about two of the
ten seconds a lesson took to show its first output. Here each wheel of an
exported site, and the standard library's zip, get their bytecode beside the
source, compiled by the very interpreter the page runs (Pyodide, under Node),
as unchecked-hash ``.pyc`` files (PEP 552): valid whatever the files' times,
and the source is still there for tracebacks and ``inspect``.

The lock files the pages load packages by name each wheel by its sha256, so
every entry is rewritten with its compiled wheel's hash (the wheel keeps its
place, which the pages' package index links to). Compiled
archives are cached beside the Pyodide index, keyed by the source archive's
hash, and what the last build did not use is dropped from the cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

# Runs inside Pyodide: every (source, target, where) triple of archives from the
# JSON in ``JOBS`` is copied with the bytecode of each module that compiles,
# ``where`` saying where the page imports the archive's files from: a wheel is
# unpacked into site-packages, where the import system looks in ``__pycache__``;
# the standard library's zip is read in place by zipimport, which looks beside
# the source.
COMPILER = r"""
import importlib.util, json, os, sys, warnings, zipfile

TAG = sys.implementation.cache_tag
FOLDERS = {"site-packages": next(p for p in sys.path if p.endswith("site-packages")) + "/",
           "stdlib": next(p for p in sys.path if p.endswith(".zip")) + "/"}

def pyc_namer(where):
    if where == "stdlib":
        return lambda name: name + "c"
    def pyc_name(name):
        folder, _, module = name.rpartition("/")
        return f"{folder + '/' if folder else ''}__pycache__/{module[:-3]}.{TAG}.pyc"
    return pyc_name

def skipped(name):
    parts = name.split("/")
    return not name.endswith(".py") or "tests" in parts[:-1] or "test" in parts[:-1]

def compiled(source, target, where):
    pyc_name = pyc_namer(where)
    added = []
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        names = set(old.namelist())
        record = None
        for info in old.infolist():
            data = old.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            new.writestr(info, data)
            if skipped(info.filename) or pyc_name(info.filename) in names:
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    code = compile(data, FOLDERS[where] + info.filename, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                continue  # a module Python 3 cannot read is left for the page never to import
            pyc = importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), False)
            added.append(pyc_name(info.filename))
            new.writestr(added[-1], bytes(pyc))
        if record is not None:  # the compiled files are listed, without hashes as the wheel format allows
            extra = "".join(f"{name},,\n" for name in added)
            new.writestr(record[0], record[1].decode("utf-8").rstrip("\n") + "\n" + extra)
    return len(added)

for source, target, where in json.loads(JOBS):  # whole archives only: a cache never holds half of one
    print(f"{compiled(source, target + '.part', where)} {source}")
    os.replace(target + ".part", target)
"""

RUNNER = """
const { loadPyodide } = await import(process.env.PYODIDE_MJS);
const py = await loadPyodide({ indexURL: process.env.PYODIDE_INDEX });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("JOBS", process.env.JOBS);
py.runPython(process.env.COMPILER);
"""


class BytecodeError(RuntimeError):
    """The site's Python could not be compiled (Node missing, or Pyodide refused)."""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compile_archives(jobs: list[tuple[Path, Path, str]], index: Path) -> None:
    """Each source archive copied to its target with bytecode, by Pyodide under Node."""
    if not jobs:
        return
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise BytecodeError("Node.js is needed to compile the site's Python: apt-get install nodejs")
    env = {**os.environ, "PYODIDE_MJS": str(index / "pyodide.mjs"), "PYODIDE_INDEX": f"{index}/",
           "COMPILER": COMPILER, "JOBS": json.dumps([(f"/host{s.resolve()}", f"/host{t.resolve()}", w) for s, t, w in jobs])}
    done = subprocess.run([node, "--input-type=module", "-e", RUNNER], env=env, capture_output=True, text=True)
    missing = [t.name for _, t, _ in jobs if not t.is_file()]
    if done.returncode or missing:
        what = f"{len(missing)} of {len(jobs)} archives" if missing else "the site"
        raise BytecodeError(f"compiling {what} in Pyodide failed:\n"
                            f"{(done.stdout + done.stderr).strip()[-1500:]}")


def precompile_site(lessons: Path, index: Path, log=print) -> None:
    """Every wheel the site's lock files name, and its standard library, replaced by compiled copies."""
    cache = index.parent / "bytecode"
    cache.mkdir(exist_ok=True)
    locks = {lock: json.loads(lock.read_text(encoding="utf-8")) for lock in sorted((lessons / "lockfile").glob("*.json"))}
    wheels = {}  # old sha256 -> the wheel in the site
    for data in locks.values():
        for entry in data["packages"].values():
            wheels.setdefault(entry["sha256"], (lessons / "lockfile" / entry["file_name"]).resolve())
    stdlib = lessons / "pyodide" / "python_stdlib.zip"
    target = {sha: cache / sha / wheel.name for sha, wheel in wheels.items()}
    stdlib_target = cache / sha256(stdlib) / stdlib.name
    jobs = [(wheels[sha], t, "site-packages") for sha, t in target.items() if not t.is_file()]
    jobs += [] if stdlib_target.is_file() else [(stdlib, stdlib_target, "stdlib")]
    for _, t, _ in jobs:
        t.parent.mkdir(parents=True, exist_ok=True)
    if jobs:
        log(f"compiling {len(jobs)} archives' Python to bytecode (Pyodide under Node)")
    compile_archives(jobs, index)
    shutil.copyfile(stdlib_target, stdlib)
    new_sha = {}
    for sha, wheel in wheels.items():  # in place: the pages' package index links to each by its path
        shutil.copyfile(target[sha], wheel)
        new_sha[sha] = sha256(wheel)
    used = {t.parent for t in (*target.values(), stdlib_target)}
    for kept in cache.iterdir():  # what no page of this build uses (an older project wheel) goes
        if kept not in used:
            shutil.rmtree(kept)
    for lock, data in locks.items():
        for entry in data["packages"].values():
            entry["sha256"] = new_sha[entry["sha256"]]
        lock.write_text(json.dumps(data), encoding="utf-8")
