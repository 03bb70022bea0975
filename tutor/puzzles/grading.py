"""Themes and difficulty grades, computed from what a proof uses.

Themes are tags read off the proof: the rule IDs a "no" cites, and for a
"yes" what the witness turn does (takes a frozen pile, completes a canasta,
goes out concealed, melds a sequence...). The grade (1-5) is a weighted sum
of measurable features of the puzzle, cut at fixed thresholds; the weights
are documented in ``puzzles/README.md`` and checked against the hand-graded
calibration set ``puzzles/calibration.jsonl``.
"""

from __future__ import annotations

import math
from collections import Counter

from ..melds import BLOCKERS, SEQUENCE, WILD, judge
from ..play import PICKUP, parse_play
from ..spot import Spot
from .format import FEATURES, PuzzleError
from .prove import Proven

# Every theme a generated puzzle may carry, with the sentence the README shows.
THEMES: dict[str, str] = {
    "going-out": "whether the hand can be played out this turn",
    "taking-the-pile": "when and how the discard pile may be taken",
    "frozen-pile": "a pile frozen by a wild card, a red 3, or for a side that has not melded",
    "first-meld": "making the side's first meld",
    "first-meld-minimum": "the first meld's minimum count (canasty: the down requirement)",
    "top-card-counts": "of the pile only the top card counts toward the first meld",
    "canasta-requirement": "the canastas a side needs before it may go out",
    "wild-limit": "how many wild cards a meld may hold",
    "meld-shape": "what makes a meld: naturals, ranks, one meld per rank",
    "concealed-going-out": "going out in one turn without having melded before",
    "black-threes": "black 3s: blocking the pile, melded only when going out",
    "bonus-cards": "red 3s (and canasty's jokers) in the pile or the hand",
    "stoppers": "albany's stoppers: never taken from the top, two block going out",
    "sequences": "albany's same-suit sequences with undeclared wilds",
    "deep-pick-up": "albany's pick-up of a deeper card with everything above it",
    "unmatched-cards": "canasty's allowance of two unmatched cards when going out",
    "wimp-rule": "canasty's first-round wimp rule",
    "lay-off": "laying cards off onto melds already on the table",
    "turn-end": "a turn must still end legally (a card to discard, or going out)",
    "one-card-pile": "a player holding one card may not take a pile of one card",
    "wild-canasta": "melds made only of wild cards",
    "legal-cheats": "canasty's legal cheats A, B, C, M and N",
}

#: Themes only some rule sets can raise, with the test of the rules data that says whether these can.
_THEME_NEEDS = {
    "first-meld-minimum": lambda r: bool(r["initial"].get("required")),
    "top-card-counts": lambda r: bool(r["initial"].get("required")) and r["pile"].get("style") == "whole",
    "frozen-pile": lambda r: bool(r["pile"].get("frozen_by") or r["pile"].get("frozen_unmelded")),
    "canasta-requirement": lambda r: r.canastas_to_go_out > 0,
    "concealed-going-out": lambda r: bool(r["go_out"].get("concealed")),
    "black-threes": lambda r: bool(r["cards"].get("blocker")),
    "bonus-cards": lambda r: bool(r["cards"].get("bonus")),
    "stoppers": lambda r: bool(r["cards"].get("stopper")),
    "sequences": lambda r: bool(r["meld"].get("sequences")),
    "deep-pick-up": lambda r: r["pile"].get("style") == "fanned",
    "unmatched-cards": lambda r: bool(r["go_out"].get("max_unmatched")),
    "wimp-rule": lambda r: bool(r["go_out"].get("wimp_rule")),
    "one-card-pile": lambda r: bool(r["pile"].get("single_card_rule")),
    "wild-canasta": lambda r: bool(r["wild_meld"].get("allowed")),
    "legal-cheats": lambda r: "cheats" in r.data,
}


def themes_for(rules) -> list[str]:
    """The themes a puzzle under these rules can carry (a variant without stoppers has no stopper puzzles)."""
    return [t for t in THEMES if _THEME_NEEDS.get(t, lambda r: True)(rules)]


