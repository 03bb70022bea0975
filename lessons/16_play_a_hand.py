# /// script
# requires-python = ">=3.11"
#
# [tool.marimo.opengraph]
# title = "Play a hand against the bots"
# description = "Play a whole hand against the bots, with hints: the melds you may put down, and whether you can go out."
# ///
"""Play a hand against the bots, with hints: the melds you may put down, and whether you can go out."""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Play a hand against the bots")

with app.setup:
    import marimo as mo

    from rulebook import (COMPASS, ask_verdict, cards_view, check, deal_button, hand_widget, hint, ladder_step, learn,
                          meld_list, meld_mistake, number_word, play_text, practise, problem, progress_widget, quote, recap,
                          solution, table_view, verdict_view, wild_limits_text)
    from tutor.cards import format_cards, parse_cards
    from tutor.errors import TutorError
    from tutor.render import cards_text, melds_html
    from tutor.rules import BUILTIN, rules_for

    ME = 0  # the learner's seat; the others are bots
    PLAYERS = {"classic": 4, "house": 4, "canasty": 3, "albany": 3}
    OPPONENTS = {"bots that play at once": "greedy", "bots that search": "ismcts:4"}

    LESSON = "16_play_a_hand"
    EXERCISES = ("take-with", "whole-turn", "lay-off-every", "first-meld-fewest", "pile-open-now", "pile-first-meld",
                 "coach-draw-or-take", "coach-discard", "go-out-now")
    # The practice spots come from classic hands that the bots play in every seat, the learner's too.
    PRACTICE = "classic"
    # The coach's search gets time enough to run all its deals, so a spot always gets the same advice.
    COACH_SECONDS = 60.0
    # Draw or take: first a pile the checker says is closed to you, then one you may take, then either in turn.
    PILE_STEPS = ("pile-closed", "pile-open")
    # Going out: first a side with melds but no canasta, then sides with a canasta (early or late in the hand).
    OUT_STEPS = ("no-canasta", "canasta")
    PILE_CHOICES = ("Draw from the stock", "Take the pile")
    # Taking the pile on the cards: first with a natural pair of the top card's rank, then with one natural and a
    # wild card.
    TAKE_WITH_STEPS = ("pair", "natural-and-wild")
    # A whole turn after the draw: first the checker lists a new meld, then a lay-off onto the side's melds.
    TURN_STEPS = ("meld", "layoff")
    # Every card that joins the side's melds: first a hand without wild cards, then one holding a wild card.
    LAY_OFF_STEPS = ("naturals", "with-wild")
    # A first meld: first any that reaches the minimum, then one that reaches it with the fewest cards.
    FIRST_MELD_STEPS = ("reach", "fewest")
    # A first meld is possible at few of the learner's turns, so these spots are looked for in more hands, and from
    # the learner's second turn on (the first has nothing of the others' to tell).
    FIRST_MELD_TRIES = 150
    # "May you take it now?": a black three on top, then a frozen pile, then any of these or an open pile.
    OPEN_STEPS = ("black-three", "frozen", "any")
    OPEN_KINDS = ("black-three", "frozen", "open")
    # The pile as the first meld: first the checker says it may be taken, then that it may not (the minimum is not
    # reached, or the pile is frozen for a side not down and one natural with a wild card will not do), then either.
    FIRST_PILE_STEPS = ("enough", "short", "any")
    # The practice turns have a button of their own (the coach's spots keep theirs, "Deal a spot").
    DEAL_TURN = "Deal a turn"
    TURN_NOT_DEALT = "*Press **Deal a turn**: a turn comes from a hand the bots play first.*"
    NOT_DEALT = "*Press **Deal a spot**: a spot comes from a hand the bots play first, which takes a moment.*"


@app.function
def player_names(state) -> list[str]:
    """Every seat's name on screen: "You" for the learner, the others by the compass."""
    names = list(COMPASS.get(state.players, [f"Player {k + 1}" for k in range(state.players)]))
    names[ME] = "You"
    return names


@app.function
def side_name(state, side: int) -> str:
    """"your side", "their side", or (everyone for themselves) the player's name."""
    names = player_names(state)
    seats = state.seats_of(side)
    if ME in seats:
        return "your side" if len(seats) > 1 else "you"
    if len(seats) > 1:
        return "their side" if state.sides == 2 else " and ".join(names[s] for s in seats)
    return names[seats[0]]


@app.function
def without_seat_numbers(state, text: str) -> str:
    """An engine message with "seat 2" written as the player's name."""
    import re

    names = player_names(state)
    return re.sub(r"\b[Ss]eat (\d+)\b", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                  else m.group(0), text)


@app.function
def start_game(variant: str, seed: int, opponents: str = "greedy") -> dict:
    """A new game: the bots play until it is the learner's turn."""
    from tutor.engine import make_bot, new_game

    state = new_game(variant, {"players": PLAYERS[variant]}, seed=seed)
    bots = [None if seat == ME else make_bot(opponents, f"{seed}:{seat}") for seat in range(state.players)]
    game = {"state": state, "bots": bots, "log": [], "note": None}
    return advance(game)


@app.function
def told(state, since: int, *, others_only: bool = False) -> list[str]:
    """The events after ``since`` as sentences about the players who made them (``others_only``: not the learner's)."""
    from tutor.engine.coach import event_words

    names = player_names(state)
    lines = (event_words(e, names) for e in state.events[since:] if not (others_only and e.get("seat") == ME))
    return [line for line in lines if line]


@app.function
def advance(game: dict) -> dict:
    """Let the bots move until the learner must, or the hand is over; each move is told in words."""
    from tutor.engine.ismcts import observe

    state, bots = game["state"], game["bots"]
    while not state.hand_over and bots[state.to_act] is not None:
        seat, since = state.to_act, len(state.events)
        bot = bots[seat]
        move = bot.choose(observe(state, seat) if getattr(bot, "observes", False) else state.view(seat))
        state.apply(move, seat)
        game["log"].extend(told(state, since))
    return game


@app.function
def learner_move(game: dict, move: str) -> dict:
    """Apply the learner's move; an illegal one leaves the game as it was and says why."""
    state = game["state"]
    since = len(state.events)
    try:
        state.apply(move, ME)
    except TutorError as error:
        return {**game, "note": ValueError(without_seat_numbers(state, str(error)))}
    game = {**game, "note": None, "log": [*game["log"], *told(state, since)]}
    return advance(game)


@app.function
def hand_result(state) -> str:
    """The last hand's result, side by side."""
    result = state.results[-1]
    names = player_names(state)
    who = "you" if result.get("out") == ME else names[result["out"]] if result.get("out") is not None else ""
    endings = {"stock": "the stock ran out", "circled": "a card went round the table",
               "turn-limit": "the hand reached the engine's turn limit"}
    lines = [f"**The hand is over**: {who} went out." if result["reason"] == "out" else
             f"**The hand is over**: {endings.get(result['reason'], 'it could go no further')}."]
    for side, totals in enumerate(result["sides"]):
        name = side_name(state, side)
        lines.append(f"- {name[:1].upper() + name[1:]}: **{totals['total']:+d}** this hand")
    shown = {side_name(state, side): state.scores[state.seats_of(side)[0]] for side in range(state.sides)}
    lines.append("\nScores: " + ", ".join(f"{name}: {score}" for name, score in shown.items()))
    return "\n".join(lines)


