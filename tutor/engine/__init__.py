"""Whole hands and games of every variant: the state, its moves, the bots.

``Game`` holds what stays fixed (variant, options, seed), ``State`` the cards
and the history (OpenSpiel's split). Every turn is judged by
``tutor.turn.play_turn`` on the acting seat's contract spot::

    from tutor.engine import new_game, GreedyBot, play_bots

    state = new_game("classic", {"players": 4}, seed=7)    # dealt; seat 0 to play
    bots = [None, GreedyBot(), GreedyBot(), GreedyBot()]  # seat 0 is the learner
    play_bots(state, bots)                                # returns 0: the learner's move
    state.view(0)                                         # own hand, every table, the pile as it lies
    state.spot_for(0)                                     # the contract's spot (a puzzle, a question)
    state.apply("draw")
    state.check("play meld 7S 7H 7C; discard 9C")         # raises TurnError, naming the rule, if illegal
    state.apply("play meld 7S 7H 7C; discard 9C")
    play_bots(state, bots)                                # the bots answer
    state = state.undo()                                  # take the last turn back
    text = state.to_json()                                # and State.from_json(text) reads it back

Moves are small values with a text form (``tutor.engine.moves``); the
history of (seat, move) pairs replays the game exactly (``State.replay``).
"""

from .bots import Bot, GreedyBot, RandomBot, make_bot
from .driver import Report, Tally, bots_for, new_game, play_bots, play_game, play_hand, simulate, step
from .game import EngineError, Game
from .moves import (Accept, Answer, AskPartner, Bid, Combine, Draw, Exchange, Move, NextHand, OddMan, Offer,
                    Play, parse_move)
from .state import (ASKING, BEFORE_DRAW, BIDDING, CHOOSING, DRAWN, GAME_OVER, HAND_OVER, ODD_MAN, State,
                    judge_turn)
from .transcript import transcript
from .view import PlayerView

__all__ = [
    "Game", "State", "PlayerView", "EngineError", "judge_turn",
    "Move", "Draw", "Play", "Exchange", "Combine", "AskPartner", "Answer", "Offer", "Bid", "Accept", "OddMan",
    "NextHand", "parse_move",
    "Bot", "GreedyBot", "RandomBot", "make_bot", "bots_for",
    "new_game", "play_bots", "play_hand", "transcript", "play_game", "step", "simulate", "Report", "Tally",
    "BEFORE_DRAW", "DRAWN", "ASKING", "BIDDING", "CHOOSING", "HAND_OVER", "ODD_MAN", "GAME_OVER",
]
