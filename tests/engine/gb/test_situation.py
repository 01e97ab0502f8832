"""The situation: win flags, winds, flowers; contradictions are errors, forced facts stated corrections."""

import pytest
from gb_helpers import counted, error, score

from suanfan.api import handle


@pytest.mark.parametrize(
    "situation, present, absent",
    [
        pytest.param({}, {"concealed_hand"}, {"self_drawn", "fully_concealed_hand"}, id="discard-closed"),
        pytest.param(
            {"self_drawn": True}, {"fully_concealed_hand"}, {"self_drawn", "concealed_hand"}, id="self-drawn-closed"
        ),
        pytest.param(
            {"self_drawn": True, "last_of_wall": True},
            {"last_tile_draw", "fully_concealed_hand"},
            {"last_tile_claim"},
            id="last-tile-draw",
        ),
        pytest.param({"last_of_wall": True}, {"last_tile_claim"}, {"last_tile_draw"}, id="last-tile-claim"),
        pytest.param({"last_copy": True}, {"last_tile"}, set(), id="last-copy"),
    ],
)
def test_win_flags(situation, present, absent):
    fans = counted(score("123m456p789s23s55s4s", **situation))
    assert present <= set(fans) and not absent & set(fans)


def test_kong_bloom_and_robbing():
    assert "out_with_replacement_tile" in counted(score("[1111m]456p789s23s55s4s", self_drawn=True, kong=True))
    fans = counted(score("[1111m]456p789s23s55s4s", kong=True, last_copy=True))
    assert "robbing_the_kong" in fans and "last_tile" not in fans  # 抢杠和 不计和绝张


def test_self_drawn_with_melds_is_self_drawn_only():
    fans = counted(score("[123m]456p789s23s55s4s", self_drawn=True))
    assert "self_drawn" in fans and "fully_concealed_hand" not in fans


def test_winds():
    fans = counted(score("EEE123m456p789s55s", seat_wind="E", prevalent_wind="E"))
    assert fans["prevalent_wind"] == 1 and fans["seat_wind"] == 1 and "pung_of_terminals_or_honors" not in fans
    fans = counted(score("EEE123m456p789s55s", seat_wind="S", prevalent_wind="S"))
    assert fans["pung_of_terminals_or_honors"] == 1 and "prevalent_wind" not in fans


@pytest.mark.parametrize(
    "hand, situation, words",
    [
        pytest.param("123m456p789s23s55s4s", {"self_drawn": True, "kong": True}, "kong", id="bloom-without-kong"),
        pytest.param("[1111m]456p789s234sEE", {"kong": True}, "robbing", id="robbing-a-held-tile"),
        pytest.param("[1111m]456p789s23s44s4s", {"kong": True}, "robbing", id="robbing-tile-in-hand"),
        pytest.param("123m456p789s234sEE", {"last_copy": True}, "last tile", id="last-copy-still-held"),
        pytest.param(
            "123m456m789m55p12p3p",
            {"kong": True, "last_of_wall": True},
            "no kong can be made",
            id="robbing-on-the-last-tile",
        ),
    ],
)
def test_contradictions_are_errors(hand, situation, words):
    err = error({"hand": hand, "rules": "gb98", **situation})
    assert err["code"] == "contradiction"
    assert words in err["message"]["en"].lower() and err["message"]["zh"]


def test_forced_last_copy_is_a_stated_correction():
    # three 1m are in the melds, so the 1m won on is the last one: 和绝张 is added, and the result says so
    result = score("[123m1][123m1][123m1]23m55p1m")
    assert "last_tile" in counted(result)
    assert result["corrections"][0]["key"] == "last_copy_forced"
    assert result["situation"]["last_copy"] is True


def test_flowers_are_echoed_and_counted():
    result = score("123m456p789s23s55s4s", flowers=8)
    assert result["situation"]["flowers"] == 8 and result["total"] == result["points_without_flowers"] + 8


def test_robbing_on_the_last_tile_is_dropped_from_a_waiting_hand_with_the_note():
    """A waits request drops what a contradiction concerns, saying so: there 海底捞月 goes (issue 22, item 10)."""
    result = handle(
        {"action": "waits", "hand": "123m456m789m55p12p", "rules": "gb", "kong": True, "last_of_wall": True}
    )
    assert result["ok"], result
    notes = [c["key"] for w in result["waits"] for c in w.get("corrections", [])] + [
        c["key"] for c in result.get("corrections", [])
    ]
    assert "robbing_on_last_tile" in notes, result
