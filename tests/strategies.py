"""Hypothesis strategies for random, realistic, valid spots and goals.

Cards are dealt from the variant's real pack, so no card ever has more copies
than the pack holds; table melds are legal groups, one per rank; bonus cards
are laid out, never held; scores fall in every first-meld band, negative ones
included. Spots are built as the contract's JSON dicts and read with
``Spot.from_dict``, so they are valid by construction.

    spots()                  any of classic, house, canasty
    spots("canasty")         one variant
    spot_dicts(...)          the dicts themselves (to change a key before reading)
    goals(spot)              a random Goal for that spot
"""

from __future__ import annotations

from hypothesis import strategies as st

from tutor.cards import Card, format_cards, full_deck
from tutor.choices import candidates
from tutor.goals import ANY, NONE, Goal
from tutor.play import PICKUP, Action
from tutor.rules import rules_for
from tutor.spot import Spot

VARIANTS = ("classic", "house", "canasty")

# Scores on and around the edges of every first-meld band (C-INITIAL, Y-DOWN, extended).
SCORE_EDGES = (-1200, -5, 0, 5, 495, 500, 995, 1000, 1495, 1500, 1995, 2000, 2495, 2500,
               2995, 3000, 3500, 4000, 4495, 4500, 5200)


@st.composite
def options(draw, variant: str) -> dict:
    """Variant options drawn at random: players, and each variant's switches."""
    if variant == "classic":
        return {"players": draw(st.sampled_from([2, 4]))}
    if variant == "house":
        return {"players": draw(st.integers(2, 6)), "draw": draw(st.sampled_from([1, 2]))}
    return {"players": draw(st.integers(2, 12)), "extended": draw(st.booleans()),
            "wimp_rule": draw(st.booleans())}


scores = st.one_of(st.sampled_from(SCORE_EDGES), st.integers(-200, 1100).map(lambda s: s * 5))


def _meld_shape(rules, naturals: int, wilds_held: int, draw) -> int:
    """How many wild cards a random legal group of ``naturals`` may hold."""
    cap = rules.max_wilds()
    most = wilds_held if cap is None else min(cap, wilds_held)
    if rules["meld"].get("wilds_at_most_naturals"):
        most = min(most, naturals)
    least = max(0, rules["meld"]["min_cards"] - naturals)
    if least > most:
        return -1
    return draw(st.integers(least, min(most, least + 4)))


@st.composite
def spot_dicts(draw, variant: str | None = None, *, hand: tuple[int, int] = (1, 20),
               pile: tuple[int, int] = (0, 30), phase: str | None = None, first_meld: bool = False) -> dict:
    """A random realistic spot as the contract's JSON dict (hand and pile sizes within the ranges).

    ``first_meld``: the side has not melded, the turn starts before the draw, and the pile holds
    cards of the hot ranks below a top card of one: pickups that feed a first meld (C-INITIAL, Y-DOWN).
    """
    variant = variant or draw(st.sampled_from(VARIANTS))
    opts = draw(options(variant))
    rules = rules_for(variant, opts)
    deck = full_deck(rules.layout.decks, rules["pack"]["jokers_per_deck"])
    draw(st.randoms(use_true_random=False)).shuffle(deck)
    role = rules.role
    naturals = list(rules.natural_ranks)
    # a few "hot" ranks make melds, pickups and going out likely, as in real play
    hot = set(draw(st.lists(st.sampled_from(naturals), min_size=1, max_size=5, unique=True)))

    def take(pred, n: int) -> list[Card]:
        got = [c for c in deck if pred(c)][:n]
        for c in got:
            deck.remove(c)
        return got

    # the side's melds: legal groups, one per rank (C-MELD, H-MELD, Y-SET)
    melds: list[str] = []
    if not first_meld and draw(st.booleans()):
        for rank in draw(st.lists(st.sampled_from(naturals), max_size=4, unique=True)):
            have = sum(1 for c in deck if c.rank == rank and role(c) == "natural")
            n = draw(st.integers(2, max(2, min(have, 8))))
            wilds_left = sum(1 for c in deck if role(c) == "wild")
            w = _meld_shape(rules, n, wilds_left, draw)
            if have < n or w < 0:
                continue
            cards = take(lambda c, r=rank: c.rank == r and role(c) == "natural", n)
            cards += take(lambda c: role(c) == "wild", w)
            melds.append(format_cards(cards))
        if rules["wild_meld"].get("allowed") and draw(st.integers(0, 9)) == 0:
            wild = take(lambda c: role(c) == "wild", draw(st.integers(7, 8)))
            if len(wild) >= 7:
                melds.append(format_cards(wild))
    # the hand: never a bonus card (laid out at once); leaning to the hot ranks and wild cards
    size = draw(st.integers(*hand))
    lean = draw(st.integers(0, size))
    held = take(lambda c: role(c) != "bonus" and (c.rank in hot or role(c) == "wild"), lean)
    held += take(lambda c: role(c) != "bonus", size - len(held))
    held = draw(st.permutations(held))
    red_threes = take(lambda c: role(c) == "bonus", draw(st.integers(0, 3)))
    # the pile, bottom first; its top card often of a hot rank
    discard = take(lambda c: True, draw(st.integers(*pile)))
    if first_meld:
        discard = take(lambda c: c.rank in hot and role(c) == "natural", draw(st.integers(1, 6))) + discard
        discard = list(draw(st.permutations(discard)))
    if discard and (first_meld or draw(st.booleans())):
        top = take(lambda c: c.rank in hot and role(c) == "natural", 1)
        if top:
            deck.append(discard.pop())
            discard.append(top[0])
    players = rules.layout.sides
    d = {"variant": variant, "options": opts, "score": draw(scores), "hand": format_cards(held),
         "melds": melds, "discard": format_cards(discard), "stock": draw(st.integers(0, 60)),
         "phase": "before-draw" if first_meld else phase or draw(st.sampled_from(["before-draw", "drawn"]))}
    if rules["cards"].get("bonus"):
        d["red_threes"] = format_cards(red_threes)
    if "wimp_rule" in rules.variant.options:
        d["first_round"] = draw(st.booleans())
        d["scores"] = [d["score"]] + draw(st.lists(scores, min_size=1, max_size=max(1, players - 1)))
    return d


