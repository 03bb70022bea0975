"""One grammar of steps: whatever the tutor prints as a step, ``--play`` reads back as printed.

The ``melds`` listing, a witness and a verdict print their steps with
``tutor.play``; these tests read the printed text (plain and with suit
symbols) back and replay the witness with the referee.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import albany_spots, spots
from tutor import ask
from tutor.play import Action, format_play, format_step, parse_action, parse_play
from tutor.questions import referee
from tutor.report import verdict_text

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def printed_melds(verdict) -> list[str]:
    """The steps of a ``melds`` listing as printed: each line is points first, then the step."""
    return [line.split(" points  ", 1)[1] for line in verdict_text(verdict).splitlines()[1:]]


def printed_witness(verdict) -> list[str]:
    """The steps a yes prints under 'step by step:'."""
    lines = verdict_text(verdict).splitlines()
    start = lines.index("  step by step:") + 1
    return [line[4:] for line in lines[start:] if line.startswith("    ")]


@pytest.mark.parametrize("text", [
    "pickup", "pickup KH KD", "pickup 9S 9H depth 3", "pickup depth 1", "meld KS KH KD 2C", "layoff 7D",
    "layoff 7D JK to 2", "discard 9C", "exchange 7H", "exchange 7H on 3", "combine 2 5",
])
def test_every_step_of_the_contract_prints_as_it_is_read(text):
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(format_step(action, symbols=True)) == action


def test_the_joker_drawn_as_a_card_reads_back_as_jk():
    assert parse_action("meld K♠ K♥ 🃏") == parse_action("meld KS KH JK")


def test_a_play_prints_and_reads_as_one_turn():
    play = parse_play("pickup KH KD; meld KS KH KD 2C; layoff 7D to 2; discard 9C")
    assert parse_play(format_play(play)) == play == parse_play(format_play(play, symbols=True))


def _round_trip(spot, question):
    listing = ask("melds", spot)
    for choice, step in zip(listing.extra["melds"], printed_melds(listing), strict=True):
        action = parse_action(step)
        assert (action.kind, " ".join(map(str, action.cards)), action.to) == (
            choice["kind"], choice["cards"], choice["to"])
    verdict = ask(question, spot)
    if not verdict.answer or verdict.witness.get("drawn"):  # a '?' stock card is no card a play can name
        return
    _yes_round_trip(spot, verdict)


@SETTINGS
@given(spot=spots(), question=st.sampled_from(["go-out", "pickup", "initial-meld"]))
def test_steps_printed_by_melds_and_a_yes_read_back_and_replay(spot, question):
    _round_trip(spot, question)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spot=albany_spots(), question=st.sampled_from(["go-out", "pickup"]))
def test_albany_steps_printed_read_back_and_replay(spot, question):
    _round_trip(spot, question)


def _yes_round_trip(spot, verdict):
    steps = printed_witness(verdict)
    assert parse_play("; ".join(steps)) == parse_play(verdict.witness["play"])
    replay = referee(spot, "; ".join(steps))
    assert replay.answer, replay.reasons
    assert printed_witness(replay) == steps


@SETTINGS
@given(spot=spots(), data=st.data())
def test_a_listed_meld_played_and_discarded_after_prints_a_witness_that_replays(spot, data):
    """Most random spots answer no; a listed choice then a discard is often a legal turn, whose witness prints."""
    spot = spot.replace(phase="drawn")
    listing = ask("melds", spot)
    steps = printed_melds(listing)
    if not steps:
        return
    step = data.draw(st.sampled_from(steps))
    rest = Counter(spot.hand) - Counter(parse_action(step).cards)
    if not rest:
        return
    card = data.draw(st.sampled_from(sorted(rest.elements(), key=str)))
    verdict = referee(spot, f"{step}; {format_step(Action('discard', (card,)), symbols=True)}")
    if verdict.answer:
        _yes_round_trip(spot, verdict)


def _bank_yes():
    from tutor.puzzles import bank_files, read_file

    found = [p for f in bank_files() for p in read_file(f) if p.answer and p.question != "cheat"]
    return sorted(found, key=lambda p: p.id)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzle=st.sampled_from(_bank_yes()))
def test_the_witness_of_every_kind_of_yes_in_the_bank_prints_and_replays(puzzle):
    """The bank's yes puzzles hold pickups with depth, lay-offs and albany's moves on the table."""
    from tutor.spot import Spot

    spot = Spot.from_dict(puzzle.spot)
    verdict = ask(puzzle.question, spot, play=puzzle.play)
    assert verdict.answer
    if not verdict.witness.get("drawn"):
        _yes_round_trip(spot, verdict)
    stored = puzzle.proof["witness"]["play"]
    if "?" not in stored:
        _yes_round_trip(spot, referee(spot, stored))


def test_a_proposed_first_meld_takes_a_witness_as_printed():
    from tutor.spot import Spot

    spot = Spot.from_dict({"variant": "classic", "hand": "KS KH KD 9C 9D 9H 5C 4D", "phase": "drawn"})
    verdict = ask("initial-meld", spot)
    again = ask("initial-meld", spot, play="; ".join(printed_witness(verdict)))
    assert verdict.answer and again.answer and isinstance(parse_play(again.witness["play"])[0], Action)
