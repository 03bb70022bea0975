"""When two turns are the same way: a turn's canonical form, and the canonical ways to take the pile.

Puzzles count the *ways* to answer "yes" (``tutor.puzzles.prove``) and the
z3 checker enumerates them (``tutor.checker.ways``); both compare turns by
``arrangement``: what the turn puts down, with cards that play the same role
counted as equal (a group's naturals differ only by suit, wild cards only by
kind). Taking the pile is compared by ``pickup_options``'s canonical pickups:
which hand cards go down with the card taken (a natural pair, or a natural
with the fewest wild cards of each kind that make a meld, two black 3s where
a black 3 may be taken to go out, none for a lay-off), and in albany how deep.
Plain Python over the turn engine's results; nothing here solves.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from .cards import Card
from .errors import IllegalPlayError
from .melds import GROUP, SEQUENCE, judge, lays_off
from .play import PICKUP, TABLE_MOVES, Action
from .spot import Spot
from .turn import Turn


def card_key(spot: Spot, card: Card, kind: str) -> str:
    """Cards that play the same role compare equal: a group's naturals by rank, wilds by kind."""
    if spot.rules.role(card) == "natural" and kind == SEQUENCE:
        return str(card)
    return card.rank


def meld_key(spot: Spot, cards: tuple[Card, ...]) -> tuple:
    try:
        kind = judge(spot.rules, cards, going_out=True).kind
    except IllegalPlayError:
        kind = "?"
    return (kind, tuple(sorted(card_key(spot, c, kind) for c in cards)))


def arrangement(spot: Spot, turn: Turn) -> tuple:
    """What a turn puts down, up to interchangeable cards: its pickup, new melds, lay-offs and discard."""
    pickup = ()
    if turn.actions and turn.actions[0].kind == PICKUP:
        a = turn.actions[0]
        pickup = (tuple(sorted(card_key(spot, c, GROUP) for c in a.cards)), a.depth or 0, turn.pickup_kind)
    new = tuple(sorted(meld_key(spot, turn.table[i]) for i in turn.new_melds))
    discard = card_key(spot, turn.discard, GROUP) if turn.discard is not None else ""
    if any(a.kind in TABLE_MOVES for a in turn.actions):
        # sets exchanged or combined (albany, A-COMBINE) are no longer the sets they were, nor at their
        # places: such a turn is what it leaves on the table, every set, apart from turns without moves
        table = tuple(sorted(meld_key(spot, m) for m in turn.table))
        return (pickup, new, ("moved",) + table, discard)
    lay = []
    for i, before in enumerate(spot.melds):
        added = Counter(turn.table[i]) - Counter(before)
        if added:
            kind = meld_key(spot, turn.table[i])[0]
            lay.append((i, tuple(sorted(card_key(spot, c, kind) for c in added.elements()))))
    return (pickup, new, tuple(lay), discard)


def _wild_sets(wild_kinds: dict[str, Card], hand: tuple[Card, ...], most: int):
    """Every multiset of the hand's wild cards (by kind) of 0 to ``most`` cards, smallest first."""
    kinds = sorted(wild_kinds)
    have = Counter(c.rank for c in hand if c.rank in wild_kinds)
    out = [()]
    for size in range(1, most + 1):
        for combo in combinations_with_replacement(kinds, size):
            if all(combo.count(k) <= have[k] for k in set(combo)):
                picked, used = [], Counter()
                for k in combo:
                    picked.append([c for c in hand if c.rank == k][used[k]])
                    used[k] += 1
                out.append(tuple(picked))
    return out


def pickup_options(spot: Spot, *, exact: bool = False) -> list[Action]:
    """Every canonical way to take the pile: which hand cards go down with the card taken, and how deep.

    For the card that must go down (the top card, or in albany the lowest card
    taken) the hand cards are a natural pair or a natural and wild cards, each
    with the fewest wild cards that make a legal meld, one per distinct meld.
    A black 3 on top that may be taken to go out goes down with two black 3s
    from the hand. With albany's Deluxe option 3 the set a deep pick-up makes
    may also take the cards above its lowest card. ``exact`` keeps every
    distinct choice of cards instead (which 6s make the group matters when
    another 6 could go elsewhere).
    """
    rules, hand, pile = spot.rules, spot.hand, spot.discard
    if spot.phase != "before-draw" or not pile:
        return []
    most_wilds = rules.max_wilds()
    reach = None if most_wilds is None else most_wilds + 2  # how far apart two naturals of a sequence can be

    def _near(a: Card, b: Card) -> bool:
        """Could ``a`` share a meld with ``b``? (The judge decides; this only skips hopeless pairs.)"""
        if rules.role(b) != "natural" or rules.role(a) != "natural":
            return True
        return a.rank == b.rank or (a.suit == b.suit and (reach is None or abs(a.order - b.order) <= reach))

    def sets_with(card: Card, pairs_only: bool, held: tuple[Card, ...] = hand) -> list[tuple[Card, ...]]:
        naturals = [c for c in held if rules.role(c) == "natural" and _near(c, card)]
        wild_kinds: dict[str, Card] = {}
        for c in held:
            if rules.role(c) == "wild":
                wild_kinds.setdefault(c.rank, c)
        found: dict[tuple, tuple[Card, ...]] = {}
        cores = list(dict.fromkeys(tuple(sorted((a, b))) for i, a in enumerate(naturals) for b in naturals[i + 1:]
                                   if _near(a, b)))
        if not pairs_only:
            cores += list(dict.fromkeys((a,) for a in naturals))
        for core in cores:
            fewest = None  # only the fewest wild cards that make this core a meld
            for wilds in _wild_sets(wild_kinds, held, 2):
                if fewest is not None and len(wilds) > fewest:
                    break
                cards = tuple(sorted(core)) + wilds
                if len(cards) < 2:
                    continue
                try:
                    judge(rules, (card,) + cards, going_out=True)
                except IllegalPlayError:
                    continue
                fewest = len(wilds)
                found.setdefault(tuple(sorted(map(str, cards))) if exact else meld_key(spot, (card,) + cards), cards)
        return list(found.values())

    top = pile[-1]
    if rules["pile"]["style"] == "whole":
        out = [Action(PICKUP, ())] + [Action(PICKUP, cards) for cards in sets_with(top, False)]
        blockers = [c for c in hand if rules.role(c) == "blocker"]
        if rules.role(top) == "blocker" and rules["blocker_meld"].get("top_of_pile_for_going_out") \
                and len(blockers) >= 2:
            out.append(Action(PICKUP, tuple(blockers[:2])))
        return out
    # albany's fanned pile (A-DRAW): (a) the top alone; (b) the whole pile, its top used at once;
    # (c) a deeper card with all above it, melded with at least two naturals from the hand
    out = [Action(PICKUP, (), None, 1)]
    if any(lays_off(rules, meld, (top,)) for meld in spot.melds):  # (b)
        out.append(Action(PICKUP, ()))
        out.extend(Action(PICKUP, cards) for cards in sets_with(top, False))
    relaxed = rules["pile"].get("take_up_option")  # Deluxe option 3: the set's cards from anything held
    for depth in range(2, len(pile) + 1):
        held = hand + tuple(pile[-depth + 1:]) if relaxed else hand
        out.extend(Action(PICKUP, cards, None, depth) for cards in sets_with(pile[-depth], True, held))
    return out


__all__ = ["arrangement", "card_key", "meld_key", "pickup_options"]