@app.function
def coach_text(state, advice=None) -> str:
    """The coach's advice for the learner's position, from what the learner can see."""
    from tutor.engine.coach import advise
    from tutor.engine.ismcts import observe

    advice = advise(observe(state, ME)) if advice is None else advice
    return "\n".join(f"- {without_seat_numbers(state, line)}" for line in advice.lines)


@app.function
def full_advice(state):
    """The coach's advice after its whole search: the same spot always gets the same advice."""
    from tutor.engine.coach import advise
    from tutor.engine.ismcts import observe

    return advise(observe(state, ME), seconds=COACH_SECONDS)


@app.function
def practice_turn(seed: int, phase: str, wanted, *, tries: int = 40, first_turn: int = 3) -> tuple:
    """A practice hand stopped at one of the learner's turns: ``(state, what happened since the learner's last turn)``.

    The bots play every seat; the turn is the first in ``phase``, from the learner's ``first_turn``-th turn on
    (the third by default), that ``wanted(state)`` accepts.
    """
    from tutor.engine import GreedyBot, new_game

    bot = GreedyBot()
    for k in range(tries):
        state = new_game(PRACTICE, {"players": PLAYERS[PRACTICE]}, seed=seed * 100 + k)
        turns, since = 0, 0
        while not state.hand_over:
            seat = state.to_act
            turns += seat == ME and state.phase == "before-draw"
            if seat == ME and state.phase == phase and turns >= first_turn and wanted(state):
                return state, told(state, since, others_only=True)
            state.apply(bot.choose(state.view(seat)), seat)
            if seat == ME and state.to_act != ME:
                since = len(state.events)
    raise ValueError(f"no practice hand from seed {seed} has the turn wanted")


@app.function
def pile_question(n: int) -> dict:
    """The n-th "draw or take the pile?" question: a turn's start, with the checker's and the coach's answers."""
    from tutor.engine.moves import Play
    from tutor.questions import ask

    step = ladder_step(n, PILE_STEPS) if n < len(PILE_STEPS) else PILE_STEPS[n % 2]
    checked = {}

    def wanted(state):
        spot = state.spot_for(ME, "before-draw")
        if not spot.discard:
            return False
        checked["verdict"] = ask("pickup", spot)
        return checked["verdict"].answer == (step == "pile-open")

    state, since = practice_turn(3000 + n, "before-draw", wanted)
    advice = full_advice(state)
    takes = isinstance(advice.move, Play) and advice.move.takes_pile
    return {"step": step, "state": state, "told": since, "pickup": checked["verdict"], "advice": advice,
            "answer": PILE_CHOICES[takes]}


@app.function
def pile_feedback(q: dict, answer: str | None) -> tuple:
    """(right?, message) for what the coach would do at the start of the turn; the coach's reasons follow."""
    if answer is None:
        return None, ""
    reasons = "\n\n**Coach**\n\n" + coach_text(q["state"], q["advice"])
    if answer == q["answer"]:
        return True, f"Right: the coach would {q['answer'][:1].lower() + q['answer'][1:]} too." + reasons
    if not q["pickup"].answer:
        why = without_seat_numbers(q["state"], q["pickup"].reasons[0].text).rstrip(".") if q["pickup"].reasons else ""
        return False, f"Not this time: the pile is closed to you here ({why}), so the draw is the only move." + reasons
    if answer == PILE_CHOICES[1]:
        return False, ("Not this time: you may take the pile, but the coach would rather draw: a pile you may take "
                       "is not always worth taking." + reasons)
    return False, ("Not this time: the coach would take the pile: its cards join your hand at once, and it is yours "
                   "to take." + reasons)


@app.function
def discard_question(n: int) -> dict:
    """The n-th "which discard?" question: a turn after the draw, the coach's melds and the card it throws away."""
    from collections import Counter

    from tutor.engine.coach import play_words
    from tutor.play import DISCARD

    advised = {}

    def wanted(state):
        advice = full_advice(state)
        acts = getattr(advice.move, "actions", ())
        discard = [a.cards[0] for a in acts if a.kind == DISCARD and a.cards]
        left = Counter(state.hands[ME]) - Counter(c for a in acts if a.kind != DISCARD for c in a.cards)
        advised.update(advice=advice, acts=acts, discard=discard, left=left)
        return bool(discard) and sum(left.values()) >= 3

    state, since = practice_turn(4000 + n, "drawn", wanted)
    # What stays in hand after the coach's melds, in the hand's order (a card held twice may stay once).
    left, room = [], Counter(advised["left"])
    for card in state.hands[ME]:
        if room[card] > 0:
            left.append(card)
            room[card] -= 1
    melds = [a for a in advised["acts"] if a.kind != DISCARD]
    return {"state": state, "told": since, "advice": advised["advice"], "discard": advised["discard"][0],
            "left": left, "melds": melds, "meld_words": play_words(melds)}


@app.function
def discard_feedback(q: dict, selected) -> tuple:
    """(right?, message) for the card the coach would discard; the coach's reasons follow."""
    from tutor.render import card_name

    picked = list(selected)
    if not picked:
        return None, ""
    if len(picked) > 1:
        return False, "Select **one** card: a turn ends with exactly one discard."
    card, best = picked[0], q["discard"]
    rules = q["state"].rules
    reasons = "\n\n**Coach**\n\n" + coach_text(q["state"], q["advice"])
    if card == best:
        return True, f"Right: the coach would discard the {best.symbol()} too." + reasons
    same = sum(1 for c in q["left"] if c.rank == card.rank and rules.is_natural(c))
    if rules.is_wild(card):
        lead = f"{card.symbol()} is a wild card: it can join any of your melds, so the coach keeps it."
    elif same >= 2:
        lead = (f"the {card.symbol()} breaks up your {card_name(card).split(' of ')[0]}s: a pair can take the pile "
                "when that rank is discarded.")
    else:
        lead = f"the coach keeps the {card.symbol()} and throws away the {best.symbol()}."
    return False, f"Not this time: {lead}" + reasons


@app.function
def out_question(n: int) -> dict:
    """The n-th "may you go out now?" question: a turn after the draw, with the checker's verdict."""
    from tutor.melds import judge
    from tutor.questions import ask

    step = ladder_step(n, OUT_STEPS)

    def canastas(state):
        spot = state.spot_for(ME)
        return sum(judge(state.rules, m).canasta for m in spot.melds), bool(spot.melds)

    # A side with a canasta can rarely go out at once: odd questions look for a turn where the checker says it can.
    hunt = step == "canasta" and n % 2 == 1

    def wanted(state):
        made, down = canastas(state)
        if not down or (made == 0) != (step == "no-canasta"):
            return False
        return not hunt or ask("go-out", state.spot_for(ME)).answer

    state, since = practice_turn(5000 + n, "drawn", wanted)
    return {"step": step, "state": state, "told": since, "canastas": canastas(state)[0],
            "verdict": ask("go-out", state.spot_for(ME))}


