"""Where the lessons and the puzzle bank are, installed or in a checkout.

They live at the top of the repository (``lessons/``, ``puzzles/``) and travel
inside the wheel as package data (``tutor/_data/``); both ways the code asks
here instead of building a path next to its own source.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent


def _folder(name: str) -> Path:
    packaged = resources.files("tutor") / "_data" / name
    if packaged.is_dir():
        return Path(str(packaged))
    return _CHECKOUT / name


def lessons_dir() -> Path:
    """The folder of lesson notebooks (``00_welcome.py`` ...)."""
    return _folder("lessons")


def bank_dir() -> Path:
    """The folder of the puzzle bank (``classic.jsonl`` ...)."""
    return _folder("puzzles")
