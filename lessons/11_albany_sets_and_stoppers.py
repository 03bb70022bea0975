# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Albany 1: sequences, groups and stoppers"
# description = "Three packs, groups and sequences with undeclared wild cards, stoppers, and combining sets."
# ///
"""Albany 1: three packs, groups and sequences with undeclared wild cards, stoppers, and combining sets."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Albany 1: sequences, groups and stoppers")

with app.setup:
    import random

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, hint, learn,
                          meld_mistake, meld_verdict, number_word, practise, problem, progress_widget, quote, recap,
                          rule_html, solution, table_view)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import judge
    from tutor.rules import rules_for
    from tutor.spot import Spot
    from tutor.table_moves import combine_sets, exchange_joker

    rules = rules_for("albany")
    LESSON = "11_albany_sets_and_stoppers"
    EXERCISES = ("group-or-sequence",)


@app.function
def kind_of(cards: str, deluxe=()) -> str:
    """'group', 'sequence', 'wild-card set' or 'not a set' under Albany's rules."""
    try:
        meld = judge(rules_for("albany", {"deluxe": list(deluxe)}), parse_cards(cards))
    except IllegalPlayError:
        return "not a set"
    return {"wild": "wild-card set", "stoppers": "group"}.get(meld.kind, meld.kind)


@app.function
def run_in_hand(dealt) -> bool:
    """Does the hand hold three cards of one suit within a span of four ranks (a sequence to find)?"""
    for suit in "SHDC":
        orders = sorted({c.order for c in dealt["hand"] if c.suit == suit and rules.is_natural(c)})
        if any(orders[i + 2] - orders[i] <= 3 for i in range(len(orders) - 2)):
            return True
    return False


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Albany: sequences, groups and stoppers
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "the Albany pack: three packs and six jokers;",
        "the two kinds of set: groups of one rank and sequences in one suit;",
        "how wild cards fill a sequence without being declared;",
        "why threes are stoppers;",
        "how sets on the table may be combined, and a joker exchanged.",
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
    ## A bigger game

    Albany Canasta uses three packs and six jokers, **{sum(rules.pack.values())}
    cards**, for two to six players. The 2s and jokers are wild and aces are
    high only: a sequence may end with the ace but never starts with it.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-DECK")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Groups and sequences

    A set in Albany is either

    - a **group**: three or more cards of one rank, such as 9♠ 9♥ 9♦; or
    - a **sequence**: three or more cards in a row in one suit, from 4 up to
      the ace, such as 5♥ 6♥ 7♥. A sequence holds each card once, so it is at
      most eleven cards long (4 to A).

    Every set needs at least **two naturals** and holds at most **two wild
    cards**, except a set made of wild cards only (three or more), which is
    legal in Albany. Wild cards are *not declared*: 5♥ 2♣ 7♥ is a sequence
    because the 2 can only be the 6♥; 5♥ 7♥ JK 2♠ is one too, with the wild
    cards somewhere that makes it a run. A wild card never stands for a 3, a
    2 or anything above the ace.

    Unlike classic, a side may hold several sets of the same rank or suit,
    and any legal set may be its first meld: there is no minimum.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-SET", "A-NOMIN")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Try it

    Select cards to see whether they make a set, and of which kind.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    dealt = deal_until(rules, 1111 + deal_again.value, run_in_hand, cards=13)
    hand_view = hand_widget(rules, dealt["hand"])
    hand_view
    return (hand_view,)


