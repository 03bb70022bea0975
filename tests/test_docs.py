"""The documents in docs/: the rule book is the variant data, and the examples are real."""

import json
import re
from pathlib import Path

import pytest

from tutor import Spot
from tutor.cli import main
from tutor.errors import TutorError
from tutor.rulebook_doc import COMMAND, rule_book
from tutor.rules import BUILTIN, load_variant

DOCS = Path(__file__).resolve().parents[1] / "docs"
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks(name: str, kind: str) -> list[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return [body for lang, body in _FENCE.findall(text) if lang == kind]


def _objects(block: str) -> list:
    """A block is one JSON value, or JSON lines (as batch input and output are)."""
    try:
        return [json.loads(block)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in block.splitlines() if line.strip()]


def test_the_rule_book_is_the_variant_data_as_it_is_now():
    written = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert written == rule_book(), f"docs/rules.md is out of date: regenerate it with `{COMMAND}`"


def test_rules_markdown_prints_the_rule_book(capsys):
    assert main(["rules", "--markdown"]) == 0
    assert capsys.readouterr().out == rule_book()


def test_rules_markdown_of_one_variant_is_its_chapter_alone(capsys):
    assert main(["rules", "canasty", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "## Canasty" in out and "Y-CHEATS.B" in out and "## Classic Canasta" not in out


def test_rules_markdown_takes_no_diff(capsys):
    assert main(["rules", "--markdown", "--diff", "classic", "house"]) == 2
    assert "--markdown" in capsys.readouterr().err


@pytest.mark.parametrize("name", BUILTIN)
def test_the_rule_book_gives_every_rule_its_text_and_source_and_every_option(name):
    book = rule_book()
    variant = load_variant(name)
    chapter = book.split(f"## {variant.name}\n", 1)[1].split("\n## ", 1)[0]
    for rule in variant.rules.values():
        assert f"| {rule.id} | {rule.text} | {rule.provenance} |" in chapter, rule.id
    for option, spec in variant.options.items():
        assert f"| `{option}` | `{json.dumps(spec['default'])}` |" in chapter, option


def test_the_spot_examples_are_spots_the_tutor_reads():
    blocks = _blocks("spot-format.md", "json")
    assert len(blocks) >= 3
    for block in blocks:
        Spot.from_dict(json.loads(block))


def test_the_answer_examples_parse_and_have_the_documented_shape():
    seen, refused, errors = set(), [], []
    for block in _blocks("answers.md", "json"):
        for item in _objects(block):
            if isinstance(item, list):  # ``rules --json``
                assert all(set(r) == {"rule", "text", "source"} for r in item)
                seen.add("rules")
            elif "answer" in item:
                assert {"question", "answer", "witness", "reasons", "elapsed_ms"} <= set(item)
                assert all(set(r) == {"rule", "text", "source"} for r in item["reasons"])
                assert item["answer"] or item["reasons"] or item["question"] == "melds"
                if item["question"] == "score":
                    assert sum(i["points"] for i in item["breakdown"]) == item["total"]
                seen.add(item["question"])
            elif "spot" in item:  # a batch line: a spot, or a bad one whose error the answers show
                try:
                    Spot.from_dict(item["spot"])
                except TutorError as e:
                    refused.append(str(e))
                seen.add("batch")
            elif "error" in item:
                errors.append(item["error"])
                seen.add("error")
            else:
                Spot.from_dict(item)
                seen.add("spot")
    assert refused == errors, "a bad batch line is shown with the error the tutor gives it"
    assert {"spot", "batch", "error", "rules", "melds", "score", "play", "go-out", "initial-meld"} <= seen


def test_the_sources_in_the_answer_examples_are_the_ones_the_rules_give():
    sources = {r.provenance for name in BUILTIN for r in load_variant(name).rules.values()}
    for block in _blocks("answers.md", "json"):
        for item in _objects(block):
            for reason in (item if isinstance(item, list) else item.get("reasons", [])):
                assert reason["source"] in sources, reason
