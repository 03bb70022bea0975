"""The rules engine for one whole turn: replay a play step by step.

This is the plain judge of plays. The referee (``check play``) asks it,
every witness the checker or the reference decider finds is re-checked by
it, and the game engine uses it; a rule about turns has this one home.

A turn, from the spot's phase: an optional pickup (only from
``before-draw``), any melds and lay-offs, then exactly one discard, unless
the player goes out by melding every card where the variant allows that.
Albany's moves on the table (``exchange``, ``combine``: A-COMBINE) may come
anywhere after the turn's draw or pickup and before the discard, never
before the pickup: every turn starts with the stock or the pile.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .cards import Card, format_cards
from .errors import IllegalPlayError, VariantError
from .melds import BLOCKERS, GROUP, Meld, card_points, judge
from .play import COMBINE, DISCARD, EXCHANGE, LAYOFF, MELD, PICKUP, TABLE_MOVES, Action
from .render import cards_text
from .rules import Rules
from .spot import Spot
from .table_moves import combine_sets, exchange_joker, joker_sets_for, move_rule, sets_holding_a_joker


class TurnError(IllegalPlayError):
    """An illegal step: which step (1-based, 0 for the turn as a whole), which rule, and cheats named."""

    def __init__(self, rule: str, message: str, step: int = 0, cheats: tuple[str, ...] = ()):
        super().__init__(rule, message)
        self.step = step
        self.cheats = cheats


@dataclass
class Turn:
    """A legal turn as played: what it put down, what it kept, how it ended."""

    spot: Spot
    actions: tuple[Action, ...]
    table: list[tuple[Card, ...]]          # every meld of the side after the turn
    new_melds: list[int] = field(default_factory=list)  # indexes into table
    hand: Counter = field(default_factory=Counter)       # what the player still holds
    discard: Card | None = None
    picked_up: tuple[Card, ...] = ()
    pickup_kind: str = ""
    went_out: bool = False
    concealed: bool = False
    initial_points: int = 0
    uncounted: tuple[int, ...] = ()  # indexes into table: new melds that count nothing toward the first meld
    bonus_laid_out: tuple[Card, ...] = ()
    origins: list[Counter] = field(default_factory=list)  # per set of ``table``: what it held before the turn,
    #                                                        with the naturals exchanged for its jokers

    def laid_off(self) -> list[tuple[int, Counter]]:
        """The side's earlier sets (1-based, as they end the turn) and the cards the turn added to each."""
        return [(i, Counter(m) - before) for i, (m, before) in enumerate(zip(self.table, self.origins), start=1)
                if before and Counter(m) - before]

    @property
    def canastas(self) -> int:
        return _count_canastas(self.spot.rules, self.table)


def _count_canastas(rules: Rules, table) -> int:
    return sum(1 for m in table if len(m) >= rules["canasta"]["min_cards"])


