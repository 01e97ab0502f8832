"""Every 不计 of the fan table, applied: a hand where the excluding fan counts and the excluded one is present.

Pairs that can never be present together are listed with the reason, so that every 不计 is accounted for.
"""

import pytest
from gb_helpers import counted, excluded_by, score

from suanfan.gb.fans import FAN_BY_KEY, FANS

# (excluding fan, excluded fan): (hand, situation) where both are present and the 不计 applies
APPLIED = {
    ("all_chows", "no_honors"): ("123123123123m55p", {}),
    ("all_even_pungs", "all_pungs"): (
        "[6s6s6s3]2m2p2m4m4p2p4m4p4m2p4p",
        {"self_drawn": False, "seat_wind": "W", "prevalent_wind": "N", "flowers": 2},
    ),
    ("all_even_pungs", "all_simples"): ("222m444p666s888m22s", {}),
    ("all_even_pungs", "no_honors"): ("222m444p666s888m22s", {}),
    ("all_fives", "all_simples"): ("345m456p567s555m55p", {}),
    ("all_fives", "no_honors"): ("345m456p567s555m55p", {}),
    ("all_green", "half_flush"): ("234s666s888sFFF22s", {}),
    ("all_green", "one_voided_suit"): ("234s666s888sFFF22s", {}),
    ("all_honors", "all_pungs"): ("EEESSSCCCFFFPP", {}),
    ("all_honors", "one_voided_suit"): ("EEESSSCCCFFFPP", {}),
    ("all_honors", "outside_hand"): ("EEESSSCCCFFFPP", {}),
    ("all_honors", "pung_of_terminals_or_honors"): ("EEESSSCCCFFFPP", {}),
    ("all_simples", "no_honors"): ("222m444p666s888m55s", {}),
    ("all_terminals_and_honors", "all_pungs"): (
        "[9p9p9p1][1m1m1m2][CCC3][EEEE5]9s9s",
        {"self_drawn": False, "seat_wind": "N", "prevalent_wind": "E", "flowers": 0},
    ),
    ("all_terminals_and_honors", "outside_hand"): ("EEESSSWWWNNN1m1m", {}),
    ("all_terminals_and_honors", "pung_of_terminals_or_honors"): ("111m999m111pEEE1s1s", {}),
    ("all_terminals", "all_pungs"): ("111m999m111p999p1s1s", {}),
    ("all_terminals", "double_pung"): ("111m999m111p999p1s1s", {}),
    ("all_terminals", "no_honors"): ("111m999m111p999p1s1s", {}),
    ("all_terminals", "outside_hand"): ("111m999m111p999p1s1s", {}),
    ("all_terminals", "pung_of_terminals_or_honors"): ("111m999m111p999p1s1s", {}),
    ("big_four_winds", "all_pungs"): ("EEESSSWWWNNN1m1m", {}),
    ("big_four_winds", "big_three_winds"): ("EEESSSWWWNNN1m1m", {}),
    ("big_four_winds", "prevalent_wind"): ("EEESSSWWWNNN1m1m", {}),
    ("big_four_winds", "pung_of_terminals_or_honors"): ("EEESSSWWWNNN1m1m", {}),
    ("big_four_winds", "seat_wind"): ("EEESSSWWWNNN1m1m", {}),
    ("big_three_dragons", "dragon_pung"): ("CCCFFFPPP123m55p", {}),
    ("big_three_dragons", "pung_of_terminals_or_honors"): ("CCCFFFPPP123m55p", {}),
    ("big_three_dragons", "two_dragon_pungs"): ("CCCFFFPPP123m55p", {}),
    ("big_three_winds", "pung_of_terminals_or_honors"): ("EEESSSWWW123m55p", {}),
    ("concealed_and_melded_kong", "concealed_kong"): ("[1111m][2222p1]345s678s55p", {}),
    ("concealed_and_melded_kong", "melded_kong"): ("[1111m][2222p1]345s678s55p", {}),
    ("dragon_pung", "pung_of_terminals_or_honors"): ("234s666s888sFFF22s", {}),
    ("four_concealed_pungs", "all_pungs"): ("111m999m111pEEE1s1s", {}),
    ("four_concealed_pungs", "concealed_hand"): ("EEESSSWWWNNN1m1m", {}),
    ("four_concealed_pungs", "fully_concealed_hand"): (
        "[4s4s4s4s]6s7s7p5s7s7p5s7s5s6s7p",
        {"self_drawn": True, "seat_wind": "S", "prevalent_wind": "S", "flowers": 0},
    ),
    ("four_kongs", "all_pungs"): ("[1111m][2222p][3333s][EEEE]5p5p", {}),
    ("four_kongs", "concealed_kong"): ("[1111m][2222p][3333s][EEEE]5p5p", {}),
    ("four_kongs", "melded_kong"): (
        "[SSSS3][CCCC][PPPP][1m1m1m1m]1p1p",
        {"self_drawn": False, "seat_wind": "W", "prevalent_wind": "E", "flowers": 0},
    ),
    ("four_kongs", "single_wait"): ("[1111m][2222p][3333s][EEEE]5p5p", {}),
    ("four_pure_shifted_chows", "pure_shifted_chows"): ("123234345456m55p", {}),
    ("four_pure_shifted_chows", "short_straight"): ("123234345456m55p", {}),
    ("four_pure_shifted_chows", "two_terminal_chows"): ("123m345m567m789m99m", {}),
    ("four_pure_shifted_pungs", "all_pungs"): (
        "[9m9m9m9m][7m7m7m7m6][8m8m8m8m]6m2m6m2m6m",
        {"self_drawn": False, "seat_wind": "E", "prevalent_wind": "E", "flowers": 1},
    ),
    ("four_pure_shifted_pungs", "pure_shifted_pungs"): ("111222333444m55p", {}),
    ("full_flush", "no_honors"): ("[111m]2345678999m5m", {}),
    ("full_flush", "one_voided_suit"): ("[111m]2345678999m5m", {}),
    ("fully_concealed_hand", "self_drawn"): ("123m456p789s234sEE", {"self_drawn": True}),
    ("greater_honors_and_knitted_tiles", "all_types"): ("147m25p36sESWNCFP", {}),
    ("greater_honors_and_knitted_tiles", "concealed_hand"): ("147m25p36sESWNCFP", {}),
    ("greater_honors_and_knitted_tiles", "fully_concealed_hand"): (
        "3m9mS8p7sPWFC6mEN5p2p",
        {"self_drawn": True, "seat_wind": "W", "prevalent_wind": "S", "flowers": 8},
    ),
    ("half_flush", "one_voided_suit"): ("EEESSSWWWNNN1m1m", {}),
    ("last_tile_draw", "self_drawn"): ("123m456p789s234sEE", {"self_drawn": True, "last_of_wall": True}),
    ("lesser_honors_and_knitted_tiles", "all_types"): ("147m258p36sESWNCF", {}),
    ("lesser_honors_and_knitted_tiles", "concealed_hand"): ("147m258p36sESWNCF", {}),
    ("lesser_honors_and_knitted_tiles", "fully_concealed_hand"): (
        "N5p1mE8p4m6sPF2p3s7m9sS",
        {"self_drawn": True, "seat_wind": "E", "prevalent_wind": "S", "flowers": 8},
    ),
    ("little_four_winds", "big_three_winds"): ("EEESSSWWW123mNN", {}),
    ("little_four_winds", "pung_of_terminals_or_honors"): ("EEESSSWWW123mNN", {}),
    ("little_three_dragons", "dragon_pung"): ("CCCFFFPP123m555p", {}),
    ("little_three_dragons", "pung_of_terminals_or_honors"): ("CCCFFFPP123m555p", {}),
    ("little_three_dragons", "two_dragon_pungs"): ("CCCFFFPP123m555p", {}),
    ("lower_four", "no_honors"): ("123m123p123s444m33p", {}),
    ("lower_tiles", "lower_four"): ("123m123p123s222m33p", {}),
    ("lower_tiles", "no_honors"): ("123m123p123s222m33p", {}),
    ("melded_hand", "single_wait"): ("[123m][456p][789s][EEE]5p5p", {}),
    ("middle_tiles", "all_simples"): ("456m456p456s444m55p", {}),
    ("middle_tiles", "no_honors"): ("456m456p456s444m55p", {}),
    ("nine_gates", "concealed_hand"): ("1112345678999m5m", {}),
    ("nine_gates", "full_flush"): ("1112345678999m5m", {}),
    ("nine_gates", "fully_concealed_hand"): (
        "2p1p3p9p7p6p8p5p1p9p4p9p1p4p",
        {"self_drawn": True, "seat_wind": "E", "prevalent_wind": "S", "flowers": 1},
    ),
    ("nine_gates", "no_honors"): ("1112345678999m5m", {}),
    ("nine_gates", "one_voided_suit"): ("1112345678999m5m", {}),
    ("nine_gates", "pung_of_terminals_or_honors"): ("1112345678999m5m", {}),
    ("out_with_replacement_tile", "self_drawn"): ("[1111m]456p789s23s55s4s", {"self_drawn": True, "kong": True}),
    ("prevalent_wind", "pung_of_terminals_or_honors"): ("[1111m][2222p][3333s][EEEE]5p5p", {}),
    ("pure_straight", "short_straight"): ("123m456m789m123p55s", {}),
    ("pure_straight", "two_terminal_chows"): ("123m456m789m123p55s", {}),
    ("pure_terminal_chows", "all_chows"): ("112233m778899m55m", {}),
    ("pure_terminal_chows", "full_flush"): ("112233m778899m55m", {}),
    ("pure_terminal_chows", "no_honors"): ("112233m778899m55m", {}),
    ("pure_terminal_chows", "one_voided_suit"): ("112233m778899m55m", {}),
    ("pure_terminal_chows", "pure_double_chow"): ("112233m778899m55m", {}),
    ("pure_terminal_chows", "two_terminal_chows"): ("112233m778899m55m", {}),
    ("pure_triple_chow", "pure_double_chow"): ("[123m]123123m456p55s", {}),
    ("quadruple_chow", "pure_double_chow"): ("123123123123m55p", {}),
    ("quadruple_chow", "pure_triple_chow"): ("123123123123m55p", {}),
    ("quadruple_chow", "tile_hog"): ("123123123123m55p", {}),
    ("reversible_tiles", "one_voided_suit"): ("123p345p888p456s99s", {}),
    ("robbing_the_kong", "last_tile"): (
        "NP7p2sWF5s8s9m4pE1p3m6m",
        {"self_drawn": False, "seat_wind": "W", "prevalent_wind": "N", "flowers": 0, "kong": True, "last_copy": True},
    ),
    ("seat_wind", "pung_of_terminals_or_honors"): ("WWW123m456p789s55s", {"seat_wind": "W"}),
    ("seven_pairs", "concealed_hand"): ("11223344556688m", {}),
    ("seven_pairs", "fully_concealed_hand"): (
        "E9s1pS9s1s9sSE1p1p1p1s9s",
        {"self_drawn": True, "seat_wind": "W", "prevalent_wind": "E", "flowers": 0},
    ),
    ("seven_shifted_pairs", "concealed_hand"): ("11223344556677m", {}),
    ("seven_shifted_pairs", "full_flush"): ("11223344556677m", {}),
    ("seven_shifted_pairs", "fully_concealed_hand"): (
        "3m9m5m3m7m6m9m4m8m4m6m8m7m5m",
        {"self_drawn": True, "seat_wind": "S", "prevalent_wind": "E", "flowers": 3},
    ),
    ("seven_shifted_pairs", "no_honors"): ("11223344556677m", {}),
    ("seven_shifted_pairs", "one_voided_suit"): ("11223344556677m", {}),
    ("seven_shifted_pairs", "seven_pairs"): ("11223344556677m", {}),
    ("thirteen_orphans", "all_types"): ("19m19p19sESWNCFPP", {}),
    ("thirteen_orphans", "concealed_hand"): ("19m19p19sESWNCFPP", {}),
    ("thirteen_orphans", "fully_concealed_hand"): (
        "1m9s9mFW9mN1pPEC9p1sS",
        {"self_drawn": True, "seat_wind": "E", "prevalent_wind": "N", "flowers": 0, "last_of_wall": True},
    ),
    ("three_kongs", "concealed_kong"): ("[1111m][2222p][3333s][EEE]5p5p", {}),
    ("three_kongs", "melded_kong"): (
        "[FFFF1][SSSS][5m5m5m3][NNNN]CC",
        {"self_drawn": True, "seat_wind": "W", "prevalent_wind": "S", "flowers": 2},
    ),
    ("three_suited_terminal_chows", "all_chows"): ("123m789m123s789s55p", {}),
    ("three_suited_terminal_chows", "mixed_double_chow"): ("123m789m123s789s55p", {}),
    ("three_suited_terminal_chows", "no_honors"): ("123m789m123s789s55p", {}),
    ("three_suited_terminal_chows", "two_terminal_chows"): ("123m789m123s789s55p", {}),
    ("triple_pung", "double_pung"): ("222m222p222s456m77p", {}),
    ("two_concealed_kongs", "concealed_kong"): ("[1111m][2222p][333s]456s55p", {}),
    ("two_concealed_kongs", "two_concealed_pungs"): ("[1111m][2222p][333s]456s55p", {}),
    ("two_dragon_pungs", "dragon_pung"): ("CCCFFF123m456p55s", {}),
    ("two_dragon_pungs", "pung_of_terminals_or_honors"): ("CCCFFF123m456p55s", {}),
    ("two_melded_kongs", "melded_kong"): ("[1111m1][2222p1]345s678s55p", {}),
    ("upper_four", "no_honors"): ("789m789p789s666m99s", {}),
    ("upper_tiles", "no_honors"): ("789m789p789s888m99s", {}),
    ("upper_tiles", "upper_four"): ("789m789p789s888m99s", {}),
}

