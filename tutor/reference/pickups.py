"""The ways a turn can start: no pickup, or one of the few ways of taking the pile.

Written from the rulings (C-FROZEN, C-PICKUP, C-BLACK3, H-BLACK3, Y-PICKUP)
and the variant data, independently of the turn engine. A way fixes which
cards join the hand, which class of cards the top card goes down with, and
the hand cards named with it. Cards of one class are interchangeable, so one
way stands for every choice of suits; the choices are kept because a
concealed going-out may care which cards remain (C-CONCEALED).

The whole-pile style comes first; the fanned pile of albany (A-DRAW) has its own
starts at the end (``fanned_starts``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from ..cards import Card
from ..errors import IllegalPlayError
from ..goals import ANY, NONE
from ..melds import judge
from ..play import PICKUP, Action
from ..search_budget import current
from ..spot import Spot
from .inventory import BLOCKER, NATURAL, WILD, TableMeld, card_class
from .sweep import Shape


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


# -- the fanned pile (albany, A-DRAW) ------------------------------------------------
@dataclass(frozen=True)
class FannedStart:
    """How an albany turn starts (A-DRAW).

    kind "" is no pickup; "a" the top card alone; "b" the whole pile for a top
    card used at once; "c" a deeper card with everything above it. ``lead`` is
    the card that goes down at once ((b) the top card, (c) the lowest card
    taken) with the ``named`` cards, as a new set or, in (b), laid off onto
    the side's set ``onto`` (0-based).
    """

    kind: str
    action: Action | None = None
    taken: tuple[Card, ...] = ()     # the pile cards that join the hand (the lead aside)
    lead: Card | None = None
    named: tuple[Card, ...] = ()
    onto: int | None = None

    @property
    def picks_up(self) -> bool:
        return self.kind != ""


NO_START = FannedStart("")


def _fits_set(rules, cards) -> tuple | None:
    """(kind, key) of the set these cards make, or None if they make none."""
    try:
        j = judge(rules, cards)
    except IllegalPlayError:
        return None
    return j.kind, j.key


def lays_off_alone(rules, melds, card: Card) -> list[int]:
    """The side's sets this card alone may be laid off onto (their kind and key unchanged)."""
    out = []
    for i, m in enumerate(melds):
        before, after = _fits_set(rules, m), _fits_set(rules, tuple(m) + (card,))
        if before is not None and before == after:
            out.append(i)
    return out


def _small_additions(rules, lead, pool: list[Card], counts: Counter, test, min_naturals: int,
                     bridge: tuple[Card, ...] | None = None):
    """Inclusion-minimal multisets of naturals and wild cards from ``pool`` that
    ``test(lead + cards)`` accepts (``lead``: a card, or the cards already going down).
    Naturals are kept by identity (the suit matters to a sequence); wild cards by kind (a 2
    or a joker), the first of each kind in ``pool``.

    A least new set with the lead card adds no more naturals than the set's fewest cards
    (or naturals) ask, and no more wild cards than it may hold (``meld`` in the rules data).
    Joining a sequence, or completing cards that span a gap, may take more: with ``bridge``
    (the cards of the sequence, if any) any number of naturals of the lead's suit is tried too.
    """
    shape = Shape.of(rules)
    cap = len(pool) if shape.max_wilds is None else shape.max_wilds
    most_naturals = max(shape.min_cards - 1, shape.min_naturals, min_naturals)
    most_wilds = min(cap, shape.min_cards - 1)
    reach = cap + 2  # a natural farther from every lead card than wild cards can bridge joins no sequence with it
    lead = (lead,) if isinstance(lead, Card) else tuple(lead)
    naturals = [c for c in dict.fromkeys(pool) if rules.role(c) == "natural" and c.rank in rules.natural_ranks]
    anchors = [c for c in lead if rules.role(c) == "natural"]
    suited = []
    if bridge is not None:
        suits = {c.suit for c in anchors + [c for c in bridge if rules.role(c) == "natural"]}
        suited = [c for c in naturals if c.suit in suits]
    if anchors:
        naturals = [c for c in naturals
                    if any(c.rank == a.rank or (c.suit == a.suit and abs(c.order - a.order) <= reach) for a in anchors)]
    # wild cards differ only by kind: one choice per multiset of kinds, the first cards of the pool
    wild_ids = [c for c in dict.fromkeys(pool) if rules.role(c) == "wild"]
    wild_sets, seen = [()], set()
    # a set of wild cards alone that the lead card opens may need more of them (``wild_meld.min_cards``)
    wm = rules["wild_meld"]
    alone = wm.get("min_cards", rules["meld"]["min_cards"]) - 1 if wm.get("allowed") and not anchors else 0
    for size in range(1, max(most_wilds, alone) + 1):
        for cards in combinations_with_replacement(wild_ids, size):
            kinds = tuple(sorted(c.rank for c in cards))
            if kinds not in seen and not Counter(cards) - counts:
                seen.add(kinds)
                wild_sets.append(cards)
    steps = current()
    nat_sets = [c for size in range(most_naturals + 1) for c in combinations_with_replacement(naturals, size)]
    for size in range(most_naturals + 1, len(suited) + 1):  # bridges: distinct ranks of one suit
        for c in combinations(suited, size):
            steps.spend()
            if len({x.order for x in c}) == size and len({x.suit for x in c}) == 1:
                nat_sets.append(c)
    found = []
    for nats in nat_sets:
        steps.spend(len(wild_sets))
        if len(nats) < min_naturals:
            continue
        for wilds in wild_sets:
            cards = nats + wilds
            if not cards or Counter(cards) - counts:
                continue
            if test(lead + cards):
                found.append(Counter(cards))
    steps.spend(len(found) ** 2)
    return [tuple(f.elements()) for f in found if not any(g != f and not g - f for g in found)]


