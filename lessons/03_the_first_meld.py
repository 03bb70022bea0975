# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Classic 3: the first meld"
# description = "The first meld of a hand, the minimum it must reach, and the score bands."
# ///
"""Classic 3: the first meld of a hand, the minimum it must reach, and the score bands."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Classic 3: the first meld")

with app.setup:
    import random

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, hint, learn, pairs,
                          practise, progress_widget, proposal, quote, recap, solution)
    from tutor.cards import format_cards, parse_cards, parse_melds
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("classic")
    LESSON = "03_the_first_meld"
    EXERCISES = ("make-it", "enough")
    SCORES = (-120, 0, 750, 1495, 1500, 2200, 2995, 3000, 3600)
    PROPOSALS = ("KS KH KD | 5C 5D 2S", "AS AH JK", "QS QH QD 2C", "9S 9H 9D 9C | 8S 8H 8D", "AS AD AC 2H | KS KH JK",
                 "7S 7H 7D", "JS JH JD JC 2S 2D", "AS AH AC JK JK | 6S 6H 6D", "4S 4H 2D", "TS TH TD 2S | AH AD AC")
    # Two cards the proposed melds leave in hand: one to discard and one to keep, so the
    # question is never about going out.
    SPARE = "8C 4D"


@app.function
def bands_table() -> str:
    """The score bands of the first-meld minimum, from the variant's data."""
    bands = rules["initial"]["bands"]
    rows = ["| the side's score | its first meld must total |", "|:---|---:|"]
    for i, band in enumerate(bands):
        low = band.get("from")
        high = bands[i + 1]["from"] - 5 if i + 1 < len(bands) else None
        where = ("below 0" if low is None else f"{low} to {high}" if high is not None else f"{low} or more")
        rows.append(f"| {where} | {band['need']} |")
    return "\n".join(rows)


@app.function
def first_meld_spot(hand, score: int) -> Spot:
    return Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "score": score})


