"""Albany's moves on the table around taking from the pile (A-DRAW, A-COMBINE).

From ``before-draw`` a turn may exchange and combine before it takes from
the pile, and again after it: then a card taken from the pile may take a
table joker's place, or fill the gap between two sequences. The deciders
answer the turn from the table as it stands and take the pile themselves;
what they do not model is a move after the pickup. So the moves after it
are found here, the pickup made first, one way at a time: every canonical
pickup (``tutor.arrangements.pickup_options``, with each distinct choice of
cards kept, since which 6s make a group matters when another 6 could take a
joker's place), the card that must go down put down at once (melded, or for
a top card laid off on each set it fits), and then the tables the moves
reach, each a ``drawn`` spot for the deciders.

A pickup's set is made with as few cards as the rules allow; more cards for
it are lay-offs the rest of the turn may make, so nothing is lost by that.
"""

from __future__ import annotations

from collections import Counter

from .arrangements import pickup_options
from .errors import SolverLimitError
from .play import LAYOFF, MELD, Action
from .spot import Spot
from .melds import lays_off
from .table_moves import MAX_TABLES, Rearranged, rearrangements, table_key
from .turn import TurnError, after_steps


def pickups(spot: Spot) -> list[Rearranged]:
    """Each way to take from the pile, as the turn's first steps, and the ``drawn`` spot it leaves."""
    found, seen = [], set()
    for action in pickup_options(spot, exact=True):
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


def moves_around_pickup(spot: Spot) -> list[Rearranged]:
    """Every other start of a turn from ``before-draw`` that moves on the table: moves before the pickup
    (a ``before-draw`` spot: the deciders take the pile), or a pickup and moves after it (a ``drawn``
    spot), or both; each table and hand once. More than ``MAX_TABLES`` and the search gives up.

    A side that has not melded has no table to move on: what it melds this turn it can meld as the
    moves would leave it (and the drawn spot would wrongly count it as melded before the turn)."""
    before = rearrangements(spot, bridges=False)
    if not spot.down:
        return before
    found, seen = list(before), {table_key(w.spot.melds, w.spot.hand) for w in before}
    block = spot.rules["go_out"].get("stoppers_block")
    starts = [(start, pickups(start.spot)) for start in [Rearranged((), spot)] + before]
    # a pickup with no move after it, made from the table as it stands or after moves before it, is
    # the deciders' own work; moves after a pickup that reach one of those tables add nothing
    covered = {table_key(taken.spot.melds, taken.spot.hand) for _, taken_ways in starts for taken in taken_ways}
    for start, taken_ways in starts:
        for taken in taken_ways:
            if block and sum(spot.rules.role(c) == "stopper" for c in taken.spot.hand) >= block:
                continue  # the pile's stoppers now block going out, whatever the table does (A-STOPPER)
            # exchanges with the hand's own cards are made before the pickup (``before``), which the
            # deciders take from; only what the pickup brought is new to exchange
            brought = Counter(taken.spot.hand) - (Counter(start.spot.hand) - Counter(taken.moves[0].cards))
            for way in rearrangements(taken.spot, bridges=True, exchange_with=brought):
                key = table_key(way.spot.melds, way.spot.hand)
                if key in covered:
                    continue
                covered.add(key)
                found.append(Rearranged(start.moves + taken.moves + way.moves, way.spot))
                if len(found) > MAX_TABLES:
                    raise SolverLimitError(f"the moves on this table (A-COMBINE) around taking from the pile reach "
                                           f"more than {MAX_TABLES} tables: too many to search within the "
                                           "resource limit")
    return found
