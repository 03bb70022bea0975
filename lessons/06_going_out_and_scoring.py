# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Classic 6: going out and scoring"
# description = "Going out, going out concealed, and scoring a hand item by item."
# ///
"""Classic 6: going out, going out concealed, and scoring a hand item by item."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Classic 6: going out and scoring")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (ask_verdict, canasta_bonus_text, check, deal_button, hand_widget, hint, kept, ladder_step,
                          learn, number_word, pack_cards, play_text, practise, problem, progress_widget, quote, recap,
                          solution, table_view, whole_number)
    from tutor.cards import Card, format_cards
    from tutor.questions import ask
    from tutor.rules import rules_for
    from tutor.scoring import score_hand
    from tutor.spot import Spot

    rules = rules_for("classic")
    NATURAL_RANKS = list("AKQJT98765")
    LESSON = "06_going_out_and_scoring"
    EXERCISES = ("canasta-first", "concealed", "go-out", "game-won", "out-bonus", "score-hand", "score-items")
    # The "canasta first" questions climb: a canasta already on the table, then one finished this turn by a
    # lay-off, then two players, who need more canastas with one of them still to finish.
    OUT_STEPS = ((4, True), (4, False), (2, False))
    # The concealed questions climb: a natural canasta and a discard, then a mixed canasta beside another meld,
    # then low cards whose melds fall short of the first-meld minimum, which going out concealed does not need.
    CONCEALED_STEPS = ("natural", "mixed", "under-minimum")
    GO_OUT = rules["go_out"]
    CANASTA = rules["canasta"]
    # How a hand ended: who went out ("we", "they", or nobody), and whether concealed.
    ENDINGS = {"we went out": ("we", False), "we went out concealed": ("we", True), "they went out": ("they", False),
               "they went out concealed": ("they", True), "the stock ran out": (None, False)}
    # The "who has won?" questions climb: one side reaches the target, then neither, then both (the higher wins).
    GAME_STEPS = ("one", "nobody", "both")
    GAME_ANSWERS = ("we have won", "they have won", "nobody yet: another hand is dealt")
    # The going-out bonus questions climb: you or an opponent out, your partner out, out concealed, no one out.
    OUT_BONUS_STEPS = ("out", "partner", "concealed", "stock")
    # The item-by-item questions climb: the cards held, then with a black three, the bonuses, the whole score.
    ITEM_STEPS = ("held", "black-three", "bonuses", "out")


@app.function
def going_out_deal(seed: int, *, concealed: bool) -> Spot:
    """A seeded spot, just after the draw, from which going out may or may not be possible."""
    rng = random.Random(seed)
    used = Counter()
    a, b, c, d = rng.sample(NATURAL_RANKS, 4)
    canasta = pack_cards(rules, rng, used, a, 5) + pack_cards(rules, rng, used, "2", 2)
    third = pack_cards(rules, rng, used, c, 3)
    loose = pack_cards(rules, rng, used, d, 1)
    if rng.random() < 0.3:  # sometimes a card that cannot be melded, and going out fails
        loose += pack_cards(rules, rng, used, rng.choice([r for r in NATURAL_RANKS if r not in (a, b, c, d)]), 1)
    if concealed:
        return Spot.from_dict({"variant": "classic", "hand": format_cards(canasta + third + loose), "melds": []})
    table = [format_cards(canasta), format_cards(pack_cards(rules, rng, used, b, 3))]
    extra = pack_cards(rules, rng, used, b, 1) + pack_cards(rules, rng, used, "JK", 1)
    return Spot.from_dict({"variant": "classic", "hand": format_cards(third + extra + loose), "melds": table})


@app.function
@kept
def canasta_question(n: int) -> Spot:
    """The n-th "canasta first" question: a spot just after the draw from which the checker can go out."""
    players, down = ladder_step(n, OUT_STEPS)
    need = rules_for("classic", {"players": players}).canastas_to_go_out
    for k in range(100):
        rng = random.Random(6600 + n * 100 + k)
        used = Counter()
        ranks = rng.sample(NATURAL_RANKS, need + 3)
        size = CANASTA["min_cards"]
        # Every canasta but the last is already down; the last is one card short unless ``down``.
        table = [pack_cards(rules, rng, used, r, size - 1) + pack_cards(rules, rng, used, "JK", 1)
                 for r in ranks[:need - 1]]
        last = pack_cards(rules, rng, used, ranks[need - 1], size - 2) + pack_cards(rules, rng, used, "2", 1)
        hand = pack_cards(rules, rng, used, ranks[need], 3) + pack_cards(rules, rng, used, ranks[need + 1], 1)
        # A short meld beside the canastas: the learner counts which melds are canastas, not how many melds.
        table.append(pack_cards(rules, rng, used, ranks[need + 2], 3))
        if down:
            last += pack_cards(rules, rng, used, ranks[need - 1], 1)
        else:
            hand += pack_cards(rules, rng, used, ranks[need - 1], 1)
        spot = Spot.from_dict({"variant": "classic", "options": {"players": players}, "phase": "drawn",
                               "hand": format_cards(hand), "melds": [format_cards(m) for m in table + [last]]})
        if ask("go-out", spot).answer:
            return spot
    raise ValueError("no spot from which the side can go out")


@app.function
@kept
def concealed_question(n: int) -> Spot:
    """The n-th "go out concealed" question: a side with nothing melded that can put its whole hand down."""
    step = ladder_step(n, CONCEALED_STEPS)
    size = CANASTA["min_cards"]
    for k in range(100):
        rng = random.Random(6700 + n * 100 + k)
        used = Counter()
        low = [r for r in NATURAL_RANKS if rules.value(Card(r, "S")) == min(rules.value(Card(x, "S"))
                                                                           for x in NATURAL_RANKS)]
        a, b, d = rng.sample(low if step == "under-minimum" else NATURAL_RANKS, 3)
        if step == "mixed":
            hand = (pack_cards(rules, rng, used, a, size - 2) + pack_cards(rules, rng, used, "2", 1)
                    + pack_cards(rules, rng, used, "JK", 1)
                    + pack_cards(rules, rng, used, b, 3))
        else:
            hand = pack_cards(rules, rng, used, a, size)
        hand += pack_cards(rules, rng, used, d, 1)
        spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": format_cards(hand), "melds": []})
        if ask("go-out", spot).answer:
            return spot
    raise ValueError("no hand that goes out concealed")


@app.function
def canasta_feedback(spot, groups, selected) -> tuple:
    """(right?, message) for a way out built on the cards, judged by the referee: is the player out?"""
    if not groups and not selected:
        return None, ""
    need = spot.rules.canastas_to_go_out
    try:
        play = play_text(spot, groups, [str(c) for c in selected])
    except ValueError as error:
        return False, f"Not yet: {error}."
    verdict, _ = ask_verdict("play", spot, play=play)
    if verdict is None:
        return False, "The referee could not judge this turn here."
    kept = len(spot.hand) - sum(len(g) for g in groups) - len(selected)
    if verdict.answer and verdict.witness.get("went_out") and not spot.melds:
        points = sum(rules.value(c) for g in groups for c in g)
        need = rules.initial_need(0)
        short = f", less than the {need} a first meld needs," if points < need else ""
        return True, (f"Right: you are out concealed, for {GO_OUT['concealed_bonus']} instead of {GO_OUT['bonus']}: "
                      f"your melds total {points}{short} and no first-meld minimum applies when the whole hand "
                      "goes down in one turn.")
    if verdict.answer and verdict.witness.get("went_out"):
        return True, (f"Right: you are out, and your side has the {number_word(need)} "
                      f"canasta{'s' * (need != 1)} it needs. Why: " + "; ".join(r.text for r in verdict.reasons) + ".")
    if not spot.melds and kept:
        return False, (f"Going out concealed puts the whole hand down in this one turn, but {number_word(kept)} "
                       f"card{'s' * (kept != 1)} would stay in your hand: every card goes into a meld or is the "
                       "discard.")
    if verdict.answer:
        which = "it" if kept == 1 else "one of them"
        return False, (f"A legal turn, but you are not out: {number_word(kept)} card{'s' * (kept != 1)} stay"
                       f"{'s' * (kept == 1)} in your hand. Does {which} fit a meld on the table?")
    if kept == 0:
        return False, (f"Your hand would be empty, but the side needs {number_word(need)} "
                       f"canasta{'s' * (need != 1)} before anyone goes out: "
                       + "; ".join(r.text for r in verdict.reasons) + ". Which meld is one card short?")
    return False, "Not this turn: " + "; ".join(r.text for r in verdict.reasons) + "."


@app.function
def finished_hand(seed: int) -> Spot:
    """A seeded side at the end of a hand: its melds, the cards its players still hold, its red threes."""
    rng = random.Random(seed)
    used = Counter()
    ranks = rng.sample(NATURAL_RANKS, 4)
    melds = [pack_cards(rules, rng, used, ranks[0], 7 if rng.random() < 0.5 else 5)]
    if len(melds[0]) == 5:
        melds[0] += pack_cards(rules, rng, used, "2", 1) + pack_cards(rules, rng, used, "JK", 1)
    melds.append(pack_cards(rules, rng, used, ranks[1], rng.randint(3, 4)))
    if rng.random() < 0.5:
        melds.append(pack_cards(rules, rng, used, ranks[2], 2) + pack_cards(rules, rng, used, "2", 1))
    left = pack_cards(rules, rng, used, ranks[3], rng.randint(0, 2))
    if rng.random() < 0.4:
        left += [Card("3", rng.choice("SC"))]
    reds = " ".join(["3H", "3D"][: rng.randint(0, 2)])
    return Spot.from_dict({"variant": "classic", "melds": [format_cards(m) for m in melds],
                           "hand": format_cards(left), "red_threes": reds})


@app.function
def hand_totals(ours: Spot, theirs: Spot, ending: str) -> tuple:
    """Both sides' scores for a hand that ended this way (``ENDINGS``), by ``tutor.scoring``: (ours, theirs)."""
    out, concealed = ENDINGS[ending]
    return (score_hand(ours, went_out=out == "we", concealed=concealed and out == "we"),
            score_hand(theirs, went_out=out == "they", concealed=concealed and out == "they"))


