"""``canasta-tutor simulate``: play bot hands and print statistics, or a ladder between two bots.

Its options live in ``add_arguments``; ``tutor.cli`` puts them under the one
``canasta-tutor`` parser. ``--bots A,B`` plays bot A against bot B on
duplicate deals (each deal twice, the seats swapped) and reports A's win rate
with its 95% (Wilson) interval and the Elo difference. A bot is ``greedy``,
``greedy:W`` (the greedy bot taking any pile worth at least W cards),
``random``, ``ismcts`` or ``ismcts:N`` (the search at N deals of the unseen
cards a move); ``--move-seconds`` also caps each search move's time. Exit
status 0 after a run, 2 on bad input, 3 when the scoring of a hand gave up
within its limit (one line on standard error).
"""

from __future__ import annotations

import argparse
import json
from typing import Sequence

from ..arguments import add_progress, add_variant, json_options, positive_int, show_progress
from ..errors import TutorError

EXAMPLES = """examples:
  canasta-tutor simulate --variant classic --hands 200 --seed 1
  canasta-tutor simulate --variant albany --players 3 --options '{"deluxe": [4, 7]}' --bot random --json
  canasta-tutor simulate --variant ours.toml --hands 50 --no-progress
  canasta-tutor simulate --variant classic --bots ismcts,greedy --hands 400 --seed 1 --json
  canasta-tutor simulate --variant house --bots ismcts:8,random --hands 100"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_variant(p, required=True)
    p.add_argument("--players", type=positive_int, help="how many play (the variant's default if left out)")
    p.add_argument("--options", default="{}", help='variant options as JSON, e.g. \'{"draw": 2}\'')
    p.add_argument("--hands", type=positive_int, default=100, help="how many hands to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    p.add_argument("--bot", choices=("greedy", "random", "ismcts"), default="greedy",
                   help="which bot plays every seat")
    p.add_argument("--bots", metavar="A,B",
                   help="a ladder: bot A against bot B (greedy, greedy:W, random, ismcts, ismcts:N), "
                        "e.g. ismcts,greedy")
    p.add_argument("--move-seconds", type=float, metavar="S",
                   help="a time cap on each search move, on top of its iterations (then not deterministic)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress(p)


def _bot_pair(text: str) -> tuple[str, str]:
    from .bots import make_bot

    names = tuple(n.strip() for n in text.split(","))
    if len(names) != 2 or not all(names):
        raise TutorError(f"--bots {text!r}: name two bots, as in --bots ismcts,greedy")
    for name in names:
        make_bot(name)  # an unknown name is refused here, naming it
    return names  # type: ignore[return-value]


def run(args: argparse.Namespace) -> int:
    from ..progress import Progress
    from .driver import simulate

    if args.move_seconds is not None and not args.move_seconds > 0:
        raise TutorError("--move-seconds must be more than 0")
    options = json_options(args.options)
    if args.players is not None:
        options["players"] = args.players
    if args.bots:
        from .ladder import ladder

        kinds = _bot_pair(args.bots)
        progress = Progress(args.hands, f"{args.variant} ladder hands") if show_progress(args) else None
        report = ladder(args.variant, options, kinds, hands=args.hands, seed=args.seed, progress=progress,
                        move_seconds=args.move_seconds)
    else:
        progress = Progress(args.hands, f"{args.variant} hands") if show_progress(args) else None
        report = simulate(args.variant, options, hands=args.hands, seed=args.seed, bot=args.bot,
                          progress=progress)
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
