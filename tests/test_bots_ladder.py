"""The ladder between two bots: duplicate deals, Wilson intervals, Elo, and ``simulate --bots``."""

from __future__ import annotations

import json

import pytest

from tutor.engine.cli import main as simulate_main
from tutor.engine.ladder import elo, ladder, seats_of, wilson


def test_wilson_interval_of_half_of_a_hundred():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert 0 < wilson(0, 10)[1] < 0.35


def test_elo_of_an_even_score_is_zero_and_the_sign_follows_the_score():
    assert elo(0.5) == 0
    assert elo(0.64) == pytest.approx(-elo(0.36)) and elo(0.64) == pytest.approx(100, abs=1)


def test_partners_play_the_same_bot_and_the_swap_changes_sides():
    assert seats_of((0, 1, 0, 1), 0) == [0, 1, 0, 1] and seats_of((0, 1, 0, 1), 1) == [1, 0, 1, 0]
    assert seats_of((0, 1, 2), 0) == [0, 1, 0]


def test_one_bot_against_itself_scores_even_on_duplicate_deals():
    # each deal is played twice with the seats swapped: the same bot wins one and loses one
    report = ladder("classic", {}, ("greedy", "greedy"), hands=4, seed=3).to_dict()
    assert report["hands"] == 4 and report["win_rate"] == 0.5 and report["elo"] == 0
    assert report["average_points"][0] == report["average_points"][1]


def test_simulate_bots_prints_the_ladder_as_json(capsys):
    assert simulate_main(["--variant", "canasty", "--bots", "greedy,random", "--hands", "2", "--seed", "1",
                          "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bots"] == ["greedy", "random"] and out["hands"] == 2
    low, high = out["win_rate_95"]
    assert 0 <= low <= out["win_rate"] <= high <= 1 and "elo" in out and out["errors"] == 0


@pytest.mark.parametrize("bots, message", [("greedy,nobody", "unknown bot 'nobody'"),
                                           ("greedy", "name two bots"), ("ismcts:0,greedy", "at least 1"),
                                           ("greedy:many,greedy", "least pile worth")])
def test_simulate_bots_refuses_a_bad_pair_in_one_line(capsys, bots, message):
    assert simulate_main(["--variant", "classic", "--bots", bots, "--hands", "2"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_greedy_with_a_lower_pile_worth_takes_a_small_pile_the_default_leaves():
    """``greedy:0`` takes a pile the default greedy bot (least worth 2) draws past, and only then differs."""
    from tutor.engine import GreedyBot, make_bot, new_game
    from tutor.engine.moves import Draw, Play
    from tutor.engine.state import BEFORE_DRAW

    eager, default = make_bot("greedy:0"), GreedyBot()
    assert eager.name == "greedy:0"
    for seed in range(30):
        state = new_game("classic", {}, seed=seed)
        while not state.hand_over:
            view = state.view(state.to_act)
            mine, theirs = eager.choose(view), default.choose(view)
            if str(mine) != str(theirs):
                assert view.phase == BEFORE_DRAW and isinstance(theirs, Draw)
                assert isinstance(mine, Play) and mine.takes_pile
                return
            state.apply(theirs, state.to_act)
    raise AssertionError("no position in 30 classic hands where a small pile was worth taking")
