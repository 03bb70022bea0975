# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "House: what changes from classic"
# description = "What changes from classic, read straight from the difference between the two rule sets."
# ///
"""House: what changes from classic, read straight from the difference between the two rule sets."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="House: what changes from classic")

with app.setup:
    import random
    from collections import Counter

    import marimo as mo

    from rulebook import (cards_view, check, deal, deal_button, deal_until, hand_widget, hint, kind_words, ladder_step,
                          learn, meld_mistake, meld_verdict, number_word, pack_cards, play_text, practise,
                          progress_widget, quote, recap, rule_html, shuffled_pack, solution, sort_hand, table_view,
                          verdict_view, wild_limit, wild_limits_text)
    from tutor.cards import Card, format_cards, parse_cards
    from tutor.errors import IllegalPlayError, TutorError
    from tutor.melds import judge
    from tutor.questions import ask, referee
    from tutor.render import cards_text
    from tutor.rules import diff, load_variant, rules_for
    from tutor.scoring import score_hand
    from tutor.spot import Spot

    classic = rules_for("classic")
    house = rules_for("house")

    TITLES = {
        "draw": "Drawing from the stock", "meld": "Wild cards in a meld", "wild_meld": "No wild canasta",
        "blocker_meld": "Melding black threes", "canasta": "Canasta bonuses", "pile": "Black threes and the pile",
        "bonus_cards": "Red threes", "scoring": "Black threes left in a hand", "game": "The end of the game",
        "layouts": "Players, packs and hands", "options": "Choices made before the game",
    }
    # What each changed setting means, in words a player uses (the data's own names stay off the screen).
    SETTINGS = {
        "max_wilds": "wild cards a meld may hold", "allowed": "allowed",
        "max_cards": "the most black threes one meld may hold",
        "top_of_pile_for_going_out": "the top of the pile may be a black three taken to go out",
        "wild_bonus": "bonus for a wild canasta", "top_never_rules.blocker": "the rule that keeps a black three "
        "on top from being taken", "blocker_in_hand": "a black three left in a hand counts",
        "draw.choices": "cards drawn from the stock each turn, to choose from",
        "draw.default": "cards drawn from the stock each turn, unless the table agrees otherwise",
        "players.choices": "how many may play",
    }
    # The settings a changed rule moves, and the kind of card each one is about: a card of that kind plays
    # differently at the house table. The values themselves are read from the two rule sets.
    CARD_SETTINGS = {
        ("meld", "max_wilds"): ("wild", "wild cards one meld may hold"),
        ("wild_meld", "allowed"): ("wild", "a meld of wild cards alone"),
        ("canasta", "wild_bonus"): ("wild", "bonus for a canasta of wild cards alone"),
        ("blocker_meld", "max_cards"): ("blocker", "black threes one meld may hold"),
        ("blocker_meld", "top_of_pile_for_going_out"): ("blocker", "a black three on top of the pile may be taken "
                                                                   "to go out"),
        ("scoring", "blocker_in_hand"): ("blocker", "a black three left in a hand counts"),
    }
    DIFFERENCES = diff(load_variant("classic"), load_variant("house"))
    # The "what changed" hands climb: wild cards only, then black threes only, then both kinds in one hand.
    CHANGED_STEPS = ("wild", "blocker", "both")
    # Cards drawn from the stock in each "draw two" question: two, then one to compare, then two again.
    DRAW_STEPS = (2, 1, 2)
    # The pile questions climb: a pile the two games treat alike, then each change that reaches the pile
    # (a black three on top taken to go out, a first meld carrying more wild cards), then any of them.
    PICKUP_STEPS = ("same", "black-three", "wild-cap", "any")
    # Which of the two games lets the pile be taken, from the checker's two answers (classic, house).
    BOTH_WAYS = {(True, True): "both", (True, False): "classic only", (False, True): "house only",
                 (False, False): "neither"}
    LESSON = "07_house_rules"
    EXERCISES = ("what-changed", "which-accepts", "house-meld", "draw-two", "house-pickup", "costs-less",
                 "keep-back")
    # The "costs less" hands climb: one black three left in hand among wild cards, then two, then three.
    COST_STEPS = (1, 2, 3)
    # The "keep back" melds climb, as (naturals, wild cards): legal at the house, and one, two, then three
    # wild cards over what classic allows.
    KEEP_STEPS = ((4, 4), (5, 5), (7, 6))


@app.function
def shown(value) -> str:
    """A rules-data value as a learner reads it."""
    if value is None:
        return "not set"
    if value == "none":
        return "no limit"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return "; ".join(f"{row['players']} players: {row['hand']} cards, {row['canastas']} canasta"
                         f"{'s' * (row['canastas'] != 1)} to go out" for row in value)
    return str(value)


@app.function
def layouts_table() -> str:
    """Players, hand sizes and canastas needed, for both variants side by side."""
    def rows(rules):
        return {(r["players"], r.get("partnerships", 0)): r for r in rules.data["layouts"]}
    a, b = rows(classic), rows(house)
    lines = ["| players | classic | house |", "|:---|:---|:---|"]
    for key in sorted(set(a) | set(b)):
        players, teams = key
        who = f"{players}" + (f" in {teams} partnerships" if teams else " each alone")
        cell = lambda r: f"{r['hand']} cards, {r['canastas']} canasta{'s' * (r['canastas'] != 1)} to go out" if r else "—"
        lines.append(f"| {who} | {cell(a.get(key))} | {cell(b.get(key))} |")
    return "\n".join(lines)


@app.function
def difference_view(d) -> mo.Html:
    """One mechanism that plays differently: what changed, and the rule each variant cites."""
    if d.section == "layouts":
        changes = mo.md(layouts_table())
    else:
        keep = [(k, a, b) for k, a, b in d.changes if k in SETTINGS]
        changes = mo.md("\n".join(f"- {SETTINGS[k]}: classic {shown(a)}, house **{shown(b)}**" for k, a, b in keep))
    # The rules themselves fold away: the page reads as a short list of changes.
    if d.rule_a is None and d.rule_b is None:
        cited = mo.md("")
    elif d.rule_a is not None and d.rule_b is not None and d.rule_a.id == d.rule_b.id:
        cited = mo.accordion({f"The rule ({d.rule_b.id})": mo.Html(rule_html(house, d.rule_b.id))})
    else:
        cited = mo.accordion({"The rule in each game": mo.vstack([
            mo.Html("<div><em>classic</em></div>" + (rule_html(classic, d.rule_a.id) if d.rule_a else "")),
            mo.Html("<div><em>house</em></div>" + (rule_html(house, d.rule_b.id) if d.rule_b else "")),
        ])})
    return mo.vstack([mo.md(f"### {TITLES.get(d.section, d.section)}"), changes, cited])


@app.function
def accepted_by(cards) -> str:
    """Which of the two variants accepts these cards as a meld (in an ordinary turn)?"""
    ok = []
    for name, rules in (("classic", classic), ("house", house)):
        try:
            judge(rules, parse_cards(cards), going_out=False)
            ok.append(name)
        except IllegalPlayError:
            pass
    return {2: "both", 0: "neither"}.get(len(ok), f"{ok[0]} only" if ok else "neither")


@app.function
def card_changes(card) -> list:
    """How this card plays differently at the house table, one line a change, read from the two rule sets."""
    lines = []
    if classic.value(card) != house.value(card):
        lines.append(f"worth {classic.value(card)} in classic, {house.value(card)} at the house")
    if classic.role(card) != house.role(card):
        lines.append(f"{kind_words(classic, card)} in classic, {kind_words(house, card)} at the house")
    for d in DIFFERENCES:
        for key, a, b in d.changes:
            kind, words = CARD_SETTINGS.get((d.section, key), (None, ""))
            if kind == house.role(card):
                lines.append(f"{words}: classic {shown(a)}, house {shown(b)}")
    return lines


@app.function
def changed_question(n: int) -> tuple:
    """The n-th "what changed" hand: eleven house cards holding the kinds of card its step asks for."""
    step = ladder_step(n, CHANGED_STEPS)

    def fits(dealt):
        kinds = {house.role(c) for c in dealt["hand"]}
        wanted = {"wild", "blocker"} if step == "both" else {step}
        return wanted <= kinds and not ({"wild", "blocker"} - wanted) & kinds

    return deal_until(house, 7100 + n, fits, cards=11)["hand"]


@app.function
def changed_feedback(hand, selected) -> tuple:
    """(right?, message) for "select every card that plays differently at the house table"."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    same = [c for c in picked if not card_changes(c)]
    if same:
        c = same[0]
        return False, (f"Not {c.symbol()}: {kind_words(house, c)} worth {house.value(c)} plays the same in both "
                       "games; none of the changes is about it.")
    missing = list((Counter(c for c in hand if card_changes(c)) - Counter(picked)).elements())
    if missing:
        c = missing[0]
        return False, (f"{number_word(len(missing)).capitalize()} more: {c.symbol()} changes too, as "
                       f"{kind_words(house, c)} ({'; '.join(card_changes(c))}).")
    kinds = {}
    for c in picked:
        kinds.setdefault(house.role(c), []).append(c)
    why = "; ".join(f"{cards_text(cards)}: {'; '.join(card_changes(cards[0]))}" for cards in kinds.values())
    return True, f"Right, these are the cards the changes are about. {why}."


