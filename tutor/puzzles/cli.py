"""``canasta-tutor puzzles``: generate, list, solve, verify, add and export puzzles.

Its options live in ``add_arguments``; ``tutor.cli`` puts them under the one
``canasta-tutor`` parser. Exit status: see ``EXIT_STATUS``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..arguments import add_progress, add_variant, add_workers, json_options, positive_int, show_progress
from ..errors import TutorError
from .format import GRADES, QUESTIONS

PARTIAL = 4  # generate made fewer puzzles than asked: they are printed, and the shortfall is said on stderr
EXIT_STATUS = f"""exit status:
  0  done (for solve, whatever the learner answered)
  1  verify found a puzzle that does not hold, or add was refused because the deciders disagree
  2  invalid input (one line on standard error)
  3  a decider gave up within its limit
  {PARTIAL}  generate found fewer puzzles than --count: those found are written, and standard error says
     how many"""
EXAMPLES = """examples:
  canasta-tutor puzzles generate --variant classic --count 20 --seed 7 --out mine.jsonl
  canasta-tutor puzzles generate --variant canasty --count 10 --source constructed
  canasta-tutor puzzles generate --variant canasty --count 5 --difficulty 4 --theme legal-cheats
  canasta-tutor puzzles list --variant albany --question go-out --grade 3
  canasta-tutor puzzles solve puzzles/classic.jsonl classic-go-out-1a2b3c4d
  canasta-tutor puzzles verify                     # the whole shipped bank
  canasta-tutor puzzles verify mine.jsonl --deep --no-progress
  canasta-tutor puzzles add --spot spot.json --question go-out --tags lesson-3 --to mine.jsonl
  canasta-tutor puzzles export puzzles/house.jsonl --format html --answers --out house.html

""" + EXIT_STATUS


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="puzzles_command", metavar="COMMAND", parser_class=type(p))

    g = sub.add_parser("generate", help="generate doubly proved puzzles (JSON Lines)", epilog="""examples:
  canasta-tutor puzzles generate --variant classic --count 20 --seed 7 --out mine.jsonl
  canasta-tutor puzzles generate --variant canasty --count 10 --source constructed
  canasta-tutor puzzles generate --variant ours.toml --count 5 --difficulty 2 --no-progress

