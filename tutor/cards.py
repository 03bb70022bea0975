"""Cards and their text notation (docs/spot-format.md, "Card notation").

A card is only a rank and a suit. Whether it is natural, wild, a stopper or
a bonus card is decided by the variant (see ``tutor.rules``), never here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from .errors import NotationError
from .inputs import excerpt

#: Ranks from high to low, as the contract lists them; ``JK`` is the joker.
RANKS = "AKQJT98765432"
SUITS = "SHDC"
JOKER = "JK"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
RED_SUITS = frozenset("HD")

#: Position of a rank in a sequence (2 lowest, A highest; aces are high only).
RANK_ORDER = {r: i for i, r in enumerate(reversed(RANKS), start=2)}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: ``Card("T", "H")`` is the ten of hearts, ``Card("JK")`` a joker."""

    rank: str
    suit: str = ""

    def __post_init__(self) -> None:
        if self.rank == JOKER:
            if self.suit:
                raise NotationError(f"a joker has no suit: {self.rank}{self.suit}")
        elif self.rank not in RANKS or self.suit not in SUITS or not self.suit:
            raise NotationError(f"not a card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def parse(cls, token: str) -> "Card":
        """Read one card, e.g. ``"10h"``, ``"T♥"``, ``"*"``."""
        return parse_card(token)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def order(self) -> int:
        """Sequence position: 2..14 for 2..A, 0 for a joker."""
        return RANK_ORDER.get(self.rank, 0)

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def symbol(self) -> str:
        """The card with a suit symbol, for people: ``T♥``; a joker is ``🃏``."""
        return "🃏" if self.is_joker else self.rank + SUIT_SYMBOLS[self.suit]

    def _repr_html_(self) -> str:
        from .render import cards_html

        return cards_html([self])


# Only ASCII spaces and commas separate cards: a look-alike space is a bad token, not a gap.
_TOKEN_SPLIT = re.compile(r"[ \t\r\n\f\v,]+")


def _ascii_upper(text: str) -> str | None:
    """``text`` in upper case if it is ASCII, else None: ``"\u017f".upper()`` is ``"S"`` and
    must not read as a suit, so case folding never reaches beyond ASCII."""
    return text.upper() if text.isascii() else None


def parse_card(token: str, position: int | None = None) -> Card:
    """Read one card token; ``position`` (1-based) is only used in the error."""
    where = f" at position {position}" if position is not None else ""
    raw = token.strip(" \t\r\n\f\v")
    body, suit = raw[:-1], raw[-1:]
    suit = _SYMBOL_SUITS.get(suit) or _ascii_upper(suit)
    rank = _ascii_upper(body)
    if _ascii_upper(raw) in ("JK", "*"):
        return Card(JOKER)
    if rank == "10":
        rank = "T"
    if rank and len(rank) == 1 and rank in RANKS and suit and suit in SUITS:
        return Card(rank, suit)
    raise NotationError(
        f"bad card {excerpt(raw)}{where}: a card is a rank (A K Q J T 9 8 7 6 5 4 3 2) "
        f"then a suit (S H D C), or JK for a joker"
    )


def parse_cards(text: str | Iterable[Card]) -> tuple[Card, ...]:
    """Read a list of cards separated by spaces and/or commas (order kept)."""
    if not isinstance(text, str):
        return tuple(text)
    tokens = [t for t in _TOKEN_SPLIT.split(text.strip()) if t]
    return tuple(parse_card(t, i) for i, t in enumerate(tokens, start=1))


def parse_melds(text: str) -> tuple[tuple[Card, ...], ...]:
    """Read melds separated by ``|``; positions in errors count across the whole text."""
    melds = []
    position = 0
    for part in text.split("|"):
        tokens = [t for t in _TOKEN_SPLIT.split(part.strip()) if t]
        if not tokens:
            raise NotationError(f"empty meld at meld {len(melds) + 1} in {excerpt(text)}")
        cards = []
        for t in tokens:
            position += 1
            cards.append(parse_card(t, position))
        melds.append(tuple(cards))
    return tuple(melds)


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical text of a card list: ``KS KH 2C JK``."""
    return " ".join(str(c) for c in cards)


def format_melds(melds: Iterable[Iterable[Card]]) -> str:
    return " | ".join(format_cards(m) for m in melds)


def full_deck(decks: int, jokers_per_deck: int) -> list[Card]:
    """Every card of a pack of ``decks`` 52-card decks plus jokers, in a fixed order."""
    one = [Card(r, s) for s in SUITS for r in RANKS]
    return one * decks + [Card(JOKER)] * (jokers_per_deck * decks)
