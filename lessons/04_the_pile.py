# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Classic 4: the discard pile"
# description = "The discard pile: taking it, when it is frozen, and when a black three blocks it."
# ///
"""Classic 4: the discard pile: taking it, when it is frozen, and when a black three blocks it."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Classic 4: the discard pile")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, hint, kept, ladder_step,
                          learn, number_word, pack_cards, pairs, practise, progress_widget, quote, recap, solution,
                          table_view)
    from tutor.play import parse_play
    from tutor.questions import ask, play_turn_prefix, referee
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.render import cards_text, symbols_in
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("classic")
    LESSON = "04_the_pile"
    EXERCISES = ("match-the-top", "whole-pile", "take-it", "frozen-or-open", "take-frozen", "black-on-top",
                 "block-it", "yours-or-not")
    # The card questions climb: a pile open to a natural and a wild card, then frozen by a wild card, then
    # frozen because the side has not melded.
    TAKE_STEPS = ((True, False), (True, True), (False, False))
    # Matching the top card climbs from a natural pair in the hand to one natural and a wild card only.
    OPEN_STEPS = ("pair", "natural-and-wild")
    # Counting the cards taken climbs with the size of the pile.
    PILE_SIZES = (4, 8, 13)
    # "Natural and wild?" climbs: an open pile, a wild card buried deep in it, a side not yet down, then any
    # of these or a red three buried in the pile.
    FROZEN_STEPS = ("open", "buried-wild", "not-down", "any")
    FROZEN_KINDS = ("open", "buried-wild", "buried-red-three", "not-down")
    # "A black three on top?" climbs: on top, covered by another card, on top while the hand holds black threes.
    BLACK_STEPS = ("on-top", "covered", "threes-in-hand", "any")
    # Blocking the next player: an open pile, then a pile a wild card has frozen (a natural pair still takes it).
    BLOCK_STEPS = ("open", "frozen")


@app.function
def free_cards(rank: str, n: int, used: Counter) -> list:
    """``n`` cards of ``rank`` that the pack still has, given the cards already in play."""
    free = [Card(rank, s) for s in "SHDC" for _ in range(rules.copies(Card(rank, s)) - used[Card(rank, s)])]
    return free[:n]


@app.function
def pile_spot(dealt, *, melded: bool, frozen: bool, black_three: bool) -> Spot:
    """A before-draw spot built from a deal: the top card matches a pair in the hand."""
    hand = dealt["hand"]
    counts = Counter(c.rank for c in hand if rules.is_natural(c))
    rank = max((r for r, n in counts.items() if n >= 2), key=lambda r: (counts[r], r != "A"))
    used = Counter(hand)
    top = next(Card(rank, s) for s in "SHDC" if used[Card(rank, s)] < rules.copies(Card(rank, s)))
    pile = [c for c in dealt["discard"] if rules.is_natural(c) and c.rank != rank][:4]
    if frozen:
        pile.insert(1, Card("2", "D") if used[Card("2", "D")] < 2 else Card("JK"))
    pile.append(top)
    if black_three:
        pile.append(Card("3", "S") if used[Card("3", "S")] < 2 else Card("3", "C"))
    melds = []
    if melded:
        table_rank = next(r for r in rules.natural_ranks if not counts[r])
        melds = [format_cards(free_cards(table_rank, 3, used + Counter(pile)))]
    return Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "melds": melds,
                           "discard": format_cards(pile), "phase": "before-draw"})


@app.function
@kept
def take_question(n: int) -> dict:
    """The n-th "take the pile" question on cards: a dealt hand and a pile the checker says it can take."""
    melded, frozen = ladder_step(n, TAKE_STEPS)
    for k in range(200):
        dealt = deal_until(rules, 4400 + n * 200 + k, lambda d: pairs(rules, d["hand"]) >= 2
                           and any(rules.is_wild(c) for c in d["hand"])
                           and len({c.rank for c in d["hand"]} & set(rules.natural_ranks)) < len(rules.natural_ranks),
                           pile=8)
        spot = pile_spot(dealt, melded=melded, frozen=frozen, black_three=False)
        if ask("pickup", spot).answer:
            return {"spot": spot, "melded": melded, "frozen": frozen}
    raise ValueError("no deal whose pile can be taken")


@app.function
def take_feedback(question, picked: str) -> tuple:
    """(right?, message) for the two cards a learner takes the pile with, judged by the checker."""
    cards = parse_cards(picked)
    if not cards:
        return None, ""
    spot = question["spot"]
    if len(cards) != 2:
        return False, (f"Select exactly two cards: the top card, {spot.discard[-1].symbol()}, goes down with two "
                       f"cards from your hand, not {len(cards)}.")
    verdict = ask("pickup", spot, play=picked)
    why = pile_why(spot, picked, verdict)
    if verdict.answer:
        return True, f"Right: the pile is yours. Why: {why}."
    top = spot.discard[-1]
    if not any(c.rank == top.rank for c in cards) and not all(rules.is_wild(c) for c in cards):
        why = (f"neither card has the rank of the top card, {top.symbol()}: it goes down with cards of its own rank "
               f"(a natural pair, or one natural and one wild card); {why}")
    return False, f"Not with these: {why}."


@app.function
def pile_question(n: int) -> dict:
    """A generated situation: the whole pile, the side's melds, and the two cards the player offers."""
    rng = random.Random(4000 + n)
    rank = rng.choice("KQJT9876")
    # Weighted so that about half the situations are "yes".
    melded = rng.random() < 0.6
    wild_inside = rng.random() < 0.3
    top = rng.choice([Card(rank, "D"), Card(rank, "D"), Card(rank, "C"), Card(rank, "C"), Card("3", "S"),
                      Card("2", "H")])
    offer = [Card(rank, "S"), Card(rank, "H") if rng.random() < 0.6 else Card("2", "C")]
    others = [r for r in "98765" + "KQJT" if r != rank]
    fill = rng.sample(others, 5)
    hand = offer + [Card(fill[0], "S"), Card(fill[1], "H"), Card(fill[2], "C")]
    pile = [Card(fill[3], "D"), Card(fill[4], "C")]
    if wild_inside:
        pile.insert(1, Card("JK"))
    pile.append(top)
    spot = Spot.from_dict({"variant": "classic", "phase": "before-draw", "score": 0, "hand": format_cards(hand),
                           "melds": ["AS AH AD"] if melded else [], "discard": format_cards(pile)})
    return {"spot": spot, "play": format_cards(offer)}


