"""Coverage-guided fuzzing of everything a user can type or load.

    python fuzz/fuzz_inputs.py -runs=20000          # a bounded budget (as in CI)
    python fuzz/fuzz_inputs.py -max_total_time=3600 # a long run

Each input is read as card notation, meld notation, a play, a spot, a batch
line or a house-rules file (the first byte chooses). Every input must end in
an answer or in the tutor's own error (``TutorError``); anything else is a
crash: the fuzzer stops, prints the traceback and saves the input as a
``crash-*`` file. A clean run ends with libFuzzer's "Done N runs" line, N being
the inputs tried.
"""

from __future__ import annotations

import os
import sys
import tempfile

import atheris

with atheris.instrument_imports():
    from tutor.batch import answer_line
    from tutor.cards import parse_cards, parse_melds
    from tutor.errors import TutorError
    from tutor.play import parse_play
    from tutor.rules import load_variant
    from tutor.spot import Spot

_VARIANT_FILE = os.path.join(tempfile.mkdtemp(prefix="canasta-fuzz-"), "table.toml")


def _variant(text: str) -> None:
    with open(_VARIANT_FILE, "w", encoding="utf-8") as f:
        f.write(text)
    load_variant(_VARIANT_FILE).with_options({})


def _batch(text: str) -> None:
    out = answer_line(text, decider="reference")
    assert isinstance(out, dict) and not out.get("bug"), out  # answered in place, but a crash all the same


TARGETS = (parse_cards, parse_melds, parse_play, Spot.from_json, _batch, _variant)


def one_input(data: bytes) -> None:
    if not data:
        return
    target = TARGETS[data[0] % len(TARGETS)]
    text = data[1:].decode("utf-8", errors="replace")
    try:
        target(text)
    except TutorError:
        pass


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
