"""The ways a turn can start: no pickup, or one of the few ways of taking the pile.

Written from RULINGS.md (C-FROZEN, C-PICKUP, C-BLACK3, H-BLACK3, Y-PICKUP)
and the variant data, independently of the turn engine. A way fixes which
cards join the hand, which class of cards the top card goes down with, and
the hand cards named with it. Cards of one class are interchangeable, so one
way stands for every choice of suits; the choices are kept because a
concealed going-out may care which cards remain (C-CONCEALED).

Only the whole-pile style is here; a fanned pile (albany) adds its own ways.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement

from ..cards import Card
from ..goals import ANY, NONE
from ..play import PICKUP, Action
from ..spot import Spot
from .inventory import BLOCKER, NATURAL, WILD, TableMeld, card_class


@dataclass(frozen=True)
class Way:
    """How the turn starts."""

    action: Action | None                 # the goal's own pickup step, if it fixed one
    taken: tuple[Card, ...] = ()          # pile cards that join the hand (bonus cards are laid out)
    top: Card | None = None
    target: tuple | None = None           # class the top card goes down with: ("n", rank) or ("b",)
    onto: int | None = None               # 0-based index of the side's meld it joins; None: a new meld
    choices: tuple[tuple[Card, ...], ...] = ((),)   # interchangeable choices of the hand cards named with it
    only_going_out: bool = False          # taken under the black-3 exception (C-BLACK3)

    @property
    def picks_up(self) -> bool:
        return self.top is not None

    def step(self, choice: tuple[Card, ...]) -> Action:
        return self.action if self.action is not None else Action(PICKUP, choice)


NO_PICKUP = Way(None)


def ways(spot: Spot, table: tuple[TableMeld, ...], pickup) -> list[Way]:
    """Every way the turn may start under the goal's ``pickup`` (ANY, NONE or a fixed Action)."""
    before = spot.phase == "before-draw"
    if pickup == NONE:
        # from before-draw a turn starts by taking the pile; the stock card is unknown
        return [] if before else [NO_PICKUP]
    if pickup == ANY:
        return pile_ways(spot, table) if before else [NO_PICKUP]
    if not isinstance(pickup, Action) or pickup.kind != PICKUP or not before:
        return []
    return pile_ways(spot, table, fixed=pickup)


def _pairs(cards: list[Card], hand: Counter) -> list[tuple[Card, ...]]:
    """Distinct pairs of these kinds of card that the hand holds."""
    return [p for p in combinations_with_replacement(cards, 2) if not Counter(p) - hand]


def pile_ways(spot: Spot, table: tuple[TableMeld, ...], fixed: Action | None = None) -> list[Way]:
    """Taking the whole pile (C-PICKUP, C-FROZEN, C-BLACK3, Y-PICKUP)."""
    rules = spot.rules
    pile_rules = rules["pile"]
    pile = spot.discard
    if not pile or pile_rules.get("style", "whole") != "whole":
        return []
    if fixed is not None and fixed.depth is not None and fixed.depth != len(pile):
        return []  # whoever takes the pile takes all of it
    hand = Counter(spot.hand)
    if fixed is not None and Counter(fixed.cards) - hand:
        return []  # the named cards must be in the hand
    top = pile[-1]
    role = rules.role(top)
    if pile_rules.get("single_card_rule") and len(spot.hand) == 1 and len(pile) == 1:
        return []
    taken = tuple(c for c in pile if rules.role(c) != "bonus")
    kinds = list(dict.fromkeys(spot.hand))  # each kind of card once, in hand order

    def way(choices, target, onto=None, only_going_out=False) -> Way:
        return Way(fixed, taken, top, target, onto, tuple(choices), only_going_out)

    # C-BLACK3: a black 3 on top may be taken only to meld it, going out, with black 3s from the hand
    if role == "blocker" and rules["blocker_meld"].get("top_of_pile_for_going_out"):
        if fixed is not None:
            ok = len(fixed.cards) >= 2 and all(rules.role(c) == "blocker" for c in fixed.cards)
            return [way([fixed.cards], (BLOCKER,), only_going_out=True)] if ok else []
        pairs = _pairs([c for c in kinds if rules.role(c) == "blocker"], hand)
        return [way(pairs, (BLOCKER,), only_going_out=True)] if pairs else []
    if role in pile_rules["top_never"] or card_class(rules, top)[0] != NATURAL:
        return []

    frozen = (any(rules.role(c) in pile_rules.get("frozen_by", []) for c in pile)
              or (pile_rules.get("frozen_unmelded") and not spot.down))
    buried = bool(pile_rules.get("buried_blocker_needs")) and any(rules.role(c) == "blocker" for c in pile[:-1])
    if frozen:
        allowed = set(pile_rules["frozen_take_with"])
    elif buried:
        allowed = set(pile_rules["buried_blocker_needs"])
    else:
        allowed = set(pile_rules["take_with"])
    group = next((m.index for m in table if m.kind == "group" and m.key == top.rank), None)
    target = (NATURAL, top.rank)
    # Where the side already has a meld of that rank, the top card and the named cards
    # go onto it (one meld per rank); the ways of taking the pile stay the same.

    def natural(c: Card) -> bool:
        return rules.role(c) == "natural" and c.rank == top.rank

    if fixed is not None:
        cards = fixed.cards
        nats = [c for c in cards if natural(c)]
        wilds = [c for c in cards if rules.role(c) == "wild"]
        if not cards:
            ok = "layoff" in allowed and group is not None
        elif len(nats) + len(wilds) < len(cards):
            ok = False
        else:
            ok = (("natural_pair" in allowed and len(nats) >= 2)
                  or ("natural_wild" in allowed and len(nats) >= 1 and len(wilds) >= 1))
        return [way([cards], target, group)] if ok else []

    out = []
    if "layoff" in allowed and group is not None:
        out.append(way([()], target, group))
    naturals = [c for c in kinds if natural(c)]
    if "natural_pair" in allowed:
        pairs = _pairs(naturals, hand)
        if pairs:
            out.append(way(pairs, target, group))
    if "natural_wild" in allowed and naturals:
        by_kind: dict[str, list[Card]] = {}
        for c in kinds:
            if card_class(rules, c) == (WILD,):
                by_kind.setdefault(c.rank, []).append(c)
        for wilds in by_kind.values():  # the kinds of wild differ in value: one way per kind
            out.append(way([(n, w) for n in naturals for w in wilds], target, group))
    return out
