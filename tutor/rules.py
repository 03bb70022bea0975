"""Variants as data: load a variant's TOML, resolve inheritance and options.

A *variant* is a rules file (``tutor/variants/*.toml`` or a table's own
house-rules file that ``extends`` one of them). *Rules* are a variant with
its options chosen: the object every judge, checker and scorer reads.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Mapping

from .cards import JOKER, Card, full_deck
from .errors import TutorError, VariantError
from .inputs import excerpt, read_text, toml_loads

VARIANTS_DIR = Path(__file__).parent / "variants"
BUILTIN = ("classic", "house", "canasty", "albany")
MAX_VARIANT_FILE_BYTES = 256 * 1024
MAX_EXTENDS = 8  # house-rules files extending one another, beyond the built-in variant

# The schema: every section a variant file may hold and what each key must be.
# A house-rules file is checked against it, so a typo or a wrong type names itself.
_INT, _BOOL, _STR, _DICT = int, bool, str, dict
_INT_OR_NONE = (int, str)  # an int, or the string "none" for no limit
_RANK_WORDS = set("AKQJT98765432")
_ROLE_WORDS = ("wild", "bonus", "blocker", "stopper", "natural")


def _strings(allowed=None):
    def check(where, value):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise VariantError(f"{where} must be a list of strings, not {_shown(value)}")
        for v in value:
            if allowed is not None and v not in allowed:
                raise VariantError(f"{where}: {_shown(v)} is not one of {', '.join(allowed)}")
    return check


def _card_patterns(where, value):
    _strings()(where, value)
    for v in value:
        if not (v == "JK" or v in _RANK_WORDS or (len(v) == 2 and v[0] in _RANK_WORDS and v[1] in "SHDC")):
            raise VariantError(f"{where}: {_shown(v)} is not a rank (K), a card (3H) or JK")


def _values(where, value):
    if not isinstance(value, dict):
        raise VariantError(f"{where} must be a table of card -> points")
    _card_patterns(where, list(value))
    for k, v in value.items():
        if isinstance(v, bool) or not isinstance(v, int):
            raise VariantError(f"{where}.{k} must be a whole number, not {_shown(v)}")
        _check_bound(f"{where}.{k}", "cards.values", v)


def _rank_text(where, value):
    if not isinstance(value, str) or not value.split() or any(r not in _RANK_WORDS for r in value.split()):
        raise VariantError(f"{where} must be ranks separated by spaces, e.g. \"A K Q\", not {_shown(value)}")


def _bands(where, value):
    if not isinstance(value, list):
        raise VariantError(f"{where} must be a list of {{ from = SCORE, need = POINTS }} tables")
    for i, band in enumerate(value, start=1):
        if not isinstance(band, dict) or set(band) - {"from", "need"} or "need" not in band:
            raise VariantError(f"{where}[{i}] must be a table {{ from = SCORE, need = POINTS }}, not {_shown(band)}")
        for k, v in band.items():
            if isinstance(v, bool) or not isinstance(v, int):
                raise VariantError(f"{where}[{i}].{k} must be a whole number, not {_shown(v)}")
            _check_bound(f"{where}[{i}].{k}", f"initial.bands.{k}", v)


def _pairs(where, value):
    if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in p)
            for p in value):
        raise VariantError(f"{where} must be a list of [cards, points] pairs, not {_shown(value)}")
    for i, (cards, points) in enumerate(value, start=1):
        _check_bound(f"{where}[{i}] (cards)", "canasta.natural_by_length", cards)
        _check_bound(f"{where}[{i}] (points)", "canasta.natural_bonus", points)


def _rule_map(where, value):
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise VariantError(f"{where} must be a table of role -> rule ID")
    _strings(_ROLE_WORDS)(where, list(value))


def _choice(*allowed):
    def check(where, value):
        if value not in allowed:
            raise VariantError(f"{where} must be one of {allowed}, not {_shown(value)}")
    return check


_ROLES = _strings(_ROLE_WORDS)
_WAYS = _strings(("natural_pair", "natural_wild", "layoff"))
SCHEMA: dict[str, dict[str, Any] | None] = {
    "pack": {"rule": _STR, "decks": _INT, "jokers_per_deck": _INT},
    "draw": {"rule": _STR, "stock_cards": _INT, "exhausted": _choice("end", "reshuffle"), "end_rule": _STR,
             "turn_up_first": _BOOL, "dead_card": _BOOL, "turn_up_after_discard": _BOOL},
    "cards": {"rule": _STR, "wild": _card_patterns, "wild_rule": _STR, "bonus": _card_patterns,
              "blocker": _card_patterns, "stopper": _card_patterns, "stopper_rule": _STR, "values": _values},
    "meld": {"rule": _STR, "natural_ranks": _rank_text, "min_cards": _INT, "min_naturals": _INT,
             "max_wilds": _INT_OR_NONE, "wilds_at_most_naturals": _BOOL, "groups": _BOOL,
             "sequences": _BOOL, "sequence_low": _choice(*_RANK_WORDS), "sequence_high": _choice(*_RANK_WORDS),
             "one_per_rank": _BOOL, "combine_rule": _STR},
    "wild_meld": {"rule": _STR, "allowed": _BOOL, "min_cards": _INT, "same_turn": _BOOL},
    "blocker_meld": {"rule": _STR, "allowed": _BOOL, "min_cards": _INT,
                     "max_cards": _INT_OR_NONE, "only_going_out": _BOOL,
                     "top_of_pile_for_going_out": _BOOL},
    "stopper_meld": {"rule": _STR, "allowed": _BOOL, "min_cards": _INT, "colors": _strings(("red", "black")),
                     "same_suit_double": _BOOL},
    "canasta": {"rule": _STR, "min_cards": _INT, "natural_bonus": _INT, "mixed_bonus": _INT,
                "wild_bonus": _INT, "wild_bonus_rule": _STR, "natural_by_length": _pairs,
                "extra_deck_penalty": _INT, "base_decks": _INT, "all_twos_double": _BOOL,
                "pure_wild_cards_double": _BOOL},
    "initial": {"rule": _STR, "required": _BOOL, "pile_top_only": _BOOL,
                "meld_holding_pile_cards": _choice("counts_nothing", "hand_cards_count"),
                "concealed_exempt": _BOOL, "bands": _bands},
    "pile": {"rule": _STR, "style": _choice("whole", "fanned"), "frozen_rule": _STR, "frozen_unmelded": _BOOL,
             "frozen_by": _ROLES, "take_with": _WAYS, "frozen_take_with": _WAYS,
             "buried_blocker_needs": _WAYS, "top_never": _ROLES, "top_never_rules": _rule_map,
             "single_card_rule": _BOOL, "deep_needs_naturals": _INT, "deep_max_wilds": _INT,
             "take_up_option": _BOOL, "start_burns": _ROLES},
    "bonus_cards": {"rule": _STR, "replacement": _choice("one", "batch"), "all_bonus": _INT,
                    "all_bonus_max_decks": _INT, "minus_if_not_down": _BOOL, "value_rule": _STR},
    "go_out": {"rule": _STR, "bonus": _INT, "concealed": _BOOL, "concealed_bonus": _INT,
               "concealed_rule": _STR, "final_discard": _choice("optional", "required"), "max_unmatched": _INT,
               "must_be_down": _BOOL, "wimp_rule": _BOOL, "wimp_gap": _INT, "stoppers_block": _INT,
               "stoppers_rule": _STR, "canastas_fewer": _INT},
    "scoring": {"rule": _STR, "blocker_in_hand": _INT, "blocker_in_hand_rule": _STR,
                "blocker_melded_value": _INT, "not_down_all_minus": _BOOL, "end_layoff": _BOOL,
                "canastas_in_hand_minus": _BOOL, "same_suit_group_card": _INT},
    "game": {"rule": _STR, "target": _INT, "hands": _INT, "first_hand_multiple": _INT,
             "first_hand_plus": _INT, "lead_by": _INT, "auction": _BOOL, "odd_man": _BOOL, "money": _BOOL},
    "cheats": None,  # free-form: letter -> description
}
# What a key means when a variant file leaves it out (``Rules.setting``).
DEFAULTS: dict[str, Any] = {
    # Toward a first meld, of the pile only the top card counts, and every card from the hand
    # counts, whatever meld it joins. The other reading ("counts_nothing"): a meld that also holds
    # a card of the pile below its top is made with the pile already taken and counts nothing,
    # its hand cards included. (Without a minimum the count is only shown, never judged.)
    "initial.meld_holding_pile_cards": "hand_cards_count",
}
_TOP_KEYS = {"id": _STR, "name": _STR, "source": _STR, "summary": _STR, "extends": _STR, "options": _DICT,
             "layouts": list, "rules": _DICT, "deluxe": _DICT}
# What a real table can hold: every number of a variant file lies in these bounds, so a
# house-rules file cannot ask for a million decks or a negative minimum.
_POINTS = (-10_000, 10_000)  # a card's value, a bonus or a penalty
_CARDS = (0, 30)  # a count of cards in a meld or a hand
_SCORE = (-1_000_000, 1_000_000)  # a cumulative score
BOUNDS: dict[str, tuple[int, int]] = {
    "pack.decks": (1, 4), "pack.jokers_per_deck": (0, 4),
    "draw.stock_cards": (1, 4),
    "cards.values": _POINTS,
    "meld.min_cards": (1, 15), "meld.min_naturals": (0, 15), "meld.max_wilds": (0, 15),
    "wild_meld.min_cards": (1, 15), "blocker_meld.min_cards": (1, 15), "blocker_meld.max_cards": (1, 15),
    "stopper_meld.min_cards": (1, 15),
    "canasta.min_cards": (3, 15), "canasta.natural_bonus": _POINTS, "canasta.mixed_bonus": _POINTS,
    "canasta.wild_bonus": _POINTS, "canasta.natural_by_length": _CARDS, "canasta.extra_deck_penalty": _POINTS,
    "canasta.base_decks": (1, 4),
    "initial.bands.from": _SCORE, "initial.bands.need": (0, 10_000),
    "pile.deep_needs_naturals": (0, 15), "pile.deep_max_wilds": (0, 15),
    "bonus_cards.all_bonus": _POINTS, "bonus_cards.all_bonus_max_decks": (0, 4),
    "go_out.bonus": _POINTS, "go_out.concealed_bonus": _POINTS, "go_out.max_unmatched": (0, 15),
    "go_out.wimp_gap": (0, 100_000), "go_out.stoppers_block": (0, 15), "go_out.canastas_fewer": (0, 15),
    "scoring.blocker_in_hand": _POINTS, "scoring.blocker_melded_value": _POINTS,
    "scoring.same_suit_group_card": _POINTS,
    "game.target": (0, 100_000), "game.hands": (0, 100), "game.first_hand_multiple": (0, 100),
    "game.first_hand_plus": (0, 100_000), "game.lead_by": (0, 100_000),
    "layouts.players": (2, 12), "layouts.partnerships": (0, 6), "layouts.hand": (1, 30),
    "layouts.decks": (1, 4), "layouts.canastas": (0, 15),
    "options.players": (2, 12),
}


def _number_text(value: int) -> str:
    """A number for a message: a huge one by its size (printing it could cost more than reading it)."""
    if abs(value) < 10 ** 15:
        return str(value)
    return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"


def _check_bound(where: str, name: str, value: Any) -> None:
    """``value`` (a whole number of key ``name``) within what a real table can hold."""
    if isinstance(value, bool) or not isinstance(value, int) or name not in BOUNDS:
        return
    low, high = BOUNDS[name]
    if not low <= value <= high:
        raise VariantError(f"{where} must be from {low} to {high}, not {_number_text(value)}")


def _shown(value: Any) -> str:
    """A value of a variant file in a message: short, escaped."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _number_text(value)
    return excerpt(repr(value), quote=False)


