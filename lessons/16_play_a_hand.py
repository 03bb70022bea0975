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
                          play_text, practise, problem, progress_widget, quote, solution)
    from tutor.cards import format_cards
    from tutor.errors import TutorError
    from tutor.render import melds_html
    from tutor.rules import BUILTIN, rules_for

    ME = 0  # the learner's seat; the others are bots
    PLAYERS = {"classic": 4, "house": 4, "canasty": 3, "albany": 3}
    OPPONENTS = {"bots that play at once": "greedy", "bots that search": "ismcts:4"}


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
def told(state, since: int) -> list[str]:
    """The events after ``since`` as sentences about the players who made them."""
    from tutor.engine.coach import event_words

    names = player_names(state)
    lines = (event_words(e, names) for e in state.events[since:])
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
def coach_text(state) -> str:
    """The coach's advice for the learner's position, from what the learner can see."""
    from tutor.engine.coach import advise
    from tutor.engine.ismcts import observe

    advice = advise(observe(state, ME))
    return "\n".join(f"- {without_seat_numbers(state, line)}" for line in advice.lines)


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
        "how every turn, yours and the bots', is judged by the same rules engine.",
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


if __name__ == "__main__":
    app.run()
