"""Every way to meet a goal, up to a cap: witnesses with pairwise different arrangements.

    from tutor.checker import ways

    w = ways(spot, Goal(go_out=True), cap=5)
    w.count, w.complete      # 2, True: exactly two ways, and an unsat check proves there is no third

Two turns are the same way when ``tutor.arrangements.arrangement`` says so:
the same pickup, new melds, lay-offs and discard, up to interchangeable
cards. The search is z3's classic one for all solutions: solve, turn the
model into a witness (replayed by the turn engine, as every answer of
``api`` is), then add an exclusion clause over the model's decisions and
solve again, until the cap is reached or the solver says unsat.

The decisions are the numbers a witness is built from: whether the pile is
taken, how many cards of each kind are melded and which kind is discarded,
the black 3s of each new meld, and how many wild cards *of each kind* go
on each meld (``_split_wilds`` adds these: elsewhere the encoding only counts
a meld's wild cards, and a joker on the kings with a 2 on the queens is
another way than the 2 on the kings). With the pickup fixed, different
decisions give different arrangements except where two kinds look alike
in an arrangement (black 3s of different values discarded); such models
are blocked too and the search goes on, for at most ``max_models`` models.

A goal that may take the pile (``Goal.pickup`` ANY) is searched once per
canonical pickup (``tutor.arrangements.pickup_options``), each with its own
encoding; a goal that need not take it also without the pile. All the
checks share one resource limit; reaching it, or ``max_models``, raises
``SolverLimitError``: a count is exact or there is none.

Albany (a fanned pile, sequences, several sets of a rank) is counted by
``albany_ways``: its encoding does not name the set each card goes to, so
z3 enumerates the cards' *profiles* and a plain search lists the
arrangements of each. The count is exact up to the cap in the same sense.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import z3

from ..arrangements import arrangement, pickup_options
from ..errors import SolverLimitError
from ..goals import ANY, NONE, Goal
from ..play import Action
from ..spot import Spot
from . import goals, initial, model, pile, witness
from .api import DEFAULT_RLIMIT, Found, _fixed, _recheck, drawn
from .encoding import Encoding
from .kinds import WILD_KIND, census
from .melds import BLOCKERS
from .solve import Budget, Session
from .terms import total

MAX_MODELS = 60  # models one search may block before it gives up (each new arrangement needs one or a few)


@dataclass(frozen=True)
class Ways:
    """The ways found (arrangement and witness, in the order found), and whether there is provably no other."""

    found: tuple[tuple[tuple, Found], ...]
    complete: bool      # the last check was unsat: no arrangement beyond ``found`` exists
    models: int         # models solved (and blocked)
    checks: int         # solver checks made, unsat ones included

    @property
    def count(self) -> int:
        return len(self.found)

    @property
    def arrangements(self) -> list[tuple]:
        return [a for a, _ in self.found]

    @property
    def unique(self) -> bool:
        """Exactly one way, proved by an unsat check."""
        return self.complete and self.count == 1


def ways(spot: Spot, goal: Goal, *, cap: int = 5, rlimit: int | None = None,
         max_models: int | None = None) -> Ways:
    """Witnesses of ``goal`` with pairwise different arrangements: all of them, or the first ``cap``."""
    if goal.include is not None:
        raise ValueError("ways are counted over whole turns: a goal with include asks for one meld, not the ways")
    if cap < 1:
        raise ValueError(f"cap must be at least 1, not {cap}")
    if spot.rules["pile"]["style"] == "fanned":  # albany: profiles by z3, arrangements by search
        from . import albany_play, albany_ways

        return albany_ways.ways(spot, goal, cap=cap, rlimit=albany_play.ALBANY_RLIMIT if rlimit is None else rlimit,
                                max_models=albany_ways.MAX_PROFILES if max_models is None else max_models)
    max_models = MAX_MODELS if max_models is None else max_models
    played = drawn(spot) if goal.unknown_draw else spot
    budget = Budget(DEFAULT_RLIMIT if rlimit is None else rlimit)
    found: dict[tuple, Found] = {}
    sessions = []  # kept alive: the budget reads each context's count by its id
    models = checks = 0
    complete = True
    for pickup in _pickups(played, goal):
        if len(found) >= cap:
            complete = False
            break
        fixed = _fixed(pickup)
        if fixed is not None and not pile.usable(played, fixed):
            continue  # the turn engine refuses this pickup as a first step: no turn starts with it
        sub = replace(goal, pickup=pickup, take_pile=goal.take_pile or fixed is not None)
        counts = census(played, pile=pickup != NONE and pile.usable(played, fixed))
        enc = model.build(counts, z3.Context(), fixed=fixed, points=goal.best or bool(spot.initial_need))
        _split_wilds(enc)
        lits = goals.assumptions(enc, sub)
        decisions = [z3.Int(name, enc.ctx) for name in _decisions(enc)]
        session = Session(enc, budget.rlimit, budget=budget)
        sessions.append(session)
        tracked = list(enc.tracked.values())
        with session.rules(tracked):
            while True:
                if len(found) >= cap:
                    complete = False
                    break
                if models >= max_models:
                    raise SolverLimitError(f"the search for ways blocked {models} models without settling how many "
                                           f"ways there are (at most {max_models}); no count was reached")
                out = session.check_here(lits, tracked=tracked)
                checks += 1
                if not out.sat:
                    break
                models += 1
                values = out.values
                play = witness.build(enc, values, sub)
                turn = _recheck(enc, sub, play, values)
                found.setdefault(arrangement(spot, turn), Found(play, turn.initial_points))
                if not decisions:
                    break  # nothing to choose: this was the only turn
                session.solver.add(z3.Or([d != values.values.get(str(d), 0) for d in decisions]))
    return Ways(tuple(found.items()), complete, models, checks)


def _pickups(spot: Spot, goal: Goal) -> list:
    """The pickups to search one by one: the goal's own, or each canonical one (and none, if allowed)."""
    if isinstance(goal.pickup, Action) or goal.pickup == NONE:
        return [goal.pickup]
    if goal.pickup != ANY:
        _fixed(goal.pickup)  # raises with the reason
    out = list(pickup_options(spot)) if spot.phase == "before-draw" and spot.discard else []
    if not goal.take_pile:
        out.insert(0, NONE)
    return out


