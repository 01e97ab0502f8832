"""A score sheet settled by the engine (`action: "settle"`, suanfan.sheet): each row valued as the scoring request
for the same hand values it, paid as the table agreed (九江: 一家付 / 包三家, self-draws by three; Guobiao: the
competition rule), what a referee writes down checked against the situation, a bad row an error on that row
alone, and running totals that sum to zero after every row."""

from __future__ import annotations

from dataclasses import replace

import pytest
import suanfan_toy
from hypothesis import given, settings
from hypothesis import strategies as st
from suanfan_toy.ruleset import RULESETS as TOY_RULESETS

from suanfan.api import handle
from suanfan.errors import MESSAGES
from suanfan.rulesets import register, unregister


def settle(rules="jiujiang", rows=(), **conventions):
    result = handle({"action": "settle", "rules": rules, "rows": list(rows), **conventions})
    assert result["ok"], result
    return result


def only_row(rules="jiujiang", **conventions):
    def one(row):
        return settle(rules, [row], **conventions)["rows"][0]

    return one


# ---------------------------------------------------------------- 九江: rows with a hand are the scoring request's

JIUJIANG_HANDS = [
    pytest.param("[5555p1]222m777s99sEE9s", {"self_drawn": True}, id="all-pungs-self-drawn"),
    pytest.param("1133m557799p22sEE", {}, id="seven-pairs-discard"),
    pytest.param("11223344556677m", {}, id="full-flush-seven-pairs"),
    pytest.param("[SSSS]111m234m789m99m", {"self_drawn": True, "kong": True}, id="kong-bloom"),
    pytest.param("123m456p789s234s55s", {"kong": True}, id="robbing-kong"),
]


@pytest.mark.parametrize("payment", ["discarder", "discarder_pays_all"])
@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("hand, how", JIUJIANG_HANDS)
def test_a_hand_row_is_the_engine_score_of_that_hand(hand, how, dealer, payment):
    table = {"payment": payment, "base": 2}
    row = {"winner": 1, "dealer": dealer, "hand": hand, **how}
    if not how.get("self_drawn"):
        row["discarder"] = 3
    scored = handle({"hand": hand, "rules": "jiujiang", "dealer": dealer == 1, "table": table, **how})
    got = only_row(table=table)(row)
    assert got["ok"] and got["source"] == "hand" and got["hand"] == scored["hand"]
    assert got["total"] == scored["total"] and got["pattern"]["key"] == scored["pattern"]["key"]
    assert [m["key"] for m in got["multipliers"]] == [m["key"] for m in scored["multipliers"]]
    assert (got["before_cap"], got["cap"], got["capped"]) == (scored["before_cap"], scored["cap"], scored["capped"])
    total = scored["total"]
    if how.get("self_drawn"):
        assert got["payments"] == [-total, 3 * total, -total, -total]
    elif payment == "discarder":
        assert got["payments"] == [0, total, 0, -total]
    else:
        assert got["payments"] == [0, 3 * total, 0, -3 * total]
    assert got["payment_mode"] == scored["payments"]["mode"]


def test_a_written_row_is_valued_like_the_hand_it_stands_for():
    table = {"base": 2, "base_added": True, "cap": 20}
    hand_row = {"winner": 2, "self_drawn": True, "dealer": 2, "hand": "[5555p1]222m777s99sEE9s"}
    written = {
        "winner": 2,
        "self_drawn": True,
        "dealer": 2,
        "pattern_fan": 2,
        "multipliers": {"self_drawn": True, "dealer": True},
    }
    a, b = settle(rows=[hand_row, written], table=table)["rows"]
    assert b["source"] == "entered" and b["hand"] is None
    for key in (
        "pattern",
        "start",
        "start_arithmetic",
        "multipliers",
        "before_cap",
        "cap",
        "capped",
        "total",
        "payments",
    ):
        assert a[key] == b[key], key
    assert b["start_arithmetic"] == "2 + 4 = 6" and b["before_cap"] == 24 and b["total"] == 20 and b["capped"]


