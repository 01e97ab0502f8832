"""Pure decomposition of concealed tiles into sets and a pair; knows nothing of scoring.

Works on 34-entry count tables. A set is ("chow", lowest tile) or ("pung", tile).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

CHOW, PUNG = "chow", "pung"
Sets = tuple[tuple[str, int], ...]  # (CHOW or PUNG, first tile) each
Reading = tuple[Sets, int]  # the sets and the pair's tile


def _sets(counts: list[int], start: int) -> Iterator[Sets]:
    """Every way to split counts (from index `start` on) entirely into chows and pungs."""
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        yield ()
        return
    if counts[i] >= 3:
        counts[i] -= 3
        for rest in _sets(counts, i):
            yield ((PUNG, i),) + rest
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for t in (i, i + 1, i + 2):
            counts[t] -= 1
        for rest in _sets(counts, i):
            yield ((CHOW, i),) + rest
        for t in (i, i + 1, i + 2):
            counts[t] += 1


@lru_cache(maxsize=4096)
def _standard(counts_key: tuple[int, ...]) -> tuple[Reading, ...]:
    counts = list(counts_key)
    found: list[Reading] = []
    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            for sets in _sets(counts, 0):
                found.append((sets, pair))
            counts[pair] += 2
    return tuple(found)


def standard(counts: list[int]) -> tuple[Reading, ...]:
    """All ways to read the counts as n sets + one pair: a tuple of (sets, pair_tile).

    The caller passes only the concealed tiles (3n + 2 of them); melds are added by the caller.
    """
    if sum(counts) % 3 != 2:
        return ()
    return _standard(tuple(counts))


def seven_pairs_quads(counts: list[int], quads_allowed: bool) -> int | None:
    """For 14 concealed tiles: None if not seven pairs, else how many kinds appear four times.

    With quads_allowed false, four identical tiles cannot stand for two pairs.
    """
    if sum(counts) != 14 or any(c % 2 for c in counts):
        return None
    quads = sum(1 for c in counts if c == 4)
    if quads and not quads_allowed:
        return None
    return quads
