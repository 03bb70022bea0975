# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Puzzles"
# description = "A puzzle trainer: proven puzzles near your rating, by variant and theme, with hints, a streak and a record kept in your browser."
# ///
"""Puzzles: a trainer that offers proven puzzles near the learner's rating, with hints, a streak and a record kept in the browser."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Puzzles")

with app.setup:
    import os
    import random
    from collections import Counter
    from pathlib import Path

    import marimo as mo

    from rulebook import (ask_kept, check, deal, deal_button, hand_widget, ladder_step, learn, number_word,
                          pack_cards, play_text, practise, problem, progress_widget, proposal, puzzle_bank,
                          puzzle_proof, quote, recap, solution, sort_hand, table_view, verdict_view)
    from rulebook import hint as fold_hint
    from tutor.cards import format_cards, parse_cards
    from tutor.errors import TutorError
    from tutor.melds import card_points
    from tutor.questions import ask
    from tutor.render import cards_text, symbols_in
    from tutor.rules import rules_for
    from tutor.puzzles.grading import THEMES
    from tutor.puzzles.rating import band_of
    from tutor.puzzles.trainer import Record, choose, hint, next_puzzle
    from tutor.questions import referee
    from tutor.spot import Spot
    from tutor.widget.store import BrowserStore

    from tutor.resources import bank_dir

    BANK = Path(os.environ["CANASTA_TUTOR_PUZZLES"]) if os.environ.get("CANASTA_TUTOR_PUZZLES") else bank_dir()
    LESSON = "13_puzzles"
    EXERCISES = ("read-the-minimum", "read-the-canastas", "play-it-out", "finish-the-canasta", "be-the-witness",
                 "first-step")
    # Reading the first-meld minimum climbs through the bands of the classic game's scores (from the rules
    # data), then a side below zero, then the canasty down, whose bands are others.
    MINIMUM_STEPS = (("classic", 1), ("classic", 2), ("classic", 3), ("classic", 0), ("canasty", None))
    # The canastas going out needs: the classic game for four, then for two, then albany as the players change.
    CANASTA_STEPS = (("classic", 4), ("classic", 2), ("albany", 4), ("albany", 3), ("albany", 2), (None, None))
    # Playing out a hand climbs: one meld and a discard, then a lay-off as well, then a wild card to place.
    OUT_STEPS = ("meld", "lay-off", "wild")
    # Being the witness for a first meld climbs with the score, so with the minimum it must reach.
    WITNESS_SCORES = (0, 1500, 3000)
    # The first step of a pick-up's witness climbs: an open pile, one a wild card deep in it has frozen, then a
    # pile frozen because the side has not melded.
    TAKE_STEPS = ("open", "frozen", "not-down")


@app.function
def fresh_puzzles() -> list:
    """A handful of puzzles made on the spot, for a machine without the bank."""
    from tutor.puzzles import generate

    made = []
    for variant in ("classic", "canasty"):
        made.extend(generate(variant, 4, seed=13, workers=1, progress=False))
    return made


@app.function
def theme_name(theme: str) -> str:
    """A theme as a learner reads it: "frozen-pile" is "frozen pile"."""
    return theme.replace("-", " ")


@app.function
def answer_is_right(puzzle, given) -> bool:
    """Whether the learner's answer ("yes", "no", or a cheat's letter) is the proven one."""
    if puzzle.question == "cheat":
        return given in (["legal"] if puzzle.answer else puzzle.proof.get("cheats", []))
    return given == ("yes" if puzzle.answer else "no")


@app.function
def record_view(record) -> mo.Html:
    """The learner's rating, streak and per-theme counts, in words."""
    low, high = record.learner.interval
    tried = len(record.solved) + len(record.missed)
    lines = [f"**Your rating: {record.learner.rating:.0f}** (most likely between {max(low, 0):.0f} and {high:.0f}; "
             f"it settles as you solve). Solved {len(record.solved)} of {tried} tried; streak {record.streak}, "
             f"best {record.best_streak}."]
    if record.themes:
        rows = "\n".join(f"| {theme_name(t)} | {right} of {seen} |"
                          for t, (right, seen) in sorted(record.themes.items(), key=lambda kv: -kv[1][1]))
        lines.append("| theme | solved |\n|---|---|\n" + rows)
    return mo.md("\n\n".join(lines))


