# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Classic 1: cards and values"
# description = "The pack, the four kinds of card, and what every card is worth."
# ///
"""Classic 1: the pack, the four kinds of card, and what every card is worth."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Classic 1: cards and values")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (cards_view, check, deal, deal_button, hand_widget, learn, meld_verdict, problem, quote,
                          solution, whole_number)
    from tutor.cards import format_cards, parse_cards
    from tutor.rules import rules_for

    rules = rules_for("classic")


@app.function
def role_name(card) -> str:
    """What a card is in classic: natural, wild, red three or black three."""
    return {"natural": "natural", "wild": "wild card", "bonus": "red three (bonus card)",
            "blocker": "black three"}[rules.role(card)]


@app.function
def value_lines(cards) -> str:
    """Each card with its value, then the total, as a markdown list."""
    lines = [f"- `{c}` is a {role_name(c)}: **{rules.value(c)}**" for c in cards]
    return "\n".join(lines) + f"\n\nTotal: **{sum(rules.value(c) for c in cards)}** points."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Cards and their values
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "what the classic pack holds and how many cards each player gets;",
        "the four kinds of card: naturals, wild cards, red threes and black threes;",
        "what each card is worth when the hand is scored.",
    )
    return


@app.cell(hide_code=True)
def _():
    _pack = rules.pack
    _jokers = sum(n for c, n in _pack.items() if c.is_joker)
    mo.md(f"""
    ## The pack

    Classic Canasta is played with two ordinary packs shuffled together, plus
    their jokers: **{sum(_pack.values())} cards** in all, of which {_jokers} are
    jokers. Every other card appears exactly twice, so a hand may well hold
    two kings of spades.

    Two players each play for themselves and are dealt 15 cards; four players
    form two partnerships, sit opposite their partners, and are dealt 11 cards
    each. Partners share their melds and their score.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-DECK")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Four kinds of card

    Every card is one of four kinds, and most rules are about which kind a
    card is:

    - **Naturals** are the cards from 4 up to the ace. Melds are built from them.
    - **Wild cards** are the jokers and the 2s. A wild card can stand in a
      meld of any rank, within limits you will meet in the next lesson.
    - **Red threes** (3♥ 3♦) are bonus cards. They are never held: a red
      three is laid face up at once and scores on its own.
    - **Black threes** (3♠ 3♣) are awkward cards. They cannot be melded in an
      ordinary turn; their use is to block the discard pile for the next player.

    The table shows every rank, its kind and its value. The values matter
    twice: when a side makes its first meld (it must be worth enough), and
    when the hand is scored (melded cards count plus, cards left in a hand
    count minus).
    """)
    return


@app.cell(hide_code=True)
def _():
    _rows = ["| card | kind | value |", "|:---|:---|---:|"]
    for _rank in ["JK", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "2"]:
        _card = parse_cards(_rank if _rank == "JK" else _rank + "S")[0]
        _name = "joker" if _rank == "JK" else ("10" if _rank == "T" else _rank)
        _rows.append(f"| {_name} | {role_name(_card)} | {rules.value(_card)} |")
    for _name, _code in (("3♥ 3♦", "3H"), ("3♠ 3♣", "3S")):
        _card = parse_cards(_code)[0]
        _rows.append(f"| {_name} | {role_name(_card)} | {rules.value(_card)} |")
    mo.md("\n".join(_rows))
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-VALUES")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    A red three's 100 points are not a face value like the others: it is a
    bonus, and it counts *minus* for a side that has not melded by the end of
    the hand. A black three left in a hand costs far more than its 5 points
    (lesson 5 has the details).

    ## A hand of your own

    Here is a hand dealt from a shuffled pack. Click cards to select them
    (or move with the arrow keys and press space): the value of what you
    select is added up at once, and you see whether those cards would make a
    legal meld. Press **Deal again** for a new hand.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    dealt = deal(rules, seed=101 + deal_again.value, cards=15)
    hand_view = hand_widget(rules, dealt["hand"])
    mo.vstack([hand_view, cards_view(dealt["red_threes"], rules, label="Red threes laid out (replaced from the stock)")
               if dealt["red_threes"] else mo.md("")])
    return (hand_view,)


@app.cell
def selection_value(hand_view):
    _picked = hand_view.widget.selected_cards()
    if _picked:
        _shown = mo.vstack([mo.md(value_lines(_picked)), meld_verdict(rules, _picked)])
    else:
        _shown = mo.md("Select some cards to see what they are worth.")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: what are these cards worth?

    Add up the values of the six cards below and type the total, then press
    Enter. A new set of cards comes with each press of the button.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New cards")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    _rng = random.Random(500 + new_question.value)
    _pack = [c for c in rules.pack.elements() if rules.role(c) != "bonus"]
    question_cards = tuple(sorted(_rng.sample(_pack, 6), key=lambda c: -rules.value(c)))
    answer_box = mo.ui.text(placeholder="a whole number", label="Total value")
    mo.vstack([cards_view(question_cards, rules, width=60), answer_box])
    return answer_box, question_cards


@app.cell
def exercise_feedback(answer_box, question_cards):
    _total = sum(rules.value(c) for c in question_cards)
    try:
        _given = whole_number(answer_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _shown = check(None if _given is None else _given == _total,
                       f"Right: these cards are worth {_total}.",
                       "Not yet. Look up each card in the table above: jokers 50, aces and 2s 20, "
                       "K down to 8 ten each, 7 down to 4 (and a black 3) five each.")
    _shown
    return


@app.cell(hide_code=True)
def _(question_cards):
    solution("Show the solution", mo.md(value_lines(question_cards)))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Next:** the cards you have just counted are built into melds. Lesson 2
    says which groups of cards are legal melds, and how far wild cards may go.
    """)
    return


if __name__ == "__main__":
    app.run()