@app.function
def game_question(n: int) -> dict:
    """The n-th "who has won?" question: the scores before a hand near the game's target, and the hand's scores."""
    step = ladder_step(n, GAME_STEPS)
    target = rules["game"]["target"]
    for k in range(100):
        rng = random.Random(6800 + n * 100 + k)
        ours, theirs = finished_hand(rng.randrange(10**6)), finished_hand(rng.randrange(10**6))
        ending = rng.choice(["we went out", "they went out"])
        hand = [r.total for r in hand_totals(ours, theirs, ending)]
        before = [rng.randrange(target - 1500, target, 5) for _ in hand]
        after = [b + h for b, h in zip(before, hand)]
        over = sum(a >= target for a in after)
        if after[0] != after[1] and over == {"one": 1, "nobody": 0, "both": 2}[step]:
            return {"ours": ours, "theirs": theirs, "ending": ending, "before": before}
    raise ValueError(f"no hand near the target for the step {step!r}")


@app.function
def game_feedback(question, answer) -> tuple:
    """(right?, message) for who has won the game after this hand; the hand's scores come from ``tutor.scoring``."""
    if answer is None:
        return None, ""
    target = rules["game"]["target"]
    hand = [r.total for r in hand_totals(question["ours"], question["theirs"], question["ending"])]
    after = [b + h for b, h in zip(question["before"], hand)]
    sums = (f"your side {question['before'][0]} {hand[0]:+d} = {after[0]}, "
            f"theirs {question['before'][1]} {hand[1]:+d} = {after[1]}")
    if max(after) < target:
        truth, why = GAME_ANSWERS[2], f"neither side has reached {target}, so another hand is dealt"
    else:
        truth = GAME_ANSWERS[0] if after[0] > after[1] else GAME_ANSWERS[1]
        both = min(after) >= target
        why = (f"both sides passed {target}, and the side with more points wins" if both
               else f"a side reached {target}, so the game ends, and the side with more points wins")
    if answer == truth:
        return True, f"Right: {sums}; {why}."
    if truth == GAME_ANSWERS[2]:
        return False, f"Not yet: {sums}. The game ends only after a hand in which a side reaches {target}."
    if answer == GAME_ANSWERS[2]:
        return False, f"The game is over: {sums}. Once a side reaches {target}, the game ends with that hand."
    return False, f"Look at the totals after the hand: {sums}. The game is over, and the side with more points wins."


