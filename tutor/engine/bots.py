"""Bots: a sound greedy player and a random legal player, for every variant.

A bot sees only its seat's ``PlayerView`` and answers with a move. Plays are
sketched from counts (``tutor.engine.plan``) and each sketch is checked with
``view.check`` (``tutor.turn.play_turn`` on the seat's spot) before it is
proposed, best sketch first, so a bot proposes only plays the judge accepts.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterable, Protocol

from ..cards import Card
from ..errors import IllegalPlayError, TutorError
from ..melds import judge
from ..play import Action
from ..turn import Turn
from .moves import (Accept, Answer, AskPartner, Bid, Combine, Draw, Exchange, Move, NextHand, OddMan, Offer,
                    Play)
from .plan import DISCARD, PICKUP, Kit, Plan, by_value, kit_for
from .state import ASKING, BEFORE_DRAW, BIDDING, CHOOSING, DRAWN, HAND_OVER, ODD_MAN, card_key
from .view import PlayerView


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move: ...


# -- checking sketches -----------------------------------------------------------------
def legal_plays(view: PlayerView, plays: Iterable[tuple[Action, ...]], phase: str,
                allow_out: bool = True):
    """Each distinct play the judge accepts from this seat's spot, with its ``Turn``, in order."""
    seen = set()
    for actions in plays:
        if actions in seen:
            continue
        seen.add(actions)
        try:
            turn = view.check(actions, phase)
        except TutorError:
            continue
        if turn.went_out and not allow_out:
            continue
        yield actions, turn


def first_legal(view: PlayerView, plays: Iterable[tuple[Action, ...]], phase: str,
                allow_out: bool = True) -> tuple[tuple[Action, ...], Turn] | None:
    """The first play the judge accepts from this seat's spot (and its ``Turn``)."""
    return next(legal_plays(view, plays, phase, allow_out), None)


def _may_go_out(view: PlayerView) -> bool:
    return view.permission is not False


def _opponents(view: PlayerView) -> list[int]:
    """Opposing sides, the next to play first."""
    out = []
    for k in range(1, view.players):
        side = view.seating[view.next_seat(k)]
        if side != view.side and side not in out:
            out.append(side)
    return out


# -- discards -----------------------------------------------------------------------------
def discard_order(view: PlayerView, kit: Kit, cards: list[Card], table=None) -> list[Card]:
    """Cards of ``cards`` from the safest discard to the worst.

    Black 3s and stoppers first (they block the pile), never a wild card if
    anything else will do, not a card the next players' melds can use, not
    one of a pair the hand is building.
    """
    table = view.melds if table is None else table
    opponents = _opponents(view)
    feed: dict[str, int] = {}
    runs: list[tuple[str, int, int]] = []
    for rank_weight, side in zip((60, 30, 20, 15, 10), opponents):
        for m in view.tables[side]:
            info = kit.info(m)
            if info.kind == "group":
                feed[info.key] = max(feed.get(info.key, 0), rank_weight)
            elif info.kind == "sequence":
                orders = [c.order for c in m if kit.natural(c)]
                runs.append((info.key, min(orders), max(orders)))
    mine = {info.key for info in map(kit.info, table) if info.kind == "group"}
    counts = Counter(c.rank for c in cards if kit.natural(c))
    suits = Counter((c.suit, c.order) for c in cards if kit.natural(c))

    def cost(c: Card) -> tuple:
        role = kit.role(c)
        if role in ("blocker", "stopper"):
            score = -100
        elif role == "wild":
            score = 200 + kit.value(c)
        else:
            score = feed.get(c.rank, 0)
            if any(s == c.suit and lo - 2 <= c.order <= hi + 2 for s, lo, hi in runs):
                score += 25
            score += 25 * (counts[c.rank] - 1)
            if kit.sequences and (suits[(c.suit, c.order - 1)] or suits[(c.suit, c.order + 1)]):
                score += 15
            if c.rank in mine:
                score += 40
            score += kit.value(c) // 10
        return (score, card_key(c))

    return sorted(cards, key=cost)


