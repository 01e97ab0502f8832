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

from ..catalogue import Named, Text, _, pgettext

# A series is keyed by the seed table's own column name (the course's pages and the fan's `series` say it); its
# name in every language is a text.
SERIES = ("字牌", "序数牌", "刻", "七对", "花色组合", "全带", "不靠", "和牌方式", "特殊")
SERIES_NAMES = {
    "字牌": pgettext("series", "honors"),
    "序数牌": pgettext("series", "suited sequences"),
    "刻": pgettext("series", "pungs and kongs"),
    "七对": pgettext("series", "seven pairs"),
    "花色组合": pgettext("series", "suit combinations"),
    "全带": pgettext("series", "every set"),
    "不靠": pgettext("series", "knitted and orphans"),
    "和牌方式": pgettext("series", "how the hand is won"),
    "特殊": pgettext("series", "special"),
}
SERIES_EN = {key: name["en"] for key, name in SERIES_NAMES.items()}

# The profiles, in the order the registry lists them (gb: the seed table's values; gb98: the online platforms,
# docs/sources.md). Here, with the points they key, so that the handler, the reference and the rule set read one list.
PROFILE_NAMES = {
    "gb": _("Guobiao, rule sheet values"),
    "gb98": _("Guobiao, as online platforms score"),
}
PROFILES = tuple(PROFILE_NAMES)


@dataclass(frozen=True)
class Fan(Named):
    key: str
    name: Text  # 一般高 Pure Double Chow
    points: dict[str, int]  # profile -> points (the same for both profiles except two kong fans)
    series: str
    excludes: tuple[str, ...] = ()  # keys of the fans it does not count together with (不计)
    scope: str = "hand"  # "hand" or "meld", see the module docstring

    def points_in(self, profile: str) -> int:
        return self.points[profile]

    def to_dict(self) -> JSONDict:
        return {
            "key": self.key,
            **self.name,
            "points": dict(self.points),
            "series": self.series,
            "series_en": SERIES_EN[self.series],
            "series_zh_hant": SERIES_NAMES[self.series]["zh_hant"],
            "excludes": list(self.excludes),
            "scope": self.scope,
        }


def _fan(
    key: str, name: Text, points: int | dict[str, int], series: str, excludes: str = "", scope: str = "hand"
) -> Fan:
    values = points if isinstance(points, dict) else {p: points for p in PROFILES}
    return Fan(key, name, values, series, tuple(excludes.split()), scope)


M = "meld"
TERMINAL_PUNG = "pung_of_terminals_or_honors"

