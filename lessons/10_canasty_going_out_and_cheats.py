# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Canasty 3: going out and spotting the cheat"
# description = "Going out with unmatched cards, the wimp rule, the end of the hand, and spotting the cheat."
# ///
"""Canasty 3: going out with unmatched cards, the wimp rule, the end of the hand, and spotting the cheat."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasty 3: going out and spotting the cheat")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, deal, deal_button, hand_widget, hint, ladder_step, learn,
                          meld_mistake, number_word, play_text, practise, problem, progress_widget, quote, recap,
                          solution, sort_hand, table_view, verdict_view, whole_number)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.questions import ask, referee
    from tutor.render import cards_text
    from tutor.rules import rules_for
    from tutor.scoring import score_hand
    from tutor.spot import Spot

    rules = rules_for("canasty")
    NATURALS = list("AQJT98765")
    CHEATS = {"A": "a set with one natural and wild cards", "B": "a down below the requirement",
              "C": "a card passed off as another rank", "M": "taking the pile with cards that do not match",
              "N": "unrelated cards counted as a down"}
    LESSON = "10_canasty_going_out_and_cheats"
    EXERCISES = ("go-out", "may-go-out", "lay-off", "end-score", "name-the-cheat")
    # The going-out questions climb: an ordinary round, then the first round, where the wimp rule looks at scores.
    GO_OUT_STEPS = (False, False, True)
    # The "may you go out?" tables climb: a later round, then first rounds where the scores decide.
    WIMP_STEPS = ("later", "first-close", "first-behind", "first-leader", "first-near-leader")
    # The "lay off first" hands climb: a natural of one of your sets, then a wild card too, then a black three.
    LAYOFF_STEPS = (("match",), ("match", "wild"), ("match", "wild", "black-three"))
    # The "what does the hand score" tables climb, as (down?, cards in the hand besides lone naturals).
    END_STEPS = ((True, ("black-three",)), (True, ("match", "wild")), (False, ("match", "black-three")))
    # How the scoring names the cards a side lays off when the hand ends.
    LAID_OFF_ITEM = "cards laid off at the end: "
    # The cheat questions climb from a fair down to the cheats that are hardest to see.
    CHEAT_STEPS = ("legal", "A", "N", "B", "C", "M")
    CHEAT_SCORES = (0, 1500)


@app.function
def some_cards(rng, used: Counter, rank: str, n: int) -> list:
    suits = [s for s in "SHDC" for _ in range(2 - used[Card(rank, s)])]
    cards = [Card(rank, s) for s in rng.sample(suits, n)]
    used.update(cards)
    return cards


@app.function
def going_out_table(seed: int, *, first_round: bool) -> Spot:
    """A seeded spot, after the draw, for a player who is down."""
    rng = random.Random(seed)
    used = Counter()
    a, b, c, d, e = rng.sample(NATURALS, 5)
    melds = [some_cards(rng, used, a, 3), some_cards(rng, used, b, 2) + some_cards(rng, used, "K", 1)]
    hand = some_cards(rng, used, c, 3) + some_cards(rng, used, a, 1) + some_cards(rng, used, d, 1)
    hand += some_cards(rng, used, e, rng.randint(1, 2))
    scores = [0, 0, 0, 0] if rng.random() < 0.5 else [200, 1600, 900, 150]
    return Spot.from_dict({"variant": "canasty", "hand": format_cards(hand),
                           "melds": [format_cards(m) for m in melds], "first_round": first_round,
                           "score": scores[0], "scores": scores})


@app.function
def go_out_question(n: int) -> Spot:
    """The n-th going-out question: a seeded table from which the checker finds a way out."""
    first_round = ladder_step(n, GO_OUT_STEPS)
    for k in range(200):
        table = going_out_table(10100 + n * 200 + k, first_round=first_round)
        if ask("go-out", table).answer:
            return table
    raise ValueError("no table to go out from")


@app.function
def go_out_feedback(table, groups, selected) -> tuple:
    """(right?, message) for a turn built on cards, judged by the referee: is the player out?"""
    if not groups and not selected:
        return None, ""
    try:
        play = play_text(table, groups, [str(c) for c in selected])
    except ValueError as error:
        return False, f"Not yet: {error}."
    verdict = referee(table, play)
    kept = len(table.hand) - sum(len(g) for g in groups) - len(selected)
    limit = rules["go_out"]["max_unmatched"]
    if verdict.answer and verdict.witness.get("went_out"):
        return True, (f"Right: you are out, keeping {number_word(kept)} unmatched card{'s' * (kept != 1)} "
                      f"besides your discard (at most {number_word(limit)} may stay).")
    if not selected:
        return False, "A Canasty player goes out with a discard: select the one card you throw away."
    if verdict.answer:
        return False, (f"A legal turn, but you are not out: {number_word(kept)} cards stay besides your discard, "
                       f"and at most {number_word(limit)} may. Group more of them into sets or onto your sets.")
    for i, cards in enumerate(groups, start=1):
        mistake = meld_mistake(rules, cards)
        if mistake is not None and len(cards) >= 3:
            return False, f"Group {i}, {cards_text(cards)}, is not a legal set: {mistake}."
    return False, "Not this turn: " + "; ".join(r.text for r in verdict.reasons) + "."


@app.function
def cheat_play(kind: str, hand, spot: Spot) -> str | None:
    """A play of this kind built from the dealt hand: a fair down, or one of the legal cheats; None if it cannot."""
    naturals = [c for c in hand if rules.is_natural(c)]
    wilds = [c for c in hand if rules.is_wild(c)]
    by_rank = Counter(c.rank for c in naturals)
    pairs_ = [r for r, k in by_rank.items() if k >= 2]

    def rest(used):
        left = list(hand)
        for c in used:
            left.remove(c)
        return left

    def with_discard(used, steps):
        left = rest(used)
        return f"{steps}; discard {left[0]}" if len(left) >= 2 else None

    if kind == "legal":
        verdict = ask("initial-meld", spot)
        return verdict.witness["play"] if verdict.answer else None
    if kind == "A" and naturals and len(wilds) >= 2:
        meld = [naturals[0]] + wilds[:2]
    elif kind == "N" and len(by_rank) >= 3:
        meld = [next(c for c in naturals if c.rank == r) for r in list(by_rank)[:3]]
    elif kind == "C" and pairs_ and len(by_rank) >= 2:
        pair = [c for c in naturals if c.rank == pairs_[0]][:2]
        meld = pair + [next(c for c in naturals if c.rank != pairs_[0])]
    elif kind == "B" and pairs_ and wilds:
        meld = [c for c in naturals if c.rank == pairs_[0]][:2] + wilds[:1]
        if sum(rules.value(c) for c in meld) >= rules.initial_need(spot.score):
            return None
    elif kind == "M" and spot.discard and len({c.rank for c in naturals} - {spot.discard[-1].rank}) >= 2:
        top = spot.discard[-1]
        two = [next(c for c in naturals if c.rank == r) for r in sorted({c.rank for c in naturals} - {top.rank})[:2]]
        left = rest(two)
        return f"pickup {format_cards(two)}; meld {format_cards([top] + two)}; discard {left[0]}"
    else:
        return None
    return with_discard(meld, f"meld {format_cards(meld)}")


@app.function
def cheat_question(n: int) -> dict:
    """The n-th "spot the cheat" question: a dealt hand and a play made from it, for the referee to judge."""
    kind = ladder_step(n, CHEAT_STEPS) if n < len(CHEAT_STEPS) else random.Random(n).choice(CHEAT_STEPS)
    for k in range(300):
        seed = 10300 + n * 300 + k
        dealt = deal(rules, seed, pile=3)
        score = CHEAT_SCORES[1] if kind == "B" else CHEAT_SCORES[0]
        data = {"variant": "canasty", "hand": format_cards(dealt["hand"]), "score": score}
        if kind == "M":
            data.update(discard=format_cards(dealt["discard"]), phase="before-draw")
        spot = Spot.from_dict(data)
        play = cheat_play(kind, dealt["hand"], spot)
        if play is not None:
            return {"spot": spot, "play": play, "kind": kind}
    raise ValueError(f"no deal for a play of kind {kind}")


@app.function
def play_in_cards(spot: Spot, play: str) -> mo.Html:
    """A play shown as the cards each step moves, in words, never as the play's notation."""
    rows = []
    for step in (s.strip() for s in play.split(";") if s.strip()):
        word, _, cards = step.partition(" ")
        if word == "pickup":
            label = "takes the pile with"
        elif word == "meld":
            label = "puts down"
        elif word == "layoff":
            label = "adds to a set"
            cards = cards.split(" to ")[0]
        elif word == "discard":
            label = "discards"
        else:
            continue
        rows.append(cards_view(cards, rules, label=label, width=36))
    return mo.hstack(rows, justify="start", wrap=True, gap=1)


