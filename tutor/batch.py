"""``check --batch``: one JSON question per line in, one JSON answer per line out."""

from __future__ import annotations

import json
import sys

from .errors import SolverLimitError, TutorError, internal_error
from .questions import QUESTIONS, ask
from .spot import Spot

_LINE_KEYS = {"question", "spot", "play", "went_out"}
MAX_LINE_BYTES = 1024 * 1024


def answer_line(line: str, decider: str = "z3", rlimit: int | None = None) -> dict:
    """The answer to one batch line; a bad line gives ``{"error": ...}``."""
    try:
        if len(line) > MAX_LINE_BYTES:
            raise TutorError(f"line is longer than {MAX_LINE_BYTES} bytes")
        try:
            item = json.loads(line)
        except json.JSONDecodeError as e:
            raise TutorError(f"not valid JSON: {e}") from None
        if not isinstance(item, dict):
            raise TutorError("each line is a JSON object with 'question' and 'spot'")
        unknown = set(item) - _LINE_KEYS
        if unknown:
            raise TutorError(f"unknown key {sorted(unknown)[0]!r} (known: question, spot, play, went_out)")
        question = item.get("question")
        if question not in QUESTIONS:
            raise TutorError(f"'question' must be one of {', '.join(QUESTIONS)}, not {json.dumps(question)}")
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


def run_batch(path: str, decider: str = "z3", rlimit: int | None = None) -> int:
    if path == "-":
        stream = sys.stdin
    else:
        try:
            stream = open(path, encoding="utf-8")
        except OSError as e:
            raise TutorError(f"cannot read batch file {path}: {e.strerror}") from None
    gave_up = bug = False
    with stream:
        try:
            for line in stream:
                if not line.strip():
                    continue
                out = answer_line(line, decider, rlimit)
                gave_up |= bool(out.get("gave_up"))
                bug |= bool(out.get("bug"))
                print(json.dumps(out, ensure_ascii=False), flush=False)
        except UnicodeDecodeError:
            raise TutorError(f"batch file {path} is not UTF-8 text") from None
    sys.stdout.flush()
    return 1 if bug else 3 if gave_up else 0
