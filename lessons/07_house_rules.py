# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "House: what changes from classic"
# description = "What changes from classic, read straight from the difference between the two rule sets."
# ///
"""House: what changes from classic, read straight from the difference between the two rule sets."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="House: what changes from classic")

with app.setup:
    import random

    import marimo as mo

    from rulebook import (cards_view, check, deal, deal_button, hand_widget, hint, learn, meld_mistake, meld_verdict,
                          practise, progress_widget, quote, recap, rule_html, solution, wild_limits_text)
    from tutor.cards import parse_cards
    from tutor.errors import IllegalPlayError
    from tutor.melds import judge
    from tutor.rules import diff, load_variant, rules_for

    classic = rules_for("classic")
    house = rules_for("house")

    TITLES = {
        "draw": "Drawing from the stock", "meld": "Wild cards in a meld", "wild_meld": "No wild canasta",
        "blocker_meld": "Melding black threes", "canasta": "Canasta bonuses", "pile": "Black threes and the pile",
        "bonus_cards": "Red threes", "scoring": "Black threes left in a hand", "game": "The end of the game",
        "layouts": "Players, packs and hands", "options": "Choices made before the game",
    }
    # What each changed setting means, in words a player uses (the data's own names stay off the screen).
    SETTINGS = {
        "max_wilds": "wild cards a meld may hold", "allowed": "allowed",
        "max_cards": "the most black threes one meld may hold",
        "top_of_pile_for_going_out": "the top of the pile may be a black three taken to go out",
        "wild_bonus": "bonus for a wild canasta", "top_never_rules.blocker": "the rule that keeps a black three "
        "on top from being taken", "blocker_in_hand": "a black three left in a hand counts",
        "draw.choices": "cards drawn from the stock each turn, to choose from",
        "draw.default": "cards drawn from the stock each turn, unless the table agrees otherwise",
        "players.choices": "how many may play",
    }
    LESSON = "07_house_rules"
    EXERCISES = ("which-accepts", "house-meld")


@app.function
def shown(value) -> str:
    """A rules-data value as a learner reads it."""
    if value is None:
        return "not set"
    if value == "none":
        return "no limit"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return "; ".join(f"{row['players']} players: {row['hand']} cards, {row['canastas']} canasta"
                         f"{'s' * (row['canastas'] != 1)} to go out" for row in value)
    return str(value)


@app.function
def layouts_table() -> str:
    """Players, hand sizes and canastas needed, for both variants side by side."""
    def rows(rules):
        return {(r["players"], r.get("partnerships", 0)): r for r in rules.data["layouts"]}
    a, b = rows(classic), rows(house)
    lines = ["| players | classic | house |", "|:---|:---|:---|"]
    for key in sorted(set(a) | set(b)):
        players, teams = key
        who = f"{players}" + (f" in {teams} partnerships" if teams else " each alone")
        cell = lambda r: f"{r['hand']} cards, {r['canastas']} canasta{'s' * (r['canastas'] != 1)} to go out" if r else "—"
        lines.append(f"| {who} | {cell(a.get(key))} | {cell(b.get(key))} |")
    return "\n".join(lines)


@app.function
def difference_view(d) -> mo.Html:
    """One mechanism that plays differently: what changed, and the rule each variant cites."""
    if d.section == "layouts":
        changes = mo.md(layouts_table())
    else:
        keep = [(k, a, b) for k, a, b in d.changes if k in SETTINGS]
        changes = mo.md("\n".join(f"- {SETTINGS[k]}: classic {shown(a)}, house **{shown(b)}**" for k, a, b in keep))
    # The rules themselves fold away: the page reads as a short list of changes.
    if d.rule_a is None and d.rule_b is None:
        cited = mo.md("")
    elif d.rule_a is not None and d.rule_b is not None and d.rule_a.id == d.rule_b.id:
        cited = mo.accordion({f"The rule ({d.rule_b.id})": mo.Html(rule_html(house, d.rule_b.id))})
    else:
        cited = mo.accordion({"The rule in each game": mo.vstack([
            mo.Html("<div><em>classic</em></div>" + (rule_html(classic, d.rule_a.id) if d.rule_a else "")),
            mo.Html("<div><em>house</em></div>" + (rule_html(house, d.rule_b.id) if d.rule_b else "")),
        ])})
    return mo.vstack([mo.md(f"### {TITLES.get(d.section, d.section)}"), changes, cited])


@app.function
def accepted_by(cards) -> str:
    """Which of the two variants accepts these cards as a meld (in an ordinary turn)?"""
    ok = []
    for name, rules in (("classic", classic), ("house", house)):
        try:
            judge(rules, parse_cards(cards), going_out=False)
            ok.append(name)
        except IllegalPlayError:
            pass
    return {2: "both", 0: "neither"}.get(len(ok), f"{ok[0]} only" if ok else "neither")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # House Canasta: what changes from classic
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how the house rules differ from classic, one mechanism at a time;",
        "why four wild cards on five sixes is legal here but not in classic;",
        "how the draw-two option and the black-three rule change the play.",
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
    ## One game, a few changes

    House Canasta is the classic game as one table plays it. Everything the
    house text says nothing about is inherited from classic: the first-meld
    minimum, freezing the pile, going out concealed. So the quickest way to
    learn it is to read only what differs.

    The list below is not written by hand: it is computed by comparing the
    two variants' rule data, mechanism by mechanism, and quoting the rule
    each variant cites. When a rule changes in the data, this page changes
    with it.
    """)
    return


