"""Moves told in words, and a coach: what a player could do now, and why.

The coach sees what the player sees (an ``Observation``: the seat's view
and the cards the table saw taken), never another hand. It asks the checker
the player's questions about the seat's own spot (may I take the pile? can
I make my first meld, and with what? can I go out?) and lets the search bot
weigh the moves the engine proposes over deals of the unseen cards::

    from tutor.engine import new_game
    from tutor.engine.coach import advise
    from tutor.engine.ismcts import observe

    state = new_game("classic", {}, seed=1)
    advice = advise(observe(state, 0))
    print("\\n".join(advice.lines))
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..cards import Card
from ..errors import TutorError
from ..play import COMBINE, DISCARD, EXCHANGE, LAYOFF, MELD, PICKUP, Action, parse_play
from ..render import card_name, cards_text
from .moves import AskPartner, Draw, Move, Play
from .plan import kit_for
from .state import BEFORE_DRAW, DRAWN

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


# -- moves in words -------------------------------------------------------------------
def _count(n: int) -> str:
    return _COUNTS[n] if n < len(_COUNTS) else str(n)


def rank_words(cards: Sequence[Card]) -> str:
    """``two kings`` for cards of one rank, else the cards themselves (``K♠ 2♣``)."""
    if cards and all(not c.is_joker for c in cards) and len({c.rank for c in cards}) == 1:
        word = card_name(cards[0]).split(" of ")[0]
        if len(cards) == 1:
            return ("an " if word[0] in "ae" else "a ") + word
        return f"{_count(len(cards))} {word + 'es' if word.endswith('x') else word + 's'}"
    return cards_text(cards)


def _joined(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def play_words(actions: Sequence[Action], taken: Sequence[Card] = (), went_out: bool = False) -> str:
    """A turn's play as a phrase: ``took the pile (7 cards) with two kings, melded K♠ K♥ K♦ and discarded 9♣``."""
    parts = []
    for a in actions:
        if a.kind == PICKUP:
            n = len(taken)
            what = "the pile" if a.depth is None else (
                "the top card of the pile" if a.depth == 1 else f"the top {a.depth} cards of the pile")
            size = f" ({n} card{'s' if n != 1 else ''})" if n and a.depth is None else ""
            parts.append(f"took {what}{size}" + (f" with {rank_words(a.cards)}" if a.cards else ""))
        elif a.kind == MELD:
            parts.append(f"melded {cards_text(a.cards)}")
        elif a.kind == LAYOFF:
            parts.append(f"added {cards_text(a.cards)} to a meld")
        elif a.kind == DISCARD:
            parts.append(f"discarded {cards_text(a.cards)}")
        elif a.kind == EXCHANGE:
            parts.append(f"put {cards_text(a.cards)} in place of a joker")
        elif a.kind == COMBINE:
            parts.append("joined two sets")
    if went_out:
        parts.append("went out")
    return _joined(parts)


def move_words(move: Move) -> str:
    """A move before it is made, for advice: ``draw from the stock``, ``take the pile with two kings, ...``."""
    if isinstance(move, Draw):
        return "draw from the stock"
    if isinstance(move, AskPartner):
        return "ask your partner whether you may go out"
    if isinstance(move, Play):
        text = play_words(move.actions)
        for past, now in (("took", "take"), ("melded", "meld"), ("added", "add"), ("discarded", "discard"),
                          ("put", "put"), ("joined", "join"), ("went out", "go out")):
            text = text.replace(past, now)
        return text
    return str(move)


def event_words(event: dict, names: Sequence[str]) -> str | None:
    """One engine event as a sentence about the player who made it (``None``: nothing to tell)."""
    kind = event["event"]
    who = names[event["seat"]] if event.get("seat") is not None else ""
    if kind == "draw":
        return f"{who}: drew from the stock" if event["cards"] else f"{who}: found the stock empty"
    if kind == "play":
        return f"{who}: " + play_words(parse_play(event["play"]), parse_cards_text(event.get("taken", "")),
                                       event["went_out"])
    if kind == "bonus":
        return f"{who}: laid out {cards_text(event['cards'])} (bonus)"
    if kind == "turn-up":
        return f"{cards_text(event['card'])} was turned onto the pile"
    if kind == "dead":
        return f"{cards_text(event['card'])} was set aside, out of play"
    if kind == "reshuffle":
        return f"the pile became a new stock of {event['cards']} cards"
    if kind == "exchange":
        return f"{who}: put {cards_text(event['card'])} in place of a joker and took the joker"
    if kind == "combine":
        return f"{who}: joined two sets"
    if kind == "ask":
        return f"{who}: asked {names[event['partner']]} \"may I go out?\""
    if kind == "answer":
        return f"{who}: answered {'yes' if event['yes'] else 'no'}"
    if kind == "offer":
        return f"{who}: offered {cards_text(event['cards'])}"
    if kind == "bid":
        return f"{who}: " + (f"bid {cards_text(event['cards'])}" if event["cards"] else "passed")
    if kind == "accept":
        return f"{who}: " + ("kept the offering" if event["bidder"] is None
                             else f"accepted {names[event['bidder']]}'s bid")
    return None


def parse_cards_text(text: str) -> tuple[Card, ...]:
    from ..cards import parse_cards

    return parse_cards(text) if text else ()


# -- the coach -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Advice:
    """What the coach says: sentences, the move it suggests, and how long it took."""

    lines: tuple[str, ...]
    move: Move | None
    seconds: float


def _ask(question: str, spot):
    from ..questions import ask

    try:
        return ask(question, spot)
    except TutorError:
        return None