@app.function
def enough_question(n: int) -> dict:
    """The n-th question: a score and a proposed first meld, every pair once before any repeats."""
    pairs_ = [(score, melds) for score in SCORES for melds in PROPOSALS]
    random.Random(3000 + n // len(pairs_)).shuffle(pairs_)
    score, melds = pairs_[n % len(pairs_)]
    hand = " ".join(format_cards(m) for m in parse_melds(melds)) + " " + SPARE
    return {"score": score, "melds": melds, "hand": hand}


@app.function
def enough_feedback(question, answer, verdict) -> tuple:
    """(right?, message) for "enough" / "not enough", explained by the totals."""
    if answer is None:
        return None, ""
    points = sum(rules.value(c) for m in parse_melds(question["melds"]) for c in m)
    need = rules.initial_need(question["score"])
    said_enough = answer == "enough"
    sums = f"the melds total {points}, and a side with {question['score']} points needs {need}"
    if verdict is None:
        return False, "The checker could not answer this question here."
    if said_enough == verdict.answer:
        return True, f"Right: {'enough' if verdict.answer else 'not enough'}. {sums.capitalize()}."
    if said_enough:
        return False, (f"Not enough: {sums}. Count each card: a joker 50, an ace or a 2 20, a king down to an "
                       "8 10, a 7 down to a 4 5.")
    return False, f"It is enough: {sums}. Several melds in one turn count together."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # The first meld
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "why a side's first meld of each hand must reach a minimum;",
        "how that minimum rises with the side's score;",
        "what counts toward it, and what does not.",
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
    ## A minimum that grows with your score

    Until a side has put down its first meld of the hand, it is not allowed
    to meld small. The cards it puts down in that turn must add up to a
    minimum, and the minimum depends on the side's score so far: the
    further ahead a side is, the harder its start.

    {bands_table()}

    Several melds put down in the same turn count together: 50 can be a
    meld of kings (30) and a meld of fives with a 2 (15 + 20 = 35), 65 in all.
    Only the face values of the cards count; canasta bonuses and red threes
    do not. Once a side has melded, the minimum no longer applies to it for
    the rest of the hand: its partner may then meld anything legal.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-INITIAL")
    return


@app.cell
def _():
    score_slider = mo.ui.slider(start=-500, stop=4000, step=5, value=1600, label="Your side's score", show_value=True)
    score_slider
    return (score_slider,)


@app.cell
def need_shown(score_slider):
    mo.md(f"With **{score_slider.value}** points, your side's first meld must total at least "
          f"**{rules.initial_need(score_slider.value)}**.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 1: make a first meld that is enough

    Below is a hand you have just drawn to, and the score slider above sets
    your side's score. Select the cards of a meld and press **Group**; build
    as many melds as you like. The verdict says at once whether they make a
    legal first meld at that score. It is judged with the rest of the turn,
    so a first meld that would leave you no card to discard is refused.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    dealt = deal_until(rules, 303 + deal_again.value, lambda d: pairs(rules, d["hand"]) >= 3, cards=12)
    hand_view = hand_widget(rules, dealt["hand"])
    mo.vstack([hand_view, hint("Add up the values of the cards you group: kings 10 each, a joker 50, a 2 20. "
                                "Two melds in the same turn count together.")])
    return dealt, hand_view


@app.cell
def first_meld_verdict(hand_view, score_slider, tracker):
    _play = proposal(hand_view.widget)
    if not _play:
        _shown = mo.md("Select cards and press **Group** to propose a first meld.")
    else:
        _spot = first_meld_spot(hand_view.widget.hand_cards(), score_slider.value)
        _need = rules.initial_need(score_slider.value)
        _total = sum(rules.value(c) for g in _play.split("|") for c in parse_cards(g))
        _verdict, _shown = ask_verdict("initial-meld", _spot, play=_play,
                                       yes=f"Enough: your melds total {_total}, and a side with "
                                           f"{score_slider.value} points needs {_need}",
                                       no="Not a legal first meld")
        if _verdict is not None and _verdict.answer:
            tracker.widget.mark("make-it")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    Not sure whether the hand can meld at all? The checker searches every
    combination of melds and answers with a proof, or with the rule that
    stands in the way.
    """)
    return


@app.cell
def _():
    can_meld_button = mo.ui.run_button(label="Can this hand make its first meld?")
    can_meld_button
    return (can_meld_button,)


@app.cell
def can_meld(can_meld_button, dealt, score_slider):
    mo.stop(not can_meld_button.value, mo.md("*The checker answers when you ask.*"))
    _, _view = ask_verdict("initial-meld", first_meld_spot(dealt["hand"], score_slider.value),
                           yes="Yes, this hand can make its first meld", no="No first meld is possible")
    _view
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Only the top card of the pile counts

    A side may also make its first meld by taking the discard pile (lesson 4).
    Then the pile's top card, melded with cards from the hand, counts toward
    the minimum, and so do other melds made only of cards from the hand. A
    meld that holds any other card of the pile is made after the pile is
    taken, so it counts nothing toward the minimum, not even the cards from
    your hand in it. The pile cannot be used to make up the points.

    One more exception waits in lesson 6: a side that goes out *concealed*,
    melding its whole hand in a single turn, owes no minimum at all.

    ## Exercise: enough or not?

    Each question gives a score and a proposed first meld. Decide whether the
    meld is legal as a first meld, then check the verdict.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New question")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question = enough_question(new_question.value)
    answer = mo.ui.radio(options=["enough", "not enough"], label="This first meld is", inline=True)
    _cards = [cards_view(m, rules, width=44, label=f"meld {i}")
              for i, m in enumerate(question["melds"].split("|"), start=1)]
    mo.vstack([mo.md(f"Your side's score: **{question['score']}**. The proposed first meld:"),
               mo.hstack(_cards, justify="start", wrap=True), answer,
               hint("Find the minimum for that score in the table above, then add up the cards.")])
    return answer, question


@app.cell
def exercise_feedback(answer, question, tracker):
    _spot = first_meld_spot(parse_cards(question["hand"]), question["score"])
    verdict, verdict_shown = ask_verdict("initial-meld", _spot, play=question["melds"])
    _right, _text = enough_feedback(question, answer.value, verdict)
    practise(_right, _text, _text, tracker=tracker, exercise="enough", waiting="Choose an answer.")
    return (verdict_shown,)


@app.cell(hide_code=True)
def _(verdict_shown):
    solution("Show the checker's verdict", verdict_shown)
    return


@app.cell(hide_code=True)
def _():
    recap([
        "A side's first meld of each hand must reach a minimum that rises with its score (the table above).",
        "Several melds put down in one turn count together; only the cards' values count.",
        "Once a side has melded, the minimum is behind it for the rest of the hand.",
    ], "04_the_pile")
    return


if __name__ == "__main__":
    app.run()
