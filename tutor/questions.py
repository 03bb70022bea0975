"""The contract's questions, answered as verdicts.

Each question is a ``Goal`` for a decider (the z3 checker by default, or the
exhaustive reference decider); a "yes" carries the witness play, re-checked
by the turn engine, a "no" the rules that block it.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from typing import Callable

from .cards import format_cards, parse_cards
from .melds import BLOCKERS, judge
from .errors import IllegalPlayError, NotationError, SolverLimitError, SpotError, TutorError
from .goals import ANY, NONE, Goal, draw_unknown, stock_draw
from .listing_moves import with_moves
from .pickup_moves import StandIn, moves_around_pickup, table_moves_for
from .play import DISCARD, KINDS, MELD, PICKUP, TABLE_MOVES, Action, format_play, parse_action, parse_play
from .spot import Spot
from .table_moves import move_rule, rearrangements, stoppers_block, stranded
from .turn import Turn, TurnError, after_steps, play_turn
from .verdict import Reason, Verdict, empty_stock_reason
from .render import cards_text
from .why import yes_reasons

QUESTIONS = ("melds", "initial-meld", "pickup", "go-out", "play", "score")
DECIDERS = ("z3", "reference")


class _Limited:
    """The z3 checker with a chosen resource limit on every solver call."""

    __name__ = "checker"

    def __init__(self, rlimit: int):
        from . import checker

        self.checker, self.rlimit = checker, rlimit

    def find(self, spot, goal):
        return self.checker.find(spot, goal, rlimit=self.rlimit)

    def legal_choices(self, spot, **kw):
        return self.checker.legal_choices(spot, rlimit=self.rlimit, **kw)


def _decider(name: str, rlimit: int | None = None):
    if name == "z3":
        from . import checker

        return checker if rlimit is None else _Limited(rlimit)
    if name == "reference":
        from . import reference

        return reference
    raise TutorError(f"unknown decider {name!r} (use {' or '.join(DECIDERS)})")


class _Timer:
    def __enter__(self):
        self.start = time.perf_counter()
        return self

    @property
    def ms(self) -> float:
        return (time.perf_counter() - self.start) * 1000

    def __exit__(self, *exc):
        return False


def hand_spot(spot: Spot, unknown_draw: bool) -> Spot:
    """The spot a witness is replayed on: with an unknown stock card when one was drawn."""
    return draw_unknown(spot) if unknown_draw else spot


def witness_of(turn: Turn) -> dict:
    """The concrete proof of a "yes": the play, the melds it puts down, the discard."""
    new = [format_cards(turn.table[i]) for i in turn.new_melds]
    layoffs = [{"cards": format_cards(sorted(added.elements(), key=turn.table[i - 1].index)), "to": i}
               for i, added in turn.laid_off()]
    witness = {"play": format_play(turn.actions), "melds": new, "layoffs": layoffs,
               "discard": str(turn.discard) if turn.discard is not None else None,
               "went_out": turn.went_out, "points": turn.initial_points}
    moves = [str(a) for a in turn.actions if a.kind in TABLE_MOVES]
    if moves:  # albany's moves on the table (A-COMBINE), in the order made
        witness["table_moves"] = moves
    return witness


def _found(question: str, spot: Spot, play, unknown_draw: bool, ms: float, **extra) -> Verdict:
    turn = play_turn(hand_spot(spot, unknown_draw), play)  # the re-check: a failure here is a bug, never an answer
    witness = witness_of(turn)
    if unknown_draw:
        witness["drawn"] = " ".join("?" * stock_draw(spot))
    return Verdict(question, True, witness, yes_reasons(turn), ms, extra)


def _solve(decider, spot: Spot, goal: Goal):
    """(play, None, proven) or (None, reasons, True) from either decider; ``proven`` is False
    for a best first meld found when the resource limit ran out before a better one was ruled out."""
    play, reasons, proven, _ = _solve_counted(decider, spot, goal)
    return play, reasons, proven


def _solve_counted(decider, spot: Spot, goal: Goal):
    """``_solve`` and the resource units a "no" of the z3 checker spent (0 otherwise)."""
    try:
        result = decider.find(spot, goal)
    except NotImplementedError as e:
        raise SolverLimitError(f"this question cannot be decided here yet: {e}") from None
    if decider.__name__.endswith("reference"):
        if result is None:
            return None, (decider.explain(spot, goal) if goal.reasons else ()), True, 0
        return result, None, True, 0
    if hasattr(result, "play"):
        return result.play, None, result.best_proven, 0
    return None, tuple(result.reasons), True, result.spent


def ask(question: str, spot: Spot, *, play: str | None = None, went_out: str | None = None,
        decider: str = "z3", rlimit: int | None = None) -> Verdict:
    """Answer one contract question about ``spot``."""
    if question not in QUESTIONS:
        raise TutorError(f"unknown question {question!r} (use one of {', '.join(QUESTIONS)})")
    if question == "score":
        return score(spot, went_out)
    _no_hand_ended(spot)
    if play is not None and question in ("melds", "go-out"):
        raise TutorError(f"{question} takes no play")
    if question == "play":
        if play is None:
            raise TutorError("the question 'play' needs the play to judge (--play ACTIONS)")
        return referee(spot, play)
    why = undecidable(spot.rules)
    if why:
        raise SolverLimitError(f"this question cannot be decided here yet: {why}")
    engine = _decider(decider, rlimit)
    if question == "melds":
        return melds(spot, engine)
    if question == "go-out":
        return go_out(spot, engine)
    if question == "pickup":
        return pickup(spot, engine, play)
    return initial_meld(spot, engine, play)


def _no_hand_ended(spot: Spot) -> None:
    """A meld of black 3s goes down only in the turn its player goes out, which ends the hand: a spot
    with one on the table can be scored, never played on (C-BLACK3, H-BLACK3)."""
    rules = spot.rules
    for cards in spot.melds:
        try:
            ended = judge(rules, cards, going_out=True).kind == BLOCKERS
        except IllegalPlayError:
            continue
        if ended:
            raise SpotError(f"{format_cards(cards)} on the table is a meld of black 3s, made only by going out, "
                            f"so the hand is over: only its score can be asked ({rules.cite('blocker_meld')})")


def undecidable(rules) -> str | None:
    """Why no decider searches this table's turns, or None. Sequences, several sets of a rank and
    stoppers come with a fanned pile (Albany's A-DRAW); a pile taken whole comes with groups, one a
    rank (the other three variants). A house-rules file may ask for a mix of the two."""
    if rules["pile"].get("style") == "fanned":
        return None
    mixed = [what for what, on in (("sequences", rules["meld"].get("sequences")),
                                   ("several sets of one rank", not rules["meld"].get("one_per_rank", True)),
                                   ("stoppers", rules["cards"].get("stopper"))) if on]
    if mixed or "take_with" not in rules["pile"]:
        what = " and ".join(mixed) or "sets as Albany plays them"
        return (f"{rules.variant.name} plays {what} with a discard pile taken whole ({rules.cite('pile')}); "
                "the tutor decides those only with a fanned pile, taken from any depth, as in Albany")
    return None


def melds(spot: Spot, engine) -> Verdict:
    with _Timer() as t:
        unknown = spot.phase == "before-draw"
        try:
            choices = engine.legal_choices(spot, unknown_draw=unknown)
        except NotImplementedError as e:
            raise SolverLimitError(f"this question cannot be decided here yet: {e}") from None
        choices = _with_table_moves(spot, engine, choices)
        reasons = () if choices else _nothing_to_put_down(spot, engine, unknown)
    return Verdict("melds", bool(choices), None, reasons, t.ms, {"melds": [c.to_dict() for c in choices]})


def _nothing_to_put_down(spot: Spot, engine, unknown: bool) -> tuple[Reason, ...]:
    """An empty listing is a "no", and a "no" names its rule: why no first meld (or no new meld) can go
    down, from the decider, then the listing's own finding."""
    rules = spot.rules
    goals = [Goal(pickup=NONE, must_meld=True, unknown_draw=unknown)] if not unknown or stock_draw(spot) else []
    if unknown and spot.discard:
        goals.append(Goal(pickup=ANY, take_pile=True, must_meld=True))
    found: list[Reason] = [] if not unknown or stock_draw(spot) else [empty_stock_reason(rules)]
    if unknown and not spot.discard and not stock_draw(spot):
        found.append(Reason.of(rules, rules.cite("pile"), "the discard pile is empty: no turn can start"))
    for goal in goals:
        play, more, _ = _solve(engine, spot, goal)
        if play is None:
            found.extend(r for r in more if r not in found)
    held = format_cards(c for c in spot.hand) or "no cards"
    where = " (nor with the pile's cards)" if unknown and spot.discard else ""
    found.append(Reason.of(rules, rules.cite("meld"), f"no legal turn puts down a meld or lays off a card "
                           f"from {held}{where}"))
    return tuple(found)


def _with_table_moves(spot: Spot, engine, choices: list) -> list:
    """The listing with what only a turn moving on the table puts down (``tutor.listing_moves``),
    in the candidates' order."""
    if spot.phase != "drawn" or not spot.melds or not spot.rules["meld"].get("combine_rule"):
        return choices
    from .choices import candidates

    every = candidates(spot)
    pending = [c for c in every if c not in set(choices)]

    def find(s, goal):
        return _solve_counted(engine, s, replace(goal, reasons=False))[0]

    if _moves_above(engine):
        def tables(s):
            return [way.spot for way in rearrangements(s, bridges=True)]
    else:
        def tables(s):
            return [moved.spot for moved in engine.combine.tables_after_moves(s, NONE, take_pile=False)]

    more = set(with_moves(spot, pending, lambda s: engine.legal_choices(s), find, tables))
    return [c for c in every if c in set(choices) or c in more] if more else choices


def _stoppers_held(spot: Spot) -> Reason | None:
    """A-STOPPER: stoppers already held count after any draw or pick-up, and no meld removes them."""
    rules = spot.rules
    if not stoppers_block(rules, spot.hand):
        return None
    held = [c for c in spot.hand if rules.role(c) == "stopper"]
    return Reason.of(rules, rules.cite("go_out", "stoppers_rule"),
                     f"you hold {len(held)} stoppers ({cards_text(held)}); holding "
                     f"{rules['go_out']['stoppers_block']} or more after the draw or pick-up prevents going out")


def go_out(spot: Spot, engine) -> Verdict:
    blocked = _stoppers_held(spot)
    if blocked is not None:  # the deciding rule, whatever the rest of the hand could do
        return Verdict("go-out", False, None, (blocked,), 0.0)
    with _Timer() as t:
        if spot.phase == "drawn":
            goal = Goal(pickup=NONE, go_out=True)
        else:
            goal = Goal(pickup=ANY, take_pile=True, go_out=True)
        play, reasons, _, spent = _solve_counted(engine, spot, goal)
        if play is None and _moves_above(engine) and not stoppers_block(spot.rules, spot.hand):
            # (no move takes a stopper from the hand)
            when = "" if spot.phase == "drawn" else " after taking from the pile"
            play, reasons = _after_table_moves(engine, spot, goal, reasons, spent, table_moves_for(spot), when)
    if play is None:
        if spot.phase == "before-draw" and not spot.discard:
            reasons = (Reason.of(spot.rules, spot.rules.cite("pile"),
                                 "from before-draw only taking the pile counts, and the pile is empty"),) + reasons
        return Verdict("go-out", False, None, reasons, t.ms)
    return _found("go-out", spot, play, False, t.ms)


def _moves_above(engine) -> bool:
    """Does this decider leave albany's moves on the table (A-COMBINE) to be searched here? The z3
    checker does; the reference decider searches them inside its own turn (``reference.combine``),
    so that the two deciders share no search."""
    return not engine.__name__.endswith("reference")


def _after_table_moves(engine, spot: Spot, goal: Goal, reasons, spent: int, moved: list, when: str):
    """The goal after albany's moves on the table (A-COMBINE), ``moved``: the tables they reach
    (``tutor.table_moves``) or the turns that start with them (``tutor.pickup_moves``).

    The tables draw on what the question's resource limit has left after the table as it stands
    (``spent``), one after another, so a question keeps one limit."""
    from . import checker

    left = (getattr(engine, "rlimit", None) or checker.rlimit_for(spot)) - spent
    goals = {spot.phase: replace(goal, reasons=False),
             "drawn": replace(goal, pickup=NONE, take_pile=False, reasons=False)}  # after a pickup

    def worth_asking(ways):  # a drawn hand left with two cards no set can hold keeps one after the discard
        return [way for way in ways if way.spot.phase != "drawn" or not goal.go_out or len(stranded(way.spot)) < 2]

    queue = worth_asking(moved)
    expanded = set()
    while queue:
        way = queue.pop(0)
        tables = f"{len(queue) + 1} more tables reached by moves on the table (A-COMBINE) to ask"
        if left <= 0:
            raise SolverLimitError(f"the solver gave up within its resource limit: {tables}")
        engine = _Limited(left)
        try:
            play, _, _, used = _solve_counted(engine, way.spot, goals[way.spot.phase])
        except SolverLimitError as e:
            raise SolverLimitError(f"{e}; {tables}") from None
        left -= used
        if play is None:
            continue
        if isinstance(way, StandIn):  # a yes where more is allowed than a turn may do: ask the real ways
            if way.ways not in expanded:
                expanded.add(way.ways)
                queue[:0] = worth_asking(way.ways())
            continue
        return way.moves + tuple(play), None
    if moved:
        reasons += (Reason.of(spot.rules, move_rule(spot.rules), f"nor after exchanging a table joker or combining "
                              f"sets{when} ({len(moved)} way{'s' * (len(moved) != 1)} to do so, each tried)"),)
    return None, reasons


def pickup(spot: Spot, engine, play: str | None) -> Verdict:
    rules = spot.rules
    with _Timer() as t:
        if spot.phase != "before-draw":
            return Verdict("pickup", False, None, (Reason.of(rules, rules.cite("pile"),
                           "the turn's draw has been made (phase \"drawn\"): the pile can no longer be taken"),), t.ms)
        if not spot.discard:
            return Verdict("pickup", False, None, (Reason.of(rules, rules.cite("pile"), "the pile is empty"),), t.ms)
        if play is not None:
            text = play.strip()
            action = parse_action(text if text.lower().startswith("pickup") else f"pickup {text}")
            if action.kind != PICKUP:
                raise NotationError("--play for pickup is the cards used from the hand, e.g. \"KH KD\"")
            goal = Goal(pickup=action, take_pile=True)
        else:
            goal = Goal(pickup=ANY, take_pile=True)
        found, reasons, _, spent = None, (), 0, 0
        for named in _completed(spot, goal.pickup):  # each reading of the named cards, until one is legal
            found, more, _, used = _solve_counted(engine, spot, replace(goal, pickup=named))
            reasons, spent = reasons + tuple(more or ()), spent + used
            if found is not None:
                break
        if found is None and _moves_above(engine):  # moves on the table after the pickup may let the turn
            # end legally (never before it)
            named = goal.pickup if isinstance(goal.pickup, Action) else None
            found, reasons = _after_table_moves(engine, spot, goal, reasons, spent,
                                                moves_around_pickup(spot, named), " after taking from the pile")
    if found is None:
        if play is not None:
            reasons = _step_reasons(spot, goal.pickup) + tuple(reasons)
        return Verdict("pickup", False, None, tuple(dict.fromkeys(reasons)), t.ms)
    return _found("pickup", spot, found, False, t.ms)


def _completed(spot: Spot, pickup):
    """The pickups a named one stands for: itself, or with Deluxe option 3 (A-DRAW (c)) when it names
    the hand's cards alone, the named cards with each fewest completion from the cards taken above
    the lowest (the turn engine reads the short form the same way)."""
    if not isinstance(pickup, Action) or not pickup.depth or pickup.depth < 2 or pickup.depth > len(spot.discard) \
            or spot.rules["pile"].get("style") != "fanned":
        return [pickup]
    from .fanned import completions

    taken = spot.discard[-pickup.depth:]
    fills = completions(spot.rules, taken[0], pickup.cards, taken[1:])
    if not fills or fills == [()]:
        return [pickup]
    return [replace(pickup, cards=pickup.cards + fill) for fill in fills]


def _step_reasons(spot: Spot, action: Action) -> tuple[Reason, ...]:
    """When the named pickup breaks a rule by itself, that rule comes first among the reasons."""
    try:
        play_turn_prefix(spot, (action,))
    except TurnError as e:
        return _reasons_of(spot, e)
    return ()


def initial_meld(spot: Spot, engine, play: str | None) -> Verdict:
    rules = spot.rules
    with _Timer() as t:
        if spot.down:
            return Verdict("initial-meld", False, None, (Reason.of(rules, rules.cite("initial"),
                           "your side has already melded: its first meld is behind it"),), t.ms)
        if play is not None:
            return _proposed_first_meld(spot, play, t)
        goals, best, all_reasons, unproven = [], None, [], False
        if spot.phase == "before-draw":
            if spot.discard:
                goals.append((Goal(pickup=ANY, take_pile=True, must_meld=True, best=True), False))
            if stock_draw(spot):
                goals.append((Goal(pickup=NONE, must_meld=True, best=True, unknown_draw=True), True))
            else:
                all_reasons.append(empty_stock_reason(rules))
        else:
            goals.append((Goal(pickup=NONE, must_meld=True, best=True), False))
        for goal, unknown in goals:
            found, reasons, proven = _solve(engine, spot, goal)
            if found is None:
                all_reasons.extend(r for r in reasons if r not in all_reasons)
                continue
            turn = play_turn(hand_spot(spot, unknown), found)
            if best is None or turn.initial_points > best[1].initial_points:
                best = (found, turn, unknown)
            unproven = unproven or not proven
    if best is None:
        return Verdict("initial-meld", False, None, tuple(all_reasons), t.ms)
    # a yes either way; only the claim that no better first meld exists is left open
    extra = {"best_proven": False} if unproven else {}
    return _found("initial-meld", spot, best[0], best[2], t.ms, **extra)


def _proposed_first_meld(spot: Spot, text: str, t: _Timer) -> Verdict:
    """Is this proposed first meld legal, judged with the rest of the turn?"""
    steps = [s.strip() for s in text.split(";") if s.strip()]
    actions: list[Action] = []
    for i, step in enumerate(steps, start=1):
        word = step.split(None, 1)[0].lower()
        if word in KINDS:  # a step as the tutor prints it (a witness's discard included)
            actions.append(parse_action(step, i))
        else:
            for part in step.split("|"):
                if not part.strip():
                    raise NotationError(f"empty meld in {step!r}")
                actions.append(Action(MELD, parse_cards(part)))
    if not any(a.kind == MELD for a in actions) and not any(a.kind == PICKUP for a in actions):
        raise NotationError("--play for initial-meld is the proposed melds, e.g. \"KS KH KD | 7S 7H 7C\"")
    unknown = spot.phase == "before-draw" and not (actions and actions[0].kind == PICKUP)
    if unknown and not stock_draw(spot):
        return Verdict("initial-meld", False, None, (empty_stock_reason(spot.rules),), t.ms)
    base = hand_spot(spot, unknown)
    try:
        prefix = play_turn_prefix(base, tuple(actions))
    except TurnError as e:
        return Verdict("initial-meld", False, None, _reasons_of(spot, e), t.ms, {"step": e.step})
    first_error = None
    endings = [()] + [(Action(DISCARD, (c,)),) for c in sorted(prefix, key=str)]
    for ending in endings:
        try:
            play_turn(base, tuple(actions) + ending)
        except TurnError as e:
            first_error = first_error if first_error and first_error.rule != base.rules.cite("go_out") else e
            continue
        return _found("initial-meld", spot, tuple(actions) + ending, unknown, t.ms)
    return Verdict("initial-meld", False, None, _reasons_of(spot, first_error), t.ms)


def play_turn_prefix(spot: Spot, actions: tuple[Action, ...]) -> Counter:
    """The cards left in hand after a partial play; raises TurnError on an illegal step."""
    return after_steps(spot, actions).hand


def _reasons_of(spot: Spot, error: TurnError) -> tuple[Reason, ...]:
    rules = spot.rules
    reasons = [Reason.of(rules, error.rule, error.text)]
    for letter in getattr(error, "cheats", ()):
        reasons.append(Reason.of(rules, f"Y-CHEATS.{letter}",
                                 f"legal cheat {letter}: {rules['cheats'].get(letter, '')}".rstrip()))
    return tuple(reasons)


def referee(spot: Spot, text: str) -> Verdict:
    """Is this exact play legal, and if not, which rule does it break?"""
    with _Timer() as t:
        actions = parse_play(text)
        try:
            turn = play_turn(spot, actions)
        except TurnError as e:
            return Verdict("play", False, None, _reasons_of(spot, e), t.ms, {"step": e.step})
    return Verdict("play", True, witness_of(turn), yes_reasons(turn), t.ms)


def score(spot: Spot, went_out: str | None = None) -> Verdict:
    from .scoring import score_hand

    if went_out not in (None, "out", "concealed"):
        raise TutorError(f"went_out must be \"out\" or \"concealed\", not {went_out!r}")
    with _Timer() as t:
        result = score_hand(spot, went_out=went_out is not None, concealed=went_out == "concealed")
    return Verdict("score", True, None, (), t.ms, result.to_dict())
