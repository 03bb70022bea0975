# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Albany 1: sequences, groups and stoppers"
# description = "Three packs, groups and sequences with undeclared wild cards, stoppers, and combining sets."
# ///
"""Albany 1: three packs, groups and sequences with undeclared wild cards, stoppers, and combining sets."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Albany 1: sequences, groups and stoppers")

with app.setup:
    import random
    from itertools import combinations

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, hint,
                          kept, kind_question, kind_words, ladder_step, learn, meld_mistake, meld_verdict, number_word,
                          play_text, practise, problem, progress_widget, quote, recap, rule_html, solution,
                          sort_hand, table_view)
    from rulebook import kind_feedback as role_feedback
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import is_legal, judge, lays_off
    from tutor.questions import ask, referee
    from tutor.render import cards_text, symbols_in
    from tutor.rules import rules_for
    from tutor.spot import Spot
    from tutor.table_moves import combine_sets, exchange_joker, joker_sets_for, sets_holding_a_joker

    rules = rules_for("albany")
    LESSON = "11_albany_sets_and_stoppers"
    EXERCISES = ("pick-a-sequence", "extend-sequence", "pick-stoppers", "stoppers-go-out", "exchange-joker",
                 "combine-or-not", "bridge-sets", "group-or-sequence", "albany-wilds", "pick-a-group",
                 "spoiled-sequence")
    # A sequence spoiled by one card: of another suit, then a card held twice, then a wild card too many,
    # then a three (which no wild card stands for and no set holds).
    SPOIL_STEPS = ("suit", "twice", "wilds", "three")
    # Wild cards to find: in a dealt hand, then in a bigger one.
    WILD_PICK_STEPS = (11, 15)
    # A group to find: three naturals of a rank beside a run of one suit, then a pair that needs a wild
    # card (and more wild cards than a set may carry), then a pair whose third card runs on in one suit.
    GROUP_STEPS = ("plain", "wild", "tempting")
    # Each ladder climbs one step a question, then stays on its top step.
    # A sequence to find: three naturals in a row, then one with a gap for a wild card, then a long one
    # from a hand holding more wild cards than one set may carry.
    SEQUENCE_STEPS = (("plain", 3), ("gap", 3), ("long", 5))
    # A sequence on the table to lengthen: at its top, at both ends, across a gap, past a wild card it holds.
    EXTEND_STEPS = ("top", "both", "gap", "full")
    # Stoppers to find: in a dealt hand, a bigger hand, then with the Deluxe option that adds the 4s.
    STOPPER_PICK_STEPS = ((11, (), "kinds"), (15, (), "suits"), (11, (1,), "kinds"))
    # Going out holding stoppers: one to discard, two, one beside a lay-off, one beside a stray card,
    # then three melded red threes under the Deluxe option.
    STOPPER_OUT_STEPS = ("one", "two", "layoff", "stray", "melded")
    # A joker to free: in a group, in a sequence's middle, at its end, beside a 2.
    EXCHANGE_STEPS = ("group", "middle", "end", "joker-and-two")
    # Two sets side by side: groups, sequences that run on, too many wild cards, a gap, a card twice,
    # sequences whose wild cards find room, a group beside a sequence.
    COMBINE_STEPS = ("groups", "runs-on", "wilds", "gap", "twice", "wild-runs-on", "group-and-run")
    COMBINE_ANSWERS = ("they may combine", "they may not")
    # A gap between two sequences to fill: a natural, a wild card, two cards, then sets that hold
    # a wild card each, so only a natural may fill it.
    BRIDGE_STEPS = ("natural", "wild", "two-gap", "crowded")


@app.function
def kind_of(cards: str, deluxe=()) -> str:
    """'group', 'sequence', 'wild-card set' or 'not a set' under Albany's rules."""
    try:
        meld = judge(rules_for("albany", {"deluxe": list(deluxe)}), parse_cards(cards))
    except IllegalPlayError:
        return "not a set"
    return {"wild": "wild-card set", "stoppers": "group"}.get(meld.kind, meld.kind)


@app.function
def run_in_hand(dealt) -> bool:
    """Does the hand hold three cards of one suit within a span of four ranks (a sequence to find)?"""
    for suit in "SHDC":
        orders = sorted({c.order for c in dealt["hand"] if c.suit == suit and rules.is_natural(c)})
        if any(orders[i + 2] - orders[i] <= 3 for i in range(len(orders) - 2)):
            return True
    return False


@app.function
def low_to_high() -> list:
    """The ranks a sequence runs through, lowest first (from the variant's data)."""
    return list(reversed(rules.natural_ranks))


@app.function
def set_mistake(cards) -> str | None:
    """What is wrong with these cards as one set, said to the misconception; ``None`` for a legal set.

    The verdict is the meld judge's; a set with enough naturals but more wild cards than the
    variant allows is named as such, whatever else the judge found first.
    """
    cards = tuple(parse_cards(cards))
    mistake = meld_mistake(rules, cards)
    if mistake is None:
        return None
    naturals = sum(1 for c in cards if rules.is_natural(c))
    wilds = sum(1 for c in cards if rules.is_wild(c))
    cap = rules.max_wilds()
    if naturals >= rules["meld"]["min_naturals"] and cap is not None and wilds > cap:
        return (f"{number_word(wilds)} wild cards in one set: a set holds at most {number_word(cap)}, however "
                "many naturals it has")
    return symbols_in(mistake)


@app.function
def longest_fit(cards, fits) -> tuple:
    """The most cards of ``cards`` that ``fits(subset)`` accepts (a handful of cards: every subset is tried)."""
    cards = tuple(cards)
    for size in range(len(cards), 0, -1):
        for combo in dict.fromkeys(combinations(cards, size)):
            if fits(combo):
                return combo
    return ()


@app.function
def by_suit(cards) -> tuple:
    """Cards held suit by suit, high to low, wild cards last: stoppers sit among the naturals."""
    return tuple(sorted(cards, key=lambda c: (rules.is_wild(c), "SHDC".find(c.suit), -c.order)))


@app.function
def strangers(rng, suit: str, avoid, count: int) -> list:
    """``count`` naturals of other suits than ``suit`` and other ranks than ``avoid``: cards beside the question."""
    ranks = [r for r in low_to_high() if r not in avoid]
    return [Card(r, rng.choice([s for s in "SHDC" if s != suit])) for r in rng.sample(ranks, count)]


