# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "The referee"
# description = "Enter any spot and a disputed play, and get the verdict with the rules it rests on."
# ///
"""The referee: enter any spot and a disputed play, and get the verdict with the rules it rests on."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="The referee")

with app.setup:
    import json
    import random
    from collections import Counter
    from itertools import combinations

    import marimo as mo

    from rulebook import (arranged_spot, ask_verdict, cards_view, check, deal, deal_button, hand_widget, hint,
                          ladder_step, learn, meld_list, meld_mistake, number_word, pack_cards, play_text, play_why,
                          practise, problem, progress_widget, proposal, quote, recap, rules_of, solution, sort_hand,
                          table_view, verdict_view)
    from tutor.cards import Card, format_cards, parse_cards, parse_melds
    from tutor.errors import TutorError
    from tutor.questions import ask, referee
    from tutor.render import cards_text, symbols_in
    from tutor.rules import BUILTIN
    from tutor.spot import Spot

    SAMPLE = {"variant": "classic", "score": 1600, "hand": "KS KH 7D 7C 2C JK 9S",
              "melds": ["QS QH QD 2H", "7S 7H 7C"], "discard": "5H 9C 3C 7S", "red_threes": "3H", "phase": "drawn"}
    DISPUTES = [
        ({"variant": "classic", "hand": "KS KH 7D 7C 2C JK 9S", "melds": ["QS QH QD 2H"], "phase": "drawn"},
         "meld 7D 7C 2C JK; discard 9S"),
        ({"variant": "classic", "hand": "KS KH 7D 9S", "melds": ["QS QH QD"], "discard": "4C KD", "phase": "before-draw"},
         "pickup KS KH; meld KD KS KH; discard 9S"),
        ({"variant": "classic", "hand": "KS 2H 7D 9S", "melds": ["QS QH QD"], "discard": "4C JK KD",
          "phase": "before-draw"}, "pickup KS 2H; meld KD KS 2H; discard 9S"),
        ({"variant": "classic", "hand": "AS AH AD 5C", "score": 1600, "phase": "drawn"}, "meld AS AH AD; discard 5C"),
        ({"variant": "house", "hand": "6S 6H 6D 6C 2S 2H JK 9D", "melds": ["KS KH KD"], "phase": "drawn"},
         "meld 6S 6H 6D 6C 2S 2H JK; discard 9D"),
        ({"variant": "canasty", "hand": "QS QH 9H 9D 9S 2C KD 5S", "phase": "drawn"}, "meld QS 2C KD; discard 5S"),
        ({"variant": "albany", "hand": "5H 2C 7H 9S 4D", "phase": "drawn"}, "meld 5H 2C 7H; discard 9S"),
        ({"variant": "albany", "hand": "3S 3H 3D 9S 4D", "phase": "drawn"}, "meld 3S 3H 3D; discard 9S"),
    ]
    classic = rules_of("classic")
    # The "arrange the spot" questions climb: any way to make the pile yours, then a pile a wild card has
    # frozen, then a side with nothing on the table, whose pickup must also be its first meld.
    ARRANGE_STEPS = ("take", "frozen", "not-down")
    # The "which play is legal?" questions climb: wrong plays that break the shape of a turn, then the meld
    # rules, then rules about the table and the pile.
    PLAY_STEPS = ("shape", "meld", "table")
    # The "may I take the pile?" questions climb: a side already down, a frozen pile, a side not down yet,
    # a spot after the draw; then any of them.
    TAKE_STEPS = ("down", "frozen", "not-down", "drawn", "any")
    # What each kind of wrong play gets wrong, said to the learner when it is chosen as the legal one.
    PLAY_MISTAKES = {
        "two-discards": "a turn ends with its one discard: nothing follows it",
        "no-discard": "a turn that does not go out ends with a discard",
        "meld-after-discard": "the discard comes last: melds are made before it",
        "one-natural": "a meld needs two natural cards at least, however many wild cards join them",
        "wrong-layoff": "a card is laid off only onto the side's meld of its own rank",
        "mixed-ranks": "a meld is cards of one rank",
        "second-meld": "a side has one meld of each rank: more cards of it are laid off onto that meld",
        "pickup-after-draw": "the pile is taken instead of drawing from the stock, never after the draw",
    }
    PLAY_WRONGS = {"shape": ("two-discards", "no-discard", "meld-after-discard"),
                   "meld": ("one-natural", "wrong-layoff", "mixed-ranks"),
                   "table": ("second-meld", "pickup-after-draw", "wrong-layoff")}
    # The "read the play" questions climb: a meld, then a lay-off and a meld with a wild card, then three steps
    # with two wild cards.
    READ_STEPS = ("meld", "layoff", "three-steps")
    # The "where does the referee stop?" questions climb: one step breaks a rule, then two do (the first counts).
    STOP_STEPS = ("one", "two")
    # The "put your side down" questions climb: a natural triple in hand, then only pairs and a wild card,
    # then three black 3s that look like a meld but end the hand.
    SIDE_STEPS = ("natural", "wild", "black-threes")
    # The "open the pile" questions climb: a natural triple to put down, then a meld that needs one of the
    # hand's two wild cards while the other is kept for the pickup.
    OPEN_STEPS = ("triple", "wild-meld")
    # The "fix the play" questions climb: a meld with a card of another rank, a meld with one wild card too
    # many, then a lay-off carrying a card of another rank.
    FIX_STEPS = ("stray", "wilds", "layoff")
    # The "build a turn" questions climb: a new meld, a lay-off onto the table, then both in one turn.
    BUILD_STEPS = ("meld", "layoff", "both")
    # What each step of "build a turn" asks the turn to hold, as the referee's account of it names them.
    BUILD_NEEDS = {"meld": ("melds",), "layoff": ("layoffs",), "both": ("melds", "layoffs")}
    # The "which cards can go down?" questions climb: a triple beside a bare pair, a card for the table's
    # meld, then wild cards and a black 3.
    DOWN_STEPS = ("triple", "layoff", "wild")
    # The "first meld" questions climb with the score, which raises the points a first meld needs.
    FIRST_SCORES = (0, 1500, 3000)
    LESSON = "14_the_referee"
    EXERCISES = ("read-the-play", "where-it-stops", "put-side-down", "arrange-the-spot", "open-the-pile",
                 "which-play", "fix-the-play", "build-a-turn", "may-i-take", "cards-that-go-down", "first-meld",
                 "rule-the-dispute")


@app.function
def score_of(text: str) -> int:
    try:
        return int(text.strip() or 0)
    except ValueError:
        raise TutorError(f"the score must be a whole number, not {text!r}") from None


@app.function
def spot_from_form(variant: str, phase: str, score: str, hand: str, melds: str, discard: str) -> Spot:
    """A spot from the builder's fields; raises TutorError with a message on bad input."""
    points = score_of(score)
    meld_list = [format_cards(m) for m in parse_melds(melds)] if melds.strip() else []
    return Spot.from_dict({"variant": variant, "phase": phase, "score": points, "hand": hand,
                           "melds": meld_list, "discard": discard})


@app.function
def arrange_question(n: int) -> dict:
    """The n-th "arrange the spot" question: a classic hand to arrange so that the pile may be taken.

    ``below`` is what the pile already holds under the cards the learner puts on it.
    """
    step = ladder_step(n, ARRANGE_STEPS)
    rng = random.Random(1400 + n)
    used = Counter()
    take = lambda rank, k: pack_cards(classic, rng, used, rank, k)
    low = [r for r in classic.natural_ranks if classic.value(Card(r, "S")) == min(
        classic.value(Card(x, "S")) for x in classic.natural_ranks)]
    high = [r for r in classic.natural_ranks if r not in low]
    a, b, c, d = rng.sample(high, 4)
    if step == "not-down":
        # a high triple that reaches the first meld's minimum with the top card, a low one that does not
        lo = rng.choice(low)
        hand = take("A", 3) + take(lo, 3) + take(c, 1) + take(d, 1)
        below = take(b, 1)
    elif step == "frozen":
        hand = take(a, 3) + take(b, 3) + take(c, 1) + take("JK", 1) + take(d, 1)
        below = take(d, 1) + take("2", 1)
    else:
        hand = take(a, 3) + take(b, 3) + take(c, 1) + take(d, 1)
        below = take(d, 1)
    return {"step": step, "hand": sort_hand(classic, hand), "below": tuple(below)}


