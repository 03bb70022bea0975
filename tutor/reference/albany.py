"""The reference decider for albany: every turn, start by start, set by set.

Written from the rulings (A-SET, A-STOPPER, A-DRAW, A-GOOUT, A-DEAL, A-DELUXE)
and the variant data; only the shape of one set is the shared judge's.

A turn is searched in three steps:

1. how it starts (``pickups.fanned_starts``): no pickup, the top card alone
   (a), the whole pile for a top card used at once (b), or a deeper card with
   all above it (c). A start fixes the cards that join the hand and the set
   that must go down at once;
2. the sets the turn must touch are *placed* before the search: the side's
   sets, the pickup's set, and the goal's meld or lay-off (``Goal.include``).
   A placed set only grows; its final shape is judged at the end;
3. every free card then goes onto a placed set, into a new set or stays in
   the hand (``sweep``), and the end of the turn is judged: two cards kept or
   more is an ordinary turn with a discard; one or none is going out, which
   needs the table's canastas (A-DEAL, one fewer with Deluxe option 5) and
   fewer than two stoppers held after the draw (A-STOPPER); the final discard
   is optional (A-GOOUT).

Combining sets and exchanging a joker (A-COMBINE) come after the start and
before the rest: ``combine`` walks the tables they reach and asks this search
about each, from ``drawn``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from ..cards import RANK_ORDER, Card
from ..errors import IllegalPlayError
from ..goals import Goal
from ..melds import GROUP, SEQUENCE, STOPPERS, WILD, judge
from ..play import DISCARD, LAYOFF, MELD, Action
from ..search_budget import current
from ..spot import Spot
from .pickups import FannedStart, fanned_starts
from .sweep import (SUITS, PlacedGroup, PlacedPlain, PlacedRun, Problem, Shape, Sweep, group_split,
                    stopper_plans, wild_plans)


@dataclass
class Placed:
    """A set the turn must end with: one of the side's, the pickup's, or the goal's."""

    kind: str
    key: str
    cards: Counter              # what it holds before the free cards are added
    table: int | None = None    # 0-based index among the side's sets; None for a new set
    first: tuple = ()           # the cards of the turn's first step, when it is this set's


@dataclass
class Albany:
    """One legal turn, ready to be played and re-checked."""

    actions: tuple[Action, ...]
    points: int
    went_out: bool


@dataclass
class Config:
    start: FannedStart
    free: Counter               # the cards the sweep may place
    placed: list[Placed]
    own: Counter                # cards whose values count toward first-meld points
    stoppers_held: int          # stoppers in the hand after the draw (A-STOPPER)
    pre: Counter = field(default_factory=Counter)   # cards put down before the sweep


# -- the shapes of placed sets ---------------------------------------------------------
def _shape(rules, cards: Counter, kind: str, key: str) -> bool:
    """Can a set holding at least these cards still be a legal set of this kind and key?"""
    cards = list(cards.elements())
    nats = [c for c in cards if rules.role(c) == "natural"]
    wilds = [c for c in cards if rules.role(c) == "wild"]
    stoppers = [c for c in cards if rules.role(c) == "stopper"]
    if len(nats) + len(wilds) + len(stoppers) < len(cards):
        return False
    if kind == WILD:
        return not nats and not stoppers and bool(rules["wild_meld"].get("allowed"))
    if kind == STOPPERS:
        return (not nats and not wilds and bool(rules["stopper_meld"].get("allowed"))
                and all(c.rank == key and c.is_red for c in stoppers))
    cap = rules.max_wilds()
    if stoppers or (cap is not None and len(wilds) > cap) or any(c.rank not in rules.natural_ranks for c in nats):
        return False
    if kind == GROUP:
        return all(c.rank == key for c in nats)
    if not rules["meld"].get("sequences"):
        return False  # a table that plays groups only (a house file)
    low, high = _span(rules)
    orders = [c.order for c in nats]
    return (all(c.suit == key for c in nats) and len(set(orders)) == len(orders)
            and all(low <= o <= high for o in orders))


