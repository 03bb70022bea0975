"""What a decider is asked: find a legal turn with some property, or prove there is none.

Both deciders (the z3 checker in ``tutor.checker`` and the exhaustive
reference in ``tutor.reference``) answer the same ``Goal`` about a spot:
a witness play that ``tutor.turn.play_turn`` accepts and that meets the
goal, or ``None``. The contract's questions are built from goals in
``tutor.questions``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import UNKNOWN, Card, format_cards  # noqa: F401 - UNKNOWN is read from here too
from .play import Action

# A card drawn from the stock whose face is unknown: it can be kept or
# discarded but never melded. Used for "before-draw" questions about the hand.

ANY, NONE = "any", "none"


def stock_draw(spot) -> int:
    """How many cards the turn's draw takes from the stock.

    One, or two where the variant or its options say so (H-DRAW, A-DRAW).
    Where an empty stock ends the hand (C-END), no more than the stock holds:
    none from an empty stock, so no turn starts by drawing. Albany turns the
    pile into a new stock instead, and always draws its two.
    """
    draw = spot.rules["draw"]
    if draw.get("exhausted", "end") == "end":
        return min(draw["stock_cards"], spot.stock)
    return draw["stock_cards"]


def draw_unknown(spot):
    """The spot after the turn's draw from the stock (``stock_draw``), the drawn cards unknown:
    each can be kept or discarded, never melded."""
    return spot.replace(hand=spot.hand + (UNKNOWN,) * stock_draw(spot), phase="drawn")


@dataclass(frozen=True)
class MeldChoice:
    """One thing a player may put down: a new meld, or a lay-off onto meld ``to`` (1-based)."""

    kind: str                    # "meld" or "layoff"
    cards: tuple[Card, ...]
    to: int | None = None
    points: int = 0

    def to_dict(self) -> dict:
        return {"kind": self.kind, "cards": format_cards(self.cards), "to": self.to, "points": self.points}

    def __str__(self) -> str:
        target = f" to {self.to}" if self.to is not None else ""
        return f"{self.kind} {format_cards(self.cards)}{target}"


@dataclass(frozen=True)
class Goal:
    """A property of the turn to find.

    pickup:     ANY (the turn may take the pile or not), NONE (it does not), or
                a fixed ``pickup`` Action (the turn starts with exactly it).
                From phase "drawn" only NONE makes sense.
    take_pile:  the turn must start by taking the pile (with ANY: some pickup).
    go_out:     the turn must end with the player out.
    must_meld:  the turn must put down at least one new meld (a first meld).
    include:    the turn must put down this meld (a new meld holding at least
                these cards) or lay off at least these cards onto meld ``to``.
    unknown_draw: the player drew from the stock: the turn's one or two
                unknown cards (UNKNOWN, ``draw_unknown``) can only be kept or
                discarded.
    best:       among the witnesses, return one whose melds made this turn
                are worth the most first-meld points.
    reasons:    a "no" names the rules that block the turn; False when only
                the answer matters (the z3 checker then skips that search).
    """

    pickup: object = NONE
    take_pile: bool = False
    go_out: bool = False
    must_meld: bool = False
    include: MeldChoice | None = None
    unknown_draw: bool = False
    best: bool = False
    reasons: bool = True