@app.function
def pile_why(spot, play: str, verdict) -> str:
    """Why the pile may or may not be taken with these cards: the top card, and whether the pile is frozen."""
    top = spot.discard[-1]
    frozen = [why for why, yes in [("your side has not melded yet", not spot.melds),
                                   ("a wild card lies in the pile", any(rules.is_wild(c) for c in spot.discard)),
                                   ("a red three lies in the pile",
                                    any(rules.role(c) == "bonus" for c in spot.discard))]
              if yes]
    if verdict.answer:
        why = f"the top card {top.symbol()} goes down with {cards_text(parse_cards(play))}"
        why += (f"; the pile is frozen ({' and '.join(frozen)}), and {cards_text(parse_cards(play))} is a natural "
                "pair, which is what a frozen pile takes") if frozen else \
            "; the pile is not frozen, so a natural and a wild card would do too"
    else:
        why = "; ".join(symbols_in(r.text) for r in verdict.reasons) or "no rule lets this pickup through"
        offered = parse_cards(play)
        with_wild = any(rules.is_wild(c) for c in offered) and any(c.rank == top.rank for c in offered)
        if frozen and with_wild and rules.is_natural(top):
            why = (f"the pile is frozen ({' and '.join(frozen)}): only a natural pair takes it, and "
                   f"{cards_text(offered)} is not one")
    return why


@app.function
def pile_feedback(question, answer, verdict) -> tuple:
    """(right?, message) for "may take it" / "may not", explained by what decides it."""
    if answer is None:
        return None, ""
    if verdict is None:
        return False, "The checker could not answer this question here."
    why = pile_why(question["spot"], question["play"], verdict)
    said_yes = answer == "may take it"
    if said_yes == verdict.answer:
        return True, f"Right: you {'may' if verdict.answer else 'may not'} take it. Why: {why}."
    if said_yes:
        return False, f"Look at the whole pile and your melds again: {why}."
    return False, f"It is yours: {why}."


