# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Canasty 1: wild kings, bonus cards and sets"
# description = "Kings and deuces wild, jokers as bonus cards, the batch rule for replacements, and sets."
# ///
"""Canasty 1: kings and deuces wild, jokers as bonus cards, the batch rule for replacements, and sets."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasty 1: wild kings, bonus cards and sets")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (cards_view, check, deal, deal_button, deal_until, hand_widget, hint, kind_feedback,
                          ladder_step, learn, meld_mistake, meld_verdict, number_word, pack_cards, pairs, practise,
                          problem, progress_widget, quote, recap, shuffled_pack, solution, sort_hand, whole_number)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import TutorError
    from tutor.melds import judge
    from tutor.render import cards_text
    from tutor.rules import rules_for
    from tutor.scoring import canasta_bonus

    rules = rules_for("canasty")
    LESSON = "08_canasty_cards_and_sets"
    EXERCISES = ("wild-cards", "lay-out", "replacements", "pick-a-set", "legal-set", "every-wild", "seven-bonus",
                 "one-too-many", "counts-minus")
    # The "one too many" tables grow, as players: two packs, then three, then four, so a card comes
    # more and more often before one copy is too many.
    PACK_STEPS = (4, 7, 10)
    # The "counts minus" hands climb: a black three beside kings, then a joker too, then a red three as well.
    MINUS_STEPS = (("3S",), ("3C", "JK"), ("3S", "JK", "3D"))
    # The "lay them out" hands climb, as (red threes, jokers) dealt: one red three, then a joker beside it,
    # then two red threes and a joker, of which only the first red three draws two.
    BONUS_STEPS = ((1, 0), (1, 1), (2, 1))
    # The "every wild card in one set" questions climb: one wild card, then more wild cards than a pair of
    # naturals (legal here, unlike in the classic game), then enough of them to make a set of seven.
    WILD_STEPS = (1, 3, 5)
    # The "pick a set" hands climb: three naturals of one rank to find, then only pairs that need a wild card,
    # then a single pair among lone naturals and wild cards that tempt a set of one natural.
    SET_STEPS = ("three-naturals", "pair-and-wild", "one-pair")
    # The "legal or not" sets climb from a plain set to the ones beginners misjudge, then come in any order.
    LEGAL_STEPS = ("naturals", "one-natural", "wilds-outnumber", "black-threes", "mixed-ranks", "with-joker")
    # The "set of seven" hands climb, as (players, naturals of the rank): a set of seven that needs wild
    # cards, then one that earns more without them, then the same at bigger tables with more packs.
    SEVEN_STEPS = ((4, 5), (4, 7), (6, 7), (10, 7))


@app.function
def replacements(batch) -> int:
    """Cards drawn to replace one batch of bonus cards: the first red three draws two, every other bonus card one."""
    extra = 1 if any(c.rank == "3" for c in batch) else 0
    return len(batch) + extra


@app.function
def bonus_question(n: int) -> tuple:
    """The n-th "lay them out" hand, as dealt: this many red threes and jokers among kings, 2s and black threes."""
    reds, jokers = ladder_step(n, BONUS_STEPS)
    for k in range(3000):
        hand = shuffled_pack(rules, 8100 + n * 3000 + k)[:rules.layout.hand]
        bonus = [c for c in hand if rules.role(c) == "bonus"]
        if (sum(c.rank == "3" for c in bonus), sum(c.rank == "JK" for c in bonus)) == (reds, jokers) \
                and any(rules.is_wild(c) for c in hand):
            return sort_hand(rules, hand)
    raise ValueError("no hand with these bonus cards")


@app.function
def bonus_feedback(hand, selected) -> tuple:
    """(right?, message) for "select every bonus card", with the replacements the batch draws."""
    right, text = kind_feedback(rules, hand, selected, "bonus", "bonus cards")
    if right:
        batch = [c for c in hand if rules.role(c) == "bonus"]
        draws = replacements(batch)
        many = len(batch) > 1
        extra = ", and one more for the first red three." if any(c.rank == "3" for c in batch) else "."
        text = (f"Right: {cards_text(batch)} {'are the bonus cards' if many else 'is the bonus card'} in this hand. "
                f"Laid out as one batch, {'they draw' if many else 'it draws'} **{draws}** replacements from the "
                f"stock: one for each bonus card{extra}")
    return right, text


@app.function
def batches_text(batches) -> str:
    if not batches:
        return "No bonus card in this deal."
    lines = []
    for i, batch in enumerate(batches, start=1):
        lines.append(f"{i}. revealed together: `{format_cards(batch)}`, so **{replacements(batch)}** replacement"
                     f"{'s' * (replacements(batch) != 1)}")
    return "\n".join(lines)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Canasty: wild kings, bonus cards and sets
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how many play Canasty and with how many packs;",
        "which cards are wild (kings and 2s) and which are bonus cards (jokers and red threes);",
        "what every card is worth, including a black three that always counts minus;",
        "the batch rule for drawing replacements;",
        "what makes a legal set, and what a set of seven earns.",
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
    ## A party game

    Canasty is Canasta for a crowd: from two up to twelve players, each
    playing for himself, with more packs as the table grows. Everyone gets
    11 cards.
    """)
    return


