"""Running bots: play a hand, a game, or many hands for statistics."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..errors import SolverLimitError, TutorError
from .bots import Bot, _discards_only, first_legal, make_bot
from .game import Game
from .moves import Draw, Move, NextHand, Play
from .plan import Plan, kit_for
from .state import BEFORE_DRAW, DRAWN, HAND_OVER, OUT, State

OnMove = Callable[[State, int, Move], None]


def new_game(variant: str = "classic", options: dict | None = None, seed: int = 0) -> State:
    """A game dealt and ready: ``new_game("albany", {"players": 3}, seed=7)``."""
    return Game(variant, options or {}, seed).new_state()


def bots_for(state: State, kind: str = "greedy") -> list[Bot]:
    """One bot of ``kind`` for every seat (random bots are seeded by game and seat)."""
    return [make_bot(kind, f"{state.game.seed}:{seat}") for seat in range(state.players)]


def fallback_move(state: State, seat: int) -> Move:
    """A move the judge accepts, for when a bot's proposal was refused."""
    view = state.view(seat)
    if state.phase == BEFORE_DRAW and state.pending is None:
        return Draw()
    if state.phase == HAND_OVER:
        return NextHand()
    kit = kit_for(view.rules)
    found = first_legal(view, _discards_only(view, kit, Plan(kit, view.hand, view.melds)), DRAWN)
    if found is None:
        raise TutorError(f"seat {seat} has no legal play in this position")
    return Play(found[0])


@dataclass
class Tally:
    """What a run of bot hands counts."""

    hands: int = 0
    games: int = 0
    turns: int = 0
    outs: int = 0
    errors: int = 0
    conserved: bool = True
    moves: int = 0
    reasons: Counter = field(default_factory=Counter)
    side_points: list[int] = field(default_factory=list)
    error_notes: list[str] = field(default_factory=list)


def step(state: State, bots: Sequence[Bot], tally: Tally | None = None, check_cards: bool = False) -> Move:
    """Ask the seat to act for its move and apply it (a refused move is counted as an error)."""
    seat = state.to_act
    move = bots[seat].choose(state.view(seat))
    try:
        state.apply(move, seat)
    except SolverLimitError:
        raise  # the scoring gave up: not the bot's fault, and no score may be guessed
    except TutorError as e:
        if tally is None:
            raise
        tally.errors += 1
        if len(tally.error_notes) < 5:
            tally.error_notes.append(f"hand {state.hand_no}, seat {seat}: {move}: {e}")
        move = fallback_move(state, seat)
        state.apply(move, seat)
    if tally is not None:
        tally.moves += 1
        if check_cards and not state.cards_conserved():
            tally.conserved = False
    return move


def play_bots(state: State, bots: Sequence[Bot | None], on_move: OnMove | None = None) -> int | None:
    """Let the bots move until a seat without one (``None``: a learner) must move, or the hand ends.

    Returns the seat now waiting for its player, or ``None`` when the hand is over.
    """
    while not state.hand_over:
        seat = state.to_act
        if bots[seat] is None:
            return seat
        move = step(state, bots)
        if on_move is not None:
            on_move(state, seat, move)
    return None


def play_hand(state: State, bots: Sequence[Bot], tally: Tally | None = None, check_cards: bool = False,
              on_move: OnMove | None = None) -> dict:
    """Play until the current hand is over; returns the hand's result."""
    if state.hand_over:
        raise TutorError("the hand is over: deal the next one first (apply 'deal')")
    while not state.hand_over:
        seat = state.to_act
        move = step(state, bots, tally, check_cards)
        if on_move is not None:
            on_move(state, seat, move)
    result = state.results[-1]
    if tally is not None:
        tally.hands += 1
        tally.turns += result["turns"]
        tally.outs += result["reason"] == OUT
        tally.reasons[result["reason"]] += 1
        sides = [seats[0] for seats, _ in state.competitors()]
        if len(tally.side_points) < len(sides):
            tally.side_points.extend([0] * (len(sides) - len(tally.side_points)))
        for i, seat in enumerate(sides):
            tally.side_points[i] += result["deltas"][seat]
    return result


def play_game(state: State, bots: Sequence[Bot], tally: Tally | None = None, check_cards: bool = False,
              on_move: OnMove | None = None) -> dict:
    """Play hands until the game is over; returns the outcome (winners, scores, money)."""
    while not state.is_over:
        if state.hand_over:
            step(state, bots, tally, check_cards)
            continue
        play_hand(state, bots, tally, check_cards, on_move)
    if tally is not None:
        tally.games += 1
    return state.outcome  # type: ignore[return-value]


@dataclass
class Report:
    """The statistics of ``simulate``."""

    variant: str
    options: dict
    bot: str
    seed: int
    tally: Tally
    seconds: float

    def to_dict(self) -> dict:
        t = self.tally
        hands = max(t.hands, 1)
        return {
            "variant": self.variant, "options": self.options, "bot": self.bot, "seed": self.seed,
            "hands": t.hands, "games": t.games, "turns_per_hand": round(t.turns / hands, 2),
            "going_out_rate": round(t.outs / hands, 4),
            "average_score_per_side": [round(p / hands, 1) for p in t.side_points],
            "end_reasons": dict(sorted(t.reasons.items())), "errors": t.errors,
            "cards_conserved": t.conserved, "hands_per_second": round(t.hands / self.seconds, 2) if self.seconds else None,
            "seconds": round(self.seconds, 3),
        }

    def __str__(self) -> str:
        d = self.to_dict()
        opts = ", ".join(f"{k} {v}" for k, v in self.options.items())
        lines = [f"simulate {self.variant}{' (' + opts + ')' if opts else ''}, {self.bot} bots, seed {self.seed}",
                 f"hands:                  {d['hands']} ({d['games']} games finished)",
                 f"average turns per hand: {d['turns_per_hand']}",
                 f"going-out rate:         {100 * d['going_out_rate']:.1f}%",
                 "average score per side: " + ", ".join(f"side {i} {p:+.1f}"
                                                         for i, p in enumerate(d["average_score_per_side"])),
                 "hand ends:              " + ", ".join(f"{k} {v}" for k, v in d["end_reasons"].items()),
                 f"errors:                 {d['errors']}",
                 f"cards conserved:        {'yes' if d['cards_conserved'] else 'NO'}",
                 f"speed:                  {d['hands_per_second']} hands/s"]
        lines += [f"  error: {note}" for note in self.tally.error_notes]
        return "\n".join(lines)


def simulate(variant: str = "classic", options: dict | None = None, hands: int = 100, seed: int = 0,
             bot: str = "greedy", check_cards: bool = True,
             progress: Callable[[int, int], None] | None = None) -> Report:
    """Play ``hands`` bot hands, game after game (game ``k`` has seed ``seed + k``)."""
    options = dict(options or {})
    tally = Tally()
    start = time.perf_counter()
    game_no = 0
    state = Game(variant, options, seed).new_state()
    bots = bots_for(state, bot)
    while tally.hands < hands:
        if state.is_over:
            game_no += 1
            state = Game(variant, options, seed + game_no).new_state()
            bots = bots_for(state, bot)
        if state.hand_over:
            step(state, bots, tally, check_cards)
            continue
        if check_cards and not state.cards_conserved():
            tally.conserved = False
        play_hand(state, bots, tally, check_cards)
        if state.is_over:
            tally.games += 1
        if progress is not None:
            progress(tally.hands, hands)
    return Report(variant, options, bot, seed, tally, time.perf_counter() - start)
