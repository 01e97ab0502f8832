"""One test per fan: a hand that has it (counted) and a hand that nearly has it (not counted).

Hands are in the notation (notation.py): the last standing tile is the winning tile.
"""

import pytest
from gb_helpers import counted, score

from suanfan.gb.fans import FANS

KONG_SELF = {"self_drawn": True, "kong": True}
KONG_ROB = {"kong": True}

# key: ((hand, situation) that has it, (hand, situation) that nearly has it)
CASES = {
    "big_four_winds": (("EEESSSWWWNNN1m1m", {}), ("EEESSSWWW123mNN", {})),
    "big_three_dragons": (("CCCFFFPPP123m55p", {}), ("CCCFFFPP123m555p", {})),
    "all_green": (("234s666s888sFFF22s", {}), ("234s666s888sFFF55s", {})),
    "nine_gates": (("1112345678999m5m", {}), ("[111m]2345678999m5m", {})),
    "four_kongs": (("[1111m][2222p][3333s][EEEE]5p5p", {}), ("[1111m][2222p][3333s][EEE]5p5p", {})),
    "seven_shifted_pairs": (("11223344556677m", {}), ("11223344556688m", {})),
    "thirteen_orphans": (("19m19p19sESWNCFPP", {}), ("1199m1199p1199sEE", {})),
    "all_terminals": (("111m999m111p999p1s1s", {}), ("111m999m111pEEE1s1s", {})),
    "little_four_winds": (("EEESSSWWW123mNN", {}), ("EEESSS123m555pWW", {})),
    "little_three_dragons": (("CCCFFF123m456pPP", {}), ("CCCFFF123m456p55s", {})),
    "all_honors": (("EEESSSCCCFFFPP", {}), ("EEESSSCCCFFF1m1m", {})),
    "four_concealed_pungs": (("111m222p333sEEE5p5p", {}), ("111m222p333s55pEEE", {})),
    "pure_terminal_chows": (("112233m778899m55m", {}), ("112233m778899m55p", {})),
    "quadruple_chow": (("123123123123m55p", {}), ("123123123m234m55p", {})),
    "four_pure_shifted_pungs": (("111222333444m55p", {}), ("111222333555m77p", {})),
    "four_pure_shifted_chows": (("123234345456m55p", {}), ("123234345567m55p", {})),
    "three_kongs": (("[1111m][2222p][3333s]456s55p", {}), ("[1111m][2222p][333s]456s55p", {})),
    "all_terminals_and_honors": (("111m999pEEECCC9s9s", {}), ("111m999pEEE789s9s9s", {})),
    "seven_pairs": (("1133m5577p99sEECC", {}), ("112233m456p789s55s", {})),
    "greater_honors_and_knitted_tiles": (("147m25p36sESWNCFP", {}), ("147m258p36sESWNCF", {})),
    "all_even_pungs": (("222m444p666s888m22s", {}), ("222m444p666s888m55s", {})),
    "full_flush": (("123m345m567m789m99m", {}), ("123m345m567m789m99p", {})),
    "pure_triple_chow": (("[123m]123123m456p55s", {}), ("123123m234m456p55s", {})),
    "pure_shifted_pungs": (("[111m][222m][333m]456p55s", {}), ("[111m][222m][444m]456p55s", {})),
    "upper_tiles": (("789m789p789s888m99s", {}), ("789m789p789s666m99s", {})),
    "middle_tiles": (("456m456p456s444m55p", {}), ("456m456p456s333m55p", {})),
    "lower_tiles": (("123m123p123s222m33p", {}), ("123m123p123s444m33p", {})),
    "pure_straight": (("123m456m789m123p55s", {}), ("123m456m789p123p55s", {})),
    "three_suited_terminal_chows": (("123m789m123s789s55p", {}), ("123m789m123s789s55s", {})),
    "pure_shifted_chows": (("123m234m345m678p55s", {}), ("123m234m456m678p55s", {})),
    "all_fives": (("345m456p567s555m55p", {}), ("345m456p567s555m66p", {})),
    "triple_pung": (("222m222p222s456m77p", {}), ("222m222p333s456m77p", {})),
    "three_concealed_pungs": (("111m222p333s456m7p7p", {}), ("111m222p33s456m7p7p3s", {})),
    "lesser_honors_and_knitted_tiles": (("147m258p36sESWNCF", {}), ("147m25p36sESWNCFP", {})),
    "knitted_straight": (("147m258p369s123m55p", {}), ("147m258p36sESWNCF", {})),
    "upper_four": (("678m789p666s789s99m", {}), ("678m789p666s789s55m", {})),
    "lower_four": (("123m234p444s123s11m", {}), ("123m234p444s123s55m", {})),
    "big_three_winds": (("EEESSSWWW123m55p", {}), ("EEESSS123m456m55p", {})),
    "mixed_straight": (("123m456p789s123m55s", {}), ("123m456p789p123m55s", {})),
    "reversible_tiles": (("123p345p888p456s99s", {}), ("123p345p888p345s99s", {})),
    "mixed_triple_chow": (("123m123p123s456m77p", {}), ("123m123p234s456m77p", {})),
    "mixed_shifted_pungs": (("222m333p444s567m88p", {}), ("222m333p555s567m88p", {})),
    "chicken_hand": (("[123m][567p]78s555sEE9s", {}), ("[123m][567p]78s555sEE9s", {"self_drawn": True})),
    "last_tile_draw": (
        ("123m456p789s234sEE", {"self_drawn": True, "last_of_wall": True}),
        ("123m456p789s234sEE", {"last_of_wall": True}),
    ),
    "last_tile_claim": (
        ("123m456p789s234sEE", {"last_of_wall": True}),
        ("123m456p789s234sEE", {"self_drawn": True, "last_of_wall": True}),
    ),
    "out_with_replacement_tile": (("[1111m]456p789s23s55s4s", KONG_SELF), ("[1111m]456p789s23s55s4s", KONG_ROB)),
    "robbing_the_kong": (("[1111m]456p789s23s55s4s", KONG_ROB), ("[1111m]456p789s23s55s4s", KONG_SELF)),
    "two_concealed_kongs": (("[1111m][2222p]345s678s55p", {}), ("[1111m][2222p1]345s678s55p", {})),
    "all_pungs": (("[111m]222p333s444m55p", {}), ("[111m]222p333s456m55p", {})),
    "half_flush": (("123m456m789mEEE55m", {}), ("123m456m789mEEE55p", {})),
    "mixed_shifted_chows": (("123m234p345s678m99p", {}), ("123m234p456s678m99p", {})),
    "all_types": (("123m456p789sEEECC", {}), ("123m456p789sEEE11m", {})),
    "melded_hand": (("[123m][456p][789s][EEE]5p5p", {}), ("[123m][456p][789s][EEE]5p5p", {"self_drawn": True})),
    "two_dragon_pungs": (("CCCFFF123m456p99s", {}), ("CCC123m456p789s99s", {})),
    "concealed_and_melded_kong": (("[1111m][2222p1]345s678s55p", {}), ("[1111m1][2222p1]345s678s55p", {})),
    "outside_hand": (("123m789m123p999sEE", {}), ("123m789m234p999sEE", {})),
    "fully_concealed_hand": (("123m456p789s234sEE", {"self_drawn": True}), ("123m456p789s234sEE", {})),
    "two_melded_kongs": (("[1111m1][2222p1]345s678s55p", {}), ("[1111m1][222p1]345s678s55p", {})),
    "last_tile": (("123m456p789s23s55s4s", {"last_copy": True}), ("123m456p789s23s55s4s", {})),
    "dragon_pung": (("CCC123m456p789s55s", {}), ("555s123m456p789sCC", {})),
    "prevalent_wind": (("SSS123m456p789s55s", {"prevalent_wind": "S"}), ("SSS123m456p789s55s", {})),
    "seat_wind": (("WWW123m456p789s55s", {"seat_wind": "W"}), ("WWW123m456p789s55s", {"seat_wind": "N"})),
    "concealed_hand": (("123m456p789s234sEE", {}), ("[123m]456p789s234sEE", {})),
    "all_chows": (("123m456p789s234s55m", {}), ("123m456p789s234sEE", {})),
    "tile_hog": (("123m345m678p789s33m", {}), ("123m345m678p789s44m", {})),
    "double_pung": (("222m222p456s789m55s", {}), ("222m333p456s789m55s", {})),
    "two_concealed_pungs": (("222m444p456s789m5s5s", {}), ("222m44p456s789m55s4p", {})),
    "concealed_kong": (("[1111m]345s678s222p55p", {}), ("[1111m1]345s678s222p55p", {})),
    "all_simples": (("234m456p678s345m55p", {}), ("234m456p678s345m99p", {})),
    "pure_double_chow": (("123m123m456p789s55s", {}), ("123m234m456p789s55s", {})),
    "mixed_double_chow": (("123m123p456s789s55m", {}), ("123m234p456s789s55m", {})),
    "short_straight": (("123m456m789p555s11s", {}), ("123m567m789p555s11s", {})),
    "two_terminal_chows": (("123m789m456p555s11s", {}), ("123m678m456p555s11s", {})),
    "pung_of_terminals_or_honors": (("111m234p567s678m55s", {}), ("222m234p567s678m55s", {})),
    "melded_kong": (("[2222m1]345p678s789m55s", {}), ("[222m1]345p678s789m55s", {})),
    "one_voided_suit": (("123m456m789p123p55m", {}), ("123m456m789p123s55m", {})),
    "no_honors": (("123m456m789p111s55m", {}), ("123m456m789p111sEE", {})),
    "edge_wait": (("12m456p789s234s55s3m", {}), ("23m456p789s234s55s1m", {})),
    "closed_wait": (("13m456p789s234s55s2m", {}), ("34m456p789s234s55s2m", {})),
    "single_wait": (("123m456p789s234sEE", {}), ("123m456p789s22sEEE", {})),
    "self_drawn": (("[123m]456p789s234sEE", {"self_drawn": True}), ("[123m]456p789s234sEE", {})),
}


