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
    from collections import Counter

    import marimo as mo

    from rulebook import (cards_view, check, deal, deal_button, deal_until, hand_widget, hint, ladder_step, learn,
                          meld_mistake, meld_verdict, number_word, pack_cards, practise, problem, progress_widget,
                          quote, recap, solution, whole_number)
    from tutor.questions import referee
    from tutor.render import cards_text
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.rules import rules_for
    from tutor.scoring import score_hand
    from tutor.spot import Spot

    rules = rules_for("classic")
    RED_THREES = ("3H", "3D", "3H", "3D")
    LESSON = "05_red_and_black_threes"
    EXERCISES = ("red-points", "meld-swing", "black-meld", "black-when", "lay-out", "threes-score")
    RED_VALUE = rules["cards"]["values"]["3H"]
    # What red threes score climbs: a side that has melded, one that has not, then all four each way, then any.
    RED_STEPS = ((2, True), (3, False), (4, True), (4, False), "any")
    # What a first meld does to the red threes' score: one, two, then all four of them, then any number.
    SWING_COUNTS = (1, 2, 4, "any")
    # When black threes go down: going out, then an ordinary turn, with a wild card, with no canasta yet, then any.
    WHEN_STEPS = ("going-out", "not-out", "with-wild", "no-canasta", "any")
    WHEN_KINDS = ("going-out", "four-going-out", "not-out", "with-wild", "no-canasta")


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


@app.function
def red_points(count: int, melded: bool) -> int:
    """What ``count`` red threes score for a side that has melded or not, by the scoring rules."""
    return sum(line.points for line in red_three_score(count, melded).breakdown if line.item != "melded cards")


@app.function
def red_points_question(n: int) -> dict:
    """The n-th "what do your red threes score" question: how many, and whether the side has melded."""
    step = ladder_step(n, RED_STEPS)
    if step == "any":
        rng = random.Random(5300 + n)
        step = (rng.randint(1, 4), rng.random() < 0.5)
    count, melded = step
    return {"count": count, "melded": melded, "points": red_points(count, melded)}


@app.function
def red_points_choices(question) -> list:
    """The scores offered: plus and minus each red three's value, and for four, plus and minus all four's bonus."""
    count, each, four = question["count"], RED_VALUE, rules["bonus_cards"]["all_bonus"]
    offered = {0, count * each, -count * each, question["points"]}
    if count == len(RED_THREES):
        offered |= {four, -four}
    return sorted(offered, key=lambda p: (abs(p), p))


@app.function
def red_points_feedback(question, answer) -> tuple:
    """(right?, message) for a side's red three score, against the scoring rules' own figure."""
    if answer is None:
        return None, ""
    given, points, count = int(answer), question["points"], question["count"]
    four = rules["bonus_cards"]["all_bonus"]
    sign = ("your side has melded, so they count plus" if question["melded"]
            else "your side has not melded, so they count minus")
    if given == points:
        worth = (f"all four together are worth {four}" if count == len(RED_THREES)
                 else f"each is worth {RED_VALUE}")
        return True, f"Right: {points:+d}. {worth.capitalize()}, and {sign}."
    if given == 0:
        return False, ("Not 0: red threes always count at the end of the hand, plus for a side that has melded and "
                       f"minus for one that has not; {sign}.")
    if given == -points:
        return False, (f"Not {given:+d}: the figure is right but the sign is not. Red threes count minus only for a "
                       f"side that has not melded at all; {sign}.")
    if count == len(RED_THREES) and abs(given) == count * RED_VALUE:
        return False, f"Not {given:+d}: all four red threes together are worth {four}, not {count} times {RED_VALUE}."
    return False, f"Not {given:+d}: count again; each red three is worth {RED_VALUE}, and {sign}."


@app.function
def swing_question(n: int) -> dict:
    """The n-th "what is a first meld worth to your red threes" question: a side not yet down."""
    count = ladder_step(n, SWING_COUNTS)
    if count == "any":
        count = random.Random(5400 + n).randint(1, 4)
    change = red_points(count, True) - red_points(count, False)
    return {"count": count, "change": change}


