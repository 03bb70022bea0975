"""Hostile inputs of every kind a user can give, drawn from any ``random.Random``.

One generator per kind: spot JSON, house-rules TOML, play text, batch lines and
puzzle lines. Each starts from something real (a random spot of one of the four
variants, the variant's own TOML keys, a puzzle of the bank) and then breaks it
the way a careless or hostile user would: device paths where a file is named,
deep nesting, integers far past any range, Unicode look-alikes of the card
letters and digits, control characters, huge repeats.

The coverage-guided fuzzer (``fuzz_inputs.py``) draws the choices from its
input bytes, the test suite from hypothesis, ``bench/fuzz_report.py`` from a
seeded ``random.Random``: the same kinds of input everywhere.
"""

from __future__ import annotations

import json
import math
import random
import re
import tomllib
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Kinds of hostility that can be switched off (``without``), so a harness can keep checking
#: the rest while one kind is known to break a parser: nesting tens of thousands deep
#: ("deep"), integers of thousands of digits ("huge"), a NUL byte inside a path ("nul"),
#: devices and other files that are not regular ("device").
FEATURES = ("deep", "huge", "nul", "device")
_off: set[str] = set()
BASES = ("classic", "house", "canasty", "albany")
QUESTIONS = ("melds", "initial-meld", "pickup", "go-out", "play", "score")

#: Paths a user may type where a file is expected: devices that never end, block, or fail
#: to read; folders; files that are no TOML; names other systems reserve.
DEVICE_PATHS = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/full", "/dev/stdin", "/dev/tty", "/proc/self/mem",
                "/proc/self/environ", "/proc/self/fd/0", "/etc/passwd", "/", ".", "..", "/tmp", "~/.toml",
                "/nonexistent/table.toml", "CON", "NUL.toml", "aux.toml", "\\\\.\\pipe\\table", "table.toml\x00x",
                "../" * 30 + "etc/passwd", "a" * 5000 + ".toml")
#: The devices among them that a read never finishes: the fuzzers that cannot stop a read
#: (the test suite, in-process) leave them out; ``bench/fuzz_report.py`` times them out.
ENDLESS = frozenset({"/dev/zero", "/dev/urandom", "/dev/full", "/dev/stdin", "/dev/tty", "/proc/self/fd/0"})

#: Look-alikes of the letters and digits of card notation: full-width forms, Cyrillic and
#: Greek letters, other scripts' digits, circled and superscript numbers, combining marks,
#: zero-width and bidirectional characters, playing-card symbols outside the four suits.
LOOKALIKES = ("Ｋ", "Ｓ", "Ｈ", "Ｄ", "Ｃ", "Ｊ", "Ａ", "Ｔ", "К", "Ѕ", "Н", "С", "Α", "Κ", "Τ", "ℌ", "ⅽ", "𝐊", "𝕊",
              "１", "０", "１０", "２", "٢", "١٠", "۲", "२", "๒", "⑩", "²", "½", "Ⅹ", "ⅹ", "K\u0301", "S\u0338",
              "\u200b", "\u200d", "\ufeff", "\u202e", "\u2066", "\x00", "\x1b[31m", "\r", "\t", "\u2028",
              "♤", "♡", "♢", "♧", "🂡", "🃏", "🂮", "ﬀ", "ß", "İ", "ı", "JK\u0307", "＊", "∗", "⁎")
BIG_INTS = (2**31, 2**31 - 1, -2**31, 2**53 + 1, 2**63, -2**63 - 1, 2**64, 10**18, 10**100, -10**100, 2**1000,
            10**4000, 0, -1, 1, 7, 1000)
SPECIAL_FLOATS = (math.nan, math.inf, -math.inf, 1e308, 5e-324, -0.0, 0.5, 1e21)

CARD_ALPHABET = "AKQJT98765432SHDC0JK*♠♥♦♣ ,|"
PLAY_WORDS = ("pickup", "meld", "layoff", "discard", "exchange", "combine", "to", "on", "depth", ";", "|", ",")