@app.function
@kept
def pick_sequence_question(n: int) -> dict:
    """The n-th "select a sequence" hand: naturals of one suit in a row, then with a gap, then a long one."""
    step, least = ladder_step(n, SEQUENCE_STEPS)
    order = low_to_high()
    for k in range(100):
        rng = random.Random(11100 + n * 100 + k)
        suit = rng.choice("SHDC")
        wild = [Card("JK"), Card("2", rng.choice("SHDC")), Card("2", rng.choice("SHDC"))]
        if step == "plain":
            start = rng.randint(0, len(order) - 3)
            run = [Card(r, suit) for r in order[start:start + 3]]
            # the same ranks in another suit: in a row, but not one suit
            other = rng.choice([s for s in "SHDC" if s != suit])
            extra = [Card(order[start], other), Card(order[start + 1], other)]
        elif step == "gap":
            start = rng.randint(0, len(order) - 3)
            run = [Card(order[start], suit), Card(order[start + 2], suit), wild[rng.randint(0, 2)]]
            extra = [Card(order[start + 1], rng.choice([s for s in "SHDC" if s != suit]))]
        else:
            start = rng.randint(0, len(order) - 5)
            run = [Card(order[start + i], suit) for i in (0, 1, 3)] + wild
            extra = [Card(order[start + 2], rng.choice([s for s in "SHDC" if s != suit]))]
        used = {c.rank for c in run + extra}
        hand = run + extra + strangers(rng, suit, used, 9 - len(run) - len(extra)) + [Card("3", rng.choice("SHDC"))]
        sequences = [combo for size in range(least, len(hand) + 1) for combo in combinations(hand, size)
                     if is_legal(rules, combo, going_out=False) and judge(rules, combo).kind == "sequence"]
        naturals_only = any(all(rules.is_natural(c) for c in combo) for combo in sequences)
        if sequences and (step == "plain" or not naturals_only):
            return {"hand": sort_hand(rules, hand), "step": step, "least": least, "example": sequences[-1]}
    raise ValueError("no hand holding a sequence")


@app.function
def pick_sequence_feedback(question, selected) -> tuple:
    """(right?, message) for the cards a learner selects as a sequence, judged by the meld rules."""
    cards = tuple(parse_cards(selected))
    if not cards:
        return None, ""
    mistake = set_mistake(cards)
    if mistake is not None:
        return False, f"Not a set: {mistake}."
    meld = judge(rules, cards, going_out=False)
    if meld.kind != "sequence":
        what = "a group, of one rank" if meld.kind == "group" else "a set of wild cards only"
        return False, f"A legal set, but {what}: a sequence is cards of one suit in a row."
    least = question["least"]
    if len(cards) < least:
        return False, (f"A sequence, but {number_word(len(cards))} cards: this one asks for at least "
                       f"{number_word(least)}. Wild cards may fill the gaps.")
    return True, (f"Right: {cards_text(cards)} is a sequence, {number_word(meld.naturals)} naturals and "
                  f"{number_word(meld.wilds)} wild card{'s' * (meld.wilds != 1)}.")


@app.function
@kept
def extend_question(n: int) -> dict:
    """The n-th "lay off on the sequence" question: the table's sequence and a hand to lengthen it with."""
    step = ladder_step(n, EXTEND_STEPS)
    order = low_to_high()
    rng = random.Random(11200 + n)
    suit = rng.choice("SHDC")
    other = rng.choice([s for s in "SHDC" if s != suit])
    deuce = Card("2", rng.choice("SHDC"))
    if step == "top":
        start = rng.randint(0, len(order) - 5)
        table = [Card(r, suit) for r in order[start:start + 3]]
        fit = [Card(order[start + 3], suit), Card(order[start + 4], suit), Card(order[start + 3], other)]
    elif step == "both":
        start = rng.randint(1, len(order) - 4)
        table = [Card(r, suit) for r in order[start:start + 3]]
        fit = [Card(order[start - 1], suit), Card(order[start + 3], suit), Card(order[start - 1], other)]
    elif step == "gap":
        start = rng.randint(0, len(order) - 5)
        table = [Card(r, suit) for r in order[start:start + 3]]
        fit = [Card(order[start + 4], suit), deuce, Card(order[start + 3], other)]
    else:
        start = rng.randint(0, len(order) - 5)
        table = [Card(order[start], suit), Card("JK"), Card(order[start + 2], suit)]
        fit = [Card(order[start + 4], suit), deuce, Card("JK"), Card(order[start + 3], other)]
    used = {c.rank for c in table + fit}
    hand = sort_hand(rules, fit + strangers(rng, suit, used, 7 - len(fit)) + [Card("3", rng.choice("SHDC"))])
    example = longest_fit(hand, lambda cards: lays_off(rules, table, cards))
    return {"hand": hand, "table": tuple(table), "best": len(table) + len(example), "example": example, "step": step}


@app.function
def extend_feedback(question, selected) -> tuple:
    """(right?, message) for cards laid off on the table's sequence: legal, and as long as the hand allows?"""
    cards = tuple(parse_cards(selected))
    if not cards:
        return None, ""
    table, best = question["table"], question["best"]
    grown = table + cards
    if not lays_off(rules, table, cards):
        mistake = set_mistake(grown)
        if mistake is None:
            return False, "Together they make a set, but no longer this sequence: a lay-off keeps the set's suit."
        return False, f"That does not fit: {mistake}."
    if len(grown) < best:
        return False, (f"A legal lay-off, but the sequence can grow to {number_word(best)} cards with your hand: "
                       "look at both ends, and at a wild card to fill a gap.")
    return True, (f"Right: the sequence grows to {number_word(len(grown))} cards, the longest your hand allows "
                  f"({cards_text(cards)} laid off).")


@app.function
def stoppers_question(n: int) -> dict:
    """The n-th "select the stoppers" hand: a dealt hand, then a bigger one, then with the red 3s and 4s option."""
    size, options, held = ladder_step(n, STOPPER_PICK_STEPS)
    pick_rules = rules_for("albany", {"deluxe": list(options)})
    for k in range(100):
        hand = kind_question(pick_rules, 11300 + n * 100 + k, "stopper", cards=size)
        # with the option on, a stopper the plain game does not know must be there to find
        if not options or any(pick_rules.role(c) == "stopper" and rules.role(c) != "stopper" for c in hand):
            # held suit by suit, or as the plain game sorts it: the stoppers are not all at the end
            hand = by_suit(hand) if held == "suits" else sort_hand(rules, hand)
            return {"hand": hand, "rules": pick_rules, "options": options}
    raise ValueError("no hand with a stopper")


