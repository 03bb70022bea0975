# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "The instructor's workbench"
# description = "Build a spot, prove its answer, tag it, save it to a collection, print a worksheet."
# ///
"""The instructor's workbench: build a spot, prove its answer, tag it, save it to a collection, print a worksheet."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="The instructor's workbench")

with app.setup:
    import json
    import os
    import re
    from pathlib import Path

    import marimo as mo

    from rulebook import (arranged_spot, check, deal, deal_button, hand_widget, learn, problem, puzzle_proof, quote,
                          solution, table_view)
    from tutor.cards import format_cards
    from tutor.errors import TutorError
    from tutor.rules import BUILTIN, rules_for
    from tutor.spot import Spot

    DEFAULT_COLLECTION = os.environ.get(
        "CANASTA_TUTOR_COLLECTION", str(Path.home() / ".canasta-tutor" / "collection.jsonl"))
    TAG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


@app.function
def parse_tags(text: str) -> list:
    tags = [t.strip() for t in text.replace(",", " ").split() if t.strip()]
    for tag in tags:
        if not TAG.match(tag):
            raise TutorError(f"tag {tag!r}: a tag is lower-case letters, digits and hyphens (at most 40)")
    return tags


@app.function
def read_collection(path: str) -> list:
    from tutor.puzzles import read_file

    p = Path(path).expanduser()
    return read_file(p) if p.exists() and p.stat().st_size else []


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # The instructor's workbench
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how to set up a position for your class with the card widget;",
        "how to have its answer proved, with the witness or the rules that block it;",
        "how to tag it and keep it in a collection;",
        "how to print a worksheet, with an answer key, from a collection.",
    )
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## 1. Build the spot

    Deal a hand, then arrange it in the widget: select cards and press
    **Group** to put them on the table as one of the side's melds; the cards
    left *selected* (not grouped) go to the discard pile, in hand order, the
    last one on top. Everything else stays in the hand. Or type the spot as
    JSON in the second tab.
    """)
    return


@app.cell
def _():
    variant_pick = mo.ui.dropdown(options=list(BUILTIN), value="classic", label="variant")
    phase_pick = mo.ui.radio(options=["drawn", "before-draw"], value="drawn", label="phase", inline=True)
    score_pick = mo.ui.number(start=-2000, stop=10000, step=5, value=0, label="score")
    deal_again = deal_button()
    mo.hstack([variant_pick, phase_pick, score_pick, deal_again], justify="start", gap=1.5)
    return deal_again, phase_pick, score_pick, variant_pick


@app.cell
def _(deal_again, variant_pick):
    dealt = deal(variant_pick.value, seed=1515 + deal_again.value, cards=15)
    builder = hand_widget(variant_pick.value, dealt["hand"])
    spot_json = mo.ui.text_area(value=json.dumps({"variant": "classic", "hand": "KS KH KD 7C 7D 2C 9S",
                                                  "melds": ["AS AH AD AC AS 2D JK"], "phase": "drawn"}, indent=2),
                                rows=8, full_width=True, label="Spot (JSON)")
    source = mo.ui.tabs({"Arrange a deal": builder, "Type JSON": spot_json})
    source
    return builder, dealt, source, spot_json


@app.cell
def built_spot(builder, dealt, phase_pick, score_pick, source, spot_json, variant_pick):
    try:
        if source.value == "Type JSON":
            spot = Spot.from_json(spot_json.value)
        else:
            spot = arranged_spot(variant_pick.value, dealt["hand"], builder.widget.group_cards(),
                                 builder.widget.selected_cards(), score=int(score_pick.value), phase=phase_pick.value)
    except TutorError as _error:
        spot = None
        _shown = problem(_error, lead="This spot cannot be used")
    else:
        _shown = table_view(spot, spot.rules.variant.name, f"score {spot.score}",
                            "before the draw" if spot.phase == "before-draw" else "after the draw",
                            title="The spot")
    _shown
    return (spot,)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## 2. Ask a question and prove the answer

    Choose the question your class will answer. A cheat question (Canasty)
    needs the disputed play; a pick-up or first-meld question may name one.
    **Prove** asks both deciders, the z3 checker and the exhaustive
    reference search; the answer is kept only when they agree.
    """)
    return


@app.cell
def _():
    question_pick = mo.ui.dropdown(options={"Can the player go out?": "go-out", "May the player take the pile?": "pickup",
                                            "Can the side make its first meld?": "initial-meld",
                                            "Is this play a cheat? (canasty)": "cheat"},
                                   value="Can the player go out?", label="Question")
    play_box = mo.ui.text(value="", label="Play (optional)", placeholder="e.g. KH KD, or meld QS 2C KD; discard 5S",
                          full_width=True)
    prove_button = mo.ui.run_button(label="Prove")
    mo.vstack([question_pick, play_box, prove_button])
    return play_box, prove_button, question_pick


@app.cell
def proof_cell(play_box, prove_button, question_pick, spot):
    proved = proven = None
    if spot is None:
        _shown = mo.md("Build a spot first.")
    elif not prove_button.value:
        _shown = mo.md("Press **Prove** when the spot and the question are ready.")
    else:
        from tutor.puzzles.generate import puzzle_from
        from tutor.puzzles.prove import prove

        _play = play_box.value.strip() or None
        try:
            with mo.status.spinner(title="Proving…"):
                proven = prove(spot, question_pick.value, _play)
            proved = puzzle_from(spot, question_pick.value, _play, proven, "manual", "-")
        except TutorError as _error:
            _shown = problem(_error, lead="No proof")
        except NotImplementedError as _error:
            _shown = problem(_error, lead="The checker cannot prove this yet")
        else:
            _shown = puzzle_proof(proved)
    _shown
    return proved, proven


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## 3. Tag it and save it

    Tags are short words of your own (`week-3`, `frozen-pile`) added to the
    themes the tutor finds by itself. A collection is a puzzle file, one
    puzzle a line, in the same format as the tutor's puzzle bank: the
    `canasta-tutor puzzles` commands read it too.
    """)
    return