def spots(variant: str | None = None, **kw) -> st.SearchStrategy[Spot]:
    """Random realistic, valid spots of classic, house and canasty (or one of them)."""
    return spot_dicts(variant, **kw).map(Spot.from_dict)


@st.composite
def pickup_actions(draw, spot: Spot) -> Action:
    """A pickup step naming some hand cards, often the ones that match the pile's top card."""
    rules = spot.rules
    top = spot.top
    fitting = [c for c in spot.hand if top is not None and (c.rank == top.rank or rules.role(c) in ("wild", "blocker"))]
    pool = fitting if fitting and draw(st.booleans()) else list(spot.hand)
    picked = draw(st.lists(st.sampled_from(range(len(pool))), max_size=min(3, len(pool)), unique=True)) if pool else []
    return Action(PICKUP, tuple(pool[i] for i in picked))


@st.composite
def goals(draw, spot: Spot, pickups=None) -> Goal:
    """A random goal for ``spot``: a pickup rule, the flags, maybe a meld to include."""
    before = spot.phase == "before-draw"
    unknown = before and draw(st.booleans())
    if before and not unknown:
        pickup = draw(st.one_of(st.just(ANY), (pickups or pickup_actions)(spot)))
    else:
        pickup = draw(st.sampled_from([NONE, ANY]))
    choices = candidates(spot)
    include = draw(st.one_of(st.none(), st.sampled_from(choices))) if choices else None
    return Goal(pickup=pickup, take_pile=before and not unknown and draw(st.booleans()),
                go_out=draw(st.booleans()), must_meld=draw(st.booleans()), include=include,
                unknown_draw=unknown, best=draw(st.booleans()))




# -- albany: groups and same-suit sequences, stoppers, a fanned pile (A-*) -------------------------
ALBANY_LAYOUTS = ((2, 0), (3, 0), (4, 0), (5, 0), (4, True), (6, 2), (6, 3))


@st.composite
def albany_options(draw) -> dict:
    """A table from A-DEAL, and any Deluxe options (those that change legality: 1, 2, 3, 5)."""
    players, partnerships = draw(st.sampled_from(ALBANY_LAYOUTS))
    deluxe = draw(st.lists(st.sampled_from([1, 2, 3, 5, 4, 6, 7, 8, 9]), max_size=4, unique=True))
    return {"players": players, "partnerships": partnerships, "deluxe": sorted(deluxe)}


