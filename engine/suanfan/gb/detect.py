"""Which fans are present in one reading of a hand: every fan whose conditions hold, before any 不计.

An instance is a tuple (rank, scope, fan, shown), so that sorting puts it in resolution order:
  rank   the fan's place in the resolution order of the profile (profiles.Compiled.rank)
  fan    the fan's index in fans.FANS
  scope  a bit mask of the reading's groups that earned it (meld fans), or HAND (-1) for a fan of the
         whole hand; 不计 between two meld fans only reaches the groups of the excluding one
  shown  what earned it, for the explanation: a bit mask of groups (>= 0), WIN_TILE (the winning tile),
         or HOG_BASE - tile (the four copies of one tile)
Groups are the reading's sets in order, then the pair (standard and knitted readings), or the pairs /
single tiles of the special shapes.

Combination fans (two to four chows, or two to four pungs) are reported for every subset of sets that forms
them: choosing among them is the resolver's job (resolve.py), under the combination principles.

Detection works on compact summaries made once: a hand's tiles as property bits (per-suit tables), how it was
won as flag bits, a reading's chows and pungs as families of tiles. What those summaries give is kept per
profile (Compiled.memo_*): the instances a hand's tiles and win share, the combination fans and 全带 traits
of a family of sets, the fans of one pung per tile and winds. The keys recur from hand to hand; none is a
whole hand.
"""

from __future__ import annotations

from itertools import combinations

from .fans import INDEX
from .shapes import (
    CHOW,
    KONG,
    PUNG,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    other_waits,
    records_of_tiles,
    shifted_pairs_of,
    split_waits_less,
    waits_less,
)

HAND = -1
WIN_TILE = -1
HOG_BASE = -2

F = INDEX  # short alias inside this module

# ---------------------------------------------------------------- tile masks (34-bit)


def _mask(tiles) -> int:
    return sum(1 << t for t in tiles)


SUIT_MASKS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
HONOR_MASK = 0x7F << 27
WIND_MASK = 0xF << 27
DRAGON_MASK = 0x7 << 31
TERMINAL_MASK = _mask((0, 8, 9, 17, 18, 26))
ORPHAN_MASK = TERMINAL_MASK | HONOR_MASK
GREEN_MASK = _mask((19, 20, 21, 23, 25, 32))  # 23468 条 and 发
REVERSIBLE_MASK = _mask((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33))  # 1234589饼 245689条 白


def _ranks_mask(ranks) -> int:
    m = _mask(ranks)
    return m | (m << 9) | (m << 18)


RANKS_LOWER_TILES = _ranks_mask((0, 1, 2))
RANKS_LOWER_FOUR = _ranks_mask((0, 1, 2, 3))
RANKS_MIDDLE_TILES = _ranks_mask((3, 4, 5))
RANKS_UPPER_FOUR = _ranks_mask((5, 6, 7, 8))
RANKS_UPPER_TILES = _ranks_mask((6, 7, 8))

# fan numbers traits_of uses
_ALL_GREEN = F["all_green"]
_ALL_HONORS = F["all_honors"]
_ALL_SIMPLES = F["all_simples"]
_ALL_TERMINALS = F["all_terminals"]
_ALL_TERMINALS_AND_HONORS = F["all_terminals_and_honors"]
_ALL_TYPES = F["all_types"]
_FULL_FLUSH = F["full_flush"]
_HALF_FLUSH = F["half_flush"]
_LOWER_FOUR = F["lower_four"]
_LOWER_TILES = F["lower_tiles"]
_MIDDLE_TILES = F["middle_tiles"]
_NO_HONORS = F["no_honors"]
_ONE_VOIDED_SUIT = F["one_voided_suit"]
_REVERSIBLE_TILES = F["reversible_tiles"]
_UPPER_FOUR = F["upper_four"]
_UPPER_TILES = F["upper_tiles"]


# A hand's tiles summed up as a few property bits (computed from per-suit tables, so a hand costs four
# look-ups): which suits and honors it holds, and which kinds of tile it holds that some fan forbids.
P_SUITS = 0b111  # bit s: suit s is held
P_WINDS, P_DRAGONS = 1 << 3, 1 << 4
P_ORPHAN = 1 << 5  # a terminal or an honor (not 断幺)
P_NOT_REVERSIBLE = 1 << 6  # a tile outside 推不倒's
P_NOT_GREEN = 1 << 7  # a tile outside 绿一色's
P_MIDDLE = 1 << 8  # a suited 2-8 (not 清幺九 / 混幺九)
P_OVER_3, P_OVER_4, P_OUTSIDE_456, P_UNDER_6, P_UNDER_7 = (1 << b for b in range(9, 14))  # ranks beyond 全小 …


def _suit_props(suit: int, ranks: int) -> int:
    """The property bits of one suit's ranks held (bit r: rank r + 1)."""
    if not ranks:
        return 0
    tiles = ranks << (suit * 9)
    props = 1 << suit
    if ranks & 0x101:
        props |= P_ORPHAN
    if ranks & 0xFE:
        props |= P_MIDDLE
    if tiles & ~REVERSIBLE_MASK:
        props |= P_NOT_REVERSIBLE
    if tiles & ~GREEN_MASK:
        props |= P_NOT_GREEN
    for bit, allowed in (
        (P_OVER_3, RANKS_LOWER_TILES),
        (P_OVER_4, RANKS_LOWER_FOUR),
        (P_OUTSIDE_456, RANKS_MIDDLE_TILES),
        (P_UNDER_6, RANKS_UPPER_FOUR),
        (P_UNDER_7, RANKS_UPPER_TILES),
    ):
        if tiles & ~allowed:
            props |= bit
    return props


