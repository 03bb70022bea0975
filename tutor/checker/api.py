"""The checker's questions: ``find`` a legal turn meeting a goal, list ``legal_choices``.

Every answer is a proof. A ``Found`` play has been replayed by
``tutor.turn.play_turn`` before it is returned (a play the turn engine
rejects is a ``CheckerBug``, never an answer); a ``Blocked`` answer carries
the rules of a minimal unsat core, each with a sentence holding the spot's
own numbers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import z3

from ..choices import candidates
from ..errors import CheckerBug, SolverLimitError
from ..goals import ANY, NONE, UNKNOWN, Goal, MeldChoice, draw_unknown, stock_draw
from ..play import DISCARD, PICKUP, Action, format_play
from ..spot import Spot
from ..turn import Turn, TurnError, play_turn
from ..verdict import Reason, empty_stock_reason
from . import explain, goals, initial, model, pile, witness
from .kinds import census
from .solve import Session

#: The resource limit of one ``find`` or ``legal_choices`` call, shared by all its
#: checks (z3's deterministic ``rlimit``, see ``solve.Budget``). On the benchmark's
#: corpus (15-card hands, piles up to 30) a call spends about 3,000 (median),
#: 39,000 at p99 and 73,000 at most.
DEFAULT_RLIMIT = 5_000_000

_WORD = 60  # choices whose inclusion one number read from a model reports (one bit each)

#: ``legal_choices`` gives up at once on more candidates than this: building their
#: conditions alone would take seconds (a real hand of 40 albany cards forms up to
#: about 1,000; a 100-card canasty hand 5,660).
MAX_CHOICES = 1500


def within_limit(choices: list) -> list:
    """The candidates, when there are few enough to list the legal ones; else ``SolverLimitError``."""
    if len(choices) > MAX_CHOICES:
        raise SolverLimitError(f"the cards form {len(choices)} candidate melds and lay-offs; listing the legal "
                               f"ones stops at {MAX_CHOICES} (a resource limit): no verdict was reached")
    return choices


@dataclass(frozen=True)
class Found:
    """A legal turn meeting the goal, and the first-meld points of what it puts down.

    For ``Goal.best``, ``best_proven`` is False when the question's resource limit ran out
    before a better turn was ruled out: the turn is legal, but may not be the best.
    """

    play: tuple[Action, ...]
    points: int
    best_proven: bool = True

    def __str__(self) -> str:
        return format_play(self.play)


@dataclass(frozen=True)
class Blocked:
    """No legal turn meets the goal; the rules that stand in the way, with this spot's numbers."""

    reasons: tuple[Reason, ...]
    spent: int = 0  # of the question's resource limit, by the checks that found these reasons

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(r.rule for r in self.reasons)

    def __str__(self) -> str:
        return "; ".join(str(r) for r in self.reasons)


def rlimit_for(spot: Spot) -> int:
    """The resource limit a question about ``spot`` gets when none is chosen."""
    if spot.rules["pile"]["style"] == "fanned":
        from .albany_play import ALBANY_RLIMIT

        return ALBANY_RLIMIT
    return DEFAULT_RLIMIT


def find(spot: Spot, goal: Goal, *, rlimit: int | None = None) -> Found | Blocked:
    """A legal turn from ``spot`` meeting ``goal``, or the rules that block every such turn."""
    if goal.unknown_draw and not stock_draw(spot):
        return Blocked((empty_stock_reason(spot.rules),))
    if spot.rules["pile"]["style"] == "fanned":
        from . import albany_play

        return albany_play.find(spot, goal, rlimit=rlimit)
    limit = DEFAULT_RLIMIT if rlimit is None else rlimit
    fixed = _fixed(goal.pickup)
    played = drawn(spot) if goal.unknown_draw else spot
    counts = census(played, pile=goal.pickup != NONE and pile.usable(played, fixed))
    enc = model.build(counts, z3.Context(), fixed=fixed, points=goal.best or bool(spot.initial_need))
    lits = goals.assumptions(enc, goal)
    tracked = list(enc.tracked.values())
    session = Session(enc, limit)
    proven = True
    with session.rules(tracked):
        out = session.check_here(lits, tracked=tracked)
        if out.sat and goal.best:
            try:
                _, best = session.maximise(initial.points(enc), tracked, lits, out.values,
                                           initial.most_points(enc), initial.step(enc), scoped=True)
            except SolverLimitError as e:  # a legal turn is proven; only that none is better is not
                (_, best), proven = e.best, False
    if not out.sat:
        core = explain.blocking_core(session, out.core, lits, goal)
        return Blocked(explain.reasons(session, core, lits, goal), session.budget.spent)
    values = best if goal.best else out.values
    play = known_discard(enc.spot, witness.build(enc, values, goal))
    turn = _recheck(enc, goal, play, values)
    return Found(play, turn.initial_points, best_proven=proven)