@app.function
def facts(spot: Spot) -> list:
    rules = spot.rules
    out = [rules.variant.name, f"{rules.layout.players} players", f"score {spot.score}",
           "before the draw" if spot.phase == "before-draw" else "after the draw"]
    if not spot.down and spot.initial_need:
        out.append(f"{'the down' if rules.base == 'canasty' else 'first meld'} needs {spot.initial_need}")
    if rules.canastas_to_go_out:
        out.append(f"going out needs {rules.canastas_to_go_out} canasta{'s' * (rules.canastas_to_go_out != 1)}")
    return out


@app.function
def attempt_verdict(puzzle, spot: Spot, play: str):
    """The referee on the learner's own turn, and whether that turn answers the puzzle's question."""
    verdict = referee(spot, play)
    if not verdict.answer:
        return verdict, False
    w = verdict.witness
    achieved = {"go-out": bool(w.get("went_out")), "pickup": play.strip().lower().startswith("pickup"),
                "initial-meld": bool(w.get("melds"))}.get(puzzle.question, True)
    return verdict, achieved


@app.function
def band_text(rules, need: int) -> str:
    """The scores at which the first meld (canasty: the down) needs ``need``, from the rules data."""
    bands = rules["initial"]["bands"]
    for i, band in enumerate(bands):
        if band["need"] != need:
            continue
        low, high = band.get("from"), bands[i + 1].get("from") if i + 1 < len(bands) else None
        if low is None:
            return f"{need} is the minimum for a side whose score is below {high}"
        if high is None:
            return f"{need} is the minimum for a side with {low} points or more"
        return f"{need} is the minimum for a side with {low} to {high - 1} points"
    return f"no score makes the minimum {need}"


@app.function
def minimum_question(n: int) -> dict:
    """The n-th "what does the first meld need here?" question: a side not yet down, at a score of one band."""
    variant, band = ladder_step(n, MINIMUM_STEPS)
    rules = rules_for(variant)
    rng = random.Random(1310 + n)
    bands = rules["initial"]["bands"]
    band = rng.randrange(len(bands)) if band is None else band
    low = bands[band].get("from", -1000)
    high = bands[band + 1]["from"] if band + 1 < len(bands) else low + 1500
    score = rng.randrange(low // 5, high // 5) * 5
    hand = deal(rules, 1310 + n)["hand"]
    spot = Spot.from_dict({"variant": variant, "hand": format_cards(hand), "score": score})
    return {"spot": spot, "choices": sorted({b["need"] for b in bands})}


@app.function
def minimum_feedback(question, answer) -> tuple:
    """(right?, message) for the first-meld minimum read off the score, as the spot computes it."""
    if answer is None:
        return None, ""
    spot, given = question["spot"], int(answer)
    rules, need = spot.rules, spot.initial_need
    what = "the down" if rules.base == "canasty" else "the first meld"
    why = f"your side's score is {spot.score}, and {band_text(rules, need)}"
    if given == need:
        return True, f"Right: {what} needs {need} points here: {why}."
    if spot.score < 0 and given > need:
        return False, (f"Not {given}: a side below zero is let off lightly. {band_text(rules, given).capitalize()}; "
                       f"{why}.")
    return False, (f"Not {given}: the minimum climbs with the score, so read the score first. "
                   f"{band_text(rules, given).capitalize()}; {why}.")


@app.function
def canasta_question(n: int) -> dict:
    """The n-th "how many canastas before going out?" question: a game and a number of players."""
    variant, players = ladder_step(n, CANASTA_STEPS)
    rng = random.Random(1320 + n)
    if variant is None:
        variant, players = rng.choice(CANASTA_STEPS[:-1])
    data = {"variant": variant, "options": {"players": players}}
    rules = Spot.from_dict({**data, "hand": ""}).rules
    hand = deal(rules, 1320 + n)["hand"]
    return {"spot": Spot.from_dict({**data, "hand": format_cards(hand)})}


@app.function
def canasta_feedback(question, answer) -> tuple:
    """(right?, message) for the canastas a side needs to go out, read from the spot's rules."""
    if answer is None:
        return None, ""
    rules, given = question["spot"].rules, int(answer)
    need = rules.canastas_to_go_out
    table = f"{rules.variant.name} with {rules.layout.players} players"
    if given == need:
        return True, f"Right: in {table} a side needs {number_word(need)} canasta{'s' * (need != 1)} to go out."
    return False, (f"Not {number_word(given)}: the number is not the same in every game, nor for every number of "
                   f"players. Read the rule quoted below for {table}: it asks for {number_word(need)}.")


@app.function
def values_text(rules) -> str:
    """What each card counts toward a first meld, in words, from the variant's card values."""
    from tutor.cards import Card
    from tutor.render import card_name

    wilds = [Card("JK") if r == "JK" else Card(r, "S") for r in sorted(rules.wild_ranks, key=lambda r: r != "JK")]
    cards = [*wilds, *(Card(r, "S") for r in rules.natural_ranks)]
    by_value: dict = {}
    for card in cards:
        by_value.setdefault(rules.value(card), []).append(card_name(card).split(" of ")[0])
    parts = [(names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]) + f" {value}"
             for value, names in sorted(by_value.items(), reverse=True)]
    return "; ".join(parts)