@app.function
def draw_question(n: int) -> dict:
    """The n-th "draw two" question: a house hand of eleven just after the turn's draw, the cards drawn named."""
    rules = rules_for("house", {"draw": ladder_step(n, DRAW_STEPS)})
    draws = rules["draw"]["stock_cards"]
    pack = [c for c in shuffled_pack(rules, 7200 + n) if rules.role(c) != "bonus"]
    size = rules.layout.hand
    hand, drawn = pack[:size], pack[size:size + draws]
    spot = Spot.from_dict({"variant": "house", "options": {"draw": draws}, "phase": "drawn",
                           "hand": format_cards(sort_hand(rules, hand + drawn)), "discard": format_cards(pack[-2:])})
    return {"spot": spot, "drawn": tuple(drawn), "draws": draws, "before": size}


@app.function
def draw_feedback(question, groups, selected) -> tuple:
    """(right?, message) for ending a turn after the draw, judged by the referee: one discard, whatever the draw."""
    spot, draws, before = question["spot"], question["draws"], question["before"]
    selected = [str(c) for c in selected]
    if not groups and not selected:
        return None, ""
    if len(selected) > 1:
        verdict = referee(spot, "; ".join(f"discard {c}" for c in selected))
        return False, (f"You drew {number_word(draws)}, but the turn still ends with one discard: select one card "
                       f"(the referee: {verdict.reasons[0].text}).")
    try:
        play = play_text(spot, groups, selected)
        verdict = referee(spot, play)
    except (TutorError, ValueError) as error:
        return False, f"Not yet: {error}."
    if not verdict.answer:
        return False, "Not this turn: " + "; ".join(r.text for r in verdict.reasons) + "."
    kept = len(spot.hand) - sum(len(g) for g in groups) - len(selected)
    melded = sum(len(g) for g in groups)
    change = (f"your hand grows from {before} to {kept}" if kept > before else
              f"your hand stays at {kept}" if kept == before else f"your hand goes from {before} to {kept}")
    put_down = f", put {number_word(melded)} down" if melded else ""
    return True, (f"Right: you held {before}, drew {number_word(draws)}{put_down} and discard one, so {change}. "
                  "The draw changes how many cards come in, never how the turn ends.")


