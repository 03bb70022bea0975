"""``canasta-tutor``: the contract's command line, one argparse tree.

Every command is a subcommand of one parser. The commands that drive code of
their own keep their options beside it (``add_arguments(parser)`` and
``run(args)`` in ``tutor.serve``, ``tutor.puzzles.cli``, ``tutor.engine.cli``,
``tutor.crosscheck``); this module assembles them and owns the exit status:
0 a verdict was reached (or the work is done), 2 invalid input or usage (one
line on standard error, nothing on standard output), 3 the solver gave up
within its limit, 1 only for an internal fault (or a check that found one:
deciders that disagree, a puzzle that does not hold); ``puzzles generate``
returns 4 when it found fewer puzzles than asked.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from .arguments import PROG, Parser, UsageError, add_variant, positive_int
from .errors import SolverLimitError, TutorError, internal_error

EXAMPLES = """examples:
  canasta-tutor show spot.json
  canasta-tutor melds spot.json --json
  canasta-tutor check go-out spot.json
  canasta-tutor check pickup spot.json --play "KH KD"
  canasta-tutor check initial-meld spot.json --play "KS KH KD | 7S 7H 7C"
  canasta-tutor check play spot.json --play "pickup KH KD; meld KS KH KD 2C; layoff 7D to 2; discard 9C"
  canasta-tutor check play albany.json --play "exchange 7H on 3; combine 2 5; meld QS QD JK; discard 9C"
  canasta-tutor check --batch questions.jsonl --rlimit 2000000
  canasta-tutor score spot.json --went-out
  canasta-tutor rules classic
  canasta-tutor rules --diff classic ours.toml
  canasta-tutor puzzles list --variant house --grade 2
  canasta-tutor simulate --variant classic --hands 100
  canasta-tutor crosscheck --variant albany --count 200
  canasta-tutor lessons

SPOT is a JSON file or - for standard input. A play is ';'-separated steps:
  pickup CARDS [depth K]   meld CARDS   layoff CARDS [to N]   discard CARD
  (albany) exchange CARD [on N]   combine N M
Every step the tutor prints (melds, a witness, a verdict) is accepted back by --play as printed.