_RULE_KEYS = {"text": _STR, "section": _STR, "ruling": _BOOL, "source": _STR}
_OPTION_KEYS = {"default", "choices", "rule", "text", "sets", "list", "on"}
_LAYOUT_KEYS = {"players": (int, list), "partnerships": _INT, "hand": _INT, "decks": _INT,
                "canastas": _INT}


#: How a source says that the tutor's own ruling decided what a text leaves open.
RULING_WORDS = "as settled by the tutor's ruling"


@dataclass(frozen=True)
class Rule:
    """One rule of a variant: its ID, a sentence for a learner, and its provenance.

    ``source`` is the title of the rules the sentence comes from ("Classic
    Canasta"), ``section`` the part of them it rests on, ``ruling`` whether the
    tutor had to settle what they leave open, and ``inherited_by`` the title of
    the variant that takes the rule over unchanged (``inherited_from`` is the id
    of the variant that states it).
    """

    id: str
    text: str
    source: str
    section: str = ""
    ruling: bool = False
    inherited_from: str | None = None
    inherited_by: str = ""

    @property
    def provenance(self) -> str:
        """Where the rule comes from, for a person: "Classic Canasta, 'Going out'"."""
        where = f"{self.source}, '{self.section}'" if self.section else self.source
        if self.ruling:
            where = f"{where}, {RULING_WORDS}"
        if self.inherited_by:
            where = f"{self.inherited_by}, inherited from {where}"
        return where

    def __str__(self) -> str:
        return f"{self.id}: {self.text}"


