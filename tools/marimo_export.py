"""Run ``marimo export ...`` with Playwright driving the system Chromium.

marimo's offline export resolves the notebook's packages inside a headless
Chromium that it launches with a bare ``chromium.launch()``, which would look
for a browser Playwright downloaded itself. Here every launch is pointed at
Debian's ``/usr/bin/chromium`` (or ``$CHROMIUM``) with the flags that keep it
quiet and offline, and then marimo's command line runs as usual:

    python -m tools.marimo_export export html-wasm lesson.py -o out/lesson.html --offline ...
    python -m tools.marimo_export --reuse-lock out/lockfile/ab12.json export html-wasm a.py ... --and export ...

With ``--reuse-lock``, the export does not resolve the notebook's packages in
a browser again: it pins them against a bundle an earlier export of the same
packages left in the same folder (its lock file), and fails if a requirement,
or a wheel built from the notebook's folder, is not exactly in that bundle.
Such exports need no browser, and several run in one process (``--and``
between their command lines), since importing marimo is much of their time.
This leans on marimo's offline export module (``bundle_wasm_runtime``), which
is why marimo is held to one minor version.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def use_system_chromium() -> None:
    from playwright.async_api import BrowserType

    launch = BrowserType.launch

    @functools.wraps(launch)
    async def system_launch(self, *args, **kwargs):
        if self.name == "chromium":
            kwargs.setdefault("executable_path", CHROMIUM)
            kwargs["args"] = [*CHROMIUM_ARGS, *(kwargs.get("args") or [])]
        return await launch(self, *args, **kwargs)

    BrowserType.launch = system_launch


def reuse_bundle(lock_path: Path) -> None:
    """Make the offline export pin against ``lock_path`` instead of resolving and downloading."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    from marimo._cli.export import commands as export_commands
    from marimo._export import offline
    from marimo._schemas.export_options import WASMRuntimeConfig
    from marimo._utils.inline_script_metadata import PyProjectReader

    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = lock["packages"]
    rewrite = getattr(offline, "_rewrite_requirements")

    async def pinned_bundle(code, output_dir, *, sources, local_wheel_paths=()):
        for wheel in local_wheel_paths:
            name = canonicalize_name(wheel.name.split("-", 1)[0])
            entry = packages.get(name, {})
            if entry.get("sha256") != hashlib.sha256(wheel.read_bytes()).hexdigest():
                raise offline.OfflineExportError(f"{wheel.name} differs from the one bundled in {lock_path.name}")
        code = rewrite(code, packages)
        for text in PyProjectReader.from_script(code).dependencies:
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate({"sys_platform": "emscripten"}):
                continue
            entry = packages.get(canonicalize_name(requirement.name))
            if entry is None or entry["version"] not in requirement.specifier:
                raise offline.OfflineExportError(f"{text} is not in the bundle of {lock_path.name}")
        return code, WASMRuntimeConfig(pyodide_index_url="./pyodide/",
                                       pyodide_lockfile_url=f"./lockfile/{lock_path.name}",
                                       pypi_index_url="./packages/index/")

    async def no_browser_needed():
        return None

    offline.bundle_wasm_runtime = pinned_bundle
    export_commands.check_offline_export_browser = no_browser_needed


def main(argv: list[str]) -> int:
    use_system_chromium()
    if argv[:1] == ["--reuse-lock"]:
        reuse_bundle(Path(argv[1]))
        argv = argv[2:]
    from marimo._cli.cli import main as marimo_main

    commands = [[]]
    for arg in argv:
        if arg == "--and":
            commands.append([])
        else:
            commands[-1].append(arg)
    for command in commands:
        try:
            marimo_main(command, prog_name="marimo", standalone_mode=False)
        except Exception as e:  # click's own errors and marimo's, reported as the command line would
            print(f"error: marimo {' '.join(command[:3])}: {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
