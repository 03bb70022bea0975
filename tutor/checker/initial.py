"""The first-meld minimum (``[initial]``) and the points a turn puts down.

The points are those of ``tutor.turn``: the card values of what the turn
melds or lays off, where of the pile only its top card counts. Cards are
counted by face, so of each kind at most as many count as the hand held
(plus the top card); the encoding melds the hand's own copies first, which
is what makes that count reachable.

Where a meld holding a card from below the top counts nothing
(``initial.meld_holding_pile_cards``), each target is *clean* or not: a
clean one holds only the hand's cards and the top card, and only clean
targets count. Which wild cards of the hand go onto clean targets is the
solver's choice (per kind, ``counted_wild_*``); the witness places them so.
The count never exceeds the turn engine's, which reads a turn the way most
favourable to the player; it may fall short of it only for a concealed going
out, where no minimum applies.
"""

from __future__ import annotations

from math import gcd

from ..melds import BLOCKERS, GROUP
from .encoding import Encoding
from .kinds import BLOCKER, NATURAL, UNKNOWN_KIND, WILD_KIND
from .terms import FALSE, And, If, Implies, Not, lin, total

INITIAL = 26


def points(enc: Encoding):
    """The first-meld points of the turn (built once, on demand)."""
    if "points" in enc.facts:
        return enc.facts["points"]
    below_top = any(enc.pile_copies(k) for k in enc.census.kinds)  # else every meld is of the hand and top
    if below_top and enc.rules.setting("initial", "meld_holding_pile_cards") == "counts_nothing":
        enc.facts["points"] = _clean_points(enc)
        return enc.facts["points"]
    terms = []
    concealed_take = enc.facts.get("concealed_take")
    for kind in enc.census.kinds:
        if kind.role == UNKNOWN_KIND or kind.name not in enc.melded or not kind.value:
            continue
        n = enc.melded[kind.name]
        hand = len(kind.hand)
        counted = n.smt() if not enc.pile_copies(kind) else If(n <= hand, n, hand)
        faces = set(kind.hand)
        if concealed_take is not None and kind.name in enc.discarded and hand and \
                not any(c in faces for c in kind.pile):
            # Going out concealed after a pickup, the discard is a card the hand held (by face):
            # with no copy of its face in the pile, that card is one of the hand's own.
            d = enc.discarded[kind.name]
            counted = f"(ite (and {concealed_take.text} {(d == 1).text}) {If(n <= hand - 1, n, hand - 1)} {counted})"
        top = enc.top_of(kind.role, kind.key) if kind.role in (NATURAL, BLOCKER) else lin(0)
        if not top.is_constant:
            counted = f"(+ {counted} {top.smt()})"
        terms.append(f"(* {kind.value} {counted})" if kind.value >= 0 else f"(* (- {-kind.value}) {counted})")
    enc.facts["points"] = enc.define("points", f"(+ 0 {' '.join(terms)})")
    return enc.facts["points"]


