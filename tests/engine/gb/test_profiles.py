"""Profiles gb98 / gb and every variant switch, with the sources the docs name."""

import pytest
from gb_helpers import counted, error, score

from suanfan.gb.fans import FAN_BY_KEY, FANS
from suanfan.gb.profiles import SWITCHES

TWO_CONCEALED = "[1111m][2222p]345s678s55p"
ONE_EACH = "[1111m][2222p1]345s678s55p"


def points(result, key):
    return next(f["points"] for f in result["fans"] if f["key"] == key)


def test_seed_values_differ_only_in_two_kong_fans():
    differing = {f.key: f.points for f in FANS if f.points["gb"] != f.points["gb98"]}
    assert differing == {"two_concealed_kongs": {"gb98": 6, "gb": 8},
                         "concealed_and_melded_kong": {"gb98": 5, "gb": 6}}


def test_two_concealed_kongs_per_profile():
    assert points(score(TWO_CONCEALED, rules="gb98"), "two_concealed_kongs") == 6
    assert points(score(TWO_CONCEALED, rules="gb"), "two_concealed_kongs") == 8
    assert points(score(TWO_CONCEALED, rules="gb98", variants={"two_concealed_kongs": 8}),
                  "two_concealed_kongs") == 8


def test_concealed_and_melded_kong_per_profile():
    assert points(score(ONE_EACH, rules="gb98"), "concealed_and_melded_kong") == 5
    assert points(score(ONE_EACH, rules="gb"), "concealed_and_melded_kong") == 6
    book = counted(score(ONE_EACH, rules="gb", variants={"concealed_and_melded_kong": 0}))
    assert "concealed_and_melded_kong" not in book and book["melded_kong"] == 1 and book["concealed_kong"] == 1


def test_nine_gates_terminal_pung():
    hand = "1112345678999m5m"   # 111 234 55 678 999: two terminal pungs, the shape owns one
    assert counted(score(hand))["pung_of_terminals_or_honors"] == 1
    never = counted(score(hand, variants={"nine_gates_terminal_pung": "never"}))
    assert "pung_of_terminals_or_honors" not in never


def test_seven_pairs_combined():
    hand = "1111m9999p11s99sEE"   # 七对 with two 四归一
    assert counted(score(hand))["tile_hog"] == 2
    strict = score(hand, variants={"seven_pairs_combined": False})
    assert "tile_hog" not in counted(strict)
    assert {e["by"] for e in strict["excluded"] if e["key"] == "tile_hog"} == {"seven_pairs"}
    green = "22334466888sFF22s"[:0] + "223344668888sFF"
    assert "all_green" in counted(score(green))
    assert "all_green" not in counted(score(green, variants={"seven_pairs_combined": False}))


def test_knitted_straight_waits():
    hand = "147m258p369s13m55p2m"   # 组合龙 + 123m (closed wait on 2m) + 55p
    assert "closed_wait" in counted(score(hand))
    assert "closed_wait" not in counted(score(hand, variants={"knitted_straight_waits": False}))


def test_upper_and_lower_with_four():
    hand = "789m789p789s888m99s"
    assert "upper_four" not in counted(score(hand))
    assert {"upper_tiles", "upper_four"} <= set(counted(score(hand, variants={"upper_lower_with_four": True})))
    low = "123m123p123s222m33p"
    assert {"lower_tiles", "lower_four"} <= set(counted(score(low, variants={"upper_lower_with_four": True})))


def test_variants_echoed_with_defaults():
    result = score(ONE_EACH, rules="gb")
    assert result["profile"] == "gb"
    assert result["variants"] == {s.key: s.defaults["gb"] for s in SWITCHES}


@pytest.mark.parametrize("variants, key", [
    pytest.param({"nope": 1}, "variants.nope", id="unknown-switch"),
    pytest.param({"two_concealed_kongs": 7}, "variants.two_concealed_kongs", id="bad-number"),
    pytest.param({"seven_pairs_combined": "yes"}, "variants.seven_pairs_combined", id="bad-bool"),
    pytest.param({"nine_gates_terminal_pung": "twice"}, "variants.nine_gates_terminal_pung", id="bad-choice"),
])
def test_bad_variants(variants, key):
    err = error({"hand": ONE_EACH, "rules": "gb98", "variants": variants})
    assert err["code"] in ("unknown_key", "bad_value") and err["key"] == key


def test_every_switch_names_its_sources():
    for s in SWITCHES:
        assert set(s.sources) == set(s.choices) and set(s.defaults) == {"gb", "gb98"}
        assert all(d in s.choices for d in s.defaults.values())


def test_fan_table_data():
    assert len(FANS) == 81
    assert sum(1 for f in FANS if f.points["gb98"] == 88) == 7
    for f in FANS:
        assert all(k in FAN_BY_KEY for k in f.excludes), f.key
    names = {f.key: f.zh for f in FANS}
    assert names["all_pungs"] == "碰碰和" and names["all_chows"] == "平和" and names["robbing_the_kong"] == "抢杠和"
    assert names["closed_wait"] == "坎张" and names["concealed_and_melded_kong"] == "一明杠一暗杠"
    assert FAN_BY_KEY["flower_tiles"].zh == "花牌"


def test_gb_is_gb98_but_for_the_two_kong_values():
    from gb_corpus import corpus

    from suanfan.api import handle
    same = {"two_concealed_kongs": 6, "concealed_and_melded_kong": 5}
    for request in corpus(400, 7):
        a = handle({**request, "rules": "gb98"})
        b = handle({**request, "rules": "gb", "variants": same})
        assert (a["total"], a["fans"], a["excluded"]) == (b["total"], b["fans"], b["excluded"])


# The seed table's values (profile gb), row by row as the seed lists them.
SEED_VALUES = {
    88: "大四喜 大三元 九莲宝灯 四杠 连七对 绿一色 十三幺",
    64: "小四喜 小三元 字一色 一色双龙会 清幺九 四暗刻",
    48: "一色四同顺 一色四节高",
    32: "一色四步高 三杠 混幺九",
    24: "一色三同顺 一色三节高 全双刻 七对 全大 全中 全小 清一色 七星不靠",
    16: "清龙 一色三步高 三同刻 三暗刻 三色双龙会 全带五",
    12: "三风刻 大于五 小于五 全不靠 组合龙",
    8: "花龙 双暗杠 三色三同顺 三色三节高 推不倒 妙手回春 海底捞月 杠上开花 抢杠和 无番和",
    6: "双箭刻 一明杠一暗杠 三色三步高 混一色 五门齐 碰碰和 全求人",
    4: "双明杠 全带幺 不求人 和绝张",
    2: "箭刻 圈风刻 门风刻 双同刻 双暗刻 暗杠 断幺 平和 门前清 四归一",
    1: "无字 连六 老少副 一般高 幺九刻 明杠 喜相逢 缺一门 边张 坎张 单钓将 自摸",
}


def test_seed_table_values():
    by_zh = {f.zh: f for f in FANS}
    listed = [name for names in SEED_VALUES.values() for name in names.split()]
    assert sorted(listed) == sorted(by_zh)
    for points, names in SEED_VALUES.items():
        for name in names.split():
            assert by_zh[name].points["gb"] == points, name
