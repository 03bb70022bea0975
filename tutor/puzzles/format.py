"""The puzzle file format: JSON Lines, one puzzle a line, checked by a schema in Python.

A puzzle is a contract spot, a question about it, the answer and its proof.
``check_record`` returns every problem of one parsed line as a sentence
that names the field; ``read_file`` and ``write_file`` keep the canonical
layout (fixed key order, one line per puzzle) so that the same puzzles
always give the same bytes. See ``puzzles/README.md`` for the format.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..errors import TutorError
from ..inputs import excerpt, loads, open_binary

QUESTIONS = ("go-out", "pickup", "initial-meld", "cheat")
GRADES = (1, 2, 3, 4, 5)
WAYS_CAP = 5  # ways are counted up to this many; "5" reads "five or more"
MAX_PUZZLE_FILE_BYTES = 16 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024
CHECKSUM_VERSION = 2  # 1 covered the spot, question, play and answer; 2 covers every field

# The fields of a puzzle line, in the order they are written.
FIELDS = ("id", "variant", "question", "spot", "play", "answer", "proof", "ways", "unique",
          "themes", "grade", "features", "generator", "seed", "checksum")
FEATURES = ("cards", "candidates", "traps", "rules", "steps", "ways", "queries", "glance", "depth")
# Fields a puzzle carries when it has them, written after the others: the self-played game
# that reaches its spot (``mine.replay`` plays it again) and its starting rating.
OPTIONAL_FIELDS = ("origin", "rating")
_ORIGIN_KEYS = {"variant": str, "options": dict, "game": str, "turn": int, "phase": str}
RATING_RANGE = (100.0, 3500.0)

_ID = re.compile(r"^[a-z0-9][a-z0-9-]{2,79}$")
_TAG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_RULE_ID = re.compile(r"^[A-Z]-[A-Z0-9]+(\.[A-Za-z0-9_-]+)*$")
_WITNESS_KEYS = {"play", "melds", "layoffs", "discard", "went_out", "points", "drawn"}


class PuzzleError(TutorError):
    """A puzzle file that is malformed, tampered with, or whose proof does not hold."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a spot, a question, the proven answer and how it was made."""

    id: str
    variant: str
    question: str
    spot: dict[str, Any]
    answer: bool
    proof: dict[str, Any]
    themes: tuple[str, ...]
    grade: int
    features: dict[str, int]
    generator: str
    seed: int | str
    checksum: str
    play: str | None = None
    ways: int | None = None
    unique: bool | None = None
    origin: dict[str, Any] | None = None
    rating: float | None = None

    @classmethod
    def from_dict(cls, data: Any, where: str = "puzzle") -> "Puzzle":
        problems = check_record(data)
        if problems:
            raise PuzzleError(f"{where}: {problems[0]}")
        return cls(**{k: (tuple(v) if k == "themes" else v) for k, v in data.items()})

    def to_dict(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in FIELDS}
        d["themes"] = list(self.themes)
        d.update({k: getattr(self, k) for k in OPTIONAL_FIELDS if getattr(self, k) is not None})
        return d

    def to_line(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(", ", ": "))

    @property
    def prompt(self) -> str:
        return prompt_of(self.question, self.spot.get("phase", "drawn"), self.play)

    def _repr_html_(self) -> str:
        """Jupyter and marimo draw the puzzle: its table and question, the proof folded away."""
        from .worksheet import puzzle_html

        return puzzle_html(self)


def prompt_of(question: str, phase: str = "drawn", play: str | None = None) -> str:
    """The question in words for a learner: always about a whole legal turn, to its discard or going out."""
    if question == "go-out":
        if phase == "before-draw":
            return "Can you go out this turn by taking the discard pile?"
        return "You have drawn. Can you go out this turn?"
    if question == "pickup":
        if play:
            return (f"May you take the discard pile with {play}, and still finish the turn legally "
                    "(a discard, or going out)?")
        return "May you take the discard pile now, and still finish the turn legally (a discard, or going out)?"
    if question == "initial-meld":
        if play:
            return f"Is this first meld legal, as part of a whole legal turn: {play}?"
        if phase == "before-draw":
            return ("Can your side make its first meld this turn (from your hand, or by taking the pile), "
                    "and finish the turn legally?")
        return "Can your side make its first meld this turn, and finish the turn legally?"
    return f"A player announces this turn: {play}. Is it legal? If not, which cheat is it?"


