"""Puzzles mined from self-play: every mined spot is one a game reaches, and verify replays the game to it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.errors import TutorError
from tutor.puzzles.format import Puzzle, PuzzleError, seal
from tutor.puzzles.generate import generate_report
from tutor.puzzles.mine import mined_spot, replay
from tutor.puzzles.verify import verify_record

VARIANTS = ("classic", "house", "canasty", "albany")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_mined_spot_is_what_its_origins_game_reaches(variant):
    for index in range(3):
        spot, origin, _ = mined_spot(variant, {}, "t", index)
        assert origin["variant"] == variant
        assert replay(origin) == spot.to_dict()


def test_an_origin_that_reaches_no_such_moment_is_a_clear_error():
    _, origin, _ = mined_spot("classic", {}, "t", 0)
    with pytest.raises(TutorError, match="reaches no such moment"):
        replay(dict(origin, turn=10_000))
    with pytest.raises(TutorError, match="lacks"):
        replay({"variant": "classic"})


@pytest.fixture(scope="module")
def mined():
    report = generate_report("classic", 4, seed=3, workers=1, progress=False, source="mined")
    assert len(report.puzzles) == 4
    return report.puzzles


def test_mined_puzzles_record_their_origin_and_rating_and_are_deterministic(mined):
    again = generate_report("classic", 4, seed=3, workers=1, progress=False, source="mined").puzzles
    assert [p.to_line() for p in again] == [p.to_line() for p in mined]
    assert all(p.origin and p.generator == "mined/self-play" and p.rating for p in mined)
    assert all(Puzzle.from_dict(p.to_dict()) == p for p in mined)


def test_verify_replays_a_mined_puzzles_game_and_catches_a_changed_origin(mined):
    puzzle = mined[0]
    assert verify_record(puzzle.to_dict()) == []
    moved = seal(replace(puzzle, origin=dict(puzzle.origin, turn=puzzle.origin["turn"] + 1)))
    problems = verify_record(moved.to_dict())
    assert problems and "origin" in problems[0]


@pytest.mark.parametrize("origin", [{"variant": "classic"}, {"variant": "classic", "options": {}, "game": "1/2",
                                                             "turn": "3", "phase": "drawn"}])
def test_a_malformed_origin_is_refused_by_the_format(mined, origin):
    data = dict(mined[0].to_dict(), origin=origin)
    with pytest.raises(PuzzleError, match="origin"):
        Puzzle.from_dict(data)
