"""Shanten of Guobiao's special winning forms (the regular form and seven pairs are suanfan.reading.shanten's).

Each takes the standing tiles' counts and how many sets are melded, and answers None where the form cannot be
reached with those melds (all three of these need a concealed hand, except the knitted straight, which allows one
melded set beside its nine knitted tiles).
"""

from __future__ import annotations

from ..reading.shanten import regular
from .shapes import KNITTED_PATTERNS, ORPHANS

HONOR_KINDS = range(27, 34)


def thirteen_orphans(counts: list[int], melds: int = 0) -> int | None:
    """十三幺: one of each of the 13 terminals and honors, one of them twice."""
    if melds:
        return None
    kinds = sum(1 for t in ORPHANS if counts[t])
    pair = any(counts[t] >= 2 for t in ORPHANS)
    return 13 - kinds - (1 if pair else 0)


def honors_knitted(counts: list[int], melds: int = 0) -> int | None:
    """全不靠 (and 七星不靠): 14 different tiles from the seven honors and one knitted pattern's nine."""
    if melds:
        return None
    honors = sum(1 for t in HONOR_KINDS if counts[t])
    return 13 - honors - max(sum(1 for t in pattern if counts[t]) for pattern in KNITTED_PATTERNS)


def knitted_straight_bound(counts: list[int], melds: int = 0) -> int:
    """A number the knitted-straight shanten is never below: the fewest pattern tiles missing, less one (the rest
    at best complete)."""
    return 9 - max(sum(1 for t in pattern if counts[t]) for pattern in KNITTED_PATTERNS) - 1


def orphan_candidates(counts: list[int]) -> list[int]:
    return list(ORPHANS)


def honors_knitted_candidates(counts: list[int]) -> list[int]:
    """Only a kind not yet held can add to 14 different tiles."""
    return [t for t in range(34) if not counts[t]]


def knitted_straight(counts: list[int], melds: int = 0) -> int | None:
    """组合龙 with a set and a pair: the nine tiles of one knitted pattern stand for three sets. Each pattern tile
    held is taken once for the knitted part (a tile lowers the rest's shanten by one at most, so taking it for the
    straight is never worse), and the rest is read as the set and the pair still needed."""
    if melds > 1:
        return None
    missing = sorted((sum(1 for t in pattern if not counts[t]), pattern) for pattern in KNITTED_PATTERNS)
    best = None
    for gap, pattern in missing:
        if best is not None and gap - 1 >= best:  # the rest is at best complete (-1): no better from here
            break
        rest = list(counts)
        for t in pattern:
            if rest[t]:
                rest[t] -= 1
        # the rest needs one set (or none beside a melded one) and a pair: the regular count with three of its
        # four sets already standing
        value = gap + regular(rest, melds + 3)
        if best is None or value < best:
            best = value
    return best
