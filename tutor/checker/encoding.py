"""The shared frame of the encoding: counts per kind, targets, and named rules.

A turn is decided by small numbers, never by card identities:

* ``took`` (0 or 1): the turn starts by taking the pile;
* per kind of card, how many are melded (``melded``) and whether one is the
  discard (``discarded``); what is left stays in the hand;
* per *target* (the side's meld of a rank, old or new, an all-wild meld, a
  meld of black 3s), how many naturals and wild cards go onto it.

The rules that make a turn legal are added by the modules beside this one
(``melds``, ``pile``, ``going_out``, ``initial``), each as a *tracked*
constraint named after the rule ID the variant data cites, so an unsat core
names the rules that block a goal. Structural facts (a card is in one place
only) are hard constraints. Nothing here knows a variant by name.

Terms are built as text (``terms``) and compiled into z3 once per question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import z3

from .kinds import UNKNOWN_KIND, Census, Kind, TableMeld
from .terms import And, Cond, Implies, Lin, lin, total


@dataclass(eq=False)
class Tracked:
    """One rule as a named constraint: its aspect, the rule ID it cites, and its literal."""

    aspect: str            # e.g. "out.canastas"; the explainer's key
    rule: str              # the rule ID, from the variant data
    cond: Cond
    priority: int          # cores are minimised by dropping low priorities first
    note: str = ""         # a ready sentence, for rules decided before solving
    literal: z3.BoolRef | None = None   # the Boolean that switches it on, and names it in unsat cores


@dataclass(eq=False)
class Target:
    """Somewhere cards can go this turn: an old meld, or a new one."""

    kind: str                        # melds.GROUP, melds.WILD or melds.BLOCKERS
    key: str                         # the rank of a group
    existing: TableMeld | None
    naturals: Lin                    # naturals added this turn, the pile's top card included
    wilds: Lin                       # wild cards added this turn
    size: Lin                        # cards in the meld after the turn
    top: bool = False                # the pile's top card goes here when the pile is taken
    slot: int = 0                    # which of several new all-wild / black-3 melds

    @property
    def used(self) -> Cond:
        return self.naturals + self.wilds >= 1


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
GOALS = ("goal_take_pile", "goal_leave_pile", "goal_go_out", "goal_new_meld", "goal_fixed_pickup")


@dataclass(eq=False)
class Encoding:
    """Variables, hard constraints and tracked rules for one spot's turn."""

    census: Census
    ctx: z3.Context
    hard: list[Cond] = field(default_factory=list)
    tracked: dict[str, Tracked] = field(default_factory=dict)
    melded: dict[str, Lin] = field(default_factory=dict)      # kind name -> cards melded (pile top apart)
    discarded: dict[str, Lin] = field(default_factory=dict)   # kind name -> 0/1
    targets: list[Target] = field(default_factory=list)
    facts: dict[str, object] = field(default_factory=dict)    # what the modules share
    _decls: list[str] = field(default_factory=list)
    _names: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        for name in GOALS:
            self.boolean(name)
        self.took = self.int("took", 0, 1)
        self.take = self.took == 1
        self.goal_take, self.goal_leave, self.goal_out, self.goal_meld, self.goal_fixed = (
            Cond(n) for n in GOALS)
        self.hard += [Implies(self.goal_take, self.take), Implies(self.goal_leave, self.took == 0),
                      Implies(self.goal_fixed, self.take)]

    # -- building blocks -----------------------------------------------------
    @property
    def rules(self):
        return self.census.rules

    @property
    def spot(self):
        return self.census.spot

    def _declare(self, name: str, sort: str) -> str:
        if not _NAME.fullmatch(name) or name in self._names:
            raise ValueError(f"bad or repeated variable name {name!r}")
        self._names.add(name)
        self._decls.append(f"(declare-const {name} {sort})")
        return name

    def int(self, name: str, lo: int, hi: int, *, upper: bool = True) -> Lin:
        """A bounded integer variable, or the constant when the bounds meet.

        ``upper=False`` leaves the upper bound out where other constraints imply it.
        """
        if hi <= lo:
            return lin(lo)
        v = Lin.var(self._declare(name, "Int"))
        self.hard.append(v >= lo)
        if upper:
            self.hard.append(v <= hi)
        return v

    def boolean(self, name: str) -> Cond:
        return Cond(self._declare(name, "Bool"))

    def define(self, name: str, text: str) -> Lin:
        """An integer variable equal to ``text`` (an expression), readable in models."""
        v = Lin.var(self._declare(name, "Int"))
        self.hard.append(Cond(f"(= {name} {text})"))
        return v

    def define_bool(self, name: str, cond: Cond) -> Cond:
        v = self.boolean(name)
        self.hard.append(Cond(f"(= {name} {cond.text})"))
        return v

    def track(self, aspect: str, rule: str, cond: Cond, priority: int, note: str = "") -> None:
        """Add a rule as a named constraint (several constraints of one aspect are conjoined)."""
        if aspect in self.tracked:
            old = self.tracked[aspect]
            old.cond = And(old.cond, cond)
            old.note = old.note or note
            return
        self.tracked[aspect] = Tracked(aspect, rule, cond, priority, note)

    # -- per kind -------------------------------------------------------------
    def pile_copies(self, kind: Kind) -> int:
        return len(kind.pile) if self.census.pile_open else 0

    def most(self, kind: Kind) -> int:
        """The most copies of a kind the hand can hold this turn (the pile's top apart)."""
        return len(kind.hand) + self.pile_copies(kind)

    def available(self, kind: Kind) -> Lin:
        """Copies held after the draw: the hand's, plus the pile's when it is taken."""
        if kind.role == UNKNOWN_KIND:
            return len(kind.hand) * (1 - self.took)
        return len(kind.hand) + self.pile_copies(kind) * self.took

    def top_of(self, role: str, key: str) -> Lin:
        """``took`` when the pile's top card is of this kind, else 0."""
        c = self.census
        if not c.pile_open or c.top_kind is None or (c.top_kind.role, c.top_kind.key) != (role, key):
            return lin(0)
        return self.took

    def melded_of(self, kind: Kind) -> Lin:
        return self.melded.get(kind.name, lin(0))

    # -- after the modules ----------------------------------------------------
    def finish_counts(self) -> None:
        """A card is melded, discarded or kept: at most one discard, nothing kept below zero."""
        kept_terms, discards = [], []
        for kind in self.census.kinds:
            if self.most(kind) == 0:
                continue
            d = self.int(f"discard_{kind.name}", 0, 1, upper=False)
            self.discarded[kind.name] = d
            left = self.available(kind) - self.melded_of(kind) - d
            self.hard.append(left >= 0)
            kept_terms.append(left)
            discards.append(d)
        self.discard_count = self.define("discards", total(discards).smt()) if discards else lin(0)
        self.hard.append(self.discard_count <= 1)
        self.kept = self.define("kept", total(kept_terms).smt())

    def compile(self) -> z3.BoolRef:
        """Parse the whole encoding into z3 at once; returns the hard constraints as one formula."""
        # Each tracked rule holds when its literal is assumed: ``literal => rule`` is a hard
        # constraint, so a check leaves a rule out by not assuming it (``solve.Session``).
        tracked = list(self.tracked.values())
        hard = " ".join(c.text for c in self.hard if c.text != "true")
        names = [f"|{t.rule}:{t.aspect}|" for t in tracked]
        switched = "".join(f" (=> {n} {t.cond.text})" for n, t in zip(names, tracked))
        text = ("".join(self._decls) + "".join(f"(declare-const {n} Bool)" for n in names)
                + f"(assert (and true {hard}{switched}))")
        parsed = z3.parse_smt2_string(text, ctx=self.ctx)
        for t in tracked:
            t.literal = z3.Bool(f"{t.rule}:{t.aspect}", self.ctx)
        return parsed[0]

    def literal(self, cond: Cond) -> z3.BoolRef:
        """The z3 Boolean of a declared condition variable (a goal literal)."""
        return z3.Bool(cond.text, self.ctx)

    def handle(self, term: Lin) -> z3.ArithRef:
        """A z3 term for a (defined) variable, to bound it in a search."""
        if len(term.coefs) != 1 or term.const or next(iter(term.coefs.values())) != 1:
            raise ValueError(f"only a single variable can be bounded, not {term}")
        return z3.Int(next(iter(term.coefs)), self.ctx)

