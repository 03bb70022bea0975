# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Puzzles"
# description = "A puzzle trainer: proven puzzles near your rating, by variant and theme, with hints, a streak and a record kept in your browser."
# ///
"""Puzzles: a trainer that offers proven puzzles near the learner's rating, with hints, a streak and a record kept in the browser."""

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
    from tutor.puzzles.grading import THEMES
    from tutor.puzzles.rating import band_of
    from tutor.puzzles.trainer import Record, choose, hint, next_puzzle
    from tutor.questions import referee
    from tutor.spot import Spot
    from tutor.widget.store import BrowserStore

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
def theme_name(theme: str) -> str:
    """A theme as a learner reads it: "frozen-pile" is "frozen pile"."""
    return theme.replace("-", " ")


@app.function
def answer_is_right(puzzle, given) -> bool:
    """Whether the learner's answer ("yes", "no", or a cheat's letter) is the proven one."""
    if puzzle.question == "cheat":
        return given in (["legal"] if puzzle.answer else puzzle.proof.get("cheats", []))
    return given == ("yes" if puzzle.answer else "no")


@app.function
def record_view(record) -> mo.Html:
    """The learner's rating, streak and per-theme counts, in words."""
    low, high = record.learner.interval
    tried = len(record.solved) + len(record.missed)
    lines = [f"**Your rating: {record.learner.rating:.0f}** (most likely between {max(low, 0):.0f} and {high:.0f}; "
             f"it settles as you solve). Solved {len(record.solved)} of {tried} tried; streak {record.streak}, "
             f"best {record.best_streak}."]
    if record.themes:
        rows = "\n".join(f"| {theme_name(t)} | {right} of {seen} |"
                          for t, (right, seen) in sorted(record.themes.items(), key=lambda kv: -kv[1][1]))
        lines.append("| theme | solved |\n|---|---|\n" + rows)
    return mo.md("\n\n".join(lines))


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
        "how to read a puzzle: a spot, and one question about a whole legal turn;",
        "how to answer, then prove your answer by playing the turn yourself;",
        "where you stand: a rating that follows your answers, and the themes you have mastered.",
    )
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The trainer

    Every puzzle is a real position with one question: *can you go out
    this turn?*, *may you take the pile and still finish the turn legally?*,
    *can your side make its first meld?*, or, in Canasty, *is this play one
    of the legal cheats?* Each answer was found by the tutor's checker and
    confirmed by a second, separately written search; a puzzle is kept only
    when both agree.

    Puzzles carry a rating, and so do you: you start at 1500, and every
    answer is a small game between you and the puzzle. Solve it and your
    rating rises (more for a harder puzzle); miss it and it falls. The
    trainer always offers the unsolved puzzle nearest your rating, from the
    games and themes you choose (several at once, or none for all). Your
    record stays in this browser for your next visit.
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
    return puzzles, source_note


@app.cell
def _():
    store = mo.ui.anywidget(BrowserStore(key="canasta-tutor:puzzles"))
    get_record, set_record = mo.state(Record())
    get_restored, set_restored = mo.state(False)
    get_current, set_current = mo.state(None)
    return get_current, get_record, get_restored, set_current, set_record, set_restored, store


@app.cell
def restore_record(get_restored, set_current, set_record, set_restored, store):
    # The browser hands back the record once, when the page first draws the store;
    # the puzzle on show is then chosen afresh for the learner it belongs to.
    if store.value.get("loaded") and not get_restored():
        set_record(Record.from_dict(store.widget.read()))
        set_restored(True)
        set_current(None)
    return


@app.cell
def keep_record(get_record, get_restored, store):
    if get_restored():
        store.widget.keep(get_record().to_dict())
    return


@app.cell
def _(puzzles, source_note):
    _variants = sorted({p.variant for p in puzzles})
    _themes = [t for t in THEMES if any(t in p.themes for p in puzzles)]
    variant_pick = mo.ui.multiselect(options=_variants, value=["classic"] if "classic" in _variants else [],
                                     label="Games")
    theme_pick = mo.ui.multiselect(options={theme_name(t): t for t in _themes}, label="Themes")
    review_pick = mo.ui.switch(label="Review my misses")
    mo.vstack([mo.md(source_note), mo.hstack([variant_pick, theme_pick, review_pick], justify="start", gap=2,
                                             wrap=True)])
    return review_pick, theme_pick, variant_pick


