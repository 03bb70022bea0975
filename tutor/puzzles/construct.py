"""Spots built on purpose: near-misses that each turn on one rule.

A *recipe* builds a spot around a rule and aims at an answer: one card
short of a canasta, one natural short for a frozen pile, a wild card too
many, a black 3 on top, a stopper in the way, a first meld five points
short. Recipes only aim: the deciders give the answer, and the generator
keeps a puzzle only when both agree. Every random choice comes from the
``random.Random`` the ``Builder`` carries, so a recipe is deterministic for
a seed; the builder deals from the variant's real pack, so every spot built
can occur.
"""

from __future__ import annotations

from typing import Callable

from ..cards import RANK_ORDER, SUITS, Card, format_cards
from ..rules import Rules
from .builder import (Builder, Candidate, Skip, flat, hand_melds, need_canastas, rank_of, table_canastas,
                      table_small)

__all__ = ["RECIPES", "Builder", "Candidate", "Recipe", "Skip", "recipes_for"]


# -- going out --------------------------------------------------------------------------------

def go_out_near_canasta(b: Builder, want: bool, size: int) -> Candidate:
    """The last canasta is one card away: is the card in the hand, and may it go there?"""
    need = need_canastas(b)
    if need == 0:
        raise Skip("no canasta needed to go out")
    table = table_canastas(b, need - 1) + table_small(b, b.rng.randint(0, 1))
    rank = b.rank()
    gap = b.rng.choice([1, 1, 2]) if size < 2 else 2
    n0 = 7 - gap
    nat0 = max(2, n0 - b.rng.randint(0, min(2, b.wild_room(n0, 0))))
    target = b.group(rank, nat0, n0 - nat0)
    table.insert(b.rng.randrange(len(table) + 1), target)
    hand = flat(hand_melds(b, size))
    completion = b.naturals(rank, gap - 1) if gap > 1 else []
    room = b.wild_room(nat0 + len(completion), n0 - nat0)
    if want:
        last = b.wilds(1) if room and b.rng.random() < 0.5 else b.naturals(rank, 1)
    else:
        if room == 0 and b.rng.random() < 0.6:
            last = b.wilds(1)  # a wild card too many
        else:
            last = b.naturals(b.rank(), 1)  # one card short: the wrong rank
    hand += completion + last + b.junk(1)
    return Candidate(b.spot(hand, table), "go-out", None, "construct/near-canasta")


def go_out_wild_room(b: Builder, want: bool, size: int) -> Candidate:
    """Wild cards must find room on melds that still accept them: is there room for every one?"""
    table = []
    for _ in range(need_canastas(b)):
        n = b.rng.randint(4, 6)
        table.append(b.group_with_room(b.rank(), n, 0, at_least=7))
    for _ in range(b.rng.randint(1, 1 + (size > 0))):
        table.append(b.group_with_room(b.rank(), b.rng.randint(2, 4), b.rng.choice([0, 0, 1])))
    room = sum(b.room_of(m) for m in table)
    hand_groups = []
    for _ in range(1 + (size > 1)):
        n = b.rng.choice([2, 3])
        hand_groups.append(b.naturals(b.rank(), n))
        room += b.wild_room(n, 0)
    if not 1 <= room <= 5:
        raise Skip("the room for wild cards is out of range")
    wilds = room if want else room + 1
    hand = flat(hand_groups) + b.wilds(wilds) + b.junk(1)
    return Candidate(b.spot(hand, table), "go-out", None, "construct/wild-room")


