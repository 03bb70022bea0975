"""Albany's moves on the table (A-COMBINE): a joker exchanged, two sets combined.

No card ever leaves a set but a joker, and only for a natural from the hand
that keeps the set legal and of the same kind (a group of that rank, a
sequence of that suit); 2s stay where they are. Two sets of the side join
only when they adjoin: groups of one rank, or sequences of one suit whose
union is itself a legal sequence. The referee judges these as steps of a
play (``exchange 7H on 3``, ``combine 2 5``) and the game engine as moves of
their own; both ask here, so the rule has one home.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from .cards import Card, format_cards
from .errors import IllegalPlayError, SolverLimitError
from .melds import GROUP, SEQUENCE, judge
from .play import COMBINE, EXCHANGE, LAYOFF, Action
from .rules import Rules
from .spot import Spot

Set = tuple[Card, ...]


def move_rule(rules: Rules) -> str:
    """The rule that allows moves on the table; where a variant has none, the error that says so."""
    rule = rules["meld"].get("combine_rule")
    if not rule:
        raise IllegalPlayError(rules.cite("meld"), f"{rules.id} has no exchanging or combining of sets on the table")
    return rule


def _set(rule: str, table: list[Set], number: int) -> Set:
    if not 1 <= number <= len(table):
        raise IllegalPlayError(rule, f"there is no set {number} (your side has {len(table)})")
    return table[number - 1]


def exchange_joker(rules: Rules, table: list[Set], number: int, card: Card) -> tuple[Set, Card]:
    """Set ``number`` (1-based) with ``card`` in a joker's place, and the joker it frees.

    Whether ``card`` is held is the caller's to check: it owns the hand.
    """
    rule = move_rule(rules)
    old = _set(rule, table, number)
    joker = next((c for c in old if c.is_joker), None)
    if joker is None:
        raise IllegalPlayError(rule, f"set {number} ({format_cards(old)}) holds no joker; "
                                     f"only jokers are exchanged, never 2s")
    if not rules.is_natural(card):
        raise IllegalPlayError(rule, f"{card} is not a natural card: a joker is exchanged for a natural")
    i = old.index(joker)
    new = old[:i] + (card,) + old[i + 1:]
    try:
        before, after = judge(rules, old), judge(rules, new)
    except IllegalPlayError as e:
        raise IllegalPlayError(rule, f"{card} cannot take the joker's place in {format_cards(old)}: {e.text}") from None
    if (before.kind, before.key) != (after.kind, after.key):
        raise IllegalPlayError(rule, f"{card} would change what set {number} is ({before.kind} to {after.kind})")
    return new, joker


def sets_holding_a_joker(table: list[Set]) -> list[int]:
    """The sets (1-based) that hold a joker: the only ones an exchange may change."""
    return [number for number, cards in enumerate(table, start=1) if any(c.is_joker for c in cards)]


def stoppers_block(rules: Rules, hand) -> bool:
    """Does the hand hold the stoppers that block going out, whatever the table does (A-STOPPER)?"""
    block = rules["go_out"].get("stoppers_block")
    return bool(block) and sum(rules.role(c) == "stopper" for c in hand) >= block


def joker_sets_for(rules: Rules, table: list[Set], card: Card) -> list[int]:
    """The sets (1-based) whose joker ``card`` could take the place of."""
    found = []
    for number in range(1, len(table) + 1):
        try:
            exchange_joker(rules, table, number, card)
        except IllegalPlayError:
            continue
        found.append(number)
    return found


def combine_sets(rules: Rules, table: list[Set], first: int, second: int) -> list[Set]:
    """The table with sets ``first`` and ``second`` (1-based) made one, at the lower of the two places."""
    rule = move_rule(rules)
    if first == second:
        raise IllegalPlayError(rule, f"combine two different sets, not set {first} with itself")
    a, b = _set(rule, table, first), _set(rule, table, second)
    try:
        ja, jb, joined = judge(rules, a), judge(rules, b), judge(rules, a + b)
    except IllegalPlayError as e:
        raise IllegalPlayError(rule, f"{format_cards(a)} and {format_cards(b)} do not make one legal set: "
                                     f"{e.text}") from None
    if not (ja.kind == jb.kind == joined.kind and ja.kind in (GROUP, SEQUENCE) and ja.key == jb.key == joined.key):
        raise IllegalPlayError(rule, f"{format_cards(a)} and {format_cards(b)} do not adjoin: "
                                     f"only groups of one rank or sequences of one suit are combined")
    keep, drop = sorted((first - 1, second - 1))
    out = list(table)
    out[keep] = a + b if keep == first - 1 else b + a
    del out[drop]
    return out


# -- the moves a turn can start with -----------------------------------------------------------------
#: How many tables (with the hand that made each) a search of moves may reach, and how many candidate
#: moves it may judge, before it gives up: a real table reaches a handful.
MAX_TABLES = 64
MAX_JUDGED = 20_000


@dataclass(frozen=True)
class Rearranged:
    """A spot after moves on the table made with the hand's cards, and those moves as play steps."""

    moves: tuple[Action, ...]
    spot: Spot


