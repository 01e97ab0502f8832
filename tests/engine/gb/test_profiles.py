"""Profiles gb98 / gb and every variant switch, with the sources the docs name."""

import pytest
from gb_helpers import counted, error, excluded_by, score

from suanfan.api import handle
from suanfan.gb.fans import FAN_BY_KEY, FANS
from suanfan.gb.profiles import SWITCHES

TWO_CONCEALED = "[1111m][2222p]345s678s55p"
ONE_EACH = "[1111m][2222p1]345s678s55p"


def points(result, key):
    return next(f["points"] for f in result["fans"] if f["key"] == key)


def test_seed_values_differ_only_in_two_kong_fans():
    differing = {f.key: f.points for f in FANS if f.points["gb"] != f.points["gb98"]}
    assert differing == {"two_concealed_kongs": {"gb98": 6, "gb": 8}, "concealed_and_melded_kong": {"gb98": 5, "gb": 6}}


def test_two_concealed_kongs_per_profile():
    assert points(score(TWO_CONCEALED, rules="gb98"), "two_concealed_kongs") == 6
    assert points(score(TWO_CONCEALED, rules="gb"), "two_concealed_kongs") == 8
    assert points(score(TWO_CONCEALED, rules="gb98", variants={"two_concealed_kongs": 8}), "two_concealed_kongs") == 8


def test_concealed_and_melded_kong_per_profile():
    assert points(score(ONE_EACH, rules="gb98"), "concealed_and_melded_kong") == 5
    assert points(score(ONE_EACH, rules="gb"), "concealed_and_melded_kong") == 6
    book = counted(score(ONE_EACH, rules="gb", variants={"concealed_and_melded_kong": 0}))
    assert "concealed_and_melded_kong" not in book and book["melded_kong"] == 1 and book["concealed_kong"] == 1


def test_nine_gates_terminal_pung():
    hand = "1112345678999m5m"  # 111 234 55 678 999: two terminal pungs, the shape owns one
    assert counted(score(hand))["pung_of_terminals_or_honors"] == 1
    never = counted(score(hand, variants={"nine_gates_terminal_pung": "never"}))
    assert "pung_of_terminals_or_honors" not in never


def test_seven_pairs_combined():
    hand = "1111m9999p11s99sEE"  # 七对 with two 四归一
    assert counted(score(hand))["tile_hog"] == 2
    strict = score(hand, variants={"seven_pairs_combined": False})
    assert "tile_hog" not in counted(strict)
    assert {e["by"] for e in strict["excluded"] if e["key"] == "tile_hog"} == {"seven_pairs"}
    green = "223344668888sFF"
    assert "all_green" in counted(score(green))
    assert "all_green" not in counted(score(green, variants={"seven_pairs_combined": False}))


def test_seven_pairs_combined_cites_the_1998_definition_of_tile_hog():
    """四归一 on seven pairs is not only the platforms' doing: the 1998 definition lets the four tiles lie in pairs."""
    switch = next(s for s in SWITCHES if s.key == "seven_pairs_combined")
    source = switch.sources[True]
    assert "1998" in source["en"] and "1998" in source["zh"] and "1998" in source["zh_hant"]
    assert "pairs" in source["en"] and "对子" in source["zh"] and "對子" in source["zh_hant"]


def test_knitted_straight_waits():
    hand = "147m258p369s13m55p2m"  # 组合龙 + 123m (closed wait on 2m) + 55p
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


@pytest.mark.parametrize(
    "variants, key",
    [
        pytest.param({"nope": 1}, "variants.nope", id="unknown-switch"),
        pytest.param({"two_concealed_kongs": 7}, "variants.two_concealed_kongs", id="bad-number"),
        pytest.param({"seven_pairs_combined": "yes"}, "variants.seven_pairs_combined", id="bad-bool"),
        pytest.param({"nine_gates_terminal_pung": "twice"}, "variants.nine_gates_terminal_pung", id="bad-choice"),
    ],
)
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


