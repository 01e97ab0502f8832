"""What issue 11 found hostile input doing to the engine, each held here: typed errors only, short and valid
UTF-8 messages, absurd input refused before it is read, and no answer that depends on an earlier request."""

from __future__ import annotations

import json
import random
import sys

import pytest
from hostile_strategies import DESCRIPTIONS, FIXTURE_LINES

from suanfan import api
from suanfan.api import MAX_REQUEST_CHARS, dumps, handle, handle_json
from suanfan.errors import DETAIL_CHARS, EXCERPT_CHARS, MESSAGES, SuanfanError, excerpt
from suanfan.request import MAX_HAND_CHARS, get_int
from suanfan.rulesets import RULESETS

WIN = {"jiujiang": "[5555p1]222m777s99sEE9s", "gb": "[SSSS][EEEE]123m456p9s9s", "gb98": "[SSSS][EEEE]123m456p9s9s"}


def deep_list(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int, key: str = "x"):
    value: dict = {}
    for _ in range(depth):
        value = {key: value}
    return value


def error_of(result: dict) -> dict:
    assert result["ok"] is False, result
    error = result["error"]
    assert error["code"] in MESSAGES and error["code"] != "internal_error", error
    assert error["message"]["zh"] and error["message"]["en"]
    return error


def fields_of(rules: str) -> list[dict]:
    return [f for f in DESCRIPTIONS[rules]["fields"] if f["key"] != "action"]


def with_field(rules: str, field: dict, value) -> dict:
    request = {"rules": rules, "hand": WIN[rules]}
    if field["section"]:
        request[field["section"]] = {field["key"].split(".", 1)[1]: value}
    else:
        request[field["key"]] = value
    return request


# ---------------------------------------------------------------- JSON text: too deep, surrogates, UTF-8


def test_json_nested_past_the_parser_is_too_deep_not_a_recursion_error():
    for text in ("[" * 1497, "[" * 60_000, '{"hand":' * 5000, '{"a":[' * 3000):
        error = error_of(json.loads(handle_json(text)))
        assert error["code"] == "too_deep" and error["key"] == text[:20] + "…", error


def test_a_lone_surrogate_gets_a_typed_error_in_valid_utf8():
    answer = handle_json('{"hand":"\\ud800"}')
    answer.encode("utf-8")  # raises on a lone surrogate
    error = error_of(json.loads(answer))
    assert error["code"] == "unknown_char" and error["position"] == 0
    assert "\\ud800" in error["message"]["en"]


def test_dumps_is_valid_utf8_and_reads_back_the_same():
    result = {"ok": False, "text": "a\ud800b\udfff", "n": ["\udc80"]}
    text = dumps(result)
    text.encode("utf-8")
    assert json.loads(text) == result


# ---------------------------------------------------------------- values echoed briefly


@pytest.mark.parametrize("rules", sorted(WIN))
def test_integers_past_4300_digits_in_every_field_are_bad_values(rules):
    huge = 10**5000
    assert sys.get_int_max_str_digits() and len(str(10**4000)) == 4001
    for field in fields_of(rules):
        for value in (huge, -huge):
            error = error_of(handle(with_field(rules, field, value)))
            assert error["code"] == "bad_value" and error["key"] == field["key"], error
            assert len(error["value"]) <= EXCERPT_CHARS + 1 and "1e5000" in error["value"]


