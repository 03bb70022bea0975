"""Safe by default: the lesson server listens on this machine only, and user input is never run."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _listening_addresses(port: int) -> set[str]:
    """The local addresses of the sockets listening on ``port`` (from /proc/net/tcp and tcp6)."""
    out = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                out.add(address)
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_the_lesson_server_listens_on_loopback_only_unless_told_otherwise():
    port = _free_port()
    # the README's command, as make runs it: no --host given
    make = (ROOT / "Makefile").read_text()
    assert re.search(r"canasta-tutor lessons \$\(ARGS\)", make)
    server = subprocess.Popen([sys.executable, "-m", "tutor.cli", "lessons", "--headless", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90
        while not _listening_addresses(port) and time.monotonic() < deadline:
            time.sleep(0.2)
        addresses = _listening_addresses(port)
        assert addresses, "the lesson server did not start listening"
        loopback = {"0100007F", "00000000000000000000000001000000"}  # 127.0.0.1 and ::1
        assert addresses <= loopback, f"listening beyond this machine: {addresses}"
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.7", "example.org"])
def test_the_lesson_server_refuses_an_open_address_without_a_password(host, capsys):
    from tutor.cli import main

    assert main(["lessons", "--host", host, "--headless"]) == 2
    err = capsys.readouterr().err
    assert "--token-password" in err and err.count("\n") == 1


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.9"])
def test_the_lesson_server_takes_a_loopback_address_without_a_password(host):
    from tutor.serve import _parser, marimo_argv

    argv = marimo_argv(_parser().parse_args(["--host", host]))
    assert "--no-token" in argv and argv[argv.index("--host") + 1] == host


def test_the_lesson_server_on_an_open_address_asks_for_the_password():
    from tutor.serve import _parser, marimo_argv

    argv = marimo_argv(_parser().parse_args(["--host", "0.0.0.0", "--token-password", "s3cret"]))
    assert argv[argv.index("--token-password") + 1] == "s3cret" and "--token" in argv and "--no-token" not in argv


def test_no_user_input_is_evaluated_unpickled_or_executed():
    code = [p for p in (ROOT / "tutor").rglob("*.py")] + list((ROOT / "lessons").glob("*.py"))
    risky = re.compile(r"(?<![\w.])(eval|exec)\(|\bpickle\b|\bmarshal\b|yaml\.load\(|shell=True")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in code
             for n, line in enumerate(p.read_text().splitlines(), 1) if risky.search(line)]
    assert not found, found
