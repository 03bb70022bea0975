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

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, hint, ladder_step,
                          learn, number_word, pairs, play_text, practise, progress_widget, quote, recap, solution)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.render import cards_text
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("classic")
    LESSON = "00_start_here"
    EXERCISES = ("canasta-size", "turn-order", "first-turn")
    # The discard questions climb: nothing melded yet, then melds on the table, then a hand so short that
    # melding it all and discarding would go out, which no side may do before its canasta.
    TURN_STEPS = ("nothing-melded", "melded", "keep-a-card")
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


@app.function
def turn_question(n: int) -> Spot:
    """The n-th "end the turn" question: a dealt hand just after the draw, on a table that grows harder."""
    step = ladder_step(n, TURN_STEPS)
    dealt = deal_until(rules, 5000 + n, lambda d: pairs(rules, d["hand"]) >= 2
                       and any(rules.is_wild(c) for c in d["hand"])
                       and len({c.rank for c in d["hand"]} & set(rules.natural_ranks)) < len(rules.natural_ranks),
                       cards=12)
    hand = list(dealt["hand"])
    # A meld already on the table, of a rank the hand does not hold (so every copy of it is still free).
    absent = next(r for r in reversed(rules.natural_ranks) if all(c.rank != r for c in hand))
    table = [format_cards([Card(absent, s) for s in "SHD"])]
    if step == "nothing-melded":
        return Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "phase": "drawn", "score": 0})
    if step == "keep-a-card":
        # A pair and a wild card that would make a meld, and one loose card: four cards in all.
        rank = next(c.rank for c in hand if rules.is_natural(c) and sum(d.rank == c.rank for d in hand) >= 2)
        pair = [c for c in hand if c.rank == rank][:2]
        wild = next(c for c in hand if rules.is_wild(c))
        loose = next(c for c in hand if rules.is_natural(c) and c.rank != rank)
        hand = pair + [wild, loose]
    return Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "melds": table, "phase": "drawn",
                           "score": 0})


@app.function
def turn_feedback(spot, groups, selected) -> tuple:
    """(right?, message) for the end of a turn built on the cards, judged by the referee."""
    groups = [tuple(g) for g in groups]
    selected = [str(c) for c in selected]
    if not groups and not selected:
        return None, ""
    if not selected:
        return False, ("Your turn is not over yet: after the draw and any melds, it ends with a discard. Select the "
                       "one card that goes onto the pile.")
    if len(selected) > 1:
        return False, (f"A turn ends with **one** discard, never {number_word(len(selected))}: you have drawn, "
                       "you may meld, and then exactly one card goes onto the pile.")
    play = play_text(spot, groups, selected)
    verdict, _ = ask_verdict("play", spot, play=play)
    if verdict is None:
        return False, "The referee could not judge this turn here."
    discard = parse_cards(selected[0])[0].symbol()
    if verdict.answer:
        kept = len(spot.hand) - sum(len(g) for g in groups) - 1
        melded = " and ".join(cards_text(g) for g in groups)
        middle = f"you melded {melded}, " if groups else "you melded nothing, which is allowed, "
        return True, (f"Right: the draw came first, then {middle}and the discard of {discard} ends the turn, "
                      f"with {number_word(kept)} card{'s' * (kept != 1)} kept.")
    if groups and sum(len(g) for g in groups) + 1 == len(spot.hand):
        return False, ("Not yet: melding all of that and discarding would empty your hand, which is going out, "
                       "and your side has no canasta. Keep a card: meld less.")
    why = "; ".join(r.text for r in verdict.reasons) or "no rule lets this turn through"
    return False, f"Not this turn: {why}."


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
    ### Quick check: end the turn

    You have drawn already: the draw (or taking the pile) always comes
    first. Meld if you like with **Group**, then select the **one card** you
    discard so that the turn ends legally. The first hand has nothing on the
    table; then your side has a meld; then your hand is short.
    """)
    return


@app.cell
def _():
    new_turn = deal_button("Next hand")
    new_turn
    return (new_turn,)


@app.cell
def _(new_turn):
    turn_spot = turn_question(new_turn.value)
    turn_hand = hand_widget(rules, turn_spot.hand, melds=turn_spot.melds)
    _facts = "Your side has a meld on the table." if turn_spot.melds else "Your side has nothing on the table yet."
    mo.vstack([mo.md(_facts), turn_hand,
               hint("One card goes on the pile, every turn. And a hand may only run out once your side has a "
                    "canasta, so before that a card must stay in your hand after the discard.")])
    return turn_hand, turn_spot


@app.cell
def turn_check(tracker, turn_hand, turn_spot):
    _right, _text = turn_feedback(turn_spot, turn_hand.widget.group_cards(), turn_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="turn-order",
             waiting="Select the one card you discard.")
    return


@app.cell(hide_code=True)
def _():
    solution("Show a legal end of the turn", mo.md("Meld nothing and select any one card: that discard ends the "
                                                   "turn, and every card but it stays in your hand."))
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
