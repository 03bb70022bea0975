"""``canasta-tutor simulate``: play bot hands and print statistics.

Its options live in ``add_arguments``; ``tutor.cli`` puts them under the one
``canasta-tutor`` parser. Exit status 0 after a run, 2 on bad input, 3 when the
scoring of a hand gave up within its limit (one line on standard error).
"""

from __future__ import annotations

import argparse
import json
from typing import Sequence

from ..arguments import add_progress, add_variant, json_options, positive_int, show_progress

EXAMPLES = """examples:
  canasta-tutor simulate --variant classic --hands 200 --seed 1
  canasta-tutor simulate --variant albany --players 3 --options '{"deluxe": [4, 7]}' --bot random --json
  canasta-tutor simulate --variant ours.toml --hands 50 --no-progress"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_variant(p, required=True)
    p.add_argument("--players", type=positive_int, help="how many play (the variant's default if left out)")
    p.add_argument("--options", default="{}", help='variant options as JSON, e.g. \'{"draw": 2}\'')
    p.add_argument("--hands", type=positive_int, default=100, help="how many hands to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    p.add_argument("--bot", choices=("greedy", "random"), default="greedy", help="which bot plays every seat")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress(p)


def run(args: argparse.Namespace) -> int:
    from ..progress import Progress
    from .driver import simulate

    options = json_options(args.options)
    if args.players is not None:
        options["players"] = args.players
    progress = Progress(args.hands, f"{args.variant} hands") if show_progress(args) else None
    report = simulate(args.variant, options, hands=args.hands, seed=args.seed, bot=args.bot, progress=progress)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(report)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``canasta-tutor simulate ARGV``."""
    import sys

    from ..cli import main as cli_main

    return cli_main(["simulate", *(sys.argv[1:] if argv is None else argv)])
