"""Reading what a user hands the tutor: files, standard input, JSON and TOML text.

Everything here is bounded before it is trusted: only regular files (or
``-`` for standard input) are read, never more than the cap plus one byte,
and JSON or TOML is scanned for nesting before a parser sees it, so no
input can make the tutor hang, exhaust memory or report a bug. Every
refusal is a ``TutorError`` (exit status 2) whose message shows at most a
short, escaped excerpt of what was given.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator

from .errors import TutorError

CHUNK = 64 * 1024
EXCERPT_CHARS = 40
MAX_JSON_DEPTH = 12  # a spot is two levels deep, a puzzle line five
MAX_INT_DIGITS = 12  # every number a spot or puzzle holds is small
MAX_TOML_DEPTH = 8  # brackets of inline arrays and tables, and of a table header
MAX_TOML_DOTS = 6  # parts of one dotted key or table header, less one (options.deluxe.on.meld is 3)

# Characters shown as they are in an excerpt: printable ASCII and the four suit symbols.
_SHOWN = frozenset(chr(c) for c in range(0x20, 0x7F)) | frozenset("♠♥♦♣")


def excerpt(text: Any, limit: int = EXCERPT_CHARS, quote: bool = True) -> str:
    """``text`` for a one-line message: at most ``limit`` characters, anything but
    printable ASCII and suit symbols escaped (``\\u017f`` for a long s), so a
    look-alike or control character can never pass for what it imitates."""
    text = str(text)
    cut = text[:limit]
    out = []
    for ch in cut:
        if ch in _SHOWN and ch not in "'\\":
            out.append(ch)
        elif ch in "'\\":
            out.append("\\" + ch if quote else ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    more = f"... ({len(text)} characters)" if len(text) > limit else ""
    q = "'" if quote else ""
    return q + "".join(out) + q + more


# -- files and streams ---------------------------------------------------------------

def checked_path(path: str | os.PathLike, what: str) -> Path:
    """``path`` as a regular file that may be read, or a ``TutorError`` naming why not.

    Devices, FIFOs and folders are refused before they are opened: their size
    says nothing about how much they hold, and a FIFO would block the open."""
    text = os.fspath(path)
    if not isinstance(text, str):
        text = os.fsdecode(text)
    if not text:
        raise TutorError(f"the {what} path is empty")
    if "\x00" in text:
        raise TutorError(f"the {what} path {excerpt(text)} holds a NUL character")
    p = Path(text)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise TutorError(f"no such {what}: {excerpt(text, 200)}") from None
    except OSError as e:
        raise TutorError(f"{what} {excerpt(text, 200)} cannot be read: {e.strerror or e}") from None
    if stat.S_ISDIR(st.st_mode):
        raise TutorError(f"{excerpt(text, 200)} is a folder, not a {what}")
    if not stat.S_ISREG(st.st_mode):
        raise TutorError(f"{excerpt(text, 200)} is not a regular file (a device, FIFO or socket): "
                         f"a {what} must be a file")
    return p


def _read_capped(stream: BinaryIO, limit: int, what: str) -> bytes:
    """At most ``limit`` bytes of ``stream``; one byte more is an error (never read further)."""
    parts, size = [], 0
    while size <= limit:
        chunk = stream.read(min(CHUNK, limit + 1 - size))
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
    if size > limit:
        raise TutorError(f"the {what} is larger than {_size(limit)}; at most that is read")
    return b"".join(parts)


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n >= 1024 * 1024 and n % (1024 * 1024) == 0 else \
        f"{n // 1024} KiB" if n % 1024 == 0 else f"{n} bytes"


def open_binary(source: str | os.PathLike, what: str, allow_stdin: bool = True) -> BinaryIO:
    """A binary stream on a regular file, or on standard input for ``-``."""
    if allow_stdin and os.fspath(source) == "-":
        return _StdinBytes()
    p = checked_path(source, what)
    try:
        return p.open("rb")
    except OSError as e:
        raise TutorError(f"{what} {excerpt(os.fspath(source), 200)} cannot be read: {e.strerror or e}") from None


class _StdinBytes:
    """Standard input as bytes, left open when done (a text stream, as in tests, is encoded)."""

    def __init__(self):
        self._stream = getattr(sys.stdin, "buffer", None)

    def read(self, n: int = -1) -> bytes:
        if self._stream is not None:
            return self._stream.read(n)
        text = sys.stdin.read(n)
        return text.encode("utf-8")

    def readline(self, n: int = -1) -> bytes:
        if self._stream is not None:
            return self._stream.readline(n)
        return sys.stdin.readline(n).encode("utf-8")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def close(self) -> None:
        pass


def read_bytes(source: str | os.PathLike, limit: int, what: str, allow_stdin: bool = True) -> bytes:
    """The whole of a user's file (or ``-``), refused beyond ``limit`` bytes."""
    with open_binary(source, what, allow_stdin) as stream:
        return _read_capped(stream, limit, what)


