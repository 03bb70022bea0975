"""The z3 checker: find a legal turn with some property, or prove there is none and say why.

    from tutor.checker import find, legal_choices
    from tutor.goals import Goal

    find(spot, Goal(go_out=True))   # Found(play, points), or Blocked(reasons)
    legal_choices(spot)             # every meld or lay-off that some legal turn includes
    ways(spot, Goal(go_out=True))   # every way to do it (up to a cap), each a witness

The encoding counts cards by kind instead of naming them (``kinds``); its
modules mirror the rules data: ``melds`` (where cards can go and the shapes
allowed), ``pile`` (taking the discard pile), ``going_out``, ``initial``
(the first-meld minimum). Every rule is a constraint tracked by its rule ID,
so a "no" comes from an unsat core (``explain``); every "yes" is replayed by
the turn engine before it is returned (``api``). ``ways`` enumerates the
distinct ways to meet a goal with exclusion clauses, so a count of one is
proved by an unsat check.

Group variants (classic, house, canasty) use the counting encoding above.
Albany has its own (``albany``: sets, sequences, the fanned pile and
stoppers; ``albany_play``: witnesses, reasons, ``find`` and
``legal_choices``), which ``find`` hands albany spots to. A case neither
encodes raises ``NotImplementedError``, which the questions report as the
solver giving up, never as a guess.
"""

from ..errors import CheckerBug
from .api import DEFAULT_RLIMIT, Blocked, Found, find, legal_choices, rlimit_for
from .ways import Ways, ways

__all__ = ["DEFAULT_RLIMIT", "Blocked", "CheckerBug", "Found", "Ways", "find", "legal_choices", "rlimit_for", "ways"]
