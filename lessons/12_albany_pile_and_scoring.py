# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Albany 2: the fanned pile, canastas and scoring"
# description = "Drawing from deep in the pile, canastas by table size, going out, scoring by length, and Deluxe."
# ///
"""Albany 2: drawing from deep in the pile, canastas by table size, going out, scoring by length, and Deluxe."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Albany 2: the fanned pile, canastas and scoring")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from itertools import combinations

    from rulebook import (ask_verdict, cards_view, deal_button, deal_until, hand_widget, hint, kept, ladder_step, learn,
                          meld_mistake, number_word, pairs, play_text, practise, problem, progress_widget, quote,
                          recap, rule_html, solution, table_view, verdict_view)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import judge
    from tutor.questions import ask, referee
    from tutor.render import cards_text
    from tutor.rules import rules_for
    from tutor.scoring import canasta_bonus, score_hand
    from tutor.spot import Spot

    rules = rules_for("albany")
    LESSON = "12_albany_pile_and_scoring"
    EXERCISES = ("deep-pickup", "deepest-card", "taken-exchange", "exchange-first", "empty-hand", "best-canasta",
                 "deluxe-out", "deluxe-score")
    # Each new question climbs a step: the card to take lies deeper in the pile.
    DEPTHS = (2, 3, 4, 5)
    # The canasta questions climb too: a longer run to find among the cards.
    RUN_LENGTHS = (7, 8, 9, 10, 11)
    # The deepest card to find: the pile grows, then a stopper lies under the card to take.
    DEEPEST_STEPS = ((5, False), (6, False), (7, True), (8, True))
    # The card that frees a table joker lies among the cards taken: one, two, then three above the deep card.
    TAKEN_STEPS = (2, 3, 4)
    # May the deep card be taken? With a wild card of one's own, only with the table's joker, with a pair,
    # then only with the joker again, deeper in the pile.
    FIRST_STEPS = (("own-wild", 2), ("exchange", 2), ("pair", 3), ("exchange", 4))
    FIRST_ANSWERS = ("yes, with cards from my hand", "no, not this turn")
    # Going out under the Dead card option: a side one canasta short (enough with the option), two short, any table.
    DEAD_CARD = 5
    OUT_STEPS = ("thanks", "short")
    # The Three of a kind option: a group of one suit against a plain group, a longer group, then a wild card.
    THREE_OF_A_KIND = 2
    SCORE_STEPS = ("plain", "longer", "wild")


@app.function
def fanned_spot(dealt) -> Spot:
    """A before-draw spot whose pile hides a card the hand can meld (a pair of its rank is held)."""
    hand = dealt["hand"]
    counts = Counter(c.rank for c in hand if rules.is_natural(c))
    pairs = [r for r, n in counts.items() if n >= 2]
    pile = list(dealt["discard"])
    if pairs:
        rank = pairs[0]
        pile.insert(2, Card(rank, "D"))
    return Spot.from_dict({"variant": "albany", "hand": format_cards(hand), "discard": format_cards(pile),
                           "melds": [], "phase": "before-draw"})


@app.function
def pickup_verdict_for(spot: Spot, cards: str, depth: int) -> tuple:
    """May the player take from the pile this way? The checker if it can answer, else the referee on the draw.

    The referee replays the draw followed by each possible discard; the first legal
    turn is the proof, and a draw that no discard can follow is refused with its rule.
    Returns ``(answer, view)``; the answer is ``None`` for input the tutor cannot read.
    """
    play = f"{cards} depth {depth}".strip()
    verdict, view = ask_verdict("pickup", spot, play=play, yes="Yes, you may draw this way",
                                no="No, you may not draw this way")
    if verdict is not None:
        return verdict.answer, view
    first = None
    held = list(spot.hand) + list(spot.discard[-depth:])
    for card in dict.fromkeys(held):
        try:
            attempt = referee(spot, f"pickup {play}; discard {card}")
        except TutorError as error:
            return None, problem(error)
        if attempt.answer:
            return True, verdict_view(attempt, spot.rules, yes="Yes, you may draw this way (the referee's proof)")
        if first is None or attempt.extra.get("step") == 1:
            first = attempt
    return False, verdict_view(first, spot.rules, no="No, you may not draw this way")


@app.function
def pile_positions(spot: Spot) -> mo.Html:
    """The fanned pile, top card first, each with the depth that takes it."""
    cells = []
    for depth, card in enumerate(reversed(spot.discard), start=1):
        cells.append(mo.vstack([cards_view([card], rules, width=44), mo.md(f"depth {depth}")], align="center"))
    return mo.hstack(cells, justify="start", gap=0.5)


@app.function
def live_table(spot: Spot, question: str, yes: str, no: str) -> mo.Html:
    """The side's table, the fanned pile and the tutor's live answer to one question about them."""
    _, verdict = ask_verdict(question, spot, yes=yes, no=no)
    return mo.vstack([table_view(spot, title="Your side's table, your hand and the pile"), pile_positions(spot),
                      verdict])


@app.function
def deal_table() -> str:
    rows = ["| players | partnerships | cards dealt | canastas to go out |", "|---:|:---|---:|---:|"]
    for r in rules.data["layouts"]:
        teams = f"{r['partnerships']} teams of {r['players'] // r['partnerships']}" if r.get("partnerships") else "each alone"
        rows.append(f"| {r['players']} | {teams} | {r['hand']} | {r['canastas']} |")
    return "\n".join(rows)


@app.function
@kept
def deep_question(n: int) -> dict:
    """The n-th deep pick-up: a dealt hand and a fanned pile whose card at the given depth the hand can take."""
    depth = ladder_step(n, DEPTHS)
    for k in range(200):
        dealt = deal_until(rules, 12100 + n * 200 + k, lambda d: any(
            v >= 2 for v in Counter(c.rank for c in d["hand"] if rules.is_natural(c)).values()), pile=6)
        counts = Counter(c.rank for c in dealt["hand"] if rules.is_natural(c))
        rank = next(r for r, v in counts.items() if v >= 2)
        pile = [c for c in dealt["discard"] if c.rank != rank]
        if len(pile) < depth - 1:
            continue
        # the card to take, with depth - 1 cards above it
        pile.insert(len(pile) - (depth - 1), Card(rank, "D"))
        spot = Spot.from_dict({"variant": "albany", "hand": format_cards(dealt["hand"]),
                               "discard": format_cards(pile), "phase": "before-draw"})
        pair = [c for c in spot.hand if c.rank == rank][:2]
        if ask("pickup", spot, play=f"{format_cards(pair)} depth {depth}").answer:
            return {"spot": spot, "depth": depth, "card": spot.discard[-depth], "example": format_cards(pair)}
    raise ValueError("no pile to take from")


@app.function
def deep_feedback(question, picked: str) -> tuple:
    """(right?, message) for the cards a learner takes the pile's deep card with, judged by the checker."""
    cards = parse_cards(picked)
    if not cards:
        return None, ""
    depth, card, shown = question["depth"], question["card"].symbol(), cards_text(cards)
    verdict = ask("pickup", question["spot"], play=f"{picked} depth {depth}")
    if verdict.answer:
        return True, (f"Right: the {card} goes down at once with {shown}, and the {number_word(depth - 1)} "
                      f"card{'s' * (depth != 2)} above it come{'s' * (depth == 2)} along into your hand.")
    naturals = [c for c in cards if rules.is_natural(c)]
    mistake = meld_mistake(rules, (question["card"], *cards), going_out=False)
    if len(naturals) < 2:
        return False, (f"The {card} needs at least two naturals from your hand to make a new set with it; wild "
                       "cards alone do not do.")
    if mistake is not None:
        return False, f"The {card} and your cards do not make a set: {mistake}."
    return False, "Not this way: " + "; ".join(r.text for r in verdict.reasons) + "."


