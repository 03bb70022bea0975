# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Start here: your first hand"
# description = "What Canasta is, who plays with whom, what you aim for, and your first turn with a coach."
# ///
"""Start here: what Canasta is, who plays with whom, what you aim for, and a first turn played with a coach."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasta Tutor: start here")

with app.setup:
    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, hand_widget, hint, learn, number_word, play_text, practise,
                          progress_widget, quote, recap, solution)
    from tutor.cards import format_cards, parse_cards
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("classic")
    LESSON = "00_start_here"
    EXERCISES = ("canasta-size", "first-turn")
    # The scripted first turn: the card just drawn is the last one, the seven of hearts.
    FIRST_HAND = "AS AH AD 9C 9D KS 7S 5H 4C 2D 7H"
    FIRST_MELD = "AS AH AD"


@app.function
def coach(selected, groups) -> tuple:
    """The coach's next word on the scripted first turn: (finished?, what to do or what went wrong)."""
    need = rules.initial_need(0)
    groups = [format_cards(parse_cards(g)) for g in groups]
    selected = parse_cards(selected)
    if not groups:
        picked = format_cards(selected)
        if not selected:
            return False, ("Step 1 of 2, meld. You hold three aces. Select A♠ A♥ A♦ (click each), then press "
                           "**Group**.")
        if len(selected) < 3:
            return False, f"{picked}: a meld needs at least three cards of one rank. Keep selecting."
        if picked != FIRST_MELD:
            return False, (f"{picked} is not the meld to start with: select the three aces, "
                           f"worth {sum(rules.value(c) for c in parse_cards(FIRST_MELD))} points.")
        return False, "Good: now press **Group** to set the aces down as a meld."
    points = sum(rules.value(c) for g in groups for c in parse_cards(g))
    spot = Spot.from_dict({"variant": "classic", "hand": FIRST_HAND, "phase": "drawn", "score": 0})
    if len(selected) != 1:
        return False, (f"Step 2 of 2, discard. Your meld is worth {points}; a side's first meld needs {need}. "
                       "Now select **one** card to throw away, face up, on the pile: a low card that fits "
                       "nothing, such as the 4♣, is a good choice.")
    try:
        play = play_text(spot, [parse_cards(g) for g in groups], [str(c) for c in selected])
    except ValueError as error:
        return False, str(error)
    verdict, _ = ask_verdict("play", spot, play=play)
    if verdict is None or not verdict.answer:
        why = "; ".join(r.text for r in verdict.reasons) if verdict is not None else "the referee could not judge it"
        return False, f"Not this turn: {why}. Press **Clear** and try again."
    return True, (f"Your turn is complete: you drew, melded {' and '.join(groups)} ({points} points, at least the "
                  f"{need} a first meld needs) and discarded {selected[0]}. Your partner may now meld anything "
                  "legal: your side is down.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Start here: your first hand

    Never played Canasta? This page is for you. In a few minutes you will know
    who plays with whom, what you are trying to do, and what happens in a turn,
    and you will play one turn yourself with a coach beside you.
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "who plays: two sides, partners sitting across the table;",
        "the aim: canastas, and the first side to the target score wins;",
        "what a turn is: draw, meld, discard;",
        "how to play a turn with the cards on this page.",
    )
    return


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    tracker
    return (tracker,)


@app.cell(hide_code=True)
def _():
    _layout = {lay.players: lay for lay in [rules_for("classic", {"players": p}).layout for p in (2, 4)]}
    mo.md(rf"""
    ## Two sides

    Canasta is played by four people in **two sides of two partners**; partners
    sit across the table from each other. (Two people can play too, each a side
    alone.) Partners never show each other their cards, but everything they put
    on the table belongs to the side: one partner may add to the other's melds,
    and the side scores together.

    The game uses **two packs with their jokers**, shuffled together. With four
    players each is dealt **{_layout[4].hand} cards**; with two, {_layout[2].hand}.
    """)
    return


@app.cell(hide_code=True)
def _():
    mo.md(f"""
    ## The aim: canastas

    Cards of the same rank are put down on the table in **melds**: three or more
    kings, three or more sevens. Jokers and 2s are **wild**: they may join a meld
    and stand in for its rank. A meld that grows to **{number_word(rules["canasta"]["min_cards"])} cards**
    is a **canasta**, and canastas are what you play for: each earns a big bonus,
    and a side may not end the hand ("go out") until it has one.

    When a hand ends, each side scores its melds and bonuses and loses the
    cards still in its hands. Hands are played until a side reaches
    **{rules["game"]["target"]} points**: that side wins.
    """)
    return


@app.cell(hide_code=True)
def _():
    mo.vstack([
        cards_view("KS KH KD", rules, label="a meld: three kings"),
        cards_view("KS KH KD KC KS 2D JK", rules, label="a canasta: seven kings (two of them wild cards)"),
    ])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Check yourself:** how many cards make a canasta?
    """)
    return


@app.cell
def _():
    size_answer = mo.ui.radio(options=["three", "five", "seven", "ten"], inline=True, label="A canasta has at least")
    size_answer
    return (size_answer,)


@app.cell
def size_feedback(size_answer, tracker):
    _need = number_word(rules["canasta"]["min_cards"])
    _given = size_answer.value
    _wrong = ("three cards are the smallest meld; a canasta is a meld grown much longer" if _given == "three"
              else f"not {_given}: look at the seven kings above")
    practise(None if _given is None else _given == _need,
             f"Right: a canasta is a meld of at least {_need} cards.", f"Not quite: {_wrong}.",
             tracker=tracker, exercise="canasta-size", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(f"""
    ## A turn: draw, meld, discard

    Players take turns to the left. A turn always has three parts:

    1. **Draw**: take the top card of the face-down *stock* (or, in lesson 4,
       the whole face-up *discard pile*).
    2. **Meld** (if you can and want to): put melds face up in front of your
       side, or add cards to your side's melds.
    3. **Discard**: put one card face up on the discard pile. Your turn is over.

    The very first meld your side makes in a hand must be worth enough points
    (at the start of a game, {rules.initial_need(0)}); each card has a value, lesson 1 lists them.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-DECK")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Your first turn, with a coach

    It is your turn and you have just drawn the **7♥** from the stock (it is the
    last card in your hand). Click cards to select them; press **Group** to set
    selected cards aside as a meld; press **Clear** to start again. The coach
    under the cards tells you what to do next.
    """)
    return


@app.cell
def _():
    first_turn = hand_widget(rules, FIRST_HAND)
    first_turn
    return (first_turn,)


@app.cell
def coach_says(first_turn, tracker):
    _done, _text = coach(first_turn.widget.selected, first_turn.widget.groups)
    practise(True if _done else None, f"**Coach:** {_text}", "", tracker=tracker, exercise="first-turn",
             waiting=f"Coach: {_text}")
    return


@app.cell(hide_code=True)
def _():
    mo.vstack([
        hint("The three aces (A♠ A♥ A♦) are worth 20 each: 60, enough for a first meld. After grouping them, "
             "select just the 4♣ to discard."),
        solution("Show the whole turn", mo.md("Meld `AS AH AD`, then discard `4C`.")),
    ])
    return


@app.cell(hide_code=True)
def _():
    recap([
        "Four players make two sides of partners; the side scores together.",
        f"Melds are three or more cards of a rank; a meld of {number_word(rules['canasta']['min_cards'])} is a "
        f"canasta; the first side to {rules['game']['target']} wins.",
        "A turn is draw, meld if you can, discard one card.",
    ], "00_welcome", after="Then the classic lessons, one idea at a time.")
    return


if __name__ == "__main__":
    app.run()
