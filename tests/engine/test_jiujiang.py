"""九江麻将: every pattern, every table convention, both worked examples and the rule sheet's five FAQs."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan.api import handle


def score(hand, **request):
    result = handle({"hand": hand, "rules": "jiujiang", **request})
    assert result["ok"], result.get("error")
    return result


def error_code(hand, **request):
    result = handle({"hand": hand, "rules": "jiujiang", **request})
    assert not result["ok"]
    assert result["error"]["message"]["zh"] and result["error"]["message"]["en"]
    return result["error"]["code"]


def present(result):
    return {p["key"] for p in result["patterns"]}


# ---------------------------------------------------------------- the six patterns


@pytest.mark.parametrize(
    "hand, chosen, fan",
    [
        pytest.param("123m456p789s234sEE", "ping_hu", 1, id="ping_hu"),
        pytest.param("[222m1]555p777s999sE E".replace(" ", ""), "peng_peng_hu", 2, id="peng_peng_hu"),
        pytest.param("123m456m789mEEESS", "hun_yi_se", 3, id="hun_yi_se"),
        pytest.param("1133m557799p22sEE", "qi_dui", 4, id="qi_dui"),
        pytest.param("123456789p234p55p", "qing_yi_se", 6, id="qing_yi_se"),
        pytest.param("1111m3355p7799sEE", "hao_hua_qi_dui", 8, id="hao_hua_qi_dui"),
    ],
)
def test_each_pattern(hand, chosen, fan):
    result = score(hand)
    assert result["pattern"]["key"] == chosen
    assert result["pattern"]["fan"] == fan
    assert result["total"] == fan


@pytest.mark.parametrize(
    "hand, absent",
    [
        pytest.param("[222m1]555p777s789sEE", "peng_peng_hu", id="one-chow-is-not-peng_peng_hu"),
        pytest.param("123m456m789m111pEE", "hun_yi_se", id="second-suit-is-not-hun_yi_se"),
        pytest.param("123m456m789m111mEE", "qing_yi_se", id="an-honor-pair-is-not-qing_yi_se"),
        pytest.param("111m333p555s77sEEE", "qi_dui", id="pungs-are-not-pairs"),
        pytest.param("1133m557799p22sEE", "hao_hua_qi_dui", id="no-four-of-a-kind"),
        pytest.param("123m456m789mEEESS", "ping_hu", id="ping_hu-only-without-other-patterns"),
    ],
)
def test_near_misses(hand, absent):
    assert absent not in present(score(hand))


def test_not_a_win_is_an_error():
    assert error_code("123m456p789s235sEE") == "not_a_win"


def test_seven_pairs_with_melds_is_impossible():
    # a declared meld leaves 11 standing tiles, which cannot be seven pairs
    assert error_code("[111m1]3355p7799sEEE") == "not_a_win"


def test_a_hand_with_two_readings_takes_the_higher():
    # 11 22 33 m as pairs or as two chows 123 123: seven pairs (4) beats 平胡
    result = score("112233m445566pEE")
    assert result["shape"] == "seven_pairs"
    assert result["pattern"]["key"] == "qi_dui"


# ---------------------------------------------------------------- worked examples of the rule sheet


def test_worked_example_1_peng_peng_hu_self_drawn_dealer():
    """案例一: 四组刻子含一组明杠, 自摸补牌胡出 (a win on the kong's replacement tile: 杠上开花), 庄家:
    底番 1 + 碰碰胡 2 = 3, ×2 = 6, ×2 = 12 (base added)."""
    result = score("[5555p1]222m777s99sEE9s", self_drawn=True, kong=True, dealer=True, table={"base_added": True})
    best, mult = result["steps"][1], result["steps"][2]
    assert best["value"] == 3 and best["arithmetic"] == "1 + 2 = 3"
    assert [m["after"] for m in mult["multipliers"]] == [6, 12]
    assert [m["key"] for m in mult["multipliers"]] == ["kong_bloom", "dealer"]
    # a plain 自摸 gives the same number: 杠上开花 is a kind of 自摸, ×2 once either way
    plain = score("[5555p1]222m777s99sEE9s", self_drawn=True, dealer=True, table={"base_added": True})
    assert plain["total"] == result["total"]
    assert result["total"] == 12 and not result["capped"]
    assert result["payments"] == {
        "mode": "self_drawn",
        "winner_receives": 36,
        "payers": [
            {
                "who": "each_other",
                "zh": "其余三家各付",
                "en": "each of the other three",
                "zh_hant": "其餘三家各付",
                "role": {"zh": "其余三家每家", "en": "each of the other three players", "zh_hant": "其餘三家每家"},
                "players": 3,
                "amount": 12,
            }
        ],
    }


def test_worked_example_2_seven_pairs_robbing_a_kong():
    """案例二: 七对 4, 抢杠 ×2 = 8; under 包三家 the player robbed pays it all."""
    result = score("1133m557799p22sEE", kong=True)
    assert result["pattern"]["key"] == "qi_dui"
    assert [m["key"] for m in result["multipliers"]] == ["robbing_kong"]
    assert result["total"] == 8
    # At a real table the robbed tile's other copies are in the kong: the sheet's hand is noted as impossible.
    assert [n["key"] for n in result["notes"]] == ["robbed_tile_held"]
    all_three = score("1133m557799p22sEE", kong=True, table={"payment": "discarder_pays_all"})
    assert all_three["payments"]["payers"][0]["who"] == "robbed_player"
    assert all_three["payments"]["payers"][0]["amount"] == 24


def test_the_sheets_inconsistency_about_the_base():
    """Example 1 adds the base (12); without that convention the same hand is 2 ×2 ×2 = 8."""
    hand = "[5555p1]222m777s99sEE9s"
    assert score(hand, self_drawn=True, dealer=True)["total"] == 8
    assert score(hand, self_drawn=True, dealer=True, table={"base_added": True})["total"] == 12


# ---------------------------------------------------------------- the five FAQs


def test_faq1_patterns_never_add_up():
    """碰碰胡 + 混一色 is 3, not 5; 清一色 + 七对 is 6."""
    both = score("[111m1]555m999mEEESS")
    assert present(both) == {"peng_peng_hu", "hun_yi_se"}
    assert both["pattern"]["key"] == "hun_yi_se" and both["total"] == 3
    flush_pairs = score("1133557799m2244m")
    assert {"qi_dui", "qing_yi_se"} <= present(flush_pairs)
    assert flush_pairs["total"] == 6


def test_faq2_four_identical_tiles_in_seven_pairs():
    """A group of four makes 豪华七对 (8); a second one depends on the table: doubled or +4."""
    assert score("1111m3355p7799sEE")["total"] == 8
    two_quads = "1111m3333p7799sEE"
    assert score(two_quads, table={"extra_quad": "double"})["total"] == 16
    assert score(two_quads, table={"extra_quad": "plus4"})["total"] == 12


def test_faq3_self_drawn_and_kong_bloom_multiply_once():
    plain = score("[1111p]456p789s234sEE", self_drawn=True)
    bloom = score("[1111p]456p789s234sEE", self_drawn=True, kong=True)
    assert plain["total"] == bloom["total"] == 2
    assert [m["key"] for m in bloom["multipliers"]] == ["kong_bloom"]


def test_faq4_dealer_doubles_before_the_cap():
    """清一色 6 ×2 (自摸) ×2 (庄家) = 24, then the cap makes it 16."""
    result = score("123456789p234p55p", self_drawn=True, dealer=True)
    assert result["before_cap"] == 24
    assert result["capped"] and result["total"] == 16


def test_faq5_who_pays_on_a_discard():
    one = score("123m456p789s234sEE")
    assert one["payments"]["mode"] == "discarder"
    assert one["payments"]["payers"][0]["amount"] == 1 and one["payments"]["winner_receives"] == 1
    three = score("123m456p789s234sEE", table={"payment": "discarder_pays_all"})
    assert three["payments"]["payers"][0]["who"] == "discarder"
    assert three["payments"]["payers"][0]["amount"] == 3 and three["payments"]["winner_receives"] == 3


# ---------------------------------------------------------------- every table convention


def test_base_scales_every_entry_before_the_cap():
    assert score("123m456p789s234sEE", table={"base": 2})["total"] == 2
    result = score("1111m3355p7799sEE", self_drawn=True, table={"base": 2})  # 8 × 2 = 16, ×2 = 32 → 16
    assert result["steps"][1]["value"] == 16 and result["before_cap"] == 32 and result["total"] == 16
    assert score("1133m557799p22sEE", table={"base": 5, "cap": None})["total"] == 20


def test_cap_values_and_no_cap():
    hand = "1111m3333p7799sEE"  # 16 (double), self-drawn 32, dealer 64
    assert score(hand, self_drawn=True, dealer=True, table={"cap": None})["total"] == 64
    assert score(hand, self_drawn=True, dealer=True, table={"cap": 32})["total"] == 32


def test_five_times_base_cap_reading():
    hand = "123456789p234p55p"  # 清一色 6
    assert score(hand, table={"cap_rule": "five_times_base"})["total"] == 5
    assert score(hand, table={"cap_rule": "five_times_base", "base": 2})["total"] == 10


def test_quad_as_pairs_off_means_no_seven_pairs_with_four_of_a_kind():
    assert error_code("1111m3355p7799sEE", table={"quad_as_pairs": False}) == "not_a_win"
    # but a standard reading of the same kind of hand still stands
    assert score("1111m23m567p99sEEE", table={"quad_as_pairs": False})["pattern"]["key"] == "ping_hu"


def test_dealer_double_can_be_switched_off():
    hand = "123m456p789s234sEE"
    assert score(hand, dealer=True)["total"] == 2
    assert score(hand, dealer=True, table={"dealer_double": False})["total"] == 1


def test_missing_suit_requirement():
    assert error_code("123m456p789s234sEE", table={"require_missing_suit": True}) == "table_requirement"
    result = score("123m456m789p234pEE", table={"require_missing_suit": True})
    assert result["steps"][0]["checks"][-1] == {
        "key": "missing_suit",
        "zh": "缺门",
        "en": "lacks a suit",
        "zh_hant": "缺門",
        "passed": True,
    }


def test_flower_requirement():
    assert error_code("123m456p789s234sEE", table={"min_flowers": 1}) == "table_requirement"
    assert score("123m456p789s234sEE", flowers=2, table={"min_flowers": 1})["total"] == 1


def test_defaults_are_the_rule_sheets():
    assert score("123m456p789s234sEE")["table"] == {
        "base": 1,
        "base_added": False,
        "cap": 16,
        "cap_rule": "fan",
        "cap_scales_with_base": False,
        "payment": "discarder",
        "quad_as_pairs": True,
        "extra_quad": "double",
        "dealer_double": True,
        "require_missing_suit": False,
        "min_flowers": 0,
    }


# ---------------------------------------------------------------- request validation


@pytest.mark.parametrize(
    "request_extra, code",
    [
        pytest.param({"self_drawm": True}, "unknown_key", id="typo-key"),
        pytest.param({"table": {"bsae": 2}}, "unknown_key", id="typo-table-key"),
        pytest.param({"table": {"base": 0}}, "bad_value", id="base-zero"),
        pytest.param({"table": {"payment": "everyone"}}, "bad_value", id="bad-payment"),
        pytest.param({"self_drawn": "yes"}, "bad_value", id="bool-as-string"),
        pytest.param({"table": "base=2"}, "bad_value", id="table-not-object"),
        pytest.param({"rules": "riichi"}, "unknown_rules", id="unknown-rules"),
    ],
)
def test_bad_requests(request_extra, code):
    assert error_code("123m456p789s234sEE", **request_extra) == code


def test_missing_hand():
    assert handle({"rules": "jiujiang"})["error"]["code"] == "empty_hand"


def test_request_must_be_an_object():
    assert handle(["123m"])["error"]["code"] == "bad_request"


# ---------------------------------------------------------------- properties

WINNING_HANDS = [
    "123m456p789s234sEE",
    "[222m1]555p777s999sEE",
    "123m456m789mEEESS",
    "1133m557799p22sEE",
    "123456789p234p55p",
    "1111m3355p7799sEE",
    "[5555p1]222m777s99sEE9s",
    "1111m3333p7799sEE",
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(WINNING_HANDS),
    st.randoms(use_true_random=False),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(1, 5),
    st.sampled_from([None, 8, 16, 64]),
)
def test_properties(hand, rnd, self_drawn, kong, dealer, base, cap):
    # Shuffling the standing tiles (keeping the winning tile last) never changes the score.
    melds_end = hand.rfind("]") + 1
    from suanfan.notation import parse

    parsed = parse(hand)
    codes = [f"{t % 9 + 1}{'mps'[t // 9]}" if t < 27 else "ESWNCFP"[t - 27] for t in parsed.standing]
    body, last = codes[:-1], codes[-1]
    rnd.shuffle(body)
    shuffled = hand[:melds_end] + "".join(body) + last
    table = {"base": base, "cap": cap}
    if self_drawn and not any(m.kind == "kong" for m in parsed.melds):
        kong = False  # 杠上开花 needs a kong in the hand (tested on its own above)
    a = score(hand, self_drawn=self_drawn, kong=kong, dealer=dealer, table=table)
    b = score(shuffled, self_drawn=self_drawn, kong=kong, dealer=dealer, table=table)
    assert a["total"] == b["total"] and a["pattern"] == b["pattern"]
    # The total is the chosen pattern × base, doubled once per multiplier, never above the cap.
    expected = a["pattern"]["fan"] * base * 2 ** len(a["multipliers"])
    assert a["before_cap"] == expected
    assert a["total"] == (expected if cap is None else min(expected, cap))
    assert a["capped"] == (cap is not None and expected > cap)
    # The chosen pattern is the highest present.
    assert a["pattern"]["fan"] == max(p["fan"] for p in a["patterns"])
    # The winner receives what the payers pay.
    pays = sum(p["amount"] * p["players"] for p in a["payments"]["payers"])
    assert pays == a["payments"]["winner_receives"]


# ---------------------------------------------------------------- readings the sheet leaves open


def test_the_cap_does_not_scale_with_the_base_by_default():
    """底番 2: 清一色 6 × 2 = 12, 自摸 24, 庄家 48. The cap stays 16 unless the table scales it: 16 × 2 = 32."""
    hand = "123456789p234p55p"
    fixed = score(hand, self_drawn=True, dealer=True, table={"base": 2})
    assert (fixed["before_cap"], fixed["cap"], fixed["total"]) == (48, 16, 16)
    scaled = score(hand, self_drawn=True, dealer=True, table={"base": 2, "cap_scales_with_base": True})
    assert (scaled["before_cap"], scaled["cap"], scaled["total"]) == (48, 32, 32)
    assert "16 × 2" in scaled["steps"][2]["text"]["zh"]
    # base 1: nothing to scale
    assert score(hand, self_drawn=True, table={"cap_scales_with_base": True})["cap"] == 16
    # under the cap, the scaled one lets more through
    under = score(hand, self_drawn=True, table={"base": 2, "cap_scales_with_base": True})
    assert (under["total"], under["capped"]) == (24, False)


def test_the_five_times_reading_is_already_in_units_of_the_base():
    for scales in (False, True):
        result = score(
            "111m555p777s999sEE",
            self_drawn=True,
            dealer=True,
            table={"base": 5, "cap_rule": "five_times_base", "cap_scales_with_base": scales},
        )
        assert result["cap"] == 25 and result["total"] == 25


def test_no_cap_stays_no_cap_when_scaled():
    result = score(
        "123456789p234p55p", self_drawn=True, dealer=True, table={"base": 2, "cap": None, "cap_scales_with_base": True}
    )
    assert result["cap"] is None and result["total"] == 48


def test_a_basic_win_counts_the_base_once_when_the_base_is_added():
    """平胡 "只按底番核算": its 1 is the base itself, so base_added does not add it again."""
    hand = "123m456p789s234sEE"
    for base in (1, 2):
        plain = score(hand, self_drawn=True, table={"base": base})
        added = score(hand, self_drawn=True, table={"base": base, "base_added": True})
        assert added["pattern"]["key"] == "ping_hu"
        assert added["total"] == plain["total"] == 2 * base
        assert added["steps"][1]["value"] == base and "平胡只按底番核算" in added["steps"][1]["text"]["zh"]
    # every other pattern still gets the base added
    assert score("111m555p777s999sEE", table={"base_added": True})["total"] == 3


def test_without_quads_as_pairs_there_is_no_luxury_seven_pairs():
    """quad_as_pairs off: four of a kind is no pair of 七对, so no hand at all is 豪华七对."""
    from suanfan.jiujiang.practice.templates import POSITIVE

    for hand, situation in POSITIVE["hao_hua_qi_dui"]:
        result = handle({"hand": hand, "rules": "jiujiang", **situation, "table": {"quad_as_pairs": False}})
        assert not result["ok"] or "hao_hua_qi_dui" not in present(result), hand


def test_kong_bloom_needs_a_kong():
    assert error_code("123m456p789s234sEE", self_drawn=True, kong=True) == "contradiction"


def test_robbing_a_kong_with_a_single_copy_has_no_note():
    result = score("123m456p789s23sEE4s", kong=True)
    assert result["notes"] == [] and result["total"] == 2


def test_basic_win_is_not_present_beside_a_compound_pattern_of_another_reading():
    """The sheet's 平胡 is the basic win without a compound pattern: a hand that reads as 七对 as well as four chows
    and a pair shows 七对 alone (issue 22, item 9), and a `fans` question on it never asks for 平胡."""
    result = score("112233m445566p77s")
    assert [p["key"] for p in result["patterns"]] == ["qi_dui"] and result["total"] == 4
    plain = score("[123m1]123m456p456p77s")  # the same tiles with a chow claimed: no seven pairs to read
    assert [p["key"] for p in plain["patterns"]] == ["ping_hu"]
    question = handle(
        {"action": "question", "rules": "jiujiang", "kind": "fans", "seed": 0, "deal": {"hand": "112233m445566p77s"}}
    )
    assert question["ok"], question
    assert "ping_hu" not in question["answer"]