def _albany_set(draw, rules, take, hot_ranks, hot_suits) -> list[Card] | None:
    """A random legal albany set from what is left of the pack."""
    from tutor.melds import is_legal

    role = rules.role
    low = 5 if "5" == rules["meld"]["sequence_low"] else 4
    shape = draw(st.sampled_from(["group", "sequence", "sequence", "wild", "stoppers"]))
    wilds = draw(st.integers(0, 2))
    if shape == "group":
        rank = draw(st.sampled_from(sorted(hot_ranks)))
        cards = take(lambda c: c.rank == rank and role(c) == "natural", draw(st.integers(2, 7)))
    elif shape == "sequence":
        suit = draw(st.sampled_from(sorted(hot_suits)))
        start = draw(st.integers(low, 12))
        length = draw(st.integers(2, 8))
        cards = []
        for order in range(start, min(15, start + length)):
            if draw(st.integers(0, 5)) == 0:
                continue  # a gap for a wild card to fill
            rank = "  23456789TJQKA"[order]
            cards += take(lambda c, r=rank: c.rank == r and c.suit == suit and role(c) == "natural", 1)
    elif shape == "wild":
        cards, wilds = [], draw(st.integers(3, 8))
    else:
        cards = take(lambda c: role(c) == "stopper" and c.is_red and c.rank == "3", draw(st.integers(3, 4)))
        wilds = 0
    cards += take(lambda c: role(c) == "wild", wilds)
    return cards if cards and is_legal(rules, cards) else None


@st.composite
def albany_spot_dicts(draw, *, hand: tuple[int, int] = (1, 16), pile: tuple[int, int] = (0, 12),
                      phase: str | None = None) -> dict:
    """A random realistic albany spot: hot ranks and suits make groups, sequences and deep pickups likely."""
    opts = draw(albany_options())
    rules = rules_for("albany", opts)
    deck = full_deck(rules.layout.decks, rules["pack"]["jokers_per_deck"])
    draw(st.randoms(use_true_random=False)).shuffle(deck)
    role = rules.role
    hot_ranks = set(draw(st.lists(st.sampled_from(list(rules.natural_ranks)), min_size=1, max_size=4, unique=True)))
    hot_suits = set(draw(st.lists(st.sampled_from(list("SHDC")), min_size=1, max_size=2, unique=True)))
    hot_orders = {c.order for c in deck if c.rank in hot_ranks}

    def take(pred, n: int) -> list[Card]:
        got = [c for c in deck if pred(c)][:n]
        for c in got:
            deck.remove(c)
        return got

    def hot(c: Card) -> bool:
        near = c.suit in hot_suits and any(abs(c.order - o) <= 2 for o in hot_orders)
        return role(c) == "wild" or c.rank in hot_ranks or near

    melds = []
    # canastas already down, up to what going out needs (A-DEAL), so going out is often in reach
    need = rules.canastas_to_go_out
    for _ in range(draw(st.integers(max(0, need - 1), need)) if draw(st.booleans()) else 0):
        rank = draw(st.sampled_from(list(rules.natural_ranks)))
        cards = take(lambda c, r=rank: c.rank == r and role(c) == "natural", 7)
        if len(cards) == 7:
            melds.append(format_cards(cards))
    for _ in range(draw(st.integers(0, 4))):
        cards = _albany_set(draw, rules, take, hot_ranks, hot_suits)
        if cards:
            melds.append(format_cards(cards))
    if draw(st.integers(0, 3)) == 0:  # a hand made of sets and at most one loose card: going out is near
        held = []
        for _ in range(draw(st.integers(1, 3))):
            held += _albany_set(draw, rules, take, hot_ranks, hot_suits) or []
        held = held[:hand[1] - 1] + take(lambda c: True, draw(st.integers(0 if held else 1, 1)))
    else:
        size = draw(st.integers(*hand))
        held = take(hot, draw(st.integers(0, size)))
        held += take(lambda c: True, size - len(held))
    held = draw(st.permutations(held))
    discard = take(lambda c: True, draw(st.integers(*pile)))
    for i in range(len(discard)):
        if draw(st.integers(0, 2)) == 0:  # deep cards a hand may take up
            swap = take(lambda c: hot(c) and role(c) == "natural", 1)
            if swap:
                deck.append(discard[i])
                discard[i] = swap[0]
    return {"variant": "albany", "options": opts, "score": draw(scores), "hand": format_cards(held),
            "melds": melds, "discard": format_cards(discard), "stock": draw(st.integers(0, 60)),
            "phase": phase or draw(st.sampled_from(["before-draw", "drawn"]))}


def albany_spots(**kw) -> st.SearchStrategy[Spot]:
    return albany_spot_dicts(**kw).map(Spot.from_dict)


@st.composite
def albany_pickups(draw, spot: Spot) -> Action:
    """A named albany pickup: cards near the pile's cards, taking some depth (or none)."""
    pile = spot.discard
    depth = draw(st.sampled_from([None, 1] + list(range(2, len(pile) + 1)))) if pile else None
    lowest = pile[-(depth or 1)] if pile else None
    near = [c for c in spot.hand if lowest is not None and (c.rank == lowest.rank or c.suit == lowest.suit
                                                            or spot.rules.role(c) == "wild")]
    pool = near if near and draw(st.booleans()) else list(spot.hand)
    picked = draw(st.lists(st.sampled_from(range(len(pool))), max_size=min(4, len(pool)), unique=True)) if pool else []
    return Action(PICKUP, tuple(pool[i] for i in picked), None, depth)