#: Where the rules data names the rule a theme is about: (section, key), theme. A rule ID takes the
#: first theme that claims it (a variant may cite one rule for several keys: canasty's Y-SET for its
#: sets and its black 3s, albany's A-STOPPER for its stoppers and its stopper sets).
_DATA_THEMES = (
    (("meld", "rule"), "meld-shape"), (("pile", "rule"), "taking-the-pile"), (("cards", "stopper_rule"), "stoppers"),
    (("pile", "frozen_rule"), "frozen-pile"), (("initial", "rule"), "first-meld"),
    (("go_out", "concealed_rule"), "concealed-going-out"), (("blocker_meld", "rule"), "black-threes"),
    (("bonus_cards", "rule"), "bonus-cards"), (("wild_meld", "rule"), "wild-canasta"),
    (("canasta", "wild_bonus_rule"), "wild-canasta"), (("go_out", "rule"), "going-out"),
)
#: The legal cheats' rule: canasty's ``[cheats]`` table is free-form (a letter, its description), with no
#: key that names it, so its ID is the one the referee cites for them (``tutor.questions``).
_CHEATS_RULE = "Y-CHEATS"


def _rule_themes(rules) -> dict[str, str]:
    """The theme of each rule ID this spot's rules cite, read from the rules data."""
    out: dict[str, str] = {}
    for (section, key), theme in _DATA_THEMES:
        rid = rules[section].get(key)
        if theme == "first-meld" and rules["initial"].get("required"):
            theme = "first-meld-minimum"
        if rid and rid not in out:
            out[rid] = theme
    if "cheats" in rules.data:
        out.setdefault(_CHEATS_RULE, "legal-cheats")
    return out


def _canasta_rules(rules) -> set[str]:
    """The rules a reason about the canastas going out needs comes from: going out, and the table's deal."""
    found = {rules.cite("go_out")}
    found.update(spec["rule"] for name, spec in rules.variant.options.items()
                 if name in ("players", "partnerships") and spec.get("rule"))
    return found


# (words in a reason's text, the rule IDs it must come from (None: any; a function of the rules), theme)
_TEXT_THEMES = (
    (("canasta",), _canasta_rules, "canasta-requirement"),
    (("unmatched",), None, "unmatched-cards"),
    (("wimp",), None, "wimp-rule"),
    (("holding one card", "holds one card", "pile of one card", "pile of a single card"), None, "one-card-pile"),
    (("stopper",), None, "stoppers"),
    (("black 3",), None, "black-threes"),
    (("frozen",), None, "frozen-pile"),
    (("end with a discard", "after the discard", "must end", "empty his hand", "empties your hand",
      "two cards before"), None, "turn-end"),
)
_QUESTION_THEMES = {"go-out": "going-out", "pickup": "taking-the-pile", "initial-meld": "first-meld",
                    "cheat": "legal-cheats"}
_CHEAT_THEMES = {"A": ("meld-shape", "wild-limit"), "B": ("first-meld-minimum",), "C": ("meld-shape",),
                 "M": ("taking-the-pile",), "N": ("first-meld-minimum", "meld-shape")}


def _pile_frozen(spot: Spot) -> bool:
    rules = spot.rules
    pile = rules["pile"]
    if pile.get("style") == "fanned":
        return False
    if pile.get("frozen_unmelded") and not spot.down:
        return True
    return any(rules.role(c) in pile.get("frozen_by", []) for c in spot.discard)


