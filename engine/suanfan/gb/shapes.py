"""Every Guobiao reading of the concealed tiles, and the waits of a 13-tile hand. Knows nothing of fans.

Working representation: a 34-entry count table (suanfan.tiles indexes). The standard split (sets + pair)
goes suit by suit through per-suit tables: the nine counts of one suit are the key, and the table holds
every way to cut that suit into chows and pungs, with or without the pair. A table entry is computed the
first time its key is met and then kept (there are a few thousand keys in real play), so a hand's split
is a product of a few dictionary look-ups, never a search over the whole hand. The scorer reads a hand once
into four part records (records_of: the three suits and the honors, each kept per its counts), which carry
what the readings and the waits ask of a part: the tiles held, its ways, its waits, its pairs.

Shapes:
  standard           melds + n sets + a pair
  seven_pairs        seven pairs (four identical tiles may be two pairs), no melds
  thirteen_orphans   the 13 terminals and honors, one of them twice, no melds
  honors_knitted     全不靠 / 七星不靠: 14 single tiles, suited ones from one knitted pattern, no melds
  knitted_straight   组合龙 (9 tiles) + one set + a pair, at most one meld (a winning shape unless the profile's
                     knitted_straight_shape is off: the 1998 reading)
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import permutations
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    pass

STANDARD = "standard"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_ORPHANS = "thirteen_orphans"
HONORS_KNITTED = "honors_knitted"
KNITTED_STRAIGHT = "knitted_straight"


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

# The six knitted patterns: 147 / 258 / 369 dealt to the three suits in every order.
KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(suit * 9 + start + step for suit, start in zip(range(3), starts) for step in (0, 3, 6)))
    for starts in permutations((0, 1, 2))
)
KNITTED_MASKS = tuple(sum(1 << t for t in p) for p in KNITTED_PATTERNS)
HONOR_BITS = 0x7F << 27


# ---------------------------------------------------------------- per-suit tables

# A suit's counts (nine, ranks 0-8) as a key; a cut of them: (kind, rank) each, kind 0 a chow and 1 a pung
Counts = tuple[int, ...]
Cut = tuple[tuple[int, int], ...]
_CUTS: dict[Counts, tuple[Cut, ...]] = {}


def _cuts(key: Counts) -> tuple[Cut, ...]:
    """Every way to cut one suit's counts (ranks 0-8) into sets only: tuples of (kind, rank), kind 0 a chow
    and 1 a pung, in rank order (a pung before a chow on the same rank). Kept per counts, whatever the suit:
    a suit's cuts are made of the cuts of what is left once its lowest set is taken."""
    found = _CUTS.get(key)
    if found is not None:
        return found
    i = 0
    while i < 9 and not key[i]:
        i += 1
    if i == 9:
        found = ((),)
    else:
        cuts: list[Cut] = []
        if key[i] >= 3:
            cuts += [((1, i),) + rest for rest in _cuts(key[:i] + (key[i] - 3,) + key[i + 1 :])]
        if i <= 6 and key[i + 1] and key[i + 2]:
            rest_key = key[:i] + (key[i] - 1, key[i + 1] - 1, key[i + 2] - 1) + key[i + 3 :]
            cuts += [((0, i),) + rest for rest in _cuts(rest_key)]
        found = tuple(cuts)
    _CUTS[key] = found
    return found


# The concealed sets of a cut are their first tiles, chows and pungs apart, each in tile order: detection reads the
# tiles of a kind of set at once (detect.standard_parts), and a reading's sets as objects (concealed_sets) are made
# only where a Reading keeps them.
CHOW, PUNG, KONG = 0, 1, 2
Sets = tuple[int, ...]  # the first tiles of sets of one kind
Way = tuple[Sets, Sets, int]  # (chows, pungs, pair tile or -1): a cut as the readings take it
SuitEntry = tuple[tuple[Way, ...], tuple[Way, ...]]  # (cuts without a pair, cuts with a pair)

# A concealed set as a Reading carries it: (kind, first tile, concealed, declared meld or None), prebuilt once.
_CONCEALED_CHOWS = tuple((CHOW, t, True, None) for t in range(34))
_CONCEALED_PUNGS = tuple((PUNG, t, True, None) for t in range(34))


