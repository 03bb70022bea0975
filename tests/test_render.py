"""Cards, melds and spots drawn as SVG, HTML and terminal text (tutor.render)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tutor.cards import Card, parse_cards
from tutor.errors import NotationError
from tutor.render import (
    ANSI_RED,
    ANSI_RESET,
    BLACK,
    RED,
    SELECTED_BLUE,
    WILD_GOLD,
    card_name,
    card_svg,
    cards_html,
    cards_text,
    melds_html,
    melds_text,
    pile_html,
    spot_html,
    wild_ranks,
)

SVG_NS = "{http://www.w3.org/2000/svg}"


def svg_texts(svg: str) -> list[tuple[str, str | None]]:
    """The (text, fill) of every <text> element; also proves the SVG is well-formed."""
    root = ET.fromstring(svg)
    return [(t.text or "", t.get("fill")) for t in root.iter(f"{SVG_NS}text")]


# --- one card --------------------------------------------------------------


@pytest.mark.parametrize(
    "token, rank, suit, ranks_shown",
    [
        ("TH", "10", "♥", 2), ("7D", "7", "♦", 2), ("2C", "2", "♣", 2), ("AH", "A", "♥", 2),
        # A court card also shows its letter in the framed centre panel.
        ("KS", "K", "♠", 3), ("QD", "Q", "♦", 3),
    ],
)
def test_card_svg_shows_rank_and_suit_in_both_corners(token, rank, suit, ranks_shown):
    texts = [text for text, _ in svg_texts(card_svg(Card.parse(token)))]
    assert texts.count(rank) == ranks_shown
    # Both corners and the centre carry the suit.
    assert sum(text.startswith(suit) for text in texts) == 3


def test_card_svg_red_suits_are_red_and_black_suits_black():
    for token in ("AH", "9D"):
        fills = {fill for _, fill in svg_texts(card_svg(Card.parse(token)))}
        assert fills == {RED}
    for token in ("AS", "9C"):
        fills = {fill for _, fill in svg_texts(card_svg(Card.parse(token)))}
        assert fills == {BLACK}


def test_card_svg_joker_is_drawn_distinctly():
    svg = card_svg(Card("JK"))
    texts = [text for text, _ in svg_texts(svg)]
    assert "★" in texts
    assert "".join(t for t in texts if len(t) == 1 and t.isalpha()) == "JOKERJOKER"
    assert 'aria-label="🃏 joker"' in svg


def test_card_svg_wild_card_has_gold_border_and_badge():
    plain = card_svg(Card.parse("2C"))
    wild = card_svg(Card.parse("2C"), wild=True)
    assert WILD_GOLD not in plain and "W" not in [t for t, _ in svg_texts(plain)]
    assert f'stroke="{WILD_GOLD}"' in wild
    assert "W" in [t for t, _ in svg_texts(wild)]
    assert "wild" in ET.fromstring(wild).get("aria-label")


def test_card_svg_selected_card_has_blue_outline():
    assert SELECTED_BLUE not in card_svg(Card.parse("5S"))
    assert f'stroke="{SELECTED_BLUE}"' in card_svg(Card.parse("5S"), selected=True)


def test_card_svg_width_scales_height_to_card_shape():
    root = ET.fromstring(card_svg(Card.parse("5S"), width=100))
    assert root.get("width") == "100" and root.get("height") == "140"
    assert root.get("viewBox") == "0 0 60 84"


def test_card_name_spells_the_card():
    assert card_name(Card.parse("TH")) == "ten of hearts"
    assert card_name(Card("JK")) == "joker"


# --- rows, melds, the pile ---------------------------------------------------


def test_cards_html_draws_every_card_in_order():
    html = cards_html(parse_cards("KS KH 7D 2C JK"))
    assert re.findall(r'data-card="([^"]+)"', html) == ["KS", "KH", "7D", "2C", "JK"]
    assert html.count("<svg") == 5


def test_cards_html_accepts_notation_text():
    assert cards_html("KS KH") == cards_html([Card("K", "S"), Card("K", "H")])


def test_cards_html_marks_only_wild_ranks():
    html = cards_html("KS 2C JK 2H", wild={"2", "JK"})
    # One badge circle per wild card: 2C, JK, 2H.
    assert html.count(f'<circle cx="8.5" cy="58" r="6" fill="{WILD_GOLD}"/>') == 3
    assert cards_html("KS 2C", wild="2 JK") == cards_html("KS 2C", wild={"2", "JK"})
    assert WILD_GOLD not in cards_html("KS 2C JK")


def test_cards_html_overlaps_cards_like_a_fan():
    html = cards_html("KS KH 7D", width=60, overlap=0.5)
    assert html.count("margin-left:-30px") == 2
    assert html.count("margin-left:0px") == 1


def test_cards_html_empty_row_shows_placeholder():
    html = cards_html((), empty="no cards")
    assert "<svg" not in html and "no cards" in html


def test_cards_html_escapes_label():
    html = cards_html("KS", label='<script>alert("x")</script> & co')
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co" in html


def test_cards_html_bad_notation_raises_notation_error():
    with pytest.raises(NotationError, match="'XX'"):
        cards_html("KS XX")


def test_melds_html_shows_each_meld_with_its_count():
    html = melds_html("AH AD AC | 8S 8H 8D 2H 8C 8C JK", wild="2 JK", label="Melds")
    assert html.count('class="tutor-meld"') == 2
    assert "3 cards" in html and "7 cards" in html
    assert re.findall(r'data-card="([^"]+)"', html)[:3] == ["AH", "AD", "AC"]
    assert ">Melds<" in html


def test_melds_html_without_melds_says_so():
    assert "no melds" in melds_html(())
    assert "no melds" in melds_html("")


def test_pile_html_shows_top_card_and_count():
    html = pile_html("4C 5D 9H 9S 6C KD 7H")
    assert re.findall(r'data-card="([^"]+)"', html) == ["7H"]
    assert "7 cards" in html and 'data-count="7"' in html


def test_pile_html_one_card_and_empty():
    assert "1 card<" in pile_html("7H")
    empty = pile_html("")
    assert "<svg" not in empty and "0 cards" in empty and "empty" in empty


def test_pile_html_marks_wild_top_card():
    assert WILD_GOLD in pile_html("4C 2D", wild="2")
    assert WILD_GOLD not in pile_html("2D 4C", wild="2")


def test_spot_html_shows_every_part_of_the_table():
    html = spot_html(
        hand=parse_cards("KS KH 7D"),
        melds=(parse_cards("AH AD AC"),),
        discard=parse_cards("4C 5D 9H"),
        red_threes=parse_cards("3H"),
        wild={"2", "JK"},
        title="Spot 1",
        facts=("variant classic", "score 1600", "stock 40"),
    )
    cards = re.findall(r'data-card="([^"]+)"', html)
    assert cards == ["AH", "AD", "AC", "9H", "3H", "KS", "KH", "7D"]
    for text in ("Spot 1", "variant classic", "score 1600", "stock 40", "Hand (3 cards)", "Bonus cards"):
        assert text in html


def test_spot_html_leaves_out_bonus_cards_when_there_are_none():
    html = spot_html(hand="KS", melds=(), discard="")
    assert "Bonus cards" not in html and "no melds" in html


def test_spot_html_escapes_title_and_facts():
    html = spot_html(hand="KS", melds=(), discard="", title="<b>1</b>", facts=["a<b", 'say "hi"'])
    assert "<b>" not in html
    assert "&lt;b&gt;1&lt;/b&gt;" in html and "a&lt;b" in html and "say &quot;hi&quot;" in html


def test_render_is_deterministic():
    args = dict(
        hand="KS KH 7D 2C JK", melds="AH AD AC | 8S 8H 8D", discard="4C 5D",
        red_threes="3D", wild="2 JK", title="t", facts=("x",),
    )
    assert spot_html(**args) == spot_html(**args)
    assert card_svg(Card("JK"), wild=True) == card_svg(Card("JK"), wild=True)


def test_card_repr_html_draws_the_card():
    assert 'data-card="QD"' in Card.parse("QD")._repr_html_()


def test_wild_ranks_normalises_spellings():
    assert wild_ranks("2, jk") == {"2", "JK"}
    assert wild_ranks(["10", "*"]) == {"T", "JK"}


# --- terminal text -----------------------------------------------------------


def test_cards_text_uses_suit_symbols():
    assert cards_text("KS KH 2C JK TD") == "K♠ K♥ 2♣ 🃏 T♦"


def test_cards_text_color_paints_only_red_suits():
    text = cards_text("KS KH 7D JK", color=True)
    assert text == f"K♠ {ANSI_RED}K♥{ANSI_RESET} {ANSI_RED}7♦{ANSI_RESET} 🃏"
    assert "\x1b" not in cards_text("KS KH")


def test_melds_text_joins_with_bars():
    assert melds_text("AH AD AC | 8S 8H 8D") == "A♥ A♦ A♣ | 8♠ 8♥ 8♦"
    assert melds_text([parse_cards("KS KC")]) == "K♠ K♣"
    assert melds_text(()) == ""


def test_table_melds_are_numbered_as_plays_number_them():
    html = spot_html(hand="KS", melds=["AS AH AD", "7S 7H 7D"], discard="")
    assert '<strong class="tutor-meld-number">1</strong>' in html
    assert '<strong class="tutor-meld-number">2</strong>' in html


def test_a_reason_on_screen_shows_its_cards_as_symbols_and_leaves_rule_ids_alone():
    from tutor.render import rule_html, symbols_in
    from tutor.rules import rules_for

    assert symbols_in("QH can be laid off; TD JD QD AD has 1 gap; JK and 5D") == \
        "Q♥ can be laid off; T♦ J♦ Q♦ A♦ has 1 gap; 🃏 and 5♦"
    assert symbols_in("A-SET and H-BLACK3 decide; KSx stays") == "A-SET and H-BLACK3 decide; KSx stays"
    shown = rule_html(rules_for("albany"), "A-DRAW", detail="QH must be used at once")
    assert "Q♥ must be used at once" in shown and "QH" not in shown
