"""Albany's moves on the table around taking from the pile (A-DRAW, A-COMBINE).

From ``before-draw`` a turn may exchange and combine only after it has
taken from the pile, never before (every turn starts with the stock or the
pile): then a card held or taken may take a table joker's place, fill the
gap between two sequences, or the pickup's new set may join another. The
deciders answer the turn from the table as it stands and take the pile
themselves; what they do not model is a move after the pickup. So those
moves are found here, the pickup made first.

A pickup that makes a new set (a deep pick-up, A-DRAW (c), or a top card
melded with hand cards, (b)) is asked through a ``StandIn`` for each depth:
every card taken in the hand, free to go anywhere. That allows more than a
real turn, so a "no" there covers every way to take that deep; only a "yes"
makes the real pickups (``tutor.arrangements.pickup_options``, each
distinct choice of cards kept, since which 6s make a group matters when
another 6 could take a joker's place), each with the card that must go down
put down at once and then the tables the moves reach. A top card taken
alone or laid off (on each set it fits) is asked that way from the start.
A pickup's set is made with as few cards as the rules allow; more cards
for it are lay-offs the rest of the turn may make, so nothing is lost.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Callable

from .arrangements import pickup_options
from .cards import Card
from .errors import IllegalPlayError, SolverLimitError
from .melds import GROUP, SEQUENCE, judge, lays_off
from .play import LAYOFF, MELD, Action
from .spot import Spot
from .table_moves import MAX_TABLES, Rearranged, rearrangements, stoppers_block, table_key
from .turn import TurnError, after_steps


def pickups(spot: Spot, actions: list[Action] | None = None) -> list[Rearranged]:
    """Each way to take from the pile (or each of ``actions``), as the turn's first steps, and the
    ``drawn`` spot it leaves."""
    found, seen = [], set()
    for action in pickup_options(spot, exact=True) if actions is None else actions:
        for steps in _first_steps(spot, action):
            try:
                replay = after_steps(spot, steps)
            except TurnError:
                continue
            after = spot.replace(phase="drawn", hand=tuple(sorted(replay.hand.elements(), key=str)),
                                 melds=tuple(replay.table), discard=tuple(replay.pile))
            key = table_key(after.melds, replay.hand)
            if key not in seen:
                seen.add(key)
                found.append(Rearranged(steps, after))
    return found


def _first_steps(spot: Spot, action: Action) -> list[tuple[Action, ...]]:
    """The pickup and the card that must go down with it at once, each place it may go."""
    if action.depth == 1:
        return [(action,)]  # (a): the top card alone joins the hand
    card = spot.discard[-(action.depth or 1)]
    if action.cards or action.depth is not None:
        return [(action, Action(MELD, (card,) + action.cards))]
    return [(action, Action(LAYOFF, (card,), to=n))  # (b) by a lay-off: onto each set the top card fits
            for n in range(1, len(spot.melds) + 1) if lays_off(spot.rules, spot.melds[n - 1], (card,))]


@dataclass(frozen=True)
class StandIn:
    """A ``drawn`` spot that allows more than any real turn: the cards a pickup that makes a new set
    takes (A-DRAW (b) melded, or (c)) all in the hand, the card that must go down free to go anywhere,
    and the moves on the table made with them. Every way to take that deep and move on the table
    afterwards is a turn from one of these spots (moves on the new set itself are melds here), so a
    "no" on each is a "no" for all of them; a "yes" proves nothing, and ``ways()`` are the real ones.
    """

    spot: Spot
    ways: Callable[[], list[Rearranged]]


def table_moves_for(spot: Spot) -> list[Rearranged | StandIn]:
    """What go-out asks the deciders beyond the table as it stands: from ``drawn`` the tables the
    moves reach (a turn can always make them first), from ``before-draw`` the moves around the pickup."""
    return rearrangements(spot, bridges=True) if spot.phase == "drawn" else moves_around_pickup(spot)


def moves_around_pickup(spot: Spot, pickup: Action | None = None) -> list[Rearranged | StandIn]:
    """Every other start of a turn from ``before-draw`` that moves on the table: a pickup (``pickup``
    alone, when given) and moves after it (a ``drawn`` spot, or for a deep pick-up a ``StandIn``);
    each table and hand once. No move comes before the pickup (A-DRAW, A-COMBINE). More than
    ``MAX_TABLES`` and the search gives up.

    A side that has not melded has no table to move on: what it melds this turn it can meld as the
    moves would leave it (and the drawn spot would wrongly count it as melded before the turn)."""
    if not spot.down or not spot.rules["meld"].get("combine_rule") or not spot.discard:
        return []
    starts = [Rearranged((), spot)]
    pile = len(spot.discard)
    options = [pickup_options(start.spot, exact=True) if pickup is None else [pickup] for start in starts]
    # a pickup with no move after it, made from the table as it stands or after moves before it, is
    # the deciders' own work; moves after a pickup that reach one of those tables add nothing (the
    # pickups are made as they are needed: the deep ones only when a stand-in answers yes)
    made: dict[tuple[int, object], list[Rearranged]] = {}
    asked: dict[tuple[int, object], list[Rearranged]] = {}
    covered: set = set()

    def made_at(depth) -> None:
        for i, start in enumerate(starts):
            if (i, depth) not in made:
                made[i, depth] = pickups(start.spot, [a for a in options[i] if _depth(a, pile) == depth])
                covered.update(table_key(t.spot.melds, t.spot.hand) for t in made[i, depth])

    def after(i: int, depth) -> list[Rearranged]:
        if (i, depth) in asked:
            return asked[i, depth]
        made_at(depth)
        start, out = starts[i], []
        for taken in made[i, depth]:
            if stoppers_block(spot.rules, taken.spot.hand):
                continue  # the pile's stoppers now block going out, whatever the table does
            for way in rearrangements(taken.spot, bridges=True):
                key = table_key(way.spot.melds, way.spot.hand)
                if key not in covered:
                    covered.add(key)
                    out.append(Rearranged(start.moves + taken.moves + way.moves, way.spot))
        asked[i, depth] = _at_most(out)
        return out

    found: list[Rearranged | StandIn] = []
    for i, start in enumerate(starts):
        found += after(i, "top")
        for depth in sorted({_depth(a, pile) for a in options[i]} - {"top"}):
            taken = start.spot.discard[-depth:]
            loose = start.spot.replace(phase="drawn", hand=start.spot.hand + taken,
                                       discard=start.spot.discard[:-depth])
            if stoppers_block(spot.rules, loose.hand):
                continue
            ways = partial(after, i, depth)
            found += [StandIn(way.spot, ways) for way in rearrangements(loose, bridges=True)]
            # moves on the pickup's own set alone (a card taken exchanged for its joker, the set joined
            # to another) are no move at all for the stand-in, which melds that set as they leave it:
            # the stand-in as it stands answers for them
            down = (taken[0], taken[-1]) if depth == pile else (taken[0],)  # the whole pile: (b)'s top card too
            if any(_set_may_move(start.spot, card, taken) for card in down):
                found.append(StandIn(loose, ways))
        _at_most(found)
    return found


def _set_may_move(spot: Spot, down: Card, taken: tuple[Card, ...]) -> bool:
    """Could a move after the pickup involve the set that ``down``, the card going down, makes with
    naturals from the hand? Only if a card taken may take the place of a joker in it, or it may join
    a set on the table. Each set holds its naturals at most three apart (two wilds between)."""
    rules = spot.rules
    if down.is_joker:
        return True  # a card taken may stand where it stands, at an end or in a group too
    # the set's other cards come from the hand (with Deluxe option 3 also from the cards taken)
    pool = spot.hand + (taken if rules["pile"].get("take_up_option") else ())
    naturals = [c for c in pool if rules.is_natural(c)]
    if rules.is_natural(down):
        kinds = {(GROUP, down.rank), (SEQUENCE, down.suit)}
        near = [c for c in naturals if c.suit == down.suit and abs(c.order - down.order) <= 4] + [down]
    else:  # a wild card taken: the set is of whatever two naturals from the hand make one with it
        ranks = Counter(c.rank for c in naturals)
        kinds = {(GROUP, r) for r, n in ranks.items() if n >= 2} | {
            (SEQUENCE, a.suit) for a in naturals for b in naturals if a.suit == b.suit and 0 < abs(a.order - b.order) <= 3}
        near = naturals
    if any(c.is_joker for c in pool):
        # a joker the set needs fills a gap of a sequence; a card taken of that suit may fill it instead
        for p in taken:
            if rules.is_natural(p) and any(a.suit == b.suit == p.suit and a.order < p.order < b.order
                                           and b.order - a.order <= 4 for a in near for b in near):
                return True
    for cards in spot.melds:
        try:
            meld = judge(rules, cards)
        except IllegalPlayError:
            continue
        if (meld.kind, meld.key) in kinds:
            return True
    return False


def _depth(pickup: Action, pile: int):
    """How many cards a pickup takes, "top" for the top card alone or laid off: whether a stand-in
    may answer for it (the whole pile for a top card melded with hand cards, A-DRAW (b), or a deep
    pick-up, (c): the card that goes down makes a new set, like any new set of the turn).

    A top card laid off is not stood in for: an exchange on the set it joined need not be one on the
    set without it."""
    if pickup.depth == 1 or (pickup.depth is None and not pickup.cards):
        return "top"
    return pickup.depth or pile


def _at_most(ways: list) -> list:
    if len(ways) > MAX_TABLES:
        raise SolverLimitError(f"the moves on this table (A-COMBINE) around taking from the pile reach more than "
                               f"{MAX_TABLES} tables: too many to search within the resource limit")
    return ways