def _honor_props(honors: int) -> int:
    """The property bits of the honors held (bit i: tile 27 + i)."""
    if not honors:
        return 0
    tiles = honors << 27
    props = P_ORPHAN
    if tiles & WIND_MASK:
        props |= P_WINDS
    if tiles & DRAGON_MASK:
        props |= P_DRAGONS
    if tiles & ~REVERSIBLE_MASK:
        props |= P_NOT_REVERSIBLE
    if tiles & ~GREEN_MASK:
        props |= P_NOT_GREEN
    return props


def _props_table(one, n: int) -> tuple:
    """The property bits of every set of n tiles (bit masks 0 … 2**n - 1), from those of each tile: a
    property is a kind of tile held, so a set's bits are the union of its tiles'."""
    table = [0] * (1 << n)
    for held in range(1, 1 << n):
        low = held & -held
        table[held] = table[held ^ low] | one(low)
    return tuple(table)


_SUIT_PROPS = tuple(_props_table(lambda bit, s=suit: _suit_props(s, bit), 9) for suit in range(3))
_HONOR_PROPS = _props_table(_honor_props, 7)


def tile_props(mask: int) -> int:
    """The property bits of a hand holding the tiles of this 34-bit mask."""
    return (
        _SUIT_PROPS[0][mask & 0x1FF]
        | _SUIT_PROPS[1][mask >> 9 & 0x1FF]
        | _SUIT_PROPS[2][mask >> 18 & 0x1FF]
        | _HONOR_PROPS[mask >> 27]
    )


def traits_of(props: int, terminals_and_honors: bool = True) -> list[int]:
    """Fans decided by which tiles the hand holds at all (suits, honors, ranks), whatever the reading."""
    found = []
    honors = props & (P_WINDS | P_DRAGONS)
    suits = (props & P_SUITS).bit_count()
    if not honors:
        found.append(_NO_HONORS)
    if suits <= 2:
        found.append(_ONE_VOIDED_SUIT)
    if suits == 1:
        found.append(_HALF_FLUSH if honors else _FULL_FLUSH)
    if suits == 3 and props & P_WINDS and props & P_DRAGONS:
        found.append(_ALL_TYPES)
    if not props & P_ORPHAN:
        found.append(_ALL_SIMPLES)
    if not props & P_NOT_REVERSIBLE:
        found.append(_REVERSIBLE_TILES)
    if not props & P_NOT_GREEN:
        found.append(_ALL_GREEN)
    if not suits:
        found.append(_ALL_HONORS)
    elif not props & P_MIDDLE and not honors:
        found.append(_ALL_TERMINALS)
    elif not props & P_MIDDLE and terminals_and_honors:
        found.append(_ALL_TERMINALS_AND_HONORS)
    if not honors:
        if not props & P_OVER_4:
            if not props & P_OVER_3:
                found.append(_LOWER_TILES)
            found.append(_LOWER_FOUR)
        elif not props & P_UNDER_6:
            if not props & P_UNDER_7:
                found.append(_UPPER_TILES)
            found.append(_UPPER_FOUR)
        elif not props & P_OUTSIDE_456:
            found.append(_MIDDLE_TILES)
    return found


# ---------------------------------------------------------------- combinations of sets (cached by tiles)


def _chow_pair(a: int, b: int):
    if a // 9 != b // 9:
        return F["mixed_double_chow"] if a % 9 == b % 9 else None
    if b - a == 3 or a - b == 3:
        return F["short_straight"]
    if {a % 9, b % 9} == {0, 6}:
        return F["two_terminal_chows"]
    if a == b:
        return F["pure_double_chow"]
    return None


def _chow_triple(x: int, y: int, z: int):
    sx, sy, sz = x // 9, y // 9, z // 9
    if sx == sy == sz:
        if x % 9 == 0 and y == x + 3 and z == y + 3:
            return F["pure_straight"]
        if y - x == z - y and y - x in (1, 2):
            return F["pure_shifted_chows"]
        if x == y == z:
            return F["pure_triple_chow"]
        return None
    if sx != sy and sy != sz and sx != sz:
        ranks = sorted((x % 9, y % 9, z % 9))
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return F["mixed_shifted_chows"]
        if ranks[0] == ranks[2]:
            return F["mixed_triple_chow"]
        if ranks == [0, 3, 6]:
            return F["mixed_straight"]
    return None


def _chow_quad(a: int, b: int, c: int, d: int):
    if a == b == c == d:
        return F["quadruple_chow"]
    if a // 9 == d // 9 and b - a == c - b == d - c and b - a in (1, 2):
        return F["four_pure_shifted_chows"]
    return None


def _pung_pair(a: int, b: int):
    if a < 27 and b < 27:
        return F["double_pung"] if a % 9 == b % 9 and a != b else None
    if a >= 31 and b >= 31:
        return F["two_dragon_pungs"]
    return None


