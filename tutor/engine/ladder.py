"""A ladder between two bots: duplicate hands, win rates with their intervals, an Elo difference.

Every deal is played twice with the seats swapped (duplicate play, as in
bridge and card-game tournaments), so the luck of the cards falls on both
bots alike. In a partnership game the bots are the two sides; where everyone
plays alone, one bot takes every other seat. A hand is won by the bot whose
seats scored more on average in it (a tie counts half).

    from tutor.engine.ladder import ladder
    report = ladder("classic", {}, ("ismcts", "greedy"), hands=40, seed=1)
    report.to_dict()["win_rate"], report.to_dict()["elo"]
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..errors import SolverLimitError, TutorError
from .bots import Bot, make_bot
from .driver import fallback_move
from .game import Game
from .state import State

#: z for a 95% interval.
Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``wins / n`` (ties counted as half a win)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo(p: float) -> float:
    """The Elo difference that predicts a score of ``p`` (clipped away from 0 and 1)."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return 400 * math.log10(p / (1 - p))


@dataclass
class BotClock:
    """How long one bot took over its moves."""

    moves: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    cpu: float = 0.0              # processor time: what a move costs on a machine not shared with others
    slowest_cpu: float = 0.0

    def add(self, seconds: float, cpu: float) -> None:
        self.moves += 1
        self.seconds += seconds
        self.slowest = max(self.slowest, seconds)
        self.cpu += cpu
        self.slowest_cpu = max(self.slowest_cpu, cpu)


@dataclass
class LadderReport:
    variant: str
    options: dict
    names: tuple[str, str]
    seed: int
    hands: int = 0
    wins: float = 0.0                 # the first bot's wins (ties as halves)
    points: list[int] = field(default_factory=lambda: [0, 0])  # average-seat points, summed over hands
    errors: int = 0
    clocks: tuple[BotClock, BotClock] = field(default_factory=lambda: (BotClock(), BotClock()))
    seconds: float = 0.0

    def to_dict(self) -> dict:
        n = max(self.hands, 1)
        rate = self.wins / n
        low, high = wilson(self.wins, self.hands)
        return {
            "variant": self.variant, "options": self.options, "bots": list(self.names), "seed": self.seed,
            "hands": self.hands,
            "win_rate": round(rate, 4), "win_rate_95": [round(low, 4), round(high, 4)],
            "elo": round(elo(rate), 1), "elo_95": [round(elo(low), 1), round(elo(high), 1)],
            "average_points": [round(p / n, 1) for p in self.points],
            "seconds_per_move": [round(c.seconds / max(c.moves, 1), 4) for c in self.clocks],
            "slowest_move": [round(c.slowest, 3) for c in self.clocks],
            "cpu_seconds_per_move": [round(c.cpu / max(c.moves, 1), 4) for c in self.clocks],
            "slowest_move_cpu": [round(c.slowest_cpu, 3) for c in self.clocks],
            "errors": self.errors, "seconds": round(self.seconds, 1),
        }

    def __str__(self) -> str:
        d = self.to_dict()
        a, b = self.names
        low, high = d["win_rate_95"]
        return "\n".join([
            f"ladder {self.variant}: {a} against {b}, {d['hands']} hands (duplicate deals from seed {self.seed})",
            f"{a} wins {100 * d['win_rate']:.1f}% of hands (95% interval {100 * low:.1f}-{100 * high:.1f}%)",
            f"Elo difference {d['elo']:+.0f} (95% interval {d['elo_95'][0]:+.0f} to {d['elo_95'][1]:+.0f})",
            f"average points a hand: {a} {d['average_points'][0]:+.1f}, {b} {d['average_points'][1]:+.1f}",
            f"seconds a move: {a} {d['seconds_per_move'][0]} (slowest {d['slowest_move'][0]}), "
            f"{b} {d['seconds_per_move'][1]} (slowest {d['slowest_move'][1]}); processor time a move: "
            f"{a} {d['cpu_seconds_per_move'][0]} (slowest {d['slowest_move_cpu'][0]}), "
            f"{b} {d['cpu_seconds_per_move'][1]} (slowest {d['slowest_move_cpu'][1]})",
            f"refused moves: {d['errors']}",
        ])


def seats_of(seating: Sequence[int], swap: int) -> list[int]:
    """Which bot (0 or 1) plays each seat: alternate sides, so partners play the same bot."""
    return [(side + swap) % 2 for side in seating]


def play_ladder_hand(state: State, bots: Sequence[Bot], owner: Sequence[int], report: LadderReport) -> None:
    """Play the state's current hand to its end, timing each bot's moves."""
    from .ismcts import observe

    while not state.hand_over:
        seat = state.to_act
        bot = bots[seat]
        start, cpu = time.perf_counter(), time.process_time()
        view = observe(state, seat) if getattr(bot, "observes", False) else state.view(seat)
        move = bot.choose(view)
        report.clocks[owner[seat]].add(time.perf_counter() - start, time.process_time() - cpu)
        try:
            state.apply(move, seat)
        except SolverLimitError:
            raise
        except TutorError:
            report.errors += 1
            state.apply(fallback_move(state, seat), seat)


def ladder(variant: str, options: dict | None, kinds: tuple[str, str], hands: int = 100, seed: int = 0,
           progress: Callable[[int, int], None] | None = None, move_seconds: float | None = None,
           on_hand: Callable[[LadderReport], None] | None = None) -> LadderReport:
    """Play ``hands`` hands of ``kinds[0]`` against ``kinds[1]`` (deal ``k`` from seed ``seed + k``, twice).

    ``move_seconds`` caps each search move's time as well as its iterations;
    ``on_hand`` sees the report so far after every hand (a long run's partial figures).
    """
    if len(kinds) != 2:
        raise TutorError("a ladder match is between two bots, e.g. ismcts,greedy")
    if hands < 1:
        raise TutorError("a ladder match needs at least 1 hand")
    options = dict(options or {})
    report = LadderReport(variant, options, (kinds[0], kinds[1]), seed)
    start = time.perf_counter()
    deal = 0
    while report.hands < hands:
        game = Game(variant, options, seed + deal)
        for swap in (0, 1):
            if report.hands >= hands:
                break
            state = game.new_state()
            owner = seats_of(state.seating, swap)
            bots = [make_bot(kinds[owner[s]], f"{seed + deal}:{s}") for s in range(state.players)]
            if move_seconds is not None:
                for bot in bots:
                    if hasattr(bot, "seconds"):
                        bot.seconds = move_seconds
            if not state.hand_over:
                play_ladder_hand(state, bots, owner, report)
            deltas = state.results[-1]["deltas"]
            mean = [sum(d for d, o in zip(deltas, owner) if o == k) / max(owner.count(k), 1) for k in (0, 1)]
            report.wins += 1.0 if mean[0] > mean[1] else (0.5 if mean[0] == mean[1] else 0.0)
            report.points[0] += round(mean[0])
            report.points[1] += round(mean[1])
            report.hands += 1
            if progress is not None:
                progress(report.hands, hands)
            if on_hand is not None:
                report.seconds = time.perf_counter() - start
                on_hand(report)
        deal += 1
    report.seconds = time.perf_counter() - start
    return report
