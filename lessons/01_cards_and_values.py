# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Classic 1: cards and values"
# description = "The pack, the four kinds of card, and what every card is worth."
# ///
"""Classic 1: the pack, the four kinds of card, and what every card is worth."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Classic 1: cards and values")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (cards_view, check, deal, deal_button, deal_until, hand_widget, hint, kind_feedback,
                          kind_question, ladder_step, learn, meld_verdict, number_word, practise, problem,
                          progress_widget, quote, recap, shuffled_pack, solution, sort_hand, whole_number)
    from tutor.cards import format_cards, parse_cards
    from tutor.render import cards_text
    from tutor.rules import rules_for

    rules = rules_for("classic")
    LESSON = "01_cards_and_values"
    EXERCISES = ("same-card", "most-points", "fewest-points", "red-threes", "black-threes", "wild-cards",
                 "worth-exactly", "add-them-up")
    # "Worth the most" climbs: the top value held by one rank only, then by cards of two ranks or more.
    MOST_STEPS = ("one rank", "ranks")
    # "Worth the least" climbs: naturals only at the bottom, then a black three among them.
    FEWEST_STEPS = ("naturals", "black three")


@app.function
def role_name(card) -> str:
    """What a card is in classic: natural, wild, red three or black three."""
    return {"natural": "natural", "wild": "wild card", "bonus": "red three (bonus card)",
            "blocker": "black three"}[rules.role(card)]


@app.function
def value_lines(cards) -> str:
    """Each card with its value, then the total, as a markdown list."""
    lines = [f"- `{c}` is a {role_name(c)}: **{rules.value(c)}**" for c in cards]
    return "\n".join(lines) + f"\n\nTotal: **{sum(rules.value(c) for c in cards)}** points."


@app.function
def wild_question(seed: int) -> tuple:
    """A dealt hand holding at least one wild card and one black three or natural 2-look-alike."""
    dealt = deal_until(rules, seed, lambda d: sum(rules.is_wild(c) for c in d["hand"]) >= 2, cards=11)
    return dealt["hand"]


@app.function
def wild_feedback(hand, selected) -> tuple:
    """(right?, message) for "select every wild card"."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    wild = [c for c in hand if rules.is_wild(c)]
    not_wild = [c for c in picked if not rules.is_wild(c)]
    if not_wild:
        card = not_wild[0]
        why = ("a three is never wild: red threes are bonus cards, black threes block the pile"
               if card.rank == "3" else f"{card} is a natural: only jokers and 2s are wild")
        return False, f"Not {card}: {why}."
    if len(picked) < len(wild):
        return False, f"{len(wild) - len(picked)} more: every joker and every 2 is wild, whatever its suit."
    return True, f"Right: {format_cards(picked)} are the wild cards, jokers and 2s."


@app.function
def most_question(n: int) -> tuple:
    """The n-th "worth the most" hand, as dealt (red threes laid out): its top value held by one rank, then more."""
    step = ladder_step(n, MOST_STEPS)

    def fits(dealt):
        hand = dealt["hand"]
        top = max(rules.value(c) for c in hand)
        best = [c for c in hand if rules.value(c) == top]
        # A handful to find, not half the hand.
        return len(best) <= 4 and (len({c.rank for c in best}) == 1) == (step == "one rank")

    return deal_until(rules, 1400 + n, fits, cards=11)["hand"]


@app.function
def fewest_question(n: int) -> tuple:
    """The n-th "worth the least" hand, as dealt: naturals alone at the bottom, then a black three among them."""
    step = ladder_step(n, FEWEST_STEPS)

    def fits(dealt):
        hand = dealt["hand"]
        low = min(rules.value(c) for c in hand)
        bottom = [c for c in hand if rules.value(c) == low]
        blocker = any(rules.role(c) == "blocker" for c in bottom)
        return len(bottom) <= 4 and len({c.rank for c in bottom}) >= 2 and blocker == (step == "black three")

    return deal_until(rules, 1500 + n, fits, cards=11)["hand"]


