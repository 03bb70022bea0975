"""Random but realistic spots, for cross-checks, benchmarks and puzzle ideas.

Cards are dealt from the variant's real pack, table melds are legal, bonus
cards are laid out, scores fall in every first-meld band. Deterministic for
a ``random.Random``.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import Card, format_cards
from .errors import TutorError
from .melds import is_legal
from .rules import BUILTIN, Rules, load_variant, rules_for
from .spot import Spot

SCORE_POINTS = (-350, -5, 0, 120, 495, 500, 995, 1000, 1495, 1500, 1995, 2000, 2495, 2500, 2995, 3000, 4200, 4600)


def random_options(rng: random.Random, variant: str) -> dict[str, Any]:
    """Options drawn at random among the layouts and switches the variant offers."""
    v = load_variant(variant)
    rows = v.data["layouts"]
    row = rng.choice(rows)
    players = row["players"] if isinstance(row["players"], int) else rng.choice(row["players"])
    options: dict[str, Any] = {"players": players}
    if "partnerships" in v.options and v.options["partnerships"].get("default") != "auto":
        options["partnerships"] = row.get("partnerships", 0)
    for name, spec in v.options.items():
        if name in ("players", "partnerships"):
            continue
        if spec.get("list"):
            options[name] = sorted(rng.sample(spec["choices"], rng.randint(0, 3)))
        else:
            options[name] = rng.choice(spec["choices"])
    return options


def _random_meld(rng: random.Random, rules: Rules, pool: list[Card]) -> list[Card] | None:
    naturals = [c for c in pool if rules.role(c) == "natural" and c.rank in rules.natural_ranks]
    wilds = [c for c in pool if rules.role(c) == "wild"]
    if not naturals:
        return None
    rank = rng.choice(naturals).rank
    same = [c for c in naturals if c.rank == rank]
    if rules["meld"].get("sequences") and rng.random() < 0.5:
        suit = rng.choice(same).suit
        run = sorted({c.order: c for c in naturals if c.suit == suit}.items())
        start = rng.randrange(len(run))
        cards = [c for _, c in run[start:start + rng.randint(2, 8)]]
    else:
        cards = same[: rng.randint(2, 8)]
    cards += wilds[: rng.randint(0, 3)]
    while cards and not is_legal(rules, cards):
        cards.pop()
    return cards if len(cards) >= 3 else None


def random_spot(rng: random.Random, variant: str | None = None, *, options: dict | None = None,
                hand_size: tuple[int, int] = (1, 20), pile_size: tuple[int, int] = (0, 30)) -> Spot:
    """One random valid spot; ``variant`` None picks one of the four."""
    variant = variant or rng.choice(BUILTIN)
    options = random_options(rng, variant) if options is None else options
    rules = rules_for(variant, options)
    pool = list(rules.pack.elements())
    rng.shuffle(pool)
    melds: list[list[Card]] = []
    if rng.random() < 0.6:
        for _ in range(rng.randint(1, 4)):
            meld = _random_meld(rng, rules, pool)
            if meld is None:
                continue
            if rules["meld"]["one_per_rank"] and any(m[0].rank == meld[0].rank for m in melds):
                continue
            for c in meld:
                pool.remove(c)
            melds.append(meld)
    hand = [pool.pop() for _ in range(min(len(pool), rng.randint(*hand_size)))]
    bonus = [c for c in hand if rules.role(c) == "bonus"]
    hand = [c for c in hand if rules.role(c) != "bonus"]
    pile = [pool.pop() for _ in range(min(len(pool), rng.randint(*pile_size)))]
    data: dict[str, Any] = {
        "variant": variant, "options": options, "score": rng.choice(SCORE_POINTS),
        "hand": format_cards(hand), "melds": [format_cards(m) for m in melds], "discard": format_cards(pile),
        "stock": rng.randint(0, 60), "phase": rng.choice(("before-draw", "drawn")),
    }
    if rules["cards"].get("bonus"):
        data["red_threes"] = format_cards(bonus)
    if "wimp_rule" in rules.variant.options:
        data["first_round"] = rng.random() < 0.3
        others = [rng.choice(SCORE_POINTS) for _ in range(rules.layout.sides - 1)]
        data["scores"] = [data["score"], *others]
    try:
        return Spot.from_dict(data)
    except TutorError as e:  # a bug in this sampler, never in the caller's hands
        raise AssertionError(f"sampled an invalid spot: {e}\n{data}") from None


def absurd_spots(variant: str) -> dict[str, Spot]:
    """Well-formed spots far beyond any real table, to test the deciders' limits, by name.

    A 100-card hand (drawn and before the draw), a 150-card pile where the
    pack is big enough, and the whole pack in play: 40 cards in hand, every
    other card in the pile or laid out as a bonus card.
    """
    rules = rules_for(variant)
    pool = sorted(rules.pack.elements())
    random.Random(f"absurd:{variant}").shuffle(pool)
    bonus = [c for c in pool if rules.role(c) == "bonus"]
    cards = [c for c in pool if rules.role(c) != "bonus"]
    laid_out = {"red_threes": format_cards(bonus)} if rules["cards"].get("bonus") else {}

    def spot(phase: str, hand: list[Card], pile: list[Card], **extra) -> Spot:
        return Spot.from_dict({"variant": variant, "phase": phase, "score": 0, "hand": format_cards(hand),
                               "discard": format_cards(pile), **extra})

    out = {"100-card hand": spot("drawn", cards[:100], cards[100:]),
           "100-card hand before the draw": spot("before-draw", cards[:100], cards[100:])}
    if len(cards) >= 160:
        out["150-card pile"] = spot("before-draw", cards[:10], cards[10:160])
    out["the whole pack in play"] = spot("before-draw", cards[:40], cards[40:], **laid_out)
    return out
