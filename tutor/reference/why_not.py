"""Why the reference decider says no: the deciding rule, with the learner's numbers.

Written apart from the z3 checker's explainer. A "no" of the exhaustive
search is explained by the same search run again with one rule set aside at
a time, in the order a player meets them:

1. the pile: when no way of taking it is open, the facts of the pile say why
   (its top card, whether it is frozen, the naturals the hand holds);
2. going out: the most canastas any legal turn reaches, when fewer than the
   table needs (asked of the search with the other going-out rules set aside);
3. the first-meld minimum: when the turn is found once the minimum is set
   aside, the most its melds can total;
4. going out again: having melded (this turn counts), the wimp rule;
5. black 3s that cannot go down, and last the shape of a meld, with the
   fewest cards a turn can keep.

Where none of these alone decides, the reason says what was tried. Every
number is the search's own or a count of the spot's cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..cards import RANK_ORDER, Card, format_cards
from ..errors import SolverLimitError
from ..goals import ANY, NONE, UNKNOWN, Goal
from ..melds import GROUP, SEQUENCE, group_shape_text, judge
from ..play import Action
from ..search_budget import part
from ..spot import Spot
from ..turn import wimp_text
from ..verdict import Reason, empty_stock_reason
from .inventory import after_stock_draw, read_table
from .pickups import fanned_starts, ways
from .search import INFINITE, WaySearch, wimp_allows

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


#: Steps the exact count of canastas within reach may take before the counting bound stands.
REACH_STEPS = 1_000_000


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _count_word(n: int) -> str:
    return _WORDS[n] if n < len(_WORDS) else str(n)


def held_in_words(rules, cards) -> str:
    """The cards in words: 'three Qs, one 7, 2 wild cards and 1 black 3'."""
    naturals = Counter(c.rank for c in cards if c is not UNKNOWN and rules.role(c) == "natural")
    parts = [f"{_count_word(n)} {rank}{'s' * (n != 1)}"
             for rank, n in sorted(naturals.items(), key=lambda kv: -RANK_ORDER.get(kv[0], 0))]
    wilds = sum(1 for c in cards if c is not UNKNOWN and rules.role(c) == "wild")
    blockers = sum(1 for c in cards if c is not UNKNOWN and rules.role(c) == "blocker")
    if wilds:
        parts.append(_n(wilds, "wild card"))
    if blockers:
        parts.append(_n(blockers, "black 3"))
    if not parts:
        return "no card that can be melded"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def reasons(spot: Spot, goal: Goal) -> tuple[Reason, ...]:
    """The reasons for a "no" of the reference decider to ``goal`` (the deciding rule first)."""
    if spot.rules["pile"].get("style") == "fanned":
        return _fanned(spot, goal)
    return _Why(spot, goal).reasons()


class _Why:
    def __init__(self, spot: Spot, goal: Goal):
        self.asked, self.goal = spot, goal
        self.rules = spot.rules

    def reason(self, rule: str, text: str) -> Reason:
        return Reason.of(self.rules, rule, text)

    # -- the search, with rules set aside ---------------------------------------------
    def _searches(self, goal: Goal, **aside):
        for way in self.ways:
            search = WaySearch(self.spot, goal, self.table, way)
            for name, value in aside.items():
                setattr(search, name, value)
            yield from search.solutions()

    def found(self, goal: Goal | None = None, **aside) -> bool:
        return next(self._searches(replace(goal or self.goal, best=False), **aside), None) is not None

    def _any_end(self, kept_allowed: int, canastas: int) -> dict:
        """Set aside so that any turn keeping at most ``kept_allowed`` cards counts as "out"."""
        return {"max_unmatched": kept_allowed, "cap_kept": kept_allowed + 2, "need_canastas": canastas,
                "wimp_ok": True, "must_be_down": False, "concealed_rule": False}

    def best_canastas(self, need: int) -> int | None:
        """The most canastas (up to ``need``) a legal turn reaches, going out or not; None: no legal turn."""
        out = replace(self.goal, go_out=True)
        for k in range(need, -1, -1):
            if self.found(out, **self._any_end(INFINITE, k)):
                return k
        return None

    def fewest_kept(self, allowed: int) -> int | None:
        """The fewest cards a legal turn keeps after its discard (more than ``allowed``), or None."""
        out = replace(self.goal, go_out=True)
        for kept in range(allowed + 1, len(self.spot.hand) + len(self.spot.discard) + 2):
            if self.found(out, **self._any_end(kept, 0)):
                return kept
        return None

    # -- the reasons, deciding rule first -----------------------------------------------
    def reasons(self) -> tuple[Reason, ...]:
        rules, goal, spot = self.rules, self.goal, self.asked
        pickup = goal.pickup
        if goal.unknown_draw:
            if pickup not in (ANY, NONE):
                return (self.reason(rules.cite("pile"), "the turn's draw from the stock has been made: "
                                    "the pile can no longer be taken"),)
            drawn = after_stock_draw(spot)
            if drawn is None:
                return (empty_stock_reason(rules),)
            spot, pickup = drawn, NONE
        if goal.take_pile and spot.phase != "before-draw":
            return (self.reason(rules.cite("pile"), "the turn's draw has been made (phase \"drawn\"): "
                                "the pile can be taken only at the start of a turn"),)
        self.spot = spot
        self.table = read_table(rules, spot.melds)
        self.ways = [w for w in ways(spot, self.table, pickup) if w.picks_up or not goal.take_pile]
        if not self.ways:
            return (self.pile_reason(spot, pickup),)
        out = self.going_out_shortfall() + self.wimp() + self.first_meld() + self.going_out_rules()
        if not out and not self.goal.go_out and self.found(need_canastas=0):
            out = self.leaves_nothing()
        if not out:
            out = self.black_threes() + self.meld_shape()
        return tuple(dict.fromkeys(out)) or (self.tried(),)

    def pile_reason(self, spot: Spot, pickup) -> Reason:
        """Why no way of taking the pile is open, from the facts of the pile."""
        rules, p = self.rules, self.rules["pile"]
        pile_rule = rules.cite("pile")
        if spot.phase != "before-draw":
            return self.reason(pile_rule, "the turn's draw has been made (phase \"drawn\"): "
                               "the pile can be taken only at the start of a turn")
        if not spot.discard:
            return self.reason(pile_rule, "the discard pile is empty")
        top = spot.discard[-1]
        role = rules.role(top)
        if p.get("single_card_rule") and len(spot.hand) == 1 and len(spot.discard) == 1:
            return self.reason(pile_rule, f"you hold one card and the pile is one card ({top}): a player holding "
                               "one card may not take a pile of one card")
        if isinstance(pickup, Action):
            from ..turn import pickup_problem  # the referee's own words for a named pick-up

            problem = pickup_problem(spot, pickup)
            if problem is not None:
                return self.reason(problem.rule, problem.text)
        blockers_held = sum(1 for c in spot.hand if rules.role(c) == "blocker")
        if role == "blocker":
            rule = p.get("top_never_rules", {}).get(role, pile_rule)
            if rules["blocker_meld"].get("top_of_pile_for_going_out"):
                return self.reason(rule, f"the {top} on top blocks the pile; it may be taken only to go out with "
                                   f"at least two black 3s from your hand (you hold {blockers_held})")
            return self.reason(rule, f"the {top} on top blocks the pile")
        if role in p["top_never"] or role != "natural":
            rule = p.get("top_never_rules", {}).get(role, pile_rule)
            what = {"wild": "a wild card", "bonus": "a bonus card"}.get(role, "a card that cannot be melded")
            return self.reason(rule, f"{top} on top of the pile is {what}: the pile cannot be taken")
        naturals = sum(1 for c in spot.hand if rules.role(c) == "natural" and c.rank == top.rank)
        wilds = sum(1 for c in spot.hand if rules.role(c) == "wild")
        frozen_by = [c for c in spot.discard if rules.role(c) in p.get("frozen_by", [])]
        unmelded = bool(p.get("frozen_unmelded")) and not spot.down
        buried = [c for c in spot.discard[:-1] if rules.role(c) == "blocker"] if p.get("buried_blocker_needs") else []
        if frozen_by or unmelded:
            why = (f"frozen by {format_cards(frozen_by)}" if frozen_by else "frozen (your side has not melded yet)")
            return self.reason(rules.cite("pile", "frozen_rule"),
                               f"{top} on top of the pile is {why}; taking it needs two natural {top.rank}s from "
                               f"your hand to go down with it (you hold {_n(naturals, 'natural ' + top.rank)})")
        allowed = p["buried_blocker_needs"] if buried else p["take_with"]
        options = []
        if "natural_pair" in allowed:
            options.append(f"two natural {top.rank}s")
        if "natural_wild" in allowed:
            options.append(f"a natural {top.rank} and a wild card")
        text = f"{top} on top: taking it needs " + " or ".join(options) + " from your hand to go down with it"
        if "layoff" in allowed:
            text += f", or a meld of {top.rank}s on the table to lay {top} off onto"
        if buried:
            text = f"a black 3 ({format_cards(buried)}) lies in the pile, so " + text
        text += f" (you hold {_n(naturals, 'natural ' + top.rank)} and {_n(wilds, 'wild card')})"
        return self.reason(pile_rule, text)

    def going_out_shortfall(self) -> list[Reason]:
        need = self.rules.canastas_to_go_out
        if not self.goal.go_out or not need:
            return []
        best = self.best_canastas(need)
        if best is None or best >= need:
            return []
        reach = "none" if not best else str(best)
        return [self.reason(self.rules.cite("go_out"),
                            f"Going out needs {_n(need, 'canasta')}; the best you can reach is {reach}.")]

    def first_meld(self) -> list[Reason]:
        """The first-meld minimum, when setting it aside lets the turn through; going out from a side
        that must be down, when setting it aside lets a first meld go down."""
        spot = self.spot
        need = spot.initial_need
        if spot.down or not need:
            return []
        goal, aside = self.goal, {}
        if not self.found(need_points=0):
            if not goal.go_out and self.found(need_points=0, need_canastas=0):
                aside = {"need_canastas": 0}  # the first meld would leave no card to keep: the turn goes out
            elif not (goal.go_out and self.rules["go_out"].get("must_be_down")):
                return []
            else:
                goal = replace(goal, go_out=False, must_meld=True)
                if self.found(goal) or not self.found(goal, need_points=0):
                    return []
        best = max((s.points for s in self._searches(replace(goal, best=True), need_points=0, **aside)),
                   default=None)
        if best is None or best >= need:
            return []
        text = f"your melds total at most {best}; with {spot.score} points you need {need}"
        if any(w.picks_up for w in self.ways):
            text += " (of the pile only its top card counts)"
        out = [self.reason(self.rules.cite("initial"), text)]
        if aside:
            out += self.leaves_nothing()
        return out

    def leaves_nothing(self) -> list[Reason]:
        """A turn that melds all but its discard goes out, and going out needs the canastas."""
        need = self.rules.canastas_to_go_out
        best = self.best_canastas(need)
        if not need or best is None or best >= need:
            return []
        reach = "none" if not best else str(best)
        return [self.reason(self.rules.cite("go_out"), f"melding all but the discard would go out: Going out needs "
                            f"{_n(need, 'canasta')}; the best you can reach is {reach}.")]

    def wimp(self) -> list[Reason]:
        """Y-GOOUT's wimp rule: no going out at all in the first round, whatever the cards."""
        spot, go = self.spot, self.rules["go_out"]
        if self.goal.go_out and go.get("wimp_rule") and spot.first_round and not wimp_allows(spot):
            return [self.reason(self.rules.cite("go_out"), wimp_text(spot))]
        return []

    def going_out_rules(self) -> list[Reason]:
        if not self.goal.go_out:
            return []
        rules, spot, out = self.rules, self.spot, []
        go = rules["go_out"]
        if go.get("must_be_down") and not spot.down and (
                self.found(must_be_down=False) or not self.found(replace(self.goal, go_out=False, must_meld=True))):
            text = "to go out you must be down (have melded, this turn counts), and your side has not melded"
            if spot.initial_need:
                text += f"; going down this turn needs {spot.initial_need} points"
            out.append(self.reason(rules.cite("go_out"), text))
        return out

    def _taken(self) -> list[Card]:
        way = next((w for w in self.ways if w.picks_up), None)
        return [c for c in self.spot.hand if c is not UNKNOWN] + list(way.taken if way else ())

    def black_threes(self) -> list[Reason]:
        """Black 3s that no legal meld can take, when every card but one must go down."""
        if not self.goal.go_out:
            return []
        rules = self.rules
        bm = rules["blocker_meld"]
        held = sum(1 for c in self._taken() if rules.role(c) == "blocker")
        allowed = rules["go_out"].get("max_unmatched", 0) + 1  # kept cards, the discard included
        if held <= allowed:
            return []
        mine = f"you hold {_n(held, 'black 3')}"
        if not bm.get("allowed", True):
            return [self.reason(bm.get("rule") or rules.cite("meld"),
                                f"black 3s are never melded in {rules.id}; {mine}, and only one card can be "
                                "discarded")]
        low, high = bm.get("min_cards", 3), bm.get("max_cards", "none")
        top = INFINITE if high == "none" else high
        if any(held - kept == 0 or low <= held - kept <= top for kept in range(allowed + 1)):
            return []
        size = f"{low} or more" if high == "none" else f"{low} to {high}"
        return [self.reason(bm.get("rule") or rules.cite("meld"),
                            f"black 3s are melded only {size} at a time, without wild cards; {mine}")]

    def meld_shape(self) -> list[Reason]:
        rules = self.rules
        text = group_shape_text(rules) + f"; you hold {held_in_words(rules, self.spot.hand)}"
        if self.goal.go_out:
            allowed = rules["go_out"].get("max_unmatched", 0)
            kept = self.fewest_kept(allowed)
            if kept is not None:
                text += (f", and the most you can meld still leaves {_n(kept, 'card')} in your hand after the "
                         f"discard (going out allows {allowed})")
        elif self.found(must_meld=False) or not self.goal.must_meld:
            return [self.tried()]
        return [self.reason(rules.cite("meld"), text)]

    def tried(self) -> Reason:
        """No one rule decides: what was tried, in words."""
        rules, goal = self.rules, self.goal
        taking = [w for w in self.ways if w.picks_up]
        if taking:
            count = sum(len(w.choices) for w in taking)
            what = ("goes out" if goal.go_out else "puts down a first meld" if goal.must_meld
                    else f"puts down {goal.include}" if goal.include is not None else "can end")
            ways_tried = ("the one way" if count == 1 else f"none of the {count} ways")
            verb = "leaves no turn" if count == 1 else "leaves a turn"
            return self.reason(rules.cite("pile"),
                               f"{ways_tried} to take the pile with {self.spot.discard[-1]} {verb} that {what}: "
                               f"{'it was' if count == 1 else 'each was'} tried with every meld of your "
                               f"{held_in_words(rules, self.spot.hand)}")
        if goal.include is not None:
            return self.reason(rules.cite("meld"), f"{goal.include} cannot go down in a turn that ends legally: "
                               f"you hold {held_in_words(rules, self.spot.hand)}")
        return self.reason(rules.cite("go_out" if goal.go_out else "meld"),
                           f"every meld of your {held_in_words(rules, self.spot.hand)} was tried: "
                           "none leaves a turn that ends legally")


