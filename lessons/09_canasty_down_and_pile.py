# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Canasty 2: the down and the pile"
# description = "The down table by score, and taking the pile, with a black three buried in it."
# ///
"""Canasty 2: the down table by score, and taking the pile, with a black three buried in it."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasty 2: the down and the pile")

with app.setup:
    from collections import Counter

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, deal, deal_button, deal_until, hand_widget, hint, ladder_step,
                          learn, meld_mistake, number_word, pairs, practise, progress_widget, proposal, quote, recap,
                          solution, sort_hand)
    from tutor.cards import Card, format_cards, parse_cards, parse_melds
    from tutor.questions import ask
    from tutor.render import cards_text
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("canasty")
    LESSON = "09_canasty_down_and_pile"
    EXERCISES = ("take-the-pile", "make-the-down", "down-enough", "pile-or-not", "pile-cards")
    # Each new question climbs one step: a higher score asks for a bigger down.
    DOWN_SCORES = (0, 700, 1200, 1700, 2200)
    # The pile questions climb too: down, then a buried black three, then not yet down.
    PILE_STEPS = ((True, False), (True, True), (False, False), (False, True))
    # The "which cards take it" hands are short, so every pair of cards is asked of the checker quickly.
    TAKERS_HAND = 8


@app.function
def down_table(extended: bool) -> str:
    """The down requirement by score, from the variant's data (with or without the extended option)."""
    bands = rules_for("canasty", {"extended": extended})["initial"]["bands"]
    rows = ["| the player's score | the down must total |", "|:---|---:|"]
    for i, band in enumerate(bands):
        low = band.get("from")
        high = bands[i + 1]["from"] - 5 if i + 1 < len(bands) else None
        where = "up to 495" if low is None else f"{low} to {high}" if high is not None else f"{low} or more"
        rows.append(f"| {where} | {band['need']} |")
    return "\n".join(rows)


@app.function
def free_cards(rank: str, n: int, used: Counter) -> list:
    """``n`` cards of ``rank`` that the pack still has, given the cards already in play."""
    free = [Card(rank, s) for s in "SHDC" for _ in range(rules.copies(Card(rank, s)) - used[Card(rank, s)])]
    return free[:n]


@app.function
def pile_table(dealt, *, down: bool, buried: bool) -> Spot:
    """A before-draw spot from a deal: the top card matches a natural pair in the hand."""
    hand = dealt["hand"]
    counts = Counter(c.rank for c in hand if rules.is_natural(c))
    rank = max((r for r, n in counts.items() if n >= 2), key=lambda r: (counts[r], rules.value(Card(r, "S"))))
    used = Counter(hand)
    top = next(Card(rank, s) for s in "SHDC" if used[Card(rank, s)] < rules.copies(Card(rank, s)))
    pile = [c for c in dealt["discard"] if rules.is_natural(c) and c.rank != rank][:4]
    if buried:
        pile.insert(1, next(c for c in (Card("3", "C"), Card("3", "S")) if used[c] < 2))
    pile.append(top)
    melds = []
    if down:
        other = next(r for r in rules.natural_ranks if not counts[r])
        melds = [format_cards(free_cards(other, 3, used + Counter(pile)))]
    return Spot.from_dict({"variant": "canasty", "hand": format_cards(hand), "melds": melds,
                           "discard": format_cards(pile), "phase": "before-draw"})


@app.function
def down_question(n: int) -> dict:
    """The n-th "make the down" question: a dealt hand that can go down at a score that rises with n."""
    score = ladder_step(n, DOWN_SCORES)
    for k in range(300):
        hand = deal(rules, 9100 + n * 300 + k)["hand"]
        spot = Spot.from_dict({"variant": "canasty", "hand": format_cards(hand), "score": score})
        verdict = ask("initial-meld", spot)
        if verdict.answer:
            return {"spot": spot, "score": score, "need": rules.initial_need(score),
                    "example": [m["cards"] if isinstance(m, dict) else m for m in verdict.witness["melds"]]}
    raise ValueError("no deal that can go down")


