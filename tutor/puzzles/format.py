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
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..errors import TutorError

QUESTIONS = ("go-out", "pickup", "initial-meld", "cheat")
GRADES = (1, 2, 3, 4, 5)
WAYS_CAP = 5  # ways are counted up to this many; "5" reads "five or more"
MAX_PUZZLE_FILE_BYTES = 16 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024

# The fields of a puzzle line, in the order they are written.
FIELDS = ("id", "variant", "question", "spot", "play", "answer", "proof", "ways", "unique",
          "themes", "grade", "features", "generator", "seed", "checksum")
FEATURES = ("cards", "candidates", "traps", "rules", "steps", "ways", "queries")

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

    @classmethod
    def from_dict(cls, data: Any, where: str = "puzzle") -> "Puzzle":
        problems = check_record(data)
        if problems:
            raise PuzzleError(f"{where}: {problems[0]}")
        return cls(**{k: (tuple(v) if k == "themes" else v) for k, v in data.items()})

    def to_dict(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in FIELDS}
        d["themes"] = list(self.themes)
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
    """The question in words for a learner."""
    if question == "go-out":
        if phase == "before-draw":
            return "Can you go out this turn by taking the discard pile?"
        return "You have drawn. Can you go out this turn?"
    if question == "pickup":
        if play:
            return f"May you take the discard pile with {play}?"
        return "May you take the discard pile now?"
    if question == "initial-meld":
        if play:
            return f"Is this first meld legal: {play}?"
        if phase == "before-draw":
            return "Can your side make its first meld this turn (from your hand, or by taking the pile)?"
        return "Can your side make its first meld this turn?"
    return f"A player announces this turn: {play}. Is it legal? If not, which cheat is it?"


# -- the checksum ---------------------------------------------------------------

def canonical_spot(spot: dict[str, Any]) -> dict[str, Any]:
    """The spot as the tutor writes it (validated; raises a TutorError if it cannot occur)."""
    from ..spot import Spot

    return Spot.from_dict(spot).to_dict()


def checksum_text(spot: dict[str, Any], question: str, play: str | None, answer: bool) -> str:
    """What the checksum covers: four lines, the canonical spot JSON (keys sorted, no spaces),
    the question, the play (empty if none) and the answer (``true`` or ``false``)."""
    spot_json = json.dumps(canonical_spot(spot), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "\n".join((spot_json, question, play or "", "true" if answer else "false"))


def checksum(spot: dict[str, Any], question: str, play: str | None, answer: bool) -> str:
    return hashlib.sha256(checksum_text(spot, question, play, answer).encode("utf-8")).hexdigest()


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
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        problems.append(f"unknown field{'s' * (len(unknown) > 1)} {', '.join(unknown)}")
    if missing:
        return problems
    if not isinstance(data["id"], str) or not _ID.match(data["id"]):
        problems.append("id must be 3-80 characters: lower-case letters, digits and hyphens")
    if data["question"] not in QUESTIONS:
        problems.append(f"question must be one of {', '.join(QUESTIONS)}, not {json.dumps(data['question'])}")
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
    if not isinstance(data["checksum"], str) or not _HEX64.match(data["checksum"]):
        problems.append("checksum must be 64 lower-case hex digits (sha256)")
    if problems:
        return problems
    _check_proof(data, problems)
    if problems:
        return problems
    try:
        expected = checksum(data["spot"], data["question"], play, answer)
    except TutorError as e:
        return [f"spot cannot occur: {e}"]
    if expected != data["checksum"]:
        problems.append("checksum does not match the spot, question, play and answer: "
                        "the puzzle was edited after it was proved (re-prove it with 'puzzles add')")
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
    """Every non-blank line of a puzzle file, parsed and schema-checked (problems kept, not raised)."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_PUZZLE_FILE_BYTES:
            raise PuzzleError(f"{path}: a puzzle file may be at most {MAX_PUZZLE_FILE_BYTES // (1024 * 1024)} MiB")
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PuzzleError(f"no such puzzle file: {path}") from None
    except IsADirectoryError:
        raise PuzzleError(f"{path} is a folder, not a puzzle file") from None
    except UnicodeDecodeError:
        raise PuzzleError(f"{path} is not UTF-8 text") from None
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE_BYTES:
            yield Line(number, None, [f"the line is longer than {MAX_LINE_BYTES} characters"])
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as e:
            yield Line(number, None, [f"not valid JSON: {e.msg} at column {e.colno}"])
            continue
        yield Line(number, data, check_record(data))


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
    Path(path).write_text(dumps(puzzles), encoding="utf-8")


def find(puzzles: list[Puzzle], puzzle_id: str) -> Puzzle:
    for p in puzzles:
        if p.id == puzzle_id:
            return p
    raise PuzzleError(f"no puzzle {puzzle_id!r} in the file (its ids start {', '.join(p.id for p in puzzles[:3])}...)"
                      if puzzles else "the puzzle file is empty")