def fanned_starts(spot: Spot, pickup) -> list[FannedStart]:
    """Every way the albany turn may start under the goal's ``pickup`` (ANY, NONE or an Action).

    A start is kept only when its named cards are a least choice: any further card
    can be laid off onto the same set later in the turn, to the same effect.
    """
    before = spot.phase == "before-draw"
    if pickup == NONE:
        return [] if before else [NO_START]
    if pickup == ANY:
        return _all_fanned(spot) if before else [NO_START]
    if not isinstance(pickup, Action) or pickup.kind != PICKUP or not before or not spot.discard:
        return []
    return _fixed_fanned(spot, pickup)


def _all_fanned(spot: Spot) -> list[FannedStart]:
    rules, pile, hand = spot.rules, spot.discard, spot.hand
    if not pile:
        return []
    out = []
    top = pile[-1]
    onto = lays_off_alone(rules, spot.melds, top)
    counts = Counter(hand)
    if rules.role(top) != "stopper":  # A-STOPPER: never taken from the top
        if not onto:
            out.append(FannedStart("a", Action(PICKUP, ()), (top,)))
        else:
            taken = tuple(pile[:-1])
            for j in onto:
                out.append(FannedStart("b", Action(PICKUP, ()), taken, top, (), j))
            for named in _small_additions(rules, top, list(hand), counts,
                                          lambda cards: _fits_set(rules, cards) is not None, 0):
                out.append(FannedStart("b", Action(PICKUP, named), taken, top, named, None))
            for j, meld in enumerate(spot.melds):
                if j in onto:
                    continue
                kind = _fits_set(rules, meld)
                test = (lambda cards, m=meld, k=kind: _fits_set(rules, tuple(m) + cards) == k)
                for named in _small_additions(rules, top, list(hand), counts, test, 0, bridge=tuple(meld)):
                    out.append(FannedStart("b", Action(PICKUP, named), taken, top, named, j))
    for depth in range(2, len(pile) + 1):
        out.extend(_deep(spot, depth, None))
    return out


def _deep(spot: Spot, depth: int, named: tuple[Card, ...] | None) -> list[FannedStart]:
    """A-DRAW (c): the card ``depth`` from the top and all above it; the lowest goes down at once
    in a new set with at least two naturals and at most two wilds from the hand (Deluxe option 3:
    from any card now held)."""
    rules, pile = spot.rules, spot.discard
    lowest = pile[-depth]
    if rules.role(lowest) == "stopper":
        return []
    taken = tuple(pile[-depth + 1:])
    pool = list(spot.hand) + (list(taken) if rules["pile"].get("take_up_option") else [])
    counts = Counter(pool)
    need, most = rules["pile"]["deep_needs_naturals"], rules["pile"]["deep_max_wilds"]

    def test(cards):
        extra = cards[1:]
        nats = sum(1 for c in extra if rules.role(c) == "natural")
        wilds = sum(1 for c in extra if rules.role(c) == "wild")
        return (nats >= need and wilds <= most and nats + wilds == len(extra)
                and _fits_set(rules, cards) is not None)

    if named is not None:
        if Counter(named) - counts or not test((lowest,) + tuple(named)):
            return []
        choices = [tuple(named)]
    else:
        choices = _small_additions(rules, lowest, pool, counts, test, need)
    return [FannedStart("c", Action(PICKUP, c, None, depth), taken, lowest, c) for c in choices]


def _fixed_fanned(spot: Spot, action: Action) -> list[FannedStart]:
    """The start a named pickup makes (the play notation: no depth is (a) or (b), whichever applies;
    depth 1 is (a); depth K >= 2 is (c), or (b) when K is the whole pile, the top card can be
    laid off and the named cards make no set with the lowest card)."""
    rules, pile, hand = spot.rules, spot.discard, spot.hand
    depth, named = action.depth, tuple(action.cards)
    top = pile[-1]
    if depth is not None and depth > len(pile):
        return []
    onto = lays_off_alone(rules, spot.melds, top)
    if depth is None:
        kind = "b" if onto else "a"
    elif depth == 1:
        kind = "a"
    elif depth == len(pile) and onto and _fits_set(rules, (pile[-depth],) + named) is None:
        kind = "b"
    else:
        kind = "c"
    if kind == "c":
        return [FannedStart(s.kind, action, s.taken, s.lead, s.named) for s in _deep(spot, depth, named)]
    if rules.role(top) == "stopper":
        return []
    if kind == "a":
        return [] if named or onto else [FannedStart("a", action, (top,))]
    if Counter(named) - Counter(hand):
        return []  # (b): the top card goes down with cards from the hand only
    taken = tuple(pile[:-1])
    # the first step may hold more cards from the hand than the pickup named: fewest first
    rest = Counter(hand) - Counter(named)
    lead = (top,) + named
    out = []
    for more in _small_additions(rules, lead, list(rest.elements()), rest,
                                 lambda cards: _fits_set(rules, cards) is not None, 0, bridge=()) + [()]:
        if _fits_set(rules, lead + more) is not None:
            out.append(FannedStart("b", action, taken, top, named + more, None))
    for j, meld in enumerate(spot.melds):
        kind_j = _fits_set(rules, meld)
        test = (lambda cards, m=meld, k=kind_j: k is not None and _fits_set(rules, tuple(m) + cards) == k)
        if test(lead):
            out.append(FannedStart("b", action, taken, top, named, j))
            continue
        for more in _small_additions(rules, lead, list(rest.elements()), rest, test, 0, bridge=tuple(meld)):
            out.append(FannedStart("b", action, taken, top, named + more, j))
    return out