@app.function
def pickup_table(kind: str, rng) -> dict:
    """A spot before the draw, as one side sees it, for a pile question of this kind (either game's table)."""
    used = Counter()
    take = lambda rank, n: pack_cards(classic, rng, used, rank, n)
    low = [r for r in classic.natural_ranks if classic.value(Card(r, "S")) == min(
        classic.value(Card(x, "S")) for x in classic.natural_ranks)]
    a, b, c = rng.sample([r for r in classic.natural_ranks if r not in low], 2) + rng.sample(low, 1)
    if kind == "black-three":
        # A canasta is down; the black threes in hand and on top would go down with the pile's other cards
        # and end the hand.
        black = rng.sample([t for t in (Card("3", "S"), Card("3", "C")) for _ in range(classic.copies(t))], 3)
        return {"score": 0, "melds": [take(a, classic["canasta"]["min_cards"] - 2) + take("2", 1) + take("JK", 1)],
                "hand": black[:2] + take(b, 1), "discard": take(b, 2) + black[2:]}
    if kind == "wild-cap":
        # Nothing melded yet: a first meld of the top card, the low naturals and every two in hand.
        score = next(band["from"] for band in classic["initial"]["bands"] if band.get("from", 0) > 0)
        return {"score": score, "melds": [], "hand": take(c, 3) + take("2", 4) + take(b, 1),
                "discard": take(a, 1) + take(c, 1)}
    # The two games alike: a side already down; a pair of the top card takes the pile, a natural and a wild
    # card do not once a wild card in the pile has frozen it.
    pair = rng.random() < 0.5
    hand = take(b, 2) if pair else take(b, 1) + take("JK", 1)
    return {"score": 0, "melds": [take(a, 3)], "hand": hand + take(c, 2),
            "discard": take(c, 1) + take("2", 1) + take(b, 1)}


