"""``canasta-tutor``: the contract's command line.

Exit status: 0 a verdict was reached, 2 invalid input (one line on standard
error, nothing on standard output), 3 the solver gave up within its limit.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from .errors import SolverLimitError, TutorError, internal_error

EXAMPLES = """examples:
  canasta-tutor show spot.json
  canasta-tutor melds spot.json --json
  canasta-tutor check go-out spot.json
  canasta-tutor check pickup spot.json --play "KH KD"
  canasta-tutor check initial-meld spot.json --play "KS KH KD | 7S 7H 7C"
  canasta-tutor check play spot.json --play "pickup KH KD; meld KS KH KD 2C; discard 9C"
  canasta-tutor check play albany.json --play "exchange 7H on 3; combine 2 5; meld QS QD JK; discard 9C"
  canasta-tutor check --batch questions.jsonl
  canasta-tutor score spot.json --went-out
  canasta-tutor rules classic
  canasta-tutor rules --diff classic house
SPOT is a JSON file (see the README) or - for standard input."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as a TutorError (exit 2, one line)."""

    def error(self, message: str):
        raise TutorError(f"{message} (see '{self.prog} --help')")


# Commands with their own argument parsers, handed the rest of the line as it is.
_FORWARDED = {"lessons": "tutor.serve", "puzzles": "tutor.puzzles.cli", "simulate": "tutor.engine.cli", "crosscheck": "tutor.crosscheck"}


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="canasta-tutor", description="Learn Canasta and settle disputes about its rules.",
                epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def common(sp, play_help=None):
        sp.add_argument("--json", action="store_true", help="print the answer as JSON")
        sp.add_argument("--decider", choices=("z3", "reference"), default="z3",
                        help="which decider answers (default: the z3 checker)")
        sp.add_argument("--rlimit", type=int, metavar="N",
                        help="the question's resource limit, shared by all its solver checks "
                             "(default: the checker's own)")
        if play_help:
            sp.add_argument("--play", help=play_help)

    sp = sub.add_parser("show", help="validate a spot and draw it")
    sp.add_argument("spot", metavar="SPOT")
    sp.add_argument("--json", action="store_true", help="print the spot's canonical JSON")

    sp = sub.add_parser("melds", help="every meld or lay-off the player may put down now")
    sp.add_argument("spot", metavar="SPOT")
    common(sp)

    sp = sub.add_parser("check", help="answer a question about a spot (initial-meld, pickup, go-out, play)")
    sp.add_argument("question", nargs="?", choices=("initial-meld", "pickup", "go-out", "play"), metavar="QUESTION")
    sp.add_argument("spot", nargs="?", metavar="SPOT")
    sp.add_argument("--batch", metavar="FILE", help="answer one JSON question per line (FILE or -)")
    common(sp, "the proposed melds, pickup cards or whole play (see the examples)")

    sp = sub.add_parser("score", help="the acting side's score for a hand that has just ended")
    sp.add_argument("spot", metavar="SPOT")
    g = sp.add_mutually_exclusive_group()
    g.add_argument("--went-out", action="store_true", help="the side went out")
    g.add_argument("--concealed", action="store_true", help="the side went out concealed")
    sp.add_argument("--json", action="store_true", help="print the score as JSON")

    sp = sub.add_parser("rules", help="a variant's rules, or what differs between two")
    sp.add_argument("variant", nargs="?", metavar="VARIANT", help="classic, house, canasty, albany or a .toml path")
    sp.add_argument("--diff", nargs=2, metavar=("A", "B"), help="the rules that differ between A and B")
    sp.add_argument("--json", action="store_true", help="print the rules as JSON")
    sp.add_argument("--markdown", action="store_true",
                    help="print the rule book as Markdown (docs/rules.md: the four variants, or VARIANT alone)")

    sp = sub.add_parser("lessons", help="serve the lessons in a browser", add_help=False)
    sp.add_argument("rest", nargs=argparse.REMAINDER)

    sp = sub.add_parser("puzzles", help="generate, solve, verify and export puzzles", add_help=False)
    sp.add_argument("rest", nargs=argparse.REMAINDER)

    sp = sub.add_parser("simulate", help="play bot hands and print statistics", add_help=False)
    sp.add_argument("rest", nargs=argparse.REMAINDER)

    sp = sub.add_parser("crosscheck", help="compare the two deciders on random spots", add_help=False)
    sp.add_argument("rest", nargs=argparse.REMAINDER)
    return p


