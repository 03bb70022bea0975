"""Cards, melds and spots drawn as SVG, HTML and terminal text.

Standard library only, so a notebook can show a card without any extra
package. Every function returns a plain string and is deterministic (the
same input gives the same string) so tests can compare output exactly.

Whether a card is wild depends on the variant, so nothing here decides it:
callers pass the wild ranks (``{"2", "JK"}`` or ``"2 JK"``).
"""

from __future__ import annotations

import re
from html import escape
from typing import Iterable

from .cards import JOKER, Card, parse_cards, parse_melds

RED = "#c62828"
BLACK = "#1b1b1b"
WILD_GOLD = "#d4a017"
SELECTED_BLUE = "#1a73e8"
FELT = "#1f6b45"

ANSI_RED = "\x1b[31m"
ANSI_RESET = "\x1b[0m"

# Drawing units: a card is 60 x 84, the 2.5 x 3.5 inch poker-card shape.
_W, _H = 60, 84
# U+FE0E asks for the plain text glyph; without it some systems draw the
# suits as coloured emoji, which ignore our red/black fill.
_TEXT_STYLE = "\ufe0e"
_FONT = "Georgia, 'DejaVu Serif', 'Times New Roman', serif"
_UI_FONT = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif"

_RANK_NAMES = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
    "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four",
    "3": "three", "2": "two",
}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

WildRanks = Iterable[str] | str


# --- one card ------------------------------------------------------------


def card_name(card: Card) -> str:
    """A card in words, for screen readers: ``"king of spades"``."""
    if card.is_joker:
        return "joker"
    return f"{_RANK_NAMES[card.rank]} of {_SUIT_NAMES[card.suit]}"


def _rank_label(card: Card) -> str:
    # The notation writes ten as T; a printed card says 10.
    return "10" if card.rank == "T" else card.rank


def _num(x: float) -> str:
    return f"{x:g}"


def _corner(card: Card, colour: str) -> str:
    if card.is_joker:
        # Real jokers spell the word down the index corner.
        letters = "".join(
            f'<text x="8.5" y="{_num(12 + 7.5 * i)}" font-size="8.5" font-weight="bold" '
            f'text-anchor="middle" fill="{colour}">{ch}</text>'
            for i, ch in enumerate("JOKER")
        )
        return letters
    # "10" is two glyphs wide; squeeze it so it stays inside the corner.
    squeeze = ' letter-spacing="-1.2" font-size="12.5"' if card.rank == "T" else ' font-size="14"'
    return (
        f'<text x="9.5" y="17"{squeeze} font-weight="bold" text-anchor="middle" '
        f'fill="{colour}">{escape(_rank_label(card))}</text>'
        f'<text x="9.5" y="30" font-size="12" text-anchor="middle" '
        f'fill="{colour}">{_SUIT_GLYPHS[card.suit]}{_TEXT_STYLE}</text>'
    )


def _centre(card: Card, colour: str) -> str:
    if card.is_joker:
        return (
            f'<text x="30" y="56" font-size="34" text-anchor="middle" '
            f'fill="#f2c14e" stroke="{colour}" stroke-width="0.8">★</text>'
        )
    suit = f"{_SUIT_GLYPHS[card.suit]}{_TEXT_STYLE}"
    if card.rank in "JQK":
        # Court cards get a framed panel so they read as pictures, not pips.
        return (
            f'<rect x="15" y="18" width="30" height="48" rx="2" fill="none" '
            f'stroke="{colour}" stroke-width="0.8"/>'
            f'<text x="30" y="45" font-size="22" font-weight="bold" text-anchor="middle" '
            f'fill="{colour}">{card.rank}</text>'
            f'<text x="30" y="60" font-size="13" text-anchor="middle" '
            f'fill="{colour}">{suit}</text>'
        )
    return (
        f'<text x="30" y="54" font-size="30" text-anchor="middle" '
        f'fill="{colour}">{suit}</text>'
    )