@app.function
def pickup_question(n: int) -> dict:
    """The n-th pile question: the same table under both games, of the kind its step asks for."""
    step = ladder_step(n, PICKUP_STEPS)
    for k in range(50):
        rng = random.Random(7300 + n * 100 + k)
        kind = rng.choice(PICKUP_STEPS[:-1]) if step == "any" else step
        table = pickup_table(kind, rng)
        data = {"phase": "before-draw", "score": table["score"], "hand": format_cards(table["hand"]),
                "melds": [format_cards(m) for m in table["melds"]], "discard": format_cards(table["discard"])}
        spots = {name: Spot.from_dict({"variant": name, **data}) for name in ("classic", "house")}
        answers = tuple(ask("pickup", spots[name]).answer for name in ("classic", "house"))
        # each kind shows what it is about: the games differ where a change reaches the pile, and agree elsewhere
        if (answers[0] != answers[1]) == (kind != "same"):
            return {"kind": kind, "spots": spots}
    raise ValueError(f"no pile question of kind {kind!r}")


@app.function
def pickup_feedback(question, answer) -> tuple:
    """(right?, message) for "which game lets you take this pile?", answered by the checker for each game."""
    if answer is None:
        return None, ""
    verdicts = {name: ask("pickup", spot) for name, spot in question["spots"].items()}
    truth = BOTH_WAYS[(verdicts["classic"].answer, verdicts["house"].answer)]
    said = next(k for k, v in BOTH_WAYS.items() if v == answer)
    lines = {name: f"{'yes' if v.answer else 'no'}, {v.reasons[0].text}" for name, v in verdicts.items()}
    if answer == truth:
        return True, f"Right: {truth}. Classic: {lines['classic']}. House: {lines['house']}."
    missed = [name for name, yes in zip(("classic", "house"), said) if yes != verdicts[name].answer]
    apart = verdicts["classic"].answer != verdicts["house"].answer
    lead = "Not quite: the two games part on this pile." if apart and said[0] == said[1] else "Not quite."
    return False, " ".join([lead, *(f"At the {name} table the answer is {lines[name]}." for name in missed)])


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # House Canasta: what changes from classic
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how the house rules differ from classic, one mechanism at a time;",
        "why four wild cards on five sixes is legal here but not in classic;",
        "how the draw-two option and the black-three rule change the play.",
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
    ## One game, a few changes

    House Canasta is the classic game as one table plays it. Everything the
    house text says nothing about is inherited from classic: the first-meld
    minimum, freezing the pile, going out concealed. So the quickest way to
    learn it is to read only what differs.

    The list below is not written by hand: it is computed by comparing the
    two variants' rule data, mechanism by mechanism, and quoting the rule
    each variant cites. When a rule changes in the data, this page changes
    with it.
    """)
    return


@app.cell(hide_code=True)
def _():
    differences = DIFFERENCES
    mo.vstack([difference_view(d) for d in differences])
    return (differences,)


@app.cell(hide_code=True)
def _(differences):
    _cited = sorted({r.id for d in differences for r in (d.rule_a, d.rule_b) if r is not None and r.id.startswith("H-")})
    _missing = [rid for rid in ("H-DECK", "H-DRAW", "H-MELD", "H-BLACK3", "H-RED3", "H-CANASTA") if rid not in _cited]
    mo.accordion({"All six house rules": quote(house, *_cited, *_missing)})
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: which cards play differently?** Most cards play exactly as in
    classic. Select every card in this house hand that one of the changes
    above is about.
    """)
    return