@app.function
@kept
def empty_hand_question(n: int) -> dict:
    """The n-th "may you empty your hand?" table: some canastas down, at a table size; the checker decides."""
    rng = random.Random(12300 + n)
    rows = rules.data["layouts"]
    if n < 2:
        row = next(r for r in rows if r["players"] == 4 and not r.get("partnerships"))
        have = row["canastas"] - n
    else:
        row = rng.choice(rows)
        have = row["canastas"] - rng.randint(0, 1)
    return out_question(rng, row, have)


@app.function
def out_question(rng, row, have: int, deluxe=()) -> dict:
    """A drawn spot at this table: ``have`` canastas down and a set and a stray card in the hand."""
    ranks = rng.sample(rules.natural_ranks, have + 2)
    suits = "SHDCSHD"
    melds = [format_cards(Card(r, x) for x in suits) for r in ranks[:have]]
    hand = [Card(ranks[have], x) for x in rng.sample("SHDC", 3)] + [Card(ranks[have + 1], rng.choice("SHDC"))]
    options = {"players": row["players"], "partnerships": row.get("partnerships") or 0}
    if deluxe:
        options["deluxe"] = list(deluxe)
    spot = Spot.from_dict({"variant": "albany", "options": options, "hand": format_cards(hand), "melds": melds,
                           "phase": "drawn"})
    verdict = ask("go-out", spot)
    return {"spot": spot, "row": row, "have": have, "may": verdict.answer, "verdict": verdict, "note": ""}


@app.function
@kept
def deluxe_out_question(n: int) -> dict:
    """The n-th table under the Dead card option: one canasta short of the plain count, or two; the checker decides."""
    rng = random.Random(12600 + n)
    rows = rules.data["layouts"]
    step = OUT_STEPS[n % len(OUT_STEPS)]
    row = next(r for r in rows if r["players"] == 4 and not r.get("partnerships")) if n < 2 else rng.choice(rows)
    have = max(0, row["canastas"] - (1 if step == "thanks" else 2))
    question = out_question(rng, row, have, deluxe=(DEAD_CARD,))
    plain = rules_for("albany", {"players": row["players"], "partnerships": row.get("partnerships") or 0})
    name = rules.data["deluxe"][str(DEAD_CARD)]["name"]
    question["note"] = (f" (with the {name} option; without it, {number_word(plain.canastas_to_go_out)})")
    question["step"] = step
    return question


@app.function
def table_words(row) -> str:
    """A table size in words: how many play, and in what partnerships."""
    if row.get("partnerships"):
        return f"{row['players']} players in {number_word(row['partnerships'])} partnerships"
    return f"{row['players']} players, each alone"


