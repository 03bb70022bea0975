"""Score one side's hand once the hand has ended, item by item, each with its rule.

Every number comes from the variant's data (``tutor/variants/*.toml`` and the
options in play); the mechanisms here only branch on data switches. The
result is a ``HandScore``: a total and the lines that make it up, in the
order a score sheet reads (table, canastas, bonus cards, going out, hand).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Sequence

from .cards import Card, format_cards
from .errors import IllegalPlayError, SolverLimitError, SpotError
from .melds import GROUP, SEQUENCE, STOPPERS, WILD, Meld, judge, sequence_span
from .rules import Rules
from .spot import Spot

__all__ = ["Line", "HandScore", "score_hand", "canasta_bonus", "hand_canastas"]

# Meld kinds that can be canastas and earn a canasta bonus.
_CANASTA_KINDS = (GROUP, SEQUENCE, WILD)
# How many partial arrangements the search for canastas left in a hand may visit
# before it gives up (``SolverLimitError``) rather than guess.
MAX_HAND_STATES = 200_000


@dataclass(frozen=True)
class Line:
    """One item of a hand's score: the rule that grants it, what it is, its points."""

    rule: str
    item: str
    points: int

    def to_dict(self) -> dict:
        return {"rule": self.rule, "item": self.item, "points": self.points}

    def __str__(self) -> str:
        return f"{self.points:+6d}  {self.item}  ({self.rule})"


@dataclass(frozen=True)
class HandScore:
    """A side's score for one hand: the total and the items that add up to it."""

    total: int
    breakdown: tuple[Line, ...]

    @classmethod
    def of(cls, lines: Iterable[Line]) -> "HandScore":
        kept = tuple(line for line in lines if line.points != 0)
        return cls(sum(line.points for line in kept), kept)

    def to_dict(self) -> dict:
        """The contract's JSON: ``{"total": N, "breakdown": [{"rule", "item", "points"}, ...]}``."""
        return {"total": self.total, "breakdown": [line.to_dict() for line in self.breakdown]}

    def points_for(self, rule: str) -> int:
        """The points the items citing ``rule`` add up to."""
        return sum(line.points for line in self.breakdown if line.rule == rule)

    def __str__(self) -> str:
        lines = [str(line) for line in self.breakdown] or ["     0  nothing scored"]
        lines.append(f"{self.total:+6d}  total")
        return "\n".join(lines)


# -- small readers of the rules data --------------------------------------------

def _cards_text(cards: Iterable[Card]) -> str:
    return format_cards(cards)


def _face(rules: Rules, cards: Iterable[Card]) -> int:
    return sum(rules.value(c) for c in cards)


def _cite(rules: Rules, section: str, key: str = "rule") -> str:
    table = rules[section]
    return table.get(key) or table.get("rule") or rules.cite("scoring")


def _granted_by(rules: Rules, section: str, key: str) -> tuple[str, str]:
    """The rule (and a short name) of the option that switched ``section.key`` on.

    A key set by a list option (albany's Deluxe numbers) cites that option's rule;
    a key the variant holds itself cites the section's rule.
    """
    for name, spec in rules.variant.options.items():
        chosen = rules.options.get(name)
        if not spec.get("list") or not isinstance(chosen, list):
            continue
        table = rules.variant.data.get(name, {})
        for number in chosen:
            entry = table.get(str(number), {})
            if key in entry.get("on", {}).get(section, {}):
                label = f"option {number}" + (f", {entry['name']}" if entry.get("name") else "")
                return spec.get("rule") or _cite(rules, section), label
    return _cite(rules, section), ""


def _judged(rules: Rules, cards: Sequence[Card]) -> Meld:
    return judge(rules, tuple(cards), going_out=True)


def _deck_penalty(rules: Rules) -> int:
    c = rules["canasta"]
    per_deck = c.get("extra_deck_penalty", 0)
    if not per_deck:
        return 0
    return per_deck * max(0, rules.layout.decks - c.get("base_decks", rules.layout.decks))


def _all_twos(meld: Meld) -> bool:
    return all(c.rank == "2" for c in meld.cards)


def _pure_wild(meld: Meld) -> bool:
    """A wild-card set of one kind of wild card only (all 2s, or all jokers)."""
    return meld.kind == WILD and len({c.rank for c in meld.cards}) == 1


