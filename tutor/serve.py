"""Serve the lesson gallery: ``canasta-tutor lessons`` (what ``make lessons`` runs).

    canasta-tutor lessons                          # http://127.0.0.1:2718, opens a browser
    canasta-tutor lessons --port 2719 --headless
    canasta-tutor lessons --host 0.0.0.0 --token-password SECRET   # a classroom

The gallery is served from the lessons the package carries (``tutor.resources``),
so an installed wheel serves them as a checkout does.

A server reachable beyond this machine hands every lesson (and the CPU behind
it) to whoever can reach it, so a ``--host`` other than a loopback address is
refused unless the learners must give a password (``--token-password`` or
``--token-password-file``).

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

import argparse
import ipaddress
import os
import runpy
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from .errors import TutorError
from .resources import lessons_dir

LESSONS = lessons_dir()


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


EXAMPLES = """examples:
  canasta-tutor lessons                          # http://127.0.0.1:2718, opens a browser
  canasta-tutor lessons --port 2719 --headless
  canasta-tutor lessons --host 0.0.0.0 --token-password-file class.txt   # a classroom

A --host other than this machine (127.0.0.1, ::1, localhost) is refused
without --token-password or --token-password-file (exit 2)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=2718, help="the port to serve on (default 2718)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to serve on (default 127.0.0.1, this machine only); any other "
                        "address needs --token-password or --token-password-file")
    p.add_argument("--headless", action="store_true", help="do not open a browser")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--token-password", metavar="PASSWORD", help="the password learners type to open the lessons")
    g.add_argument("--token-password-file", metavar="FILE", help="read that password from FILE")


def _parser() -> argparse.ArgumentParser:
    """The lesson server's options alone (``canasta-tutor lessons`` has the same ones)."""
    from .arguments import Parser

    p = Parser(prog="canasta-tutor lessons", description="Serve the lesson gallery in a browser.")
    add_arguments(p)
    return p


def marimo_argv(args: argparse.Namespace) -> list[str]:
    """The ``marimo run`` command line for these options, or a TutorError saying what is unsafe."""
    if not 0 < args.port < 65536:
        raise TutorError(f"--port must be between 1 and 65535, not {args.port}")
    guarded = bool(args.token_password or args.token_password_file)
    if not _is_loopback(args.host) and not guarded:
        raise TutorError(f"--host {args.host} would let anyone who can reach this machine use the lessons: "
                         f"set a password with --token-password or --token-password-file, "
                         f"or keep the default 127.0.0.1")
    argv = ["marimo", "run", str(LESSONS), "--host", args.host, "--port", str(args.port), "--no-sandbox"]
    if args.headless:
        argv.append("--headless")
    if args.token_password:
        argv += ["--token", "--token-password", args.token_password]
    elif args.token_password_file:
        argv += ["--token", "--token-password-file", args.token_password_file]
    else:
        argv.append("--no-token")
    return argv


def run(args: argparse.Namespace) -> int:
    command = marimo_argv(args)
    if not LESSONS.is_dir():
        raise TutorError("this installation carries no lessons")

    import anywidget  # noqa: F401
    import IPython  # noqa: F401
    import ipywidgets  # noqa: F401

    from . import checker, widget  # noqa: F401

    # The lessons import their shared helpers (rulebook.py) from their own folder.
    sys.path.insert(0, str(LESSONS))
    sys.argv = command
    runpy.run_module("marimo", run_name="__main__", alter_sys=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``canasta-tutor lessons ARGV``."""
    from .cli import main as cli_main

    return cli_main(["lessons", *(sys.argv[1:] if argv is None else argv)])


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
    if preload:
        command = ["-m", "tutor.cli", "lessons", "--headless", "--port", str(port)]
    else:
        command = ["-m", "marimo", "run", str(LESSONS), "--headless", "--host", "127.0.0.1", "--port", str(port),
                   "--no-token", "--no-sandbox"]
    with log.open("w") as out:
        proc = subprocess.Popen(
            [python, *command],
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
    sys.exit(main())