def _variant_keys() -> dict[str, dict[str, dict]]:
    """Each variant's own sections and keys, so a generated house file names real ones."""
    out = {}
    for base in BASES:
        data = tomllib.loads((ROOT / "tutor" / "variants" / f"{base}.toml").read_text(encoding="utf-8"))
        out[base] = {k: v for k, v in data.items() if isinstance(v, dict)}
    return out


VARIANT_KEYS = _variant_keys()


def _bank_records() -> list[dict]:
    records = []
    for path in sorted((ROOT / "puzzles").glob("*.jsonl")):
        for raw in path.read_text(encoding="utf-8").splitlines()[:40]:
            if raw.strip():
                records.append(json.loads(raw))
    return records


BANK = _bank_records()


# -- small pieces -----------------------------------------------------------------------
def card_text(rng: random.Random, most: int = 30) -> str:
    """Card notation, mostly well-formed, sometimes with look-alikes, junk or huge repeats."""
    roll = rng.random()
    if roll < 0.5:
        ranks, suits = "AKQJT98765432", "SHDC"
        cards = [rng.choice(ranks) + rng.choice(suits) if rng.random() > 0.08 else "JK"
                 for _ in range(rng.randrange(most + 1))]
        if rng.random() < 0.3 and cards:
            i = rng.randrange(len(cards))
            cards[i] = "".join(rng.choice(LOOKALIKES) if rng.random() < 0.5 else ch for ch in cards[i])
        return rng.choice((" ", ", ", ",", "  ")).join(cards)
    if roll < 0.7:
        return "".join(rng.choice(CARD_ALPHABET) for _ in range(rng.randrange(most * 3)))
    if roll < 0.85:
        return "".join(rng.choice(LOOKALIKES + tuple(CARD_ALPHABET)) for _ in range(rng.randrange(most * 2)))
    return (rng.choice(("KS ", "JK ", "10H ", "2C ")) * rng.choice((100, 1000, 5000))).strip()


DEEP = re.compile(r'"@@deep:(\d+):(list|dict)@@"')


def nested(rng: random.Random, depth: int | None = None, kind: str | None = None) -> str:
    """A placeholder for a list or mapping nested ``depth`` deep (up to tens of thousands),
    which ``dumps`` and ``toml_value`` write out in full (json.dumps itself would recurse)."""
    depth = depth if depth is not None else rng.choice((2, 10, 100, 1000, 5000, 50000))
    if "deep" in _off:
        depth = min(depth, 50)
    return f"@@deep:{depth}:{kind or rng.choice(('list', 'dict'))}@@"


def _deep_json(match) -> str:
    depth, kind = int(match.group(1)), match.group(2)
    return "[" * depth + "1" + "]" * depth if kind == "list" else '{"a": ' * depth + "1" + "}" * depth


def dumps(value, **kw) -> str:
    """JSON text for ``value``, with every ``nested`` placeholder written out."""
    return DEEP.sub(_deep_json, json.dumps(value, **kw))


def big_int(rng: random.Random) -> int:
    value = rng.choice(BIG_INTS) * rng.choice((1, -1))
    return value if "huge" not in _off or abs(value) < 10**300 else 10**300


def device_path(rng: random.Random) -> str:
    path = rng.choice(DEVICE_PATHS)
    if "device" in _off and path.startswith(("/dev", "/proc")):
        return "/nonexistent/table.toml"
    return path if "nul" not in _off or "\x00" not in path else "table.toml"


@contextmanager
def without(*features: str):
    """Generate with these kinds of hostility switched off (see ``FEATURES``)."""
    unknown = set(features) - set(FEATURES)
    if unknown:
        raise ValueError(f"unknown kinds of hostility: {sorted(unknown)}")
    before = set(_off)
    _off.update(features)
    try:
        yield
    finally:
        _off.clear()
        _off.update(before)


