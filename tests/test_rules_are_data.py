"""Rules are data: the mechanism code names no variant's rule IDs and tests no Deluxe option by number.

A rule ID (``"A-SET"``, ``"C-MELD"``...) or a Deluxe option number in the checker, the reference
decider, the game engine or the puzzles' grading would tie a mechanism to one variant's text: a
table's house-rules file could never change it. Each is read from the rules data instead (the rule
a section cites, ``Rules.cite``; a switch an option turns on, ``[deluxe.N.on]``). What remains is
listed below, each with why; the list may only shrink.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "tutor"
MECHANISMS = [*sorted((ROOT / "checker").glob("*.py")), *sorted((ROOT / "reference").glob("*.py")),
              *sorted((ROOT / "engine").glob("*.py")), ROOT / "puzzles" / "grading.py"]

RULE_ID = re.compile(r"""(?<![\w\-"'])["'][ACHY]-[A-Z][A-Z0-9]*(?:\.[A-Za-z0-9]+)?""")
DELUXE_NUMBER = re.compile(r"""\b[1-9]\s+(?:not\s+)?in\s+[\w.()\[\]"', ]*deluxe|deluxe\w*\s*==\s*[1-9]\b""")

#: (file, the literal found): what is left, and why it is not data yet
ALLOWED = {
    # canasty's [cheats] table is free-form (a letter, its text), with no key to name its rule
    ("puzzles/grading.py", '"Y-CHEATS'),
}


def found() -> set[tuple[str, str]]:
    out = set()
    for path in MECHANISMS:
        name = str(path.relative_to(ROOT))
        for line in path.read_text().splitlines():
            out.update((name, m.group(0)) for m in RULE_ID.finditer(line))
            out.update((name, m.group(0)) for m in DELUXE_NUMBER.finditer(line))
    return out


def test_rules_are_data_no_variant_rule_id_or_deluxe_number_in_mechanism_code():
    extra = sorted(found() - ALLOWED)
    assert not extra, "rule IDs or Deluxe numbers written in mechanism code (read them from the rules data):\n" + \
        "\n".join(f"  {name}: {text}" for name, text in extra)


def test_rules_are_data_the_allow_list_holds_only_what_is_still_there():
    assert not ALLOWED - found(), f"no longer found, take off the list: {sorted(ALLOWED - found())}"
