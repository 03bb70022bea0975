"""The browser store widget: one JSON record per key, read defensively."""

from __future__ import annotations

import pytest

from tutor.errors import TutorError
from tutor.widget.store import MAX_RECORD, BrowserStore


def test_a_store_keeps_json_and_reads_it_back():
    store = BrowserStore(key="canasta-tutor:puzzles")
    assert store.read() is None
    store.keep({"streak": 3, "solved": ["a"]})
    assert store.read() == {"streak": 3, "solved": ["a"]}


@pytest.mark.parametrize("stored", ["not json", "{", "x" * (MAX_RECORD + 1), "[" * 5000 + "]" * 5000,
                                    '{"a": 1, "a": 2}'])
def test_a_damaged_or_oversized_record_reads_as_nothing(stored):
    store = BrowserStore(key="canasta-tutor:puzzles")
    store.value = stored
    assert store.read() is None


@pytest.mark.parametrize("key", ["", "puzzles", "canasta-tutor:", "canasta-tutor:Bad Key", "other:puzzles"])
def test_a_store_key_is_the_tutors_own(key):
    with pytest.raises(TutorError):
        BrowserStore(key=key)