def _witness_words(verdict) -> str:
    """The checker's witness as advice: ``meld Q♥ Q♣ 2♠ and discard 9♣``."""
    w = verdict.witness or {}
    try:
        return move_words(Play(parse_play(w["play"]))) if w.get("play") else ""
    except (TutorError, KeyError):
        return ""


def _discard_reasons(obs, play: Play) -> list[str]:
    """Why this discard: what it blocks, whom it does not feed, which pairs it keeps."""
    view = obs.view
    kit = kit_for(view.rules)
    discard = next((a.cards[0] for a in play.actions if a.kind == DISCARD and a.cards), None)
    if discard is None:
        return []
    out = []
    role = kit.role(discard)
    if role in ("blocker", "stopper"):
        out.append(f"{discard.symbol()} stops the next player from taking the pile with it on top")
    elif kit.wild(discard):
        out.append(f"a wild {discard.symbol()} on the pile makes it harder to take")
    else:
        theirs = {kit.info(m).key for side, t in enumerate(view.tables) if side != view.side for m in t
                  if kit.info(m).kind == "group"}
        if discard.rank in theirs:
            out.append("the other side already has a meld of that rank, but every safer card is needed")
        else:
            out.append(f"no meld of the other side{'s' if len(view.tables) > 2 else ''} takes a "
                       f"{card_name(discard).split(' of ')[0]}")
    left = Counter(view.hand)
    for a in play.actions:
        if a.kind in (MELD, LAYOFF, DISCARD):
            left -= Counter(c for c in a.cards if c in left)
    pairs = sorted({c.rank for c in left if kit.natural(c) and sum(1 for d in left.elements()
                                                                   if d.rank == c.rank and kit.natural(d)) == 2})
    if pairs:
        words = _joined([rank_words([c for c in left.elements() if c.rank == r and kit.natural(c)]) for r in pairs])
        out.append(f"it keeps your {words}: a natural pair can take the pile when that rank is discarded, "
                   f"even when the pile is frozen")
    return out


def advise(obs, *, iterations: int = 8, seconds: float = 0.8, seed: int = 0) -> Advice:
    """What the seat could do now and why, within about ``seconds``."""
    from .ismcts import ISMCTSBot, as_observation

    start = time.perf_counter()
    obs = as_observation(obs)
    view = obs.view
    if view.to_act != view.seat or view.pending is not None or view.phase not in (BEFORE_DRAW, DRAWN):
        return Advice(("It is not your turn to play cards yet.",), None, time.perf_counter() - start)
    spot = view.spot
    lines: list[str] = []
    down = bool(spot.melds)
    if view.phase == BEFORE_DRAW:
        pick = _ask("pickup", view.spot_as(BEFORE_DRAW))
        if pick is not None and pick.answer:
            how = _witness_words(pick)
            lines.append("You may take the pile" + (f": for example, {how}." if how else "."))
        elif pick is not None and pick.reasons:
            lines.append(f"You may not take the pile: {pick.reasons[0].text}.")
    if not down:
        first = _ask("initial-meld", spot)
        need = spot.initial_need
        if first is not None and first.answer:
            how = _witness_words(first)
            points = (first.witness or {}).get("points")
            minimum = f"a first meld needs {need} points" if need else "a first meld has no minimum here"
            lines.append(f"Your side has not melded yet: {minimum}"
                         + (f"; {how} makes {points}." if how and points is not None else "."))
        elif first is not None and first.reasons:
            lines.append(f"Your side has not melded yet and cannot this turn: {first.reasons[0].text}.")
    if view.phase == DRAWN:
        out = _ask("go-out", spot)
        if out is not None and out.answer:
            how = _witness_words(out)
            lines.append("You can go out this turn" + (f": {how}." if how else "."))
        elif out is not None and out.reasons and down:
            lines.append(f"You cannot go out yet: {out.reasons[0].text}.")
    left = max(0.15, seconds - (time.perf_counter() - start) - 0.1)
    bot = ISMCTSBot(iterations=iterations, seed=seed, seconds=left, rollout_turns=6)
    evaluation = bot.evaluate(obs)
    best = evaluation.best if evaluation.moves else None
    if best is not None:
        ranked = [(m, v) for m, n, v in evaluation.moves if n]
        if len(evaluation.moves) == 1:
            lines.append(f"The search bot would {move_words(best)}: it is the one sensible move here.")
        else:
            value = next((v for m, v in ranked if m is best), None)
            line = f"The search bot would {move_words(best)}"
            if value is not None:
                line += (f" (over {evaluation.iterations} deals of the cards you cannot see, it ends "
                         f"{value:+.0f} points against the other side)")
            better = [(m, v) for m, v in ranked if m is not best and value is not None and v > value]
            worse = [(m, v) for m, v in ranked if m is not best and (value is None or v <= value)]
            if worse:
                line += f"; {move_words(worse[0][0])} does worse ({worse[0][1]:+.0f})"
            if better:
                line += (f"; {move_words(better[0][0])} looked better ({better[0][1]:+.0f}) but not by enough "
                         f"over so few deals to trust")
            lines.append(line + ".")
        if isinstance(best, Play) and view.phase == DRAWN:
            reasons = _discard_reasons(obs, best)
            if reasons:
                lines.append("Why this discard: " + "; ".join(reasons) + ".")
        if isinstance(best, Play) and best.takes_pile:
            lines.append("Why the pile: its cards join your hand and can be melded at once; "
                         "a bigger hand makes canastas sooner.")
    # a reason quoted at the end of a line brings its own full stop
    return Advice(tuple(line.replace("..", ".") for line in lines), best, time.perf_counter() - start)