def _pung_triple(x: int, y: int, z: int):
    if z < 27:
        if x // 9 == z // 9:
            return F["pure_shifted_pungs"] if y == x + 1 and z == y + 1 else None
        if x // 9 != y // 9 and y // 9 != z // 9 and x // 9 != z // 9:
            ranks = sorted((x % 9, y % 9, z % 9))
            if ranks[0] == ranks[2]:
                return F["triple_pung"]
            if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
                return F["mixed_shifted_pungs"]
        return None
    if x >= 27 and z <= 30:
        return F["big_three_winds"]
    if x >= 31:
        return F["big_three_dragons"]
    return None


def _pung_quad(a: int, b: int, c: int, d: int):
    if d < 27 and a // 9 == d // 9 and b == a + 1 and c == b + 1 and d == c + 1:
        return F["four_pure_shifted_pungs"]
    if (a, b, c, d) == (27, 28, 29, 30):
        return F["big_four_winds"]
    return None


_COMBINATIONS: dict = {}


def combinations_of(tiles: tuple, chows: bool) -> list:
    """Every combination fan among these sets (sorted tiles): [(fan, positions), ...], kept per tiles."""
    found = _COMBINATIONS.get((chows, tiles))
    if found is None:
        found = _COMBINATIONS[(chows, tiles)] = _combinations(tiles, chows)
    return found


def _combinations(tiles: tuple, chows: bool) -> list:
    pair_of, triple_of, quad_of = (
        (_chow_pair, _chow_triple, _chow_quad) if chows else (_pung_pair, _pung_triple, _pung_quad)
    )
    out = []
    n = len(tiles)
    if n == 4:
        fan = quad_of(*tiles)
        if fan is not None:
            out.append((fan, (0, 1, 2, 3)))
    for size, test in ((3, triple_of), (2, pair_of)):
        if n >= size:
            for picked in combinations(range(n), size):
                fan = test(*(tiles[i] for i in picked))
                if fan is not None:
                    out.append((fan, picked))
    return out


OUTSIDE, FIVES, EVENS = 1, 2, 4


def _group_traits(tile: int, chow: bool) -> int:
    """What a group (chow from `tile`, or pung / kong / pair of `tile`) gives toward 全带幺 / 全带五 / 全双刻."""
    if tile >= 27:
        return OUTSIDE
    r = tile % 9
    if chow:
        return (OUTSIDE if r in (0, 6) else 0) | (FIVES if r in (2, 3, 4) else 0)
    return (OUTSIDE if r in (0, 8) else 0) | (FIVES if r == 4 else 0) | (EVENS if r % 2 else 0)


_TRAITS_OF = ([_group_traits(t, False) for t in range(34)], [_group_traits(t, True) for t in range(34)])


def _family(prof, chows: bool, tiles: tuple, groups: int) -> list:
    """The combination instances of a family of sets (chows, or pungs and kongs) and what all of them have in
    common toward 全带幺 / 全带五 / 全双刻: [instances, resolution alone or None until asked, traits] (the chows'
    family is a part of the reading of its own: PART_INSTANCES, PART_RESOLUTION).

    tiles: the sets' tiles in group order; groups: the bit mask of their group numbers. Kept per profile, keyed
    by both (a few thousand keys: the families of sets that hands are made of).
    """
    key = (chows, tiles, groups)
    found = prof.memo_families.get(key)
    if found is not None:
        return found
    bits = []
    g = groups
    while g:
        low = g & -g
        bits.append(low)
        g ^= low
    members = sorted(zip(tiles, bits))
    traits_of_tile = _TRAITS_OF[chows]
    traits = OUTSIDE | FIVES | EVENS
    for t in tiles:
        traits &= traits_of_tile[t]
    instances = []
    if len(tiles) >= 2:
        rank = prof.rank
        for fan, positions in combinations_of(tuple(t for t, b in members), chows):
            scope = 0
            for i in positions:
                scope |= members[i][1]
            instances.append((rank[fan], scope, fan, scope))
    found = prof.memo_families[key] = [tuple(instances), None, traits]
    return found


# ---------------------------------------------------------------- the situation of one hand

_WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30}