def hostile_value(rng: random.Random, depth: int = 0):
    """Any JSON-ish value a key might be given instead of the right one."""
    roll = rng.randrange(12)
    if roll == 0:
        return big_int(rng)
    if roll == 1:
        return rng.choice(SPECIAL_FLOATS)
    if roll == 2:
        return device_path(rng)
    if roll == 3:
        return card_text(rng)
    if roll == 4:
        return "".join(rng.choice(LOOKALIKES) for _ in range(rng.randrange(1, 12)))
    if roll == 5:
        return nested(rng)
    if roll == 6:
        return rng.choice((True, False, None, "", [], {}))
    if roll == 7 and depth < 3:
        return [hostile_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if roll == 8 and depth < 3:
        return {rng.choice(("rule", "text", "min_cards", "x", "")): hostile_value(rng, depth + 1)
                for _ in range(rng.randrange(3))}
    if roll == 9:
        return rng.randrange(-5, 12)
    if roll == 10:
        return rng.choice(("classic", "house", "canasty", "albany", "Classic", "classic ", "ｃｌａｓｓｉｃ"))
    return rng.randrange(-10**6, 10**6)


# -- house-rules TOML -----------------------------------------------------------------------
def _toml_key(key: str) -> str:
    return key if key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key) else json.dumps(key)


