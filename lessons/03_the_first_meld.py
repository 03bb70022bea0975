# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Classic 3: the first meld"
# description = "The first meld of a hand, the minimum it must reach, and the score bands."
# ///
"""Classic 3: the first meld of a hand, the minimum it must reach, and the score bands."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Classic 3: the first meld")

with app.setup:
    import random
    from collections import Counter
    from itertools import combinations

    import marimo as mo

    from rulebook import (ask_verdict, cards_view, check, deal_button, deal_until, hand_widget, hint, kept, ladder_step,
                          learn, meld_mistake, number_word, pairs, play_text, practise, progress_widget, proposal,
                          quote, recap, solution, sort_hand)
    from tutor.cards import Card, format_cards, parse_cards, parse_melds
    from tutor.questions import ask, referee
    from tutor.render import cards_text
    from tutor.rules import rules_for
    from tutor.spot import Spot

    rules = rules_for("classic")
    LESSON = "03_the_first_meld"
    EXERCISES = ("make-it", "band", "fewest", "what-counts", "pile-enough", "keep-apart", "enough")
    # After a pick-up, the melds of the turn climb: the top card's meld beside one from the hand, then a meld
    # of pile cards alone, then one holding a card from the hand too, then a pile card on the top card's meld.
    WHAT_STEPS = ("top", "apart", "with-hand", "on-top")
    ENOUGH_STEPS = ("top", "apart", "on-top", "with-hand")
    # The pick-ups that work only with the pile's lower cards kept off the counting meld: a pile meld that
    # would take the hand's wild card, a card of the top card's rank lower in the pile, then both.
    KEEP_STEPS = ("wild", "same-rank", "both")
    SCORES = (-120, 0, 750, 1495, 1500, 2200, 2995, 3000, 3600)
    PROPOSALS = ("KS KH KD | 5C 5D 2S", "AS AH JK", "QS QH QD 2C", "9S 9H 9D 9C | 8S 8H 8D", "AS AD AC 2H | KS KH JK",
                 "7S 7H 7D", "JS JH JD JC 2S 2D", "AS AH AC JK JK | 6S 6H 6D", "4S 4H 2D", "TS TH TD 2S | AH AD AC")
    # Two cards the proposed melds leave in hand: one to discard and one to keep, so the
    # question is never about going out.
    SPARE = "8C 4D"


@app.function
def first_meld_spot(hand, score: int) -> Spot:
    return Spot.from_dict({"variant": "classic", "hand": format_cards(hand), "score": score})


@app.function
def enough_question(n: int) -> dict:
    """The n-th question: a score and a proposed first meld, every pair once before any repeats."""
    pairs_ = [(score, melds) for score in SCORES for melds in PROPOSALS]
    random.Random(3000 + n // len(pairs_)).shuffle(pairs_)
    score, melds = pairs_[n % len(pairs_)]
    hand = " ".join(format_cards(m) for m in parse_melds(melds)) + " " + SPARE
    return {"score": score, "melds": melds, "hand": hand}


@app.function
def enough_feedback(question, answer, verdict) -> tuple:
    """(right?, message) for "enough" / "not enough", explained by the totals."""
    if answer is None:
        return None, ""
    points = sum(rules.value(c) for m in parse_melds(question["melds"]) for c in m)
    need = rules.initial_need(question["score"])
    said_enough = answer == "enough"
    sums = f"the melds total {points}, and a side with {question['score']} points needs {need}"
    if verdict is None:
        return False, "The checker could not answer this question here."
    if said_enough == verdict.answer:
        return True, f"Right: {'enough' if verdict.answer else 'not enough'}. {sums.capitalize()}."
    if said_enough:
        return False, (f"Not enough: {sums}. Count each card: a joker 50, an ace or a 2 20, a king down to an "
                       "8 10, a 7 down to a 4 5.")
    return False, f"It is enough: {sums}. Several melds in one turn count together."


@app.function
def band_ranges() -> list:
    """The score bands of the first-meld minimum, from the variant's data: (lowest score, highest, need).

    The lowest band has no lowest score and the highest no highest (``None``)."""
    bands = rules["initial"]["bands"]
    return [(band.get("from"), bands[i + 1]["from"] - 5 if i + 1 < len(bands) else None, band["need"])
            for i, band in enumerate(bands)]


@app.function
def band_text(low, high) -> str:
    """A score band in words: "below 0", "1500 to 2995", "3000 or more"."""
    if low is None:
        return f"below {high + 5}"
    return f"{low} to {high}" if high is not None else f"{low} or more"


@app.function
def bands_table() -> str:
    """The score bands of the first-meld minimum, from the variant's data."""
    rows = ["| the side's score | its first meld must total |", "|:---|---:|"]
    rows += [f"| {band_text(low, high)} | {need} |" for low, high, need in band_ranges()]
    return "\n".join(rows)