@app.function
def empty_hand_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a turn played on cards: out when the side may go out, a legal turn when not."""
    if not groups and not selected:
        return None, ""
    spot, have, need = question["spot"], question["have"], question["spot"].rules.canastas_to_go_out
    try:
        play = play_text(spot, groups, [str(c) for c in selected])
    except ValueError as error:
        return False, f"Not yet: {error}."
    verdict = referee(spot, play)
    out = verdict.answer and verdict.witness.get("went_out")
    count = (f"your side has {number_word(have)} canasta{'s' * (have != 1)}, and at {table_words(question['row'])} "
             f"it needs {number_word(need)}{question.get('note', '')}")
    if question["may"]:
        if out:
            return True, f"Right: you are out, since {count}."
        if verdict.answer:
            return False, f"A legal turn, but you could have gone out: {count}. Put your last cards down."
        return False, "Not this turn: " + "; ".join(r.text for r in verdict.reasons) + "."
    if verdict.answer:
        return True, f"Right: {count}, so you keep cards in your hand for now."
    before_discard = len(spot.hand) - sum(len(g) for g in groups)
    if before_discard < 2:
        return False, (f"You may not empty your hand yet: {count}. Until then, keep at least two cards in your "
                       "hand before your discard.")
    return False, "Not this turn: " + "; ".join(r.text for r in verdict.reasons) + "."


@app.function
def canasta_question(n: int) -> dict:
    """The n-th "biggest bonus" hand: a run of one suit, a wild card and two strangers; the best found by the rules."""
    rng = random.Random(12500 + n)
    length = ladder_step(n, RUN_LENGTHS)
    order = list(reversed(rules.natural_ranks))  # low to high
    start = rng.randint(0, len(order) - length)
    suit = rng.choice("SHDC")
    run = [Card(r, suit) for r in order[start:start + length]]
    strangers = [Card(r, rng.choice([x for x in "SHDC" if x != suit])) for r in rng.sample(order, 2)]
    hand = sorted(run + [rng.choice([Card("JK"), Card("2", "C")])] + strangers, key=lambda c: (c.suit, -c.order))
    best = max((b.points for k in range(rules["canasta"]["min_cards"], len(hand) + 1)
                for combo in combinations(hand, k) if (b := bonus_of(combo)) is not None), default=0)
    return {"hand": tuple(hand), "best": best, "run": format_cards(run)}


@app.function
def bonus_of(cards):
    """The canasta bonus these cards would earn as one set, or None when they are no canasta (or no set)."""
    try:
        return canasta_bonus(rules, judge(rules, tuple(cards), going_out=False))
    except IllegalPlayError:
        return None


@app.function
def canasta_feedback(question, picked: str) -> tuple:
    """(right?, message) for the set a learner picks as the canasta earning the biggest bonus."""
    cards = parse_cards(picked)
    if not cards:
        return None, ""
    mistake = meld_mistake(rules, cards, going_out=False)
    if mistake is not None:
        return False, f"Not a set: {mistake}."
    low = rules["canasta"]["min_cards"]
    if len(cards) < low:
        return False, f"A legal set, but {number_word(len(cards))} cards are no canasta: it takes {number_word(low)}."
    bonus = bonus_of(cards)
    best = question["best"]
    if bonus is not None and bonus.points == best:
        return True, f"Right: {len(cards)} cards, a {bonus.item} earning {bonus.points}, the most these cards can."
    if any(rules.is_wild(c) for c in cards):
        return False, (f"A wild card makes it mixed, worth {bonus.points if bonus else 0}: the naturals alone "
                       f"make a natural canasta, and a natural one earns more.")
    return False, (f"A natural canasta of {len(cards)} cards earns {bonus.points if bonus else 0}; a longer one "
                   f"earns more, up to {best} here.")


@app.function
def low_to_high() -> list:
    """The ranks a sequence runs through, lowest first (from the variant's data)."""
    return list(reversed(rules.natural_ranks))


@app.function
def deep_take(spot: Spot, depth: int):
    """How the card ``depth`` deep may be taken: ``(cards, verdict)`` for the first hand cards the checker accepts.

    The candidates are the meld judge's: two naturals of the hand (and at most two of its wild cards) that make
    a set with the card. ``(cards, verdict)`` of a refused candidate when none is accepted; ``None`` when no
    cards of the hand make a set with it at all.
    """
    card = spot.discard[-depth]
    naturals = [c for c in dict.fromkeys(spot.hand) if rules.is_natural(c)]
    wilds = [c for c in spot.hand if rules.is_wild(c)]
    refused = None
    for pair in combinations(naturals, 2):
        for extra in dict.fromkeys(w for k in range(3) for w in combinations(wilds, k)):
            if meld_mistake(rules, (card, *pair, *extra)) is not None:
                continue
            cards = format_cards(pair + extra)
            verdict = ask("pickup", spot, play=f"{cards} depth {depth}")
            if verdict.answer:
                return cards, verdict
            refused = refused or (cards, verdict)
    return refused


@app.function
@kept
def deepest_question(n: int) -> dict:
    """The n-th "deepest card you may take" pile: distinct cards, one the hand can meld somewhere below the top.

    Each depth's answer is the checker's, asked here once (never per click).
    """
    size, stopper = ladder_step(n, DEEPEST_STEPS)
    for k in range(200):
        rng = random.Random(12900 + n * 200 + k)
        dealt = deal_until(rules, 12900 + n * 200 + k, lambda d: pairs(rules, d["hand"]) > 0, pile=size + 6)
        hand = dealt["hand"]
        held = Counter(c.rank for c in hand if rules.is_natural(c))
        pile = [c for c in dict.fromkeys(dealt["discard"]) if rules.is_natural(c)][:size - 1 - stopper]
        rank = rng.choice([r for r, v in held.items() if v >= 2])
        card = next((Card(rank, x) for x in "DHSC" if Card(rank, x) not in pile), None)
        if card is None or len(pile) < size - 1 - stopper:
            continue
        pile.insert(rng.randint(0, len(pile) - 1), card)  # bottom first: never the top card
        if stopper:  # under the card to take, a stopper that may never be taken to meld
            pile.insert(0, Card("3", rng.choice("SHDC")))
        try:
            spot = Spot.from_dict({"variant": "albany", "hand": format_cards(hand), "discard": format_cards(pile),
                                   "phase": "before-draw"})
        except TutorError:
            continue
        takes = {d: deep_take(spot, d) for d in range(2, len(pile) + 1)}
        legal = [d for d, take in takes.items() if take and take[1].answer]
        if legal and max(legal) < len(pile):
            return {"spot": spot, "pile": tuple(reversed(spot.discard)), "deepest": max(legal), "takes": takes,
                    "size": size}
    raise ValueError("no pile to take from")


@app.function
def deepest_feedback(question, picked: str) -> tuple:
    """(right?, message) for the one pile card a learner picks as the deepest that may be taken; the checker's answers."""
    cards = parse_cards(picked)
    if not cards:
        return None, ""
    if len(cards) > 1:
        return False, "Select one card of the pile: the deepest one you may take."
    card = cards[0]
    depth = question["pile"].index(card) + 1
    shown = card.symbol()
    if depth == 1:
        return False, "That is the top card: look for a card below it that your hand can make a new set with."
    take = question["takes"][depth]
    if take and take[1].answer and depth == question["deepest"]:
        return True, f"Right: {take[1].reasons[0].text}; no card below it may be taken."
    if take and take[1].answer:
        return False, f"You may take the {shown}, but a card deeper in the pile may be taken too: look further down."
    if rules.role(card) == "stopper":
        return False, (f"The {shown} is a stopper: it is never the card taken to make a set; it only comes along "
                       "above a deeper card.")
    if take is None:
        return False, (f"Not the {shown}: no two naturals of your hand, with or without wild cards, make a new set "
                       "with it.")
    return False, f"Not the {shown}: " + "; ".join(r.text for r in take[1].reasons[:1]) + "."


@app.function
def taken_exchange_question(n: int) -> dict:
    """The n-th pick-up whose cards free a table joker: the card for the joker's place lies among the cards taken.

    A table sequence holds a joker in its middle; the hand holds a pair of the deep card's rank and a card of the
    sequence's suit that does not fit the joker's place. The referee confirms the whole turn.
    """
    depth = ladder_step(n, TAKEN_STEPS)
    order = low_to_high()
    for k in range(200):
        rng = random.Random(12700 + n * 200 + k)
        suit = rng.choice("SHDC")
        i = rng.randint(1, len(order) - 4)
        low, mid, high = order[i:i + 3]
        others = [r for r in order if r not in (low, mid, high, order[i - 1], order[i + 3])]
        rank, *filler = rng.sample(others, 2 + depth)
        pair = [Card(rank, x) for x in rng.sample("SHDC", 2)]
        decoy = Card(rng.choice((order[i - 1], order[i + 3])), suit)
        strangers = [Card(r, rng.choice([x for x in "SHDC" if x != suit])) for r in filler[:2]]
        above = [Card(mid, suit)] + [Card(r, rng.choice("SHDC")) for r in filler[3:]]
        rng.shuffle(above)
        pile = [Card(filler[2], suit), Card(rank, rng.choice("SHDC")), *above]
        spot = Spot.from_dict({"variant": "albany", "phase": "before-draw",
                               "hand": format_cards(pair + [decoy] + strangers), "discard": format_cards(pile),
                               "melds": [format_cards((Card(low, suit), Card("JK"), Card(high, suit)))]})
        question = {"spot": spot, "depth": depth, "pair": tuple(pair), "deep": pile[-depth],
                    "taken": tuple(pile[-depth + 1:]), "strangers": tuple(strangers), "free": Card(mid, suit)}
        if referee(spot, exchange_turn(question, Card(mid, suit))).answer:
            return question
    raise ValueError("no pick-up frees a joker")


@app.function
def exchange_turn(question, card) -> str:
    """The whole turn as play text: the pick-up, then ``card`` put in the joker's place, then a discard."""
    discard = next(c for c in question["strangers"] if c != card)
    return (f"pickup {format_cards(question['pair'])} depth {question['depth']}; exchange {card} on 1; "
            f"discard {discard}")


@app.function
def after_pickup_hand(question) -> tuple:
    """The hand once the pick-up is made: the pair went down with the deep card, the cards above it came in."""
    hand = list(question["spot"].hand)
    for card in question["pair"]:
        hand.remove(card)
    return tuple(hand) + question["taken"]


@app.function
def taken_exchange_feedback(question, picked: str) -> tuple:
    """(right?, message) for the card a learner puts in the table joker's place after the pick-up; the referee decides."""
    cards = parse_cards(picked)
    if not cards:
        return None, ""
    if len(cards) > 1:
        return False, "Select one card: the one that takes the joker's place."
    card = cards[0]
    verdict = referee(question["spot"], exchange_turn(question, card))
    table = cards_text(question["spot"].melds[0])
    if verdict.answer:
        came = ("it came with the pick-up, so it may be used at once" if card in question["taken"]
                else "it was in your hand")
        return True, (f"Right: the {card.symbol()} takes the joker's place in {table} ({came}); the joker is yours "
                      "to use this turn.")
    if rules.is_wild(card):
        return False, f"The {card.symbol()} is a wild card: only a natural takes a joker's place."
    return False, f"Not the {card.symbol()}: " + "; ".join(r.text for r in verdict.reasons[:1]) + "."


@app.function
@kept
def exchange_first_question(n: int) -> dict:
    """The n-th "may you take it?": a deep card that needs a wild card, and a table joker your hand could free.

    The checker says whether the pile may be taken; where it may not, it is asked again as if the joker were
    already in the hand (what an exchange made first would give), so the joker is what the card lacks.
    """
    step, depth = ladder_step(n, FIRST_STEPS)
    order = low_to_high()
    for k in range(200):
        rng = random.Random(12800 + n * 200 + k)
        suit = rng.choice("SHDC")
        i = rng.randint(0, len(order) - 4)
        below, rank, gap, over = order[i:i + 4]
        group, *filler = rng.sample([r for r in order if r not in (below, rank, gap, over)], 1 + depth + 1)
        table = [Card(group, x) for x in rng.sample("SHDC", 3)] + [Card("JK")]
        hand = [Card(below, suit), Card(over, suit), Card(group, rng.choice("SHDC"))]
        hand += [Card(r, rng.choice([x for x in "SHDC" if x != suit])) for r in filler[:2]]
        if step == "own-wild":
            hand.append(Card("2", rng.choice("SHDC")))
        if step == "pair":
            hand += [Card(rank, x) for x in rng.sample([x for x in "SHDC" if x != suit], 2)]
        pile = [Card(r, rng.choice("SHDC")) for r in filler[2:]]
        pile.insert(len(pile) - (depth - 1), Card(rank, suit))
        spot = Spot.from_dict({"variant": "albany", "phase": "before-draw", "hand": format_cards(hand),
                               "discard": format_cards(pile), "melds": [format_cards(table)]})
        take = deep_take(spot, depth)
        verdict = take[1] if take else ask("pickup", spot, play=f"{format_cards(hand[:2])} depth {depth}")
        freed = spot.replace(hand=spot.hand[:2] + spot.hand[3:] + (Card("JK"),),
                             melds=(tuple(table[:3]) + (hand[2],),))
        would = deep_take(freed, depth)
        if verdict.answer == (step != "exchange") and (step != "exchange" or (would and would[1].answer)):
            return {"spot": spot, "depth": depth, "card": Card(rank, suit), "step": step, "verdict": verdict,
                    "exchange": hand[2]}
    raise ValueError("no deep card to ask about")


@app.function
def exchange_first_feedback(question, answer) -> tuple:
    """(right?, message) for "may you take the deep card?", the checker's verdict; table moves come after the draw."""
    if answer is None:
        return None, ""
    verdict, card = question["verdict"], question["card"].symbol()
    said_yes = answer == FIRST_ANSWERS[0]
    joker = (f"Freeing the joker with your {question['exchange'].symbol()} would give the {card} its wild card, but "
             "that exchange is a move on the table, and table moves come only after the turn's draw.")
    if verdict.answer and said_yes:
        return True, f"Right: {verdict.reasons[0].text}. The joker may wait until after the pick-up."
    if verdict.answer:
        return False, f"You may: {verdict.reasons[0].text}. No exchange is needed first."
    if not said_yes:
        return True, f"Right: {joker[0].lower()}{joker[1:]} So this turn starts with the stock."
    return False, f"Not this turn. {joker} Every turn starts with the stock or the pile."


@app.function
def set_points(deluxe, cards) -> tuple:
    """What one set scores as it goes down alone, with these Deluxe options: ``(total, breakdown)``."""
    spot = Spot.from_dict({"variant": "albany", "options": {"deluxe": list(deluxe)}, "hand": "",
                           "melds": [format_cards(cards)]})
    scored = score_hand(spot)
    return scored.total, scored.breakdown


@app.function
def deluxe_score_question(n: int) -> dict:
    """The n-th "which set scores most?" hand under the Three of a kind option; the best found by the scoring rules."""
    step = ladder_step(n, SCORE_STEPS)
    rng = random.Random(12650 + n)
    order = low_to_high()
    with_option = rules_for("albany", {"deluxe": [THREE_OF_A_KIND]})
    low, high = rng.choice(order[:4]), rng.choice(order[-4:])  # a cheap rank of one suit, a dear one of many
    stray = rng.sample(order[4:-4], 2)
    suit = rng.choice("SHDC")
    same = [Card(low, suit)] * 3
    long = 3 if step == "plain" else 5
    other = [Card(high, x) for x in rng.sample("SHDCSHDC", long)]
    strays = [Card(r, rng.choice("SHDC")) for r in stray[:2]]
    wild = [rng.choice([Card("JK"), Card("2", rng.choice("SHDC"))])] if step == "wild" else []
    hand = sorted(same + other + strays + wild, key=lambda c: (-c.order, c.suit))
    best = max((set_points([THREE_OF_A_KIND], combo)[0] for size in range(3, len(hand) + 1)
                for combo in dict.fromkeys(combinations(hand, size))
                if meld_mistake(with_option, combo) is None), default=0)
    return {"hand": tuple(hand), "best": best, "step": step, "same": tuple(same)}


@app.function
def deluxe_score_feedback(question, picked: str) -> tuple:
    """(right?, message) for the set a learner picks as scoring most under Three of a kind, with and without it."""
    cards = parse_cards(picked)
    if not cards:
        return None, ""
    with_option = rules_for("albany", {"deluxe": [THREE_OF_A_KIND]})
    mistake = meld_mistake(with_option, cards)
    if mistake is not None:
        return False, f"Not a set: {mistake}."
    name = rules.data["deluxe"][str(THREE_OF_A_KIND)]["name"]
    points, _ = set_points([THREE_OF_A_KIND], cards)
    plain, _ = set_points([], cards)
    shown = cards_text(cards)
    compare = f"{shown} scores {points} with the {name} option ({plain} without it)"
    if points == question["best"]:
        return True, f"Right: {compare}, the most any set of these cards can."
    if any(rules.is_wild(c) for c in cards) and len({c.suit for c in cards if rules.is_natural(c)}) == 1:
        return False, f"A wild card spoils it: {compare}. Only a group of one suit with no wild card counts extra."
    return False, f"{compare}; another set of these cards scores more."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Albany: the fanned pile, canastas and scoring
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "the ways to take from Albany's fanned pile, even from deep inside it;",
        "why moves on the table (freeing a joker, joining sets) come only after the pick-up;",
        "how many canastas a side needs before a player may empty his hand;",
        "how a canasta scores by its length;",
        "the nine Deluxe options, and what two of them change.",
    )
    return


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    tracker
    return (tracker,)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The fanned pile

    Albany's pile is spread in a fan, so every card shows. A turn starts in
    one of these ways:

    1. draw **two cards** from the stock;
    2. take the **top card alone**, when it fits none of your side's sets;
    3. take the top card when it *does* fit: it goes down at once, and the
       **whole pile** comes with it;
    4. take a card **deep in the pile with every card above it**: that
       card must at once make a new set with **two naturals** (at most two
       wild cards) from your hand.

    A stopper is never taken from the top, nor as the deep card.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-DRAW")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Try it

    Choose how deep to take (depth 1 is the top card) and select the cards
    from your hand that go down with the lowest card taken.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    _dealt = deal_until(rules, 1212 + deal_again.value,
                        lambda d: any(n >= 2 for n in Counter(c.rank for c in d["hand"] if rules.is_natural(c)).values()),
                        pile=6)
    table = fanned_spot(_dealt)
    depth_slider = mo.ui.slider(start=1, stop=len(table.discard), value=3, label="Take down to depth", show_value=True)
    hand_view = hand_widget(rules, table.hand, discard=table.discard)
    mo.vstack([mo.md("**The pile, top card first:**"), pile_positions(table), depth_slider, hand_view])
    return depth_slider, hand_view, table