@app.function
def arranged(question, groups, selected) -> Spot:
    """The spot the learner arranged: groups on the table, the selected card on top of the pile."""
    spot = arranged_spot("classic", question["hand"], groups, selected, phase="before-draw")
    return Spot.from_dict({**spot.to_dict(), "discard": format_cards(list(question["below"]) + list(spot.discard))})


@app.function
def arrange_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a spot arranged so that the pile may be taken, answered by the checker."""
    if not groups and not selected:
        return None, ""
    if question["step"] == "not-down" and groups:
        return False, "Leave the table empty this time: your side has not melded yet, so nothing of it is down."
    if len(selected) != 1:
        return False, ("Select exactly one card for the top of the pile: the top card is the one a pickup "
                       "melds at once." if selected else "Select a card for the top of the pile: without it the "
                       "pile holds nothing of yours to take.")
    try:
        spot = arranged(question, groups, selected)
    except TutorError as error:
        return False, f"This spot cannot be used: {error}."
    verdict, _ = ask_verdict("pickup", spot)
    if verdict is None:
        return False, "The checker could not answer for this spot here."
    if verdict.answer:
        return True, f"Right: the checker says you may take the pile: {verdict.reasons[0].text}."
    return False, ("Not this spot: the checker says the pile cannot be taken: "
                   + "; ".join(r.text for r in verdict.reasons) + ".")


@app.function
def play_question(n: int) -> dict:
    """The n-th "which play is legal?" question: a classic spot after the draw and three proposed plays,
    exactly one of which the referee accepts."""
    step = ladder_step(n, PLAY_STEPS)
    for k in range(50):
        rng = random.Random(1450 + n * 100 + k)
        used = Counter()
        take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
        r, m, x, y = rng.sample(list(classic.natural_ranks), 4)
        table, trio, pair = take(m, 3), take(r, 3), take(m, 2)
        two, joker, odd, other = take("2", 1), take("JK", 1), take(x, 1), take(y, 1)
        top = take(r, 1)
        hand = trio + pair + two + joker + odd + other
        spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": format_cards(sort_hand(classic, hand)),
                               "melds": [format_cards(table)], "discard": format_cards(take(x, 1) + top)})
        f = format_cards
        legal = rng.choice([f"meld {f(trio)}; discard {odd[0]}", f"layoff {f(pair)} to 1; discard {odd[0]}",
                            f"meld {f(trio + two)}; discard {odd[0]}"])
        wrongs = {
            "two-discards": f"meld {f(trio)}; discard {odd[0]}; discard {other[0]}",
            "no-discard": f"meld {f(trio)}",
            "meld-after-discard": f"discard {odd[0]}; meld {f(trio)}",
            "one-natural": f"meld {f(trio[:1] + two + joker)}; discard {odd[0]}",
            "wrong-layoff": f"layoff {odd[0]} to 1; discard {other[0]}",
            "mixed-ranks": f"meld {f(trio[:2] + odd)}; discard {other[0]}",
            "second-meld": f"meld {f(pair + two)}; discard {odd[0]}",
            "pickup-after-draw": f"pickup {f(trio[:2])}; meld {f(top + trio[:2])}; discard {odd[0]}",
        }
        kinds = rng.sample(PLAY_WRONGS[step], 2)
        plays = [legal] + [wrongs[kind] for kind in kinds]
        if referee(spot, legal).answer and not any(referee(spot, p).answer for p in plays[1:]):
            order = rng.sample(plays, 3)
            mistakes = {wrongs[kind]: kind for kind in kinds}
            return {"step": step, "spot": spot, "plays": order, "mistakes": mistakes}
    raise ValueError("no spot with exactly one legal play")


@app.function
def where_it_breaks(verdict) -> str:
    """Where the referee found the broken rule: a numbered step, or the end of the turn as a whole."""
    step = verdict.extra.get("step")
    return f"at step {step}" if step else "at the end of the turn"


@app.function
def play_feedback(question, chosen) -> tuple:
    """(right?, message) for "which of these plays is legal?", judged by the referee."""
    if chosen is None:
        return None, ""
    spot = question["spot"]
    verdict = referee(spot, chosen)
    if verdict.answer:
        others = []
        for play in question["plays"]:
            if play != chosen:
                v = referee(spot, play)
                others.append(f"`{play}` breaks a rule {where_it_breaks(v)}: {v.reasons[0].text}")
        return True, (f"Right: the referee accepts it ({'; '.join(play_why(spot, chosen))}). The others: "
                      + "; ".join(others) + ".")
    kind = question["mistakes"].get(chosen)
    lead = f"Remember: {PLAY_MISTAKES[kind]}. " if kind else ""
    return False, (f"The referee rules it illegal {where_it_breaks(verdict)}: {verdict.reasons[0].text}. {lead}"
                   "Read the other plays step by step.")


@app.function
def take_table(kind: str, yes: bool, rng) -> dict:
    """A classic spot for a pile question of this kind; ``yes`` is the answer the spot is built for."""
    used = Counter()
    take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
    low = [r for r in classic.natural_ranks if classic.value(Card(r, "S")) == min(
        classic.value(Card(x, "S")) for x in classic.natural_ranks)]
    if kind == "not-down":
        # the highest-valued natural reaches the minimum with the top card, the lowest never does
        best = max(classic.natural_ranks, key=lambda r: classic.value(Card(r, "S")))
        t = best if yes else rng.choice(low)
    else:
        t = rng.choice(classic.natural_ranks)
    m, x, y = rng.sample([r for r in classic.natural_ranks if r != t], 3)
    if kind == "not-down":
        return {"phase": "before-draw", "melds": [], "hand": take(t, 2) + take(x, 1) + take(y, 1),
                "discard": take(m, 1) + take(t, 1)}
    pair = take(t, 2) if yes or kind == "drawn" else take(t, 1) + take("JK", 1)
    if kind == "down" and not yes:
        pair = take(t, 1) + take(x, 1)
    below = take(m, 1) + (take("2", 1) if kind == "frozen" else [])
    return {"phase": "drawn" if kind == "drawn" else "before-draw", "melds": [format_cards(take(m, 3))],
            "hand": pair + take(x, 1) + take(y, 1), "discard": below + take(t, 1)}


@app.function
def take_question(n: int) -> dict:
    """The n-th "may I take the pile?" question: a classic spot, its answer left to the checker."""
    step = ladder_step(n, TAKE_STEPS)
    for k in range(50):
        rng = random.Random(1470 + n * 100 + k)
        kind = rng.choice(TAKE_STEPS[:-1]) if step == "any" else step
        yes = kind != "drawn" and rng.random() < 0.5
        table = take_table(kind, yes, rng)
        spot = Spot.from_dict({"variant": "classic", "score": 0, **{key: format_cards(v) if key in ("hand", "discard")
                               else v for key, v in table.items()}})
        if ask("pickup", spot).answer == yes:
            return {"kind": kind, "spot": spot}
    raise ValueError(f"no pile question of kind {kind!r}")


@app.function
def take_feedback(question, answer) -> tuple:
    """(right?, message) for "may I take the pile?", answered by the checker (``ask("pickup", ...)``)."""
    if answer is None:
        return None, ""
    verdict = ask("pickup", question["spot"])
    said = answer == "yes"
    why = "; ".join(r.text for r in verdict.reasons[:2])
    if said == verdict.answer:
        return True, f"Right: {'yes' if verdict.answer else 'no'}. The checker: {why}."
    kind = question["kind"]
    leads = {
        ("drawn", True): "The draw is made already: the pile is taken instead of drawing, never after.",
        ("frozen", True): "A wild card in the pile freezes it: only a natural pair of its top card takes it.",
        ("frozen", False): "A frozen pile can still be taken, with a natural pair of its top card.",
        ("not-down", True): "With nothing melded, taking the pile is also your side's first meld, and it must "
                            "reach the minimum.",
        ("not-down", False): "The top card and your pair may reach the first meld's minimum on their own.",
        ("down", True): "The top card goes down at once with two cards from your hand, or onto your meld of "
                        "its rank.",
        ("down", False): "Your side is down and the pile is not frozen: a pair, or a natural and a wild card, "
                         "takes it.",
    }
    return False, f"The checker says {'yes' if verdict.answer else 'no'}. {leads.get((kind, said), '')} ({why}.)"


@app.function
def play_steps(play: str) -> list:
    """The play's steps, each as (its word, the cards it moves), in order."""
    steps = []
    for step in (s.strip() for s in play.split(";") if s.strip()):
        word, _, rest = step.partition(" ")
        steps.append((word, tuple(parse_cards(rest.split(" to ")[0].split(" depth")[0]))))
    return steps


