"""One error family: everything the tutor rejects is a ``TutorError``.

Callers (the command line, the lessons) catch ``TutorError`` and show its
message; any other exception is a bug, and ``CheckerBug`` is the one a
decider raises when it catches itself out.
"""

from __future__ import annotations


class TutorError(ValueError):
    """Base of every error the tutor raises on purpose."""


class NotationError(TutorError):
    """Card, meld or play notation that cannot be read."""


class VariantError(TutorError):
    """A variant file (built-in or a table's house rules) that is malformed."""


class SpotError(TutorError):
    """A spot that is malformed or cannot occur in a real game."""


class IllegalPlayError(TutorError):
    """A play that breaks a rule; carries the rule's ID."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.text = message


class SolverLimitError(TutorError):
    """The solver gave up within its resource limit: no verdict, never a guess."""


class CheckerBug(AssertionError):
    """A decider contradicted itself or the rules engine: a bug, never an answer.

    Not a ``TutorError``, since nothing the user gave is wrong: the command line
    reports it in one line (exit status 1); its message holds the spot, so it can
    be reproduced.
    """


def internal_error(error: Exception) -> str:
    """How a bug is reported to the user: its kind and message, and that no verdict was given."""
    return f"internal error ({type(error).__name__}), so no verdict: {error}"