@dataclass(frozen=True)
class Layout:
    """One row of a variant's table of player counts."""

    players: int
    partnerships: int
    hand: int
    decks: int
    canastas: int

    @property
    def sides(self) -> int:
        return self.partnerships or self.players


def _check_type(where: str, value: Any, kind: Any) -> None:
    if callable(kind) and not isinstance(kind, type):
        kind(where, value)
        return
    kinds = kind if isinstance(kind, tuple) else (kind,)
    # bool is an int in Python; a number where a switch is expected is still wrong
    if isinstance(value, bool) and bool not in kinds:
        ok = False
    else:
        ok = isinstance(value, kinds)
    if not ok:
        names = " or ".join(k.__name__ for k in kinds)
        raise VariantError(f"{where} must be {names}, not {_shown(value)}")
    if kinds == _INT_OR_NONE and isinstance(value, str) and value != "none":
        raise VariantError(f"{where} must be a whole number or \"none\", not {_shown(value)}")


def _validate(data: dict, origin: str) -> None:
    """Name the first key of a variant file that the tutor does not know or cannot use."""
    for key, value in data.items():
        if key not in _TOP_KEYS and key not in SCHEMA:
            raise VariantError(f"{origin}: unknown key {excerpt(key)}")
        if key in _TOP_KEYS:
            _check_type(f"{origin}: {key}", value, _TOP_KEYS[key])
        else:
            _validate_section(origin, key, value)
    for rid, rule in data.get("rules", {}).items():
        if not isinstance(rule, dict) or "text" not in rule:
            raise VariantError(f"{origin}: {excerpt(f'rules.{rid}', quote=False)} needs a text")
        for sub, subvalue in rule.items():
            if sub not in _RULE_KEYS:
                raise VariantError(f"{origin}: unknown key {excerpt(f'rules.{rid}.{sub}', quote=False)}")
            _check_type(f"{origin}: rules.{rid}.{sub}", subvalue, _RULE_KEYS[sub])
    for name, spec in data.get("options", {}).items():
        _validate_option(origin, name, spec)
    for i, row in enumerate(data.get("layouts", []), start=1):
        if not isinstance(row, dict):
            raise VariantError(f"{origin}: layouts[{i}] must be a table (players, hand, canastas)")
        for sub, subvalue in row.items():
            if sub not in _LAYOUT_KEYS:
                raise VariantError(f"{origin}: unknown key {excerpt(f'layouts[{i}].{sub}', quote=False)}")
            _check_type(f"{origin}: layouts[{i}].{sub}", subvalue, _LAYOUT_KEYS[sub])
            for number in (subvalue if isinstance(subvalue, list) else [subvalue]):
                _check_bound(f"{origin}: layouts[{i}].{sub}", f"layouts.{sub}", number)
        for sub in ("players", "hand", "canastas"):
            if sub not in row:
                raise VariantError(f"{origin}: layouts[{i}] needs {sub}")
        players = row["players"] if isinstance(row["players"], list) else [row["players"]]
        if not players or any(isinstance(p, bool) or not isinstance(p, int) or p < 1 for p in players):
            raise VariantError(f"{origin}: layouts[{i}].players must be a player count or a list of them")
    for number, option in data.get("deluxe", {}).items():
        if not isinstance(option, dict):
            raise VariantError(f"{origin}: deluxe.{number} must be a table")
        for section, table in option.get("on", {}).items():
            _validate_section(f"{origin}: deluxe.{number}.on", section, table)


