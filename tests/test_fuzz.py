"""Hostile input: whatever a user types ends in an answer or in the tutor's own error."""

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from tutor.batch import answer_line
from tutor.cards import parse_cards, parse_melds
from tutor.errors import TutorError
from tutor.play import parse_play
from tutor.rules import load_variant
from tutor.sampling import random_spot
from tutor.spot import Spot

CARDISH = st.text(alphabet="AKQJT98765432SHDCjk*10♠♥♦♣ ,|;x?", max_size=40)
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _only_our_errors(fn, *args):
    try:
        return fn(*args)
    except TutorError as e:
        assert str(e), "an error must say what is wrong"


@FUZZ
@given(st.one_of(CARDISH, st.text(max_size=40)))
def test_card_notation_fuzz(text):
    _only_our_errors(parse_cards, text)
    _only_our_errors(parse_melds, text)


@FUZZ
@given(st.one_of(st.text(alphabet="pickupmeldlayoffdiscardtoepth 0123456789KSHDC2JK;", max_size=60),
                 st.text(max_size=60)))
def test_play_notation_fuzz(text):
    _only_our_errors(parse_play, text)


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                           max_leaves=10)


@FUZZ
@given(st.dictionaries(st.sampled_from(["variant", "options", "score", "hand", "melds", "discard", "red_threes",
                                        "stock", "first_round", "scores", "phase", "other"]), json_values))
def test_spot_json_fuzz(data):
    _only_our_errors(Spot.from_json, json.dumps(data))


@FUZZ
@given(st.integers(0, 10**6), st.sampled_from(["variant", "hand", "melds", "discard", "options", "score", "phase"]),
       json_values)
def test_mutated_real_spots_fuzz(seed, key, value):
    data = random_spot(random.Random(seed)).to_dict()
    data[key] = value
    _only_our_errors(Spot.from_dict, data)


@FUZZ
@given(st.one_of(st.text(max_size=80), json_values.map(json.dumps),
                 st.fixed_dictionaries({"question": st.sampled_from(["score", "play", "nope", 3]),
                                        "spot": json_values, "play": json_values}).map(json.dumps)))
def test_batch_line_fuzz(line):
    out = answer_line(line)
    assert isinstance(out, dict) and not out.get("bug"), out  # a bug is answered in place, and still a bug
    json.dumps(out)


@FUZZ
@given(st.text(max_size=200))
def test_variant_file_fuzz(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("v") / "table.toml"
    path.write_text(text, encoding="utf-8")
    _only_our_errors(load_variant, str(path))


@FUZZ
@given(st.dictionaries(st.sampled_from(["meld", "pile", "go_out", "cards", "initial", "rules", "layouts", "options"]),
                       st.dictionaries(st.sampled_from(["rule", "max_wilds", "text", "bands", "style", "values", "x"]),
                                       st.one_of(st.integers(-5, 5), st.text(max_size=5), st.booleans(),
                                                 st.lists(st.integers(), max_size=2)), max_size=3), max_size=3),
       st.sampled_from(["classic", "house", "canasty", "albany"]))
def test_structured_variant_file_fuzz(tmp_path_factory, tables, base):
    lines = [f'extends = "{base}"']
    for section, table in tables.items():
        lines.append(f"[{section}]")
        for key, value in table.items():
            lines.append(f"{key} = {json.dumps(value)}")
    path = tmp_path_factory.mktemp("v") / "table.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    try:
        load_variant(str(path)).with_options({})
    except TutorError:
        pass
