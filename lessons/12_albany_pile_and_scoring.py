# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Albany 2: the fanned pile, canastas and scoring"
# description = "Drawing from deep in the pile, canastas by table size, going out, scoring by length, and Deluxe."
# ///
"""Albany 2: drawing from deep in the pile, canastas by table size, going out, scoring by length, and Deluxe."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Albany 2: the fanned pile, canastas and scoring")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, learn, practise,
                          problem, progress_widget, quote, recap, rule_html, solution, table_view, verdict_view,
                          whole_number)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import TutorError
    from tutor.melds import judge
    from tutor.questions import referee
    from tutor.rules import rules_for
    from tutor.scoring import canasta_bonus
    from tutor.spot import Spot

    rules = rules_for("albany")
    LESSON = "12_albany_pile_and_scoring"
    EXERCISES = ("deep-pickup", "canastas-needed")


@app.function
def fanned_spot(dealt) -> Spot:
    """A before-draw spot whose pile hides a card the hand can meld (a pair of its rank is held)."""
    hand = dealt["hand"]
    counts = Counter(c.rank for c in hand if rules.is_natural(c))
    pairs = [r for r, n in counts.items() if n >= 2]
    pile = list(dealt["discard"])
    if pairs:
        rank = pairs[0]
        pile.insert(2, Card(rank, "D"))
    return Spot.from_dict({"variant": "albany", "hand": format_cards(hand), "discard": format_cards(pile),
                           "melds": [], "phase": "before-draw"})


@app.function
def pickup_verdict_for(spot: Spot, cards: str, depth: int) -> tuple:
    """May the player take from the pile this way? The checker if it can answer, else the referee on the draw.

    The referee replays the draw followed by each possible discard; the first legal
    turn is the proof, and a draw that no discard can follow is refused with its rule.
    Returns ``(answer, view)``; the answer is ``None`` for input the tutor cannot read.
    """
    play = f"{cards} depth {depth}".strip()
    verdict, view = ask_verdict("pickup", spot, play=play, yes="Yes, you may draw this way",
                                no="No, you may not draw this way")
    if verdict is not None:
        return verdict.answer, view
    first = None
    held = list(spot.hand) + list(spot.discard[-depth:])
    for card in dict.fromkeys(held):
        try:
            attempt = referee(spot, f"pickup {play}; discard {card}")
        except TutorError as error:
            return None, problem(error)
        if attempt.answer:
            return True, verdict_view(attempt, spot.rules, yes="Yes, you may draw this way (the referee's proof)")
        if first is None or attempt.extra.get("step") == 1:
            first = attempt
    return False, verdict_view(first, spot.rules, no="No, you may not draw this way")


@app.function
def pile_positions(spot: Spot) -> mo.Html:
    """The fanned pile, top card first, each with the depth that takes it."""
    cells = []
    for depth, card in enumerate(reversed(spot.discard), start=1):
        cells.append(mo.vstack([cards_view([card], rules, width=44), mo.md(f"depth {depth}")], align="center"))
    return mo.hstack(cells, justify="start", gap=0.5)


@app.function
def live_table(spot: Spot, question: str, yes: str, no: str) -> mo.Html:
    """The side's table, the fanned pile and the tutor's live answer to one question about them."""
    _, verdict = ask_verdict(question, spot, yes=yes, no=no)
    return mo.vstack([table_view(spot, title="Your side's table, your hand and the pile"), pile_positions(spot),
                      verdict])


@app.function
def deal_table() -> str:
    rows = ["| players | partnerships | cards dealt | canastas to go out |", "|---:|:---|---:|---:|"]
    for r in rules.data["layouts"]:
        teams = f"{r['partnerships']} teams of {r['players'] // r['partnerships']}" if r.get("partnerships") else "each alone"
        rows.append(f"| {r['players']} | {teams} | {r['hand']} | {r['canastas']} |")
    return "\n".join(rows)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Albany: the fanned pile, canastas and scoring
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "the three ways to take from Albany's fanned pile, including from deep inside it;",
        "how many canastas a side needs to go out, by table size;",
        "when a player may empty his hand;",
        "how canastas score by their length, and what is left in a hand costs;",
        "the nine Deluxe options.",
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
    ## Drawing

    The discard pile in Albany is spread out in a fan, so every card in it
    can be seen. A turn starts in one of four ways:

    1. draw **two cards** from the stock; or
    2. take the **top card alone**, if it cannot be laid off onto one of your
       side's sets (you may even discard it again this turn); or
    3. take the top card when it *can* be laid off: then it must be laid off
       or melded at once, and the **whole pile** comes with it; or
    4. take **any card deeper in the pile together with every card above
       it**: the lowest card taken must at once make a new set with at least
       two naturals (and at most two wild cards) from your hand.

    A stopper can never be taken from the top, nor be the lowest card of a
    deep pick-up; inside a deep pick-up it simply comes along.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-DRAW")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 1: a deep pick-up

    Choose how deep to take (depth 1 is the top card alone), and select the
    cards from your hand that would go down with the lowest card taken.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    _dealt = deal_until(rules, 1212 + deal_again.value,
                        lambda d: any(n >= 2 for n in Counter(c.rank for c in d["hand"] if rules.is_natural(c)).values()),
                        pile=6)
    table = fanned_spot(_dealt)
    depth_slider = mo.ui.slider(start=1, stop=len(table.discard), value=3, label="Take down to depth", show_value=True)
    hand_view = hand_widget(rules, table.hand, discard=table.discard)
    mo.vstack([mo.md("**The pile, top card first:**"), pile_positions(table), depth_slider, hand_view])
    return depth_slider, hand_view, table


@app.cell
def deep_pickup_verdict(depth_slider, hand_view, table, tracker):
    _cards = hand_view.widget.selected
    mo.stop(not _cards and depth_slider.value > 1,
            mo.md("Select the cards from your hand that go down with the lowest card taken "
                  "(or take depth 1, the top card alone)."))
    _answer, _view = pickup_verdict_for(table, _cards, depth_slider.value)
    if depth_slider.value > 1 and _answer:
        tracker.widget.mark("deep-pickup")
    mo.vstack([mo.md(f"Taking **{depth_slider.value}** card{'s' * (depth_slider.value != 1)} from the pile"
                     + (f" with **{_cards}** from the hand." if _cards else " with no card from the hand.")),
               _view])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## A card from the pile for a joker

    The cards a pick-up brings may be used on the table at once, like
    any card of the hand: a natural taken may take the place of a table
    joker (A-COMBINE), and the freed joker is yours. Below, the 8♦ two
    deep must go down with your 8♠ and 8♣; the 6♥ above it comes along,
    takes the joker's place in 5♥ 🃏 7♥, and the joker makes a set with
    your nines. Taking the 6♥ alone would not do: it can be laid off, so
    it takes the whole pile, the 4♣ with it, and the joker stays in its
    set. The tutor tries every pick-up and every move after it before
    it answers.
    """)
    return


