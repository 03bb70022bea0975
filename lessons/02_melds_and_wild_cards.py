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

    from rulebook import (ask_verdict, canasta_bonus_text, cards_view, check, deal, deal_button, hand_widget, hint,
                          learn, meld_list, meld_mistake, meld_verdict, number_word, practise, problem,
                          progress_widget, quote, recap, solution, wild_limit, wild_limits_text)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import judge
    from tutor.rules import rules_for
    from tutor.scoring import canasta_bonus
    from tutor.spot import Spot

    rules = rules_for("classic", {"players": 2})
    LESSON = "02_melds_and_wild_cards"
    EXERCISES = ("pick-a-meld", "wild-limit", "natural-canasta", "legal-or-not")


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
def legal_now(cards) -> bool:
    """Is this a legal meld in an ordinary turn (not going out)?"""
    return meld_mistake(rules, cards) is None


@app.function
def pick_a_meld_question(seed: int) -> dict:
    """A dealt hand that holds at least one legal meld, for "select a legal meld"."""
    from tutor.questions import ask

    for n in range(200):
        hand = deal(rules, seed * 1000 + n, cards=11)["hand"]
        spot = Spot.from_dict({"variant": "classic", "options": {"players": 2}, "hand": format_cards(hand),
                               "melds": []})
        found = [m["cards"] for m in ask("melds", spot).extra["melds"] if m["kind"] == "meld"]
        if found:
            return {"hand": hand, "example": found[0]}
    raise ValueError("no deal with a meld")


@app.function
def pick_a_meld_feedback(selected) -> tuple:
    """(right?, message) for cards selected as a legal meld."""
    cards = tuple(parse_cards(selected))
    if not cards:
        return None, ""
    mistake = meld_mistake(rules, cards)
    if mistake is None:
        naturals = sum(1 for c in cards if rules.is_natural(c))
        return True, (f"Right: {format_cards(cards)} is a legal meld: {naturals} naturals of one rank and "
                      f"{len(cards) - naturals} wild cards, within the limits.")
    return False, f"Not a legal meld: {mistake}."


@app.function
def wild_limit_question(seed: int) -> dict:
    """Some naturals of one rank, plenty of wild cards and two other cards: add as many wilds as allowed."""
    rng = random.Random(seed)
    rank = rng.choice(rules.natural_ranks)
    naturals = rng.choice([2, 2, 3, 4, 5])
    suits = rng.sample("SSHHDDCC", naturals)
    wilds = [Card("JK"), Card("JK"), Card("2", "S"), Card("2", "H"), Card("2", "D")]
    others = [r for r in rules.natural_ranks if r != rank]
    hand = [Card(rank, s) for s in suits] + rng.sample(wilds, 4) + [Card(r, rng.choice("SHDC"))
                                                                      for r in rng.sample(others, 2)]
    return {"hand": tuple(hand), "rank": rank, "naturals": naturals, "allowed": wild_limit(rules, naturals)}


@app.function
def wild_limit_feedback(question, selected) -> tuple:
    """(right?, message) for the naturals of the rank plus as many wild cards as one meld may take."""
    cards = tuple(parse_cards(selected))
    if not cards:
        return None, ""
    rank, allowed = question["rank"], question["allowed"]
    naturals = sum(1 for c in cards if rules.is_natural(c) and c.rank == rank)
    wilds = sum(1 for c in cards if rules.is_wild(c))
    if any(rules.is_natural(c) and c.rank != rank for c in cards):
        return False, f"Only the {rank}s and wild cards belong in this meld: a meld is cards of one rank."
    if naturals < question["naturals"]:
        return False, f"Take every {rank}: the more naturals, the more wild cards the meld may hold."
    mistake = meld_mistake(rules, cards)
    if mistake is not None:
        return False, f"Too many: {mistake}."
    if wilds < allowed:
        return False, (f"Legal, but not the most: {number_word(wilds)} wild cards on {number_word(naturals)} "
                       f"naturals, and one more would still be allowed.")
    return True, (f"Right: {number_word(naturals)} naturals may carry {number_word(allowed)} wild cards. "
                  + wild_limits_text(rules).replace("**", ""))


