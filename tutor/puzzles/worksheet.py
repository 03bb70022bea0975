"""Printable worksheets: puzzles with their cards drawn, one box each, the answer key apart.

The page is plain HTML with inline SVG cards (``tutor.render``); print
styles keep a box on one page, start a new page every few puzzles, and put
the answer key on pages of its own.
"""

from __future__ import annotations

from html import escape

from ..render import cards_html, spot_html
from ..spot import Spot
from .format import Puzzle

PER_PAGE = 2

_CSS = """
@page { size: A4; margin: 14mm; }
body { font-family: system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif; color: #111; margin: 0 auto;
       max-width: 190mm; }
h1 { font-size: 20px; margin: 0 0 4px 0; }
p.lead { margin: 0 0 12px 0; color: #444; font-size: 13px; }
.puzzle { border: 1.5px solid #333; border-radius: 8px; padding: 10px 12px; margin: 0 0 12px 0;
          break-inside: avoid; page-break-inside: avoid; }
.puzzle h2 { font-size: 15px; margin: 0 0 6px 0; display: flex; justify-content: space-between; }
.puzzle h2 small { font-weight: normal; color: #555; font-size: 12px; }
.puzzle .tutor-spot { background: #fff !important; color: #111 !important; border: 1px solid #bbb; }
.puzzle .tutor-fact { background: #eee !important; }
.question { font-size: 14px; font-weight: 600; margin: 8px 0 4px 0; }
.lines { border-bottom: 1px dotted #999; height: 22px; }
.page-break { break-after: page; page-break-after: always; height: 0; }
.key { break-before: page; page-break-before: always; }
.key h1 { margin-bottom: 10px; }
.answer { border: 1px solid #999; border-radius: 6px; padding: 6px 10px; margin: 0 0 8px 0;
          break-inside: avoid; page-break-inside: avoid; font-size: 13px; }
.answer b.yes { color: #1b5e20; } .answer b.no { color: #b71c1c; }
.answer ul { margin: 4px 0 0 0; padding-left: 18px; }
.answer .tutor-cards { margin-right: 10px; }
@media screen { .page-break { border-top: 2px dashed #ccc; margin: 16px 0; } }
"""


def _facts(spot: Spot) -> list[str]:
    rules = spot.rules
    players = rules.layout.players
    side = f"{players} players" + (f", {rules.layout.partnerships} partnerships" if rules.layout.partnerships else "")
    facts = [rules.variant.name, side, f"score {spot.score}", f"stock {spot.stock}",
             "before the draw" if spot.phase == "before-draw" else "after the draw"]
    if not spot.down and spot.initial_need:
        facts.append(f"first meld needs {spot.initial_need}")
    if rules.canastas_to_go_out:
        n = rules.canastas_to_go_out
        facts.append(f"going out needs {n} canasta{'s' * (n != 1)}")
    if spot.first_round:
        facts.append("first round; scores " + " / ".join(str(s) for s in spot.scores))
    for name, value in sorted(rules.options.items()):
        if name == "deluxe" and value:
            facts.append("deluxe " + ", ".join(map(str, value)))
    return facts


def puzzle_box(puzzle: Puzzle, number: int) -> str:
    spot = Spot.from_dict(puzzle.spot)
    body = spot_html(hand=spot.hand, melds=spot.melds, discard=spot.discard, red_threes=spot.red_threes,
                     wild=spot.rules.wild_ranks, facts=_facts(spot))
    stars = "★" * puzzle.grade + "☆" * (5 - puzzle.grade)
    extra = ""
    if puzzle.play and puzzle.question == "cheat":
        body += _play_html(puzzle.play, spot)
    if puzzle.question == "cheat":
        extra = '<div class="lines"></div><div style="font-size:12px;color:#555">Cheat letter (A, B, C, M, N) or "legal":</div>'
    else:
        extra = ('<div style="font-size:12px;color:#555">Yes or no; if yes, write the play:</div>'
                 '<div class="lines"></div><div class="lines"></div>')
    return (f'<section class="puzzle" id="{escape(puzzle.id)}"><h2><span>Puzzle {number}</span>'
            f'<small>{stars} &middot; {escape(puzzle.id)}</small></h2>{body}'
            f'<div class="question">{escape(puzzle.prompt)}</div>{extra}</section>')


def _play_html(play: str, spot: Spot, label: str = "The play:") -> str:
    """A play, step by step: each step in the play grammar (as ``--play`` takes it), its cards drawn."""
    from ..play import parse_play

    steps = []
    for action in parse_play(play):
        cards = cards_html(action.cards, wild=spot.rules.wild_ranks, width=38, overlap=0.3) if action.cards else ""
        steps.append(f'<div style="display:inline-block;vertical-align:top;margin:0 12px 4px 0">'
                     f'<div style="font:600 12px sans-serif">{escape(str(action))}</div>{cards}</div>')
    return (f'<div class="play"><div style="font-size:12px;color:#555;margin-top:6px">{escape(label)}</div>'
            f'{"".join(steps)}</div>')