@app.function
def out_feedback(q: dict, answer: str | None) -> tuple:
    """(right?, message) for "may you go out now?", against the checker's verdict."""
    from tutor.engine.coach import move_words
    from tutor.engine.moves import Play
    from tutor.play import parse_play

    if answer is None:
        return None, ""
    verdict, state = q["verdict"], q["state"]
    need = state.rules.canastas_to_go_out
    why = without_seat_numbers(state, verdict.reasons[0].text).rstrip(".") if verdict.reasons else ""
    how = move_words(Play(parse_play(verdict.witness["play"]))) if verdict.answer else ""
    if (answer == "yes") == verdict.answer:
        return True, (f"Right: you can go out this turn: {how}." if verdict.answer
                      else f"Right: not this turn. The checker says: {why}.")
    if verdict.answer:
        return False, f"You can: {how}. Every card but the last discard finds a place in a meld."
    if q["canastas"] < need:
        return False, (f"Not yet: your side needs {need} canasta{'s' * (need != 1)} before going out, and has "
                       f"{q['canastas']}. The checker says: {why}.")
    return False, (f"Not this turn: a canasta is not enough, every card but one discard must go into melds. The "
                   f"checker says: {why}.")


@app.function
def rare_turn(seed: int, phase: str, wanted, *, rounds: int = 3, **kw) -> tuple:
    """``practice_turn``, tried again from further seeds when a rare turn is not found in the first hands."""
    for k in range(rounds):
        try:
            return practice_turn(seed + 50_000 * k, phase, wanted, **kw)
        except ValueError:
            if k == rounds - 1:
                raise
    raise ValueError("no rounds to try")


@app.function
def top_card_facts(spot) -> dict:
    """What decides a pile at a turn's start, read off the spot: the top card, its naturals in hand, the pile's state.

    Only the generators use these facts, to find spots of a kind; every answer comes from the checker.
    """
    rules = spot.rules
    top = spot.discard[-1] if spot.discard else None
    rank = top.rank if top is not None else None
    return {"top": top,
            "natural_top": top is not None and rules.is_natural(top),
            "black_three": top is not None and rules.role(top) == "blocker",
            "same": sum(1 for c in spot.hand if c.rank == rank and rules.is_natural(c)),
            "wild_in_hand": any(rules.is_wild(c) for c in spot.hand),
            "on_table": any(c.rank == rank and rules.is_natural(c) for m in spot.melds for c in m),
            "frozen_by_card": any(rules.is_wild(c) or rules.role(c) == "bonus" for c in spot.discard)}


@app.function
def pile_turn(seed: int, exercise: str, step: str, wanted, tries: int = 40, first_turn: int = 3) -> dict:
    """A practice turn's start that ``wanted(spot, facts)`` accepts, with the checker's answer to "may you take the pile?"."""
    from tutor.questions import ask

    def accepts(state):
        spot = state.spot_for(ME, "before-draw")
        return bool(spot.discard) and wanted(spot, top_card_facts(spot))

    state, since = rare_turn(seed, "before-draw", accepts, tries=tries, first_turn=first_turn)
    spot = state.spot_for(ME, "before-draw")
    return {"exercise": exercise, "step": step, "state": state, "spot": spot, "told": since,
            "open": ask("pickup", spot)}


@app.function
def take_with_question(n: int) -> dict:
    """The n-th "take the pile with which cards?" question: your side is down and the checker says the pile is yours.

    The top card's rank is not on your table, so it must go down with cards from your hand: first a natural pair
    of it, then one natural and a wild card.
    """
    step = ladder_step(n, TAKE_WITH_STEPS)

    def wanted(spot, f):
        if not spot.melds or not f["natural_top"] or f["on_table"] or f["frozen_by_card"]:
            return False
        shape = f["same"] >= 2 if step == "pair" else f["same"] == 1 and f["wild_in_hand"]
        return shape and ask_pickup(spot)

    return pile_turn(6000 + n, "take-with", step, wanted)


@app.function
def ask_pickup(spot, play: str | None = None) -> bool:
    """The checker's yes or no: may the pile be taken (with ``play``, the cards from the hand)?"""
    from tutor.questions import ask

    return ask("pickup", spot, play=play).answer


@app.function
def pile_open_question(n: int) -> dict:
    """The n-th "may you take the pile now?" question: a black three on top, then a frozen pile, then either.

    In a frozen pile you hold at least one natural of the top card's rank, so the question is never settled by
    the rank alone; the checker says whether a natural pair takes it.
    """
    step = ladder_step(n, OPEN_STEPS)
    kind = OPEN_KINDS[n % len(OPEN_KINDS)] if step == "any" else step

    def wanted(spot, f):
        if not spot.melds:
            return False
        if kind == "black-three":
            return f["black_three"]
        if kind == "frozen":
            return f["natural_top"] and f["frozen_by_card"] and f["same"] >= 1 and not f["on_table"]
        return f["natural_top"] and not f["frozen_by_card"] and f["same"] >= 1 and not f["on_table"]

    return {**pile_turn(6200 + n, "pile-open-now", step, wanted), "kind": kind}


@app.function
def pile_first_question(n: int) -> dict:
    """The n-th "would the pile make your first meld?" question: your side has not melded and holds a natural pair
    of the top card's rank, or one natural and a wild card; first the checker says the pile is yours, then that it
    is not, then either."""
    step = ladder_step(n, FIRST_PILE_STEPS)
    yes = {"enough": True, "short": False}.get(step, n % 2 == 0)

    def wanted(spot, f):
        holds = f["same"] >= 2 or (f["same"] == 1 and f["wild_in_hand"])
        return not spot.melds and f["natural_top"] and holds and not f["on_table"] and ask_pickup(spot) == yes

    return pile_turn(6400 + n, "pile-first-meld", step, wanted, tries=FIRST_MELD_TRIES, first_turn=2)


@app.function
def checker_words(state, verdict) -> str:
    """The checker's first reason, with players named and cards shown as symbols, as a clause."""
    from tutor.render import symbols_in

    return symbols_in(without_seat_numbers(state, verdict.reasons[0].text)).rstrip(".") if verdict.reasons else ""


@app.function
def pile_lead(q, picked) -> str:
    """What a learner who misjudged an open pile has missed, said to the misconception (``picked``: the cards offered)."""
    spot, rules = q["spot"], q["spot"].rules
    f = top_card_facts(spot)
    frozen = f["frozen_by_card"] or not spot.melds
    need = rules.initial_need(spot.score)
    if not picked:
        if not spot.melds:
            return (f"taking the pile can be your first meld: the checker's turn with it puts down "
                    f"{q['open'].witness['points']} points, and your first meld needs {need}.")
        if frozen:
            return "a frozen pile is not closed: a natural pair of the top card's rank still takes it."
        return ("the top card's rank is in your hand: two naturals of it, or one natural and a wild card, take "
                "the pile.")
    if not any(c.rank == f["top"].rank for c in picked if rules.is_natural(c)):
        return f"the top card, {f['top'].symbol()}, goes down with cards of its own rank from your hand. "
    if frozen and any(rules.is_wild(c) for c in picked):
        why = "your side has not melded yet" if not spot.melds else "a wild card or a red three lies in it"
        return f"the pile is frozen ({why}): only a natural pair of the top card's rank takes it. "
    if not spot.melds:
        return f"taking the pile is then your first meld, and it must reach {need} points. "
    return ""


