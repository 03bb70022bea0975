"""Puzzles with proven answers: the format, the generator, grading and worksheets.

Every puzzle is a contract spot and a question (``go-out``, ``pickup``,
``initial-meld``, or canasty's ``cheat``) whose answer both deciders agree
on, with its proof: the witness play for yes, the blocking rules for no.

>>> from tutor.puzzles import generate, read_file, verify_paths
>>> puzzles = generate("classic", 4, seed=1, workers=1, progress=False)   # doctest: +SKIP
>>> verify_paths(["puzzles/classic.jsonl"]).ok                            # doctest: +SKIP
True

The command line is ``canasta-tutor puzzles ...`` (``tutor.puzzles.cli``);
the file format is documented in ``puzzles/README.md``.
"""

from .format import (FIELDS, QUESTIONS, WAYS_CAP, Puzzle, PuzzleError, check_record, checksum, puzzle_id,
                     read_file, read_lines, write_file)

__all__ = ["FIELDS", "QUESTIONS", "WAYS_CAP", "Puzzle", "PuzzleError", "bank_files", "check_record", "checksum",
           "generate",
           "grade_of", "prove", "puzzle_id", "read_file", "read_lines", "themes_of", "verify_paths",
           "worksheet_html", "write_file"]


def generate(*args, **kw):
    """Doubly proved puzzles for a variant (see ``tutor.puzzles.generate.generate``)."""
    from .generate import generate as _generate

    return _generate(*args, **kw)


def prove(*args, **kw):
    """The doubly proved answer to a question about a spot (see ``tutor.puzzles.prove.prove``)."""
    from .prove import prove as _prove

    return _prove(*args, **kw)


def verify_paths(*args, **kw):
    """Re-prove puzzle files (see ``tutor.puzzles.verify.verify_paths``)."""
    from .verify import verify_paths as _verify

    return _verify(*args, **kw)


def worksheet_html(*args, **kw):
    """A printable worksheet (see ``tutor.puzzles.worksheet.worksheet_html``)."""
    from .worksheet import worksheet_html as _worksheet

    return _worksheet(*args, **kw)


def bank_files(paths=()):
    """The collection files of the shipped bank, or of the folders named (``calibration.jsonl`` left out)."""
    from .verify import bank_files as _bank_files

    return _bank_files(paths)


def grade_of(features):
    from .grading import grade_of as _grade_of

    return _grade_of(features)


def themes_of(spot, proven):
    from .grading import themes_of as _themes_of

    return _themes_of(spot, proven)
