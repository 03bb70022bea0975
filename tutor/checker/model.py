"""Assemble the encoding of one spot's turn from its modules.

cards and kinds (``kinds``) -> melds (``melds``) -> the pile (``pile``) ->
where every card ends (``Encoding.finish_counts``) -> going out
(``going_out``) -> the first-meld minimum (``initial``). Each module reads
its own section of the rules data; a variant with new mechanisms (albany's
sequences and fanned pile) adds modules, not branches here.
"""

from __future__ import annotations

import z3

from ..play import Action
from . import going_out, initial, melds, pile
from .encoding import Encoding
from .kinds import Census


def build(census: Census, ctx: z3.Context, *, fixed: Action | None = None, points: bool = False) -> Encoding:
    enc = Encoding(census, ctx)
    melds.encode(enc)
    pile.encode(enc, fixed)
    enc.finish_counts()
    going_out.encode(enc)
    initial.encode(enc)
    if points:
        initial.points(enc)
    return enc