def test_luxury_seven_pairs_values_follow_the_extra_quad_rule():
    assert (
        only_row()({"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 32})["pattern"]["key"] == "hao_hua_qi_dui"
    )
    plus4 = only_row(table={"extra_quad": "plus4"})
    assert plus4({"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 12})["pattern"]["fan"] == 12
    assert (
        plus4({"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 32})["error"]["known"]
        == "1, 2, 3, 4, 6, 8, 12, 16"
    )
    no_quads = only_row(table={"quad_as_pairs": False})
    assert no_quads({"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 8})["error"]["code"] == "no_such_pattern"


# ---------------------------------------------------------------- what is written down is checked


def error_of(row, rules="jiujiang", **conventions):
    got = only_row(rules, **conventions)(row)
    assert not got["ok"] and got["payments"] == [0, 0, 0, 0]
    error = got["error"]
    assert error["code"] in MESSAGES and error["row"] == 1
    assert error["message"]["zh"] and error["message"]["en"] and error["message"]["zh"] != error["message"]["en"]
    return error


@pytest.mark.parametrize(
    "row, code, says",
    [
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 5},
            "no_such_pattern",
            "5 fan",
            id="no-pattern-is-worth-5",
        ),
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 4, "multipliers": {"self_drawn": True}},
            "multiplier_mismatch",
            "self-drawn ×2 is written",
            id="self-drawn-on-a-discard",
        ),
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 4, "multipliers": {"dealer": True}},
            "multiplier_mismatch",
            "dealer ×2 is written",
            id="dealer-bonus-for-a-non-dealer",
        ),
        pytest.param(
            {"winner": 0, "self_drawn": True, "dealer": 0, "pattern_fan": 4, "multipliers": {"self_drawn": True}},
            "multiplier_mismatch",
            "calls for dealer ×2",
            id="dealer-bonus-left-out",
        ),
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 4, "multipliers": {"robbing_kong": True}},
            "multiplier_mismatch",
            "robbing a kong ×2 is written",
            id="robbing-without-a-kong",
        ),
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 4, "multipliers": {"tripled": True}},
            "unknown_key",
            "multipliers.tripled",
            id="unknown-multiplier",
        ),
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2}, "no_score_entry", "pattern's fan", id="nothing-written"
        ),
        pytest.param(
            {"winner": 0, "self_drawn": True, "dealer": 1, "pattern_fan": 4},
            "multiplier_mismatch",
            "calls for self-drawn ×2",
            id="no-multipliers-written-means-none",
        ),
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2, "hand": "1133m557799p22sEE", "pattern_fan": 6},
            "entry_mismatch",
            "written down is 6",
            id="hand-and-written-fan-disagree",
        ),
        pytest.param(
            {"winner": 0, "self_drawn": True, "discarder": 1, "dealer": 2, "pattern_fan": 4},
            "contradiction",
            "no discarder",
            id="self-drawn-with-a-discarder",
        ),
        pytest.param(
            {"winner": 0, "dealer": 2, "pattern_fan": 4},
            "contradiction",
            "names the discarder",
            id="discard-without-a-discarder",
        ),
        pytest.param(
            {"winner": 1, "discarder": 1, "dealer": 2, "pattern_fan": 4},
            "contradiction",
            "own discard",
            id="own-discard",
        ),
        pytest.param({"winner": 4, "discarder": 1, "dealer": 2, "pattern_fan": 4}, "bad_value", "0–3", id="no-seat-4"),
        pytest.param({"winner": 0, "discarder": 1, "pattern_fan": 4}, "bad_value", "dealer", id="no-dealer"),
        pytest.param(
            {"winner": None, "discarder": 1, "dealer": 2}, "contradiction", "drawn hand", id="draw-with-a-discarder"
        ),
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2, "hand": "123m456p789s23s"},
            "too_few_tiles",
            "Too few",
            id="a-bad-hand",
        ),
        pytest.param(
            {"winner": 0, "discarder": 1, "dealer": 2, "pattern_fan": 4, "points": 8},
            "unknown_key",
            "points",
            id="guobiao-key-on-a-jiujiang-sheet",
        ),
    ],
)
def test_a_bad_jiujiang_row_gets_a_typed_error(row, code, says):
    error = error_of(row)
    assert error["code"] == code and says in error["message"]["en"], error


@pytest.mark.parametrize(
    "row, code, says",
    [
        pytest.param(
            {"winner": 1, "discarder": 0, "dealer": 0, "points": 7}, "below_minimum", "7 points", id="written-below-8"
        ),
        pytest.param(
            {"winner": 1, "discarder": 0, "dealer": 0, "points": 9, "flowers": 2},
            "below_minimum",
            "7 points",
            id="flowers-do-not-count-towards-8",
        ),
        pytest.param(
            {"winner": 1, "discarder": 0, "dealer": 0, "hand": "123m456m789p234s55s"},
            "below_minimum",
            "Below the 8-point minimum",
            id="a-hand-below-8",
        ),
        pytest.param(
            {"winner": 1, "discarder": 0, "dealer": 0, "hand": "123m456p789s234sEE", "points": 20},
            "entry_mismatch",
            "from the hand the engine computes",
            id="hand-and-written-points-disagree",
        ),
        pytest.param(
            {"winner": 1, "discarder": 0, "dealer": 0, "points": 9, "multipliers": {}},
            "unknown_key",
            "multipliers",
            id="guobiao-has-no-multipliers",
        ),
    ],
)
def test_a_bad_guobiao_row_gets_a_typed_error(row, code, says):
    error = error_of(row, "gb")
    assert error["code"] == code and says in error["message"]["en"], error