def go_out_black_threes(b: Builder, want: bool, size: int) -> Candidate:
    """Black 3s in the hand when going out: melded (three or more), discarded, or stuck."""
    if not b.rules["cards"].get("blocker"):
        raise Skip("no black 3s")
    table = table_canastas(b, need_canastas(b)) + table_small(b, b.rng.randint(0, 1))
    if not b.rules.canastas_to_go_out and not table:
        table = table_small(b, 1)
    hand = flat(hand_melds(b, 1 + size // 2))
    if b.rules["blocker_meld"].get("allowed"):
        n, junk = b.rng.choice([(3, 1), (1, 0), (3, 0), (4, 1)]) if want else b.rng.choice([(2, 0), (2, 1)])
    else:  # canasty: never melded, but up to two may stay unmatched
        n, junk = b.rng.choice([(3, 0), (2, 1), (1, 2)]) if want else b.rng.choice([(3, 1), (2, 2)])
    hand += b.of_role("blocker", n) + b.junk(junk)
    return Candidate(b.spot(hand, table), "go-out", None, "construct/black-threes")


def go_out_concealed(b: Builder, want: bool, size: int) -> Candidate:
    """A side that has not melded goes out in one turn: the canastas must all come from the hand."""
    if not b.rules["go_out"].get("concealed"):
        raise Skip("no concealed going out")
    melds = []
    for _ in range(need_canastas(b)):
        rank = b.rank()
        nat = b.rng.randint(4, 6)
        w = 7 - nat
        if b.wild_room(nat, 0) < w:
            nat, w = 5, 2
        melds.append([rank, nat, w])
    if not want:
        m = b.rng.choice(melds)
        if b.rng.random() < 0.5 or b.wild_room(m[1], m[2] + 1) == 0 and b.wild_room(m[1], m[2]) == 0:
            m[1] -= 1  # one card short of the canasta
        else:
            m[1], m[2] = m[1] - 1, m[2] + 1  # a wild card too many for the naturals
    hand = []
    for rank, nat, w in melds:
        hand += b.naturals(rank, nat) + b.wilds(w)
    hand += flat(hand_melds(b, size // 2))
    hand += b.junk(b.rng.choice([0, 1]) if want else 1)
    return Candidate(b.spot(hand, []), "go-out", None, "construct/concealed")


def go_out_last_card(b: Builder, want: bool, size: int) -> Candidate:
    """Two cards left over: one may be discarded, the other must lay off somewhere."""
    need = need_canastas(b)
    table = table_canastas(b, max(need, 0)) + table_small(b, 1 + (size > 1))
    hand = flat(hand_melds(b, size))
    extra = b.rules["go_out"].get("max_unmatched", 0)
    if want:
        target = b.rng.choice(table)
        ranks = [c.rank for c in target if b.rules.role(c) == "natural"]
        rank = ranks[0]
        if sum(1 for c in b.left.elements() if c.rank == rank) == 0:
            raise Skip("no card to lay off")
        hand += b.naturals(rank, 1)
    else:
        hand += b.junk(1)
    hand += b.junk(1 + extra)
    return Candidate(b.spot(hand, table), "go-out", None, "construct/last-card")


def go_out_unmatched(b: Builder, want: bool, size: int) -> Candidate:
    """Canasty: going out may leave two unmatched cards after the discard, and needs the player down."""
    if not b.rules["go_out"].get("max_unmatched"):
        raise Skip("no unmatched allowance")
    down = b.rng.random() < 0.6
    hand = flat(hand_melds(b, 1 + size // 2))
    score = None
    if down:
        table = table_small(b, b.rng.randint(1, 2))
        k = b.rng.choice([1, 2, 3]) if want else 4
        hand += b.junk(k)
    else:
        table = []
        pts = b.points(hand)
        bands = [band for band in b.rules["initial"]["bands"] if band["need"] <= pts + 15]
        band = b.rng.choice(bands or b.rules["initial"]["bands"][:1])
        need = band["need"]
        score = band.get("from", -100) + b.rng.choice([0, 60, 220])
        if b.rules.initial_need(score) != need:
            raise Skip("score band")
        if want and pts < need:
            raise Skip("short")
        if not want and pts >= need:
            hand += b.junk(4)  # too many unmatched
        else:
            hand += b.junk(b.rng.choice([1, 2, 3]))
    first_round, scores = None, None
    if b.rules["go_out"].get("wimp_rule") and b.rng.random() < 0.3:
        first_round = True
        s = score if score is not None else b.rng.choice([0, 350, 800])
        score = s
        lead = s + (b.rng.choice([1000, 1250, 1600]) if want else b.rng.choice([0, 400, 950]))
        scores = [s, lead] + [b.rng.choice([s, lead - 100]) for _ in range(b.rules.layout.sides - 2)]
    return Candidate(b.spot(hand, table, score=score, first_round=first_round, scores=scores),
                     "go-out", None, "construct/unmatched" if first_round is None else "construct/wimp-rule")


def go_out_stoppers(b: Builder, want: bool, size: int) -> Candidate:
    """Albany: two stoppers in the hand after the draw forbid going out."""
    if not b.rules["cards"].get("stopper"):
        raise Skip("no stoppers")
    table = table_canastas(b, need_canastas(b)) + table_small(b, b.rng.randint(0, 1))
    hand = flat(hand_melds(b, 1 + size // 2))
    n, junk = b.rng.choice([(1, 0), (0, 1)]) if want else b.rng.choice([(2, 0), (1, 1), (2, 1)])
    hand += b.of_role("stopper", n) + b.junk(junk)
    return Candidate(b.spot(hand, table), "go-out", None, "construct/stoppers")


def go_out_sequence(b: Builder, want: bool, size: int) -> Candidate:
    """Albany: the last canasta is a sequence, its gaps filled by at most two wild cards."""
    if not b.rules["meld"].get("sequences"):
        raise Skip("no sequences")
    need = need_canastas(b)
    table = table_canastas(b, need - 1)
    suit = b.rng.choice(SUITS)
    low_rank = b.rules["meld"].get("sequence_low", "4")
    low = RANK_ORDER[low_rank] + b.rng.randint(0, 3)
    length = b.rng.randint(4, 5)
    on_table = b.run(suit, low, length, (b.rng.randrange(1, length - 1),) if b.rng.random() < 0.5 else ())
    table.append(on_table)
    wild_on_table = sum(1 for c in on_table if b.rules.role(c) == "wild")
    hand = flat(hand_melds(b, size // 2 + 1))
    top_order = low + length
    add = 7 - length
    wilds_left = 2 - wild_on_table
    ext = []
    for i in range(add):
        order = top_order + i
        if order > RANK_ORDER["A"]:
            raise Skip("run too high")
        rank = rank_of(order)
        use_wild = i == add - 1 and b.rng.random() < 0.5
        if not want and i == add - 1:
            if wilds_left <= 0:
                ext += b.wilds(1)  # a third wild card
            else:
                ext.append(b.take(Card(rank, b.rng.choice([s for s in SUITS if s != suit]))))  # wrong suit
            continue
        if use_wild and wilds_left > 0:
            ext += b.wilds(1)
            wilds_left -= 1
        else:
            ext.append(b.take(Card(rank, suit)))
    hand += ext + b.junk(1)
    return Candidate(b.spot(hand, table), "go-out", None, "construct/sequence-canasta")


def go_out_from_pile(b: Builder, want: bool, size: int) -> Candidate:
    """From before the draw: take the pile and meld every card of it (but one discard) to go out."""
    if b.rules["pile"]["style"] != "whole":
        raise Skip("whole piles only")
    need = need_canastas(b)
    table = table_canastas(b, need) if need else table_small(b, 1)
    table += table_small(b, 1)
    top_rank = b.rank()
    hand = flat(hand_melds(b, size // 2))
    pair = b.naturals(top_rank, 2)
    top = b.naturals(top_rank, 1)
    below = []
    lay_targets = [m for m in table if len(m) < 9]
    for _ in range(b.rng.randint(0, 1 + (size > 0))):
        m = b.rng.choice(lay_targets)
        rank = next(c.rank for c in m if b.rules.role(c) == "natural")
        below += b.naturals(rank, 1)
    frozen = b.rng.random() < 0.4 and b.rules["pile"].get("frozen_by")
    if frozen:
        below.insert(0, b.wilds(1)[0])
    if want:
        hand += pair
    else:
        if frozen:
            hand += pair[:1] + b.wilds(1)
        else:
            below.insert(0, b.junk(1)[0])  # a card from the pile that fits nowhere
            hand += pair
    hand += b.junk(1)
    return Candidate(b.spot(hand, table, below + top, phase="before-draw"), "go-out", None, "construct/from-pile")


# -- taking the pile ------------------------------------------------------------------------------

def pickup_frozen(b: Builder, want: bool, size: int) -> Candidate:
    """A pile frozen by a wild card or a red 3 takes a natural pair; a natural and a wild will not do."""
    if not b.rules["pile"].get("frozen_by"):
        raise Skip("no frozen pile")
    table = table_small(b, b.rng.randint(1, 2))
    top_rank = b.rank()
    if b.rng.random() < 0.4:
        table.append(b.group(top_rank, 3))  # a meld to lay the top card off onto (not enough when frozen)
    freezer = b.wilds(1) if b.rng.random() < 0.6 or not b.rules["cards"].get("bonus") else b.of_role("bonus", 1)
    pile = b.filler(b.rng.randint(0, 2)) + freezer + b.filler(b.rng.randint(0, 2)) + b.naturals(top_rank, 1)
    hand = flat(hand_melds(b, size // 2)) + b.junk(1 + size)
    if want:
        hand += b.naturals(top_rank, 2)
    else:
        hand += b.naturals(top_rank, 1) + b.wilds(1) if b.rng.random() < 0.7 else b.naturals(top_rank, 1)
    return Candidate(b.spot(hand, table, pile, phase="before-draw"), "pickup", None, "construct/frozen-pile")


def pickup_first_meld(b: Builder, want: bool, size: int) -> Candidate:
    """Not yet down: the pile's top card counts toward the first meld, the cards under it do not."""
    if not b.rules["initial"].get("required"):
        raise Skip("no first-meld minimum")
    score = b.score_for_need()
    need = b.rules.initial_need(score)
    top_rank = b.rank(high=need >= 50)
    top = b.naturals(top_rank, 1)
    pair = b.naturals(top_rank, 2)
    pts = b.points(top + pair)
    extra: list[Card] = []
    tries = 0
    while pts + b.points(extra) < need - 15 and tries < 6:
        extra += b.group(b.rank(), 3)
        tries += 1
    short = need - pts - b.points(extra)
    if want and short > 0:
        extra += b.wilds(1)
    elif not want and short <= 0:
        extra = extra[:-3] if len(extra) >= 3 else extra
    below = b.filler(b.rng.randint(1, 3)) + b.naturals(b.rank(high=True), 1)  # would help, if it counted
    hand = pair + extra + b.junk(1 + size // 2)
    return Candidate(b.spot(hand, [], below + top, phase="before-draw", score=score), "pickup", None,
                     "construct/first-meld-pickup")


def pickup_black_three(b: Builder, want: bool, size: int) -> Candidate:
    """A black 3 on top blocks the pile; once covered it does not (canasty: a buried one wants a natural pair)."""
    if not b.rules["cards"].get("blocker"):
        raise Skip("no black 3s")
    table = table_small(b, 1 + (size > 1))
    top_rank = b.rank()
    three = b.of_role("blocker", 1)
    buried_rule = bool(b.rules["pile"].get("buried_blocker_needs"))
    hand = flat(hand_melds(b, size // 2)) + b.junk(1 + size // 2)
    mode = b.rng.random()
    if mode < 0.4:  # the black 3 on top
        pile = b.filler(b.rng.randint(1, 2)) + b.naturals(top_rank, 1) + three
        hand += b.naturals(top_rank, 2)
        if want:
            raise Skip("a black 3 on top is always no here")
    else:  # the black 3 covered by the top card
        pile = b.filler(b.rng.randint(0, 2)) + three + b.filler(b.rng.randint(0, 1)) + b.naturals(top_rank, 1)
        if want:
            hand += b.naturals(top_rank, 2)
        else:
            hand += b.naturals(top_rank, 1) + (b.wilds(1) if buried_rule else [])
    return Candidate(b.spot(hand, table, pile, phase="before-draw"), "pickup", None, "construct/black-three")


def pickup_layoff(b: Builder, want: bool, size: int) -> Candidate:
    """The top card matches a meld on the table: may it be laid off to take the pile?"""
    if b.rules["pile"]["style"] != "whole":
        raise Skip("whole piles only")
    top_rank = b.rank()
    table = [b.group(top_rank, b.rng.randint(3, 5))] + table_small(b, b.rng.randint(0, 1 + size // 2))
    pile = b.filler(b.rng.randint(1, 3))
    if not want and b.rules["pile"].get("frozen_by") and b.rng.random() < 0.6:
        pile.insert(b.rng.randrange(len(pile) + 1), b.wilds(1)[0])
    pile += b.naturals(top_rank, 1)
    hand = flat(hand_melds(b, size // 2)) + b.junk(2 + size // 2)
    if "onto_set" in b.rules["pile"].get("take_with", []):  # canasty: two cards must go down with it
        hand += b.naturals(top_rank, 1) + (b.wilds(1) if want else [])
    return Candidate(b.spot(hand, table, pile, phase="before-draw"), "pickup", None, "construct/top-card-layoff")


def pickup_one_card(b: Builder, want: bool, size: int) -> Candidate:
    """A player holding one card may not take a pile of one card."""
    if not b.rules["pile"].get("single_card_rule"):
        raise Skip("no one-card rule")
    top_rank = b.rank()
    table = [b.group(top_rank, 3)] + table_canastas(b, b.rng.randint(0, 1))
    pile = (b.filler(1) if want else []) + b.naturals(top_rank, 1)
    hand = b.junk(1)
    return Candidate(b.spot(hand, table, pile, phase="before-draw"), "pickup", None, "construct/one-card")


def pickup_wild_top(b: Builder, want: bool, size: int) -> Candidate:
    """A wild card or a bonus card on top: the pile cannot be taken, however good the hand."""
    if b.rules["pile"]["style"] != "whole":
        raise Skip("whole piles only")
    if want:
        raise Skip("always no")
    table = table_small(b, 1)
    under = b.rank()
    top = b.wilds(1) if b.rng.random() < 0.6 or not b.rules["cards"].get("bonus") else b.of_role("bonus", 1)
    pile = b.filler(b.rng.randint(0, 2)) + b.naturals(under, 1) + top
    hand = b.naturals(under, 2) + flat(hand_melds(b, size // 2)) + b.junk(1 + size // 2)
    return Candidate(b.spot(hand, table, pile, phase="before-draw"), "pickup", None, "construct/wild-on-top")


def pickup_albany(b: Builder, want: bool, size: int) -> Candidate:
    """Albany: a stopper on top; a deeper card may still be taken with two naturals from the hand."""
    if b.rules["pile"]["style"] != "fanned":
        raise Skip("albany only")
    table = table_small(b, b.rng.randint(0, 2))
    deep_rank = b.rank()
    deep = b.naturals(deep_rank, 1)
    above = b.filler(b.rng.randint(0, 1 + size // 2)) + b.of_role("stopper", 1)
    pile = b.filler(b.rng.randint(0, 2)) + deep + above
    hand = flat(hand_melds(b, size // 2)) + b.junk(1 + (size > 0))
    mode = b.rng.random()
    if want:
        if mode < 0.5:
            hand += b.naturals(deep_rank, 2)
        else:  # a sequence through the deep card: two same-suit neighbours from the hand
            c = deep[0]
            lo, hi = RANK_ORDER[b.rules["meld"].get("sequence_low", "4")], RANK_ORDER["A"]
            runs = [(start, start + 1, start + 2) for start in (c.order - 2, c.order - 1, c.order)
                    if lo <= start and start + 2 <= hi]
            if not runs:
                raise Skip("no run")
            run = b.rng.choice(runs)
            hand += [b.take(Card(rank_of(o), c.suit)) for o in run if o != c.order]
    else:
        if mode < 0.5:
            hand += b.naturals(deep_rank, 1) + b.wilds(1)  # a natural and a wild: not two naturals
        else:
            st = b.of_role("stopper", 1)
            pile = pile[:-1] + st + pile[-1:]
            hand += b.naturals(deep_rank, 1) + b.wilds(2)
    return Candidate(b.spot(hand, table, pile, phase="before-draw"), "pickup", None, "construct/stopper-on-top")


def pickup_canasty_down(b: Builder, want: bool, size: int) -> Candidate:
    """Canasty: a player not down may take the pile, but the set made with its top card must meet the down."""
    if "onto_set" not in b.rules["pile"].get("take_with", []):
        raise Skip("canasty only")
    score = b.score_for_need()
    need = b.rules.initial_need(score)
    top_rank = b.rank()
    top = b.naturals(top_rank, 1)
    with_top = b.naturals(top_rank, 1) + (b.wilds(1) if b.rng.random() < 0.6 else b.naturals(top_rank, 1))
    pts = b.points(top + with_top)
    extra: list[Card] = []
    while pts + b.points(extra) < need - 10 and len(extra) < 9:
        extra += b.group(b.rank(), 3)
    if not want and pts + b.points(extra) >= need and extra:
        extra = extra[:-3]
    if want and pts + b.points(extra) < need:
        extra += b.wilds(1)
    pile = b.filler(b.rng.randint(0, 2)) + ([b.rng.choice(b.of_role("blocker", 1))] if b.rng.random() < 0.3 else []) \
        + b.filler(b.rng.randint(0, 1)) + top
    hand = with_top + extra + b.junk(1 + size // 2)
    return Candidate(b.spot(hand, [], pile, phase="before-draw", score=score), "pickup", None, "construct/down-pickup")


# -- first melds ----------------------------------------------------------------------------------

def initial_points(b: Builder, want: bool, size: int) -> Candidate:
    """The first meld must reach the minimum for the side's score: here it is just reached, or just missed."""
    if not b.rules["initial"].get("required"):
        raise Skip("no minimum")
    score = b.score_for_need()
    need = b.rules.initial_need(score)
    melds: list[list[Card]] = []
    total = 0
    while total < need - 10 and len(melds) < 3:
        m = b.group(b.rank(high=b.rng.random() < 0.6), b.rng.choice([3, 3, 4]))
        melds.append(m)
        total += b.points(m)
    hand = flat(melds)
    wild_kinds = sorted(b.rules.wild_ranks)
    short = need - total
    if want:
        while short > 0:
            w = b.wilds(1, b.rng.choice(wild_kinds))
            hand += w
            short -= b.points(w)
    else:
        if short <= 0:
            raise Skip("already enough")
    hand += b.junk(1 + size, high=True if not want else None)
    return Candidate(b.spot(hand, [], score=score), "initial-meld", None, "construct/first-meld-points")


def initial_turn_end(b: Builder, want: bool, size: int) -> Candidate:
    """Melding every card is no first meld unless the side can go out: a card must remain to discard."""
    canastas = need_canastas(b)
    if b.rules["initial"].get("required"):
        score = b.rng.choice([-100, 0, 200])
    else:
        score = b.rng.choice([0, 300])
    n = b.rng.choice([1, 2])
    melds = [b.group(b.rank(high=True), 3 + (i == 0 and b.rng.random() < 0.3)) for i in range(n)]
    hand = flat(melds)
    keep = b.rules["go_out"].get("keep_before_discard", 1)
    if want:
        hand += b.junk(keep)
    else:
        hand += b.junk(keep - 1) if keep > 1 else []
    if canastas == 0 and not want:
        raise Skip("going out needs no canasta")
    return Candidate(b.spot(hand, [], score=score), "initial-meld", None, "construct/turn-end")


def initial_wild_cap(b: Builder, want: bool, size: int) -> Candidate:
    """Points that only wild cards can bring: as many as the meld's naturals allow, and no more."""
    if not b.rules["initial"].get("required"):
        raise Skip("no minimum")
    score = b.score_for_need()
    need = b.rules.initial_need(score)
    rank = b.rank(high=False)
    nat = b.rng.choice([2, 3])
    room = b.wild_room(nat, 0)
    hand = b.naturals(rank, nat)
    base = b.points(hand)
    wilds = b.wilds(min(room + 1, 4))
    cap_pts = base + b.points(sorted(wilds, key=b.rules.value, reverse=True)[:room])
    if want and cap_pts < need:
        hand += b.group(b.rank(), 3)
    if not want and cap_pts >= need:
        raise Skip("enough")
    hand += wilds + b.junk(1 + size // 2)
    return Candidate(b.spot(hand, [], score=score), "initial-meld", None, "construct/wild-cap")


def initial_from_pile(b: Builder, want: bool, size: int) -> Candidate:
    """Before the draw: the first meld from the hand alone, or with the pile's top card."""
    if not b.rules["initial"].get("required") or b.rules["pile"]["style"] != "whole":
        raise Skip("needs a minimum and a whole pile")
    score = b.score_for_need()
    need = b.rules.initial_need(score)
    top_rank = b.rank(high=True)
    top = b.naturals(top_rank, 1)
    pair = b.naturals(top_rank, 2) if want or b.rng.random() < 0.5 else b.naturals(top_rank, 1) + b.wilds(1)
    hand = pair[:]
    total = b.points(top + pair)
    while total < need - (0 if want else -1) - 5 and len(hand) < 10:
        m = b.group(b.rank(), 3)
        hand += m
        total += b.points(m)
    if not want and total >= need:
        hand = hand[:-3]
    rich = []
    if b.rng.random() < 0.5:
        r = b.rank(high=True)
        rich = b.naturals(r, 1)  # a card under the top that would have helped, if it counted
    pile = b.filler(b.rng.randint(0, 2)) + rich + top
    hand += b.junk(1 + size // 2)
    return Candidate(b.spot(hand, [], pile, phase="before-draw", score=score), "initial-meld", None,
                     "construct/first-meld-with-pile")


def initial_albany(b: Builder, want: bool, size: int) -> Candidate:
    """Albany: any legal set may be the first, but wilds fill at most two gaps and two cards must stay."""
    if not b.rules["meld"].get("sequences"):
        raise Skip("albany only")
    hand: list[Card] = []
    suit = b.rng.choice(SUITS)
    low = RANK_ORDER[b.rules["meld"].get("sequence_low", "4")] + b.rng.randint(0, 6)
    gaps = b.rng.choice([1, 2]) if want else 3
    orders = [low, low + gaps + 1]
    for o in orders:
        if o > RANK_ORDER["A"]:
            raise Skip("high")
        hand.append(b.take(Card(rank_of(o), suit)))
    hand += b.wilds(min(gaps, 2))
    hand += b.of_role("stopper", b.rng.randint(0, 2))
    hand += b.junk(b.rng.randint(2, 3 + size))
    return Candidate(b.spot(hand, []), "initial-meld", None, "construct/albany-sequence")


# -- canasty's cheats -------------------------------------------------------------------------------

def cheat(b: Builder, want: bool, size: int) -> Candidate:
    """A disputed canasty play: one of the legal cheats A, B, C, M, N, or an honest play that looks like one."""
    if "cheats" not in b.rules.data:
        raise Skip("canasty only")
    want = want and b.rng.random() < 0.5  # most disputed plays are cheats; some honest ones keep the learner alert
    letter = b.rng.choice("ABCMN")
    junk = b.junk(2 + size)
    discard = junk[0]
    if letter == "A":  # one natural and two wilds
        rank = b.rank()
        nat = b.naturals(rank, 2)
        wilds = b.wilds(2)
        table = table_small(b, 1)
        meld = nat + wilds[:1] if want else nat[:1] + wilds
        hand = nat + wilds + junk
        play = f"meld {format_cards(meld)}; discard {discard}"
        return Candidate(b.spot(hand, table), "cheat", play, "construct/cheat-A")
    if letter == "B":  # a down below the requirement
        score = b.rng.choice([500, 700, 1000, 1200, 1500, 2000])
        need = b.rules.initial_need(score)
        melds = []
        total = 0
        while total < need - 10:
            m = b.group(b.rank(high=b.rng.random() < 0.5), 3)
            melds.append(m)
            total += b.points(m)
        if want and total < need:
            w = b.wilds(1)
            melds[0] = melds[0] + w
            total += b.points(w)
        if not want and total >= need:
            melds = melds[:-1]
        if not melds:
            raise Skip("nothing")
        hand = flat(melds) + junk
        play = "; ".join(f"meld {format_cards(m)}" for m in melds) + f"; discard {discard}"
        return Candidate(b.spot(hand, [], score=score), "cheat", play, "construct/cheat-B")
    if letter == "C":  # a card passed off as another rank
        rank = b.rank()
        nat = b.naturals(rank, 2)
        odd = b.naturals(b.rank(), 1)
        table = table_small(b, 1)
        third = b.naturals(rank, 1) if want else odd
        hand = nat + third + junk + (odd if want else [])
        play = f"meld {format_cards(nat + third)}; discard {discard}"
        return Candidate(b.spot(hand, table), "cheat", play, "construct/cheat-C")
    if letter == "M":  # taking the pile without a set with the top card
        top_rank = b.rank()
        top = b.naturals(top_rank, 1)
        table = table_small(b, 1)
        buried = b.rng.random() < 0.5
        pile = b.filler(b.rng.randint(0, 2)) + (b.of_role("blocker", 1) if buried else []) + b.filler(1) + top
        one = b.naturals(top_rank, 1)
        if want:
            other = b.naturals(top_rank, 1) if buried else b.wilds(1)
        else:
            other = b.wilds(1) if buried else b.naturals(b.rank(), 1)
        hand = one + other + junk
        play = f"pickup {format_cards(one + other)}; discard {discard}"
        return Candidate(b.spot(hand, table, pile, phase="before-draw"), "cheat", play, "construct/cheat-M")
    # N: unrelated cards counted as a down
    cards = b.junk(3)
    if want:
        rank = b.rank(high=True)
        cards = b.naturals(rank, 3)
    score = b.rng.choice([0, 200, 450])
    hand = cards + junk
    play = f"meld {format_cards(cards)}; discard {discard}"
    return Candidate(b.spot(hand, [], score=score), "cheat", play, "construct/cheat-N")


def engine_mid_hand(b: Builder, want: bool, size: int) -> Candidate:
    """A real position: bots play part of a hand, and the seat to act is asked a question."""
    try:
        from ..engine.driver import bots_for, new_game, step
    except ImportError:
        raise Skip("no game engine") from None
    try:
        state = new_game(b.variant, b.options, seed=b.rng.randrange(1_000_000))
        bots = bots_for(state, "greedy")
        for _ in range(b.rng.randint(6, 30 + 20 * size)):
            if state.hand_over:
                raise Skip("the hand ended")
            step(state, bots)
        if state.hand_over:
            raise Skip("the hand ended")
        spot = state.spot_for(state.to_act)
    except Skip:
        raise
    except Exception as e:  # noqa: BLE001 - the engine is a source of ideas; a failure only skips the idea
        raise Skip(f"the engine failed: {type(e).__name__}") from None
    questions = ["go-out"]
    if spot.phase == "before-draw" and spot.discard:
        questions.append("pickup")
    if not spot.down:
        questions.append("initial-meld")
    return Candidate(spot.to_dict(), b.rng.choice(questions), None, "engine/mid-hand")


Recipe = Callable[[Builder, bool, int], Candidate]


def _whole(r: Rules) -> bool:
    return r["pile"]["style"] == "whole"


def _has(section: str, key: str) -> Callable[[Rules], bool]:
    return lambda r: bool(r[section].get(key))


# name -> (recipe, weight, which rules it applies to)
RECIPES: dict[str, tuple[Recipe, int, Callable[[Rules], bool]]] = {
    "near-canasta": (go_out_near_canasta, 3, lambda r: r.canastas_to_go_out > 0),
    "wild-room": (go_out_wild_room, 2, lambda r: r.max_wilds() is not None or r["meld"]["wilds_at_most_naturals"]),
    "black-threes": (go_out_black_threes, 2, _has("cards", "blocker")),
    "concealed": (go_out_concealed, 2, _has("go_out", "concealed")),
    "last-card": (go_out_last_card, 2, lambda r: True),
    "unmatched": (go_out_unmatched, 3, _has("go_out", "max_unmatched")),
    "stoppers": (go_out_stoppers, 3, _has("cards", "stopper")),
    "sequence-canasta": (go_out_sequence, 3, _has("meld", "sequences")),
    "from-pile": (go_out_from_pile, 2, _whole),
    "frozen-pile": (pickup_frozen, 3, _has("pile", "frozen_by")),
    "first-meld-pickup": (pickup_first_meld, 2, lambda r: _whole(r) and bool(r["initial"].get("required"))
                          and not r["pile"].get("buried_blocker_needs")),
    "black-three": (pickup_black_three, 2, _has("cards", "blocker")),
    "top-card-layoff": (pickup_layoff, 2, _whole),
    "one-card": (pickup_one_card, 1, _has("pile", "single_card_rule")),
    "wild-on-top": (pickup_wild_top, 1, _whole),
    "stopper-on-top": (pickup_albany, 4, lambda r: r["pile"]["style"] == "fanned"),
    "down-pickup": (pickup_canasty_down, 3, lambda r: "onto_set" in r["pile"].get("take_with", [])),
    "first-meld-points": (initial_points, 3, _has("initial", "required")),
    "turn-end": (initial_turn_end, 1, lambda r: r.canastas_to_go_out > 0),
    "wild-cap": (initial_wild_cap, 2, lambda r: bool(r["initial"].get("required")) and (
        r.max_wilds() is not None or r["meld"]["wilds_at_most_naturals"])),
    "first-meld-with-pile": (initial_from_pile, 2, lambda r: _whole(r) and bool(r["initial"].get("required"))),
    "albany-sequence": (initial_albany, 4, _has("meld", "sequences")),
    "cheat": (cheat, 10, lambda r: "cheats" in r.data),
    "mid-hand": (engine_mid_hand, 3, lambda r: True),
}


def recipes_for(rules: Rules) -> list[tuple[str, Recipe, int]]:
    """The recipes that apply to these rules, in a fixed order."""
    return [(name, fn, weight) for name, (fn, weight, applies) in RECIPES.items() if applies(rules)]
