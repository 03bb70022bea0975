"""Taking from a fanned pile (albany, A-DRAW): the top card alone, the whole
pile for a top card that is used at once, or any deeper card with all above it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING

from .cards import Card, format_cards
from .errors import IllegalPlayError
from .melds import is_legal, judge, lays_off
from .play import Action

if TYPE_CHECKING:
    from .turn import _Replay

TOP_ALONE, WHOLE_PILE, DEEP = "a", "b", "c"


def can_lay_off(replay: "_Replay", card: Card) -> bool:
    """Can this card by itself be laid off onto one of the side's sets?"""
    return any(lays_off(replay.rules, meld, (card,)) for meld in replay.table)


def pickup_kind(replay: "_Replay", action: Action) -> str:
    """Which of A-DRAW's three ways a ``pickup`` step is (the play notation, docs/answers.md)."""
    pile, depth = replay.pile, action.depth
    layable = can_lay_off(replay, pile[-1])
    if depth is None:
        return WHOLE_PILE if layable else TOP_ALONE
    if depth == 1:
        return TOP_ALONE
    if depth == len(pile) and layable and not _deep_fits(replay, action):
        return WHOLE_PILE
    return DEEP


def _deep_fits(replay: "_Replay", action: Action) -> bool:
    """Do the named cards make a set with the lowest card (with Deluxe option 3, once completed)?"""
    rules, taken = replay.rules, replay.pile[-action.depth:]
    if is_legal(rules, (taken[0],) + action.cards):
        return True
    return bool(rules["pile"].get("take_up_option")) and bool(completions(rules, taken[0], action.cards, taken[1:]))


def _core_ok(rules, lowest: Card, cards) -> bool:
    """Do ``cards`` make the lowest card taken a new set's core (A-DRAW (c))?"""
    need, most = rules["pile"]["deep_needs_naturals"], rules["pile"]["deep_max_wilds"]
    naturals = sum(rules.role(c) == "natural" for c in cards)
    wilds = sum(rules.role(c) == "wild" for c in cards)
    if naturals < need or wilds > most or naturals + wilds < len(cards):
        return False
    try:
        judge(rules, (lowest,) + tuple(cards))
        return True
    except IllegalPlayError:
        return False


def completions(rules, lowest: Card, named, above) -> list[tuple[Card, ...]]:
    """The ways to complete the named cards into the lowest card's core: ``[()]`` when they make it
    alone. With Deluxe option 3 (``take_up_option``) the core may be completed from the cards taken
    above the lowest one, so a pickup named by its hand cards alone is read with the fewest such
    cards that make it legal (each way of the fewest, in a stable order); without it, none."""
    if _core_ok(rules, lowest, named):
        return [()]
    if not rules["pile"].get("take_up_option"):
        return []
    pool = Counter(above) - Counter(named)
    faces = sorted((c for c in pool if rules.role(c) in ("natural", "wild")), key=str)
    # a least core holds no more cards than the pick-up's own minimum and cap, or than any set needs
    m = rules["meld"]
    most = max(rules["pile"]["deep_needs_naturals"] + rules["pile"]["deep_max_wilds"], m["min_cards"] - 1,
               m["min_naturals"])
    spare = most - len(named) if pool else 0
    for size in range(1, max(0, spare) + 1):
        found = [extra for extra in combinations([f for f in faces for _ in range(pool[f])], size)
                 if _core_ok(rules, lowest, tuple(named) + extra)]
        if found:
            return sorted(set(found), key=lambda e: tuple(map(str, e)))
    return []


def check_from_hand(replay: "_Replay", cards) -> None:
    """A-DRAW (b): the top card is laid off or melded with cards from the hand only,
    before the rest of the pile joins the hand."""
    short = Counter(cards) - Counter((replay.top,)) - Counter(replay.spot.hand)
    if short:
        raise replay.fail(replay.rules.cite("pile"), f"{replay.top} goes down with cards from your hand only, before "
                                                     f"the rest of the pile joins it; {format_cards(short.elements())} "
                                                     "came from the pile")


