"""The plain-Python judge: is this group of cards a legal meld under these rules?

Every witness the z3 checker finds is re-checked here, and the referee asks
the same functions, so a rule about the shape of a meld has one home.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from .cards import RANK_ORDER, Card, format_cards, parse_cards
from .errors import IllegalPlayError
from .rules import Rules

GROUP, SEQUENCE, WILD, BLOCKERS, STOPPERS = "group", "sequence", "wild", "blockers", "stoppers"


@dataclass(frozen=True)
class Meld:
    """A legal meld as judged: its cards and what kind of set they make."""

    cards: tuple[Card, ...]
    kind: str
    key: str  # the rank of a group, the suit of a sequence, "" otherwise
    naturals: int
    wilds: int
    canasta: bool

    @property
    def natural(self) -> bool:
        """A canasta (or meld) with no wild card in it."""
        return self.wilds == 0

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __len__(self) -> int:
        return len(self.cards)


def _fail(rule: str, message: str) -> IllegalPlayError:
    return IllegalPlayError(rule, message)


def _what(cards: tuple[Card, ...]) -> str:
    return format_cards(cards)


def judge(rules: Rules, cards: Iterable[Card] | str, *, going_out: bool = True) -> Meld:
    """The meld these cards make, or ``IllegalPlayError`` naming the rule they break.

    ``going_out`` says whether the turn ends by going out: some melds (classic
    black 3s) are legal only then. The caller decides; the default judges shape only.
    """
    cards = tuple(parse_cards(cards)) if isinstance(cards, str) else tuple(cards)
    roles = [rules.role(c) for c in cards]
    naturals = [c for c, r in zip(cards, roles) if r == "natural"]
    wilds = [c for c, r in zip(cards, roles) if r == "wild"]
    meld_rule = rules.cite("meld")
    if len(cards) == 0:
        raise _fail(meld_rule, "a meld needs cards")
    if "bonus" in roles:
        card = cards[roles.index("bonus")]
        raise _fail(rules.cite("bonus_cards"), f"{card} is a bonus card: it is laid out, never melded")
    if "blocker" in roles:
        return _judge_blockers(rules, cards, roles, going_out)
    if "stopper" in roles:
        return _judge_stoppers(rules, cards, roles)
    if not naturals:
        return _judge_wild_set(rules, cards)
    too_few = rules["meld"]["min_cards"]
    if len(cards) < too_few:
        raise _fail(meld_rule, f"{_what(cards)} has {len(cards)} card{'s' * (len(cards) != 1)}; a meld needs at least {too_few}")
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1 and rules["meld"]["groups"]:
        kind, key = GROUP, naturals[0].rank
        if key not in rules.natural_ranks:
            raise _fail(meld_rule, f"{key}s cannot be melded in {rules.id}")
    elif rules["meld"]["sequences"]:
        kind, key = SEQUENCE, _judge_sequence(rules, cards, naturals, wilds)
    else:
        raise _fail(meld_rule, f"{_what(cards)} mixes ranks {' '.join(sorted(ranks, key=lambda r: RANK_ORDER.get(r, 0), reverse=True))}; "
                               f"a meld is cards of one rank (no sequences in {rules.id})")
    _check_wild_limits(rules, cards, len(naturals), len(wilds))
    return Meld(cards, kind, key, len(naturals), len(wilds), len(cards) >= rules["canasta"]["min_cards"])


def _check_wild_limits(rules: Rules, cards, naturals: int, wilds: int) -> None:
    meld_rule = rules.cite("meld")
    need = rules["meld"]["min_naturals"]
    if naturals < need:
        raise _fail(meld_rule, f"{_what(cards)} has {naturals} natural card{'s' * (naturals != 1)}; a meld needs at least {need}")
    cap = rules.max_wilds()
    if cap is not None and wilds > cap:
        raise _fail(meld_rule, f"{_what(cards)} has {wilds} wild cards; a meld may hold at most {cap}")
    if rules["meld"]["wilds_at_most_naturals"] and wilds > naturals:
        raise _fail(meld_rule, f"{_what(cards)} has {wilds} wild cards and {naturals} naturals; wilds may never outnumber naturals")


def group_shape_text(rules: Rules) -> str:
    """What a meld of one rank is under these rules, in words, for a reason that says why none can go down."""
    m = rules["meld"]
    text = f"a meld is {m['min_cards']} or more cards of one rank with at least {m['min_naturals']} natural cards"
    cap = rules.max_wilds()
    if cap is not None:
        text += f", at most {cap} wild cards"
    if m.get("wilds_at_most_naturals"):
        text += " and never more wild cards than naturals"
    return text


def sequence_span(rules: Rules) -> tuple[int, int]:
    """Lowest and highest rank order a sequence may use (aces high only)."""
    m = rules["meld"]
    return RANK_ORDER[m.get("sequence_low", "4")], RANK_ORDER[m.get("sequence_high", "A")]


def _judge_sequence(rules: Rules, cards, naturals: list[Card], wilds: list[Card]) -> str:
    meld_rule = rules.cite("meld")
    suits = {c.suit for c in naturals}
    if len(suits) > 1:
        raise _fail(meld_rule, f"{_what(cards)} mixes ranks and suits; a sequence is one suit")
    orders = sorted(c.order for c in naturals)
    if len(set(orders)) != len(orders):
        twice = [c for c, n in Counter(naturals).items() if n > 1] or naturals
        raise _fail(meld_rule, f"{_what(cards)} holds {twice[0].rank} twice; a sequence holds each card at most once")
    low, high = sequence_span(rules)
    for c in naturals:
        if not low <= c.order <= high:
            raise _fail(meld_rule, f"{c} cannot stand in a sequence, which runs from "
                                   f"{rules['meld']['sequence_low']} up to {rules['meld']['sequence_high']} (aces high only)")
    span = orders[-1] - orders[0] + 1
    if span > len(cards):
        gaps = span - len(naturals)
        raise _fail(meld_rule, f"{_what(cards)} has {gaps} gap{'s' * (gaps != 1)} to fill and only {len(wilds)} wild card{'s' * (len(wilds) != 1)}")
    if len(cards) > high - low + 1:
        raise _fail(meld_rule, f"{_what(cards)} is {len(cards)} long; a sequence holds at most {high - low + 1} cards")
    return naturals[0].suit


def _judge_wild_set(rules: Rules, cards) -> Meld:
    wm = rules["wild_meld"]
    rule = wm.get("rule", rules.cite("meld"))
    if not wm.get("allowed"):
        raise _fail(rules.cite("meld"), f"{_what(cards)} is all wild cards; a meld needs at least "
                                        f"{rules['meld']['min_naturals']} naturals")
    least = wm.get("min_cards", rules["meld"]["min_cards"])  # a wild set no shorter than any set, unless told
    if len(cards) < least:
        raise _fail(rule, f"{_what(cards)} is {len(cards)} wild cards; an all-wild meld needs at least {least}")
    return Meld(cards, WILD, "", 0, len(cards), len(cards) >= rules["canasta"]["min_cards"])


def _judge_blockers(rules: Rules, cards, roles, going_out: bool) -> Meld:
    bm = rules["blocker_meld"]
    rule = bm.get("rule", rules.cite("meld"))
    if not bm.get("allowed"):
        raise _fail(rule, f"black 3s are never melded in {rules.id}")
    if any(r != "blocker" for r in roles):
        raise _fail(rule, f"{_what(cards)}: black 3s are melded only with each other, without wild cards")
    if bm.get("only_going_out") and not going_out:
        raise _fail(rule, "black 3s are melded only in the turn the player goes out")
    top = bm.get("max_cards", "none")
    if len(cards) < bm["min_cards"] or (top != "none" and len(cards) > top):
        size = f"{bm['min_cards']} or {top}" if top != "none" else f"{bm['min_cards']} or more"
        raise _fail(rule, f"{len(cards)} black 3s cannot be melded; a black-3 meld is {size}")
    return Meld(cards, BLOCKERS, "3", len(cards), 0, len(cards) >= rules["canasta"]["min_cards"])


def _judge_stoppers(rules: Rules, cards, roles) -> Meld:
    sm = rules["stopper_meld"]
    rule = rules.cite("cards", "stopper_rule") if "stopper_rule" in rules["cards"] else rules.cite("meld")
    stopper = cards[roles.index("stopper")]
    if not sm.get("allowed"):
        raise _fail(rule, f"{stopper} is a stopper: stoppers are never melded")
    if any(r != "stopper" for r in roles):
        raise _fail(sm["rule"], f"{_what(cards)}: a meld of stoppers holds no other card, and no wild card")
    if len({c.rank for c in cards}) > 1:
        raise _fail(sm["rule"], f"{_what(cards)} mixes ranks; a stopper meld is all 3s or all 4s")
    if any(("red" if c.is_red else "black") not in sm["colors"] for c in cards):
        raise _fail(sm["rule"], f"{_what(cards)}: only red stoppers may be melded")
    if len(cards) < sm["min_cards"]:
        raise _fail(sm["rule"], f"{_what(cards)}: a stopper meld needs at least {sm['min_cards']} cards")
    return Meld(cards, STOPPERS, cards[0].rank, len(cards), 0, len(cards) >= rules["canasta"]["min_cards"])


def is_legal(rules: Rules, cards, **kw) -> bool:
    try:
        judge(rules, cards, **kw)
        return True
    except IllegalPlayError:
        return False


def lays_off(rules: Rules, meld: Iterable[Card], cards: Iterable[Card]) -> bool:
    """Can ``cards`` be laid off on ``meld``: does the set stay legal and what it was (its kind and key)?"""
    meld = tuple(meld)
    try:
        old, new = judge(rules, meld), judge(rules, meld + tuple(cards))
    except IllegalPlayError:
        return False
    return (old.kind, old.key) == (new.kind, new.key)


def card_points(rules: Rules, cards: Iterable[Card]) -> int:
    """The plain card values of some cards (what counts toward a first meld)."""
    return sum(rules.value(c) for c in cards)
