"""The ``melds`` listing with albany's moves on the table (A-COMBINE), for either decider.

A decider lists what a turn puts down on the table as it stands. A turn may also move on the
table, and some sets are legal only in a turn that does:

* moves a turn can make first (an exchange, a combine, a lay-off that bridges two sequences,
  walked by the decider's own search) reach other tables; what the decider lists there is listed here too, a
  new set as it is and a lay-off onto a set the moves left as it stood, under its place now;
* a new set combined later with a set of the table it adjoins (``meld 9S TS JS; combine 2 3``) is,
  to the referee, a lay-off onto that set; so a new set is legal where the decider finds a turn
  laying off the same cards there, rewritten with the set and the combine and replayed by the
  referee (``tutor.turn.play_turn``) before it is listed.

Only from ``drawn``: from ``before-draw`` the moves come after a draw or pick-up (A-DRAW), which
the listing reads as unknown cards.
"""

from __future__ import annotations

from collections import Counter

from .errors import IllegalPlayError
from .goals import MeldChoice
from .melds import GROUP, judge
from .play import COMBINE, LAYOFF, MELD, Action
from .spot import Spot
from .table_moves import combine_sets
from .turn import TurnError, play_turn


def _key(rules, choice: MeldChoice, table) -> tuple:
    """A choice as the listing tells choices apart: naturals of a group by rank, others by card;
    wild cards by kind (``tutor.choices``); a lay-off by the set it goes onto."""
    cards = tuple(table[choice.to - 1]) + choice.cards if choice.to else choice.cards
    try:
        shape = judge(rules, cards).kind
    except IllegalPlayError:
        shape = None
    naturals = sorted(c.rank if shape == GROUP else str(c) for c in choice.cards if not rules.is_wild(c))
    wilds = sorted(c.rank for c in choice.cards if rules.is_wild(c))
    return choice.kind, choice.to, tuple(naturals), tuple(wilds)


def with_moves(spot: Spot, pending: list[MeldChoice], listed, find, tables) -> list[MeldChoice]:
    """The ``pending`` candidates that a turn moving on the table puts down.

    ``listed(spot)`` is the decider's listing of a spot, ``find(spot, goal)`` its witness play or
    None, ``tables(spot)`` the ``drawn`` spots its own walk of the moves reaches (each decider
    walks them its own way: ``tutor.table_moves`` for the z3 checker, ``reference.combine``)."""
    rules = spot.rules
    if spot.phase != "drawn" or not spot.melds or not rules["meld"].get("combine_rule") or not pending:
        return []
    table = [tuple(m) for m in spot.melds]
    wanted = {_key(rules, c, table): c for c in pending}
    found: list[MeldChoice] = []

    def take(key) -> None:
        if key in wanted:
            found.append(wanted.pop(key))

    for choice in [c for c in pending if c.kind == MELD]:
        if _meld_then_combine(spot, choice, find):
            take(_key(rules, choice, table))
    for reached in tables(spot):
        if not wanted:
            break
        moved = [tuple(m) for m in reached.melds]
        # a set the moves left as it stood keeps its cards; its place may have changed
        places = {}
        for j, cards in enumerate(moved, start=1):
            for i, old in enumerate(table, start=1):
                if i not in places.values() and Counter(old) == Counter(cards):
                    places[j] = i
                    break
        for choice in listed(reached):
            if choice.kind == MELD:
                take(_key(rules, choice, moved))
            elif choice.to in places:
                there = MeldChoice(LAYOFF, choice.cards, places[choice.to], choice.points)
                take(_key(rules, there, table))
    return found


def _meld_then_combine(spot: Spot, choice: MeldChoice, find) -> bool:
    """Is ``choice``, a new set, legal as a set later combined with a table set it adjoins?"""
    from .goals import Goal

    rules = spot.rules
    table = [tuple(m) for m in spot.melds]
    for to in range(1, len(table) + 1):
        try:
            combine_sets(rules, table + [tuple(choice.cards)], to, len(table) + 1)
        except IllegalPlayError:
            continue
        play = find(spot, Goal(include=MeldChoice(LAYOFF, choice.cards, to)))
        if play is None:
            continue
        rewritten = _as_meld_and_combine(spot, play, choice.cards, to)
        if rewritten is None:
            continue
        try:
            play_turn(spot, rewritten)
        except TurnError:
            continue
        return True
    return False


def _as_meld_and_combine(spot: Spot, play, cards, to: int):
    """The play with the lay-off of ``cards`` onto set ``to`` made a new set and a combine."""
    out, sets, done = [], len(spot.melds), False
    for step in play:
        if not done and step.kind == LAYOFF and step.to == to and not Counter(cards) - Counter(step.cards):
            rest = tuple((Counter(step.cards) - Counter(cards)).elements())
            out += [Action(MELD, tuple(cards)), Action(COMBINE, sets=(to, sets + 1))]
            if rest:
                out.append(Action(LAYOFF, rest, to=to))
            done = True
            continue
        if step.kind == MELD:
            sets += 1
        out.append(step)
    return tuple(out) if done else None