@app.cell
def _():
    new_changed = deal_button("Next hand")
    new_changed
    return (new_changed,)


@app.cell
def _(new_changed):
    changed_hand = changed_question(new_changed.value)
    changed_pick = hand_widget(house, changed_hand)
    mo.vstack([changed_pick, hint("Read the changes above: which kinds of card do they speak of? Every card of "
                                  "such a kind changes, whatever its rank or suit.")])
    return changed_hand, changed_pick


@app.cell
def changed_check(changed_hand, changed_pick, tracker):
    _right, _text = changed_feedback(changed_hand, changed_pick.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="what-changed", waiting="Select cards in the hand.")
    return


@app.function
def left_in_hand(rules, cards) -> int:
    """What these cards score left in the hand of a player who has not gone out, by the variant's scoring."""
    return score_hand(Spot.from_dict({"variant": rules.id, "options": {"players": 2},
                                      "hand": format_cards(cards)})).total


@app.function
def cost_question(n: int) -> tuple:
    """The n-th "costs less" hand, left at the end: dealt house cards, wild cards, and this many black threes."""
    rng = random.Random(7300 + n)
    hand = [c for c in deal(house, 7300 + n, cards=6)["hand"] if house.role(c) != "blocker"]
    used = Counter(hand)  # so no card shows more often than the pack holds it
    blacks = [c for c in (Card("3", s) for s in "SHDC") if house.role(c) == "blocker"]
    threes = rng.sample([c for c in blacks for _ in range(house.copies(c))], ladder_step(n, COST_STEPS))
    hand += pack_cards(house, rng, used, "2", 1) + pack_cards(house, rng, used, "JK", 1)
    return sort_hand(house, hand + threes)


@app.function
def costs_less(card) -> bool:
    """Does this card, left in hand, cost less at the house table than in classic (scored by each game)?"""
    return left_in_hand(house, [card]) > left_in_hand(classic, [card])