def puzzle_html(puzzle: Puzzle) -> str:
    """One puzzle for a notebook: its table, facts and question; the answer and its proof folded away."""
    from ..render import verdict_html
    from ..verdict import Reason, Verdict

    spot = Spot.from_dict(puzzle.spot)
    table = spot_html(hand=spot.hand, melds=spot.melds, discard=spot.discard, red_threes=spot.red_threes,
                      wild=spot.rules.wild_ranks, facts=_facts(spot))
    if puzzle.play and puzzle.question == "cheat":
        table += _play_html(puzzle.play, spot)
    proof = puzzle.proof
    reasons = tuple(Reason(r["rule"], r["text"], r.get("source", "")) for r in proof.get("reasons", []))
    verdict = Verdict(puzzle.question, puzzle.answer, proof.get("witness"), reasons)
    answer = ("legal" if puzzle.answer else "cheat " + ", ".join(proof.get("cheats", []))) \
        if puzzle.question == "cheat" else ("yes" if puzzle.answer else "no")
    stars = "★" * puzzle.grade + "☆" * (5 - puzzle.grade)
    return (f'<div class="tutor-puzzle" data-puzzle="{escape(puzzle.id)}" style="font-family:system-ui,sans-serif">'
            f'<div style="font:700 14px system-ui,sans-serif;margin-bottom:4px">{escape(puzzle.id)} '
            f'<span style="font-weight:normal;opacity:0.75">{stars} &middot; {escape(", ".join(puzzle.themes))}'
            f'</span></div>{table}<div style="font-weight:600;margin:6px 0">{escape(puzzle.prompt)}</div>'
            f'<details><summary>Answer: {escape(answer)}</summary>{verdict_html(verdict, spot)}</details></div>')


def ways_text(puzzle: Puzzle) -> str:
    """How many right answers a "yes" has, in words."""
    from .format import WAYS_CAP

    if puzzle.unique:
        return "This is the only turn that does it."
    more = " or more" if puzzle.ways >= WAYS_CAP else ""
    return f"One of {puzzle.ways}{more} different ways."


def answer_box(puzzle: Puzzle, number: int) -> str:
    spot = Spot.from_dict(puzzle.spot)
    verdict = "YES" if puzzle.answer else "NO"
    if puzzle.question == "cheat":
        verdict = "legal" if puzzle.answer else "cheat " + ", ".join(puzzle.proof.get("cheats", []))
    cls = "yes" if puzzle.answer else "no"
    parts = [f'<div class="answer"><b>Puzzle {number}</b>: <b class="{cls}">{escape(verdict)}</b>']
    if puzzle.answer:
        w = puzzle.proof["witness"]
        parts.append(f' &mdash; <code>{escape(w["play"])}</code>')
        parts.append(_play_html(w["play"], spot, "" if puzzle.question == "cheat" else "For example:"))
        if puzzle.question != "cheat":
            parts.append(f"<div>{escape(ways_text(puzzle))}</div>")
    else:
        items = "".join(f"<li><b>{escape(r['rule'])}</b>: {escape(r['text'])}</li>" for r in puzzle.proof["reasons"])
        parts.append(f"<ul>{items}</ul>")
    honest = puzzle.proof.get("honest")
    if honest:
        hv = "yes" if honest["answer"] else "no"
        how = f": <code>{escape(honest['play'])}</code>" if honest.get("play") else ""
        parts.append(f'<div style="color:#555">Played honestly ({escape(honest["question"])}): {hv}{how}</div>')
    parts.append(f'<div style="color:#555;font-size:11px">Themes: {escape(", ".join(puzzle.themes))}</div></div>')
    return "".join(parts)


def worksheet_html(puzzles: list[Puzzle], *, title: str = "Canasta puzzles", answers: bool = False) -> str:
    """A printable page: every puzzle in a box, a page break every few, the answer key on its own pages."""
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
           f"<h1>{escape(title)}</h1>",
           f'<p class="lead">{len(puzzles)} puzzle{"s" * (len(puzzles) != 1)}. Every answer is proved by two '
           "independent deciders. Stars give the difficulty, from one to five.</p>"]
    for i, p in enumerate(puzzles, start=1):
        out.append(puzzle_box(p, i))
        if i % PER_PAGE == 0 and i < len(puzzles):
            out.append('<div class="page-break"></div>')
    if answers:
        out.append('<section class="key" id="answer-key"><h1>Answer key</h1>')
        out.extend(answer_box(p, i) for i, p in enumerate(puzzles, start=1))
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
