"""Lesson goals checked by the engine (`handle({"action": "check_goal", ...})`, suanfan/goals.py): the check the
build runs on every example and exercise answer, and the one an exercise page asks the engine's worker. Each case is
a real hand scored by the engine; the misses and the words a learner reads are written out here."""

from __future__ import annotations

import pytest

from suanfan.api import goal_problems, handle
from suanfan.rulesets import RULESETS


def check(rules: str, hand: str, expect: dict, **situation) -> dict:
    answer = handle({"action": "check_goal", "rules": rules, "expect": expect, "request": {"hand": hand, **situation}})
    assert answer["ok"], answer
    assert answer["result"] == handle({"hand": hand, "rules": rules, **situation})  # the result it checked, whole
    assert answer["met"] == (not answer["misses"])
    return answer


def said(answer: dict) -> list[tuple[str, str, str]]:
    return [(m["key"], m["message"]["zh"], m["message"]["en"]) for m in answer["misses"]]


# (rules, hand, situation, goal, the misses: key, Chinese, English)
CASES = [
    pytest.param("jiujiang", "123m456p789s234sEE", {}, {"pattern": "ping_hu", "total": 1}, [], id="met"),
    pytest.param(
        "jiujiang",
        "123m456p789s234sEE",
        {},
        {"pattern": "peng_peng_hu", "total": 2},
        [
            (
                "pattern",
                "引擎取的最高番是平胡,目标是碰碰胡。",
                "The highest pattern is Basic win; the goal is All pungs.",
            ),
            ("total", "这手牌算出 1 番,目标是 2 番。", "This hand scores 1; the goal is 2."),
        ],
        id="pattern-and-total",
    ),
    pytest.param(
        "jiujiang",
        "111m444m777mEEESS",
        {},
        {"patterns": ["qing_yi_se", "hun_yi_se"], "not_patterns": ["ping_hu", "peng_peng_hu"]},
        [
            ("patterns", "这手牌还没有:清一色。", "This hand does not have: Full flush."),
            ("not_patterns", "这手牌不该有:碰碰胡。", "This hand should not have: All pungs."),
        ],
        id="patterns-present-and-absent",
    ),
    pytest.param(
        "jiujiang",
        "123456789p234p55p",
        {"self_drawn": True},
        {"capped": True},
        [("capped", "还没到封顶。", "It does not reach the cap.")],
        id="under-the-cap",
    ),
    pytest.param(
        "jiujiang",
        "123456789p234p55p",
        {"self_drawn": True, "dealer": True},
        {"capped": False},
        [("capped", "到了封顶,目标是不到封顶。", "It reaches the cap; the goal is to stay under it.")],
        id="at-the-cap",
    ),
    pytest.param(
        "jiujiang",
        "123m456p789s235sEE",
        {},
        {"pattern": "ping_hu"},
        [
            (
                "error",
                "引擎不认这手牌:这手牌不能胡:既不是四组面子加一对将,也不是七对。",
                "The engine refuses this hand: This hand is not a win: it is neither four sets and a pair nor seven pairs.",
            )
        ],
        id="refused",
    ),
    pytest.param("jiujiang", "123m456p789s235sEE", {}, {"error": "not_a_win"}, [], id="refused-as-meant"),
    pytest.param(
        "jiujiang",
        "123m456p789s234sEE",
        {},
        {"error": "not_a_win"},
        [("error", "这手牌能胡,目标是一手不成立的牌。", "This hand wins; the goal is a hand that does not.")],
        id="wins-though-meant-to-fail",
    ),
    pytest.param(
        "gb",
        "[123m1]345m22p234s678s",
        {},
        {"meets_minimum": True, "fans": ["all_chows", "all_pungs"], "not_fans": ["all_chows"]},
        [
            ("meets_minimum", "不够 8 分起和。", "It is below the 8-point minimum."),
            ("fans", "这手牌还没有:碰碰和。", "This hand does not have: All Pungs."),
            ("not_fans", "这手牌不该有:平和。", "This hand should not have: All Chows."),
        ],
        id="gb-below-the-minimum",
    ),
    pytest.param(
        "gb98",
        "123m456p789s11sEEE",
        {"flowers": 3, "self_drawn": True},
        {"meets_minimum": False, "excluded": ["pure_straight"]},
        [
            ("meets_minimum", "够了 8 分,目标是不够。", "It reaches 8 points; the goal is a hand below that."),
            ("excluded", "这手牌还没有:清龙。", "This hand does not have: Pure Straight."),
        ],
        id="gb98-over-the-minimum",
    ),
]