@app.function
def steps_view(spot, play: str) -> mo.Html:
    """A play shown step by step: its notation, then the cards each numbered step moves."""
    words = {"pickup": "takes the pile with", "meld": "puts down", "layoff": "lays off", "discard": "discards"}
    rows = [mo.md(f"The play: `{play}`")]
    for number, (word, cards) in enumerate(play_steps(play), start=1):
        rows.append(cards_view(format_cards(cards), spot.rules, label=f"step {number}: {words.get(word, word)}",
                               width=34))
    return mo.vstack(rows)


@app.function
def read_question(n: int) -> dict:
    """The n-th "read the play" question: a classic play after the draw, written only in the notation."""
    step = ladder_step(n, READ_STEPS)
    f = format_cards
    for k in range(50):
        rng = random.Random(1400 + n * 100 + k)
        used = Counter()
        take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
        r, m, p, x, y = rng.sample(list(classic.natural_ranks), 5)
        table, trio, pair, more, keep = take(m, 3), take(r, 3), take(p, 2), take(m, 1), take(x, 1) + take(y, 1)
        wilds = take("2", 1) + take("JK", 1)
        if step == "meld":
            hand, steps = trio + pair + keep, [f"meld {f(trio)}"]
        elif step == "layoff":
            hand = pair + wilds[:1] + more + trio[:1] + keep
            steps = [f"layoff {f(more)} to 1", f"meld {f(pair + wilds[:1])}"]
        else:
            hand = trio + pair + wilds + more + keep
            steps = [f"meld {f(trio)}", f"meld {f(pair + wilds[:1])}", f"layoff {f(more + wilds[1:])} to 1"]
        if len(set(hand)) != len(hand):
            continue  # one copy of each card, so that a card selected is a card named or not
        spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": f(sort_hand(classic, hand)),
                               "melds": [f(table)], "discard": f(take(rng.choice(classic.natural_ranks), 1))})
        play = "; ".join(steps + [f"discard {keep[0]}"])
        if referee(spot, play).answer:
            return {"step": step, "spot": spot, "play": play}
    raise ValueError("no legal play to read")


@app.function
def to_the_table(spot, play: str) -> list:
    """The cards of the hand that a legal play puts on the table, as the referee's account of the turn lists
    them: its new melds and its lay-offs (the discard goes to the pile)."""
    made = referee(spot, play).witness
    return [c for cards in made["melds"] + [lay["cards"] for lay in made["layoffs"]] for c in parse_cards(cards)]


@app.function
def read_feedback(question, selected) -> tuple:
    """(right?, message) for "select the cards this play puts on the table", from the referee's account."""
    if not selected:
        return None, ""
    spot, play = question["spot"], question["play"]
    wanted = to_the_table(spot, play)
    steps = play_steps(play)
    for card in selected:
        if card in wanted:
            continue
        if ("discard", (card,)) in steps:
            return False, (f"Not {card.symbol()}: `discard {card}` puts it on the pile, which ends the turn; the "
                           "pile is not the table.")
        return False, f"Not {card.symbol()}: no step of the play names it, so it stays in your hand."
    missing = [c for c in wanted if c not in selected]
    if missing:
        card = missing[0]
        number, (word, _) = next((i, s) for i, s in enumerate(steps, start=1) if card in s[1])
        how = ("lays it off onto the side's meld whose number follows `to`" if word == "layoff"
               else "puts it down in a new meld")
        return False, f"{card.symbol()} goes to the table too: step {number}, `{word}`, {how}."
    return True, (f"Right: the referee's account of the turn puts {cards_text(wanted)} on the table; the "
                  "discard goes to the pile and the other cards stay in your hand.")


@app.function
def stop_question(n: int) -> dict:
    """The n-th "where does the referee stop?" question: a classic play after the draw with broken steps."""
    step = ladder_step(n, STOP_STEPS)
    f = format_cards
    for k in range(50):
        rng = random.Random(1405 + n * 100 + k)
        used = Counter()
        take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
        r, m, p, x, y, z = rng.sample(list(classic.natural_ranks), 6)
        table, trio, more, mixed, stray, keep = take(m, 3), take(r, 3), take(m, 1), take(p, 2) + take(x, 1), \
            take(y, 1), take(z, 2)
        broken = [f"meld {f(mixed)}"] + ([f"layoff {f(stray)} to 1"] if step == "two" else [])
        steps = rng.sample([f"meld {f(trio)}", f"layoff {f(more)} to 1"] + broken, 2 + len(broken))
        play = "; ".join(steps + [f"discard {keep[0]}"])
        hand = trio + more + mixed + (stray if step == "two" else []) + keep
        if len(set(hand)) != len(hand):
            continue  # every card names one step only
        spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": f(sort_hand(classic, hand)),
                               "melds": [f(table)], "discard": f(take(rng.choice(classic.natural_ranks), 1))})
        stop = referee(spot, play).extra.get("step")
        if stop and play_steps(play)[stop - 1][0] != "discard":
            return {"step": step, "spot": spot, "play": play}
    raise ValueError("no play that breaks a numbered step")


@app.function
def stop_feedback(question, selected) -> tuple:
    """(right?, message) for "select a card of the step where the referee stops", judged by the referee."""
    if not selected:
        return None, ""
    spot, play = question["spot"], question["play"]
    steps = play_steps(play)
    chosen = set()
    for card in selected:
        holding = [i for i, (_, cards) in enumerate(steps, start=1) if card in cards]
        if not holding:
            return False, f"{card.symbol()} stays in the hand: select a card that one of the play's steps moves."
        chosen.add(holding[0])
    if len(chosen) > 1:
        return False, "These cards belong to different steps: select the cards of one step only."
    picked = chosen.pop()
    verdict = referee(spot, play)
    stop = verdict.extra.get("step")
    if picked == stop:
        return True, (f"Right: the referee stops at step {stop}: {symbols_in(verdict.reasons[0].text)}. "
                      "It never reads the steps after it.")
    if picked < stop:
        return False, (f"Step {picked} is legal: the referee replays it and goes on to the next step. Read on "
                       "until a step breaks a rule.")
    return False, (f"Step {picked} comes after the first step that breaks a rule: the referee stops there and "
                   "never gets this far. Read the steps from the first one.")


