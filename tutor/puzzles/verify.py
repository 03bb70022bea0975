"""Re-proving puzzle files: schema, checksum, and both deciders, puzzle by puzzle.

A file passes only if every line is well formed, its checksum matches, both
deciders still give the stored answer, and the stored proof still holds
(the witness replays and does what the question asks; a cheat names the
same letters). ``deep`` also recounts the ways and recomputes the features,
themes and grade.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..errors import SolverLimitError, TutorError
from ..progress import Progress
from ..resources import bank_dir
from ..spot import Spot
from .format import Line, PuzzleError, read_lines
from .grading import features_of, grade_of, themes_of
from .prove import Disagreement, prove, replay_witness

NOT_COLLECTIONS = {"calibration.jsonl"}  # hand-graded puzzles for the grade, in their own format


@dataclass(frozen=True)
class Problem:
    path: str
    line: int
    id: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.id}: {self.text}"


@dataclass
class VerifyReport:
    files: int = 0
    checked: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and self.checked > 0


def bank_files(paths: Iterable[str | Path] = ()) -> list[Path]:
    """The puzzle files named (a folder stands for its ``*.jsonl``); none named: the shipped bank."""
    paths = list(paths)
    if not paths:
        bank = bank_dir()
        if not bank.is_dir():
            raise PuzzleError("this installation carries no puzzle bank: name the files to verify")
        paths = [bank]
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(f for f in p.glob("*.jsonl") if f.name not in NOT_COLLECTIONS)
            if not found:
                raise PuzzleError(f"{p} holds no .jsonl puzzle files")
            out += found
        elif p.exists():
            out.append(p)
        else:
            raise PuzzleError(f"no such puzzle file: {p}")
    return out


def _yes_no(b: bool) -> str:
    return "yes" if b else "no"


def verify_record(data: dict[str, Any], deep: bool = False) -> list[str]:
    """Every reason this (schema-valid) puzzle record does not hold; empty when it does."""
    spot = Spot.from_dict(data["spot"])
    question, play = data["question"], data["play"]
    try:
        proven = prove(spot, question, play, count=deep)
    except Disagreement as e:
        return [f"the deciders disagree: {e}"]
    except SolverLimitError as e:
        return [f"a decider gave up: {e}"]
    except TutorError as e:
        return [f"cannot be re-proved: {e}"]
    except AssertionError as e:
        return [f"a decider's self-check failed: {str(e).splitlines()[0] if str(e) else type(e).__name__}"]
    problems: list[str] = []
    origin = data.get("origin")
    if origin is not None:
        from .mine import replay

        try:
            reached = replay(origin)
        except TutorError as e:
            reached = None
            problems.append(f"its origin cannot be replayed: {e}")
        if reached is not None and reached != spot.to_dict():
            problems.append(f"its origin's game (game {origin['game']}, turn {origin['turn']}) reaches "
                            "another spot than the puzzle's")
    if proven.answer != data["answer"]:
        why = ""
        if not proven.answer:
            why = " (" + "; ".join(f"{r['rule']}: {r['text']}" for r in proven.proof["reasons"][:2]) + ")"
        problems.append(f"answer is stored as {_yes_no(data['answer'])} but both deciders prove "
                        f"{_yes_no(proven.answer)}{why}")
        return problems
    proof = data["proof"]
    if data["answer"] and question != "cheat":
        try:
            replay_witness(question, spot, proof["witness"])
        except Disagreement as e:
            problems.append(f"the stored witness does not prove the answer: {e}")
    if data["answer"] and question == "cheat" and proof["witness"].get("play") != proven.proof["witness"].get("play"):
        problems.append("the stored witness is not the disputed play")
    if not data["answer"]:
        known = set(spot.rules.variant.rules)
        unknown = [r for r in proof["rules"] if r.split(".")[0] not in known and not r.startswith("Y-CHEATS.")]
        if unknown:
            problems.append(f"proof.rules cites {', '.join(unknown)}, not rules of {spot.rules.id}")
    if question == "cheat":
        if sorted(proof.get("cheats", [])) != sorted(proven.proof.get("cheats", [])):
            problems.append(f"the stored cheats {proof.get('cheats', [])} are not the referee's "
                            f"{proven.proof.get('cheats', [])}")
        if proof["honest"]["answer"] != proven.proof["honest"]["answer"]:
            problems.append(f"the honest {proof['honest']['question']} answer is stored as "
                            f"{_yes_no(proof['honest']['answer'])}, but the deciders say "
                            f"{_yes_no(proven.proof['honest']['answer'])}")
    if grade_of(data["features"]) != data["grade"]:
        problems.append(f"grade {data['grade']} does not follow from the features (they give {grade_of(data['features'])})")
    if deep:
        if data["answer"] and (data["ways"], data["unique"]) != (proven.ways, proven.unique):
            problems.append(f"ways/unique stored as {data['ways']}/{data['unique']}, recounted {proven.ways}/{proven.unique}")
        features = features_of(spot, proven, play)
        if features != data["features"]:
            changed = ", ".join(f"{k} {data['features'][k]}->{v}" for k, v in features.items() if data["features"].get(k) != v)
            problems.append(f"features changed: {changed}")
        themes = themes_of(spot, proven)
        lost = [t for t in themes if t not in data["themes"]]
        if lost:
            problems.append(f"themes lack {', '.join(lost)}, which the proof now uses")
    return problems


def _job(job: tuple[str, int, Any, list[str], bool]) -> tuple[str, int, str, list[str]]:
    path, number, data, problems, deep = job
    ident = data["id"] if isinstance(data, dict) and isinstance(data.get("id"), str) else f"line {number}"
    if problems:
        return path, number, ident, problems
    try:
        return path, number, ident, verify_record(data, deep)
    except TutorError as e:
        return path, number, ident, [str(e)]
    except Exception as e:  # noqa: BLE001 - a crash while re-proving is itself a failure to report
        return path, number, ident, [f"re-proving crashed: {type(e).__name__}: {e}"]


def verify_paths(paths: Iterable[str | Path] = (), *, deep: bool = False, workers: int = 1,
                 progress: bool = False) -> VerifyReport:
    """Re-prove every puzzle of the files (the shipped bank by default)."""
    report = VerifyReport()
    jobs = []
    for path in bank_files(paths):
        report.files += 1
        lines: list[Line] = list(read_lines(path))
        if not lines:
            report.problems.append(Problem(str(path), 0, "-", "the file holds no puzzles"))
        seen: dict[str, int] = {}
        for line in lines:
            problems = list(line.problems)
            if not problems and line.id in seen:
                problems.append(f"id already used on line {seen[line.id]}")
            seen.setdefault(line.id, line.number)
            jobs.append((str(path), line.number, line.data, problems, deep))
    bar = Progress(len(jobs), "verify", progress)
    results = []
    if workers > 1 and len(jobs) > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for i, r in enumerate(pool.imap(_job, jobs, chunksize=4), start=1):
                results.append(r)
                bar.update(i)
    else:
        for i, job in enumerate(jobs, start=1):
            results.append(_job(job))
            bar.update(i)
    bar.close()
    for path, number, ident, problems in results:
        report.checked += 1
        report.problems += [Problem(path, number, ident, p) for p in problems]
    return report