@app.function
def band_of(score: int) -> str:
    """The band a side's score is in, and what it asks, in one phrase."""
    low, high, need = next(b for b in reversed(band_ranges()) if b[0] is None or score >= b[0])
    return f"a side with {score} points is in the band {band_text(low, high)}, whose first meld must total {need}"


@app.function
def score_in(rng, low, high) -> int:
    """A score in the band, in the game's steps of 5."""
    if low is None:
        return high + 5 - 5 * rng.randint(1, 60)
    return rng.randrange(low, (high if high is not None else low + 995) + 5, 5)


@app.function
def may_first_meld(hand, score: int) -> bool:
    """Can this hand make its first meld at this score? A quick count, then the checker."""
    counts = Counter(c.rank for c in hand if rules.is_natural(c))
    rough = sum(rules.value(c) for c in hand if rules.is_wild(c) or counts[c.rank] >= 2)
    return rough >= rules.initial_need(score) + 10 and ask("initial-meld", first_meld_spot(hand, score)).answer


@app.function
@kept
def band_question(n: int) -> dict:
    """The n-th "which band?" question: a score climbing through the bands, lowest first, and a hand that can
    make its first meld at that score. After the last band the bands come in any order."""
    bands = band_ranges()
    rng = random.Random(3100 + n)
    step = n if n < len(bands) else rng.randrange(len(bands))
    low, high, need = bands[step]
    score = score_in(rng, low, high)
    dealt = deal_until(rules, 3100 + n, lambda d: may_first_meld(d["hand"], score), cards=13)
    return {"score": score, "need": need, "hand": dealt["hand"]}


@app.function
def first_meld_feedback(question, play: str, *, fewest: int | None = None) -> tuple:
    """(right?, message) for a first meld proposed on cards at the question's score, judged by the checker.

    With ``fewest``, a legal first meld is right only when it uses that few cards."""
    if not play:
        return None, ""
    spot = first_meld_spot(question["hand"], question["score"])
    verdict, _ = ask_verdict("initial-meld", spot, play=play)
    if verdict is None:
        return False, "The checker could not answer this question here."
    groups = [parse_cards(g) for g in play.split("|")]
    total = sum(rules.value(c) for g in groups for c in g)
    count = sum(len(g) for g in groups)
    band = band_of(question["score"])
    if verdict.answer and (fewest is None or count <= fewest):
        cards = f" with {number_word(count)} cards" if fewest is not None else ""
        return True, f"Right: {band}, and your melds total {total}{cards}."
    if verdict.answer:
        return False, (f"Enough ({band}, and your melds total {total}), but it takes {number_word(count)} cards: "
                       f"{number_word(fewest)} would do. The cards worth most (a joker, then aces and 2s) reach "
                       "it with fewer.")
    for g in groups:
        mistake = meld_mistake(rules, g)
        if mistake:
            return False, f"{cards_text(g)} is not a legal meld: {mistake}."
    if total < question["need"]:
        return False, f"Not enough: {band}, and your melds total {total}. Add a meld, or a wild card to one."
    return False, "Not this turn: " + "; ".join(r.text for r in verdict.reasons) + "."


@app.function
def fewest_cards(hand, score: int):
    """A first meld with the fewest cards this hand can make at this score, or ``None`` when it takes more
    than two of the smallest melds.

    Single melds from the smallest size up are tried, then two smallest melds; the meld judge sorts out
    the candidates and the checker confirms the one returned."""
    need = rules.initial_need(score)
    size = rules["meld"]["min_cards"]
    spot = first_meld_spot(hand, score)

    def melds_of(k):
        seen = set()
        for cards in combinations(hand, k):
            key = tuple(sorted(map(str, cards)))
            if key in seen or sum(rules.value(c) for c in cards) < need:
                continue
            seen.add(key)
            if meld_mistake(rules, cards) is None:
                yield [cards]

    def two_smallest():
        smallest = {tuple(sorted(map(str, c))): c for c in combinations(hand, size) if meld_mistake(rules, c) is None}
        for a, b in combinations(smallest.values(), 2):
            if not Counter(a) + Counter(b) - Counter(hand) and sum(rules.value(c) for c in a + b) >= need:
                yield [a, b]

    for k in range(size, 2 * size + 1):
        for melds in list(melds_of(k)) + (list(two_smallest()) if k == 2 * size else []):
            play = " | ".join(format_cards(m) for m in melds)
            if ask("initial-meld", spot, play=play).answer:
                return play
    return None


