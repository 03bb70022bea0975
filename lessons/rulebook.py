# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "The rule book"
# description = "Every rule of the four variants in one place, each with its ID and its source."
# ///
"""The rule book: every rule of the four variants, with its ID and its source.

This notebook is also the lessons' shared toolkit: the functions below (how a
rule is quoted, how a verdict is shown, how a hand is dealt) are imported by
every numbered lesson with ``from rulebook import ...``.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Canasta Tutor: the rule book")

with app.setup:
    import functools
    import html
    import random
    import threading
    from collections import Counter, OrderedDict

    import marimo as mo

    from tutor.cards import Card, format_cards, full_deck, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import card_points, judge
    from tutor.render import cards_html, cards_text, rule_html as rule_block, spot_html
    from tutor.rules import BUILTIN, Rules, Variant, load_variant, rules_for
    from tutor.scoring import canasta_bonus
    from tutor.widget import HandWidget, ProgressWidget

    NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    # The players by the compass, in playing order to the left of the first (who sits South).
    COMPASS = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East"),
               5: ("South", "West", "Northwest", "Northeast", "East"),
               6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast")}

    # Puzzle banks already read by this lesson server, by folder: ``marimo run`` gives every
    # learner a kernel in one process, and all of them may share what does not change.
    READ_BANKS: dict = {}
    # Questions already dealt and checker answers already found, shared the same way: a lesson's
    # questions are pure functions of their seed, so the second learner to open a lesson gets
    # them without asking the checker again (``kept``, ``ask_verdict``). Bounded, oldest out first.
    KEPT: OrderedDict = OrderedDict()
    KEPT_AT_MOST = 1024
    KEPT_LOCK = threading.Lock()


@app.function
def rules_of(what) -> Rules:
    """Rules from a variant name, a Variant, a Spot or Rules."""
    if isinstance(what, Rules):
        return what
    if isinstance(what, Variant):
        return what.with_options()
    if hasattr(what, "rules") and isinstance(what.rules, Rules):
        return what.rules
    return rules_for(what)


@app.function
def rule_html(rules, rule_id: str, *, detail: str = "") -> str:
    """One rule as an HTML block: its ID, what it means here (``detail``), its sentence and source."""
    return rule_block(rules_of(rules), rule_id, detail=detail)


@app.function
def quote(rules, *rule_ids: str) -> mo.Html:
    """The rules named, quoted one under the other."""
    return mo.Html("".join(rule_html(rules, rid) for rid in rule_ids))


@app.function
def cards_view(cards, rules=None, *, label: str | None = None, width: float = 48) -> mo.Html:
    """Cards drawn as a fanned row; wild cards marked when ``rules`` are given."""
    wild = rules_of(rules).wild_ranks if rules is not None else ()
    return mo.Html(cards_html(parse_cards(cards), wild=wild, label=label, width=width))


@app.function
def meld_list(rules, choices, *, empty: str = "No meld can go down this turn.") -> mo.Html:
    """The checker's list of melds, numbered on screen, each drawn as cards and told in plain words.

    ``choices`` are the listing's entries (``cards``, ``to``: the number of the
    table meld a lay-off joins, ``points``); table melds are numbered as the card
    widget numbers them.
    """
    wild = rules_of(rules).wild_ranks
    items = []
    for number, choice in enumerate(choices, start=1):
        cards = parse_cards(choice["cards"])
        n = len(cards)
        words = (f"add {cards_text(cards)} to meld {choice['to']} on the table" if choice.get("to")
                 else f"put down {cards_text(cards)} as a new meld")
        points = f", {choice['points']} points" if choice.get("points") is not None else ""
        items.append(f'<li data-cards="{html.escape(format_cards(cards))}" data-to="{choice.get("to") or ""}" '
                     'style="margin:4px 0;display:flex;align-items:center;gap:8px;flex-wrap:wrap">'
                     f'<strong style="min-width:1.6em;text-align:right">{number}.</strong>'
                     f"{cards_html(cards, wild=wild, width=30)}"
                     f"<span>{html.escape(words)} ({n} card{'s' * (n != 1)}{points})</span></li>")
    if not items:
        return mo.md(empty)
    return mo.Html('<ol class="meld-list" style="list-style:none;padding-left:0;margin:4px 0">' + "".join(items)
                   + "</ol>")


@app.function
def table_view(spot, *facts: str, title: str | None = None) -> mo.Html:
    """A spot drawn as one side's table, with only the facts that matter to the lesson."""
    return mo.Html(spot_html(hand=spot.hand, melds=spot.melds, discard=spot.discard, red_threes=spot.red_threes,
                             wild=spot.rules.wild_ranks, title=title, facts=facts))