@app.function
def out_bonus_question(n: int) -> dict:
    """The n-th "who scores the going-out bonus?" question: a finished hand for each side and how it ended."""
    step = ladder_step(n, OUT_BONUS_STEPS)
    rng = random.Random(6900 + n)
    ending = {"out": rng.choice(["we went out", "they went out"]), "partner": "we went out",
              "concealed": rng.choice(["we went out concealed", "they went out concealed"]),
              "stock": "the stock ran out"}[step]
    who = {"we": "your partner" if step == "partner" else "you", "they": "an opponent", None: ""}[ENDINGS[ending][0]]
    return {"step": step, "ending": ending, "who": who, "ours": finished_hand(rng.randrange(10**6)),
            "theirs": finished_hand(rng.randrange(10**6))}


@app.function
def out_bonus_told(question) -> str:
    """How the hand ended, in the words a player at the table would use."""
    if question["step"] == "stock":
        return "A player had to draw, and the stock was empty."
    concealed = " concealed, putting a whole hand down in one turn" if ENDINGS[question["ending"]][1] else ""
    return f"{question['who'].capitalize()} went out{concealed}."


@app.function
def out_bonus_answers() -> list:
    """The choices: our side or theirs, with either going-out bonus from the rules data, or neither side."""
    bonuses = (GO_OUT["bonus"], GO_OUT["concealed_bonus"])
    return [f"{side}, {points}" for side in ("our side", "their side") for points in bonuses] + ["neither side"]


