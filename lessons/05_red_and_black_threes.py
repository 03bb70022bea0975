# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Classic 5: red and black threes"
# description = "Red threes as bonus cards, black threes as blockers, and what each scores."
# ///
"""Classic 5: red threes as bonus cards, black threes as blockers, and what each scores."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Classic 5: red and black threes")

with app.setup:
    import random

    import marimo as mo

    from rulebook import (cards_view, check, deal, deal_button, deal_until, hand_widget, hint, learn, meld_mistake,
                          meld_verdict, practise, problem, progress_widget, quote, recap, solution, whole_number)
    from tutor.render import cards_text
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.rules import rules_for
    from tutor.scoring import score_hand
    from tutor.spot import Spot

    rules = rules_for("classic")
    RED_THREES = ("3H", "3D", "3H", "3D")
    LESSON = "05_red_and_black_threes"
    EXERCISES = ("black-meld", "lay-out", "threes-score")


@app.function
def lay_out_question(seed: int) -> tuple:
    """A freshly dealt hand, before the red threes are laid out, holding threes of both colours."""
    rng = random.Random(seed)
    hand = list(deal(rules, 5500 + seed, cards=9)["hand"])
    threes = [Card("3", s) for s in rng.sample("HDSC", rng.choice([2, 3]))]
    if not any(c.suit in "HD" for c in threes):
        threes[0] = Card("3", "H")
    return tuple(hand + threes)


@app.function
def lay_out_feedback(hand, selected) -> tuple:
    """(right?, message) for "select the cards you must lay out at once"."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    reds = [c for c in hand if rules.role(c) == "bonus"]
    wrong = [c for c in picked if rules.role(c) != "bonus"]
    if wrong:
        card = wrong[0]
        why = ("a black three stays in the hand: it is discarded to block the pile, or melded when going out"
               if rules.role(card) == "blocker" else f"{card} is an ordinary card: only red threes are laid out")
        return False, f"Not {card}: {why}."
    if len(picked) < len(reds):
        return False, "Every red three is laid out at once, hearts and diamonds alike: one is still in the hand."
    return True, (f"Right: {format_cards(picked)} go face up on the table at once, each replaced by a card "
                  "from the stock.")

@app.function
def black_meld_question(seed: int) -> tuple:
    """A going-out hand: three or four black threes, a wild card and some naturals."""
    rng = random.Random(seed)
    blacks = [Card("3", s) for s in rng.choice(["SC S", "SCC", "SSCC", "SCS"]).replace(" ", "")]
    others = list(deal(rules, 5100 + seed, cards=6)["hand"])
    wild = [c for c in others if rules.is_wild(c)] or [Card("2", rng.choice("SHDC"))]
    hand = blacks + [c for c in others if not rules.is_wild(c)][:4] + wild[:1]
    return tuple(sorted(hand, key=lambda c: (c.rank == "3", str(c))))