class _Replay:
    def __init__(self, spot: Spot, actions: tuple[Action, ...]):
        self.spot = spot
        self.rules = spot.rules
        self.actions = actions
        self.hand = Counter(spot.hand)
        self.table: list[tuple[Card, ...]] = [tuple(m) for m in spot.melds]
        self.origin: list[Counter] = [Counter(m) for m in spot.melds]  # what each set held before the turn
        self.new: list[int] = []
        self.pile = list(spot.discard)
        self.step = 0
        self.top: Card | None = None
        self.picked: tuple[Card, ...] = ()
        self.pickup_kind = ""
        self.pending: tuple[Card, ...] | None = None  # cards that must go down at once after a pickup
        self.pending_blockers = False
        self.pending_fill: list[tuple[Card, ...]] | None = None  # Deluxe option 3: ways to complete the pending set
        self.discarded: Card | None = None
        self.bonus: list[Card] = []
        self.stoppers_after_draw: int | None = None
        self.blocker_melds: list[int] = []
        self.deep_meld = False  # albany (c): the lowest card taken makes a new set

    # -- helpers -------------------------------------------------------------
    def fail(self, rule: str, message: str, cheats: tuple[str, ...] = ()) -> TurnError:
        return TurnError(rule, message, self.step, cheats)

    def take_from_hand(self, cards: tuple[Card, ...]) -> None:
        need = Counter(cards)
        for card, n in need.items():
            if self.hand[card] < n:
                held = self.hand[card]
                raise self.fail(self.rules.cite("meld"), f"you hold {held} {card}, not {n}"
                                if held else f"you do not hold {card}",
                                cheats=self._cheat("C"))
        self.hand -= need

    def _cheat(self, letter: str) -> tuple[str, ...]:
        return (letter,) if "cheats" in self.rules.data else ()

    def judge(self, cards: tuple[Card, ...]) -> Meld:
        try:
            return judge(self.rules, cards, going_out=True)
        except IllegalPlayError as e:
            raise self.fail(e.rule, e.text, cheats=self._meld_cheats(cards)) from None

    def _meld_cheats(self, cards) -> tuple[str, ...]:
        """Name canasty's 'legal cheats' when a bad meld is one of them (Y-CHEATS)."""
        if "cheats" not in self.rules.data:
            return ()
        roles = [self.rules.role(c) for c in cards]
        naturals = [c for c, r in zip(cards, roles) if r == "natural"]
        wilds = roles.count("wild")
        ranks = Counter(c.rank for c in naturals)
        if len(ranks) == 1 and len(naturals) < self.rules["meld"]["min_naturals"] and wilds:
            return ("A",)
        if len(ranks) > 1:
            if ranks.most_common(1)[0][1] >= 2 and len(naturals) - ranks.most_common(1)[0][1] == 1:
                return ("C",)
            return ("N",) if not self.spot.down else ("C",)
        return ()

    def group_index(self, rank: str) -> int | None:
        for i, m in enumerate(self.table):
            j = judge(self.rules, m, going_out=True)
            if j.kind == GROUP and j.key == rank:
                return i
        return None

    # -- the steps ---------------------------------------------------------------
    def run(self) -> Turn:
        first = self.actions[0] if self.actions else None
        if self.spot.phase == "before-draw" and (first is None or first.kind != PICKUP):
            self.step = 1
            if first is not None and first.kind in TABLE_MOVES and any(a.kind == PICKUP for a in self.actions):
                raise self.fail(self.rules.cite("meld", "combine_rule"),
                                f"'{first}' comes before the pickup: moves on the table come after the turn's "
                                "draw or pickup, never before")
            raise self.fail(self.rules.cite("draw"), "from before-draw a play starts with 'pickup': a card drawn "
                            "from the stock is unknown (give the spot with phase \"drawn\" instead)")
        for i, action in enumerate(self.actions, start=1):
            self.step = i
            if self.discarded is not None:
                raise self.fail(self.rules.cite("go_out"), "the discard ends the turn: nothing may follow it")
            if action.kind not in (PICKUP, *TABLE_MOVES) and self.stoppers_after_draw is None:
                self.stoppers_after_draw = self._stoppers_held()
            if self.pending is not None and action.kind not in (MELD, LAYOFF):
                self._settle_pending_implicitly()
            if action.kind == PICKUP:
                self.pickup(action, i)
            elif action.kind == MELD:
                self.meld(action)
            elif action.kind == LAYOFF:
                self.layoff(action)
            elif action.kind == EXCHANGE:
                self.exchange(action)
            elif action.kind == COMBINE:
                self.combine(action)
            else:
                self.discard(action)
        self.step = len(self.actions)
        if self.pending is not None:
            self._settle_pending_implicitly()
        if self.stoppers_after_draw is None:
            self.stoppers_after_draw = self._stoppers_held()
        return self.finish()

    def _stoppers_held(self) -> int:
        return sum(n for c, n in self.hand.items() if self.rules.role(c) == "stopper")

    def pickup(self, action: Action, index: int) -> None:
        rules = self.rules
        if index > 1 or self.spot.phase != "before-draw":
            why = "the turn's draw has been made" if self.spot.phase == "drawn" else "only as the turn's first step"
            raise self.fail(rules.cite("pile"), f"the pile can be taken only at the start of the turn ({why})")
        if not self.pile:
            raise self.fail(rules.cite("pile"), "the pile is empty")
        if rules["pile"]["style"] == "fanned":
            from .fanned import take_fanned

            take_fanned(self, action)
            return
        if action.depth is not None and action.depth != len(self.pile):
            raise self.fail(rules.cite("pile"), f"whoever takes the pile takes all of it ({len(self.pile)} cards), "
                                                f"not {action.depth}")
        top = self.pile[-1]
        self.top = top
        cards = action.cards
        role = rules.role(top)
        blocker_exception = (role == "blocker" and rules["blocker_meld"].get("top_of_pile_for_going_out")
                             and len(cards) >= 2 and all(rules.role(c) == "blocker" for c in cards))
        if role in rules["pile"]["top_never"] and not blocker_exception:
            rule = rules["pile"].get("top_never_rules", {}).get(role, rules.cite("pile"))
            what = {"wild": "a wild card", "bonus": "a bonus card", "blocker": "a black 3",
                    "stopper": "a stopper"}[role]
            raise self.fail(rule, f"{top} on top of the pile is {what}: the pile cannot be taken")
        if rules["pile"].get("single_card_rule") and sum(self.hand.values()) == 1 and len(self.pile) == 1:
            raise self.fail(rules.cite("pile"), "a player holding one card may not take a pile of one card")
        self.take_from_hand(cards)
        self.hand.update(cards)  # checked only; they leave the hand when melded
        if blocker_exception:
            self.pending_blockers = True
            self.pending = cards
        else:
            self._check_whole_pile_cards(top, cards)
            self.pending = cards
        self.picked = tuple(self.pile)
        self.pile = []
        for c in self.picked:
            if rules.role(c) == "bonus":
                self.bonus.append(c)  # laid out with no replacement
            else:
                self.hand[c] += 1
        self.hand[top] -= 1  # the top card goes down at once, with ``cards``
        self.pickup_kind = "whole"

    def _check_whole_pile_cards(self, top: Card, cards: tuple[Card, ...]) -> None:
        rules = self.rules
        pile_rules = rules["pile"]
        frozen_by = [c for c in self.pile if rules.role(c) in pile_rules.get("frozen_by", [])]
        frozen_unmelded = pile_rules.get("frozen_unmelded") and not self.spot.down
        buried = [c for c in self.pile[:-1] if rules.role(c) == "blocker"] if pile_rules.get("buried_blocker_needs") else []
        if frozen_by or frozen_unmelded:
            ways = pile_rules["frozen_take_with"]
            rule = rules.cite("pile", "frozen_rule")
            why = (f"the pile is frozen by {format_cards(frozen_by)}" if frozen_by
                   else "the pile is frozen for a side that has not melded")
        elif buried:
            ways = pile_rules["buried_blocker_needs"]
            rule = rules.cite("pile")
            why = f"a black 3 ({buried[0]}) lies in the pile"
        else:
            if "take_with" not in pile_rules:
                raise VariantError(f"{rules.variant.name}: the pile is taken whole, but the rules do not say which "
                                   "cards from the hand take it")
            ways = pile_rules["take_with"]
            rule = rules.cite("pile")
            why = ""
        naturals = [c for c in cards if rules.role(c) == "natural" and c.rank == top.rank]
        wilds = [c for c in cards if rules.role(c) == "wild"]
        others = [c for c in cards if c not in naturals and c not in wilds]
        has_meld = self.group_index(top.rank) is not None
        ok = False
        if not cards:
            ok = "layoff" in ways and has_meld
        elif not others:
            if len(naturals) >= 2 and "natural_pair" in ways:
                ok = True
            elif len(naturals) >= 1 and wilds and "natural_wild" in ways:
                ok = True
        if ok:
            return
        if not cards and "layoff" in ways:
            needs = f"you have no meld of {top.rank}s to lay {top} off onto"
        elif not cards:
            needs = f"{top} must go down with two cards from your hand; laying it off alone does not take the pile"
        elif others:
            needs = f"{format_cards(others)} do{'es' * (len(others) == 1)} not match {top}"
        else:
            pair = "two natural " + top.rank + "s" if ways == ["natural_pair"] else "a natural pair, or a natural and a wild,"
            needs = f"taking it needs {pair} from your hand with {top}"
        text = f"{why}; {needs}" if why else needs
        raise self.fail(rule, text, cheats=self._cheat("M") if cards else ())

    def _settle_pending_implicitly(self) -> None:
        """The top card (and the named cards) go down at once, as the rules demand."""
        cards = (self.top,) + self.pending + (self.pending_fill[0] if self.pending_fill else ())
        self.pending, self.pending_fill = None, None
        self.hand[self.top] += 1
        if self.deep_meld or self.pending_blockers:
            self._new_meld(cards)
            return
        index = self.group_index(self.top.rank) if self.rules["meld"]["one_per_rank"] else None
        if index is None and len(cards) == 1:
            index = next((i for i in range(len(self.table)) if self._fits(i, cards)), None)
        if index is not None:
            self._add_to(index, cards, implicit=True)
        else:
            self._new_meld(cards)

    def _consume_pending(self, cards: tuple[Card, ...], kind: str = MELD) -> None:
        """The first meld or lay-off after a pickup must hold the top card and the named cards."""
        if self.pending is None:
            return
        if self.deep_meld and kind != MELD:
            raise self.fail(self.rules.cite("pile"), f"the lowest card taken, {self.top}, must make a new set at once")
        need = Counter((self.top,) + self.pending)
        if need - Counter(cards):
            missing = format_cards((need - Counter(cards)).elements())
            raise self.fail(self.rules.cite("pile"), f"after taking the pile, {format_cards(need.elements())} must go "
                                                     f"down at once (missing here: {missing})")
        if self.pending_fill and not any(not Counter(fill) - (Counter(cards) - need) for fill in self.pending_fill):
            ways = " or ".join(format_cards(fill) for fill in self.pending_fill)
            raise self.fail(self.rules.cite("pile"), f"{format_cards(need.elements())} make a set only with {ways} "
                                                     "taken above it, and those go down with them at once")
        self.pending_fill = None
        if self.pickup_kind == "b":
            from .fanned import check_from_hand

            check_from_hand(self, cards)
        self.hand[self.top] += 1
        self.pending = None

    def meld(self, action: Action) -> None:
        self._consume_pending(action.cards)
        self.take_from_hand(action.cards)
        self._new_meld(action.cards, taken=False)

    def _new_meld(self, cards: tuple[Card, ...], taken: bool = True) -> None:
        if taken:
            self.take_from_hand(cards)
        judged = self.judge(cards)
        if judged.kind == GROUP and self.rules["meld"]["one_per_rank"]:
            if self.group_index(judged.key) is not None:
                raise self.fail(self.rules.cite("meld"), f"your side already has a meld of {judged.key}s: "
                                                        f"lay the cards off onto it instead")
        self.table.append(tuple(cards))
        self.origin.append(Counter())
        self.new.append(len(self.table) - 1)
        if judged.kind == BLOCKERS:
            self.blocker_melds.append(len(self.table) - 1)

    def layoff(self, action: Action) -> None:
        self._consume_pending(action.cards, LAYOFF)
        self.take_from_hand(action.cards)
        if action.to is not None:
            if action.to > len(self.table):
                raise self.fail(self.rules.cite("meld"), f"there is no meld {action.to} (your side has {len(self.table)})")
            self._add_to(action.to - 1, action.cards)
            return
        fits = [i for i in range(len(self.table)) if self._fits(i, action.cards)]
        if not fits:
            if not self.table:
                raise self.fail(self.rules.cite("meld"), "your side has no meld to lay off onto")
            # report why the most likely target refuses
            self._add_to(self._likely_target(action.cards), action.cards)
        if len(fits) > 1:
            options = ", ".join(str(i + 1) for i in fits)
            raise self.fail(self.rules.cite("meld"), f"{format_cards(action.cards)} fit melds {options}: say which with 'to N'")
        self._add_to(fits[0], action.cards)

    def _fits(self, index: int, cards) -> bool:
        try:
            judge(self.rules, self.table[index] + tuple(cards), going_out=True)
            return True
        except IllegalPlayError:
            return False

    def _likely_target(self, cards) -> int:
        ranks = {c.rank for c in cards if self.rules.role(c) == "natural"}
        for i, m in enumerate(self.table):
            if any(c.rank in ranks for c in m):
                return i
        return 0

    def _add_to(self, index: int, cards, implicit: bool = False) -> None:
        if implicit:
            self.take_from_hand(tuple(cards))
        merged = self.table[index] + tuple(cards)
        old = judge(self.rules, self.table[index], going_out=True)
        if old.kind == BLOCKERS:
            raise self.fail(self.rules.cite("blocker_meld"), "nothing is laid off onto a meld of black 3s")
        new = self.judge(merged)
        if old.kind != new.kind or old.key != new.key:
            raise self.fail(self.rules.cite("meld"), f"{format_cards(cards)} do not belong on {format_cards(self.table[index])}",
                            cheats=self._cheat("C"))
        self.table[index] = merged

    def exchange(self, action: Action) -> None:
        """A-COMBINE: a natural from the hand takes a joker's place; the joker joins the hand."""
        card, rules = action.cards[0], self.rules
        try:
            rule = move_rule(rules)
            if not self.hand[card]:
                raise IllegalPlayError(rule, f"you do not hold {card}")
            number = action.to
            if number is None:
                fits = joker_sets_for(rules, self.table, card)
                if len(fits) > 1:
                    raise IllegalPlayError(rule, f"{card} could take the joker's place in sets "
                                                 f"{', '.join(map(str, fits))}: say which with 'on N'")
                if not fits:
                    with_joker = sets_holding_a_joker(self.table)
                    if not with_joker:
                        where = "no set of your side holds a joker"
                    elif len(with_joker) == 1:
                        where = f"set {with_joker[0]} holds a joker, but {card} cannot take its place"
                    else:
                        where = (f"sets {', '.join(map(str, with_joker))} hold jokers, but {card} cannot take "
                                 f"the place of any")
                    raise IllegalPlayError(rule, f"{card} cannot be exchanged: {where}")
                number = fits[0]
            self.table[number - 1], joker = exchange_joker(rules, self.table, number, card)
        except IllegalPlayError as e:
            raise self.fail(e.rule, e.text) from None
        self.hand[card] -= 1
        self.hand[joker] += 1
        if self.origin[number - 1]:  # an earlier set: the natural takes a place, it is not laid off
            self.origin[number - 1] += Counter([card])
            self.origin[number - 1] -= Counter([joker])

    def combine(self, action: Action) -> None:
        """A-COMBINE: two adjoining sets of the side become one, at the lower of their places."""
        first, second = action.sets
        try:
            self.table = combine_sets(self.rules, self.table, first, second)
        except IllegalPlayError as e:
            raise self.fail(e.rule, e.text) from None
        keep, drop = sorted((first - 1, second - 1))
        self.origin[keep] += self.origin.pop(drop)

        def moved(i: int) -> int:
            return keep if i == drop else i - (i > drop)

        # a set made this turn and joined to an older one counts as laid off onto it
        both_new = keep in self.new and drop in self.new
        self.new = sorted({moved(i) for i in self.new if i not in (keep, drop)} | ({keep} if both_new else set()))
        self.blocker_melds = [moved(i) for i in self.blocker_melds]

    def discard(self, action: Action) -> None:
        card = action.cards[0]
        self.take_from_hand(action.cards)
        self.discarded = card

    # -- the end of the turn ---------------------------------------------------
    def finish(self) -> Turn:
        rules = self.rules
        left = sum(self.hand.values())
        went_out = left == 0
        go = rules["go_out"]
        unmatched_out = False
        if not went_out and self.discarded is not None and go.get("max_unmatched", 0) and left <= go["max_unmatched"]:
            unmatched_out = self._may_go_out(quiet=True)
            went_out = unmatched_out
        if self.discarded is None and left > 0:
            raise TurnError(rules.cite("go_out"), f"the turn must end with a discard ({left} card"
                            f"{'s' * (left != 1)} still in hand)", 0)
        if self.discarded is None and went_out and go["final_discard"] == "required":
            raise TurnError(rules.cite("go_out"), "going out must end with a discard", 0)
        concealed = False
        if went_out:
            self._may_go_out()
            concealed = bool(go.get("concealed")) and not self.spot.down
            if concealed and self.picked and self.discarded is not None and Counter(self.spot.hand)[self.discarded] == 0:
                raise TurnError(go.get("concealed_rule", go["rule"]), "going out concealed, every card taken from "
                                f"the pile must be melded, but {self.discarded} came from the pile", 0)
        for i in self.blocker_melds:
            if not went_out:
                raise TurnError(rules.cite("blocker_meld"), f"{format_cards(self.table[i])}: black 3s are melded only "
                                "in the turn the player goes out", 0)
        if self.pending_blockers and not went_out:
            raise TurnError(rules.cite("blocker_meld"), "a black 3 is taken from the pile only to go out with it", 0)
        points, uncounted = self._initial_points()
        need = self.spot.initial_need
        if need and self.new and not (concealed and rules["initial"].get("concealed_exempt")):
            if points < need:
                raise TurnError(rules.cite("initial"),
                                initial_shortfall_text(self.spot, points, [self.table[i] for i in uncounted]), 0,
                                cheats=("B",) if "cheats" in rules.data else ())
        return Turn(self.spot, self.actions, self.table, self.new, self.hand, self.discarded, self.picked,
                    self.pickup_kind, went_out, concealed, points, uncounted, tuple(self.bonus), self.origin)

    def _may_go_out(self, quiet: bool = False) -> bool:
        """Check the going-out conditions; ``quiet`` answers instead of raising."""
        rules, go, spot = self.rules, self.rules["go_out"], self.spot

        def no(rule: str, text: str) -> bool:
            if quiet:
                return False
            raise TurnError(rule, text, 0)

        need = rules.canastas_to_go_out
        have = _count_canastas(rules, self.table)
        if have < need:
            return no(go["rule"], going_out_shortfall_text(rules, have))
        if go.get("must_be_down") and not self.table:
            return no(go["rule"], "to go out you must be down (have melded)")
        if go.get("stoppers_block") and (self.stoppers_after_draw or 0) >= go["stoppers_block"]:
            return no(go.get("stoppers_rule", go["rule"]), f"you held {self.stoppers_after_draw} stoppers after the draw; "
                      f"{go['stoppers_block']} or more prevent going out")
        if go.get("wimp_rule") and spot.first_round and not wimp_allows(spot):
            return no(go["rule"], wimp_text(spot))
        return True

    def _initial_points(self) -> tuple[int, tuple[int, ...]]:
        """The first-meld points of the melds made this turn, and the new melds that count nothing."""
        own = Counter(self.spot.hand)
        if self.top is not None:
            own[self.top] += 1
        put = [(i, Counter(m) - before) for i, (m, before) in enumerate(zip(self.table, self.origin))]
        put = [(i, cards) for i, cards in put if cards]
        if self.rules.setting("initial", "meld_holding_pile_cards") == "hand_cards_count":
            # Of the pile only the top card counts: every card from the hand counts, wherever it went.
            put_down = sum((cards for _, cards in put), Counter())
            counted = Counter({c: min(n, own[c]) for c, n in put_down.items()})
            return card_points(self.rules, counted.elements()), ()
        points, dirty = clean_melds_points(self.rules, [cards for _, cards in put], own)
        return points, tuple(put[j][0] for j in dirty)


