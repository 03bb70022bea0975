"""The numbers a reason states, checked against the spot: an oracle for the tests and the reasons report.

Every figure is recomputed here from the variant's data alone, never with the
deciders' code: the first-meld minimum from the score bands, the canastas a
table needs from its layout row and the options in play. A reason
contradicts its verdict when, say, a no says the best reachable meets the
need, or a yes says its first meld counts less than the minimum.
"""

from __future__ import annotations

import re

from tutor.rules import load_variant

#: First reasons that name no deciding rule: the search's own words for "nothing worked".
GENERIC = (
    re.compile(r"^no legal turn (does this|goes out|takes the pile|reaches this goal|starts with this draw)"),
    re.compile(r"^the exhaustive search found no legal turn"),
    re.compile(r"cannot be part of a legal turn here$"),
    re.compile(r"^no legal turn puts down a meld or lays off a card"),
    re.compile(r"could not be singled out within the question.s limit$"),
)


def generic(text: str) -> bool:
    return any(p.search(text) for p in GENERIC)


# -- the numbers a reason must agree with, recomputed from the variant's data alone ---------------
def first_meld_need(spot) -> int:
    """The first-meld minimum from the score bands (0 for a side already down or a table without one)."""
    data = spot.rules.data
    if spot.melds or not data.get("initial", {}).get("required"):
        return 0
    need = 0
    for band in data["initial"].get("bands", []):
        if "from" not in band or spot.score >= band["from"]:
            need = band["need"]
    return need


def canastas_needed(spot) -> int:
    """The canastas going out needs, from the table's layout row and the options in play."""
    variant, options = load_variant(spot.rules.variant), spot.rules.options
    players = options.get("players")
    part = options.get("partnerships", "auto")
    rows = [r for r in variant.data["layouts"]
            if players in (r["players"] if isinstance(r["players"], list) else [r["players"]])]
    if part not in ("auto", None):
        part = 0 if part is False else (players // 2 if part is True else part)
        rows = [r for r in rows if r.get("partnerships", 0) == part]
    need = rows[0]["canastas"]
    for number in options.get("deluxe", []) or []:
        need -= variant.data.get("deluxe", {}).get(str(number), {}).get("on", {}).get("go_out", {}).get(
            "canastas_fewer", 0)
    return max(0, need)


def _number(word: str) -> int:
    return 0 if word in ("none", "nothing", "no") else int(word)


NEED_OUT = re.compile(r"[Gg]oing out needs (\d+) canastas?")
BEST_OUT = re.compile(r"[Gg]oing out needs (\d+) canastas?; the best you can reach is (none|\d+)")
BEST_MIN = re.compile(r"your melds total (nothing|at most (-?\d+)); with (-?\d+) points you need (\d+)")
BEST_FIRST = re.compile(r"the best first meld (?:you can make )?(?:counts|totals?) (\d+)[^;]*?;? ?"
                        r"(?:with a score of (-?\d+), )?(?:your side )?needs (\d+)")
GOING_DOWN = re.compile(r"going down this turn needs (\d+) points")
YES_FIRST = re.compile(r"your first meld counts (\d+) and, with a score of (-?\d+), your side needs (\d+)")
YES_OUT = re.compile(r"your side has (\d+|no) canastas? after the turn and going out needs (\d+)")
STOPPERS = re.compile(r"holding (\d+) stoppers? after the draw prevents going out \((\d+) or more block it\)")
MADE = re.compile(r"[Gg]oing out needs (\d+) canastas?;[^;]*? (?:at most (\d+)|(none)) could be made")
BLACK3_HELD = re.compile(r"^black 3s are (?:melded only|never melded)[^;]*; you hold 0 black 3s(?!, \d+ more)")
WILD_SET = re.compile(r"needs at least (\d+) of them, put down in one turn; you can have (\d+)")


def contradictions(spot, answer: bool, reasons) -> list[str]:
    """What in these reasons disagrees with the verdict or the spot, in words."""
    need_first, need_out, out = first_meld_need(spot), canastas_needed(spot), []
    for r in reasons:
        t = r.text
        for m in NEED_OUT.finditer(t):
            if int(m.group(1)) != need_out:
                out.append(f"says going out needs {m.group(1)} canastas, the table needs {need_out}: {t}")
        for m in GOING_DOWN.finditer(t):
            if int(m.group(1)) != need_first:
                out.append(f"says going down needs {m.group(1)}, the bands say {need_first}: {t}")
        if not answer:
            m = BEST_OUT.search(t)
            if m and _number(m.group(2)) >= int(m.group(1)):
                out.append(f"a no whose best reach meets the need: {t}")
            m = MADE.search(t)
            if m and m.group(2) and int(m.group(2)) >= int(m.group(1)):
                out.append(f"a no whose canastas within reach meet the need: {t}")
            m = BEST_MIN.search(t)
            if m:
                best, score, need = _number(m.group(2) or "none"), int(m.group(3)), int(m.group(4))
                if need != need_first or score != spot.score:
                    out.append(f"first-meld need {need} with {score}; the bands say {need_first} with {spot.score}: {t}")
                if best >= need:
                    out.append(f"a no whose best first meld meets the minimum: {t}")
            m = BEST_FIRST.search(t)
            if m and int(m.group(1)) >= int(m.group(3)):
                out.append(f"a no whose best first meld meets the minimum: {t}")
            m = STOPPERS.search(t)
            if m and int(m.group(1)) < int(m.group(2)):
                out.append(f"a no blamed on fewer stoppers than block: {t}")
            if BLACK3_HELD.search(t):
                out.append(f"a no blamed on black 3s where none is held or taken: {t}")
            m = WILD_SET.search(t)
            if m and int(m.group(2)) >= int(m.group(1)):
                out.append(f"a no blamed on a wild meld it could make: {t}")
        else:
            m = YES_FIRST.search(t)
            if m:
                counted, score, need = map(int, m.groups())
                if need != need_first or score != spot.score or counted < need:
                    out.append(f"a yes with first meld {counted}, need {need} (bands: {need_first}): {t}")
            m = YES_OUT.search(t)
            if m and _number(m.group(1)) < int(m.group(2)):
                out.append(f"a yes going out with fewer canastas than needed: {t}")
    return out
