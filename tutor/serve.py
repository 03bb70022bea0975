"""Serve the lesson gallery: ``marimo run lessons/`` with the lessons' libraries imported first.

    python -m tutor.serve                     # what ``make lessons`` runs
    python -m tutor.serve --port 2719         # any other ``marimo run`` option

``marimo run`` gives every learner a kernel thread in one server process. When
a class opens lessons at the same moment on a freshly started server, each new
kernel sets up its output formatters for the libraries already in memory,
while another kernel may still be importing them (IPython, through the card
widget), and sessions can break (``bench/classroom.py`` shows it). Importing
them once, before the first learner arrives, leaves nothing half-imported.

``launch`` starts such a server on a free loopback port and waits until it
answers, for the browser tests and the lesson benchmarks.
"""

from __future__ import annotations

import os
import runpy
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def main(argv: list[str] | None = None) -> None:
    import anywidget  # noqa: F401
    import IPython  # noqa: F401
    import ipywidgets  # noqa: F401

    from . import checker, widget  # noqa: F401

    args = sys.argv[1:] if argv is None else argv
    sys.argv = ["marimo", "run", str(LESSONS), *args]
    runpy.run_module("marimo", run_name="__main__", alter_sys=True)


class ServerDidNotStart(RuntimeError):
    """The lesson server exited or stayed silent; the message holds its log."""


def launch(log: Path, *, preload: bool = True, python: str = sys.executable,
           timeout: float = 60.0) -> tuple[subprocess.Popen, str]:
    """A lesson server on a free port of 127.0.0.1, answering; returns the process and its base URL.

    ``preload`` serves as ``make lessons`` does (this module); without it, plain
    ``marimo run lessons/``. The server's output goes to ``log``; stop it with ``stop``.
    """
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = ["-m", "tutor.serve"] if preload else ["-m", "marimo", "run", str(LESSONS)]
    with log.open("w") as out:
        proc = subprocess.Popen(
            [python, *start, "--headless", "--host", "127.0.0.1", "--port", str(port), "--no-token", "--no-sandbox"],
            cwd=LESSONS.parent, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ServerDidNotStart(f"the lesson server exited with status {proc.returncode} before serving "
                                    f"{url}; its log:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.2)
    stop(proc)
    raise ServerDidNotStart(f"the lesson server did not answer at {url} within {timeout:.0f} s; its log:\n"
                            f"{log.read_text(errors='replace')}")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


if __name__ == "__main__":
    main()