@app.function
def table_spot(hand, pile, *, melds=(), phase: str = "before-draw") -> Spot:
    """A classic spot for one side: its hand, its melds, the whole pile (bottom first)."""
    return Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "phase": phase,
                           "melds": [format_cards(m) for m in melds], "discard": format_cards(pile)})


@app.function
def naturals_below(rng, used: Counter, ranks, n: int) -> list:
    """``n`` natural cards of these ranks for the lower part of a pile, as the pack still holds them."""
    return [pack_cards(rules, rng, used, rng.choice(ranks), 1)[0] for _ in range(n)]


@app.function
def open_question(n: int) -> dict:
    """The n-th "match the top card" question: an open pile, a side that has melded, two cards to pick."""
    step = ladder_step(n, OPEN_STEPS)
    rng = random.Random(4100 + n)
    used = Counter()
    top_rank, decoy, table_rank, *singles = rng.sample(rules.natural_ranks, 7)
    top = pack_cards(rules, rng, used, top_rank, 1)
    hand = (pack_cards(rules, rng, used, top_rank, 2 if step == "pair" else 1)
            + pack_cards(rules, rng, used, decoy, 2) + pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)
            + [pack_cards(rules, rng, used, r, 1)[0] for r in singles])
    meld = pack_cards(rules, rng, used, table_rank, 3)
    below = naturals_below(rng, used, [r for r in rules.natural_ranks if r not in (top_rank, table_rank)], 3)
    spot = table_spot(sorted(hand, key=lambda c: (rules.is_wild(c), -c.order)), below + top, melds=[meld])
    return {"spot": spot, "step": step, "melded": True, "frozen": False}


@app.function
def whole_pile_question(n: int) -> dict:
    """The n-th "how many cards do you hold now" question: a pile of growing size, taken with a natural pair."""
    size = ladder_step(n, PILE_SIZES)
    rng = random.Random(4200 + n)
    used = Counter()
    top_rank, table_rank, *singles = rng.sample(rules.natural_ranks, 6)
    pair = pack_cards(rules, rng, used, top_rank, 2)
    hand = pair + [pack_cards(rules, rng, used, r, 1)[0] for r in singles] + pack_cards(rules, rng, used, "2", 1)
    meld = pack_cards(rules, rng, used, table_rank, 3)
    below = naturals_below(rng, used, [r for r in rules.natural_ranks if r not in (top_rank, table_rank)], size - 1)
    spot = table_spot(sorted(hand, key=lambda c: (rules.is_wild(c), -c.order)),
                      below + pack_cards(rules, rng, used, top_rank, 1), melds=[meld])
    play = f"pickup {format_cards(pair)}"
    # What the hand holds after the pickup is the engine's replay of the turn, not a sum made here.
    held = sum(play_turn_prefix(spot, parse_play(play)).values())
    return {"spot": spot, "pair": format_cards(pair), "held": held}


@app.function
def whole_pile_choices(question) -> dict:
    """The counts offered, each with the mistake that leads to it (the right count has none)."""
    spot, held = question["spot"], question["held"]
    hand, pile = len(spot.hand), len(spot.discard)
    mistakes = {hand + 1: "only the top card is not what you take: you take the whole pile",
                hand + pile: "the top card and your two cards go down as a meld at once: they leave your hand",
                held + 1: "the top card does not stay in your hand: it goes down in the meld with your two cards",
                held + 2: "your two cards go down with the top card: they leave your hand"}
    mistakes.pop(held, None)
    return {held: None, **mistakes}


@app.function
def whole_pile_feedback(question, answer) -> tuple:
    """(right?, message) for the count of cards held after taking the whole pile."""
    if answer is None:
        return None, ""
    spot, held, given = question["spot"], question["held"], int(answer)
    taken = len(spot.discard) - 1
    if given == held:
        return True, (f"Right: {held}. Your {len(spot.hand)} cards lose the two that go down with the top card, "
                      f"and the other {taken} cards of the pile join your hand.")
    why = whole_pile_choices(question).get(given) or "count again"
    return False, f"Not {given}: {why}. You hold {len(spot.hand)} cards and the pile has {len(spot.discard)}."


