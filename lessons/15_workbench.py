# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "The instructor's workbench"
# description = "Build a spot, prove its answer, tag it, save it to a collection, print a worksheet."
# ///
"""The instructor's workbench: build a spot, prove its answer, tag it, save it to a collection, print a worksheet."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="The instructor's workbench")

with app.setup:
    import json
    import os
    import random
    import re
    from collections import Counter
    from pathlib import Path

    import marimo as mo

    from rulebook import (arranged_spot, deal, deal_button, deal_until, hand_widget, hint, ladder_step, learn,
                          number_word, pack_cards, practise, problem, progress_widget, puzzle_proof, quote, recap,
                          solution, sort_hand, table_view, verdict_view)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import judge
    from tutor.questions import ask
    from tutor.render import cards_text, symbols_in
    from tutor.rules import BUILTIN, rules_for
    from tutor.spot import Spot

    TAG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
    # Where the server's owner lets the workbench keep collections (unset: only downloads).
    # A learner names a collection, never a path: the name becomes a file in this folder.
    FOLDER_VARIABLE = "CANASTA_TUTOR_WORKBENCH_DIR"
    MAX_UPLOAD_BYTES = 4 * 1024 * 1024

    LESSON = "15_workbench"
    EXERCISES = ("impossible-spot", "build-a-yes", "name-the-play", "frozen-puzzle", "pick-the-theme",
                 "theme-on-cards", "harder-puzzle")
    # The impossible spots climb: a red three held in the hand, then a card the pack holds twice shown three
    # times (one copy on the table), then a fifth joker spread over the hand, a meld and the pile.
    IMPOSSIBLE_STEPS = ("red-three", "third-copy", "fifth-joker", "any")
    # Arranging a spot whose pile may be taken: a side that has melded, then one that has not.
    BUILD_STEPS = (True, False)
    # Naming the play for a frozen pile: frozen by a wild card in it, for a side that has not melded, by a red three.
    NAME_STEPS = ("wild", "not-down", "red-three")
    # Choosing a theme climbs with the puzzles' grades, then any grade.
    THEME_GRADES = (1, 2, 3, 4, None)
    # Which of two puzzles is harder: their grades differ by three, then two, then one.
    HARDER_GAPS = (3, 2, 1)
    # A spot for a theme: a black three on top (a no), then a side not yet down taking the pile (a yes).
    TARGET_THEMES = ("black-threes", "top-card-counts")
    # The themes every puzzle of a question carries: choosing one of them says nothing about the puzzle.
    QUESTION_THEMES = ("going-out", "taking-the-pile", "first-meld", "legal-cheats")
    # The bank's puzzles and their grades, worked out once by this lesson server (they do not change while it runs).
    THEME_BANK: dict = {}


@app.function
def parse_tags(text: str) -> list:
    tags = [t.strip() for t in text.replace(",", " ").split() if t.strip()]
    for tag in tags:
        if not TAG.match(tag):
            raise TutorError(f"tag {tag!r}: a tag is lower-case letters, digits and hyphens (at most 40)")
    return tags


@app.function
def collection_name(text: str) -> str:
    """A safe file name for a collection: lower-case letters, digits and hyphens, at most 40.

    Whatever is typed (slashes, dots, look-alike letters, control characters) can only
    name a file inside the workbench's folder."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", text).lower()
    name = re.sub(r"[^a-z0-9]+", "-", folded.encode("ascii", "ignore").decode()).strip("-")
    return name[:40].strip("-") or "collection"


@app.function
def read_collection(data: bytes) -> list:
    """The puzzles of an uploaded collection (a puzzle file's text); a bad line raises ``TutorError``."""
    from tutor.puzzles import Puzzle, check_record

    if len(data) > MAX_UPLOAD_BYTES:
        raise TutorError(f"a collection may be at most {MAX_UPLOAD_BYTES // (1024 * 1024)} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TutorError("the collection is not UTF-8 text") from None
    puzzles, seen = [], set()
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as e:
            raise TutorError(f"line {number} is not valid JSON: {e.msg}") from None
        problems = check_record(record)
        if problems:
            raise TutorError(f"line {number}: {problems[0]}")
        puzzle = Puzzle.from_dict(record, f"line {number}")
        if puzzle.id not in seen:
            seen.add(puzzle.id)
            puzzles.append(puzzle)
    return puzzles


@app.function
def workbench_folder():
    """The folder the server's owner set for collections (``CANASTA_TUTOR_WORKBENCH_DIR``), or None."""
    folder = os.environ.get(FOLDER_VARIABLE, "").strip()
    return Path(folder) if folder else None


@app.function
def keep_in_folder(folder, name: str, puzzle) -> Path:
    """Add one puzzle to the collection ``name`` in the owner's folder, and nowhere else.

    The folder must exist already (nothing is created above it); the file is opened without
    following a link, so a link planted in the folder cannot lead the write outside it."""
    try:
        base = Path(folder).resolve(strict=True)
    except OSError:
        raise TutorError("the workbench's folder for collections does not exist; ask the server's owner") from None
    if not base.is_dir():
        raise TutorError("the workbench's folder for collections is not a folder; ask the server's owner")
    path = base / f"{collection_name(name)}.jsonl"
    if path.is_symlink():
        raise TutorError(f"the collection {path.name} on the server is a link; ask the server's owner")
    if path.exists():
        from tutor.puzzles import read_file

        try:
            held = read_file(path)
        except TutorError:
            raise TutorError(f"the collection {path.name} on the server cannot be read; choose another name") from None
        if any(p.id == puzzle.id for p in held):  # one puzzle once, as the puzzle commands need
            raise TutorError(f"the collection {path.name} on the server already holds this puzzle ({puzzle.id})")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(path, flags, 0o644), "a", encoding="utf-8") as f:
        f.write(puzzle.to_line() + "\n")
    return path