# -- pickups ----------------------------------------------------------------------------------
def _whole_pile_pickups(view: PlayerView, kit: Kit) -> list[tuple[int, Plan]]:
    """Ways to take a squared pile (classic, house, canasty): a value and the sketch so far."""
    spot = view.spot_as(BEFORE_DRAW)
    pile, hand, rules = spot.discard, spot.hand, kit.rules
    if not pile:
        return []
    top = pile[-1]
    if not kit.natural(top):
        return []
    pr = rules["pile"]
    if pr.get("single_card_rule") and len(hand) == 1 and len(pile) == 1:
        return []
    frozen = any(kit.role(c) in pr.get("frozen_by", []) for c in pile) or (
        pr.get("frozen_unmelded") and not spot.melds)
    buried = pr.get("buried_blocker_needs") and any(kit.role(c) == "blocker" for c in pile[:-1])
    ways = pr["frozen_take_with"] if frozen else (pr["buried_blocker_needs"] if buried else pr["take_with"])
    nats = [c for c in hand if kit.natural(c) and c.rank == top.rank]
    wilds = by_value(kit, [c for c in hand if kit.wild(c)])
    own = Counter(hand)
    own[top] += 1
    base = Plan(kit, list(hand) + [c for c in pile if kit.role(c) != "bonus"], spot.melds, spot.initial_need, own)
    gi = base.group_index(top.rank) if kit.one_per_rank else None
    blockers = sum(1 for c in pile if kit.role(c) == "blocker")
    worth = len(pile) - (3 * blockers if rules["scoring"].get("blocker_in_hand", 0) < -20 else blockers)
    out = []

    def make(named, extra) -> None:
        p = base.copy()
        p.actions.append(Action(PICKUP, tuple(named)))
        cards = (top,) + tuple(extra)
        if gi is not None:
            p.layoff(gi, cards)
        else:
            p.meld(cards)
        out.append((worth, p))

    if "natural_pair" in ways and len(nats) >= 2:
        make(nats[:2], nats)
    if "natural_wild" in ways and nats and wilds:
        make((nats[0], wilds[0]), (nats[0], wilds[0]))
    if "layoff" in ways and gi is not None:
        make((), nats)
    return out


def _pair_for(kit: Kit, hand: tuple[Card, ...], low: Card) -> tuple[Card, ...] | None:
    """Two naturals from the hand that make a set with ``low`` (a group or a run of one suit)."""
    same = [c for c in hand if kit.natural(c) and c.rank == low.rank]
    if len(same) >= 2:
        return tuple(same[:2])
    if kit.sequences:
        suited = {c.order: c for c in hand if kit.natural(c) and c.suit == low.suit}
        o = low.order
        for a, b in ((o + 1, o + 2), (o - 1, o + 1), (o - 2, o - 1)):
            if a in suited and b in suited:
                cards = (suited[a], suited[b])
                try:
                    judge(kit.rules, (low,) + cards)
                    return cards
                except IllegalPlayError:
                    continue
    return None


def _fanned_pickups(view: PlayerView, kit: Kit) -> list[tuple[int, Plan]]:
    """Albany's three ways to take from the fanned pile (A-DRAW), with a value each."""
    spot = view.spot_as(BEFORE_DRAW)
    pile, hand, table = spot.discard, spot.hand, spot.melds
    if not pile:
        return []
    top = pile[-1]
    out = []
    stopper = lambda c: kit.role(c) == "stopper"  # noqa: E731
    if not stopper(top):
        layable = [i for i, m in enumerate(table) if kit.fits(m, (top,))]
        if layable:
            p = Plan(kit, list(hand) + list(pile), table)
            p.actions.append(Action(PICKUP, ()))
            p.layoff(layable[0], (top,))
            out.append((len(pile) - 4 * sum(map(stopper, pile)), p))
        else:
            p = Plan(kit, list(hand) + [top], table)
            p.actions.append(Action(PICKUP, (), depth=1))
            useful = kit.wild(top) or sum(1 for c in hand if c.rank == top.rank and kit.natural(c)) >= 2
            out.append((4 if useful else 0, p))
    for depth in range(len(pile), 1, -1):
        low = pile[-depth]
        if not kit.natural(low):
            continue
        pair = _pair_for(kit, hand, low)
        if pair is None:
            continue
        p = Plan(kit, list(hand) + list(pile[-depth:]), table)
        p.actions.append(Action(PICKUP, pair, depth=depth))
        p.meld((low,) + pair)
        out.append((depth - 4 * sum(map(stopper, pile[-depth:])), p))
    return out