def _span(rules) -> tuple[int, int]:
    m = rules["meld"]
    return RANK_ORDER[m.get("sequence_low", "4")], RANK_ORDER[m.get("sequence_high", "A")]


def _kinds_for(rules, cards: Counter) -> list[tuple[str, str]]:
    """The kinds of set a new set holding these cards could be."""
    items = list(cards.elements())
    nats = [c for c in items if rules.role(c) == "natural"]
    wilds = [c for c in items if rules.role(c) == "wild"]
    stoppers = [c for c in items if rules.role(c) == "stopper"]
    out = []
    if stoppers:
        out.append((STOPPERS, stoppers[0].rank))
    elif nats:
        out += [(GROUP, nats[0].rank), (SEQUENCE, nats[0].suit)]
    else:
        out.append((WILD, ""))
        if rules.max_wilds() is None or len(wilds) <= rules.max_wilds():
            out += [(GROUP, r) for r in rules.natural_ranks] + [(SEQUENCE, s) for s in SUITS]
    return [k for k in out if _shape(rules, cards, *k)]


def _judged(rules, cards) -> tuple[str, str]:
    j = judge(rules, tuple(cards))
    return j.kind, j.key


# -- configurations: a start, and the sets placed before the sweep ---------------------
def configs(spot: Spot, goal: Goal, start: FannedStart):
    rules = spot.rules
    placed = [Placed(*_judged(rules, m), Counter(m), i) for i, m in enumerate(spot.melds)]
    pool = Counter(spot.hand) + Counter(start.taken)
    own = Counter(spot.hand)
    if start.lead is not None:
        own[start.lead] += 1  # the card put down at once counts as the player's own
    held = sum(n for c, n in pool.items() if rules.role(c) == "stopper")
    if Counter(start.named) - pool:
        return
    pool -= Counter(start.named)
    forced = None
    if start.lead is not None:
        first = (start.lead,) + tuple(start.named)
        if start.onto is not None:
            p = placed[start.onto]
            placed[start.onto] = replace(p, cards=p.cards + Counter(first), first=first)
        else:
            placed.append(Placed(*_judged(rules, first), Counter(first), None, first))
            forced = len(placed) - 1
    base = Config(start, pool, placed, own, held)
    choice = goal.include
    if choice is None or not choice.cards:
        if choice is not None and choice.kind == "layoff" and not 1 <= (choice.to or 0) <= len(spot.melds):
            return
        if choice is not None and choice.kind == "meld":
            goal = replace(goal, must_meld=True)
        yield base, goal
        return
    need = Counter(choice.cards)
    if choice.kind == "layoff":
        if not 1 <= (choice.to or 0) <= len(spot.melds):
            return
        j = choice.to - 1
        p = placed[j]
        added = p.cards - Counter(spot.melds[j])
        extra = need - added
        cards = p.cards + extra
        if not extra - pool and _shape(rules, cards, p.kind, p.key):
            yield _with(base, j, replace(p, cards=cards), extra), goal
        return
    if forced is not None:  # the goal's meld may be the pickup's set itself
        p = placed[forced]
        extra = need - p.cards
        cards = p.cards + extra
        if not extra - pool and _shape(rules, cards, p.kind, p.key):
            yield _with(base, forced, replace(p, cards=cards), extra), goal
    if not need - pool:
        for kind, key in _kinds_for(rules, need):
            extra_set = Placed(kind, key, need.copy(), None)
            cfg = replace(base, placed=base.placed + [extra_set], free=base.free - need)
            yield cfg, goal


def _with(base: Config, index: int, p: Placed, extra: Counter) -> Config:
    placed = list(base.placed)
    placed[index] = p
    return replace(base, placed=placed, free=base.free - extra)


