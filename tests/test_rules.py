"""Variants as data: every rule ID present, validation, inheritance, options, house files."""

import re
from pathlib import Path

import pytest

from tutor.cards import Card
from tutor.errors import VariantError
from tutor.rules import BUILTIN, RULING_WORDS, diff, load_variant, rules_for

# The stable rule IDs each variant states itself: explanations, lessons and puzzles cite
# them, so one going missing (or a new one appearing unannounced) must be noticed here.
OWN_RULE_IDS = {
    "classic": ["C-DECK", "C-VALUES", "C-MELD", "C-WILDCANASTA", "C-CANASTA", "C-INITIAL", "C-CONCEALED",
                "C-FROZEN", "C-PICKUP", "C-BLACK3", "C-RED3", "C-GOOUT", "C-END"],
    "house": ["H-DECK", "H-DRAW", "H-MELD", "H-BLACK3", "H-RED3", "H-CANASTA"],
    "canasty": ["Y-DECK", "Y-WILD", "Y-VALUES", "Y-BONUSDRAW", "Y-SET", "Y-SEVEN", "Y-DOWN", "Y-PICKUP",
                "Y-GOOUT", "Y-END", "Y-CHEATS"],
    "albany": ["A-DECK", "A-DEAL", "A-STOPPER", "A-SET", "A-NOMIN", "A-DRAW", "A-COMBINE", "A-GOOUT",
               "A-SCORE", "A-GAME", "A-DELUXE"],
}
TITLES = {"classic": "Classic Canasta", "house": "House Canasta", "canasty": "Canasty", "albany": "Albany Canasta"}


@pytest.mark.parametrize("name", BUILTIN)
def test_each_variant_states_exactly_its_rule_ids(name):
    v = load_variant(name)
    assert [rid for rid, r in v.rules.items() if not r.inherited_from] == OWN_RULE_IDS[name]


def test_house_inherits_every_classic_rule_id():
    assert set(OWN_RULE_IDS["classic"]) <= set(load_variant("house").rules)


@pytest.mark.parametrize("name", BUILTIN)
def test_every_rule_has_a_sentence_and_a_provenance(name):
    v = load_variant(name)
    for rule in v.rules.values():
        assert len(rule.text) > 20 and rule.text.endswith(".")
        assert rule.section and rule.source in TITLES.values()


@pytest.mark.parametrize("name", BUILTIN)
def test_a_rules_source_names_the_variants_title_and_section_never_a_file(name):
    v = load_variant(name)
    for rule in v.rules.values():
        where = rule.provenance
        assert where.startswith(TITLES[name]) and f"'{rule.section}'" in where
        assert not re.search(r"\.(txt|md|toml)\b", where), where
        assert where.endswith(RULING_WORDS) == rule.ruling


def test_a_seed_text_rule_cites_title_and_section_C_GOOUT():
    assert load_variant("classic").rules["C-GOOUT"].provenance == "Classic Canasta, 'Goal of the game'"


def test_a_ruling_says_the_tutor_settled_it_C_FROZEN():
    assert load_variant("classic").rules["C-FROZEN"].provenance == (
        "Classic Canasta, 'The discard pile', as settled by the tutor's ruling")


def test_an_inherited_rule_says_from_which_variant_C_GOOUT():
    assert load_variant("house").rules["C-GOOUT"].provenance == (
        "House Canasta, inherited from Classic Canasta, 'Goal of the game'")


def test_a_finer_rule_id_cites_the_rule_it_refines_Y_CHEATS():
    rules = rules_for("canasty")
    assert rules.source_of("Y-CHEATS.B") == rules.rule("Y-CHEATS").provenance


def test_an_id_the_variant_does_not_state_is_cited_as_a_ruling():
    assert rules_for("albany").source_of("X-NOWHERE") == f"Albany Canasta, {RULING_WORDS}"


@pytest.mark.parametrize("name", BUILTIN)
def test_every_option_has_a_default_and_an_explanation(name):
    for option, spec in load_variant(name).options.items():
        assert "default" in spec and len(spec["text"]) > 20, option


def test_house_extends_classic_and_holds_only_its_differences():
    house = load_variant("house")
    assert house.parent.id == "classic"
    assert house.rules["C-FROZEN"].inherited_from == "classic"
    assert "inherited from Classic Canasta" in house.rules["C-FROZEN"].provenance
    raw = (Path(__file__).resolve().parents[1] / "tutor" / "variants" / "house.toml").read_text()
    assert "[initial]" not in raw  # inherited, not copied


def test_wild_and_bonus_roles_depend_on_the_variant_Y_WILD():
    king, joker = Card("K", "S"), Card("JK")
    assert rules_for("classic").role(king) == "natural"
    assert rules_for("canasty").role(king) == "wild"
    assert rules_for("classic").role(joker) == "wild"
    assert rules_for("canasty").role(joker) == "bonus"
    assert rules_for("albany").role(Card("3", "H")) == "stopper"
    assert rules_for("classic").role(Card("3", "H")) == "bonus"
    assert rules_for("classic").role(Card("3", "C")) == "blocker"


@pytest.mark.parametrize("score, need", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)])
def test_classic_initial_meld_bands_C_INITIAL(score, need):
    assert rules_for("classic").initial_need(score) == need


@pytest.mark.parametrize("score, extended, need", [
    (-40, False, 25), (495, False, 25), (500, False, 50), (2000, False, 125), (2600, False, 125),
    (2600, True, 150), (4999, True, 250), (7000, True, 250)])
