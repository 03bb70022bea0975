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

    TAG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
    # Where the server's owner lets the workbench keep collections (unset: only downloads).
    # A learner names a collection, never a path: the name becomes a file in this folder.
    FOLDER_VARIABLE = "CANASTA_TUTOR_WORKBENCH_DIR"
    MAX_UPLOAD_BYTES = 4 * 1024 * 1024


@app.function
def parse_tags(text: str) -> list:
    tags = [t.strip() for t in text.replace(",", " ").split() if t.strip()]
    for tag in tags:
        if not TAG.match(tag):
            raise TutorError(f"tag {tag!r}: a tag is lower-case letters, digits and hyphens (at most 40)")
    return tags


@app.function
def collection_name(text: str) -> str:
    """A safe file name for a collection: lower-case letters, digits and hyphens, at most 40.

    Whatever is typed (slashes, dots, look-alike letters, control characters) can only
    name a file inside the workbench's folder."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", text).lower()
    name = re.sub(r"[^a-z0-9]+", "-", folded.encode("ascii", "ignore").decode()).strip("-")
    return name[:40].strip("-") or "collection"


@app.function
def read_collection(data: bytes) -> list:
    """The puzzles of an uploaded collection (a puzzle file's text); a bad line raises ``TutorError``."""
    from tutor.puzzles import Puzzle, check_record

    if len(data) > MAX_UPLOAD_BYTES:
        raise TutorError(f"a collection may be at most {MAX_UPLOAD_BYTES // (1024 * 1024)} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TutorError("the collection is not UTF-8 text") from None
    puzzles, seen = [], set()
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as e:
            raise TutorError(f"line {number} is not valid JSON: {e.msg}") from None
        problems = check_record(record)
        if problems:
            raise TutorError(f"line {number}: {problems[0]}")
        puzzle = Puzzle.from_dict(record, f"line {number}")
        if puzzle.id not in seen:
            seen.add(puzzle.id)
            puzzles.append(puzzle)
    return puzzles


@app.function
def workbench_folder():
    """The folder the server's owner set for collections (``CANASTA_TUTOR_WORKBENCH_DIR``), or None."""
    folder = os.environ.get(FOLDER_VARIABLE, "").strip()
    return Path(folder) if folder else None


@app.function
def keep_in_folder(folder, name: str, puzzle) -> Path:
    """Add one puzzle to the collection ``name`` in the owner's folder, and nowhere else.

    The folder must exist already (nothing is created above it); the file is opened without
    following a link, so a link planted in the folder cannot lead the write outside it."""
    try:
        base = Path(folder).resolve(strict=True)
    except OSError:
        raise TutorError("the workbench's folder for collections does not exist; ask the server's owner") from None
    if not base.is_dir():
        raise TutorError("the workbench's folder for collections is not a folder; ask the server's owner")
    path = base / f"{collection_name(name)}.jsonl"
    if path.is_symlink():
        raise TutorError(f"the collection {path.name} on the server is a link; ask the server's owner")
    if path.exists():
        from tutor.puzzles import read_file

        try:
            held = read_file(path)
        except TutorError:
            raise TutorError(f"the collection {path.name} on the server cannot be read; choose another name") from None
        if any(p.id == puzzle.id for p in held):  # one puzzle once, as the puzzle commands need
            raise TutorError(f"the collection {path.name} on the server already holds this puzzle ({puzzle.id})")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(path, flags, 0o644), "a", encoding="utf-8") as f:
        f.write(puzzle.to_line() + "\n")
    return path


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
    **Prove** asks both of the tutor's deciders, the checker and the
    exhaustive search written apart from it; the answer is kept only when
    they agree.
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
    `canasta-tutor puzzles` commands read it too. Your collection is yours
    alone: download it when you are done, and load it again next time to
    go on with it.
    """)
    return


@app.cell
def _():
    get_collection, set_collection = mo.state([])
    tags_box = mo.ui.text(value="", label="Tags", placeholder="e.g. week-3, frozen-pile")
    name_box = mo.ui.text(value="collection", label="Collection name", placeholder="e.g. week-3")
    upload = mo.ui.file(filetypes=[".jsonl", ".txt"], label="Load a collection you downloaded before")
    save_button = mo.ui.run_button(label="Save to the collection")
    mo.vstack([tags_box, name_box, upload, save_button])
    return get_collection, name_box, save_button, set_collection, tags_box, upload


@app.cell
def load_cell(get_collection, set_collection, upload):
    _shown = mo.md("")
    if upload.value:
        try:
            _loaded = read_collection(upload.contents())
        except TutorError as _error:
            _shown = problem(_error, lead="This collection cannot be read")
        else:
            _known = {p.id for p in get_collection()}
            set_collection(get_collection() + [p for p in _loaded if p.id not in _known])
            _shown = mo.md(f"Loaded {len(_loaded)} puzzle{'s' * (len(_loaded) != 1)}.")
    _shown
    return


@app.cell
def save_cell(get_collection, name_box, proved, proven, save_button, set_collection, tags_box):
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
                _existing = get_collection()
                _spot = Spot.from_dict(proved.spot)
                _puzzle = _puzzle_from(_spot, proved.question, proved.play, proven, "manual", "-", _tags)
                if any(p.id == _puzzle.id for p in _existing):
                    raise TutorError(f"the collection already holds this puzzle ({_puzzle.id})")
                _folder = workbench_folder()
                _kept = keep_in_folder(_folder, name_box.value, _puzzle) if _folder is not None else None
            except (TutorError, OSError) as _error:
                _shown = problem(_error, lead="Not saved")
            else:
                set_collection(_existing + [_puzzle])
                _where = (f"kept on the server as **{_kept.name}**" if _kept is not None
                          else "download it below to keep it")
                _shown = mo.callout(mo.md(f"Saved **{_puzzle.id}** ({len(_existing) + 1} "
                                          f"puzzle{'s' * (len(_existing) != 0)} in the collection; {_where})."),
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
def collection_cell(get_collection, name_box):
    from tutor.puzzles.format import dumps as _dumps

    collection = get_collection()
    if collection:
        _rows = ["| puzzle | question | answer | grade | themes |", "|:---|:---|:---|---:|:---|"]
        _rows += [f"| `{p.id}` | {p.question} | {'yes' if p.answer else 'no'} | {p.grade} | {', '.join(p.themes)} |"
                  for p in collection]
        _shown = mo.vstack([
            mo.md("\n".join(_rows)),
            mo.download(data=_dumps(collection).encode("utf-8"), filename=f"{collection_name(name_box.value)}.jsonl",
                        mimetype="application/x-ndjson", label="Download the collection"),
        ])
    else:
        _shown = mo.md("The collection is empty.")
    _shown
    return (collection,)


@app.cell
def _():
    sheet_title = mo.ui.text(value="Canasta puzzles", label="Worksheet title")
    with_answers = mo.ui.switch(value=True, label="with the answer key")
    mo.hstack([sheet_title, with_answers], justify="start")
    return sheet_title, with_answers


@app.cell
def worksheet_cell(collection, name_box, sheet_title, with_answers):
    if not collection:
        _shown = mo.md("Save a puzzle to make a worksheet.")
    else:
        from tutor.puzzles import worksheet_html

        _page = worksheet_html(collection, title=sheet_title.value or "Canasta puzzles", answers=with_answers.value)
        _shown = mo.vstack([
            mo.download(data=_page.encode("utf-8"), filename=f"{collection_name(name_box.value)}-worksheet.html",
                        mimetype="text/html", label="Download the worksheet"),
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