NEVER_TOGETHER = {
    ("all_honors", "all_terminals_and_honors"): "the tiles decide which one of 字一色 / 清幺九 / 混幺九 a hand is",
    ("all_terminals", "all_terminals_and_honors"): "the tiles decide which one of 字一色 / 清幺九 / 混幺九 a hand is",
    ("big_four_winds", "little_four_winds"): "four wind pungs leave no wind pair",
    ("big_three_dragons", "little_three_dragons"): "three dragon pungs leave no dragon pair",
    ("four_concealed_pungs", "three_concealed_pungs"): "only the highest count of concealed pungs is reported",
    ("four_concealed_pungs", "two_concealed_pungs"): "only the highest count of concealed pungs is reported",
    ("three_concealed_pungs", "two_concealed_pungs"): "only the highest count of concealed pungs is reported",
    ("four_kongs", "concealed_and_melded_kong"): "the two-kong fans are reported only with exactly two kongs",
    ("four_kongs", "two_concealed_kongs"): "the two-kong fans are reported only with exactly two kongs",
    ("four_kongs", "two_melded_kongs"): "the two-kong fans are reported only with exactly two kongs",
    ("three_kongs", "concealed_and_melded_kong"): "the two-kong fans are reported only with exactly two kongs",
    ("three_kongs", "two_concealed_kongs"): "the two-kong fans are reported only with exactly two kongs",
    ("three_kongs", "two_melded_kongs"): "the two-kong fans are reported only with exactly two kongs",
    ("four_kongs", "three_kongs"): "only the highest count of kongs is reported",
    ("four_pure_shifted_pungs", "pure_triple_chow"): "pungs and chows of the same tiles are different readings",
    ("pure_shifted_pungs", "pure_triple_chow"): "pungs and chows of the same tiles are different readings",
    ("pure_triple_chow", "pure_shifted_pungs"): "pungs and chows of the same tiles are different readings",
    ("quadruple_chow", "pure_shifted_pungs"): "pungs and chows of the same tiles are different readings",
    ("pure_terminal_chows", "seven_pairs"): "the seven-pairs reading of 11223355778899 is another reading",
    ("fully_concealed_hand", "concealed_hand"): "门前清 is a win on a discard, 不求人 a self-drawn one",
    ("greater_honors_and_knitted_tiles", "lesser_honors_and_knitted_tiles"): "七星不靠 is reported alone",
    ("pure_shifted_chows", "short_straight"): "chows one or two apart never hold two chows three apart",
    ("greater_honors_and_knitted_tiles", "single_wait"): "wait fans are read only in shapes with sets",
    ("lesser_honors_and_knitted_tiles", "single_wait"): "wait fans are read only in shapes with sets",
    ("seven_pairs", "single_wait"): "wait fans are read only in shapes with sets",
    ("seven_shifted_pairs", "single_wait"): "wait fans are read only in shapes with sets",
    ("thirteen_orphans", "single_wait"): "wait fans are read only in shapes with sets",
}

RULES = [(f.key, b) for f in FANS for b in f.excludes]


def test_every_rule_is_covered():
    missing = [r for r in RULES if r not in APPLIED and r not in NEVER_TOGETHER]
    assert not missing
    assert not set(APPLIED) & set(NEVER_TOGETHER)
    assert set(APPLIED) | set(NEVER_TOGETHER) == set(RULES)


@pytest.mark.parametrize("rule", list(APPLIED), ids=[f"{a}-{b}" for a, b in APPLIED])
def test_rule_applied(rule):
    by, key = rule
    hand, situation = APPLIED[rule]
    result = score(hand, **situation)
    assert by in counted(result)
    if FAN_BY_KEY[by].scope == "hand" and by != "nine_gates":
        assert key not in counted(result)  # a hand fan's 不计 removes every instance
    assert (by, "no_repeat") in excluded_by(result)[key]
    entry = next(e for e in result["excluded"] if e["key"] == key and e["by"] == by)
    assert entry["principle_zh"] == "不重复" and entry["reason"]["zh"] and entry["reason"]["en"]