@app.function
@kept
def fewest_question(n: int) -> dict:
    """The n-th "fewest cards" question: a score, a hand, and its fewest-card first meld. The scores cycle
    through the bands above the lowest, whose minimum any meld reaches."""
    bands = band_ranges()[1:]
    rng = random.Random(3200 + n)
    for k in range(50):
        low, high, need = bands[(n + k) % len(bands)]
        score = score_in(rng, low, high)
        dealt = deal_until(rules, 3200 + n * 50 + k, lambda d: may_first_meld(d["hand"], score), cards=13)
        best = fewest_cards(dealt["hand"], score)
        if best is not None:
            fewest = len(parse_cards(best.replace("|", " ")))
            return {"score": score, "need": need, "hand": dealt["hand"], "fewest": fewest, "best": best}
    raise ValueError("no hand with a short first meld")


@app.function
def sentence(text: str) -> str:
    """A reason as a sentence: its first letter capitalised, the rest (card names, rule IDs) as it is."""
    return text[:1].upper() + text[1:]


@app.function
def unique_cards(rng, used: set, rank: str, n: int) -> list:
    """``n`` cards of ``rank`` whose faces no other card of the spot has, so a pile card is never taken
    for a hand card (a joker's face is one, whichever pack it comes from)."""
    faces = [Card("JK")] if rank == "JK" else [Card(rank, s) for s in "SHDC"]
    picked = rng.sample([c for c in faces if c not in used], n)
    used.update(picked)
    return picked


@app.function
def pile_turn(seed: int, kind: str) -> dict:
    """A side not yet down, before its draw, and a pick-up turn for its first meld of one of these kinds:

    ``top`` the top card's meld only, beside a meld from the hand; ``apart`` a meld of pile cards alone
    beside them; ``with-hand`` a meld of pile cards and a card from the hand; ``on-top`` a card from
    below the top put on the top card's meld. Returns the spot, the turn's melds and its play."""
    rng = random.Random(seed)
    used: set = set()
    size = rules["meld"]["min_cards"]
    top_rank, pile_rank, hand_rank, *junk = rng.sample(rules.natural_ranks, 7)
    low, high, _ = band_ranges()[1]
    score = score_in(rng, low, high)
    top, pair = unique_cards(rng, used, top_rank, 1)[0], unique_cards(rng, used, top_rank, 2)
    wild = unique_cards(rng, used, rng.choice(["2", "JK"]), 1)
    with_top = pair + (wild if kind != "on-top" and rng.random() < 0.6 else [])
    hand_meld = unique_cards(rng, used, hand_rank, size) + (wild if kind == "on-top" else [])
    keep = [unique_cards(rng, used, r, 1)[0] for r in junk[:3]]
    below = [unique_cards(rng, used, junk[3], 1)[0]]
    melds = [[top] + with_top, hand_meld]
    if kind == "on-top":
        melds[0].append(unique_cards(rng, used, top_rank, 1)[0])
        below.append(melds[0][-1])
    if kind in ("apart", "with-hand"):
        from_pile = unique_cards(rng, used, pile_rank, size if kind == "apart" else size - 1)
        from_hand = unique_cards(rng, used, pile_rank, 1) if kind == "with-hand" else []
        melds.append(from_hand + from_pile)
        below += from_pile
    rng.shuffle(below)
    hand = [c for m in melds for c in m if c != top and c not in below] + keep
    hand += [c for c in wild if c not in hand]
    spot = Spot.from_dict({"variant": "classic", "phase": "before-draw", "score": score,
                           "hand": format_cards(sort_hand(rules, hand)), "discard": format_cards(below + [top])})
    steps = [f"pickup {format_cards(c for c in melds[0] if c in hand)}"]
    steps += [f"meld {format_cards(m)}" for m in melds] + [f"discard {keep[0]}"]
    return {"spot": spot, "melds": melds, "play": "; ".join(steps), "kind": kind}


