"""Engine moves: small immutable values with a one-line text form.

A *move* is one decision the engine asks of a seat. The turn's cards are
played by one ``Play`` (the contract's ACTIONS notation, judged by
``tutor.turn.play_turn``); the other moves are the moments around it:
drawing from the stock, albany's joker exchange and combining of sets
(A-COMBINE), the partner question, the Deluxe auction (option 6), the
odd-man election (option 8) and dealing the next hand.

Every move prints as text and ``parse_move`` reads that text back, so the
game's history is a list of plain strings::

    draw
    play pickup KH KD; meld KS KH KD 2C; discard 9C
    exchange 7H on 3
    combine 2 5
    ask
    answer yes
    offer 9C 4D
    bid 5S          (``bid`` alone passes)
    accept 2        (``reject`` keeps the offer)
    oddman yes
    deal
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..cards import Card, format_cards, parse_card, parse_cards
from ..errors import NotationError
from ..play import Action, format_play, parse_play


@dataclass(frozen=True)
class Draw:
    """Start the turn from the stock (``rules["draw"]["stock_cards"]`` cards)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Play:
    """The rest of a turn as the contract writes it: ``pickup ...; meld ...; discard ...``.

    From the start of a turn it must begin with ``pickup`` (the turn takes the
    pile); after a ``Draw`` it must not.
    """

    actions: tuple[Action, ...]

    @classmethod
    def parse(cls, text: str) -> "Play":
        return cls(parse_play(text))

    @property
    def takes_pile(self) -> bool:
        return bool(self.actions) and self.actions[0].kind == "pickup"

    def __str__(self) -> str:
        return "play " + format_play(self.actions)


@dataclass(frozen=True)
class Exchange:
    """Albany: take a joker from the side's set ``meld`` (1-based), putting ``card`` from the hand in its place."""

    meld: int
    card: Card

    def __str__(self) -> str:
        return f"exchange {self.card} on {self.meld}"


@dataclass(frozen=True)
class Combine:
    """Albany: join the side's sets ``first`` and ``second`` (1-based) into one."""

    first: int
    second: int

    def __str__(self) -> str:
        return f"combine {self.first} {self.second}"


@dataclass(frozen=True)
class AskPartner:
    """'May I go out?': the partner's answer binds for the rest of the turn."""

    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True)
class Answer:
    """The partner's answer to ``AskPartner``."""

    yes: bool

    def __str__(self) -> str:
        return "answer " + ("yes" if self.yes else "no")


@dataclass(frozen=True)
class Offer:
    """Albany Deluxe option 6: lay cards from the hand out as an offering."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "offer " + format_cards(self.cards)


@dataclass(frozen=True)
class Bid:
    """A bid for the offering; no cards is a pass."""

    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return ("bid " + format_cards(self.cards)) if self.cards else "bid"


@dataclass(frozen=True)
class Accept:
    """The offering player takes the bid of seat ``bidder``, or rejects every bid (``None``)."""

    bidder: int | None

    def __str__(self) -> str:
        return "reject" if self.bidder is None else f"accept {self.bidder}"


@dataclass(frozen=True)
class OddMan:
    """Albany Deluxe option 8: the trailing players elect (or not) to partner against the leader."""

    yes: bool

    def __str__(self) -> str:
        return "oddman " + ("yes" if self.yes else "no")


@dataclass(frozen=True)
class NextHand:
    """Deal the next hand once the scores of the last one are in."""

    def __str__(self) -> str:
        return "deal"


Move = Union[Draw, Play, Exchange, Combine, AskPartner, Answer, Offer, Bid, Accept, OddMan, NextHand]


def _yes_no(word: str, text: str) -> bool:
    if word not in ("yes", "no"):
        raise NotationError(f"{text!r}: say yes or no")
    return word == "yes"


def _index(word: str, text: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise NotationError(f"{text!r}: {word!r} is not a set number (1, 2, ...)")
    return int(word)


def parse_move(text: str) -> Move:
    """Read a move from its text form (see the module docstring)."""
    words = text.strip().split()
    if not words:
        raise NotationError("an empty move: try 'draw' or 'play meld KS KH KD; discard 9C'")
    head, rest = words[0].lower(), words[1:]
    if head == "draw" and not rest:
        return Draw()
    if head == "play":
        return Play.parse(text.strip()[4:])
    if head == "exchange" and len(rest) == 3 and rest[1].lower() == "on":
        return Exchange(_index(rest[2], text), parse_card(rest[0]))
    if head == "combine" and len(rest) == 2:
        return Combine(_index(rest[0], text), _index(rest[1], text))
    if head == "ask" and not rest:
        return AskPartner()
    if head == "answer" and len(rest) == 1:
        return Answer(_yes_no(rest[0].lower(), text))
    if head == "offer" and rest:
        return Offer(parse_cards(" ".join(rest)))
    if head == "bid":
        return Bid(parse_cards(" ".join(rest)))
    if head == "accept" and len(rest) == 1:
        if not rest[0].isdigit():
            raise NotationError(f"{text!r}: accept names the bidder's seat number")
        return Accept(int(rest[0]))
    if head == "reject" and not rest:
        return Accept(None)
    if head == "oddman" and len(rest) == 1:
        return OddMan(_yes_no(rest[0].lower(), text))
    if head == "deal" and not rest:
        return NextHand()
    raise NotationError(f"not a move: {text!r} (draw, play ..., exchange CARD on N, combine N M, ask, "
                        f"answer yes|no, offer CARDS, bid [CARDS], accept SEAT, reject, oddman yes|no, deal)")