@app.function
def stoppers_feedback(question, selected) -> tuple:
    """(right?, message) for "select every stopper", by the variant's roles (and the option's)."""
    pick_rules, hand = question["rules"], question["hand"]
    right, text = role_feedback(pick_rules, hand, selected, "stopper", "stoppers")
    if right is False:
        # the option's own stoppers, none of them picked: the misconception is "only threes stop"
        added = {c.rank for c in hand if pick_rules.role(c) == "stopper" and rules.role(c) != "stopper"}
        missed = added - {c.rank for c in parse_cards(selected)}
        if missed:
            text += f" With this option the {' and '.join(sorted(missed))}s are stoppers too."
    return right, text


@app.function
def option_note(deluxe) -> str:
    """The Deluxe options a question is played with, by name and in the variant's words."""
    if not deluxe:
        return "Albany's own rules, no option."
    return " ".join(f"With the Deluxe option *{rules.data['deluxe'][str(n)]['name']}*: "
                    f"{rules.data['deluxe'][str(n)]['text']}" for n in deluxe)


@app.function
def table_of(ranks, go_rules) -> list:
    """Groups of seven naturals, one per rank: the canastas a side needs to go out."""
    suits = "SHDCSHD"
    return [[Card(r, s) for s in suits] for r in ranks[:go_rules.canastas_to_go_out]]


@app.function
@kept
def stoppers_out_question(n: int) -> dict:
    """The n-th "may you go out holding stoppers?" spot: the canastas are down; the checker decides."""
    step = ladder_step(n, STOPPER_OUT_STEPS)
    options = [1] if step == "melded" else []
    go_rules = rules_for("albany", {"deluxe": options})
    rng = random.Random(11400 + n)
    need = go_rules.canastas_to_go_out
    ranks = rng.sample([r for r in go_rules.natural_ranks], need + 2)
    table = table_of(ranks, go_rules)
    threes = [Card("3", s) for s in "SHDC"]
    hand = [Card(ranks[need], s) for s in rng.sample("SHDC", 3)]
    if step == "one":
        hand += [rng.choice(threes)]
    elif step == "two":
        hand += rng.sample(threes, 2)
    elif step == "layoff":
        hand += [Card(ranks[0], rng.choice("SHDC")), rng.choice(threes)]
    elif step == "stray":
        hand += [Card(ranks[need + 1], rng.choice("SHDC")), rng.choice(threes)]
    else:
        red = [c for c in threes if c.is_red]
        hand += [rng.choice(red) for _ in range(3)] + [Card(ranks[need + 1], rng.choice("SHDC"))]
    spot = Spot.from_dict({"variant": "albany", "options": {"deluxe": options}, "phase": "drawn",
                           "hand": format_cards(sort_hand(go_rules, hand)),
                           "melds": [format_cards(m) for m in table]})
    verdict = ask("go-out", spot)
    return {"spot": spot, "step": step, "may": verdict.answer, "verdict": verdict}


@app.function
def stoppers_out_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a turn played on cards: out when the checker says you may, a legal turn when not."""
    if not groups and not selected:
        return None, ""
    spot = question["spot"]
    go_rules = spot.rules
    try:
        play = play_text(spot, groups, [str(c) for c in selected])
    except ValueError as error:
        return False, f"Not yet: {error}."
    verdict = referee(spot, play)
    out = verdict.answer and verdict.witness.get("went_out")
    held = [c for c in spot.hand if go_rules.role(c) == "stopper"]
    block = go_rules["go_out"]["stoppers_block"]
    stopper_rule = go_rules["go_out"]["stoppers_rule"]
    count = f"you hold {number_word(len(held))} stopper{'s' * (len(held) != 1)}"
    if question["may"]:
        if out:
            return True, (f"Right: you are out. {count.capitalize()}, fewer than {number_word(block)}, and a "
                          "stopper may be your last discard.")
        if verdict.answer:
            return False, (f"A legal turn, but you could have gone out: {count}, and a stopper may be discarded. "
                           "Put every other card down.")
        return False, "Not this turn: " + "; ".join(symbols_in(r.text) for r in verdict.reasons) + "."
    if verdict.answer:
        why = (f"{count}, and {number_word(block)} or more keep you from going out" if len(held) >= block
               else "; ".join(symbols_in(r.text) for r in question["verdict"].reasons))
        return True, f"Right: you cannot go out this turn ({why}), so you play on and keep cards."
    if any(r.rule == stopper_rule for r in verdict.reasons):
        return False, (f"You may not go out: {count} after the draw, and {number_word(block)} or more keep you "
                       "from going out, even when you meld them.")
    return False, "Not this turn: " + "; ".join(symbols_in(r.text) for r in verdict.reasons) + "."


@app.function
def exchange_question(n: int) -> dict:
    """The n-th "free a joker" question: the side's sets, some holding a joker or a 2, and a hand of naturals."""
    step = ladder_step(n, EXCHANGE_STEPS)
    order = low_to_high()
    rng = random.Random(11500 + n)
    suit = rng.choice("SHDC")
    other = rng.choice([s for s in "SHDC" if s != suit])
    deuce = Card("2", rng.choice("SHDC"))
    start = rng.randint(1, len(order) - 5)
    run = [Card(order[start + i], suit) for i in range(5)]
    low = Card(order[start - 1], suit)
    # the group's rank is none of the run's, so a card of it fits no joker's place in the run
    rank = rng.choice([r for r in order if r not in order[start - 1:start + 5]])
    group_two = [Card(rank, s) for s in rng.sample("SHDC", 2)] + [deuce]
    if step == "group":
        table = [[Card(rank, "S"), Card(rank, "H"), Card("JK")], run[:3]]
        hand = [Card(rank, rng.choice("DC")), run[3], Card("2", rng.choice("SHDC"))]
    elif step == "middle":
        table = [[run[0], Card("JK"), run[2]], group_two]
        hand = [run[1], Card(rank, rng.choice("SHDC")), Card(order[start + 1], other)]
    elif step == "end":
        table = [[run[0], run[1], Card("JK")], group_two]
        hand = [low, run[4], Card(rank, rng.choice("SHDC"))]
    else:
        table = [[run[0], Card("JK"), deuce, run[3]], group_two]
        hand = [run[rng.choice((1, 2))], run[4], Card(rank, rng.choice("SHDC"))]
    used = {c.rank for m in table for c in m} | {c.rank for c in hand}
    hand = sort_hand(rules, hand + strangers(rng, suit, used, 2) + [Card("3", rng.choice("SHDC"))])
    return {"hand": hand, "table": tuple(tuple(m) for m in table), "step": step}