@app.function
def refusal(data: dict) -> str | None:
    """Why the workbench refuses this spot (``Spot.from_dict``'s own message), or None when it accepts it."""
    try:
        Spot.from_dict(data)
    except TutorError as error:
        return str(error)
    return None


@app.function
def refusal_words(data: dict) -> str:
    """Why the workbench refuses the spot, in a learner's words: its cards as symbols, no field names."""
    rules = rules_for(data["variant"])
    held = [c for c in parse_cards(data["hand"]) if rules.role(c) == "bonus"]
    if held and refusal(data):
        return (f"{held[0].symbol()} is in the hand, but a red three is never held: it is laid out as soon as it "
                f"comes, and another card is drawn for it ({rules.cite('bonus_cards')})")
    return symbols_in(refusal(data) or "")


@app.function
def impossible_question(n: int) -> dict:
    """The n-th "what makes this spot impossible?" question: a classic spot with one card too many."""
    rules = rules_for("classic")
    step = ladder_step(n, IMPOSSIBLE_STEPS)
    rng = random.Random(1510 + n)
    kind = rng.choice(IMPOSSIBLE_STEPS[:-1]) if step == "any" else step
    used = Counter()
    table_rank, *ranks = rng.sample(rules.natural_ranks, 8)
    hand = [pack_cards(rules, rng, used, r, 1)[0] for r in ranks]
    meld = pack_cards(rules, rng, used, table_rank, 3)
    pile = [pack_cards(rules, rng, used, r, 1)[0] for r in rng.sample(ranks, 2)]
    if kind == "red-three":
        hand.append(Card("3", rng.choice("HD")))
    elif kind == "third-copy":
        # One copy sits in the meld on the table, where a glance at the hand misses it.
        card = meld[0]
        hand += [card] * (rules.copies(card) + 1 - meld.count(card))
    else:
        meld[-1] = Card("JK")
        pile.insert(0, Card("JK"))
        hand += [Card("JK")] * (rules.copies(Card("JK")) - 1)
    data = {"variant": "classic", "hand": format_cards(sort_hand(rules, hand)), "melds": [format_cards(meld)],
            "discard": format_cards(pile), "phase": "before-draw"}
    return {"data": data, "kind": kind}


@app.function
def without(data: dict, card) -> dict:
    """The spot with one copy of ``card`` taken out of its hand."""
    hand = list(parse_cards(data["hand"]))
    hand.remove(card)
    return {**data, "hand": format_cards(hand)}


