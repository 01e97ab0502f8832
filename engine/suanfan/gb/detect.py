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
"""

from __future__ import annotations

from itertools import combinations

from .fans import INDEX
from .shapes import SEVEN_PAIRS, THIRTEEN_ORPHANS, other_waits, shifted_pairs, standard_waits

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
GREEN_MASK = _mask((19, 20, 21, 23, 25, 32))                       # 23468 条 and 发
REVERSIBLE_MASK = _mask((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33))  # 1234589饼 245689条 白


def _ranks_mask(ranks) -> int:
    m = _mask(ranks)
    return m | (m << 9) | (m << 18)


RANKS_LOWER_TILES = _ranks_mask((0, 1, 2))
RANKS_LOWER_FOUR = _ranks_mask((0, 1, 2, 3))
RANKS_MIDDLE_TILES = _ranks_mask((3, 4, 5))
RANKS_UPPER_FOUR = _ranks_mask((5, 6, 7, 8))
RANKS_UPPER_TILES = _ranks_mask((6, 7, 8))

# fan numbers hand_traits uses
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


def hand_traits(mask: int, terminals_and_honors: bool = True) -> list[int]:
    """Fans decided by which tiles the hand holds at all (suits, honors, ranks), whatever the reading."""
    found = []
    honors = mask & HONOR_MASK
    suits = sum(1 for m in SUIT_MASKS if mask & m)
    if not honors:
        found.append(_NO_HONORS)
    if suits <= 2:
        found.append(_ONE_VOIDED_SUIT)
    if suits == 1:
        found.append(_HALF_FLUSH if honors else _FULL_FLUSH)
    if suits == 3 and mask & WIND_MASK and mask & DRAGON_MASK:
        found.append(_ALL_TYPES)
    if not mask & ORPHAN_MASK:
        found.append(_ALL_SIMPLES)
    if not mask & ~REVERSIBLE_MASK:
        found.append(_REVERSIBLE_TILES)
    if not mask & ~GREEN_MASK:
        found.append(_ALL_GREEN)
    if not mask & ~HONOR_MASK:
        found.append(_ALL_HONORS)
    elif not mask & ~TERMINAL_MASK:
        found.append(_ALL_TERMINALS)
    elif not mask & ~ORPHAN_MASK and terminals_and_honors:
        found.append(_ALL_TERMINALS_AND_HONORS)
    if not honors:
        if not mask & ~RANKS_LOWER_FOUR:
            if not mask & ~RANKS_LOWER_TILES:
                found.append(_LOWER_TILES)
            found.append(_LOWER_FOUR)
        elif not mask & ~RANKS_UPPER_FOUR:
            if not mask & ~RANKS_UPPER_TILES:
                found.append(_UPPER_TILES)
            found.append(_UPPER_FOUR)
        elif not mask & ~RANKS_MIDDLE_TILES:
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


_COMBO_CACHE: dict = {}


def combinations_of(tiles: tuple, chows: bool) -> tuple:
    """Every combination fan among these sets (sorted tiles): ((fan, positions), ...)."""
    key = (chows, tiles)
    found = _COMBO_CACHE.get(key)
    if found is not None:
        return found
    pair_of, triple_of, quad_of = (_chow_pair, _chow_triple, _chow_quad) if chows else \
        (_pung_pair, _pung_triple, _pung_quad)
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
    found = tuple(out)
    _COMBO_CACHE[key] = found
    return found


COMBO_FANS = frozenset(F[k] for k in (
    "quadruple_chow", "four_pure_shifted_chows", "pure_straight", "pure_shifted_chows", "pure_triple_chow",
    "mixed_shifted_chows", "mixed_triple_chow", "mixed_straight", "pure_double_chow", "mixed_double_chow",
    "short_straight", "two_terminal_chows",
    "four_pure_shifted_pungs", "big_four_winds", "pure_shifted_pungs", "mixed_shifted_pungs", "triple_pung",
    "big_three_winds", "big_three_dragons", "double_pung", "two_dragon_pungs"))


# ---------------------------------------------------------------- the situation of one hand

CHOW, PUNG, KONG = 0, 1, 2


class Context:
    """What every reading of one hand shares: the tiles, the win, the winds, the profile.

    waits is filled in on first use (only readings where the winning tile could be an edge, closed or
    single wait need it).
    """

    __slots__ = ("win", "self_drawn", "last_copy", "kong", "last_of_wall", "seat", "prevalent", "prof",
                 "mask", "hog_tiles", "closed", "exposed", "declared", "wait_counts", "_waits", "nine_gates",
                 "all_counts", "shared", "cmask")

    def __init__(self, hand, situation, prof, concealed: list[int]):
        self.prof = prof
        win = self.win = hand.winning_tile
        self.self_drawn = situation.self_drawn
        self.last_copy = situation.last_copy
        self.kong = situation.kong
        self.last_of_wall = situation.last_of_wall
        self.seat = situation.seat
        self.prevalent = situation.prevalent
        counts = list(concealed)
        mask = 0
        exposed = 0
        kongs = ()
        for m in hand.melds:
            for t in m.tiles:
                counts[t] += 1
            mask |= 1 << m.tiles[0] | 1 << m.tiles[-1]
            if m.kind == "chow":
                mask |= 1 << m.tiles[1]
            elif len(m.tiles) == 4:
                kongs += (m.tiles[0],)
            if not m.concealed:
                exposed += 1
        cmask = 0
        for t in hand.standing:
            cmask |= 1 << t
        self.cmask = cmask
        mask |= cmask
        self.all_counts = counts
        self.mask = mask
        self.hog_tiles = [t for t in range(34) if counts[t] == 4 and t not in kongs] if 4 in counts else ()
        self.declared = len(hand.melds)
        self.exposed = exposed
        self.closed = exposed == 0
        self._waits = None
        self.shared = {}
        self.wait_counts = concealed
        self.nine_gates = -1
        if not hand.melds and win < 27 and not mask & ~SUIT_MASKS[win // 9]:
            before = list(concealed)
            before[win] -= 1
            self.nine_gates = _nine_gates(before)

    def single_tile_wait(self) -> bool:
        """The hand could win on the winning tile alone (by shape, used-up copies included).

        The waits of the 13 tiles before the win, through every shape; the standard shape is asked first,
        since a second wait there settles it.
        """
        if self._waits is None:
            before = list(self.wait_counts)
            before[self.win] -= 1
            waits = standard_waits(before)
            if not waits & ~(1 << self.win):
                held = self.cmask if before[self.win] else self.cmask & ~(1 << self.win)
                waits |= other_waits(before, self.declared, held)
            self._waits = waits
        return self._waits == 1 << self.win


def _nine_gates(before: list[int]) -> int:
    """The suit (0-2) when the 13 tiles before the win are 1112345678999 of one suit, else -1."""
    for suit in range(3):
        b = suit * 9
        if before[b] == 3 and before[b + 8] == 3 and all(before[b + r] == 1 for r in range(1, 8)):
            return suit
    return -1


# (condition, fan when self-drawn, fan when won on a discard)
_WIN_FANS = (
    (lambda ctx: True, "self_drawn", None),
    (lambda ctx: ctx.closed, "fully_concealed_hand", "concealed_hand"),
    (lambda ctx: ctx.exposed == 4, None, "melded_hand"),
    (lambda ctx: ctx.last_of_wall, "last_tile_draw", "last_tile_claim"),
    (lambda ctx: ctx.kong, "out_with_replacement_tile", "robbing_the_kong"),
    (lambda ctx: ctx.last_copy, "last_tile", "last_tile"),
)


def win_fans(ctx: Context, out: list, add) -> None:
    """How the hand was won: 自摸 and its relatives, 门前清 / 不求人 / 全求人, 和绝张, the last tile, kongs."""
    column = 1 if ctx.self_drawn else 2
    for row in _WIN_FANS:
        key = row[column]
        if key is not None and row[0](ctx):
            add(F[key], HAND, WIN_TILE)


def _adder(out: list, rank: list):
    def add(fan, scope, shown):
        out.append((rank[fan], scope, fan, shown))
    return add


_WIN_CACHE: dict = {}


def _hand_instances(ctx, every: int, terminals_and_honors: bool = True, honor_pungs: int = HAND) -> list:
    """The instances every reading of the hand shares (tiles held, how it was won), made once per hand.

    honor_pungs: the groups that are honor pungs, when 五门齐's 不计 reaches them (all_types_honor_pungs)."""
    key = (every, terminals_and_honors, honor_pungs)
    found = ctx.shared.get(key)
    if found is None:
        rank = ctx.prof.rank
        found = [(rank[f], honor_pungs if f == _ALL_TYPES else HAND, f, every)
                 for f in hand_traits(ctx.mask, terminals_and_honors)]
        for t in ctx.hog_tiles:
            found.append((rank[TILE_HOG], HAND, TILE_HOG, HOG_BASE - t))
        flags = (ctx.prof, ctx.self_drawn, ctx.closed, ctx.exposed == 4, ctx.last_of_wall, ctx.kong, ctx.last_copy)
        won = _WIN_CACHE.get(flags)
        if won is None:
            won = _WIN_CACHE[flags] = []
            win_fans(ctx, won, _adder(won, rank))
        found += won
        found.sort()
        ctx.shared[key] = found
    return list(found)