def test_a_bad_row_costs_nothing_and_the_rows_after_it_go_on():
    rows = [
        {"winner": 0, "discarder": 1, "dealer": 0, "pattern_fan": 4, "multipliers": {"dealer": True}},
        {"winner": 0, "discarder": 1, "dealer": 0, "pattern_fan": 5, "multipliers": {"dealer": True}},
        {"winner": 2, "self_drawn": True, "dealer": 0, "pattern_fan": 1, "multipliers": {"self_drawn": True}},
    ]
    result = settle(rows=rows)
    first, bad, third = result["rows"]
    assert first["payments"] == [8, -8, 0, 0] and not bad["ok"] and bad["running"] == first["running"]
    assert third["payments"] == [-2, -2, 6, -2] and result["totals"] == [6, -10, 6, -2] and result["errors"] == 1


def test_a_drawn_hand_pays_nobody():
    row = settle(rows=[{"winner": None, "dealer": 3}])["rows"][0]
    assert row["ok"] and row["source"] == "draw" and row["payments"] == [0, 0, 0, 0]


# ---------------------------------------------------------------- Guobiao: the competition rule


def test_guobiao_a_discard_pays_8_each_and_the_points_from_the_discarder():
    row = only_row("gb")({"winner": 2, "discarder": 3, "dealer": 0, "points": 12})
    assert row["payments"] == [-8, -8, 12 + 3 * 8, -20] and row["base_points"] == 8


def test_guobiao_a_self_draw_pays_8_and_the_points_from_each():
    hand = "123m456p789s234sEE"
    scored = handle({"hand": hand, "rules": "gb98", "self_drawn": True, "seat_wind": "W"})
    row = only_row("gb98")({"winner": 2, "self_drawn": True, "dealer": 0, "hand": hand})
    assert row["points"] == scored["total"] and row["seat_wind"] == "W"
    each = 8 + scored["total"]
    assert row["payments"] == [-each, -each, 3 * each, -each]
    assert [f["key"] for f in row["fans"]] == [f["key"] for f in scored["fans"]]


def test_guobiao_the_seat_wind_comes_from_the_seats():
    """The dealer is East and the winds follow the order of play: seat 3 with seat 1 dealing sits West."""
    hand = "[WWW1]123m456p789s5p5p"
    row = only_row("gb")({"winner": 3, "discarder": 0, "dealer": 1, "hand": hand, "prevalent_wind": "S"})
    scored = handle({"hand": hand, "rules": "gb", "seat_wind": "W", "prevalent_wind": "S"})
    assert row["seat_wind"] == "W" and "seat_wind" in [f["key"] for f in row["fans"]]
    assert row["points"] == scored["total"]


def test_guobiao_variants_are_the_sheets_conventions():
    hand = "[1111m]123p456p[9999s]55s"  # two concealed kongs: its value is a variant
    rows = [{"winner": 0, "self_drawn": True, "dealer": 0, "hand": hand}]
    plain = settle("gb98", rows)["rows"][0]["points"]
    varied = settle("gb98", rows, variants={"two_concealed_kongs": 8})["rows"][0]["points"]
    assert varied - plain == 2


@pytest.mark.parametrize(
    "rules, section, row",
    [
        pytest.param(
            "jiujiang",
            {"table": {"base": 2}},
            {"winner": 1, "dealer": 1, "self_drawn": True, "kong": True, "hand": "[SSSS]111m234m789m99m", "flowers": 2},
            id="jiujiang",
        ),
        pytest.param(
            "gb",
            {"variants": {"two_concealed_kongs": 8}},
            {
                "winner": 3,
                "discarder": 0,
                "dealer": 1,
                "hand": "[WWW1]123m456p789s5p5p",
                "prevalent_wind": "S",
                "flowers": 1,
                "last_of_wall": True,
            },
            id="gb",
        ),
    ],
)
def test_a_hand_row_carries_the_scoring_request_it_was_scored_by(rules, section, row):
    """What the learner's own hands as a practice deck are asked about: the row's request, scored alone at the
    sheet's table, is the row's value; written rows (no tiles) have none."""
    got = settle(rules, [row, {"winner": None, "dealer": 0}], **section)["rows"]
    assert got[0]["ok"], got[0]
    request = got[0]["request"]
    assert request["hand"] == got[0]["hand"] and "rules" not in request
    assert handle({"rules": rules, **request, **section})["total"] == got[0]["total"]
    assert "request" not in got[1]


# ---------------------------------------------------------------- the sheet as a whole


def test_the_rule_sets_describe_their_sheet_rows():
    jiujiang = handle({"action": "describe", "rules": "jiujiang"})["sheet"]["fields"]
    assert [f["key"] for f in jiujiang] == [
        "pattern_fan",
        "multipliers.kong_bloom",
        "multipliers.self_drawn",
        "multipliers.robbing_kong",
        "multipliers.dealer",
        "flowers",
    ]
    gb = handle({"action": "describe", "rules": "gb98"})["sheet"]["fields"]
    assert [f["key"] for f in gb] == ["points", "prevalent_wind", "last_copy", "last_of_wall", "flowers"]


