"""Template hands for Guobiao questions: known constructions of every fan, to be varied from the seed.

Taken from the project's own verified hands: the fan cards (lessons/guobiao/fans/*.toml, each card's examples
and its near miss) and the hands of tests/engine/gb/test_each_fan.py, plus the principle pages' worked hands
(lessons/guobiao/principles.toml, 03-principles.md). A question never hopes a random hand has a fan: it starts
from one of these and varies it, checking with the engine after every change
(tests/engine/test_practice_templates.py holds this file to the cards and to the engine).

Each entry is (notation, situation keys that differ from the defaults).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...practice.supply import Template

# fan key -> hands that count it
POSITIVE: dict[str, tuple[Template, ...]] = {
    "big_four_winds": (
        ("[EEE1]SSSWWW55mNNN", {}),
        ("EEESSSWWWNNN1m1m", {}),
    ),
    "big_three_dragons": (
        ("[CCC1]FFFPPP234m55s", {}),
        ("CCCFFFPPP123m55p", {}),
    ),
    "all_green": (
        ("[234s1]234s666s88sFFF", {}),
        ("234s666s888sFFF22s", {}),
    ),
    "nine_gates": (("1112345678999m5m", {}),),
    "four_kongs": (
        ("[1111m1][2222p2][EEEE3][9999s1]55s", {}),
        ("[1111m][2222p][3333s][EEEE]5p5p", {}),
    ),
    "seven_shifted_pairs": (
        ("2233445566778m8m", {}),
        ("11223344556677m", {}),
    ),
    "thirteen_orphans": (
        ("119m19p19sESWNCFP", {}),
        ("19m19p19sESWNCFPP", {}),
    ),
    "all_terminals": (
        ("[111m1]999m111p999p11s", {}),
        ("111m999m111p999p1s1s", {}),
    ),
    "little_four_winds": (
        ("[EEE1]SSSWWWNN567m", {}),
        ("EEESSSWWW123mNN", {}),
    ),
    "little_three_dragons": (
        ("[CCC1]FFFPP234m567s", {}),
        ("CCCFFF123m456pPP", {}),
    ),
    "all_honors": (
        ("[EEE1]SSSNNNCCCFF", {}),
        ("EEESSSCCCFFFPP", {}),
    ),
    "four_concealed_pungs": (
        ("222m555p777s999sEE", {}),
        ("111m222p333sEEE5p5p", {}),
    ),
    "pure_terminal_chows": (
        ("1122337788995m5m", {}),
        ("112233m778899m55m", {}),
    ),
    "quadruple_chow": (
        ("[234p1]234p234p234p55s", {}),
        ("123123123123m55p", {}),
    ),
    "four_pure_shifted_pungs": (
        ("[222p1]333p444p555p99s", {}),
        ("111222333444m55p", {}),
    ),
    "four_pure_shifted_chows": (
        ("[123s1]234s345s456sEE", {}),
        ("[123s1]345s567s789sEE", {}),
        ("123234345456m55p", {}),
    ),
    "three_kongs": (
        ("[1111m1][2222p2][EEEE3]55s567s", {}),
        ("[1111m][2222p][3333s]456s55p", {}),
    ),
    "all_terminals_and_honors": (
        ("[111m1]999pEEE999sCC", {}),
        ("111m999pEEECCC9s9s", {}),
    ),
    "seven_pairs": (
        ("1133m5577p2266sFF", {}),
        ("1133m5577p99sEECC", {}),
    ),
    "greater_honors_and_knitted_tiles": (
        ("14m258p36sESWNCFP", {}),
        ("147m25p36sESWNCFP", {}),
    ),
    "all_even_pungs": (
        ("[222m1]444p666s888s66p", {}),
        ("222m444p666s888m22s", {}),
    ),
    "full_flush": (
        ("[123m1]345m789m999m55m", {}),
        ("123m345m567m789m99m", {}),
    ),
    "pure_triple_chow": (
        ("[345p1]345p345p567s99m", {}),
        ("[123m]123123m456p55s", {}),
    ),
    "pure_shifted_pungs": (
        ("[111s1]222s333s567m99p", {}),
        ("[111m][222m][333m]456p55s", {}),
    ),
    "upper_tiles": (
        ("[789m1]789p888s999s77p", {}),
        ("789m789p789s888m99s", {}),
    ),
    "middle_tiles": (
        ("[456m1]456p444s555s66m", {}),
        ("456m456p456s444m55p", {}),
    ),
    "lower_tiles": (
        ("[123m1]123p111s222s33m", {}),
        ("123m123p123s222m33p", {}),
    ),
    "pure_straight": (
        ("[123p1]456p789pEEE22m", {}),
        ("123m456m789m123p55s", {}),
    ),
    "three_suited_terminal_chows": (
        ("123789m123789p5s5s", {}),
        ("123m789m123s789s55p", {}),
    ),
    "pure_shifted_chows": (
        ("[123m1]234m345m789pEE", {}),
        ("123m234m345m678p55s", {}),
    ),
    "all_fives": (
        ("[345m1]456p555s567s55p", {}),
        ("345m456p567s555m55p", {}),
    ),
    "triple_pung": (
        ("[222m1]222p222s567m99s", {}),
        ("222m222p222s456m77p", {}),
    ),
    "three_concealed_pungs": (
        ("[123m1]444p666s888s99m", {}),
        ("111m222p333s456m7p7p", {}),
    ),
    "lesser_honors_and_knitted_tiles": (("147m258p36sESWNCF", {}),),
    "knitted_straight": (
        ("147m258p369s567mEE", {}),
        ("147m258p369s123m55p", {}),
        ("147m258p369sESWNC", {}),
    ),
    "upper_four": (
        ("[678m1]789p666s999s77p", {}),
        ("678m789p666s789s99m", {}),
    ),
    "lower_four": (
        ("[234m1]123p111s444s33m", {}),
        ("123m234p444s123s11m", {}),
    ),
    "big_three_winds": (
        ("[EEE1]SSSWWW567m55p", {}),
        ("EEESSSWWW123m55p", {}),
    ),
    "mixed_straight": (
        ("[123m1]456p789sEEE22s", {}),
        ("123m456p789s123m55s", {}),
    ),
    "reversible_tiles": (
        ("[123p1]345p888sPPP55p", {}),
        ("123p345p888p456s99s", {}),
    ),
    "mixed_triple_chow": (
        ("[234m1]234p234s567m99p", {}),
        ("123m123p123s456m77p", {}),
    ),
    "mixed_shifted_pungs": (
        ("[222m1]333p444s567m99p", {}),
        ("222m333p444s567m88p", {}),
    ),
    "chicken_hand": (
        ("[234m1][678p1]EE345s567s", {}),
        ("[123m][567p]78s555sEE9s", {}),
    ),
    "last_tile_draw": (
        ("[123m1]456p789sEEE22s", {"self_drawn": True, "last_of_wall": True}),
        ("123m456p789s234sEE", {"self_drawn": True, "last_of_wall": True}),
    ),
    "last_tile_claim": (
        ("[123m1]456p789sEEE22s", {"last_of_wall": True}),
        ("123m456p789s234sEE", {"last_of_wall": True}),
    ),
    "out_with_replacement_tile": (
        ("[EEEE1]123m456p789s22s", {"self_drawn": True, "kong": True}),
        ("[1111m]456p789s23s55s4s", {"self_drawn": True, "kong": True}),
    ),
    "robbing_the_kong": (
        ("[123m1]456p789sEE45s6s", {"kong": True}),
        ("[1111m]456p789s23s55s4s", {"kong": True}),
    ),
    "two_concealed_kongs": (
        ("[1111m][2222p]345s678sEE", {}),
        ("[1111m][2222p]345s678s55p", {}),
    ),
    "all_pungs": (
        ("[222m1]555p777s999sEE", {}),
        ("[111m]222p333s444m55p", {}),
    ),
    "half_flush": (
        ("[123m1]345m678mEEE99m", {}),
        ("123m456m789mEEE55m", {}),
    ),
    "mixed_shifted_chows": (
        ("[123m1]234p345s567m99p", {}),
        ("123m234p345s678m99p", {}),
    ),
    "all_types": (
        ("[123m1]456p789sEEECC", {}),
        ("123m456p789sEEECC", {}),
    ),
    "melded_hand": (
        ("[123m1][456p1][789s1][EEE1]CC", {}),
        ("[123m][456p][789s][EEE]5p5p", {}),
    ),
    "two_dragon_pungs": (
        ("[CCC1]FFF123m456m99m", {}),
        ("CCCFFF123m456p99s", {}),
    ),
    "concealed_and_melded_kong": (
        ("[1111m1][2222p]345s678sEE", {}),
        ("[1111m][2222p1]345s678s55p", {}),
    ),
    "outside_hand": (
        ("[123m1]789p123sEEECC", {}),
        ("123m789m123p999sEE", {}),
    ),
    "fully_concealed_hand": (("123m456p789s234sEE", {"self_drawn": True}),),
    "two_melded_kongs": (
        ("[1111m1][9999m2]345m678mEE", {}),
        ("[1111m1][2222p1]345s678s55p", {}),
    ),
    "last_tile": (
        ("[123m1]456p789sEE45s6s", {"last_copy": True}),
        ("123m456p789s23s55s4s", {"last_copy": True}),
    ),
    "dragon_pung": (
        ("[CCC1]123m456p789s22s", {}),
        ("CCC123m456p789s55s", {}),
    ),
    "prevalent_wind": (
        ("[SSS1]123m456p789s22s", {"prevalent_wind": "S", "seat_wind": "E"}),
        ("SSS123m456p789s55s", {"prevalent_wind": "S"}),
    ),
    "seat_wind": (
        ("[WWW1]123m456p789s22s", {"prevalent_wind": "E", "seat_wind": "W"}),
        ("WWW123m456p789s55s", {"seat_wind": "W"}),
    ),
    "concealed_hand": (("123m456p789s234sEE", {}),),
    "all_chows": (
        ("[123m1]456p789s234s55m", {}),
        ("123m456p789s234s55m", {}),
    ),
    "tile_hog": (
        ("[234m1]444m567m789mEE", {}),
        ("123m345m678p789s33m", {}),
    ),
    "double_pung": (
        ("[222m1]222p555s777sEE", {}),
        ("222m222p456s789m55s", {}),
    ),
    "two_concealed_pungs": (
        ("[123m1]444m666m789mEE", {}),
        ("222m444p456s789m5s5s", {}),
    ),
    "concealed_kong": (
        ("[2222p]123m456m789m55s", {}),
        ("[1111m]345s678s222p55p", {}),
    ),
    "all_simples": (
        ("[234m1]456p678s345s55p", {}),
        ("234m456p678s345m55p", {}),
    ),
    "pure_double_chow": (
        ("[123m1]123m456p789s55s", {}),
        ("123m123m456p789s55s", {}),
    ),
    "mixed_double_chow": (
        ("[123m1]123p456p789s55s", {}),
        ("123m123p456s789s55m", {}),
    ),
    "short_straight": (
        ("[345m1]678m123mEEE99m", {}),
        ("123m456m789p555s11s", {}),
    ),
    "two_terminal_chows": (
        ("[123m1]789m345mEEE99m", {}),
        ("123m789m456p555s11s", {}),
    ),
    "pung_of_terminals_or_honors": (
        ("[999m1]123m456p789s22s", {}),
        ("111m234p567s678m55s", {}),
    ),
    "melded_kong": (
        ("[9999p1]123m456p789s22s", {}),
        ("[2222m1]345p678s789m55s", {}),
    ),
    "one_voided_suit": (
        ("[123m1]456m789mEEE22s", {}),
        ("123m456m789p123p55m", {}),
    ),
    "no_honors": (
        ("[999m1]123m456p789s22s", {}),
        ("123m456m789p111s55m", {}),
    ),
    "edge_wait": (
        ("[123m1]456p789s55s12s3s", {}),
        ("12m456p789s234s55s3m", {}),
    ),
    "closed_wait": (
        ("[123m1]456p789s55s13s2s", {}),
        ("13m456p789s234s55s2m", {}),
    ),
    "single_wait": (
        ("[123m1]456p789s234sEE", {}),
        ("123m456p789s234sEE", {}),
    ),
    "self_drawn": (
        ("[123m1]456p789s234s55m", {"self_drawn": True}),
        ("[123m]456p789s234sEE", {"self_drawn": True}),
    ),
    "flower_tiles": (("[123m1]456p789sEEE22s", {"flowers": 3}),),
}

# fan key -> the fan card's near miss: a winning hand without the fan, used when the seeded search from a
# varied hand finds none
NEAR_MISSES: dict[str, tuple[Template, ...]] = {
    "big_four_winds": (("[EEE1]SSSWWWNN567m", {}),),
    "big_three_dragons": (("[CCC1]FFFPP234m567s", {}),),
    "all_green": (("[234s1]234s666s88sCCC", {}),),
    "nine_gates": (("1112345678899m9m", {}),),
    "four_kongs": (("[1111m1][2222p2][EEE3][9999s1]55s", {}),),
    "seven_shifted_pairs": (("2233445566779m9m", {}),),
    "thirteen_orphans": (("1199m1199p99sEECC", {}),),
    "all_terminals": (("[111m1]999m111p999pEE", {}),),
    "little_four_winds": (("[EEE1]SSSWWW567m55p", {}),),
    "little_three_dragons": (("[CCC1]FFF234m567s55p", {}),),
    "all_honors": (("[EEE1]SSSNNNCCC11m", {}),),
    "four_concealed_pungs": (("222m555p777sEE999s", {}),),
    "pure_terminal_chows": (("112233778899m55p", {}),),
    "quadruple_chow": (("[234p1]234p234p345p55s", {}),),
    "four_pure_shifted_pungs": (("[222p1]333p444p666p99s", {}),),
    "four_pure_shifted_chows": (("[123s1]234s345s567sEE", {}),),
    "three_kongs": (("[1111m1][2222p2][EEE3]55s567s", {}),),
    "all_terminals_and_honors": (("[111m1]999pEEE789sCC", {}),),
    "seven_pairs": (("222m33m556677p888s", {}),),
    "greater_honors_and_knitted_tiles": (("147m258p36sESWNCF", {}),),
    "all_even_pungs": (("[222m1]444p666s888s55p", {}),),
    "full_flush": (("[123m1]345m789m999mEE", {}),),
    "pure_triple_chow": (("[345p1]345p456p567s99m", {}),),
    "pure_shifted_pungs": (("[111s1]222s444s567m99p", {}),),
    "upper_tiles": (("[789m1]789p888s999s66p", {}),),
    "middle_tiles": (("[456m1]456p444s555s77m", {}),),
    "lower_tiles": (("[123m1]123p111s222s44m", {}),),
    "pure_straight": (("[123p1]456p678pEEE22m", {}),),
    "three_suited_terminal_chows": (("123789m123789p5m5m", {}),),
    "pure_shifted_chows": (("[123m1]234m456m789pEE", {}),),
    "all_fives": (("[345m1]456p555s678s55p", {}),),
    "triple_pung": (("[222m1]222p333s567m99s", {}),),
    "three_concealed_pungs": (("[123m1]444p666s99m888s", {}),),
    "lesser_honors_and_knitted_tiles": (("14m258p36sESWNCFP", {}),),
    "knitted_straight": (("123m456p789s567mEE", {}),),
    "upper_four": (("[567m1]789p666s999s77p", {}),),
    "lower_four": (("[345m1]123p111s444s33m", {}),),
    "big_three_winds": (("[EEE1]SSSCCC567m55p", {}),),
    "mixed_straight": (("[123m1]456p789pEEE22s", {}),),
    "reversible_tiles": (("[123p1]345p777sPPP55p", {}),),
    "mixed_triple_chow": (("[234m1]234p345s567m99p", {}),),
    "mixed_shifted_pungs": (("[222m1]333p555s567m99p", {}),),
    "chicken_hand": (("[234m1][678p1]EE345s567s", {"self_drawn": True}),),
    "last_tile_draw": (("[123m1]456p789sEEE22s", {"last_of_wall": True}),),
    "last_tile_claim": (("[123m1]456p789sEEE22s", {"self_drawn": True, "last_of_wall": True}),),
    "out_with_replacement_tile": (("[EEEE1]123m456p789s22s", {"self_drawn": True}),),
    "robbing_the_kong": (("[123m1]456p789sEE45s6s", {}),),
    "two_concealed_kongs": (("[1111m1][2222p]345s678sEE", {}),),
    "all_pungs": (("[222m1]555p789s999sEE", {}),),
    "half_flush": (("[123m1]345m678mEEE99p", {}),),
    "mixed_shifted_chows": (("[123m1]234p456s567m99p", {}),),
    "all_types": (("[123m1]456p789sEEE22s", {}),),
    "melded_hand": (("[123m1][456p1][789s1][EEE1]CC", {"self_drawn": True}),),
    "two_dragon_pungs": (("[CCC1]EEE123m456p99s", {}),),
    "concealed_and_melded_kong": (("[1111m1][2222p1]345s678sEE", {}),),
    "outside_hand": (("[123m1]789p234s999sEE", {}),),
    "fully_concealed_hand": (("123m456p789s234sEE", {}),),
    "two_melded_kongs": (("[1111m1][2222p]345s678sEE", {}),),
    "last_tile": (("[123m1]456p789sEE45s6s", {}),),
    "dragon_pung": (("[999m1]123m456p789s22s", {}),),
    "prevalent_wind": (("[SSS1]123m456p789s22s", {"prevalent_wind": "E", "seat_wind": "W"}),),
    "seat_wind": (("[WWW1]123m456p789s22s", {"prevalent_wind": "E", "seat_wind": "N"}),),
    "concealed_hand": (("123m456p789s234sEE", {"self_drawn": True}),),
    "all_chows": (("[123m1]456p789s234sEE", {}),),
    "tile_hog": (("[234m1]555m567p789s22s", {}),),
    "double_pung": (("[222m1]333p567s789s99m", {}),),
    "two_concealed_pungs": (("[123m1][444p1]666s789s99m", {}),),
    "concealed_kong": (("[2222p1]123m456s789s55s", {}),),
    "all_simples": (("[234m1]456p789s345s55p", {}),),
    "pure_double_chow": (("[123m1]234m456p789s55s", {}),),
    "mixed_double_chow": (("[123m1]234p456p789s55s", {}),),
    "short_straight": (("[345m1]789m234p567sEE", {}),),
    "two_terminal_chows": (("[123m1]678m345p567sEE", {}),),
    "pung_of_terminals_or_honors": (("[888m1]123m456p789s22s", {}),),
    "melded_kong": (("[999p1]123m456p789s22s", {}),),
    "one_voided_suit": (("[123m1]456p789sEEE22s", {}),),
    "no_honors": (("[EEE1]123m456p789s22s", {}),),
    "edge_wait": (("[123m1][456p1]55s12345s3s", {}),),
    "closed_wait": (("[123m1][456p1]11s45567s6s", {}),),
    "single_wait": (("[123m1]456p789sEE23s4s", {}),),
    "self_drawn": (("[123m1]456p789s234s55m", {}),),
    "flower_tiles": (("[123m1]456p789sEEE22s", {}),),
}

# principle key -> hands on which the engine sets a fan aside by that principle: the principle pages' hands first,
# then constructions of our own checked the same way. (就高不就低 between whole readings leaves nothing set aside
# in the result, so its hands here are the competing waits.)
PRINCIPLES: dict[str, tuple[Template, ...]] = {
    "no_repeat": (
        ("[CCC1]FFFPPP999m55s", {}),
        ("123m456p789s234sEE", {"self_drawn": True}),
        ("[123m1]345m789m999m55m", {}),
        ("[EEE1]SSSWWW55mNNN", {}),
    ),
    "no_split": (("[123m1]123p123s789s55m", {}), ("[234m1]234p234s567m99p", {})),
    "no_identical": (("[123m1]123m123pEEE99m", {}), ("[456p1]456p456sEEE99m", {}), ("[123m1]123m234p345sEE", {})),
    "higher_over_lower": (("[123m1]456p789s46s55s5s", {}), ("[789p1]456s678s1233m3m", {})),
    "account_once": (
        ("[123m1][789m1]123s789sEE", {}),
        ("[123m1]123p456p789s55s", {}),
        ("[123m1]456p789sEE45s6s", {"kong": True, "last_copy": True}),
    ),
}

# fan key -> more hands on which the fan is set aside, or sets another aside, where neither its own hands, those
# of the fans that exclude it nor the principles' hands show it
SET_ASIDE: dict[str, tuple[Template, ...]] = {
    "robbing_the_kong": (("[123m1]456p789sEE45s6s", {"kong": True, "last_copy": True}),),
    "last_tile": (("[123m1]456p789sEE45s6s", {"kong": True, "last_copy": True}),),
    "mixed_shifted_chows": (("[123m1]123m234p345sEE", {}),),
    "mixed_shifted_pungs": (("[222m1]333p444s555mEE", {}),),
}
