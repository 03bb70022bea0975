"""Every way to put albany cards down, by one sweep over the ranks (A-SET, A-SCORE).

Once the start of the turn is fixed (``albany.py``), what is left to decide is
where each free card goes: onto a set already placed (the side's sets, and
the sets the pickup or the goal force), into new sets, or back to the hand.
A natural can end in a group of its rank or in a sequence of its suit, so
groups and sequences are decided together, rank by rank from the lowest:

- per suit, the sequences "open" at this rank either take a card here (a
  natural of the rank and suit, or a wild card standing for it) or close;
  new sequences start here;
- then the naturals of this rank that no sequence took go into groups of the
  rank (new ones, or the placed ones), or stay in the hand.

Wild cards are undeclared (A-SET), so a sequence is legal when *some* place
for each wild card fits; the sweep tries the places one by one. Only one
placement per sequence needs finding: the one with its window as high as it
goes, so a sequence starts with a wild card only when it runs up to the ace
(a run flagged ``top``, which may not close early).

What a set must hold (the fewest cards and naturals, the most wild cards, whether
wild cards may outnumber naturals) is the rules data's ``meld`` section, read once
into a ``Shape``; nothing here assumes the standard table's numbers.

The state between ranks counts only what the end of the turn asks about:
wild cards used, canastas (capped at what going out needs), cards kept
(capped at two: one kept card is the going-out discard, two mean the turn
goes on), whether a new set is down, and per suit the open sequences:
``(tag, length, naturals, wilds, top)``, length capped at a canasta's,
naturals at what the shape asks of them (the least a sequence holds, or as
many as its wild cards may reach when they may not outnumber naturals). For
each state the most first-meld points are kept, with a back-pointer, so
``best`` is exact and the witness can be rebuilt. Wild-card sets and stopper sets (Deluxe option 1) touch no rank,
so they are added at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..errors import SolverLimitError
from ..search_budget import current

SUITS = "SHDC"
CAP_KEPT = 2
#: The sweep keeps every layer (to rebuild the witness) and the moves it has worked out; past
#: this many states and moves in all it gives up
#: (``SolverLimitError``) instead of filling memory: a few wild cards beside many open sequences
#: can make tens of millions of states, which would take gigabytes (600,000 take about 200 MB).
MAX_STATES = 600_000


@dataclass(frozen=True)
class Shape:
    """What a group or a sequence must hold, as the rules data's ``meld`` section says."""

    min_cards: int
    min_naturals: int
    max_wilds: int | None          # None: no cap
    at_most_naturals: bool         # wild cards may never outnumber naturals
    groups: bool                   # when groups are played, one natural and wild cards make a group

    @classmethod
    def of(cls, rules) -> "Shape":
        m = rules["meld"]
        return cls(m["min_cards"], m["min_naturals"], rules.max_wilds(), bool(m.get("wilds_at_most_naturals")),
                   bool(m.get("groups", True)))

    @property
    def group_naturals(self) -> int:
        """The fewest naturals of a group: it has a rank, so one at least."""
        return max(1, self.min_naturals)

    @property
    def run_naturals(self) -> int:
        """The fewest naturals of a sequence: with groups played, a single natural among wild
        cards is a group, so a sequence holds two of distinct ranks."""
        return max(2 if self.groups else 1, self.min_naturals)

    def wilds_on(self, naturals: int, most: int) -> int:
        """The most wild cards a set of ``naturals`` naturals may hold, of ``most`` to hand."""
        cap = most if self.max_wilds is None else min(self.max_wilds, most)
        return min(cap, naturals) if self.at_most_naturals else cap

    def holds(self, naturals: int, wilds: int, least_naturals: int) -> bool:
        return (naturals >= least_naturals and naturals + wilds >= self.min_cards
                and wilds <= self.wilds_on(naturals, wilds))


@dataclass
class PlacedGroup:
    index: int      # position in the configuration's placed sets
    rank: str
    naturals: int
    wilds: int
    size: int


