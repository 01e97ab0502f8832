"""The browser checks an exercise's goal with web/static/js/lesson-goals.js; the build checks every `expect`
with check_expectation in web/course/expectations.py. Both must give the same mismatches for the same expectation and
the same engine result: here both run on one set of cases (real 九江 results, and gb-shaped results)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from lessonkit import ROOT

from suanfan.api import handle
from web.course.expectations import EXPECT_KEYS, check_expectation
from web.course.files import load_courses

NODE = shutil.which("node")

JIUJIANG = [
    ("123m456p789s234sEE", {}, {"pattern": "ping_hu"}),
    ("123m456p789s234sEE", {}, {"pattern": "peng_peng_hu", "total": 2}),
    ("111m444m777mEEESS", {}, {"patterns": ["peng_peng_hu", "hun_yi_se"], "total": 3}),
    ("111m444m777mEEESS", {}, {"patterns": ["qing_yi_se", "hun_yi_se"]}),
    ("111m444m777mEEESS", {}, {"not_patterns": ["ping_hu", "peng_peng_hu"]}),
    ("123456789p234p55p", {"self_drawn": True, "dealer": True}, {"capped": True, "total": 16}),
    ("123456789p234p55p", {"self_drawn": True}, {"capped": True}),
    ("111m555p777s999sEE", {"self_drawn": True, "dealer": True}, {"total": 8}),
    ("123m456p789s235sEE", {}, {"pattern": "ping_hu"}),
    ("123m456p789s235sEE", {}, {"error": "not_a_win"}),
    ("123m456p789s235sEE", {}, {"error": "table_requirement"}),
    ("123m456p789s234sEE", {}, {"error": "not_a_win"}),
    ("1111m3355p7799sEE", {"table": {"quad_as_pairs": False}}, {"error": "not_a_win"}),
    ("1111m3355p7799sEE", {}, {"pattern": "hao_hua_qi_dui", "patterns": ["qi_dui"], "not_patterns": ["qing_yi_se"]}),
]

GB_RESULT = {
    "ok": True,
    "rules": "gb",
    "total": 10,
    "meets_minimum": True,
    "fans": [
        {"key": "all_pungs", "zh": "碰碰和", "en": "All Pungs", "points": 6, "count": 1, "melds": []},
        {
            "key": "pung_of_terminals_or_honors",
            "zh": "幺九刻",
            "en": "Pung of Terminals or Honors",
            "points": 1,
            "count": 2,
            "melds": [],
        },
        {
            "key": "pung_of_terminals_or_honors",
            "zh": "幺九刻",
            "en": "Pung of Terminals or Honors",
            "points": 1,
            "count": 2,
            "melds": [],
        },
    ],
    "excluded": [{"key": "all_types", "zh": "五门齐", "en": "All Types"}],
}
GB = [
    (GB_RESULT, {"fans": ["all_pungs"], "total": 10}),
    (GB_RESULT, {"fans": ["all_pungs", "mixed_shifted_pungs"]}),
    (GB_RESULT, {"not_fans": ["all_types", "pung_of_terminals_or_honors"]}),
    (GB_RESULT, {"excluded": ["all_types"], "meets_minimum": True}),
    (GB_RESULT, {"excluded": ["all_pungs"], "meets_minimum": False}),
    (
        {**GB_RESULT, "meets_minimum": False, "total": 5, "fans": [], "excluded": []},
        {"meets_minimum": False, "fans": ["all_pungs"]},
    ),
    (
        {"ok": False, "error": {"code": "not_a_win_gb", "message": {"zh": "不能胡", "en": "not a win"}}},
        {"fans": ["all_pungs"]},
    ),
]


def cases() -> list[dict]:
    out = []
    for hand, request, expect in JIUJIANG:
        result = json.loads(json.dumps(handle({"hand": hand, "rules": "jiujiang", **request})))
        out.append({"expect": expect, "result": result})
    out += [{"expect": expect, "result": result} for result, expect in GB]
    return out


def test_the_cases_cover_passes_and_every_kind_of_mismatch():
    found = [check_expectation(c["expect"], c["result"]) for c in cases()]
    assert any(not f for f in found) and any(f for f in found)
    keys = {m["key"] for f in found for m in f}
    assert keys == set(EXPECT_KEYS)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_browser_goal_check_agrees_with_the_build(tmp_path):
    every = cases()
    (tmp_path / "cases.json").write_text(json.dumps(every, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run(
        [NODE, ROOT / "tests" / "lessons" / "goal_check.mjs", tmp_path / "cases.json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    from_js = json.loads(run.stdout)
    from_python = [check_expectation(c["expect"], c["result"]) for c in every]
    for case, js, py in zip(every, from_js, from_python):
        assert js == py, f"expect {case['expect']}: JS says {js}, Python says {py}"


def test_every_exercise_goal_uses_only_keys_the_browser_checks():
    for course in load_courses(ROOT / "lessons"):
        for lesson in course.lessons:
            if lesson.exercise:
                assert set(lesson.exercise.goal) <= set(EXPECT_KEYS) - {"error"}, lesson.path.name
