"""Waits: every winning tile of a 13-tile hand with its fans, total and the minimum, under the same situation."""

from gb_helpers import error

from suanfan.api import handle


def waits(hand, **kw):
    result = handle({"hand": hand, "rules": "gb98", "action": "waits", **kw})
    assert result["ok"], result
    return result


def test_two_sided_wait():
    result = waits("123m456p789s23s55s")
    assert result["tenpai"]
    assert [w["tile"] for w in result["waits"]] == ["1s", "4s"]
    for w in result["waits"]:
        assert w["tile_zh"].endswith("条") and isinstance(w["total"], int)
        assert w["meets_minimum"] == (w["points_without_flowers"] >= 8)


def test_nine_gates_waits_on_nine_tiles():
    result = waits("1112345678999m")
    assert [w["tile"] for w in result["waits"]] == [f"{n}m" for n in range(1, 10)]
    assert all(any(f["key"] == "nine_gates" for f in w["fans"]) for w in result["waits"])


def test_thirteen_sided_orphans():
    result = waits("19m19p19sESWNCFP")
    assert len(result["waits"]) == 13


def test_a_tile_held_four_times_is_left_out():
    result = waits("[4444m]23m456p789sEE")  # 23m waits on 1m and 4m; all four 4m are in the hand
    assert [w["tile"] for w in result["waits"]] == ["1m"]
    assert result["dead_waits"] == ["4m"]


def test_not_waiting():
    result = waits("1357m2468p13579s")
    assert not result["tenpai"] and result["waits"] == []


def test_same_situation_applies_to_each_wait():
    plain = {w["tile"]: w for w in waits("123m456p789s23s55s")["waits"]}
    drawn = {w["tile"]: w for w in waits("123m456p789s23s55s", self_drawn=True)["waits"]}
    for tile in plain:
        keys = {f["key"] for f in drawn[tile]["fans"]}
        assert "fully_concealed_hand" in keys


def test_impossible_situation_for_one_tile_is_corrected_there():
    # robbing a kong of 5s is impossible (the hand holds 5s); of 1s or 4s it is fine
    result = waits("123m456p789s23s55s", kong=True)
    for w in result["waits"]:
        keys = {f["key"] for f in w["fans"]}
        assert "robbing_the_kong" in keys and not w["corrections"]
    result = waits("123m456p789s234s5s", kong=True)  # waits on 2s and 5s, both held
    corrected = [w for w in result["waits"] if w["corrections"]]
    assert corrected and all(c["key"] == "robbing_held_tile" for w in corrected for c in w["corrections"])
    assert all("robbing_the_kong" not in {f["key"] for f in w["fans"]} for w in corrected)


def test_waits_need_a_waiting_hand():
    err = error({"hand": "123m456p789s23s55s4s", "rules": "gb98", "action": "waits"})
    assert err["code"] == "too_many_tiles"