def concealed_sets(chows: Sets, pungs: Sets) -> tuple[tuple[int, int, bool, None], ...]:
    """A reading's concealed sets as (kind, first tile, concealed, None), the chows first, as its groups are."""
    return tuple(_CONCEALED_CHOWS[t] for t in chows) + tuple(_CONCEALED_PUNGS[t] for t in pungs)


# (suit, counts key) -> (cuts without a pair, cuts with a pair); a cut is (chows, pungs, pair tile), the sets as
# their first tiles in tile order
_SUIT_TABLES: tuple[dict[Counts, SuitEntry], ...] = ({}, {}, {})  # one per suit, keyed by the nine counts
_EMPTY_SUIT: SuitEntry = ((((), (), -1),), ())


def suit_cuts(suit: int, key: Counts) -> SuitEntry:
    """The per-suit table entry: every split of one suit's counts, as global tile indexes."""
    found = _SUIT_TABLES[suit].get(key)
    if found is not None:
        return found
    base = suit * 9
    total = sum(key)
    plain: list[Way] = []
    paired: list[Way] = []

    def add(target: list[Way], cut: Cut, pair: int) -> None:
        chows = tuple(base + r for kind, r in cut if kind == 0)
        pungs = tuple(base + r for kind, r in cut if kind == 1)
        target.append((chows, pungs, pair))

    if not total:
        found = _EMPTY_SUIT
    else:
        if total % 3 == 0:
            for cut in _cuts(key):
                add(plain, cut, -1)
        elif total % 3 == 2:
            for r in range(9):
                if key[r] >= 2:
                    for cut in _cuts(key[:r] + (key[r] - 2,) + key[r + 1 :]):
                        add(paired, cut, base + r)
        found = (tuple(plain), tuple(paired))
    _SUIT_TABLES[suit][key] = found
    return found


_HONOR_SPLITS: dict[Counts, tuple[Sets, int] | None] = {}


def _honor_split(key: Counts) -> tuple[Sets, int] | None:
    """The honors' part of a standard split: (pungs, pair tile or -1), or None when they cannot be split
    (a single or four of a kind, or two pairs)."""
    known: tuple[Sets, int] | None | Literal[False] = _HONOR_SPLITS.get(key, False)
    if known is not False:
        return known
    pungs: Sets = ()
    pair = -1
    found = None
    for i, c in enumerate(key):
        if c == 3:
            pungs += (27 + i,)
        elif c == 2 and pair < 0:
            pair = 27 + i
        elif c:
            break
    else:
        found = (pungs, pair)
    _HONOR_SPLITS[key] = found
    return found


# ---------------------------------------------------------------- a hand's tiles as four parts

# The concealed counts as the scorer reads them: a row of 34 bytes, one count per tile (bytes(counts)), cut
# into the three suits and the honors. Each part has a record, kept per part and counts:
#   0 MASK    its tiles as a 34-bit mask
#   1 WAYS    its ways into the hand's sets and pair (a suit's: None until suit_ways fills them)
#   2 PAIRED  1 when those ways hold the pair, else 0
#   3 KEY     its counts
#   4 WAITS   a list filled on first use: [0] the part's own waits, [1 + r] those of the part less one tile of
#             rank r, as suit_waits / honor_waits give them
#   5 TILES   how many tiles it holds
#   6 ODD     1 when some count is 1 or 3 (no seven pairs, as seven_pairs asks), else 0
#   7 SHIFTED 1 when seven consecutive ranks of it hold two each (连七对), else 0
# A part holding 3n tiles (or none) cuts into sets only, 3n + 2 into sets and the pair, 3n + 1 not at all
# (no ways); the ways are (chows, pungs, pair tile or -1), as suit_cuts gives them.
Record = list[Any]  # the fields above, by position (a list: WAYS and WAITS are filled in place)
Records = tuple[Record, ...]  # the four parts' records
Split = Way  # a standard split: (chows, pungs, pair tile)
_RECORDS: tuple[dict[bytes, Record], ...] = (
    {},
    {},
    {},
    {},
)  # the three suits, then the honors; keyed by the part's counts (bytes)