def test_the_sheets_conventions_in_words():
    result = settle(table={"payment": "discarder_pays_all", "base": 2})
    assert result["settings"] == [
        {
            "zh": "算炮:包三家",
            "en": "who pays on a discard: the discarder pays for all three",
            "zh_hant": "算炮:包三家",
        },
        {"zh": "底番:2", "en": "base: 2", "zh_hant": "底番:2"},
    ]
    assert settle("gb")["settings"] == [] and settle()["rows"] == [] and settle()["totals"] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    "request_, code",
    [
        pytest.param({"action": "settle", "rules": "jiujiang", "rows": [], "variants": {}}, "unknown_key", id="gb-key"),
        pytest.param({"action": "settle", "rules": "jiujiang", "table": {"base": 0}}, "bad_value", id="bad-table"),
        pytest.param({"action": "settle", "rules": "gb", "variants": {"nope": 1}}, "unknown_key", id="bad-variant"),
        pytest.param({"action": "settle", "rules": "gb", "rows": {"0": {}}}, "bad_value", id="rows-not-a-list"),
        pytest.param({"action": "settle", "rules": "gb", "rows": ["x"]}, None, id="row-not-an-object"),
    ],
)
def test_a_bad_sheet_is_refused(request_, code):
    result = handle(request_)
    if code is None:  # one bad row is that row's error, not the sheet's
        assert result["ok"] and result["rows"][0]["error"]["code"] == "bad_value"
    else:
        assert not result["ok"] and result["error"]["code"] == code


def test_a_rule_set_without_a_sheet_says_so():
    register(replace(TOY_RULESETS[0], sheet=None))  # the toy has a score sheet: here it is left out
    try:
        result = handle({"action": "settle", "rules": suanfan_toy.KEY, "rows": []})
    finally:
        unregister(suanfan_toy.KEY)
    assert result["error"]["code"] == "kind_not_applicable" and "score sheet" in result["error"]["message"]["en"]


def test_editing_a_row_recomputes_the_rows_after_it():
    rows = [
        {"winner": 0, "discarder": 1, "dealer": 0, "pattern_fan": 2, "multipliers": {"dealer": True}},
        {
            "winner": 1,
            "self_drawn": True,
            "dealer": 1,
            "pattern_fan": 1,
            "multipliers": {"self_drawn": True, "dealer": True},
        },
    ]
    before = settle(rows=rows)["rows"][1]["running"]
    rows[0] = {**rows[0], "pattern_fan": 6}
    after = settle(rows=rows)["rows"][1]["running"]
    assert before == [4 - 4, -4 + 12, -4, -4] and after == [12 - 4, -12 + 12, -4, -4]


SEAT = st.integers(0, 3)


@st.composite
def sheet_rows(draw):
    rows = []
    for _ in range(draw(st.integers(0, 16))):
        winner, dealer = draw(st.one_of(st.none(), SEAT)), draw(SEAT)
        row = {"winner": winner, "dealer": dealer}
        if winner is not None:
            if draw(st.booleans()):
                row["self_drawn"] = True
            else:
                row["discarder"] = draw(SEAT)  # sometimes the winner: an error row, which must cost nothing
            row["kong"] = draw(st.booleans())
            row["pattern_fan"] = draw(st.sampled_from([1, 2, 3, 4, 5, 6, 8, 16]))
            row["multipliers"] = draw(
                st.dictionaries(st.sampled_from(["self_drawn", "kong_bloom", "robbing_kong", "dealer"]), st.booleans())
            )
            row["points"] = draw(st.integers(0, 90))
        rows.append(row)
    return rows


@settings(max_examples=60, deadline=None)
@given(
    rows=sheet_rows(),
    payment=st.sampled_from(["discarder", "discarder_pays_all"]),
    rules=st.sampled_from(["jiujiang", "gb"]),
)
def test_running_totals_always_sum_to_zero(rows, payment, rules):
    drop = ("points",) if rules == "jiujiang" else ("pattern_fan", "multipliers")
    rows = [{k: v for k, v in row.items() if k not in drop} for row in rows]
    conventions = {"table": {"payment": payment}} if rules == "jiujiang" else {}
    result = settle(rules, rows, **conventions)
    running = [0, 0, 0, 0]
    for row in result["rows"]:
        assert sum(row["payments"]) == 0 and sum(row["running"]) == 0
        running = [a + b for a, b in zip(running, row["payments"])]
        assert row["running"] == running
        assert row["ok"] or row["payments"] == [0, 0, 0, 0]
    assert result["totals"] == running
