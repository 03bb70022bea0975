# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Start here: your first hand"
# description = "What Canasta is, who plays with whom, what you aim for, and your first turn with a coach."
# ///
"""Start here: what Canasta is, who plays with whom, what you aim for, and a first turn played with a coach."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasta Tutor: start here")

with app.setup:
    import marimo as mo

    from rulebook import (COMPASS, ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, hint,
                          ladder_step, learn, number_word, pairs, play_text, practise, progress_widget, quote, recap,
                          solution)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.questions import referee
    from tutor.render import cards_text
    from tutor.rules import load_variant, rules_for
    from tutor.spot import Spot

    rules = rules_for("classic")
    LESSON = "00_start_here"
    EXERCISES = ("partner-seat", "whose-melds", "canasta-size", "canastas-to-go-out", "turn-order",
                 "complete-turn", "first-turn")
    # The seat questions climb: your partner when you sit South, then from any seat, then who plays after you.
    SEAT_STEPS = ("partner-from-south", "partner", "next-player")
    # The games asked about: first the two tables of classic Canasta, then any table of these games.
    GAME_STEPS = (("classic", 4), ("classic", 2))
    GAMES = ("classic", "house")
    # The proposed turns climb: a bare discard, no discard, two discards, then any kind, melds included.
    PROPOSAL_STEPS = ("discard-only", "no-discard", "two-discards")
    PROPOSAL_KINDS = ("discard-only", "no-discard", "two-discards", "meld-and-discard", "short-meld")
    # The discard questions climb: nothing melded yet, then melds on the table, then a hand so short that
    # melding it all and discarding would go out, which no side may do before its canasta.
    TURN_STEPS = ("nothing-melded", "melded", "keep-a-card")
    # The scripted first turn: the card just drawn is the last one, the seven of hearts.
    FIRST_HAND = "AS AH AD 9C 9D KS 7S 5H 4C 2D 7H"
    FIRST_MELD = "AS AH AD"


@app.function
def coach(selected, groups) -> tuple:
    """The coach's next word on the scripted first turn: (finished?, what to do or what went wrong)."""
    need = rules.initial_need(0)
    groups = [format_cards(parse_cards(g)) for g in groups]
    selected = parse_cards(selected)
    if not groups:
        picked = format_cards(selected)
        if not selected:
            return False, ("Step 1 of 2, meld. You hold three aces. Select A♠ A♥ A♦ (click each), then press "
                           "**Group**.")
        if len(selected) < 3:
            return False, f"{picked}: a meld needs at least three cards of one rank. Keep selecting."
        if picked != FIRST_MELD:
            return False, (f"{picked} is not the meld to start with: select the three aces, "
                           f"worth {sum(rules.value(c) for c in parse_cards(FIRST_MELD))} points.")
        return False, "Good: now press **Group** to set the aces down as a meld."
    points = sum(rules.value(c) for g in groups for c in parse_cards(g))
    spot = Spot.from_dict({"variant": "classic", "hand": FIRST_HAND, "phase": "drawn", "score": 0})
    if len(selected) != 1:
        return False, (f"Step 2 of 2, discard. Your meld is worth {points}; a side's first meld needs {need}. "
                       "Now select **one** card to throw away, face up, on the pile: a low card that fits "
                       "nothing, such as the 4♣, is a good choice.")
    try:
        play = play_text(spot, [parse_cards(g) for g in groups], [str(c) for c in selected])
    except ValueError as error:
        return False, str(error)
    verdict, _ = ask_verdict("play", spot, play=play)
    if verdict is None or not verdict.answer:
        why = "; ".join(r.text for r in verdict.reasons) if verdict is not None else "the referee could not judge it"
        return False, f"Not this turn: {why}. Press **Clear** and try again."
    return True, (f"Your turn is complete: you drew, melded {' and '.join(groups)} ({points} points, at least the "
                  f"{need} a first meld needs) and discarded {selected[0]}. Your partner may now meld anything "
                  "legal: your side is down.")


