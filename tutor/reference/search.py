"""The exhaustive search over one turn, class by class.

Once a way of starting the turn is fixed (``pickups.py``), a turn is decided by
how many cards of each class go down and where:

- for each natural rank, how many naturals and how many wild cards go onto
  the side's meld of that rank (a new meld, or additions to the old one);
- how many wild cards make new all-wild melds or join old ones (C-WILDCANASTA);
- how many black 3s are melded (C-BLACK3, H-BLACK3: only when going out);
- the rest is kept, and one kept card is discarded, or none when the player
  goes out without a final discard.

Which wild cards of which kind go where does not matter to the legality of a
meld, only to the first-meld points, which depend on the total used of each
kind. So the search goes through the components one by one, keeping a small
state: wild cards used so far, canastas (capped at what going out needs),
cards kept (capped where it stops mattering), whether a new meld (and, where a
meld can take any number of wild cards, any meld at all) is on the table,
whether black 3s went down, and, when a concealed going-out after taking the
pile may hinge on it, the class of the only card kept. For each state it keeps
the most first-meld points of the naturals; the points of the wild cards
follow from their total at the end. The last layer is judged by the rules of
the end of a turn (C-GOOUT, C-CONCEALED, C-INITIAL, Y-GOOUT, Y-DOWN).

Keeping only the most points per state loses nothing: points matter only as
a threshold (the first-meld minimum) and as the goal's optimum (``best``).

Where a meld holding a card from below the top of the pile counts nothing
(``initial.meld_holding_pile_cards``), each meld of a component is counted
or not: a counted one is made of the hand's cards and the top card only, so
its naturals count at once and its wild cards come from the hand's. The state
then also holds how many wild cards the counted melds take besides those
named, and which named ones they hold; at the end those places are filled
from the hand's wild cards, dearest first. A meld is judged as it ends the
turn, as the turn engine judges it.
The state space is small (tens to a few hundred states per layer), so every
turn is covered: a "no" is proved, never guessed.

Albany (a fanned pile, sequences, several sets of a rank, stoppers) is searched
apart, in ``albany.py``: its naturals can end in a group or in a sequence, so
its sweep goes rank by rank rather than class by class (``sweep.py``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..cards import Card
from ..goals import Goal
from ..search_budget import current
from ..spot import Spot
from .inventory import BLOCKER, NATURAL, WILD, Inventory, TableMeld
from .pickups import Way

INFINITE = 10**6
IMPOSSIBLE = "impossible"

# forced-card keys for the wild component: new all-wild melds, additions to an old one
WILD_NEW, WILD_ADD = ("wild", "new"), ("wild", "add")


def group_key(rank: str) -> tuple:
    return ("group", rank)


BLOCKERS = ("blockers",)


# -- what the goal and the pickup force onto the table ----------------------------
def include_target(goal: Goal, table: tuple[TableMeld, ...], inv: Inventory, one_per_rank: bool):
    """(forced key, cards, target index) for ``goal.include``; None for no demand; IMPOSSIBLE."""
    choice = goal.include
    if choice is None:
        return None
    cards = Counter(choice.cards)
    classes = {inv.cls(c) for c in cards}
    if choice.kind == "meld":
        if not cards:
            return None
        naturals = [k for k in classes if k[0] == NATURAL]
        if classes <= {(WILD,)}:
            return (WILD_NEW, cards, None)
        if classes == {(BLOCKER,)}:
            return (BLOCKERS, cards, None)
        if len(naturals) == 1 and classes <= {naturals[0], (WILD,)}:
            rank = naturals[0][1]
            if one_per_rank and any(m.kind == "group" and m.key == rank for m in table):
                return IMPOSSIBLE  # one meld per rank: these cards could only be laid off
            return (group_key(rank), cards, None)
        return IMPOSSIBLE
    if choice.kind == "layoff":
        if choice.to is None or not 1 <= choice.to <= len(table):
            return IMPOSSIBLE
        if not cards:
            return None
        meld = table[choice.to - 1]
        if meld.kind == "group" and classes <= {(NATURAL, meld.key), (WILD,)}:
            return (group_key(meld.key), cards, meld.index)
        if meld.kind == "wild" and classes <= {(WILD,)}:
            return (WILD_ADD, cards, meld.index)
        return IMPOSSIBLE
    return IMPOSSIBLE


def forced_cards(way: Way, choice: tuple[Card, ...], include) -> dict[tuple, Counter] | None:
    """The cards each component must hold: the top card with the named cards, and the goal's meld."""
    forced: dict[tuple, Counter] = {}
    if way.picks_up:
        key = BLOCKERS if way.target[0] == BLOCKER else group_key(way.target[1])
        forced[key] = Counter((way.top,)) + Counter(choice)
    if include is not None:
        key, cards, _ = include
        forced[key] = forced.get(key, Counter()) | cards  # one meld holds both: the larger count of each card
    return forced


