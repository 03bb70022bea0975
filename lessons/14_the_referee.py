# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "The referee"
# description = "Enter any spot and a disputed play, and get the verdict with the rules it rests on."
# ///
"""The referee: enter any spot and a disputed play, and get the verdict with the rules it rests on."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="The referee")

with app.setup:
    import json
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (arranged_spot, ask_verdict, check, deal, deal_button, hand_widget, hint, ladder_step, learn,
                          meld_list, pack_cards, play_text, play_why, practise, problem, progress_widget, quote,
                          recap, rules_of, solution, sort_hand, table_view, verdict_view)
    from tutor.cards import Card, format_cards, parse_melds
    from tutor.errors import TutorError
    from tutor.questions import ask, referee
    from tutor.rules import BUILTIN
    from tutor.spot import Spot

    SAMPLE = {"variant": "classic", "score": 1600, "hand": "KS KH 7D 7C 2C JK 9S",
              "melds": ["QS QH QD 2H", "7S 7H 7C"], "discard": "5H 9C 3C 7S", "red_threes": "3H", "phase": "drawn"}
    DISPUTES = [
        ({"variant": "classic", "hand": "KS KH 7D 7C 2C JK 9S", "melds": ["QS QH QD 2H"], "phase": "drawn"},
         "meld 7D 7C 2C JK; discard 9S"),
        ({"variant": "classic", "hand": "KS KH 7D 9S", "melds": ["QS QH QD"], "discard": "4C KD", "phase": "before-draw"},
         "pickup KS KH; meld KD KS KH; discard 9S"),
        ({"variant": "classic", "hand": "KS 2H 7D 9S", "melds": ["QS QH QD"], "discard": "4C JK KD",
          "phase": "before-draw"}, "pickup KS 2H; meld KD KS 2H; discard 9S"),
        ({"variant": "classic", "hand": "AS AH AD 5C", "score": 1600, "phase": "drawn"}, "meld AS AH AD; discard 5C"),
        ({"variant": "house", "hand": "6S 6H 6D 6C 2S 2H JK 9D", "melds": ["KS KH KD"], "phase": "drawn"},
         "meld 6S 6H 6D 6C 2S 2H JK; discard 9D"),
        ({"variant": "canasty", "hand": "QS QH 9H 9D 9S 2C KD 5S", "phase": "drawn"}, "meld QS 2C KD; discard 5S"),
        ({"variant": "albany", "hand": "5H 2C 7H 9S 4D", "phase": "drawn"}, "meld 5H 2C 7H; discard 9S"),
        ({"variant": "albany", "hand": "3S 3H 3D 9S 4D", "phase": "drawn"}, "meld 3S 3H 3D; discard 9S"),
    ]
    classic = rules_of("classic")
    # The "arrange the spot" questions climb: any way to make the pile yours, then a pile a wild card has
    # frozen, then a side with nothing on the table, whose pickup must also be its first meld.
    ARRANGE_STEPS = ("take", "frozen", "not-down")
    # The "which play is legal?" questions climb: wrong plays that break the shape of a turn, then the meld
    # rules, then rules about the table and the pile.
    PLAY_STEPS = ("shape", "meld", "table")
    # The "may I take the pile?" questions climb: a side already down, a frozen pile, a side not down yet,
    # a spot after the draw; then any of them.
    TAKE_STEPS = ("down", "frozen", "not-down", "drawn", "any")
    # What each kind of wrong play gets wrong, said to the learner when it is chosen as the legal one.
    PLAY_MISTAKES = {
        "two-discards": "a turn ends with its one discard: nothing follows it",
        "no-discard": "a turn that does not go out ends with a discard",
        "meld-after-discard": "the discard comes last: melds are made before it",
        "one-natural": "a meld needs two natural cards at least, however many wild cards join them",
        "wrong-layoff": "a card is laid off only onto the side's meld of its own rank",
        "mixed-ranks": "a meld is cards of one rank",
        "second-meld": "a side has one meld of each rank: more cards of it are laid off onto that meld",
        "pickup-after-draw": "the pile is taken instead of drawing from the stock, never after the draw",
    }
    PLAY_WRONGS = {"shape": ("two-discards", "no-discard", "meld-after-discard"),
                   "meld": ("one-natural", "wrong-layoff", "mixed-ranks"),
                   "table": ("second-meld", "pickup-after-draw", "wrong-layoff")}
    LESSON = "14_the_referee"
    EXERCISES = ("arrange-the-spot", "which-play", "may-i-take", "rule-the-dispute")


@app.function
def score_of(text: str) -> int:
    try:
        return int(text.strip() or 0)
    except ValueError:
        raise TutorError(f"the score must be a whole number, not {text!r}") from None


@app.function
def spot_from_form(variant: str, phase: str, score: str, hand: str, melds: str, discard: str) -> Spot:
    """A spot from the builder's fields; raises TutorError with a message on bad input."""
    points = score_of(score)
    meld_list = [format_cards(m) for m in parse_melds(melds)] if melds.strip() else []
    return Spot.from_dict({"variant": variant, "phase": phase, "score": points, "hand": hand,
                           "melds": meld_list, "discard": discard})