def part_record(part: int, key: bytes) -> Record:
    """The record of one part (0-2 a suit, 3 the honors) holding these counts. A suit's ways are left to
    suit_ways, for the first split that gets as far as that suit."""
    # the ranks held, as the digits of a binary number (rank 0 lowest): one pass of C, not a loop
    mask = int(key.translate(_HELD_DIGITS)[::-1], 2) << part * 9
    if part == 3:
        honors = _honor_split(tuple(key))
        ways = () if honors is None else (((), honors[0], honors[1]),)
        paired = 1 if honors is not None and honors[1] >= 0 else 0
    else:
        ways = None
        paired = 1 if sum(key) % 3 == 2 else 0
    odd = 1 if 1 in key or 3 in key else 0
    shifted = 1 if part < 3 and _SEVEN_TWO_BYTES in key else 0
    found = _RECORDS[part][key] = [mask, ways, paired, key, [None] * (1 + len(key)), sum(key), odd, shifted]
    return found


def suit_ways(record: Record, suit: int) -> tuple[Way, ...]:
    """Fill a suit's record with its ways (the cuts with the pair when it holds it, else without)."""
    plain, with_pair = suit_cuts(suit, tuple(record[3]))
    found = record[1] = with_pair if record[2] else plain
    return found


_HELD_DIGITS = bytes.maketrans(bytes(range(256)), b"0" + b"1" * 255)  # a count as a binary digit: held or not
_SEVEN_TWO_BYTES = bytes((2,) * 7)  # 连七对's seven pairs in a row


def seven_pairs_of(records: Records) -> bool:
    """seven_pairs of the counts of these part records."""
    a, b, c, h = records
    return a[5] + b[5] + c[5] + h[5] == 14 and not (a[6] or b[6] or c[6] or h[6])


def shifted_pairs_of(records: Records) -> bool:
    """shifted_pairs of the counts of these part records."""
    return bool(records[0][7] or records[1][7] or records[2][7])


def records_of(row: bytes) -> Records:
    """The records of the four parts of a row of counts."""
    suits0, suits1, suits2, honors = _RECORDS
    k0, k1, k2, kh = row[:9], row[9:18], row[18:27], row[27:]
    return (
        suits0.get(k0) or part_record(0, k0),
        suits1.get(k1) or part_record(1, k1),
        suits2.get(k2) or part_record(2, k2),
        honors.get(kh) or part_record(3, kh),
    )


# The same records keyed by a part's tiles in order (a tuple) rather than its counts: one key per counts, as many
# as _RECORDS holds. A hand's tiles sorted and cut at the suits' bounds give the four keys without a count table.
_RECORDS_BY_TILES: tuple[dict[tuple[int, ...], Record], ...] = ({}, {}, {}, {})


def records_of_tiles(tiles: tuple[int, ...]) -> Records:
    """records_of the counts of these tiles (in any order)."""
    held = tuple(sorted(tiles))
    i = bisect_left(held, 9)
    j = bisect_left(held, 18, i)
    k = bisect_left(held, 27, j)
    suits0, suits1, suits2, honors = _RECORDS_BY_TILES
    k0, k1, k2, kh = held[:i], held[i:j], held[j:k], held[k:]
    return (
        suits0.get(k0) or _record_of_tiles(0, k0),
        suits1.get(k1) or _record_of_tiles(1, k1),
        suits2.get(k2) or _record_of_tiles(2, k2),
        honors.get(kh) or _record_of_tiles(3, kh),
    )


def _record_of_tiles(part: int, key: tuple[int, ...]) -> Record:
    """The record of one part holding these tiles (its tiles in order), shared with the record of its counts."""
    base = part * 9
    counts = bytes(key.count(t) for t in range(base, base + (7 if part == 3 else 9)))
    found = _RECORDS_BY_TILES[part][key] = _RECORDS[part].get(counts) or part_record(part, counts)
    return found


def splits_of(records: Records) -> list[Split]:
    """Every standard split of the four parts (records_of): (chows, pungs, pair), as standard_splits."""
    a, b, c, h = records
    if a[2] + b[2] + c[2] + h[2] != 1:  # exactly one part holds the pair
        return []
    ways_h = h[1]
    if not ways_h:
        return []
    ways_a, ways_b, ways_c = a[1], b[1], c[1]
    if not (ways_a and ways_b and ways_c):  # a suit not cut yet (None), or one that does not cut (())
        found = _suits_in_order(records)
        if found is None:
            return []
        ways_a, ways_b, ways_c = found
    _, honor_pungs, honor_pair = ways_h[0]
    if len(ways_a) == 1 and len(ways_b) == 1 and len(ways_c) == 1:  # the usual case: one way only
        (ca, pa, qa), (cb, pb, qb), (cc, pc, qc) = ways_a[0], ways_b[0], ways_c[0]
        return [(ca + cb + cc, pa + pb + pc + honor_pungs, max(qa, qb, qc, honor_pair))]
    # Every combination of the suits' ways, suit by suit (so chows and pungs stay sorted), honors last.
    return [
        (ca + cb + cc, pa + pb + pc + honor_pungs, max(qa, qb, qc, honor_pair))
        for ca, pa, qa in ways_a
        for cb, pb, qb in ways_b
        for cc, pc, qc in ways_c
    ]


