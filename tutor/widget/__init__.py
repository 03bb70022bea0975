"""The hand widget: a Canasta hand the learner can select and group in a notebook.

``HandWidget`` shows one side's table melds, the discard pile and the hand.
The learner clicks cards (or uses the keyboard) to select them, presses
"Group" to propose a meld, and the Python side reads the proposal back::

    w = HandWidget(hand="KS KH KD 7C 2C JK", wild="2 JK")
    w.select(0, 1, 4)
    w.group()
    w.group_cards()       # [(Card.parse('KS'), Card.parse('KH'), Card.parse('2C'))]

Only notation strings, lists of them and a flag are synced with the browser.
A two-deck hand may hold the same card twice; the browser keeps track of
which copy is selected, while Python sees the selection as cards in hand
order, which is all a rule can care about.

Whatever the browser sends is checked: a selection or grouping that does not
fit the hand is ignored, never raised, because it can only be stale state.
Python-side methods (``select``, ``group``) do raise on bad input.
"""

from __future__ import annotations

import json
import pathlib
import re
from collections import Counter
from typing import Iterable

import anywidget
import traitlets

from ..cards import JOKER, RANKS, Card, format_cards, parse_cards, parse_melds
from ..errors import NotationError, TutorError

__all__ = ["HandWidget", "ProgressWidget", "PROGRESS_KEY"]

# Where the browser keeps a learner's progress (``localStorage``), and the shape
# it holds there: {"lessons": {"<lesson>": "done"}, "exercises": {"<lesson>/<id>": true}}.
PROGRESS_KEY = "canasta-tutor:progress"

_STATIC = pathlib.Path(__file__).parent / "static"

CardsLike = str | Iterable[Card]


def _fits(part: Iterable[Card], whole: Iterable[Card]) -> bool:
    """Is ``part`` a sub-multiset of ``whole``?"""
    return not (Counter(part) - Counter(whole))


def _canonical(text: CardsLike) -> str:
    return format_cards(parse_cards(text))


def _canonical_meld(meld: CardsLike) -> str:
    cards = parse_cards(meld)
    if not cards:
        raise NotationError("a meld or group needs at least one card")
    return format_cards(cards)


def _canonical_melds(melds: str | Iterable[CardsLike]) -> list[str]:
    if isinstance(melds, str):
        melds = parse_melds(melds) if melds.strip() else ()
    return [_canonical_meld(m) for m in melds]


def _canonical_wild(wild: str | Iterable[str]) -> str:
    tokens = wild.replace(",", " ").split() if isinstance(wild, str) else list(wild)
    ranks: list[str] = []
    for token in tokens:
        rank = {"10": "T", "*": JOKER}.get(token.strip().upper(), token.strip().upper())
        if rank != JOKER and (len(rank) != 1 or rank not in RANKS):
            raise NotationError(
                f"bad wild rank {token!r}: a rank is A K Q J T 9 8 7 6 5 4 3 2 or JK"
            )
        if rank not in ranks:
            ranks.append(rank)
    return " ".join(ranks)


def _in_hand_order(part: Iterable[Card], hand: Iterable[Card]) -> tuple[Card, ...]:
    left = Counter(part)
    ordered = []
    for card in hand:
        if left[card]:
            left[card] -= 1
            ordered.append(card)
    return tuple(ordered)