@app.function
def pickup_feedback(q, selected, draws: bool) -> tuple:
    """(right?, message) for a turn's start answered on the cards: the cards that take the pile, or the draw.

    The checker decides both: ``ask("pickup")`` for the pile as it lies, and with the cards offered.
    """
    from tutor.questions import ask

    picked = tuple(selected)
    if not picked and not draws:
        return None, ""
    if picked and draws:
        return False, "Choose one: select the cards that take the pile, or switch on the draw, not both."
    state, spot, verdict = q["state"], q["spot"], q["open"]
    if draws:
        if not verdict.answer:
            return True, (f"Right: no cards of yours take this pile this turn, so you draw from the stock. The "
                          f"checker says: {checker_words(state, verdict)}.")
        return False, f"Not this time: the pile is yours. Look again: {pile_lead(q, ())}"
    if not verdict.answer:
        black = top_card_facts(spot)["black_three"]
        lead = " A black three on top blocks the pile for this turn, whatever you hold." if black else ""
        return False, (f"Not this time: no cards of yours take this pile, so you draw.{lead} The checker says: "
                       f"{checker_words(state, verdict)}.")
    taken = ask("pickup", spot, play=format_cards(picked))
    top = spot.discard[-1].symbol()
    if taken.answer:
        points = "" if spot.melds else (f" As your first meld, the checker's turn with them puts down "
                                        f"{taken.witness['points']} points; the minimum is "
                                        f"{spot.rules.initial_need(spot.score)}.")
        return True, f"Right: {cards_text(picked)} go down with the {top}, and the whole pile is yours.{points}"
    return False, f"Not with these: {pile_lead(q, picked)}The checker says: {checker_words(state, taken)}."


@app.function
def pile_solution(q) -> mo.Html:
    """The checker's answer for a turn's start: the whole turn that takes the pile, or the rules that close it."""
    return verdict_view(q["open"], q["spot"], yes="Yes, the pile may be taken", no="No, the pile may not be taken")


@app.function
def listing(spot) -> list:
    """The checker's list of what may go down this turn (``ask("melds")``): each entry's kind, cards and target."""
    from tutor.questions import ask

    return ask("melds", spot).extra["melds"]


@app.function
def drawn_turn(seed: int, exercise: str, step: str, wanted, tries: int = 40, first_turn: int = 3) -> dict:
    """A practice turn after the draw that ``wanted(spot)`` accepts, with the checker's list of what may go down."""
    state, since = rare_turn(seed, "drawn", lambda s: wanted(s.spot_for(ME)), tries=tries, first_turn=first_turn)
    spot = state.spot_for(ME)
    return {"exercise": exercise, "step": step, "state": state, "spot": spot, "told": since, "melds": listing(spot)}


@app.function
def whole_turn_question(n: int) -> dict:
    """The n-th "play a whole turn" question: your side is down and you have drawn; first the checker lists a new
    meld you may put down, then a card to lay off onto your side's melds."""
    from collections import Counter

    step = ladder_step(n, TURN_STEPS)

    def wanted(spot):
        rules = spot.rules
        if not spot.melds:
            return False
        counts = Counter(c.rank for c in spot.hand if rules.is_natural(c))
        table = {c.rank for m in spot.melds for c in m if rules.is_natural(c)}
        near = (any(k >= 2 and r not in table for r, k in counts.items()) if step == "meld"
                else any(r in table for r in counts))
        return near and any(c["kind"] == step for c in listing(spot))

    return drawn_turn(6600 + n, "whole-turn", step, wanted)


@app.function
def turn_lead(spot, groups) -> str:
    """What is wrong with the groups as melds or lay-offs, in plain words; empty when each is fine on its own."""
    from tutor.errors import IllegalPlayError
    from tutor.melds import judge

    rules = spot.rules
    for group in groups:
        fits = False
        for meld in spot.melds:
            try:
                old, new = judge(rules, meld), judge(rules, tuple(meld) + tuple(group))
                fits = (old.kind, old.key) == (new.kind, new.key)
            except IllegalPlayError:
                continue
            if fits:
                break
        mistake = None if fits else meld_mistake(rules, group)
        if mistake:
            return f"{cards_text(group)} is no meld: {mistake}."
    return ""


@app.function
def whole_turn_feedback(q, groups, selected) -> tuple:
    """(right?, message) for a whole turn built on the cards: melds or lay-offs grouped, one discard selected.

    The referee judges the turn as built (``referee``), as it judges the game's own turns.
    """
    from tutor.engine.coach import move_words
    from tutor.engine.moves import Play
    from tutor.play import parse_play
    from tutor.questions import referee

    groups, selected = list(groups), tuple(selected)
    if not groups and not selected:
        return None, ""
    spot, state = q["spot"], q["state"]
    if not groups:
        return False, ("Put something down first: select the cards of a meld or a lay-off and press **Group**, "
                       "then select your discard.")
    try:
        play = play_text(spot, groups, selected)
    except ValueError:
        return False, "Select **one** card to discard: a turn ends with exactly one discard."
    verdict = referee(spot, play)
    if verdict.answer:
        return True, f"Right: the referee accepts your turn: {move_words(Play(parse_play(play)))}."
    lead = turn_lead(spot, groups)
    if lead:
        return False, f"Not this turn: {lead}"
    lead = "a turn that does not go out ends with one discard: select the card to throw away. " if not selected else ""
    return False, f"Not this turn: {lead}The referee says: {checker_words(state, verdict)}."


@app.function
def whole_turn_solution(q) -> mo.Html:
    """What the checker lists for this turn, to group one of, and a word on the discard."""
    return mo.vstack([meld_list(q["spot"].rules, q["melds"]),
                      mo.md("Group one of these, then select one card you keep out of them as your discard.")])


@app.function
def lay_off_cards(q) -> "Counter":
    """Every card of the hand the checker lists in some lay-off onto your side's melds, as often as it may go."""
    from collections import Counter

    most = Counter()
    for entry in q["melds"]:
        if entry["kind"] == "layoff":
            most |= Counter(parse_cards(entry["cards"]))
    return most


@app.function
def lay_off_question(n: int) -> dict:
    """The n-th "which cards can join your melds?" question: your side is down and you have drawn; first a hand
    with no wild card, then a hand holding one (a wild card joins a meld only while it has room for one)."""
    step = ladder_step(n, LAY_OFF_STEPS)

    def wanted(spot):
        rules = spot.rules
        if not spot.melds or any(rules.is_wild(c) for c in spot.hand) != (step == "with-wild"):
            return False
        table = {c.rank for m in spot.melds for c in m if rules.is_natural(c)}
        return (any(c.rank in table and rules.is_natural(c) for c in spot.hand)
                and any(c["kind"] == "layoff" for c in listing(spot)))

    return drawn_turn(6800 + n, "lay-off-every", step, wanted)