@app.function
def impossible_feedback(question, selected) -> tuple:
    """(right?, message) for the card that makes the spot impossible, as ``Spot.from_dict`` judges it."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    if len(picked) != 1:
        return False, f"Select one card: the one card this spot cannot hold, not {number_word(len(picked))}."
    data, card = question["data"], picked[0]
    if card not in parse_cards(data["hand"]):
        return False, "Select the card in the hand: the meld and the pile are shown for counting."
    rules = rules_for(data["variant"])
    why = refusal_words(data)
    if refusal(without(data, card)) is None:
        return True, f"Right: without {card.symbol()} the workbench takes the spot. It refused it because {why}."
    shown = sum(c == card for key in ("hand", "discard") for c in parse_cards(data[key]))
    shown += sum(c == card for m in data["melds"] for c in parse_cards(m))
    if rules.copies(card) >= shown:
        return False, (f"Not {card.symbol()}: the pack holds {number_word(rules.copies(card))} of it and this spot "
                       f"shows {number_word(shown)}, so it can be there. Count each card over the hand, the melds "
                       "and the pile together, and remember that a red three is never held in the hand.")
    return False, f"Not {card.symbol()} alone: the spot is still refused without it, because {refusal_words(without(data, card))}."


@app.function
def build_question(n: int) -> dict:
    """The n-th "arrange a spot whose pile may be taken" deal: 15 cards, and an arrangement the checker takes."""
    rules = rules_for("classic")
    melded = ladder_step(n, BUILD_STEPS)
    dealt = deal_until(rules, 1520 + n, lambda d: model_arrangement(d["hand"], melded) is not None, cards=15)
    return {"hand": dealt["hand"], "melded": melded, "model": model_arrangement(dealt["hand"], melded)}


@app.function
def model_arrangement(hand, melded: bool):
    """One arrangement of the hand (groups, the pile's card) that the checker lets take the pile, or None."""
    rules = rules_for("classic")
    counts = Counter(c.rank for c in hand if rules.is_natural(c))
    triples = [r for r, k in counts.items() if k >= 3]
    for top_rank in triples:
        rest = [r for r in triples if r != top_rank]
        if melded and not rest:
            continue
        groups = [tuple(c for c in hand if c.rank == rest[0])[:3]] if melded else []
        top = next(c for c in hand if c.rank == top_rank)
        spot = arranged_spot("classic", hand, groups, (top,), phase="before-draw")
        if ask("pickup", spot).answer:
            return groups, (top,)
    return None


@app.function
def build_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a spot arranged so that the pile may be taken, judged by the checker."""
    groups, selected = [tuple(g) for g in groups], tuple(selected)
    if not groups and not selected:
        return None, ""
    if not selected:
        return False, ("Select a card for the pile: the cards left selected (not grouped) go to the discard pile, "
                       "and the last of them is its top card.")
    try:
        spot = arranged_spot("classic", question["hand"], groups, selected, phase="before-draw")
    except TutorError as error:
        return False, f"The workbench refuses this spot: {symbols_in(str(error))}."
    if spot.down != question["melded"]:
        return False, ("This time your side has melded: group a meld to put on the table first." if question["melded"]
                       else "This time your side has not melded yet: leave every card off the table (no groups).")
    verdict = ask("pickup", spot)
    top = spot.discard[-1]
    if verdict.answer:
        taken = parse_cards(verdict.witness["play"].split(";")[0].replace("pickup", " ").split("depth")[0])
        return True, (f"Right: the checker takes the pile, {top.symbol()} going down with "
                      f"{' '.join(c.symbol() for c in taken)}. Your spot is a puzzle whose answer is yes.")
    why = symbols_in("; ".join(r.text for r in verdict.reasons)) or "no rule lets the pile be taken"
    why = why[:1].upper() + why[1:]
    rules = spot.rules
    if rules.is_wild(top) or top.rank == "3":
        return False, (f"Not with {top.symbol()} on top: a wild card or a three on top stops the pile from being "
                       f"taken. {why}.")
    if not spot.down:
        return False, (f"For a side that has not melded the pile is frozen: {top.symbol()} must go down with a "
                       f"natural pair of its rank, and together with them reach the first meld's "
                       f"{spot.initial_need} points. {why}.")
    return False, (f"Your hand must still hold two cards to go down with {top.symbol()}: a natural pair of its rank, "
                   f"or one natural and a wild card. {why}.")


@app.function
def name_question(n: int) -> dict:
    """The n-th "name the play" spot: before the draw, a frozen pile, and a hand that could take it two ways."""
    rules = rules_for("classic")
    step = ladder_step(n, NAME_STEPS)
    rng = random.Random(1540 + n)
    used = Counter()
    top_rank, table_rank, *singles = rng.sample(rules.natural_ranks, 7)
    hand = (pack_cards(rules, rng, used, top_rank, 3) + pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)
            + [pack_cards(rules, rng, used, r, 1)[0] for r in singles])
    below = [pack_cards(rules, rng, used, r, 1)[0] for r in rng.sample(singles, 3)]
    if step == "wild":
        below.insert(1, pack_cards(rules, rng, used, rng.choice(["2", "JK"]), 1)[0])
    elif step == "red-three":
        below.insert(1, Card("3", rng.choice("HD")))
    melds = [] if step == "not-down" else [format_cards(pack_cards(rules, rng, used, table_rank, 3))]
    spot = Spot.from_dict({"variant": "classic", "hand": format_cards(sort_hand(rules, hand)), "melds": melds,
                           "discard": format_cards(below + pack_cards(rules, rng, used, top_rank, 1)),
                           "phase": "before-draw"})
    return {"spot": spot, "step": step}


@app.function
def name_feedback(question, selected) -> tuple:
    """(right?, message) for the play named so that the pick-up question's answer is a no the freeze decides."""
    picked = tuple(selected)
    if not picked:
        return None, ""
    spot = question["spot"]
    rules, top = spot.rules, spot.discard[-1]
    if len(picked) != 2:
        return False, (f"Select two cards: the play a pick-up question names is the two cards that would go down "
                       f"with {top.symbol()}, not {number_word(len(picked))}.")
    verdict = ask("pickup", spot, play=format_cards(picked))
    frozen_rule = rules["pile"]["frozen_rule"]
    shown = cards_text(picked)
    if verdict.answer:
        return False, (f"With {shown} the answer is yes: a natural pair takes even a frozen pile. Name a play the "
                       "freeze forbids.")
    cited = [r.rule for r in verdict.reasons]
    try:  # would these cards take an open pile: do they make a meld with the top card?
        judge(rules, picked + (top,))
    except IllegalPlayError:
        return False, (f"With {shown} the answer is no, but not because of the freeze: {shown} and {top.symbol()} "
                       "make no meld, so they would not take an open pile either. Name cards that would, so that "
                       "only the freeze stops them.")
    if frozen_rule not in cited:
        why = symbols_in("; ".join(r.text for r in verdict.reasons))
        return False, f"With {shown} the answer is no, but not because of the freeze: {why}."
    return True, (f"Right: with {shown} the answer is no, and the proof cites {frozen_rule}: the pile is frozen, and "
                  "only a natural pair takes a frozen pile. That is a puzzle worth setting.")


@app.function
def target_question(n: int) -> dict:
    """The n-th "a spot the tutor tags with this theme" deal: 15 cards, with a black three and a natural triple."""
    rules = rules_for("classic")
    theme = ladder_step(n, TARGET_THEMES)
    dealt = deal_until(rules, 1560 + n, lambda d: any(rules.role(c) == "blocker" for c in d["hand"])
                       and model_arrangement(d["hand"], False) is not None, cards=15)
    return {"hand": dealt["hand"], "theme": theme}


@app.function
def target_feedback(question, groups, selected) -> tuple:
    """(right?, message) for a spot arranged so that its pick-up puzzle carries a theme, as the grading tags it."""
    from tutor.puzzles.grading import THEMES, themes_of
    from tutor.puzzles.prove import prove

    groups, selected = [tuple(g) for g in groups], tuple(selected)
    if not groups and not selected:
        return None, ""
    if not selected:
        return False, "Select a card for the pile: the last card selected is its top card."
    try:
        spot = arranged_spot("classic", question["hand"], groups, selected, phase="before-draw")
        proven = prove(spot, "pickup", count=False)
    except (TutorError, NotImplementedError) as error:
        return False, f"The workbench cannot use this spot: {symbols_in(str(error))}."
    found = themes_of(spot, proven)
    theme, answer = question["theme"], "yes" if proven.answer else "no"
    tagged = ", ".join(theme_words(t) for t in found)
    if theme in found:
        return True, (f"Right: the proved answer is {answer}, and the tutor tags the puzzle {tagged}; "
                      f"{theme_words(theme)} is the theme of {THEMES[theme]}.")
    advice = {"black-threes": "The theme comes from the proof: with a black three on top, the proof of a no cites "
                              "the rule that a black three blocks the pile.",
              "top-card-counts": "This theme is about a side that has not melded taking the pile: keep every card "
                                 "off the table, and put on top a card your hand holds a natural pair of, so that "
                                 "the top card counts toward the first meld."}[theme]
    return False, f"Not yet: the proved answer is {answer}, and the tutor tags it {tagged}. {advice}"


@app.function
def theme_bank() -> tuple:
    """The classic puzzles of the bank that came with the tutor (read once, then kept)."""
    if "classic" not in THEME_BANK:
        from tutor.puzzles import read_file
        from tutor.resources import bank_dir

        path = bank_dir() / "classic.jsonl"
        THEME_BANK["classic"] = tuple(read_file(path)) if path.is_file() else ()
    return THEME_BANK["classic"]


@app.function
def graded_themes(puzzle) -> list:
    """The puzzle's themes as the tutor's grading finds them on its spot and its proof."""
    from tutor.puzzles.grading import themes_of
    from tutor.puzzles.rerate import stored_proven

    return themes_of(Spot.from_dict(puzzle.spot), stored_proven(puzzle.to_dict()))


@app.function
def theme_question(n: int) -> dict | None:
    """The n-th "which theme fits?" question: a proved bank puzzle, one theme the grading finds and two it does not."""
    from tutor.puzzles.grading import themes_for

    grade = ladder_step(n, THEME_GRADES)
    rng = random.Random(1530 + n)
    pool = [p for p in theme_bank() if grade is None or p.grade == grade]
    rng.shuffle(pool)
    for puzzle in pool:
        found = graded_themes(puzzle)
        telling = [t for t in found if t not in QUESTION_THEMES]
        rules = Spot.from_dict(puzzle.spot).rules
        others = [t for t in themes_for(rules) if t not in found and t not in QUESTION_THEMES]
        if telling and len(others) >= 2:
            choices = [rng.choice(telling), *rng.sample(others, 2)]
            rng.shuffle(choices)
            return {"puzzle": puzzle, "choices": choices}
    return None


@app.function
def theme_words(theme: str) -> str:
    """A theme as a learner reads it: "frozen-pile" is "frozen pile"."""
    return theme.replace("-", " ")


@app.function
def theme_feedback(question, answer) -> tuple:
    """(right?, message) for the theme chosen for a puzzle, as the tutor's grading finds its themes."""
    from tutor.puzzles.grading import THEMES

    if answer is None:
        return None, ""
    found = graded_themes(question["puzzle"])
    if answer in found:
        return True, (f"Right: the tutor tags this puzzle *{theme_words(answer)}* ({THEMES[answer]}). "
                      f"All its themes: {', '.join(theme_words(t) for t in found)}.")
    return False, (f"Not *{theme_words(answer)}* ({THEMES[answer]}): nothing in this proof turns on it. Read the "
                   "proof again: which rule does a no cite, and what does a yes turn do?")


@app.function
def graded(puzzle) -> int:
    """The puzzle's grade (1-5) as the tutor's grading computes it from its spot and its stored proof."""
    from tutor.puzzles.grading import features_of, grade_of
    from tutor.puzzles.rerate import stored_proven

    key = ("grade", puzzle.id, puzzle.checksum)
    if key not in THEME_BANK:  # kept: a bank puzzle's proof, and so its grade, never changes
        THEME_BANK[key] = grade_of(features_of(Spot.from_dict(puzzle.spot), stored_proven(puzzle.to_dict()),
                                               puzzle.play))
    return THEME_BANK[key]


@app.function
def harder_question(n: int) -> dict | None:
    """The n-th "which puzzle is harder?" pair: two bank puzzles whose grades differ less and less."""
    gap = ladder_step(n, HARDER_GAPS)
    rng = random.Random(1550 + n)
    by_grade: dict = {}
    for puzzle in theme_bank():
        by_grade.setdefault(graded(puzzle), []).append(puzzle)
    lows = [g for g in sorted(by_grade) if g + gap in by_grade]
    if not lows:
        return None
    low = rng.choice(lows)
    pair = [rng.choice(by_grade[low]), rng.choice(by_grade[low + gap])]
    rng.shuffle(pair)
    return {"puzzles": tuple(pair)}


@app.function
def grade_words(puzzle) -> str:
    """What the grade weighs in a puzzle, in words: the plays to rule out, the rules in play, the witness's steps."""
    from tutor.puzzles.grading import features_of
    from tutor.puzzles.rerate import stored_proven

    f = features_of(Spot.from_dict(puzzle.spot), stored_proven(puzzle.to_dict()), puzzle.play)
    steps = (f"{number_word(f['steps'])} step{'s' * (f['steps'] != 1)} in its witness" if puzzle.answer
             else "no witness (its answer is no)")
    return (f"{f['candidates']} play{'s' * (f['candidates'] != 1)} to weigh, {number_word(f['rules'])} "
            f"rule{'s' * (f['rules'] != 1)} in play besides the question's own, {steps} and {f['cards']} cards to "
            "read")


@app.function
def harder_feedback(question, answer) -> tuple:
    """(right?, message) for the harder of two puzzles, by the grades the tutor's grading gives them."""
    if answer is None:
        return None, ""
    first, second = question["puzzles"]
    grades = (graded(first), graded(second))
    harder = 0 if grades[0] > grades[1] else 1
    told = (f"The tutor grades the first {grades[0]} and the second {grades[1]}, of five. The first has "
            f"{grade_words(first)}; the second has {grade_words(second)}.")
    if int(answer) == harder:
        return True, f"Right: the {('first', 'second')[harder]} is harder. {told}"
    chosen, other = question["puzzles"][int(answer)], question["puzzles"][harder]
    cards = ("More cards to read do not by themselves make a puzzle harder. "
             if len(Spot.from_dict(chosen.spot).hand) > len(Spot.from_dict(other.spot).hand) else "")
    return False, (f"Not so. {cards}The grade weighs what solving asks: the plays to rule out, the rules in play and "
                   f"how deep they lie, the steps of the witness. {told}")


@app.function
def proof_view(puzzle) -> mo.Html:
    """A proved puzzle's question, answer and proof, with its themes left out (they are the question)."""
    from tutor.verdict import Reason, Verdict

    proof = puzzle.proof
    reasons = tuple(Reason(r["rule"], r["text"], r.get("source", "")) for r in proof.get("reasons", []))
    verdict = Verdict(puzzle.question, puzzle.answer, proof.get("witness"), reasons)
    return mo.vstack([mo.md(f"**{puzzle.prompt}**  \nThe proved answer is **{'yes' if puzzle.answer else 'no'}**."),
                      verdict_view(verdict, Spot.from_dict(puzzle.spot))])


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # The instructor's workbench
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how to set up a position for your class with the card widget;",
        "how to have its answer proved, with the witness or the rules that block it;",
        "how to tag it and keep it in a collection;",
        "how to print a worksheet, with an answer key, from a collection;",
        "and, in practice, to spot an impossible spot, build and name a puzzle's play, and read its themes and "
        "grade as the tutor does.",
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
    ## 1. Build the spot

    Deal a hand, then arrange it in the widget: select cards and press
    **Group** to put them on the table as one of the side's melds; the cards
    left *selected* (not grouped) go to the discard pile, in hand order, the
    last one on top. Everything else stays in the hand. Or type the spot as
    JSON in the second tab.
    """)
    return


@app.cell
def _():
    variant_pick = mo.ui.dropdown(options=list(BUILTIN), value="classic", label="variant")
    phase_pick = mo.ui.radio(options=["drawn", "before-draw"], value="drawn", label="phase", inline=True)
    score_pick = mo.ui.number(start=-2000, stop=10000, step=5, value=0, label="score")
    deal_again = deal_button()
    mo.hstack([variant_pick, phase_pick, score_pick, deal_again], justify="start", gap=1.5)
    return deal_again, phase_pick, score_pick, variant_pick


@app.cell
def _(deal_again, variant_pick):
    dealt = deal(variant_pick.value, seed=1515 + deal_again.value, cards=15)
    builder = hand_widget(variant_pick.value, dealt["hand"])
    spot_json = mo.ui.text_area(value=json.dumps({"variant": "classic", "hand": "KS KH KD 7C 7D 2C 9S",
                                                  "melds": ["AS AH AD AC AS 2D JK"], "phase": "drawn"}, indent=2),
                                rows=8, full_width=True, label="Spot (JSON)")
    source = mo.ui.tabs({"Arrange a deal": builder, "Type JSON": spot_json})
    source
    return builder, dealt, source, spot_json


@app.cell
def built_spot(builder, dealt, phase_pick, score_pick, source, spot_json, variant_pick):
    try:
        if source.value == "Type JSON":
            spot = Spot.from_json(spot_json.value)
        else:
            spot = arranged_spot(variant_pick.value, dealt["hand"], builder.widget.group_cards(),
                                 builder.widget.selected_cards(), score=int(score_pick.value), phase=phase_pick.value)
    except TutorError as _error:
        spot = None
        _shown = problem(_error, lead="This spot cannot be used")
    else:
        _shown = table_view(spot, spot.rules.variant.name, f"score {spot.score}",
                            "before the draw" if spot.phase == "before-draw" else "after the draw",
                            title="The spot")
    _shown
    return (spot,)


@app.cell(hide_code=True)
def _():
    _rules = rules_for("classic")  # the pack's copies, as the variant's data has them
    mo.md(f"""
    ### Practice: spot the impossible spot

    A spot typed for a class must be one a real game can reach, and the
    workbench refuses one that is not. This classic spot was refused: one
    card in its hand makes it impossible. Select that card. Count every
    card over the hand, the meld on the table and the pile, bottom to top;
    the pack holds {number_word(_rules.copies(Card("K", "S")))} of each card and
    {number_word(_rules.copies(Card("JK")))} jokers. The fault hides better
    from spot to spot.
    """)
    return


@app.cell
def _():
    new_impossible = deal_button("Next spot")
    new_impossible
    return (new_impossible,)


@app.cell
def _(new_impossible):
    impossible_ask = impossible_question(new_impossible.value)
    _data = impossible_ask["data"]
    impossible_hand = hand_widget("classic", _data["hand"], melds=_data["melds"], discard=_data["discard"])
    mo.vstack([impossible_hand,
               hint("Some cards are never held: a red three is laid out as soon as it comes. Then count: a card "
                    "shown more often than the pack holds it, wherever its copies lie, is one too many.")])
    return impossible_ask, impossible_hand


@app.cell
def impossible_check(impossible_ask, impossible_hand, tracker):
    _right, _text = impossible_feedback(impossible_ask, impossible_hand.widget.selected)
    practise(_right, _text, _text, tracker=tracker, exercise="impossible-spot",
             waiting="Select the card that makes the spot impossible.")
    return


@app.cell(hide_code=True)
def _(impossible_ask):
    solution("Show why the workbench refuses it",
             problem(TutorError(refusal_words(impossible_ask["data"])), lead="This spot cannot be used"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: build a yes

    Arrange this deal into a spot, before the draw, in which the player
    **may take the pile**: group cards to put them on the table, and select
    the cards for the pile (the last one selected is its top card). First
    the side has melded; then it has not, and the pile is frozen for it.
    """)
    return


