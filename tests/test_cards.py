"""Card notation (docs/spot-format.md, "Card notation")."""

import pytest
from hypothesis import given, strategies as st

from tutor.cards import JOKER, RANKS, SUITS, Card, format_cards, format_melds, parse_card, parse_cards, parse_melds
from tutor.errors import NotationError, TutorError

cards = st.one_of(st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS)), st.just(Card(JOKER)))


@given(st.lists(cards, max_size=30))
def test_card_list_round_trips_through_its_text(hand):
    assert parse_cards(format_cards(hand)) == tuple(hand)


@given(st.lists(st.lists(cards, min_size=1, max_size=8), min_size=1, max_size=5))
def test_melds_round_trip_through_their_text(melds):
    assert parse_melds(format_melds(melds)) == tuple(tuple(m) for m in melds)


@given(cards)
def test_repr_rebuilds_the_card(card):
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("text, canonical", [
    ("10h", "TH"), ("T♥", "TH"), ("*", "JK"), ("jk", "JK"), ("a♠", "AS"), ("2c", "2C"), ("Qd", "QD"),
])
def test_accepted_spellings_print_canonically(text, canonical):
    assert str(parse_card(text)) == canonical


def test_spaces_and_commas_both_separate_cards():
    assert format_cards(parse_cards(" KS,KH ,, 2C  JK ")) == "KS KH 2C JK"


@pytest.mark.parametrize("text, token, position", [
    ("KS KX", "KX", 2), ("1H", "1H", 1), ("KS KH 11C", "11C", 3), ("JKS", "JKS", 1), ("♥K", "♥K", 1),
])
def test_bad_notation_names_token_and_position(text, token, position):
    with pytest.raises(NotationError) as e:
        parse_cards(text)
    assert repr(token) in str(e.value) and f"position {position}" in str(e.value)


def test_bad_meld_notation_counts_positions_across_melds():
    with pytest.raises(NotationError, match="position 4"):
        parse_melds("KS KH KD | ZZ")


def test_empty_meld_between_bars_is_an_error():
    with pytest.raises(NotationError, match="empty meld"):
        parse_melds("KS KH KD || 7S 7H 7C")


def test_notation_errors_belong_to_the_error_family():
    assert issubclass(NotationError, TutorError) and issubclass(NotationError, ValueError)


def test_a_card_is_immutable():
    with pytest.raises(Exception):
        Card("K", "S").rank = "Q"
