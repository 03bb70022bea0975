"""Albany's turn as constraints: sets of one rank, same-suit sequences, wild sets, stoppers, a fanned pile.

Cards are counted by exact face (three packs hold up to three copies of
each), and the turn is decided by how many copies of each face go where:

* groups of one rank: counted together per rank. ``g`` groups holding ``n``
  naturals and ``w`` wilds, ``c`` of them canastas, can be dealt into legal
  sets exactly when ``n >= 2g``, ``w <= 2g`` and ``n + w >= 7c + 3(g - c)``
  (each set gets two naturals, the wilds go at most two a set, the naturals
  fill the rest), so one rank needs a few numbers, not a slot per set;
* sequences of one suit: a bounded number of slots per suit, each with a 0/1
  natural per rank and its wilds; the wilds are undeclared, so a slot is
  legal when its gaps are at most its wilds and it fits between 4 (5) and A.
  The bound is the suit's naturals halved (a sequence holds two at least),
  so it never cuts off a turn;
* wild-card sets and (Deluxe option 1) red-stopper sets, counted like groups;
* lay-offs onto each of the side's sets on the table;
* for ``Goal.include``, one group of each rank set apart, so that "some set
  holds these very cards" is a condition on that set alone.

The pile (A-DRAW) is a depth ``d``: 0 (no pick-up), 1 (a: the top card
alone), the whole pile (b: the top card goes down at once with cards from
the hand only, ``_opening``, in a set that may take more cards later), or
any deeper card (c: the lowest card taken makes a new set with a core of at
least two naturals from the hand, or with option 3 from anything held).
Every rule is tracked by its aspect (``ASPECT_RULES``: the rules data names its rule ID), so a
"no" comes from an unsat core.

Before any search, ``_domain`` rules out the depths that cannot start the
turn, each by the rule that forbids it: the top card's way (a or b), a
lowest card with no core (``deep_core``), and for going out too few
canastas (``canasta_bound``, ``canastas_fit``), cards no set could take
(``stranded``) or stoppers that block. Only the cards the remaining depths
can take are encoded; the reasons for the others are added to the core's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import z3

from ..cards import RANK_ORDER, Card
from ..errors import IllegalPlayError, SolverLimitError
from ..goals import ANY, NONE, UNKNOWN, Goal
from ..melds import GROUP, SEQUENCE, STOPPERS, WILD, judge, sequence_span
from ..play import Action
from ..spot import Spot
from . import smt
from .solve import Budget, Values

MODE_NONE, MODE_TOP, MODE_WHOLE, MODE_DEEP = 0, 1, 2, 3

#: What the encoding tracks (an aspect, with finer ones after a dot: ``draw.deep``) and where the rules
#: data names its rule: the set shapes, going out, the stoppers, taking from the pile.
ASPECT_RULES = {"set": ("meld", "rule"), "out": ("go_out", "rule"), "stopper": ("cards", "stopper_rule"),
                "draw": ("pile", "rule")}


@dataclass
class Model:
    """One spot's variables, hard constraints and tracked rules, as SMT-LIB terms (``smt``)."""

    spot: Spot
    hard: list = field(default_factory=list)
    tracked: dict[str, list] = field(default_factory=dict)
    declared: list[str] = field(default_factory=list)

    def track(self, rule: str, expr) -> None:
        self.tracked.setdefault(rule, []).append(expr)

    def int(self, name: str) -> smt.Expr:
        v = smt.Var(name)
        self.declared.append(f"(declare-const {v.text} Int)")
        return v

    def bool(self, name: str) -> smt.Expr:
        v = smt.Var(name)
        self.declared.append(f"(declare-const {v.text} Bool)")
        return v


def _int(m: Model, name: str, lo: int = 0, hi: int | None = None):
    v = m.int(name)
    m.hard.append(v >= lo)
    if hi is not None:
        m.hard.append(v <= hi)
    return v