def take_fanned(replay: "_Replay", action: Action) -> None:
    rules, pile = replay.rules, replay.pile
    rule = rules.cite("pile")
    if action.depth is not None and action.depth > len(pile):
        raise replay.fail(rule, f"the pile holds {len(pile)} cards; you cannot take {action.depth}")
    kind = pickup_kind(replay, action)
    top = pile[-1]
    stopper_rule = rules["pile"].get("top_never_rules", {}).get("stopper", rule)
    if kind in (TOP_ALONE, WHOLE_PILE) and rules.role(top) == "stopper":
        raise replay.fail(stopper_rule, f"the {top} on top is a stopper: it is never taken from the top of the pile")
    replay.pickup_kind = kind
    if kind == TOP_ALONE:
        if action.cards:
            raise replay.fail(rule, "taking the top card alone uses no cards from the hand")
        if can_lay_off(replay, top):
            raise replay.fail(rule, f"{top} can be laid off on your sets, so taking it takes the whole pile "
                                    "and it must be used at once")
        replay.picked = (top,)
        replay.pile = pile[:-1]
        replay.hand[top] += 1
        return
    if kind == WHOLE_PILE:
        replay.take_from_hand(action.cards)
        replay.hand.update(action.cards)
        if not action.cards and not can_lay_off(replay, top):
            raise replay.fail(rule, f"{top} cannot be laid off on your sets: take it alone (depth 1)")
        replay.top, replay.pending = top, action.cards
        replay.picked, replay.pile = tuple(pile), []
        replay.hand.update(pile[:-1])
        return
    depth = action.depth
    lowest = pile[-depth]
    if rules.role(lowest) == "stopper":
        raise replay.fail(stopper_rule, f"the lowest card taken, {lowest}, is a stopper: it cannot be melded")
    taken = pile[-depth:]
    relaxed = rules["pile"].get("take_up_option")
    if relaxed:  # Deluxe option 3: the set may be completed from any card now held
        replay.hand.update(taken)
        replay.hand[lowest] -= 1
        replay.take_from_hand(action.cards)
        replay.hand.update(action.cards)
    else:
        replay.take_from_hand(action.cards)
        replay.hand.update(action.cards)
        replay.hand.update(taken)
        replay.hand[lowest] -= 1
    naturals = [c for c in action.cards if rules.role(c) == "natural"]
    wilds = [c for c in action.cards if rules.role(c) == "wild"]
    need, most = rules["pile"]["deep_needs_naturals"], rules["pile"]["deep_max_wilds"]
    fills = completions(rules, lowest, action.cards, taken[1:])
    if not fills:
        if (len(naturals) < need or len(wilds) > most or len(naturals) + len(wilds) < len(action.cards)) \
                or not relaxed:
            if len(naturals) >= need and len(wilds) <= most and len(naturals) + len(wilds) == len(action.cards):
                try:
                    judge(rules, (lowest,) + action.cards)
                except IllegalPlayError as e:
                    raise replay.fail(e.rule, f"the lowest card taken must make a new set: {e.text}") from None
            source = "held" if relaxed else "from the hand"
            raise replay.fail(rule, f"the lowest card taken, {lowest}, must be melded at once with at least {need} "
                                    f"naturals {source} (and at most {most} wilds); "
                                    f"{format_cards(action.cards) or 'none'} given")
        raise replay.fail(rule, f"the lowest card taken, {lowest}, makes no set with {format_cards(action.cards)} "
                                "and the cards taken above it")
    # Deluxe option 3 with the hand's cards alone named: the set takes cards taken above too, any
    # completion the next meld shows (``fills``), the first of them when no meld step follows
    replay.pending_fill = fills if fills != [()] else None
    replay.top, replay.pending = lowest, action.cards
    replay.picked, replay.pile = tuple(taken), pile[:-depth]
    replay.deep_meld = True