@app.function
def out_question(n: int, *, finish: bool = False) -> dict:
    """The n-th "play it out" spot: the side has drawn and can go out (the checker says so).

    With ``finish`` the side has no canasta yet: its longest meld lacks two cards, which the hand holds.
    """
    rules = rules_for("classic")
    step = ladder_step(n, OUT_STEPS)
    rng = random.Random(1330 + n + (500 if finish else 0))
    used = Counter()
    table_rank, lay_rank, meld_rank, spare = rng.sample(rules.natural_ranks, 4)
    long_meld = pack_cards(rules, rng, used, table_rank, rules["canasta"]["min_cards"] - (2 if finish else 0))
    melds, hand = [long_meld], []
    if finish:
        hand += pack_cards(rules, rng, used, table_rank, 2)
    if step != "meld":
        melds.append(pack_cards(rules, rng, used, lay_rank, 3))
        hand += pack_cards(rules, rng, used, lay_rank, 1)
    if step == "wild":
        hand += pack_cards(rules, rng, used, meld_rank, 2) + pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)
    else:
        hand += pack_cards(rules, rng, used, meld_rank, 3)
    hand += pack_cards(rules, rng, used, spare, 1)
    spot = Spot.from_dict({"variant": "classic", "hand": format_cards(sort_hand(rules, hand)),
                           "melds": [format_cards(m) for m in melds], "phase": "drawn"})
    return {"spot": spot, "step": step, "finish": finish}


@app.function
def turn_words(groups, selected) -> str:
    """A turn built on the cards, in words: its groups, then the discard."""
    parts = [cards_text(g) for g in groups]
    said = "; ".join(parts) if parts else "no meld"
    return f"{said}, then {cards_text(selected)} discarded" if selected else said