@app.function
def frozen_question(n: int) -> dict:
    """The n-th "a natural and a wild card?" question: the pile shown whole, frozen or not."""
    step = ladder_step(n, FROZEN_STEPS)
    rng = random.Random(4300 + n)
    kind = rng.choice(FROZEN_KINDS) if step == "any" else step
    used = Counter()
    top_rank, decoy, table_rank, *singles = rng.sample(rules.natural_ranks, 6)
    natural = pack_cards(rules, rng, used, top_rank, 1)
    wild = pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)
    hand = natural + pack_cards(rules, rng, used, decoy, 2) + [pack_cards(rules, rng, used, r, 1)[0] for r in singles]
    hand += wild
    below = naturals_below(rng, used, [r for r in rules.natural_ranks if r not in (top_rank, table_rank)],
                           rng.randint(5, 8))
    if kind in ("buried-wild", "buried-red-three"):
        # Deep in the pile, where a player looking only at the top would miss it.
        buried = pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1) if kind == "buried-wild" else [
            Card("3", rng.choice("HD"))]
        below.insert(rng.randint(0, 1), buried[0])
    melds = [] if kind == "not-down" else [pack_cards(rules, rng, used, table_rank, 3)]
    spot = table_spot(sorted(hand, key=lambda c: (rules.is_wild(c), -c.order)),
                      below + pack_cards(rules, rng, used, top_rank, 1), melds=melds)
    return {"spot": spot, "kind": kind, "play": format_cards(natural + wild)}


@app.function
def frozen_feedback(question, answer, verdict) -> tuple:
    """(right?, message) for "may you take the pile with a natural and a wild card?", by the checker's verdict."""
    if answer is None:
        return None, ""
    if verdict is None:
        return False, "The checker could not answer this question here."
    spot, kind = question["spot"], question["kind"]
    why = pile_why(spot, question["play"], verdict)
    said_yes = answer == "yes"
    if said_yes == verdict.answer:
        return True, f"Right: {'yes' if verdict.answer else 'no'}. Why: {why}."
    if said_yes and kind.startswith("buried"):
        card = next(c for c in spot.discard[:-1] if rules.is_wild(c) or rules.role(c) == "bonus")
        return False, (f"Look at the whole pile, not only its top: {card.symbol()} lies deep in it, and it freezes "
                       f"the pile all the same. {why[0].upper()}{why[1:]}.")
    if said_yes and not spot.melds:
        return False, (f"Nothing wild lies in this pile, but your side has not melded yet, and for you the pile is "
                       f"frozen. {why[0].upper()}{why[1:]}.")
    return False, f"It is yours: {why}."


@app.function
def reasons_text(verdict) -> str:
    """A "no" verdict's reasons as one plain clause, each reason as the checker words it."""
    texts = [symbols_in(r.text).rstrip(".") for r in verdict.reasons]
    texts = [t[0].lower() + t[1:] if t[:2].istitle() and t[1:2].islower() else t for t in texts]
    return "; ".join(texts) or "no rule lets a pickup through"


@app.function
def pickup_cards(verdict) -> str:
    """The hand's cards a "yes" verdict takes the pile with, as cards."""
    return cards_text(parse_cards(verdict.witness["play"].split(";")[0].replace("pickup ", "")))


@app.function
def black_top_question(n: int) -> dict:
    """The n-th "may you take the pile?" question with a black three on top or just under the top card."""
    step = ladder_step(n, BLACK_STEPS)
    rng = random.Random(4500 + n)
    kind = rng.choice(BLACK_STEPS[:-1]) if step == "any" else step
    used = Counter()
    top_rank, table_rank, *singles = rng.sample(rules.natural_ranks, 6)
    hand = pack_cards(rules, rng, used, top_rank, 2) + [pack_cards(rules, rng, used, r, 1)[0] for r in singles]
    if kind == "threes-in-hand":
        hand += [Card("3", "S"), Card("3", "C")]
    below = naturals_below(rng, used, [r for r in rules.natural_ranks if r not in (top_rank, table_rank)],
                           rng.randint(2, 5))
    natural = pack_cards(rules, rng, used, top_rank, 1)
    black = [Card("3", rng.choice("SC"))]
    pile = below + (black + natural if kind == "covered" else natural + black)
    spot = table_spot(sort_cards(hand), pile, melds=[pack_cards(rules, rng, used, table_rank, 3)])
    return {"spot": spot, "kind": kind}


