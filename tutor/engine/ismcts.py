"""A search bot: information-set Monte Carlo tree search over the engine's own moves.

The bot sees one seat's ``Observation``: the seat's ``PlayerView`` and the
cards every other seat is known to hold because the whole table saw them
arrive (a pile taken, a joker won back, an auction's exchange). It never sees
the game's seed or another hand.

Each iteration of the search (after Cowling, Powley and Whitehouse's
single-observer ISMCTS, 2012) deals the unseen cards at random into the other
hands and the stock, consistent with everything the seat has seen. The root
moves are the ones the engine's move generator (``tutor.engine.bots``)
proposes and the judge accepts; every root move is tried in every deal, so
two moves always meet the same cards (paired trials, which is what makes a
few deals a move worth anything). Below a root move the tree of the seat's
information set goes on for ``tree_depth - 1`` more moves, picked by UCB1
with availability counts among the moves the generator proposes in that
deal; then the greedy bot plays on for ``rollout_turns`` turns and the
position is valued by the engine's own hand scoring
(``tutor.scoring.score_hand``): the side's score less the best other side's,
as if the hand ended there. A hand that ends is valued by its real result.

The greedy bot's own move is the first candidate, and the search keeps it
unless another move beats it over the same deals by more than
``confidence`` standard errors: of several noisy means the best-looking one
is usually luck, and a search that chased luck would play worse than the
bot its play-outs use.

The search is deterministic: its random generator is seeded from the bot's
seed and the observation, so the same view gives the same move at the same
iteration budget. A time budget (``seconds``) may cut it shorter; then it is
not.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from ..cards import Card, format_cards
from ..errors import TutorError
from ..play import DISCARD, LAYOFF, MELD, parse_play
from ..scoring import score_hand
from ..spot import Spot
from .bots import GreedyBot, discard_order, finishes, first_legal, legal_plays, pickups
from .game import Game
from .moves import AskPartner, Draw, Move, Play
from .plan import Plan, kit_for
from .state import BEFORE_DRAW, DRAWN, State, sort_cards
from .view import PlayerView

#: Turns the greedy bot plays on below the tree before the position is valued.
ROLLOUT_TURNS = 4
#: Scale of a score difference in the search's values (hand scores run to a few thousand points).
VALUE_SCALE = 1000.0


# -- what one seat knows ----------------------------------------------------------------
@dataclass(frozen=True)
class Observation:
    """A seat's view and the cards the table saw reach each seat's hand this hand (own seat: empty)."""

    view: PlayerView
    known: tuple[tuple[Card, ...], ...]

    @property
    def seat(self) -> int:
        return self.view.seat


def known_holdings(state: State, seat: int) -> tuple[tuple[Card, ...], ...]:
    """Cards each other seat holds that ``seat`` saw it get, from the hand's public events.

    A pile taken goes to the taker's hand in sight of all; cards melded, laid
    off, discarded or laid out later leave it again. Cards drawn from the
    stock are seen by nobody else and are never counted.
    """
    held = [Counter() for _ in range(state.players)]
    offers: dict[int, list[str]] = {}
    bids: dict[int, str] = {}
    for event in state.events:
        if event.get("hand") != state.hand_no:
            continue
        kind, s = event["event"], event.get("seat")
        if kind == "play":
            held[s].update(_cards(event.get("taken", "")))
            for action in parse_play(event["play"]):
                if action.kind in (MELD, LAYOFF, DISCARD):
                    held[s] -= Counter(action.cards)
        elif kind == "exchange":
            held[s] -= Counter(_cards(event["card"]))
            held[s].update(_cards("JK"))  # the joker the card replaced goes to the hand
        elif kind == "bonus":
            held[s] -= Counter(_cards(event["cards"]))
        elif kind == "offer":
            offers[s] = event["cards"]
            bids.clear()
        elif kind == "bid":
            bids[s] = event["cards"]
        elif kind == "accept" and event.get("bidder") is not None:
            offer, bid, bidder = _cards(offers.get(s, "")), _cards(bids.get(event["bidder"], "")), event["bidder"]
            held[s] -= Counter(offer)
            held[bidder] -= Counter(bid)
            held[s].update(bid)
            held[bidder].update(offer)
    held[seat] = Counter()
    # what a seat is known to hold can only be what it holds
    return tuple(tuple(sort_cards((held[s] & Counter(h)).elements())) if s != seat else ()
                 for s, h in enumerate(state.hands))


def _cards(text: str) -> tuple[Card, ...]:
    from ..cards import parse_cards

    return parse_cards(text) if text else ()


def observe(state: State, seat: int | None = None) -> Observation:
    """What ``seat`` (default: the seat to act) knows now."""
    seat = state.to_act if seat is None else seat
    return Observation(state.view(seat), known_holdings(state, seat))


def as_observation(view: PlayerView | Observation) -> Observation:
    """A bare ``PlayerView`` knows no other seat's cards."""
    if isinstance(view, Observation):
        return view
    return Observation(view, tuple(() for _ in view.seating))