def pickups(view: PlayerView, kit: Kit) -> list[tuple[int, Plan]]:
    if kit.rules["pile"].get("style") == "fanned":
        return _fanned_pickups(view, kit)
    return _whole_pile_pickups(view, kit)


# -- the rest of a turn --------------------------------------------------------------------------
def _keep(kit: Kit) -> int:
    """Cards to hold before the discard when not going out (one more than the discard)."""
    return 1 if kit.rules["go_out"].get("final_discard") == "required" else 2


def finishes(view: PlayerView, kit: Kit, start: Plan) -> list[tuple[Action, ...]]:
    """Complete sketches from ``start`` (which may hold a pickup): going out first, then ordinary turns."""
    rules = kit.rules
    plays = []
    out_possible = rules["go_out"].get("final_discard") != "required"
    if out_possible and _may_go_out(view):
        p = start.copy()
        concealed = not view.melds and rules["go_out"].get("concealed") and rules["initial"].get("concealed_exempt")
        ok = p.go_down(0) if p.short and not concealed else True
        if ok:
            if concealed:
                p.need = 0
            p.extend(0, spend_wilds=True)
            p.meld_blockers(0, going_out=True)
            if p.size <= 1 and p.canastas >= rules.canastas_to_go_out:
                plays.append(p.with_discard(p.cards()[0] if p.size else None))
    keep = _keep(kit)
    p = start.copy()
    if not p.short or p.go_down(keep):
        if p.table or not p.need:
            p.extend(keep)
            p.meld_blockers(keep, going_out=False)
        for card in discard_order(view, kit, p.cards(), p.table)[:2]:
            plays.append(p.with_discard(card))
    return plays


def _discards_only(view: PlayerView, kit: Kit, start: Plan) -> list[tuple[Action, ...]]:
    return [start.with_discard(c) for c in discard_order(view, kit, start.cards(), start.table)]


# -- table moves (albany) ------------------------------------------------------------------------------
def exchanges(view: PlayerView, kit: Kit) -> list[Exchange]:
    out = []
    for i, m in enumerate(view.melds):
        if not any(c.is_joker for c in m):
            continue
        info = kit.info(m)
        j = next(k for k, c in enumerate(m) if c.is_joker)
        for c in dict.fromkeys(view.hand):
            if not kit.natural(c):
                continue
            if (info.kind == "group" and c.rank == info.key) or (info.kind == "sequence" and c.suit == info.key):
                try:
                    old, new = judge(kit.rules, m), judge(kit.rules, m[:j] + (c,) + m[j + 1:])
                except IllegalPlayError:
                    continue
                if (old.kind, old.key) == (new.kind, new.key):
                    out.append(Exchange(i + 1, c))
    return out


def combinings(view: PlayerView, kit: Kit) -> list[Combine]:
    out = []
    table = view.melds
    infos = [kit.info(m) for m in table]
    two = bool(kit.rules["scoring"].get("same_suit_group_card"))  # same-suit groups score apart
    for a in range(len(table)):
        for b in range(a + 1, len(table)):
            x, y = infos[a], infos[b]
            if x.kind != y.kind or x.kind not in ("group", "sequence") or x.key != y.key:
                continue
            if x.size >= kit.canasta or y.size >= kit.canasta:
                continue
            if two and x.kind == "group" and any(len({c.suit for c in table[k]}) == 1 for k in (a, b)):
                continue
            try:
                joined = judge(kit.rules, table[a] + table[b])
            except IllegalPlayError:
                continue
            if (joined.kind, joined.key) == (x.kind, x.key):
                out.append(Combine(a + 1, b + 1))
    return out