def toml_value(value, depth: int = 0) -> str:
    """A TOML literal for ``value``; nesting far past what a table file holds is written as it is."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**4000 else "9" * (4400 if "huge" not in _off else 300)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if value is None:
        return '""'
    if isinstance(value, str):
        deep = DEEP.fullmatch(json.dumps(value))
        if deep:
            depth = int(deep.group(1))
            return "[" * depth + "1" + "]" * depth if deep.group(2) == "list" else "{a = " * depth + "1" + "}" * depth
        return json.dumps(value)
    if depth > 200:
        return "[" * 2000 + "]" * 2000 if isinstance(value, list) else "{a = 1}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v, depth + 1) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(str(k))} = {toml_value(v, depth + 1)}" for k, v in value.items()) + "}"
    return json.dumps(str(value))


def house_toml(rng: random.Random, base: str | None = None) -> str:
    """A house-rules file over one of the four variants: real sections and keys, changed values."""
    base = base or rng.choice(BASES)
    extends = base if rng.random() > 0.15 else rng.choice((device_path(rng), "table.toml", "./table.toml", "Albany"))
    lines = [f"extends = {json.dumps(extends)}"]
    if rng.random() < 0.2:
        lines.append(f"id = {toml_value(hostile_value(rng))}")
    sections = VARIANT_KEYS[base]
    for name in rng.sample(sorted(sections), k=min(len(sections), rng.randrange(1, 4))):
        lines.append(f"[{name}]")
        keys = sorted(sections[name])
        for key in rng.sample(keys, k=min(len(keys), rng.randrange(1, 4))):
            original = sections[name][key]
            roll = rng.random()
            if roll < 0.3 and isinstance(original, int) and not isinstance(original, bool):
                value = rng.choice((original + rng.randrange(-3, 4), original * 1000, -original,
                                    10**rng.randrange(3, 30), big_int(rng)))
            elif roll < 0.4 and isinstance(original, list):
                value = original * rng.choice((0, 2, 50))
            else:
                value = hostile_value(rng)
            lines.append(f"{_toml_key(key)} = {toml_value(value)}")
        if rng.random() < 0.1:
            lines.append(f"{rng.choice(('unknown', 'x', 'ｍｉｎ_cards'))} = 1")
    if rng.random() < 0.1:
        lines.append("[[layouts]]\nplayers = 4\npartnerships = 2\nhand = %s\ndecks = %s\ncanastas = 1"
                     % (rng.choice((0, 11, 500, 10**9)), rng.choice((1, 2, 50, 400, 10**6))))
    if rng.random() < 0.05:
        depth = rng.choice((100, 1000, 5000)) if "deep" not in _off else 20
        lines.append("deep = " + "[" * depth + "]" * rng.choice((depth, depth + 1, 1)))
    if rng.random() < 0.05:
        lines.append("".join(rng.choice(LOOKALIKES + tuple("=[]{}\"'#.")) for _ in range(rng.randrange(60))))
    return "\n".join(lines) + "\n"


# -- spots ------------------------------------------------------------------------------------
def real_spot(rng: random.Random) -> dict:
    from tutor.sampling import random_spot

    return random_spot(rng, rng.choice(BASES)).to_dict()


def spot_data(rng: random.Random, house_file: str | None = None) -> dict:
    """A real spot of one of the four variants (or of ``house_file``), then broken in places."""
    data = real_spot(rng)
    if house_file is not None and rng.random() < 0.5:
        data["variant"] = house_file
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        key = rng.choice(("variant", "options", "score", "hand", "melds", "discard", "red_threes", "stock",
                          "first_round", "scores", "phase", "other", "hand", "melds"))
        roll = rng.random()
        if key in ("hand", "discard", "red_threes") and roll < 0.6:
            data[key] = card_text(rng)
        elif key == "melds" and roll < 0.6:
            data[key] = [card_text(rng, 8) for _ in range(rng.choice((1, 3, 30, 300)))]
        elif key == "variant" and roll < 0.5:
            data[key] = device_path(rng)
        elif key == "options" and roll < 0.6:
            data[key] = {rng.choice(("players", "partnerships", "draw", "deluxe", "extended", "wimp_rule", "x")):
                         hostile_value(rng)}
        else:
            data[key] = hostile_value(rng)
    return data


def spot_json(rng: random.Random, house_file: str | None = None) -> str:
    """Spot JSON text: a broken spot, or text that is hardly JSON at all."""
    roll = rng.random()
    if roll < 0.8:
        return dumps(spot_data(rng, house_file), ensure_ascii=rng.random() < 0.5)
    if roll < 0.88:
        return dumps(nested(rng))
    if roll < 0.94:
        digits = rng.choice((20, 5000, 50000)) if "huge" not in _off else 20
        return '{"variant": "classic", "hand": "KS", "score": ' + "9" * digits + "}"
    text = dumps(spot_data(rng))
    cut = rng.randrange(len(text) + 1)
    return text[:cut] + "".join(rng.choice(LOOKALIKES) for _ in range(rng.randrange(4))) + text[cut:]


# -- plays, batch lines, puzzle lines ----------------------------------------------------
def play_text(rng: random.Random) -> str:
    """A ``--play`` text: steps with cards, indexes and depths, some far out of range."""
    steps = []
    for _ in range(rng.choice((0, 1, 2, 4, 8, 200))):
        word = rng.choice(PLAY_WORDS[:6])
        step = [word, card_text(rng, 6)]
        if rng.random() < 0.4:
            step += [rng.choice(("to", "on", "depth")), str(rng.choice((big_int(rng), 3, 2, 1, 0, -1)))]
        if rng.random() < 0.1:
            step.append(rng.choice(LOOKALIKES))
        steps.append(" ".join(step))
    text = rng.choice(("; ", ";", " ; ", ";;")).join(steps)
    if rng.random() < 0.1:
        text = "".join(rng.choice(PLAY_WORDS + LOOKALIKES) for _ in range(rng.randrange(30)))
    return text


def batch_line(rng: random.Random, house_file: str | None = None) -> str:
    """A ``--batch`` line: a question about a broken spot, or a line that is no question."""
    roll = rng.random()
    if roll < 0.75:
        item = {"question": rng.choice(QUESTIONS) if rng.random() > 0.05 else hostile_value(rng),
                "spot": spot_data(rng, house_file)}
        if rng.random() < 0.4:
            item["play"] = play_text(rng) if rng.random() > 0.1 else hostile_value(rng)
        if rng.random() < 0.1:
            item["went_out"] = rng.choice(("out", "concealed", "yes", 1, None))
        if rng.random() < 0.03:
            item["extra"] = 1
        return dumps(item)
    if roll < 0.85:
        return dumps(nested(rng))
    if roll < 0.92:
        return dumps(hostile_value(rng))
    return "".join(rng.choice(LOOKALIKES + tuple('{}[]":,')) for _ in range(rng.randrange(80)))


def puzzle_line(rng: random.Random) -> str:
    """A puzzle file's line: a real puzzle of the bank with a field changed, or broken JSON."""
    record = dict(rng.choice(BANK))
    for _ in range(rng.choice((0, 1, 1, 2))):
        key = rng.choice(sorted(record) + ["extra"])
        roll = rng.random()
        if key == "spot" and roll < 0.6:
            record[key] = spot_data(rng)
        elif key == "play" and roll < 0.6:
            record[key] = play_text(rng)
        else:
            record[key] = hostile_value(rng)
    text = dumps(record)
    if rng.random() < 0.1:
        cut = rng.randrange(len(text) + 1)
        text = text[:cut] + rng.choice(LOOKALIKES) + text[cut + 1:]
    return text


