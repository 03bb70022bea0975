"""The first-meld minimum (``[initial]``) and the points a turn puts down.

The points are those of ``tutor.turn``: the card values of what the turn
melds or lays off, where of the pile only its top card counts. Cards are
counted by face, so of each kind at most as many count as the hand held
(plus the top card); the encoding melds the hand's own copies first, which
is what makes that count reachable.
"""

from __future__ import annotations

from math import gcd

from .encoding import Encoding
from .kinds import BLOCKER, NATURAL, UNKNOWN_KIND
from .terms import And, If, Implies, Not, lin

INITIAL = 26


def points(enc: Encoding):
    """The first-meld points of the turn (built once, on demand)."""
    if "points" in enc.facts:
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
