"""Re-rating puzzle files: themes, features, grade and starting rating computed again from the stored proof.

When the difficulty model or the theme tags change, a bank need not be proved
again: a puzzle's proof is stored whole (the witness of a yes, the reasons of a
no, the counts of candidates, traps, ways and decider questions), so everything
the grade and the themes are read from can be rebuilt from the line itself. A
yes's witness is replayed by the turn engine (no decider is asked), and the
record is sealed with a fresh checksum. Tags an author added with ``puzzles add``
(any tag that is not a theme) are kept.

>>> from tutor.resources import bank_dir
>>> from tutor.puzzles.format import read_lines
>>> line = next(iter(read_lines(bank_dir() / "classic.jsonl")))
>>> rerate_record(line.data)["grade"] == line.data["grade"]
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from ..play import parse_play
from ..spot import Spot
from ..turn import play_turn
from ..inputs import excerpt
from .format import Puzzle, PuzzleError, check_record, checksum, dumps, locked, read_lines, write_atomic
from .grading import THEMES, features_of, grade_of, themes_of
from .prove import Proven, replay_witness
from .trainer import initial_rating


def stored_proven(data: dict[str, Any]) -> Proven:
    """The proved answer a stored record holds, rebuilt without asking a decider."""
    spot = Spot.from_dict(data["spot"])
    question, proof, features = data["question"], data["proof"], data["features"]
    turn = None
    if data["answer"]:
        if question == "cheat":
            turn = play_turn(spot, parse_play(data["play"]))
        else:
            turn = replay_witness(question, spot, proof["witness"])
    return Proven(question, data["answer"], proof, data["ways"], data["unique"], turn,
                  tuple(proof.get("rules", ())), candidates=features["candidates"], traps=features["traps"],
                  queries=features["queries"])


def rerate_record(data: dict[str, Any]) -> dict[str, Any]:
    """The record with its themes, features, grade, rating and checksum computed again."""
    spot = Spot.from_dict(data["spot"])
    proven = stored_proven(data)
    themes = themes_of(spot, proven)
    themes += [t for t in data["themes"] if t not in THEMES and t not in themes]  # an author's own tags
    features = features_of(spot, proven, data["play"])
    fresh = dict(data, themes=themes, features=features, grade=grade_of(features))
    fresh["rating"] = round(initial_rating(Puzzle(**dict(fresh, themes=tuple(themes)))), 1)
    fresh["checksum"] = checksum(fresh)
    return fresh


def rerate(path: str | Path) -> tuple[int, int]:
    """Re-rate every puzzle of a file and write it back atomically; ``(puzzles, changed)``.

    The lines must be well formed but for what is recomputed (features of an older
    model, a stale checksum); anything else refuses the file, naming the line."""
    with locked(path):
        records, changed = [], 0
        for line in read_lines(path):
            data = line.data
            if not isinstance(data, dict) or not isinstance(data.get("features"), dict):
                raise PuzzleError(f"{excerpt(str(path), 80)}:{line.number}: {line.problems[0] if line.problems else 'not a puzzle'}")
            try:
                fresh = rerate_record(data)
            except (KeyError, TypeError) as e:
                raise PuzzleError(f"{excerpt(str(path), 80)}:{line.number} ({line.id}): lacks {e}") from None
            problems = check_record(fresh)
            if problems:
                raise PuzzleError(f"{excerpt(str(path), 80)}:{line.number} ({line.id}): {problems[0]}")
            changed += fresh != data
            records.append(Puzzle.from_dict(fresh, f"{path}:{line.number}"))
        ids = [p.id for p in records]
        if len(set(ids)) != len(ids):
            raise PuzzleError(f"{excerpt(str(path), 80)}: an id appears twice")
        write_atomic(path, dumps(records))
    return len(records), changed


def rerate_paths(paths: Iterable[str | Path] = ()) -> list[tuple[Path, int, int]]:
    """Re-rate the files named (the shipped bank when none): ``(path, puzzles, changed)`` each."""
    from .verify import bank_files

    return [(p, *rerate(p)) for p in bank_files(paths)]
