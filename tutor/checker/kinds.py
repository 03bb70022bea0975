"""The cards of a spot sorted into kinds: what the encoding counts instead of cards.

In a group variant cards that play the same role are interchangeable: the
naturals of one rank differ only by suit, wild cards by kind (their rank),
black 3s only by the points they are worth. So a turn is decided by *how
many* cards of each kind go where, and the encoding needs one small number
per kind and destination, never one per card. This module is plain Python:
it reads the spot and the rules data once and hands the encoding its counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..cards import RANK_ORDER, Card, format_cards
from ..goals import UNKNOWN
from ..melds import BLOCKERS, GROUP, WILD, judge
from ..spot import Spot

NATURAL, WILD_KIND, BLOCKER, UNKNOWN_KIND = "natural", "wild", "blocker", "unknown"


@dataclass(frozen=True)
class Kind:
    """Interchangeable cards: their role, a key, their value, and where the copies are."""

    role: str                  # NATURAL, WILD_KIND, BLOCKER or UNKNOWN_KIND
    key: str                   # the rank (naturals, wilds); "3" plus value for black 3s; "?"
    value: int                 # what one card counts toward a first meld
    hand: tuple[Card, ...]     # copies in the hand, in hand order
    pile: tuple[Card, ...]     # copies in the pile below its top card, top first
    meldable: bool = True      # naturals of a rank that no meld may hold are not
    name: str = field(init=False)  # an identifier for the encoding's variables

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", re.sub(r"\W", "_", f"{self.role}_{self.key}"))



@dataclass(frozen=True)
class TableMeld:
    """One of the side's melds on the table before the turn (``index`` is 1-based)."""

    index: int
    kind: str            # melds.GROUP, melds.WILD or melds.BLOCKERS
    key: str
    naturals: int
    wilds: int
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.cards)


@dataclass(frozen=True)
class Census:
    """Everything about a spot the encoding counts, computed once."""

    spot: Spot
    kinds: tuple[Kind, ...]
    table: tuple[TableMeld, ...]
    top: Card | None                 # the pile's top card
    pile_open: bool                  # the turn may start by taking the pile: its cards are counted
    unknown: int                     # unknown stock cards in the hand

    @property
    def rules(self):
        return self.spot.rules

    def of_role(self, role: str) -> list[Kind]:
        return [k for k in self.kinds if k.role == role]

    def natural(self, rank: str) -> Kind | None:
        return next((k for k in self.kinds if k.role == NATURAL and k.key == rank), None)

    def kind_of(self, card: Card) -> Kind | None:
        return next((k for k in self.kinds if card in k.hand or card in k.pile), None)

    @property
    def top_kind(self) -> Kind | None:
        """The kind the top card belongs to (its own copies in ``hand``/``pile``), if any."""
        if self.top is None:
            return None
        key = _key(self.rules, self.top)
        return next((k for k in self.kinds if (k.role, k.key) == key), None)

    def group(self, rank: str) -> TableMeld | None:
        return next((m for m in self.table if m.kind == GROUP and m.key == rank), None)

    def hand_summary(self) -> str:
        """The hand in words with its numbers: 'one K, two 7s, one 5 and 1 wild card'."""
        words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"]
        parts = []
        for k in sorted(self.of_role(NATURAL), key=lambda k: -RANK_ORDER.get(k.key, 0)):
            n = len(k.hand)
            if n:
                count = words[n] if n < len(words) else str(n)
                parts.append(f"{count} {k.key}{'s' * (n != 1)}")
        wilds = sum(len(k.hand) for k in self.of_role(WILD_KIND))
        blockers = sum(len(k.hand) for k in self.of_role(BLOCKER))
        if wilds:
            parts.append(f"{wilds} wild card{'s' * (wilds != 1)}")
        if blockers:
            parts.append(f"{blockers} black 3{'s' * (blockers != 1)}")
        if not parts:
            return "no card that can be melded"
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _key(rules, card: Card) -> tuple[str, str]:
    role = rules.role(card)
    if role == "natural":
        return NATURAL, card.rank
    if role == "wild":
        return WILD_KIND, card.rank
    if role == "blocker":
        return BLOCKER, f"3:{rules.value(card)}"
    return role, str(card)


def census(spot: Spot, *, pile: bool = True) -> Census:
    """Sort the spot's hand and pile into kinds (``UNKNOWN`` stock cards in the hand apart).

    ``pile=False`` leaves the pile's cards out: for turns that cannot take it.
    """
    rules = spot.rules
    if rules["meld"].get("sequences") or rules["cards"].get("stopper") or rules["pile"].get("style") != "whole" \
            or not rules["meld"].get("one_per_rank", True):
        raise NotImplementedError(
            f"the z3 checker encodes group-only variants with one meld per rank and a whole-pile pickup; "
            f"{rules.id} has sequences, stoppers, several sets per rank or a fanned pile, which this "
            "encoding does not model yet")
    top = spot.top
    pile_open = pile and spot.phase == "before-draw" and top is not None
    below = tuple(reversed(spot.discard[:-1])) if pile_open else ()
    in_hand: dict[tuple[str, str], list[Card]] = {}
    in_pile: dict[tuple[str, str], list[Card]] = {}
    unknown = sum(1 for c in spot.hand if c is UNKNOWN)
    for card in spot.hand:
        if card is not UNKNOWN:
            in_hand.setdefault(_key(rules, card), []).append(card)
    for card in below:
        if rules.role(card) != "bonus":  # bonus cards taken with the pile are laid out at once
            in_pile.setdefault(_key(rules, card), []).append(card)
    kinds = []
    natural_ranks = set(rules.natural_ranks)
    for key in sorted(set(in_hand) | set(in_pile), key=_order):
        role, name = key
        if role not in (NATURAL, WILD_KIND, BLOCKER):
            raise NotImplementedError(f"the z3 checker cannot place {role} cards ({name}) in {rules.id}")
        cards = in_hand.get(key, []) + in_pile.get(key, [])
        kinds.append(Kind(role, name, rules.value(cards[0]), tuple(in_hand.get(key, [])),
                          tuple(in_pile.get(key, [])), meldable=role != NATURAL or name in natural_ranks))
    if pile_open:
        key = _key(rules, top)
        if key[0] in (NATURAL, WILD_KIND, BLOCKER) and key not in in_hand and key not in in_pile:
            kinds.append(Kind(key[0], key[1], rules.value(top), (), (),
                              meldable=key[0] != NATURAL or key[1] in natural_ranks))
    if unknown:
        kinds.append(Kind(UNKNOWN_KIND, "?", 0, (UNKNOWN,) * unknown, ()))
    table = []
    for i, meld in enumerate(spot.melds, start=1):
        j = judge(rules, meld, going_out=True)
        if j.kind not in (GROUP, WILD, BLOCKERS):
            raise NotImplementedError(f"the z3 checker cannot extend a {j.kind} meld ({format_cards(meld)})")
        table.append(TableMeld(i, j.kind, j.key, j.naturals, j.wilds, tuple(meld)))
    return Census(spot, tuple(kinds), tuple(table), top, pile_open, unknown)


def _order(key: tuple[str, str]):
    role, name = key
    return ({NATURAL: 0, WILD_KIND: 1, BLOCKER: 2}.get(role, 3), -RANK_ORDER.get(name, 0), name)