""" + EXIT_STATUS)
    add_variant(g, required=True)
    g.add_argument("--count", type=positive_int, required=True, help="how many puzzles")
    g.add_argument("--difficulty", type=int, choices=GRADES, metavar="{1..5}", help="keep only this grade")
    g.add_argument("--theme", help="keep only puzzles with this theme (see 'canasta-tutor puzzles themes')")
    g.add_argument("--seed", default="0", help="the seed: the same seed gives the same puzzles (default 0)")
    g.add_argument("--options", default="{}", help='variant options as JSON, e.g. \'{"players": 2}\'')
    g.add_argument("--source", choices=("mined", "constructed"), default="mined",
                   help="mined: moments of self-played games, each with the game that reaches it (default); "
                        "constructed: spots built to a recipe")
    add_workers(g, "processes proving in parallel")
    g.add_argument("--out", help="write to this file (default: standard output)")
    add_progress(g)

    ls = sub.add_parser("list", help="one line per puzzle: id, variant, question, themes, grade", epilog="""examples:
  canasta-tutor puzzles list                         # the shipped bank
  canasta-tutor puzzles list mine.jsonl --question cheat
  canasta-tutor puzzles list --variant house --theme frozen-pile --grade 2 --json""")
    ls.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: the shipped bank)")
    add_variant(ls, extra=" (keep only its puzzles)")
    ls.add_argument("--question", choices=QUESTIONS, help="keep only puzzles asking this")
    ls.add_argument("--theme", help="keep only puzzles with this theme")
    ls.add_argument("--grade", type=int, choices=GRADES, metavar="{1..5}", help="keep only this grade")
    ls.add_argument("--json", action="store_true", help="one JSON object per puzzle")

    s = sub.add_parser("solve", help="try a puzzle: answer it, then see the proof", epilog="""examples:
  canasta-tutor puzzles solve puzzles/classic.jsonl
  canasta-tutor puzzles solve puzzles/classic.jsonl classic-go-out-1a2b3c4d""")
    s.add_argument("file", metavar="FILE")
    s.add_argument("id", nargs="?", metavar="ID", help="the puzzle's id (default: the first in the file)")

    v = sub.add_parser("verify", help="re-prove puzzle files with both deciders", epilog="""examples:
  canasta-tutor puzzles verify
  canasta-tutor puzzles verify mine.jsonl --deep --workers 1""")
    v.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: the shipped bank)")
    v.add_argument("--deep", action="store_true", help="also recount ways and recompute grades and themes")
    add_workers(v, "processes re-proving in parallel")
    add_progress(v)

    a = sub.add_parser("add", help="prove a spot's answer and append it to a puzzle file", epilog="""examples:
  canasta-tutor puzzles add --spot spot.json --question go-out --tags lesson-3 --to mine.jsonl
  canasta-tutor puzzles add --spot spot.json --question cheat --play "meld KS 2C JK; discard 9C" --to mine.jsonl""")
    a.add_argument("--spot", required=True, metavar="SPOT", help="a spot JSON file, or - for standard input")
    a.add_argument("--question", required=True, choices=QUESTIONS)
    a.add_argument("--play", help="the disputed play (cheat), or the proposed pickup / first meld")
    a.add_argument("--tags", nargs="*", default=[], help="extra themes for the puzzle")
    a.add_argument("--to", required=True, metavar="FILE", help="the puzzle file to append to")

    e = sub.add_parser("export", help="a printable worksheet (HTML or PDF), of the whole bank or a choice",
                       epilog="""examples:
  canasta-tutor puzzles export --variant house --answers --out house.html
  canasta-tutor puzzles export --theme frozen-pile --grade 2 --count 6 --format pdf --answers --out frozen.pdf
  canasta-tutor puzzles export mine.jsonl --ids classic-go-out-320db8f0 --out one.html""")
    e.add_argument("paths", nargs="*", metavar="FILE", help="puzzle files or folders (default: the shipped bank)")
    e.add_argument("--format", choices=("html", "pdf"), default="html", help="html (default) or pdf")
    e.add_argument("--answers", action="store_true", help="add the answer key on separate pages")
    e.add_argument("--out", metavar="OUT", help="write here (default: standard output; PDF needs it)")
    e.add_argument("--title", help="the worksheet's title")
    add_variant(e, extra=" (only its puzzles)")
    e.add_argument("--question", choices=QUESTIONS, action="append", help="only this question (may repeat)")
    e.add_argument("--theme", action="append", help="only puzzles with this theme (may repeat)")
    e.add_argument("--grade", type=int, choices=GRADES, action="append", metavar="{1..5}",
                   help="only this grade (may repeat)")
    e.add_argument("--count", type=positive_int, help="at most this many puzzles")
    e.add_argument("--ids", nargs="+", metavar="ID", help="exactly these puzzles, in this order")

    sub.add_parser("themes", help="list the themes puzzles are tagged with")

    r = sub.add_parser("rehash", help="recompute the checksums of puzzle files whose texts were edited on purpose")
    r.add_argument("files", nargs="+", metavar="FILE")

    rr = sub.add_parser("rerate", help="recompute themes, features, grades and ratings from the stored proofs",
                        epilog="""examples:
  canasta-tutor puzzles rerate                       # the whole bank, after the difficulty model changed
  canasta-tutor puzzles rerate puzzles/albany.jsonl

