# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Classic 2: melds and wild cards"
# description = "Which groups of cards are legal melds, how far wild cards go, and canastas."
# ///
"""Classic 2: which groups of cards are legal melds, how far wild cards go, and canastas."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Classic 2: melds and wild cards")

with app.setup:
    import random

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, deal, deal_button, hand_widget, learn, meld_verdict,
                          problem, quote, solution)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import judge
    from tutor.rules import rules_for
    from tutor.scoring import canasta_bonus
    from tutor.spot import Spot

    rules = rules_for("classic", {"players": 2})


@app.function
def groups_verdict(groups) -> mo.Html:
    """Each proposed meld judged, and the one-meld-per-rank rule across them."""
    views, ranks = [], {}
    for i, cards in enumerate(groups, start=1):
        views.append(mo.md(f"**Group {i}**"))
        views.append(meld_verdict(rules, cards, going_out=False))
        try:
            meld = judge(rules, cards, going_out=False)
        except IllegalPlayError:
            continue
        if meld.kind == "group":
            ranks.setdefault(meld.key, []).append(i)
    for rank, where in ranks.items():
        if len(where) > 1:
            views.append(problem(ValueError(
                f"groups {' and '.join(map(str, where))} are both {rank}s: a side has one meld of each rank "
                f"(C-MELD), so they go down as a single meld"), lead="Two melds of one rank"))
    return mo.vstack(views)


@app.function
def exercise_melds(seed: int) -> list:
    """Five candidate melds, some legal and some not, built from fixed shapes."""
    rng = random.Random(seed)
    shapes = ["nnw", "nww", "nnnwww", "nnnnwwww", "nnwww", "nn", "nnn", "www", "nnm", "bbb", "nnnnnnn", "nnnnnnw"]
    ranks = list("AKQJT98765 4".replace(" ", ""))
    out = []
    for shape in rng.sample(shapes, 5):
        rank, other = rng.sample(ranks, 2)
        suits = iter(rng.sample("SSHHDDCC", 8))  # two packs: each card at most twice
        cards = []
        for ch in shape:
            if ch == "n":
                cards.append(Card(rank, next(suits)))
            elif ch == "m":
                cards.append(Card(other, rng.choice("SHDC")))
            elif ch == "b":
                cards.append(Card("3", rng.choice("SC")))
            else:
                cards.append(rng.choice([Card("JK"), Card("2", rng.choice("SHDC"))]))
        out.append(format_cards(cards))
    return out


@app.function
def legal_now(cards: str) -> bool:
    """Is this a legal meld in an ordinary turn (not going out)?"""
    try:
        judge(rules, parse_cards(cards), going_out=False)
        return True
    except IllegalPlayError:
        return False


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Melds and wild cards
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "what makes a group of cards a legal meld;",
        "how many wild cards a meld may hold;",
        "what a canasta is, and why a natural one is worth more;",
        "the one all-wild meld classic allows: the wild canasta.",
    )
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## What a meld is

    A **meld** is a set of at least three cards of the same rank, put face up
    on the table. Three kings is a meld; three nines is a meld. A run such as
    7♠ 8♠ 9♠ is *not*: classic Canasta has no sequences.

    Only naturals, the 4s up to the aces, can be melded in the ordinary way.
    Wild cards may join a meld, standing in for that rank, but a meld always
    needs a solid core of naturals:

    - at least **two naturals**;
    - at most **three wild cards**;
    - never **more wild cards than naturals**.

    Each side has at most **one meld of each rank**. Once your side has melded
    kings, every later king you put down goes onto that meld; this is called
    *laying off*.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-MELD")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Try it with a hand

    Select cards in the hand below: the verdict tells you at once whether
    they make a legal meld, and if not, which rule stops them. Press **Group**
    to set a meld aside and build another; the groups are judged too.
    Wild cards wear a gold **W**.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    dealt = deal(rules, seed=202 + deal_again.value)
    hand_view = hand_widget(rules, dealt["hand"])
    hand_view
    return dealt, hand_view


@app.cell
def meld_check(hand_view):
    _picked = hand_view.widget.selected_cards()
    _groups = hand_view.widget.group_cards()
    _parts = [meld_verdict(rules, _picked, going_out=False,
                           empty="Select cards to see whether they make a legal meld.")]
    if _groups:
        _parts.append(groups_verdict(_groups))
    mo.vstack(_parts)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## How far wild cards go

    The three limits work together. With two naturals you may add one wild
    card (two would be more wild cards than naturals). With three naturals you
    may add up to three. With four or more naturals you may still add only
    three: the cap holds however long the meld grows.

    Type any meld below, in the card notation (`KS KH 2C`, `9D 9C JK`),
    to see it judged.
    """)
    return


