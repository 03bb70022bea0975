"""Coverage-guided fuzzing of everything a user can type or load.

    make fuzz FUZZ_SECONDS=3600                                  # the long run (installs atheris)
    python fuzz/fuzz_inputs.py -runs=3000 -max_total_time=40     # a bounded budget (as in the test suite)
    FUZZ_WITHOUT=deep,huge python fuzz/fuzz_inputs.py ...        # leave out kinds known to crash a parser

The first input byte chooses the target. Raw targets read the rest as text:
card notation, meld notation, a play, spot JSON, a batch line, a house-rules
file. Structured targets let the input bytes drive the generators of
``hostile.py`` instead (the same the test suite and ``bench/fuzz_report.py``
use): spots of all four variants, house-rules files over each of them, plays,
batch lines and puzzle lines, with device paths, deep nesting, huge integers
and Unicode look-alikes of the card letters and digits. Devices whose read
never ends are left out (``FUZZ_ENDLESS=1`` takes them in: a read that hangs
is then reported by libFuzzer's ``-timeout``).

Every input must end in an answer or in the tutor's own error (``TutorError``);
anything else is a crash: the fuzzer stops, prints the traceback and saves the
input as a ``crash-*`` file. A clean run ends with libFuzzer's "Done N runs"
line, N being the inputs tried.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile

import atheris

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

with atheris.instrument_imports():
    import hostile
    from tutor.batch import answer_line
    from tutor.cards import parse_cards, parse_melds
    from tutor.errors import TutorError
    from tutor.play import parse_play
    from tutor.rules import load_variant
    from tutor.search_budget import bounded
    from tutor.spot import Spot

_FOLDER = tempfile.mkdtemp(prefix="canasta-fuzz-")
_VARIANT_FILE = os.path.join(_FOLDER, "table.toml")
_HOUSE_FILE = os.path.join(_FOLDER, "house.toml")
_PUZZLE_FILE = os.path.join(_FOLDER, "collection.jsonl")
with open(_HOUSE_FILE, "w", encoding="utf-8") as _f:
    _f.write('extends = "albany"\n')
_WITHOUT = tuple(f for f in os.environ.get("FUZZ_WITHOUT", "").replace(" ", "").split(",") if f)
_ENDLESS = os.environ.get("FUZZ_ENDLESS") == "1"


class _BytesRandom(random.Random):
    """A ``random.Random`` whose every choice is read from the fuzzer's input, so that the
    fuzzer's mutations steer the generators (and coverage guides them)."""

    def __init__(self, provider: atheris.FuzzedDataProvider):
        self.provider = provider
        super().__init__(0)

    def random(self) -> float:
        return self.provider.ConsumeProbability()

    def getrandbits(self, k: int) -> int:
        return self.provider.ConsumeIntInRange(0, (1 << k) - 1) if k else 0


def _variant(text: str) -> None:
    with open(_VARIANT_FILE, "w", encoding="utf-8") as f:
        f.write(text)
    load_variant(_VARIANT_FILE).with_options({})


def _batch(text: str) -> None:
    with bounded(20_000):
        out = answer_line(text, decider="reference")
    assert isinstance(out, dict) and not out.get("bug"), out  # answered in place, but a crash all the same
    assert "internal error" not in str(out.get("error", "")), out


RAW = (parse_cards, parse_melds, parse_play, Spot.from_json, _batch, _variant)


def _structured(kind: str, rng: random.Random) -> None:
    with hostile.without(*_WITHOUT):
        if kind == "house":
            text = hostile.house_toml(rng)
        elif kind in ("spot", "batch"):
            text = hostile.KINDS[kind](rng, _HOUSE_FILE)
        else:
            text = hostile.KINDS[kind](rng)
    if not _ENDLESS and hostile.reads_endless(text):
        return
    if kind == "house":
        with open(_VARIANT_FILE, "w", encoding="utf-8") as f:
            f.write(text)
        text = _VARIANT_FILE
    elif kind == "puzzle":
        with open(_PUZZLE_FILE, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        text = _PUZZLE_FILE
    hostile.run_entry(kind, text)


STRUCTURED = tuple(hostile.KINDS)


def one_input(data: bytes) -> None:
    if not data:
        return
    choice = data[0] % (len(RAW) + len(STRUCTURED))
    try:
        if choice < len(RAW):
            RAW[choice](data[1:].decode("utf-8", errors="replace"))
        else:
            _structured(STRUCTURED[choice - len(RAW)], _BytesRandom(atheris.FuzzedDataProvider(data[1:])))
    except TutorError:
        pass


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