# -- from a configuration to the sweep's problem --------------------------------------
def problem_of(spot: Spot, cfg: Config, goal_out: bool = False) -> tuple[Problem, dict]:
    rules = spot.rules
    canasta = rules["canasta"]["min_cards"]
    low, high = _span(rules)
    put = Counter()  # cards put down before the sweep (the placed sets' new cards)
    for p in cfg.placed:
        put += p.cards - (Counter(spot.melds[p.table]) if p.table is not None else Counter())
    own_left = Counter({c: max(0, n - put[c]) for c, n in cfg.own.items()})
    pre_points = sum(rules.value(c) * min(n, cfg.own[c]) for c, n in put.items())
    copies, own, values = {}, {}, {}
    wilds: list[tuple[int, Card]] = []
    stoppers: dict[str, list[tuple[int, Card]]] = {}
    fixed_kept = 0
    meld_stoppers = bool(rules["stopper_meld"].get("allowed"))
    for card, n in cfg.free.items():
        role = rules.role(card)
        mine = min(n, own_left[card])
        if role == "natural" and card.rank in rules.natural_ranks:
            copies[(card.order, card.suit)] = n
            own[(card.order, card.suit)] = mine
            values[card.order] = rules.value(card)
        elif role == "wild":
            wilds += [(rules.value(card) if i < mine else 0, card) for i in range(n)]
        elif role == "stopper" and meld_stoppers and card.is_red:
            stoppers.setdefault(card.rank, []).extend(
                (rules.value(card) if i < mine else 0, card) for i in range(n))
        else:
            fixed_kept += n
    shape = Shape.of(rules)
    fixed_kept += _strand(copies, own, len(wilds), cfg.placed, rules, shape)
    stopper_ranks = {p.key for p in cfg.placed if p.kind == STOPPERS}
    stopper_min = rules["stopper_meld"]["min_cards"]
    for rank in [r for r, cards in stoppers.items() if len(cards) < stopper_min and r not in stopper_ranks]:
        fixed_kept += len(stoppers.pop(rank))  # too few red stoppers make no set (Deluxe option 1)
    wilds.sort(key=lambda x: -x[0])
    for worth in stoppers.values():
        worth.sort(key=lambda x: -x[0])
    wild_points = [0]
    for v, _ in wilds:
        wild_points.append(wild_points[-1] + v)
    ranks = sorted({r for r in rules.natural_ranks}, key=RANK_ORDER.get)
    for r in ranks:
        values.setdefault(RANK_ORDER[r], 0)
    prob = Problem(ranks=[(r, RANK_ORDER[r]) for r in ranks], seq_low=low, seq_high=high, copies=copies, own=own,
                   values=values, wilds=len(wilds), wild_points=wild_points,
                   stoppers={r: [v for v, _ in w] for r, w in stoppers.items()}, fixed_kept=fixed_kept, shape=shape,
                   need=rules.canastas_to_go_out, canasta=canasta,
                   sequences=bool(rules["meld"].get("sequences")),
                   wild_sets_new=bool(rules["wild_meld"].get("allowed")),
                   wild_min=rules["wild_meld"].get("min_cards", rules["meld"]["min_cards"]), stopper_min=stopper_min)
    if goal_out:
        prob.most_kept = 1
    go = rules["go_out"]
    if (go.get("stoppers_block") and cfg.stoppers_held >= go["stoppers_block"]) or prob.fixed_kept >= 2:
        prob.need = 0  # this turn cannot go out (A-STOPPER, or two cards no set takes): canastas no longer matter
    for i, p in enumerate(cfg.placed):
        items = list(p.cards.elements())
        nats = [c for c in items if rules.role(c) == "natural"]
        nw = len(items) - len(nats)
        if p.kind == GROUP:
            prob.groups.setdefault(p.key, []).append(PlacedGroup(i, p.key, len(nats), nw, len(items)))
        elif p.kind == SEQUENCE:
            prob.runs.setdefault(p.key, []).append(PlacedRun(i, p.key, frozenset(c.order for c in nats), nw,
                                                             p.table is None))
        elif p.kind == WILD:
            prob.wild_sets.append(PlacedPlain(i, "", len(items)))
        else:
            prob.stopper_sets.setdefault(p.key, []).append(PlacedPlain(i, p.key, len(items)))
            prob.stoppers.setdefault(p.key, [])
        if p.table is None:
            prob.new_down = True
    extra = {"pre_points": pre_points, "wilds": [c for _, c in wilds],
             "stoppers": {r: [c for _, c in w] for r, w in stoppers.items()}}
    return prob, extra


