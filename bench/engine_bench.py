"""Greedy-bot hands per second, per variant: ``python bench/engine_bench.py [--hands N]``.

Every turn is judged by ``tutor.turn.play_turn``, as in any game; the card
count is not re-checked here (``canasta-tutor simulate`` does that too).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.engine import simulate  # noqa: E402

TABLES = [
    ("classic", {}),
    ("classic", {"players": 2}),
    ("house", {}),
    ("house", {"draw": 2}),
    ("canasty", {}),
    ("canasty", {"players": 6}),
    ("albany", {}),
    ("albany", {"players": 4, "partnerships": True}),
    ("albany", {"players": 3, "deluxe": [4, 6, 7, 8]}),
]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=200, help="hands per table (default 200)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    print(f"{'variant':8}  {'options':40}  {'hands/s':>8}  {'turns/hand':>10}  {'out':>5}  errors")
    for variant, options in TABLES:
        r = simulate(variant, options, hands=args.hands, seed=args.seed, check_cards=False).to_dict()
        print(f"{variant:8}  {str(options or ''):40}  {r['hands_per_second']:>8.1f}  {r['turns_per_hand']:>10.1f}  "
              f"{100 * r['going_out_rate']:>4.0f}%  {r['errors']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