@app.function
def canasta_question(seed: int) -> tuple:
    """A hand holding seven or eight naturals of one rank, wild cards and a few strangers."""
    rng = random.Random(seed)
    rank = rng.choice(rules.natural_ranks)
    naturals = [Card(rank, s) for s in rng.sample("SSHHDDCC", rng.choice([7, 7, 8]))]
    wilds = [Card("JK"), Card("2", rng.choice("SHDC"))][:rng.choice([1, 2])]
    others = [Card(r, rng.choice("SHDC")) for r in rng.sample([r for r in rules.natural_ranks if r != rank], 3)]
    return tuple(naturals + wilds + others)


@app.function
def canasta_feedback(hand, selected) -> tuple:
    """(right?, message) for "select a natural canasta": the meld rules and the canasta bonus decide."""
    cards = tuple(parse_cards(selected))
    if not cards:
        return None, ""
    mistake = meld_mistake(rules, cards)
    if mistake is not None:
        return False, f"Not a legal meld: {mistake}."
    meld = judge(rules, cards, going_out=False)
    bonus = canasta_bonus(rules, meld)
    low = rules["canasta"]["min_cards"]
    if bonus is None:
        return False, (f"A legal meld of {number_word(len(cards))} cards, but a canasta takes {number_word(low)}: "
                       f"{number_word(low - len(cards))} more.")
    if not meld.natural:
        natural = rules["canasta"]["natural_bonus"]
        return False, (f"A {bonus.item}, worth {bonus.points}: a wild card in it makes it mixed. Leave the wild "
                       f"cards out and the naturals alone earn {natural}.")
    return True, f"Right: {number_word(len(cards))} naturals of one rank, a {bonus.item} worth {bonus.points}."


@app.function
def legal_or_not_question(seed: int) -> list:
    """Four candidate melds from fixed shapes, at least one legal and one not."""
    rng = random.Random(seed)
    legal_shapes = ["nnw", "nnww", "nnnwww", "nnnnwww", "nnn", "nnnnnnn", "nnnnnnw"]
    illegal_shapes = ["nwww", "nnwww", "nnnnwwww", "nn", "www", "nnm", "nw"]
    ranks = list(rules.natural_ranks)
    while True:
        shapes = rng.sample(legal_shapes, rng.choice([1, 2, 3])) + rng.sample(illegal_shapes, 2)
        rng.shuffle(shapes)
        shapes = shapes[:4]
        out = []
        for shape in shapes:
            rank, other = rng.sample(ranks, 2)
            suits = iter(rng.sample("SSHHDDCC", 8))  # two packs: each card at most twice
            jokers = iter(range(4))
            cards = []
            for ch in shape:
                if ch == "n":
                    cards.append(Card(rank, next(suits)))
                elif ch == "m":
                    cards.append(Card(other, rng.choice("SHDC")))
                elif next(jokers) % 2:
                    cards.append(Card("JK"))
                else:
                    cards.append(Card("2", rng.choice("SHDC")))
            out.append(format_cards(cards))
        kinds = {legal_now(c) for c in out}
        if kinds == {True, False}:
            return out