def _split_wilds(enc: Encoding) -> None:
    """Per meld and wild kind, how many go on it: variables the witness places wild cards by."""
    kinds = enc.census.of_role(WILD_KIND)
    on_top = enc.facts.get("on_top")
    split: dict[int, dict] = {}
    for i, t in enumerate(enc.targets):
        if t.kind == BLOCKERS or t.wilds.is_constant or not kinds:
            continue
        if t.top and on_top is not None:
            split[i] = dict(on_top)
            continue
        split[i] = {k.name: enc.int(f"split_{i}_{k.name}", 0, enc.most(k)) for k in kinds}
        enc.hard.append(total(split[i].values()) == t.wilds)
    if not split:
        return
    for k in kinds:
        enc.hard.append(total(per[k.name] for per in split.values()) == enc.melded[k.name])
    enc.facts["wild_split"] = split
    initial.tie_counted_wilds(enc, split)


def _decisions(enc: Encoding) -> list[str]:
    """The names of the variables a witness is built from (see the module's notes)."""
    terms = [enc.took, *enc.melded.values(), *enc.discarded.values()]
    terms += [v for per in enc.facts.get("wild_split", {}).values() for v in per.values()]
    terms += [t.size for t in enc.targets if t.kind == BLOCKERS]
    terms += list(enc.facts.get("named_wild", {}).values())
    names: list[str] = []
    for term in terms:
        if term.is_constant:
            continue
        if len(term.coefs) != 1 or term.const or next(iter(term.coefs.values())) != 1:
            raise ValueError(f"a decision must be a single variable, not {term}")
        name = next(iter(term.coefs))
        if name not in names:
            names.append(name)
    return names
