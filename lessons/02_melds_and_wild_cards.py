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
    from collections import Counter

    import marimo as mo

    from rulebook import (ask_verdict, canasta_bonus_text, cards_view, check, deal, deal_button, hand_widget, hint,
                          kept, ladder_step, learn, meld_list, meld_mistake, meld_verdict, meld_why, number_word,
                          pack_cards, practise, problem, progress_widget, quote, recap, solution, sort_hand,
                          wild_limit, wild_limits_text)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import judge
    from tutor.rules import rules_for
    from tutor.scoring import canasta_bonus
    from tutor.spot import Spot

    rules = rules_for("classic", {"players": 2})
    LESSON = "02_melds_and_wild_cards"
    EXERCISES = ("pick-a-meld", "lay-off", "wild-limit", "too-many-wilds", "natural-canasta", "wild-canasta",
                 "wild-or-not", "legal-or-not")
    # The lay-off questions climb: naturals only, then wild cards up to what the naturals carry, then the cap.
    LAYOFF_STEPS = ("naturals", "wilds", "cap")
    # The "too many wild cards" questions climb (naturals, wild cards): outnumbered by one, by two, over the cap.
    TOO_MANY_STEPS = ((2, 3), (3, 5), (5, 5))
    # The wild canasta questions climb: wild cards alone, more of them beside a pair, then beside three naturals.
    WILD_CANASTA_STEPS = ("alone", "more", "naturals")
    # The "wild cards: a meld?" sets are far from a wild canasta's size at first, then either side of it.
    WILD_SET_STEPS = ("far", "near")


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
@kept
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


@app.function
def strangers(rng, used, avoid, n: int) -> list:
    """``n`` single naturals of ranks other than ``avoid``, one of each rank: cards that fit no meld here."""
    ranks = rng.sample([r for r in rules.natural_ranks if r not in avoid], n)
    return [card for r in ranks for card in pack_cards(rules, rng, used, r, 1)]


@app.function
def wild_cards(rng, used, n: int) -> list:
    """``n`` wild cards, jokers and 2s mixed, as the pack holds them."""
    free = {rank: sum(rules.copies(c) - used[c] for c in ([Card("JK")] if rank == "JK" else
                                                         [Card(rank, s) for s in "SHDC"]))
            for rank in ("JK", "2")}
    jokers = rng.randint(max(0, n - free["2"]), min(n, free["JK"]))
    return pack_cards(rules, rng, used, "JK", jokers) + pack_cards(rules, rng, used, "2", n - jokers)


@app.function
def taken_out(cards, picked) -> list:
    """``cards`` without the ``picked`` ones (each picked card removes one copy)."""
    left = list(cards)
    for card in picked:
        left.remove(card)
    return left


@app.function
def lay_off_question(n: int) -> dict:
    """The n-th "lay off onto your meld" question: a meld on the table, the hand holding cards that fit it."""
    step = ladder_step(n, LAYOFF_STEPS)
    rng = random.Random(2200 + n)
    used = Counter()
    rank = rng.choice(rules.natural_ranks)
    # (naturals and wild cards on the table, naturals and wild cards in the hand), by step
    table_n, table_w, hand_n, hand_w = {"naturals": (3, 0, rng.choice([1, 2]), 0), "wilds": (2, 1, 1, 3),
                                        "cap": (4, 2, 2, 3)}[step]
    table = pack_cards(rules, rng, used, rank, table_n) + wild_cards(rng, used, table_w)
    hand = (pack_cards(rules, rng, used, rank, hand_n) + wild_cards(rng, used, hand_w)
            + strangers(rng, used, {rank}, 4))
    return {"step": step, "rank": rank, "table": format_cards(table), "hand": sort_hand(rules, hand)}