def test_gb_is_gb98_but_for_the_seeds_switches():
    """gb differs from gb98 only through switches; with gb98's settings it scores every hand alike."""
    from gb_corpus import corpus

    from suanfan.api import handle

    differing = {s.key: s.defaults["gb98"] for s in SWITCHES if s.defaults["gb"] != s.defaults["gb98"]}
    assert set(differing) == {
        "two_concealed_kongs",
        "concealed_and_melded_kong",
        "nine_gates_terminal_pung",
        "extra_kong_fans",
        "terminals_and_honors_excludes_seven_pairs",
        "all_types_excludes_honor_pungs",
        "all_terminals_excludes_triple_pung",
        "all_green_excludes_half_flush",
    }
    for request in corpus(400, 7):
        a = handle({**request, "rules": "gb98"})
        b = handle({**request, "rules": "gb", "variants": differing})
        assert (a["total"], a["fans"], a["excluded"]) == (b["total"], b["fans"], b["excluded"])


def test_every_switch_has_chinese_sources():
    for s in SWITCHES:
        assert set(s.sources) == set(s.choices), s.key
        for value in s.choices:
            source = s.source(value)
            assert source == s.sources[value] and source["en"]
            assert any("\u4e00" <= ch <= "\u9fff" for ch in source["zh"]), (s.key, value)
            assert any("\u4e00" <= ch <= "\u9fff" for ch in source["zh_hant"]), (s.key, value)


# ---------------------------------------------------------------- the kong fans beside 三杠 / 四杠


def kong_hand(melded: int, concealed: int) -> str:
    """Kongs of 2m 4p 6s 8m (no fan among them but the kong fans), melded ones first; the rest won on a discard."""
    tiles = ("2m", "4p", "6s", "8m")[: melded + concealed]
    melds = "".join(f"[{t[0] * 4}{t[1]}{'1' if i < melded else ''}]" for i, t in enumerate(tiles))
    return melds + ("789s55p" if melded + concealed == 3 else "55p")


KONG_FAN_KEYS = (
    "two_melded_kongs",
    "two_concealed_kongs",
    "concealed_and_melded_kong",
    "melded_kong",
    "concealed_kong",
    "two_concealed_pungs",
    "three_concealed_pungs",
    "four_concealed_pungs",
)

# (melded, concealed) -> what each setting adds to 三杠 / 四杠: {fan: count}. "concealed" is the seed table's own
# column, "paired" its notes for the 1998 rules (whose sum for three concealed kongs is printed 25: the fans it
# lists make 24), "none" the platforms.
KONG_EXTRAS = {
    (4, 0): {"none": {}, "concealed": {}, "paired": {"two_melded_kongs": 2}},
    (3, 1): {
        "none": {},
        "concealed": {"concealed_kong": 1},
        "paired": {"two_melded_kongs": 1, "melded_kong": 1, "concealed_kong": 1},
    },
    (2, 2): {
        "none": {"two_concealed_pungs": 1},
        "concealed": {"two_concealed_kongs": 1},
        "paired": {"two_melded_kongs": 1, "two_concealed_kongs": 1},
    },
    (1, 3): {
        "none": {"three_concealed_pungs": 1},
        "concealed": {"three_concealed_pungs": 1},
        "paired": {"melded_kong": 1, "concealed_kong": 1, "two_concealed_kongs": 1, "three_concealed_pungs": 1},
    },
    (0, 4): {
        "none": {"four_concealed_pungs": 1},
        "concealed": {"four_concealed_pungs": 1},
        "paired": {"two_concealed_kongs": 2, "four_concealed_pungs": 1},
    },
    (3, 0): {"none": {}, "concealed": {}, "paired": {"two_melded_kongs": 1, "melded_kong": 1}},
    (2, 1): {"none": {}, "concealed": {"concealed_kong": 1}, "paired": {"two_melded_kongs": 1, "concealed_kong": 1}},
    (1, 2): {
        "none": {"two_concealed_pungs": 1},
        "concealed": {"two_concealed_kongs": 1},
        "paired": {"melded_kong": 1, "two_concealed_kongs": 1},
    },
    (0, 3): {
        "none": {"three_concealed_pungs": 1},
        "concealed": {"three_concealed_pungs": 1},
        "paired": {"concealed_kong": 1, "two_concealed_kongs": 1, "three_concealed_pungs": 1},
    },
}
# the seed's printed sums (gb values: 双暗杠 8) for its own column, and (1998 values: 双暗杠 6) for its notes
SEED_SUMS = {
    (4, 0): (0, 8),
    (3, 1): (2, 7),
    (2, 2): (8, 10),
    (1, 3): (16, 25),
    (0, 4): (64, 76),
    (3, 0): (0, 5),
    (2, 1): (2, 6),
    (1, 2): (8, 7),
    (0, 3): (16, 25),
}


