"""The puzzle generator: build spots, prove them twice, keep the interesting ones.

``generate`` is deterministic for a seed: candidate ``i`` is built from
``random.Random(f"{seed}:{variant}:{i}")`` alone, workers prove fixed
batches of candidates, and the results are taken in candidate order, so the
same arguments give byte-identical puzzles however the work was timed.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from ..errors import SolverLimitError, TutorError
from ..progress import Progress
from ..rules import rules_for
from ..spot import Spot
from .construct import Builder, Candidate, Skip, recipes_for
from .format import GRADES, Puzzle, puzzle_id, seal
from .grading import THEMES, features_of, grade_of, themes_of
from .prove import Disagreement, Proven, prove
from .trainer import initial_rating

BATCH = 24                  # candidates proved per round, whatever the number of workers
MAX_TRIES_PER_PUZZLE = 40   # give up after this many candidates per puzzle wanted
SOFT_TRIES_PER_PUZZLE = 5   # after this many, settle for reserved puzzles if there are enough
THEME_MIN = 10              # reserved puzzles of a theme with fewer than this are taken first
KIND_SLACK = 2              # a question's yes may lead its no (or the reverse) by this many before waiting


@dataclass
class Outcome:
    """What became of one candidate: a puzzle, or why it was dropped."""

    index: int
    puzzle: Puzzle | None = None
    dropped: str = ""
    recipe: str = ""
    disagreement: dict | None = None
    problem: str = ""  # what a decider said when it refused or failed


@dataclass
class Report:
    """How a generation went: puzzles kept, candidates tried and why others were dropped."""

    puzzles: list[Puzzle] = field(default_factory=list)
    tried: int = 0
    dropped: dict[str, int] = field(default_factory=dict)
    disagreements: list[dict] = field(default_factory=list)
    seconds: float = 0.0
    first_problem: str = ""


def _size_for(difficulty: int | None, rng: random.Random) -> int:
    if difficulty is None:
        return rng.choice([0, 0, 1, 1, 2])
    return {1: 0, 2: 0, 3: 1, 4: 2, 5: 2}[difficulty]


#: Where candidates come from: moments of self-played games, or recipes that build a spot to a plan.
SOURCES = ("mined", "constructed")
#: In a mined bank, every this-many-th candidate of a variant with disputed plays is a constructed cheat:
#: a cheat is a play someone proposes, which no greedy bot ever does.
CHEAT_EVERY = 4


def build_candidate(variant: str, options: dict[str, Any], seed: int | str, index: int,
                    difficulty: int | None = None, recipe: str | None = None,
                    source: str = "constructed") -> Candidate:
    """Candidate ``index`` of a seed: a mined moment, or a recipe chosen by weight, aimed at yes or no in turn."""
    rules = rules_for(variant, options)
    recipes = recipes_for(rules)
    if source == "mined" and recipe is None:
        cheats = [r for r in recipes if r[0] == "cheat"]
        if not (cheats and index % CHEAT_EVERY == CHEAT_EVERY - 1):
            from .mine import mined_candidate

            return mined_candidate(variant, options, seed, index)
        recipes = cheats
    if recipe is not None:
        recipes = [r for r in recipes if r[0] == recipe]
        if not recipes:
            raise TutorError(f"no recipe {recipe!r} for {rules.id}")
    rng = random.Random(f"{seed}:{variant}:{index}")
    name, fn, _ = rng.choices(recipes, weights=[w for _, _, w in recipes])[0]
    want = index % 2 == 0
    builder = Builder(rules, rng, variant, options)
    return fn(builder, want, _size_for(difficulty, rng))


def puzzle_from(spot: Spot, question: str, play: str | None, proven: Proven, generator: str,
                seed: int | str, extra_themes: Iterable[str] = (), origin: dict[str, Any] | None = None) -> Puzzle:
    """A puzzle record from a proved answer (themes, features and grade computed here)."""
    spot_d = spot.to_dict()
    themes = themes_of(spot, proven)
    themes += [t for t in extra_themes if t not in themes]
    features = features_of(spot, proven, play)
    puzzle = Puzzle(
        id=puzzle_id(spot_d["variant"], question, spot_d, play), variant=spot_d["variant"], question=question,
        spot=spot_d, play=play, answer=proven.answer, proof=proven.proof,
        ways=proven.ways if proven.answer else None, unique=proven.unique if proven.answer else None,
        themes=tuple(themes), grade=grade_of(features), features=features, generator=generator, seed=seed,
        checksum="", origin=origin)
    return seal(replace(puzzle, rating=round(initial_rating(puzzle), 1)))


def _distractors(puzzle: Puzzle) -> int:
    """Hand cards a "yes" witness leaves in the hand (beyond its discard): cards to think past."""
    from collections import Counter

    from ..cards import parse_cards
    from ..play import parse_play

    used = Counter()
    for action in parse_play(puzzle.proof["witness"]["play"]):
        used.update(action.cards)
    hand = Counter(parse_cards(puzzle.spot["hand"]))
    return sum((hand - used).values())


def boring(puzzle: Puzzle) -> str:
    """Why a proved puzzle teaches nothing ("" if it is worth keeping)."""
    f = puzzle.features
    if puzzle.question == "cheat":
        return ""
    if not puzzle.answer and f["candidates"] == 0 and puzzle.question != "pickup":
        return "trivial no: the cards form no meld at all"
    if not puzzle.answer and puzzle.question == "pickup" and f["candidates"] <= 1 and f["rules"] == 0:
        return "trivial no: nothing in the hand goes with the top card"
    if puzzle.answer and f["traps"] == 0 and f["candidates"] <= 1 and not _distractors(puzzle):
        return "trivial yes: the hand is already laid out, nothing to think about"
    return ""


def work(job: tuple) -> Outcome:
    """One candidate, built and proved (runs in a worker process)."""
    variant, options, seed, index, difficulty, source = job
    out = Outcome(index)
    try:
        cand = build_candidate(variant, options, seed, index, difficulty, source=source)
    except Skip as e:
        out.dropped = "the recipe could not build a spot"
        return out
    out.recipe = cand.recipe
    try:
        spot = Spot.from_dict(cand.spot)
        proven = prove(spot, cand.question, cand.play)
        puzzle = puzzle_from(spot, cand.question, cand.play, proven, cand.recipe, f"{seed}/{index}",
                             origin=cand.origin)
    except Disagreement as e:
        out.dropped = "the deciders disagree"
        out.disagreement = {"spot": cand.spot, "question": cand.question, "play": cand.play, "problem": str(e)}
        return out
    except SolverLimitError:
        out.dropped = "a decider gave up"
        return out
    except AssertionError as e:  # a decider's own self-check failed: a bug to report, not a puzzle
        out.dropped = "the deciders disagree"
        out.disagreement = {"spot": cand.spot, "question": cand.question, "play": cand.play,
                            "problem": str(e).splitlines()[0] if str(e) else type(e).__name__}
        return out
    except TutorError as e:
        out.dropped = f"refused: {type(e).__name__}"
        out.problem = str(e)
        return out
    except Exception as e:  # noqa: BLE001 - a decider crashed: report it with the spot, keep generating
        out.dropped = f"a decider failed ({type(e).__name__})"
        out.problem = f"{type(e).__name__}: {e}"
        out.disagreement = {"spot": cand.spot, "question": cand.question, "play": cand.play,
                            "problem": f"{type(e).__name__}: {e}"}
        return out
    if puzzle.question == "cheat" and not puzzle.answer and not puzzle.proof.get("cheats"):
        out.dropped = "the play breaks a rule but is none of the named cheats"
        return out
    why = boring(puzzle)
    if why:
        out.dropped = why
        return out
    out.puzzle = puzzle
    return out


class _Selector:
    """Takes outcomes in candidate order and keeps a balanced set: yes and no, grades, recipes."""

    def __init__(self, count: int, difficulty: int | None, theme: str | None):
        self.count, self.difficulty, self.theme = count, difficulty, theme
        self.kept: list[Puzzle] = []
        self.reserve: list[Puzzle] = []
        self.ids: set[str] = set()
        half = math.ceil(count / 2)
        self.answer_quota = {True: half, False: half}
        # each grade gets a fifth of the puzzles, half of them yes and half no
        self.cell_quota = math.ceil(count / (2 * len(GRADES)))
        self.recipe_quota = max(2, math.ceil(count * 0.3))
        self.by_answer = {True: 0, False: 0}
        self.by_theme: dict[str, int] = {}
        self.by_kind: dict[tuple[str, bool], int] = {}  # (question, answer): yes and no kept near half in each
        self.by_cell = {(g, a): 0 for g in GRADES for a in (True, False)}
        self.by_recipe: dict[str, int] = {}

    @property
    def done(self) -> bool:
        return len(self.kept) >= self.count

    def offer(self, puzzle: Puzzle) -> str:
        if puzzle.id in self.ids:
            return "a duplicate of a kept puzzle"
        if self.theme and self.theme not in puzzle.themes:
            return f"not about {self.theme}"
        if self.difficulty and puzzle.grade != self.difficulty:
            return f"grade {puzzle.grade}, not {self.difficulty}"
        kind, other = (puzzle.question, puzzle.answer), (puzzle.question, not puzzle.answer)
        over = (self.by_answer[puzzle.answer] >= self.answer_quota[puzzle.answer]
                or self.by_kind.get(kind, 0) > self.by_kind.get(other, 0) + KIND_SLACK
                or (not self.difficulty and self.by_cell[puzzle.grade, puzzle.answer] >= self.cell_quota)
                or (puzzle.generator.startswith("construct/")
                    and self.by_recipe.get(puzzle.generator, 0) >= self.recipe_quota))
        if over:
            self.reserve.append(puzzle)
            self.ids.add(puzzle.id)
            return "kept in reserve (its kind is already well represented)"
        self._keep(puzzle)
        return ""

    def _keep(self, puzzle: Puzzle) -> None:
        self.kept.append(puzzle)
        self.ids.add(puzzle.id)
        self.by_answer[puzzle.answer] += 1
        self.by_kind[puzzle.question, puzzle.answer] = self.by_kind.get((puzzle.question, puzzle.answer), 0) + 1
        self.by_cell[puzzle.grade, puzzle.answer] += 1
        self.by_recipe[puzzle.generator] = self.by_recipe.get(puzzle.generator, 0) + 1
        for t in puzzle.themes:
            self.by_theme[t] = self.by_theme.get(t, 0) + 1

    def fill_from_reserve(self) -> None:
        """When candidates run out, take reserved puzzles: the scarcest grade and answer first, then in order."""
        while not self.done and self.reserve:
            def need(p: Puzzle):
                scarce = sum(1 for t in p.themes if self.by_theme.get(t, 0) < THEME_MIN)
                return (self.by_kind.get((p.question, p.answer), 0) - self.by_kind.get((p.question, not p.answer), 0),
                        -scarce, self.by_answer[p.answer], self.by_cell[p.grade, p.answer],
                        self.by_recipe.get(p.generator, 0))
            pick = min(self.reserve, key=need)  # min keeps the earliest of equals: deterministic
            self.reserve.remove(pick)
            self._keep(pick)


def _fail_fast(report: Report, selector: "_Selector", variant: str) -> None:
    """Stop at once when the deciders cannot answer this variant at all, rather than trying on."""
    if selector.kept or selector.reserve or report.tried < BATCH:
        return
    failed = sum(n for why, n in report.dropped.items() if why.startswith(("a decider failed", "refused")))
    built = report.tried - report.dropped.get("the recipe could not build a spot", 0)
    if built and failed >= 0.9 * built:
        problem = report.first_problem or "they refuse every spot"
        raise TutorError(f"the deciders cannot answer {variant} puzzles yet: {problem}")


def generate_report(variant: str, count: int, difficulty: int | None = None, theme: str | None = None,
                    seed: int | str = 0, options: dict[str, Any] | None = None, workers: int = 2,
                    progress: bool = True, max_tries: int | None = None, source: str = "constructed") -> Report:
    """Generate ``count`` puzzles and say how it went (see ``generate``)."""
    options = dict(options or {})
    rules_for(variant, options)  # a bad variant or option is refused here, before any work
    if count < 1:
        raise TutorError("count must be at least 1")
    if difficulty is not None and difficulty not in GRADES:
        raise TutorError(f"difficulty must be 1 to 5, not {difficulty}")
    if theme is not None and theme not in THEMES:
        raise TutorError(f"unknown theme {theme!r} (themes: {', '.join(THEMES)})")
    if workers < 1:
        raise TutorError("workers must be at least 1")
    if source not in SOURCES:
        raise TutorError(f"source must be one of {', '.join(SOURCES)}, not {source!r}")
    limit = max_tries or count * MAX_TRIES_PER_PUZZLE
    report = Report()
    selector = _Selector(count, difficulty, theme)
    bar = Progress(count, f"{variant}", progress)
    start = time.perf_counter()
    batch = BATCH
    pool = None
    if workers > 1:
        import multiprocessing

        pool = multiprocessing.get_context("spawn").Pool(workers)
    soft = count * SOFT_TRIES_PER_PUZZLE

    def enough() -> bool:  # decided per candidate, never per batch: the result cannot depend on batching
        return selector.done or (report.tried >= soft and len(selector.kept) + len(selector.reserve) >= count)

    try:
        index = 0
        while not enough() and index < limit:
            jobs = [(variant, options, seed, i, difficulty, source) for i in range(index, min(limit, index + batch))]
            index += len(jobs)
            outcomes = pool.map(work, jobs, chunksize=1) if pool else [work(j) for j in jobs]
            for out in outcomes:  # in candidate order, whatever the timing
                if enough():
                    break
                report.tried += 1
                why = out.dropped or selector.offer(out.puzzle)
                if out.disagreement:
                    report.disagreements.append(out.disagreement)
                if out.problem and not report.first_problem:
                    report.first_problem = out.problem
                if why:
                    report.dropped[why] = report.dropped.get(why, 0) + 1
                bar.update(len(selector.kept), f"(tried {report.tried})")
            _fail_fast(report, selector, variant)
        selector.fill_from_reserve()
        bar.update(len(selector.kept), f"(tried {report.tried})")
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
        bar.close()
    report.puzzles = sorted(selector.kept, key=lambda p: (p.grade, p.question, p.id))
    report.seconds = time.perf_counter() - start
    return report


def generate(variant: str, count: int, difficulty: int | None = None, theme: str | None = None,
             seed: int | str = 0, options: dict[str, Any] | None = None, workers: int = 2,
             progress: bool = True, source: str = "constructed") -> list[Puzzle]:
    """``count`` doubly proved puzzles for ``variant`` (fewer only if candidates run out).

    ``difficulty`` keeps only that grade, ``theme`` only puzzles with that
    theme; otherwise the mix is balanced between yes and no and spread over
    the grades. Deterministic for ``seed``; ``workers`` processes prove
    fixed batches in parallel. A progress bar goes to standard error.
    """
    return generate_report(variant, count, difficulty, theme, seed, options, workers, progress,
                           source=source).puzzles