# -- albany ------------------------------------------------------------------------------
def _fanned(spot: Spot, goal: Goal) -> tuple[Reason, ...]:
    """Albany's no's, from the facts of the pile and the table (its search is not re-run here)."""
    rules = spot.rules
    pickup = goal.pickup
    if goal.unknown_draw:
        drawn = after_stock_draw(spot)
        if drawn is None:
            return (empty_stock_reason(rules),)
        spot, pickup = drawn, NONE
    out: list[Reason] = []
    if goal.take_pile or isinstance(pickup, Action):
        if spot.phase != "before-draw":
            return (Reason.of(rules, rules.cite("pile"), "the turn's draw has been made: the pile can be taken "
                              "only at the start of a turn"),)
        if not spot.discard:
            return (Reason.of(rules, rules.cite("pile"), "the discard pile is empty"),)
        top = spot.discard[-1]
        starts = [s for s in fanned_starts(spot, pickup) if s.picks_up]
        if not starts:
            if rules.role(top) == "stopper":
                rule = rules["pile"].get("top_never_rules", {}).get("stopper", rules.cite("pile"))
                return (Reason.of(rules, rule, f"the {top} on top is a stopper: it is never taken from the top "
                                  "of the pile"),)
            need = rules["pile"]["deep_needs_naturals"]
            return (Reason.of(rules, rules.cite("pile"),
                              f"no card of the pile can be taken: {top} on top cannot be laid off or melded at "
                              f"once, and no deeper card can go down in a new set with at least {need} naturals "
                              "from your hand"),)
    if goal.go_out:
        if spot.phase == "before-draw" and spot.discard and rules.role(spot.discard[-1]) == "stopper":
            rule = rules["pile"].get("top_never_rules", {}).get("stopper", rules.cite("pile"))
            out.append(Reason.of(rules, rule, f"the {spot.discard[-1]} on top is a stopper: it is never taken from "
                                 "the top of the pile, so only a deeper pick-up could start this turn"))
        need = rules.canastas_to_go_out
        most = _canastas_bound(spot, goal, pickup)
        if most >= need:  # counting alone allows them: ask the sweep how many the sets can really hold
            try:
                with part(REACH_STEPS):
                    most = _canastas_reached(spot, goal, pickup)
            except SolverLimitError:
                pass  # the count stands: the sweep ran long, and the reasons below still decide
        if most < need:
            out.append(Reason.of(rules, rules.cite("go_out"),
                                 f"going out needs {_n(need, 'canasta')}; with every card you could hold this turn "
                                 f"{f'at most {most}' if most else 'none'} could be made"))
        stuck = _fewest_stranded(spot, goal, pickup)
        shape = _set_shape(rules) + "; "
        if stuck is not None and stuck >= 2:  # the going-out rule fails: it melds all cards but the discard
            out.append(Reason.of(rules, rules.cite("go_out"), "going out, every card but one discard must be "
                                 f"melded; however the turn starts, at least {_n(stuck, 'card')} could join no set "
                                 f"({shape.rstrip('; ')})"))
        elif most >= need:
            out.append(Reason.of(rules, rules.cite("meld"), shape + "every way of putting your cards into sets was "
                                 f"tried: none melds all but one of them with {_n(need, 'canasta')} among the sets"))
        size = rules["canasta"]["min_cards"]
        have = sum(1 for meld in spot.melds if len(meld) >= size)
        out.append(Reason.of(rules, rules.cite("go_out"),
                             f"going out needs {_n(need, 'canasta')} (you have {have} on the table) and every card "
                             "but one discard melded: every turn was tried and none does both"))
    elif goal.must_meld or goal.include is not None:
        held = [c for c in spot.hand if c is not UNKNOWN]
        what = "no new set" if goal.include is None else f"{goal.include}"
        out.append(Reason.of(rules, rules.cite("meld"),
                             f"{_set_shape(rules)}; {what} can go down from "
                             f"{format_cards(held) or 'no cards'} in a turn that ends legally"))
    else:
        out.append(Reason.of(rules, rules.cite("pile"), "every way of taking from the pile was tried: none leaves a "
                             "turn that ends legally"))
    return tuple(out)