@app.function
def lay_off_feedback(question, selected) -> tuple:
    """(right?, message) for "select every card that can join meld 1": the meld judge decides."""
    picked = list(parse_cards(selected))
    if not picked:
        return None, ""
    table, rank = list(parse_cards(question["table"])), question["rank"]
    stray = [c for c in picked if not rules.is_wild(c) and c.rank != rank]
    if stray:
        return False, f"Not {stray[0].symbol()}: meld 1 is {rank}s, and a meld is cards of one rank."
    grown = table + picked
    mistake = meld_mistake(rules, grown)
    if mistake is not None:
        naturals = sum(1 for c in grown if rules.is_natural(c))
        limit = wild_limit(rules, naturals)
        held = sum(1 for c in table if rules.is_wild(c))
        return False, (f"Too many: {mistake}. With {number_word(naturals)} naturals meld 1 may hold "
                       f"{number_word(limit)} wild cards in all, and it has {number_word(held)} already.")
    left = taken_out(question["hand"], picked)
    fits = [c for c in left if meld_mistake(rules, grown + [c]) is None]
    if any(not rules.is_wild(c) for c in fits):
        return False, f"Every {rank} you hold can join meld 1: a side has one meld of each rank."
    if fits:
        return False, (f"Legal, but one more wild card would still fit: {meld_why(rules, grown)}.")
    meld = judge(rules, grown, going_out=False)
    return True, (f"Right: meld 1 grows to {number_word(len(grown))} cards, {number_word(meld.naturals)} naturals "
                  f"and {number_word(meld.wilds)} wild, the most it may hold.")


@app.function
def too_many_question(n: int) -> tuple:
    """The n-th "too many wild cards" question: naturals of one rank with more wild cards than they may carry."""
    naturals, wilds = ladder_step(n, TOO_MANY_STEPS)
    rng = random.Random(3300 + n)
    used = Counter()
    rank = rng.choice(rules.natural_ranks)
    return sort_hand(rules, pack_cards(rules, rng, used, rank, naturals) + wild_cards(rng, used, wilds))


@app.function
def too_many_feedback(cards, selected) -> tuple:
    """(right?, message) for the fewest wild cards to take back so that the rest is a legal meld."""
    picked = list(parse_cards(selected))
    if not picked:
        return None, ""
    if any(not rules.is_wild(c) for c in picked):
        return False, "Keep every natural: it is the naturals that carry the wild cards. Take back wild cards only."
    left = taken_out(cards, picked)
    naturals = sum(1 for c in left if rules.is_natural(c))
    limit = wild_limit(rules, naturals)
    mistake = meld_mistake(rules, left)
    if mistake is not None:
        return False, f"Still too many: {mistake}."
    if any(meld_mistake(rules, left + [c]) is None for c in picked):
        return False, (f"Legal now, but you took back more than you need: {number_word(naturals)} naturals "
                       f"may carry up to {number_word(limit)} wild cards.")
    return True, (f"Right: {number_word(naturals)} naturals may carry up to {number_word(limit)} wild cards, so "
                  f"{number_word(len(picked))} {'goes' if len(picked) == 1 else 'go'} back to the hand.")


@app.function
def wild_canasta_question(n: int) -> tuple:
    """The n-th "put down a wild canasta" question: enough wild cards for one, beside naturals that tempt."""
    step = ladder_step(n, WILD_CANASTA_STEPS)
    rng = random.Random(4400 + n)
    used = Counter()
    low = rules["wild_meld"]["min_cards"]
    wilds = wild_cards(rng, used, low + (2 if step == "more" else 0))
    rank = rng.choice(rules.natural_ranks)
    beside = pack_cards(rules, rng, used, rank, {"alone": 0, "more": 2, "naturals": 3}[step])
    return sort_hand(rules, wilds + beside + strangers(rng, used, {rank}, 3))


