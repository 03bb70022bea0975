"""The hand widget's Python side (tutor.widget): state, validation, static files.

What the browser draws is checked by browser tests; here only the synced
state and the guards around it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutor.cards import Card, parse_cards
from tutor.errors import NotationError, TutorError
from tutor.widget import HandWidget

SYNCED = {"hand", "melds", "discard", "wild", "selected", "groups", "message", "readonly"}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def test_construction_canonicalises_notation():
    w = HandWidget(hand="ks, 10h *", melds="ah ad ac | 8s 8h 8d", discard="4c 5d", wild="2, jk")
    assert w.hand == "KS TH JK"
    assert w.melds == ["AH AD AC", "8S 8H 8D"]
    assert w.discard == "4C 5D"
    assert w.wild == "2 JK"
    assert (w.selected, w.groups, w.message, w.readonly) == ("", [], "", False)


def test_construction_accepts_cards_as_well_as_text():
    w = HandWidget(hand=cards("KS KH"), melds=[cards("AH AD AC")], discard=cards("7C"))
    assert (w.hand, w.melds, w.discard) == ("KS KH", ["AH AD AC"], "7C")


def test_constructor_is_keyword_only():
    with pytest.raises(TypeError):
        HandWidget("KS KH")


@pytest.mark.parametrize(
    "kwargs, token",
    [
        (dict(hand="KS XX 7D"), "'XX' at position 2"),
        (dict(hand="KS", melds=["AH AD 1C"]), "'1C'"),
        (dict(hand="KS", discard="ZZ"), "'ZZ'"),
        (dict(hand="KS", wild="2 W"), "'W'"),
    ],
)
def test_bad_notation_raises_notation_error_naming_the_token(kwargs, token):
    with pytest.raises(NotationError, match=re.escape(token)):
        HandWidget(**kwargs)


def test_selection_or_groups_outside_the_hand_are_refused_at_construction():
    with pytest.raises(TutorError, match="not in the hand"):
        HandWidget(hand="KS KH", selected="AS")
    with pytest.raises(TutorError, match="not in the hand"):
        HandWidget(hand="KS KH", groups=["KS KS"])
    with pytest.raises(TutorError):
        HandWidget(hand="KS KH", groups=["KS"], selected="KS")


def test_select_by_index_with_duplicate_cards():
    w = HandWidget(hand="KS KH KS 7D")
    w.select(2)
    assert w.selected == "KS"
    w.select(0, 2)
    assert w.selected_cards() == cards("KS KS")


def test_selected_is_in_hand_order_whatever_order_is_asked():
    w = HandWidget(hand="KS KH KS 7D 2C")
    w.select(4, 3, 1, 1)
    assert w.selected == "KH 7D 2C"
    w.selected = "2C KS"
    assert w.selected == "KS 2C"


def test_select_out_of_range_raises_index_error():
    w = HandWidget(hand="KS KH")
    with pytest.raises(IndexError, match="position 2"):
        w.select(2)
    assert w.selected == ""


def test_group_turns_selection_into_a_proposed_meld():
    w = HandWidget(hand="KS KH KS 7D 2C JK", wild="2 JK")
    w.select(0, 1, 4)
    w.group()
    assert w.groups == ["KS KH 2C"]
    assert w.selected == ""
    assert w.group_cards() == [cards("KS KH 2C")]
    # The second king of spades is still free to select; a third is not.
    w.select(2)
    assert w.selected == "KS"
    with pytest.raises(TutorError, match="already grouped"):
        w.select(0, 2)


def test_group_without_selection_raises():
    with pytest.raises(TutorError, match="select some cards"):
        HandWidget(hand="KS").group()


def test_remove_group_and_clear():
    w = HandWidget(hand="KS KH KD 7C 7D 7H", groups=["KS KH KD", "7C 7D 7H"])
    w.remove_group(0)
    assert w.groups == ["7C 7D 7H"]
    w.select(0)
    w.clear()
    assert (w.selected, w.groups) == ("", [])
    with pytest.raises(IndexError):
        w.remove_group(0)


def test_browser_selection_outside_the_hand_is_ignored():
    w = HandWidget(hand="KS KH 7D")
    w.select(0)
    w.set_state({"selected": "AS"})  # as the browser would send it
    assert w.selected == "KS"
    w.set_state({"selected": "KS KS"})
    assert w.selected == "KS"
    w.set_state({"selected": "not cards"})
    assert w.selected == "KS"


def test_browser_selection_of_grouped_cards_is_ignored():
    w = HandWidget(hand="KS KH KS 7D", groups=["KS KH"])
    w.set_state({"selected": "KS KS"})
    assert w.selected == ""
    w.set_state({"selected": "7D KS"})
    assert w.selected == "KS 7D"


def test_browser_groups_outside_the_hand_are_ignored():
    w = HandWidget(hand="KS KH KS", groups=["KS KH"])
    w.set_state({"groups": ["KS KH", "KS KS"]})
    assert w.groups == ["KS KH"]
    w.set_state({"groups": ["ZZ"]})
    assert w.groups == ["KS KH"]
    w.set_state({"groups": ["KS", "KS KH"], "selected": ""})
    assert w.groups == ["KS", "KS KH"]


def test_browser_groups_and_selection_arrive_together():
    w = HandWidget(hand="KS KH KD 7D")
    w.set_state({"selected": "", "groups": ["KS KH KD"]})
    assert (w.selected, w.groups) == ("", ["KS KH KD"])


def test_corrected_selection_is_sent_back_to_the_browser():
    w = HandWidget(hand="KS KH 7D")
    sent = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    w.set_state({"selected": "AS"})
    updates = [m["state"] for m in sent if m["method"] == "update"]
    assert {"selected": ""} in updates


def test_grouping_cards_unselects_them():
    w = HandWidget(hand="KS KH KD 7D")
    w.select(0, 3)
    w.groups = ["KS KH KD"]
    assert w.selected == ""


def test_new_hand_clears_selection_and_groups():
    w = HandWidget(hand="KS KH KD 7D", groups=["KS KH KD"], selected="7D")
    w.hand = "AS AH"
    assert (w.hand, w.selected, w.groups) == ("AS AH", "", [])
    with pytest.raises(NotationError, match="'QQ'"):
        w.hand = "QQ"


def test_message_and_readonly():
    w = HandWidget(hand="KS", message="Yes: a legal meld.", readonly=True)
    assert w.message == "Yes: a legal meld." and w.readonly is True


def test_repr_rebuilds_the_widget():
    w = HandWidget(hand="KS KH KD 2C", melds=["7C 7D 7H"], wild="2", groups=["KS KH"], selected="2C")
    assert repr(w) == (
        "HandWidget(hand='KS KH KD 2C', melds=['7C 7D 7H'], wild='2', "
        "selected='2C', groups=['KS KH'])"
    )
    again = eval(repr(w), {"HandWidget": HandWidget})
    assert again.get_state(SYNCED) == w.get_state(SYNCED)


def test_synced_traits_are_only_notation_strings_lists_and_flags():
    w = HandWidget(hand="KS KH", melds=["AH AD AC"], discard="7C", wild="2", groups=["KS"])
    mine = {name for name in w.keys if not name.startswith("_") and name not in
            {"layout", "tabbable", "tooltip"}}
    assert mine == SYNCED
    state = w.get_state(SYNCED)
    for name, value in state.items():
        if name == "readonly":
            assert isinstance(value, bool)
        elif isinstance(value, list):
            assert all(isinstance(item, str) for item in value), name
        else:
            assert isinstance(value, str), name


def test_static_files_exist_and_load_nothing_from_the_network():
    js = HandWidget._esm.contents if hasattr(HandWidget._esm, "contents") else str(HandWidget._esm)
    css = str(HandWidget._css)
    assert "export default" in js and "render(" in js
    assert not re.search(r"""(import|from)\s*\(?\s*["']https?:""", js)
    assert "http://" not in js and "https://" not in js
    assert ".ct-card" in css and "url(http" not in css


def test_js_gives_browser_tests_stable_hooks():
    js = str(HandWidget._esm)
    for hook in ('"hand-card"', "dataset.index", "dataset.card", '"group-button"',
                 '"clear-button"', "remove-group-", '"message"', '"pile"'):
        assert hook in js, hook


# -- progress, kept in the browser ----------------------------------------------------

from tutor.widget import PROGRESS_KEY, ProgressWidget  # noqa: E402


def test_progress_key_and_shape_are_the_ones_the_static_index_reads():
    assert PROGRESS_KEY == "canasta-tutor:progress"
    js = (Path(__file__).resolve().parent.parent / "tutor" / "widget" / "static" / "hand.js").read_text()
    assert '"canasta-tutor:progress"' in js and "localStorage" in js
    assert "progress.lessons[lesson] = \"done\"" in js and "progress.exercises[key] = true" in js


def test_progress_marks_exercises_of_its_lesson_only():
    w = ProgressWidget(lesson="02_melds_and_wild_cards", exercises=["pick-a-meld", "wild-limit"])
    w.mark("wild-limit")
    w.mark("wild-limit")
    assert w.solved == ["wild-limit"]
    with pytest.raises(TutorError, match="no exercise 'nope'"):
        w.mark("nope")
    with pytest.raises(TutorError, match="bad exercise id"):
        ProgressWidget(lesson="x", exercises=["Has Space"])


def test_progress_reads_what_the_browser_stored_and_survives_damage():
    w = ProgressWidget(lesson="03_the_first_meld", exercises=["enough", "make-it"])
    w.progress = json.dumps({"lessons": {"02_melds_and_wild_cards": "done", "01_x": "started"},
                             "exercises": {"03_the_first_meld/make-it": True, "03_the_first_meld/other": True}})
    assert w.done_lessons() == {"02_melds_and_wild_cards"}
    assert w.done_exercises() == {"make-it"}
    for damaged in ("not json", "[1, 2]", '{"lessons": [1]}'):
        w.progress = damaged
        assert w.done_lessons() == set()
