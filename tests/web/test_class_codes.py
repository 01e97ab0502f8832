"""A class set's link and a student's result code (static/js/class-set.js, result-code.js, run in Node on the built
site): a set reads back whole and asks the engine what practice would; a code reads back whole; a code mistyped, cut
short, of another set or of another length is refused with its error code, in both languages."""

from __future__ import annotations

import pytest
from nodekit import run_check

from suanfan.api import handle


@pytest.fixture(scope="module")
def outcome(built_dist) -> dict:
    return run_check("class_check.mjs", built_dist, runs="static/js/class-set.js")


def test_a_set_reads_back_whole_and_asks_what_practice_would(outcome):
    s = outcome["set"]
    assert (s["title"], s["code"], s["limit"], s["rules"]) == ("第三周 Week 3", "W3", 45, "gb")
    assert len(s["questions"]) == 10 and s["questions"][1] == {"kind": "fans", "topic": "dragon_pung", "seed": 8919}
    assert outcome["report"] == "1"
    assert outcome["request"] == {
        "action": "question",
        "rules": "gb",
        "kind": "points",
        "topic": "mixed",
        "seed": 1000,
        "variants": {"two_concealed_kongs": 8},
    }
    assert s["questions"][9] == {"kind": "fans", "deal": {"hand": "123m456p789s123sEE", "self_drawn": True}, "seed": 3}
    for request in (outcome["request"], outcome["dealRequest"]):  # the engine takes both as they are
        assert handle(request)["ok"], request


def test_ten_generated_questions_fit_a_version_10_qr_code(outcome):
    # the whole link on a host with a path, at error correction L (qr.js's projected code)
    assert outcome["qrVersion"] <= 10, outcome["generated"]


def test_the_set_id_is_the_sets_own(outcome):
    assert outcome["id"] == outcome["sameId"] != outcome["otherId"]
    assert len(outcome["id"]) == 7


def test_a_code_reads_back_whole(outcome):
    assert outcome["code"].startswith(f"SF1.{outcome['id']}.")
    assert outcome["decoded"] == {
        "result": {
            "name": "李雷 seat 7",
            "answers": [11, 8, None, 24, 9, 16, 8, 8, 12, ["all_chows", "mixed_double_chow"]],
            "seconds": [12, 30, 45, 8, 9, 10, 20, 15, 3, 41],
        }
    }


def test_a_bad_code_is_refused_with_its_reason(outcome):
    assert outcome["mistyped"] == ["result_checksum"] * 3
    assert outcome["cut"] == "result_checksum"
    assert outcome["otherSet"] == "result_other_set"
    assert outcome["wrongCount"] == "result_damaged"
    problem = outcome["notACode"]
    assert problem["code"] == "result_format" and "SF1." in problem["zh"] and "SF1." in problem["en"]


@pytest.mark.parametrize("case", ["damagedSet", "newer"])
def test_a_bad_set_link_says_why(outcome, case):
    problem = outcome[case]
    assert problem["zh"] and problem["en"] and "题组" in problem["zh"] and "set" in problem["en"]