@app.function
def extreme_feedback(hand, selected, most: bool) -> tuple:
    """(right?, message) for "select every card worth the most" (or the least): ``rules.value`` decides."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    best = max if most else min
    edge = best(rules.value(c) for c in hand)
    wanted = [c for c in hand if rules.value(c) == edge]
    stray = [c for c in picked if rules.value(c) != edge]
    if stray:
        card, other = stray[0], wanted[0]
        than = "less" if most else "more"
        return False, (f"Not {card.symbol()}: it is worth {rules.value(card)}, {than} than {other.symbol()}, "
                       f"which is worth {edge}. A card's value is not its face: look each one up.")
    left = list(wanted)
    for card in picked:
        if card in left:
            left.remove(card)
    if left:
        missed = left[0]
        why = (f"a black three is worth {edge} too, like the lowest naturals" if rules.role(missed) == "blocker"
               else f"{missed.symbol()} is worth {edge} too" if missed.rank not in {c.rank for c in picked}
               else "every copy counts, whatever its suit")
        return False, f"{number_word(len(left)).capitalize()} more: {why}."
    each = "the most" if most else "the least"
    verb = "is worth" if len(wanted) == 1 else "are worth"
    return True, f"Right: {cards_text(wanted)} {verb} {edge}{' each' * (len(wanted) > 1)}, {each} in this hand."


@app.function
def value_hint() -> str:
    """The values of the cards, from the rules data, with the trap of the small wild card named."""
    v = {code: rules.value(parse_cards(code)[0]) for code in ("JK", "AS", "2S", "KS", "7S", "3S")}
    return (f"A joker is worth {v['JK']}, an ace {v['AS']} and a 2 {v['2S']}, a king down to an 8 {v['KS']}, "
            f"a 7 down to a 4 {v['7S']}, and a black three {v['3S']}. A small face is not always a small value: "
            "look twice at the 2s.")

@app.function
def worth_question(seed: int) -> dict:
    """A hand and a target: the value of three of its cards (so the target can always be made)."""
    rng = random.Random(seed)
    hand = deal(rules, 7000 + seed, cards=9)["hand"]
    target = sum(rules.value(c) for c in rng.sample(list(hand), 3))
    return {"hand": hand, "target": target}


@app.function
def worth_feedback(question, selected) -> tuple:
    """(right?, message) for "select cards worth exactly the target"."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    total = sum(rules.value(c) for c in picked)
    each = ", ".join(f"{c} {rules.value(c)}" for c in picked)
    if total == question["target"]:
        return True, f"Right: {each}, {total} in all."
    return False, (f"These are worth {total}, not {question['target']} ({each}). "
                   f"{'Too much: let one go.' if total > question['target'] else 'Too little: add a card.'}")


@app.function
def twin_question(seed: int) -> tuple:
    """A hand as dealt that holds the same card twice (rank and suit), and other cards of that rank."""
    for n in range(500):
        hand = shuffled_pack(rules, 1100 + seed * 500 + n)[:11]
        twins = [c for c, k in Counter(hand).items() if k >= 2 and not c.is_joker]
        if twins and any(c.rank == twins[0].rank and c != twins[0] for c in hand):
            return sort_hand(rules, hand)
    raise ValueError("no hand with a card twice")


@app.function
def twin_feedback(hand, selected) -> tuple:
    """(right?, message) for "select the two copies of one card"."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    if len(picked) != 2:
        return False, f"Select exactly two cards, the two copies of one card, not {len(picked)}."
    a, b = picked
    if a == b and a.is_joker:
        return False, "Jokers are all alike, and the pack holds four: find a card with a rank and a suit."
    if a == b:
        return True, f"Right: two {a.symbol()}, one from each pack. Every card but the jokers is in the pack twice."
    if a.rank == b.rank:
        return False, (f"{a.symbol()} and {b.symbol()} share a rank, not a suit: the same card means the same rank "
                       "*and* suit.")
    return False, f"{a.symbol()} and {b.symbol()} are different cards: look for one rank and suit that shows twice."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Cards and their values
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "what the classic pack holds and how many cards each player gets;",
        "the four kinds of card: naturals, wild cards, red threes and black threes;",
        "what each card is worth when the hand is scored.",
    )
    return


@app.cell(hide_code=True)
def _():
    _pack = rules.pack
    _jokers = sum(n for c, n in _pack.items() if c.is_joker)
    mo.md(f"""
    ## The pack

    Classic Canasta is played with two ordinary packs shuffled together, plus
    their jokers: **{sum(_pack.values())} cards** in all, of which {_jokers} are
    jokers. Every other card appears exactly twice, so a hand may well hold
    two kings of spades.

    Two players each play for themselves and are dealt 15 cards; four players
    form two partnerships, sit opposite their partners, and are dealt 11 cards
    each. Partners share their melds and their score.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-DECK")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: the same card twice

    Select the **two copies of one card** in this hand.
    """)
    return


@app.cell
def _():
    new_twin = deal_button("Another hand")
    new_twin
    return (new_twin,)


@app.cell
def _(new_twin):
    twin_hand = twin_question(new_twin.value)
    twin_pick = hand_widget(rules, twin_hand)
    mo.vstack([twin_pick, hint("Two packs are shuffled together: look for a rank and a suit that appear twice.")])
    return twin_hand, twin_pick


@app.cell
def twin_check(tracker, twin_hand, twin_pick):
    _right, _text = twin_feedback(twin_hand, twin_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="same-card", waiting="Select two cards.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: worth the most, worth the least

    Every card also has a value in points (the table in the next section
    lists them all). Select **every card worth the most** in the first hand,
    and **every card worth the least** in the second. The red threes have been
    laid out already, so neither hand holds one.
    """)
    return