@app.function
def lay_off_feedback(q, selected) -> tuple:
    """(right?, message) for "select every card that can join your side's melds", against the checker's list."""
    from collections import Counter

    picked = Counter(selected)
    if not picked:
        return None, ""
    rules, wanted = q["spot"].rules, lay_off_cards(q)
    stray = list((picked - wanted).elements())
    if stray:
        card = stray[0]
        if rules.is_wild(card):
            why = ("it is wild, but none of your melds has room for another wild card: "
                   + wild_limits_text(rules).replace("**", ""))
        elif wanted[card]:
            why = "you selected it more often than the checker lists it in any lay-off."
        elif any(card.rank == c.rank for m in q["spot"].melds for c in m):
            why = "its rank is on your table, but the checker finds no legal turn that lays it off."
        else:
            why = "no meld of your side has its rank, and a card joins only a meld of its own rank."
        return False, f"Not {card.symbol()}: {why}"
    missing = sum((wanted - picked).values())
    if missing:
        more = "wild cards count too, where a meld has room for one" if any(
            rules.is_wild(c) for c in wanted.elements()) else "look at each rank on your side's table"
        return False, f"{number_word(missing).capitalize()} more: {more}."
    return True, f"Right: {cards_text(list(picked.elements()))} can join your side's melds this turn."


@app.function
def fewest_first_meld(spot, choices) -> tuple | None:
    """The first meld with the fewest cards that the checker accepts: ``(cards, melds)``, from the listed melds.

    Every combination of up to three listed melds that the hand can hold is put to ``ask("initial-meld")``.
    """
    from collections import Counter
    from itertools import combinations

    from tutor.questions import ask

    melds = [c["cards"] for c in choices if c["kind"] == "meld"]
    best = None
    for size in (1, 2, 3):
        for combo in combinations(melds, size):
            cards = [c for text in combo for c in parse_cards(text)]
            if (best is not None and len(cards) >= best[0]) or Counter(cards) - Counter(spot.hand):
                continue
            if ask("initial-meld", spot, play=" | ".join(combo)).answer:
                best = (len(cards), combo)
    return best


@app.function
def first_meld_question(n: int) -> dict:
    """The n-th first-meld question: your side has not melded and you have drawn; first any first meld the checker
    accepts will do, then it must reach the minimum with the fewest cards."""
    from tutor.questions import ask

    step = ladder_step(n, FIRST_MELD_STEPS)
    found = {}

    def wanted(spot):
        if spot.melds or not ask("initial-meld", spot).answer:
            return False
        found["best"] = fewest_first_meld(spot, listing(spot))
        return found["best"] is not None

    q = drawn_turn(7000 + n, "first-meld-fewest", step, wanted, tries=FIRST_MELD_TRIES, first_turn=2)
    return {**q, "fewest": found["best"][0], "best": found["best"][1]}


@app.function
def first_meld_feedback(q, groups) -> tuple:
    """(right?, message) for a first meld grouped on the cards: the checker says whether it reaches the minimum,
    and it must do so with no more cards than the fewest the checker accepts."""
    from tutor.questions import ask

    groups = [g for g in groups if g]
    if not groups:
        return None, ""
    spot, state = q["spot"], q["state"]
    need = spot.rules.initial_need(spot.score)
    verdict = ask("initial-meld", spot, play=" | ".join(format_cards(g) for g in groups))
    if not verdict.answer:
        lead = next((f"{cards_text(g)} is no meld: {m}." for g in groups if (m := meld_mistake(spot.rules, g))), "")
        return False, f"Not this first meld: {lead or 'the checker says: ' + checker_words(state, verdict) + '.'}"
    used = sum(len(g) for g in groups)
    points = verdict.witness["points"]
    if used > q["fewest"] and q["step"] == "reach":
        return True, (f"Right: {points} points, and your first meld needs {need}. It can be done with "
                      f"{q['fewest']} cards instead of {used}: the next turns ask for the fewest.")
    if used > q["fewest"]:
        return False, (f"These reach the minimum ({points} points, {need} needed), but with {used} cards; "
                       f"{q['fewest']} would do. Cards you keep in hand are pairs to take the pile with and melds "
                       "for later turns.")
    return True, f"Right: {points} points with {used} cards, the fewest that reach the {need} your first meld needs."


@app.function
def first_meld_solution(q) -> mo.Html:
    """The checker's first meld with the fewest cards, drawn as its melds."""
    choices = [{"cards": text, "to": None} for text in q["best"]]
    return mo.vstack([mo.md(f"A first meld of {q['fewest']} cards the checker accepts:"),
                      meld_list(q["spot"].rules, choices)])


@app.function
def pile_exercise(q, tip: str, *, draw: bool = True) -> tuple:
    """A practice turn's start on screen, to answer on the cards: ``(hand, draw switch, view)``.

    The whole pile is drawn below the hand, bottom to top, since what lies under the top card can freeze it.
    """
    draws = mo.ui.switch(value=False, label="the pile is not mine: I draw from the stock instead")
    if q is None:
        return None, draws, mo.md(TURN_NOT_DEALT)
    spot = q["spot"]
    others, hand = practice_table(q["state"], spot.hand)
    facts = "Your side has melded." if spot.melds else "Your side has not melded yet."
    parts = [since_words(q["told"]), *others, mo.md(facts), hand,
             cards_view(spot.discard, spot.rules, label="the whole pile, bottom to top", width=30)]
    return hand, draws, mo.vstack([*parts, *([draws] if draw else []), hint(tip)])


@app.function
def drawn_exercise(q, tip: str) -> tuple:
    """A practice turn after the draw on screen, to answer on the cards: ``(hand, view)``."""
    if q is None:
        return None, mo.md(TURN_NOT_DEALT)
    spot = q["spot"]
    others, hand = practice_table(q["state"], spot.hand)
    facts = "Your side has melded." if spot.melds else "Your side has not melded yet."
    return hand, mo.vstack([since_words(q["told"]), *others, mo.md(f"You have drawn. {facts}"), hand, hint(tip)])


@app.function
def answered(feedback, shown, *, title: str = "Show the checker's answer") -> mo.Html:
    """An exercise's feedback, and under it (once a turn is dealt) the folded solution."""
    return mo.vstack([feedback, solution(title, shown)]) if shown else feedback


@app.function
def meld_size_words(rules) -> str:
    """The smallest meld in words, from the variant's data: "three cards or more of one rank, two of them natural"."""
    meld = rules["meld"]
    return (f"{number_word(meld['min_cards'])} cards or more of one rank, at least {number_word(meld['min_naturals'])} "
            "of them natural")


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    # Play a hand against the bots
    """)
    return


@app.cell(hide_code=True)
def _():
    learn(
        "how a whole hand runs: draw, meld, discard, and the others' turns in between;",
        "how to use the hints: the melds you may put down, and whether you can go out now;",
        "how every turn, yours and the bots', is judged by the same rules engine;",
        "to think like the coach: draw or take the pile, which card to throw away, and when you may go out.",
    )
    return


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    # The practice turns' buttons, each shown with its exercise below: one cell for all keeps the first render short.
    (new_take_with, new_whole_turn, new_lay_off, new_first_meld, new_pile_open,
     new_pile_first) = (deal_button(DEAL_TURN) for _ in range(6))
    tracker
    return (new_first_meld, new_lay_off, new_pile_first, new_pile_open, new_take_with, new_whole_turn, tracker)


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## How to play

    You sit South; the other players are bots. Bots that play at once
    meld what they can and keep the safest card to discard; bots that
    search first deal the cards they cannot see in several ways and try
    their moves out on each deal, keeping a move only if it does clearly
    better. In
    classic and house Canasta North is your partner and your side shares
    its melds.

    Stuck? Press **Coach** for what you could do now and why: the checker
    answers your questions about the pile, your first meld and going out,
    and the search bot weighs your moves from what you can see.

    On your turn:

    1. **Draw**: press *Draw from the stock*, or build your pick-up and press
       *Take the pile* (your first group is the cards that go down with the
       top card; further groups are melded too; the selected card is your
       discard).
    2. **Meld and discard**: select cards and press **Group** for each meld
       or lay-off, then select the one card to discard, and press *Play*.

    Every move is judged by the same rules engine as the referee's: an
    illegal move is refused with the rule it breaks, and nothing changes.
    """)
    return