@app.function
def wild_canasta_feedback(selected) -> tuple:
    """(right?, message) for "select a wild canasta": the meld judge and the canasta bonus decide."""
    picked = tuple(parse_cards(selected))
    if not picked:
        return None, ""
    low = rules["wild_meld"]["min_cards"]
    mistake = meld_mistake(rules, picked)
    if any(not rules.is_wild(c) for c in picked):
        told = "A legal meld, but not a wild canasta" if mistake is None else f"Not a legal meld: {mistake}"
        return False, f"{told}. A wild canasta is wild cards only, no naturals."
    if mistake is not None:
        return False, (f"Not yet: {mistake}. Wild cards alone make a meld only as a wild canasta, "
                       f"{number_word(low)} or more at once.")
    bonus = canasta_bonus(rules, judge(rules, picked, going_out=False))
    points = sum(rules.value(c) for c in picked)
    return True, (f"Right: {number_word(len(picked))} wild cards put down together, a {bonus.item}: "
                  f"{points} for its cards and {bonus.points} on top.")


@app.function
def wild_set_question(n: int) -> list:
    """The n-th "is this set of wild cards a meld?" question: sets of wild cards, some long enough, some not."""
    rng = random.Random(4500 + n)
    low = rules["wild_meld"]["min_cards"]
    # Far from the size a wild canasta needs at first, then just either side of it.
    if ladder_step(n, WILD_SET_STEPS) == "far":
        sizes = [rng.choice([low - 4, low - 3]), low + 1, rng.choice([low - 2, low + 2])]
    else:
        sizes = [low - 1, low, rng.choice([low - 3, low + 1])]
    rng.shuffle(sizes)
    return [format_cards(sort_hand(rules, wild_cards(rng, Counter(), size))) for size in sizes]


@app.function
def wild_set_feedback(candidates, answers) -> tuple:
    """(right?, message): each set of wild cards answered "legal" or "not legal", and what the legal ones score."""
    right, text = legal_or_not_feedback(candidates, answers)
    if not right:
        return right, text
    scores = []
    for i, cards in enumerate(candidates, start=1):
        if legal_now(cards):
            bonus = canasta_bonus(rules, judge(rules, parse_cards(cards), going_out=False))
            scores.append(f"meld {i} scores {sum(rules.value(c) for c in parse_cards(cards))} for its cards and "
                          f"{bonus.points} as a {bonus.item}")
    said = "; ".join(scores)
    return True, f"{text} {said[0].upper()}{said[1:]}."


@app.function
def lay_off_answer(question) -> list:
    """The most meld 1 can take from the hand, found by the meld judge: every natural, then wild cards while legal."""
    table, rank = list(parse_cards(question["table"])), question["rank"]
    taken = [c for c in question["hand"] if rules.is_natural(c) and c.rank == rank]
    for card in (c for c in question["hand"] if rules.is_wild(c)):
        if meld_mistake(rules, table + taken + [card]) is None:
            taken.append(card)
    return taken


@app.function
def too_many_answer(cards) -> list:
    """The fewest wild cards to take back, found by the meld judge: one at a time until the rest is legal."""
    back, left = [], list(cards)
    while meld_mistake(rules, left) is not None:
        card = next(c for c in reversed(left) if rules.is_wild(c))
        left.remove(card)
        back.append(card)
    return back


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
    mo.md(r"""
    ### Quick check: lay off onto your meld

    Your side already has meld 1 on the table. Select **every card** in your
    hand that may join it this turn: cards of its rank, and wild cards as far
    as the limits allow.
    """)
    return


@app.cell
def _():
    new_layoff = deal_button("Next hand")
    new_layoff
    return (new_layoff,)


@app.cell
def _(new_layoff):
    layoff_question = lay_off_question(new_layoff.value)
    layoff_pick = hand_widget(rules, layoff_question["hand"], melds=[layoff_question["table"]])
    mo.vstack([layoff_pick, hint("Naturals of the meld's rank always fit. Then count the naturals meld 1 would "
                                 "have, and the wild cards already on it, before adding more.")])
    return layoff_pick, layoff_question