def _suits_in_order(records: Records) -> list[tuple[Way, ...]] | None:
    """The three suits' ways, suit by suit (cut on first use): None as soon as one does not cut, so that the
    suits after it are not cut for nothing."""
    found: list[tuple[Way, ...]] = []
    for suit in range(3):
        ways = records[suit][1]
        if ways is None:
            ways = suit_ways(records[suit], suit)
        if not ways:
            return None
        found.append(ways)
    return found


def standard_splits(counts: list[int], held: int = -1) -> list[Split]:
    """Every split of the concealed counts into sets and exactly one pair: (chows, pungs, pair).

    The sets are their first tiles, each kind in tile order; the caller adds the declared melds. held (the bit mask of the tiles in counts) is no longer needed: the parts' records know it.
    """
    return splits_of(records_of(bytes(counts)))


def seven_pairs(counts: list[int]) -> bool:
    """14 concealed tiles in pairs (four identical tiles count as two pairs, as the platforms allow)."""
    return sum(counts) == 14 and not counts.count(1) and not counts.count(3)


_SEVEN_TWOS = [2] * 7


def shifted_pairs(counts: list[int]) -> bool:
    """连七对: seven pairs of one suit with consecutive numbers."""
    return any(counts[start : start + 7] == _SEVEN_TWOS for start in (0, 1, 2, 9, 10, 11, 18, 19, 20))


ORPHAN_MASK = sum(1 << t for t in ORPHANS)


def thirteen_orphans(counts: list[int], held: int | None = None) -> bool:
    """held: the bit mask of the tiles held, when the caller has it."""
    if held is None:
        held = sum(1 << t for t in range(34) if counts[t])
    return held == ORPHAN_MASK and sum(counts) == 14


def honors_knitted(counts: list[int]) -> int | None:
    """全不靠 / 七星不靠: the index of the knitted pattern the suited tiles come from, else None."""
    if sum(counts) != 14 or max(counts) > 1:
        return None
    suited = 0
    for t in range(27):
        if counts[t]:
            suited |= 1 << t
    n = bin(suited).count("1")
    if not 7 <= n <= 9:
        return None
    for i, mask in enumerate(KNITTED_MASKS):
        if suited & ~mask == 0:
            return i
    return None


def may_hold_knitted(held: int) -> bool:
    """A quick test before knitted_straight_splits: held (bit mask of tiles) has a whole knitted pattern."""
    for m in KNITTED_MASKS:
        if held & m == m:
            return True
    return False


def knitted_straight_splits(counts: list[int], melds: int) -> list[tuple[int, Sets, Sets, int]]:
    """组合龙 + set + pair: (pattern index, chows, pungs, pair) for the concealed part."""
    if melds > 1:
        return []
    found: list[tuple[int, Sets, Sets, int]] = []
    for i, pattern in enumerate(KNITTED_PATTERNS):
        if all(counts[t] for t in pattern):
            rest = list(counts)
            for t in pattern:
                rest[t] -= 1
            for chows, pungs, pair in standard_splits(rest):
                found.append((i, chows, pungs, pair))
    return found


# ---------------------------------------------------------------- waits

PartWaits = tuple[int, int, int]  # (state, plain waits, paired waits): see suit_waits

_SUIT_WAITS: tuple[dict[Counts, PartWaits], ...] = ({}, {}, {})  # one per suit, keyed by the nine counts


