# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Canasty 3: going out and spotting the cheat"
# description = "Going out with unmatched cards, the wimp rule, the end of the hand, and spotting the cheat."
# ///
"""Canasty 3: going out with unmatched cards, the wimp rule, the end of the hand, and spotting the cheat."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasty 3: going out and spotting the cheat")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (ask_verdict, check, deal_button, hand_widget, learn, number_word, play_text, practise,
                          problem, progress_widget, quote, recap, solution, table_view, verdict_view)
    from tutor.cards import Card, format_cards
    from tutor.errors import TutorError
    from tutor.questions import referee
    from tutor.rules import rules_for
    from tutor.scoring import score_hand
    from tutor.spot import Spot

    rules = rules_for("canasty")
    NATURALS = list("AQJT98765")
    CHEATS = {"A": "a set with one natural and wild cards", "B": "a down below the requirement",
              "C": "a card passed off as another rank", "M": "taking the pile with cards that do not match",
              "N": "unrelated cards counted as a down"}
    LESSON = "10_canasty_going_out_and_cheats"
    EXERCISES = ("name-the-cheat",)


@app.function
def some_cards(rng, used: Counter, rank: str, n: int) -> list:
    suits = [s for s in "SHDC" for _ in range(2 - used[Card(rank, s)])]
    cards = [Card(rank, s) for s in rng.sample(suits, n)]
    used.update(cards)
    return cards


@app.function
def going_out_table(seed: int, *, first_round: bool) -> Spot:
    """A seeded spot, after the draw, for a player who is down."""
    rng = random.Random(seed)
    used = Counter()
    a, b, c, d, e = rng.sample(NATURALS, 5)
    melds = [some_cards(rng, used, a, 3), some_cards(rng, used, b, 2) + some_cards(rng, used, "K", 1)]
    hand = some_cards(rng, used, c, 3) + some_cards(rng, used, a, 1) + some_cards(rng, used, d, 1)
    hand += some_cards(rng, used, e, rng.randint(1, 2))
    scores = [0, 0, 0, 0] if rng.random() < 0.5 else [200, 1600, 900, 150]
    return Spot.from_dict({"variant": "canasty", "hand": format_cards(hand),
                           "melds": [format_cards(m) for m in melds], "first_round": first_round,
                           "score": scores[0], "scores": scores})


@app.function
def cheat_questions() -> list:
    """Plays to referee: (spot, play); the referee names the cheat, if any."""
    drawn = {"variant": "canasty", "hand": "QS QH 9H 9D 9S 2C KD 5S 7H 8C", "score": 0}
    down = {**drawn, "melds": ["AS AH AD"]}
    pile = {**drawn, "discard": "4C 8D 7D", "phase": "before-draw"}
    return [
        (drawn, "meld QS 2C KD; discard 5S"),
        (drawn, "meld 9H 9D 9S; discard 5S"),
        (drawn, "meld 9H 9D QS; discard 5S"),
        (drawn, "meld 5S 7H 8C; discard 9D"),
        (pile, "pickup 9H 9D; meld 7D 9H 9D; discard 5S"),
        (pile, "pickup 8C 5S; meld 7D 8C 5S; discard 9S"),
        (drawn, "meld QS QH 2C; meld 9H 9D 9S; discard 5S"),
        (down, "meld 9H 9D KD; discard 5S"),
        (down, "meld 9H 9D QS; discard 5S"),
    ]


@app.function
def cheats_named(verdict) -> list:
    return sorted(r.rule.split(".")[1] for r in verdict.reasons if r.rule.startswith("Y-CHEATS."))


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Canasty: going out, and spotting the cheat
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "when a Canasty player may go out, and with how many cards left over;",
        "the wimp rule for the first round of a hand;",
        "how the other players count their cards when someone goes out;",
        "the five 'legal cheats', and how the referee names each one.",
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
    ## Going out with cards to spare

    Going out is easier in Canasty than in classic. No canasta is needed.
    The player must be **down** (going down in the same turn counts), must
    **end with a discard**, and after that discard may keep up to **two
    unmatched cards**. Going out earns 100; the unmatched cards count minus
    for the player who kept them.

    The **wimp rule** (an option, on by default) holds back a quick finish:
    in the first round of a hand a player may go out only if the leader is at
    least 1000 ahead of the lowest score, and the player is at least 1000
    behind the leader.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-GOOUT")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Try it

    Group the cards you meld or lay off, select the one card you discard, and
    the referee replays your turn. Keep at most two cards besides.
    """)
    return


@app.cell
def _():
    first_round_switch = mo.ui.switch(value=False, label="first round of the hand")
    deal_again = deal_button()
    mo.hstack([first_round_switch, deal_again], justify="start", gap=2)
    return deal_again, first_round_switch


@app.cell
def _(deal_again, first_round_switch):
    table = going_out_table(1010 + deal_again.value, first_round=first_round_switch.value)
    hand_view = hand_widget(rules, table.hand, melds=table.melds)
    mo.vstack([mo.md(f"Scores this game: {', '.join(map(str, table.scores))} (yours first)."), hand_view])
    return hand_view, table