@app.function
def turn_question(n: int) -> Spot:
    """The n-th "end the turn" question: a dealt hand just after the draw, on a table that grows harder."""
    step = ladder_step(n, TURN_STEPS)
    dealt = deal_until(rules, 5000 + n, lambda d: pairs(rules, d["hand"]) >= 2
                       and any(rules.is_wild(c) for c in d["hand"])
                       and len({c.rank for c in d["hand"]} & set(rules.natural_ranks)) < len(rules.natural_ranks),
                       cards=12)
    hand = list(dealt["hand"])
    # A meld already on the table, of a rank the hand does not hold (so every copy of it is still free).
    absent = next(r for r in reversed(rules.natural_ranks) if all(c.rank != r for c in hand))
    table = [format_cards([Card(absent, s) for s in "SHD"])]
    if step == "nothing-melded":
        return Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "phase": "drawn", "score": 0})
    if step == "keep-a-card":
        # A pair and a wild card that would make a meld, and one loose card: four cards in all.
        rank = next(c.rank for c in hand if rules.is_natural(c) and sum(d.rank == c.rank for d in hand) >= 2)
        pair = [c for c in hand if c.rank == rank][:2]
        wild = next(c for c in hand if rules.is_wild(c))
        loose = next(c for c in hand if rules.is_natural(c) and c.rank != rank)
        hand = pair + [wild, loose]
    return Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "melds": table, "phase": "drawn",
                           "score": 0})


@app.function
def turn_feedback(spot, groups, selected) -> tuple:
    """(right?, message) for the end of a turn built on the cards, judged by the referee."""
    groups = [tuple(g) for g in groups]
    selected = [str(c) for c in selected]
    if not groups and not selected:
        return None, ""
    if not selected:
        return False, ("Your turn is not over yet: after the draw and any melds, it ends with a discard. Select the "
                       "one card that goes onto the pile.")
    if len(selected) > 1:
        return False, (f"A turn ends with **one** discard, never {number_word(len(selected))}: you have drawn, "
                       "you may meld, and then exactly one card goes onto the pile.")
    play = play_text(spot, groups, selected)
    verdict, _ = ask_verdict("play", spot, play=play)
    if verdict is None:
        return False, "The referee could not judge this turn here."
    discard = parse_cards(selected[0])[0].symbol()
    if verdict.answer:
        kept = len(spot.hand) - sum(len(g) for g in groups) - 1
        melded = " and ".join(cards_text(g) for g in groups)
        middle = f"you melded {melded}, " if groups else "you melded nothing, which is allowed, "
        return True, (f"Right: the draw came first, then {middle}and the discard of {discard} ends the turn, "
                      f"with {number_word(kept)} card{'s' * (kept != 1)} kept.")
    if groups and sum(len(g) for g in groups) + 1 == len(spot.hand):
        return False, ("Not yet: melding all of that and discarding would empty your hand, which is going out, "
                       "and your side has no canasta. Keep a card: meld less.")
    why = "; ".join(r.text for r in verdict.reasons) or "no rule lets this turn through"
    return False, f"Not this turn: {why}."


@app.function
def seat_question(n: int) -> dict:
    """The n-th seat question: where you sit, what is asked, and the answer from the game's own seating."""
    import random

    from tutor.engine import new_game

    step = ladder_step(n, SEAT_STEPS)
    rng = random.Random(f"seat:{n}")
    state = new_game("classic", {"players": 4}, seed=n)  # only its seating is used
    names = COMPASS[state.players]
    me = 0 if step == "partner-from-south" else rng.randrange(state.players)
    kind = rng.choice(("partner", "next-player")) if n >= len(SEAT_STEPS) else step.replace("-from-south", "")
    partner = next(s for s in state.seats_of(state.side_of(me)) if s != me)
    answer = partner if kind == "partner" else state.view(me).next_seat(1)
    return {"kind": kind, "seat": names[me], "answer": names[answer], "partner": names[partner],
            "options": [names[s] for s in range(state.players) if s != me]}


@app.function
def seat_feedback(q: dict, answer: str | None) -> tuple:
    """(right?, message) for a seat question."""
    if answer is None:
        return None, ""
    if q["kind"] == "partner":
        if answer == q["answer"]:
            return True, f"Right: {answer} sits across the table from you, {q['seat']}, so {answer} is your partner."
        return False, (f"Not {answer}: {answer} sits beside you, on the other side. Your partner sits across the "
                       "table, facing you.")
    if answer == q["answer"]:
        return True, (f"Right: turns go to the left, so {answer} plays after you, {q['seat']}. {answer} is on "
                      "the other side: the sides take turns.")
    if answer == q["partner"]:
        return False, (f"Not {answer}: {answer} is your partner, across the table, and plays two turns after you. "
                       "Turns go to the left, so a player of the other side always comes between.")
    return False, f"Not {answer}: turns go to the left, and {answer} sits on your right, so plays just before you."