# -- the checksum ---------------------------------------------------------------

def canonical_spot(spot: dict[str, Any]) -> dict[str, Any]:
    """The spot as the tutor writes it (validated; raises a TutorError if it cannot occur)."""
    from ..spot import Spot

    return Spot.from_dict(spot).to_dict()


def checksum_text(data: dict[str, Any]) -> str:
    """What the checksum covers: a first line naming the format's version, then the whole
    record but its checksum, as compact JSON with sorted keys and the spot made canonical:
    everything a learner is shown (id, themes, reason texts, the witness) and how it was made."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    body["spot"] = canonical_spot(data["spot"])
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"canasta-tutor puzzle {CHECKSUM_VERSION}\n{text}"


def checksum(data: dict[str, Any]) -> str:
    """The checksum of a puzzle record (a ``Puzzle``'s ``to_dict()`` or a parsed line)."""
    return hashlib.sha256(checksum_text(data).encode("utf-8")).hexdigest()


def _first_checksum(spot: dict[str, Any], question: str, play: str | None, answer: bool) -> str:
    """The checksum of the format's first version (spot, question, play and answer only):
    recognised only to say that a file needs ``puzzles rehash``, never accepted."""
    spot_json = json.dumps(canonical_spot(spot), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    text = "\n".join((spot_json, question, play or "", "true" if answer else "false"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seal(puzzle: "Puzzle") -> "Puzzle":
    """``puzzle`` with the checksum of everything else it holds."""
    return replace(puzzle, checksum=checksum(puzzle.to_dict()))


def puzzle_id(variant: str, question: str, spot: dict[str, Any], play: str | None) -> str:
    """A stable id from what the puzzle asks (not its answer): the same spot and question keep it."""
    spot_json = json.dumps(canonical_spot(spot), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256("\n".join((spot_json, question, play or "")).encode("utf-8")).hexdigest()
    stem = re.sub(r"[^a-z0-9]+", "-", Path(variant).stem.lower()).strip("-") or "house-rules"
    return f"{stem}-{question}-{digest[:8]}"


# -- the schema -------------------------------------------------------------------

def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_reasons(proof: dict, problems: list[str]) -> None:
    rules, reasons = proof.get("rules"), proof.get("reasons")
    if not isinstance(rules, list) or not rules or not all(isinstance(r, str) and _RULE_ID.match(r) for r in rules):
        problems.append("proof.rules must be a non-empty list of rule IDs such as \"C-FROZEN\"")
    if not isinstance(reasons, list) or not reasons:
        problems.append("proof.reasons must be a non-empty list of {rule, text, source}")
        return
    for i, r in enumerate(reasons, start=1):
        if not isinstance(r, dict) or set(r) != {"rule", "text", "source"} or not all(isinstance(v, str) for v in r.values()):
            problems.append(f"proof.reasons[{i}] must be an object with exactly rule, text and source (strings)")
        elif isinstance(rules, list) and r["rule"] not in rules:
            problems.append(f"proof.reasons[{i}] cites {r['rule']}, which proof.rules does not list")


def _check_witness(witness: Any, problems: list[str]) -> None:
    if not isinstance(witness, dict):
        problems.append("proof.witness must be an object (the play that proves yes)")
        return
    extra = set(witness) - _WITNESS_KEYS
    if extra:
        problems.append(f"proof.witness has unknown keys {sorted(extra)}")
    if not isinstance(witness.get("play"), str) or not witness.get("play", "").strip():
        problems.append("proof.witness.play must be the witness play, e.g. \"meld KS KH KD; discard 9C\"")
    if not isinstance(witness.get("melds", []), list):
        problems.append("proof.witness.melds must be a list of meld strings")
    if not isinstance(witness.get("went_out", False), bool):
        problems.append("proof.witness.went_out must be true or false")


def _check_proof(data: dict, problems: list[str]) -> None:
    proof, answer, question = data["proof"], data["answer"], data["question"]
    if not isinstance(proof, dict):
        problems.append("proof must be an object")
        return
    allowed = {"witness"} if answer else {"rules", "reasons"}
    if question == "cheat":
        allowed |= {"honest"} | ({"cheats"} if not answer else set())
    extra = set(proof) - allowed
    if extra:
        problems.append(f"proof has keys {sorted(extra)} that a {'yes' if answer else 'no'} "
                        f"{question} puzzle does not carry")
    if answer:
        if "witness" not in proof:
            problems.append("a yes answer needs proof.witness (the play that does it)")
        else:
            _check_witness(proof["witness"], problems)
    else:
        _check_reasons(proof, problems)
    if question == "cheat":
        if not answer:
            cheats = proof.get("cheats")
            if not isinstance(cheats, list) or not cheats or not all(c in "ABCMN" and len(c) == 1 for c in cheats
                                                                      if isinstance(c, str)):
                problems.append("a cheat puzzle answered no needs proof.cheats: the Y-CHEATS letters (A B C M N)")
            elif isinstance(proof.get("rules"), list) and not all(f"Y-CHEATS.{c}" in proof["rules"] for c in cheats):
                problems.append("proof.cheats names a letter whose Y-CHEATS rule proof.rules does not list")
        honest = proof.get("honest")
        if not (isinstance(honest, dict) and honest.get("question") in QUESTIONS[:3]
                and isinstance(honest.get("answer"), bool)):
            problems.append("a cheat puzzle needs proof.honest: {question, answer} for the same spot played honestly")


def check_record(data: Any) -> list[str]:
    """Every schema problem of one puzzle record, as sentences (empty: it is well formed).

    The checksum and the spot's validity are checked too; the proof is not
    re-proved here (that is ``verify``'s work).
    """
    if not isinstance(data, dict):
        return ["a puzzle is a JSON object"]
    problems: list[str] = []
    missing = [k for k in FIELDS if k not in data]
    if missing:
        problems.append(f"missing field{'s' * (len(missing) > 1)} {', '.join(missing)}")
    unknown = sorted(set(data) - set(FIELDS) - set(OPTIONAL_FIELDS))
    if unknown:
        problems.append(f"unknown field{'s' * (len(unknown) > 1)} {', '.join(unknown)}")
    if missing:
        return problems
    if not isinstance(data["id"], str) or not _ID.match(data["id"]):
        problems.append("id must be 3-80 characters: lower-case letters, digits and hyphens")
    if data["question"] not in QUESTIONS:
        problems.append(f"question must be one of {', '.join(QUESTIONS)}, not {excerpt(json.dumps(data['question']), quote=False)}")
    if not isinstance(data["answer"], bool):
        problems.append("answer must be true or false")
    if not isinstance(data["spot"], dict):
        problems.append("spot must be a JSON object (a spot, as canasta-tutor check reads it)")
    if not isinstance(data["variant"], str) or (isinstance(data["spot"], dict)
                                                 and data["variant"] != data["spot"].get("variant")):
        problems.append("variant must be a string equal to spot.variant")
    play = data["play"]
    if play is not None and (not isinstance(play, str) or not play.strip()):
        problems.append("play must be null or a non-empty play string")
    if data["question"] == "cheat" and play is None:
        problems.append("a cheat puzzle needs the disputed play")
    if data["question"] == "go-out" and play is not None:
        problems.append("a go-out puzzle takes no play")
    answer = data["answer"]
    if isinstance(answer, bool):
        if answer:
            if not (_is_int(data["ways"]) and 1 <= data["ways"] <= WAYS_CAP):
                problems.append(f"a yes answer needs ways: a whole number from 1 to {WAYS_CAP}")
            if not isinstance(data["unique"], bool):
                problems.append("a yes answer needs unique: true or false")
            elif _is_int(data["ways"]) and data["unique"] != (data["ways"] == 1):
                problems.append(f"unique is {json.dumps(data['unique'])} but ways is {data['ways']}")
        elif data["ways"] is not None or data["unique"] is not None:
            problems.append("a no answer has ways and unique null")
    if not isinstance(data["themes"], list) or not data["themes"] or not all(
            isinstance(t, str) and _TAG.match(t) for t in data["themes"]):
        problems.append("themes must be a non-empty list of tags (lower-case words joined by hyphens)")
    elif len(set(data["themes"])) != len(data["themes"]):
        problems.append("themes lists a tag twice")
    if not _is_int(data["grade"]) or data["grade"] not in GRADES:
        problems.append("grade must be a whole number from 1 to 5")
    features = data["features"]
    if not isinstance(features, dict) or set(features) != set(FEATURES) or not all(
            _is_int(v) and v >= 0 for v in features.values()):
        problems.append(f"features must hold exactly {', '.join(FEATURES)} as whole numbers of at least 0")
    if not isinstance(data["generator"], str) or not data["generator"]:
        problems.append("generator must name what made the puzzle, e.g. \"construct/near-canasta\"")
    if not (_is_int(data["seed"]) or isinstance(data["seed"], str)):
        problems.append("seed must be a whole number or a string")
    origin = data.get("origin")
    if origin is not None and not (isinstance(origin, dict) and set(origin) == set(_ORIGIN_KEYS) and all(
            isinstance(origin[k], t) and not (t is int and isinstance(origin[k], bool))
            for k, t in _ORIGIN_KEYS.items())):
        problems.append("origin must hold exactly variant, options, game, turn and phase (the game that "
                        "reaches the spot)")
    elif origin is not None and origin["variant"] != data["variant"]:
        problems.append("origin.variant must be the puzzle's variant")
    rating = data.get("rating")
    if rating is not None and not (isinstance(rating, (int, float)) and not isinstance(rating, bool)
                                   and RATING_RANGE[0] <= rating <= RATING_RANGE[1]):
        problems.append(f"rating must be a number from {RATING_RANGE[0]:.0f} to {RATING_RANGE[1]:.0f}")
    if not isinstance(data["checksum"], str) or not _HEX64.match(data["checksum"]):
        problems.append("checksum must be 64 lower-case hex digits (sha256)")
    if problems:
        return problems
    _check_proof(data, problems)
    if problems:
        return problems
    try:
        expected = checksum(data)
    except TutorError as e:
        return [f"spot cannot occur: {e}"]
    if expected != data["checksum"]:
        if data["checksum"] == _first_checksum(data["spot"], data["question"], play, answer):
            problems.append(f"checksum is of the puzzle format's version 1; version {CHECKSUM_VERSION} covers "
                            "every field: run 'canasta-tutor puzzles rehash FILE', then 'puzzles verify FILE'")
        else:
            problems.append("checksum does not match the puzzle: it was edited after it was proved "
                            "(re-prove it with 'puzzles add', or run 'puzzles rehash' and then 'puzzles verify')")
    return problems


# -- files -----------------------------------------------------------------------------

@dataclass
class Line:
    """One line of a puzzle file as read: its number, its record, and its problems."""

    number: int
    data: Any
    problems: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        if isinstance(self.data, dict) and isinstance(self.data.get("id"), str):
            return self.data["id"]
        return f"line {self.number}"


def read_lines(path: str | Path) -> Iterator[Line]:
    """Every non-blank line of a puzzle file, parsed and schema-checked (problems kept, not raised).

    Only a regular file is read, line by line within the caps; a line that is too long,
    not UTF-8, nested deep or holding huge numbers is one line's problem, not the file's."""
    try:
        stream = open_binary(path, "puzzle file", allow_stdin=False)
    except TutorError as e:
        raise PuzzleError(str(e)) from None
    with stream:
        for number, raw in _lines_of(stream, path):
            if raw is None:
                yield Line(number, None, [f"the line is longer than {MAX_LINE_BYTES} bytes"])
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                yield Line(number, None, [f"the line is not UTF-8 text (byte {e.start + 1})"])
                continue
            if not text.strip():
                continue
            try:
                data = loads(text, "the line")
            except TutorError as e:
                yield Line(number, None, [str(e)])
                continue
            yield Line(number, data, check_record(data))


def _lines_of(stream, path) -> Iterator[tuple[int, bytes | None]]:
    from ..inputs import lines

    try:
        yield from lines(stream, MAX_LINE_BYTES, MAX_PUZZLE_FILE_BYTES, f"puzzle file {excerpt(str(path), 80)}")
    except PuzzleError:
        raise
    except TutorError as e:
        raise PuzzleError(str(e)) from None


def read_file(path: str | Path) -> list[Puzzle]:
    """The puzzles of a file; the first malformed line raises ``PuzzleError`` naming it."""
    puzzles, seen = [], set()
    for line in read_lines(path):
        if line.problems:
            raise PuzzleError(f"{path}:{line.number} ({line.id}): {line.problems[0]}")
        puzzle = Puzzle.from_dict(line.data, f"{path}:{line.number}")
        if puzzle.id in seen:
            raise PuzzleError(f"{path}:{line.number}: id {puzzle.id} appears twice")
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return puzzles


def dumps(puzzles: Iterable[Puzzle]) -> str:
    return "".join(p.to_line() + "\n" for p in puzzles)


def write_file(path: str | Path, puzzles: Iterable[Puzzle]) -> None:
    """Replace the puzzle file with ``puzzles``, atomically and under the file's lock."""
    text = dumps(puzzles)
    with locked(path):
        write_atomic(path, text)


@contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Hold the lock of ``path`` (``fcntl.flock`` on a hidden ``.NAME.lock`` beside it): writers of one
    file take turns, so two ``puzzles add`` never both append, nor read a half-written file."""
    import fcntl

    lock = Path(path).with_name(f".{Path(path).name}.lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise PuzzleError(f"cannot lock {excerpt(str(path), 80)}: {e.strerror or e}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def write_atomic(path: str | Path, text: str | bytes) -> None:
    """Write ``text`` (or bytes) to ``path`` whole or not at all: a temporary file in the same folder,
    flushed to disk, then renamed over it (a crash or a full disk leaves the old file)."""
    import tempfile

    target = Path(path)
    if target.is_dir():
        raise PuzzleError(f"{excerpt(str(target), 80)} is a folder")
    if target.exists() and not target.is_file():
        raise PuzzleError(f"{excerpt(str(target), 80)} is not a regular file: nothing is written to it")
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with (os.fdopen(fd, "wb") if isinstance(text, bytes) else
              os.fdopen(fd, "w", encoding="utf-8", newline="")) as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass  # not every file system syncs a folder; the rename itself is atomic


def append(path: str | Path, puzzle: Puzzle) -> None:
    """Add ``puzzle`` at the end of the file (created if missing) under its lock, refusing an id
    the file already holds; a last line without its newline is completed first, so two
    puzzles never share a line."""
    target = Path(path)
    with locked(target):
        old = ""
        if target.exists():
            existing = read_file(target)
            if any(p.id == puzzle.id for p in existing):
                raise PuzzleError(f"refused: {excerpt(str(target), 80)} already holds this puzzle ({puzzle.id})")
            with open_binary(target, "puzzle file", allow_stdin=False) as f:
                old = f.read().decode("utf-8")
            if old and not old.endswith("\n"):
                old += "\n"
        write_atomic(target, old + puzzle.to_line() + "\n")


def rehash(path: str | Path) -> tuple[int, int]:
    """Recompute every checksum of a puzzle file (after its texts were edited on purpose) and
    write it back atomically; ``(puzzles, changed)``. Every other schema problem refuses the
    file, naming the line. The answers are not re-proved here: run ``verify`` after."""
    with locked(path):
        records, changed = [], 0
        for line in read_lines(path):
            data = line.data
            if isinstance(data, dict) and "checksum" in data and isinstance(data.get("spot"), dict):
                try:
                    fresh = checksum(data)
                except (TutorError, KeyError, TypeError):
                    fresh = None
                if fresh is not None:
                    changed += fresh != data["checksum"]
                    data = dict(data, checksum=fresh)
            problems = check_record(data)
            if problems:
                raise PuzzleError(f"{excerpt(str(path), 80)}:{line.number} ({line.id}): {problems[0]}")
            records.append(Puzzle.from_dict(data, f"{path}:{line.number}"))
        ids = [p.id for p in records]
        if len(set(ids)) != len(ids):
            raise PuzzleError(f"{excerpt(str(path), 80)}: an id appears twice")
        write_atomic(path, dumps(records))
    return len(records), changed


def find(puzzles: list[Puzzle], puzzle_id: str) -> Puzzle:
    for p in puzzles:
        if p.id == puzzle_id:
            return p
    raise PuzzleError(f"no puzzle {excerpt(puzzle_id)} in the file (its ids start {', '.join(p.id for p in puzzles[:3])}...)"
                      if puzzles else "the puzzle file is empty")
