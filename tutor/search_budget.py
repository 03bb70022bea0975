"""One count of search steps per question, so that no search runs away.

The exhaustive searches (the reference decider, the listing of candidate
melds) count their work as they go: every partial move tried, every state
made, every candidate listed is a step, and every step is charged to the one
budget of the question being answered. Past its limit a search stops at once
with ``SolverLimitError`` (exit status 3 on the command line): "no verdict",
never a guess, and never minutes of work or gigabytes of memory first.

    >>> with bounded(5) as budget:
    ...     budget.spend(5)
    ...     budget.spend()
    Traceback (most recent call last):
    tutor.errors.SolverLimitError: the reference decider gave up within its resource limit (5 search steps): no verdict was reached

Nested searches share the budget the outermost one opened, so a question that
makes many searches gives up as surely as one big search does.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

from .errors import SolverLimitError

#: Steps one question may take (a step costs a few microseconds). The reference decider's
#: tests spend at most about 60,000; past this the answer is "gave up", after seconds.
MAX_STEPS = 2_000_000

#: How deep a search may nest (sets of one suit open at once, sets of one rank on the
#: table): far beyond any real table, and well inside Python's own stack.
MAX_DEPTH = 200


class StepBudget:
    """The steps a question has left; ``spend`` past the limit raises ``SolverLimitError``."""

    __slots__ = ("limit", "spent", "who")

    def __init__(self, limit: int | None = None, who: str = "the reference decider"):
        self.limit, self.spent, self.who = MAX_STEPS if limit is None else limit, 0, who

    def spend(self, steps: int = 1) -> None:
        self.spent += steps
        if self.spent > self.limit:
            raise self.exhausted(f"{self.limit:,} search steps")

    def deep(self, depth: int) -> None:
        """Give up on a search that would nest deeper than ``MAX_DEPTH``."""
        if depth > MAX_DEPTH:
            raise self.exhausted(f"a search {MAX_DEPTH} levels deep")

    def exhausted(self, what: str) -> SolverLimitError:
        return SolverLimitError(f"{self.who} gave up within its resource limit ({what}): no verdict was reached")


_current: ContextVar[StepBudget | None] = ContextVar("search_budget", default=None)


def current() -> StepBudget:
    """The open question's budget; outside any, a fresh one (a search is never unbounded)."""
    budget = _current.get()
    return StepBudget() if budget is None else budget


@contextmanager
def bounded(limit: int | None = None, who: str = "the reference decider"):
    """Open a question's budget, or join the one already open."""
    budget = _current.get()
    if budget is not None:
        yield budget
        return
    budget = StepBudget(limit, who)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


@contextmanager
def part(limit: int):
    """A part of the open question's search with a smaller limit of its own, so that a part that gives
    up (its ``SolverLimitError`` caught by the caller) leaves the question steps to go on with."""
    outer = current()
    inner = StepBudget(min(limit, max(0, outer.limit - outer.spent)), outer.who)
    token = _current.set(inner)
    try:
        yield inner
    finally:
        _current.reset(token)
        outer.spent += inner.spent