HUGE_PLACES = [
    # every place of every action a value can sit, one at a time: an action's keys, a settle row and its keys, a
    # question's deal, a diagnosis's question and given
    ({"action": "question", "rules": "jiujiang", "kind": "points", "topic": "ping_hu", "seed": 1}, ("kind",)),
    ({"action": "question", "rules": "jiujiang", "kind": "points", "topic": "ping_hu", "seed": 1}, ("topic",)),
    ({"action": "question", "rules": "gb", "focus": "fan:dragon_pung", "seed": 1}, ("focus",)),
    (
        {"action": "question", "rules": "gb", "kind": "points", "deal": {"hand": "123m456p789sEEESS"}, "seed": 1},
        ("deal", "hand"),
    ),
    (
        {"action": "question", "rules": "gb", "kind": "points", "deal": {"hand": "123m456p789sEEESS"}, "seed": 1},
        ("deal",),
    ),
    ({"action": "settle", "rules": "jiujiang", "rows": [{}]}, ("rows", 0)),
    (
        {"action": "settle", "rules": "jiujiang", "rows": [{"dealer": 0, "winner": 1, "discarder": 2, "hand": "x"}]},
        ("rows", 0, "hand"),
    ),
    (
        {"action": "settle", "rules": "gb", "rows": [{"dealer": 0, "winner": 1, "discarder": 2, "points": 8}]},
        ("rows", 0, "points"),
    ),
    ({"action": "settle", "rules": "gb", "rows": []}, ("rows",)),
    (
        {
            "action": "diagnose",
            "rules": "gb",
            "question": {"kind": "points", "topic": "dragon_pung", "seed": 1},
            "given": 3,
        },
        ("given",),
    ),
    (
        {
            "action": "diagnose",
            "rules": "gb",
            "question": {"kind": "points", "topic": "dragon_pung", "seed": 1},
            "given": 3,
        },
        ("question", "kind"),
    ),
    ({"action": "describe", "rules": "gb"}, ("rules",)),
    ({"action": "waits", "rules": "gb", "hand": "123m456p789sEEES"}, ("hand",)),
]


@pytest.mark.parametrize(
    "request_, path", HUGE_PLACES, ids=lambda v: ".".join(map(str, v)) if isinstance(v, tuple) else None
)
def test_an_integer_past_4300_digits_anywhere_is_a_typed_error(request_, path):
    """Python refuses to write such an integer out (str, repr): no error path may try."""
    request = json.loads(json.dumps(request_))
    node = request
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = 10**5000
    result = handle(request)
    errors = (
        [result["error"]] if not result.get("ok") else [row["error"] for row in result.get("rows", []) if not row["ok"]]
    )
    assert errors and all(e["code"] != "internal_error" for e in errors), result
    assert all(len(e["message"]["en"]) < 400 for e in errors)


def test_a_huge_seed_for_a_question_is_a_bad_value():
    error = error_of(
        handle({"action": "question", "rules": "gb", "kind": "name", "topic": "pure_double_chow", "seed": 10**5000})
    )
    assert error["code"] == "bad_value" and error["key"] == "seed"


def test_very_deep_values_are_typed_errors_with_short_messages():
    for value in (deep_list(100_000), deep_dict(100_000)):
        for rules in WIN:
            error = error_of(handle({"rules": rules, "hand": WIN[rules], "flowers": value}))
            assert error["code"] == "too_deep" and error["key"].startswith("flowers.")
            assert len(error["message"]["en"]) < 300
        error = error_of(handle({"rules": "gb", "hand": value}))
        assert error["code"] == "too_deep"


def test_a_reader_handed_a_deep_object_gives_a_bad_value_with_a_bounded_excerpt():
    """The strict readers stand on their own (the CLI and rule sets call them): a deep or huge value is a
    bad_value whose excerpt is short, never a RecursionError from repr."""
    for value in (deep_list(100_000), deep_dict(100_000), list(range(1_000_000)), "x" * 1_000_000, 10**9000):
        with pytest.raises(SuanfanError) as caught:
            get_int({"n": value}, "n", 0, 0, 8)
        error = caught.value.to_dict()
        assert error["code"] == "bad_value" and len(error["value"]) <= EXCERPT_CHARS + 1


def test_excerpt_is_short_and_says_plain_values_as_a_request_writes_them():
    assert excerpt(6.0) == "6.0" and excerpt(True) == "true" and excerpt("E") == "'E'" and excerpt(None) == "null"
    assert excerpt([1, {"a": 2}]) == "[1, {'a': 2}]"
    assert excerpt(deep_list(100_000)) == "[" * EXCERPT_CHARS + "…"
    assert excerpt(-(10**5000)) == "-~1e5000"
    assert excerpt("\ud800") == "'\\ud800'"
    assert len(excerpt({"k" * 10_000: ["v" * 10_000]})) == EXCERPT_CHARS + 1


