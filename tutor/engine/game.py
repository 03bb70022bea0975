"""The game's parameters (OpenSpiel's ``Game``): variant, options, seed, seating.

A ``Game`` never changes; every ``State`` of a match points at one. The
variant's data decide everything that can differ between tables: how many
play, the partnerships (``rules.layout``), the pack, the draw, the Deluxe
options in play. Seats are numbered from 0 in playing order (to the left);
in partnerships seat ``s`` plays for side ``s % sides``, so partners sit
opposite each other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..errors import TutorError
from ..rules import Layout, Rules, rules_for

#: An engine safeguard, not a rule: a hand that reaches this many turns ends as if the stock ran out.
MAX_TURNS = 2000


class EngineError(TutorError):
    """A move the engine cannot take at this moment (wrong seat, wrong phase, game over)."""


class _OddManRules(Rules):
    """Albany Deluxe option 8: the variant's rules with the odd-man table's canastas to go out.

    The variant data has no layout row for option 8 (A-DEAL leaves its counts
    to the option), so the engine supplies one: three players need five
    canastas, five players three, less one with option 5.
    """

    def __init__(self, base: Rules, sides: int, canastas: int):
        self._odd = (sides, canastas)
        super().__init__(base.variant, dict(base.options))

    def _layout(self) -> Layout:
        base = super()._layout()
        sides, canastas = self._odd
        fewer = self.data.get("go_out", {}).get("canastas_fewer", 0)
        return Layout(base.players, sides, base.hand, base.decks, max(0, canastas - fewer))

    def _key(self) -> tuple:
        return super()._key() + (("odd_man",) + self._odd,)


#: Option 8's canastas to go out, by player count.
ODD_MAN_CANASTAS = {3: 5, 5: 3}


@dataclass(frozen=True)
class Game:
    """What stays fixed for a whole game: ``Game("classic", {"players": 2}, seed=7)``."""

    variant: str = "classic"
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    max_turns: int = MAX_TURNS

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise TutorError(f"the seed must be a whole number, not {self.seed!r}")
        if isinstance(self.max_turns, bool) or not isinstance(self.max_turns, int) or self.max_turns < 1:
            raise TutorError(f"max_turns must be a whole number of at least 1, not {self.max_turns!r}")
        if not isinstance(self.options, Mapping):
            raise TutorError(f"options must be an object of variant options, not {self.options!r}")
        rules = rules_for(self.variant, dict(self.options))
        object.__setattr__(self, "options", dict(self.options))
        object.__setattr__(self, "_rules", rules)

    # -- what the data decide ------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules  # type: ignore[attr-defined]

    @property
    def players(self) -> int:
        return self.rules.layout.players

    @property
    def sides(self) -> int:
        return self.rules.layout.sides

    @property
    def deluxe(self) -> frozenset[int]:
        return frozenset(self.rules.options.get("deluxe", []))

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    @property
    def seating(self) -> tuple[int, ...]:
        """The side of each seat in the usual seating."""
        return tuple(self.side_of(s) for s in range(self.players))

    def odd_man_rules(self, sides: int) -> Rules:
        return _OddManRules(self.rules, sides, ODD_MAN_CANASTAS[self.players])

    # -- randomness: every shuffle has its own seed, so any moment replays --------
    def rng(self, *where: Any) -> random.Random:
        """The generator for one shuffle, e.g. ``rng("deal", 3)`` for the third hand's deal."""
        return random.Random(":".join(str(w) for w in (self.seed, *where)))

    # -- states ---------------------------------------------------------------
    def new_state(self):
        """The first hand, dealt and ready for the first player."""
        from .state import State

        return State(self)

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"variant": self.variant, "options": dict(self.options), "seed": self.seed}
        if self.max_turns != MAX_TURNS:
            d["max_turns"] = self.max_turns
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Game":
        if not isinstance(data, Mapping):
            raise TutorError("a game is an object with variant, options and seed")
        unknown = set(data) - {"variant", "options", "seed", "max_turns"}
        if unknown:
            raise TutorError(f"unknown key {sorted(unknown)[0]!r} in game")
        return cls(data.get("variant", "classic"), data.get("options", {}), data.get("seed", 0),
                   data.get("max_turns", MAX_TURNS))

    def __hash__(self) -> int:
        return hash((self.variant, self.seed, self.max_turns, repr(sorted(self.options.items()))))

    def __repr__(self) -> str:
        extra = f", max_turns={self.max_turns}" if self.max_turns != MAX_TURNS else ""
        return f"Game({self.variant!r}, {dict(self.options)!r}, seed={self.seed}{extra})"
