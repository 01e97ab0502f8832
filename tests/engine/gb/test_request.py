"""The JSON façade for rules gb / gb98: keys, values, errors, and the result's contract."""

import json

import pytest
from gb_helpers import error, score

from suanfan.api import handle, handle_json


def test_result_contract():
    result = score("[123m1]456p789s23s55s4s", self_drawn=True, seat_wind="S", prevalent_wind="W", flowers=1)
    for key in (
        "ok",
        "rules",
        "hand",
        "total",
        "points_without_flowers",
        "meets_minimum",
        "fans",
        "excluded",
        "reading",
        "other_readings",
        "situation",
        "profile",
        "variants",
        "corrections",
    ):
        assert key in result
    for fan in result["fans"]:
        assert {"key", "zh", "en", "points", "count", "melds"} <= set(fan)
    for e in result["excluded"]:
        assert {"key", "zh", "en", "by", "principle", "reason"} <= set(e)
    assert result["reading"]["shape"] == "standard" and len(result["reading"]["melds"]) == 5
    assert result["situation"] == {
        "self_drawn": True,
        "last_copy": False,
        "kong": False,
        "last_of_wall": False,
        "seat_wind": "S",
        "prevalent_wind": "W",
        "flowers": 1,
    }
    assert result["hand"] == "[123m1]456p2355789s4s"


def test_total_is_the_sum_of_fans():
    result = score("CCCFFFPPP111m55p", flowers=2)
    assert result["total"] == sum(f["points"] * f["count"] for f in result["fans"])


def test_flat_dict_with_permalink_values():
    result = handle({"hand": "123m456p789s23s55s4s", "rules": "gb", "self_drawn": 1, "last_copy": 0})
    assert result["ok"] and result["situation"]["self_drawn"] is True


def test_json_round_trip():
    text = handle_json(json.dumps({"hand": "19m19p19sESWNCFPP", "rules": "gb98"}))
    assert json.loads(text)["fans"][0]["key"] == "thirteen_orphans"


@pytest.mark.parametrize(
    "request_, code",
    [
        pytest.param({"hand": "123m456p789s23s55s4s", "rules": "gb98", "self_drawm": True}, "unknown_key", id="typo"),
        pytest.param({"hand": "123m456p789s23s55s4s", "rules": "gb98", "seat_wind": "X"}, "bad_value", id="wind"),
        pytest.param({"hand": "123m456p789s23s55s4s", "rules": "gb98", "flowers": 9}, "bad_value", id="flowers"),
        pytest.param({"hand": "123m456p789s23s55s4s", "rules": "gb98", "action": "nope"}, "bad_value", id="action"),
        pytest.param({"hand": "123m456p789s23s55s4s", "rules": "gb98", "variants": []}, "bad_value", id="variants"),
        pytest.param({"hand": "123m456p789s23s56s4s", "rules": "gb98"}, "not_a_win_gb", id="not-a-win"),
        pytest.param({"hand": "123m456p789s23s55s", "rules": "gb98"}, "too_few_tiles", id="thirteen-to-score"),
        pytest.param({"rules": "gb98"}, "empty_hand", id="no-hand"),
    ],
)
def test_errors(request_, code):
    assert error(request_)["code"] == code


@pytest.mark.parametrize(
    "text, canonical",
    [
        pytest.param("123m456p789s23s55s4s", "123m456p2355789s4s", id="plain"),
        pytest.param("123m 456p 789s 23s 55s 4s", "123m456p2355789s4s", id="spaces"),
        pytest.param("123m456p789s234s东东", "123m456p234789sEE", id="chinese-honors"),
        pytest.param("123m456p789s234s11z", "123m456p234789sEE", id="z-suffix"),
        pytest.param("[5555p5]123m789s234sEE", "[5555p5]123m234789sEE", id="added-kong"),
        pytest.param("[SSSS]123m789s234sEE", "[SSSS]123m234789sEE", id="concealed-kong"),
        pytest.param("[567m,2]123m789s234sEE", "[567m2]123m234789sEE", id="comma-digit"),
    ],
)
def test_notation(text, canonical):
    assert score(text)["hand"] == canonical


def test_added_kong_is_a_melded_kong():
    fans = {f["key"] for f in score("[5555p5]123m789s234sEE")["fans"]}
    assert "melded_kong" in fans and "concealed_hand" not in fans


def test_notation_errors_carry_position():
    err = error({"hand": "123m456x", "rules": "gb98"})
    assert err["code"] == "unknown_char" and err["position"] == 7


@pytest.mark.parametrize(
    "text, code",
    [
        pytest.param("1111m123p456s789s1m", "too_many_copies", id="five-copies"),
        pytest.param("[124m]456p789s234sEE", "bad_meld", id="not-a-set"),
        pytest.param("[123m4]456p789s234sEE", "bad_meld_digit", id="chow-digit"),
        pytest.param("[123m[456p]]789s234sEE", "nested_meld", id="nested"),
        pytest.param("123m456p789s234sE", "too_few_tiles", id="thirteen"),
        pytest.param("8z123m456p789s23sEE", "honor_suit_range", id="z-range"),
    ],
)
def test_notation_errors(text, code):
    assert error({"hand": text, "rules": "gb98"})["code"] == code
