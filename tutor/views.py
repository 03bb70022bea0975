"""What a spot offers a Python user: its legal melds as a lazy view, and the spot a play leads to.

``spot.legal_melds`` is modelled on python-chess's ``board.legal_moves``: it
asks the ``melds`` question only when first looked at, then answers ``in``,
``len``, ``bool`` and iteration from that one answer. Its items are
``LegalMeld`` values whose text is a step ``--play`` and ``spot.play`` read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Iterable, Iterator

from .cards import Card, parse_card, parse_cards
from .melds import GROUP, judge
from .play import LAYOFF, MELD, Action, parse_action

if TYPE_CHECKING:
    from .spot import Spot
    from .turn import Turn
    from .verdict import Verdict


@dataclass(frozen=True)
class LegalMeld:
    """One thing the player may put down now: a new meld, or a lay-off onto meld ``to`` (1-based)."""

    kind: str                    # "meld" or "layoff"
    cards: tuple[Card, ...]
    to: int | None = None
    points: int = 0

    @property
    def step(self) -> Action:
        """The step that plays it, as ``spot.play`` and ``--play`` take it."""
        return Action(self.kind, self.cards, self.to)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return str(self.step)

    def __repr__(self) -> str:
        return f"<LegalMeld {self} ({self.points} points)>"


class LegalMelds:
    """The melds and lay-offs the acting player may put down now, asked of the checker when first used."""

    def __init__(self, spot: "Spot"):
        self._spot = spot

    @cached_property
    def verdict(self) -> "Verdict":
        """The ``melds`` answer this view reads (with its reasons when it is empty)."""
        return self._spot.ask("melds")

    @cached_property
    def _items(self) -> tuple[LegalMeld, ...]:
        return tuple(LegalMeld(c["kind"], parse_cards(c["cards"]), c["to"], c["points"])
                     for c in self.verdict.extra["melds"])

    def __iter__(self) -> Iterator[LegalMeld]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __getitem__(self, index: int) -> LegalMeld:
        return self._items[index]

    def __contains__(self, what) -> bool:
        """``"layoff 7D to 2"``, ``"meld KS KH KD"``, plain cards ``"KS KH KD"`` (a meld or a lay-off),
        an ``Action``, a ``LegalMeld`` or cards. Naturals of a group's rank differ only by suit and wild
        cards by kind, so ``"KD KH KS"`` is listed when ``"KS KH KD"`` is, if the hand holds those cards."""
        kind, cards, to = _wanted(what)
        if not cards or Counter(cards) - Counter(self._spot.hand):
            return False
        return any((kind is None or item.kind == kind) and (to is None or item.to == to)
                   and self._same_role(item, cards) for item in self._items)

    def _same_role(self, item: LegalMeld, cards: tuple[Card, ...]) -> bool:
        if Counter(item.cards) == Counter(cards):
            return True
        rules = self._spot.rules
        shape = self._spot.melds[item.to - 1] if item.to else item.cards
        if judge(rules, tuple(shape), going_out=True).kind != GROUP:
            return False  # in a sequence the suit matters
        return Counter(c.rank for c in item.cards) == Counter(c.rank for c in cards)

    def __repr__(self) -> str:
        if "_items" not in self.__dict__:
            return "<LegalMelds (not asked yet)>"
        return f"<LegalMelds ({len(self)}): {'; '.join(map(str, self._items))}>"

    def _repr_html_(self) -> str:
        from .render import verdict_html

        return verdict_html(self.verdict, self._spot)


def _wanted(what) -> tuple[str | None, tuple[Card, ...], int | None]:
    """(kind or None, cards, meld index or None) of what ``in`` is asked about."""
    if isinstance(what, LegalMeld):
        return what.kind, what.cards, what.to
    if isinstance(what, Action):
        return what.kind, what.cards, what.to
    if isinstance(what, str):
        word = what.strip().split(None, 1)[0].lower() if what.strip() else ""
        if word in (MELD, LAYOFF):
            action = parse_action(what)
            return action.kind, action.cards, action.to
        return None, parse_cards(what), None
    if isinstance(what, Iterable):
        return None, tuple(c if isinstance(c, Card) else parse_card(str(c)) for c in what), None
    raise TypeError(f"a meld is asked about as text, cards or an Action, not {type(what).__name__}")


def spot_after(spot: "Spot", turn: "Turn") -> "Spot":
    """The acting side's spot when its next turn begins (phase ``before-draw``).

    What the turn left: the hand it kept, the side's melds as the turn ended,
    the pile without the cards taken and with the discard on top, the bonus
    cards laid out. The other players' turns in between are not known, so the
    stock is left as it was. After going out the hand is empty; the spot then
    scores the hand just ended (``ask("score", went_out="out")``).
    """
    kept = Counter(turn.hand)
    hand = []
    for card in spot.hand + turn.picked_up:  # in the order the player held them
        if kept[card]:
            kept[card] -= 1
            hand.append(card)
    hand += list(kept.elements())  # cards back from the table (an albany exchange)
    pile = spot.discard[: len(spot.discard) - len(turn.picked_up)]
    if turn.discard is not None:
        pile += (turn.discard,)
    return spot.replace(hand=tuple(hand), melds=tuple(tuple(m) for m in turn.table), discard=pile,
                        red_threes=spot.red_threes + tuple(turn.bonus_laid_out), phase="before-draw",
                        first_round=False)

