"""From a solution's counts to a concrete play in the contract's ACTIONS notation.

The solution says how many cards of each kind go where; this module picks
the cards. The hand's own copies are melded first (only they count toward a
first meld), the cards a goal names are preferred, and a card from the hand
is kept for the discard when going out concealed after taking the pile.
Order: the pickup, the meld or lay-off holding the pile's top card, the other
melds and lay-offs, the discard.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..errors import CheckerBug
from ..goals import Goal
from ..melds import BLOCKERS, GROUP
from ..play import DISCARD, LAYOFF, MELD, PICKUP, Action
from .encoding import Encoding
from .kinds import BLOCKER, WILD_KIND
from .pile import way_used


class _Pools:
    """The cards still unplaced, per kind: the hand's copies, then the pile's."""

    def __init__(self, enc: Encoding, took: bool, prefer: Counter):
        self.hand = {k.name: list(k.hand) for k in enc.census.kinds}
        self.pile = {k.name: list(k.pile) if took else [] for k in enc.census.kinds}
        self.prefer = prefer

    def take(self, kind: str, n: int, *, hand_only: bool = False, prefer: bool = True) -> list[Card]:
        """``n`` cards of a kind: the preferred (the goal's own) first, or last with ``prefer=False``."""
        sources = [self.hand[kind]] if hand_only else [self.hand[kind], self.pile[kind]]
        out: list[Card] = []
        for source in sources:
            i = 0
            while i < len(source) and len(out) < n:
                if (self.prefer[source[i]] > 0) == prefer:
                    if prefer:
                        self.prefer[source[i]] -= 1
                    out.append(source.pop(i))
                else:
                    i += 1
        for source in sources:
            while len(out) < n and source:
                card = source.pop(0)
                if self.prefer[card] > 0:
                    self.prefer[card] -= 1
                out.append(card)
        if len(out) < n:
            raise CheckerBug(f"the solution places {n} {kind} cards, but only {len(out)} are left")
        return out

    def take_card(self, kind: str, card: Card) -> Card:
        for source in (self.hand[kind], self.pile[kind]):
            if card in source:
                source.remove(card)
                return card
        raise CheckerBug(f"{card} is not left to place")

    def take_face(self, kind: str, faces: Counter) -> Card:
        """A card whose face the hand held: a pile copy of such a face, else the hand's own copy.

        (The pile's copy first, so the hand's own cards still go down and count.)
        """
        for source in (self.pile[kind], self.hand[kind]):
            for card in source:
                if faces[card]:
                    source.remove(card)
                    return card
        raise CheckerBug(f"no {kind} card of a face from the hand is left to discard")


def _named_face(kind, goal: Goal, took: bool, with_goal: bool) -> Card:
    """The hand's wild card to name with the top card.

    When the goal's meld is the top card's, one of the goal's own cards; else
    one whose face the goal can spare (counting the pile's copies of that face).
    """
    want = Counter(goal.include.cards) if goal.include is not None else Counter()
    if with_goal:
        return max(kind.hand, key=lambda c: want[c] > 0)
    copies = Counter(kind.hand) + (Counter(kind.pile) if took else Counter())
    return max(kind.hand, key=lambda c: copies[c] - want[c])


def _place_by_kind(census, val, split: dict, wild_cards: list[Card], pending: list[Card], top_index,
                   cards_on: dict[int, list[Card]], counts: "_Counted") -> None:
    """Wild cards onto targets by kind, as the solution's split says (those named with the top card are there)."""
    named = Counter(census.kind_of(c).name for c in pending if census.rules.role(c) == "wild")
    for i in counts.order(split):
        per = split[i]
        for name, term in per.items():
            n = val(term) - (named[name] if i == top_index else 0)
            cards = counts.pick([c for c in wild_cards if census.kind_of(c).name == name], max(n, 0), i)
            if n < 0 or len(cards) < n:
                raise CheckerBug(f"the solution puts {val(term)} {name} cards on target {i}, with {len(cards)} left")
            for card in cards:
                wild_cards.remove(card)
            cards_on[i] += cards


class _Counted:
    """Which targets count toward a first meld (``initial``), and the hand's faces still free for them.

    A clean target holds only cards whose faces the hand held (a pile copy of such a face
    reads as the hand's own): those go onto it first, the dearest first.
    """

    def __init__(self, enc: Encoding, val):
        clean = enc.facts.get("clean")
        self.clean = {i for i, c in (clean or {}).items() if isinstance(i, int) and val(c)}
        self.active = clean is not None
        self.faces = Counter(enc.census.spot.hand)
        self.rules = enc.rules

    def order(self, indexes) -> list[int]:
        return sorted(indexes, key=lambda i: i not in self.clean)

    def pick(self, cards: list[Card], n: int, index: int) -> list[Card]:
        """``n`` of ``cards`` for target ``index``: for a clean one, the hand's faces first, dearest first."""
        if not self.active or index not in self.clean:
            return cards[:n]
        left, out = list(cards), []
        for _ in range(min(n, len(left))):  # one at a time: two copies of a face may share one hand card
            card = min(left, key=lambda c: (self.faces[c] <= 0, -self.rules.value(c)))
            left.remove(card)
            self.faces[card] -= 1
            out.append(card)
        return out

    def use(self, card: Card, index: int) -> None:
        if self.active and index in self.clean:
            self.faces[card] -= 1


def build(enc: Encoding, val, goal: Goal) -> tuple[Action, ...]:
    census = enc.census
    took = val(enc.took) == 1
    include = enc.facts.get("include")
    pools = _Pools(enc, took, Counter(goal.include.cards) if goal.include is not None else Counter())
    melded = {name: val(term) for name, term in enc.melded.items()}
    goal_index = include.target(val) if include is not None else None  # the meld the goal asks for
    goal_on_top = goal_index is not None and enc.targets[goal_index].top

    # 1. The cards named with the pickup go down with the top card.
    pending: list[Card] = []
    pending_kinds: Counter = Counter()
    top_target = None
    if took:
        top_target = next((t for t in enc.targets if t.top), None)
        if top_target is None:
            raise CheckerBug("the solution takes the pile but puts its top card nowhere")
        fixed = enc.facts.get("fixed")
        if fixed is not None:
            for card in fixed.cards:
                kind = census.kind_of(card)
                pending.append(pools.take_card(kind.name, card))
                pending_kinds[kind.name] += 1
        else:
            way = way_used(enc, enc.facts["pile"], val)
            top_kind = census.top_kind
            wanted: list[tuple[str, int]] = []
            if way == "natural_pair":
                wanted = [(top_kind.name, 2)]
            elif way == "natural_wild":
                named = enc.facts["named_wild"]
                wild = next(k for k in census.of_role(WILD_KIND) if k.name in named and val(named[k.name]) == 1)
                wanted = [(top_kind.name, 1), (wild.name, 1)]
                named_wild = _named_face(wild, goal, took, goal_on_top)
            elif way == "blockers":
                left = 2
                for k in census.of_role(BLOCKER):
                    n = min(left, len(k.hand), melded[k.name])
                    if n:
                        wanted.append((k.name, n))
                        left -= n
            # the goal's own cards go into the pickup only when they go with the top card anyway
            for name, n in wanted:
                if way == "natural_wild" and name == wanted[-1][0]:
                    pending.append(pools.take_card(name, named_wild))
                else:
                    pending += pools.take(name, n, hand_only=True, prefer=goal_index is None or goal_on_top)
                pending_kinds[name] += n

    # 2. Going out concealed after a pickup: the discard is a card the hand held.
    discard_kind = next((name for name, d in enc.discarded.items() if val(d) == 1), None)
    discard = None
    if discard_kind is not None and took and val(enc.concealed):
        discard = pools.take_face(discard_kind, Counter(census.spot.hand))

    # 3. The cards melded, per kind (the hand's copies first).
    placed = {name: pools.take(name, n - pending_kinds[name]) for name, n in melded.items()
              if n - pending_kinds[name] > 0}
    if any(n < pending_kinds[name] for name, n in melded.items()):
        raise CheckerBug("the solution melds fewer cards than the pickup names")
    if discard_kind is not None and discard is None:
        discard = pools.take(discard_kind, 1)[0]

    # 4. Cards onto targets.
    cards_on: dict[int, list[Card]] = {i: [] for i in range(len(enc.targets))}
    wild_left = {i: val(t.wilds) for i, t in enumerate(enc.targets) if t.kind != BLOCKERS}
    top_index = enc.targets.index(top_target) if top_target is not None else None
    if top_index is not None:
        cards_on[top_index] = [census.top] + pending
        for card in pending:
            if enc.rules.role(card) == "wild":
                wild_left[top_index] -= 1
    for i, t in enumerate(enc.targets):
        if t.kind == GROUP:
            kind = census.natural(t.key)
            if kind is not None:
                cards_on[i] += placed.pop(kind.name, [])
    wild_cards = [c for k in census.of_role(WILD_KIND) for c in placed.pop(k.name, [])]
    counts = _Counted(enc, val)
    if top_index is not None:
        for card in pending:
            counts.use(card, top_index)
    split = enc.facts.get("wild_split")  # how many wild cards of each kind go on each target (``ways``)
    if split is not None:
        _place_by_kind(census, val, split, wild_cards, pending, top_index, cards_on, counts)
        wild_left = {}
    on_top = enc.facts.get("on_top") if top_index is not None and split is None else None
    top_quota = Counter({k.key: val(on_top[k.name]) for k in census.of_role(WILD_KIND)}) if on_top else None
    if top_quota is not None:
        top_quota -= Counter(c.rank for c in pending if enc.rules.role(c) == "wild")

    def put(card: Card, index: int) -> None:
        wild_cards.remove(card)
        wild_left[index] -= 1
        cards_on[index].append(card)
        counts.use(card, index)
        if index == top_index and top_quota is not None:
            top_quota[card.rank] -= 1

    # The goal's own wild cards go onto its meld first (by face), then the top card's meld
    # takes the kinds the solution gives it, then every other meld its number of wild cards.
    if goal_index is not None and goal_index in wild_left:
        named = Counter(c for c in goal.include.cards if enc.rules.role(c) == "wild")
        if goal_index == top_index:
            named -= Counter(pending)
        for card in list(wild_cards):
            if named[card] > 0 and wild_left[goal_index] > 0 and (
                    goal_index != top_index or top_quota is None or top_quota[card.rank] > 0):
                named[card] -= 1
                put(card, goal_index)
    if top_quota is not None:
        spare = sorted(wild_cards, key=lambda c: (goal_index is not None and c in goal.include.cards,
                                                  top_index in counts.clean and counts.faces[c] <= 0))
        for card in spare:
            if top_quota[card.rank] > 0:
                put(card, top_index)
    for i in counts.order(wild_left):
        n = wild_left[i]
        if n < 0 or n > len(wild_cards):
            raise CheckerBug(f"the solution puts {n} wild cards on target {i}, with {len(wild_cards)} left")
        chosen = counts.pick(wild_cards, n, i)
        cards_on[i] += chosen
        for card in chosen:
            wild_cards.remove(card)
    blockers = [c for k in census.of_role(BLOCKER) for c in placed.pop(k.name, [])]
    for i, t in enumerate(enc.targets):
        if t.kind == BLOCKERS:
            n = val(t.size) - len(cards_on[i])
            cards_on[i] += blockers[:n]
            del blockers[:n]
    if wild_cards or blockers or any(placed.values()):
        raise CheckerBug(f"cards left unplaced: {wild_cards + blockers + [c for v in placed.values() for c in v]}")

    # 5. The play.
    actions: list[Action] = []
    if took:
        actions.append(Action(PICKUP, tuple(pending)))
    order = ([top_index] if top_index is not None else []) + [i for i in cards_on if i != top_index]
    for i in order:
        cards = tuple(cards_on[i])
        if not cards:
            continue
        t = enc.targets[i]
        if t.existing is not None:
            actions.append(Action(LAYOFF, cards, to=t.existing.index))
        else:
            actions.append(Action(MELD, cards))
    if discard is not None:
        actions.append(Action(DISCARD, (discard,)))
    return tuple(actions)