def suit_waits(suit: int, key: Counts) -> PartWaits:
    """(state, plain waits, paired waits) of one suit's counts, cached like the split table.

    state: bit 1 when the suit splits into sets only (or is empty), bit 2 when into sets and one pair.
    plain / paired waits: the tiles (bit mask) that make the suit split into sets only / sets and a pair.
    """
    found = _SUIT_WAITS[suit].get(key)
    if found is not None:
        return found
    plain, paired = suit_cuts(suit, key)
    state = (1 if plain or not any(key) else 0) | (2 if paired else 0)
    plain_waits = paired_waits = 0
    for r in range(9):
        if key[r] == 0 and not any(0 <= r + d < 9 and key[r + d] for d in (-2, -1, 1, 2)):
            continue
        grown = key[:r] + (key[r] + 1,) + key[r + 1 :]
        g_plain, g_paired = suit_cuts(suit, grown)
        if g_plain:
            plain_waits |= 1 << (suit * 9 + r)
        if g_paired:
            paired_waits |= 1 << (suit * 9 + r)
    found = (state, plain_waits, paired_waits)
    _SUIT_WAITS[suit][key] = found
    return found


_HONOR_WAITS: dict[Counts, PartWaits] = {}


def _honors_state(key: Counts) -> int:
    """As suit_waits' state, for the honors: 1 all in pungs (or none), 2 pungs and one pair, 0 neither."""
    if any(c not in (0, 2, 3) for c in key):
        return 0
    pairs = key.count(2)
    return 1 if not pairs else 2 if pairs == 1 else 0


def honor_waits(key: Counts) -> PartWaits:
    """(state, plain waits, paired waits) of the seven honor counts, as suit_waits gives them for a suit."""
    found = _HONOR_WAITS.get(key)
    if found is None:
        state = _honors_state(key)
        plain_waits = paired_waits = 0
        for i in range(7):
            grown = key[:i] + (key[i] + 1,) + key[i + 1 :]
            after = _honors_state(grown)
            if after == 1:
                plain_waits |= 1 << (27 + i)
            elif after == 2:
                paired_waits |= 1 << (27 + i)
        found = _HONOR_WAITS[key] = (state, plain_waits, paired_waits)
    return found


def standard_waits(counts: list[int]) -> int:
    """The tiles (as a bit mask) that complete these concealed counts (3n + 1 tiles) into sets and a pair.

    Purely by shape: a tile counts as a wait even when all its copies are already in sight. Four groups, each
    from its table: the three suits and the honors.
    """
    groups: list[PartWaits] = []
    for suit in range(3):
        key = tuple(counts[suit * 9 : suit * 9 + 9])
        groups.append(_SUIT_WAITS[suit].get(key) or suit_waits(suit, key))
    key = tuple(counts[27:])
    groups.append(_HONOR_WAITS.get(key) or honor_waits(key))
    return _waits_of_parts(groups)


def waits_less(records: Records, tile: int) -> int:
    """standard_waits of the counts of these part records (records_of) less one copy of `tile`, which they
    hold: the part of the tile looked up less that copy, the three others as they are (the records keep both)."""
    part = tile // 9
    at = 1 + tile - 9 * part
    groups = [
        record[4][at if p == part else 0] or _part_waits(record, p, at if p == part else 0)
        for p, record in enumerate(records)
    ]
    return _waits_of_parts(groups)


def split_waits_less(records: Records, tile: int) -> int:
    """waits_less for the records of a hand that splits into sets and a pair (splits_of gives a split): then every
    part is whole, and only the part of `tile` less that copy can take the wait — into its own pair when it holds
    the pair, else into sets, or, when it is left as sets and a pair itself, into the pair of the part holding it
    (made a pung). What _waits_of_parts decides for any four parts, without looking at the parts left whole."""
    part = tile // 9
    at = 1 + tile - 9 * part
    record = records[part]
    less = record[4][at] or _part_waits(record, part, at)
    if record[2]:
        return less[2]
    if less[0] != 2:
        return less[1]
    waits = less[1]
    for p, other in enumerate(records):
        if other[2]:
            waits |= (other[4][0] or _part_waits(other, p, 0))[1]
    return waits


def _part_waits(record: Record, part: int, at: int) -> PartWaits:
    """Fill the record's waits list at `at` (0: the part itself, 1 + r: the part less one tile of rank r)."""
    counts = list(record[3])
    if at:
        counts[at - 1] -= 1
    found = record[4][at] = suit_waits(part, tuple(counts)) if part < 3 else honor_waits(tuple(counts))
    return found