def rearrangements(spot: Spot, *, bridges: bool, exchange_with=None) -> list[Rearranged]:
    """Every other table (and hand) the side's moves on the table can reach from ``spot``, once each.

    From ``drawn``, a turn that exchanges or combines anywhere can do so first: an exchange
    only needs the natural, which is in the hand from the start, and sets
    that combine after lay-offs combine after laying off the cards between
    them (``bridges``: a lay-off, then the combine). From ``before-draw`` no move comes before
    the pickup (A-DRAW): the search asks this of the ``drawn`` spot a pickup leaves
    (``tutor.pickup_moves``). ``exchange_with``, when given, are the only cards that may take a
    joker's place.
    """
    rules = spot.rules
    if not rules["meld"].get("combine_rule") or not spot.melds:
        return []
    start = (tuple(tuple(m) for m in spot.melds), Counter(spot.hand))
    seen = {table_key(*start)}
    frontier = [((), *start)]
    found: list[Rearranged] = []
    judged = [0]
    while frontier:
        later = []
        for moves, table, hand in frontier:
            for step, new_table, new_hand in _moves(rules, list(table), hand, bridges, judged, exchange_with):
                key = table_key(new_table, new_hand)
                if key in seen:
                    continue
                seen.add(key)
                if len(seen) > MAX_TABLES:
                    raise _too_many(f"reach more than {MAX_TABLES} tables")
                path = moves + step
                later.append((path, tuple(new_table), new_hand))
                found.append(Rearranged(path, spot.replace(hand=tuple(sorted(new_hand.elements(), key=str)),
                                                           melds=tuple(new_table))))
        frontier = later
    return found


def _too_many(what: str) -> SolverLimitError:
    return SolverLimitError(f"the moves on this table (A-COMBINE) {what}: too many to search within the "
                            "resource limit")


def _judged(judged: list[int], more: int) -> None:
    judged[0] += more
    if judged[0] > MAX_JUDGED:
        raise _too_many(f"need more than {MAX_JUDGED} candidate moves judged")


def table_key(table, hand) -> tuple:
    """The same table and hand reached in another order: sets in any order, cards in any order, and
    a 2 of one suit for a 2 of another (a wild 2 is never exchanged; only its kind matters)."""
    def name(card: Card) -> str:
        return card.rank if card.rank == "2" else str(card)

    sets = tuple(sorted(tuple(sorted(map(name, m))) for m in table))
    return sets, tuple(sorted(Counter(name(c) for c in Counter(hand).elements()).items()))