def canasta_bonus(rules: Rules, meld: Meld) -> Line | None:
    """The bonus a canasta earns on top of its cards, or ``None`` for a meld that is not one."""
    if not meld.canasta or meld.kind not in _CANASTA_KINDS:
        return None
    c = rules["canasta"]
    if meld.kind == WILD:
        bonus = c.get("wild_bonus", 0)
        rule = c.get("wild_bonus_rule") or c["rule"]
        item = "wild canasta"
        if c.get("all_twos_double") and _all_twos(meld):
            bonus *= 2
            item = "wild canasta of only 2s (bonus doubled)"
        return Line(rule, item, bonus) if bonus else None
    if meld.natural:
        table = c.get("natural_by_length")
        if table:
            bonus = 0
            for length, points in sorted(table):
                if len(meld) >= length:
                    bonus = points
        else:
            bonus = c.get("natural_bonus", 0)
        item = "natural canasta"
    else:
        bonus = c.get("mixed_bonus", 0)
        item = "mixed canasta"
    bonus = max(0, bonus - _deck_penalty(rules))
    return Line(c["rule"], item, bonus) if bonus else None


def _meld_extras(rules: Rules, meld: Meld) -> list[Line]:
    """What a meld on the table earns beyond its cards' face values (not canasta bonuses)."""
    lines = []
    face = _face(rules, meld.cards)
    if meld.kind == WILD and rules["canasta"].get("pure_wild_cards_double") and _pure_wild(meld):
        which = "2s" if _all_twos(meld) else "jokers"
        lines.append(Line(_cite(rules, "canasta"), f"wild-card set of only {which}: cards count double "
                                                  f"({_cards_text(meld.cards)})", face))
    per_card = rules["scoring"].get("same_suit_group_card")
    if (per_card and meld.kind == GROUP and meld.wilds == 0
            and len({c.suit for c in meld.cards}) == 1):
        rule, label = _granted_by(rules, "scoring", "same_suit_group_card")
        why = f" ({label})" if label else ""
        lines.append(Line(rule, f"same-suit group at {per_card} a card{why}: {_cards_text(meld.cards)}",
                          per_card * len(meld) - face))
    if (meld.kind == STOPPERS and rules["stopper_meld"].get("same_suit_double")
            and len({c.suit for c in meld.cards}) == 1):
        lines.append(Line(_cite(rules, "stopper_meld"),
                          f"stopper meld all of one suit counts double: {_cards_text(meld.cards)}", face))
    return lines


# -- end-of-hand lay-off (canasty, Y-END) ---------------------------------------

