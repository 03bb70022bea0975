"""The bots' ladder: random, greedy and the search bot at two budgets, per variant.

    python bench/bots_bench.py                                  # every variant, a quick look (8 hands a match)
    python bench/bots_bench.py classic house --hands 400 --out ladder.jsonl
    python bench/bots_bench.py --table ladder.jsonl              # print the table of a finished run
    python bench/bots_bench.py --coach 10                        # the lesson coach's answer times

Each match is ``tutor.engine.ladder.ladder`` (duplicate deals: every deal
played twice with the seats swapped); every finished match is written at
once as one JSON line to ``--out``, so a long run that is stopped keeps what
it finished. The table rates random at 0 and chains the Elo differences:
greedy from greedy against random, each search budget from its match against
greedy. Processor time a move is the figure to hold against a time budget on
a machine shared with others; wall time is shown too.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.engine.ladder import ladder  # noqa: E402
from tutor.rules import BUILTIN  # noqa: E402

BUDGETS = (4, 8)


def matches(budgets: tuple[int, ...]) -> list[tuple[str, str]]:
    """The matches of one variant, most wanted first: the first budget against greedy and random,
    greedy against random, then the other budgets against greedy."""
    first = f"ismcts:{budgets[0]}"
    return [(first, "greedy"), (first, "random"), ("greedy", "random")] + [(f"ismcts:{b}", "greedy")
                                                                           for b in budgets[1:]]


def table(rows: list[dict]) -> str:
    lines = [f"{'variant':8} {'match':26} {'hands':>5} {'win rate (95%)':>22} {'Elo':>6} "
             f"{'cpu s/move':>10} {'slowest':>8} {'wall s/move':>11}"]
    for r in rows:
        low, high = r["win_rate_95"]
        lines.append(f"{r['variant']:8} {r['bots'][0] + ' v ' + r['bots'][1]:26} {r['hands']:5d} "
                     f"{100 * r['win_rate']:6.1f}% ({100 * low:4.1f}-{100 * high:4.1f}%) {r['elo']:+6.0f} "
                     f"{r['cpu_seconds_per_move'][0]:10.3f} {r['slowest_move_cpu'][0]:8.3f} "
                     f"{r['seconds_per_move'][0]:11.3f}")
    lines.append("")
    lines.append("ratings (random = 0):")
    by_variant: dict[str, dict[tuple[str, str], dict]] = {}
    for r in rows:
        by_variant.setdefault(r["variant"], {})[tuple(r["bots"])] = r
    for variant, found in by_variant.items():
        rating = {"random": 0.0}
        if ("greedy", "random") in found:
            rating["greedy"] = found[("greedy", "random")]["elo"]
        for (a, b), r in found.items():
            if a.startswith("ismcts") and b == "greedy" and "greedy" in rating:
                rating[a] = rating["greedy"] + r["elo"]
        lines.append(f"  {variant:8} " + ", ".join(f"{k} {v:+.0f}" for k, v in rating.items()))
    return "\n".join(lines)


def coach_times(variant: str, positions: int, seed: int) -> dict:
    """The coach's answer time over ``positions`` of the learner's turns (the checker warmed up first)."""
    import time

    from tutor.engine import GreedyBot, new_game
    from tutor.engine.coach import advise
    from tutor.engine.ismcts import observe
    from tutor.questions import ask

    players = {"classic": 4, "house": 4}.get(variant, 3)  # as lesson 16 deals
    state = new_game(variant, {"players": players}, seed=seed)
    ask("go-out", state.spot_for(0))  # the first question loads the checker: not the coach's time
    greedy, walls, cpus = GreedyBot(), [], []
    while len(walls) < positions:
        if state.hand_over:
            seed += 1
            state = new_game(variant, {"players": players}, seed=seed)
            continue
        seat = state.to_act
        if seat == 0 and state.pending is None:
            wall, cpu = time.perf_counter(), time.process_time()
            advise(observe(state, 0))
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        state.apply(greedy.choose(state.view(seat)), seat)
    return {"variant": variant, "positions": positions, "mean_s": round(sum(walls) / positions, 3),
            "slowest_s": round(max(walls), 3), "mean_cpu_s": round(sum(cpus) / positions, 3),
            "slowest_cpu_s": round(max(cpus), 3)}


def partial(out: str | None):
    """Every 10 hands, the match so far to ``OUT.partial`` (one line, overwritten)."""
    if not out:
        return None

    def write(report) -> None:
        if report.hands % 10 == 0:
            Path(out + ".partial").write_text(json.dumps(report.to_dict()) + "\n")

    return write


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variants", nargs="*", help="variants (default: every built-in one)")
    p.add_argument("--hands", type=int, default=8, help="hands a match (default 8: a quick look, wide intervals)")
    p.add_argument("--random-hands", type=int, help="hands a match against random (default: --hands)")
    p.add_argument("--second-hands", type=int, help="hands a match of the other budgets (default: --hands)")
    p.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    p.add_argument("--budgets", default=",".join(map(str, BUDGETS)), help="search iterations, e.g. 4,8")
    p.add_argument("--out", help="append one JSON line a finished match to this file")
    p.add_argument("--table", help="print the table of a finished run's JSON lines and stop")
    p.add_argument("--coach", type=int, metavar="N", help="time the lesson coach on N positions a variant and stop")
    args = p.parse_args()
    if args.coach:
        for variant in args.variants or list(BUILTIN):
            print(json.dumps(coach_times(variant, args.coach, args.seed)), flush=True)
        return 0
    if args.table:
        rows = [json.loads(line) for line in Path(args.table).read_text().splitlines() if line.strip()]
        print(table(rows))
        return 0
    budgets = tuple(int(b) for b in args.budgets.split(","))
    rows = []
    for variant in args.variants or list(BUILTIN):
        for a, b in matches(budgets):
            hands = args.hands
            if b == "random" and args.random_hands:
                hands = args.random_hands
            elif a not in (f"ismcts:{budgets[0]}", "greedy") and args.second_hands:
                hands = args.second_hands
            row = ladder(variant, {}, (a, b), hands=hands, seed=args.seed, on_hand=partial(args.out)).to_dict()
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(row) + "\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