def _emit(verdict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        print(verdict)


def _run(args) -> int:
    from . import questions
    from .spot import load_spot

    if args.command == "show":
        spot = load_spot(args.spot)
        if args.json:
            print(spot.to_json())
        else:
            from .render import cards_text, melds_text

            print(f"{spot.rules.variant.name} ({spot.rules.id}), score {spot.score}, stock {spot.stock}, {spot.phase}")
            print(f"  melds:   {melds_text(spot.melds) if spot.melds else '(not down yet)'}")
            print(f"  pile:    {cards_text(spot.discard) if spot.discard else '(empty)'}")
            if spot.red_threes:
                print(f"  bonus:   {cards_text(spot.red_threes)}")
            print(f"  hand:    {cards_text(spot.hand) if spot.hand else '(empty)'}")
            if not spot.down and spot.initial_need:
                print(f"  a first meld needs {spot.initial_need} points ({spot.rules.cite('initial')})")
        return 0
    if args.command == "rules":
        return _rules(args)
    if args.command == "check" and args.batch:
        if args.question or args.spot:
            raise TutorError("check --batch FILE takes no question or spot of its own")
        from .batch import run_batch

        return run_batch(args.batch, decider=args.decider)
    if args.command == "score":
        went = "concealed" if args.concealed else "out" if args.went_out else None
        _emit(questions.score(load_spot(args.spot), went), args.json)
        return 0
    if args.command == "check" and (not args.question or not args.spot):
        raise TutorError("check needs a QUESTION (initial-meld, pickup, go-out, play) and a SPOT, or --batch FILE")
    question = "melds" if args.command == "melds" else args.question
    spot = load_spot(args.spot)
    verdict = questions.ask(question, spot, play=getattr(args, "play", None), decider=args.decider,
                            rlimit=args.rlimit)
    _emit(verdict, args.json)
    return 0


def _rules(args) -> int:
    from .report import diff_text, rules_text
    from .rules import load_variant

    if args.markdown:
        from .rulebook_doc import rule_book

        if args.diff or args.json:
            raise TutorError("rules --markdown takes no --diff or --json")
        print(rule_book([args.variant]) if args.variant else rule_book(), end="")
        return 0
    if args.diff:
        if args.variant:
            raise TutorError("rules --diff A B takes no other variant")
        a, b = (load_variant(v) for v in args.diff)
        if args.json:
            from .rules import diff

            rows = [{"section": d.section, "changes": [list(c) for c in d.changes],
                     "rule_a": d.rule_a.id if d.rule_a else None, "rule_b": d.rule_b.id if d.rule_b else None}
                    for d in diff(a, b)]
            print(json.dumps(rows, ensure_ascii=False, default=str))
        else:
            print(diff_text(a, b))
        return 0
    if not args.variant:
        raise TutorError("rules needs a VARIANT (classic, house, canasty, albany or a .toml path) or --diff A B")
    variant = load_variant(args.variant)
    if args.json:
        print(json.dumps([{"rule": r.id, "text": r.text, "source": r.provenance} for r in variant.rules.values()],
                         ensure_ascii=False))
    else:
        print(rules_text(variant))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    try:
        if argv and argv[0] in _FORWARDED:
            import importlib

            return importlib.import_module(_FORWARDED[argv[0]]).main(argv[1:])
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 0
        return _run(args)
    except SolverLimitError as e:
        print(f"canasta-tutor: {e}", file=sys.stderr)
        return 3
    except TutorError as e:
        print(f"canasta-tutor: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("canasta-tutor: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug (a decider's ``CheckerBug`` or any other): one line, never a traceback
        print(f"canasta-tutor: {internal_error(e)}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