@app.function
def sort_cards(cards) -> list:
    """Cards as a player holds them: naturals high to low, then wild cards, then threes."""
    return sorted(cards, key=lambda c: (c.rank == "3", rules.is_wild(c), -c.order))


@app.function
def black_top_feedback(question, answer, verdict) -> tuple:
    """(right?, message) for "may you take the pile?" with a black three in play, by the checker's verdict."""
    if answer is None:
        return None, ""
    if verdict is None:
        return False, "The checker could not answer this question here."
    spot, kind = question["spot"], question["kind"]
    top = spot.discard[-1]
    said_yes = answer == "yes"
    if verdict.answer:
        why = f"you take it with {pickup_cards(verdict)}, melding the top card {top.symbol()}"
        if kind == "covered":
            why = f"the black three is covered by {top.symbol()}, so its block is over; {why}"
    else:
        why = reasons_text(verdict)
    if said_yes == verdict.answer:
        return True, f"Right: {'yes' if verdict.answer else 'no'}. Why: {why}."
    if said_yes and kind == "threes-in-hand":
        return False, f"Black threes in your hand open a blocked pile only to go out with them: {why}."
    if said_yes:
        return False, f"A black three on top blocks the pile, whatever you hold: {why}."
    return False, f"Look at the top card: {why}."


@app.function
def block_question(n: int) -> dict:
    """The n-th "which discard keeps the pile from the next player" question: your hand after your draw."""
    step = ladder_step(n, BLOCK_STEPS)
    rng = random.Random(4600 + n)
    used = Counter()
    mine, theirs, *ranks = rng.sample(rules.natural_ranks, 7)
    hand = [pack_cards(rules, rng, used, r, 1)[0] for r in ranks] + [Card("3", rng.choice("SC"))]
    below = naturals_below(rng, used, [r for r in rules.natural_ranks if r not in (mine, theirs)], rng.randint(3, 5))
    if step == "frozen":
        below.insert(rng.randint(0, len(below) - 1), pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)[0])
    # The next player holds a natural pair of each rank in your hand: shown face up for the exercise.
    next_hand = [c for r in ranks for c in pack_cards(rules, rng, used, r, 2)]
    spot = table_spot(sort_cards(hand), below, melds=[pack_cards(rules, rng, used, mine, 3)], phase="drawn")
    return {"spot": spot, "step": step, "next_hand": sort_cards(next_hand),
            "next_meld": pack_cards(rules, rng, used, theirs, 3)}


@app.function
def next_player_spot(question, discard) -> Spot:
    """The next player's turn once ``discard`` tops the pile."""
    return table_spot(question["next_hand"], list(question["spot"].discard) + [discard], melds=[question["next_meld"]])