@pytest.mark.parametrize("mix", list(KONG_EXTRAS), ids=lambda m: f"{m[0]}melded-{m[1]}concealed")
@pytest.mark.parametrize("setting", ["none", "concealed", "paired"])
def test_extra_kong_fans(mix, setting):
    melded, concealed = mix
    for rules in ("gb98", "gb"):
        result = score(kong_hand(melded, concealed), rules=rules, variants={"extra_kong_fans": setting})
        fans = counted(result)
        assert fans["four_kongs" if sum(mix) == 4 else "three_kongs"] == 1
        assert {k: n for k, n in fans.items() if k in KONG_FAN_KEYS} == KONG_EXTRAS[mix][setting], rules


@pytest.mark.parametrize("mix", list(KONG_EXTRAS), ids=lambda m: f"{m[0]}melded-{m[1]}concealed")
def test_extra_kong_fans_against_the_seeds_sums(mix):
    """gb adds what the seed's own column prints; the 1998 setting, with 1998 values, what its notes print
    (but for the one sum that does not add up)."""
    seed, book = SEED_SUMS[mix]

    def added(result):
        return sum(f["total"] for f in result["fans"] if f["key"] in KONG_FAN_KEYS)

    assert added(score(kong_hand(*mix), rules="gb")) == seed
    book_total = added(score(kong_hand(*mix), rules="gb98", variants={"extra_kong_fans": "paired"}))
    assert book_total == (24 if mix == (0, 3) else book)


def test_extra_kong_fans_explained():
    result = score(kong_hand(2, 1), rules="gb")
    assert excluded_by(result)["melded_kong"] == {("three_kongs", "no_repeat")}
    result = score(kong_hand(0, 3), rules="gb")
    assert excluded_by(result)["concealed_kong"] == {("three_kongs", "no_repeat")}
    result = score(kong_hand(1, 2), rules="gb")
    assert excluded_by(result)["concealed_kong"] == {("two_concealed_kongs", "no_repeat")}
    assert excluded_by(result)["two_concealed_pungs"] == {("two_concealed_kongs", "no_repeat")}


def test_extra_kong_fans_with_a_concealed_pung_besides():
    """A concealed pung beside the kongs joins the concealed-pung line in every setting."""
    hand = "[2222m1][4444p1][6666s]888m55p"  # 2 melded + 1 concealed kong, and a concealed pung
    assert counted(score(hand, rules="gb98"))["two_concealed_pungs"] == 1
    seed = counted(score(hand, rules="gb"))
    assert seed["concealed_kong"] == 1 and seed["two_concealed_pungs"] == 1


# ---------------------------------------------------------------- 混幺九 and 七对, 五门齐 and honor pungs


def test_terminals_and_honors_excludes_seven_pairs():
    hand = "1199m99pEESSCCPP"
    platforms = counted(score(hand, rules="gb98"))
    assert platforms["seven_pairs"] == 1 and platforms["all_terminals_and_honors"] == 1
    seed = score(hand, rules="gb")
    assert "seven_pairs" not in counted(seed) and counted(seed)["all_terminals_and_honors"] == 1
    assert excluded_by(seed)["seven_pairs"] == {("all_terminals_and_honors", "no_repeat")}
    assert counted(score(hand, rules="gb98", variants={"terminals_and_honors_excludes_seven_pairs": True})) == counted(
        seed
    )
    # with 七对 out, its own 不计 goes too: 门前清 counts (only counted fans exclude)
    assert counted(seed)["concealed_hand"] == 1