@app.function
def side_question(n: int) -> dict:
    """The n-th "put your side down" question: a classic hand to put melds on the table from."""
    step = ladder_step(n, SIDE_STEPS)
    rng = random.Random(1420 + n)
    used = Counter()
    take = lambda rank, k: pack_cards(classic, rng, used, rank, k)
    a, b, c, d, e = rng.sample(list(classic.natural_ranks), 5)
    wild = take(rng.choice(sorted(classic.wild_ranks)), 1)
    if step == "natural":
        hand = take(a, 3) + take(b, 2) + take(c, 1) + take(d, 1) + take(e, 1)
    elif step == "wild":
        hand = take(a, 2) + take(b, 2) + wild + take(c, 1) + take(d, 1) + take(e, 1)
    else:
        blacks = [Card("3", s) for s in "SC" for _ in range(classic.copies(Card("3", s)))]
        hand = rng.sample(blacks, 3) + take(a, 2) + wild + take(c, 1) + take(d, 1)
    return {"step": step, "hand": sort_hand(classic, hand)}


@app.function
def side_feedback(question, groups, selected) -> tuple:
    """(right?, message) for melds put on the table so that the side is down, answered by the checker."""
    if not groups:
        return (None, "") if not selected else (False, "Group the cards rather than select them: each group "
                                                       "goes to the table as one of your side's melds.")
    for group in groups:
        if all(classic.role(c) == "blocker" for c in group):
            return False, (f"Not {cards_text(group)}: black 3s are melded only by the player who goes out, and "
                           "that ends the hand. A spot with them on the table has no turn left to play: put down "
                           "a meld of another rank.")
        mistake = meld_mistake(classic, group, going_out=True)
        if mistake:
            return False, f"Not {cards_text(group)}: {mistake}."
    try:
        spot = arranged_spot("classic", question["hand"], groups, ())
        verdict = ask("initial-meld", spot)
    except TutorError as error:
        return False, f"This table cannot be: {error}."
    first = verdict.reasons[0] if verdict.reasons else None
    if not verdict.answer and first is not None and first.rule == classic.cite("initial"):
        return True, f"Right: your side is down. Asked for its first meld, the checker says: {first.text}."
    return False, "The checker still looks for your side's first meld: put a legal meld on the table."


@app.function
def open_question(n: int) -> dict:
    """The n-th "open the pile" question: a classic hand to arrange so that a natural and a wild card take
    the pile; ``wild`` is the wild card to keep for it, ``below`` what the pile holds under the top card."""
    step = ladder_step(n, OPEN_STEPS)
    rng = random.Random(1430 + n)
    used = Counter()
    take = lambda rank, k: pack_cards(classic, rng, used, rank, k)
    a, b, c, d, e = rng.sample(list(classic.natural_ranks), 5)
    kept, spare = rng.sample(sorted(classic.wild_ranks), 2)
    wild = take(kept, 1)
    if step == "triple":
        hand = take(a, 3) + take(b, 2) + wild + take(c, 1) + take(d, 1)
    else:
        hand = take(a, 2) + take(spare, 1) + take(b, 2) + wild + take(c, 1) + take(d, 1)
    return {"step": step, "hand": sort_hand(classic, hand), "below": tuple(take(e, 1)), "wild": wild[0]}


@app.function
def open_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a spot arranged so that a natural and the wild card take the pile, answered by
    the checker (``ask("pickup", ..., play=...)``) on the arranged spot."""
    if not groups and not selected:
        return None, ""
    if len(selected) != 1:
        return False, "Select exactly one card for the top of the pile, the card your pickup melds at once."
    for group in groups:
        mistake = meld_mistake(classic, group, going_out=True)
        if mistake:
            return False, f"Not {cards_text(group)} on the table: {mistake}."
    try:
        spot = arranged(question, groups, selected)
    except TutorError as error:
        return False, f"This spot cannot be used: {error}."
    wild = question["wild"]
    if wild not in spot.hand:
        return False, (f"Keep {wild.symbol()} in your hand: it is the wild card that takes the pile with a "
                       "natural, so it cannot go into a meld on the table.")
    top = spot.discard[-1]
    naturals = [c for c in dict.fromkeys(spot.hand) if classic.is_natural(c)]
    matching = [c for c in naturals if c.rank == top.rank] or naturals[:1]
    verdicts = [(c, ask("pickup", spot, play=f"{c} {wild}")) for c in matching]
    taken = next(((c, v) for c, v in verdicts if v.answer), None)
    if taken:
        return True, (f"Right: the checker says {taken[0].symbol()} and {wild.symbol()} take the pile: "
                      f"{symbols_in(taken[1].reasons[0].text)}.")
    why = "; ".join(symbols_in(r.text) for r in verdicts[0][1].reasons) if verdicts else ""
    if not spot.down:
        lead = ("Your side has not melded, so the pile is frozen for it and only a natural pair takes it: put a "
                "meld on the table first.")
    elif not any(c.rank == top.rank for c in naturals):
        lead = "The top card goes down with a natural of its own rank from your hand: keep one of them back."
    else:
        lead = "Read the checker's reason."
    return False, f"Not yet. {lead} The checker: {why}."


@app.function
def taken_back(play: str, card) -> str | None:
    """The play with one copy of ``card`` taken out of the first meld or lay-off that holds it (None: none does)."""
    steps = [s.strip() for s in play.split(";") if s.strip()]
    for i, step in enumerate(steps):
        word, _, rest = step.partition(" ")
        if word not in ("meld", "layoff"):
            continue
        cards, _, target = rest.partition(" to ")
        held = list(parse_cards(cards))
        if card in held:
            held.remove(card)
            steps[i] = (f"{word} {format_cards(held)}" + (f" to {target}" if target else "")) if held else ""
            return "; ".join(s for s in steps if s)
    return None


@app.function
def fix_question(n: int) -> dict:
    """The n-th "fix the play" question: a classic play after the draw that one card taken back makes legal."""
    step = ladder_step(n, FIX_STEPS)
    f = format_cards
    for k in range(50):
        rng = random.Random(1440 + n * 100 + k)
        used = Counter()
        take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
        r, m, x, y, z = rng.sample(list(classic.natural_ranks), 5)
        table, keep = take(m, 3), take(y, 1) + take(z, 1)
        if step == "stray":
            trio, stray = take(r, 3), take(x, 1)
            hand, play = trio + stray, f"meld {f(trio + stray)}; discard {keep[0]}"
        elif step == "wilds":
            pair, wilds = take(r, 2), take("2", 2) + take("JK", 1)
            hand, play = pair + wilds, f"meld {f(pair + wilds)}; discard {keep[0]}"
        else:
            trio, more = take(r, 3), take(m, 1) + take(x, 1)
            hand, play = trio + more, f"meld {f(trio)}; layoff {f(rng.sample(more, 2))} to 1; discard {keep[0]}"
        spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": f(sort_hand(classic, hand + keep)),
                               "melds": [f(table)], "discard": f(take(rng.choice(classic.natural_ranks), 1))})
        fixes = [c for c in dict.fromkeys(spot.hand)
                 if taken_back(play, c) and referee(spot, taken_back(play, c)).answer]
        if fixes and not referee(spot, play).answer:
            return {"step": step, "spot": spot, "play": play}
    raise ValueError("no play that one card taken back makes legal")


@app.function
def fix_feedback(question, selected) -> tuple:
    """(right?, message) for "select the card to take back", judged by the referee on the play without it."""
    if not selected:
        return None, ""
    if len(selected) != 1:
        return False, "Select one card only: one card is out of place in this play, and it is the one to take back."
    spot, play, card = question["spot"], question["play"], selected[0]
    fixed = taken_back(play, card)
    if fixed is None:
        where = ("it is the discard, and the turn needs its one discard" if ("discard", (card,)) in play_steps(play)
                 else "the play does not move it")
        return False, f"Not {card.symbol()}: {where}. Take back a card from a meld or a lay-off."
    verdict = referee(spot, fixed)
    if verdict.answer:
        return True, (f"Right: without {card.symbol()} the referee accepts `{fixed}`: "
                      f"{symbols_in(verdict.reasons[0].text)}.")
    was = referee(spot, play).extra.get("step") or 0
    now = verdict.extra.get("step") or 0
    lead = (f"Step {now} was legal as proposed: leave it whole, and look at step {was}." if 0 < now < was else
            "Take back the one card that breaks the rule, so that the rest of the step stands.")
    return False, (f"Without {card.symbol()} the play is still illegal {where_it_breaks(verdict)}: "
                   f"{symbols_in(verdict.reasons[0].text)}. {lead}")


@app.function
def build_question(n: int) -> dict:
    """The n-th "build a legal turn" question: a classic spot after the draw, a side that has melded."""
    step = ladder_step(n, BUILD_STEPS)
    rng = random.Random(1460 + n)
    used = Counter()
    take = lambda rank, k: pack_cards(classic, rng, used, rank, k)
    r, m, x, y, z, e = rng.sample(list(classic.natural_ranks), 6)
    table = take(m, 3)
    if step == "meld":
        hand = take(r, 3) + take(x, 1) + take(y, 1) + take(z, 1)
    elif step == "layoff":
        hand = take(m, 2) + take(r, 1) + take(x, 1) + take(y, 1)
    else:
        hand = take(r, 3) + take(m, 1) + take(x, 1) + take(y, 1)
    spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": format_cards(sort_hand(classic, hand)),
                           "melds": [format_cards(table)], "discard": format_cards(take(e, 1))})
    return {"step": step, "spot": spot}


@app.function
def build_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a turn built on the cards: the referee judges it, and its account of the turn
    says whether it holds what the step asks for."""
    if not groups and not selected:
        return None, ""
    spot = question["spot"]
    if len(selected) != 1:
        return False, ("Select exactly one card to discard: a turn ends with one discard, never two." if selected
                       else "Select the card you discard: a turn that does not go out ends with a discard.")
    play = play_text(spot, groups, selected)
    verdict = referee(spot, play)
    if not verdict.answer:
        return False, (f"The referee rules `{play}` illegal {where_it_breaks(verdict)}: "
                       f"{symbols_in(verdict.reasons[0].text)}.")
    names = {"melds": "a new meld", "layoffs": "a lay-off onto your meld on the table"}
    missing = [names[key] for key in BUILD_NEEDS[question["step"]] if not verdict.witness.get(key)]
    if missing:
        return False, f"The referee accepts `{play}`, but this turn asks for {' and '.join(missing)} as well."
    return True, f"Right: the referee accepts `{play}`: {symbols_in(verdict.reasons[0].text)}."