def _wait_fan(ctx: Context, sets, pair_group: int, pair: int, add) -> None:
    """边张 / 坎张 / 单钓将: the winning tile was the only tile the hand could win on, and sat there."""
    w = ctx.win
    edge = closed = -1
    for g, group in enumerate(sets):
        if group is None:
            continue
        kind, tile, concealed, declared = group
        if kind == CHOW and declared is None:
            if tile + 1 == w:
                closed = g
            elif (tile == w - 2 and tile % 9 == 0) or (tile == w and tile % 9 == 6):
                edge = g
    single = pair_group if pair == w else -1
    if edge < 0 and closed < 0 and single < 0:
        return
    if not ctx.single_tile_wait():
        return
    # Every way the winning tile can be read; the resolver keeps one (就高不就低, edge before closed before single).
    if edge >= 0:
        add(F["edge_wait"], HAND, 1 << edge)
    if closed >= 0:
        add(F["closed_wait"], HAND, 1 << closed)
    if single >= 0:
        add(F["single_wait"], HAND, 1 << single)


DRAGON_PUNG, TERMINAL_PUNG = F["dragon_pung"], F["pung_of_terminals_or_honors"]
PREVALENT, SEAT = F["prevalent_wind"], F["seat_wind"]
CONCEALED_KONG, MELDED_KONG = F["concealed_kong"], F["melded_kong"]
TILE_HOG = F["tile_hog"]
CONCEALED_PUNG_FANS = (None, None, F["two_concealed_pungs"], F["three_concealed_pungs"], F["four_concealed_pungs"])
_PUNG_FANS: dict = {}