exit status: 0 a verdict was reached; 2 invalid input (one line on standard error);
3 the solver gave up within its limit; 4 puzzles generate found fewer than asked;
1 an internal fault (or a check that found one)."""

# The commands whose options live beside their code: name -> (module with EXAMPLES, add_arguments and run,
# the one-line help). A module is imported only when its command runs, so every command starts quickly.
MODULES = {"puzzles": ("tutor.puzzles.cli", "generate, list, solve, verify and export puzzles"),
           "simulate": ("tutor.engine.cli", "play bot hands and print statistics"),
           "crosscheck": ("tutor.crosscheck", "compare the two deciders on random spots"),
           "lessons": ("tutor.serve", "serve the lessons in a browser")}
SPOT_QUESTIONS = ("initial-meld", "pickup", "go-out", "play")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("canasta-tutor")
    except PackageNotFoundError:
        return "unknown (not installed)"


# -- the spot commands -----------------------------------------------------------------------------

def _spot_options(sp, *, optional: bool = False) -> None:
    sp.add_argument("spot", metavar="SPOT", nargs="?" if optional else None,
                    help="a spot JSON file, or - for standard input")
    sp.add_argument("--json", action="store_true", help="print the answer as JSON")
    add_variant(sp, extra=": judge the spot under these rules instead of its own 'variant'")
    sp.add_argument("--decider", choices=("z3", "reference"), default="z3",
                    help="which decider answers (default: the z3 checker)")
    sp.add_argument("--rlimit", type=positive_int, metavar="N",
                    help="the question's resource limit, shared by all its solver checks "
                         "(default: the checker's own)")


def _add_show(sp) -> None:
    sp.add_argument("spot", metavar="SPOT", help="a spot JSON file, or - for standard input")
    sp.add_argument("--json", action="store_true", help="print the spot's canonical JSON")
    add_variant(sp, extra=": read the spot under these rules instead of its own 'variant'")


def _add_melds(sp) -> None:
    _spot_options(sp)


def _add_check(sp) -> None:
    sp.add_argument("question", nargs="?", choices=SPOT_QUESTIONS, metavar="QUESTION",
                    help="initial-meld, pickup, go-out or play")
    _spot_options(sp, optional=True)
    sp.add_argument("--batch", metavar="FILE", help="answer one JSON question per line (FILE or -); "
                                                    "--decider and --rlimit apply to every line")
    sp.add_argument("--play", help="the proposed first meld, the pickup's cards, or the whole play to judge")


def _add_score(sp) -> None:
    sp.add_argument("spot", metavar="SPOT", help="a spot JSON file, or - for standard input")
    g = sp.add_mutually_exclusive_group()
    g.add_argument("--went-out", action="store_true", help="the side went out")
    g.add_argument("--concealed", action="store_true", help="the side went out concealed")
    sp.add_argument("--json", action="store_true", help="print the score as JSON")
    add_variant(sp, extra=": score under these rules instead of the spot's own 'variant'")


def _add_rules(sp) -> None:
    sp.add_argument("name", nargs="?", metavar="VARIANT", help="classic, house, canasty, albany or a .toml path")
    add_variant(sp, extra=" (the same as VARIANT)")
    sp.add_argument("--diff", nargs=2, metavar=("A", "B"), help="the rules that differ between A and B")
    sp.add_argument("--json", action="store_true", help="print the rules as JSON")
    sp.add_argument("--markdown", action="store_true",
                    help="print the rule book as Markdown (docs/rules.md: the four variants, or VARIANT alone)")


def _spot(args):
    from .spot import Spot, load_spot

    spot = load_spot(args.spot)
    if args.variant:
        spot = Spot.from_dict({**spot.to_dict(), "variant": args.variant})
    return spot


def _emit(verdict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        print(verdict)


def _run_show(args) -> int:
    spot = _spot(args)
    if args.json:
        print(spot.to_json())
        return 0
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


def _run_question(args) -> int:
    from . import questions

    question = "melds" if args.command == "melds" else args.question
    if args.command == "check" and args.batch:
        if args.question or args.spot or args.play or args.variant:
            raise UsageError("check --batch FILE takes no question, spot, --play or --variant of its own: "
                             "each line names its own")
        from .batch import run_batch

        return run_batch(args.batch, decider=args.decider, rlimit=args.rlimit)
    if not args.spot or not question:  # only check leaves them optional, for --batch
        raise UsageError("check needs a QUESTION (initial-meld, pickup, go-out, play) and a SPOT, or --batch FILE")
    verdict = questions.ask(question, _spot(args), play=getattr(args, "play", None), decider=args.decider,
                            rlimit=args.rlimit)
    _emit(verdict, args.json)
    return 0


def _run_score(args) -> int:
    from . import questions

    went = "concealed" if args.concealed else "out" if args.went_out else None
    _emit(questions.score(_spot(args), went), args.json)
    return 0


def _run_rules(args) -> int:
    from .report import diff_text, rules_text
    from .rules import load_variant

    if args.name and args.variant and args.name != args.variant:
        raise UsageError("rules takes one VARIANT: give it or --variant, not both")
    name = args.name or args.variant
    if args.markdown:
        from .rulebook_doc import rule_book

        if args.diff or args.json:
            raise UsageError("rules --markdown takes no --diff or --json")
        print(rule_book([name]) if name else rule_book(), end="")
        return 0
    if args.diff:
        if name:
            raise UsageError("rules --diff A B takes no other variant")
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
    if not name:
        raise UsageError("rules needs a VARIANT (classic, house, canasty, albany or a .toml path) or --diff A B")
    variant = load_variant(name)
    if args.json:
        print(json.dumps([{"rule": r.id, "text": r.text, "source": r.provenance} for r in variant.rules.values()],
                         ensure_ascii=False))
    else:
        print(rules_text(variant))
    return 0


# name -> (help, examples, add_arguments, run)
_CORE = {
    "show": ("validate a spot and draw it", """examples:
  canasta-tutor show spot.json
  canasta-tutor show - --json < spot.json""", _add_show, _run_show),
    "melds": ("every meld or lay-off the player may put down now", """examples:
  canasta-tutor melds spot.json
  canasta-tutor melds spot.json --json --decider reference