@app.cell
def _():
    new_most = deal_button("Other hands")
    new_most
    return (new_most,)


@app.cell
def _(new_most):
    most_hand = most_question(new_most.value)
    fewest_hand = fewest_question(new_most.value)
    most_pick = hand_widget(rules, most_hand)
    fewest_pick = hand_widget(rules, fewest_hand)
    mo.vstack([mo.md("**Every card worth the most:**"), most_pick, mo.md("**Every card worth the least:**"),
               fewest_pick,
               hint(value_hint())])
    return fewest_hand, fewest_pick, most_hand, most_pick


@app.cell
def most_check(fewest_hand, fewest_pick, most_hand, most_pick, tracker):
    _most, _most_text = extreme_feedback(most_hand, most_pick.widget.selected, True)
    _fewest, _fewest_text = extreme_feedback(fewest_hand, fewest_pick.widget.selected, False)
    mo.vstack([practise(_most, _most_text, _most_text, tracker=tracker, exercise="most-points",
                        waiting="Select the cards worth the most."),
               practise(_fewest, _fewest_text, _fewest_text, tracker=tracker, exercise="fewest-points",
                        waiting="Select the cards worth the least.")])
    return


@app.cell(hide_code=True)
def _(fewest_hand, most_hand):
    _top = max(rules.value(c) for c in most_hand)
    _low = min(rules.value(c) for c in fewest_hand)
    solution("Show the answer", mo.vstack([
        cards_view([c for c in most_hand if rules.value(c) == _top], rules, label=f"worth {_top} each, the most"),
        cards_view([c for c in fewest_hand if rules.value(c) == _low], rules, label=f"worth {_low} each, the least"),
    ]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Four kinds of card

    Every card is one of four kinds, and most rules are about which kind a
    card is:

    - **Naturals** are the cards from 4 up to the ace. Melds are built from them.
    - **Wild cards** are the jokers and the 2s. A wild card can stand in a
      meld of any rank, within limits you will meet in the next lesson.
    - **Red threes** (3♥ 3♦) are bonus cards. They are never held: a red
      three is laid face up at once and scores on its own.
    - **Black threes** (3♠ 3♣) are awkward cards. They cannot be melded in an
      ordinary turn; their use is to block the discard pile for the next player.

    The table shows every rank, its kind and its value. The values matter
    twice: when a side makes its first meld (it must be worth enough), and
    when the hand is scored (melded cards count plus, cards left in a hand
    count minus).
    """)
    return


@app.cell(hide_code=True)
def _():
    _rows = ["| card | kind | value |", "|:---|:---|---:|"]
    for _rank in ["JK", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "2"]:
        _card = parse_cards(_rank if _rank == "JK" else _rank + "S")[0]
        _name = "joker" if _rank == "JK" else ("10" if _rank == "T" else _rank)
        _rows.append(f"| {_name} | {role_name(_card)} | {rules.value(_card)} |")
    for _name, _code in (("3♥ 3♦", "3H"), ("3♠ 3♣", "3S")):
        _card = parse_cards(_code)[0]
        _rows.append(f"| {_name} | {role_name(_card)} | {rules.value(_card)} |")
    mo.md("\n".join(_rows))
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-VALUES")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: red threes, then black threes

    These hands are shown as dealt, before any red three is laid out.
    Select **every red three** in the first, and **every black three** in
    the second.
    """)
    return


@app.cell
def _():
    new_threes = deal_button("Other hands")
    new_threes
    return (new_threes,)


@app.cell
def _(new_threes):
    red_hand = kind_question(rules, 1200 + new_threes.value, "bonus")
    black_hand = kind_question(rules, 1300 + new_threes.value, "blocker")
    red_pick = hand_widget(rules, red_hand)
    black_pick = hand_widget(rules, black_hand)
    mo.vstack([mo.md("**Every red three:**"), red_pick, mo.md("**Every black three:**"), black_pick,
               hint("A three's colour is its suit's: hearts and diamonds are red, spades and clubs black.")])
    return black_hand, black_pick, red_hand, red_pick


@app.cell
def threes_check(black_hand, black_pick, red_hand, red_pick, tracker):
    _red, _red_text = kind_feedback(rules, red_hand, red_pick.widget.selected, "bonus", "red threes")
    _black, _black_text = kind_feedback(rules, black_hand, black_pick.widget.selected, "blocker", "black threes")
    mo.vstack([practise(_red, _red_text, _red_text, tracker=tracker, exercise="red-threes",
                        waiting="Select the red threes."),
               practise(_black, _black_text, _black_text, tracker=tracker, exercise="black-threes",
                        waiting="Select the black threes.")])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    A red three's 100 points are not a face value like the others: it is a
    bonus, and it counts *minus* for a side that has not melded by the end of
    the hand. A black three left in a hand costs far more than its 5 points
    (lesson 5 has the details).

    ## A hand of your own

    Here is a hand dealt from a shuffled pack. Click cards to select them
    (or move with the arrow keys and press space): the value of what you
    select is added up at once, and you see whether those cards would make a
    legal meld. Press **Deal again** for a new hand.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    dealt = deal(rules, seed=101 + deal_again.value, cards=15)
    hand_view = hand_widget(rules, dealt["hand"])
    mo.vstack([hand_view, cards_view(dealt["red_threes"], rules, label="Red threes laid out (replaced from the stock)")
               if dealt["red_threes"] else mo.md("")])
    return (hand_view,)


@app.cell
def selection_value(hand_view):
    _picked = hand_view.widget.selected_cards()
    if _picked:
        _shown = mo.vstack([mo.md(value_lines(_picked)), meld_verdict(rules, _picked)])
    else:
        _shown = mo.md("Select some cards to see what they are worth.")
    _shown
    return


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    tracker
    return (tracker,)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 1: the wild cards

    Select **every wild card** in the hand below, and nothing else.
    """)
    return


@app.cell
def _():
    new_wild_hand = deal_button("Another hand")
    new_wild_hand
    return (new_wild_hand,)


@app.cell
def _(new_wild_hand):
    wild_hand = wild_question(110 + new_wild_hand.value)
    wild_pick = hand_widget(rules, wild_hand)
    mo.vstack([wild_pick, hint("Two kinds of card are wild in classic Canasta; both wear the gold W.")])
    return wild_hand, wild_pick


@app.cell
def wild_check(tracker, wild_hand, wild_pick):
    _right, _text = wild_feedback(wild_hand, wild_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="wild-cards", waiting="Select the wild cards.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 2: worth exactly

    Select cards in the hand below worth **exactly** the number shown.
    """)
    return