def test_terminals_and_honors_seven_pairs_with_seven_pairs_strict():
    """Both switches on: the two fans exclude each other, and the higher, 混幺九, is the one counted."""
    hand = "1199m99pEESSCCPP"
    both = counted(
        score(
            hand,
            rules="gb98",
            variants={"terminals_and_honors_excludes_seven_pairs": True, "seven_pairs_combined": False},
        )
    )
    assert "all_terminals_and_honors" in both and "seven_pairs" not in both


def test_all_types_excludes_honor_pungs():
    hand = "[NNN1]123m456p78sCC9s"  # 五门齐 with a North pung (no wind fan)
    platforms = counted(score(hand, rules="gb98"))
    assert platforms["all_types"] == 1 and platforms["pung_of_terminals_or_honors"] == 1
    seed = score(hand, rules="gb")
    assert counted(seed)["all_types"] == 1 and "pung_of_terminals_or_honors" not in counted(seed)
    assert excluded_by(seed)["pung_of_terminals_or_honors"] == {("all_types", "no_repeat")}


def test_all_types_keeps_the_terminal_pungs():
    """Only the honor pungs' 幺九刻 go: a pung of 1 or 9 still counts."""
    hand = "[NNN1][999m1]456p78sCC9s"
    seed = score(hand, rules="gb")
    assert counted(seed)["pung_of_terminals_or_honors"] == 1
    assert [e["melds"] for e in seed["excluded"] if e["key"] == "pung_of_terminals_or_honors"] == [["[NNN1]"]]


def test_all_types_honor_pungs_in_a_knitted_straight():
    hand = "147m258p369sNNNCC"
    platforms = counted(score(hand, rules="gb98"))
    seed = counted(score(hand, rules="gb"))
    assert platforms["all_types"] == seed["all_types"] == 1
    assert platforms["pung_of_terminals_or_honors"] == 1 and "pung_of_terminals_or_honors" not in seed


# ---------------------------------------------------------------- 清幺九 and 三同刻, 绿一色 and 混一色


def test_all_terminals_excludes_triple_pung():
    """The seed: 清幺九 不计三同刻、双同刻; the platforms drop only 双同刻."""
    hand = "[111m1]111p111s999m99s"  # 清幺九 with the 1s of all three suits
    platforms = score(hand, rules="gb98")
    assert counted(platforms)["triple_pung"] == 1
    assert excluded_by(platforms)["double_pung"] == {("all_terminals", "no_repeat")}
    seed = score(hand, rules="gb")
    assert "triple_pung" not in counted(seed) and counted(seed)["all_terminals"] == 1
    assert excluded_by(seed)["triple_pung"] == {("all_terminals", "no_repeat")}
    assert seed["total"] == platforms["total"] - 16
    assert counted(score(hand, rules="gb98", variants={"all_terminals_excludes_triple_pung": True})) == counted(seed)


def test_triple_pung_still_counts_without_all_terminals():
    """The switch reaches 清幺九's 不计 only: 三同刻 elsewhere counts in gb."""
    assert counted(score("[111m1]111p111s789s99m", rules="gb"))["triple_pung"] == 1


def test_all_green_with_the_green_dragon_and_half_flush():
    """The seed: 绿一色 可计混一色、清一色; the platforms (and the seed's 1998 note) leave 混一色 out."""
    green = "[234s1]666s888sFFF22s"
    platforms = score(green, rules="gb98")
    assert "half_flush" not in counted(platforms)
    assert excluded_by(platforms)["half_flush"] == {("all_green", "no_repeat")}
    seed = score(green, rules="gb")
    assert counted(seed)["half_flush"] == 1 and counted(seed)["all_green"] == 1
    assert "half_flush" not in excluded_by(seed)
    assert seed["total"] == platforms["total"] + 6
    # 缺一门 stays out either way: 绿一色 and 混一色 both imply it
    assert excluded_by(seed)["one_voided_suit"] <= {("all_green", "no_repeat"), ("half_flush", "no_repeat")}
    # without the green dragon it is 清一色, counted in both profiles
    for rules in ("gb98", "gb"):
        assert counted(score("234s234s666s888s22s", rules=rules))["full_flush"] == 1