def reads_endless(text: str) -> bool:
    """Does this input name a device whose read never ends (see ``ENDLESS``)?"""
    return any(path in text for path in ENDLESS)


KINDS = {"spot": spot_json, "house": house_toml, "play": play_text, "batch": batch_line, "puzzle": puzzle_line}


# -- which kinds of hostility still break a parser --------------------------------------------
def probes(folder: str) -> dict[str, list]:
    """For each kind of hostility, a few fixed inputs: (what, entry point, argument)."""
    deep_toml = Path(folder) / "deep.toml"
    deep_toml.write_text('extends = "classic"\nx = ' + "[" * 20000 + "]" * 20000 + "\n", encoding="utf-8")
    huge_toml = Path(folder) / "huge.toml"
    huge_toml.write_text('extends = "classic"\n[pack]\ndecks = ' + "9" * 4400 + "\n", encoding="utf-8")
    deep_line = Path(folder) / "deep.jsonl"
    deep_line.write_text("[" * 100000 + "]" * 100000 + "\n", encoding="utf-8")
    spot = '{"variant": "classic", "hand": "KS", "score": %s}'
    return {
        "deep": [("spot JSON nested 100,000 deep", "spot", "[" * 100000 + "]" * 100000),
                 ("a spot's hand nested 100,000 deep", "spot", spot.replace('"KS"', "[" * 100000 + "]" * 100000) % 0),
                 ("a batch line nested 100,000 deep", "batch", '{"a": ' * 100000 + "1" + "}" * 100000),
                 ("a house file with arrays 20,000 deep", "house", str(deep_toml)),
                 ("a puzzle line nested 100,000 deep", "puzzle", str(deep_line))],
        "huge": [("a score of 5,000 digits", "spot", spot % ("9" * 5000)),
                 ("a batch spot with a score of 50,000 digits",
                  "batch", '{"question": "score", "spot": ' + spot % ("9" * 50000) + "}"),
                 ("a house file with a deck count of 4,400 digits", "house", str(huge_toml))],
        "device": [("a house file that is a device failing every read", "house", "/proc/self/mem"),
                   ("a spot naming that device", "spot", json.dumps({"variant": "/proc/self/mem", "hand": "KS"})),
                   ("a house file that is a folder", "house", "/tmp")],
        "nul": [("a house file's path with a NUL byte", "house", "table.toml\x00x"),
                ("a spot naming such a path", "spot", json.dumps({"variant": "/tmp/t\x00.toml", "hand": "KS"}))],
    }


def run_entry(kind: str, argument: str) -> None:
    """Feed one input to the library's entry point for its kind; TutorError is a clean end."""
    from tutor.batch import answer_line
    from tutor.play import parse_play
    from tutor.puzzles import read_file
    from tutor.rules import load_variant
    from tutor.search_budget import bounded
    from tutor.spot import Spot

    if kind == "spot":
        Spot.from_json(argument)
    elif kind == "house":
        load_variant(argument).with_options({})
    elif kind == "play":
        parse_play(argument)
    elif kind == "batch":
        with bounded(20_000):
            out = answer_line(argument, decider="reference")
        if not isinstance(out, dict) or out.get("bug") or "internal error" in str(out.get("error", "")):
            raise AssertionError(f"the batch line was answered with a crash: {str(out)[:300]}")
    elif kind == "puzzle":
        read_file(argument)
    else:
        raise ValueError(kind)


def gaps(folder: str) -> dict[str, list[str]]:
    """The kinds of hostility some entry point still ends in a crash on, with what crashed."""
    from tutor.errors import TutorError

    out: dict[str, list[str]] = {}
    for feature, cases in probes(folder).items():
        for what, kind, argument in cases:
            try:
                run_entry(kind, argument)
            except TutorError:
                continue
            except (Exception, RecursionError) as e:  # noqa: BLE001 - every other end is a crash to report
                out.setdefault(feature, []).append(f"{what}: {type(e).__name__}")
    return out