@app.function
def from_below(spot, cards) -> list:
    """Those of the cards that came from the pile below its top card (every face in a spot is unique)."""
    return [c for c in cards if c in spot.discard[:-1]]


@app.function
def counting_cards(question) -> list:
    """The cards of the turn's melds made only of the hand and the top card: the ones a first meld counts."""
    return [c for m in question["melds"] if not from_below(question["spot"], m) for c in m]


@app.function
def what_counts_question(n: int) -> dict:
    """The n-th "what counts?" question: a legal pick-up first meld, the kinds climbing as in WHAT_STEPS."""
    kind = ladder_step(n, WHAT_STEPS) if n < len(WHAT_STEPS) else random.Random(3300 + n).choice(WHAT_STEPS)
    for k in range(100):
        question = pile_turn(3300 + n * 100 + k, kind)
        verdict = referee(question["spot"], question["play"])
        if verdict.answer:
            return dict(question, verdict=verdict)
    raise ValueError("no legal pick-up first meld")


@app.function
def what_counts_feedback(question, picked) -> tuple:
    """(right?, message) for the cards a learner says count toward the minimum."""
    picked = list(parse_cards(picked))
    if not picked:
        return None, ""
    spot, verdict = question["spot"], question["verdict"]
    top = spot.discard[-1]
    wanted = counting_cards(question)
    for c in picked:
        if c in spot.discard[:-1]:
            return False, (f"Not {c.symbol()}: it came from below the top of the pile, and of the pile only the "
                           "top card counts toward the minimum.")
        if c not in wanted:
            meld = next(m for m in question["melds"] if c in m)
            return False, (f"Not {c.symbol()}: it is from your hand, but its meld {cards_text(meld)} holds "
                           f"{cards_text(from_below(spot, meld))} from below the top of the pile, so that whole "
                           "meld counts nothing, your own cards in it too.")
    if top not in picked and top in wanted:
        return False, f"The top card {top.symbol()} counts too: it went down with cards from your hand."
    if len(picked) < len(wanted):
        return False, (f"{number_word(len(wanted) - len(picked)).capitalize()} more: every card of a meld made "
                       "only of your hand and the top card counts.")
    first = next(r for r in verdict.reasons if r.rule == rules.cite("initial"))
    return True, (f"Right: {cards_text(wanted)} count, {verdict.witness['points']} in all. {sentence(first.text)} "
                  f"({first.rule}).")


@app.function
@kept
def pile_enough_question(n: int) -> dict:
    """The n-th "enough with the pile?" question: a pick-up first meld of a kind climbing as in ENOUGH_STEPS,
    enough or not about as often (the checker says which)."""
    rng = random.Random(3400 + n)
    kind = ladder_step(n, ENOUGH_STEPS) if n < len(ENOUGH_STEPS) else rng.choice(ENOUGH_STEPS)
    wanted = rng.random() < 0.5
    for k in range(100):
        question = pile_turn(3400 + n * 100 + k, kind)
        question["proposal"] = question["play"].rsplit("; discard", 1)[0]
        if ask("initial-meld", question["spot"], play=question["proposal"]).answer == wanted:
            break
    return question


@app.function
def pile_enough_feedback(question, answer, verdict) -> tuple:
    """(right?, message) for "enough" / "not enough" after a pick-up, explained by the checker's reason."""
    if answer is None:
        return None, ""
    if verdict is None:
        return False, "The checker could not answer this question here."
    first = next((r for r in verdict.reasons if r.rule == rules.cite("initial")), None)
    why = f"{first.text} ({first.rule})" if first else "; ".join(r.text for r in verdict.reasons)
    top = question["spot"].discard[-1]
    said_enough = answer == "enough"
    if said_enough == verdict.answer:
        return True, f"Right: {'enough' if verdict.answer else 'not enough'}. {sentence(why)}."
    if said_enough:
        return False, (f"Not enough: {why}. Of the pile only the top card counts; a meld holding any other card "
                       "from the pile counts nothing.")
    return False, f"It is enough: {why}. The top card {top.symbol()} counts with the cards from your hand."


