"""Proofs a puzzle can stand on: two independent deciders that agree, a witness re-checked.

``prove`` asks the z3 checker and the exhaustive reference decider the same
question. An answer is kept only when both say the same and every "yes"
witness replays through the turn engine *and* does what the question asks
(goes out, takes the pile, makes a first meld). A "spot the cheat" puzzle
is judged by the referee (the turn engine) and both deciders must agree on
the honest question about the same spot.

For a "yes" it then counts the distinct ways (up to ``WAYS_CAP``); two
turns are the same way when ``tutor.arrangements.arrangement`` says so:

* ``pickup``: every canonical way of taking the pile (which hand cards go
  with the card taken, and in albany how deep) is asked of both deciders
  separately: the count is exact over these canonical pickups.
* ``go-out`` and ``initial-meld``: both deciders are asked once per candidate
  meld or lay-off the cards could form (``Goal(include=...)``), each answer a
  witness; a candidate that no legal turn can use is a *trap*. In the group
  variants the z3 checker then enumerates every way with exclusion clauses
  (``tutor.checker.ways``, over canonical pickups): the count is exact up to
  the cap, ``unique`` is proved by an unsat check, and every candidate
  witness of either decider must be one of the ways enumerated. Albany (a
  fanned pile) is counted the same way by ``tutor.checker.albany_ways``
  (profiles by z3, then every split of each into sets); there a candidate
  witness must be one of the ways up to how it names its pick-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..arrangements import arrangement, pickup_options
from ..choices import candidates
from ..errors import TutorError
from ..goals import ANY, NONE, Goal, MeldChoice
from ..play import PICKUP, parse_play
from ..spot import Spot
from ..turn import Turn, TurnError, play_turn
from ..verdict import Verdict
from .format import WAYS_CAP, PuzzleError

DECIDERS = ("z3", "reference")
MAX_WAY_CANDIDATES = 120  # beyond this many candidates the ways are not counted (the spot is refused)


class Disagreement(PuzzleError):
    """The two deciders (or a decider and the turn engine) disagree: a bug, never an answer."""


@dataclass
class Proven:
    """A doubly proved answer with what the grade and themes are computed from."""

    question: str
    answer: bool
    proof: dict[str, Any]
    ways: int | None
    unique: bool | None
    turn: Turn | None                    # the witness as replayed (yes)
    rules: tuple[str, ...]               # rule IDs the proof cites (no) or the honest answer cites
    candidates: int = 0                  # candidate melds / lay-offs / pickups considered
    traps: int = 0                       # candidates that lead nowhere
    queries: int = 0                     # decider questions asked beyond the answer itself
    arrangements: list = field(default_factory=list)

    @property
    def witness(self) -> dict | None:
        return self.proof.get("witness")


# -- the deciders --------------------------------------------------------------------

def decider(name: str):
    from ..questions import _decider

    return _decider(name)


def _solve(engine, spot: Spot, goal: Goal):
    """A play or None, from either decider."""
    result = engine.find(spot, goal)
    if result is None:
        return None
    if hasattr(result, "play"):
        return result.play
    if hasattr(result, "reasons"):
        return None
    return result


def question_goals(question: str, spot: Spot) -> list[tuple[Goal, bool]]:
    """The goals a contract question is made of (as ``tutor.questions`` builds them): (goal, unknown_draw)."""
    if question == "go-out":
        if spot.phase == "drawn":
            return [(Goal(pickup=NONE, go_out=True), False)]
        return [(Goal(pickup=ANY, take_pile=True, go_out=True), False)] if spot.discard else []
    if question == "pickup":
        if spot.phase != "before-draw" or not spot.discard:
            return []
        return [(Goal(pickup=ANY, take_pile=True), False)]
    if question == "initial-meld":
        if spot.down:
            return []
        if spot.phase == "drawn":
            return [(Goal(pickup=NONE, must_meld=True), False)]
        goals = [(Goal(pickup=ANY, take_pile=True, must_meld=True), False)] if spot.discard else []
        return goals + [(Goal(pickup=NONE, must_meld=True, unknown_draw=True), True)]
    raise TutorError(f"no goals for question {question!r}")


# -- checking a witness against the question ---------------------------------------------

def witness_problem(question: str, spot: Spot, play_text: str, unknown_draw: bool = False) -> str | None:
    """Why this witness play does not prove the question (None: it does)."""
    from ..questions import hand_spot

    try:
        turn = play_turn(hand_spot(spot, unknown_draw), parse_play(play_text))
    except TurnError as e:
        return f"the witness play is illegal at step {e.step}: {e}"
    except TutorError as e:
        return f"the witness play cannot be read: {e}"
    return turn_problem(question, spot, turn)


def turn_problem(question: str, spot: Spot, turn: Turn) -> str | None:
    if question == "go-out" and not turn.went_out:
        return "the witness play is legal but the player does not go out"
    if question == "pickup" and not (turn.actions and turn.actions[0].kind == PICKUP):
        return "the witness play does not take the pile"
    if question == "initial-meld" and not turn.new_melds:
        return "the witness play makes no meld"
    if question in ("go-out", "pickup") and spot.phase == "before-draw" and turn.actions[0].kind != PICKUP:
        return "from before-draw the witness must start by taking the pile"
    return None


def _drew_unknown(witness: dict) -> bool:
    """Was the witness played after drawing unknown stock cards ("drawn": "?", or "? ?" drawing two)?"""
    return bool(witness.get("drawn"))


def replay_witness(question: str, spot: Spot, witness: dict) -> Turn:
    """The stored witness replayed; raises ``Disagreement`` when it does not prove the question."""
    from ..questions import hand_spot

    unknown = _drew_unknown(witness)
    problem = witness_problem(question, spot, witness.get("play", ""), unknown)
    if problem:
        raise Disagreement(problem)
    return play_turn(hand_spot(spot, unknown), parse_play(witness["play"]))


# -- canonical ways ----------------------------------------------------------------------
# ``arrangement`` and ``pickup_options`` live in ``tutor.arrangements``, shared with the z3 checker.


def candidate_choices(spot: Spot, question: str) -> list[MeldChoice]:
    """Candidate melds and lay-offs for the question's turn (with the pile's cards if it may be taken)."""
    hand = spot.hand
    if spot.phase == "before-draw" and question in ("go-out", "initial-meld"):
        hand = hand + spot.discard
    return candidates(spot, tuple(hand))


def _considered(spot: Spot, question: str) -> int:
    """How many candidates a solver has to weigh: pickups (and, before a first meld, the hand's melds)."""
    if question != "pickup":
        return len(candidate_choices(spot, question))
    n = len(pickup_options(spot))
    if not spot.down and spot.initial_need:
        n += len(candidates(spot))
    return n


# -- proving -------------------------------------------------------------------------------

def _reason_rules(reasons) -> tuple[str, ...]:
    out: list[str] = []
    for r in reasons:
        if r.rule not in out:
            out.append(r.rule)
    return tuple(out)


def _answer(question: str, spot: Spot, play: str | None, name: str) -> Verdict:
    from ..questions import ask

    return ask(question, spot, play=play, decider=name)


def agree(question: str, spot: Spot, play: str | None = None, deciders=DECIDERS) -> tuple[Verdict, Verdict]:
    """Ask both deciders; raise ``Disagreement`` unless they agree and every witness proves the question."""
    first, *others = [_answer(question, spot, play, name) for name in deciders]
    for name, v in zip(deciders, [first, *others]):
        if v.answer:
            problem = witness_problem(question, spot, v.witness["play"], _drew_unknown(v.witness))
            if problem:
                raise Disagreement(f"the {name} decider's witness fails: {problem}")
        elif not v.reasons:
            raise Disagreement(f"the {name} decider says no without naming a rule")
    for name, v in zip(deciders[1:], others):
        if v.answer != first.answer:
            raise Disagreement(f"the {deciders[0]} decider says {'yes' if first.answer else 'no'}, "
                               f"the {name} decider {'yes' if v.answer else 'no'}")
    return first, (others[0] if others else first)


def honest_question(spot: Spot, play: str) -> str:
    """The plain question behind a disputed play: taking the pile, going down, or going out."""
    if play.strip().lower().startswith("pickup") or spot.phase == "before-draw":
        return "pickup"
    return "initial-meld" if not spot.down else "go-out"


def prove(spot: Spot, question: str, play: str | None = None, *, count: bool = True,
          deciders=DECIDERS) -> Proven:
    """The doubly proved answer to ``question`` about ``spot``, its proof and its ways."""
    from ..questions import referee

    if question == "cheat":
        if not play:
            raise TutorError("a cheat puzzle needs the disputed play (--play)")
        verdict = referee(spot, play)
        hq = honest_question(spot, play)
        honest, _ = agree(hq, spot, None, deciders)
        honest_d = {"question": hq, "answer": honest.answer}
        if honest.answer:
            honest_d["play"] = honest.witness["play"]
        n = len(candidate_choices(spot, "go-out"))
        if verdict.answer:
            turn = play_turn(spot, parse_play(play))
            return Proven(question, True, {"witness": verdict.witness, "honest": honest_d}, 1, True, turn,
                          _reason_rules(honest.reasons), candidates=n, traps=0, queries=1,
                          arrangements=[arrangement(spot, turn)])
        letters = [r.rule.split(".", 1)[1] for r in verdict.reasons if r.rule.startswith("Y-CHEATS.")]
        proof = {"rules": list(_reason_rules(verdict.reasons)), "reasons": [r.to_dict() for r in verdict.reasons],
                 "cheats": letters, "honest": honest_d}
        return Proven(question, False, proof, None, None, None, _reason_rules(verdict.reasons),
                      candidates=n, traps=n, queries=1)

    first, _ = agree(question, spot, play, deciders)
    if not first.answer:
        n = _considered(spot, question)
        proof = {"rules": list(_reason_rules(first.reasons)), "reasons": [r.to_dict() for r in first.reasons]}
        return Proven(question, False, proof, None, None, None, _reason_rules(first.reasons),
                      candidates=n, traps=n, queries=0)
    turn = replay_witness(question, spot, first.witness)
    proven = Proven(question, True, {"witness": first.witness}, 1, True, turn, (),
                    arrangements=[arrangement(spot, turn)])
    if count and play is None:
        count_ways(proven, spot, question, deciders)
    return proven


def _ask_all(engines, spot: Spot, goal: Goal) -> list:
    """Every decider's play for one goal (None for no); they must agree on whether there is one."""
    plays = [(name, _solve(engine, spot, goal)) for name, engine in engines]
    said = {name: play is not None for name, play in plays}
    if len(set(said.values())) > 1:
        raise Disagreement("while counting the ways, " + ", ".join(
            f"the {name} decider says {'yes' if yes else 'no'}" for name, yes in said.items()) + f" for {goal}")
    return [play for _, play in plays if play is not None]


def count_ways(proven: Proven, spot: Spot, question: str, deciders=DECIDERS) -> None:
    """Fill in ways, unique, candidates, traps and queries for a "yes" (see the module's notes).

    Every candidate query goes to every decider: they must agree on it, and the
    witnesses of all of them (each replayed by the turn engine) are ways. For
    go-out and initial-meld the z3 checker then enumerates every way
    (``tutor.checker.ways``), which must contain them all: the count is exact
    up to ``WAYS_CAP``, and ``unique`` is proved by unsat. In albany
    (``tutor.checker.albany_ways``) a candidate witness need only match a way
    up to how it names its pick-up.
    """
    from ..questions import hand_spot

    engines = [(name, decider(name)) for name in deciders]
    found = {proven.arrangements[0]}
    queries = traps = 0
    if question == "pickup":
        options = pickup_options(spot)
        found = set()
        for action in options:
            queries += 1
            plays = _ask_all(engines, spot, Goal(pickup=action, take_pile=True))
            traps += not plays
            for play in plays:
                found.add(arrangement(spot, play_turn(spot, play))[0])
        if not found:
            raise Disagreement("the pile may be taken, but no single way of taking it is found")
        proven.candidates = _considered(spot, question)
    else:
        choices = candidate_choices(spot, question)
        if len(choices) > MAX_WAY_CANDIDATES:
            raise TutorError(f"the cards form {len(choices)} candidate melds; counting the ways stops at "
                             f"{MAX_WAY_CANDIDATES}")
        proven.candidates = len(choices)
        goals = question_goals(question, spot)
        for choice in choices:
            hit = False
            for goal, unknown in goals:
                queries += 1
                for play in _ask_all(engines, spot, replace(goal, include=choice)):
                    turn = play_turn(hand_spot(spot, unknown), play)
                    problem = turn_problem(question, spot, turn)
                    if problem:
                        raise Disagreement(f"a witness for {choice} fails: {problem}")
                    found.add(arrangement(spot, turn))
                    hit = True
                if hit:
                    break
            traps += not hit
        found = _enumerate_ways(spot, question, goals, found)
        proven.arrangements = sorted(found, key=repr)
    proven.ways = min(len(found), WAYS_CAP)
    # exact up to the cap: one way is proved by an unsat check (pickup: over the canonical pickups)
    proven.unique = proven.ways == 1
    proven.traps, proven.queries = traps, queries


def _enumerate_ways(spot: Spot, question: str, goals, seen: set) -> set:
    """Every way of the question's goals by the z3 checker's exclusion search (up to ``WAYS_CAP``).

    The ways already ``seen`` (candidate witnesses of both deciders) must be
    among them when the search ends in unsat; one missing is a disagreement.
    In albany a decider may name its pick-up otherwise than the canonical
    names the ways are counted by (``tutor.checker.albany_ways``), so there a
    seen way must match an enumerated one up to that name, and the count is
    the enumerated ways alone.
    """
    from ..checker import ways
    from ..checker.albany_ways import loose
    from ..questions import hand_spot

    fanned = spot.rules["pile"]["style"] == "fanned"
    same = loose if fanned else (lambda key: key)

    found: dict[tuple, object] = {}
    complete = True
    for goal, unknown in goals:
        left = WAYS_CAP - len(found)
        if left <= 0:
            complete = False
            break
        result = ways(spot, goal, cap=left)  # a SolverLimitError is no count: the puzzle cannot stand
        for key, witness in result.found:
            problem = turn_problem(question, spot, play_turn(hand_spot(spot, unknown), witness.play))
            if problem:
                raise Disagreement(f"a way the z3 checker enumerates fails: {problem}")
            found.setdefault(key, witness)
        complete = complete and result.complete
    if complete:
        missed = {same(k) for k in seen} - {same(k) for k in found}
        if missed:
            raise Disagreement(f"the z3 checker's enumeration of every way misses {sorted(missed, key=repr)[0]}, "
                               "which a decider's witness shows")
    return set(found) if fanned else set(found) | seen


__all__ = ["Disagreement", "Proven", "agree", "arrangement", "candidate_choices", "count_ways", "pickup_options",
           "prove", "question_goals", "replay_witness", "turn_problem", "witness_problem"]