@app.function
def lay_question(n: int) -> dict:
    """The n-th "whose melds" question: your partner's meld, an opponent's meld, a hand holding a card for each."""
    import random

    rng = random.Random(f"lay:{n}")

    def two_singles(d):
        counts = [c.rank for c in d["hand"] if rules.is_natural(c)]
        return sum(1 for r in set(counts) if counts.count(r) == 1) >= 2

    dealt = deal_until(rules, 6000 + n, two_singles, cards=12)
    hand = list(dealt["hand"])
    singles = [r for r in dict.fromkeys(c.rank for c in hand if rules.is_natural(c))
               if sum(c.rank == r for c in hand) == 1]
    ours, theirs = rng.sample(singles, 2)
    names = COMPASS[4]
    me = rng.randrange(4)
    partner, opponent = names[(me + 2) % 4], names[(me + rng.choice((1, 3))) % 4]
    spot = Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "phase": "drawn", "score": 0,
                           "melds": [format_cards([Card(ours, s) for s in "SHD"])]})
    return {"spot": spot, "seat": names[me], "partner": partner, "opponent": opponent,
            "ours": next(c for c in hand if c.rank == ours), "theirs": next(c for c in hand if c.rank == theirs),
            "their_meld": format_cards([Card(theirs, s) for s in "SHC"])}


@app.function
def lay_feedback(q: dict, groups, selected) -> tuple:
    """(right?, message) for adding a card to your partner's meld, judged by the referee."""
    groups = [tuple(g) for g in groups]
    selected = [str(c) for c in selected]
    if not groups and not selected:
        return None, ""
    grouped = [c for g in groups for c in g]
    if q["theirs"] in grouped:
        return False, (f"Not the {q['theirs'].symbol()}: that rank is {q['opponent']}'s meld, and {q['opponent']} "
                       f"is on the other side. You may add cards only to your own side's melds: yours and "
                       f"{q['partner']}'s.")
    if not groups:
        return False, (f"Add a card to {q['partner']}'s meld first: select it and press **Group**, then select "
                       "the card you discard.")
    if not selected:
        return False, "Now end the turn: select the one card you discard."
    try:
        play = play_text(q["spot"], groups, selected)
    except ValueError as error:
        return False, str(error)
    verdict = referee(q["spot"], play)
    if verdict.answer and "layoff" in play:
        discard = parse_cards(selected[0])[0].symbol()
        return True, (f"Right: {q['partner']} is your partner, so {q['partner']}'s meld is your side's too, and "
                      f"you added {cards_text(grouped)} to it before discarding {discard}.")
    why = "; ".join(r.text for r in verdict.reasons) if not verdict.answer else (
        f"{cards_text(grouped)} does not join {q['partner']}'s meld")
    return False, f"Not this turn: {why}. Add one card of the rank of {q['partner']}'s meld."


@app.function
def need_question(n: int) -> dict:
    """The n-th "canastas to go out" question: a game and a number of players, answered from the game's rules."""
    import random

    if n < len(GAME_STEPS):
        variant, players = GAME_STEPS[n]
    else:
        rng = random.Random(f"need:{n}")
        variant = rng.choice(GAMES)
        players = rng.choice(load_variant(variant).options["players"]["choices"])
    game = rules_for(variant, {"players": players})
    return {"variant": variant, "players": players, "name": load_variant(variant).name,
            "answer": game.canastas_to_go_out, "rule": game.cite("go_out")}


@app.function
def need_feedback(q: dict, answer: str | None) -> tuple:
    """(right?, message) for how many canastas a side needs before going out in the game asked about."""
    if answer is None:
        return None, ""
    need = number_word(q["answer"])
    table = f"{q['name']} for {number_word(q['players'])}"
    if answer == need:
        return True, f"Right: in {table}, a side needs {need} canasta{'s' * (q['answer'] != 1)} before it may go out."
    return False, (f"Not {answer}: in {table} the rules ask for {need}. The number depends on the game and on "
                   "how many play, so look it up for each table.")