@app.function
def arrange_question(n: int) -> dict:
    """The n-th "arrange the spot" question: a classic hand to arrange so that the pile may be taken.

    ``below`` is what the pile already holds under the cards the learner puts on it.
    """
    step = ladder_step(n, ARRANGE_STEPS)
    rng = random.Random(1400 + n)
    used = Counter()
    take = lambda rank, k: pack_cards(classic, rng, used, rank, k)
    low = [r for r in classic.natural_ranks if classic.value(Card(r, "S")) == min(
        classic.value(Card(x, "S")) for x in classic.natural_ranks)]
    high = [r for r in classic.natural_ranks if r not in low]
    a, b, c, d = rng.sample(high, 4)
    if step == "not-down":
        # a high triple that reaches the first meld's minimum with the top card, a low one that does not
        lo = rng.choice(low)
        hand = take("A", 3) + take(lo, 3) + take(c, 1) + take(d, 1)
        below = take(b, 1)
    elif step == "frozen":
        hand = take(a, 3) + take(b, 3) + take(c, 1) + take("JK", 1) + take(d, 1)
        below = take(d, 1) + take("2", 1)
    else:
        hand = take(a, 3) + take(b, 3) + take(c, 1) + take(d, 1)
        below = take(d, 1)
    return {"step": step, "hand": sort_hand(classic, hand), "below": tuple(below)}


@app.function
def arranged(question, groups, selected) -> Spot:
    """The spot the learner arranged: groups on the table, the selected card on top of the pile."""
    spot = arranged_spot("classic", question["hand"], groups, selected, phase="before-draw")
    return Spot.from_dict({**spot.to_dict(), "discard": format_cards(list(question["below"]) + list(spot.discard))})


