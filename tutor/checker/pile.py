"""Taking the discard pile (whole-pile variants), as counts.

What the pile allows is read from the rules data (``[pile]``,
``[blocker_meld]``) exactly as the turn engine reads it: which top cards
never let it be taken (``top_never``), when it is frozen (``frozen_by``,
``frozen_unmelded``) or has a black 3 buried in it (``buried_blocker_needs``),
and with which cards from the hand the top card must then go down
(``take_with``, ``frozen_take_with``: a natural pair, a natural and a wild, or
a lay-off onto the side's meld of its rank). The facts that do not depend on
the turn are worked out here in plain Python; what does depend on it (how
many naturals of the top's rank go down) becomes a tracked constraint.

A fanned pile (albany's deep pick-ups) would be a sibling module with the
same ``encode`` entry point.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Card, format_cards
from ..melds import GROUP, judge
from ..play import Action
from ..spot import Spot
from ..turn import pickup_problem
from .encoding import Encoding
from .kinds import BLOCKER, WILD_KIND
from .melds import wild_share
from .terms import FALSE, TRUE, And, Implies, Or, total

PHASE, PILE = 30, 20


@dataclass(frozen=True)
class PileFacts:
    """What the pile allows before any card is chosen."""

    top: Card
    role: str
    size: int
    never_rule: str | None        # the rule that forbids taking the pile with this top card
    blocker_way: bool             # a black 3 on top may be taken to go out with black 3s from the hand
    single_card: bool             # one card in hand and one in the pile
    frozen_by: tuple[Card, ...]
    frozen_unmelded: bool
    buried: tuple[Card, ...]
    ways: tuple[str, ...]         # how the top card may go down
    ways_rule: str
    has_meld: bool                # the side has a meld of the top card's rank


def pile_facts(spot: Spot) -> PileFacts:
    """The pick-up conditions of ``tutor.turn`` for this spot's pile, worked out once."""
    rules = spot.rules
    pile = list(spot.discard)
    p = rules["pile"]
    top = pile[-1]
    role = rules.role(top)
    never_rule = None
    if role in p["top_never"]:
        never_rule = p.get("top_never_rules", {}).get(role, rules.cite("pile"))
    blocker_way = role == "blocker" and bool(rules["blocker_meld"].get("top_of_pile_for_going_out"))
    single = bool(p.get("single_card_rule")) and len(spot.hand) == 1 and len(pile) == 1
    frozen_by = tuple(c for c in pile if rules.role(c) in p.get("frozen_by", []))
    frozen_unmelded = bool(p.get("frozen_unmelded")) and not spot.down
    buried = tuple(c for c in pile[:-1] if rules.role(c) == "blocker") if p.get("buried_blocker_needs") else ()
    if frozen_by or frozen_unmelded:
        ways, ways_rule = p["frozen_take_with"], rules.cite("pile", "frozen_rule")
    elif buried:
        ways, ways_rule = p["buried_blocker_needs"], rules.cite("pile")
    else:
        ways, ways_rule = p["take_with"], rules.cite("pile")
    judged = [judge(rules, m, going_out=True) for m in spot.melds]
    has_meld = any(j.kind == GROUP and j.key == top.rank for j in judged)
    return PileFacts(top, role, len(pile), never_rule, blocker_way, single, frozen_by, frozen_unmelded,
                     buried, tuple(ways), ways_rule, has_meld)


def usable(spot: Spot, fixed: Action | None = None) -> bool:
    """Could some turn take this pile at all? (If not, the encoding leaves its cards out.)"""
    if spot.phase != "before-draw" or not spot.discard:
        return False
    facts = pile_facts(spot)
    if facts.single_card:
        return False
    if fixed is not None:
        return not _fixed_problems(spot, facts, fixed)
    if facts.never_rule is not None:
        return _blockers_possible(spot, facts, 2)
    return _ways_open(spot, facts)


def _ways_open(spot: Spot, facts: PileFacts) -> bool:
    """Is a natural top card of a rank that melds, with some way open to this hand?"""
    return facts.role == "natural" and facts.top.rank in spot.rules.natural_ranks and bool(_open_ways(spot, facts))