@app.function
def out_bonus_feedback(question, answer) -> tuple:
    """(right?, message) for which side scores the going-out bonus; the score lines of ``tutor.scoring`` decide."""
    if answer is None:
        return None, ""
    rules_cited = {GO_OUT["rule"], GO_OUT.get("concealed_rule")}
    results = hand_totals(question["ours"], question["theirs"], question["ending"])
    found = [(side, line) for side, result in zip(("our side", "their side"), results)
             for line in result.breakdown if line.rule in rules_cited]
    truth = f"{found[0][0]}, {found[0][1].points}" if found else "neither side"
    if answer == truth:
        said = (f"{found[0][0]} scores {found[0][1].points} for {found[0][1].item}" if found
                else "nobody went out, so no side scores a bonus for it")
        return True, f"Right: {said}."
    if not found:
        return False, "Nobody went out: the hand ended because the stock ran out, and no side scores the bonus."
    side, line = found[0]
    if answer.startswith(side):
        how = "concealed" if "concealed" in line.item else "in the usual way"
        return False, f"The right side, but going out {how} earns {line.points}."
    if question["who"] == "your partner":
        return False, "Your partner plays on your side: when a partner goes out, the whole side scores the bonus."
    return False, f"The bonus goes to the side of the player who went out: {side}."


@app.function
def items_question(n: int) -> dict:
    """The n-th "score it item by item" question: a finished hand and the part of its score asked for."""
    step = ladder_step(n, ITEM_STEPS)
    for k in range(100):
        spot = finished_hand(6100 + n * 100 + k)
        blockers = any(rules.role(c) == "blocker" for c in spot.hand)
        if spot.hand and blockers == (step == "black-three") and (step != "bonuses" or spot.red_threes):
            return {"step": step, "spot": spot}
    raise ValueError(f"no finished hand for the step {step!r}")