@app.cell
def deep_pickup_verdict(depth_slider, hand_view, table):
    _cards = hand_view.widget.selected
    mo.stop(not _cards and depth_slider.value > 1,
            mo.md("Select the cards from your hand that go down with the lowest card taken "
                  "(or take depth 1, the top card alone)."))
    _answer, _view = pickup_verdict_for(table, _cards, depth_slider.value)
    mo.vstack([mo.md(f"Taking **{depth_slider.value}** card{'s' * (depth_slider.value != 1)} from the pile"
                     + (f" with **{_cards}** from the hand." if _cards else " with no card from the hand.")),
               _view])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 1: take from deep in the pile

    Take the pile down to the card named: select the cards from your hand
    that make a new set with it. Each new pile hides the card deeper.
    """)
    return


@app.cell
def _():
    new_deep = deal_button("Next pile")
    new_deep
    return (new_deep,)


@app.cell
def _(new_deep):
    deep_ask = deep_question(new_deep.value)
    deep_hand = hand_widget(rules, deep_ask["spot"].hand, discard=deep_ask["spot"].discard)
    mo.vstack([mo.md(f"Take the pile down to the **{deep_ask['card'].symbol()}**, {number_word(deep_ask['depth'])} deep:"),
               pile_positions(deep_ask["spot"]), deep_hand,
               hint(f"Which cards of yours make a set with the {deep_ask['card'].symbol()}: two of its rank, or its "
                    "neighbours in its suit?")])
    return deep_ask, deep_hand


@app.cell
def deep_check(deep_ask, deep_hand, tracker):
    _right, _text = deep_feedback(deep_ask, deep_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="deep-pickup",
             waiting="Select the cards that go down with it.")
    return


@app.cell(hide_code=True)
def _(deep_ask):
    solution("Show one answer", cards_view(deep_ask["example"], rules,
                                           label=f"with the {deep_ask['card'].symbol()}", width=40))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 2: the deepest card you may take

    Select, in the pile below, the deepest card you may take: it must make
    a new set at once with two naturals of your hand. Each new pile is
    longer.
    """)
    return


