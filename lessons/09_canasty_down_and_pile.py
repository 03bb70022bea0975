# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Canasty 2: the down and the pile"
# description = "The down table by score, and taking the pile, with a black three buried in it."
# ///
"""Canasty 2: the down table by score, and taking the pile, with a black three buried in it."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasty 2: the down and the pile")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, learn, pairs,
                          practise, problem, progress_widget, quote, recap, solution, table_view, whole_number)
    from tutor.cards import Card, format_cards
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("canasty")
    LESSON = "09_canasty_down_and_pile"
    EXERCISES = ("take-the-pile", "canasty-minimum")


@app.function
def down_table(extended: bool) -> str:
    """The down requirement by score, from the variant's data (with or without the extended option)."""
    bands = rules_for("canasty", {"extended": extended})["initial"]["bands"]
    rows = ["| the player's score | the down must total |", "|:---|---:|"]
    for i, band in enumerate(bands):
        low = band.get("from")
        high = bands[i + 1]["from"] - 5 if i + 1 < len(bands) else None
        where = "up to 495" if low is None else f"{low} to {high}" if high is not None else f"{low} or more"
        rows.append(f"| {where} | {band['need']} |")
    return "\n".join(rows)


@app.function
def free_cards(rank: str, n: int, used: Counter) -> list:
    """``n`` cards of ``rank`` that the pack still has, given the cards already in play."""
    free = [Card(rank, s) for s in "SHDC" for _ in range(rules.copies(Card(rank, s)) - used[Card(rank, s)])]
    return free[:n]


@app.function
def pile_table(dealt, *, down: bool, buried: bool) -> Spot:
    """A before-draw spot from a deal: the top card matches a natural pair in the hand."""
    hand = dealt["hand"]
    counts = Counter(c.rank for c in hand if rules.is_natural(c))
    rank = max((r for r, n in counts.items() if n >= 2), key=lambda r: (counts[r], rules.value(Card(r, "S"))))
    used = Counter(hand)
    top = next(Card(rank, s) for s in "SHDC" if used[Card(rank, s)] < rules.copies(Card(rank, s)))
    pile = [c for c in dealt["discard"] if rules.is_natural(c) and c.rank != rank][:4]
    if buried:
        pile.insert(1, next(c for c in (Card("3", "C"), Card("3", "S")) if used[c] < 2))
    pile.append(top)
    melds = []
    if down:
        other = next(r for r in rules.natural_ranks if not counts[r])
        melds = [format_cards(free_cards(other, 3, used + Counter(pile)))]
    return Spot.from_dict({"variant": "canasty", "hand": format_cards(hand), "melds": melds,
                           "discard": format_cards(pile), "phase": "before-draw"})


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Canasty: the down and the pile
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "what a player's first meld, the down, must be worth at each score;",
        "the extended table for long games;",
        "how to take the pile, and why it is never frozen here;",
        "what a black three buried in the pile changes.",
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
    ## Going down

    In Canasty a player's first meld is called going **down**, and as in
    classic it must reach a minimum that rises with the player's score, in
    steps of 25. Several sets put down in the same turn add up, and of the
    pile only its top card counts. Unlike classic, a set that also holds
    cards from below the top of the pile still counts its cards from the
    hand; only those pile cards count nothing. The game is to 2500; with the `extended`
    option the table continues in steps of 25 and the game is to 5000.
    """)
    return


@app.cell
def _():
    extended_switch = mo.ui.switch(value=False, label="extended option")
    extended_switch
    return (extended_switch,)


@app.cell
def down_bands(extended_switch):
    mo.md(down_table(extended_switch.value))
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-DOWN")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Taking the pile

    Only the top card of the pile is ever used. To take the pile, the player
    puts that card down at once with **two cards from the hand**: a new set
    of three, or all three onto the player's set of that rank. Laying the top
    card off alone is not enough. Those two cards may be a natural pair, or a
    natural and a wild card.

    Unlike classic, the pile is **never frozen**: a wild card in it changes
    nothing. What changes things is a **black three buried** anywhere in the
    pile below the top: then only a natural pair will do. And the pile can
    never be taken with a black three, a wild card, a red three or a joker
    on top.

    A player who is not yet down may take the pile too, but the cards put
    down with the top card must then make the down by themselves (the top
    card counts, the rest of the pile does not).
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-PICKUP")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 1: take the pile

    Select the two cards you would take the pile with. The checker answers
    with the whole turn that proves it, or the rule that forbids it.
    """)
    return


