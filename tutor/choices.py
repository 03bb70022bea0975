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
from .search_budget import StepBudget
from .spot import Spot

#: The listing's work before it gives up, in cards judged (a shape, some naturals with some
#: wild cards, costs its cards): a random 40-card albany hand takes up to about 12,000, a
#: 100-card canasty hand 91,000; a hand of hundreds of cards would take minutes.
MAX_SHAPES = 2_000_000


def _wild_combos(rules: Rules, hand: tuple[Card, ...], most: int, budget: StepBudget):
    """Every multiset of wild cards from the hand (by kind), up to ``most`` cards."""
    kinds = Counter(c.rank for c in hand if rules.role(c) == "wild")
    order = sorted(kinds, key=lambda r: (r != "JK", -RANK_ORDER.get(r, 0)))
    of_kind = {k: [x for x in hand if x.rank == k] for k in order}
    for counts in product(*(range(min(kinds[k], most) + 1) for k in order)):
        budget.spend()
        if sum(counts) <= most:
            yield tuple(c for k, n in zip(order, counts) for c in of_kind[k][:n])


class _Listing:
    """The candidates found so far, each once; past ``limit`` of them the listing gives up at once."""

    def __init__(self, limit: int | None, budget: StepBudget):
        self.found: dict[MeldChoice, None] = {}
        self.limit, self.budget = limit, budget

    def append(self, choice: MeldChoice) -> None:
        self.found[choice] = None
        if self.limit is not None and len(self.found) > self.limit:
            raise self.budget.exhausted(f"the cards form more than {self.limit} candidate melds and lay-offs, "
                                        f"and listing the legal ones stops at {self.limit}")

    def extend(self, choices) -> None:
        for choice in choices:
            self.append(choice)


def candidates(spot: Spot, hand: tuple[Card, ...] | None = None, *, limit: int | None = None,
               budget: StepBudget | None = None) -> list[MeldChoice]:
    """Every group-shaped meld and lay-off the hand could form (legality of the turn aside).

    Counted as it goes: past ``limit`` distinct candidates, or past the ``budget`` of shapes
    (``MAX_SHAPES`` cards judged when none is given), ``SolverLimitError``, before any more work."""
    rules = spot.rules
    hand = spot.hand if hand is None else hand
    budget = StepBudget(MAX_SHAPES, "the listing of melds") if budget is None else budget
    out = _Listing(limit, budget)
    naturals = Counter(c.rank for c in hand if rules.role(c) == "natural" and c.rank in rules.natural_ranks)
    n_wild = sum(1 for c in hand if rules.role(c) == "wild")
    table = {}
    for i, m in enumerate(spot.melds, start=1):
        j = judge(rules, m, going_out=True)
        if j.kind == GROUP:
            table.setdefault(j.key, []).append(i)
    ranks = sorted(naturals, key=lambda r: -RANK_ORDER[r])
    for rank in ranks:
        of_rank = [c for c in hand if c.rank == rank and rules.role(c) == "natural"]
        for n in range(1, naturals[rank] + 1):
            nats = tuple(of_rank[:n])
            for wilds in _wild_combos(rules, hand, n_wild, budget):
                cards = nats + wilds
                budget.spend(len(cards))  # judging a shape takes time by its cards
                if rank not in table or not rules["meld"]["one_per_rank"]:
                    if is_legal(rules, cards):
                        out.append(MeldChoice("meld", cards, None, card_points(rules, cards)))
                for to in table.get(rank, []):
                    budget.spend(len(spot.melds[to - 1]) + len(cards))
                    if is_legal(rules, tuple(spot.melds[to - 1]) + cards):
                        out.append(MeldChoice("layoff", cards, to, card_points(rules, cards)))
    # wild cards alone onto a meld, and all-wild or black-3 melds
    for to, m in enumerate(spot.melds, start=1):
        for wilds in _wild_combos(rules, hand, n_wild, budget):
            budget.spend(len(m) + len(wilds))
            if wilds and is_legal(rules, tuple(m) + wilds):
                out.append(MeldChoice("layoff", wilds, to, card_points(rules, wilds)))
    for wilds in _wild_combos(rules, hand, n_wild, budget):
        budget.spend(len(wilds))
        if wilds and is_legal(rules, wilds):
            out.append(MeldChoice("meld", wilds, None, card_points(rules, wilds)))
    if rules["meld"].get("sequences"):
        out.extend(_sequence_candidates(spot, hand, budget))
    for rank in sorted({c.rank for c in hand if rules.role(c) == "stopper"}, key=lambda r: -RANK_ORDER.get(r, 0)):
        reds = [c for c in hand if c.rank == rank and rules.role(c) == "stopper" and c.is_red]
        # suits tell stoppers apart (a set of one suit counts double, Deluxe option 1): each distinct set
        for n in range(rules["stopper_meld"].get("min_cards", 3), len(reds) + 1):
            for cards in _distinct_combinations(reds, n):
                budget.spend(n)
                if is_legal(rules, cards):
                    out.append(MeldChoice("meld", cards, None, card_points(rules, cards)))
        # a set of stoppers already down (Deluxe option 1) takes more of its rank
        for to, m in enumerate(spot.melds, start=1):
            if m and all(c.rank == rank and rules.role(c) == "stopper" for c in m):
                for n in range(1, len(reds) + 1):
                    for cards in _distinct_combinations(reds, n):
                        budget.spend(len(m) + n)
                        if is_legal(rules, tuple(m) + cards):
                            out.append(MeldChoice("layoff", cards, to, card_points(rules, cards)))
    blockers = [c for c in hand if rules.role(c) == "blocker"]
    for n in range(1, len(blockers) + 1):
        budget.spend(n)
        cards = tuple(blockers[:n])
        if is_legal(rules, cards, going_out=True):
            out.append(MeldChoice("meld", cards, None, card_points(rules, cards)))
    return sorted(out.found, key=_order)


