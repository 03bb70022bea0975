"""How a turn ends: the discard, going out, black 3s and concealed going out.

Read from ``[go_out]`` and ``[blocker_meld]``: how many canastas going out
needs (the layout's ``canastas``), whether the final discard is required,
how many unmatched cards a player may keep (``max_unmatched``), whether he
must be down, the wimp rule, concealed going out, and black-3 melds that are
legal only when going out.

A turn *ends like going out* when the hand is empty after it, or (where
``max_unmatched`` allows) when at most that many cards stay after a discard.
An empty hand must meet the going-out conditions; with cards kept the turn is
simply not a going out. A goal of going out asks for the conditions too.
"""

from __future__ import annotations

from collections import Counter

from ..turn import wimp_allows
from .encoding import Encoding
from .kinds import UNKNOWN_KIND
from .terms import FALSE, And, Implies, Not, Or, total

OUT, DISCARD, BLACK3, CONCEALED = 25, 3, 5, 6


def encode(enc: Encoding) -> None:
    rules, spot = enc.rules, enc.spot
    go = rules["go_out"]
    rule = go["rule"]
    kept, discarded = enc.kept, enc.discard_count
    unmatched = go.get("max_unmatched", 0)
    empty = kept == 0
    ends_out = enc.define_bool("ends_out", Or(empty, And(discarded == 1, kept <= unmatched)) if unmatched else empty)
    enc.ends_out = ends_out
    enc.hard.append(Implies(enc.goal_out, ends_out))
    trigger = Or(empty, enc.goal_out)
    need = rules.canastas_to_go_out
    if need:
        enc.track("out.canastas", rule, Implies(trigger, enc.canastas >= need), OUT)
    if go.get("must_be_down") and not spot.down:
        enc.track("out.down", rule, Implies(trigger, enc.new_meld), OUT)
    if go.get("wimp_rule") and spot.first_round and not wimp_allows(spot):
        enc.track("out.wimp", rule, Not(trigger), OUT)
    if go["final_discard"] == "required":
        enc.track("out.discard", rule, discarded == 1, DISCARD)
    else:
        enc.track("out.discard", rule, Implies(discarded == 0, empty), DISCARD)
    # Black 3s (and a concealed going out) need the turn to end as a going out. No variant here
    # has both black-3 melds and unmatched cards, where "ends out" and "goes out" could differ.
    bm = rules["blocker_meld"]
    black3 = enc.facts.get("black3_melded")
    if black3 is not None and bm.get("allowed") and bm.get("only_going_out"):
        enc.track("black3.out", bm.get("rule") or rules.cite("meld"), Implies(black3 >= 1, ends_out), BLACK3)
    enc.concealed = FALSE
    if go.get("concealed") and not spot.down:
        enc.concealed = ends_out
        if enc.census.pile_open:
            enc.facts["concealed_take"] = And(ends_out, enc.take)
            bad = [enc.discarded[k.name] for k in enc.census.kinds
                   if k.name in enc.discarded and not _discard_from_hand_possible(enc, k)]
            if bad:
                enc.track("out.concealed", go.get("concealed_rule", rule),
                          Implies(And(ends_out, enc.take, discarded == 1), total(bad) == 0), CONCEALED)


def _discard_from_hand_possible(enc: Encoding, kind) -> bool:
    """Going out concealed after taking the pile, the discard must be a card the hand held.

    The turn engine compares card faces: the discard's face must be in the
    original hand. Two cards of the kind already go down with the top card
    when it is this kind (a natural pair, or two black 3s), so a third copy
    of a face from the hand is needed then.
    """
    if kind.role == UNKNOWN_KIND:
        return True
    faces = Counter(kind.hand)
    copies = len(kind.hand) + sum(1 for c in kind.pile if faces[c])
    top_kind = enc.census.top_kind
    named = 2 if top_kind is not None and top_kind.name == kind.name else 0
    return copies >= named + 1
