"""``check --batch``: one JSON question per line in, one JSON answer per line out.

Every line is judged alone, whatever its bytes: a line that is too long, not
UTF-8 or not a question gets its own ``{"error": ...}`` line and the others
are still answered. ``"bug": true`` marks only a fault of the tutor itself.
"""

from __future__ import annotations

import json
import sys

from .errors import SolverLimitError, TutorError, internal_error
from .inputs import excerpt, lines, loads, open_binary
from .questions import QUESTIONS, ask
from .spot import Spot

_LINE_KEYS = {"question", "spot", "play", "went_out"}
MAX_LINE_BYTES = 1024 * 1024
MAX_BATCH_BYTES = 256 * 1024 * 1024  # a batch stream is read this far at most


def answer_line(line: str, decider: str = "z3", rlimit: int | None = None) -> dict:
    """The answer to one batch line; a bad line gives ``{"error": ...}``."""
    try:
        if len(line) > MAX_LINE_BYTES:
            raise TutorError(f"line is longer than {MAX_LINE_BYTES} bytes")
        item = loads(line, "the line")
        if not isinstance(item, dict):
            raise TutorError("each line is a JSON object with 'question' and 'spot'")
        unknown = set(item) - _LINE_KEYS
        if unknown:
            raise TutorError(f"unknown key {excerpt(sorted(unknown)[0])} (known: question, spot, play, went_out)")
        question = item.get("question")
        if question not in QUESTIONS:
            raise TutorError(f"'question' must be one of {', '.join(QUESTIONS)}, not {excerpt(json.dumps(question, ensure_ascii=False), quote=False)}")
        if "spot" not in item:
            raise TutorError("missing 'spot'")
        play = item.get("play")
        if play is not None and not isinstance(play, str):
            raise TutorError("'play' must be a string")
        went_out = item.get("went_out")
        if went_out is not None and went_out not in ("out", "concealed"):
            raise TutorError("'went_out' must be \"out\" or \"concealed\"")
        spot = Spot.from_dict(item["spot"])
        return ask(question, spot, play=play, went_out=went_out, decider=decider, rlimit=rlimit).to_dict()
    except SolverLimitError as e:
        return {"error": str(e), "gave_up": True}
    except TutorError as e:
        return {"error": str(e)}
    except Exception as e:  # a bug: reported on its own line, and the other lines are still answered
        return {"error": internal_error(e), "bug": True}


def answer_bytes(raw: bytes | None, decider: str = "z3", rlimit: int | None = None) -> dict | None:
    """The answer to one line as read (``None``: longer than the cap); None for a blank line."""
    if raw is None:
        return {"error": f"line is longer than {MAX_LINE_BYTES} bytes"}
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return {"error": f"line is not UTF-8 text (byte {e.start + 1} is 0x{raw[e.start]:02x})"}
    if not line.strip():
        return None
    return answer_line(line, decider, rlimit)


def run_batch(path: str, decider: str = "z3", rlimit: int | None = None) -> int:
    """Answer every line of ``path`` (or ``-``): exit 0, or 3 if a decider gave up on a line,
    or 1 if the tutor itself failed on one (each such line still gets its own error line)."""
    gave_up = bug = False
    with open_binary(path, "batch file") as stream:
        try:
            for _, raw in lines(stream, MAX_LINE_BYTES, MAX_BATCH_BYTES, "batch input"):
                out = answer_bytes(raw, decider, rlimit)
                if out is None:
                    continue
                gave_up |= bool(out.get("gave_up"))
                bug |= bool(out.get("bug"))
                print(json.dumps(out, ensure_ascii=False), flush=False)
        finally:
            sys.stdout.flush()
    return 1 if bug else 3 if gave_up else 0