@app.cell
def pickup_exchange_example():
    live_table(Spot.from_dict({"variant": "albany", "phase": "before-draw", "hand": "8S 8C 9S 9D",
                               "discard": "4C 8D 6H",
                               "melds": ["5H JK 7H", "QC QC QH QH QS 2C 2D", "KC KC KH KH KS KS 2H"]}),
               "go-out", yes="Yes, you can go out", no="No, you cannot go out")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## No move on the table before the pick-up

    Every turn starts with the stock or the pile: moves on the table come
    only after it. Here the 9♠ under the stopper could only be taken with
    cards from your hand that make a set with it at once, and 8♠ 9♠ _ J♠
    has a gap your hand cannot fill. Putting your Q♥ in the joker's place
    in Q♥ Q♦ 🃏 would free a joker for the gap, but that exchange may not
    come first, so the pile stays closed; after the pick-up it would come
    too late, since the card taken is used at once.
    """)
    return


@app.cell
def joker_freed_example():
    live_table(Spot.from_dict({"variant": "albany", "phase": "before-draw", "hand": "8S JS QH 5D 6C",
                               "discard": "9S 3C", "melds": ["QH QD JK"]}),
               "pickup", yes="Yes, you may take from the pile", no="No, you may not take from the pile: "
               "the exchange would have to come first")
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## Canastas to go out

    How many canastas a side needs before it may go out depends on the
    table, and so does the size of the hands:

    {deal_table()}

    A side goes out when it has those canastas and a player plays or
    discards his last card; the final discard is optional. Without them a
    player may never empty his hand: in an ordinary turn he keeps at least
    two cards before his discard.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-DEAL", "A-GOOUT")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Scoring by length

    At the end of a hand the cards on the table count plus and the cards in
    the hand count minus, at these values: 4 to 7, 5; 8, 9 and 10, 10; J Q K,
    15; ace and 2, 20; joker 50; a three 50 (a stopper is always in the hand,
    so always minus).

    A **natural** canasta earns more the longer it is: 200 for seven or eight
    cards, 300 for nine or ten, 400 for eleven, 500 for twelve or more. A
    mixed canasta earns 100, and a wild-card set made only of 2s or only of
    jokers counts its cards double. Going out earns 100. Seven or more cards
    of a set still in a hand count minus at their full canasta value.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-SCORE", "A-GAME")
    return


@app.cell
def _():
    canasta_text = mo.ui.text(value="4H 5H 6H 7H 8H 9H TH JH QH", label="A canasta", full_width=True)
    canasta_text
    return (canasta_text,)


@app.cell
def canasta_verdict(canasta_text):
    try:
        _meld = judge(rules, parse_cards(canasta_text.value))
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _bonus = canasta_bonus(rules, _meld)
        _shown = (mo.md(f"A {len(_meld)}-card **{_bonus.item}**: a bonus of **{_bonus.points}** ({_bonus.rule}).")
                  if _bonus else mo.md(f"A legal set of {len(_meld)} cards, not a canasta."))
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Albany Deluxe

    Nine optional rules, each a switch, all off by default, make up *Albany
    Canasta Deluxe*. Switch some on to see what they change in the rules
    data (the checker honours options 1, 2, 3 and 5; the others belong to
    the game engine and the scoring).
    """)
    return


