"""What one seat may see: its own hand, every side's table, the pile as it lies, the stock's size."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, format_cards
from ..play import Action
from ..rules import Rules
from ..spot import Spot
from ..turn import Turn, play_turn


@dataclass(frozen=True)
class PlayerView:
    """One seat's information at one moment, and the contract spot it makes.

    ``pile_visible`` is what can be seen of the pile: the top card of a
    squared pile, every card of a fanned one (albany). The whole pile is in
    ``spot.discard`` all the same, because every card in it went there face
    up, and the contract's spot lists it (a frozen pile, a black 3 inside).
    """

    seat: int
    side: int
    seating: tuple[int, ...]          # the side of every seat
    hand: tuple[Card, ...]
    tables: tuple[tuple[tuple[Card, ...], ...], ...]  # every side's melds
    bonus: tuple[tuple[Card, ...], ...]               # every side's bonus cards laid out
    pile_visible: tuple[Card, ...]
    pile_size: int
    stock: int
    dead: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]           # every seat's cumulative score
    current: int
    to_act: int
    phase: str
    pending: str | None
    hand_no: int
    turns: int
    drawn: tuple[Card, ...]           # what this seat drew from the stock this turn
    offer: tuple[Card, ...]           # the Deluxe auction's offering on the table, if any
    bids: tuple[tuple[int, tuple[Card, ...]], ...]
    permission: bool | None
    asked: bool
    table_moves: int                  # exchanges and combinings made this turn
    offered: bool
    spot: Spot

    @property
    def rules(self) -> Rules:
        return self.spot.rules

    @property
    def players(self) -> int:
        return len(self.seating)

    @property
    def melds(self) -> tuple[tuple[Card, ...], ...]:
        return self.tables[self.side]

    @property
    def pile_top(self) -> Card | None:
        return self.pile_visible[-1] if self.pile_visible else None

    @property
    def partners(self) -> tuple[int, ...]:
        return tuple(s for s, side in enumerate(self.seating) if side == self.side and s != self.seat)

    def next_seat(self, steps: int = 1) -> int:
        return (self.seat + steps) % self.players

    def spot_as(self, phase: str) -> Spot:
        return self.spot if self.spot.phase == phase else self.spot.replace(phase=phase)

    def check(self, actions: tuple[Action, ...], phase: str | None = None) -> Turn:
        """Judge a play from this seat's spot (``tutor.turn.play_turn``); raises ``TurnError``."""
        from .state import judge_turn

        return judge_turn(self.spot_as(phase or self.spot.phase), tuple(actions))

    def _repr_html_(self) -> str:
        from ..render import spot_html

        facts = [f"seat {self.seat}, side {self.side}", f"hand {self.hand_no}", self.phase, f"stock {self.stock}",
                 f"pile {self.pile_size}"]
        facts += [f"side {i}: {len(t)} melds" for i, t in enumerate(self.tables) if i != self.side]
        return spot_html(hand=self.hand, melds=self.melds, discard=self.pile_visible, red_threes=self.bonus[self.side],
                         wild=self.rules.wild_ranks, title=f"{self.rules.variant.name}: seat {self.seat}", facts=facts)

    def __str__(self) -> str:
        lines = [f"seat {self.seat} (side {self.side}), hand {self.hand_no}, {self.phase}"
                 + (f" [{self.pending}]" if self.pending else "")]
        lines.append(f"  hand:  {format_cards(self.hand) or '(empty)'}")
        for side, table in enumerate(self.tables):
            mark = "*" if side == self.side else " "
            text = " | ".join(format_cards(m) for m in table) or "(not down)"
            extra = f"  bonus {format_cards(self.bonus[side])}" if self.bonus[side] else ""
            lines.append(f" {mark}side {side}: {text}{extra}")
        lines.append(f"  pile:  {format_cards(self.pile_visible) or '(empty)'} ({self.pile_size} cards), "
                     f"stock {self.stock}")
        return "\n".join(lines)
