"""The contract's spot JSON: reading, writing, and every rejection it lists."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from tutor.errors import NotationError, SpotError, TutorError, VariantError
from tutor.spot import Spot

EXAMPLE = {
    "variant": "classic", "options": {"players": 4}, "score": 1600,
    "hand": "KS KH 7D 7C 2C JK", "melds": ["QS QH QD 2H", "7S 7H 7C"],
    "discard": "5H 9C 3C 7S", "red_threes": "3H", "stock": 40, "phase": "drawn",
}


def test_the_contract_example_reads():
    spot = Spot.from_dict(EXAMPLE)
    assert spot.down and str(spot.top) == "7S" and spot.initial_need == 0


def test_spot_round_trips_through_json():
    spot = Spot.from_dict(EXAMPLE)
    assert Spot.from_json(spot.to_json()) == spot


def test_repr_rebuilds_the_spot():
    spot = Spot.from_dict(EXAMPLE)
    assert eval(repr(spot), {"Spot": Spot}) == spot


def test_defaults_fill_missing_keys():
    spot = Spot.from_dict({"variant": "house", "hand": "KS"})
    assert (spot.score, spot.stock, spot.phase, spot.melds, spot.discard) == (0, 40, "drawn", (), ())


@pytest.mark.parametrize("change, error, message", [
    ({"colour": "red"}, SpotError, "unknown key 'colour'"),
    ({"variant": "gin"}, VariantError, "unknown variant 'gin'"),
    ({"score": "12"}, SpotError, "'score' must be a whole number"),
    ({"score": True}, SpotError, "'score' must be a whole number"),
    ({"melds": "KS KH KD"}, SpotError, "'melds' must be a list"),
    ({"melds": [3]}, SpotError, "meld 1 must be a string"),
    ({"phase": "draw"}, SpotError, "'phase' must be"),
    ({"stock": -1}, SpotError, "cannot be negative"),
    ({"hand": "KS KH KS KH KS"}, SpotError, "3 copies of KS"),
    ({"melds": ["QS QH QD 2H", "7S 7H 2D 2S JK"]}, SpotError, "meld 2 on the table (7S 7H 2D 2S JK) is illegal"),
    ({"melds": ["QS QH QD", "QC QS QH"]}, SpotError, "both Qs"),
    ({"hand": "KS K"}, NotationError, "hand: bad card 'K' at position 2"),
    ({"red_threes": "3S"}, SpotError, "not a bonus card"),
    ({"hand": "3D KS"}, SpotError, "put it in red_threes"),
    ({"options": {"players": 3}}, VariantError, "option 'players'"),
    ({"first_round": True}, SpotError, "'first_round' means nothing in classic"),
])
def test_impossible_spots_are_rejected_with_a_clear_message(change, error, message):
    with pytest.raises(error) as e:
        Spot.from_dict({**EXAMPLE, **change})
    assert message in str(e.value)


def test_red_threes_mean_nothing_in_albany():
    with pytest.raises(SpotError, match="'red_threes' means nothing in albany"):
        Spot.from_dict({"variant": "albany", "hand": "KS", "red_threes": ""})


def test_copies_count_across_hand_melds_pile_and_bonus_cards():
    with pytest.raises(SpotError, match="3 copies of 3H"):
        Spot.from_dict({**EXAMPLE, "discard": "3H 9C", "red_threes": "3H 3H"})


def test_albany_pack_holds_three_copies():
    Spot.from_dict({"variant": "albany", "hand": "KS KS KS"})
    with pytest.raises(SpotError, match="4 copies of KS"):
        Spot.from_dict({"variant": "albany", "hand": "KS KS KS KS"})


@pytest.mark.parametrize("text, message", [
    ("{", "not valid JSON"), ("[1]", "JSON object"), ('{"variant": "classic"}', "missing the required key 'hand'"),
])
def test_malformed_json_is_rejected(text, message):
    with pytest.raises(SpotError, match=message):
        Spot.from_json(text)


def test_a_missing_spot_file_is_a_clear_error(tmp_path):
    with pytest.raises(SpotError, match="no such spot file"):
        Spot.from_file(tmp_path / "nope.json")


def test_an_oversized_spot_file_is_refused(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(" " * (2 * 1024 * 1024))
    with pytest.raises(SpotError, match="at most"):
        Spot.from_file(big)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["variant", "hand", "melds", "score", "phase", "discard", "stock", "x"]),
                       st.one_of(st.text(max_size=12), st.integers(), st.booleans(), st.none(),
                                 st.lists(st.text(max_size=8), max_size=3))))
def test_any_json_object_is_read_or_rejected_by_the_error_family(data):
    try:
        Spot.from_dict(data)
    except TutorError:
        pass


def test_spot_draws_itself_in_a_notebook():
    html = Spot.from_dict(EXAMPLE)._repr_html_()
    assert "<svg" in html and "classic" in html
