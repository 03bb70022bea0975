"""A ``tutor.goals.Goal`` as assumption literals over the encoding.

The goal is the question, not a rule: it is assumed, never tracked, so an
unsat core names only the rules that stand in its way.

``include`` asks for a meld holding at least the choice's cards (new, or
laid off onto meld ``to``). Copies of one face are interchangeable, and the
encoding counts by kind: the naturals of the choice's rank on its meld (the
pile's top card only when the choice names it), its wild cards per kind, its
black 3s. The one place where faces matter is the card named with the top
card to take the pile: it cannot also be one of the choice's own wild cards
on another meld (``_named_elsewhere``). The witness then places the choice's
very cards (``witness``), and the turn engine's replay checks they are there.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..goals import ANY, NONE, Goal, MeldChoice
from ..melds import BLOCKERS, GROUP, WILD
from ..play import Action
from .encoding import Encoding
from .kinds import WILD_KIND
from .melds import wild_share
from .terms import And, Cond, Implies, Or, total


@dataclass(frozen=True, eq=False)
class Need:
    """``sum(terms) >= least``: one part of an include, checkable in z3 and in Python."""

    terms: tuple
    least: int


@dataclass(frozen=True, eq=False)
class Include:
    """A choice as counts: some alternative (a list of needs) must hold."""

    choice: MeldChoice
    alternatives: tuple[tuple[int, tuple[Need, ...]], ...]   # (index of the target, what it needs)

    def cond(self) -> Cond:
        return Or(*(And(*(total(n.terms) >= n.least for n in needs)) for _, needs in self.alternatives))

    def target(self, value) -> int | None:
        """The target of the first alternative a solution (``value``: term -> int) meets, or None."""
        for index, needs in self.alternatives:
            if all(sum(value(t) for t in n.terms) >= n.least for n in needs):
                return index
        return None

    def holds(self, value) -> bool:
        return self.target(value) is not None


def include(enc: Encoding, choice: MeldChoice) -> Include:
    rules, census = enc.rules, enc.census
    roles = [rules.role(c) for c in choice.cards]
    naturals = Counter(c.rank for c, r in zip(choice.cards, roles) if r == "natural")
    wilds = Counter(c.rank for c, r in zip(choice.cards, roles) if r == "wild")
    blockers = sum(1 for r in roles if r == "blocker")
    others = [c for c, r in zip(choice.cards, roles) if r not in ("natural", "wild", "blocker")]
    if others or len(naturals) > 1 or any(k not in {w.key for w in census.of_role(WILD_KIND)} for k in wilds):
        return Include(choice, ())
    n_wild = sum(wilds.values())
    alternatives = []
    elsewhere = None  # the same for every target not fed by the top card: worked out once
    for index, t in enumerate(enc.targets):
        wild_needs = [Need((wild_share(enc, t, k),), wilds[k.key]) for k in census.of_role(WILD_KIND) if wilds[k.key]]
        if not t.top:
            if elsewhere is None:
                elsewhere = _named_elsewhere(enc, choice)
            wild_needs += elsewhere
        if choice.kind == "layoff" and (t.existing is None or t.existing.index != choice.to):
            continue
        if choice.kind == "meld" and t.existing is not None:
            continue
        if naturals and t.kind == GROUP and t.key in naturals:
            own = t.naturals
            if t.top and census.top not in choice.cards:
                own = t.naturals - enc.took  # the pile's top card is not one of the choice's cards
            alternatives.append((index, (Need((own,), naturals[t.key]), Need((t.wilds,), n_wild), *wild_needs)))
        elif not naturals and not blockers and n_wild and t.kind in (GROUP, WILD) and choice.kind == "layoff":
            alternatives.append((index, (Need((t.wilds,), n_wild), *wild_needs)))
        elif not naturals and not blockers and n_wild and t.kind == WILD and choice.kind == "meld":
            alternatives.append((index, (Need((t.wilds,), n_wild), *wild_needs)))
        elif blockers and not naturals and not n_wild and t.kind == BLOCKERS and choice.kind == "meld":
            alternatives.append((index, (Need((t.size,), blockers),)))
    return Include(choice, tuple(alternatives))


def _named_elsewhere(enc: Encoding, choice: MeldChoice) -> list[Need]:
    """The choice's own wild cards cannot also be the one named in the pickup.

    With the top card's meld elsewhere, the card named with the top card must
    be a copy from the hand that the choice does not need: some face of its
    kind must have a copy left over (counting the pile's copies of that face).
    """
    needs = []
    named = enc.facts.get("named_wild", {})
    fixed = enc.facts.get("fixed")
    want = Counter(c for c in choice.cards if enc.rules.role(c) == "wild")
    for k in enc.census.of_role(WILD_KIND):
        copies = Counter(k.hand) + Counter(k.pile)
        if fixed is not None:
            taken = Counter(c for c in fixed.cards if c.rank == k.key and enc.rules.role(c) == "wild")
            if any(want[f] + taken[f] > copies[f] for f in taken):
                needs.append(Need((), 1))  # cannot be met
        elif k.name in named and not any(copies[f] > want[f] for f in set(k.hand)):
            needs.append(Need((-named[k.name],), 0))  # this kind cannot be the one named
    return needs


def assumptions(enc: Encoding, goal: Goal) -> list[Cond]:
    """The conditions to assume for ``goal`` (adding the include's own literal and constraint)."""
    lits = []
    if isinstance(goal.pickup, Action):
        lits.append(enc.goal_fixed)
        lits.append(enc.goal_take)
    elif goal.pickup == NONE:
        lits.append(enc.goal_leave)
    elif goal.pickup != ANY:
        raise ValueError(f"Goal.pickup must be ANY, NONE or a pickup Action, not {goal.pickup!r}")
    if goal.take_pile:
        lits.append(enc.goal_take)
    if goal.go_out:
        lits.append(enc.goal_out)
    if goal.must_meld:
        lits.append(enc.goal_meld)
    if goal.include is not None:
        spec = include(enc, goal.include)
        lit = enc.boolean("goal_include")
        enc.hard.append(Implies(lit, spec.cond()))
        enc.facts["include"] = spec
        lits.append(lit)
    return list({c.text: c for c in lits}.values())
