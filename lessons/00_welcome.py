import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasta Tutor: welcome")


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    # Canasta Tutor

    Welcome! These lessons teach the rules of Canasta one idea at a time, for
    four variants of the game:

    - **classic**: the standard game: two decks and four jokers, jokers and 2s
      wild, four players in two partnerships;
    - **house**: a home-table version of classic for 2 to 6 players, with a
      choice of drawing one or two cards;
    - **canasty**: kings and 2s are wild, jokers are bonus cards, and each
      player plays for himself;
    - **albany**: three decks, sequences as well as groups, 3s as stoppers, and
      nine "deluxe" options.

    You will learn how to write cards down, which melds are legal, when you may
    take the discard pile, what your first meld must be worth, when you may go
    out, and how a hand is scored. Every rule is stated with its ID and its
    source, and each lesson ends with an exercise that checks your answer as
    you type.
    """)
    return


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    ## Writing cards down

    A card is a rank then a suit: ranks `A K Q J T 9 8 7 6 5 4 3 2` (`10` works
    for `T`), suits `S H D C` (or `♠ ♥ ♦ ♣`). A joker is `JK`. Case does not
    matter. Try it: type some cards below, separated by spaces or commas.
    """)
    return


@app.cell
def _(mo):
    cards_input = mo.ui.text(
        value="KS KH 2C JK",
        label="Your cards",
        placeholder="e.g. KS kh 10c JK",
        full_width=True,
    )
    cards_input
    return (cards_input,)


@app.cell
def _(TutorError, cards_input, format_cards, html, mo, parse_cards):
    # A typo is part of learning: show the message, never a traceback. The
    # message quotes what was typed, so it is escaped rather than read as markdown.
    try:
        _cards = parse_cards(cards_input.value)
    except TutorError as _error:
        _shown = mo.callout(
            mo.Html(f"<strong>Not quite:</strong> {html.escape(str(_error))}"),
            kind="danger",
        )
    else:
        if _cards:
            _shown = mo.md(f"Canonical form: `{format_cards(_cards)}`")
        else:
            _shown = mo.md("Type some cards above.")
    _shown
    return


@app.cell
def _():
    import html

    import marimo as mo

    from tutor.cards import format_cards, parse_cards
    from tutor.errors import TutorError

    return TutorError, format_cards, html, mo, parse_cards


if __name__ == "__main__":
    app.run()
