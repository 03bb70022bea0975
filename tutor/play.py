"""Plays: the contract's ACTIONS notation for one whole turn, the one grammar of steps.

``pickup KH KD; meld KS KH KD 2C; layoff 7D to 2; discard 9C``

Steps are ``pickup CARDS [depth K]``, ``meld CARDS``, ``layoff CARDS [to N]``,
``discard CARD``, and in albany ``exchange CARD [on N]`` and ``combine N M``,
separated by ``;``. Whatever the tutor prints as a step (the ``melds``
listing, a witness, a verdict, in plain notation or with suit symbols,
``format_step``) is written by this module and read back by ``parse_action``.

Albany adds two moves on the table (A-COMBINE), in the game engine's words:
``exchange 7H on 3`` (7H from the hand takes the place of the joker in set
3, which joins the hand) and ``combine 2 5`` (sets 2 and 5 become one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import Card, format_cards, parse_cards
from .errors import NotationError
from .inputs import excerpt

PICKUP, MELD, LAYOFF, DISCARD = "pickup", "meld", "layoff", "discard"
EXCHANGE, COMBINE = "exchange", "combine"
KINDS = (PICKUP, MELD, LAYOFF, DISCARD, EXCHANGE, COMBINE)
TABLE_MOVES = (EXCHANGE, COMBINE)
MAX_PLAY_CHARS = 20_000

_DEPTH = re.compile(r"\bdepth\s+(\S+)\s*$", re.IGNORECASE)
_TO = re.compile(r"\bto\s+(\S+)\s*$", re.IGNORECASE)
_ON = re.compile(r"\bon\s+(\S+)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Action:
    """One step of a turn. ``to`` is a 1-based meld index, ``depth`` pile cards taken, ``sets`` the two combined."""

    kind: str
    cards: tuple[Card, ...] = ()
    to: int | None = None
    depth: int | None = None
    sets: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.text()

    def text(self, *, symbols: bool = False) -> str:
        """The step in the play grammar; ``symbols`` draws the cards (``K♠ 🃏``), read back the same."""
        parts = [self.kind]
        if self.cards:
            parts.append(" ".join(c.symbol() for c in self.cards) if symbols else format_cards(self.cards))
        if self.to is not None:
            parts.append(f"{'on' if self.kind == EXCHANGE else 'to'} {self.to}")
        parts += [str(n) for n in self.sets]
        if self.depth is not None:
            parts.append(f"depth {self.depth}")
        return " ".join(parts)


def format_step(action: "Action", *, symbols: bool = False) -> str:
    """One step as printed; ``symbols`` draws the cards as ``K♠ 🃏``, which ``parse_action`` reads back too."""
    return action.text(symbols=symbols)


def _number(text: str, word: str, step: int) -> int:
    # ASCII digits only (int() would read '\u00b2' or '\u0662' too), and few of them
    if not (text.isascii() and text.isdigit()) or len(text) > 6 or int(text) < 1:
        raise NotationError(f"step {step}: {excerpt(word + ' ' + text)} needs a whole number of at least 1")
    return int(text)


def parse_action(text: str, step: int = 1) -> Action:
    # the joker as drawn (format_step with symbols) reads as JK
    words = text.replace("\U0001F0CF", " JK ").strip()
    kind, _, rest = words.partition(" ")
    kind = kind.lower()
    if kind not in KINDS:
        raise NotationError(f"step {step}: unknown action {excerpt(kind)} (use pickup, meld, layoff or discard; "
                            f"in albany also exchange or combine)")
    if kind == COMBINE:
        numbers = rest.split()
        if len(numbers) != 2:
            raise NotationError(f"step {step}: combine names two sets by number, as in 'combine 2 5'")
        return Action(kind, sets=tuple(_number(n, "combine", step) for n in numbers))
    to = depth = None
    if kind == PICKUP and (m := _DEPTH.search(rest)):
        depth = _number(m.group(1), "depth", step)
        rest = rest[: m.start()]
    if kind == LAYOFF and (m := _TO.search(rest)):
        to = _number(m.group(1), "to", step)
        rest = rest[: m.start()]
    if kind == EXCHANGE and (m := _ON.search(rest)):
        to = _number(m.group(1), "on", step)
        rest = rest[: m.start()]
    try:
        cards = parse_cards(rest)
    except NotationError as e:
        raise NotationError(f"step {step} ({kind}): {e}") from None
    if kind in (MELD, LAYOFF) and not cards:
        raise NotationError(f"step {step}: {kind} needs cards")
    if kind in (DISCARD, EXCHANGE) and len(cards) != 1:
        raise NotationError(f"step {step}: {kind} takes exactly one card, not {len(cards)}")
    return Action(kind, cards, to, depth)


def parse_play(text: str) -> tuple[Action, ...]:
    """Read ``;``-separated steps; an empty step is an error, not ignored."""
    if len(text) > MAX_PLAY_CHARS:
        raise NotationError(f"a play may be at most {MAX_PLAY_CHARS} characters")
    steps = text.strip().rstrip(";").split(";")
    if not text.strip():
        raise NotationError("the play is empty: give steps such as 'meld KS KH KD; discard 9C'")
    actions = []
    for i, step in enumerate(steps, start=1):
        if not step.strip():
            raise NotationError(f"step {i} is empty")
        actions.append(parse_action(step, i))
    return tuple(actions)


def format_play(actions, *, symbols: bool = False) -> str:
    return "; ".join(format_step(a, symbols=symbols) for a in actions)