@app.cell
def _():
    deluxe_pick = mo.ui.multiselect(
        options={f"{n}. {rules.data['deluxe'][str(n)]['name']}": n for n in range(1, 10)}, label="Deluxe options")
    deluxe_pick
    return (deluxe_pick,)


@app.cell
def deluxe_view(deluxe_pick):
    _chosen = sorted(deluxe_pick.value)
    _with = rules_for("albany", {"deluxe": _chosen})
    _rows = []
    for _n in _chosen:
        _entry = rules.data["deluxe"][str(_n)]
        _rows.append(f"- **{_n}. {_entry['name']}**: {_entry['text']}")
    _summary = (f"Canastas needed with 4 players: **{_with.canastas_to_go_out}**; stoppers: "
                f"`{' '.join(_with['cards']['stopper'])}`; sequences start at **{_with['meld']['sequence_low']}**.")
    mo.vstack([mo.md("\n".join(_rows) or "No option chosen: plain Albany."), mo.md(_summary),
               mo.Html(rule_html(rules, "A-DELUXE"))])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 2: canastas to go out

    How many canastas does a side need to go out at this table?
    """)
    return


@app.cell
def _():
    new_question = deal_button("New table")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question_row = random.Random(12000 + new_question.value).choice(rules.data["layouts"])
    _teams = (f"in {question_row['partnerships']} partnerships" if question_row.get("partnerships")
              else "each playing alone")
    answer_box = mo.ui.text(placeholder="a whole number", label="Canastas needed")
    mo.vstack([mo.md(f"**{question_row['players']} players**, {_teams}."), answer_box])
    return answer_box, question_row


@app.cell
def exercise_feedback(answer_box, question_row, tracker):
    _need = question_row["canastas"]
    try:
        _given = whole_number(answer_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _shown = practise(None if _given is None else _given == _need, f"Right: {_need}.",
                       "Not quite: look the table up in the list above (partnerships need more).", tracker=tracker, exercise="canastas-needed")
    _shown
    return


@app.cell(hide_code=True)
def _(question_row):
    solution("Show the solution", mo.md(f"{question_row['players']} players: {question_row['hand']} cards each, "
                                        f"**{question_row['canastas']}** canastas to go out."))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "Albany's pile is fanned: a player may take from deep inside it, in the three ways shown.",
        'How many canastas a side needs to go out depends on the table size.',
        'Canastas score by their length; cards left in a hand cost points.',
    ], "13_puzzles")
    return


if __name__ == "__main__":
    app.run()