class Albany:
    """The encoding of one albany spot (phase, hand, pile, the side's sets)."""

    def __init__(self, spot: Spot, *, apart: bool = False, goal: Goal | None = None, fixed: Action | None = None,
                 one_wild: bool = False):
        self.spot = spot
        self.apart = apart  # set one group of each rank apart, for Goal.include
        self.rules = rules = spot.rules
        self.ctx = None  # made by the first solver: no z3 work until a search is needed
        self.m = m = Model(spot)
        self.low, self.high = sequence_span(rules)
        self.maxlen = self.high - self.low + 1
        # the set shapes, as the rules data declares them (A-SET, A-SCORE), never as numbers of this code
        cap = rules.max_wilds()
        self.max_wilds = cap if cap is not None else sum(rules.pack.values())
        self.set_min = rules["meld"]["min_cards"]
        self.nat_min = rules["meld"]["min_naturals"]
        self.wild_set_min = rules["wild_meld"].get("min_cards", self.set_min)
        self.canasta = rules["canasta"]["min_cards"]
        self.at_most_naturals = bool(rules["meld"].get("wilds_at_most_naturals"))  # never more wilds than naturals
        # a canasta of naturals and wilds holds at least this many naturals
        self.canasta_naturals = max(self.nat_min, self.canasta - self.max_wilds)
        self.need = rules.canastas_to_go_out
        self.block = rules["go_out"].get("stoppers_block", 0)
        hand = [c for c in spot.hand if c is not UNKNOWN]
        self.unknown = len(spot.hand) - len(hand)
        pile = list(spot.discard) if spot.phase == "before-draw" else []
        self.shown_hand, self.shown_pile = Counter(hand), list(pile)  # the cards as dealt, for the reasons
        # ``one_wild``: every wild card held or in the pile counted as one face (``canon``). No rule of a
        # turn tells wild cards apart (A-SET, A-DRAW, A-GOOUT: only their number in a set, and where they
        # come from, count), so the turns are the same up to the faces of their wilds; a witness gets its
        # faces back by ``albany_play.real_wilds``. Only for questions that do not count points or name cards.
        wild_faces = sorted({c for c in hand + pile if rules.role(c) == "wild"})
        self.canon = wild_faces[0] if one_wild and len(wild_faces) > 1 else None
        if self.canon is not None:
            hand = [self.canon if rules.role(c) == "wild" else c for c in hand]
            pile = [self.canon if rules.role(c) == "wild" else c for c in pile]
        self.hand = Counter(hand)
        self.pile = pile
        self.top = pile[-1] if pile else None
        self._classify(sorted(set(hand) | set(pile)))
        # every face of the spot, for the quick conditions on any depth (the encoding keeps fewer)
        self.all_naturals, self.all_wilds, self.all_stoppers = set(self.naturals), set(self.wilds), set(self.stoppers)
        self._layable = self._top_layable()
        # the depths a turn may take (0: none); the others are ruled out here, each by a rule
        self.depths, self.excluded = self._domain(goal, fixed)
        if not self.depths:
            return  # every depth is ruled out, each by its rule: nothing to encode
        reach = max(self.depths, default=0)
        self.reach = Counter(pile[len(pile) - reach:]) if reach else Counter()
        self._classify(sorted(set(hand) | set(self.reach)))
        self.uses: dict[Card, list] = {c: [] for c in self.faces}   # placed copies per face
        self.canastas: list = []
        self.new_sets: list = []
        self._pile_vars()
        self._groups()
        self._sequences()
        self._wild_and_stopper_sets()
        self._table()
        self._opening()
        self._deep()
        self._ends()

    def _fewer_wilds(self, w, n):
        """Never more wilds than naturals in a set, where the rules say so (``wilds_at_most_naturals``)."""
        return w <= n if self.at_most_naturals else smt.BoolVal(True)

    def rule_of(self, aspect: str) -> str:
        """The rule ID of a tracked aspect (``set``, ``out.cards``, ``draw.deep``...), as the rules data
        names it: the encoding tracks what it models, the data says which rule that is."""
        section, key = ASPECT_RULES[aspect.split(".")[0]]
        return self.rules.cite(section, key)

    def _classify(self, faces: list[Card]) -> None:
        rules = self.rules
        self.naturals = [c for c in faces if rules.role(c) == "natural" and c.rank in rules.natural_ranks]
        self.wilds = [c for c in faces if rules.role(c) == "wild"]
        self.stoppers = [c for c in faces if rules.role(c) == "stopper"]
        self.dead = [c for c in faces if c not in self.naturals and c not in self.wilds and c not in self.stoppers]
        self.faces = self.naturals + self.wilds + self.stoppers + self.dead

    def _have(self, face: Card) -> int:
        """Copies of a face the turn may hold: the hand's and those of the pile it may take."""
        return self.hand[face] + self.reach[face]

    # -- which depths can start the turn ----------------------------------------
    def _domain(self, goal: Goal | None, fixed: Action | None) -> tuple[list[int], dict[str, list[int]]]:
        """The pick-up depths left to the solver, and the rule that rules out each other depth.

        Each exclusion is exact: the top card alone (a) is depth 1, the whole
        pile (b) its full depth, and a deeper pick-up (c) needs its lowest card
        to make a set with naturals held (``deep_core``); going out needs the
        canastas (``canasta_bound``), every card but one playable
        (``stranded``) and fewer stoppers than block it.
        """
        p, rules = len(self.pile), self.rules
        self.strands = {}
        goal = goal or Goal(pickup=ANY)
        if fixed is None and (not p or goal.pickup == NONE):
            # a search inside a larger one asks for no reasons, so the quick conditions may settle
            # going out from the hand as it is, without an encoding (with reasons, the core gives them)
            why = self._out_of_reach(0, p) if goal.go_out and not goal.reasons else None
            return ([], {why: [0]}) if why else ([0], {})
        if not p:
            return [0], {}
        excluded: dict[str, list[int]] = {}
        if fixed is not None:
            if fixed.depth is None:
                wanted = [p if self._layable else 1]
            else:
                wanted = [fixed.depth] if fixed.depth <= p else []
            depths = []
        else:
            wanted = list(range(1, p + 1))
            depths = [] if goal.take_pile else [0]
        top_stopper = rules.role(self.top) == "stopper"
        for j in wanted:
            alone = j == 1 and not self._layable and not top_stopper       # (a)
            whole = j == p and self._layable and not top_stopper           # (b)
            deeper = j >= 2 and self.deep_core(j)                          # (c)
            if not (alone or whole or deeper):
                if j >= 2:
                    why = "stopper.lowest" if rules.role(self.pile[-j]) == "stopper" else "draw.deep"
                else:
                    why = "stopper.top" if top_stopper else "draw.top"
            elif not goal.go_out or not (why := self._out_of_reach(j, p)):
                depths.append(j)
                continue
            excluded.setdefault(why, []).append(j)
        return depths, excluded

    def _out_of_reach(self, depth: int, p: int) -> str | None:
        """The rule by which a quick necessary condition rules out going out after taking ``depth``
        cards (0: none): too few canastas, two cards no set could take, stoppers that block."""
        if self.canasta_bound(depth) < self.need:
            return "out"
        if len(self.strands.setdefault(depth, self.stranded(depth))) + self.unknown > 1:
            return "out.cards"
        if self.block and self.stoppers_held(depth) >= self.block:
            return "stopper"
        fits = self.canastas_fit(0) if depth == 0 else depth >= self._fit_from(p)
        if not fits:
            return "out"
        return None

    def stoppers_held(self, depth: int) -> int:
        held = Counter(self.hand)
        if depth:
            held.update(self.pile[-depth:])
        return sum(n for c, n in held.items() if self.rules.role(c) == "stopper")

    def deep_core(self, depth: int) -> bool:
        """Can the lowest card of a ``depth``-card pick-up (c) make a new set with at least two
        naturals held and at most two wilds in all? (From the hand, or with Deluxe option 3 from
        anything held.) Two naturals suffice to decide: a legal sequence keeps its gaps within its
        wilds when its outermost naturals other than the lowest card are dropped."""
        memo = self.__dict__.setdefault("_cores", {})
        if depth not in memo:
            memo[depth] = self._deep_core(depth)
        return memo[depth]

    def _deep_core(self, depth: int) -> bool:
        rules = self.rules
        low = self.pile[-depth]
        role = rules.role(low)
        if role not in ("natural", "wild") or (role == "natural" and low.rank not in rules.natural_ranks):
            return False
        held = Counter(self.hand)
        if rules["pile"].get("take_up_option"):
            held.update(self.pile[-depth:])
            held[low] -= 1
        need = rules["pile"]["deep_needs_naturals"]
        nats = [c for c, n in held.items() if n > 0 and c in self.all_naturals]
        wilds = sum(n for c, n in held.items() if n > 0 and c in self.all_wilds)
        ranks = Counter()
        for c in nats:
            ranks[c.rank] += held[c]
        if role == "natural" and ranks[low.rank] >= need:
            return True
        if role == "wild" and any(n >= need for n in ranks.values()):
            return True
        if not rules["meld"].get("sequences"):
            return False
        if need != 2:
            return True  # no shortcut: the solver decides
        fixed_wild = 1 if role == "wild" else 0
        spare = min(wilds, self.max_wilds - fixed_wild)
        inside = lambda o: self.low <= o <= self.high
        for suit in "SHDC":
            orders = sorted({c.order for c in nats if c.suit == suit and inside(c.order)})
            if role == "natural":
                if low.suit != suit or not inside(low.order):
                    continue
                orders = [o for o in orders if o != low.order]
            for a in range(len(orders)):
                for b in range(a + 1, len(orders)):
                    span = {orders[a], orders[b]} | ({low.order} if role == "natural" else set())
                    if max(span) - min(span) + 1 - len(span) <= spare + fixed_wild:
                        return True
        return False

    # -- the pile --------------------------------------------------------------
    def _top_layable(self) -> bool:
        if self.top is None:
            return False
        for meld in self.spot.melds:
            try:
                old, new = judge(self.rules, meld), judge(self.rules, tuple(meld) + (self.top,))
            except IllegalPlayError:
                continue
            if (old.kind, old.key) == (new.kind, new.key):
                return True
        return False

    def _pile_vars(self) -> None:
        m, rules = self.m, self.rules
        p = len(self.pile)
        self.mode = _int(m, "mode", 0, 3)
        self.d = _int(m, "depth", 0, p)
        m.hard += [(self.mode == MODE_NONE) == (self.d == 0), smt.Implies(self.mode == MODE_TOP, self.d == 1),
                   smt.Implies(self.mode == MODE_WHOLE, self.d == p), smt.Implies(self.mode == MODE_DEEP, self.d >= 2),
                   smt.Or([self.d == j for j in self.depths])]  # none: false
        if self.spot.phase == "before-draw":
            m.track("draw.start", self.mode != MODE_NONE)
        top_role = rules.role(self.top) if self.top is not None else ""
        if top_role == "stopper":
            m.track("stopper.top", smt.And(self.mode != MODE_TOP, self.mode != MODE_WHOLE))
        m.track("draw.top", self.mode != (MODE_WHOLE if not self._layable else MODE_TOP))
        # taken copies of each face (only depths of the domain can be taken)
        reach = max(self.depths, default=0)
        self.taken: dict[Card, object] = {}
        for face in self.faces:
            steps = [smt.If(self.d >= j, smt.IntVal(1), smt.IntVal(0))
                     for j in range(1, reach + 1) if self.pile[-j] == face]
            self.taken[face] = smt.Sum(steps)
        deep = [j for j in self.depths if j >= 2]
        deep_ok = [j for j in deep if rules.role(self.pile[-j]) != "stopper"]
        if len(deep_ok) < len(deep):
            m.track("stopper.lowest", smt.Implies(self.mode == MODE_DEEP, smt.Or([self.d == j for j in deep_ok])))
        self.stoppers_after = smt.Sum([self.hand[c] + self.taken[c] for c in self.stoppers])
        self.avail = {c: self.hand[c] + self.taken[c] for c in self.faces}

    # -- new sets ----------------------------------------------------------------
    def _groups(self) -> None:
        m = self.m
        self.group, self.held_apart = {}, {}
        for rank in self.rules.natural_ranks:
            faces = [c for c in self.naturals if c.rank == rank]
            if not faces:
                continue
            top_n = sum(self._have(c) for c in faces)
            if top_n < self.nat_min:
                continue
            nat = {c: _int(m, f"g_{c}", 0, self._have(c)) for c in faces}
            wild = {c: _int(m, f"g_{rank}_{c}", 0, self._have(c)) for c in self.wilds}
            g = _int(m, f"g_{rank}_sets", 0, top_n // self.nat_min)
            c = _int(m, f"g_{rank}_canastas", 0, top_n // self.canasta_naturals)
            n, w = smt.Sum(nat.values()), smt.Sum(wild.values())
            m.track("set", smt.And(n >= self.canasta_naturals * c + self.nat_min * (g - c), w <= self.max_wilds * g,
                                    n + w >= self.canasta * c + self.set_min * (g - c), c <= g,
                                    smt.Implies(g == 0, n + w == 0), self._fewer_wilds(w, n)))
            for face, v in list(nat.items()) + list(wild.items()):
                self.uses[face].append(v)
            self.canastas.append(c)
            self.new_sets.append(g)
            self.group[rank] = (nat, wild, g, c)
            if self.apart:  # one set of the rank set apart, for "does some turn meld these very cards?" (Goal.include)
                self.held_apart[rank] = self._apart(rank, "h")

    def _apart(self, rank: str, prefix: str):
        """One set of a rank with its own counts: ``(naturals, wilds, on)``."""
        m = self.m
        faces = [c for c in self.naturals if c.rank == rank]
        on = m.bool(f"{prefix}_{rank}_on")
        hn = {f: _int(m, f"{prefix}_{f}", 0, self._have(f)) for f in faces}
        hw = {f: _int(m, f"{prefix}_{rank}_{f}", 0, self.max_wilds) for f in self.wilds}
        n, w = smt.Sum(hn.values()), smt.Sum(hw.values())
        m.track("set", smt.If(on, smt.And(n >= self.nat_min, n + w >= self.set_min, w <= self.max_wilds,
                                          self._fewer_wilds(w, n)), n + w == 0))
        for face, v in list(hn.items()) + list(hw.items()):
            self.uses[face].append(v)
        one, zero = smt.IntVal(1), smt.IntVal(0)
        self.canastas.append(smt.If(n + w >= self.canasta, one, zero))
        self.new_sets.append(smt.If(on, one, zero))
        return hn, hw, on

    def _sequences(self) -> None:
        m = self.m
        self.seqs = []
        if not self.rules["meld"].get("sequences"):
            return  # a table that plays groups only (a house file): no sequence slots at all
        for suit in "SHDC":
            faces = {c.order: c for c in self.naturals if c.suit == suit and self.low <= c.order <= self.high}
            total = sum(self._have(c) for c in faces.values())
            prev = None
            for s in range(total // self.nat_min):
                name = f"q_{suit}{s}"
                x = {o: _int(m, f"{name}_{faces[o]}", 0, 1) for o in sorted(faces)}
                wild = {c: _int(m, f"{name}_{c}", 0, self.max_wilds) for c in self.wilds}
                used = m.bool(f"{name}_used")
                lo, hi = _int(m, f"{name}_lo", self.low, self.high), _int(m, f"{name}_hi", self.low, self.high)
                canasta = m.bool(f"{name}_canasta")
                n, w = smt.Sum(x.values()), smt.Sum(wild.values())
                m.track("set", smt.And(
                    smt.If(used, smt.And(n >= self.nat_min, n + w >= self.set_min, w <= self.max_wilds,
                                       self._fewer_wilds(w, n), n + w <= self.maxlen,
                                       hi - lo + 1 - n <= w), n + w == 0),
                    *[smt.Implies(v == 1, smt.And(lo <= o, o <= hi)) for o, v in x.items()]))
                m.hard.append(canasta == smt.And(used, n + w >= self.canasta))
                if prev is not None:  # unused slots last; used ones in order of their lowest natural
                    m.hard.append(smt.Implies(used, smt.And(prev[0], prev[1] <= lo)))
                prev = (used, lo)
                for o, v in x.items():
                    self.uses[faces[o]].append(v)
                for face, v in wild.items():
                    self.uses[face].append(v)
                self.canastas.append(smt.If(canasta, smt.IntVal(1), smt.IntVal(0)))
                self.new_sets.append(smt.If(used, smt.IntVal(1), smt.IntVal(0)))
                self.seqs.append((suit, faces, x, wild, used, lo, hi))

    def _wild_and_stopper_sets(self) -> None:
        m, rules = self.m, self.rules
        self.wildsets = None
        total = sum(self._have(c) for c in self.wilds)
        if self.wilds and total >= self.wild_set_min and rules["wild_meld"].get("allowed"):
            use = {c: _int(m, f"ws_{c}", 0, self._have(c)) for c in self.wilds}
            g = _int(m, "ws_sets", 0, total // self.wild_set_min)
            c = _int(m, "ws_canastas", 0, total // max(self.canasta, self.wild_set_min))
            n = smt.Sum(use.values())
            m.track("set", smt.And(n >= self.canasta * c + self.wild_set_min * (g - c), c <= g,
                                    smt.Implies(g == 0, n == 0)))
            for face, v in use.items():
                self.uses[face].append(v)
            self.canastas.append(c)
            self.new_sets.append(g)
            self.wildsets = (use, g, c)
        self.stopsets = {}
        sm = rules["stopper_meld"]
        if sm.get("allowed"):
            for rank in sorted({c.rank for c in self.stoppers}):
                faces = [c for c in self.stoppers if c.rank == rank and ("red" if c.is_red else "black") in sm["colors"]]
                total = sum(self._have(c) for c in faces)
                if total < sm["min_cards"]:
                    continue
                use = {f: _int(m, f"ss_{f}", 0, self._have(f)) for f in faces}
                g, c = _int(m, f"ss_{rank}_sets", 0, total // sm["min_cards"]), _int(m, f"ss_{rank}_canastas", 0, total // self.canasta)
                n = smt.Sum(use.values())
                m.track("set", smt.And(n >= self.canasta * c + sm["min_cards"] * (g - c), c <= g,
                                        smt.Implies(g == 0, n == 0)))
                for face, v in use.items():
                    self.uses[face].append(v)
                self.canastas.append(c)
                self.new_sets.append(g)
                self.stopsets[rank] = (use, g, c)

    # -- lay-offs onto the side's sets -----------------------------------------
    def _table(self) -> None:
        m, rules = self.m, self.rules
        self.layoffs = []
        for i, meld in enumerate(self.spot.melds, start=1):
            j = judge(rules, meld)
            size, add = len(meld), {}
            if j.kind == GROUP:
                fits = [c for c in self.naturals if c.rank == j.key] + self.wilds
            elif j.kind == SEQUENCE:
                have = {c.order for c in meld if rules.role(c) == "natural"}
                fits = [c for c in self.naturals if c.suit == j.key and self.low <= c.order <= self.high
                        and c.order not in have] + self.wilds
            elif j.kind == WILD:
                fits = list(self.wilds)
            elif j.kind == STOPPERS:
                fits = [c for c in self.stoppers if c.rank == j.key and ("red" if c.is_red else "black")
                        in rules["stopper_meld"]["colors"]]
            else:
                fits = []
            for face in fits:
                top = 1 if j.kind == SEQUENCE and rules.role(face) == "natural" else self._have(face)
                add[face] = _int(m, f"t{i}_{face}", 0, top)
                self.uses[face].append(add[face])
            w = smt.Sum([v for f, v in add.items() if f in self.wilds])
            total = smt.Sum(add.values())
            if j.kind in (GROUP, SEQUENCE):
                m.track("set", j.wilds + w <= self.max_wilds)
                if self.at_most_naturals:
                    laid = smt.Sum([v for f, v in add.items() if f not in self.wilds])
                    m.track("set", j.wilds + w <= len(meld) - j.wilds + laid)
            if j.kind == SEQUENCE:
                orders = [c.order for c in meld if rules.role(c) == "natural"]
                lo, hi = _int(m, f"t{i}_lo", self.low, min(orders)), _int(m, f"t{i}_hi", max(orders), self.high)
                n = len(orders) + smt.Sum([v for f, v in add.items() if f in self.naturals])
                m.track("set", smt.And(hi - lo + 1 - n <= j.wilds + w, size + total <= self.maxlen,
                                        *[smt.Implies(v == 1, smt.And(lo <= f.order, f.order <= hi))
                                          for f, v in add.items() if f in self.naturals]))
            if size >= self.canasta:
                self.canastas.append(smt.IntVal(0))  # counted below with the table's canastas
            else:
                self.canastas.append(smt.If(size + total >= self.canasta, smt.IntVal(1), smt.IntVal(0)))
            self.layoffs.append((i, add, j))
        self.table_canastas = sum(1 for meld in self.spot.melds if len(meld) >= self.canasta)

    # -- (b): the top card's first set -------------------------------------------
    def _opening(self) -> None:
        """(b): the top card goes down at once with cards from the hand only (``fc``), as a new
        set or onto a table set, before the rest of the pile joins the hand; that set may take
        more cards later in the turn, so it is one of the turn's sets whose first cards alone
        are legal. One Boolean per place it can go."""
        m, top = self.m, self.top
        self.opening, self.open_groups = None, {}
        playable = self.naturals + self.wilds
        if top is None or not self._layable or len(self.pile) not in self.depths or top not in playable:
            return
        whole = self.mode == MODE_WHOLE
        fc = {f: _int(m, f"first_{f}", 0, self.hand[f] + (f == top)) for f in playable if self.hand[f] or f == top}
        nat = {f: v for f, v in fc.items() if f in self.naturals}
        wild = {f: v for f, v in fc.items() if f in self.wilds}
        n, w = smt.Sum(nat.values()), smt.Sum(wild.values())
        k = n + w
        options = []
        held = Counter(self.hand)
        held[top] += 1
        for rank in self.rules.natural_ranks:  # a new group
            if (top in self.naturals and rank != top.rank) or \
                    sum(held[f] for f in self.naturals if f.rank == rank) < self.nat_min:
                continue
            hn, hw, on = self.open_groups[rank] = self._apart(rank, "o")
            b = m.bool(f"open_g{rank}")
            m.hard += [smt.Implies(b, smt.And(on, n >= self.nat_min, w <= self.max_wilds, k >= self.set_min,
                                            *[v == 0 for f, v in nat.items() if f.rank != rank],
                                            *[hn[f] >= v for f, v in nat.items() if f.rank == rank],
                                            *[hw[f] >= v for f, v in wild.items()])),
                       smt.Implies(smt.Not(b), smt.Not(on))]
            options.append((b, ("group", rank)))
        olo, ohi = _int(m, "o_lo", self.low, self.high), _int(m, "o_hi", self.low, self.high)
        for q, (suit, faces, x, wilds, used, lo, hi) in enumerate(self.seqs):  # a new sequence
            if top in self.naturals and (top.suit != suit or top.order not in faces):
                continue
            parts = [used, n >= self.nat_min, k >= self.set_min, w <= self.max_wilds, ohi - olo + 1 - n <= w]
            for f, v in nat.items():
                if f.suit != suit or faces.get(f.order) != f:
                    parts.append(v == 0)
                else:
                    parts += [v <= 1, x[f.order] >= v, smt.Implies(v >= 1, smt.And(olo <= f.order, f.order <= ohi))]
            parts += [wilds[f] >= v for f, v in wild.items()]
            b = m.bool(f"open_q{q}")
            m.hard.append(smt.Implies(b, smt.And(parts)))
            options.append((b, ("seq", q)))
        if self.wildsets is not None and top in self.wilds:  # a new wild-card set
            use, g, c = self.wildsets
            total = smt.Sum(use.values())
            b = m.bool("open_w")
            m.hard.append(smt.Implies(b, smt.And(
                n == 0, k >= self.wild_set_min, g >= 1, *[use[f] >= v for f, v in wild.items()],
                smt.Or(smt.And(c >= 1, total >= smt.If(k >= self.canasta, k, self.canasta) + self.canasta * (c - 1)
                               + self.wild_set_min * (g - c)),
                      smt.And(c < g, total >= k + self.canasta * c + self.wild_set_min * (g - 1 - c))))))
            options.append((b, ("wild",)))
        for i, add, j in self.layoffs:  # onto a table set
            parts = [k >= 1] + [v == 0 for f, v in fc.items() if f not in add] + \
                    [add[f] >= v for f, v in fc.items() if f in add]
            if j.kind == SEQUENCE:  # the table set with the first cards alone is a sequence too
                orders = [c.order for c in j.cards if self.rules.role(c) == "natural"]
                tlo = _int(m, f"o_t{i}_lo", self.low, min(orders))
                thi = _int(m, f"o_t{i}_hi", max(orders), self.high)
                parts += [thi - tlo + 1 - len(orders) - n <= j.wilds + w] + \
                         [smt.Implies(v >= 1, smt.And(tlo <= f.order, f.order <= thi)) for f, v in nat.items() if f in add]
            b = m.bool(f"open_t{i}")
            m.hard.append(smt.Implies(b, smt.And(parts)))
            options.append((b, ("layoff", i)))
        one, zero = smt.IntVal(1), smt.IntVal(0)
        chosen = smt.Sum([smt.If(b, one, zero) for b, _ in options])
        m.hard.append(smt.Implies(smt.Not(whole), smt.And(chosen == 0, *[v == 0 for v in fc.values()])))
        m.track("draw.whole", smt.Implies(whole, smt.And(fc[top] >= 1, chosen == 1)))
        self.opening = (fc, options)

    # -- the deep pick-up's new set --------------------------------------------
    def _deep(self) -> None:
        """(c): the lowest card taken is in a new group or sequence whose core makes a legal set with it.

        One Boolean per possible target (a rank's groups, a sequence slot) and
        one core per target; which card is the lowest follows from the depth.
        """
        m, rules = self.m, self.rules
        relaxed = bool(rules["pile"].get("take_up_option"))
        deep = self.mode == MODE_DEEP
        one, zero = smt.IntVal(1), smt.IntVal(0)
        low_at = {}
        for j in self.depths:
            if j >= 2 and self.deep_core(j):
                low_at.setdefault(self.pile[-j], []).append(self.d == j)
        self.is_low = {f: smt.Or(c) for f, c in low_at.items()}
        low = {f: smt.If(smt.And(deep, b), one, zero) for f, b in self.is_low.items()}
        hand_cap = (lambda term, face: term) if relaxed else \
            (lambda term, face: smt.If(term < self.hand[face], term, smt.IntVal(self.hand[face])))
        targets = []
        self.deep_choice = []
        core_n, core_w = rules["pile"]["deep_needs_naturals"], rules["pile"]["deep_max_wilds"]
        for rank, (nat, wild, g, c) in self.group.items():
            here = [f for f in list(nat) + list(wild) if f in low]
            if not here:
                continue
            b = m.bool(f"deep_g{rank}")
            spare = smt.Sum([hand_cap(v - low.get(f, zero), f) for f, v in nat.items()])
            # the set goes down at once with the lowest card: its other cards, a set with it, come from the
            # hand (or with option 3 from anything held), however few naturals the core needs
            held_w = smt.Sum([hand_cap(v - low.get(f, zero), f) for f, v in wild.items()])
            spare_w = smt.If(held_w > core_w, smt.IntVal(core_w), held_w)  # the core holds at most so many wild cards
            # the lowest card's set holds the core's naturals besides it, and the naturals any set
            # needs counting it; the rank's other sets need their naturals each
            low_natural = smt.Sum([low[f] for f in here if f in nat])
            low_wild = one - low_natural
            with_core = core_n + low_natural
            low_set = smt.If(with_core > self.nat_min, with_core, smt.IntVal(self.nat_min))
            # the lowest card and the core are a legal set by themselves: every natural held joins
            # it, and wild cards make up the cards still lacking, within every cap on them
            lacking = self.set_min - 1 - spare
            core_wilds = smt.If(lacking > 0, lacking, zero)
            m.hard.append(smt.Implies(b, smt.And(spare + low_natural >= self.nat_min, core_wilds <= spare_w,
                                              core_wilds + low_wild <= self.max_wilds,
                                              self._fewer_wilds(core_wilds + low_wild, spare + low_natural))))
            m.hard.append(smt.Implies(b, smt.And(spare >= core_n, spare + spare_w >= self.set_min - 1, g >= 1,
                                              smt.Sum([low[f] for f in here]) == 1,
                                              smt.Sum(nat.values()) >= self.nat_min * (g - 1) + low_set,
                                              *[smt.Implies(self.is_low[f], (nat.get(f) if f in nat else wild[f]) >= 1)
                                                for f in here])))
            targets.append(b)
            self.deep_choice.append((b, ("group", rank)))
        for rank, (hn, hw, on) in self.held_apart.items():
            here = [f for f in list(hn) + list(hw) if f in low]
            if not here:
                continue
            b = m.bool(f"deep_h{rank}")
            spare = smt.Sum([hand_cap(v - low.get(f, zero), f) for f, v in hn.items()])
            m.hard.append(smt.Implies(b, smt.And(spare >= core_n, on, smt.Sum([low[f] for f in here]) == 1,
                                              *[smt.Implies(self.is_low[f], (hn.get(f) if f in hn else hw[f]) >= 1)
                                                for f in here])))
            targets.append(b)
            self.deep_choice.append((b, ("apart", rank)))
        for k, (suit, faces, x, wild, used, lo, hi) in enumerate(self.seqs):
            here = [f for f in list(faces.values()) + list(wild) if f in low]
            if not here:
                continue
            b = m.bool(f"deep_q{k}")
            core = {o: _int(m, f"deep_q{k}_c{o}", 0, 1) for o in x}
            cw = {f: _int(m, f"deep_q{k}_cw{f}", 0, self.max_wilds) for f in wild}
            clo, chi = _int(m, f"deep_q{k}_lo", self.low, self.high), _int(m, f"deep_q{k}_hi", self.low, self.high)
            parts = [used, smt.Sum([low[f] for f in here]) == 1]
            lown = smt.Sum([low[faces[o]] for o in x if faces[o] in low])
            loww = smt.Sum([low[f] for f in wild if f in low])
            for o, v in core.items():
                face = faces[o]
                lf = low.get(face, zero)
                parts += [v >= 0, v <= hand_cap(x[o] - lf, face), v + lf <= 1,
                          smt.Implies(v + lf >= 1, smt.And(clo <= o, o <= chi)),
                          smt.Implies(lf == 1, x[o] == 1)]
            for f, v in cw.items():
                lf = low.get(f, zero)
                parts += [v >= 0, v <= hand_cap(wild[f] - lf, f), smt.Implies(lf == 1, wild[f] >= 1)]
            n, w = smt.Sum(core.values()) + lown, smt.Sum(cw.values()) + loww
            # the lowest card may itself be wild (A-DRAW); the core's cap is on the wild cards held
            # and the lowest card with its core is a set by itself: the naturals every set needs
            parts += [n - lown >= core_n, (n - lown) + (w - loww) >= self.set_min - 1, w - loww <= core_w,
                      w <= self.max_wilds, chi - clo + 1 - n <= w, n >= self.nat_min, self._fewer_wilds(w, n)]
            m.hard.append(smt.Implies(b, smt.And(parts)))
            targets.append(b)
            self.deep_choice.append((b, ("seq", k, core, cw)))
        m.hard.append(smt.Sum([smt.If(b, one, zero) for b in targets]) <= 1)
        m.track("draw.deep", smt.Implies(deep, smt.Or(targets)))

    # -- where every card ends, and going out ------------------------------------
    def _ends(self) -> None:
        m, rules = self.m, self.rules
        self.keep, self.out = {}, {}
        for face in self.faces:
            self.keep[face] = _int(m, f"keep_{face}", 0, self._have(face))
            self.out[face] = _int(m, f"discard_{face}", 0, 1)
            m.hard.append(smt.Sum(self.uses[face]) + self.keep[face] + self.out[face] == self.avail[face])
        self.keep_unknown = _int(m, "keep_unknown", 0, self.unknown)
        self.out_unknown = _int(m, "discard_unknown", 0, min(1, self.unknown))
        m.hard.append(self.keep_unknown + self.out_unknown == self.unknown)
        self.discards = smt.Sum(list(self.out.values()) + [self.out_unknown])
        self.left = smt.Sum(list(self.keep.values()) + [self.keep_unknown])
        self.went_out = self.left == 0
        m.hard.append(self.discards <= 1)
        if rules["go_out"]["final_discard"] == "required":  # every turn ends with a discard, going out too
            m.track("out.discard", self.discards == 1)
        else:  # only a turn that empties the hand by its melds ends without one (A-GOOUT)
            m.track("out.discard", smt.Or(self.went_out, self.discards == 1))
        # (a) the top card taken alone; (b) the top card goes down at once
        if self.top is not None and self.top in self.uses:
            placed = smt.Sum(self.uses[self.top])
            m.track("draw.whole", smt.Implies(self.mode == MODE_WHOLE, placed >= 1))
        self.total_canastas = smt.Sum(self.canastas) + self.table_canastas
        m.track("out", smt.Implies(self.went_out, self.total_canastas >= self.need))
        if self.block:
            m.track("stopper", smt.Implies(self.went_out, self.stoppers_after < self.block))
        self.melds_made = smt.Sum(self.new_sets)

    def points(self):
        """What the turn's melds and lay-offs count (``Turn.initial_points``): card values of the
        cards put down, each face at most as often as the player owned it (the hand, and the top
        or lowest card taken with the pile)."""
        terms = []
        for face in self.faces:
            if not self.uses[face]:
                continue
            placed = smt.Sum(self.uses[face])
            own = smt.IntVal(self.hand[face])
            if self.top is not None and face == self.top:
                own = own + smt.If(self.mode == MODE_WHOLE, smt.IntVal(1), smt.IntVal(0))
            if face in getattr(self, "is_low", {}):
                own = own + smt.If(smt.And(self.mode == MODE_DEEP, self.is_low[face]), smt.IntVal(1),
                                  smt.IntVal(0))
            terms.append(self.rules.value(face) * smt.If(placed < own, placed, own))
        return smt.Sum(terms)

    def most_points(self) -> int:
        return sum(self.rules.value(f) * (self.hand[f] + 1) for f in self.faces)

    # -- a quick necessary condition for going out -------------------------------
    def stranded(self, depth: int) -> list[Card]:
        """Cards held after taking ``depth`` cards that no set could take: going out may discard one.

        A natural needs another of its rank or a table group of it, or another
        natural of its suit at most three ranks away, or a table sequence of its
        suit without it; a stopper needs a stopper set. A necessary condition
        only, so a depth it rules out is ruled out exactly.
        """
        rules = self.rules
        held = Counter(self.hand)
        if depth:
            held.update(self.pile[-depth:])
        table = [judge(rules, m) for m in self.spot.melds]
        groups = {j.key for j in table if j.kind == GROUP}
        seqs = {}
        for j in table:
            if j.kind == SEQUENCE:
                seqs.setdefault(j.key, []).append({c.order for c in j.cards if rules.role(c) == "natural"})
        stop_table = {j.key for j in table if j.kind == STOPPERS}
        sm = rules["stopper_meld"]
        out = []
        by_rank = Counter()
        for c, n in held.items():
            if c in self.all_naturals:
                by_rank[c.rank] += n
        for c, n in held.items():
            role = rules.role(c)
            if role == "stopper":
                red = sm.get("allowed") and ("red" if c.is_red else "black") in sm["colors"]
                mates = sum(k for f, k in held.items() if f.rank == c.rank and rules.role(f) == "stopper"
                            and ("red" if f.is_red else "black") in sm["colors"])
                if not (red and (mates >= sm["min_cards"] or c.rank in stop_table)):
                    out += [c] * n
            elif c in self.all_naturals:
                if by_rank[c.rank] >= self.nat_min or c.rank in groups:
                    continue
                if any(f.suit == c.suit and f.rank != c.rank and 0 < abs(f.order - c.order) <= self.max_wilds + 1
                       and f in self.all_naturals
                       and self.low <= f.order <= self.high for f in held) and self.low <= c.order <= self.high:
                    continue
                if any(c.order not in orders and self.low <= c.order <= self.high for orders in seqs.get(c.suit, [])):
                    continue
                out += [c] * n
            elif role != "wild":
                out += [c] * n
        return out

    def canasta_bound(self, depth: int) -> int:
        """At most this many canastas after taking ``depth`` cards (a quick upper bound).

        A group canasta holds five naturals of its rank at least and the wilds
        that make up seven (so ``k`` of one rank need ``7k`` minus its naturals,
        at least, of the wilds held); a wild-card canasta seven wilds; a
        sequence canasta five naturals at least, at distinct places of a run of
        seven or more with at most two places missing; a table set becomes one
        only if enough of its cards are held.
        """
        rules = self.rules
        held = Counter(self.hand)
        if depth:
            held.update(self.pile[-depth:])
        by_rank, by_suit, wilds = Counter(), {}, 0
        for c, n in held.items():
            if c in self.all_naturals:
                by_rank[c.rank] += n
                if self.low <= c.order <= self.high:
                    by_suit.setdefault(c.suit, Counter())[c.order] += n
            elif c in self.all_wilds:
                wilds += n
        # groups and wild-card sets share the wilds: take the cheapest canastas first
        size, least = self.canasta, self.canasta_naturals
        wild_size = max(size, self.wild_set_min)
        costs = []
        for n in by_rank.values():
            costs += [max(0, size * k - n) - max(0, size * (k - 1) - n) for k in range(1, n // least + 1)]
        if rules["wild_meld"].get("allowed"):
            costs += [wild_size] * (wilds // wild_size)
        bound, budget = 0, wilds
        for cost in sorted(costs):
            if cost > budget:
                break
            budget -= cost
            bound += 1
        usable = sum(n for n in by_rank.values() if n >= least)  # naturals some new canasta could hold
        for copies in by_suit.values():
            good = set()
            for lo in range(self.low, self.high - size + 2):
                for hi in range(lo + size - 1, self.high + 1):
                    present = [o for o in range(lo, hi + 1) if copies[o]]
                    if len(present) >= hi - lo + 1 - self.max_wilds:
                        good.update(present)
            bound += sum(copies[o] for o in good) // least
            usable += sum(copies[o] for o in good if by_rank[_rank(o)] < least)
        # every new canasta of naturals holds ``least`` of them at least and ``size`` cards, each card in one
        wild_sets = range(wilds // wild_size + 1) if rules["wild_meld"].get("allowed") else range(1)
        bound = min(bound, max(t + min(usable // least, (usable + wilds - wild_size * t) // size) for t in wild_sets))
        stoppers = Counter(c.rank for c, n in held.items() if c in self.all_stoppers for _ in range(n))
        if rules["stopper_meld"].get("allowed"):
            bound += sum(n // size for n in stoppers.values())
        for meld in self.spot.melds:
            bound += 1 if len(meld) + self._could_join(meld, by_rank, by_suit, wilds, stoppers) >= size else 0
        return bound

    def _fit_from(self, p: int) -> int:
        """The least depth whose cards could make the canastas (``canastas_fit``): taking more
        cards only adds to what is held, so every shallower depth is ruled out too. A binary
        search; a depth it cannot conclude on counts as fitting."""
        if "_fit" not in self.__dict__:
            lo, hi = 1, p + 1   # depths below lo do not fit; hi fits (p + 1: none known to)
            while lo < hi:
                mid = (lo + hi) // 2
                if self.canastas_fit(mid):
                    hi = mid
                else:
                    lo = mid + 1
            self._fit = lo
        return self._fit

    def canastas_fit(self, depth: int, budget: int = 400) -> bool:
        """Could the cards held after taking ``depth`` make the canastas going out needs, each
        natural in one of them? A necessary condition: each new canasta is a group of seven (five
        naturals of its rank at least, at most two wilds), seven places of a sequence (five
        naturals at least, one a place) or seven wilds; a table set needs the cards that bring it
        to seven. Each choice of canastas is judged by two flows of natural cards into them: one
        giving each its least naturals, one filling them up to what the wilds held cannot. True
        (no conclusion) past ``budget`` choices."""
        rules, m, size = self.rules, self.max_wilds, self.canasta
        if rules["stopper_meld"].get("allowed"):
            return True  # stopper sets may be canastas too (Deluxe option 1): no conclusion
        held = Counter(self.hand)
        if depth:
            held.update(self.pile[-depth:])
        nats = {c: n for c, n in held.items() if c in self.all_naturals}
        wilds = sum(n for c, n in held.items() if c in self.all_wilds)
        done, cands = 0, []   # (eligible {face: copies}, cards, least naturals, repeatable)
        for meld in self.spot.melds:
            if len(meld) >= size:
                done += 1
                continue
            j = judge(rules, meld)
            room = min(wilds, max(0, m - j.wilds))
            if j.kind == GROUP:
                elig = {f: n for f, n in nats.items() if f.rank == j.key}
            elif j.kind == SEQUENCE:
                have = {c.order for c in meld if rules.role(c) == "natural"}
                elig = {f: 1 for f in nats if f.suit == j.key and self.low <= f.order <= self.high
                        and f.order not in have}
            elif j.kind == WILD:
                elig, room = {}, wilds
            else:
                return True  # stopper sets: no conclusion
            cands.append((elig, size - len(meld), max(0, size - len(meld) - room), False))
        if done >= self.need:
            return True
        for rank in {f.rank for f in nats}:
            elig = {f: n for f, n in nats.items() if f.rank == rank}
            if sum(elig.values()) >= self.canasta_naturals:
                cands.append((elig, size, self.canasta_naturals, True))
        for suit in "SHDC":
            at = {f.order: f for f in nats if f.suit == suit and self.low <= f.order <= self.high}
            for lo in range(self.low, self.high - size + 2):
                elig = {at[o]: 1 for o in range(lo, lo + size) if o in at}
                if len(elig) >= self.canasta_naturals:
                    cands.append((elig, size, self.canasta_naturals, True))
        wild_size = max(size, self.wild_set_min)
        if rules["wild_meld"].get("allowed") and wilds >= wild_size:
            cands.append(({}, wild_size, 0, True))
        tried = [0]

        def fits(chosen) -> bool:
            least = _flow(nats, [(cands[i][0], cands[i][2]) for i in chosen])
            full = _flow(nats, [(cands[i][0], cands[i][1]) for i in chosen])
            return least >= sum(cands[i][2] for i in chosen) and full >= sum(cands[i][1] for i in chosen) - wilds

        def search(chosen, start) -> bool:
            if len(chosen) + done >= self.need:
                return True
            for i in range(start, len(cands)):
                tried[0] += 1
                if tried[0] > budget:
                    return True
                if fits(chosen + [i]) and search(chosen + [i], i if cands[i][3] else i + 1):
                    return True
            return False

        return search([], 0)

    def _could_join(self, meld, by_rank: Counter, by_suit: dict, wilds: int, stoppers: Counter) -> int:
        """How many held cards could be laid off onto this table set, at most."""
        j = judge(self.rules, meld)
        room = max(0, self.max_wilds - j.wilds)
        if j.kind == GROUP:
            return by_rank[j.key] + min(wilds, room)
        if j.kind == SEQUENCE:
            have = {c.order for c in meld if self.rules.role(c) == "natural"}
            return sum(1 for o in by_suit.get(j.key, ()) if o not in have) + min(wilds, room)
        if j.kind == WILD:
            return wilds
        if j.kind == STOPPERS:
            return stoppers[j.key]
        return 0

    # -- questions -------------------------------------------------------------
    def goal_terms(self, goal: Goal, fixed: Action | None) -> list:
        out = []
        if goal.go_out:
            out.append(self.went_out)
            # from before-draw the domain has ruled these out already (``_domain``)
            depths = [0] if self.spot.phase != "before-draw" else []
            self.strands = {j: cards for j, cards in self.strands.items() if j in self.excluded.get("out.cards", [])}
            self.strands.update({j: self.stranded(j) for j in depths})
            few = [j for j in depths if self.canasta_bound(j) < self.need]
            if few:
                self.m.track("out", smt.Implies(self.went_out, smt.And([self.d != j for j in few])))
            blocked = [j for j in depths if len(self.strands[j]) + self.unknown > 1 and j not in few]
            if blocked:
                self.m.track("out.cards", smt.Implies(self.went_out, smt.And([self.d != j for j in blocked])))
        if goal.must_meld:
            out.append(self.melds_made >= 1)
        if goal.take_pile or fixed is not None:
            out.append(self.mode != MODE_NONE)
        if goal.pickup == NONE and self.spot.phase == "before-draw":
            out.append(self.mode == MODE_NONE)
        if fixed is not None:
            out.append(self._fixed(fixed))
        if goal.include is not None:
            out.append(self.includes(goal.include))
        return out

    def includes(self, choice) -> object:
        """The condition that the turn puts down these very cards: a new set holding them, or a lay-off."""
        rules = self.rules
        want = Counter(choice.cards)
        no = smt.BoolVal(False)
        if choice.kind == "layoff":
            entry = next((add for i, add, _ in self.layoffs if i == choice.to), None)
            if entry is None or any(f not in entry for f in want):
                return no
            return smt.And([entry[f] >= n for f, n in want.items()])
        naturals = [c for c in want if c in self.naturals]
        if any(c not in self.naturals and c not in self.wilds and c not in self.stoppers for c in want):
            return no
        options = []
        ranks = {c.rank for c in naturals}
        if naturals and len(ranks) == 1 and naturals[0].rank in self.held_apart:
            hn, hw, on = self.held_apart[naturals[0].rank]
            if all(f in hn or f in hw for f in want):
                options.append(smt.And([on] + [(hn.get(f) if f in hn else hw[f]) >= n for f, n in want.items()]))
        suits = {c.suit for c in naturals}
        if naturals and len(suits) == 1:
            for suit, faces, x, wild, used, lo, hi in self.seqs:
                if suit in suits and all((f in wild) or (f.order in faces and faces[f.order] == f) for f in want):
                    options.append(smt.And([used] + [(wild[f] if f in wild else x[f.order]) >= n for f, n in want.items()]))
        if not naturals and self.wildsets is not None and all(f in self.wilds for f in want):
            use, g, c = self.wildsets
            options.append(_one_holds(use, g, c, want, self.wild_set_min, self.canasta))
        stoppers = [c for c in want if c in self.stoppers]
        if stoppers and len({c.rank for c in stoppers}) == 1 and stoppers[0].rank in self.stopsets:
            use, g, c = self.stopsets[stoppers[0].rank]
            if all(f in use for f in want):
                options.append(_one_holds(use, g, c, want, rules["stopper_meld"]["min_cards"], self.canasta))
        return smt.Or(options) if options else no

    def fixed_mode(self, action: Action) -> int:
        """Which of A-DRAW's ways a named pickup is, as the turn engine reads it (``fanned.pickup_kind``)."""
        if action.depth is None:
            return MODE_WHOLE if self._layable else MODE_TOP
        if action.depth == 1:
            return MODE_TOP
        if action.depth == len(self.pile) and self._layable and not self._deep_cards_fit(action):
            return MODE_WHOLE
        return MODE_DEEP

    def _fixed(self, action: Action):
        p = len(self.pile)
        mode = self.fixed_mode(action)
        cond = [self.mode == mode]
        if mode == MODE_DEEP:
            cond.append(self.d == action.depth)
            want = Counter(action.cards)
            for b, what in self.deep_choice:
                if what[0] in ("group", "apart"):
                    nat, wild = self.group[what[1]][:2] if what[0] == "group" else self.held_apart[what[1]][:2]
                    low = self.pile[-action.depth]
                    cond.append(smt.Implies(b, smt.And([v - (1 if f == low else 0) >= want[f]
                                                      for f, v in list(nat.items()) + list(wild.items())] +
                                                     [smt.BoolVal(not (set(want) - set(nat) - set(wild)))])))
                    continue
                core, cw = what[2], what[3]
                suit = self.seqs[what[1]][0]
                cond.append(smt.Implies(b, smt.And(
                    [v == want[Card(_rank(o), suit)] for o, v in core.items()] +
                    [v == want[f] for f, v in cw.items()])))
            # the named cards are the core, as the turn engine reads them: naturals enough, wilds few enough
            rules = self.rules
            naturals = sum(rules.role(c) == "natural" for c in action.cards)
            wilds = sum(rules.role(c) == "wild" for c in action.cards)
            if naturals < rules["pile"]["deep_needs_naturals"] or wilds > rules["pile"]["deep_max_wilds"] or \
                    naturals + wilds < len(action.cards) or not self._deep_cards_fit(action):
                return smt.BoolVal(False)
        elif action.cards:
            if mode == MODE_TOP or Counter(action.cards) - self.hand or self.opening is None:
                return smt.BoolVal(False)
            # (b): the named hand cards go down at once with the top card
            fc = self.opening[0]
            if any(f not in fc for f in action.cards):
                return smt.BoolVal(False)
            cond += [fc[f] >= n for f, n in Counter(action.cards).items()]
        return smt.And(cond) if p else smt.BoolVal(False)

    def _deep_cards_fit(self, action: Action) -> bool:
        try:
            judge(self.rules, (self.pile[-action.depth],) + action.cards)
            return True
        except (IllegalPlayError, IndexError):
            return False


def _one_holds(use: dict, g, c, want: Counter, least: int, canasta: int):
    """Sets of like cards (``g`` sets, ``c`` canastas of ``canasta`` cards) of which one holds the wanted cards."""
    k, n = sum(want.values()), smt.Sum(use.values())
    as_canasta = n >= max(canasta, k) + canasta * (c - 1) + least * (g - c)
    as_other = smt.And(c < g, n >= max(least, k) + canasta * c + least * (g - 1 - c))
    return smt.And([g >= 1, smt.Or(smt.And(c >= 1, as_canasta), as_other)] + [use[f] >= m for f, m in want.items()])


def _flow(supply: dict, sinks: list) -> int:
    """The most cards that can flow from ``supply`` (copies per face) into sinks
    ``(eligible copies per face, capacity)``: augmenting paths on a small graph (faces and
    sinks by their index)."""
    wanted = set().union(*(elig for elig, _ in sinks))
    faces = [f for f in supply if f in wanted]
    at = {f: i for i, f in enumerate(faces)}
    nf, nk = len(faces), len(sinks)
    left = [supply[f] for f in faces]                           # source -> face
    room = [size for _, size in sinks]                          # sink -> target
    cap = [[0] * nk for _ in range(nf)]                         # face -> sink
    for k, (elig, _) in enumerate(sinks):
        for f, n in elig.items():
            if f in at:
                cap[at[f]][k] = n
    sent = [[0] * nk for _ in range(nf)]                        # face -> sink, used
    total = 0
    while True:
        # breadth-first from the faces with copies left, through used edges backwards
        via_sink = [-2] * nf    # how each face was reached: -1 from the source, else the sink
        via_face = [-1] * nk    # the face each sink was reached from
        queue = [i for i in range(nf) if left[i] > 0]
        for i in queue:
            via_sink[i] = -1
        end = -1
        while queue and end < 0:
            nxt = []
            for i in queue:
                row_cap, row_sent = cap[i], sent[i]
                for k in range(nk):
                    if via_face[k] >= 0 or row_sent[k] >= row_cap[k]:
                        continue
                    via_face[k] = i
                    if room[k] > 0:
                        end = k
                        break
                    for g in range(nf):
                        if via_sink[g] == -2 and sent[g][k] > 0:
                            via_sink[g] = k
                            nxt.append(g)
                if end >= 0:
                    break
            queue = nxt
        if end < 0:
            return total
        room[end] -= 1
        k = end
        while True:
            i = via_face[k]
            sent[i][k] += 1
            back = via_sink[i]
            if back == -1:
                left[i] -= 1
                break
            sent[i][back] -= 1
            k = back
        total += 1


def _rank(order: int) -> str:
    return next(r for r, o in RANK_ORDER.items() if o == order)


BUILD_UNITS = 15


class Solver:
    """A solver over one spot's encoding, with its rules tracked by ID.

    ``base`` holds the question's own conditions (the goal, a depth): asserted
    once, outside any scope, they let the solver simplify with them, which
    makes the hard questions several times cheaper than the same conditions
    asserted in a scope or assumed.
    """

    def __init__(self, enc: Albany, budget: Budget, base=()):
        # A question may build a second solver (to explain a "no"), and building one takes about as
        # long as z3 spends on BUILD_UNITS of its resource count per constraint: the budget counts it.
        budget.spend(BUILD_UNITS * len(enc.m.hard), "building another solver")
        self.enc = enc
        self.budget = budget  # the question's, shared by all its solvers
        if enc.ctx is None:
            enc.ctx = z3.Context()  # one per question (``solve.Session`` says why), shared by its solvers
        self.solver = z3.SimpleSolver(ctx=enc.ctx)
        # 2, the simplex solver, is the faster on most of these small bounded counts
        self.solver.set("arith.solver", 2)
        switches = {rule: smt.Var(f"rule::{rule}") for rule in enc.m.tracked}
        self.declared = "".join(enc.m.declared)
        self.solver.add(smt.parse(self.declared + "".join(f"(declare-const {v.text} Bool)" for v in switches.values()),
                                  enc.m.hard + list(base) + [smt.Implies(switches[rule], smt.And(exprs))
                                                             for rule, exprs in enc.m.tracked.items()], enc.ctx))
        self.literals = {rule: z3.Bool(f"rule::{rule}", enc.ctx) for rule in enc.m.tracked}

    def add(self, term) -> None:
        """A constraint for every later check."""
        self.solver.add(smt.parse(self.declared, [term], self.enc.ctx))

    def check(self, extra=(), leave_out=()) -> tuple[bool, object]:
        """Sat with a model's ``Values``, or unsat with the rules of a core; ``SolverLimitError`` when the
        question's budget is spent."""
        lits = [lit for rule, lit in self.literals.items() if rule not in leave_out]
        scoped = bool(extra)
        if scoped:
            self.solver.push()
        try:
            if extra:
                self.add(smt.And(extra))
            result = self.budget.check(self.solver, *lits)
            if result == z3.sat:
                return True, Values(self.solver.model())
            if result == z3.unsat:
                core = {str(x) for x in self.solver.unsat_core()}
                return False, [r for r, lit in self.literals.items() if str(lit) in core]
            raise self.budget.exhausted(self.solver.reason_unknown())
        finally:
            if scoped:
                self.solver.pop()

    def most(self, term, model, hi: int) -> tuple[int, object, bool]:
        """The largest value of ``term`` over turns, from a first ``model``: (value, a model with
        it, proven). Most first models are already the best, so the search first asks for more
        than the model's value and halves the gap only after a few climbs. When the question's
        resource limit runs out on the way, the best model found so far is kept, not proven."""
        lo, climbs = model(term), 0
        try:
            while lo < hi:
                mid = lo + 1 if climbs < 3 else (lo + hi + 1) // 2
                ok, got = self.check([term >= mid])
                if ok:
                    model, lo, climbs = got, got(term), climbs + 1
                else:
                    hi = mid - 1
        except SolverLimitError:
            return lo, model, False
        return lo, model, True

    def best(self, term, extra=(), leave_out=(), lo=0, hi=40, most=True) -> int | None:
        """The largest (or smallest) value of ``term`` over turns, by a binary search."""
        ok, model = self.check(extra, leave_out)
        if not ok:
            return None
        value = model(term)
        if most:
            lo = value
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if self.check(list(extra) + [term >= mid], leave_out)[0]:
                    lo = mid
                else:
                    hi = mid - 1
            return lo
        hi = value
        while lo < hi:
            mid = (lo + hi) // 2
            if self.check(list(extra) + [term <= mid], leave_out)[0]:
                hi = mid
            else:
                lo = mid + 1
        return lo