@app.function
def legal_or_not_feedback(candidates, answers) -> tuple:
    """(right?, message): each candidate answered "legal" or "not legal"."""
    if any(a is None for a in answers):
        return None, ""
    wrong = []
    for i, (cards, said) in enumerate(zip(candidates, answers), start=1):
        legal = legal_now(cards)
        if (said == "legal") != legal:
            why = "it is legal" if legal else meld_mistake(rules, cards)
            wrong.append(f"meld {i}: {why}")
    if not wrong:
        return True, "All right: " + "; ".join(
            f"meld {i} is {'legal' if legal_now(c) else 'not legal (' + meld_mistake(rules, c) + ')'}"
            for i, c in enumerate(candidates, start=1)) + "."
    return False, "Look again at " + "; ".join(wrong) + "."


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


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    tracker
    return (tracker,)


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## What a meld is

    A **meld** is a set of at least {number_word(rules["meld"]["min_cards"])} cards of the same rank, put
    face up on the table. Three kings is a meld; three nines is a meld. A run such as
    7♠ 8♠ 9♠ is *not*: classic Canasta has no sequences.

    Only naturals, the 4s up to the aces, can be melded in the ordinary way.
    Wild cards (jokers and 2s) may join a meld, standing in for that rank, but a
    meld is built on its naturals. {wild_limits_text(rules)}

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
    ### Exercise 1: find a meld

    Select, in the hand below, three or more cards that make a legal meld.
    """)
    return


@app.cell
def _():
    new_meld_hand = deal_button("Another hand")
    new_meld_hand
    return (new_meld_hand,)


@app.cell
def _(new_meld_hand):
    meld_question = pick_a_meld_question(2020 + new_meld_hand.value)
    meld_pick = hand_widget(rules, meld_question["hand"])
    mo.vstack([meld_pick, hint("Look for two or more cards of one rank; a wild card may join them.")])
    return meld_pick, meld_question


@app.cell
def pick_a_meld_check(meld_pick, tracker):
    _right, _text = pick_a_meld_feedback(meld_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="pick-a-meld", waiting="Select the cards of a meld.")
    return


@app.cell(hide_code=True)
def _(meld_question):
    solution("Show one answer", cards_view(meld_question["example"], rules, label="a legal meld in this hand"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## How far wild cards go

    {wild_limits_text(rules)}

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
    ### Exercise 2: as many wild cards as allowed

    Select all the naturals of one rank below and **as many wild cards as one
    meld of them may hold**: not one fewer, not one more.
    """)
    return


@app.cell
def _():
    new_wild_hand = deal_button("Another hand")
    new_wild_hand
    return (new_wild_hand,)


@app.cell
def _(new_wild_hand):
    wild_question = wild_limit_question(3030 + new_wild_hand.value)
    wild_pick = hand_widget(rules, wild_question["hand"])
    mo.vstack([mo.md(f"Build the biggest legal meld of **{wild_question['rank']}s**."), wild_pick,
               hint("Count the naturals first. Wild cards may match them in number, never outnumber them, "
                    "and there is a cap however long the meld.")])
    return wild_pick, wild_question


@app.cell
def wild_limit_check(tracker, wild_pick, wild_question):
    _right, _text = wild_limit_feedback(wild_question, wild_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="wild-limit", waiting="Select the cards of the meld.")
    return


