"""Hostile input from a visitor: every attack is answered at once, never a hang or a crash.

    python bench/attacks.py            # every attack
    python bench/attacks.py -k toml    # the attacks whose name holds "toml"
    python bench/attacks.py --root ../other-checkout --timeout 10   # the same attacks on another copy

Each attack runs ``canasta-tutor ...`` as its own process (under a 2 GiB address
space cap, so a runaway cannot take the machine) with a 30 s timeout, and prints
its exit status, seconds, peak memory (the child's own ``ru_maxrss`` from
``os.wait4``) and the first line of its message. The target: exit 0, 2 or 3
(or what the attack expects, e.g. 1 for ``verify`` catching a tampered puzzle)
within 5 s and 1 GiB, with a message of one line (copies run at once, as
concurrent adds, share two cores: their budget is 5 s for every two). Exit status 1 if any attack
misses it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "tutor.cli"]
SECONDS_BUDGET = 5.0
MEMORY_BUDGET_MB = 1024
TIMEOUT = 30.0
ADDRESS_CAP = 2 * 1024 ** 3
TARGET = ROOT  # the checkout whose tutor runs (--root)

SPOT = {"variant": "classic", "hand": "KS KH 7D 7C 2C JK", "melds": ["QS QH QD 2H"], "discard": "5H 9C 3C 7S",
        "stock": 40, "phase": "drawn"}


@dataclass
class Attack:
    name: str
    argv: list[str]
    stdin_bytes: int = 0  # this many zero bytes streamed to standard input
    expect: tuple[int, ...] = (0, 2, 3)
    words: str = ""  # the message (stderr, or stdout for verify) must hold these
    check: object = None  # a function of (stdout, stderr) -> problem or ""
    parallel: int = 1  # run this many copies at once (their worst figures are shown)


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_CAP, ADDRESS_CAP))
    os.setsid()


def run_one(attack: Attack, workdir: Path) -> dict:
    procs = []
    start = time.monotonic()
    for i in range(attack.parallel):
        out = open(workdir / f"out{i}", "wb")
        err = open(workdir / f"err{i}", "wb")
        p = _spawn(attack, out, err)
        procs.append((p, out, err))
    results = []
    for p, out, err in procs:
        status, rusage, timed_out = _wait(p, start)
        out.close()
        err.close()
        results.append((status, rusage, timed_out, time.monotonic() - start))
    stdout = (workdir / "out0").read_text(errors="replace")
    stderr = (workdir / "err0").read_text(errors="replace")
    codes = [(-1 if t else (os.waitstatus_to_exitcode(s))) for s, _, t, _ in results]
    peak = max(r.ru_maxrss for _, r, _, _ in results) // 1024
    seconds = max(sec for *_, sec in results)
    # copies run at once share the machine's two cores and take turns on the file's lock
    budget = SECONDS_BUDGET * max(1.0, attack.parallel / 2)
    problem = ""
    if any(c == -1 for c in codes):
        problem = f"timed out after {TIMEOUT:.0f} s"
    elif any(c not in attack.expect for c in codes):
        problem = f"exit {codes} not in {attack.expect}"
    elif seconds > budget:
        problem = f"{seconds:.1f} s > {budget} s"
    elif peak > MEMORY_BUDGET_MB:
        problem = f"{peak} MiB > {MEMORY_BUDGET_MB} MiB"
    elif "Traceback" in stderr:
        problem = "a traceback"
    elif len(stderr.splitlines()) > 1:
        problem = f"{len(stderr.splitlines())} lines on standard error"
    elif attack.words and attack.words not in stderr + stdout:
        problem = f"message lacks {attack.words!r}"
    elif attack.check:
        problem = attack.check(stdout, stderr) or ""
    message = (stderr.strip().splitlines() or stdout.strip().splitlines()[-1:] or [""])[0]
    return {"attack": attack.name, "exit": codes[0] if len(codes) == 1 else codes, "seconds": round(seconds, 2),
            "peak_mb": peak, "ok": not problem, "problem": problem, "message": message[:100]}


def _spawn(attack: Attack, out, err):
    import subprocess

    env = dict(os.environ, PYTHONPATH=str(TARGET))
    p = subprocess.Popen(CLI + attack.argv,
                         stdin=subprocess.PIPE if attack.stdin_bytes else subprocess.DEVNULL,
                         stdout=out, stderr=err, env=env, cwd=TARGET, preexec_fn=_limit)
    if attack.stdin_bytes:
        threading.Thread(target=_feed, args=(p.stdin, attack.stdin_bytes), daemon=True).start()
    return p


def _feed(pipe, total: int) -> None:
    chunk = b"\0" * (1024 * 1024)
    try:
        sent = 0
        while sent < total:
            pipe.write(chunk[: total - sent])
            sent += len(chunk)
    except (BrokenPipeError, OSError):
        pass
    finally:
        try:
            pipe.close()
        except OSError:
            pass


def _wait(p, start: float):
    while True:
        pid, status, rusage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            p.returncode = os.waitstatus_to_exitcode(status)
            return status, rusage, False
        if time.monotonic() - start > TIMEOUT:
            os.killpg(p.pid, signal.SIGKILL)
            _, status, rusage = os.wait4(p.pid, 0)
            p.returncode = -9
            return status, rusage, True
        time.sleep(0.02)


def attacks(tmp: Path) -> list[Attack]:
    def spot_file(name: str, data) -> str:
        path = tmp / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return str(path)

    def toml(name: str, text: str) -> str:
        path = tmp / name
        path.write_text(text)
        return str(path)

    fifo = tmp / "fifo.json"
    os.mkfifo(fifo)
    dotted = toml("dotted.toml", 'extends = "classic"\n' + "a" + ".a" * 20_000 + " = 1\n")
    decks = toml("decks.toml", 'extends = "classic"\n[pack]\ndecks = 1000000\n')
    jokers = toml("jokers.toml", 'extends = "classic"\n[pack]\njokers_per_deck = 1000000000000\n')
    negative = toml("negative.toml", 'extends = "classic"\n[meld]\nmin_cards = -5\n')
    wilds = toml("wilds.toml", 'extends = "classic"\n[meld]\nmax_wilds = 1000000000000000000\n')
    inline = toml("inline.toml", 'extends = "classic"\nx = ' + "[" * 5000 + "]" * 5000 + "\n")
    chain = tmp / "chain"
    chain.mkdir()
    (chain / "h0.toml").write_text('extends = "classic"\n')
    for i in range(1, 1000):
        (chain / f"h{i}.toml").write_text(f'extends = "h{i - 1}.toml"\n')
    lines = []
    good = json.dumps({"question": "score", "spot": {"variant": "classic", "hand": "KS", "melds": ["QS QH QD"]}})
    batch = tmp / "batch.jsonl"
    with batch.open("wb") as f:
        for i in range(1, 402):
            f.write(b'{"question": "score", \xff}\n' if i == 201 else good.encode() + b"\n")
    deep_line = tmp / "deep.jsonl"
    deep_line.write_text(good + "\n" + "[" * 100_000 + "]" * 100_000 + "\n" + good + "\n")
    big_line = tmp / "bigint.jsonl"
    big_line.write_text(good + "\n" + good.replace('"KS"', '"KS", "score": ' + "9" * 5000) + "\n")
    bank = ROOT / "puzzles" / "classic.jsonl"
    records = [json.loads(x) for x in bank.read_text().splitlines()[:3]]
    tampered = tmp / "tampered.jsonl"
    no_answer = next(r for r in records if not r["answer"])
    no_answer["proof"]["reasons"][0]["text"] = "Trust me, you may not."
    tampered.write_text("".join(json.dumps(r) + "\n" for r in records))
    deep_puzzle = tmp / "deep_puzzle.jsonl"
    deep_puzzle.write_text("[" * 100_000 + "]" * 100_000 + "\n" + "9" * 5000 + "\n")
    glued = tmp / "glued.jsonl"
    glued.write_text(bank.read_text().splitlines()[0])  # no final newline
    add_spot = spot_file("add.json", {"variant": "classic", "hand": "KS KH KD 9C", "melds": ["QS QH QD QC 2C 2D JK"],
                                      "discard": "", "stock": 30, "phase": "drawn"})
    concurrent = tmp / "concurrent.jsonl"
    long_token = "K" * 900_000
    add = ["puzzles", "add", "--spot", add_spot, "--question", "go-out"]

    def lines_of(path: Path, n: int):
        def check(out, err):
            have = [x for x in path.read_text().splitlines() if x.strip()]
            ids = [json.loads(x)["id"] for x in have]
            if len(have) != n or len(set(ids)) != len(ids):
                return f"{path.name} holds {len(have)} lines, {len(set(ids))} ids (want {n})"
            return ""
        return check

    def batch_lines(n: int):
        def check(out, err):
            got = out.splitlines()
            return "" if len(got) == n else f"{len(got)} answer lines, not {n}"
        return check

    def short_message(out, err):
        return "" if len(err) < 400 else f"a message of {len(err)} characters"

    return [
        Attack("device: spot variant /dev/zero", ["show", spot_file("devvar.json", {"variant": "/dev/zero", "hand": ""})],
               expect=(2,), words="not a regular file"),
        Attack("device: show /dev/zero", ["show", "/dev/zero"], expect=(2,), words="not a regular file"),
        Attack("device: check --batch /dev/zero", ["check", "--batch", "/dev/zero"], expect=(2,)),
        Attack("device: puzzles verify /dev/zero", ["puzzles", "verify", "/dev/zero", "--no-progress"], expect=(2,)),
        Attack("device: show FIFO", ["show", str(fifo)], expect=(2,), words="not a regular file"),
        Attack("stream: show - from 300 MB", ["show", "-"], stdin_bytes=300_000_000, expect=(2,), words="larger"),
        Attack("stream: batch - from 300 MB", ["check", "--batch", "-"], stdin_bytes=300_000_000, expect=(2,)),
        Attack("toml: 20,000-level dotted key", ["rules", dotted], expect=(2,), words="dotted parts"),
        Attack("toml: 5,000-deep inline array", ["rules", inline], expect=(2,), words="nests"),
        Attack("toml: decks = 1000000", ["rules", decks], expect=(2,), words="pack.decks"),
        Attack("toml: jokers_per_deck = 10**12", ["show", spot_file("jk.json", {"variant": jokers, "hand": ""})],
               expect=(2,), words="pack.jokers_per_deck"),
        Attack("toml: negative min_cards", ["rules", negative], expect=(2,), words="meld.min_cards"),
        Attack("toml: max_wilds = 10**18", ["rules", wilds], expect=(2,), words="meld.max_wilds"),
        Attack("toml: extends chain of 1000", ["rules", str(chain / "h999.toml")], expect=(2,), words="extend"),
        Attack("batch: bad UTF-8 on line 201 of 401", ["check", "--batch", str(batch)], expect=(0,),
               check=batch_lines(401)),
        Attack("batch: 100,000-deep line", ["check", "--batch", str(deep_line)], expect=(0,), check=batch_lines(3)),
        Attack("batch: 5,000-digit number", ["check", "--batch", str(big_line)], expect=(0,), check=batch_lines(2)),
        Attack("json: 100,000-deep spot", ["show", spot_file("deep.json", "[" * 100_000 + "]" * 100_000)],
               expect=(2,), words="nests"),
        Attack("json: 5,000-digit score", ["show", spot_file("bigscore.json", json.dumps(SPOT)[:-1]
                                                              + ', "score": ' + "9" * 5000 + "}")],
               expect=(2,), words="digits"),
        Attack("json: stock 10**400", ["show", spot_file("stock.json", json.dumps(dict(SPOT, stock=10 ** 400)))],
               expect=(2,)),
        Attack("json: duplicate key", ["show", spot_file("dup.json", '{"variant": "classic", "hand": "KS", '
                                                                    '"hand": "KH"}')], expect=(2,), words="twice"),
        Attack("json: NUL in variant path", ["show", spot_file("nul.json", {"variant": "a\u0000.toml", "hand": ""})],
               expect=(2,), words="NUL"),
        Attack("json: 20,000-deep --options", ["puzzles", "generate", "--variant", "classic", "--count", "1",
                                        "--options", "[" * 20_000 + "]" * 20_000], expect=(2,), words="nests"),
        Attack("number: 5,000-digit --seed", ["puzzles", "generate", "--variant", "classic", "--count", "1",
                                              "--seed", "9" * 5000], expect=(2,)),
        Attack("number: 5,000-digit play index", ["check", "play", spot_file("s.json", SPOT), "--play",
                                                  "layoff 2C to " + "9" * 5000 + "; discard 7S"], expect=(2,)),
        Attack("number: Unicode digit in play (to \u00b2)", ["check", "play", spot_file("s2.json", SPOT), "--play",
                                                             "layoff 2C to \u00b2; discard 7S"], expect=(2,)),
        Attack("number: Arabic-Indic index (to \u0662)", ["check", "play", spot_file("s3.json", SPOT), "--play",
                                                          "layoff 2C to \u0662; discard 7S"], expect=(2,)),
        Attack("look-alike: K\u017f (long s) in a hand", ["show", spot_file("ks.json", dict(SPOT, hand="K\u017f"))],
               expect=(2,), words="\\u017f"),
        Attack("look-alike: 900 KB token", ["show", spot_file("long.json", dict(SPOT, hand=long_token))],
               expect=(2,), check=short_message),
        Attack("puzzles: 100,000-deep and 5,000-digit lines", ["puzzles", "verify", str(deep_puzzle), "--no-progress",
                                                               "--workers", "1"],
               expect=(1,), words="2 problems"),
        Attack("puzzles: edited reason text", ["puzzles", "verify", str(tampered), "--no-progress", "--workers", "1"],
               expect=(1,), words="checksum does not match"),
        Attack("puzzles: add after a line without newline", add + ["--to", str(glued)], expect=(0,),
               check=lines_of(glued, 2)),
        Attack("puzzles: four concurrent adds", add + ["--to", str(concurrent)], expect=(0, 2), parallel=4,
               check=lines_of(concurrent, 1)),
    ]


def main() -> int:
    global TARGET, TIMEOUT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", default="", help="only the attacks whose name holds this")
    ap.add_argument("--json", action="store_true", help="one JSON line per attack")
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout whose tutor is attacked (default: this one)")
    ap.add_argument("--timeout", type=float, default=TIMEOUT, help=f"seconds before an attack is stopped ({TIMEOUT:.0f})")
    args = ap.parse_args()
    TARGET, TIMEOUT = args.root.resolve(), args.timeout
    tmp = Path(tempfile.mkdtemp(prefix="attacks-"))
    failed = 0
    try:
        for attack in attacks(tmp):
            if args.k.lower() not in attack.name.lower():
                continue
            work = tmp / f"run-{abs(hash(attack.name))}"
            work.mkdir()
            r = run_one(attack, work)
            failed += not r["ok"]
            if args.json:
                print(json.dumps(r, ensure_ascii=False))
            else:
                verdict = "ok  " if r["ok"] else "FAIL"
                print(f"{verdict} {r['attack']:<44} exit {str(r['exit']):<12} {r['seconds']:5.2f} s "
                      f"{r['peak_mb']:5d} MiB  {r['problem'] or r['message'][:70]}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{'all attacks answered' if not failed else f'{failed} attacks missed the target'} "
          f"(target: the expected exit, within {SECONDS_BUDGET:.0f} s and {MEMORY_BUDGET_MB} MiB, one line)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
