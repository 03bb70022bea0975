# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Puzzles"
# description = "Solve proven puzzles from the bank by variant, theme and grade, and check your way out with the referee."
# ///
"""Puzzles: solve proven puzzles from the bank by variant, theme and grade, and check your way out with the referee."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Puzzles")

with app.setup:
    import os
    from pathlib import Path

    import marimo as mo

    from rulebook import (check, deal_button, hand_widget, learn, play_text, problem, puzzle_bank, puzzle_proof,
                          quote, verdict_view)
    from tutor.errors import TutorError
    from tutor.questions import referee
    from tutor.spot import Spot

    from tutor.resources import bank_dir

    BANK = Path(os.environ["CANASTA_TUTOR_PUZZLES"]) if os.environ.get("CANASTA_TUTOR_PUZZLES") else bank_dir()


@app.function
def fresh_puzzles() -> list:
    """A handful of puzzles made on the spot, for a machine without the bank."""
    from tutor.puzzles import generate

    made = []
    for variant in ("classic", "canasty"):
        made.extend(generate(variant, 4, seed=13, workers=1, progress=False))
    return made


@app.function
def facts(spot: Spot) -> list:
    rules = spot.rules
    out = [rules.variant.name, f"{rules.layout.players} players", f"score {spot.score}",
           "before the draw" if spot.phase == "before-draw" else "after the draw"]
    if not spot.down and spot.initial_need:
        out.append(f"{'the down' if rules.base == 'canasty' else 'first meld'} needs {spot.initial_need}")
    if rules.canastas_to_go_out:
        out.append(f"going out needs {rules.canastas_to_go_out} canasta{'s' * (rules.canastas_to_go_out != 1)}")
    return out


@app.function
def attempt_verdict(puzzle, spot: Spot, play: str):
    """The referee on the learner's own turn, and whether that turn answers the puzzle's question."""
    verdict = referee(spot, play)
    if not verdict.answer:
        return verdict, False
    w = verdict.witness
    achieved = {"go-out": bool(w.get("went_out")), "pickup": play.strip().lower().startswith("pickup"),
                "initial-meld": bool(w.get("melds"))}.get(puzzle.question, True)
    return verdict, achieved


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Puzzles
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how to read a puzzle: a spot, and one question about it;",
        "how to answer, then prove your answer by playing the turn yourself;",
        "how every puzzle's answer was proved, by two independent deciders that agree.",
    )
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The puzzle bank

    Every puzzle here is a real position with one question: *can you go
    out?*, *may you take the pile?*, *can your side make its first meld?*,
    or, in Canasty, *is this play one of the legal cheats?* Each answer was
    found by the tutor's z3 checker and confirmed by an exhaustive search
    written separately; a puzzle is kept only when both agree. Its grade,
    from 1 to 5, measures how much there is to see; its themes say which
    rules it turns on.

    Choose a variant, a theme and a grade.
    """)
    return


@app.cell
def _():
    puzzles, skipped = puzzle_bank(BANK)
    source_note = f"{len(puzzles)} puzzles in the bank."
    if not puzzles:
        with mo.status.spinner(title="No puzzle bank here: making a few puzzles…"):
            puzzles = fresh_puzzles()
        source_note = f"No puzzle bank came with this installation: these {len(puzzles)} puzzles were made just now."
    mo.md(source_note)
    return (puzzles,)


@app.cell
def _(puzzles):
    _variants = sorted({p.variant for p in puzzles})
    _themes = sorted({t for p in puzzles for t in p.themes})
    variant_pick = mo.ui.dropdown(options=["any", *_variants], value="any", label="Variant")
    theme_pick = mo.ui.dropdown(options=["any", *_themes], value="any", label="Theme")
    grade_pick = mo.ui.range_slider(start=1, stop=5, value=[1, 5], label="Grades", show_value=True)
    mo.hstack([variant_pick, theme_pick, grade_pick], justify="start", gap=2)
    return grade_pick, theme_pick, variant_pick


@app.cell
def _(grade_pick, puzzles, theme_pick, variant_pick):
    chosen = [p for p in puzzles
              if variant_pick.value in ("any", p.variant) and (theme_pick.value == "any" or theme_pick.value in p.themes)
              and grade_pick.value[0] <= p.grade <= grade_pick.value[1]]
    next_puzzle = deal_button("Next puzzle")
    mo.hstack([mo.md(f"**{len(chosen)}** puzzles match."), next_puzzle], justify="start", gap=2)
    return chosen, next_puzzle