@app.function
def proposal_question(n: int) -> dict:
    """The n-th proposed turn: a dealt hand just after the draw and a sequence of steps, judged by the referee."""
    import random

    rng = random.Random(f"proposal:{n}")
    kind = ladder_step(n, PROPOSAL_STEPS) if n < len(PROPOSAL_STEPS) else rng.choice(PROPOSAL_KINDS)
    dealt = deal_until(rules, 7000 + n, lambda d: pairs(rules, d["hand"]) >= 1
                       and any(rules.is_wild(c) for c in d["hand"]), cards=12)
    hand = list(dealt["hand"])
    spot = Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "phase": "drawn", "score": 0})
    rank = next(c.rank for c in hand if rules.is_natural(c) and sum(d.rank == c.rank for d in hand) >= 2)
    pair = [c for c in hand if c.rank == rank][:2]
    wild = next(c for c in hand if rules.is_wild(c))
    loose = [c for c in hand if rules.is_natural(c) and c.rank != rank]
    meld = {"no-discard": pair + [wild], "meld-and-discard": pair + [wild], "short-meld": pair}.get(kind, [])
    steps = [("meld", meld)] if meld else []
    steps += [("discard", [c]) for c in rng.sample(loose, 2 if kind == "two-discards" else 1)]
    if kind == "no-discard":
        steps = steps[:1]
    play = "; ".join(f"{word} {format_cards(cards)}" for word, cards in steps)
    return {"kind": kind, "spot": spot, "play": play, "verdict": referee(spot, play),
            "steps": [f"{word} {cards_text(cards)}" for word, cards in steps]}


@app.function
def proposal_feedback(q: dict, answer: str | None) -> tuple:
    """(right?, message) for "is this a complete, legal turn?", against the referee's verdict."""
    if answer is None:
        return None, ""
    verdict = q["verdict"]
    why = "; ".join(r.text for r in verdict.reasons)
    if (answer == "yes") == verdict.answer:
        return True, f"Right: the referee says {'yes' if verdict.answer else 'no'}: {why}."
    mistakes = {
        "no-discard": "After the melds the turn is not over: it always ends with one card discarded.",
        "two-discards": "Only one card is discarded, and that discard ends the turn at once.",
        "short-meld": f"A meld needs at least {number_word(rules['meld']['min_cards'])} cards.",
        "meld-and-discard": (f"Count the meld: a side's first meld must be worth at least {rules.initial_need(0)}."
                             if not verdict.answer else "The meld is legal and worth enough, and one card is "
                             "discarded: that is a whole turn."),
        "discard-only": "Melding is never required: drawing and then discarding one card is a whole turn.",
    }
    return False, f"Not this time: the referee says {'yes' if verdict.answer else 'no'}: {why}. {mistakes[q['kind']]}"



@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Start here: your first hand

    Never played Canasta? This page is for you. In a few minutes you will know
    who plays with whom, what you are trying to do, and what happens in a turn,
    and you will play one turn yourself with a coach beside you.
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "who plays: two sides, partners sitting across the table;",
        "the aim: canastas, and the first side to the target score wins;",
        "what a turn is: draw, meld, discard;",
        "how to play a turn with the cards on this page.",
    )
    return


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    tracker
    return (tracker,)


@app.cell(hide_code=True)
def _():
    _layout = {lay.players: lay for lay in [rules_for("classic", {"players": p}).layout for p in (2, 4)]}
    mo.md(rf"""
    ## Two sides

    Canasta is played by four people in **two sides of two partners**; partners
    sit across the table from each other. (Two people can play too, each a side
    alone.) Partners never show each other their cards, but everything they put
    on the table belongs to the side: one partner may add to the other's melds,
    and the side scores together.

    The game uses **two packs with their jokers**, shuffled together. With four
    players each is dealt **{_layout[4].hand} cards**; with two, {_layout[2].hand}.
    """)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: around the table

    Four players sit at the four sides of the table, named by the compass:
    South, West, North and East. Where you sit changes from question to
    question.
    """)
    return


@app.cell
def _():
    new_seat = deal_button("Another seat")
    new_seat
    return (new_seat,)


@app.cell
def _(new_seat):
    seat_ask = seat_question(new_seat.value)
    _asked = "Who is your partner?" if seat_ask["kind"] == "partner" else "Who plays right after you?"
    seat_answer = mo.ui.radio(options=seat_ask["options"], inline=True, label=f"You sit {seat_ask['seat']}. {_asked}")
    mo.vstack([seat_answer, hint("Partners sit across the table, facing each other. Turns go to the left: from "
                                 "South to West, to North, to East.")])
    return seat_answer, seat_ask


@app.cell
def seat_check(seat_answer, seat_ask, tracker):
    _right, _text = seat_feedback(seat_ask, seat_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="partner-seat", waiting="Choose a player.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: whose melds?

    You have drawn. Your partner's meld is on your side's table, beside your
    hand; an opponent's meld lies across the table. Add the one card you may to
    a meld (select it, press **Group**), then select the card you discard.
    """)
    return