@app.function
def same_set(before, after) -> bool:
    """Are both legal sets, and the same set (a group of one rank, a sequence of one suit)?"""
    try:
        old, new = judge(rules, before), judge(rules, after)
    except IllegalPlayError:
        return False
    return (old.kind, old.key) == (new.kind, new.key)


@app.function
def exchange_feedback(question, selected) -> tuple:
    """(right?, message) for the natural a learner picks to take a table joker's place, judged by the move rules."""
    cards = tuple(parse_cards(selected))
    if not cards:
        return None, ""
    if len(cards) > 1:
        return False, "Select one card: a joker is exchanged for one natural card."
    card, table = cards[0], list(question["table"])
    fits = joker_sets_for(rules, table, card)
    if fits:
        new, joker = exchange_joker(rules, table, fits[0], card)
        return True, (f"Right: the {card.symbol()} takes the joker's place in set {fits[0]}: "
                      f"{cards_text(table[fits[0] - 1])} becomes {cards_text(new)}, and the {joker.symbol()} is "
                      "yours to meld this turn.")
    if not rules.is_natural(card):
        return False, f"The {card.symbol()} is {kind_words(rules, card)}: a joker is exchanged only for a natural card."
    for number, cards_of_set in enumerate(table, start=1):
        deuces = [i for i, c in enumerate(cards_of_set) if rules.is_wild(c) and not c.is_joker]
        for i in deuces:
            if same_set(cards_of_set, cards_of_set[:i] + (card,) + cards_of_set[i + 1:]):
                return False, (f"The {card.symbol()} would stand where the 2 stands in set {number}, but a 2 is "
                               "never exchanged: only a joker leaves a set.")
    joker_sets = sets_holding_a_joker(table)
    try:
        exchange_joker(rules, table, joker_sets[0], card)
    except IllegalPlayError as error:
        why = symbols_in(error.text)
    else:
        why = ""
    fitting = [number for number, cards_of_set in enumerate(table, start=1) if lays_off(rules, cards_of_set, cards)]
    if fitting:
        return False, (f"The {card.symbol()} may be laid off on set {fitting[0]}, but an exchange puts it where the "
                       f"joker stands, and no joker's place is the {card.symbol()}'s" + (f": {why}." if why else "."))
    return False, f"Not this card: {why}." if why else "Not this card."


@app.function
def combine_question(n: int) -> dict:
    """The n-th "may these two sets combine?" question, climbing through the ways two sets meet."""
    step = ladder_step(n, COMBINE_STEPS)
    order = low_to_high()
    rng = random.Random(11600 + n)
    suit = rng.choice("SHDC")
    rank = rng.choice(order)
    deuce, joker = Card("2", rng.choice("SHDC")), Card("JK")
    start = rng.randint(0, len(order) - 7)
    run = [Card(order[start + i], suit) for i in range(7)]
    groups = [Card(rank, s) for s in "SHDCSHD"]
    first, second = {
        "groups": (groups[:3], groups[3:5] + [deuce]),
        "runs-on": (run[:3], run[3:6]),
        "wilds": (groups[:2] + [deuce, joker], groups[2:4] + [Card("2", rng.choice("SHDC"))]),
        "gap": (run[:3], run[4:7]),
        "twice": (run[:4], run[3:6]),
        "wild-runs-on": ([run[0], run[1], deuce], [run[3], run[4], joker]),
        "group-and-run": ([Card(order[start], s) for s in "SHD" if s != suit] + [Card(order[start], suit)], run[1:4]),
    }[step]
    return {"sets": (tuple(first), tuple(second)), "step": step}


@app.function
def bridge_question(n: int) -> dict:
    """The n-th "join two sequences" question: a gap between two of the side's sequences, and cards to fill it."""
    step = ladder_step(n, BRIDGE_STEPS)
    order = low_to_high()
    rng = random.Random(11700 + n)
    suit = rng.choice("SHDC")
    other = rng.choice([s for s in "SHDC" if s != suit])
    gap = 2 if step == "two-gap" else 1
    start = rng.randint(0, len(order) - 6 - gap)
    run = [Card(r, suit) for r in order[start:start + 6 + gap]]
    below, missing, above = run[:3], run[3:3 + gap], run[3 + gap:]
    deuce = Card("2", rng.choice("SHDC"))
    if step == "natural":
        hand = missing + [Card(missing[0].rank, other)]
    elif step == "wild":
        hand = [deuce, Card(missing[0].rank, other)]
    elif step == "two-gap":
        hand = [missing[0], deuce, Card(missing[1].rank, other)]
    else:
        below = [below[0], Card("2", rng.choice("SHDC")), below[2]]
        above = [above[0], above[1], Card("JK")]
        hand = missing + [deuce, Card(missing[0].rank, other)]
    used = {c.rank for c in run}
    hand = sort_hand(rules, hand + strangers(rng, suit, used, 3) + [Card("3", rng.choice("SHDC"))])
    return {"hand": hand, "sets": (tuple(below), tuple(above)), "step": step}


@app.function
def bridged(question, cards):
    """The one set the two sequences make once ``cards`` are laid off on either, or ``None`` (the move rules)."""
    first, second = question["sets"]
    for a, b in ((first + tuple(cards), second), (first, second + tuple(cards))):
        if lays_off(rules, first if b is second else second, cards):
            try:
                return combine_sets(rules, [a, b], 1, 2)[0]
            except IllegalPlayError:
                continue
    return None


@app.function
def bridge_feedback(question, selected) -> tuple:
    """(right?, message) for the cards laid off so that the side's two sequences combine into one."""
    cards = tuple(parse_cards(selected))
    if not cards:
        return None, ""
    first, second = question["sets"]
    joined = bridged(question, cards)
    if joined is not None:
        canasta = rules["canasta"]["min_cards"]
        more = f", a canasta of {number_word(len(joined))} cards" if len(joined) >= canasta else ""
        return True, (f"Right: with {cards_text(cards)} laid off, the two sets combine into one sequence"
                      f"{more}: {cards_text(joined)}.")
    if not (lays_off(rules, first, cards) or lays_off(rules, second, cards)):
        mistake = set_mistake(first + cards) or set_mistake(second + cards)
        return False, f"That fits neither set: {mistake}." if mistake else "That fits neither set."
    mistake = set_mistake(first + cards + second)
    return False, ("Laid off, but the two sets still do not make one set"
                   + (f": {mistake}." if mistake else ": a gap is left between them."))