@app.cell
def _():
    new_deepest = deal_button("Next pile")
    new_deepest
    return (new_deepest,)


@app.cell
def _(new_deepest):
    deepest_ask = deepest_question(new_deepest.value)
    deepest_pile = hand_widget(rules, deepest_ask["pile"])
    mo.vstack([mo.md("**Your hand:**"), hand_widget(rules, deepest_ask["spot"].hand, readonly=True),
               mo.md("**The pile, top card first** (select one card):"), deepest_pile,
               hint("Work up from the bottom of the pile: do two naturals of your hand (and at most two wild "
                    "cards) make a set with this card? A stopper never may be taken to meld.")])
    return deepest_ask, deepest_pile


@app.cell
def deepest_check(deepest_ask, deepest_pile, tracker):
    _right, _text = deepest_feedback(deepest_ask, deepest_pile.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="deepest-card", waiting="Select one card of the pile.")
    return


@app.cell(hide_code=True)
def _(deepest_ask):
    _cards, _verdict = deepest_ask["takes"][deepest_ask["deepest"]]
    solution("Show the checker's answer", verdict_view(_verdict, deepest_ask["spot"],
                                                       yes=f"Take {number_word(deepest_ask['deepest'])} cards"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Table moves come after the pick-up

    The cards a pick-up brings may be used at once: a natural taken may
    replace a table joker, and the freed joker is yours (A-COMBINE). Here
    the 8♦ two deep goes down with your 8♠ 8♣; the 6♥ above it replaces
    the joker in 5♥ 🃏 7♥, and the joker joins your nines.
    """)
    return


@app.cell
def pickup_exchange_example():
    live_table(Spot.from_dict({"variant": "albany", "phase": "before-draw", "hand": "8S 8C 9S 9D",
                               "discard": "4C 8D 6H",
                               "melds": ["5H JK 7H", "QC QC QH QH QS 2C 2D", "KC KC KH KH KS KS 2H"]}),
               "go-out", yes="Yes, you can go out", no="No, you cannot go out")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    But no move on the table comes *before* the pick-up. Below, the 9♠
    needs 8♠ _ J♠ filled at once; freeing the joker from Q♥ Q♦ 🃏 with
    your Q♥ would fill the gap, but that exchange may not come first.
    """)
    return


@app.cell
def joker_freed_example():
    live_table(Spot.from_dict({"variant": "albany", "phase": "before-draw", "hand": "8S JS QH 5D 6C",
                               "discard": "9S 3C", "melds": ["QH QD JK"]}),
               "pickup", yes="Yes, you may take from the pile", no="No, you may not take from the pile: "
               "the exchange would have to come first")
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-COMBINE")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 3: free the joker with a card you took

    You took the pile down to the card named; it went down with two cards
    of yours, and the cards above it are in your hand now. Select the card
    that takes the joker's place in your side's set. Each new pile is
    deeper.
    """)
    return


@app.cell
def _():
    new_taken = deal_button("Next pile")
    new_taken
    return (new_taken,)


@app.cell
def _(new_taken):
    taken_ask = taken_exchange_question(new_taken.value)
    taken_hand = hand_widget(rules, after_pickup_hand(taken_ask),
                             melds=[*taken_ask["spot"].melds, (taken_ask["deep"], *taken_ask["pair"])])
    mo.vstack([mo.md(f"You took **{number_word(taken_ask['depth'])} cards**, down to the "
                     f"{taken_ask['deep'].symbol()}; from the pile came **{cards_text(taken_ask['taken'])}**."),
               taken_hand,
               hint("Which rank and suit does the joker stand for in the set? Look among the cards the pile "
                    "gave you.")])
    return taken_ask, taken_hand


@app.cell
def taken_check(taken_ask, taken_hand, tracker):
    _right, _text = taken_exchange_feedback(taken_ask, taken_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="taken-exchange", waiting="Select one card.")
    return


@app.cell(hide_code=True)
def _(taken_ask):
    solution("Show the answer", cards_view([taken_ask["free"]], rules, label="takes the joker's place", width=40))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 4: may you take it?

    The card named needs a wild card to make a set with your cards. Your
    side has a joker on the table that a card of yours could free. May you
    take the card from the pile this turn?
    """)
    return


