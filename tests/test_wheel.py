"""The package installs the normal way: a built wheel, installed as a tool, serves the lessons and proves the bank.

Nothing here runs from the checkout: the wheel is built, installed with ``uv tool install``
into a folder of its own, and its ``canasta-tutor`` is run from another working directory,
so a lesson or puzzle file found only beside the source would fail these tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from uv import find_uv_bin

ROOT = Path(__file__).resolve().parent.parent
UV = find_uv_bin()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([UV, "build", "--wheel", "--out-dir", str(out), str(ROOT)], check=True,
                   capture_output=True, timeout=300)
    (built,) = out.glob("canasta_tutor-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel installed by ``uv tool install``, with the lock file's versions; returns its command."""
    home = tmp_path_factory.mktemp("tool")
    constraints = home / "constraints.txt"
    exported = subprocess.run([UV, "export", "--locked", "--no-default-groups", "--no-hashes",
                               "--no-emit-project", "--project", str(ROOT)],
                              check=True, capture_output=True, text=True, timeout=120).stdout
    constraints.write_text(exported)
    env = {**os.environ, "UV_TOOL_DIR": str(home / "tools"), "UV_TOOL_BIN_DIR": str(home / "bin")}
    subprocess.run([UV, "tool", "install", "--constraints", str(constraints), str(wheel)], check=True,
                   capture_output=True, env=env, timeout=600, cwd=home)
    command = home / "bin" / "canasta-tutor"
    assert command.exists()
    return command


def test_the_wheel_carries_the_lessons_the_bank_and_the_variants(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    lessons = sorted(p.name for p in (ROOT / "lessons").glob("*.py"))
    bank = sorted(p.name for p in (ROOT / "puzzles").glob("*.jsonl"))
    assert lessons and bank
    assert {f"tutor/_data/lessons/{n}" for n in lessons} <= names
    assert {f"tutor/_data/puzzles/{n}" for n in bank} <= names
    assert {"tutor/variants/classic.toml", "tutor/widget/static/hand.js"} <= names


def test_the_installed_tool_proves_its_own_puzzle_bank(installed, tmp_path):
    done = subprocess.run([str(installed), "puzzles", "verify", "--no-progress"], capture_output=True, text=True,
                          cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "all hold" in done.stdout


def test_the_installed_tool_serves_the_lesson_gallery(installed, tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen([str(installed), "lessons", "--headless", "--port", str(port)], cwd=tmp_path,
                                  stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline, page = time.monotonic() + 90, None
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/?file=01_cards_and_values.py",
                                            timeout=5) as answer:
                    page = answer.read().decode()
                break
            except OSError:
                time.sleep(0.3)
        assert page is not None, f"the installed lesson server did not answer; its log:\n{log.read_text()}"
        assert "<marimo-filename hidden>01_cards_and_values.py<" in page
        assert "Invalid NAME" not in log.read_text()
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_lesson_command_is_the_package_entry_point():
    # the same command as installed, from this environment: the README's first command runs it
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "lessons", "--help"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "--token-password" in done.stdout