@app.function
def down_feedback(question, proposed: str) -> tuple:
    """(right?, message) for the sets a learner puts down as the down, judged by the checker."""
    sets = [m for m in parse_melds(proposed)] if proposed.strip() else []
    if not sets:
        return None, ""
    score, need = question["score"], question["need"]
    for i, cards in enumerate(sets, start=1):
        mistake = meld_mistake(rules, cards)
        if mistake is not None:
            return False, f"Set {i}, {cards_text(cards)}, is not a legal set: {mistake}."
    points = sum(rules.value(c) for cards in sets for c in cards)
    verdict = ask("initial-meld", question["spot"], play=proposed)
    if verdict.answer:
        return True, (f"Right: your down totals {points}, and at a score of {score} the down must total at "
                      f"least {need}.")
    if points < need:
        return False, (f"Short: your sets total {points}, and at a score of {score} the down must total {need}. "
                       "Every set you put down this turn adds up: add another set, or a wild card to one.")
    return False, "Not this down: " + "; ".join(r.text for r in verdict.reasons) + "."


@app.function
def pile_question(n: int) -> dict:
    """The n-th "take the pile" question: a dealt hand and a pile whose top card the hand can take."""
    down, buried = ladder_step(n, PILE_STEPS)
    for k in range(300):
        dealt = deal_until(rules, 9300 + n * 300 + k, lambda d: pairs(rules, d["hand"]) >= 1
                           and any(rules.is_wild(c) for c in d["hand"])
                           and len({c.rank for c in d["hand"]} & set(rules.natural_ranks)) < len(rules.natural_ranks),
                           pile=8)
        spot = pile_table(dealt, down=down, buried=buried)
        if ask("pickup", spot).answer:
            return {"spot": spot, "down": down, "buried": buried}
    raise ValueError("no deal whose pile can be taken")


@app.function
def pile_feedback(question, picked: str) -> tuple:
    """(right?, message) for the two cards a learner takes the pile with, judged by the checker."""
    cards = parse_cards(picked)
    if not cards:
        return None, ""
    spot = question["spot"]
    top, shown = spot.discard[-1], cards_text(cards)
    if len(cards) != 2:
        return False, (f"Select exactly two cards: the top card, {top.symbol()}, goes down with two cards from your hand, "
                       f"not {len(cards)}.")
    verdict = ask("pickup", spot, play=picked)
    if verdict.answer:
        why = "a natural pair, which a buried black three asks for" if question["buried"] else "they make a set with it"
        return True, f"Right: the pile is yours with {shown} and the {top.symbol()} on top: {why}."
    matching = [c for c in cards if rules.is_natural(c) and c.rank == top.rank]
    wilds = [c for c in cards if rules.is_wild(c)]
    if not matching or len(matching) + len(wilds) < 2:
        return False, (f"These two do not make a set with the top card, {top.symbol()}: take it with two cards of "
                       "its rank, or one of its rank and a wild card.")
    if question["buried"] and wilds:
        return False, ("A black three lies buried in the pile: now only a natural pair takes it, two cards of the "
                       "top card's rank, no wild card.")
    if not question["down"]:
        return False, ("You are not down yet: the top card and the cards you put down with it must make the down "
                       "by themselves. " + "; ".join(r.text for r in verdict.reasons) + ".")
    return False, "Not with these: " + "; ".join(r.text for r in verdict.reasons) + "."


@app.function
def legal_sets(hand) -> list:
    """Every set of three or four cards from the hand that the set rules allow, each once."""
    from itertools import combinations

    found = dict.fromkeys(tuple(c) for k in (3, 4) for c in combinations(hand, k))
    return [s for s in found if meld_mistake(rules, s) is None]


@app.function
def down_enough_question(n: int) -> dict:
    """The n-th "enough or short" down: sets from a dealt hand, at a score that rises with n.

    The answers alternate, enough then short; each is the checker's verdict on the down.
    """
    import random

    score = ladder_step(n, DOWN_SCORES)
    need = rules.initial_need(score)
    enough = n % 2 == 0
    rng = random.Random(9500 + n)
    for k in range(300):
        hand = deal(rules, 9500 + n * 300 + k)["hand"]
        sets = legal_sets(hand)
        downs = [(s,) for s in sets]
        if n >= 2:  # later downs are two sets of different ranks that add up
            downs = [(a, b) for i, a in enumerate(sets) for b in sets[i + 1:]
                     if Counter(a) + Counter(b) <= Counter(hand)
                     and {c.rank for c in a if rules.is_natural(c)} != {c.rank for c in b if rules.is_natural(c)}]
        downs = [d for d in downs if (sum(rules.value(c) for s in d for c in s) >= need) == enough]
        if not downs:
            continue
        down = rng.choice(downs)
        spot = Spot.from_dict({"variant": "canasty", "hand": format_cards(hand), "score": score})
        play = " | ".join(format_cards(s) for s in down)
        verdict = ask("initial-meld", spot, play=play)
        if verdict.answer == enough:
            return {"spot": spot, "score": score, "need": need, "sets": [format_cards(s) for s in down],
                    "play": play, "enough": verdict.answer, "reasons": [r.text for r in verdict.reasons]}
    raise ValueError("no deal with such a down")