@app.cell(hide_code=True)
def _():
    differences = diff(load_variant("classic"), load_variant("house"))
    mo.vstack([difference_view(d) for d in differences])
    return (differences,)


@app.cell(hide_code=True)
def _(differences):
    _cited = sorted({r.id for d in differences for r in (d.rule_a, d.rule_b) if r is not None and r.id.startswith("H-")})
    _missing = [rid for rid in ("H-DECK", "H-DRAW", "H-MELD", "H-BLACK3", "H-RED3", "H-CANASTA") if rid not in _cited]
    mo.accordion({"All six house rules": quote(house, *_cited, *_missing)})
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## The same cards, two verdicts

    The change that matters most at the table is the wild-card limit.
    In classic: {wild_limits_text(classic)}

    At the house table: {wild_limits_text(house)}

    Select cards below: each selection is judged under both rule sets.

    **Exercise 1:** find a meld the house accepts and classic does not.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    _dealt = deal(house, 707 + deal_again.value, cards=11)
    _extra = "6S 6H 6D 6C 6S 2S 2H JK JK"
    _others = [str(c) for c in _dealt["hand"] if c.rank not in ("6", "2", "JK")][:5]
    hand_view = hand_widget(house, " ".join([*_extra.split(), *_others]))
    mo.vstack([hand_view, hint("Classic caps the wild cards however long the meld; the house does not.")])
    return (hand_view,)


@app.cell
def both_verdicts(hand_view, tracker):
    _picked = hand_view.widget.selected_cards()
    if _picked and meld_mistake(house, _picked) is None and meld_mistake(classic, _picked) is not None:
        tracker.widget.mark("house-meld")
    mo.hstack([
        mo.vstack([mo.md("**classic**"), meld_verdict(classic, _picked, going_out=False)]),
        mo.vstack([mo.md("**house**"), meld_verdict(house, _picked, going_out=False)]),
    ], widths="equal", align="start")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Drawing two

    Before the game the table agrees whether each turn draws **one** card or
    **two** from the stock. With two, hands grow faster
    and melds come sooner; every other rule stays the same.
    """)
    return


@app.cell
def _():
    draw_pick = mo.ui.radio(options=["1", "2"], value="1", label="Cards drawn from the stock each turn", inline=True)
    draw_pick
    return (draw_pick,)


@app.cell
def _(draw_pick):
    _rules = rules_for("house", {"draw": int(draw_pick.value)})
    mo.md(f"Agreed on {draw_pick.value}: a turn that does not take the pile draws "
          f"**{_rules['draw']['stock_cards']}** card{'s' * (_rules['draw']['stock_cards'] != 1)} from the stock.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 2: classic or house?

    For the meld below, say which variant accepts it in an ordinary turn.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New meld")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question_meld = random.Random(7000 + new_question.value).choice([
        "6S 6H 6D 6C 2S 2H JK", "6S 6H 6D 2S 2H JK JK", "6S 6H 6D 6C 6S 2S 2H JK JK", "9S 9H 2C", "9S 2H 2C", "KS KH KD 2C 2D 2H",
        "KS KH KD KC KS 2C 2D 2H JK", "4S 4H 4D 4C 2S 2H 2D 2C", "JK JK 2S 2H 2D 2C 2S",
    ])
    answer = mo.ui.radio(options=["both", "classic only", "house only", "neither"], label="This meld is legal in",
                         inline=True)
    mo.vstack([cards_view(question_meld, house, label="the meld"), answer])
    return answer, question_meld


@app.function
def which_accepts_feedback(cards, answer) -> tuple:
    """(right?, message): which game accepts the meld, explained by each game's limit."""
    if answer is None:
        return None, ""
    truth = accepted_by(cards)
    why = "; ".join(f"{name}: {meld_mistake(r, cards) or 'legal'}" for name, r in (("classic", classic),
                                                                                    ("house", house)))
    if answer == truth:
        return True, f"Right: {truth} ({why})."
    return False, f"Not quite: {why}."


@app.cell
def exercise_feedback(answer, question_meld, tracker):
    _right, _text = which_accepts_feedback(question_meld, answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="which-accepts", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(question_meld):
    solution("Show the solution", mo.hstack([
        mo.vstack([mo.md("**classic**"), meld_verdict(classic, question_meld, going_out=False)]),
        mo.vstack([mo.md("**house**"), meld_verdict(house, question_meld, going_out=False)]),
    ], widths="equal", align="start"))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "House Canasta is classic with a few changes; everything it does not change is inherited.",
        "The big one: " + wild_limits_text(house).replace("**", ""),
        "Before the game the table agrees how many cards each turn draws from the stock.",
    ], "08_canasty_cards_and_sets")
    return


if __name__ == "__main__":
    app.run()