def _open_ways(spot: Spot, facts: PileFacts) -> list[str]:
    """The ways the data allows of taking this pile that this hand could use (before counting)."""
    rules = spot.rules
    ways = facts.ways
    naturals = sum(1 for c in spot.hand if rules.role(c) == "natural" and c.rank == facts.top.rank)
    wilds = sum(1 for c in spot.hand if rules.role(c) == "wild")
    out = []
    if "layoff" in ways and facts.has_meld:
        out.append("layoff")
    if "natural_pair" in ways and naturals >= 2:
        out.append("natural_pair")
    if "natural_wild" in ways and naturals >= 1 and wilds:
        out.append("natural_wild")
    return out


def _blockers_possible(spot: Spot, facts: PileFacts, named: int) -> bool:
    held = sum(1 for c in spot.hand if spot.rules.role(c) == "blocker")
    return facts.blocker_way and held >= named


def encode(enc: Encoding, fixed: Action | None = None) -> None:
    rules, spot = enc.rules, enc.spot
    pile_rule = rules.cite("pile")
    if spot.phase != "before-draw":
        enc.track("phase.drawn", pile_rule, enc.took == 0, PHASE)
        return
    enc.track("phase.draw", rules.cite("draw"), enc.took == 1, PHASE)
    if not spot.discard:
        enc.track("pile.empty", pile_rule, enc.took == 0, PHASE)
        return
    facts = pile_facts(spot)
    enc.facts["pile"] = facts
    if facts.single_card:
        enc.track("pile.single", pile_rule, enc.took == 0, PILE)
    if fixed is not None:
        _fixed(enc, facts, fixed)
        return
    if facts.never_rule is not None:
        enc.track("pile.top", facts.never_rule, Implies(enc.take, _blocker_way(enc, facts, 2)), PILE)
    elif facts.role != "natural":
        raise NotImplementedError(f"the z3 checker cannot take a pile topped by {facts.top} ({facts.role})")
    elif enc.census.pile_open or not _ways_open(spot, facts):
        # (a pile left out of the encoding for another reason is blocked by that reason or by the goal)
        enc.track("pile.ways", facts.ways_rule, Implies(enc.take, _ways(enc, facts)), PILE)


def _blocker_way(enc: Encoding, facts: PileFacts, named: int):
    """Classic's exception: a black 3 on top, taken with black 3s from the hand to go out."""
    if not _blockers_possible(enc.spot, facts, named):
        return FALSE
    if not enc.census.pile_open:
        return TRUE  # left out of the encoding for another reason, which blocks it
    return total(enc.melded[k.name] for k in enc.census.of_role(BLOCKER)) >= named


def _top_target(enc: Encoding):
    return next((t for t in enc.targets if t.kind == GROUP and t.top), None)


def _ways(enc: Encoding, facts: PileFacts):
    """Some way the data allows of putting the top card down with cards from the hand."""
    target = _top_target(enc)
    kind = enc.census.top_kind
    if target is None or kind is None or not enc.census.pile_open:
        return FALSE
    n = enc.melded[kind.name]
    alternatives = []
    for way in _open_ways(enc.spot, facts):
        if way == "layoff":
            alternatives.append(TRUE)
        elif way == "natural_pair":
            alternatives.append(n >= 2)
        else:  # a natural and a wild from the hand: one wild card of a kind the hand holds is named
            on_top = enc.facts.get("on_top", {})
            named = {}
            for k in enc.census.of_role(WILD_KIND):
                if k.hand and k.name in on_top:
                    named[k.name] = v = enc.int(f"named_{k.name}", 0, 1, upper=False)
                    enc.hard.append(on_top[k.name] - v >= 0)
            if named:
                enc.hard.append(total(named.values()) <= 1)
                enc.facts["named_wild"] = named
                alternatives.append(And(n >= 1, total(named.values()) >= 1))
    return Or(*alternatives)


def way_used(enc: Encoding, facts: PileFacts, values) -> str:
    """Which way a solution takes the pile: "natural_pair", "natural_wild", "layoff" or "blockers"."""
    if facts.role == "blocker":
        return "blockers"
    n = values(enc.melded[enc.census.top_kind.name])
    ways = _open_ways(enc.spot, facts)
    if "layoff" in ways:
        return "layoff"
    if "natural_pair" in ways and n >= 2:
        return "natural_pair"
    return "natural_wild"