@app.cell
def lay_off_check(layoff_pick, layoff_question, tracker):
    _right, _text = lay_off_feedback(layoff_question, layoff_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="lay-off", waiting="Select the cards for meld 1.")
    return


@app.cell(hide_code=True)
def _(layoff_question):
    solution("Show the answer", cards_view(lay_off_answer(layoff_question), rules, label="these join meld 1"))
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
    mo.md(r"""
    ### Quick check: too many wild cards

    A player wants to put the cards below down as one meld, but they hold
    too many wild cards. Select the wild cards that must **go back to the
    hand**: as few as possible.
    """)
    return


@app.cell
def _():
    new_too_many = deal_button("Next meld")
    new_too_many
    return (new_too_many,)


@app.cell
def _(new_too_many):
    too_many_cards = too_many_question(new_too_many.value)
    too_many_pick = hand_widget(rules, too_many_cards)
    mo.vstack([too_many_pick, hint("Count the naturals: how many wild cards may they carry? Every wild card "
                                   "above that number goes back.")])
    return too_many_cards, too_many_pick


@app.cell
def too_many_check(too_many_cards, too_many_pick, tracker):
    _right, _text = too_many_feedback(too_many_cards, too_many_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="too-many-wilds",
             waiting="Select the wild cards that go back.")
    return


@app.cell(hide_code=True)
def _(too_many_cards):
    solution("Show the answer", cards_view(too_many_answer(too_many_cards), rules, label="these go back"))
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
def _():
    mo.md(r"""
    ### Quick check: a wild canasta

    Select, in the hand below, a wild canasta.
    """)
    return


@app.cell
def _():
    new_wild_canasta = deal_button("Next hand")
    new_wild_canasta
    return (new_wild_canasta,)


@app.cell
def _(new_wild_canasta):
    wild_canasta_hand = wild_canasta_question(new_wild_canasta.value)
    wild_canasta_pick = hand_widget(rules, wild_canasta_hand)
    mo.vstack([wild_canasta_pick, hint("Wild cards wear a gold W. A wild canasta holds those only, and enough "
                                       "of them at once.")])
    return wild_canasta_hand, wild_canasta_pick


@app.cell
def wild_canasta_check(tracker, wild_canasta_pick):
    _right, _text = wild_canasta_feedback(wild_canasta_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="wild-canasta", waiting="Select the wild canasta.")
    return


@app.cell(hide_code=True)
def _(wild_canasta_hand):
    solution("Show the answer", meld_verdict(rules, [c for c in wild_canasta_hand if rules.is_wild(c)],
                                             going_out=False))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: wild cards alone, a meld or not?

    Each set below is wild cards only. Say whether it may go down as a meld.
    """)
    return


@app.cell
def _():
    new_wild_sets = deal_button("New sets")
    new_wild_sets
    return (new_wild_sets,)


@app.cell
def _(new_wild_sets):
    wild_sets = wild_set_question(new_wild_sets.value)
    wild_ticks = mo.ui.array([mo.ui.radio(options=["legal", "not legal"], inline=True, label=f"meld {i}")
                              for i, _ in enumerate(wild_sets, start=1)])
    mo.vstack([mo.hstack([cards_view(c, rules, width=34, label=f"meld {i}"), t], justify="start", wrap=True)
               for i, (c, t) in enumerate(zip(wild_sets, wild_ticks), start=1)]
              + [hint("Count the cards of each set: wild cards alone are a meld only as a wild canasta.")])
    return wild_sets, wild_ticks


@app.cell
def wild_set_check(tracker, wild_sets, wild_ticks):
    _right, _text = wild_set_feedback(wild_sets, wild_ticks.value)
    practise(_right, _text, _text, tracker=tracker, exercise="wild-or-not", waiting="Answer for every set.")
    return


@app.cell(hide_code=True)
def _(wild_sets):
    solution("Show the solution", mo.vstack([meld_verdict(rules, c, going_out=False) for c in wild_sets]))
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