@app.cell
def _():
    variant_pick = mo.ui.dropdown(options=list(BUILTIN), value="classic", label="Variant")
    opponents_pick = mo.ui.dropdown(options=list(OPPONENTS), value=next(iter(OPPONENTS)), label="Against")
    new_game_button = mo.ui.button(value=0, on_click=lambda n: n + 1, label="New game")
    hints_switch = mo.ui.switch(value=False, label="hints")
    mo.hstack([variant_pick, opponents_pick, new_game_button, hints_switch], justify="start", gap=1, wrap=True)
    return hints_switch, new_game_button, opponents_pick, variant_pick


@app.cell
def _(new_game_button, opponents_pick, variant_pick):
    get_game, set_game = mo.state(start_game(variant_pick.value, 1600 + new_game_button.value,
                                             OPPONENTS[opponents_pick.value]))
    return get_game, set_game


@app.cell
def table_cell(get_game):
    game = get_game()
    state = game["state"]
    _spot = state.spot_for(ME)
    _rules = state.rules
    _mine = state.side_of(ME)
    _others = [mo.Html(melds_html(state.melds[s], wild=_rules.wild_ranks, label=f"Melds of {side_name(state, s)}"))
               for s in range(state.sides) if s != _mine]
    hand_view = hand_widget(_rules, _spot.hand, melds=_spot.melds, discard=_spot.discard)
    _status = (f"Hand {state.hand_no}, stock {len(state.stock)} cards. "
               + ("Your turn: draw." if state.phase == "before-draw" else
                  "Your turn: meld and discard." if state.phase == "drawn" else ""))
    _bonus = [cards_view(b, _rules, label="Bonus cards") for b in [state.bonus[_mine]] if b]
    mo.vstack([*_others, mo.md(_status), hand_view, *_bonus])
    return game, hand_view, state


@app.cell
def _():
    # Each button counts its clicks; a click is acted on once, when its count passes the last one handled.
    draw_button = mo.ui.button(value=0, on_click=lambda n: n + 1, label="Draw from the stock")
    take_button = mo.ui.button(value=0, on_click=lambda n: n + 1, label="Take the pile")
    play_button = mo.ui.button(value=0, on_click=lambda n: n + 1, label="Play")
    next_button = mo.ui.button(value=0, on_click=lambda n: n + 1, label="Next hand")
    coach_button = mo.ui.button(value=0, on_click=lambda n: n + 1, label="Coach")
    get_handled, set_handled = mo.state({"draw": 0, "take": 0, "play": 0, "next": 0})
    typed_turn = mo.ui.text(placeholder="or type your turn: meld KS KH KD; discard 9C", full_width=True)
    # wrap: on a phone the buttons go on two lines rather than off the screen
    mo.vstack([mo.hstack([draw_button, take_button, play_button, next_button, coach_button], justify="start",
                         gap=0.5, wrap=True), typed_turn])
    return coach_button, draw_button, get_handled, next_button, play_button, set_handled, take_button, typed_turn


@app.function
def clicked(buttons: dict, handled: dict) -> str | None:
    """The button clicked since the last move was handled, if any."""
    return next((name for name, button in buttons.items() if button.value > handled[name]), None)


@app.function
def move_from_widget(state, widget, typed: str, take: bool) -> str:
    """The learner's turn as an engine move: typed, or built in the card widget."""
    if typed.strip():
        return "play " + typed.strip()
    groups, selected = widget.group_cards(), widget.selected_cards()
    spot = state.spot_for(ME, "drawn")
    if not take:
        return "play " + play_text(spot, groups, selected)
    if not groups:
        raise ValueError("group the cards that go down with the top card of the pile first")
    rest = play_text(spot, groups[1:], selected)
    return f"play pickup {format_cards(groups[0])}" + (f"; {rest}" if rest else "")


@app.cell
def move_cell(draw_button, game, get_handled, hand_view, next_button, play_button, set_game, set_handled, state,
              take_button, typed_turn):
    _buttons = {"draw": draw_button, "take": take_button, "play": play_button, "next": next_button}
    _which = clicked(_buttons, get_handled())
    _shown = mo.md("")
    if _which is not None:
        set_handled({name: button.value for name, button in _buttons.items()})
        try:
            _move = {"draw": "draw", "next": "deal"}.get(_which) or move_from_widget(
                state, hand_view.widget, typed_turn.value, take=_which == "take")
        except ValueError as _error:
            _shown = problem(_error)
        else:
            set_game(learner_move(game, _move))
    _shown
    return


@app.cell
def _(game, state):
    _parts = []
    if game["note"] is not None:
        _parts.append(problem(game["note"], lead="Refused"))
    if state.hand_over:
        _parts.append(mo.callout(mo.md(hand_result(state)), kind="info"))
    _log = game["log"][-8:]
    if _log:
        _parts.append(mo.md("**Last moves**\n\n" + "\n".join(f"- {line}" for line in _log)))
    mo.vstack(_parts)
    return


@app.cell
def _():
    get_coached, set_coached = mo.state({"click": 0, "moves": -1, "text": ""})
    return get_coached, set_coached


@app.cell
def coach_cell(coach_button, get_coached, set_coached, state):
    # The coach speaks when asked, about the position at that moment; its words stay until the next move.
    _said = get_coached()
    _moves = (state.hand_no, len(state.history))
    if coach_button.value > _said["click"]:
        if state.hand_over or state.to_act != ME:
            _text = "The coach speaks on your turn."
        else:
            _text = "**Coach**\n\n" + coach_text(state)
        set_coached({"click": coach_button.value, "moves": _moves, "text": _text})
    else:
        _text = _said["text"] if _said["moves"] == _moves else ""
    mo.callout(mo.md(_text), kind="success") if _text else mo.md("")
    return


@app.cell
def _(new_take_with):
    take_with_ask = dealt(new_take_with, take_with_question)
    take_with_hand, _draws, _shown = pile_exercise(
        take_with_ask, "Find the top card's rank in your hand. A natural pair of it takes the pile; so do one "
        "natural and a wild card, while the pile is not frozen.", draw=False)
    mo.vstack([mo.md(r"""
    ### Practice: take the pile

    The practice turns below come from other classic hands, played by the
    bots in every seat; yours is the South hand. Here your turn starts and
    the pile is yours: select the cards from your hand that go down with its
    top card. First you hold a natural pair of its rank; then only one
    natural and a wild card.
    """), new_take_with, _shown])
    return take_with_ask, take_with_hand


