"""How far a hand is from ready (向听数, shanten), form by form, on 34-entry count tables.

Shanten counts the tile exchanges (a draw and a discard) a hand needs before it is ready: 0 is ready (听牌),
1 is one exchange away, and a complete 14-tile hand is -1. The functions here take the standing tiles only
(3n + 1 of them before a draw, 3n + 2 after) and how many sets are already melded; they know nothing of scoring.
A form that the hand cannot take at all (seven pairs with a meld on the table) answers None.

The regular form (four sets and a pair) is the classic block count: with M complete sets, T partial sets (two
tiles one draw from a set: a pair, 12, 13) and P = 1 when a pair is kept as the eyes,
    shanten = 2 × sets_needed − 2M − min(T, sets_needed − M) − P,
maximised over every way to split the tiles into blocks. A suit's splits depend on its nine counts alone, so
each suit's best (M, T, P) combinations are worked out once per distinct nine counts and kept (the same
per-suit idea as the scorer's split tables); a hand combines its three suits and its honors two parts at a
time, and those combinations are kept too.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

SETS = 4  # a winning hand: four sets and a pair (melds count as sets)
Block = tuple[int, int, int]  # (sets, partial sets, eyes) one part of a hand can make
Front = tuple[Block, ...]  # a part's undominated blocks


@cache
def _suit_blocks(counts: tuple[int, ...]) -> Front:
    """Every (sets, partial sets, eyes) a suit's nine counts can be split into that no other split beats in all
    three, eyes being 0 or 1. Partial sets: a pair not used as eyes, two neighbours, or two tiles a gap apart.
    The lowest tile held is given a part (or left alone) and the rest is the same question on fewer tiles, whose
    answer is kept too: a suit of fourteen tiles has few distinct remainders but very many orders of taking them."""
    i = next((n for n, c in enumerate(counts) if c), None)
    if i is None:
        return ((0, 0, 0),)
    found: set[tuple[int, int, int]] = set()

    def rest(taken: tuple[int, ...], sets: int, partial: int, eyes: int) -> None:
        left = list(counts)
        for t in taken:
            left[t] -= 1
        for m, p, e in _suit_blocks(tuple(left)):
            if e + eyes <= 1:
                found.add((m + sets, p + partial, e + eyes))

    if counts[i] >= 3:
        rest((i, i, i), 1, 0, 0)
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        rest((i, i + 1, i + 2), 1, 0, 0)
    if counts[i] >= 2:
        rest((i, i), 0, 1, 0)
        rest((i, i), 0, 0, 1)
    for gap in (1, 2):
        if i + gap <= 8 and counts[i + gap]:
            rest((i, i + gap), 0, 1, 0)
    rest((i,), 0, 0, 0)  # the lowest tile left alone (an isolated tile, or one kept out of every block)
    return _undominated(found)


def _undominated(options: Iterable[Block]) -> Front:
    options = set(options)
    return tuple(
        sorted(
            o for o in options if not any(p != o and p[0] >= o[0] and p[1] >= o[1] and p[2] >= o[2] for p in options)
        )
    )


@cache
def _honor_blocks(counts: tuple[int, ...]) -> Front:
    """The same for the seven honors, which make no runs: a pung is a set, a pair a partial set or the eyes, and
    a pung may give up two of its tiles as the eyes (where the hand has more sets than it needs)."""
    sets = sum(1 for c in counts if c >= 3)
    pairs = sum(1 for c in counts if c == 2)
    options = [(sets, pairs, 0)]
    if pairs:
        options.append((sets, pairs - 1, 1))
    if sets:
        options.append((sets - 1, pairs, 1))
    return _undominated(options)


@cache
def _join(a: Front, b: Front) -> Front:
    """The undominated (sets, partial sets, eyes) of two parts of a hand together. Sets and partial sets are
    capped at four (no hand uses more), which keeps the combinations few and shared between hands."""
    return _undominated(
        {(min(m1 + m2, SETS), min(t1 + t2, SETS), e1 + e2) for m1, t1, e1 in a for m2, t2, e2 in b if e1 + e2 <= 1}
    )


@cache
def _lowest(front: Front, need: int) -> int:
    best = 2 * need
    for sets, partial, eyes in front:
        if sets > need:  # more sets than the hand can use: the extra ones are spare tiles
            sets, partial = need, 0
        value = 2 * need - 2 * sets - min(partial, need - sets) - eyes
        if value < best:
            best = value
    return best


def _fronts(counts: list[int]) -> list[Front]:
    return [
        _suit_blocks(tuple(counts[0:9])),
        _suit_blocks(tuple(counts[9:18])),
        _suit_blocks(tuple(counts[18:27])),
        _honor_blocks(tuple(counts[27:34])),
    ]


def regular(counts: list[int], melds: int = 0) -> int:
    """Shanten of the four-sets-and-a-pair form, `melds` of the sets already on the table."""
    a, b, c, h = _fronts(counts)
    return _lowest(_join(_join(a, b), _join(c, h)), SETS - melds)


@cache
def _changed(key: tuple[int, ...], delta: int) -> tuple[Front | None, ...]:
    """The front of one part (nine suit counts, or seven honors) with one tile added or taken at each position
    (None where the count would leave 0..4)."""
    blocks = _honor_blocks if len(key) == 7 else _suit_blocks
    out: list[Front | None] = []
    for i, c in enumerate(key):
        if 0 <= c + delta <= 4:
            out.append(blocks(key[:i] + (c + delta,) + key[i + 1 :]))
        else:
            out.append(None)
    return tuple(out)


def regular_after(counts: list[int], melds: int, kinds: Iterable[int], delta: int) -> dict[int, int]:
    """{kind: the regular shanten once one tile of that kind is added (delta 1) or taken away (delta -1)}, for
    each of `kinds`. A change touches one part of the hand: the other three are joined once for all of them."""
    keys = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))
    a, b, c, h = _suit_blocks(keys[0]), _suit_blocks(keys[1]), _suit_blocks(keys[2]), _honor_blocks(keys[3])
    ch = _join(c, h)
    ab = _join(a, b)
    rests = (_join(b, ch), _join(a, ch), _join(ab, h), _join(ab, c))
    need = SETS - melds
    out = {}
    for t in kinds:
        part = t // 9 if t < 27 else 3
        front = _changed(keys[part], delta)[t - part * 9]
        assert front is not None  # the caller adds only a tile the hand can take, takes only one it holds
        out[t] = _lowest(_join(front, rests[part]), need)
    return out


def regular_candidates(counts: list[int]) -> list[int]:
    """The kinds whose draw can lower the regular shanten: a suited tile within two of one held in its suit, or
    an honor held (a tile far from every held one makes no block)."""
    near: set[int] = set()
    for t in range(27):
        if counts[t]:
            low = t - t % 9
            near.update(range(max(low, t - 2), min(low + 8, t + 2) + 1))
    near.update(t for t in range(27, 34) if counts[t])
    return sorted(near)


def seven_pairs(counts: list[int], melds: int = 0, quads_as_pairs: bool = True) -> int | None:
    """Shanten of seven pairs (no melds). With quads_as_pairs four identical tiles are two pairs; without, they
    are one pair, and the hand needs seven different kinds."""
    if melds:
        return None
    if quads_as_pairs:
        return 6 - min(7, counts.count(2) + counts.count(3) + 2 * counts.count(4))
    pairs = len(counts) - counts.count(0) - counts.count(1)
    kinds = len(counts) - counts.count(0)
    return 6 - pairs + max(0, 7 - kinds)


def seven_pairs_candidates(counts: list[int], quads_as_pairs: bool = True) -> list[int]:
    """The kinds whose draw can lower the seven-pairs shanten: one held an odd number of times (a quad two pairs)
    or once (a quad one pair), and any new kind while the hand has fewer than seven."""
    if quads_as_pairs:
        return [t for t in range(34) if counts[t] % 2]
    if sum(1 for c in counts if c) < 7:
        return [t for t in range(34) if counts[t] <= 1]
    return [t for t in range(34) if counts[t] == 1]