class HandWidget(anywidget.AnyWidget):
    """A hand of cards to select and group, with the side's melds and the pile."""

    _esm = _STATIC / "hand.js"
    _css = _STATIC / "hand.css"

    hand = traitlets.Unicode("").tag(sync=True)
    melds = traitlets.List(traitlets.Unicode()).tag(sync=True)
    discard = traitlets.Unicode("").tag(sync=True)  # bottom card first
    wild = traitlets.Unicode("").tag(sync=True)  # wild ranks, e.g. "2 JK"
    selected = traitlets.Unicode("").tag(sync=True)  # selected cards, in hand order
    groups = traitlets.List(traitlets.Unicode()).tag(sync=True)  # proposed melds
    message = traitlets.Unicode("").tag(sync=True)  # a verdict line under the hand
    readonly = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        *,
        hand: CardsLike = "",
        melds: str | Iterable[CardsLike] = (),
        discard: CardsLike = "",
        wild: str | Iterable[str] = "",
        selected: CardsLike = "",
        groups: Iterable[CardsLike] = (),
        message: str = "",
        readonly: bool = False,
    ) -> None:
        # Check everything before building the widget, so bad notation raises
        # NotationError naming the token instead of leaving a half-made widget.
        hand_cards = parse_cards(hand)
        meld_texts = _canonical_melds(melds)
        discard_text = _canonical(discard)
        wild_text = _canonical_wild(wild)
        group_texts = [_canonical_meld(g) for g in groups]
        grouped = [c for g in group_texts for c in parse_cards(g)]
        if not _fits(grouped, hand_cards):
            raise TutorError(f"groups {group_texts} use cards that are not in the hand")
        chosen = parse_cards(selected)
        if not _fits(chosen, self._available(hand_cards, grouped)):
            raise TutorError(
                f"selected cards {format_cards(chosen)!r} are not in the hand "
                f"(or are already grouped)"
            )
        super().__init__()
        # Hand first: the selection and groups are checked against it.
        self.hand = format_cards(hand_cards)
        self.melds = meld_texts
        self.discard = discard_text
        self.wild = wild_text
        self.groups = group_texts
        self.selected = format_cards(chosen)
        self.message = message
        self.readonly = readonly

    def __repr__(self) -> str:
        fields = [
            ("hand", self.hand, ""), ("melds", self.melds, []),
            ("discard", self.discard, ""), ("wild", self.wild, ""),
            ("selected", self.selected, ""), ("groups", self.groups, []),
            ("message", self.message, ""), ("readonly", self.readonly, False),
        ]
        args = ", ".join(f"{name}={value!r}" for name, value, default in fields if value != default)
        return f"HandWidget({args})"

    # --- reading the state -------------------------------------------------

    def hand_cards(self) -> tuple[Card, ...]:
        return parse_cards(self.hand)

    def selected_cards(self) -> tuple[Card, ...]:
        """The selected cards, in hand order."""
        return parse_cards(self.selected)

    def group_cards(self) -> list[tuple[Card, ...]]:
        """The melds the learner proposed, in the order they were grouped."""
        return [parse_cards(g) for g in self.groups]

    # --- changing it from Python (lessons, tests) --------------------------

    def select(self, *indices: int) -> None:
        """Select the hand cards at these 0-based positions (replacing the selection)."""
        hand = self.hand_cards()
        for i in indices:
            if not 0 <= i < len(hand):
                raise IndexError(f"no card at position {i}: the hand has {len(hand)} cards")
        chosen = [hand[i] for i in sorted(set(indices))]
        grouped = [c for g in self.group_cards() for c in g]
        if not _fits(chosen, self._available(hand, grouped)):
            raise TutorError(f"{format_cards(chosen)!r}: some of these cards are already grouped")
        self.selected = format_cards(chosen)

    def group(self) -> None:
        """Turn the selection into a proposed meld, as the "Group" button does."""
        if not self.selected:
            raise TutorError("select some cards before grouping them")
        with self.hold_sync():
            self.groups = [*self.groups, self.selected]
            self.selected = ""

    def remove_group(self, index: int) -> None:
        """Drop one proposed meld, as its "×" button does."""
        if not 0 <= index < len(self.groups):
            raise IndexError(f"no group {index}: there are {len(self.groups)}")
        self.groups = [g for i, g in enumerate(self.groups) if i != index]

    def clear(self) -> None:
        """Empty the selection and the groups, as the "Clear" button does."""
        with self.hold_sync():
            self.selected = ""
            self.groups = []

    # --- keeping the synced state sound ------------------------------------
    #
    # While traitlets validates a change from the browser, the raw value is
    # already stored on the widget, so the fallbacks are remembered apart.

    _good_selected = ""
    _good_groups: tuple[str, ...] = ()

    @staticmethod
    def _available(hand: Iterable[Card], grouped: Iterable[Card]) -> list[Card]:
        return list((Counter(hand) - Counter(grouped)).elements())

    def _groups_that_fit(self, groups: Iterable[str]) -> list[str] | None:
        try:
            texts = [_canonical_meld(g) for g in groups]
        except NotationError:
            return None
        grouped = [c for g in texts for c in parse_cards(g)]
        return texts if _fits(grouped, self.hand_cards()) else None

    def _grouped(self) -> list[Card]:
        texts = self._groups_that_fit(self.groups)
        if texts is None:
            texts = self._good_groups
        return [c for g in texts for c in parse_cards(g)]

    @traitlets.validate("hand")
    def _valid_hand(self, proposal):
        return _canonical(proposal["value"])

    @traitlets.validate("melds")
    def _valid_melds(self, proposal):
        return [_canonical_meld(m) for m in proposal["value"]]

    @traitlets.validate("discard")
    def _valid_discard(self, proposal):
        return _canonical(proposal["value"])

    @traitlets.validate("wild")
    def _valid_wild(self, proposal):
        return _canonical_wild(proposal["value"])

    @traitlets.validate("groups")
    def _valid_groups(self, proposal):
        texts = self._groups_that_fit(proposal["value"])
        if texts is None:
            texts = list(self._good_groups)
            if self._groups_that_fit(texts) is None:
                texts = []
        return texts

    @traitlets.validate("selected")
    def _valid_selected(self, proposal):
        hand = self.hand_cards()
        available = self._available(hand, self._grouped())
        try:
            chosen = parse_cards(proposal["value"])
        except NotationError:
            chosen = None
        if chosen is None or not _fits(chosen, available):
            # Keep the last good selection if it still fits, else start afresh.
            chosen = parse_cards(self._good_selected)
            if not _fits(chosen, available):
                chosen = ()
        return format_cards(_in_hand_order(chosen, hand))

    @traitlets.observe("selected")
    def _remember_selected(self, change) -> None:
        self._good_selected = change["new"]

    @traitlets.observe("groups")
    def _regrouped(self, change) -> None:
        self._good_groups = tuple(change["new"])
        # Cards that moved into a group can no longer stay selected.
        if not _fits(self.selected_cards(), self._available(self.hand_cards(), self._grouped())):
            self.selected = ""

    @traitlets.observe("hand")
    def _new_hand(self, change) -> None:
        # A new hand makes the old selection and groups meaningless.
        with self.hold_sync():
            self.selected = ""
            self.groups = []


