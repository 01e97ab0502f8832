"""The scorer reads a hand's counts as four part records (shapes.records_of: the three suits and the honors, kept
per counts). What it takes from them must be what the plain counts give, on a large seeded corpus:

- the standard splits (shapes.splits_of) are those of decompose.standard, a search over the whole hand that
  shares no table with the records, as often each (both give a split twice where a suit holds four of a tile
  that cut as a pung and a chow in two orders);
- the waits of the 13 tiles before the win (shapes.waits_less, the records of the 14 tiles less the winning
  tile) are standard_waits of those 13 counts, and the completions of a tile by tile search; where the 14 tiles
  split, shapes.split_waits_less (the part of the winning tile alone) gives the same;
- the held-tiles mask the records give is the counts' own.
"""

from collections import Counter

import pytest
from gb_corpus import corpus

from suanfan import decompose
from suanfan.gb import shapes
from suanfan.notation import WIN, parse

HANDS = 4000


def _as_decompose(split) -> tuple:
    chows, pungs, pair = split
    sets = [(decompose.CHOW, t) for t in chows]
    sets += [(decompose.PUNG, t) for t in pungs]
    return tuple(sorted(sets)), pair


def _searched_waits(before: list[int]) -> int:
    waits = 0
    for t in range(34):
        grown = list(before)
        grown[t] += 1
        if decompose.standard(grown):
            waits |= 1 << t
    return waits


@pytest.mark.parametrize("seed", [20240601, 20240611])
def test_records_give_what_the_counts_give(seed):
    for request in corpus(HANDS, seed):
        hand = parse(request["hand"], expect=WIN)
        counts = hand.concealed_counts
        records = shapes.records_of(bytes(counts))
        assert sum(r[0] for r in records) == sum(1 << t for t in range(34) if counts[t]), request
        splits = [_as_decompose(s) for s in shapes.splits_of(records)]
        assert Counter(splits) == Counter((tuple(sorted(sets)), pair) for sets, pair in decompose.standard(counts))
        win = hand.standing[-1]
        before = list(counts)
        before[win] -= 1
        waits = shapes.waits_less(records, win)
        assert waits == shapes.standard_waits(before), request
        if splits:  # what a standard reading asks: the part of the winning tile alone
            assert shapes.split_waits_less(records, win) == waits, request
        if sum(before) <= 13:
            assert waits == _searched_waits(before), request
