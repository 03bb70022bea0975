"""The README runs as written: its set-up commands, its first answers and its notebook example.

The spot it asks you to save is saved, every ``$ canasta-tutor ...`` line of a
``console`` block is run and its output compared with the lines under it, every
command of the list after it runs and answers, and the ``>>>`` example is a doctest.
"""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", README, flags=re.S)


def _blocks(kind: str) -> list[str]:
    return [body for lang, body in BLOCKS if lang == kind]


def _run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    words = shlex.split(command)
    assert words[0] == "canasta-tutor", command
    return subprocess.run([sys.executable, "-m", "tutor.cli", *words[1:]], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture
def readme_spot(tmp_path) -> Path:
    (spot,) = _blocks("json")
    (tmp_path / "spot.json").write_text(spot, encoding="utf-8")
    return tmp_path


def test_the_readme_starts_with_the_two_set_up_commands_and_ci_runs_the_second():
    lang, first = BLOCKS[0]
    commands = [line.split("#")[0].strip() for line in first.splitlines() if line.strip()]
    assert lang == "sh" and commands == ["make lessons", "make test"]
    assert re.search(r"^make test\b", (ROOT / ".ci" / "run").read_text(), flags=re.M)


def _console_steps() -> list[tuple[str, str]]:
    steps = []
    for block in _blocks("console"):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            steps.append((command, output))
    return steps


@pytest.mark.parametrize("command,output", _console_steps(), ids=[c for c, _ in _console_steps()])
def test_a_readme_answer_is_what_the_command_prints(command, output, readme_spot):
    done = _run(command, readme_spot)
    assert done.returncode == 0, done.stderr
    assert done.stdout == output


def _listed_commands() -> list[str]:
    (listing,) = [b for b in _blocks("sh") if "spot.json" in b]
    return [re.split(r"\s#", line)[0].strip() for line in listing.splitlines() if line.strip()]


@pytest.mark.parametrize("command", _listed_commands())
def test_every_command_the_readme_lists_answers_on_its_spot(command, readme_spot):
    if command == "canasta-tutor lessons":
        command += " --help"  # serving is the wheel test's; here the command must exist
    done = _run(command, readme_spot)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() and not done.stderr.strip()


def test_the_readme_notebook_example_runs():
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