@app.function
def down_question(n: int) -> dict:
    """The n-th "which cards can go down?" question: a classic spot after the draw, a side that has melded."""
    step = ladder_step(n, DOWN_STEPS)
    for k in range(50):
        rng = random.Random(1480 + n * 100 + k)
        used = Counter()
        take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
        r, m, p, x, y = rng.sample(list(classic.natural_ranks), 5)
        table = take(m, 3)
        if step == "triple":
            hand = take(r, 3) + take(p, 2) + take(x, 1) + take(y, 1)
        elif step == "layoff":
            hand = take(m, 1) + take(p, 2) + take(x, 1) + take(y, 1) + take(r, 1)
        else:
            hand = take(p, 2) + take(rng.choice(sorted(classic.wild_ranks)), 1) + [Card("3", rng.choice("SC"))] \
                + take(x, 1) + take(y, 1) + take(m, 1)
        if len(set(hand)) != len(hand):
            continue  # one copy of each card, so that a card selected is a card listed or not
        spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "hand": format_cards(sort_hand(classic, hand)),
                               "melds": [format_cards(table)], "discard": format_cards(take(r, 1))})
        if 0 < len(going_down(spot)) < len(spot.hand):
            return {"step": step, "spot": spot}
    raise ValueError("no spot with some cards that go down and some that do not")


@app.function
def going_down(spot) -> set:
    """The cards of the hand that some meld or lay-off in the checker's list puts down."""
    return {c for choice in ask("melds", spot).extra["melds"] for c in parse_cards(choice["cards"])}


@app.function
def down_feedback(question, selected) -> tuple:
    """(right?, message) for "select every card that can go down", answered by the checker's list of melds."""
    if not selected:
        return None, ""
    spot = question["spot"]
    wanted = going_down(spot)
    table_ranks = {m[0].rank for m in spot.melds}
    stray = [c for c in selected if c not in wanted]
    if stray:
        card = stray[0]
        same = sum(c.rank == card.rank for c in spot.hand)
        if classic.role(card) == "blocker":
            why = "black 3s are melded only by the player who goes out"
        elif classic.is_natural(card) and same >= 2:
            why = (f"a natural pair alone is not a meld: a meld needs at least "
                   f"{number_word(classic['meld']['min_cards'])} cards, and no wild card is left to join it")
        else:
            why = "no other card of its rank is in your hand, and your side has no meld of its rank on the table"
        return False, f"Not {card.symbol()}: no meld or lay-off the checker lists puts it down; {why}."
    missing = [c for c in spot.hand if c in wanted and c not in selected]
    if missing:
        card = missing[0]
        if card.rank in table_ranks:
            why = "it is laid off onto your side's meld of its rank on the table"
        elif classic.is_wild(card):
            why = "a wild card joins a meld, a new one or one on the table"
        else:
            why = "it makes a meld with the other cards of its rank"
        return False, f"{card.symbol()} can go down too: {why}. Look again at every card."
    down = [c for c in spot.hand if c in wanted]
    if len(down) == 1:
        return True, f"Right: {down[0].symbol()} is the only card the checker's list puts down; the others stay."
    return True, f"Right: {cards_text(down)} are the cards the checker's list puts down; the others stay in your hand."


@app.function
def first_question(n: int) -> dict:
    """The n-th "first meld" question: a classic side not down yet, after the draw, its score climbing."""
    score = ladder_step(n, FIRST_SCORES)
    for k in range(50):
        rng = random.Random(1490 + n * 100 + k)
        used = Counter()
        take = lambda rank, j: pack_cards(classic, rng, used, rank, j)
        a, b, c, x, y = rng.sample(list(classic.natural_ranks), 5)
        wilds = [take(w, 1)[0] for w in rng.sample(sorted(classic.wild_ranks) * 2, 1 + (score > 0))]
        hand = take(a, 3) + take(b, 2) + take(c, 2) + wilds + take(x, 1) + take(y, 1)
        spot = Spot.from_dict({"variant": "classic", "phase": "drawn", "score": score,
                               "hand": format_cards(sort_hand(classic, hand)), "discard": format_cards(take(x, 1))})
        # the natural triple alone must fall short, so the wild cards' points are needed
        triple = format_cards(take_of(hand, a))
        if ask("initial-meld", spot).answer and not ask("initial-meld", spot, play=triple).answer:
            return {"score": score, "spot": spot}
    raise ValueError(f"no first-meld question for a score of {score}")


@app.function
def take_of(hand, rank) -> list:
    """The cards of ``rank`` in the hand."""
    return [c for c in hand if c.rank == rank]


@app.function
def first_feedback(question, proposed: str) -> tuple:
    """(right?, message) for melds proposed as the side's first meld, answered by the checker
    (``ask("initial-meld", ..., play=...)``)."""
    if not proposed:
        return None, ""
    spot = question["spot"]
    try:
        verdict = ask("initial-meld", spot, play=proposed)
    except TutorError as error:
        return False, f"Not quite: {error}."
    why = "; ".join(symbols_in(r.text) for r in verdict.reasons[:1])
    if verdict.answer:
        return True, f"Right: the checker accepts it as your side's first meld: {why}."
    if verdict.reasons and verdict.reasons[0].rule == classic.cite("initial"):
        lead = (f"Your side needs {classic.initial_need(spot.score)} points, counted over all the melds it puts "
                "down in the turn: a second meld counts too, and so do the wild cards' points.")
    else:
        lead = "Each group must be a legal meld before its points count."
    return False, f"The checker says no: {why}. {lead}"


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # The referee
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how to write down any situation at the table as a spot;",
        "how to write a whole turn as a play;",
        "how to read the referee's verdict: the step that breaks a rule, the rule's ID and its source.",
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
    ## Settling a dispute

    An argument at the card table usually comes down to one question: *was
    that play legal?* The referee answers it. Give it the **spot**, what the
    player could see at that moment (the variant, the hand, the side's
    melds, the pile, the score, and whether the turn's draw was made), and
    the **play**, the whole turn as it was made. It replays the turn step by
    step under the variant's rules. A legal play comes back with the melds
    it made; an illegal one with the first step that breaks a rule, the
    rule's ID, the rule itself and where it comes from.

    A play is written as steps separated by `;`:

    - `pickup KH KD` takes the pile with these two cards from the hand
      (only at the start of a turn; add `depth 3` in Albany for a deeper take);
    - `meld KS KH KD 2C` puts down a new meld;
    - `layoff 7D to 2` adds cards to the side's second meld;
    - `discard 9C` ends the turn.
    """)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Quick check: read a play.** Here is a legal play in the notation only.
    Select in the hand every card it puts on the table, in new melds or laid
    off onto the side's melds, and no other card.
    """)
    return