def _clean_points(enc: Encoding):
    """The points of the clean targets only (see the module's notes)."""
    census = enc.census
    wild_kinds = [k for k in census.of_role(WILD_KIND) if k.name in enc.melded]
    on_top = enc.facts.get("on_top") or {}
    top_target = next((i for i, t in enumerate(enc.targets) if t.top and t.kind == GROUP), None)
    clean: dict[int, object] = {}
    terms, free_wilds = [], []
    for i, t in enumerate(enc.targets):
        if t.kind == BLOCKERS:
            continue
        conds = []
        value = lin(0)
        if t.kind == GROUP:
            kind = census.natural(t.key)
            if kind is not None and kind.name in enc.melded:
                n = enc.melded[kind.name]
                conds.append(n <= len(kind.hand))
                value = t.naturals * kind.value
        if t.naturals.is_constant and t.wilds.is_constant and not (t.naturals.const or t.wilds.const):
            continue
        c = enc.define_bool(f"clean_{i}", And(*conds)) if conds else enc.boolean(f"clean_{i}")
        clean[i] = c
        if not value.is_constant or value.const:
            terms.append(If(c, value, 0))
        if i != top_target or not on_top:
            free_wilds.append(enc.define(f"clean_wilds_{i}", If(c, t.wilds, 0)))
    counted = {}
    for k in wild_kinds:
        top_clean = clean.get(top_target, FALSE) if on_top else FALSE
        on = on_top.get(k.name, lin(0))
        v = enc.int(f"counted_wild_{k.name}", 0, len(k.hand), upper=False)
        enc.hard.append(v <= enc.melded[k.name] - on)
        top_part = enc.define(f"counted_top_{k.name}", If(top_clean, on, 0)) if on_top and top_target in clean \
            else lin(0)
        enc.hard.append(v + top_part + _named_lost(enc, k, top_clean) <= len(k.hand))
        counted[k.name] = v
        terms.append(f"(* {k.value} {(v + top_part).smt()})")
    enc.hard.append(total(counted.values()) == total(free_wilds))
    # Black 3s (melded only when going out): counted when every one melded is the hand's own.
    blockers = census.of_role(BLOCKER)
    if any(t.kind == BLOCKERS for t in enc.targets) and blockers:
        own = enc.define_bool("clean_blockers", And(*(enc.melded[k.name] <= len(k.hand) for k in blockers)))
        value = total(enc.melded[k.name] * k.value + enc.top_of(BLOCKER, k.key) * k.value for k in blockers)
        terms.append(If(own, value, 0))
        clean["blockers"] = own
    enc.facts["clean"] = clean
    enc.facts["counted_wilds"] = counted
    enc.facts["clean_top"] = top_target if on_top else None
    text = f"(+ 0 {' '.join(terms)})"
    concealed_take = enc.facts.get("concealed_take")
    if concealed_take is not None:
        # No minimum applies to a concealed going out; its discard must be a card of the hand,
        # which this count does not follow, so it counts nothing here rather than too much.
        text = f"(ite {concealed_take.text} 0 {text})"
    return enc.define("points", text)


def most_points(enc: Encoding) -> int:
    """An upper bound on the points (every counted card melded), for searching the best."""
    total = 0
    for kind in enc.census.kinds:
        if kind.role == UNKNOWN_KIND or kind.value <= 0 or kind.name not in enc.melded:
            continue
        if enc.melded[kind.name].is_constant and enc.top_of(kind.role, kind.key).is_constant:
            continue
        top = 0 if enc.top_of(kind.role, kind.key).is_constant else 1
        total += kind.value * (len(kind.hand) + top)
    return total


def step(enc: Encoding) -> int:
    """Every total of points is a multiple of this (5 with the built-in values)."""
    out = 0
    for kind in enc.census.kinds:
        out = gcd(out, abs(kind.value))
    return out or 1


def encode(enc: Encoding) -> None:
    spot, rules = enc.spot, enc.rules
    need = spot.initial_need
    if not need:
        return
    applies = enc.new_meld
    if rules["initial"].get("concealed_exempt"):
        applies = And(applies, Not(enc.concealed))
    enc.track("initial.min", rules.cite("initial"), Implies(applies, points(enc) >= need), INITIAL)


def _named_lost(enc: Encoding, kind, top_clean):
    """A wild card of the hand named with the top card, on a top meld that counts nothing: its
    face is lost to the melds that count, unless the pile holds a copy of it (read as that one)."""
    fixed = enc.facts.get("fixed")
    if fixed is not None:
        lost = sum(1 for c in fixed.cards if c in kind.hand and c not in kind.pile)
        if not lost:
            return lin(0)
        return enc.define(f"named_lost_{kind.name}", If(And(enc.goal_fixed, Not(top_clean)), lost, 0))
    named = enc.facts.get("named_wild", {}).get(kind.name)
    if named is None or any(c in kind.pile for c in kind.hand):
        return lin(0)
    return enc.define(f"named_lost_{kind.name}", If(Not(top_clean), named, 0))


def tie_counted_wilds(enc: Encoding, split: dict) -> None:
    """With the wild cards split per target and kind (``ways``), those counted are the clean targets' own."""
    counted, clean = enc.facts.get("counted_wilds"), enc.facts.get("clean")
    if counted is None:
        return
    top = enc.facts.get("clean_top")
    for name, v in counted.items():
        parts = [enc.define(f"split_counted_{i}_{name}", If(clean[i], per[name], 0))
                 for i, per in split.items() if i != top and i in clean and name in per]
        enc.hard.append(v == total(parts))