# -- the greedy bot ----------------------------------------------------------------------------------------
class GreedyBot:
    """Plays soundly and at once: the pile when it pays, the first meld as soon as allowed,
    canastas, lay-offs, going out when it can, safe discards."""

    name = "greedy"

    def __init__(self, pickup_worth: int | None = None):
        # the least a pile must be worth (its cards, less a few for each stopper) before it is taken,
        # unless it makes the side's first meld; default 2, or 3 where sequences make small piles easy
        self.pickup_worth = pickup_worth

    def choose(self, view: PlayerView) -> Move:
        kit = kit_for(view.rules)
        if view.pending == ASKING:
            return Answer(True)
        if view.pending == BIDDING:
            return self.bid(view, kit)
        if view.pending == CHOOSING:
            return self.pick_bid(view, kit)
        if view.phase == ODD_MAN:
            return OddMan(True)
        if view.phase == HAND_OVER:
            return NextHand()
        if view.phase == BEFORE_DRAW:
            found = self.pickup_play(view, kit)
            if found is None:
                return Draw()
            return self._maybe_ask(view, found)
        if kit.combining:
            for move in exchanges(view, kit)[:1] + combinings(view, kit)[:1]:
                return move
        if kit.rules["game"].get("auction") and not view.offered and not view.table_moves:
            offer = self.offer(view, kit)
            if offer is not None:
                return offer
        found = self.drawn_play(view, kit)
        return self._maybe_ask(view, found)

    def _maybe_ask(self, view: PlayerView, found: tuple[tuple[Action, ...], Turn | None]) -> Move:
        actions, turn = found
        if turn is not None and turn.went_out and view.partners and not view.asked:
            return AskPartner()
        return Play(actions)

    def pickup_play(self, view: PlayerView, kit: Kit):
        least = self.pickup_worth if self.pickup_worth is not None else (3 if kit.sequences else 2)
        options = [(worth, p) for worth, p in pickups(view, kit) if worth >= least or (p.need and p.short <= 0)]
        options.sort(key=lambda wp: -wp[0])
        plays = []
        for _, start in options:
            plays.extend(finishes(view, kit, start))
        return first_legal(view, plays, BEFORE_DRAW, _may_go_out(view))

    def drawn_play(self, view: PlayerView, kit: Kit):
        spot = view.spot_as(DRAWN)
        start = Plan(kit, spot.hand, spot.melds, spot.initial_need)
        found = first_legal(view, finishes(view, kit, start), DRAWN, _may_go_out(view))
        if found is None:
            found = first_legal(view, _discards_only(view, kit, Plan(kit, spot.hand, spot.melds)), DRAWN,
                                _may_go_out(view))
        if found is None:  # nothing the judge accepts: propose the simplest play and let the engine say why
            card = discard_order(view, kit, list(spot.hand))[0]
            return (Action(DISCARD, (card,)),), None  # type: ignore[return-value]
        return found

    # -- Deluxe option 6 -------------------------------------------------------------
    def offer(self, view: PlayerView, kit: Kit) -> Offer | None:
        if len(view.hand) < 8:
            return None
        counts = Counter(c.rank for c in view.hand)
        loose = [c for c in discard_order(view, kit, list(view.hand)) if kit.natural(c) and counts[c.rank] == 1]
        return Offer((loose[0],)) if loose else None

    def _wants(self, view: PlayerView, kit: Kit, cards) -> bool:
        counts = Counter(c.rank for c in view.hand if kit.natural(c))
        groups = {kit.info(m).key for m in view.melds if kit.info(m).kind == "group"}
        return any(kit.natural(c) and (counts[c.rank] >= 2 or c.rank in groups) for c in cards)

    def bid(self, view: PlayerView, kit: Kit) -> Bid:
        if not self._wants(view, kit, view.offer):
            return Bid(())
        counts = Counter(c.rank for c in view.hand)
        loose = [c for c in discard_order(view, kit, list(view.hand)) if kit.natural(c) and counts[c.rank] == 1
                 and all(c.rank != o.rank for o in view.offer)]
        return Bid((loose[0],)) if loose and len(view.hand) > 1 else Bid(())

    def pick_bid(self, view: PlayerView, kit: Kit) -> Accept:
        for seat, cards in view.bids:
            if cards and self._wants(view, kit, cards) and len(view.hand) - len(view.offer) + len(cards) >= 2:
                return Accept(seat)
        return Accept(None)