def _strand(copies: dict, own: dict, wilds: int, placed: list[Placed], rules, shape: Shape) -> int:
    """Take out of the sweep the naturals no set could ever hold; they are kept. Returns how many.

    A natural can join a set only if a placed set of its rank or suit could take it, or the
    free cards could make a group with it (enough naturals of its rank, and wild cards for
    the rest of the set) or a sequence with it (a stretch of its suit's free naturals around
    it whose gaps, and whatever length it lacks, the wild cards can fill). Taking cards out
    can strand others, so this runs to a fixpoint.
    """
    ranks = {p.key for p in placed if p.kind == GROUP}
    suits = {p.key for p in placed if p.kind == SEQUENCE}
    span = _span(rules) if rules["meld"].get("sequences") else None
    removed = 0
    changed = True
    while changed:
        changed = False
        by_rank: dict[int, int] = {}
        for (o, _), n in copies.items():
            by_rank[o] = by_rank.get(o, 0) + n
        for (o, suit), n in list(copies.items()):
            rank = next(r for r in rules.natural_ranks if RANK_ORDER[r] == o)
            if rank in ranks or suit in suits:
                continue
            count = by_rank[o]
            if count >= shape.group_naturals and count + shape.wilds_on(count, wilds) >= shape.min_cards:
                continue
            if span is not None and _could_run(o, sorted({q for q, t in copies if t == suit}), wilds, shape, span):
                continue
            removed += n
            del copies[(o, suit)]
            own.pop((o, suit), None)
            changed = True
    return removed


def _could_run(order: int, orders: list[int], wilds: int, shape: Shape, span: tuple[int, int]) -> bool:
    """Could a sequence hold the natural of ``order``, made of some of a suit's free naturals
    (``orders``, distinct and sorted) and ``wilds`` wild cards? Any sequence's naturals lie in
    one stretch of ``orders``; the whole stretch holds no fewer and leaves no more gaps."""
    low, high = span
    if not low <= order <= high:
        return False
    orders = [q for q in orders if low <= q <= high]
    at = orders.index(order)
    for i in range(at + 1):
        for j in range(at, len(orders)):
            held = j - i + 1
            room = shape.wilds_on(held, wilds)
            gaps = orders[j] - orders[i] + 1 - held
            if held >= shape.run_naturals and gaps <= room and min(held + room, high - low + 1) >= shape.min_cards:
                return True
    return False


# -- the end of the turn ---------------------------------------------------------------
def ending(spot: Spot, goal: Goal, cfg: Config, kept: int, canastas: int, new: bool):
    """(discard, went out) for a turn that keeps ``kept`` cards (capped at 2), or None (A-GOOUT)."""
    if goal.must_meld and not new:
        return None
    if kept >= 2:
        return None if goal.go_out else (True, False)
    go = spot.rules["go_out"]
    if canastas < spot.rules.canastas_to_go_out:
        return None  # without the table's canastas no one empties his hand
    if kept == 0 and go["final_discard"] == "required":
        return None  # the table's going out ends with a discard: one card stays out of the sets
    if go.get("stoppers_block") and cfg.stoppers_held >= go["stoppers_block"]:
        return None  # A-STOPPER: two stoppers held after the draw
    return (kept == 1, True)