_EXERCISE_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


class ProgressWidget(anywidget.AnyWidget):
    """A lesson's progress, kept in the learner's browser and read back here.

    The lesson names its exercises; ``mark(id)`` records one as solved, the
    browser stores it under ``PROGRESS_KEY`` and marks the lesson done when all
    its exercises are. ``progress`` is what the browser holds, as JSON, for
    every lesson (the welcome shows it as checkmarks). With ``lesson=""`` the
    widget only reads.
    """

    _esm = _STATIC / "hand.js"
    _css = _STATIC / "hand.css"

    panel = traitlets.Unicode("progress").tag(sync=True)
    lesson = traitlets.Unicode("").tag(sync=True)
    exercises = traitlets.List(traitlets.Unicode()).tag(sync=True)
    solved = traitlets.List(traitlets.Unicode()).tag(sync=True)
    progress = traitlets.Unicode("").tag(sync=True)  # the browser's store, as JSON

    def __init__(self, *, lesson: str = "", exercises: Iterable[str] = ()) -> None:
        exercises = list(exercises)
        for name in exercises:
            if not _EXERCISE_ID.fullmatch(name):
                raise TutorError(f"bad exercise id {name!r}: use lower-case words joined by '-'")
        if len(set(exercises)) != len(exercises):
            raise TutorError(f"exercise ids repeat: {exercises}")
        if exercises and not lesson:
            raise TutorError("exercises belong to a lesson: name it")
        super().__init__()
        self.lesson, self.exercises = lesson, exercises

    def mark(self, exercise: str) -> None:
        """Record one of the lesson's exercises as solved (again is harmless)."""
        if exercise not in self.exercises:
            raise TutorError(f"no exercise {exercise!r} in lesson {self.lesson!r}: it has {self.exercises}")
        if exercise not in self.solved:
            self.solved = [*self.solved, exercise]

    def stored(self) -> dict:
        """The browser's store, read defensively: a damaged entry counts as empty."""
        try:
            data = json.loads(self.progress or "{}")
        except json.JSONDecodeError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        lessons = data.get("lessons") if isinstance(data.get("lessons"), dict) else {}
        exercises = data.get("exercises") if isinstance(data.get("exercises"), dict) else {}
        return {"lessons": lessons, "exercises": exercises}

    def done_lessons(self) -> set[str]:
        """Lessons (file stems) the browser holds as done."""
        return {name for name, state in self.stored()["lessons"].items() if state == "done"}

    def done_exercises(self) -> set[str]:
        """This lesson's exercises solved, in this visit or an earlier one."""
        held = {key for key, state in self.stored()["exercises"].items() if state is True}
        return {e for e in self.exercises if f"{self.lesson}/{e}" in held} | set(self.solved)