@app.function
def block_feedback(question, picked: str) -> tuple:
    """(right?, message) for the discard that blocks the next player, judged by the referee and the checker."""
    cards = parse_cards(picked)
    if not cards:
        return None, ""
    if len(cards) != 1:
        return False, f"Select one card: the one you discard, not {number_word(len(cards))}."
    card = cards[0]
    discard = referee(question["spot"], f"discard {card}")
    if not discard.answer:
        return False, f"You may not discard {card.symbol()}: {symbols_in(discard.reasons[0].text)}."
    after = ask("pickup", next_player_spot(question, card))
    if after.answer:
        how = pickup_cards(after)
        frozen = (" A frozen pile does not stop them: a natural pair still takes it."
                  if any(rules.is_wild(c) for c in question["spot"].discard) else "")
        return False, (f"Not {card.symbol()}: the next player would take the pile with {how}, melding your "
                       f"{card.symbol()}.{frozen}")
    why = reasons_text(after)
    return True, f"Right: with {card.symbol()} on top the next player cannot take the pile ({why})."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # The discard pile
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how to take the discard pile, and why it is worth taking;",
        "when the pile is frozen, and what it then takes to win it;",
        "how a black three blocks it for one turn;",
        "the cards that can never be taken from the top.",
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
    ## Taking the pile

    Every turn begins with a draw. Usually a player draws the top card of the
    stock, but instead they may take the **discard pile**, and then they take
    **all of it**. Late in a hand the pile can hold twenty cards or more, and
    taking it is often what decides the hand.

    The price: the pile's top card must go down *at once*, in a meld. The
    player either melds it with two cards from the hand, a natural pair of
    its rank, or one natural and one wild card, or lays it off onto the
    side's existing meld of that rank. Only then does the rest of the pile
    join the hand.

    Some top cards can never be taken: a wild card, a red three, and a black
    three (with one exception for going out, in lesson 5). And a player
    holding a single card may not take a pile of a single card.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-PICKUP")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: match the top card

    Your side has melded and nothing wild lies in the pile. Select the two
    cards from your hand that take the pile with its top card. The first
    hand holds a natural pair for it; later ones hold only one natural of
    its rank.
    """)
    return


@app.cell
def _():
    new_open = deal_button("Next pile")
    new_open
    return (new_open,)


@app.cell
def _(new_open):
    open_ask = open_question(new_open.value)
    _spot = open_ask["spot"]
    open_hand = hand_widget(rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    mo.vstack([open_hand, cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36),
               hint("Only the top card matters here. Find its rank in your hand: two naturals of that rank, or one "
                    "natural and a wild card, take it.")])
    return open_ask, open_hand


@app.cell
def open_check(open_ask, open_hand, tracker):
    _right, _text = take_feedback(open_ask, open_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="match-the-top",
             waiting="Select two cards from your hand.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: all of it

    You take the pile with the natural pair named below. How many cards do
    you hold once the top card and your pair are down in their meld? The
    piles grow.
    """)
    return


@app.cell
def _():
    new_whole = deal_button("Next pile")
    new_whole
    return (new_whole,)


@app.cell
def _(new_whole):
    whole_ask = whole_pile_question(new_whole.value)
    _spot = whole_ask["spot"]
    _pair = cards_text(parse_cards(whole_ask["pair"]))
    whole_answer = mo.ui.radio(options=[str(k) for k in sorted(whole_pile_choices(whole_ask))],
                               label=f"After taking the pile with {_pair}, you hold", inline=True)
    mo.vstack([hand_widget(rules, _spot.hand, melds=_spot.melds, discard=_spot.discard, readonly=True),
               cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36), whole_answer,
               hint("Three cards go into the new meld: the top card and your pair. Every other card of the pile "
                    "comes to your hand.")])
    return whole_answer, whole_ask


@app.cell
def whole_check(tracker, whole_answer, whole_ask):
    _right, _text = whole_pile_feedback(whole_ask, whole_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="whole-pile", waiting="Choose a number.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## A frozen pile

    Sometimes the pile is **frozen**, and then a natural and a wild card will
    not do: the top card must be melded with a **natural pair** from the
    hand. The pile is frozen

    - for a side that has not yet made its first meld; and
    - for everybody, while a wild card or a red three lies in it. Players
      show this by turning the wild card sideways as they discard it.

    Discarding a wild card is therefore a defensive play: it freezes the pile
    for both sides until someone takes it with a natural pair.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-FROZEN")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: take it on cards

    Select the two cards from your hand you take the pile with. The first
    pile is open; the next is frozen by a wild card in it, and then your
    side has not melded yet.
    """)
    return


@app.cell
def _():
    new_take = deal_button("Next pile")
    new_take
    return (new_take,)


@app.cell
def _(new_take):
    take_ask = take_question(new_take.value)
    _spot = take_ask["spot"]
    take_hand = hand_widget(rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    _facts = "Your side has melded." if take_ask["melded"] else "Your side has not melded yet."
    mo.vstack([mo.md(_facts), take_hand,
               cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36),
               hint("Is the pile frozen: no meld yet, or a wild card anywhere in it? Then only a natural pair of "
                    "the top card's rank takes it.")])
    return take_ask, take_hand


@app.cell
def take_check(take_ask, take_hand, tracker):
    _right, _text = take_feedback(take_ask, take_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="take-it", waiting="Select two cards from your hand.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: a natural and a wild card?

    May you take the pile with the natural and the wild card named? Look at
    the whole pile, down to its bottom card, and at your side's melds. The
    first pile is open; then a wild card lies deep in it; then your side has
    not melded.
    """)
    return


