"""Random-play conformance: bots play whole hands of every variant and option set, and after
every move the cards are all there, every turn the engine allowed passes play_turn on the
exported contract spot, the state survives JSON and replay from its history, and scores add up."""

from collections import Counter

import pytest

from tutor.engine import Game, Play, State, bots_for
from tutor.errors import TutorError
from tutor.play import parse_play
from tutor.spot import Spot
from tutor.turn import play_turn

TABLES = [
    ("classic", {}), ("classic", {"players": 2}),
    ("house", {}), ("house", {"draw": 2}), ("house", {"players": 3}), ("house", {"players": 5, "draw": 2}),
    ("house", {"players": 6}),
    ("canasty", {}), ("canasty", {"extended": True}), ("canasty", {"wimp_rule": False}), ("canasty", {"players": 6}),
    ("canasty", {"players": 2}), ("canasty", {"players": 9}),
    ("albany", {"players": 2}), ("albany", {"players": 3}), ("albany", {}), ("albany", {"players": 5}),
    ("albany", {"players": 4, "partnerships": True}), ("albany", {"players": 6, "partnerships": 2}),
    ("albany", {"players": 6, "partnerships": 3}),
    ("albany", {"deluxe": [1, 2, 3]}), ("albany", {"players": 2, "deluxe": [4, 5, 9]}),
    ("albany", {"players": 3, "deluxe": [6, 7, 8]}), ("albany", {"players": 5, "deluxe": [1, 2, 3, 4, 5, 6, 7, 8, 9]}),
    ("albany", {"players": 4, "partnerships": True, "deluxe": [1, 6]}),
]


def _ids(table):
    variant, options = table
    return variant + "".join(f"-{k}{v}" for k, v in options.items()).replace(" ", "")


def play_and_check(variant: str, options: dict, bot: str, hands: int, seed: int, json_every_move: bool) -> Counter:
    """Play ``hands`` hands (game after game) checking everything after every move; returns what was seen."""
    seen: Counter = Counter()
    played = 0
    while played < hands:
        state = Game(variant, options, seed).new_state()
        bots = bots_for(state, bot)
        pack = state.rules.pack
        while not state.is_over and played < hands:
            if state.hand_over:
                state.apply(bots[state.to_act].choose(state.view()))
                continue
            first = played == 0
            while not state.hand_over:
                seat = state.to_act
                phase, pending = state.phase, state.pending
                spot = state.spot_for(seat)
                move = bots[seat].choose(state.view(seat))
                try:
                    state.apply(move, seat)
                except TutorError as e:  # a bot proposing an illegal move is an engine error
                    pytest.fail(f"{variant} {options} seed {seed} hand {state.hand_no}: seat {seat} proposed "
                                f"an illegal move {move}: {e}")
                seen[type(move).__name__] += 1
                assert state.cards_conserved(), f"cards lost or made after {move}"
                assert dict(state.count_cards()) == dict(pack)
                if isinstance(move, Play):
                    assert pending is None
                    # the same turn, from the spot as the contract writes it, is legal for play_turn too
                    exported = spot if state.odd_man else Spot.from_dict(spot.to_dict())
                    assert exported == spot, "the exported spot is not what the contract's JSON says"
                    turn = play_turn(exported.replace(phase=phase), parse_play(str(move)[5:]))
                    if not turn.went_out:
                        assert Counter(turn.hand) == Counter(state.hands[seat])
                    seen["out"] += turn.went_out
                    seen[f"pickup-{turn.pickup_kind}"] += bool(turn.pickup_kind)
                if first and json_every_move:
                    assert State.from_json(state.to_json()).to_dict() == state.to_dict()
            result = state.results[-1]
            seen[f"end-{result['reason']}"] += 1
            for side in result["sides"]:
                assert sum(line["points"] for line in side["breakdown"]) == side["total"]
            assert state.scores == [sum(r["deltas"][s] for r in state.results) for s in range(state.players)]
            again = State.from_json(state.to_json())
            assert again == state
            assert State.replay(state.game, state.history) == state
            if state.hand_no > 1 or state.is_over:
                assert state.undo().hand_no == state.hand_no
            played += 1
        seed += 1
    return seen


@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_random_bots_play_every_table_legally(table):
    variant, options = table
    seen = play_and_check(variant, options, "random", hands=8, seed=100, json_every_move=True)
    assert seen["Play"] and seen["Draw"], "no turn was checked"


@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_greedy_bots_play_every_table_legally(table):
    variant, options = table
    seen = play_and_check(variant, options, "greedy", hands=4, seed=200, json_every_move=False)
    assert seen["Play"], "no turn was checked"


def test_random_play_exercises_the_engines_moves():
    seen = Counter()
    for table in [("albany", {"players": 3, "deluxe": [6, 7, 8]}), ("albany", {"players": 4, "partnerships": True}),
                  ("classic", {})]:
        seen += play_and_check(*table, "random", hands=6, seed=300, json_every_move=False)
    for move in ("Draw", "Play", "Exchange", "Combine", "AskPartner", "Answer", "Offer", "Bid", "Accept", "OddMan"):
        assert seen[move], f"random play never made a {move} move"
    assert seen["pickup-a"] and seen["pickup-b"] and seen["pickup-c"] and seen["pickup-whole"]


@pytest.mark.slow
@pytest.mark.parametrize("table", TABLES, ids=_ids)
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_many_hands_play_every_table_legally(table, bot):
    variant, options = table
    play_and_check(variant, options, bot, hands=24, seed=1000, json_every_move=False)