def bound(prob: Problem, extra: dict) -> int:
    """The most first-meld points a configuration could reach: every free card of the player's
    own that some set could take, and every wild card, goes down."""
    naturals = sum(prob.values[o] * n for (o, _), n in prob.own.items())
    return extra["pre_points"] + naturals + prob.wild_points[-1] + sum(sum(v) for v in prob.stoppers.values())


def solve(spot: Spot, goal: Goal, cfg: Config, made=None):
    """The best (or first) legal end of the turn for one configuration: (points, plan) or None."""
    prob, extra = made or problem_of(spot, cfg, goal.go_out)
    if goal.go_out and not prob.need and spot.rules.canastas_to_go_out:
        return None  # this turn cannot go out
    quick = _untouched(spot, goal, cfg, prob, extra)
    if quick is not None and not goal.best:
        return quick
    sweep = Sweep(prob)
    finals = sweep.run()
    stop = stopper_plans(prob)
    red_total = sum(len(v) for v in prob.stoppers.values())
    best = None
    steps = sweep.budget
    for state, (value, _, _) in finals.items():
        _, w, c, k, m, _, _ = state
        rem = prob.wilds - w
        for u, cw, mw, wplan in wild_plans(prob.wild_sets, rem, prob.canasta, prob.wild_sets_new, prob.wild_min):
            steps.spend(len(stop))
            for su, cs, ms, spts, splan in stop:
                kept = min(k + (rem - u) + (red_total - su), 2)  # k holds the cards never melded
                end = ending(spot, goal, cfg, kept, min(c + cw + cs, prob.need), m or mw or ms)
                if end is None:
                    continue
                points = extra["pre_points"] + value + prob.wild_points[w + u] - prob.wild_points[w] + spts
                if best is None or points > best[0]:
                    best = (points, ("sweep", sweep, state, w, u, wplan, splan, end, prob, extra))
                    if not goal.best:
                        return best
    return best


def canastas_within_reach(spot: Spot, cfg: Config) -> int:
    """The most canastas (up to the number going out needs) the sets of one configuration can hold,
    however the turn then ends: the sweep run with the end of the turn set aside."""
    prob, _ = problem_of(spot, cfg, False)
    prob.need = spot.rules.canastas_to_go_out  # counted even where this turn could not go out
    if not prob.need:
        return 0
    stoppers = max((cs for _, cs, *_ in stopper_plans(prob)), default=0)  # red stoppers use no other card
    most = 0
    for state in Sweep(prob).run():
        _, w, c, *_ = state
        for _, cw, *_ in wild_plans(prob.wild_sets, prob.wilds - w, prob.canasta, prob.wild_sets_new, prob.wild_min):
            most = max(most, min(c + cw + stoppers, prob.need))
            if most == prob.need:
                return most
    return most


def _untouched(spot, goal, cfg, prob, extra):
    """The turn that puts down only what it must: every placed set as it is, all else kept."""
    rules = spot.rules
    canastas = 0
    for p in cfg.placed:
        if p.table is None or p.cards != Counter(spot.melds[p.table]):
            try:
                judge(rules, tuple(p.cards.elements()))
            except IllegalPlayError:
                return None
        canastas += sum(p.cards.values()) >= prob.canasta
    kept = min(sum(cfg.free.values()), 2)
    end = ending(spot, goal, cfg, kept, min(canastas, prob.need), prob.new_down)
    if end is None:
        return None
    return extra["pre_points"], ("quick", end)


# -- the search ---------------------------------------------------------------------------
def search(spot: Spot, goal: Goal, pickup) -> Albany | None:
    """A turn meeting ``goal`` (the best one with ``goal.best``), or None when none exists."""
    starts = [s for s in fanned_starts(spot, pickup) if s.picks_up or not goal.take_pile]
    if goal.best:
        return _best(spot, goal, starts)
    for start in starts:
        for cfg, g in configs(spot, goal, start):
            found = solve(spot, g, cfg)
            if found is not None:
                return witness(spot, found, cfg)
    return None


