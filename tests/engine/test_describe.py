"""Every rule set describes itself (`handle({"action": "describe"})`), and the description tells the truth: each
field it lists is read by the engine with exactly that default, range and choices, and each field the engine
reads is listed. The calculator, the lesson cards and the CLI are built from these descriptions."""

from __future__ import annotations

import pytest

from suanfan.api import handle
from suanfan.rulesets import RULESETS

HANDS = {"jiujiang": "123m456p789s234sEE", "gb": "[123m1]456m789m11sEEE", "gb98": "[123m1]456m789m11sEEE"}


def describe(rules: str) -> dict:
    result = handle({"action": "describe", "rules": rules})
    assert result["ok"], result
    return result


def request_with(rules: str, key: str, value) -> dict:
    request = {"hand": HANDS[rules], "rules": rules}
    if "." in key:
        section, own = key.split(".", 1)
        request[section] = {own: value}
    else:
        request[key] = value
    return request


@pytest.mark.parametrize("rules", list(HANDS))
def test_description_has_every_part(rules):
    d = describe(rules)
    assert d["rules"] == rules and d["action"] == "describe"
    assert d["name"]["zh"] and d["name"]["en"] and d["unit"]["zh"] and d["unit"]["en"]
    assert [r["key"] for r in d["rulesets"]] == list(RULESETS)
    assert {"total", "items", "excluded", "steps", "notes"} <= set(d["result"]["parts"])
    assert all(s["zh"] and s["en"] for s in d["result"]["steps"])
    labels = d["labels"]
    assert len(labels["tiles"]) >= 34 and labels["tiles"]["3m"] == {
        "zh": "三万",
        "en": "Three of Characters",
        "zh_hant": "三萬",
    }
    assert set(labels["groups"]) >= {"chow", "pung", "kong", "pair"}
    assert set(labels["melds"]) == {"chow", "pung", "kong", "concealed_kong", "added_kong"}
    for field in d["fields"]:
        assert field["label"]["zh"] and field["label"]["en"], field
        assert field["type"] in ("bool", "int", "choice"), field
        if field["section"]:
            assert field["key"].startswith(field["section"] + ".")
            assert field["section"] in {s["key"] for s in d["sections"]}


def test_items_are_the_patterns_and_the_fans():
    assert [i["key"] for i in describe("jiujiang")["labels"]["items"]] == [
        "ping_hu",
        "peng_peng_hu",
        "hun_yi_se",
        "qi_dui",
        "qing_yi_se",
        "hao_hua_qi_dui",
    ]
    gb = describe("gb")["labels"]["items"]
    assert len(gb) == 82 and gb[-1]["key"] == "flower_tiles"
    by_key = {i["key"]: i for i in gb}
    assert by_key["two_concealed_kongs"]["value"] == 8
    assert {i["key"]: i for i in describe("gb98")["labels"]["items"]}["two_concealed_kongs"]["value"] == 6


def test_the_steps_described_are_the_steps_a_result_gives():
    for rules, hand in HANDS.items():
        result = handle({"hand": hand, "rules": rules, "self_drawn": True})
        assert [s["key"] for s in result["steps"]] == [s["key"] for s in describe(rules)["result"]["steps"]]


@pytest.mark.parametrize("rules", list(HANDS))
def test_each_field_is_read_as_described(rules):
    """Its default is what a request without it gets; each choice, both ends of a range and null where allowed
    are accepted; a value outside is a bad_value error naming the key."""
    fields = describe(rules)["fields"]
    for field in fields:
        key = field["key"]
        if key == "action":
            continue  # waits need a 13-tile hand: tested below
        accepted, refused = [], ["nonsense", 2.5]
        if field["type"] == "bool":
            accepted = [True, False, 0, 1]
            refused += [2, "true"]
        elif field["type"] == "int":
            accepted = [field["min"], field["max"]] + ([None] if field["nullable"] else [])
            refused += [field["min"] - 1, field["max"] + 1, True] + ([] if field["nullable"] else [None])
        else:
            accepted = [c["value"] for c in field["choices"]]
            refused += [float(v) for v in accepted if isinstance(v, int) and not isinstance(v, bool)]
        for value in accepted:
            result = handle(request_with(rules, key, value))
            assert result["ok"] or result["error"]["code"] not in ("bad_value", "unknown_key"), (key, value, result)
        for value in refused:
            result = handle(request_with(rules, key, value))
            assert not result["ok"] and result["error"]["code"] == "bad_value", (key, value, result)
            assert result["error"]["key"] == key


def test_defaults_are_what_the_engine_uses():
    table = {f["key"].split(".")[1]: f["default"] for f in describe("jiujiang")["fields"] if f["section"] == "table"}
    assert handle({"hand": HANDS["jiujiang"]})["table"] == table
    for profile in ("gb", "gb98"):
        variants = {
            f["key"].split(".")[1]: f["default"] for f in describe(profile)["fields"] if f["section"] == "variants"
        }
        assert handle({"hand": HANDS[profile], "rules": profile})["variants"] == variants


@pytest.mark.parametrize("rules", list(HANDS))
def test_every_key_the_engine_reads_is_described(rules):
    described = {f["key"].split(".")[0] for f in describe(rules)["fields"]} | {"hand", "rules"}
    assert not handle({**request_with(rules, "self_drawn", True), "not_a_key": 1})["ok"]
    for key in described:
        result = handle({"hand": HANDS[rules], "rules": rules, key: {} if key in ("table", "variants") else None})
        assert not (not result["ok"] and result["error"]["code"] == "unknown_key"), (key, result)


def test_switch_choices_carry_their_sources():
    for field in describe("gb")["fields"]:
        if field["section"] == "variants":
            assert all(c["source"]["zh"] and c["source"]["en"] for c in field["choices"]), field


def test_describe_takes_nothing_but_rules():
    assert handle({"action": "describe", "rules": "gb", "hand": "1m"})["error"]["code"] == "unknown_key"
    assert handle({"action": "describe", "rules": "nope"})["error"]["code"] == "unknown_rules"
    assert handle({"action": "describe"})["rules"] == "jiujiang"


def test_waits_and_hand_reading_are_actions_of_both_rule_sets():
    for rules in HANDS:
        choices = next(f for f in describe(rules)["fields"] if f["key"] == "action")["choices"]
        assert [c["value"] for c in choices] == ["score", "waits", "analyse"]
    result = handle({"hand": "[5555p1]222m77799sEE", "action": "waits"})
    assert result["ok"] and result["action"] == "waits"
    assert [w["tile"] for w in result["waits"]] == ["9s", "E"]
    assert all(w["total"] == 2 and w["pattern"]["key"] == "peng_peng_hu" for w in result["waits"])
