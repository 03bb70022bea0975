"""Candidate melds and lay-offs for the ``melds`` question, in canonical form.

Cards that play the same role are interchangeable (docs/answers.md, the melds listing): in a group
the naturals of its rank differ only by suit, wild cards differ by kind
(their rank: a 2 or a joker, or a king in canasty). A candidate is written
with the hand's first cards of each kind. Which candidates are *legal now*
is for a decider to say (``Goal.include``); this module only lists shapes
that could be legal as a meld, and orders them stably.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from .cards import RANK_ORDER, Card
from .goals import MeldChoice
from .melds import GROUP, card_points, judge, is_legal
from .rules import Rules
from .spot import Spot


def _first(hand: tuple[Card, ...], pred, n: int) -> tuple[Card, ...]:
    return tuple([c for c in hand if pred(c)][:n])


def _wild_combos(rules: Rules, hand: tuple[Card, ...], most: int):
    """Every multiset of wild cards from the hand (by kind), up to ``most`` cards."""
    kinds = Counter(c.rank for c in hand if rules.role(c) == "wild")
    order = sorted(kinds, key=lambda r: (r != "JK", -RANK_ORDER.get(r, 0)))
    for counts in product(*(range(min(kinds[k], most) + 1) for k in order)):
        if sum(counts) <= most:
            yield tuple(c for k, n in zip(order, counts) for c in _first(hand, lambda x, k=k: x.rank == k, n))


def candidates(spot: Spot, hand: tuple[Card, ...] | None = None) -> list[MeldChoice]:
    """Every group-shaped meld and lay-off the hand could form (legality of the turn aside)."""
    rules = spot.rules
    hand = spot.hand if hand is None else hand
    out: list[MeldChoice] = []
    naturals = Counter(c.rank for c in hand if rules.role(c) == "natural" and c.rank in rules.natural_ranks)
    n_wild = sum(1 for c in hand if rules.role(c) == "wild")
    table = {}
    for i, m in enumerate(spot.melds, start=1):
        j = judge(rules, m, going_out=True)
        if j.kind == GROUP:
            table.setdefault(j.key, []).append(i)
    ranks = sorted(naturals, key=lambda r: -RANK_ORDER[r])
    for rank in ranks:
        for n in range(1, naturals[rank] + 1):
            nats = _first(hand, lambda c, r=rank: c.rank == r and rules.role(c) == "natural", n)
            for wilds in _wild_combos(rules, hand, n_wild):
                cards = nats + wilds
                if rank not in table or not rules["meld"]["one_per_rank"]:
                    if is_legal(rules, cards):
                        out.append(MeldChoice("meld", cards, None, card_points(rules, cards)))
                for to in table.get(rank, []):
                    if is_legal(rules, tuple(spot.melds[to - 1]) + cards):
                        out.append(MeldChoice("layoff", cards, to, card_points(rules, cards)))
    # wild cards alone onto a meld, and all-wild or black-3 melds
    for to, m in enumerate(spot.melds, start=1):
        for wilds in _wild_combos(rules, hand, n_wild):
            if wilds and is_legal(rules, tuple(m) + wilds):
                out.append(MeldChoice("layoff", wilds, to, card_points(rules, wilds)))
    for wilds in _wild_combos(rules, hand, n_wild):
        if wilds and is_legal(rules, wilds):
            out.append(MeldChoice("meld", wilds, None, card_points(rules, wilds)))
    if rules["meld"].get("sequences"):
        out.extend(_sequence_candidates(spot, hand))
    for rank in sorted({c.rank for c in hand if rules.role(c) == "stopper"}, key=lambda r: -RANK_ORDER[r]):
        reds = [c for c in hand if c.rank == rank and rules.role(c) == "stopper" and c.is_red]
        for n in range(rules["stopper_meld"].get("min_cards", 3), len(reds) + 1):
            if is_legal(rules, tuple(reds[:n])):
                out.append(MeldChoice("meld", tuple(reds[:n]), None, card_points(rules, reds[:n])))
    blockers = [c for c in hand if rules.role(c) == "blocker"]
    for n in range(1, len(blockers) + 1):
        cards = tuple(blockers[:n])
        if is_legal(rules, cards, going_out=True):
            out.append(MeldChoice("meld", cards, None, card_points(rules, cards)))
    return sorted(set(out), key=_order)


def _sequence_candidates(spot: Spot, hand: tuple[Card, ...]) -> list[MeldChoice]:
    """Same-suit runs the hand could form, new or onto a table sequence (wilds undeclared)."""
    rules = spot.rules
    n_wild = min(sum(1 for c in hand if rules.role(c) == "wild"), rules.max_wilds() or 0)
    out = []
    targets = [(i, m) for i, m in enumerate(spot.melds, start=1) if judge(rules, m, going_out=True).kind == "sequence"]
    for suit in "SHDC":
        ranks = sorted({c.order: c for c in hand if c.suit == suit and rules.role(c) == "natural"}.items())
        cards_by_order = dict(ranks)
        orders = [o for o, _ in ranks]
        for size in range(1, len(orders) + 1):
            for chosen in combinations(orders, size):
                if chosen[-1] - chosen[0] + 1 - size > n_wild:
                    continue  # more gaps than wild cards could ever fill
                nats = tuple(cards_by_order[o] for o in chosen)
                for wilds in _wild_combos(rules, hand, n_wild):
                    cards = nats + wilds
                    if size >= 2 and is_legal(rules, cards):
                        out.append(MeldChoice("meld", cards, None, card_points(rules, cards)))
                    for to, m in targets:
                        if judge(rules, m, going_out=True).key == suit and _extends(rules, m, cards):
                            out.append(MeldChoice("layoff", cards, to, card_points(rules, cards)))
    return out


def _extends(rules: Rules, meld, cards) -> bool:
    try:
        return judge(rules, tuple(meld) + tuple(cards), going_out=True).kind == "sequence"
    except Exception:
        return False


def _order(choice: MeldChoice):
    first = next((c for c in choice.cards if c.rank != "JK" and c.rank != "2"), choice.cards[0])
    return (choice.kind != "meld", choice.to or 0, -RANK_ORDER.get(first.rank, 0),
            len(choice.cards), tuple(str(c) for c in choice.cards))
