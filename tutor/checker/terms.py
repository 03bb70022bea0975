"""Small integer terms and conditions, written as SMT-LIB text.

The encoding is built in plain Python and handed to z3 in one piece (one
``parse_smt2_string`` per question): building the same formula through z3's
Python objects costs several times more than solving it. A ``Lin`` is a
linear integer term (variables with coefficients, plus a constant); it can
be evaluated against a model's values without asking z3 again. A ``Cond`` is
a Boolean condition, kept as text.
"""

from __future__ import annotations

from typing import Iterable, Mapping


def _num(n: int) -> str:
    return str(n) if n >= 0 else f"(- {-n})"


def _terms(coefs: Mapping[str, int]) -> str:
    parts = [n if v == 1 else f"(* {_num(v)} {n})" for n, v in coefs.items()]
    return parts[0] if len(parts) == 1 else f"(+ {' '.join(parts)})"


class Cond:
    """A Boolean condition in SMT-LIB syntax."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return f"Cond({self.text!r})"

    def __bool__(self):
        raise TypeError("a Cond is a formula, not a Python truth value")


TRUE, FALSE = Cond("true"), Cond("false")


class Lin:
    """A linear integer term: ``sum(coef * var) + const`` (immutable)."""

    __slots__ = ("coefs", "const")
    __hash__ = None  # comparisons build conditions

    def __init__(self, coefs: Mapping[str, int] | None = None, const: int = 0):
        self.coefs = {k: v for k, v in coefs.items() if v} if coefs else {}
        self.const = const

    @classmethod
    def _raw(cls, coefs: dict, const: int) -> "Lin":
        out = cls.__new__(cls)
        out.coefs, out.const = coefs, const
        return out

    @classmethod
    def var(cls, name: str) -> "Lin":
        return cls._raw({name: 1}, 0)

    # -- arithmetic -----------------------------------------------------------
    def __add__(self, other) -> "Lin":
        if isinstance(other, int) and not isinstance(other, bool):
            return Lin._raw(self.coefs, self.const + other) if other else self
        other = lin(other)
        if not other.coefs:
            return Lin._raw(self.coefs, self.const + other.const)
        if not self.coefs:
            return Lin._raw(other.coefs, self.const + other.const)
        coefs = dict(self.coefs)
        for k, v in other.coefs.items():
            v += coefs.get(k, 0)
            if v:
                coefs[k] = v
            else:
                coefs.pop(k, None)
        return Lin._raw(coefs, self.const + other.const)

    __radd__ = __add__

    def __neg__(self) -> "Lin":
        return Lin._raw({k: -v for k, v in self.coefs.items()}, -self.const)

    def __sub__(self, other) -> "Lin":
        if isinstance(other, int) and not isinstance(other, bool):
            return Lin._raw(self.coefs, self.const - other)
        return self + (-lin(other))

    def __rsub__(self, other) -> "Lin":
        return lin(other) - self

    def __mul__(self, k: int) -> "Lin":
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError("a Lin is multiplied by whole numbers only")
        if k == 0:
            return Lin._raw({}, 0)
        return Lin._raw({n: v * k for n, v in self.coefs.items()}, self.const * k)

    __rmul__ = __mul__

    # -- comparisons -------------------------------------------------------------
    def _cmp(self, op: str, other) -> Cond:
        diff = Lin._raw(self.coefs, self.const - other) if type(other) is int else self - other
        if not diff.coefs:
            holds = {">=": diff.const >= 0, "<=": diff.const <= 0, "=": diff.const == 0}[op]
            return TRUE if holds else FALSE
        return Cond(f"({op} {_terms(diff.coefs)} {_num(-diff.const)})")

    def __ge__(self, other) -> Cond:
        return self._cmp(">=", other)

    def __le__(self, other) -> Cond:
        return self._cmp("<=", other)

    def __gt__(self, other) -> Cond:
        return self._cmp(">=", lin(other) + 1)

    def __lt__(self, other) -> Cond:
        return self._cmp("<=", lin(other) - 1)

    def __eq__(self, other) -> Cond:  # type: ignore[override]
        return self._cmp("=", other)

    # -- reading -----------------------------------------------------------------
    @property
    def is_constant(self) -> bool:
        return not self.coefs

    def smt(self) -> str:
        if not self.coefs:
            return _num(self.const)
        if not self.const:
            return _terms(self.coefs)
        parts = [n if v == 1 else f"(* {_num(v)} {n})" for n, v in self.coefs.items()]
        return f"(+ {' '.join(parts)} {_num(self.const)})"

    def value(self, values: Mapping[str, int]) -> int:
        return self.const + sum(v * values.get(n, 0) for n, v in self.coefs.items())

    def __repr__(self) -> str:
        return f"Lin({self.smt()})"


def lin(x) -> Lin:
    if isinstance(x, Lin):
        return x
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError(f"not an integer term: {x!r}")
    return Lin._raw({}, x)


def total(terms: Iterable) -> Lin:
    coefs: dict[str, int] = {}
    const = 0
    for t in terms:
        t = lin(t)
        const += t.const
        for k, v in t.coefs.items():
            coefs[k] = coefs.get(k, 0) + v
    return Lin({k: v for k, v in coefs.items() if v}, const)


def And(*conds: Cond) -> Cond:
    kept = [c for c in conds if c.text != "true"]
    if any(c.text == "false" for c in kept):
        return FALSE
    if not kept:
        return TRUE
    if len(kept) == 1:
        return kept[0]
    # flatten: (and a (and b c)) is (and a b c)
    return Cond("(and " + " ".join(c.text[5:-1] if c.text.startswith("(and ") else c.text for c in kept) + ")")


def Or(*conds: Cond) -> Cond:
    parts = [c for c in conds if c.text != "false"]
    if any(c.text == "true" for c in parts):
        return TRUE
    if not parts:
        return FALSE
    return parts[0] if len(parts) == 1 else Cond(f"(or {' '.join(c.text for c in parts)})")


def Not(cond: Cond) -> Cond:
    if cond.text in ("true", "false"):
        return FALSE if cond.text == "true" else TRUE
    return Cond(f"(not {cond.text})")


def Implies(a: Cond, b: Cond) -> Cond:
    if a.text == "false" or b.text == "true":
        return TRUE
    if a.text == "true":
        return b
    return Cond(f"(=> {a.text} {b.text})")


def If(cond: Cond, a, b) -> str:
    """An integer if-then-else, as text (for the definitions of derived variables)."""
    return f"(ite {cond.text} {lin(a).smt()} {lin(b).smt()})"


def bool_var(name: str) -> Cond:
    return Cond(name)
