"""How much better than the greedy bot's move the search bot's candidates are: the headroom of the search.

    python bench/search_headroom_bench.py classic --games 3 --deals 32 --width 4

Positions come from greedy games (every turn of the first side with more
than one candidate move). In each, every candidate the search would weigh
(``tutor.engine.ismcts.candidate_moves``) is played in the same ``--deals``
deals of the unseen cards and then the greedy bot plays every seat to the
end of the hand; a candidate's value is the final score margin of its side.

Figures, in points a position:

* ``paired_sd``: the spread of one deal's difference between a candidate and
  the greedy move (same cards behind both). It sets how many deals a search
  needs to tell two moves apart.
* ``headroom``: pick the best candidate on half the deals, value it on the
  other half, less the greedy move's value there (both halves in turn). This
  is what a search of ``deals / 2`` full play-outs a candidate could gain over
  the greedy bot, without the optimism of picking and valuing on the same deals.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.engine import GreedyBot, new_game  # noqa: E402
from tutor.engine.game import Game  # noqa: E402
from tutor.engine.ismcts import candidate_moves, determinize, margin, observe, side_values  # noqa: E402
from tutor.errors import TutorError  # noqa: E402


def play_out(obs, move, deal: int, game: Game, greedy: GreedyBot) -> float | None:
    """The move's side's final margin (points) in one deal, every seat greedy after it."""
    state = determinize(obs, random.Random(f"headroom:{deal}"), game)
    seat = state.to_act
    try:
        state.apply(move, seat)
        while not state.hand_over:
            s = state.to_act
            state.apply(greedy.choose(state.view(s)), s)
    except TutorError:
        return None
    return 1000 * margin(side_values(state), state.side_of(seat))


def positions(variant: str, games: int, deals: int, width: int, seed: int):
    """Each position's candidates and their values deal by deal (greedy's move first)."""
    greedy = GreedyBot()
    for g in range(seed, seed + games):
        state = new_game(variant, {}, seed=g)
        while not state.hand_over:
            seat = state.to_act
            obs = observe(state, seat)
            if state.side_of(seat) == 0 and obs.view.pending is None:
                moves = candidate_moves(obs.view, greedy, width)
                if len(moves) > 1:
                    game = Game(obs.view.spot.variant_name, dict(obs.view.rules.options), g)
                    yield [[play_out(obs, m, k, game, greedy) for k in range(deals)] for m in moves]
            state.apply(greedy.choose(state.view(seat)), seat)


def mean(values) -> float | None:
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def headroom(variant: str, games: int, deals: int, width: int, seed: int) -> dict:
    start = time.process_time()
    sds, gains, count = [], [], 0
    for values in positions(variant, games, deals, width, seed):
        count += 1
        for other in values[1:]:
            diffs = [a - b for a, b in zip(other, values[0]) if a is not None and b is not None]
            if len(diffs) > 2:
                sds.append(statistics.stdev(diffs))
        half = deals // 2
        for pick, judge in ((slice(0, half), slice(half, deals)), (slice(half, deals), slice(0, half))):
            picked = [mean(v[pick]) for v in values]
            best = max(range(len(values)), key=lambda i: -1e9 if picked[i] is None else picked[i])
            judged = [mean(v[judge]) for v in values]
            if judged[best] is not None and judged[0] is not None:
                gains.append(judged[best] - judged[0])
    return {"variant": variant, "positions": count, "deals": deals, "width": width,
            "candidates_compared": len(sds),
            "paired_sd": round(statistics.median(sds), 1) if sds else None,
            "headroom": round(statistics.mean(gains), 1) if gains else None,
            "headroom_se": round(statistics.stdev(gains) / len(gains) ** 0.5, 1) if len(gains) > 1 else None,
            "cpu_s": round(time.process_time() - start, 1)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variants", nargs="*", default=["classic"])
    p.add_argument("--games", type=int, default=3, help="greedy games the positions come from (default 3)")
    p.add_argument("--deals", type=int, default=32, help="deals a candidate is played out in (default 32)")
    p.add_argument("--width", type=int, default=4, help="discards weighed after a meld (default 4)")
    p.add_argument("--seed", type=int, default=100, help="the first game's seed (default 100)")
    args = p.parse_args()
    for variant in args.variants:
        print(json.dumps(headroom(variant, args.games, args.deals, args.width, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