@app.function
def out_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a turn built to go out, judged by the referee."""
    groups, selected = [tuple(g) for g in groups], tuple(selected)
    if not groups and not selected:
        return None, ""
    spot = question["spot"]
    rules = spot.rules
    try:
        play = play_text(spot, groups, selected)
    except ValueError:
        return False, "Select one card only: the card you discard last. Every other card goes into a group."
    verdict = referee(spot, play)
    built = turn_words(groups, selected)
    if not verdict.answer:
        reason = verdict.reasons[0] if verdict.reasons else None
        text = symbols_in(reason.text) if reason else "no rule lets this turn through"
        if reason and reason.rule == rules.cite("go_out") and "canasta" in text.lower():
            need = rules.canastas_to_go_out
            return False, (f"Not yet ({built}): going out needs {number_word(need)} canasta{'s' * (need != 1)} on "
                           f"your side's table first, and a meld becomes one at {rules['canasta']['min_cards']} "
                           f"cards. {text}")
        return False, f"The referee stops this turn ({built}): {text}"
    left = len(spot.hand) - sum(len(g) for g in groups) - len(selected)
    if not verdict.witness.get("went_out"):
        rank = spot.melds[0][0].rank
        used = [c for g in groups for c in g] + list(selected)
        short = question["finish"] and sum(c.rank == rank for c in spot.hand) > sum(c.rank == rank for c in used)
        why = (f" Your side has no canasta yet, and going out needs one: lay the cards that fit onto "
               f"{cards_text(spot.melds[0])} to make it.") if short else ""
        return False, (f"That turn is legal ({built}), but you still hold {number_word(left)} "
                       f"card{'s' * (left != 1)}: going out means every card leaves your hand, the last one as the "
                       f"discard (or in a meld).{why}")
    return True, f"Right: you go out. The referee replays {built}, and your hand is empty."


@app.function
def witness_question(n: int) -> dict:
    """The n-th "be the witness" spot: a side not yet down whose first meld the checker says it can make."""
    rules = rules_for("classic")
    score = ladder_step(n, WITNESS_SCORES)
    for k in range(100):
        rng = random.Random(1340 + n * 100 + k)
        used = Counter()
        ranks = rng.sample(rules.natural_ranks, 6)
        hand = [c for r in ranks[:3] for c in pack_cards(rules, rng, used, r, 3 if r != ranks[2] else 2)]
        hand += pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)
        hand += [pack_cards(rules, rng, used, r, 1)[0] for r in ranks[3:]]
        spot = Spot.from_dict({"variant": "classic", "hand": format_cards(sort_hand(rules, hand)), "score": score,
                               "phase": "drawn"})
        if ask_kept("initial-meld", spot).answer:
            return {"spot": spot}
    raise ValueError("no hand that can make its first meld")


@app.function
def witness_feedback(question, groups) -> tuple:
    """(right?, message) for a first meld built on the cards, judged by the checker with the rest of the turn."""
    groups = [tuple(g) for g in groups]
    if not groups:
        return None, ""
    spot = question["spot"]
    rules, need = spot.rules, spot.initial_need
    verdict = ask("initial-meld", spot, play=" | ".join(format_cards(g) for g in groups))
    points = sum(card_points(rules, g) for g in groups)
    built = "; ".join(cards_text(g) for g in groups)
    if verdict.answer:
        return True, (f"Right: {built} count {verdict.witness['points']} points, and at a score of {spot.score} the "
                      f"first meld needs {need}. That turn is the witness: a proof anyone can replay.")
    text = symbols_in("; ".join(r.text for r in verdict.reasons)) or "no rule lets this first meld through"
    if points < need:
        return False, (f"Not enough: {built} count {points} points, and at a score of {spot.score} the first meld "
                       f"needs {need}. Several melds in one turn count together; a wild card adds its points too.")
    return False, f"The checker refuses {built}: {text}"


@app.function
def take_question(n: int) -> dict:
    """The n-th "first step of the witness" spot: before the draw, a pile the checker says may be taken."""
    rules = rules_for("classic")
    step = ladder_step(n, TAKE_STEPS)
    for k in range(100):
        rng = random.Random(1350 + n * 100 + k)
        used = Counter()
        top_rank, table_rank, *singles = rng.sample(rules.natural_ranks, 7)
        hand = (pack_cards(rules, rng, used, top_rank, 2) + pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)
                + [pack_cards(rules, rng, used, r, 1)[0] for r in singles])
        below = [pack_cards(rules, rng, used, r, 1)[0] for r in rng.sample(singles, 3)]
        if step == "frozen":
            # Deep in the pile, where a look at the top card alone misses it.
            below.insert(1, pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)[0])
        pile = below + pack_cards(rules, rng, used, top_rank, 1)
        melds = [] if step == "not-down" else [format_cards(pack_cards(rules, rng, used, table_rank, 3))]
        spot = Spot.from_dict({"variant": "classic", "hand": format_cards(sort_hand(rules, hand)), "melds": melds,
                               "discard": format_cards(pile), "phase": "before-draw"})
        if ask_kept("pickup", spot).answer:
            return {"spot": spot, "step": step}
    raise ValueError("no pile that may be taken")


@app.function
def take_feedback(question, selected) -> tuple:
    """(right?, message) for the hand's cards the witness takes the pile with, judged by the checker."""
    picked = tuple(selected)
    if not picked:
        return None, ""
    spot = question["spot"]
    rules, top = spot.rules, spot.discard[-1]
    if len(picked) != 2:
        return False, (f"Select two cards: taking the pile, {top.symbol()} goes down at once with two cards of "
                       f"your hand, not {number_word(len(picked))}.")
    verdict = ask("pickup", spot, play=format_cards(picked))
    shown = cards_text(picked)
    if verdict.answer:
        return True, (f"Right: the witness begins by taking the pile, {top.symbol()} going down with {shown}; the "
                      "rest of the turn follows from there.")
    why = symbols_in("; ".join(r.text for r in verdict.reasons)) or "no rule lets this pick-up through"
    why = why[:1].upper() + why[1:].rstrip(".") + "."
    wild = any(rules.is_wild(c) for c in picked)
    if wild and any(rules.is_wild(c) for c in spot.discard):
        return False, (f"Not with {shown}: a wild card lies in the pile and freezes it, however deep, and a frozen "
                       f"pile is taken only with a natural pair. {why}")
    if wild and not spot.down:
        return False, (f"Not with {shown}: for a side that has not melded the pile is frozen, so only a natural pair "
                       f"takes it. {why}")
    return False, f"Not with {shown}. {why}"


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Puzzles
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how to read a puzzle: a spot, and one question about a whole legal turn;",
        "how to answer, then prove your answer by playing the turn yourself;",
        "where you stand: a rating that follows your answers, and the themes you have mastered;",
        "and, in practice, to read the fact a puzzle turns on, play a hand out, and write a proof of your own.",
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
    ## The trainer

    Every puzzle is a real position with one question: *can you go out
    this turn?*, *may you take the pile and still finish the turn legally?*,
    *can your side make its first meld?*, or, in Canasty, *is this play one
    of the legal cheats?* Each answer was found by the tutor's checker and
    confirmed by a second, separately written search; a puzzle is kept only
    when both agree.

    Puzzles carry a rating, and so do you: you start at 1500, and every
    answer is a small game between you and the puzzle. Solve it and your
    rating rises (more for a harder puzzle); miss it and it falls. The
    trainer always offers the unsolved puzzle nearest your rating, from the
    games and themes you choose (several at once, or none for all). Your
    record stays in this browser for your next visit.
    """)
    return


@app.cell
def _():
    puzzles, skipped = puzzle_bank(BANK)
    source_note = f"{len(puzzles)} puzzles in the bank."
    if not puzzles:
        with mo.status.spinner(title="No puzzle bank here: making a few puzzles…"):
            puzzles = fresh_puzzles()
        source_note = f"No puzzle bank came with this installation: these {len(puzzles)} puzzles were made just now."
    return puzzles, source_note


@app.cell
def _():
    store = mo.ui.anywidget(BrowserStore(key="canasta-tutor:puzzles"))
    get_record, set_record = mo.state(Record())
    get_restored, set_restored = mo.state(False)
    get_current, set_current = mo.state(None)
    return get_current, get_record, get_restored, set_current, set_record, set_restored, store


@app.cell
def restore_record(get_restored, set_current, set_record, set_restored, store):
    # The browser hands back the record once, when the page first draws the store;
    # the puzzle on show is then chosen afresh for the learner it belongs to.
    if store.value.get("loaded") and not get_restored():
        set_record(Record.from_dict(store.widget.read()))
        set_restored(True)
        set_current(None)
    return


@app.cell
def keep_record(get_record, get_restored, store):
    if get_restored():
        store.widget.keep(get_record().to_dict())
    return


@app.cell
def _(puzzles, source_note):
    _variants = sorted({p.variant for p in puzzles})
    _themes = [t for t in THEMES if any(t in p.themes for p in puzzles)]
    variant_pick = mo.ui.multiselect(options=_variants, value=["classic"] if "classic" in _variants else [],
                                     label="Games")
    theme_pick = mo.ui.multiselect(options={theme_name(t): t for t in _themes}, label="Themes")
    review_pick = mo.ui.switch(label="Review my misses")
    mo.vstack([mo.md(source_note), mo.hstack([variant_pick, theme_pick, review_pick], justify="start", gap=2,
                                             wrap=True)])
    return review_pick, theme_pick, variant_pick


@app.cell
def _(get_current, get_record, puzzles, review_pick, set_current, theme_pick, variant_pick):
    def offer(_=None):
        """Show the next puzzle; each showing is numbered, so an answer counts once per showing."""
        _found = next_puzzle(puzzles, get_record(), variant_pick.value, theme_pick.value, review_pick.value)
        _showing = (get_current() or (None, 0))[1] + 1
        set_current(None if _found is None else (_found.id, _showing))

    next_button = mo.ui.button(label="Next puzzle", on_click=offer, kind="neutral")
    _pool = choose(puzzles, variant_pick.value, theme_pick.value)
    mo.hstack([mo.md(f"**{len(_pool)}** puzzles match."), next_button], justify="start", gap=2)
    return next_button, offer


@app.cell
def _(get_current, get_record, offer, puzzles, review_pick, theme_pick, variant_pick):
    _pool = {p.id: p for p in choose(puzzles, variant_pick.value, theme_pick.value)}
    if get_current() is None or get_current()[0] not in _pool:
        offer()  # a first visit, or a new choice of games and themes
    _current = get_current()
    puzzle = None if _current is None else _pool.get(_current[0])
    showing = None if _current is None else _current
    puzzle_spot = Spot.from_dict(puzzle.spot) if puzzle else None
    if puzzle is None:
        _shown = mo.md("Nothing left to offer here: every matching puzzle is solved"
                       + (" (no misses to review)." if review_pick.value else ". Widen the choice."))
    else:
        _rated = get_record().rating_of(puzzle).rating
        _shown = mo.vstack([
            mo.md(f"### A {puzzle.variant} puzzle, rated {_rated:.0f} (grade {band_of(_rated)})"),
            mo.md(" · ".join(facts(puzzle_spot))),
        ])
    _shown
    return puzzle, puzzle_spot, showing


@app.cell
def _(puzzle, puzzle_spot):
    attempt_view = None if puzzle_spot is None else hand_widget(puzzle_spot.rules, puzzle_spot.hand,
                                                                  melds=puzzle_spot.melds, discard=puzzle_spot.discard)
    _prompt = "" if puzzle is None else f"**{puzzle.prompt}**"
    mo.vstack([attempt_view, mo.md(_prompt)]) if attempt_view is not None else mo.md("")
    return (attempt_view,)


@app.cell
def _(puzzle):
    hint_box = mo.accordion({"Need a hint?": mo.md(hint(puzzle))}) if puzzle is not None else mo.md("")
    if puzzle is not None and puzzle.question == "cheat":
        _options = ["legal", "A", "B", "C", "M", "N"]
    else:
        _options = ["yes", "no"]
    answer = mo.ui.radio(options=_options, label="Your answer", inline=True)
    mo.vstack([hint_box, answer])
    return (answer,)


@app.cell
def answer_feedback(answer, puzzle):
    if puzzle is None:
        _shown = mo.md("")
    else:
        _right = None if answer.value is None else answer_is_right(puzzle, answer.value)
        _shown = check(_right, "Right. Can you play it? Try below, or open the proof.",
                       f"Not so. {hint(puzzle)} Then open the proof below to see why.",
                       waiting="Choose your answer.")
    _shown
    return


@app.cell
def _():
    get_scored, set_scored = mo.state(frozenset())
    return get_scored, set_scored


@app.cell
def score_answer(answer, get_record, get_scored, puzzle, set_record, set_scored, showing):
    # The first answer in each showing of a puzzle is the one that counts, as at a real table.
    if puzzle is not None and answer.value is not None and showing not in get_scored():
        set_scored(get_scored() | {showing})
        set_record(get_record().answered(puzzle, answer_is_right(puzzle, answer.value)))
    return


@app.cell
def _(get_record, store):
    mo.vstack([record_view(get_record()), store])
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: read the puzzle

    Before you look for a turn, read the facts the question turns on. A
    first-meld puzzle turns on the side's score: the minimum its first meld
    must reach climbs with it. What does this side's first meld need? The
    scores climb through the bands; then comes a side below zero, and then
    the canasty down, whose bands are others.
    """)
    return