@app.cell
def _():
    new_first = deal_button("Next pile")
    new_first
    return (new_first,)


@app.cell
def _(new_first):
    first_ask = exchange_first_question(new_first.value)
    first_answer = mo.ui.radio(options=list(FIRST_ANSWERS), label=f"May you take the {first_ask['card'].symbol()}, "
                               f"{number_word(first_ask['depth'])} deep?")
    mo.vstack([table_view(first_ask["spot"], title="Your side's table, your hand and the pile"),
               pile_positions(first_ask["spot"]), first_answer,
               hint("Every turn starts with the stock or the pile. Only the cards in your hand now may go "
                    "down with it.")])
    return first_answer, first_ask


@app.cell
def first_check(first_answer, first_ask, tracker):
    _right, _text = exchange_first_feedback(first_ask, first_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="exchange-first", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(first_ask):
    solution("Show the checker's answer", verdict_view(first_ask["verdict"], first_ask["spot"],
                                                       yes="Yes, you may take it", no="No, not this turn"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## Canastas to go out

    Before a player may empty his hand, his side needs a number of
    canastas that depends on the table:

    {deal_table()}

    Until then he keeps at least two cards before his discard. With them,
    he may go out by playing or discarding his last card.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-DEAL", "A-GOOUT")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 5: empty your hand, or not yet?

    You have drawn. Play your turn on the cards: go out if your side may
    (group your last cards, discard if you like), or else keep cards in
    your hand and discard one.
    """)
    return


@app.cell
def _():
    new_empty = deal_button("Next table")
    new_empty
    return (new_empty,)


@app.cell
def _(new_empty):
    empty_ask = empty_hand_question(new_empty.value)
    empty_hand = hand_widget(rules, empty_ask["spot"].hand, melds=empty_ask["spot"].melds)
    mo.vstack([mo.md(f"At this table: **{table_words(empty_ask['row'])}**. Your side's sets are shown above your "
                     "hand."), empty_hand,
               hint(f"Count your side's canastas ({number_word(rules['canasta']['min_cards'])} cards or more), then "
                    "find this table's row above.")])
    return empty_ask, empty_hand


@app.cell
def empty_check(empty_ask, empty_hand, tracker):
    _right, _text = empty_hand_feedback(empty_ask, empty_hand.widget.group_cards(), empty_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="empty-hand",
             waiting="Group and select the cards of your turn.")
    return


@app.cell(hide_code=True)
def _(empty_ask):
    solution("Show the checker's answer", verdict_view(empty_ask["verdict"], empty_ask["spot"],
                                                      yes="You may go out", no="Not yet"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Scoring by length

    Cards on the table count plus, cards in the hand minus: 4 to 7 are 5;
    8, 9 and 10 are 10; J Q K 15; ace and 2 20; joker 50; a three 50.

    A **natural** canasta earns more the longer it is: 200 for seven or
    eight cards, 300 for nine or ten, 400 for eleven, 500 for twelve or
    more. A **mixed** canasta earns 100. Going out earns 100.

    Select cards below to see what they would earn.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-SCORE", "A-GAME")
    return


@app.cell
def _():
    canasta_pick = hand_widget(rules, "4H 5H 6H 7H 8H 9H TH JH QH KH AH 2C JK")
    canasta_pick
    return (canasta_pick,)


@app.cell
def canasta_verdict(canasta_pick):
    _cards = canasta_pick.widget.selected_cards()
    if not _cards:
        _shown = mo.md("Select the cards of a set.")
    else:
        try:
            _meld = judge(rules, _cards)
        except TutorError as _error:
            _shown = problem(_error)
        else:
            _bonus = canasta_bonus(rules, _meld)
            _shown = (mo.md(f"A {len(_meld)}-card **{_bonus.item}**: a bonus of **{_bonus.points}** ({_bonus.rule}).")
                      if _bonus else mo.md(f"A legal set of {len(_meld)} cards, not a canasta."))
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 6: the biggest bonus

    Select the one canasta in this hand that earns the biggest bonus. Each
    new hand holds a longer run.
    """)
    return


@app.cell
def _():
    new_canasta = deal_button("Next hand")
    new_canasta
    return (new_canasta,)


@app.cell
def _(new_canasta):
    canasta_ask = canasta_question(new_canasta.value)
    canasta_hand = hand_widget(rules, canasta_ask["hand"])
    mo.vstack([canasta_hand, hint("Natural beats mixed, and longer beats shorter: find the longest run of one "
                                  "suit, and leave the wild card out.")])
    return canasta_ask, canasta_hand


@app.cell
def canasta_check(canasta_ask, canasta_hand, tracker):
    _right, _text = canasta_feedback(canasta_ask, canasta_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="best-canasta", waiting="Select the cards of a canasta.")
    return


@app.cell(hide_code=True)
def _(canasta_ask):
    solution("Show the answer", mo.vstack([cards_view(canasta_ask["run"], rules, width=36),
                                           mo.md(f"A bonus of **{canasta_ask['best']}**.")]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Albany Deluxe

    Nine optional rules, all off by default, make *Albany Canasta Deluxe*.
    Switch some on to see what they change (the checker honours options
    1, 2, 3 and 5; the others belong to the game and its scoring).
    """)
    return


@app.cell
def _():
    deluxe_pick = mo.ui.multiselect(
        options={f"{n}. {rules.data['deluxe'][str(n)]['name']}": n for n in range(1, 10)}, label="Deluxe options")
    deluxe_pick
    return (deluxe_pick,)


@app.cell
def deluxe_view(deluxe_pick):
    _chosen = sorted(deluxe_pick.value)
    _with = rules_for("albany", {"deluxe": _chosen})
    _rows = []
    for _n in _chosen:
        _entry = rules.data["deluxe"][str(_n)]
        _rows.append(f"- **{_n}. {_entry['name']}**: {_entry['text']}")
    _summary = (f"Canastas needed with 4 players: **{_with.canastas_to_go_out}**; stoppers: "
                f"`{' '.join(_with['cards']['stopper'])}`; sequences start at **{_with['meld']['sequence_low']}**.")
    mo.vstack([mo.md("\n".join(_rows) or "No option chosen: plain Albany."), mo.md(_summary),
               mo.Html(rule_html(rules, "A-DELUXE"))])
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ### Exercise 7: empty your hand, with the {rules.data['deluxe'][str(DEAD_CARD)]['name']} option

    {rules.data['deluxe'][str(DEAD_CARD)]['text']} Play your turn on the
    cards: go out if your side may, or else keep cards and discard one.
    """)
    return


@app.cell
def _():
    new_dead = deal_button("Next table")
    new_dead
    return (new_dead,)


@app.cell
def _(new_dead):
    dead_ask = deluxe_out_question(new_dead.value)
    dead_hand = hand_widget(rules, dead_ask["spot"].hand, melds=dead_ask["spot"].melds)
    mo.vstack([mo.md(f"At this table: **{table_words(dead_ask['row'])}**, with the option on."), dead_hand,
               hint("Find this table's row above, read the option again, then count your side's canastas.")])
    return dead_ask, dead_hand


@app.cell
def dead_check(dead_ask, dead_hand, tracker):
    _right, _text = empty_hand_feedback(dead_ask, dead_hand.widget.group_cards(), dead_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="deluxe-out",
             waiting="Group and select the cards of your turn.")
    return


@app.cell(hide_code=True)
def _(dead_ask):
    solution("Show the checker's answer", verdict_view(dead_ask["verdict"], dead_ask["spot"],
                                                      yes="You may go out", no="Not yet"))
    return


@app.cell(hide_code=True)
def _():
    _option = rules.data["deluxe"][str(THREE_OF_A_KIND)]
    mo.md(rf"""
    ### Exercise 8: the best set, with the {_option['name']} option

    {_option['text']} Select the one set in this hand that scores the most
    as it goes down alone.
    """)
    return


@app.cell
def _():
    new_kind = deal_button("Next hand")
    new_kind
    return (new_kind,)


@app.cell
def _(new_kind):
    kind_ask = deluxe_score_question(new_kind.value)
    kind_hand = hand_widget(rules, kind_ask["hand"])
    mo.vstack([kind_hand, hint("Look for three cards of one rank and one suit, and leave every wild card out.")])
    return kind_ask, kind_hand


@app.cell
def kind_check(kind_ask, kind_hand, tracker):
    _right, _text = deluxe_score_feedback(kind_ask, kind_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="deluxe-score", waiting="Select the cards of a set.")
    return


@app.cell(hide_code=True)
def _(kind_ask):
    solution("Show the answer", mo.vstack([cards_view(kind_ask["same"], rules, width=36),
                                           mo.md(f"It scores **{kind_ask['best']}**.")]))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "Albany's pile is fanned: a player may take from deep inside it, in the three ways shown.",
        "The cards a pick-up brings may free a table joker at once, but no table move comes before the pick-up.",
        'How many canastas a side needs before a player may empty his hand depends on the table.',
        'A natural canasta scores by its length; a wild card makes it mixed; cards left in a hand cost points.',
    ], "13_puzzles")
    return


if __name__ == "__main__":
    app.run()
