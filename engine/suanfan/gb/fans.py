"""The Guobiao (MCR) fan table as data: 81 fans plus 花牌, in the order of the seed table.

Each fan is declared once: key (snake_case official English name), Chinese name as the seed table writes it,
English name, points per profile, series (the seed table's column), what it excludes (不计), and its scope.

Scope says how far a 不计 reaches:
  "hand"  the fan is about the whole hand (清一色, 自摸 …): a hand fan that is excluded is excluded outright,
          and a hand fan excludes every instance of the fans it lists.
  "meld"  the fan is earned by particular melds (幺九刻, 一般高, 三风刻 …): when one meld fan excludes another
          meld fan, only the instances made of its own melds go (大三元 removes the 幺九刻 of its three
          dragon pungs; a fourth terminal pung still counts). This is 不重复 "removes only what is implied".

The lesson builder imports FANS (ordered) and FAN_BY_KEY; nothing here is computed per hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..json_types import JSONDict

SERIES = ("字牌", "序数牌", "刻", "七对", "花色组合", "全带", "不靠", "和牌方式", "特殊")
SERIES_EN = {
    "字牌": "honors",
    "序数牌": "suited sequences",
    "刻": "pungs and kongs",
    "七对": "seven pairs",
    "花色组合": "suit combinations",
    "全带": "every set",
    "不靠": "knitted and orphans",
    "和牌方式": "how the hand is won",
    "特殊": "special",
}

PROFILES = ("gb98", "gb")


@dataclass(frozen=True)
class Fan:
    key: str
    zh: str
    en: str
    points: dict[str, int]  # profile -> points (the same for both profiles except two kong fans)
    series: str
    excludes: tuple[str, ...] = ()  # keys of the fans it does not count together with (不计)
    scope: str = "hand"  # "hand" or "meld", see the module docstring

    def points_in(self, profile: str) -> int:
        return self.points[profile]

    def to_dict(self) -> JSONDict:
        return {
            "key": self.key,
            "zh": self.zh,
            "en": self.en,
            "points": dict(self.points),
            "series": self.series,
            "series_en": SERIES_EN[self.series],
            "excludes": list(self.excludes),
            "scope": self.scope,
        }


def _fan(
    key: str, zh: str, en: str, points: int | dict[str, int], series: str, excludes: str = "", scope: str = "hand"
) -> Fan:
    values = points if isinstance(points, dict) else {p: points for p in PROFILES}
    return Fan(key, zh, en, values, series, tuple(excludes.split()), scope)


M = "meld"
TERMINAL_PUNG = "pung_of_terminals_or_honors"

# Ordered by points, then as the seed table lists them. Within one value, a fan that excludes another of the
# same value comes first (the resolver counts fans in this order).
FANS: tuple[Fan, ...] = (
    # 88
    _fan(
        "big_four_winds",
        "大四喜",
        "Big Four Winds",
        88,
        "字牌",
        f"big_three_winds little_four_winds all_pungs prevalent_wind seat_wind {TERMINAL_PUNG}",
        M,
    ),
    _fan(
        "big_three_dragons",
        "大三元",
        "Big Three Dragons",
        88,
        "字牌",
        f"two_dragon_pungs dragon_pung little_three_dragons {TERMINAL_PUNG}",
        M,
    ),
    _fan("all_green", "绿一色", "All Green", 88, "花色组合", "half_flush one_voided_suit"),
    _fan(
        "nine_gates",
        "九莲宝灯",
        "Nine Gates",
        88,
        "序数牌",
        f"full_flush concealed_hand fully_concealed_hand one_voided_suit no_honors {TERMINAL_PUNG}",
    ),
    _fan(
        "four_kongs",
        "四杠",
        "Four Kongs",
        88,
        "刻",
        "three_kongs two_melded_kongs two_concealed_kongs concealed_and_melded_kong melded_kong concealed_kong "
        "all_pungs single_wait",
        M,
    ),
    _fan(
        "seven_shifted_pairs",
        "连七对",
        "Seven Shifted Pairs",
        88,
        "七对",
        "seven_pairs full_flush concealed_hand fully_concealed_hand single_wait one_voided_suit no_honors",
    ),
    _fan(
        "thirteen_orphans",
        "十三幺",
        "Thirteen Orphans",
        88,
        "不靠",
        "all_types concealed_hand fully_concealed_hand single_wait",
    ),
    # 64
    _fan(
        "all_terminals",
        "清幺九",
        "All Terminals",
        64,
        "刻",
        f"all_terminals_and_honors all_pungs outside_hand no_honors double_pung {TERMINAL_PUNG}",
    ),
    _fan("little_four_winds", "小四喜", "Little Four Winds", 64, "字牌", f"big_three_winds {TERMINAL_PUNG}", M),
    _fan(
        "little_three_dragons",
        "小三元",
        "Little Three Dragons",
        64,
        "字牌",
        f"two_dragon_pungs dragon_pung {TERMINAL_PUNG}",
        M,
    ),
    _fan(
        "all_honors",
        "字一色",
        "All Honors",
        64,
        "字牌",
        f"all_terminals_and_honors all_pungs outside_hand one_voided_suit {TERMINAL_PUNG}",
    ),
    _fan(
        "four_concealed_pungs",
        "四暗刻",
        "Four Concealed Pungs",
        64,
        "刻",
        "three_concealed_pungs two_concealed_pungs all_pungs concealed_hand fully_concealed_hand",
        M,
    ),
    _fan(
        "pure_terminal_chows",
        "一色双龙会",
        "Pure Terminal Chows",
        64,
        "序数牌",
        "seven_pairs full_flush all_chows pure_double_chow two_terminal_chows one_voided_suit no_honors",
        M,
    ),
    # 48
    _fan(
        "quadruple_chow",
        "一色四同顺",
        "Quadruple Chow",
        48,
        "序数牌",
        "pure_triple_chow pure_shifted_pungs pure_double_chow tile_hog",
        M,
    ),
    _fan(
        "four_pure_shifted_pungs",
        "一色四节高",
        "Four Pure Shifted Pungs",
        48,
        "序数牌",
        "pure_shifted_pungs pure_triple_chow all_pungs",
        M,
    ),
    # 32
    _fan(
        "four_pure_shifted_chows",
        "一色四步高",
        "Four Pure Shifted Chows",
        32,
        "序数牌",
        "pure_shifted_chows short_straight two_terminal_chows",
        M,
    ),
    _fan(
        "three_kongs",
        "三杠",
        "Three Kongs",
        32,
        "刻",
        "two_melded_kongs two_concealed_kongs concealed_and_melded_kong melded_kong concealed_kong",
        M,
    ),
    _fan(
        "all_terminals_and_honors",
        "混幺九",
        "All Terminals and Honors",
        32,
        "刻",
        f"all_pungs outside_hand {TERMINAL_PUNG}",
    ),
    # 24
    _fan("seven_pairs", "七对", "Seven Pairs", 24, "七对", "concealed_hand fully_concealed_hand single_wait"),
    _fan(
        "greater_honors_and_knitted_tiles",
        "七星不靠",
        "Greater Honors and Knitted Tiles",
        24,
        "不靠",
        "lesser_honors_and_knitted_tiles all_types concealed_hand fully_concealed_hand single_wait",
    ),
    _fan("all_even_pungs", "全双刻", "All Even Pungs", 24, "刻", "all_pungs all_simples no_honors"),
    _fan("full_flush", "清一色", "Full Flush", 24, "花色组合", "one_voided_suit no_honors"),
    _fan("pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24, "序数牌", "pure_shifted_pungs pure_double_chow", M),
    _fan("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24, "序数牌", "pure_triple_chow", M),
    _fan("upper_tiles", "全大", "Upper Tiles", 24, "花色组合", "upper_four no_honors"),
    _fan("middle_tiles", "全中", "Middle Tiles", 24, "花色组合", "all_simples no_honors"),
    _fan("lower_tiles", "全小", "Lower Tiles", 24, "花色组合", "lower_four no_honors"),
    # 16
    _fan("pure_straight", "清龙", "Pure Straight", 16, "序数牌", "short_straight two_terminal_chows", M),
    _fan(
        "three_suited_terminal_chows",
        "三色双龙会",
        "Three-Suited Terminal Chows",
        16,
        "花色组合",
        "mixed_double_chow two_terminal_chows all_chows no_honors",
        M,
    ),
    _fan("pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16, "序数牌", "short_straight", M),
    _fan("all_fives", "全带五", "All Fives", 16, "全带", "all_simples no_honors"),
    _fan("triple_pung", "三同刻", "Triple Pung", 16, "刻", "double_pung", M),
    _fan("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16, "刻", "two_concealed_pungs", M),
    # 12
    _fan(
        "lesser_honors_and_knitted_tiles",
        "全不靠",
        "Lesser Honors and Knitted Tiles",
        12,
        "不靠",
        "all_types concealed_hand fully_concealed_hand single_wait",
    ),
    _fan("knitted_straight", "组合龙", "Knitted Straight", 12, "不靠", "", M),
    _fan("upper_four", "大于五", "Upper Four", 12, "花色组合", "no_honors"),
    _fan("lower_four", "小于五", "Lower Four", 12, "花色组合", "no_honors"),
    _fan("big_three_winds", "三风刻", "Big Three Winds", 12, "字牌", TERMINAL_PUNG, M),
    # 8
    _fan("mixed_straight", "花龙", "Mixed Straight", 8, "序数牌", "", M),
    _fan("reversible_tiles", "推不倒", "Reversible Tiles", 8, "花色组合", "one_voided_suit"),
    _fan("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8, "花色组合", "", M),
    _fan("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8, "花色组合", "", M),
    _fan("chicken_hand", "无番和", "Chicken Hand", 8, "特殊"),
    _fan("last_tile_draw", "妙手回春", "Last Tile Draw", 8, "和牌方式", "self_drawn"),
    _fan("last_tile_claim", "海底捞月", "Last Tile Claim", 8, "和牌方式"),
    _fan("out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8, "和牌方式", "self_drawn"),
    _fan("robbing_the_kong", "抢杠和", "Robbing the Kong", 8, "和牌方式", "last_tile"),
    _fan(
        "two_concealed_kongs",
        "双暗杠",
        "Two Concealed Kongs",
        {"gb98": 6, "gb": 8},
        "刻",
        "concealed_kong two_concealed_pungs",
        M,
    ),
    # 6
    _fan("all_pungs", "碰碰和", "All Pungs", 6, "和牌方式"),
    _fan("half_flush", "混一色", "Half Flush", 6, "花色组合", "one_voided_suit"),
    _fan("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6, "花色组合", "", M),
    _fan("all_types", "五门齐", "All Types", 6, "花色组合"),
    _fan("melded_hand", "全求人", "Melded Hand", 6, "和牌方式", "single_wait"),
    _fan("two_dragon_pungs", "双箭刻", "Two Dragon Pungs", 6, "字牌", f"dragon_pung {TERMINAL_PUNG}", M),
    _fan(
        "concealed_and_melded_kong",
        "一明杠一暗杠",
        "Concealed and Melded Kong",
        {"gb98": 5, "gb": 6},
        "刻",
        "melded_kong concealed_kong",
        M,
    ),
    # 4
    _fan("outside_hand", "全带幺", "Outside Hand", 4, "全带"),
    _fan("fully_concealed_hand", "不求人", "Fully Concealed Hand", 4, "和牌方式", "concealed_hand self_drawn"),
    _fan("two_melded_kongs", "双明杠", "Two Melded Kongs", 4, "刻", "melded_kong", M),
    _fan("last_tile", "和绝张", "Last Tile", 4, "和牌方式"),
    # 2
    _fan("dragon_pung", "箭刻", "Dragon Pung", 2, "字牌", TERMINAL_PUNG, M),
    _fan("prevalent_wind", "圈风刻", "Prevalent Wind", 2, "字牌", TERMINAL_PUNG, M),
    _fan("seat_wind", "门风刻", "Seat Wind", 2, "字牌", TERMINAL_PUNG, M),
    _fan("concealed_hand", "门前清", "Concealed Hand", 2, "和牌方式"),
    _fan("all_chows", "平和", "All Chows", 2, "全带", "no_honors"),
    _fan("tile_hog", "四归一", "Tile Hog", 2, "特殊"),
    _fan("double_pung", "双同刻", "Double Pung", 2, "刻", "", M),
    _fan("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2, "刻", "", M),
    _fan("concealed_kong", "暗杠", "Concealed Kong", 2, "刻", "", M),
    _fan("all_simples", "断幺", "All Simples", 2, "全带", "no_honors"),
    # 1
    _fan("pure_double_chow", "一般高", "Pure Double Chow", 1, "序数牌", "", M),
    _fan("mixed_double_chow", "喜相逢", "Mixed Double Chow", 1, "花色组合", "", M),
    _fan("short_straight", "连六", "Short Straight", 1, "序数牌", "", M),
    _fan("two_terminal_chows", "老少副", "Two Terminal Chows", 1, "序数牌", "", M),
    _fan(TERMINAL_PUNG, "幺九刻", "Pung of Terminals or Honors", 1, "刻", "", M),
    _fan("melded_kong", "明杠", "Melded Kong", 1, "刻", "", M),
    _fan("one_voided_suit", "缺一门", "One Voided Suit", 1, "花色组合"),
    _fan("no_honors", "无字", "No Honors", 1, "字牌"),
    _fan("edge_wait", "边张", "Edge Wait", 1, "和牌方式"),
    _fan("closed_wait", "坎张", "Closed Wait", 1, "和牌方式"),
    _fan("single_wait", "单钓将", "Single Wait", 1, "和牌方式"),
    _fan("self_drawn", "自摸", "Self-Drawn", 1, "和牌方式"),
)

# 花牌: 1 point each, outside the 8-point minimum and outside every combination rule.
FLOWER_TILES = _fan("flower_tiles", "花牌", "Flower Tiles", 1, "特殊")

FAN_BY_KEY: dict[str, Fan] = {f.key: f for f in FANS}
FAN_BY_KEY[FLOWER_TILES.key] = FLOWER_TILES
INDEX: dict[str, int] = {f.key: i for i, f in enumerate(FANS)}

# Fans earned by a combination of two to four sets (chows, or pungs and kongs): the combination principles
# (不拆移, 不得相同, 套算一次, 就高不就低) decide among their instances.
COMBINATIONS = frozenset(
    (
        "quadruple_chow",
        "four_pure_shifted_chows",
        "pure_straight",
        "pure_shifted_chows",
        "pure_triple_chow",
        "mixed_shifted_chows",
        "mixed_triple_chow",
        "mixed_straight",
        "pure_double_chow",
        "mixed_double_chow",
        "short_straight",
        "two_terminal_chows",
        "four_pure_shifted_pungs",
        "big_four_winds",
        "pure_shifted_pungs",
        "mixed_shifted_pungs",
        "triple_pung",
        "big_three_winds",
        "big_three_dragons",
        "double_pung",
        "two_dragon_pungs",
    )
)

# The ways one winning tile may be read: one of them counts (就高不就低, in this order).
WAITS = ("edge_wait", "closed_wait", "single_wait")

# Fans the tiles decide between: a hand is at most one of them, so their 不计 among themselves never applies
# (used to order the resolver when a switch makes the 不计 lists circular, profiles._resolution_order).
ONE_OF: tuple[frozenset[str], ...] = (frozenset(("all_honors", "all_terminals", "all_terminals_and_honors")),)

MINIMUM_POINTS = 8

# The five combination principles (组合原则), as the result names them.
PRINCIPLES = {
    "no_repeat": ("不重复", "no double counting"),
    "no_split": ("不拆移", "no splitting"),
    "no_identical": ("不得相同", "not the same fan twice"),
    "higher_over_lower": ("就高不就低", "the higher, not the lower"),
    "account_once": ("套算一次", "combine once more only"),
}
