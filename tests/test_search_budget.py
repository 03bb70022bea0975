"""Every search is bounded: a heavy spot ends in a verdict or in "gave up within its resource limit"
(exit 3), never in a crash of the stack, a memory error or a run of minutes (CONTRACT: exit status 3).

The attacks are real spots: house-rules files with absurd packs (which a range check may refuse
outright, exit 2, as cleanly), and spots within the standard packs that are still combinatorially
heavy: many sequences on the table, hands of 40 to 60 cards, every wild card of the pack.
"""

import json

import pytest

from tutor import reference, search_budget
from tutor.choices import candidates
from tutor.cli import main
from tutor.errors import SolverLimitError
from tutor.goals import ANY, NONE, Goal
from tutor.reference import sweep
from tutor.rules import rules_for
from tutor.search_budget import MAX_DEPTH, StepBudget, bounded, current, part
from tutor.spot import Spot

ALBANY_SHAPE = sweep.Shape.of(rules_for("albany"))

GAVE_UP = "gave up within its resource limit"

ALL_WILDS = ["JK"] * 6 + ["2S", "2H", "2D", "2C"] * 3  # albany's three packs


def heavy_albany(phase="drawn"):
    """46 albany cards with every wild card, beside eight short sequences: hundreds of thousands of
    ways to run the sequences on, more than the reference may weigh."""
    hand = [f"{r}{s}" for s in "SH" for r in "789TJQKA"] * 2 + ALL_WILDS[:14]
    data = {"variant": "albany", "hand": " ".join(hand), "phase": phase,
            "melds": [f"4{s} 5{s} 6{s}" for s in "SHDC" for _ in range(2)]}
    if phase == "before-draw":
        data["discard"] = "9D 9C 8D"
    return data


def house_file(tmp_path, text):
    path = tmp_path / "table.toml"
    path.write_text(text)
    return str(path)


def ask_cli(capsys, tmp_path, data, *question, decider="z3"):
    path = tmp_path / "spot.json"
    path.write_text(json.dumps(data))
    code = main([*question, str(path), "--json", "--decider", decider])
    out, err = capsys.readouterr()
    return code, out, err


def assert_answered_or_gave_up(code, out, err):
    assert code in (0, 3), err
    if code == 0:
        json.loads(out)
    else:
        assert GAVE_UP in err and not out
    assert "Recursion" not in err and "MemoryError" not in err and "internal error" not in err


