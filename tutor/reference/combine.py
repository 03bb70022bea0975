"""Albany's moves on the table (A-COMBINE) inside the reference decider's own search.

A turn starts with the stock or the pile (A-DRAW); only then may the side exchange
a table joker for a natural it holds, or join two sets that adjoin, as often as it
likes, before it melds, lays off and discards. This module walks, breadth first,
every table those moves reach from each start the albany search tries, and asks
that search (``albany.search``) about the rest of the turn on each. It is written
from the rulings alone: the shape of one set is the shared judge's
(``tutor.melds.judge``), the play's replay the turn engine's; which moves to try,
in what order, is this module's own.

Three kinds of move are tried from every table reached:

* an exchange: a natural held takes a joker's place in a set, which stays a set of
  the same kind (a group of its rank, a sequence of its suit); the joker joins the hand;
* a combination: two groups of one rank, or two sequences of one suit whose union is
  one legal sequence, become one set;
* a bridge: cards held fill the gap between two sequences of a suit (laid off onto
  the lower one), and the two are then combined. Without it a turn could never join
  ``4H 5H 6H`` and ``8H 9H TH`` with the ``7H`` it holds, since the lay-off alone
  leaves two sets.

A lay-off that comes after a move is the rest of the turn's to make; moves after the
first meld or lay-off of the rest gain nothing a move before it could not, since no
card but a joker ever leaves a set.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from ..cards import Card
from ..errors import IllegalPlayError, SolverLimitError
from ..melds import GROUP, SEQUENCE, judge
from ..play import COMBINE, EXCHANGE, LAYOFF, MELD, Action
from ..search_budget import current
from ..spot import Spot
from ..turn import TurnError, after_steps
from .pickups import FannedStart, fanned_starts

#: How many tables one start's moves may reach before the search gives up: a real table reaches a few.
MAX_TABLES = 400


@dataclass(frozen=True)
class Moved:
    """A ``drawn`` spot after a start and moves on the table, and the steps that made it."""

    steps: tuple[Action, ...]
    spot: Spot


def allowed(spot: Spot) -> bool:
    """Does the variant move sets on the table, with no first-meld minimum in force for this side?

    The albany search counts first-meld points from the turn's own cards; a table reached by
    moves starts a fresh ``drawn`` spot, so the minimum, where a house file sets one, would be
    counted wrongly there: such a side is searched without moves (it has at most the start's set)."""
    rules = spot.rules
    if not rules["meld"].get("combine_rule"):
        return False
    return spot.down or not rules["initial"].get("required")


def start_steps(start: FannedStart) -> tuple[Action, ...]:
    """The play steps of a start: the pickup, and the set that must go down with its card at once."""
    if not start.picks_up:
        return ()
    if start.lead is None:
        return (start.action,)
    first = (start.lead,) + tuple(start.named)
    if start.onto is not None:
        return (start.action, Action(LAYOFF, first, to=start.onto + 1))
    return (start.action, Action(MELD, first))


def tables_after_moves(spot: Spot, pickup, take_pile: bool) -> list[Moved]:
    """Every ``drawn`` spot a start and at least one move on the table reach, each once."""
    found, seen = [], set()
    for start in fanned_starts(spot, pickup):
        if take_pile and not start.picks_up:
            continue
        steps = start_steps(start)
        try:
            replay = after_steps(spot, steps)
        except TurnError:
            continue
        root = (tuple(tuple(m) for m in replay.table), Counter(replay.hand))
        for moves, (table, hand) in _reachable(spot, *root):
            moved = _spot_after(spot, steps + moves)
            key = _key(moved.melds, Counter(moved.hand))
            if key not in seen:
                seen.add(key)
                found.append(Moved(steps + moves, moved))
    return found


def _spot_after(spot: Spot, steps: tuple[Action, ...]) -> Spot:
    """The turn engine's replay of the steps, as the ``drawn`` spot the rest of the turn starts from."""
    replay = after_steps(spot, steps)  # the moves were judged legal here; the engine agreeing is re-checked
    hand = tuple(sorted(replay.hand.elements(), key=str))
    return spot.replace(phase="drawn", hand=hand, melds=tuple(tuple(m) for m in replay.table),
                        discard=tuple(replay.pile))


def _key(table, hand: Counter):
    return tuple(sorted(tuple(sorted(map(str, m))) for m in table)), tuple(sorted(map(str, hand.elements())))


def _reachable(spot: Spot, table, hand: Counter):
    """(moves, (table, hand)) for every table at least one move reaches, breadth first."""
    budget = current()
    seen = {_key(table, hand)}
    frontier = [((), table, hand)]
    while frontier:
        nxt = []
        for moves, t, h in frontier:
            for step, after, left in _moves(spot.rules, t, h):
                budget.spend()
                key = _key(after, left)
                if key in seen:
                    continue
                seen.add(key)
                if len(seen) > MAX_TABLES:
                    raise SolverLimitError(f"the reference decider gave up within its resource limit: the moves on "
                                           f"the table reach more than {MAX_TABLES} tables")
                yield moves + step, (after, left)
                nxt.append((moves + step, after, left))
        frontier = nxt


def _kind(rules, cards) -> tuple[str, str] | None:
    try:
        j = judge(rules, tuple(cards))
    except IllegalPlayError:
        return None
    return j.kind, j.key


def _moves(rules, table, hand: Counter):
    """(steps, table after, hand after) for each single move from this table."""
    yield from _exchanges(rules, table, hand)
    yield from _combinations(rules, table, hand)
    yield from _bridges(rules, table, hand)


def _exchanges(rules, table, hand: Counter):
    naturals = sorted((c for c, n in hand.items() if n and rules.is_natural(c)), key=str)
    for i, cards in enumerate(table):
        joker = next((c for c in cards if c.is_joker), None)
        if joker is None:
            continue
        was = _kind(rules, cards)
        at = cards.index(joker)
        for card in naturals:
            new = cards[:at] + (card,) + cards[at + 1:]
            if _kind(rules, new) != was:
                continue
            after = table[:i] + (new,) + table[i + 1:]
            yield (Action(EXCHANGE, (card,), to=i + 1),), after, hand - Counter([card]) + Counter([joker])


def _joined(table, i: int, j: int, cards):
    """The table with sets i and j (0-based, i < j) made one at i's place, as the turn engine numbers them."""
    return table[:i] + (cards,) + table[i + 1:j] + table[j + 1:]


def _combinations(rules, table, hand: Counter):
    kinds = [_kind(rules, m) for m in table]
    for i, j in combinations(range(len(table)), 2):
        if kinds[i] is None or kinds[i] != kinds[j] or kinds[i][0] not in (GROUP, SEQUENCE):
            continue
        union = table[i] + table[j]
        if _kind(rules, union) == kinds[i]:
            yield (Action(COMBINE, sets=(i + 1, j + 1)),), _joined(table, i, j, union), hand


def _bridges(rules, table, hand: Counter):
    """Cards held laid off onto one sequence so that it adjoins another of its suit, then the two joined."""
    kinds = [_kind(rules, m) for m in table]
    wilds = sorted({c for c, n in hand.items() if n and rules.role(c) == "wild"}, key=str)
    for i, j in combinations(range(len(table)), 2):
        if kinds[i] is None or kinds[i] != kinds[j] or kinds[i][0] != SEQUENCE:
            continue
        suit = kinds[i][1]
        if _kind(rules, table[i] + table[j]) == kinds[i]:
            continue  # they join without help: a plain combination
        orders = {c.order for c in table[i] + table[j] if rules.is_natural(c)}
        low, high = min(orders), max(orders)
        gap = sorted((c for c, n in hand.items() if n and rules.is_natural(c) and c.suit == suit
                      and low < c.order < high and c.order not in orders), key=lambda c: c.order)
        gap = list({c.order: c for c in gap}.values())  # one card of each rank can fill its place
        for fill in _fills(gap, wilds, hand):
            for lower, upper in ((i, j), (j, i)):
                onto = table[lower] + fill
                union = onto + table[upper]
                if _kind(rules, onto) != kinds[i] or _kind(rules, union) != kinds[i]:
                    continue
                if any(_kind(rules, onto[:len(table[lower])] + fill[:k] + fill[k + 1:] + table[upper]) == kinds[i]
                       for k in range(len(fill))):
                    continue  # a card fewer does it: that bridge is tried on its own
                keep, drop = min(i, j), max(i, j)
                steps = (Action(LAYOFF, fill, to=lower + 1), Action(COMBINE, sets=(lower + 1, upper + 1)))
                yield steps, _joined(table, keep, drop, union if lower == keep else table[upper] + onto), \
                    hand - Counter(fill)
                break


def _fills(gap: list[Card], wilds: list[Card], hand: Counter):
    """The multisets of held cards that might fill a gap: naturals of the gap's ranks, and up to two wilds."""
    for size in range(1, len(gap) + 1):
        for naturals in combinations(gap, size):
            yield naturals
    for w in range(1, 3):
        for chosen in _wild_choices(wilds, hand, w):
            for size in range(0, len(gap) + 1):
                for naturals in combinations(gap, size):
                    yield naturals + chosen


def _wild_choices(wilds: list[Card], hand: Counter, count: int):
    if count == 1:
        for w in wilds:
            yield (w,)
        return
    for a, b in combinations(wilds, 2):
        yield (a, b)
    for w in wilds:
        if hand[w] >= 2:
            yield (w, w)