@app.function
def cost_feedback(hand, selected) -> tuple:
    """(right?, message) for "select every card left in hand that costs less at the house table"."""
    picked = parse_cards(selected)
    if not picked:
        return None, ""
    same = next((c for c in picked if not costs_less(c)), None)
    if same is not None:
        extra = (" The house changes what a meld of wild cards may hold, not what a wild card left in hand costs."
                 if house.is_wild(same) else "")
        return False, (f"Not {same.symbol()}: left in hand it scores {left_in_hand(classic, [same])} in both "
                       f"games.{extra}")
    missed = list((Counter(c for c in hand if costs_less(c)) - Counter(picked)).elements())
    if missed:
        c = missed[0]
        return False, (f"{number_word(len(missed)).capitalize()} more: {c.symbol()} scores "
                       f"{left_in_hand(classic, [c])} left in hand in classic, {left_in_hand(house, [c])} at "
                       "the house.")
    return True, (f"Right: {cards_text(picked)}. The whole hand scores {left_in_hand(classic, hand)} in classic "
                  f"and {left_in_hand(house, hand)} at the house: only the black threes cost less.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: left in hand.** The hand is over and this player did not
    go out: every card below is left in the hand and counts against it.
    Select **every card that costs less at the house table** than in
    classic.
    """)
    return


@app.cell
def _():
    new_cost = deal_button("Next hand")
    new_cost
    return (new_cost,)


@app.cell
def _(new_cost):
    cost_hand = cost_question(new_cost.value)
    cost_pick = hand_widget(house, cost_hand)
    mo.vstack([cost_pick, hint("Look for the change above about cards left in a hand. The changes about wild "
                               "cards speak of melds, not of what a card costs.")])
    return cost_hand, cost_pick


@app.cell
def cost_check(cost_hand, cost_pick, tracker):
    _right, _text = cost_feedback(cost_hand, cost_pick.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="costs-less", waiting="Select cards in the hand.")
    return


@app.cell(hide_code=True)
def _(cost_hand):
    _less = [c for c in cost_hand if costs_less(c)]
    solution("Show the solution", mo.md(f"{cards_text(_less)}: each black three left in hand scores "
                                        f"{left_in_hand(classic, _less[:1])} in classic and "
                                        f"{left_in_hand(house, _less[:1])} at the house."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    ## The same cards, two verdicts

    The change that matters most at the table is the wild-card limit.
    In classic: {wild_limits_text(classic)}

    At the house table: {wild_limits_text(house)}

    Select cards below: each selection is judged under both rule sets.

    **Exercise 1:** find a meld the house accepts and classic does not.
    """)
    return


@app.cell
def _():
    deal_again = deal_button()
    deal_again
    return (deal_again,)


@app.cell
def _(deal_again):
    _dealt = deal(house, 707 + deal_again.value, cards=11)
    _extra = "6S 6H 6D 6C 6S 2S 2H JK JK"
    _others = [str(c) for c in _dealt["hand"] if c.rank not in ("6", "2", "JK")][:5]
    hand_view = hand_widget(house, " ".join([*_extra.split(), *_others]))
    mo.vstack([hand_view, hint("Classic caps the wild cards however long the meld; the house does not.")])
    return (hand_view,)


@app.cell
def both_verdicts(hand_view, tracker):
    _picked = hand_view.widget.selected_cards()
    if _picked and meld_mistake(house, _picked) is None and meld_mistake(classic, _picked) is not None:
        tracker.widget.mark("house-meld")
    mo.hstack([
        mo.vstack([mo.md("**classic**"), meld_verdict(classic, _picked, going_out=False)]),
        mo.vstack([mo.md("**house**"), meld_verdict(house, _picked, going_out=False)]),
    ], widths="equal", align="start")
    return


@app.function
def keep_question(n: int) -> tuple:
    """The n-th "keep back" meld: naturals of one rank and wild cards, legal at the house, too wild for classic."""
    naturals, wilds = ladder_step(n, KEEP_STEPS)
    rng = random.Random(7400 + n)
    cards = pack_cards(house, rng, Counter(), rng.choice(list(house.natural_ranks)), naturals)
    # the wild cards, drawn from every wild card the pack holds
    pool = [c for rank in sorted(house.wild_ranks) for c in ([Card("JK")] if rank == "JK" else
                                                             [Card(rank, s) for s in "SHDC"])
            for _ in range(house.copies(c))]
    return sort_hand(house, cards + rng.sample(pool, wilds))