@pytest.fixture
def small_budget(monkeypatch):
    """A tenth of the real budget: the same give-up, reached sooner."""
    monkeypatch.setattr(search_budget, "MAX_STEPS", search_budget.MAX_STEPS // 10)


# -- the reference decider -----------------------------------------------------------------
def test_reference_gives_up_on_hundreds_of_sequences_in_a_huge_house_pack(capsys, tmp_path):
    table = house_file(tmp_path, 'extends = "albany"\n[pack]\ndecks = 1000\n')
    data = {"variant": table, "hand": "4S 5S 6S 7S 8S 2C 2D JK JK 9H 9D", "melds": ["4S 5S 6S"] * 990}
    code, out, err = ask_cli(capsys, tmp_path, data, "check", "go-out", decider="reference")
    if code == 2:  # the pack itself refused as out of range: as clean an end
        assert err.startswith("canasta-tutor: ") and not out
        return
    assert code == 3 and "levels deep" in err and GAVE_UP in err


def test_reference_gives_up_on_48_sequences_and_24_wilds_within_the_range_of_a_house_pack(capsys, tmp_path,
                                                                                          small_budget):
    table = house_file(tmp_path, 'extends = "albany"\n[pack]\ndecks = 4\n')
    melds = [f"{a}{s} {b}{s} {c}{s}" for s in "SHDC" for a, b, c in ("456", "789", "TJQ") for _ in range(4)]
    hand = ["KS", "KH", "AS", "AH"] * 4 + ["JK"] * 8 + ["2S", "2H", "2D", "2C"] * 4
    code, out, err = ask_cli(capsys, tmp_path, {"variant": table, "hand": " ".join(hand), "melds": melds},
                             "check", "go-out", decider="reference")
    assert code == 3 and GAVE_UP in err and not out


def test_reference_gives_up_on_a_heavy_albany_spot_within_the_standard_pack(capsys, tmp_path):
    code, out, err = ask_cli(capsys, tmp_path, heavy_albany(), "check", "go-out", decider="reference")
    assert code == 3 and GAVE_UP in err and not out


@pytest.mark.parametrize("question", [["melds"], ["check", "go-out"], ["check", "pickup"],
                                      ["check", "initial-meld"]])
def test_reference_answers_or_gives_up_on_every_question_of_a_heavy_spot(capsys, tmp_path, small_budget, question):
    code, out, err = ask_cli(capsys, tmp_path, heavy_albany("before-draw"), *question, decider="reference")
    assert_answered_or_gave_up(code, out, err)


def test_reference_on_a_huge_house_hand_of_many_wilds_gives_up_in_the_group_search(capsys, tmp_path, small_budget):
    table = house_file(tmp_path, 'extends = "classic"\n[pack]\ndecks = 60\n')
    hand = ["KS", "KH", "KD", "KC"] * 40 + ["JK"] * 100 + ["2S", "2H"] * 50 + ["QS", "QH"] * 40
    data = {"variant": table, "hand": " ".join(hand), "melds": ["AS AH AD"]}
    code, out, err = ask_cli(capsys, tmp_path, data, "check", "go-out", decider="reference")
    if code == 2:
        assert err.startswith("canasta-tutor: ") and not out
        return
    assert_answered_or_gave_up(code, out, err)


def test_the_sets_of_one_rank_on_the_table_nest_no_deeper_than_the_limit():
    placed = [sweep.PlacedGroup(i, "K", 2, 1, 3) for i in range(MAX_DEPTH + 1)]
    with pytest.raises(SolverLimitError, match="levels deep"):
        sweep.group_plans(placed, 4, 2, 7, ALBANY_SHAPE)
    assert sweep.group_plans(placed[:2], 4, 2, 7, ALBANY_SHAPE)  # a real table is answered


def test_the_wild_card_sets_on_the_table_are_weighed_within_the_budget():
    placed = [sweep.PlacedPlain(i, "", 3) for i in range(8)]  # (free + 1) ** 8 ways to share them
    with bounded(100_000), pytest.raises(SolverLimitError, match=GAVE_UP):
        sweep.wild_plans(placed, 18, 7)
    with bounded(100_000):
        assert sweep.wild_plans(placed[:2], 4, 7)


def test_one_question_shares_one_budget_across_its_searches():
    s = Spot.from_dict({"variant": "classic", "hand": "KS KH KD QS QH 2C JK 9C 4D", "score": 200})
    with bounded(10**9) as budget:
        reference.search(s, Goal(pickup=NONE, must_meld=True))
        once = budget.spent
        reference.search(s, Goal(pickup=NONE, must_meld=True))
    assert once > 0 and budget.spent == 2 * once
    with bounded(once - 1), pytest.raises(SolverLimitError, match=GAVE_UP):
        reference.search(s, Goal(pickup=NONE, must_meld=True))


def test_a_step_budget_stops_at_its_limit_and_names_it():
    budget = StepBudget(3, "the listing of melds")
    budget.spend(3)
    with pytest.raises(SolverLimitError, match=r"the listing of melds gave up within its resource limit \(3 search"):
        budget.spend()


def test_reference_answers_are_the_same_within_the_budget():
    s = Spot.from_dict({"variant": "albany", "phase": "drawn",
                        "hand": "4H 5H 6H 7H 8H 9H TH 4S 5S 6S 7S 8S 4D 5D 6D 7D 2C JK 2D KS KH"})
    with bounded() as budget:
        found = reference.search(s, Goal(pickup=ANY, must_meld=True, best=True))
    assert found is not None and 0 < budget.spent < search_budget.MAX_STEPS


# -- the melds listing -------------------------------------------------------------------------
def sixty_card_albany_hand():
    hand = [f"{r}{s}" for s in "SHDC" for r in "456789TJQKA"] + ALL_WILDS
    return Spot.from_dict({"variant": "albany", "hand": " ".join(hand[:62]), "phase": "drawn"})


def test_the_candidate_cap_stops_the_listing_as_it_generates():
    s = sixty_card_albany_hand()
    whole = StepBudget(10**12)
    listed = candidates(s, budget=whole)
    assert len(listed) > 1500
    capped = StepBudget(10**12)
    with pytest.raises(SolverLimitError, match="more than 100 candidate melds"):
        candidates(s, budget=capped, limit=100)
    assert capped.spent < whole.spent / 4  # stopped early, not after listing everything


def test_the_candidate_cap_changes_nothing_below_it():
    s = sixty_card_albany_hand()
    listed = candidates(s)
    assert candidates(s, limit=len(listed)) == listed


def test_melds_gives_up_at_once_on_more_candidates_than_the_cap(capsys, tmp_path):
    hand = [f"{r}{s}" for s in "SHDC" for r in "456789TJQKA"] + ALL_WILDS
    code, out, err = ask_cli(capsys, tmp_path, {"variant": "albany", "hand": " ".join(hand[:62])}, "melds")
    assert code == 3 and "more than 1500 candidate melds" in err and GAVE_UP in err


def test_melds_gives_up_on_a_house_hand_of_hundreds_of_cards(capsys, tmp_path):
    table = house_file(tmp_path, 'extends = "house"\n[[layouts]]\nplayers = 4\npartnerships = 2\nhand = 11\n'
                                 'decks = 20\ncanastas = 1\n')
    hand = [f"{r}{s}" for s in "SHDC" for r in "AKQJT987654"] * 4 + ["JK"] * 30 + ["2S", "2H", "2D", "2C"] * 15
    code, out, err = ask_cli(capsys, tmp_path, {"variant": table, "hand": " ".join(hand)}, "melds")
    if code == 2:
        assert err.startswith("canasta-tutor: ") and not out
        return
    assert code == 3 and GAVE_UP in err and not out


def test_the_listing_counts_its_work_even_when_few_candidates_come_of_it():
    s = sixty_card_albany_hand()
    with pytest.raises(SolverLimitError, match=r"listing of melds gave up .*\(1,000 search steps\)"):
        candidates(s, budget=StepBudget(1000, "the listing of melds"))


def test_a_part_that_gives_up_leaves_the_question_its_other_steps():
    with bounded(100) as question:
        question.spend(10)
        with pytest.raises(SolverLimitError):
            with part(20):
                current().spend(25)
        assert question.spent == 35
        current().spend(60)  # within the question's own limit still
        with pytest.raises(SolverLimitError):
            current().spend(10)