@app.cell
def take_with_check(take_with_ask, take_with_hand, tracker):
    _right, _text = (pickup_feedback(take_with_ask, take_with_hand.widget.selected_cards(), False)
                     if take_with_ask else (None, ""))
    answered(practise(_right, _text, _text, tracker=tracker, exercise="take-with",
                      waiting="Select the cards that take the pile." if take_with_ask else "Deal a turn first."),
             take_with_ask and pile_solution(take_with_ask))
    return


@app.cell
def _(new_whole_turn):
    whole_turn_ask = dealt(new_whole_turn, whole_turn_question)
    whole_turn_hand, _shown = drawn_exercise(
        whole_turn_ask, f"A new meld is {meld_size_words(rules_for(PRACTICE))}; a lay-off is cards of a rank "
        "your side has melded. Keep one card out of your groups: the turn ends with its discard.")
    mo.vstack([mo.md(r"""
    ### Practice: a whole turn

    You have drawn. Put something down: select the cards of a meld, or of a
    lay-off onto your side's melds, and press **Group**; then select the one
    card you discard. The referee judges the whole turn. First the checker
    sees a new meld in your hand; then a card that joins a meld on the table.
    """), new_whole_turn, _shown])
    return whole_turn_ask, whole_turn_hand


@app.cell
def whole_turn_check(tracker, whole_turn_ask, whole_turn_hand):
    _widget = whole_turn_hand.widget if whole_turn_ask else None
    _right, _text = (whole_turn_feedback(whole_turn_ask, _widget.group_cards(), _widget.selected_cards())
                     if whole_turn_ask else (None, ""))
    answered(practise(_right, _text, _text, tracker=tracker, exercise="whole-turn",
                      waiting="Group a meld, then select your discard." if whole_turn_ask else "Deal a turn first."),
             whole_turn_ask and whole_turn_solution(whole_turn_ask), title="Show what the checker lists")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Hints
    """)
    return


@app.cell
def hints_cell(hints_switch, state):
    if not hints_switch.value or state.hand_over:
        _shown = mo.md("Switch the hints on to ask the checker which melds you may put down and whether you can "
                       "go out." if not hints_switch.value else "")
    else:
        _spot = state.spot_for(ME)
        _melds, _melds_view = ask_verdict("melds", _spot)
        if _melds is not None:
            _rows = [f"- {c['kind']} `{c['cards']}`" + (f" onto meld {c['to']}" if c["to"] else "")
                     + f" ({c['points']} points)" for c in _melds.extra["melds"]]
            _melds_view = mo.md("\n".join(_rows) or "No meld can go down this turn.")
        _, _out_view = ask_verdict("go-out", _spot, yes="Yes, you can go out this turn",
                                   no="No, you cannot go out this turn")
        _shown = mo.accordion({"Which melds may I put down?": _melds_view, "Can I go out?": _out_view})
    _shown
    return


@app.cell
def _(new_lay_off):
    lay_off_ask = dealt(new_lay_off, lay_off_question)
    lay_off_hand, _shown = drawn_exercise(
        lay_off_ask, "Go through your side's melds one by one: every natural of a melded rank can join it. A wild "
        "card can join a meld that still has room for one more.")
    mo.vstack([mo.md(r"""
    ### Practice: see what the hint sees

    The hint lists every meld and lay-off you may put down. Find them
    yourself first. You have drawn and your side has melded: select every
    card of your hand that can join one of your side's melds. First your hand
    holds no wild card; then it does.
    """), new_lay_off, _shown])
    return lay_off_ask, lay_off_hand


@app.cell
def lay_off_check(lay_off_ask, lay_off_hand, tracker):
    _right, _text = lay_off_feedback(lay_off_ask, lay_off_hand.widget.selected_cards()) if lay_off_ask else (None, "")
    answered(practise(_right, _text, _text, tracker=tracker, exercise="lay-off-every",
                      waiting="Select the cards that can join your melds." if lay_off_ask else "Deal a turn first."),
             lay_off_ask and meld_list(lay_off_ask["spot"].rules, lay_off_ask["melds"]),
             title="Show what the checker lists")
    return


@app.cell
def _(new_first_meld):
    first_meld_ask = dealt(new_first_meld, first_meld_question)
    first_meld_hand, _shown = drawn_exercise(
        first_meld_ask, "Count the points of each meld you could make, highest cards first. A wild card is worth "
        "more than most naturals: one wild card may save you a whole second meld.")
    mo.vstack([mo.md(r"""
    ### Practice: a first meld, and no more

    Your side has not melded yet. Group a first meld that reaches the
    minimum: first any that does; then one that reaches it with as few cards
    as can be. What stays in your hand keeps pairs to take the pile with and
    melds for later turns.
    """), new_first_meld, _shown])
    return first_meld_ask, first_meld_hand


@app.cell
def first_meld_check(first_meld_ask, first_meld_hand, tracker):
    _right, _text = (first_meld_feedback(first_meld_ask, first_meld_hand.widget.group_cards())
                     if first_meld_ask else (None, ""))
    answered(practise(_right, _text, _text, tracker=tracker, exercise="first-meld-fewest",
                      waiting="Group your first meld: select its cards, press Group." if first_meld_ask
                      else "Deal a turn first."),
             first_meld_ask and first_meld_solution(first_meld_ask))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: before you draw

    Whenever your turn starts, ask yourself first: may I take the pile? Answer
    for the position above before you draw; the checker tells you at once.
    """)
    return


@app.cell
def _(state):
    pile_answer = mo.ui.radio(options=["yes", "no"], label="May you take the pile now?", inline=True)
    pile_answer if state.phase == "before-draw" and state.to_act == ME else mo.md("*Wait for your next turn.*")
    return (pile_answer,)


@app.cell
def exercise_feedback(pile_answer, state):
    # The checker is asked once there is an answer to check.
    pile_verdict, pile_view = (None, mo.md("*Answer first.*")) if pile_answer.value is None else ask_verdict(
        "pickup", state.spot_for(ME, "before-draw"), yes="Yes, the pile may be taken", no="No, the pile may not be taken")
    _known = pile_verdict is not None and state.phase == "before-draw"
    check(None if pile_answer.value is None or not _known else (pile_answer.value == "yes") == pile_verdict.answer,
          "Right. Open the checker's answer below for the proof.", "Not this time: open the checker's answer below.",
          waiting="Answer at the start of your turn.")
    return (pile_view,)


@app.cell(hide_code=True)
def _(pile_view):
    solution("Show the checker's answer", pile_view)
    return


@app.cell(hide_code=True)
def _(state):
    _rules = state.rules
    quote(_rules, _rules.cite("go_out"), _rules.cite("pile"))
    return


@app.cell
def _(new_pile_open):
    pile_open_ask = dealt(new_pile_open, pile_open_question)
    pile_open_hand, pile_open_draws, _shown = pile_exercise(
        pile_open_ask, "Look at the top card first: a black three there blocks the pile. Then at the whole pile: "
        "with a wild card or a red three in it, only a natural pair of the top card's rank takes it.")
    mo.vstack([mo.md(r"""
    ### Practice: may you take it now?

    Your turn starts. Select the cards from your hand that take the pile,
    or switch on the draw if no cards of yours can. First a black three lies
    on top; then the pile is frozen; then either, or neither.
    """), new_pile_open, _shown])
    return pile_open_ask, pile_open_draws, pile_open_hand