@app.function
@kept
def keep_apart_question(n: int) -> dict:
    """The n-th "keep them apart" spot: a pick-up first meld that works only when the cards from below the top
    of the pile stay off the meld that counts. The temptation climbs as in KEEP_STEPS: a pile meld that would
    take the hand's wild card, a card of the top card's rank lower in the pile, then both."""
    step = ladder_step(n, KEEP_STEPS) if n < len(KEEP_STEPS) else random.Random(3500 + n).choice(KEEP_STEPS)
    low, high, _ = band_ranges()[1]
    for k in range(200):
        rng = random.Random(3500 + n * 200 + k)
        used: set = set()
        top_rank, pile_rank, *junk = rng.sample(rules.natural_ranks, 6)
        top, pair = unique_cards(rng, used, top_rank, 1)[0], unique_cards(rng, used, top_rank, 2)
        wild = unique_cards(rng, used, rng.choice(["2", "JK"]), 1)
        keep = [unique_cards(rng, used, r, 1)[0] for r in junk[:3]]
        below = [unique_cards(rng, used, junk[3], 1)[0]]
        hand = pair + wild + keep
        right = [f"pickup {format_cards(pair + wild)}", f"meld {format_cards([top] + pair + wild)}"]
        wrong = []
        if step in ("wild", "both"):
            pile_pair = unique_cards(rng, used, pile_rank, rules["meld"]["min_cards"] - 1)
            own = unique_cards(rng, used, pile_rank, 1)
            below += pile_pair
            hand += own
            right.append(f"meld {format_cards(own + pile_pair)}")
            wrong.append(f"pickup {format_cards(pair)}; meld {format_cards([top] + pair)}; "
                         f"meld {format_cards(own + pile_pair + wild)}; discard {keep[0]}")
        if step in ("same-rank", "both"):
            twin = unique_cards(rng, used, top_rank, 1)
            below += twin
            wrong.append(f"pickup {format_cards(pair + wild)}; meld {format_cards([top] + pair + wild + twin)}; "
                         f"discard {keep[0]}")
        rng.shuffle(below)
        spot = Spot.from_dict({"variant": "classic", "phase": "before-draw", "score": score_in(rng, low, high),
                               "hand": format_cards(sort_hand(rules, hand)), "discard": format_cards(below + [top])})
        play = "; ".join(right + [f"discard {keep[0]}"])
        if referee(spot, play).answer and not any(referee(spot, w).answer for w in wrong):
            return {"spot": spot, "play": play, "wrong": wrong, "step": step}
    raise ValueError("no pick-up that works only with the pile's cards kept apart")


@app.function
def taken_hand(spot) -> tuple:
    """The hand once the pile is taken: the hand's cards and the whole pile, top card included."""
    return sort_hand(rules, tuple(spot.hand) + tuple(spot.discard))


@app.function
def keep_apart_feedback(spot, groups, selected) -> tuple:
    """(right?, message) for a pick-up first meld built on the cards, judged by the referee."""
    if not groups and not selected:
        return None, ""
    top = spot.discard[-1]
    with_top = next((g for g in groups if top in g), None)
    if with_top is None:
        return False, (f"The pile's top card {top.symbol()} goes down this turn with cards from your hand: group "
                       "it with them.")
    pickup = [c for c in with_top if c in spot.hand]
    try:
        play = f"pickup {format_cards(pickup)}; " + play_text(spot, groups, [str(c) for c in selected])
    except ValueError as error:
        return False, f"Not yet: {error}."
    verdict = referee(spot, play)
    first = next((r for r in verdict.reasons if r.rule == rules.cite("initial")), None)
    why = f"{first.text} ({first.rule})" if first else "; ".join(f"{r.text} ({r.rule})" for r in verdict.reasons)
    if verdict.answer:
        return True, f"Right: the pile is yours and your first meld is down. {sentence(why)}."
    spoiled = from_below(spot, with_top)
    if first and spoiled:
        return False, (f"Leave {cards_text(spoiled)} out of the top card's meld: {cards_text(spoiled)} came from "
                       f"below the top of the pile, so that meld would count nothing, even the top card. {sentence(why)}.")
    lost = [c for g in groups if g is not with_top and from_below(spot, g) for c in g
            if c in spot.hand and rules.is_wild(c)]
    if first and lost:
        return False, (f"Your {cards_text(lost)} went onto a meld holding cards from below the top of the pile, "
                       f"where it counts nothing: put it with the top card. {sentence(why)}.")
    return False, f"Not this turn: {why}."


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # The first meld
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "why a side's first meld of each hand must reach a minimum;",
        "how that minimum rises with the side's score;",
        "what counts toward it, and what does not.",
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
    ## A minimum that grows with your score

    Until a side has put down its first meld of the hand, it is not allowed
    to meld small. The cards it puts down in that turn must add up to a
    minimum, and the minimum depends on the side's score so far: the
    further ahead a side is, the harder its start.

    {bands_table()}

    Several melds put down in the same turn count together: 50 can be a
    meld of kings (30) and a meld of fives with a 2 (15 + 20 = 35), 65 in all.
    Only the face values of the cards count; canasta bonuses and red threes
    do not. Once a side has melded, the minimum no longer applies to it for
    the rest of the hand: its partner may then meld anything legal.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote(rules, "C-INITIAL")
    return


