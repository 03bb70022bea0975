"""Canasta Tutor: the rules of Canasta and its variants, as a library.

The flat core: cards and their notation, variants as data, spots, the meld
judge, plays and the turn engine, verdicts and the error family. Heavier
parts (the z3 checker, the reference decider, rendering, the widget, the
game engine, puzzles, the command line) sit beside it and load when used.
A spot answers the contract's questions itself (``docs/python-api.md``):

>>> from tutor import Spot
>>> spot = Spot.from_dict({"variant": "classic", "hand": "KS KH 7D 7C 2C JK",
...                        "melds": ["QS QH QD 2H", "7S 7H 7C"], "discard": "5H 9C 3C 7S"})
>>> "KS KH 2C" in spot.legal_melds, "layoff 7D to 2" in spot.legal_melds
(True, True)
>>> spot.ask("go-out").answer
False
>>> after = spot.play("meld KS KH 2C; layoff 7D to 2; discard 7C")
>>> after.to_dict()["hand"], after.phase
('JK', 'before-draw')
"""

from .cards import Card, format_cards, format_melds, parse_card, parse_cards, parse_melds
from .errors import IllegalPlayError, NotationError, SolverLimitError, SpotError, TutorError, VariantError
from .melds import Meld, is_legal, judge
from .play import Action, format_play, parse_play
from .rules import Rule, Rules, Variant, load_variant, rules_for
from .spot import Spot
from .turn import Turn, TurnError, play_turn
from .verdict import Reason, Verdict
from .views import LegalMeld, LegalMelds


def ask(question: str, spot: Spot, **kw) -> Verdict:
    """Answer one of the contract's questions about ``spot`` (the same as ``spot.ask(question, **kw)``)."""
    return spot.ask(question, **kw)


__all__ = [
    "Action", "Card", "IllegalPlayError", "LegalMeld", "LegalMelds", "Meld", "NotationError", "Reason", "Rule",
    "Rules", "SolverLimitError", "Spot", "SpotError", "Turn", "TurnError", "TutorError", "Variant", "Verdict", "VariantError", "ask",
    "format_cards", "format_melds", "format_play", "is_legal", "judge", "load_variant", "parse_card", "parse_cards",
    "parse_melds", "parse_play", "play_turn", "rules_for",
]