@app.cell
def set_verdict(hand_view):
    meld_verdict(rules, hand_view.widget.selected_cards(), empty="Select cards to see whether they make a set.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Stoppers

    The threes, red or black, are **stoppers**. A stopper is never melded and
    can never be taken from the top of the pile; it may be discarded, and it
    can only be picked up inside a deeper pick-up (lesson 12). Holding **two
    or more** stoppers (counted after the draw, before any meld) prevents a
    player from going out, and a stopper left in the hand costs 50.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-STOPPER")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Combining sets and exchanging jokers

    Sets on the table are not fixed. Two sets that adjoin (two sequences of
    one suit that run on, or two groups of one rank) may be **combined** into
    one, also with a partner's set, if the result is a legal set. A **joker**
    on the table may be exchanged for the natural card it stands for, and
    the freed joker used in the same turn; a 2 is never exchanged. No other
    card ever leaves a set, and only partners lay off on each other's sets.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "A-COMBINE")
    return


@app.cell
def _():
    first_set = mo.ui.text(value="5H 6H 7H", label="One set")
    second_set = mo.ui.text(value="8H 9H JK", label="Another set")
    mo.hstack([first_set, second_set], justify="start")
    return first_set, second_set


@app.function
def refused(error: IllegalPlayError) -> mo.Html:
    """A table move the rules refuse, with the rule that refuses it."""
    return mo.callout(mo.Html('<div data-verdict="no"><strong>Not allowed.</strong></div>'
                              + rule_html(rules, error.rule, detail=error.text)), kind="danger")


@app.cell
def combine_verdict(first_set, second_set):
    try:
        _a, _b = parse_cards(first_set.value), parse_cards(second_set.value)
        _joined = combine_sets(rules, [_a, _b], 1, 2)[0] if _a and _b else ()
    except IllegalPlayError as _error:
        _shown = refused(_error)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _shown = mo.vstack([mo.md("Combined, the two sets make:"),
                            meld_verdict(rules, _joined, empty="Type two sets.")])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    A joker on the table is exchanged by putting the natural card it stands
    for in its place; the joker joins your hand, to be melded this turn.
    Try a natural that does not fit, or a set whose only wild card is a 2.
    """)
    return


@app.cell
def _():
    table_set = mo.ui.text(value="5H JK 7H 8H", label="A set on the table")
    natural = mo.ui.text(value="6H", label="A natural from your hand")
    mo.hstack([table_set, natural], justify="start")
    return natural, table_set


@app.cell
def exchange_verdict(natural, table_set):
    try:
        _set, _cards = parse_cards(table_set.value), parse_cards(natural.value)
        if len(_cards) != 1:
            raise TutorError("type one natural card to exchange")
        _new, _joker = exchange_joker(rules, [_set], 1, _cards[0])
    except IllegalPlayError as _error:
        _shown = refused(_error)
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _shown = mo.vstack([mo.md(f"The set becomes `{format_cards(_new)}`, and `{_joker}` is yours to meld:"),
                            cards_view(_new, rules)])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    An exchange can decide the hand. Below, your side has the two canastas
    it needs, and you hold `6H 9S 9D`. Laid off, the 6♥ leaves two nines
    that make no set; exchanged for the joker, it frees a third card for
    them, and you go out. The tutor tries every exchange and combining
    before it answers "can you go out?".
    """)
    return


@app.cell
def exchange_example():
    exchange_table = Spot.from_dict({"variant": "albany", "phase": "drawn", "hand": "6H 9S 9D", "discard": "KS",
                                     "melds": ["5H JK 7H", "QC QC QH QH QS 2C 2D", "KC KC KH KH KS KS 2H"]})
    _, exchange_out = ask_verdict("go-out", exchange_table, yes="Yes, you can go out",
                                  no="No, you cannot go out")
    mo.vstack([table_view(exchange_table, title="Your side's table and your hand"), exchange_out])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: group, sequence, or neither?

    Say what each of these makes under Albany's rules.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New cards")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question_cards = random.Random(11000 + new_question.value).choice([
        "5H 6H 7H", "5H 2C 7H", "9S 9H 9D 2C", "9S 9H 9D 2C 2D JK", "2C 2D JK", "3S 3H 3D", "KH AH 2C",
        "QH KH AH 2C 2D", "AH 2C 3H", "4S 5S 6H", "TD JD QD KD", "6C 6C 6C JK",
    ])
    answer = mo.ui.radio(options=["group", "sequence", "wild-card set", "not a set"],
                         label="These cards are", inline=True)
    mo.vstack([cards_view(question_cards, rules, label="the cards"), answer,
               hint("One rank: a group. One suit, in a row (wild cards may fill gaps): a sequence.")])
    return answer, question_cards


@app.function
def kind_feedback(cards, answer) -> tuple:
    """(right?, message) for "group / sequence / wild-card set / not a set", with the reason when not a set."""
    if answer is None:
        return None, ""
    truth = kind_of(cards)
    why = meld_mistake(rules, cards) if truth == "not a set" else ""
    if answer == truth:
        return True, f"Right: {truth}" + (f": {why}." if why else ".")
    if truth == "not a set":
        return False, f"Not a set at all: {why}."
    return False, (f"Look again: it is a {truth}. One rank is a group, one suit in a row is a sequence; a set needs "
                   f"at least {number_word(rules['meld']['min_naturals'])} naturals and holds at most "
                   f"{number_word(rules.max_wilds())} wild cards, unless all are wild.")


@app.cell
def exercise_feedback(answer, question_cards, tracker):
    _right, _text = kind_feedback(question_cards, answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="group-or-sequence", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(question_cards):
    solution("Show the solution", meld_verdict(rules, question_cards))
    return


@app.cell(hide_code=True)
def _():
    recap([
        'Albany is played with three packs and six jokers.',
        'A set is a group of one rank or a sequence in one suit; wild cards fill a sequence without being declared.',
        'Threes are stoppers; sets on the table may be combined, and a joker exchanged.',
    ], "12_albany_pile_and_scoring")
    return


if __name__ == "__main__":
    app.run()
