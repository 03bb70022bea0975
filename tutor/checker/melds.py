"""Melds as counts: where each card can go, and the shapes the rules allow.

Targets, read from the rules data (``[meld]``, ``[wild_meld]``,
``[blocker_meld]``, ``[canasta]``):

* one group per natural rank (``one_per_rank``): the side's meld of that rank
  if it has one, else a new meld; naturals of the rank and wild cards go on it;
* the side's all-wild melds, onto which wild cards may be laid off, and up to
  two new all-wild melds (``wild_meld.allowed``, at least ``min_cards``);
* up to two new melds of black 3s (``blocker_meld``);
* which kinds of wild card go with the pile's top card (the one place where
  the kind of a wild card matters for legality).

Only the final size of each meld matters: a meld that is legal at the end of
the turn can be put down in one step, so the order of lay-offs never does.
A variant with several sets per rank or with sequences (albany) would add
its own targets here.
"""

from __future__ import annotations

from ..melds import BLOCKERS, GROUP, WILD
from .encoding import Encoding, Target
from .kinds import BLOCKER, NATURAL, WILD_KIND
from .terms import And, If, Implies, Lin, Or, lin, total

# Cores are minimised by trying to drop low priorities first: the shape of a
# meld is the background of most answers, so it goes first.
SHAPE, WILD_SHAPE, BLACK3_SHAPE = 0, 1, 2
MAX_SLOTS = 2


def encode(enc: Encoding) -> None:
    wild_most = sum(enc.most(k) for k in enc.census.of_role(WILD_KIND))
    enc.facts["wild_most"] = wild_most
    for kind in enc.census.of_role(WILD_KIND):
        enc.melded[kind.name] = enc.int(f"melded_{kind.name}", 0, enc.most(kind), upper=False)
    _groups(enc, wild_most)
    _wild_melds(enc, wild_most)
    _black_threes(enc)
    _wild_cards_placed(enc)
    _wild_kinds_on_top_target(enc)
    _canastas(enc)
    new = [t.used for t in enc.targets if t.existing is None]
    enc.new_meld = enc.define_bool("new_meld", Or(*new))
    enc.hard.append(Implies(enc.goal_meld, enc.new_meld))


def _groups(enc: Encoding, wild_most: int) -> None:
    rules, census = enc.rules, enc.census
    m = rules["meld"]
    min_naturals, min_cards = m["min_naturals"], m["min_cards"]
    cap = rules.max_wilds()
    at_most = m.get("wilds_at_most_naturals", False)
    rule = rules.cite("meld")
    for kind in census.of_role(NATURAL):
        existing = census.group(kind.key) if kind.meldable else None
        top = enc.top_of(NATURAL, kind.key)
        most = enc.most(kind)
        n = enc.int(f"melded_{kind.name}", 0, most, upper=False)
        enc.melded[kind.name] = n
        reachable = most + (0 if top.is_constant else 1)
        if not kind.meldable or (existing is None and reachable < min_naturals):
            # No meld can ever hold these cards: that is a rule, so a core can name it.
            if not n.is_constant:
                enc.track("meld.shape", rule, n == 0, SHAPE)
            enc.facts["stuck"] = enc.facts.get("stuck", 0) + len(kind.hand)
            continue
        w = enc.int(f"wild_on_{kind.key}", 0, wild_most, upper=False)
        naturals = n + top
        if existing is not None:
            size = existing.size + naturals + w
            _limit_wilds(enc, rule, cap, at_most, existing.wilds + w, existing.naturals + naturals, w)
        else:
            size = naturals + w
            shape = [naturals >= min_naturals, size >= min_cards]
            if cap is not None and not w.is_constant:
                shape.append(w <= cap)
            if at_most and not w.is_constant:
                shape.append(w <= naturals)
            enc.track("meld.shape", rule, Implies(size >= 1, And(*shape)), SHAPE)
        enc.targets.append(Target(GROUP, kind.key, existing, naturals, w, size, top=not top.is_constant))
    # Groups on the table whose rank the hand does not hold: wild cards may still go on them.
    held = {k.key for k in census.of_role(NATURAL)}
    for meld in census.table:
        if meld.kind == GROUP and meld.key not in held:
            w = enc.int(f"wild_on_{meld.key}", 0, wild_most, upper=False)
            _limit_wilds(enc, rule, cap, at_most, meld.wilds + w, lin(meld.naturals), w)
            enc.targets.append(Target(GROUP, meld.key, meld, lin(0), w, meld.size + w))


def _limit_wilds(enc: Encoding, rule: str, cap, at_most: bool, wilds, naturals, added) -> None:
    """An old meld that takes more wild cards must still keep within the limits."""
    if added.is_constant:
        return
    limits = []
    if cap is not None:
        limits.append(wilds <= cap)
    if at_most:
        limits.append(wilds <= naturals)
    if limits:
        enc.track("meld.shape", rule, And(*limits), SHAPE)