@app.cell(hide_code=True)
def _():
    _rows = ["| players | packs (with jokers) |", "|:---|---:|"]
    _rows += [f"| {', '.join(map(str, r['players']))} | {r['decks']} |" for r in rules.data["layouts"]]
    mo.vstack([mo.md("\n".join(_rows)), quote(rules, "Y-DECK")])
    return


@app.function
def too_many_question(n: int) -> dict:
    """The n-th "one too many" row: every copy of one natural the table's packs hold, and one more, among others."""
    players = ladder_step(n, PACK_STEPS)
    table_rules = rules_for("canasty", {"players": players})
    rng = random.Random(8500 + n)
    rank, *others = rng.sample(list(table_rules.natural_ranks), 4)
    card = Card(rank, rng.choice("SHDC"))
    # the other cards: the same rank in another suit (a card alike, but not the same), and lone naturals
    alike = Card(rank, rng.choice([s for s in "SHDC" if s != card.suit]))
    row = [card] * (table_rules.copies(card) + 1) + [alike] + [Card(r, rng.choice("SHDC")) for r in others]
    rng.shuffle(row)
    return {"row": tuple(row), "players": players, "rules": table_rules}


@app.function
def too_many_feedback(question, selected) -> tuple:
    """(right?, message) for "select the one card too many", by the number of copies the table's packs hold."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    table_rules, row = question["rules"], question["row"]
    decks = table_rules.layout.decks
    over = [c for c in dict.fromkeys(row) if row.count(c) > table_rules.copies(c)]
    if len(picked) > 1:
        return False, "Only one card is too many: select a single card."
    card = picked[0]
    if card not in over:
        return False, (f"{card.symbol()} may well be there: {question['players']} players play with "
                       f"{number_word(decks)} packs, and {card.symbol()} shows {number_word(row.count(card))} "
                       f"time{'s' * (row.count(card) != 1)} here. Count each card of the same rank and suit.")
    return True, (f"Right: {number_word(decks).capitalize()} packs hold {number_word(table_rules.copies(card))} "
                  f"{card.symbol()}, and the row shows {number_word(row.count(card))}. The more players, the more "
                  "packs, the more copies of each card.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: one card too many

    Every card below turned up in one game, but one of them cannot have:
    the packs on this table do not hold that many copies of it. Select
    **the card that is one too many**. The table grows from question to
    question, and so do its packs.
    """)
    return


@app.cell
def _():
    new_too_many = deal_button("Next table")
    new_too_many
    return (new_too_many,)


@app.cell
def _(new_too_many):
    many_ask = too_many_question(new_too_many.value)
    many_pick = hand_widget(rules, many_ask["row"])
    mo.vstack([mo.md(f"A table of **{many_ask['players']}** players."), many_pick,
               hint("Find the table's number of packs above: each pack holds every card once. Then count the "
                    "copies of each card, suit as well as rank.")])
    return many_ask, many_pick


@app.cell
def too_many_check(many_ask, many_pick, tracker):
    _right, _text = too_many_feedback(many_ask, many_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="one-too-many", waiting="Select one card.")
    return


