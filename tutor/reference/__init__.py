"""The reference decider: a plain exhaustive search over whole turns.

It answers the same ``Goal`` as the z3 checker (``tutor.checker``) and is
written apart from it, so the two can be compared on random spots. The rules
of a turn (taking the pile, first-meld minimums, going out, concealed going
out, black 3s) are stated here again from the rulings (docs/rules.md) and the variant data,
not borrowed from the turn engine; only the shape of one meld is the shared
judge's. Every witness it returns is then replayed by ``tutor.turn.play_turn``:
a refusal raises ``ReferenceMismatch``, since then the engine and this search
disagree about a rule.

    >>> from tutor.play import format_play
    >>> spot = Spot.from_dict({"variant": "classic", "score": 200, "hand": "KS KH KD AC AD JK 9C 4D"})
    >>> format_play(find(spot, Goal(must_meld=True)))
    'meld AC AD JK; meld KS KH KD; discard 9C'
    >>> short = Spot.from_dict({"variant": "classic", "score": 1500, "hand": "KS KH KD AC AD 9C 4D"})
    >>> find(short, Goal(must_meld=True)) is None   # 70 of the 90 needed (C-INITIAL)
    True

How the search is laid out: ``pickups`` lists the ways a turn may start,
``search`` goes class by class through one way's turns (naturals of a rank are
interchangeable, wild cards differ only by kind), ``witness`` names the cards.
That search covers the variants with groups only and a pile taken whole
(classic, house, canasty). Albany's fanned pile, sequences and stoppers have
their own search (``albany``, with ``sweep`` and the fanned starts in
``pickups``). A variant neither covers is refused, never answered wrongly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..errors import SolverLimitError, TutorError
from ..goals import ANY, NONE, Goal, MeldChoice
from ..choices import candidates
from ..play import Action, format_play
from ..search_budget import bounded
from ..spot import Spot
from ..turn import Turn, TurnError, play_turn
from . import albany, combine
from .inventory import after_stock_draw, read_table
from .pickups import ways
from .search import Limits, WaySearch
from .witness import build
from . import why_not
from ..verdict import Reason

__all__ = ["find", "legal_choices", "search", "includes", "explain", "Found", "ReferenceMismatch", "UnsupportedVariant"]


class ReferenceMismatch(AssertionError):
    """The reference found a turn the turn engine refuses, or one that misses the goal: a bug."""


class UnsupportedVariant(TutorError):
    """The reference decider does not search this variant's turns."""


class Found:
    """A witness play, the turn the engine made of it, and its first-meld points."""

    def __init__(self, actions: tuple[Action, ...], turn: Turn, points: int):
        self.actions, self.turn, self.points = actions, turn, points

    def __repr__(self) -> str:
        return f"Found({format_play(self.actions)!r}, points={self.points})"


def _fanned(spot: Spot) -> bool:
    """Albany's rules (a fanned pile, sequences, stoppers) have their own search (``albany``)."""
    return spot.rules["pile"].get("style") == "fanned"


def _supported(spot: Spot) -> None:
    rules = spot.rules
    if _fanned(spot):
        return  # albany's search reads every set shape from the rules data
    go = rules["go_out"]
    if (rules["meld"].get("sequences") or rules["pile"].get("style", "whole") != "whole"
            or not rules["meld"].get("one_per_rank", True) or go.get("stoppers_block")
            or (go.get("concealed") and go.get("max_unmatched", 0))):
        raise UnsupportedVariant(f"the reference decider does not search {rules.id} turns yet "
                                 "(sequences, fanned piles, several sets of a rank, stoppers)")


def search(spot: Spot, goal: Goal) -> Found | None:
    """The witness for ``goal``, with the engine's replay of it, or None when no legal turn meets it.

    Every step of the search counts against the question's budget (``tutor.search_budget``):
    past it, ``SolverLimitError``, no verdict."""
    with bounded():
        return _search(spot, goal)


def _search(spot: Spot, goal: Goal) -> Found | None:
    _supported(spot)
    pickup = goal.pickup
    if goal.unknown_draw:
        if pickup not in (ANY, NONE):
            return None  # the stock has been drawn from: the pile is no longer there to take
        spot = after_stock_draw(spot)
        if spot is None:
            return None
        pickup = NONE
    if goal.take_pile and pickup == NONE:
        return None
    if _fanned(spot):
        turn = albany.search(spot, goal, pickup)
        if turn is None and _moves_may_help(spot, goal):
            return _after_moves(spot, goal, pickup)
        return None if turn is None else _recheck(spot, goal, turn, turn.actions)
    table = read_table(spot.rules, spot.melds)
    limits = Limits(spot.rules)
    best: tuple | None = None
    for way in ways(spot, table, pickup):
        if goal.take_pile and not way.picks_up:
            continue
        for sol in WaySearch(spot, goal, table, way).solutions():
            if best is None or sol.points > best[0].points:
                best = (sol, build(sol, limits))
            if not goal.best:
                return _recheck(spot, goal, *best)
    return None if best is None else _recheck(spot, goal, *best)


def explain(spot: Spot, goal: Goal) -> tuple[Reason, ...]:
    """Why no legal turn meets ``goal``: the deciding rule first, with the spot's numbers (``why_not``)."""
    try:
        with bounded():
            return why_not.reasons(spot, goal)
    except SolverLimitError:  # the verdict stands: only the search for its deciding rule ran too long
        rules = spot.rules
        return (Reason.of(rules, rules.cite("go_out" if goal.go_out else "meld"),
                          "every legal turn was tried and none does this; the rule that decides it could not be "
                          "singled out within the question's limit"),)