def decode(data: bytes, what: str) -> str:
    """UTF-8 text, or a ``TutorError`` naming the first bad byte's position."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TutorError(f"the {what} is not UTF-8 text (byte {e.start + 1} is 0x{data[e.start]:02x})") from None


def read_text(source: str | os.PathLike, limit: int, what: str, allow_stdin: bool = True) -> str:
    return decode(read_bytes(source, limit, what, allow_stdin), what)


def lines(stream: BinaryIO, limit: int, total: int, what: str) -> Iterator[tuple[int, bytes | None]]:
    """``(number, line)`` for each line of ``stream`` (without its end); a line longer
    than ``limit`` bytes comes as ``(number, None)``, its rest skipped in chunks and
    never held in memory. More than ``total`` bytes in all is a ``TutorError``."""
    number = consumed = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        number += 1
        consumed += len(line)
        too_long = len(line.rstrip(b"\r\n")) > limit
        if too_long and not line.endswith(b"\n"):
            while True:  # skip to the end of this over-long line
                rest = stream.readline(CHUNK)
                consumed += len(rest)
                if consumed > total:
                    raise TutorError(f"the {what} is larger than {_size(total)}; the rest is not read")
                if not rest or rest.endswith(b"\n"):
                    break
        if consumed > total:
            raise TutorError(f"the {what} is larger than {_size(total)}; the rest is not read")
        yield number, None if too_long else line.rstrip(b"\r\n")


# -- JSON -----------------------------------------------------------------------------

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # unrolled: one step per run, not per character
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (strings ignored); cheap, no parsing."""
    depth = deepest = 0
    for m in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _no_duplicates(what: str) -> Callable[[list[tuple[str, Any]]], dict]:
    def hook(pairs):
        out = {}
        for key, value in pairs:
            if key in out:
                raise TutorError(f"{what} holds the key {excerpt(key)} twice")
            out[key] = value
        return out
    return hook


def _small_int(what: str, digits: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if len(text.lstrip("-")) > digits:
            raise TutorError(f"{what} holds a number of {len(text.lstrip('-'))} digits ({excerpt(text, 20)}); "
                             f"numbers here have at most {digits}")
        return int(text)
    return parse


def _constant(what: str):
    def parse(text: str):
        raise TutorError(f"{what} holds {text}, which is not a number JSON allows")
    return parse


def loads(text: str | bytes, what: str, max_depth: int = MAX_JSON_DEPTH, max_digits: int = MAX_INT_DIGITS) -> Any:
    """Strict JSON for user input: no duplicate keys, no deep nesting, no huge integers,
    no NaN or Infinity; every refusal a ``TutorError`` naming ``what``."""
    if isinstance(text, bytes):
        text = decode(text, what)
    depth = json_depth(text)
    if depth > max_depth:
        raise TutorError(f"{what} nests {depth} levels deep; at most {max_depth} are read")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates(what), parse_int=_small_int(what, max_digits),
                          parse_constant=_constant(what))
    except json.JSONDecodeError as e:
        raise TutorError(f"{what} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:  # the scan above makes this unreachable; kept as input, never a bug
        raise TutorError(f"{what} nests too deeply") from None


# -- TOML ------------------------------------------------------------------------------

_TOML_STRIP = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*')
_TOML_DOTTED = re.compile(r"[A-Za-z0-9_-]+(?:[ \t]*\.[ \t]*[A-Za-z0-9_-]+)+")


def toml_shape(text: str, what: str) -> None:
    """Refuse TOML whose keys or brackets nest beyond what a variant file needs, before
    ``tomllib`` (whose cost grows with the square of a dotted key's length) reads it."""
    bare = _TOML_STRIP.sub(lambda m: "" if m.group().startswith("#") else "s", text)
    depth = deepest = 0
    for m in _JSON_BRACKET.finditer(bare):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    if deepest > MAX_TOML_DEPTH:
        raise TutorError(f"the {what} nests brackets {deepest} levels deep; at most {MAX_TOML_DEPTH} are read")
    # dotted keys and table headers, also inside inline tables: { a.b.c.d = 1 }
    for m in _TOML_DOTTED.finditer(bare):
        dots = m.group().count(".")
        if dots > MAX_TOML_DOTS:
            line = text.count("\n", 0, m.start()) + 1
            raise TutorError(f"the {what} has a key of {dots + 1} dotted parts at line {line}; "
                             f"at most {MAX_TOML_DOTS + 1} are read")


def toml_loads(text: str, what: str) -> dict:
    import tomllib

    toml_shape(text, what)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TutorError(f"the {what} is not valid TOML: {excerpt(e, 120, quote=False)}") from None
    except (RecursionError, ValueError) as e:  # over-long integers and the like: still the user's input
        raise TutorError(f"the {what} cannot be read as TOML: {excerpt(e, 120, quote=False)}") from None


def whole_number(text: str, what: str, digits: int = MAX_INT_DIGITS) -> int:
    """An ASCII whole number given on the command line (``--seed``), of at most ``digits`` digits."""
    body = text[1:] if text.startswith("-") else text
    if not (body.isascii() and body.isdigit()) or len(body) > digits:
        raise TutorError(f"{what} must be a whole number of at most {digits} digits, not {excerpt(text)}")
    return int(text)