def unseen_cards(obs: Observation) -> list[Card]:
    """The pack less every card the seat can see or knows the place of."""
    view = obs.view
    left = Counter(view.rules.pack)
    seen = Counter(view.hand)
    for table in view.tables:
        for meld in table:
            seen.update(meld)
    for bonus in view.bonus:
        seen.update(bonus)
    seen.update(view.spot.discard)
    seen.update(view.dead)
    for cards in obs.known:
        seen.update(cards)
    left -= seen
    return sort_cards(left.elements())


def determinize(obs: Observation, rng: random.Random, game: Game | None = None) -> State:
    """A whole state consistent with the observation: the unseen cards dealt at random.

    Other hands get their known cards and then random unseen ones up to their
    sizes; what is left is the stock, in random order. The game's seed (which
    would give the deal away) is the search's own.
    """
    view = obs.view
    unseen = unseen_cards(obs)
    rng.shuffle(unseen)
    game = game or Game(view.spot.variant_name, dict(view.rules.options), rng.randrange(1 << 30))
    state = State(game, _deal=False)
    state.rules, state.seating = view.rules, view.seating
    state.odd_man = view.seating != game.seating
    state.hand_no, state.current, state.phase, state.pending = view.hand_no, view.current, view.phase, view.pending
    state.turns = view.turns
    hands: list[list[Card]] = []
    for s, size in enumerate(view.hand_sizes):
        if s == view.seat:
            hands.append(list(view.hand))
            continue
        hand = list(obs.known[s])[:size]
        take = min(size - len(hand), len(unseen))
        hand += unseen[:take]
        del unseen[:take]
        hands.append(sort_cards(hand))
    state.hands = hands
    state.melds = [list(t) for t in view.tables]
    state.bonus = [list(b) for b in view.bonus]
    state.pile = list(view.spot.discard)
    state.stock = unseen[: view.stock]
    state.dead = list(view.dead)
    state.drawn = list(view.drawn)
    state.scores = list(view.scores)
    state.asked, state.permission = view.asked, view.permission
    state.offered, state.table_moves = view.offered, view.table_moves
    state.turn_open = view.phase == DRAWN
    return state


