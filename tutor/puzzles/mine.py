"""Puzzle positions mined from self-play, so every position is one a real table reaches.

A mined candidate is a moment of a game the engine plays with greedy bots:
game ``seed/index`` is dealt and played until turn ``turn``, and the player to
act is asked a question about the spot they face, before the draw or just
after it. The origin is recorded with the puzzle, and ``replay`` plays the
same game again to the same moment, so ``puzzles verify`` can confirm that the
position really arises.

>>> spot, origin, _ = mined_spot("classic", {}, "doc", 0)
>>> replay(origin) == spot.to_dict()
True
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import SolverLimitError, TutorError
from .builder import Candidate, Skip

#: Fields of an origin record, all needed to replay it.
ORIGIN_FIELDS = ("variant", "options", "game", "turn", "phase")


def _game(variant: str, options: dict[str, Any], game_seed: str):
    from ..engine.driver import bots_for, new_game

    seed = int.from_bytes(game_seed.encode(), "little") % (2 ** 31)
    state = new_game(variant, options, seed)
    return state, bots_for(state, "greedy")


def _to_turn_start(state, bots, turn: int) -> None:
    """Play on to the start of turn ``turn``, with nothing pending between turns."""
    from ..engine.driver import step
    from ..engine.state import BEFORE_DRAW

    while state.turns < turn or state.phase != BEFORE_DRAW or state.pending is not None:
        if state.hand_over:
            raise Skip("the hand ended before that turn")
        step(state, bots)


def _moments(variant: str, options: dict[str, Any], game_seed: str) -> list[tuple[int, str]]:
    """Every turn of the game's first hand with what its player did: "out", "pickup" or "draw"."""
    from ..engine.driver import step
    from ..engine.moves import Play
    from ..engine.state import BEFORE_DRAW

    state, bots = _game(variant, options, game_seed)
    moments: list[tuple[int, str]] = []
    while not state.hand_over:
        fresh = state.phase == BEFORE_DRAW and state.pending is None
        turn = state.turns
        move = step(state, bots)
        if fresh:
            took = isinstance(move, Play) and str(move).startswith("pickup")
            moments.append((turn, "pickup" if took else "draw"))
    if moments and state.results and state.results[-1]["reason"] == "out":
        moments[-1] = (moments[-1][0], "out")
    return moments


def _play_to(variant: str, options: dict[str, Any], game_seed: str, turn: int, phase: str):
    """The spot of the player to act at the start of turn ``turn`` of the game (after the draw, if asked)."""
    from ..engine.moves import Draw

    state, bots = _game(variant, options, game_seed)
    _to_turn_start(state, bots, turn)
    seat = state.to_act
    if phase == "drawn":
        state.apply(Draw(), seat)
        if state.hand_over or state.to_act != seat:
            raise Skip("the draw ended the turn")
    return state.spot_for(seat, phase)


def mined_spot(variant: str, options: dict[str, Any], seed: int | str, index: int):
    """Moment ``index`` of a seed: a spot of a self-played game, the origin that replays it, and its aim.

    Moments are drawn to mix what real turns do: the turn a player went out
    (and the few before it), a turn that took the pile, and any turn at all.
    """
    rng = random.Random(f"mine:{seed}:{variant}:{index}")
    game = f"{seed}/{index}"
    options = dict(options)
    if "players" not in options:  # tables of every size the variant allows, most often the usual one
        players = _players_option(variant)
        if players:
            options["players"] = rng.choice([players["default"]] * 2 + list(players["choices"]))
    moments = _moments(variant, options, game)
    if not moments:
        raise Skip("the hand had no turn")
    aim = rng.choice(("out", "pickup", "any", "any"))
    turn, did = rng.choice(moments)
    if aim == "out" and moments[-1][1] == "out":
        turn, did = moments[max(0, len(moments) - 1 - rng.choice((0, 0, 0, 1, 2)))]
    elif aim == "pickup":
        took = [m for m in moments if m[1] == "pickup"]
        if took:
            turn, did = rng.choice(took)
    phase = "before-draw" if did == "pickup" else rng.choice(("before-draw", "drawn"))
    origin = {"variant": variant, "options": dict(options), "game": game, "turn": turn, "phase": phase}
    return _play_to(variant, options, game, turn, phase), origin, aim


def replay(origin: dict[str, Any]) -> dict[str, Any]:
    """The spot (as its JSON dict) that an origin's game reaches; a TutorError if it reaches none."""
    missing = [k for k in ORIGIN_FIELDS if k not in origin]
    if missing:
        raise TutorError(f"the origin lacks {', '.join(missing)}")
    try:
        return _play_to(origin["variant"], origin["options"], str(origin["game"]), int(origin["turn"]),
                        str(origin["phase"])).to_dict()
    except Skip as e:
        raise TutorError(f"the origin's game reaches no such moment: {e}") from None
    except SolverLimitError:
        raise
    except (TypeError, ValueError) as e:
        raise TutorError(f"the origin cannot be replayed: {e}") from None


def _players_option(variant: str) -> dict | None:
    from ..rules import load_variant

    found = load_variant(variant).options.get("players")
    return found if isinstance(found, dict) and found.get("choices") else None


def _questions_for(spot) -> list[str]:
    asks = ["go-out"]
    if spot.phase == "before-draw" and spot.discard:
        asks.append("pickup")
    if not spot.down:
        asks.append("initial-meld")
    return asks


def mined_candidate(variant: str, options: dict[str, Any], seed: int | str, index: int) -> Candidate:
    """Candidate ``index`` of a seed: a mined moment and a question it raises."""
    spot, origin, aim = mined_spot(variant, options, seed, index)
    rng = random.Random(f"ask:{seed}:{variant}:{index}")
    asks = _questions_for(spot)
    question = {"out": "go-out", "pickup": "pickup"}.get(aim) if aim != "any" else None
    if question not in asks:
        question = rng.choice(asks)
    return Candidate(spot=spot.to_dict(), question=question, play=None, recipe="mined/self-play", origin=origin)