def legal_choices(spot: Spot, *, unknown_draw: bool = False, pickup=NONE,
                  rlimit: int | None = None) -> list[MeldChoice]:
    """Every candidate of ``tutor.choices.candidates`` that some legal turn includes, in its order.

    With ``unknown_draw`` the player has drawn unknown cards (never melded).
    With a pickup (ANY or a pickup Action) that can take the pile, the pile's
    cards count as the hand's too, since a turn that takes it may meld them.
    """
    if unknown_draw and not stock_draw(spot):
        return []
    if spot.rules["pile"]["style"] == "fanned":
        from . import albany_play

        return albany_play.legal_choices(spot, unknown_draw=unknown_draw, pickup=pickup, rlimit=rlimit)
    fixed = _fixed(pickup)
    played = drawn(spot) if unknown_draw else spot
    open_pile = pickup != NONE and pile.usable(played, fixed)
    hand = spot.hand
    if open_pile:
        hand = hand + tuple(c for c in spot.discard if spot.rules.role(c) != "bonus")
    choices = within_limit(candidates(spot, hand, limit=MAX_CHOICES))
    if not choices:
        return []
    limit = DEFAULT_RLIMIT if rlimit is None else rlimit
    counts = census(played, pile=open_pile)
    enc = model.build(counts, z3.Context(), fixed=fixed)
    lits = goals.assumptions(enc, Goal(pickup=pickup, unknown_draw=unknown_draw))
    specs = [goals.include(enc, c) for c in choices]
    # One Boolean per choice. Which choices a solution includes is read from its model through
    # sums of bits over a word of choices each, built apart from the solver (so they cost its
    # search nothing): a few evaluations, where the whole model's text would cost more than the check.
    includes = [enc.define_bool(f"choice_{i}", spec.cond()) for i, spec in enumerate(specs)]
    legal = [False] * len(choices)
    tracked = list(enc.tracked.values())
    session = Session(enc, limit)
    with session.rules(tracked):
        handles = [z3.Sum([z3.If(enc.literal(c), 1 << k, 0) for k, c in enumerate(includes[w:w + _WORD])])
                   for w in range(0, len(includes), _WORD)]
        for i, spec in enumerate(specs):
            if legal[i] or not spec.alternatives:
                continue
            out = session.check_here(lits + [includes[i]])
            if out.sat:
                for w in range(i // _WORD * _WORD, len(specs), _WORD):
                    if not all(legal[w:w + _WORD]):
                        bits = out.number(handles[w // _WORD])
                        for j in range(w, min(w + _WORD, len(specs))):
                            legal[j] = legal[j] or bool(bits >> (j - w) & 1)
    return [c for c, ok in zip(choices, legal) if ok]


drawn = draw_unknown


def _fixed(pickup) -> Action | None:
    if isinstance(pickup, Action):
        if pickup.kind != PICKUP:
            raise ValueError(f"Goal.pickup must be a pickup action, not {pickup}")
        return pickup
    if pickup not in (ANY, NONE):
        raise ValueError(f"Goal.pickup must be ANY, NONE or a pickup Action, not {pickup!r}")
    return None


def known_discard(spot: Spot, play: tuple[Action, ...]) -> tuple[Action, ...]:
    """The witness with a known card discarded where it discards the unknown card drawn.

    To the solver the card still to be drawn is as good a discard as any, but
    "discard ?" is a riddle to a learner and cannot be replayed as written:
    while a known card stays in hand, the first that the turn engine accepts
    as the discard (in the hand's order) goes instead, and the unknown card is kept.
    """
    if not play or play[-1].kind != DISCARD or play[-1].cards[0] is not UNKNOWN:
        return play
    try:
        kept = play_turn(spot, play).hand
    except TurnError:
        return play  # ``_recheck`` reports it
    for card in dict.fromkeys(c for c in spot.hand if c is not UNKNOWN and kept[c]):
        other = play[:-1] + (Action(DISCARD, (card,)),)
        try:
            play_turn(spot, other)
        except TurnError:
            continue
        return other
    return play


def _recheck(enc, goal: Goal, play: tuple[Action, ...], values) -> Turn:
    """Replay the witness with the turn engine and check it meets the goal."""
    spot = enc.spot  # with the unknown card in hand when the goal drew one
    took = bool(play) and play[0].kind == PICKUP
    shown = spot.replace(hand=tuple(c for c in spot.hand if c is not UNKNOWN))
    where = f"witness {format_play(play)!r} for {goal} on spot {shown.to_json()}"
    try:
        turn = play_turn(spot, play)
    except TurnError as e:
        raise CheckerBug(f"the turn engine rejects the {where}: step {e.step}: {e}") from None
    problems = []
    if goal.go_out and not turn.went_out:
        problems.append("it does not go out")
    if (goal.take_pile or isinstance(goal.pickup, Action)) and not took:
        problems.append("it does not take the pile")
    if goal.pickup == NONE and took:
        problems.append("it takes the pile")
    if isinstance(goal.pickup, Action) and (sorted(map(str, play[0].cards)), play[0].depth) != (
            sorted(map(str, goal.pickup.cards)), goal.pickup.depth):
        problems.append(f"it starts with {play[0]}, not {goal.pickup}")
    if goal.must_meld and not turn.new_melds:
        problems.append("it puts down no new meld")
    if goal.include is not None and not _includes(spot.rules, turn, goal.include):
        problems.append(f"it does not include {goal.include}")
    if "points" in enc.facts:
        counted = values(enc.facts["points"])
        # Counting clean melds only, the solver may leave a clean meld uncounted (it is free to
        # under-count where that still meets the goal); it must never count more than the engine.
        exact = "clean" not in enc.facts
        if counted > turn.initial_points or exact and counted != turn.initial_points:
            problems.append(f"its points are {turn.initial_points}, the encoding counted {counted}")
    if problems:
        raise CheckerBug(f"the {where}: {'; '.join(problems)}")
    return turn


def _includes(rules, turn: Turn, choice: MeldChoice) -> bool:
    """Does the turn put down the choice's very cards (by face): a new meld holding them, or a lay-off?"""
    want = Counter(choice.cards)
    if choice.kind == "meld":
        return any(not want - Counter(turn.table[i]) for i in turn.new_melds)
    i = choice.to - 1
    added = Counter(turn.table[i]) - Counter(turn.spot.melds[i])
    return not want - added
