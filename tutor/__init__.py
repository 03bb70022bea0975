"""Canasta Tutor: the rules of Canasta and its variants, as a library.

The flat core: cards and their notation, variants as data, spots, the meld
judge, plays and the turn engine, verdicts and the error family. Heavier
parts (the z3 checker, the reference decider, rendering, the widget, the
game engine, puzzles, the command line) sit beside it and load when used.

>>> from tutor import Spot, ask
>>> spot = Spot.from_dict({"variant": "classic", "hand": "KS KH KD 9C", "melds": ["7S 7H 7C"]})
>>> ask("melds", spot).extra["melds"][0]["cards"]
'KS KH KD'
"""

from .cards import Card, format_cards, format_melds, parse_card, parse_cards, parse_melds
from .errors import IllegalPlayError, NotationError, SolverLimitError, SpotError, TutorError, VariantError
from .melds import Meld, is_legal, judge
from .play import Action, format_play, parse_play
from .rules import Rule, Rules, Variant, load_variant, rules_for
from .spot import Spot
from .turn import Turn, TurnError, play_turn
from .verdict import Reason, Verdict


def ask(question: str, spot: Spot, **kw) -> Verdict:
    """Answer one of the contract's questions (see ``tutor.questions.ask``)."""
    from .questions import ask as _ask

    return _ask(question, spot, **kw)


__all__ = [
    "Action", "Card", "IllegalPlayError", "Meld", "NotationError", "Reason", "Rule", "Rules", "SolverLimitError",
    "Spot", "SpotError", "Turn", "TurnError", "TutorError", "Variant", "Verdict", "VariantError", "ask",
    "format_cards", "format_melds", "format_play", "is_legal", "judge", "load_variant", "parse_card", "parse_cards",
    "parse_melds", "parse_play", "play_turn", "rules_for",
]