@app.cell(hide_code=True)
def _(wild_question):
    solution("Show the answer", mo.md(
        f"{number_word(wild_question['naturals']).capitalize()} {wild_question['rank']}s may carry "
        f"**{number_word(wild_question['allowed'])}** wild cards."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## Canastas

    Canastas are what the game is about: you cannot go out without one (two,
    with two players), and each earns a bonus on top of the values of its cards.
    {canasta_bonus_text(rules)} A wild card laid off onto a natural canasta
    makes it mixed, and the
    {rules["canasta"]["natural_bonus"] - rules["canasta"]["mixed_bonus"]}-point difference is lost.
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
    ### Quick check: a natural canasta

    Select, in the hand below, a canasta that earns the **natural** bonus.
    """)
    return


@app.cell
def _():
    new_canasta = deal_button("Another hand")
    new_canasta
    return (new_canasta,)


@app.cell
def _(new_canasta):
    canasta_hand = canasta_question(5050 + new_canasta.value)
    canasta_pick = hand_widget(rules, canasta_hand)
    mo.vstack([canasta_pick, hint("Count the cards of one rank: seven or more, and no wild card among them.")])
    return canasta_hand, canasta_pick


@app.cell
def natural_canasta_check(canasta_hand, canasta_pick, tracker):
    _right, _text = canasta_feedback(canasta_hand, canasta_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="natural-canasta", waiting="Select the canasta.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## The wild canasta

    Wild cards alone never make a meld of three, four or six. There is one
    exception, and it is spectacular: **{number_word(rules["wild_meld"]["min_cards"])} or more wild cards**
    put down together in one turn make a *wild canasta*, worth
    {rules["canasta"]["wild_bonus"]} on top of the cards. Further wild cards may be laid off onto it later.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-WILDCANASTA")
    return


@app.cell(hide_code=True)
def _(dealt):
    every_meld_table = every_meld_table_of(dealt)
    mo.vstack([mo.md(r"""
    ## Every meld in your hand

    The checker can list every meld the dealt hand above could put down this
    turn, new melds and lay-offs alike. Cards that play the same part (two
    kings of different suits) are listed once. So that lay-offs show too,
    suppose your side already has this meld on the table, meld 1:
    """), cards_view(every_meld_table, rules, label="meld 1, on the table")])
    return (every_meld_table,)


@app.function
def every_meld_table_of(dealt) -> str:
    """A meld of a rank the hand does not hold, for the side to have on the table already."""
    held = {c.rank for c in dealt["hand"]}
    rank = next(r for r in rules.natural_ranks if r not in held)
    return f"{rank}S {rank}H {rank}D"


@app.cell
def _():
    list_button = mo.ui.run_button(label="List every meld this hand could put down")
    list_button
    return (list_button,)


@app.cell
def every_meld(dealt, list_button):
    mo.stop(not list_button.value, mo.md("*The list comes when you ask for it.*"))
    # A side that has already melded, so the first-meld minimum does not hide anything.
    _table = every_meld_table_of(dealt)
    _spot = Spot.from_dict({"variant": "classic", "options": {"players": 2},
                            "hand": format_cards(dealt["hand"]), "melds": [_table]})
    _verdict, _view = ask_verdict("melds", _spot)
    if _verdict is not None:
        _view = mo.vstack([cards_view(_table, rules, label="with meld 1 on the table:", width=30),
                           meld_list(rules, _verdict.extra["melds"])])
    _view
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 3: legal or not?

    For each group of cards below, say whether it is a legal meld in an
    ordinary turn (one in which the player does not go out).
    """)
    return


@app.cell
def _():
    new_melds = deal_button("New melds")
    new_melds
    return (new_melds,)


@app.cell
def _(new_melds):
    candidates = legal_or_not_question(900 + new_melds.value)
    ticks = mo.ui.array([mo.ui.radio(options=["legal", "not legal"], inline=True, label=f"meld {i}")
                         for i, _ in enumerate(candidates, start=1)])
    mo.vstack([mo.hstack([cards_view(c, rules, width=40, label=f"meld {i}"), t], justify="start", wrap=True)
               for i, (c, t) in enumerate(zip(candidates, ticks), start=1)]
              + [hint("Check each in turn: two naturals? no more wild cards than naturals? at most three?")])
    return candidates, ticks


@app.cell
def exercise_feedback(candidates, ticks, tracker):
    _right, _text = legal_or_not_feedback(candidates, ticks.value)
    practise(_right, _text, _text, tracker=tracker, exercise="legal-or-not", waiting="Answer for every meld.")
    return


@app.cell(hide_code=True)
def _(candidates):
    solution("Show the solution", mo.vstack([meld_verdict(rules, c, going_out=False) for c in candidates]))
    return


@app.cell(hide_code=True)
def _():
    recap([
        wild_limits_text(rules).replace("**", ""),
        "A side has one meld of each rank; later cards of that rank are laid off onto it.",
        canasta_bonus_text(rules).replace("**", "").replace("*", ""),
        f"{number_word(rules['wild_meld']['min_cards']).capitalize()} or more wild cards put down at once make "
        f"a wild canasta, worth {rules['canasta']['wild_bonus']}.",
    ], "03_the_first_meld")
    return


if __name__ == "__main__":
    app.run()