@app.cell
def _():
    new_lay = deal_button()
    new_lay
    return (new_lay,)


@app.cell
def _(new_lay):
    lay_ask = lay_question(new_lay.value)
    lay_hand = hand_widget(rules, lay_ask["spot"].hand, melds=lay_ask["spot"].melds)
    mo.vstack([mo.md(f"You sit **{lay_ask['seat']}**. Your partner, {lay_ask['partner']}, melded the cards on your "
                     f"side's table; {lay_ask['opponent']}, of the other side, melded these:"),
               cards_view(lay_ask["their_meld"], rules, label=f"{lay_ask['opponent']}'s meld"), lay_hand,
               hint("Melds belong to a side, not to the player who made them: your partner's melds are yours to "
                    "add to, the other side's never are.")])
    return lay_ask, lay_hand


@app.cell
def lay_check(lay_ask, lay_hand, tracker):
    _right, _text = lay_feedback(lay_ask, lay_hand.widget.group_cards(), lay_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="whose-melds",
             waiting="Group the card you add, then select your discard.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(f"""
    ## The aim: canastas

    Cards of the same rank are put down on the table in **melds**: three or more
    kings, three or more sevens. Jokers and 2s are **wild**: they may join a meld
    and stand in for its rank. A meld that grows to **{number_word(rules["canasta"]["min_cards"])} cards**
    is a **canasta**, and canastas are what you play for: each earns a big bonus,
    and a side may not end the hand ("go out") until it has one.

    When a hand ends, each side scores its melds and bonuses and loses the
    cards still in its hands. Hands are played until a side reaches
    **{rules["game"]["target"]} points**: that side wins.
    """)
    return


@app.cell(hide_code=True)
def _():
    mo.vstack([
        cards_view("KS KH KD", rules, label="a meld: three kings"),
        cards_view("KS KH KD KC KS 2D JK", rules, label="a canasta: seven kings (two of them wild cards)"),
    ])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Check yourself:** how many cards make a canasta?
    """)
    return


@app.cell
def _():
    size_answer = mo.ui.radio(options=["three", "five", "seven", "ten"], inline=True, label="A canasta has at least")
    size_answer
    return (size_answer,)


@app.cell
def size_feedback(size_answer, tracker):
    _need = number_word(rules["canasta"]["min_cards"])
    _given = size_answer.value
    _wrong = ("three cards are the smallest meld; a canasta is a meld grown much longer" if _given == "three"
              else f"not {_given}: look at the seven kings above")
    practise(None if _given is None else _given == _need,
             f"Right: a canasta is a meld of at least {_need} cards.", f"Not quite: {_wrong}.",
             tracker=tracker, exercise="canasta-size", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: canastas before going out

    How many canastas must a side have before one of its players may go out?
    It depends on the game and on how many play. The table is named above the
    answers.
    """)
    return


@app.cell
def _():
    new_need = deal_button("Another table")
    new_need
    return (new_need,)


@app.cell
def _(new_need):
    need_ask = need_question(new_need.value)
    need_answer = mo.ui.radio(options=["one", "two", "three"], inline=True,
                              label=f"{need_ask['name']}, {number_word(need_ask['players'])} players: canastas needed")
    mo.vstack([need_answer, hint("The number is not the same at every table: it depends on the game and on how "
                                 "many play. The rule is quoted once you answer.")])
    return need_answer, need_ask


@app.cell
def need_check(need_answer, need_ask, tracker):
    _right, _text = need_feedback(need_ask, need_answer.value)
    mo.vstack([practise(_right, _text, _text, tracker=tracker, exercise="canastas-to-go-out",
                        waiting="Choose an answer."),
               quote(rules_for(need_ask["variant"], {"players": need_ask["players"]}), need_ask["rule"])
               if _right is not None else mo.md("")])
    return


@app.cell(hide_code=True)
def _():
    mo.md(f"""
    ## A turn: draw, meld, discard

    Players take turns to the left. A turn always has three parts:

    1. **Draw**: take the top card of the face-down *stock* (or, in lesson 4,
       the whole face-up *discard pile*).
    2. **Meld** (if you can and want to): put melds face up in front of your
       side, or add cards to your side's melds.
    3. **Discard**: put one card face up on the discard pile. Your turn is over.

    The very first meld your side makes in a hand must be worth enough points
    (at the start of a game, {rules.initial_need(0)}); each card has a value, lesson 1 lists them.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-DECK")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: end the turn

    You have drawn already: the draw (or taking the pile) always comes
    first. Meld if you like with **Group**, then select the **one card** you
    discard so that the turn ends legally. The first hand has nothing on the
    table; then your side has a meld; then your hand is short.
    """)
    return


@app.cell
def _():
    new_turn = deal_button("Next hand")
    new_turn
    return (new_turn,)


@app.cell
def _(new_turn):
    turn_spot = turn_question(new_turn.value)
    turn_hand = hand_widget(rules, turn_spot.hand, melds=turn_spot.melds)
    _facts = "Your side has a meld on the table." if turn_spot.melds else "Your side has nothing on the table yet."
    mo.vstack([mo.md(_facts), turn_hand,
               hint("One card goes on the pile, every turn. And a hand may only run out once your side has a "
                    "canasta, so before that a card must stay in your hand after the discard.")])
    return turn_hand, turn_spot


@app.cell
def turn_check(tracker, turn_hand, turn_spot):
    _right, _text = turn_feedback(turn_spot, turn_hand.widget.group_cards(), turn_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="turn-order",
             waiting="Select the one card you discard.")
    return


@app.cell(hide_code=True)
def _():
    solution("Show a legal end of the turn", mo.md("Meld nothing and select any one card: that discard ends the "
                                                   "turn, and every card but it stays in your hand."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: is this a whole turn?

    You have drawn, and you hold the cards below. Someone suggests the steps
    that follow. Do they end your turn legally? The referee answers.
    """)
    return