@app.cell
def pile_open_check(pile_open_ask, pile_open_draws, pile_open_hand, tracker):
    _right, _text = (pickup_feedback(pile_open_ask, pile_open_hand.widget.selected_cards(), pile_open_draws.value)
                     if pile_open_ask else (None, ""))
    answered(practise(_right, _text, _text, tracker=tracker, exercise="pile-open-now",
                      waiting="Select your cards, or switch on the draw." if pile_open_ask else "Deal a turn first."),
             pile_open_ask and pile_solution(pile_open_ask))
    return


@app.cell
def _(new_pile_first):
    pile_first_ask = dealt(new_pile_first, pile_first_question)
    pile_first_hand, pile_first_draws, _shown = pile_exercise(
        pile_first_ask, "Only a natural pair of the top card's rank takes a pile your side has not melded from. "
        "Add up the top card and your pair, then any other meld your hand could put down with them: is it the "
        "minimum your first meld needs?")
    mo.vstack([mo.md(r"""
    ### Practice: the pile as your first meld

    Your side has not melded, and you hold a card of the top card's rank.
    Taking the pile is then your first meld: the pile is frozen for you, and
    the meld must reach the minimum. Select the cards that take it, or
    switch on the draw if it cannot be done. First it can; then it cannot;
    then either.
    """), new_pile_first, _shown])
    return pile_first_ask, pile_first_draws, pile_first_hand


@app.cell
def pile_first_check(pile_first_ask, pile_first_draws, pile_first_hand, tracker):
    _right, _text = (pickup_feedback(pile_first_ask, pile_first_hand.widget.selected_cards(), pile_first_draws.value)
                     if pile_first_ask else (None, ""))
    answered(practise(_right, _text, _text, tracker=tracker, exercise="pile-first-meld",
                      waiting="Select your cards, or switch on the draw." if pile_first_ask else "Deal a turn first."),
             pile_first_ask and pile_solution(pile_first_ask))
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: what would the coach do?

    The practice spots below come from other classic hands, played by the
    bots in every seat; yours is the South hand. Answer, then read the
    coach's reasons.
    """)
    return


@app.function
def since_words(told_lines) -> mo.Html:
    """What the others did since your last turn, one sentence a move."""
    lines = "\n".join(f"- {line}" for line in told_lines[-6:])
    return mo.md(f"**What the others did since your last turn**\n\n{lines}")


@app.function
def practice_table(state, hand=None):
    """A practice spot on screen: the other side's melds, then your side's table.

    With ``hand``, your table is the card widget holding those cards, to answer on; without, a picture.
    """
    spot = state.spot_for(ME)
    mine = state.side_of(ME)
    others = [mo.Html(melds_html(state.melds[s], wild=state.rules.wild_ranks, label=f"Melds of {side_name(state, s)}"))
              for s in range(state.sides) if s != mine]
    if hand is None:
        return others, table_view(spot, f"Stock: {len(state.stock)} cards.", title="Your side")
    return others, hand_widget(state.rules, format_cards(hand), melds=spot.melds, discard=spot.discard)


@app.function
def dealt(button, question):
    """The question the button's clicks have dealt; ``None`` before the first click (a spot takes a hand to play)."""
    return question(button.value - 1) if button.value else None


@app.cell
def _():
    new_pile = deal_button("Deal a spot")
    new_pile
    return (new_pile,)


@app.cell
def _(new_pile):
    pile_ask = dealt(new_pile, pile_question)
    pile_pick = mo.ui.radio(options=list(PILE_CHOICES), inline=True, label="Your turn starts. What would the coach do?")
    if pile_ask is None:
        _shown = mo.md(NOT_DEALT)
    else:
        _others, _table = practice_table(pile_ask["state"])
        _shown = mo.vstack([since_words(pile_ask["told"]), *_others, _table, pile_pick,
                            hint("First: may you take the pile at all? If not, you draw. If you may, a big pile "
                                 "with cards you can meld is usually worth it; a small one may not be.")])
    _shown
    return pile_ask, pile_pick


@app.cell
def pile_check(pile_ask, pile_pick, tracker):
    _right, _text = pile_feedback(pile_ask, pile_pick.value) if pile_ask else (None, "")
    practise(_right, _text, _text, tracker=tracker, exercise="coach-draw-or-take",
             waiting="Choose a move." if pile_ask else "Deal a spot first.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### Which card would the coach throw away?

    You have drawn. The coach has made its melds (told above the cards);
    select the card it would discard from what is left.
    """)
    return


@app.cell
def _():
    new_discard = deal_button("Deal a spot")
    new_discard
    return (new_discard,)


@app.cell
def _(new_discard):
    discard_ask = dealt(new_discard, discard_question)
    if discard_ask is None:
        discard_hand, _shown = None, mo.md(NOT_DEALT)
    else:
        _others, discard_hand = practice_table(discard_ask["state"], discard_ask["left"])
        _melds = discard_ask["meld_words"]
        _shown = mo.vstack([since_words(discard_ask["told"]), *_others,
                            mo.md(f"The coach first {_melds}." if _melds else "The coach melds nothing this turn."),
                            discard_hand,
                            hint("A good discard is a card nobody can use: not a wild card, not one of a pair "
                                 "you are building, not a rank the other side has melded.")])
    _shown
    return discard_ask, discard_hand


@app.cell
def discard_check(discard_ask, discard_hand, tracker):
    _right, _text = discard_feedback(discard_ask, discard_hand.widget.selected_cards()) if discard_ask else (None, "")
    practise(_right, _text, _text, tracker=tracker, exercise="coach-discard",
             waiting="Select one card." if discard_ask else "Deal a spot first.")
    return


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ### May you go out now?

    You have drawn. Could you end the hand this turn? The checker answers.
    """)
    return


@app.cell
def _():
    new_out = deal_button("Deal a spot")
    new_out
    return (new_out,)


@app.cell
def _(new_out):
    out_ask = dealt(new_out, out_question)
    out_answer = mo.ui.radio(options=["yes", "no"], inline=True, label="May you go out this turn?")
    if out_ask is None:
        _shown = mo.md(NOT_DEALT)
    else:
        _others, _table = practice_table(out_ask["state"])
        _need = out_ask["state"].rules.canastas_to_go_out
        _shown = mo.vstack([since_words(out_ask["told"]), *_others, _table, out_answer,
                            hint(f"Going out needs your side's canasta{'s' * (_need != 1)} first; then every card "
                                 "in your hand but one discard must go into melds.")])
    _shown
    return out_answer, out_ask


@app.cell
def out_check(out_answer, out_ask, tracker):
    _right, _text = out_feedback(out_ask, out_answer.value) if out_ask else (None, "")
    practise(_right, _text, _text, tracker=tracker, exercise="go-out-now",
             waiting="Answer yes or no." if out_ask else "Deal a spot first.")
    return


@app.cell(hide_code=True)
def _():
    recap([
        "A turn is a draw (the stock or the pile), melds and lay-offs if you wish, and one discard.",
        "Take the pile when its top card goes down at once with your cards, and the whole turn still ends legally.",
        "Ask the coach at any point: it says what you could do now, and why.",
    ])
    return


if __name__ == "__main__":
    app.run()