def _fewest_stranded(spot: Spot, goal: Goal, pickup) -> int | None:
    """The fewest cards no set could ever hold, over every way the turn may start (the search's own count)."""
    from .albany import configs, problem_of

    least = None
    for start in fanned_starts(spot, pickup):
        if goal.take_pile and not start.picks_up:
            continue
        for cfg, g in configs(spot, goal, start):
            kept = problem_of(spot, cfg, True)[0].fixed_kept
            least = kept if least is None else min(least, kept)
    return least


def _canastas_reached(spot: Spot, goal: Goal, pickup) -> int:
    """The most canastas the sets of any legal start can hold, the end of the turn set aside."""
    from .albany import canastas_within_reach, configs

    most = 0
    for start in fanned_starts(spot, pickup):
        if goal.take_pile and not start.picks_up:
            continue
        for cfg, _ in configs(spot, goal, start):
            most = max(most, canastas_within_reach(spot, cfg))
    return most


def _canastas_bound(spot: Spot, goal: Goal, pickup) -> int:
    """The most canastas the cards held after some start could make, counting only how many there are:
    the side's sets filled up first (the fewest missing cards first), then new canastas, each with
    enough naturals (the canasta size less the wild cards a set may hold) of one rank or one suit,
    or of wild cards alone."""
    starts = [s for s in fanned_starts(spot, pickup) if s.picks_up or not goal.take_pile]
    return max((_bound_after(spot, tuple(s.taken)) for s in starts), default=_bound_after(spot, ()))