def test_long_strings_in_any_message_are_cut():
    for request in (
        {"rules": "x" * 1_000_000},
        {"rules": "gb", "x" * 1_000_000: 1},
        {"action": "question", "rules": "gb", "kind": "k" * 1_000_000, "topic": "t", "seed": 1},
    ):
        error = error_of(handle(request))
        assert len(error["message"]["en"]) < 2 * DETAIL_CHARS, error["code"]


# ---------------------------------------------------------------- floats and bools are not whole numbers


@pytest.mark.parametrize("rules", sorted(WIN))
def test_floats_and_bools_are_refused_where_whole_numbers_or_numbered_choices_belong(rules):
    checked = 0
    for field in fields_of(rules):
        numbers = [c["value"] for c in field.get("choices", ()) if type(c["value"]) is int]
        if field["type"] == "int":
            numbers = [field["min"], field["default"]] if field["default"] is not None else [field["min"]]
        for number in numbers:
            for value in (float(number), bool(number) if number in (0, 1) else True):
                error = error_of(handle(with_field(rules, field, value)))
                assert error["code"] == "bad_value" and error["key"] == field["key"]
                checked += 1
    assert checked >= 4


def test_a_float_never_reaches_the_compiled_profile_cache():
    """6.0 was once taken for 6 and cached: a later request with 6 then echoed 6.0 (and the reverse)."""
    hand = "[SSSS][EEEE]123m456p9s9s"
    for first, second in ((6.0, 6), (6, 6.0)):
        api_first = handle({"rules": "gb", "hand": hand, "variants": {"two_concealed_kongs": first}})
        api_second = handle({"rules": "gb", "hand": hand, "variants": {"two_concealed_kongs": second}})
        for value, result in ((first, api_first), (second, api_second)):
            if isinstance(value, float):
                assert error_of(result)["code"] == "bad_value"
            else:
                assert result["ok"] and type(result["variants"]["two_concealed_kongs"]) is int
                assert result["variants"]["two_concealed_kongs"] == 6 and type(result["total"]) is int


