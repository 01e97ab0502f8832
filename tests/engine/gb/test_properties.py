"""Properties over generated winning hands (hypothesis draws the corpus seed and the shuffles)."""

import random

from gb_corpus import corpus
from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan import tiles as T
from suanfan.api import handle
from suanfan.notation import WIN, format_meld, parse

SETTINGS = settings(max_examples=150, deadline=None)


def a_request(seed: int) -> dict:
    return corpus(1, seed)[0]


def fan_table(result: dict) -> dict:
    return {f["key"]: f["count"] for f in result["fans"]}


@SETTINGS
@given(st.integers(0, 10**9), st.integers(0, 10**9))
def test_tile_order_never_matters(seed, shuffle_seed):
    request = a_request(seed)
    hand = parse(request["hand"], expect=WIN)
    rng = random.Random(shuffle_seed)
    melds = [format_meld(m) for m in hand.melds]
    rng.shuffle(melds)
    standing = list(hand.standing[:-1])
    rng.shuffle(standing)
    text = "".join(melds) + "".join(
        T.code(t) if t >= 27 else f"{t % 9 + 1}{'mps'[t // 9]}" for t in standing + [hand.standing[-1]]
    )
    a = handle(request)
    b = handle({**request, "hand": text})
    assert a["ok"] and b["ok"]
    assert (a["total"], fan_table(a), a["reading"]["shape"]) == (b["total"], fan_table(b), b["reading"]["shape"])
    assert sorted((e["key"], str(e["by"])) for e in a["excluded"]) == sorted(
        (e["key"], str(e["by"])) for e in b["excluded"]
    )


@SETTINGS
@given(st.integers(0, 10**9), st.integers(1, 8))
def test_removing_flowers_lowers_the_total_by_their_number(seed, flowers):
    request = a_request(seed)
    with_flowers = handle({**request, "flowers": flowers})
    without = handle({**request, "flowers": 0})
    assert with_flowers["total"] - without["total"] == flowers
    assert with_flowers["points_without_flowers"] == without["points_without_flowers"]
    assert with_flowers["meets_minimum"] == without["meets_minimum"]


@SETTINGS
@given(st.integers(0, 10**9))
def test_every_counted_fan_is_earned_by_melds_in_the_hand(seed):
    request = a_request(seed)
    result = handle(request)
    hand = parse(request["hand"], expect=WIN)
    groups = set(result["reading"]["melds"])
    counts = T.counts_of(hand.all_tiles())
    fours = {T.code(t) * 4 if t >= 27 else f"{str(t % 9 + 1) * 4}{'mps'[t // 9]}" for t in range(34) if counts[t] == 4}
    for fan in result["fans"]:
        for meld in fan["melds"]:
            assert meld in groups or meld == result["winning_tile"] or meld in fours, (fan["key"], meld)


@SETTINGS
@given(st.integers(0, 10**9))
def test_total_is_the_sum_and_the_best_reading_is_highest(seed):
    result = handle(a_request(seed))
    assert result["total"] == sum(f["points"] * f["count"] for f in result["fans"])
    assert all(o["total"] <= result["points_without_flowers"] for o in result["other_readings"])
    assert result["meets_minimum"] == (result["points_without_flowers"] >= 8)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_waits_agree_with_scoring(seed):
    request = a_request(seed)
    hand = parse(request["hand"], expect=WIN)
    waiting = "".join(format_meld(m) for m in hand.melds) + "".join(
        T.code(t) if t >= 27 else f"{t % 9 + 1}{'mps'[t // 9]}" for t in hand.standing[:-1]
    )
    situation = {k: v for k, v in request.items() if k not in ("hand", "last_copy", "kong")}
    result = handle({**situation, "hand": waiting, "action": "waits"})
    assert result["ok"] and result["tenpai"]
    in_sight = T.counts_of(hand.all_tiles()[:-1])
    won = T.code(hand.standing[-1])
    assert won in [w["tile"] for w in result["waits"]] + result["dead_waits"]
    for w in result["waits"]:
        t = next(t for t in range(34) if T.code(t) == w["tile"])
        assert in_sight[t] < 4
        scored = handle({**situation, "hand": waiting + w["tile"]})
        assert scored["total"] == w["total"] and scored["meets_minimum"] == w["meets_minimum"]