@app.cell
def _():
    new_build = deal_button("Next deal")
    new_build
    return (new_build,)


@app.cell
def _(new_build):
    build_ask = build_question(new_build.value)
    build_hand = hand_widget("classic", build_ask["hand"])
    _side = "Your side has melded: put a meld on the table." if build_ask["melded"] else (
        "Your side has not melded yet: put nothing on the table.")
    mo.vstack([mo.md(_side), build_hand,
               hint("The top card goes down with two cards left in the hand: keep a natural pair of its rank. "
                    "Before the side's first meld, the top card and that pair must also reach the first meld's "
                    "minimum (other melds from the hand, made in the same turn, count too).")])
    return build_ask, build_hand


@app.cell
def build_check(build_ask, build_hand, tracker):
    _right, _text = build_feedback(build_ask, build_hand.widget.group_cards(), build_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="build-a-yes",
             waiting="Group the table's melds and select the pile's cards.")
    return


@app.cell(hide_code=True)
def _(build_ask):
    _groups, _pile = build_ask["model"]
    _spot = arranged_spot("classic", build_ask["hand"], _groups, _pile, phase="before-draw")
    solution("Show one spot that works", mo.vstack([
        table_view(_spot, "before the draw", title="A spot whose pile may be taken"),
        verdict_view(ask("pickup", _spot), _spot)]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## 2. Ask a question and prove the answer

    Choose the question your class will answer. A cheat question (Canasty)
    needs the disputed play; a pick-up or first-meld question may name one.
    **Prove** asks both of the tutor's deciders, the checker and the
    exhaustive search written apart from it; the answer is kept only when
    they agree.
    """)
    return


@app.cell
def _():
    question_pick = mo.ui.dropdown(options={"Can the player go out?": "go-out", "May the player take the pile?": "pickup",
                                            "Can the side make its first meld?": "initial-meld",
                                            "Is this play a cheat? (canasty)": "cheat"},
                                   value="Can the player go out?", label="Question")
    play_box = mo.ui.text(value="", label="Play (optional)", placeholder="e.g. KH KD, or meld QS 2C KD; discard 5S",
                          full_width=True)
    prove_button = mo.ui.run_button(label="Prove")
    mo.vstack([question_pick, play_box, prove_button])
    return play_box, prove_button, question_pick


@app.cell
def proof_cell(play_box, prove_button, question_pick, spot):
    proved = proven = None
    if spot is None:
        _shown = mo.md("Build a spot first.")
    elif not prove_button.value:
        _shown = mo.md("Press **Prove** when the spot and the question are ready.")
    else:
        from tutor.puzzles.generate import puzzle_from
        from tutor.puzzles.prove import prove

        _play = play_box.value.strip() or None
        try:
            with mo.status.spinner(title="Proving…"):
                proven = prove(spot, question_pick.value, _play)
            proved = puzzle_from(spot, question_pick.value, _play, proven, "manual", "-")
        except TutorError as _error:
            _shown = problem(_error, lead="No proof")
        except NotImplementedError as _error:
            _shown = problem(_error, lead="The checker cannot prove this yet")
        else:
            _shown = puzzle_proof(proved)
    _shown
    return proved, proven


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: name the play

    A pick-up question may name the play: the two cards from the hand that
    would go down with the top card. Set a puzzle about a frozen pile:
    select the two cards to name so that the answer is **no**, and the
    freeze is why. The pile is frozen first by a wild card in it, then
    because the side has not melded, then by a red three in it.
    """)
    return


@app.cell
def _():
    new_name = deal_button("Next pile")
    new_name
    return (new_name,)


@app.cell
def _(new_name):
    name_ask = name_question(new_name.value)
    _spot = name_ask["spot"]
    name_hand = hand_widget(_spot.rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    mo.vstack([mo.md("Your side has melded." if _spot.down else "Your side has not melded yet."), name_hand,
               hint("Which cards would take the pile if it were open? A natural pair takes it frozen or not, and "
                    "cards of another rank do not take it at all.")])
    return name_ask, name_hand


@app.cell
def name_check(name_ask, name_hand, tracker):
    _right, _text = name_feedback(name_ask, name_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="name-the-play", waiting="Select two cards to name.")
    return


@app.cell(hide_code=True)
def _(name_ask):
    _spot = name_ask["spot"]
    _natural = next(c for c in _spot.hand if c.rank == _spot.discard[-1].rank)
    _wild = next(c for c in _spot.hand if _spot.rules.is_wild(c))
    _verdict = ask("pickup", _spot, play=format_cards((_natural, _wild)))
    solution("Show a play to name", mo.vstack([
        mo.md(f"Name {_natural.symbol()} {_wild.symbol()}: a natural and a wild card."),
        verdict_view(_verdict, _spot, no="No: the pile may not be taken with them")]))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## 3. Tag it and save it

    Tags are short words of your own (`week-3`, `frozen-pile`) added to the
    themes the tutor finds by itself. A collection is a puzzle file, one
    puzzle a line, in the same format as the tutor's puzzle bank: the
    `canasta-tutor puzzles` commands read it too. Your collection is yours
    alone: download it when you are done, and load it again next time to
    go on with it.
    """)
    return


@app.cell
def _():
    get_collection, set_collection = mo.state([])
    tags_box = mo.ui.text(value="", label="Tags", placeholder="e.g. week-3, frozen-pile")
    name_box = mo.ui.text(value="collection", label="Collection name", placeholder="e.g. week-3")
    upload = mo.ui.file(filetypes=[".jsonl", ".txt"], label="Load a collection you downloaded before")
    save_button = mo.ui.run_button(label="Save to the collection")
    mo.vstack([tags_box, name_box, upload, save_button])
    return get_collection, name_box, save_button, set_collection, tags_box, upload


@app.cell
def load_cell(get_collection, set_collection, upload):
    _shown = mo.md("")
    if upload.value:
        try:
            _loaded = read_collection(upload.contents())
        except TutorError as _error:
            _shown = problem(_error, lead="This collection cannot be read")
        else:
            _known = {p.id for p in get_collection()}
            set_collection(get_collection() + [p for p in _loaded if p.id not in _known])
            _shown = mo.md(f"Loaded {len(_loaded)} puzzle{'s' * (len(_loaded) != 1)}.")
    _shown
    return


@app.cell
def save_cell(get_collection, name_box, proved, proven, save_button, set_collection, tags_box):
    from tutor.puzzles.generate import puzzle_from as _puzzle_from

    _shown = mo.md("")
    try:
        _tags = parse_tags(tags_box.value)
    except TutorError as _error:
        _tags, _shown = None, problem(_error)
    if save_button.value and _tags is not None:
        if proved is None:
            _shown = problem(TutorError("prove the answer first (step 2)"))
        else:
            try:
                _existing = get_collection()
                _spot = Spot.from_dict(proved.spot)
                _puzzle = _puzzle_from(_spot, proved.question, proved.play, proven, "manual", "-", _tags)
                if any(p.id == _puzzle.id for p in _existing):
                    raise TutorError(f"the collection already holds this puzzle ({_puzzle.id})")
                _folder = workbench_folder()
                _kept = keep_in_folder(_folder, name_box.value, _puzzle) if _folder is not None else None
            except (TutorError, OSError) as _error:
                _shown = problem(_error, lead="Not saved")
            else:
                set_collection(_existing + [_puzzle])
                _where = (f"kept on the server as **{_kept.name}**" if _kept is not None
                          else "download it below to keep it")
                _shown = mo.callout(mo.md(f"Saved **{_puzzle.id}** ({len(_existing) + 1} "
                                          f"puzzle{'s' * (len(_existing) != 0)} in the collection; {_where})."),
                                    kind="success")
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: the theme that fits

    The tutor tags every puzzle with themes it reads off the proof: the
    rules a "no" cites, and what a "yes" turn does. Here is a proved puzzle
    from the tutor's bank. Which of these themes does the tutor give it?
    The puzzles grow harder.
    """)
    return


@app.cell
def _():
    new_theme = deal_button("Next puzzle")
    new_theme
    return (new_theme,)


@app.cell
def _(new_theme):
    from tutor.puzzles.grading import THEMES as _THEMES

    theme_ask = theme_question(new_theme.value)
    if theme_ask is None:
        theme_answer = None
        _shown = mo.md("No puzzle bank came with this installation.")
    else:
        _puzzle = theme_ask["puzzle"]
        _spot = Spot.from_dict(_puzzle.spot)
        theme_answer = mo.ui.radio(options={f"{theme_words(t)}: {_THEMES[t]}": t for t in theme_ask["choices"]},
                                   label="The tutor tags it")
        _shown = mo.vstack([table_view(_spot, _spot.rules.variant.name, f"score {_spot.score}",
                                       "before the draw" if _spot.phase == "before-draw" else "after the draw"),
                            proof_view(_puzzle), theme_answer,
                            hint("A theme names a rule the proof turns on: read the rule a no cites, or for a "
                                 "yes what the turn does (takes a frozen pile, lays off, completes a canasta).")])
    _shown
    return theme_answer, theme_ask


@app.cell
def theme_check(theme_answer, theme_ask, tracker):
    _right, _text = (None, "") if theme_ask is None else theme_feedback(theme_ask, theme_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="pick-the-theme", waiting="Choose a theme.")
    return


@app.cell(hide_code=True)
def _(theme_ask):
    _found = [] if theme_ask is None else graded_themes(theme_ask["puzzle"])
    solution("Show the tutor's themes", mo.md("This puzzle's themes: " + (", ".join(theme_words(t) for t in _found)
                                                                         or "none") + "."))
    return


@app.cell(hide_code=True)
def _(target_theme_words):
    mo.md(f"""
    ### Practice: a spot for a theme

    Now the other way round: arrange this deal into a spot, before the
    draw, whose pick-up puzzle the tutor tags **{target_theme_words}**. The
    tutor proves the question *May the player take the pile?* on your spot
    and reads the themes off the proof. First a theme a "no" brings, then
    one a "yes" brings.
    """)
    return


@app.cell
def _():
    new_target = deal_button("Next deal")
    new_target
    return (new_target,)


@app.cell
def _(new_target):
    target_ask = target_question(new_target.value)
    target_theme_words = theme_words(target_ask["theme"])
    target_hand = hand_widget("classic", target_ask["hand"])
    mo.vstack([target_hand,
               hint("Which rule or which kind of turn does the theme name? Black threes: a black three on top. Top "
                    "card counts: a side that has not melded, taking the pile with a natural pair.")])
    return target_ask, target_hand, target_theme_words


@app.cell
def target_check(target_ask, target_hand, tracker):
    _right, _text = target_feedback(target_ask, target_hand.widget.group_cards(), target_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="theme-on-cards",
             waiting="Group the table's melds and select the pile's cards.")
    return


@app.cell(hide_code=True)
def _(target_ask):
    solution("Show one way", mo.md(
        "Select a black three alone: it tops the pile and blocks it, so the answer is no." if target_ask["theme"]
        == "black-threes" else "Group nothing, and select one card of a rank your hand holds three naturals of: "
        "your side has not melded, and it takes the pile with the other two, the top card counting toward its "
        "first meld."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## 4. The collection and its worksheet

    The worksheet draws every puzzle with its cards, one box each, ready to
    print; the answer key, with the proofs, comes on pages of its own.
    """)
    return


@app.cell
def collection_cell(get_collection, name_box):
    from tutor.puzzles.format import dumps as _dumps

    collection = get_collection()
    if collection:
        _rows = ["| puzzle | question | answer | grade | themes |", "|:---|:---|:---|---:|:---|"]
        _rows += [f"| `{p.id}` | {p.question} | {'yes' if p.answer else 'no'} | {p.grade} | {', '.join(p.themes)} |"
                  for p in collection]
        _shown = mo.vstack([
            mo.md("\n".join(_rows)),
            mo.download(data=_dumps(collection).encode("utf-8"), filename=f"{collection_name(name_box.value)}.jsonl",
                        mimetype="application/x-ndjson", label="Download the collection"),
        ])
    else:
        _shown = mo.md("The collection is empty.")
    _shown
    return (collection,)


@app.cell
def _():
    sheet_title = mo.ui.text(value="Canasta puzzles", label="Worksheet title")
    with_answers = mo.ui.switch(value=True, label="with the answer key")
    mo.hstack([sheet_title, with_answers], justify="start")
    return sheet_title, with_answers


@app.cell
def worksheet_cell(collection, name_box, sheet_title, with_answers):
    if not collection:
        _shown = mo.md("Save a puzzle to make a worksheet.")
    else:
        from tutor.puzzles import worksheet_html

        _page = worksheet_html(collection, title=sheet_title.value or "Canasta puzzles", answers=with_answers.value)
        _shown = mo.vstack([
            mo.download(data=_page.encode("utf-8"), filename=f"{collection_name(name_box.value)}-worksheet.html",
                        mimetype="text/html", label="Download the worksheet"),
            mo.accordion({"Preview": mo.iframe(_page, height="600px")}),
        ])
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Practice: which puzzle is harder?

    The worksheet prints each puzzle's grade, from 1 to 5, so that a class
    can start easy. Which of these two puzzles does the tutor grade harder?
    The grades come closer from pair to pair.
    """)
    return


@app.cell
def _():
    new_pair = deal_button("Next pair")
    new_pair
    return (new_pair,)


@app.cell
def _(new_pair):
    harder_ask = harder_question(new_pair.value)
    if harder_ask is None:
        harder_answer = None
        _shown = mo.md("No puzzle bank came with this installation.")
    else:
        _parts = []
        for _title, _puzzle in zip(("The first puzzle", "The second puzzle"), harder_ask["puzzles"]):
            _spot = Spot.from_dict(_puzzle.spot)
            _parts += [mo.md(f"#### {_title}"), table_view(_spot, f"score {_spot.score}"), proof_view(_puzzle)]
        harder_answer = mo.ui.radio(options={"the first": "0", "the second": "1"}, inline=True,
                                    label="The tutor grades harder")
        _shown = mo.vstack([*_parts, harder_answer,
                            hint("Count what a solver must do: the plays to weigh and rule out, the rules the proof "
                                 "brings in, the steps of its witness. More cards alone do not make a puzzle hard.")])
    _shown
    return harder_answer, harder_ask


@app.cell
def harder_check(harder_answer, harder_ask, tracker):
    _right, _text = (None, "") if harder_ask is None else harder_feedback(harder_ask, harder_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="harder-puzzle", waiting="Choose a puzzle.")
    return


@app.cell(hide_code=True)
def _(harder_ask):
    _grades = [] if harder_ask is None else [graded(p) for p in harder_ask["puzzles"]]
    solution("Show the grades", mo.md("Grades: " + (", ".join(str(g) for g in _grades) or "none") + "."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: a puzzle about a frozen pile

    Build a classic spot, before the draw, in which the player may **not**
    take the pile because it is frozen: prove the pick-up question, and the
    proof must cite the rule below.
    """)
    return


@app.cell(hide_code=True)
def _():
    quote("classic", "C-FROZEN")
    return


@app.cell
def exercise_feedback(proved, tracker):
    # The answer and the rules are the proof's, as both deciders agreed on them.
    _rules = [] if proved is None else proved.proof.get("rules", [])
    _asked = None if proved is None else proved.question == "pickup"
    practise(None if proved is None else (_asked and not proved.answer and "C-FROZEN" in _rules),
             "Right. That is the puzzle: the answer is no, and C-FROZEN is why.",
             ("Not yet: prove the question *May the player take the pile?*, not another one." if _asked is False
              else "Not yet: this proof " + (f"cites {', '.join(_rules)}" if _rules else "answers yes")
              + ". The pile must be frozen and the offer must not be a natural pair: a wild card in the pile "
              "with a natural and a wild card offered, or a side that has not melded, are good ways."),
             tracker=tracker, exercise="frozen-puzzle", waiting="Prove a pick-up question to check it here.")
    return


@app.cell(hide_code=True)
def _():
    solution("Show a solution", mo.md(r"""
    In the *Type JSON* tab:

    ```json
    {"variant": "classic", "hand": "9S 2C KC 7H 4S", "melds": ["AS AH AD"],
     "discard": "5C JK 8D 9H", "phase": "before-draw"}
    ```

    with the question *May the player take the pile?* and the play `9S 2C`.
    The joker in the pile freezes it, so the top 9 needs a natural pair.
    """))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "A puzzle starts as a spot a real table can reach: the pack holds every card it shows.",
        "Its answer is proved by both deciders before it is kept, and its themes come from the proof.",
        "A collection stays with you as a download, and prints as a worksheet with an answer key.",
    ], "16_play_a_hand")
    return


if __name__ == "__main__":
    app.run()