@app.cell
def _():
    new_read = deal_button("Next play")
    new_read
    return (new_read,)


@app.cell
def _(new_read):
    read_ask = read_question(new_read.value)
    _spot = read_ask["spot"]
    read_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    mo.vstack([mo.md(f"The play: `{read_ask['play']}`"), read_hand,
               hint("Read the play step by step, between the `;`. The cards after `meld` go down as a new meld, "
                    "those after `layoff` onto the side's meld with the number after `to`; the card after "
                    "`discard` goes to the pile instead.")])
    return read_ask, read_hand


@app.cell
def read_check(read_ask, read_hand, tracker):
    _right, _text = read_feedback(read_ask, read_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="read-the-play",
             waiting="Select the cards the play puts on the table.")
    return


@app.cell(hide_code=True)
def _(read_ask):
    solution("Show the play in cards", steps_view(read_ask["spot"], read_ask["play"]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Quick check: where does the referee stop?** The referee replays a play
    one step at a time and stops at the first step that breaks a rule. Select
    a card of that step in the hand below, which is the hand as it was before
    the play. The first plays break one step; later ones break two.
    """)
    return


@app.cell
def _():
    new_stop = deal_button("Next play")
    new_stop
    return (new_stop,)


@app.cell
def _(new_stop):
    stop_ask = stop_question(new_stop.value)
    _spot = stop_ask["spot"]
    stop_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    _least = number_word(classic["meld"]["min_naturals"])
    mo.vstack([steps_view(_spot, stop_ask["play"]), stop_hand,
               hint(f"Judge each step on its own, from the first: is a new meld cards of one rank, with {_least} "
                    "naturals at least? Does a lay-off go onto the side's meld of its own rank? The first step "
                    "that fails is where the referee stops, whatever comes after it.")])
    return stop_ask, stop_hand


@app.cell
def stop_check(stop_ask, stop_hand, tracker):
    _right, _text = stop_feedback(stop_ask, stop_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="where-it-stops",
             waiting="Select a card of the step where the referee stops.")
    return


@app.cell(hide_code=True)
def _(stop_ask):
    _verdict = referee(stop_ask["spot"], stop_ask["play"])
    solution("Show the referee's verdict", verdict_view(_verdict, stop_ask["spot"], yes="Legal",
                                                        no=f"Illegal at step {_verdict.extra.get('step')}"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The spot

    Build the spot from its parts, arrange it from a dealt hand with the card
    widget (groups go to the table as the side's melds, selected cards to the
    pile), or type it as JSON. Mistakes are pointed out as you go.
    """)
    return


@app.cell
def _():
    spot_json = mo.ui.text_area(value=json.dumps(SAMPLE, indent=2), rows=10, full_width=True, label="Spot (JSON)")
    variant_pick = mo.ui.dropdown(options=list(BUILTIN), value="classic", label="variant")
    phase_pick = mo.ui.radio(options=["before-draw", "drawn"], value="drawn", label="phase", inline=True)
    score_text = mo.ui.text(value="0", label="score")
    hand_text = mo.ui.text(value="KS KH KD 7C 7D 2C 9S", label="hand", full_width=True)
    melds_text = mo.ui.text(value="AS AH AD", label="melds (separated by |)", full_width=True)
    discard_text = mo.ui.text(value="4C 8H", label="pile, bottom first", full_width=True)
    _builder = mo.vstack([hand_text, melds_text, discard_text])
    arranging = hand_widget("classic", deal("classic", seed=1414, cards=15)["hand"])
    source = mo.ui.tabs({"Build it": _builder, "Arrange a classic deal": arranging, "JSON": spot_json})
    mo.vstack([mo.hstack([variant_pick, phase_pick, score_text], justify="start"), source])
    return arranging, discard_text, hand_text, melds_text, phase_pick, score_text, source, spot_json, variant_pick


@app.cell
def spot_cell(arranging, discard_text, hand_text, melds_text, phase_pick, score_text, source, spot_json,
              variant_pick):
    try:
        if source.value == "JSON":
            spot = Spot.from_json(spot_json.value)
        elif source.value == "Arrange a classic deal":
            spot = arranged_spot("classic", arranging.widget.hand_cards(), arranging.widget.group_cards(),
                                 arranging.widget.selected_cards(), score=score_of(score_text.value),
                                 phase=phase_pick.value)
        else:
            spot = spot_from_form(variant_pick.value, phase_pick.value, score_text.value, hand_text.value,
                                  melds_text.value, discard_text.value)
    except TutorError as _error:
        spot = None
        spot_problem = problem(_error, lead="This spot cannot be used")
    else:
        spot_problem = None
    return spot, spot_problem


@app.cell
def _(spot, spot_problem):
    hand_view = None if spot is None else hand_widget(spot.rules, spot.hand, melds=spot.melds, discard=spot.discard)
    spot_problem if spot is None else mo.vstack([hand_view, mo.accordion({"The spot as JSON": mo.md(
        f"```json\n{json.dumps(spot.to_dict(), indent=2, ensure_ascii=False)}\n```")})])
    return (hand_view,)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: put your side down.** Whether a side has melded is not a
    separate field of the spot: it is read from the table. Group cards of
    this classic hand to put them on the table as your side's melds, keeping
    the rest in hand, until the checker says your side's first meld is behind
    it.
    """)
    return


@app.cell
def _():
    new_side = deal_button("Next hand")
    new_side
    return (new_side,)


@app.cell
def _(new_side):
    side_ask = side_question(new_side.value)
    side_hand = hand_widget("classic", side_ask["hand"])
    mo.vstack([side_hand,
               hint("A meld on the table is a legal meld like any other: cards of one rank, enough naturals, not "
                    "too many wild cards. Not every three cards of one rank will do: think of what black 3s are "
                    "for.")])
    return side_ask, side_hand


@app.cell
def side_check(side_ask, side_hand, tracker):
    _right, _text = side_feedback(side_ask, side_hand.widget.group_cards(), side_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="put-side-down",
             waiting="Group cards to put them on the table.")
    return


@app.cell(hide_code=True)
def _(side_ask):
    _hand = side_ask["hand"]
    _ways = [(_g,) for _g in dict.fromkeys(tuple(sorted(_c, key=str)) for _c in combinations(_hand, 3))
             if side_feedback(side_ask, [_g], ())[0]]
    _spot = arranged_spot("classic", _hand, _ways[0], ())
    solution("Show one way", mo.vstack([mo.md(f"Put {cards_text(_ways[0][0])} on the table:"),
                                       table_view(_spot, "your side is down")]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: arrange the spot.** A classic hand, before the draw. Arrange
    the table so that the checker says you may take the pile: group cards to
    put them down as your side's melds, and select the one card that goes on
    top of the pile.
    """)
    return


@app.cell
def _():
    new_arrange = deal_button("Next hand")
    new_arrange
    return (new_arrange,)