def _validate_section(origin: str, key: str, value: Any) -> None:
    if key not in SCHEMA:
        raise VariantError(f"{origin}: unknown key {excerpt(key)}")
    if not isinstance(value, dict):
        raise VariantError(f"{origin}: [{key}] must be a table")
    if SCHEMA[key] is None:
        return
    for sub, subvalue in value.items():
        if sub not in SCHEMA[key]:
            raise VariantError(f"{origin}: unknown key {excerpt(f'{key}.{sub}', quote=False)}")
        _check_type(f"{origin}: {key}.{sub}", subvalue, SCHEMA[key][sub])
        _check_bound(f"{origin}: {key}.{sub}", f"{key}.{sub}", subvalue)


def _validate_option(origin: str, name: str, spec: Any) -> None:
    if not isinstance(spec, dict):
        raise VariantError(f"{origin}: options.{name} must be a table")
    for sub in spec:
        if sub not in _OPTION_KEYS:
            raise VariantError(f"{origin}: unknown key {excerpt(f'options.{name}.{sub}', quote=False)}")
    if "choices" in spec and not isinstance(spec["choices"], list):
        raise VariantError(f"{origin}: options.{name}.choices must be a list")
    if "sets" in spec:
        target = spec["sets"]
        section, _, key = target.partition(".") if isinstance(target, str) else ("", "", "")
        if section not in SCHEMA or not SCHEMA[section] or key not in SCHEMA[section]:
            raise VariantError(f"{origin}: options.{name}.sets must name a section.key, not {_shown(target)}")
    # an option's values stand in for the key it sets (or the player count): the same bounds hold
    bound = spec["sets"] if isinstance(spec.get("sets"), str) else f"options.{name}"
    values = list(spec.get("choices") or []) + [spec.get("default")]
    for value in values:
        for number in (value if isinstance(value, list) else [value]):
            _check_bound(f"{origin}: options.{name}", bound, number)
    for section, table in (spec.get("on") or {}).items():
        _validate_section(f"{origin}: options.{name}.on", section, table)