@app.function
def cheat_feedback(question, answer) -> tuple:
    """(right?, message) for the learner's name for the play, against the referee's."""
    if answer is None:
        return None, ""
    verdict = referee(question["spot"], question["play"])
    named = cheats_named(verdict) if not verdict.answer else ["legal"]
    if answer in named:
        return True, "Right: " + ("a fair play." if verdict.answer else
                                  "; ".join(f"cheat {k}, {CHEATS[k]}" for k in named) + ".")
    if answer == "legal":
        return False, ("It looks fair, but it is not: " + "; ".join(r.text for r in verdict.reasons) + ". "
                       "Read it step by step: whose cards, what rank, how many points?")
    if verdict.answer:
        return False, ("This one is fair: every set has two naturals of one rank, and the down reaches what the "
                       "score asks.")
    return False, (f"Not cheat {answer}: " + "; ".join(r.text for r in verdict.reasons) + ".")


@app.function
def cheats_named(verdict) -> list:
    return sorted(r.rule.split(".")[1] for r in verdict.reasons if r.rule.startswith("Y-CHEATS."))


@app.function
def wimp_question(n: int) -> dict:
    """The n-th "may you go out?" table: a way out the cards allow, in a round and at scores that climb."""
    step = ladder_step(n, WIMP_STEPS) if n < len(WIMP_STEPS) else random.Random(n).choice(WIMP_STEPS)
    gap = rules["go_out"]["wimp_gap"]
    # Scores as parts of the wimp rule's gap (yours first), so they follow the rules data.
    parts = {"later": (1, 8, 4, 0), "first-close": (1, 3, 2, 0), "first-behind": (1, 6, 2, 0),
             "first-leader": (6, 1, 2, 0), "first-near-leader": (4, 6, 0, 1)}[step]
    scores = [gap * k // 4 for k in parts]
    for k in range(200):
        table = going_out_table(10500 + n * 200 + k, first_round=False)
        if ask("go-out", table).answer:
            break
    table = table.replace(first_round=step != "later", scores=tuple(scores), score=scores[0])
    verdict = ask("go-out", table)
    return {"spot": table, "step": step, "answer": verdict.answer, "reasons": [r.text for r in verdict.reasons]}


@app.function
def wimp_feedback(question, answer) -> tuple:
    """(right?, message) for "may you go out this turn?", against the checker's verdict."""
    if answer is None:
        return None, ""
    spot = question["spot"]
    gap = rules["go_out"]["wimp_gap"]
    behind, spread = max(spot.scores) - spot.scores[0], max(spot.scores) - min(spot.scores)
    why_yes = (f"you are {behind} behind the leader and the scores are {spread} apart, both at least {gap}"
               if spot.first_round else "the wimp rule holds only in the first round of a hand; later a player "
               "who is down goes out whenever the cards allow")
    said_yes = answer == "yes"
    if said_yes == question["answer"]:
        return True, (f"Right: you may go out: {why_yes}." if said_yes
                      else "Right: not this turn: " + "; ".join(question["reasons"]) + ".")
    if question["answer"]:
        return False, f"You may go out: {why_yes}."
    return False, "Not this turn: " + "; ".join(question["reasons"]) + "."


@app.function
def end_table(n: int, *, down: bool, extras: tuple) -> Spot:
    """A seeded table at the end of a hand someone else ended: your sets, what is left in your hand, bonus cards.

    ``extras`` are kinds of card put in the hand besides lone naturals: "match" (a natural of one of your
    sets), "wild", "black-three".
    """
    rng = random.Random(10700 + n)
    used = Counter()
    a, b, c, d, e = rng.sample(NATURALS, 5)
    melds = [some_cards(rng, used, a, 3), some_cards(rng, used, b, 2) + some_cards(rng, used, "K", 1)]
    hand = some_cards(rng, used, c, 1) + some_cards(rng, used, d, 1) + some_cards(rng, used, e, rng.randint(1, 2))
    if "match" in extras:
        hand += some_cards(rng, used, rng.choice([a, b]), 1)
    if "wild" in extras:
        hand += some_cards(rng, used, rng.choice(sorted(rules.wild_ranks)), 1)
    if "black-three" in extras:
        hand.append(Card("3", rng.choice("SC")))
    bonus = rng.sample([Card("3", "H"), Card("3", "D"), Card("JK")], rng.randint(1, 2))
    return Spot.from_dict({"variant": "canasty", "hand": format_cards(sort_hand(rules, hand)),
                           "melds": [format_cards(m) for m in melds] if down else [],
                           "red_threes": format_cards(bonus), "phase": "drawn"})


@app.function
def laid_off(spot: Spot) -> Counter:
    """The cards the scoring lays off onto the side's sets when the hand ends (none for a side not down)."""
    for line in score_hand(spot).breakdown:
        if line.item.startswith(LAID_OFF_ITEM):
            return Counter(parse_cards(line.item[len(LAID_OFF_ITEM):]))
    return Counter()


@app.function
def layoff_question(n: int) -> Spot:
    """The n-th "lay off first" table: you are down, and the cards left in your hand climb in kind."""
    return end_table(n, down=True, extras=ladder_step(n, LAYOFF_STEPS))


@app.function
def layoff_feedback(spot: Spot, selected) -> tuple:
    """(right?, message) for "select the cards you lay off before counting", against the scoring."""
    picked = Counter(parse_cards(selected))
    if not picked:
        return None, ""
    laid = laid_off(spot)
    stray = list((picked - laid).elements())
    missing = list((laid - picked).elements())
    if stray:
        card = stray[0]
        if rules.role(card) == "blocker":
            return False, f"Not {card.symbol()}: a black three never joins a set; it stays and counts minus."
        return False, f"Not {card.symbol()}: you have no set of its rank, so it stays in your hand and counts minus."
    if missing:
        wild = any(rules.is_wild(c) for c in missing)
        return False, (f"{number_word(len(missing)).capitalize()} more: "
                       + ("wild cards are laid off too, onto any of your sets." if wild
                          else "every card of a rank you have a set of is laid off."))
    left = list((Counter(spot.hand) - laid).elements())
    stay = f"; {cards_text(left)} stay{'s' * (len(left) == 1)} in your hand and count minus" if left else ""
    many = sum(laid.values()) > 1
    return True, (f"Right: {cards_text(list(laid.elements()))} go{'' if many else 'es'} onto your sets and "
                  f"count{'' if many else 's'} plus{stay}. "
                  f"The hand scores {score_hand(spot).total:+d} for you.")


@app.function
def end_score_question(n: int) -> Spot:
    """The n-th "what does the hand score" table: down, then down with cards to lay off, then not down."""
    down, extras = ladder_step(n, END_STEPS)
    return end_table(100 + n, down=down, extras=extras)


@app.function
def end_score_feedback(spot: Spot, given: int | None) -> tuple:
    """(right?, message) for the learner's score for the hand, against the scoring's total and its items."""
    if given is None:
        return None, ""
    result = score_hand(spot)
    if given == result.total:
        return True, f"Right: {result.total:+d}."
    if given == -result.total:
        return False, (f"Not quite: check the sign. This hand counts {'plus' if result.total > 0 else 'minus'} "
                       "for you.")
    for line in result.breakdown:
        if given == result.total - line.points:
            return False, f"Not quite: you left out one item, {line.item} ({line.points:+d})."
        if given == result.total - 2 * line.points:
            return False, f"Not quite: check the sign of {line.item}: it counts {line.points:+d}."
    if not spot.melds:
        return False, ("Not quite: a player who is not down counts everything minus, every card in the hand and "
                       "every bonus card laid out.")
    return False, ("Not quite: your sets count plus, with the cards you lay off on them; the rest of your hand "
                   "counts minus, a black three too; your bonus cards count plus.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Canasty: going out, and spotting the cheat
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "when a Canasty player may go out, and with how many cards left over;",
        "the wimp rule for the first round of a hand;",
        "how the other players count their cards when someone goes out;",
        "the five 'legal cheats', and how the referee names each one.",
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
    ## Going out with cards to spare

    Going out is easier in Canasty than in classic. No canasta is needed.
    The player must be **down** (going down in the same turn counts), must
    **end with a discard**, and after that discard may keep up to **two
    unmatched cards**. Going out earns 100; the unmatched cards count minus
    for the player who kept them.

    The **wimp rule** (an option, on by default) holds back a quick finish:
    in the first round of a hand a player may go out only if the leader is at
    least 1000 ahead of the lowest score, and the player is at least 1000
    behind the leader.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-GOOUT")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Try it

    Group the cards you meld or lay off, select the one card you discard, and
    the referee replays your turn. Keep at most two cards besides.
    """)
    return


@app.cell
def _():
    first_round_switch = mo.ui.switch(value=False, label="first round of the hand")
    deal_again = deal_button()
    mo.hstack([first_round_switch, deal_again], justify="start", gap=2)
    return deal_again, first_round_switch


@app.cell
def _(deal_again, first_round_switch):
    table = going_out_table(1010 + deal_again.value, first_round=first_round_switch.value)
    hand_view = hand_widget(rules, table.hand, melds=table.melds)
    mo.vstack([mo.md(f"Scores this game: {', '.join(map(str, table.scores))} (yours first)."), hand_view])
    return hand_view, table


@app.cell
def going_out_verdict(hand_view, table):
    _groups = hand_view.widget.group_cards()
    _selected = hand_view.widget.selected_cards()
    if not _groups and not _selected:
        _shown = mo.md("Group your sets, then select the card to discard.")
    else:
        try:
            _play = play_text(table, _groups, _selected)
        except ValueError as _error:
            _shown = problem(_error)
        else:
            _verdict, _view = ask_verdict("play", table, play=_play, yes="A legal turn", no="Not a legal turn")
            _out = _verdict is not None and _verdict.answer and _verdict.witness.get("went_out")
            _shown = mo.vstack([mo.md("Your turn:"), play_in_cards(table, _play),
                                mo.md("**You are out.**" if _out else ""), _view])
    _shown
    return


@app.cell
def _():
    go_out_button = mo.ui.run_button(label="Ask the checker: can I go out?")
    go_out_button
    return (go_out_button,)


@app.cell
def can_go_out(go_out_button, table):
    mo.stop(not go_out_button.value)
    _, _view = ask_verdict("go-out", table, yes="Yes, you can go out this turn", no="No, you cannot go out this turn")
    _view
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 1: go out

    Go out from the table below: group your sets (a card of a rank you
    already have on the table joins that set), then select the one card
    you discard. Later tables are in the first round of a hand, where the
    scores decide whether you may go out at all.
    """)
    return


@app.cell
def _():
    new_go_out = deal_button("Next table")
    new_go_out
    return (new_go_out,)


@app.cell
def _(new_go_out):
    go_table = go_out_question(new_go_out.value)
    go_hand = hand_widget(rules, go_table.hand, melds=go_table.melds)
    _when = "the first round of the hand" if go_table.first_round else "a later round"
    mo.vstack([mo.md(f"Scores this game: {', '.join(map(str, go_table.scores))} (yours first), in {_when}."),
               go_hand,
               hint("Put down every set you can and add the cards that fit your sets on the table; then throw "
                    f"away one card. At most {number_word(rules['go_out']['max_unmatched'])} cards may stay.")])
    return go_hand, go_table


@app.cell
def go_out_check(go_hand, go_table, tracker):
    _right, _text = go_out_feedback(go_table, go_hand.widget.group_cards(), go_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="go-out",
             waiting="Group your sets, then select the card to discard.")
    return


@app.cell(hide_code=True)
def _(go_table):
    _verdict, _view = ask_verdict("go-out", go_table, yes="You can go out", no="You cannot go out")
    solution("Show one way out", mo.vstack([play_in_cards(go_table, _verdict.witness["play"]), _view])
             if _verdict is not None and _verdict.answer else _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 2: may you go out?

    Your cards allow a way out this turn. **May you take it?** The first
    table is in a later round; then come first rounds, where the scores
    decide.
    """)
    return


@app.cell
def _():
    new_wimp = deal_button("Next table")
    new_wimp
    return (new_wimp,)


@app.cell
def _(new_wimp):
    wimp_ask = wimp_question(new_wimp.value)
    _spot = wimp_ask["spot"]
    _when = "the first round of the hand" if _spot.first_round else "a later round"
    wimp_answer = mo.ui.radio(options={"yes, I may go out": "yes", "no, not this turn": "no"}, label="Your answer")
    mo.vstack([mo.md(f"Scores this game: {', '.join(map(str, _spot.scores))} (yours first), in {_when}."),
               hand_widget(rules, _spot.hand, melds=_spot.melds, readonly=True), wimp_answer,
               hint("First: is this the first round? Then find the leader, and the lowest score.")])
    return wimp_answer, wimp_ask


@app.cell
def wimp_check(tracker, wimp_answer, wimp_ask):
    _right, _text = wimp_feedback(wimp_ask, wimp_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="may-go-out", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(wimp_ask):
    _verdict, _view = ask_verdict("go-out", wimp_ask["spot"], yes="You may go out", no="You may not go out")
    solution("Show the checker's answer", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## When someone goes out

    The hand ends at once. Every other player who is down first lays off on
    his own sets whatever he can (wild cards included, placed to his best
    advantage); what is left in his hand counts minus. A player who is not
    down counts **everything** minus: every card in his hand and every bonus
    card he laid out.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-END")
    return


@app.cell
def _():
    down_switch = mo.ui.switch(value=True, label="this player is down")
    down_switch
    return (down_switch,)


@app.cell
def end_score(down_switch):
    _spot = Spot.from_dict({"variant": "canasty", "hand": "QC 2D 5S 3S", "red_threes": "3H JK",
                            "melds": ["QS QH QD", "8S 8H KC"] if down_switch.value else []})
    _result = score_hand(_spot)
    _rows = ["| item | rule | points |", "|:---|:---|---:|"]
    _rows += [f"| {l.item} | {l.rule} | {l.points:+d} |" for l in _result.breakdown]
    mo.vstack([table_view(_spot, "someone else went out"), mo.md("\n".join(_rows) + f"\n\nTotal: **{_result.total:+d}**")])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 3: lay off first

    Someone else has just gone out, and you are down. Select the cards of
    your hand that you **lay off** onto your sets before you count. Later
    hands hold a wild card, then a black three too.
    """)
    return


@app.cell
def _():
    new_layoff = deal_button("Next hand")
    new_layoff
    return (new_layoff,)


@app.cell
def _(new_layoff):
    layoff_spot = layoff_question(new_layoff.value)
    layoff_hand = hand_widget(rules, layoff_spot.hand, melds=layoff_spot.melds)
    mo.vstack([layoff_hand, hint("Look at the rank of each of your sets. And a wild card: where may it go?")])
    return layoff_hand, layoff_spot


@app.cell
def layoff_check(layoff_hand, layoff_spot, tracker):
    _right, _text = layoff_feedback(layoff_spot, layoff_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="lay-off", waiting="Select the cards you lay off.")
    return


@app.cell(hide_code=True)
def _(layoff_spot):
    solution("Show the answer", cards_view(list(laid_off(layoff_spot).elements()), rules, label="laid off",
                                           width=40))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 4: what does the hand score?

    Someone else has gone out. What does this hand score **for you**?
    Type the total, minus sign and all. First you are down; then you have
    cards to lay off; then you are not down at all.
    """)
    return


@app.cell
def _():
    new_end = deal_button("Next hand")
    new_end
    return (new_end,)


@app.cell
def _(new_end):
    end_spot = end_score_question(new_end.value)
    end_box = mo.ui.text(placeholder="a whole number, e.g. -40", label="Your score for the hand")
    mo.vstack([table_view(end_spot, "someone else went out",
                          "you are down" if end_spot.melds else "you are not down"), end_box,
               hint("Your sets and the cards you lay off on them count plus, and so do your bonus cards if you "
                    "are down; the rest of your hand counts minus.")])
    return end_box, end_spot


@app.cell
def end_score_check(end_box, end_spot, tracker):
    try:
        _given = whole_number(end_box.value)
    except ValueError as _error:
        _shown = problem(_error)
    else:
        _right, _text = end_score_feedback(end_spot, _given)
        _shown = practise(_right, _text, _text, tracker=tracker, exercise="end-score",
                          waiting="Type your score for the hand.")
    _shown
    return


@app.cell(hide_code=True)
def _(end_spot):
    _result = score_hand(end_spot)
    _rows = ["| item | points |", "|:---|---:|"] + [f"| {l.item} | {l.points:+d} |" for l in _result.breakdown]
    solution("Show the count", mo.md("\n".join(_rows) + f"\n\nTotal: **{_result.total:+d}**"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The legal cheats

    Canasty's rule text lists a handful of "legal cheats": moves players try
    at a lively table, which are legal only until somebody notices. The tutor
    treats each one as an illegal play and its referee names it:

    - **A**: a set of one natural and two wild cards;
    - **B**: a down that is short of the score's requirement;
    - **C**: a card passed off as another rank;
    - **M**: taking the pile with cards that do not make a set with the top card;
    - **N**: 25 points of unrelated cards passed off as a down.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "Y-CHEATS")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 5: spot the cheat

    A player at your table makes the play shown, from the hand shown. Is it
    fair, and if not, which cheat is it? The first plays are plain; later
    ones hide the cheat better.
    """)
    return