@app.function
def keep_feedback(meld, selected) -> tuple:
    """(right?, message) for "select the fewest cards to keep back so classic accepts the meld too"."""
    picked = list(parse_cards(selected))
    if not picked:
        return None, ""
    rest = list((Counter(meld) - Counter(picked)).elements())
    natural = next((c for c in picked if house.is_natural(c)), None)
    if natural is not None:
        return False, (f"Keep {natural.symbol()} in the meld: classic refuses this meld for its wild cards, and "
                       "every natural taken out lets it carry fewer of them.")
    mistake = meld_mistake(classic, rest)
    if mistake is not None:
        return False, f"Classic still refuses {cards_text(rest)}: {mistake}."
    # the fewest: put one wild card back, and classic must refuse the meld again
    if meld_mistake(classic, rest + picked[:1]) is None:
        return False, (f"Both games accept {cards_text(rest)}, but classic would take "
                       f"{cards_text(rest + picked[:1])} too: keep back fewer wild cards.")
    return True, (f"Right: keep back {cards_text(picked)}. Classic accepts {cards_text(rest)}; the house "
                  f"accepts the whole meld, {cards_text(meld)}.")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: keep some back.** The house accepts the meld below; a
    classic table does not. Select **the fewest cards to keep back in
    your hand** so that classic accepts the rest too.
    """)
    return


@app.cell
def _():
    new_keep = deal_button("Next meld")
    new_keep
    return (new_keep,)


@app.cell
def _(new_keep):
    keep_meld = keep_question(new_keep.value)
    keep_pick = hand_widget(house, keep_meld)
    mo.vstack([keep_pick, hint("Read the two limits above: count the naturals, then the wild cards classic allows "
                               "with them.")])
    return keep_meld, keep_pick


@app.cell
def keep_check(keep_meld, keep_pick, tracker):
    _right, _text = keep_feedback(keep_meld, keep_pick.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="keep-back", waiting="Select the cards to keep back.")
    return


@app.cell(hide_code=True)
def _(keep_meld):
    _naturals = [c for c in keep_meld if house.is_natural(c)]
    _wilds = [c for c in keep_meld if house.is_wild(c)]
    _allowed = wild_limit(classic, len(_naturals))
    solution("Show the solution", mo.md(
        f"Classic lets {number_word(len(_naturals))} naturals carry {number_word(_allowed)} wild cards, so keep "
        f"back {cards_text(_wilds[_allowed:])}: classic accepts {cards_text(_naturals + _wilds[:_allowed])}."))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Drawing two

    Before the game the table agrees whether each turn draws **one** card or
    **two** from the stock. With two, hands grow faster
    and melds come sooner; every other rule stays the same.
    """)
    return


@app.cell
def _():
    draw_pick = mo.ui.radio(options=["1", "2"], value="1", label="Cards drawn from the stock each turn", inline=True)
    draw_pick
    return (draw_pick,)


@app.cell
def _(draw_pick):
    _rules = rules_for("house", {"draw": int(draw_pick.value)})
    mo.md(f"Agreed on {draw_pick.value}: a turn that does not take the pile draws "
          f"**{_rules['draw']['stock_cards']}** card{'s' * (_rules['draw']['stock_cards'] != 1)} from the stock.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    **Practice: end the turn.** You have just drawn from the stock (the cards
    drawn are shown above your hand). End the turn: group any meld you want
    to put down, and select the card you discard.
    """)
    return


@app.cell
def _():
    new_draw = deal_button("Next turn")
    new_draw
    return (new_draw,)


@app.cell
def _(new_draw):
    draw_ask = draw_question(new_draw.value)
    draw_hand = hand_widget(draw_ask["spot"].rules, draw_ask["spot"].hand, discard=draw_ask["spot"].discard)
    mo.vstack([mo.md(f"The table agreed on {number_word(draw_ask['draws'])}."),
               cards_view(draw_ask["drawn"], house, label="you drew"), draw_hand,
               hint("However many cards the draw brings in, think of how a turn always ends.")])
    return draw_ask, draw_hand


@app.cell
def draw_check(draw_ask, draw_hand, tracker):
    _right, _text = draw_feedback(draw_ask, draw_hand.widget.group_cards(), draw_hand.widget.selected_cards())
    practise(_right, _text, _text, tracker=tracker, exercise="draw-two", waiting="Select the card you discard.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(rf"""
    **Practice: the pile at both tables.** Instead of drawing, a turn may
    start by taking the pile, under classic's rules with two changes that
    reach it: how many wild cards a meld may hold (classic
    {shown(classic["meld"]["max_wilds"])}, house {shown(house["meld"]["max_wilds"])}), and whether a black
    three on top may be taken to go out (classic
    {shown(classic["blocker_meld"]["top_of_pile_for_going_out"])}, house
    {shown(house["blocker_meld"]["top_of_pile_for_going_out"])}). Before your draw, may you take this pile?
    """)
    return


@app.cell
def _():
    new_pickup = deal_button("Next pile")
    new_pickup
    return (new_pickup,)


@app.cell
def _(new_pickup):
    pickup_ask = pickup_question(new_pickup.value)
    _spot = pickup_ask["spots"]["house"]
    pickup_answer = mo.ui.radio(options=list(BOTH_WAYS.values()), label="You may take the pile in", inline=True)
    mo.vstack([table_view(_spot, f"score {_spot.score}", "your side has " + ("melded" if _spot.melds else
                                                                            "not melded yet"), "before the draw"),
               pickup_answer,
               hint("Take the pile in your head at each table: the top card goes down at once, and the rest of "
                    "the turn must still be legal there (a first meld's minimum, going out).")])
    return pickup_answer, pickup_ask


@app.cell
def pickup_check(pickup_answer, pickup_ask, tracker):
    _right, _text = pickup_feedback(pickup_ask, pickup_answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="house-pickup", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(pickup_ask):
    solution("Show the checker's answers", mo.hstack([
        mo.vstack([mo.md(f"**{name}**"), verdict_view(ask("pickup", spot), spot)])
        for name, spot in pickup_ask["spots"].items()], widths="equal", align="start"))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise 2: classic or house?

    For the meld below, say which variant accepts it in an ordinary turn.
    """)
    return


