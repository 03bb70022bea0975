"""A record kept in the learner's browser (``localStorage``), read and written from Python.

The Python side of a lesson cannot reach the browser's storage (in the
browser-only course it runs in a worker that has none), so this widget
carries one JSON text each way: the stored record once, when the page first
draws the widget (``loaded`` turns true), and every new record Python sets.
"""

from __future__ import annotations

import json
import pathlib
import re

import anywidget
import traitlets

from ..errors import TutorError
from ..inputs import loads

_STATIC = pathlib.Path(__file__).parent / "static"
_KEY = re.compile(r"canasta-tutor:[a-z0-9-]+")
#: Records larger than this are not the tutor's: they are read as empty.
MAX_RECORD = 256 * 1024


class BrowserStore(anywidget.AnyWidget):
    """One key of the browser's storage: ``BrowserStore(key="canasta-tutor:puzzles")``."""

    _esm = _STATIC / "store.js"

    key = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    note = traitlets.Unicode("Your record is kept in this browser.").tag(sync=True)

    def __init__(self, *, key: str, note: str | None = None) -> None:
        if not _KEY.fullmatch(key):
            raise TutorError(f"a store key is 'canasta-tutor:' and lower-case words, not {key!r}")
        super().__init__()
        self.key = key
        if note:
            self.note = note

    def read(self) -> object:
        """The stored JSON, or None when nothing (readable) is stored yet."""
        if not self.value or len(self.value) > MAX_RECORD:
            return None
        try:
            return loads(self.value, "the record kept in this browser")
        except TutorError:
            return None

    def keep(self, data: object) -> None:
        """Store ``data`` (JSON-serialisable) in the browser."""
        self.value = json.dumps(data, separators=(",", ":"), sort_keys=True)