def _lay_off_at_end(rules: Rules, melds: list[list[Card]], hand: list[Card]) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Lay off what the hand can match onto the side's melds.

    Naturals go onto a meld they fit (every one that fits is laid off); then as
    many wild cards as the melds can take, spread over them so that the canasta
    bonuses come out highest. Returns the new melds, the cards laid off, the rest.
    """
    melds = [list(m) for m in melds]
    kept: list[Card] = []
    laid: list[Card] = []
    wilds = [c for c in hand if rules.is_wild(c)]
    for card in hand:
        if rules.is_wild(card):
            continue
        if rules.is_natural(card):
            for m in melds:
                if _fits(rules, m + [card]):
                    m.append(card)
                    laid.append(card)
                    break
            else:
                kept.append(card)
        else:
            kept.append(card)
    if not wilds or not melds:
        return melds, laid, kept + wilds
    # Wild cards of the same kind are interchangeable; the bonus a meld earns
    # depends only on how many wilds it receives, so spread counts with a small
    # table: best[i][n] = best bonus change using n wilds on the first i melds.
    wilds.sort(key=lambda c: -rules.value(c))
    n_wilds = len(wilds)

    def gain(m: list[Card], k: int) -> int | None:
        if k == 0:
            return 0
        cards = m + wilds[:k]
        if not _fits(rules, cards):
            return None
        before = canasta_bonus(rules, _judged(rules, m))
        after = canasta_bonus(rules, _judged(rules, cards))
        return (after.points if after else 0) - (before.points if before else 0)

    NEG = None
    best: list[list[tuple[int, tuple[int, ...]] | None]] = [[NEG] * (n_wilds + 1) for _ in range(len(melds) + 1)]
    best[0][0] = (0, ())
    for i, m in enumerate(melds):
        gains = [gain(m, k) for k in range(n_wilds + 1)]
        for used in range(n_wilds + 1):
            prev = best[i][used]
            if prev is None:
                continue
            for k in range(n_wilds + 1 - used):
                g = gains[k]
                if g is None:
                    continue
                cand = (prev[0] + g, prev[1] + (k,))
                slot = best[i + 1][used + k]
                if slot is None or cand[0] > slot[0]:
                    best[i + 1][used + k] = cand
    # Every wild that can be matched is laid off: the most wilds, then the best spread.
    for total in range(n_wilds, -1, -1):
        if best[len(melds)][total] is not None:
            counts = best[len(melds)][total][1]
            break
    position = 0
    for m, k in zip(melds, counts):
        m.extend(wilds[position:position + k])
        laid.extend(wilds[position:position + k])
        position += k
    return melds, laid, kept + wilds[position:]


def _fits(rules: Rules, cards: Sequence[Card]) -> bool:
    try:
        _judged(rules, cards)
        return True
    except IllegalPlayError:
        return False


# -- canastas still in a hand (albany, A-SCORE) -----------------------------------

@dataclass(frozen=True)
class _HandSet:
    meld: Meld
    value: int  # what it counts at: cards (doubled where pure wild) plus its bonus


def _set_value(rules: Rules, meld: Meld) -> int:
    face = _face(rules, meld.cards)
    if meld.kind == WILD and rules["canasta"].get("pure_wild_cards_double") and _pure_wild(meld):
        face *= 2
    bonus = canasta_bonus(rules, meld)
    return face + (bonus.points if bonus else 0)


def hand_canastas(rules: Rules, hand: Iterable[Card]) -> tuple[tuple[Meld, int], ...]:
    """The canastas a hand could form, arranged to count the most: ``(meld, value)`` pairs.

    Non-overlapping legal sets of canasta length (groups, sequences where the
    variant has them, wild-card sets) are searched exhaustively; a set's value
    is its cards (doubling included) plus its bonus. Stoppers and other
    cards that are never melded this way take no part.
    """
    cards = tuple(c for c in hand if rules.role(c) in ("natural", "wild"))
    found = _best_arrangement(rules, cards)
    return tuple((s.meld, s.value) for s in found)


def _best_arrangement(rules: Rules, cards: tuple[Card, ...]) -> tuple[_HandSet, ...]:
    size = rules["canasta"]["min_cards"]
    if len(cards) < size:
        return ()

    wild = {c: rules.is_wild(c) for c in cards}
    sort_key = {c: (wild[c], c.rank, c.suit) for c in cards}
    order = sort_key.__getitem__
    cap = rules.max_wilds()
    low, high = sequence_span(rules) if rules["meld"].get("sequences") else (0, -1)
    wild_sets = bool(rules["wild_meld"].get("allowed"))
    groups = bool(rules["meld"].get("groups"))

    def live(left: Counter) -> Counter:
        """``left`` without the naturals that can be in no canasta (none at all: empty)."""
        n_wild = sum(n for c, n in left.items() if wild[c])
        spare = n_wild if cap is None else min(cap, n_wild)
        ranks: Counter = Counter()
        suits: dict[str, set[int]] = {}
        for c, n in left.items():
            if not wild[c]:
                ranks[c.rank] += n
                if low <= c.order <= high:
                    suits.setdefault(c.suit, set()).add(c.order)

        covered: dict[str, set[int]] = {}  # per suit: ranks inside a window that could be filled
        for suit, orders in suits.items():
            cover = covered.setdefault(suit, set())
            if len(orders) + spare < size:
                continue
            for a in range(low, high - size + 2):
                window = range(a, a + size)
                if sum(1 for o in window if o in orders) + spare >= size:
                    cover.update(window)

        keep = Counter({c: n for c, n in left.items() if not wild[c] and (
            (groups and ranks[c.rank] + spare >= size) or c.order in covered.get(c.suit, ()))})
        if not keep and not (wild_sets and n_wild >= size):
            return Counter()
        keep.update({c: n for c, n in left.items() if wild[c]})
        return keep

    states = [0]

    @lru_cache(maxsize=None)
    def best(key: tuple[tuple[Card, int], ...]) -> tuple[int, tuple[_HandSet, ...]]:
        states[0] += 1
        if states[0] > MAX_HAND_STATES:
            raise SolverLimitError(
                f"gave up arranging the canastas of a {len(cards)}-card hand after "
                f"{MAX_HAND_STATES} positions ({_cite(rules, 'scoring')}); no score is given")
        left = Counter(dict(key))
        if sum(left.values()) < size:
            return 0, ()
        first = min(left, key=order)
        # Either the first card is in no canasta ...
        rest = left.copy()
        rest[first] -= 1
        top = solve(rest)
        # ... or it is in one of the sets that can be made with it.
        for chosen in _sets_with(rules, first, left, size):
            try:
                meld = _judged(rules, chosen)
            except IllegalPlayError:
                continue
            if not meld.canasta:
                continue
            value = _set_value(rules, meld)
            extra = value - _face(rules, chosen)
            rest = left.copy()
            rest.subtract(chosen)
            sub = solve(rest)
            if extra + sub[0] > top[0]:
                top = (extra + sub[0], (_HandSet(meld, value),) + sub[1])
        return top

    def _key(counter: Counter) -> tuple[tuple[Card, int], ...]:
        return tuple(sorted(((c, n) for c, n in counter.items() if n > 0), key=lambda cn: sort_key[cn[0]]))

    def solve(left: Counter) -> tuple[int, tuple[_HandSet, ...]]:
        return best(_key(live(left)))

    return solve(Counter(cards))[1]


def _wild_choices(wilds: Counter, count: int) -> list[list[Card]]:
    """Every way to pick ``count`` wild cards from ``wilds``, by rank.

    Wild cards of one rank differ only by suit, which never changes a score, so
    each rank's cards are taken in a fixed order (suit order) and a choice is
    only how many of each rank.
    """
    by_rank: dict[str, list[Card]] = {}
    for card in sorted(wilds, key=lambda c: (c.rank, c.suit)):
        by_rank.setdefault(card.rank, []).extend([card] * wilds[card])
    ranks = sorted(by_rank)
    out: list[list[Card]] = []

    def pick(i: int, need: int, acc: list[Card]) -> None:
        if need == 0:
            out.append(list(acc))
            return
        if i == len(ranks):
            return
        pool = by_rank[ranks[i]]
        for n in range(min(need, len(pool)), -1, -1):
            pick(i + 1, need - n, acc + pool[:n])

    pick(0, count, [])
    return out


def _useful_lengths(rules: Rules, size: int) -> tuple[int, ...]:
    """Lengths worth trying for a natural set: where its bonus goes up.

    A set's worth beyond its cards depends only on its length and kind, and a
    longer group or sequence can always shed cards (naturals of a group, end
    cards of a sequence) and stay legal; so a natural set longer than needed
    for its bonus step, or a mixed set longer than a canasta, only holds back
    cards that might make another set.
    """
    table = rules["canasta"].get("natural_by_length")
    steps = sorted(length for length, _ in table) if table else []
    return tuple(sorted({size, *(n for n in steps if n >= size)}))


def _sets_with(rules: Rules, first: Card, left: Counter, size: int) -> list[list[Card]]:
    """Candidate canastas from ``left`` that contain ``first`` (see ``_useful_lengths``)."""
    wilds = Counter({c: n for c, n in left.items() if rules.is_wild(c) and n > 0})
    n_wild = sum(wilds.values())
    cap = rules.max_wilds()
    cap = n_wild if cap is None else min(cap, n_wild)
    need_nat = rules["meld"]["min_naturals"]
    natural_lengths = _useful_lengths(rules, size)
    out: list[list[Card]] = []
    if rules.is_wild(first):
        # Only wild cards are left (naturals sort first): wild-card sets. One of a
        # single kind of wild counts more the longer it is; a mixed one does not.
        if not rules["wild_meld"].get("allowed"):
            return out
        for total in range(max(size, rules["wild_meld"].get("min_cards", size)), n_wild + 1):
            for pick in _wild_choices(wilds, total):
                if first in pick and (total == size or len({c.rank for c in pick}) == 1):
                    out.append(pick)
        return out
    # (naturals, wilds) shapes: natural sets at their bonus steps, mixed ones at canasta length.
    shapes = [(n, 0) for n in natural_lengths] + [(size - w, w) for w in range(1, cap + 1)]
    if rules["meld"].get("groups"):
        same = [c for c in left if c.rank == first.rank and rules.is_natural(c) and left[c] > 0]
        have = sum(left[c] for c in same)
        for n, w in shapes:
            if n < need_nat or n > have:
                continue
            for counts in _splits(n, [left[c] for c in same], [c == first for c in same]):
                naturals = [c for c, k in zip(same, counts) for _ in range(k)]
                for pick in _wild_choices(wilds, w):
                    out.append(naturals + pick)
    if rules["meld"].get("sequences"):
        low, high = sequence_span(rules)
        if low <= first.order <= high:
            suited = {c.order: c for c in left
                      if c.suit == first.suit and rules.is_natural(c) and low <= c.order <= high and left[c] > 0}
            seen: set[tuple[frozenset, int]] = set()
            for n, w in shapes:
                length = n + w
                for a in range(max(low, first.order - length + 1), min(first.order, high - length + 1) + 1):
                    window = range(a, a + length)
                    inside = [o for o in window if o in suited]
                    gaps = length - len(inside)
                    if gaps > w:
                        continue
                    optional = [o for o in inside if o != first.order]
                    for dropped in combinations(optional, w - gaps):
                        used = frozenset(o for o in inside if o not in dropped)
                        if len(used) < need_nat or (used, w) in seen:
                            continue
                        seen.add((used, w))
                        naturals = [suited[o] for o in sorted(used)]
                        for pick in _wild_choices(wilds, w):
                            out.append(naturals + pick)
    return out


def _splits(total: int, limits: list[int], must: list[bool]) -> Iterable[tuple[int, ...]]:
    """Ways to take ``total`` cards from piles of ``limits`` (at least one where ``must``)."""
    if not limits:
        if total == 0:
            yield ()
        return
    rest_cap = sum(limits[1:])
    for k in range(1 if must[0] else 0, min(total, limits[0]) + 1):
        if total - k > rest_cap:
            continue
        for tail in _splits(total - k, limits[1:], must[1:]):
            yield (k,) + tail


# -- the score ---------------------------------------------------------------------

def _check_spot(rules: Rules, spot: Spot, went_out: bool, judged: list[Meld]) -> None:
    if not went_out:
        return
    if not spot.melds:
        raise SpotError("a side that went out has melds on the table; this one has none "
                        f"({_cite(rules, 'go_out')})")
    need = rules.canastas_to_go_out
    have = sum(1 for m in judged if m.canasta and m.kind in _CANASTA_KINDS)
    if have < need:
        raise SpotError(f"going out needs {need} canasta{'s' * (need != 1)}; the side has {have} "
                        f"({_cite(rules, 'go_out')})")
    most = rules["go_out"].get("max_unmatched", 0)
    if not rules.layout.partnerships and len(spot.hand) > most:
        raise SpotError(f"a player who went out keeps at most {most} card{'s' * (most != 1)}; "
                        f"the hand holds {len(spot.hand)} ({_cite(rules, 'go_out')})")


def score_hand(spot: Spot, *, went_out: bool = False, concealed: bool = False) -> HandScore:
    """The acting side's score for a hand that has just ended.

    ``spot.melds`` are the side's melds, ``spot.hand`` every card its players
    still hold, ``spot.red_threes`` its bonus cards. ``went_out`` if the side
    went out; ``concealed`` if it went out concealed (where the variant has no
    concealed bonus this scores as plain going out).
    """
    rules = spot.rules
    went_out = went_out or concealed
    scoring = rules["scoring"]
    judged = [_judged(rules, m) for m in spot.melds]
    _check_spot(rules, spot, went_out, judged)
    down = bool(spot.melds)
    lines: list[Line] = []

    # Cards in hand, after any lay-off at the end of the hand.
    hand = list(spot.hand)
    laid: list[Card] = []
    final_melds = [list(m) for m in spot.melds]
    if scoring.get("end_layoff") and down and not went_out:
        final_melds, laid, hand = _lay_off_at_end(rules, final_melds, hand)
        judged = [_judged(rules, m) for m in final_melds]

    # Cards on the table.
    table_cards = [c for m in spot.melds for c in m]
    lines.append(Line(_cite(rules, "cards"), "melded cards", _face(rules, table_cards)))
    if laid:
        lines.append(Line(_cite(rules, "scoring"), f"cards laid off at the end: {_cards_text(laid)}",
                          _face(rules, laid)))
    for meld in judged:
        lines.extend(_meld_extras(rules, meld))

    # Canasta bonuses, one line per canasta.
    for meld in judged:
        bonus = canasta_bonus(rules, meld)
        if bonus is not None:
            lines.append(bonus)

    # Bonus cards laid out (red 3s; jokers where they are bonus cards).
    lines.extend(_bonus_card_lines(rules, spot.red_threes, down))

    # Going out.
    if went_out:
        go = rules["go_out"]
        if concealed and go.get("concealed") and go.get("concealed_bonus"):
            lines.append(Line(go.get("concealed_rule") or go["rule"], "going out concealed", go["concealed_bonus"]))
        else:
            lines.append(Line(go["rule"], "going out", go.get("bonus", 0)))

    # Cards still in hand count minus.
    lines.extend(_hand_lines(rules, hand, went_out))
    return HandScore.of(lines)


def _bonus_card_lines(rules: Rules, cards: Sequence[Card], down: bool) -> list[Line]:
    if not cards:
        return []
    bc = rules["bonus_cards"]
    scoring = rules["scoring"]
    rule = bc.get("value_rule") or bc.get("rule") or _cite(rules, "cards")
    points = _face(rules, cards)
    item = f"bonus cards: {_cards_text(cards)}"
    in_pack = sum(n for c, n in rules.pack.items() if rules.role(c) == "bonus")
    most_decks = bc.get("all_bonus_max_decks")
    if (bc.get("all_bonus") and len(cards) == in_pack
            and (not most_decks or rules.layout.decks <= most_decks)):
        points = bc["all_bonus"]
        item = f"all {len(cards)} bonus cards: {_cards_text(cards)}"
    if not down and (bc.get("minus_if_not_down") or scoring.get("not_down_all_minus")):
        if scoring.get("not_down_all_minus"):
            rule = _cite(rules, "scoring")
        return [Line(rule, f"{item} (side not down: minus)", -points)]
    return [Line(rule, item, points)]


def _hand_lines(rules: Rules, hand: Sequence[Card], went_out: bool) -> list[Line]:
    if not hand:
        return []
    scoring = rules["scoring"]
    lines: list[Line] = []
    plain = [c for c in hand if rules.role(c) in ("natural", "wild")]
    blockers = [c for c in hand if rules.role(c) == "blocker"]
    stoppers = [c for c in hand if rules.role(c) == "stopper"]
    others = [c for c in hand if rules.role(c) not in ("natural", "wild", "blocker", "stopper")]
    hand_rule = _cite(rules, "scoring")
    if scoring.get("canastas_in_hand_minus"):
        in_sets: Counter = Counter()
        for meld, value in hand_canastas(rules, plain):
            kind = "wild" if meld.kind == WILD else ("natural" if meld.natural else "mixed")
            lines.append(Line(hand_rule, f"{kind} canasta still in hand: {_cards_text(meld.cards)}", -value))
            in_sets.update(meld.cards)
        leftover = []
        for c in plain:
            if in_sets[c] > 0:
                in_sets[c] -= 1
            else:
                leftover.append(c)
        plain = leftover
    loose = plain + others
    if loose:
        if went_out and rules["go_out"].get("max_unmatched"):
            lines.append(Line(_cite(rules, "go_out"), f"unmatched cards of the player who went out: "
                                                      f"{_cards_text(loose)}", -_face(rules, loose)))
        else:
            lines.append(Line(hand_rule, f"cards in hand: {_cards_text(loose)}", -_face(rules, loose)))
    if blockers:
        each = scoring.get("blocker_in_hand")
        points = each * len(blockers) if each is not None else -_face(rules, blockers)
        lines.append(Line(_cite(rules, "scoring", "blocker_in_hand_rule"),
                          f"black 3s in hand: {_cards_text(blockers)}", points))
    if stoppers:
        lines.append(Line(hand_rule, f"stoppers in hand: {_cards_text(stoppers)}", -_face(rules, stoppers)))
    return lines
