"""Fuzzing the engine's one door (`handle`, `handle_json`) with generated notation and requests
(tests/hostile_strategies.py): nothing escapes but typed errors, and an answer depends on its request alone.

The default run draws a few thousand examples (about a minute); the run marked `long` draws over 100,000
(`python3 build.py test -m long tests/engine/test_fuzz.py`, run by .ci/run; docs/security.md, "Hostile input").
"""

from __future__ import annotations

import copy
import json

import pytest
from hostile_strategies import OTHER_REQUESTS, notation_texts, requests
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from suanfan.api import MAX_JSON_DEPTH, dumps, handle, handle_json, json_nested_deeper_than
from suanfan.errors import MESSAGES

# Examples per property: the default run, and the long run (together over 100,000).
DEFAULT = {"notation": 1500, "requests": 1500, "json": 600}
LONG = {"notation": 40_000, "requests": 45_000, "json": 15_000}


def fuzz_settings(examples: int):
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def assert_answer(request, result: dict) -> None:
    """What every answer must be: ok, or a typed error with a known code, both messages, and a position that
    points into the hand it is about."""
    assert isinstance(result, dict) and isinstance(result.get("ok"), bool), result
    text = dumps(result)
    text.encode("utf-8")  # valid UTF-8, always
    assert json.loads(text) == result, "the answer is plain JSON data"
    if result["ok"]:
        return
    error = result["error"]
    assert error["code"] in MESSAGES and error["code"] != "internal_error", error
    for language in ("zh", "en"):
        message = error["message"][language]
        assert isinstance(message, str) and message.strip() and len(message) < 600, error
    position = error["position"]
    if position is not None:
        assert isinstance(hand_of(request), str) and 0 <= position < len(hand_of(request)), (position, request)


def hand_of(request):
    """The hand an error's position points into: the request's own, or the hand of a deal question."""
    if not isinstance(request, dict):
        return None
    if "hand" in request:
        return request["hand"]
    deal = request.get("deal")
    return deal.get("hand") if isinstance(deal, dict) else None


def the_same_every_time(request, other) -> dict:
    """handle(request) twice, and once more after another request: the three answers are one. The request is
    left as it was."""
    before = copy.deepcopy(request)
    first = handle(request)
    assert request == before, "handle changed its request"
    assert handle(request) == first
    handle(other)
    assert handle(request) == first, "the answer depends on the request before it"
    return first


def check_notation(text: str, rules: str, action: str) -> None:
    request = {"hand": text, "rules": rules, "action": action}
    assert_answer(request, the_same_every_time(request, {"hand": "123m456p789s234sEE"}))


def check_request(request, other) -> None:
    assert_answer(request, the_same_every_time(request, other))


def check_json(request) -> None:
    """handle_json is handle behind JSON: the same answer as handle of the request JSON gives back. Text nested
    past MAX_JSON_DEPTH is refused before it is parsed, so its too_deep names the text's opening, not a key path."""
    try:
        text = json.dumps(request, ensure_ascii=False)
    except (ValueError, RecursionError):
        assume(False)  # over 4,300 digits or 1,500 deep: no JSON text holds it (test_hostile_input sends those)
    answer = handle_json(text)
    answer.encode("utf-8")
    direct = handle(json.loads(text))
    error = json.loads(answer).get("error", {})
    if error.get("key") == text[:20] + "…":  # refused unparsed
        assert json_nested_deeper_than(text, MAX_JSON_DEPTH)
        assert error["code"] == direct["error"]["code"] == "too_deep"
    else:
        assert answer == dumps(direct)
    assert_answer(json.loads(text), json.loads(answer))


RULES_AND_ACTION = st.tuples(st.sampled_from(["jiujiang", "gb", "gb98"]), st.sampled_from(["score", "waits"]))


@fuzz_settings(DEFAULT["notation"])
@given(notation_texts(), RULES_AND_ACTION)
def test_any_notation_gets_an_answer(text, rules_action):
    check_notation(text, *rules_action)


@fuzz_settings(DEFAULT["requests"])
@given(requests(), OTHER_REQUESTS)
def test_any_request_gets_an_answer_and_always_the_same(request, other):
    check_request(request, other)


@fuzz_settings(DEFAULT["json"])
@given(requests(questions=False))
def test_handle_json_round_trips(request):
    check_json(request)


@pytest.mark.long
@fuzz_settings(LONG["notation"])
@given(notation_texts(), RULES_AND_ACTION)
def test_long_any_notation_gets_an_answer(text, rules_action):
    check_notation(text, *rules_action)


@pytest.mark.long
@fuzz_settings(LONG["requests"])
@given(requests(), OTHER_REQUESTS)
def test_long_any_request_gets_an_answer_and_always_the_same(request, other):
    check_request(request, other)


@pytest.mark.long
@fuzz_settings(LONG["json"])
@given(requests(questions=False))
def test_long_handle_json_round_trips(request):
    check_json(request)
