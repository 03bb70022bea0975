"""``canasta-tutor simulate``: play bot hands and print statistics, or a ladder between two bots.

    canasta-tutor simulate --variant classic --hands 200 --seed 1
    canasta-tutor simulate --variant albany --players 3 --options '{"deluxe": [4, 7]}' --bot random --json
    canasta-tutor simulate --variant classic --bots ismcts,greedy --hands 400 --seed 1 --json
    canasta-tutor simulate --variant house --bots ismcts:32,random --hands 100

``--bots A,B`` plays A against B on duplicate deals (each deal twice, seats
swapped) and reports A's win rate with its 95% (Wilson) interval and the Elo
difference. A bot is ``greedy``, ``random``, ``ismcts`` or ``ismcts:N`` (the
search at N deals a move); ``--move-seconds`` also caps each search move.

Exit status 0 after a run, 2 on bad input, 3 when the scoring of a hand gave up
within its limit (one line on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from ..errors import SolverLimitError, TutorError


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as a TutorError (exit 2, one line)."""

    def error(self, message: str):
        raise TutorError(message)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """``simulate``'s options."""
    p.add_argument("--variant", required=True, help="classic, house, canasty, albany or a house-rules .toml")
    p.add_argument("--players", type=int, help="how many play (the variant's default if left out)")
    p.add_argument("--options", default="{}", help='variant options as JSON, e.g. \'{"draw": 2}\'')
    p.add_argument("--hands", type=int, default=100, help="how many hands to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    p.add_argument("--bot", choices=("greedy", "random", "ismcts"), default="greedy",
                   help="which bot plays every seat")
    p.add_argument("--bots", metavar="A,B",
                   help="a ladder: bot A against bot B (greedy, random, ismcts, ismcts:N), e.g. ismcts,greedy")
    p.add_argument("--move-seconds", type=float, metavar="S",
                   help="a time cap on each search move, on top of its iterations (no longer deterministic)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="show progress even when standard error is not a terminal")


def _options(args) -> dict:
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as e:
        raise TutorError(f"--options is not valid JSON: {e}") from None
    if not isinstance(options, dict):
        raise TutorError("--options must be a JSON object, e.g. '{\"players\": 2}'")
    if args.players is not None:
        options["players"] = args.players
    return options


def _bot_pair(text: str) -> tuple[str, str]:
    from .bots import make_bot

    names = tuple(n.strip() for n in text.split(","))
    if len(names) != 2 or not all(names):
        raise TutorError(f"--bots {text!r}: name two bots, as in --bots ismcts,greedy")
    for name in names:
        make_bot(name)  # an unknown name is refused here, naming it
    return names  # type: ignore[return-value]


def run(args: argparse.Namespace) -> int:
    """Run ``simulate`` with parsed options; returns the exit status."""
    from ..progress import Progress
    from .driver import simulate

    if args.hands < 1:
        raise TutorError("--hands must be at least 1")
    if args.move_seconds is not None and args.move_seconds <= 0:
        raise TutorError("--move-seconds must be more than 0")
    options = _options(args)
    show = args.progress or sys.stderr.isatty()
    if args.bots:
        from .ladder import ladder

        kinds = _bot_pair(args.bots)
        progress = Progress(args.hands, f"{args.variant} ladder hands") if show else None
        report = ladder(args.variant, options, kinds, hands=args.hands, seed=args.seed, progress=progress,
                        move_seconds=args.move_seconds)
    else:
        progress = Progress(args.hands, f"{args.variant} hands") if show else None
        report = simulate(args.variant, options, hands=args.hands, seed=args.seed, bot=args.bot,
                          progress=progress)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(report)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        p = _Parser(prog="canasta-tutor simulate", description="Play bot hands and print statistics.")
        add_arguments(p)
        args = p.parse_args(list(argv) if argv is not None else None)
        return run(args)
    except SolverLimitError as e:
        print(f"canasta-tutor simulate: {e}", file=sys.stderr)
        return 3
    except TutorError as e:
        print(f"canasta-tutor simulate: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("canasta-tutor simulate: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