def test_canasty_down_table_Y_DOWN(score, extended, need):
    assert rules_for("canasty", {"extended": extended}).initial_need(score) == need


def test_albany_has_no_first_meld_minimum_A_NOMIN():
    assert rules_for("albany").initial_need(5000) == 0


@pytest.mark.parametrize("players, partnerships, hand, canastas", [
    (2, 0, 15, 4), (3, 0, 13, 3), (4, 0, 11, 2), (5, 0, 9, 2), (4, 2, 11, 5), (6, 2, 7, 5), (6, 3, 7, 3)])
def test_albany_deal_table_A_DEAL(players, partnerships, hand, canastas):
    layout = rules_for("albany", {"players": players, "partnerships": partnerships}).layout
    assert (layout.hand, layout.canastas) == (hand, canastas)


def test_albany_partnerships_true_means_pairs_A_DEAL():
    assert rules_for("albany", {"players": 6, "partnerships": True}).layout.canastas == 3


def test_albany_six_each_for_himself_is_rejected_A_DEAL():
    with pytest.raises(VariantError, match="no table for 6 players"):
        rules_for("albany", {"players": 6})


def test_albany_dead_card_option_needs_one_canasta_fewer_A_DELUXE():
    assert rules_for("albany", {"deluxe": [5]}).canastas_to_go_out == 1


def test_albany_option_1_makes_fours_stoppers_A_DELUXE():
    r = rules_for("albany", {"deluxe": [1]})
    assert r.role(Card("4", "S")) == "stopper" and "4" not in r.natural_ranks


@pytest.mark.parametrize("players, canastas", [(2, 2), (4, 1)])
def test_classic_canastas_to_go_out_C_GOOUT(players, canastas):
    assert rules_for("classic", {"players": players}).canastas_to_go_out == canastas


def test_house_draw_option_sets_the_stock_draw_H_DRAW():
    assert rules_for("house", {"draw": 2})["draw"]["stock_cards"] == 2
    assert rules_for("house")["draw"]["stock_cards"] == 1


def test_canasty_pack_grows_with_players_Y_DECK():
    assert rules_for("canasty", {"players": 7}).copies(Card("A", "S")) == 3
    assert rules_for("canasty", {"players": 10}).copies(Card("JK")) == 8


@pytest.mark.parametrize("options, message", [
    ({"players": 3}, "option 'players' must be one of"),
    ({"colour": 1}, "unknown option 'colour'"),
    ({"draw": True}, "unknown option 'draw'"),
])
def test_bad_options_are_named(options, message):
    with pytest.raises(VariantError, match=message):
        rules_for("classic", options)


def test_house_draw_must_be_one_or_two():
    with pytest.raises(VariantError, match="option 'draw' must be one of"):
        rules_for("house", {"draw": 3})


def test_deluxe_must_be_a_list_of_numbers():
    with pytest.raises(VariantError, match="option 'deluxe'"):
        rules_for("albany", {"deluxe": [10]})
    with pytest.raises(VariantError, match="must be a list"):
        rules_for("albany", {"deluxe": 3})


def _house_file(tmp_path, text):
    path = tmp_path / "ours.toml"
    path.write_text(text)
    return str(path)


def test_a_tables_house_rules_file_extends_a_variant(tmp_path):
    path = _house_file(tmp_path, '''
extends = "classic"
name = "Our table"
[meld]
rule = "T-FOURWILDS"
max_wilds = 4
[rules.T-FOURWILDS]
text = "At our table a meld may hold four wild cards."
section = "agreed at the table"
''')
    r = rules_for(path)
    assert r.max_wilds() == 4 and r.cite("meld") == "T-FOURWILDS"
    assert r.variant.rules["T-FOURWILDS"].provenance == "Our table, 'agreed at the table'"
    assert r.variant.rules["C-FROZEN"].provenance.startswith("Our table, inherited from Classic Canasta, ")
    assert r.variant.rules["C-FROZEN"].inherited_from == "classic"
    sections = {d.section for d in diff(load_variant("classic"), r.variant)}
    assert "meld" in sections


@pytest.mark.parametrize("text, message", [
    ('extends = "classic"\n[meld]\nmax_wild = 4\n', "unknown key meld.max_wild"),
    ('extends = "classic"\n[meld]\nmax_wilds = "four"\n', "meld.max_wilds must be"),
    ('extends = "classic"\ncolour = 1\n', "unknown key 'colour'"),
    ('extends = "classic"\n[meld]\nrule = "X-NOPE"\n', "unknown rule 'X-NOPE'"),
    ('[meld]\nmax_wilds = 4\n', "must say which variant it extends"),
    ('extends = "classic"\n[meld\n', "not valid TOML"),
    ('extends = "classic"\n[rules.T-1]\nsection = "x"\n', "needs a text"),
    ('extends = "classic"\n[go_out]\nfinal_discard = "never"\n', "go_out.final_discard must be one of"),
])
def test_bad_house_files_name_the_bad_key(tmp_path, text, message):
    with pytest.raises(VariantError, match=re.escape(message)):
        load_variant(_house_file(tmp_path, text))


def test_missing_house_file_is_a_clear_error(tmp_path):
    with pytest.raises(VariantError, match="no such variant file"):
        load_variant(str(tmp_path / "missing.toml"))


def test_unknown_variant_name_lists_the_known_ones():
    with pytest.raises(VariantError, match="classic, house, canasty, albany"):
        load_variant("gin")


def test_rules_with_equal_options_are_equal():
    assert rules_for("house", {"draw": 1}) == rules_for("house")
    assert rules_for("house", {"draw": 2}) != rules_for("house")
