"""From a solution by counts to a concrete play: which cards, in which steps.

Cards named by the goal or the pickup go where they must; then, within a
class, the hand's cards go down before the pile's (so the first-meld points
are what the search counted) and the dearest wild cards first.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..play import DISCARD, LAYOFF, MELD, Action
from .inventory import BLOCKER, DEAD, NATURAL, WILD
from .search import BLOCKERS, WILD_ADD, WILD_NEW, Solution


def _take(pool: Counter, cards) -> None:
    for c in cards:
        pool[c] -= 1


def _pick(inv, pool: Counter, klass: tuple, count: int, forced: Counter) -> list[Card]:
    """``count`` more cards of a class from the pool: those that count toward a first meld first."""
    ids = inv.by_class.get(klass, [])
    first, rest = [], []
    for c in ids:
        counting = min(pool[c], max(0, inv.own[c] - forced[c]))
        first += [c] * counting
        rest += [c] * (pool[c] - counting)
    chosen = (first + rest)[:count]
    if len(chosen) < count:
        raise AssertionError(f"the reference ran out of {klass} cards while building its witness")
    _take(pool, chosen)
    return chosen


def _split(cards: list[Card], sizes: list[int]) -> list[list[Card]]:
    out, i = [], 0
    for s in sizes:
        out.append(cards[i:i + s])
        i += s
    return out


def _blocker_sizes(limits, k: int, parts: int, f: int) -> list[int]:
    sizes = [limits.blocker_min] * parts
    rem = k - sum(sizes)
    grow = min(rem, max(0, f - sizes[0]))
    sizes[0] += grow
    rem -= grow
    for i in range(parts):  # raise parts to canastas where the count allows, then fill
        need = max(0, limits.canasta - sizes[i])
        if need <= rem and sizes[i] + need <= limits.blocker_max:
            sizes[i] += need
            rem -= need
    for i in range(parts):
        grow = min(rem, limits.blocker_max - sizes[i])
        sizes[i] += grow
        rem -= grow
    return sizes


def build(sol: Solution, limits) -> tuple[Action, ...]:
    """The steps of the turn ``sol`` describes."""
    inv = sol.inventory
    way = sol.way
    pool = inv.avail.copy()
    for f in sol.forced.values():
        pool -= f
    if sol.keep is not None:
        pool[sol.keep] -= 1
    forced_wilds = sum(n for f in sol.forced.values() for c, n in f.items() if inv.cls(c) == (WILD,))
    counted = list(sol.counted_wilds or ()) if sol.keep is None else []  # the counted melds' own
    _take(pool, counted)
    if sol.keep is not None:  # everything but the kept card goes down
        spare = [c for c in inv.by_class.get((WILD,), []) for _ in range(pool[c])]
    elif sol.counted_wilds is not None:
        spare = [c for c in inv.by_class.get((WILD,), []) for _ in range(pool[c])]
        spare = spare[: sol.wild_total - forced_wilds - len(counted)]
    else:
        spare = list(sol.wild_order[: sol.wild_total - forced_wilds])
    _take(pool, spare)

    def wilds(n: int, counts: bool = False) -> list[Card]:
        """``n`` wild cards: a meld that counts takes the hand's, set aside for it."""
        got = []
        for source in ([counted, spare] if counts else [spare]):
            take = source[: n - len(got)]
            del source[: len(take)]
            got += take
        return got

    steps: list[tuple[int, Action]] = []  # (0 for the pile's top card's meld, 1 otherwise, action)
    top_key = None
    if way.picks_up:
        top_key = BLOCKERS if way.target[0] == BLOCKER else ("group", way.target[1])
    sink_target = None  # where extra wild cards go when melds take any number (Y-SET)
    for comp, option in sol.picks:
        key, choice, counts = comp.key, option[8], option[9]
        first = 0 if key == top_key else 1
        if key[0] == "group":
            n, w = choice
            forced = sol.forced.get(key, Counter())
            nat = [c for c in forced.elements() if inv.cls(c)[0] == NATURAL]
            fw = [c for c in forced.elements() if inv.cls(c) == (WILD,)]
            cards = (nat + _pick(inv, pool, (NATURAL, comp.meta["rank"]), n - len(nat), forced) + fw
                     + wilds(w - len(fw), counts))
            existing = comp.meta["existing"]
            if existing is not None:
                if cards:
                    steps.append((first, Action(LAYOFF, tuple(cards), existing.index + 1)))
                if sink_target is None:
                    sink_target = (len(steps) - 1 if cards else None, existing.index)
            elif cards:
                steps.append((first, Action(MELD, tuple(cards))))
                if sink_target is None:
                    sink_target = (len(steps) - 1, None)
        elif key == ("wild",):
            t, parts, x = choice
            fn = list(sol.forced.get(WILD_NEW, Counter()).elements())
            fa = list(sol.forced.get(WILD_ADD, Counter()).elements())
            if t:
                cards = fn + wilds(t - len(fn), counts)
                sizes = [t - limits.wild_min * (parts - 1)] + [limits.wild_min] * (parts - 1)
                for part in _split(cards, sizes):
                    steps.append((1, Action(MELD, tuple(part))))
            if x:
                cards = fa + wilds(x - len(fa))
                steps.append((1, Action(LAYOFF, tuple(cards), comp.meta["target"] + 1)))
        elif key == BLOCKERS:
            k, parts = choice
            if k:
                forced = sol.forced.get(BLOCKERS, Counter())
                cards = list(forced.elements()) + _pick(inv, pool, (BLOCKER,), k - sum(forced.values()), forced)
                for part in _split(cards, _blocker_sizes(limits, k, parts, sum(forced.values()))):
                    steps.append((first, Action(MELD, tuple(part))))
    if sol.extras:
        more = tuple(wilds(sol.extras))
        if sink_target is None and sol.first_group is not None:
            sink_target = (None, sol.first_group)
        if sink_target is None:
            raise AssertionError("the reference placed extra wild cards with no meld to take them")
        at, index = sink_target
        if at is None:
            steps.append((1, Action(LAYOFF, more, index + 1)))
        else:
            first, action = steps[at]
            steps[at] = (first, Action(action.kind, action.cards + more, action.to))
    if spare or counted:
        raise AssertionError("the reference left wild cards unplaced while building its witness")
    actions = [way.step(sol.choice)] if way.picks_up else []
    actions += [a for _, a in sorted(steps, key=lambda s: s[0])]
    if sol.discard:
        actions.append(Action(DISCARD, (sol.keep if sol.keep is not None else _discard_of(inv, pool),)))
    return tuple(actions)


def _discard_of(inv, pool: Counter) -> Card:
    """The card to throw: the unknown stock card if kept, else the first card kept."""
    for c in inv.by_class.get((DEAD,), []):
        if pool[c] > 0:
            return c
    for c in inv.order:
        if pool[c] > 0:
            return c
    raise AssertionError("the reference found no card left to discard")