@app.cell
def _():
    new_frozen = deal_button("Next pile")
    new_frozen
    return (new_frozen,)


@app.cell
def _(new_frozen):
    frozen_ask = frozen_question(new_frozen.value)
    _spot = frozen_ask["spot"]
    frozen_answer = mo.ui.radio(options=["yes", "no"], inline=True,
                                label=f"May you take the pile with {cards_text(parse_cards(frozen_ask['play']))}?")
    _facts = "Your side has melded." if _spot.melds else "Your side has not melded yet."
    mo.vstack([mo.md(_facts), hand_widget(rules, _spot.hand, melds=_spot.melds, discard=_spot.discard, readonly=True),
               cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36), frozen_answer,
               hint("A natural and a wild card take only an open pile. Is anything wild, or a red three, anywhere "
                    "in the pile? Has your side melded?")])
    return frozen_answer, frozen_ask


@app.cell
def frozen_check(frozen_answer, frozen_ask, tracker):
    _verdict = None if frozen_answer.value is None else ask("pickup", frozen_ask["spot"], play=frozen_ask["play"])
    _right, _text = frozen_feedback(frozen_ask, frozen_answer.value, _verdict)
    practise(_right, _text, _text, tracker=tracker, exercise="frozen-or-open", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## A black three on top

    A black three discarded onto the pile **blocks** it: the next player
    cannot take the pile at all and must draw from the stock. The block lasts
    only while the black three is on top; as soon as another card covers it,
    the pile can be taken again.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-BLACK3")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: blocked or not?

    Your side has melded. May you take the pile this turn, in any way? The
    black three is first on top, then covered by another card, then on top
    while you hold black threes yourself.
    """)
    return


@app.cell
def _():
    new_black_top = deal_button("Next pile")
    new_black_top
    return (new_black_top,)


@app.cell
def _(new_black_top):
    black_ask = black_top_question(new_black_top.value)
    _spot = black_ask["spot"]
    black_answer = mo.ui.radio(options=["yes", "no"], inline=True, label="May you take the pile?")
    mo.vstack([hand_widget(rules, _spot.hand, melds=_spot.melds, discard=_spot.discard, readonly=True),
               cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36), black_answer,
               hint("Only the top card blocks. Is the black three on top, or has another card covered it?")])
    return black_answer, black_ask


@app.cell
def black_top_check(black_answer, black_ask, tracker):
    _verdict = None if black_answer.value is None else ask("pickup", black_ask["spot"])
    _right, _text = black_top_feedback(black_ask, black_answer.value, _verdict)
    practise(_right, _text, _text, tracker=tracker, exercise="black-on-top", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: block the next player

    You have drawn and must now discard. The next player's hand is shown
    face up: they hold a natural pair of every rank you hold, and their side
    has melded. Select the one card whose discard keeps the pile from them.
    """)
    return


@app.cell
def _():
    new_block = deal_button("Next hand")
    new_block
    return (new_block,)


@app.cell
def _(new_block):
    block_ask = block_question(new_block.value)
    _spot = block_ask["spot"]
    block_hand = hand_widget(rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    mo.vstack([block_hand, cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36),
               cards_view(block_ask["next_hand"], rules, label="the next player's hand", width=36),
               cards_view(block_ask["next_meld"], rules, label="the next player's meld", width=36),
               hint("The next player takes the pile by melding its top card with a pair. Which card of yours "
                    "blocks the pile while it lies on top?")])
    return block_ask, block_hand