def _choices(states: tuple[int, ...]) -> tuple[int, ...]:
    """Which waits of each of four parts make the hand's, given the parts' states (as suit_waits gives them):
    0 none, 1 its plain waits, 2 its paired waits. The wait goes into one part; every other part must be
    complete, one at most holding the pair."""
    broken, paired_only = states.count(0), states.count(2)  # parts that split neither way / only with the pair
    if broken > 1 or paired_only > 2:
        return (0, 0, 0, 0)
    return tuple(
        0 if broken - (state == 0) or paired_only - (state == 2) > 1 else 1 if paired_only - (state == 2) else 2
        for state in states
    )


_CHOICES = tuple(_choices((i // 27, i // 9 % 3, i // 3 % 3, i % 3)) for i in range(81))


def _waits_of_parts(groups: list[PartWaits]) -> int:
    """The waits of a hand from its four parts' (state, plain waits, paired waits)."""
    a, b, c, d = groups
    ka, kb, kc, kd = _CHOICES[a[0] * 27 + b[0] * 9 + c[0] * 3 + d[0]]
    return (a[ka] if ka else 0) | (b[kb] if kb else 0) | (c[kc] if kc else 0) | (d[kd] if kd else 0)


def _held(counts: list[int]) -> int:
    held = 0
    for t in range(34):
        if counts[t]:
            held |= 1 << t
    return held


def special_waits(counts: list[int], held: int) -> int:
    """Waits of a closed 13-tile hand through the special shapes (seven pairs, orphans, knitted)."""
    waits = 0
    if counts.count(1) + counts.count(3) == 1:  # six pairs and a single tile
        waits |= 1 << (counts.index(1) if 1 in counts else counts.index(3))
    orphans_held = held & ORPHAN_MASK
    if not held & ~ORPHAN_MASK and orphans_held.bit_count() >= 12:
        waits |= ORPHAN_MASK if orphans_held == ORPHAN_MASK else ORPHAN_MASK & ~orphans_held
    if max(counts) == 1:
        suited = held & ((1 << 27) - 1)
        n_suited = suited.bit_count()
        for mask in KNITTED_MASKS:
            if not suited & ~mask:
                # a missing honor, or a missing tile of the pattern, while 7-9 suited tiles stay possible
                if n_suited >= 7:
                    waits |= HONOR_BITS & ~held
                if n_suited <= 8:
                    waits |= mask & ~held
    return waits


def knitted_waits(counts: list[int], melds: int, held: int) -> int:
    """Waits that complete 组合龙 + set + pair (only hands already holding 8 of a pattern's tiles)."""
    if melds > 1:
        return 0
    waits = 0
    for pattern, mask in zip(KNITTED_PATTERNS, KNITTED_MASKS):
        have = (held & mask).bit_count()
        if have < 8:
            continue
        rest = list(counts)
        for t in pattern:
            if rest[t]:
                rest[t] -= 1
        if have == 9:
            waits |= standard_waits(rest)  # the knitted part is whole: the rest waits as usual
        elif standard_splits(rest):
            waits |= mask & ~held  # the rest is whole: the missing knitted tile completes it
    return waits


def other_waits(counts: list[int], melds: int, held: int | None = None, knitted_straight: bool = True) -> int:
    """Waits through the shapes other than the standard one (seven pairs, orphans, knitted).

    held: the bit mask of the tiles in counts, when the caller has it; knitted_straight: whether 组合龙 + a set +
    a pair is a winning shape (the profile's knitted_straight_shape)."""
    if held is None:
        held = _held(counts)
    waits = 0
    # each shape is asked only when the tiles allow it: one odd count (七对), only orphans (十三幺),
    # only single tiles (全不靠), eight tiles of a knitted pattern (组合龙)
    if melds == 0 and (counts.count(1) + counts.count(3) == 1 or not held & ~ORPHAN_MASK or max(counts) == 1):
        waits = special_waits(counts, held)
    if knitted_straight and melds <= 1 and (held & ((1 << 27) - 1)).bit_count() >= 8:
        waits |= knitted_waits(counts, melds, held)
    return waits


def all_waits(counts: list[int], melds: int, knitted_straight: bool = True) -> int:
    """Every tile that would complete these 13 − 3 × melds concealed tiles, through any shape."""
    return standard_waits(counts) | other_waits(counts, melds, knitted_straight=knitted_straight)