# Ordered by points, then as the seed table lists them. Within one value, a fan that excludes another of the
# same value comes first (the resolver counts fans in this order).
FANS: tuple[Fan, ...] = (
    # 88
    _fan(
        "big_four_winds",
        _("Big Four Winds"),
        88,
        "字牌",
        f"big_three_winds little_four_winds all_pungs prevalent_wind seat_wind {TERMINAL_PUNG}",
        M,
    ),
    _fan(
        "big_three_dragons",
        _("Big Three Dragons"),
        88,
        "字牌",
        f"two_dragon_pungs dragon_pung little_three_dragons {TERMINAL_PUNG}",
        M,
    ),
    _fan("all_green", _("All Green"), 88, "花色组合", "half_flush one_voided_suit"),
    _fan(
        "nine_gates",
        _("Nine Gates"),
        88,
        "序数牌",
        f"full_flush concealed_hand fully_concealed_hand one_voided_suit no_honors {TERMINAL_PUNG}",
    ),
    _fan(
        "four_kongs",
        _("Four Kongs"),
        88,
        "刻",
        "three_kongs two_melded_kongs two_concealed_kongs concealed_and_melded_kong melded_kong concealed_kong "
        "all_pungs single_wait",
        M,
    ),
    _fan(
        "seven_shifted_pairs",
        _("Seven Shifted Pairs"),
        88,
        "七对",
        "seven_pairs full_flush concealed_hand fully_concealed_hand single_wait one_voided_suit no_honors",
    ),
    _fan(
        "thirteen_orphans",
        _("Thirteen Orphans"),
        88,
        "不靠",
        "all_types concealed_hand fully_concealed_hand single_wait",
    ),
    # 64
    _fan(
        "all_terminals",
        _("All Terminals"),
        64,
        "刻",
        f"all_terminals_and_honors all_pungs outside_hand no_honors double_pung {TERMINAL_PUNG}",
    ),
    _fan("little_four_winds", _("Little Four Winds"), 64, "字牌", f"big_three_winds {TERMINAL_PUNG}", M),
    _fan(
        "little_three_dragons",
        _("Little Three Dragons"),
        64,
        "字牌",
        f"two_dragon_pungs dragon_pung {TERMINAL_PUNG}",
        M,
    ),
    _fan(
        "all_honors",
        _("All Honors"),
        64,
        "字牌",
        f"all_terminals_and_honors all_pungs outside_hand one_voided_suit {TERMINAL_PUNG}",
    ),
    _fan(
        "four_concealed_pungs",
        _("Four Concealed Pungs"),
        64,
        "刻",
        "three_concealed_pungs two_concealed_pungs all_pungs concealed_hand fully_concealed_hand",
        M,
    ),
    _fan(
        "pure_terminal_chows",
        _("Pure Terminal Chows"),
        64,
        "序数牌",
        "seven_pairs full_flush all_chows pure_double_chow two_terminal_chows one_voided_suit no_honors",
        M,
    ),
    # 48
    _fan(
        "quadruple_chow",
        _("Quadruple Chow"),
        48,
        "序数牌",
        "pure_triple_chow pure_shifted_pungs pure_double_chow tile_hog",
        M,
    ),
    _fan(
        "four_pure_shifted_pungs",
        _("Four Pure Shifted Pungs"),
        48,
        "序数牌",
        "pure_shifted_pungs pure_triple_chow all_pungs",
        M,
    ),
    # 32
    _fan(
        "four_pure_shifted_chows",
        _("Four Pure Shifted Chows"),
        32,
        "序数牌",
        "pure_shifted_chows short_straight two_terminal_chows",
        M,
    ),
    _fan(
        "three_kongs",
        _("Three Kongs"),
        32,
        "刻",
        "two_melded_kongs two_concealed_kongs concealed_and_melded_kong melded_kong concealed_kong",
        M,
    ),
    _fan(
        "all_terminals_and_honors",
        _("All Terminals and Honors"),
        32,
        "刻",
        f"all_pungs outside_hand {TERMINAL_PUNG}",
    ),
    # 24
    _fan("seven_pairs", _("Seven Pairs"), 24, "七对", "concealed_hand fully_concealed_hand single_wait"),
    _fan(
        "greater_honors_and_knitted_tiles",
        _("Greater Honors and Knitted Tiles"),
        24,
        "不靠",
        "lesser_honors_and_knitted_tiles all_types concealed_hand fully_concealed_hand single_wait",
    ),
    _fan("all_even_pungs", _("All Even Pungs"), 24, "刻", "all_pungs all_simples no_honors"),
    _fan("full_flush", _("Full Flush"), 24, "花色组合", "one_voided_suit no_honors"),
    _fan("pure_triple_chow", _("Pure Triple Chow"), 24, "序数牌", "pure_shifted_pungs pure_double_chow", M),
    _fan("pure_shifted_pungs", _("Pure Shifted Pungs"), 24, "序数牌", "pure_triple_chow", M),
    _fan("upper_tiles", _("Upper Tiles"), 24, "花色组合", "upper_four no_honors"),
    _fan("middle_tiles", _("Middle Tiles"), 24, "花色组合", "all_simples no_honors"),
    _fan("lower_tiles", _("Lower Tiles"), 24, "花色组合", "lower_four no_honors"),
    # 16
    _fan("pure_straight", _("Pure Straight"), 16, "序数牌", "short_straight two_terminal_chows", M),
    _fan(
        "three_suited_terminal_chows",
        _("Three-Suited Terminal Chows"),
        16,
        "花色组合",
        "mixed_double_chow two_terminal_chows all_chows no_honors",
        M,
    ),
    _fan("pure_shifted_chows", _("Pure Shifted Chows"), 16, "序数牌", "short_straight", M),
    _fan("all_fives", _("All Fives"), 16, "全带", "all_simples no_honors"),
    _fan("triple_pung", _("Triple Pung"), 16, "刻", "double_pung", M),
    _fan("three_concealed_pungs", _("Three Concealed Pungs"), 16, "刻", "two_concealed_pungs", M),
    # 12
    _fan(
        "lesser_honors_and_knitted_tiles",
        _("Lesser Honors and Knitted Tiles"),
        12,
        "不靠",
        "all_types concealed_hand fully_concealed_hand single_wait",
    ),
    _fan("knitted_straight", _("Knitted Straight"), 12, "不靠", "", M),
    _fan("upper_four", _("Upper Four"), 12, "花色组合", "no_honors"),
    _fan("lower_four", _("Lower Four"), 12, "花色组合", "no_honors"),
    _fan("big_three_winds", _("Big Three Winds"), 12, "字牌", TERMINAL_PUNG, M),
    # 8
    _fan("mixed_straight", _("Mixed Straight"), 8, "序数牌", "", M),
    _fan("reversible_tiles", _("Reversible Tiles"), 8, "花色组合", "one_voided_suit"),
    _fan("mixed_triple_chow", _("Mixed Triple Chow"), 8, "花色组合", "", M),
    _fan("mixed_shifted_pungs", _("Mixed Shifted Pungs"), 8, "花色组合", "", M),
    _fan("chicken_hand", _("Chicken Hand"), 8, "特殊"),
    _fan("last_tile_draw", _("Last Tile Draw"), 8, "和牌方式", "self_drawn"),
    _fan("last_tile_claim", _("Last Tile Claim"), 8, "和牌方式"),
    _fan("out_with_replacement_tile", _("Out with Replacement Tile"), 8, "和牌方式", "self_drawn"),
    _fan("robbing_the_kong", _("Robbing the Kong"), 8, "和牌方式", "last_tile"),
    _fan(
        "two_concealed_kongs",
        _("Two Concealed Kongs"),
        {"gb98": 6, "gb": 8},
        "刻",
        "concealed_kong two_concealed_pungs",
        M,
    ),
    # 6
    _fan("all_pungs", _("All Pungs"), 6, "和牌方式"),
    _fan("half_flush", _("Half Flush"), 6, "花色组合", "one_voided_suit"),
    _fan("mixed_shifted_chows", _("Mixed Shifted Chows"), 6, "花色组合", "", M),
    _fan("all_types", _("All Types"), 6, "花色组合"),
    _fan("melded_hand", _("Melded Hand"), 6, "和牌方式", "single_wait"),
    _fan("two_dragon_pungs", _("Two Dragon Pungs"), 6, "字牌", f"dragon_pung {TERMINAL_PUNG}", M),
    _fan(
        "concealed_and_melded_kong",
        _("Concealed and Melded Kong"),
        {"gb98": 5, "gb": 6},
        "刻",
        "melded_kong concealed_kong",
        M,
    ),
    # 4
    _fan("outside_hand", _("Outside Hand"), 4, "全带"),
    _fan("fully_concealed_hand", _("Fully Concealed Hand"), 4, "和牌方式", "concealed_hand self_drawn"),
    _fan("two_melded_kongs", _("Two Melded Kongs"), 4, "刻", "melded_kong", M),
    _fan("last_tile", _("Last Tile"), 4, "和牌方式"),
    # 2
    _fan("dragon_pung", _("Dragon Pung"), 2, "字牌", TERMINAL_PUNG, M),
    _fan("prevalent_wind", _("Prevalent Wind"), 2, "字牌", TERMINAL_PUNG, M),
    _fan("seat_wind", _("Seat Wind"), 2, "字牌", TERMINAL_PUNG, M),
    _fan("concealed_hand", _("Concealed Hand"), 2, "和牌方式"),
    _fan("all_chows", _("All Chows"), 2, "全带", "no_honors"),
    _fan("tile_hog", _("Tile Hog"), 2, "特殊"),
    _fan("double_pung", _("Double Pung"), 2, "刻", "", M),
    _fan("two_concealed_pungs", _("Two Concealed Pungs"), 2, "刻", "", M),
    _fan("concealed_kong", _("Concealed Kong"), 2, "刻", "", M),
    _fan("all_simples", _("All Simples"), 2, "全带", "no_honors"),
    # 1
    _fan("pure_double_chow", _("Pure Double Chow"), 1, "序数牌", "", M),
    _fan("mixed_double_chow", _("Mixed Double Chow"), 1, "花色组合", "", M),
    _fan("short_straight", _("Short Straight"), 1, "序数牌", "", M),
    _fan("two_terminal_chows", _("Two Terminal Chows"), 1, "序数牌", "", M),
    _fan(TERMINAL_PUNG, _("Pung of Terminals or Honors"), 1, "刻", "", M),
    _fan("melded_kong", _("Melded Kong"), 1, "刻", "", M),
    _fan("one_voided_suit", _("One Voided Suit"), 1, "花色组合"),
    _fan("no_honors", _("No Honors"), 1, "字牌"),
    _fan("edge_wait", _("Edge Wait"), 1, "和牌方式"),
    _fan("closed_wait", _("Closed Wait"), 1, "和牌方式"),
    _fan("single_wait", _("Single Wait"), 1, "和牌方式"),
    _fan("self_drawn", _("Self-Drawn"), 1, "和牌方式"),
)

# 花牌: 1 point each, outside the 8-point minimum and outside every combination rule.
FLOWER_TILES = _fan("flower_tiles", _("Flower Tiles"), 1, "特殊")

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
    "no_repeat": _("no double counting"),
    "no_split": _("no splitting"),
    "no_identical": _("not the same fan twice"),
    "higher_over_lower": _("the higher, not the lower"),
    "account_once": _("combine once more only"),
}