def _moves(rules: Rules, table: list[Set], hand: Counter, bridges: bool, judged: list[int], exchange_with):
    """(steps, table, hand) after each single move: an exchange, a combine, or a lay-off and a combine."""
    jokers = sets_holding_a_joker(table)
    naturals = {c for c, n in hand.items() if n and rules.is_natural(c)}
    if exchange_with is not None:
        naturals &= set(exchange_with)
    for card in sorted(naturals, key=str) if jokers else ():
        _judged(judged, len(jokers))
        for number in jokers:
            try:  # each exchange judged once (``joker_sets_for`` then ``exchange_joker`` would judge it twice)
                new_set, joker = exchange_joker(rules, table, number, card)
            except IllegalPlayError:
                continue
            after = list(table)
            after[number - 1] = new_set
            yield (Action(EXCHANGE, (card,), to=number),), after, hand - Counter([card]) + Counter([joker])
    for first, second in itertools.combinations(range(1, len(table) + 1), 2):
        _judged(judged, 1)
        try:
            yield (Action(COMBINE, sets=(first, second)),), combine_sets(rules, table, first, second), hand
        except IllegalPlayError:
            pass
    if bridges:
        yield from _bridges(rules, table, hand, judged)


def _bridges(rules: Rules, table: list[Set], hand: Counter, judged: list[int]):
    """Two sequences of one suit with a gap between them, the gap filled from the hand, then joined."""
    kinds = []
    for cards in table:
        try:
            kinds.append(judge(rules, cards))
        except IllegalPlayError:
            kinds.append(None)
    wilds = sorted((c for c, n in hand.items() if n and rules.role(c) == "wild"), key=str)
    cap = rules.max_wilds() or 0
    for low, high in itertools.permutations(range(len(table)), 2):
        a, b = kinds[low], kinds[high]
        if not (a and b and a.kind == b.kind == SEQUENCE and a.key == b.key):
            continue
        top = max(c.order for c in table[low] if rules.is_natural(c))
        bottom = min(c.order for c in table[high] if rules.is_natural(c))
        gap = sorted((c for c, n in hand.items() if n and rules.is_natural(c) and c.suit == a.key
                      and top < c.order < bottom), key=str)
        room = max(0, cap - a.wilds - b.wilds)
        # the joined set holds at most ``cap`` wilds, so all but that many of the gap's ranks held are filled
        # by their naturals; a fill with more cards than joins the two is a fill and lay-offs the turn may make
        fills = [naturals + extra for k in range(max(0, len(gap) - cap), len(gap) + 1)
                 for naturals in itertools.combinations(gap, k)
                 for w in range(room + 1) for extra in itertools.combinations_with_replacement(wilds, w)]
        bridged: list[Counter] = []
        for fill in sorted(fills, key=len):
            if not fill or Counter(fill) - hand or any(not done - Counter(fill) for done in bridged):
                continue
            _judged(judged, 1)
            laid = list(table)
            laid[low] = table[low] + fill
            try:
                judge(rules, laid[low])
                joined = combine_sets(rules, laid, low + 1, high + 1)
            except IllegalPlayError:
                continue
            bridged.append(Counter(fill))
            yield ((Action(LAYOFF, fill, to=low + 1), Action(COMBINE, sets=(low + 1, high + 1))),
                   joined, hand - Counter(fill))


def stranded(spot: Spot) -> list[Card]:
    """The hand's cards that no set could ever hold from this ``drawn`` spot.

    Every set holds two naturals: a group two of one rank, a sequence two of one suit at most
    three apart (two wilds between them at most). So a natural with no such partner in the hand or
    in a set of that kind on the table is stranded, and so is a stopper where stoppers never meld.
    """
    rules = spot.rules
    stoppers_meld = rules.data.get("stopper_meld", {}).get("allowed")
    group_ranks, sequence_cards = set(), []
    for cards in spot.melds:
        try:
            kind = judge(rules, cards).kind
        except IllegalPlayError:
            continue
        naturals = [c for c in cards if rules.is_natural(c)]
        if kind == GROUP:
            group_ranks.update(c.rank for c in naturals)
        elif kind == SEQUENCE:
            sequence_cards += naturals
    held = [c for c in spot.hand if rules.is_natural(c)]
    ranks = Counter(c.rank for c in held)

    def alone(card: Card) -> bool:
        if ranks[card.rank] >= 2 or card.rank in group_ranks:
            return False
        return not any(c.suit == card.suit and 1 <= abs(c.order - card.order) <= 3 for c in held + sequence_cards)

    return [c for c in spot.hand if (rules.role(c) == "stopper" and not stoppers_meld)
            or (rules.is_natural(c) and alone(c))]