def _best(spot: Spot, goal: Goal, starts) -> Albany | None:
    """Branch and bound over the configurations: the most promising first (``bound``), and
    none searched whose bound the best turn found already reaches."""
    items = []
    steps = current()
    for start in starts:
        for cfg, g in configs(spot, goal, start):
            steps.spend()
            made = problem_of(spot, cfg, g.go_out)
            items.append((-bound(*made), len(items), cfg, g, made))
    items.sort(key=lambda item: item[:2])
    best = None
    for negative, _, cfg, g, made in items:
        if best is not None and -negative <= best[0][0]:
            break
        found = solve(spot, g, cfg, made)
        if found is not None and (best is None or found[0] > best[0][0]):
            best = (found, cfg)
    return None if best is None else witness(spot, *best)


# -- the witness -------------------------------------------------------------------------
class _Run:
    """A sequence as the sweep built it: its cards, and how many wild places it has filled."""

    def __init__(self, tag: int, top: bool = False):
        self.tag, self.cards, self.places, self.wild_places, self.naturals, self.top = tag, [], 0, 0, 0, top

    def key(self, long: int, naturals: int):
        return (self.tag, min(self.places, long), min(self.naturals, naturals), self.wild_places, self.top)


def witness(spot: Spot, found, cfg: Config) -> Albany:
    points, plan = found
    rules = spot.rules
    additions: dict[int, list[Card]] = {i: [] for i in range(len(cfg.placed))}
    new_sets: list[list[Card]] = []
    free = cfg.free.copy()
    if plan[0] == "quick":
        end = plan[1]
    else:
        _, sweep, state, w, u, wplan, splan, end, prob, extra = plan
        wild_cards = list(extra["wilds"][: w + u])
        wild_iter = iter(wild_cards)
        _replay_sweep(spot, sweep, state, cfg, additions, new_sets, free, lambda: next(wild_iter))
        _wild_sets(prob, wplan, additions, new_sets, lambda: next(wild_iter))
        _stopper_sets(prob, splan, extra, additions, new_sets)
        for c in wild_cards:
            free[c] -= 1
        for cards in list(additions.values()) + new_sets:
            for c in cards:
                if rules.role(c) != "wild":
                    free[c] -= 1
    discard, out = end
    actions: list[Action] = [cfg.start.action] if cfg.start.picks_up else []
    later_melds, layoffs = [], []
    first = None
    for i, p in enumerate(cfg.placed):
        base = Counter(spot.melds[p.table]) if p.table is not None else Counter()
        if p.first:
            kind = LAYOFF if p.table is not None else MELD
            first = Action(kind, p.first, p.table + 1 if p.table is not None else None)
        more = list((p.cards - base - Counter(p.first)).elements()) + additions[i]
        if p.table is None and not p.first:
            later_melds.append(Action(MELD, tuple(list(p.cards.elements()) + additions[i])))
        elif more:
            layoffs.append((i, tuple(more)))
    if first is not None:
        actions.append(first)
    new_index = len(spot.melds) + (1 if first is not None and first.kind == MELD else 0)
    for i, more in layoffs:
        p = cfg.placed[i]
        to = p.table + 1 if p.table is not None else new_index
        actions.append(Action(LAYOFF, more, to))
    actions += later_melds
    actions += [Action(MELD, tuple(cards)) for cards in new_sets]
    if discard:
        left = [c for c in free.elements()]
        actions.append(Action(DISCARD, (left[0],)))
    return Albany(tuple(actions), points, out)


