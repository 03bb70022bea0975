"""The state of a game (OpenSpiel's ``State``): the cards, whose move it is, the history.

A ``State`` changes only through ``apply(move)``. Every ``Play`` is judged by
``tutor.turn.play_turn`` on the acting seat's exported spot before anything
changes, so the engine holds no turn rule of its own: it deals, draws, lays
out bonus cards, moves the cards ``play_turn`` says moved, and scores the
hand with ``tutor.scoring.score_hand``. Albany's joker exchange and combining
(A-COMBINE) are moves of their own here, judged by ``tutor.table_moves``.

Every shuffle is seeded from the game's seed and its place in the game, so
the history of moves (``state.history``) replays the game exactly; undo is a
replay without the last turn. ``to_dict``/``from_dict`` write and read the
whole state.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any, Iterable

from ..cards import RANK_ORDER, SUITS, Card, format_cards, full_deck, parse_cards
from ..errors import IllegalPlayError, TutorError
from ..play import Action
from ..rules import Rules
from ..scoring import score_hand
from ..spot import Spot
from ..table_moves import combine_sets, exchange_joker
from ..turn import Turn, play_turn
from .game import EngineError, Game
from .moves import (Accept, Answer, AskPartner, Bid, Combine, Draw, Exchange, Move, NextHand, OddMan, Offer,
                    Play, parse_move)
from .view import PlayerView

FORMAT = "canasta-tutor-state/1"

# Phases of a hand; ``pending`` marks a question put to another seat mid-turn.
BEFORE_DRAW, DRAWN, HAND_OVER, ODD_MAN, GAME_OVER = "before-draw", "drawn", "hand-over", "odd-man", "game-over"
ASKING, BIDDING, CHOOSING = "asking", "bidding", "choosing"

# How a hand can end.
OUT, STOCK, CIRCLED, TURN_LIMIT = "out", "stock", "circled", "turn-limit"

# The variant data says which card roles the dealer turns away from the pile's first
# card (pile.start_burns: canasty burns bonus and wild cards) and what an empty stock
# does (draw.exhausted: the hand ends, or albany turns the pile into a new stock).

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def card_key(card: Card) -> tuple[int, int]:
    """Hand order: jokers, then aces down to 2s, spades-hearts-diamonds-clubs."""
    return (-(RANK_ORDER.get(card.rank) or 15), _SUIT_INDEX.get(card.suit, -1))


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=card_key)


# -- the one judge of turns ---------------------------------------------------------
_last_judged: list = [None]


def judge_turn(spot: Spot, actions: tuple[Action, ...]) -> Turn:
    """``play_turn(spot, actions)``, remembering the last answer.

    A bot that checks its play and the engine that then applies it ask the same
    question about an equal spot; the second asking gets the first answer.
    """
    last = _last_judged[0]
    if last is not None and last[1] == actions and (last[0] is spot or last[0] == spot):
        return last[2]
    turn = play_turn(spot, actions)
    _last_judged[0] = (spot, actions, turn)
    return turn


class State:
    """A game in progress: ``Game("classic", seed=1).new_state()``."""

    def __init__(self, game: Game, *, _deal: bool = True):
        self.game = game
        n = game.players
        self.rules: Rules = game.rules
        self.seating: tuple[int, ...] = game.seating
        self.odd_man = False
        self.hand_no = 0
        self.dealer = n - 1
        self.current = 0
        self.phase = BEFORE_DRAW
        self.pending: str | None = None
        self.turns = 0
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.melds: list[list[tuple[Card, ...]]] = [[] for _ in range(game.sides)]
        self.bonus: list[list[Card]] = [[] for _ in range(game.sides)]
        self.pile: list[Card] = []
        self.stock: list[Card] = []  # the top of the stock is the last card
        self.dead: list[Card] = []
        self.drawn: list[Card] = []
        self.scores: list[int] = [0] * n
        # this turn
        self.asked = False
        self.permission: bool | None = None
        self.partner: int | None = None
        self.offered = False
        self.table_moves = 0
        self.auction: dict | None = None
        # this hand
        self.reshuffles = 0
        self.circling: tuple[Card, int] | None = None
        # the game
        self.first_hand_best: int | None = None
        self.results: list[dict] = []
        self.outcome: dict | None = None
        self.history: list[tuple[int, str]] = []
        self.turn_starts: list[int] = []
        self.turn_open = False
        self.events: list[dict] = []
        self._spot_cache: tuple | None = None  # the last spot exported, by (moves made, seat, phase)
        if _deal:
            self._deal()

    # -- reading the state ------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def sides(self) -> int:
        return len(self.melds)

    @property
    def to_act(self) -> int:
        """The seat whose move it is now."""
        if self.pending == ASKING:
            return self.partner  # type: ignore[return-value]
        if self.pending == BIDDING:
            return self.auction["queue"][len(self.auction["bids"])]  # type: ignore[index]
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def hand_over(self) -> bool:
        return self.phase in (HAND_OVER, GAME_OVER)

    def side_of(self, seat: int) -> int:
        return self.seating[seat]

    def seats_of(self, side: int) -> list[int]:
        return [s for s, x in enumerate(self.seating) if x == side]

    def competitors(self) -> list[tuple[list[int], int]]:
        """Who plays for a result over the whole game: the fixed sides, with their scores."""
        out = []
        for side in range(self.game.sides):
            seats = [s for s in range(self.players) if self.game.side_of(s) == side]
            out.append((seats, self.scores[seats[0]]))
        return out

    def count_cards(self) -> Counter:
        """Every card in the game, wherever it is: hands, tables, pile, stock, bonus, dead."""
        total = Counter()
        for h in self.hands:
            total.update(h)
        for side in self.melds:
            for m in side:
                total.update(m)
        for b in self.bonus:
            total.update(b)
        total.update(self.pile)
        total.update(self.stock)
        total.update(self.dead)
        return total

    def cards_conserved(self) -> bool:
        """Does every card of the pack appear exactly once, counting copies?"""
        return dict.__eq__(self.count_cards(), self.rules.pack)

    def spot_for(self, seat: int | None = None, phase: str | None = None) -> Spot:
        """The contract's spot for ``seat`` (default: the seat to act) at this moment.

        ``phase`` is "drawn" once the seat has drawn from the stock this turn,
        else "before-draw"; ``melds`` are the seat's side's melds and ``score``
        its cumulative score before this hand.
        """
        seat = self.current if seat is None else seat
        if phase is None:
            phase = DRAWN if (seat == self.current and self.phase == DRAWN) else BEFORE_DRAW
        key = (len(self.history), seat, phase)
        if self._spot_cache is not None and self._spot_cache[0] == key:
            return self._spot_cache[1]
        spot = self._export(seat, phase)
        self._spot_cache = (key, spot)
        return spot

    def _export(self, seat: int, phase: str) -> Spot:
        side = self.seating[seat]
        others = []
        for k in range(1, self.players):
            s = (seat + k) % self.players
            if self.seating[s] != side and self.seating[s] not in [self.seating[o] for o in others]:
                others.append(s)
        # first_round and scores mean something only where the wimp rule exists (as Spot.from_dict reads them)
        wimp = "wimp_rule" in self.rules.variant.options
        return Spot(rules=self.rules, hand=tuple(self.hands[seat]), melds=tuple(self.melds[side]),
                    discard=tuple(self.pile), red_threes=tuple(self.bonus[side]), score=self.scores[seat],
                    stock=len(self.stock), phase=phase, first_round=wimp and self.turns < self.players,
                    scores=(self.scores[seat], *(self.scores[o] for o in others)) if wimp else (self.scores[seat],),
                    variant_name=self.game.variant)

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the seat to act) may see now."""
        seat = self.to_act if seat is None else seat
        fanned = self.rules["pile"].get("style") == "fanned"
        visible = tuple(self.pile) if fanned else tuple(self.pile[-1:])
        auction = self.auction or {}
        return PlayerView(
            seat=seat, side=self.seating[seat], seating=self.seating, hand=tuple(self.hands[seat]),
            tables=tuple(tuple(side) for side in self.melds), bonus=tuple(tuple(b) for b in self.bonus),
            pile_visible=visible, pile_size=len(self.pile), stock=len(self.stock), dead=tuple(self.dead),
            hand_sizes=tuple(len(h) for h in self.hands), scores=tuple(self.scores), current=self.current,
            to_act=self.to_act, phase=self.phase, pending=self.pending, hand_no=self.hand_no, turns=self.turns,
            drawn=tuple(self.drawn) if seat == self.current else (),
            offer=tuple(auction.get("offer", ())), bids=tuple((s, tuple(c)) for s, c in auction.get("bids", ())),
            permission=self.permission, asked=self.asked, table_moves=self.table_moves, offered=self.offered,
            spot=self.spot_for(seat))

    # -- changing the state ------------------------------------------------------
    def apply(self, move: Move | str, seat: int | None = None) -> None:
        """Take one move for the seat to act (``seat``, if given, must be that seat).

        An illegal move raises (``TurnError`` and other ``IllegalPlayError`` for a
        rule broken, ``EngineError`` for a move out of turn or phase) and changes nothing.
        """
        if isinstance(move, str):
            move = parse_move(move)
        if self.phase == GAME_OVER:
            raise EngineError("the game is over")
        actor = self.to_act
        if seat is not None and seat != actor:
            raise EngineError(f"it is seat {actor}'s move, not seat {seat}'s")
        handler = self._HANDLERS.get(type(move))
        if handler is None:
            raise EngineError(f"not a move: {move!r}")
        start = len(self.history)
        saved = self._save()
        try:
            ends_turn = handler(self, actor, move)
        except BaseException:
            self._restore(saved)
            raise
        if not self.turn_open:
            self.turn_starts.append(start)
        self.history.append((actor, str(move)))
        self.turn_open = not ends_turn

    _SCALARS = ("rules", "seating", "odd_man", "hand_no", "dealer", "current", "phase", "pending", "turns", "asked",
                "permission", "partner", "offered", "table_moves", "reshuffles", "circling", "first_hand_best",
                "outcome")

    def _save(self) -> tuple:
        """Enough to undo a move that fails half way (a move either happens whole or not at all)."""
        auction = None if self.auction is None else {**self.auction, "bids": list(self.auction["bids"])}
        return ({k: getattr(self, k) for k in self._SCALARS}, [list(h) for h in self.hands],
                [list(m) for m in self.melds], [list(b) for b in self.bonus], list(self.pile), list(self.stock),
                list(self.dead), list(self.drawn), list(self.scores), auction, len(self.results), len(self.events))

    def _restore(self, saved: tuple) -> None:
        scalars, hands, melds, bonus, pile, stock, dead, drawn, scores, auction, results, events = saved
        for k, v in scalars.items():
            setattr(self, k, v)
        self.hands, self.melds, self.bonus, self.pile, self.stock = hands, melds, bonus, pile, stock
        self.dead, self.drawn, self.scores, self.auction = dead, drawn, scores, auction
        del self.results[results:]
        del self.events[events:]
        self._spot_cache = None

    def check(self, move: Move | str, seat: int | None = None) -> Turn | None:
        """Would ``move`` be accepted now? Raises as ``apply`` would; changes nothing.

        A ``Play`` answers with the ``Turn`` that ``play_turn`` judged.
        """
        if isinstance(move, str):
            move = parse_move(move)
        spot = self.spot_for(self.current, self.phase) if isinstance(move, Play) else None
        saved = self._save()
        marks = (len(self.history), len(self.turn_starts), self.turn_open)
        try:
            self.apply(move, seat)
        finally:
            self._restore(saved)
            del self.history[marks[0]:]
            del self.turn_starts[marks[1]:]
            self.turn_open = marks[2]
        return judge_turn(spot, move.actions) if spot is not None else None

    def clone(self) -> "State":
        return State.from_dict(self.to_dict())

    def undo(self) -> "State":
        """A new state without the last turn (the current one, if it has begun)."""
        if not self.turn_starts:
            raise EngineError("nothing to undo: no move has been made")
        return State.replay(self.game, self.history[: self.turn_starts[-1]])

    @classmethod
    def replay(cls, game: Game, history: Iterable[tuple[int, str]]) -> "State":
        """The state reached by playing ``history`` (seat, move text) from the deal."""
        state = cls(game)
        for seat, text in history:
            state.apply(parse_move(text), seat)
        return state

    # -- the deal --------------------------------------------------------------------
    def _event(self, kind: str, **data: Any) -> None:
        self.events.append({"hand": self.hand_no, "event": kind, **data})

    def _deal(self) -> None:
        game, rules = self.game, self.rules
        n = self.players
        self.hand_no += 1
        self.dealer = (self.hand_no - 2) % n
        leader = (self.dealer + 1) % n
        deck = full_deck(rules.layout.decks, rules["pack"]["jokers_per_deck"])
        game.rng("deal", self.hand_no).shuffle(deck)
        self.stock = deck
        self.hands = [[] for _ in range(n)]
        self.melds = [[] for _ in range(max(self.seating) + 1)]
        self.bonus = [[] for _ in range(len(self.melds))]
        self.pile, self.dead, self.drawn = [], [], []
        self.turns, self.reshuffles, self.circling = 0, 0, None
        self._reset_turn()
        for _ in range(rules.layout.hand):
            for k in range(n):
                self.hands[(leader + k) % n].append(self.stock.pop())
        burns = tuple(rules["pile"].get("start_burns", ()))
        burned = []
        card = self.stock.pop()
        while rules.role(card) in burns:
            burned.append(card)
            self.stock.insert(0, card)
            card = self.stock.pop()
        self.pile = [card]
        self._event("deal", dealer=self.dealer, seating=list(self.seating),
                    hands=[format_cards(sort_cards(h)) for h in self.hands], pile=str(card),
                    burned=format_cards(burned))
        self.current = leader
        self.phase = BEFORE_DRAW
        for k in range(n):
            seat = (leader + k) % n
            if not self._lay_out_bonus(seat, list(self.hands[seat])):
                return
        for seat in range(n):
            self.hands[seat] = sort_cards(self.hands[seat])

    def _reset_turn(self) -> None:
        self.drawn = []
        self.asked, self.permission, self.partner = False, None, None
        self.offered, self.table_moves, self.auction = False, 0, None
        self.pending = None

    def _exhausted(self) -> str:
        return self.rules["draw"].get("exhausted", "end")

    def _pop(self, reshuffle: bool = True) -> Card | None:
        """The stock's top card; an empty stock is rebuilt from the pile where the variant says so."""
        if not self.stock and reshuffle and self._exhausted() == "reshuffle":
            self._reshuffle()
        return self.stock.pop() if self.stock else None

    def _reshuffle(self) -> bool:
        below = self.pile[:-1]
        if not below or all(self.rules.role(c) == "stopper" for c in below):
            return False
        self.reshuffles += 1
        self.game.rng("reshuffle", self.hand_no, self.reshuffles).shuffle(below)
        self.stock = below
        self.pile = self.pile[-1:]
        self._event("reshuffle", cards=len(below))
        return True

    def _lay_out_bonus(self, seat: int, arrived: list[Card]) -> bool:
        """Lay out bonus cards that just arrived and replace them; False if the stock ran out.

        With ``replacement = "batch"`` (Y-BONUSDRAW) the cards that arrive together
        are a batch: its first red 3 draws two, every other bonus card one, and the
        replacements are the next batch. Otherwise each bonus card draws one (C-RED3).
        """
        rules = self.rules
        side = self.seating[seat]
        batch = [c for c in arrived if rules.role(c) == "bonus"]
        while batch:
            for c in batch:
                self.hands[seat].remove(c)
                self.bonus[side].append(c)
            if rules["bonus_cards"].get("replacement") == "batch":
                threes = [c for c in batch if c.rank == "3"]
                count = len(batch) + (1 if threes else 0)
            else:
                count = len(batch)
            new = []
            for _ in range(count):
                card = self._pop()
                if card is None:
                    break
                new.append(card)
            self.hands[seat].extend(new)
            if seat == self.current and self.phase == DRAWN:
                self.drawn.extend(new)
            self._event("bonus", seat=seat, cards=format_cards(batch), replaced=format_cards(new))
            if len(new) < count:
                self._end_hand(STOCK)
                return False
            batch = [c for c in new if rules.role(c) == "bonus"]
        return True

    # -- the moves ---------------------------------------------------------------------
    def _need_turn(self, *phases: str) -> None:
        if self.pending is not None:
            raise EngineError(f"waiting for seat {self.to_act} ({self.pending})")
        if self.phase not in phases:
            raise EngineError(f"this move is not possible now ({self.phase})")

    def _draw(self, seat: int, move: Draw) -> bool:
        self._need_turn(BEFORE_DRAW)
        draw = self.rules["draw"]
        if draw.get("turn_up_first"):  # (albany's Deluxe 4) the stock's top card is turned onto the pile first
            card = self._pop()
            if card is None:
                self._end_hand(STOCK)
                return True
            self.pile.append(card)
            self._event("turn-up", seat=seat, card=str(card), why="third stock card")
        got = []
        for _ in range(self.rules["draw"]["stock_cards"]):
            card = self._pop()
            if card is None:
                break
            got.append(card)
        if not got:
            self._event("draw", seat=seat, cards="")
            self._end_hand(STOCK)
            return True
        self.hands[seat].extend(got)
        self.drawn = list(got)
        self.phase = DRAWN
        self._event("draw", seat=seat, cards=format_cards(got))
        if not self._lay_out_bonus(seat, got):
            return True
        if draw.get("dead_card"):  # (albany's Deluxe 5) one more card, face up, out of play
            card = self._pop()
            if card is not None:
                self.dead.append(card)
                self._event("dead", seat=seat, card=str(card))
        self.hands[seat] = sort_cards(self.hands[seat])
        return False

    def _play(self, seat: int, move: Play) -> bool:
        if self.pending is not None:
            raise EngineError(f"waiting for seat {self.to_act} ({self.pending})")
        if self.phase not in (BEFORE_DRAW, DRAWN):
            raise EngineError(f"this move is not possible now ({self.phase})")
        turn = judge_turn(self.spot_for(seat, self.phase), move.actions)
        rules = self.rules
        if turn.went_out and self.permission is False:
            raise IllegalPlayError(rules.cite("go_out"), "your partner answered no to 'may I go out?': "
                                                         "you may not go out this turn")
        side = self.seating[seat]
        taken = len(turn.picked_up)
        self.pile = self.pile[: len(self.pile) - taken]
        self.melds[side] = [tuple(m) for m in turn.table]
        self.bonus[side].extend(turn.bonus_laid_out)
        self.hands[seat] = sort_cards(turn.hand.elements())
        if turn.discard is not None:
            self.pile.append(turn.discard)
        self.turns += 1
        self._event("play", seat=seat, play=str(move)[5:], went_out=turn.went_out, concealed=turn.concealed,
                    taken=format_cards(turn.picked_up))
        if turn.went_out:
            self._end_hand(OUT, seat, turn.concealed)
            return True
        if self._exhausted() == "reshuffle":
            alone = turn.pickup_kind == "a" and turn.discard is not None and turn.discard == turn.picked_up[-1]
            if alone and self.circling and self.circling[0] == turn.discard:
                self.circling = (turn.discard, self.circling[1] + 1)
            else:
                self.circling = (turn.discard, 1) if alone else None
        if self.rules["draw"].get("turn_up_after_discard"):  # (Deluxe 7) the stock's top card follows the discard
            card = self._pop(reshuffle=False)
            if card is not None:
                self.pile.append(card)
                self._event("turn-up", seat=seat, card=str(card), why="extra discard")
        if self.circling and self.circling[1] >= self.players:
            self._end_hand(CIRCLED)
        elif self.turns >= self.game.max_turns:
            self._end_hand(TURN_LIMIT)
        else:
            self.current = (seat + 1) % self.players
            self.phase = BEFORE_DRAW
            self._reset_turn()
        return True

    def _combining(self) -> str:
        rule = self.rules["meld"].get("combine_rule")
        if not rule:
            raise EngineError(f"{self.rules.id} has no exchanging or combining of sets on the table")
        self._need_turn(BEFORE_DRAW, DRAWN)
        return rule

    def _exchange(self, seat: int, move: Exchange) -> bool:
        rule = self._combining()
        table = self.melds[self.seating[seat]]
        if move.card not in self.hands[seat]:
            raise IllegalPlayError(rule, f"you do not hold {move.card}")
        table[move.meld - 1], joker = exchange_joker(self.rules, table, move.meld, move.card)
        self.hands[seat].remove(move.card)
        self.hands[seat] = sort_cards(self.hands[seat] + [joker])
        self.table_moves += 1
        self._event("exchange", seat=seat, meld=move.meld, card=str(move.card))
        return False

    def _combine(self, seat: int, move: Combine) -> bool:
        self._combining()
        side = self.seating[seat]
        self.melds[side] = combine_sets(self.rules, self.melds[side], move.first, move.second)
        self.table_moves += 1
        self._event("combine", seat=seat, sets=[move.first, move.second])
        return False

    def _ask(self, seat: int, move: AskPartner) -> bool:
        self._need_turn(BEFORE_DRAW, DRAWN)
        partners = [(seat + k) % self.players for k in range(1, self.players)
                    if self.seating[(seat + k) % self.players] == self.seating[seat]]
        if not partners:
            raise EngineError("'may I go out?' is asked of a partner; you play alone")
        if self.asked:
            raise EngineError("you have asked your partner already this turn")
        self.asked, self.partner, self.pending = True, partners[0], ASKING
        self._event("ask", seat=seat, partner=partners[0])
        return False

    def _answer(self, seat: int, move: Answer) -> bool:
        if self.pending != ASKING:
            raise EngineError("nobody has asked 'may I go out?'")
        self.permission, self.pending = move.yes, None
        self._event("answer", seat=seat, yes=move.yes)
        return False

    def _holds(self, seat: int, cards: tuple[Card, ...], what: str) -> None:
        short = Counter(cards) - Counter(self.hands[seat])
        if short:
            raise EngineError(f"{what}: seat {seat} does not hold {format_cards(short.elements())}")

    def _offer(self, seat: int, move: Offer) -> bool:
        if not self.rules["game"].get("auction"):
            raise EngineError("offers belong to the auction (a Deluxe option), which is not in play")
        self._need_turn(DRAWN)
        if self.offered:
            raise EngineError("only one offering may be made in a turn")
        if self.table_moves:
            raise EngineError("the offering comes before any card is played")
        if not move.cards:
            raise EngineError("an offering holds at least one card")
        self._holds(seat, move.cards, "offer")
        queue = [(seat + k) % self.players for k in range(1, self.players)
                 if self.seating[(seat + k) % self.players] != self.seating[seat]]
        self.offered = True
        self.auction = {"seat": seat, "offer": list(move.cards), "queue": queue, "bids": []}
        self.pending = BIDDING if queue else None
        self._event("offer", seat=seat, cards=format_cards(move.cards))
        if not queue:
            self._close_auction()
        return False

    def _bid(self, seat: int, move: Bid) -> bool:
        if self.pending != BIDDING:
            raise EngineError("no offering is waiting for bids")
        self._holds(seat, move.cards, "bid")
        self.auction["bids"].append((seat, list(move.cards)))  # type: ignore[index]
        self._event("bid", seat=seat, cards=format_cards(move.cards))
        if len(self.auction["bids"]) == len(self.auction["queue"]):  # type: ignore[index]
            if any(cards for _, cards in self.auction["bids"]):  # type: ignore[index]
                self.pending = CHOOSING
            else:
                self._close_auction()
        return False

    def _accept(self, seat: int, move: Accept) -> bool:
        if self.pending != CHOOSING:
            raise EngineError("there are no bids to accept or reject")
        auction = self.auction
        if move.bidder is None:
            self._event("accept", seat=seat, bidder=None)
            self._close_auction()
            return False
        bid = dict((s, c) for s, c in auction["bids"]).get(move.bidder)  # type: ignore[index]
        if not bid:
            raise EngineError(f"seat {move.bidder} made no bid")
        offer = auction["offer"]  # type: ignore[index]
        # An engine safeguard, not a rule: the offering player must still be able to end the turn.
        if len(self.hands[seat]) - len(offer) + len(bid) < 2:
            raise EngineError("after the exchange you would hold fewer than two cards and could not end the turn")
        for c in offer:
            self.hands[seat].remove(c)
        for c in bid:
            self.hands[move.bidder].remove(c)
        self.hands[seat] = sort_cards(self.hands[seat] + list(bid))
        self.hands[move.bidder] = sort_cards(self.hands[move.bidder] + list(offer))
        self._event("accept", seat=seat, bidder=move.bidder)
        self._close_auction()
        return False

    def _close_auction(self) -> None:
        self.auction, self.pending = None, None

    def _next_hand(self, seat: int, move: NextHand) -> bool:
        if self.phase != HAND_OVER:
            raise EngineError("the hand is still being played")
        if self._odd_man_possible():
            self.phase = ODD_MAN
            self.current = min(range(self.players), key=lambda s: (self.scores[s], s))
            return True
        self.seating, self.odd_man, self.rules = self.game.seating, False, self.game.rules
        self._deal()
        return True

    def _odd_man_possible(self) -> bool:
        if not self.rules["game"].get("odd_man") or self.players not in (3, 5) or self.game.sides != self.players:
            return False
        top = sorted(self.scores, reverse=True)
        return top[0] > top[1]

    def _odd_man(self, seat: int, move: OddMan) -> bool:
        if self.phase != ODD_MAN:
            raise EngineError("the odd-man choice is made before a hand is dealt")
        if move.yes:
            order = sorted(range(self.players), key=lambda s: (-self.scores[s], s))
            seating = [0] * self.players
            if self.players == 3:
                seating[order[1]] = seating[order[2]] = 1
            else:  # five: second with last, third with fourth
                seating[order[1]] = seating[order[4]] = 1
                seating[order[2]] = seating[order[3]] = 2
            self.seating, self.odd_man = tuple(seating), True
            self.rules = self.game.odd_man_rules(max(seating) + 1)
        else:
            self.seating, self.odd_man, self.rules = self.game.seating, False, self.game.rules
        self._event("odd-man", seat=seat, yes=move.yes, seating=list(self.seating))
        self._deal()
        return True

    _HANDLERS = {Draw: _draw, Play: _play, Exchange: _exchange, Combine: _combine, AskPartner: _ask,
                 Answer: _answer, Offer: _offer, Bid: _bid, Accept: _accept, NextHand: _next_hand,
                 OddMan: _odd_man}

    # -- the end of a hand and of the game -------------------------------------------------
    def _end_hand(self, reason: str, out: int | None = None, concealed: bool = False) -> None:
        self._reset_turn()
        rules = self.rules
        sides = []
        deltas = [0] * self.players
        for side in range(self.sides):
            seats = self.seats_of(side)
            held = sort_cards(c for s in seats for c in self.hands[s])
            spot = Spot(rules=rules, hand=tuple(held), melds=tuple(self.melds[side]),
                        red_threes=tuple(self.bonus[side]), score=self.scores[seats[0]], stock=len(self.stock),
                        variant_name=self.game.variant)
            went = out is not None and self.seating[out] == side
            result = score_hand(spot, went_out=went, concealed=went and concealed)
            share = int(result.total / 2) if self.odd_man and len(seats) > 1 else result.total
            for s in seats:
                deltas[s] = share
            sides.append({"seats": seats, "total": result.total,
                          "breakdown": [line.to_dict() for line in result.breakdown]})
        for s in range(self.players):
            self.scores[s] += deltas[s]
        if self.hand_no == 1:
            self.first_hand_best = max(deltas)
        record = {"hand": self.hand_no, "reason": reason, "out": out, "concealed": concealed, "turns": self.turns,
                  "sides": sides, "deltas": deltas, "scores": list(self.scores)}
        self.results.append(record)
        self._event("hand-end", reason=reason, out=out, concealed=concealed, deltas=deltas, scores=list(self.scores))
        if self._game_ends():
            self.phase = GAME_OVER
            self.outcome = self._outcome()
            self._event("game-end", **self.outcome)
        else:
            self.phase = HAND_OVER

    def _game_ends(self) -> bool:
        g = self.rules["game"]
        standing = sorted((score for _, score in self.competitors()), reverse=True)
        if g.get("target") and standing[0] >= g["target"]:
            return True
        if g.get("hands") and self.hand_no >= g["hands"]:
            return True
        if g.get("first_hand_multiple") and self.first_hand_best is not None:
            if standing[0] >= g["first_hand_multiple"] * self.first_hand_best + g.get("first_hand_plus", 0):
                return True
        if g.get("lead_by") and len(standing) > 1 and standing[0] - standing[1] >= g["lead_by"]:
            return True
        return False

    def _outcome(self) -> dict:
        sides = self.competitors()
        best = max(score for _, score in sides)
        winners = [i for i, (_, score) in enumerate(sides) if score == best]
        out: dict[str, Any] = {"winners": winners, "scores": [score for _, score in sides]}
        if self.rules["game"].get("money"):  # (Deluxe 9) a cent a point of difference, paid to the winner(s)
            out["money"] = [{"from": i, "to": winners, "cents": best - score}
                            for i, (_, score) in enumerate(sides) if i not in winners]
        return out

    # -- writing and reading -----------------------------------------------------------------
    def to_dict(self) -> dict:
        auction = None
        if self.auction is not None:
            auction = {"seat": self.auction["seat"], "offer": format_cards(self.auction["offer"]),
                       "queue": list(self.auction["queue"]),
                       "bids": [[s, format_cards(c)] for s, c in self.auction["bids"]]}
        return {
            "format": FORMAT, "game": self.game.to_dict(), "hand": self.hand_no, "dealer": self.dealer,
            "current": self.current, "phase": self.phase, "pending": self.pending, "turns": self.turns,
            "seating": list(self.seating), "odd_man": self.odd_man,
            "hands": [format_cards(h) for h in self.hands],
            "melds": [[format_cards(m) for m in side] for side in self.melds],
            "bonus": [format_cards(b) for b in self.bonus],
            "pile": format_cards(self.pile), "stock": format_cards(self.stock), "dead": format_cards(self.dead),
            "drawn": format_cards(self.drawn), "scores": list(self.scores),
            "turn": {"asked": self.asked, "permission": self.permission, "partner": self.partner,
                     "offered": self.offered, "table_moves": self.table_moves},
            "auction": auction, "reshuffles": self.reshuffles,
            "circling": [str(self.circling[0]), self.circling[1]] if self.circling else None,
            "first_hand_best": self.first_hand_best, "results": copy.deepcopy(self.results),
            "outcome": copy.deepcopy(self.outcome), "history": [[s, m] for s, m in self.history],
            "turn_starts": list(self.turn_starts), "turn_open": self.turn_open, "events": copy.deepcopy(self.events),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "State":
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise TutorError(f"a saved game is not valid JSON: {e}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TutorError(f"not a saved game (expected format {FORMAT!r})")
        try:
            return cls._read(data)
        except TutorError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise TutorError(f"a saved game is damaged: {type(e).__name__} {e}") from None

    @classmethod
    def _read(cls, d: dict) -> "State":
        game = Game.from_dict(d["game"])
        s = cls(game, _deal=False)
        s.hand_no, s.dealer, s.current = d["hand"], d["dealer"], d["current"]
        s.phase, s.pending, s.turns = d["phase"], d["pending"], d["turns"]
        s.seating, s.odd_man = tuple(d["seating"]), d["odd_man"]
        if s.odd_man:
            s.rules = game.odd_man_rules(max(s.seating) + 1)
        s.hands = [list(parse_cards(h)) for h in d["hands"]]
        s.melds = [[parse_cards(m) for m in side] for side in d["melds"]]
        s.bonus = [list(parse_cards(b)) for b in d["bonus"]]
        s.pile, s.stock = list(parse_cards(d["pile"])), list(parse_cards(d["stock"]))
        s.dead, s.drawn = list(parse_cards(d["dead"])), list(parse_cards(d["drawn"]))
        s.scores = list(d["scores"])
        t = d["turn"]
        s.asked, s.permission, s.partner = t["asked"], t["permission"], t["partner"]
        s.offered, s.table_moves = t["offered"], t["table_moves"]
        a = d["auction"]
        s.auction = None if a is None else {
            "seat": a["seat"], "offer": list(parse_cards(a["offer"])), "queue": list(a["queue"]),
            "bids": [(b[0], list(parse_cards(b[1]))) for b in a["bids"]]}
        s.reshuffles = d["reshuffles"]
        s.circling = (parse_cards(d["circling"][0])[0], d["circling"][1]) if d["circling"] else None
        s.first_hand_best = d["first_hand_best"]
        s.results, s.outcome = copy.deepcopy(d["results"]), copy.deepcopy(d["outcome"])
        s.history = [(h[0], h[1]) for h in d["history"]]
        s.turn_starts, s.turn_open, s.events = list(d["turn_starts"]), d["turn_open"], copy.deepcopy(d["events"])
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    def _repr_html_(self) -> str:
        """The seat to act's view, as a notebook draws it."""
        return self.view()._repr_html_()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<State {self.game.variant} seed {self.game.seed}: hand {self.hand_no}, seat {self.to_act} "
                f"to move, {self.phase}{' [' + self.pending + ']' if self.pending else ''}, "
                f"{len(self.history)} moves>")