@dataclass
class PlacedRun:
    index: int
    suit: str
    orders: frozenset   # the orders of its naturals (distinct)
    wilds: int
    new: bool


@dataclass
class PlacedPlain:
    """A wild-card set, or a stopper set (key: its rank)."""

    index: int
    key: str
    size: int


@dataclass
class Problem:
    """The free cards by class and the sets they may join."""

    ranks: list                 # (rank, order) of the sweep, lowest first
    seq_low: int
    seq_high: int
    copies: dict                # (order, suit) -> free naturals
    own: dict                   # (order, suit) -> how many of those count toward first-meld points
    values: dict                # order -> card value
    wilds: int                  # free wild cards
    wild_points: list           # points of the first t free wild cards melded
    stoppers: dict              # meldable stopper rank -> list of points of each free red copy, best first
    fixed_kept: int             # cards that can only be kept: unknown cards, stoppers never melded
    shape: Shape                # what a group or a sequence must hold
    groups: dict = field(default_factory=dict)   # rank -> [PlacedGroup]
    runs: dict = field(default_factory=dict)     # suit -> [PlacedRun]
    wild_sets: list = field(default_factory=list)     # [PlacedPlain]
    stopper_sets: dict = field(default_factory=dict)  # rank -> [PlacedPlain]
    need: int = 0               # canastas that going out needs
    new_down: bool = False      # a new set is already placed (the pickup's, the goal's)
    canasta: int = 7
    sequences: bool = True      # may new sequences start (the rules' ``meld.sequences``)
    wild_sets_new: bool = True  # may a new wild-card set be made (the rules' ``wild_meld.allowed``)
    wild_min: int = 3           # the fewest cards of a wild-card set (``wild_meld.min_cards``)
    stopper_min: int = 3        # the fewest cards of a set of stoppers (``stopper_meld.min_cards``)
    most_kept: int = CAP_KEPT   # 1 when the turn must go out: a state keeping two is dropped at once

    @property
    def long(self) -> int:
        """How far a sequence's length is counted: to a canasta, or, when canastas cannot
        matter (the turn cannot go out), only to the cards a set needs."""
        return max(self.canasta, self.shape.min_cards) if self.need else self.shape.min_cards

    @property
    def wild_cap(self) -> int:
        """The most wild cards one sequence may come to hold (with no cap: every one in play)."""
        if self.shape.max_wilds is not None:
            return self.shape.max_wilds
        return self.wilds + max((r.wilds for runs in self.runs.values() for r in runs), default=0)

    @property
    def natural_cap(self) -> int:
        """How far a sequence's naturals are counted: to the least it needs, or, when wild cards
        may not outnumber naturals, to as many as its wild cards may reach."""
        return max(self.shape.run_naturals, self.wild_cap if self.shape.at_most_naturals else 0)


# -- groups of one rank ---------------------------------------------------------------
def _first_parts(naturals: int, wilds: int, shape: Shape):
    """(n, w): the first new group of a split of these cards, each a legal group; the naturals
    left over are none, or enough for another group."""
    least = shape.group_naturals
    for n in range(least, naturals + 1):
        if 0 < naturals - n < least:
            continue  # too few naturals left over to make a group
        for w in range(0, shape.wilds_on(n, wilds) + 1):
            if n + w >= shape.min_cards:
                yield n, w


@lru_cache(maxsize=None)
def new_groups(naturals: int, wilds: int, canasta: int, shape: Shape) -> int | None:
    """Most canastas from new groups holding exactly these cards (each a legal group of the
    shape); None if they cannot all go into groups."""
    if naturals == 0:
        return 0 if wilds == 0 else None
    current().spend(naturals)
    best = None
    for n, w in _first_parts(naturals, wilds, shape):
        rest = new_groups(naturals - n, wilds - w, canasta, shape)
        if rest is not None:
            got = rest + (n + w >= canasta)
            best = got if best is None else max(best, got)
    return best