@app.function
def arrange_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a spot arranged so that the pile may be taken, answered by the checker."""
    if not groups and not selected:
        return None, ""
    if question["step"] == "not-down" and groups:
        return False, "Leave the table empty this time: your side has not melded yet, so nothing of it is down."
    if len(selected) != 1:
        return False, ("Select exactly one card for the top of the pile: the top card is the one a pickup "
                       "melds at once." if selected else "Select a card for the top of the pile: without it the "
                       "pile holds nothing of yours to take.")
    try:
        spot = arranged(question, groups, selected)
    except TutorError as error:
        return False, f"This spot cannot be used: {error}."
    verdict, _ = ask_verdict("pickup", spot)
    if verdict is None:
        return False, "The checker could not answer for this spot here."
    if verdict.answer:
        return True, f"Right: the checker says you may take the pile: {verdict.reasons[0].text}."
    return False, ("Not this spot: the checker says the pile cannot be taken: "
                   + "; ".join(r.text for r in verdict.reasons) + ".")


@app.function
def play_question(n: int) -> dict:
    """The n-th "which play is legal?" question: a classic spot after the draw and three proposed plays,
    exactly one of which the referee accepts."""
    step = ladder_step(n, PLAY_STEPS)
    for k in range(50):
        rng = random.Random(1450 + n * 100 + k)
        used = Counter()
        take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
        r, m, x, y = rng.sample(list(classic.natural_ranks), 4)
        table, trio, pair = take(m, 3), take(r, 3), take(m, 2)
        two, joker, odd, other = take("2", 1), take("JK", 1), take(x, 1), take(y, 1)
        top = take(r, 1)
        hand = trio + pair + two + joker + odd + other
        spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": format_cards(sort_hand(classic, hand)),
                               "melds": [format_cards(table)], "discard": format_cards(take(x, 1) + top)})
        f = format_cards
        legal = rng.choice([f"meld {f(trio)}; discard {odd[0]}", f"layoff {f(pair)} to 1; discard {odd[0]}",
                            f"meld {f(trio + two)}; discard {odd[0]}"])
        wrongs = {
            "two-discards": f"meld {f(trio)}; discard {odd[0]}; discard {other[0]}",
            "no-discard": f"meld {f(trio)}",
            "meld-after-discard": f"discard {odd[0]}; meld {f(trio)}",
            "one-natural": f"meld {f(trio[:1] + two + joker)}; discard {odd[0]}",
            "wrong-layoff": f"layoff {odd[0]} to 1; discard {other[0]}",
            "mixed-ranks": f"meld {f(trio[:2] + odd)}; discard {other[0]}",
            "second-meld": f"meld {f(pair + two)}; discard {odd[0]}",
            "pickup-after-draw": f"pickup {f(trio[:2])}; meld {f(top + trio[:2])}; discard {odd[0]}",
        }
        kinds = rng.sample(PLAY_WRONGS[step], 2)
        plays = [legal] + [wrongs[kind] for kind in kinds]
        if referee(spot, legal).answer and not any(referee(spot, p).answer for p in plays[1:]):
            order = rng.sample(plays, 3)
            mistakes = {wrongs[kind]: kind for kind in kinds}
            return {"step": step, "spot": spot, "plays": order, "mistakes": mistakes}
    raise ValueError("no spot with exactly one legal play")


@app.function
def where_it_breaks(verdict) -> str:
    """Where the referee found the broken rule: a numbered step, or the end of the turn as a whole."""
    step = verdict.extra.get("step")
    return f"at step {step}" if step else "at the end of the turn"


@app.function
def play_feedback(question, chosen) -> tuple:
    """(right?, message) for "which of these plays is legal?", judged by the referee."""
    if chosen is None:
        return None, ""
    spot = question["spot"]
    verdict = referee(spot, chosen)
    if verdict.answer:
        others = []
        for play in question["plays"]:
            if play != chosen:
                v = referee(spot, play)
                others.append(f"`{play}` breaks a rule {where_it_breaks(v)}: {v.reasons[0].text}")
        return True, (f"Right: the referee accepts it ({'; '.join(play_why(spot, chosen))}). The others: "
                      + "; ".join(others) + ".")
    kind = question["mistakes"].get(chosen)
    lead = f"Remember: {PLAY_MISTAKES[kind]}. " if kind else ""
    return False, (f"The referee rules it illegal {where_it_breaks(verdict)}: {verdict.reasons[0].text}. {lead}"
                   "Read the other plays step by step.")


@app.function
def take_table(kind: str, yes: bool, rng) -> dict:
    """A classic spot for a pile question of this kind; ``yes`` is the answer the spot is built for."""
    used = Counter()
    take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
    low = [r for r in classic.natural_ranks if classic.value(Card(r, "S")) == min(
        classic.value(Card(x, "S")) for x in classic.natural_ranks)]
    if kind == "not-down":
        # the highest-valued natural reaches the minimum with the top card, the lowest never does
        best = max(classic.natural_ranks, key=lambda r: classic.value(Card(r, "S")))
        t = best if yes else rng.choice(low)
    else:
        t = rng.choice(classic.natural_ranks)
    m, x, y = rng.sample([r for r in classic.natural_ranks if r != t], 3)
    if kind == "not-down":
        return {"phase": "before-draw", "melds": [], "hand": take(t, 2) + take(x, 1) + take(y, 1),
                "discard": take(m, 1) + take(t, 1)}
    pair = take(t, 2) if yes or kind == "drawn" else take(t, 1) + take("JK", 1)
    if kind == "down" and not yes:
        pair = take(t, 1) + take(x, 1)
    below = take(m, 1) + (take("2", 1) if kind == "frozen" else [])
    return {"phase": "drawn" if kind == "drawn" else "before-draw", "melds": [format_cards(take(m, 3))],
            "hand": pair + take(x, 1) + take(y, 1), "discard": below + take(t, 1)}


@app.function
def take_question(n: int) -> dict:
    """The n-th "may I take the pile?" question: a classic spot, its answer left to the checker."""
    step = ladder_step(n, TAKE_STEPS)
    for k in range(50):
        rng = random.Random(1470 + n * 100 + k)
        kind = rng.choice(TAKE_STEPS[:-1]) if step == "any" else step
        yes = kind != "drawn" and rng.random() < 0.5
        table = take_table(kind, yes, rng)
        spot = Spot.from_dict({"variant": "classic", "score": 0, **{key: format_cards(v) if key in ("hand", "discard")
                               else v for key, v in table.items()}})
        if ask("pickup", spot).answer == yes:
            return {"kind": kind, "spot": spot}
    raise ValueError(f"no pile question of kind {kind!r}")


@app.function
def take_feedback(question, answer) -> tuple:
    """(right?, message) for "may I take the pile?", answered by the checker (``ask("pickup", ...)``)."""
    if answer is None:
        return None, ""
    verdict = ask("pickup", question["spot"])
    said = answer == "yes"
    why = "; ".join(r.text for r in verdict.reasons[:2])
    if said == verdict.answer:
        return True, f"Right: {'yes' if verdict.answer else 'no'}. The checker: {why}."
    kind = question["kind"]
    leads = {
        ("drawn", True): "The draw is made already: the pile is taken instead of drawing, never after.",
        ("frozen", True): "A wild card in the pile freezes it: only a natural pair of its top card takes it.",
        ("frozen", False): "A frozen pile can still be taken, with a natural pair of its top card.",
        ("not-down", True): "With nothing melded, taking the pile is also your side's first meld, and it must "
                            "reach the minimum.",
        ("not-down", False): "The top card and your pair may reach the first meld's minimum on their own.",
        ("down", True): "The top card goes down at once with two cards from your hand, or onto your meld of "
                        "its rank.",
        ("down", False): "Your side is down and the pile is not frozen: a pair, or a natural and a wild card, "
                         "takes it.",
    }
    return False, f"The checker says {'yes' if verdict.answer else 'no'}. {leads.get((kind, said), '')} ({why}.)"


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # The referee
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how to write down any situation at the table as a spot;",
        "how to write a whole turn as a play;",
        "how to read the referee's verdict: the step that breaks a rule, the rule's ID and its source.",
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
    ## Settling a dispute

    An argument at the card table usually comes down to one question: *was
    that play legal?* The referee answers it. Give it the **spot**, what the
    player could see at that moment (the variant, the hand, the side's
    melds, the pile, the score, and whether the turn's draw was made), and
    the **play**, the whole turn as it was made. It replays the turn step by
    step under the variant's rules. A legal play comes back with the melds
    it made; an illegal one with the first step that breaks a rule, the
    rule's ID, the rule itself and where it comes from.

    A play is written as steps separated by `;`:

    - `pickup KH KD` takes the pile with these two cards from the hand
      (only at the start of a turn; add `depth 3` in Albany for a deeper take);
    - `meld KS KH KD 2C` puts down a new meld;
    - `layoff 7D to 2` adds cards to the side's second meld;
    - `discard 9C` ends the turn.
    """)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The spot

    Build the spot from its parts, arrange it from a dealt hand with the card
    widget (groups go to the table as the side's melds, selected cards to the
    pile), or type it as JSON. Mistakes are pointed out as you go.
    """)
    return


@app.cell
def _():
    spot_json = mo.ui.text_area(value=json.dumps(SAMPLE, indent=2), rows=10, full_width=True, label="Spot (JSON)")
    variant_pick = mo.ui.dropdown(options=list(BUILTIN), value="classic", label="variant")
    phase_pick = mo.ui.radio(options=["before-draw", "drawn"], value="drawn", label="phase", inline=True)
    score_text = mo.ui.text(value="0", label="score")
    hand_text = mo.ui.text(value="KS KH KD 7C 7D 2C 9S", label="hand", full_width=True)
    melds_text = mo.ui.text(value="AS AH AD", label="melds (separated by |)", full_width=True)
    discard_text = mo.ui.text(value="4C 8H", label="pile, bottom first", full_width=True)
    _builder = mo.vstack([hand_text, melds_text, discard_text])
    arranging = hand_widget("classic", deal("classic", seed=1414, cards=15)["hand"])
    source = mo.ui.tabs({"Build it": _builder, "Arrange a classic deal": arranging, "JSON": spot_json})
    mo.vstack([mo.hstack([variant_pick, phase_pick, score_text], justify="start"), source])
    return arranging, discard_text, hand_text, melds_text, phase_pick, score_text, source, spot_json, variant_pick


@app.cell
def spot_cell(arranging, discard_text, hand_text, melds_text, phase_pick, score_text, source, spot_json,
              variant_pick):
    try:
        if source.value == "JSON":
            spot = Spot.from_json(spot_json.value)
        elif source.value == "Arrange a classic deal":
            spot = arranged_spot("classic", arranging.widget.hand_cards(), arranging.widget.group_cards(),
                                 arranging.widget.selected_cards(), score=score_of(score_text.value),
                                 phase=phase_pick.value)
        else:
            spot = spot_from_form(variant_pick.value, phase_pick.value, score_text.value, hand_text.value,
                                  melds_text.value, discard_text.value)
    except TutorError as _error:
        spot = None
        spot_problem = problem(_error, lead="This spot cannot be used")
    else:
        spot_problem = None
    return spot, spot_problem


@app.cell
def _(spot, spot_problem):
    hand_view = None if spot is None else hand_widget(spot.rules, spot.hand, melds=spot.melds, discard=spot.discard)
    spot_problem if spot is None else mo.vstack([hand_view, mo.accordion({"The spot as JSON": mo.md(
        f"```json\n{json.dumps(spot.to_dict(), indent=2, ensure_ascii=False)}\n```")})])
    return (hand_view,)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: arrange the spot.** A classic hand, before the draw. Arrange
    the table so that the checker says you may take the pile: group cards to
    put them down as your side's melds, and select the one card that goes on
    top of the pile.
    """)
    return


