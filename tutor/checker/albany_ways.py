"""Every way to meet an albany goal, up to a cap: profiles from z3, arrangements by plain search.

    from tutor.checker import ways

    w = ways(albany_spot, Goal(pickup=NONE, go_out=True))
    w.count, w.complete      # exact up to the cap; ``complete``: an unsat check proved there is no other

Albany's encoding (``albany``) counts a rank's groups together and does not
name the set each card goes to, so one model stands for several turns and
the group variants' search (``ways``: one model, one arrangement) does not
fit it. The count is made in two layers instead:

1. **Profiles, by z3.** A profile is what a turn does with the cards,
   face by face: the pick-up's mode and depth (A-DRAW), how many copies of
   each face go into new sets, how many onto each of the side's sets, and
   which face is discarded (or none, or an unknown card drawn). Every legal
   turn has exactly one profile. The solver finds a profile that meets the
   goal, an exclusion clause over exactly these numbers blocks it, and the
   search goes on until the solver says unsat: then every profile of every
   legal turn has been seen. All the checks spend one ``Budget``; reaching it,
   or ``max_models`` profiles, raises ``SolverLimitError``.
2. **Arrangements, by search.** Within a profile the cards put down are
   fixed; what is left is how the new sets' cards split into legal sets
   (``tutor.melds.judge`` decides each) and how the turn names its pick-up.
   ``_Profile`` goes through every split: the set that the card taken must
   open (the lowest card of a deep pick-up, or the top card of the whole
   pile) first, then the others. Sets other than the opening one are
   compared by ``arrangement``'s keys as they are built, so two splits that
   differ only in the suits of a group's naturals are searched once. Every
   turn is played through ``tutor.turn.play_turn``; only the turns it accepts
   and that meet the goal are ways.

As the other variants count them, a pick-up is named by its canonical forms
(``tutor.arrangements.pickup_options``): the top card alone, an empty name
for a top card laid off onto a set of the side, the hand cards a new set
opens with (a natural pair, or a natural and the fewest wild cards), and for
a deeper card two naturals from the hand with the fewest wild cards. Two
canonical names that fit the same opening set are two ways, as in the group
variants. A turn no canonical name can start (a top wild card opening a set
of wild cards, a top card that reaches a set of the side only with hand
cards, two cards of one rank and suit whose canonical name is spent
elsewhere) is named by its smallest legal name, so that no legal turn is
left out of the count.

Two checks keep the layers honest: each profile must hold a way (the z3
witness of the same model, replayed, has the same profile), and the witness
of every profile must be among that profile's ways up to the name of its
pick-up (``loose``). Either failing is a ``CheckerBug``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement

from ..arrangements import arrangement, meld_key, pickup_options
from ..cards import Card
from ..errors import CheckerBug, IllegalPlayError, SolverLimitError
from ..goals import UNKNOWN, Goal
from ..melds import is_legal, judge, sequence_span
from ..play import DISCARD, LAYOFF, MELD, PICKUP, Action
from ..spot import Spot
from ..turn import TurnError, play_turn
from . import smt
from .albany import MODE_DEEP, MODE_NONE, MODE_TOP, Albany, Solver
from .solve import Budget

#: Profiles one search may block before it gives up. Several profiles can share an arrangement
#: (which suit of a rank is thrown, which 2 goes where), so this is well above the cap.
MAX_PROFILES = 150
#: Splits of one profile's new-set cards into sets (distinct by ``meld_key``) before the search gives up.
MAX_SPLITS = 2_000
#: Sets tried by the plain search of one question before it gives up (each is judged once).
MAX_STEPS = 200_000


def ways(spot: Spot, goal: Goal, *, cap: int, rlimit: int, max_models: int = MAX_PROFILES):
    """``tutor.checker.ways`` for albany (see the module's notes): a ``Ways``.

    The turns that move on the table (A-COMBINE: a joker exchanged for a natural and then used, sets
    combined, a bridge) are counted too: each table the moves reach after the draw or the pick-up
    (never before it, A-DRAW) is counted as a ``drawn`` spot of its own, and its ways, the moves
    first, are replayed from the spot; two turns ending alike are one way. Where the moves around a
    deep pick-up are stood in for (``tutor.pickup_moves.StandIn``), the real pick-ups and moves are
    counted."""
    from .ways import Ways

    found, complete, models, checks = _ways_here(spot, goal, cap=cap, rlimit=rlimit, max_models=max_models)
    for moves, after, sub in _moved_starts(spot, goal):
        if len(found) >= cap:
            complete = False
            break
        more, done, m, c = _ways_here(after, sub, cap=cap, rlimit=rlimit, max_models=max_models)
        models, checks = models + m, checks + c
        complete = complete and done
        for _, way in more.items():
            play = moves + way.play
            try:
                turn = play_turn(_played(spot, goal), play)
            except TurnError as e:
                raise CheckerBug(f"the turn engine rejects a way after moves on the table: step {e.step}: {e}") from None
            key = arrangement(spot, turn)
            if key not in found and len(found) < cap:
                from .api import Found

                found[key] = Found(play, turn.initial_points)
    return Ways(tuple(list(found.items())[:cap]), complete, models, checks)


def _played(spot: Spot, goal: Goal) -> Spot:
    from .api import drawn

    return drawn(spot) if goal.unknown_draw else spot


def _moved_starts(spot: Spot, goal: Goal):
    """``(moves, drawn spot after them, goal there)`` for each start of a turn that moves on the
    table, after the stock's draw or the pile's pick-up."""
    from ..goals import ANY, NONE
    from ..pickup_moves import StandIn, moves_around_pickup
    from ..table_moves import rearrangements

    if not spot.rules["meld"].get("combine_rule") or not spot.melds:
        return
    after = replace(goal, pickup=NONE, take_pile=False, unknown_draw=False)
    played = _played(spot, goal)
    if played.phase == "drawn" and goal.pickup in (NONE, ANY) and not goal.take_pile:
        unknown = tuple(c for c in played.hand if c is UNKNOWN)
        known = played.replace(hand=tuple(c for c in played.hand if c is not UNKNOWN))
        for way in rearrangements(known, bridges=True):  # the drawn cards unknown: never used in a move
            yield way.moves, way.spot.replace(hand=way.spot.hand + unknown), after
    if spot.phase == "before-draw" and not goal.unknown_draw and goal.pickup is not NONE:
        expanded = set()
        for way in moves_around_pickup(spot, None if goal.pickup is ANY else goal.pickup):
            if isinstance(way, StandIn):  # a table that allows more than a turn: the real pick-ups instead
                if id(way.ways) not in expanded:
                    expanded.add(id(way.ways))
                    for real in way.ways():
                        yield real.moves, real.spot, after
            else:
                yield way.moves, way.spot, after


def _ways_here(spot: Spot, goal: Goal, *, cap: int, rlimit: int, max_models: int):
    """The ways of the table as it stands: ``(found, complete, models, checks)``."""
    from .albany_play import witness
    from .api import Found, _fixed, drawn

    fixed = _fixed(goal.pickup)
    played = drawn(spot) if goal.unknown_draw else spot
    budget = Budget(rlimit)
    enc = Albany(played, goal=goal, fixed=fixed)
    if not enc.depths:  # every draw is ruled out before any search: no way at all
        return {}, True, 0, 0
    solver = Solver(enc, budget, base=enc.goal_terms(goal, fixed))
    terms = _profile_terms(enc)
    search = _Search(played, spot, goal, fixed, cap)
    found: dict[tuple, Found] = {}
    models = checks = 0
    complete = True
    while True:
        if len(found) >= cap:
            complete = False
            break
        if models >= max_models:
            raise SolverLimitError(f"the search for albany's ways blocked {models} profiles without settling how "
                                   f"many ways there are (at most {max_models}); no count was reached")
        ok, model = solver.check()
        checks += 1
        if not ok:
            break
        models += 1
        values = [model(t) for t in terms]
        profile = _read(enc, model)
        got, whole = search.profile(profile)
        if whole:  # the profile was searched to the end: the z3 witness must be among its ways
            play = witness(enc, model, fixed)
            try:
                turn = play_turn(played, play)
            except TurnError as e:
                raise CheckerBug(f"the turn engine rejects the albany witness: step {e.step}: {e}") from None
            if not got:
                raise CheckerBug(f"no way found for a profile the solver proves feasible ({_play_text(play)})")
            if loose(arrangement(spot, turn)) not in {loose(k) for k in got}:
                raise CheckerBug(f"the ways of a profile miss the solver's own witness ({_play_text(play)})")
        for key, (play, turn) in got.items():
            found.setdefault(key, Found(play, turn.initial_points))
        solver.add(smt.Or([t != v for t, v in zip(terms, values)]))
    return dict(list(found.items())[:cap]), complete, models, checks


def _play_text(play) -> str:
    return "; ".join(str(a) for a in play)


def loose(key: tuple) -> tuple:
    """An arrangement without the names of its pick-up: how deep and in which of A-DRAW's ways
    the pile is taken, and what the turn puts down. Two deciders may name the same start
    differently (three naturals where two would do, depth given or not for the whole pile)."""
    pickup, new, lay, discard = key
    if pickup:
        _, depth, kind = pickup
        pickup = (kind, depth if kind == "c" else None)
    return (pickup, new, lay, discard)


# -- the z3 layer: profiles ---------------------------------------------------------
def _profile_terms(enc: Albany) -> list:
    """The numbers a profile is made of, as terms over the encoding's variables."""
    terms = [enc.mode, enc.d]
    laid: dict[Card, list] = {}
    for _, add, _ in enc.layoffs:
        for face, v in add.items():
            terms.append(v)
            laid.setdefault(face, []).append(v)
    for face in enc.faces:
        placed = list(enc.uses[face])
        if not placed:
            continue
        new = smt.Sum(placed) - smt.Sum(laid.get(face, ()))
        terms.append(new)
    terms += list(enc.out.values()) + [enc.out_unknown]
    return [t for t in terms if t.op != "const"]


class Profile:
    """One profile read from a model: mode, depth, new-set cards, lay-offs (1-based), discard."""

    def __init__(self, mode: int, depth: int, new: Counter, lay: dict[int, Counter], discard: Card | None):
        self.mode, self.depth, self.new, self.lay, self.discard = mode, depth, new, lay, discard


def _read(enc: Albany, model) -> Profile:
    lay: dict[int, Counter] = {}
    laid = Counter()
    for i, add, _ in enc.layoffs:
        got = Counter({f: model(v) for f, v in add.items()})
        got = +got
        if got:
            lay[i] = got
        laid += got
    new = Counter()
    for face in enc.faces:
        n = sum(model(v) for v in enc.uses[face]) - laid[face]
        if n:
            new[face] = n
    discard = next((f for f, v in enc.out.items() if model(v)), None)
    if discard is None and model(enc.out_unknown):
        discard = UNKNOWN
    return Profile(model(enc.mode), model(enc.d), new, lay, discard)


# -- the plain layer: the turns of one profile -----------------------------------------
class _Search:
    """Every way of one profile: splits into sets, the pick-up's names, each turn replayed."""

    def __init__(self, played: Spot, spot: Spot, goal: Goal, fixed: Action | None, cap: int):
        self.played, self.spot, self.goal, self.cap = played, spot, goal, cap
        self.rules = rules = played.rules
        self.low, self.high = sequence_span(rules)
        cap = rules.max_wilds()
        self.max_wilds = cap if cap is not None else sum(rules.pack.values())
        self.set_min = rules["meld"]["min_cards"]
        self.steps = 0
        self.fixed = fixed
        self.names = _names(played, fixed)
        self._memo: dict = {}

    # the turns --------------------------------------------------------------------
    def profile(self, p: Profile) -> tuple[dict, bool]:
        """``({arrangement: (play, turn)}, searched to the end)`` for one profile."""
        out: dict[tuple, tuple] = {}
        for opening, rest in self._openings(p):
            parts = self._parts(rest) if opening else {}
            for first_steps, first_set in opening:
                for sets in parts.values():
                    play = self._play(p, first_steps, first_set, sets)
                    turn = self._replay(play)
                    if turn is not None:
                        out.setdefault(arrangement(self.spot, turn), (play, turn))
                        if len(out) >= self.cap:
                            return out, False
        return out, True

    def _openings(self, p: Profile):
        """``(openings, rest)``: the turn's first steps with the set they open, and the new-set
        cards left to split. An opening is ``(steps, opened)``: the pickup and the first meld or
        lay-off, and the new set opened (None for a lay-off)."""
        pile = self.played.discard
        if p.mode in (MODE_NONE, MODE_TOP):
            steps = () if p.mode == MODE_NONE else (self._top_name(),)
            yield [(steps, None)], p.new
            return
        if p.mode == MODE_DEEP:
            card, names = pile[-p.depth], self.names.get(("c", p.depth), [])
        else:
            card, names = pile[-1], self.names.get(("b", None), [])
        deep = p.mode == MODE_DEEP
        if not deep:  # the top card laid off onto a set of the side
            for i, added in p.lay.items():
                if added[card]:
                    meld = tuple(self.played.melds[i - 1])
                    test = (lambda extra, m=meld: _same(self.rules, m, m + (card,) + extra))
                    got = self._first(card, added, names, test, lambda extra: Action(LAYOFF, (card,) + extra, to=i),
                                      lay_off=True)
                    yield got, p.new
        seen = set()
        for opened in self._sets_with(card, p.new):
            if opened in seen:
                continue
            seen.add(opened)
            test = (lambda extra: self._opens(card, extra, deep))
            got = self._first(card, Counter(opened), names, test, lambda extra: Action(MELD, (card,) + extra),
                              lay_off=False, depth=p.depth if deep else None)
            yield [(steps, opened) for steps, _ in got], p.new - Counter(opened)

    def _top_name(self) -> Action:
        return self.names.get(("a", None), [Action(PICKUP, (), None, 1)])[0]

    def _first(self, card: Card, target: Counter, names: list[Action], test, step, *, lay_off: bool,
               depth: int | None = None) -> list[tuple]:
        """The pickup and first step that put ``card`` down at once into ``target`` (the cards the
        set receives, ``card`` among them): one per canonical name that fits, the empty name for a
        lay-off and a name with the hand cards a new set opens with. With none, the smallest name
        that works. A pickup the goal fixed is the only name: an empty one goes down with the
        fewest hand cards that work."""
        room = target - Counter([card])
        hand = Counter(self.played.hand)
        if depth is not None and self.rules["pile"].get("take_up_option"):
            # Deluxe option 3: a deep pick-up's set may be completed from any card then held
            hand += Counter(self.played.discard[len(self.played.discard) - depth + 1:])
        fixed = self.fixed is not None
        out = []
        for a in names:
            if a.cards and (fixed or not lay_off):
                if not (Counter(a.cards) - room) and test(tuple(a.cards)):
                    out.append(((a, step(tuple(a.cards))), None))
            elif not a.cards and lay_off and test(()):
                out.append(((a, step(())), None))
            elif not a.cards and fixed:
                extra = next((e for e in _sub_multisets(room & hand) if e and test(e)), None)
                if extra is not None:
                    out.append(((a, step(extra)), None))
        if out or fixed:
            return out
        extra = next((e for e in _sub_multisets(room & hand) if e and test(e)), None)
        if extra is None:
            return []
        return [((Action(PICKUP, extra, None, depth), step(extra)), None)]

    def _opens(self, card: Card, extra: tuple, deep: bool) -> bool:
        rules = self.rules
        if deep:
            naturals = sum(rules.role(c) == "natural" for c in extra)
            wilds = sum(rules.role(c) == "wild" for c in extra)
            pile = rules["pile"]
            if naturals < pile["deep_needs_naturals"] or wilds > pile["deep_max_wilds"] or \
                    naturals + wilds < len(extra):
                return False
        try:
            judge(rules, (card,) + extra)
            return True
        except IllegalPlayError:
            return False

    def _play(self, p: Profile, first_steps: tuple, first_set: tuple | None, sets: tuple) -> tuple[Action, ...]:
        play = list(first_steps)
        lay = {i: Counter(c) for i, c in p.lay.items()}
        if len(first_steps) == 2:
            step = first_steps[1]
            if step.kind == LAYOFF:
                lay[step.to] -= Counter(step.cards)
            else:
                more = Counter(first_set) - Counter(step.cards)
                if more:
                    play.append(Action(LAYOFF, tuple(sorted(more.elements())), to=len(self.played.melds) + 1))
        for i in sorted(lay):
            if +lay[i]:
                play.append(Action(LAYOFF, tuple(sorted((+lay[i]).elements())), to=i))
        play += [Action(MELD, s) for s in sets]
        if p.discard is not None:
            play.append(Action(DISCARD, (p.discard,)))
        return tuple(play)

    def _replay(self, play: tuple[Action, ...]):
        """The turn, when the turn engine accepts it and it meets the goal; else None."""
        try:
            turn = play_turn(self.played, play)
        except TurnError:
            return None
        goal = self.goal
        if (goal.go_out and not turn.went_out) or (goal.must_meld and not turn.new_melds):
            return None
        if goal.take_pile and not (turn.actions and turn.actions[0].kind == PICKUP):
            return None
        return turn

    # the splits -------------------------------------------------------------------
    def _parts(self, cards: Counter) -> dict:
        """Every split of ``cards`` into legal sets, one per list of ``meld_key``s (all of them:
        whether a split is a way depends on the whole turn, its canastas for going out)."""
        key = frozenset(cards.items())
        if key in self._memo:
            return self._memo[key]
        if not cards:
            return {(): ()}
        out: dict = {}
        first = min(cards, key=self._order)
        for s in self._sets_with(first, cards):
            mk = meld_key(self.spot, s)
            for kp, sets in self._parts(cards - Counter(s)).items():
                out.setdefault(tuple(sorted((mk,) + kp)), (s,) + sets)
            if len(out) > MAX_SPLITS:
                raise SolverLimitError(f"the new sets' cards split more than {MAX_SPLITS} ways; counting "
                                       "albany's ways stops there: no count was reached")
        self._memo[key] = out
        return out

    def _order(self, card: Card):
        role = self.rules.role(card)
        return ({"natural": 0, "wild": 1, "stopper": 2}.get(role, 3), card.order, card.suit)

    def _sets_with(self, card: Card, cards: Counter):
        """Every legal set (a sorted tuple) of the cards that holds this card, each once."""
        rules, role = self.rules, self.rules.role(card)
        left = cards - Counter([card])
        wild_faces = Counter({c: n for c, n in left.items() if rules.role(c) == "wild"})
        out = set()
        if role == "natural":
            out |= self._groups(card.rank, (card,), left, wild_faces)
            out |= self._runs(card.suit, (card,), left, wild_faces)
        elif role == "wild":
            for rank in {c.rank for c in left if rules.role(c) == "natural"}:
                out |= self._groups(rank, (card,), left, wild_faces)
            for suit in {c.suit for c in left if rules.role(c) == "natural"}:
                out |= self._runs(suit, (card,), left, wild_faces)
            out |= self._plain((card,), wild_faces, rules["wild_meld"].get("min_cards", self.set_min) - 1)
        elif role == "stopper":
            same = Counter({c: n for c, n in left.items() if c.rank == card.rank and rules.role(c) == "stopper"})
            out |= self._plain((card,), same, rules["stopper_meld"].get("min_cards", 3) - 1)
        return sorted(out)

    def _legal(self, cards: tuple) -> tuple | None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise SolverLimitError(f"the search of albany's ways tried {MAX_STEPS} sets without settling how many "
                                   "ways there are; no count was reached")
        try:
            judge(self.rules, cards)
        except IllegalPlayError:
            return None
        return tuple(sorted(cards))

    def _wild_adds(self, wild_faces: Counter, most: int):
        return [w for w in _sub_multisets(wild_faces) if len(w) <= most]

    def _groups(self, rank: str, base: tuple, left: Counter, wild_faces: Counter) -> set:
        rules = self.rules
        mates = Counter({c: n for c, n in left.items() if c.rank == rank and rules.role(c) == "natural"})
        out = set()
        wild_in_base = sum(rules.role(c) == "wild" for c in base)
        adds = self._wild_adds(wild_faces, self.max_wilds - wild_in_base)
        for nat in _sub_multisets(mates):
            for w in adds:
                cards = base + nat + w
                if len(cards) >= self.set_min and (got := self._legal(cards)):
                    out.add(got)
        return out

    def _runs(self, suit: str, base: tuple, left: Counter, wild_faces: Counter) -> set:
        """Sequences of ``suit`` holding ``base``: a window of ranks with at most two gaps."""
        rules = self.rules
        here = {c.order: c for c in left if c.suit == suit and rules.role(c) == "natural"
                and self.low <= c.order <= self.high}
        fixed = [c.order for c in base if rules.role(c) == "natural"]
        if any(not (self.low <= o <= self.high) for o in fixed):
            return set()
        here = {o: c for o, c in here.items() if o not in fixed}
        wild_in_base = sum(rules.role(c) == "wild" for c in base)
        adds = self._wild_adds(wild_faces, self.max_wilds - wild_in_base)
        out = set()
        orders = sorted(here)
        # choose the naturals: any subset whose gaps the wild cards can fill
        for mask in range(1 << len(orders)):
            picked = [orders[k] for k in range(len(orders)) if mask >> k & 1]
            span = sorted(picked + fixed)
            if len(span) < 2 or span[-1] - span[0] + 1 - len(span) > self.max_wilds:
                continue
            nat = tuple(here[o] for o in picked)
            for w in adds:
                cards = base + nat + w
                if len(cards) >= self.set_min and (got := self._legal(cards)):
                    out.add(got)
        return out

    def _plain(self, base: tuple, mates: Counter, least: int) -> set:
        """Sets of like cards (wild cards alone, or stoppers of one rank) holding ``base``."""
        out = set()
        for more in _sub_multisets(mates):
            if len(more) >= least and (got := self._legal(base + more)):
                out.add(got)
        return out


def _names(played: Spot, fixed: Action | None) -> dict[tuple, list[Action]]:
    """The canonical pickups (or the goal's own) by A-DRAW's way, as the turn engine reads it
    (``fanned.pickup_kind``): ("a", None) the top card alone, ("b", None) the whole pile for the
    top card, ("c", depth) a deeper card."""
    if played.phase != "before-draw" or not played.discard:
        return {}
    pile = played.discard
    layable = any(_same(played.rules, tuple(m), tuple(m) + (pile[-1],)) for m in played.melds)
    out: dict[tuple, list[Action]] = {}
    for a in [fixed] if fixed is not None else pickup_options(played):
        if a.depth is None:
            key = ("b", None) if layable else ("a", None)
        elif a.depth == 1:
            key = ("a", None)
        elif a.depth == len(pile) and layable and not is_legal(played.rules, (pile[-a.depth],) + tuple(a.cards)):
            key = ("b", None)
        else:
            key = ("c", a.depth)
        out.setdefault(key, []).append(a)
    return out


def _same(rules, before: tuple, after: tuple) -> bool:
    try:
        old, new = judge(rules, before), judge(rules, after)
    except IllegalPlayError:
        return False
    return (old.kind, old.key) == (new.kind, new.key)


def _sub_multisets(faces: Counter):
    """Every sub-multiset of ``faces`` as a sorted tuple, smallest first."""
    items = sorted(faces.items())
    total = sum(n for _, n in items)
    out = []
    for size in range(total + 1):
        for combo in combinations_with_replacement([c for c, _ in items], size):
            counts = Counter(combo)
            if all(counts[c] <= faces[c] for c in counts):
                out.append(tuple(combo))
    return out


__all__ = ["MAX_PROFILES", "MAX_SPLITS", "MAX_STEPS", "Profile", "loose", "ways"]
