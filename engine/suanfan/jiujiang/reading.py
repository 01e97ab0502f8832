"""九江's part in hand reading (suanfan.reading): its two winning forms and the worth of a completed hand.

A completion is worth what the calculator would score it at this table and in this situation: the highest
pattern over its readings, the base, the multipliers and the cap, in the sheet's order. A completion the table
would not accept (缺门 required, too few flowers) is no win and is worth nothing. Its route is its highest
pattern; 九江 has no minimum to reach.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ..reading import shanten as S
from ..reading.analyse import Form, Outcome, Reader
from . import (
    PATTERNS,
    SEVEN_PAIRS,
    STANDARD,
    Situation,
    Table,
    highest_pattern,
    multiply_and_cap,
    readings,
    start_value,
    suit_profile,
)

if TYPE_CHECKING:
    from ..hand import Hand


def forms(table: Table) -> tuple[Form, ...]:
    """Four sets and a pair, and seven pairs (a quad two of its pairs where the table agrees)."""
    quads = table.quad_as_pairs
    return (
        Form(STANDARD, S.regular, S.regular_candidates, after=S.regular_after),
        Form(
            SEVEN_PAIRS,
            partial(S.seven_pairs, quads_as_pairs=quads),
            partial(S.seven_pairs_candidates, quads_as_pairs=quads),
        ),
    )


def outcome(situation: Situation, table: Table, hand: Hand) -> Outcome | None:
    if situation.flowers < table.min_flowers:
        return None
    if table.require_missing_suit and len(suit_profile(hand)[0]) == 3:
        return None
    options = readings(hand, table)
    if not options:
        return None
    best = highest_pattern(options, hand, table)[0]
    total = multiply_and_cap(start_value(best, table)[0], situation, table)[4]
    return Outcome(total, None, (best.key,))


def reader(situation: Situation, table: Table) -> Reader:
    names = {p.key: p.name for p in PATTERNS}
    return Reader(forms(table), partial(outcome, situation, table), names)