@app.function
def black_meld_feedback(hand, selected) -> tuple:
    """(right?, message) for "the meld of black threes the player may put down when going out"."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    mistake = meld_mistake(rules, picked, going_out=True)
    blacks = [c for c in picked if rules.role(c) == "blocker"]
    if any(rules.is_wild(c) for c in picked) and blacks:
        return False, "No wild card may join black threes: their meld is black threes alone."
    if len(blacks) != len(picked):
        other = next(c for c in picked if rules.role(c) != "blocker")
        return False, f"Only black threes: {other.symbol()} is not one."
    if mistake is not None:
        return False, f"Not a meld: {mistake}."
    held = sum(1 for c in hand if rules.role(c) == "blocker")
    if len(picked) < held:
        return False, (f"A legal meld, but {cards_text([c for c in hand if rules.role(c) == 'blocker'][len(picked):])} "
                       "would stay in your hand, and you are going out: put every black three down.")
    return True, f"Right: {cards_text(picked)} go down as a meld of black threes, with no wild card, as you go out."


@app.function
def red_three_score(count: int, melded: bool):
    """The score of ``count`` red threes for a side that has melded or not."""
    spot = Spot.from_dict({"variant": "classic", "hand": "", "red_threes": " ".join(RED_THREES[:count]),
                           "melds": ["KS KH KD"] if melded else []})
    return score_hand(spot)


@app.function
def breakdown(result, *, skip=("melded cards",)) -> str:
    """A hand score as a markdown table, one line per item with its rule."""
    rows = ["| item | rule | points |", "|:---|:---|---:|"]
    rows += [f"| {line.item} | {line.rule} | {line.points:+d} |" for line in result.breakdown
             if line.item not in skip]
    return "\n".join(rows)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Red and black threes
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "why a red three is never held, and what it scores;",
        "what happens to a side that ends the hand with red threes but no meld;",
        "what a black three is good for, and when black threes may be melded;",
        "what a black three costs if it is still in your hand at the end.",
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
    ## Red threes: bonus cards

    A red three is not a card to play with. Whoever is dealt one, or draws
    one from the stock, lays it face up on the table at once and draws a
    replacement from the stock. A red three that comes into the hand with
    the discard pile is laid out too, but then no replacement is drawn.

    At the end of the hand each red three is worth **100**, and all four of
    them together **800**, *if the side has melded*. A side that has not
    made a single meld loses those points instead: its red threes count
    **minus**. Red threes reward getting started.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-RED3")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    Each deal below turns up at least one red three: watch it go to the
    table, and the hand filled up again from the stock.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    _dealt = deal_until(rules, 505 + deal_again.value, lambda d: d["red_threes"])
    _laid = _dealt["red_threes"]
    _note = f"{len(_laid)} red three{'s' * (len(_laid) != 1)} laid out, each replaced from the stock."
    mo.vstack([cards_view(_dealt["hand"], rules, label="Hand (after replacements)"),
               cards_view(_laid, rules, label="Laid out"), mo.md(_note)])
    return


@app.cell
def _():
    threes_slider = mo.ui.slider(start=0, stop=4, value=2, label="Red threes laid out", show_value=True)
    melded_switch = mo.ui.switch(value=True, label="the side has melded")
    mo.hstack([threes_slider, melded_switch], justify="start", gap=2)
    return melded_switch, threes_slider


@app.cell
def red_three_verdict(melded_switch, threes_slider):
    _result = red_three_score(threes_slider.value, melded_switch.value)
    _points = sum(line.points for line in _result.breakdown if line.rule == "C-RED3")
    mo.md(f"Red threes score **{_points:+d}**.\n\n" + breakdown(_result)) if threes_slider.value else mo.md(
        "No red threes, no bonus.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Black threes: blockers

    A black three is a card you want to be rid of. Discarded, it **blocks**
    the pile for the next player (lesson 4), which makes it a good defensive
    discard. It cannot be melded in an ordinary turn. Only in the turn a
    player goes out may black threes go down, as a meld of **three or four
    black threes with no wild card**; for that meld the player may even take
    a black three from the top of the pile, provided two more come from the
    hand.

    A black three still in a hand when the hand ends costs **100**, far more
    than its face value of 5.

    Select black threes in the hand below, and switch on *going out* to see
    when they may be melded.
    """)
    return


@app.cell
def _():
    going_out_switch = mo.ui.switch(value=False, label="this turn the player goes out")
    threes_view = hand_widget(rules, "3S 3C 3S 3C 2D KH KD KC 7S")
    mo.vstack([going_out_switch, threes_view])
    return going_out_switch, threes_view