class Context:
    """What every reading of one hand shares: the tiles, the win, the winds, the profile.

    counts: the concealed counts (standing tiles, the winning tile included); cmask: the same as a bit mask;
    props: the property bits of all the tiles held (tile_props); traits: the fans those give (trait_fans), a bit
    mask of fans; win_fans: the fans of how the hand was won (self-drawn, no exposed meld, four exposed melds,
    last tile, kong, last copy), a bit mask of fans; winds: (prevalent, seat) as letters; hogs: the instances of 四归一,
    one per tile held four times outside a kong; declared_part: the melds as standard_parts reads them (NO_MELDS;
    declared_sets gives them as a Reading's sets). The waits of the 13 tiles before the win are worked out on first use (only readings where the winning tile could be an edge, closed or single wait
    need them).
    """

    __slots__ = (
        "win",
        "self_drawn",
        "winds",
        "prof",
        "mask",
        "cmask",
        "props",
        "traits",
        "win_fans",
        "hogs",
        "declared",
        "declared_part",
        "counts",
        "records",
        "_waits",
        "nine_gates",
    )

    def __init__(self, hand, situation, prof):
        self.prof = prof
        standing = hand.standing
        win = self.win = standing[-1]
        self_drawn = self.self_drawn = situation.self_drawn
        self.winds = (situation.prevalent_wind, situation.seat_wind)
        # the four parts' records from the tiles sorted (no count table built tile by tile); the counts are theirs
        # joined, as bytes (a byte search finds a 4 in C)
        a, b, c, h = self.records = records_of_tiles(standing)
        row = a[3] + b[3] + c[3] + h[3]
        concealed = self.counts = list(row)
        cmask = self.cmask = a[0] | b[0] | c[0] | h[0]
        mask = cmask
        melds = hand.melds
        if melds:
            part, mask, counts, exposed = _read_melds(melds, row, mask)
        else:
            part, counts, exposed = NO_MELDS, row, 0
        self.declared_part = part
        self.hogs = _hogs(prof, counts) if 4 in counts else ()
        self.mask = mask
        props = self.props = (
            _SUIT_PROPS[0][mask & 0x1FF]
            | _SUIT_PROPS[1][mask >> 9 & 0x1FF]
            | _SUIT_PROPS[2][mask >> 18 & 0x1FF]
            | _HONOR_PROPS[mask >> 27]
        )  # tile_props(mask)
        traits = self.traits = _TRAIT_FANS_OF.get(props)
        if traits is None:
            self.traits = trait_fans(props)
        self.win_fans = _WIN_FAN_MASKS[
            self_drawn
            | (exposed == 0) << 1
            | (exposed == 4) << 2
            | situation.last_of_wall << 3
            | situation.kong << 4
            | situation.last_copy << 5
        ]
        self.declared = len(melds)
        self._waits = None
        self.nine_gates = -1
        if not melds and win < 27 and not mask & ~SUIT_MASKS[win // 9]:
            before = list(concealed)
            before[win] -= 1
            self.nine_gates = _nine_gates(before)

    def single_tile_wait(self, splits: bool = False) -> bool:
        """The hand could win on the winning tile alone (by shape, used-up copies included). splits: the hand's
        tiles make a standard split (a standard reading asks), so that its standard waits come from the part of
        the winning tile alone (split_waits_less).

        The waits of the 13 tiles before the win, through every shape; the standard shape is asked first,
        since a second wait there settles it. The other shapes need one meld at most (other_waits).
        """
        if self._waits is None:
            waits = split_waits_less(self.records, self.win) if splits else waits_less(self.records, self.win)
            # without melds any shape may be there; with one, 组合龙 + a set + a pair, whose eight or nine knitted tiles
            # are different suited tiles; with more, none
            declared = self.declared
            if not waits & ~(1 << self.win) and (
                not declared or declared == 1 and (self.cmask & 0x7FFFFFF).bit_count() >= 8
            ):
                # as bytes, the special shapes' tests (how many counts are 1 or 3, the largest count) run as
                # byte searches rather than comparisons of 34 ints
                before = bytearray(self.counts)
                before[self.win] -= 1
                held = self.cmask if before[self.win] else self.cmask & ~(1 << self.win)
                waits |= other_waits(before, self.declared, held, self.prof.knitted_straight_shape)
            self._waits = waits
        return self._waits == 1 << self.win

    def hand_part(self, every: int, fans: int, edge: int, closed: int, single: int, honor_pungs: int) -> list:
        """A reading's part of hand fans: fans (a bit mask of fans of the whole reading, shown as every: the
        hand's traits and the reading's own), the fans of how the hand was won, and the wait fans of the groups
        edge, closed, single (-1: none). [instances, resolution alone or None until asked], kept per
        profile by those fans and where they show, never by the hand's tiles. honor_pungs: the groups that are
        honor pungs, when 五门齐's 不计 reaches those only (all_types_honor_pungs), else HAND.
        """
        key = (fans, self.win_fans, every, edge, closed, single, honor_pungs)
        found = self.prof.memo_hands.get(key)
        if found is None:
            rank = self.prof.rank
            instances = [(rank[f], honor_pungs if f == _ALL_TYPES else HAND, f, every) for f in _fans_in(fans)]
            instances += [(rank[f], HAND, f, WIN_TILE) for f in _fans_in(self.win_fans)]
            for g, fan in ((edge, EDGE_WAIT), (closed, CLOSED_WAIT), (single, SINGLE_WAIT)):
                if g >= 0:
                    instances.append((rank[fan], HAND, fan, 1 << g))
            found = self.prof.memo_hands[key] = [tuple(instances), None]
        return found


# The melds as standard_parts reads them, a reading's first groups (group g: meld g): (chows, their group bits,
# pungs and kongs, their group bits, (tile, group, kong fan or -1) of each pung and kong, the concealed kongs'
# group bits).
NO_MELDS = ((), 0, (), 0, (), 0)


def _read_melds(melds, row: bytes, mask: int) -> tuple:
    """(the melds as standard_parts reads them (NO_MELDS), the held mask with their tiles, the counts with their
    tiles but the kongs' (for 四归一), how many are exposed)."""
    counts = bytearray(row)
    exposed = 0
    chows: tuple = ()
    pungs: tuple = ()
    pung_sets: tuple = ()
    chow_groups = pung_groups = concealed_kongs = 0
    bit = 1  # the meld's group bit
    for g, m in enumerate(melds):
        tiles = m.tiles
        first = tiles[0]
        if not m.concealed:
            exposed += 1
        if len(tiles) == 4:
            mask |= 1 << first
            pungs += (first,)
            pung_groups |= bit
            if m.concealed:
                concealed_kongs |= bit
                pung_sets += ((first, g, CONCEALED_KONG),)
            else:
                pung_sets += ((first, g, MELDED_KONG),)
        elif first != tiles[1]:
            chows += (first,)
            chow_groups |= bit
            mask |= 7 << first
            counts[first] += 1
            counts[first + 1] += 1
            counts[first + 2] += 1
        else:
            pungs += (first,)
            pung_groups |= bit
            pung_sets += ((first, g, -1),)
            mask |= 1 << first
            counts[first] += 3
        bit <<= 1
    return (chows, chow_groups, pungs, pung_groups, pung_sets, concealed_kongs), mask, counts, exposed


def declared_sets(melds) -> tuple:
    """The melds as a Reading's sets: (kind, first tile, concealed, the meld)."""
    sets = []
    for m in melds:
        first = m.tiles[0]
        if len(m.tiles) == 4:
            sets.append((KONG, first, m.concealed, m))
        else:
            sets.append((CHOW if first != m.tiles[1] else PUNG, first, False, m))
    return tuple(sets)


def _fans_in(fans: int) -> list[int]:
    """The fans of a bit mask of fans, in table order."""
    found = []
    while fans:
        low = fans & -fans
        found.append(low.bit_length() - 1)
        fans ^= low
    return found


_TRAIT_FANS_OF: dict = {}  # property bits -> trait_fans


def trait_fans(props: int, terminals_and_honors: bool = True) -> int:
    """traits_of as a bit mask of fans (kept per property bits, for terminals_and_honors)."""
    found = sum(1 << f for f in traits_of(props, terminals_and_honors))
    if terminals_and_honors:
        _TRAIT_FANS_OF[props] = found
    return found


def _hogs(prof, counts: bytes) -> tuple:
    """The instances of 四归一: one per tile counted four times."""
    found = ()
    t = -1
    while 4 in counts[t + 1 :]:
        t = counts.index(4, t + 1)
        found += ((prof.rank[TILE_HOG], HAND, TILE_HOG, HOG_BASE - t),)
    return found


def _nine_gates(before: list[int]) -> int:
    """The suit (0-2) when the 13 tiles before the win are 1112345678999 of one suit, else -1."""
    for suit in range(3):
        b = suit * 9
        if before[b] == 3 and before[b + 8] == 3 and all(before[b + r] == 1 for r in range(1, 8)):
            return suit
    return -1


# How the hand was won: (what it needs, fan when self-drawn, fan when won on a discard); the needs are the bits
# of how it was won after the first (self-drawn), in this order: always, no exposed meld, four exposed melds,
# last tile, kong, last copy.
_WIN_FANS = tuple(
    (need, F[drawn] if drawn else None, F[claimed] if claimed else None)
    for need, drawn, claimed in (
        ("always", "self_drawn", None),
        ("closed", "fully_concealed_hand", "concealed_hand"),
        ("four exposed", None, "melded_hand"),
        ("last tile", "last_tile_draw", "last_tile_claim"),
        ("kong", "out_with_replacement_tile", "robbing_the_kong"),
        ("last copy", "last_tile", "last_tile"),
    )
)


def _win_fans(how: int) -> int:
    """The fans of how a hand was won, a bit mask of fans; how: bit 0 self-drawn, bit n the need of row n of
    _WIN_FANS (n >= 1)."""
    column = 1 if how & 1 else 2
    found = 0
    for n, row in enumerate(_WIN_FANS):
        fan = row[column]
        if fan is not None and (n == 0 or how >> n & 1):
            found |= 1 << fan
    return found


_WIN_FAN_MASKS = tuple(_win_fans(how) for how in range(64))


DRAGON_PUNG, TERMINAL_PUNG = F["dragon_pung"], F["pung_of_terminals_or_honors"]
PREVALENT, SEAT = F["prevalent_wind"], F["seat_wind"]
CONCEALED_KONG, MELDED_KONG = F["concealed_kong"], F["melded_kong"]
TWO_MELDED_KONGS, TWO_CONCEALED_KONGS = F["two_melded_kongs"], F["two_concealed_kongs"]
CONCEALED_AND_MELDED_KONG = F["concealed_and_melded_kong"]
THREE_KONGS, FOUR_KONGS = F["three_kongs"], F["four_kongs"]
TILE_HOG = F["tile_hog"]
EDGE_WAIT, CLOSED_WAIT, SINGLE_WAIT = F["edge_wait"], F["closed_wait"], F["single_wait"]
ALL_PUNGS, ALL_CHOWS = F["all_pungs"], F["all_chows"]
OUTSIDE_HAND, ALL_FIVES, ALL_EVEN_PUNGS = F["outside_hand"], F["all_fives"], F["all_even_pungs"]
LITTLE_FOUR_WINDS, LITTLE_THREE_DRAGONS = F["little_four_winds"], F["little_three_dragons"]
KNITTED_STRAIGHT, NINE_GATES = F["knitted_straight"], F["nine_gates"]
SEVEN_PAIRS_FAN, SEVEN_SHIFTED_PAIRS = F["seven_pairs"], F["seven_shifted_pairs"]
THIRTEEN_ORPHANS_FAN = F["thirteen_orphans"]
GREATER_HONORS_AND_KNITTED = F["greater_honors_and_knitted_tiles"]
LESSER_HONORS_AND_KNITTED = F["lesser_honors_and_knitted_tiles"]
CONCEALED_PUNG_FANS = (None, None, F["two_concealed_pungs"], F["three_concealed_pungs"], F["four_concealed_pungs"])


def _pung_fans(tile: int, prevalent: int, seat: int) -> tuple:
    """The fans one pung (or kong) of this tile earns by itself: 箭刻, 幺九刻, 圈风刻, 门风刻."""
    if tile >= 31:
        return DRAGON_PUNG, TERMINAL_PUNG
    if tile >= 27:
        return (TERMINAL_PUNG,) + ((PREVALENT,) if tile == prevalent else ()) + ((SEAT,) if tile == seat else ())
    return (TERMINAL_PUNG,) if tile % 9 in (0, 8) else ()


_GROUPS = 6  # the most groups a pung can be in: four sets, or a knitted part and one set, before the pair


def _pung_table(prof, winds: tuple) -> tuple:
    """Per tile and group, the instances one pung of it there earns, kept per profile and winds ((prevalent,
    seat) as letters): table[tile][group]."""
    found = prof.memo_pungs.get(winds)
    if found is None:
        rank = prof.rank
        prevalent, seat = _WIND_INDEX[winds[0]], _WIND_INDEX[winds[1]]
        found = prof.memo_pungs[winds] = tuple(
            tuple(tuple((rank[f], 1 << g, f, 1 << g) for f in _pung_fans(t, prevalent, seat)) for g in range(_GROUPS))
            for t in range(34)
        )
    return found


def _kong_fans(prof, melded_kongs: list, concealed_kongs: list, out: list) -> None:
    """Fans of kongs together: 双明杠, 双暗杠, 明暗杠, 三杠, 四杠 (melded_kongs, concealed_kongs: their group bits)."""
    rank = prof.rank
    append = out.append
    kongs = len(melded_kongs) + len(concealed_kongs)
    every = sum(melded_kongs) + sum(concealed_kongs)
    if kongs == 2:
        if not concealed_kongs:
            append((rank[TWO_MELDED_KONGS], every, TWO_MELDED_KONGS, every))
        elif not melded_kongs:
            append((rank[TWO_CONCEALED_KONGS], every, TWO_CONCEALED_KONGS, every))
        elif prof.concealed_and_melded_kong:
            append((rank[CONCEALED_AND_MELDED_KONG], every, CONCEALED_AND_MELDED_KONG, every))
    elif kongs >= 3:
        fan = THREE_KONGS if kongs == 3 else FOUR_KONGS
        extra = prof.extra_kong_fans
        if extra == "concealed":
            # the seed: 三杠 / 四杠 不计 the fans of the melded kongs; one concealed kong keeps 暗杠, two make
            # 双暗杠, three or four are left to 三暗刻 / 四暗刻
            reach = sum(melded_kongs)
            if len(concealed_kongs) == 2:
                pair = sum(concealed_kongs)
                append((rank[TWO_CONCEALED_KONGS], pair, TWO_CONCEALED_KONGS, pair))
            elif len(concealed_kongs) > 2:
                reach = every
            append((rank[fan], reach, fan, every))
        else:
            append((rank[fan], every, fan, every))
            if extra == "paired":
                # 1998: like kongs pair up (their 不计 no longer covers kong fans, profiles.py)
                for pair_fan, bits in ((TWO_MELDED_KONGS, melded_kongs), (TWO_CONCEALED_KONGS, concealed_kongs)):
                    for i in range(0, len(bits) - 1, 2):
                        pair = bits[i] | bits[i + 1]
                        append((rank[pair_fan], pair, pair_fan, pair))


def _pung_bits(pung_tiles: tuple, pung_groups: int) -> list:
    """(tile, group bit) of each pung and kong of a reading (pung_tiles in group order, pung_groups their group
    bits): for the rarer fans that look at the pungs again (小四喜, 小三元, 九莲宝灯, 五门齐's reach)."""
    found = []
    for tile in pung_tiles:
        low = pung_groups & -pung_groups
        found.append((tile, low))
        pung_groups ^= low
    return found


# A reading's fans in three parts (resolve.resolve_parts): the hand part (Context.hand_part), the chows'
# combinations (their family, _family) and the others (四归一 and the other meld fans: _others_part). Each is
# [instances, resolution alone or None until asked, ...].
PART_INSTANCES, PART_RESOLUTION = 0, 1
NO_CHOWS = [(), None, OUTSIDE | FIVES | EVENS]
NO_OTHERS = [(), None, OUTSIDE | FIVES | EVENS]
_TRAIT_FANS = tuple(
    sum(
        1 << fan
        for trait, fan in ((OUTSIDE, OUTSIDE_HAND), (FIVES, ALL_FIVES), (EVENS, ALL_EVEN_PUNGS))
        if traits & trait
    )
    for traits in range(8)
)


def standard_parts(ctx: Context, chows: tuple, pungs: tuple, pair: int, knitted: bool = False) -> tuple:
    """The fans present in a reading of the melds, these concealed sets (chows, pungs: their first tiles in tile
    order) and a pair, in three parts: (hand part, chows' part, the instances of the others: 四归一 and the other
    meld fans).

    The reading's groups are the melds in order (Context.declared_part), the concealed chows, the concealed pungs, the
    pair; with knitted=True the reading is 组合龙 + these sets (one) + pair, and the knitted part is group 0 before
    them. A kind of set is read at once as its tiles and the bit mask of its groups; only the pungs and kongs are
    gone through one by one, for their own fans (箭刻, 幺九刻, the winds: memo_pungs) and their kong fans.
    """
    prof = ctx.prof
    rank = prof.rank
    w = ctx.win
    first = 1 if knitted else 0  # group numbers: the knitted part first when there is one
    base = first + ctx.declared  # the first concealed chow's group
    pung_base = base + len(chows)  # the first concealed pung's
    pair_group = pung_base + len(pungs)
    pair_bit = 1 << pair_group
    every = (pair_bit << 1) - 1
    d_chows, d_chow_groups, d_pungs, d_pung_groups, d_pung_sets, d_concealed_kongs = ctx.declared_part
    chow_tiles = d_chows + chows
    chow_groups = d_chow_groups << first | ((1 << len(chows)) - 1) << base
    pung_tiles = d_pungs + pungs
    own_pungs = ((1 << len(pungs)) - 1) << pung_base
    pung_groups = d_pung_groups << first | own_pungs

    # The winning tile in a concealed chow: 坎张 / 边张 where it sits (the last such chow's group, as the chows are
    # in tile order), and the reason a concealed pung of it stays concealed when it was won on a discard (the
    # reading most favourable to the player).
    edge = closed = -1
    win_in_chow = w in chows or w - 1 in chows or w - 2 in chows
    if win_in_chow:
        if w - 1 in chows:
            closed = base + chows.index(w - 1) + chows.count(w - 1) - 1
        r = w % 9
        if r == 2 and w - 2 in chows:
            edge = base + chows.index(w - 2) + chows.count(w - 2) - 1
        elif r == 6 and w in chows:
            edge = base + chows.index(w) + chows.count(w) - 1
    concealed_mask = d_concealed_kongs << first | own_pungs
    if not win_in_chow and not ctx.self_drawn and w in pungs:
        concealed_mask ^= 1 << pung_base + pungs.index(w)

    honor_pungs = HAND
    if prof.all_types_honor_pungs and ctx.props & P_WINDS and ctx.props & P_DRAGONS:
        honor_pungs = 0
        for tile, bit in _pung_bits(pung_tiles, pung_groups):
            if tile >= 27:
                honor_pungs |= bit

    # The rarer fans of the reading's sets and pair (小四喜 / 小三元, 一色双龙会 / 三色双龙会, 九莲宝灯).
    rare: list = []
    extras = 0  # the reading's own fans of the whole hand, shown as every (Context.hand_part)
    if knitted:
        if chow_tiles and pair < 27:
            extras = 1 << ALL_CHOWS
    else:
        if len(pung_tiles) == 4:
            extras |= 1 << ALL_PUNGS
        if pair >= 27:
            if pung_tiles:
                _little_winds_dragons(rank, _pung_bits(pung_tiles, pung_groups), pair, pair_bit, rare)
        elif len(chow_tiles) == 4:
            extras |= 1 << ALL_CHOWS
            if pair % 9 == 4:
                _terminal_chows(rank, chow_tiles, pair, every, rare)
        if ctx.nine_gates >= 0:
            suit = ctx.nine_gates
            if prof.nine_gates_all_pungs:
                scope = HAND
            else:
                owned = [bit for t, bit in _pung_bits(pung_tiles, pung_groups) if t // 9 == suit and t % 9 in (0, 8)]
                scope = owned[0] if owned else 0
            rare.append((rank[NINE_GATES], scope, NINE_GATES, every))

    # The others part, kept per what decides it (the pungs and kongs where they sit, which are concealed, the
    # winds when the hand holds a wind, 四归一, the rarer fans), never per the reading's chows or pair.
    winds = ctx.winds if ctx.props & P_WINDS else None
    key = (winds, ctx.hogs, d_pung_sets, first, pungs, pung_base, concealed_mask, tuple(rare) if rare else ())
    others = prof.memo_others.get(key) or _others_part(prof, key, pung_tiles, pung_groups)
    chow_part = NO_CHOWS
    if not knitted:
        traits = _TRAITS_OF[0][pair] & others[2]
        if chow_tiles:
            chow_part = _family(prof, True, chow_tiles, chow_groups)
            traits &= chow_part[2]
        extras |= _TRAIT_FANS[traits]
    # 边张 / 坎张 / 单钓将: the winning tile was the only tile the hand could win on, and sat there. Every way it
    # can be read is reported; the resolver keeps one (就高不就低, edge before closed before single).
    single = pair_group if pair == w else -1
    if (edge >= 0 or closed >= 0 or single >= 0) and not ctx.single_tile_wait(splits=not knitted):
        edge = closed = single = -1
    return ctx.hand_part(every, ctx.traits | extras, edge, closed, single, honor_pungs), chow_part, others


def _others_part(prof, key: tuple, pung_tiles: tuple, pung_groups: int) -> list:
    """The others part of a standard reading (standard_parts' key: winds, 四归一, the melds' pungs and kongs, the
    first group, the concealed pungs and their first group, the concealed pungs' groups, the rarer fans):
    [instances, resolution alone or None until asked, what its pungs have in common toward 全带幺 / 全带五 /
    全双刻], kept per profile by that key. Instances: 四归一, each pung's and kong's own fans in group order, the
    kongs' and the concealed pungs' fans, 组合龙 (knitted readings, whose part the first group 1 is) or the pungs'
    combinations, the rarer fans."""
    winds, hogs, pung_sets, first, pungs, pung_base, concealed_mask, rare = key
    rank = prof.rank
    winds = winds or ("E", "E")  # no wind held: the winds give no fan
    table = prof.memo_pungs.get(winds) or _pung_table(prof, winds)
    instances = list(hogs)
    melded_kongs: list = []
    concealed_kongs: list = []
    for tile, g, kong in pung_sets:
        g += first
        instances += table[tile][g]
        if kong >= 0:
            instances.append((rank[kong], 1 << g, kong, 1 << g))
            (concealed_kongs if kong == CONCEALED_KONG else melded_kongs).append(1 << g)
    for g, tile in enumerate(pungs, pung_base):
        instances += table[tile][g]
    if melded_kongs or concealed_kongs:
        _kong_fans(prof, melded_kongs, concealed_kongs, instances)
    n = concealed_mask.bit_count()
    if n >= 2:
        f = CONCEALED_PUNG_FANS[n]
        instances.append((rank[f], concealed_mask, f, concealed_mask))
    traits = OUTSIDE | FIVES | EVENS
    if first:
        instances.append((rank[KNITTED_STRAIGHT], 1, KNITTED_STRAIGHT, 1))
    elif pung_tiles:
        family = _family(prof, False, pung_tiles, pung_groups)
        instances += family[PART_INSTANCES]
        traits = family[2]
    instances += rare
    found = prof.memo_others[key] = [tuple(instances), None, traits]
    return found


def _little_winds_dragons(rank, pungs, pair, pair_bit, out) -> None:
    """小四喜 / 小三元: a pair of winds with three wind pungs, a pair of dragons with two dragon pungs (pungs: (tile,
    group bit) of each)."""
    if pair <= 30:
        winds = [bit for t, bit in pungs if 27 <= t <= 30]
        if len(winds) == 3:
            scope = pair_bit | sum(winds)
            out.append((rank[LITTLE_FOUR_WINDS], scope, LITTLE_FOUR_WINDS, scope))
    else:
        dragons = [bit for t, bit in pungs if t >= 31]
        if len(dragons) == 2:
            scope = pair_bit | sum(dragons)
            out.append((rank[LITTLE_THREE_DRAGONS], scope, LITTLE_THREE_DRAGONS, scope))


def _terminal_chows(rank, chow_tiles, pair, every, out) -> None:
    """一色双龙会 and 三色双龙会: 123 and 789 chows twice over with a pair of fives."""
    lows = sorted(chow_tiles)
    suit = pair // 9
    if all(t // 9 == suit for t in lows):
        if [t % 9 for t in lows] == [0, 0, 6, 6]:
            out.append((rank[F["pure_terminal_chows"]], every, F["pure_terminal_chows"], every))
        return
    others = sorted({t // 9 for t in lows})
    if suit in others or len(others) != 2:
        return
    if lows == sorted(s * 9 + r for s in others for r in (0, 6)):
        fan = F["three_suited_terminal_chows"]
        out.append((rank[fan], every, fan, every))


def special_parts(ctx: Context, shape: str, counts: list[int], groups: int) -> tuple:
    """The fans of the shapes without sets (seven pairs, thirteen orphans, honors and knitted tiles) in the three
    parts of standard_parts: every one of them is a fan of the whole hand (the hand part), or 四归一."""
    every = (1 << groups) - 1
    single = -1
    if shape == SEVEN_PAIRS:
        extras = 1 << SEVEN_PAIRS_FAN
        if shifted_pairs_of(ctx.records):
            extras |= 1 << SEVEN_SHIFTED_PAIRS
        # The win pairs a single tile: 单钓将 is there like 门前清, for 七对 (or 连七对) to set aside. Where 七对 is
        # itself not counted (gb: 混幺九 不计七对), all three of its 不计 come back with it (docs/guobiao.md). Its
        # group is the number of pairs below the winning tile (every count is even).
        if ctx.single_tile_wait():
            single = sum(counts[: ctx.win]) // 2
    elif shape == THIRTEEN_ORPHANS:
        extras = 1 << THIRTEEN_ORPHANS_FAN
    else:
        greater = ctx.mask & HONOR_MASK == HONOR_MASK
        extras = 1 << (GREATER_HONORS_AND_KNITTED if greater else LESSER_HONORS_AND_KNITTED)
        if (ctx.mask & ~HONOR_MASK).bit_count() == 9:
            extras |= 1 << KNITTED_STRAIGHT
    # 十三幺 is not 混幺九 (traits_of's terminals_and_honors)
    traits = ctx.traits if shape != THIRTEEN_ORPHANS else trait_fans(ctx.props, False)
    others = NO_OTHERS
    if ctx.hogs:  # 四归一 alone, kept per its instances
        others = ctx.prof.memo_hogs.get(ctx.hogs) or ctx.prof.memo_hogs.setdefault(ctx.hogs, [ctx.hogs, None, 0])
    return ctx.hand_part(every, traits | extras, -1, -1, single, HAND), NO_CHOWS, others