@app.function
def combine_truth(question) -> tuple:
    """(may combine?, the combined set or the reason not), by the move rules."""
    first, second = question["sets"]
    try:
        joined = combine_sets(rules, [first, second], 1, 2)[0]
    except IllegalPlayError as error:
        return False, set_mistake(first + second) or symbols_in(error.text)
    return True, joined


@app.function
def combine_feedback(question, answer) -> tuple:
    """(right?, message) for "may these two sets combine?", the answer by the move rules."""
    if answer is None:
        return None, ""
    may, what = combine_truth(question)
    if may:
        shape = judge(rules, what)
        kind = f"a group of {len(what)} cards" if shape.kind == "group" else f"a sequence of {len(what)} cards"
        why = f"together they make {cards_text(what)}, {kind}, still a legal set"
    else:
        why = what
    if (answer == COMBINE_ANSWERS[0]) == may:
        return True, f"Right: {why}."
    return False, (f"They may combine: {why}." if may else f"They may not: {why}.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Albany: sequences, groups and stoppers
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "the Albany pack: three packs and six jokers;",
        "the two kinds of set: groups of one rank and sequences in one suit;",
        "how wild cards fill a sequence without being declared;",
        "why threes are stoppers;",
        "how sets on the table may be combined, and a joker exchanged.",
    )
    return


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    tracker
    return (tracker,)


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## A bigger game

    Albany Canasta uses three packs and six jokers, **{sum(rules.pack.values())}
    cards**, for two to six players. The 2s and jokers are wild and aces are
    high only: a sequence may end with the ace but never starts with it.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-DECK")
    return


@app.function
def albany_wilds_question(n: int) -> tuple:
    """The n-th "select the wild cards" hand, as dealt from Albany's three packs: a bigger hand after the first."""
    return kind_question(rules, 11700 + n, "wild", cards=ladder_step(n, WILD_PICK_STEPS))


@app.function
def albany_wilds_feedback(hand, selected) -> tuple:
    """(right?, message) for "select every wild card", by Albany's roles."""
    right, text = role_feedback(rules, hand, selected, "wild", "wild cards")
    stray = [c for c in parse_cards(selected) if not rules.is_wild(c)]
    if stray and stray[0].rank in rules_for("canasty").wild_ranks:
        # the misconception a Canasty player brings along
        text += f" {stray[0].symbol()} is wild in Canasty, not in Albany."
    return right, text


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: the wild cards

    Select **every wild card** in this Albany hand, and nothing else. The
    second hand is bigger.
    """)
    return


@app.cell
def _():
    new_wilds = deal_button("Next hand")
    new_wilds
    return (new_wilds,)


@app.cell
def _(new_wilds):
    wilds_hand = albany_wilds_question(new_wilds.value)
    wilds_pick = hand_widget(rules, wilds_hand)
    mo.vstack([wilds_pick, hint("Albany's wild cards are those of the classic game, not of Canasty; threes are "
                                "never wild.")])
    return wilds_hand, wilds_pick


@app.cell
def albany_wilds_check(tracker, wilds_hand, wilds_pick):
    _right, _text = albany_wilds_feedback(wilds_hand, wilds_pick.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="albany-wilds", waiting="Select the wild cards.")
    return


@app.cell(hide_code=True)
def _(wilds_hand):
    solution("Show the solution", mo.md(f"{cards_text([c for c in wilds_hand if rules.is_wild(c)])}: every "
                                        "2 and every joker, whatever its suit or colour."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Groups and sequences

    A set in Albany is either

    - a **group**: three or more cards of one rank, such as 9♠ 9♥ 9♦; or
    - a **sequence**: three or more cards in a row in one suit, from 4 up to
      the ace, such as 5♥ 6♥ 7♥. A sequence holds each card once, so it is at
      most eleven cards long (4 to A).

    Every set needs at least **two naturals** and holds at most **two wild
    cards**, except a set made of wild cards only (three or more), which is
    legal in Albany. Wild cards are *not declared*: 5♥ 2♣ 7♥ is a sequence
    because the 2 can only be the 6♥; 5♥ 7♥ JK 2♠ is one too, with the wild
    cards somewhere that makes it a run. A wild card never stands for a 3, a
    2 or anything above the ace.

    Unlike classic, a side may hold several sets of the same rank or suit,
    and any legal set may be its first meld: there is no minimum.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-SET", "A-NOMIN")
    return


@app.function
def pick_group_question(n: int) -> dict:
    """The n-th "select a group" hand: three naturals of a rank, then a pair and wild cards, then a tempting pair."""
    step = ladder_step(n, GROUP_STEPS)
    order = low_to_high()
    rng = random.Random(11800 + n)
    start = rng.randint(1, len(order) - 3)
    rank, suit = order[start], rng.choice("SHDC")
    others = [x for x in "SHDC" if x != suit]
    if step == "plain":
        # three of a rank, two of them beside their neighbours in one suit: a run to mistake for the answer
        near = [Card(order[start - 1], suit), Card(order[start + 1], suit)]
        group = [Card(rank, suit), Card(rank, others[0]), Card(rank, others[1])]
        hand = group + near
    elif step == "wild":
        # a pair and three wild cards: one more than a set may carry
        group = [Card(rank, suit), Card(rank, others[0]), Card("2", rng.choice("SHDC"))]
        hand = group + [Card("JK"), Card("2", rng.choice("SHDC"))]
    else:
        # a pair, its neighbours in one suit, and a wild card: the run is legal, but it is no group
        group = [Card(rank, suit), Card(rank, others[0]), Card("JK")]
        hand = group + [Card(order[start + 1], suit), Card(order[start + 2], suit)]
    used = {c.rank for c in hand}
    hand += strangers(rng, suit, used, 10 - len(hand)) + [Card("3", rng.choice("SHDC"))]
    return {"hand": sort_hand(rules, hand), "example": tuple(group), "step": step}


@app.function
def pick_group_feedback(selected) -> tuple:
    """(right?, message) for the cards a learner selects as a group, judged by the meld rules."""
    cards = tuple(parse_cards(selected))
    if not cards:
        return None, ""
    mistake = set_mistake(cards)
    if mistake is not None:
        return False, f"Not a set: {mistake}."
    meld = judge(rules, cards, going_out=False)
    if meld.kind != "group":
        what = "a sequence, of one suit in a row" if meld.kind == "sequence" else "a set of wild cards only"
        return False, f"A legal set, but {what}: a group is cards of one rank, whatever their suits."
    wilds = f" and {number_word(meld.wilds)} wild card{'s' * (meld.wilds != 1)}" if meld.wilds else ""
    return True, f"Right: {cards_text(cards)} is a group, {number_word(meld.naturals)} naturals{wilds}."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: find a group

    Select cards of your hand that make a **group**. First three naturals
    of one rank; then a pair that needs a wild card; then a hand where a
    sequence is easier to see.
    """)
    return