# -- the random bot ---------------------------------------------------------------------------------------------
class RandomBot:
    """Plays a random legal move: random pickups, melds, lay-offs, discards, and the
    optional moves (exchanges, combining, offers, questions) now and then."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(f"random-bot:{seed}")
        self.greedy = GreedyBot()

    def choose(self, view: PlayerView) -> Move:
        rng = self.rng
        kit = kit_for(view.rules)
        if view.pending == ASKING:
            return Answer(True)
        if view.pending == BIDDING:
            if rng.random() < 0.5 or len(view.hand) < 2:
                return Bid(())
            return Bid(tuple(rng.sample(view.hand, rng.randint(1, min(2, len(view.hand) - 1)))))
        if view.pending == CHOOSING:
            options = [s for s, cards in view.bids if cards and len(view.hand) - len(view.offer) + len(cards) >= 2]
            return Accept(rng.choice(options + [None]))
        if view.phase == ODD_MAN:
            return OddMan(rng.random() < 0.5)
        if view.phase == HAND_OVER:
            return NextHand()
        if view.partners and not view.asked and rng.random() < 0.05:
            return AskPartner()
        if kit.combining and rng.random() < 0.1:
            moves = exchanges(view, kit) + combinings(view, kit)
            if moves:
                return rng.choice(moves)
        if view.phase == BEFORE_DRAW:
            if rng.random() < 0.35:
                starts = [p for _, p in pickups(view, kit)]
                rng.shuffle(starts)
                plays = []
                for start in starts:
                    plays.extend(self._random_finishes(view, kit, start, 2))
                found = first_legal(view, plays, BEFORE_DRAW, _may_go_out(view))
                if found is not None:
                    return Play(found[0])
            return Draw()
        if (kit.rules["game"].get("auction") and not view.offered and not view.table_moves
                and len(view.hand) > 2 and rng.random() < 0.15):
            return Offer(tuple(rng.sample(view.hand, rng.randint(1, min(2, len(view.hand) - 2)))))
        spot = view.spot_as(DRAWN)
        start = Plan(kit, spot.hand, spot.melds, spot.initial_need)
        found = first_legal(view, self._random_finishes(view, kit, start, 4), DRAWN, _may_go_out(view))
        if found is None:
            found = self.greedy.drawn_play(view, kit)
        return Play(found[0])

    def _random_finishes(self, view: PlayerView, kit: Kit, start: Plan, tries: int) -> list[tuple[Action, ...]]:
        rng = self.rng
        plays = []
        for _ in range(tries):
            p = start.copy()
            keep = rng.choice((0, 1, 2, 2))
            if p.short and rng.random() < 0.7:
                p.go_down(keep)
            if (p.table or not p.need) and not p.short:
                for rank, nats in sorted(p.naturals().items()):
                    roll = rng.random()
                    gi = p.group_index(rank)
                    k = rng.randint(1, len(nats))
                    if roll < 0.4 and gi is not None and p.size - k >= keep:
                        p.layoff(gi, nats[:k])
                    elif roll < 0.7 and len(nats) >= 2 and (gi is None or not kit.one_per_rank):
                        wilds = p.wilds()
                        w = rng.randint(0, min(len(wilds), 2)) if len(nats) >= 3 else min(1, len(wilds))
                        if kit.group_ok(len(nats), w) and p.size - len(nats) - w >= keep:
                            p.meld(nats + wilds[:w])
                if rng.random() < 0.5:
                    p.extend(keep, spend_wilds=rng.random() < 0.5)
                p.meld_blockers(keep, going_out=keep == 0)
            cards = p.cards()
            plays.append(p.with_discard(rng.choice(cards) if cards else None))
        plays.extend(finishes(view, kit, start))
        return plays


BOTS = {"greedy": GreedyBot, "random": RandomBot}


def make_bot(kind: str, seed: int | str = 0) -> Bot:
    """``make_bot("greedy")``, ``make_bot("random", seed)`` or ``make_bot("ismcts:64", seed)`` (64 iterations a move).

    ``greedy:W`` is the greedy bot taking any pile worth at least ``W`` (``greedy:0``: every natural pile it may take).
    """
    if kind == "greedy":
        return GreedyBot()
    if kind.startswith("greedy:"):
        worth = kind.partition(":")[2]
        if not worth.lstrip("-").isdigit():
            raise TutorError(f"bot {kind!r}: after 'greedy:' comes the least pile worth taking, e.g. greedy:0")
        greedy = GreedyBot(int(worth))
        greedy.name = kind
        return greedy
    if kind == "random":
        return RandomBot(seed)
    if kind == "ismcts" or kind.startswith("ismcts:"):
        from .ismcts import search_bot

        return search_bot(kind, seed)
    raise TutorError(f"unknown bot {kind!r} (use greedy, greedy:WORTH, random, ismcts or ismcts:ITERATIONS)")