@app.cell
def _():
    new_minimum = deal_button("Next spot")
    new_minimum
    return (new_minimum,)


@app.cell
def _(new_minimum):
    minimum_ask = minimum_question(new_minimum.value)
    _spot = minimum_ask["spot"]
    minimum_answer = mo.ui.radio(options=[str(c) for c in minimum_ask["choices"]], inline=True,
                                 label="The first meld (in canasty, the down) needs at least")
    mo.vstack([table_view(_spot, _spot.rules.variant.name, f"your side's score: {_spot.score}",
                          "your side has not melded yet"), minimum_answer,
               fold_hint("Find the band the score falls in: below zero, then from zero up, and up again at "
                         "each threshold. The cards in the hand do not change it."),
               quote(_spot.rules, _spot.rules.cite("initial"))])
    return minimum_answer, minimum_ask


@app.cell
def minimum_check(minimum_answer, minimum_ask, tracker):
    _right, _text = minimum_feedback(minimum_ask, minimum_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="read-the-minimum", waiting="Choose a number.")
    return


@app.cell(hide_code=True)
def _(minimum_ask):
    _spot = minimum_ask["spot"]
    solution("Show the answer", mo.md(f"At a score of {_spot.score}: {band_text(_spot.rules, _spot.initial_need)}."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: how many canastas?

    A going-out puzzle turns on the canastas the side has made. How many
    must a side have before it may go out, in this game with this many
    players? The games and the tables change from spot to spot.
    """)
    return


@app.cell
def _():
    new_canastas = deal_button("Next table")
    new_canastas
    return (new_canastas,)


@app.cell
def _(new_canastas):
    canasta_ask = canasta_question(new_canastas.value)
    _spot = canasta_ask["spot"]
    canasta_answer = mo.ui.radio(options=["1", "2", "3", "4"], inline=True,
                                 label="Canastas a side needs before going out")
    mo.vstack([table_view(_spot, _spot.rules.variant.name, f"{_spot.rules.layout.players} players"),
               canasta_answer,
               fold_hint("The rule on going out says it for each game, and in some games the number changes with "
                         "the number of players.")])
    return canasta_answer, canasta_ask


@app.cell
def canasta_check(canasta_answer, canasta_ask, tracker):
    _right, _text = canasta_feedback(canasta_ask, canasta_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="read-the-canastas", waiting="Choose a number.")
    return


@app.cell(hide_code=True)
def _(canasta_ask):
    _rules = canasta_ask["spot"].rules
    solution("Show the rule", mo.vstack([
        mo.md(f"In {_rules.variant.name} with {_rules.layout.players} players a side needs "
              f"**{_rules.canastas_to_go_out}**."),
        quote(_rules, _rules.cite("go_out"))]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Check your way out

    Knowing the answer is half of it; playing it is the rest. Build the turn
    in the widget above (groups for melds and lay-offs, the selected card as
    the discard) or type it here, and the referee replays it.
    """)
    return


@app.cell
def _():
    attempt_text = mo.ui.text(placeholder="or type the turn, e.g. pickup KH KD; meld KS KH KD; discard 9C",
                              full_width=True, label="Your turn")
    attempt_text
    return (attempt_text,)


@app.cell
def attempt_feedback(attempt_text, attempt_view, puzzle, puzzle_spot):
    _shown = mo.md("*Build a turn in the widget above, or type one.*")
    if puzzle is not None:
        try:
            _play = attempt_text.value.strip() or play_text(puzzle_spot, attempt_view.widget.group_cards(),
                                                            attempt_view.widget.selected_cards())
            if _play:
                _verdict, _achieved = attempt_verdict(puzzle, puzzle_spot, _play)
                _lead = (f"Your turn `{_play}` is legal" + (" and answers the question." if _achieved else
                                                            ", but it does not do what the question asks.")
                         if _verdict.answer else f"Your turn `{_play}`:")
                _shown = mo.vstack([mo.md(_lead), verdict_view(_verdict, puzzle_spot, yes="Legal", no="Illegal")])
        except (TutorError, ValueError) as _error:
            _shown = problem(_error)
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: play it out

    Your side has drawn and can go out. Build the turn on the cards: a
    group for each meld or lay-off (a group of cards of a meld's rank is
    laid off onto it), and select the one card you discard last. The
    referee replays it. The hands grow: one meld, then a lay-off too, then
    a wild card to place.
    """)
    return


@app.cell
def _():
    new_out = deal_button("Next hand")
    new_out
    return (new_out,)


@app.cell
def _(new_out):
    out_ask = out_question(new_out.value)
    _spot = out_ask["spot"]
    out_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds)
    mo.vstack([out_hand, fold_hint("Every card must leave your hand: the ones that fit a meld on the table are "
                                   "laid off, three of a rank (or two and a wild card) make a new meld, and one "
                                   "card is left over to discard.")])
    return out_ask, out_hand


@app.cell
def out_check(out_ask, out_hand, tracker):
    _right, _text = out_feedback(out_ask, out_hand.widget.group_cards(), out_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="play-it-out",
             waiting="Group your melds and lay-offs, then select your discard.")
    return


@app.cell(hide_code=True)
def _(out_ask):
    _verdict = ask_kept("go-out", out_ask["spot"])
    solution("Show a turn that goes out", verdict_view(_verdict, out_ask["spot"], yes="Out"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: finish the canasta first

    This time your side has no canasta yet, and going out needs one. Build
    a turn that completes a canasta and goes out in the same turn.
    """)
    return