@app.cell
def _(get_current, get_record, puzzles, review_pick, set_current, theme_pick, variant_pick):
    def offer(_=None):
        """Show the next puzzle; each showing is numbered, so an answer counts once per showing."""
        _found = next_puzzle(puzzles, get_record(), variant_pick.value, theme_pick.value, review_pick.value)
        _showing = (get_current() or (None, 0))[1] + 1
        set_current(None if _found is None else (_found.id, _showing))

    next_button = mo.ui.button(label="Next puzzle", on_click=offer, kind="neutral")
    _pool = choose(puzzles, variant_pick.value, theme_pick.value)
    mo.hstack([mo.md(f"**{len(_pool)}** puzzles match."), next_button], justify="start", gap=2)
    return next_button, offer


@app.cell
def _(get_current, get_record, offer, puzzles, review_pick, theme_pick, variant_pick):
    _pool = {p.id: p for p in choose(puzzles, variant_pick.value, theme_pick.value)}
    if get_current() is None or get_current()[0] not in _pool:
        offer()  # a first visit, or a new choice of games and themes
    _current = get_current()
    puzzle = None if _current is None else _pool.get(_current[0])
    showing = None if _current is None else _current
    puzzle_spot = Spot.from_dict(puzzle.spot) if puzzle else None
    if puzzle is None:
        _shown = mo.md("Nothing left to offer here: every matching puzzle is solved"
                       + (" (no misses to review)." if review_pick.value else ". Widen the choice."))
    else:
        _rated = get_record().rating_of(puzzle).rating
        _shown = mo.vstack([
            mo.md(f"### A {puzzle.variant} puzzle, rated {_rated:.0f} (grade {band_of(_rated)})"),
            mo.md(" · ".join(facts(puzzle_spot))),
        ])
    _shown
    return puzzle, puzzle_spot, showing


@app.cell
def _(puzzle, puzzle_spot):
    attempt_view = None if puzzle_spot is None else hand_widget(puzzle_spot.rules, puzzle_spot.hand,
                                                                  melds=puzzle_spot.melds, discard=puzzle_spot.discard)
    _prompt = "" if puzzle is None else f"**{puzzle.prompt}**"
    mo.vstack([attempt_view, mo.md(_prompt)]) if attempt_view is not None else mo.md("")
    return (attempt_view,)


@app.cell
def _(puzzle):
    hint_box = mo.accordion({"Need a hint?": mo.md(hint(puzzle))}) if puzzle is not None else mo.md("")
    if puzzle is not None and puzzle.question == "cheat":
        _options = ["legal", "A", "B", "C", "M", "N"]
    else:
        _options = ["yes", "no"]
    answer = mo.ui.radio(options=_options, label="Your answer", inline=True)
    mo.vstack([hint_box, answer])
    return (answer,)


@app.cell
def answer_feedback(answer, puzzle):
    if puzzle is None:
        _shown = mo.md("")
    else:
        _right = None if answer.value is None else answer_is_right(puzzle, answer.value)
        _shown = check(_right, "Right. Can you play it? Try below, or open the proof.",
                       f"Not so. {hint(puzzle)} Then open the proof below to see why.",
                       waiting="Choose your answer.")
    _shown
    return


@app.cell
def _():
    get_scored, set_scored = mo.state(frozenset())
    return get_scored, set_scored


@app.cell
def score_answer(answer, get_record, get_scored, puzzle, set_record, set_scored, showing):
    # The first answer in each showing of a puzzle is the one that counts, as at a real table.
    if puzzle is not None and answer.value is not None and showing not in get_scored():
        set_scored(get_scored() | {showing})
        set_record(get_record().answered(puzzle, answer_is_right(puzzle, answer.value)))
    return


@app.cell
def _(get_record, store):
    mo.vstack([record_view(get_record()), store])
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
    A "yes" is proved by a witness: a whole legal turn, replayed card by
    card by the rules. A "no" is proved by the rules that block every
    possible turn: the checker finds the fewest rules that cannot all be
    met at once, and names them with your numbers. The rule most puzzles
    turn on, in the classic game:
    """)
    return


@app.cell(hide_code=True)
def _():
    quote("classic", "C-GOOUT")
    return


if __name__ == "__main__":
    app.run()
