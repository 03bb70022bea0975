# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Welcome"
# description = "What the tutor teaches, how to write cards down, how the lessons work, and where to start."
# ///
"""Welcome: what the tutor teaches, how to write cards down, how the lessons work, and the list of lessons."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasta Tutor: welcome")

with app.setup:
    import html
    from pathlib import Path

    import marimo as mo

    import random

    from rulebook import (cards_view, check, deal_button, hand_widget, learn, lesson_catalogue, lesson_link,
                          number_word, practise, problem, progress_widget, quote, recap, solution)
    from tutor.cards import format_cards, parse_cards
    from tutor.errors import TutorError
    from tutor.rules import BUILTIN, load_variant, rules_for

    from tutor.resources import lessons_dir

    LESSONS_DIR = lessons_dir()  # the course the package carries: the same served and in the browser
    CLASSIC = rules_for("classic")
    LESSON = "00_welcome"
    EXERCISES = ("write-cards",)
    # The way through the course: the classic game first, then the other games, then the tools.
    PATH = (
        ("First", ("00_start_here",)),
        ("The classic game", ("01_cards_and_values", "02_melds_and_wild_cards", "03_the_first_meld",
                              "04_the_pile", "05_red_and_black_threes", "06_going_out_and_scoring")),
        ("The other games", ("07_house_rules", "08_canasty_cards_and_sets", "09_canasty_down_and_pile",
                             "10_canasty_going_out_and_cheats", "11_albany_sets_and_stoppers",
                             "12_albany_pile_and_scoring")),
        ("Practice and settling disputes", ("13_puzzles", "14_the_referee", "15_workbench", "16_play_a_hand")),
    )


@app.function
def course_path(done) -> str:
    """The course, in the order to take it, each lesson linked and ticked when the browser holds it done."""
    rows = {r["stem"]: r for r in lesson_catalogue(LESSONS_DIR)}
    lines = []
    for part, stems in PATH:
        lines.append(f"**{part}**\n")
        for stem in stems:
            if stem not in rows:
                continue
            mark = "✓" if stem in done else "○"
            lines.append(f"- {mark} [{html.escape(rows[stem]['title'])}](?file={rows[stem]['file']}): "
                         f"{rows[stem]['description']}")
        lines.append("")
    return "\n".join(lines)


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    # Canasta Tutor

    Welcome. These lessons teach the rules of Canasta one idea at a time, and
    settle the arguments that come up at the table. Every rule is stated with
    its ID and its source, every position you meet can be played with your
    own cards, and every lesson has exercises that check your answer as you
    give it.

    Canasta is a card game for two sides (four players as two pairs of
    partners, or two players alone). Each turn a player draws, puts down
    melds of cards of one rank, and discards one card; the aim is canastas,
    melds of {number_word(CLASSIC["canasta"]["min_cards"])} cards or more, and the first side to
    {CLASSIC["game"]["target"]} points wins.

    **Never played?** Begin with [Start here: your first hand](?file=00_start_here.py):
    who plays with whom, what you aim for, and one turn with a coach.
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "which four games the tutor knows;",
        "how to write cards down, the way every lesson and the referee read them;",
        "how to pick cards in the card widget;",
        "where to go next.",
    )
    return


@app.cell(hide_code=True)
def _():
    _rows = []
    for _name in BUILTIN:
        _v = load_variant(_name)
        _rows.append(f"- **{_name}**, {_v.name}: {_v.data.get('summary', '')}")
    mo.md("## Four games\n\n" + "\n".join(_rows))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Writing cards down

    A card is a rank then a suit: ranks `A K Q J T 9 8 7 6 5 4 3 2` (`10` works
    for `T`), suits `S H D C` (or `♠ ♥ ♦ ♣`). A joker is `JK`. Case does not
    matter. Try it: type some cards below, separated by spaces or commas.
    """)
    return