@app.cell
def _():
    new_finish = deal_button("Next hand")
    new_finish
    return (new_finish,)


@app.cell
def _(new_finish):
    finish_ask = out_question(new_finish.value, finish=True)
    _spot = finish_ask["spot"]
    finish_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds)
    mo.vstack([finish_hand, fold_hint("Count the cards of your longest meld. Which cards of your hand bring it to "
                                      "a canasta? Lay those off before you discard.")])
    return finish_ask, finish_hand


@app.cell
def finish_check(finish_ask, finish_hand, tracker):
    _right, _text = out_feedback(finish_ask, finish_hand.widget.group_cards(), finish_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="finish-the-canasta",
             waiting="Group your melds and lay-offs, then select your discard.")
    return


@app.cell(hide_code=True)
def _(finish_ask):
    _verdict = ask_kept("go-out", finish_ask["spot"])
    solution("Show a turn that goes out", verdict_view(_verdict, finish_ask["spot"], yes="Out"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## The proof
    """)
    return


@app.cell
def proof_cell(puzzle):
    mo.accordion({"Reveal the proof": puzzle_proof(puzzle)}) if puzzle is not None else mo.md("")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    A "yes" is proved by a witness: a whole legal turn, replayed card by
    card by the rules. A "no" is proved by the rules that block every
    possible turn: the checker finds the fewest rules that cannot all be
    met at once, and names them with your numbers. The rule most puzzles
    turn on, in the classic game:
    """)
    return


@app.cell(hide_code=True)
def _():
    quote("classic", "C-GOOUT")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: be the witness

    Now write a proof yourself. Your side has not melded yet and has
    drawn; the checker says it can make its first meld this turn. Group the
    melds that prove it: together they must reach the minimum for the
    side's score, and a card must be left to discard. The scores climb, and
    the minimum with them.
    """)
    return


@app.cell
def _():
    new_witness = deal_button("Next hand")
    new_witness
    return (new_witness,)


@app.cell
def _(new_witness):
    witness_ask = witness_question(new_witness.value)
    _spot = witness_ask["spot"]
    witness_hand = hand_widget(_spot.rules, _spot.hand)
    mo.vstack([mo.md(f"Your side's score: **{_spot.score}**; it has not melded yet."), witness_hand,
               fold_hint(f"Read the minimum for this score first. Then count: {values_text(_spot.rules)}. Several "
                         "melds in one turn count together.")])
    return witness_ask, witness_hand


@app.cell
def witness_check(tracker, witness_ask, witness_hand):
    _right, _text = witness_feedback(witness_ask, witness_hand.widget.group_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="be-the-witness",
             waiting="Group the melds of your first meld.")
    return


@app.cell(hide_code=True)
def _(witness_ask):
    _verdict = ask_kept("initial-meld", witness_ask["spot"])
    solution("Show the checker's witness", verdict_view(_verdict, witness_ask["spot"]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: the witness's first step

    A "yes" to *may you take the pile?* is proved by a whole turn, and its
    first step takes the pile. Select the two cards from your hand that go
    down with the top card in that step. The first pile is open; then a
    wild card lies deep in it; then your side has not melded.
    """)
    return


