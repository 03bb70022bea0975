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
                          play_text, practise, problem, progress_widget, quote, solution, table_view)
    from tutor.cards import format_cards
    from tutor.errors import TutorError
    from tutor.render import melds_html
    from tutor.rules import BUILTIN, rules_for

    ME = 0  # the learner's seat; the others are bots
    PLAYERS = {"classic": 4, "house": 4, "canasty": 3, "albany": 3}
    OPPONENTS = {"bots that play at once": "greedy", "bots that search": "ismcts:4"}

    LESSON = "16_play_a_hand"
    EXERCISES = ("coach-draw-or-take", "coach-discard", "go-out-now")
    # The practice spots come from classic hands that the bots play in every seat, the learner's too.
    PRACTICE = "classic"
    # The coach's search gets time enough to run all its deals, so a spot always gets the same advice.
    COACH_SECONDS = 60.0
    # Draw or take: first a pile the checker says is closed to you, then one you may take, then either in turn.
    PILE_STEPS = ("pile-closed", "pile-open")
    # Going out: first a side with melds but no canasta, then sides with a canasta (early or late in the hand).
    OUT_STEPS = ("no-canasta", "canasta")
    PILE_CHOICES = ("Draw from the stock", "Take the pile")
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
def practice_turn(seed: int, phase: str, wanted, *, tries: int = 40) -> tuple:
    """A practice hand stopped at one of the learner's turns: ``(state, what happened since the learner's last turn)``.

    The bots play every seat; the turn is the first in ``phase``, from the learner's third turn on, that
    ``wanted(state)`` accepts.
    """
    from tutor.engine import GreedyBot, new_game

    bot = GreedyBot()
    for k in range(tries):
        state = new_game(PRACTICE, {"players": PLAYERS[PRACTICE]}, seed=seed * 100 + k)
        turns, since = 0, 0
        while not state.hand_over:
            seat = state.to_act
            turns += seat == ME and state.phase == "before-draw"
            if seat == ME and state.phase == phase and turns >= 3 and wanted(state):
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


@app.cell(hide_code=True)
def _():
    mo.md(r"""
    ## Exercise: what would the coach do?

    The practice spots below come from other classic hands, played by the
    bots in every seat; yours is the South hand. Answer, then read the
    coach's reasons.
    """)
    return


@app.cell
def _():
    tracker = progress_widget(LESSON, EXERCISES)
    tracker
    return (tracker,)


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


if __name__ == "__main__":
    app.run()