@app.function
def items_asked(question) -> tuple:
    """(the score, the lines that make it up) for the part asked, read from ``tutor.scoring``'s breakdown."""
    step = question["step"]
    result = score_hand(question["spot"], went_out=step == "out")
    bonus_rules = {CANASTA["rule"], rules["bonus_cards"]["rule"]}
    if step in ("held", "black-three"):
        lines = [line for line in result.breakdown if line.points < 0]
    elif step == "bonuses":
        lines = [line for line in result.breakdown if line.rule in bonus_rules]
    else:
        lines = list(result.breakdown)
    return sum(line.points for line in lines), lines


@app.function
def items_feedback(question, given) -> tuple:
    """(right?, message) for the part of the hand's score asked, aimed at the usual slips."""
    if given is None:
        return None, ""
    points, lines = items_asked(question)
    told = "; ".join(f"{line.item} {line.points:+d}" for line in lines)
    if given == points:
        return True, f"Right: {points:+d} ({told})."
    step = question["step"]
    if given == -points:
        return False, "Mind the sign: cards still held count against your side, so the total is a minus."
    blockers = sum(1 for c in question["spot"].hand if rules.role(c) == "blocker")
    if step == "black-three" and blockers:
        return False, (f"Not quite. A black three still held costs {-rules['scoring']['blocker_in_hand']}, "
                       "not its card value; every other card costs its value.")
    if step == "bonuses":
        return False, ("Not quite. Count only the bonuses: each canasta's bonus and the red threes; the melded "
                       "cards' values are another item.")
    if step == "out" and given == points - GO_OUT["bonus"]:
        return False, f"Almost: your side went out, which adds {GO_OUT['bonus']}."
    return False, ("Not quite. Go item by item: melded cards, canasta bonuses, red threes, going out, minus the "
                   "cards held.")


@app.function
def breakdown_table(result) -> str:
    rows = ["| item | rule | points |", "|:---|:---|---:|"]
    rows += [f"| {line.item} | {line.rule} | {line.points:+d} |" for line in result.breakdown]
    rows.append(f"| **total** | | **{result.total:+d}** |")
    return "\n".join(rows)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Going out and scoring a hand
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "what a side needs before one of its players may go out;",
        "the two ways to go out, and the bonus for each;",
        "going out concealed, in a single turn;",
        "how a finished hand is scored, item by item.",
    )
    return


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    tracker
    return (tracker,)


@app.cell(hide_code=True)
def _():
    _need = {p: rules_for("classic", {"players": p}).canastas_to_go_out for p in (2, 4)}
    mo.md(rf"""
    ## Going out

    A hand ends when a player **goes out**: gets rid of every card in the
    hand, either by melding them all, or by melding all but one and
    discarding that last card. Going out earns the side a bonus of **{GO_OUT["bonus"]}**.

    A player may not go out whenever the hand happens to run out: the side
    must first have its **canastas**, {number_word(_need[4])} in a four-player game,
    {number_word(_need[2])} when two play. Until then a player must keep at least one card after the
    discard, and it is illegal to meld in a way that would leave nothing to
    discard.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-GOOUT")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: the canasta first

    You have just drawn, and you can go out this turn. Build it on the cards:
    **Group** your melds and lay-offs (a group that fits a meld on the table
    is laid off onto it), then select your one discard. First your side's
    canasta is down; next it is one card short; then two play, and a side
    needs more canastas.
    """)
    return


@app.cell
def _():
    new_out = deal_button("Next hand")
    new_out
    return (new_out,)


@app.cell
def _(new_out):
    out_spot = canasta_question(new_out.value)
    out_hand = hand_widget(rules, out_spot.hand, melds=out_spot.melds)
    _players = out_spot.rules.layout.players
    _need = out_spot.rules.canastas_to_go_out
    mo.vstack([mo.md(f"{number_word(_players).capitalize()} players: a side needs **{number_word(_need)} "
                     f"canasta{'s' * (_need != 1)}** to go out."), out_hand,
               hint(f"Count the melds on the table of {CANASTA['min_cards']} cards or more. If one is a card short, "
                    "the card that finishes it is in your hand: lay it off first.")])
    return out_hand, out_spot