@app.function
def swing_choices(question) -> dict:
    """The changes offered, each with the mistake that leads to it (the right change has none)."""
    count, change = question["count"], question["change"]
    plus = red_points(count, True)
    mistakes = {0: "melding changes their sign: a side that has melded counts them plus",
                plus: "melding does more than earn the plus: the minus goes too, so the change is twice as big"}
    if count == len(RED_THREES):
        mistakes[2 * count * RED_VALUE] = (f"all four together are worth {rules['bonus_cards']['all_bonus']}, "
                                           f"plus or minus, not {count} times {RED_VALUE}")
    mistakes.pop(change, None)
    return {change: None, **mistakes}


@app.function
def swing_feedback(question, answer) -> tuple:
    """(right?, message) for how much a first meld changes what the red threes score."""
    if answer is None:
        return None, ""
    given, change, count = int(answer), question["change"], question["count"]
    before, after = red_points(count, False), red_points(count, True)
    if given == change:
        return True, (f"Right: {change}. Without a meld they count {before:+d}; with one, {after:+d}: the minus "
                      "goes and the plus comes.")
    why = swing_choices(question).get(given) or "count again"
    return False, f"Not {given}: {why}."


@app.function
def when_question(n: int) -> dict:
    """The n-th "may these black threes go down" question: a play after the draw, judged by the referee."""
    step = ladder_step(n, WHEN_STEPS)
    rng = random.Random(5600 + n)
    kind = rng.choice(WHEN_KINDS) if step == "any" else step
    used = Counter()
    canasta_ranks = rng.sample(rules.natural_ranks, rules.canastas_to_go_out)
    other, last, *extra = rng.sample([r for r in rules.natural_ranks if r not in canasta_ranks], 4)
    long = rules["canasta"]["min_cards"] if kind != "no-canasta" else rules["canasta"]["min_cards"] - 3
    table = [pack_cards(rules, rng, used, r, long) for r in canasta_ranks]
    table.append(pack_cards(rules, rng, used, other, 3))
    blacks = [Card("3", "S"), Card("3", "C"), Card("3", rng.choice("SC"))]
    if kind == "four-going-out":
        blacks = [Card("3", "S"), Card("3", "C"), Card("3", "S"), Card("3", "C")]
    if kind == "with-wild":
        blacks = blacks[:2] + pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)
    discard = pack_cards(rules, rng, used, last, 1)
    hand = blacks + discard
    if kind == "not-out":
        hand += [pack_cards(rules, rng, used, r, 1)[0] for r in extra]
    spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": format_cards(hand),
                           "melds": [format_cards(m) for m in table]})
    return {"spot": spot, "kind": kind, "meld": format_cards(blacks), "discard": str(discard[0]),
            "play": f"meld {format_cards(blacks)}; discard {discard[0]}"}