@app.cell
def _(chosen, next_puzzle):
    puzzle = chosen[next_puzzle.value % len(chosen)] if chosen else None
    puzzle_spot = Spot.from_dict(puzzle.spot) if puzzle else None
    if puzzle is None:
        _shown = mo.md("No puzzle matches: widen the choice.")
    else:
        _shown = mo.vstack([
            mo.md(f"### Puzzle `{puzzle.id}` (grade {puzzle.grade})"),
            mo.md(" · ".join(facts(puzzle_spot))),
        ])
    _shown
    return puzzle, puzzle_spot


@app.cell
def _(puzzle, puzzle_spot):
    attempt_view = None if puzzle_spot is None else hand_widget(puzzle_spot.rules, puzzle_spot.hand,
                                                                  melds=puzzle_spot.melds, discard=puzzle_spot.discard)
    _prompt = "" if puzzle is None else f"**{puzzle.prompt}**"
    mo.vstack([attempt_view, mo.md(_prompt)]) if attempt_view is not None else mo.md("")
    return (attempt_view,)


@app.cell
def _(puzzle):
    if puzzle is not None and puzzle.question == "cheat":
        _options = ["legal", "A", "B", "C", "M", "N"]
    else:
        _options = ["yes", "no"]
    answer = mo.ui.radio(options=_options, label="Your answer", inline=True)
    answer
    return (answer,)


@app.cell
def answer_feedback(answer, puzzle):
    if puzzle is None:
        _shown = mo.md("")
    else:
        if puzzle.question == "cheat":
            _truth = ["legal"] if puzzle.answer else puzzle.proof.get("cheats", [])
            _right = answer.value in _truth
        else:
            _truth = "yes" if puzzle.answer else "no"
            _right = answer.value == _truth
        _shown = check(None if answer.value is None else _right,
                       "Right. Can you play it? Try below, or open the proof.",
                       "Not so: open the proof below to see why.", waiting="Choose your answer.")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Check your way out

    Knowing the answer is half of it; playing it is the rest. Build the turn
    in the widget above (groups for melds and lay-offs, the selected card as
    the discard) or type it here, and the referee replays it.
    """)
    return


@app.cell
def _():
    attempt_text = mo.ui.text(placeholder="or type the turn, e.g. pickup KH KD; meld KS KH KD; discard 9C",
                              full_width=True, label="Your turn")
    attempt_text
    return (attempt_text,)


@app.cell
def attempt_feedback(attempt_text, attempt_view, puzzle, puzzle_spot):
    _shown = mo.md("*Build a turn in the widget above, or type one.*")
    if puzzle is not None:
        try:
            _play = attempt_text.value.strip() or play_text(puzzle_spot, attempt_view.widget.group_cards(),
                                                            attempt_view.widget.selected_cards())
            if _play:
                _verdict, _achieved = attempt_verdict(puzzle, puzzle_spot, _play)
                _lead = (f"Your turn `{_play}` is legal" + (" and answers the question." if _achieved else
                                                            ", but it does not do what the question asks.")
                         if _verdict.answer else f"Your turn `{_play}`:")
                _shown = mo.vstack([mo.md(_lead), verdict_view(_verdict, puzzle_spot, yes="Legal", no="Illegal")])
        except (TutorError, ValueError) as _error:
            _shown = problem(_error)
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The proof
    """)
    return


@app.cell
def proof_cell(puzzle):
    mo.accordion({"Reveal the proof": puzzle_proof(puzzle)}) if puzzle is not None else mo.md("")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    A "yes" is proved by a witness, a whole legal turn, replayed by the
    rules engine. A "no" is proved by the rules that block every possible
    turn: the checker asks z3 for an *unsatisfiable core*, the smallest set
    of rule constraints that cannot all hold at once, and names them. The
    rule most puzzles turn on, in the classic game:
    """)
    return


@app.cell(hide_code=True)
def _():
    quote("classic", "C-GOOUT")
    return


if __name__ == "__main__":
    app.run()
