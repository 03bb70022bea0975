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

from .cards import Card, format_cards
from .errors import IllegalPlayError
from .melds import GROUP, SEQUENCE, judge
from .rules import Rules

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