def themes_of(spot: Spot, proven: Proven) -> list[str]:
    """The themes of a puzzle, in the fixed order of ``THEMES``."""
    rules = spot.rules
    found = {_QUESTION_THEMES[proven.question]}
    reasons = proven.proof.get("reasons", [])
    wild_in_play = any(rules.role(c) == "wild" for c in spot.hand + spot.discard)
    rule_themes = _rule_themes(rules)
    for r in reasons:
        base = r["rule"].split(".")[0]
        theme = rule_themes.get(base)
        if theme == "going-out" and proven.question != "go-out":
            theme = "turn-end"  # melding every card would be going out
        if theme:
            found.add(theme)
        if base == rules.cite("meld") and wild_in_play:
            found.add("wild-limit")
        text = r["text"].lower()
        for words, rule_ids, t in _TEXT_THEMES:
            if any(w in text for w in words) and (rule_ids is None or base in rule_ids(rules)):
                found.add(t)
    for letter in proven.proof.get("cheats", []):
        found.update(_CHEAT_THEMES.get(letter, ()))
    if proven.question == "cheat":
        found.add("legal-cheats")
    if spot.initial_need and proven.question in ("initial-meld", "cheat"):
        found.add("first-meld-minimum")
    turn = proven.turn
    if turn is not None:
        roles = Counter(rules.role(c) for c in spot.hand)
        took = bool(turn.actions) and turn.actions[0].kind == PICKUP
        if took:
            found.add("taking-the-pile")
            if _pile_frozen(spot):
                found.add("frozen-pile")
            if not spot.down and spot.initial_need:
                found.add("top-card-counts")
            if (turn.actions[0].depth or 0) >= 2:
                found.add("deep-pick-up")
            if any(rules.role(c) == "bonus" for c in turn.picked_up):
                found.add("bonus-cards")
        if turn.concealed:
            found.add("concealed-going-out")
        if turn.went_out and rules.canastas_to_go_out:
            found.add("canasta-requirement")
        if turn.went_out and rules["go_out"].get("max_unmatched") and sum(turn.hand.values()):
            found.add("unmatched-cards")
        if turn.went_out and spot.first_round and rules["go_out"].get("wimp_rule"):
            found.add("wimp-rule")
        # a pickup is proved by taking the pile: what the witness melds afterwards is incidental
        touched = [] if proven.question == "pickup" else (
            list(turn.new_melds) + [i for i in range(len(spot.melds)) if turn.table[i] != spot.melds[i]])
        if proven.question != "pickup" and any(len(turn.table[i]) > len(m) for i, m in enumerate(spot.melds)):
            found.add("lay-off")
        cap = rules.max_wilds()
        for i in touched:
            m = judge(rules, turn.table[i], going_out=True)
            if m.kind == SEQUENCE:
                found.add("sequences")
            elif m.kind == BLOCKERS:
                found.add("black-threes")
            elif m.kind == WILD:
                found.add("wild-canasta")
            if m.wilds and (cap is not None and m.wilds >= cap or m.wilds >= m.naturals):
                found.add("wild-limit")
        if roles["stopper"] or any(rules.role(c) == "stopper" for c in spot.discard[-1:]):
            found.add("stoppers")
        if roles["blocker"] and proven.question != "pickup":
            found.add("black-threes")
    else:
        if any(rules.role(c) == "stopper" for c in spot.hand) and proven.question == "go-out":
            found.add("stoppers")
        if proven.question == "go-out" and not spot.down and rules["go_out"].get("concealed") \
                and not glance(spot, proven.question, proven.answer, proven.proof):
            found.add("concealed-going-out")  # a side that has not melded could only go out concealed
    if spot.phase == "before-draw" and any(rules.role(c) == "bonus" for c in spot.discard) \
            and proven.question in ("pickup", "go-out", "initial-meld") and "frozen-pile" in found:
        found.add("bonus-cards")  # a red 3 in the pile freezes it
    if spot.discard and rules.role(spot.discard[-1]) == "blocker" and proven.question in ("pickup", "go-out"):
        found.add("black-threes")
    return [t for t in THEMES if t in found]


# -- the grade ----------------------------------------------------------------------------

#: How deep a theme's rule lies, for a person weighing it: 1, a fact the table shows (what lies on
#: top, what the hand holds); 2, a rule that asks to count or to try (points, canastas, wild cards,
#: what makes a meld); 3, a rule that changes what another rule counts (only the top card counts
#: toward the minimum, a concealed canasta must come from the hand, the wimp rule's scores).
THEME_DEPTH = {
    "going-out": 1, "taking-the-pile": 1, "first-meld": 1, "stoppers": 1, "one-card-pile": 1,
    "lay-off": 1, "bonus-cards": 1,
    "frozen-pile": 2, "first-meld-minimum": 2, "canasta-requirement": 2, "wild-limit": 2, "meld-shape": 2,
    "black-threes": 2, "sequences": 2, "deep-pick-up": 2, "unmatched-cards": 2, "turn-end": 2,
    "wild-canasta": 2, "legal-cheats": 2,
    "top-card-counts": 3, "concealed-going-out": 3, "wimp-rule": 3,
}

# Weights of the difficulty score; see puzzles/README.md ("Grades"). Fitted on the hand-graded
# calibration set (the rank order of every variant's puzzles) with the thresholds at the bank's
# quintiles (``bench/grade_fit.py``).
WEIGHTS = {"candidates": 0.8, "traps": 0.0, "rules": 1.2, "steps": 0.1, "cards": 0.05, "queries": 0.1,
           "ways": 0.0, "glance": 0.0, "depth": 0.8}