def _missing(rules, meld, naturals, wilds: int, size: int) -> tuple[int, int]:
    """A side's set: the cards it lacks to be a canasta, and how many held cards could join it."""
    missing = max(0, size - len(meld))
    if not missing:
        return 0, 0
    shape = judge(rules, meld)
    if shape.kind == GROUP:
        return missing, wilds + sum(1 for c in naturals if c.rank == shape.key)
    if shape.kind == SEQUENCE:
        return missing, wilds + sum(1 for c in naturals if c.suit == shape.key)
    return missing, wilds


def _set_shape(rules) -> str:
    """What an albany set is under these rules, in words."""
    m, cap = rules["meld"], rules.max_wilds()
    text = (f"a set is {m['min_cards']} or more cards of one rank or of one suit in sequence, with at least "
            f"{m['min_naturals']} naturals")
    if cap is not None:
        text += f" and at most {cap} wild cards"
    if m.get("wilds_at_most_naturals"):
        text += ", never more wild cards than naturals"
    return text


def _bound_after(spot: Spot, taken: tuple[Card, ...]) -> int:
    rules = spot.rules
    size, m, cap = rules["canasta"]["min_cards"], rules["meld"], rules.max_wilds()
    # the fewest naturals a canasta holds (a set has one at least; it may not be wild cards alone)
    least = max(1, m["min_naturals"], size - cap if cap is not None else 0,
                (size + 1) // 2 if m.get("wilds_at_most_naturals") else 0)
    held = [c for c in spot.hand if c is not UNKNOWN] + list(taken)
    cards = len(held) - 1  # one card is the discard, at least
    # a card of no role that no meld takes (a joker a house file leaves out of its wild cards) joins nothing
    naturals = [c for c in held if rules.role(c) == "natural" and c.rank in rules.natural_ranks]
    wilds_held = sum(1 for c in held if rules.role(c) == "wild")
    have = 0
    for missing, fits in sorted(_missing(rules, meld, naturals, wilds_held, size) for meld in spot.melds):
        if missing <= min(cards, fits):
            have, cards = have + 1, cards - missing
    by_rank = Counter(c.rank for c in naturals)
    groups = sum(n // least for n in by_rank.values())
    # a sequence canasta spans ``size`` places of one suit, at most the wild cards' number of them empty
    low, high = RANK_ORDER[m["sequence_low"]], RANK_ORDER[m["sequence_high"]]
    good: set[tuple[str, int]] = set()
    runs = 0
    for suit in {c.suit for c in naturals}:
        places = {RANK_ORDER[c.rank] for c in naturals if c.suit == suit}
        mine = set()
        for lo in range(low, high - size + 2):
            window = {o for o in places if lo <= o < lo + size}
            if len(window) >= least:
                mine |= window
        good |= {(suit, o) for o in mine}
        runs += sum(1 for c in naturals if c.suit == suit and RANK_ORDER[c.rank] in mine) // least
    usable = sum(1 for c in naturals if by_rank[c.rank] >= least or (c.suit, RANK_ORDER[c.rank]) in good)
    wilds = sum(1 for c in held if rules.role(c) == "wild")
    wild_size = max(size, rules["wild_meld"].get("min_cards", size))
    wild_sets = wilds // wild_size if rules["wild_meld"].get("allowed", True) else 0
    if rules["stopper_meld"].get("allowed"):  # sets of red stoppers may be canastas too (Deluxe option 1)
        stoppers = sum(1 for c in held if rules.role(c) == "stopper")
        wild_sets += stoppers // size
    new = min(cards // size, usable // least + wild_sets, groups + runs + wild_sets)
    return have + max(0, new)