@app.cell
def _(new_arrange):
    arrange_ask = arrange_question(new_arrange.value)
    arrange_hand = hand_widget("classic", arrange_ask["hand"], discard=format_cards(arrange_ask["below"]))
    _task = {"take": "Any way of taking the pile will do.",
             "frozen": "The pile already holds the cards shown; yours goes on top.",
             "not-down": "This time your side has not melded: leave the table empty and choose the top card."}
    mo.vstack([mo.md(_task[arrange_ask["step"]]), arrange_hand,
               hint("The top card must go down at once with cards you keep in your hand: which ranks do you "
                    "hold more than one of? Count the points too while your side has not melded.")])
    return arrange_ask, arrange_hand


@app.cell
def arrange_check(arrange_ask, arrange_hand, tracker):
    _right, _text = arrange_feedback(arrange_ask, arrange_hand.widget.group_cards(),
                                     arrange_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="arrange-the-spot",
             waiting="Arrange the table, then select the top card of the pile.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: open the pile.** Now arrange a spot in which the pile may be
    taken with a natural and the wild card named below. Group cards to put
    your side's melds on the table and select the card for the top of the
    pile; the checker is asked about exactly that pickup.
    """)
    return


@app.cell
def _():
    new_open = deal_button("Next hand")
    new_open
    return (new_open,)


@app.cell
def _(new_open):
    open_ask = open_question(new_open.value)
    open_hand = hand_widget("classic", open_ask["hand"], discard=format_cards(open_ask["below"]))
    mo.vstack([mo.md(f"Take the pile with a natural of the top card's rank and {open_ask['wild'].symbol()}."),
               open_hand,
               hint("A natural and a wild card take only an open pile: your side must be down and no wild card "
                    "may lie in the pile. So put a meld on the table, keep the named wild card in your hand, and "
                    "put on top a card of a rank you still hold a natural of.")])
    return open_ask, open_hand


@app.cell
def open_check(open_ask, open_hand, tracker):
    _right, _text = open_feedback(open_ask, open_hand.widget.group_cards(), open_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="open-the-pile",
             waiting="Put a meld on the table, then select the top card of the pile.")
    return


@app.cell(hide_code=True)
def _(open_ask):
    _hand = open_ask["hand"]
    _melds = [_g for _g in dict.fromkeys(tuple(sorted(_c, key=str)) for _c in combinations(_hand, 3))
              if meld_mistake(classic, _g) is None]
    _way = next(([_g], [_t]) for _g in _melds for _t in dict.fromkeys(_hand)
                if _t not in _g and open_feedback(open_ask, [_g], [_t])[0])
    _spot = arranged(open_ask, *_way)
    solution("Show one way", mo.vstack([
        mo.md(f"Put {cards_text(_way[0][0])} on the table and {_way[1][0].symbol()} on top of the pile:"),
        table_view(_spot, "your side is down", "before the draw")]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The play

    Type the disputed play, or build it with the cards above: group the cards
    melded or laid off (a group that fits one of the side's melds is laid
    off onto it) and select the card discarded.
    """)
    return


@app.cell
def _():
    play_source = mo.ui.radio(options=["the play typed here", "the play built with the cards"],
                              value="the play typed here", label="Judge", inline=True)
    play_box = mo.ui.text(value="meld KS KH KD; discard 9S", label="Play", full_width=True)
    mo.vstack([play_source, play_box])
    return play_box, play_source


@app.cell
def referee_verdict(hand_view, play_box, play_source, spot):
    if spot is None:
        _shown = mo.md("Fix the spot first.")
    else:
        try:
            if play_source.value == "the play built with the cards":
                _play = play_text(spot, hand_view.widget.group_cards(), hand_view.widget.selected_cards())
                if not _play:
                    raise ValueError("group some cards (and select a discard) in the widget above")
            else:
                _play = play_box.value
            _verdict = referee(spot, _play)
        except (TutorError, ValueError) as _error:
            _shown = problem(_error)
        else:
            _step = _verdict.extra.get("step")
            _where = f" (step {_step}: `{_play.split(';')[_step - 1].strip()}`)" if _step else ""
            _why = mo.md("Why: " + "; ".join(play_why(spot, _play)) + ".") if _verdict.answer else mo.md("")
            _shown = mo.vstack([mo.md(f"The play judged: `{_play}`"),
                                verdict_view(_verdict, spot, yes="Legal", no=f"Illegal{_where}"), _why])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: which play is legal?** Three plays are proposed for the spot
    below, just after the draw. The referee accepts exactly one of them.
    Which?
    """)
    return


@app.cell
def _():
    new_play = deal_button("Next spot")
    new_play
    return (new_play,)


@app.cell
def _(new_play):
    play_ask = play_question(new_play.value)
    play_pick = mo.ui.radio(options=play_ask["plays"], label="The legal play")
    mo.vstack([table_view(play_ask["spot"], "classic", "after the draw"), play_pick,
               hint("Read each play one step at a time, as the referee does: is each meld legal on its own, "
                    "does every card it uses come from your hand, and does the turn end with one discard?")])
    return play_ask, play_pick


@app.cell
def play_check(play_ask, play_pick, tracker):
    _right, _text = play_feedback(play_ask, play_pick.value)
    practise(_right, _text, _text, tracker=tracker, exercise="which-play", waiting="Choose a play.")
    return


@app.cell(hide_code=True)
def _(play_ask):
    solution("Show the referee's verdicts", mo.vstack([
        mo.vstack([mo.md(f"`{_p}`"), verdict_view(referee(play_ask["spot"], _p), play_ask["spot"], yes="Legal",
                                                   no="Illegal")]) for _p in play_ask["plays"]]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: fix the play.** The play below breaks a rule because one card
    is out of place. Select in your hand the card to take back: the referee
    then judges the play without it.
    """)
    return


@app.cell
def _():
    new_fix = deal_button("Next play")
    new_fix
    return (new_fix,)


@app.cell
def _(new_fix):
    fix_ask = fix_question(new_fix.value)
    _spot = fix_ask["spot"]
    fix_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    mo.vstack([steps_view(_spot, fix_ask["play"]), fix_hand,
               hint("Find the step that breaks a rule first. Then ask which single card, left in your hand, lets "
                    "that step stand: a card of another rank, or one wild card more than the naturals allow?")])
    return fix_ask, fix_hand


@app.cell
def fix_check(fix_ask, fix_hand, tracker):
    _right, _text = fix_feedback(fix_ask, fix_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="fix-the-play", waiting="Select the card to take back.")
    return


