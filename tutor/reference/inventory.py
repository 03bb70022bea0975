"""Cards as the search sees them: classes of interchangeable cards, and the side's table.

Naturals of one rank are interchangeable and wild cards differ only by kind,
so the search counts cards per *class*; only the witness, at the very end,
names concrete cards. The identity of a card still matters in three places,
which the search honours exactly: a card named in the goal or the pickup,
which cards of the pile count toward a first meld (only the top card does),
and which card a concealed going-out may discard after taking the pile.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import UNKNOWN, Card
from ..melds import judge
from ..rules import Rules
from ..spot import Spot

NATURAL, WILD, BLOCKER, DEAD, BONUS = "n", "w", "b", "x", "bonus"


def card_class(rules: Rules, card: Card) -> tuple:
    """``("n", rank)`` for a natural of a meldable rank, ``("w",)`` a wild card,
    ``("b",)`` a black 3, ``("bonus",)`` a bonus card, ``("x",)`` a card never melded
    (the unknown stock card, a stopper)."""
    role = rules.role(card)
    if role == "natural":
        return (NATURAL, card.rank) if card.rank in rules.natural_ranks else (DEAD,)
    if role == "wild":
        return (WILD,)
    if role == "blocker":
        return (BLOCKER,)
    if role == "bonus":
        return (BONUS,)
    return (DEAD,)


@dataclass(frozen=True)
class TableMeld:
    """One of the side's melds before the turn, as judged."""

    index: int      # 0-based position in the spot's melds
    kind: str       # "group", "wild", "blockers" (or another kind the search leaves alone)
    key: str        # the rank of a group
    naturals: int
    wilds: int
    size: int


def read_table(rules: Rules, melds) -> tuple[TableMeld, ...]:
    out = []
    for i, m in enumerate(melds):
        j = judge(rules, m, going_out=True)
        out.append(TableMeld(i, j.kind, j.key, j.naturals, j.wilds, len(m)))
    return tuple(out)


class Inventory:
    """The cards a turn can use: the hand, plus the pile when it is taken.

    ``avail`` holds every usable card (identity -> count), ``own`` the cards whose
    values count toward a first meld: the hand and the pile's top card.
    """

    def __init__(self, rules: Rules, hand: tuple[Card, ...], taken: tuple[Card, ...], top: Card | None):
        self.rules = rules
        self.hand = Counter(hand)
        self.avail = Counter(hand) + Counter(taken)
        self.own = Counter(hand)
        if top is not None:
            self.own[top] += 1
        self.order: list[Card] = list(dict.fromkeys(tuple(hand) + tuple(taken)))  # hand first, for witnesses
        self._class = {c: card_class(rules, c) for c in self.order}
        self.by_class: dict[tuple, list[Card]] = {}
        for c in self.order:
            self.by_class.setdefault(self._class[c], []).append(c)

    def cls(self, card: Card) -> tuple:
        got = self._class.get(card)
        if got is None:
            got = self._class[card] = card_class(self.rules, card)
        return got

    def count(self, klass: tuple, of: Counter | None = None) -> int:
        of = self.avail if of is None else of
        return sum(of[c] for c in self.by_class.get(klass, ()))

    def value(self, card: Card) -> int:
        return self.rules.value(card)

    def counted(self, put: Counter) -> int:
        """First-meld points of the cards put down: per card, at most as many as the hand and top held."""
        return sum(self.value(c) * min(n, self.own[c]) for c, n in put.items() if n)


def after_stock_draw(spot: Spot) -> Spot | None:
    """After drawing from the stock, the faces unknown: one card, or two where the table draws
    two (H-DRAW, A-DRAW). Where an empty stock ends the hand (C-END), no more than the stock
    holds, and None when it is empty: no turn starts from it."""
    draw = spot.rules["draw"]
    count = draw["stock_cards"] if draw.get("exhausted", "end") == "reshuffle" else min(draw["stock_cards"], spot.stock)
    return spot.replace(hand=spot.hand + (UNKNOWN,) * count, phase="drawn") if count else None