# -- the components and their options ----------------------------------------------
@dataclass
class Component:
    key: tuple
    options: list[tuple]  # (dW, dC, dK, new meld, black 3s, group on table, points, label, choice,
    #                         counted, counted wild places besides the named, named wild cards counted)
    meta: dict = field(default_factory=dict)


def _dedupe(options: list[tuple]) -> list[tuple]:
    best: dict[tuple, tuple] = {}
    for o in options:
        effect = o[:6] + (o[7],) + o[9:]
        if effect not in best or o[6] > best[effect][6]:
            best[effect] = o
    return sorted(best.values(), key=lambda o: o[0])


class Limits:
    """The shape of a legal meld, read from the variant data (C-MELD, H-MELD, Y-SET)."""

    def __init__(self, rules):
        m = rules["meld"]
        self.min_cards = m["min_cards"]
        self.min_naturals = m["min_naturals"]
        cap = rules.max_wilds()
        self.cap = INFINITE if cap is None else cap
        self.at_most_naturals = bool(m.get("wilds_at_most_naturals"))
        self.canasta = rules["canasta"]["min_cards"]
        wm = rules["wild_meld"]
        self.wild_melds = bool(wm.get("allowed"))
        self.wild_min = wm.get("min_cards", m["min_cards"])
        bm = rules["blocker_meld"]
        self.blocker_melds = bool(bm.get("allowed"))
        self.blocker_min = bm.get("min_cards", 3)
        top = bm.get("max_cards", "none")
        self.blocker_max = INFINITE if top in ("none", None) else top

    def wilds_allowed(self, naturals: int) -> int:
        return min(self.cap, naturals if self.at_most_naturals else INFINITE)

    @property
    def unbounded(self) -> bool:
        """A meld takes any number of wild cards (Y-SET)."""
        return self.cap >= INFINITE and not self.at_most_naturals


def _waste(forced: Counter, inv: Inventory) -> int:
    """Forced cards that do not count toward a first meld (cards of the pile below the top)."""
    return sum(max(0, n - inv.own[c]) for c, n in forced.items())


UNCOUNTED = (False, 0, ())  # an option whose meld counts nothing of its own toward a first meld


def _faces(cards: Counter) -> tuple:
    return tuple(sorted(cards.elements(), key=str))


