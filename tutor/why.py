"""Why a "yes" holds: the rules a witness turn meets, stated with the spot's own numbers.

A "no" names the rules that block every turn; a "yes" names the rules its
witness turn satisfies, in the order a player meets them: taking the pile
(and why the pile allowed it), the first meld's minimum (and which pile
cards, or which melds holding them, counted nothing toward it), going out
(the canastas that allow it), and how the turn ended. Each reason is read off the replayed turn, so it can
never contradict the witness it explains.
"""

from __future__ import annotations

from collections import Counter

from .fanned import TOP_ALONE
from .goals import UNKNOWN
from .play import PICKUP
from .render import cards_text
from .spot import Spot
from .turn import Turn, uncounted_text
from .verdict import Reason


def pile_frozen(spot: Spot) -> bool:
    """Whether the discard pile is frozen for the acting side (a group variant's rule; never in albany)."""
    pile = spot.rules["pile"]
    if pile.get("style") == "fanned":
        return False
    if pile.get("frozen_unmelded") and not spot.down:
        return True
    return any(spot.rules.role(c) in pile.get("frozen_by", []) for c in spot.discard)


def _card(card) -> str:
    """A card in words: its symbol, or what an unknown card drawn from the stock is."""
    return "the card drawn from the stock" if card is UNKNOWN else cards_text([card])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _pickup_reason(spot: Spot, turn: Turn) -> Reason:
    rules = spot.rules
    action = turn.actions[0]
    top = spot.discard[-1]
    taken = len(turn.picked_up)
    with_cards = f" with {cards_text(action.cards)} from your hand" if action.cards else ""
    if turn.pickup_kind == TOP_ALONE:
        return Reason.of(rules, rules.cite("pile"),
                         f"the top card {cards_text([top])} cannot be laid off onto your sets, so you may take it "
                         "alone, leaving the rest of the pile")
    if rules["pile"].get("style") == "fanned" and (action.depth or 1) > 1:
        lowest = spot.discard[-(action.depth or len(spot.discard))]
        return Reason.of(rules, rules.cite("pile"),
                         f"you take {_plural(taken, 'card')} from the pile, down to {cards_text([lowest])}, "
                         f"which goes down at once{with_cards}")
    if pile_frozen(spot):
        frozen = ("your side has not melded yet" if rules["pile"].get("frozen_unmelded") and not spot.down
                  else "it holds a wild card or a bonus card")
        return Reason.of(rules, rules.cite("pile", "frozen_rule"),
                         f"the pile is frozen ({frozen}), and its top card {cards_text([top])} goes down"
                         f"{with_cards}, a natural pair as a frozen pile asks; you take all {taken} cards")
    if not action.cards:
        return Reason.of(rules, rules.cite("pile"),
                         f"the top card {cards_text([top])} is laid off onto your meld of its rank, "
                         f"so you take the pile ({_plural(taken, 'card')})")
    return Reason.of(rules, rules.cite("pile"),
                     f"the top card {cards_text([top])} goes down at once{with_cards}, "
                     f"so you take the pile ({_plural(taken, 'card')})")


def _first_meld_reason(spot: Spot, turn: Turn) -> Reason | None:
    rules = spot.rules
    need = spot.initial_need
    if spot.down or not turn.new_melds or turn.concealed:
        return None
    if not need:
        return Reason.of(rules, rules.cite("initial"), "your first meld needs no minimum count here")
    counted = turn.initial_points
    text = (f"your first meld counts {counted} and, with a score of {spot.score}, "
            f"your side needs {need}")
    if turn.uncounted:
        return Reason.of(rules, rules.cite("initial"),
                         f"{text}; {uncounted_text([turn.table[i] for i in turn.uncounted])}")
    top = spot.discard[-1] if turn.picked_up else None
    below = Counter(turn.picked_up) - Counter([top]) if turn.picked_up else Counter()
    melded = sum((Counter(turn.table[i]) for i in turn.new_melds), Counter())
    melded_from_below = list(((melded - Counter(spot.hand) - Counter([top])) & below).elements())
    if melded_from_below:
        below_text = cards_text(sorted(melded_from_below, key=str))
        verb = "counts" if len(melded_from_below) == 1 else "count"
        text += f"; of the pile only the top card {cards_text([top])} counts: {below_text} {verb} nothing toward it"
    return Reason.of(rules, rules.cite("initial"), text)


def _going_out_reason(spot: Spot, turn: Turn) -> Reason:
    rules = spot.rules
    need = rules.canastas_to_go_out
    have = turn.canastas
    ending = f"discard {_card(turn.discard)} as the last card" if turn.discard is not None \
        else "meld every card"
    if turn.concealed:
        return Reason.of(rules, rules.cite("go_out", "concealed_rule"),
                         f"you go out concealed: your whole hand goes down in this one turn with "
                         f"{_plural(have, 'canasta')} (going out needs {need}), so no first-meld minimum applies")
    if need:
        return Reason.of(rules, rules.cite("go_out"),
                         f"your side has {_plural(have, 'canasta')} after the turn and going out needs {need}: "
                         f"you {ending}")
    left = sum(turn.hand.values())
    return Reason.of(rules, rules.cite("go_out"),
                     f"you go out: you {ending}" + (f", keeping {_plural(left, 'unmatched card')}" if left else ""))


def _ending_reason(spot: Spot, turn: Turn) -> Reason | None:
    if turn.discard is None:
        return None
    left = sum(turn.hand.values())
    return Reason.of(spot.rules, spot.rules.cite("go_out"),
                     f"the turn ends legally with the discard of {_card(turn.discard)}, "
                     f"keeping {_plural(left, 'card')}")


def yes_reasons(turn: Turn) -> tuple[Reason, ...]:
    """The rules the witness turn meets, in the order a player meets them."""
    spot = turn.spot
    reasons: list[Reason] = []
    if turn.actions and turn.actions[0].kind == PICKUP:
        reasons.append(_pickup_reason(spot, turn))
    first = _first_meld_reason(spot, turn)
    if first is not None:
        reasons.append(first)
    if turn.went_out:
        reasons.append(_going_out_reason(spot, turn))
    else:
        ending = _ending_reason(spot, turn)
        if ending is not None:
            reasons.append(ending)
    return tuple(reasons)