@app.cell
def canasta_check(out_hand, out_spot, tracker):
    _right, _text = canasta_feedback(out_spot, out_hand.widget.group_cards(), out_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="canasta-first",
             waiting="Group your melds, then select your discard.")
    return


@app.cell(hide_code=True)
def _(out_spot):
    _, _view = ask_verdict("go-out", out_spot, yes="Yes, you can go out this turn", no="No, you cannot go out")
    solution("Show the checker's way out", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## Going out concealed

    A side that has not melded at all may still go out, in a single turn,
    by putting its whole hand down at once, canasta included. This is going
    out **concealed**; it is worth **{GO_OUT["concealed_bonus"]}** instead of {GO_OUT["bonus"]}, and the first-meld
    minimum does not apply. If that player took the pile in that turn, every
    card of the pile must be melded too.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-CONCEALED")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: out in one turn

    Your side has melded nothing, and you have just drawn. Go out concealed:
    **Group** every meld, then select your one discard. The first hand holds
    a natural canasta; the next a mixed canasta and another meld; then only
    low cards.
    """)
    return


@app.cell
def _():
    new_concealed = deal_button("Next hand")
    new_concealed
    return (new_concealed,)


@app.cell
def _(new_concealed):
    concealed_spot = concealed_question(new_concealed.value)
    concealed_hand = hand_widget(rules, concealed_spot.hand)
    mo.vstack([concealed_hand, hint("Every card but one goes into melds, canasta included; the last is the "
                                    "discard. Count the points only if you want to: here they do not matter.")])
    return concealed_hand, concealed_spot


@app.cell
def concealed_check(concealed_hand, concealed_spot, tracker):
    _right, _text = canasta_feedback(concealed_spot, concealed_hand.widget.group_cards(),
                                     concealed_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="concealed",
             waiting="Group your melds, then select your discard.")
    return


@app.cell(hide_code=True)
def _(concealed_spot):
    _, _view = ask_verdict("go-out", concealed_spot, yes="Yes, you can go out this turn",
                           no="No, you cannot go out")
    solution("Show the checker's way out", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 1: go out

    You have just drawn. Build your melds and lay-offs with **Group** (a
    group that fits one of your melds on the table is laid off onto it),
    then select the one card you would discard, or none if every card is
    melded. The referee replays your turn and says whether it is legal and
    whether you are out. Switch on *concealed* to try it from a hand that
    has not melded yet. Melds on the table are numbered; a lay-off names the
    meld it goes to.
    """)
    return


@app.cell
def _():
    concealed_switch = mo.ui.switch(value=False, label="concealed: nothing melded yet")
    deal_again = deal_button()
    mo.hstack([concealed_switch, deal_again], justify="start", gap=2)
    return concealed_switch, deal_again


@app.cell
def _(concealed_switch, deal_again):
    table = going_out_deal(606 + deal_again.value, concealed=concealed_switch.value)
    hand_view = hand_widget(rules, table.hand, melds=table.melds)
    mo.vstack([hand_view, hint("First check the canasta: is one on the table, or can a group make one? Then "
                                "every card must go: into melds, onto melds, or the one discard.")])
    return hand_view, table


@app.cell
def going_out_verdict(hand_view, table, tracker):
    _groups = hand_view.widget.group_cards()
    _selected = hand_view.widget.selected_cards()
    if not _groups and not _selected:
        _shown = mo.md("Group your melds, then select the card to discard.")
    else:
        try:
            _play = play_text(table, _groups, _selected)
        except ValueError as _error:
            _shown = problem(_error)
        else:
            _verdict, _view = ask_verdict("play", table, play=_play, yes="A legal turn", no="Not a legal turn")
            _out = _verdict is not None and _verdict.answer and _verdict.witness.get("went_out")
            if _out:
                tracker.widget.mark("go-out")
            _why = ("  \n**You are out**: every card is melded or discarded, and your side has the "
                    "canasta it needs.") if _out else ""
            _lead = mo.md(f"Your turn: `{_play}`" + _why)
            _shown = mo.vstack([_lead, _view])
    _shown
    return