@app.cell
def _():
    new_arrange = deal_button("Next hand")
    new_arrange
    return (new_arrange,)


@app.cell
def _(new_arrange):
    arrange_ask = arrange_question(new_arrange.value)
    arrange_hand = hand_widget("classic", arrange_ask["hand"], discard=format_cards(arrange_ask["below"]))
    _task = {"take": "Any way of taking the pile will do.",
             "frozen": "The pile already holds the cards shown; yours goes on top.",
             "not-down": "This time your side has not melded: leave the table empty and choose the top card."}
    mo.vstack([mo.md(_task[arrange_ask["step"]]), arrange_hand,
               hint("The top card must go down at once with cards you keep in your hand: which ranks do you "
                    "hold more than one of? Count the points too while your side has not melded.")])
    return arrange_ask, arrange_hand


@app.cell
def arrange_check(arrange_ask, arrange_hand, tracker):
    _right, _text = arrange_feedback(arrange_ask, arrange_hand.widget.group_cards(),
                                     arrange_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="arrange-the-spot",
             waiting="Arrange the table, then select the top card of the pile.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The play

    Type the disputed play, or build it with the cards above: group the cards
    melded or laid off (a group that fits one of the side's melds is laid
    off onto it) and select the card discarded.
    """)
    return


@app.cell
def _():
    play_source = mo.ui.radio(options=["the play typed here", "the play built with the cards"],
                              value="the play typed here", label="Judge", inline=True)
    play_box = mo.ui.text(value="meld KS KH KD; discard 9S", label="Play", full_width=True)
    mo.vstack([play_source, play_box])
    return play_box, play_source


@app.cell
def referee_verdict(hand_view, play_box, play_source, spot):
    if spot is None:
        _shown = mo.md("Fix the spot first.")
    else:
        try:
            if play_source.value == "the play built with the cards":
                _play = play_text(spot, hand_view.widget.group_cards(), hand_view.widget.selected_cards())
                if not _play:
                    raise ValueError("group some cards (and select a discard) in the widget above")
            else:
                _play = play_box.value
            _verdict = referee(spot, _play)
        except (TutorError, ValueError) as _error:
            _shown = problem(_error)
        else:
            _step = _verdict.extra.get("step")
            _where = f" (step {_step}: `{_play.split(';')[_step - 1].strip()}`)" if _step else ""
            _why = mo.md("Why: " + "; ".join(play_why(spot, _play)) + ".") if _verdict.answer else mo.md("")
            _shown = mo.vstack([mo.md(f"The play judged: `{_play}`"),
                                verdict_view(_verdict, spot, yes="Legal", no=f"Illegal{_where}"), _why])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: which play is legal?** Three plays are proposed for the spot
    below, just after the draw. The referee accepts exactly one of them.
    Which?
    """)
    return


