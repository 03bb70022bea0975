"""The puzzle trainer: the next puzzle near the learner's rating, a hint before the proof, and a record.

The learner picks variants and themes (several at once, or none for all); the
trainer offers the unsolved puzzle whose rating is closest to the learner's,
and after each answer both ratings move (``rating.play``). The record is plain
JSON (``Record.to_dict``) so a lesson can keep it in the learner's browser and
hand it back on the next visit.

>>> bank = [p for p in load_bank() if p.variant == "classic"]
>>> record = Record()
>>> first = next_puzzle(bank, record)
>>> record = record.answered(first, solved=True)
>>> record.streak, record.solved == {first.id}
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

from .format import Puzzle
from .grading import THEMES, THRESHOLDS, difficulty
from .rating import GRADE_BANDS, Rating, play

#: The themes every puzzle of a question carries; a hint names a more telling one.
_QUESTION_THEMES = {"going-out", "taking-the-pile", "first-meld", "legal-cheats"}


def initial_rating(puzzle: Puzzle) -> float:
    """A puzzle's starting rating, read off its grade's band and where its score sits in it.

    The grade is the difficulty model's verdict (plays to rule out, ways that work, rules in
    play and how deep they lie, steps of the witness, cards to read); the rating places the
    puzzle inside that grade's band as its score sits between the grade's thresholds, so
    puzzles of one grade are still told apart.
    """
    lows = (GRADE_BANDS[0] - 200.0, *GRADE_BANDS)
    low = lows[puzzle.grade - 1]
    high = GRADE_BANDS[puzzle.grade - 1] if puzzle.grade <= len(GRADE_BANDS) else low + 200.0
    cuts = (2 * THRESHOLDS[0] - THRESHOLDS[1], *THRESHOLDS, 2 * THRESHOLDS[-1] - THRESHOLDS[-2])
    bottom, top = cuts[puzzle.grade - 1], cuts[puzzle.grade]
    within = min(max((difficulty(puzzle.features) - bottom) / (top - bottom), 0.0), 1.0)
    return low + (high - low) * (0.05 + 0.9 * within)


@dataclass(frozen=True)
class Record:
    """What the trainer keeps of one learner: a rating, what was solved and missed, a streak, theme counts."""

    learner: Rating = Rating()
    puzzles: dict[str, Rating] = field(default_factory=dict)  # ratings moved by this learner's attempts
    solved: frozenset[str] = frozenset()
    missed: frozenset[str] = frozenset()
    streak: int = 0
    best_streak: int = 0
    themes: dict[str, tuple[int, int]] = field(default_factory=dict)  # theme -> (solved, tried)

    def rating_of(self, puzzle: Puzzle) -> Rating:
        start = puzzle.rating if puzzle.rating is not None else initial_rating(puzzle)
        return self.puzzles.get(puzzle.id) or Rating(start, 120.0)

    def answered(self, puzzle: Puzzle, solved: bool) -> "Record":
        """The record after one answer to ``puzzle``."""
        learner, rated = play(self.learner, self.rating_of(puzzle), solved)
        themes = dict(self.themes)
        for t in puzzle.themes:
            right, tried = themes.get(t, (0, 0))
            themes[t] = (right + solved, tried + 1)
        streak = self.streak + 1 if solved else 0
        return replace(self, learner=learner, puzzles={**self.puzzles, puzzle.id: rated},
                       solved=self.solved | {puzzle.id} if solved else self.solved,
                       missed=(self.missed - {puzzle.id}) if solved else self.missed | {puzzle.id},
                       streak=streak, best_streak=max(self.best_streak, streak), themes=themes)

    def to_dict(self) -> dict:
        return {"learner": self.learner.to_dict(), "puzzles": {k: v.to_dict() for k, v in sorted(self.puzzles.items())},
                "solved": sorted(self.solved), "missed": sorted(self.missed), "streak": self.streak,
                "best_streak": self.best_streak, "themes": {k: list(v) for k, v in sorted(self.themes.items())}}

    @classmethod
    def from_dict(cls, data: dict | None) -> "Record":
        """A record from its JSON form; anything unreadable starts a fresh record rather than failing."""
        if not isinstance(data, dict):
            return cls()
        try:
            return cls(learner=Rating.from_dict(data["learner"]),
                       puzzles={str(k): Rating.from_dict(v) for k, v in data.get("puzzles", {}).items()},
                       solved=frozenset(map(str, data.get("solved", []))),
                       missed=frozenset(map(str, data.get("missed", []))),
                       streak=int(data.get("streak", 0)), best_streak=int(data.get("best_streak", 0)),
                       themes={str(k): (int(v[0]), int(v[1])) for k, v in data.get("themes", {}).items()})
        except (KeyError, TypeError, ValueError, IndexError):
            return cls()


def choose(bank: Iterable[Puzzle], variants: Sequence[str] = (), themes: Sequence[str] = (),
           question: str | None = None) -> list[Puzzle]:
    """The puzzles of any of these variants that carry any of these themes (none named: all)."""
    return [p for p in bank if (not variants or p.variant in variants)
            and (not themes or any(t in p.themes for t in themes))
            and (question is None or p.question == question)]


def next_puzzle(bank: Sequence[Puzzle], record: Record, variants: Sequence[str] = (),
                themes: Sequence[str] = (), review: bool = False) -> Puzzle | None:
    """The next puzzle to offer: unsolved (in review, a missed one), its rating nearest the learner's.

    Ties go to the puzzle met least recently in bank order, so the same record
    always gets the same next puzzle. ``None`` when nothing is left to offer.
    """
    pool = choose(bank, variants, themes)
    if review:
        pool = [p for p in pool if p.id in record.missed]
    else:
        fresh = [p for p in pool if p.id not in record.solved and p.id not in record.missed]
        pool = fresh or [p for p in pool if p.id not in record.solved]
    if not pool:
        return None
    target = record.learner.rating
    return min(pool, key=lambda p: (abs(record.rating_of(p).rating - target), p.id))


def hint(puzzle: Puzzle) -> str:
    """A nudge that gives the answer away no more than a teacher would: where to look."""
    telling = [t for t in puzzle.themes if t not in _QUESTION_THEMES] or list(puzzle.themes)
    if not telling:
        return "Read the whole turn: what must happen before the discard?"
    return f"Look at {THEMES[telling[0]]}."


def load_bank() -> list[Puzzle]:
    """Every puzzle of the shipped bank, in bank order."""
    from .format import read_file
    from .verify import bank_files

    return [p for path in bank_files() for p in read_file(path)]
