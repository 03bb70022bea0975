"""From an unsat core to sentences a learner can read, with this spot's numbers.

Each tracked rule has an explainer keyed by its aspect. Where a sentence
needs a number the core does not hold ("the best you can reach"), the
explainer asks the same solver again without that rule: how many canastas,
how many first-meld points, how few cards left in hand. A "no" to going out
also says how many canastas it would need when no legal turn reaches them,
even if a smaller core (the cards cannot all be melded) already blocks it.
"""

from __future__ import annotations

from ..errors import IllegalPlayError
from ..goals import Goal
from ..melds import group_shape_text, judge
from ..play import Action
from ..turn import wimp_text
from ..verdict import Reason
from . import initial
from .encoding import Encoding, Tracked
from .kinds import BLOCKER
from .pile import pile_facts, top_text, usable, ways_text
from .solve import Session


def blocking_core(session: Session, first: list[Tracked], assumptions: list, goal: Goal) -> list[Tracked]:
    """A minimal core to explain a "no", leaving out rules beside the question where it can.

    Asked for a first meld or a pickup, a core may name the going-out rules
    (melding every card would go out): true, but it reads as a non sequitur
    when a core of the other rules alone also blocks the goal. So that one is
    looked for first.
    """
    core = first
    going_out_matters = goal.go_out or any(t.aspect in ("black3.out", "pile.top") for t in core)
    if not going_out_matters and any(t.aspect in _ASIDE for t in core):
        trial = [t for t in session.enc.tracked.values() if t.aspect not in _ASIDE]
        out = session.check(trial, assumptions)
        if not out.sat:
            core = out.core
    return session.minimal_core(core, assumptions)


_ASIDE = ("out.canastas", "out.down", "out.wimp")


def reasons(session: Session, core: list[Tracked], assumptions: list, goal: Goal) -> tuple[Reason, ...]:
    enc = session.enc
    out: list[Reason] = []
    if goal.go_out and not any(t.aspect == "out.canastas" for t in core):
        shortfall = _canasta_shortfall(session, assumptions)
        if shortfall:
            out.append(Reason.of(enc.rules, enc.rules["go_out"]["rule"], shortfall))
    for t in sorted(core, key=lambda t: -t.priority):
        text = _explain(session, t, core, assumptions, goal, detail=not out)
        reason = Reason.of(enc.rules, t.rule, text)
        if reason not in out:
            out.append(reason)
    if not out:
        out.append(_fallback(enc, goal))
    return tuple(out)


def _explain(session: Session, t: Tracked, core, assumptions, goal: Goal, detail: bool = True) -> str:
    """The sentence for one rule of the core (``detail``: worth more solver calls for its numbers)."""
    enc = session.enc
    if t.note:
        return t.note
    aspect = t.aspect
    spot, rules = enc.spot, enc.rules
    if aspect == "phase.drawn":
        return "the turn's draw has been made (phase \"drawn\"): the pile can be taken only at the start of a turn"
    if aspect == "phase.draw":
        return ("from before-draw a turn that does not take the pile starts by drawing from the stock, "
                "and the card drawn is not known yet")
    if aspect == "pile.empty":
        return "the discard pile is empty"
    if aspect == "pile.single":
        return (f"you hold one card and the pile is one card ({spot.top}): a player holding one card "
                "may not take a pile of one card")
    if aspect == "pile.top":
        return top_text(spot, enc.facts["pile"])
    if aspect == "pile.ways":
        return ways_text(spot, enc.facts["pile"])
    if aspect == "meld.shape":
        return _meld_text(session, core, assumptions, goal, detail)
    if aspect == "wild.shape":
        wm = rules["wild_meld"]
        return (f"a meld of wild cards alone needs at least {wm.get('min_cards', rules['meld']['min_cards'])} "
                f"of them, put down in one turn; "
                f"you can have {enc.facts['wild_most']}")
    if aspect.startswith("black3."):
        return _black3_text(enc, aspect)
    if aspect == "out.canastas":
        need = rules.canastas_to_go_out
        return _canastas_text(need, _best(session, t, core, assumptions, enc.canastas, need, drop=enc.goal_out))
    if aspect == "out.down":
        text = "to go out you must be down (have melded, this turn counts), and your side has not melded"
        if spot.initial_need:
            text += f"; going down this turn needs {spot.initial_need} points"
        return text
    if aspect == "out.wimp":
        return wimp_text(spot)
    if aspect == "out.discard":
        if rules["go_out"]["final_discard"] == "required":
            return (f"every turn, going out included, ends with a discard, so one of your {len(spot.hand)} "
                    "cards must stay out of the melds")
        return "the turn must end with a discard unless every card is melded"
    if aspect == "out.concealed":
        return ("going out concealed, every card taken from the pile must be melded: "
                "the discard must be a card from your own hand")
    if aspect == "initial.min":
        best = _best(session, t, core, assumptions, initial.points(enc), initial.most_points(enc),
                     step=initial.step(enc))
        total = "nothing" if best is None else f"at most {best}"
        text = f"your melds total {total}; with {spot.score} points you need {spot.initial_need}"
        if enc.census.pile_open and "clean" in enc.facts:
            text += ("; of the pile only its top card counts: a meld that also holds cards from below the top "
                     "of the pile counts nothing toward your first meld, not even its cards from your hand")
        elif enc.census.pile_open:
            text += " (of the pile only its top card counts)"
        return text
    return rules.rule(t.rule).text if t.rule in rules.variant.rules else t.rule