@app.cell
def block_check(block_ask, block_hand, tracker):
    _right, _text = block_feedback(block_ask, block_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="block-it", waiting="Select the card you discard.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Try it: may you take the pile?

    Set up the table with the switches, then select the cards from your hand
    you would take the pile with, or switch on *lay off* to lay the top card
    off onto your meld instead. The verdict says whether the pile is yours,
    with the whole turn that proves it, or which rule forbids it.

    **Exercise 1:** switch on *a wild card lies in the pile* and take the
    frozen pile.
    """)
    return


@app.cell
def _():
    melded_switch = mo.ui.switch(value=True, label="your side has melded")
    frozen_switch = mo.ui.switch(value=False, label="a wild card lies in the pile")
    black_switch = mo.ui.switch(value=False, label="a black three is on top")
    layoff_switch = mo.ui.switch(value=False, label="lay off (no cards from the hand)")
    deal_again = deal_button()
    mo.hstack([melded_switch, frozen_switch, black_switch, layoff_switch, deal_again], justify="start", gap=1.5)
    return black_switch, deal_again, frozen_switch, layoff_switch, melded_switch


@app.cell
def _(deal_again):
    pile_deal = deal_until(rules, 404 + deal_again.value,
                           lambda d: pairs(rules, d["hand"]) >= 2
                           and len({c.rank for c in d["hand"]} & set(rules.natural_ranks)) < len(rules.natural_ranks),
                           pile=8)
    # One widget per deal: flipping a switch changes the table, never the learner's selection.
    hand_view = hand_widget(rules, pile_deal["hand"])
    return hand_view, pile_deal


@app.cell
def _(black_switch, frozen_switch, hand_view, melded_switch, pile_deal):
    table = pile_spot(pile_deal, melded=melded_switch.value, frozen=frozen_switch.value,
                      black_three=black_switch.value)
    hand_view.widget.melds = [format_cards(m) for m in table.melds]
    hand_view.widget.discard = format_cards(table.discard)
    mo.vstack([hand_view, cards_view(table.discard, rules, label="the whole pile, bottom to top", width=36)])
    return (table,)


@app.cell
def pickup_verdict(hand_view, layoff_switch, table, tracker):
    _picked = "" if layoff_switch.value else hand_view.widget.selected
    mo.stop(not _picked and not layoff_switch.value,
            mo.md("Select the cards you would take the pile with, or switch on *lay off*."))
    _verdict, _shown = ask_verdict("pickup", table, play=_picked,
                            yes=f"Yes: you may take the pile with {_picked or 'a lay-off'}",
                            no=f"No: you may not take the pile with {_picked or 'a lay-off alone'}")
    if _verdict is not None and _picked:
        _shown = mo.vstack([_shown, mo.md(f"Why: {pile_why(table, _picked, _verdict)}.")])
    if _verdict is not None and _verdict.answer and any(rules.is_wild(c) for c in table.discard):
        tracker.widget.mark("take-frozen")
    mo.vstack([mo.md(f"Taking the pile with: **{_picked or 'nothing from the hand (lay the top card off)'}**"), _shown])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: yours or not?

    For each situation, decide whether the player may take the pile with the
    two cards named.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New situation")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question = pile_question(new_question.value)
    answer = mo.ui.radio(options=["may take it", "may not"], label=f"With {question['play']}, the player",
                         inline=True)
    _spot = question["spot"]
    _facts = ["your side has melded" if _spot.melds else "your side has not melded", "your turn is starting"]
    mo.vstack([table_view(_spot, *_facts),
               cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36),
               cards_view(question["play"], rules, label="the cards offered", width=36), answer,
               hint("Three questions: can the top card be taken at all? Is the pile frozen (no meld yet, or a "
                    "wild card anywhere in it)? If frozen, is the offer a natural pair?")])
    return answer, question


@app.cell
def exercise_feedback(answer, question, tracker):
    # The checker is asked once there is an answer to check.
    verdict, verdict_shown = (None, mo.md("*Answer first.*")) if answer.value is None else ask_verdict(
        "pickup", question["spot"], play=question["play"])
    _right, _text = pile_feedback(question, answer.value, verdict)
    practise(_right, _text, _text, tracker=tracker, exercise="yours-or-not", waiting="Choose an answer.")
    return (verdict_shown,)


@app.cell(hide_code=True)
def _(verdict_shown):
    solution("Show the checker's verdict", verdict_shown)
    return


@app.cell(hide_code=True)
def _():
    recap([
        "Taking the pile means taking all of it; its top card must go down at once, with two cards from the hand "
        "or onto your meld of that rank.",
        "The pile is frozen before your side's first meld, and for everyone while a wild card or red three lies "
        "in it: then only a natural pair takes it.",
        "A black three on top blocks the pile for one turn; a wild card or red three on top can never be taken.",
    ], "05_red_and_black_threes")
    return


if __name__ == "__main__":
    app.run()
