"""``canasta-tutor simulate``: play bot hands and print statistics.

    canasta-tutor simulate --variant classic --hands 200 --seed 1
    canasta-tutor simulate --variant albany --players 3 --options '{"deluxe": [4, 7]}' --bot random --json

Exit status 0 after a run, 2 on bad input, 3 when the scoring of a hand gave up
within its limit (one line on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from ..errors import SolverLimitError, TutorError
from ..progress import Progress


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as a TutorError (exit 2, one line)."""

    def error(self, message: str):
        raise TutorError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="canasta-tutor simulate", description="Play bot hands and print statistics.")
    p.add_argument("--variant", required=True, help="classic, house, canasty, albany or a house-rules .toml")
    p.add_argument("--players", type=int, help="how many play (the variant's default if left out)")
    p.add_argument("--options", default="{}", help='variant options as JSON, e.g. \'{"draw": 2}\'')
    p.add_argument("--hands", type=int, default=100, help="how many hands to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    p.add_argument("--bot", choices=("greedy", "random"), default="greedy", help="which bot plays every seat")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="show progress even when standard error is not a terminal")
    return p


def _options(args) -> dict:
    from ..inputs import loads

    options = loads(args.options, "--options")
    if not isinstance(options, dict):
        raise TutorError("--options must be a JSON object, e.g. '{\"players\": 2}'")
    if args.players is not None:
        options["players"] = args.players
    return options


def main(argv: Sequence[str] | None = None) -> int:
    from .driver import simulate

    try:
        args = _parser().parse_args(list(argv) if argv is not None else None)
        if args.hands < 1:
            raise TutorError("--hands must be at least 1")
        options = _options(args)
        progress = Progress(args.hands, f"{args.variant} hands") if (args.progress or sys.stderr.isatty()) else None
        report = simulate(args.variant, options, hands=args.hands, seed=args.seed, bot=args.bot,
                          progress=progress)
    except SolverLimitError as e:
        print(f"canasta-tutor simulate: {e}", file=sys.stderr)
        return 3
    except TutorError as e:
        print(f"canasta-tutor simulate: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("canasta-tutor simulate: interrupted", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