@app.function
def problem(error: Exception, *, lead: str = "Not quite") -> mo.Html:
    """A learner's mistake (bad notation, an impossible spot) shown as a message, never a traceback."""
    return mo.callout(mo.Html(f'<div data-verdict="error"><strong>{html.escape(lead)}:</strong> '
                              f"{html.escape(str(error))}</div>"), kind="danger")


@app.function
def meld_verdict(rules, cards, *, going_out: bool = True, empty: str = "Pick some cards in your hand.") -> mo.Html:
    """Is this group of cards a legal meld? Says why, quoting the rule."""
    rules = rules_of(rules)
    cards = tuple(parse_cards(cards))
    if not cards:
        return mo.md(empty)
    try:
        meld = judge(rules, cards, going_out=going_out)
    except IllegalPlayError as error:
        body = (f'<div data-verdict="no"><strong>Not a legal meld:</strong> '
                f"{html.escape(format_cards(cards))}</div>" + rule_html(rules, error.rule, detail=error.text))
        return mo.callout(mo.Html(body), kind="danger")
    points = card_points(rules, cards)
    kind = {"group": f"a group of {meld.key}s", "sequence": f"a sequence in {meld.key}",
            "wild": "a set of wild cards only", "blockers": "a meld of black 3s",
            "stoppers": f"a meld of {meld.key}s"}.get(meld.kind, meld.kind)
    mix = f"{meld.naturals} natural{'s' * (meld.naturals != 1)}, {meld.wilds} wild"
    size = ""
    bonus = canasta_bonus(rules, meld)
    if bonus is not None:
        size = f" It is a {bonus.item}: {bonus.points} more points on top of its cards."
    elif meld.canasta:
        size = " It is a canasta" + (" (natural)." if meld.natural else " (mixed).")
    rule_id = rules.cite("meld")
    if meld.kind == "wild":
        rule_id = rules["wild_meld"].get("rule", rule_id)
    elif meld.kind in ("blockers", "stoppers"):
        rule_id = rules[{"blockers": "blocker_meld", "stoppers": "stopper_meld"}[meld.kind]].get("rule", rule_id)
    worth = "its cards are" if meld.kind == "wild" or bonus is not None else "worth"
    worth = f"{worth} {points} points" if worth == "worth" else f"{worth} worth {points} points"
    body = (f'<div data-verdict="yes"><strong>A legal meld:</strong> {html.escape(format_cards(cards))} is '
            f"{kind} ({mix}); {worth}.{size}</div>" + rule_html(rules, rule_id))
    return mo.callout(mo.Html(body), kind="success")


@app.function
def verdict_view(verdict, rules, *, yes: str = "Yes", no: str = "No") -> mo.Html:
    """A checker verdict: the answer, the witness that proves a yes, the rules that block a no.

    ``rules`` may be the spot itself; then first-meld points are shown only for a side not yet down.
    """
    from tutor.render import verdict_html

    shown = rules if hasattr(rules, "down") else rules_of(rules)
    body = verdict_html(verdict, shown, yes=yes, no=no, framed=False)
    return mo.callout(mo.Html(body), kind="success" if verdict.answer else "danger")