@app.function
def down_enough_feedback(question, answer) -> tuple:
    """(right?, message) for "is this down enough?", against the checker's verdict on it."""
    if answer is None:
        return None, ""
    score, need = question["score"], question["need"]
    points = sum(rules.value(c) for s in question["sets"] for c in parse_cards(s))
    total = f"these sets total {points}, and at a score of {score} the down must total at least {need}"
    if (answer == "enough") == question["enough"]:
        return True, f"Right: {total}" + ("." if question["enough"] else f", so it is {need - points} short.")
    if question["enough"]:
        return False, f"It is enough: {total}. Sets put down in one turn add up."
    if points >= need:
        return False, "Not this down: " + "; ".join(question["reasons"]) + "."
    return False, f"Short: {total}. Find your score's row in the table above."


@app.function
def pile_takers(spot) -> Counter:
    """The cards of the hand that take the pile together with some other card of it, each pair asked of the checker."""
    from itertools import combinations

    hand = list(spot.hand)
    asked: dict = {}
    taking = set()
    for i, j in combinations(range(len(hand)), 2):
        pair = format_cards([hand[i], hand[j]])
        if pair not in asked:
            asked[pair] = ask("pickup", spot, play=pair).answer
        if asked[pair]:
            taking.update((i, j))
    return Counter(hand[i] for i in taking)


@app.function
def takers_question(n: int) -> dict:
    """The n-th "which cards take it" question: a short dealt hand and a pile, climbing as the pile questions do."""
    down, buried = ladder_step(n, PILE_STEPS)
    for k in range(300):
        dealt = deal_until(rules, 9700 + n * 300 + k, lambda d: pairs(rules, d["hand"]) >= 1
                           and any(rules.is_wild(c) for c in d["hand"]), cards=TAKERS_HAND, pile=8)
        spot = pile_table(dealt, down=down, buried=buried)
        takers = pile_takers(spot)
        if takers:
            return {"spot": spot, "down": down, "buried": buried, "takers": takers}
    raise ValueError("no deal whose pile can be taken")


@app.function
def takers_feedback(question, selected) -> tuple:
    """(right?, message) for "select every card that can take the pile", against the checker's pairs."""
    picked = Counter(parse_cards(selected))
    if not picked:
        return None, ""
    takers = question["takers"]
    top = question["spot"].discard[-1]
    stray = list((picked - takers).elements())
    missing = list((takers - picked).elements())
    if stray:
        card = stray[0]
        if rules.is_wild(card) and question["buried"]:
            return False, (f"Not {card.symbol()}: a black three lies buried in the pile, so only a natural pair of "
                           f"the top card's rank takes it. No wild card helps.")
        if rules.is_natural(card) and card.rank != top.rank and not rules.is_wild(top):
            return False, (f"Not {card.symbol()}: the two cards must make a set with the top card, "
                           f"{top.symbol()}, and {card.symbol()} is not of its rank.")
        if not question["down"]:
            return False, (f"Not {card.symbol()}: you are not down yet, so taking the pile must make your down "
                           f"this turn, and with {card.symbol()} it never does.")
        return False, f"Not {card.symbol()}: with no other card of your hand does it take the pile."
    if missing:
        wild = any(rules.is_wild(c) for c in missing)
        return False, (f"{number_word(len(missing)).capitalize()} more: select every card that takes the pile with "
                       "one other card of yours." + (" A wild card counts too, beside a natural of the top card's "
                                                     "rank." if wild else ""))
    shown = cards_text(sort_hand(rules, list(takers.elements())))
    return True, (f"Right: {shown}. Each of them takes this pile, with the {top.symbol()} on top and one other card "
                  "of yours.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Canasty: the down and the pile
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "what a player's first meld, the down, must be worth at each score;",
        "the extended table for long games;",
        "how to take the pile, and why it is never frozen here;",
        "what a black three buried in the pile changes.",
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
    ## Going down

    In Canasty a player's first meld is called going **down**, and as in
    classic it must reach a minimum that rises with the player's score, in
    steps of 25. Several sets put down in the same turn add up, and of the
    pile only its top card counts. Unlike classic, a set that also holds
    cards from below the top of the pile still counts its cards from the
    hand; only those pile cards count nothing. The game is to 2500; with the `extended`
    option the table continues in steps of 25 and the game is to 5000.
    """)
    return


@app.cell
def _():
    extended_switch = mo.ui.switch(value=False, label="extended option")
    extended_switch
    return (extended_switch,)


@app.cell
def down_bands(extended_switch):
    mo.md(down_table(extended_switch.value))
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-DOWN")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 1: make the down

    Your score is shown above the hand. Select the cards of a set and press
    **Group**; build as many sets as you need, so that together they reach
    the down your score asks for. Each new hand comes at a higher score.
    """)
    return


