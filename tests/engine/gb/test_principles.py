"""The five combination principles, each on a hand where it decides what counts."""

import pytest
from gb_helpers import counted, excluded_by, score

from suanfan.api import handle


def test_no_repeat_removes_only_what_is_implied():
    # 大三元 removes the 幺九刻 of its three dragon pungs; the fourth pung (111m) still counts.
    result = score("CCCFFFPPP111m55p")
    assert counted(result)["big_three_dragons"] == 1
    assert counted(result)["pung_of_terminals_or_honors"] == 1
    dragons = next(e for e in result["excluded"] if e["key"] == "pung_of_terminals_or_honors")
    assert dragons["by"] == "big_three_dragons" and dragons["principle"] == "no_repeat"
    assert dragons["count"] == 3 and set(dragons["melds"]) == {"CCC", "FFF", "PPP"}


def test_no_split():
    # 三色三同顺's three chows cannot be taken apart again into 喜相逢.
    result = score("123m123p123s456m77p")
    assert "mixed_triple_chow" in counted(result)
    assert "mixed_double_chow" not in counted(result)
    assert excluded_by(result)["mixed_double_chow"] == {("mixed_triple_chow", "no_split")}


def test_no_identical():
    # 123m pairs with both 123p chows as 喜相逢; it may do so only once.
    result = score("123m123p123p789s55s")
    assert counted(result)["pure_double_chow"] == 1
    assert counted(result)["mixed_double_chow"] == 1
    assert ("mixed_double_chow", "no_identical") in excluded_by(result)["mixed_double_chow"]


def test_account_once_four_chows_give_three_fans_at_most():
    # 套算一次 at work: [123m][789m][123s][789s] gives three of 老少副 / 喜相逢 in total, never four.
    result = score("[123m][789m][123s]789s11p")
    fans = counted(result)
    assert fans.get("two_terminal_chows", 0) + fans.get("mixed_double_chow", 0) == 3
    assert (None, "account_once") in excluded_by(result)["two_terminal_chows"] | excluded_by(result).get(
        "mixed_double_chow", set()
    )


def test_account_once_after_a_three_chow_fan():
    # 花龙 (123s 456m 789p) and one more 1-point fan between 123m and those three, at most.
    result = score("123m456m789p123s55m")
    fans = counted(result)
    assert fans["mixed_straight"] == 1
    assert (
        sum(fans.get(k, 0) for k in ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"))
        == 1
    )
    assert excluded_by(result)["short_straight"] == {(None, "account_once")}


def test_four_chow_fan_leaves_no_two_chow_fan():
    result = score("123123123123m55p")
    fans = counted(result)
    assert "quadruple_chow" in fans
    assert not {"pure_double_chow", "pure_triple_chow", "tile_hog"} & set(fans)


def test_higher_over_lower_one_wait_only():
    # 1233m waiting on 3m: the 3m is an edge (123m) or a single wait (33m); one counts.
    result = score("1233m456p789sEEE3m")
    assert counted(result)["edge_wait"] == 1 and "single_wait" not in counted(result)
    assert excluded_by(result)["single_wait"] == {("edge_wait", "higher_over_lower")}


def test_higher_over_lower_between_readings():
    # 111222333m as three pungs (一色三节高 + 三暗刻) beats three 123m chows (一色三同顺) here.
    result = score("111222333m456p55s")
    assert "pure_shifted_pungs" in counted(result)
    other = result["other_readings"]
    assert other and all(o["total"] <= result["points_without_flowers"] for o in other)
    assert any("pure_triple_chow" in o["fans"] for o in other)


def test_every_excluded_fan_has_a_reason():
    for hand in ("CCCFFFPPP111m55p", "123m123p123s456m77p", "[123m][789m][123s]789s11p", "1112345678999m5m"):
        for e in score(hand)["excluded"]:
            assert e["principle"] in ("no_repeat", "no_split", "no_identical", "higher_over_lower", "account_once")
            assert e["reason"]["zh"].endswith(")") and e["reason"]["en"].endswith(")")


@pytest.mark.parametrize(
    "hand, kept, dropped",
    [("123p456p789s1223m2m", "closed_wait", "single_wait"), ("123p456p789s1233m3m", "edge_wait", "single_wait")],
)
def test_two_wait_readings_of_one_tile_count_one_wait_fan_and_say_why(hand, kept, dropped):
    """边张, 坎张 and 单钓将 are all 1 point: nothing is "higher"; one wait fan per winning tile, in a fixed order."""
    result = handle({"rules": "gb", "hand": hand})
    assert kept in [f["key"] for f in result["fans"]]
    entry = next(e for e in result["excluded"] if e["key"] == dropped)
    assert entry["by"] == kept
    zh, en = entry["reason"]["zh"], entry["reason"]["en"]
    assert "分高" not in zh and "higher" not in en
    assert "1 分" in zh and "1 point" in en and "one wait fan" in en and "一种听牌番" in zh


def test_an_uncounted_seven_pairs_excludes_none_of_its_three():
    """gb: 混幺九 不计七对, and 七对 not counted sets aside nothing: 门前清 (不求人) and 单钓将 come back together; gb98
    counts 七对, which sets all three aside (docs/guobiao.md, "The principles, as implemented")."""
    hand = "1199m1199p99sEESS"
    on_discard, drawn = score(hand, rules="gb"), score(hand, rules="gb", self_drawn=True)
    assert counted(on_discard) == {"all_terminals_and_honors": 1, "concealed_hand": 1, "single_wait": 1}
    assert on_discard["total"] == 35
    assert counted(drawn) == {"all_terminals_and_honors": 1, "fully_concealed_hand": 1, "single_wait": 1}
    platforms = score(hand, rules="gb98")
    assert "seven_pairs" in counted(platforms)
    assert {"concealed_hand", "single_wait"} <= set(excluded_by(platforms))
    assert all(
        by == {("seven_pairs", "no_repeat")}
        for key, by in excluded_by(platforms).items()
        if key in ("concealed_hand", "single_wait")
    )