@app.cell
def _():
    new_group = deal_button("Next hand")
    new_group
    return (new_group,)


@app.cell
def _(new_group):
    grp_ask = pick_group_question(new_group.value)
    grp_hand = hand_widget(rules, grp_ask["hand"])
    mo.vstack([grp_hand, hint(f"Look for one rank, in any suits. A group needs "
                              f"{number_word(rules['meld']['min_naturals'])} naturals and holds at most "
                              f"{number_word(rules.max_wilds())} wild cards; a 3 is never in a set.")])
    return grp_ask, grp_hand


@app.cell
def group_check(grp_hand, tracker):
    _right, _text = pick_group_feedback(grp_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="pick-a-group", waiting="Select the cards of a group.")
    return


@app.cell(hide_code=True)
def _(grp_ask):
    solution("Show a group in this hand", meld_verdict(rules, grp_ask["example"]))
    return


@app.function
def spoil_question(n: int) -> dict:
    """The n-th "spoiled sequence" row: a sequence of one suit and the one card that keeps it from being one."""
    step = ladder_step(n, SPOIL_STEPS)
    order = low_to_high()
    rng = random.Random(11900 + n)
    suit = rng.choice("SHDC")
    start = rng.randint(0, len(order) - 5)
    run = [Card(r, suit) for r in order[start:start + 4]]
    if step == "suit":
        spoiler = Card(order[start + 4], rng.choice([x for x in "SHDC" if x != suit]))
    elif step == "twice":
        spoiler = run[rng.randint(1, 2)]
    elif step == "wilds":
        # two wild cards fill two gaps; the third is one too many
        run = [run[0], Card("JK"), run[2], Card("2", rng.choice("SHDC")), Card(order[start + 4], suit)]
        spoiler = Card("2", rng.choice("SHDC"))
    else:
        spoiler = Card("3", suit)
    row = run + [spoiler]
    rng.shuffle(row)
    return {"row": tuple(row), "spoiler": spoiler, "step": step}


@app.function
def spoil_feedback(question, selected) -> tuple:
    """(right?, message) for "select the card that spoils the sequence", judged by the meld rules."""
    picked = tuple(parse_cards(selected))
    if not picked:
        return None, ""
    if len(picked) > 1:
        return False, "One card spoils it: select a single card."
    rest = list(question["row"])
    rest.remove(picked[0])
    mistake = set_mistake(rest)
    if mistake is not None:
        return False, f"Without {picked[0].symbol()} the cards are still no set: {mistake}."
    meld = judge(rules, tuple(rest), going_out=False)
    if meld.kind != "sequence":
        return False, f"Without {picked[0].symbol()} the cards are a set, but not a sequence."
    why = symbols_in(meld_mistake(rules, question["row"]) or "")
    return True, (f"Right: {cards_text(rest)} is a sequence, and {picked[0].symbol()} spoils it: {why}.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: the card that spoils it

    These cards would make a **sequence** but for one of them. Select
    **the card that spoils the sequence**. First a card of the wrong suit;
    then subtler ones.
    """)
    return


@app.cell
def _():
    new_spoil = deal_button("Next cards")
    new_spoil
    return (new_spoil,)


@app.cell
def _(new_spoil):
    spl_ask = spoil_question(new_spoil.value)
    spl_row = hand_widget(rules, spl_ask["row"])
    mo.vstack([spl_row, hint(f"A sequence is one suit in a row, each card once, with at most "
                             f"{number_word(rules.max_wilds())} wild cards; no wild card stands for a 3.")])
    return spl_ask, spl_row


@app.cell
def spoil_check(spl_ask, spl_row, tracker):
    _right, _text = spoil_feedback(spl_ask, spl_row.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="spoiled-sequence", waiting="Select one card.")
    return


@app.cell(hide_code=True)
def _(spl_ask):
    _rest = list(spl_ask["row"])
    _rest.remove(spl_ask["spoiler"])
    solution("Show the solution", mo.vstack([mo.md(f"Take out {spl_ask['spoiler'].symbol()}:"),
                                             meld_verdict(rules, _rest, going_out=False)]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Try it

    Select cards to see whether they make a set, and of which kind.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    dealt = deal_until(rules, 1111 + deal_again.value, run_in_hand, cards=13)
    hand_view = hand_widget(rules, dealt["hand"])
    hand_view
    return (hand_view,)


@app.cell
def set_verdict(hand_view):
    meld_verdict(rules, hand_view.widget.selected_cards(), empty="Select cards to see whether they make a set.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: find a sequence

    Select cards of your hand that make a **sequence**. First three
    naturals in a row; then a gap that a wild card fills; then at least
    five cards, from a hand with more wild cards than one set may carry.
    """)
    return


@app.cell
def _():
    new_sequence = deal_button("Next hand")
    new_sequence
    return (new_sequence,)


@app.cell
def _(new_sequence):
    seq_ask = pick_sequence_question(new_sequence.value)
    seq_hand = hand_widget(rules, seq_ask["hand"])
    mo.vstack([mo.md(f"Select a sequence of at least **{number_word(seq_ask['least'])} cards**."), seq_hand,
               hint(f"Look along one suit. A wild card may stand for a missing card, but a set holds at most "
                    f"{number_word(rules.max_wilds())} of them; a 3 is never in a set.")])
    return seq_ask, seq_hand


@app.cell
def sequence_check(seq_ask, seq_hand, tracker):
    _right, _text = pick_sequence_feedback(seq_ask, seq_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="pick-a-sequence", waiting="Select the cards of a sequence.")
    return


