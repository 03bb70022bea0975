"""One solver per question: checks under assumptions, cores, bounded searches.

Every tracked rule is a hard constraint ``literal => rule`` (``Encoding.compile``),
and a check assumes the literals of the rules in force: leaving a rule out
(to minimise a core, or to see how far the turn gets without it) is not
assuming its literal, so one solver keeps what it learned across all the
checks of a question. All the checks of one question share one
deterministic resource limit (``Budget``, z3's ``rlimit``): a question
that would need many checks on an absurd spot gives up as surely as one
hard check does. When the limit is reached the caller gets
``SolverLimitError``, never a guess.
"""

from __future__ import annotations

import re
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Iterable

import z3

from ..errors import SolverLimitError
from . import smt
from .encoding import Encoding, Tracked
from .terms import Cond, Lin

_DEFINE = re.compile(r"\(define-fun (\|[^|]*\||[^\s()]+) \(\) (?:Int|Bool)\s+(\(- \d+\)|\d+|true|false)\)")


class Budget:
    """One question's resource limit, spent by every check of its solvers.

    z3 counts its work deterministically (the solver statistic ``rlimit
    count``); each check may spend what the question has left, so a question
    stops at the same point on every machine, however many checks it makes.
    """

    def __init__(self, rlimit: int):
        self.rlimit = rlimit
        self.spent = 0
        # z3 keeps one count per context, which all the solvers made in it add to (and
        # report): each context's count when last read, so no check is charged twice
        self._counted: dict[int, int] = {}

    def check(self, solver: z3.Solver, *assumptions) -> z3.CheckSatResult:
        """``solver.check`` with what is left of the limit."""
        left = self.rlimit - self.spent
        if left <= 0:
            raise self.exhausted("the question's checks have spent it")
        solver.set("rlimit", left)  # counted from the context's count now
        try:
            return solver.check(*assumptions)
        finally:
            count = _rlimit_count(solver)
            self.spent += count - self._counted.get(id(solver.ctx), 0)
            self._counted[id(solver.ctx)] = count

    def spend(self, units: int, what: str) -> None:
        """Count work done outside z3's checks (building a solver); past the limit, give up before it."""
        if self.spent + units > self.rlimit:
            raise self.exhausted(f"the question's checks have spent it before {what}")
        self.spent += units

    def exhausted(self, why: str) -> SolverLimitError:
        return SolverLimitError(f"the solver gave up within its resource limit (rlimit {self.rlimit}): {why}; "
                                "no verdict was reached (a larger rlimit may reach one)")


def _rlimit_count(solver: z3.Solver) -> int:
    """The solver's resource count so far. Read key by key from the end, where z3 lists it:
    going through every statistic by name costs more than many of the checks it counts."""
    stats = solver.statistics()
    ref, handle = stats.ctx.ref(), stats.stats
    for i in reversed(range(z3.Z3_stats_size(ref, handle))):
        if z3.Z3_stats_get_key(ref, handle, i) == "rlimit count":
            return z3.Z3_stats_get_uint_value(ref, handle, i)
    return 0


class Values:
    """A model's values by variable name; ``values(term)`` evaluates a ``Lin``, an ``smt.Expr`` or a ``Cond``
    variable."""

    def __init__(self, model: z3.ModelRef):
        self.values: dict[str, int] = {}
        for name, text in _DEFINE.findall(model.sexpr()):
            if text in ("true", "false"):
                self.values[name] = int(text == "true")
            else:
                self.values[name] = -int(text[3:-1]) if text.startswith("(-") else int(text)
        if len(self.values) != len(model):  # an unexpected form: read it the slow way
            self.values = {d.name(): _plain(model[d]) for d in model.decls() if d.arity() == 0}

    def __call__(self, term) -> int:
        if isinstance(term, (Lin, smt.Expr)):
            return term.value(self.values)
        if isinstance(term, Cond):
            if term.text in ("true", "false"):
                return int(term.text == "true")
            return self.values.get(term.text, 0)
        if isinstance(term, int):
            return term
        raise TypeError(f"cannot evaluate {term!r}")


def _plain(v) -> int:
    return (1 if z3.is_true(v) else 0) if z3.is_bool(v) else v.as_long()


@dataclass
class Outcome:
    """A check's answer: a model (read on demand) when sat, the tracked rules of a core when unsat."""

    sat: bool
    model: z3.ModelRef | None = None
    core: list[Tracked] = field(default_factory=list)
    _values: Values | None = None

    @property
    def values(self) -> Values:
        if self._values is None:
            self._values = Values(self.model)
        return self._values

    def number(self, handle: z3.ArithRef) -> int:
        """One variable's value, read without reading the whole model."""
        return self.model.eval(handle, model_completion=True).as_long()