def _merge(base: dict, over: Mapping) -> dict:
    """Deep-merge ``over`` into a copy of ``base``: tables merge, everything else replaces."""
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _read_toml(path: Path) -> dict:
    """A variant file, read within its size cap and checked for nesting before it is parsed."""
    try:
        text = read_text(path, MAX_VARIANT_FILE_BYTES, "variant file", allow_stdin=False)
        return toml_loads(text, f"variant file {excerpt(str(path), 80)}")
    except VariantError:
        raise
    except TutorError as e:
        raise VariantError(str(e)) from None


class Variant:
    """A variant as loaded: merged data, its rules with provenance, its options."""

    def __init__(self, data: dict, rules: dict[str, Rule], parent: "Variant | None", origin: str):
        self.data = data
        self.rules = rules
        self.parent = parent
        self.origin = origin

    id = property(lambda self: self.data["id"])
    name = property(lambda self: self.data.get("name", self.data["id"]))
    # the title of the rules this variant is written from; a file that names none is its own
    source = property(lambda self: self.data.get("source", self.name))

    @property
    def options(self) -> dict[str, dict]:
        return self.data.get("options", {})

    @property
    def base(self) -> str:
        """The built-in variant this one is (or extends)."""
        v = self
        while v.parent is not None:
            v = v.parent
        return v.id

    def with_options(self, options: Mapping[str, Any] | None = None) -> "Rules":
        return Rules(self, dict(options or {}))

    def __repr__(self) -> str:
        name = self.id if self.origin == f"{self.id}.toml" else self.origin
        return f"load_variant({name!r})"

    def _repr_html_(self) -> str:
        """Jupyter and marimo draw the variant's rules, each with its ID and source."""
        from .render import variant_html

        return variant_html(self)


