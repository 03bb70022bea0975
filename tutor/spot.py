"""The contract's spot: one side's decision point, read from and written to JSON."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from .cards import Card, format_cards, parse_cards
from .errors import IllegalPlayError, NotationError, SpotError, TutorError
from .inputs import excerpt, loads, read_bytes
from .melds import judge
from .rules import Rules, load_variant

if TYPE_CHECKING:
    from .verdict import Verdict
    from .views import LegalMelds

PHASES = ("before-draw", "drawn")
MAX_SPOT_BYTES = 1024 * 1024
MAX_SCORE = 1_000_000  # far beyond any game's cumulative score; keeps every sum small
MAX_MELDS = 60  # more melds than any pack can make

# key -> (accepted types, human description)
_KEYS: dict[str, tuple[tuple[type, ...], str]] = {
    "variant": ((str,), "a variant name or the path of a house-rules .toml file"),
    "options": ((dict,), "an object of variant options"),
    "score": ((int,), "a whole number"),
    "hand": ((str,), "a string of cards"),
    "melds": ((list,), "a list of meld strings"),
    "discard": ((str,), "a string of cards, bottom first"),
    "red_threes": ((str,), "a string of bonus cards"),
    "stock": ((int,), "a whole number of cards"),
    "first_round": ((bool,), "true or false"),
    "scores": ((list,), "a list of whole numbers, acting side first"),
    "phase": ((str,), '"before-draw" or "drawn"'),
}
# Keys that mean something only under some rules (docs/spot-format.md: elsewhere they are refused).
_ONLY_WHEN = {
    "red_threes": lambda r: bool(r["cards"].get("bonus")),
    "first_round": lambda r: "wimp_rule" in r.variant.options,
    "scores": lambda r: "wimp_rule" in r.variant.options,
}


@dataclass(frozen=True)
class Spot:
    """One player's decision point: the acting side's view of the table."""

    rules: Rules
    hand: tuple[Card, ...]
    melds: tuple[tuple[Card, ...], ...] = ()
    discard: tuple[Card, ...] = ()
    red_threes: tuple[Card, ...] = ()
    score: int = 0
    stock: int = 40
    phase: str = "drawn"
    first_round: bool = False
    scores: tuple[int, ...] = ()
    variant_name: str = ""

    # -- reading ------------------------------------------------------------
    @classmethod
    def from_json(cls, text: str | bytes) -> "Spot":
        if len(text) > MAX_SPOT_BYTES:
            raise SpotError(f"spot is {len(text)} bytes; at most {MAX_SPOT_BYTES} are read")
        try:
            data = loads(text, "the spot")
        except SpotError:
            raise
        except TutorError as e:
            raise SpotError(str(e)) from None
        return cls.from_dict(data)

    @classmethod
    def from_file(cls, path: str | Path) -> "Spot":
        """A spot from a regular file (or ``-``, standard input), read up to its size cap."""
        try:
            data = read_bytes(path, MAX_SPOT_BYTES, "spot file")
        except TutorError as e:
            raise SpotError(str(e)) from None
        return cls.from_json(data)

    @classmethod
    def from_dict(cls, data: Any) -> "Spot":
        if not isinstance(data, dict):
            raise SpotError("a spot is a JSON object with at least 'variant' and 'hand'")
        for key, value in data.items():
            if key not in _KEYS:
                raise SpotError(f"unknown key {excerpt(key)} in spot (known: {', '.join(_KEYS)})")
            kinds, what = _KEYS[key]
            if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
                raise SpotError(f"spot key {key!r} must be {what}, not {_shown(value)}")
        for key in ("variant", "hand"):
            if key not in data:
                raise SpotError(f"spot is missing the required key {key!r}")
        variant = load_variant(data["variant"])
        rules = variant.with_options(data.get("options", {}))
        for key, applies in _ONLY_WHEN.items():
            if key in data and not applies(rules):
                raise SpotError(f"spot key {key!r} means nothing in {rules.id}")
        if data.get("phase", "drawn") not in PHASES:
            raise SpotError(f"spot key 'phase' must be \"before-draw\" or \"drawn\", not {_shown(data['phase'])}")
        pack_size = sum(rules.pack.values())
        if data.get("stock", 40) < 0:
            raise SpotError("spot key 'stock' cannot be negative")
        if data.get("stock", 40) > pack_size:
            raise SpotError(f"spot key 'stock' cannot exceed {pack_size}, the cards of the {rules.id} pack, "
                            f"not {_shown(data['stock'])}")
        _check_score("score", data.get("score", 0))
        scores = data.get("scores")
        if scores is not None and (not scores or len(scores) > rules.layout.players
                                   or any(isinstance(s, bool) or not isinstance(s, int) for s in scores)):
            raise SpotError("spot key 'scores' must be a non-empty list of whole numbers, acting side first, at "
                            "most one for each player")
        for s in scores or ():
            _check_score("scores", s)
        if len(data.get("melds", [])) > MAX_MELDS:
            raise SpotError(f"spot key 'melds' lists {len(data['melds'])} melds; no table holds more than {MAX_MELDS}")
        melds = []
        for i, text in enumerate(data.get("melds", []), start=1):
            if not isinstance(text, str):
                raise SpotError(f"meld {i} must be a string of cards, not {_shown(text)}")
            melds.append(_cards(text, f"meld {i}"))
        spot = cls(
            rules=rules,
            hand=_cards(data["hand"], "hand"),
            melds=tuple(melds),
            discard=_cards(data.get("discard", ""), "discard"),
            red_threes=_cards(data.get("red_threes", ""), "red_threes"),
            score=data.get("score", 0),
            stock=data.get("stock", 40),
            phase=data.get("phase", "drawn"),
            first_round=data.get("first_round", False),
            scores=tuple(scores) if scores is not None else (data.get("score", 0),),
            variant_name=data["variant"],
        )
        spot.validate()
        return spot

    # -- checking ------------------------------------------------------------
    def validate(self) -> None:
        """Reject a spot that cannot occur, naming what is wrong."""
        rules = self.rules
        counts = Counter(self.hand) + Counter(self.discard) + Counter(self.red_threes)
        for m in self.melds:
            counts.update(m)
        for card, n in sorted(counts.items()):
            have = rules.copies(card)
            if n > have:
                raise SpotError(f"{n} copies of {card} in the spot; the {rules.id} pack for "
                                f"{rules.layout.players} players holds {have}")
        for card in self.red_threes:
            if rules.role(card) != "bonus":
                raise SpotError(f"red_threes holds {card}, which is not a bonus card in {rules.id}")
        for card in self.hand:
            if rules.role(card) == "bonus":
                raise SpotError(f"{card} is in the hand, but a bonus card is laid out at once "
                                f"({rules.cite('bonus_cards')}): put it in red_threes")
        groups: dict[str, int] = {}  # rank -> the meld that holds it, for one meld per rank
        for i, m in enumerate(self.melds, start=1):
            try:
                judged = judge(rules, m, going_out=True)
            except IllegalPlayError as e:
                raise SpotError(f"meld {i} on the table ({format_cards(m)}) is illegal: {e}") from None
            if judged.kind == "group" and rules["meld"]["one_per_rank"]:
                if judged.key in groups:
                    raise SpotError(f"melds {groups[judged.key]} and {i} are both {judged.key}s; a side has one "
                                    f"meld per rank ({rules.cite('meld')})")
                groups[judged.key] = i

    # -- views ----------------------------------------------------------------
    @property
    def down(self) -> bool:
        """Has the acting side made its first meld?"""
        return bool(self.melds)

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def initial_need(self) -> int:
        return 0 if self.down else self.rules.initial_need(self.score)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"variant": self.variant_name or self.rules.id}
        changed = {k: v for k, v in self.rules.options.items()
                   if v != self.rules.variant.options[k].get("default")}
        if changed:
            d["options"] = changed
        d["score"] = self.score
        d["hand"] = format_cards(self.hand)
        d["melds"] = [format_cards(m) for m in self.melds]
        d["discard"] = format_cards(self.discard)
        if self.rules["cards"].get("bonus"):
            d["red_threes"] = format_cards(self.red_threes)
        d["stock"] = self.stock
        if "wimp_rule" in self.rules.variant.options:
            d["first_round"] = self.first_round
            d["scores"] = list(self.scores)
        d["phase"] = self.phase
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def replace(self, **changes) -> "Spot":
        return replace(self, **changes)

    def __repr__(self) -> str:
        return f"Spot.from_json({self.to_json()!r})"

    # -- the Python API: questions and plays (each asks only when used) ------------------------------
    @cached_property
    def legal_melds(self) -> "LegalMelds":
        """The melds and lay-offs the player may put down now, a lazy view (``in``, ``len``, iteration).

        ``"KS KH KD" in spot.legal_melds``; ``for m in spot.legal_melds: m.kind, m.cards, m.to, m.points``.
        """
        from .views import LegalMelds

        return LegalMelds(self)

    def ask(self, question: str, *, play: str | None = None, went_out: str | None = None,
            decider: str = "z3", rlimit: int | None = None) -> "Verdict":
        """The contract's question about this spot: ``melds``, ``initial-meld``, ``pickup``, ``go-out``,
        ``play`` (with ``play=``) or ``score`` (with ``went_out="out"`` or ``"concealed"``)."""
        from .questions import ask

        verdict = ask(question, self, play=play, went_out=went_out, decider=decider, rlimit=rlimit)
        return replace(verdict, spot=self)

    def play(self, play: str) -> "Spot":
        """The side's spot when its next turn begins, after this whole turn (``;``-separated steps).

        An illegal play raises ``TurnError`` (an ``IllegalPlayError``): its ``rule``, ``text`` and ``step``
        say which rule the first illegal step breaks.
        """
        from .play import parse_play
        from .turn import play_turn
        from .views import spot_after

        return spot_after(self, play_turn(self, parse_play(play)))

    def _repr_html_(self) -> str:
        from .render import spot_html

        facts = [f"variant {self.rules.id}", f"score {self.score}", f"stock {self.stock}", self.phase]
        if not self.down and self.initial_need:
            facts.append(f"first meld needs {self.initial_need}")
        return spot_html(hand=self.hand, melds=self.melds, discard=self.discard,
                         red_threes=self.red_threes, wild=self.rules.wild_ranks, facts=facts)


def _shown(value: Any) -> str:
    """A spot's value in a message: its JSON, short and escaped."""
    return excerpt(json.dumps(value, ensure_ascii=False, default=str), quote=False)


def _check_score(key: str, value: int) -> None:
    if not -MAX_SCORE <= value <= MAX_SCORE:
        raise SpotError(f"spot key {key!r} must be a score from {-MAX_SCORE} to {MAX_SCORE}, not {_shown(value)}")


def _cards(text: str, where: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except NotationError as e:
        raise NotationError(f"{where}: {e}") from None


def load_spot(source: str) -> Spot:
    """A spot from a path, or ``-`` for standard input."""
    return Spot.from_file(source)