@app.cell
def _():
    go_out_button = mo.ui.run_button(label="Ask the checker: can I go out?")
    go_out_button
    return (go_out_button,)


@app.cell
def can_go_out(go_out_button, table):
    mo.stop(not go_out_button.value)
    _, _view = ask_verdict("go-out", table, yes="Yes, you can go out this turn", no="No, you cannot go out this turn")
    _view
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## When the hand ends, and the game

    The hand also ends if a player must draw and the stock is empty. Then
    each side scores what it has. The game ends after the hand in which a
    side reaches **{rules["game"]["target"]}**; the side with more points wins.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-END")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: who has won?

    A hand has just ended. Here are the two sides' scores before it and what
    each scored in it. Has the game been won, and by whom?
    """)
    return


@app.cell
def _():
    new_game_end = deal_button("Next hand")
    new_game_end
    return (new_game_end,)


@app.cell
def _(new_game_end):
    game_end = game_question(new_game_end.value)
    _hand = [r.total for r in hand_totals(game_end["ours"], game_end["theirs"], game_end["ending"])]
    _rows = ["| | before this hand | this hand |", "|:---|---:|---:|",
             f"| your side | {game_end['before'][0]} | {_hand[0]:+d} |",
             f"| their side | {game_end['before'][1]} | {_hand[1]:+d} |"]
    game_pick = mo.ui.radio(options=list(GAME_ANSWERS), label="After this hand")
    mo.vstack([mo.md("\n".join(_rows)), game_pick,
               hint("Add each side's hand to its score first. Has either total reached the target? If so, "
                    "compare the two totals.")])
    return game_end, game_pick


@app.cell
def game_check(game_end, game_pick, tracker):
    _right, _text = game_feedback(game_end, game_pick.value)
    practise(_right, _text, _text, tracker=tracker, exercise="game-won", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(game_end):
    _ours, _theirs = hand_totals(game_end["ours"], game_end["theirs"], game_end["ending"])
    solution("Show how each side scored the hand", mo.vstack([
        mo.md(f"The hand ended: {game_end['ending']}."), mo.md("**Your side**"), mo.md(breakdown_table(_ours)),
        mo.md("**Their side**"), mo.md(breakdown_table(_theirs))]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: who scores for going out?

    Four play, as two sides of partners. Say which side scores the bonus for
    going out in this hand, and how much.
    """)
    return


@app.cell
def _():
    new_out_bonus = deal_button("Next hand")
    new_out_bonus
    return (new_out_bonus,)


@app.cell
def _(new_out_bonus):
    out_bonus = out_bonus_question(new_out_bonus.value)
    out_bonus_pick = mo.ui.radio(options=out_bonus_answers(), label="The going-out bonus goes to")
    mo.vstack([mo.md(f"**{out_bonus_told(out_bonus)}**"), out_bonus_pick,
               hint("The bonus belongs to a side, not a player. Going out concealed earns more; a hand that ends "
                    "for want of cards earns no one a bonus.")])
    return out_bonus, out_bonus_pick


