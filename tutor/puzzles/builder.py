"""Dealing spots on purpose: cards from the variant's real pack, melds that fit together.

``Builder`` hands out cards (never more copies than the pack holds),
reserves ranks so that melds do not collide, and writes the contract's
spot. Recipes (``tutor.puzzles.construct``) use it to build near misses.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..cards import RANK_ORDER, SUITS, Card, format_cards
from ..melds import card_points, is_legal
from ..rules import Rules


class Skip(Exception):
    """The recipe cannot build a spot from these random choices; the generator moves on."""


@dataclass(frozen=True)
class Candidate:
    """A spot and the question to ask about it, as a recipe built it."""

    spot: dict[str, Any]
    question: str
    play: str | None
    recipe: str
    origin: dict[str, Any] | None = None  # the self-played game that reaches the spot (``mine``)


def rank_of(order: int) -> str:
    """The rank at a sequence position (``RANK_ORDER``): 14 is an ace."""
    for rank, o in RANK_ORDER.items():
        if o == order:
            return rank
    raise Skip(f"no rank at position {order}")


_ROLE_ORDER = {"natural": 0, "wild": 1, "stopper": 2, "blocker": 3, "bonus": 4}


class Builder:
    """Hands out cards from the variant's pack, and reserves ranks so melds do not collide."""

    def __init__(self, rules: Rules, rng: random.Random, variant: str, options: dict[str, Any]):
        self.rules = rules
        self.rng = rng
        self.variant = variant
        self.options = options
        self.left = Counter(rules.pack)
        self.used: set[str] = set()

    # -- cards ------------------------------------------------------------------
    def _take(self, pool: list[Card], n: int) -> list[Card]:
        if len(pool) < n:
            raise Skip(f"the pack has only {len(pool)} such cards")
        picks = self.rng.sample(pool, n)
        for c in picks:
            self.left[c] -= 1
        return picks

    def naturals(self, rank: str, n: int) -> list[Card]:
        pool = [c for c in self.left.elements() if c.rank == rank and self.rules.role(c) == "natural"]
        # prefer different suits, as a real hand usually has them
        by_suit: dict[str, list[Card]] = {}
        for c in pool:
            by_suit.setdefault(c.suit, []).append(c)
        suits = sorted(by_suit)
        self.rng.shuffle(suits)
        picks: list[Card] = []
        while len(picks) < n and any(by_suit.values()):
            for s in suits:
                if by_suit[s] and len(picks) < n:
                    picks.append(by_suit[s].pop())
        if len(picks) < n:
            raise Skip(f"not enough {rank}s in the pack")
        for c in picks:
            self.left[c] -= 1
        return picks

    def take(self, card: Card) -> Card:
        """This very card, if the pack still holds a copy."""
        if self.left[card] <= 0:
            raise Skip(f"no {card} left")
        self.left[card] -= 1
        return card

    def wilds(self, n: int, kind: str | None = None) -> list[Card]:
        pool = [c for c in self.left.elements() if self.rules.role(c) == "wild" and (kind is None or c.rank == kind)]
        return self._take(pool, n)

    def of_role(self, role: str, n: int, red: bool | None = None) -> list[Card]:
        pool = [c for c in self.left.elements() if self.rules.role(c) == role
                and (red is None or c.is_red == red)]
        return self._take(pool, n)

    def rank(self, avoid: set[str] | None = None, high: bool | None = None) -> str:
        """A natural rank not used yet (``high``: worth 10 or more, or less)."""
        ranks = [r for r in self.rules.natural_ranks if r not in self.used and r not in (avoid or set())]
        if high is not None:
            ranks = [r for r in ranks if (self.rules.value(Card(r, "S")) >= 10) == high]
        if not ranks:
            raise Skip("no rank left")
        r = self.rng.choice(ranks)
        self.used.add(r)
        return r

    def junk(self, n: int, high: bool | None = None) -> list[Card]:
        """``n`` natural cards of different, unused ranks: cards that meld with nothing."""
        return [self.naturals(self.rank(high=high), 1)[0] for _ in range(n)]

    def filler(self, n: int) -> list[Card]:
        """Cards under the top of a pile: naturals of any rank, never wild or special."""
        pool = [c for c in self.left.elements() if self.rules.role(c) == "natural"
                and c.rank in self.rules.natural_ranks]
        return self._take(pool, n)

    # -- melds ---------------------------------------------------------------------
    def wild_room(self, naturals: int, wilds: int) -> int:
        """How many more wild cards a group with these counts may take."""
        cap = self.rules.max_wilds()
        room = 99 if cap is None else cap - wilds
        if self.rules["meld"]["wilds_at_most_naturals"]:
            room = min(room, naturals - wilds)
        return max(0, room)

    def room_of(self, meld) -> int:
        """How many more wild cards this meld may take."""
        roles = [self.rules.role(c) for c in meld]
        return self.wild_room(roles.count("natural"), roles.count("wild"))

    def group_with_room(self, rank: str, naturals: int, room: int, at_least: int = 3) -> list[Card]:
        """A group of ``naturals`` naturals with as many wilds as leave room for ``room`` more."""
        for wilds in range(0, naturals + 4):
            if self.wild_room(naturals, wilds) == room and naturals + wilds >= at_least:
                return self.group(rank, naturals, wilds)
        raise Skip(f"no group of {naturals} {rank}s leaves room for {room} wild cards")

    def group(self, rank: str, naturals: int, wilds: int = 0) -> list[Card]:
        cards = self.naturals(rank, naturals) + self.wilds(wilds)
        if not is_legal(self.rules, cards):
            raise Skip(f"{format_cards(cards)} is not a legal meld")
        return cards

    def run(self, suit: str, low: int, length: int, wild_at: tuple[int, ...] = ()) -> list[Card]:
        """An albany sequence of ``length`` from rank order ``low``, wilds at the given offsets."""
        cards = []
        for i in range(length):
            order = low + i
            if i in wild_at:
                cards += self.wilds(1)
                continue
            cards.append(self.take(Card(rank_of(order), suit)))
        if not is_legal(self.rules, cards):
            raise Skip(f"{format_cards(cards)} is not a legal sequence")
        return cards

    def points(self, cards) -> int:
        return card_points(self.rules, cards)

    def meld_canasta(self, rank: str | None = None) -> list[Card]:
        """A canasta for the table: seven to nine cards, natural or mixed."""
        rank = rank or self.rank()
        n = self.rng.randint(5, 7)
        avail = sum(1 for c in self.left.elements() if c.rank == rank)
        n = min(n, avail)
        w = min(self.wild_room(n, 0), max(0, 7 - n) + self.rng.randint(0, 1))
        cards = self.group(rank, n, w)
        if len(cards) < 7:
            raise Skip("no canasta")
        return cards

    # -- the spot ------------------------------------------------------------------------
    def sort(self, cards) -> list[Card]:
        return sorted(cards, key=lambda c: (_ROLE_ORDER.get(self.rules.role(c), 5), -c.order, SUITS.find(c.suit)))

    def score_for_need(self) -> int:
        """A cumulative score picked from the variant's first-meld bands."""
        bands = self.rules["initial"].get("bands", [])
        if not bands:
            return self.rng.choice([0, 120, 640, 1350])
        band = self.rng.choice(bands)
        low = band.get("from", -400)
        return low + self.rng.choice([0, 5, 40, 115, 260, 480]) if low >= 0 else self.rng.choice([-400, -150, -25])

    def spot(self, hand, melds=(), discard=(), *, phase: str = "drawn", score: int | None = None,
             bonus=(), first_round: bool | None = None, scores: list[int] | None = None) -> dict[str, Any]:
        d: dict[str, Any] = {"variant": self.variant}
        if self.options:
            d["options"] = dict(self.options)
        d["score"] = self.score_for_need() if score is None else score
        d["hand"] = format_cards(self.sort(hand))
        d["melds"] = [format_cards(m) for m in melds]
        d["discard"] = format_cards(discard)
        if self.rules["cards"].get("bonus"):
            d["red_threes"] = format_cards(bonus)
        d["stock"] = self.rng.choice([12, 23, 31, 38, 46, 57])
        if "wimp_rule" in self.rules.variant.options:
            d["first_round"] = bool(first_round)
            d["scores"] = scores if scores is not None else [d["score"]] + [self.rng.choice([0, 150, 420, 890])
                                                                             for _ in range(self.rules.layout.sides - 1)]
        d["phase"] = phase
        return d


# -- pieces recipes share ---------------------------------------------------------------

def hand_melds(b: Builder, count: int, wild_chance: float = 0.3) -> list[list[Card]]:
    """``count`` small melds for the hand (three or four cards, a wild now and then)."""
    out = []
    for _ in range(count):
        rank = b.rank()
        n = b.rng.choice([3, 3, 4]) if b.rng.random() >= wild_chance else 2
        w = 1 if n == 2 else 0
        out.append(b.group(rank, n, w))
    return out


def table_canastas(b: Builder, count: int) -> list[list[Card]]:
    return [b.meld_canasta() for _ in range(count)]


def table_small(b: Builder, count: int) -> list[list[Card]]:
    out = []
    for _ in range(count):
        rank = b.rank()
        n = b.rng.randint(3, 4)
        w = b.rng.randint(0, min(1, b.wild_room(n, 0)))
        out.append(b.group(rank, n, w))
    return out


def flat(melds) -> list[Card]:
    return [c for m in melds for c in m]


def need_canastas(b: Builder) -> int:
    return b.rules.canastas_to_go_out