def clean_melds_points(rules: Rules, melds: list[Counter], own: Counter) -> tuple[int, tuple[int, ...]]:
    """The most first-meld points of ``melds`` when only those made of ``own`` cards count
    (the hand and the pile's top card), and the positions of the melds that count nothing.

    A meld is judged as it ends the turn: one the turn lays a card from below the top of the
    pile onto holds that card as much as one put down with it, so it counts nothing either.
    The judges that search for turns count final melds, never the order of steps, and a
    reading that depended on the order would let a lay-off made later undo a minimum the
    turn had already met. Cards are named by face: where the hand and the pile below its top
    held the same face, the reading most favourable to the player decides which copy went where.
    """
    total = sum(melds, Counter())
    contested = [j for j, m in enumerate(melds) if any(total[c] > own[c] for c in m)]
    sure = [j for j in range(len(melds)) if j not in contested]
    best_points, best_set = -1, ()
    # Few melds ever contest a face (one per rank), so every choice among them is tried.
    for mask in range(1 << len(contested)):
        chosen = [contested[k] for k in range(len(contested)) if mask >> k & 1]
        used = sum((melds[j] for j in chosen), Counter())
        if used - own:
            continue
        points = sum(card_points(rules, melds[j].elements()) for j in sure + chosen)
        if points > best_points:
            best_points, best_set = points, tuple(chosen)
    dirty = tuple(j for j in contested if j not in best_set)
    return best_points, dirty