THRESHOLDS = (2.25, 3.65, 5.02, 6.925)  # a score below the first is grade 1, at or above the last grade 5


def glance(spot: Spot, question: str, answer: bool, proof: dict) -> int:
    """1 when one look at the table decides a "no": every rule the proof cites is the one about
    what lies on top of the pile (a wild card, a black 3, a stopper), or the one about the
    stoppers the hand holds; 0 otherwise (a "yes" always has a play to find)."""
    if answer or question == "cheat" or not proof.get("reasons"):
        return 0
    rules = spot.rules
    seen: set[str] = set()
    if spot.discard and question in ("pickup", "go-out", "initial-meld") and spot.phase == "before-draw":
        rid = rules["pile"].get("top_never_rules", {}).get(rules.role(spot.discard[-1]))
        if rid:
            seen.add(rid)
    block = rules["go_out"].get("stoppers_block")
    if question == "go-out" and block and sum(rules.role(c) == "stopper" for c in spot.hand) >= block:
        seen.add(rules["go_out"].get("stoppers_rule") or rules.cite("go_out"))
    return int(all(r["rule"].split(".")[0] in seen for r in proof["reasons"]))


def depth(themes) -> int:
    """The deepest rule among the puzzle's themes (see ``THEME_DEPTH``)."""
    return max((THEME_DEPTH.get(t, 1) for t in themes), default=1)


def features_of(spot: Spot, proven: Proven, play: str | None = None) -> dict[str, int]:
    """The measurable features the grade is computed from (all whole numbers, deterministic).

    cards: cards the player must think about (the hand, and the pile if it may be taken);
    candidates: melds, lay-offs or pickups the cards could form; traps: those that lead
    nowhere; rules: themes the proof involves beyond the question's own; steps: actions in
    the witness (or the disputed play); ways: distinct ways found (0 for no); queries:
    decider questions the proof needed beyond the answer itself (solver effort); glance: 1
    when one look at the table decides it; depth: how deep the deepest rule in play lies.
    """
    cards = len(spot.hand)
    if spot.phase == "before-draw" and proven.question in ("go-out", "pickup", "initial-meld"):
        cards += len(spot.discard)
    steps = 0
    if proven.question == "cheat" and play:
        steps = len(parse_play(play))
    elif proven.turn is not None:
        # a pickup is proved by taking the pile (then its forced meld and a discard); anything the
        # witness does besides is incidental. A first meld counts its melds; going out, every step.
        turn = proven.turn
        if proven.question == "pickup":
            steps = 3
        elif proven.question == "initial-meld":
            steps = len(turn.new_melds) + 1
        else:
            steps = len(turn.actions)
    themes = themes_of(spot, proven)
    return {"cards": cards, "candidates": proven.candidates, "traps": proven.traps, "rules": len(themes) - 1,
            "steps": steps, "ways": proven.ways or 0, "queries": proven.queries,
            "glance": glance(spot, proven.question, proven.answer, proven.proof), "depth": depth(themes)}


def difficulty(features: dict[str, int], weights: dict[str, float] | None = None) -> float:
    """The difficulty score of a puzzle from its features: the reasoning it asks for.

    The plays to rule out (for a "no" every candidate; for a "yes" the candidates per way that
    works, since any way is a solve) and the traps among them grow the score slowly
    (logarithmically), as do the decider questions; every further rule in play, step of the
    witness and card to read adds a fixed amount, and so does each level of depth of the
    deepest rule; more ways lower it, and a "no" one look decides is easier still.
    """
    w = weights or WEIGHTS
    ways = max(features["ways"], 1)
    return (w["candidates"] * math.log2(1 + features["candidates"] / ways)
            + w["traps"] * math.log2(1 + features["traps"])
            + w["queries"] * math.log2(1 + features["queries"])
            + w["rules"] * features["rules"] + w["steps"] * features["steps"] + w["cards"] * features["cards"]
            - w["ways"] * math.log2(ways) - w["glance"] * features["glance"]
            + w["depth"] * (features["depth"] - 1))


def grade_of(features: dict[str, int]) -> int:
    """The grade 1-5 of a puzzle with these features."""
    missing = [k for k in FEATURES if k not in features]
    if missing:
        raise PuzzleError(f"features lack {', '.join(missing)}")
    score = difficulty(features)
    return 1 + sum(score >= t for t in THRESHOLDS)