@app.cell
def _():
    new_proposal = deal_button("Another turn")
    new_proposal
    return (new_proposal,)


@app.cell
def _(new_proposal):
    proposal_ask = proposal_question(new_proposal.value)
    proposal_answer = mo.ui.radio(options=["yes", "no"], inline=True, label="A complete, legal turn?")
    _steps = "\n".join(f"{i}. {step[:1].upper() + step[1:]}" for i, step in enumerate(proposal_ask["steps"], start=1))
    mo.vstack([cards_view(proposal_ask["spot"].hand, rules, label="Your hand"),
               mo.md("Your side has nothing on the table yet. After the draw:\n\n" + _steps), proposal_answer,
               hint(f"Check three things: exactly one discard, and it comes last; every meld has at least "
                    f"{number_word(rules['meld']['min_cards'])} cards; a side's first meld is worth at least "
                    f"{rules.initial_need(0)}.")])
    return proposal_answer, proposal_ask


@app.cell
def proposal_check(proposal_answer, proposal_ask, tracker):
    _right, _text = proposal_feedback(proposal_ask, proposal_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="complete-turn", waiting="Answer yes or no.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Your first turn, with a coach

    It is your turn and you have just drawn the **7♥** from the stock (it is the
    last card in your hand). Click cards to select them; press **Group** to set
    selected cards aside as a meld; press **Clear** to start again. The coach
    under the cards tells you what to do next.
    """)
    return


@app.cell
def _():
    first_turn = hand_widget(rules, FIRST_HAND)
    first_turn
    return (first_turn,)


@app.cell
def coach_says(first_turn, tracker):
    _done, _text = coach(first_turn.widget.selected, first_turn.widget.groups)
    practise(True if _done else None, f"**Coach:** {_text}", "", tracker=tracker, exercise="first-turn",
             waiting=f"Coach: {_text}")
    return


@app.cell(hide_code=True)
def _():
    mo.vstack([
        hint("The three aces (A♠ A♥ A♦) are worth 20 each: 60, enough for a first meld. After grouping them, "
             "select just the 4♣ to discard."),
        solution("Show the whole turn", mo.md("Meld `AS AH AD`, then discard `4C`.")),
    ])
    return


@app.cell(hide_code=True)
def _():
    recap([
        "Four players make two sides of partners; the side scores together.",
        f"Melds are three or more cards of a rank; a meld of {number_word(rules['canasta']['min_cards'])} is a "
        f"canasta; the first side to {rules['game']['target']} wins.",
        "A turn is draw, meld if you can, discard one card.",
    ], "00_welcome", after="Then the classic lessons, one idea at a time.")
    return


if __name__ == "__main__":
    app.run()