@app.cell
def _():
    score_slider = mo.ui.slider(start=-500, stop=4000, step=5, value=1600, label="Your side's score", show_value=True)
    score_slider
    return (score_slider,)


@app.cell
def need_shown(score_slider):
    mo.md(f"With **{score_slider.value}** points, your side's first meld must total at least "
          f"**{rules.initial_need(score_slider.value)}**.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 1: make a first meld that is enough

    Below is a hand you have just drawn to, and the score slider above sets
    your side's score. Select the cards of a meld and press **Group**; build
    as many melds as you like. The verdict says at once whether they make a
    legal first meld at that score. It is judged with the rest of the turn,
    so a first meld that would leave you no card to discard is refused.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    dealt = deal_until(rules, 303 + deal_again.value, lambda d: pairs(rules, d["hand"]) >= 3, cards=12)
    hand_view = hand_widget(rules, dealt["hand"])
    mo.vstack([hand_view, hint("Add up the values of the cards you group: kings 10 each, a joker 50, a 2 20. "
                                "Two melds in the same turn count together.")])
    return dealt, hand_view


@app.cell
def first_meld_verdict(hand_view, score_slider, tracker):
    _play = proposal(hand_view.widget)
    if not _play:
        _shown = mo.md("Select cards and press **Group** to propose a first meld.")
    else:
        _spot = first_meld_spot(hand_view.widget.hand_cards(), score_slider.value)
        _need = rules.initial_need(score_slider.value)
        _total = sum(rules.value(c) for g in _play.split("|") for c in parse_cards(g))
        _verdict, _shown = ask_verdict("initial-meld", _spot, play=_play,
                                       yes=f"Enough: your melds total {_total}, and a side with "
                                           f"{score_slider.value} points needs {_need}",
                                       no="Not a legal first meld")
        if _verdict is not None and _verdict.answer:
            tracker.widget.mark("make-it")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    Not sure whether the hand can meld at all? The checker searches every
    combination of melds and answers with a proof, or with the rule that
    stands in the way.
    """)
    return


@app.cell
def _():
    can_meld_button = mo.ui.run_button(label="Can this hand make its first meld?")
    can_meld_button
    return (can_meld_button,)


@app.cell
def can_meld(can_meld_button, dealt, score_slider):
    mo.stop(not can_meld_button.value, mo.md("*The checker answers when you ask.*"))
    _, _view = ask_verdict("initial-meld", first_meld_spot(dealt["hand"], score_slider.value),
                           yes="Yes, this hand can make its first meld", no="No first meld is possible")
    _view
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 2: which band?

    Each hand comes with a side's score, from the lowest band up. Find the
    band in the table above, then **Group** melds that reach its minimum
    (one meld, or several). The verdict names the band and your total.
    """)
    return


@app.cell
def _():
    new_band = deal_button("Next score")
    new_band
    return (new_band,)


@app.cell
def _(new_band):
    band_ask = band_question(new_band.value)
    band_hand = hand_widget(rules, band_ask["hand"])
    mo.vstack([mo.md(f"Your side's score: **{band_ask['score']}**."), band_hand,
               hint("Which row of the table holds this score? A score below zero is a row too. Then add up the "
                    "cards you group.")])
    return band_ask, band_hand