@app.cell(hide_code=True)
def _(fix_ask):
    _spot, _play = fix_ask["spot"], fix_ask["play"]
    _card = next(_c for _c in dict.fromkeys(_spot.hand)
                 if taken_back(_play, _c) and referee(_spot, taken_back(_play, _c)).answer)
    _fixed = taken_back(_play, _card)
    solution("Show the fixed play", mo.vstack([
        verdict_view(referee(_spot, _play), _spot, yes="Legal", no="Illegal as proposed"),
        mo.md(f"Take back {_card.symbol()}: `{_fixed}`"),
        verdict_view(referee(_spot, _fixed), _spot, yes="Legal", no="Illegal")]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: build a legal turn.** Build a whole turn on the cards: group
    the cards you meld or lay off, and select the one card you discard. The
    referee judges the turn you built; each spot asks for something more.
    """)
    return


@app.cell
def _():
    new_build = deal_button("Next spot")
    new_build
    return (new_build,)


@app.cell
def _(new_build):
    build_ask = build_question(new_build.value)
    _spot = build_ask["spot"]
    build_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    _task = {"meld": "Put down a new meld, then discard.",
             "layoff": "Lay off onto your side's meld on the table, then discard.",
             "both": "Put down a new meld and lay off onto your meld on the table, then discard."}
    mo.vstack([mo.md(_task[build_ask["step"]]), build_hand,
               hint("A group that fits the meld on the table is laid off onto it; any other group is a new meld. "
                    "Keep at least one card out of the groups for the discard, and select only that one.")])
    return build_ask, build_hand


@app.cell
def build_check(build_ask, build_hand, tracker):
    _right, _text = build_feedback(build_ask, build_hand.widget.group_cards(), build_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="build-a-turn",
             waiting="Group cards, then select the card you discard.")
    return


@app.cell(hide_code=True)
def _(build_ask):
    _verdict, _ = ask_verdict("melds", build_ask["spot"])
    solution("Show what the checker would put down", mo.vstack([
        mo.md("Every meld and lay-off the checker finds for this hand; make the ones the task asks for, then "
              "discard one card you keep."),
        meld_list(build_ask["spot"].rules, _verdict.extra["melds"]) if _verdict else mo.md("")]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Other questions about the same spot

    The referee judges one play. The checker answers the broader questions:
    is *any* legal way there to go out, to take the pile, to make the first
    meld? A yes comes with a proof, a no with the rules that stand in the way.
    """)
    return


@app.cell
def _():
    question_pick = mo.ui.dropdown(options={"Can I go out this turn?": "go-out", "May I take the pile?": "pickup",
                                            "Can my side make its first meld?": "initial-meld",
                                            "Which melds may I put down?": "melds"},
                                   value="Can I go out this turn?", label="Question")
    ask_button = mo.ui.run_button(label="Ask the checker")
    mo.hstack([question_pick, ask_button], justify="start")
    return ask_button, question_pick


@app.cell
def checker_answer(ask_button, question_pick, spot):
    mo.stop(not ask_button.value, mo.md("*The checker answers when you ask.*"))
    if spot is None:
        _shown = mo.md("Fix the spot first.")
    else:
        _verdict, _shown = ask_verdict(question_pick.value, spot)
        if _verdict is not None and question_pick.value == "melds":
            _shown = meld_list(spot.rules, _verdict.extra["melds"])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: may I take the pile?** Answer first, then see what the
    checker says about the same spot.
    """)
    return


@app.cell
def _():
    new_take = deal_button("Next spot")
    new_take
    return (new_take,)


@app.cell
def _(new_take):
    take_ask = take_question(new_take.value)
    _spot = take_ask["spot"]
    take_answer = mo.ui.radio(options=["yes", "no"], label="May you take the pile?", inline=True)
    mo.vstack([table_view(_spot, "classic", "your side has " + ("melded" if _spot.melds else "not melded yet"),
                          "before the draw" if _spot.phase == "before-draw" else "after the draw"), take_answer,
               hint("Look in this order: has the draw been made? What is on top, and is the pile frozen by a "
                    "wild card in it? Has your side melded, and if not, do the cards reach the first meld?")])
    return take_answer, take_ask


@app.cell
def take_check(take_answer, take_ask, tracker):
    _right, _text = take_feedback(take_ask, take_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="may-i-take", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(take_ask):
    _, _view = ask_verdict("pickup", take_ask["spot"], yes="Yes, you may take the pile", no="No")
    solution("Show the checker's answer", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: which cards can go down?** Your side has melded and the draw is
    made. Select every card of your hand that some meld or lay-off in the
    checker's list would put down this turn, and no other.
    """)
    return


@app.cell
def _():
    new_down = deal_button("Next spot")
    new_down
    return (new_down,)


@app.cell
def _(new_down):
    down_ask = down_question(new_down.value)
    _spot = down_ask["spot"]
    down_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    mo.vstack([down_hand,
               hint("A card goes down in a new meld with others of its rank, or alone onto your side's meld of its "
                    "rank. A wild card can join either. A pair needs a third card, and black 3s wait for going "
                    "out.")])
    return down_ask, down_hand


@app.cell
def down_check(down_ask, down_hand, tracker):
    _right, _text = down_feedback(down_ask, down_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="cards-that-go-down",
             waiting="Select the cards that can go down.")
    return


@app.cell(hide_code=True)
def _(down_ask):
    _verdict, _ = ask_verdict("melds", down_ask["spot"])
    solution("Show the checker's list", meld_list(down_ask["spot"].rules, _verdict.extra["melds"]) if _verdict
             else mo.md(""))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: the first meld.** Your side has not melded yet. Group the
    cards of a first meld that the checker accepts for this score: one group
    for each meld, all put down in this turn. The score climbs, and with it
    the points a first meld needs.
    """)
    return


@app.cell
def _():
    new_first = deal_button("Next spot")
    new_first
    return (new_first,)


@app.cell
def _(new_first):
    first_ask = first_question(new_first.value)
    _spot = first_ask["spot"]
    first_hand = hand_widget(_spot.rules, _spot.hand, discard=_spot.discard)
    _values = ", ".join(f"{cards_text([_c])} {classic.value(_c)}" for _c in
                        sort_hand(classic, {_c.rank: _c for _c in _spot.hand}.values()))
    mo.vstack([mo.md(f"Your side has not melded yet; its score is {_spot.score}; the draw is made."), first_hand,
               hint(f"Add up the points of the cards you put down ({_values}). With a score of {_spot.score}, "
                    f"a first meld needs {classic.initial_need(_spot.score)}; the triple alone may fall short, "
                    "and a wild card can lift a meld.")])
    return first_ask, first_hand


@app.cell
def first_check(first_ask, first_hand, tracker):
    _right, _text = first_feedback(first_ask, proposal(first_hand.widget))
    practise(_right, _text, _text, tracker=tracker, exercise="first-meld",
             waiting="Group the cards of your first meld.")
    return


@app.cell(hide_code=True)
def _(first_ask):
    _, _view = ask_verdict("initial-meld", first_ask["spot"], yes="Yes, a first meld the checker finds", no="No")
    solution("Show the checker's first meld", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: settle these disputes

    Each dispute shows a spot and a play. Is the play legal?
    """)
    return


@app.cell
def _():
    next_dispute = deal_button("Next dispute")
    next_dispute
    return (next_dispute,)


@app.cell
def _(next_dispute):
    _data, dispute_play = DISPUTES[next_dispute.value % len(DISPUTES)]
    dispute_spot = Spot.from_dict(_data)
    ruling = mo.ui.radio(options=["legal", "illegal"], label="The play is", inline=True)
    _facts = [dispute_spot.rules.variant.name, f"score {dispute_spot.score}",
              "before the draw" if dispute_spot.phase == "before-draw" else "after the draw"]
    mo.vstack([table_view(dispute_spot, *_facts), mo.md(f"The play: `{dispute_play}`"), ruling])
    return dispute_play, dispute_spot, ruling


@app.cell
def dispute_feedback(dispute_play, dispute_spot, ruling, tracker):
    dispute_verdict = referee(dispute_spot, dispute_play)
    _why = ("Legal: " + "; ".join(play_why(dispute_spot, dispute_play)) + "." if dispute_verdict.answer else
            "Illegal: " + "; ".join(r.text for r in dispute_verdict.reasons) + ".")
    practise(None if ruling.value is None else (ruling.value == "legal") == dispute_verdict.answer,
             f"Right. {_why}", f"The referee rules otherwise. {_why}", waiting="Choose a ruling.",
             tracker=tracker, exercise="rule-the-dispute")
    return (dispute_verdict,)


@app.cell(hide_code=True)
def _(dispute_spot, dispute_verdict):
    solution("Show the referee's verdict", verdict_view(dispute_verdict, dispute_spot, yes="Legal", no="Illegal"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    Every rule the referee cites is listed, with its source, in the rule book
    (the last notebook of the gallery). Two that come up in almost every
    dispute:
    """)
    return


@app.cell(hide_code=True)
def _():
    quote("classic", "C-MELD", "C-PICKUP")
    return


@app.cell(hide_code=True)
def _():
    recap([
        'A spot writes down a situation at the table: the hand, the melds, the pile, the score.',
        'A play writes a whole turn, step by step, separated by semicolons.',
        "The referee's verdict names the step that breaks a rule, and the rule with its source.",
    ], "15_workbench")
    return


if __name__ == "__main__":
    app.run()