# ---------------------------------------------------------------- 组合龙: a winning shape, or 全不靠's add-on only


def test_knitted_straight_shape():
    hand = "147m258p369s567mEE"  # 组合龙 + 567m + a pair of East
    for rules in ("gb98", "gb"):
        assert counted(score(hand, rules=rules))["knitted_straight"] == 1
        err = error({"hand": hand, "rules": rules, "variants": {"knitted_straight_shape": False}})
        assert err["code"] == "not_a_win_gb"
    melded = error({"hand": "[567m1]147m258p369sEE", "rules": "gb", "variants": {"knitted_straight_shape": False}})
    assert melded["code"] == "not_a_win_gb"


def test_knitted_straight_inside_lesser_honors_and_knitted_tiles_either_way():
    """The 1998 reading keeps 组合龙 as an add-on to 全不靠: 12 + 12."""
    hand = "147m258p369sESWNC"
    for value in (True, False):
        result = score(hand, rules="gb", variants={"knitted_straight_shape": value})
        assert counted(result) == {"lesser_honors_and_knitted_tiles": 1, "knitted_straight": 1}
        assert result["total"] == 24


def test_knitted_straight_shape_off_in_the_waits():
    """Off, a hand waiting to complete 组合龙 + a set + a pair waits on nothing."""
    waiting = "147m258p369s56mEE"  # 组合龙 + 56m + EE: 4m or 7m
    on = handle({"hand": waiting, "rules": "gb", "action": "waits"})
    assert [w["tile"] for w in on["waits"]] == ["4m", "7m"]
    off = handle({"hand": waiting, "rules": "gb", "action": "waits", "variants": {"knitted_straight_shape": False}})
    assert off["ok"] and off["waits"] == [] and not off["tenpai"]


def test_knitted_straight_shape_and_the_practice_waits():
    """The practice judge asks the same shapes of a waiting hand as its profile does."""
    from suanfan import tiles as T
    from suanfan.gb.practice.judge import GbJudge
    from suanfan.gb.profiles import compile_profile, read_variants
    from suanfan.notation import WAIT, parse

    waiting = parse("147m258p369s56mEE", expect=WAIT)
    judge = GbJudge("gb")
    assert [T.code(t) for t in judge.completions(waiting)] == ["4m", "7m"]
    judge.prof = compile_profile("gb", read_variants("gb", {"knitted_straight_shape": False}))
    assert judge.completions(waiting) == []


def test_nine_gates_gb_follows_the_seed():
    hand = "1112345678999m5m"
    assert counted(score(hand, rules="gb98"))["pung_of_terminals_or_honors"] == 1
    assert "pung_of_terminals_or_honors" not in counted(score(hand, rules="gb"))


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


def test_every_mix_of_switches_compiles_in_an_order_that_respects_every_exclusion():
    import itertools

    from suanfan.gb.fans import INDEX, ONE_OF
    from suanfan.gb.profiles import compile_profile, read_variants

    one_of = [{INDEX[k] for k in group} for group in ONE_OF]
    for values in itertools.product(*[s.choices for s in SWITCHES]):
        prof = compile_profile("gb98", read_variants("gb98", {s.key: v for s, v in zip(SWITCHES, values)}))
        for a, excluded in enumerate(prof.excludes):
            for b in excluded:
                if any(a in g and b in g for g in one_of):
                    continue
                if a in prof.excludes[b]:  # exclude each other: the higher is decided first
                    higher = max((a, b), key=lambda f: (prof.points[f], -f))
                    assert prof.rank[higher] < prof.rank[a + b - higher]
                else:
                    assert prof.rank[a] < prof.rank[b], (values, a, b)