class Session:
    """One question's solver: the encoding's hard constraints, then checks under tracked rules.

    Each question gets a fresh z3 context (``api``): contexts are not
    thread-safe, and one reused from question to question would make answers
    depend on what was asked before (z3 numbers its terms as they are made and
    its heuristics follow those numbers), so witnesses, cores and the count
    of the resource limit could differ between two asks of the same question.
    """

    def __init__(self, enc: Encoding, rlimit: int, *, budget: Budget | None = None):
        self.enc = enc
        self.budget = Budget(rlimit) if budget is None else budget  # shared by a question's several solvers
        self.checks = 0
        self.solver = z3.SimpleSolver(ctx=enc.ctx)
        self.solver.add(enc.compile())
        self._literals: dict[str, z3.BoolRef] = {}
        self._in_force: list[z3.BoolRef] = []  # the literals of the rules of the current scope

    def literals(self, conds: Iterable[Cond]) -> list[z3.BoolRef]:
        out = []
        for c in conds:
            if c.text not in self._literals:
                self._literals[c.text] = self.enc.literal(c)
            out.append(self._literals[c.text])
        return out

    @contextmanager
    def rules(self, tracked: Iterable[Tracked]):
        """A scope in which these tracked rules hold, besides those of an enclosing scope."""
        outer = self._in_force
        self._in_force = outer + [t.literal for t in tracked]
        try:
            yield
        finally:
            self._in_force = outer

    def check(self, tracked: Iterable[Tracked], assumptions=(), extra=()) -> Outcome:
        """Is there a turn under these rules, assumptions (goal conditions) and extra constraints?"""
        tracked = list(tracked)
        with self.rules(tracked):
            return self.check_here(assumptions, extra, tracked)

    def check_here(self, assumptions=(), extra=(), tracked=()) -> Outcome:
        """A check inside the current ``rules`` scope."""
        s = self.solver
        if extra:
            s.push()
        try:
            for e in extra:
                s.add(e)
            self.checks += 1
            result = self.budget.check(s, *self._in_force, *self.literals(assumptions))
            if result == z3.sat:
                return Outcome(True, s.model())
            if result == z3.unsat:
                ids = {x.get_id() for x in s.unsat_core()}
                return Outcome(False, core=[t for t in tracked if t.literal.get_id() in ids])
            raise self.budget.exhausted(s.reason_unknown())
        finally:
            if extra:
                s.pop()

    def minimal_core(self, core: list[Tracked], assumptions) -> list[Tracked]:
        """Drop members while the rest still blocks the goal (generic rules are tried first)."""
        keep = sorted(core, key=lambda t: t.priority)
        if len(keep) <= 1:
            return keep
        for member in list(keep):
            if all(t.aspect != member.aspect for t in keep):
                continue
            trial = [t for t in keep if t.aspect != member.aspect]
            out = self.check(trial, assumptions)
            if not out.sat:
                names = {t.aspect for t in out.core}
                keep = [t for t in trial if t.aspect in names]
        return keep

    def maximise(self, term: Lin, tracked, assumptions, start: Values, high: int,
                 step: int = 1, *, scoped: bool = False) -> tuple[int, Values]:
        """The largest value of ``term`` (a defined variable) over solutions, at most ``high``.

        Checks under the same rules (already in force when ``scoped``);
        ``step`` divides every value the term takes. The search climbs first:
        most first models are already the best, so one check proves them, and
        each better model jumps to its own value. After a few climbs it halves
        the gap instead, so a long climb stays logarithmic. When the resource
        limit runs out on the way, the ``SolverLimitError`` carries the best
        found so far as ``best``: ``(value, values)``.
        """
        tracked, handle = list(tracked), self.enc.handle(term)
        values, low = start, start(term)
        high = max(low, high - high % step)
        climbs = 0
        with nullcontext() if scoped else self.rules(tracked):
            while low < high:
                mid = low + step if climbs < 3 else low + ((high - low) // step + 1) // 2 * step
                try:
                    out = self.check_here(assumptions, [handle >= mid], tracked)
                except SolverLimitError as e:
                    e.best = (low, values)
                    raise
                if out.sat:
                    values, low = out.values, out.values(term)
                    climbs += 1
                else:
                    high = mid - step
        return low, values

    def minimise(self, term: Lin, tracked, assumptions, start: Values, low: int,
                 *, scoped: bool = False) -> tuple[int, Values]:
        """The smallest value of ``term`` (a defined variable) over solutions, at least ``low``."""
        tracked, handle = list(tracked), self.enc.handle(term)
        values, high = start, start(term)
        with nullcontext() if scoped else self.rules(tracked):
            while low < high:
                mid = (low + high) // 2
                out = self.check_here(assumptions, [handle <= mid], tracked)
                if out.sat:
                    values, high = out.values, out.values(term)
                else:
                    low = mid + 1
        return high, values