@app.cell
def _():
    down_switch = mo.ui.switch(value=True, label="you are down")
    buried_switch = mo.ui.switch(value=False, label="a black three lies in the pile")
    deal_again = deal_button()
    mo.hstack([down_switch, buried_switch, deal_again], justify="start", gap=2)
    return buried_switch, deal_again, down_switch


@app.cell
def _(deal_again):
    pile_deal = deal_until(rules, 909 + deal_again.value,
                           lambda d: pairs(rules, d["hand"]) >= 2 and any(rules.is_wild(c) for c in d["hand"])
                           and len({c.rank for c in d["hand"]} & set(rules.natural_ranks)) < len(rules.natural_ranks),
                           pile=8)
    # One widget per deal: flipping a switch changes the table, never the learner's selection.
    hand_view = hand_widget(rules, pile_deal["hand"])
    return hand_view, pile_deal


@app.cell
def _(buried_switch, down_switch, hand_view, pile_deal):
    table = pile_table(pile_deal, down=down_switch.value, buried=buried_switch.value)
    hand_view.widget.melds = [format_cards(m) for m in table.melds]
    hand_view.widget.discard = format_cards(table.discard)
    mo.vstack([hand_view, cards_view(table.discard, rules, label="the whole pile, bottom to top", width=36)])
    return (table,)


@app.cell
def pickup_verdict(hand_view, table, tracker):
    _picked = hand_view.widget.selected
    if not _picked:
        _shown = mo.md("Select the two cards you would take the pile with.")
    else:
        _verdict, _shown = ask_verdict("pickup", table, play=_picked, yes=f"Yes: the pile is yours with {_picked}",
                                       no=f"No: not with {_picked}")
        if _verdict is not None and _verdict.answer:
            tracker.widget.mark("take-the-pile")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: how much for the down?

    What must a player's down total at the score shown (with the extended
    option as stated)?
    """)
    return


@app.cell
def _():
    new_question = deal_button("New score")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    _rng = random.Random(9000 + new_question.value)
    question = {"score": _rng.choice([-200, 0, 480, 500, 995, 1000, 1720, 2000, 2400, 2600, 3100, 4700]),
                "extended": _rng.random() < 0.4}
    question["extended"] = question["extended"] or question["score"] >= 2500 and _rng.random() < 0.7
    answer_box = mo.ui.text(placeholder="a whole number", label="The down must total")
    mo.vstack([mo.md(f"Score **{question['score']}**, extended option **{'on' if question['extended'] else 'off'}**."),
               answer_box])
    return answer_box, question


@app.cell
def exercise_feedback(answer_box, question, tracker):
    _need = rules_for("canasty", {"extended": question["extended"]}).initial_need(question["score"])
    try:
        _given = whole_number(answer_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _shown = practise(None if _given is None else _given == _need, f"Right: {_need}.",
                       "Not quite: find the score's row in the table above (switch the extended option to match).", tracker=tracker, exercise="canasty-minimum")
    _shown
    return


@app.cell(hide_code=True)
def _(question):
    solution("Show the solution", mo.md(down_table(question["extended"])))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "A player's first meld, the down, must reach a minimum that rises with the score (the table above).",
        "Long games may use the extended table, agreed before the game.",
        "The pile is taken with two cards from the hand and its top card; it is never frozen, but a black three "
        "buried in it means only a natural pair will do.",
    ], "10_canasty_going_out_and_cheats")
    return


if __name__ == "__main__":
    app.run()