def clear_caches() -> None:
    """Every functools cache in the engine, emptied: a fresh engine, as a new worker starts."""
    for name, module in list(sys.modules.items()):
        if name == "suanfan" or name.startswith("suanfan."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def corpus() -> list[str]:
    """The fixture's requests and varied ones: every field of every rule set at each allowed value and at wrong
    ones (floats, bools, strings), questions, waits, describe."""
    lines = list(FIXTURE_LINES)
    for rules in WIN:
        for field in fields_of(rules):
            values = [c["value"] for c in field.get("choices", ())]
            if field["type"] == "int":
                values = [field["min"], field["min"] + 1, float(field["min"]), True, str(field["min"])]
            elif field["type"] == "bool":
                values = [True, False, 1, 0, 1.0]
            values += [float(v) for v in values if type(v) is int]
            for value in values:
                lines.append(json.dumps(with_field(rules, field, value), ensure_ascii=False))
        lines.append(json.dumps({"rules": rules, "hand": WIN[rules][:-2], "action": "waits"}))
        lines.append(json.dumps({"rules": rules, "action": "describe"}))
    lines.append(json.dumps({"action": "question", "rules": "jiujiang", "kind": "points", "topic": "mixed", "seed": 5}))
    lines.append(
        json.dumps({"action": "question", "rules": "gb98", "kind": "name", "topic": "pure_double_chow", "seed": 3.0})
    )
    return lines


def test_no_answer_depends_on_an_earlier_request():
    lines = corpus()
    assert len(lines) > 200
    clear_caches()
    forward = [handle_json(line) for line in lines]
    clear_caches()
    backward = [handle_json(line) for line in reversed(lines)][::-1]
    shuffled_order = list(range(len(lines)))
    random.Random(11).shuffle(shuffled_order)
    shuffled = dict.fromkeys(shuffled_order)
    for i in shuffled_order:
        shuffled[i] = handle_json(lines[i])
    each_alone = []
    for line in lines[::7]:
        clear_caches()
        each_alone.append(handle_json(line))
    for i, line in enumerate(lines):
        assert forward[i] == backward[i] == shuffled[i], line
    assert each_alone == forward[::7]
    assert sum('"ok":true' in answer for answer in forward) > 50


# ---------------------------------------------------------------- absurd input refused early


def test_a_megabyte_hand_is_refused_with_its_limit_and_position():
    for hand in ("1m" * 500_000, "E" * 1_000_000, " " * 1_000_000):
        error = error_of(handle({"hand": hand}))
        assert error["code"] == "hand_too_long" and error["position"] == MAX_HAND_CHARS
        assert error["limit"] == MAX_HAND_CHARS and error["length"] == len(hand)
    error = error_of(json.loads(handle_json(json.dumps({"hand": "1m" * 500_000}))))
    assert error["code"] == "request_too_long" and error["limit"] == MAX_REQUEST_CHARS


def test_the_longest_hand_written_out_fits_under_the_limit():
    """Four kongs and a pair, every tile on its own with spaces between: a real hand, under the limit."""
    hand = "[1m 1m 1m 1m ,1] [2m 2m 2m 2m ,2] [3p 3p 3p 3p ,3] [4s 4s 4s 4s ,5] 5z 5z"
    assert len(hand) < 80 <= MAX_HAND_CHARS
    result = handle({"rules": "gb", "hand": hand})
    assert result["ok"], result
    error = error_of(handle({"rules": "gb", "hand": hand + " " * (MAX_HAND_CHARS + 1 - len(hand))}))
    assert error["code"] == "hand_too_long"


@pytest.mark.parametrize(
    "request_, key",
    [
        ({"rules": "jiujiang", "hand": WIN["jiujiang"], "table": {"base": {"x": 1}}}, "table.base.x"),
        (
            {"rules": "gb", "hand": WIN["gb"], "variants": {"two_concealed_kongs": [6]}},
            "variants.two_concealed_kongs.0",
        ),
        ({"rules": "gb98", "hand": WIN["gb98"], "self_drawn": {"a": {"b": 1}}}, "self_drawn.a.b"),
        ({"rules": "gb", "action": "describe", "x": [[1]]}, "x.0.0"),
    ],
)
def test_a_key_path_deeper_than_the_rule_sets_is_refused_first(request_, key):
    error = error_of(handle(request_))
    assert error["code"] == "too_deep" and error["key"] == key and error["limit"] == 2


def test_each_rule_set_knows_how_deep_its_keys_go():
    assert {key: RULESETS[key].key_depth for key in WIN} == {"jiujiang": 2, "gb": 2, "gb98": 2}
    # the depth is read from the rule set's fields without building its description: they list the same keys
    for key in WIN:
        ruleset = RULESETS[key]
        listed = [f"{f.section}.{f.key}" if f.section else f.key for f in ruleset.fields]
        assert listed == [f["key"] for f in ruleset.describe()["fields"]]
    # a shallow wrong value is still the field's own error, not a depth error
    error = error_of(handle({"rules": "gb", "hand": WIN["gb"], "self_drawn": {"a": 1}}))
    assert error["code"] == "bad_value" and error["key"] == "self_drawn"


def test_nothing_raises_out_of_handle_json_whatever_the_text():
    for text in (
        "",
        "null",
        "[]",
        "1e999999",
        "9" * 5000,
        '{"hand": 1e400}',
        "\ud800",
        "{" * 300 + "}" * 300,
        '{"rules":"gb","hand":"' + "\\ud800" * 10 + '"}',
        "x" * (MAX_REQUEST_CHARS + 1),
    ):
        answer = handle_json(text)
        answer.encode("utf-8")
        error_of(json.loads(answer))
    assert json.loads(handle_json(123))["error"]["code"] == "bad_request"
    assert api.read_json("{}") == {}