def group_component(rank, inv, limits, existing, forced, wild_avail, sink, clean=False) -> Component | None:
    klass = (NATURAL, rank)
    forced = forced or Counter()
    if any(inv.cls(c) not in (klass, (WILD,)) for c in forced):
        return None
    nat_forced = Counter({c: n for c, n in forced.items() if inv.cls(c) == klass})
    f_n, f_w = sum(nat_forced.values()), sum(forced.values()) - sum(nat_forced.values())
    waste = _waste(nat_forced, inv)
    avail, own = inv.count(klass), inv.count(klass, inv.own)
    value = inv.value(inv.by_class[klass][0]) if avail else 0
    named_wilds = Counter({c: k for c, k in forced.items() if inv.cls(c) == (WILD,)})
    opts = []

    def add(n, w, canasta, new):
        head = (w, int(canasta), avail - n, new, False, new)
        if not clean:
            points = value * min(n - waste, own) if n else 0
            opts.append(head + (points, klass, (n, w)) + UNCOUNTED)
            return
        opts.append(head + (0, klass, (n, w)) + UNCOUNTED)
        # counted: every natural the hand's or the top card, every named wild card the hand's
        if (n or w) and not waste and n <= own and not named_wilds - inv.own:
            points = value * n + sum(inv.value(c) * k for c, k in named_wilds.items())
            opts.append(head + (points, klass, (n, w), True, w - f_w, _faces(named_wilds)))

    if existing is None:
        if not f_n and not f_w:
            add(0, 0, False, False)
        for n in range(max(limits.min_naturals, f_n), avail + 1):
            lo = max(f_w, limits.min_cards - n, 0)
            hi = lo if sink else min(limits.wilds_allowed(n), wild_avail)
            for w in range(lo, hi + 1):
                add(n, w, n + w >= limits.canasta, True)
    else:
        for n in range(f_n, avail + 1):
            lo = f_w
            hi = lo if sink else min(limits.wilds_allowed(existing.naturals + n) - existing.wilds, wild_avail)
            for w in range(lo, hi + 1):
                add(n, w, existing.size < limits.canasta <= existing.size + n + w, False)
    if not opts:
        return None
    return Component(group_key(rank), _dedupe(opts), {"rank": rank, "existing": existing})