@app.cell
def band_check(band_ask, band_hand, tracker):
    _right, _text = first_meld_feedback(band_ask, proposal(band_hand.widget))
    practise(_right, _text, _text, tracker=tracker, exercise="band", waiting="Group the cards of your first meld.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise 3: the fewest cards

    A first meld that reaches the minimum with few cards keeps the rest of
    your hand for later. Put down a first meld at this score with as **few
    cards** as you can: the verdict says whether fewer would do.
    """)
    return


@app.cell
def _():
    new_fewest = deal_button("Next hand")
    new_fewest
    return (new_fewest,)


@app.cell
def _(new_fewest):
    fewest_ask = fewest_question(new_fewest.value)
    fewest_hand = hand_widget(rules, fewest_ask["hand"])
    mo.vstack([mo.md(f"Your side's score: **{fewest_ask['score']}**."), fewest_hand,
               hint("A joker is worth the most, then aces and 2s. Wild cards may join a meld of naturals, but never "
                    "outnumber them.")])
    return fewest_ask, fewest_hand


@app.cell
def fewest_check(fewest_ask, fewest_hand, tracker):
    _right, _text = first_meld_feedback(fewest_ask, proposal(fewest_hand.widget), fewest=fewest_ask["fewest"])
    practise(_right, _text, _text, tracker=tracker, exercise="fewest", waiting="Group the cards of your first meld.")
    return


@app.cell(hide_code=True)
def _(fewest_ask):
    _, _view = ask_verdict("initial-meld", first_meld_spot(fewest_ask["hand"], fewest_ask["score"]),
                           play=fewest_ask["best"], yes="A first meld with the fewest cards")
    solution("Show a first meld with the fewest cards", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Only the top card of the pile counts

    A side may also make its first meld by taking the discard pile (lesson 4).
    Then the pile's top card, melded with cards from the hand, counts toward
    the minimum, and so do other melds made only of cards from the hand. A
    meld that holds any other card of the pile is made after the pile is
    taken, so it counts nothing toward the minimum, not even the cards from
    your hand in it. The pile cannot be used to make up the points.

    One more exception waits in lesson 6: a side that goes out *concealed*,
    melding its whole hand in a single turn, owes no minimum at all.
    """)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: what counts?

    Your side has not melded. You took the pile and put down the melds
    shown. Select, in the row of cards below them, every card whose points
    count toward the minimum. First the top card's meld sits beside a meld
    from your hand; then come melds of cards from lower in the pile.
    """)
    return


@app.cell
def _():
    new_what = deal_button("Next turn")
    new_what
    return (new_what,)


@app.cell
def _(new_what):
    what_ask = what_counts_question(new_what.value)
    _spot = what_ask["spot"]
    what_pick = hand_widget(rules, [c for m in what_ask["melds"] for c in m])
    _melds = [cards_view(m, rules, width=36, label=f"meld {i}") for i, m in enumerate(what_ask["melds"], start=1)]
    mo.vstack([mo.md(f"Your side's score: **{_spot.score}**. The top card was **{_spot.discard[-1].symbol()}**."),
               mo.hstack([cards_view(_spot.hand, rules, width=36, label="your hand before the pick-up"),
                          cards_view(_spot.discard, rules, width=36, label="the pile you took, bottom to top")],
                         justify="start", wrap=True),
               mo.hstack(_melds, justify="start", wrap=True), mo.md("The cards you put down:"), what_pick,
               hint("Look at each meld: does it hold a card from the pile other than the top card? Then none of "
                    "its cards count.")])
    return what_ask, what_pick


@app.cell
def what_counts_check(tracker, what_ask, what_pick):
    _right, _text = what_counts_feedback(what_ask, what_pick.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="what-counts", waiting="Select the cards that count.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Quick check: enough with the pile?

    Your side has not melded. You take the pile and put down the melds
    shown. Does your first meld reach the minimum?
    """)
    return


@app.cell
def _():
    new_pile_enough = deal_button("Next turn")
    new_pile_enough
    return (new_pile_enough,)


@app.cell
def _(new_pile_enough):
    pile_ask = pile_enough_question(new_pile_enough.value)
    _spot = pile_ask["spot"]
    pile_answer = mo.ui.radio(options=["enough", "not enough"], label="This first meld is", inline=True)
    _melds = [cards_view(m, rules, width=36, label=f"meld {i}") for i, m in enumerate(pile_ask["melds"], start=1)]
    mo.vstack([mo.md(f"Your side's score: **{_spot.score}**."),
               mo.hstack([cards_view(_spot.hand, rules, width=36, label="your hand"),
                          cards_view(_spot.discard, rules, width=36, label="the pile, bottom to top")],
                         justify="start", wrap=True),
               mo.md("You take the pile and put down:"), mo.hstack(_melds, justify="start", wrap=True), pile_answer,
               hint("Count only the melds made of the top card and cards from your hand.")])
    return pile_answer, pile_ask