@app.cell(hide_code=True)
def _(seq_ask):
    solution("Show a sequence in this hand", meld_verdict(rules, seq_ask["example"]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: lengthen the sequence

    Your side has a sequence on the table. Select the cards of your hand to
    lay off on it, to make it **as long as you can**. A card may go on
    either end, and a wild card may fill a gap, as long as the set keeps at
    most its share of wild cards.
    """)
    return


@app.cell
def _():
    new_extend = deal_button("Next hand")
    new_extend
    return (new_extend,)


@app.cell
def _(new_extend):
    ext_ask = extend_question(new_extend.value)
    ext_hand = hand_widget(rules, ext_ask["hand"], melds=[format_cards(ext_ask["table"])])
    mo.vstack([ext_hand, hint("Which card comes just below the sequence, and which just above? If one is missing, "
                              "a wild card may stand for it. Count the wild cards already in the set.")])
    return ext_ask, ext_hand


@app.cell
def extend_check(ext_ask, ext_hand, tracker):
    _right, _text = extend_feedback(ext_ask, ext_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="extend-sequence",
             waiting="Select the cards to lay off on the sequence.")
    return


@app.cell(hide_code=True)
def _(ext_ask):
    solution("Show the longest sequence",
             meld_verdict(rules, ext_ask["table"] + ext_ask["example"]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Stoppers

    The threes, red or black, are **stoppers**. A stopper is never melded and
    can never be taken from the top of the pile; it may be discarded, and it
    can only be picked up inside a deeper pick-up (lesson 12). Holding **two
    or more** stoppers (counted after the draw, before any meld) prevents a
    player from going out, and a stopper left in the hand costs 50.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-STOPPER")
    return


@app.cell(hide_code=True)
def _():
    _option = rules.data["deluxe"]["1"]["name"]
    mo.md(rf"""
    ### Practice: find the stoppers

    Select every stopper in your hand. The hands grow bigger, and then come
    with the Deluxe option *{_option}*, where more cards stop.
    """)
    return


@app.cell
def _():
    new_stoppers = deal_button("Next hand")
    new_stoppers
    return (new_stoppers,)


@app.cell
def _(new_stoppers):
    stp_ask = stoppers_question(new_stoppers.value)
    stp_hand = hand_widget(stp_ask["rules"], stp_ask["hand"])
    mo.vstack([mo.md(option_note(stp_ask["options"])), stp_hand, hint("Every 3 is a stopper, red or black, whatever its suit; an option may "
                                            "add another rank.")])
    return stp_ask, stp_hand


@app.cell
def stoppers_check(stp_ask, stp_hand, tracker):
    _right, _text = stoppers_feedback(stp_ask, stp_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="pick-stoppers", waiting="Select every stopper.")
    return


@app.cell(hide_code=True)
def _(stp_ask):
    _found = [c for c in stp_ask["hand"] if stp_ask["rules"].role(c) == "stopper"]
    solution("Show the stoppers", cards_view(_found, stp_ask["rules"], label="the stoppers"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: out, with stoppers in hand?

    Your side has the canastas it needs, and you have just drawn. Go out if
    you may: **Group** your sets and lay-offs, then select your discard. If
    you may not, play your turn anyway and keep cards. The last hand comes
    with the Deluxe option that lets red 3s be melded.
    """)
    return


@app.cell
def _():
    new_out = deal_button("Next hand")
    new_out
    return (new_out,)


@app.cell
def _(new_out):
    out_ask = stoppers_out_question(new_out.value)
    out_hand = hand_widget(out_ask["spot"].rules, out_ask["spot"].hand, melds=out_ask["spot"].melds)
    _block = number_word(rules["go_out"]["stoppers_block"])
    mo.vstack([mo.md(option_note(out_ask["spot"].rules.options.get("deluxe"))), out_hand,
               hint(f"Count your stoppers first: {_block} or more, counted after the draw and before you meld, keep "
                    "you from going out. One stopper may be your last discard.")])
    return out_ask, out_hand


@app.cell
def stoppers_out_check(out_ask, out_hand, tracker):
    _right, _text = stoppers_out_feedback(out_ask, out_hand.widget.group_cards(), out_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="stoppers-go-out",
             waiting="Group your sets, then select your discard.")
    return


@app.cell(hide_code=True)
def _(out_ask):
    _, _view = ask_verdict("go-out", out_ask["spot"], yes="Yes, you can go out this turn",
                           no="No, you cannot go out this turn")
    solution("Show the checker's answer", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Combining sets and exchanging jokers

    Sets on the table are not fixed. Two sets that adjoin (two sequences of
    one suit that run on, or two groups of one rank) may be **combined** into
    one, also with a partner's set, if the result is a legal set. A **joker**
    on the table may be exchanged for the natural card it stands for, and
    the freed joker used in the same turn; a 2 is never exchanged. No other
    card ever leaves a set, and only partners lay off on each other's sets.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-COMBINE")
    return


@app.cell
def _():
    first_set = mo.ui.text(value="5H 6H 7H", label="One set")
    second_set = mo.ui.text(value="8H 9H JK", label="Another set")
    mo.hstack([first_set, second_set], justify="start")
    return first_set, second_set


@app.function
def refused(error: IllegalPlayError) -> mo.Html:
    """A table move the rules refuse, with the rule that refuses it."""
    return mo.callout(mo.Html('<div data-verdict="no"><strong>Not allowed.</strong></div>'
                              + rule_html(rules, error.rule, detail=error.text)), kind="danger")


@app.cell
def combine_verdict(first_set, second_set):
    try:
        _a, _b = parse_cards(first_set.value), parse_cards(second_set.value)
        _joined = combine_sets(rules, [_a, _b], 1, 2)[0] if _a and _b else ()
    except IllegalPlayError as _error:
        _shown = refused(_error)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _shown = mo.vstack([mo.md("Combined, the two sets make:"),
                            meld_verdict(rules, _joined, empty="Type two sets.")])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    A joker on the table is exchanged by putting the natural card it stands
    for in its place; the joker joins your hand, to be melded this turn.
    Try a natural that does not fit, or a set whose only wild card is a 2.
    """)
    return


@app.cell
def _():
    table_set = mo.ui.text(value="5H JK 7H 8H", label="A set on the table")
    natural = mo.ui.text(value="6H", label="A natural from your hand")
    mo.hstack([table_set, natural], justify="start")
    return natural, table_set


@app.cell
def exchange_verdict(natural, table_set):
    try:
        _set, _cards = parse_cards(table_set.value), parse_cards(natural.value)
        if len(_cards) != 1:
            raise TutorError("type one natural card to exchange")
        _new, _joker = exchange_joker(rules, [_set], 1, _cards[0])
    except IllegalPlayError as _error:
        _shown = refused(_error)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _shown = mo.vstack([mo.md(f"The set becomes `{format_cards(_new)}`, and `{_joker}` is yours to meld:"),
                            cards_view(_new, rules)])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    An exchange can decide the hand. Below, your side has the two canastas
    it needs, and you hold `6H 9S 9D`. Laid off, the 6♥ leaves two nines
    that make no set; exchanged for the joker, it frees a third card for
    them, and you go out. The tutor tries every exchange and combining
    before it answers "can you go out?".
    """)
    return


@app.cell
def exchange_example():
    exchange_table = Spot.from_dict({"variant": "albany", "phase": "drawn", "hand": "6H 9S 9D", "discard": "KS",
                                     "melds": ["5H JK 7H", "QC QC QH QH QS 2C 2D", "KC KC KH KH KS KS 2H"]})
    _, exchange_out = ask_verdict("go-out", exchange_table, yes="Yes, you can go out",
                                  no="No, you cannot go out")
    mo.vstack([table_view(exchange_table, title="Your side's table and your hand"), exchange_out])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: free a joker

    Select **one natural card** of your hand that can take the place of a
    joker on your side's table. A joker stands for whatever card the set
    needs, at either end of a sequence; a 2 stays where it is.
    """)
    return


@app.cell
def _():
    new_exchange = deal_button("Next hand")
    new_exchange
    return (new_exchange,)


@app.cell
def _(new_exchange):
    exc_ask = exchange_question(new_exchange.value)
    exc_hand = hand_widget(rules, exc_ask["hand"], melds=[format_cards(m) for m in exc_ask["table"]])
    mo.vstack([exc_hand, hint("Put your card where the joker lies: is the set still legal, and still the same group "
                              "or the same suit? Only a joker leaves a set.")])
    return exc_ask, exc_hand


@app.cell
def exchange_check(exc_ask, exc_hand, tracker):
    _right, _text = exchange_feedback(exc_ask, exc_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="exchange-joker", waiting="Select one card.")
    return


@app.cell(hide_code=True)
def _(exc_ask):
    _rows = []
    for _card in dict.fromkeys(exc_ask["hand"]):
        _sets = joker_sets_for(rules, list(exc_ask["table"]), _card)
        if _sets:
            _rows.append(f"- {_card.symbol()} takes the joker's place in set {' or '.join(map(str, _sets))}")
    solution("Show the cards that free a joker", mo.md("\n".join(_rows)))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: may they combine?

    Two of your side's sets lie on the table. May they be combined into
    one? Groups of one rank may, and sequences of one suit that run on; the
    set they make must itself be legal.
    """)
    return


