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

    import marimo as mo

    from rulebook import (arranged_spot, ask_verdict, check, deal, deal_button, hand_widget, learn, meld_list,
                          play_text, play_why, practise, problem, progress_widget, quote, recap, solution,
                          table_view, verdict_view)
    from tutor.cards import format_cards, parse_melds
    from tutor.errors import TutorError
    from tutor.questions import referee
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
    LESSON = "14_the_referee"
    EXERCISES = ("rule-the-dispute",)


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