def group_split(naturals: int, wilds: int, canasta: int, shape: Shape) -> list[tuple[int, int]]:
    """The parts of the best ``new_groups`` split, for the witness."""
    parts = []
    while naturals:
        target = new_groups(naturals, wilds, canasta, shape)
        for n, w in _first_parts(naturals, wilds, shape):
            rest = new_groups(naturals - n, wilds - w, canasta, shape)
            if rest is not None and rest + (n + w >= canasta) == target:
                parts.append((n, w))
                naturals, wilds = naturals - n, wilds - w
                break
    return parts


def group_plans(placed: list[PlacedGroup], naturals: int, budget: int, canasta: int, shape: Shape) -> list[tuple]:
    """Ways the groups of one rank take ``g`` of its free naturals and ``b`` wild cards:
    (g, b, canastas, new set made, plan); plan = (additions per placed group, new part sizes)."""
    out: dict[tuple, tuple] = {}
    steps = current()
    steps.deep(max(len(placed), naturals // 2))  # one level per placed set, per new group

    def rec(i, nat_left, wild_left, adds, canastas):
        steps.spend()
        if i < len(placed):
            p = placed[i]
            for a in range(0, nat_left + 1):
                for b in range(0, max(0, shape.wilds_on(p.naturals + a, p.wilds + wild_left) - p.wilds) + 1):
                    size = p.size + a + b
                    if not shape.holds(p.naturals + a, p.wilds + b, shape.group_naturals) or size < shape.min_cards:
                        continue  # a placed set must end legal (the goal's may start short)
                    rec(i + 1, nat_left - a, wild_left - b, adds + ((a, b),), canastas + (size >= canasta))
            return
        used_n, used_w = naturals - nat_left, budget - wild_left
        for g in range(0, nat_left + 1):
            steps.spend(wild_left + 1)
            for w in range(0, wild_left + 1):
                more = new_groups(g, w, canasta, shape)
                if more is None:
                    continue
                key = (used_n + g, used_w + w, g > 0)
                total = canastas + more
                if key not in out or total > out[key][2]:
                    out[key] = (used_n + g, used_w + w, total, g > 0, (adds, (g, w)))

    rec(0, naturals, budget, (), 0)
    return list(out.values())


# -- the end: wild-card sets and stopper sets ---------------------------------------
def wild_plans(placed: list[PlacedPlain], free: int, canasta: int, new: bool = True, least: int = 3) -> list[tuple]:
    """(wilds used, canastas, new set made, plan) for the wild-card sets (A-SET: ``least``+ wild cards);
    ``new``: may new ones be made, or only the placed ones grow. New canastas hold ``canasta`` cards
    each, or ``least`` where a wild-card set needs more."""
    big = max(canasta, least)
    out: dict[tuple, tuple] = {}
    steps = current()
    steps.deep(len(placed))

    def rec(i, left, adds, canastas):
        steps.spend(left + 1)
        if i < len(placed):
            p = placed[i]
            for x in range(0, left + 1):
                if p.size + x < least:
                    continue
                rec(i + 1, left - x, adds + (x,), canastas + (p.size + x >= canasta))
            return
        for t in range(0, left + 1 if new else 1):
            if 0 < t < least:
                continue
            parts = t // big if t >= big else (1 if t else 0)
            got = canastas + (t // big)
            key = (free - left + t, t > 0)
            if key not in out or got > out[key][1]:
                out[key] = (free - left + t, got, t > 0, (adds, t, parts))

    rec(0, free, (), 0)
    return list(out.values())


def stopper_plans(problem: Problem) -> list[tuple]:
    """(stoppers melded, canastas, new set made, points, plan) for Deluxe option 1's stopper sets."""
    options = [(0, 0, False, 0, ())]
    steps = current()
    for rank, worth in problem.stoppers.items():
        placed = problem.stopper_sets.get(rank, [])
        nxt = []
        for x in range(0, len(worth) + 1):
            for split in _stopper_splits(placed, x, problem.canasta, problem.stopper_min):
                canastas, new, plan = split
                pts = sum(worth[:x])
                steps.spend(len(options))
                for used, c, m, p, pl in options:
                    nxt.append((used + x, c + canastas, m or new, p + pts, pl + ((rank, x, plan),)))
        options = nxt
    return options


def _stopper_splits(placed: list[PlacedPlain], x: int, canasta: int, least: int = 3):
    """Ways ``x`` red stoppers of a rank go onto its placed sets and into a new set of ``least``+."""
    steps = current()
    steps.deep(len(placed))

    def rec(i, left, adds, canastas):
        steps.spend()
        if i < len(placed):
            p = placed[i]
            for a in range(0, left + 1):
                if p.size + a >= least:
                    yield from rec(i + 1, left - a, adds + (a,), canastas + (p.size + a >= canasta))
            return
        if left == 0 or left >= least:
            yield canastas + (left >= canasta), left > 0, (adds, left)

    yield from rec(0, x, (), 0)


# -- the sweep ------------------------------------------------------------------------
class Sweep:
    """The layered search over ranks; ``finals()`` gives the reachable end states."""

    def __init__(self, problem: Problem):
        self.p = problem
        self.layers: list[dict] = []
        self.steps: list[tuple] = []   # what each layer decides: ("suit", order, suit) / ("groups", order) / ("close",)
        self._plans: dict = {}
        self._moves: dict = {}
        self._tops: dict = {}
        self.budget = current()  # the question's: every move tried and state made is a step
        self.wild_cap, self.natural_cap = problem.wild_cap, problem.natural_cap

    # the runs of one suit at one rank
    def _suit_moves(self, runs: tuple, order: int, suit: str, copies: int, room: int):
        p = self.p
        placed = {r.index: r for r in p.runs.get(suit, [])}
        in_range = p.sequences and p.seq_low <= order <= p.seq_high
        cap, wcap, ncap = p.long, self.wild_cap, self.natural_cap
        closes = self._closes
        out = []
        budget = self.budget
        budget.deep(len(runs))  # one level per open sequence

        def rec(i, acc, used, cost, canastas, new, acts):
            budget.spend()
            if i == len(runs):
                starts(acc, used, cost, canastas, new, acts)
                return
            tag, length, nats, wilds, top = runs[i]
            if tag < 0:
                if in_range and used < copies:
                    rec(i + 1, acc + ((tag, min(length + 1, cap), min(nats + 1, ncap), wilds, top),),
                        used + 1, cost, canastas, new, acts + ("n",))
                if in_range and wilds < wcap and cost < room:
                    rec(i + 1, acc + ((tag, min(length + 1, cap), nats, wilds + 1, top),),
                        used, cost + 1, canastas, new, acts + ("w",))
                if not top and closes(length, nats, wilds):
                    rec(i + 1, acc, used, cost, canastas + (length >= p.canasta), True, acts + ("x",))
                return
            run = placed[tag]
            own = order in run.orders
            pay = 0 if wilds < run.wilds else 1
            if length == 0:  # not started yet
                if own:
                    rec(i + 1, acc + ((tag, 1, 1, 0, False),), used, cost, canastas, new, acts + ("p",))
                    return
                rec(i + 1, acc + (runs[i],), used, cost, canastas, new, acts + ("s",))
                if in_range and used < copies:
                    rec(i + 1, acc + ((tag, 1, 1, 0, False),), used + 1, cost, canastas, new, acts + ("n",))
                if in_range and cost + pay <= room and self._reaches_top(suit, order, run):
                    rec(i + 1, acc + ((tag, 1, 0, 1, True),), used, cost + pay, canastas, new, acts + ("w",))
                return
            if own:
                rec(i + 1, acc + ((tag, min(length + 1, cap), min(nats + 1, ncap), wilds, top),),
                    used, cost, canastas, new, acts + ("p",))
                return
            if in_range and used < copies:
                rec(i + 1, acc + ((tag, min(length + 1, cap), min(nats + 1, ncap), wilds, top),),
                    used + 1, cost, canastas, new, acts + ("n",))
            if in_range and wilds < wcap and cost + pay <= room:
                rec(i + 1, acc + ((tag, min(length + 1, cap), nats, wilds + 1, top),),
                    used, cost + pay, canastas, new, acts + ("w",))
            if not top and order > max(run.orders) and closes(length, nats, wilds) and wilds >= run.wilds:
                rec(i + 1, acc, used, cost, canastas + (length >= p.canasta), new or run.new, acts + ("x",))

        def starts(acc, used, cost, canastas, new, acts):
            if not in_range:
                out.append((tuple(sorted(acc)), used, cost, canastas, new, (acts, 0, 0)))
                return
            wild_starts = [0]
            if self._reaches_top(suit, order, None):
                wild_starts = range(0, min(room - cost, 2) + 1)
            for k in range(0, copies - used + 1):
                budget.spend(len(wild_starts))
                for kw in wild_starts:
                    more = ((-1, 1, 1, 0, False),) * k + ((-1, 1, 0, 1, True),) * kw
                    out.append((tuple(sorted(acc + more)), used + k, cost + kw, canastas, new, (acts, k, kw)))

        rec(0, (), 0, 0, 0, False, ())
        return out

    def _closes(self, length: int, nats: int, wilds: int) -> bool:
        """May a sequence of this length, naturals and wild cards end here (it is a legal set)?"""
        shape = self.p.shape
        return (length >= shape.min_cards and nats >= shape.run_naturals
                and (not shape.at_most_naturals or wilds <= nats))

    def _reaches_top(self, suit: str, order: int, run: PlacedRun | None) -> bool:
        """Can a sequence holding this rank by a wild card still run up to the ace with the wild
        cards it may still take, and hold the naturals it needs? (Only then may it start with a
        wild card.)"""
        key = (suit, order, None if run is None else run.index)
        if key not in self._tops:
            p = self.p
            held = sum(1 for o in range(order + 1, p.seq_high + 1)
                       if p.copies.get((o, suit), 0) or (run is not None and o in run.orders))
            self._tops[key] = p.seq_high - order - held <= self.wild_cap - 1 and held >= p.shape.run_naturals
        return self._tops[key]

    def run(self) -> dict:
        p = self.p
        runs0 = tuple(tuple(sorted((r.index, 0, 0, 0, False) for r in p.runs.get(s, []))) for s in SUITS)
        start = (runs0, 0, 0, min(p.fixed_kept, CAP_KEPT), p.new_down, 0, 0)
        if start[3] > p.most_kept:
            self.layers = [{}]
            return {}
        layer = {start: (0, None, None)}
        self.layers = [layer]
        self.states = 1
        for rank, order in p.ranks:
            for si, suit in enumerate(SUITS):
                copies = p.copies.get((order, suit), 0)
                own = p.own.get((order, suit), 0)
                if not copies and not layer_has_runs(layer, si) and not self._reaches_top(suit, order, None):
                    continue
                layer = self._prune(self._suit_layer(layer, order, si, suit, copies, own))
                self.steps.append(("suit", order, suit))
                self._keep(layer)
            layer = self._prune(self._group_layer(layer, rank, order))
            self.steps.append(("groups", order))
            self._keep(layer)
        layer = self._close_layer(layer)
        self.steps.append(("close",))
        self.layers.append(layer)
        return layer

    def _keep(self, layer: dict) -> None:
        self.layers.append(layer)
        self.states += len(layer)
        if self.states > MAX_STATES:
            raise _too_many()

    def _prune(self, layer: dict) -> dict:
        """Drop the states another one dominates, when the turn cannot go out.

        Then the end of the turn only asks that two cards or more stay in the hand, so a
        state that used no more wild cards, keeps no fewer cards and scored no less (its
        wild cards counted as they went down: a later wild card is never worth more) does
        at least as well in every way the turn can go on.
        """
        if self.p.need or self.p.most_kept < CAP_KEPT or len(layer) < 64:
            return layer
        fronts: dict = {}
        for state, entry in layer.items():
            runs, w, c, k, m, n, s = state
            fronts.setdefault((runs, c, m, n, s), []).append((w, -k, -entry[0], state))
        kept = {}
        for cands in fronts.values():
            cands.sort()
            front = []
            for w, nk, nv, state in cands:
                if any(fk <= nk and fv <= nv for fk, fv in front):
                    continue
                front.append((nk, nv))
                kept[state] = layer[state]
        return kept

    def _suit_layer(self, layer, order, si, suit, copies, own):
        nxt: dict = {}
        value = self.p.values.get(order, 0)
        wp = self.p.wild_points
        for state, (points, _, _) in layer.items():
            runs, w, c, k, m, n, s = state
            key = (runs[si], order, suit, self.p.wilds - w)
            moves = self._moves.get(key)
            if moves is None:
                moves = self._moves[key] = self._suit_moves(runs[si], order, suit, copies, self.p.wilds - w)
                self.states += len(moves)  # kept too: they count toward the memory limit
            self.budget.spend(len(moves))
            for new_runs, used, cost, canastas, new, decision in moves:
                all_runs = runs[:si] + (new_runs,) + runs[si + 1:]
                ns = (all_runs, w + cost, min(c + canastas, self.p.need), k, m or new,
                      n + copies - used, s + max(0, own - used))
                nv = points + value * min(used, own) + wp[w + cost] - wp[w]
                old = nxt.get(ns)
                if old is None or nv > old[0]:
                    nxt[ns] = (nv, state, decision)
            if len(nxt) + self.states > MAX_STATES:  # one layer alone can outgrow memory
                raise _too_many()
        return nxt

    def _group_layer(self, layer, rank, order):
        nxt: dict = {}
        value = self.p.values.get(order, 0)
        wp = self.p.wild_points
        placed = self.p.groups.get(rank, [])
        for state, (points, _, _) in layer.items():
            runs, w, c, k, m, n, s = state
            budget = self.p.wilds - w
            key = (rank, n, budget)
            if key not in self._plans:
                self._plans[key] = group_plans(placed, n, budget, self.p.canasta, self.p.shape)
            self.budget.spend(len(self._plans[key]))
            for g, b, canastas, new, plan in self._plans[key]:
                if min(k + n - g, CAP_KEPT) > self.p.most_kept:
                    continue
                ns = (runs, w + b, min(c + canastas, self.p.need), min(k + n - g, CAP_KEPT), m or new, 0, 0)
                nv = points + value * min(g, s) + wp[w + b] - wp[w]
                old = nxt.get(ns)
                if old is None or nv > old[0]:
                    nxt[ns] = (nv, state, (g, b, plan))
        return nxt

    def _close_layer(self, layer):
        """After the ace every open sequence ends; a placed one never started cannot be legal."""
        nxt: dict = {}
        self.budget.spend(len(layer))
        for state, (points, _, _) in layer.items():
            runs, w, c, k, m, n, s = state
            canastas, new, ok = 0, m, True
            for suit_runs, suit in zip(runs, SUITS):
                placed = {r.index: r for r in self.p.runs.get(suit, [])}
                for tag, length, nats, wilds, top in suit_runs:
                    if not self._closes(length, nats, wilds) or (tag >= 0 and wilds < placed[tag].wilds):
                        ok = False
                        break
                    canastas += length >= self.p.canasta
                    new = new or tag < 0 or placed[tag].new
                if not ok:
                    break
            if not ok:
                continue
            ns = ((), w, min(c + canastas, self.p.need), k, new, 0, 0)
            old = nxt.get(ns)
            if old is None or points > old[0]:
                nxt[ns] = (points, state, None)
        return nxt

    def path(self, final) -> list:
        """The states from the start to ``final``, one per layer, with each layer's decision."""
        out = []
        state = final
        for layer in reversed(self.layers[1:]):
            value, prev, decision = layer[state]
            out.append((prev, decision, state))
            state = prev
        out.reverse()
        return out


def _too_many() -> SolverLimitError:
    return current().exhausted(f"its search stops at {MAX_STATES:,} states")


def layer_has_runs(layer: dict, si: int) -> bool:
    return any(state[0][si] for state in layer)