@app.cell
def _():
    new_down = deal_button("Next hand")
    new_down
    return (new_down,)


@app.cell
def _(new_down):
    down_ask = down_question(new_down.value)
    down_hand = hand_widget(rules, down_ask["spot"].hand)
    mo.vstack([mo.md(f"Your score: **{down_ask['score']}**. You have drawn; go down this turn."), down_hand,
               hint("Find your score's row in the table above. Add up each set: a joker is not wild here, a "
                    "king or a 2 is; several sets in one turn count together.")])
    return down_ask, down_hand


@app.cell
def down_check(down_ask, down_hand, tracker):
    _right, _text = down_feedback(down_ask, proposal(down_hand.widget))
    practise(_right, _text, _text, tracker=tracker, exercise="make-the-down",
             waiting="Group the sets of your down (or select one set).")
    return


@app.cell(hide_code=True)
def _(down_ask):
    solution("Show one answer", mo.vstack([
        mo.md(f"At a score of {down_ask['score']} the down must total **{down_ask['need']}**. One down that does:"),
        *[cards_view(m, rules, width=40) for m in down_ask["example"]]]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 2: enough or short?

    A player at the score shown puts down the sets below as the down.
    Is it enough? Each new question comes at a higher score, and later
    downs are two sets that add up.
    """)
    return


@app.cell
def _():
    new_enough = deal_button("Next down")
    new_enough
    return (new_enough,)


@app.cell
def _(new_enough):
    enough_ask = down_enough_question(new_enough.value)
    enough_answer = mo.ui.radio(options={"enough": "enough", "short": "short"}, label="This down is")
    mo.vstack([mo.md(f"The player's score: **{enough_ask['score']}**. The down:"),
               mo.hstack([cards_view(m, rules, label=f"set {i}", width=40)
                          for i, m in enumerate(enough_ask["sets"], start=1)], justify="start", wrap=True, gap=1),
               enough_answer,
               hint("Add up the cards of every set: a king is worth more than a 2. Then find the "
                    "player's score in the table above.")])
    return enough_answer, enough_ask


@app.cell
def enough_check(enough_answer, enough_ask, tracker):
    _right, _text = down_enough_feedback(enough_ask, enough_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="down-enough", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(enough_ask):
    _verdict, _view = ask_verdict("initial-meld", enough_ask["spot"], play=enough_ask["play"],
                                  yes="Enough for the down", no="Not enough for the down")
    solution("Show the checker's answer", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Taking the pile

    Only the top card of the pile is ever used. To take the pile, the player
    puts that card down at once with **two cards from the hand**: a new set
    of three, or all three onto the player's set of that rank. Laying the top
    card off alone is not enough. Those two cards may be a natural pair, or a
    natural and a wild card.

    Unlike classic, the pile is **never frozen**: a wild card in it changes
    nothing. What changes things is a **black three buried** anywhere in the
    pile below the top: then only a natural pair will do. And the pile can
    never be taken with a black three, a wild card, a red three or a joker
    on top.

    A player who is not yet down may take the pile too, but the cards put
    down with the top card must then make the down by themselves (the top
    card counts, the rest of the pile does not).
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-PICKUP")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Try it: take the pile

    Select the two cards you would take the pile with. The checker answers
    with the whole turn that proves it, or the rule that forbids it.
    """)
    return


@app.cell
def _():
    down_switch = mo.ui.switch(value=True, label="you are down")
    buried_switch = mo.ui.switch(value=False, label="a black three lies in the pile")
    deal_again = deal_button()
    mo.hstack([down_switch, buried_switch, deal_again], justify="start", gap=2)
    return buried_switch, deal_again, down_switch


@app.cell
def _(deal_again):
    pile_deal = deal_until(rules, 909 + deal_again.value,
                           lambda d: pairs(rules, d["hand"]) >= 2 and any(rules.is_wild(c) for c in d["hand"])
                           and len({c.rank for c in d["hand"]} & set(rules.natural_ranks)) < len(rules.natural_ranks),
                           pile=8)
    # One widget per deal: flipping a switch changes the table, never the learner's selection.
    hand_view = hand_widget(rules, pile_deal["hand"])
    return hand_view, pile_deal


@app.cell
def _(buried_switch, down_switch, hand_view, pile_deal):
    table = pile_table(pile_deal, down=down_switch.value, buried=buried_switch.value)
    hand_view.widget.melds = [format_cards(m) for m in table.melds]
    hand_view.widget.discard = format_cards(table.discard)
    mo.vstack([hand_view, cards_view(table.discard, rules, label="the whole pile, bottom to top", width=36)])
    return (table,)


@app.cell
def pickup_verdict(hand_view, table, tracker):
    _picked = hand_view.widget.selected
    if not _picked:
        _shown = mo.md("Select the two cards you would take the pile with.")
    else:
        _verdict, _shown = ask_verdict("pickup", table, play=_picked, yes=f"Yes: the pile is yours with {_picked}",
                                       no=f"No: not with {_picked}")
        if _verdict is not None and _verdict.answer:
            tracker.widget.mark("take-the-pile")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 3: yours or not?

    Select the two cards from your hand you would take this pile with. The
    first piles are easy; then a black three hides in the pile, and then
    you are not yet down.
    """)
    return


@app.cell
def _():
    new_pile = deal_button("Next pile")
    new_pile
    return (new_pile,)


@app.cell
def _(new_pile):
    pile_ask = pile_question(new_pile.value)
    _spot = pile_ask["spot"]
    pile_hand = hand_widget(rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    _facts = ("you are down" if pile_ask["down"] else "you are not down yet") + ", and your turn is starting."
    mo.vstack([mo.md(_facts.capitalize()), pile_hand,
               cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36),
               hint("Look at the top card first, then at the whole pile: is a black three buried below the top? "
                    "If you are not down, count what the top card and your two cards are worth.")])
    return pile_ask, pile_hand


@app.cell
def pile_check(pile_ask, pile_hand, tracker):
    _right, _text = pile_feedback(pile_ask, pile_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="pile-or-not",
             waiting="Select two cards from your hand.")
    return


@app.cell(hide_code=True)
def _(pile_ask):
    _verdict, _view = ask_verdict("pickup", pile_ask["spot"], yes="The pile can be taken", no="It cannot")
    solution("Show the checker's answer", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 4: which cards take it?

    Select **every card** of your hand that can take this pile, together
    with one other card of yours. The piles climb as before: a plain pile,
    then a black three buried in it, then you are not yet down.
    """)
    return