@app.cell
def _():
    new_worth_hand = deal_button("Another hand")
    new_worth_hand
    return (new_worth_hand,)


@app.cell
def _(new_worth_hand):
    worth = worth_question(new_worth_hand.value)
    worth_pick = hand_widget(rules, worth["hand"])
    mo.vstack([mo.md(f"Select cards worth **{worth['target']}** points."), worth_pick,
               hint("Start from the biggest card that fits, then fill up: a joker is 50, an ace or a 2 is 20, "
                    "a king down to an 8 is 10, a 7 down to a 4 is 5.")])
    return worth, worth_pick


@app.cell
def worth_check(tracker, worth, worth_pick):
    _right, _text = worth_feedback(worth, worth_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="worth-exactly", waiting="Select some cards.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 3: what are these cards worth?

    Add up the values of the six cards below and type the total, then press
    Enter. A new set of cards comes with each press of the button.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New cards")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    _rng = random.Random(500 + new_question.value)
    _pack = [c for c in rules.pack.elements() if rules.role(c) != "bonus"]
    question_cards = tuple(sorted(_rng.sample(_pack, 6), key=lambda c: -rules.value(c)))
    answer_box = mo.ui.text(placeholder="a whole number", label="Total value")
    mo.vstack([cards_view(question_cards, rules, width=60), answer_box])
    return answer_box, question_cards


@app.cell
def exercise_feedback(answer_box, question_cards, tracker):
    _total = sum(rules.value(c) for c in question_cards)
    try:
        _given = whole_number(answer_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _shown = practise(None if _given is None else _given == _total,
                       f"Right: these cards are worth {_total}.",
                       "Not yet. Look up each card in the table above: jokers 50, aces and 2s 20, "
                       "K down to 8 ten each, 7 down to 4 (and a black 3) five each.",
                       tracker=tracker, exercise="add-them-up", waiting="Type the total and press Enter.")
    _shown
    return


@app.cell(hide_code=True)
def _(question_cards):
    solution("Show the solution", mo.md(value_lines(question_cards)))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "Jokers and 2s are wild; the 4s up to the aces are naturals; threes are special (lesson 5).",
        "A joker is worth 50, an ace or a 2 20, a king down to an 8 10, a 7 down to a 4 (or a black three) 5.",
        "A red three is a bonus card, laid out at once and never melded.",
    ], "02_melds_and_wild_cards")
    return


if __name__ == "__main__":
    app.run()
