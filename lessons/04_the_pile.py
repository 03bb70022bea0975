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

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, hint, ladder_step,
                          learn, pairs, practise, progress_widget, quote, recap, solution, table_view)
    from tutor.questions import ask
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("classic")
    LESSON = "04_the_pile"
    EXERCISES = ("take-it", "take-frozen", "yours-or-not")
    # The card questions climb: a pile open to a natural and a wild card, then frozen by a wild card, then
    # frozen because the side has not melded.
    TAKE_STEPS = ((True, False), (True, True), (False, False))


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
                                   ("a wild card lies in the pile", any(rules.is_wild(c) for c in spot.discard))]
              if yes]
    if verdict.answer:
        why = f"the top card {top} goes down with {play}"
        why += (f"; the pile is frozen ({' and '.join(frozen)}), and {play} is a natural pair, which is what a "
                "frozen pile takes") if frozen else "; the pile is not frozen, so a natural and a wild card would do too"
    else:
        why = "; ".join(r.text for r in verdict.reasons) or "no rule lets this pickup through"
        offered = parse_cards(play)
        with_wild = any(rules.is_wild(c) for c in offered) and any(c.rank == top.rank for c in offered)
        if frozen and with_wild and rules.is_natural(top):
            why = (f"the pile is frozen ({' and '.join(frozen)}): only a natural pair takes it, and {play} is "
                   "not one")
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