def _distinct_combinations(cards: list[Card], n: int) -> list[tuple[Card, ...]]:
    """Each distinct choice of ``n`` of these cards once, in a stable order."""
    return sorted(set(combinations(sorted(cards, key=str), n)), key=lambda c: tuple(map(str, c)))


def _sequence_candidates(spot: Spot, hand: tuple[Card, ...], budget: StepBudget):
    """Same-suit runs the hand could form, new or onto a table sequence (wilds undeclared)."""
    rules = spot.rules
    held_wilds = sum(1 for c in hand if rules.role(c) == "wild")
    cap = rules.max_wilds()
    n_wild = held_wilds if cap is None else min(held_wilds, cap)
    targets = []
    for i, m in enumerate(spot.melds, start=1):
        j = judge(rules, m, going_out=True)
        if j.kind == "sequence":
            targets.append((i, m, j.key, {c.order for c in m if rules.role(c) == "natural"}, j.wilds))
    for suit in "SHDC":
        ranks = sorted({c.order: c for c in hand if c.suit == suit and rules.role(c) == "natural"}.items())
        cards_by_order = dict(ranks)
        orders = [o for o, _ in ranks]
        mine = [t for t in targets if t[2] == suit]
        for size in range(1, len(orders) + 1):
            for chosen in combinations(orders, size):
                budget.spend(1 + len(mine))
                # more gaps than wild cards could ever fill: as a new sequence, or around a table one
                # (whose own naturals fill the middle: a lay-off may go on at both ends)
                alone = chosen[-1] - chosen[0] + 1 - size <= n_wild
                onto = [(to, m) for to, m, _, have, w in mine if _gaps(set(chosen) | have) <= n_wild + w]
                if not alone and not onto:
                    continue
                nats = tuple(cards_by_order[o] for o in chosen)
                for wilds in _wild_combos(rules, hand, n_wild, budget):
                    cards = nats + wilds
                    budget.spend(len(cards))
                    if alone and size >= 2 and is_legal(rules, cards):
                        yield MeldChoice("meld", cards, None, card_points(rules, cards))
                    for to, m in onto:
                        budget.spend(len(m) + len(cards))
                        if _extends(rules, m, cards):
                            yield MeldChoice("layoff", cards, to, card_points(rules, cards))


def _gaps(orders: set[int]) -> int:
    return max(orders) - min(orders) + 1 - len(orders)


def _extends(rules: Rules, meld, cards) -> bool:
    try:
        return judge(rules, tuple(meld) + tuple(cards), going_out=True).kind == "sequence"
    except Exception:
        return False


def _order(choice: MeldChoice):
    first = next((c for c in choice.cards if c.rank != "JK" and c.rank != "2"), choice.cards[0])
    return (choice.kind != "meld", choice.to or 0, -RANK_ORDER.get(first.rank, 0),
            len(choice.cards), tuple(str(c) for c in choice.cards))
