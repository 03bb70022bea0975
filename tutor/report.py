"""Verdicts, spots and rules as text for a person at a terminal."""

from __future__ import annotations

from .cards import parse_cards
from .play import Action, parse_play
from .rules import Rule, Variant, diff
from .verdict import Verdict

_TITLES = {"melds": "Legal melds", "initial-meld": "First meld", "pickup": "Taking the pile",
           "go-out": "Going out", "play": "The play", "score": "Hand score"}


def verdict_text(v: Verdict) -> str:
    title = _TITLES.get(v.question, v.question)
    if v.question == "score":
        lines = [f"{title}: {v.extra['total']}"]
        for item in v.extra["breakdown"]:
            lines.append(f"  {item['points']:>+6}  {item['item']}  ({item['rule']})")
        return "\n".join(lines)
    if v.question == "melds":
        choices = v.extra["melds"]
        if not choices:
            return f"{title}: none this turn."
        # points first, so the rest of each line is a step --play reads back as printed
        lines = [f"{title}: {len(choices)}"]
        for c in choices:
            lines.append(f"  {c['points']:>4} points  {choice_step(c).text(symbols=True)}")
        return "\n".join(lines)
    if v.answer:
        lines = [f"{title}: YES"]
        w = v.witness or {}
        steps = witness_steps(w)
        if w.get("play"):
            lines.append(f"  play: {w['play']}")
        if w.get("play"):
            lines.append("  step by step:")
            shown = [s.text(symbols=True) for s in steps] or [s.strip() for s in w["play"].split(";")]
            lines += [f"    {s}" for s in shown]
        if w.get("drawn"):
            lines.append("  (? is the card drawn from the stock)")
        if w.get("went_out"):
            lines.append("  and the player is out.")
        if v.extra.get("best_proven") is False:
            lines.append("  (the best first meld found before the solver's resource limit ran out; "
                         "a better one may exist)")
        return "\n".join(lines)
    lines = [f"{title}: NO"]
    if "step" in v.extra and v.extra["step"]:
        lines[0] += f" (step {v.extra['step']})"
    for r in v.reasons:
        lines.append(f"  {r.rule}: {r.text}")
    return "\n".join(lines)


def choice_step(choice: dict) -> Action:
    """A ``melds`` choice (``{"kind", "cards", "to", "points"}``) as the step that plays it."""
    return Action(choice["kind"], parse_cards(choice["cards"]), choice.get("to"))


def witness_steps(witness: dict) -> tuple[Action, ...]:
    """The steps of a witness's play; none when it names the unknown stock card (``?``), which no play can."""
    text = witness.get("play") or ""
    if not text or "?" in text:
        return ()
    return parse_play(text)


def rule_text(rule: Rule) -> str:
    return f"{rule.id}  {rule.text}\n      source: {rule.provenance}"


def rules_text(variant: Variant) -> str:
    head = f"{variant.name} ({variant.id})"
    if variant.parent is not None:
        head += f", extends {variant.parent.id}"
    lines = [head, "=" * len(head)]
    summary = variant.data.get("summary")
    if summary:
        lines += [summary, ""]
    for rule in variant.rules.values():
        lines.append(rule_text(rule))
    if variant.options:
        lines += ["", "Options:"]
        for name, spec in variant.options.items():
            lines.append(f"  {name} (default {spec.get('default')!r}; {spec.get('rule', '')}): {spec.get('text', '')}")
    return "\n".join(lines)


def _value(v) -> str:
    if v is None:
        return "-"
    if isinstance(v, list) and v and isinstance(v[0], dict):
        return "; ".join(", ".join(f"{k} {x}" for k, x in row.items()) for row in v)
    return str(v).lower() if isinstance(v, bool) else str(v)


def diff_text(a: Variant, b: Variant) -> str:
    rows = diff(a, b)
    if not rows:
        return f"{a.id} and {b.id} play by the same rules."
    lines = [f"What changes from {a.id} to {b.id}:"]
    for d in rows:
        ids = " -> ".join(dict.fromkeys(r.id for r in (d.rule_a, d.rule_b) if r)) or d.section
        lines += ["", f"[{d.section}]  {ids}"]
        width = max([len(k) for k, _, _ in d.changes] + [4])
        for key, va, vb in d.changes:
            lines.append(f"  {key:<{width}}  {a.id}: {_value(va)}   |   {b.id}: {_value(vb)}")
        same = d.rule_a and d.rule_b and d.rule_a.text == d.rule_b.text
        pairs = [("both", d.rule_b)] if same else [(a.id, d.rule_a), (b.id, d.rule_b)]
        for who, rule in pairs:
            if rule:
                lines.append(f"  {who}, {rule.id}: {rule.text}")
                lines.append(f"      source: {rule.provenance}")
    return "\n".join(lines)