@app.cell(hide_code=True)
def _(many_ask):
    _row, _rules = many_ask["row"], many_ask["rules"]
    _card = next(c for c in _row if _row.count(c) > _rules.copies(c))
    solution("Show the solution", mo.md(
        f"{many_ask['players']} players play with **{number_word(_rules.layout.decks)}** packs, so there are "
        f"{number_word(_rules.copies(_card))} {_card.symbol()} in play; the row shows "
        f"{number_word(_row.count(_card))}. Any one {_card.symbol()} is the card too many."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Kings are wild; jokers are not

    The first surprise: the **kings** are wild, together with the 2s. Jokers
    are not wild at all. Like red threes they are **bonus cards**, laid out
    as soon as they turn up.

    The values follow from that. A king, being wild, is worth 50; a 2, 25.
    A black three counts **minus 25** wherever it ends the hand, even melded
    (and threes are never melded in Canasty anyway). Red threes (100) and
    jokers (50) count plus for a player who is *down* (has melded) by the end
    of the hand, and minus for one who is not.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-WILD", "Y-VALUES")
    return


@app.function
def minus_question(n: int) -> tuple:
    """The n-th "counts minus" hand, as it ends for a player who is not down: dealt cards, a king and these cards."""
    extra = ladder_step(n, MINUS_STEPS)
    rng = random.Random(8600 + n)
    hand = list(deal(rules, 8600 + n, cards=7)["hand"])
    return sort_hand(rules, hand + [Card("K", rng.choice("SHDC")), Card("2", rng.choice("SHDC"))]
                     + list(parse_cards(" ".join(extra))))


@app.function
def counts_minus(card) -> bool:
    """Does this card count minus for a player not down? A minus value, or a bonus card (by the variant's data)."""
    return rules.value(card) < 0 or rules.role(card) == "bonus"


@app.function
def minus_feedback(hand, selected) -> tuple:
    """(right?, message) for "select every card that counts minus for a player who is not down"."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    stray = next((c for c in picked if not counts_minus(c)), None)
    if stray is not None:
        why = ("a wild card, never a bonus card, so it counts plus" if rules.is_wild(stray)
               else "a natural, counting plus")
        return False, f"Not {stray.symbol()}: it is {why} ({rules.value(stray)}), down or not."
    missed = [c for c in hand if counts_minus(c) and picked.count(c) < hand.count(c)]
    if missed:
        card = missed[0]
        why = ("a black three counts minus wherever it ends the hand" if rules.role(card) != "bonus"
               else "a bonus card counts plus only for a player who is down, and minus for one who is not")
        return False, f"Look again at {card.symbol()}: {why}."
    total = sum(abs(rules.value(c)) for c in picked)
    return True, (f"Right: {cards_text(picked)} count{'s' * (len(picked) == 1)} minus here, "
                  f"**{total}** in all. The kings and 2s are wild and count plus.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: what counts minus?

    The hand is over, and this player is **not down**. Select **every
    card that counts minus**, and nothing else. First a black three; then a
    joker beside it; then a red three as well.
    """)
    return


@app.cell
def _():
    new_minus = deal_button("Next hand")
    new_minus
    return (new_minus,)


@app.cell
def _(new_minus):
    minus_hand = minus_question(new_minus.value)
    minus_pick = hand_widget(rules, minus_hand)
    mo.vstack([minus_pick, hint("Wild cards count plus, down or not. Which cards are bonus cards here, and what "
                                "happens to a black three?")])
    return minus_hand, minus_pick


@app.cell
def minus_check(minus_hand, minus_pick, tracker):
    _right, _text = minus_feedback(minus_hand, minus_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="counts-minus", waiting="Select the cards that count minus.")
    return


@app.cell(hide_code=True)
def _(minus_hand):
    _minus = [c for c in minus_hand if counts_minus(c)]
    solution("Show the solution", mo.md(f"{cards_text(_minus)}: the black threes always, the jokers and red threes "
                                        "because this player is not down."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Replacements come in batches

    A bonus card, dealt or drawn, goes face up on the table and is replaced
    from the stock. Canasty adds a twist: the cards revealed together form a
    **batch**, and in each batch the *first red three* draws **two**
    replacements while every other bonus card draws one. The replacements
    form the next batch, and so on until no bonus card turns up.

    So a deal with two red threes and a joker draws 2 + 1 + 1 = 4 cards; a
    red three whose two replacements are both red threes draws 2, then 3.
    A bonus card that comes with the discard pile is laid out with no
    replacement.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-BONUSDRAW")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: lay them out

    This Canasty hand is shown as dealt. Select **every card you lay out**
    on the table, and nothing else. The first hand has one bonus card; the
    next two; then three.
    """)
    return


@app.cell
def _():
    new_bonus = deal_button("Next hand")
    new_bonus
    return (new_bonus,)


@app.cell
def _(new_bonus):
    bonus_hand = bonus_question(new_bonus.value)
    bonus_pick = hand_widget(rules, bonus_hand)
    mo.vstack([bonus_pick, hint("Bonus cards are laid out, wild cards are kept. Which one is the joker here?")])
    return bonus_hand, bonus_pick


@app.cell
def bonus_check(bonus_hand, bonus_pick, tracker):
    _right, _text = bonus_feedback(bonus_hand, bonus_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="lay-out", waiting="Select the cards you lay out.")
    return


@app.cell(hide_code=True)
def _(bonus_hand):
    _batch = [c for c in bonus_hand if rules.role(c) == "bonus"]
    solution("Show the solution", mo.md(f"Lay out {cards_text(_batch)}, then draw **{replacements(_batch)}** "
                                        "replacements."))
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    _dealt = deal_until(rules, 808 + deal_again.value, lambda d: len(d["red_threes"]) >= 2 and pairs(rules, d["hand"]) >= 2)
    dealt = _dealt
    _size = len(_dealt["hand"])
    mo.vstack([mo.md(batches_text(_dealt["batches"])),
               cards_view(_dealt["red_threes"], rules, label="Bonus cards laid out"),
               mo.md(f"The hand now holds **{_size}** cards: every batch with a red three in it adds one.")])
    return (dealt,)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Sets

    Canasty calls a meld a **set**: three or more cards of one rank, from 4
    up to the queen or the ace (kings are wild, so there are no sets of
    kings), with at least **two naturals** and **any number of wild cards**.
    There is no cap, and wild cards may even outnumber the naturals. Threes
    are never melded. Each player has one set of each rank.

    Select cards in the hand dealt above to see them judged.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-SET")
    return


@app.cell
def _(dealt):
    hand_view = hand_widget(rules, dealt["hand"])
    hand_view
    return (hand_view,)


@app.cell
def set_verdict(hand_view):
    meld_verdict(rules, hand_view.widget.selected_cards(), empty="Select cards to see whether they make a legal set.")
    return


@app.function
def natural_counts(hand) -> Counter:
    """How many naturals of each rank the cards hold."""
    return Counter(c.rank for c in hand if rules.is_natural(c))


@app.function
def pick_set_question(n: int) -> tuple:
    """The n-th "pick a set" hand: a dealt Canasty hand (bonus cards laid out) whose sets grow harder to see."""
    step = ladder_step(n, SET_STEPS)

    def fits(dealt) -> bool:
        counts = natural_counts(dealt["hand"])
        wilds = sum(rules.is_wild(c) for c in dealt["hand"])
        most = max(counts.values(), default=0)
        if step == "three-naturals":
            return most >= 3
        if step == "pair-and-wild":
            return most == 2 and wilds >= 1
        return most == 2 and sum(k == 2 for k in counts.values()) == 1 and wilds >= 2

    return deal_until(rules, 8200 + n, fits, tries=3000)["hand"]


@app.function
def set_mistake(cards) -> str | None:
    """What is wrong with these cards as a Canasty set, in plain words (``None``: a legal set), by the set rules."""
    bonus = next((c for c in cards if rules.role(c) == "bonus"), None)
    if bonus is not None:
        return f"{bonus.symbol()} is a bonus card in Canasty, not a wild card: it is laid out, never put in a set"
    if len(cards) >= rules["meld"]["min_cards"] and all(rules.is_wild(c) for c in cards):
        return (f"{cards_text(cards)} holds no natural. However many wild cards a set carries, it needs at least "
                f"{number_word(rules['meld']['min_naturals'])} naturals of one rank")
    return meld_mistake(rules, cards)


@app.function
def legal_set_text(cards) -> str:
    """Why a legal set is legal: its naturals and its wild cards, judged by the set rules."""
    meld = judge(rules, tuple(cards), going_out=False)
    wilds = (f" and {number_word(meld.wilds)} wild card{'s' * (meld.wilds != 1)}" if meld.wilds
             else ", no wild card")
    return (f"{cards_text(cards)} is a legal set: {number_word(meld.naturals)} naturals of one rank{wilds}. "
            f"Any {number_word(rules['meld']['min_naturals'])} naturals of a rank carry any number of wild cards.")


@app.function
def pick_set_feedback(hand, selected) -> tuple:
    """(right?, message) for "select one legal set" from a dealt hand, judged by the set rules."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    mistake = set_mistake(picked)
    if mistake is not None:
        return False, f"Not a legal set: {mistake}."
    return True, "Right: " + legal_set_text(picked)


@app.function
def a_set_in(hand) -> tuple:
    """One legal set in the hand, found by the set rules: the naturals of a rank, with a wild card if they need one."""
    counts = natural_counts(hand)
    wilds = [c for c in hand if rules.is_wild(c)]
    for rank, _ in counts.most_common():
        naturals = [c for c in hand if rules.is_natural(c) and c.rank == rank]
        for cards in (naturals, naturals + wilds[:1]):
            if set_mistake(cards) is None:
                return tuple(cards)
    return ()


@app.function
def legal_set_question(n: int) -> dict:
    """The n-th "legal or not" set: cards put down as one set, climbing through the usual mistakes."""
    kind = ladder_step(n, LEGAL_STEPS) if n < len(LEGAL_STEPS) else random.Random(n).choice(LEGAL_STEPS)
    rng = random.Random(8300 + n)
    used = Counter()
    a, b = rng.sample(list(rules.natural_ranks), 2)

    def wilds(k: int) -> list:
        return [pack_cards(rules, rng, used, rng.choice(sorted(rules.wild_ranks)), 1)[0] for _ in range(k)]

    if kind == "naturals":
        cards = pack_cards(rules, rng, used, a, rng.randint(3, 4))
    elif kind == "one-natural":
        cards = pack_cards(rules, rng, used, a, 1) + wilds(rng.randint(2, 3))
    elif kind == "wilds-outnumber":
        cards = pack_cards(rules, rng, used, a, 2) + wilds(rng.randint(3, 4))
    elif kind == "black-threes":
        cards = [c for c in parse_cards("3S 3C") if rules.role(c) == "blocker"] + wilds(1)
    elif kind == "mixed-ranks":
        cards = pack_cards(rules, rng, used, a, 2) + pack_cards(rules, rng, used, b, 1) + wilds(1)
    else:
        cards = pack_cards(rules, rng, used, a, 2) + pack_cards(rules, rng, used, "JK", 1)
    return {"cards": sort_hand(rules, cards), "kind": kind}


@app.function
def legal_set_feedback(question, answer) -> tuple:
    """(right?, message) for "is this a legal set?", the answer judged by the set rules."""
    if answer is None:
        return None, ""
    cards = question["cards"]
    mistake = set_mistake(cards)
    legal = mistake is None
    if (answer == "legal") == legal:
        return True, "Right: " + (legal_set_text(cards) if legal else f"not a legal set: {mistake}.")
    if legal:
        return False, "It is a legal set. " + legal_set_text(cards)
    return False, f"Not a legal set: {mistake}."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: pick a set

    Select the cards of **one legal set** in this Canasty hand (its bonus
    cards are already laid out). The first hands hold three naturals of a
    rank; later you need a wild card to finish a pair.
    """)
    return


@app.cell
def _():
    new_set = deal_button("Next hand")
    new_set
    return (new_set,)


@app.cell
def _(new_set):
    set_hand = pick_set_question(new_set.value)
    set_pick = hand_widget(rules, set_hand)
    mo.vstack([set_pick, hint(f"Look for {number_word(rules['meld']['min_naturals'])} or more naturals of one rank "
                              "(not threes, not kings). A king or a 2 may join them.")])
    return set_hand, set_pick


@app.cell
def pick_set_check(set_hand, set_pick, tracker):
    _right, _text = pick_set_feedback(set_hand, set_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="pick-a-set", waiting="Select the cards of one set.")
    return


@app.cell(hide_code=True)
def _(set_hand):
    _set = a_set_in(set_hand)
    solution("Show a solution", mo.md(f"For example {cards_text(_set)}." if _set else "This hand holds no set."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: legal or not?

    A player puts these cards down as one set. Is it a legal set? The
    first is plain; then come the sets beginners misjudge.
    """)
    return


@app.cell
def _():
    new_legal = deal_button("Next set")
    new_legal
    return (new_legal,)


@app.cell
def _(new_legal):
    legal_ask = legal_set_question(new_legal.value)
    legal_answer = mo.ui.radio(options={"a legal set": "legal", "not a legal set": "not legal"}, label="These cards are")
    mo.vstack([cards_view(legal_ask["cards"], rules, width=56), legal_answer,
               hint("Count the naturals of one rank first: kings and 2s are wild, jokers and threes are never "
                    "in a set.")])
    return legal_answer, legal_ask


@app.cell
def legal_set_check(legal_answer, legal_ask, tracker):
    _right, _text = legal_set_feedback(legal_ask, legal_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="legal-set", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(legal_ask):
    solution("Show the rule's verdict", meld_verdict(rules, legal_ask["cards"], going_out=False))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Sets of seven

    A set of seven or more cards is Canasty's canasta: **500** if natural,
    **300** if it holds a wild card, on top of its cards. With more than two
    packs on the table both bonuses drop by 50 for each extra pack.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-SEVEN")
    return


@app.cell
def _():
    players_pick = mo.ui.slider(start=2, stop=12, value=4, label="Players", show_value=True)
    seven_text = mo.ui.text(value="QS QH QD QC QS KH 2D", label="A set of seven", full_width=True)
    mo.vstack([players_pick, seven_text])
    return players_pick, seven_text


@app.cell
def seven_verdict(players_pick, seven_text):
    _rules = rules_for("canasty", {"players": players_pick.value})
    try:
        _meld = judge(_rules, parse_cards(seven_text.value))
    except TutorError as _error:
        _shown = problem(_error)
    else:
        _bonus = canasta_bonus(_rules, _meld)
        _shown = (mo.md(f"With {_rules.layout.decks} packs this {_bonus.item} earns **{_bonus.points}** "
                        f"on top of its cards.") if _bonus else mo.md("A legal set, but not yet seven cards."))
    _shown
    return


@app.function
def every_wild_question(n: int) -> tuple:
    """The n-th "every wild card in one set" hand: a dealt Canasty hand with a natural pair and this many wild cards."""
    wilds = ladder_step(n, WILD_STEPS)
    dealt = deal_until(rules, 8900 + n, lambda d: pairs(rules, d["hand"]) >= 1
                       and sum(rules.is_wild(c) for c in d["hand"]) == wilds, tries=2000)
    return dealt["hand"]


@app.function
def every_wild_feedback(hand, selected) -> tuple:
    """(right?, message) for "one legal set holding every wild card", judged by the set rules."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    if len(picked) >= rules["meld"]["min_cards"] and not any(rules.is_natural(c) for c in picked):
        return False, (f"Not a legal set: {cards_text(picked)} holds no natural. However many wild cards a set "
                       f"carries, it needs at least {number_word(rules['meld']['min_naturals'])} naturals of one "
                       "rank.")
    mistake = meld_mistake(rules, picked)
    if mistake is not None:
        return False, f"Not a legal set: {mistake}."
    # Counted by copy: two packs may deal the same wild card twice.
    held = Counter(c for c in hand if rules.is_wild(c))
    left = list((held - Counter(c for c in picked if rules.is_wild(c))).elements())
    if left:
        return False, (f"A legal set, but {cards_text(left)} stay{'s' * (len(left) == 1)} in your hand. Here wild "
                       "cards may outnumber the naturals: two naturals carry every wild card you hold.")
    meld = judge(rules, tuple(picked), going_out=False)
    wilds = sum(rules.is_wild(c) for c in picked)
    bonus = canasta_bonus(rules, meld)
    seven = (f" With {number_word(len(picked))} cards it is a set of seven: {bonus.points} on top of its cards."
             if bonus else "")
    return True, (f"Right: {cards_text(picked)} is a legal set, {number_word(meld.naturals)} naturals carrying "
                  f"{number_word(wilds)} wild card{'s' * (wilds != 1)}.{seven}")


@app.function
def wild_question(seed: int) -> tuple:
    """A Canasty hand with wild cards and a joker or a red three among them, as dealt (before laying out)."""
    rng = random.Random(seed)
    hand = list(deal(rules, 8800 + seed, cards=8)["hand"])
    return tuple(hand + [Card("K", rng.choice("SHDC")), Card("2", rng.choice("SHDC")),
                         rng.choice([Card("JK"), Card("3", "H")])])


@app.function
def wild_feedback(hand, selected) -> tuple:
    """(right?, message) for "select every wild card" under Canasty's rules."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    wild = [c for c in hand if rules.is_wild(c)]
    not_wild = [c for c in picked if not rules.is_wild(c)]
    if not_wild:
        card = not_wild[0]
        why = {"bonus": "in Canasty jokers and red threes are bonus cards, laid out and replaced, never wild"}.get(
            rules.role(card), f"{card} is a natural here")
        return False, f"Not {card}: {why}."
    if len(picked) < len(wild):
        return False, f"{len(wild) - len(picked)} more: in Canasty every king and every 2 is wild."
    return True, f"Right: {format_cards(picked)} are wild in Canasty: the kings and the 2s."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: every wild card in one set

    Select **one legal set** that holds **every wild card** in this hand.
    The first hand has one wild card; the next has more wild cards than a
    pair of naturals; then enough of them for a set of seven.
    """)
    return


@app.cell
def _():
    new_every = deal_button("Next hand")
    new_every
    return (new_every,)


@app.cell
def _(new_every):
    every_hand = every_wild_question(new_every.value)
    every_pick = hand_widget(rules, every_hand)
    mo.vstack([every_pick, hint("Find a pair of naturals of one rank (not threes). A set needs two naturals, "
                                "and then takes any number of kings and 2s.")])
    return every_hand, every_pick


@app.cell
def every_wild_check(every_hand, every_pick, tracker):
    _right, _text = every_wild_feedback(every_hand, every_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="every-wild", waiting="Select one set.")
    return


@app.cell(hide_code=True)
def _(every_hand):
    _wilds = [c for c in every_hand if rules.is_wild(c)]
    _rank = next(c.rank for c in every_hand if rules.is_natural(c) and sum(d.rank == c.rank for d in every_hand) >= 2)
    _pair = [c for c in every_hand if c.rank == _rank][:2]
    solution("Show a solution", mo.md(f"The pair {cards_text(_pair)} with every wild card, "
                                      f"{cards_text(_wilds)}: {cards_text(_pair + _wilds)}."))
    return


@app.function
def best_seven(table_rules, hand) -> int | None:
    """The biggest set-of-seven bonus the hand can earn in one set, by the set and bonus rules."""
    wilds = [c for c in hand if table_rules.is_wild(c)]
    best = None
    for rank in natural_counts(hand):
        naturals = [c for c in hand if table_rules.is_natural(c) and c.rank == rank]
        for cards in (naturals, naturals + wilds):
            try:
                meld = judge(table_rules, tuple(cards), going_out=False)
            except TutorError:
                continue
            bonus = canasta_bonus(table_rules, meld)
            if bonus is not None and (best is None or bonus.points > best):
                best = bonus.points
    return best


@app.function
def seven_question(n: int) -> dict:
    """The n-th "biggest bonus" hand: naturals of one rank, wild cards and lone naturals, at a table that grows."""
    players, naturals = ladder_step(n, SEVEN_STEPS)
    table_rules = rules_for("canasty", {"players": players})
    rng = random.Random(8400 + n)
    used = Counter()
    rank, *others = rng.sample(list(table_rules.natural_ranks), 4)
    cards = pack_cards(table_rules, rng, used, rank, naturals)
    cards += [pack_cards(table_rules, rng, used, rng.choice(sorted(table_rules.wild_ranks)), 1)[0]
              for _ in range(table_rules["canasta"]["min_cards"] - naturals + 1)]
    cards += [pack_cards(table_rules, rng, used, r, 1)[0] for r in others]
    hand = sort_hand(table_rules, cards)
    return {"hand": hand, "players": players, "rules": table_rules, "best": best_seven(table_rules, hand)}


@app.function
def seven_feedback(question, selected) -> tuple:
    """(right?, message) for "the set of seven that earns the biggest bonus", judged by the set and bonus rules."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    table_rules = question["rules"]
    mistake = set_mistake(picked)
    if mistake is not None:
        return False, f"Not a legal set: {mistake}."
    meld = judge(table_rules, tuple(picked), going_out=False)
    bonus = canasta_bonus(table_rules, meld)
    if bonus is None:
        return False, (f"A legal set, but only {number_word(len(picked))} cards: a set earns its bonus from "
                       f"{number_word(table_rules['canasta']['min_cards'])} cards on. Add the other cards of its "
                       "rank, or wild cards.")
    if bonus.points < question["best"]:
        return False, (f"A set of seven, but with a wild card in it: it earns {bonus.points}. Leave the wild cards "
                       f"in your hand: the naturals alone earn {question['best']}.")
    return True, (f"Right: {cards_text(picked)} is a {bonus.item}, {bonus.points} on top of its cards with "
                  f"{number_word(table_rules.layout.decks)} packs on the table.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: the biggest bonus

    Select the **one set of seven** in this hand that earns the **biggest
    bonus**. The first hand needs its wild cards; in the next ones, think
    twice before you add them; then the table grows, and so do the packs.
    """)
    return


@app.cell
def _():
    new_seven = deal_button("Next hand")
    new_seven
    return (new_seven,)


@app.cell
def _(new_seven):
    seven_ask = seven_question(new_seven.value)
    seven_pick = hand_widget(rules, seven_ask["hand"])
    _decks = seven_ask["rules"].layout.decks
    mo.vstack([mo.md(f"A table of **{seven_ask['players']}** players, so **{number_word(_decks)}** packs."),
               seven_pick,
               hint("A set of seven with no wild card in it is natural, and earns more than one holding a king "
                    "or a 2. Each pack beyond the base lowers both bonuses.")])
    return seven_ask, seven_pick


@app.cell
def seven_check(seven_ask, seven_pick, tracker):
    _right, _text = seven_feedback(seven_ask, seven_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="seven-bonus", waiting="Select one set of seven.")
    return


@app.cell(hide_code=True)
def _(seven_ask):
    solution("Show the answer", mo.md(f"The best set of seven here earns **{seven_ask['best']}** on top of its "
                                      "cards: the naturals alone if there are enough of them, else the naturals "
                                      "with the wild cards."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 1: Canasty's wild cards

    Select **every wild card** in this Canasty hand, and nothing else.
    """)
    return


@app.cell
def _():
    new_wild_hand = deal_button("Another hand")
    new_wild_hand
    return (new_wild_hand,)


@app.cell
def _(new_wild_hand):
    wild_hand = wild_question(new_wild_hand.value)
    wild_pick = hand_widget(rules, wild_hand)
    mo.vstack([wild_pick, hint("Canasty changes which cards are wild: look at the gold W, and think of the joker.")])
    return wild_hand, wild_pick


@app.cell
def wild_check(tracker, wild_hand, wild_pick):
    _right, _text = wild_feedback(wild_hand, wild_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="wild-cards", waiting="Select the wild cards.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 2: how many replacements?

    These bonus cards were revealed together, in one batch. How many cards
    does the player draw to replace them?
    """)
    return


@app.cell
def _():
    new_question = deal_button("New batch")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    _rng = random.Random(8000 + new_question.value)
    question_batch = tuple(_rng.choice([Card("3", "H"), Card("3", "D"), Card("JK")]) for _ in range(_rng.randint(1, 4)))
    answer_box = mo.ui.text(placeholder="a whole number", label="Replacement cards")
    mo.vstack([cards_view(question_batch, rules, width=60), answer_box])
    return answer_box, question_batch


@app.cell
def exercise_feedback(answer_box, question_batch, tracker):
    _right = replacements(question_batch)
    try:
        _given = whole_number(answer_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _shown = practise(None if _given is None else _given == _right, f"Right: {_right}.",
                       "Not quite. One card for each bonus card, and one more if the batch holds a red three "
                       "(only the first red three draws two).", tracker=tracker, exercise="replacements")
    _shown
    return


@app.cell(hide_code=True)
def _(question_batch):
    _reds = sum(1 for c in question_batch if c.rank == "3")
    solution("Show the solution", mo.md(
        f"{len(question_batch)} bonus card{'s' * (len(question_batch) != 1)}, one replacement each, "
        + ("plus one more for the first red three: " if _reds else "and no red three among them: ")
        + f"**{replacements(question_batch)}**."))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "Canasty's wild cards are the kings and the 2s; jokers and red threes are bonus cards.",
        'Bonus cards are replaced in batches: one card for each, and one more for the first red three of a batch.',
        'A set needs at least two naturals; a black three always counts minus.',
    ], "09_canasty_down_and_pile")
    return


if __name__ == "__main__":
    app.run()