@app.function
def puzzle_proof(puzzle) -> mo.Html:
    """A proved puzzle's answer as a verdict: the witness for yes, the blocking rules for no."""
    from tutor.spot import Spot
    from tutor.verdict import Reason, Verdict

    proof = puzzle.proof
    reasons = tuple(Reason(r["rule"], r["text"], r.get("source", "")) for r in proof.get("reasons", []))
    verdict = Verdict(puzzle.question, puzzle.answer, proof.get("witness"), reasons)
    head = mo.md(f"**{puzzle.prompt}**  \nAnswer: **{'yes' if puzzle.answer else 'no'}**, grade {puzzle.grade}, "
                 f"themes: {', '.join(puzzle.themes) or 'none'}.")
    parts = [head, verdict_view(verdict, Spot.from_dict(puzzle.spot))]
    honest = proof.get("honest")
    if honest:
        parts.append(mo.md(f"The honest question, *{honest['question']}*, is answered "
                           f"**{'yes' if honest['answer'] else 'no'}**"
                           + (f": `{honest['play']}`." if honest.get("play") else ".")))
    return mo.vstack(parts)


@app.function
def puzzle_bank(folder) -> tuple:
    """Every puzzle in the bank's files, and the files that are not puzzle files (skipped, with the reason).

    Reading a bank checks every puzzle's checksum, which takes a while; the
    answer is kept for the next learner while no file in the bank changes.
    """
    from pathlib import Path

    from tutor.puzzles import bank_files, read_file

    folder = Path(folder)
    files = bank_files([folder]) if folder.is_dir() else []
    stamp = tuple((str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in files)
    kept = READ_BANKS.get(str(folder))
    if kept is not None and kept[0] == stamp:
        return kept[1], kept[2]
    puzzles, skipped = [], []
    for path in files:
        try:
            puzzles.extend(read_file(path))
        except TutorError as error:
            skipped.append(f"{path.name}: {error}")
    READ_BANKS[str(folder)] = (stamp, tuple(puzzles), tuple(skipped))
    return tuple(puzzles), tuple(skipped)


@app.function
def code_print(code) -> tuple:
    """What a function's code does, as a hashable value: its bytecode, names and constants, nested code too.

    Unlike the code object itself it leaves out the file and line numbers, which
    differ between two sessions that run the same lesson."""
    consts = tuple(code_print(c) if hasattr(c, "co_code") else (type(c).__name__, repr(c)) for c in code.co_consts)
    return (code.co_name, code.co_code, code.co_names, code.co_varnames, code.co_freevars, consts)


@app.function
def kept_copy(value):
    """A copy of a kept answer that a lesson may change freely: containers are copied all the way down,
    frozen values (cards, spots, verdicts, rules) are shared."""
    if isinstance(value, dict):
        return {k: kept_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [kept_copy(v) for v in value]
    if isinstance(value, set):
        return {kept_copy(v) for v in value}
    if type(value) is tuple:
        return tuple(kept_copy(v) for v in value)
    return value


@app.function
def kept_get(key):
    """``(True, a copy of the kept answer)`` or ``(False, None)``."""
    with KEPT_LOCK:
        if key not in KEPT:
            return False, None
        KEPT.move_to_end(key)
        value = KEPT[key]
    return True, kept_copy(value)


@app.function
def kept_put(key, value) -> None:
    with KEPT_LOCK:
        KEPT[key] = kept_copy(value)
        while len(KEPT) > KEPT_AT_MOST:
            KEPT.popitem(last=False)


@app.function
def kept(fn):
    """A lesson's seeded question maker (``xxx_question(n)``), its answers shared by every learner of the server.

    A question is a pure function of its arguments, so it is dealt once and
    kept: the same seed gives the very same question, without searching with
    the checker again. The key is the lesson (its ``LESSON`` name and its
    file's version), the function's code and the arguments; each call gets its
    own copy. Arguments that cannot be hashed are not kept, only computed.
    """
    import os

    lesson = fn.__globals__.get("LESSON")
    path = fn.__globals__.get("__file__")
    try:
        version = os.stat(path).st_mtime_ns if path else None
    except OSError:
        version = None
    identity = (lesson, version, fn.__qualname__, code_print(fn.__code__))

    @functools.wraps(fn)
    def remembered(*args, **kw):
        key = (identity, args, tuple(sorted(kw.items())))
        try:
            hash(key)
        except TypeError:
            return fn(*args, **kw)
        found, value = kept_get(key)
        if found:
            return value
        value = fn(*args, **kw)
        kept_put(key, value)
        return kept_copy(value)

    return remembered if lesson else fn


@app.function
def ask_kept(question: str, spot, **kw):
    """``tutor.questions.ask``, its answers kept for every learner of the server (``kept`` says why).

    The checker's answer is a pure function of the question, the spot and the
    options (each question gets a fresh solver), so asking it again gives the
    same verdict. Errors are not kept: they are raised again each time.
    """
    from tutor.questions import ask

    key = ("ask", question, spot, tuple(sorted(kw.items())))
    try:
        hash(key)
    except TypeError:
        return ask(question, spot, **kw)
    found, verdict = kept_get(key)
    if found:
        return verdict
    verdict = ask(question, spot, **kw)
    kept_put(key, verdict)
    return verdict


@app.function
def ask_verdict(question: str, spot, *, yes: str = "Yes", no: str = "No", **kw):
    """Ask the checker (``tutor.questions.ask``); returns ``(verdict or None, view)``.

    Bad input shows its message; a checker that cannot answer here says so
    instead of raising. Answers are kept for the next learner (``ask_kept``).
    """
    try:
        verdict = ask_kept(question, spot, **kw)
    except TutorError as error:
        return None, problem(error)
    except Exception as error:  # the checker is an optional, separately built part
        return None, mo.callout(mo.md(f"The checker cannot answer this here ({type(error).__name__}: "
                                      f"{html.escape(str(error))})."), kind="warn")
    return verdict, verdict_view(verdict, spot, yes=yes, no=no)


@app.function
def play_text(spot, groups, selected) -> str:
    """A turn built in the card widget, as the contract's play text.

    Each group is laid off onto the side's meld it fits, or else melded; the
    one selected card (if any) is the discard. Raises ``ValueError`` for more
    than one selected card.
    """
    rules = spot.rules
    steps = []
    for group in groups:
        target = None
        for i, meld in enumerate(spot.melds, start=1):
            try:
                old, new = judge(rules, meld), judge(rules, tuple(meld) + tuple(group))
            except IllegalPlayError:
                continue
            if (old.kind, old.key) == (new.kind, new.key):
                target = i
                break
        cards = format_cards(group)
        steps.append(f"layoff {cards} to {target}" if target else f"meld {cards}")
    if len(selected) > 1:
        raise ValueError("select exactly one card to discard, or none to go out by melding every card")
    if selected:
        steps.append(f"discard {selected[0]}")
    return "; ".join(steps)


@app.function
def proposal(widget) -> str:
    """The melds a learner proposes in the card widget: the groups made, or else the selection ("A | B")."""
    groups = [format_cards(g) for g in widget.group_cards()]
    if not groups and widget.selected:
        groups = [widget.selected]
    return " | ".join(groups)


@app.function
def ladder_step(n: int, steps) -> object:
    """The n-th question's step on a ladder that grows harder: one step a question, then the top step."""
    steps = tuple(steps)
    return steps[min(max(n, 0), len(steps) - 1)]


@app.function
def arranged_spot(variant: str, dealt_hand, groups, selected, *, score: int = 0, phase: str = "drawn"):
    """A spot arranged from a dealt hand in the card widget: groups go to the table, the selection to the pile."""
    from tutor.spot import Spot

    hand = list(dealt_hand)
    for card in [c for g in groups for c in g] + list(selected):
        hand.remove(card)
    return Spot.from_dict({"variant": variant, "hand": format_cards(hand), "score": score, "phase": phase,
                           "melds": [format_cards(g) for g in groups], "discard": format_cards(selected)})


@app.function
def sort_hand(rules, cards) -> tuple:
    """Cards in the order a player holds them: naturals high to low, then wild cards, then threes."""
    rules = rules_of(rules)
    place = {"natural": 0, "wild": 1, "stopper": 2, "blocker": 3, "bonus": 4}
    return tuple(sorted(parse_cards(cards), key=lambda c: (place[rules.role(c)], -c.order, "SHDC".find(c.suit))))


@app.function
def shuffled_pack(rules, seed: int) -> list:
    """The variant's whole pack, shuffled by ``random.Random(seed)``."""
    rules = rules_of(rules)
    pack = full_deck(rules.layout.decks, rules["pack"]["jokers_per_deck"])
    random.Random(seed).shuffle(pack)
    return pack


@app.function
def deal(rules, seed: int, *, cards: int | None = None, pile: int = 0) -> dict:
    """A seeded deal for one player: hand, bonus cards laid out and replaced, a pile turned up.

    Returns ``hand`` (sorted), ``red_threes`` (bonus cards laid out), ``discard``
    (bottom first), ``stock`` (cards left) and ``batches``: the bonus cards each
    round of replacements revealed (the canasty batch rule, Y-BONUSDRAW).
    """
    rules = rules_of(rules)
    stock = shuffled_pack(rules, seed)
    size = cards or rules.layout.hand
    hand = [stock.pop() for _ in range(size)]
    laid: list = []
    batches: list = []
    batch = [c for c in hand if rules.role(c) == "bonus"]
    while batch and stock:
        batches.append(tuple(batch))
        for c in batch:
            hand.remove(c)
        laid.extend(batch)
        if rules["bonus_cards"].get("replacement") == "batch":
            first_red = next((i for i, c in enumerate(batch) if c.rank == "3"), None)
            draws = len(batch) + (1 if first_red is not None else 0)
        else:
            draws = len(batch)
        new = [stock.pop() for _ in range(min(draws, len(stock)))]
        hand.extend(new)
        batch = [c for c in new if rules.role(c) == "bonus"]
    discard = [stock.pop() for _ in range(pile)]
    return {"hand": sort_hand(rules, hand), "red_threes": tuple(laid), "discard": tuple(discard),
            "stock": len(stock), "batches": tuple(batches)}


@app.function
def kind_words(rules, card) -> str:
    """What kind of card this is under these rules, in plain words."""
    rules = rules_of(rules)
    return {"natural": "a natural", "wild": "a wild card", "bonus": "a bonus card", "blocker": "a black three",
            "stopper": "a stopper"}[rules.role(card)]


@app.function
def kind_question(rules, seed: int, kind: str, *, cards: int = 11) -> tuple:
    """A hand as dealt, before any bonus card is laid out, holding some cards of this kind (``rules.role``)."""
    rules = rules_of(rules)
    for n in range(500):
        hand = shuffled_pack(rules, seed * 1000 + n)[:cards]
        if any(rules.role(c) == kind for c in hand):
            return sort_hand(rules, hand)
    raise ValueError(f"no hand with a card of kind {kind!r}")


@app.function
def kind_feedback(rules, hand, selected, kind: str, name: str) -> tuple:
    """(right?, message) for "select every card of this kind"; ``name`` is the kind in plain words, plural."""
    rules = rules_of(rules)
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    wanted = [c for c in hand if rules.role(c) == kind]
    stray = [c for c in picked if rules.role(c) != kind]
    if stray:
        return False, f"Not {stray[0].symbol()}: it is {kind_words(rules, stray[0])}, not one of the {name}."
    if len(picked) < len(wanted):
        left = len(wanted) - len(picked)
        return False, f"{number_word(left).capitalize()} more: every one of the {name} counts, whatever its suit."
    if len(picked) == 1:
        return True, f"Right: {cards_text(picked)} is the only one of the {name} in this hand."
    return True, f"Right: {cards_text(picked)} are the {name} in this hand."


@app.function
def deal_until(rules, seed: int, wanted, *, tries: int = 500, **kw) -> dict:
    """The first seeded deal from ``seed`` on that has what a lesson wants (``wanted(deal)`` is true)."""
    for n in range(tries):
        dealt = deal(rules, seed * 1000 + n, **kw)
        if wanted(dealt):
            return dealt
    return dealt


@app.function
def pairs(rules, cards) -> int:
    """How many ranks the cards hold at least two naturals of."""
    rules = rules_of(rules)
    counts = Counter(c.rank for c in cards if rules.is_natural(c))
    return sum(1 for n in counts.values() if n >= 2)


@app.function
def pack_cards(rules, rng, used: Counter, rank: str, n: int) -> list:
    """``n`` cards of ``rank``, picked by ``rng`` from what the variant's pack still holds once ``used`` is out.

    ``used`` is updated, so a spot built from several calls never holds a card more often than the pack does.
    """
    rules = rules_of(rules)
    kinds = [Card("JK")] if rank == "JK" else [Card(rank, s) for s in "SHDC"]
    free = [c for c in kinds for _ in range(rules.copies(c) - used[c])]
    picked = rng.sample(free, n)
    used.update(picked)
    return picked


@app.function
def hand_widget(rules, hand, *, melds=(), discard="", selected="", groups=(), readonly=False):
    """The card widget for a hand under these rules, wrapped for marimo."""
    rules = rules_of(rules)
    return mo.ui.anywidget(HandWidget(hand=hand, melds=melds, discard=discard, wild=" ".join(sorted(rules.wild_ranks)),
                                      selected=selected, groups=groups, readonly=readonly))


@app.function
def deal_button(label: str = "Deal again") -> mo.ui.button:
    """A button whose value counts the deals: each click gives a new seed."""
    return mo.ui.button(value=0, on_click=lambda n: n + 1, label=label, kind="neutral")


@app.function
def check(correct: bool | None, right: str, wrong: str, *, waiting: str = "Your answer is checked as you give it.") -> mo.Html:
    """Instant feedback on an exercise answer (``None``: nothing answered yet)."""
    if correct is None:
        return mo.md(f"*{waiting}*")
    return mo.callout(mo.md(right if correct else wrong), kind="success" if correct else "warn")


@app.function
def whole_number(text: str) -> int | None:
    """A number typed by the learner, or ``None`` for an empty box; anything else is a ``ValueError``."""
    text = text.strip().replace("+", "")
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number") from None


@app.function
def solution(title: str, body) -> mo.Html:
    """A worked solution, folded away until the learner opens it."""
    return mo.accordion({title: body})


@app.function
def learn(*points: str) -> mo.Html:
    """The "You will learn" list at the top of a lesson."""
    return mo.md("**You will learn**\n\n" + "\n".join(f"- {p}" for p in points))


@app.function
def number_word(n: int) -> str:
    """A small count in words ("two"), a larger one in figures."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


@app.function
def wild_limit(rules, naturals: int) -> int | None:
    """How many wild cards a meld with this many naturals may hold (``None``: no limit), from the variant's data."""
    rules = rules_of(rules)
    meld = rules["meld"]
    if naturals < meld["min_naturals"]:
        return 0
    caps = [c for c in (rules.max_wilds(), naturals if meld.get("wilds_at_most_naturals") else None) if c is not None]
    return min(caps) if caps else None


@app.function
def wild_limits_text(rules) -> str:
    """The meld limits in plain words, rendered from the variant's data (never typed in a lesson)."""
    rules = rules_of(rules)
    meld = rules["meld"]
    low = meld["min_naturals"]
    parts = [f"A meld needs at least **{number_word(low)} naturals**."]
    cap = rules.max_wilds()
    if meld.get("wilds_at_most_naturals"):
        rows = []
        n = low
        # Count up until the cap is reached (two rows show the pattern when there is no cap).
        while n <= (cap if cap is not None else low + 1):
            allowed = wild_limit(rules, n)
            rows.append(f"with {number_word(n)} naturals, up to **{number_word(allowed)}** wild cards")
            n += 1
        parts.append("Wild cards may match the naturals in number but never outnumber them: "
                     + "; ".join(rows) + ".")
        if cap is not None:
            parts.append(f"However long the meld grows, it holds at most **{number_word(cap)}** wild cards.")
        else:
            parts.append("There is no other cap on wild cards.")
    elif cap is not None:
        parts.append(f"It may hold at most **{number_word(cap)}** wild cards, however many naturals it has.")
    else:
        parts.append("It may hold any number of wild cards.")
    return " ".join(parts)


@app.function
def canasta_bonus_text(rules) -> str:
    """What canastas earn, from the variant's data."""
    rules = rules_of(rules)
    c = rules["canasta"]
    parts = [f"A meld of **{c['min_cards']} or more cards** is a canasta."]
    if c.get("natural_bonus") is not None and not c.get("natural_by_length"):
        parts.append(f"A canasta of naturals only is a *natural* canasta and earns a bonus of **{c['natural_bonus']}**;")
    if c.get("mixed_bonus") is not None:
        parts.append(f"one holding any wild card is a *mixed* canasta and earns **{c['mixed_bonus']}**.")
    return " ".join(parts)


@app.function
def meld_mistake(rules, cards, *, going_out: bool = False) -> str | None:
    """What is wrong with these cards as a meld, said to the misconception; ``None`` when they are a legal meld."""
    rules = rules_of(rules)
    cards = tuple(parse_cards(cards))
    try:
        judge(rules, cards, going_out=going_out)
        return None
    except IllegalPlayError as error:
        reason = error.text
    wilds = sum(1 for c in cards if rules.is_wild(c))
    naturals = [c for c in cards if rules.is_natural(c)]
    meld = rules["meld"]
    cap = rules.max_wilds()
    ranks = {c.rank for c in naturals}
    if len(cards) < meld["min_cards"]:
        return f"{number_word(len(cards))} card{'s' * (len(cards) != 1)}: a meld needs at least {number_word(meld['min_cards'])}"
    if len(ranks) > 1 and not meld.get("sequences"):
        return "these naturals are of different ranks: a meld is cards of one rank"
    if naturals and len(ranks) == 1 and len(cards) >= meld["min_cards"]:
        if len(naturals) < meld["min_naturals"]:
            return (f"{number_word(len(naturals))} natural{'s' * (len(naturals) != 1)} only: a meld needs at least "
                    f"{number_word(meld['min_naturals'])} naturals, whatever the wild cards")
        if meld.get("wilds_at_most_naturals") and wilds > len(naturals):
            return (f"{number_word(wilds)} wild cards on {number_word(len(naturals))} naturals: wild cards may "
                    "never outnumber the naturals")
        if cap is not None and wilds > cap:
            return (f"{number_word(wilds)} wild cards: a meld holds at most {number_word(cap)}, however many "
                    "naturals it has")
    return reason


@app.function
def meld_why(rules, cards) -> str:
    """Why a legal meld is legal, in plain words: its naturals, its wild cards, the limit they keep to."""
    rules = rules_of(rules)
    cards = tuple(parse_cards(cards))
    meld = judge(rules, cards, going_out=True)
    if meld.kind != "group" and meld.kind != "sequence":
        return f"{format_cards(cards)} is {'a set of wild cards only' if meld.kind == 'wild' else 'a meld of threes'}"
    limit = wild_limit(rules, meld.naturals)
    room = "any number of wild cards" if limit is None else f"up to {number_word(limit)} wild cards"
    return (f"{format_cards(cards)} has {number_word(meld.naturals)} naturals and {number_word(meld.wilds)} wild "
            f"card{'s' * (meld.wilds != 1)}; {number_word(meld.naturals)} naturals may carry {room}")


@app.function
def play_why(spot, play: str) -> list:
    """Why each step of a legal play is allowed, one plain sentence a step."""
    lines = []
    for step in (s.strip() for s in play.split(";") if s.strip()):
        word, _, rest = step.partition(" ")
        if word == "meld":
            lines.append(meld_why(spot.rules, rest))
        elif word == "pickup":
            lines.append(f"the pile's top card goes down with {rest.split(' depth')[0]}, so the pile may be taken")
        elif word == "layoff":
            cards, _, target = rest.partition(" to ")
            lines.append(f"{cards} join meld {target}, of the same rank" if target else f"{cards} are laid off")
        elif word == "discard":
            lines.append(f"{rest} is discarded, which ends the turn")
    return lines


@app.function
def progress_widget(lesson: str, exercises=()):
    """The lesson's progress, kept in the learner's browser (``ProgressWidget``), wrapped for marimo."""
    return mo.ui.anywidget(ProgressWidget(lesson=lesson, exercises=tuple(exercises)))


@app.function
def practise(correct: bool | None, right: str, wrong: str, *, tracker=None, exercise: str = "",
             waiting: str = "Answer with the cards above, then look here.") -> mo.Html:
    """Feedback on one exercise answer; a right answer is recorded in the learner's progress."""
    if correct and tracker is not None and exercise:
        tracker.widget.mark(exercise)
    return check(correct, right, wrong, waiting=waiting)


@app.function
def hint(text: str) -> mo.Html:
    """A hint, folded away: offered before the solution."""
    return mo.accordion({"A hint": mo.md(text)})


@app.function
def lesson_catalogue(folder) -> list:
    """Every numbered lesson: its file, and the title and description the gallery shows.

    Both come from the ``[tool.marimo.opengraph]`` table of the lesson's
    PEP 723 header, which is where ``marimo run lessons/`` reads them.
    """
    import re
    import tomllib
    from pathlib import Path

    rows = []
    for path in sorted(Path(folder).glob("[0-9][0-9]_*.py")):
        # Every lesson's recap links the next one: a header is read again only when its file changed.
        stat = path.stat()
        key = ("lesson header", str(path), stat.st_mtime_ns, stat.st_size)
        found, row = kept_get(key)
        if not found:
            header = re.search(r"(?m)^# /// script$\n((?:^#(?: .*)?$\n)+?)^# ///$", path.read_text(encoding="utf-8"))
            toml = "".join(line[2:] + "\n" for line in header.group(1).splitlines()) if header else ""
            card = tomllib.loads(toml).get("tool", {}).get("marimo", {}).get("opengraph", {})
            row = {"file": path.name, "stem": path.stem, "title": card.get("title", path.stem),
                   "description": card.get("description", "")}
            kept_put(key, row)
        rows.append(row)
    return rows


@app.function
def lesson_link(stem: str, folder=None) -> str:
    """A markdown link to a lesson, the way the gallery of ``marimo run lessons/`` opens notebooks."""
    from pathlib import Path

    from tutor.resources import lessons_dir

    folder = Path(folder) if folder else lessons_dir()
    row = next((r for r in lesson_catalogue(folder) if r["stem"] == stem), None)
    if row is None:
        raise ValueError(f"no lesson {stem!r} in the course")
    return f"[{row['title']}](?file={row['file']})"


@app.function
def recap(points, next_lesson: str | None = None, *, after: str = "") -> mo.Html:
    """The card that ends every lesson: what it taught, and a link to the next lesson."""
    lines = ["**Recap**", "", *[f"- {p}" for p in points]]
    if next_lesson:
        lines += ["", f"**Next:** {lesson_link(next_lesson)}" + (f" {after}" if after else "")]
    else:
        lines += ["", "**Next:** back to the " + lesson_link("00_welcome") + " for the whole course."]
    return mo.callout(mo.md("\n".join(lines)), kind="info")


@app.function
def rule_table(variant) -> mo.Html:
    """Every rule of a variant, in the order its data file gives them."""
    v = load_variant(variant)
    return mo.Html("".join(rule_html(v.with_options(), rid) for rid in v.rules))


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # The rule book

    Every rule the tutor knows, variant by variant. Each rule has a stable ID
    (the lessons and the checker cite rules by these IDs), one sentence that
    states it, and its source: the variant's rule text and section, a ruling
    where the text is ambiguous or silent, or the variant it is inherited from.
    """)
    return


@app.cell
def _():
    variant_pick = mo.ui.dropdown(options=list(BUILTIN), value="classic", label="Variant")
    search = mo.ui.text(placeholder="e.g. pile, wild, 500", label="Find")
    mo.hstack([variant_pick, search], justify="start", gap=2)
    return search, variant_pick


@app.cell
def _(search, variant_pick):
    _variant = load_variant(variant_pick.value)
    _rules = _variant.with_options()
    _words = search.value.strip().lower()
    _shown = [rid for rid, r in _variant.rules.items()
              if not _words or _words in (rid + " " + r.text).lower()]
    _head = mo.md(f"## {_variant.name}\n\n{_variant.data.get('summary', '')}")
    _body = mo.Html("".join(rule_html(_rules, rid) for rid in _shown)) if _shown else mo.md("No rule matches.")
    mo.vstack([_head, _body])
    return


@app.cell
def _(variant_pick):
    _options = load_variant(variant_pick.value).options
    _rows = [f"- **{name}** (default `{spec.get('default')!r}`, {spec.get('rule', '')}): {spec.get('text', '')}"
             for name, spec in _options.items()]
    mo.md("### Options\n\n" + "\n".join(_rows)) if _rows else mo.md("")
    return


if __name__ == "__main__":
    app.run()
