"""Integer and Boolean terms as SMT-LIB text, for an encoding built term by term (albany's).

Building a turn's formula out of z3's Python objects costs several times
what z3 then spends solving it. These terms are plain Python: each keeps
its SMT-LIB text, which a solver parses into z3 in one piece (``parse``),
and its shape, so a model's values evaluate it without asking z3
(``Expr.value``). The names
follow z3's own (``And``, ``If``, ``Sum``), so the encoding reads as with
z3's terms. ``terms`` is the same idea for the group variants, kept to
linear terms; albany needs if-then-else and Booleans inside sums.
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping

import z3

_SIMPLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Expr:
    """A term: ``text`` in SMT-LIB, ``op`` and ``args`` to evaluate it."""

    __slots__ = ("text", "op", "args")
    __hash__ = object.__hash__  # comparisons build terms, so identity is the key

    def __init__(self, text: str, op: str, args=()):
        self.text, self.op, self.args = text, op, args

    def __repr__(self) -> str:
        return f"Expr({self.text})"

    def __bool__(self):
        raise TypeError("a term is a formula, not a Python truth value")

    # -- arithmetic -------------------------------------------------------------
    def __add__(self, other) -> Expr:
        return Sum([self, other])

    def __radd__(self, other) -> Expr:
        return Sum([other, self])

    def __sub__(self, other) -> Expr:
        return Sum([self, -_term(other)])

    def __rsub__(self, other) -> Expr:
        return Sum([other, -self])

    def __mul__(self, k: int) -> Expr:
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError("a term is multiplied by whole numbers only")
        if self.op == "const":
            return IntVal(self.args * k)
        return Expr(f"(* {_num(k)} {self.text})", "*", (k, self)) if k != 1 else self

    __rmul__ = __mul__

    def __neg__(self) -> Expr:
        return self * -1

    # -- comparisons -------------------------------------------------------------
    def __ge__(self, other) -> Expr:
        return _cmp(">=", self, other)

    def __le__(self, other) -> Expr:
        return _cmp("<=", self, other)

    def __gt__(self, other) -> Expr:
        return _cmp(">", self, other)

    def __lt__(self, other) -> Expr:
        return _cmp("<", self, other)

    def __eq__(self, other) -> Expr:  # type: ignore[override]
        return _cmp("=", self, other)

    def __ne__(self, other) -> Expr:  # type: ignore[override]
        return Not(_cmp("=", self, other))

    # -- reading -----------------------------------------------------------------
    def value(self, values: Mapping[str, int]) -> int:
        """The term's value (a Boolean as 0 or 1) where each variable has its value in ``values``
        (absent: 0, as z3 completes a model)."""
        op, args = self.op, self.args
        if op == "var":
            return values.get(self.text, 0)
        if op == "const":
            return int(args)
        if op == "+":
            return sum(a.value(values) for a in args)
        if op == "*":
            return args[0] * args[1].value(values)
        if op == "ite":
            return args[1].value(values) if args[0].value(values) else args[2].value(values)
        if op == "and":
            return int(all(a.value(values) for a in args))
        if op == "or":
            return int(any(a.value(values) for a in args))
        if op == "not":
            return int(not args[0].value(values))
        if op == "=>":
            return int(not args[0].value(values) or bool(args[1].value(values)))
        a, b = args[0].value(values), args[1].value(values)
        return int(_COMPARE[op](a, b))


_COMPARE = {">=": int.__ge__, "<=": int.__le__, ">": int.__gt__, "<": int.__lt__, "=": int.__eq__}
TRUE, FALSE = Expr("true", "const", True), Expr("false", "const", False)


def _num(n: int) -> str:
    return str(n) if n >= 0 else f"(- {-n})"


def _term(x) -> Expr:
    if isinstance(x, Expr):
        return x
    if isinstance(x, bool):
        return BoolVal(x)
    if isinstance(x, int):
        return IntVal(x)
    raise TypeError(f"not a term: {x!r}")


def _cmp(op: str, a, b) -> Expr:
    a, b = _term(a), _term(b)
    if a.op == "const" and b.op == "const":
        return BoolVal(_COMPARE[op](int(a.args), int(b.args)))
    return Expr(f"({op} {a.text} {b.text})", op, (a, b))


def _args(args) -> list:
    if len(args) == 1 and not isinstance(args[0], (Expr, bool, int)):
        return list(args[0])
    return list(args)


def name(text: str) -> str:
    """A variable's name as SMT-LIB writes it (and as z3 prints it in a model)."""
    return text if _SIMPLE.fullmatch(text) else f"|{text}|"


def Var(text: str) -> Expr:
    return Expr(name(text), "var")


def IntVal(n: int) -> Expr:
    return Expr(_num(n), "const", n)


def BoolVal(b: bool) -> Expr:
    return TRUE if b else FALSE


def Sum(terms: Iterable) -> Expr:
    parts, const = [], 0
    for t in terms:
        t = _term(t)
        if t.op == "const":
            const += int(t.args)
        else:
            parts.append(t)
    if const:
        parts.append(IntVal(const))
    if not parts:
        return IntVal(0)
    if len(parts) == 1:
        return parts[0]
    return Expr(f"(+ {' '.join(p.text for p in parts)})", "+", parts)


def _junction(op: str, unit: Expr, absorbing: Expr, args) -> Expr:
    """``and`` (unit true, absorbing false) or ``or`` (the other way round) of the terms, folded."""
    kept = [a for a in map(_term, _args(args)) if a is not unit]
    if any(a is absorbing for a in kept):
        return absorbing
    if not kept:
        return unit
    return kept[0] if len(kept) == 1 else Expr(f"({op} {' '.join(a.text for a in kept)})", op, kept)


def And(*args) -> Expr:
    return _junction("and", TRUE, FALSE, args)


def Or(*args) -> Expr:
    return _junction("or", FALSE, TRUE, args)


def Not(a) -> Expr:
    a = _term(a)
    if a.op == "const":
        return BoolVal(not a.args)
    return Expr(f"(not {a.text})", "not", (a,))


def Implies(a, b) -> Expr:
    a, b = _term(a), _term(b)
    if a is FALSE or b is TRUE:
        return TRUE
    if a is TRUE:
        return b
    return Expr(f"(=> {a.text} {b.text})", "=>", (a, b))


def If(c, a, b) -> Expr:
    c, a, b = _term(c), _term(a), _term(b)
    if c.op == "const":
        return a if c.args else b
    return Expr(f"(ite {c.text} {a.text} {b.text})", "ite", (c, a, b))


def parse(declarations: str, asserted: Iterable[Expr], ctx: z3.Context) -> z3.BoolRef:
    """These terms as one z3 formula, over the variables ``declarations`` declares (one conjunction:
    a solver takes it in one call, where each of many formulas would cost a call of its own)."""
    text = f"{declarations}(assert (and true {' '.join(e.text for e in map(_term, asserted))}))"
    return z3.parse_smt2_string(text, ctx=ctx)[0]