@app.cell
def _():
    new_takers = deal_button("Next pile")
    new_takers
    return (new_takers,)


@app.cell
def _(new_takers):
    takers_ask = takers_question(new_takers.value)
    _spot = takers_ask["spot"]
    takers_hand = hand_widget(rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    _facts = ("you are down" if takers_ask["down"] else "you are not down yet") + ", and your turn is starting."
    mo.vstack([mo.md(_facts.capitalize()), takers_hand,
               cards_view(_spot.discard, rules, label="the whole pile, bottom to top", width=36),
               hint("Start from the top card's rank. Then ask of each wild card: may it join a natural of that "
                    "rank here, with a black three in the pile or not?")])
    return takers_ask, takers_hand


@app.cell
def takers_check(takers_ask, takers_hand, tracker):
    _right, _text = takers_feedback(takers_ask, takers_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="pile-cards", waiting="Select the cards.")
    return


@app.cell(hide_code=True)
def _(takers_ask):
    solution("Show the answer", cards_view(list(takers_ask["takers"].elements()), rules,
                                           label="the cards that take this pile", width=40))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "A player's first meld, the down, must reach a minimum that rises with the score (the table above).",
        "Long games may use the extended table, agreed before the game.",
        "The pile is taken with two cards from the hand and its top card; it is never frozen, but a black three "
        "buried in it means only a natural pair will do.",
    ], "10_canasty_going_out_and_cheats")
    return


if __name__ == "__main__":
    app.run()
