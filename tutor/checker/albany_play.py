"""Albany's questions: a witness turn read from a model, or the A-* rules that block every turn.

The witness is replayed by ``tutor.turn.play_turn`` before it is returned,
as for every variant (``api``); a "no" names the rules of an unsat core,
each with a sentence holding the spot's numbers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..cards import Card, format_cards
from ..errors import CheckerBug, SolverLimitError
from ..goals import UNKNOWN, Goal
from ..play import DISCARD, LAYOFF, MELD, PICKUP, Action
from ..spot import Spot
from ..verdict import Reason
from .albany import MODE_DEEP, MODE_TOP, MODE_WHOLE, Albany, Solver
from .solve import Budget


def solve(spot: Spot, goal: Goal, fixed: Action | None, budget: Budget):
    """``(play, None, points, proven)`` for a witness (``points`` as counted when the goal is
    the best, ``proven`` False when the limit ran out before a better turn was ruled out), or
    ``(None, reasons, None, True)``."""
    # the wilds' faces matter only to points and to named cards (``Albany``'s ``one_wild``)
    one_wild = not goal.best and goal.include is None and fixed is None
    enc = Albany(spot, apart=goal.include is not None and goal.include.kind == "meld", goal=goal, fixed=fixed,
                 one_wild=one_wild)
    if not enc.depths:  # every draw is ruled out before any search
        return None, _excluded(enc) if goal.reasons else (), None, True
    extra = enc.goal_terms(goal, fixed)
    # every depth at once, with the whole budget: checking depth by depth instead, each with a
    # solver of its own, proves fewer of the hard "no"s within the same limit
    solver = Solver(enc, budget, base=extra)
    ok, got = solver.check()
    counted, proven = None, True
    if ok and goal.best:
        counted, got, proven = solver.most(enc.points(), got, hi=enc.most_points())
    if ok:
        return real_wilds(enc, witness(enc, got, fixed, goal.include)), None, counted, proven
    return None, explain(enc, solver, goal, extra, got) if goal.reasons else (), None, True


def _deal(enc: Albany, nats: list[Card], wilds: list[Card], sets: int, canastas: int, seeds=(),
          least: int | None = None) -> list[list[Card]]:
    """Deal counted cards into ``sets`` legal sets, the first ``canastas`` of them canastas (the rules'
    lengths: ``enc.canasta`` cards, ``least`` for any other set, the set's least by default)."""
    out = [list(seeds)] + [[] for _ in range(sets - 1)] if sets else []
    wild_set = not nats
    least = enc.set_min if least is None else least
    target = [max(enc.canasta, least) if i < canastas else least for i in range(sets)]
    is_wild, most_wilds = enc.rules.is_wild, enc.max_wilds

    def wild_in(s) -> int:
        return sum(1 for c in s if is_wild(c))

    def room(s) -> bool:  # may this set take one more wild card?
        held = wild_in(s)
        return wild_set or (held < most_wilds and (not enc.at_most_naturals or held < len(s) - held))

    if not wild_set:
        # a canasta takes its naturals first: at most ``most_wilds`` of its cards are wild
        for s, t in zip(out, target):
            while len(s) - wild_in(s) < max(enc.nat_min, t - most_wilds) and nats:
                s.append(nats.pop())
    for s, t in zip(out, target):
        while len(s) < t and wilds and room(s):
            s.append(wilds.pop())
    for s, t in zip(out, target):
        while len(s) < t and nats:
            s.append(nats.pop())
    if out:  # the naturals left over first, so that a set where wilds may not outnumber them takes more wilds
        out[0].extend(nats)
    for s in out:
        while wilds and room(s):
            s.append(wilds.pop())
    return out


def _seeds(include, cards: list[Card]) -> list[Card]:
    """The wanted cards of a ``Goal.include`` meld, taken out of ``cards`` to start the first set."""
    if include is None or include.kind != "meld" or Counter(include.cards) - Counter(cards):
        return []
    for f in include.cards:
        cards.remove(f)
    return list(include.cards)


def witness(enc: Albany, model, fixed: Action | None = None, include=None) -> tuple[Action, ...]:
    rules = enc.rules
    core_n = rules["pile"]["deep_needs_naturals"]
    mode, d = model(enc.mode), model(enc.d)
    sets: list[tuple[str, list[Card], int | None]] = []   # (what, cards, lay-off target)
    deep_what = next((what for b, what in enc.deep_choice if model(b)), None) if mode == MODE_DEEP else None
    lowest = enc.pile[-d] if mode == MODE_DEEP else None
    core: list[Card] = []
    opening, open_what = [], None
    if mode == MODE_WHOLE and enc.opening is not None:
        fc, options = enc.opening
        opening = [f for f, v in fc.items() for _ in range(model(v))]
        open_what = next(what for b, what in options if model(b))
    for rank, (nat, wild, g, c) in enc.group.items():
        nats = [f for f, v in nat.items() for _ in range(model(v))]
        wilds = [f for f, v in wild.items() for _ in range(model(v))]
        seeds = []
        if deep_what == ("group", rank):
            (nats if lowest in nats else wilds).remove(lowest)
            seeds.append(lowest)
            hand = Counter(enc.hand)
            if fixed is not None:
                for f in fixed.cards:
                    (nats if f in nats else wilds).remove(f)
                core = list(fixed.cards)
            # the core's naturals: those the pick-up asks for, and those the set needs beside the lowest card
            core_naturals = max(core_n, enc.nat_min - (rules.role(lowest) == "natural"))
            for f in list(nats):
                if fixed is None and len(core) < core_naturals and \
                        (hand[f] > 0 or rules["pile"].get("take_up_option")):
                    hand[f] -= 1
                    nats.remove(f)
                    core.append(f)
            # a set with the lowest card at once: as many more cards held as make one (naturals first,
            # then no more wild cards than the core may hold)
            for pool, most in ((nats, len(nats)), (wilds, rules["pile"]["deep_max_wilds"])):
                for f in list(pool)[:most]:
                    if fixed is None and len(core) < enc.set_min - 1 and \
                            (hand[f] > 0 or rules["pile"].get("take_up_option")):
                        hand[f] -= 1
                        pool.remove(f)
                        core.append(f)
            seeds += core
        for cards in _deal(enc, nats, wilds, model(g), model(c), seeds):
            sets.append(("deep" if seeds and cards[:1] == [lowest] else "meld", cards, None))
    for rank, (hn, hw, on) in enc.held_apart.items():
        if not model(on):
            continue
        cards = [f for f, v in list(hn.items()) + list(hw.items()) for _ in range(model(v))]
        what = "meld"
        if deep_what == ("apart", rank):
            what = "deep"
            if fixed is not None:
                core = list(fixed.cards)
            else:
                hand, core, rest = Counter(enc.hand), [], list(cards)
                rest.remove(lowest)
                for f in rest:
                    if f in hn and len(core) < core_n and (hand[f] > 0 or rules["pile"].get("take_up_option")):
                        hand[f] -= 1
                        core.append(f)
        sets.append((what, cards, None))
    for rank, (hn, hw, on) in enc.open_groups.items():
        if model(on):
            cards = [f for f, v in list(hn.items()) + list(hw.items()) for _ in range(model(v))]
            sets.append(("open" if open_what == ("group", rank) else "meld", cards, None))
    for k, (suit, faces, x, wild, used, lo, hi) in enumerate(enc.seqs):
        if not model(used):
            continue
        cards = [faces[o] for o, v in x.items() if model(v)] + [f for f, v in wild.items() for _ in range(model(v))]
        what = "meld"
        if deep_what is not None and deep_what[0] == "seq" and deep_what[1] == k:
            what = "deep"
            core = [faces[o] for o, v in deep_what[2].items() if model(v)] + \
                   [f for f, v in deep_what[3].items() for _ in range(model(v))]
        if open_what == ("seq", k):
            what = "open"
        sets.append((what, cards, None))
    if enc.wildsets is not None:
        use, g, c = enc.wildsets
        wilds = [f for f, v in use.items() for _ in range(model(v))]
        if open_what == ("wild",):
            seeds = list(opening)
            for f in seeds:
                wilds.remove(f)
        else:
            seeds = _seeds(include, wilds)
        dealt = _deal(enc, [], wilds, model(g), model(c), seeds, enc.wild_set_min)
        sets += [("open" if seeds and n == 0 and open_what == ("wild",) else "meld", s, None)
                 for n, s in enumerate(dealt)]
    for rank, (use, g, c) in enc.stopsets.items():
        cards = [f for f, v in use.items() for _ in range(model(v))]
        seeds = _seeds(include, cards)
        sets += [("meld", s, None) for s in _deal(enc, [], cards, model(g), model(c), seeds,
                                                  rules["stopper_meld"]["min_cards"])]
    for i, add, _ in enc.layoffs:
        cards = [f for f, v in add.items() for _ in range(model(v))]
        if cards:
            sets.append(("open" if open_what == ("layoff", i) else "layoff", cards, i))
    play: list[Action] = []
    first = None
    if mode == MODE_TOP:
        play.append(Action(PICKUP, depth=fixed.depth if fixed is not None else 1))
    elif mode == MODE_WHOLE:
        named = fixed.cards if fixed is not None else ()
        play.append(Action(PICKUP, named, depth=fixed.depth if fixed is not None else None))
        first = next(i for i, s in enumerate(sets) if s[0] == "open")
    elif mode == MODE_DEEP:
        play.append(Action(PICKUP, tuple(core), depth=d))
        first = next(i for i, s in enumerate(sets) if s[0] == "deep")
    order = ([first] if first is not None else []) + [i for i in range(len(sets)) if i != first]
    for i in order:
        what, cards, to = sets[i]
        if what == "open":  # the top card's first set, from the hand only; the rest of its cards after
            rest = list((Counter(cards) - Counter(opening)).elements())
            play.append(Action(MELD, tuple(opening)) if to is None else Action(LAYOFF, tuple(opening), to=to))
            if rest:
                play.append(Action(LAYOFF, tuple(rest), to=to if to is not None else len(enc.spot.melds) + 1))
            continue
        if to is None:
            play.append(Action(MELD, tuple(cards)))
        else:
            play.append(Action(LAYOFF, tuple(cards), to=to))
    for face, v in enc.out.items():
        if model(v):
            play.append(Action(DISCARD, (face,)))
    if model(enc.out_unknown):
        play.append(Action(DISCARD, (UNKNOWN,)))
    return tuple(play)


def real_wilds(enc: Albany, play: tuple[Action, ...]) -> tuple[Action, ...]:
    """A witness found with every wild as one face (``Albany.canon``) with the real wild cards in
    its places: the lowest card of a deep pick-up, or the top card taken with the whole pile, in
    the set that takes it; the hand's own wilds where only the hand's cards may go (the core named
    with a deep pick-up, the top card's first set); the others in any order, all being held by then."""
    canon = enc.canon
    if canon is None or not play:
        return play
    rules, pile = enc.rules, enc.shown_pile
    hand = Counter({c: n for c, n in enc.shown_hand.items() if rules.role(c) == "wild"})
    taken: list[Card] = []
    first_card = None   # the pile card that must be in the turn's first set
    first = play[0]
    if first.kind == PICKUP:
        depth = len(pile) if first.depth is None else first.depth
        taken = pile[len(pile) - depth:]
        if first.depth is None:
            first_card = pile[-1]                        # (b): the top card goes down at once
        elif depth >= 2:
            first_card = pile[-depth]                    # (c): the lowest card taken
    rest = Counter(c for c in taken if rules.role(c) == "wild")
    if first_card is not None and rules.role(first_card) == "wild":
        rest[first_card] -= 1
    core: list[Card] = []

    def take(pools) -> Card:
        for pool in pools:
            for face in sorted(pool):
                if pool[face] > 0:
                    pool[face] -= 1
                    return face
        raise CheckerBug("the witness puts down more wild cards than are held")

    out = []
    for k, action in enumerate(play):
        cards = list(action.cards)
        if action.kind == PICKUP:
            cards = [take([hand, rest]) if c == canon else c for c in cards]
            core = [c for c in cards if rules.role(c) == "wild"]
        elif k == 1 and first_card is not None:        # the set the pick-up's card goes into
            named, lone = list(core), rules.role(first_card) == "wild"
            fixed_cards = []
            for c in cards:
                if c != canon:
                    fixed_cards.append(c)
                elif lone:
                    fixed_cards.append(first_card)
                    lone = False
                elif named:
                    fixed_cards.append(named.pop(0))
                else:
                    fixed_cards.append(take([hand, rest]))
            cards = fixed_cards
        else:
            cards = [take([hand, rest]) if c == canon else c for c in cards]
        out.append(replace(action, cards=tuple(cards)))
    return tuple(out)


# -- the reasons -------------------------------------------------------------------
def explain(enc: Albany, solver: Solver, goal: Goal, extra: list, core: list[str]) -> tuple[Reason, ...]:
    """The reasons of a minimised core; ``solver`` holds ``extra`` as its base."""
    core = _minimal(solver, [], core)
    cheap = False
    if any(rule in ("out", "stopper") for rule in core):  # their texts ask without some of the goal
        try:
            solver = Solver(enc, solver.budget)
        except SolverLimitError:  # the answer stands; its texts then ask the solver nothing more
            cheap = True
    rules, out = enc.rules, []
    for rule in core:
        out.append(Reason.of(rules, enc.rule_of(rule), _text(enc, solver, goal, extra, rule, cheap=cheap)))
    out += _excluded(enc)
    if not out and (goal.take_pile or any("mode" in e.text for e in extra)):
        why = ("the turn's draw has been made" if enc.spot.phase != "before-draw"
               else "no legal turn starts with this draw from the pile")
        out.append(Reason.of(rules, rules.cite("pile"), why))
    if not out:
        out.append(_unreached(enc, goal))
    return tuple(dict.fromkeys(out))


def _unreached(enc: Albany, goal: Goal) -> Reason:
    """A "no" whose core names no tracked rule: the quick conditions of going out from the cards held,
    or else what was tried."""
    rules = enc.rules
    if goal is not None and goal.go_out and enc.spot.phase == "drawn":
        most = enc.canasta_bound(0)
        if most < enc.need:
            return Reason.of(rules, enc.rule_of("out"), f"going out needs {_n(enc.need, 'canasta')}; with the cards "
                             f"you hold {'none' if most == 0 else f'at most {most}'} could be made")
        stuck = enc.stranded(0)
        if len(stuck) + enc.unknown > 1:
            return Reason.of(rules, enc.rule_of("out.cards"), f"going out, every card but one discard must be "
                             f"melded; at least {_n(len(stuck) + enc.unknown, 'card')} "
                             f"({format_cards(stuck) or 'the card drawn'}) could join no set")
        if enc.block and enc.stoppers_held(0) >= enc.block:
            return Reason.of(rules, enc.rule_of("stopper"), f"holding {_n(enc.stoppers_held(0), 'stopper')} "
                             f"prevents going out ({enc.block} or more block it)")
        if not enc.canastas_fit(0):
            return Reason.of(rules, enc.rule_of("out"), f"the cards you hold cannot make the "
                             f"{_n(enc.need, 'canasta')} going out needs, each natural in one of them")
    held = format_cards(sorted(enc.shown_hand.elements())) or "nothing"
    what = "goes out" if goal is not None and goal.go_out else "ends legally"
    return Reason.of(rules, rules.cite("meld"), f"every way of putting {held} into sets was tried: no turn that "
                     f"{what} can be made of them")


def _minimal(solver: Solver, extra: list, core: list[str]) -> list[str]:
    """Drop rules while the rest still blocks the goal (a check the solver gives up on keeps the rule)."""
    keep = list(core)
    for rule in list(keep):
        trial = [r for r in keep if r != rule]
        try:
            ok, got = solver.check(extra, leave_out=[r for r in solver.literals if r not in trial])
        except SolverLimitError:
            continue
        if not ok:
            keep = [r for r in trial if r in got]
    return keep


def _excluded(enc: Albany) -> list[Reason]:
    """The rules that ruled out pick-up depths before the search (``Albany._domain``)."""
    rules, out = enc.rules, []
    for rule, depths in enc.excluded.items():
        out.append(Reason.of(rules, enc.rule_of(rule), _depth_text(enc, rule, depths)))
    return out


def _takes(enc: Albany, depths: list[int]) -> str:
    if len(depths) == len(enc.pile):
        return "after any pick-up"
    shown = ", ".join(map(str, depths[:6])) + (", ..." if len(depths) > 6 else "")
    return f"taking {shown} card{'s' * (depths != [1])} of the pile"


def _depth_text(enc: Albany, rule: str, depths: list[int]) -> str:
    rules = enc.rules
    if rule == "out":
        most = max(min(enc.canasta_bound(j), enc.need - 1) for j in depths)
        return (f"going out needs {_n(enc.need, 'canasta')}; {_takes(enc, depths)} at most "
                f"{'none' if most == 0 else most} could be made, each natural in one of them")
    if rule == "out.cards":
        depth, cards = min(((j, enc.strands[j]) for j in depths), key=lambda kv: len(kv[1]))
        return (f"going out, every card but one discard must be melded; {_takes(enc, depths)} at least "
                f"{_n(len(cards) + enc.unknown, 'card')} ({format_cards(cards) or 'the card drawn'}) could join no set")
    if rule == "stopper":
        least = min(enc.stoppers_held(j) for j in depths)
        return (f"holding {_n(least, 'stopper')} after the draw prevents going out "
                f"({enc.block} or more block it)")
    if rule == "draw.deep":
        need = rules["pile"]["deep_needs_naturals"]
        source = "any card held" if rules["pile"].get("take_up_option") else "the hand"
        lows = format_cards(dict.fromkeys(enc.shown_pile[-j] for j in depths))
        return (f"a card taken from below the top must be melded at once in a new set with at least {need} "
                f"naturals from {source} and at most {enc.max_wilds} wild cards; {lows} cannot be")
    return _text(enc, None, None, [], rule)


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _text(enc: Albany, solver: Solver, goal: Goal, extra: list, rule: str, cheap: bool = False) -> str:
    rules, top = enc.rules, (enc.shown_pile[-1] if enc.shown_pile else None)
    if rule == "stopper" and cheap:
        return f"holding {enc.block} or more stoppers after the draw prevents going out"
    if rule == "out" and (enc.excluded or cheap):  # the best over every draw is not searched for
        return f"going out needs {_n(enc.need, 'canasta')}; no legal turn reaches them"
    if rule == "out":
        others = [e for e in extra if e is not enc.went_out]
        try:
            best = solver.best(enc.total_canastas, others, leave_out=["out", "stopper", "out.discard",
                                                                      "out.cards"], hi=enc.need - 1)
        except SolverLimitError:
            return f"going out needs {_n(enc.need, 'canasta')}; no legal turn reaches them"
        best = 0 if best is None else best
        if best >= enc.need:
            return (f"going out needs {_n(enc.need, 'canasta')} and every card but one discard melded; "
                    "no legal turn does both")
        return (f"going out needs {_n(enc.need, 'canasta')}; the best you can reach is "
                f"{'none' if best == 0 else best}")
    if rule == "stopper":
        try:
            least = solver.best(enc.stoppers_after, extra, leave_out=["stopper"], lo=0, hi=60, most=False)
        except SolverLimitError:
            least = None
        if least is None:
            least = sum(n for c, n in enc.hand.items() if c in enc.stoppers)
        return (f"holding {_n(least, 'stopper')} after the draw prevents going out "
                f"({enc.block} or more block it)")
    if rule == "out.cards":
        counts = sorted(enc.strands.items(), key=lambda kv: len(kv[1]))
        depth, cards = counts[0]
        after = "after the draw" if depth == 0 else "after any pick-up"
        return (f"going out, every card but one discard must be melded; {after} at least "
                f"{_n(len(cards) + enc.unknown, 'card')} ({format_cards(cards) or 'the card drawn'}) "
                f"could join no set")
    if rule == "stopper.top":
        return f"the {top} on top is a stopper: it is never taken from the top of the pile"
    if rule == "stopper.lowest":
        return "a stopper is never the lowest card of a deep pick-up: it cannot be melded"
    if rule == "draw.top":
        if enc._layable:
            return f"{top} can be laid off on your sets, so taking it takes the whole pile and it must be used at once"
        return f"{top} cannot be laid off on your sets: it is taken alone"
    if rule == "draw.whole":
        return f"taking the whole pile, {top} must be laid off or melded at once"
    if rule == "draw.deep":
        need = rules["pile"]["deep_needs_naturals"]
        source = "any card held" if rules["pile"].get("take_up_option") else "the hand"
        return (f"taking from the pile needs its card used at once: the top card laid off or melded, or a deeper "
                f"card melded in a new set with at least {need} naturals from {source} and at most "
                f"{enc.max_wilds} wild cards; " + (f"none of the {len(enc.pile)} cards of the pile can be" if not
                                                   enc.excluded else "no card of the pile left to try can be"))
    if rule == "draw.start":
        return "from before-draw a turn takes from the pile or draws from the stock"
    if rule == "out.discard":
        if rules["go_out"]["final_discard"] == "required":
            return "every turn, going out included, ends with a discard, so one card must stay out of the sets"
        return "the turn must end with a discard unless the player goes out"
    held = format_cards(sorted(enc.shown_hand.elements())) or "nothing"
    return (f"a set needs {enc.set_min} or more cards with at least {enc.nat_min} naturals and at most "
            f"{enc.max_wilds} wild cards (a sequence: one suit from {rules['meld']['sequence_low']} up to "
            f"{rules['meld']['sequence_high']}, each card once), or {enc.wild_set_min} or more wild cards alone; "
            f"{held} cannot make the sets this needs")


#: The resource limit of an albany ``find``: three times the group variants' (``api.DEFAULT_RLIMIT``).
#: Going out after a deep pick-up of 35-45 cards can take 3-15 million units; on the benchmark's
#: corpus this limit halves the share of such questions that give up (against the group
#: variants' limit) and keeps p99 near 400 ms.
ALBANY_RLIMIT = 15_000_000


def find(spot: Spot, goal: Goal, *, rlimit: int | None = None):
    """``tutor.checker.find`` for albany: a re-checked ``Found``, or ``Blocked`` with A-* reasons."""
    from types import SimpleNamespace

    from . import api

    limit = ALBANY_RLIMIT if rlimit is None else rlimit
    fixed = api._fixed(goal.pickup)
    played = api.drawn(spot) if goal.unknown_draw else spot
    budget = Budget(limit)
    play, reasons, counted, proven = solve(played, goal, fixed, budget)
    if play is None:
        return api.Blocked(reasons, budget.spent)
    facts = {} if counted is None else {"points": counted}
    play = api.known_discard(played, play)
    turn = api._recheck(SimpleNamespace(spot=played, facts=facts), goal, play, lambda term: term)
    return api.Found(play, turn.initial_points, best_proven=proven)


def legal_choices(spot: Spot, *, unknown_draw: bool = False, pickup="none", rlimit: int | None = None):
    """``tutor.checker.legal_choices`` for albany: every candidate that some legal turn puts down."""
    from ..choices import candidates
    from . import api

    limit = api.DEFAULT_RLIMIT if rlimit is None else rlimit
    fixed = api._fixed(pickup)
    played = api.drawn(spot) if unknown_draw else spot
    open_pile = pickup != "none" and played.phase == "before-draw" and bool(played.discard)
    hand = spot.hand + (tuple(spot.discard) if open_pile else ())
    choices = api.within_limit(candidates(spot, hand, limit=api.MAX_CHOICES))
    if not choices:
        return []
    enc = Albany(played, apart=True)
    base = enc.goal_terms(Goal(pickup=pickup, unknown_draw=unknown_draw), fixed)
    conds = [enc.includes(c) for c in choices]
    solver = Solver(enc, Budget(limit))
    legal = [False] * len(choices)
    for i, cond in enumerate(conds):
        if legal[i]:
            continue
        ok, model = solver.check(base + [cond])
        if ok:
            for j in range(i, len(conds)):
                legal[j] = legal[j] or bool(model(conds[j]))
    return [c for c, ok in zip(choices, legal) if ok]