def card_svg(
    card: Card, *, wild: bool = False, selected: bool = False, width: float = 60
) -> str:
    """One card as inline SVG.

    ``wild`` draws a gold border and a "W" badge; ``selected`` a blue outline.
    """
    colour = RED if card.is_red else ("#5e2b97" if card.is_joker else BLACK)
    label = card.symbol() + " " + card_name(card) + (", wild" if wild else "")
    edge = (
        f'stroke="{SELECTED_BLUE}" stroke-width="3"'
        if selected
        else 'stroke="#9a9a9a" stroke-width="1"'
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tutor-card-svg" '
        f'width="{_num(width)}" height="{_num(width * _H / _W)}" '
        f'viewBox="0 0 {_W} {_H}" role="img" aria-label="{escape(label)}" '
        f'font-family="{escape(_FONT)}">',
        f"<title>{escape(label)}</title>",
        f'<rect x="1" y="1" width="58" height="82" rx="5" fill="#fffefa" {edge}/>',
    ]
    if wild:
        parts.append(
            f'<rect x="3.5" y="3.5" width="53" height="77" rx="3.5" fill="none" '
            f'stroke="{WILD_GOLD}" stroke-width="2.5"/>'
        )
    corner = _corner(card, colour)
    parts.append(corner)
    # The second index corner is the first one turned upside down.
    parts.append(f'<g transform="rotate(180 30 42)">{corner}</g>')
    parts.append(_centre(card, colour))
    if wild:
        parts.append(
            f'<circle cx="8.5" cy="58" r="6" fill="{WILD_GOLD}"/>'
            f'<text x="8.5" y="61.2" font-size="8.5" font-weight="bold" '
            f'text-anchor="middle" fill="#ffffff" font-family="{escape(_UI_FONT)}">W</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


# --- rows of cards -------------------------------------------------------


def wild_ranks(wild: WildRanks) -> frozenset[str]:
    """Normalise wild ranks given as ``"2 JK"`` or ``{"2", "JK"}``."""
    if isinstance(wild, str):
        wild = wild.replace(",", " ").split()
    ranks = set()
    for rank in wild:
        rank = rank.strip().upper()
        ranks.add({"10": "T", "*": JOKER}.get(rank, rank))
    return frozenset(ranks)


def _label_html(label: str | None) -> str:
    if label is None:
        return ""
    return (
        f'<div class="tutor-label" style="font:600 12px/1.4 {_UI_FONT};'
        f'margin:0 0 3px 0;opacity:0.85">{escape(label)}</div>'
    )


def _empty_slot(width: float, text: str) -> str:
    return (
        f'<div class="tutor-empty" style="width:{_num(width)}px;'
        f"height:{_num(width * _H / _W)}px;box-sizing:border-box;"
        f"border:1.5px dashed currentColor;border-radius:6px;opacity:0.45;"
        f"display:flex;align-items:center;justify-content:center;"
        f'font:11px {_UI_FONT}">{escape(text)}</div>'
    )


def cards_html(
    cards: Iterable[Card] | str,
    *,
    wild: WildRanks = frozenset(),
    label: str | None = None,
    width: float = 60,
    overlap: float = 0.45,
    empty: str = "none",
) -> str:
    """A row of cards overlapping like a hand held in a fan.

    ``overlap`` is the fraction of each card hidden under the next one; the
    index corner stays visible up to about 0.7.
    """
    cards = parse_cards(cards)
    wild = wild_ranks(wild)
    if cards:
        shift = _num(-round(width * overlap, 1))
        row = "".join(
            f'<span class="tutor-card" data-card="{escape(str(card))}" '
            f'style="display:block;line-height:0;'
            f'margin-left:{"0" if i == 0 else shift}px">'
            f"{card_svg(card, wild=card.rank in wild, width=width)}</span>"
            for i, card in enumerate(cards)
        )
    else:
        row = _empty_slot(width, empty)
    return (
        f'<div class="tutor-cards" style="display:inline-block;vertical-align:top;'
        f'margin:2px 6px 2px 0">{_label_html(label)}'
        f'<div style="display:flex;align-items:flex-end">{row}</div></div>'
    )


def melds_html(
    melds: Iterable[Iterable[Card]] | str,
    *,
    wild: WildRanks = frozenset(),
    label: str | None = None,
    width: float = 44,
) -> str:
    """Melds side by side, each a tight fan with its card count beneath."""
    if isinstance(melds, str):
        melds = parse_melds(melds) if melds.strip() else ()
    melds = [parse_cards(m) for m in melds]
    if melds:
        body = "".join(
            '<div class="tutor-meld" style="display:inline-block;vertical-align:top;'
            f'margin:0 10px 4px 0">{cards_html(m, wild=wild, width=width, overlap=0.62)}'
            f'<div style="font:11px {_UI_FONT};opacity:0.75;text-align:center">'
            # numbered as plays and proofs number them ("layoff 7D to 2")
            f'<strong class="tutor-meld-number">{i}</strong> · {_count(len(m))}</div></div>'
            for i, m in enumerate(melds, start=1)
        )
    else:
        body = _empty_slot(width, "no melds")
    return (
        f'<div class="tutor-melds" style="display:inline-block;vertical-align:top">'
        f"{_label_html(label)}<div>{body}</div></div>"
    )


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def pile_html(
    cards: Iterable[Card] | str,
    *,
    wild: WildRanks = frozenset(),
    label: str | None = None,
    width: float = 60,
) -> str:
    """The discard pile (bottom card first): the top card face up, the edges of
    a few cards beneath it, and the count."""
    cards = parse_cards(cards)
    wild = wild_ranks(wild)
    height = width * _H / _W
    if not cards:
        body = _empty_slot(width, "empty")
    else:
        # Only the edges of up to four lower cards show, as on a squared pile.
        below = min(len(cards) - 1, 4)
        step = 2.5
        edges = "".join(
            f'<div style="position:absolute;left:{_num(step * (below - i))}px;'
            f"top:{_num(step * (below - i))}px;width:{_num(width)}px;"
            f"height:{_num(height)}px;box-sizing:border-box;border-radius:{_num(width / 12)}px;"
            f'background:#fffefa;border:1px solid #9a9a9a"></div>'
            for i in range(below)
        )
        top = cards[-1]
        body = (
            f'<div style="position:relative;width:{_num(width + step * below)}px;'
            f'height:{_num(height + step * below)}px">{edges}'
            f'<span class="tutor-card" data-card="{escape(str(top))}" '
            f'style="position:absolute;left:0;top:0;line-height:0">'
            f"{card_svg(top, wild=top.rank in wild, width=width)}</span></div>"
        )
    return (
        f'<div class="tutor-pile" data-count="{len(cards)}" style="display:inline-block;'
        f'vertical-align:top">{_label_html(label)}{body}'
        f'<div style="font:11px {_UI_FONT};opacity:0.8;margin-top:3px">'
        f"{_count(len(cards))}</div></div>"
    )


def spot_html(
    *,
    hand: Iterable[Card] | str,
    melds: Iterable[Iterable[Card]] | str,
    discard: Iterable[Card] | str,
    red_threes: Iterable[Card] | str = (),
    wild: WildRanks = frozenset(),
    title: str | None = None,
    facts: Iterable[str] = (),
) -> str:
    """One side's view of the table: melds, pile, bonus cards, hand and facts."""
    hand = parse_cards(hand)
    bonus = parse_cards(red_threes)
    header = ""
    if title is not None:
        header += f'<div style="font:700 15px/1.3 {_UI_FONT};margin-bottom:4px">{escape(title)}</div>'
    chips = "".join(
        '<span class="tutor-fact" style="display:inline-block;padding:1px 8px;'
        "margin:0 6px 4px 0;border-radius:10px;background:rgba(255,255,255,0.16);"
        f'font:12px/1.6 {_UI_FONT}">{escape(str(fact))}</span>'
        for fact in facts
    )
    if chips:
        header += f'<div class="tutor-facts" style="margin-bottom:6px">{chips}</div>'
    section = '<div style="display:inline-block;vertical-align:top;margin:0 22px 8px 0">{}</div>'
    table = section.format(melds_html(melds, wild=wild, label="Melds"))
    table += section.format(pile_html(discard, wild=wild, label="Pile"))
    if bonus:
        table += section.format(
            cards_html(bonus, wild=wild, label="Bonus cards", width=44, overlap=0.5)
        )
    hand_part = cards_html(hand, wild=wild, label=f"Hand ({_count(len(hand))})", empty="no cards")
    return (
        f'<div class="tutor-spot" style="display:inline-block;box-sizing:border-box;'
        f"max-width:100%;background:{FELT};color:#f4f1e8;border-radius:10px;"
        f'padding:10px 14px 12px 14px;font-family:{_UI_FONT}">'
        f"{header}<div>{table}</div><div>{hand_part}</div></div>"
    )


# --- terminal text -------------------------------------------------------


def cards_text(cards: Iterable[Card] | str, *, color: bool = False) -> str:
    """Cards with suit symbols, ``K♠ K♥ 2♣ 🃏``; ``color`` paints red suits with ANSI red."""
    words = []
    for card in parse_cards(cards):
        word = card.symbol()
        if color and card.is_red:
            word = f"{ANSI_RED}{word}{ANSI_RESET}"
        words.append(word)
    return " ".join(words)


#: A card code standing alone in a sentence: ``QH``, ``TD``, ``JK`` (never part of a word or a rule ID).
_CARD_CODE = re.compile(r"(?<![\w-])(?:[2-9TJQKA][SHDC]|JK)(?![\w-])")


def symbols_in(text: str) -> str:
    """A sentence with its card codes shown as cards are on screen: ``QH can be laid off`` reads
    ``Q♥ can be laid off``. For people only: answers in JSON keep the notation."""
    return _CARD_CODE.sub(lambda m: Card.parse(m.group()).symbol(), text)


def melds_text(melds: Iterable[Iterable[Card]] | str, *, color: bool = False) -> str:
    """Melds as text, separated by `` | ``."""
    if isinstance(melds, str):
        melds = parse_melds(melds) if melds.strip() else ()
    return " | ".join(cards_text(m, color=color) for m in melds)


# --- rules and verdicts ----------------------------------------------------

_MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
_GREEN, _RED_DARK = "#1f6b45", "#b71c1c"


def _rules_and_down(what):
    """(Rules or None, is the side down) from a Spot, Rules, a Variant or None."""
    from .rules import Rules, Variant

    if what is None:
        return None, False
    if isinstance(what, Rules):
        return what, False
    if isinstance(what, Variant):
        return what.with_options(), False
    if isinstance(getattr(what, "rules", None), Rules):  # a Spot
        return what.rules, bool(getattr(what, "down", False))
    raise TypeError(f"rules must be a Spot, Rules or Variant, not {type(what).__name__}")


def rule_html(rules, rule_id: str, *, detail: str = "", source: str = "") -> str:
    """One rule as an HTML block: its ID, its sentence, and where it comes from.

    ``rules`` is a Spot, Rules or Variant (or None: then only ``detail`` and
    ``source`` are shown). ``rule_id`` may be a finer ID such as
    ``Y-CHEATS.A``; the rule quoted is the one it refines. ``detail`` is what
    the rule means in the spot at hand.
    """
    rules, _ = _rules_and_down(rules)
    rule = rules.variant.rules.get(rule_id.split(".")[0]) if rules is not None else None
    head = f'<strong style="font-family:{_MONO}">{escape(rule_id)}</strong>'
    parts = [f'<div class="rule" data-rule="{escape(rule_id)}" style="border-left:4px solid {_GREEN};'
             'padding:4px 10px;margin:6px 0;background:rgba(31,107,69,0.06);border-radius:0 6px 6px 0">']
    if detail:
        parts.append(f"<div>{head} {escape(symbols_in(detail))}</div>")
    if rule is None:
        if not detail:
            parts.append(f"<div>{head}</div>")
        if source:
            parts.append(f'<div style="font-size:0.8em;opacity:0.7;margin-top:2px">Source: {escape(source)}</div>')
    else:
        lead = "" if detail else head + " "
        parts.append(f'<div style="{"opacity:0.85;margin-top:2px" if detail else ""}">{lead}'
                     f"{'The rule: ' if detail else ''}{escape(rule.text)}</div>")
        parts.append(f'<div style="font-size:0.8em;opacity:0.7;margin-top:2px">Source: '
                     f"{escape(rule.provenance)}</div>")
    parts.append("</div>")
    return "".join(parts)


def _framed(body: str, good: bool) -> str:
    colour = _GREEN if good else _RED_DARK
    tint = "rgba(31,107,69,0.07)" if good else "rgba(183,28,28,0.06)"
    return (f'<div class="tutor-verdict" style="border:1px solid {colour};border-left:6px solid {colour};'
            f'border-radius:8px;padding:8px 12px;margin:4px 0;background:{tint};font-family:{_UI_FONT}">'
            f"{body}</div>")


def _step_html(action, wild) -> str:
    """One step of a play: its words in the play grammar, its cards drawn."""
    cards = cards_html(action.cards, wild=wild, width=36, label=None) if action.cards else ""
    return (f'<div class="tutor-step" style="display:inline-block;vertical-align:top;margin:0 14px 6px 0">'
            f'<div style="font:600 12px {_MONO}">{escape(str(action))}</div>{cards}</div>')


def verdict_html(verdict, rules=None, *, yes: str = "Yes", no: str = "No", framed: bool = True) -> str:
    """A verdict for a person: the answer, the witness that proves a yes, the rules that block a no.

    ``rules`` (a Spot, Rules or Variant; by default the spot the verdict was
    asked about, if it carries one) marks wild cards and quotes the rules;
    given the spot, first-meld points are shown only for a side not yet down.
    ``framed`` draws the green or red box (the lessons put it in their own).
    """
    from .play import Action, parse_play

    rules, down = _rules_and_down(rules if rules is not None else getattr(verdict, "spot", None))
    wild = rules.wild_ranks if rules is not None else ()
    good = bool(verdict.answer)
    if verdict.question == "score":
        rows = "".join(f'<tr><td style="text-align:right;padding-right:10px">{item["points"]:+d}</td>'
                       f'<td>{escape(item["item"])}</td><td style="font-family:{_MONO};opacity:0.7;'
                       f'padding-left:10px">{escape(item["rule"])}</td></tr>' for item in verdict.extra["breakdown"])
        body = (f'<div data-verdict="score"><strong>Score: {verdict.extra["total"]}</strong></div>'
                f'<table style="border-collapse:collapse;font-size:13px">{rows}</table>')
        return _framed(body, True) if framed else body
    if verdict.question == "melds" and good:
        steps = "".join(_step_html(Action(c["kind"], parse_cards(c["cards"]), c["to"]), wild)
                        for c in verdict.extra["melds"])
        body = (f'<div data-verdict="yes"><strong>{escape(yes)}: {len(verdict.extra["melds"])} legal '
                f'choice{"s" * (len(verdict.extra["melds"]) != 1)}.</strong></div><div>{steps}</div>')
        return _framed(body, True) if framed else body
    if good:
        w = verdict.witness or {}
        rows = [f'<div data-verdict="yes"><strong>{escape(yes)}.</strong></div>']
        play = w.get("play") or ""
        if play:
            rows.append(f'<div>The proof, a whole turn: <code>{escape(play)}</code></div>')
            if "?" not in play:
                rows.append("<div>" + "".join(_step_html(a, wild) for a in parse_play(play)) + "</div>")
        if w.get("drawn"):
            rows.append("<div>? is the card drawn from the stock.</div>")
        if w.get("went_out"):
            rows.append("<div>…and the player is out.</div>")
        if w.get("points") and not down:
            rows.append(f"<div>First-meld points in this turn: {w['points']}.</div>")
        body = "".join(rows)
    else:
        rows = [f'<div data-verdict="no"><strong>{escape(no)}.</strong></div>']
        rows += [rule_html(rules, r.rule, detail=r.text, source=r.source) for r in verdict.reasons]
        body = "".join(rows)
    return _framed(body, good) if framed else body


def variant_html(variant) -> str:
    """A variant's rules: its name, what it extends, every rule with its ID and source, its options."""
    head = escape(f"{variant.name} ({variant.id})")
    if variant.parent is not None:
        head += escape(f", extends {variant.parent.id}")
    parts = [f'<div class="tutor-variant" style="font-family:{_UI_FONT};max-width:60em">'
             f'<div style="font:700 15px/1.3 {_UI_FONT};margin-bottom:4px">{head}</div>']
    summary = variant.data.get("summary")
    if summary:
        parts.append(f'<div style="margin-bottom:6px">{escape(summary)}</div>')
    parts += [rule_html(variant, rid) for rid in variant.rules]
    if variant.options:
        items = "".join(f"<li><code>{escape(name)}</code> (default {escape(repr(spec.get('default')))}): "
                        f"{escape(str(spec.get('text', '')))}</li>" for name, spec in variant.options.items())
        parts.append(f"<div style='margin-top:6px'><strong>Options</strong><ul style='margin:2px 0'>{items}</ul></div>")
    parts.append("</div>")
    return "".join(parts)