def _canasta_shortfall(session: Session, assumptions) -> str:
    """For a "no" to going out: the canastas it needs, when no legal turn reaches them anyway."""
    enc = session.enc
    need = enc.rules.canastas_to_go_out
    if not need or "out.canastas" not in enc.tracked:
        return ""
    tracked = [x for x in enc.tracked.values() if x.aspect != "out.canastas"]
    lits = [a for a in assumptions if a.text != enc.goal_out.text]
    handle = enc.handle(enc.canastas)
    with session.rules(tracked):
        out = session.check_here(lits, [], tracked)  # is there a turn at all, however many canastas?
        if not out.sat:
            return ""
        best = session.maximise(enc.canastas, tracked, lits, out.values, need, scoped=True)[0]
    return "" if best >= need else _canastas_text(need, best)


def _canastas_text(need: int, best: int) -> str:
    reach = "none" if not best else str(best)
    return f"Going out needs {need} canasta{'s' * (need != 1)}; the best you can reach is {reach}."


def _best(session: Session, t: Tracked, core, assumptions, term, high: int, drop=None, step: int = 1,
          fallback: bool = True) -> int | None:
    """The most ``term`` reaches without rule ``t`` (and without the goal ``drop``).

    First under every other rule; if no turn is left that way, under every other rule without going
    out; last under the rest of the core.
    """
    enc = session.enc
    attempts = [
        ([x for x in enc.tracked.values() if x.aspect != t.aspect],
         [a for a in assumptions if drop is None or a.text != drop.text]),
    ]
    if fallback:
        # every other rule still in force, without going out: the most a legal turn reaches at all
        attempts.append(([x for x in enc.tracked.values() if x.aspect != t.aspect],
                         [a for a in assumptions if a.text != enc.goal_out.text]))
        attempts.append(([x for x in core if x.aspect != t.aspect], list(assumptions)))
    for tracked, lits in attempts:
        with session.rules(tracked):
            out = session.check_here(lits, tracked=tracked)
            if out.sat:
                return session.maximise(term, tracked, lits, out.values, high, step, scoped=True)[0]
    return None


def _fewest_kept(session: Session, assumptions) -> int | None:
    enc = session.enc
    lits = [a for a in assumptions if a.text != enc.goal_out.text]
    tracked = list(enc.tracked.values())
    # Cards no meld can hold stay, all but the discard: a bound that often ends the search at once.
    low = max(0, enc.facts.get("stuck", 0) - 1)
    with session.rules(tracked):
        out = session.check_here(lits, tracked=tracked)
        if not out.sat:
            return None
        return session.minimise(enc.kept, tracked, lits, out.values, low, scoped=True)[0]


def _meld_text(session: Session, core, assumptions, goal: Goal, detail: bool) -> str:
    enc = session.enc
    rules = enc.rules
    text = _shape_text(enc)
    if goal.go_out and detail:
        kept = _fewest_kept(session, assumptions)
        if kept is not None:
            allowed = rules["go_out"].get("max_unmatched", 0)
            text += (f", and the most you can meld still leaves {kept} card{'s' * (kept != 1)} in your hand "
                     f"after the discard (going out allows {allowed})")
    return text


