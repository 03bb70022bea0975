"""Building plays from counts: what the bots propose, before ``play_turn`` judges it.

Nothing here decides legality. A ``Plan`` is a quick sketch of a turn made
from the cards per rank (and, in albany, per suit), with the meld shape
read from the variant's data; the bot then asks ``PlayerView.check`` (that
is, ``tutor.turn.play_turn``) and falls back to a simpler sketch when the
judge says no. Only sets of a suit (albany sequences) ask ``judge`` here,
since counts alone do not say whether a card extends a run.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import JOKER, RANK_ORDER, RANKS, SUITS, Card
from ..errors import IllegalPlayError
from ..melds import judge, sequence_span
from ..play import Action
from ..rules import Rules

MELD, LAYOFF, PICKUP, DISCARD = "meld", "layoff", "pickup", "discard"


class Kit:
    """A variant's meld shape and card roles, cached for fast planning."""

    def __init__(self, rules: Rules):
        self.rules = rules
        m = rules["meld"]
        self.min_naturals = m["min_naturals"]
        self.min_cards = m["min_cards"]
        self.max_wilds = rules.max_wilds()
        self.at_most = bool(m.get("wilds_at_most_naturals"))
        self.natural_ranks = frozenset(rules.natural_ranks)
        self.one_per_rank = bool(m.get("one_per_rank"))
        self.sequences = bool(m.get("sequences"))
        self.span = sequence_span(rules) if self.sequences else (0, -1)
        self.canasta = rules["canasta"]["min_cards"]
        self.combining = bool(m.get("combine_rule"))
        # C-INITIAL: where a meld holding a pile card from below the top counts nothing toward the minimum
        self.pile_cards_void = rules.setting("initial", "meld_holding_pile_cards") == "counts_nothing"
        # role and value by rank, then suit: no card hashing in the hot loops
        self._roles: dict[str, dict[str, str]] = {}
        self._values: dict[str, dict[str, int]] = {}
        for rank in RANKS:
            for suit in SUITS:
                card = Card(rank, suit)
                self._roles.setdefault(rank, {})[suit] = rules.role(card)
                self._values.setdefault(rank, {})[suit] = rules.value(card)
        joker = Card(JOKER)
        self._roles[JOKER] = {"": rules.role(joker)}
        self._values[JOKER] = {"": rules.value(joker)}

    def role(self, card: Card) -> str:
        return self._roles[card.rank][card.suit]

    def value(self, card: Card) -> int:
        return self._values[card.rank][card.suit]

    def natural(self, card: Card) -> bool:
        return self._roles[card.rank][card.suit] == "natural" and card.rank in self.natural_ranks

    def wild(self, card: Card) -> bool:
        return self._roles[card.rank][card.suit] == "wild"

    def group_ok(self, naturals: int, wilds: int) -> bool:
        return (naturals >= self.min_naturals and naturals + wilds >= self.min_cards
                and (self.max_wilds is None or wilds <= self.max_wilds)
                and (not self.at_most or wilds <= naturals))

    def info(self, meld: tuple[Card, ...]) -> "Info":
        naturals = [c for c in meld if self.role(c) == "natural"]
        wilds = sum(1 for c in meld if self.role(c) == "wild")
        ranks = {c.rank for c in naturals}
        if not naturals:
            kind, key = ("stoppers", meld[0].rank) if any(self.role(c) in ("stopper", "blocker") for c in meld) \
                else ("wild", "")
        elif any(self.role(c) in ("stopper", "blocker") for c in meld):
            kind, key = "stoppers", meld[0].rank
        elif len(ranks) == 1:
            kind, key = "group", naturals[0].rank
        else:
            kind, key = "sequence", naturals[0].suit
        return Info(kind, key, len(naturals), wilds, len(meld))

    def fits(self, meld: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
        """Do ``cards`` go onto ``meld`` and leave it the same kind of set? (asks ``judge``)"""
        try:
            old, new = judge(self.rules, meld), judge(self.rules, meld + tuple(cards))
        except IllegalPlayError:
            return False
        return (old.kind, old.key) == (new.kind, new.key)


_KITS: dict[Rules, Kit] = {}


def kit_for(rules: Rules) -> Kit:
    kit = _KITS.get(rules)
    if kit is None:
        if len(_KITS) > 64:
            _KITS.clear()
        kit = _KITS[rules] = Kit(rules)
    return kit


@dataclass(frozen=True)
class Info:
    kind: str
    key: str
    naturals: int
    wilds: int
    size: int


def by_value(kit: Kit, cards, reverse: bool = False) -> list[Card]:
    return sorted(cards, key=lambda c: (kit.value(c), -RANK_ORDER.get(c.rank, 15), c.suit), reverse=reverse)


class Plan:
    """A turn being sketched: the hand left, the side's table, the actions so far.

    ``own`` are the cards that count toward a first-meld minimum (the hand
    before any pickup, and the pile's top card); ``need`` is that minimum
    (0 once the side is down, or where there is none).
    """

    def __init__(self, kit: Kit, hand, table, need: int = 0, own: Counter | None = None,
                 actions: list[Action] | None = None):
        self.kit = kit
        self.hand = Counter(hand)
        self.table = [tuple(m) for m in table]
        self.info = [kit.info(m) for m in self.table]
        self.need = need
        self.own = Counter(hand) if own is None else Counter(own)
        self.points = 0
        self.counted: dict[int, int] = {}  # table index of a meld made in this plan: its points toward the minimum
        self.actions: list[Action] = list(actions or [])

    # -- bookkeeping ------------------------------------------------------------
    @property
    def size(self) -> int:
        return sum(self.hand.values())

    @property
    def canastas(self) -> int:
        return sum(1 for i in self.info if i.size >= self.kit.canasta and i.kind in ("group", "sequence", "wild"))

    @property
    def short(self) -> int:
        """Points still missing from the first-meld minimum."""
        return max(0, self.need - self.points)

    def worth(self, cards) -> int:
        """What these cards would add toward the minimum, as a new meld."""
        own = self.own.copy()
        total = 0
        for c in cards:
            if own[c] > 0:
                own[c] -= 1
                total += self.kit.value(c)
            elif self.kit.pile_cards_void:
                return 0  # a card from below the top of the pile: the whole meld counts nothing
        return total

    def _count(self, cards) -> int:
        worth = self.worth(cards)
        for c in cards:
            if self.own[c] > 0:
                self.own[c] -= 1
        self.points += worth
        return worth

    def meld(self, cards) -> None:
        cards = tuple(cards)
        self.actions.append(Action(MELD, cards))
        self.hand -= Counter(cards)
        self.table.append(cards)
        self.info.append(self.kit.info(cards))
        self.counted[len(self.table) - 1] = self._count(cards)

    def layoff(self, index: int, cards) -> None:
        cards = tuple(cards)
        self.actions.append(Action(LAYOFF, cards, to=index + 1))
        self.hand -= Counter(cards)
        self.table[index] = self.table[index] + cards
        self.info[index] = self.kit.info(self.table[index])
        if index in self.counted and self.kit.pile_cards_void and Counter(cards) - self.own:
            self.points -= self.counted[index]  # a pile card joined a meld of this turn: it counts nothing now
            self.counted[index] = 0
            for c in cards:
                if self.own[c] > 0:
                    self.own[c] -= 1
        else:
            self._count(cards)

    def cards(self) -> list[Card]:
        return sorted(self.hand.elements(), key=lambda c: (-RANK_ORDER.get(c.rank, 15), c.suit))

    def naturals(self) -> dict[str, list[Card]]:
        out: dict[str, list[Card]] = {}
        for c in self.cards():
            if self.kit.natural(c):
                out.setdefault(c.rank, []).append(c)
        return out

    def wilds(self) -> list[Card]:
        """The hand's wild cards, cheapest first."""
        return by_value(self.kit, [c for c in self.hand.elements() if self.kit.wild(c)])

    def group_index(self, rank: str) -> int | None:
        best = None
        for i, info in enumerate(self.info):
            if info.kind == "group" and info.key == rank:
                if best is None or (self.info[best].size >= self.kit.canasta > info.size):
                    best = i
        return best

    def with_discard(self, card: Card | None) -> tuple[Action, ...]:
        acts = list(self.actions)
        if card is not None:
            acts.append(Action(DISCARD, (card,)))
        return tuple(acts)

    def copy(self) -> "Plan":
        p = Plan.__new__(Plan)
        p.kit, p.hand, p.table, p.info = self.kit, self.hand.copy(), list(self.table), list(self.info)
        p.need, p.own, p.points, p.actions = self.need, self.own.copy(), self.points, list(self.actions)
        p.counted = dict(self.counted)
        return p

    # -- sketches ------------------------------------------------------------------
    def go_down(self, keep: int) -> bool:
        """Make a first meld worth the minimum from the hand, if one can be found."""
        kit = self.kit
        if self.short <= 0:
            return True
        picks: list[list] = []
        for rank, nats in sorted(self.naturals().items(), key=lambda kv: -kit.value(kv[1][0])):
            if len(nats) >= 3 and (not kit.one_per_rank or self.group_index(rank) is None):
                picks.append([nats, []])
        wilds = by_value(kit, self.wilds(), reverse=True)

        def total() -> int:
            return self.worth([c for nats, ws in picks for c in nats + ws])

        pairs = [nats for rank, nats in sorted(self.naturals().items(), key=lambda kv: -kit.value(kv[1][0]))
                 if len(nats) == 2 and (not kit.one_per_rank or self.group_index(rank) is None)]
        # wild cards onto melds made this turn (after a pickup) or onto the new picks
        onto: dict[int, list[Card]] = {}
        while total() + self.worth([c for ws in onto.values() for c in ws]) < self.short and wilds:
            room = [p for p in picks if kit.group_ok(len(p[0]), len(p[1]) + 1)]
            table = [i for i, info in enumerate(self.info) if info.kind == "group"
                     and kit.group_ok(info.naturals, info.wilds + len(onto.get(i, [])) + 1)]
            if room:
                room[0][1].append(wilds.pop(0))
            elif table:
                onto.setdefault(table[0], []).append(wilds.pop(0))
            elif pairs and kit.group_ok(2, 1):
                picks.append([pairs.pop(0), [wilds.pop(0)]])
            else:
                break
        if total() + self.worth([c for ws in onto.values() for c in ws]) < self.short:
            return False
        if not picks and not onto:
            return False
        used = sum(len(n) + len(w) for n, w in picks) + sum(len(ws) for ws in onto.values())
        if self.size - used < keep:
            return False
        for i, ws in sorted(onto.items()):
            self.layoff(i, ws)
        for nats, ws in picks:
            self.meld(nats + ws)
        return True

    def extend(self, keep: int, spend_wilds: bool = False) -> None:
        """Lay off and meld what the hand can, keeping ``keep`` cards (a side that is down)."""
        kit = self.kit
        changed = True
        while changed:
            changed = False
            for rank, nats in self.naturals().items():
                i = self.group_index(rank)
                if i is None:
                    continue
                k = min(len(nats), self.size - keep)
                info = self.info[i]
                if k > 0 and kit.group_ok(info.naturals + k, info.wilds):
                    self.layoff(i, nats[:k])
                    changed = True
            for rank, nats in self.naturals().items():
                if len(nats) >= 3 and self.size - len(nats) >= keep and (
                        not kit.one_per_rank or self.group_index(rank) is None):
                    self.meld(nats)
                    changed = True
            if kit.sequences:
                changed |= self._sequences(keep)
        self._complete_canastas(keep)
        wilds = self.wilds()
        if spend_wilds or len(wilds) >= 2:
            for rank, nats in sorted(self.naturals().items(), key=lambda kv: -kit.value(kv[1][0])):
                wilds = self.wilds()
                if not wilds or (not spend_wilds and len(wilds) < 2):
                    break
                if len(nats) == 2 and kit.group_ok(2, 1) and self.size - 3 >= keep and (
                        not kit.one_per_rank or self.group_index(rank) is None):
                    self.meld(nats + [wilds[0]])
        if spend_wilds:
            self._spend_wilds(keep)

    def _sequences(self, keep: int) -> bool:
        kit = self.kit
        low, high = kit.span
        changed = False
        # lay naturals off onto the side's sequences
        for c in [c for c in self.cards() if kit.natural(c)]:
            if self.hand[c] <= 0 or self.size - 1 < keep:
                continue
            for i, info in enumerate(self.info):
                if info.kind == "sequence" and info.key == c.suit and kit.fits(self.table[i], (c,)):
                    self.layoff(i, (c,))
                    changed = True
                    break
        # new runs of three or more in one suit
        by_suit: dict[str, dict[int, Card]] = {}
        for c in self.cards():
            if kit.natural(c) and low <= c.order <= high:
                by_suit.setdefault(c.suit, {}).setdefault(c.order, c)
        for suit, cards in sorted(by_suit.items()):
            orders = sorted(cards)
            run: list[int] = []
            for o in orders + [99]:
                if run and o == run[-1] + 1:
                    run.append(o)
                    continue
                if len(run) >= 3 and self.size - len(run) >= keep:
                    self.meld([cards[x] for x in run])
                    changed = True
                run = [o]
        return changed

    def _complete_canastas(self, keep: int) -> None:
        kit = self.kit
        for i in sorted(range(len(self.info)), key=lambda j: -self.info[j].size):
            info = self.info[i]
            if info.kind not in ("group", "sequence") or info.size >= kit.canasta:
                continue
            wilds = self.wilds()
            need = kit.canasta - info.size
            if need > len(wilds) or self.size - need < keep or not kit.group_ok(info.naturals, info.wilds + need):
                continue
            cards = tuple(wilds[:need])
            if info.kind == "sequence" and not kit.fits(self.table[i], cards):
                continue
            self.layoff(i, cards)

    def _spend_wilds(self, keep: int) -> None:
        kit = self.kit
        for i in range(len(self.info)):
            while True:
                wilds = self.wilds()
                info = self.info[i]
                if not wilds or self.size - 1 < keep or info.kind not in ("group", "sequence"):
                    break
                if not kit.group_ok(info.naturals, info.wilds + 1):
                    break
                if info.kind == "sequence" and not kit.fits(self.table[i], (wilds[0],)):
                    break
                self.layoff(i, (wilds[0],))
        wilds = self.wilds()
        if len(wilds) >= 3 and self.size - len(wilds) >= keep and self.kit.rules["wild_meld"].get("allowed") \
                and len(wilds) >= self.kit.rules["wild_meld"].get("min_cards", 3):
            self.meld(wilds)

    def meld_blockers(self, keep: int, going_out: bool) -> None:
        """Black 3s (when going out) or red stoppers (Deluxe 1), where the variant lets them be melded."""
        rules = self.kit.rules
        for role, section in (("blocker", "blocker_meld"), ("stopper", "stopper_meld")):
            if not rules[section].get("allowed"):
                continue
            if role == "blocker" and rules[section].get("only_going_out") and not going_out:
                continue
            by_rank: dict[str, list[Card]] = {}
            for c in self.cards():
                if self.kit.role(c) == role and (role == "blocker" or c.is_red):
                    by_rank.setdefault(c.rank, []).append(c)
            for rank, cards in by_rank.items():
                top = rules[section].get("max_cards", "none")
                if top not in (None, "none"):
                    cards = cards[:top]
                if len(cards) >= rules[section].get("min_cards", 3) and self.size - len(cards) >= keep:
                    i = next((j for j, info in enumerate(self.info) if info.kind == "stoppers"
                              and info.key == rank and role == "stopper"), None)
                    if i is None:
                        self.meld(cards)
                    else:
                        self.layoff(i, cards)