@app.cell
def _():
    get_saves, set_saves = mo.state(0)
    tags_box = mo.ui.text(value="", label="Tags", placeholder="e.g. week-3, frozen-pile")
    collection_box = mo.ui.text(value=DEFAULT_COLLECTION, label="Collection file", full_width=True)
    save_button = mo.ui.run_button(label="Save to the collection")
    mo.vstack([tags_box, collection_box, save_button])
    return collection_box, get_saves, save_button, set_saves, tags_box


@app.cell
def save_cell(collection_box, get_saves, proved, proven, save_button, set_saves, tags_box):
    from tutor.puzzles.generate import puzzle_from as _puzzle_from

    _shown = mo.md("")
    try:
        _tags = parse_tags(tags_box.value)
    except TutorError as _error:
        _tags, _shown = None, problem(_error)
    if save_button.value and _tags is not None:
        if proved is None:
            _shown = problem(TutorError("prove the answer first (step 2)"))
        else:
            try:
                _path = Path(collection_box.value).expanduser()
                _existing = read_collection(str(_path))
                _spot = Spot.from_dict(proved.spot)
                _puzzle = _puzzle_from(_spot, proved.question, proved.play, proven, "manual", "-", _tags)
                if any(p.id == _puzzle.id for p in _existing):
                    raise TutorError(f"{_path} already holds this puzzle ({_puzzle.id})")
                _path.parent.mkdir(parents=True, exist_ok=True)
                with _path.open("a", encoding="utf-8") as _f:
                    _f.write(_puzzle.to_line() + "\n")
            except (TutorError, OSError) as _error:
                _shown = problem(_error, lead="Not saved")
            else:
                set_saves(get_saves() + 1)
                _shown = mo.callout(mo.md(f"Saved **{_puzzle.id}** to `{_path}` "
                                          f"({len(_existing) + 1} puzzle{'s' * (len(_existing) != 0)})."),
                                    kind="success")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## 4. The collection and its worksheet

    The worksheet draws every puzzle with its cards, one box each, ready to
    print; the answer key, with the proofs, comes on pages of its own.
    """)
    return


@app.cell
def _(collection_box, get_saves):
    get_saves()
    try:
        collection = read_collection(collection_box.value)
    except TutorError as _error:
        collection = []
        _shown = problem(_error, lead="This collection cannot be read")
    else:
        _rows = ["| puzzle | question | answer | grade | themes |", "|:---|:---|:---|---:|:---|"]
        _rows += [f"| `{p.id}` | {p.question} | {'yes' if p.answer else 'no'} | {p.grade} | {', '.join(p.themes)} |"
                  for p in collection]
        _shown = mo.md("\n".join(_rows)) if collection else mo.md("The collection is empty.")
    _shown
    return (collection,)


@app.cell
def _():
    sheet_title = mo.ui.text(value="Canasta puzzles", label="Worksheet title")
    with_answers = mo.ui.switch(value=True, label="with the answer key")
    mo.hstack([sheet_title, with_answers], justify="start")
    return sheet_title, with_answers


@app.cell
def worksheet_cell(collection, sheet_title, with_answers):
    if not collection:
        _shown = mo.md("Save a puzzle to make a worksheet.")
    else:
        from tutor.puzzles import worksheet_html

        _page = worksheet_html(collection, title=sheet_title.value or "Canasta puzzles", answers=with_answers.value)
        _shown = mo.vstack([
            mo.download(data=_page.encode("utf-8"), filename="worksheet.html", mimetype="text/html",
                        label="Download the worksheet"),
            mo.accordion({"Preview": mo.iframe(_page, height="600px")}),
        ])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: a puzzle about a frozen pile

    Build a classic spot, before the draw, in which the player may **not**
    take the pile because it is frozen: prove the pick-up question, and the
    proof must cite the rule below.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote("classic", "C-FROZEN")
    return


@app.cell
def exercise_feedback(proved):
    _rules = [] if proved is None else proved.proof.get("rules", [])
    check(None if proved is None else (proved.question == "pickup" and not proved.answer and "C-FROZEN" in _rules),
          "That is the puzzle: the answer is no, and C-FROZEN is why.",
          "Not yet: this proof " + (f"cites {', '.join(_rules)}" if _rules else "answers yes")
          + ". A natural and a wild card, or a side that has not melded, are good ways to freeze it.",
          waiting="Prove a pick-up question to check it here.")
    return


@app.cell(hide_code=True)
def _():
    solution("Show a solution", mo.md(r"""
    In the *Type JSON* tab:

    ```json
    {"variant": "classic", "hand": "9S 2C KC 7H 4S", "melds": ["AS AH AD"],
     "discard": "5C JK 8D 9H", "phase": "before-draw"}
    ```

    with the question *May the player take the pile?* and the play `9S 2C`.
    The joker in the pile freezes it, so the top 9 needs a natural pair.
    """))
    return


if __name__ == "__main__":
    app.run()