# -- the moves searched -------------------------------------------------------------------
def candidate_moves(view: PlayerView, greedy: GreedyBot, width: int = 2) -> list[Move]:
    """The moves the search weighs for this seat now, each accepted by the judge.

    Outside the two choices of a turn (draw or take the pile; what to meld and
    discard) and for albany's table moves and the auction, the greedy bot's
    move is the only candidate. Within them: drawing, and every way the move
    generator sketches to take the pile; after the draw, going out, melding
    what the plan melds with the ``width`` safest discards, and holding the
    melds back with the safest discards.
    """
    first = greedy.choose(view)
    if view.pending is not None or view.phase not in (BEFORE_DRAW, DRAWN):
        return [first]
    kit = kit_for(view.rules)
    allow_out = view.permission is not False
    moves: list[Move] = []
    if isinstance(first, Play) or isinstance(first, Draw):
        moves.append(first)  # the greedy bot's own move first: the search's tie-break
    if view.phase == BEFORE_DRAW:
        moves.append(Draw())
        for _, start in pickups(view, kit):
            found = first_legal(view, finishes(view, kit, start), BEFORE_DRAW, allow_out)
            if found is not None:
                moves.append(Play(found[0]))
        return _distinct(moves)
    if not isinstance(first, (Play, AskPartner)):
        return [first]  # an exchange, a combining or an offer comes first, as the greedy bot plays it
    spot = view.spot_as(DRAWN)
    start = Plan(kit, spot.hand, spot.melds, spot.initial_need)
    plays = ([first.actions] if isinstance(first, Play) else []) + finishes(view, kit, start)
    melded = start.copy()
    keep = 1 if kit.rules["go_out"].get("final_discard") == "required" else 2
    if not melded.short or melded.go_down(keep):
        if melded.table or not melded.need:
            melded.extend(keep)
            melded.meld_blockers(keep, going_out=False)
        plays += [melded.with_discard(c) for c in discard_order(view, kit, melded.cards(), melded.table)[:width]]
    bare = Plan(kit, spot.hand, spot.melds)
    plays += [bare.with_discard(c) for c in discard_order(view, kit, bare.cards(), bare.table)[: max(1, width // 2)]]
    moves += [Play(actions) for actions, _ in legal_plays(view, plays, DRAWN, allow_out)]
    if not moves:
        return [first]
    return _distinct(moves)


def _distinct(moves: list[Move]) -> list[Move]:
    return list({str(m): m for m in moves}.values())


# -- valuing a position ----------------------------------------------------------------------
def side_values(state: State, count_hands: bool = True) -> list[float]:
    """Each side's hand score: the real result if the hand is over, else as if it ended now.

    With ``count_hands`` off, a hand still going on is valued by the side's
    table alone (melds and bonus cards), not taking off the cards held: a
    pile just taken then counts for its taker rather than against.
    """
    sides = len(state.melds)
    if state.hand_over and state.results:
        deltas = state.results[-1]["deltas"]
        return [float(deltas[state.seats_of(side)[0]]) for side in range(sides)]
    out = []
    for side in range(sides):
        seats = state.seats_of(side)
        held = sort_cards(c for s in seats for c in state.hands[s]) if count_hands else []
        spot = Spot(rules=state.rules, hand=tuple(held), melds=tuple(state.melds[side]),
                    red_threes=tuple(state.bonus[side]), score=state.scores[seats[0]], stock=len(state.stock),
                    variant_name=state.game.variant)
        try:
            out.append(float(score_hand(spot).total))
        except TutorError:
            out.append(0.0)
    return out


def margin(values: list[float], side: int) -> float:
    """A side's score less the best other side's, scaled for UCB."""
    others = [v for i, v in enumerate(values) if i != side]
    return (values[side] - (max(others) if others else 0.0)) / VALUE_SCALE


# -- the search tree --------------------------------------------------------------------------
@dataclass
class Node:
    """One move in the tree of the searching seat's information set."""

    move: Move | None = None
    side: int = -1                # the side that made the move (its value is that side's)
    visits: int = 0
    total: float = 0.0
    available: int = 1
    children: dict[str, "Node"] = field(default_factory=dict)
    trials: dict[int, float] = field(default_factory=dict)  # root moves: the value in each deal tried

    def ucb(self, c: float) -> float:
        return self.total / self.visits + c * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass(frozen=True)
class Evaluation:
    """The search's answer: every root move with its visits and mean value (score points)."""

    moves: tuple[tuple[Move, int, float], ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> Move:
        return self.moves[0][0]


class ISMCTSBot:
    """``ISMCTSBot(iterations=8, seed=1)``: a search bot for every variant.

    ``iterations`` is the per-move budget in deals of the unseen cards
    (deterministic); ``seconds``, if given, also stops the search once that
    much time has passed. Moves with a single candidate are played at once.
    """

    observes = True  # the ladder and the lessons hand it an Observation (a view and the cards seen taken)

    def __init__(self, iterations: int = 64, seed: int | str = 0, seconds: float | None = None,
                 rollout_turns: int = ROLLOUT_TURNS, exploration: float = 0.7, tree_depth: int = 1,
                 confidence: float = 1.0, width: int = 2, count_hands: bool = True,
                 pickup_worth: int | None = None):
        if iterations < 1:
            raise TutorError("the search needs at least 1 iteration per move")
        self.iterations, self.seed, self.seconds = iterations, seed, seconds
        self.rollout_turns, self.exploration, self.tree_depth = rollout_turns, exploration, tree_depth
        self.confidence, self.width, self.count_hands = confidence, width, count_hands
        self.greedy = GreedyBot(pickup_worth)  # its first candidate and every seat's play-outs
        self.name = f"ismcts:{iterations}"

    def choose(self, view: PlayerView | Observation) -> Move:
        obs = as_observation(view)
        moves = candidate_moves(obs.view, self.greedy, self.width)
        if len(moves) == 1:
            return moves[0]
        best = self.search(obs, moves).best
        v = obs.view
        if isinstance(best, Play) and v.partners and not v.asked and v.permission is None:
            turn = v.check(best.actions, v.phase)
            if turn.went_out:
                return AskPartner()  # going out: ask the partner first, as the greedy bot does
        return best

    def evaluate(self, view: PlayerView | Observation) -> Evaluation:
        """Search this position and report every candidate's value (for a coach)."""
        obs = as_observation(view)
        return self.search(obs, candidate_moves(obs.view, self.greedy, self.width))

    def rng_for(self, obs: Observation) -> random.Random:
        v = obs.view
        key = ":".join((str(self.seed), str(v.seat), str(v.hand_no), str(v.turns), v.phase, str(v.pending),
                        format_cards(v.hand), format_cards(v.spot.discard),
                        "|".join(format_cards(m) for t in v.tables for m in t), str(v.stock),
                        ",".join(map(str, v.hand_sizes)), "|".join(format_cards(k) for k in obs.known)))
        return random.Random(f"ismcts:{key}")

    def search(self, obs: Observation, root_moves: list[Move]) -> Evaluation:
        rng = self.rng_for(obs)
        start = time.perf_counter()
        view = obs.view
        game = Game(view.spot.variant_name, dict(view.rules.options), rng.randrange(1 << 30))
        root = Node(side=view.side)
        done = 0
        for done in range(1, self.iterations + 1):
            self._iterate(root, root_moves, obs, rng, game)
            if self.seconds is not None and time.perf_counter() - start >= self.seconds:
                break
        chosen = self._choose(root, root_moves)
        ranked = sorted((n for n in (root.children.get(str(m)) for m in root_moves) if n is not None and n.visits),
                        key=lambda n: (n.move is not chosen, -n.total / n.visits))
        moves = tuple((n.move, n.visits, round(n.total / n.visits * VALUE_SCALE, 1)) for n in ranked)
        unvisited = tuple((m, 0, 0.0) for m in root_moves if not (str(m) in root.children
                                                                   and root.children[str(m)].visits))
        return Evaluation(moves + unvisited, done, time.perf_counter() - start)

    def _choose(self, root: Node, root_moves: list[Move]) -> Move:
        """The greedy bot's move, unless another beats it clearly over the same deals.

        Every root move met the same deals, so two moves compare deal by deal
        (paired). A move replaces the greedy one only if its mean gain is more
        than ``confidence`` standard errors above nothing: with few deals the
        best-looking of several noisy means is usually luck.
        """
        base = root.children.get(str(root_moves[0]))
        if base is None or not base.visits:
            visited = [n for n in root.children.values() if n.visits]
            return max(visited, key=lambda n: n.total / n.visits).move if visited else root_moves[0]
        best, best_bound = base.move, 0.0
        for move in root_moves[1:]:
            node = root.children.get(str(move))
            if node is None:
                continue
            diffs = [v - base.trials[k] for k, v in node.trials.items() if k in base.trials]
            if len(diffs) < 2:
                continue
            mean = sum(diffs) / len(diffs)
            var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
            bound = mean - self.confidence * math.sqrt(var / len(diffs))
            if bound > best_bound:
                best, best_bound = move, bound
        return best

    def _iterate(self, root: Node, root_moves: list[Move], obs: Observation, rng: random.Random,
                 game: Game) -> None:
        """One deal of the unseen cards, in which every root move is tried (paired: the same cards behind each)."""
        deal, number = rng.random(), root.visits
        for move in root_moves:
            state = determinize(obs, random.Random(deal), game)
            seat = state.to_act
            child = root.children.get(str(move))
            if child is None:
                child = root.children[str(move)] = Node(move, state.side_of(seat), available=0)
            child.available += 1
            if not self._apply(state, seat, move):
                continue
            path = [child]
            self._descend(state, child, path, rng)
            values = side_values(state, self.count_hands)
            child.trials[number] = margin(values, child.side)
            for n in path:
                n.visits += 1
                n.total += margin(values, n.side)
        root.visits += 1

    def _descend(self, state: State, node: Node, path: list[Node], rng: random.Random) -> None:
        """Below the root: ISMCTS selection (UCB1 with availability), one expansion, then the rollout."""
        start_turns = state.turns
        depth = 1
        while not state.hand_over and depth < self.tree_depth:
            seat = state.to_act
            moves = candidate_moves(state.view(seat), self.greedy, width=2)
            if len(moves) == 1:
                if not self._apply(state, seat, moves[0]):
                    return
                continue
            keys = [str(m) for m in moves]
            for k in keys:
                if k in node.children:
                    node.children[k].available += 1
            untried = [m for m, k in zip(moves, keys) if k not in node.children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[str(move)] = Node(move, state.side_of(seat))
            else:
                child = max((node.children[k] for k in keys), key=lambda n: n.ucb(self.exploration))
            if not self._apply(state, seat, child.move):
                return
            path.append(child)
            node, depth = child, depth + 1
            if untried:
                break
        self._rollout(state, start_turns)

    @staticmethod
    def _apply(state: State, seat: int, move: Move) -> bool:
        try:
            state.apply(move, seat)
        except TutorError:  # a refused move (or a scoring that gave up) ends this deal's trial
            return False
        return True

    def _rollout(self, state: State, start_turns: int) -> None:
        greedy = self.greedy
        limit = start_turns + self.rollout_turns + 1
        while not state.hand_over and state.turns < limit:
            seat = state.to_act
            if not self._apply(state, seat, greedy.choose(state.view(seat))):
                return


def evaluation_text(ev: Evaluation) -> str:
    lines = [f"{ev.iterations} iterations in {ev.seconds:.2f} s"]
    lines += [f"  {visits:4d} visits  {value:+8.1f}  {move}" for move, visits, value in ev.moves]
    return "\n".join(lines)


#: The search bot's iterations a move when a bot is named ``ismcts`` alone.
DEFAULT_ITERATIONS = 16


def search_bot(kind: str, seed: int | str = 0) -> ISMCTSBot:
    """``search_bot("ismcts")`` or ``search_bot("ismcts:32")``: the search bot at that iteration budget."""
    _, _, budget = kind.partition(":")
    if budget and not budget.isdigit():
        raise TutorError(f"bot {kind!r}: the budget after 'ismcts:' is a number of iterations, e.g. ismcts:32")
    iterations = int(budget) if budget else DEFAULT_ITERATIONS
    if iterations < 1:
        raise TutorError(f"bot {kind!r}: the search needs at least 1 iteration a move")
    return ISMCTSBot(iterations=iterations, seed=seed)
