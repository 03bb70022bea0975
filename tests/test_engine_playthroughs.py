"""Recorded playthroughs: fixed seeds played by the bots, compared verbatim with tests/data/playthroughs/.

Each file is the game's transcript followed by its moves. The moves alone must replay to the same
transcript, and the bots must still play the same game. After a deliberate change to the bots,
the engine or the scoring, rewrite the files with ``UPDATE_PLAYTHROUGHS=1 pytest tests/test_engine_playthroughs.py``
and read the difference before committing it.
"""

import os
from pathlib import Path

import pytest

from tutor.engine import Game, State, bots_for, play_game, play_hand, transcript

DATA = Path(__file__).parent / "data" / "playthroughs"

PLAYTHROUGHS = {
    "classic-4p-seed11": ("classic", {}, 11, "greedy", "hand"),
    "classic-2p-seed12": ("classic", {"players": 2}, 12, "greedy", "hand"),
    "house-draw2-seed13": ("house", {"draw": 2}, 13, "greedy", "hand"),
    "canasty-4p-seed14": ("canasty", {}, 14, "greedy", "hand"),
    "albany-3p-seed15": ("albany", {"players": 3}, 15, "greedy", "hand"),
    "albany-partners-deluxe-seed16": ("albany", {"players": 4, "partnerships": True, "deluxe": [1, 2, 3, 6, 7]},
                                      16, "random", "hand"),
    "classic-4p-game-seed17": ("classic", {}, 17, "greedy", "game"),
}


def record(state: State) -> str:
    moves = "".join(f"{seat} {move}\n" for seat, move in state.history)
    return transcript(state, breakdown=False) + "moves\n" + moves


def played(name: str) -> State:
    variant, options, seed, bot, length = PLAYTHROUGHS[name]
    state = Game(variant, options, seed).new_state()
    bots = bots_for(state, bot)
    (play_game if length == "game" else play_hand)(state, bots)
    return state


def recorded(name: str) -> str:
    path = DATA / f"{name}.txt"
    if os.environ.get("UPDATE_PLAYTHROUGHS"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(record(played(name)))
    if not path.exists():
        pytest.fail(f"{path} is missing: write it with UPDATE_PLAYTHROUGHS=1 and check it in")
    return path.read_text()


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_recorded_moves_replay_to_the_recorded_transcript(name):
    text = recorded(name)
    story, _, moves = text.partition("moves\n")
    history = [(int(line.split(" ", 1)[0]), line.split(" ", 1)[1]) for line in moves.splitlines()]
    assert history, f"{name} records no moves"
    variant, options, seed, _, _ = PLAYTHROUGHS[name]
    state = State.replay(Game(variant, options, seed), history)
    assert transcript(state, breakdown=False) == story


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_bots_still_play_the_recorded_game(name):
    assert record(played(name)) == recorded(name)


def test_every_recorded_playthrough_is_listed():
    files = {p.stem for p in DATA.glob("*.txt")}
    assert files == set(PLAYTHROUGHS), "a playthrough file without a test, or a test without its file"
