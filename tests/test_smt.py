"""The text terms of albany's encoding: what z3 reads from their text is what Python evaluates."""

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.checker import smt

NAMES = ("x", "y", "rule::A-SET")
DECLARED = "".join(f"(declare-const {smt.name(n)} Int)" for n in NAMES)

ints = st.recursive(
    st.one_of(st.sampled_from(NAMES).map(smt.Var), st.integers(-4, 4).map(smt.IntVal)),
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=3).map(smt.Sum),
        st.tuples(inner, st.integers(-3, 3)).map(lambda t: t[0] * t[1]),
        st.tuples(inner, inner).map(lambda t: t[0] - t[1]),
        st.tuples(st.deferred(lambda: bools), inner, inner).map(lambda t: smt.If(*t)),
    ),
    max_leaves=8,
)
bools = st.recursive(
    st.one_of(st.tuples(ints, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), ints).map(
        lambda t: {"<": t[0].__lt__, "<=": t[0].__le__, ">": t[0].__gt__, ">=": t[0].__ge__,
                   "==": t[0].__eq__, "!=": t[0].__ne__}[t[1]](t[2])),
        st.booleans().map(smt.BoolVal)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(smt.And),
        st.lists(inner, max_size=3).map(smt.Or),
        inner.map(smt.Not),
        st.tuples(inner, inner).map(lambda t: smt.Implies(*t)),
    ),
    max_leaves=6,
)


def z3_value(term: smt.Expr, values: dict, sort: str) -> int:
    """What z3 makes of the term's text with the variables fixed: the value of ``r``, said equal to it."""
    ctx = z3.Context()
    fixed = [smt.Var(n) == v for n, v in values.items()] + [smt.Expr(f"(= r {term.text})", "=")]
    solver = z3.Solver(ctx=ctx)
    solver.add(smt.parse(f"{DECLARED}(declare-const r {sort})", fixed, ctx))
    assert solver.check() == z3.sat
    got = solver.model().eval(z3.Int("r", ctx) if sort == "Int" else z3.Bool("r", ctx), model_completion=True)
    return (1 if z3.is_true(got) else 0) if sort == "Bool" else got.as_long()


VALUES = st.fixed_dictionaries({n: st.integers(-5, 5) for n in NAMES})


@settings(max_examples=100, deadline=None)
@given(ints, VALUES)
def test_an_integer_term_evaluates_in_python_as_z3_reads_its_text(term, values):
    assert term.value({smt.name(n): v for n, v in values.items()}) == z3_value(term, values, "Int")


@settings(max_examples=100, deadline=None)
@given(bools, VALUES)
def test_a_condition_evaluates_in_python_as_z3_reads_its_text(term, values):
    assert term.value({smt.name(n): v for n, v in values.items()}) == z3_value(term, values, "Bool")


def test_empty_and_or_sum_are_their_units():
    assert smt.And() is smt.TRUE and smt.Or([]) is smt.FALSE and smt.Sum([]).value({}) == 0


def test_a_name_outside_plain_symbols_is_quoted_as_z3_prints_it():
    assert smt.name("g_7H") == "g_7H" and smt.name("rule::A-SET") == "|rule::A-SET|"


def test_a_term_is_no_python_truth_value():
    with pytest.raises(TypeError):
        bool(smt.Var("x") >= 1)