@app.cell
def _():
    new_combine = deal_button("Next sets")
    new_combine
    return (new_combine,)


@app.cell
def _(new_combine):
    cmb_ask = combine_question(new_combine.value)
    cmb_answer = mo.ui.radio(options=list(COMBINE_ANSWERS), label="These two sets", inline=True)
    mo.vstack([hand_widget(rules, "", melds=[format_cards(m) for m in cmb_ask["sets"]], readonly=True), cmb_answer,
               hint(f"Put the two sets side by side: one rank, or one suit in a row with each card once? Count the "
                    f"wild cards: {number_word(rules.max_wilds())} at most in one set.")])
    return cmb_answer, cmb_ask


@app.cell
def combine_check(cmb_answer, cmb_ask, tracker):
    _right, _text = combine_feedback(cmb_ask, cmb_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="combine-or-not", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(cmb_ask):
    _first, _second = cmb_ask["sets"]
    solution("Show the set they would make", meld_verdict(rules, _first + _second))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: join two sequences

    Your side has two sequences of one suit with a gap between them. Select
    the cards of your hand that, laid off to fill the gap, let the two be
    **combined** into one long sequence.
    """)
    return


@app.cell
def _():
    new_bridge = deal_button("Next hand")
    new_bridge
    return (new_bridge,)


@app.cell
def _(new_bridge):
    brg_ask = bridge_question(new_bridge.value)
    brg_hand = hand_widget(rules, brg_ask["hand"], melds=[format_cards(m) for m in brg_ask["sets"]])
    mo.vstack([brg_hand, hint(f"Which cards are missing between the two? A wild card may stand for one, but the "
                              f"whole sequence may hold only {number_word(rules.max_wilds())} wild cards.")])
    return brg_ask, brg_hand


@app.cell
def bridge_check(brg_ask, brg_hand, tracker):
    _right, _text = bridge_feedback(brg_ask, brg_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="bridge-sets", waiting="Select the cards for the gap.")
    return


@app.cell(hide_code=True)
def _(brg_ask):
    _fill = longest_fit(brg_ask["hand"], lambda cards: bridged(brg_ask, cards) is not None)
    solution("Show the long sequence", meld_verdict(rules, bridged(brg_ask, _fill)))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: group, sequence, or neither?

    Say what each of these makes under Albany's rules.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New cards")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question_cards = random.Random(11000 + new_question.value).choice([
        "5H 6H 7H", "5H 2C 7H", "9S 9H 9D 2C", "9S 9H 9D 2C 2D JK", "2C 2D JK", "3S 3H 3D", "KH AH 2C",
        "QH KH AH 2C 2D", "AH 2C 3H", "4S 5S 6H", "TD JD QD KD", "6C 6C 6C JK",
    ])
    answer = mo.ui.radio(options=["group", "sequence", "wild-card set", "not a set"],
                         label="These cards are", inline=True)
    mo.vstack([cards_view(question_cards, rules, label="the cards"), answer,
               hint("One rank: a group. One suit, in a row (wild cards may fill gaps): a sequence.")])
    return answer, question_cards


@app.function
def kind_feedback(cards, answer) -> tuple:
    """(right?, message) for "group / sequence / wild-card set / not a set", with the reason when not a set."""
    if answer is None:
        return None, ""
    truth = kind_of(cards)
    why = symbols_in(meld_mistake(rules, cards) or "") if truth == "not a set" else ""
    if answer == truth:
        return True, f"Right: {truth}" + (f": {why}." if why else ".")
    if truth == "not a set":
        return False, f"Not a set at all: {why}."
    return False, (f"Look again: it is a {truth}. One rank is a group, one suit in a row is a sequence; a set needs "
                   f"at least {number_word(rules['meld']['min_naturals'])} naturals and holds at most "
                   f"{number_word(rules.max_wilds())} wild cards, unless all are wild.")


@app.cell
def exercise_feedback(answer, question_cards, tracker):
    _right, _text = kind_feedback(question_cards, answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="group-or-sequence", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(question_cards):
    solution("Show the solution", meld_verdict(rules, question_cards))
    return


@app.cell(hide_code=True)
def _():
    recap([
        'Albany is played with three packs and six jokers.',
        'A set is a group of one rank or a sequence in one suit; wild cards fill a sequence without being declared.',
        'Threes are stoppers; sets on the table may be combined, and a joker exchanged.',
    ], "12_albany_pile_and_scoring")
    return


if __name__ == "__main__":
    app.run()