def wild_parts(limits: Limits, t: int, f: int) -> tuple[int, int] | None:
    """(canastas, melds) at best for ``t`` wild cards in new all-wild melds, ``f`` of them in one meld."""
    best = None
    for m in range(1, t // limits.wild_min + 1):
        first = t - limits.wild_min * (m - 1)
        if first < f:
            break
        canastas = int(first >= limits.canasta) + (m - 1) * int(limits.wild_min >= limits.canasta)
        if best is None or canastas > best[0]:
            best = (canastas, m)
    return best


def wild_component(inv, limits, table, forced, include_index, wild_avail, clean=False) -> Component | None:
    old = [m.index for m in table if m.kind == "wild"]
    f_new = sum(forced.get(WILD_NEW, Counter()).values())
    f_add = sum(forced.get(WILD_ADD, Counter()).values())
    news = ([0] if not f_new else []) + (list(range(max(limits.wild_min, f_new, 1), wild_avail + 1))
                                         if limits.wild_melds else [])
    adds = list(range(f_add, wild_avail + 1)) if old else ([0] if not f_add else [])
    opts = []
    for t in news:
        parts = wild_parts(limits, t, f_new) if t else (0, 0)
        if parts is None:
            continue
        for x in adds:
            if t + x <= wild_avail:
                head = (t + x, parts[0], 0, t > 0, False, False, 0, None, (t, parts[1], x))
                opts.append(head + UNCOUNTED)
                named = forced.get(WILD_NEW, Counter())
                if clean and t and not named - inv.own:
                    # new wild melds counted (the lay-offs onto old ones, made only once down, count nothing)
                    points = sum(inv.value(c) * k for c, k in named.items())
                    opts.append(head[:6] + (points,) + head[7:] + (True, t - f_new, _faces(named)))
    if not opts:
        return None
    target = include_index if include_index is not None else (old[0] if old else None)
    return Component(("wild",), _dedupe(opts), {"target": target})


def blocker_split(limits: Limits, k: int, f: int) -> tuple[int, int] | None:
    """(canastas, melds) at best for ``k`` black 3s melded, ``f`` of them in one meld."""
    lo, hi, c = limits.blocker_min, limits.blocker_max, limits.canasta
    best = None
    for m in range(1, k // lo + 1):
        if k > m * hi or min(hi, k - (m - 1) * lo) < f:
            continue
        canastas = 0 if c > hi else (m if c <= lo else min(m, (k - m * lo) // (c - lo)))
        if best is None or canastas > best[0]:
            best = (canastas, m)
    return best


def blocker_component(inv, limits, forced, clean=False) -> Component | None:
    klass = (BLOCKER,)
    avail, own = inv.count(klass), inv.count(klass, inv.own)
    f = forced or Counter()
    value = inv.value(inv.by_class[klass][0]) if avail else 0
    waste = _waste(f, inv)
    opts = []
    if not f:
        opts.append((0, 0, avail, False, False, False, 0, klass, (0, 0)) + UNCOUNTED)
    if limits.blocker_melds:
        for k in range(max(limits.blocker_min, sum(f.values())), avail + 1):
            split = blocker_split(limits, k, sum(f.values()))
            if split is not None:
                points = value * min(k - waste, own)
                if clean and (waste or k > own):
                    points = 0  # black 3s from below the top of the pile: these melds count nothing
                opts.append((0, split[0], avail - k, True, True, False, points, klass, (k, split[1])) + UNCOUNTED)
    if not opts:
        return None
    return Component(BLOCKERS, _dedupe(opts))


# -- the wild cards' points ----------------------------------------------------------
def wild_points(inv: Inventory, demand: Counter) -> tuple[list[int | None], list[Card]]:
    """Most first-meld points for each total of wild cards melded, and the order to pick them in.

    The demanded cards go first; then the hand's wild cards, dearest first; then the pile's.
    """
    ids = inv.by_class.get((WILD,), [])
    base_n = sum(demand.values())
    base_p = sum(inv.value(c) * min(demand[c], inv.own[c]) for c in demand)
    own_units, other_units = [], []
    for c in ids:
        counted = min(inv.avail[c], inv.own[c])
        own_units += [c] * max(0, counted - demand[c])
        other_units += [c] * (inv.avail[c] - max(demand[c], counted))
    own_units.sort(key=lambda c: -inv.value(c))
    order = own_units + other_units
    table: list[int | None] = [None] * (base_n + len(order) + 1)
    table[base_n] = base_p
    for i, c in enumerate(order):
        table[base_n + i + 1] = table[base_n + i] + (inv.value(c) if i < len(own_units) else 0)
    return table, order


# -- the search ----------------------------------------------------------------------
@dataclass
class Solution:
    """One legal turn, by counts: what the witness builder turns into concrete steps."""

    way: Way
    choice: tuple[Card, ...]
    forced: dict
    picks: list  # (component, option) in order
    extras: int  # wild cards added to any meld where melds take any number (Y-SET)
    wild_total: int
    keep: Card | None  # the card a concealed going-out keeps to discard
    discard: bool
    went_out: bool
    points: int
    wild_order: list = field(default_factory=list)
    inventory: Inventory | None = None
    first_group: int | None = None  # the side's first group, where extra wild cards may go
    counted_wilds: list | None = None  # the hand's wild cards that fill the counted melds' free places


class WaySearch:
    """Every turn that starts with one way, searched class by class."""

    def __init__(self, spot: Spot, goal: Goal, table: tuple[TableMeld, ...], way: Way):
        self.spot, self.goal, self.table, self.way = spot, goal, table, way
        self.rules = rules = spot.rules
        self.inv = Inventory(rules, spot.hand, way.taken, way.top)
        self.limits = Limits(rules)
        go = rules["go_out"]
        self.need_canastas = rules.canastas_to_go_out
        self.max_unmatched = go.get("max_unmatched", 0)
        self.cap_kept = self.max_unmatched + 2
        self.discard_required = go.get("final_discard") == "required"
        self.must_be_down = bool(go.get("must_be_down"))
        self.wimp_ok = not (go.get("wimp_rule") and spot.first_round and not wimp_allows(spot))
        self.concealed_rule = bool(go.get("concealed")) and not spot.down
        self.concealed_exempt = bool(rules["initial"].get("concealed_exempt"))
        self.clean = rules.setting("initial", "meld_holding_pile_cards") == "counts_nothing"
        self.need_points = spot.initial_need
        self.wild_avail = self.inv.count((WILD,))
        self.sink = self.limits.unbounded and self.need_canastas == 0
        # the class of the one card kept matters only to a concealed going-out after a pickup
        self.track_label = self.concealed_rule and way.picks_up
        self.budget = current()  # the question's: every option weighed is a step

    def solutions(self):
        """Legal turns meeting the goal, by counts; with ``goal.best``, only the best of each shape."""
        include = include_target(self.goal, self.table, self.inv, self.rules["meld"].get("one_per_rank", True))
        if include == IMPOSSIBLE:
            return
        groups: dict[tuple, list] = {}
        for choice in self.way.choices:
            forced = forced_cards(self.way, choice, include)
            total = sum(forced.values(), Counter())
            if total - self.inv.avail:
                continue
            demand = Counter({c: n for c, n in total.items() if self.inv.cls(c) == (WILD,)})
            signature = (tuple(sorted((k, sum(v.values()), _waste(v, self.inv)) for k, v in forced.items())),
                         tuple(sorted(demand.items())))
            groups.setdefault(signature, []).append((choice, forced, total, demand))
        for members in groups.values():
            yield from self._search(members, include)

    def _components(self, forced, include) -> list[Component] | None:
        inv, limits = self.inv, self.limits
        comps = []
        groups = {m.key: m for m in self.table if m.kind == "group"}
        for rank in self.rules.natural_ranks:
            existing = groups.get(rank)
            f = forced.get(group_key(rank))
            avail = inv.count((NATURAL, rank))
            if not avail and not f and (existing is None or self.sink or not self.wild_avail):
                continue
            comp = group_component(rank, inv, limits, existing, f, self.wild_avail, self.sink, self.clean)
            if comp is None:
                return None
            comps.append(comp)
        needs_wild = WILD_NEW in forced or WILD_ADD in forced
        if self.wild_avail and (limits.wild_melds or any(m.kind == "wild" for m in self.table)) or needs_wild:
            comp = wild_component(inv, limits, self.table, forced,
                                  include[2] if include and include[0] == WILD_ADD else None, self.wild_avail,
                                  self.clean)
            if comp is None:
                return None
            comps.append(comp)
        if inv.count((BLOCKER,)) or BLOCKERS in forced:
            comp = blocker_component(inv, limits, forced.get(BLOCKERS), self.clean)
            if comp is None:
                return None
            comps.append(comp)
        return comps

    def _search(self, members, include):
        choice, forced, total, demand = members[0]
        comps = self._components(forced, include)
        self.budget.spend(sum(len(c.options) for c in comps or ()))
        if comps is None:
            return
        wild_table, wild_order = wild_points(self.inv, demand)
        dead = self.inv.count(("x",))
        kept0 = min(dead, self.cap_kept)
        base = (0, min(sum(1 for m in self.table if m.size >= self.limits.canasta), self.need_canastas),
                kept0, False, False, any(m.kind == "group" for m in self.table),
                ("x",) if kept0 == 1 and self.track_label else None, 0, ())
        layers = self._layers(base, comps)
        best = None
        for state, (value, _, _) in layers[-1].items():
            for ending in self._endings(state, value, members, wild_table):
                extras, wild_total, keep, discard, out, points, member, counted_wilds = ending
                if best is not None and points <= best[0]:
                    continue
                picks = self._picks(layers, comps, state)
                m_choice, m_forced = member[0], member[1]
                sol = Solution(self.way, m_choice, m_forced, picks, extras, wild_total, keep, discard, out, points,
                               wild_order, self.inv, next((m.index for m in self.table if m.kind == "group"), None),
                               counted_wilds)
                if not self.goal.best:
                    yield sol
                    return
                best = (points, sol)
        if best is not None:
            yield best[1]

    def _layers(self, base, comps):
        wild_avail, cap_c, cap_k, track = self.wild_avail, self.need_canastas, self.cap_kept, self.track_label
        layers = [{base: (0, None, None)}]
        for comp in comps:
            nxt: dict = {}
            for s, entry in layers[-1].items():
                self.budget.spend(len(comp.options))
                value = entry[0]
                w, c, k, m, b, g, label, cw, named = s
                room = wild_avail - w
                for o in comp.options:
                    if o[0] > room:
                        break
                    nk = k + o[2]
                    new_label = ((label if o[2] == 0 else o[7]) if nk == 1 else None) if track else None
                    ns = (w + o[0], min(c + o[1], cap_c), min(nk, cap_k), m or o[3], b or o[4], g or o[5], new_label,
                          cw + o[10], tuple(sorted(named + o[11], key=str)) if o[11] else named)
                    nv = value + o[6]
                    old = nxt.get(ns)
                    if old is None or nv > old[0]:
                        nxt[ns] = (nv, s, o)
            layers.append(nxt)
        return layers

    @staticmethod
    def _picks(layers, comps, state):
        picks = []
        for i in range(len(comps), 0, -1):
            entry = layers[i][state]
            picks.append((comps[i - 1], entry[2]))
            state = entry[1]
        picks.reverse()
        return picks

    def _endings(self, state, value, members, wild_table):
        """Legal ends of the turn from a final state:
        (extras, wilds, keep, discard, out, points, member, the hand's wild cards in counted melds)."""
        w, canastas, kept, new_meld, blockers, group, label, cw, named = state
        counted_wilds = None
        if self.clean:
            counted_wilds = self._counted_wilds(cw, named, members[0][3])
            if counted_wilds is None:
                return
        goal = self.goal
        if goal.must_meld and not new_meld:
            return
        top_extra = (self.wild_avail - w) if (self.sink and group) else 0
        self.budget.spend(top_extra + 1)
        for extras in range(0, top_extra + 1):
            wild_total = w + extras
            kept_all = min(kept + self.wild_avail - wild_total, self.cap_kept)
            end = self._end_of_turn(kept_all, canastas, new_meld, blockers)
            if end is None:
                continue
            discard, out = end
            if goal.go_out and not out:
                continue
            concealed = out and self.concealed_rule
            if concealed and discard and self.way.picks_up:
                klass = label if kept == 1 else (WILD,)
                found = self._concealed_keep(klass, members)
                if found is None:
                    continue
                keep, points, member = found
                if self.clean:
                    points = 0  # no minimum applies; this count does not follow which card is kept
            else:
                keep, member = None, members[0]
                points = value + (sum(self.inv.value(c) for c in counted_wilds) if self.clean
                                  else wild_table[wild_total])
            if self.need_points and new_meld and not (concealed and self.concealed_exempt):
                if points < self.need_points:
                    continue
            yield extras, wild_total, keep, discard, out, points, member, counted_wilds

    def _counted_wilds(self, places: int, named: tuple, demand: Counter) -> list[Card] | None:
        """The hand's wild cards, dearest first, for ``places`` free places of the counted melds
        (which also hold the ``named`` wild cards); None when the hand has too few.

        A face counts as often as the hand held it, and the named wild cards of the melds that
        count nothing must still find a copy among the rest.
        """
        inv = self.inv
        named = Counter(named)
        if named - inv.own:
            return None
        pool = []
        for c in inv.by_class.get((WILD,), ()):
            pool += [c] * max(0, min(inv.own[c] - named[c], inv.avail[c] - demand[c]))
        if places > len(pool):
            return None
        return sorted(pool, key=lambda c: -inv.value(c))[:places]

    def _end_of_turn(self, kept, canastas, new_meld, blockers):
        """(discard made, went out), or None when the turn cannot end legally (C-GOOUT, Y-GOOUT)."""
        may = (canastas >= self.need_canastas and self.wimp_ok
               and (not self.must_be_down or self.spot.down or new_meld))
        if kept == 0:
            if self.discard_required:
                return None
            discard, out = False, True
        else:
            discard = True
            left = kept - 1
            out = True if left == 0 else (may if left <= self.max_unmatched else False)
        if out and not may:
            return None
        if (blockers or self.way.only_going_out) and not out:
            return None
        return discard, out

    def _concealed_keep(self, klass, members):
        """C-CONCEALED after a pickup: the card discarded must not come from the pile.

        Every other card is melded, so the points are those of all cards but the one kept.
        """
        inv = self.inv
        best = None
        for member in members:
            total = member[2]
            for card in inv.by_class.get(klass, ()):
                if inv.hand[card] < 1 or inv.avail[card] - total[card] < 1:
                    continue
                melded = inv.avail.copy()
                melded[card] -= 1
                points = inv.counted(melded)
                if best is None or points > best[1]:
                    best = (card, points, member)
                if not self.goal.best:
                    return best
        return best


def wimp_allows(spot: Spot) -> bool:
    """Y-GOOUT's wimp rule: in the first round, only 1000 behind a leader who is 1000 ahead of the lowest."""
    scores = spot.scores or (spot.score,)
    return max(scores) - min(scores) >= 1000 and max(scores) - scores[0] >= 1000