def _replay_sweep(spot, sweep: Sweep, final, cfg, additions, new_sets, free, next_wild):
    """Follow the sweep's back-pointers and name the cards of every set it built."""
    rules = spot.rules
    prob = sweep.p
    runs = {s: [] for s in SUITS}
    for r in prob.runs.values():
        for pr in r:
            runs[pr.suit].append(_Run(pr.index))
    key = (lambda run: run.key(prob.long, sweep.natural_cap))
    for s in SUITS:
        runs[s].sort(key=key)
    placed_runs = {pr.index: pr for r in prob.runs.values() for pr in r}
    used_here: dict[str, int] = {}
    done: list[_Run] = []
    for (prev, decision, state), step in zip(sweep.path(final), sweep.steps):
        if step[0] == "suit":
            _, order, suit = step
            rank = next(r for r, o in prob.ranks if o == order)
            acts, k, kw = decision
            current = runs[suit]
            keep = []
            used = 0
            for run, act in zip(current, acts):
                if act == "x":
                    done.append(run)
                    continue
                if act in ("n", "p", "w"):
                    run.places += 1
                    if run.places == 1 and act == "w":
                        run.top = True
                if act == "n":
                    run.cards.append(Card(rank, suit))
                    run.naturals += 1
                    used += 1
                elif act == "p":
                    run.naturals += 1
                elif act == "w":
                    run.wild_places += 1
                    pr = placed_runs.get(run.tag)
                    if pr is None or run.wild_places > pr.wilds:
                        run.cards.append(next_wild())
                keep.append(run)
            for _ in range(k):
                r = _Run(-1)
                r.places, r.naturals, r.cards = 1, 1, [Card(rank, suit)]
                keep.append(r)
                used += 1
            for _ in range(kw):
                r = _Run(-1, top=True)
                r.places, r.wild_places, r.cards = 1, 1, [next_wild()]
                keep.append(r)
            keep.sort(key=key)
            runs[suit] = keep
            used_here[suit] = used
        elif step[0] == "groups":
            _, order = step
            rank = next(r for r, o in prob.ranks if o == order)
            g, b, (adds, (gn, wn)) = decision
            cards = _group_naturals(prob, rank, order, g, used_here)
            used_here = {}
            placed = prob.groups.get(rank, [])
            for pg, (a, bw) in zip(placed, adds):
                additions[pg.index] += cards[:a] + [next_wild() for _ in range(bw)]
                cards = cards[a:]
            for n, w in group_split(gn, wn, prob.canasta, prob.shape):
                new_sets.append(cards[:n] + [next_wild() for _ in range(w)])
                cards = cards[n:]
        else:
            for s in SUITS:
                done.extend(runs[s])
                runs[s] = []
    for run in done:
        if run.tag >= 0:
            additions[run.tag] += run.cards
        else:
            new_sets.append(run.cards)


def _group_naturals(prob, rank, order, g, used_here) -> list[Card]:
    """``g`` naturals of the rank that no sequence took: first those that count as the player's own."""
    first, rest = [], []
    for s in SUITS:
        left = prob.copies.get((order, s), 0) - used_here.get(s, 0)
        mine = max(0, prob.own.get((order, s), 0) - used_here.get(s, 0))
        first += [Card(rank, s)] * min(mine, left)
        rest += [Card(rank, s)] * (left - min(mine, left))
    return (first + rest)[:g]


def _wild_sets(prob, wplan, additions, new_sets, next_wild):
    adds, t, parts = wplan
    for pp, x in zip(prob.wild_sets, adds):
        additions[pp.index] += [next_wild() for _ in range(x)]
    if t:
        big = max(prob.canasta, prob.wild_min)  # each canasta of wild cards, as ``wild_plans`` split them
        sizes = [big] * (parts - 1) + [t - big * (parts - 1)]
        for size in sizes:
            new_sets.append([next_wild() for _ in range(size)])


def _stopper_sets(prob, splan, extra, additions, new_sets):
    for rank, x, (adds, left) in splan:
        cards = list(extra["stoppers"].get(rank, [])[:x])
        for pp, a in zip(prob.stopper_sets.get(rank, []), adds):
            additions[pp.index] += cards[:a]
            cards = cards[a:]
        if left:
            new_sets.append(cards)