def _wild_melds(enc: Encoding, wild_most: int) -> None:
    rules = enc.rules
    for meld in enc.census.table:
        if meld.kind == WILD:
            w = enc.int(f"wild_on_meld{meld.index}", 0, wild_most, upper=False)
            enc.targets.append(Target(WILD, "", meld, lin(0), w, meld.size + w))
    wm = rules["wild_meld"]
    least = wm.get("min_cards", rules["meld"]["min_cards"])
    if not wm.get("allowed") or wild_most < least:
        return
    rule = wm.get("rule") or rules.cite("meld")
    slots = []
    for j in range(min(MAX_SLOTS, wild_most // least)):
        s = enc.int(f"wild_meld_{j}", 0, wild_most, upper=False)
        enc.track("wild.shape", rule, Or(s == 0, s >= least), WILD_SHAPE)
        if slots:
            enc.hard.append(slots[-1] >= s)
        slots.append(s)
        enc.targets.append(Target(WILD, "", None, lin(0), s, s, slot=j))


def _black_threes(enc: Encoding) -> None:
    rules, census = enc.rules, enc.census
    kinds = census.of_role(BLOCKER)
    if not kinds:
        return
    for kind in kinds:
        enc.melded[kind.name] = enc.int(f"melded_{kind.name}", 0, enc.most(kind), upper=False)
    top = total(enc.top_of(BLOCKER, k.key) for k in kinds)
    melded = total(enc.melded[k.name] for k in kinds) + top
    enc.facts["black3_melded"] = melded
    bm = rules["blocker_meld"]
    rule = bm.get("rule") or rules.cite("meld")
    most = sum(enc.most(k) for k in kinds) + (0 if top.is_constant else 1)
    if melded.is_constant:
        return
    if not bm.get("allowed") or most < bm["min_cards"]:
        enc.track("black3.never" if not bm.get("allowed") else "black3.shape", rule, melded == 0, BLACK3_SHAPE)
        enc.facts["stuck"] = enc.facts.get("stuck", 0) + sum(len(k.hand) for k in kinds)
        return
    low, high = bm["min_cards"], bm.get("max_cards", "none")
    count = 1 if high == "none" else min(MAX_SLOTS, most // low)
    slots = []
    for j in range(count):
        b = enc.int(f"black3_meld_{j}", 0, most, upper=False)
        fits = b >= low if high == "none" else And(b >= low, b <= high)
        enc.track("black3.shape", rule, Or(b == 0, fits), BLACK3_SHAPE)
        if slots:
            enc.hard.append(slots[-1] >= b)
        slots.append(b)
        enc.targets.append(Target(BLOCKERS, "3", None, b, lin(0), b, top=not top.is_constant and j == 0, slot=j))
    enc.hard.append(total(slots) == melded)


def _wild_cards_placed(enc: Encoding) -> None:
    """Every wild card melded sits on exactly one target."""
    wild_kinds = enc.census.of_role(WILD_KIND)
    if not wild_kinds:
        return
    melded = total(enc.melded[k.name] for k in wild_kinds)
    placed = [t.wilds for t in enc.targets if t.kind != BLOCKERS and not t.wilds.is_constant]
    if placed:
        enc.hard.append(melded == total(placed))
    elif not melded.is_constant:
        # Nowhere to put a wild card: the meld rule says why.
        enc.track("meld.shape", enc.rules.cite("meld"), melded == 0, SHAPE)


def _wild_kinds_on_top_target(enc: Encoding) -> None:
    """Which kinds of wild card go with the pile's top card.

    Wild cards of one kind are interchangeable between melds, so elsewhere only
    their number per meld counts; with the top card, though, one of them may
    have to come from the hand (a natural and a wild take the pile), and a
    question may ask for a kind there. Each other meld draws on the rest.
    """
    target = next((t for t in enc.targets if t.top and t.kind == GROUP), None)
    kinds = enc.census.of_role(WILD_KIND)
    if target is None or not kinds or target.wilds.is_constant:
        return
    on_top = {}
    for kind in kinds:
        v = enc.int(f"on_top_{kind.name}", 0, enc.most(kind), upper=False)
        enc.hard.append(enc.melded[kind.name] - v >= 0)
        on_top[kind.name] = v
    enc.hard.append(total(on_top.values()) == target.wilds)
    enc.facts["on_top"] = on_top


def wild_share(enc: Encoding, target: Target, kind) -> Lin:
    """How many wild cards of ``kind`` a target may hold at most: those on it, or those not on the top's meld."""
    on_top = enc.facts.get("on_top")
    if on_top is None:
        return enc.melded[kind.name]
    return on_top[kind.name] if target.top else enc.melded[kind.name] - on_top[kind.name]


def _canastas(enc: Encoding) -> None:
    low = enc.rules["canasta"]["min_cards"]
    wild_most = enc.facts["wild_most"]
    parts, fixed = [], 0
    counted = set()
    for t in enc.targets:
        if t.existing is not None:
            counted.add(t.existing.index)
            if t.existing.size >= low:
                fixed += 1
                continue
        if t.size.is_constant:
            fixed += t.size.const >= low
        elif _may_reach(enc, t, low, wild_most):
            parts.append(If(t.size >= low, 1, 0))
    fixed += sum(1 for m in enc.census.table if m.index not in counted and m.size >= low)
    text = f"(+ {fixed} {' '.join(parts)})" if parts else str(fixed)
    enc.canastas = enc.define("canastas", text)


def _may_reach(enc: Encoding, t: Target, low: int, wild_most: int) -> bool:
    if t.kind == BLOCKERS:
        return sum(enc.most(k) for k in enc.census.of_role(BLOCKER)) + 1 >= low
    base = t.existing.size if t.existing is not None else 0
    naturals = 0
    if t.kind == GROUP:
        kind = enc.census.natural(t.key)
        naturals = (enc.most(kind) if kind is not None else 0) + (1 if t.top else 0)
    return base + naturals + wild_most >= low
