"""The project's rule book as Markdown, written from the variant data.

``docs/rules.md`` is this text for the four built-in variants: every rule
with its ID, its sentence and its source, and every option with its default.
``canasta-tutor rules --markdown`` prints it (a test keeps the file current).
"""

from __future__ import annotations

import json
from typing import Iterable

from .rules import BUILTIN, RULING_WORDS, Variant, load_variant

COMMAND = "canasta-tutor rules --markdown > docs/rules.md"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _json(value) -> str:
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def _anchor(variant: Variant) -> str:
    return "-".join(variant.name.lower().split())


def _rule_table(rules) -> list[str]:
    lines = ["| rule | what it says | source |", "|---|---|---|"]
    lines += [f"| {r.id} | {_cell(r.text)} | {_cell(r.provenance)} |" for r in rules]
    return lines + [""]


def variant_markdown(variant: Variant) -> str:
    """One variant's chapter: its rules, its options and its named extras."""
    lines = [f"## {variant.name}", ""]
    about = f"Variant `{variant.id}`"
    if variant.parent is not None:
        about += (f", which extends `{variant.parent.id}`: on every point its own rules leave alone it plays as "
                  f"{variant.parent.name}, and where one of its own rules and an inherited one differ, "
                  "its own rule stands")
    lines += [about + ".", ""]
    if variant.data.get("summary"):
        lines += [variant.data["summary"], ""]
    own = [r for r in variant.rules.values() if not r.inherited_from]
    inherited = [r for r in variant.rules.values() if r.inherited_from]
    lines += _rule_table(own)
    if inherited:
        lines += [f"Inherited from {variant.parent.name}:", ""] + _rule_table(inherited)
    if variant.options:
        lines += ["Options (the spot's `options`):", "",
                  "| option | default | choices | rule | what it means |", "|---|---|---|---|---|"]
        for name, spec in variant.options.items():
            choices = spec.get("choices")
            shown = ", ".join(_json(c) for c in choices) if choices is not None else ""
            if spec.get("list"):
                shown = f"a list of {shown}"
            lines.append(f"| `{name}` | {_json(spec.get('default'))} | {shown} | {spec.get('rule', '')} "
                         f"| {_cell(spec.get('text', ''))} |")
        lines.append("")
    deluxe = variant.data.get("deluxe") or {}
    if deluxe:
        lines += [f"The numbered options of `deluxe` ({variant.options.get('deluxe', {}).get('rule', '')}):", "",
                  "| number | name | what it changes |", "|---|---|---|"]
        for number in sorted(deluxe, key=int):
            option = deluxe[number]
            lines.append(f"| {number} | {_cell(option.get('name', ''))} | {_cell(option.get('text', ''))} |")
        lines.append("")
    cheats = variant.data.get("cheats") or {}
    named = {letter: text for letter, text in cheats.items() if letter != "rule"}
    if named:
        rid = cheats.get("rule", "")
        lines += [f"The legal cheats a referee names, each as a finer rule under {rid}:", "",
                  "| rule | the cheat |", "|---|---|"]
        for letter, text in named.items():
            lines.append(f"| {rid}.{letter} | {_cell(text)} |")
        lines.append("")
    return "\n".join(lines)


def rule_book(names: Iterable[str] = BUILTIN) -> str:
    """The rule book of the variants named (by default the four built-in ones), ending in a newline."""
    variants = [load_variant(name) for name in names]
    lines = [
        "# The rule book",
        "",
        f"Generated from the variant data in `tutor/variants/`; do not edit by hand. "
        f"After changing a variant, run `{COMMAND}`.",
        "",
        "Every rule has a stable ID. The same IDs appear in the tutor's answers "
        "(`reasons[].rule`, see [answers.md](answers.md)), where a finer ID such as `Y-CHEATS.A` "
        "names one case of the rule before its dot. A rule's source says where it comes from:",
        "",
        "* `Classic Canasta, 'Scoring'`: the variant's rules by title, and the section the rule rests on;",
        f"* `..., {RULING_WORDS}`: the rules leave the point open or ambiguous, and the sentence given is "
        "how the tutor decides it;",
        "* `House Canasta, inherited from Classic Canasta, ...`: a variant that is silent on the point "
        "plays it as the variant it extends.",
        "",
        "Options are chosen in a spot's `options` (see [spot-format.md](spot-format.md)); "
        "values are shown as JSON.",
        "",
    ]
    lines += [f"* [{v.name}](#{_anchor(v)}) (`{v.id}`)" for v in variants]
    lines.append("")
    body = "\n".join(lines) + "\n" + "\n".join(variant_markdown(v) for v in variants)
    return body.rstrip("\n") + "\n"
