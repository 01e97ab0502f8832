"""Every result comes in one envelope, whatever the rule set, so one renderer draws them all: rules, unit, total,
items (what was counted, each with its groups), excluded (each with its reason), steps (the trace, each step's
parts drawn alike), notes, and payments where the rule set has them. The old keys stay beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from suanfan.api import handle
from suanfan.notation import parse_group

ROOT = Path(__file__).resolve().parents[2]


def fixture_requests() -> list:
    out = []
    for line in (ROOT / "tests" / "fixtures" / "requests.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            continue  # the fixture keeps bad JSON lines on purpose (the parity test feeds them to the engine)
    return out


REQUESTS = fixture_requests()
SCORED = [r for r in REQUESTS if isinstance(r, dict) and handle(r)["ok"] and r.get("action", "score") == "score"]
STEP_PARTS = {"key", "zh", "en", "text", "groups", "checks", "rows", "chain", "value"}


def test_the_fixture_has_both_rule_families():
    assert {r.get("rules", "jiujiang") for r in SCORED} >= {"jiujiang", "gb", "gb98"}


@pytest.mark.parametrize("request_", SCORED, ids=[f"{r.get('rules', 'jiujiang')}-{r['hand']}" for r in SCORED])
def test_envelope(request_):
    result = handle(request_)
    assert result["rules"] == request_.get("rules", "jiujiang")
    assert result["unit"]["zh"] and result["unit"]["en"]
    assert isinstance(result["total"], int)
    for item in result["items"]:
        assert (
            item["zh"]
            and item["en"]
            and isinstance(item["value"], int)
            and item["total"] == item["value"] * item["count"]
        )
        for group in item["groups"]:
            tiles, melded = parse_group(group["text"])
            assert group["tiles"] and len(tiles) == len(group["tiles"]) and melded == group["melded"], group
    for x in result["excluded"]:
        assert x["reason"]["zh"] and x["reason"]["en"] and isinstance(x["value"], int)
    assert all(n["zh"] and n["en"] for n in result["notes"])
    for step in result["steps"]:
        assert step["zh"] and step["en"]
        # The renderer draws a step from these parts only (the rule sets' own keys stay beside them).
        drawn = {k for k in step if k in STEP_PARTS}
        assert drawn - {"key", "zh", "en"}, step["key"]
        for group in step.get("groups", []):
            assert group["label"]["zh"] and group["label"]["en"] and group["tiles"]
        for row in step.get("rows", []):
            assert row["status"] in ("counted", "not_added", "excluded")
        if "text" in step:
            assert step["text"]["zh"] and step["text"]["en"] and step["text"].get("tone", "ok") in ("ok", "warn", "bad")


def test_the_envelope_adds_up():
    for request in SCORED:
        result = handle(request)
        counted = sum(item["total"] for item in result["items"])
        if result["rules"] == "jiujiang":
            assert result["items"][0]["key"] == result["pattern"]["key"]
            assert result["steps"][-1]["value"] == result["total"]
            assert "payments" in result
        else:
            assert counted == result["total"], request
            assert result["steps"][3]["value"] == result["total"]
            assert "payments" not in result


def test_jiujiang_lists_the_lower_patterns_as_excluded():
    result = handle({"hand": "111m444m777mEEESS"})  # 碰碰胡 and 混一色: only 混一色 counts
    assert [i["key"] for i in result["items"]] == ["hun_yi_se"]
    assert [x["key"] for x in result["excluded"]] == ["peng_peng_hu"]
    assert result["excluded"][0]["by"] == "hun_yi_se"
    rows = result["steps"][1]["rows"]
    assert [(r["key"], r["status"]) for r in rows] == [("hun_yi_se", "counted"), ("peng_peng_hu", "not_added")]


def test_a_concealed_kong_is_not_called_melded():
    for rules in ("jiujiang", "gb"):
        result = handle({"hand": "[EEEE]123m456p789s11s", "rules": rules})
        group = next(g for g in result["steps"][0]["groups"] if g["kind"] == "kong")
        assert group["concealed_kong"] and group["text"] == "[EEEE]"
        assert group["label"] == {"zh": "杠 · 暗杠", "en": "kong, concealed kong", "zh_hant": "槓 · 暗槓"}
        assert "副露" not in group["label"]["zh"]
    melded = handle({"hand": "[EEEE1]123m456p789s11s"})["steps"][0]["groups"][0]
    assert melded["melded"] and not melded["concealed_kong"] and melded["label"]["zh"] == "杠 · 副露"


def test_guobiao_steps_trace_the_count():
    result = handle({"hand": "[123m1]456m789m11sEEE", "rules": "gb98", "self_drawn": True})
    shape, fans, excluded, total, minimum = result["steps"]
    assert [g["text"] for g in shape["groups"]] == ["[123m1]", "456m", "789m", "EEE", "11s"]
    assert [r["key"] for r in fans["rows"]] == [f["key"] for f in result["fans"]]
    assert {r["key"] for r in excluded["rows"]} == {x["key"] for x in result["excluded"]}
    assert all(r["note"] == x["reason"] for r, x in zip(excluded["rows"], result["excluded"]))
    assert total["text"]["zh"].startswith("清龙 16 + ") and total["text"]["zh"].endswith("= 22")
    assert minimum["checks"][0]["passed"] and minimum["text"]["tone"] == "ok"
    low = handle({"hand": "[123m1]345m22p234s678s", "rules": "gb98"})
    assert not low["steps"][4]["checks"][0]["passed"] and low["steps"][4]["text"]["tone"] == "bad"


def test_corrections_are_notes():
    result = handle({"hand": "[999s1]123m456m78sEE9s", "rules": "gb"})  # the fourth 9s: 和绝张 is forced
    assert [c["key"] for c in result["corrections"]] == ["last_copy_forced"]
    assert result["notes"] == result["corrections"]


def test_waits_envelope():
    for rules in ("jiujiang", "gb"):
        result = handle(
            {"hand": "1112345678999m" if rules == "gb" else "[5555p1]222m77799sEE", "rules": rules, "action": "waits"}
        )
        assert result["action"] == "waits" and result["unit"]["en"]
        for wait in result["waits"]:
            assert wait["tile"] and isinstance(wait["total"], int)
            assert all(i["zh"] and isinstance(i["value"], int) for i in wait["items"])