def wimp_allows(spot: Spot) -> bool:
    """Canasty's wimp rule: in the first round only a player far behind the leader, with scores far apart."""
    gap = spot.rules["go_out"].get("wimp_gap", 1000)
    scores = spot.scores or (spot.score,)
    leader, lowest = max(scores), min(scores)
    return leader - lowest >= gap and leader - scores[0] >= gap


def wimp_text(spot: Spot) -> str:
    gap = spot.rules["go_out"].get("wimp_gap", 1000)
    scores = spot.scores or (spot.score,)
    return (f"wimp rule: in the first round a player may go out only when the scores are {gap} or more apart and "
            f"he is {gap} or more behind the leader; the leader has {max(scores)}, the lowest score is "
            f"{min(scores)} and you have {scores[0]}")


def initial_shortfall_text(spot: Spot, points: int, uncounted=()) -> str:
    word = "down" if spot.rules.cite("initial").startswith("Y-") else "first meld"
    text = f"your {word} totals {points}; with {spot.score} points you need {spot.initial_need}"
    return text + (f"; {uncounted_text(uncounted, word)}" if uncounted else "")


def uncounted_text(melds, word: str = "first meld") -> str:
    """Why melds of the turn add nothing to the first-meld minimum, for a learner."""
    shown = [cards_text(m) for m in melds]
    if len(shown) == 1:
        return (f"the meld {shown[0]} holds cards from below the top of the pile, "
                f"so it counts nothing toward your {word}")
    listed = ", ".join(shown[:-1]) + " and " + shown[-1]
    return (f"the melds {listed} hold cards from below the top of the pile, "
            f"so they count nothing toward your {word}")


def going_out_shortfall_text(rules: Rules, have: int) -> str:
    need = rules.canastas_to_go_out
    best = "none" if have == 0 else str(have)
    return (f"going out needs {need} canasta{'s' * (need != 1)}; the turn ends with {best}")


def pickup_problem(spot: Spot, action: Action) -> TurnError | None:
    """The engine's objection to taking the pile this way as the turn's first step, if any."""
    try:
        _Replay(spot, (action,)).pickup(action, 1)
    except TurnError as e:
        return e
    return None


def after_steps(spot: Spot, actions: tuple[Action, ...]) -> "_Replay":
    """The turn as it stands after ``actions``, the legal beginning of a turn not yet ended (its
    ``table``, ``hand`` and ``pile``); a ``TurnError`` names the first illegal step."""
    replay = _Replay(spot, tuple(actions))
    try:
        replay.run()
    except TurnError as e:
        if e.step:
            raise
    return replay


def play_turn(spot: Spot, actions: tuple[Action, ...]) -> Turn:
    """Replay a whole turn; a ``TurnError`` names the first illegal step and its rule."""
    return _Replay(spot, tuple(actions)).run()