@app.cell
def _():
    new_question = deal_button("Next play")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    cheat_ask = cheat_question(new_question.value)
    _spot = cheat_ask["spot"]
    answer = mo.ui.radio(options={"fair": "legal", **{f"{k}: {v}": k for k, v in CHEATS.items()}},
                         label="The play is")
    _facts = [f"not down, score {_spot.score}",
              "before the draw" if _spot.phase == "before-draw" else "after the draw"]
    mo.vstack([table_view(_spot, *_facts, title="The player's hand"), mo.md("**The play:**"),
               play_in_cards(_spot, cheat_ask["play"]), answer,
               hint("Read it step by step. Does each set have two naturals of one rank? Do the sets reach the "
                    "down the score asks for? Does the pile's top card make a set with the two cards?")])
    return answer, cheat_ask


@app.cell
def exercise_feedback(answer, cheat_ask, tracker):
    _right, _text = cheat_feedback(cheat_ask, answer.value)
    practise(_right, _text, _text, waiting="Choose an answer.", tracker=tracker, exercise="name-the-cheat")
    return


@app.cell(hide_code=True)
def _(cheat_ask):
    solution("Show the referee's verdict", verdict_view(referee(cheat_ask["spot"], cheat_ask["play"]),
                                                        cheat_ask["spot"], yes="Legal", no="Illegal"))
    return


@app.cell(hide_code=True)
def _():
    recap([
        f"A Canasty player may go out with up to {number_word(rules['go_out']['max_unmatched'])} unmatched "
        "cards left over.",
        'The wimp rule limits going out in the first round of a hand.',
        "The referee names each 'legal cheat' by its rule, step by step.",
    ], "11_albany_sets_and_stoppers")
    return


if __name__ == "__main__":
    app.run()