@app.cell
def _():
    new_take = deal_button("Next pile")
    new_take
    return (new_take,)


@app.cell
def _(new_take):
    take_ask = take_question(new_take.value)
    _spot = take_ask["spot"]
    take_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    mo.vstack([mo.md("Your side has melded." if _spot.down else "Your side has not melded yet."), take_hand,
               fold_hint("Is the pile frozen: a wild card anywhere in it, or a side that has not melded? Then only "
                         "a natural pair of the top card's rank takes it; an open pile also takes a natural and a "
                         "wild card.")])
    return take_ask, take_hand


@app.cell
def take_check(take_ask, take_hand, tracker):
    _right, _text = take_feedback(take_ask, take_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="first-step", waiting="Select two cards from your hand.")
    return


@app.cell(hide_code=True)
def _(take_ask):
    _verdict = ask_kept("pickup", take_ask["spot"])
    solution("Show the checker's witness", verdict_view(_verdict, take_ask["spot"]))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "A puzzle asks one question about a whole legal turn: going out, taking the pile, the first meld.",
        "Answer first, then play the turn on the cards: the referee replays it step by step.",
        "A yes is proved by a turn that works; a no by the rules that block every turn.",
    ], "14_the_referee")
    return


if __name__ == "__main__":
    app.run()