@app.cell
def _():
    new_question = deal_button("New meld")
    new_question
    return (new_question,)


@app.cell
def _(new_question):
    question_meld = random.Random(7000 + new_question.value).choice([
        "6S 6H 6D 6C 2S 2H JK", "6S 6H 6D 2S 2H JK JK", "6S 6H 6D 6C 6S 2S 2H JK JK", "9S 9H 2C", "9S 2H 2C", "KS KH KD 2C 2D 2H",
        "KS KH KD KC KS 2C 2D 2H JK", "4S 4H 4D 4C 2S 2H 2D 2C", "JK JK 2S 2H 2D 2C 2S",
    ])
    answer = mo.ui.radio(options=["both", "classic only", "house only", "neither"], label="This meld is legal in",
                         inline=True)
    mo.vstack([cards_view(question_meld, house, label="the meld"), answer])
    return answer, question_meld


@app.function
def which_accepts_feedback(cards, answer) -> tuple:
    """(right?, message): which game accepts the meld, explained by each game's limit."""
    if answer is None:
        return None, ""
    truth = accepted_by(cards)
    why = "; ".join(f"{name}: {meld_mistake(r, cards) or 'legal'}" for name, r in (("classic", classic),
                                                                                    ("house", house)))
    if answer == truth:
        return True, f"Right: {truth} ({why})."
    return False, f"Not quite: {why}."


@app.cell
def exercise_feedback(answer, question_meld, tracker):
    _right, _text = which_accepts_feedback(question_meld, answer.value)
    practise(_right, _text, _text, tracker=tracker, exercise="which-accepts", waiting="Choose an answer.")
    return


@app.cell(hide_code=True)
def _(question_meld):
    solution("Show the solution", mo.hstack([
        mo.vstack([mo.md("**classic**"), meld_verdict(classic, question_meld, going_out=False)]),
        mo.vstack([mo.md("**house**"), meld_verdict(house, question_meld, going_out=False)]),
    ], widths="equal", align="start"))
    return


@app.cell(hide_code=True)
def _():
    recap([
        "House Canasta is classic with a few changes; everything it does not change is inherited.",
        "The big one: " + wild_limits_text(house).replace("**", ""),
        "Before the game the table agrees how many cards each turn draws from the stock.",
    ], "08_canasty_cards_and_sets")
    return


if __name__ == "__main__":
    app.run()