@pytest.mark.parametrize("rules, hand, situation, expect, misses", CASES)
def test_a_goal_is_checked_and_each_miss_told(rules, hand, situation, expect, misses):
    assert said(check(rules, hand, expect, **situation)) == misses


def test_the_cases_reach_every_key_of_every_rule_set():
    keys = {m[0] for case in CASES for m in case.values[4]}
    assert keys == {"total", "error"} | {g.key for r in RULESETS.values() for g in r.goals}


def test_a_miss_says_what_the_result_has():
    answer = check("jiujiang", "111m444m777mEEESS", {"patterns": ["qing_yi_se"], "total": 3})
    assert [(m["key"], m["expected"], m["actual"]) for m in answer["misses"]] == [
        ("patterns", ["qing_yi_se"], ["hun_yi_se", "peng_peng_hu"]),
    ]
    assert check("jiujiang", "111m444m777mEEESS", {"total": 2})["misses"][0]["actual"] == 3


@pytest.mark.parametrize(
    "rules, expect, wanted",
    [
        pytest.param("jiujiang", {}, "needs an `expect` with at least one key (total, pattern", id="empty"),
        pytest.param("jiujiang", ["total"], "needs an `expect` with at least one key", id="not-a-table"),
        pytest.param("jiujiang", {"totl": 1}, "unknown expect key `totl` (known: total, pattern", id="unknown"),
        pytest.param(
            "jiujiang",
            {"fans": ["all_chows"]},
            "expect key `fans` is for gb / gb98 rules, this example uses jiujiang",
            id="another-rule-set's-key",
        ),
        pytest.param(
            "gb", {"capped": True}, "expect key `capped` is for jiujiang rules, this example uses gb", id="gb-asks-cap"
        ),
        pytest.param("gb", {"total": "8"}, "expect key `total` must be a whole number, not '8'", id="type"),
        pytest.param("gb", {"fans": "all_chows"}, "expect key `fans` must be a list of strings", id="list-type"),
        pytest.param("gb", {"meets_minimum": 1}, "expect key `meets_minimum` must be true or false", id="bool-type"),
        pytest.param(
            "gb",
            {"error": "not_a_win_gb", "total": 8},
            "`error` says the request fails, so it cannot be combined",
            id="error-and-more",
        ),
    ],
)
def test_a_goal_that_cannot_be_met_is_refused_before_any_hand(rules, expect, wanted):
    problems = goal_problems(rules, expect)
    assert any(wanted in p["en"] for p in problems), problems
    assert all(p["zh"] for p in problems)
    answer = handle({"action": "check_goal", "rules": rules, "expect": expect, "request": {"hand": "123m"}})
    assert not answer["ok"] and answer["error"]["code"] == "bad_goal"
    assert answer["error"]["message"]["zh"].startswith("目标写得不对:")


def test_every_problem_is_said_at_once():
    problems = goal_problems("gb", {"totl": 1, "pattern": "ping_hu", "total": "1"})
    assert len(problems) == 3


@pytest.mark.parametrize(
    "request_, code",
    [
        pytest.param({"action": "check_goal", "rules": "gb", "expect": {"total": 8}}, "bad_request", id="no-request"),
        pytest.param(
            {"action": "check_goal", "rules": "gb", "expect": {"total": 8}, "request": {"hand": "1m", "rules": "gb"}},
            "bad_value",
            id="rules-inside",
        ),
        pytest.param(
            {"action": "check_goal", "expect": {"total": 8}, "request": {"hand": "1112345678999m", "action": "waits"}},
            "bad_value",
            id="action-inside",
        ),
        pytest.param(
            {"action": "check_goal", "rules": "gb", "expect": {"total": 8}, "request": {"hand": "1m"}, "hnad": 1},
            "unknown_key",
            id="unknown-key",
        ),
        pytest.param(
            {"action": "check_goal", "rules": "gb", "expect": {"fans": [["x"]]}, "request": {"hand": "1m"}},
            "too_deep",
            id="deeper-than-a-list-of-keys",
        ),
    ],
)
def test_a_malformed_check_is_refused_with_a_code(request_, code):
    answer = handle(request_)
    assert not answer["ok"] and answer["error"]["code"] == code, answer


def test_a_request_the_rule_set_refuses_is_a_miss_not_a_failed_check():
    answer = check("gb", "123m456p789s11sEE", {"total": 8}, table={"base": 2})
    assert answer["result"]["error"]["code"] == "unknown_key"
    assert [m["key"] for m in answer["misses"]] == ["error"]