@app.cell
def _():
    new_play = deal_button("Next spot")
    new_play
    return (new_play,)


@app.cell
def _(new_play):
    play_ask = play_question(new_play.value)
    play_pick = mo.ui.radio(options=play_ask["plays"], label="The legal play")
    mo.vstack([table_view(play_ask["spot"], "classic", "after the draw"), play_pick,
               hint("Read each play one step at a time, as the referee does: is each meld legal on its own, "
                    "does every card it uses come from your hand, and does the turn end with one discard?")])
    return play_ask, play_pick


@app.cell
def play_check(play_ask, play_pick, tracker):
    _right, _text = play_feedback(play_ask, play_pick.value)
    practise(_right, _text, _text, tracker=tracker, exercise="which-play", waiting="Choose a play.")
    return


@app.cell(hide_code=True)
def _(play_ask):
    solution("Show the referee's verdicts", mo.vstack([
        mo.vstack([mo.md(f"`{_p}`"), verdict_view(referee(play_ask["spot"], _p), play_ask["spot"], yes="Legal",
                                                   no="Illegal")]) for _p in play_ask["plays"]]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Other questions about the same spot

    The referee judges one play. The checker answers the broader questions:
    is *any* legal way there to go out, to take the pile, to make the first
    meld? A yes comes with a proof, a no with the rules that stand in the way.
    """)
    return


@app.cell
def _():
    question_pick = mo.ui.dropdown(options={"Can I go out this turn?": "go-out", "May I take the pile?": "pickup",
                                            "Can my side make its first meld?": "initial-meld",
                                            "Which melds may I put down?": "melds"},
                                   value="Can I go out this turn?", label="Question")
    ask_button = mo.ui.run_button(label="Ask the checker")
    mo.hstack([question_pick, ask_button], justify="start")
    return ask_button, question_pick


@app.cell
def checker_answer(ask_button, question_pick, spot):
    mo.stop(not ask_button.value, mo.md("*The checker answers when you ask.*"))
    if spot is None:
        _shown = mo.md("Fix the spot first.")
    else:
        _verdict, _shown = ask_verdict(question_pick.value, spot)
        if _verdict is not None and question_pick.value == "melds":
            _shown = meld_list(spot.rules, _verdict.extra["melds"])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: may I take the pile?** Answer first, then see what the
    checker says about the same spot.
    """)
    return


@app.cell
def _():
    new_take = deal_button("Next spot")
    new_take
    return (new_take,)


@app.cell
def _(new_take):
    take_ask = take_question(new_take.value)
    _spot = take_ask["spot"]
    take_answer = mo.ui.radio(options=["yes", "no"], label="May you take the pile?", inline=True)
    mo.vstack([table_view(_spot, "classic", "your side has " + ("melded" if _spot.melds else "not melded yet"),
                          "before the draw" if _spot.phase == "before-draw" else "after the draw"), take_answer,
               hint("Look in this order: has the draw been made? What is on top, and is the pile frozen by a "
                    "wild card in it? Has your side melded, and if not, do the cards reach the first meld?")])
    return take_answer, take_ask


@app.cell
def take_check(take_answer, take_ask, tracker):
    _right, _text = take_feedback(take_ask, take_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="may-i-take", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(take_ask):
    _, _view = ask_verdict("pickup", take_ask["spot"], yes="Yes, you may take the pile", no="No")
    solution("Show the checker's answer", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: settle these disputes

    Each dispute shows a spot and a play. Is the play legal?
    """)
    return


@app.cell
def _():
    next_dispute = deal_button("Next dispute")
    next_dispute
    return (next_dispute,)


@app.cell
def _(next_dispute):
    _data, dispute_play = DISPUTES[next_dispute.value % len(DISPUTES)]
    dispute_spot = Spot.from_dict(_data)
    ruling = mo.ui.radio(options=["legal", "illegal"], label="The play is", inline=True)
    _facts = [dispute_spot.rules.variant.name, f"score {dispute_spot.score}",
              "before the draw" if dispute_spot.phase == "before-draw" else "after the draw"]
    mo.vstack([table_view(dispute_spot, *_facts), mo.md(f"The play: `{dispute_play}`"), ruling])
    return dispute_play, dispute_spot, ruling


@app.cell
def dispute_feedback(dispute_play, dispute_spot, ruling, tracker):
    dispute_verdict = referee(dispute_spot, dispute_play)
    _why = ("Legal: " + "; ".join(play_why(dispute_spot, dispute_play)) + "." if dispute_verdict.answer else
            "Illegal: " + "; ".join(r.text for r in dispute_verdict.reasons) + ".")
    practise(None if ruling.value is None else (ruling.value == "legal") == dispute_verdict.answer,
             f"Right. {_why}", f"The referee rules otherwise. {_why}", waiting="Choose a ruling.",
             tracker=tracker, exercise="rule-the-dispute")
    return (dispute_verdict,)


@app.cell(hide_code=True)
def _(dispute_spot, dispute_verdict):
    solution("Show the referee's verdict", verdict_view(dispute_verdict, dispute_spot, yes="Legal", no="Illegal"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    Every rule the referee cites is listed, with its source, in the rule book
    (the last notebook of the gallery). Two that come up in almost every
    dispute:
    """)
    return


@app.cell(hide_code=True)
def _():
    quote("classic", "C-MELD", "C-PICKUP")
    return


@app.cell(hide_code=True)
def _():
    recap([
        'A spot writes down a situation at the table: the hand, the melds, the pile, the score.',
        'A play writes a whole turn, step by step, separated by semicolons.',
        "The referee's verdict names the step that breaks a rule, and the rule with its source.",
    ], "15_workbench")
    return


if __name__ == "__main__":
    app.run()