def _pung_fans(tile: int, prevalent: int, seat: int) -> tuple:
    """The fans one pung (or kong) of this tile earns by itself: 箭刻, 幺九刻, 圈风刻, 门风刻."""
    key = (tile, prevalent, seat)
    found = _PUNG_FANS.get(key)
    if found is None:
        fans = []
        if tile >= 31:
            fans += [DRAGON_PUNG, TERMINAL_PUNG]
        elif tile >= 27:
            fans.append(TERMINAL_PUNG)
            if tile == prevalent:
                fans.append(PREVALENT)
            if tile == seat:
                fans.append(SEAT)
        elif tile % 9 in (0, 8):
            fans.append(TERMINAL_PUNG)
        found = _PUNG_FANS[key] = tuple(fans)
    return found


def _completed_by_discard(ctx: Context, sets) -> bool:
    """A pung of the winning tile won on a discard is not concealed, unless the winning tile can sit in a
    concealed chow instead (the reading most favourable to the player)."""
    if ctx.self_drawn:
        return False
    w = ctx.win
    return not any(group is not None and group[0] == CHOW and group[3] is None and group[1] <= w <= group[1] + 2
                   and group[1] // 9 == w // 9 for group in sets)


def _set_fans(ctx: Context, sets, out: list) -> None:
    """Fans of single pungs and kongs, of kongs together, and of concealed pungs."""
    prof = ctx.prof
    rank = prof.rank
    append = out.append
    melded_kongs = []
    concealed_kongs = []
    concealed_pungs = 0
    concealed_mask = 0
    w = ctx.win
    prevalent, seat = ctx.prevalent, ctx.seat
    for g, group in enumerate(sets):
        if group is None or group[0] == CHOW:
            continue
        kind, tile, concealed, declared = group
        bit = 1 << g
        for f in _pung_fans(tile, prevalent, seat):
            append((rank[f], bit, f, bit))
        if kind == KONG:
            if concealed:
                concealed_kongs.append(g)
                append((rank[CONCEALED_KONG], bit, CONCEALED_KONG, bit))
            else:
                melded_kongs.append(g)
                append((rank[MELDED_KONG], bit, MELDED_KONG, bit))
        if concealed and not (tile == w and declared is None and _completed_by_discard(ctx, sets)):
            concealed_pungs += 1
            concealed_mask |= bit
    if melded_kongs or concealed_kongs:
        add = _adder(out, rank)
        kongs = len(melded_kongs) + len(concealed_kongs)
        if kongs == 2:
            both = (1 << (melded_kongs + concealed_kongs)[0]) | (1 << (melded_kongs + concealed_kongs)[1])
            if not concealed_kongs:
                add(F["two_melded_kongs"], both, both)
            elif not melded_kongs:
                add(F["two_concealed_kongs"], both, both)
            elif prof.concealed_and_melded_kong:
                add(F["concealed_and_melded_kong"], both, both)
        elif kongs >= 3:
            every = sum(1 << g for g in melded_kongs + concealed_kongs)
            fan = F["three_kongs" if kongs == 3 else "four_kongs"]
            extra = prof.extra_kong_fans
            if extra == "concealed":
                # the seed: 三杠 / 四杠 不计 the fans of the melded kongs; one concealed kong keeps 暗杠, two make
                # 双暗杠, three or four are left to 三暗刻 / 四暗刻
                reach = sum(1 << g for g in melded_kongs)
                if len(concealed_kongs) == 2:
                    pair = (1 << concealed_kongs[0]) | (1 << concealed_kongs[1])
                    add(F["two_concealed_kongs"], pair, pair)
                elif len(concealed_kongs) > 2:
                    reach = every
                add(fan, reach, every)
            else:
                add(fan, every, every)
                if extra == "paired":
                    # 1998: like kongs pair up (their 不计 no longer covers kong fans, profiles.py)
                    for kind, groups in ((F["two_melded_kongs"], melded_kongs),
                                         (F["two_concealed_kongs"], concealed_kongs)):
                        for i in range(0, len(groups) - 1, 2):
                            pair = (1 << groups[i]) | (1 << groups[i + 1])
                            add(kind, pair, pair)
    if concealed_pungs >= 2:
        f = CONCEALED_PUNG_FANS[concealed_pungs]
        append((rank[f], concealed_mask, f, concealed_mask))


def standard_fans(ctx: Context, sets: list, pair: int, knitted: bool = False) -> list:
    """Every fan present in a reading of sets (kind, tile, concealed, declared meld) and a pair.

    With knitted=True the reading is 组合龙 + these sets (one) + pair: the knitted part is group 0.
    """
    prof = ctx.prof
    offset = 1 if knitted else 0          # group numbers: the knitted part first when there is one
    pair_group = len(sets) + offset
    every = (1 << (pair_group + 1)) - 1
    honor_pungs = HAND
    if prof.all_types_honor_pungs and ctx.mask & WIND_MASK and ctx.mask & DRAGON_MASK:
        honor_pungs = 0
        for g, group in enumerate(sets):
            if group[1] >= 27 and group[0] != CHOW:
                honor_pungs |= 1 << (g + offset)
    out = _hand_instances(ctx, every, True, honor_pungs)
    add = _adder(out, prof.rank)
    shown_sets = [None] + sets if knitted else sets
    _set_fans(ctx, shown_sets, out)

    if knitted:
        add(F["knitted_straight"], 1, 1)
        if sets[0][0] == CHOW and pair < 27:
            add(F["all_chows"], HAND, every)
        _wait_fan(ctx, shown_sets, pair_group, pair, add)
        return out

    chows = []
    pungs = []
    for g, group in enumerate(sets):
        (chows if group[0] == CHOW else pungs).append((group[1], g))
    # combinations of chows, of pungs
    for family, members in ((True, chows), (False, pungs)):
        if len(members) >= 2:
            members.sort()
            bits = [1 << g for t, g in members]
            for fan, positions in combinations_of(tuple(t for t, g in members), family):
                scope = 0
                for i in positions:
                    scope |= bits[i]
                add(fan, scope, scope)
    if len(pungs) == 4:
        add(F["all_pungs"], HAND, every)
    if pair >= 27:
        pair_bit = 1 << pair_group
        if pair <= 30:
            winds = [g for t, g in pungs if 27 <= t <= 30]
            if len(winds) == 3:
                scope = pair_bit | (1 << winds[0]) | (1 << winds[1]) | (1 << winds[2])
                add(F["little_four_winds"], scope, scope)
        else:
            dragons = [g for t, g in pungs if t >= 31]
            if len(dragons) == 2:
                scope = pair_bit | (1 << dragons[0]) | (1 << dragons[1])
                add(F["little_three_dragons"], scope, scope)
    elif len(chows) == 4:
        add(F["all_chows"], HAND, every)
        if pair % 9 == 4:
            _terminal_chows(ctx, chows, pair, every, add)
    _outside_fives_evens(sets, pair, every, add)
    if ctx.nine_gates >= 0:
        suit = ctx.nine_gates
        if prof.nine_gates_all_pungs:
            scope = HAND
        else:
            owned = [g for t, g in pungs if t // 9 == suit and t % 9 in (0, 8)]
            scope = (1 << owned[0]) if owned else 0
        add(F["nine_gates"], scope, every)
    _wait_fan(ctx, shown_sets, pair_group, pair, add)
    return out


def _terminal_chows(ctx, chows, pair, every, add) -> None:
    """一色双龙会 and 三色双龙会: 123 and 789 chows twice over with a pair of fives."""
    if pair % 9 != 4:
        return
    lows = sorted(t for t, g in chows)
    suit = pair // 9
    if all(t // 9 == suit for t in lows):
        if [t % 9 for t in lows] == [0, 0, 6, 6]:
            add(F["pure_terminal_chows"], every, every)
        return
    others = sorted({t // 9 for t in lows})
    if suit in others or len(others) != 2:
        return
    if sorted(lows) == sorted(s * 9 + r for s in others for r in (0, 6)):
        add(F["three_suited_terminal_chows"], every, every)


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


def _outside_fives_evens(groups, pair, every, add) -> None:
    """全带幺 / 全带五 / 全双刻: what every set and the pair have in common."""
    common = _TRAITS_OF[0][pair]
    for kind, tile, concealed, declared in groups:
        common &= _TRAITS_OF[kind == CHOW][tile]
    if common & OUTSIDE:
        add(F["outside_hand"], HAND, every)
    if common & FIVES:
        add(F["all_fives"], HAND, every)
    if common & EVENS:
        add(F["all_even_pungs"], HAND, every)


def special_fans(ctx: Context, shape: str, counts: list[int], groups: int) -> list:
    """Fans of the shapes without sets: seven pairs, thirteen orphans, honors and knitted tiles."""
    every = (1 << groups) - 1
    out = _hand_instances(ctx, every, terminals_and_honors=shape != THIRTEEN_ORPHANS)
    add = _adder(out, ctx.prof.rank)
    if shape == SEVEN_PAIRS:
        add(F["seven_pairs"], HAND, every)
        if shifted_pairs(counts):
            add(F["seven_shifted_pairs"], HAND, every)
    elif shape == THIRTEEN_ORPHANS:
        add(F["thirteen_orphans"], HAND, every)
    else:
        greater = ctx.mask & HONOR_MASK == HONOR_MASK
        add(F["greater_honors_and_knitted_tiles" if greater else "lesser_honors_and_knitted_tiles"], HAND, every)
        if bin(ctx.mask & ~HONOR_MASK).count("1") == 9:
            add(F["knitted_straight"], HAND, every)
    return out