Each line is a step --play accepts as printed, e.g. 'layoff 7♦ to 2'.""", _add_melds, _run_question),
    "check": ("answer a question about a spot (initial-meld, pickup, go-out, play)", """examples:
  canasta-tutor check go-out spot.json
  canasta-tutor check pickup spot.json --play "KH KD"
  canasta-tutor check pickup albany.json --play "pickup 9S 9H depth 3"
  canasta-tutor check initial-meld spot.json --play "KS KH KD | 7S 7H 7C"
  canasta-tutor check play spot.json --play "pickup KH KD; meld KS KH KD 2C; layoff 7D to 2; discard 9C"
  canasta-tutor check --batch questions.jsonl --rlimit 2000000

A play is ';'-separated steps: pickup CARDS [depth K], meld CARDS, layoff CARDS [to N],
discard CARD, and in albany exchange CARD [on N] and combine N M.""", _add_check, _run_question),
    "score": ("the acting side's score for a hand that has just ended", """examples:
  canasta-tutor score spot.json
  canasta-tutor score spot.json --went-out --json
  canasta-tutor score spot.json --concealed --variant ours.toml""", _add_score, _run_score),
    "rules": ("a variant's rules, or what differs between two", """examples:
  canasta-tutor rules classic
  canasta-tutor rules --variant ours.toml --json
  canasta-tutor rules --diff classic house
  canasta-tutor rules --markdown > docs/rules.md""", _add_rules, _run_rules),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole tree; ``command`` given, the other module commands are listed by name and help only."""
    import importlib

    p = Parser(prog=PROG, description="Learn Canasta and settle disputes about its rules.", epilog=EXAMPLES)
    p.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    entries = list(_CORE.items())
    for name, (path, help_text) in MODULES.items():
        if command in (None, name):
            module = importlib.import_module(path)
            entries.append((name, (help_text, module.EXAMPLES, module.add_arguments, module.run)))
        else:
            entries.append((name, (help_text, None, None, None)))
    for name, (help_text, examples, add_arguments, run) in entries:
        sp = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".",
                            epilog=examples)
        if add_arguments is not None:
            add_arguments(sp)
        sp.set_defaults(run=run, help_parser=sp)
    return p


def _command_of(argv: list[str]) -> str:
    """The command named on the line: the first word that is not an option (the top level takes no values)."""
    return next((a for a in argv if not a.startswith("-")), "")


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(_command_of(argv))
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 0
        return args.run(args)
    except SolverLimitError as e:
        return _fail(e, 3)
    except NotImplementedError as e:  # a decider that does not play this variant yet
        return _fail(f"not supported yet: {e}", 2)
    except TutorError as e:
        return _fail(e, 2)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except BrokenPipeError:
        return 0
    except OSError as e:  # a file that cannot be read or written
        return _fail(f"{e.strerror or e}: {e.filename}" if e.filename else (e.strerror or str(e)), 2)
    except Exception as e:  # a bug (a decider's ``CheckerBug`` or any other): one line, never a traceback
        return _fail(internal_error(e), 1)


def _fail(message, status: int) -> int:
    """One line on standard error, the prefix once."""
    text = " ".join(str(message).split()) if "\n" in str(message) else str(message)
    print(f"{PROG}: {text}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