def _shape_text(enc: Encoding) -> str:
    """What a meld is, and what the hand holds to make one."""
    return group_shape_text(enc.rules) + f"; you hold {enc.census.hand_summary()}"


def _black3_text(enc: Encoding, aspect: str) -> str:
    rules = enc.rules
    bm = rules["blocker_meld"]
    census = enc.census
    held = sum(len(k.hand) for k in census.of_role(BLOCKER))
    mine = f"you hold {held} black 3{'s' * (held != 1)}"
    if census.pile_open:  # the pile's black 3s join the hand of a turn that takes it
        below = sum(len(k.pile) for k in census.of_role(BLOCKER))
        top = census.top is not None and rules.role(census.top) == "blocker"
        if below + top:
            mine += f", {below + top} more in the pile"
    if aspect == "black3.never":
        return f"black 3s are never melded in {rules.id}; {mine}, and only one card can be discarded"
    if aspect == "black3.out":
        return f"black 3s are melded only in the turn the player goes out; {mine}"
    high = bm.get("max_cards", "none")
    size = f"{bm['min_cards']} or more" if high == "none" else f"{bm['min_cards']} to {high}"
    return f"black 3s are melded only {size} at a time, without wild cards; {mine}"


def _judged(rules, cards) -> Reason | None:
    """The meld judge's own reason when these cards are no meld at all."""
    try:
        judge(rules, cards, going_out=True)
    except IllegalPlayError as e:
        return Reason.of(rules, e.rule, e.text)
    return None


def _fallback(enc: Encoding, goal: Goal) -> Reason:
    """A "no" that no tracked rule explains: the goal asks for something the cards cannot give."""
    rules = enc.rules
    if goal.include is not None:
        choice = goal.include
        meld = next((m for m in enc.census.table if choice.to == m.index), None)
        shape = _judged(rules, choice.cards if choice.kind == "meld" or meld is None else meld.cards + choice.cards)
        if shape is not None:
            return shape
        if choice.kind == "meld":
            ranks = {c.rank for c in choice.cards if rules.role(c) == "natural"}
            held = next((m for m in enc.census.table if m.kind == "group" and m.key in ranks), None)
            if held is not None and rules["meld"]["one_per_rank"]:
                return Reason.of(rules, rules.cite("meld"), f"your side already has a meld of {held.key}s "
                                 f"(meld {held.index}): lay the cards off onto it instead")
        elif meld is None:
            return Reason.of(rules, rules.cite("meld"), f"there is no meld {choice.to} "
                             f"(your side has {len(enc.census.table)})")
        return Reason.of(rules, rules.cite("meld"), f"{choice} cannot be part of a legal turn here")
    if goal.take_pile or isinstance(goal.pickup, Action):
        blocked = _pile_blocked(enc, goal)
        if blocked is not None:
            return blocked
        if not (goal.go_out or goal.must_meld):
            return Reason.of(rules, rules.cite("pile"), f"taking the pile with {enc.spot.top} was tried with every "
                             f"meld of your {enc.census.hand_summary()}: no turn that takes it ends legally")
    if goal.go_out or goal.must_meld:  # no meld at all can go down: the hand holds none
        return Reason.of(rules, rules.cite("meld"), _shape_text(enc))
    return Reason.of(rules, rules.cite("meld"), f"every turn from your {enc.census.hand_summary()} was tried: "
                     "none ends legally")


def _pile_blocked(enc: Encoding, goal: Goal) -> Reason | None:
    """Why the pile cannot be taken at all, read off its facts (the encoding then leaves it out)."""
    spot, rules = enc.spot, enc.rules
    if spot.phase != "before-draw" or not spot.discard:
        return None
    facts = pile_facts(spot)
    if facts.single_card:
        return Reason.of(rules, rules.cite("pile"), f"you hold one card and the pile is one card ({spot.top}): "
                         "a player holding one card may not take a pile of one card")
    fixed = goal.pickup if isinstance(goal.pickup, Action) else None
    if usable(spot, fixed):
        return None
    if fixed is not None:
        return None  # the named pick-up's own step reasons say why (the referee's words)
    if facts.never_rule is not None:
        return Reason.of(rules, facts.never_rule, top_text(spot, facts))
    return Reason.of(rules, facts.ways_rule, ways_text(spot, facts))