@app.cell
def out_bonus_check(out_bonus, out_bonus_pick, tracker):
    _right, _text = out_bonus_feedback(out_bonus, out_bonus_pick.value)
    practise(_right, _text, _text, tracker=tracker, exercise="out-bonus", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## Scoring a hand

    When the hand ends each side adds up, in this order:

    1. the values of all its melded cards (lesson 1);
    2. its canasta bonuses: {CANASTA["natural_bonus"]} for each natural canasta, {CANASTA["mixed_bonus"]}
       for each mixed one, {CANASTA["wild_bonus"]} for a wild canasta (lesson 2);
    3. its red threes: plus if it has melded, minus if not (lesson 5);
    4. {GO_OUT["bonus"]} for going out, {GO_OUT["concealed_bonus"]} if concealed;

    and subtracts the values of every card still held by its players, with
    {-rules["scoring"]["blocker_in_hand"]} for each black three among them. Here is a finished hand; change how
    it ended and watch the items change.
    """)
    return


@app.cell
def _():
    ending = mo.ui.radio(options=["the other side went out", "we went out", "we went out concealed"],
                         value="we went out", label="The hand ended with", inline=True)
    new_hand = deal_button("Another hand")
    mo.hstack([ending, new_hand], justify="start", gap=2)
    return ending, new_hand


@app.cell
def _(new_hand):
    scored = finished_hand(660 + new_hand.value)
    table_view(scored, "four players", "the hand is over", title="Your side at the end of the hand")
    return (scored,)


@app.cell
def score_view(ending, scored):
    try:
        _result = score_hand(scored, went_out=ending.value != "the other side went out",
                             concealed=ending.value == "we went out concealed")
    except Exception as _error:
        _shown = problem(_error)
    else:
        _shown = mo.md(breakdown_table(_result))
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 2: score this hand

    The other side went out. Add up your side's score for the hand below:
    melded cards, canasta bonuses and red threes, minus the cards still held.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New hand")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question_spot = finished_hand(6000 + new_question.value)
    answer_box = mo.ui.text(placeholder="a whole number", label="Your side's score")
    mo.vstack([table_view(question_spot, "four players", "the other side went out",
                          title="Your side at the end of the hand"), answer_box])
    return answer_box, question_spot


@app.cell
def exercise_feedback(answer_box, question_spot, tracker):
    question_result = score_hand(question_spot)
    try:
        _given = whole_number(answer_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _shown = practise(None if _given is None else _given == question_result.total,
                          f"Right: {question_result.total:+d}.",
                          "Not quite. Count each melded card, each canasta bonus and each red three; then take "
                          f"off the cards still held (black threes {-rules['scoring']['blocker_in_hand']} each).",
                          tracker=tracker, exercise="score-hand", waiting="Type the score and press Enter.")
    _shown
    return (question_result,)


@app.cell(hide_code=True)
def _(question_result):
    solution("Show the solution", mo.md(breakdown_table(question_result)))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 3: item by item

    Score one part of a hand at a time. First what the cards still held
    take off, then with a black three among them, then the bonuses alone,
    and last the whole score of a side that went out.
    """)
    return


@app.cell
def _():
    new_items = deal_button("Next question")
    new_items
    return (new_items,)


@app.cell
def _(new_items):
    items = items_question(new_items.value)
    _asked = {"held": "The other side went out. What do the cards your side still holds count?",
              "black-three": "The other side went out. What do the cards your side still holds count?",
              "bonuses": "What do your side's bonuses add: its canasta bonuses and its red threes?",
              "out": "Your side went out. What is your side's whole score for the hand?"}[items["step"]]
    items_box = mo.ui.text(placeholder="a whole number, with a minus if it counts against you", label="Points",
                           full_width=True)
    mo.vstack([table_view(items["spot"], "four players", title="Your side at the end of the hand"),
               mo.md(f"**{_asked}**"), items_box,
               hint("Cards still held count their values against you; a black three held costs more. The "
                    "bonuses are added on top of the melded cards' values.")])
    return items, items_box


@app.cell
def items_check(items, items_box, tracker):
    try:
        _given = whole_number(items_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _right, _text = items_feedback(items, _given)
        _shown = practise(_right, _text, _text, tracker=tracker, exercise="score-items",
                          waiting="Type the points and press Enter.")
    _shown
    return


@app.cell(hide_code=True)
def _(items):
    solution("Show the solution", mo.md(breakdown_table(score_hand(items["spot"], went_out=items["step"] == "out"))))
    return


@app.cell(hide_code=True)
def _():
    recap([
        f"A player goes out by melding every card, or all but one and discarding it; the side needs its "
        f"canasta first. Going out earns {GO_OUT['bonus']}, concealed {GO_OUT['concealed_bonus']}.",
        "A hand scores its melded cards, canasta bonuses, red threes and going out, minus the cards still held.",
        f"The game ends after the hand in which a side reaches {rules['game']['target']}.",
    ], "07_house_rules", after="That ends the classic game; the other games are taught as changes to it.")
    return


if __name__ == "__main__":
    app.run()