@app.cell
def going_out_verdict(hand_view, table):
    _groups = hand_view.widget.group_cards()
    _selected = hand_view.widget.selected_cards()
    if not _groups and not _selected:
        _shown = mo.md("Group your sets, then select the card to discard.")
    else:
        try:
            _play = play_text(table, _groups, _selected)
        except ValueError as _error:
            _shown = problem(_error)
        else:
            _verdict, _view = ask_verdict("play", table, play=_play, yes="A legal turn", no="Not a legal turn")
            _out = _verdict is not None and _verdict.answer and _verdict.witness.get("went_out")
            _shown = mo.vstack([mo.md(f"Your turn: `{_play}`" + ("  \n**You are out.**" if _out else "")), _view])
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
    mo.md(r"""
    ## When someone goes out

    The hand ends at once. Every other player who is down first lays off on
    his own sets whatever he can (wild cards included, placed to his best
    advantage); what is left in his hand counts minus. A player who is not
    down counts **everything** minus: every card in his hand and every bonus
    card he laid out.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-END")
    return


@app.cell
def _():
    down_switch = mo.ui.switch(value=True, label="this player is down")
    down_switch
    return (down_switch,)


@app.cell
def end_score(down_switch):
    _spot = Spot.from_dict({"variant": "canasty", "hand": "QC 2D 5S 3S", "red_threes": "3H JK",
                            "melds": ["QS QH QD", "8S 8H KC"] if down_switch.value else []})
    _result = score_hand(_spot)
    _rows = ["| item | rule | points |", "|:---|:---|---:|"]
    _rows += [f"| {l.item} | {l.rule} | {l.points:+d} |" for l in _result.breakdown]
    mo.vstack([table_view(_spot, "someone else went out"), mo.md("\n".join(_rows) + f"\n\nTotal: **{_result.total:+d}**")])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The legal cheats

    Canasty's rule text lists a handful of "legal cheats": moves players try
    at a lively table, which are legal only until somebody notices. The tutor
    treats each one as an illegal play and its referee names it:

    - **A**: a set of one natural and two wild cards;
    - **B**: a down that is short of the score's requirement;
    - **C**: a card passed off as another rank;
    - **M**: taking the pile with cards that do not make a set with the top card;
    - **N**: 25 points of unrelated cards passed off as a down.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-CHEATS")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: spot the cheat

    A player at your table makes the play shown. Is it legal, and if not,
    which cheat is it?
    """)
    return


@app.cell
def _():
    new_question = deal_button("Next play")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    _questions = cheat_questions()
    question_data, question_play = _questions[new_question.value % len(_questions)]
    question_spot = Spot.from_dict(question_data)
    answer = mo.ui.dropdown(options={"legal": "legal", **{f"{k}: {v}": k for k, v in CHEATS.items()}},
                            label="The play is")
    _facts = ["down" if question_spot.melds else "not down", f"score {question_spot.score}",
              "before the draw" if question_spot.phase == "before-draw" else "after the draw"]
    mo.vstack([table_view(question_spot, *_facts), mo.md(f"The play: `{question_play}`"), answer])
    return answer, question_play, question_spot


@app.cell
def exercise_feedback(answer, question_play, question_spot, tracker):
    verdict = referee(question_spot, question_play)
    _named = cheats_named(verdict) if not verdict.answer else ["legal"]
    practise(None if answer.value is None else answer.value in _named,
          "Right: " + ("a legal play." if verdict.answer else f"cheat {', '.join(_named)}."),
          "Not this one. Read the play step by step: whose cards, what rank, how many points?",
          waiting="Choose an answer.", tracker=tracker, exercise="name-the-cheat")
    return (verdict,)


@app.cell(hide_code=True)
def _(question_spot, verdict):
    solution("Show the referee's verdict", verdict_view(verdict, question_spot, yes="Legal", no="Illegal"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Your own play

    Type a whole turn for the player above (steps separated by `;`, for
    example `meld 9H 9D 9S 2C; discard 5S`) and the referee judges it.
    """)
    return


@app.cell
def _():
    own_play = mo.ui.text(value="meld 9H 9D 9S 2C; discard 5S", label="A play", full_width=True)
    own_play
    return (own_play,)


@app.cell
def own_verdict(own_play, question_spot):
    try:
        _verdict = referee(question_spot, own_play.value)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _shown = verdict_view(_verdict, question_spot, yes="Legal", no="Illegal")
    _shown
    return


@app.cell(hide_code=True)
def _():
    recap([
        f"A Canasty player may go out with up to {number_word(rules['go_out']['max_unmatched'])} unmatched "
        "cards left over.",
        'The wimp rule limits going out in the first round of a hand.',
        "The referee names each 'legal cheat' by its rule, step by step.",
    ], "11_albany_sets_and_stoppers")
    return


if __name__ == "__main__":
    app.run()