def _build(data: dict, origin: str, parent: Variant | None) -> Variant:
    _validate(data, origin)
    if "id" not in data:
        raise VariantError(f"{origin}: missing key 'id'")
    own_rules = data.get("rules", {})
    merged = _merge(parent.data, {k: v for k, v in data.items() if k not in ("rules", "layouts")}) if parent else dict(data)
    if "layouts" in data:
        merged["layouts"] = data["layouts"]
    if parent:
        merged.pop("extends", None)
        merged["extends"] = parent.id
    title = data.get("name", data.get("id", origin))
    source = data.get("source", title)
    rules: dict[str, Rule] = {}
    if parent:
        for rid, r in parent.rules.items():
            rules[rid] = Rule(rid, r.text, r.source, r.section, r.ruling, r.inherited_from or parent.id, title)
    for rid, r in own_rules.items():
        rules[rid] = Rule(rid, r["text"], r.get("source", source), r.get("section", ""), r.get("ruling", False))
    merged["rules"] = {}
    variant = Variant(merged, rules, parent, origin)
    _check_references(variant)
    return variant


def _check_references(variant: Variant) -> None:
    """Every rule a mechanism cites must exist; every variant needs a table of layouts."""
    if not variant.data.get("layouts"):
        raise VariantError(f"{variant.origin}: no [[layouts]] rows (players, hand, canastas)")
    for section in SCHEMA:
        table = variant.data.get(section) or {}
        for key, value in table.items():
            if (key == "rule" or key.endswith("_rule")) and isinstance(value, str) and value not in variant.rules:
                raise VariantError(f"{variant.origin}: {section}.{key} names unknown rule {excerpt(value)}")
        for value in (table.get("top_never_rules") or {}).values():
            if value not in variant.rules:
                raise VariantError(f"{variant.origin}: {section}.top_never_rules names unknown rule {excerpt(value)}")


@lru_cache(maxsize=None)
def _load_builtin(name: str) -> Variant:
    data = _read_toml(VARIANTS_DIR / f"{name}.toml")
    parent = _load_builtin(data["extends"]) if "extends" in data else None
    return _build(data, f"{name}.toml", parent)


def load_variant(name: str | Path, _seen: tuple = ()) -> Variant:
    """A built-in variant by name, or a table's house-rules TOML file by path."""
    if isinstance(name, Variant):
        return name
    text = str(name)
    if text in BUILTIN:
        return _load_builtin(text)
    if not text.endswith(".toml") and "/" not in text and "\\" not in text:
        raise VariantError(f"unknown variant {excerpt(text)}: use one of {', '.join(BUILTIN)} or the path of a .toml house-rules file")
    if "\x00" in text:
        raise VariantError(f"the variant path {excerpt(text)} holds a NUL character")
    if len(_seen) >= MAX_EXTENDS:
        raise VariantError(f"{excerpt(text, 80)}: house-rules files extend one another more than "
                           f"{MAX_EXTENDS} deep; at most {MAX_EXTENDS} are read")
    path = Path(text)
    if path.resolve() in _seen:
        raise VariantError(f"{path}: extends itself in a loop")
    data = _read_toml(path)
    if "extends" not in data:
        raise VariantError(f"{path}: a house-rules file must say which variant it extends (extends = \"classic\")")
    parent_name = data["extends"]
    if not isinstance(parent_name, str):
        raise VariantError(f"{path}: extends must be a variant name or a path")
    if parent_name not in BUILTIN:
        parent_path = (path.parent / parent_name)
        parent = load_variant(str(parent_path), _seen + (path.resolve(),))
    else:
        parent = _load_builtin(parent_name)
    data.setdefault("id", path.stem)
    return _build(data, str(path), parent)