@app.cell
def black_three_verdict(going_out_switch, threes_view):
    meld_verdict(rules, threes_view.widget.selected_cards(), going_out=going_out_switch.value,
                 empty="Select some black threes.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: black threes going out

    You are going out this turn. Select the meld of black threes you put
    down.
    """)
    return


@app.cell
def _():
    new_black = deal_button("Another hand")
    new_black
    return (new_black,)


@app.cell
def _(new_black):
    black_hand = black_meld_question(new_black.value)
    black_pick = hand_widget(rules, black_hand)
    mo.vstack([black_pick, hint("Three or four black threes, and nothing else with them.")])
    return black_hand, black_pick


@app.cell
def black_meld_check(black_hand, black_pick, tracker):
    _right, _text = black_meld_feedback(black_hand, black_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="black-meld", waiting="Select the black threes.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 1: lay them out

    You have just been dealt the hand below. Select the cards you must lay
    out face up at once.
    """)
    return


@app.cell
def _():
    new_deal = deal_button("Another deal")
    new_deal
    return (new_deal,)


@app.cell
def _(new_deal):
    lay_out_hand = lay_out_question(new_deal.value)
    lay_out_pick = hand_widget(rules, lay_out_hand)
    mo.vstack([lay_out_pick, hint("Which threes are bonus cards, and which are for blocking the pile?")])
    return lay_out_hand, lay_out_pick


@app.cell
def lay_out_check(lay_out_hand, lay_out_pick, tracker):
    _right, _text = lay_out_feedback(lay_out_hand, lay_out_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="lay-out", waiting="Select the cards to lay out.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 2: what do the threes score?

    A side ends the hand with the red threes shown and the black threes still
    in its hands. What do the threes add to its score, all together?
    """)
    return


@app.cell
def _():
    new_question = deal_button("New question")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    _rng = random.Random(5000 + new_question.value)
    question = {"reds": _rng.randint(1, 4), "blacks": _rng.randint(0, 2), "melded": _rng.random() < 0.6}
    answer_box = mo.ui.text(placeholder="e.g. 300 or -200", label="The threes score")
    _reds = cards_view(" ".join(RED_THREES[: question["reds"]]), rules, label="Red threes laid out")
    _blacks = cards_view(" ".join(["3S", "3C"][: question["blacks"]]), rules, label="Black threes in hand") \
        if question["blacks"] else mo.md("No black three in hand.")
    _state = "The side **has melded**." if question["melded"] else "The side has **not melded** at all."
    mo.vstack([mo.hstack([_reds, _blacks], justify="start"), mo.md(_state), answer_box])
    return answer_box, question


@app.cell
def exercise_feedback(answer_box, question, tracker):
    _spot = Spot.from_dict({"variant": "classic", "hand": " ".join(["3S", "3C"][: question["blacks"]]),
                            "red_threes": " ".join(RED_THREES[: question["reds"]]),
                            "melds": ["KS KH KD"] if question["melded"] else []})
    question_result = score_hand(_spot)
    _total = sum(line.points for line in question_result.breakdown if line.rule in ("C-RED3", "C-BLACK3"))
    try:
        _given = whole_number(answer_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _shown = practise(None if _given is None else _given == _total,
                          f"Right: {_total:+d}.",
                          f"Not quite. Red threes: {rules['cards']['values']['3H']} each, "
                          f"{rules['bonus_cards']['all_bonus']} for all four, minus if the side has not melded. "
                          f"Black threes left in a hand: {-rules['scoring']['blocker_in_hand']} each, minus.",
                          tracker=tracker, exercise="threes-score", waiting="Type the score and press Enter.")
    _shown
    return (question_result,)


@app.cell(hide_code=True)
def _(question_result):
    solution("Show the solution", mo.md(breakdown(question_result)))
    return


@app.cell(hide_code=True)
def _():
    recap([
        f"Red threes are laid out at once and replaced; each scores {rules['cards']['values']['3H']}, all four "
        f"{rules['bonus_cards']['all_bonus']}, and they count against a side that never melded.",
        "A black three on top of the pile blocks it for one turn; black threes are melded only when going out.",
        f"A black three left in a hand costs {-rules['scoring']['blocker_in_hand']}.",
    ], "06_going_out_and_scoring")
    return


if __name__ == "__main__":
    app.run()