# -- a pickup given in full ------------------------------------------------------
def _fixed_problems(spot: Spot, facts: PileFacts, action: Action) -> list[tuple[str, str]]:
    """Why the turn engine refuses this pickup as a first step, as (rule, sentence) pairs: its own words."""
    error = pickup_problem(spot, action)
    return [(error.rule, error.text)] if error else []


def _fixed(enc: Encoding, facts: PileFacts, action: Action) -> None:
    """A pickup with named cards: judged as the turn engine judges it, then required of the turn."""
    rules, spot, census = enc.rules, enc.spot, enc.census
    cards = action.cards
    problems = _fixed_problems(spot, facts, action)
    for i, (rule, text) in enumerate(problems):
        enc.track(f"pile.fixed{i}", rule, enc.took == 0, PILE + 1, note=text)
    exception = facts.blocker_way and len(cards) >= 2 and all(rules.role(c) == "blocker" for c in cards)
    need = [enc.take]
    if problems or not census.pile_open:
        pass  # the tracked rules above (or the phase, or the single-card rule) say why not
    elif exception:
        enc.track("pile.top", facts.never_rule, Implies(enc.take, _blocker_way(enc, facts, len(cards))), PILE)
        slot = next((t for t in enc.targets if t.kind == "blockers" and t.top), None)
        need.append(slot.size >= 1 + len(cards) if slot is not None else FALSE)
    else:
        target = _top_target(enc)
        kind = census.top_kind
        naturals = sum(1 for c in cards if rules.role(c) == "natural" and c.rank == facts.top.rank)
        wilds = Counter(c.rank for c in cards if rules.role(c) == "wild")
        if target is None:
            need.append(FALSE)
        else:
            need.append(enc.melded[kind.name] >= naturals)
            need.append(target.wilds >= sum(wilds.values()))
            for k in census.of_role(WILD_KIND):
                if wilds[k.key]:
                    need.append(wild_share(enc, target, k) >= wilds[k.key])
    enc.hard.append(Implies(enc.goal_fixed, And(*need)))
    enc.facts["fixed"] = action


def _frozen_why(facts: PileFacts) -> str:
    if facts.frozen_by:
        return f"{facts.top} on top of the pile is frozen by {format_cards(facts.frozen_by)}"
    if facts.frozen_unmelded:
        return f"{facts.top} is on top, and the pile is frozen for a side that has not melded"
    if facts.buried:
        return f"a black 3 ({facts.buried[0]}) lies in the pile under {facts.top}"
    return ""


# -- sentences for explanations --------------------------------------------------
def top_text(spot: Spot, facts: PileFacts) -> str:
    top = facts.top
    if facts.role == "blocker":
        text = f"the {top} on top blocks the pile"
        if facts.blocker_way:
            held = sum(1 for c in spot.hand if spot.rules.role(c) == "blocker")
            text += (f"; it may be taken only to go out with at least two black 3s from your hand "
                     f"(you hold {held})")
        return text
    what = {"wild": "a wild card", "bonus": "a bonus card", "stopper": "a stopper"}.get(facts.role, facts.role)
    return f"{top} on top of the pile is {what}: the pile cannot be taken"


def ways_text(spot: Spot, facts: PileFacts) -> str:
    """Why the top card cannot go down with cards from this hand, with the hand's numbers."""
    top, ways = facts.top, facts.ways
    rules = spot.rules
    naturals = sum(1 for c in spot.hand if rules.role(c) == "natural" and c.rank == top.rank)
    wilds = sum(1 for c in spot.hand if rules.role(c) == "wild")
    options = []
    if "natural_pair" in ways:
        options.append(f"two natural {top.rank}s")
    if "natural_wild" in ways:
        options.append(f"a natural {top.rank} and a wild card")
    text = f"taking it needs {' or '.join(options)} from your hand to go down with it" if options \
        else "it cannot be taken"
    if "layoff" in ways:
        text += f", or a meld of {top.rank}s on the table to lay {top} off onto"
    held = f"you hold {naturals} natural {top.rank}{'s' * (naturals != 1)}"
    if "natural_wild" in ways:
        held += f" and {wilds} wild card{'s' * (wilds != 1)}"
    text += f" ({held})"
    why = _frozen_why(facts)
    return f"{why}; {text}" if why else f"{top} on top: {text}"