@app.cell
def _():
    typed_meld = mo.ui.text(value="9S 9H 9D 2C JK", label="A meld", full_width=True)
    typed_meld
    return (typed_meld,)


@app.cell
def typed_verdict(typed_meld):
    try:
        _cards = parse_cards(typed_meld.value)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _shown = meld_verdict(rules, _cards, going_out=False, empty="Type some cards.")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Canastas

    A meld of **seven or more cards** is a **canasta**, and canastas are what
    the game is about: you cannot go out without one (two, with two players),
    and each earns a bonus on top of the values of its cards. A canasta of
    naturals only is a *natural* canasta and earns 500; one holding any wild
    card is a *mixed* canasta and earns 300. A wild card laid off onto a
    natural canasta makes it mixed, and the 200-point difference is lost.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-CANASTA")
    return


@app.cell
def _():
    canasta_text = mo.ui.text(value="QS QH QD QC QS QH 2D", label="A canasta", full_width=True)
    canasta_text
    return (canasta_text,)


@app.cell
def canasta_verdict(canasta_text):
    try:
        _cards = parse_cards(canasta_text.value)
        _meld = judge(rules, _cards, going_out=False)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _bonus = canasta_bonus(rules, _meld)
        _value = sum(rules.value(c) for c in _cards)
        if _bonus is None:
            _shown = mo.md(f"A legal meld of {len(_cards)} cards worth {_value}, but not a canasta: "
                           f"it needs {rules['canasta']['min_cards'] - len(_cards)} more.")
        else:
            _shown = mo.callout(mo.md(f"A **{_bonus.item}**: {_value} for its cards plus a bonus of "
                                      f"**{_bonus.points}**, {_value + _bonus.points} in all ({_bonus.rule})."),
                                kind="success")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The wild canasta

    Wild cards alone never make a meld of three, four or six. There is one
    exception, and it is spectacular: **seven or more wild cards** put down
    together in one turn make a *wild canasta*, worth 2000 on top of the
    cards. Further wild cards may be laid off onto it later.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-WILDCANASTA")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Every meld in your hand

    The checker can list every meld the dealt hand above could put down this
    turn, new melds and lay-offs alike. Cards that play the same part (two
    kings of different suits) are listed once.
    """)
    return


@app.cell
def _():
    list_button = mo.ui.run_button(label="Ask the checker for every legal meld")
    list_button
    return (list_button,)


@app.cell
def every_meld(dealt, list_button):
    mo.stop(not list_button.value, mo.md("*The list comes when you ask for it.*"))
    # A side that has already melded, so the first-meld minimum does not hide anything.
    _held = {c.rank for c in dealt["hand"]}
    _rank = next(r for r in rules.natural_ranks if r not in _held)
    _table = f"{_rank}S {_rank}H {_rank}D"
    _spot = Spot.from_dict({"variant": "classic", "options": {"players": 2},
                            "hand": format_cards(dealt["hand"]), "melds": [_table]})
    _verdict, _view = ask_verdict("melds", _spot)
    if _verdict is not None:
        _rows = [f"- {c['kind']} `{c['cards']}`" + (f" onto meld {c['to']}" if c["to"] else "") +
                 f" ({c['points']} points)" for c in _verdict.extra["melds"]]
        _view = mo.md(f"With `{_table}` already on the table:\n\n" + ("\n".join(_rows) or "none"))
    _view
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: which of these are legal melds?

    Tick every group below that is a legal meld in an ordinary turn (one in
    which the player does not go out). The verdict comes as you tick.
    """)
    return


@app.cell
def _():
    new_melds = deal_button("New melds")
    new_melds
    return (new_melds,)


@app.cell
def _(new_melds):
    candidates = exercise_melds(900 + new_melds.value)
    ticks = mo.ui.array([mo.ui.checkbox(label=f"`{c}`") for c in candidates])
    mo.vstack(list(ticks))
    return candidates, ticks


@app.cell
def exercise_feedback(candidates, ticks):
    _wrong = [c for c, t in zip(candidates, ticks.value) if t != legal_now(c)]
    check(None if not any(ticks.value) else not _wrong,
          "All right: you picked exactly the legal melds.",
          f"{len(_wrong)} of your answers {'is' if len(_wrong) == 1 else 'are'} wrong. Check the three limits: "
          "two naturals, three wild cards, no more wild cards than naturals.",
          waiting="Tick the legal melds.")
    return


@app.cell(hide_code=True)
def _(candidates):
    solution("Show the solution", mo.vstack([meld_verdict(rules, c, going_out=False) for c in candidates]))
    return


if __name__ == "__main__":
    app.run()