def albany_goals(spot: Spot):
    """A random goal for an albany spot: ``goals`` with albany's pickups (depths, the fanned pile)."""
    return goals(spot, pickups=albany_pickups)


# -- a table's own house rules: a random TOML over each variant ------------------------------------
HOUSE_BASES = ("classic", "house", "canasty", "albany")


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return str(value) if isinstance(value, int) else f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" if k.isidentifier() else f'"{k}" = {_toml_value(v)}'
                                for k, v in value.items()) + " }"
    raise TypeError(value)


def house_toml_text(base: str, sections: dict) -> str:
    lines = [f'extends = "{base}"']
    for section, keys in sections.items():
        lines.append(f"[{section}]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in keys.items()]
    return "\n".join(lines) + "\n"


@st.composite
def house_rules(draw, base: str | None = None) -> tuple[str, str]:
    """``(base, TOML text)``: a table's house-rules file over ``base`` (any of the four when None),
    each key of the schema that a turn's legality reads drawn in its legal range (the rest of the
    file, names, texts and rule IDs, is the base's). Only mixes some decider plays are drawn:
    sequences and several sets of a rank come with albany's fanned pile (``questions.undecidable``)."""
    base = base or draw(st.sampled_from(HOUSE_BASES))
    rules = rules_for(base)

    def on() -> bool:
        return draw(st.booleans())

    sections: dict[str, dict] = {}

    def maybe(section: str, key: str, strategy) -> None:
        if on():
            sections.setdefault(section, {})[key] = draw(strategy)

    albany = rules["pile"].get("style") == "fanned"
    wild_sets = [["JK", "2"], ["JK"], ["2"]] + ([["K", "2"], ["K"]] if base == "canasty" else [])
    maybe("cards", "wild", st.sampled_from(wild_sets))
    set_min = draw(st.integers(3, 4)) if on() else rules["meld"]["min_cards"]
    if set_min != rules["meld"]["min_cards"]:
        sections.setdefault("meld", {})["min_cards"] = set_min
    maybe("meld", "min_naturals", st.integers(1, set_min))
    maybe("meld", "max_wilds", st.one_of(st.integers(1, 4), st.just("none")))
    maybe("meld", "wilds_at_most_naturals", st.booleans())
    if albany:
        maybe("meld", "sequences", st.booleans())
        maybe("meld", "sequence_low", st.sampled_from(["4", "5", "6"]))
        maybe("pile", "deep_needs_naturals", st.integers(1, 3))
        maybe("pile", "deep_max_wilds", st.integers(0, 2))
        maybe("pile", "take_up_option", st.booleans())
        maybe("go_out", "stoppers_block", st.integers(0, 3))
        maybe("go_out", "final_discard", st.sampled_from(["optional", "required"]))
    else:
        ways = ["natural_pair", "natural_wild", "layoff"]
        maybe("pile", "take_with", st.lists(st.sampled_from(ways), min_size=1, max_size=3, unique=True))
        maybe("pile", "frozen_unmelded", st.booleans())
        maybe("pile", "single_card_rule", st.booleans())
        maybe("initial", "bands", st.lists(st.integers(0, 150), min_size=1, max_size=3).map(
            lambda needs: [{"from": -10000 + 1000 * i, "need": n} for i, n in enumerate(sorted(needs))]))
        maybe("go_out", "final_discard", st.sampled_from(["optional", "required"]))
        if base == "canasty":
            maybe("go_out", "max_unmatched", st.integers(0, 2))
    maybe("wild_meld", "allowed", st.booleans())
    maybe("wild_meld", "min_cards", st.integers(3, 7))
    maybe("canasta", "min_cards", st.integers(5, 8))
    maybe("draw", "stock_cards", st.integers(1, 2))
    return base, house_toml_text(base, sections)


@st.composite
def house_rules_spots(draw, directory, base: str | None = None, **kw) -> Spot:
    """A spot of a random house-rules file (written under ``directory``, one file per text): a
    realistic spot of its base, read under the house rules; spots the house rules make impossible
    (a table set no longer legal, more copies than the pack) are drawn again."""
    import hashlib

    from hypothesis import assume

    from tutor.errors import TutorError

    base, text = draw(house_rules(base))
    path = directory / f"house_{hashlib.sha1(text.encode()).hexdigest()[:16]}.toml"
    if not path.exists():
        path.write_text(text)
    d = draw(albany_spot_dicts(**kw) if base == "albany" else spot_dicts(base, **kw))
    d = dict(d, variant=str(path))
    try:
        return Spot.from_dict(d)
    except TutorError:
        assume(False)