No decider is asked: a yes's witness is replayed by the turn engine. Run
'canasta-tutor puzzles verify' after, to re-prove the answers.
""" + EXIT_STATUS)
    rr.add_argument("files", nargs="*", metavar="FILE", help="puzzle files or folders (default: the bank)")

def run(args: argparse.Namespace) -> int:
    command = getattr(args, "puzzles_command", None)
    if command is None:
        args.help_parser.print_help()
        return 0
    return {"generate": _generate, "list": _list, "solve": _solve, "verify": _verify, "add": _add,
            "export": _export, "themes": _themes, "rehash": _rehash, "rerate": _rerate}[command](args)


def main(argv=None) -> int:
    """``canasta-tutor puzzles ARGV``."""
    from ..cli import main as cli_main

    return cli_main(["puzzles", *(sys.argv[1:] if argv is None else argv)])


# -- generate --------------------------------------------------------------------------------

def _seed(text: str) -> int | str:
    from ..inputs import excerpt, whole_number

    if len(text) > 80:
        raise TutorError(f"--seed may be at most 80 characters, not {excerpt(text)}")
    body = text[1:] if text.startswith("-") else text
    return whole_number(text, "--seed") if body.isascii() and body.isdigit() else text


def _generate(args) -> int:
    from .format import dumps
    from .generate import generate_report

    options = json_options(args.options)
    shown = show_progress(args)
    report = generate_report(args.variant, args.count, args.difficulty, args.theme, _seed(args.seed), options,
                             args.workers, progress=shown, source=args.source)
    text = dumps(report.puzzles)
    if args.out:
        from .format import locked, write_atomic

        with locked(args.out):
            write_atomic(args.out, text)
    else:
        sys.stdout.write(text)
    yes = sum(p.answer for p in report.puzzles)
    grades = {g: sum(p.grade == g for p in report.puzzles) for g in GRADES}
    print(f"{len(report.puzzles)} puzzles ({yes} yes, {len(report.puzzles) - yes} no; grades "
          f"{' '.join(f'{g}:{n}' for g, n in grades.items())}) from {report.tried} candidates "
          f"in {report.seconds:.1f} s", file=sys.stderr)
    if shown:
        for why, n in sorted(report.dropped.items(), key=lambda kv: -kv[1]):
            print(f"  dropped {n}: {why}", file=sys.stderr)
    for d in report.disagreements[:5]:
        print(f"  PROBLEM ({d['question']}): {d['problem']}\n    spot: {json.dumps(d['spot'])}",
              file=sys.stderr)
    if len(report.puzzles) < args.count:
        print(f"canasta-tutor: puzzles generate found {len(report.puzzles)} of the {args.count} puzzles asked "
              f"(exit status {PARTIAL}); try another seed, or fewer filters", file=sys.stderr)
        return PARTIAL
    return 0


# -- list ------------------------------------------------------------------------------------------

def _list(args) -> int:
    from .format import read_file
    from .verify import bank_files

    variants = set()
    if args.variant:
        from ..rules import load_variant

        variants = {args.variant, load_variant(args.variant).id}
    if args.theme:
        from .grading import THEMES

        if args.theme not in THEMES:
            raise TutorError(f"unknown theme {args.theme!r} (themes: {', '.join(THEMES)})")
    for path in bank_files(args.paths):
        for p in read_file(path):
            if ((variants and p.variant not in variants) or (args.question and p.question != args.question)
                    or (args.theme and args.theme not in p.themes) or (args.grade and p.grade != args.grade)):
                continue
            if args.json:
                print(json.dumps({"id": p.id, "variant": p.variant, "question": p.question,
                                  "themes": list(p.themes), "grade": p.grade, "file": str(path)}))
            else:
                print(f"{p.id:<34} {p.variant:<8} {p.question:<12} grade {p.grade}  {', '.join(p.themes)}")
    return 0


# -- solve ---------------------------------------------------------------------------------------

def _read(prompt: str) -> str:
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise TutorError("no answer on standard input")
    return line.strip()


def _show(puzzle, color: bool) -> None:
    from ..render import cards_text, melds_text
    from ..spot import Spot
    from .worksheet import _facts

    spot = Spot.from_dict(puzzle.spot)
    print(f"Puzzle {puzzle.id}   {'*' * puzzle.grade}{'.' * (5 - puzzle.grade)}")
    print("  " + "; ".join(_facts(spot)))
    print(f"  melds: {melds_text(spot.melds, color=color) if spot.melds else '(not down yet)'}")
    print(f"  pile:  {cards_text(spot.discard, color=color) if spot.discard else '(empty)'}"
          + (f"   ({len(spot.discard)} cards, bottom first)" if len(spot.discard) > 1 else ""))
    if spot.red_threes:
        print(f"  bonus: {cards_text(spot.red_threes, color=color)}")
    print(f"  hand:  {cards_text(spot.hand, color=color) if spot.hand else '(empty)'}")
    print()
    print(puzzle.prompt)


def _is_yes(text: str) -> bool | None:
    t = text.strip().lower()
    if t in ("y", "yes", "legal", "ok"):
        return True
    if t in ("n", "no", "cheat", "illegal"):
        return False
    return None


def _solve(args) -> int:
    from ..questions import referee
    from ..spot import Spot
    from .format import find, read_file
    from .prove import turn_problem
    from .worksheet import ways_text

    puzzles = read_file(args.file)
    if not puzzles:
        raise TutorError(f"{args.file} holds no puzzles")
    puzzle = find(puzzles, args.id) if args.id else puzzles[0]
    spot = Spot.from_dict(puzzle.spot)
    color = sys.stdout.isatty()
    _show(puzzle, color)
    said = None
    ask = "Is the play legal? (yes or no): " if puzzle.question == "cheat" else "Your answer (yes or no): "
    while said is None:
        said = _is_yes(_read(ask))
    right = said == puzzle.answer
    if puzzle.question == "cheat":
        if not said:
            letter = _read("Which cheat is it (A, B, C, M or N)? ").strip().upper()
            right = right and letter in puzzle.proof.get("cheats", [])
    elif said:
        text = _read("Your play (e.g. meld KS KH KD; discard 9C): ")
        try:
            verdict = referee(spot, text)
        except TutorError as e:
            print(f"  That play cannot be read: {e}")
            right = False
        else:
            if not verdict.answer:
                print("  Your play is not legal: " + "; ".join(f"{r.rule}: {r.text}" for r in verdict.reasons))
                right = False
            else:
                from ..play import parse_play
                from ..turn import play_turn

                problem = turn_problem(puzzle.question, spot, play_turn(spot, parse_play(text)))
                if problem:
                    print(f"  Your play is legal, but {problem.replace('the witness play', 'it')}.")
                    right = False
                else:
                    print("  Your play works.")
    print()
    print("Right!" if right else "Not quite.")
    if puzzle.answer:
        w = puzzle.proof["witness"]
        print(f"Answer: {'legal' if puzzle.question == 'cheat' else 'YES'}. "
              f"{'The play' if puzzle.question == 'cheat' else 'For example'}: {w['play']}")
        if puzzle.question != "cheat":
            print(ways_text(puzzle) + (" Several answers are right." if not puzzle.unique else ""))
    else:
        head = "cheat " + ", ".join(puzzle.proof.get("cheats", [])) if puzzle.question == "cheat" else "NO"
        print(f"Answer: {head}. Why:")
        for r in puzzle.proof["reasons"]:
            print(f"  {r['rule']}: {r['text']}")
    honest = puzzle.proof.get("honest")
    if honest:
        how = f" ({honest['play']})" if honest.get("play") else ""
        print(f"Played honestly, the answer to '{honest['question']}' is {'yes' if honest['answer'] else 'no'}{how}.")
    print(f"Themes: {', '.join(puzzle.themes)}")
    return 0


# -- verify ----------------------------------------------------------------------------------------

def _verify(args) -> int:
    from .verify import verify_paths

    report = verify_paths(args.paths, deep=args.deep, workers=args.workers, progress=show_progress(args))
    for p in report.problems:
        print(f"FAIL {p}")
    state = "all hold" if report.ok else f"{len(report.problems)} problem{'s' * (len(report.problems) != 1)}"
    print(f"verified {report.checked} puzzle{'s' * (report.checked != 1)} in {report.files} "
          f"file{'s' * (report.files != 1)}: {state}")
    if report.checked == 0:
        print("nothing was checked: that is a failure")
    return 0 if report.ok else 1


# -- add -------------------------------------------------------------------------------------------

def _add(args) -> int:
    import re

    from ..spot import load_spot
    from .format import PuzzleError, append, read_file
    from .generate import puzzle_from
    from .prove import Disagreement, prove

    for t in args.tags:
        if not re.match(r"^[a-z0-9][a-z0-9-]{0,39}$", t):
            raise TutorError(f"tag {t!r}: a tag is lower-case letters, digits and hyphens")
    target = Path(args.to)
    # an early look, to refuse before proving; the append itself checks again under the file's lock
    existing = read_file(target) if target.exists() else []
    try:
        spot = load_spot(args.spot)
    except TutorError as e:
        raise TutorError(f"refused: this spot cannot occur ({e})") from None
    if args.question == "cheat" and not args.play:
        raise TutorError("a cheat puzzle needs the disputed play: --play")
    try:
        proven = prove(spot, args.question, args.play)
    except (Disagreement, AssertionError) as e:
        why = str(e).splitlines()[0] if str(e) else type(e).__name__
        print(f"canasta-tutor: puzzles add refused: the deciders disagree about this spot ({why})", file=sys.stderr)
        return 1
    if args.question == "cheat" and not proven.answer and not proven.proof.get("cheats"):
        raise TutorError("refused: the referee rejects this play, but for none of the named cheats (A B C M N): "
                         + "; ".join(proven.proof["rules"]))
    puzzle = puzzle_from(spot, args.question, args.play, proven, "manual", "-", args.tags)
    if any(p.id == puzzle.id for p in existing):
        raise PuzzleError(f"refused: {target} already holds this puzzle ({puzzle.id})")
    append(target, puzzle)
    print(f"added {puzzle.id} to {target}: answer {'yes' if puzzle.answer else 'no'}, grade {puzzle.grade}, "
          f"themes {', '.join(puzzle.themes)}")
    return 0


# -- export ----------------------------------------------------------------------------------------

def _export(args) -> int:
    from .format import locked, read_file, write_atomic
    from .verify import bank_files
    from .worksheet import select, worksheet_html, write_pdf

    puzzles = [p for path in bank_files(args.paths) for p in read_file(path)]
    variants = ()
    if args.variant:
        from ..rules import load_variant

        variants = (args.variant, load_variant(args.variant).id)
    chosen = select(puzzles, variants=variants, questions=args.question or (), themes=args.theme or (),
                    grades=args.grade or (), ids=args.ids or (), count=args.count)
    default = (Path(args.paths[0]).stem.replace("_", " ").title() + " puzzles") if len(args.paths) == 1 \
        else "Canasta puzzles"
    html = worksheet_html(chosen, title=args.title or default, answers=args.answers)
    if args.format == "pdf":
        if not args.out:
            raise TutorError("a PDF worksheet needs --out FILE")
        with locked(args.out):
            write_pdf(html, args.out)
    elif args.out:
        with locked(args.out):
            write_atomic(args.out, html)
    else:
        sys.stdout.write(html)
    return 0


def _rehash(args) -> int:
    from .format import rehash

    for path in args.files:
        count, changed = rehash(path)
        print(f"{path}: {count} puzzle{'s' * (count != 1)}, {changed} checksum{'s' * (changed != 1)} recomputed; "
              f"run 'canasta-tutor puzzles verify {path}' to re-prove them")
    return 0


def _rerate(args) -> int:
    from .rerate import rerate_paths

    for path, count, changed in rerate_paths(args.files):
        print(f"{path}: {count} puzzle{'s' * (count != 1)}, {changed} re-rated")
    return 0


def _themes(args) -> int:
    from .grading import THEMES

    for name, text in THEMES.items():
        print(f"{name:<22} {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