@app.cell
def pile_enough_check(pile_answer, pile_ask, tracker):
    pile_verdict, pile_verdict_shown = (None, mo.md("*Answer first.*")) if pile_answer.value is None else \
        ask_verdict("initial-meld", pile_ask["spot"], play=pile_ask["proposal"])
    _right, _text = pile_enough_feedback(pile_ask, pile_answer.value, pile_verdict)
    practise(_right, _text, _text, tracker=tracker, exercise="pile-enough", waiting="Choose an answer.")
    return (pile_verdict_shown,)


@app.cell(hide_code=True)
def _(pile_verdict_shown):
    solution("Show the checker's verdict", pile_verdict_shown)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Exercise: keep them apart

    You have taken the pile: its cards are in your hand now. Make your
    first meld with the top card: **Group** your melds, then select one
    card to discard. You may meld cards from lower in the pile too, but
    keep them off the meld that has to count.
    """)
    return


@app.cell
def _():
    new_keep = deal_button("Next pile")
    new_keep
    return (new_keep,)


@app.cell
def _(new_keep):
    keep_ask = keep_apart_question(new_keep.value)
    _spot = keep_ask["spot"]
    keep_hand = hand_widget(rules, taken_hand(_spot))
    mo.vstack([mo.md(f"Your side's score: **{_spot.score}**. The top card was **{_spot.discard[-1].symbol()}**."),
               cards_view(_spot.discard, rules, width=36, label="the pile you took, bottom to top"), keep_hand,
               hint("Which of your cards make the top card's meld reach the minimum? Any card from lower in the "
                    "pile on that meld makes it count nothing.")])
    return keep_ask, keep_hand


@app.cell
def keep_apart_check(keep_ask, keep_hand, tracker):
    _right, _text = keep_apart_feedback(keep_ask["spot"], keep_hand.widget.group_cards(),
                                        keep_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="keep-apart",
             waiting="Group your melds, then select your discard.")
    return


@app.cell(hide_code=True)
def _(keep_ask):
    _, _view = ask_verdict("play", keep_ask["spot"], play=keep_ask["play"], yes="A turn that works")
    solution("Show a turn that works", _view)
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: enough or not?

    Each question gives a score and a proposed first meld. Decide whether the
    meld is legal as a first meld, then check the verdict.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New question")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question = enough_question(new_question.value)
    answer = mo.ui.radio(options=["enough", "not enough"], label="This first meld is", inline=True)
    _cards = [cards_view(m, rules, width=44, label=f"meld {i}")
              for i, m in enumerate(question["melds"].split("|"), start=1)]
    mo.vstack([mo.md(f"Your side's score: **{question['score']}**. The proposed first meld:"),
               mo.hstack(_cards, justify="start", wrap=True), answer,
               hint("Find the minimum for that score in the table above, then add up the cards.")])
    return answer, question


@app.cell
def exercise_feedback(answer, question, tracker):
    _spot = first_meld_spot(parse_cards(question["hand"]), question["score"])
    verdict, verdict_shown = ask_verdict("initial-meld", _spot, play=question["melds"])
    _right, _text = enough_feedback(question, answer.value, verdict)
    practise(_right, _text, _text, tracker=tracker, exercise="enough", waiting="Choose an answer.")
    return (verdict_shown,)


@app.cell(hide_code=True)
def _(verdict_shown):
    solution("Show the checker's verdict", verdict_shown)
    return


@app.cell(hide_code=True)
def _():
    recap([
        "A side's first meld of each hand must reach a minimum that rises with its score (the table above).",
        "Several melds put down in one turn count together; only the cards' values count.",
        "Once a side has melded, the minimum is behind it for the rest of the hand.",
        "A side that takes the pile for its first meld counts the top card with its own cards; a meld holding "
        "any other card of the pile counts nothing toward the minimum.",
    ], "04_the_pile")
    return


if __name__ == "__main__":
    app.run()