def test_every_fan_has_cases():
    assert set(CASES) == {f.key for f in FANS}


@pytest.mark.parametrize("key", list(CASES), ids=list(CASES))
def test_hand_that_has_it(key):
    hand, situation = CASES[key][0]
    result = score(hand, **situation)
    assert key in counted(result), (hand, counted(result))


@pytest.mark.parametrize("key", list(CASES), ids=list(CASES))
def test_hand_that_nearly_has_it(key):
    hand, situation = CASES[key][1]
    result = score(hand, **situation)
    assert key not in counted(result), (hand, counted(result))


def test_flowers_count_one_each():
    result = score("123m456p789s234sEE", flowers=3)
    assert counted(result)["flower_tiles"] == 3
    assert result["total"] == result["points_without_flowers"] + 3


def test_tile_property_tables():
    """The property bits of a hand's tiles, looked up per suit, are those of its tiles one by one (the tables
    are built as unions), and the trait fans read from them are those the tiles make."""
    import random

    from suanfan.gb import detect as D

    assert all(D._SUIT_PROPS[s][m] == D._suit_props(s, m) for s in range(3) for m in range(512))
    assert all(D._HONOR_PROPS[h] == D._honor_props(h) for h in range(128))
    rng = random.Random(3)
    for _ in range(2000):
        tiles = rng.sample(range(34), rng.randint(1, 9))
        traits = {FANS[f].key for f in D.traits_of(D.tile_props(sum(1 << t for t in tiles)))}
        suits = {t // 9 for t in tiles if t < 27}
        honors = [t for t in tiles if t >= 27]
        assert ("no_honors" in traits) == (not honors)
        assert ("full_flush" in traits) == (len(suits) == 1 and not honors)
        assert ("all_simples" in traits) == all(t < 27 and t % 9 not in (0, 8) for t in tiles)
        assert ("all_types" in traits) == (
            len(suits) == 3 and any(t <= 30 for t in honors) and any(t >= 31 for t in honors)
        )
        assert ("lower_tiles" in traits) == (not honors and all(t % 9 <= 2 for t in tiles))
        assert ("upper_four" in traits) == (not honors and all(t % 9 >= 5 for t in tiles))
