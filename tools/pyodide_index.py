"""A local Pyodide ``full/`` index, assembled from the npm and PyPI registries only.

marimo's offline export bundles the browser's Python from a Pyodide
distribution. The npm package ``pyodide`` holds the runtime and its lock file
(``pyodide-lock.json``) but none of the packages the lock file lists, so the
index is completed here: for each package the lessons' runtime needs (the
packages marimo loads first, and those the project and marimo-base require
under Pyodide) the wheel of the lock file's version is taken from PyPI and its
entry rewritten with that wheel's sha256. Entries left out are dropped from the
lock file: the export then finds those packages on PyPI, as it does for every
package the Pyodide distribution does not carry.

Two kinds of entry need more than a download, and both are settled by data,
not by name:

* a lock file version older than a requirement allows (marimo-base asks for a
  newer msgspec than Pyodide 314 ships): the newest version on PyPI that
  satisfies every requirement and has a browser or pure-Python wheel;
* a version whose browser wheel exists only in Pyodide's own build (pyyaml):
  ``PURE_FALLBACK`` names packages whose compiled part is an optional speed-up,
  and their pure-Python modules are repacked as a ``py3-none-any`` wheel.

The result is cached under ``~/.cache/canasta-tutor/pyodide-<marimo version>/``
(``$XDG_CACHE_HOME`` if set) and reused by every later build.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.tags import Tag
from packaging.utils import canonicalize_name, parse_wheel_filename
from packaging.version import Version

PYPI_SIMPLE = "https://pypi.org/simple/"
# Files the export copies from the index into every site (see marimo's offline export).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# What marimo's resolver loads from the lock file before anything else.
RESOLVER_PACKAGES = ("micropip", "packaging", "docutils", "pygments", "jedi", "pyodide-http")
# Packages whose compiled extension only speeds them up: without a browser wheel
# on PyPI, their pure-Python modules serve as well.
PURE_FALLBACK = {"pyyaml": ("yaml",)}
# The distributions whose requirements the browser runtime installs.
ROOTS = ("canasta-tutor", "marimo")


class PyodideIndexError(RuntimeError):
    """The Pyodide index could not be assembled (a registry refused, or a file did not match)."""


@dataclass(frozen=True)
class WheelFile:
    filename: str
    url: str
    sha256: str


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "canasta-tutor"


def _get(url: str, accept: str | None = None) -> bytes:
    request = urllib.request.Request(url, headers={"Accept": accept} if accept else {})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.read()
    except OSError as e:
        raise PyodideIndexError(f"could not fetch {url}: {e}") from e


def _pypi_files(name: str) -> list[WheelFile]:
    """Every file PyPI holds for a project (the simple index, PEP 691 JSON)."""
    page = json.loads(_get(f"{PYPI_SIMPLE}{canonicalize_name(name)}/", "application/vnd.pypi.simple.v1+json"))
    return [WheelFile(f["filename"], f["url"], f["hashes"]["sha256"]) for f in page["files"]
            if not f.get("yanked")]


def _download(file: WheelFile, target: Path) -> None:
    data = _get(file.url)
    if hashlib.sha256(data).hexdigest() != file.sha256:
        raise PyodideIndexError(f"{file.filename}: the download does not match PyPI's sha256")
    partial = target.with_name(target.name + ".part")
    partial.write_bytes(data)
    partial.replace(target)  # a build stopped halfway leaves no truncated wheel behind


def _browser_tags(info: dict) -> set[Tag]:
    """The wheel tags this Pyodide installs: its own platform, and pure Python."""
    py = "cp" + "".join(info["python"].split(".")[:2])
    platform = f"pyemscripten_{info['abi_version']}_{info['arch']}"
    tags = {Tag(py, py, platform), Tag(py, "abi3", platform)}
    tags |= {Tag(interpreter, "none", "any") for interpreter in ("py3", "py2.py3", py)}
    return tags


def _browser_wheel(files: list[WheelFile], tags: set[Tag], version: Version) -> WheelFile | None:
    for file in files:
        if not file.filename.endswith(".whl"):
            continue
        _, wheel_version, _, wheel_tags = parse_wheel_filename(file.filename)
        if wheel_version == version and wheel_tags & tags:
            return file
    return None


def _emscripten_environment(info: dict) -> dict:
    env = default_environment()
    python = info["python"]
    env.update(sys_platform="emscripten", platform_system="Emscripten", os_name="posix",
               platform_machine="wasm32", python_version=".".join(python.split(".")[:2]),
               python_full_version=python, implementation_name="cpython")
    return env


def required_specifiers(lock_packages: dict, info: dict) -> dict[str, SpecifierSet]:
    """What the runtime needs from the lock file: name -> every version constraint on it.

    The closure of the project's and marimo's requirements as the browser sees
    them (markers evaluated for Emscripten), read from the metadata of the
    distributions installed here, plus marimo's resolver packages; then the
    lock file's own dependencies of every entry reached.
    """
    env = _emscripten_environment(info)
    wanted: dict[str, SpecifierSet] = {canonicalize_name(n): SpecifierSet() for n in RESOLVER_PACKAGES}
    pending, seen = list(ROOTS), set()
    while pending:
        name = canonicalize_name(pending.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        for text in requires:
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate({**env, "extra": ""}):
                continue
            dependency = canonicalize_name(requirement.name)
            wanted[dependency] = wanted.get(dependency, SpecifierSet()) & requirement.specifier
            pending.append(dependency)
    chosen = {name: spec for name, spec in wanted.items() if name in lock_packages}
    pending = list(chosen)
    while pending:
        for dependency in lock_packages[pending.pop()]["depends"]:
            dependency = canonicalize_name(dependency)
            if dependency not in chosen and dependency in lock_packages:
                chosen[dependency] = SpecifierSet()
                pending.append(dependency)
    return chosen


def _pure_repack(name: str, version: Version, files: list[WheelFile], target_dir: Path) -> Path:
    """A ``py3-none-any`` wheel of a package's pure-Python modules, taken from one of its native wheels."""
    native = next((f for f in files if f.filename.endswith(".whl")
                   and parse_wheel_filename(f.filename)[1] == version), None)
    if native is None:
        raise PyodideIndexError(f"{name} {version}: PyPI has no wheel to take its Python modules from")
    packages = PURE_FALLBACK[canonicalize_name(name)]
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / native.filename
        _download(native, archive)
        with zipfile.ZipFile(archive) as source:
            payload = {path: source.read(path) for path in source.namelist()
                       if path.endswith(".py") and path.split("/", 1)[0] in packages}
    if not payload:
        raise PyodideIndexError(f"{name} {version}: no Python modules found in {native.filename}")
    distribution = canonicalize_name(name).replace("-", "_")
    dist_info = f"{distribution}-{version}.dist-info"
    payload[f"{dist_info}/METADATA"] = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()
    payload[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: canasta-tutor\n"
                                     b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in sorted(payload.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([path, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    payload[f"{dist_info}/RECORD"] = record.getvalue().encode()
    wheel = target_dir / f"{distribution}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for path, data in sorted(payload.items()):
            out.writestr(zipfile.ZipInfo(path, (1980, 1, 1, 0, 0, 0)), data)
    return wheel


def _materialize(name: str, entry: dict, spec: SpecifierSet, tags: set[Tag], folder: Path) -> dict:
    """Put a wheel for one lock file entry into ``folder``; the entry as rewritten for it."""
    files = _pypi_files(entry["name"])
    version = Version(entry["version"])
    if version not in spec:
        candidates = sorted({parse_wheel_filename(f.filename)[1] for f in files if f.filename.endswith(".whl")},
                            reverse=True)
        version = next((v for v in candidates if v in spec and not v.is_prerelease
                        and _browser_wheel(files, tags, v)), None)
        if version is None:
            raise PyodideIndexError(f"{name}: no browser wheel on PyPI satisfies {spec}")
    wheel = _browser_wheel(files, tags, version)
    if wheel is not None:
        target = folder / wheel.filename
        if not target.exists():
            _download(wheel, target)
    elif canonicalize_name(name) in PURE_FALLBACK:
        target = _pure_repack(entry["name"], version, files, folder)
    else:
        raise PyodideIndexError(f"{name} {version}: PyPI has no wheel for the browser")
    return {**entry, "version": str(version), "file_name": target.name,
            "sha256": hashlib.sha256(target.read_bytes()).hexdigest()}


def _npm_pack(package: str, target: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise PyodideIndexError("npm is needed to fetch the Pyodide runtime (apt-get install npm)")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([npm, "pack", package, "--pack-destination", tmp, "--silent"],
                              capture_output=True, text=True)
        if done.returncode:
            raise PyodideIndexError(f"npm pack {package} failed: {done.stderr.strip()[-500:]}")
        (archive,) = Path(tmp).glob("*.tgz")
        with tarfile.open(archive) as tar:
            for name in RUNTIME_FILES:
                member = tar.getmember(f"package/{name}")
                partial = target / f"{name}.part"
                partial.write_bytes(tar.extractfile(member).read())
                partial.replace(target / name)


def ensure_index(pyodide_version: str, marimo_version: str, log=print) -> Path:
    """The folder of the local Pyodide index (assembled on first use, then reused).

    The index is assembled again (downloading only what it lacks) when the set
    of packages the runtime needs from it changes, as when the project gains a
    dependency.
    """
    folder = cache_root() / f"pyodide-{marimo_version}" / "full"
    original = folder / "npm-pyodide-lock.json"
    marker = folder / "assembled.json"
    if not original.exists():
        log(f"fetching the Pyodide {pyodide_version} runtime into {folder} (once)")
        folder.mkdir(parents=True, exist_ok=True)
        _npm_pack(f"pyodide@{pyodide_version}", folder)
        (folder / "pyodide-lock.json").replace(original)
    lock = json.loads(original.read_text())
    chosen = required_specifiers(lock["packages"], lock["info"])
    wanted = {name: str(spec) for name, spec in sorted(chosen.items())}
    if marker.exists() and json.loads(marker.read_text()) == wanted and (folder / "pyodide-lock.json").exists():
        return folder
    log(f"assembling the Pyodide {pyodide_version} index in {folder}")
    tags = _browser_tags(lock["info"])
    lock["packages"] = {name: _materialize(name, lock["packages"][name], spec, tags, folder)
                        for name, spec in sorted(chosen.items())}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    marker.write_text(json.dumps(wanted, indent=1))
    return folder


if __name__ == "__main__":
    import marimo
    from marimo._pyodide.pyodide_constraints import PYODIDE_VERSION

    try:
        print(ensure_index(PYODIDE_VERSION, marimo.__version__))
    except PyodideIndexError as e:
        sys.exit(f"error: {e}")