@app.function
def when_feedback(question, answer, verdict) -> tuple:
    """(right?, message) for "may these black threes go down in this play?", by the referee's verdict."""
    if answer is None:
        return None, ""
    kind = question["kind"]
    why = "; ".join(r.text for r in verdict.reasons) if verdict.reasons else ""
    said_yes = answer == "yes"
    if said_yes == verdict.answer:
        sizes = rules["blocker_meld"]
        lead = (f"this play goes out, and in that turn {number_word(sizes['min_cards'])} to "
                f"{number_word(sizes['max_cards'])} black threes may go down together"
                if verdict.answer else "the referee stops the play")
        return True, f"Right: {'yes' if verdict.answer else 'no'}, {lead}. Why: {why}."
    if verdict.answer:
        return False, (f"This play goes out: every card but the discard is melded, and in the turn a player goes "
                       f"out black threes may go down. Why: {why}.")
    lead = {"not-out": "Black threes go down only in the turn you go out, and after this play cards are left in "
                       "your hand",
            "with-wild": "No wild card may join black threes: their meld is black threes alone",
            "no-canasta": f"Going out needs {number_word(rules.canastas_to_go_out)} canasta"
                          f"{'s' * (rules.canastas_to_go_out != 1)} on the table first; without "
                          f"{'them' if rules.canastas_to_go_out != 1 else 'it'} you cannot go out, so the black "
                          "threes cannot go down"}.get(kind, "The referee stops the play")
    return False, f"{lead}. Why: {why}."


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
    ### Practice: what do your red threes score?

    The hand has ended. Your side laid out the red threes shown. What do
    they score? First for a side that has melded, then for one that has
    not, then all four of them.
    """)
    return


@app.cell
def _():
    new_red = deal_button("Next question")
    new_red
    return (new_red,)


@app.cell
def _(new_red):
    red_ask = red_points_question(new_red.value)
    red_answer = mo.ui.radio(options=[f"{p:+d}" for p in red_points_choices(red_ask)], inline=True,
                             label="Your red threes score")
    _state = "Your side **has melded**." if red_ask["melded"] else "Your side has **not melded** at all."
    mo.vstack([cards_view(" ".join(RED_THREES[: red_ask["count"]]), rules, label="Red threes laid out"),
               mo.md(_state), red_answer,
               hint("Count them, then ask two questions: are all four here, and has your side melded?")])
    return red_answer, red_ask


@app.cell
def red_points_check(red_answer, red_ask, tracker):
    _right, _text = red_points_feedback(red_ask, red_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="red-points", waiting="Choose a score.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: what a first meld is worth to them

    Your side has laid out the red threes shown but has not melded yet. By
    how many points does their score change if your side melds before the
    hand ends?
    """)
    return


@app.cell
def _():
    new_swing = deal_button("Next question")
    new_swing
    return (new_swing,)


@app.cell
def _(new_swing):
    swing_ask = swing_question(new_swing.value)
    swing_answer = mo.ui.radio(options=[str(p) for p in sorted(swing_choices(swing_ask))], inline=True,
                               label="Their score changes by")
    mo.vstack([cards_view(" ".join(RED_THREES[: swing_ask["count"]]), rules, label="Red threes laid out"),
               swing_answer, hint("Work out what they score now, without a meld, and what they would score with "
                                  "one; the change is the distance between the two.")])
    return swing_answer, swing_ask


@app.cell
def swing_check(swing_answer, swing_ask, tracker):
    _right, _text = swing_feedback(swing_ask, swing_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="meld-swing", waiting="Choose a number.")
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
    ### Practice: may they go down now?

    You have drawn. May you make the play below: the black threes as a meld,
    then the discard? Your side's melds are on the table.
    """)
    return


@app.cell
def _():
    new_when = deal_button("Next play")
    new_when
    return (new_when,)


@app.cell
def _(new_when):
    when_ask = when_question(new_when.value)
    _spot = when_ask["spot"]
    when_answer = mo.ui.radio(options=["yes", "no"], inline=True, label="May you make this play?")
    mo.vstack([hand_widget(rules, _spot.hand, melds=_spot.melds, readonly=True),
               mo.hstack([cards_view(when_ask["meld"], rules, label="the meld", width=36),
                          cards_view(when_ask["discard"], rules, label="the discard", width=36)], justify="start"),
               when_answer,
               hint("Black threes go down only as you go out. Does this play empty your hand? Does your side "
                    "have the canasta it needs? Is anything but black threes in the meld?")])
    return when_answer, when_ask


@app.cell
def when_check(tracker, when_answer, when_ask):
    _verdict = None if when_answer.value is None else referee(when_ask["spot"], when_ask["play"])
    _right, _text = when_feedback(when_ask, when_answer.value, _verdict)
    practise(_right, _text, _text, tracker=tracker, exercise="black-when", waiting="Choose an answer.")
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