class Rules:
    """A variant with its options chosen: what every judge asks."""

    def __init__(self, variant: Variant, options: dict[str, Any]):
        self.variant = variant
        self.options = self._normalise(options)
        self.data = self._apply(variant.data, self.options)
        self.layout = self._layout()

    # -- options -----------------------------------------------------------
    def _normalise(self, given: dict[str, Any]) -> dict[str, Any]:
        specs = self.variant.options
        out: dict[str, Any] = {}
        for name, value in given.items():
            if name not in specs:
                known = ", ".join(sorted(specs)) or "none"
                raise VariantError(f"unknown option {excerpt(name)} for {self.variant.id} (its options: {known})")
        for name, spec in specs.items():
            value = given.get(name, spec.get("default"))
            choices = spec.get("choices")
            if spec.get("list"):
                if not isinstance(value, list):
                    raise VariantError(f"option {name!r} must be a list, e.g. [1, 3], not {_shown(value)}")
                for item in value:
                    if isinstance(item, bool) or item not in choices:
                        raise VariantError(f"option {name!r}: {_shown(item)} is not one of {choices}")
                value = sorted(set(value))
            elif choices is not None and not any(value == c and type(value) is type(c) for c in choices):
                raise VariantError(f"option {name!r} must be one of {choices}, not {_shown(value)}")
            out[name] = value
        return out

    def _apply(self, data: dict, options: dict[str, Any]) -> dict:
        out = data
        for name, spec in self.variant.options.items():
            value = options[name]
            if "sets" in spec:
                section, key = spec["sets"].split(".")
                out = _merge(out, {section: {key: value}})
            if spec.get("on") and value is True:
                out = _merge(out, spec["on"])
        for number in options.get("deluxe", []):
            out = _merge(out, data.get("deluxe", {}).get(str(number), {}).get("on", {}))
        return out

    def _layout(self) -> Layout:
        players = self.options.get("players")
        part = self.options.get("partnerships", "auto")
        if part is False:
            part = 0
        elif part is True:
            part = players // 2 if players else 0
        rows = []
        for row in self.data["layouts"]:
            counts = row["players"] if isinstance(row["players"], list) else [row["players"]]
            if players in counts:
                rows.append(row)
        if part != "auto":
            rows = [r for r in rows if r.get("partnerships", 0) == part]
        if not rows:
            rule = self.variant.options.get("partnerships", {}).get("rule", "")
            raise VariantError(
                f"{self.variant.id} has no table for {players} players with "
                f"{'no' if not part else part} partnerships ({rule})")
        row = rows[0]
        fewer = self.data.get("go_out", {}).get("canastas_fewer", 0)
        return Layout(players, row.get("partnerships", 0), row["hand"],
                      row.get("decks", self.data["pack"]["decks"]), max(0, row["canastas"] - fewer))

    # -- questions the mechanisms ask ---------------------------------------
    @property
    def id(self) -> str:
        return self.variant.id

    @property
    def base(self) -> str:
        return self.variant.base

    def __getitem__(self, section: str) -> dict:
        return self.data.get(section, {})

    def rule(self, rid: str) -> Rule:
        return self.variant.rules[rid]

    def setting(self, section: str, key: str) -> Any:
        """``section.key`` of the rules, or its default (``DEFAULTS``) when the variant leaves it out."""
        table = self[section]
        return table[key] if key in table else DEFAULTS[f"{section}.{key}"]

    def source_of(self, rid: str) -> str:
        """Where rule ``rid`` comes from, for a person (a finer ID such as ``Y-CHEATS.A``
        cites the rule it refines; an ID the variant does not state is the tutor's ruling)."""
        rule = self.variant.rules.get(rid.split(".")[0])
        return rule.provenance if rule else f"{self.variant.name}, {RULING_WORDS}"

    def cite(self, section: str, key: str = "rule") -> str:
        """The rule ID a mechanism cites for ``section`` (``key`` for a finer one)."""
        table = self[section]
        return table.get(key) or table["rule"]

    @cached_property
    def _roles(self) -> dict[str, str]:
        roles = {}
        for role in ("stopper", "blocker", "bonus", "wild"):
            for pattern in self["cards"].get(role, []):
                roles[pattern] = role
        return roles

    def role(self, card: Card) -> str:
        """``wild``, ``bonus``, ``blocker`` (a black 3), ``stopper`` or ``natural``."""
        roles = self._roles
        return roles.get(str(card)) or roles.get(card.rank) or "natural"

    def is_wild(self, card: Card) -> bool:
        return self.role(card) == "wild"

    def is_natural(self, card: Card) -> bool:
        return self.role(card) == "natural"

    @cached_property
    def wild_ranks(self) -> frozenset[str]:
        return frozenset(self["cards"]["wild"])

    def value(self, card: Card) -> int:
        values = self["cards"]["values"]
        if str(card) in values:
            return values[str(card)]
        return values[card.rank]

    @cached_property
    def natural_ranks(self) -> tuple[str, ...]:
        return tuple(self["meld"]["natural_ranks"].split())

    def max_wilds(self) -> int | None:
        m = self["meld"]["max_wilds"]
        return None if m == "none" else m

    def initial_need(self, score: int) -> int:
        """The first-meld minimum for a side with this cumulative score (0 if none)."""
        if not self["initial"].get("required"):
            return 0
        need = 0
        for band in self["initial"]["bands"]:
            if score >= band.get("from", score):
                need = band["need"]
        return need

    @property
    def canastas_to_go_out(self) -> int:
        return self.layout.canastas

    @cached_property
    def pack(self) -> Counter:
        """How many copies of each card the pack holds."""
        return Counter(full_deck(self.layout.decks, self["pack"]["jokers_per_deck"]))

    def copies(self, card: Card) -> int:
        return self.pack[card]

    def rules_list(self) -> list[Rule]:
        return list(self.variant.rules.values())

    def _key(self) -> tuple:
        return (self.variant.origin, tuple(sorted((k, repr(v)) for k, v in self.options.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.variant.options[k].get("default")}
        return f"load_variant({self.variant.id!r}).with_options({changed!r})"


def rules_for(variant: str | Variant, options: Mapping[str, Any] | None = None) -> Rules:
    """Shorthand: ``rules_for("classic", {"players": 2})``."""
    return load_variant(variant).with_options(options)


@dataclass(frozen=True)
class Difference:
    """One mechanism on which two variants differ, with the rule each cites for it."""

    section: str
    changes: tuple[tuple[str, Any, Any], ...]  # (key, value in a, value in b)
    rule_a: Rule | None
    rule_b: Rule | None


def _flat(table: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(table, dict):
        return {prefix: table}
    out: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else key
        out.update(_flat(value, name) if isinstance(value, dict) else {name: value})
    return out


def diff(a: Variant, b: Variant) -> list[Difference]:
    """What plays differently under ``b`` than under ``a``, mechanism by mechanism."""
    out = []
    sections = [s for s in SCHEMA if s != "cheats"] + ["layouts", "options", "cheats"]
    for section in sections:
        fa, fb = _flat(a.data.get(section, {})), _flat(b.data.get(section, {}))
        if section == "layouts":
            fa, fb = {"table": a.data.get(section)}, {"table": b.data.get(section)}
        if section == "options":
            fa = {k: v for k, v in fa.items() if not k.endswith(".text")}
            fb = {k: v for k, v in fb.items() if not k.endswith(".text")}
        changes = tuple((k, fa.get(k), fb.get(k)) for k in sorted(set(fa) | set(fb))
                        if fa.get(k) != fb.get(k) and not k.endswith("rule"))
        rid_a = (a.data.get(section) or {}).get("rule") if isinstance(a.data.get(section), dict) else None
        rid_b = (b.data.get(section) or {}).get("rule") if isinstance(b.data.get(section), dict) else None
        if section == "layouts":
            rid_a, rid_b = _layout_rule(a), _layout_rule(b)
        if changes or rid_a != rid_b and (a.rules.get(rid_a or "") or b.rules.get(rid_b or "")):
            out.append(Difference(section, changes, a.rules.get(rid_a or ""), b.rules.get(rid_b or "")))
    return out


def _layout_rule(v: Variant) -> str | None:
    return (v.data.get("options", {}).get("players") or {}).get("rule")