@app.cell
def _():
    cards_input = mo.ui.text(
        value="KS KH 2C JK",
        label="Your cards",
        placeholder="e.g. KS kh 10c JK",
        full_width=True,
    )
    cards_input
    return (cards_input,)


@app.cell
def notation_check(cards_input):
    # A typo is part of learning: show the message, never a traceback.
    try:
        _cards = parse_cards(cards_input.value)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        if _cards:
            _shown = mo.md(f"Canonical form: `{format_cards(_cards)}`")
        else:
            _shown = mo.md("Type some cards above.")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise: write these cards down

    Type the cards shown, in any order. The answer is checked as you type
    (press Enter).
    """)
    return


@app.cell
def _():
    new_cards = deal_button("Other cards")
    new_cards
    return (new_cards,)


@app.cell
def _(new_cards):
    _rng = random.Random(100 + new_cards.value)
    shown_cards = tuple(parse_cards(" ".join(_rng.sample(["TH", "2C", "JK", "AS", "7D", "QC", "3H", "9S", "KD", "4C"], 4))))
    written = mo.ui.text(placeholder="e.g. 10h 2c JK as", label="The cards")
    mo.vstack([cards_view(shown_cards, "classic", width=60), written])
    return shown_cards, written


@app.cell
def exercise_feedback(course_progress, shown_cards, written):
    try:
        _typed = parse_cards(written.value)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _shown = practise(None if not _typed else sorted(_typed) == sorted(shown_cards),
                          "Right: each card is its rank then its suit.",
                          "Not quite: look at each card's rank and suit again (a ten is T or 10).",
                          tracker=course_progress, exercise="write-cards")
    _shown
    return


@app.cell(hide_code=True)
def _(shown_cards):
    solution("Show the solution", mo.md(f"`{format_cards(shown_cards)}`"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Picking cards

    Most lessons hand you cards in a widget like the one below. Click a card
    to select it, click again to let it go; with the keyboard, move with the
    arrow keys and press space. **Group** sets the selected cards aside as one
    meld, **Clear** starts again. Wild cards wear a gold **W**. Whatever you
    select is judged at once.
    """)
    return


@app.cell
def _():
    demo = hand_widget("classic", "KS KH KD 9C 9D 2C JK 4S")
    demo
    return (demo,)


@app.cell
def demo_echo(demo):
    _picked = demo.widget.selected_cards()
    _groups = demo.widget.group_cards()
    _lines = [f"Selected: `{format_cards(_picked)}`" if _picked else "Nothing selected."]
    _lines += [f"Group {i}: `{format_cards(g)}`" for i, g in enumerate(_groups, start=1)]
    mo.md("  \n".join(_lines))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## How a rule is quoted

    Every rule comes with its ID, one sentence that states it, and where it
    comes from: the variant's rule text and its section, a *ruling* where the
    text leaves a point open, or the variant it is inherited from. For example:
    """)
    return


@app.cell(hide_code=True)
def _():
    quote("classic", "C-MELD")
    return


@app.cell
def _():
    course_progress = progress_widget(LESSON, EXERCISES)
    return (course_progress,)


@app.cell
def course_list(course_progress):
    _done = course_progress.widget.done_lessons()
    mo.vstack([mo.md("## The way through the course\n\nTake the classic game first: the other games are "
                     "taught as changes to it. A ✓ marks a lesson whose exercises you have all done in this "
                     "browser."), course_progress, mo.md(course_path(_done)),
               mo.md("The rule book, last in the gallery, has every rule of every variant in one place.")])
    return


@app.cell(hide_code=True)
def _():
    recap([
        "Cards are written rank then suit: `KS`, `TH` (or `10h`), `JK` for a joker.",
        "Click cards to select them, **Group** to set a meld aside, **Clear** to start again.",
        "Every rule is quoted with its ID and where it comes from.",
    ], "01_cards_and_values")
    return


if __name__ == "__main__":
    app.run()