def _moves_may_help(spot: Spot, goal: Goal) -> bool:
    """Moves on the table (A-COMBINE) are searched for questions about the turn as a whole: going out,
    taking the pile. A listing's meld, a first meld's best total and a new meld are the table's own."""
    return goal.include is None and not goal.best and not goal.must_meld and combine.allowed(spot)


def _after_moves(spot: Spot, goal: Goal, pickup) -> Found | None:
    """The first turn that meets the goal after moves on the table, searched from every table they reach."""
    rest = replace(goal, pickup=NONE, take_pile=False)
    for moved in combine.tables_after_moves(spot, pickup, goal.take_pile):
        turn = albany.search(moved.spot, rest, NONE)
        if turn is None:
            continue
        actions = moved.steps + turn.actions
        try:  # no first-meld minimum is in force here (``combine.allowed``): the points decide nothing
            points = play_turn(spot, actions).initial_points
        except TurnError:
            points = turn.points  # the re-check names the refused step
        return _recheck(spot, goal, replace(turn, points=points), actions)
    return None


def find(spot: Spot, goal: Goal) -> tuple[Action, ...] | None:
    """A witness play meeting ``goal`` (re-checked by the turn engine), or None when there is none."""
    found = search(spot, goal)
    return None if found is None else found.actions


def includes(spot: Spot, turn: Turn, choice: MeldChoice) -> bool:
    """Does this turn put down ``choice``: a new meld holding its cards, or them laid off onto meld ``to``?"""
    return _PutDown(spot, turn).holds(choice, Counter(choice.cards))


class _PutDown:
    """What a turn put down: its new melds, and what it added to each old meld."""

    def __init__(self, spot: Spot, turn: Turn):
        self.new = [Counter(turn.table[i]) for i in turn.new_melds]
        self.added = {i + 1: Counter(turn.table[i]) - Counter(m) for i, m in enumerate(spot.melds)}

    def holds(self, choice: MeldChoice, need: Counter) -> bool:
        if choice.kind == "meld":
            return any(not need - m for m in self.new) if need else bool(self.new)
        added = self.added.get(choice.to)
        return added is not None and not need - added


def _recheck(spot: Spot, goal: Goal, sol, actions) -> Found:
    def fail(why: str):
        raise ReferenceMismatch(f"{why}\n  spot: {spot.to_json()}\n  goal: {goal}\n  play: {format_play(actions)}")

    try:
        turn = play_turn(spot, actions)
    except TurnError as e:
        fail(f"the turn engine refuses the reference's witness at step {e.step}: {e}")
    if goal.take_pile and not turn.picked_up:
        fail("the witness does not take the pile")
    if isinstance(goal.pickup, Action) and actions[0] != goal.pickup:
        fail("the witness does not start with the goal's pickup")
    if goal.go_out and not turn.went_out:
        fail("the witness does not go out")
    if goal.must_meld and not turn.new_melds:
        fail("the witness puts down no new meld")
    if goal.include is not None and not includes(spot, turn, goal.include):
        fail(f"the witness does not put down {goal.include}")
    if turn.went_out != sol.went_out:
        fail(f"the reference expected went_out={sol.went_out}, the engine says {turn.went_out}")
    # Counting only melds of the hand's cards and the top card, the reference leaves uncounted what
    # no minimum needs (lay-offs once down, a concealed going out); it never counts more than the engine.
    exact = spot.rules.setting("initial", "meld_holding_pile_cards") != "counts_nothing"
    if sol.points > turn.initial_points or exact and turn.initial_points != sol.points:
        fail(f"the reference counted {sol.points} first-meld points, the engine {turn.initial_points}")
    return Found(actions, turn, sol.points)


def legal_choices(spot: Spot, *, unknown_draw: bool = False) -> list[MeldChoice]:
    """The candidates (``tutor.choices.candidates``) that some legal turn puts down, in their order.

    One budget for the whole listing: the candidates and every search they need."""
    with bounded() as budget:
        return _legal_choices(spot, unknown_draw, budget)


def _legal_choices(spot: Spot, unknown_draw: bool, budget) -> list[MeldChoice]:
    _supported(spot)
    pending = candidates(spot, budget=budget)
    legal: set[MeldChoice] = set()
    played = after_stock_draw(spot) if unknown_draw else spot
    if played is None:
        return []
    needs = {c: Counter(c.cards) for c in pending}

    def covered(found: Found) -> None:
        put = _PutDown(played, found.turn)
        legal.update(c for c in pending if c not in legal and put.holds(c, needs[c]))

    # no turn putting down a new meld rules out every new meld at once
    any_new = search(spot, Goal(pickup=ANY, must_meld=True, unknown_draw=unknown_draw))
    if any_new is not None:
        covered(any_new)
    # a witness for one choice often puts down others too: try the biggest first
    for choice in sorted(pending, key=lambda c: -len(c.cards)):
        if choice in legal or (choice.kind == "meld" and any_new is None):
            continue
        found = search(spot, Goal(pickup=ANY, include=choice, unknown_draw=unknown_draw))
        if found is not None:
            legal.add(choice)
            covered(found)
    return [c for c in pending if c in legal]
